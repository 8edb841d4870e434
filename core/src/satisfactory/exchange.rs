//! The client flow ([`Resend`]): a poll with a random cookie; the reply that echoes the
//! latest cookie wins (the document's advice: poll again rather than wait, since UDP may
//! drop either).

use super::packets::{SatisfactoryRequest, SatisfactoryResponse, PROTOCOL_VERSION};
use crate::error::{Error, Result};
use crate::exchange::{Deadline, Millis};
use crate::resend::{Answer, Probe, Resend};
use crate::rng::Rng;

pub type SatisfactoryOutcome = Answer<SatisfactoryResponse>;
pub type SatisfactoryExchange = Resend<Poll>;

/// The latest cookie.
#[derive(Debug)]
pub struct Poll {
    cookie: String,
}

impl Probe for Poll {
    type Reply = SatisfactoryResponse;
    const SERVER: &'static str = "Satisfactory";

    fn asked(&self) -> String {
        "the Lightweight Query's server state".into()
    }

    fn request(&mut self, rng: &mut Rng) -> Vec<u8> {
        self.cookie = rng.next_u64().to_string();
        let request = SatisfactoryRequest {
            cookie: self.cookie.clone(),
            protocol_version: PROTOCOL_VERSION,
        };
        request.encode().expect("a poll of ours always encodes")
    }

    /// A datagram with the magic and the reply's type is the server's: what is wrong past
    /// them ends the query, naming the field; another datagram may be anything's.
    fn fatal(&self, e: &Error) -> bool {
        !matches!(e.field, Some("magic" | "type"))
    }

    fn read(&mut self, bytes: &[u8]) -> Result<Option<SatisfactoryResponse>> {
        let response = SatisfactoryResponse::decode(bytes)?;
        // Another cookie: an earlier attempt's.
        Ok((response.cookie == self.cookie).then_some(response))
    }
}

impl Resend<Poll> {
    pub fn poll(budget: Deadline, now: Millis, seed: u64) -> Self {
        Resend::new(Poll { cookie: String::new() }, budget, now, seed)
    }
}
