//! No input makes a decoder panic: random bytes, and random bytes behind valid-looking
//! prefixes, through every Minecraft and SQP decoder (SA:MP's are in samp_codec.rs).
#![cfg(feature = "all-families")]

use gamequery_core::minecraft::java::{FrameDecoder, JavaStatus, Request, Response};
use gamequery_core::minecraft::legacy;
use gamequery_core::sqp;
use gamequery_core::text::Motd;
use proptest::prelude::*;

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::Bool),
        any::<i32>().prop_map(|n| serde_json::json!(n)),
        "[a-z%$§0-9 ]{0,12}".prop_map(serde_json::Value::String),
    ];
    leaf.prop_recursive(6, 64, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
            prop::collection::vec(
                (
                    prop_oneof![
                        Just("text"),
                        Just("extra"),
                        Just("translate"),
                        Just("with"),
                        Just("color"),
                        Just("bold")
                    ],
                    inner
                ),
                0..6
            )
            .prop_map(|kv| serde_json::Value::Object(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
        ]
    })
}

proptest! {
    #[test]
    fn minecraft_decoders_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400), split in 0usize..400) {
        let _ = Response::decode(&bytes);
        let _ = Request::decode(&bytes);
        let _ = legacy::Response::decode(&bytes);
        let _ = legacy::Request::decode(&bytes);
        let mut d = FrameDecoder::new(1024);
        let cut = split.min(bytes.len());
        let _ = d.push(&bytes[..cut]).and_then(|_| d.push(&bytes[cut..]));
        let mut framed = vec![0xfe, 0x01, 0xfa];
        framed.extend_from_slice(&bytes);
        let _ = legacy::Request::decode(&framed);
        let mut reply = vec![0xff, 0, (bytes.len() / 2) as u8];
        reply.extend_from_slice(&bytes);
        let _ = legacy::Response::decode(&reply);
    }

    #[test]
    fn status_documents_never_panic(doc in json_value()) {
        let status = JavaStatus::from_document(gamequery_core::json::Json::from_value(&serde_json::json!({ "description": doc.clone(), "players": doc.clone(), "forgeData": { "d": doc.to_string() } })));
        let _ = status.to_json();
        let _ = Motd::render(gamequery_core::json::Json::from_value(&doc));
    }

    #[test]
    fn sqp_decoders_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400), mask in 0u8..=0xff) {
        let _ = sqp::Response::decode(&bytes, mask);
        let _ = sqp::Request::decode(&bytes);
        let _ = sqp::Chunks::decode(&bytes, mask, 11);
        let mut packet = vec![1, 0, 0, 0, 1, 0, 1, 0, 0];
        packet.extend_from_slice(&(bytes.len() as u16).to_be_bytes());
        packet.extend_from_slice(&bytes);
        let _ = sqp::Response::decode(&packet, mask);
    }
}
