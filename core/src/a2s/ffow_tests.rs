//! Frontlines: Fuel of War's dialect (`ffow.rs`): two real servers' replies captured in
//! GameQ's tests (`tests/fixtures/ffow.json`), read and written back byte for byte; the
//! exchange and the responder in that dialect, end to end.

use super::exchange::A2sExchange;
use super::ffow::{Ffow, Reply, CHALLENGE_REQUEST, INFO_REQUEST};
use super::responder::{A2sState, Responder, ResponderOptions};
use super::*;
use crate::exchange::{Deadline, Exchange};
use crate::values::RuleList;

fn capture(name: &str) -> Vec<u8> {
    let text = std::fs::read_to_string(format!(
        "{}/../tests/fixtures/ffow.json",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    ))
    .unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let v = doc["vectors"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == name)
        .unwrap();
    crate::wire::from_hex(v["hex"].as_str().unwrap(), "test").unwrap()
}

#[test]
fn captured_replies_read_big_endian_and_write_back_the_same() {
    let bytes = capture("GameQ Ffow 1: A2S_INFO");
    let Reply::Info(info, ffow) = Reply::decode(&bytes).unwrap() else {
        panic!("an info reply")
    };
    assert_eq!(
        (
            info.protocol,
            info.name.as_str(),
            info.map.as_str(),
            info.folder.as_str()
        ),
        (2, "The Killing Crew [FL] use console", "FL-Boneyard", "FOW")
    );
    assert_eq!(
        (info.game.as_str(), info.version.as_str()),
        ("Frontlines: Fuel of War", "1.3.0")
    );
    // 5476: the port GameQ's own result says players join at (it reads 25621, little-endian).
    assert_eq!(info.game_port, Some(5476));
    assert_eq!((info.players, info.max_players), (0, 32));
    assert_eq!(
        (info.server_type.as_str(), info.environment.as_str()),
        ("dedicated", "windows")
    );
    assert_eq!((info.password, info.vac), (false, false));
    assert_eq!(
        ffow,
        Ffow {
            mode: "FL".into(),
            average_fps: 1,
            round: 0,
            max_rounds: 1,
            time_left: 1800,
        }
    );
    assert_eq!(Reply::Info(info, ffow).encode(), bytes);

    let bytes = capture("GameQ Ffow 1: A2S_RULES");
    let Reply::Rules(rules, truncated) = Reply::decode(&bytes).unwrap() else {
        panic!("a rules reply")
    };
    // 20 rules, counted big-endian (little-endian would be 5120, and the list cut).
    assert_eq!((rules.0.len(), truncated), (20, false));
    assert_eq!(rules.get("Map:12"), Some("FL-WideAwake"));
    assert_eq!(rules.get("AdminName"), Some("[TKC]TacTicToe"));
    assert_eq!(Reply::Rules(rules, false).encode(), bytes);

    let bytes = capture("GameQ Ffow 1: A2S_PLAYER");
    assert_eq!(Reply::decode(&bytes).unwrap(), Reply::Players(vec![]));
    let Reply::Info(info, ffow) = Reply::decode(&capture("GameQ Ffow 2: A2S_INFO")).unwrap() else {
        panic!("an info reply")
    };
    assert_eq!(
        (info.map.as_str(), info.max_players, ffow.time_left),
        ("CQ-Solarfarm", 64, 2493)
    );
}

#[test]
fn players_round_trip_big_endian() {
    let players = vec![
        Player {
            index: 0,
            name: "Sgt. Rock".into(),
            score: -3,
            duration: 61.5,
            ..Player::default()
        },
        Player {
            index: 1,
            name: "Kane".into(),
            score: 12,
            duration: 1.25,
            ..Player::default()
        },
    ];
    let bytes = Reply::Players(players.clone()).encode();
    assert_eq!(&bytes[..6], [0xff, 0xff, 0xff, 0xff, b'D', 2]);
    assert_eq!(&bytes[17..21], (-3i32).to_be_bytes(), "the score, big-endian");
    assert_eq!(Reply::decode(&bytes).unwrap(), Reply::Players(players));
    for bad in [
        &b"\xff\xff\xff\xffI\x02name"[..],
        b"\xff\xff\xff\xffE",
        b"\xff\xff\xff\xffX",
        b"\xfe\xff\xff\xffI",
    ] {
        assert!(Reply::decode(bad).is_err());
    }
}

/// The client in the dialect against the responder in it: info without a challenge, the
/// old challenge request, players and rules with it.
#[test]
fn exchange_and_responder_speak_it_to_each_other() {
    let state = A2sState {
        info: Some(Info {
            name: "FL test".into(),
            map: "FL-Gnaw".into(),
            folder: "FOW".into(),
            game: "Frontlines: Fuel of War".into(),
            version: "1.3.0".into(),
            game_port: Some(5476),
            players: 1,
            max_players: 32,
            server_type: "dedicated".into(),
            environment: "windows".into(),
            ..Info::default()
        }),
        players: vec![Player {
            name: "Kane".into(),
            score: 7,
            duration: 30.0,
            ..Player::default()
        }],
        rules: Some(RuleList(vec![("FriendlyFire".into(), "0".into())])),
        ffow: Some(Ffow {
            mode: "FL".into(),
            time_left: 900,
            ..Ffow::default()
        }),
        ..A2sState::default()
    };
    let options = ResponderOptions {
        ffow: true,
        ..ResponderOptions::default()
    };
    let mut server = Responder::new(state.clone(), options, 5);
    let ip = "127.0.0.1".parse().unwrap();
    let mut ex = A2sExchange::ffow(true, true, Deadline::for_call(1000.0, 1), 0.0);
    let mut sent = Vec::new();
    for t in 1..10 {
        while let Some(request) = ex.poll_transmit() {
            sent.push(request.clone());
            for reply in server.handle(t as u64, ip, &request) {
                ex.handle_input(t as f64, &reply);
            }
        }
    }
    assert_eq!(sent[0], INFO_REQUEST);
    assert_eq!(sent[1], CHALLENGE_REQUEST);
    assert_eq!(sent.len(), 4, "info, challenge, players, rules: each once");
    let out = ex.poll_result().expect("done").unwrap();
    assert_eq!(out.info.as_ref().map(|i| i.game_port), Some(Some(5476)));
    assert_eq!(out.ffow, state.ffow);
    assert_eq!(out.players[0].name, "Kane");
    assert_eq!(out.players[0].score, 7);
    assert_eq!(out.rules, state.rules);
    // A Source client gets nothing from it: no `T` answered.
    let source = Request::Info { challenge: None }.encode();
    assert!(server.handle(20, ip, &source).is_empty());
}
