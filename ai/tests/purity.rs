//! The bots stay pure like the engines: the `ai` library depends on `rules` and `rand`
//! alone (its manifest), its dependency tree (from Cargo.lock) holds no async runtime,
//! no Discord library and no database, and its source reads no clock, file, network or
//! thread.

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
fn ai_depends_on_rules_and_rand_only() {
    // The library's own dependencies, from its manifest (its tests may use more: the
    // lock file does not tell the two apart).
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .expect("ai/Cargo.toml");
    let direct: Vec<String> = manifest
        .split("\n[")
        .find(|table| table.starts_with("dependencies]"))
        .expect("a [dependencies] table")
        .lines()
        .skip(1)
        .filter_map(|line| line.split(['=', '.']).next())
        .map(|name| name.trim().to_string())
        .filter(|name| !name.is_empty() && !name.starts_with('#'))
        .collect();
    let allowed = ["rules", "rand", "rand_chacha"];
    for dep in &direct {
        assert!(allowed.contains(&dep.as_str()), "ai depends on {dep}");
    }
    assert!(direct.contains(&"rules".to_string()), "{direct:?}");
    let graph = lock_graph();
    let mut seen = BTreeSet::new();
    let mut todo = graph.get("ai").cloned().expect("ai in Cargo.lock");
    while let Some(p) = todo.pop() {
        if seen.insert(p.clone()) {
            todo.extend(graph.get(&p).cloned().unwrap_or_default());
        }
    }
    for banned in [
        "tokio", "serenity", "poise", "sled", "reqwest", "table", "storage",
    ] {
        assert!(!seen.contains(banned), "ai pulls in {banned}: {seen:?}");
    }
    assert!(seen.contains("rules"));
}

#[test]
fn ai_source_reads_no_clock_file_network_or_thread() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut files = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        files += 1;
        for banned in [
            "std::time",
            "Instant",
            "SystemTime",
            "std::fs",
            "std::io",
            "std::net",
            "std::thread",
            "std::env",
            "thread_rng",
            "async ",
        ] {
            assert!(!text.contains(banned), "{} uses {banned}", path.display());
        }
    }
    assert!(files >= 3, "read {files} source files");
}
