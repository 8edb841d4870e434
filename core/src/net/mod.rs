//! The tokio driver (feature `net`): sockets, DNS, timers and responders around the
//! sans-IO core. Each piece is a thin loop; all protocol logic stays in the codec modules.

mod bulk;
mod handle;
mod listen;
mod rcon_session;
pub(crate) mod resolve;
mod run;
mod serve;
mod serve_rcon;
mod srv;
pub mod trace;
pub(crate) mod util;

use serde_json::Value;

pub use bulk::Bulk;
pub use handle::ServeHandle;
pub use listen::RconHandler;
pub use rcon_session::RconSession;
pub use tokio_util::sync::CancellationToken;
pub use trace::{Direction, TraceEvent, Tracer};

use crate::api::{from_json, Sink};
use crate::call::{Call, Outcome};
use crate::error::{Error, ErrorCode, Result};

fn json_arg(what: &str, json: &str) -> Result<Value> {
    if json.is_empty() {
        return Ok(Value::Null);
    }
    from_json(what, json)
}

/// Runs a full query; `target` and `options` are JSON text, the result is the unified
/// `Status` in `out`'s form. Every error names the call (protocol, target, address).
pub async fn query<S: Sink>(
    protocol: &str,
    target: &str,
    options: &str,
    cancel: CancellationToken,
    out: S,
    tracer: Option<Tracer>,
) -> Result<S::Out> {
    let (target, options) = (json_arg("target", target)?, json_arg("options", options)?);
    let (options, shape) = crate::call::take_shape(options)?;
    // A traced query runs alone: its trace is its own datagrams only.
    if let Some(shared) = bulk::shared::shares(protocol).filter(|_| tracer.is_none()) {
        let item = crate::call::many::Item {
            protocol: protocol.to_string(),
            target: target.clone(),
            options: options.clone(),
        };
        if let Some(result) = bulk::shared::query(shared, item, &cancel).await {
            let outcome = match shape {
                Some((rules, players)) => crate::gamedig::shape(result?, rules, players)?,
                None => result?,
            };
            return Ok(out.emit_outcome(&outcome, 1024));
        }
    }
    let call = Call::query_unshaped(protocol, &target, options, seed(), false)?.shaped(shape);
    let outcome = run::run(call, &cancel, tracer.as_ref()).await?;
    Ok(out.emit_outcome(&outcome, 1024))
}

/// Runs an RCON command and returns the console lines.
pub async fn rcon(
    protocol: &str,
    target: &str,
    options: &str,
    command: &str,
    cancel: CancellationToken,
    tracer: Option<Tracer>,
) -> Result<Vec<String>> {
    let (target, options) = (json_arg("target", target)?, json_arg("options", options)?);
    let call = Call::rcon(protocol, &target, options, command, seed(), false)?;
    match run::run(call, &cancel, tracer.as_ref()).await? {
        Outcome::Lines(lines) => Ok(lines),
        _ => Err(Error::new(ErrorCode::Malformed, "an RCON call ended without lines")),
    }
}

/// Randomness for a call: std's per-process hasher keys, mixed with the time.
pub(crate) fn seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

/// Starts a responder; `state` and `options` are JSON text.
pub async fn serve(protocol: &str, state: &str, options: &str, handler: Option<RconHandler>) -> Result<ServeHandle> {
    let options = json_arg("options", options)?;
    serve::serve(protocol, state, options, handler).await
}
