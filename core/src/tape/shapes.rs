//! Struct key lists, interned for the life of the process so the JS reader can keep one
//! object factory per shape. Keys come from the core's own types (derive field names),
//! so the registry is bounded by the code; the cap guards it anyway — past it, objects
//! carry their keys on the tape. Objects of a document whose names all come from code
//! (`tape::NAMED_BY_CODE`) are shapes too, but a server picks which of those names and in
//! what order: their shapes have a smaller budget of their own, so a hostile one can
//! neither fill the registry for the code's types nor make each lookup long.

use std::sync::{LazyLock, Mutex};

const MAX_SHAPES: usize = 4096;
/// Shapes of document objects, and the most names one may have.
const MAX_DATA_SHAPES: usize = 256;
const MAX_DATA_NAMES: usize = 16;

#[derive(Default)]
struct Registry {
    /// Key lists and their ids, sorted by key list: a few hundred at most, found by
    /// binary search (as fast here as hashing, and no hash table in the browser's download).
    ids: Vec<(String, u32)>,
    lists: Vec<Vec<String>>,
    data: usize,
}

static REGISTRY: LazyLock<Mutex<Registry>> = LazyLock::new(Default::default);

/// The id of a key list (each key followed by `\0`), registering it on first sight;
/// `None` once the registry, or for a document's object (`data`) its budget, is full.
pub fn intern(keys: &str, data: bool) -> Option<u32> {
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner()).intern(keys, data)
}

impl Registry {
    fn intern(&mut self, keys: &str, data: bool) -> Option<u32> {
        let at = match self.ids.binary_search_by(|(k, _)| k.as_str().cmp(keys)) {
            Ok(i) => return Some(self.ids[i].1),
            Err(i) => i,
        };
        let names = keys.bytes().filter(|&b| b == 0).count();
        let over_budget = data && (self.data >= MAX_DATA_SHAPES || names > MAX_DATA_NAMES);
        if self.lists.len() >= MAX_SHAPES || over_budget {
            return None;
        }
        self.data += usize::from(data);
        let id = self.lists.len() as u32;
        self.lists
            .push(keys.split_terminator('\0').map(str::to_string).collect());
        self.ids.insert(at, (keys.to_string(), id));
        Some(id)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_documents_shapes_have_a_budget_of_their_own() {
        let mut r = Registry::default();
        let code = r.intern("name\0score\0", false).unwrap();
        let list = |i: usize| format!("k{i}\0v\0");
        for i in 0..MAX_DATA_SHAPES {
            assert_eq!(r.intern(&list(i), true), Some(i as u32 + 1));
        }
        assert_eq!(r.intern(&list(MAX_DATA_SHAPES), true), None);
        // Known shapes are still found, and the code's types still get new ones.
        assert_eq!(r.intern(&list(3), true), Some(4));
        assert_eq!(r.intern("name\0score\0", true), Some(code));
        assert_eq!(r.intern("ping\0", false), Some(MAX_DATA_SHAPES as u32 + 1));
        let mut fresh = Registry::default();
        let names = |n: usize| (0..n).map(|i| format!("k{i}\0")).collect::<String>();
        assert_eq!(fresh.intern(&names(MAX_DATA_NAMES + 1), true), None);
        assert_eq!(fresh.intern(&names(MAX_DATA_NAMES), true), Some(0));
    }
}
