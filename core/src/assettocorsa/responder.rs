//! The server side, as acServer's HTTP port answers: `/INFO` and the entry list at
//! `/JSON|<guid>` (any GUID), one request per connection, each body written once per state.
//! The state is what `query('assettocorsa')` returns in `raw` (`serverInfo`, `carInfo`), so
//! a saved query serves again; `clients` is counted from the connected slots where left out.

use serde_json::{json, Map, Value};

use crate::http::api::Api;
use crate::http::object::ObjectState;
use crate::http::serve::{reply, Head};
use crate::input::{At, Input, Obj};
use crate::json::Json;

/// What `serve('assettocorsa')` takes.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AssettoCorsaState {
    pub server_info: Map<String, Value>,
    pub car_info: Vec<ObjectState>,
}

impl Input for AssettoCorsaState {
    fn read(value: Json, at: At<'_>) -> crate::error::Result<Self> {
        let mut o = Obj::new(value, at)?;
        let state = Self {
            server_info: o.req::<ObjectState>("serverInfo")?.0,
            car_info: o.or_default("carInfo")?,
        };
        // A saved query's warnings are not the server's.
        o.skip(&["warnings"]);
        o.deny_unknown()?;
        Ok(state)
    }
}

#[derive(Debug)]
pub struct Responder {
    info: Vec<u8>,
    entry_list: Vec<u8>,
}

impl Api for Responder {
    const STATE: &'static str = "Assetto Corsa state";
    type State = AssettoCorsaState;

    fn new(state: AssettoCorsaState) -> Self {
        let connected = state
            .car_info
            .iter()
            .filter(|car| car.0.get("IsConnected").and_then(Value::as_bool) == Some(true))
            .count();
        let mut info = state.server_info;
        info.entry("clients").or_insert_with(|| json!(connected));
        let cars: Vec<Value> = state.car_info.into_iter().map(|car| Value::Object(car.0)).collect();
        Self {
            info: serde_json::to_vec(&info).unwrap_or_default(),
            entry_list: serde_json::to_vec(&json!({ "Cars": cars })).unwrap_or_default(),
        }
    }

    fn answer(&self, head: &Head) -> Vec<u8> {
        let path = head.path.split('?').next().unwrap_or_default();
        let body = match path {
            super::INFO => &self.info,
            p if p.starts_with("/JSON") => &self.entry_list,
            _ => return reply(404, "text/plain; charset=utf-8", b"Not Found"),
        };
        reply(200, "application/json; charset=utf-8", body)
    }
}
