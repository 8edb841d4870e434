//! Unreal 2: requests as gamedig sends them, and four real Killing Floor and UT2004 replies
//! (tests/fixtures/unreal2.json, from GameQ's tests) — every datagram decodes (UTF-16 names,
//! Killing Floor's wrong name length) and the well-formed ones write back byte for byte;
//! fed to our exchange, they make the server GameQ read; our client against our responder;
//! hostile replies end in a typed error naming the field.
#![cfg(feature = "gamespy")]

use gamequery_core::error::ErrorCode;
use gamequery_core::exchange::{Deadline, Exchange};
use gamequery_core::limit::RateLimit;
use gamequery_core::unreal2::exchange::{Unreal2Exchange, Unreal2Outcome, COUNTED_QUIET_MIN_MS, COUNTED_QUIET_MS};
use gamequery_core::unreal2::packets::Datagram;
use gamequery_core::unreal2::responder::Responder;
use gamequery_core::unreal2::unified::status;
use gamequery_core::unreal2::{Unreal2Request, Unreal2Response, Unreal2State};
use gamequery_core::wire::{from_hex, to_hex};
use serde_json::Value;

fn vectors() -> Vec<Value> {
    let path = &format!(
        "{}/../tests/fixtures/unreal2.json",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    );
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    doc["vectors"].as_array().unwrap().clone()
}

fn datagrams(v: &Value) -> Vec<Vec<u8>> {
    v["datagrams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| from_hex(h.as_str().unwrap(), "hex").unwrap())
        .collect()
}

/// Our exchange answered by `reply` (each request → its datagrams), run to its end.
fn run(mut reply: impl FnMut(&[u8]) -> Vec<Vec<u8>>) -> Unreal2Outcome {
    let mut ex = Unreal2Exchange::new(Deadline::for_call(2000.0, 1), 0.0);
    let mut now = 0.0;
    for _ in 0..20 {
        while let Some(request) = ex.poll_transmit() {
            for d in reply(&request) {
                ex.handle_input(now + 5.0, &d);
            }
        }
        if let Some(r) = ex.poll_result() {
            return r.unwrap();
        }
        now = ex.poll_timeout().expect("a timer while not done");
        ex.handle_timeout(now);
        if let Some(r) = ex.poll_result() {
            return r.unwrap();
        }
    }
    panic!("no end")
}

#[test]
fn peers_requests_decode_and_ours_encode_alike() {
    for v in vectors().iter().filter(|v| v["direction"] == "request") {
        let hex = v["hex"].as_str().unwrap();
        let r = Unreal2Request::decode(&from_hex(hex, "hex").unwrap()).unwrap();
        assert_eq!(r.command, v["expect"]["command"]);
        assert_eq!(to_hex(&r.encode().unwrap()), hex);
    }
}

#[test]
fn real_replies_decode_and_make_the_server_gameq_read() {
    let mut seen = 0;
    for v in vectors().iter().filter(|v| v["direction"] == "response") {
        let (name, want) = (v["name"].as_str().unwrap(), &v["expect"]);
        let parts = datagrams(v);
        for d in &parts {
            let r = Unreal2Response::decode(d).unwrap();
            let again = r.encode().unwrap();
            // Killing Floor's long names carry a wrong length byte: ours is the capped one.
            if !name.contains("Killingfloor") || r.command != "info" {
                assert_eq!(to_hex(&again), to_hex(d), "{name}: {} writes back", r.command);
            }
            assert_eq!(Unreal2Response::decode(&again).unwrap(), r, "{name}");
        }
        let (info, rest) = parts.split_first().unwrap();
        let outcome = run(|request| match request[4] {
            0 => vec![info.clone()],
            _ => rest.to_vec(),
        });
        let s = status(outcome);
        let i = &s.raw.state.info;
        assert_eq!(Some(i.name.as_str()), want["servername"].as_str(), "{name}");
        assert_eq!(Some(i.map.as_str()), want["mapname"].as_str(), "{name}");
        assert_eq!(Some(i.game_type.as_str()), want["gametype"].as_str(), "{name}");
        if let Some(version) = want["ServerVersion"].as_str() {
            assert_eq!(s.raw.state.rules.get("ServerVersion"), Some(version), "{name}");
        }
        assert_eq!(s.raw.parts as usize, parts.len() - 1, "{name}");
        seen += 1;
    }
    assert_eq!(seen, 4);
}

#[test]
fn killing_floor_reads_its_utf16_names_and_long_server_name() {
    let v = vectors()
        .into_iter()
        .find(|v| v["name"].as_str().unwrap().contains("Killingfloor/1"))
        .unwrap();
    let parts = datagrams(&v);
    let (info, rest) = parts.split_first().unwrap();
    let s = status(run(|rq| if rq[4] == 0 { vec![info.clone()] } else { rest.to_vec() }));
    assert!(s.name.starts_with("-<*>Ultimate"), "{}", s.name);
    assert_eq!((s.players.online, s.players.max), (14, 24));
    assert_eq!(s.raw.state.players.len(), 14);
    // UTF-16 units (length 0x90) of what was a UTF-8 name read as windows-1252: as sent.
    assert_eq!(s.raw.state.players[0].name, "â˜›MR.QUAKERâ˜š");
    assert_eq!(s.raw.state.players[1].name, "Scarz722");
    assert!(s.raw.state.mutators.iter().any(|m| m == "KillingFloorMut"));
}

fn state() -> Unreal2State {
    let mut s = state_of_sample();
    s.players
        .extend((0..60).map(|i| gamequery_core::unreal2::Unreal2Player {
            id: 10 + i,
            name: format!("Player with a long name {i}"),
            ping: 40,
            score: i as i32,
            stats_id: 0x2000_0000,
        }));
    s
}

#[test]
fn our_client_reads_our_responder_over_several_datagrams() {
    let mut responder = Responder::new(state(), RateLimit::default()).unwrap();
    let from = "127.0.0.1:5000".parse().unwrap();
    let s = status(run(|rq| responder.handle(0, from, rq)));
    assert_eq!(s.raw.state, state());
    assert!(s.raw.parts >= 3, "{} parts", s.raw.parts);
    assert_eq!(
        (s.name.as_str(), s.map.as_deref(), s.version.as_deref()),
        ("gamequery demo - UT2004", Some("DM-Rankin"), Some("3369"))
    );
    assert_eq!(s.players.list.len(), 63);
    // An empty server's players are no datagram at all: the reply ends after the quiet.
    let mut empty = state();
    empty.players.clear();
    let mut r = Responder::new(empty, RateLimit::default()).unwrap();
    let s = status(run(|rq| r.handle(0, from, rq)));
    assert!(s.players.list.is_empty());
}

/// Our exchange asking our responder for `s`, every datagram in at 1 ms; the timer it then sets.
fn quiet_after(s: &Unreal2State) -> (Unreal2Exchange, f64) {
    quiet_after_at(s, 1.0)
}

/// [`quiet_after`] with every datagram in at `rtt` ms (the info's round trip).
fn quiet_after_at(s: &Unreal2State, rtt: f64) -> (Unreal2Exchange, f64) {
    let mut responder = Responder::new(s.clone(), RateLimit::default()).unwrap();
    let from = "127.0.0.1:5000".parse().unwrap();
    let mut ex = Unreal2Exchange::new(Deadline::for_call(2000.0, 1), 0.0);
    let mut replies = vec![];
    while let Some(request) = ex.poll_transmit() {
        replies.extend(responder.handle(0, from, &request));
    }
    for d in &replies {
        ex.handle_input(rtt, d);
    }
    let at = ex.poll_timeout().unwrap();
    (ex, at)
}

#[test]
fn a_reply_whose_players_match_the_info_ends_without_the_full_quiet() {
    // The sample: 3 players, and the info says 3 — whole one round trip after the last
    // datagram, 2 ms at least and 10 at most.
    let s = state_of_sample();
    assert_eq!((s.info.num_players, s.players.len()), (3, 3));
    let (mut ex, at) = quiet_after(&s);
    assert_eq!(at, 1.0 + COUNTED_QUIET_MIN_MS);
    assert_eq!(quiet_after_at(&s, 5.0).1, 5.0 + 5.0);
    assert_eq!(quiet_after_at(&s, 40.0).1, 40.0 + COUNTED_QUIET_MS);
    ex.handle_timeout(at);
    let outcome = ex.poll_result().unwrap().unwrap();
    assert_eq!(status(outcome).players.list.len(), 3);
    // A count the list does not meet (bots, a player joining, more datagrams to come): the full
    // quiet, four round trips of the info's and at least 50 ms.
    for n in [2, 4] {
        let mut short = state_of_sample();
        short.info.num_players = n;
        assert_eq!(quiet_after(&short).1, 51.0, "count {n}");
    }
    // An empty server says 0 and sends no players: whole once its rules have come.
    let mut empty = state_of_sample();
    empty.info.num_players = 0;
    empty.players.clear();
    assert_eq!(quiet_after(&empty).1, 1.0 + COUNTED_QUIET_MIN_MS);
}

fn state_of_sample() -> Unreal2State {
    gamequery_core::input::from_json("state", include_str!("../src/unreal2/sample.json")).unwrap()
}

#[test]
fn hostile_replies_end_in_a_typed_error_naming_the_field() {
    let e = Datagram::decode(b"\x80\x00\x00\x00\x02\x01\x00\x00\x00\x90AB").unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::Truncated, Some("player name")));
    let e = Datagram::decode(b"\x80\x00\x00\x00\x01\x05Key").unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::Truncated, Some("rule key")));
    let mut many = b"\x80\x00\x00\x00\x01".to_vec();
    many.extend(std::iter::repeat_n(0u8, 20_000));
    let e = Datagram::decode(&many).unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::BadLength, Some("entries")));
    assert_eq!(
        Datagram::decode(b"\xff\xff\xff\xffI").unwrap_err().code,
        ErrorCode::BadMagic
    );
    // A flood of distinct rules datagrams after the info: held to 64, then an error.
    let mut ex = Unreal2Exchange::new(Deadline::for_call(1000.0, 1), 0.0);
    ex.poll_transmit();
    ex.handle_input(1.0, &[&b"\x80\x00\x00\x00"[..], &[0; 25]].concat());
    for i in 0..10_000u32 {
        ex.handle_input(
            2.0,
            &[
                &b"\x80\x00\x00\x00\x01\x02k\x00\x05"[..],
                format!("{i:04}").as_bytes(),
                b"\x00",
            ]
            .concat(),
        );
    }
    assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::BadLength);
    // A broken info ends the query at once.
    let mut ex = Unreal2Exchange::new(Deadline::for_call(1000.0, 1), 0.0);
    ex.poll_transmit();
    ex.handle_input(1.0, b"\x80\x00\x00\x00\x00\x01\x00");
    assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::Truncated);
}

#[test]
fn a_player_answered_twice_is_listed_once() {
    let info = Datagram {
        version: 0x80,
        body: gamequery_core::unreal2::packets::Body::Info(Default::default()),
    }
    .encode()
    .unwrap();
    let players = |ping: u32| {
        Datagram {
            version: 0x80,
            body: gamequery_core::unreal2::packets::Body::Players(vec![gamequery_core::unreal2::packets::Player {
                id: 5,
                name: "Bo".into(),
                ping,
                score: 1,
                stats_id: 0,
            }]),
        }
        .encode()
        .unwrap()
    };
    let outcome = Unreal2Outcome {
        info,
        parts: vec![players(40), players(45)],
        latency_ms: 1.0,
    };
    let s = status(outcome);
    assert_eq!(s.raw.state.players.len(), 1);
    assert_eq!(s.raw.state.players[0].ping, 45);
}
