//! The fuzz targets' inputs replayed on stable Rust, with `npm test`: the committed corpus
//! (`fuzz/corpus/<target>/`, what cargo-fuzz kept, crashes fixed included) and inputs made
//! from every fixture's bytes (tests/fixtures), through `gamequery_core::fuzzing`.
//! `GQ_WRITE_SEEDS=1` writes the latter to `fuzz/seeds/` (not committed: made again from
//! the fixtures), which `npm run fuzz` does first and starts from.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use gamequery_core::fuzzing::{seed, TARGETS};
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("..")
}

fn bytes(hex: &str) -> Vec<u8> {
    (0..hex.len() / 2)
        .filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok())
        .collect()
}

/// Every fixture vector as (protocol, is a server's, its packets).
fn fixtures() -> Vec<(String, bool, Vec<Vec<u8>>)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(root().join("tests/fixtures")).unwrap() {
        let path = entry.unwrap().path();
        // Vectors are JSON; a folder holds a capture as it was (TeamSpeak's conversations).
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let Ok(doc) = serde_json::from_str::<Value>(&std::fs::read_to_string(&path).unwrap()) else {
            continue;
        };
        let Some(vectors) = doc["vectors"].as_array() else {
            continue;
        };
        for v in vectors {
            let protocol = match (name.as_str(), v["protocol"].as_str()) {
                (_, Some(p)) => p.to_string(),
                ("ffow", None) => "a2s".into(),
                (file, None) => file.to_string(),
            };
            let response = v["direction"].as_str() != Some("request");
            let packets: Vec<Vec<u8>> = match (&v["hex"], &v["packets"]) {
                (Value::String(h), _) => vec![bytes(h)],
                (_, Value::Array(ps)) => ps.iter().filter_map(Value::as_str).map(bytes).collect(),
                _ => continue,
            };
            out.push((protocol, response, packets));
        }
    }
    out
}

#[test]
fn fixtures_and_the_corpus_pass_every_target() {
    let write = std::env::var_os("GQ_WRITE_SEEDS").is_some();
    let fixtures = fixtures();
    assert!(fixtures.len() > 300, "{} fixture vectors", fixtures.len());
    for (target, run) in TARGETS {
        let dir = root().join("fuzz/corpus").join(target);
        let seeds = root().join("fuzz/seeds").join(target);
        let mut made = 0;
        for (protocol, response, packets) in &fixtures {
            let Some(input) = seed(target, protocol, *response, packets) else {
                continue;
            };
            run(&input);
            made += 1;
            if write {
                std::fs::create_dir_all(&seeds).unwrap();
                let mut h = DefaultHasher::new();
                input.hash(&mut h);
                std::fs::write(seeds.join(format!("{:016x}", h.finish())), &input).unwrap();
            }
        }
        assert!(made > 0, "{target}: no fixture made an input");
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries {
            let path = entry.unwrap().path();
            let input = std::fs::read(&path).unwrap();
            // A panic names the file, to reproduce with `npm run fuzz <target> <file>`.
            eprintln!("{}", path.display());
            run(&input);
        }
    }
}
