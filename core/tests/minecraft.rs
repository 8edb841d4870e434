//! Minecraft Java and legacy pings: the captured vectors, golden bytes both ways,
//! exchanges against the responder in memory, hostile input.
#![cfg(feature = "minecraft")]

use gamequery_core::exchange::Exchange;
use gamequery_core::minecraft::java::exchange::{JavaLatencySource, StatusExchange};
use gamequery_core::minecraft::java::responder::{Connection, Served};
use gamequery_core::minecraft::java::{JavaStatus, Request, Response};
use gamequery_core::minecraft::legacy::{self, LegacyExchange};
use gamequery_core::values::Hex;
use gamequery_core::wire::{from_hex, to_hex};
use gamequery_core::ErrorCode;
use serde_json::{json, Value};

fn vectors() -> Vec<Value> {
    let text = std::fs::read_to_string(format!(
        "{}/../tests/fixtures/minecraft-java.json",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    ))
    .unwrap();
    serde_json::from_str::<Value>(&text).unwrap()["vectors"]
        .as_array()
        .unwrap()
        .clone()
}

fn vector(name: &str) -> Vec<u8> {
    let v = vectors()
        .into_iter()
        .find(|v| v["name"].as_str().unwrap().starts_with(name))
        .unwrap();
    from_hex(v["hex"].as_str().unwrap(), "hex").unwrap()
}

#[test]
fn handshake_and_status_request() {
    let bytes = vector("handshake");
    let req = Request::decode(&bytes).unwrap();
    assert_eq!(
        req,
        Request::Status {
            protocol: 767,
            host: "127.0.0.1".into(),
            port: 25565
        }
    );
    assert_eq!(req.encode().unwrap(), bytes);
}

#[test]
fn status_response_decodes_and_re_encodes_byte_for_byte() {
    let bytes = vector("status response");
    let Response::Status(s) = Response::decode(&bytes).unwrap() else {
        panic!()
    };
    let v = s.version.as_ref().unwrap();
    assert_eq!((v.name.as_str(), v.protocol), ("26.1", 775));
    let p = s.players.as_ref().unwrap();
    assert_eq!((p.online, p.max, p.sample.len()), (0, 42, 0));
    assert_eq!(s.motd.plain, "Hello World");
    assert_eq!(s.motd.raw.to_value(), json!({"text": "§aHello §lWorld"}));
    assert_eq!(Response::Status(s.clone()).encode().unwrap(), bytes);
    // Through JSON, as JS callers hold it.
    let js = serde_json::to_string(&Response::Status(s)).unwrap();
    let back: Response = gamequery_core::input::from_json("response", &js).unwrap();
    assert_eq!(back.encode().unwrap(), bytes);
}

#[test]
fn pong() {
    let bytes = vector("pong");
    let res = Response::decode(&bytes).unwrap();
    assert_eq!(
        res,
        Response::Pong {
            payload: Hex(from_hex("0123456789abcdef", "").unwrap().try_into().unwrap())
        }
    );
    assert_eq!(res.encode().unwrap(), bytes);
    assert_eq!(
        to_hex(
            &Request::Ping {
                payload: Hex([1, 2, 3, 4, 5, 6, 7, 8])
            }
            .encode()
            .unwrap()
        ),
        "09010102030405060708"
    );
}

#[test]
fn legacy_vectors() {
    let beta = vector("legacy beta reply");
    let r = legacy::Response::decode(&beta).unwrap();
    assert_eq!(
        (r.variant.as_str(), r.motd.raw.as_str().unwrap(), r.online, r.max),
        ("beta", "§aHello §lWorld", 0, 42)
    );
    assert_eq!(r.motd.plain, "Hello World");
    assert_eq!(r.encode().unwrap(), beta);
    // Two fields where three are split off from the right.
    let text: Vec<u16> = "Hello§42".encode_utf16().collect();
    let mut short = vec![0xff, 0, text.len() as u8];
    short.extend(text.iter().flat_map(|u| u.to_be_bytes()));
    let e = legacy::Response::decode(&short).unwrap_err();
    assert_eq!((e.code, e.offset), (ErrorCode::Malformed, Some(3)));
    let v14 = vector("legacy 1.4+ reply");
    let r = legacy::Response::decode(&v14).unwrap();
    assert_eq!(
        (r.protocol, r.version.as_deref(), r.online, r.max),
        (Some(775), Some("26.1"), 0, 42)
    );
    assert_eq!(r.motd.raw.to_value(), json!("§aHello §lWorld"));
    assert_eq!(r.encode().unwrap(), v14);
    let ping16 = vector("legacy 1.6 request");
    let req = legacy::Request::decode(&ping16).unwrap();
    assert_eq!(
        req,
        legacy::Request::V1_6 {
            protocol: 74,
            host: "127.0.0.1".into(),
            port: 25565
        }
    );
    assert_eq!(req.encode().unwrap(), ping16);
    assert_eq!(legacy::Request::decode(&[0xfe]).unwrap(), legacy::Request::Beta);
    assert_eq!(legacy::Request::decode(&[0xfe, 1]).unwrap(), legacy::Request::V1_4);
}

#[test]
fn every_truncation_is_a_typed_error() {
    for name in ["status response", "pong", "legacy beta reply", "legacy 1.4+ reply"] {
        let full = vector(name);
        for cut in 1..full.len() {
            let e = if name.starts_with("legacy") {
                legacy::Response::decode(&full[..cut]).unwrap_err()
            } else {
                Response::decode(&full[..cut]).unwrap_err()
            };
            assert_eq!(e.code, ErrorCode::Truncated, "{name} cut at {cut}: {e:?}");
        }
    }
}

fn status_frame(json: &str) -> Vec<u8> {
    let mut body = vec![0u8];
    let mut len = Vec::new();
    let mut w = gamequery_core::wire::Writer::new();
    w.mc_string(json);
    body.extend(w.into_bytes());
    let mut w = gamequery_core::wire::Writer::new();
    w.varint(body.len() as i32);
    len.extend(w.into_bytes());
    [len, body].concat()
}

#[test]
fn hostile_status_documents() {
    let e = Response::decode(&status_frame("{not json")).unwrap_err();
    assert_eq!(e.code, ErrorCode::BadJson);
    assert_eq!(e.text.as_deref(), Some("{not json"));
    assert_eq!(
        Response::decode(&status_frame("[1,2]")).unwrap_err().code,
        ErrorCode::BadJson
    );
    // Wrong types are dropped with warnings, never a failure.
    let Response::Status(s) = Response::decode(&status_frame(r#"{"version":5,"players":{"online":"x"},"favicon":"data:text/html;base64,PHNjcmlwdD4=","description":{"text":"<b>hi</b>"}}"#)).unwrap() else { panic!() };
    assert!(s.version.is_none() && s.players.is_none() && s.favicon.is_none());
    assert_eq!(s.warnings.len(), 3);
    assert_eq!(s.motd.html, "&lt;b&gt;hi&lt;/b&gt;");
    // Invalid UTF-8 inside the string.
    let mut bad = status_frame("{\"a\":\"xx\"}");
    let n = bad.len();
    bad[n - 3] = 0xff;
    assert_eq!(Response::decode(&bad).unwrap_err().code, ErrorCode::Malformed);
    // A six-byte VarInt as the frame length.
    assert_eq!(
        Response::decode(&[0xff, 0xff, 0xff, 0xff, 0xff, 0x01])
            .unwrap_err()
            .code,
        ErrorCode::Malformed
    );
}

#[test]
fn unknown_keys_and_forge_survive_a_round_trip() {
    let doc = json!({
        "description": "§6Modded", "players": {"max": 10, "online": 1, "sample": [{"name": "Alex", "id": "00000000-0000-0000-0000-000000000001"}]},
        "version": {"protocol": 47, "name": "1.8.9"}, "modinfo": {"type": "FML", "modList": [{"modid": "mcp", "version": "9.19"}]},
        "customKey": {"nested": [1, 2, 3]}, "previewsChat": false
    });
    let bytes = status_frame(&doc.to_string());
    let Response::Status(s) = Response::decode(&bytes).unwrap() else {
        panic!()
    };
    assert_eq!(s.forge.as_ref().unwrap().mods[0].id, "mcp");
    assert_eq!(s.previews_chat, Some(false));
    assert_eq!(Response::Status(s.clone()).encode().unwrap(), bytes);
    // Changing a typed field rewrites only that part.
    let mut changed = *s;
    changed.players.as_mut().unwrap().online = 2;
    let Response::Status(again) = Response::decode(&Response::Status(Box::new(changed)).encode().unwrap()).unwrap()
    else {
        panic!()
    };
    assert_eq!(again.players.unwrap().online, 2);
    assert_eq!(again.document.to_map()["customKey"], json!({"nested": [1, 2, 3]}));
}

#[test]
fn a_repeated_member_in_a_given_motd_or_document_keeps_its_last_value() {
    // JSON text from a Rust caller may repeat a name: it reads as JSON.parse reads it.
    let legacy: legacy::Response = gamequery_core::input::from_json(
        "response",
        r#"{"variant":"1.4","motd":{"text":"old","text":"new"},"online":0,"max":1}"#,
    )
    .unwrap();
    assert_eq!(legacy.motd.plain, "new");
    let status: JavaStatus = gamequery_core::input::from_json(
        "state",
        r#"{"motd":"C","document":{"description":"A","x":{"k":1,"k":2},"description":"B"}}"#,
    )
    .unwrap();
    assert_eq!(status.to_json(), r#"{"description":"C","x":{"k":2}}"#);
}

/// A state as JS callers give it (JSON text).
fn state(value: serde_json::Value) -> JavaStatus {
    gamequery_core::input::from_json("state", &value.to_string()).unwrap()
}

fn served() -> Served {
    Served::new(state(json!({
        "version": {"name": "1.21.4", "protocol": 769},
        "players": {"online": 3, "max": 20, "sample": [{"name": "Steve", "id": "8667ba71-b85a-4004-af54-457a9734eed7"}]},
        "motd": {"text": "A ", "color": "gold", "extra": [{"text": "server", "bold": true}]},
        "favicon": "data:image/png;base64,iVBORw0KGgo="
    })))
}

/// Drives a client exchange against a responder connection in memory, splitting every
/// server write into `chunk`-byte pieces.
fn pair<E: Exchange>(
    ex: &mut E,
    conn: &mut Connection,
    state: &Served,
    chunk: usize,
) -> gamequery_core::Result<E::Output> {
    let mut now = 0.0;
    loop {
        let mut closed = false;
        while let Some(bytes) = ex.poll_transmit() {
            let out = conn.handle_input(&bytes, state);
            now += 5.0;
            for piece in out.write.chunks(chunk) {
                ex.handle_input(now, piece);
            }
            closed |= out.close;
        }
        if let Some(r) = ex.poll_result() {
            return r;
        }
        if closed {
            ex.handle_close(now);
        } else {
            now = ex.poll_timeout().unwrap();
            ex.handle_timeout(now);
        }
        if let Some(r) = ex.poll_result() {
            return r;
        }
    }
}

#[test]
fn status_exchange_against_the_responder_any_chunking() {
    let state = served();
    for chunk in [1, 2, 7, 1000] {
        let mut ex = StatusExchange::new(47, "mc.example", 25565, *b"12345678", 1000.0, 262_144, 0.0).unwrap();
        let out = pair(&mut ex, &mut Connection::default(), &state, chunk).unwrap();
        assert_eq!(out.status.motd.plain, "A server");
        assert_eq!(out.status.players.as_ref().unwrap().sample[0].name, "Steve");
        assert_eq!(out.status.favicon.as_ref().unwrap().byte_length, 8);
        assert_eq!((out.latency_ms, out.latency_source), (5.0, JavaLatencySource::Ping));
    }
}

#[test]
fn a_server_that_closes_after_the_status_still_yields_it() {
    let state = served();
    let mut ex = StatusExchange::new(47, "h", 1, *b"12345678", 1000.0, 262_144, 0.0).unwrap();
    let first = ex.poll_transmit().unwrap();
    let out = Connection::default().handle_input(&first, &state);
    ex.handle_data(7.0, &out.write);
    ex.handle_close(8.0);
    let r = ex.poll_result().unwrap().unwrap();
    assert_eq!((r.latency_ms, r.latency_source), (7.0, JavaLatencySource::Status));
}

#[test]
fn legacy_kick_or_silent_close_asks_for_the_legacy_ping() {
    let mut ex = StatusExchange::new(47, "h", 1, *b"12345678", 1000.0, 262_144, 0.0).unwrap();
    ex.poll_transmit();
    ex.handle_data(1.0, &[0xff, 0x00, 0x01, 0x00, 0x41]);
    assert!(ex.wants_legacy());
    let mut ex = StatusExchange::new(47, "h", 1, *b"12345678", 1000.0, 262_144, 0.0).unwrap();
    ex.handle_close(1.0);
    assert!(ex.wants_legacy());
    assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::Network);
}

#[test]
fn every_legacy_variant_against_the_responder() {
    let state = served();
    for (req, variant) in [
        (legacy::Request::Beta, "beta"),
        (legacy::Request::V1_4, "1.4"),
        (
            legacy::Request::V1_6 {
                protocol: 74,
                host: "localhost".into(),
                port: 25565,
            },
            "1.4",
        ),
    ] {
        let mut ex = LegacyExchange::new(&req, 1000.0, 0.0).unwrap();
        let (r, _) = pair(&mut ex, &mut Connection::default(), &state, 3).unwrap();
        assert_eq!(r.variant, variant);
        assert_eq!((r.online, r.max), (3, 20));
        assert_eq!(r.motd.plain, "A server");
        if variant == "1.4" {
            assert_eq!((r.protocol, r.version.as_deref()), (Some(127), Some("1.21.4")));
        }
    }
    // `FE 01 FA` alone already gets the 1.4+ reply.
    let out = Connection::default().handle_input(&[0xfe, 0x01, 0xfa], &state);
    assert!(out.close);
    assert_eq!(legacy::Response::decode(&out.write).unwrap().variant, "1.4");
}

#[test]
fn responder_closes_on_login_and_garbage() {
    let state = served();
    let login = Request::Handshake {
        protocol: 769,
        host: "h".into(),
        port: 1,
        next_state: 2,
    }
    .encode()
    .unwrap();
    assert!(Connection::default().handle_input(&login, &state).close);
    assert!(
        Connection::default()
            .handle_input(&[0xff, 0xff, 0xff, 0xff, 0x0f], &state)
            .close
    );
    let mut c = Connection::default();
    let huge = [0xff, 0xff, 0x7f];
    assert!(c.handle_input(&huge, &state).close, "a frame over the request cap");
}

#[test]
fn a_status_frame_whose_length_starts_with_ff_is_not_a_legacy_kick() {
    // Lengths 255, 383, … encode as `FF 01`, `FF 02`, …
    let state: JavaStatus = state(json!({"motd": "x".repeat(240)}));
    let frame = Response::Status(Box::new(state)).encode().unwrap();
    let mut padded = state_with_frame_starting_ff();
    padded.sort();
    for status in [frame].into_iter().chain(padded.into_iter().map(|(_, f)| f)) {
        if status[0] != 0xff {
            continue;
        }
        let mut ex = StatusExchange::new(47, "h", 1, *b"12345678", 1000.0, 262_144, 0.0).unwrap();
        ex.poll_transmit();
        for piece in status.chunks(1) {
            ex.handle_data(1.0, piece);
        }
        assert!(
            !ex.wants_legacy(),
            "a modern frame starting with FF: {:?} {}",
            ex.poll_result().map(|r| r.map(|_| ())),
            to_hex(&status[..4])
        );
        assert!(ex.poll_transmit().is_some(), "the ping follows the status");
    }
}

/// Status frames of lengths 255 + 128k: their first byte is 0xFF.
fn state_with_frame_starting_ff() -> Vec<(usize, Vec<u8>)> {
    (0..400)
        .filter_map(|n| {
            let state: JavaStatus = state(json!({"motd": "y".repeat(n)}));
            let f = Response::Status(Box::new(state)).encode().unwrap();
            (f[0] == 0xff).then_some((n, f))
        })
        .collect()
}

#[test]
fn the_responder_answers_one_status_and_legacy_only_at_the_start() {
    let state = served();
    let mut c = Connection::default();
    let first = Request::Status {
        protocol: 767,
        host: "h".into(),
        port: 1,
    }
    .encode()
    .unwrap();
    let out = c.handle_input(&first, &state);
    assert!(!out.write.is_empty() && !out.close);
    // A second status request is refused (no amplification by pipelining).
    let again = Request::StatusRequest.encode().unwrap();
    let out = c.handle_input(&[again.clone(), again].concat(), &state);
    assert!(out.close && out.write.is_empty());
    // A handshake split so that a chunk starts with 0xFE (protocol 766+ VarInt) is no legacy ping.
    let hs = Request::Handshake {
        protocol: 766,
        host: "h".into(),
        port: 1,
        next_state: 1,
    }
    .encode()
    .unwrap();
    let at = hs.iter().position(|&b| b == 0xfe).unwrap();
    let mut c = Connection::default();
    assert!(c.handle_input(&hs[..at], &state).write.is_empty());
    let out = c.handle_input(&hs[at..], &state);
    assert!(
        !out.close && out.write.is_empty(),
        "still waiting for the status request"
    );
}

#[test]
fn an_http_server_on_a_minecraft_port_is_named() {
    let mut ex = StatusExchange::new(47, "h", 1, *b"12345678", 1000.0, 262_144, 0.0).unwrap();
    ex.poll_transmit();
    ex.handle_data(1.0, b"HTTP/1.1 400 Bad Request\r\n\r\n");
    let e = ex.poll_result().unwrap().unwrap_err();
    assert_eq!(e.code, ErrorCode::WrongProtocol);
    assert_eq!(e.message, "not a Minecraft server: it answered like HTTP");
    let mut ex = LegacyExchange::new(&legacy::Request::Beta, 1000.0, 0.0).unwrap();
    ex.poll_transmit();
    ex.handle_input(1.0, b"SSH-2.0-OpenSSH_9.6\r\n");
    assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::WrongProtocol);
}
