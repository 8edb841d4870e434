//! The fuzz targets' inputs replayed on stable Rust, with `npm test`: the committed corpus
//! (`fuzz/corpus/<target>/`, what cargo-fuzz kept, crashes fixed included) and inputs made
//! from every fixture's bytes (tests/fixtures), through `gamequery_core::fuzzing`.
//! `GQ_WRITE_SEEDS=1` writes the latter to `fuzz/seeds/` (not committed: made again from
//! the fixtures), which `npm run fuzz` does first and starts from.
#![cfg(feature = "all-families")]

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use gamequery_core::call::{Call, Input, Io};
use gamequery_core::fuzzing::{asked, seed, TARGETS};
use gamequery_core::protocol::Protocol;
use gamequery_core::serve::Server;
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

/// What each protocol's responder answers the first request of its query, from its sample
/// state, as (protocol, a server's, its reply): seeds for the protocols over a stream that no
/// captured fixture covers (the HTTP APIs, the central lists, EOS), so that the fuzzer starts
/// from a reply each decoder reads whole.
fn answered() -> Vec<(String, bool, Vec<Vec<u8>>)> {
    let mut out = Vec::new();
    for p in Protocol::all().filter(|p| p.queryable()) {
        let Ok(state) = p.sample() else { continue };
        let Ok((server, _)) = Server::new(p.name(), state, Value::Null, false, 7, [7; 32]) else {
            continue;
        };
        // A datagram responder has no stream: the fixtures cover those protocols.
        let Some(mut stream) = server.open_stream() else {
            continue;
        };
        let (target, options) = asked(p);
        let Ok(mut call) = Call::query(p.name(), &target, options, 7, false) else {
            continue;
        };
        // What the server sent: the reply to the first request; where the server speaks
        // first (TeamSpeak's banner), the whole conversation, on the one connection.
        let mut sent: Vec<Vec<u8>> = Vec::new();
        let mut greeted = false;
        while let Some(io) = call.poll_io() {
            match io {
                Io::Srv { .. } => call.handle(0.0, Input::Srv(vec![])),
                Io::Resolve { .. } => call.handle(0.0, Input::Resolved(Ok(vec!["127.0.0.1".parse().unwrap()]))),
                Io::Open { id, .. } => {
                    call.handle(0.0, Input::Opened { id });
                    let banner = server.greet(&mut stream);
                    if !banner.is_empty() && !greeted {
                        greeted = true;
                        call.handle_received(0.0, id, &banner);
                        sent.push(banner);
                    }
                }
                Io::Send { id, bytes } => {
                    let reply = server.handle_stream(&mut stream, &bytes).write;
                    if reply.is_empty() || sent.len() > 16 {
                        break;
                    }
                    sent.push(reply.clone());
                    if !greeted {
                        break;
                    }
                    call.handle_received(0.0, id, &reply);
                }
                Io::Close { .. } => {}
            }
        }
        if !sent.is_empty() {
            out.push((p.name().to_string(), true, sent));
        }
    }
    out
}

#[test]
fn every_protocol_over_a_stream_has_a_seed_from_its_responder() {
    let answered = answered();
    let names: Vec<&str> = answered.iter().map(|(p, ..)| p.as_str()).collect();
    // Every protocol over a stream: 27 when written; 25 in the fuzz targets' build (default
    // features), which has no TLS identity to serve Hytale's and Satisfactory's HTTPS with.
    let tls = cfg!(feature = "identity");
    assert!(
        names.len() >= if tls { 27 } else { 25 },
        "{} seeded: {names:?}",
        names.len()
    );
    let expected = ["palworld", "beammp", "minetest", "epic", "discord", "teamspeak3"];
    for expected in expected.into_iter().chain(tls.then_some("hytale")) {
        assert!(names.contains(&expected), "{expected}: no seed (seeded: {names:?})");
    }
    // TeamSpeak's server speaks first: its banner, then the answers to the commands the
    // client sends at once (`use`, `serverinfo`, `clientlist`, `channellist`).
    let (.., talk) = answered.iter().find(|(p, ..)| p == "teamspeak3").unwrap();
    assert!(talk[0].starts_with(b"TS3"), "{:?}", String::from_utf8_lossy(&talk[0]));
    let answers = String::from_utf8_lossy(&talk[1..].concat()).into_owned();
    for said in ["virtualserver_name=", "client_nickname=", "channel_name="] {
        assert!(answers.contains(said), "{said}: {answers}");
    }
    assert!(!answers.contains("error id=1024"), "{answers}");
}

#[test]
fn fixtures_and_the_corpus_pass_every_target() {
    let write = std::env::var_os("GQ_WRITE_SEEDS").is_some();
    let fixtures = fixtures();
    assert!(fixtures.len() > 300, "{} fixture vectors", fixtures.len());
    let fixtures = [fixtures, answered()].concat();
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
