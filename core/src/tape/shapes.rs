//! Struct key lists, interned for the life of the process so the JS reader can keep one
//! object factory per shape. Keys come from the core's own types (derive field names),
//! so the registry is bounded by the code; the cap guards it anyway — past it, objects
//! carry their keys on the tape.

use std::sync::{LazyLock, Mutex};

const MAX_SHAPES: usize = 4096;

#[derive(Default)]
struct Registry {
    /// Key lists and their ids, sorted by key list: a few hundred at most, found by
    /// binary search (as fast here as hashing, and no hash table in the browser's download).
    ids: Vec<(String, u32)>,
    lists: Vec<Vec<String>>,
}

static REGISTRY: LazyLock<Mutex<Registry>> = LazyLock::new(Default::default);

/// The id of a key list (each key followed by `\0`), registering it on first sight;
/// `None` once the registry is full.
pub fn intern(keys: &str) -> Option<u32> {
    let mut r = REGISTRY.lock().unwrap_or_else(|e| e.into_inner());
    let at = match r.ids.binary_search_by(|(k, _)| k.as_str().cmp(keys)) {
        Ok(i) => return Some(r.ids[i].1),
        Err(i) => i,
    };
    if r.lists.len() >= MAX_SHAPES {
        return None;
    }
    let id = r.lists.len() as u32;
    r.lists.push(keys.split_terminator('\0').map(str::to_string).collect());
    r.ids.insert(at, (keys.to_string(), id));
    Some(id)
}

/// Every shape so far, by id, as JSON text (`[["name","score"], …]`): the JS reader
/// asks for it when it meets an id it has not seen.
pub fn all_json() -> String {
    let r = REGISTRY.lock().unwrap_or_else(|e| e.into_inner());
    let mut out = String::from("[");
    for (i, keys) in r.lists.iter().enumerate() {
        out.push_str(if i > 0 { ",[" } else { "[" });
        for (j, key) in keys.iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            crate::json::write_string(&mut out, key);
        }
        out.push(']');
    }
    out.push(']');
    out
}
