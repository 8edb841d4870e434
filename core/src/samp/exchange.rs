//! The sans-IO client flow for a full SA:MP query, in the style of quinn-proto:
//! the driver calls [`QueryExchange::poll_transmit`] and sends what it returns, feeds
//! every datagram to [`QueryExchange::handle_datagram`], sleeps until
//! [`QueryExchange::poll_timeout`] and then calls [`QueryExchange::handle_timeout`],
//! until [`QueryExchange::poll_result`] yields. Time is `now_ms`, from any origin.
//!
//! Order: `i` (required) → `r` (required) → players (`c`/`d`) with `o` in parallel
//! (silence is an answer there) → `p` for latency. Replies are matched by the echo of
//! the request's first 11 bytes (15 for `p`); anything else is ignored.

use std::collections::VecDeque;

use super::header::{Address, Opcode, HEADER_LEN};
use super::request::{Request, RequestBody};
use super::response::ResponseBody;
use super::state::{LatencySource, PlayersMode, PlayersSource, RawStrings, ServerState};
use super::text::Hex;
use super::{Info, OpenMpInfo, PlayerList, Rules};
use crate::error::{Error, Result};
use crate::text::{encoding_name, TextEncoding};
use crate::wire::Reader;

/// Servers withhold player lists above this many players (open.mp: no reply to `c`).
pub const PLAYER_LIST_LIMIT: u16 = 100;

#[derive(Debug, Clone)]
pub struct QueryOptions {
    pub players: PlayersMode,
    pub encoding: TextEncoding,
    /// Per attempt.
    pub timeout_ms: u64,
    /// Extra attempts for `i` and `r` (the steps that must answer).
    pub retries: u32,
    /// Send `o` (open.mp extras).
    pub open_mp: bool,
    /// Send `p` to measure latency.
    pub ping: bool,
}

impl Default for QueryOptions {
    fn default() -> Self {
        Self {
            players: PlayersMode::Auto,
            encoding: TextEncoding::Auto,
            timeout_ms: 1000,
            retries: 1,
            open_mp: true,
            ping: true,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    Info,
    Rules,
    Extras,
    Ping,
    Done,
}

#[derive(Debug)]
struct Pending {
    opcode: Opcode,
    packet: Vec<u8>,
    sent_at: u64,
    deadline: u64,
    attempts: u32,
    required: bool,
}

/// open.mp answers requests in order, so an `o` reply trails the `r` round trip closely;
/// a SA:MP server never sends one. Waiting this many round trips (at least
/// `OPEN_MP_GRACE_MIN_MS`) instead of a whole timeout keeps SA:MP queries fast.
const OPEN_MP_GRACE_RTTS: u64 = 4;
const OPEN_MP_GRACE_MIN_MS: u64 = 50;

#[derive(Debug)]
pub struct QueryExchange {
    address: Address,
    options: QueryOptions,
    ping_payload: [u8; 4],
    phase: Phase,
    pending: Vec<Pending>,
    outbox: VecDeque<Vec<u8>>,
    /// Raw reply datagrams, kept so every string can be decoded with one encoding at the end.
    info: Option<Vec<u8>>,
    rules: Option<Vec<u8>>,
    clients: Option<Vec<u8>>,
    detailed: Option<Vec<u8>>,
    open_mp: Option<Vec<u8>>,
    info_rtt: u32,
    rules_rtt: u32,
    ping_rtt: Option<u32>,
    withheld: Option<String>,
    warnings: Vec<String>,
    result: Option<Result<ServerState>>,
}

impl QueryExchange {
    /// `ping_payload`: four random bytes from the caller (core has no RNG).
    pub fn new(address: Address, options: QueryOptions, ping_payload: [u8; 4], now_ms: u64) -> Self {
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
            info_rtt: 0,
            rules_rtt: 0,
            ping_rtt: None,
            withheld: None,
            warnings: Vec::new(),
            result: None,
        };
        ex.send(RequestBody::Info, true, now_ms);
        ex
    }

    /// The next datagram to send, if any.
    pub fn poll_transmit(&mut self) -> Option<Vec<u8>> {
        self.outbox.pop_front()
    }

    /// When to call [`Self::handle_timeout`]; `None` once finished.
    pub fn poll_timeout(&self) -> Option<u64> {
        self.pending.iter().map(|p| p.deadline).min()
    }

    /// The outcome, once; `None` while the query is running.
    pub fn poll_result(&mut self) -> Option<Result<ServerState>> {
        self.result.take()
    }

    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    fn send(&mut self, body: RequestBody, required: bool, now: u64) {
        self.send_until(body, required, now, now + self.options.timeout_ms);
    }

    fn send_until(&mut self, body: RequestBody, required: bool, now: u64, deadline: u64) {
        let request = Request::new(self.address, body);
        let packet = request.encode().expect("query requests without text always encode");
        self.outbox.push_back(packet.clone());
        self.pending.push(Pending {
            opcode: request.body.opcode(),
            packet,
            sent_at: now,
            deadline,
            attempts: 1,
            required,
        });
    }

    /// Feeds one received datagram. Datagrams that are not the echo of a pending request
    /// are ignored (stray traffic, late duplicates, spoofed replies).
    pub fn handle_datagram(&mut self, now_ms: u64, datagram: &[u8]) {
        if self.phase == Phase::Done || datagram.len() < HEADER_LEN {
            return;
        }
        let Some(index) = self.pending.iter().position(|p| {
            let echo = if p.opcode == Opcode::Ping {
                p.packet.len()
            } else {
                HEADER_LEN
            };
            datagram.len() >= echo && datagram[..echo] == p.packet[..echo]
        }) else {
            return;
        };
        let pending = self.pending.swap_remove(index);
        let rtt = u32::try_from(now_ms.saturating_sub(pending.sent_at)).unwrap_or(u32::MAX);
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
                self.send(RequestBody::Clients, false, now_ms);
            }
        }
        if self.pending.is_empty() {
            self.advance(now_ms);
        }
    }

    /// Checks a matched reply (with a provisional encoding; text is decoded for good at
    /// the end) and keeps its bytes.
    fn accept(&mut self, opcode: Opcode, datagram: &[u8], rtt: u32) -> Result<()> {
        let mut r = Reader::new(datagram);
        r.take(HEADER_LEN, "header")?;
        let body = ResponseBody::read(&mut r, opcode, self.options.encoding)?;
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
        *slot = Some(datagram.to_vec());
        Ok(())
    }

    /// Call when [`Self::poll_timeout`]'s instant has passed.
    pub fn handle_timeout(&mut self, now_ms: u64) {
        if self.phase == Phase::Done {
            return;
        }
        let retries = self.options.retries;
        if let Some(p) = self
            .pending
            .iter()
            .find(|p| p.deadline <= now_ms && p.required && p.attempts > retries)
        {
            let what = format!("'{}' after {} attempts", p.opcode.byte() as char, p.attempts);
            return self.finish(Err(Error::timeout(what)));
        }
        // Silence on an optional request is its answer.
        self.pending.retain(|p| p.required || p.deadline > now_ms);
        let timeout = self.options.timeout_ms;
        for p in self.pending.iter_mut().filter(|p| p.deadline <= now_ms) {
            p.attempts += 1;
            p.sent_at = now_ms;
            p.deadline = now_ms + timeout;
            self.outbox.push_back(p.packet.clone());
        }
        if self.pending.is_empty() {
            self.advance(now_ms);
        }
    }

    fn advance(&mut self, now: u64) {
        self.phase = match self.phase {
            Phase::Info => {
                self.send(RequestBody::Rules, true, now);
                Phase::Rules
            }
            Phase::Rules => {
                self.send_extras(now);
                if self.pending.is_empty() {
                    return self.advance_from(Phase::Extras, now);
                }
                Phase::Extras
            }
            Phase::Extras => return self.advance_from(Phase::Extras, now),
            Phase::Ping | Phase::Done => return self.complete(),
        };
    }

    fn advance_from(&mut self, phase: Phase, now: u64) {
        debug_assert_eq!(phase, Phase::Extras);
        if self.options.ping {
            self.phase = Phase::Ping;
            self.send(
                RequestBody::Ping {
                    payload: Hex(self.ping_payload),
                },
                false,
                now,
            );
        } else {
            self.complete();
        }
    }

    fn send_extras(&mut self, now: u64) {
        let info = self.decoded_info();
        let rules = self.decoded_rules();
        let known_open_mp = ServerState::version_says_open_mp(&rules.rules);
        let online = info.players;
        let (want_c, want_d) = match self.options.players {
            PlayersMode::None => (false, false),
            PlayersMode::Clients => (true, false),
            PlayersMode::Auto => (true, !known_open_mp),
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
            if want_d {
                self.send(RequestBody::Players, false, now);
            }
        }
        // SA:MP releases report `0.3.7-R2`, `0.3.DL-R1`, …; open.mp reports `omp …`.
        let known_sa_mp = rules.rules.get("version").is_some_and(|v| v.starts_with("0."));
        if self.options.open_mp && !known_sa_mp {
            // Never longer than a timeout (which may be under the floor).
            let grace = (u64::from(self.rules_rtt) * OPEN_MP_GRACE_RTTS)
                .max(OPEN_MP_GRACE_MIN_MS)
                .min(self.options.timeout_ms);
            self.send_until(RequestBody::OpenMp, false, now, now + grace);
        }
    }

    fn decoded_info(&self) -> Info {
        decode_body(self.info.as_deref(), Opcode::Info, self.options.encoding)
            .and_then(|b| match b {
                ResponseBody::Info(i) => Some(i),
                _ => None,
            })
            .unwrap_or_default()
    }

    fn decoded_rules(&self) -> Rules {
        decode_body(self.rules.as_deref(), Opcode::Rules, self.options.encoding)
            .and_then(|b| match b {
                ResponseBody::Rules(r) => Some(r),
                _ => None,
            })
            .unwrap_or_default()
    }

    fn finish(&mut self, result: Result<ServerState>) {
        self.phase = Phase::Done;
        self.pending.clear();
        self.result = Some(result);
    }

    /// Decodes every kept reply with one encoding: the caller's, or one detected over all
    /// strings of all replies together (more text, better guess, consistent result).
    fn complete(&mut self) {
        let encoding = match self.options.encoding {
            TextEncoding::Fixed(e) => e,
            TextEncoding::Auto => {
                let all = [&self.info, &self.rules, &self.clients, &self.detailed, &self.open_mp];
                let mut strings = Vec::new();
                for (slot, op) in all.into_iter().zip([
                    Opcode::Info,
                    Opcode::Rules,
                    Opcode::Clients,
                    Opcode::Players,
                    Opcode::OpenMp,
                ]) {
                    if let Some(body) = decode_body(slot.as_deref(), op, TextEncoding::Auto) {
                        strings.extend(raw_strings(&body));
                    }
                }
                let refs: Vec<&[u8]> = strings.iter().map(Vec::as_slice).collect();
                TextEncoding::Auto.decode_all(&refs).encoding
            }
        };
        let fixed = TextEncoding::Fixed(encoding);
        let decode = |slot: &Option<Vec<u8>>, op| decode_body(slot.as_deref(), op, fixed);
        let mut raw = RawStrings::default();
        let mut info = match decode(&self.info, Opcode::Info) {
            Some(ResponseBody::Info(i)) => i,
            _ => return self.finish(Err(Error::timeout("'i'"))),
        };
        raw.info = std::mem::take(&mut info.text.raw_strings);
        info.text = Default::default();
        let mut rules = match decode(&self.rules, Opcode::Rules) {
            Some(ResponseBody::Rules(r)) => r,
            _ => Rules::default(),
        };
        raw.rules = std::mem::take(&mut rules.text.raw_strings);
        let detailed = match decode(&self.detailed, Opcode::Players) {
            Some(ResponseBody::Players(list)) => Some(list),
            _ => None,
        };
        let clients = match decode(&self.clients, Opcode::Clients) {
            Some(ResponseBody::Clients(list)) => Some(list),
            _ => None,
        };
        let (players, players_source) = match (detailed, clients) {
            (Some(d), _) => (Some(d), Some(PlayersSource::Detailed)),
            (None, Some(c)) => (Some(c), Some(PlayersSource::Clients)),
            (None, None) => (None, None),
        };
        let players = players.map(|mut list: PlayerList| {
            raw.players = std::mem::take(&mut list.text.raw_strings);
            list.players
        });
        let open_mp = match decode(&self.open_mp, Opcode::OpenMp) {
            Some(ResponseBody::OpenMp(mut o)) => {
                raw.open_mp = std::mem::take(&mut o.text.raw_strings);
                o.text = Default::default();
                Some::<OpenMpInfo>(o)
            }
            _ => None,
        };
        let is_open_mp = open_mp.is_some() || ServerState::version_says_open_mp(&rules.rules);
        let mut withheld = self.withheld.take();
        if players.is_none() && withheld.is_none() && info.players > 0 && self.options.players != PlayersMode::None {
            withheld = Some("the server did not answer the player list request".into());
        }
        let (latency_ms, latency_source) = match self.ping_rtt {
            Some(rtt) => (rtt, LatencySource::Ping),
            None => (self.info_rtt, LatencySource::Info),
        };
        let state = ServerState {
            info,
            rules: rules.rules,
            players: players.unwrap_or_default(),
            players_source,
            players_withheld: withheld,
            open_mp,
            is_open_mp,
            encoding: Some(encoding_name(encoding)),
            raw_strings: Some(raw),
            latency_ms: Some(latency_ms),
            latency_source: Some(latency_source),
            warnings: std::mem::take(&mut self.warnings),
        };
        self.finish(Ok(state));
    }
}

fn decode_body(datagram: Option<&[u8]>, opcode: Opcode, enc: TextEncoding) -> Option<ResponseBody> {
    let mut r = Reader::new(datagram?);
    r.take(HEADER_LEN, "header").ok()?;
    ResponseBody::read(&mut r, opcode, enc).ok()
}

fn raw_strings(body: &ResponseBody) -> Vec<Vec<u8>> {
    let hex = match body {
        ResponseBody::Info(i) => &i.text.raw_strings,
        ResponseBody::Rules(r) => &r.text.raw_strings,
        ResponseBody::Clients(l) | ResponseBody::Players(l) => &l.text.raw_strings,
        ResponseBody::OpenMp(o) => &o.text.raw_strings,
        ResponseBody::Ping { .. } | ResponseBody::RconLine(_) => return Vec::new(),
    };
    hex.iter()
        .filter_map(|h| crate::wire::from_hex(h, "raw string").ok())
        .collect()
}

crate::exchange::impl_exchange!(QueryExchange, ServerState);
