//! The client flow ([`Resend`]): one request for all three sections with a fresh random id
//! each attempt; a reply echoing another id (an earlier attempt's) is ignored, one of ours
//! that does not decode ends the query.

use super::packets::{encode_request, Reply, Sections};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};
use crate::resend::{Answer, Probe, Resend};
use crate::rng::Rng;

/// The reply's datagram (it decodes).
pub type GameSpy2Outcome = Answer<Vec<u8>>;
pub type GameSpy2Exchange = Resend<Status>;

#[derive(Debug)]
pub struct Status {
    id: u32,
}

impl Status {
    pub fn exchange(budget: Deadline, now: Millis, seed: u64) -> GameSpy2Exchange {
        Resend::new(Status { id: 0 }, budget, now, seed)
    }
}

impl Probe for Status {
    type Reply = Vec<u8>;
    const SERVER: &'static str = "GameSpy 2";

    fn asked(&self) -> String {
        "the status request".into()
    }

    fn request(&mut self, rng: &mut Rng) -> Vec<u8> {
        self.id = rng.next_u64() as u32;
        encode_request(self.id, Sections::ALL)
    }

    fn read(&mut self, bytes: &[u8]) -> Result<Option<Vec<u8>>> {
        // The echo first: bytes of another protocol rarely start 00 and our id.
        if bytes.len() < 5 || bytes[0] != 0 || bytes[1..5] != self.id.to_be_bytes() {
            return match bytes.first() {
                Some(0) if bytes.len() >= 5 => Ok(None), // an earlier attempt's
                _ => Err(Error::at(ErrorCode::BadMagic, "header", 0, "not 00 and our id")),
            };
        }
        Reply::decode(bytes)?;
        Ok(Some(bytes.to_vec()))
    }

    fn fatal(&self, e: &Error) -> bool {
        e.code != ErrorCode::BadMagic
    }
}
