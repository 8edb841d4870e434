//! A query or RCON call for JavaScript to drive over its own sockets (`glue.mjs`'s
//! `runCall`): what to do comes out of `pollIo`, what happened goes back in.

use gamequery_core::call::{self, Input, Io, SrvAnswer, Transport};
use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::convert::{n, parse_json, s, tape, to_js_error};

#[wasm_bindgen]
pub struct Call {
    inner: call::Call,
}

/// A 64-bit seed from the two halves JavaScript gives.
pub(crate) fn seed(hi: u32, lo: u32) -> u64 {
    (u64::from(hi) << 32) | u64::from(lo)
}

#[wasm_bindgen]
impl Call {
    /// `target` and `options` as JSON text; `hostResolves`: the host opens by name.
    pub fn query(
        protocol: &str,
        target: &str,
        options: &str,
        seed_hi: u32,
        seed_lo: u32,
        host_resolves: bool,
    ) -> Result<Call, JsValue> {
        let target = parse_json("target", target)?;
        let options = parse_json("options", options)?;
        call::Call::query(protocol, &target, options, seed(seed_hi, seed_lo), host_resolves)
            .map(|inner| Call { inner })
            .map_err(to_js_error)
    }

    pub fn rcon(
        protocol: &str,
        target: &str,
        options: &str,
        command: &str,
        seed_hi: u32,
        seed_lo: u32,
        host_resolves: bool,
    ) -> Result<Call, JsValue> {
        let target = parse_json("target", target)?;
        let options = parse_json("options", options)?;
        call::Call::rcon(
            protocol,
            &target,
            options,
            command,
            seed(seed_hi, seed_lo),
            host_resolves,
        )
        .map(|inner| Call { inner })
        .map_err(to_js_error)
    }

    /// The next thing to do, or `undefined`: `['srv', name, server?]`,
    /// `['resolve', host, family, server?]`, `['open', id, 'udp' | 'tcp', host, port,
    /// localAddress?, localPort, tls?]` (`tls`: `{ serverName, ca?, insecure }`, the
    /// handshake to make before `opened`), `['send', id, bytes]`, `['close', id]`.
    #[wasm_bindgen(js_name = pollIo)]
    pub fn poll_io(&mut self) -> JsValue {
        let server = |a: Option<std::net::SocketAddr>| a.map_or(JsValue::UNDEFINED, |a| s(&a.to_string()));
        let Some(io) = self.inner.poll_io() else {
            return JsValue::UNDEFINED;
        };
        let items: Vec<JsValue> = match io {
            Io::Srv { name, server: at } => vec![s("srv"), s(&name), server(at)],
            Io::Resolve {
                host,
                family,
                server: at,
            } => vec![s("resolve"), s(&host), n(family), server(at)],
            Io::Open {
                id,
                transport,
                host,
                port,
                local,
                tls,
            } => vec![
                s("open"),
                n(id),
                s(match transport {
                    Transport::Udp => "udp",
                    Transport::Tcp => "tcp",
                }),
                s(&host),
                n(port),
                local.map_or(JsValue::UNDEFINED, |l| s(&l.ip().to_string())),
                n(local.map_or(0, |l| l.port())),
                tls.map_or(JsValue::UNDEFINED, |t| tls_object(&t)),
            ],
            // Then what a trace shows, when it differs (a request's credentials hidden).
            Io::Send { id, bytes } => {
                let shown = gamequery_core::http::redacted(&bytes)
                    .map_or(JsValue::UNDEFINED, |b| Uint8Array::from(&b[..]).into());
                vec![s("send"), n(id), Uint8Array::from(&bytes[..]).into(), shown]
            }
            Io::Close { id } => vec![s("close"), n(id)],
        };
        items.into_iter().collect::<Array>().into()
    }

    /// Milliseconds on the call's clock, or `undefined` once it is done.
    #[wasm_bindgen(js_name = pollTimeout)]
    pub fn poll_timeout(&self) -> Option<f64> {
        self.inner.poll_timeout()
    }

    #[wasm_bindgen(js_name = handleTimeout)]
    pub fn handle_timeout(&mut self, now: f64) {
        self.inner.handle_timeout(now)
    }

    pub fn abort(&mut self) {
        self.inner.abort()
    }

    /// SRV records as `[target, port, priority, weight, …]` (empty: none).
    pub fn srv(&mut self, now: f64, records: Array) {
        let values: Vec<JsValue> = records.iter().collect();
        let answers = values
            .chunks_exact(4)
            .map(|r| SrvAnswer {
                target: r[0].as_string().unwrap_or_default(),
                port: r[1].as_f64().unwrap_or(0.0) as u16,
                priority: r[2].as_f64().unwrap_or(0.0) as u16,
                weight: r[3].as_f64().unwrap_or(0.0) as u16,
            })
            .collect();
        self.inner.handle(now, Input::Srv(answers))
    }

    /// The addresses found (text), or `error` when the lookup failed.
    pub fn resolved(&mut self, now: f64, addresses: Array, error: Option<String>) {
        let found = match error {
            Some(message) => Err(message),
            None => Ok(addresses.iter().filter_map(|a| a.as_string()?.parse().ok()).collect()),
        };
        self.inner.handle(now, Input::Resolved(found))
    }

    pub fn opened(&mut self, now: f64, id: u32) {
        self.inner.handle(now, Input::Opened { id })
    }

    pub fn received(&mut self, now: f64, id: u32, bytes: &[u8]) {
        self.inner.handle_received(now, id, bytes)
    }

    pub fn closed(&mut self, now: f64, id: u32) {
        self.inner.handle(now, Input::Closed { id })
    }

    pub fn refused(&mut self, now: f64, id: u32) {
        self.inner.handle(now, Input::Refused { id })
    }

    pub fn failed(&mut self, now: f64, id: u32, message: String) {
        self.inner.handle(now, Input::Failed { id, message })
    }

    /// A connection carried no reply (a `fetch` that failed), and why.
    pub fn unanswered(&mut self, now: f64, id: u32, message: String) {
        self.inner.handle(now, Input::Unanswered { id, message })
    }

    /// The TLS handshake failed: `why` is `'untrusted'`, `'name'`, `'expired'`,
    /// `'not-tls'` or `'other'`; `message` the TLS stack's.
    #[wasm_bindgen(js_name = tlsFailed)]
    pub fn tls_failed(&mut self, now: f64, id: u32, why: &str, message: String) {
        let why = gamequery_core::tls::TlsFailure::parse(why);
        self.inner.handle(now, Input::TlsFailed { id, why, message })
    }

    /// `undefined` until done; then the result's tape, or the error thrown.
    #[wasm_bindgen(js_name = pollResult)]
    pub fn poll_result(&mut self) -> Result<JsValue, JsValue> {
        match self.inner.poll_result() {
            None => Ok(JsValue::UNDEFINED),
            Some(Ok(outcome)) => Ok(tape(outcome.to_tape(1024)).into()),
            Some(Err(e)) => Err(to_js_error(e)),
        }
    }
}

/// A connection's TLS as the host's `open` takes it: `{ serverName, ca?, insecure }`.
fn tls_object(tls: &gamequery_core::tls::Tls) -> JsValue {
    let o = js_sys::Object::new();
    let set = |k: &str, v: JsValue| js_sys::Reflect::set(&o, &s(k), &v).map(|_| ());
    let _ = set("serverName", s(tls.name()));
    let _ = set("insecure", JsValue::from_bool(tls.insecure));
    if let Some(ca) = &tls.ca {
        let _ = set("ca", s(ca));
    }
    o.into()
}

/// `queryMany`'s items prepared: `[protocol, targetJson, optionsJson, …]`, then the
/// concurrency (0: no limit) as the last element.
#[wasm_bindgen(js_name = prepareMany)]
pub fn prepare_many(items: &str, options: &str) -> Result<Array, JsValue> {
    let batch = call::many::prepare(items, options).map_err(to_js_error)?;
    let out = Array::new();
    for item in batch.items {
        out.push(&s(&item.protocol));
        out.push(&s(&item.target.to_string()));
        out.push(&s(&item.options.to_string()));
    }
    out.push(&n(batch.concurrency as f64));
    Ok(out)
}
