//! What `query('minecraft')` returns in `raw`: its own file, so that the outcome of a call
//! (`outcome.rs`) and the race that makes one (`race.rs`) both use it without importing
//! each other.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::minecraft::bedrock::BedrockQueryResult;
use crate::minecraft::java::JavaQueryResult;
use crate::minecraft::query::QueryResult;

/// What `query('minecraft').raw` holds: each edition's own `raw`, `null` when it did not
/// answer, and why not.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "MinecraftRaceResult"))]
pub struct RaceResult {
    /// The editions that answered: `'java'`, `'bedrock'` or both.
    #[cfg_attr(feature = "ts", ts(type = "Array<'java' | 'bedrock'>"))]
    pub editions: Vec<String>,
    pub java: Option<JavaQueryResult>,
    pub bedrock: Option<BedrockQueryResult>,
    /// The Query full stat (`fullPlayers: true`), when the server has `enable-query`.
    pub query: Option<QueryResult>,
    /// What went wrong for each part that did not answer: `{ java: { code, message } }`.
    #[cfg_attr(
        feature = "ts",
        ts(type = "{ [part in 'java' | 'bedrock' | 'query']?: { code: ErrorCode; message: string } }")
    )]
    pub errors: Map<String, Value>,
}
