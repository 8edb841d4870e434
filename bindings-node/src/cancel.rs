//! AbortSignal support: JS picks an id per call and calls `abort(id)` on 'abort'. The
//! call registers inside its future, which may run after an early `abort(id)`: so an
//! abort for an unknown id leaves a cancelled token for the call to find.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use gamequery_core::net::CancellationToken;

static TOKENS: LazyLock<Mutex<HashMap<u32, CancellationToken>>> = LazyLock::new(Default::default);

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

pub fn abort(id: u32) {
    let mut tokens = TOKENS.lock().expect("cancel table");
    if tokens.len() >= MAX_TOKENS {
        tokens.retain(|_, t| !t.is_cancelled());
    }
    tokens.entry(id).or_default().cancel();
}
