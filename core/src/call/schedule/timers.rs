//! Every query's deadline in one heap. An entry carries the generation its query had when
//! it was pushed; a query that moves or drops its deadline takes a new generation, so its
//! old entries are skipped instead of searched for and removed.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::exchange::Millis;

#[derive(Default)]
pub(super) struct Timers {
    /// (when, slot, generation), earliest first.
    heap: BinaryHeap<Reverse<(u64, usize, u64)>>,
    /// The last generation given; scheduler-wide, so a reused slot never matches an old
    /// entry.
    generation: u64,
}

/// A heap key: microseconds (milliseconds are not `Ord`).
pub(super) fn key(at: Millis) -> u64 {
    (at.max(0.0) * 1000.0) as u64
}

impl Timers {
    /// A new generation for a query whose deadline changed.
    pub fn stamp(&mut self) -> u64 {
        self.generation += 1;
        self.generation
    }

    pub fn push(&mut self, at: Millis, slot: usize, generation: u64) {
        self.heap.push(Reverse((key(at), slot, generation)));
    }

    /// The earliest entry's time, stale or not.
    pub fn next(&self) -> Option<Millis> {
        self.heap.peek().map(|Reverse((at, _, _))| *at as f64 / 1000.0)
    }

    /// Whether the earliest live entry (by `live(slot, generation)`) is due at `now`;
    /// stale entries met on the way are dropped.
    pub fn due_at(&mut self, now: Millis, live: impl Fn(usize, u64) -> bool) -> bool {
        while let Some(&Reverse((at, slot, generation))) = self.heap.peek() {
            if live(slot, generation) {
                return at <= key(now);
            }
            self.heap.pop();
        }
        false
    }

    /// The (slot, generation) of every entry due at `now`, taken off the heap.
    pub fn take_due(&mut self, now: Millis) -> Vec<(usize, u64)> {
        let mut due = Vec::new();
        while let Some(&Reverse((at, slot, generation))) = self.heap.peek() {
            if at > key(now) {
                break;
            }
            self.heap.pop();
            due.push((slot, generation));
        }
        due
    }
}
