//! The client flow for a modern status: handshake + status request in one write, the
//! status, then a ping with a random payload and its pong. A server that closes (or goes
//! quiet) after the status still yields the status, its latency taken from the status
//! round trip and flagged. A legacy kick (`FF`) or a close before any byte tells the
//! driver to fall back to the legacy ping.

use std::collections::VecDeque;

use serde::Serialize;

use super::packets::{Request, Response};
use super::status::JavaStatus;
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{round_ms, Millis};
use crate::values::Hex;
use crate::wire::FrameDecoder;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum JavaLatencySource {
    /// The ping/pong round trip.
    Ping,
    /// The status round trip (the server closed or did not answer the ping).
    Status,
}

#[derive(Debug)]
pub struct StatusOutcome {
    pub status: JavaStatus,
    pub latency_ms: f64,
    pub latency_source: JavaLatencySource,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Status,
    Pong,
    Done,
}

#[derive(Debug)]
pub struct StatusExchange {
    outbox: VecDeque<Vec<u8>>,
    frames: FrameDecoder,
    phase: Phase,
    payload: [u8; 8],
    /// When this connection's attempt ends.
    end: Millis,
    sent_at: Millis,
    deadline: Option<Millis>,
    received_any: bool,
    /// The reply began with `FF`: a legacy kick, or a frame whose length VarInt starts so.
    starts_ff: bool,
    /// The reply's first bytes, to tell those two apart early.
    head: Vec<u8>,
    wants_legacy: bool,
    status: Option<(JavaStatus, Millis)>,
    result: Option<Result<StatusOutcome>>,
}

impl StatusExchange {
    /// `host`/`port` go into the handshake (after SRV: the record's target and port);
    /// `end`: when this connection's attempt gives up (the status must be in by then; the
    /// pong may be missing, and the status round trip is the latency then).
    pub fn new(
        protocol: i32,
        host: &str,
        port: u16,
        payload: [u8; 8],
        end: Millis,
        frame_cap: usize,
        now: Millis,
    ) -> Result<Self> {
        let first = Request::Status {
            protocol,
            host: host.into(),
            port,
        }
        .encode()?;
        Ok(Self {
            outbox: VecDeque::from([first]),
            frames: FrameDecoder::new(frame_cap),
            phase: Phase::Status,
            payload,
            end,
            sent_at: now,
            deadline: Some(end),
            received_any: false,
            starts_ff: false,
            head: Vec::new(),
            wants_legacy: false,
            status: None,
            result: None,
        })
    }

    /// True when the server answered like a pre-1.7 server (a legacy kick, or a close
    /// before sending anything): retry with the legacy ping.
    pub fn wants_legacy(&self) -> bool {
        self.wants_legacy
    }

    pub fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.pop_front()
    }

    pub fn poll_timeout(&self) -> Option<Millis> {
        self.deadline
    }

    pub fn poll_result(&mut self) -> Option<Result<StatusOutcome>> {
        self.result.take()
    }

    pub fn handle_data(&mut self, now: Millis, bytes: &[u8]) {
        if self.phase == Phase::Done || bytes.is_empty() {
            return;
        }
        if !self.received_any {
            self.starts_ff = bytes[0] == 0xff;
            if let Some(other) = crate::sniff::looks_like(bytes).filter(|_| !self.starts_ff) {
                return self.fail(Error::new(
                    ErrorCode::WrongProtocol,
                    format!("not a Minecraft server: it answered like {other}"),
                ));
            }
        }
        self.received_any = true;
        if self.starts_ff && self.phase == Phase::Status && self.head.len() < 8 {
            self.head.extend(bytes.iter().take(8 - self.head.len()));
            // A status frame has packet id 0 right after its length; a kick's second and
            // third bytes are its text length, rarely followed by a zero there.
            if let Ok(Some((_, prefix))) = crate::wire::decode_varint(&self.head, 0, "frame length") {
                if self.head.get(prefix).is_some_and(|&id| id != 0) {
                    return self.fail_or_legacy(Error::new(ErrorCode::UnexpectedOpcode, "not a status frame"));
                }
            }
        }
        let frames = match self.frames.push(bytes) {
            Ok(f) => f,
            Err(e) => return self.fail_or_legacy(e),
        };
        for frame in frames {
            let rtt = now - self.sent_at;
            match (self.phase, Response::decode(&frame)) {
                (_, Err(e)) => return self.fail_or_legacy(e),
                (Phase::Status, Ok(Response::Status(status))) => {
                    self.status = Some((*status, rtt));
                    self.phase = Phase::Pong;
                    self.sent_at = now;
                    self.deadline = Some(self.end);
                    let ping = Request::Ping {
                        payload: Hex(self.payload),
                    }
                    .encode()
                    .expect("a ping always encodes");
                    self.outbox.push_back(ping);
                }
                (Phase::Pong, Ok(Response::Pong { payload })) if payload.0 == self.payload => {
                    return self.finish(rtt, JavaLatencySource::Ping);
                }
                (Phase::Pong, Ok(Response::Pong { .. })) => {
                    return self.fail(Error::new(
                        ErrorCode::Malformed,
                        "the pong does not echo the ping's payload",
                    ));
                }
                (_, Ok(_)) => return self.fail(Error::new(ErrorCode::UnexpectedOpcode, "a packet out of order")),
            }
        }
    }

    pub fn handle_close(&mut self, _now: Millis) {
        match self.phase {
            Phase::Pong => self.finish_with_status_rtt(),
            Phase::Status if !self.received_any => {
                self.wants_legacy = true;
                self.fail(Error::new(
                    ErrorCode::Network,
                    "the server closed the connection without a status",
                ));
            }
            Phase::Status => self.fail_or_legacy(Error::new(
                ErrorCode::Truncated,
                "the server closed the connection inside the status",
            )),
            Phase::Done => {}
        }
    }

    pub fn handle_timeout(&mut self, now: Millis) {
        if self.deadline.is_none_or(|d| now < d) {
            return;
        }
        match self.phase {
            Phase::Pong => self.finish_with_status_rtt(),
            Phase::Status => self.fail(Error::timeout("the status request", 1)),
            Phase::Done => {}
        }
    }

    fn finish_with_status_rtt(&mut self) {
        let rtt = self.status.as_ref().map_or(0.0, |s| s.1);
        self.finish(rtt, JavaLatencySource::Status);
    }

    fn finish(&mut self, latency: Millis, latency_source: JavaLatencySource) {
        let Some((status, _)) = self.status.take() else {
            return;
        };
        self.phase = Phase::Done;
        self.deadline = None;
        self.result = Some(Ok(StatusOutcome {
            status,
            latency_ms: round_ms(latency),
            latency_source,
        }));
    }

    /// A reply starting with `FF` that is not a valid status frame is a legacy kick
    /// (`FF · u16 length · UTF-16BE`): a status frame's length VarInt can start with `FF`
    /// too (lengths 255, 383, …), so only a failed modern decode decides.
    fn fail_or_legacy(&mut self, e: Error) {
        if self.starts_ff && self.phase == Phase::Status {
            self.wants_legacy = true;
            return self.fail(Error::new(
                ErrorCode::UnexpectedOpcode,
                "the server answered with a legacy kick (a pre-1.7 server)",
            ));
        }
        self.fail(e);
    }

    fn fail(&mut self, e: Error) {
        self.phase = Phase::Done;
        self.deadline = None;
        self.result = Some(Err(e));
    }
}

impl crate::exchange::Exchange for StatusExchange {
    type Output = StatusOutcome;
    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        StatusExchange::poll_transmit(self)
    }
    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        self.handle_data(now, bytes)
    }
    fn poll_timeout(&self) -> Option<Millis> {
        StatusExchange::poll_timeout(self)
    }
    fn handle_timeout(&mut self, now: Millis) {
        StatusExchange::handle_timeout(self, now)
    }
    fn handle_close(&mut self, now: Millis) {
        StatusExchange::handle_close(self, now)
    }
    fn again(&self) -> Option<crate::exchange::Again> {
        self.wants_legacy().then_some(crate::exchange::Again::Fallback)
    }
    fn poll_result(&mut self) -> Option<Result<StatusOutcome>> {
        StatusExchange::poll_result(self)
    }
}
