//! A responder's TCP connections, at most so many at once. A listener that made new
//! clients wait while its slots were full could be held by anyone who opens connections
//! and never finishes a request (slowloris: 10,000 of them starved every new client of a
//! 256-slot listener for as long as they cared to hold it). Instead every new connection
//! is taken, and past the limit the one that has waited longest without being answered is
//! closed — an attacker's idle connection, not the client that just arrived and will be
//! done in a millisecond. Connections that have been answered (a logged-in RCON console)
//! go only when none of those is left. Both hosts (tokio, and JavaScript for the WASM
//! engine) keep their connections in one of these.

use std::collections::VecDeque;

/// Which connections are open, in the order they came, and which have been answered.
#[derive(Debug)]
pub struct Slots {
    max: usize,
    next: u64,
    /// Not answered yet, oldest first; ids closed since are skipped when met.
    waiting: VecDeque<u64>,
    /// Answered at least once, oldest first; likewise.
    answered: VecDeque<u64>,
    /// Open: id → answered.
    open: std::collections::HashMap<u64, bool>,
}

impl Slots {
    /// At most `max` connections (at least one).
    pub fn new(max: usize) -> Self {
        Self {
            max: max.max(1),
            next: 0,
            waiting: VecDeque::new(),
            answered: VecDeque::new(),
            open: std::collections::HashMap::new(),
        }
    }

    /// A new connection: its id, and the connection to close to make room for it, if the
    /// limit is reached.
    pub fn open(&mut self) -> (u64, Option<u64>) {
        let evict = if self.open.len() >= self.max {
            let victim = Self::oldest(&mut self.waiting, &self.open, false)
                .or_else(|| Self::oldest(&mut self.answered, &self.open, true));
            if let Some(id) = victim {
                self.open.remove(&id);
            }
            victim
        } else {
            None
        };
        let id = self.next;
        self.next += 1;
        self.open.insert(id, false);
        self.waiting.push_back(id);
        self.compact();
        (id, evict)
    }

    /// The connection has been sent an answer.
    pub fn answered(&mut self, id: u64) {
        if let Some(done) = self.open.get_mut(&id) {
            if !*done {
                *done = true;
                self.answered.push_back(id);
            }
        }
    }

    /// The connection is gone (closed by either side, or evicted: then already forgotten).
    pub fn closed(&mut self, id: u64) {
        self.open.remove(&id);
    }

    /// Connections open.
    pub fn len(&self) -> usize {
        self.open.len()
    }

    pub fn is_empty(&self) -> bool {
        self.open.is_empty()
    }

    fn oldest(queue: &mut VecDeque<u64>, open: &std::collections::HashMap<u64, bool>, answered: bool) -> Option<u64> {
        while let Some(id) = queue.pop_front() {
            if open.get(&id) == Some(&answered) {
                return Some(id);
            }
        }
        None
    }

    /// Drops closed ids from the queues once they outnumber the open ones, so the queues
    /// stay within twice the limit however many connections come and go.
    fn compact(&mut self) {
        if self.waiting.len() + self.answered.len() > 2 * self.max + 16 {
            let open = &self.open;
            self.waiting.retain(|id| open.get(id) == Some(&false));
            self.answered.retain(|id| open.get(id) == Some(&true));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn past_the_limit_the_oldest_unanswered_connection_goes() {
        let mut s = Slots::new(3);
        let (a, _) = s.open();
        let (b, _) = s.open();
        let (c, _) = s.open();
        s.answered(a);
        // Full: the oldest not answered is b, not a (answered) nor c (newer).
        let (d, evict) = s.open();
        assert_eq!(evict, Some(b));
        assert_eq!(s.open().1, Some(c));
        assert_eq!(s.open().1, Some(d));
        assert_eq!(s.len(), 3);
        // The evicted connection's close is harmless.
        s.closed(b);
        assert_eq!(s.len(), 3);
    }

    #[test]
    fn answered_connections_go_only_when_none_waits() {
        let mut s = Slots::new(2);
        let (a, _) = s.open();
        let (b, _) = s.open();
        s.answered(b);
        s.answered(a);
        // Oldest answered first: b was answered before a.
        assert_eq!(s.open().1, Some(b));
    }

    #[test]
    fn room_made_by_a_close_is_used_before_evicting() {
        let mut s = Slots::new(2);
        let (a, _) = s.open();
        s.open();
        s.closed(a);
        assert_eq!(s.open().1, None);
        assert_eq!(s.len(), 2);
    }

    #[test]
    fn a_flood_of_connections_keeps_the_queues_bounded() {
        let mut s = Slots::new(8);
        for i in 0..100_000 {
            let (id, _) = s.open();
            if i % 3 == 0 {
                s.answered(id);
            }
            if i % 5 == 0 {
                s.closed(id);
            }
        }
        assert_eq!(s.len(), 8);
        assert!(s.waiting.len() + s.answered.len() <= 2 * 8 + 16 + 1);
    }
}
