//! `capomaestro store …` end to end: stats, export, import and check on a store filled
//! by the local table with the internal test game.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_capomaestro"));
    c.env_remove("DISCORD_TOKEN").env_remove("RUST_LOG");
    c
}

fn store(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = bin()
        .args(["--data-dir", dir.to_str().unwrap(), "store", "--local"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A local countdown game left running after a few moves (channel 1).
fn running_game(dir: &Path) {
    let script = dir.join("moves.txt");
    std::fs::write(&script, "ana: add 2\nbruno: add 3\n").unwrap();
    let o = bin()
        .args(["--data-dir", dir.to_str().unwrap(), "local", "countdown"])
        .args(["--players", "ana,bruno", "--seed", "4", "--script"])
        .arg(&script)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
}

#[test]
fn stats_count_games_by_title_and_state() {
    let dir = tempfile::tempdir().unwrap();
    running_game(dir.path());
    let o = store(dir.path(), &["stats"], b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("countdown  running    1"), "{out}");
    assert!(out.contains("log "), "{out}");
    assert!(out.contains("disk: "), "{out}");
}

#[test]
fn export_then_import_restores_the_game_exactly() {
    let dir = tempfile::tempdir().unwrap();
    running_game(dir.path());
    let o = store(dir.path(), &["export", "1"], b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let exported: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(exported["format"], "capomaestro-game");
    assert_eq!(exported["meta"]["game"], "countdown");
    assert_eq!(exported["log"].as_array().unwrap().len(), 2);
    assert_eq!(exported["log"][0]["text"], "add 2");
    assert!(
        exported["snapshot"].is_object(),
        "readable state: {exported}"
    );
    // The current state, though the stored snapshot is the one from the start (the two
    // moves after it are applied on export).
    assert_eq!(exported["snapshot"]["total"], 5, "{exported}");

    // The channel is taken: importing over it is refused and changes nothing.
    let o = store(dir.path(), &["import"], &o.stdout);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("already has a game"),
        "{}",
        text(&o.stderr)
    );

    // Into a fresh store: the same game, state and log (the game id is new).
    let other = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(other.path().join("local")).unwrap();
    let o2 = store(
        other.path(),
        &["import"],
        &serde_json::to_vec(&exported).unwrap(),
    );
    assert!(o2.status.success(), "{}", text(&o2.stderr));
    assert!(
        text(&o2.stdout).contains("imported countdown game"),
        "{}",
        text(&o2.stdout)
    );
    let again = store(other.path(), &["export", "1"], b"");
    let mut reexported: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    let mut original = exported.clone();
    reexported["meta"]["game_id"] = 0.into();
    original["meta"]["game_id"] = 0.into();
    assert_eq!(reexported, original);

    // The imported game plays on in the local table.
    let script = other.path().join("more.txt");
    std::fs::write(&script, "ana: ack\n").unwrap();
    let o = bin()
        .args([
            "--data-dir",
            other.path().to_str().unwrap(),
            "local",
            "countdown",
        ])
        .args(["--resume", "--script"])
        .arg(&script)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("ana acknowledged."),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn import_refuses_what_is_not_an_export() {
    let dir = tempfile::tempdir().unwrap();
    running_game(dir.path());
    let o = store(dir.path(), &["import"], b"{\"format\": \"x\"}");
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("not a game export"),
        "{}",
        text(&o.stderr)
    );
    let o = store(dir.path(), &["export", "77"], b"");
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("channel 77 has no game"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn check_passes_a_sound_store_and_quarantines_a_damaged_game() {
    let dir = tempfile::tempdir().unwrap();
    running_game(dir.path());
    let o = store(dir.path(), &["check"], b"");
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("games: 1 read"), "{out}");
    assert!(out.contains("log entries: 2 read"), "{out}");
    assert!(out.contains("every record decodes"), "{out}");

    // Damage the game's state through the store's test hook.
    {
        let s = storage::SledStore::open(dir.path().join("local")).unwrap();
        s.put_raw_snapshot(1, &[0xC1, 1, 0xff, 0xff]).unwrap();
    }
    let o = store(dir.path(), &["check"], b"");
    assert!(!o.status.success());
    let out = text(&o.stdout);
    assert!(
        out.contains("1 bad record(s), moved to quarantine"),
        "{out}"
    );
    assert!(out.contains("channel 1 (metadata and snapshot)"), "{out}");
    assert!(text(&o.stderr).contains("1 bad record(s) quarantined"));
    // Quarantined: the store is sound again and the channel is free.
    let o = store(dir.path(), &["check"], b"");
    assert!(o.status.success(), "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("quarantined: 1 read"));
    let o = store(dir.path(), &["stats"], b"");
    assert!(!text(&o.stdout).contains("running"), "{}", text(&o.stdout));
}

/// Copies the files of `from` (and its folders) into `to`.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Where each record of a log file ends (the first entry: the 8-byte header's end).
fn record_ends(bytes: &[u8]) -> Vec<usize> {
    let mut ends = vec![8];
    loop {
        let at = *ends.last().unwrap();
        let len = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        if len == 0 {
            return ends;
        }
        ends.push(at + 8 + len);
    }
}

#[test]
fn a_damaged_log_refuses_to_open_and_check_sets_it_aside() {
    use storage::Store;
    let dir = tempfile::tempdir().unwrap();
    running_game(dir.path());
    let crashed = tempfile::tempdir().unwrap();
    let crashed_store = crashed.path().join("local");
    {
        let store = storage::SledStore::open(dir.path().join("local")).unwrap();
        for channel in 11..=15 {
            store.put_note(channel, "turn", &[7; 200]).unwrap();
        }
        // The process dies here: its files as they are on disk.
        copy_dir(&dir.path().join("local"), &crashed_store);
    }
    let mut logs: Vec<_> = std::fs::read_dir(&crashed_store)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "log"))
        .collect();
    logs.sort();
    let log = logs.pop().unwrap();
    let mut bytes = std::fs::read(&log).unwrap();
    let ends = record_ends(&bytes);
    assert_eq!(ends.len(), 6, "five records");
    // A bit flipped in the second record: three acknowledged ones follow it.
    bytes[ends[1] + 30] ^= 0x08;
    std::fs::write(&log, &bytes).unwrap();
    let name = log.file_name().unwrap().to_string_lossy().into_owned();

    let o = store(crashed.path(), &["stats"], b"");
    assert!(!o.status.success());
    let err = text(&o.stderr);
    assert!(err.contains(&name), "{err}");
    assert!(err.contains("capomaestro store check"), "{err}");

    let o = store(crashed.path(), &["check"], b"");
    assert!(!o.status.success());
    let out = text(&o.stdout);
    assert!(
        out.contains(&format!("damaged at byte {}", ends[1])),
        "{out}"
    );
    assert!(out.contains("1 record(s) before the damage kept"), "{out}");
    assert!(out.contains("3 record(s) after it lost"), "{out}");
    assert!(out.contains("channels they touched: 13, 14, 15"), "{out}");
    assert!(out.contains("lost: channel 14: note `turn`"), "{out}");
    assert!(out.contains("games: 1 read"), "{out}");
    assert!(
        text(&o.stderr).contains("1 damaged log file(s) set aside, 3 record(s) lost"),
        "{}",
        text(&o.stderr)
    );
    // Kept whole, never deleted.
    assert_eq!(
        std::fs::read(crashed_store.join("damaged").join(&name)).unwrap(),
        bytes
    );

    // Sound again: check passes, the game is there, the record before the damage too.
    let o = store(crashed.path(), &["check"], b"");
    assert!(o.status.success(), "{}", text(&o.stdout));
    let o = store(crashed.path(), &["stats"], b"");
    assert!(
        text(&o.stdout).contains("countdown  running    1"),
        "{}",
        text(&o.stdout)
    );
    let store = storage::SledStore::open(&crashed_store).unwrap();
    assert_eq!(store.note(11, "turn").unwrap(), Some(vec![7; 200]));
    assert_eq!(store.note(13, "turn").unwrap(), None);
}

/// `store migrate` creates the PostgreSQL schema once (the url from
/// CAPOMAESTRO_DATABASE_URL), then finds it up to date; the bot's store opens on it.
/// Refused, with what to set, when the backend is sled.
#[test]
fn store_migrate_creates_the_postgres_schema_once() {
    let url = storage::pg::testing::fresh_url().unwrap_or_else(|why| panic!("{why}"));
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("capomaestro.toml");
    std::fs::write(&config, "[storage]\nbackend = \"postgres\"\n").unwrap();
    let migrate = || {
        bin()
            .arg("--config")
            .arg(&config)
            .args(["store", "migrate"])
            .env("CAPOMAESTRO_DATABASE_URL", &url)
            .output()
            .unwrap()
    };
    let first = migrate();
    assert!(first.status.success(), "{}", text(&first.stderr));
    // Every migration this build knows, in order, from the first.
    let known = storage::pg::MIGRATIONS;
    assert_eq!(
        &known[..3].iter().map(|m| m.name).collect::<Vec<_>>(),
        &["initial", "leases", "commit_function"]
    );
    let listed: Vec<String> = known
        .iter()
        .map(|m| format!("{} ({})", m.version, m.name))
        .collect();
    assert_eq!(
        text(&first.stdout),
        format!("applied migration(s) {}\n", listed.join(", "))
    );
    let again = migrate();
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(
        text(&again.stdout),
        format!(
            "the schema is up to date (migration {})\n",
            known.last().unwrap().version
        )
    );
    let opened = storage::PgStore::open(&url, 2).unwrap();
    assert_eq!(storage::Store::next_due(&opened).unwrap(), None);
    // Without the url: one sentence saying where to put it.
    let o = bin()
        .arg("--config")
        .arg(&config)
        .args(["store", "migrate"])
        .env_remove("CAPOMAESTRO_DATABASE_URL")
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("CAPOMAESTRO_DATABASE_URL"),
        "{}",
        text(&o.stderr)
    );
    // The sled store needs none.
    let o = store(dir.path(), &["migrate"], b"");
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("backend = \"postgres\""),
        "{}",
        text(&o.stderr)
    );
}

/// `store copy` moves a local store into PostgreSQL and back (the game still there,
/// counted by `store stats`), and refuses a destination that is not empty.
#[test]
fn store_copy_goes_to_postgres_and_back_and_refuses_a_filled_destination() {
    let url = storage::pg::testing::fresh_url().unwrap_or_else(|why| panic!("{why}"));
    let dir = tempfile::tempdir().unwrap();
    running_game(dir.path());
    let local = format!("sled:{}", dir.path().join("local").display());
    let database = format!("postgres:{url}");
    let copy = |from: &str, to: &str| {
        bin()
            .args(["--data-dir", dir.path().to_str().unwrap()])
            .args(["store", "copy", "--from", from, "--to", to])
            .output()
            .unwrap()
    };
    let o = copy(&local, &database);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("games: 1 copied"), "{out}");
    assert!(out.contains("into the PostgreSQL database"), "{out}");
    let again = copy(&local, &database);
    assert!(!again.status.success());
    assert!(
        text(&again.stderr).contains("not empty"),
        "{}",
        text(&again.stderr)
    );
    let back = dir.path().join("back");
    let o = copy(&database, &format!("sled:{}", back.display()));
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = bin()
        .args(["--data-dir", back.to_str().unwrap(), "store", "stats"])
        .output()
        .unwrap();
    assert!(
        text(&o.stdout).contains("countdown  running    1"),
        "{}",
        text(&o.stdout)
    );
    let o = copy("mysql://db", &database);
    assert!(
        text(&o.stderr).contains("is not a store"),
        "{}",
        text(&o.stderr)
    );
}

/// Two finished local Palazzo games (seeds 1 and 2), archived in the local store.
fn finished_games(dir: &Path) {
    for seed in ["1", "2"] {
        let o = bin()
            .args(["--data-dir", dir.to_str().unwrap(), "local", "palazzo"])
            .args([
                "--players",
                "ana,bruno",
                "--seed",
                seed,
                "--auto",
                "--quiet",
            ])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", text(&o.stderr));
    }
}

fn export(dir: &Path, args: &[&str]) -> Output {
    bin()
        .args(["--data-dir", dir.to_str().unwrap(), "export"])
        .args(args)
        .output()
        .unwrap()
}

/// `export` writes every archived game of the sled store and of PostgreSQL as the same
/// records, which replay to their scores.
#[test]
fn export_writes_every_archived_game_of_either_backend_as_records() {
    let url = storage::pg::testing::fresh_url().unwrap_or_else(|why| panic!("{why}"));
    let dir = tempfile::tempdir().unwrap();
    finished_games(dir.path());
    let out = dir.path().join("out");
    let o = export(dir.path(), &["--local", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("exported 2 archived games of the sled store"),
        "{}",
        text(&o.stdout)
    );
    let file = out.join("palazzo.jsonl");
    let records = std::fs::read_to_string(&file).unwrap();
    let seeds: Vec<String> = records
        .lines()
        .map(|l| {
            serde_json::from_str::<serde_json::Value>(l).unwrap()["seed"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(seeds, ["1", "2"]);
    let checked = bin().arg("replay").arg(&file).output().unwrap();
    assert!(checked.status.success(), "{}", text(&checked.stderr));
    assert!(
        text(&checked.stdout).starts_with("Checked 2 records"),
        "{}",
        text(&checked.stdout)
    );

    let local = format!("sled:{}", dir.path().join("local").display());
    let database = format!("postgres:{url}");
    let o = bin()
        .args(["--data-dir", dir.path().to_str().unwrap()])
        .args(["store", "copy", "--from", &local, "--to", &database])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    let from_pg = dir.path().join("from-pg");
    let o = export(
        dir.path(),
        &["--from", &database, "--out", from_pg.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("of the PostgreSQL database"),
        "{}",
        text(&o.stdout)
    );
    assert_eq!(
        std::fs::read_to_string(from_pg.join("palazzo.jsonl")).unwrap(),
        records
    );

    let hidden = dir.path().join("hidden");
    let o = export(
        dir.path(),
        &["--local", "--pseudonyms", "--out", hidden.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let pseudonymous = std::fs::read_to_string(hidden.join("palazzo.jsonl")).unwrap();
    assert!(!pseudonymous.contains("bruno"));
    assert!(pseudonymous.contains(r#"[{"seat":0,"name":"Player 1"},{"seat":1,"name":"Player 2"}]"#));
}
