//! SA:MP in gamedig's shape (its `samp` class): `raw` holds the game mode, the `i` reply's
//! third string (gamedig calls it `map`; SA:MP 0.3 sends the language there) and the rules.

use serde_json::{json, Value};

use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Value, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    r.raw = json!({
        "gamemode": raw["info"]["gamemode"],
        "map": raw["info"]["language"],
        "rules": raw["rules"],
    });
}
