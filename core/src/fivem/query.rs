//! `query('fivem', …)`: `getinfo` over UDP for the status and, at once beside it within the
//! one deadline, `GET /players.json` (the names) and `GET /info.json` (resources, settings,
//! version; skipped while this process holds it for the server's `iv`) on the same port
//! over TCP, each on a connection of its own. A failed HTTP part is a warning in the
//! status; a failed `getinfo` fails the call. `udp: false` (a host without UDP, as a
//! Worker): `/dynamic.json` takes `getinfo`'s place. `getStatus: true`: `getstatus` beside
//! `getinfo` (see `exchange`), its players the list until `/players.json`'s come.

use serde_json::Value;

use super::endpoints::{read_dynamic, read_info, read_players, MAX_DYNAMIC, MAX_INFO, MAX_PLAYERS_JSON};
use super::exchange::GetInfo;
use super::unified::{self, FivemQueryResult};
use crate::error::{Error, Result};
use crate::http::part::get;
use crate::options::Common;
use crate::spec::{Outcome, Parts, QueryPlan, Running, Start, Transport};
use crate::target::Target;

crate::options::declare! {
    /// `query('fivem', target, options)`.
    pub struct FivemPlan("FiveM query"), ts FivemQueryOptions, cli "";
    /// `GET /players.json` for the names (default true). Newer servers anonymise the rows
    /// unless asked with `playersToken`; the count is always `getinfo`'s.
    players: bool = "players" by boolean(true), ts "boolean", flag("no-players", Set("false"), "");
    /// `GET /info.json` for resources, settings and version (default true); kept per server
    /// while its `iv` stays the same.
    info: bool = "info" by boolean(true), ts "boolean", flag("no-info", Set("false"), "");
    /// The server's `sv_playersToken`, sent as `X-Players-Token`.
    token: Option<String> = "playersToken" by text(token), ts "string", flag("players-token", Text, "T");
    /// Ask `getstatus` too (default false): a server with `sv_enableGetStatus` answers
    /// with its players (name, ping) and settings (`raw.statusResponse`), the list until
    /// `/players.json`'s come. Most servers have it off and ignore it.
    get_status: bool = "getStatus" by boolean(false), ts "boolean", flag("get-status", Set("true"), "");
    /// `false`: no UDP (`/dynamic.json` instead of `getinfo`), for hosts without it.
    udp: bool = "udp" by boolean(true), ts "boolean", flag("http-only", Set("false"), "");
}

/// `playersToken`: a header's value, so no line end in it.
fn token(given: Option<&str>) -> Result<Option<String>> {
    match given {
        Some(t) if t.contains(['\r', '\n']) => Err(Error::invalid("option playersToken cannot hold a line end")),
        t => Ok(t.map(str::to_string)),
    }
}

pub fn plan(options: Value, _target: &Target) -> Result<Box<dyn QueryPlan>> {
    let plan = FivemPlan::read(options)?;
    if plan.common.local_port != 0 && (plan.players || plan.info) {
        return Err(Error::invalid(
            "option localPort cannot be used with a FiveM query's HTTP parts: give players: false, info: false",
        ));
    }
    Ok(Box::new(plan))
}

impl QueryPlan for FivemPlan {
    fn common(&self) -> &Common {
        &self.common
    }

    fn transport(&self) -> Transport {
        if self.udp {
            Transport::Udp
        } else {
            Transport::Tcp
        }
    }

    fn start(&mut self, at: Start<'_>) -> Result<Box<dyn Running>> {
        if self.udp {
            let probe = super::exchange::Info::new(self.get_status);
            let exchange = GetInfo::new(probe, at.budget, at.now, at.rng.next_u64());
            return Ok(at.report(exchange, move |out| {
                let mut info = out.response.info.info;
                // The echo of our own challenge: no setting of the server's.
                info.0.retain(|(k, _)| k != "challenge");
                let mut status = unified::status(info, out.latency_ms);
                if let Some(reply) = out.response.status {
                    unified::with_status_reply(&mut status, reply);
                }
                Ok(status)
            }));
        }
        let exchange = get(&at, "/dynamic.json", &[], MAX_DYNAMIC);
        Ok(at.report(exchange, move |reply| {
            let info = read_dynamic(&reply.body)?;
            Ok(unified::status(info, reply.latency_ms))
        }))
    }

    fn parts(&mut self, host: &str, port: u16) -> Option<Box<dyn Parts>> {
        if !self.players && !self.info {
            return None;
        }
        let server = format!("{host}:{port}");
        Some(Box::new(FivemParts {
            cached: if self.info { super::cache::get(&server) } else { None },
            server,
            common: self.common,
            token: self.token.clone(),
            players_pending: self.players,
            info_wanted: self.info,
            kinds: vec![Kind::Own],
            results: vec![None],
        }))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Own,
    Players,
    Info,
}

impl Kind {
    /// An HTTP part's path.
    fn path(self) -> &'static str {
        match self {
            Kind::Players => "/players.json",
            _ => "/info.json",
        }
    }
}

struct FivemParts {
    server: String,
    common: Common,
    token: Option<String>,
    /// `/players.json` is still to start.
    players_pending: bool,
    info_wanted: bool,
    /// `/info.json` as this process last read it, and its `iv`.
    cached: Option<(i64, super::endpoints::FivemInfo)>,
    kinds: Vec<Kind>,
    results: Vec<Option<Result<Outcome>>>,
}

impl FivemParts {
    fn part(&mut self, kind: Kind) -> Box<dyn QueryPlan> {
        self.kinds.push(kind);
        self.results.push(None);
        let (limit, token) = match kind {
            Kind::Players => (MAX_PLAYERS_JSON, self.token.clone()),
            _ => (MAX_INFO, None),
        };
        Box::new(crate::http::Get {
            common: self.common,
            path: kind.path(),
            headers: token.into_iter().map(|t| ("X-Players-Token", t)).collect(),
            limit,
            tls: None,
            body: None,
        })
    }

    fn own(&self) -> Option<&Result<Outcome>> {
        self.results[0].as_ref()
    }

    /// The server's `iv` once its status came.
    fn iv(&self) -> Option<i64> {
        let status = self.own()?.as_ref().ok()?.as_status::<FivemQueryResult>()?;
        status.raw.info.get("iv")?.trim().parse().ok()
    }
}

impl Parts for FivemParts {
    fn next(&mut self) -> Option<Box<dyn QueryPlan>> {
        if std::mem::take(&mut self.players_pending) {
            return Some(self.part(Kind::Players));
        }
        if self.info_wanted && !self.kinds.contains(&Kind::Info) {
            // Not held: fetched at once. Held: fetched only once `iv` says it changed.
            let start = match (&self.cached, self.own()) {
                (None, _) => true,
                (Some(_), None) => false,
                (Some((iv, _)), Some(_)) => self.iv() != Some(*iv),
            };
            if start && !matches!(self.own(), Some(Err(_))) {
                return Some(self.part(Kind::Info));
            }
        }
        None
    }

    fn ended(&mut self, k: usize, result: Result<Outcome>) {
        if let Some(slot) = self.results.get_mut(k) {
            *slot = Some(result);
        }
    }

    fn decide(&mut self) -> Option<Result<Outcome>> {
        match self.own()? {
            Err(_) => return self.results[0].take(),
            Ok(_) if self.results.iter().any(Option::is_none) => return None,
            Ok(_) => {}
        }
        let mut status = match self.results[0].take()?.ok()?.into_status::<FivemQueryResult>() {
            Some(s) => s,
            None => return Some(Err(Error::invalid("a FiveM part gave no FiveM status"))),
        };
        let mut warnings = Vec::new();
        for (kind, result) in self.kinds.iter().zip(self.results.iter_mut()).skip(1) {
            let Some(body) = crate::http::part::body(kind.path(), result.take(), &mut warnings) else {
                continue;
            };
            let read = match kind {
                Kind::Players => read_players(body.as_bytes()).map(|rows| unified::with_players(&mut status, rows)),
                _ => read_info(body.as_bytes()).map(|info| {
                    if let Some(iv) = info.version {
                        super::cache::put(&self.server, iv, &info);
                    }
                    unified::with_info(&mut status, info, false);
                }),
            };
            if let Err(e) = read {
                warnings.push(e.message);
            }
        }
        // Not fetched: the server's `iv` is the one the held info was read at.
        if let (false, Some((_, info))) = (self.kinds.contains(&Kind::Info), self.cached.take()) {
            unified::with_info(&mut status, info, true);
        }
        status.raw.warnings = warnings;
        Some(Ok(Outcome::status::<FivemQueryResult>(status)))
    }
}
