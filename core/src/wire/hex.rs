//! Hex text is how raw bytes cross into JSON/JS values: it survives `JSON.stringify`,
//! a `--state file.json` and deep-equality between the Node and WASM packages.

use crate::error::{Error, Result};

pub fn to_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}

pub fn from_hex(text: &str, what: &str) -> Result<Vec<u8>> {
    let digits = text.as_bytes();
    if digits.len() % 2 != 0 {
        return Err(Error::invalid(format!("{what}: hex text has an odd length")));
    }
    let nibble = |c: u8| match c {
        b'0'..=b'9' => Ok(c - b'0'),
        b'a'..=b'f' => Ok(c - b'a' + 10),
        b'A'..=b'F' => Ok(c - b'A' + 10),
        _ => Err(Error::invalid(format!(
            "{what}: {} is not a hex digit",
            crate::error::quoted(&char::from(c).to_string())
        ))),
    };
    digits
        .chunks_exact(2)
        .map(|pair| Ok(nibble(pair[0])? << 4 | nibble(pair[1])?))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        assert_eq!(to_hex(&[0, 0x7f, 0xff]), "007fff");
        assert_eq!(from_hex("007FfF", "x").unwrap(), vec![0, 0x7f, 0xff]);
        assert!(from_hex("abc", "x").is_err());
        assert!(from_hex("zz", "x").is_err());
    }
}
