//! AbortSignal support: JS picks an id per call and calls `abort(id)` on 'abort'. The
//! call registers inside its future, which may run after an early `abort(id)`: so an
//! abort for an unknown id leaves a cancelled token for the call to find.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{LazyLock, Mutex};

use gamequery_core::net::{CancellationToken, Ticket};

static TOKENS: LazyLock<Mutex<HashMap<u32, CancellationToken>>> = LazyLock::new(Default::default);
/// Queries on the shared engine (`single.rs`), by id, until they end. Submitted before an
/// abort can come (synchronously), so an unknown id here is one that ended.
static TICKETS: LazyLock<Mutex<HashMap<u32, Ticket>>> = LazyLock::new(Default::default);

/// Bounds the tokens left by aborts whose call had already finished.
const MAX_TOKENS: usize = 4096;

pub fn register(id: Option<u32>) -> CancellationToken {
    let Some(id) = id else { return CancellationToken::new() };
    TOKENS.lock().expect("cancel table").entry(id).or_default().clone()
}

pub fn release(id: Option<u32>) {
    if let Some(id) = id {
        TOKENS.lock().expect("cancel table").remove(&id);
    }
}

/// Keeps `ticket` for `abort(id)`, unless its query `ended` already: both under the lock
/// [`forget`] takes, so an ended query never leaves its ticket behind.
pub fn hold(id: u32, ticket: Ticket, ended: &AtomicBool) {
    let mut tickets = TICKETS.lock().expect("ticket table");
    if !ended.load(Ordering::Relaxed) {
        tickets.insert(id, ticket);
    }
}

/// The query under `id` ended.
pub fn forget(id: u32, ended: &AtomicBool) {
    let mut tickets = TICKETS.lock().expect("ticket table");
    ended.store(true, Ordering::Relaxed);
    tickets.remove(&id);
}

pub fn abort(id: u32) {
    if let Some(ticket) = TICKETS.lock().expect("ticket table").get(&id) {
        return ticket.abort();
    }
    let mut tokens = TOKENS.lock().expect("cancel table");
    if tokens.len() >= MAX_TOKENS {
        tokens.retain(|_, t| !t.is_cancelled());
    }
    tokens.entry(id).or_default().cancel();
}
