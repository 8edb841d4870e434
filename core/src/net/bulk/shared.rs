//! The engine single calls share. A `query()` of a datagram protocol (or of a game of
//! one) runs on the bulk engine's sockets, as a `queryMany` item does, instead of opening,
//! connecting, registering and closing a socket of its own per query port: measured on
//! the gamedig drop-in's Arma 3 query (two candidate ports), those system calls were a
//! fifth of its CPU.
//!
//! One engine per process, on a thread of its own, started by the first query and gone
//! after [`IDLE_MS`] without any. Linux and Android only: elsewhere the shared sockets
//! cannot tell a closed port (see `unreachable`), which a socket of its own reports at
//! once, so a query there keeps its own. A query the shared sockets cannot take (a game's
//! whose item binds a local address or opens a console, a server whose every socket pair
//! is busy) runs as a call of its own on the engine's thread, and ends the same way.
//! Its result is handed to a callback on the engine's thread: the Node addon settles the
//! caller's promise from there, with no async runtime in between.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use super::engine::{Done, Engine, Event, Receiver, Retire};
use super::unreachable;
use crate::call::many::Item;
use crate::error::{ErrorCode, Result};
use crate::exchange::Millis;
use crate::options::target_text;
use crate::protocol::Protocol;
use crate::spec::{Outcome, Query, Transport};

/// How long the engine waits, idle, before its thread and sockets go.
const IDLE_MS: Millis = 30_000.0;

/// Where queries go: the running engine's events.
static ENGINE: Mutex<Option<mpsc::UnboundedSender<Event>>> = Mutex::new(None);
/// Each submitted query's index; wrapping, 2^32 queries apart.
static NEXT: AtomicU32 = AtomicU32::new(0);

/// The datagram protocol `name` (a protocol or a game) queries with, when the shared
/// engine can run it.
pub fn shares(name: &str) -> Option<Protocol> {
    if !unreachable::REPORTED {
        return None;
    }
    let protocol = crate::games::named(name).ok()?.protocol();
    let datagrams = matches!(protocol.query(), Ok(Query::Plan(_))) && protocol.spec().transport == Transport::Udp;
    datagrams.then_some(protocol)
}

/// A query on the shared engine: what stops it.
pub struct Ticket {
    index: u32,
    engine: mpsc::UnboundedSender<Event>,
}

impl Ticket {
    /// The caller gave up (an AbortSignal): the query stops and ends as aborted.
    pub fn abort(&self) {
        let _ = self.engine.send(Event::Abort(self.index));
    }
}

/// Runs `item` (a query of `protocol`) on the shared engine; `done` gets its outcome on
/// the engine's thread. `None`: no engine could start, and nothing was submitted.
pub fn submit(protocol: Protocol, item: Item, done: impl FnOnce(Result<Outcome>) + Send + 'static) -> Option<Ticket> {
    // What a call of its own says when aborted, with the query and the target as given.
    let target = target_text(&item.target);
    let done = Done::new(move |result: Result<Outcome>| {
        done(result.map_err(|e| match e.code {
            ErrorCode::Aborted if e.context.is_none() => e.in_call(protocol.caller(), &target, None),
            _ => e,
        }))
    });
    let index = NEXT.fetch_add(1, Ordering::Relaxed);
    let engine = send(Event::Submit(index, item, done))?;
    Some(Ticket { index, engine })
}

/// Hands `event` to the engine, starting one if none runs; the engine's events.
fn send(event: Event) -> Option<mpsc::UnboundedSender<Event>> {
    let mut engine = ENGINE.lock().unwrap_or_else(|e| e.into_inner());
    let mut event = event;
    // Twice at most: a send fails only when the engine's thread ended (it panicked).
    for _ in 0..2 {
        if engine.is_none() {
            *engine = Some(start()?);
        }
        let events = engine.as_ref()?;
        match events.send(event) {
            Ok(()) => return Some(events.clone()),
            Err(mpsc::error::SendError(back)) => {
                event = back;
                *engine = None;
            }
        }
    }
    None
}

/// The engine, on a thread and a reactor of its own (as a `queryMany` run's: see
/// `Bulk::start`); its lookups run there too, as no caller's runtime outlives it.
fn start() -> Option<mpsc::UnboundedSender<Event>> {
    let (events, rx) = mpsc::unbounded_channel();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .ok()?;
    let own = events.clone();
    std::thread::Builder::new()
        .name("gamequery-shared".into())
        .spawn(move || {
            runtime.block_on(async move {
                let retire = Retire {
                    idle_ms: IDLE_MS,
                    when_idle: retire,
                };
                let engine = Engine::shared(own, retire);
                engine.run(Receiver(rx), CancellationToken::new()).await;
            })
        })
        .ok()?;
    Some(events)
}

/// The idle engine whose events are `events` stops taking queries: `None` when it may end,
/// or an event submitted while it was retiring, which it handles first.
fn retire(events: &mpsc::UnboundedSender<Event>, rx: &mut mpsc::UnboundedReceiver<Event>) -> Option<Event> {
    retire_from(&ENGINE, events, rx)
}

/// Under the lock submitters take: a query is either in the channel by now, or finds no
/// engine and starts one.
fn retire_from(
    slot: &Mutex<Option<mpsc::UnboundedSender<Event>>>,
    events: &mpsc::UnboundedSender<Event>,
    rx: &mut mpsc::UnboundedReceiver<Event>,
) -> Option<Event> {
    let mut engine = slot.lock().unwrap_or_else(|e| e.into_inner());
    if let Ok(event) = rx.try_recv() {
        return Some(event);
    }
    if engine.as_ref().is_some_and(|e| e.same_channel(events)) {
        *engine = None;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A query submitted as the engine decides to end is handled, not lost; with none, the
    /// engine leaves its slot empty for the next query to start another.
    #[test]
    fn an_idle_engine_ends_only_when_nothing_was_submitted() {
        let (events, mut rx) = mpsc::unbounded_channel();
        let slot = Mutex::new(Some(events.clone()));
        events.send(Event::Abort(7)).unwrap();
        let kept = retire_from(&slot, &events, &mut rx);
        assert!(matches!(kept, Some(Event::Abort(7))), "the queued event comes back");
        assert!(slot.lock().unwrap().is_some(), "the engine stays");
        assert!(retire_from(&slot, &events, &mut rx).is_none());
        assert!(slot.lock().unwrap().is_none(), "the next query starts an engine");
        // Another engine took the slot meanwhile (this one's thread had died): it stays.
        let (other, _other_rx) = mpsc::unbounded_channel();
        *slot.lock().unwrap() = Some(other);
        assert!(retire_from(&slot, &events, &mut rx).is_none());
        assert!(slot.lock().unwrap().is_some());
    }
}
