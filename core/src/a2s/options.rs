//! What `query('a2s')` takes: which steps follow A2S_INFO.

use serde_json::Value;

use crate::error::Result;
use crate::options::{Common, Options, COMMON};

/// A Valve A2S call's options: `players` (default true) and `rules` (default false) add
/// A2S_PLAYER and A2S_RULES after A2S_INFO.
#[derive(Debug, Clone)]
pub struct A2sRequest {
    pub common: Common,
    pub players: bool,
    pub rules: bool,
}

impl A2sRequest {
    pub fn parse(options: Value) -> Result<Self> {
        let mut o = Options::new("A2S query", options)?;
        let common = Common::read(&mut o)?;
        let players = o.boolean("players", true)?;
        let rules = o.boolean("rules", false)?;
        o.finish(&[COMMON, &["players", "rules"]].concat())?;
        Ok(Self { common, players, rules })
    }
}
