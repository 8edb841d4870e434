//! All-Seeing Eye: the request as qstat and gamedig send it, and real MTA:SA servers'
//! replies (tests/fixtures/all-seeing-eye.json, from GameQ's tests) decode to what GameQ
//! read in them and encode back to the same bytes; our client against our responder on a
//! virtual clock; hostile replies end in a typed error naming the field.
#![cfg(feature = "gamespy")]

use gamequery_core::all_seeing_eye::exchange::Status;
use gamequery_core::all_seeing_eye::packets::Reply;
use gamequery_core::all_seeing_eye::responder::Responder;
use gamequery_core::all_seeing_eye::unified::status;
use gamequery_core::all_seeing_eye::{
    AllSeeingEyePlayer, AllSeeingEyeRequest, AllSeeingEyeResponse, AllSeeingEyeState,
};
use gamequery_core::error::ErrorCode;
use gamequery_core::exchange::{Deadline, Exchange};
use gamequery_core::limit::RateLimit;
use gamequery_core::text::TextEncoding;
use gamequery_core::values::RuleList;
use gamequery_core::wire::{from_hex, to_hex};
use serde_json::Value;

fn vectors() -> Vec<Value> {
    let path = &format!(
        "{}/../tests/fixtures/all-seeing-eye.json",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    );
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    doc["vectors"].as_array().unwrap().clone()
}

#[test]
fn peers_requests_decode_and_ours_encode_alike() {
    for v in vectors().iter().filter(|v| v["direction"] == "request") {
        let hex = v["hex"].as_str().unwrap();
        let r = AllSeeingEyeRequest::decode(&from_hex(hex, "hex").unwrap()).unwrap();
        assert_eq!(r.command, v["expect"]["command"]);
        assert_eq!(to_hex(&r.encode().unwrap()), hex);
    }
}

#[test]
fn real_mta_replies_decode_to_what_gameq_read_and_encode_back_byte_for_byte() {
    let mut seen = 0;
    for v in vectors().iter().filter(|v| v["direction"] == "response") {
        let (name, hex, want) = (v["name"].as_str().unwrap(), v["hex"].as_str().unwrap(), &v["expect"]);
        let r = AllSeeingEyeResponse::decode(&from_hex(hex, "hex").unwrap(), None).unwrap();
        let s = &r.state;
        assert_eq!(r.encoding, want["encoding"], "{name}");
        let ours = serde_json::to_value(s).unwrap();
        for key in [
            "game",
            "port",
            "name",
            "gameType",
            "map",
            "version",
            "password",
            "numPlayers",
            "maxPlayers",
            "rules",
        ] {
            assert_eq!(ours[key], want[key], "{name}: {key}");
        }
        assert_eq!(s.players.len() as u64, want["players"].as_u64().unwrap(), "{name}");
        assert_eq!(ours["players"][0], want["firstPlayer"], "{name}");
        assert_eq!(ours["players"][s.players.len() - 1], want["lastPlayer"], "{name}");
        assert_eq!(to_hex(&r.encode().unwrap()), hex, "{name}: encodes back");
        seen += 1;
    }
    assert_eq!(seen, 2);
}

fn state() -> AllSeeingEyeState {
    AllSeeingEyeState {
        game: "mta".into(),
        port: 22003,
        name: "Café ✓".into(),
        game_type: "Freeroam".into(),
        map: "San Andreas".into(),
        version: "1.6".into(),
        password: true,
        num_players: 2,
        max_players: 32,
        rules: RuleList(vec![("Website".into(), "mtasa.com".into())]),
        players: vec![
            AllSeeingEyePlayer {
                name: Some("CJ".into()),
                score: Some("-5".into()),
                ping: Some("40".into()),
                ..Default::default()
            },
            AllSeeingEyePlayer {
                name: Some("Smoke".into()),
                team: Some(String::new()),
                ..Default::default()
            },
        ],
        trailing: None,
    }
}

#[test]
fn our_client_reads_our_responder() {
    let mut responder = Responder::new(state(), RateLimit::default()).unwrap();
    let mut ex = Status::exchange(Deadline::for_call(1000.0, 1), 0.0, 9);
    let request = ex.poll_transmit().unwrap();
    assert_eq!(request, b"s");
    let reply = responder
        .handle(0, "127.0.0.1:5000".parse().unwrap(), &request)
        .unwrap();
    ex.handle_input(12.0, &reply);
    let s = status(ex.poll_result().unwrap().unwrap(), TextEncoding::Auto);
    assert_eq!(
        (s.name.as_str(), s.map.as_deref(), s.mode.as_deref()),
        ("Café ✓", Some("San Andreas"), Some("Freeroam"))
    );
    assert_eq!((s.players.online, s.players.max, s.password), (2, 32, true));
    assert_eq!((s.players.list[0].score, s.players.list[0].ping), (Some(-5), Some(40)));
    assert_eq!((s.players.list[1].score, s.players.list[1].ping), (None, None));
    assert_eq!(s.advertised_port, Some(22003));
    assert_eq!(s.raw.state, state());
    assert_eq!(s.raw.encoding, "utf-8");
    // Only the fields given are sent: flags 0x19 (name, score, ping), 0x03 (name, team).
    let r = Reply::decode(&reply).unwrap();
    assert_eq!(
        r.players[0].map(|f| f.is_some()),
        [true, false, false, true, true, false]
    );
    assert_eq!(
        r.players[1].map(|f| f.is_some()),
        [true, true, false, false, false, false]
    );
}

/// Strings as the reply writes them: each led by a length byte that counts itself.
fn strings(all: &[&[u8]]) -> Vec<u8> {
    all.iter()
        .flat_map(|s| [&[s.len() as u8 + 1][..], s].concat())
        .collect()
}

#[test]
fn latin1_text_is_guessed_once_for_the_whole_reply_or_read_as_told() {
    let fields: [&[u8]; 11] = [
        b"farcry",
        b"49001",
        b"Jos\xe9's caf\xe9",
        b"FFA",
        b"mp_tank",
        b"1.33",
        b"0",
        b"1",
        b"17",
        b"",
        b"Andr\xe9",
    ];
    let mut bytes = b"EYE1".to_vec();
    for f in &fields[..10] {
        bytes.extend(strings(&[f]));
    }
    bytes.push(0x11); // name, ping
    bytes.extend(strings(&[fields[10], b"18"]));
    let bytes = &bytes[..];
    let r = AllSeeingEyeResponse::decode(bytes, None).unwrap();
    assert_eq!(r.encoding, "windows-1252");
    assert_eq!(
        (r.state.name.as_str(), r.state.players[0].name.as_deref()),
        ("José's café", Some("André"))
    );
    assert_eq!(r.encode().unwrap(), bytes);
    let told = AllSeeingEyeResponse::decode(bytes, Some("iso-8859-2")).unwrap();
    assert_eq!(told.encoding, "iso-8859-2");
}

#[test]
fn hostile_replies_end_in_a_typed_error_naming_the_field() {
    let head = [
        &b"EYE1"[..],
        &strings(&[b"mta", b"22003", b"x", b"", b"", b"", b"0", b"1", b"32"]),
    ]
    .concat();
    // A length past the datagram.
    let e = Reply::decode(&[&head[..], b"\x01\x3f\xf0Bob"].concat()).unwrap_err();
    assert_eq!(
        (e.code, e.field, e.offset),
        (ErrorCode::Truncated, Some("player name"), Some(28))
    );
    // 5,000 rules: past the cap.
    let mut many = head.clone();
    for _ in 0..5000 {
        many.extend_from_slice(b"\x02k\x01");
    }
    let e = Reply::decode(&many).unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::BadLength, Some("rules")));
    // 5,000 players: past the cap.
    let mut crowd = head.clone();
    crowd.push(1);
    for _ in 0..5000 {
        crowd.extend_from_slice(b"\x01\x01");
    }
    let e = Reply::decode(&crowd).unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::BadLength, Some("players")));
    // A rule key with no value.
    let e = Reply::decode(&[&head[..], b"\x02k"].concat()).unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::Truncated, Some("rule value")));
    // What follows a 0 flags byte is kept and written back.
    let tail = [&head[..], b"\x01\x01\x01\x00\xde\xad"].concat();
    let r = AllSeeingEyeResponse::decode(&tail, None).unwrap();
    assert_eq!(r.state.trailing.as_deref(), Some("dead"));
    assert_eq!(r.encode().unwrap(), tail);
}

#[test]
fn a_broken_eye1_reply_ends_the_query_and_another_protocols_bytes_do_not() {
    let mut ex = Status::exchange(Deadline::for_call(1000.0, 1), 0.0, 9);
    ex.poll_transmit().unwrap();
    ex.handle_input(5.0, b"\xff\xff\xff\xffinfoResponse\n");
    assert!(ex.poll_result().is_none(), "waits on: another protocol's bytes");
    ex.handle_input(6.0, b"EYE1\x04mt");
    let e = ex.poll_result().unwrap().unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::Truncated, Some("game")));
}

#[test]
fn a_source_past_its_budget_gets_nothing_and_other_letters_get_nothing() {
    let limit = RateLimit {
        burst: 1,
        per_second: 1,
    };
    let mut r = Responder::new(state(), limit).unwrap();
    let from = "127.0.0.1:5000".parse().unwrap();
    assert!(r.handle(0, from, b"b").is_none(), "only the full status is answered");
    assert!(r.handle(0, from, b"s").is_some());
    assert!(r.handle(0, from, b"s").is_none());
    assert!(r.handle(1000, from, b"s").is_some());
    let mut long = state();
    long.name = "x".repeat(255);
    assert!(Responder::new(long, limit).unwrap_err().message.contains("at most 254"));
}
