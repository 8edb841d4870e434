//! SA:MP in gamedig's shape (its `samp` class): `raw` holds the game mode, the `i` reply's
//! third string (gamedig calls it `map`; SA:MP 0.3 sends the language there) and the rules
//! (none for VC:MP, which answers none).

use serde_json::{json, Value};

use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Value, variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    r.raw = json!({
        "gamemode": raw["info"]["gamemode"],
        "map": raw["info"]["language"],
        "rules": raw["rules"],
    });
    if variant == Some("vcmp") {
        // VC:MP answers no rules; gamedig asks none.
        r.raw.as_object_mut().map(|o| o.remove("rules"));
    }
}
