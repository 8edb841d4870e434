//! The client flow ([`Resend`]): the byte `s`, sent again after each attempt's share of the
//! budget. The request carries no token for the reply to echo, so any `EYE1` reply from the
//! server answers it; one that does not decode ends the query (waiting will not mend it).

use super::packets::{Reply, STATUS};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};
use crate::resend::{Answer, Probe, Resend};
use crate::rng::Rng;

/// The reply's datagram (it decodes; read again, borrowed, where it is mapped).
pub type AllSeeingEyeOutcome = Answer<Vec<u8>>;
pub type AllSeeingEyeExchange = Resend<Status>;

#[derive(Debug)]
pub struct Status;

impl Status {
    pub fn exchange(budget: Deadline, now: Millis, seed: u64) -> AllSeeingEyeExchange {
        Resend::new(Status, budget, now, seed)
    }
}

impl Probe for Status {
    type Reply = Vec<u8>;
    const SERVER: &'static str = "All-Seeing Eye";

    fn asked(&self) -> String {
        "the status request".into()
    }

    fn request(&mut self, _rng: &mut Rng) -> Vec<u8> {
        vec![STATUS]
    }

    fn read(&mut self, bytes: &[u8]) -> Result<Option<Vec<u8>>> {
        Reply::decode(bytes)?;
        Ok(Some(bytes.to_vec()))
    }

    /// `EYE1`, but broken: the server's bytes are wrong.
    fn fatal(&self, e: &Error) -> bool {
        e.code != ErrorCode::BadMagic
    }
}
