//! No input makes the Bedrock, Minecraft Query or Source RCON code panic, loop or hold
//! more than its caps: random bytes, and random bytes behind valid-looking prefixes,
//! through every decoder, the client exchanges and the responders.
#![cfg(all(feature = "minecraft", feature = "a2s"))]

use gamequery_core::exchange::{Deadline, Exchange};
use gamequery_core::minecraft::bedrock::{self, responder as bedrock_responder, PingExchange};
use gamequery_core::minecraft::java::FrameDecoder;
use gamequery_core::minecraft::query::{self, responder as query_responder, StatExchange};
use gamequery_core::source_rcon::{packet::MAX_PACKET, Packet, RconFormat, SourceRconExchange};
use gamequery_core::ErrorCode;
use proptest::prelude::*;

const PONG_PREFIX: [u8; 33] = {
    let mut p = [0u8; 33];
    p[0] = 0x1c;
    let magic = bedrock::packets::MAGIC;
    let mut i = 0;
    while i < 16 {
        p[17 + i] = magic[i];
        i += 1;
    }
    p
};

fn behind(prefix: &[u8], bytes: &[u8]) -> Vec<u8> {
    [prefix, bytes].concat()
}

proptest! {
    #[test]
    fn bedrock_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = bedrock::Ping::decode(&bytes);
        let _ = bedrock::Pong::decode(&bytes);
        let pong = behind(&PONG_PREFIX, &bytes);
        let _ = bedrock::Pong::decode(&pong);
        let mut ex = PingExchange::new(1, Deadline::for_call(100.0, 0), 0.0);
        ex.handle_input(1.0, &bytes);
        ex.handle_input(2.0, &pong);
        ex.handle_timeout(100.0);
        prop_assert!(ex.poll_result().is_some(), "ended by the deadline at the latest");
        let mut r = bedrock_responder::Responder::new(gamequery_core::input::from_json("state", "{}").unwrap(), Default::default(), 3);
        let _ = r.handle(0, "127.0.0.1".parse().unwrap(), &bytes);
    }

    #[test]
    fn minecraft_query_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = query::Request::decode(&bytes);
        let _ = query::Response::decode(&bytes);
        let full = behind(b"\x00\x00\x00\x00\x01splitnum\x00\x80\x00hostname\x00", &bytes);
        let _ = query::Response::decode(&full);
        let handshake = behind(b"\x09\x00\x00\x00\x01", &bytes);
        let _ = query::Response::decode(&handshake);
        let mut ex = StatExchange::new(1, true, Deadline::for_call(100.0, 0), 0.0);
        ex.handle_input(1.0, b"\x09\x00\x00\x00\x015\x00");
        ex.handle_input(2.0, &full);
        ex.handle_input(3.0, &bytes);
        ex.handle_timeout(50.0);
        ex.handle_timeout(100.0);
        prop_assert!(ex.poll_result().is_some(), "ended by the deadline at the latest");
        let mut r = query_responder::Responder::new(
            gamequery_core::input::from_json("state", "{}").unwrap(), Default::default(), 3, "127.0.0.1:25565".parse().unwrap());
        let from = "127.0.0.1:5000".parse().unwrap();
        let _ = r.handle(0, from, &behind(b"\xfe\xfd", &bytes));
        let _ = r.handle(0, from, &bytes);
    }

    #[test]
    fn source_rcon_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..300), split in 0usize..300) {
        let _ = Packet::decode(&bytes);
        let mut frames = FrameDecoder::source_rcon(MAX_PACKET);
        let cut = split.min(bytes.len());
        let _ = frames.push(&bytes[..cut]).and_then(|_| frames.push(&bytes[cut..]));
        prop_assert!(frames.buffered() <= MAX_PACKET + 4);
        let mut ex = SourceRconExchange::new("pw", "list", RconFormat::Plain, Deadline::for_call(100.0, 0)).unwrap();
        ex.handle_input(1.0, &bytes);
        ex.handle_close(2.0);
        prop_assert!(ex.poll_result().is_some());
    }
}

#[test]
fn oversized_rcon_lengths_are_refused_before_buffering() {
    let mut frames = FrameDecoder::source_rcon(MAX_PACKET);
    let e = frames.push(&0x7fff_ffffi32.to_le_bytes()).unwrap_err();
    assert_eq!(e.code, ErrorCode::FrameTooLarge);
    assert_eq!(frames.buffered(), 0);
    let e = Packet::decode(&[&0x7fff_ffffi32.to_le_bytes()[..], &[0; 10]].concat()).unwrap_err();
    assert_eq!(e.code, ErrorCode::BadLength);
}
