//! The sans-IO client flow for a full SA:MP query, in the style of quinn-proto:
//! the driver calls [`QueryExchange::poll_transmit`] and sends what it returns, feeds
//! every datagram to [`QueryExchange::handle_datagram`], sleeps until
//! [`QueryExchange::poll_timeout`] and then calls [`QueryExchange::handle_timeout`],
//! until [`QueryExchange::poll_result`] yields. Time is `now_ms`, from any origin.
//!
//! Order: `i` (required) → `r` (required) with `p` alongside for latency → the player
//! list (`c` and/or `d`) with `o` in parallel. Silence on `p`, `c`, `d` and `o` is an
//! answer; the optional steps wait a grace of a few round trips, not a whole timeout,
//! unless nothing else would give the list. Replies are matched by the echo of the
//! request's first 11 bytes (15 for `p`); anything else is ignored.

use std::borrow::Cow;
use std::collections::VecDeque;

use super::header::{Address, Dialect, Opcode, HEADER_LEN};
use super::reply_text::Texts;
use super::request::{Request, RequestBody};
use super::response::ResponseBody;
use super::state::{LatencySource, PlayersMode, PlayersSource, RawStrings, ServerState};
use super::{OpenMpInfo, PlayerList, Rules};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::{round_ms, Deadline, Millis};
use crate::text::{encoding_name, TextEncoding};
use crate::values::Hex;
use crate::wire::Reader;
use encoding_rs::{Encoding, UTF_8, WINDOWS_1252};

/// Servers withhold player lists above this many players (open.mp: no reply to `c`).
pub const PLAYER_LIST_LIMIT: u16 = 100;

#[derive(Debug, Clone)]
pub struct QueryOptions {
    pub players: PlayersMode,
    pub encoding: TextEncoding,
    /// The whole query's budget; retransmissions of `i`, `r` (the steps that must answer)
    /// happen inside it.
    pub deadline: Deadline,
    /// Send `o` (open.mp extras).
    pub open_mp: bool,
    /// Send `p` to measure latency.
    pub ping: bool,
    /// Keep every string's undecoded bytes (`raw.rawStrings`).
    pub raw_strings: bool,
    /// VC:MP's packets: `i`, then `c` (names); no rules, `p` or `o`.
    pub dialect: Dialect,
}

impl Default for QueryOptions {
    fn default() -> Self {
        Self {
            players: PlayersMode::Auto,
            encoding: TextEncoding::Auto,
            deadline: Deadline::for_call(2500.0, 1),
            open_mp: true,
            ping: true,
            raw_strings: false,
            dialect: Dialect::Samp,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Info,
    Rules,
    Extras,
    Done,
}

#[derive(Debug)]
struct Pending {
    opcode: Opcode,
    packet: Vec<u8>,
    sent_at: Millis,
    deadline: Millis,
    attempts: u32,
    required: bool,
    /// `p`: runs beside the phases instead of holding them up.
    background: bool,
}

/// Servers answer in order, so a reply to an optional request trails the round trip of
/// the required one closely; a server that never sends one (SA:MP for `o`, filtered
/// hosts for `d`/`p`) is recognised after this many round trips (at least
/// `GRACE_MIN_MS`) instead of a whole attempt.
const GRACE_RTTS: f64 = 4.0;
const GRACE_MIN_MS: Millis = 50.0;

/// A matched reply: read once on arrival, with the caller's encoding or, under `auto`, as
/// UTF-8. The result keeps those bodies unless some reply's text is not UTF-8; then every
/// reply is read again from its bytes with one guessed code page.
#[derive(Debug)]
struct Kept {
    bytes: Vec<u8>,
    body: ResponseBody,
    raw_strings: Vec<String>,
    /// Every string read as the result will read it, if the result's encoding is the
    /// one used on arrival (under `auto`: every string was UTF-8).
    as_read: bool,
}

/// A reply's body with the raw bytes of its strings (hex; empty unless asked for).
type Body = (ResponseBody, Vec<String>);

#[derive(Debug)]
pub struct QueryExchange {
    address: Address,
    options: QueryOptions,
    ping_payload: [u8; 4],
    phase: Phase,
    pending: Vec<Pending>,
    outbox: VecDeque<Vec<u8>>,
    info: Option<Kept>,
    rules: Option<Kept>,
    clients: Option<Kept>,
    detailed: Option<Kept>,
    open_mp: Option<Kept>,
    info_rtt: Millis,
    rules_rtt: Millis,
    ping_rtt: Option<Millis>,
    /// `d` went unanswered and `c` was asked instead.
    detailed_ignored: bool,
    /// What the peer sent that was not SA:MP, if anything (for the error on a timeout).
    foreign: Option<String>,
    withheld: Option<String>,
    warnings: Vec<String>,
    result: Option<Result<ServerState>>,
}

impl QueryExchange {
    /// `ping_payload`: four random bytes from the caller (core has no RNG).
    pub fn new(address: Address, options: QueryOptions, ping_payload: [u8; 4], now: Millis) -> Self {
        let mut ex = Self {
            address,
            options,
            ping_payload,
            phase: Phase::Info,
            pending: Vec::new(),
            outbox: VecDeque::new(),
            info: None,
            rules: None,
            clients: None,
            detailed: None,
            open_mp: None,
            info_rtt: 0.0,
            rules_rtt: 0.0,
            ping_rtt: None,
            detailed_ignored: false,
            foreign: None,
            withheld: None,
            warnings: Vec::new(),
            result: None,
        };
        ex.send(RequestBody::Info, true, now);
        ex
    }

    /// The next datagram to send, if any.
    pub fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.pop_front()
    }

    /// When to call [`Self::handle_timeout`]; `None` once finished.
    pub fn poll_timeout(&self) -> Option<Millis> {
        self.pending.iter().map(|p| p.deadline).min_by(f64::total_cmp)
    }

    /// The outcome, once; `None` while the query is running.
    pub fn poll_result(&mut self) -> Option<Result<ServerState>> {
        self.result.take()
    }

    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    fn send(&mut self, body: RequestBody, required: bool, now: Millis) {
        let deadline = self.options.deadline.attempt_end(now);
        self.send_until(body, required, now, deadline);
    }

    fn send_until(&mut self, body: RequestBody, required: bool, now: Millis, deadline: Millis) {
        let request = Request::new(self.address, body).in_dialect(self.options.dialect);
        let packet = request.encode().expect("query requests without text always encode");
        self.outbox.push_back(packet.clone());
        self.pending.push(Pending {
            opcode: request.body.opcode(),
            background: request.body.opcode() == Opcode::Ping,
            packet,
            sent_at: now,
            deadline,
            attempts: 1,
            required,
        });
    }

    /// A deadline a few round trips after `now` (never beyond an attempt).
    fn grace(&self, now: Millis, rtt: Millis) -> Millis {
        (now + (rtt * GRACE_RTTS).max(GRACE_MIN_MS)).min(self.options.deadline.attempt_end(now))
    }

    /// Feeds one received datagram. Datagrams that are not the echo of a pending request
    /// are ignored (stray traffic, late duplicates, spoofed replies).
    pub fn handle_datagram(&mut self, now: Millis, datagram: &[u8]) {
        if self.phase == Phase::Done {
            return;
        }
        if !datagram.starts_with(self.options.dialect.reply_magic()) {
            self.foreign.get_or_insert_with(|| crate::sniff::describe(datagram));
            return;
        }
        if datagram.len() < HEADER_LEN {
            return;
        }
        let Some(index) = self.pending.iter().position(|p| {
            let echo = if p.opcode == Opcode::Ping {
                p.packet.len()
            } else {
                HEADER_LEN
            };
            // Past the magic, which VC:MP's replies change.
            datagram.len() >= echo && datagram[4..echo] == p.packet[4..echo]
        }) else {
            return;
        };
        let pending = self.pending.swap_remove(index);
        let rtt = (now - pending.sent_at).max(0.0);
        if let Err(e) = self.accept(pending.opcode, datagram, rtt) {
            if pending.required {
                return self.finish(Err(e));
            }
            let op = pending.opcode.byte() as char;
            self.warnings.push(format!("ignored a malformed '{op}' reply: {e}"));
        }
        if pending.opcode == Opcode::OpenMp && self.pending.iter().any(|p| p.opcode == Opcode::Players) {
            // open.mp never answers `d`: stop waiting for it, and ask `c` if nothing else will.
            self.pending.retain(|p| p.opcode != Opcode::Players);
            if self.clients.is_none() && !self.pending.iter().any(|p| p.opcode == Opcode::Clients) {
                self.send(RequestBody::Clients, false, now);
            }
        }
        self.step(now);
    }

    /// Reads a matched reply and keeps it (see [`Kept`]).
    fn accept(&mut self, opcode: Opcode, datagram: &[u8], rtt: Millis) -> Result<()> {
        let mut texts = Texts::new(self.options.encoding, self.options.raw_strings);
        let body = read_body(datagram, opcode, &mut texts, self.options.dialect)?;
        let as_read = texts.all_utf8();
        let raw_strings = texts.reply_text().raw_strings;
        let slot = match body {
            ResponseBody::Info(_) => {
                self.info_rtt = rtt;
                &mut self.info
            }
            ResponseBody::Rules(_) => {
                self.rules_rtt = rtt;
                &mut self.rules
            }
            ResponseBody::Clients(_) => &mut self.clients,
            ResponseBody::Players(_) => &mut self.detailed,
            ResponseBody::OpenMp(_) => &mut self.open_mp,
            ResponseBody::Ping { .. } => {
                self.ping_rtt = Some(rtt);
                return Ok(());
            }
            ResponseBody::RconLine(_) => return Ok(()),
        };
        *slot = Some(Kept {
            bytes: datagram.to_vec(),
            body,
            raw_strings,
            as_read,
        });
        Ok(())
    }

    /// Call when [`Self::poll_timeout`]'s instant has passed.
    pub fn handle_timeout(&mut self, now: Millis) {
        if self.phase == Phase::Done {
            return;
        }
        let budget = self.options.deadline;
        if let Some(p) = self
            .pending
            .iter()
            .find(|p| p.deadline <= now && p.required && !budget.may_retry(p.attempts, now))
        {
            let error = match &self.foreign {
                Some(like) => Error::new(
                    ErrorCode::WrongProtocol,
                    format!("not a SA:MP server: it answered {like}"),
                ),
                None => Error::timeout(format!("'{}'", p.opcode.byte() as char), p.attempts),
            };
            return self.finish(Err(error));
        }
        // Silence on an optional request is its answer.
        let detailed_expired = self
            .pending
            .iter()
            .any(|p| p.opcode == Opcode::Players && p.deadline <= now);
        self.pending.retain(|p| p.required || p.deadline > now);
        if detailed_expired
            && now < budget.end
            && self.clients.is_none()
            && !self.pending.iter().any(|p| p.opcode == Opcode::Clients)
        {
            // A server that ignores `d` (a filtered host, a proxy) may still answer `c`.
            self.detailed_ignored = true;
            self.send(RequestBody::Clients, false, now);
        }
        for p in self.pending.iter_mut().filter(|p| p.deadline <= now) {
            p.attempts += 1;
            p.sent_at = now;
            p.deadline = budget.attempt_end(now);
            self.outbox.push_back(p.packet.clone());
        }
        self.step(now);
    }

    /// Moves to the next phase once the current one has no request left (`p` runs
    /// beside them), and completes once nothing is pending at all.
    fn step(&mut self, now: Millis) {
        loop {
            let waiting = self.pending.iter().any(|p| !p.background);
            match self.phase {
                Phase::Info if !waiting && self.options.dialect == Dialect::Vcmp => {
                    // VC:MP answers no rules: on to the list.
                    self.phase = Phase::Rules;
                }
                Phase::Info if !waiting => {
                    self.send(RequestBody::Rules, true, now);
                    if self.options.ping {
                        let deadline = self.grace(now, self.info_rtt);
                        let payload = Hex(self.ping_payload);
                        self.send_until(RequestBody::Ping { payload }, false, now, deadline);
                    }
                    self.phase = Phase::Rules;
                }
                Phase::Rules if !waiting => {
                    self.send_extras(now);
                    self.phase = Phase::Extras;
                }
                Phase::Extras if self.pending.is_empty() => return self.complete(),
                _ => return,
            }
        }
    }

    fn send_extras(&mut self, now: Millis) {
        let rules = self.plan_rules();
        let known_open_mp = ServerState::version_says_open_mp(&rules.rules);
        // SA:MP releases report `0.3.7-R2`, `0.3.DL-R1`, …; open.mp reports `omp …`.
        let known_sa_mp = rules.rules.get("version").is_some_and(|v| v.starts_with("0."));
        let online = match self.info.as_ref().map(|k| &k.body) {
            Some(ResponseBody::Info(info)) => info.players,
            _ => 0,
        };
        // `d` carries all of `c` and more; a server known to be SA:MP answers it.
        let vcmp = self.options.dialect == Dialect::Vcmp;
        let (want_c, want_d) = match self.options.players {
            PlayersMode::None => (false, false),
            // VC:MP's one list is `c`.
            _ if vcmp => (true, false),
            PlayersMode::Clients => (true, false),
            PlayersMode::Auto if known_open_mp => (true, false),
            PlayersMode::Auto if known_sa_mp => (false, true),
            PlayersMode::Auto => (true, true),
            PlayersMode::Detailed => (known_open_mp, !known_open_mp),
        };
        if (want_c || want_d) && online > PLAYER_LIST_LIMIT {
            self.withheld = Some(format!(
                "{online} players online: servers send no player list above {PLAYER_LIST_LIMIT}"
            ));
        } else {
            if want_c {
                self.send(RequestBody::Clients, false, now);
            }
            if want_d && want_c {
                self.send(RequestBody::Players, false, now);
            } else if want_d {
                // Alone, `d` gets a grace: its silence is answered by asking `c`.
                let deadline = self.grace(now, self.rules_rtt);
                self.send_until(RequestBody::Players, false, now, deadline);
            }
        }
        if self.options.open_mp && !known_sa_mp && !vcmp {
            let deadline = self.grace(now, self.rules_rtt);
            self.send_until(RequestBody::OpenMp, false, now, deadline);
        }
    }

    /// What the plan needs (the `version` rule) is ASCII: the rules as read on arrival
    /// serve unless that read left strings empty (`auto` meeting text that is not UTF-8)
    /// or used a code page that is not ASCII's; then a fixed single-byte page reads them
    /// (exact for ASCII, without running the detector).
    fn plan_rules(&self) -> Cow<'_, Rules> {
        let Some(kept) = &self.rules else {
            return Cow::Owned(Rules::default());
        };
        match &kept.body {
            ResponseBody::Rules(r) if kept.as_read && ascii_compatible(self.options.encoding) => Cow::Borrowed(r),
            _ => match decode_body(&kept.bytes, Opcode::Rules, WINDOWS_1252, self.options.dialect) {
                Some(ResponseBody::Rules(r)) => Cow::Owned(r),
                _ => Cow::Owned(Rules::default()),
            },
        }
    }

    fn finish(&mut self, result: Result<ServerState>) {
        self.phase = Phase::Done;
        self.pending.clear();
        self.result = Some(result);
    }

    fn kept(&mut self) -> [&mut Option<Kept>; 5] {
        [
            &mut self.info,
            &mut self.rules,
            &mut self.clients,
            &mut self.detailed,
            &mut self.open_mp,
        ]
    }

    /// The one encoding for every kept reply and their bodies read with it: the caller's
    /// encoding, or, under `auto`, UTF-8 when every string of every reply is UTF-8 (the
    /// bodies as read on arrival), else one guess over all their non-ASCII strings
    /// together (more text, better guess, consistent result) and every reply read again.
    fn take_bodies(&mut self) -> (&'static Encoding, [Option<Body>; 5]) {
        let keep_raw = self.options.raw_strings;
        let dialect = self.options.dialect;
        let as_read = match self.options.encoding {
            TextEncoding::Fixed(e) => Some(e),
            TextEncoding::Auto => self
                .kept()
                .iter()
                .all(|k| k.as_ref().is_none_or(|k| k.as_read))
                .then_some(UTF_8),
        };
        if let Some(e) = as_read {
            return (e, self.kept().map(|k| k.take().map(|k| (k.body, k.raw_strings))));
        }
        let mut t = Texts::new(TextEncoding::Auto, false);
        for k in self.kept().into_iter().flatten() {
            let _ = read_body(&k.bytes, k.body.opcode(), &mut t, dialect);
        }
        let e = t.guessed().unwrap_or(UTF_8);
        let bodies = self.kept().map(|k| {
            let k = k.take()?;
            let mut t = Texts::new(TextEncoding::Fixed(e), keep_raw);
            let body = read_body(&k.bytes, k.body.opcode(), &mut t, dialect).ok()?;
            Some((body, t.reply_text().raw_strings))
        });
        (e, bodies)
    }

    /// Builds the result out of every kept reply, read with one encoding.
    fn complete(&mut self) {
        let keep_raw = self.options.raw_strings;
        let (encoding, [info, rules, clients, detailed, open_mp]) = self.take_bodies();
        let mut raw = RawStrings::default();
        let info = match info {
            Some((ResponseBody::Info(i), r)) => {
                raw.info = r;
                i
            }
            _ => return self.finish(Err(Error::timeout("'i'", 1))),
        };
        let rules = match rules {
            Some((ResponseBody::Rules(r), s)) => {
                raw.rules = s;
                r
            }
            _ => Rules::default(),
        };
        let detailed = match detailed {
            Some((ResponseBody::Players(list), s)) => Some((list, s)),
            _ => None,
        };
        let clients = match clients {
            Some((ResponseBody::Clients(list), s)) => Some((list, s)),
            _ => None,
        };
        let (players, players_source) = match (detailed, clients) {
            (Some((d, s)), _) => {
                raw.players = s;
                (Some(d), Some(PlayersSource::Detailed))
            }
            (None, Some((c, s))) => {
                raw.players = s;
                (Some(c), Some(PlayersSource::Clients))
            }
            (None, None) => (None, None),
        };
        let players = players.map(|list: PlayerList| list.players);
        let open_mp = match open_mp {
            Some((ResponseBody::OpenMp(o), s)) => {
                raw.open_mp = s;
                Some::<OpenMpInfo>(o)
            }
            _ => None,
        };
        let is_open_mp = open_mp.is_some() || ServerState::version_says_open_mp(&rules.rules);
        // `players: 'd'` promises ids and pings; a list without them says why.
        // (VC:MP's one list is `c`: nothing to say.)
        let vcmp = self.options.dialect == Dialect::Vcmp;
        if self.options.players == PlayersMode::Detailed && players_source == Some(PlayersSource::Clients) && !vcmp {
            let why = if self.detailed_ignored {
                "the server did not answer 'd'"
            } else {
                "open.mp servers answer no 'd'"
            };
            self.warnings
                .push(format!("{why}: the list came from 'c' (no ids or pings)"));
        }
        let mut withheld = self.withheld.take();
        if players.is_none() && withheld.is_none() && info.players > 0 && self.options.players != PlayersMode::None {
            withheld = Some("the server did not answer the player list request".into());
        }
        let (latency, latency_source) = match self.ping_rtt {
            Some(rtt) => (rtt, LatencySource::Ping),
            None => (self.info_rtt, LatencySource::Info),
        };
        let latency_ms = round_ms(latency);
        let state = ServerState {
            dialect: self.options.dialect,
            info,
            rules: rules.rules,
            players: players.unwrap_or_default(),
            players_source,
            players_withheld: withheld,
            open_mp,
            is_open_mp,
            encoding: Some(encoding_name(encoding)),
            raw_strings: keep_raw.then_some(raw),
            latency_ms: Some(latency_ms),
            latency_source: Some(latency_source),
            warnings: std::mem::take(&mut self.warnings),
        };
        self.finish(Ok(state));
    }
}

/// A reply's body after its 11-byte header, the strings read through `t`.
fn read_body<'a>(datagram: &'a [u8], opcode: Opcode, t: &mut Texts<'a>, dialect: Dialect) -> Result<ResponseBody> {
    let mut r = Reader::new(datagram);
    r.take(HEADER_LEN, "header")?;
    let body = ResponseBody::read_with(&mut r, opcode, t, dialect)?;
    r.expect_end("reply end")?;
    Ok(body)
}

fn ascii_compatible(encoding: TextEncoding) -> bool {
    match encoding {
        TextEncoding::Fixed(e) => e.is_ascii_compatible(),
        TextEncoding::Auto => true,
    }
}

fn decode_body(datagram: &[u8], opcode: Opcode, encoding: &'static Encoding, dialect: Dialect) -> Option<ResponseBody> {
    read_body(
        datagram,
        opcode,
        &mut Texts::new(TextEncoding::Fixed(encoding), false),
        dialect,
    )
    .ok()
}

crate::exchange::impl_exchange!(QueryExchange, ServerState);
