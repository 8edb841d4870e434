//! SA:MP in gamedig's shape (its `samp` class): `raw` holds the game mode, the `i` reply's
//! third string (gamedig calls it `map`; SA:MP 0.3 sends the language there) and the rules
//! (none for VC:MP, which answers none).

use crate::json::Json;

use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Json, variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    r.raw = Json::object([
        ("gamemode", raw["info"]["gamemode"].clone()),
        ("map", raw["info"]["language"].clone()),
        ("rules", raw["rules"].clone()),
    ]);
    if variant == Some("vcmp") {
        // VC:MP answers no rules; gamedig asks none.
        r.raw.remove("rules");
    }
}
