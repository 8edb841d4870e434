//! Satisfactory's Lightweight Query: gamedig's poll and a real server's reply
//! (tests/fixtures/satisfactory.json) decode to what they hold and encode back to the same
//! bytes; our client against our responder on a virtual clock.
#![cfg(feature = "satisfactory")]
// Its responder test needs a TLS identity; without one its imports go unused.
#![cfg_attr(not(feature = "identity"), allow(unused_imports))]

use gamequery_core::exchange::{Deadline, Exchange};
use gamequery_core::limit::RateLimit;
use gamequery_core::satisfactory::api::Access;
use gamequery_core::satisfactory::exchange::SatisfactoryExchange;
use gamequery_core::satisfactory::responder::Responder;
use gamequery_core::satisfactory::state::SatisfactoryServerState;
use gamequery_core::satisfactory::{SatisfactoryRequest, SatisfactoryResponse, SatisfactoryState, SubState};
use gamequery_core::tls::identity::Identity;
use gamequery_core::wire::{from_hex, to_hex};
use serde_json::Value;

#[test]
fn golden_vectors() {
    let path = &format!(
        "{}/../tests/fixtures/satisfactory.json",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    );
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    for v in doc["vectors"].as_array().unwrap() {
        let (name, hex) = (v["name"].as_str().unwrap(), v["hex"].as_str().unwrap());
        let bytes = from_hex(hex, "hex").unwrap();
        if let Some(code) = v["expect"]["error"].as_str() {
            let err = SatisfactoryResponse::decode(&bytes).unwrap_err();
            assert_eq!(err.code.as_str(), code, "{name}");
            continue;
        }
        let json = if v["direction"] == "request" {
            let r = SatisfactoryRequest::decode(&bytes).unwrap();
            assert_eq!(to_hex(&r.encode().unwrap()), hex, "{name}");
            serde_json::to_value(&r).unwrap()
        } else {
            let r = SatisfactoryResponse::decode(&bytes).unwrap();
            assert_eq!(to_hex(&r.encode().unwrap()), hex, "{name}");
            serde_json::to_value(&r).unwrap()
        };
        for (k, want) in v["expect"].as_object().unwrap() {
            assert_eq!(&json[k], want, "{name}: {k}");
        }
    }
}

// Its responder serves the HTTPS API too: a TLS identity (the feature the engines have).
#[test]
#[cfg(feature = "identity")]
fn our_client_reads_our_responder_and_skips_an_earlier_cookie() {
    let state = SatisfactoryState {
        name: "Ficsit".into(),
        state: 2,
        changelist: 416_835,
        flags: "1".into(),
        sub_states: vec![SubState { id: 0, version: 3 }],
    };
    let served = SatisfactoryServerState {
        query: state.clone(),
        server_game_state: None,
    };
    let access = Access {
        client_token: None,
        api_token: None,
    };
    let identity = Identity::self_signed(&["localhost"], &[1; 32]).unwrap();
    let mut responder = Responder::new(served, RateLimit::default(), access, identity);
    let from = "127.0.0.1:1".parse().unwrap();
    let mut ex = SatisfactoryExchange::poll(Deadline::for_call(1000.0, 1), 0.0, 9);
    // The first attempt's reply comes late: the second attempt's cookie wins.
    let first = ex.poll_transmit().unwrap();
    ex.handle_timeout(500.0);
    let second = ex.poll_transmit().unwrap();
    assert_ne!(first, second);
    ex.handle_input(510.0, &responder.handle(0, from, &first).unwrap());
    assert!(ex.poll_result().is_none(), "an earlier attempt's reply");
    ex.handle_input(520.0, &responder.handle(0, from, &second).unwrap());
    let out = ex.poll_result().unwrap().unwrap();
    assert_eq!(out.response.state, state);
    assert_eq!(out.latency_ms, 20.0);
    // What is no poll gets no reply.
    assert_eq!(responder.handle(0, from, b"\xd5\xf6\x01\x01"), None);
}
