//! A responder for JavaScript to drive over its own sockets: datagrams and connection
//! chunks in, replies out. Options, rate limits and challenges are the core's.

use std::net::{IpAddr, SocketAddr};

use gamequery_core::call::Transport;
use gamequery_core::serve::{self, Listen, Reply};
use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::convert::{parse_json, s, to_js_error};

#[wasm_bindgen]
pub struct Server {
    inner: serve::Server,
    listen: Listen,
}

fn bytes(b: &[u8]) -> JsValue {
    Uint8Array::from(b).into()
}

#[wasm_bindgen]
impl Server {
    /// `state` and `options` as JSON text; `hasHandler`: RCON commands can be run;
    /// `secret`: 32 random bytes (`crypto.getRandomValues`), for a TLS identity's key.
    #[wasm_bindgen(constructor)]
    pub fn new(
        protocol: &str,
        state: &str,
        options: &str,
        has_handler: bool,
        seed_hi: u32,
        seed_lo: u32,
        secret: &[u8],
    ) -> Result<Server, JsValue> {
        let options = parse_json("options", options)?;
        let seed = (u64::from(seed_hi) << 32) | u64::from(seed_lo);
        let secret: [u8; 32] = secret
            .try_into()
            .map_err(|_| JsValue::from_str("secret must be 32 bytes"))?;
        let (inner, listen) =
            serve::Server::new(protocol, state, options, has_handler, seed, secret).map_err(to_js_error)?;
        Ok(Server { inner, listen })
    }

    /// `[host, port, 'udp' | 'tcp', connectionTimeout, maxConnections, rconHost, rconPort,
    /// rconIdle, stream]` (the RCON pair only for Minecraft with `rcon`; `stream`: TCP too, on
    /// the UDP socket's port).
    /// Where the host bound: the address and the port it got.
    pub fn bound(&mut self, host: &str, port: u16) -> Result<(), JsValue> {
        let ip: IpAddr = host.trim_matches(['[', ']']).parse().map_err(|_| {
            to_js_error(gamequery_core::error::Error::invalid(format!(
                "not an IP address: {host:?}"
            )))
        })?;
        self.inner.bound(SocketAddr::new(ip, port));
        Ok(())
    }

    /// The error for a listener the host could not open (`code`: Node's `err.code`).
    #[wasm_bindgen(js_name = bindError)]
    pub fn bind_error(host: &str, port: u16, tcp: bool, code: &str, message: &str) -> JsValue {
        let transport = if tcp { Transport::Tcp } else { Transport::Udp };
        to_js_error(gamequery_core::serve::bind_error(host, port, transport, code, message))
    }

    pub fn listen(&self) -> Array {
        let l = &self.listen;
        let transport = match l.transport {
            Transport::Udp => "udp",
            Transport::Tcp => "tcp",
        };
        [
            JsValue::from_str(&l.addr.ip().to_string()),
            JsValue::from_f64(l.addr.port().into()),
            JsValue::from_str(transport),
            JsValue::from_f64(l.connection_timeout as f64),
            JsValue::from_f64(l.max_connections as f64),
            l.rcon
                .map_or(JsValue::UNDEFINED, |a| JsValue::from_str(&a.ip().to_string())),
            l.rcon
                .map_or(JsValue::UNDEFINED, |a| JsValue::from_f64(a.port().into())),
            JsValue::from_f64(gamequery_core::source_rcon::responder::IDLE_MS as f64),
            JsValue::from_bool(l.stream),
        ]
        .into_iter()
        .collect()
    }

    /// `[certificatePem, keyPem]` when its TCP connections speak TLS, else `undefined`.
    pub fn identity(&self) -> JsValue {
        match self.inner.identity() {
            Some(id) => [s(&id.cert_pem), s(&id.key_pem)].into_iter().collect::<Array>().into(),
            None => JsValue::UNDEFINED,
        }
    }

    pub fn update(&mut self, state: &str) -> Result<(), JsValue> {
        self.inner.update(state).map_err(to_js_error)
    }

    /// The requests its rate limit has dropped (JSON: `{ requests, source }`).
    pub fn dropped(&self) -> String {
        self.inner.dropped()
    }

    /// A datagram from `address:port` at `now` (ms since serving began):
    /// `[datagram, …]` to send back, or `['rcon', header, command]`.
    #[wasm_bindgen(js_name = handleDatagram)]
    pub fn handle_datagram(&mut self, now: f64, address: &str, port: u16, datagram: &[u8]) -> Array {
        let Ok(ip) = address.parse::<IpAddr>() else {
            return Array::new();
        };
        match self
            .inner
            .handle_datagram(now as u64, SocketAddr::new(ip, port), datagram)
        {
            Reply::Send(datagrams) => datagrams.iter().map(|d| bytes(d)).collect(),
            Reply::Rcon { reply_to, command } => {
                [JsValue::from_str("rcon"), bytes(&reply_to), JsValue::from_str(&command)]
                    .into_iter()
                    .collect()
            }
        }
    }

    /// The datagrams carrying an RCON command's output.
    #[wasm_bindgen(js_name = rconLines)]
    pub fn rcon_lines(&self, header: &[u8], lines: Vec<String>) -> Array {
        self.inner.rcon_lines(header, &lines).iter().map(|d| bytes(d)).collect()
    }
}

/// One TCP connection of a Minecraft responder.
#[wasm_bindgen]
pub struct Connection {
    /// The responder's state for it, made on the first input.
    inner: Option<serve::Stream>,
}

#[wasm_bindgen]
impl Connection {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Connection {
        Connection { inner: None }
    }

    /// A connection opened: what to write to it first (TeamSpeak's banner; most say
    /// nothing until asked).
    pub fn open(&mut self, server: &Server) -> Vec<u8> {
        self.inner = server.inner.open_stream();
        match self.inner.as_mut() {
            Some(stream) => server.inner.greet(stream),
            None => vec![],
        }
    }

    /// Bytes from the client: `[bytes to write, close after writing]`.
    pub fn input(&mut self, server: &Server, chunk: &[u8]) -> Array {
        if self.inner.is_none() {
            self.inner = server.inner.open_stream();
        }
        let Some(stream) = self.inner.as_mut() else {
            return [bytes(&[]), JsValue::TRUE].into_iter().collect();
        };
        let out = server.inner.handle_stream(stream, chunk);
        [bytes(&out.write), JsValue::from_bool(out.close)].into_iter().collect()
    }
}

impl Default for Connection {
    fn default() -> Self {
        Self::new()
    }
}

/// A TCP listener's open connections ([`gamequery_core::slots::Slots`]): the host asks
/// before serving each new one which open one to close.
#[wasm_bindgen]
pub struct Slots {
    inner: gamequery_core::slots::Slots,
}

#[wasm_bindgen]
impl Slots {
    #[wasm_bindgen(constructor)]
    pub fn new(max: usize) -> Slots {
        Self {
            inner: gamequery_core::slots::Slots::new(max),
        }
    }

    /// A new connection: `[id, idToClose]` (`idToClose` undefined while there is room).
    pub fn open(&mut self) -> Array {
        let (id, evict) = self.inner.open();
        let pair = Array::new();
        pair.push(&JsValue::from(id as f64));
        pair.push(&evict.map_or(JsValue::UNDEFINED, |e| JsValue::from(e as f64)));
        pair
    }

    pub fn answered(&mut self, id: f64) {
        self.inner.answered(id as u64);
    }

    pub fn closed(&mut self, id: f64) {
        self.inner.closed(id as u64);
    }
}

/// One RCON connection of a Minecraft responder.
#[wasm_bindgen]
pub struct RconConnection {
    inner: gamequery_core::source_rcon::responder::Connection,
}

#[wasm_bindgen]
impl RconConnection {
    #[wasm_bindgen(constructor)]
    pub fn new(server: &Server) -> Result<RconConnection, JsValue> {
        let inner = server
            .inner
            .rcon_connection()
            .ok_or_else(|| to_js_error(gamequery_core::error::Error::invalid("this responder serves no RCON")))?;
        Ok(Self { inner })
    }

    /// Bytes from the client → what to do, in order: bytes to write, `[id, command]` to
    /// run (then write `output(id, lines)`), or `null` to close.
    /// The client has logged in.
    pub fn authenticated(&self) -> bool {
        self.inner.authenticated()
    }

    pub fn input(&mut self, chunk: &[u8]) -> Array {
        use gamequery_core::source_rcon::responder::Action;
        self.inner
            .handle_input(chunk)
            .into_iter()
            .map(|a| match a {
                Action::Write(b) => bytes(&b),
                Action::Run { id, command } => [JsValue::from(id), JsValue::from(command)]
                    .into_iter()
                    .collect::<Array>()
                    .into(),
                Action::Close => JsValue::NULL,
            })
            .collect()
    }

    /// The packets of a command's output.
    pub fn output(id: i32, lines: Vec<String>) -> Uint8Array {
        Uint8Array::from(&gamequery_core::source_rcon::responder::output(id, &lines)[..])
    }
}
