use std::io::Read;

use proptest::prelude::*;

use super::decode;
use crate::error::ErrorCode;
use crate::wire::from_hex;

/// What the `bzip2` crate (libbzip2's Rust port) makes of `data`, with the same cap.
fn reference(data: &[u8], max_out: usize) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    bzip2::read::BzDecoder::new(data)
        .take(max_out as u64 + 1)
        .read_to_end(&mut out)
        .ok()
        .map(|_| out)
}

fn compress(data: &[u8], level: u32) -> Vec<u8> {
    let mut out = Vec::new();
    bzip2::read::BzEncoder::new(data, bzip2::Compression::new(level))
        .read_to_end(&mut out)
        .unwrap();
    out
}

/// Bytes with runs, so that both run-length steps are exercised.
fn runs() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec((any::<u8>(), 1usize..300), 0..200)
        .prop_map(|runs| runs.into_iter().flat_map(|(b, n)| std::iter::repeat_n(b, n)).collect())
}

#[test]
fn golden_streams_from_python_bz2() {
    // Python's bz2 module (libbzip2 itself), level 9.
    let text = b"hello, hello, hello, hello!!!!!!!!!!";
    let bytes = from_hex(
        "425a6839314159265359fac8f7f60000095100010060040244a000310c080a94309df4e4d30b97868f8bb9229c28487d647bfb00",
        "",
    )
    .unwrap();
    assert_eq!(decode(&bytes, 1000, 0).unwrap(), text);
    assert_eq!(
        decode(&from_hex("425a683917724538509000000000", "").unwrap(), 10, 0).unwrap(),
        b""
    );
}

#[test]
fn several_blocks_and_the_cap() {
    // Level 1: 100 kB blocks, so 250 kB of text is three of them.
    let data: Vec<u8> = (0..250_000u32)
        .map(|i| (i * 7 % 251) as u8 ^ (i / 1000) as u8)
        .collect();
    let bz = compress(&data, 1);
    assert_eq!(decode(&bz, data.len(), 0).unwrap(), data);
    // Past the cap it stops, one byte over (the caller refuses it).
    let capped = decode(&bz, 1000, 0).unwrap();
    assert!(capped.len() > 1000 && capped.len() < 2000, "{}", capped.len());
    assert_eq!(capped[..1000], data[..1000]);
}

#[test]
fn hostile_streams_are_typed_errors_at_an_offset() {
    let bz = compress(b"a reply that is long enough to have a body of some sort", 9);
    for cut in 0..bz.len() {
        let e = decode(&bz[..cut], 1 << 20, 8).unwrap_err();
        assert_eq!(e.code, ErrorCode::Malformed, "cut {cut}: {e}");
        assert!(e.offset.unwrap() <= 8 + cut, "cut {cut}: {e}");
    }
    let mut bad_crc = bz.clone();
    bad_crc[10] ^= 1;
    assert!(decode(&bad_crc, 1 << 20, 0).unwrap_err().to_string().contains("CRC"));
    let mut randomised = bz.clone();
    randomised[14] |= 0x80;
    assert!(decode(&randomised, 1 << 20, 0)
        .unwrap_err()
        .to_string()
        .contains("randomised"));
    assert!(decode(b"BZh0", 10, 0).is_err());
    assert!(decode(b"PK\x03\x04", 10, 0).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn reads_what_the_bzip2_crate_writes(data in runs(), level in 1u32..=9) {
        let bz = compress(&data, level);
        prop_assert_eq!(decode(&bz, data.len(), 0).unwrap(), data);
    }

    /// Damaged streams: what libbzip2's port accepts reads the same; what it refuses is
    /// refused, or runs past the cap (which the caller refuses). Where its output passes
    /// the cap before a check fails, ours may stop earlier.
    #[test]
    fn agrees_with_the_bzip2_crate_on_damaged_streams(
        data in runs(),
        flips in prop::collection::vec((any::<prop::sample::Index>(), 0u8..8), 1..4),
        cut in any::<prop::sample::Index>(),
    ) {
        let mut bz = compress(&data, 9);
        for (at, bit) in flips {
            let i = at.index(bz.len());
            bz[i] ^= 1 << bit;
        }
        let bz = &bz[..bz.len() - cut.index(bz.len() / 4 + 1)];
        let max = data.len() + 64;
        let ours = decode(bz, max, 0);
        match reference(bz, max) {
            Some(theirs) if theirs.len() <= max => prop_assert_eq!(ours.unwrap(), theirs),
            Some(_) => {}
            None => prop_assert!(ours.map_or(true, |o| o.len() > max), "accepted what libbzip2 refuses"),
        }
    }

    #[test]
    fn garbage_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let mut data = b"BZh9".to_vec();
        data.extend(bytes);
        let _ = decode(&data, 1 << 16, 0);
    }
}
