//! A query with connections beside its own (`spec::Parts`: FiveM's HTTP endpoints beside
//! its UDP `getinfo`): the plan's own call is part 0, the others start when the protocol's
//! [`Parts`] gives them — at once, or once an earlier part's answer says they are needed —
//! all within the one deadline; the result is the protocol's to make of theirs.

use super::front::Front;
use super::subcalls::{Subcalls, SLOTS};
use super::Call;
use crate::error::{Caller, Error};
use crate::exchange::Millis;
use crate::spec::Parts;
use crate::target::Target;

/// What a part's call is made with: the query's caller, target and port.
#[derive(Debug)]
pub struct Beside {
    pub who: Caller,
    pub text: String,
    pub target: Target,
    pub port: u16,
    pub seed: u64,
    pub host_resolves: bool,
}

pub struct Parted {
    subs: Subcalls,
    parts: Box<dyn Parts>,
    beside: Beside,
    started: usize,
}

impl std::fmt::Debug for Parted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Parted")
    }
}

impl Parted {
    pub fn new(own: Call, parts: Box<dyn Parts>, beside: Beside) -> Self {
        let mut subs = Subcalls::default();
        subs.start(0, own);
        let mut front = Self {
            subs,
            parts,
            beside,
            started: 1,
        };
        front.settle(0.0);
        front
    }
}

impl Front for Parted {
    fn subs(&self) -> &Subcalls {
        &self.subs
    }
    fn subs_mut(&mut self) -> &mut Subcalls {
        &mut self.subs
    }

    fn settle(&mut self, now: Millis) {
        loop {
            let parts = &mut self.parts;
            self.subs.pump(now, |k, result| parts.ended(k, result));
            let mut more = false;
            while let Some(plan) = self.parts.next() {
                if self.started == SLOTS {
                    self.subs
                        .decide(Err(Error::invalid("a query asked for more parts than a call runs")));
                    return;
                }
                let b = &self.beside;
                let seed = b.seed.rotate_left(17 * self.started as u32) ^ self.started as u64;
                let mut call = Call::new(
                    b.who,
                    b.text.clone(),
                    b.target.clone(),
                    b.port,
                    plan,
                    seed,
                    b.host_resolves,
                );
                call.settles = false;
                self.subs.start(self.started, call);
                self.started += 1;
                more = true;
            }
            if !more {
                break;
            }
        }
        if let Some(result) = self.parts.decide() {
            self.subs.decide(result);
        }
    }
}
