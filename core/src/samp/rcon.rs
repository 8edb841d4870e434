//! The sans-IO client flow for SA:MP RCON (`x`). The server answers one datagram per
//! console line with no end marker, so lines are collected until a zero-length line
//! (SA:MP's `cmdlist`/`varlist`) or until no line has come for an idle window.
//!
//! The command is sent once: it is not idempotent (`gmx`, `kick`), so a lost reply must
//! not run it twice. Beside it goes an `i` query, retransmitted like any query: its answer
//! proves the server is there, so a command that prints nothing resolves with no lines
//! once the idle window has passed, while a server that is not there times out.

use super::header::{Address, Opcode, HEADER_LEN};
use super::request::{Request, RequestBody};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};
use crate::text::TextEncoding;
use crate::wire::{Prefix, Reader};

pub const INVALID_PASSWORD: &str = "Invalid RCON password.";
/// Bounds on one reply: a server (or a spoofer) trickling lines can't keep the call
/// pending or grow memory without end.
pub const MAX_LINES: usize = 10_000;
pub const MAX_BYTES: usize = 1 << 20;

#[derive(Debug, Clone)]
pub struct RconOptions {
    /// The whole call: the reply ends by then, however lines trickle in. Retries apply to
    /// the `i` probe, never to the command.
    pub deadline: Deadline,
    /// How long after the last line (or, before any line, after the probe's answer) the
    /// reply is taken as complete.
    pub idle_ms: Millis,
    pub encoding: TextEncoding,
}

impl Default for RconOptions {
    fn default() -> Self {
        Self {
            deadline: Deadline::for_call(2500.0, 1),
            idle_ms: 250.0,
            encoding: TextEncoding::Auto,
        }
    }
}

#[derive(Debug)]
pub struct RconExchange {
    outbox: Vec<Vec<u8>>,
    echo: [u8; HEADER_LEN],
    probe: Vec<u8>,
    probe_attempts: u32,
    /// When the probe's current attempt gives up; `None` once it was answered.
    probe_deadline: Option<Millis>,
    options: RconOptions,
    lines: Vec<Vec<u8>>,
    bytes: usize,
    /// The server is there, and what it has printed is complete by then.
    idle_end: Option<Millis>,
    done: bool,
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
        now: Millis,
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
        let probe = Request::new(address, RequestBody::Info)
            .encode()
            .expect("an info request always encodes");
        Ok(Self {
            outbox: vec![packet, probe.clone()],
            echo,
            probe,
            probe_attempts: 1,
            probe_deadline: Some(options.deadline.attempt_end(now)),
            options,
            lines: Vec::new(),
            bytes: 0,
            idle_end: None,
            done: false,
            result: None,
        })
    }

    pub fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        (!self.outbox.is_empty()).then(|| self.outbox.remove(0))
    }

    pub fn poll_timeout(&self) -> Option<Millis> {
        if self.done {
            return None;
        }
        let end = self.options.deadline.end;
        Some(
            [self.probe_deadline, self.idle_end]
                .into_iter()
                .flatten()
                .fold(end, f64::min),
        )
    }

    pub fn poll_result(&mut self) -> Option<Result<Vec<String>>> {
        self.result.take()
    }

    pub fn handle_datagram(&mut self, now: Millis, datagram: &[u8]) {
        if self.done || datagram.len() < HEADER_LEN {
            return;
        }
        if self.probe_deadline.is_some() && datagram[..HEADER_LEN] == self.probe[..HEADER_LEN] {
            self.probe_deadline = None;
            if self.lines.is_empty() {
                self.idle_end = Some(now + self.options.idle_ms);
            }
            return;
        }
        if datagram[..HEADER_LEN] != self.echo {
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
            self.done = true;
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
        // A line proves the server is there as well as the probe would.
        self.probe_deadline = None;
        self.idle_end = Some(now + self.options.idle_ms);
    }

    pub fn handle_timeout(&mut self, now: Millis) {
        if self.done {
            return;
        }
        let budget = self.options.deadline;
        if self.idle_end.is_some_and(|end| now >= end) || (now >= budget.end && self.idle_end.is_some()) {
            return self.finish();
        }
        match self.probe_deadline {
            Some(d) if now >= d && budget.may_retry(self.probe_attempts, now) => {
                self.probe_attempts += 1;
                self.probe_deadline = Some(budget.attempt_end(now));
                self.outbox.push(self.probe.clone());
            }
            Some(d) if now >= d => {
                self.done = true;
                self.result = Some(Err(Error::timeout(
                    "the RCON command, nor to the 'i' query sent beside it",
                    self.probe_attempts,
                )));
            }
            _ => {}
        }
    }

    fn finish(&mut self) {
        self.done = true;
        let refs: Vec<&[u8]> = self.lines.iter().map(Vec::as_slice).collect();
        self.result = Some(Ok(self.options.encoding.decode_all(&refs).texts));
    }
}

crate::exchange::impl_exchange!(RconExchange, Vec<String>);
