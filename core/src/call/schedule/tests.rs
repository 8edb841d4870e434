//! The scheduler on a virtual clock, against our Mumble responder in the same thread: no
//! sockets, no runtime, every datagram passed by hand — reordered, duplicated, late, or
//! from another port.

use super::*;
use crate::serve::Server;
use crate::spec::Reply;
use serde_json::json;
use std::ops::Range;

/// Eight sockets per family, as the native driver has, and a window.
struct Fake {
    window: usize,
}

impl Sockets for Fake {
    fn ids_for(&mut self, addr: SocketAddr) -> Result<Range<usize>> {
        Ok(if addr.is_ipv4() { 0..8 } else { 8..16 })
    }

    fn window(&self) -> usize {
        self.window
    }
}

const STATE: &str = r#"{"version":"1.5.634","users":12,"maxUsers":50,"bandwidth":72000}"#;

fn responder() -> Server {
    let options = json!({ "rateLimit": { "burst": 1_000_000, "perSecond": 1_000_000 } });
    Server::new("mumble", STATE, options, false, 7, [7; 32]).unwrap().0
}

/// `n` Mumble queries, item `k` to 127.0.0.1 at port 20000 + k % `servers`.
fn items(n: u32, servers: u32, timeout: u32) -> Vec<Item> {
    (0..n)
        .map(|k| Item {
            protocol: "mumble".into(),
            target: json!(format!("127.0.0.1:{}", 20_000 + k % servers)),
            options: json!({ "timeout": timeout, "retries": 0 }),
        })
        .collect()
}

/// A reply on its way back: the socket it goes to, where it comes from, its bytes.
type Datagram = (usize, SocketAddr, Vec<u8>);

/// Runs `scheduler` to the end, 1 ms a turn: each turn's requests answered by `server`,
/// the replies handed through `network` (which may reorder, copy, hold or readdress them)
/// before they are read. The results by item, and whether any came twice.
fn run(
    scheduler: &mut Scheduler<Fake>,
    server: &mut Server,
    mut network: impl FnMut(Millis, Vec<Datagram>) -> Vec<Datagram>,
) -> HashMap<u32, Result<Outcome>> {
    let mut results = HashMap::new();
    let mut now = 0.0;
    let mut most_outstanding = 0;
    while scheduler.live() > 0 {
        assert!(now < 600_000.0, "the run ends");
        scheduler.start_queued(now, || true);
        most_outstanding = most_outstanding.max(scheduler.outstanding());
        let mut replies = Vec::new();
        while let Some(t) = scheduler.poll_transmit() {
            let from = SocketAddr::new([127, 0, 0, 1].into(), 40_000 + t.socket as u16);
            if let Reply::Send(datagrams) = server.handle_datagram(now as u64, from, &t.payload) {
                replies.extend(datagrams.into_iter().map(|d| (t.socket, t.to, d)));
            }
        }
        for (socket, from, bytes) in network(now, replies) {
            scheduler.handle_datagram(now, socket, from, &bytes);
        }
        now += 1.0;
        scheduler.handle_timeout(now);
        while let Some(event) = scheduler.poll_event() {
            match event {
                Event::Done { index, result } => {
                    assert!(results.insert(index, result).is_none(), "item {index}: one result");
                }
                other => panic!("no lookups or calls of their own here: {other:?}"),
            }
        }
    }
    let window = scheduler.sockets().window;
    assert!(
        window == 0 || most_outstanding <= window,
        "{most_outstanding} unanswered, window {window}"
    );
    results
}

fn users(result: &Result<Outcome>) -> Option<u32> {
    let status = result
        .as_ref()
        .ok()?
        .as_status::<crate::mumble::unified::MumbleQueryResult>()?;
    Some(status.players.online)
}

fn code(result: &Result<Outcome>) -> Option<crate::error::ErrorCode> {
    result.as_ref().err().map(|e| e.code)
}

#[test]
fn a_hundred_thousand_items_each_answered_once_within_the_window() {
    let mut scheduler = Scheduler::new(Fake { window: 2048 }, items(100_000, 500, 1000), 0, false, 1);
    let results = run(&mut scheduler, &mut responder(), |_, replies| replies);
    assert_eq!(results.len(), 100_000);
    assert!(results.values().all(|r| users(r) == Some(12)), "every one answered");
    // Nothing left behind: every slot free, every route gone.
    assert!(scheduler.routes.is_empty() && scheduler.blocked.is_empty());
    assert_eq!(scheduler.outstanding(), 0);
    assert!(scheduler.jobs.len() <= 2048 + 8, "{} slots", scheduler.jobs.len());
}

#[test]
fn replies_in_reverse_order_reach_their_own_queries() {
    let mut scheduler = Scheduler::new(Fake { window: 0 }, items(300, 300, 1000), 0, false, 2);
    let results = run(&mut scheduler, &mut responder(), |_, mut replies| {
        replies.reverse();
        replies
    });
    assert_eq!(results.len(), 300);
    assert!(results.values().all(|r| users(r) == Some(12)));
}

#[test]
fn a_duplicated_reply_ends_its_query_once() {
    let mut scheduler = Scheduler::new(Fake { window: 0 }, items(50, 50, 1000), 0, false, 3);
    let results = run(&mut scheduler, &mut responder(), |_, replies| {
        replies.iter().flat_map(|r| [r.clone(), r.clone()]).collect()
    });
    assert_eq!(results.len(), 50);
    assert!(results.values().all(|r| users(r) == Some(12)));
    assert_eq!(scheduler.outstanding(), 0);
}

#[test]
fn a_reply_after_the_deadline_is_a_timeout_and_then_dropped() {
    let mut scheduler = Scheduler::new(Fake { window: 0 }, items(20, 20, 200), 0, false, 4);
    let mut held: Vec<(Millis, Datagram)> = Vec::new();
    let mut late_routed = 0;
    let results = run(&mut scheduler, &mut responder(), |now, replies| {
        held.extend(replies.into_iter().map(|r| (now, r)));
        // Each reply arrives 250 ms after its request, past the 200 ms budget.
        let (due, later): (Vec<_>, Vec<_>) = held.drain(..).partition(|(at, _)| now - at >= 250.0);
        held = later;
        late_routed += due.len();
        due.into_iter().map(|(_, r)| r).collect()
    });
    assert_eq!(results.len(), 20);
    assert!(results
        .values()
        .all(|r| code(r) == Some(crate::error::ErrorCode::Timeout)));
    assert_eq!(late_routed, 0, "the run ended before any late reply came");
    // The late replies come now: no query waits for them.
    let late = SocketAddr::new([127, 0, 0, 1].into(), 20_000);
    assert!(!scheduler.handle_datagram(1000.0, 0, late, &[0; 24]));
    assert!(scheduler.poll_event().is_none());
}

#[test]
fn a_reply_from_another_port_is_not_taken_for_the_servers() {
    let mut scheduler = Scheduler::new(Fake { window: 0 }, items(10, 10, 100), 0, false, 5);
    let results = run(&mut scheduler, &mut responder(), |_, replies| {
        replies
            .into_iter()
            .map(|(socket, from, bytes)| (socket, SocketAddr::new(from.ip(), from.port() + 1000), bytes))
            .collect()
    });
    assert_eq!(results.len(), 10);
    assert!(results
        .values()
        .all(|r| code(r) == Some(crate::error::ErrorCode::Timeout)));
}

#[test]
fn queries_to_one_server_wait_for_a_free_socket_pair() {
    // 40 items, one server, eight sockets: eight at a time, each of the rest on its turn.
    let mut scheduler = Scheduler::new(Fake { window: 0 }, items(40, 1, 1000), 0, false, 6);
    scheduler.start_queued(0.0, || true);
    assert_eq!(scheduler.routes.len(), 8);
    assert_eq!(scheduler.blocked.values().map(VecDeque::len).sum::<usize>(), 32);
    let results = run(&mut scheduler, &mut responder(), |_, replies| replies);
    assert!(results.values().all(|r| users(r) == Some(12)) && results.len() == 40);
}

/// The heap keys whole microseconds: a deadline a fraction of one ahead of the clock is
/// due by its key but not by the query's own clock. Firing it must still end the call (it
/// spun forever when the query, told a time before its deadline, set the same deadline
/// again) and must time the query out.
#[test]
#[cfg(feature = "samp")]
fn a_deadline_due_by_its_key_alone_fires_once() {
    let mut items = items(1, 1, 1000);
    items[0].protocol = "samp".into();
    let mut scheduler = Scheduler::new(Fake { window: 0 }, items, 0, false, 7);
    // Started between two whole microseconds, as a real clock's reading is.
    scheduler.start_queued(0.123_456_7, || true);
    let job = scheduler.jobs[0].as_ref().expect("the query runs");
    let due = job.start.origin + job.deadline.expect("a deadline");
    let heap_key = timers::key(scheduler.poll_timeout().expect("its timer"));
    // The earliest clock reading the key calls due: before the deadline itself.
    let before = (heap_key as f64 + 1e-6) / 1000.0;
    assert!(before < due && timers::key(before) == heap_key, "the case under test");
    scheduler.handle_timeout(before);
    assert!(scheduler.jobs[0].is_none());
    let Some(Event::Done { result, .. }) = scheduler.poll_event() else {
        panic!("a result")
    };
    assert_eq!(code(&result), Some(crate::error::ErrorCode::Timeout));
}

#[test]
fn a_host_name_is_looked_up_once_for_its_queries() {
    let mut items = items(1, 1, 1000);
    items[0].target = json!("mumble.invalid:64738");
    let mut scheduler = Scheduler::new(Fake { window: 0 }, items, 0, false, 8);
    scheduler.start_queued(0.0, || true);
    let Some(Event::Lookup { id, host, port, .. }) = scheduler.poll_event() else {
        panic!("a lookup")
    };
    assert_eq!((host.as_str(), port), ("mumble.invalid", 64738));
    scheduler.handle_resolved(1.0, id, Ok("127.0.0.1:64738".parse().unwrap()));
    let t = scheduler.poll_transmit().expect("the ping, once the address is known");
    assert_eq!(t.to, "127.0.0.1:64738".parse().unwrap());
}

/// A call of [`Scheduler::start_queued`] starts 256 at most; with more left, the driver is
/// told to come back at once (items run as calls of their own send nothing that would
/// wake it, and their first deadline was all that did).
#[test]
fn a_turn_that_starts_its_share_asks_to_be_called_again_at_once() {
    let mut scheduler = Scheduler::new(Fake { window: 0 }, items(300, 300, 1000), 0, false, 9);
    scheduler.start_queued(5.0, || true);
    assert_eq!(scheduler.routes.len(), 256);
    assert_eq!(scheduler.poll_timeout(), Some(5.0));
    scheduler.start_queued(5.0, || true);
    assert_eq!(scheduler.routes.len(), 300);
    assert!(scheduler.poll_timeout().unwrap() > 5.0, "then the first deadline");
}
