//! Central lists held between queries. A list (BeamMP's, Minetest's, Vintage Story's …)
//! answers about every server in it, so the body a query fetched answers the queries after
//! it — the other items of a `queryMany`, a bot's next `query()` — while it is younger than
//! their `maxAge` (default [`MAX_AGE`]); a query that finds the list being fetched by
//! another waits for that fetch instead of starting its own. A plan that reads such a list
//! holds a [`Listing`]: asked before the call connects ([`Listing::look`]), and given what
//! the fetch read ([`Keep::keep`]).
//!
//! Time here is the engine's, not a call's (each call's clock starts at 0): the driver
//! passes its clock in once ([`use_clock`]; rustls's `TimeProvider` in the same spirit).
//! Without one (Rust tests, fuzzing) nothing is held and every query fetches.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};

use crate::error::Result;
use crate::exchange::Millis;
use crate::spec::{Listed, Outcome, Start};
use crate::tls::Tls;

/// How old a list may be and still answer, unless the query's `maxAge` says otherwise:
/// the lists are rebuilt from servers' heartbeats every 30–60 s, so an answer this old is
/// about as current as the list itself.
pub const MAX_AGE: Millis = 30_000.0;
/// The longest `maxAge` a query may give: a list is held no longer than this.
pub const MAX_AGE_LIMIT: Millis = 3_600_000.0;
/// The lists' bodies held at most, in bytes: past it the oldest are let go. ARK's unofficial
/// list is ~50 MB; no list is held that is larger than this alone.
pub const MAX_HELD: usize = 192 << 20;
/// How often a query waiting for another's fetch of its list looks again.
pub const WAIT_TICK: Millis = 20.0;

/// The engine's clock: milliseconds on a clock that does not go back (`None`: no clock on
/// this thread, nothing held).
pub type Clock = fn() -> Option<Millis>;

static CLOCK: Mutex<Option<Clock>> = Mutex::new(None);

/// The driver's clock, for the lists' ages (set again: the newest is used).
pub fn use_clock(clock: Clock) {
    *locked(&CLOCK) = Some(clock);
}

fn now() -> Option<Millis> {
    (*locked(&CLOCK)).and_then(|clock| clock())
}

/// A poisoned lock (a panic elsewhere while it was held) still holds a consistent map:
/// every change to it is one statement.
fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[derive(Debug)]
enum Held {
    Fetched {
        at: Millis,
        /// Let go after this, whoever asks.
        until: Millis,
        body: Arc<[u8]>,
        latency_ms: f64,
    },
    /// A query is fetching it (its `ticket`) and gives up by `until`.
    Fetching { ticket: u64, until: Millis },
}

#[derive(Debug, Default)]
struct Lists {
    held: HashMap<String, Held>,
    /// The bodies' bytes.
    bytes: usize,
    tickets: u64,
}

static LISTS: LazyLock<Mutex<Lists>> = LazyLock::new(Mutex::default);

/// What a query does about its list.
#[derive(Debug)]
pub enum Look {
    /// A copy young enough: its body and the latency of the fetch that got it.
    Fresh(Arc<[u8]>, f64),
    /// Another query is fetching it: look again in [`WAIT_TICK`].
    Wait,
    /// Fetch it; the ticket (none where nothing is held) tells the others to wait, and lets
    /// them go when dropped without a [`put`].
    Fetch(Option<Ticket>),
}

/// A query's claim on fetching a list.
#[derive(Debug)]
pub struct Ticket {
    key: String,
    id: u64,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut lists = locked(&LISTS);
        if matches!(lists.held.get(&self.key), Some(Held::Fetching { ticket, .. }) if *ticket == self.id) {
            lists.held.remove(&self.key);
        }
    }
}

/// The list `key` (its URL, and how its server is checked) for a query that takes copies up
/// to `max_age` old (0: none) and has `left` of its deadline.
pub fn look(key: &str, max_age: Millis, left: Millis) -> Look {
    let Some(now) = now().filter(|_| max_age > 0.0) else {
        return Look::Fetch(None);
    };
    let mut lists = locked(&LISTS);
    lists.let_go(now);
    match lists.held.get(key) {
        Some(Held::Fetched {
            at, body, latency_ms, ..
        }) if now - at <= max_age => return Look::Fresh(body.clone(), *latency_ms),
        Some(Held::Fetching { until, .. }) if now < *until => return Look::Wait,
        _ => {}
    }
    lists.tickets += 1;
    let id = lists.tickets;
    lists.forget(key);
    lists.held.insert(
        key.to_string(),
        Held::Fetching {
            ticket: id,
            until: now + left.max(0.0),
        },
    );
    Look::Fetch(Some(Ticket {
        key: key.to_string(),
        id,
    }))
}

/// The list `key` as just fetched, held for `max_age` (the fetching query's).
pub fn put(key: &str, body: &[u8], latency_ms: f64, max_age: Millis) {
    let Some(now) = now().filter(|_| max_age > 0.0 && body.len() <= MAX_HELD) else {
        return;
    };
    let mut lists = locked(&LISTS);
    lists.let_go(now);
    lists.forget(key);
    lists.bytes += body.len();
    lists.held.insert(
        key.to_string(),
        Held::Fetched {
            at: now,
            until: now + max_age.min(MAX_AGE_LIMIT),
            body: Arc::from(body),
            latency_ms,
        },
    );
    while lists.bytes > MAX_HELD {
        let oldest = lists
            .held
            .iter()
            .filter_map(|(k, h)| match h {
                Held::Fetched { at, .. } => Some((*at, k.clone())),
                Held::Fetching { .. } => None,
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        match oldest {
            Some((_, k)) => lists.forget(&k),
            None => break,
        }
    }
}

impl Lists {
    /// Lets go of what is past its time: bodies no query may take any more, fetches given up.
    fn let_go(&mut self, now: Millis) {
        let mut freed = 0;
        self.held.retain(|_, h| {
            let (until, size) = match h {
                Held::Fetched { until, body, .. } => (*until, body.len()),
                Held::Fetching { until, .. } => (*until, 0),
            };
            let keep = now <= until;
            if !keep {
                freed += size;
            }
            keep
        });
        self.bytes -= freed;
    }

    fn forget(&mut self, key: &str) {
        if let Some(Held::Fetched { body, .. }) = self.held.remove(key) {
            self.bytes -= body.len();
        }
    }
}

/// A plan's side of the central list it reads: which list (its URL, and how its certificate
/// is checked: a copy fetched without checks does not answer a query that checks), how old
/// a copy may be, and the claim on the fetch once this query has it.
#[derive(Debug)]
pub struct Listing {
    key: String,
    max_age: Millis,
    ticket: Option<Ticket>,
}

impl Listing {
    /// The list at `url`, over `tls`; none where `max_age` is 0 (always fetched).
    pub fn at(url: &str, tls: Option<&Tls>, max_age: Millis) -> Option<Self> {
        (max_age > 0.0).then(|| Self {
            key: format!("{url} {tls:?}"),
            max_age,
            ticket: None,
        })
    }

    /// Before the call connects ([`crate::spec::QueryPlan::listed`]): the answer `read` makes
    /// of a copy young enough, or a wait for the fetch under way; `None`: fetch it (this
    /// query holding the claim).
    pub fn look(&mut self, at: &Start<'_>, read: impl FnOnce(&[u8], f64) -> Result<Outcome>) -> Option<Listed> {
        match look(&self.key, self.max_age, at.budget.end - at.now) {
            Look::Fresh(body, latency_ms) => Some(Listed::Answer(read(&body, latency_ms))),
            Look::Wait => Some(Listed::Wait),
            Look::Fetch(ticket) => {
                self.ticket = ticket;
                None
            }
        }
    }

    /// For the fetch's reader: keeps the list once read; the claim goes with it (dropped
    /// unread, it lets those waiting fetch).
    pub fn keeper(&mut self) -> Keep {
        Keep {
            key: self.key.clone(),
            max_age: self.max_age,
            _claim: self.ticket.take(),
        }
    }
}

/// What a fetch of a list keeps it with ([`Listing::keeper`]).
#[derive(Debug)]
pub struct Keep {
    key: String,
    max_age: Millis,
    _claim: Option<Ticket>,
}

impl Keep {
    /// The list as fetched (a 2xx reply's body), for the queries after this one.
    pub fn keep(self, body: &[u8], latency_ms: f64) {
        put(&self.key, body, latency_ms, self.max_age);
    }
}

/// The lists are the engine's, and tests in this process share them: each test's keys are
/// its own, and its clock a virtual one of its thread (a test runs on a thread of its own).
#[cfg(test)]
pub(crate) mod virtual_clock {
    use std::cell::Cell;

    use crate::exchange::Millis;

    thread_local! {
        static NOW: Cell<Option<Millis>> = const { Cell::new(None) };
    }

    fn now() -> Option<Millis> {
        NOW.with(Cell::get)
    }

    /// Uses this thread's virtual clock (other threads have none), moved `by` milliseconds.
    pub fn advance(by: Millis) {
        super::use_clock(now);
        NOW.with(|n| n.set(Some(n.get().unwrap_or(0.0) + by)));
    }
}

#[cfg(test)]
mod tests {
    use super::virtual_clock::advance;
    use super::*;

    fn fresh(look: Look) -> Vec<u8> {
        match look {
            Look::Fresh(body, _) => body.to_vec(),
            other => panic!("not fresh: {other:?}"),
        }
    }

    #[test]
    fn one_fetch_answers_the_queries_after_it_while_young_enough() {
        advance(1.0);
        let key = "test:young";
        let Look::Fetch(Some(ticket)) = look(key, MAX_AGE, 5_000.0) else {
            panic!("the first query fetches")
        };
        assert!(
            matches!(look(key, MAX_AGE, 5_000.0), Look::Wait),
            "the others wait for it"
        );
        put(key, b"[1,2]", 12.5, MAX_AGE);
        drop(ticket);
        assert_eq!(fresh(look(key, MAX_AGE, 5_000.0)), b"[1,2]");
        advance(10_000.0);
        assert!(
            matches!(look(key, 5_000.0, 5_000.0), Look::Fetch(Some(_))),
            "too old for this query"
        );
    }

    #[test]
    fn a_fetch_given_up_lets_the_waiting_fetch() {
        advance(1.0);
        let key = "test:given-up";
        let Look::Fetch(Some(ticket)) = look(key, MAX_AGE, 5_000.0) else {
            panic!("the first query fetches")
        };
        drop(ticket);
        assert!(matches!(look(key, MAX_AGE, 5_000.0), Look::Fetch(Some(_))));
        // A fetcher that vanished without dropping its ticket is given up at its deadline.
        let key = "test:vanished";
        std::mem::forget(look(key, MAX_AGE, 100.0));
        assert!(matches!(look(key, MAX_AGE, 100.0), Look::Wait));
        advance(101.0);
        assert!(matches!(look(key, MAX_AGE, 100.0), Look::Fetch(Some(_))));
    }

    #[test]
    fn no_max_age_is_no_copy() {
        advance(1.0);
        let key = "test:no-age";
        put(key, b"[]", 1.0, MAX_AGE);
        assert!(matches!(look(key, 0.0, 5_000.0), Look::Fetch(None)));
        put("test:no-age-put", b"[]", 1.0, 0.0);
        assert!(matches!(
            look("test:no-age-put", MAX_AGE, 5_000.0),
            Look::Fetch(Some(_))
        ));
    }
}
