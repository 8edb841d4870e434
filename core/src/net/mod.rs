//! The tokio driver (feature `net`): sockets, DNS, timers and responders around the
//! sans-IO core. Each piece is a thin loop; all protocol logic stays in the codec modules.

mod bulk;
mod handle;
mod minecraft;
pub(crate) mod options;
pub(crate) mod resolve;
pub(crate) mod samp;
mod serve_minecraft;
mod serve_samp;
pub(crate) mod sqp;
mod srv;
mod tcp;
pub mod trace;
pub(crate) mod udp;

use serde_json::Value;

pub use bulk::Bulk;
pub use handle::ServeHandle;
pub use options::{QueryRequest, RconRequest};
pub use serve_samp::RconHandler;
pub use tokio_util::sync::CancellationToken;
pub use trace::{Direction, TraceEvent, Tracer};

use crate::api::{from_json, Protocol, Sink};
use crate::error::{Error, Result};

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
    let protocol = Protocol::parse(protocol)?;
    let result = match protocol {
        Protocol::Samp => samp::query(&target, options, cancel, out, tracer).await,
        Protocol::MinecraftJava => minecraft::query_java(&target, options, cancel, out, tracer).await,
        Protocol::MinecraftLegacy => minecraft::query_legacy(&target, options, cancel, out, tracer).await,
        Protocol::Sqp => sqp::query(&target, options, cancel, out, tracer).await,
    };
    result.map_err(|e| in_call(e, protocol.name(), &target))
}

/// Adds the call to errors that did not get it (bad options, name resolution).
fn in_call(e: Error, protocol: &'static str, target: &Value) -> Error {
    if e.code == crate::error::ErrorCode::InvalidArgument {
        return e;
    }
    e.in_call(protocol, &options::target_text(target), None)
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
    match Protocol::parse(protocol)? {
        Protocol::Samp => samp::rcon(&target, options, command, cancel, tracer)
            .await
            .map_err(|e| in_call(e, "samp-rcon", &target)),
        other => Err(Error::invalid(format!(
            "rcon is not available for {:?}; it is for 'samp'",
            other.name()
        ))),
    }
}

/// Starts a responder; `state` and `options` are JSON text.
pub async fn serve(protocol: &str, state: &str, options: &str, handler: Option<RconHandler>) -> Result<ServeHandle> {
    let options = json_arg("options", options)?;
    match Protocol::parse(protocol)? {
        Protocol::Samp => serve_samp::serve_samp(state, options, handler).await,
        Protocol::MinecraftJava | Protocol::MinecraftLegacy => serve_minecraft::serve(state, options).await,
        Protocol::Sqp => sqp::serve(state, options).await,
    }
}
