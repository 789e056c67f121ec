//! The papers: every relative link (and its `#anchor`) in the tracked markdown resolves,
//! every command in the README's `console` blocks runs as shown, and no text refers to
//! the numbered work periods the project was built in.

use std::collections::{BTreeSet, HashMap};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The repository's tracked files (relative paths): `git ls-files`, or, where the sources
/// are not a git checkout, every file outside `target/` and hidden folders.
fn tracked_files() -> Vec<PathBuf> {
    let git = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root())
        .output();
    if let Ok(out) = git {
        if out.status.success() && !out.stdout.is_empty() {
            return out
                .stdout
                .split(|b| *b == 0)
                .filter(|p| !p.is_empty())
                .map(|p| PathBuf::from(String::from_utf8_lossy(p).into_owned()))
                .filter(|p| root().join(p).is_file())
                .collect();
        }
    }
    let mut files = Vec::new();
    let mut dirs = vec![PathBuf::new()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(root().join(&dir)).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().into_owned();
            let rel = dir.join(&name);
            if entry.file_type().unwrap().is_dir() {
                if !name.starts_with('.') && name != "target" {
                    dirs.push(rel);
                }
            } else {
                files.push(rel);
            }
        }
    }
    files
}

fn markdown_files() -> Vec<PathBuf> {
    tracked_files()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect()
}

/// The lines of a markdown text outside fenced code blocks, with their numbers (from 1).
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fence: Option<&str> = None;
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker = if trimmed.starts_with("```") {
            Some("```")
        } else if trimmed.starts_with("~~~") {
            Some("~~~")
        } else {
            None
        };
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(f), Some(m)) if f == m && trimmed.trim_end() == m => fence = None,
            (None, None) => lines.push((i + 1, line)),
            _ => {}
        }
    }
    lines
}

/// A line with its inline code spans taken out (a link inside backticks is no link).
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        out.push_str(&rest[..start]);
        let ticks = rest[start..].chars().take_while(|c| *c == '`').count();
        let after = &rest[start + ticks..];
        let closing = "`".repeat(ticks);
        match after.find(&closing) {
            Some(end) => rest = &after[end + ticks..],
            None => {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The link targets of one markdown text, with their line numbers: inline links and
/// images `[text](target)`, and reference definitions `[label]: target`.
fn link_targets(text: &str) -> Vec<(usize, String)> {
    let mut targets = Vec::new();
    for (n, line) in prose_lines(text) {
        let line = without_code_spans(line);
        let trimmed = line.trim_start();
        if trimmed.starts_with('[') {
            if let Some(close) = trimmed.find("]:") {
                let target = trimmed[close + 2..].split_whitespace().next();
                if let Some(target) = target {
                    targets.push((n, target.trim_matches(['<', '>']).to_string()));
                    continue;
                }
            }
        }
        let mut rest = line.as_str();
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            let mut depth = 0;
            let mut end = rest.len();
            for (i, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' if depth == 0 => {
                        end = i;
                        break;
                    }
                    ')' => depth -= 1,
                    _ => {}
                }
            }
            let inside = rest[..end].trim();
            let target = inside.split_whitespace().next().unwrap_or_default();
            targets.push((n, target.trim_matches(['<', '>']).to_string()));
            rest = &rest[end..];
        }
    }
    targets
}

/// A heading's anchor as GitHub makes it: the text without markup, lowercased, with
/// everything but letters, digits, `_`, `-` and spaces dropped, spaces turned to `-`.
fn slug(heading: &str) -> String {
    let mut plain = String::new();
    let mut rest = heading;
    // A link in a heading counts by its text only.
    while let Some(open) = rest.find('[') {
        let Some(mid) = rest[open..].find("](") else {
            break;
        };
        let Some(close) = rest[open + mid..].find(')') else {
            break;
        };
        plain.push_str(&rest[..open]);
        plain.push_str(&rest[open + 1..open + mid]);
        rest = &rest[open + mid + close + 1..];
    }
    plain.push_str(rest);
    plain
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every anchor a markdown text offers: its headings' slugs, a repeated one numbered
/// `-1`, `-2`… as GitHub numbers them.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        let trimmed = line.trim_start();
        let hashes = trimmed.chars().take_while(|c| *c == '#').count();
        if hashes == 0 || hashes > 6 || !trimmed[hashes..].starts_with(' ') {
            continue;
        }
        let title = trimmed[hashes..].trim().trim_end_matches('#').trim();
        let base = slug(title);
        let count = seen.entry(base.clone()).or_default();
        out.insert(if *count == 0 {
            base
        } else {
            format!("{base}-{count}")
        });
        *count += 1;
    }
    out
}

/// Why one link of `page` does not resolve, if it does not.
fn broken(page: &Path, target: &str) -> Option<String> {
    if target.is_empty() {
        return Some("an empty link".into());
    }
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (path, anchor) = match target.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (target, None),
    };
    let file = if path.is_empty() {
        root().join(page)
    } else {
        root().join(page).parent().unwrap().join(path)
    };
    let Ok(real) = file.canonicalize() else {
        return Some(format!("{} does not exist", file.display()));
    };
    if !real.starts_with(root().canonicalize().unwrap()) {
        return Some("it leaves the repository".into());
    }
    let anchor = anchor?;
    if real.extension().and_then(|e| e.to_str()) != Some("md") {
        return Some(format!("#{anchor} points into a file that is not markdown"));
    }
    let text = std::fs::read_to_string(&real).unwrap();
    let offered = anchors(&text);
    (!offered.contains(anchor)).then(|| format!("{} has no heading #{anchor}", real.display()))
}

#[test]
fn github_slugs_and_links_are_read_as_github_reads_them() {
    assert_eq!(
        slug("Running beyond one machine"),
        "running-beyond-one-machine"
    );
    assert_eq!(slug("`store check` and backups"), "store-check-and-backups");
    assert_eq!(
        slug("Hints and timeouts (2 players)"),
        "hints-and-timeouts-2-players"
    );
    assert_eq!(slug("Cómo jugar en español"), "cómo-jugar-en-español");
    assert_eq!(slug("See [the rules](docs/x.md)!"), "see-the-rules");
    let text = "# A\n## A\n```\n# not a heading\n```\n### B: c\n";
    let got: Vec<_> = anchors(text).into_iter().collect();
    assert_eq!(got, ["a", "a-1", "b-c"]);
    let links = link_targets(
        "[x](a.md#b) `[y](no.md)` ![p](p.png \"t\")\n[r]: <r.md>\n```\n[z](z.md)\n```\n",
    );
    let got: Vec<_> = links.into_iter().map(|(_, t)| t).collect();
    assert_eq!(got, ["a.md#b", "p.png", "r.md"]);
}

#[test]
fn every_relative_link_and_anchor_in_the_markdown_resolves() {
    let pages = markdown_files();
    assert!(
        pages.len() >= 10,
        "only {} markdown files found",
        pages.len()
    );
    let mut faults = Vec::new();
    let mut checked = 0;
    for page in &pages {
        let text = std::fs::read_to_string(root().join(page)).unwrap();
        for (line, target) in link_targets(&text) {
            checked += 1;
            if let Some(why) = broken(page, &target) {
                faults.push(format!("{}:{line}: ({target}) — {why}", page.display()));
            }
        }
    }
    assert!(checked >= 30, "only {checked} links checked");
    assert!(
        faults.is_empty(),
        "links that lead nowhere:\n{}",
        faults.join("\n")
    );
}

/// One command of a README `console` block: `$ command`, the lines typed into it
/// (`> line`), and the lines it prints, in order (`…` stands for lines left out).
#[derive(Debug, Default)]
struct Shown {
    line: usize,
    command: String,
    input: Vec<String>,
    output: Vec<String>,
}

/// The commands of the README's ```` ```console ```` blocks. Heavy commands (the test
/// suite, the bot against Discord, long arenas and benches) are shown in ```` ```sh ````
/// blocks instead, which this test leaves alone.
fn console_commands(text: &str) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let mut inside = false;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if !inside {
            inside = trimmed == "```console";
            continue;
        }
        if trimmed == "```" {
            inside = false;
        } else if let Some(command) = line.strip_prefix("$ ") {
            shown.push(Shown {
                line: i + 1,
                command: command.trim().to_string(),
                ..Shown::default()
            });
        } else if let Some(last) = shown.last_mut() {
            if let Some(typed) = line.strip_prefix("> ") {
                last.input.push(typed.to_string());
            } else if !trimmed.is_empty() && trimmed != "…" {
                last.output.push(line.trim_end().to_string());
            }
        } else {
            panic!("README.md:{}: a console block starts with `$ `", i + 1);
        }
    }
    shown
}

/// The arguments of a shown command, its `capomaestro` (or `cargo run [--release] --`)
/// taken as the binary this test was built with.
fn arguments(command: &str) -> Option<Vec<String>> {
    let rest = ["cargo run --release -- ", "cargo run -- ", "capomaestro "]
        .iter()
        .find_map(|p| command.strip_prefix(p))?;
    if rest.contains(['"', '\'', '|', '>', '<', '$', ';', '&']) {
        return None;
    }
    Some(rest.split_whitespace().map(str::to_string).collect())
}

/// Runs a shown command in an empty folder, its typed lines on standard input, for at
/// most a minute; its standard output (and error) and whether it succeeded.
fn run(args: &[String], input: &[String]) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_capomaestro"))
        .args(args)
        .current_dir(dir.path())
        .env_remove("DISCORD_TOKEN")
        .env_remove("RUST_LOG")
        .env_remove("CAPOMAESTRO_DATABASE_URL")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let typed: String = input.iter().map(|l| format!("{l}\n")).collect();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(typed.as_bytes());
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let errors = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let _ = writer.join();
    let out = reader.join().unwrap();
    let err = errors.join().unwrap();
    let ok = status.is_some_and(|s| s.success());
    let note = if status.is_none() {
        "\n(still running after 60 s)"
    } else {
        ""
    };
    (ok, format!("{out}\n--- stderr ---\n{err}{note}"))
}

#[test]
fn every_command_in_the_readme_console_blocks_runs_as_shown() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let shown = console_commands(&readme);
    assert!(
        shown.len() >= 2,
        "the README shows its terminal commands in ```console blocks (`$ ` lines): found {}",
        shown.len()
    );
    for s in &shown {
        let args = arguments(&s.command).unwrap_or_else(|| {
            panic!(
                "README.md:{}: `{}` — a console block holds capomaestro commands with plain \
                 arguments; show other commands in a ```sh block",
                s.line, s.command
            )
        });
        let (ok, out) = run(&args, &s.input);
        assert!(ok, "README.md:{}: `{}` failed:\n{out}", s.line, s.command);
        let printed: Vec<&str> = out.lines().map(str::trim_end).collect();
        let mut at = 0;
        for expected in &s.output {
            match printed[at..].iter().position(|l| l == expected) {
                Some(i) => at += i + 1,
                None => panic!(
                    "README.md:{}: `{}` did not print, in this order, the line\n{expected}\n\
                     It printed:\n{out}",
                    s.line, s.command
                ),
            }
        }
    }
}

/// Words that, followed by a number, name a work period or a tracker entry.
const PERIOD_WORDS: [&str; 6] = ["stop", "stops", "session", "sessions", "issue", "issues"];

/// The places in `text` where a period word is followed by a number ("stop N",
/// "issue #N" with digits for N), as (line, excerpt).
fn period_references(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let lower = line.to_lowercase();
        let bytes = lower.as_bytes();
        for word in PERIOD_WORDS {
            let mut from = 0;
            while let Some(at) = lower[from..].find(word) {
                let start = from + at;
                let end = start + word.len();
                from = end;
                let before_ok = start == 0 || !bytes[start - 1].is_ascii_alphanumeric();
                let rest = lower[end..].trim_start_matches([' ', '\t']);
                let spaced = rest.len() < lower.len() - end;
                let rest = rest.strip_prefix('#').unwrap_or(rest);
                if before_ok && spaced && rest.starts_with(|c: char| c.is_ascii_digit()) {
                    found.push((n + 1, line.trim().chars().take(100).collect()));
                }
            }
        }
    }
    found
}

#[test]
fn the_period_check_finds_what_it_should_and_nothing_else() {
    let hits = |t: &str| period_references(t).len();
    assert_eq!(hits(&format!("Measured ({} 36)", "stop")), 1);
    assert_eq!(hits(&format!("{}s 44–46 looked", "Stop")), 1);
    assert_eq!(hits(&format!("see {} #28", "issue")), 1);
    assert_eq!(hits(&format!("({} 3 of the bot)", "session")), 1);
    assert_eq!(
        hits("the bot stops early; stop_sender; nonstop 3; a stop at 5"),
        0
    );
    assert_eq!(hits("bus stop\nissue: none"), 0);
}

#[test]
fn no_text_refers_to_numbered_work_periods() {
    let mut faults = Vec::new();
    let mut read = 0;
    for file in tracked_files() {
        let Ok(text) = std::fs::read_to_string(root().join(&file)) else {
            continue; // not text
        };
        read += 1;
        for (line, excerpt) in period_references(&text) {
            faults.push(format!("{}:{line}: {excerpt}", file.display()));
        }
    }
    assert!(read >= 100, "only {read} text files read");
    assert!(
        faults.is_empty(),
        "texts that name a work period or a tracker number (say what and when instead: \
         a commit and a date):\n{}",
        faults.join("\n")
    );
}

#[test]
fn the_readme_map_has_a_line_for_every_doc() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let start = readme
        .find("\n## Map of the docs")
        .expect("the README has a section `## Map of the docs`");
    let section = &readme[start + 1..];
    let section = section[3..]
        .find("\n## ")
        .map_or(section, |end| &section[..end + 3]);
    let linked: BTreeSet<String> = link_targets(section)
        .into_iter()
        .map(|(_, t)| t.split('#').next().unwrap_or_default().to_string())
        .collect();
    let mut missing = Vec::new();
    for file in markdown_files() {
        let name = file.to_string_lossy().into_owned();
        let parent = file.parent().map(|p| p.to_string_lossy().into_owned());
        let listed = match parent.as_deref() {
            // The top-level papers and every page of docs/ by name…
            Some("") | Some("docs") => name == "README.md" || linked.contains(&name),
            // …and a folder of docs by any page of it.
            Some(dir) if dir.starts_with("docs/") => {
                linked.iter().any(|l| l.starts_with(&format!("{dir}/")))
            }
            _ => true,
        };
        if !listed {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "the README's map of the docs has no line for: {}",
        missing.join(", ")
    );
}
