//! The binary end to end: the local table (auto, script, resume after SIGKILL) and the
//! bot's refusal to start without a token. Driven with the internal test game.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_capomaestro"));
    c.env_remove("DISCORD_TOKEN").env_remove("RUST_LOG");
    c
}

fn local(dir: &std::path::Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["--data-dir", dir.to_str().unwrap(), "local", "countdown"];
    args.extend_from_slice(extra);
    bin().args(&args).stdin(Stdio::null()).output().unwrap()
}

/// The local countdown table as a running process, its input and output piped.
fn local_piped(dir: &std::path::Path, extra: &[&str]) -> std::process::Child {
    let mut args = vec!["--data-dir", dir.to_str().unwrap(), "local", "countdown"];
    args.extend_from_slice(extra);
    bin()
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn auto_plays_to_the_end_and_is_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    let a = local(
        dir.path(),
        &["--players", "ana,bruno,carla", "--seed", "1", "--auto"],
    );
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let out = String::from_utf8(a.stdout).unwrap();
    assert!(out.contains("**Final scores**"), "{out}");
    assert!(out.contains("── 🔒 private to bruno (hand) ──"));
    assert!(out.contains("Game over after"));
    let b = local(
        dir.path(),
        &["--players", "ana,bruno,carla", "--seed", "1", "--auto"],
    );
    assert_eq!(out, String::from_utf8(b.stdout).unwrap());
    let quiet = local(
        dir.path(),
        &["--players", "ana,bruno", "--seed", "2", "--auto", "--quiet"],
    );
    let q = String::from_utf8(quiet.stdout).unwrap();
    assert!(
        q.contains("**Final scores**") && !q.contains("private to"),
        "{q}"
    );
}

#[test]
fn script_lines_play_with_names_numbers_and_refusals() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("moves.txt");
    std::fs::write(&script, "ana: add 2\nbruno: add 9\nana: add 1\nbruno: 3\nack\nana: add 1\nzed: add 1\nana: ?\nana: log\n").unwrap();
    let o = local(
        dir.path(),
        &[
            "--players",
            "ana,bruno",
            "--seed",
            "4",
            "--script",
            script.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains("── only bruno sees ──\nYou may add 1, 2 or 3."),
        "{out}"
    );
    assert!(
        out.contains("── only ana sees ──\nIt is not your turn: the game is waiting for bruno."),
        "{out}"
    );
    assert!(
        out.contains("> bruno: 3\n── #table ──────────────\nbruno added 3; the total is 5."),
        "numbered choice: {out}"
    );
    assert!(
        out.contains("> ack\n── #table ──────────────\nana acknowledged."),
        "bare command: {out}"
    );
    assert!(out.contains("ana added 1; the total is 6."), "{out}");
    assert!(out.contains("No player called `zed`; players: ana, bruno."));
    assert!(
        out.contains("> ana: ?\nana has nothing to play right now."),
        "{out}"
    );
}

#[test]
fn resume_continues_a_game_after_the_process_is_killed() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = local_piped(dir.path(), &["--players", "ana,bruno", "--seed", "8"]);
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    writeln!(stdin, "ana: add 3").unwrap();
    writeln!(stdin, "bruno: add 3").unwrap();
    stdin.flush().unwrap();
    // Wait until the second move was acknowledged, then kill without warning.
    for line in lines.by_ref() {
        if line.unwrap().contains("the total is 6") {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let script = dir.path().join("rest.txt");
    std::fs::write(&script, "ana: ack\nana: add 1\n").unwrap();
    let o = bin()
        .args([
            "--data-dir",
            dir.path().to_str().unwrap(),
            "local",
            "countdown",
            "--resume",
            "--script",
            script.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("Resuming the stored game."), "{out}");
    assert!(out.contains("ana added 1; the total is 7."), "{out}");
}

#[test]
fn resume_without_a_stored_game_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let o = local(dir.path(), &["--resume"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("no stored local game to resume"));
}

#[test]
fn unknown_game_is_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let o = bin()
        .args([
            "--data-dir",
            dir.path().to_str().unwrap(),
            "local",
            "chess",
            "--players",
            "a,b",
        ])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("There is no game called “chess”"));
}

#[test]
fn local_speaks_spanish_with_lang_es_and_refuses_other_languages() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("moves.txt");
    std::fs::write(&script, "ana: add 2\nzed: add 1\nana: ?\n").unwrap();
    let o = local(
        dir.path(),
        &[
            "--players",
            "ana,bruno",
            "--seed",
            "4",
            "--lang",
            "es",
            "--script",
            script.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains("→ ana, te toca. 🔒 Opciones de ana (3):"),
        "{out}"
    );
    assert!(out.contains("── #mesa ──"), "{out}");
    assert!(
        out.contains("No hay ningún jugador llamado `zed`; jugadores: ana, bruno."),
        "{out}"
    );
    assert!(out.contains("ana no tiene nada que jugar ahora."), "{out}");
    assert!(!out.contains("local-"), "a raw key: {out}");
    assert!(!out.contains("your move"), "{out}");

    let o = local(
        dir.path(),
        &["--players", "ana,bruno", "--lang", "xx", "--auto"],
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("`xx` is not a language I speak: use en, es."),
        "{err}"
    );
    // `render --lang es` draws the same board with Spanish words.
    let draw = |lang: &str| {
        let out = dir.path().join(format!("{lang}.png"));
        let o = bin()
            .args([
                "render", "villa", "--seed", "2", "--moves", "30", "--lang", lang,
            ])
            .args(["--out", out.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read(out).unwrap()
    };
    let (en, es) = (draw("en"), draw("es"));
    assert_eq!(png_size(&en).0, png_size(&es).0);
    assert_ne!(en, es);
}

/// The local Princes table with one person and two easy bots, `--lang` given, after
/// `help` and 25 moves of the person's first choice.
fn local_with_bots(dir: &std::path::Path, lang: &str) -> String {
    let script = dir.join(format!("moves-{lang}.txt"));
    let mut lines = String::from("help\n");
    lines.push_str(&"ana: 1\n".repeat(25));
    std::fs::write(&script, lines).unwrap();
    let o = bin()
        .args(["--data-dir", dir.to_str().unwrap(), "local", "princes"])
        .args(["--players", "ana", "--bots", "easy,easy", "--seed", "3"])
        .args(["--lang", lang, "--script", script.to_str().unwrap()])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

/// The terminal shows names as typed (no Discord escapes) and, at a Spanish table, no
/// English line of its own or of the table: the prompts, the help, the bots' chains of
/// moves with their round headers, the hand's news.
#[test]
fn local_with_bots_shows_plain_names_and_speaks_the_tables_language() {
    let dir = tempfile::tempdir().unwrap();
    let out = local_with_bots(dir.path(), "es");
    assert!(!out.contains('\\'), "an escape: {out}");
    assert!(out.contains("Bot Lorenzo (fácil) pasa."), "{out}");
    assert!(out.contains("Empieza la ronda 1 de 7"), "{out}");
    assert!(out.contains("**Lo último:**"), "{out}");
    assert!(out.contains("→ ana, te toca."), "{out}");
    // What the players read, without the typed moves (code, choices, echoed lines) and
    // the game's title.
    let mut prose = String::new();
    for (i, part) in out.split("```").enumerate() {
        if i % 2 == 0 {
            for (j, piece) in part.split('`').enumerate() {
                if j % 2 == 0 {
                    prose.push_str(piece);
                }
            }
        }
    }
    let english = [
        "the", "your", "move", "moves", "passes", "begins", "round", "latest", "waiting",
        "commands", "and", "with", "for", "turn", "back", "easy", "you", "buys", "takes",
    ];
    for line in prose.lines() {
        let choice = line
            .trim_start()
            .split_once(") ")
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        if choice || line.starts_with("> ") {
            continue;
        }
        let line = line.replace("The Princes of Florence", "");
        let found: Vec<&str> = line
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| english.contains(&w.to_lowercase().as_str()))
            .collect();
        assert!(found.is_empty(), "English {found:?} in `{line}`");
    }

    let out = local_with_bots(dir.path(), "en");
    assert!(!out.contains('\\'), "an escape: {out}");
    assert!(out.contains("Bot Lorenzo (easy) passes."), "{out}");
    assert!(out.contains("**Latest:**"), "{out}");
}

#[test]
fn the_bot_without_a_token_names_the_config_key_and_variable() {
    let dir = tempfile::tempdir().unwrap();
    let o = bin().current_dir(dir.path()).arg("run").output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("`discord_token`") && err.contains("DISCORD_TOKEN"),
        "{err}"
    );
}

#[test]
fn a_malformed_config_names_file_line_and_key_but_never_prints_the_token() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("capomaestro.toml");
    // A missing closing quote on the token's line.
    std::fs::write(
        &path,
        "log_level = \"warn\"\ndiscord_token = \"MTA.very-secret-token\n",
    )
    .unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    let o = bin()
        .current_dir(dir.path())
        .args(["--config", path.to_str().unwrap(), "run"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("very-secret-token"), "{err}");
    assert!(err.contains(path.to_str().unwrap()), "{err}");
    assert!(
        err.contains("line 2") && err.contains("key `discord_token`"),
        "{err}"
    );
    assert!(!err.contains("readable by other users"), "{err}");
    // A valid config readable by others is warned about; the data dir is made private.
    std::fs::write(&path, "data_dir = \"data\"\n").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    let o = bin()
        .current_dir(dir.path())
        .args([
            "--config",
            path.to_str().unwrap(),
            "local",
            "countdown",
            "--players",
            "ana,bruno",
            "--auto",
            "--quiet",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("readable by other users"), "{err}");
    let mode = std::fs::metadata(dir.path().join("data"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o700);
}

/// (width, height) from a PNG's IHDR, after checking the signature.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    assert_eq!(&bytes[12..16], b"IHDR");
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    (be(&bytes[16..20]), be(&bytes[20..24]))
}

#[test]
fn render_draws_the_board_after_random_moves_reproducibly() {
    let dir = tempfile::tempdir().unwrap();
    let draw = |game: &str, file: &str, extra: &[&str]| {
        let out = dir.path().join(file);
        let mut args = vec!["render", game, "--out", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let o = bin().current_dir(dir.path()).args(&args).output().unwrap();
        (o, out)
    };
    for game in ["palazzo", "villa", "estates", "princes"] {
        let (o, path) = draw(
            game,
            &format!("{game}.png"),
            &["--seed", "3", "--moves", "120"],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let summary = String::from_utf8_lossy(&o.stdout).to_string();
        assert!(
            summary.contains("120 random moves") || summary.contains("game over"),
            "{summary}"
        );
        let first = std::fs::read(&path).unwrap();
        assert_eq!(png_size(&first).0, 1100, "{game}");
        let (again, path) = draw(game, "again.png", &["--seed", "3", "--moves", "120"]);
        assert!(again.status.success());
        assert_eq!(
            first,
            std::fs::read(path).unwrap(),
            "{game}: same seed, same bytes"
        );
    }
    let (o, path) = draw(
        "palazzo",
        "hand.png",
        &[
            "--seed",
            "3",
            "--moves",
            "40",
            "--players",
            "3",
            "--private",
            "2",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(png_size(&std::fs::read(path).unwrap()).0, 1100);
    let (o, _) = draw("countdown", "c.png", &[]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("has no board picture"));
    let (o, _) = draw("palazzo", "p.png", &["--players", "9"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("2 to 4 players"));
}

#[test]
fn local_pictures_writes_the_board_of_every_turn() {
    let dir = tempfile::tempdir().unwrap();
    let pictures = dir.path().join("pics");
    let script = dir.path().join("moves.txt");
    // Bare numbers play the only awaited player's first choice.
    std::fs::write(&script, "1\n".repeat(8)).unwrap();
    let o = bin()
        .args([
            "--data-dir",
            dir.path().to_str().unwrap(),
            "local",
            "estates",
            "--players",
            "ana,bruno,carla",
            "--seed",
            "2",
            "--script",
            script.to_str().unwrap(),
            "--pictures",
            pictures.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut turns: Vec<u64> = std::fs::read_dir(&pictures)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            assert_eq!(png_size(&std::fs::read(&path).unwrap()).0, 1100);
            path.file_stem().unwrap().to_str().unwrap().parse().unwrap()
        })
        .collect();
    turns.sort_unstable();
    // The board at the start, then one picture per move that changed the board (a
    // secret stash posts nothing, so it draws nothing).
    assert_eq!(turns.first(), Some(&0), "{turns:?}");
    assert!(turns.len() >= 5 && turns.last() <= Some(&8), "{turns:?}");
}

#[test]
fn local_timers_with_settings_wait_and_accelerate() {
    // `wait` moves the clock: a reminder, then the timeout's default move.
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("wait.txt");
    std::fs::write(&script, "wait 30m\nwait\nwait 5s\nwait soon\n").unwrap();
    let o = local(
        dir.path(),
        &[
            "--players",
            "ana,bruno",
            "--seed",
            "1",
            "--setting",
            "remind=30m",
            "--setting",
            "timeout=1h",
            "--script",
            script.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("changed this table's timing"), "{out}");
    assert!(
        out.contains("⏩ 30m later.\n── #table ──────────────\n⏰ Reminder"),
        "{out}"
    );
    assert!(
        out.contains("⏩ 30m later.\n── #table ──────────────\n⏱️ ana ran out of time"),
        "{out}"
    );
    assert!(
        out.contains("**Latest:** ⏱️ Your time ran out, so I played **add"),
        "{out}"
    );
    assert!(out.contains("“soon” is not a duration"), "{out}");
    // A bad setting is refused before anything starts.
    let bad = local(
        dir.path(),
        &["--players", "ana,bruno", "--setting", "timeout=soon"],
    );
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("“soon” is not a duration"));
    // --accelerate: an hour a millisecond; the timeouts play the game to its end while
    // nobody types (stdin stays open).
    let mut child = local_piped(
        dir.path(),
        &[
            "--players",
            "ana,bruno",
            "--setting",
            "timeout=1h",
            "--accelerate",
            "3600000",
        ],
    );
    let stdin = child.stdin.take();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let over = lines
        .by_ref()
        .map_while(Result::ok)
        .any(|l| l.contains("The game is over."));
    drop(stdin);
    let _ = child.wait();
    assert!(over, "the timeouts finished the game");
}

/// Relative links of one markdown text: the targets of `](…)`, anchors cut off.
fn relative_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].split('#').next().unwrap_or_default().trim();
        if !target.is_empty() && !target.contains("://") && !target.starts_with("mailto:") {
            links.push(target.to_string());
        }
        rest = &rest[end..];
    }
    links
}

#[test]
fn the_docs_link_only_to_files_inside_the_repository() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let root_real = root.canonicalize().unwrap();
    let mut pages = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    for dir in ["docs", "docs/rules"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "md") {
                pages.push(path);
            }
        }
    }
    let mut checked = 0;
    for page in &pages {
        let text = std::fs::read_to_string(page).unwrap();
        for outside in ["../shared", "shared/rules", "../seeds"] {
            assert!(
                !text.contains(outside),
                "{} sends readers outside the repository ({outside})",
                page.display()
            );
        }
        for link in relative_links(&text) {
            let target = page.parent().unwrap().join(&link);
            let real = target
                .canonicalize()
                .unwrap_or_else(|_| panic!("{}: the link {link} leads nowhere", page.display()));
            assert!(
                real.starts_with(&root_real),
                "{}: the link {link} leaves the repository",
                page.display()
            );
            checked += 1;
        }
    }
    // The README links the four digests and the four player summaries at least.
    assert!(checked >= 8, "only {checked} links checked");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    for game in ["palazzo", "villa", "estates", "princes"] {
        assert!(
            readme.contains(&format!("](docs/rules/{game}.md)")),
            "{game} digest"
        );
        assert!(
            readme.contains(&format!("](rules/src/{game}/rules.md)")),
            "{game} summary"
        );
    }
}

#[test]
fn arena_plays_bots_and_reports_standings() {
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec![
            "--data-dir",
            dir.path().to_str().unwrap(),
            "arena",
            "palazzo",
            "--seats",
            "easy,random",
            "--games",
            "2",
            "--seed",
            "3",
        ];
        args.extend_from_slice(extra);
        bin().args(&args).stdin(Stdio::null()).output().unwrap()
    };
    let json = run(&["--json"]);
    assert!(
        json.status.success(),
        "{}",
        String::from_utf8_lossy(&json.stderr)
    );
    // Not a terminal: no progress bar, a line at every tenth of the games (here each).
    assert_eq!(
        String::from_utf8_lossy(&json.stderr),
        "palazzo: 1/2 games\npalazzo: 2/2 games\n"
    );
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["game"], "palazzo");
    assert_eq!(v["games"], 2);
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[0]["player"], "easy");
    assert_eq!(seats[1]["player"], "random");
    let wins: f64 = seats.iter().map(|s| s["wins"].as_f64().unwrap()).sum();
    assert!(
        (wins - 2.0).abs() < 1e-9,
        "one win per game, shared on ties: {v}"
    );
    for s in seats {
        let (lo, hi) = (
            s["ci95"][0].as_f64().unwrap(),
            s["ci95"][1].as_f64().unwrap(),
        );
        let rate = s["win_rate"].as_f64().unwrap();
        assert!(lo <= rate && rate <= hi, "{s}");
        assert!(s["ms_per_move_p50"].as_f64().unwrap() <= s["ms_per_move_p99"].as_f64().unwrap());
        assert!(s["mean_score"].is_number());
    }
    // Reproducible whatever the jobs; the table for people names each player.
    let again = run(&["--json", "--jobs", "2"]);
    let w: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    for i in 0..2 {
        assert_eq!(w["seats"][i]["wins"], v["seats"][i]["wins"]);
        assert_eq!(w["seats"][i]["mean_score"], v["seats"][i]["mean_score"]);
    }
    let text = run(&[]);
    let out = String::from_utf8(text.stdout).unwrap();
    assert!(
        out.contains("palazzo: 2 games") && out.contains("1 easy") && out.contains("2 random"),
        "{out}"
    );
    let bad = bin()
        .args(["arena", "palazzo", "--seats", "easy,expert", "--games", "1"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("`expert` is not a level"));
}

/// An arena of random players writing its records to `dir/records`.
fn arena_records(
    dir: &std::path::Path,
    game: &str,
    seats: &str,
    games: &str,
) -> std::path::PathBuf {
    let records = dir.join("records");
    let out = bin()
        .args([
            "--data-dir",
            dir.to_str().unwrap(),
            "arena",
            game,
            "--seats",
            seats,
        ])
        .args(["--games", games, "--seed", "5", "--jobs", "2", "--records"])
        .arg(&records)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    records.join(format!("{game}.jsonl"))
}

fn replay(args: &[&str], input: &str) -> std::process::Output {
    let mut child = bin()
        .arg("replay")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn arena_records_replay_and_a_changed_record_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = arena_records(dir.path(), "palazzo", "random,random", "3");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    let all = replay(&[file.to_str().unwrap()], "");
    let out = String::from_utf8_lossy(&all.stdout);
    assert!(
        all.status.success(),
        "{}",
        String::from_utf8_lossy(&all.stderr)
    );
    assert!(out.starts_with("Checked 3 records ("), "{out}");

    let one: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(one["players"][0]["bot"], "random");
    let single = dir.path().join("one.json");
    std::fs::write(&single, serde_json::to_string_pretty(&one).unwrap()).unwrap();
    let shown = replay(&[single.to_str().unwrap()], "");
    let out = String::from_utf8_lossy(&shown.stdout);
    assert!(
        shown.status.success(),
        "{}",
        String::from_utf8_lossy(&shown.stderr)
    );
    let moves = one["moves"].as_array().unwrap();
    assert!(
        out.starts_with("Palazzo · 1 random, 2 random · seed "),
        "{out}"
    );
    let first = &moves[0];
    let line = format!(
        "1. {}: {} — {}",
        one["players"][first["seat"].as_u64().unwrap() as usize]["name"]
            .as_str()
            .unwrap(),
        first["text"].as_str().unwrap(),
        first["narration"]["en"][0].as_str().unwrap()
    );
    assert!(out.contains(&line), "{line} in {out}");
    assert!(
        out.ends_with(&format!(
            "Checked: {} moves replayed, every one legal, the final scores as recorded.\n",
            moves.len()
        )),
        "{out}"
    );

    let mut changed = one.clone();
    let total = changed["result"]["scores"][0]["total"].as_i64().unwrap();
    changed["result"]["scores"][0]["total"] = (total + 3).into();
    std::fs::write(&single, changed.to_string()).unwrap();
    let refused = replay(&[single.to_str().unwrap()], "");
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains(&format!(
            "Seat 0's final score is {} in the record but {total} in the replay.",
            total + 3
        )),
        "{err}"
    );
}

#[test]
fn replay_steps_through_a_record_and_local_goes_on_from_a_move() {
    let dir = tempfile::tempdir().unwrap();
    let file = arena_records(dir.path(), "villa", "random,random", "1");
    let text = std::fs::read_to_string(&file).unwrap();
    let one: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    let moves = one["moves"].as_array().unwrap().len();
    // Forward twice, back once, forward, then stop: moves 1, 2, 1, 2 shown.
    let walked = replay(&["--step", file.to_str().unwrap()], "\n\nb\n\nq\n");
    let out = String::from_utf8_lossy(&walked.stdout);
    assert!(
        walked.status.success(),
        "{}",
        String::from_utf8_lossy(&walked.stderr)
    );
    assert_eq!(out.matches("Move 0 of ").count(), 1, "{out}");
    assert_eq!(out.matches("Move 1 of ").count(), 2, "{out}");
    assert_eq!(out.matches("Move 2 of ").count(), 2, "{out}");
    assert!(!out.contains("Move 3 of "), "{out}");
    assert_eq!(out.matches("stop. 1. ").count(), 2, "{out}");
    assert_eq!(out.matches("stop. 2. ").count(), 2, "{out}");

    let data = dir.path().join("data");
    let local = |at: &str| {
        let mut child = bin()
            .args(["--data-dir", data.to_str().unwrap(), "local", "--from"])
            .arg(&file)
            .args(["--at", at])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
        child.wait_with_output().unwrap()
    };
    let went_on = local("3");
    let out = String::from_utf8_lossy(&went_on.stdout);
    assert!(
        went_on.status.success(),
        "{}",
        String::from_utf8_lossy(&went_on.stderr)
    );
    assert!(
        out.contains("Played the record's first 3 moves; go on from here."),
        "{out}"
    );
    let too_far = local(&(moves + 1).to_string());
    assert!(!too_far.status.success());
    assert!(
        String::from_utf8_lossy(&too_far.stderr).contains(&format!("the record has {moves} moves")),
        "{}",
        String::from_utf8_lossy(&too_far.stderr)
    );
}

/// Headless Chromium (Debian's `chromium`) with the flags it needs here.
fn chromium(profile: &std::path::Path) -> Command {
    let mut c = Command::new("/usr/bin/chromium");
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--virtual-time-budget=10000",
        "--window-size=1100,2400",
    ])
    .arg(format!("--user-data-dir={}", profile.display()));
    c
}

/// The replay page in a real browser: the arrow key steps from the first move to the
/// last, each step shows the record's narration and the board with its scores as text,
/// the last the record's final scores, and
/// nothing goes to the console as an error. The final step's screenshot is kept in
/// `target/record-page-final.png`.
#[test]
fn the_replay_page_steps_through_the_record_in_chromium() {
    assert!(
        std::path::Path::new("/usr/bin/chromium").exists(),
        "headless Chromium is needed: apt-get install -y chromium"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = arena_records(dir.path(), "villa", "random,random", "1");
    let record: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(&file).unwrap().trim()).unwrap();
    let page = dir.path().join("page.html");
    let made = replay(
        &[file.to_str().unwrap(), "--html", page.to_str().unwrap()],
        "",
    );
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "no network"
    );
    // What each step must show: the record's narration; the last, its scores.
    let expected: Vec<Vec<String>> = record["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| serde_json::from_value(m["narration"]["en"].clone()).unwrap())
        .collect();
    // …and its board with the scores as text, as the record replays.
    let replayed = table::record::GameRecord::from_json(&record.to_string()).unwrap();
    let names = replayed.names();
    let mut boards: Vec<String> = Vec::new();
    table::record::replay_steps(&replayed, &mut |step| {
        let view = step.game.public_picture_view();
        boards.push(render::public_text(&view, &names, words::Lang::En));
    })
    .unwrap();
    assert_eq!(boards.len(), expected.len() + 1);
    assert!(boards.iter().all(|b| !b.is_empty()));
    let totals: Vec<i64> = record["result"]["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["total"].as_i64().unwrap())
        .collect();
    let driver = format!(
        r##"<script>
"use strict";
const problems = [];
window.addEventListener("error", (e) => problems.push("error: " + e.message));
const consoleError = console.error;
console.error = (...a) => {{ problems.push("console: " + a.join(" ")); consoleError(...a); }};
window.addEventListener("load", () => {{
  const expected = {expected};
  const boards = {boards};
  const board = () => document.querySelector("#board-text pre").textContent;
  if (board() !== boards[0]) problems.push("setup board: " + board());
  const shown = [];
  for (let i = 0; i < expected.length; i++) {{
    document.dispatchEvent(new KeyboardEvent("keydown", {{ key: "ArrowRight", bubbles: true }}));
    const told = Array.from(document.querySelectorAll("#told p")).map((p) => p.textContent);
    if (JSON.stringify(told) !== JSON.stringify(expected[i]) || document.body.dataset.step !== String(i + 1)) {{
      problems.push("step " + (i + 1) + ": " + JSON.stringify(told));
    }}
    if (board() !== boards[i + 1]) problems.push("step " + (i + 1) + " board: " + board());
    shown.push(i + 1);
  }}
  const verdict = document.createElement("pre");
  verdict.id = "verdict";
  verdict.textContent = "@@" + "VERDICT" + JSON.stringify({{ steps: shown.length, problems, scores: document.getElementById("scores").textContent }}) + "@@" + "END";
  document.body.appendChild(verdict);
}});
</script>
</body>"##,
        expected = serde_json::to_string(&expected).unwrap(),
        boards = serde_json::to_string(&boards).unwrap()
    );
    let driven = dir.path().join("driven.html");
    std::fs::write(&driven, html.replace("</body>", &driver)).unwrap();
    let url = format!("file://{}", driven.display());
    let dom = chromium(&dir.path().join("profile"))
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&dom.stdout);
    let verdict = out
        .split("@@VERDICT")
        .nth(1)
        .and_then(|v| v.split("@@END").next())
        .unwrap_or_else(|| panic!("no verdict: {}", String::from_utf8_lossy(&dom.stderr)));
    let verdict: serde_json::Value = serde_json::from_str(
        &verdict
            .replace("&amp;", "&")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\""),
    )
    .unwrap();
    assert_eq!(verdict["steps"], expected.len());
    assert_eq!(verdict["problems"], serde_json::json!([]), "{verdict}");
    let scores = verdict["scores"].as_str().unwrap();
    assert!(scores.starts_with("Final scores"), "{scores}");
    for total in totals {
        assert!(scores.contains(&total.to_string()), "{total} in {scores}");
    }
    let shot =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/record-page-final.png");
    let _ = std::fs::remove_file(&shot);
    let taken = chromium(&dir.path().join("profile2"))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(&url)
        .output()
        .unwrap();
    assert!(shot.exists(), "{}", String::from_utf8_lossy(&taken.stderr));
}
