//! The layering of core's modules, read from the `crate::`/`super::` paths of their
//! non-test code: no cycles among top-level modules, no two files that import each other,
//! and each protocol's folder imports only the shared leaves below it (the unified
//! `status` shape among them: each protocol maps its own result to it) — never another
//! protocol, nor the orchestration above (`call`, `serve`, `api`, `net`). A new protocol
//! that reaches up or sideways fails here.
// It reads every protocol's folder against the registry: the whole registry's build.
#![cfg(feature = "all-families")]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The protocols' folders, as the registry (`protocol.rs`'s `registry![…]`) names them: a
/// protocol registered is a protocol checked here, with no list to keep by hand.
fn protocols() -> BTreeSet<String> {
    let path = Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("src/protocol.rs");
    let text = fs::read_to_string(path).unwrap();
    let list = text.split("registry![").nth(1).unwrap().split("];").next().unwrap();
    // Each line: `"<family>" => crate::<folder>::spec::<Type>,`.
    list.lines()
        .filter_map(|l| l.split("=> ").nth(1)?.trim().strip_prefix("crate::"))
        .filter_map(|l| l.split("::").next())
        .map(str::to_string)
        .collect()
}

const ABOVE_PROTOCOLS: &[&str] = &["api", "call", "serve", "net", "typescript", "protocol"];

/// Top-level module → the top-level modules its code names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, code) in files() {
        let Some(module) = path.first().filter(|m| *m != "lib") else {
            continue;
        };
        let names = edges.entry(module.clone()).or_default();
        for (i, _) in code.match_indices("crate::") {
            let name: String = code[i + 7..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !name.is_empty() && name != *module && name.chars().next().unwrap().is_lowercase() {
                names.insert(name);
            }
        }
    }
    edges
}

/// Modules on a cycle, found by walking every path from `start`.
fn cycle_through(edges: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    fn walk(edges: &BTreeMap<String, BTreeSet<String>>, path: &mut Vec<String>, seen: &mut BTreeSet<String>) -> bool {
        let last = path.last().unwrap().clone();
        for next in edges.get(&last).into_iter().flatten() {
            if *next == path[0] {
                path.push(next.clone());
                return true;
            }
            if seen.insert(next.clone()) {
                path.push(next.clone());
                if walk(edges, path, seen) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = vec![start.to_string()];
    walk(edges, &mut path, &mut BTreeSet::new()).then_some(path)
}

#[test]
fn top_level_modules_import_without_cycles() {
    let edges = graph();
    assert!(edges.len() > 20, "read {} modules", edges.len());
    for module in edges.keys() {
        assert_eq!(cycle_through(&edges, module), None, "a cycle through {module}");
    }
}

#[test]
fn protocols_import_only_the_leaves_below_them() {
    let edges = graph();
    let protocols = protocols();
    // Every protocol folder of today, fivem (which imported quake) among them.
    assert!(protocols.len() >= 14 && protocols.contains("fivem"), "{protocols:?}");
    for protocol in &protocols {
        let uses = &edges[protocol];
        let wrong: Vec<_> = uses
            .iter()
            .filter(|m| protocols.contains(m.as_str()) || ABOVE_PROTOCOLS.contains(&m.as_str()))
            .collect();
        assert!(wrong.is_empty(), "{protocol} imports {wrong:?}");
    }
}

#[test]
fn the_check_sees_a_cycle() {
    let edges = BTreeMap::from([
        ("a".to_string(), BTreeSet::from(["b".to_string()])),
        ("b".to_string(), BTreeSet::from(["a".to_string()])),
    ]);
    assert_eq!(
        cycle_through(&edges, "a"),
        Some(vec!["a".into(), "b".into(), "a".into()])
    );
}

#[test]
fn module_docs_point_at_files_in_this_repository() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap();
    let repo = Path::new(&manifest).parent().unwrap();
    let mut stack = vec![repo.join("core/src")];
    let mut pointers = 0;
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let text = fs::read_to_string(&path).unwrap_or_default();
            assert!(
                !text.contains("shared/"),
                "{} points outside the repository",
                path.display()
            );
            for (i, _) in text.match_indices("`docs/") {
                let name: String = text[i + 1..].chars().take_while(|c| *c != '`').collect();
                assert!(
                    repo.join(&name).is_file(),
                    "{} points at {name}, which is not here",
                    path.display()
                );
                pointers += 1;
            }
        }
    }
    assert!(pointers >= 8, "{pointers} pointers into docs/");
}

/// Every source file as its module path (`net::serve`, `samp` for `samp/mod.rs`) and the
/// code it holds outside comments and inline tests.
fn files() -> BTreeMap<Vec<String>, String> {
    let root = Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("src");
    let mut out = BTreeMap::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            // A folder's `tests.rs` is test code, like a file's inline tests.
            if path.extension().is_none_or(|e| e != "rs") || path.file_name().unwrap() == "tests.rs" {
                continue;
            }
            let relative = path.strip_prefix(&root).unwrap().with_extension("");
            let mut module: Vec<String> = relative.iter().map(|c| c.to_str().unwrap().to_string()).collect();
            if module.last().is_some_and(|m| m == "mod" || m == "lib") {
                module.pop();
            }
            let text = fs::read_to_string(&path).unwrap();
            // Inline tests: `mod tests {` after a `#[cfg(test)]`, or a `#[cfg(all(test, …))]`
            // where they need some families.
            let code = match text.find("\nmod tests {") {
                Some(i)
                    if text[..i]
                        .lines()
                        .last()
                        .is_some_and(|l| l.starts_with("#[cfg(") && l.contains("test")) =>
                {
                    &text[..i]
                }
                _ => &text[..],
            };
            let code: Vec<_> = code.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
            out.insert(module, code.join("\n"));
        }
    }
    out
}

#[test]
fn no_two_files_import_each_other() {
    let files = files();
    let mut edges: BTreeMap<&Vec<String>, BTreeSet<&Vec<String>>> = BTreeMap::new();
    for (module, code) in &files {
        for start in code
            .match_indices("crate::")
            .map(|(i, _)| i)
            .chain(code.match_indices("super::").map(|(i, _)| i))
        {
            let path: String = code[start..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let mut segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
            // `super::` from a file is its folder's module; from a folder's mod.rs, the parent's.
            let mut base: Vec<String> = match segments[0] {
                "crate" => vec![],
                _ => module.clone(),
            };
            while segments.first() == Some(&"super") || segments.first() == Some(&"crate") {
                if segments.remove(0) == "super" {
                    base.pop();
                }
            }
            base.extend(segments.iter().map(|s| s.to_string()));
            // The longest prefix that is a file.
            let target = (1..=base.len())
                .rev()
                .map(|n| base[..n].to_vec())
                .find(|m| files.contains_key(m));
            if let Some(target) = target {
                let nested = target.starts_with(module) || module.starts_with(&target);
                if !nested {
                    edges
                        .entry(module)
                        .or_default()
                        .insert(files.get_key_value(&target).unwrap().0);
                }
            }
        }
    }
    let mut both = vec![];
    for (a, targets) in &edges {
        for b in targets {
            if a < b && edges.get(b).is_some_and(|t| t.contains(a)) {
                both.push(format!("{} <-> {}", a.join("::"), b.join("::")));
            }
        }
    }
    assert!(edges.len() > 50, "read {} files", edges.len());
    assert_eq!(both, Vec::<String>::new(), "files that import each other");
}

/// Whether a query's name is a protocol's or a game's is told at one site,
/// `games::named` (issue #49): elsewhere a game's id is resolved only where it is known to
/// be one (gamedig's ids and `protocol-*` classes).
#[test]
fn a_name_is_told_protocol_or_game_in_one_place() {
    let resolving: Vec<String> = files()
        .into_iter()
        .filter(|(_, code)| code.contains("games::resolve("))
        .map(|(module, _)| module.join("::"))
        .collect();
    assert_eq!(
        resolving,
        ["gamedig"],
        "files telling a name apart themselves: use games::named"
    );
}

/// Issue #49: the query machinery in files a reader takes in whole.
#[test]
fn no_file_of_the_machinery_is_over_600_lines() {
    let root = Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("src");
    let mut long = Vec::new();
    let mut stack = vec![root.join("net"), root.join("call")];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let lines = fs::read_to_string(&path).unwrap().lines().count();
                if lines > 600 {
                    long.push(format!("{} ({lines})", path.strip_prefix(&root).unwrap().display()));
                }
            }
        }
    }
    assert!(long.is_empty(), "split these: {long:?}");
}

/// The scheduler every bulk query runs on is sans-IO: no runtime, socket or clock of its
/// own, so the WASM engine drives it too and its tests run on a virtual clock.
#[test]
fn the_scheduler_is_sans_io() {
    let mut seen = 0;
    for (module, code) in files() {
        if module.starts_with(&["call".to_string(), "schedule".to_string()]) {
            seen += 1;
            for io in ["tokio", "UdpSocket", "Instant", "std::time", "crate::net"] {
                assert!(!code.contains(io), "{} names {io}", module.join("::"));
            }
        }
    }
    assert!(seen >= 5, "the scheduler's files, found: {seen}");
}

/// Issue #49: a protocol's mapping says what its reply knows (`status::Known`); the fields
/// the machinery fills — `protocol`, `address`, `port`, `connect`, `game` — are filled at
/// one site each (`Status::at`, `Status::settle`), so no file but `status.rs` writes a
/// whole `Status` out. Found as a struct expression `Status {` whose fields name `connect`.
#[test]
fn only_the_status_module_writes_a_whole_status() {
    let mut writers = BTreeSet::new();
    let mut literals = 0;
    for (module, code) in files() {
        for (i, _) in code.match_indices("Status {") {
            if code[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut depth = 0;
            let body: String = code[i..]
                .chars()
                .take_while(|c| {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    !(depth == 0 && *c == '}')
                })
                .collect();
            if body.lines().any(|l| l.trim_start().starts_with("connect")) {
                literals += 1;
                writers.insert(module.join("::"));
            }
        }
    }
    assert!(
        literals >= 2,
        "the check found {literals} whole statuses: it reads nothing"
    );
    assert_eq!(writers, BTreeSet::from(["status".to_string()]));
}

/// Issue #49: each protocol's query options are declared once (`options::declare!`: the
/// reader, the names an unknown one is checked against, the CLI's flags and the
/// TypeScript type), so no protocol's folder lists the common options' names, reads them,
/// nor writes a TypeScript type that flattens them in.
#[test]
fn protocols_declare_their_options_once() {
    let protocols = protocols();
    let mut declared = BTreeSet::new();
    for (module, code) in files() {
        let Some(folder) = module.first().filter(|m| protocols.contains(*m)) else {
            continue;
        };
        // `page_query!` and `vendor_query!` declare their protocols' options through `declare!`.
        if code.contains("options::declare!")
            || code.contains("page::page_query!")
            || code.contains("vendor::vendor_query!")
        {
            declared.insert(folder.clone());
        }
        for by_hand in ["COMMON", "Common::read", "NetworkOptions"] {
            assert!(!code.contains(by_hand), "{} names {by_hand}", module.join("::"));
        }
    }
    assert!(protocols.len() >= 14, "{protocols:?}");
    let missing: Vec<_> = protocols.iter().filter(|p| !declared.contains(*p)).collect();
    assert!(missing.is_empty(), "not declared: {missing:?}");
}
