//! Arma 3's and DayZ's server browser message in A2S_RULES (`bohemia.rs`): two real Arma 3
//! servers' rules captured by GameQ, and golden messages written byte by byte from the
//! documented layouts (DayZ's among them: GameQ's DayZ captures predate the message, and
//! WoozyMasta/a2s and python-a2s test against live servers only).

use super::bohemia::{self, CreatorDlc, Difficulty, Dlc, Mod, Page, ServerBrowser};
use super::*;
use crate::values::RuleList;

fn hex(s: &str) -> Vec<u8> {
    crate::wire::from_hex(&s.replace(' ', ""), "test").unwrap()
}

/// Arma 3 (version 3): Karts, Apex and Contact; difficulty 2 with AI 3 and the advanced
/// flight model; CBA from the Workshop, a local mod, a creator DLC; two keys.
fn arma3() -> (Vec<u8>, ServerBrowser) {
    let bytes = hex(concat!(
        "03 00 1104 5a 01",
        "a1b2c3d4 000000ff 01000000",
        "03",
        "78563412 04 15e4de1a 06 4342415f4133",
        "0d0c0b0a 04 00000000 06 406c6f63616c",
        "ffffffff 14 2ce70f00",
        "02 02 6133 08 6362615f335f3136",
    ));
    let dlc = |flag, name: &str, hash| Dlc {
        flag,
        name: Some(name.into()),
        hash,
    };
    let message = ServerBrowser {
        version: 3,
        overflow: 0,
        dlcs: vec![
            dlc(0x1, "Karts", 0xd4c3_b2a1),
            dlc(0x10, "Apex", 0xff00_0000),
            dlc(0x400, "Contact", 1),
        ],
        difficulty: Some(Difficulty {
            level: 2,
            ai_level: 3,
            advanced_flight_model: true,
            third_person: false,
            crosshair: true,
        }),
        mods: vec![
            Mod {
                name: "CBA_A3".into(),
                workshop_id: "450814997".into(),
                hash: 0x1234_5678,
            },
            Mod {
                name: "@local".into(),
                workshop_id: "0".into(),
                hash: 0x0a0b_0c0d,
            },
        ],
        creator_dlcs: vec![CreatorDlc {
            app_id: 1_042_220,
            hash: 0xffff_ffff,
        }],
        signatures: vec!["a3".into(), "cba_3_16".into()],
        description: None,
    };
    (bytes, message)
}

/// DayZ (version 2): Livonia, one Workshop mod, no keys, a description.
fn dayz() -> (Vec<u8>, ServerBrowser) {
    let bytes = hex(concat!(
        "02 00 0100 efbeadde",
        "01 44332211 04 04b0ef5c 06 547261646572",
        "00",
        "14 57656c636f6d6520746f20436865726e61727573",
    ));
    let message = ServerBrowser {
        version: 2,
        dlcs: vec![Dlc {
            flag: 1,
            name: Some("Livonia".into()),
            hash: 0xdead_beef,
        }],
        mods: vec![Mod {
            name: "Trader".into(),
            workshop_id: "1559212036".into(),
            hash: 0x1122_3344,
        }],
        description: Some("Welcome to Chernarus".into()),
        ..ServerBrowser::default()
    };
    (bytes, message)
}

#[test]
fn the_documented_layouts_decode_and_encode_to_the_same_bytes() {
    for (bytes, message) in [arma3(), dayz()] {
        assert_eq!(ServerBrowser::decode(&bytes).unwrap(), message);
        assert_eq!(message.encode(), bytes);
    }
}

#[test]
fn escapes_read_in_one_pass() {
    let raw = [0u8, 1, 0xff, 1, 2, 7];
    let escaped = bohemia::escape(&raw);
    assert_eq!(escaped, [1, 2, 1, 1, 1, 3, 1, 1, 2, 7]);
    assert_eq!(bohemia::unescape(&escaped).unwrap(), raw);
    // `01 01 02` is 01 then 02, not 01 00 (what replacing `01 02` first would give).
    assert_eq!(bohemia::unescape(&[1, 1, 2]).unwrap(), [1, 2]);
    for bad in [&[1u8][..], &[5, 1, 9]] {
        let e = bohemia::unescape(bad).unwrap_err();
        assert_eq!(e.code, crate::error::ErrorCode::Malformed, "{e}");
    }
}

/// The rules a server sends: text rules, then the pages in the order given.
fn rules_reply(text: &[(&str, &str)], pages: &[&Page]) -> Vec<u8> {
    let mut out = hex("ffffffff 45");
    out.extend(((text.len() + pages.len()) as u16).to_le_bytes());
    for (k, v) in text {
        out.extend([k.as_bytes(), &[0], v.as_bytes(), &[0]].concat());
    }
    for p in pages {
        out.extend([&[p.number, p.count, 0], &p.bytes[..], &[0]].concat());
    }
    out
}

/// A rules reply read as the query reads it: the text rules, and the message if any.
fn read(reply: &[u8]) -> (RuleList, Option<ServerBrowser>) {
    let Response::Rules { mut rules, pages, .. } = Response::decode(reply, false).unwrap() else {
        panic!("a rules reply")
    };
    let message = bohemia::take(&mut rules, &pages);
    (rules, message)
}

#[test]
fn pages_in_any_order_become_the_message_and_text_rules_stay() {
    let (_, mut message) = arma3();
    // Enough mods for several pages, with escapes everywhere (hashes of 00 and FF bytes).
    for i in 0..40u32 {
        message.mods.push(Mod {
            name: format!("@mod_{i}"),
            workshop_id: (u64::from(i) << 32 | 0xff00_01ff).to_string(),
            hash: i * 0x0100_0001,
        });
    }
    let pages = message.pages();
    assert!(pages.0.len() >= 5, "{} pages", pages.0.len());
    assert!(pages.0.iter().all(|p| p.bytes.len() <= 124 && !p.bytes.contains(&0)));
    let reversed: Vec<&Page> = pages.0.iter().rev().collect();
    let text = [("island", "Altis"), ("ab", "two bytes, not a page")];
    let (rules, got) = read(&rules_reply(&text, &reversed));
    assert_eq!(got.as_ref(), Some(&message));
    let text: Vec<_> = text.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    assert_eq!(rules, RuleList(text.clone()));
    // What the responder writes (pages first) reads back the same.
    let served = Response::Rules {
        rules: rules.clone(),
        truncated: false,
        pages: pages.clone(),
    };
    let bytes = served.encode().unwrap();
    assert_eq!(&bytes[7..9], [1, pages.0.len() as u8], "the first rule is page 1");
    assert_eq!(read(&bytes), (rules, Some(message)));

    // A page lost (a server cutting its rules): no message; every page stays a rule, in place.
    let (rules, got) = read(&rules_reply(&[("island", "Altis")], &reversed[1..]));
    assert_eq!(got, None);
    assert_eq!(rules.0.len(), pages.0.len());
    assert_eq!(rules.0[0].0, "island");
}

#[test]
fn a_message_that_does_not_read_is_left_as_rules() {
    for bad in [
        // A Workshop id of 9 bytes.
        hex("03 00 0000 00 00 01 00000000 09 010203040506070809 00 00"),
        // Version 1 (Arma 3's first, undocumented).
        hex("01 00 0000 00"),
        // A mod count past the end.
        hex("02 00 0000 05 00000000 04"),
    ] {
        assert!(ServerBrowser::decode(&bad).is_err());
        let page = Page {
            rule: 0,
            number: 1,
            count: 1,
            bytes: bohemia::escape(&bad),
        };
        let (rules, got) = read(&rules_reply(&[], &[&page]));
        assert_eq!(got, None);
        assert_eq!(rules.0.len(), 1);
        assert_eq!(rules.0[0].0, "\u{1}\u{1}");
    }
}

/// Two real Arma 3 servers' rules, captured in GameQ's tests (Austinb/GameQ
/// `tests/Protocols/Providers/Arma3/1_response.txt` and `2_response.txt`, 628534b; in
/// `tests/fixtures/a2s.json`): every page joins into a message that reads to its end.
#[test]
fn captured_arma3_rules_read_whole() {
    let text = std::fs::read_to_string(format!(
        "{}/../tests/fixtures/a2s.json",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    ))
    .unwrap();
    let fixtures: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rules = |name: &str| {
        let v = fixtures["vectors"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["name"] == name)
            .unwrap();
        let (rules, message) = read(&hex(v["hex"].as_str().unwrap()));
        (rules, message.expect("a message"))
    };
    let (text, one) = rules("GameQ Arma3 1: A2S_RULES");
    assert_eq!(text, RuleList::default(), "every rule was a page");
    assert_eq!((one.version, one.overflow, one.dlcs.len()), (3, 0, 12));
    assert_eq!(one.dlcs[0].name.as_deref(), Some("Karts"));
    assert_eq!(
        one.difficulty,
        Some(Difficulty {
            level: 1,
            ai_level: 1,
            advanced_flight_model: false,
            third_person: true,
            crosshair: true,
        })
    );
    assert_eq!(one.mods.len(), 9);
    let cba = one.mods.last().unwrap();
    assert_eq!(
        (cba.name.as_str(), cba.workshop_id.as_str(), cba.hash),
        ("Community Base Addons v3.15.6", "450814997", 1_554_115_884)
    );
    assert_eq!(one.mods[0].name, "[DEV] CUP Missions 0.2");
    assert_eq!(one.signatures.len(), 11);
    assert_eq!(one.signatures[2], "cba_3.15.6.211004-0fb4db14");
    assert_eq!((one.creator_dlcs.len(), one.description.as_deref()), (0, None));
    let (_, two) = rules("GameQ Arma3 2: A2S_RULES");
    assert_eq!(two.mods, []);
    assert_eq!(two.signatures, ["a3", "jsrs_soundmod_2020_v2"]);
    // What we write reads back the same.
    assert_eq!(ServerBrowser::decode(&one.encode()).unwrap(), one);
}

#[test]
fn a_message_too_long_for_255_pages_loses_mods_from_its_end_and_says_so() {
    let (_, mut message) = arma3();
    message.mods = (0..255u32)
        .map(|i| Mod {
            name: format!("@a_mod_with_a_long_name_{i:03}_{}", "x".repeat(200)),
            workshop_id: (u64::from(i) + 1_000_000).to_string(),
            hash: i,
        })
        .collect();
    let pages = message.pages();
    assert!(pages.0.len() <= 255, "{} pages", pages.0.len());
    let reply = rules_reply(&[], &pages.0.iter().collect::<Vec<_>>());
    let (_, read) = read(&reply);
    let read = read.expect("the cut message reads");
    assert_eq!(read.overflow & 1, 1);
    assert!(
        read.mods.len() < 255 && read.mods.len() > 100,
        "{} mods kept",
        read.mods.len()
    );
    assert_eq!(read.mods[..], message.mods[..read.mods.len()]);
}

#[test]
fn a_duplicate_page_and_a_text_rule_alike_stay_rules() {
    let (_, message) = dayz();
    let pages = message.pages();
    assert_eq!(pages.0.len(), 1);
    // The page twice: the first makes the message, the second stays a rule.
    let reply = rules_reply(&[("island", "x")], &[&pages.0[0], &pages.0[0]]);
    let (rules, got) = read(&reply);
    assert_eq!(got, Some(message));
    assert_eq!(rules.0.len(), 2, "{rules:?}");
}
