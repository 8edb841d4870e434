//! GameSpy 2: requests as qstat, gamedig and GameQ send them, and eight real Halo, SWAT 4,
//! H&D 2 and ArmA replies (tests/fixtures/gamespy2.json, from GameQ's tests) — each
//! datagram decodes and encodes back byte for byte, and the two, joined as a server answers
//! one request for all three sections, make the server GameQ read; our client against our
//! responder; hostile replies end in a typed error naming the field.
#![cfg(feature = "gamespy")]

use gamequery_core::error::ErrorCode;
use gamequery_core::exchange::{Deadline, Exchange};
use gamequery_core::gamespy2::exchange::Status;
use gamequery_core::gamespy2::packets::Reply;
use gamequery_core::gamespy2::responder::Responder;
use gamequery_core::gamespy2::unified::status;
use gamequery_core::gamespy2::{GameSpy2Request, GameSpy2Response, GameSpy2State};
use gamequery_core::limit::RateLimit;
use gamequery_core::text::TextEncoding;
use gamequery_core::values::RuleList;
use gamequery_core::wire::{from_hex, to_hex};
use serde_json::Value;

fn vectors() -> Vec<Value> {
    let path = &format!(
        "{}/../tests/fixtures/gamespy2.json",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    );
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    doc["vectors"].as_array().unwrap().clone()
}

/// Our exchange given `reply(request)`.
fn ask(mut reply: impl FnMut(&[u8]) -> Vec<u8>) -> gamequery_core::gamespy2::exchange::GameSpy2Outcome {
    let mut ex = Status::exchange(Deadline::for_call(1000.0, 1), 0.0, 5);
    let request = ex.poll_transmit().unwrap();
    assert_eq!(&request[..3], b"\xfe\xfd\x00");
    assert_eq!(&request[7..], b"\xff\xff\xff");
    ex.handle_input(10.0, &reply(&request));
    ex.poll_result().expect("a reply").unwrap()
}

#[test]
fn peers_requests_decode_and_ours_encode_alike() {
    for v in vectors().iter().filter(|v| v["direction"] == "request") {
        let hex = v["hex"].as_str().unwrap();
        let r = GameSpy2Request::decode(&from_hex(hex, "hex").unwrap()).unwrap();
        let want = &v["expect"];
        assert_eq!(u64::from(r.id), want["id"].as_u64().unwrap());
        assert_eq!(
            [r.server, r.players, r.teams].map(Value::Bool),
            [&want["server"], &want["players"], &want["teams"]].map(Clone::clone)
        );
        assert_eq!(to_hex(&r.encode().unwrap()), hex);
    }
}

#[test]
fn real_replies_write_back_and_joined_read_as_gameq_read_them() {
    let mut seen = 0;
    for v in vectors().iter().filter(|v| v["direction"] == "response") {
        let (name, want) = (v["name"].as_str().unwrap(), &v["expect"]);
        let parts: Vec<Vec<u8>> = v["datagrams"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| from_hex(h.as_str().unwrap(), "hex").unwrap())
            .collect();
        for d in &parts {
            let r = GameSpy2Response::decode(d, Some("windows-1252")).unwrap();
            assert_eq!(&r.encode().unwrap(), d, "{name}: writes back");
        }
        // One request for all three: the settings' section, then the tables'.
        let joined = |request: &[u8]| [&[0][..], &request[3..7], &parts[0][5..], &parts[1][5..]].concat();
        let s = status(ask(joined), TextEncoding::Auto);
        let rule = |k: &str| s.raw.state.rule(k).map(str::to_string);
        assert_eq!(rule("hostname").as_deref(), want["hostname"].as_str(), "{name}");
        assert_eq!(rule("numplayers").as_deref(), want["numplayers"].as_str(), "{name}");
        assert_eq!(
            s.raw.state.players.len() as u64,
            want["players"].as_u64().unwrap(),
            "{name}"
        );
        assert_eq!(
            s.raw.state.teams.len() as u64,
            want["teams"].as_u64().unwrap(),
            "{name}"
        );
        if let Some(first) = want["firstPlayer"].as_str() {
            let ours = s.raw.state.players[0].get("name").unwrap();
            // GameQ printed the name's bytes as Latin-1; ours is windows-1252 (0x99: ™).
            assert_eq!(ours.replace('™', "\u{99}"), first, "{name}");
        }
        seen += 1;
    }
    assert_eq!(seen, 8);
}

#[test]
fn halos_padded_name_and_odd_scores_read_as_players_see_them() {
    let v = vectors()
        .into_iter()
        .find(|v| v["name"].as_str().unwrap().contains("Halo/1"))
        .unwrap();
    let parts: Vec<Vec<u8>> = v["datagrams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| from_hex(h.as_str().unwrap(), "hex").unwrap())
        .collect();
    let s = status(
        ask(|rq| [&[0][..], &rq[3..7], &parts[0][5..], &parts[1][5..]].concat()),
        TextEncoding::Auto,
    );
    assert_eq!(s.name, "!", "62 bytes of 01 before it are no name");
    assert_eq!(
        (s.players.online, s.players.max, s.map.as_deref()),
        (13, 16, Some("bloodgulch"))
    );
    assert_eq!(s.raw.state.teams[0].get("name"), Some("Red"));
    assert_eq!((s.players.list[0].score, s.players.list[0].ping), (Some(1), Some(79)));
}

fn state() -> GameSpy2State {
    let rules = |pairs: &[(&str, &str)]| RuleList(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect());
    GameSpy2State {
        rules: rules(&[
            ("hostname", "Café"),
            ("numplayers", "2"),
            ("maxplayers", "16"),
            ("password", "1"),
        ]),
        players: vec![
            rules(&[("name", "A"), ("score", "3"), ("ping", "40")]),
            rules(&[("name", "B"), ("score", " :00"), ("ping", "50")]),
        ],
        teams: vec![rules(&[("name", "Red"), ("score", "7")])],
    }
}

#[test]
fn our_client_reads_our_responder_and_each_section_alone() {
    let mut responder = Responder::new(state(), RateLimit::default()).unwrap();
    let from = "127.0.0.1:5000".parse().unwrap();
    let s = status(ask(|rq| responder.handle(0, from, rq).unwrap()), TextEncoding::Auto);
    assert_eq!(s.raw.state, state());
    assert_eq!((s.name.as_str(), s.players.online, s.password), ("Café", 2, true));
    assert_eq!(s.players.list[1].score, None, "Halo's ' :00' is no number");
    // gamedig asks one section at a time.
    let mut r = Responder::new(state(), RateLimit::default()).unwrap();
    let teams = r.handle(0, from, b"\xfe\xfd\x00\x00\x00\x00\x01\x00\x00\xff").unwrap();
    assert_eq!(
        teams,
        b"\x00\x00\x00\x00\x01\x00\x01team_t\x00score_t\x00\x00Red\x007\x00"
    );
    let d = Reply::decode(&teams).unwrap();
    assert!(d.server.is_none() && d.players.is_none() && d.teams.is_some());
    assert!(
        r.handle(0, from, b"\xfe\xfd\x00\x00\x00\x00\x01\x00\x00\x00").is_none(),
        "nothing asked"
    );
}

#[test]
fn hostile_replies_end_in_a_typed_error_naming_the_field() {
    let head = b"\x00\x00\x00\x00\x01hostname\x00x\x00\x00".to_vec();
    // 3,000 rows uncounted: past the cap.
    let mut many = head.clone();
    many.extend_from_slice(b"\x00player_\x00\x00");
    for _ in 0..3000 {
        many.extend_from_slice(b"p\x00");
    }
    let e = Reply::decode(&many).unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::BadLength, Some("rows")));
    // A row cut off.
    let e = Reply::decode(&[&head[..], b"\x00\x03player_\x00\x00A\x00B"].concat()).unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::Truncated, Some("value")));
    // 100 fields.
    let mut wide = head.clone();
    wide.extend_from_slice(b"\x00\x01");
    for i in 0..100 {
        wide.extend_from_slice(format!("f{i}_\0").as_bytes());
    }
    let e = Reply::decode(&wide).unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::BadLength, Some("fields")));
}

#[test]
fn a_table_of_more_than_64_rows_and_a_server_without_settings_read_back() {
    let rules = |pairs: &[(&str, &str)]| RuleList(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect());
    let crowd = GameSpy2State {
        rules: RuleList(vec![]),
        players: (0..100)
            .map(|i| rules(&[("name", &format!("P{i}")), ("score", "1")]))
            .collect(),
        teams: vec![],
    };
    let mut responder = Responder::new(crowd.clone(), RateLimit::default()).unwrap();
    let from = "127.0.0.1:5000".parse().unwrap();
    let s = status(ask(|rq| responder.handle(0, from, rq).unwrap()), TextEncoding::Auto);
    // 100 rows: the count byte (100, 'd') is no field name's letter here.
    assert_eq!(s.raw.state.players.len(), 100);
    assert_eq!(s.raw.state.players[99].get("name"), Some("P99"));
    assert!(s.raw.state.rules.0.is_empty());
    let e = Reply::decode(b"\x00\x00\x00\x00\x01k\x00v\x00\x00\x07\x01player_\x00\x00A\x00").unwrap_err();
    assert_eq!(
        (e.code, e.field, e.offset),
        (ErrorCode::Malformed, Some("players"), Some(10))
    );
}
