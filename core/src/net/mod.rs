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
pub(crate) mod tls;
pub mod trace;
pub(crate) mod util;

use serde_json::Value;

pub use bulk::shared::Ticket;
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
/// `Status` in `out`'s form. Every error names the call (protocol, target, address). On
/// Linux a datagram protocol's query runs on the engine single calls share ([`submit`]).
pub async fn query<S: Sink>(
    protocol: &str,
    target: &str,
    options: &str,
    cancel: CancellationToken,
    out: S,
    tracer: Option<Tracer>,
) -> Result<S::Out> {
    // A bug of ours under the query is its GQ_INTERNAL.
    let query = async move {
        // A traced query runs alone: its trace is its own datagrams only.
        if tracer.is_none() {
            let (tx, mut rx) = tokio::sync::oneshot::channel();
            if let Some(ticket) = submit(protocol, target, options, out, move |result| {
                let _ = tx.send(result);
            })? {
                let result = tokio::select! {
                    result = &mut rx => result,
                    _ = cancel.cancelled() => {
                        ticket.abort();
                        rx.await
                    }
                };
                // The engine's thread ended without a result (it cannot, short of a panic).
                return result.unwrap_or_else(|_| Err(crate::error::Error::aborted()));
            }
        }
        let (target, options) = (json_arg("target", target)?, json_arg("options", options)?);
        let (options, shape) = crate::call::take_shape(options)?;
        let call = Call::query_unshaped(protocol, &target, options, seed(), false)?.shaped(shape);
        let outcome = run::run(call, &cancel, tracer.as_ref()).await?;
        Ok(out.emit_outcome(&outcome, 1024))
    };
    crate::internal::Contained::new("query", query).await
}

/// Starts a query on the engine single calls share, when it can run there (a datagram
/// protocol, or a game of one, on Linux): `done` gets its result, in `out`'s form, on the
/// engine's thread; the ticket stops it. `None`: it cannot, and nothing started.
pub fn submit<S: Sink>(
    protocol: &str,
    target: &str,
    options: &str,
    out: S,
    done: impl FnOnce(Result<S::Out>) + Send + 'static,
) -> Result<Option<Ticket>> {
    crate::internal::contain("query", || submit_contained(protocol, target, options, out, done))
}

fn submit_contained<S: Sink>(
    protocol: &str,
    target: &str,
    options: &str,
    out: S,
    done: impl FnOnce(Result<S::Out>) + Send + 'static,
) -> Result<Option<Ticket>> {
    let Some(shared) = bulk::shared::shares(protocol) else {
        return Ok(None);
    };
    let (target, options) = (json_arg("target", target)?, json_arg("options", options)?);
    let (options, shape) = crate::call::take_shape(options)?;
    // Filled here, not by the call: a datagram query runs on the engine without one.
    let options = crate::call::environment::fill(protocol, options, crate::call::environment::For::Query)?;
    let item = crate::call::many::Item {
        protocol: protocol.to_string(),
        target,
        options,
    };
    Ok(bulk::shared::submit(shared, item, move |result| {
        done(result.and_then(|outcome| {
            let outcome = match shape {
                Some((rules, players)) => crate::gamedig::shape(outcome, rules, players)?,
                None => outcome,
            };
            Ok(out.emit_outcome(&outcome, 1024))
        }))
    }))
}

/// A query as a call of its own, its outcome unshaped: what the shared engine runs when
/// its sockets cannot take it.
pub(crate) async fn run_query(
    item: crate::call::many::Item,
    cancel: &CancellationToken,
) -> Result<crate::spec::Outcome> {
    let call = Call::query_unshaped(&item.protocol, &item.target, item.options, seed(), false)?;
    run::run(call, cancel, None).await
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
    crate::internal::Contained::new("rcon", async move {
        let (target, options) = (json_arg("target", target)?, json_arg("options", options)?);
        let call = Call::rcon(protocol, &target, options, command, seed(), false)?;
        match run::run(call, &cancel, tracer.as_ref()).await? {
            Outcome::Lines(lines) => Ok(lines),
            _ => Err(Error::new(ErrorCode::Malformed, "an RCON call ended without lines")),
        }
    })
    .await
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
    crate::internal::Contained::new("serve", async move {
        let options = json_arg("options", options)?;
        serve::serve(protocol, state, options, handler).await
    })
    .await
}
