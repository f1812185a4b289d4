//! The one-way house (docs/ARCHITECTURE.md): the replayer knows no log format, and no crate's
//! normal dependencies go round in a circle. Read from the workspace's manifests: the
//! `[dependencies]` of each crate, followed through the workspace's own crates (what
//! `cargo tree -e normal` draws).

use std::collections::{BTreeMap, BTreeSet};

/// Each workspace crate's name and its normal dependencies among the workspace's crates.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = haifu_testkit::workspace_root();
    let mut crates = BTreeMap::new();
    for dir in std::fs::read_dir(root.join("crates")).expect("crates/ reads") {
        let manifest = dir.expect("an entry").path().join("Cargo.toml");
        let Ok(text) = std::fs::read_to_string(&manifest) else {
            continue;
        };
        let doc: toml::Table = toml::from_str(&text).expect("a manifest");
        let name = doc["package"]["name"].as_str().expect("a name").to_owned();
        let deps = doc
            .get("dependencies")
            .and_then(|d| d.as_table())
            .map(|t| {
                t.iter()
                    .map(|(key, value)| {
                        // `alias = { package = "…" }` names the crate by `package`.
                        value
                            .get("package")
                            .and_then(|p| p.as_str())
                            .unwrap_or(key)
                            .to_owned()
                    })
                    .filter(|d| d == "haifu" || d.starts_with("haifu-"))
                    .collect()
            })
            .unwrap_or_default();
        crates.insert(name, deps);
    }
    crates
}

/// Everything `from` depends on, directly or through others.
fn reach(graph: &BTreeMap<String, BTreeSet<String>>, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![from.to_owned()];
    while let Some(c) = todo.pop() {
        for d in graph.get(&c).into_iter().flatten() {
            if seen.insert(d.clone()) {
                todo.push(d.clone());
            }
        }
    }
    seen
}

#[test]
fn the_replayer_knows_no_log_format() {
    let graph = graph();
    assert!(graph.contains_key("haifu-replay"), "{graph:?}");
    let reach = reach(&graph, "haifu-replay");
    let allowed: BTreeSet<String> = ["haifu-tiles", "haifu-log", "haifu-ruleset", "haifu-rules"]
        .map(str::to_owned)
        .into();
    let beyond: Vec<&String> = reach.difference(&allowed).collect();
    assert!(
        beyond.is_empty(),
        "haifu-replay depends on {beyond:?}: it may know haifu-tiles, haifu-log, haifu-ruleset and haifu-rules only"
    );
}

#[test]
fn no_crate_depends_on_itself() {
    let graph = graph();
    for name in graph.keys() {
        assert!(
            !reach(&graph, name).contains(name),
            "{name} depends on itself through its dependencies"
        );
    }
}
