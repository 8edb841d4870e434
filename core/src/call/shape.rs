//! `gamedigShape`, the drop-in's internal option: the result in gamedig's shape, asked of
//! the native engine by `gamequery/gamedig`.

use serde_json::Value;

use crate::error::{Error, Result};

/// `gamedigShape: { rules, players }`, the drop-in's internal option (see `shape`), taken
/// out of the options the protocol reads. Natively only: elsewhere it is refused.
pub(crate) fn take_shape(options: Value) -> Result<(Value, Option<(bool, bool)>)> {
    let Value::Object(mut map) = options else {
        return Ok((options, None));
    };
    let shape = match map.remove("gamedigShape") {
        None | Some(Value::Null) => None,
        Some(v) if cfg!(not(target_family = "wasm")) => Some((
            v["rules"].as_bool().unwrap_or(false),
            v["players"].as_bool().unwrap_or(false),
        )),
        Some(_) => return Err(Error::invalid("option gamedigShape is not available in this build")),
    };
    Ok((Value::Object(map), shape))
}
