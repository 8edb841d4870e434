//! `queryMany` on the core's scheduler ([`gamequery_core::call::schedule`]), as the
//! native engine runs it: one seed, one timer and one crossing per datagram for the whole
//! batch instead of a call each. JavaScript (`engine.mjs`) only moves bytes, looks names
//! up and runs the items the scheduler hands back as calls of their own. The host's
//! datagram sockets are connected ones (`transport.open`: Node reports ICMP "port
//! unreachable" on those alone), one per pair of scheduler socket and server, closed once
//! the pair is free.

use std::collections::VecDeque;
use std::net::{IpAddr, SocketAddr};
use std::ops::Range;

use gamequery_core::call::many::prepare;
use gamequery_core::call::schedule::{self, Event, Scheduler, Transmit, PER_FAMILY};
use gamequery_core::{Error, ErrorCode, Result};
use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::convert::{n, s, tape, to_js_error};

/// Queries in flight at most, whatever the caller asked: each holds a socket of the
/// host's (a connected UDP one, or a TCP connection for an item run as a call of its own).
const MAX_IN_FLIGHT: usize = 512;

/// The host's sockets as the scheduler sees them. Each is a connected socket with a
/// receive buffer of its own, which the host does not report: the window is what the
/// native engine allows for its smallest buffers ([`schedule::window_of`] of nothing).
struct HostSockets {
    /// Per socket: asked for.
    asked: [bool; 2 * PER_FAMILY],
    /// Pairs freed, with the transmits handed out before (see [`schedule::Sockets::released`]).
    released: VecDeque<(usize, SocketAddr, u64)>,
}

impl schedule::Sockets for HostSockets {
    fn ids_for(&mut self, addr: SocketAddr) -> Result<Range<usize>> {
        let ids = schedule::family_ids(addr);
        for id in ids.clone() {
            self.asked[id] = true;
        }
        Ok(ids)
    }

    fn window(&self) -> usize {
        self.asked.iter().filter(|&&asked| asked).count() * schedule::window_of(0)
    }

    fn released(&mut self, socket: usize, to: SocketAddr, sent: u64) {
        self.released.push_back((socket, to, sent));
    }
}

#[wasm_bindgen]
pub struct Many {
    inner: Scheduler<HostSockets>,
    /// Transmits taken by the host.
    taken: u64,
}

#[wasm_bindgen]
impl Many {
    /// `items` and `options` as `queryMany`'s JSON (`prepareMany`'s input).
    #[wasm_bindgen(constructor)]
    pub fn new(items: &str, options: &str, seed_hi: u32, seed_lo: u32) -> Result<Many, JsValue> {
        let batch = prepare(items, options).map_err(to_js_error)?;
        let sockets = HostSockets {
            asked: [false; 2 * PER_FAMILY],
            released: VecDeque::new(),
        };
        let seed = crate::call::seed(seed_hi, seed_lo);
        let concurrency = match batch.concurrency {
            0 => MAX_IN_FLIGHT,
            n => n.min(MAX_IN_FLIGHT),
        };
        let inner = Scheduler::new(sockets, batch.items, concurrency, false, seed);
        Ok(Many { inner, taken: 0 })
    }

    /// Items without a result yet.
    pub fn live(&self) -> usize {
        self.inner.live()
    }

    /// Starts queued items; `room`: the results not taken yet leave room for more.
    #[wasm_bindgen(js_name = startQueued)]
    pub fn start_queued(&mut self, now: f64, room: bool) {
        self.inner.start_queued(now, || room)
    }

    /// The next datagram or close, in order, or `undefined`: `['send', socket, address,
    /// port, bytes]`, `['close', socket, address, port]` (that pair's socket is done).
    #[wasm_bindgen(js_name = pollIo)]
    pub fn poll_io(&mut self) -> JsValue {
        let pair = |kind: &str, socket: usize, to: SocketAddr| {
            Array::of4(&s(kind), &n(socket as u32), &s(&to.ip().to_string()), &n(to.port()))
        };
        let released = &mut self.inner.sockets_mut().released;
        if let Some(&(socket, to, sent)) = released.front() {
            if sent <= self.taken {
                released.pop_front();
                return pair("close", socket, to).into();
            }
        }
        match self.inner.poll_transmit() {
            Some(Transmit { socket, to, payload }) => {
                self.taken += 1;
                let out = pair("send", socket, to);
                out.push(&Uint8Array::from(&payload[..]));
                out.into()
            }
            None => match self.inner.sockets_mut().released.pop_front() {
                Some((socket, to, _)) => pair("close", socket, to).into(),
                None => JsValue::UNDEFINED,
            },
        }
    }

    /// The next thing for the host, or `undefined`: `['done', index, tape]`,
    /// `['failed', index, error]`, `['lookup', id, host, family]`, `['alone', index,
    /// protocol, targetJson, optionsJson]`.
    #[wasm_bindgen(js_name = pollEvent)]
    pub fn poll_event(&mut self) -> JsValue {
        let Some(event) = self.inner.poll_event() else {
            return JsValue::UNDEFINED;
        };
        let items: Vec<JsValue> = match event {
            Event::Done {
                index,
                result: Ok(outcome),
            } => vec![s("done"), n(index), tape(outcome.to_tape(1024)).into()],
            Event::Done { index, result: Err(e) } => vec![s("failed"), n(index), to_js_error(e)],
            Event::Lookup { id, host, family, .. } => vec![s("lookup"), n(id as f64), s(&host), n(family)],
            Event::Alone { index, item } => vec![
                s("alone"),
                n(index),
                s(&item.protocol),
                s(&item.target.to_string()),
                s(&item.options.to_string()),
            ],
        };
        items.into_iter().collect::<Array>().into()
    }

    /// The earliest deadline, or `undefined`.
    #[wasm_bindgen(js_name = pollTimeout)]
    pub fn poll_timeout(&self) -> Option<f64> {
        self.inner.poll_timeout()
    }

    #[wasm_bindgen(js_name = handleTimeout)]
    pub fn handle_timeout(&mut self, now: f64) {
        self.inner.handle_timeout(now)
    }

    /// A datagram on `socket` from `address:port`; `false` when no query waited for it.
    pub fn received(&mut self, now: f64, socket: usize, address: &str, port: u16, bytes: &[u8]) -> bool {
        match address.parse::<IpAddr>() {
            Ok(ip) => self
                .inner
                .handle_datagram(now, socket, SocketAddr::new(ip, port), bytes),
            Err(_) => false,
        }
    }

    /// `socket`'s send to `address:port` met "port unreachable".
    pub fn refused(&mut self, now: f64, socket: usize, address: &str, port: u16) {
        if let Ok(ip) = address.parse::<IpAddr>() {
            self.inner.handle_refused(now, socket, SocketAddr::new(ip, port))
        }
    }

    /// `socket`'s pair with `address:port` could not open: `invalid` when the host cannot
    /// carry datagrams at all (its message says what to give), else what the system said.
    pub fn failed(&mut self, now: f64, socket: usize, address: &str, port: u16, message: String, invalid: bool) {
        let Ok(ip) = address.parse::<IpAddr>() else { return };
        let to = SocketAddr::new(ip, port);
        let e = if invalid {
            Error::invalid(message)
        } else {
            Error::new(ErrorCode::Network, format!("connect to {to}: {message}"))
        };
        self.inner.handle_failed(now, socket, to, e)
    }

    /// Lookup `id`'s addresses (text), or `error` when it failed.
    pub fn resolved(&mut self, now: f64, id: f64, addresses: Array, error: Option<String>) {
        let found = match error {
            Some(message) => Err(message),
            None => Ok(addresses.iter().filter_map(|a| a.as_string()?.parse().ok()).collect()),
        };
        self.inner.handle_found(now, id as u64, found)
    }

    /// An `alone` item's call ended; `true` when its result is still wanted.
    #[wasm_bindgen(js_name = endedAlone)]
    pub fn ended_alone(&mut self, index: u32) -> bool {
        self.inner.ended_alone(index)
    }

    /// Every item without a result, taken off (the run was aborted).
    #[wasm_bindgen(js_name = abortAll)]
    pub fn abort_all(&mut self) -> Vec<u32> {
        self.inner.abort_all()
    }
}
