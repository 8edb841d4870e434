//! A game's query with its console beside it (7 Days to Die's telnet: `telnet: { port,
//! password }`): both run at once within the one deadline ([`Subcalls`]); the status is
//! the query's, with what the console said merged in by the game's own code
//! (`spec::Console::merge`). The query failing fails the call; the console failing is a
//! warning in the status.

use super::front::Front;
use super::subcalls::Subcalls;
use super::{Call, Outcome};
use crate::error::Result;
use crate::exchange::Millis;
use crate::spec::ConsoleMerge as Merge;

#[derive(Debug)]
pub struct Consoled {
    subs: Subcalls,
    merge: Merge,
    query: Option<Result<Outcome>>,
    console: Option<Result<Outcome>>,
}

/// The sub-calls' places.
const QUERY: usize = 0;
const CONSOLE: usize = 1;

impl Consoled {
    pub fn new(query: Call, console: Call, merge: Merge) -> Self {
        let mut subs = Subcalls::default();
        subs.start(QUERY, query);
        subs.start(CONSOLE, console);
        let mut front = Self {
            subs,
            merge,
            query: None,
            console: None,
        };
        front.settle(0.0);
        front
    }

    fn settle(&mut self, now: Millis) {
        let (query, console) = (&mut self.query, &mut self.console);
        self.subs.pump(now, |k, outcome| match k {
            QUERY => *query = Some(outcome),
            _ => *console = Some(outcome),
        });
        match (self.query.take(), self.console.take()) {
            (Some(Err(e)), _) => self.subs.decide(Err(e)),
            (Some(Ok(Outcome::Status(status))), Some(console)) => {
                let merged = (self.merge)(status, console);
                self.subs.decide(Ok(Outcome::Status(merged)));
            }
            (Some(Ok(Outcome::Lines(lines))), Some(_)) => self.subs.decide(Ok(Outcome::Lines(lines))),
            (query, console) => {
                self.query = query;
                self.console = console;
            }
        }
    }
}

impl Front for Consoled {
    fn subs(&self) -> &Subcalls {
        &self.subs
    }
    fn subs_mut(&mut self) -> &mut Subcalls {
        &mut self.subs
    }
    fn settle(&mut self, now: Millis) {
        Consoled::settle(self, now)
    }
}
