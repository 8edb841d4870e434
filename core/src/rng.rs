//! The randomness calls and responders need (ping payloads, RCON probes, challenges), from
//! a seed the host gives: the core has no entropy source of its own in a browser. Not for
//! secrets. A leaf: protocols use it without importing the calls above them.

#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// SplitMix64: every seed, zero included, gives a full-period sequence.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn bytes4(&mut self) -> [u8; 4] {
        (self.next_u64() as u32).to_le_bytes()
    }

    pub fn bytes8(&mut self) -> [u8; 8] {
        self.next_u64().to_be_bytes()
    }
}
