//! The server side of one TCP connection, as vanilla behaves: handshake → status → ping/
//! pong then close, and the three legacy pings answered as soon as the first bytes
//! identify the variant (`FE 01 FA` alone gets the 1.4+ reply without waiting for the
//! rest). The per-connection deadline is the driver's (a plain duration).

use super::packets::{Request, Response};
use super::status::JavaStatus;
use crate::minecraft::legacy;
use crate::text::Motd;
use crate::wire::FrameDecoder;

/// What 1.7+ vanilla reports as its protocol in a legacy reply.
const LEGACY_PROTOCOL: i64 = 127;
/// Requests are tiny; anything bigger is not a status client.
const REQUEST_FRAME_CAP: usize = 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Start,
    Status,
    /// The status was sent: only a ping may follow (vanilla disconnects otherwise).
    Answered,
    Closed,
}

/// What to write, and whether to close afterwards.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Output {
    pub write: Vec<u8>,
    pub close: bool,
}

/// The state a server answers with, and its status reply encoded once: re-encoding it
/// for every status request (a clone of the state, the JSON text of its document) cost
/// ~16 µs a request with an 8 KB favicon.
#[derive(Debug)]
pub struct Served {
    pub status: JavaStatus,
    reply: Vec<u8>,
}

impl Served {
    pub fn new(status: JavaStatus) -> Self {
        let reply = Response::Status(Box::new(status.clone())).encode().unwrap_or_default();
        Self { status, reply }
    }
}

#[derive(Debug)]
pub struct Connection {
    phase: Phase,
    frames: FrameDecoder,
}

impl Default for Connection {
    fn default() -> Self {
        Self {
            phase: Phase::Start,
            frames: FrameDecoder::new(REQUEST_FRAME_CAP),
        }
    }
}

impl Connection {
    /// Feeds bytes from the client; `served` is what to answer with.
    pub fn handle_input(&mut self, bytes: &[u8], served: &Served) -> Output {
        let state = &served.status;
        let mut out = Output::default();
        if self.phase == Phase::Closed || bytes.is_empty() {
            return out;
        }
        // Only the connection's very first bytes can be a legacy ping (a modern handshake's
        // VarInts can contain 0xFE further on).
        if self.phase == Phase::Start && self.frames.buffered() == 0 && bytes[0] == 0xfe {
            let variant = if bytes.len() == 1 { "beta" } else { "1.4" };
            out.write = legacy_reply(state, variant);
            return self.close(out);
        }
        let frames = match self.frames.push(bytes) {
            Ok(f) => f,
            Err(_) => return self.close(out),
        };
        for frame in frames {
            match (self.phase, Request::decode(&frame)) {
                (Phase::Start, Ok(Request::Handshake { next_state: 1, .. })) => self.phase = Phase::Status,
                (Phase::Status, Ok(Request::StatusRequest)) => {
                    out.write.extend_from_slice(&served.reply);
                    self.phase = Phase::Answered;
                }
                (Phase::Status | Phase::Answered, Ok(Request::Ping { payload })) => {
                    out.write
                        .extend_from_slice(&Response::Pong { payload }.encode().unwrap_or_default());
                    return self.close(out);
                }
                // Login, unknown packets, garbage: vanilla disconnects.
                _ => return self.close(out),
            }
        }
        out
    }

    fn close(&mut self, mut out: Output) -> Output {
        self.phase = Phase::Closed;
        out.close = true;
        out
    }
}

/// The legacy reply for `state`: beta `motd§online§max` or 1.4+ with version and protocol.
/// Beta clients split that text at `§` from the left, so the beta MOTD goes out plain.
pub fn legacy_reply(state: &JavaStatus, variant: &str) -> Vec<u8> {
    let (online, max) = state.players.as_ref().map_or((0, 0), |p| (p.online, p.max));
    let motd = if variant == "beta" {
        Motd::from_legacy(&state.motd.plain.replace('§', ""))
    } else {
        state.motd.clone()
    };
    legacy::Response {
        variant: variant.into(),
        protocol: Some(LEGACY_PROTOCOL),
        version: Some(state.version.as_ref().map_or_else(String::new, |v| v.name.clone())),
        motd,
        online,
        max,
    }
    .encode()
    .unwrap_or_default()
}
