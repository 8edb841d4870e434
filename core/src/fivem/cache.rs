//! `/info.json` kept per server while its `iv` stays the same (FXServer changes `iv` with
//! the info's content): a bot asking every minute fetches it once, not every time. A
//! process-wide table of the last [`CAPACITY`] servers asked, the oldest dropped first.

use std::collections::VecDeque;
use std::sync::Mutex;

use super::endpoints::FivemInfo;

pub const CAPACITY: usize = 256;

static CACHE: Mutex<VecDeque<(String, i64, FivemInfo)>> = Mutex::new(VecDeque::new());

fn table() -> std::sync::MutexGuard<'static, VecDeque<(String, i64, FivemInfo)>> {
    CACHE.lock().unwrap_or_else(|e| e.into_inner())
}

/// The info kept for `server` and its `iv`.
pub fn get(server: &str) -> Option<(i64, FivemInfo)> {
    table()
        .iter()
        .find(|(s, _, _)| s == server)
        .map(|(_, iv, info)| (*iv, info.clone()))
}

pub fn put(server: &str, iv: i64, info: &FivemInfo) {
    let mut t = table();
    t.retain(|(s, _, _)| s != server);
    if t.len() == CAPACITY {
        t.pop_front();
    }
    t.push_back((server.to_string(), iv, info.clone()));
}
