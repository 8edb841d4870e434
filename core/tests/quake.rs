//! The Quake family's golden vectors (tests/fixtures/quake3.json, quake2.json,
//! quakeworld.json): peers' requests decode to what they ask, real servers' replies
//! decode to what their captures hold and encode back to the same bytes.
#![cfg(feature = "quake")]

use gamequery_core::quake::codec::DecodeOptions;
use gamequery_core::quake::codec::{QuakeRequest, QuakeResponse};
use gamequery_core::wire::from_hex;
use serde_json::Value;

fn vectors(protocol: &str) -> Vec<Value> {
    let path = format!(
        "{}/../tests/fixtures/{protocol}.json",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    );
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    doc["vectors"].as_array().unwrap().clone()
}

fn check(protocol: &str) {
    for v in vectors(protocol) {
        let name = v["name"].as_str().unwrap();
        let bytes = from_hex(v["hex"].as_str().unwrap(), "hex").unwrap();
        let expect = &v["expect"];
        if v["direction"] == "request" {
            let r = QuakeRequest::decode(&bytes).unwrap();
            assert_eq!(r.command, expect["command"].as_str().unwrap(), "{name}");
            assert_eq!(r.challenge.as_deref(), expect["challenge"].as_str(), "{name}");
            continue;
        }
        let r = QuakeResponse::decode(&bytes, &DecodeOptions::default()).unwrap();
        assert_eq!(r.encode().unwrap(), bytes, "{name}: written again, the same bytes");
        for (key, want) in expect.as_object().unwrap() {
            let index = |prefix: &str| key.strip_prefix(prefix).and_then(|n| n.parse::<usize>().ok());
            match key.as_str() {
                "kind" => assert_eq!(r.kind, want.as_str().unwrap(), "{name}"),
                "pairs" => assert_eq!(r.info.0.len() as u64, want.as_u64().unwrap(), "{name}"),
                "players" => assert_eq!(r.players.len() as u64, want.as_u64().unwrap(), "{name}"),
                _ if index("player").is_some() => {
                    assert_eq!(
                        r.players[index("player").unwrap()].name,
                        want.as_str().unwrap(),
                        "{name}"
                    )
                }
                _ if index("ping").is_some() => {
                    assert_eq!(r.players[index("ping").unwrap()].ping, want.as_i64().unwrap(), "{name}")
                }
                info => assert_eq!(r.info.get(info), want.as_str(), "{name}: {info}"),
            }
        }
    }
}

#[test]
fn quake3_vectors() {
    check("quake3");
}

#[test]
fn quake2_vectors() {
    check("quake2");
}

#[test]
fn quakeworld_vectors() {
    check("quakeworld");
}
