//! GameSpy 1: the request as qstat and gamedig send it, and nine real BF1942, MOHAA and
//! UT99 replies (tests/fixtures/gamespy1.json, from GameQ's tests) — each datagram decodes
//! and encodes back byte for byte; the datagrams, fed to our exchange in order, reversed
//! and duplicated, make the server GameQ read; our client against our responder; hostile
//! replies end in a typed error.
#![cfg(feature = "gamespy")]

use gamequery_core::error::ErrorCode;
use gamequery_core::exchange::{Deadline, Exchange};
use gamequery_core::gamespy1::exchange::Status;
use gamequery_core::gamespy1::responder::Responder;
use gamequery_core::gamespy1::unified::status;
use gamequery_core::gamespy1::{GameSpy1Request, GameSpy1Response, GameSpy1State};
use gamequery_core::limit::RateLimit;
use gamequery_core::text::TextEncoding;
use gamequery_core::values::RuleList;
use gamequery_core::wire::{from_hex, to_hex};
use serde_json::Value;

fn vectors() -> Vec<Value> {
    let path = &format!(
        "{}/../tests/fixtures/gamespy1.json",
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

/// The reply `order` (indices into `parts`) makes through our exchange.
fn reassembled(parts: &[Vec<u8>], order: &[usize]) -> gamequery_core::gamespy1::exchange::GameSpy1Outcome {
    let mut ex = Status::exchange(b"\\status\\".to_vec(), Deadline::for_call(2000.0, 1), 0.0, 1);
    assert_eq!(ex.poll_transmit().unwrap(), b"\\status\\");
    for (i, &at) in order.iter().enumerate() {
        assert!(ex.poll_result().is_none(), "complete before part {i}");
        ex.handle_input(10.0, &parts[at]);
    }
    ex.poll_result().expect("complete").unwrap()
}

#[test]
fn peers_requests_decode_and_ours_encode_alike() {
    for v in vectors().iter().filter(|v| v["direction"] == "request") {
        let hex = v["hex"].as_str().unwrap();
        let r = GameSpy1Request::decode(&from_hex(hex, "hex").unwrap()).unwrap();
        assert_eq!(serde_json::to_value(&r.query).unwrap(), v["expect"]["query"]);
        assert_eq!(to_hex(&r.encode().unwrap()), hex);
    }
}

#[test]
fn real_replies_write_back_and_reassemble_in_any_order_to_what_gameq_read() {
    let mut seen = 0;
    for v in vectors().iter().filter(|v| v["direction"] == "response") {
        let (name, want) = (v["name"].as_str().unwrap(), &v["expect"]);
        let parts = datagrams(v);
        for d in &parts {
            let r = GameSpy1Response::decode(d, Some("windows-1252")).unwrap();
            assert_eq!(&r.encode().unwrap(), d, "{name}: a datagram writes back");
        }
        let n = parts.len();
        let forward: Vec<usize> = (0..n).collect();
        let backward: Vec<usize> = (0..n).rev().collect();
        // The first part twice (a duplicate is dropped), then the rest from the last.
        let twice: Vec<usize> = [0, 0].into_iter().chain((1..n).rev()).collect();
        let orders = if n > 1 {
            vec![forward, backward, twice]
        } else {
            vec![forward]
        };
        for order in orders {
            let s = status(reassembled(&parts, &order), TextEncoding::Auto);
            let rule = |k: &str| s.raw.state.rule(k).map(str::to_string);
            assert_eq!(rule("hostname").as_deref(), want["hostname"].as_str(), "{name}");
            assert_eq!(rule("mapname").as_deref(), want["mapname"].as_str(), "{name}");
            assert_eq!(rule("numplayers").as_deref(), want["numplayers"].as_str(), "{name}");
            assert_eq!(s.raw.parts as usize, n, "{name}");
            let rows = want["players"].as_u64().unwrap() as usize;
            let online: usize = want["numplayers"].as_str().unwrap().parse().unwrap();
            // BF1942 sends rows past numplayers: kept out of the list and counted.
            assert_eq!(s.raw.state.players.len(), rows.min(online), "{name}");
            assert_eq!(s.raw.stale_players as usize, rows.saturating_sub(online), "{name}");
            assert_eq!(s.players.list.len(), rows.min(online), "{name}");
            if let Some(first) = want["firstPlayer"].as_str() {
                assert_eq!(s.raw.state.players[0].get("name"), Some(first), "{name}");
            }
            let teams: Vec<&str> = s.raw.state.teams.iter().filter_map(|t| t.get("name")).collect();
            assert_eq!(serde_json::to_value(&teams).unwrap(), want["teams"], "{name}");
            assert_eq!(
                s.advertised_port.map(|p| p.to_string()).as_deref(),
                want["hostport"].as_str()
            );
        }
        seen += 1;
    }
    assert_eq!(seen, 9);
}

#[test]
fn ut99s_latin1_names_and_leading_spaced_pings_read_as_players_see_them() {
    let v = vectors()
        .into_iter()
        .find(|v| v["name"].as_str().unwrap().contains("Ut/1"))
        .unwrap();
    let parts = datagrams(&v);
    let s = status(reassembled(&parts, &[0, 1, 2]), TextEncoding::Auto);
    assert_eq!(s.raw.encoding, "windows-1252");
    assert_eq!(s.players.list[2].name, "Resident\u{a0}Evil±");
    assert_eq!((s.players.list[0].score, s.players.list[0].ping), (Some(1), Some(152)));
    assert_eq!(
        (s.name.as_str(), s.mode.as_deref(), s.version.as_deref()),
        (want_ut_name(), Some("ACLCTFGame"), Some("451"))
    );
    assert_eq!((s.players.online, s.players.max, s.password), (11, 13, false));
}

fn want_ut_name() -> &'static str {
    "zp|    [=======]    [PURE]    [INSTAGIB]    [US]    [=======] by www.unrealkillers.com"
}

fn state() -> GameSpy1State {
    let rules = |pairs: &[(&str, &str)]| RuleList(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect());
    GameSpy1State {
        rules: rules(&[
            ("hostname", "Café"),
            ("numplayers", "40"),
            ("maxplayers", "64"),
            ("password", "1"),
        ]),
        players: (0..40)
            .map(|i| {
                rules(&[
                    ("name", &format!("Player number {i}")),
                    ("frags", &i.to_string()),
                    ("ping", " 50"),
                ])
            })
            .collect(),
        teams: vec![rules(&[("name", "Red"), ("teamscore", "3")])],
    }
}

#[test]
fn our_client_reads_our_responder_split_into_numbered_parts() {
    let mut responder = Responder::new(state(), RateLimit::default()).unwrap();
    let parts = responder.handle(0, "127.0.0.1:5000".parse().unwrap(), b"\\status\\");
    assert!(
        parts.len() >= 2 && parts.iter().all(|p| p.len() <= 1100),
        "{:?}",
        parts.iter().map(Vec::len).collect::<Vec<_>>()
    );
    let order: Vec<usize> = (0..parts.len()).rev().collect();
    let s = status(reassembled(&parts, &order), TextEncoding::Auto);
    assert_eq!(s.raw.state, state());
    assert_eq!(
        (s.name.as_str(), s.players.online, s.players.max, s.password),
        ("Café", 40, 64, true)
    );
    assert_eq!(s.players.list[39].score, Some(39));
    // The next reply is query 2; `\players\` carries no settings; `\echo\` echoes.
    let players = responder.handle(0, "127.0.0.1:5000".parse().unwrap(), b"\\players\\");
    assert!(players[0].starts_with(b"\\player_0\\"));
    assert!(players
        .last()
        .unwrap()
        .ends_with(format!("\\queryid\\2.{}\\final\\", players.len()).as_bytes()));
    let echo = responder.handle(0, "127.0.0.1:5000".parse().unwrap(), b"\\echo\\abc");
    assert_eq!(echo, vec![b"\\echo\\abc\\queryid\\3.1\\final\\".to_vec()]);
    assert!(responder
        .handle(0, "127.0.0.1:5000".parse().unwrap(), b"\xff\xff\xff\xffgetinfo")
        .is_empty());
}

#[test]
fn hostile_replies_end_in_a_typed_error_or_wait_for_the_deadline() {
    // A part number past the cap: ours, broken — the query ends at once.
    let mut ex = Status::exchange(b"\\status\\".to_vec(), Deadline::for_call(1000.0, 1), 0.0, 1);
    ex.poll_transmit();
    ex.handle_input(1.0, b"\\hostname\\x\\queryid\\1.10000");
    let e = ex.poll_result().unwrap().unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::BadLength, Some("queryid")));
    // A series that never sends `\final\`: 10,000 parts are held to 64, then it times out.
    let mut ex = Status::exchange(b"\\status\\".to_vec(), Deadline::for_call(1000.0, 1), 0.0, 1);
    ex.poll_transmit();
    for i in 1..=10_000 {
        ex.handle_input(1.0, format!("\\k\\v\\queryid\\7.{}", i % 64 + 1).as_bytes());
    }
    assert!(ex.poll_result().is_none());
    // Unnumbered parts without `\final\`: at most 64 of them.
    let mut ex = Status::exchange(b"\\status\\".to_vec(), Deadline::for_call(1000.0, 1), 0.0, 1);
    ex.poll_transmit();
    for _ in 0..100 {
        ex.handle_input(1.0, b"\\k\\v");
    }
    let e = ex.poll_result().unwrap().unwrap_err();
    assert_eq!(e.code, ErrorCode::BadLength);
    // Another protocol's bytes are no reply.
    assert_eq!(
        GameSpy1Response::decode(b"\xff\xff\xff\xffstatusResponse", None)
            .unwrap_err()
            .code,
        ErrorCode::BadMagic
    );
}

#[test]
fn a_netpanzer_reply_without_queryid_completes_at_final() {
    let mut ex = Status::exchange(b"\\status\\".to_vec(), Deadline::for_call(1000.0, 1), 0.0, 1);
    ex.poll_transmit();
    ex.handle_input(
        1.0,
        b"gamename\\netpanzer\\hostname\\tank\\numplayers\\1\\player_0\\Bo\\kills_0\\3\\final\\",
    );
    let s = status(ex.poll_result().unwrap().unwrap(), TextEncoding::Auto);
    assert_eq!((s.name.as_str(), s.players.list[0].name.as_str()), ("tank", "Bo"));
    let r = GameSpy1Response::decode(b"gamename\\netpanzer\\final\\", None).unwrap();
    assert!(r.bare);
    assert_eq!(r.encode().unwrap(), b"gamename\\netpanzer\\final\\");
}

#[test]
fn chained_words_draw_each_section_once_and_markers_are_no_settings() {
    let mut responder = Responder::new(state(), RateLimit::default()).unwrap();
    let from = "127.0.0.1:5000".parse().unwrap();
    let once: usize = responder.handle(0, from, b"\\status\\").iter().map(Vec::len).sum();
    let many: usize = responder
        .handle(0, from, "\\status\\".repeat(30).as_bytes())
        .iter()
        .map(Vec::len)
        .sum();
    assert!(many <= once + 20, "{many} bytes for 30 chained words, {once} for one");
    let mut s = state();
    s.rules.0.push(("final".into(), String::new()));
    assert!(Responder::new(s, RateLimit::default())
        .unwrap_err()
        .message
        .contains("markers"));
}
