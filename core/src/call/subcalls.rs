//! The calls a fronting call runs (the `minecraft` race's editions, a game's candidate
//! ports), seen by the host as one: socket ids are a sub-call's ids times [`SLOTS`] plus
//! its number; name lookups go out one at a time (their answers carry no id) and come back
//! to the sub-call that asked — and to every other that asked the same, so a name looked up
//! for three candidate ports is looked up once.

use std::collections::VecDeque;

use super::{Call, Input, Io, Outcome};
use crate::error::Result;
use crate::exchange::Millis;

/// Sub-calls at most, and the factor of the socket ids' tags: a chain of requests runs one
/// per request (Hawakening's six, one after another), a game's ports one per candidate.
pub const SLOTS: usize = 8;

#[derive(Debug, Default)]
pub struct Subcalls {
    calls: [Option<Box<Call>>; SLOTS],
    /// Finished: the sub-call gave its result (or was dropped).
    finished: [bool; SLOTS],
    /// The lookup the host is answering and who asked; its answer, for those who ask the same.
    asking: Option<(usize, Io)>,
    answered: Option<(Io, Input)>,
    waiting: VecDeque<(usize, Io)>,
    out: VecDeque<Io>,
    /// The front's one result, once decided (taken by the host), and that it was.
    result: Option<Result<Outcome>>,
    decided: bool,
}

impl Subcalls {
    /// Starts sub-call `k` (below [`SLOTS`]).
    pub fn start(&mut self, k: usize, call: Call) {
        self.calls[k] = Some(Box::new(call));
        self.finished[k] = false;
    }

    /// Sub-call `k` was started.
    pub fn started(&self, k: usize) -> bool {
        self.calls[k].is_some()
    }

    /// Sub-call `k` is running: started, no result yet.
    pub fn running(&self, k: usize) -> bool {
        self.started(k) && !self.finished[k]
    }

    /// No sub-call is running.
    pub fn all_finished(&self) -> bool {
        (0..SLOTS).all(|k| !self.running(k))
    }

    /// The front's result: every sub-call still running stops.
    pub fn decide(&mut self, result: Result<Outcome>) {
        self.result = Some(result);
        self.decided = true;
        self.stop();
    }

    /// The result was decided (and maybe taken already).
    pub fn decided(&self) -> bool {
        self.decided
    }

    pub fn take_result(&mut self) -> Option<Result<Outcome>> {
        self.result.take()
    }

    /// Stops every sub-call still running (the host closes their sockets): what they
    /// asked for and the host has not done yet is dropped, but for closes.
    pub fn stop(&mut self) {
        self.finished = [true; SLOTS];
        self.waiting.clear();
        self.out.retain(|io| matches!(io, Io::Close { .. }));
    }

    /// Moves the sub-calls' requests to the host and gives each result to `take` once.
    pub fn pump(&mut self, now: Millis, mut take: impl FnMut(usize, Result<Outcome>)) {
        loop {
            for k in 0..SLOTS {
                if self.finished[k] {
                    continue;
                }
                let Some(call) = self.calls[k].as_mut() else { continue };
                while let Some(io) = call.poll_io() {
                    match tagged(io, k) {
                        Ok(io) => self.out.push_back(io),
                        Err(lookup) => self.waiting.push_back((k, lookup)),
                    }
                }
                if let Some(result) = call.poll_result() {
                    self.finished[k] = true;
                    take(k, result);
                }
            }
            // A lookup the host answered already is answered here; that may make more IO.
            let known = self
                .answered
                .as_ref()
                .and_then(|(asked, _)| self.waiting.iter().position(|(_, io)| io == asked));
            let Some(at) = known else { break };
            let (k, _) = self.waiting.remove(at).expect("found above");
            let input = self.answered.as_ref().expect("matched above").1.clone();
            if let Some(call) = self.live(k) {
                call.handle(now, input);
            }
        }
        // A lookup for a sub-call that ended meanwhile is not asked.
        self.waiting.retain(|(k, _)| !self.finished[*k]);
        if self.asking.is_none() {
            if let Some((k, io)) = self.waiting.pop_front() {
                self.out.push_back(io.clone());
                self.asking = Some((k, io));
            }
        }
    }

    fn live(&mut self, k: usize) -> Option<&mut Call> {
        if self.finished.get(k) != Some(&false) {
            return None;
        }
        self.calls[k].as_deref_mut()
    }

    pub fn poll_io(&mut self) -> Option<Io> {
        self.out.pop_front()
    }

    /// The earliest deadline of the running sub-calls.
    pub fn poll_timeout(&self) -> Option<Millis> {
        (0..SLOTS)
            .filter(|&k| self.running(k))
            .filter_map(|k| self.calls[k].as_ref()?.poll_timeout())
            .reduce(f64::min)
    }

    pub fn handle_timeout(&mut self, now: Millis) {
        for k in 0..SLOTS {
            if let Some(call) = self.live(k) {
                call.handle_timeout(now);
            }
        }
    }

    pub fn handle(&mut self, now: Millis, input: Input) {
        match input {
            Input::Srv(_) | Input::Resolved(_) => {
                if let Some((k, io)) = self.asking.take() {
                    self.answered = Some((io, input.clone()));
                    if let Some(call) = self.live(k) {
                        call.handle(now, input);
                    }
                }
            }
            other => {
                let (k, input) = untagged(other);
                if let Some(call) = self.live(k) {
                    call.handle(now, input);
                }
            }
        }
    }

    pub fn handle_received(&mut self, now: Millis, id: u32, bytes: &[u8]) {
        let (k, id) = ((id % SLOTS as u32) as usize, id / SLOTS as u32);
        if let Some(call) = self.live(k) {
            call.handle_received(now, id, bytes);
        }
    }

    /// The first sub-call's address that is known.
    pub fn address(&self) -> Option<std::net::SocketAddr> {
        self.calls.iter().flatten().find_map(|c| c.address())
    }
}

/// A sub-call's request as the host sees it: socket ids tagged with its number `k`; a name
/// lookup comes back as `Err`, to be sent when no other is out.
fn tagged(io: Io, k: usize) -> std::result::Result<Io, Io> {
    let tag = |id: u32| id * SLOTS as u32 + k as u32;
    Ok(match io {
        Io::Srv { .. } | Io::Resolve { .. } => return Err(io),
        Io::Open {
            id,
            transport,
            host,
            port,
            local,
            tls,
        } => Io::Open {
            id: tag(id),
            transport,
            host,
            port,
            local,
            tls,
        },
        Io::Send { id, bytes } => Io::Send { id: tag(id), bytes },
        Io::Close { id } => Io::Close { id: tag(id) },
    })
}

/// The host's event on a tagged socket: the sub-call's number, and the event with its own
/// id. Lookups' answers are not here (they carry no id).
fn untagged(input: Input) -> (usize, Input) {
    let slots = SLOTS as u32;
    let k = |id: u32| (id % slots) as usize;
    match input {
        Input::Opened { id } => (k(id), Input::Opened { id: id / slots }),
        Input::Closed { id } => (k(id), Input::Closed { id: id / slots }),
        Input::Refused { id } => (k(id), Input::Refused { id: id / slots }),
        Input::Failed { id, message } => (
            k(id),
            Input::Failed {
                id: id / slots,
                message,
            },
        ),
        Input::Unanswered { id, message } => (
            k(id),
            Input::Unanswered {
                id: id / slots,
                message,
            },
        ),
        Input::TlsFailed { id, why, message } => (
            k(id),
            Input::TlsFailed {
                id: id / slots,
                why,
                message,
            },
        ),
        Input::Srv(_) | Input::Resolved(_) => (usize::MAX, input),
    }
}
