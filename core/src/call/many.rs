//! `queryMany`'s items as JavaScript gives them: `{ protocol?, target, options? }` (or a
//! plain target with the batch's protocol), each item's options merged from the shared
//! ones, those under its protocol's name, then its own. Both engines run what this gives.

use serde_json::{Map, Value};

use crate::call::environment::{self, For};
use crate::error::{Error, Result};
use crate::input::from_serde_json as from_json;
use crate::input::{self, At, Input, Obj};
use crate::json::Json;

/// One query of the batch, its options merged.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// Empty when neither the item nor the batch named one (the call says so).
    pub protocol: String,
    pub target: Value,
    pub options: Value,
}

#[derive(Debug)]
pub struct Batch {
    pub items: Vec<Item>,
    /// Queries in flight at most; 0 for no limit.
    pub concurrency: usize,
}

struct RawItem {
    protocol: Option<String>,
    target: Value,
    options: Value,
}

impl Input for RawItem {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        let item = Self {
            protocol: o.or_default("protocol")?,
            target: o.req::<Json>("target")?.to_value(),
            options: o.or_default::<Json>("options")?.to_value(),
        };
        o.deny_unknown()?;
        Ok(item)
    }
}

/// `items`: JSON `[{ protocol?, target, options? }]`; `options`: JSON of the shared
/// options plus `concurrency` (0 or absent for unlimited) and a default `protocol`.
pub fn prepare(items: &str, options: &str) -> Result<Batch> {
    let items: Vec<RawItem> = input::from_json("targets", items)?;
    let mut shared: Map<String, Value> = match from_json::<Value>("options", options)? {
        Value::Null => Map::new(),
        Value::Object(o) => o,
        _ => return Err(Error::invalid("options must be an object")),
    };
    let concurrency = match shared.remove("concurrency") {
        None | Some(Value::Null) => 0,
        Some(v) => v
            .as_f64()
            .filter(|c| *c >= 0.0 && c.fract() == 0.0)
            .ok_or_else(|| Error::invalid(format!("concurrency must be a whole number ≥ 1 or Infinity, got {v}")))?
            as usize,
    };
    let protocol = match shared.remove("protocol") {
        None | Some(Value::Null) => None,
        // The batch's name is checked up front: a misspelling fails the call, not each item.
        Some(Value::String(p)) => {
            crate::games::named(&p)?;
            Some(p)
        }
        Some(v) => return Err(Error::invalid(format!("protocol must be a string, got {v}"))),
    };
    // The shared options as each protocol's items get them, worked out once per protocol:
    // per item, telling option names from protocol and game names was 9% of a 40,000-item
    // A2S batch's CPU (perf: `games::find`'s look through old ids, for every key).
    let mut bases: Vec<(String, Map<String, Value>)> = Vec::new();
    let items = items
        .into_iter()
        .map(|i| {
            let protocol = i.protocol.or_else(|| protocol.clone()).unwrap_or_default();
            let base = match bases.iter().find(|(p, _)| *p == protocol) {
                Some((_, base)) => base.clone(),
                None => {
                    let base = with_environment(&protocol, shared_for(&shared, &protocol))?;
                    bases.push((protocol.clone(), base.clone()));
                    base
                }
            };
            let options = with_own(base, i.options);
            Ok(Item {
                protocol,
                target: i.target,
                options,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    check_shared(&shared, &items)?;
    Ok(Batch { items, concurrency })
}

/// The shared options, read once for each protocol of the batch as its queries will read
/// them: a mistake there (`concurency`) fails the call up front, not every query.
fn check_shared(shared: &Map<String, Value>, items: &[Item]) -> Result<()> {
    let mut checked: Vec<&str> = Vec::new();
    for item in items {
        let protocol = item.protocol.as_str();
        let runs = crate::games::named(protocol).is_ok();
        if checked.contains(&protocol) || !runs {
            continue;
        }
        checked.push(protocol);
        // Reading options needs a target; this one is never reached (nothing is sent).
        let target = Value::String("127.0.0.1:1".into());
        if let Err(e) = super::Call::query(protocol, &target, merge(shared, protocol, Value::Null), 0, false) {
            return Err(Error::new(
                e.code,
                format!(
                    "queryMany's options: {}; and the batch's own: concurrency, protocol, and options for one \
                     protocol's queries under its name ({{ {protocol}: {{ … }} }})",
                    e.message
                ),
            ));
        }
    }
    Ok(())
}

/// Options of one item: the shared ones, then those shared under its protocol's name
/// (`{ samp: { players: 'c' } }`), then — for a game — under the game's id (`{ rust: { … } }`),
/// then its own.
pub fn merge(shared: &Map<String, Value>, protocol: &str, own: Value) -> Value {
    with_own(shared_for(shared, protocol), own)
}

/// The shared options one protocol's (or game's) items start from: [`merge`] without the
/// item's own.
fn shared_for(shared: &Map<String, Value>, protocol: &str) -> Map<String, Value> {
    let mut merged: Map<String, Value> = shared
        .iter()
        .filter(|(k, _)| !names_queries(k))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let game = crate::games::named(protocol).ok().and_then(crate::games::Named::game);
    for name in game.map(|g| g.protocol).into_iter().chain([protocol]) {
        if let Some(Value::Object(block)) = shared.get(name) {
            merged.extend(block.clone());
        }
    }
    merged
}

/// The shared options with the credentials the environment holds for `protocol`'s items
/// ([`environment::fill`]); the items' own options still win.
fn with_environment(protocol: &str, mut shared: Map<String, Value>) -> Result<Map<String, Value>> {
    environment::fill_map(protocol, &mut shared, For::Query)?;
    Ok(shared)
}

fn with_own(mut merged: Map<String, Value>, own: Value) -> Value {
    if let Value::Object(own) = own {
        merged.extend(own);
    }
    Value::Object(merged)
}

/// A protocol's name or a game's id: a key of the shared options that holds options for
/// its items only.
fn names_queries(key: &str) -> bool {
    crate::games::is_name(key)
}
