//! A logged-in Source RCON connection that runs commands one after another: the protocol
//! logic of `rcon()` (one command) and of an RCON session (many). A reply has no end
//! marker of its own, so after a command's first reply packet an empty type-0 packet goes
//! out as a sentinel: Minecraft answers it with "Unknown request 0", Source servers mirror
//! it; either way its id ends the output. Never two packets in one write before the first
//! reply — vanilla Minecraft closes a connection whose read holds more than one packet.
//! Source servers send an empty response value before the login's answer; Minecraft sends
//! only the answer. A refused login answers id −1. Deadlines are the host's.

use std::collections::VecDeque;

use super::packet::{Packet, AUTH_RESPONSE, COMMAND, LOGIN, MAX_PACKET, RESPONSE_VALUE};
use crate::error::{Error, ErrorCode, Result};
use crate::text::Motd;
use crate::wire::FrameDecoder;

const LOGIN_ID: i32 = 1;
/// Vanilla reads one packet per 1460-byte read: a longer command drops the connection.
pub const MAX_MINECRAFT_COMMAND: usize = 1446;
/// One command's output is held whole until its end is known: past this it is refused
/// (vanilla's longest outputs, `/help` on a modded server, are tens of KiB).
pub const MAX_OUTPUT: usize = 1 << 20;

/// How output lines come back: as plain text, with ANSI colours, or with `§` codes as sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RconFormat {
    #[default]
    Plain,
    Ansi,
    Minecraft,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Phase {
    Login,
    Ready,
    Command { id: i32, sentinel_sent: bool },
    Closed,
}

/// What the session has to say.
#[derive(Debug)]
pub enum Event {
    /// The server accepted the password: commands may follow.
    LoggedIn,
    /// The running command's output, as lines.
    Output(Vec<String>),
    /// The session is over (refused password, broken stream, closed connection).
    Failed(Error),
}

#[derive(Debug)]
pub struct Session {
    format: RconFormat,
    phase: Phase,
    frames: FrameDecoder,
    outbox: VecDeque<Vec<u8>>,
    output: String,
    next_id: i32,
    events: VecDeque<Event>,
    /// The stream's first bytes until a packet decodes: what a peer speaking another
    /// protocol sent, named in the error instead of a nonsense frame length.
    head: Option<Vec<u8>>,
}

/// Enough of a stream's start for [`crate::sniff`] to name its protocol.
const HEAD: usize = 16;

/// A command the session can send (checked before anything goes out).
pub fn check_command(command: &str) -> Result<()> {
    if command.len() > MAX_MINECRAFT_COMMAND {
        return Err(Error::invalid(format!(
            "the command is {} bytes; Minecraft closes the connection above {MAX_MINECRAFT_COMMAND}",
            command.len()
        )));
    }
    Ok(())
}

impl Session {
    /// Queues the login.
    pub fn new(password: &str, format: RconFormat) -> Result<Self> {
        let login = Packet::new(LOGIN_ID, LOGIN, password).encode()?;
        Ok(Self {
            format,
            phase: Phase::Login,
            frames: FrameDecoder::source_rcon(MAX_PACKET),
            outbox: VecDeque::from([login]),
            output: String::new(),
            next_id: LOGIN_ID + 1,
            events: VecDeque::new(),
            head: Some(Vec::new()),
        })
    }

    /// Sends `command`; its output arrives as [`Event::Output`]. One at a time.
    pub fn command(&mut self, command: &str) -> Result<()> {
        check_command(command)?;
        match self.phase {
            Phase::Ready => {}
            Phase::Closed => return Err(Error::new(ErrorCode::Network, "the RCON session is closed")),
            _ => return Err(Error::invalid("the session is busy: run commands one after another")),
        }
        // Each command takes two ids (its own, its sentinel's), never −1 or the login's.
        let id = self.next_id;
        self.next_id = if id >= i32::MAX - 2 { LOGIN_ID + 1 } else { id + 2 };
        self.outbox
            .push_back(Packet::new(id, COMMAND, command).encode().expect("checked length"));
        self.output.clear();
        self.phase = Phase::Command {
            id,
            sentinel_sent: false,
        };
        Ok(())
    }

    /// What a deadline would interrupt now, in words; `None` when nothing is awaited.
    pub fn waiting_for(&self) -> Option<&'static str> {
        match self.phase {
            Phase::Login => Some("the RCON login"),
            Phase::Command { .. } => Some("the command's reply"),
            Phase::Ready | Phase::Closed => None,
        }
    }

    pub fn is_closed(&self) -> bool {
        self.phase == Phase::Closed
    }

    pub fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.pop_front()
    }

    pub fn poll_event(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    pub fn handle_input(&mut self, bytes: &[u8]) {
        if self.phase == Phase::Closed {
            return;
        }
        crate::internal::checkpoint("session");
        if let Some(head) = &mut self.head {
            head.extend_from_slice(&bytes[..bytes.len().min(HEAD - head.len())]);
        }
        match self.frames.push(bytes) {
            Ok(frames) => {
                for frame in frames {
                    match Packet::decode(&frame) {
                        Ok(p) => {
                            self.head = None;
                            self.packet(p)
                        }
                        Err(e) => return self.fail(e),
                    }
                    if self.phase == Phase::Closed {
                        return;
                    }
                }
            }
            Err(e) => self.fail(e),
        }
    }

    /// The server closed: the output so far when the command was answered, else an error.
    pub fn handle_close(&mut self) {
        let message = match self.phase {
            Phase::Closed => return,
            Phase::Command {
                sentinel_sent: true, ..
            } => {
                self.emit_output();
                "the server closed the RCON connection"
            }
            Phase::Login => "the server closed the connection during the RCON login",
            Phase::Command { .. } => "the server closed the connection before answering the command",
            Phase::Ready => "the server closed the RCON connection",
        };
        self.fail(Error::new(ErrorCode::Network, message));
    }

    fn fail(&mut self, e: Error) {
        // Nothing the peer sent was RCON, and it is a service we know: say so (as a status
        // query does), not that its first bytes read as a frame of a billion bytes. Other
        // bytes (a length of -1 reads as FF FF FF FF) keep the decoder's error, which names
        // the field and the offset.
        let e = match self.head.take().as_deref().and_then(crate::sniff::looks_like_service) {
            Some(other) => Error::new(
                ErrorCode::WrongProtocol,
                format!("not an RCON server: it answered like {other}"),
            ),
            None => e,
        };
        self.phase = Phase::Closed;
        self.outbox.clear();
        self.events.push_back(Event::Failed(e));
    }

    fn emit_output(&mut self) {
        let text = std::mem::take(&mut self.output);
        let text = text.trim_end_matches('\n');
        let lines = if text.is_empty() {
            vec![]
        } else {
            text.split('\n')
                .map(|line| match self.format {
                    RconFormat::Minecraft => line.to_string(),
                    RconFormat::Plain => Motd::from_legacy(line).plain,
                    RconFormat::Ansi => Motd::from_legacy(line).ansi,
                })
                .collect()
        };
        self.phase = Phase::Ready;
        self.events.push_back(Event::Output(lines));
    }

    fn packet(&mut self, p: Packet) {
        match self.phase {
            Phase::Login if p.id == -1 => {
                self.fail(Error::new(ErrorCode::RconAuth, "the server refused the RCON password"))
            }
            Phase::Login if p.id == LOGIN_ID && p.kind == AUTH_RESPONSE => {
                self.phase = Phase::Ready;
                self.events.push_back(Event::LoggedIn);
            }
            Phase::Command { id, sentinel_sent } if p.id == id => {
                if self.output.len() + p.body.len() > MAX_OUTPUT {
                    return self.fail(Error::new(
                        ErrorCode::FrameTooLarge,
                        format!("the command's output passed {MAX_OUTPUT} bytes"),
                    ));
                }
                self.output.push_str(&p.body);
                if !sentinel_sent {
                    let sentinel = Packet::new(id + 1, RESPONSE_VALUE, "").encode().expect("empty packet");
                    self.outbox.push_back(sentinel);
                    self.phase = Phase::Command {
                        id,
                        sentinel_sent: true,
                    };
                }
            }
            Phase::Command { id, .. } if p.id == id + 1 => self.emit_output(),
            Phase::Command { .. } if p.id == -1 => self.fail(Error::new(
                ErrorCode::RconAuth,
                "the server answered the command as unauthenticated",
            )),
            // Source's empty value before the login's answer, a sentinel's second packet
            // (`00 01 00 00`), anything else unasked for.
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(id: i32, kind: i32, body: &str) -> Vec<u8> {
        Packet::new(id, kind, body).encode().unwrap()
    }

    fn sent(s: &mut Session) -> Vec<(i32, i32)> {
        std::iter::from_fn(|| s.poll_transmit())
            .map(|b| {
                let p = Packet::decode(&b).unwrap();
                (p.id, p.kind)
            })
            .collect()
    }

    #[test]
    fn one_login_many_commands_each_with_its_own_ids() {
        let mut s = Session::new("pw", RconFormat::Minecraft).unwrap();
        assert_eq!(sent(&mut s), [(1, LOGIN)]);
        assert!(s.command("list").is_err(), "not before the login's answer");
        s.handle_input(&p(1, AUTH_RESPONSE, ""));
        assert!(matches!(s.poll_event(), Some(Event::LoggedIn)));
        for (k, cmd) in ["list", "say hi"].iter().enumerate() {
            let id = 2 + 2 * k as i32;
            s.command(cmd).unwrap();
            assert!(s.command("again").is_err(), "one at a time");
            assert_eq!(sent(&mut s), [(id, COMMAND)]);
            s.handle_input(&p(id, RESPONSE_VALUE, "§aline 1\n"));
            assert_eq!(sent(&mut s), [(id + 1, RESPONSE_VALUE)]);
            s.handle_input(&p(id, RESPONSE_VALUE, "line 2"));
            assert!(s.poll_event().is_none());
            s.handle_input(&p(id + 1, RESPONSE_VALUE, "Unknown request 0"));
            match s.poll_event() {
                Some(Event::Output(lines)) => assert_eq!(lines, ["§aline 1", "line 2"]),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn output_is_bounded_and_a_close_ends_the_session() {
        let mut s = Session::new("pw", RconFormat::Plain).unwrap();
        s.handle_input(&p(1, AUTH_RESPONSE, ""));
        s.poll_event();
        s.command("spam").unwrap();
        let chunk = "x".repeat(60_000);
        for _ in 0..=MAX_OUTPUT / chunk.len() {
            s.handle_input(&p(2, RESPONSE_VALUE, &chunk));
        }
        match s.poll_event() {
            Some(Event::Failed(e)) => assert_eq!(e.code, ErrorCode::FrameTooLarge),
            other => panic!("{other:?}"),
        }
        assert!(s.is_closed());
        assert_eq!(s.command("list").unwrap_err().code, ErrorCode::Network);
    }

    fn failure(s: &mut Session) -> Error {
        match s.poll_event() {
            Some(Event::Failed(e)) => e,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_peer_speaking_another_protocol_is_named_not_read_as_a_frame_length() {
        // "HTTP" read as a little-endian length is 1347703880; SSH and TLS likewise.
        for (reply, like) in [
            (&b"HTTP/1.1 400 Bad Request\r\n\r\n"[..], "like HTTP"),
            (b"SSH-2.0-OpenSSH_9.2p1\r\n", "like SSH"),
            (&[0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x32], "like TLS"),
        ] {
            let mut s = Session::new("pw", RconFormat::Plain).unwrap();
            // Split, as a stream may deliver it: the name comes from the bytes together.
            s.handle_input(&reply[..2]);
            assert!(s.poll_event().is_none());
            s.handle_input(&reply[2..]);
            let e = failure(&mut s);
            assert_eq!(e.code, ErrorCode::WrongProtocol, "{e:?}");
            assert_eq!(e.message, format!("not an RCON server: it answered {like}"));
        }
        // A reply too short to be a frame, then the close: named too.
        let mut s = Session::new("pw", RconFormat::Plain).unwrap();
        s.handle_input(b"+OK");
        s.handle_close();
        assert_eq!(
            failure(&mut s).message,
            "not an RCON server: it answered like a POP3 server"
        );
        // Bytes in no known protocol keep the decoder's error; silence then a close stays a
        // network error.
        let mut s = Session::new("pw", RconFormat::Plain).unwrap();
        s.handle_input(&[0xff, 0xff, 0xff, 0x7f, 1, 0, 0, 0]);
        assert_eq!(failure(&mut s).code, ErrorCode::FrameTooLarge);
        // A length of -1 is a broken frame, not an A2S reply on a TCP stream.
        let mut s = Session::new("pw", RconFormat::Plain).unwrap();
        s.handle_input(&[0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0]);
        assert_eq!(failure(&mut s).code, ErrorCode::BadLength);
        let mut s = Session::new("pw", RconFormat::Plain).unwrap();
        s.handle_close();
        assert_eq!(failure(&mut s).code, ErrorCode::Network);
        // Once the server spoke RCON, a broken frame is what it is.
        let mut s = Session::new("pw", RconFormat::Plain).unwrap();
        s.handle_input(&p(1, AUTH_RESPONSE, ""));
        s.poll_event();
        s.command("list").unwrap();
        s.handle_input(b"HTTP/1.1 200 OK\r\n");
        assert_eq!(failure(&mut s).code, ErrorCode::FrameTooLarge);
    }
}
