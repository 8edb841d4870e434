//! `rconSession()` for the engine: the core's session state and its errors, named; the
//! engine connects, keeps the deadline and moves the bytes.

use std::net::{IpAddr, SocketAddr};

use gamequery_core::call::session::SessionArgs;
use gamequery_core::source_rcon::session::{Event, Session};
use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::convert::{parse_json, to_js_error};

#[wasm_bindgen]
pub struct RconSession {
    args: SessionArgs,
    session: Session,
    address: Option<SocketAddr>,
}

#[wasm_bindgen]
impl RconSession {
    /// `target` and `options`: JSON text, as for `rcon()`.
    #[wasm_bindgen(constructor)]
    pub fn new(protocol: &str, target: &str, options: &str) -> Result<RconSession, JsValue> {
        let target = parse_json("target", target)?;
        let args = SessionArgs::parse(protocol, &target, parse_json("options", options)?).map_err(to_js_error)?;
        let session = args.session().map_err(to_js_error)?;
        Ok(Self {
            args,
            session,
            address: None,
        })
    }

    /// `[host, port, family, timeout ms]`.
    pub fn endpoint(&self) -> Array {
        let c = &self.args.request.common;
        [
            JsValue::from_str(&self.args.host),
            JsValue::from_f64(self.args.port.into()),
            JsValue::from_f64(c.family.into()),
            JsValue::from_f64(c.timeout_ms),
        ]
        .into_iter()
        .collect()
    }

    /// The address the connection went to, for messages.
    pub fn connected(&mut self, address: &str) {
        self.address = address
            .trim_matches(['[', ']'])
            .parse::<IpAddr>()
            .ok()
            .map(|ip| SocketAddr::new(ip, self.args.port));
    }

    pub fn input(&mut self, bytes: &[u8]) {
        self.session.handle_input(bytes);
    }

    pub fn closed(&mut self) {
        self.session.handle_close();
    }

    /// The next bytes to send, if any.
    pub fn transmit(&mut self) -> Option<Uint8Array> {
        self.session.poll_transmit().map(|b| Uint8Array::from(&b[..]))
    }

    /// `undefined` (nothing yet), `true` (logged in) or the command's lines; throws the
    /// error that ended the session.
    pub fn event(&mut self) -> Result<JsValue, JsValue> {
        match self.session.poll_event() {
            None => Ok(JsValue::UNDEFINED),
            Some(Event::LoggedIn) => Ok(JsValue::TRUE),
            Some(Event::Output(lines)) => Ok(lines.into_iter().map(JsValue::from).collect::<Array>().into()),
            Some(Event::Failed(e)) => Err(to_js_error(self.args.name(e, self.address))),
        }
    }

    pub fn command(&mut self, command: &str) -> Result<(), JsValue> {
        self.session
            .command(command)
            .map_err(|e| to_js_error(self.args.name(e, self.address)))
    }

    /// Whether the connection is over (the next command fails).
    #[wasm_bindgen(js_name = isClosed)]
    pub fn is_closed(&self) -> bool {
        self.session.is_closed()
    }

    /// The error for a refused connection.
    pub fn refused(&self) -> JsValue {
        to_js_error(self.args.refused(self.address))
    }

    /// The error for a failed lookup of the host name, in the resolver's words.
    #[wasm_bindgen(js_name = dnsFailed)]
    pub fn dns_failed(&self, message: &str) -> JsValue {
        to_js_error(self.args.dns_failed(message))
    }

    /// The error for a failed connection, in the host's words.
    pub fn failed(&self, message: &str) -> JsValue {
        to_js_error(self.args.failed(message, self.address))
    }

    /// The error for the deadline passing now; the session is spent afterwards.
    #[wasm_bindgen(js_name = timedOut)]
    pub fn timed_out(&mut self) -> JsValue {
        let e = self.args.timed_out(&self.session, self.address);
        self.session.handle_close();
        while self.session.poll_event().is_some() {}
        to_js_error(e)
    }
}
