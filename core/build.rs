//! `cfg(host_text)`: the `host-text` feature on wasm32 (other targets keep encoding_rs, so
//! `--all-features` builds and tests behave as the default ones). For that build, the
//! high halves of the WHATWG single-byte encodings, taken from encoding_rs, go into
//! `OUT_DIR/single_byte.rs`: hosts' TextDecoders differ on them (Node 20 reads
//! windows-1252 as Latin-1), tables do not.
use std::fmt::Write;

use encoding_rs::*;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(host_text)");
    println!("cargo::rerun-if-changed=build.rs");
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    if !wasm || std::env::var_os("CARGO_FEATURE_HOST_TEXT").is_none() {
        return;
    }
    println!("cargo::rustc-cfg=host_text");
    let pages = [
        IBM866,
        ISO_8859_2,
        ISO_8859_3,
        ISO_8859_4,
        ISO_8859_5,
        ISO_8859_6,
        ISO_8859_7,
        ISO_8859_8,
        ISO_8859_8_I,
        ISO_8859_10,
        ISO_8859_13,
        ISO_8859_14,
        ISO_8859_15,
        ISO_8859_16,
        KOI8_R,
        KOI8_U,
        MACINTOSH,
        WINDOWS_874,
        WINDOWS_1250,
        WINDOWS_1251,
        WINDOWS_1252,
        WINDOWS_1253,
        WINDOWS_1254,
        WINDOWS_1255,
        WINDOWS_1256,
        WINDOWS_1257,
        WINDOWS_1258,
        X_MAC_CYRILLIC,
        X_USER_DEFINED,
    ];
    let high: Vec<u8> = (0x80..=0xFF).collect();
    let mut out = format!(
        "pub(super) static SINGLE_BYTE: [(&str, [u16; 128]); {}] = [\n",
        pages.len()
    );
    for page in pages {
        assert!(page.is_single_byte(), "{}", page.name());
        let text = page.decode_without_bom_handling(&high).0;
        let units: Vec<String> = text.chars().map(|c| (c as u32).to_string()).collect();
        assert_eq!(units.len(), 128, "{}", page.name());
        let _ = writeln!(out, "    ({:?}, [{}]),", page.name(), units.join(", "));
    }
    out.push_str("];\n");
    let path = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("single_byte.rs");
    std::fs::write(path, out).unwrap();
}
