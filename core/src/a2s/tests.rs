use super::info::{SourceTv, TheShip};
use super::*;
use crate::error::ErrorCode;
use crate::values::{Hex, RuleList};

fn hex(s: &str) -> Vec<u8> {
    crate::wire::from_hex(&s.replace(' ', ""), "test").unwrap()
}

#[test]
fn requests_golden_bytes() {
    let info = Request::Info { challenge: None }.encode();
    assert_eq!(info, hex("ffffffff 54 536f7572636520456e67696e6520517565727900"));
    let again = Request::Info {
        challenge: Some(Hex([0x4a, 0x9b, 0x01, 0x7c])),
    };
    assert_eq!(again.encode(), [&info[..], &[0x4a, 0x9b, 0x01, 0x7c]].concat());
    assert_eq!(Request::decode(&again.encode()).unwrap(), again);
    let players = Request::Players {
        challenge: Hex([0xff; 4]),
    };
    assert_eq!(players.encode(), hex("ffffffff 55 ffffffff"));
    assert_eq!(
        Request::decode(&hex("ffffffff 56 01020304")).unwrap(),
        Request::Rules {
            challenge: Hex([1, 2, 3, 4])
        }
    );
    assert_eq!(
        Request::decode(&hex("ffffffff 54 00")).unwrap_err().code,
        ErrorCode::Truncated
    );
    assert_eq!(
        Request::decode(&hex("ffffffff 57")).unwrap_err().code,
        ErrorCode::UnexpectedOpcode
    );
}

fn cs2() -> Info {
    Info {
        protocol: 17,
        name: "Dust2 24/7 | Россия".into(),
        map: "de_dust2".into(),
        folder: "csgo".into(),
        game: "Counter-Strike 2".into(),
        app_id: 730,
        players: 12,
        max_players: 24,
        bots: 2,
        server_type: "dedicated".into(),
        environment: "linux".into(),
        password: false,
        vac: true,
        version: "1.40.4.5".into(),
        game_port: Some(27015),
        steam_id: Some("90264374594460680".into()),
        source_tv: Some(SourceTv {
            port: 27020,
            name: "SourceTV".into(),
        }),
        keywords: Some("empty,secure".into()),
        game_id: Some("730".into()),
        ..Info::default()
    }
}

#[test]
fn info_round_trips_with_every_extra_field() {
    let reply = Response::Info(cs2());
    let bytes = reply.encode().unwrap();
    assert_eq!(&bytes[..5], &hex("ffffffff49")[..]);
    let edf = bytes.windows(9).position(|w| w == b"1.40.4.5\0").unwrap() + 9;
    assert_eq!(bytes[edf], 0xf1, "EDF: port, steam id, sourcetv, keywords, game id");
    assert_eq!(Response::decode(&bytes, false).unwrap(), reply);
    // Old servers end after the version; the EDF is optional.
    let plain = Info {
        game_port: None,
        steam_id: None,
        source_tv: None,
        keywords: None,
        game_id: None,
        ..cs2()
    };
    let bytes = Response::Info(plain.clone()).encode().unwrap();
    assert_eq!(*bytes.last().unwrap(), 0, "ends with the version's NUL");
    assert_eq!(Response::decode(&bytes, false).unwrap(), Response::Info(plain));
}

#[test]
fn app_ids_above_65535_come_from_the_game_id() {
    let mut info = cs2();
    info.app_id = 1_604_030; // V Rising
    info.game_id = Some(1_604_030u64.to_string());
    let bytes = Response::Info(info.clone()).encode().unwrap();
    let Response::Info(back) = Response::decode(&bytes, false).unwrap() else {
        panic!()
    };
    assert_eq!(back.app_id, 1_604_030);
    // A short id of 0 with the real one in the game id's low 24 bits.
    let mut info = cs2();
    info.app_id = 0;
    info.game_id = Some(((7u64 << 56) | 440).to_string());
    let bytes = Response::Info(info).encode().unwrap();
    let Response::Info(back) = Response::decode(&bytes, false).unwrap() else {
        panic!()
    };
    assert_eq!(back.app_id, 440);
}

#[test]
fn the_ship_and_goldsrc() {
    let ship = Info {
        app_id: 2400,
        the_ship: Some(TheShip {
            mode: 1,
            witnesses: 3,
            duration: 20,
        }),
        ..cs2()
    };
    let bytes = Response::Info(ship.clone()).encode().unwrap();
    assert_eq!(Response::decode(&bytes, false).unwrap(), Response::Info(ship));
    let gold = GoldSrcInfo {
        address: "127.0.0.1:27015".into(),
        name: "HLDS".into(),
        map: "crossfire".into(),
        folder: "valve".into(),
        game: "Half-Life".into(),
        players: 3,
        max_players: 16,
        protocol: 47,
        server_type: "dedicated".into(),
        environment: "windows".into(),
        password: false,
        r#mod: Some(info::GoldSrcMod {
            link: "http://example.org".into(),
            download: "".into(),
            version: 1,
            size: 184_000,
            multiplayer_only: true,
            own_dll: true,
        }),
        vac: true,
        bots: Some(0),
    };
    let bytes = Response::GoldSrcInfo(gold.clone()).encode().unwrap();
    assert_eq!(bytes[4], b'm');
    assert_eq!(
        Response::decode(&bytes, false).unwrap(),
        Response::GoldSrcInfo(gold.clone())
    );
    // HLTV leaves out the bots byte.
    let hltv = Response::decode(&bytes[..bytes.len() - 1], false).unwrap();
    assert_eq!(hltv, Response::GoldSrcInfo(GoldSrcInfo { bots: None, ..gold }));
}

#[test]
fn players_past_255_and_truncated_rules() {
    let players: Vec<Player> = (0..300)
        .map(|i| Player {
            name: format!("p{i}"),
            score: i - 10,
            duration: i as f32 * 1.5,
            ..Player::default()
        })
        .collect();
    let bytes = Response::Players {
        players: players.clone(),
    }
    .encode()
    .unwrap();
    assert_eq!(bytes[5], 300u32 as u8, "the count byte wraps");
    assert_eq!(Response::decode(&bytes, false).unwrap(), Response::Players { players });
    // A count of 255 with 3 records: the records are what counts.
    let three = Response::Players {
        players: vec![Player::default(); 3],
    };
    let mut lying = three.encode().unwrap();
    lying[5] = 255;
    assert_eq!(Response::decode(&lying, false).unwrap(), three);
    let rules = RuleList(vec![
        ("mp_timelimit".into(), "30".into()),
        ("sv_gravity".into(), "800".into()),
    ]);
    let bytes = Response::Rules {
        rules: rules.clone(),
        truncated: false,
        pages: Default::default(),
    }
    .encode()
    .unwrap();
    assert_eq!(
        Response::decode(&bytes, false).unwrap(),
        Response::Rules {
            rules: rules.clone(),
            truncated: false,
            pages: Default::default(),
        }
    );
    let cut = Response::decode(&bytes[..bytes.len() - 2], false).unwrap();
    let Response::Rules {
        rules: got, truncated, ..
    } = cut
    else {
        panic!()
    };
    assert!(truncated);
    assert_eq!(got.0[1], ("sv_gravity".to_string(), "80".to_string()));
}

#[test]
fn challenges_and_headers() {
    let c = Response::Challenge {
        challenge: Hex([1, 2, 3, 4]),
    };
    assert_eq!(c.encode().unwrap(), hex("ffffffff 41 01020304"));
    assert_eq!(Response::decode(&hex("ffffffff 41 01020304"), false).unwrap(), c);
    assert_eq!(
        Response::decode(&hex("feffffff 01000000 0200"), false)
            .unwrap_err()
            .code,
        ErrorCode::UnexpectedOpcode
    );
    assert_eq!(
        Response::decode(&hex("00112233 49"), false).unwrap_err().code,
        ErrorCode::BadMagic
    );
    assert_eq!(
        Response::decode(&hex("ffffffff 49 11 414243"), false).unwrap_err().code,
        ErrorCode::Truncated
    );
}

#[test]
fn garbage_never_panics() {
    use proptest::prelude::*;
    use proptest::test_runner::TestRunner;
    let prefixes = [
        hex("ffffffff49"),
        hex("ffffffff6d"),
        hex("ffffffff44"),
        hex("ffffffff45"),
        hex("ffffffff41"),
        hex("ffffffff54"),
    ];
    let valid = Response::Info(cs2()).encode().unwrap();
    TestRunner::default()
        .run(
            &(0..prefixes.len() + 1, proptest::collection::vec(any::<u8>(), 0..300)),
            |(k, tail)| {
                let bytes = match prefixes.get(k) {
                    Some(p) => [&p[..], &tail].concat(),
                    None => [&valid[..tail.len().min(valid.len())], &tail].concat(),
                };
                let _ = Response::decode(&bytes, k % 2 == 0);
                let _ = Request::decode(&bytes);
                for layout in [split::Layout::Source, split::Layout::GoldSrc] {
                    let mut r = split::Reassembly::new(layout);
                    let _ = r.push(&[&split::SPLIT[..], &tail].concat());
                }
                Ok(())
            },
        )
        .unwrap();
}
