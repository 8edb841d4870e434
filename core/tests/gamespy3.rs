//! GameSpy 3: requests as qstat and gamedig send them, and sixteen real BF2, Project
//! Reality, UT3, Crysis and JC2-MP replies (tests/fixtures/gamespy3.json, from GameQ's
//! tests) — each datagram decodes and encodes back byte for byte (UT3's stray NULs aside),
//! and the datagrams, in order, shuffled and through our exchange, make the server GameQ
//! read; our client against our responder; hostile replies end in a typed error naming the
//! field.
#![cfg(feature = "gamespy")]

use gamequery_core::error::ErrorCode;
use gamequery_core::exchange::{Deadline, Exchange};
use gamequery_core::gamespy::split::Gather;
use gamequery_core::gamespy3::codec::DecodeOptions;
use gamequery_core::gamespy3::exchange::Status;
use gamequery_core::gamespy3::responder::Responder;
use gamequery_core::gamespy3::unified::{read, status};
use gamequery_core::gamespy3::{GameSpy3Request, GameSpy3Response, GameSpy3State};
use gamequery_core::limit::RateLimit;
use gamequery_core::text::TextEncoding;
use gamequery_core::wire::{from_hex, to_hex};
use serde_json::Value;

fn vectors() -> Vec<Value> {
    let path = &format!(
        "{}/../tests/fixtures/gamespy3.json",
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

#[test]
fn peers_requests_decode_and_ours_encode_alike() {
    for v in vectors().iter().filter(|v| v["direction"] == "request") {
        let hex = v["hex"].as_str().unwrap();
        let r = GameSpy3Request::decode(&from_hex(hex, "hex").unwrap()).unwrap();
        assert_eq!(serde_json::to_value(&r).unwrap(), v["expect"], "{}", v["name"]);
        // gamedig's zero padding is not ours to write back.
        if r.kind == "query" {
            assert_eq!(to_hex(&r.encode().unwrap()), hex);
        }
    }
}

#[test]
fn real_replies_write_back_and_read_as_gameq_read_them() {
    let mut seen = 0;
    for v in vectors().iter().filter(|v| v["direction"] == "response") {
        let (name, want) = (v["name"].as_str().unwrap(), &v["expect"]);
        let parts = datagrams(v);
        for d in &parts {
            let decoded = GameSpy3Response::decode(d, &DecodeOptions::default()).unwrap();
            let back = decoded.encode().unwrap();
            if !name.contains("Ut3") {
                assert_eq!(to_hex(&back), to_hex(d), "{name}");
            }
            assert_eq!(
                GameSpy3Response::decode(&back, &DecodeOptions::default()).unwrap(),
                decoded,
                "{name}"
            );
        }
        let jc2mp = name.contains("JC2-MP");
        let (state, _) = read(&parts, Some(jc2mp), TextEncoding::Auto).unwrap();
        let rule = |k: &str| state.rule(k).map(str::to_string);
        assert_eq!(rule("hostname").as_deref(), want["hostname"].as_str(), "{name}");
        assert_eq!(rule("numplayers").as_deref(), want["numplayers"].as_str(), "{name}");
        assert_eq!(rule("maxplayers").as_deref(), want["maxplayers"].as_str(), "{name}");
        assert_eq!(state.players.len() as u64, want["players"].as_u64().unwrap(), "{name}");
        assert_eq!(state.teams.len() as u64, want["teams"].as_u64().unwrap(), "{name}");
        // GameQ trims BF2's blank clan-tag prefix; for JC2-MP it read the count as one
        // byte, keeping its low byte in the first name (`\x07That1EdgyJohn`, `+Moonman`:
        // 7 and 43 players, as `numplayers` says).
        let first = state.players.first().and_then(|p| p.get("name")).map(str::trim);
        let gameq = want["firstPlayer"].as_str().map(|n| if jc2mp { &n[1..] } else { n });
        assert_eq!(first, gameq, "{name}");
        // The same from the datagrams in any order, through the gathering.
        let mut gather = Gather::default();
        let mut whole = None;
        for d in parts.iter().rev() {
            whole = gather.push(d).unwrap();
            if jc2mp {
                whole = Some(parts.clone());
            }
        }
        assert_eq!(
            read(&whole.unwrap(), Some(jc2mp), TextEncoding::Auto).unwrap().0,
            state,
            "{name}"
        );
        // And as our query reads it: the map GameQ read (UT3's from its property key).
        let mut ex = Status::exchange(jc2mp, 1, Deadline::for_call(1000.0, 0), 0.0);
        assert_eq!(ex.poll_transmit().unwrap(), b"\xfe\xfd\x09\x00\x00\x00\x01");
        ex.handle_input(5.0, b"\x09\x00\x00\x00\x010\x00");
        let query = ex.poll_transmit().unwrap();
        assert_eq!(
            query,
            [
                &b"\xfe\xfd\x00\x00\x00\x00\x01\xff\xff\xff"[..],
                &[if jc2mp { 2 } else { 1 }]
            ]
            .concat(),
            "no challenge after a 0"
        );
        for d in &parts {
            let mut d = d.clone();
            d[1..5].copy_from_slice(&1u32.to_be_bytes());
            ex.handle_input(9.0, &d);
        }
        let out = ex.poll_result().expect("a reply").unwrap();
        let s = status(out, TextEncoding::Auto, jc2mp).unwrap();
        // JC2-MP names no map (GameQ writes Panau, its only one).
        assert_eq!(s.map.as_deref(), want["mapname"].as_str().filter(|_| !jc2mp), "{name}");
        assert_eq!(s.players.list.first().map(|p| p.name.as_str()), gameq, "{name}");
        seen += 1;
    }
    assert_eq!(seen, 16);
}

#[test]
fn our_query_against_our_responder_with_and_without_a_challenge() {
    let state: GameSpy3State =
        gamequery_core::input::from_json("state", include_str!("../src/gamespy3/sample.json")).unwrap();
    // 200 players: a reply of several datagrams.
    let mut big = state.clone();
    for i in 0..200 {
        let mut p = big.players[i % 3].clone();
        p.0[0].1 = format!("player {i}");
        if i % 7 == 0 {
            p.0.remove(1); // no score: the block starts again past it
        }
        big.players.push(p);
    }
    for (state, challenge) in [(state.clone(), true), (big, false), (state, false)] {
        let mut r = Responder::new(state.clone(), challenge, RateLimit::default(), 3).unwrap();
        let from = "127.0.0.1:5000".parse().unwrap();
        let mut ex = Status::exchange(false, 0x0102_0304, Deadline::for_call(1000.0, 0), 0.0);
        let mut t = 0;
        while let Some(sent) = ex.poll_transmit() {
            t += 1;
            let replies = r.handle(t, from, &sent);
            assert!(replies.iter().all(|d| d.len() <= 1400));
            for d in replies.iter().rev() {
                ex.handle_input(t as f64, d);
            }
        }
        let out = ex.poll_result().expect("a reply").unwrap();
        let packets = out.reply.len();
        let s = status(out, TextEncoding::Auto, false).unwrap();
        assert!(s.raw.state == state, "{packets} datagrams read back otherwise");
        assert_eq!(packets, if state.players.len() > 100 { 5 } else { 1 });
        assert_eq!(s.name, "gamequery demo - Battlefield 2");
    }
    // With a challenge, a query without it (or another's) gets nothing.
    let mut r = Responder::new(GameSpy3State::default(), true, RateLimit::default(), 3).unwrap();
    let query = b"\xfe\xfd\x00\x00\x00\x00\x01\xff\xff\xff\x01";
    assert!(r.handle(0, "127.0.0.1:1".parse().unwrap(), query).is_empty());
}

#[test]
fn hostile_replies_end_in_a_typed_error_naming_the_field() {
    let reply = |packet: u8, object: u8, body: &[u8]| {
        [&b"\x00\x00\x00\x00\x01splitnum\x00"[..], &[packet, object], body].concat()
    };
    let run = |parts: &[Vec<u8>], challenge: &[u8]| {
        let mut ex = Status::exchange(false, 1, Deadline::for_call(1000.0, 0), 0.0);
        ex.poll_transmit();
        ex.handle_input(1.0, &[&b"\x09\x00\x00\x00\x01"[..], challenge].concat());
        ex.poll_transmit();
        for p in parts {
            ex.handle_input(2.0, p);
        }
        ex.handle_timeout(1000.0);
        let out = ex.poll_result().expect("an end")?;
        status(out, TextEncoding::Auto, false).map(|_| ())
    };
    // A block pointing back: `player_` had rows 0-2, the next datagram rewrites from row 0.
    let back = [
        reply(0, 0, b"hostname\x00x\x00\x00\x01player_\x00\x00a\x00b\x00c\x00"),
        reply(0x81, 1, b"player_\x00\x00z\x00\x00\x00"),
    ];
    let e = run(&back, b"0\x00").unwrap_err();
    assert_eq!(
        (e.code, e.field),
        (ErrorCode::Malformed, Some("offset")),
        "{}",
        e.message
    );
    // A part past 64.
    let e = run(&[reply(70, 0, b"")], b"0\x00").unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::BadLength, Some("packet")));
    // 10,000 parts never flagged last: the deadline, not a hang or a heap.
    let many: Vec<Vec<u8>> = (0..10_000).map(|i| reply((i % 64) as u8, 0, b"k\x00v\x00")).collect();
    assert_eq!(run(&many, b"0\x00").unwrap_err().code, ErrorCode::Timeout);
    // A challenge that is no number.
    let e = run(&[], b"abc\x00").unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::Malformed, Some("token")));
    // A section byte that is none.
    let e = run(&[reply(0x80, 0, b"k\x00v\x00\x00\x07")], b"0\x00").unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::Malformed, Some("object")));
}
