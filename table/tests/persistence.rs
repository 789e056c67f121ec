//! Nothing lost: restarts resume games, replay reproduces snapshots, unreadable records
//! are quarantined, one channel's commands never interleave, and SIGKILL at any point
//! loses no acknowledged action.

mod common;
use common::*;
use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::process::{Command as Process, Stdio};
use std::sync::Arc;
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
        for _ in 0..(seed % 9) {
            let (u, a) = next_move(&table, ch, 3).unwrap();
            run(&table, ch, u, &a);
        }
        let Loaded::Found(record) = store.load(ch).unwrap() else {
            panic!()
        };
        let log: Vec<(usize, serde_json::Value)> = store
            .log(record.meta.game_id)
            .unwrap()
            .into_iter()
            .map(|e| (e.seat, e.action))
            .collect();
        assert_eq!(log.len() as u64, record.meta.version);
        let kind = rules::catalog::find(&record.meta.game).unwrap();
        let replayed = (kind.replay)(3, &record.meta.options, record.meta.seed, &log).unwrap();
        assert_eq!(Some(replayed.snapshot()), record.snapshot, "seed {seed}");
    }
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
    let mut versions: Vec<u64> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    versions.sort();
    // Every accepted action got its own version: no two commands saw the same state.
    let unique: HashSet<u64> = versions.iter().copied().collect();
    assert_eq!(unique.len(), versions.len());
    assert!(
        table.state_version(CH).is_none(),
        "game unfinished: {:?}",
        run(&table, CH, 1, "status")
    );
    let archived = store.archived(CH).unwrap();
    let log = store.log(archived[0].meta.game_id).unwrap();
    assert_eq!(log.len() as u64, archived[0].meta.version);
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
/// `ACK <game_id> <version>` after each acknowledged action.
fn crash_child(dir: &str) {
    let (_store, table) = open(std::path::Path::new(dir));
    let mut round = 0u64;
    loop {
        for ch in 1..=3u64 {
            if table.state_version(ch).is_none() {
                started(&table, ch, 3, round * 7 + ch);
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

#[test]
fn sigkill_at_random_points_loses_no_acknowledged_action() {
    if let Ok(dir) = std::env::var("CAPOMAESTRO_CRASH_CHILD") {
        crash_child(&dir);
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut acked: Vec<(u64, u64)> = Vec::new();
    let cycles: u64 = std::env::var("CRASH_CYCLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    for cycle in 0..cycles {
        let mut child = Process::new(&exe)
            .args([
                "--exact",
                "sigkill_at_random_points_loses_no_acknowledged_action",
                "--nocapture",
                "--test-threads=1",
            ])
            .env("CAPOMAESTRO_CRASH_CHILD", dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let mut lines = BufReader::new(stdout).lines();
        // Kill after a pseudo-random number of acknowledgements (5..=44).
        let kill_after = 5 + (cycle * 17 + 3) % 40;
        let mut seen = 0;
        while let Some(Ok(line)) = lines.next() {
            if let Some(rest) = line.strip_prefix("ACK ") {
                let mut it = rest.split(' ').map(|n| n.parse::<u64>().unwrap());
                acked.push((it.next().unwrap(), it.next().unwrap()));
                seen += 1;
                if seen >= kill_after {
                    break;
                }
            }
        }
        unsafe {
            libc::kill(child.id() as i32, libc::SIGKILL);
        }
        let _ = child.wait();
        // Reopen: every acknowledged action is in its game's log and every game loads.
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
    assert!(acked.len() as u64 >= cycles * 5);
}
