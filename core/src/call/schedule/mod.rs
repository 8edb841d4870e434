//! Many datagram queries at once, sans-IO: the items, their queries on a few shared
//! sockets, replies routed by (socket, source), one heap of generation-stamped deadlines,
//! pacing, and a game's candidate ports — bytes and time in, datagrams and results out.
//!
//! A driver (the native one is `net::bulk::engine`) owns the sockets and the clock: it
//! hands each datagram to [`Scheduler::handle_datagram`], fires [`Scheduler::handle_timeout`]
//! at [`Scheduler::poll_timeout`], starts queued items with [`Scheduler::start_queued`], and
//! after each of those sends every [`Scheduler::poll_transmit`] and acts on every
//! [`Scheduler::poll_event`] (a host name to look up, an item to run as a call of its own,
//! an item's result). Nothing here waits, reads a clock or touches a socket, so its tests
//! run on a virtual clock.

use std::collections::{HashMap, HashSet, VecDeque};
use std::net::{IpAddr, SocketAddr};

use crate::call::many::Item;
use crate::call::port_closed;
use crate::error::{Error, Result};
use crate::exchange::Millis;
use crate::games::{Game, Named};
use crate::options::target_text;
use crate::rng::Rng;
use crate::spec::Outcome;
use crate::target::Target;

mod driver;
mod games;
pub mod plan;
mod timers;

pub use driver::{family_ids, normalize, window_of, Event, Sockets, Transmit, PER_FAMILY};
use games::{Group, Member};
use plan::{Plan, Query};
use timers::Timers;

/// New queries started per [`Scheduler::start_queued`], so replies keep being read while
/// a big batch starts.
const STARTS_PER_TURN: usize = 256;

/// A query on its way to a socket.
pub(crate) struct Start {
    index: u32,
    plan: Plan,
    /// When it started: its budget counts from there.
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

pub struct Scheduler<S> {
    sockets: S,
    /// The time the driver last gave.
    now: Millis,
    /// Ping payloads.
    rng: Rng,
    /// Items not started yet, by index.
    items: HashMap<u32, Item>,
    queue: VecDeque<u32>,
    /// Items without a result yet.
    live: HashSet<u32>,
    /// Single calls share this scheduler: one is not kept waiting behind another's
    /// query to the same server.
    single_calls: bool,
    concurrency: usize,
    in_flight: usize,
    jobs: Vec<Option<Job>>,
    free: Vec<usize>,
    routes: HashMap<(usize, SocketAddr), usize>,
    /// Game items with several candidate ports, by item.
    groups: HashMap<u32, Group>,
    /// Queries waiting for a socket whose pair with their server is free.
    blocked: HashMap<SocketAddr, VecDeque<Start>>,
    /// Queries waiting for their host's address, by lookup.
    lookups: HashMap<u64, Vec<Start>>,
    next_lookup: u64,
    timers: Timers,
    /// Requests sent and not answered yet, over every live query.
    outstanding: usize,
    /// Transmits handed out so far.
    transmitted: u64,
    /// The last [`Scheduler::start_queued`] stopped at its share with items still to
    /// start: the driver comes back at once, not at the next datagram or deadline.
    more: bool,
    transmits: VecDeque<Transmit>,
    events: VecDeque<Event>,
}

impl<S: Sockets> Scheduler<S> {
    /// `items` run in order, at most `concurrency` at once (0: no limit); `single_calls`:
    /// see the field. `seed` makes the ping payloads.
    pub fn new(sockets: S, items: Vec<Item>, concurrency: usize, single_calls: bool, seed: u64) -> Self {
        let n = items.len() as u32;
        Self {
            sockets,
            now: 0.0,
            rng: Rng::new(seed),
            items: (0..n).zip(items).collect(),
            queue: (0..n).collect(),
            live: (0..n).collect(),
            single_calls,
            concurrency: if concurrency == 0 { usize::MAX } else { concurrency },
            in_flight: 0,
            jobs: Vec::new(),
            free: Vec::new(),
            routes: HashMap::new(),
            groups: HashMap::new(),
            blocked: HashMap::new(),
            lookups: HashMap::new(),
            next_lookup: 0,
            timers: Timers::default(),
            outstanding: 0,
            transmitted: 0,
            more: false,
            transmits: VecDeque::new(),
            events: VecDeque::new(),
        }
    }

    pub fn sockets(&self) -> &S {
        &self.sockets
    }

    pub fn sockets_mut(&mut self) -> &mut S {
        &mut self.sockets
    }

    /// Items without a result yet.
    pub fn live(&self) -> usize {
        self.live.len()
    }

    /// Requests sent and not answered yet.
    pub fn outstanding(&self) -> usize {
        self.outstanding
    }

    pub fn poll_transmit(&mut self) -> Option<Transmit> {
        self.transmits.pop_front()
    }

    pub fn poll_event(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    /// When the earliest deadline falls (it may be one since dropped: waking early is
    /// harmless), or now when more items wait to start.
    pub fn poll_timeout(&self) -> Option<Millis> {
        if self.more {
            return Some(self.now);
        }
        self.timers.next()
    }

    /// Whether a live query's deadline has passed at `now` (stale entries are dropped):
    /// the driver then reads every socket first, so no reply already there is taken for
    /// a timeout.
    pub fn timer_due(&mut self, now: Millis) -> bool {
        let jobs = &self.jobs;
        self.timers
            .due_at(now, |slot, generation| live_at(jobs, slot, generation))
    }

    /// A datagram from `from` on socket `socket`; `false` when no query waits for one
    /// from there (it is dropped).
    pub fn handle_datagram(&mut self, now: Millis, socket: usize, from: SocketAddr, bytes: &[u8]) -> bool {
        let Some(&slot) = self.routes.get(&(socket, normalize(from))) else {
            return false;
        };
        self.now = now;
        let job = self.jobs[slot].as_mut().expect("routed job");
        if job.received < job.sent {
            job.received += 1;
            self.outstanding = self.outstanding.saturating_sub(1);
        }
        // A bug of ours reading this reply (a panic) ends this query alone.
        let read = crate::internal::contain("query", || {
            crate::internal::checkpoint("query");
            job.query.handle_input(now - job.start.origin, bytes);
            Ok(())
        });
        match read {
            Ok(()) => self.service(slot),
            Err(e) => self.end(slot, Err(e)),
        }
        true
    }

    /// Socket `socket` sent to `to`, which answered "port unreachable".
    pub fn handle_refused(&mut self, now: Millis, socket: usize, to: SocketAddr) {
        self.handle_failed(now, socket, to, port_closed(to.port(), "udp"));
    }

    /// Socket `socket`'s pair with `to` failed (a host's connected socket that could not
    /// open): its query ends with `e`.
    pub fn handle_failed(&mut self, now: Millis, socket: usize, to: SocketAddr, e: Error) {
        self.now = now;
        if let Some(&slot) = self.routes.get(&(socket, normalize(to))) {
            self.end(slot, Err(e));
        }
    }

    /// Fires every deadline due at `now`.
    pub fn handle_timeout(&mut self, now: Millis) {
        self.now = now;
        // Taken off the heap before any fires: a query that sets a new deadline already
        // due waits for the next call instead of spinning this one.
        for (slot, generation) in self.timers.take_due(now) {
            let Some(job) = self.jobs.get_mut(slot).and_then(Option::as_mut) else {
                continue;
            };
            if job.generation != generation {
                continue;
            }
            // The heap keys whole microseconds: the query is told the time its own
            // deadline names at least, or it would not see it passed.
            let at = (now - job.start.origin).max(job.deadline.take().unwrap_or(f64::MIN));
            job.query.handle_timeout(at);
            self.service(slot);
        }
    }

    /// Starts queued items while fewer than `concurrency` run, the requests unanswered
    /// fit the sockets' window, and `room()` (the driver's results are taken) says so.
    pub fn start_queued(&mut self, now: Millis, mut room: impl FnMut() -> bool) {
        self.now = now;
        let mut started = 0;
        while started < STARTS_PER_TURN
            && self.in_flight < self.concurrency
            && (self.outstanding < self.sockets.window() || self.sockets.window() == 0)
            && room()
        {
            let Some(index) = self.queue.pop_front() else { break };
            if !self.items.contains_key(&index) {
                continue;
            }
            started += 1;
            self.in_flight += 1;
            self.start_item(index);
        }
        self.more = started == STARTS_PER_TURN && !self.queue.is_empty();
    }

    /// The address of lookup `id`'s host, or why there is none.
    pub fn handle_resolved(&mut self, now: Millis, id: u64, addr: Result<SocketAddr>) {
        self.now = now;
        let Some(starts) = self.lookups.remove(&id) else { return };
        for start in starts {
            match &addr {
                Ok(addr) => {
                    let port = start.port;
                    self.launch(start, SocketAddr::new(addr.ip(), port));
                }
                Err(e) => self.conclude(start, None, Err(e.clone())),
            }
        }
    }

    /// What the host's lookup for `id` found (addresses, or what its resolver said), as a
    /// single call takes it.
    pub fn handle_found(&mut self, now: Millis, id: u64, found: std::result::Result<Vec<IpAddr>, String>) {
        let Some(first) = self.lookups.get(&id).and_then(|starts| starts.first()) else {
            return;
        };
        let (host, family) = (first.host.clone(), first.plan.common().family);
        let addr = crate::call::address_of(&host, family, found).map(|ip| SocketAddr::new(ip, 0));
        self.handle_resolved(now, id, addr);
    }

    /// An item run as a call of its own ([`Event::Alone`]) ended; `true` when its result
    /// is still wanted (it was not aborted meanwhile), for the driver to deliver.
    pub fn ended_alone(&mut self, index: u32) -> bool {
        let live = self.live.contains(&index);
        if live {
            self.settle(index);
        }
        live
    }

    /// A query of a single call, queued to start like an item (`index` is the caller's).
    pub fn submit(&mut self, index: u32, item: Item) {
        self.items.insert(index, item);
        self.live.insert(index);
        self.queue.push_back(index);
    }

    /// Its caller gave up: its queries stop and it ends as aborted; `false` when it had
    /// ended already.
    pub fn abort(&mut self, index: u32) -> bool {
        if !self.live.contains(&index) {
            return false;
        }
        self.items.remove(&index);
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
        true
    }

    /// Every item without a result, in order, taken off (the whole run was aborted).
    pub fn abort_all(&mut self) -> Vec<u32> {
        let mut live: Vec<u32> = self.live.drain().collect();
        live.sort_unstable();
        live
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
                    origin: self.now,
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

    /// On sockets at once for an IP address, else after one lookup of the name (one for
    /// a game's candidates: one server, whatever round-robin DNS would say next).
    fn place(&mut self, starts: Vec<Start>, host: String) {
        let family = starts[0].plan.common().family;
        match host.parse::<IpAddr>() {
            Ok(ip) if !crate::call::family_matches(family, &ip) => {
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
                let (id, port) = (self.next_lookup, starts[0].port);
                let end = starts[0].origin + starts[0].plan.common().timeout_ms;
                self.next_lookup += 1;
                self.lookups.insert(id, starts);
                self.events.push_back(Event::Lookup {
                    id,
                    host,
                    port,
                    family,
                    end,
                });
            }
        }
    }

    fn run_alone(&mut self, index: u32, item: Item) {
        self.events.push_back(Event::Alone { index, item });
    }

    /// For single calls: whether a query of `host` on `ports` would wait for a socket
    /// whose pair with the server is free. A single call is not kept waiting behind others
    /// to the same server: it runs as a call of its own instead. (A name is looked up
    /// first, and then waits, as a `queryMany` item does.)
    fn busy(&mut self, host: &str, ports: &[u16]) -> bool {
        let Some(ip) = Some(host)
            .filter(|_| self.single_calls)
            .and_then(|h| h.parse::<IpAddr>().ok())
        else {
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
        let n = ids.len();
        let Some(socket) = (0..n)
            .map(|k| ids.start + (start.index as usize + k) % n)
            .find(|id| !self.routes.contains_key(&(*id, addr)))
        else {
            self.blocked.entry(addr).or_default().push_back(start);
            return true;
        };
        let mut start = start;
        let query = match start.plan.start(addr, self.now - start.origin, &mut self.rng) {
            Ok(query) => query,
            Err(e) => {
                self.conclude(start, Some(addr), Err(e));
                return false;
            }
        };
        let (index, member) = (start.index, start.game);
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
        if let (Some(member), Some(group)) = (member, self.groups.get_mut(&index)) {
            group.slots[member.k] = Some(slot);
        }
        self.service(slot);
        true
    }

    /// After any event on a query: send what it wants sent, finish it, or re-arm its timer.
    fn service(&mut self, slot: usize) {
        let job = self.jobs[slot].as_mut().expect("live job");
        while let Some(payload) = job.query.poll_transmit() {
            job.sent += 1;
            self.outstanding += 1;
            self.transmitted += 1;
            self.transmits.push_back(Transmit {
                socket: job.socket,
                to: job.addr,
                payload,
            });
        }
        if let Some(result) = job.query.poll_result() {
            return self.end(slot, result);
        }
        let deadline = job.query.poll_timeout();
        if deadline != job.deadline {
            job.deadline = deadline;
            job.generation = self.timers.stamp();
            if let Some(d) = deadline {
                self.timers.push(d + job.start.origin, slot, job.generation);
            }
        }
    }

    /// Takes a query off its socket with its result, and starts the next one waiting for
    /// that pair.
    fn end(&mut self, slot: usize, result: Result<Outcome>) {
        let job = self.release(slot);
        self.conclude(job.start, Some(job.addr), result);
        self.unblock(job.addr);
    }

    /// Takes a query off its slot and its socket.
    fn release(&mut self, slot: usize) -> Job {
        let job = self.jobs[slot].take().expect("live job");
        self.free.push(slot);
        self.routes.remove(&(job.socket, job.addr));
        self.sockets.released(job.socket, job.addr, self.transmitted);
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

    /// A query's result, as its item's: the status settled, or the error; for a game's
    /// candidate, the first status wins (the others stop) and the error waits until every
    /// candidate failed.
    fn conclude(&mut self, start: Start, addr: Option<SocketAddr>, result: Result<Outcome>) {
        let index = start.index;
        if !self.live.contains(&index) {
            return;
        }
        match result {
            Ok(mut outcome) => {
                let answered = match &outcome {
                    Outcome::Status(s) => s.port(),
                    Outcome::Lines(_) => 0,
                };
                outcome.settle(&start.host, start.game.map(|m| m.matched(answered)));
                self.events.push_back(Event::Done {
                    index,
                    result: Ok(outcome),
                });
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

    fn fail(&mut self, index: u32, e: Error) {
        self.events.push_back(Event::Done { index, result: Err(e) });
        self.settle(index);
    }

    /// An item has its result: it leaves the live ones.
    fn settle(&mut self, index: u32) {
        if self.live.remove(&index) {
            self.in_flight -= 1;
        }
    }
}

fn live_at(jobs: &[Option<Job>], slot: usize, generation: u64) -> bool {
    jobs.get(slot)
        .and_then(Option::as_ref)
        .is_some_and(|j| j.generation == generation)
}

// Its tests run Mumble's pings (a UDP protocol with a responder, and small).
#[cfg(all(test, feature = "mumble"))]
mod tests;
