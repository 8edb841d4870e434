//! What the fuzz targets (`fuzz/`, cargo-fuzz) and the corpus replay (`tests/fuzz_corpus.rs`)
//! run: every path untrusted bytes take, found through the protocol registry, so a
//! protocol is fuzzed by being registered. Each function takes one input, whose first byte
//! picks the protocol (modulo how many have that part); none may panic, hang or allocate
//! without bound, whatever the bytes.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use serde_json::json;

use crate::call::{Call, Input, Io};
use crate::protocol::Protocol;
use crate::spec::{Reply, ServeArgs};

/// The protocols with a part `has`, in registry order.
fn pick(selector: u8, has: fn(Protocol) -> bool) -> Option<Protocol> {
    let all: Vec<Protocol> = Protocol::all().filter(|p| has(*p)).collect();
    (!all.is_empty()).then(|| all[usize::from(selector) % all.len()])
}

/// The rest of an input as pieces: each a 16-bit length (little-endian), then that many
/// bytes (the last piece takes what is left).
fn pieces(mut rest: &[u8]) -> impl Iterator<Item = &[u8]> {
    std::iter::from_fn(move || {
        let [a, b, tail @ ..] = rest else { return None };
        let n = usize::from(u16::from_le_bytes([*a, *b])).min(tail.len());
        let (piece, after) = tail.split_at(n);
        rest = after;
        Some(piece)
    })
}

/// What protocols `target` takes.
fn filter(target: &str) -> Option<fn(Protocol) -> bool> {
    Some(match target {
        "codec" => |p| p.packets().is_ok(),
        "frames" => |p| p.packets().ok().and_then(|p| p.frames).is_some(),
        "responder" => Protocol::servable,
        "query" => Protocol::queryable,
        _ => return None,
    })
}

/// An input for `target` made of a protocol's packets (a fixture's bytes): how the corpus
/// is seeded. `response`: the packets are a server's (else a client's). `None`: the target
/// has no part of that protocol, or not that way round.
pub fn seed(target: &str, protocol: &str, response: bool, packets: &[Vec<u8>]) -> Option<Vec<u8>> {
    let has = filter(target)?;
    let protocol = Protocol::parse(protocol).ok().filter(|p| has(*p))?;
    let selector = Protocol::all().filter(|p| has(*p)).position(|p| p == protocol)? as u8;
    let mut out = vec![selector];
    let piece = |out: &mut Vec<u8>, bytes: &[u8]| {
        out.extend_from_slice(&(bytes.len().min(usize::from(u16::MAX)) as u16).to_le_bytes());
        out.extend_from_slice(bytes);
    };
    match (target, response) {
        ("codec", _) => {
            out.push(u8::from(response));
            out.extend_from_slice(packets.first()?);
        }
        ("frames", true) | ("query", true) => {
            if target == "frames" {
                out.push(0);
            }
            for p in packets {
                piece(&mut out, p);
            }
        }
        ("responder", false) => {
            for p in packets {
                // From the first source, as a datagram.
                piece(&mut out, &[&[0u8][..], p].concat());
            }
        }
        _ => return None,
    }
    Some(out)
}

/// The codec: `[protocol][direction][packet]` through the protocol's request or response
/// decoder (`decodeRequest` / `decodeResponse`), and what decodes written back.
pub fn codec(data: &[u8]) {
    let [selector, direction, packet @ ..] = data else {
        return;
    };
    let Some(protocol) = pick(*selector, |p| p.packets().is_ok()) else {
        return;
    };
    let decoders = <crate::spec::sink::Json as crate::protocol::Decode>::decoders(protocol);
    let packets = protocol.packets().expect("picked for its packets");
    if direction & 1 == 0 {
        if let Ok(json) = (decoders.request)(packet) {
            let _ = (packets.encode_request)(&json);
        }
    } else if let Ok(json) = (decoders.response)(packet, None) {
        let _ = (packets.encode_response)(&json);
    }
}

/// A stream's frames: `[protocol][flags]` then pieces, pushed one after another into the
/// protocol's frame decoder (Minecraft's VarInt frames, Source RCON's, GoldSrc's).
pub fn frames(data: &[u8]) {
    let [selector, flags, rest @ ..] = data else { return };
    let Some(protocol) = pick(*selector, |p| p.packets().ok().and_then(|p| p.frames).is_some()) else {
        return;
    };
    let make = protocol
        .packets()
        .ok()
        .and_then(|p| p.frames)
        .expect("picked for its frames");
    let mut frames = make(Some(4096), flags & 1 == 1);
    for piece in pieces(rest) {
        if frames.push(piece).is_err() {
            return;
        }
    }
}

/// A responder with the protocol's sample state: `[protocol]` then datagrams from a few
/// sources (a piece's first byte picks the source, its rest is the datagram), each at a
/// later time, and TCP bytes for the responders that take streams.
pub fn responder(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Some(protocol) = pick(selector, Protocol::servable) else {
        return;
    };
    let (Ok(serve), Ok(state)) = (protocol.serve(), protocol.sample()) else {
        return;
    };
    let args = ServeArgs {
        state,
        options: json!({ "host": "127.0.0.1", "port": 0 }),
        has_handler: false,
        seed: 7,
        secret: [7; 32],
    };
    let Ok((mut responder, _)) = serve(args) else { return };
    let mut stream = responder.open_stream();
    for (n, piece) in pieces(rest).enumerate() {
        let Some((&source, bytes)) = piece.split_first() else {
            continue;
        };
        let from = SocketAddr::new(
            IpAddr::V4(Ipv4Addr::new(10, 0, 0, source & 7)),
            40_000 + u16::from(source >> 3),
        );
        match (&mut stream, source & 0x80) {
            (Some(stream), 0x80) => {
                if responder.handle_stream(stream, bytes).close {
                    return;
                }
            }
            _ => match responder.handle_datagram(n as u64 * 50, from, bytes) {
                Reply::Rcon { reply_to, .. } => {
                    let _ = responder.rcon_lines(&reply_to, &["ran".into()]);
                }
                Reply::Send(_) => {}
            },
        }
    }
}

/// The target and options the query target asks `protocol` with: its sample's (Discord's
/// guild is no address; SCP: SL's account and EOS's client are options) at its default port,
/// the one its sample state serves (TeamSpeak's `use port=` names it).
pub fn asked(protocol: Protocol) -> (serde_json::Value, serde_json::Value) {
    let host = protocol.sample_target().unwrap_or("127.0.0.1");
    let port = protocol.spec().default_port.unwrap_or(27015);
    let options = protocol
        .sample_options()
        .and_then(|o| serde_json::from_str::<serde_json::Value>(o).ok())
        .unwrap_or_else(|| json!({}));
    (json!({ "host": host, "port": port }), options)
}

/// A client's query against a server that sends anything: `[protocol]` then pieces, each
/// what the server sent next on the call's latest connection, the clock moving 30 ms each;
/// at the end, the time runs out. Exercises every exchange and reassembler (split and
/// bzip2 A2S replies, SQP's packets, Minecraft's frames, FiveM's HTTP …).
pub fn query(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Some(protocol) = pick(selector, Protocol::queryable) else {
        return;
    };
    let (target, mut options) = asked(protocol);
    options["timeout"] = json!(2000);
    let Ok(mut call) = Call::query(protocol.name(), &target, options, 7, false) else {
        return;
    };
    let mut links: Vec<u32> = Vec::new();
    let mut now = 0.0;
    let step = |call: &mut Call, links: &mut Vec<u32>, now: f64| {
        while let Some(io) = call.poll_io() {
            match io {
                Io::Srv { .. } => call.handle(now, Input::Srv(vec![])),
                Io::Resolve { .. } => call.handle(now, Input::Resolved(Ok(vec![IpAddr::V4(Ipv4Addr::LOCALHOST)]))),
                Io::Open { id, .. } => {
                    links.push(id);
                    call.handle(now, Input::Opened { id });
                }
                Io::Send { .. } => {}
                Io::Close { id } => links.retain(|l| *l != id),
            }
        }
        call.poll_result().is_some()
    };
    for piece in pieces(rest) {
        if step(&mut call, &mut links, now) {
            return;
        }
        if let Some(&id) = links.last() {
            call.handle_received(now, id, piece);
        }
        now += 30.0;
        call.handle_timeout(now);
    }
    // No more bytes: every deadline passes, and the call must end.
    for _ in 0..64 {
        if step(&mut call, &mut links, now) {
            return;
        }
        now = call.poll_timeout().map_or(now + 1000.0, |t| t.max(now) + 1.0);
        call.handle_timeout(now);
    }
    panic!("{}: a query that never ends", protocol.name());
}

/// A target: one input, no result (it must not panic).
pub type Target = fn(&[u8]);

/// Every target by name, for the corpus replay.
pub const TARGETS: &[(&str, Target)] = &[
    ("codec", codec),
    ("frames", frames),
    ("responder", responder),
    ("query", query),
];
