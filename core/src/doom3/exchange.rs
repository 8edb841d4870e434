//! The client flow ([`Resend`]): `getInfo` (ET:QW: `getInfoEx`) with a fresh random
//! challenge each attempt; a reply that echoes another (an earlier attempt's) is ignored.
//! ET:QW's framed reply is taken as it comes: what it puts in its challenge field is not
//! an echo of ours in GameQ's captures. A reply of the family that does not decode ends the
//! query: waiting will not mend it.

use super::packets::{Command, Dialect, Reply, Request};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};
use crate::resend::{Answer, Probe, Resend};
use crate::rng::Rng;

/// The reply as it came (decoded again, borrowed, where it is read) and its latency.
#[derive(Debug)]
pub struct Doom3Outcome {
    /// The layout asked for, `None` for told from the reply.
    pub dialect: Option<Dialect>,
    pub datagram: Vec<u8>,
    pub latency_ms: f64,
}

impl Doom3Outcome {
    pub fn new(dialect: Option<Dialect>, answer: Answer<Vec<u8>>) -> Self {
        Self {
            dialect,
            datagram: answer.response,
            latency_ms: answer.latency_ms,
        }
    }

    pub fn reply(&self) -> Reply<'_> {
        Reply::decode(&self.datagram, self.dialect).expect("the exchange kept only a reply that decodes")
    }
}

pub type Doom3Exchange = Resend<Ask>;

/// The request and the latest attempt's challenge.
#[derive(Debug)]
pub struct Ask {
    dialect: Option<Dialect>,
    command: Command,
    challenge: u32,
}

impl Ask {
    /// ET:QW is asked `getInfoEx`, for its players' campaign figures.
    pub fn exchange(dialect: Option<Dialect>, budget: Deadline, now: Millis, seed: u64) -> Doom3Exchange {
        let command = match dialect {
            Some(Dialect::Etqw) => Command::GetInfoEx,
            _ => Command::GetInfo,
        };
        let ask = Self {
            dialect,
            command,
            challenge: 0,
        };
        Resend::new(ask, budget, now, seed)
    }
}

impl Probe for Ask {
    /// The reply's datagram, which decodes.
    type Reply = Vec<u8>;
    const SERVER: &'static str = "id Tech 4";

    fn asked(&self) -> String {
        format!("the {} request", self.command.name())
    }

    fn request(&mut self, rng: &mut Rng) -> Vec<u8> {
        self.challenge = rng.next_u64() as u32;
        Request {
            command: self.command,
            challenge: self.challenge,
        }
        .encode()
    }

    fn read(&mut self, bytes: &[u8]) -> Result<Option<Vec<u8>>> {
        let reply = Reply::decode(bytes, self.dialect)?;
        if reply.task_id.is_none() && reply.challenge != self.challenge {
            return Ok(None); // an earlier attempt's
        }
        Ok(Some(bytes.to_vec()))
    }

    /// Ours, but broken: the server's bytes are wrong.
    fn fatal(&self, e: &Error) -> bool {
        e.code != ErrorCode::BadMagic && e.code != ErrorCode::UnexpectedOpcode
    }
}
