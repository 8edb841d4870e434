//! A status's `players.sample`: its own file, since the typed status (`status.rs`) and
//! the document it keeps (`document.rs`) share one list without importing each other.

use std::sync::Arc;

use serde::Serialize;

use crate::error::Result;
use crate::input::{At, Input, Obj};
use crate::json::Json;

/// A `players.sample`, shared by a decoded status's typed fields and its document.
pub type Sample = Arc<Vec<SamplePlayer>>;

/// Servers also use fake entries (zero UUIDs) as extra MOTD lines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "JavaSamplePlayer"))]
pub struct SamplePlayer {
    pub name: String,
    pub id: String,
}

impl SamplePlayer {
    /// A real player, not a MOTD line in disguise: those carry the zero UUID or `§`
    /// codes (a player's name is 3–16 of `[A-Za-z0-9_]`).
    pub fn is_player(&self) -> bool {
        let zero = self.id.chars().all(|c| c == '0' || c == '-');
        !zero && !self.name.contains('§') && !self.name.chars().all(char::is_whitespace)
    }
}

impl Input for SamplePlayer {
    fn read(value: Json, at: At<'_>) -> Result<Self> {
        let mut o = Obj::new(value, at)?;
        Ok(Self {
            name: o.req("name")?,
            id: o.req("id")?,
        })
    }
}
