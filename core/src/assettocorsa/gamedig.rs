//! Assetto Corsa in gamedig's shape (its `assettocorsa` class): `raw` the two bodies as
//! sent (`serverInfo`, `carInfo`), each connected driver its name with the car, skin,
//! nation and team in its `raw`. gamedig's name keeps Content Manager's ` ℹ<port>`; ours
//! leaves it out. And the status for people.

use serde_json::Value;

use crate::json::{Json, Key};
use crate::spec::describe::{described, ms, password, players, text, Description, Fields};
use crate::spec::gamedig::{Gamedig, Results};

pub const GAMEDIG: Gamedig = Gamedig::shaped(results);

fn results(status: &Json, _variant: Option<&str>, r: &mut Results) {
    let raw = &status["raw"];
    let cars = raw["carInfo"].as_array().unwrap_or_default();
    r.players = cars
        .iter()
        .filter(|car| car["IsConnected"].as_bool() == Some(true))
        .map(|car| {
            let fields = [
                ("car", "Model"),
                ("skin", "Skin"),
                ("nation", "DriverNation"),
                ("team", "DriverTeam"),
            ];
            // A member the server left out is gamedig's `undefined` (no key); a `null` stays.
            let raw = fields
                .iter()
                .filter_map(|(to, from)| Some((Key::Borrowed(*to), car.get(from)?.clone())))
                .collect();
            Json::Object(vec![
                (Key::Borrowed("name"), car["DriverName"].clone()),
                (Key::Borrowed("raw"), Json::Object(raw)),
            ])
        })
        .collect();
    r.raw = Json::Object(vec![
        (Key::Borrowed("carInfo"), raw["carInfo"].clone()),
        (Key::Borrowed("serverInfo"), raw["serverInfo"].clone()),
    ]);
}

pub fn describe(s: &Value, _color: bool) -> Description {
    let info = &s["raw"]["serverInfo"];
    let cars = info["cars"].as_array().map(|c| {
        let names: Vec<&str> = c.iter().filter_map(Value::as_str).take(5).collect();
        let more = c.len().saturating_sub(names.len());
        if more > 0 {
            format!("{} (+{more})", names.join(", "))
        } else {
            names.join(", ")
        }
    });
    let mut f = Fields::default();
    f.add("name", text(&s["name"]))
        .add("protocol", text(&s["protocol"]))
        .add("track", text(&s["map"]))
        .add("cars", cars.filter(|c| !c.is_empty()))
        .add("version", text(&s["version"]))
        .add("players", Some(players(s)))
        .add("password", password(s))
        .add("ping", ms(&s["pingMs"]));
    described(s, f, vec![], None)
}
