//! The sans-IO client flow for SA:MP RCON (`x`). The server answers one datagram per
//! console line with no end marker, so lines are collected until a zero-length line
//! (SA:MP's `cmdlist`/`varlist`) or until no line has come for an idle window.
//! The request is sent once: an RCON command is not idempotent (`gmx`, `kick`), so a
//! lost reply must not make us run it twice.

use super::header::{Address, Opcode, HEADER_LEN};
use super::request::{Request, RequestBody};
use crate::error::{Error, ErrorCode, Result};
use crate::text::TextEncoding;
use crate::wire::{Prefix, Reader};

pub const INVALID_PASSWORD: &str = "Invalid RCON password.";
/// Bounds on one reply: a server (or a spoofer) trickling lines can't keep the call
/// pending or grow memory without end.
pub const MAX_LINES: usize = 10_000;
pub const MAX_BYTES: usize = 1 << 20;

#[derive(Debug, Clone)]
pub struct RconOptions {
    /// How long to wait for the first line.
    pub timeout_ms: u64,
    /// After a line, how long without another one ends the reply.
    pub idle_ms: u64,
    /// The whole reply ends by then, however lines trickle in.
    pub max_ms: u64,
    pub encoding: TextEncoding,
}

impl Default for RconOptions {
    fn default() -> Self {
        Self {
            timeout_ms: 1000,
            idle_ms: 250,
            max_ms: 10_000,
            encoding: TextEncoding::Auto,
        }
    }
}

#[derive(Debug)]
pub struct RconExchange {
    packet: Option<Vec<u8>>,
    echo: [u8; HEADER_LEN],
    options: RconOptions,
    lines: Vec<Vec<u8>>,
    bytes: usize,
    deadline: Option<u64>,
    end: u64,
    result: Option<Result<Vec<String>>>,
}

impl RconExchange {
    /// `encoding` names the code page for password and command (`None` = UTF-8).
    pub fn new(
        address: Address,
        password: &str,
        command: &str,
        encoding: Option<String>,
        options: RconOptions,
        now_ms: u64,
    ) -> Result<Self> {
        let request = Request::new(
            address,
            RequestBody::Rcon {
                password: password.into(),
                command: command.into(),
                encoding,
            },
        );
        let packet = request.encode()?;
        let mut echo = [0; HEADER_LEN];
        echo.copy_from_slice(&packet[..HEADER_LEN]);
        debug_assert_eq!(echo[10], Opcode::Rcon.byte());
        Ok(Self {
            packet: Some(packet),
            echo,
            deadline: Some(now_ms + options.timeout_ms),
            end: now_ms.saturating_add(options.max_ms.max(options.timeout_ms)),
            options,
            lines: Vec::new(),
            bytes: 0,
            result: None,
        })
    }

    pub fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.packet.take()
    }

    pub fn poll_timeout(&self) -> Option<u64> {
        self.deadline
    }

    pub fn poll_result(&mut self) -> Option<Result<Vec<String>>> {
        self.result.take()
    }

    pub fn handle_datagram(&mut self, now_ms: u64, datagram: &[u8]) {
        if self.deadline.is_none() || datagram.len() < HEADER_LEN || datagram[..HEADER_LEN] != self.echo {
            return;
        }
        let mut r = Reader::new(&datagram[HEADER_LEN..]);
        let line = match r.prefixed(Prefix::U16Le, 4096, "rcon line") {
            Ok(line) if r.is_empty() => line,
            _ => return,
        };
        if line.is_empty() {
            return self.finish();
        }
        if line == INVALID_PASSWORD.as_bytes() && self.lines.is_empty() {
            self.deadline = None;
            self.result = Some(Err(Error::new(
                ErrorCode::RconAuth,
                "the server rejected the RCON password",
            )));
            return;
        }
        self.lines.push(line.to_vec());
        self.bytes += line.len();
        if self.lines.len() >= MAX_LINES || self.bytes >= MAX_BYTES {
            return self.finish();
        }
        self.deadline = Some((now_ms + self.options.idle_ms).min(self.end));
    }

    pub fn handle_timeout(&mut self, now_ms: u64) {
        match self.deadline {
            Some(d) if now_ms >= d => {}
            _ => return,
        }
        if self.lines.is_empty() {
            self.deadline = None;
            self.result = Some(Err(Error::timeout("the RCON command")));
        } else {
            self.finish();
        }
    }

    fn finish(&mut self) {
        self.deadline = None;
        let refs: Vec<&[u8]> = self.lines.iter().map(Vec::as_slice).collect();
        self.result = Some(Ok(self.options.encoding.decode_all(&refs).texts));
    }
}

crate::exchange::impl_exchange!(RconExchange, Vec<String>);
