//! The npm packages ship declarations and the protocol registry generated from the Rust
//! core; this fails when they are stale. `GQ_WRITE_TYPES=1` rewrites them (scripts/build.mjs does).
#![cfg(feature = "ts")]

#[test]
fn declarations_are_current() {
    let want = gamequery_core::typescript::declarations();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    // One file: gamequery's declarations re-export gamequery-wasm's.
    let path = format!("{root}/npm/gamequery-wasm/types.d.ts");
    if std::env::var_os("GQ_WRITE_TYPES").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(have == want, "{path} is stale: run `npm run build`");
}

#[test]
fn the_js_registry_is_current() {
    let want = gamequery_core::typescript::registry_module();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let path = format!("{root}/npm/gamequery-wasm/protocols.mjs");
    if std::env::var_os("GQ_WRITE_TYPES").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(have == want, "{path} is stale: run `npm run build`");
}

#[test]
fn the_cli_table_is_current() {
    let want = gamequery_core::typescript::cli_table();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let path = format!("{root}/npm/gamequery/cli/protocols.json");
    if std::env::var_os("GQ_WRITE_TYPES").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(have == want, "{path} is stale: run `npm run build`");
}

#[test]
fn the_games_module_is_current() {
    let want = gamequery_core::typescript::games_module();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let path = format!("{root}/npm/gamequery-wasm/games.mjs");
    if std::env::var_os("GQ_WRITE_TYPES").is_some() {
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(have == want, "{path} is stale: run `npm run build`");
}

#[test]
fn the_readmes_games_tables_are_current() {
    let table = gamequery_core::typescript::games_markdown();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    for file in ["README.md", "npm/gamequery/README.md"] {
        let path = format!("{root}/{file}");
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        let (start, end) = ("<!-- games -->\n", "<!-- /games -->");
        let (Some(a), Some(b)) = (have.find(start), have.find(end)) else {
            panic!("{path} has no {start:?} … {end:?} section");
        };
        let want = format!("{}{start}{table}{}", &have[..a], &have[b..]);
        if std::env::var_os("GQ_WRITE_TYPES").is_some() {
            std::fs::write(&path, &want).unwrap();
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(have == want, "{path}'s games table is stale: run `npm run build`");
    }
}
