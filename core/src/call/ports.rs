//! A game's query (`query('vrising', 'host:27015')`): one call of its protocol per
//! candidate query port, all at once within the one deadline ([`Subcalls`]: one host call,
//! the name looked up once); the first status wins and the others stop (the host closes
//! their sockets). When none answers, the error says what happened on each port
//! (`err.candidates`).

use super::front::Front;
use super::subcalls::{Subcalls, SLOTS};
use super::Call;
use crate::error::{Caller, Candidate, Error, ErrorCode};
use crate::exchange::Millis;

#[derive(Debug)]
pub struct Ports {
    who: Caller,
    /// The game's name, for messages.
    game: &'static str,
    target: String,
    ports: Vec<u16>,
    subs: Subcalls,
    errors: Vec<Option<Error>>,
}

impl Ports {
    /// `calls`: one per port of `ports` (at most [`SLOTS`]), already made.
    pub fn new(who: Caller, game: &'static str, target: String, ports: Vec<u16>, calls: Vec<Call>) -> Self {
        assert!(
            calls.len() <= SLOTS && calls.len() == ports.len(),
            "a call per candidate"
        );
        let mut subs = Subcalls::default();
        for (k, call) in calls.into_iter().enumerate() {
            subs.start(k, call);
        }
        let mut ports = Self {
            who,
            game,
            target,
            errors: ports.iter().map(|_| None).collect(),
            ports,
            subs,
        };
        ports.settle(0.0);
        ports
    }

    /// After any event: the first status wins; every candidate failed is the error.
    fn settle(&mut self, now: Millis) {
        let (mut won, errors) = (None, &mut self.errors);
        self.subs.pump(now, |k, outcome| match outcome {
            Ok(status) if won.is_none() => won = Some(status),
            Ok(_) => {}
            Err(e) => errors[k] = Some(e),
        });
        if let Some(status) = won {
            self.subs.decide(Ok(status));
        } else if self.subs.all_finished() {
            let e = self.none_answered();
            self.subs.decide(Err(e));
        }
    }

    /// Every candidate failed.
    fn none_answered(&mut self) -> Error {
        let errors = self
            .errors
            .iter_mut()
            .map(|e| e.take().unwrap_or_else(Error::aborted))
            .collect();
        none_answered(self.who, self.game, &self.target, &self.ports, errors)
    }
}

impl Front for Ports {
    fn subs(&self) -> &Subcalls {
        &self.subs
    }
    fn subs_mut(&mut self) -> &mut Subcalls {
        &mut self.subs
    }
    fn settle(&mut self, now: Millis) {
        Ports::settle(self, now)
    }
}

/// A game's query where no candidate port answered (`errors`: one per port of `ports`):
/// the most telling code, each port's story in the message and in `err.candidates`.
pub fn none_answered(who: Caller, game: &str, target: &str, ports: &[u16], errors: Vec<Error>) -> Error {
    // A call that cannot start (a bad option, a name that does not resolve) failed the
    // same way on every port: its own error says it best.
    // Under the game's call and the target as given, not the candidate port's.
    if let Some(e) = errors
        .iter()
        .find(|e| matches!(e.code, ErrorCode::InvalidArgument | ErrorCode::Dns))
    {
        let mut own = Error::new(e.code, e.own_message().to_string());
        own.attempts = e.attempts;
        return own.in_call(who, target, None);
    }
    let codes: Vec<ErrorCode> = errors.iter().map(|e| e.code).collect();
    let code = if codes.iter().all(|c| *c == codes[0]) {
        codes[0]
    } else if let Some(c) = codes
        .iter()
        .find(|c| !matches!(c, ErrorCode::Timeout | ErrorCode::PortClosed | ErrorCode::WrongProtocol))
    {
        *c
    } else if codes.contains(&ErrorCode::WrongProtocol) {
        ErrorCode::WrongProtocol
    } else {
        ErrorCode::Timeout
    };
    let candidates: Vec<Candidate> = ports
        .iter()
        .zip(&errors)
        .map(|(&port, e)| Candidate {
            port,
            code: e.code,
            message: e.own_message().to_string(),
        })
        .collect();
    // The message says each port's story briefly; `candidates` has it whole.
    let told: Vec<String> = candidates
        .iter()
        .map(|c| match c.code {
            ErrorCode::PortClosed => format!("{} closed", c.port),
            ErrorCode::Timeout => format!("{} silent", c.port),
            _ => format!("{}: {}", c.port, c.message),
        })
        .collect();
    let what = format!("no query port of {game} answered — {}", told.join("; "));
    let mut e = Error::new(code, what);
    e.attempts = errors.iter().filter_map(|e| e.attempts).max();
    // An HTTP refusal's status and wait, from the port whose error the code is.
    if let Some(told) = errors.iter().find(|e| e.code == code && e.http_status.is_some()) {
        e = e.with_http(told.http_status.unwrap_or_default(), told.retry_after);
    }
    let ip = errors
        .iter()
        .find_map(|e| e.context.as_ref().and_then(|c| c.ip.clone()));
    let mut e = e.in_call(who, target, None);
    if let Some(c) = e.context.as_mut() {
        c.ip = ip;
        c.candidates = candidates;
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Caller;

    #[test]
    fn a_game_whose_name_does_not_resolve_names_the_target_as_given() {
        let sub = Error::new(ErrorCode::Dns, "cannot resolve h.invalid: no such host").in_call(
            Caller {
                title: "A2S query",
                protocol: "a2s",
            },
            "h.invalid:28016",
            None,
        );
        let game = Caller {
            title: "Rust query",
            protocol: "a2s",
        };
        let e = none_answered(game, "Rust", "h.invalid:28015", &[28016, 28015], vec![sub.clone(), sub]);
        assert_eq!(
            e.message,
            "Rust query of h.invalid:28015: cannot resolve h.invalid: no such host"
        );
    }
}
