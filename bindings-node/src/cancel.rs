//! AbortSignal support: JS picks an id per call and calls `abort(id)` on 'abort'.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use gamequery_core::net::CancellationToken;

static TOKENS: LazyLock<Mutex<HashMap<u32, CancellationToken>>> = LazyLock::new(Default::default);

pub fn register(id: Option<u32>) -> CancellationToken {
    let token = CancellationToken::new();
    if let Some(id) = id {
        TOKENS.lock().expect("cancel table").insert(id, token.clone());
    }
    token
}

pub fn release(id: Option<u32>) {
    if let Some(id) = id {
        TOKENS.lock().expect("cancel table").remove(&id);
    }
}

pub fn abort(id: u32) {
    if let Some(token) = TOKENS.lock().expect("cancel table").remove(&id) {
        token.cancel();
    }
}
