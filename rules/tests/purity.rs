//! The engines stay pure: the `rules` crate's dependency tree (from Cargo.lock) holds no
//! async runtime, no Discord library and no database.

use std::collections::{BTreeMap, BTreeSet};

fn lock_graph() -> BTreeMap<String, Vec<String>> {
    let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.lock"))
        .expect("Cargo.lock");
    let mut graph = BTreeMap::new();
    for block in lock.split("[[package]]").skip(1) {
        let name = block
            .lines()
            .find_map(|l| l.strip_prefix("name = \""))
            .map(|n| n.trim_end_matches('"').to_string())
            .unwrap_or_default();
        let mut deps = Vec::new();
        if let Some(start) = block.find("dependencies = [") {
            for line in block[start..].lines().skip(1) {
                if line.starts_with(']') {
                    break;
                }
                let dep = line.trim().trim_matches(|c| c == '"' || c == ',');
                deps.push(dep.split(' ').next().unwrap_or("").to_string());
            }
        }
        graph.entry(name).or_insert_with(Vec::new).extend(deps);
    }
    graph
}

#[test]
fn rules_depends_on_no_runtime_discord_or_database() {
    let graph = lock_graph();
    let manifest =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")).unwrap();
    // Normal dependencies only (dev-dependencies never reach users).
    let normal = manifest
        .split("[dependencies]")
        .nth(1)
        .unwrap()
        .split("\n[")
        .next()
        .unwrap();
    let mut todo: Vec<String> = normal
        .lines()
        .filter_map(|l| l.split(['.', ' ', '=']).next())
        .filter(|n| !n.is_empty() && !n.starts_with('#'))
        .map(str::to_string)
        .collect();
    assert!(todo.contains(&"serde".to_string()), "{todo:?}");
    let mut seen = BTreeSet::new();
    while let Some(p) = todo.pop() {
        if seen.insert(p.clone()) {
            todo.extend(graph.get(&p).cloned().unwrap_or_default());
        }
    }
    for banned in ["tokio", "serenity", "poise", "sled", "reqwest"] {
        assert!(!seen.contains(banned), "rules pulls in {banned}: {seen:?}");
    }
    assert!(seen.contains("rand_chacha"));
}
