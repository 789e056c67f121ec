//! Cargo.toml's `[profile.dev.package]` names the crates that only run while building
//! (proc macros and what only they or build scripts use) so that they build unoptimized:
//! this check keeps that list equal to what the lock file says, so a new proc macro or
//! build-script helper does not quietly build optimized (or a runtime crate slow).

use serde_json::Value;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::process::Command;

/// Runs a tool of the toolchain that is running this test and returns its output.
fn run(tool: &str, fallback: &str, args: &[&str]) -> String {
    let program = std::env::var(tool).unwrap_or_else(|_| fallback.to_string());
    let out = Command::new(&program)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
    assert!(
        out.status.success(),
        "{program} {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The crates of the lock file (for this machine's platform) that no workspace crate
/// reaches at run time: proc macros, and what only proc macros and build scripts use.
fn build_only_crates() -> BTreeSet<String> {
    let version = run("RUSTC", "rustc", &["-vV"]);
    let host = version
        .lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("rustc -vV names the host");
    let meta: Value = serde_json::from_str(&run(
        "CARGO",
        "cargo",
        &[
            "metadata",
            "--format-version",
            "1",
            "--locked",
            "--filter-platform",
            host,
        ],
    ))
    .expect("cargo metadata prints JSON");
    let packages: HashMap<&str, &Value> = meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .map(|p| (p["id"].as_str().expect("id"), p))
        .collect();
    let proc_macro = |id: &str| {
        packages[id]["targets"]
            .as_array()
            .expect("targets")
            .iter()
            .any(|t| {
                t["kind"]
                    .as_array()
                    .expect("kind")
                    .iter()
                    .any(|k| k == "proc-macro")
            })
    };
    let nodes: HashMap<&str, &Value> = meta["resolve"]["nodes"]
        .as_array()
        .expect("resolve nodes")
        .iter()
        .map(|n| (n["id"].as_str().expect("id"), n))
        .collect();
    // Walk from the workspace along normal and dev dependencies, stopping at proc macros.
    let mut runtime = HashSet::new();
    let mut stack: Vec<&str> = meta["workspace_members"]
        .as_array()
        .expect("workspace members")
        .iter()
        .map(|m| m.as_str().expect("member id"))
        .collect();
    while let Some(id) = stack.pop() {
        if proc_macro(id) || !runtime.insert(id) {
            continue;
        }
        for dep in nodes[id]["deps"].as_array().expect("deps") {
            let kinds = dep["dep_kinds"].as_array().expect("dep kinds");
            if kinds
                .iter()
                .any(|k| k["kind"].is_null() || k["kind"] == "dev")
            {
                stack.push(dep["pkg"].as_str().expect("dep id"));
            }
        }
    }
    let name = |id: &str| packages[id]["name"].as_str().expect("name").to_string();
    let runtime_names: HashSet<String> = runtime.iter().map(|id| name(id)).collect();
    nodes
        .keys()
        .filter(|id| !runtime.contains(*id))
        .map(|id| name(id))
        .filter(|n| !runtime_names.contains(n))
        .collect()
}

/// The crates Cargo.toml builds at `opt-level = 0` in the dev profile.
fn listed_unoptimized() -> BTreeSet<String> {
    let manifest = include_str!("../Cargo.toml");
    let doc: toml::Table = manifest.parse().expect("Cargo.toml parses");
    doc["profile"]["dev"]["package"]
        .as_table()
        .expect("[profile.dev.package]")
        .iter()
        .filter(|(_, v)| v.get("opt-level").and_then(toml::Value::as_integer) == Some(0))
        .map(|(k, _)| k.clone())
        .collect()
}

#[test]
fn the_crates_built_unoptimized_are_the_build_only_ones() {
    let build_only = build_only_crates();
    let listed = listed_unoptimized();
    assert!(
        build_only.contains("syn"),
        "the walk found no proc macro helper"
    );
    let missing: Vec<_> = build_only.difference(&listed).collect();
    let extra: Vec<_> = listed.difference(&build_only).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "Cargo.toml's [profile.dev.package] list is out of date: add {missing:?} (they only \
         run while building), remove {extra:?} (they run in the program or its tests)"
    );
}
