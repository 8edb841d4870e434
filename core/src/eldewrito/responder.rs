//! The server side: `GET /` answered with the state's status object, as an ElDewrito
//! server writes it (`numPlayers` the players listed, where the state leaves it out);
//! other paths 404; one request per connection. The reply is written once per state.

use serde_json::Value;

use super::state::ElDewritoState;
use super::PATH;
use crate::http::api::Api;
use crate::http::serve::{reply, Head};

#[derive(Debug)]
pub struct Responder {
    body: Vec<u8>,
}

impl Api for Responder {
    const STATE: &'static str = "ElDewrito state";
    type State = ElDewritoState;

    fn new(state: ElDewritoState) -> Self {
        let mut status = state.0;
        let listed = status.get("players").and_then(Value::as_array).map_or(0, Vec::len);
        status.entry("numPlayers").or_insert_with(|| Value::from(listed));
        Self {
            body: serde_json::to_vec(&status).unwrap_or_default(),
        }
    }

    fn answer(&self, head: &Head) -> Vec<u8> {
        if head.path != PATH {
            return reply(404, "text/plain; charset=utf-8", b"Not Found");
        }
        reply(200, "application/json", &self.body)
    }
}
