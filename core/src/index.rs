//! Positions in a caller's list found by a caller's 64-bit hash (open addressing, linear
//! probing). It replaces `HashMap` in the codec: std's map was 9 KB of the browser's
//! module, 4 KB gzipped (hashbrown's table code per key type, SipHash), and both users
//! already hold their entries in a list.

pub struct Index {
    /// `(hash's low half, position + 1)`; a zero position is an empty slot.
    slots: Vec<(u32, u32)>,
    len: usize,
    /// The longest probe sequence: past it `insert` overwrites (a cache), or `None` for an
    /// exact index whose lookups never miss what was inserted.
    limit: Option<usize>,
}

impl Index {
    /// Every inserted position stays findable.
    pub fn exact() -> Self {
        Self {
            slots: Vec::new(),
            len: 0,
            limit: None,
        }
    }

    /// A cache: a lookup probes at most `limit` slots, and an insert past them replaces
    /// the first, so hashes made to collide cost no more than `limit` probes each.
    pub fn lossy(limit: usize) -> Self {
        Self {
            limit: Some(limit.max(1)),
            ..Self::exact()
        }
    }

    fn probe(&self, hash: u64) -> impl Iterator<Item = usize> + '_ {
        let mask = self.slots.len().wrapping_sub(1);
        let steps = self.limit.unwrap_or(self.slots.len()).min(self.slots.len());
        let start = spread(hash) as usize;
        (0..steps).map(move |i| start.wrapping_add(i) & mask)
    }

    /// The first inserted position with this hash for which `is` holds.
    pub fn find(&self, hash: u64, mut is: impl FnMut(usize) -> bool) -> Option<usize> {
        let tag = hash as u32;
        for slot in self.probe(hash) {
            match self.slots[slot] {
                (_, 0) => return None,
                (t, at) if t == tag && is(at as usize - 1) => return Some(at as usize - 1),
                _ => {}
            }
        }
        None
    }

    pub fn insert(&mut self, hash: u64, position: usize) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let entry = (hash as u32, position as u32 + 1);
        let free = self.probe(hash).find(|&slot| self.slots[slot].1 == 0);
        match free {
            Some(slot) => {
                self.slots[slot] = entry;
                self.len += 1;
            }
            // Only a lossy index runs out of probes (an exact one is at most half full).
            None => {
                let first = self.probe(hash).next().unwrap_or(0);
                self.slots[first] = entry;
            }
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(16);
        let old = std::mem::replace(&mut self.slots, vec![(0, 0); size]);
        self.len = 0;
        for (tag, at) in old.into_iter().filter(|&(_, at)| at != 0) {
            // The low half is all a slot keeps; it places an entry as the full hash would
            // for tables up to 2^32 slots.
            self.insert(u64::from(tag), at as usize - 1);
        }
    }
}

/// A string's hash under a secret `seed`, for the browser build (std's random keys are
/// fixed there, and SipHash is code it need not carry): 8-byte words folded in by a
/// multiply-xorshift from the seed, murmur3's finaliser at the end. Without the seed, whoever
/// writes the strings cannot tell which of them collide.
#[cfg(any(host_text, test))]
pub fn seeded_hash(seed: u64, s: &str) -> u64 {
    const M: u64 = 0x9e37_79b9_7f4a_7c15;
    let word = |bytes: &[u8]| bytes.iter().rev().fold(0u64, |w, &b| (w << 8) | u64::from(b));
    let step = |h: u64, w: u64| {
        let h = (h ^ w).wrapping_mul(M);
        h ^ (h >> 29)
    };
    let mut chunks = s.as_bytes().chunks_exact(8);
    let mut h = step(seed, s.len() as u64);
    for chunk in &mut chunks {
        h = step(h, word(chunk));
    }
    h = step(h, word(chunks.remainder()));
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// The slot a hash starts at: its low half, as `find` compares, stirred so that hashes
/// differing only in high bits of that half still spread over a small table.
fn spread(hash: u64) -> u32 {
    let h = hash as u32;
    h ^ (h >> 16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_finds_every_position_through_collisions_and_growth() {
        let mut index = Index::exact();
        let hashes: Vec<u64> = (0..1000u64).map(|i| ((i % 7) << 40) | (i % 13)).collect();
        for (at, &h) in hashes.iter().enumerate() {
            assert_eq!(index.find(h, |p| p == at), None);
            index.insert(h, at);
        }
        for (at, &h) in hashes.iter().enumerate() {
            assert_eq!(index.find(h, |p| p == at), Some(at));
        }
        // The first match wins; a hash never inserted is not found.
        assert_eq!(index.find(0, |p| hashes[p] == 0), Some(0));
        assert_eq!(index.find(99, |_| true), None);
    }

    #[test]
    fn seeded_hash_spreads_keys_and_depends_on_the_seed() {
        let keys: Vec<String> = (0..100_000).map(|i| format!("k{i}")).collect();
        for seed in [0, 1, 0x1234_5678_9abc_def0] {
            let mut low: Vec<u32> = keys.iter().map(|k| seeded_hash(seed, k) as u32).collect();
            low.sort_unstable();
            low.dedup();
            // 100k keys in 2^32 values: about one pair is expected to share the low half.
            assert!(
                keys.len() - low.len() < 10,
                "seed {seed}: {} shared",
                keys.len() - low.len()
            );
        }
        let same = keys.iter().filter(|k| seeded_hash(1, k) == seeded_hash(2, k)).count();
        assert_eq!(same, 0);
        // Every byte counts, the length too (a trailing NUL is not a no-op).
        assert_ne!(seeded_hash(7, "abcdefgh"), seeded_hash(7, "abcdefgi"));
        assert_ne!(seeded_hash(7, "abc"), seeded_hash(7, "abc\0"));
        assert_ne!(seeded_hash(7, ""), seeded_hash(7, "\0"));
    }

    #[test]
    fn lossy_probes_at_most_its_limit() {
        let mut index = Index::lossy(4);
        for at in 0..100 {
            index.insert(5, at);
        }
        let mut probes = 0;
        assert_eq!(
            index.find(5, |_| {
                probes += 1;
                false
            }),
            None
        );
        assert_eq!(probes, 4);
        // The latest insert is still found.
        assert_eq!(index.find(5, |p| p == 99), Some(99));
    }
}
