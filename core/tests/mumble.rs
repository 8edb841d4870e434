//! Mumble's ping: peers' requests and a real murmurd's reply (tests/fixtures/mumble.json)
//! decode to what they hold and encode back to the same bytes; our client against our
//! responder on a virtual clock.
#![cfg(feature = "mumble")]

use gamequery_core::exchange::{Deadline, Exchange};
use gamequery_core::limit::RateLimit;
use gamequery_core::mumble::exchange::MumbleExchange;
use gamequery_core::mumble::responder::Responder;
use gamequery_core::mumble::{MumbleRequest, MumbleResponse, MumbleState};
use gamequery_core::wire::{from_hex, to_hex};
use serde_json::Value;

#[test]
fn golden_vectors() {
    let path = &format!(
        "{}/../tests/fixtures/mumble.json",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    );
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for v in doc["vectors"].as_array().unwrap() {
        let (name, hex) = (v["name"].as_str().unwrap(), v["hex"].as_str().unwrap());
        let bytes = from_hex(hex, "hex").unwrap();
        let json = if v["direction"] == "request" {
            let r = MumbleRequest::decode(&bytes).unwrap();
            assert_eq!(to_hex(&r.encode().unwrap()), hex, "{name}");
            serde_json::to_value(&r).unwrap()
        } else {
            let r = MumbleResponse::decode(&bytes).unwrap();
            assert_eq!(to_hex(&r.encode().unwrap()), hex, "{name}");
            serde_json::to_value(&r).unwrap()
        };
        for (k, want) in v["expect"].as_object().unwrap() {
            assert_eq!(&json[k], want, "{name}: {k}");
        }
    }
}

#[test]
fn our_client_reads_our_responder_in_both_forms() {
    let state = MumbleState {
        version: "1.5.634".into(),
        users: 12,
        max_users: 50,
        bandwidth: 72000,
    };
    let mut responder = Responder::new(state.clone(), RateLimit::default());
    let from = "127.0.0.1:1".parse().unwrap();
    for protobuf in [false, true] {
        let mut ex = MumbleExchange::ping(protobuf, Deadline::for_call(1000.0, 1), 0.0, 9);
        // The first attempt's reply comes late: the second attempt's ident wins.
        let first = ex.poll_transmit().unwrap();
        ex.handle_timeout(500.0);
        let second = ex.poll_transmit().unwrap();
        ex.handle_input(510.0, &responder.handle(0, from, &first).unwrap());
        assert!(ex.poll_result().is_none(), "an earlier attempt's reply");
        ex.handle_input(520.0, &responder.handle(0, from, &second).unwrap());
        let out = ex.poll_result().unwrap().unwrap();
        let want = if protobuf { "1.5.634" } else { "1.5.255" };
        assert_eq!(
            out.response.state,
            MumbleState {
                version: want.into(),
                ..state.clone()
            },
            "protobuf: {protobuf}"
        );
        assert_eq!(out.latency_ms, 20.0);
    }
}
