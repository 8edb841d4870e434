//! id Tech 4: peers' requests and real Doom 3, Quake 4 and ET:QW servers' replies
//! (tests/fixtures/doom3.json, from GameQ's tests) decode to what GameQ read in them and
//! encode back to the same bytes; our client against our responder in every dialect on a
//! virtual clock; hostile replies end in a typed error naming the field.
#![cfg(feature = "quake")]

use gamequery_core::doom3::codec::{DecodeOptions, Doom3Request, Doom3Response};
use gamequery_core::doom3::exchange::{Ask, Doom3Outcome};
use gamequery_core::doom3::responder::Responder;
use gamequery_core::doom3::{Dialect, Doom3Player, Doom3State, Reply};
use gamequery_core::error::ErrorCode;
use gamequery_core::exchange::{Deadline, Exchange};
use gamequery_core::limit::RateLimit;
use gamequery_core::text::TextEncoding;
use gamequery_core::values::RuleList;
use gamequery_core::wire::{from_hex, to_hex};
use serde_json::Value;

fn vectors() -> Vec<Value> {
    let path = &format!(
        "{}/../tests/fixtures/doom3.json",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    );
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    doc["vectors"].as_array().unwrap().clone()
}

#[test]
fn peers_requests_decode_and_ours_encode_alike() {
    for v in vectors().iter().filter(|v| v["direction"] == "request") {
        let (name, hex) = (v["name"].as_str().unwrap(), v["hex"].as_str().unwrap());
        let r = Doom3Request::decode(&from_hex(hex, "hex").unwrap()).unwrap();
        assert_eq!(r.command, v["expect"]["command"], "{name}");
        assert_eq!(
            Some(r.challenge.unwrap()),
            v["expect"]["challenge"].as_u64().map(|c| c as u32),
            "{name}"
        );
        if v["reencodes"] != false {
            assert_eq!(to_hex(&r.encode().unwrap()), hex, "{name}");
        }
    }
}

#[test]
fn real_replies_decode_to_what_gameq_read_and_encode_back_byte_for_byte() {
    let mut seen = 0;
    for v in vectors().iter().filter(|v| v["direction"] == "response") {
        let (name, hex, want) = (v["name"].as_str().unwrap(), v["hex"].as_str().unwrap(), &v["expect"]);
        let bytes = from_hex(hex, "hex").unwrap();
        let r = Doom3Response::decode(&bytes, &DecodeOptions::default()).unwrap();
        assert_eq!(r.dialect, want["dialect"], "{name}: told from the reply");
        assert_eq!(r.state.protocol.as_deref(), want["protocol"].as_str(), "{name}");
        assert_eq!(
            r.state.players.len() as u64,
            want["players"].as_u64().unwrap(),
            "{name}"
        );
        let si_name = r
            .state
            .info
            .0
            .iter()
            .find(|(k, _)| k == "si_name")
            .map(|(_, v)| v.as_str());
        assert_eq!(si_name, want["si_name"].as_str(), "{name}");
        if let Some(p) = want.get("lastPlayer") {
            let ours = serde_json::to_value(r.state.players.last().unwrap()).unwrap();
            for (k, w) in p.as_object().unwrap() {
                match k.as_str() {
                    // GameQ prints the float's digits its own way.
                    "xp" => assert!(
                        (ours["xp"].as_f64().unwrap() - w.as_f64().unwrap()).abs() < 1e-6,
                        "{name}"
                    ),
                    k => assert_eq!(&ours[k], w, "{name}: player {k}"),
                }
            }
        }
        if let Some(mask) = want.get("osmask") {
            assert_eq!(r.state.os_mask.map(u64::from), mask.as_u64(), "{name}");
        }
        if let Some(left) = want.get("timeleft") {
            let s = r.state.server.unwrap();
            assert_eq!(u64::from(s.time_left), left.as_u64().unwrap(), "{name}");
            assert_eq!(u64::from(s.game_state), want["gamestate"].as_u64().unwrap(), "{name}");
            assert_eq!(
                s.interested_clients.map(u64::from),
                want["interested_clients"].as_u64(),
                "{name}"
            );
        }
        assert_eq!(to_hex(&r.encode().unwrap()), hex, "{name}: encodes back");
        // Named, the layout reads the same.
        let named = DecodeOptions {
            dialect: Some(r.dialect.clone()),
            ..DecodeOptions::default()
        };
        assert_eq!(Doom3Response::decode(&bytes, &named).unwrap(), r, "{name}");
        seen += 1;
    }
    assert_eq!(seen, 7);
}

#[test]
fn quake4_names_read_as_latin1_with_their_clans() {
    let v = vectors()
        .into_iter()
        .find(|v| v["name"].as_str().unwrap().contains("Quake4/1"))
        .unwrap();
    let r = Doom3Response::decode(
        &from_hex(v["hex"].as_str().unwrap(), "hex").unwrap(),
        &DecodeOptions::default(),
    )
    .unwrap();
    assert_eq!(r.encoding, "windows-1252");
    let p = &r.state.players[1];
    assert_eq!(p.name, "^ifve^3Ç^-a^-§^+h^+e^+w^ifve");
    assert_eq!(p.clan.as_deref(), Some("^c014-^c345=^Iw05^7NUTS^Iw05^c345=^c014-"));
    assert_eq!((p.ping, p.rate), (37, Some(25600)));
}

fn state(players: usize) -> Doom3State {
    Doom3State {
        info: RuleList(vec![
            ("si_name".into(), "^1Arena".into()),
            ("si_map".into(), "maps/valley.entities".into()),
            ("si_maxPlayers".into(), "24".into()),
            ("si_rules".into(), "sdGameRulesCampaign".into()),
        ]),
        players: (0..players)
            .map(|i| Doom3Player {
                name: format!("^2P{i}"),
                ping: 40 + i as u16,
                rate: Some(16384),
                clan: Some("^c900C".into()),
                bot: Some(i % 2 == 1),
                xp: Some(1.5),
                team: Some("gdf".into()),
                kills: Some(3),
                deaths: Some(1),
                ..Doom3Player::default()
            })
            .collect(),
        ..Doom3State::default()
    }
}

fn ask(dialect: Option<Dialect>, responder: &mut Responder) -> (Doom3Outcome, Vec<u8>) {
    let mut ex = Ask::exchange(dialect, Deadline::for_call(1000.0, 1), 0.0, 9);
    let request = ex.poll_transmit().unwrap();
    let reply = responder
        .handle(0, "127.0.0.1:5000".parse().unwrap(), &request)
        .unwrap();
    ex.handle_input(12.0, &reply);
    (Doom3Outcome::new(dialect, ex.poll_result().unwrap().unwrap()), request)
}

#[test]
fn our_client_reads_our_responder_in_every_dialect() {
    for dialect in Dialect::ALL {
        let mut responder = Responder::new(state(3), dialect, RateLimit::default()).unwrap();
        for asked in [Some(dialect), None] {
            let (outcome, request) = ask(asked, &mut responder);
            let reply = outcome.reply();
            assert_eq!(reply.dialect, dialect, "{dialect:?} asked as {asked:?}");
            assert_eq!(reply.clients.len(), 3);
            assert_eq!(reply.clients[2].name, b"^2P2");
            let etqw = dialect == Dialect::Etqw && asked.is_some();
            assert_eq!(
                &request[2..request.len() - 4],
                if etqw { &b"getInfoEx\0"[..] } else { &b"getInfo\0"[..] },
                "{:?}",
                &request[..request.len() - 4]
            );
            assert_eq!(reply.figures.len(), if etqw { 3 } else { 0 });
            let s = gamequery_core::doom3::unified::status(outcome, TextEncoding::Auto);
            assert_eq!((s.name.as_str(), s.map.as_deref()), ("Arena", Some("valley")));
            assert_eq!((s.players.online, s.players.max), (3, 24));
            assert_eq!(s.players.list[0].name, "P0");
            let with_flags = matches!(dialect, Dialect::Etqw | Dialect::Wolfenstein);
            assert_eq!(s.players.bots, with_flags.then_some(1), "{dialect:?}");
        }
    }
}

#[test]
fn an_earlier_attempts_echo_is_ignored() {
    let mut responder = Responder::new(state(1), Dialect::Doom3, RateLimit::default()).unwrap();
    let mut ex = Ask::exchange(None, Deadline::for_call(1000.0, 1), 0.0, 9);
    let first = ex.poll_transmit().unwrap();
    ex.handle_timeout(500.0);
    let second = ex.poll_transmit().unwrap();
    let from = "127.0.0.1:5000".parse().unwrap();
    ex.handle_input(510.0, &responder.handle(0, from, &first).unwrap());
    assert!(ex.poll_result().is_none(), "the first attempt's reply");
    ex.handle_input(520.0, &responder.handle(0, from, &second).unwrap());
    assert_eq!(ex.poll_result().unwrap().unwrap().latency_ms, 20.0);
}

#[test]
fn hostile_replies_end_in_a_typed_error_naming_the_field() {
    let head = b"\xff\xffinfoResponse\0\x01\x02\x03\x04\x29\x00\x01\x00".to_vec();
    // 10,000 settings: past the cap.
    let mut many = head.clone();
    for i in 0..10_000 {
        many.extend_from_slice(format!("k{i}\0v\0").as_bytes());
    }
    many.extend_from_slice(b"\0\0\x20");
    let e = Reply::decode(&many, None).unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::BadLength, Some("settings")));
    // A client cut off in its name.
    let mut cut = head.clone();
    cut.extend_from_slice(b"a\0b\0\0\0\x00\x28\x00\x00\x40\x00\x00Bo");
    let e = Reply::decode(&cut, None).unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::Truncated, Some("client name")));
    // Slots that do not rise.
    let mut back = head.clone();
    back.extend_from_slice(b"\0\0\x05\x28\x00\x00\x40\x00\x00A\0\x05\x28\x00\x00\x40\x00\x00B\0\x20");
    let e = Reply::decode(&back, Some(Dialect::Doom3)).unwrap_err();
    assert_eq!(
        (e.code, e.field, e.offset),
        (ErrorCode::Malformed, Some("client id"), Some(34))
    );
    // No end to the settings.
    let e = Reply::decode(&[&head[..], b"key\0val"].concat(), None).unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::Truncated, Some("setting value")));
    assert_eq!(
        Reply::decode(b"\xff\xffprint\0", None).unwrap_err().code,
        ErrorCode::UnexpectedOpcode
    );
    assert_eq!(
        Reply::decode(b"\xff\xff\xff\xffinfoResponse\n", None).unwrap_err().code,
        ErrorCode::UnexpectedOpcode
    );
}

#[test]
fn a_source_past_its_budget_gets_nothing() {
    let limit = RateLimit {
        burst: 1,
        per_second: 1,
    };
    let mut r = Responder::new(state(0), Dialect::Quake4, limit).unwrap();
    let from = "127.0.0.1:5000".parse().unwrap();
    let req = b"\xff\xffgetInfo\0\0\0\0\0";
    assert!(r.handle(0, from, req).is_some());
    assert!(r.handle(0, from, req).is_none());
    assert!(
        r.handle(0, from, b"\xff\xffgetInfoEx\0\0\0\0\0").is_none(),
        "getInfoEx is ET:QW's"
    );
}
