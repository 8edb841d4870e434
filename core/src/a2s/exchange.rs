//! The client flow: A2S_INFO, then A2S_PLAYER, then (when asked) A2S_RULES, one at a time.
//! A challenge reply (`A`) means "again with these bytes": the challenge then serves the
//! later requests too (a fresh one is asked for only when the server answers with another).
//! Split replies are joined per answer id (GoldSrc's layout once the info says GoldSrc).
//! The info is the call; a server that stays silent to PLAYER or RULES (CS:GO hides them
//! by default) costs that step's share of the budget and a warning, not the result.

use std::collections::VecDeque;

use serde::Serialize;

use super::info::{GoldSrcInfo, Info};
use super::packets::{Request, Response, NO_CHALLENGE};
use super::players::Player;
use super::split::{Joiner, Layout, SINGLE, SPLIT};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{round_ms, Deadline, Millis};
use crate::values::{Hex, RuleList};

/// A server answering challenge after challenge is not going to answer.
const MAX_CHALLENGES: u32 = 4;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Info,
    /// Frontlines: Fuel of War's old challenge request, between its info and the rest.
    Challenge,
    Players,
    Rules,
}

impl Step {
    fn name(self) -> &'static str {
        match self {
            Step::Info => "A2S_INFO",
            Step::Challenge => "A2S_SERVERQUERY_GETCHALLENGE",
            Step::Players => "A2S_PLAYER",
            Step::Rules => "A2S_RULES",
        }
    }
}

/// What `query('a2s')` returns in `raw` (`serve('a2s')` takes the same shape).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "A2sQueryResult"))]
pub struct A2sQueryResult {
    /// The Source reply (GoldSrc's obsolete one is `goldSrc`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub info: Option<Info>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub gold_src: Option<GoldSrcInfo>,
    pub players: Vec<Player>,
    /// With `rules: true`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, string>", optional))]
    pub rules: Option<RuleList>,
    /// Arma 3's and DayZ's mods, DLCs and signatures, read out of their rules.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub server_browser: Option<super::bohemia::ServerBrowser>,
    /// Frontlines: Fuel of War's own info fields (`dialect: 'ffow'`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub ffow: Option<super::ffow::Ffow>,
    /// 7 Days to Die's console, when asked (`telnet: { port, password }` with `sdtd`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub console: Option<super::sdtd::SdtdConsole>,
    /// A2S_INFO sent → its reply (the last send, when challenged).
    pub latency_ms: f64,
    /// Steps the server left unanswered or cut, in words.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub warnings: Vec<String>,
}

#[derive(Debug)]
pub struct A2sExchange {
    steps: VecDeque<Step>,
    step: Step,
    budget: Deadline,
    attempts: u32,
    challenge: Option<[u8; 4]>,
    challenges: u32,
    joiner: Joiner,
    the_ship: bool,
    outbox: VecDeque<Vec<u8>>,
    deadline: Option<Millis>,
    sent_at: Millis,
    foreign: Option<String>,
    out: A2sQueryResult,
    done: bool,
    result: Option<Result<A2sQueryResult>>,
    /// Frontlines: Fuel of War's dialect (`super::ffow`).
    ffow: bool,
}

impl A2sExchange {
    pub fn new(players: bool, rules: bool, budget: Deadline, now: Millis) -> Self {
        Self::start(players, rules, false, budget, now)
    }

    /// Frontlines: Fuel of War's dialect: its info, then the old challenge, then the rest.
    pub fn ffow(players: bool, rules: bool, budget: Deadline, now: Millis) -> Self {
        Self::start(players, rules, true, budget, now)
    }

    fn start(players: bool, rules: bool, ffow: bool, budget: Deadline, now: Millis) -> Self {
        let mut steps = VecDeque::new();
        if ffow && (players || rules) {
            steps.push_back(Step::Challenge);
        }
        if players {
            steps.push_back(Step::Players);
        }
        if rules {
            steps.push_back(Step::Rules);
        }
        let mut ex = Self {
            steps,
            step: Step::Info,
            budget,
            attempts: 0,
            challenge: None,
            challenges: 0,
            joiner: Joiner::new(Layout::Source),
            the_ship: false,
            outbox: VecDeque::new(),
            deadline: None,
            sent_at: now,
            foreign: None,
            out: A2sQueryResult::default(),
            done: false,
            result: None,
            ffow,
        };
        ex.send(now, true);
        ex
    }

    fn request(&self) -> Vec<u8> {
        let challenge = Hex(self.challenge.unwrap_or(NO_CHALLENGE));
        let request = match self.step {
            Step::Info if self.ffow => return super::ffow::INFO_REQUEST.to_vec(),
            Step::Challenge => return super::ffow::CHALLENGE_REQUEST.to_vec(),
            Step::Info => Request::Info {
                challenge: self.challenge.map(Hex),
            },
            Step::Players => Request::Players { challenge },
            Step::Rules => Request::Rules { challenge },
        };
        request.encode()
    }

    /// Sends the step's request; `fresh`: a new step (its attempts start over).
    fn send(&mut self, now: Millis, fresh: bool) {
        if fresh {
            self.attempts = 1;
        }
        self.joiner.clear();
        self.outbox.push_back(self.request());
        self.sent_at = now;
        self.deadline = Some(self.budget.attempt_end(now));
    }

    fn next_step(&mut self, now: Millis) {
        match self.steps.pop_front() {
            Some(step) if now < self.budget.end => {
                self.step = step;
                self.send(now, true);
            }
            Some(step) => {
                self.out.warnings.push(format!("no time left for {}", step.name()));
                self.next_step(now);
            }
            None => self.finish(Ok(())),
        }
    }

    fn finish(&mut self, result: Result<()>) {
        self.done = true;
        self.deadline = None;
        self.outbox.clear();
        self.result = Some(result.map(|()| std::mem::take(&mut self.out)));
    }

    /// A whole reply, read in the server's dialect.
    fn decode(&mut self, bytes: &[u8]) -> Result<Response> {
        if !self.ffow {
            return Response::decode(bytes, self.the_ship);
        }
        Ok(match super::ffow::Reply::decode(bytes)? {
            super::ffow::Reply::Challenge(c) => Response::Challenge { challenge: Hex(c) },
            super::ffow::Reply::Info(info, ffow) => {
                self.out.ffow = Some(ffow);
                Response::Info(info)
            }
            super::ffow::Reply::Players(players) => Response::Players { players },
            super::ffow::Reply::Rules(rules, truncated) => Response::Rules {
                rules,
                truncated,
                pages: Default::default(),
            },
        })
    }

    fn reply(&mut self, now: Millis, bytes: &[u8]) {
        let response = match self.decode(bytes) {
            Ok(r) => r,
            // The info is the result: a later step's broken reply costs that step only.
            Err(e) if self.step != Step::Info => {
                self.out
                    .warnings
                    .push(format!("{} reply unreadable: {}", self.step.name(), e.message));
                return self.next_step(now);
            }
            Err(e) => return self.finish(Err(e)),
        };
        match (self.step, response) {
            (Step::Challenge, Response::Challenge { challenge }) => {
                self.challenge = Some(challenge.0);
                self.next_step(now);
            }
            (_, Response::Challenge { challenge }) => {
                self.challenges += 1;
                if self.challenges > MAX_CHALLENGES {
                    return self.finish(Err(Error::new(
                        ErrorCode::Malformed,
                        format!(
                            "the server answered {} with challenge after challenge",
                            self.step.name()
                        ),
                    )));
                }
                self.challenge = Some(challenge.0);
                self.send(now, false);
            }
            (Step::Info, Response::Info(info)) => {
                self.the_ship = info.the_ship.is_some();
                // Games that keep their status in rules get them asked, last.
                if super::apps::needs_rules(info.app_id) && !self.steps.contains(&Step::Rules) {
                    self.steps.push_back(Step::Rules);
                }
                // GoldSrc engines answer `I` with protocol 48 and split the GoldSrc way.
                if info.protocol == 48 {
                    self.joiner.set_layout(Layout::GoldSrc);
                }
                self.out.info = Some(info);
                self.out.latency_ms = round_ms(now - self.sent_at);
                self.next_step(now);
            }
            (Step::Info, Response::GoldSrcInfo(info)) => {
                self.joiner.set_layout(Layout::GoldSrc);
                self.out.gold_src = Some(info);
                self.out.latency_ms = round_ms(now - self.sent_at);
                self.next_step(now);
            }
            (Step::Players, Response::Players { players }) => {
                self.out.players = players;
                self.next_step(now);
            }
            (
                Step::Rules,
                Response::Rules {
                    mut rules,
                    truncated,
                    pages,
                },
            ) => {
                if truncated {
                    self.out.warnings.push("the server cut its rule list short".into());
                }
                self.out.server_browser = super::bohemia::take(&mut rules, &pages);
                self.out.rules = Some(rules);
                self.next_step(now);
            }
            // A late answer to an earlier step, or a second info reply (GoldSrc HLDS sends
            // `m` and `I`): nothing to act on.
            _ => {}
        }
    }
}

impl crate::exchange::Exchange for A2sExchange {
    type Output = A2sQueryResult;

    fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.pop_front()
    }

    fn handle_input(&mut self, now: Millis, bytes: &[u8]) {
        if self.done {
            return;
        }
        if !matches!(bytes.get(..4), Some(h) if h == SINGLE || h == SPLIT) {
            self.foreign.get_or_insert_with(|| crate::sniff::describe(bytes));
            return;
        }
        match self.joiner.push(bytes) {
            Ok(Some(whole)) => self.reply(now, &whole),
            Ok(None) => {}
            Err(e) if self.step != Step::Info => {
                self.out
                    .warnings
                    .push(format!("{} reply unreadable: {}", self.step.name(), e.message));
                self.next_step(now);
            }
            Err(e) => self.finish(Err(e)),
        }
    }

    fn poll_timeout(&self) -> Option<Millis> {
        self.deadline
    }

    fn handle_timeout(&mut self, now: Millis) {
        if self.done || self.deadline.is_none_or(|d| now < d) {
            return;
        }
        if self.budget.may_retry(self.attempts, now) {
            self.attempts += 1;
            return self.send(now, false);
        }
        if self.step == Step::Info {
            let error = match &self.foreign {
                Some(like) => Error::new(
                    ErrorCode::WrongProtocol,
                    format!("not a Valve A2S server: it answered {like}"),
                ),
                None => Error::timeout(self.step.name(), self.attempts),
            };
            return self.finish(Err(error));
        }
        let tries = match self.attempts {
            1 => "once".to_string(),
            n => format!("{n} times"),
        };
        self.out
            .warnings
            .push(format!("no answer to {} (sent {tries})", self.step.name()));
        self.next_step(now);
    }

    fn poll_result(&mut self) -> Option<Result<A2sQueryResult>> {
        self.result.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exchange::Exchange;

    fn info() -> Info {
        Info {
            name: "test".into(),
            players: 2,
            max_players: 10,
            server_type: "dedicated".into(),
            environment: "linux".into(),
            ..Info::default()
        }
    }

    fn sent(ex: &mut A2sExchange) -> Request {
        Request::decode(&ex.poll_transmit().expect("a request")).unwrap()
    }

    #[test]
    fn challenged_info_then_players_with_the_same_challenge() {
        let mut ex = A2sExchange::new(true, false, Deadline::for_call(1000.0, 1), 0.0);
        assert_eq!(sent(&mut ex), Request::Info { challenge: None });
        ex.handle_input(
            2.0,
            &Response::Challenge {
                challenge: Hex([9, 8, 7, 6]),
            }
            .encode()
            .unwrap(),
        );
        assert_eq!(
            sent(&mut ex),
            Request::Info {
                challenge: Some(Hex([9, 8, 7, 6]))
            }
        );
        ex.handle_input(5.0, &Response::Info(info()).encode().unwrap());
        assert_eq!(
            sent(&mut ex),
            Request::Players {
                challenge: Hex([9, 8, 7, 6])
            }
        );
        let players = vec![Player {
            name: "a".repeat(50),
            ..Player::default()
        }];
        let reply = Response::Players {
            players: players.clone(),
        }
        .encode()
        .unwrap();
        // Split in two parts, the second first.
        let parts = super::super::split::split(&reply, 3, 40, false);
        assert!(parts.len() > 1);
        for p in parts.iter().rev() {
            ex.handle_input(7.0, p);
        }
        let out = ex.poll_result().unwrap().unwrap();
        assert_eq!(
            (out.players, out.latency_ms, out.info.unwrap().name),
            (players, 3.0, "test".into())
        );
    }

    #[test]
    fn silent_players_step_is_a_warning_and_a_challenge_loop_an_error() {
        let mut ex = A2sExchange::new(true, true, Deadline::for_call(1000.0, 0), 0.0);
        ex.poll_transmit();
        ex.handle_input(1.0, &Response::Info(info()).encode().unwrap());
        assert!(matches!(sent(&mut ex), Request::Players { .. }));
        ex.handle_timeout(1000.0);
        let out = ex.poll_result().unwrap().unwrap();
        assert_eq!(
            out.warnings,
            ["no answer to A2S_PLAYER (sent once)", "no time left for A2S_RULES"]
        );

        let mut ex = A2sExchange::new(true, false, Deadline::for_call(1000.0, 0), 0.0);
        for i in 0..=MAX_CHALLENGES {
            ex.poll_transmit();
            ex.handle_input(
                f64::from(i),
                &Response::Challenge {
                    challenge: Hex([1, 2, 3, 4]),
                }
                .encode()
                .unwrap(),
            );
        }
        assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::Malformed);
        let mut ex = A2sExchange::new(true, false, Deadline::for_call(100.0, 0), 0.0);
        ex.handle_input(1.0, b"HTTP/1.1 400 Bad Request\r\n");
        ex.handle_timeout(100.0);
        assert_eq!(ex.poll_result().unwrap().unwrap_err().code, ErrorCode::WrongProtocol);
    }

    #[test]
    fn a_stray_part_does_not_block_the_reply_and_a_broken_players_reply_is_a_warning() {
        let mut ex = A2sExchange::new(true, false, Deadline::for_call(1000.0, 0), 0.0);
        ex.poll_transmit();
        let stray = [
            &super::super::split::SPLIT[..],
            &9u32.to_le_bytes(),
            &[2, 1],
            &40u16.to_le_bytes(),
            b"stray",
        ]
        .concat();
        ex.handle_input(1.0, &stray);
        let info = Response::Info(Info {
            name: "x".repeat(80),
            ..info()
        })
        .encode()
        .unwrap();
        for p in super::super::split::split(&info, 7, 60, false) {
            ex.handle_input(2.0, &p);
        }
        assert!(matches!(sent(&mut ex), Request::Players { .. }), "the info was joined");
        let mut players = Response::Players {
            players: vec![Player::default(); 2],
        }
        .encode()
        .unwrap();
        players.truncate(players.len() - 3);
        ex.handle_input(3.0, &players);
        let out = ex.poll_result().unwrap().unwrap();
        assert_eq!(out.info.unwrap().name.len(), 80);
        assert!(
            out.warnings[0].starts_with("A2S_PLAYER reply unreadable: "),
            "{:?}",
            out.warnings
        );
    }
}
