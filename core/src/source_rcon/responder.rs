//! The server side of one RCON connection, answering as vanilla Minecraft does (login,
//! commands, "Unknown request" for other types, output split every 4096 UTF-16 units) but
//! reading every packet of a read: vanilla drops a connection whose read holds two.

use super::packet::{Packet, AUTH_RESPONSE, COMMAND, LOGIN, RESPONSE_VALUE};
use crate::wire::FrameDecoder;

/// An RCON client stays logged in between commands (a panel, a bot); one silent this
/// long is let go so a responder's connections stay bounded. Hosts keep the timer.
pub const IDLE_MS: u64 = 300_000;
/// Valve's largest packet; vanilla reads at most 1460 bytes. Bigger is not a client.
const REQUEST_CAP: usize = 4096;
/// Vanilla splits output into bodies of this many UTF-16 units.
const SPLIT_UNITS: usize = 4096;

/// What the host does next, in order: a command's output must go out before the answers
/// to whatever the client sent after it.
#[derive(Debug, PartialEq, Eq)]
pub enum Action {
    Write(Vec<u8>),
    /// Run the handler, then write [`output`]`(id, …)` of what it printed.
    Run {
        id: i32,
        command: String,
    },
    Close,
}

#[derive(Debug)]
pub struct Connection {
    password: String,
    authed: bool,
    frames: FrameDecoder,
    closed: bool,
}

impl Connection {
    /// `password` is never empty (vanilla does not start RCON without one).
    pub fn new(password: &str) -> Self {
        Self {
            password: password.to_string(),
            authed: false,
            frames: FrameDecoder::source_rcon(REQUEST_CAP),
            closed: false,
        }
    }

    /// The client has logged in with the password.
    pub fn authenticated(&self) -> bool {
        self.authed
    }

    pub fn handle_input(&mut self, bytes: &[u8]) -> Vec<Action> {
        let mut out = vec![];
        if self.closed {
            return out;
        }
        let frames = match self.frames.push(bytes) {
            Ok(frames) => frames,
            Err(_) => return self.close(out),
        };
        for frame in frames {
            let Ok(p) = Packet::decode(&frame) else {
                return self.close(out);
            };
            let write = |out: &mut Vec<Action>, id, kind, body: &str| {
                out.push(Action::Write(Packet::new(id, kind, body).encode().expect("short body")));
            };
            match p.kind {
                LOGIN => {
                    self.authed = !p.body.is_empty() && p.body == self.password;
                    let id = if self.authed { p.id } else { -1 };
                    write(&mut out, id, AUTH_RESPONSE, "");
                }
                COMMAND if self.authed => out.push(Action::Run {
                    id: p.id,
                    command: p.body,
                }),
                COMMAND => write(&mut out, -1, AUTH_RESPONSE, ""),
                other => write(&mut out, p.id, RESPONSE_VALUE, &format!("Unknown request {other:x}")),
            }
        }
        out
    }

    fn close(&mut self, mut out: Vec<Action>) -> Vec<Action> {
        self.closed = true;
        out.push(Action::Close);
        out
    }
}

/// The packets carrying a command's output (lines joined by `\n`): one per 4096 UTF-16
/// units, and one empty packet for no output, as vanilla sends them.
pub fn output(id: i32, lines: &[String]) -> Vec<u8> {
    let text = lines.join("\n");
    let mut bytes = vec![];
    let mut rest = text.as_str();
    loop {
        let mut units = 0;
        let cut = rest
            .char_indices()
            .find(|(_, c)| {
                units += c.len_utf16();
                units > SPLIT_UNITS
            })
            .map_or(rest.len(), |(at, _)| at);
        let packet = Packet::new(id, RESPONSE_VALUE, &rest[..cut]).encode();
        bytes.extend(packet.expect("4096 UTF-16 units fit a packet"));
        rest = &rest[cut..];
        if rest.is_empty() {
            return bytes;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(id: i32, kind: i32, body: &str) -> Vec<u8> {
        Packet::new(id, kind, body).encode().unwrap()
    }

    #[test]
    fn login_then_commands_in_one_read_answered_in_order() {
        let mut c = Connection::new("pw");
        let input = [
            p(0, COMMAND, "list"),
            p(7, LOGIN, "pw"),
            p(8, COMMAND, "list"),
            p(9, 0, ""),
        ]
        .concat();
        assert_eq!(
            c.handle_input(&input),
            [
                Action::Write(p(-1, AUTH_RESPONSE, "")),
                Action::Write(p(7, AUTH_RESPONSE, "")),
                Action::Run {
                    id: 8,
                    command: "list".into()
                },
                Action::Write(p(9, RESPONSE_VALUE, "Unknown request 0")),
            ]
        );
        let mut wrong = Connection::new("pw");
        assert_eq!(
            wrong.handle_input(&p(1, LOGIN, "nope")),
            [Action::Write(p(-1, AUTH_RESPONSE, ""))]
        );
        assert_eq!(wrong.handle_input(&[0xff, 0xff, 0, 0]), [Action::Close]);
    }

    #[test]
    fn output_splits_every_4096_utf16_units() {
        assert_eq!(output(3, &[]), p(3, RESPONSE_VALUE, ""));
        let long = "é".repeat(5000);
        let bytes = output(3, std::slice::from_ref(&long));
        let mut frames = FrameDecoder::source_rcon(1 << 16);
        let bodies: Vec<String> = frames
            .push(&bytes)
            .unwrap()
            .iter()
            .map(|f| Packet::decode(f).unwrap().body)
            .collect();
        assert_eq!(
            bodies.iter().map(|b| b.chars().count()).collect::<Vec<_>>(),
            [4096, 904]
        );
        assert_eq!(bodies.concat(), long);
    }
}
