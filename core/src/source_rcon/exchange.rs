//! One command over Source RCON: log in, send the command, collect its replies. The reply
//! has no end marker of its own, so after the command's first reply packet an empty
//! type-0 packet goes out as a sentinel: Minecraft answers it with "Unknown request 0",
//! Source servers mirror it; either way its id ends the output. Never two packets in one
//! write before the first reply — vanilla Minecraft closes a connection whose read holds
//! more than one packet. Source servers send an empty response value before the login's
//! answer; Minecraft sends only the answer. A refused login answers id −1.

use std::collections::VecDeque;

use super::packet::{Packet, AUTH_RESPONSE, COMMAND, LOGIN, MAX_PACKET, RESPONSE_VALUE};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};
use crate::minecraft::java::FrameDecoder;
use crate::text::Motd;

const LOGIN_ID: i32 = 1;
const COMMAND_ID: i32 = 2;
const SENTINEL_ID: i32 = 3;
/// Vanilla reads one packet per 1460-byte read: a longer command drops the connection.
pub const MAX_MINECRAFT_COMMAND: usize = 1446;

/// How output lines come back: as plain text, with ANSI colours, or with `§` codes as sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RconFormat {
    #[default]
    Plain,
    Ansi,
    Minecraft,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    Login,
    Command { sentinel_sent: bool },
    Done,
}

#[derive(Debug)]
pub struct SourceRconExchange {
    command: String,
    format: RconFormat,
    phase: Phase,
    frames: FrameDecoder,
    outbox: VecDeque<Vec<u8>>,
    output: String,
    deadline: Millis,
    result: Option<Result<Vec<String>>>,
}

impl SourceRconExchange {
    pub fn new(password: &str, command: &str, format: RconFormat, budget: Deadline) -> Result<Self> {
        if command.len() > MAX_MINECRAFT_COMMAND {
            return Err(Error::invalid(format!(
                "the command is {} bytes; Minecraft closes the connection above {MAX_MINECRAFT_COMMAND}",
                command.len()
            )));
        }
        let login = Packet::new(LOGIN_ID, LOGIN, password).encode()?;
        Ok(Self {
            command: command.to_string(),
            format,
            phase: Phase::Login,
            frames: FrameDecoder::source_rcon(MAX_PACKET),
            outbox: VecDeque::from([login]),
            output: String::new(),
            deadline: budget.end,
            result: None,
        })
    }

    fn finish(&mut self, result: Result<Vec<String>>) {
        self.phase = Phase::Done;
        self.result = Some(result);
    }

    fn lines(&self) -> Vec<String> {
        let text = self.output.trim_end_matches('\n');
        if text.is_empty() {
            return vec![];
        }
        text.split('\n')
            .map(|line| match self.format {
                RconFormat::Minecraft => line.to_string(),
                RconFormat::Plain => Motd::from_legacy(line).plain,
                RconFormat::Ansi => Motd::from_legacy(line).ansi,
            })
            .collect()
    }

    fn packet(&mut self, p: Packet) {
        match self.phase {
            Phase::Login if p.id == -1 => self.finish(Err(Error::new(
                ErrorCode::RconAuth,
                "the server refused the RCON password",
            ))),
            Phase::Login if p.id == LOGIN_ID && p.kind == AUTH_RESPONSE => {
                let command = Packet::new(COMMAND_ID, COMMAND, self.command.clone())
                    .encode()
                    .expect("checked against the limit in new()");
                self.outbox.push_back(command);
                self.phase = Phase::Command { sentinel_sent: false };
            }
            Phase::Command { sentinel_sent } if p.id == COMMAND_ID => {
                self.output.push_str(&p.body);
                if !sentinel_sent {
                    let sentinel = Packet::new(SENTINEL_ID, RESPONSE_VALUE, "")
                        .encode()
                        .expect("empty packet");
                    self.outbox.push_back(sentinel);
                    self.phase = Phase::Command { sentinel_sent: true };
                }
            }
            Phase::Command { .. } if p.id == SENTINEL_ID => {
                let lines = self.lines();
                self.finish(Ok(lines));
            }
            Phase::Command { .. } if p.id == -1 => self.finish(Err(Error::new(
                ErrorCode::RconAuth,
                "the server answered the command as unauthenticated",
            ))),
            // Source's empty value before the login's answer; anything else unasked for.
            _ => {}
        }
    }
}

impl crate::exchange::Exchange for SourceRconExchange {
    type Output = Vec<String>;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.pop_front()
    }

    fn handle_input(&mut self, _now: Millis, bytes: &[u8]) {
        if self.phase == Phase::Done {
            return;
        }
        match self.frames.push(bytes) {
            Ok(frames) => {
                for frame in frames {
                    match Packet::decode(&frame) {
                        Ok(p) => self.packet(p),
                        Err(e) => return self.finish(Err(e)),
                    }
                    if self.phase == Phase::Done {
                        return;
                    }
                }
            }
            Err(e) => self.finish(Err(e)),
        }
    }

    fn poll_timeout(&self) -> Option<Millis> {
        (self.phase != Phase::Done).then_some(self.deadline)
    }

    fn handle_timeout(&mut self, now: Millis) {
        if self.phase == Phase::Done || now < self.deadline {
            return;
        }
        let what = match self.phase {
            Phase::Login => "the RCON login",
            _ => "the command's reply",
        };
        self.finish(Err(Error::timeout(what, 1)));
    }

    /// The server closed: the output so far when the command was answered, else an error.
    fn handle_close(&mut self, _now: Millis) {
        match self.phase {
            Phase::Done => {}
            Phase::Command { sentinel_sent: true } => {
                let lines = self.lines();
                self.finish(Ok(lines));
            }
            Phase::Login => self.finish(Err(Error::new(
                ErrorCode::Network,
                "the server closed the connection during the RCON login",
            ))),
            Phase::Command { .. } => self.finish(Err(Error::new(
                ErrorCode::Network,
                "the server closed the connection before answering the command",
            ))),
        }
    }

    fn poll_result(&mut self) -> Option<Result<Vec<String>>> {
        self.result.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::Exchange;

    fn p(id: i32, kind: i32, body: &str) -> Vec<u8> {
        Packet::new(id, kind, body).encode().unwrap()
    }

    fn run(server: &[Vec<u8>], split: bool) -> (Vec<Packet>, Option<Result<Vec<String>>>) {
        let mut ex = SourceRconExchange::new("pw", "list", RconFormat::Plain, Deadline::for_call(1000.0, 0)).unwrap();
        let mut sent = vec![];
        let mut drain = |ex: &mut SourceRconExchange| {
            while let Some(b) = ex.poll_transmit() {
                sent.push(Packet::decode(&b).unwrap());
            }
        };
        drain(&mut ex);
        for bytes in server {
            if split {
                for b in bytes.chunks(3) {
                    ex.handle_input(1.0, b);
                }
            } else {
                ex.handle_input(1.0, bytes);
            }
            drain(&mut ex);
        }
        (sent, ex.poll_result())
    }

    #[test]
    fn minecraft_login_command_sentinel() {
        let server = [
            p(1, AUTH_RESPONSE, ""),
            p(
                2,
                RESPONSE_VALUE,
                "§6There are 2 of a max of 20 players online: §fSteve, Alex",
            ),
            p(3, RESPONSE_VALUE, "Unknown request 0"),
        ];
        for split in [false, true] {
            let (sent, result) = run(&server, split);
            let kinds: Vec<_> = sent.iter().map(|p| (p.id, p.kind)).collect();
            assert_eq!(kinds, [(1, LOGIN), (2, COMMAND), (3, RESPONSE_VALUE)]);
            assert_eq!(
                result.unwrap().unwrap(),
                ["There are 2 of a max of 20 players online: Steve, Alex"]
            );
        }
    }

    #[test]
    fn source_quirks_and_multi_packet_replies() {
        let server = [
            [p(1, RESPONSE_VALUE, ""), p(1, AUTH_RESPONSE, "")].concat(),
            p(2, RESPONSE_VALUE, "first half "),
            [
                p(2, RESPONSE_VALUE, "second half\nline 2\n"),
                p(3, RESPONSE_VALUE, ""),
                p(3, RESPONSE_VALUE, "\0\x01\0\0"),
            ]
            .concat(),
        ];
        let (sent, result) = run(&server, false);
        assert_eq!(sent.len(), 3, "one sentinel");
        assert_eq!(result.unwrap().unwrap(), ["first half second half", "line 2"]);
    }

    #[test]
    fn refused_password_and_long_commands() {
        let (_, result) = run(&[p(-1, AUTH_RESPONSE, "")], false);
        assert_eq!(result.unwrap().unwrap_err().code, ErrorCode::RconAuth);
        let long = "x".repeat(MAX_MINECRAFT_COMMAND + 1);
        let e = SourceRconExchange::new("pw", &long, RconFormat::Plain, Deadline::for_call(1.0, 0)).unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidArgument);
    }
}
