//! The client flow ([`Resend`]): `\status\` (sent again after each attempt's share of the
//! budget), and the reply's datagrams gathered ([`Gather`]) until one query's are all in.

use super::gather::Gather;
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{Deadline, Millis};
use crate::resend::{Answer, Probe, Resend};
use crate::rng::Rng;

/// The reply's datagrams, in part order (each decodes).
pub type GameSpy1Outcome = Answer<Vec<Vec<u8>>>;
pub type GameSpy1Exchange = Resend<Status>;

#[derive(Debug)]
pub struct Status {
    request: Vec<u8>,
    gather: Gather,
}

impl Status {
    pub fn exchange(request: Vec<u8>, budget: Deadline, now: Millis, seed: u64) -> GameSpy1Exchange {
        Resend::new(
            Status {
                request,
                gather: Gather::default(),
            },
            budget,
            now,
            seed,
        )
    }
}

impl Probe for Status {
    type Reply = Vec<Vec<u8>>;
    const SERVER: &'static str = "GameSpy";

    fn asked(&self) -> String {
        format!("'{}'", String::from_utf8_lossy(&self.request))
    }

    fn request(&mut self, _rng: &mut Rng) -> Vec<u8> {
        self.request.clone()
    }

    fn read(&mut self, bytes: &[u8]) -> Result<Option<Vec<Vec<u8>>>> {
        self.gather.push(bytes)
    }

    /// Ours but broken (a part number past the cap): waiting will not mend it.
    fn fatal(&self, e: &Error) -> bool {
        e.code != ErrorCode::BadMagic
    }
}
