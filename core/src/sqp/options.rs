//! What `query('sqp')` takes: the chunks to ask for.

use serde_json::Value;

use super::ChunkSet;
use crate::error::{Error, Result};
use crate::options::{Common, Options, COMMON};

/// An SQP query's options.
#[derive(Debug, Clone)]
pub struct SqpRequest {
    pub common: Common,
    /// The chunk mask.
    pub chunks: u8,
}

impl SqpRequest {
    pub fn parse(options: Value) -> Result<Self> {
        let mut o = Options::new("SQP query", options)?;
        let common = Common::read(&mut o)?;
        let chunks = match o.raw("chunks") {
            None => ChunkSet::default(),
            Some(v) => ChunkSet::from_json(&crate::json::Json::from_value(&v))
                .map_err(|e| Error::invalid(format!("option {e}")))?,
        };
        o.finish(&[COMMON, &["chunks"]].concat())?;
        Ok(Self {
            common,
            chunks: chunks.0,
        })
    }
}
