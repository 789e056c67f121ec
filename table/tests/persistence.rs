//! Nothing lost: restarts resume games, replay reproduces snapshots, unreadable records
//! are quarantined, one channel's commands never interleave, and SIGKILL at any point
//! loses no acknowledged action.

mod common;
use common::*;
use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::process::{Command as Process, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};
use storage::{Loaded, Store};
use table::{Command, Delivery};

#[test]
fn a_restart_resumes_every_game() {
    let dir = tempfile::tempdir().unwrap();
    {
        let (_store, table) = open(dir.path());
        for ch in 1..=3 {
            started(&table, ch, 2, ch);
            run(&table, ch, 1, "add 1");
        }
    }
    let (_store, table) = open(dir.path());
    for ch in 1..=3 {
        assert_eq!(table.state_version(ch).unwrap().version, 1);
        assert!(ephemeral(&run(&table, ch, 2, "status")).contains("Total: 1 / 15"));
        let d = run(&table, ch, 2, "add 2");
        assert!(channel_texts(&d)[0].contains("Total: 3 / 15"), "{d:?}");
    }
}

#[test]
fn replay_from_seed_options_and_log_reproduces_the_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    for seed in 0..20 {
        let ch = 1000 + seed;
        started(&table, ch, 3, seed);
        // Past a stored snapshot or two (one every `SNAPSHOT_EVERY` actions).
        for _ in 0..(seed % 14) {
            let Some((u, a)) = next_move(&table, ch, 3) else {
                break;
            };
            run(&table, ch, u, &a);
        }
        let Loaded::Found(record) = store.load(ch).unwrap() else {
            panic!()
        };
        assert_stored_is_replayed(&store, &record, &format!("seed {seed}"));
    }
}

/// The stored game (its last snapshot and the actions logged since) is exactly what a
/// replay of its whole log from the seed and options gives.
fn assert_stored_is_replayed(store: &storage::SledStore, record: &storage::Record, what: &str) {
    let log: Vec<(usize, serde_json::Value)> = store
        .log(record.meta.game_id)
        .unwrap()
        .into_iter()
        .map(|e| (e.seat, e.action))
        .collect();
    assert_eq!(log.len() as u64, record.meta.version, "{what}");
    let kind = rules::catalog::find(&record.meta.game).unwrap();
    let players = record.meta.seats.len();
    let replayed = (kind.replay)(players, &record.meta.options, record.meta.seed, &log).unwrap();
    let stored = table::restore_record(record).unwrap().unwrap();
    assert_eq!(replayed.snapshot(), stored.snapshot(), "{what}");
}

/// Random legal moves of every title, the table reopened every few moves: after each
/// move the stored record (its last snapshot and the actions logged since) rebuilds
/// exactly the state a replay of the whole log from the seed gives.
#[test]
fn a_stored_game_is_its_last_snapshot_and_the_actions_logged_since() {
    use rand::{seq::SliceRandom, SeedableRng};
    let dir = tempfile::tempdir().unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let (mut tails, mut longest) = (HashSet::new(), 0);
    for (i, kind) in rules::catalog::games().iter().enumerate() {
        let ch = 500 + i as u64;
        let (mut store, mut table) = open(dir.path());
        run(&table, ch, 1, &format!("new {} seed={i}", kind.id));
        run(&table, ch, 2, "join");
        run(&table, ch, 3, "join");
        run(&table, ch, 1, "start");
        for n in 0..60 {
            if n % 7 == 6 {
                drop(table);
                drop(store);
                (store, table) = open(dir.path());
            }
            let Some(p) = table.prompts(ch).into_iter().next() else {
                break;
            };
            let action = table
                .legal_actions(ch, p.user)
                .choose(&mut rng)
                .unwrap()
                .clone();
            run(&table, ch, p.user, &action);
            let Loaded::Found(record) = store.load(ch).unwrap() else {
                break; // over and archived
            };
            assert_stored_is_replayed(&store, &record, &format!("{} after {n}", kind.id));
            assert!((record.tail.len() as u64) < table::SNAPSHOT_EVERY);
            tails.insert(record.tail.len());
            longest = longest.max(record.meta.version);
        }
    }
    assert!(
        longest > 2 * table::SNAPSHOT_EVERY,
        "games too short: {longest}"
    );
    assert_eq!(
        tails.len() as u64,
        table::SNAPSHOT_EVERY,
        "tails seen: {tails:?}"
    );
}

#[test]
fn a_logged_action_refused_on_replay_quarantines_the_game_and_the_notice_tells_no_secret() {
    let dir = tempfile::tempdir().unwrap();
    {
        let (store, table) = open(dir.path());
        started(&table, 4, 2, 4);
        run(&table, 4, 1, "add 2");
        // A later entry the engine refuses (as a damaged log would hold), logged after
        // the snapshot of the start; its text and the engine's reason stay private.
        let Loaded::Found(record) = store.load(4).unwrap() else {
            panic!()
        };
        let meta = storage::Meta {
            version: record.meta.version + 1,
            ..record.meta.clone()
        };
        let entry = storage::LogEntry {
            seat: 1,
            action: serde_json::json!({"Steal": "ana's hand: R4 G3"}),
            text: "steal R4 G3".into(),
            public: vec![],
            at: 0,
        };
        store
            .commit(storage::Commit {
                entry: Some(&entry),
                ..storage::Commit::meta(&meta)
            })
            .unwrap();
    }
    let (store, table) = open(dir.path());
    let d = run(&table, 4, 1, "status");
    let notice = &channel_texts(&d)[0];
    assert!(
        notice.contains("action 2 of the log could not be replayed"),
        "{notice}"
    );
    assert!(
        !notice.contains("R4") && !notice.contains("Steal"),
        "{notice}"
    );
    assert_eq!(store.quarantined().unwrap().len(), 1);
    assert_eq!(store.load(4).unwrap(), Loaded::Empty);
}

#[test]
fn a_corrupted_record_is_quarantined_and_other_games_load() {
    let dir = tempfile::tempdir().unwrap();
    {
        let (store, table) = open(dir.path());
        started(&table, 1, 2, 1);
        started(&table, 2, 2, 2);
        started(&table, 3, 2, 3);
        store.put_raw_snapshot(1, b"\x00garbage").unwrap();
        store.put_raw_meta(3, b"{\"schema\":").unwrap();
    }
    let (store, table) = open(dir.path());
    let d = run(&table, 1, 1, "status");
    assert!(
        channel_texts(&d)[0].contains("could not be read and was set aside"),
        "{d:?}"
    );
    assert!(
        matches!(d.last(), Some(Delivery::Ephemeral { text, .. }) if text.contains("no game in this channel"))
    );
    let d = run(&table, 3, 1, "status");
    assert!(
        channel_texts(&d)[0].contains("metadata unreadable"),
        "{d:?}"
    );
    assert!(ephemeral(&run(&table, 2, 1, "status")).contains("Total: 0 / 15"));
    let q = store.quarantined().unwrap();
    assert_eq!(q.len(), 2);
    assert_eq!(
        q.iter()
            .find(|q| q.channel == 1)
            .unwrap()
            .snapshot_bytes
            .as_deref(),
        Some(&b"\x00garbage"[..])
    );
    // The notice is shown once; the channel is free for a new game.
    assert!(channel_texts(&run(&table, 1, 1, "new countdown"))[0].contains("opened a table"));
}

#[test]
fn a_game_saved_by_a_newer_version_is_kept_and_the_channel_told_to_call_the_operator() {
    let dir = tempfile::tempdir().unwrap();
    {
        let (store, table) = open(dir.path());
        started(&table, 4, 2, 4);
        let Loaded::Found(record) = store.load(4).unwrap() else {
            panic!("the game is stored")
        };
        let mut meta = record.meta;
        meta.schema = storage::SCHEMA_VERSION + 1;
        store.commit(storage::Commit::meta(&meta)).unwrap();
    }
    let (store, table) = open(dir.path());
    let d = run(&table, 4, 1, "status");
    assert!(channel_texts(&d).is_empty(), "told privately: {d:?}");
    let notice = ephemeral(&d);
    assert!(notice.contains("saved by a newer version"), "{d:?}");
    assert!(!notice.contains("try again"), "{notice}");
    // Kept as it was: nothing set aside, and the next command is refused the same way.
    assert!(store.quarantined().unwrap().is_empty());
    assert!(matches!(store.load(4), Err(storage::StoreError::Newer(_))));
    let d = run(&table, 4, 1, "new countdown");
    assert!(
        !d.iter().any(
            |d| matches!(d, Delivery::Channel { text, .. } if text.contains("opened a table"))
        ),
        "the channel is not free for a new game: {d:?}"
    );
}

#[test]
fn commands_on_one_channel_never_interleave() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    let table = Arc::new(table);
    started(&table, CH, 4, 9);
    // Four threads hammer the same channel with every possible move of their seat.
    let handles: Vec<_> = (1..=4u64)
        .map(|user| {
            let table = table.clone();
            std::thread::spawn(move || {
                let mut versions = Vec::new();
                let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
                let mut i = 0;
                while table.state_version(CH).is_some() && std::time::Instant::now() < deadline {
                    i += 1;
                    let line = ["add 1", "add 2", "add 3", "ack"][i % 4];
                    for d in run(&table, CH, user, line) {
                        if let Delivery::Channel { prompts, .. } = d {
                            if let Some(p) = prompts.first() {
                                versions.push(p.state.version);
                            }
                        }
                    }
                }
                versions
            })
        })
        .collect();
    let versions: Vec<u64> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    // Every accepted action but the last (which ends the game) posted its own turn
    // message: no two commands saw the same state (the prompts' versions name public
    // positions, which may repeat, so the messages are counted against the log).
    let prompted = versions.len();
    assert!(
        table.state_version(CH).is_none(),
        "game unfinished: {:?}",
        run(&table, CH, 1, "status")
    );
    let archived = store.archived(CH).unwrap();
    let log = store.log(archived[0].meta.game_id).unwrap();
    assert_eq!(log.len() as u64, archived[0].meta.version);
    assert_eq!(
        prompted + 1,
        log.len(),
        "one turn message per accepted move"
    );
    let kind = rules::catalog::find("countdown").unwrap();
    let pairs: Vec<_> = log.into_iter().map(|e| (e.seat, e.action)).collect();
    let replayed =
        (kind.replay)(4, &archived[0].meta.options, archived[0].meta.seed, &pairs).unwrap();
    assert_eq!(replayed.snapshot(), archived[0].snapshot);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn different_channels_run_concurrently_through_the_async_api() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    let table = Arc::new(table);
    let tasks: Vec<_> = (0..16u64)
        .map(|ch| {
            let table = table.clone();
            tokio::spawn(async move {
                table
                    .handle_async(ch, caller(1), Command::parse("new countdown"))
                    .await;
                table.handle_async(ch, caller(2), Command::Join).await;
                table.handle_async(ch, caller(1), Command::Start).await;
                table
                    .handle_async(ch, caller(1), Command::parse("add 2"))
                    .await
            })
        })
        .collect();
    for t in tasks {
        let d = t.await.unwrap();
        assert!(channel_texts(&d)[0].contains("Total: 2 / 15"), "{d:?}");
    }
}

/// Child mode of the crash test: plays games in several channels forever, printing
/// `OPEN` once the store is open and `ACK <game_id> <version>` after each acknowledged
/// action.
fn crash_child(dir: &str) {
    let (_store, table) = open(std::path::Path::new(dir));
    println!("OPEN");
    let mut round = 0u64;
    loop {
        for ch in 1..=3u64 {
            if table.state_version(ch).is_none() {
                started(&table, ch, 3, round * 7 + ch);
            } else if next_move(&table, ch, 3).is_none() {
                // A lobby left by a kill between `new` and `start`: fill and start it
                // (without this, a channel stuck in its lobby stays stuck, and once all
                // three are the child never acknowledges anything again).
                for u in 2..=3 {
                    run(&table, ch, u, "join");
                }
                run(&table, ch, 1, "start");
            }
            if let Some((u, a)) = next_move(&table, ch, 3) {
                let d = run(&table, ch, u, &a);
                assert!(matches!(d[0], Delivery::Channel { .. }), "{d:?}");
                // The game id survives archiving, so read it from the store.
                if let Some(v) = table.state_version(ch) {
                    println!("ACK {} {}", v.game_id, v.version);
                } else {
                    let last = _store.archived(ch).unwrap().into_iter().next().unwrap();
                    println!("ACK {} {}", last.meta.game_id, last.meta.version);
                }
            }
        }
        round += 1;
    }
}

/// How long one step of a crash cycle (the child's next line, the reopening) may take
/// before the test gives up and says where things stand, instead of hanging.
const CYCLE_LIMIT: Duration = Duration::from_secs(30);

/// What a stuck process is doing: each thread's name, state and kernel wait channel.
fn process_state(pid: u32) -> String {
    let mut out = String::new();
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task"));
    for task in tasks.into_iter().flatten().flatten() {
        let path = task.path();
        let read = |f: &str| {
            std::fs::read_to_string(path.join(f))
                .unwrap_or_default()
                .trim()
                .to_string()
        };
        let state = read("status")
            .lines()
            .find(|l| l.starts_with("State:"))
            .unwrap_or_default()
            .to_string();
        out.push_str(&format!(
            "  thread {} ({}): {state}, waiting in {}\n",
            task.file_name().to_string_lossy(),
            read("comm"),
            read("wchan"),
        ));
    }
    if out.is_empty() {
        out.push_str("  (gone)\n");
    }
    out
}

/// Fails the test from a watchdog thread: the main thread may be the one stuck.
fn give_up(what: String) -> ! {
    eprintln!("{what}");
    // A panic here would only end this thread; the test must end.
    std::process::exit(101);
}

#[test]
fn sigkill_at_random_points_loses_no_acknowledged_action() {
    if let Ok(dir) = std::env::var("CAPOMAESTRO_CRASH_CHILD") {
        crash_child(&dir);
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let logs = tempfile::tempdir().unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut acked: Vec<(u64, u64)> = Vec::new();
    let cycles: u64 = std::env::var("CRASH_CYCLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let started_at = Instant::now();
    for cycle in 0..cycles {
        let stderr_path = logs.path().join(format!("child-{cycle}.stderr"));
        let mut child = Process::new(&exe)
            .args([
                "--exact",
                "sigkill_at_random_points_loses_no_acknowledged_action",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("CAPOMAESTRO_CRASH_CHILD", dir.path())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&stderr_path).unwrap())
            .spawn()
            .unwrap();
        let pid = child.id();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        // Kill after a pseudo-random number of acknowledgements (5..=44).
        let kill_after = 5 + (cycle * 17 + 3) % 40;
        let (mut seen, mut opened) = (0, false);
        loop {
            match rx.recv_timeout(CYCLE_LIMIT) {
                Ok(line) => {
                    // The harness prints the test's name before it, on the same line.
                    opened |= line.ends_with("OPEN");
                    if let Some(rest) = line.strip_prefix("ACK ") {
                        let mut it = rest.split(' ').map(|n| n.parse::<u64>().unwrap());
                        acked.push((it.next().unwrap(), it.next().unwrap()));
                        seen += 1;
                        if seen >= kill_after {
                            break;
                        }
                    }
                }
                // The child ended (a panic: its stderr is checked below).
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let state = process_state(pid);
                    unsafe {
                        libc::kill(pid as i32, libc::SIGKILL);
                    }
                    let _ = child.wait();
                    panic!(
                        "cycle {cycle}: the child {} and printed nothing for {CYCLE_LIMIT:?} \
                         ({seen} of {kill_after} acknowledgements)\n{state}stderr:\n{}",
                        if opened {
                            "opened the store"
                        } else {
                            "never opened the store"
                        },
                        std::fs::read_to_string(&stderr_path).unwrap_or_default()
                    );
                }
            }
        }
        unsafe {
            libc::kill(pid as i32, libc::SIGKILL);
        }
        let _ = child.wait();
        assert!(
            seen >= kill_after,
            "cycle {cycle}: the child stopped after {seen} acknowledgements:\n{}",
            std::fs::read_to_string(&stderr_path).unwrap_or_default()
        );
        // Reopen: every acknowledged action is in its game's log and every game loads.
        // A watchdog says what the reopening waits for if it takes too long.
        let done = Arc::new(AtomicBool::new(false));
        let watchdog = {
            let done = done.clone();
            std::thread::spawn(move || {
                let until = Instant::now() + CYCLE_LIMIT;
                while !done.load(Ordering::SeqCst) {
                    if Instant::now() > until {
                        give_up(format!(
                            "cycle {cycle}: reopening and checking the store took over \
                             {CYCLE_LIMIT:?}\n{}",
                            process_state(std::process::id())
                        ));
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
            })
        };
        {
            let (store, table) = open(dir.path());
            for &(game_id, version) in &acked {
                let log = store.log(game_id).unwrap();
                assert!(
                    log.len() as u64 >= version,
                    "cycle {cycle}: game {game_id} lost action {version}"
                );
            }
            for ch in 1..=3 {
                let d = run(&table, ch, 1, "status");
                assert!(
                    d.iter().all(|d| !d.text().contains("could not be read")),
                    "cycle {cycle}: channel {ch} unreadable after SIGKILL: {d:?}"
                );
            }
        }
        done.store(true, Ordering::SeqCst);
        watchdog.join().unwrap();
    }
    assert!(acked.len() as u64 >= cycles * 5);
    eprintln!(
        "{cycles} kill -9 cycles, {} acknowledged actions checked, none lost, every game \
         readable ({:.1?})",
        acked.len(),
        started_at.elapsed()
    );
}

// Several bot processes on one PostgreSQL: each process is a `Table` over its own
// `PgStore` (its own pool and cache), all on one database.

/// Two "processes" (tables over their own stores) on one fresh database schema; the
/// second store is returned for looking at what landed.
fn two_processes(
    options: impl Fn() -> table::TableOptions,
) -> (table::Table, table::Table, Arc<storage::PgStore>) {
    let url = storage::pg::testing::fresh_url().unwrap_or_else(|why| panic!("{why}"));
    let a = Arc::new(storage::PgStore::open(&url, 4).unwrap());
    let b = Arc::new(storage::PgStore::open(&url, 4).unwrap());
    (
        table::Table::with_options(a, options()),
        table::Table::with_options(b.clone(), options()),
        b,
    )
}

/// The last archived game of a channel: its final version and its stored log's length.
fn archived_moves(store: &storage::PgStore, channel: u64) -> (u64, usize) {
    let archived = store.archived(channel).unwrap();
    assert_eq!(archived.len(), 1, "one archived game in channel {channel}");
    let meta = &archived[0].meta;
    (meta.version, store.log(meta.game_id).unwrap().len())
}

#[test]
fn moves_alternating_between_two_processes_land_in_order() {
    let (a, b, store) = two_processes(table::TableOptions::default);
    started(&a, CH, 2, 7);
    let tables = [&a, &b];
    let mut moves = 0u64;
    // Each move by the other process than the last: each sees the other's moves at once.
    while let Some((user, line)) = next_move(tables[moves as usize % 2], CH, 2) {
        let out = run(tables[moves as usize % 2], CH, user, &line);
        assert!(
            !channel_texts(&out).is_empty(),
            "{line} was refused: {out:?}"
        );
        moves += 1;
        if let Some(version) = a.state_version(CH) {
            assert_eq!(version.version, moves);
            assert_eq!(b.state_version(CH).unwrap().version, moves);
        }
    }
    assert!(moves >= 5, "{moves}");
    assert_eq!(archived_moves(&store, CH), (moves, moves as usize));
}

#[test]
fn a_move_another_process_made_first_refuses_the_stale_one_and_its_commit() {
    let (a, b, store) = two_processes(table::TableOptions::default);
    started(&a, CH, 2, 3);
    // Process a shows the awaited player their options; they play them through process b.
    let (user, _) = next_move(&a, CH, 2).unwrap();
    let (at, _) = a.choices(CH, user).unwrap();
    let stamp = store
        .stamp(CH)
        .unwrap()
        .expect("a shared store stamps its games");
    let out = b.handle(CH, &caller(user), Command::Choose { index: 0, at });
    assert!(!channel_texts(&out).is_empty(), "{out:?}");
    // The same panel tapped again reaches process a, which has the game loaded: refused
    // with the usual sentence, nothing stored.
    let out = a.handle(CH, &caller(user), Command::Choose { index: 0, at });
    assert!(
        ephemeral(&out).starts_with("It is not your turn"),
        "{out:?}"
    );
    assert_eq!(a.state_version(CH).unwrap().version, 1);
    // A commit over what was loaded before b's move is refused by the store itself.
    let Loaded::Found(record) = store.load(CH).unwrap() else {
        panic!("the game is stored");
    };
    assert_ne!(store.stamp(CH).unwrap(), Some(stamp));
    let stale = storage::Commit {
        meta: &record.meta,
        snapshot: None,
        entry: None,
        outbox: &[],
        timers: &[],
        seats: None,
    };
    assert!(matches!(
        store.commit_at(stamp, stale),
        Err(storage::StoreError::Moved)
    ));
    let current = store.stamp(CH).unwrap().unwrap();
    let (_, next) = store.commit_at(current, stale).unwrap();
    assert_ne!(next, current);
    assert_eq!(store.stamp(CH).unwrap(), Some(next));
    assert_eq!(store.log(record.meta.game_id).unwrap().len(), 1);
}

#[test]
fn moves_racing_from_two_processes_land_once_each() {
    let (a, b, store) = two_processes(table::TableOptions::default);
    let channels: Vec<u64> = (1..=4).collect();
    for &ch in &channels {
        started(&a, ch, 2, ch);
    }
    // Both processes play every channel's awaited move as fast as they can: the same
    // move is often sent by both at once, and must land once.
    let accepted: Vec<u64> = std::thread::scope(|s| {
        let workers: Vec<_> = [&a, &b]
            .into_iter()
            .map(|table| {
                let channels = &channels;
                s.spawn(move || {
                    let mut accepted = 0;
                    while channels.iter().any(|&ch| table.state_version(ch).is_some()) {
                        for &ch in channels {
                            if let Some((user, line)) = next_move(table, ch, 2) {
                                let out = run(table, ch, user, &line);
                                accepted += u64::from(!channel_texts(&out).is_empty());
                            }
                        }
                    }
                    accepted
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let mut stored = 0;
    for &ch in &channels {
        let (version, logged) = archived_moves(&store, ch);
        assert_eq!(version as usize, logged, "channel {ch}");
        stored += version;
    }
    assert_eq!(accepted.iter().sum::<u64>(), stored, "{accepted:?}");
}

#[test]
fn a_due_timer_fires_once_when_two_processes_see_it() {
    use table::{Defaults, ManualClock, Minimums, TableOptions, TimeoutPolicy};
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    let options = || TableOptions {
        clock: clock.clone(),
        defaults: Defaults {
            remind_after: 60,
            remind_every: 3_600,
            timeout_after: 0,
            on_timeout: TimeoutPolicy::Auto,
        },
        minimums: Minimums::LOCAL,
        ..TableOptions::default()
    };
    let (a, b, _store) = two_processes(options);
    let channels: Vec<u64> = (1..=8).collect();
    for &ch in &channels {
        started(&a, ch, 2, ch);
        // Both have every game loaded.
        assert_eq!(b.state_version(ch).unwrap().version, 0);
        for p in a.pending_in(ch) {
            a.delivered(p.delivery.outbox().unwrap());
        }
    }
    clock.advance(2 * 60_000);
    let barrier = std::sync::Barrier::new(2);
    std::thread::scope(|s| {
        for table in [&a, &b] {
            let barrier = &barrier;
            s.spawn(move || {
                barrier.wait();
                table.fire_due_timers();
            });
        }
    });
    for &ch in &channels {
        let texts = all_texts(
            &a.pending_in(ch)
                .into_iter()
                .map(|p| p.delivery)
                .collect::<Vec<_>>(),
        );
        let reminders = texts.iter().filter(|t| t.contains("⏰ Reminder")).count();
        assert_eq!(reminders, 1, "channel {ch}: {texts:?}");
    }
}

/// `/game language` and `/game settings language:` on `table`, then what a second table
/// over the same store (a restart, another process) reads back.
fn languages_survive(table: table::Table, again: impl FnOnce(table::Table) -> table::Table) {
    use words::Lang;
    let ana = caller(1);
    let bruno = table::Caller {
        guild: Some(77),
        ..caller(2)
    };
    // No choice: the client's locale; es-419 reads Spanish.
    assert_eq!(table.person_lang(1, Some("es-419")), Lang::Es);
    assert_eq!(table.person_lang(1, None), Lang::En);
    let d = table.set_person_lang(&ana, Some("en-US"), Some(Some(Lang::Es)));
    assert!(ephemeral(&d).contains("en español"), "{d:?}");
    assert_eq!(table.person_lang(1, Some("en-US")), Lang::Es);
    let d = table.set_person_lang(&bruno, Some("es-ES"), None);
    assert!(ephemeral(&d).contains("tu idioma de Discord"), "{d:?}");
    // A channel follows its server's recorded locale until it chooses.
    assert_eq!(table.channel_lang(5, Some(77)), Lang::En);
    table.remember_guild_locale(77, "es-ES");
    assert_eq!(table.channel_lang(5, Some(77)), Lang::Es);
    // Only the host or Manage Channel sets it (no table here: Manage Channel only).
    let d = table.set_channel_lang(5, &bruno, Lang::En, Some(Lang::En));
    assert!(ephemeral(&d).contains("Only the host"), "{d:?}");
    assert_eq!(table.channel_lang_choice(5), None);
    assert!(channel_texts(&run(&table, 5, 2, "new countdown"))[0].contains("opened a table"));
    let d = table.set_channel_lang(5, &bruno, Lang::Es, Some(Lang::En));
    assert!(ephemeral(&d).contains("ahora en inglés"), "{d:?}");
    assert_eq!(table.channel_lang(5, Some(77)), Lang::En);
    let manager = table::Caller {
        can_manage_channel: true,
        ..caller(3)
    };
    let d = table.set_channel_lang(6, &manager, Lang::En, Some(Lang::Es));
    assert!(ephemeral(&d).contains("now in Spanish"), "{d:?}");
    let other = again(table);
    assert_eq!(
        other.person_lang(1, Some("en-US")),
        Lang::Es,
        "ana's choice"
    );
    assert_eq!(
        other.person_lang_choice(2),
        None,
        "bruno follows his client"
    );
    assert_eq!(
        other.channel_lang(5, Some(77)),
        Lang::En,
        "channel 5's choice"
    );
    assert_eq!(other.channel_lang(6, None), Lang::Es, "channel 6's choice");
    assert_eq!(
        other.channel_lang(7, Some(77)),
        Lang::Es,
        "the server's locale"
    );
    // Back to the server's language.
    let d = other.set_channel_lang(5, &bruno, Lang::En, None);
    assert!(
        ephemeral(&d).contains("server's language (Spanish)"),
        "{d:?}"
    );
    assert_eq!(other.channel_lang_choice(5), None);
}

#[test]
fn language_choices_are_kept_on_sled() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    let (store, table) = open(dir.path());
    languages_survive(table, move |table| {
        drop(table);
        drop(store);
        open(&path).1
    });
}

#[test]
fn language_choices_are_kept_on_postgres() {
    let (a, b, _) = two_processes(table::TableOptions::default);
    languages_survive(a, move |_| b);
}

/// A game's row held by another session (an operator's open transaction) costs its own
/// channel one refusal, never the process: with that row locked, a move in each of 20
/// other channels is answered within 1 s, and the locked channel's move within the
/// store's lock timeout, with the "try again" sentence and nothing stored. Once the row
/// is free, the same move lands.
#[test]
fn a_locked_game_row_refuses_its_own_move_in_time_and_holds_up_no_other_channel() {
    const OTHERS: u64 = 20;
    const LOCKED: u64 = OTHERS + 1;
    const LOCK_MS: u64 = 1_500;
    let url = storage::pg::testing::fresh_url().unwrap_or_else(|why| panic!("{why}"));
    let timeouts = storage::pg::Timeouts {
        lock_ms: LOCK_MS,
        ..Default::default()
    };
    let store = Arc::new(storage::PgStore::open_with(&url, 8, timeouts).unwrap());
    let table = Arc::new(table::Table::with_options(
        store.clone(),
        table::TableOptions::default(),
    ));
    for ch in 1..=LOCKED {
        started(&table, ch, 2, ch);
    }
    let locker = storage::pg::testing::Session::connect(&url);
    locker.run(&format!(
        "BEGIN; SELECT channel FROM games WHERE channel = {LOCKED} FOR UPDATE"
    ));
    // The locked channel's move first: once it waits on the row, the others at once.
    // Each answer's time counts from its own move.
    let (tx, rx) = mpsc::channel();
    let start = Instant::now();
    let mover = |ch: u64| {
        let (table, tx) = (table.clone(), tx.clone());
        std::thread::spawn(move || {
            let (user, line) = next_move(&table, ch, 2).expect("a move to make");
            let sent = Instant::now();
            let out = run(&table, ch, user, &line);
            let _ = tx.send((ch, sent.elapsed(), out));
        })
    };
    let mut threads = vec![mover(LOCKED)];
    while locker.waiting_on_me() == 0 {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the move never waited"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    threads.extend((1..=OTHERS).map(mover));
    drop(tx);
    // Answers for a while (the old code answered none until the lock was let go).
    let mut answers = Vec::new();
    let deadline = start + Duration::from_millis(LOCK_MS * 3);
    while let Ok(answer) = rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        answers.push(answer);
        if answers.len() as u64 == LOCKED {
            break;
        }
    }
    locker.run("ROLLBACK");
    answers.extend(rx.iter());
    for t in threads {
        t.join().unwrap();
    }
    answers.sort_by_key(|(ch, ..)| *ch);
    assert_eq!(answers.len() as u64, LOCKED);
    for (ch, took, out) in &answers[..OTHERS as usize] {
        assert!(
            *took < Duration::from_secs(1),
            "channel {ch} answered after {took:?}"
        );
        assert!(!channel_texts(out).is_empty(), "channel {ch}: {out:?}");
        assert_eq!(table.state_version(*ch).unwrap().version, 1, "channel {ch}");
    }
    let (_, took, out) = &answers[OTHERS as usize];
    assert!(
        *took <= Duration::from_millis(LOCK_MS + 500),
        "the locked channel answered after {took:?}"
    );
    assert!(
        ephemeral(out).contains("busy") && ephemeral(out).contains("try it again"),
        "{out:?}"
    );
    assert_eq!(table.state_version(LOCKED).unwrap().version, 0);
    let Loaded::Found(record) = store.load(LOCKED).unwrap() else {
        panic!("the locked channel's game is stored");
    };
    assert_eq!(record.meta.version, 0, "nothing of the refused move stored");
    // The row free again, the same move lands.
    let (user, line) = next_move(&table, LOCKED, 2).unwrap();
    let out = run(&table, LOCKED, user, &line);
    assert!(!channel_texts(&out).is_empty(), "{out:?}");
    assert_eq!(table.state_version(LOCKED).unwrap().version, 1);
    eprintln!(
        "slowest other channel {:?}, locked channel refused after {took:?}",
        answers[..OTHERS as usize]
            .iter()
            .map(|(_, t, _)| *t)
            .max()
            .unwrap()
    );
}

/// Plays `table`'s game in `channel` to its end (two players), by one process.
fn play_out(table: &table::Table, channel: u64, seed: u64) {
    started(table, channel, 2, seed);
    while let Some((user, line)) = next_move(table, channel, 2) {
        run(table, channel, user, &line);
    }
    assert!(table.state_version(channel).is_none(), "archived");
}

#[test]
fn the_history_picker_of_each_process_lists_every_archived_game_on_postgres() {
    use table::Lang::En;
    let (a, b, store) = two_processes(table::TableOptions::default);
    let ids = |games: &[table::HistoryGame]| games.iter().map(|g| g.game_id).collect::<Vec<_>>();
    play_out(&a, CH, 5);
    let archived = store.archived_ids(CH).unwrap();
    assert_eq!(archived.len(), 1);
    // The process that archived it lists it at once, reading nothing back.
    assert_eq!(a.history_picker(En, CH, 1), (a.history_games(CH, 1), false));
    assert_eq!(ids(&a.history_picker(En, CH, 1).0), archived);
    assert_eq!(a.history_picker_decodes(), 0);
    // The other sees its id, lists it once its index read it (once).
    let (games, missing) = b.history_picker(En, CH, 1);
    assert!(games.is_empty() && missing);
    assert_eq!(b.history_picker_decodes(), 0, "a keystroke reads no game");
    b.fill_history_picker(CH);
    for _ in 0..50 {
        assert_eq!(
            b.history_picker(En, CH, 2),
            (a.history_picker(En, CH, 2).0, false)
        );
    }
    assert_eq!(b.history_picker_decodes(), 1);
    // A game b archives: listed by b at once, by a after one read.
    play_out(&b, CH, 6);
    let archived = store.archived_ids(CH).unwrap();
    assert_eq!(archived.len(), 2);
    assert_eq!(ids(&b.history_picker(En, CH, 1).0), archived);
    assert!(a.history_picker(En, CH, 1).1, "a game a has not read yet");
    a.fill_history_picker(CH);
    assert_eq!(ids(&a.history_picker(En, CH, 1).0), archived);
    assert_eq!(
        (a.history_picker_decodes(), b.history_picker_decodes()),
        (1, 1)
    );
}

/// An abandoned game whose archive failed still holds the channel: a new table is
/// refused (the store's failure said) until the archive goes through, and the game is
/// then archived, never overwritten.
#[test]
fn a_failed_archive_of_an_abandoned_game_keeps_the_channel_until_it_is_archived() {
    let dir = tempfile::tempdir().unwrap();
    let sled = Arc::new(storage::SledStore::open(dir.path()).unwrap());
    let store = common::hooked::Hooked::new(sled.clone());
    let table = table::Table::new(store.clone());
    started(&table, CH, 2, 7);
    let Loaded::Found(record) = sled.load(CH).unwrap() else {
        panic!("no game")
    };
    let game_id = record.meta.game_id;
    store.fail_archive.store(true, Ordering::SeqCst);
    run(&table, CH, 1, "abandon");
    let refused = run(&table, CH, 1, "new countdown seed=8");
    assert!(
        ephemeral(&refused).contains("could not be read"),
        "{refused:?}"
    );
    let Loaded::Found(kept) = sled.load(CH).unwrap() else {
        panic!("the abandoned game is gone")
    };
    assert_eq!(kept.meta.game_id, game_id, "overwritten by a new table");
    assert_eq!(kept.meta.status, storage::Status::Abandoned);
    // The archive works again: the next command archives the game, then runs.
    store.fail_archive.store(false, Ordering::SeqCst);
    run(&table, CH, 1, "new countdown seed=8");
    let archived = sled.archived_ids(CH).unwrap();
    assert_eq!(archived, vec![game_id]);
    let Loaded::Found(new) = sled.load(CH).unwrap() else {
        panic!("no new table")
    };
    assert_ne!(new.meta.game_id, game_id);
}
