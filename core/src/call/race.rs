//! `query('minecraft', target)`: the Java status (with SRV and the legacy fallback) and
//! the Bedrock ping run at once as two calls, both on the target's port when it has one
//! (TCP and UDP), else each edition's default; the first edition to answer gives the other
//! a short grace — three of its own round trips, 50 to 500 ms — and never the whole
//! deadline. `fullPlayers` adds the Query (GameSpy4) full stat once Java answered, at its
//! address and port, waited for a grace of its own: eight of Java's round trips, 250 ms to
//! 2 s (a firewall that drops UDP must not cost the whole deadline). The host sees one call
//! ([`Subcalls`]).

use serde_json::{Map, Value};

use super::front::Front;
pub use super::race_result::RaceResult;
use super::subcalls::Subcalls;
use super::{Call, Outcome};
use crate::error::{Error, ErrorCode, Result};
use crate::exchange::Millis;
use crate::minecraft::bedrock::BedrockQueryResult;
use crate::minecraft::java::JavaQueryResult;
use crate::minecraft::query::QueryResult;
use crate::status::{count, Status, StatusPlayers};

const JAVA: usize = 0;
const BEDROCK: usize = 1;
const QUERY: usize = 2;
/// Options only the race reads; the rest go to the Java call, the common ones to all.
const OWN: &[&str] = &["bedrockPort", "fullPlayers", "queryPort"];
const COMMON: &[&str] = &["timeout", "retries", "family", "localAddress"];

#[derive(Debug)]
pub struct Race {
    target: String,
    subs: Subcalls,
    results: [Option<Result<Outcome>>; 3],
    /// `fullPlayers`: the Query call's options, seed and port, started once Java answered.
    query_plan: Option<(Value, u64, Option<u16>)>,
    host_resolves: bool,
    grace_end: Option<Millis>,
    /// When the full stat stops being waited for (set when it starts).
    query_end: Option<Millis>,
}

/// The race's own options, Java's, and the common ones.
type Split = (Map<String, Value>, Map<String, Value>, Map<String, Value>);

fn split(options: &Value) -> Result<Split> {
    let map = match options {
        Value::Null => Map::new(),
        Value::Object(o) => o.clone(),
        _ => return Err(Error::invalid("Minecraft options must be an object")),
    };
    if map
        .get("localPort")
        .is_some_and(|p| !p.is_null() && p.as_f64() != Some(0.0))
    {
        return Err(Error::invalid(
            "option localPort cannot be used with 'minecraft': its parts need sockets of their own",
        ));
    }
    // Checked here, so the message lists the race's options, not only Java's.
    let known = [
        OWN,
        crate::options::COMMON,
        crate::minecraft::java::options::JavaOptions::KEYS,
    ]
    .concat();
    if let Some(unknown) = map.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(Error::invalid(format!(
            "unknown option {}{} for the Minecraft query (Java and Bedrock); its options are {}, signal, trace",
            crate::error::quoted(unknown),
            crate::similar::did_you_mean(unknown, known.iter().copied()),
            known.join(", ")
        )));
    }
    let (own, rest): (Map<_, _>, Map<_, _>) = map.into_iter().partition(|(k, _)| OWN.contains(&k.as_str()));
    let common = rest
        .iter()
        .filter(|(k, _)| COMMON.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    Ok((own, rest, common))
}

fn port_option(own: &Map<String, Value>, name: &str) -> Result<Option<u16>> {
    match own.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_f64()
            .filter(|p| p.fract() == 0.0 && (1.0..=65535.0).contains(p))
            .map(|p| Some(p as u16))
            .ok_or_else(|| Error::invalid(format!("option {name} must be a port number, got {v}"))),
    }
}

impl Race {
    pub fn new(target: &Value, options: Value, seed: u64, host_resolves: bool) -> Result<Self> {
        let (own, java_options, common) = split(&options)?;
        let full_players = match own.get("fullPlayers") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(v) => {
                return Err(Error::invalid(format!(
                    "option fullPlayers must be true or false, got {v}"
                )))
            }
        };
        let query_port = port_option(&own, "queryPort")?;
        let t = crate::options::parse_target(target)?;
        // A port given with the target is tried for both editions (Java over TCP, Bedrock over
        // UDP): a Bedrock-only server's address has its own port in it.
        let bedrock_port = port_option(&own, "bedrockPort")?
            .or(t.port)
            .unwrap_or(crate::minecraft::bedrock::DEFAULT_PORT);
        let java = Call::query(
            "minecraft-java",
            target,
            Value::Object(java_options),
            seed,
            host_resolves,
        )?;
        let bedrock_target = serde_json::json!({ "host": t.host, "port": bedrock_port });
        let bedrock = Call::query(
            "minecraft-bedrock",
            &bedrock_target,
            Value::Object(common.clone()),
            seed.rotate_left(21) ^ 0x5bd1_e995,
            host_resolves,
        )?;
        let mut query_options = common;
        query_options.insert("full".into(), Value::Bool(true));
        let mut subs = Subcalls::default();
        subs.start(JAVA, java);
        subs.start(BEDROCK, bedrock);
        let mut race = Self {
            target: crate::options::target_text(target),
            subs,
            results: [None, None, None],
            query_plan: full_players.then(|| (Value::Object(query_options), seed.rotate_left(42), query_port)),
            host_resolves,
            grace_end: None,
            query_end: None,
        };
        // Both editions may have failed already (an address of the wrong family).
        race.settle(0.0);
        Ok(race)
    }

    /// Moves the sub-calls' requests to the host, takes their results.
    fn pump(&mut self, now: Millis) {
        let results = &mut self.results;
        self.subs.pump(now, |k, result| results[k] = Some(result));
    }

    /// After any event: start the full stat, start the grace, or finish.
    fn settle(&mut self, now: Millis) {
        self.pump(now);
        let java = match &self.results[JAVA] {
            Some(Ok(outcome)) => outcome.as_status::<JavaQueryResult>(),
            _ => None,
        };
        if let Some(plan) = java.is_some().then(|| self.query_plan.take()).flatten() {
            let java = java.expect("checked above");
            let (options, seed, query_port) = plan;
            self.query_end = Some(now + (8.0 * java.ping_ms.unwrap_or(0.0)).clamp(250.0, 2000.0));
            let target = serde_json::json!({ "host": java.address, "port": query_port.unwrap_or(java.port) });
            match Call::query("minecraft-query", &target, options, seed, self.host_resolves) {
                Ok(call) => self.subs.start(QUERY, call),
                Err(e) => self.results[QUERY] = Some(Err(e)),
            }
            self.pump(now);
        }
        let started: Vec<usize> = (0..3).filter(|&k| self.subs.started(k)).collect();
        let done = started.iter().all(|&k| self.results[k].is_some());
        let first_latency = [JAVA, BEDROCK].iter().find_map(|&k| match &self.results[k] {
            Some(Ok(Outcome::Status(s))) => s.ping_ms(),
            _ => None,
        });
        if let (Some(latency), None) = (first_latency, self.grace_end) {
            self.grace_end = Some(now + (3.0 * latency).clamp(50.0, 500.0));
        }
        // The full stat, once asked for, is waited for within its own grace.
        let waiting_query = self.waiting_query() && self.query_end.is_some_and(|end| now < end);
        let graced = self.grace_end.is_some_and(|end| now >= end) && !waiting_query;
        if done || graced {
            let result = self.merge();
            self.subs.decide(result);
        }
    }

    fn waiting_query(&self) -> bool {
        self.subs.started(QUERY) && self.results[QUERY].is_none()
    }

    fn merge(&mut self) -> Result<Outcome> {
        let java = self.results[JAVA].take();
        let bedrock = self.results[BEDROCK].take();
        let query = self.results[QUERY].take();
        let query_started = self.subs.started(QUERY);
        if let (Some(Err(j)), Some(Err(b))) = (&java, &bedrock) {
            return Err(both_failed(&self.target, j.clone(), b));
        }
        let mut errors = Map::new();
        // An edition's outcome, or why there is none (a part never started says nothing).
        let mut part = |name: &str, result: Option<Result<Outcome>>, started: bool| match result {
            Some(Ok(outcome)) => Some(outcome),
            Some(Err(e)) => {
                errors.insert(
                    name.into(),
                    serde_json::json!({ "code": e.code.as_str(), "message": e.message }),
                );
                None
            }
            None => {
                if started {
                    let why = match name {
                        "query" => "no answer within the full stat's grace after Java answered",
                        _ => "no answer within the grace after the other edition answered",
                    };
                    errors.insert(name.into(), serde_json::json!({ "code": "GQ_TIMEOUT", "message": why }));
                }
                None
            }
        };
        let java = part("java", java, true).and_then(Outcome::into_status::<JavaQueryResult>);
        let bedrock = part("bedrock", bedrock, true).and_then(Outcome::into_status::<BedrockQueryResult>);
        let query = part("query", query, query_started)
            .and_then(Outcome::into_status::<QueryResult>)
            .map(|s| s.raw);
        if java.is_none() && bedrock.is_none() {
            let who = crate::protocol::Protocol::parse("minecraft")?.caller();
            return Err(Error::new(ErrorCode::Timeout, "no edition answered").in_call(who, &self.target, None));
        }
        Ok(Outcome::status(merged(java, bedrock, query, errors)))
    }
}

impl Front for Race {
    fn subs(&self) -> &Subcalls {
        &self.subs
    }
    fn subs_mut(&mut self) -> &mut Subcalls {
        &mut self.subs
    }
    fn settle(&mut self, now: Millis) {
        Race::settle(self, now)
    }
    fn own_deadline(&self) -> Option<Millis> {
        // Past the editions' grace, the full stat's end is the next time to look.
        let grace = self.grace_end?;
        Some(match self.query_end {
            Some(end) if self.waiting_query() => grace.max(end),
            _ => grace,
        })
    }
}

fn both_failed(target: &str, java: Error, bedrock: &Error) -> Error {
    let mut e = Error::new(
        java.code,
        format!(
            "Minecraft server {target}: neither edition answered — Java: {}; Bedrock: {}",
            java.own_message(),
            bedrock.own_message()
        ),
    );
    e.attempts = java.attempts;
    e.context = java.context.map(|mut c| {
        c.protocol = "minecraft";
        c
    });
    e
}

fn merged(
    java: Option<Status<JavaQueryResult>>,
    bedrock: Option<Status<BedrockQueryResult>>,
    query: Option<QueryResult>,
    errors: Map<String, Value>,
) -> Status<RaceResult> {
    let mut raw = RaceResult {
        editions: vec![],
        java: None,
        bedrock: None,
        query,
        errors,
    };
    let java = java.map(|s| s.map_raw(|r| raw.java = Some(r)));
    let bedrock = bedrock.map(|s| s.map_raw(|r| raw.bedrock = Some(r)));
    for (edition, answered) in [("java", java.is_some()), ("bedrock", bedrock.is_some())] {
        if answered {
            raw.editions.push(edition.to_string());
        }
    }
    // As the edition that answered says (Java's, after SRV, where both did): where players
    // join, the address, the round trip; the map from Bedrock, which alone has one.
    let mut status = match (java, bedrock) {
        (Some(java), bedrock) => Status {
            map: java.map.clone().or_else(|| bedrock.and_then(|b| b.map)),
            ..java
        },
        (None, Some(bedrock)) => bedrock,
        (None, None) => unreachable!("merged only when an edition answered"),
    };
    status.protocol = "minecraft".into();
    status.advertised_port = None;
    status.game = None;
    if let Some(q) = &raw.query {
        let list = crate::status::named(&q.stat.players);
        // The full stat counts what it lists, at the same moment: its numbers win.
        status.players = StatusPlayers::new(count(q.stat.online), count(q.stat.max), list);
    }
    status.map_raw(|()| raw)
}
