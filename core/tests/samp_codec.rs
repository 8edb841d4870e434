//! SA:MP codec: captured vectors, golden bytes for every opcode both ways, every
//! truncation point, and round trips over generated values.
#![cfg(feature = "samp")]

use gamequery_core::api;
use gamequery_core::samp::{
    Address, DecodeOptions, Dialect, Info, OpenMpInfo, Player, PlayerList, ReplyText, Request, RequestBody, Response,
    ResponseBody, RuleList, Rules,
};
use gamequery_core::wire::{from_hex, to_hex};
use gamequery_core::ErrorCode;
use proptest::prelude::*;
use serde_json::{json, Value};

/// The JSON-text API, seen as `serde_json::Value`s.
mod json_api {
    use super::*;
    pub fn decode_request(bytes: &[u8]) -> gamequery_core::Result<Value> {
        api::decode_request("samp", bytes, api::Json).map(|s| serde_json::from_str(&s).unwrap())
    }
    pub fn decode_response(protocol: &str, bytes: &[u8], options: Option<Value>) -> gamequery_core::Result<Value> {
        let options = options.map(|o| o.to_string());
        api::decode_response(protocol, bytes, options.as_deref(), api::Json).map(|s| serde_json::from_str(&s).unwrap())
    }
    pub fn encode_request(v: Value) -> gamequery_core::Result<Vec<u8>> {
        api::encode_request("samp", &v.to_string())
    }
    pub fn encode_response(v: Value) -> gamequery_core::Result<Vec<u8>> {
        api::encode_response("samp", &v.to_string())
    }
}

fn vectors() -> Vec<Value> {
    let text = std::fs::read_to_string(format!(
        "{}/../tests/fixtures/samp.json",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    ))
    .unwrap();
    serde_json::from_str::<Value>(&text).unwrap()["vectors"]
        .as_array()
        .unwrap()
        .clone()
}

fn vector(name: &str) -> Vec<u8> {
    let v = vectors().into_iter().find(|v| v["name"] == name).unwrap();
    from_hex(v["hex"].as_str().unwrap(), "vector").unwrap()
}

fn addr() -> Address {
    Address {
        ip: [51, 254, 130, 14].into(),
        port: 7777,
    }
}

#[test]
fn every_fixture_vector() {
    for v in vectors() {
        let bytes = from_hex(v["hex"].as_str().unwrap(), "hex").unwrap();
        let expect = &v["expect"];
        let decoded = if v["direction"] == "request" {
            json_api::decode_request(&bytes)
        } else {
            json_api::decode_response("samp", &bytes, None)
        };
        if let Some(err) = expect.get("error") {
            assert_eq!(err, "truncated");
            assert_eq!(decoded.unwrap_err().code, ErrorCode::Truncated, "{}", v["name"]);
            continue;
        }
        let d = decoded.unwrap_or_else(|e| panic!("{}: {e}", v["name"]));
        assert_eq!(d["opcode"], expect["opcode"], "{}", v["name"]);
        for key in [
            "ip",
            "port",
            "password",
            "players",
            "maxPlayers",
            "hostname",
            "gamemode",
            "language",
            "payload",
            "rules",
        ] {
            if let Some(want) = expect.get(key) {
                assert_eq!(&d[key], want, "{}: {key}", v["name"]);
            }
        }
        // decode → encode gives back the captured bytes.
        let again = if v["direction"] == "request" {
            json_api::encode_request(d.clone()).unwrap()
        } else {
            json_api::encode_response(d.clone()).unwrap()
        };
        assert_eq!(to_hex(&again), v["hex"].as_str().unwrap(), "{}", v["name"]);
    }
}

#[test]
fn golden_requests() {
    let cases: &[(RequestBody, &str)] = &[
        (RequestBody::Info, "53414d5033fe820e611e69"),
        (RequestBody::Rules, "53414d5033fe820e611e72"),
        (RequestBody::Clients, "53414d5033fe820e611e63"),
        (RequestBody::Players, "53414d5033fe820e611e64"),
        (RequestBody::OpenMp, "53414d5033fe820e611e6f"),
        (
            RequestBody::Ping {
                payload: gamequery_core::samp::Hex(*b"test"),
            },
            "53414d5033fe820e611e7074657374",
        ),
        (
            RequestBody::Rcon {
                password: "pw".into(),
                command: "players".into(),
                encoding: None,
            },
            "53414d5033fe820e611e78020070770700706c6179657273",
        ),
    ];
    for (body, hex) in cases {
        let req = Request::new(addr(), body.clone());
        assert_eq!(to_hex(&req.encode().unwrap()), *hex);
        let back = Request::decode(&from_hex(hex, "").unwrap()).unwrap();
        assert_eq!(back.body.opcode(), body.opcode());
        assert_eq!(back.address, addr());
    }
}

#[test]
fn requests_of_the_wrong_length_are_rejected() {
    let mut info = from_hex("53414d5033fe820e611e69", "").unwrap();
    info.push(0);
    assert_eq!(Request::decode(&info).unwrap_err().code, ErrorCode::BadLength);
    let ping_short = from_hex("53414d5033fe820e611e70747374", "").unwrap();
    assert_eq!(Request::decode(&ping_short).unwrap_err().code, ErrorCode::Truncated);
    let mut rcon = from_hex("53414d5033fe820e611e78020070770700706c6179657273", "").unwrap();
    rcon.push(b'!');
    assert_eq!(Request::decode(&rcon).unwrap_err().code, ErrorCode::BadLength);
}

fn text(enc: &str) -> ReplyText {
    ReplyText {
        encoding: Some(enc.into()),
        raw_strings: vec![],
    }
}

fn sample_responses() -> Vec<(ResponseBody, &'static str)> {
    vec![
        (
            ResponseBody::Info(Info {
                password: true,
                players: 2,
                max_players: 50,
                hostname: "Сервер".into(),
                gamemode: "RP".into(),
                language: "RU".into(),
                version: None,
                text: text("windows-1251"),
            }),
            "53414d5033fe820e611e69010200320006000000d1e5f0e2e5f0020000005250020000005255",
        ),
        (
            ResponseBody::Rules(Rules {
                rules: RuleList(vec![("version".into(), "omp 1.4.0.2779".into())]),
                text: text("utf-8"),
            }),
            "53414d5033fe820e611e7201000776657273696f6e0e6f6d7020312e342e302e32373739",
        ),
        (
            ResponseBody::Clients(PlayerList {
                players: vec![Player {
                    id: None,
                    name: "Kyle".into(),
                    score: -5,
                    ping: None,
                }],
                text: text("utf-8"),
            }),
            "53414d5033fe820e611e630100044b796c65fbffffff",
        ),
        (
            ResponseBody::Players(PlayerList {
                players: vec![Player {
                    id: Some(7),
                    name: "Kyle".into(),
                    score: 1000,
                    ping: Some(42),
                }],
                text: text("utf-8"),
            }),
            "53414d5033fe820e611e64010007044b796c65e80300002a000000",
        ),
        (
            ResponseBody::OpenMp(OpenMpInfo {
                discord: "abc".into(),
                light_banner: "".into(),
                dark_banner: "d".into(),
                logo: Some("l".into()),
                text: text("utf-8"),
            }),
            "53414d5033fe820e611e6f03000000616263000000000100000064010000006c",
        ),
        (
            ResponseBody::Ping {
                payload: gamequery_core::samp::Hex([1, 2, 3, 4]),
            },
            "53414d5033fe820e611e7001020304",
        ),
        (
            ResponseBody::RconLine(gamequery_core::samp::RconLine {
                line: "hi".into(),
                text: text("utf-8"),
            }),
            "53414d5033fe820e611e7802006869",
        ),
    ]
}

#[test]
fn golden_responses_both_ways() {
    for (body, hex) in sample_responses() {
        let res = Response::new(addr(), body.clone());
        assert_eq!(to_hex(&res.encode().unwrap()), hex, "{:?}", body.opcode());
        let opts = DecodeOptions {
            encoding: res.body_encoding(),
            ..Default::default()
        };
        let back = Response::decode(&from_hex(hex, "").unwrap(), &opts).unwrap();
        assert_eq!(strip(back), strip(res), "{hex}");
    }
}

trait BodyEncoding {
    fn body_encoding(&self) -> Option<String>;
}

impl BodyEncoding for Response {
    fn body_encoding(&self) -> Option<String> {
        match &self.body {
            ResponseBody::Info(i) => i.text.encoding.clone(),
            _ => Some("utf-8".into()),
        }
    }
}

/// Raw strings are reported on decode only; compare the rest.
fn strip(mut r: Response) -> Response {
    let t = match &mut r.body {
        ResponseBody::Info(i) => &mut i.text,
        ResponseBody::Rules(x) => &mut x.text,
        ResponseBody::Clients(x) | ResponseBody::Players(x) => &mut x.text,
        ResponseBody::OpenMp(x) => &mut x.text,
        ResponseBody::RconLine(x) => &mut x.text,
        ResponseBody::Ping { .. } => return r,
    };
    t.raw_strings.clear();
    r
}

#[test]
fn every_truncation_point_is_a_typed_error() {
    let mut replies: Vec<Vec<u8>> = ["info reply", "rules reply", "ping reply"]
        .iter()
        .map(|n| vector(n))
        .collect();
    for (body, _) in sample_responses() {
        replies.push(Response::new(addr(), body).encode().unwrap());
    }
    for full in replies {
        for cut in 0..full.len() {
            let err = match Response::decode(&full[..cut], &DecodeOptions::default()) {
                // open.mp's `o` reply is complete without its logo (pre-2024-06 servers).
                Ok(r) if r.body.opcode() == gamequery_core::samp::Opcode::OpenMp && cut == full.len() - 5 => continue,
                other => other.unwrap_err(),
            };
            assert!(
                matches!(err.code, ErrorCode::Truncated),
                "cut {cut} of {}: {err:?}",
                to_hex(&full)
            );
            if cut >= 11 {
                assert!(err.field.is_some() && err.offset.is_some_and(|o| o <= cut));
            }
        }
    }
}

#[test]
fn decoded_values_from_the_capture() {
    let d = json_api::decode_response("samp", &vector("info reply"), None).unwrap();
    assert_eq!(d["encoding"], "utf-8");
    assert!(d.get("rawStrings").is_none(), "raw strings only when asked for");
    let d = json_api::decode_response("samp", &vector("info reply"), Some(json!({"rawStrings": true}))).unwrap();
    assert_eq!(d["rawStrings"][0], to_hex(b"Convoy Trucking"));
    let e = json_api::decode_response("samp", &vector("info reply truncated inside the hostname"), None).unwrap_err();
    assert_eq!((e.field, e.offset), (Some("hostname"), Some(16)));
}

#[test]
fn hostile_inputs() {
    // A hostname declaring 2 GiB: rejected on the prefix, nothing allocated.
    let mut bad = from_hex("53414d5033fe820e611e69000c006400", "").unwrap();
    bad.extend_from_slice(&0x7fff_ffffu32.to_le_bytes());
    assert_eq!(
        Response::decode(&bad, &Default::default()).unwrap_err().code,
        ErrorCode::BadLength
    );
    // 65535 players declared, none present.
    let bad = from_hex("53414d5033fe820e611e63ffff", "").unwrap();
    assert_eq!(
        Response::decode(&bad, &Default::default()).unwrap_err().code,
        ErrorCode::Truncated
    );
    // Trailing garbage after a complete reply.
    let mut bad = vector("ping reply");
    bad.push(0);
    assert_eq!(
        Response::decode(&bad, &Default::default()).unwrap_err().code,
        ErrorCode::TrailingBytes
    );
    assert_eq!(
        Response::decode(b"GAMP\0\0\0\0\0\0i", &Default::default())
            .unwrap_err()
            .code,
        ErrorCode::BadMagic
    );
    let e = json_api::decode_response("samp", &vector("ping reply"), Some(json!({"encoding": "klingon"}))).unwrap_err();
    assert_eq!(e.code, ErrorCode::BadEncoding);
    assert_eq!(
        json_api::decode_response("sanp", &[], None).unwrap_err().code,
        ErrorCode::InvalidArgument
    );
}

#[test]
fn explicit_encoding_and_cp1251_detection() {
    let cp = encoding_rs::WINDOWS_1251
        .encode("Русский сервер ролевой игры")
        .0
        .into_owned();
    let mut pkt = Vec::new();
    pkt.extend_from_slice(b"SAMP\0\0\0\0\x61\x1ei\0\x05\0\x32\0");
    pkt.extend_from_slice(&(cp.len() as u32).to_le_bytes());
    pkt.extend_from_slice(&cp);
    pkt.extend_from_slice(b"\x02\0\0\0RP\x07\0\0\0Russian");
    let auto = json_api::decode_response("samp", &pkt, None).unwrap();
    assert_eq!(auto["hostname"], "Русский сервер ролевой игры");
    assert_eq!(auto["encoding"], "windows-1251");
    let latin = json_api::decode_response("samp", &pkt, Some(json!({"encoding": "latin1"}))).unwrap();
    assert_eq!(latin["encoding"], "windows-1252");
    assert_ne!(latin["hostname"], auto["hostname"]);
    assert_eq!(json_api::encode_response(auto).unwrap(), pkt);
}

/// Under `auto`, a reply whose strings are not UTF-8 reads as under the guessed page given
/// outright, in every kind of reply: ASCII strings before and after the first non-UTF-8
/// one, and one whose bytes are UTF-8 too (`РЎ`, D0 A1: `С`), each in its place.
#[test]
fn auto_reads_every_string_as_the_guessed_page_does() {
    let ru = ["Русский сервер", "Привет", "РЎ", "игроки онлайн"];
    let bodies = [
        ResponseBody::Info(Info {
            hostname: "Server".into(),
            gamemode: ru[0].into(),
            language: "Russian".into(),
            ..Info::default()
        }),
        ResponseBody::Rules(Rules {
            rules: RuleList(vec![
                ("version".into(), "0.3.7".into()),
                (ru[1].into(), ru[2].into()),
                ("weburl".into(), ru[3].into()),
            ]),
            ..Rules::default()
        }),
        ResponseBody::Players(PlayerList {
            players: ["Kane", ru[2], ru[1], "Lucia", ru[3]]
                .iter()
                .enumerate()
                .map(|(i, n)| Player {
                    id: Some(i as u8),
                    name: (*n).into(),
                    score: 1,
                    ping: Some(2),
                })
                .collect(),
            ..PlayerList::default()
        }),
        ResponseBody::OpenMp(OpenMpInfo {
            discord: "discord.gg/x".into(),
            light_banner: ru[0].into(),
            dark_banner: ru[2].into(),
            logo: Some(ru[3].into()),
            ..OpenMpInfo::default()
        }),
        ResponseBody::RconLine(gamequery_core::samp::RconLine {
            line: ru[3].into(),
            ..Default::default()
        }),
    ];
    for mut body in bodies {
        *body.text_mut().unwrap() = text("windows-1251");
        let bytes = Response::new(addr(), body.clone()).encode().unwrap();
        let options = |encoding: Option<&str>| DecodeOptions {
            encoding: encoding.map(Into::into),
            raw_strings: true,
        };
        let fixed = Response::decode(&bytes, &options(Some("windows-1251"))).unwrap();
        let auto = Response::decode(&bytes, &options(None)).unwrap();
        assert_eq!(auto, fixed, "{:?}", body.opcode());
        assert_eq!(strip(auto).body, body);
    }
}

fn name() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9_\\[\\]@ ]{0,24}"
}

proptest! {
    #[test]
    fn info_round_trip(password: bool, players: u16, max: u16, h in ".{0,40}", g in name(), l in name()) {
        let res = Response::new(addr(), ResponseBody::Info(Info {
            password, players, max_players: max, hostname: h, gamemode: g, language: l, version: None, text: text("utf-8") }));
        let back = Response::decode(&res.encode().unwrap(), &DecodeOptions { encoding: Some("utf-8".into()), ..Default::default() }).unwrap();
        prop_assert_eq!(strip(back), strip(res));
    }

    #[test]
    fn players_round_trip(list in prop::collection::vec((any::<u8>(), name(), any::<i32>(), any::<u32>()), 0..40), detailed: bool) {
        let players = list.into_iter().map(|(id, name, score, ping)| Player {
            id: detailed.then_some(id), name, score, ping: detailed.then_some(ping) }).collect();
        let list = PlayerList { players, text: text("utf-8") };
        let body = if detailed { ResponseBody::Players(list) } else { ResponseBody::Clients(list) };
        let res = Response::new(addr(), body);
        let back = Response::decode(&res.encode().unwrap(), &DecodeOptions { encoding: Some("utf-8".into()), ..Default::default() }).unwrap();
        prop_assert_eq!(strip(back), strip(res));
    }

    #[test]
    fn rules_round_trip(pairs in prop::collection::vec((name(), name()), 0..30)) {
        let res = Response::new(addr(), ResponseBody::Rules(Rules { rules: RuleList(pairs), text: text("utf-8") }));
        let back = Response::decode(&res.encode().unwrap(), &DecodeOptions { encoding: Some("utf-8".into()), ..Default::default() }).unwrap();
        prop_assert_eq!(strip(back), strip(res));
    }

    #[test]
    fn garbage_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = Response::decode(&bytes, &DecodeOptions::default());
        let _ = Request::decode(&bytes);
        let mut framed = b"SAMP\0\0\0\0\0\0".to_vec();
        framed.extend_from_slice(&bytes);
        let _ = Response::decode(&framed, &DecodeOptions::default());
        let _ = Request::decode(&framed);
    }
}

#[test]
fn one_detector_run_per_decode_none_for_ascii() {
    use gamequery_core::text::detector_runs;
    let list = |names: &[&str], encoding: &str| {
        let players = names.iter().map(|n| json!({"name": n, "score": 1})).collect::<Vec<_>>();
        json_api::encode_response(json!({"opcode": "c", "players": players, "encoding": encoding})).unwrap()
    };
    let before = detector_runs();
    json_api::decode_response("samp", &list(&["Player_1", "[ABC]Two"], "utf-8"), None).unwrap();
    assert_eq!(detector_runs(), before);
    let d =
        json_api::decode_response("samp", &list(&["José", "Müller", "Zoë", "plain"], "windows-1252"), None).unwrap();
    assert_eq!(d["players"][1]["name"], "Müller");
    assert_eq!(detector_runs(), before + 1);
    json_api::decode_response(
        "samp",
        &list(&["José"], "windows-1252"),
        Some(json!({"encoding": "cp1252"})),
    )
    .unwrap();
    assert_eq!(detector_runs(), before + 1);
}

/// Vice City: Multiplayer 0.4: `VCMP` requests, `MP04` replies, the version before the
/// info, names only in `c`. The values are a live 0.4 server's as opengsq-python's test
/// results record them (`tests/results/test_vcmp/test_get_status.json` and
/// `test_get_players.json`, 1530a54): the bytes are those values in VC:MP's layout.
#[test]
fn vcmp_golden_bytes_both_ways() {
    let address = Address {
        ip: [127, 0, 0, 1].into(),
        port: 8192,
    };
    let request = Request::new(address, RequestBody::Info).in_dialect(Dialect::Vcmp);
    assert_eq!(to_hex(&request.encode().unwrap()), "56434d507f000001002069");
    assert_eq!(Request::decode(&request.encode().unwrap()).unwrap(), request);
    let info = concat!(
        "4d5030347f000001002069303472656c30303600000000",
        "00 0200 6400",
        "21000000 5b302e345d206c6974746c6577686974657927732056432d4d5020536572766572",
        "15000000 4c5727732076322e312028303130292028432b2b29",
        "09000000 566963652043697479",
    )
    .replace(' ', "");
    let utf8 = DecodeOptions {
        encoding: Some("utf-8".into()),
        ..Default::default()
    };
    let decoded = Response::decode(&from_hex(&info, "test").unwrap(), &utf8).unwrap();
    assert_eq!(decoded.dialect, Dialect::Vcmp);
    let ResponseBody::Info(i) = &decoded.body else {
        panic!("an info reply")
    };
    assert_eq!(
        (i.version.as_deref(), i.password, i.players, i.max_players),
        (Some("04rel006"), false, 2, 100)
    );
    assert_eq!(
        (i.hostname.as_str(), i.gamemode.as_str(), i.language.as_str()),
        (
            "[0.4] littlewhitey's VC-MP Server",
            "LW's v2.1 (010) (C++)",
            "Vice City"
        )
    );
    assert_eq!(to_hex(&decoded.encode().unwrap()), info);
    let clients = "4d5030347f0000010020630200095b4e72415d4178616e0d78787878787874656e73696f6e";
    let decoded = Response::decode(&from_hex(clients, "test").unwrap(), &utf8).unwrap();
    let ResponseBody::Clients(list) = &decoded.body else {
        panic!("a client list")
    };
    let names: Vec<_> = list.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["[NrA]Axan", "xxxxxxtension"]);
    assert_eq!(to_hex(&decoded.encode().unwrap()), clients);
    // As JSON, the dialect is said; SA:MP's replies say none.
    let json = serde_json::to_value(&decoded).unwrap();
    assert_eq!(json["dialect"], "vcmp");
    // A truncated version is a decoder error naming it.
    let e = Response::decode(&from_hex(&info[..40], "test").unwrap(), &utf8).unwrap_err();
    assert_eq!((e.code, e.field), (ErrorCode::Truncated, Some("version")));
}
