//! The client flow: GameSpy 3's handshake (`crate::gamespy::challenge::Challenged`; a
//! challenge of `"0"` is left out of the query, as BF2 wants), the query for all three
//! sections, and the reply's datagrams gathered (`crate::gamespy::split::Gather`) until
//! the last and all before it are in — JC2-MP's one unflagged datagram at once. Each
//! datagram is read as it comes, so a broken one ends the query then.

use super::packets::{Datagram, Request, JC2MP, SPLIT};
use crate::error::Result;
use crate::exchange::{Deadline, Millis};
use crate::gamespy::challenge::{Answered, Asked, Challenged};
use crate::gamespy::split::Gather;

/// The reply's datagrams in index order (each decodes).
pub type GameSpy3Outcome = Answered<Vec<Vec<u8>>>;
pub type GameSpy3Exchange = Challenged<Status>;

#[derive(Debug)]
pub struct Status {
    jc2mp: bool,
    gather: Gather,
}

impl Status {
    /// `jc2mp`: ask with JC2-MP's `02` and read its layout.
    pub fn exchange(jc2mp: bool, session: u32, budget: Deadline, now: Millis) -> GameSpy3Exchange {
        let gather = if jc2mp { Gather::single() } else { Gather::default() };
        Challenged::start(Status { jc2mp, gather }, session, budget, now)
    }
}

impl Asked for Status {
    type Reply = Vec<Vec<u8>>;
    const SERVER: &'static str = "GameSpy 3";
    const QUERY: &'static str = "the status request";

    fn query(&self, session: u32, challenge: i32) -> Vec<u8> {
        Request::Query {
            session,
            challenge: Some(challenge),
            sections: [true; 3],
            tail: Some(if self.jc2mp { JC2MP } else { SPLIT }),
        }
        .encode()
    }

    fn read(&mut self, bytes: &[u8]) -> Result<Option<Vec<Vec<u8>>>> {
        Datagram::decode(bytes, Some(self.jc2mp))?;
        self.gather.push(bytes)
    }

    fn restart(&mut self) {
        self.gather.clear();
    }
}
