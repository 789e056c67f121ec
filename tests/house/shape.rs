//! The code's shape: no source file over 1,000 lines of non-test code without a written
//! reason at its top, and no import circle between the files of `commands/` or `table/`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Most lines of non-test code a source file holds without a reason at its top.
const MAX_LINES: usize = 1_000;
/// How a file that needs more says why, in its leading `//!` block.
const REASON: &str = "//! Longer than 1,000 lines because";
/// Crates whose files must not import each other in a circle.
const NO_CIRCLES: [&str; 2] = ["commands", "table"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The `src/` directories of the workspace's crates (the root crate's and every member's).
fn source_dirs() -> Vec<PathBuf> {
    let root = root();
    let mut dirs = vec![root.join("src")];
    let mut members: Vec<PathBuf> = fs::read_dir(&root)
        .expect("the workspace root is readable")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("Cargo.toml").is_file() && p.join("src").is_dir())
        .collect();
    members.sort();
    dirs.extend(members.into_iter().map(|p| p.join("src")));
    dirs
}

/// The lines of `text` outside `#[cfg(test)]` modules written inline (`mod x { … }`).
/// rustfmt closes such a module with a `}` at the indentation of its `mod` line.
fn non_test_lines(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() == "#[cfg(test)]" {
            let mut j = i + 1;
            while j < lines.len() && lines[j].trim_start().starts_with("#[") {
                j += 1;
            }
            if let Some(line) = lines.get(j) {
                let body = line.trim_start();
                let indent = &line[..line.len() - body.len()];
                let body = body
                    .strip_prefix("pub(crate) ")
                    .or_else(|| body.strip_prefix("pub "))
                    .unwrap_or(body);
                if body.starts_with("mod ") && body.ends_with('{') {
                    let close = format!("{indent}}}");
                    let end = lines[j + 1..]
                        .iter()
                        .position(|l| *l == close)
                        .map_or(lines.len(), |k| j + 1 + k);
                    i = end + 1;
                    continue;
                }
            }
        }
        kept.push(lines[i]);
        i += 1;
    }
    kept
}

fn has_reason(text: &str) -> bool {
    text.lines()
        .take_while(|l| l.starts_with("//!") || l.trim().is_empty())
        .any(|l| l.starts_with(REASON))
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn no_source_file_is_over_a_thousand_lines_without_a_reason() {
    let mut long = Vec::new();
    let mut seen = 0;
    for dir in source_dirs() {
        let mut files = Vec::new();
        rust_files(&dir, &mut files);
        for file in files {
            seen += 1;
            let text = fs::read_to_string(&file).expect("a source file is readable");
            let count = non_test_lines(&text).len();
            if count > MAX_LINES && !has_reason(&text) {
                long.push(format!(
                    "{} ({count} lines of non-test code)",
                    relative(&file)
                ));
            }
        }
    }
    assert!(
        seen > 100,
        "found only {seen} source files: is the workspace layout what this test expects?"
    );
    assert!(
        long.is_empty(),
        "source files over {MAX_LINES} lines of non-test code, without a `{REASON} …` line at their top \
         (split them by concern, or say why not):\n  {}",
        long.join("\n  ")
    );
}

#[test]
fn counting_leaves_out_test_modules() {
    let text = "fn a() {}\n#[cfg(test)]\nmod tests {\n    fn b() {\n    }\n}\nfn c() {}\n";
    assert_eq!(non_test_lines(text), vec!["fn a() {}", "fn c() {}"]);
    assert!(has_reason(
        "//! Engine.\n//! Longer than 1,000 lines because one table.\nuse x;\n"
    ));
    assert!(!has_reason(
        "use x;\n//! Longer than 1,000 lines because late.\n"
    ));
}

/// `text` with comments, string and character literals blanked out, so paths written in
/// prose or in messages are not read as imports.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !prev_is_ident(&chars, i)
        {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (0..hashes).all(|h| chars.get(j + 1 + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A character literal ('a', '\n', '\u{1F600}') or a lifetime ('a).
            if next == Some('\\') {
                let close = chars[i + 2..]
                    .iter()
                    .position(|&ch| ch == '\'')
                    .map_or(chars.len(), |k| i + 2 + k);
                i = close + 1;
                out.push_str("' '");
            } else if chars.get(i + 2) == Some(&'\'') {
                i += 3;
                out.push_str("' '");
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn prev_is_ident(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// The paths of a `use` tree (`a::{b, c::{d, e}}` → `a::b`, `a::c::d`, `a::c::e`).
fn expand_use(tree: &str) -> Vec<String> {
    // `x as y` names `x`: mark the renaming before the spaces go.
    let tree = tree
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(" as ", "@");
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = Vec::new();
    expand_into("", &tree, &mut out);
    out
}

fn expand_into(prefix: &str, tree: &str, out: &mut Vec<String>) {
    if let Some(open) = tree.find('{') {
        let head = &tree[..open];
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut depth = 0;
        let mut start = 0;
        let mut parts = Vec::new();
        for (k, ch) in inner.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&inner[start..k]);
                    start = k + 1;
                }
                _ => {}
            }
        }
        parts.push(&inner[start..]);
        for part in parts.into_iter().filter(|p| !p.is_empty()) {
            expand_into(&format!("{prefix}{head}"), part, out);
        }
    } else {
        let path = tree.split('@').next().unwrap_or(tree);
        out.push(format!("{prefix}{path}"));
    }
}

/// One crate's files as modules: module path (`["outbox", "sender"]`) → file.
struct Crate {
    modules: BTreeMap<Vec<String>, PathBuf>,
}

impl Crate {
    fn read(src: &Path) -> Crate {
        let mut files = Vec::new();
        rust_files(src, &mut files);
        let mut modules = BTreeMap::new();
        for file in files {
            let rel = file.strip_prefix(src).expect("under src");
            let mut parts: Vec<String> = rel
                .iter()
                .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            modules.insert(parts, file);
        }
        Crate { modules }
    }

    /// The file a module path names: the deepest module that is a file of its own.
    fn file_of(&self, path: &[String]) -> Option<(&Vec<String>, &PathBuf)> {
        (0..=path.len())
            .rev()
            .find_map(|n| self.modules.get_key_value(&path[..n]))
    }

    /// The modules one file imports from (`use crate::…`, `super::…`, `self::…` and the
    /// same paths written inline), as absolute module paths, its test modules left out.
    fn imports_of(&self, module: &[String]) -> Vec<Vec<String>> {
        let file = &self.modules[module];
        let text = fs::read_to_string(file).expect("a source file is readable");
        let code = code_only(&non_test_lines(&text).join("\n"));
        let mut paths = Vec::new();
        // `use` statements, whose trees may group several paths.
        let mut rest = code.as_str();
        let is_map = is_map(file);
        while let Some(at) = find_word(rest, "use") {
            let after = &rest[at + 3..];
            let end = after.find(';').unwrap_or(after.len());
            // A map's re-exports are its index, not its imports.
            let reexport = ["pub ", "pub(crate) ", "pub(super) "]
                .iter()
                .any(|p| rest[..at].ends_with(p));
            if !(is_map && reexport) {
                paths.extend(expand_use(&after[..end]));
            }
            rest = &after[end..];
        }
        // Paths written inline: `crate::x::Y`, `super::x`.
        for start in ["crate::", "super::", "self::"] {
            let mut from = 0;
            while let Some(k) = code[from..].find(start) {
                let at = from + k;
                from = at + start.len();
                if at > 0
                    && code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
                {
                    continue;
                }
                let path: String = code[at..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                paths.push(path);
            }
        }
        let mut out = Vec::new();
        for path in paths {
            let segs: Vec<String> = path
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            let Some(first) = segs.first() else { continue };
            let here: Vec<String> = module.to_vec();
            let absolute = match first.as_str() {
                "crate" => segs[1..].to_vec(),
                "self" => [here.clone(), segs[1..].to_vec()].concat(),
                "super" => {
                    let mut base = if is_map {
                        here.clone()
                    } else {
                        here[..here.len().saturating_sub(1)].to_vec()
                    };
                    let mut k = 0;
                    while segs.get(k).is_some_and(|s| s == "super") {
                        if k > 0 || is_map {
                            base.pop();
                        }
                        k += 1;
                    }
                    [base, segs[k..].to_vec()].concat()
                }
                // A path from a child module declared in this file (`use sender::Run` in a map).
                child
                    if self
                        .modules
                        .contains_key(&[here.clone(), vec![child.to_string()]].concat()) =>
                {
                    [here.clone(), segs].concat()
                }
                _ => continue,
            };
            out.push(absolute);
        }
        out
    }

    /// Where a name a crate-root or `mod.rs` file re-exports comes from: `crate::Data` →
    /// the module that defines `Data` when the root says `pub use bot::Data`.
    fn reexports(&self) -> BTreeMap<Vec<String>, Vec<String>> {
        let mut map = BTreeMap::new();
        for (module, file) in &self.modules {
            if !is_map(file) {
                continue;
            }
            let text = fs::read_to_string(file).expect("a source file is readable");
            let code = code_only(&non_test_lines(&text).join("\n"));
            for line in code.split(';') {
                let line = line.trim();
                let Some(tree) = line
                    .strip_prefix("pub use ")
                    .or_else(|| line.strip_prefix("pub(crate) use "))
                    .or_else(|| line.rsplit_once("\npub use ").map(|(_, t)| t))
                    .or_else(|| line.rsplit_once("\npub(crate) use ").map(|(_, t)| t))
                else {
                    continue;
                };
                for path in expand_use(tree) {
                    let segs: Vec<String> = path.split("::").map(str::to_string).collect();
                    let segs = match segs.first().map(String::as_str) {
                        Some("crate") => segs[1..].to_vec(),
                        Some("self") => [module.clone(), segs[1..].to_vec()].concat(),
                        _ => [module.clone(), segs].concat(),
                    };
                    if let Some(name) = segs.last() {
                        if self
                            .file_of(&segs[..segs.len() - 1])
                            .is_some_and(|(m, _)| m.len() > module.len())
                        {
                            map.insert([module.clone(), vec![name.clone()]].concat(), segs);
                        }
                    }
                }
            }
        }
        map
    }

    /// File → files it imports from. A crate root or a `mod.rs` is the map of its
    /// directory: its `mod` lines and re-exports are not imports, and a path through a
    /// re-export leads to the file that defines the item. The crate root itself is left
    /// out: every file hangs from it (its modules are its children), so it is the map,
    /// not a file among files.
    fn graph(&self) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
        let reexports = self.reexports();
        let mut graph = BTreeMap::new();
        for (module, file) in &self.modules {
            if module.is_empty() {
                continue;
            }
            let mut edges = BTreeSet::new();
            for mut path in self.imports_of(module) {
                for _ in 0..4 {
                    match (1..=path.len())
                        .rev()
                        .find_map(|n| reexports.get(&path[..n]).map(|to| (n, to)))
                    {
                        Some((n, to)) => path = [to.clone(), path[n..].to_vec()].concat(),
                        None => break,
                    }
                }
                if let Some((target, to)) = self.file_of(&path) {
                    if target != module && !target.is_empty() {
                        edges.insert(to.clone());
                    }
                }
            }
            graph.insert(file.clone(), edges);
        }
        graph
    }
}

/// A crate root or a directory's `mod.rs`: the map of the modules under it.
fn is_map(file: &Path) -> bool {
    file.file_name()
        .is_some_and(|n| n == "mod.rs" || n == "lib.rs" || n == "main.rs")
}

fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(k) = text[from..].find(word) {
        let at = from + k;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let boundary = |c: Option<char>| !c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        if boundary(before) && after.is_some_and(char::is_whitespace) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// A circle in `graph`, if any, as the files along it (the first repeated at the end).
fn find_circle(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Option<Vec<PathBuf>> {
    // 0 unseen, 1 on the current path, 2 done.
    let mut state: BTreeMap<&PathBuf, u8> = BTreeMap::new();
    fn visit<'a>(
        node: &'a PathBuf,
        graph: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        state: &mut BTreeMap<&'a PathBuf, u8>,
        path: &mut Vec<&'a PathBuf>,
    ) -> Option<Vec<PathBuf>> {
        state.insert(node, 1);
        path.push(node);
        for next in graph.get(node).into_iter().flatten() {
            match state.get(next).copied().unwrap_or(0) {
                1 => {
                    let start = path.iter().position(|p| *p == next).unwrap_or(0);
                    let mut circle: Vec<PathBuf> =
                        path[start..].iter().map(|p| (*p).clone()).collect();
                    circle.push(next.clone());
                    return Some(circle);
                }
                0 => {
                    if let Some(circle) = visit(next, graph, state, path) {
                        return Some(circle);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(node, 2);
        None
    }
    for node in graph.keys() {
        if state.get(node).copied().unwrap_or(0) == 0 {
            if let Some(circle) = visit(node, graph, &mut state, &mut Vec::new()) {
                return Some(circle);
            }
        }
    }
    None
}

#[test]
fn no_import_circle_between_files_of_commands_or_table() {
    let mut circles = Vec::new();
    for name in NO_CIRCLES {
        let src = root().join(name).join("src");
        let krate = Crate::read(&src);
        assert!(
            krate.modules.len() > 5,
            "found only {} files in {}",
            krate.modules.len(),
            src.display()
        );
        let mut graph = krate.graph();
        let edges: usize = graph.values().map(BTreeSet::len).sum();
        assert!(
            edges > 5,
            "found only {edges} imports between the files of {}",
            src.display()
        );
        while let Some(circle) = find_circle(&graph) {
            circles.push(
                circle
                    .iter()
                    .map(|p| relative(p))
                    .collect::<Vec<_>>()
                    .join(" → "),
            );
            // Report every circle: cut the edge that closed this one and look again.
            let (from, to) = (&circle[circle.len() - 2], &circle[circle.len() - 1]);
            graph.get_mut(from).expect("a node").remove(to);
        }
    }
    assert!(
        circles.is_empty(),
        "files that import each other in a circle:\n  {}",
        circles.join("\n  ")
    );
}

#[test]
fn import_reading_finds_grouped_and_inline_paths_and_circles() {
    assert_eq!(
        expand_use(" crate::{a::X, b::{c, d as e}}"),
        vec!["crate::a::X", "crate::b::c", "crate::b::d"]
    );
    let code =
        code_only("let s = \"crate::x::Y\"; // crate::z\nlet c = 'a'; fn f<'a>() {}\ncrate::q::R");
    assert!(
        !code.contains("crate::x") && !code.contains("crate::z") && code.contains("crate::q::R")
    );
    let (a, b, c) = (
        PathBuf::from("a.rs"),
        PathBuf::from("b.rs"),
        PathBuf::from("c.rs"),
    );
    let mut graph = BTreeMap::new();
    graph.insert(a.clone(), BTreeSet::from([b.clone()]));
    graph.insert(b.clone(), BTreeSet::from([c.clone()]));
    graph.insert(c.clone(), BTreeSet::new());
    assert_eq!(find_circle(&graph), None);
    graph.get_mut(&c).unwrap().insert(a.clone());
    assert_eq!(find_circle(&graph), Some(vec![a.clone(), b, c, a]));
}
