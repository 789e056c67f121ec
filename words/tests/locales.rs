//! The Fluent files themselves: every file parses; both languages have the same keys and
//! attributes with the same named arguments; the embedded list is the `locales/` folder;
//! plurals and numbers follow each language; and every key the code asks for exists.

use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use words::{Lang, Value};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every message and attribute (`key` or `key.attr`) of a language with the variables its
/// pattern uses (directly or through referenced messages of the same language).
fn signatures(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
    let mut patterns: BTreeMap<String, ast::Pattern<&str>> = BTreeMap::new();
    for (file_lang, name, source) in words::FILES {
        if *file_lang != lang {
            continue;
        }
        let resource = fluent_syntax::parser::parse(*source).unwrap_or_else(|(_, errors)| {
            panic!("{}/{name} does not parse: {errors:?}", lang.code())
        });
        for entry in resource.body {
            let ast::Entry::Message(message) = entry else {
                continue;
            };
            let id = message.id.name.to_string();
            if let Some(value) = message.value {
                let fresh = patterns.insert(id.clone(), value).is_none();
                assert!(fresh, "{}/{name}: {id} defined twice", lang.code());
            } else {
                patterns.insert(id.clone(), ast::Pattern { elements: vec![] });
            }
            for attribute in message.attributes {
                let key = format!("{id}.{}", attribute.id.name);
                let fresh = patterns.insert(key.clone(), attribute.value).is_none();
                assert!(fresh, "{}/{name}: {key} defined twice", lang.code());
            }
        }
    }
    patterns
        .keys()
        .map(|key| {
            let mut vars = BTreeSet::new();
            pattern_vars(&patterns, &patterns[key], &mut vars, 0);
            (key.clone(), vars)
        })
        .collect()
}

fn pattern_vars(
    all: &BTreeMap<String, ast::Pattern<&str>>,
    pattern: &ast::Pattern<&str>,
    vars: &mut BTreeSet<String>,
    depth: u8,
) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_vars(all, expression, vars, depth);
        }
    }
}

fn expression_vars(
    all: &BTreeMap<String, ast::Pattern<&str>>,
    expression: &ast::Expression<&str>,
    vars: &mut BTreeSet<String>,
    depth: u8,
) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_vars(all, selector, vars, depth);
            for variant in variants {
                pattern_vars(all, &variant.value, vars, depth);
            }
        }
        ast::Expression::Inline(inline) => inline_vars(all, inline, vars, depth),
    }
}

fn inline_vars(
    all: &BTreeMap<String, ast::Pattern<&str>>,
    inline: &ast::InlineExpression<&str>,
    vars: &mut BTreeSet<String>,
    depth: u8,
) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(all, a, vars, depth);
            }
            for a in &arguments.named {
                inline_vars(all, &a.value, vars, depth);
            }
        }
        ast::InlineExpression::MessageReference { id, attribute } if depth < 8 => {
            let key = match attribute {
                Some(a) => format!("{}.{}", id.name, a.name),
                None => id.name.to_string(),
            };
            if let Some(p) = all.get(&key) {
                pattern_vars(all, p, vars, depth + 1);
            }
        }
        ast::InlineExpression::Placeable { expression } => {
            expression_vars(all, expression, vars, depth)
        }
        _ => {}
    }
}

#[test]
fn every_file_parses_and_is_embedded() {
    for (lang, name, source) in words::FILES {
        if let Err((_, errors)) = fluent_syntax::parser::parse(*source) {
            panic!("locales/{}/{name}: {errors:?}", lang.code());
        }
        // The runtime parser agrees (what the bundles use).
        assert!(
            fluent_bundle_parses(source),
            "locales/{}/{name}",
            lang.code()
        );
    }
    for lang in Lang::ALL {
        let dir = root().join("locales").join(lang.code());
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".ftl"))
            .collect();
        on_disk.sort();
        let mut embedded: Vec<String> = words::FILES
            .iter()
            .filter(|(l, _, _)| *l == lang)
            .map(|(_, n, _)| n.to_string())
            .collect();
        embedded.sort();
        assert_eq!(on_disk, embedded, "words::FILES must list every .ftl file");
        for name in &embedded {
            let on_disk = std::fs::read_to_string(dir.join(name)).unwrap();
            let source = words::FILES
                .iter()
                .find(|(l, n, _)| *l == lang && n == name)
                .unwrap()
                .2;
            assert_eq!(on_disk, source, "{name} is embedded from its file");
        }
    }
}

fn fluent_bundle_parses(source: &str) -> bool {
    fluent_syntax::parser::parse_runtime(source).is_ok()
}

#[test]
fn both_languages_have_the_same_keys_and_arguments() {
    let en = signatures(Lang::En);
    assert!(!en.is_empty());
    for lang in Lang::ALL {
        let other = signatures(lang);
        let missing: Vec<&String> = en.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<&String> = other.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: missing {missing:?}, not in English {extra:?}",
            lang.code()
        );
        for (key, vars) in &en {
            assert_eq!(
                vars,
                &other[key],
                "{key}: the named arguments differ between en and {}",
                lang.code()
            );
        }
    }
}

#[test]
fn every_message_formats_without_errors_or_isolation_marks() {
    for lang in Lang::ALL {
        for key in signatures(lang).into_keys() {
            let (message, attribute) = match key.split_once('.') {
                Some((m, a)) => (m.to_string(), Some(a.to_string())),
                None => (key.clone(), None),
            };
            let out = match &attribute {
                Some(a) => words::exact(lang, &message, Some(a)),
                None if words::exact(lang, &message, None).is_none() => continue,
                None => words::exact(lang, &message, None),
            };
            let out = out.unwrap_or_else(|| panic!("{}: {key} missing", lang.code()));
            assert!(
                !out.contains(['\u{2068}', '\u{2069}']),
                "{}: {key} has isolation marks",
                lang.code()
            );
        }
    }
}

#[test]
fn a_missing_key_is_the_key_itself() {
    assert_eq!(words::text(Lang::Es, "no-such-key", &[]), "no-such-key");
    assert!(!words::has(Lang::En, "no-such-key"));
    assert!(words::has(Lang::Es, "no-game-here"));
}

#[test]
fn plurals_and_numbers_per_language() {
    let seconds = |lang, n: f64| words::text(lang, "duration-seconds", &[("count", n.into())]);
    assert_eq!(seconds(Lang::En, 1.0), "1 second");
    assert_eq!(seconds(Lang::En, 2.0), "2 seconds");
    assert_eq!(seconds(Lang::En, 0.0), "0 seconds");
    assert_eq!(seconds(Lang::En, 1500.0), "1,500 seconds");
    assert_eq!(seconds(Lang::Es, 1.0), "1 segundo");
    assert_eq!(seconds(Lang::Es, 2.0), "2 segundos");
    assert_eq!(seconds(Lang::Es, 0.0), "0 segundos");
    assert_eq!(seconds(Lang::Es, 1500.0), "1500 segundos");
    assert_eq!(seconds(Lang::Es, 15000.0), "15.000 segundos");
    let percent = |lang, n: f64| words::text(lang, "percent", &[("value", n.into())]);
    assert_eq!(percent(Lang::En, 62.56), "62.6%");
    assert_eq!(percent(Lang::Es, 62.56), "62,6 %");
    assert_eq!(percent(Lang::Es, 50.0), "50 %");
    // Strings pass through as they are.
    let game: Value = "palazzo".into();
    assert_eq!(
        words::text(Lang::En, "wrong-game", &[("game", game)]),
        "This channel is playing `palazzo`: use `/palazzo move`."
    );
}

/// Every `words::text(lang, "key", …)`, `words::attr(…, "key", …)` and
/// `words::exact(…, "key", …)` in the workspace's sources names a key that English has.
#[test]
fn every_key_the_code_asks_for_exists() {
    let mut files = Vec::new();
    for dir in [
        "commands/src",
        "table/src",
        "render/src",
        "src",
        "words/src",
    ] {
        rust_files(&root().join(dir), &mut files);
    }
    let mut asked = 0;
    let mut unknown = Vec::new();
    for file in files {
        let source = std::fs::read_to_string(&file).unwrap();
        for call in ["words::text(", "words::attr(", "words::exact("] {
            for (at, _) in source.match_indices(call) {
                let Some(key) = literal_key(&source[at + call.len()..]) else {
                    continue;
                };
                asked += 1;
                if !words::has(Lang::En, &key) {
                    unknown.push(format!("{}: {key}", file.display()));
                }
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "keys missing from locales/en: {unknown:?}"
    );
    assert!(asked > 0, "the scanner found no call");
}

/// The second argument of a call when it is a string literal: skips the first argument
/// (to the first comma outside brackets).
fn literal_key(args: &str) -> Option<String> {
    let mut depth = 0i32;
    let mut rest = None;
    for (i, c) in args.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth == 0 => return None,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                rest = Some(&args[i + 1..]);
                break;
            }
            _ => {}
        }
    }
    let rest = rest?.trim_start().strip_prefix('"')?;
    let end = rest.find('"')?;
    Some(rest[..end].to_string())
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Lines whose string literals are not player-facing: logs, panics, attributes (option
/// descriptions and choice names are replaced from the Fluent files at registration),
/// ids and test helpers. Matched as substrings of the line.
const NOT_PLAYER_FACING: &[&str] = &[
    "tracing::",
    "info!(",
    "warn!(",
    "error!(",
    "debug!(",
    "trace!(",
    "panic!(",
    "unreachable!(",
    ".expect(",
    "assert",
    "#[description",
    "#[name",
    "#[poise::command",
    "#[error(", // thiserror: moved by variant in a later step, counted there
    // The operator's terminal, not a player: startup and configuration errors of the bot
    // (commands/src/lib.rs, bot.rs), and a failed request's reason, which is only logged.
    "The shard ",
    "Shard {last} does not exist",
    "`--shards {}` needs",
    "cannot start the async runtime",
    "cannot create data dir",
    "is another capomaestro running",
    "the bot was set up twice",
    "cannot create the Discord client",
    "Discord connection failed",
    "HTTP {status}",
    "no id in the answer: {answer}",
    "cannot start the loopback relay",
    // commands/src/relay.rs: a relayed request's failure, read by serenity's log only.
    "unreadable body: {e}",
    "upstream: {e}",
    // table/src/ratings/anchors.rs: a malformed line of the repository's anchors table,
    // caught by its own test before any player could meet it.
    "anchors line {}",
    // The move panel's grammar (commands/src/panel/rules.rs): each `rule(…)` holds an
    // action pattern in the engines' own syntax (`build *tile on *palace`) and Fluent
    // keys; its texts are in panels.ftl.
    "rule(",
    // table/: log lines whose macro starts on the line before.
    "another process moved this game first",
    "undo: the log replays to another state",
    // table/: a bot's seat name ("Bot Lorenzo (normal)"), a name like a player's.
    "\"Bot {name} (",
    // table/: why a stored game is quarantined, for the operator (kept in the store).
    "of the log could not be replayed\"",
    "an undo cannot be applied after a snapshot",
    "unknown game `{}`",
    "the game state is missing",
    "game state unreadable: {e}",
];

/// The string literals with a space in them (sentences, not ids) outside tests and the
/// lines of [`NOT_PLAYER_FACING`], in the crates whose texts players read: none may be
/// left (a new text goes into `locales/<lang>/*.ftl`, in every language).
#[test]
fn no_player_facing_literal_outside_fluent() {
    let mut files = Vec::new();
    for dir in ["commands/src", "table/src", "render/src"] {
        rust_files(&root().join(dir), &mut files);
    }
    files.sort();
    let mut total = 0;
    for file in &files {
        if test_module(file) {
            continue;
        }
        let source = std::fs::read_to_string(file).unwrap();
        let found = player_facing_literals(&source);
        if !found.is_empty() {
            println!("{}: {}", file.display(), found.len());
            for (line, literal) in found.iter().take(3) {
                println!("    {line}: {literal:?}");
            }
        }
        total += found.len();
    }
    println!("{total} player-facing literals outside locales/");
    assert_eq!(total, 0, "texts still outside the Fluent files");
}

/// Whether `file` is a test module in a file of its own, which the scanner skips like an
/// inline `#[cfg(test)]` module: a file named `tests.rs`, or one whose `mod` line in its
/// parent (`mod.rs`, `lib.rs`, `main.rs` beside it, or `<dir>.rs` above) is under
/// `#[cfg(test)]`.
fn test_module(file: &Path) -> bool {
    let Some(name) = file.file_stem().and_then(|s| s.to_str()) else {
        return false;
    };
    if name == "tests" {
        return true;
    }
    let Some(dir) = file.parent() else {
        return false;
    };
    let mut parents: Vec<PathBuf> = ["mod.rs", "lib.rs", "main.rs"]
        .iter()
        .map(|p| dir.join(p))
        .collect();
    parents.push(dir.with_extension("rs"));
    parents
        .iter()
        .filter(|p| p.as_path() != file)
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .any(|source| declared_under_cfg_test(&source, name))
}

/// Whether `source` declares `mod <name>;` with `#[cfg(test)]` among the attributes just
/// above it.
fn declared_under_cfg_test(source: &str, name: &str) -> bool {
    let lines: Vec<&str> = source.lines().map(str::trim).collect();
    let declarations = [format!("mod {name};"), format!("pub mod {name};")];
    lines.iter().enumerate().any(|(i, line)| {
        declarations.iter().any(|d| line == d)
            && lines[..i]
                .iter()
                .rev()
                .take_while(|l| l.starts_with("#["))
                .any(|l| l.replace(' ', "") == "#[cfg(test)]")
    })
}

/// (line number, literal) of each sentence-like string literal in `source`, before its
/// `#[cfg(test)]` module, skipping comments and the excepted lines. An excepted line that
/// opens a call it does not close (a log macro whose message rustfmt put on the next
/// line) excepts the lines up to the call's end too.
fn player_facing_literals(source: &str) -> Vec<(usize, String)> {
    let code = source.split("#[cfg(test)]").next().unwrap_or_default();
    let mut out = Vec::new();
    let mut open_call = 0i32;
    for (n, line) in code.lines().enumerate() {
        let trimmed = line.trim_start();
        if open_call > 0 {
            open_call += paren_balance(line);
            continue;
        }
        if trimmed.starts_with("//") {
            continue;
        }
        if NOT_PLAYER_FACING.iter().any(|x| line.contains(x)) {
            open_call = paren_balance(line).max(0);
            continue;
        }
        for literal in line_literals(line) {
            if literal.contains(' ') && literal.chars().any(char::is_alphabetic) {
                out.push((n + 1, literal));
            }
        }
    }
    out
}

/// Opening minus closing brackets `(` `)` of one line, outside string literals and
/// comments.
fn paren_balance(line: &str) -> i32 {
    let mut balance = 0;
    let mut chars = line.chars().peekable();
    let mut in_string = false;
    let mut escaped = false;
    while let Some(c) = chars.next() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '/' if chars.peek() == Some(&'/') => break,
            '\'' if chars.peek() == Some(&'"') => {
                chars.next();
                chars.next();
            }
            '"' => in_string = true,
            '(' => balance += 1,
            ')' => balance -= 1,
            _ => {}
        }
    }
    balance
}

/// The `"…"` literals of one line (a literal continued on the next line counts once,
/// by its first line); `'"'` char literals and `//` comments are skipped.
fn line_literals(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    let mut previous = ' ';
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => break,
            '\'' if chars.peek() == Some(&'"') => {
                chars.next();
                chars.next();
            }
            '"' if previous != '\\' => {
                let mut literal = String::new();
                let mut escaped = false;
                for d in chars.by_ref() {
                    if escaped {
                        escaped = false;
                        literal.push(d);
                    } else if d == '\\' {
                        escaped = true;
                    } else if d == '"' {
                        break;
                    } else {
                        literal.push(d);
                    }
                }
                out.push(literal);
            }
            _ => {}
        }
        previous = c;
    }
    out
}

#[test]
fn the_literal_scanner_finds_sentences_not_ids_logs_or_tests() {
    let source = r#"
fn a() -> String {
    let id = "hand:1";
    tracing::warn!("a log line with spaces");
    tracing::info!(
        channel,
        "a log line rustfmt wrapped (with brackets)"
    );
    // "a comment with spaces"
    format!("You are not seated at this table.") + "x"
}
#[cfg(test)]
mod tests { const T: &str = "a test sentence"; }
"#;
    let found = player_facing_literals(source);
    assert_eq!(
        found,
        vec![(10, "You are not seated at this table.".to_string())]
    );
    // Test modules in files of their own are skipped too: `tests.rs`, and any module its
    // parent declares under `#[cfg(test)]`.
    assert!(test_module(Path::new("commands/src/panel/tests.rs")));
    assert!(test_module(
        &root()
            .join("commands")
            .join("src")
            .join("panel")
            .join("tests.rs")
    ));
    assert!(!test_module(
        &root()
            .join("commands")
            .join("src")
            .join("panel")
            .join("rules.rs")
    ));
    let parent = "mod rules;\n#[cfg(test)]\n#[allow(unused)]\nmod checks;\npub mod view;\n";
    assert!(declared_under_cfg_test(parent, "checks"));
    assert!(!declared_under_cfg_test(parent, "rules"));
    assert!(!declared_under_cfg_test(parent, "view"));
}
