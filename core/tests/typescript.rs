//! The npm packages ship declarations, the protocol registry, the games table and the
//! READMEs' games section generated from the Rust core; this fails when any is stale.
//! `GQ_WRITE_TYPES=1` rewrites them (scripts/build.mjs does).
#![cfg(feature = "ts")]

/// The repository's root, read when the test runs: a test binary built in another clone
/// sharing the target directory (fresh by mtime) still reads this one.
fn root() -> String {
    let here = std::env::var("CARGO_MANIFEST_DIR").expect("run through `cargo test`");
    format!("{here}/..")
}

/// `file` (from the repository's root) holds `want`; rewritten first with `GQ_WRITE_TYPES`.
fn current(file: &str, want: &str) {
    let path = format!("{}/{file}", root());
    if std::env::var_os("GQ_WRITE_TYPES").is_some() {
        // Such a binary holds the other clone's code: it must not write its files here.
        let built = env!("CARGO_MANIFEST_DIR");
        assert!(
            std::env::var("CARGO_MANIFEST_DIR").as_deref() == Ok(built),
            "this test was built in {built} (a shared target dir): `touch core/src/lib.rs` and rebuild"
        );
        std::fs::write(&path, want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(have == want, "{path} is stale: run `npm run build`");
}

#[test]
fn declarations_are_current() {
    // One file: gamequery's declarations re-export gamequery-wasm's.
    current(
        "npm/gamequery-wasm/types.d.ts",
        &gamequery_core::typescript::declarations(),
    );
}

#[test]
fn the_js_registry_is_current() {
    current(
        "npm/gamequery-wasm/protocols.mjs",
        &gamequery_core::typescript::registry_module(),
    );
}

#[test]
fn the_cli_table_is_current() {
    current(
        "npm/gamequery/cli/protocols.json",
        &gamequery_core::typescript::cli_table(),
    );
}

#[test]
fn the_games_module_is_current() {
    current(
        "npm/gamequery-wasm/games.mjs",
        &gamequery_core::typescript::games_module(),
    );
}

#[test]
fn the_readmes_games_tables_are_current() {
    let table = gamequery_core::typescript::games_markdown();
    for file in ["README.md", "npm/gamequery/README.md"] {
        let have = std::fs::read_to_string(format!("{}/{file}", root())).unwrap_or_default();
        let (start, end) = ("<!-- games -->\n", "<!-- /games -->");
        let (Some(a), Some(b)) = (have.find(start), have.find(end)) else {
            panic!("{file} has no {start:?} … {end:?} section");
        };
        current(file, &format!("{}{start}{table}{}", &have[..a], &have[b..]));
    }
}
