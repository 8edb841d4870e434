//! The loop that runs a bulk query: one task, a few shared UDP sockets, one timer heap.
//!
//! Each turn it reads every datagram the sockets hold *before* it looks at the clock, so a
//! reply that arrived in time is never taken for a timeout because the engine ran late;
//! then it fires due timers, then starts queued queries while the requests still
//! unanswered fit in the receive buffers (the window) — that pacing is what keeps a burst
//! of 5000 queries from overflowing the machine's own buffers.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap, HashSet, VecDeque};
use std::future::{poll_fn, Future};
use std::io::ErrorKind;
use std::net::{IpAddr, SocketAddr};
use std::pin::pin;
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;

use serde::Serialize;
use tokio::io::Interest;
use tokio::runtime::Handle;
use tokio::sync::{mpsc, Semaphore};
use tokio_util::sync::CancellationToken;

use super::jobs::{self, Plan, Query};
use super::sockets::Sockets;
use super::unreachable;
use super::Shared;

mod games;
use crate::api::Tape as TapeSink;
use crate::call::many::Item;
use crate::call::port_closed;
use crate::call::ports::none_answered;
use crate::error::Error;
use crate::exchange::Millis;
use crate::games::{Game, Named};
use crate::net::resolve::resolve;
use crate::net::trace::{trace, Clock, Direction, Tracer};
use crate::options::target_text;
use crate::protocol::Protocol;
use crate::rng::Rng;
use crate::spec::Outcome;
use crate::status::GameMatch;
use crate::tape::Tape;
use crate::target::Target;
use games::{Group, Member};

/// New queries started per turn, so replies keep being read while a big batch starts.
const STARTS_PER_TURN: usize = 256;
/// Datagrams read per socket per turn (a flood must not starve the timers).
const READS_PER_TURN: usize = 4096;
/// Host name lookups at once.
const LOOKUPS: usize = 64;
/// A turn's results are handed over once their tape holds this many numbers, so one
/// busy turn fits the reader's scratch array (see bindings-node/src/tape.rs).
const PUBLISH_AT: usize = 16 * 1024;

/// Work finishing off the engine task: a lookup, or a whole query run on its own.
pub(super) enum Event {
    /// Queries to one host, each with its port, and the host's address (one lookup for a
    /// game's candidates: one server, whatever round-robin DNS would say next).
    Resolved(Vec<Start>, crate::error::Result<SocketAddr>),
    Finished(u32, crate::error::Result<Tape>),
    /// Socket `.0` sent to `.1`, which answered "port unreachable".
    Refused(usize, SocketAddr),
    /// A single call's query for the shared engine (see [`super::shared`]), under an index
    /// the caller picked, and where its result goes.
    Submit(u32, Item, Done),
    /// A submitted query the shared sockets could not take, run as a call of its own.
    Ran(u32, crate::error::Result<Outcome>),
    /// The caller of a submitted query gave up (an AbortSignal).
    Abort(u32),
    /// A bug, injected: the engine panics (what its callers then see is tested).
    #[cfg(test)]
    Panic,
}

/// How the shared engine ends: after `idle_ms` without queries, when `when_idle` (given
/// its events' two ends) finds none submitted meanwhile; else the event that came.
pub(super) struct Retire {
    pub idle_ms: Millis,
    pub when_idle: fn(&mpsc::UnboundedSender<Event>, &mut mpsc::UnboundedReceiver<Event>) -> Option<Event>,
}

/// Where a submitted query's result goes (called on the engine's thread). Dropped without
/// a result — the engine's thread unwinding from a panic drops every one it holds — it
/// reports that, so no caller waits forever.
pub(super) struct Done(Option<Box<dyn FnOnce(crate::error::Result<Outcome>) + Send>>);

impl Done {
    pub fn new(f: impl FnOnce(crate::error::Result<Outcome>) + Send + 'static) -> Self {
        Self(Some(Box::new(f)))
    }

    fn call(mut self, result: crate::error::Result<Outcome>) {
        if let Some(f) = self.0.take() {
            f(result);
        }
    }
}

impl Drop for Done {
    fn drop(&mut self) {
        if let Some(f) = self.0.take() {
            f(Err(Error::new(
                crate::error::ErrorCode::Internal,
                "the query engine stopped before this query ended (a bug in gamequery: please report it)",
            )));
        }
    }
}

/// A UDP query on its way to a socket.
pub(super) struct Start {
    index: u32,
    plan: Plan,
    /// When it started, on the engine's clock: its budget counts from there.
    origin: Millis,
    /// The target as given, for errors.
    target: String,
    /// Its host, for `connect`, and the port to query.
    host: String,
    port: u16,
    /// The game its item named, when it did.
    game: Option<Member>,
}

struct Job {
    start: Start,
    addr: SocketAddr,
    socket: usize,
    query: Query,
    /// The query's deadline (on its own clock, as `poll_timeout` gave it), and the
    /// generation of its heap entry (stale entries are skipped).
    deadline: Option<Millis>,
    generation: u64,
    sent: usize,
    received: usize,
}

/// A heap key: microseconds on the engine's clock (milliseconds are not `Ord`).
fn key(at: Millis) -> u64 {
    (at.max(0.0) * 1000.0) as u64
}

pub struct Engine {
    clock: Clock,
    tracer: Option<Tracer>,
    /// Ping payloads.
    rng: Rng,
    /// Items not started yet, by index.
    items: HashMap<u32, Item>,
    queue: VecDeque<u32>,
    /// Items without a result yet.
    live: HashSet<u32>,
    /// The shared engine's callers, by index; `None` for a `queryMany` run (its results
    /// go into batches).
    replies: Option<HashMap<u32, Done>>,
    /// Submitted queries running as calls of their own, to stop when their caller gives up.
    alone: HashMap<u32, CancellationToken>,
    /// The shared engine's end, once idle.
    retire: Option<Retire>,
    concurrency: usize,
    in_flight: usize,
    sockets: Sockets,
    jobs: Vec<Option<Job>>,
    free: Vec<usize>,
    routes: HashMap<(usize, SocketAddr), usize>,
    /// Game items with several candidate ports, by item.
    groups: HashMap<u32, Group>,
    /// Queries waiting for a socket whose pair with their server is free.
    blocked: HashMap<SocketAddr, VecDeque<Start>>,
    timers: BinaryHeap<Reverse<(u64, usize, u64)>>,
    /// Stamps heap entries; engine-wide, so a reused slot never matches an old entry.
    generation: u64,
    /// Requests sent and not answered yet, over every live query.
    outstanding: usize,
    unsent: Vec<VecDeque<(SocketAddr, Vec<u8>)>>,
    batch: Tape,
    /// Results in `batch`.
    batched: usize,
    events: mpsc::UnboundedSender<Event>,
    /// Sockets whose ICMP errors are being watched for (a bit each).
    watched: u32,
    /// The caller's runtime, where lookups run.
    tasks: Handle,
    lookups: Arc<Semaphore>,
    cancel: CancellationToken,
    shared: Arc<Shared>,
}

/// A failed result: the item's index and the error's description.
#[derive(Serialize)]
struct ErrorEntry<'a> {
    index: u32,
    #[serde(flatten)]
    error: crate::error::Detail<'a>,
}

impl Engine {
    pub fn new(
        items: Vec<Item>,
        concurrency: usize,
        shared: Arc<Shared>,
        cancel: CancellationToken,
        tracer: Option<Tracer>,
    ) -> (Self, Receiver) {
        let (events, rx) = mpsc::unbounded_channel();
        let n = items.len();
        let engine = Self {
            clock: Clock::start(),
            tracer,
            rng: Rng::new(crate::net::seed()),
            items: (0..n as u32).zip(items).collect(),
            queue: (0..n as u32).collect(),
            live: (0..n as u32).collect(),
            replies: None,
            alone: HashMap::new(),
            retire: None,
            concurrency: if concurrency == 0 { usize::MAX } else { concurrency },
            in_flight: 0,
            sockets: Sockets::new(),
            jobs: Vec::new(),
            free: Vec::new(),
            routes: HashMap::new(),
            groups: HashMap::new(),
            blocked: HashMap::new(),
            timers: BinaryHeap::new(),
            generation: 0,
            outstanding: 0,
            unsent: (0..2 * super::sockets::PER_FAMILY).map(|_| VecDeque::new()).collect(),
            batch: Tape::default(),
            batched: 0,
            events,
            watched: 0,
            tasks: Handle::current(),
            lookups: Arc::new(Semaphore::new(LOOKUPS)),
            cancel,
            shared,
        };
        (engine, Receiver(rx))
    }

    /// The engine single calls share ([`super::shared`]): no items of its own, each
    /// submitted one's result to its caller; `events` is its channel's sending side.
    pub fn shared(events: mpsc::UnboundedSender<Event>, retire: Retire) -> Self {
        let (mut engine, _rx) = Self::new(
            Vec::new(),
            0,
            Arc::new(Shared::default()),
            CancellationToken::new(),
            None,
        );
        engine.events = events;
        engine.replies = Some(HashMap::new());
        engine.retire = Some(retire);
        engine
    }

    fn now(&self) -> Millis {
        self.clock.now()
    }

    pub async fn run(mut self, mut rx: Receiver, abort: CancellationToken) {
        let mut buf = vec![0u8; 65_536];
        let mut sleep = pin!(tokio::time::sleep(Duration::from_secs(3600)));
        let mut events = Vec::new();
        // Sockets whose readiness fired: only they are read (a read until WouldBlock
        // costs a system call per socket).
        let mut readable: Vec<usize> = Vec::new();
        // The shared engine, with nothing to do: when it began idling.
        let mut idle: Option<Millis> = None;
        while self.serving() || !self.live.is_empty() {
            if self.cancel.is_cancelled() {
                break;
            }
            if abort.is_cancelled() {
                self.abort_all();
                break;
            }
            if self.timer_due() {
                // Timers are due: read every socket first, so no reply that is there
                // already is taken for a timeout.
                readable = self.sockets.open_ids().collect();
            }
            self.read_all(&mut buf, &readable);
            readable.clear();
            for event in events.drain(..) {
                self.handle_event(event);
            }
            self.fire_timers(self.now());
            self.start_queued();
            self.flush_unsent();
            self.publish();
            if self.live.is_empty() && !self.serving() {
                break;
            }
            let mut wake = self
                .timers
                .peek()
                .map_or(3_600_000.0, |Reverse((d, _, _))| *d as f64 / 1000.0);
            if let Some(retire) = self.retire.as_ref().filter(|_| self.live.is_empty()) {
                let now = self.now();
                let retire_at = *idle.get_or_insert(now + retire.idle_ms);
                if now >= retire_at {
                    match (retire.when_idle)(&self.events, &mut rx.0) {
                        None => break,
                        // Submitted as it was retiring: the engine goes on.
                        Some(event) => {
                            idle = None;
                            events.push(event);
                            continue;
                        }
                    }
                }
                wake = wake.min(retire_at);
            } else {
                idle = None;
            }
            sleep.as_mut().reset(self.clock.instant(wake));
            let ids: Vec<usize> = self.sockets.open_ids().collect();
            let mut cancelled = pin!(self.cancel.cancelled());
            let mut aborted_fut = pin!(abort.cancelled());
            let mut drained = pin!(self.shared.drained.notified());
            poll_fn(|cx| {
                let mut ready = false;
                for &id in &ids {
                    let socket = self.sockets.get(id).expect("open socket");
                    if socket.poll_recv_ready(cx).is_ready() {
                        readable.push(id);
                        ready = true;
                    }
                    if !self.unsent[id].is_empty() {
                        ready |= socket.poll_send_ready(cx).is_ready();
                    }
                }
                while let Poll::Ready(Some(event)) = rx.0.poll_recv(cx) {
                    events.push(event);
                    ready = true;
                }
                ready |= sleep.as_mut().poll(cx).is_ready();
                ready |= cancelled.as_mut().poll(cx).is_ready();
                ready |= drained.as_mut().poll(cx).is_ready();
                ready |= aborted_fut.as_mut().poll(cx).is_ready();
                if ready {
                    Poll::Ready(())
                } else {
                    Poll::Pending
                }
            })
            .await;
        }
        self.publish();
        self.shared.finish();
        // Lookups and TCP queries still running belong to no one now.
        self.cancel.cancel();
    }

    /// Every datagram the `readable` sockets hold, to its query.
    fn read_all(&mut self, buf: &mut [u8], readable: &[usize]) {
        for &id in readable {
            for _ in 0..READS_PER_TURN {
                let socket = self.sockets.get(id).expect("open socket");
                let (n, from) = match socket.try_recv_from(buf) {
                    Ok(x) => x,
                    Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                    // An ICMP error for an earlier send, or similar: nothing to read.
                    Err(_) => continue,
                };
                let Some(&slot) = self.routes.get(&(id, normalize(from))) else {
                    continue;
                };
                trace(self.tracer.as_ref(), &self.clock, Direction::Receive, from, &buf[..n]);
                let now = self.now();
                let job = self.jobs[slot].as_mut().expect("routed job");
                if job.received < job.sent {
                    job.received += 1;
                    self.outstanding = self.outstanding.saturating_sub(1);
                }
                // A bug of ours reading this reply (a panic) ends this query alone.
                let read = crate::internal::contain("query", || {
                    crate::internal::checkpoint("query");
                    job.query.handle_input(now - job.start.origin, &buf[..n]);
                    Ok(())
                });
                match read {
                    Ok(()) => self.service(slot),
                    Err(e) => self.end(slot, Err(e)),
                }
            }
        }
    }

    /// Reports "port unreachable" errors on socket `id` as events, for as long as the
    /// engine's runtime runs (a task on it, so a turn costs nothing while none come).
    fn watch(&mut self, id: usize) {
        if !unreachable::REPORTED || self.watched >> id & 1 == 1 {
            return;
        }
        let Some(socket) = self.sockets.get(id).cloned() else {
            return;
        };
        self.watched |= 1 << id;
        let events = self.events.clone();
        tokio::spawn(async move {
            while socket.ready(Interest::ERROR).await.is_ok() {
                for to in unreachable::refused(&socket) {
                    if events.send(Event::Refused(id, to)).is_err() {
                        return;
                    }
                }
            }
        });
    }

    /// Whether a live query's deadline has passed (stale heap entries are dropped).
    fn timer_due(&mut self) -> bool {
        let now = key(self.now());
        while let Some(&Reverse((deadline, slot, generation))) = self.timers.peek() {
            let live = self
                .jobs
                .get(slot)
                .and_then(Option::as_ref)
                .is_some_and(|j| j.generation == generation);
            if live {
                return deadline <= now;
            }
            self.timers.pop();
        }
        false
    }

    fn fire_timers(&mut self, now: Millis) {
        // Taken off the heap before any fires: a query that sets a new deadline already
        // due waits for the next turn instead of spinning this loop.
        let mut due = Vec::new();
        while let Some(&Reverse((deadline, slot, generation))) = self.timers.peek() {
            if deadline > key(now) {
                break;
            }
            self.timers.pop();
            due.push((slot, generation));
        }
        for (slot, generation) in due {
            let Some(job) = self.jobs.get_mut(slot).and_then(Option::as_mut) else {
                continue;
            };
            if job.generation != generation {
                continue;
            }
            // The heap keys whole microseconds on the engine's clock: the query is told
            // the time its own deadline names at least, or it would not see it passed.
            let at = (now - job.start.origin).max(job.deadline.take().unwrap_or(f64::MIN));
            job.query.handle_timeout(at);
            self.service(slot);
        }
    }

    fn start_queued(&mut self) {
        let mut started = 0;
        while started < STARTS_PER_TURN
            && self.in_flight < self.concurrency
            && (self.outstanding < self.sockets.window || self.sockets.window == 0)
            && self.shared.has_room()
        {
            let Some(index) = self.queue.pop_front() else { break };
            if !self.items.contains_key(&index) {
                continue;
            }
            started += 1;
            self.in_flight += 1;
            self.start_item(index);
        }
    }

    fn start_item(&mut self, index: u32) {
        // Gone: aborted while it waited.
        let Some(item) = self.items.remove(&index) else {
            return;
        };
        if item.protocol.is_empty() {
            let e = Error::invalid("no protocol: give one per item or in the options");
            return self.fail(index, e);
        }
        let protocol = match crate::games::named(&item.protocol) {
            Ok(Named::Protocol(p)) => p,
            Ok(Named::Game(game, protocol)) => return self.start_game(index, item, game, protocol),
            Err(e) => return self.fail(index, e),
        };
        let text = target_text(&item.target);
        match Plan::parse(protocol, &item.target, item.options.clone()) {
            Some(Ok((plan, _, _))) if plan.binds() => self.run_alone(index, item),
            Some(Ok((_, target, port))) if self.busy(&target.host, &[port]) => self.run_alone(index, item),
            Some(Ok((plan, target, port))) => {
                let start = Start {
                    index,
                    plan,
                    origin: self.now(),
                    target: text,
                    host: target.host.clone(),
                    port,
                    game: None,
                };
                self.place(vec![start], target.host);
            }
            Some(Err(e)) => self.fail(index, e),
            None => self.run_alone(index, item),
        }
    }

    /// On sockets at once for an IP address, else after one lookup of the name.
    fn place(&mut self, starts: Vec<Start>, host: String) {
        match host.parse::<IpAddr>() {
            Ok(ip) if !crate::call::family_matches(starts[0].plan.common().family, &ip) => {
                let family = starts[0].plan.common().family;
                let index = starts[0].index;
                self.groups.remove(&index);
                self.fail(index, Error::invalid(format!("{host} is not an IPv{family} address")));
            }
            Ok(ip) => {
                for start in starts {
                    let port = start.port;
                    self.launch(start, SocketAddr::new(ip, port));
                }
            }
            Err(_) => {
                let port = starts[0].port;
                self.lookup(starts, host, port)
            }
        }
    }

    /// TCP protocols, and queries that bind a local address, run as tasks of their own
    /// (each with a bounded buffer) and report back. They run on the engine's thread: on
    /// the caller's runtime each finished query woke the engine from another thread, and
    /// its sockets' readiness moved between that runtime's workers (~6% of a Minecraft
    /// bulk run's CPU).
    fn run_alone(&mut self, index: u32, item: Item) {
        if self.serving() {
            // The outcome as a call's, for the caller to shape and emit.
            let (events, cancel) = (self.events.clone(), self.cancel.child_token());
            self.alone.insert(index, cancel.clone());
            tokio::spawn(async move {
                let result = crate::net::run_query(item, &cancel).await;
                let _ = events.send(Event::Ran(index, result));
            });
            return;
        }
        let (events, cancel, tracer) = (self.events.clone(), self.cancel.child_token(), self.tracer.clone());
        tokio::spawn(async move {
            let (target, options) = (item.target.to_string(), item.options.to_string());
            let result = crate::net::query(&item.protocol, &target, &options, cancel, TapeSink, tracer).await;
            let _ = events.send(Event::Finished(index, result));
        });
    }

    /// Looks `host` up once for `starts` (their ports are their plans'; `port` is the
    /// first's, for messages).
    fn lookup(&mut self, starts: Vec<Start>, host: String, port: u16) {
        let (events, lookups) = (self.events.clone(), self.lookups.clone());
        let (cancel, clock) = (self.cancel.child_token(), self.clock);
        self.tasks.spawn(async move {
            let Ok(_permit) = lookups.acquire().await else { return };
            let common = *starts[0].plan.common();
            let end = starts[0].origin + common.timeout_ms;
            let addr = resolve(&host, port, common.family, &clock, end, &cancel).await;
            let _ = events.send(Event::Resolved(starts, addr));
        });
    }

    fn handle_event(&mut self, event: Event) {
        match event {
            Event::Resolved(starts, Ok(addr)) => {
                for start in starts {
                    let port = start.port;
                    self.launch(start, SocketAddr::new(addr.ip(), port));
                }
            }
            Event::Resolved(starts, Err(e)) => {
                for start in starts {
                    self.conclude(start, None, Err(e.clone()));
                }
            }
            Event::Finished(index, Err(e)) => self.fail(index, e),
            Event::Finished(index, Ok(status)) => {
                self.batch.push(&index);
                self.batch.append(status);
                self.settle(index);
            }
            Event::Refused(id, to) => {
                let to = normalize(to);
                if let Some(&slot) = self.routes.get(&(id, to)) {
                    self.end(slot, Err(port_closed(to.port(), "udp")));
                }
            }
            Event::Submit(index, item, done) => self.submit(index, item, done),
            Event::Ran(index, result) => {
                self.alone.remove(&index);
                if self.live.contains(&index) {
                    // Settled by its call already.
                    if let Some(done) = self.replies.as_mut().and_then(|r| r.remove(&index)) {
                        done.call(result);
                    }
                    self.settle(index);
                }
            }
            Event::Abort(index) => self.abort_one(index),
            #[cfg(test)]
            Event::Panic => panic!("a bug, injected"),
        }
    }

    /// For the shared engine: whether a query of `host` on `ports` would wait for a socket
    /// whose pair with the server is free. A single call is not kept waiting behind others
    /// to the same server: it runs as a call of its own instead. (A name is looked up
    /// first, and then waits, as a `queryMany` item does.)
    fn busy(&mut self, host: &str, ports: &[u16]) -> bool {
        let Some(ip) = self.replies.as_ref().and_then(|_| host.parse::<IpAddr>().ok()) else {
            return false;
        };
        ports.iter().any(|&port| {
            let addr = normalize(SocketAddr::new(ip, port));
            self.sockets
                .ids_for(addr)
                .is_ok_and(|ids| ids.into_iter().all(|id| self.routes.contains_key(&(id, addr))))
        })
    }

    /// Runs the query on a socket whose pair with `addr` is free, or waits for one.
    /// Whether it took a socket or waits for one: `false` when it ended at once (the
    /// pair it would have used is still free).
    fn launch(&mut self, start: Start, addr: SocketAddr) -> bool {
        // Another candidate of the same game's item answered while this one waited.
        if !self.live.contains(&start.index) {
            return false;
        }
        let addr = normalize(addr);
        let ids = match self.sockets.ids_for(addr) {
            Ok(ids) => ids,
            Err(e) => {
                self.conclude(start, None, Err(e));
                return false;
            }
        };
        for id in ids.clone() {
            self.watch(id);
        }
        let n = ids.len();
        let Some(socket) = (0..n)
            .map(|k| ids.start + (start.index as usize + k) % n)
            .find(|id| !self.routes.contains_key(&(*id, addr)))
        else {
            self.blocked.entry(addr).or_default().push_back(start);
            return true;
        };
        let mut start = start;
        let query = match start.plan.start(addr, self.now() - start.origin, &mut self.rng) {
            Ok(query) => query,
            Err(e) => {
                self.conclude(start, Some(addr), Err(e));
                return false;
            }
        };
        let slot = self.free.pop().unwrap_or_else(|| {
            self.jobs.push(None);
            self.jobs.len() - 1
        });
        self.jobs[slot] = Some(Job {
            start,
            addr,
            socket,
            query,
            deadline: None,
            generation: 0,
            sent: 0,
            received: 0,
        });
        self.routes.insert((socket, addr), slot);
        let (index, member) = (
            start_index(&self.jobs[slot]),
            self.jobs[slot].as_ref().and_then(|j| j.start.game),
        );
        if let (Some(member), Some(group)) = (member, self.groups.get_mut(&index)) {
            group.slots[member.k] = Some(slot);
        }
        self.service(slot);
        true
    }

    /// After any event on a query: send what it wants sent, finish it, or re-arm its timer.
    fn service(&mut self, slot: usize) {
        let job = self.jobs[slot].as_mut().expect("live job");
        while let Some(packet) = job.query.poll_transmit() {
            job.sent += 1;
            self.outstanding += 1;
            trace(self.tracer.as_ref(), &self.clock, Direction::Send, job.addr, &packet);
            send(&self.sockets, &mut self.unsent, job.socket, job.addr, packet);
        }
        if let Some(result) = job.query.poll_result() {
            return self.end(slot, result);
        }
        let deadline = job.query.poll_timeout();
        if deadline != job.deadline {
            job.deadline = deadline;
            self.generation += 1;
            job.generation = self.generation;
            if let Some(d) = deadline {
                self.timers
                    .push(Reverse((key(d + job.start.origin), slot, job.generation)));
            }
        }
    }

    /// Takes a query off its socket with its result, and starts the next one waiting for
    /// that pair.
    fn end(&mut self, slot: usize, result: crate::error::Result<Outcome>) {
        let job = self.release(slot);
        self.conclude(job.start, Some(job.addr), result);
        self.unblock(job.addr);
    }

    /// Takes a query off its slot and its socket.
    fn release(&mut self, slot: usize) -> Job {
        let job = self.jobs[slot].take().expect("live job");
        self.free.push(slot);
        self.routes.remove(&(job.socket, job.addr));
        self.outstanding = self.outstanding.saturating_sub(job.sent - job.received);
        job
    }

    /// The next query waiting for the pair with `addr`, on its way: the first that takes
    /// it (one that ends at once — a game's candidate whose item answered — leaves it to
    /// the next, or the queue would wait for an end that never comes).
    fn unblock(&mut self, addr: SocketAddr) {
        while let Some(start) = self.blocked.get_mut(&addr).and_then(VecDeque::pop_front) {
            if self.launch(start, addr) {
                break;
            }
        }
        if self.blocked.get(&addr).is_some_and(VecDeque::is_empty) {
            self.blocked.remove(&addr);
        }
    }

    /// A query's result, as its item's: the status onto the batch, or the error; for a
    /// game's candidate, the first status wins (the others stop) and the error waits
    /// until every candidate failed.
    fn conclude(&mut self, start: Start, addr: Option<SocketAddr>, result: crate::error::Result<Outcome>) {
        let index = start.index;
        if !self.live.contains(&index) {
            return;
        }
        match result {
            Ok(outcome) => {
                let answered = match &outcome {
                    Outcome::Status(s) => s.port(),
                    Outcome::Lines(_) => 0,
                };
                let game = start.game.map(|m| m.matched(answered));
                match self.replies.as_mut().and_then(|r| r.remove(&index)) {
                    Some(done) => {
                        let mut outcome = outcome;
                        outcome.settle(&start.host, game);
                        done.call(Ok(outcome));
                    }
                    None => jobs::push(&mut self.batch, index, outcome, &start.host, game),
                }
                self.settle(index);
                self.stop_candidates(index);
            }
            Err(e) => {
                let e = e.in_call(start.plan.caller(), &start.target, addr);
                match start.game {
                    Some(member) => self.candidate_failed(index, member, start.port, e),
                    None => self.fail(index, e),
                }
            }
        }
    }

    fn flush_unsent(&mut self) {
        for id in 0..self.unsent.len() {
            let Some(socket) = self.sockets.get(id) else { continue };
            while let Some((addr, packet)) = self.unsent[id].front() {
                match send_to(socket, packet, *addr) {
                    Err(e) if e.kind() == ErrorKind::WouldBlock => break,
                    // Sent, or refused for good (that query will time out).
                    _ => {
                        self.unsent[id].pop_front();
                    }
                }
            }
        }
    }

    fn fail(&mut self, index: u32, e: Error) {
        match self.replies.as_mut().and_then(|r| r.remove(&index)) {
            Some(done) => done.call(Err(e)),
            None => self.batch.push(&ErrorEntry {
                index,
                error: e.detail(),
            }),
        }
        self.settle(index);
    }

    /// An item has its result (delivered already): it leaves the live ones.
    fn settle(&mut self, index: u32) {
        if self.replies.is_none() {
            self.batched += 1;
        }
        if self.live.remove(&index) {
            self.in_flight -= 1;
        }
        if self.batch.values.len() >= PUBLISH_AT {
            self.publish();
        }
    }

    /// Every query without a result ends as aborted (an AbortSignal fired).
    fn abort_all(&mut self) {
        let e = Error::aborted();
        let mut live: Vec<u32> = self.live.drain().collect();
        live.sort_unstable();
        for index in live {
            self.batch.push(&ErrorEntry {
                index,
                error: e.detail(),
            });
        }
    }

    /// Whether this is the shared engine single calls submit to (not a `queryMany` run).
    fn serving(&self) -> bool {
        self.replies.is_some()
    }

    /// A submitted query, queued to start like a run's item.
    fn submit(&mut self, index: u32, item: Item, done: Done) {
        let Some(replies) = self.replies.as_mut() else { return };
        replies.insert(index, done);
        self.items.insert(index, item);
        self.live.insert(index);
        self.queue.push_back(index);
    }

    /// A submitted query's caller gave up: its queries stop, its result is "aborted".
    fn abort_one(&mut self, index: u32) {
        if !self.live.contains(&index) {
            return;
        }
        self.items.remove(&index);
        if let Some(call) = self.alone.remove(&index) {
            call.cancel();
        }
        // Started: its candidates' queries leave their sockets (the slots they held).
        if self.groups.contains_key(&index) {
            self.stop_candidates(index);
        }
        let slots: Vec<usize> = (0..self.jobs.len())
            .filter(|&slot| self.jobs[slot].as_ref().is_some_and(|j| j.start.index == index))
            .collect();
        for slot in slots {
            let job = self.release(slot);
            self.unblock(job.addr);
        }
        if self.queue.contains(&index) {
            // Never started: it took no place among those in flight, which settling frees.
            self.in_flight += 1;
        }
        self.fail(index, Error::aborted());
    }

    fn publish(&mut self) {
        if !self.batch.is_empty() {
            self.shared
                .deliver(std::mem::take(&mut self.batch), std::mem::take(&mut self.batched));
        }
    }
}

pub struct Receiver(pub mpsc::UnboundedReceiver<Event>);

fn start_index(job: &Option<Job>) -> u32 {
    job.as_ref().map_or(u32::MAX, |j| j.start.index)
}

fn send(
    sockets: &Sockets,
    unsent: &mut [VecDeque<(SocketAddr, Vec<u8>)>],
    id: usize,
    addr: SocketAddr,
    packet: Vec<u8>,
) {
    if !unsent[id].is_empty() {
        return unsent[id].push_back((addr, packet));
    }
    let socket = sockets.get(id).expect("open socket");
    if let Err(e) = send_to(socket, &packet, addr) {
        if e.kind() == ErrorKind::WouldBlock {
            unsent[id].push_back((addr, packet));
        }
    }
}

/// One datagram out. A shared socket carries the "port unreachable" of an earlier send
/// to another server as a pending error, which the kernel reports on the next send and
/// sends nothing: that send is made again (the report cleared it). Without this, a game's
/// candidate on a closed port cost its sibling on the same socket a retransmission
/// (measured: 42 of 200 items answered after 1.25 s instead of 4 ms).
fn send_to(socket: &tokio::net::UdpSocket, packet: &[u8], addr: SocketAddr) -> std::io::Result<usize> {
    // Each report clears one pending error; a few may be queued.
    let mut sent = socket.try_send_to(packet, addr);
    for _ in 0..3 {
        match &sent {
            Err(e) if e.kind() != ErrorKind::WouldBlock => sent = socket.try_send_to(packet, addr),
            _ => break,
        }
    }
    sent
}

/// IPv4-mapped IPv6 addresses compare as IPv4 (replies are routed by source address).
fn normalize(addr: SocketAddr) -> SocketAddr {
    match addr.ip() {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => SocketAddr::new(IpAddr::V4(v4), addr.port()),
            None => addr,
        },
        IpAddr::V4(_) => addr,
    }
}

#[cfg(test)]
mod tests;
