//! Crashes and failed syncs at every step: the log replayed, nothing rolled back.

use super::*;

#[test]
fn the_log_restores_what_sled_had_not_flushed_and_applies_idempotently() {
    let dir = tempfile::tempdir().unwrap();
    let older = tempfile::tempdir().unwrap();
    let log_copy = tempfile::tempdir().unwrap();
    let mut done = meta(6, 60, 3);
    done.status = Status::Finished;
    {
        let store = SledStore::open(dir.path()).unwrap();
        store
            .commit(Commit {
                meta: &meta(5, 50, 1),
                snapshot: Some(b"s1"),
                entry: Some(&entry(1)),
                outbox: &[],
                timers: &[],
                seats: None,
            })
            .unwrap();
        store.flush().unwrap();
        // What sled holds on disk now: only the first commit, and no log file.
        copy_files(dir.path(), older.path(), false);
        for v in 2..=3 {
            store
                .commit(Commit {
                    meta: &meta(5, 50, v),
                    snapshot: Some(format!("s{v}").as_bytes()),
                    entry: Some(&entry(v)),
                    outbox: &[row(5, 10 + v, "post")],
                    timers: &[],
                    seats: None,
                })
                .unwrap();
        }
        store.commit(Commit::meta(&done)).unwrap();
        store
            .archive(
                &ArchiveEntry {
                    meta: done.clone(),
                    outcome: None,
                    snapshot: b"end".to_vec(),
                },
                &[],
            )
            .unwrap();
        store.put_note(5, "turn", b"9").unwrap();
        // Acknowledged, so in the log: a crash now loses nothing.
        copy_files(dir.path(), log_copy.path(), true);
    }
    let check = |path: &Path| {
        let store = SledStore::open(path).unwrap();
        let Loaded::Found(r) = store.load(5).unwrap() else {
            panic!("channel 5 lost")
        };
        assert_eq!((r.meta, r.snapshot), (meta(5, 50, 3), Some(b"s3".to_vec())));
        assert_eq!(store.log(50).unwrap(), vec![entry(1), entry(2), entry(3)]);
        let rows = store.channel_outbox(5).unwrap();
        assert_eq!(rows.len(), 2);
        // Ids handed out before the crash (reserved through the log) are not reused.
        let fresh = store.next_game_id().unwrap();
        assert!(rows.iter().all(|r| r.id < fresh), "{rows:?} vs {fresh}");
        assert_eq!(store.load(6).unwrap(), Loaded::Empty);
        assert_eq!(store.archived(6).unwrap().len(), 1);
        assert!(store.finished_unarchived().unwrap().is_empty());
        assert_eq!(store.note(5, "turn").unwrap().as_deref(), Some(&b"9"[..]));
    };
    // Sled as it was before the last writes, plus the log: everything is back.
    copy_files(log_copy.path(), older.path(), true);
    // A torn record at the end (a write the crash cut short) is ignored.
    let (_, last) = wal::files(older.path()).unwrap().pop().unwrap();
    let mut torn = Batch::default();
    torn.put(TreeId::Meta, 5u64.to_be_bytes(), b"garbage");
    let record = torn.record();
    let mut bytes = std::fs::read(&last).unwrap();
    bytes.extend_from_slice(&record[..record.len() - 3]);
    std::fs::write(&last, bytes).unwrap();
    check(older.path());
    assert!(
        wal::files(older.path()).unwrap().len() <= 1,
        "log applied and deleted"
    );
    // The same log applied again over the newer state changes nothing.
    copy_files(log_copy.path(), older.path(), true);
    check(older.path());
    copy_files(log_copy.path(), dir.path(), true);
    check(dir.path());
}

#[test]
fn log_file_numbers_never_repeat_even_when_the_files_are_lost() {
    let dir = tempfile::tempdir().unwrap();
    let last = {
        let store = SledStore::open(dir.path()).unwrap();
        for v in 0..3 {
            commit_action(&store, v, true);
            store.flush().unwrap();
        }
        let seq = store.shared.wal.lock().seq();
        seq
    };
    for (_, path) in wal::files(dir.path()).unwrap() {
        std::fs::remove_file(path).unwrap();
    }
    let _ = std::fs::remove_file(dir.path().join(wal::SPARE));
    let store = SledStore::open(dir.path()).unwrap();
    assert!(store.shared.wal.lock().seq() > last);
}

/// What the store's hook was told of failed syncs (in every test; each filters by
/// its store's directory).
static FAILED_SYNCS: Mutex<Vec<String>> = Mutex::new(Vec::new());

fn note_failed_sync(why: &str) {
    lock(&FAILED_SYNCS).push(why.to_string());
}

fn failed_syncs_of(dir: &Path) -> Vec<String> {
    let dir = dir.display().to_string();
    lock(&FAILED_SYNCS)
        .iter()
        .filter(|why| why.contains(&dir))
        .cloned()
        .collect()
}

/// Opens `dir` with `faults`; a failed sync is noted (the store stops) instead of
/// ending the test process.
fn open_faulty(dir: &Path, faults: &'static Faults) -> Result<SledStore, StoreError> {
    SledStore::open_with(
        dir,
        StoreOptions {
            on_failed_sync: note_failed_sync,
            faults,
            ..StoreOptions::default()
        },
    )
}

/// Action `v` of game 9 in channel 5 with `rows` outbox rows; returns their ids.
fn move_with_rows(store: &SledStore, v: u64, rows: usize) -> Result<Vec<u64>, StoreError> {
    let state = format!("s{v}");
    let rows: Vec<NewOutbox> = (0..rows).map(|_| row(5, 100 + v, "post")).collect();
    store.commit(Commit {
        meta: &meta(5, 9, v),
        snapshot: Some(state.as_bytes()),
        entry: Some(&entry(v)),
        outbox: &rows,
        timers: &[],
        seats: None,
    })
}

/// Brings `store` (new) to a log of two files left to retire: file 2, kept by a
/// checkpoint whose retirement failed, and file 3 (a reused one). Moves 1-4 are
/// acknowledged, each with a row; the rows of moves 1-3 are sent. Returns the id of
/// the row still pending.
fn two_log_files(store: &SledStore, faults: &Faults) -> u64 {
    let dir = store.shared.wal.dir().to_path_buf();
    let a = move_with_rows(store, 1, 1).unwrap()[0];
    store.flush().unwrap();
    let b = move_with_rows(store, 2, 1).unwrap()[0];
    store.outbox_done(a).unwrap();
    // A spare, so that file 3 is a reused file: kept as the spare when retired.
    std::fs::write(dir.join(wal::SPARE), [0u8; 64]).unwrap();
    faults.arm_named("retire: delete a file");
    assert!(store.flush().is_err());
    faults.disarm();
    let c = move_with_rows(store, 3, 1).unwrap()[0];
    store.outbox_done(b).unwrap();
    let d = move_with_rows(store, 4, 1).unwrap()[0];
    store.outbox_done(c).unwrap();
    let seqs: Vec<u64> = wal::files(&dir).unwrap().iter().map(|f| f.0).collect();
    assert_eq!(seqs, [2, 3]);
    settle_lazy_syncs(store);
    d
}

/// Waits until the checkpoint thread's lazy syncs (of the marks above) are over, so
/// that none of its steps is counted among the next checkpoint's.
fn settle_lazy_syncs(store: &SledStore) {
    let state = || {
        let wake = lock(&store.shared.wake);
        (wake.unsynced, wake.lazy_syncs)
    };
    loop {
        let before = state();
        std::thread::sleep(LAZY_SYNC * 2);
        if !before.0 && state() == before {
            return;
        }
    }
}

/// What a store reopened after a crash must show: every acknowledged move (the game
/// never goes back a version), and of the rows only the one not sent.
fn assert_nothing_went_back(dir: &Path, pending: u64, crashed_at: &str) {
    let store = open_faulty(dir, Faults::leak()).unwrap();
    let Loaded::Found(record) = store.load(5).unwrap() else {
        panic!("the game is gone after a crash at {crashed_at}")
    };
    assert_eq!(record.meta.version, 4, "crash at {crashed_at}");
    assert_eq!(record.snapshot.as_deref(), Some(&b"s4"[..]), "{crashed_at}");
    assert_eq!(
        store.log(9).unwrap(),
        (1..=4).map(entry).collect::<Vec<_>>()
    );
    let rows: Vec<u64> = store
        .channel_outbox(5)
        .unwrap()
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(
        rows,
        [pending],
        "sent rows came back after a crash at {crashed_at}"
    );
    // The game goes on.
    move_with_rows(&store, 5, 0).unwrap();
}

/// Copies the store's files from `from` into `to` when called (the disk as a crash
/// at that moment leaves it).
fn crash_copy(from: &Path, to: &Path) -> Option<Box<dyn FnMut() + Send>> {
    let (from, to) = (from.to_path_buf(), to.to_path_buf());
    Some(Box::new(move || copy_files(&from, &to, false)))
}

#[test]
fn a_crash_at_any_step_of_a_checkpoint_never_brings_back_older_state() {
    let mut crashes = 0;
    for k in 1.. {
        let dir = tempfile::tempdir().unwrap();
        let crashed = tempfile::tempdir().unwrap();
        let faults = Faults::leak();
        let store = open_faulty(dir.path(), faults).unwrap();
        let pending = two_log_files(&store, faults);
        faults.arm_at(k, crash_copy(dir.path(), crashed.path()));
        let checkpoint = store.flush();
        let steps = faults.disarm();
        drop(store);
        if checkpoint.is_ok() {
            assert!(k as usize > steps.len());
            assert_nothing_went_back(dir.path(), pending, "no crash");
            break;
        }
        crashes += 1;
        assert_nothing_went_back(crashed.path(), pending, steps[k as usize - 1]);
    }
    // Switching files, flushing sled, deleting file 2, keeping file 3 as the spare.
    assert!(crashes >= 10, "{crashes} steps");
}

#[test]
fn a_crash_at_any_step_of_the_retirement_at_open_never_brings_back_older_state() {
    let dir = tempfile::tempdir().unwrap();
    let left = tempfile::tempdir().unwrap();
    let pending = {
        let faults = Faults::leak();
        let store = open_faulty(dir.path(), faults).unwrap();
        let pending = two_log_files(&store, faults);
        // The process dies: sled as it wrote it, both log files.
        copy_files(dir.path(), left.path(), false);
        pending
    };
    let mut crashes = 0;
    for k in 1.. {
        let opening = tempfile::tempdir().unwrap();
        let crashed = tempfile::tempdir().unwrap();
        copy_files(left.path(), opening.path(), false);
        let faults = Faults::leak();
        faults.arm_at(k, crash_copy(opening.path(), crashed.path()));
        let opened = open_faulty(opening.path(), faults);
        let steps = faults.disarm();
        if let Ok(store) = opened {
            assert!(k as usize > steps.len());
            drop(store);
            assert_nothing_went_back(opening.path(), pending, "no crash");
            break;
        }
        crashes += 1;
        assert_nothing_went_back(crashed.path(), pending, steps[k as usize - 1]);
    }
    assert!(crashes >= 8, "{crashes} steps");
}

#[test]
fn a_failed_sync_stops_the_store_and_is_never_reported_as_nothing_changed() {
    // A writer's sync fails after its batch was applied.
    let dir = tempfile::tempdir().unwrap();
    let faults = Faults::leak();
    let store = open_faulty(dir.path(), faults).unwrap();
    move_with_rows(&store, 1, 1).unwrap();
    faults.arm_named("sync the log");
    let err = move_with_rows(&store, 2, 2).unwrap_err().to_string();
    faults.disarm();
    assert!(err.contains("stopped") && err.contains("restart"), "{err}");
    let noted = failed_syncs_of(dir.path());
    assert_eq!(noted.len(), 1, "{noted:?}");
    assert!(
        noted[0].contains("a sync of the write-ahead log failed"),
        "{noted:?}"
    );
    // Stopped: nothing more is written or retired.
    assert!(move_with_rows(&store, 3, 0).is_err());
    assert!(store.put_note(5, "n", b"x").is_err());
    assert!(store.flush().is_err());
    drop(store);
    // The restart shows what the disk holds: the move whole, with its two rows.
    let store = open_faulty(dir.path(), Faults::leak()).unwrap();
    let Loaded::Found(record) = store.load(5).unwrap() else {
        panic!("the game is gone")
    };
    assert_eq!(record.meta.version, 2);
    assert_eq!(store.channel_outbox(5).unwrap().len(), 3);
    drop(store);

    // The checkpoint thread's sync of a delivery marked done without one.
    let dir = tempfile::tempdir().unwrap();
    let store = open_faulty(dir.path(), faults).unwrap();
    let ids = move_with_rows(&store, 1, 1).unwrap();
    faults.arm_named("sync the log");
    store.outbox_done(ids[0]).unwrap();
    let asked = std::time::Instant::now();
    while failed_syncs_of(dir.path()).is_empty() {
        assert!(
            asked.elapsed().as_secs() < 10,
            "the failed sync went unnoticed"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    faults.disarm();
    assert!(move_with_rows(&store, 2, 0).is_err(), "stopped");
    drop(store);

    // Each sync or flush of a checkpoint.
    for step in [
        "rotate: sync the old file",
        "checkpoint: flush sled",
        "sync the database file",
        "retire: sync the directory",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let store = open_faulty(dir.path(), faults).unwrap();
        move_with_rows(&store, 1, 1).unwrap();
        faults.arm_named(step);
        assert!(store.flush().is_err(), "{step}");
        faults.disarm();
        assert_eq!(failed_syncs_of(dir.path()).len(), 1, "{step}");
        assert!(move_with_rows(&store, 2, 0).is_err(), "{step}: stopped");
        drop(store);
        let store = open_faulty(dir.path(), Faults::leak()).unwrap();
        assert!(matches!(store.load(5).unwrap(), Loaded::Found(r) if r.meta.version == 1));
    }
}

#[test]
fn a_failed_append_is_an_ordinary_error_and_applies_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let faults = Faults::leak();
    let store = open_faulty(dir.path(), faults).unwrap();
    move_with_rows(&store, 1, 1).unwrap();
    faults.arm_named("append");
    assert!(move_with_rows(&store, 2, 2).is_err());
    faults.disarm();
    assert!(failed_syncs_of(dir.path()).is_empty());
    let Loaded::Found(record) = store.load(5).unwrap() else {
        panic!("the game is gone")
    };
    assert_eq!(record.meta.version, 1);
    assert_eq!(store.channel_outbox(5).unwrap().len(), 1);
    assert_eq!(store.next_due().unwrap(), Some(101));
    // The store goes on: the move is made again, once.
    move_with_rows(&store, 2, 2).unwrap();
    drop(store);
    let store = open_faulty(dir.path(), Faults::leak()).unwrap();
    assert_eq!(store.log(9).unwrap(), vec![entry(1), entry(2)]);
    assert_eq!(store.channel_outbox(5).unwrap().len(), 3);
}

/// Set in the child process of the next test: the directory of its store.
const FSYNC_CHILD: &str = "CAPOMAESTRO_TEST_FSYNC_CHILD";

#[test]
fn an_injected_fsync_failure_exits_the_process_and_the_restart_shows_the_truth() {
    if let Ok(dir) = std::env::var(FSYNC_CHILD) {
        // The child: the default hook, a sync that fails.
        let faults = Faults::leak();
        let options = StoreOptions {
            faults,
            ..StoreOptions::default()
        };
        let store = SledStore::open_with(&dir, options).unwrap();
        move_with_rows(&store, 1, 1).unwrap();
        faults.arm_named("sync the log");
        let answer = move_with_rows(&store, 2, 2);
        // Only if the failed sync did not end the process.
        eprintln!("the writer was answered {answer:?}");
        std::process::exit(0);
    }
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "sled_store::tests::crash::an_injected_fsync_failure_exits_the_process_and_the_restart_shows_the_truth",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(FSYNC_CHILD, dir.path())
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(FAILED_SYNC_EXIT_CODE),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The restart opens the store and shows the truth: the record reached the file
    // before its sync failed, so the move is there whole, with its rows.
    let store = SledStore::open(dir.path()).unwrap();
    let Loaded::Found(record) = store.load(5).unwrap() else {
        panic!("the game is gone")
    };
    assert_eq!(record.meta.version, 2);
    assert_eq!(store.log(9).unwrap(), vec![entry(1), entry(2)]);
    assert_eq!(store.channel_outbox(5).unwrap().len(), 3);
}

/// Where each record of log file `bytes` ends (the first entry: the header's end).
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
fn a_damaged_record_in_the_middle_of_the_log_refuses_to_open_and_check_sets_it_aside() {
    let dir = tempfile::tempdir().unwrap();
    let crashed = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        for channel in 1..=5u8 {
            store
                .put_note(channel.into(), "n", &[channel; 300])
                .unwrap();
        }
        copy_files(dir.path(), crashed.path(), false);
    }
    let (_, path) = wal::files(crashed.path()).unwrap().pop().unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    let ends = record_ends(&bytes);
    assert_eq!(ends.len(), 6, "five records");
    bytes[ends[1] + 40] ^= 0x01;
    std::fs::write(&path, &bytes).unwrap();
    let before = log_files(crashed.path());
    let err = SledStore::open(crashed.path()).err().expect("refused");
    let text = err.to_string();
    assert!(text.contains(&path.display().to_string()), "{text}");
    assert!(text.contains("capomaestro store check"), "{text}");
    assert!(
        text.contains(&format!("damaged at byte {}", ends[1])),
        "{text}"
    );
    assert_eq!(log_files(crashed.path()), before, "nothing changed");

    // `store check` first: the file kept whole, cut at the damage, what is lost named.
    let damaged = crate::admin::repair_log(crashed.path()).unwrap();
    assert_eq!(damaged.len(), 1);
    let report = &damaged[0];
    assert_eq!(
        (report.records_kept, report.records_lost),
        (1, 3),
        "{report}"
    );
    assert_eq!(report.channels, BTreeSet::from([3, 4, 5]), "{report}");
    assert!(report.lost.contains("channel 4: note `n`"), "{report}");
    assert_eq!(report.damaged_at, ends[1] as u64);
    assert_eq!(report.bytes_lost, (ends[5] - ends[1]) as u64);
    assert_eq!(std::fs::read(&report.kept_as).unwrap(), bytes);
    assert!(report.kept_as.starts_with(crashed.path().join("damaged")));
    assert!(crate::admin::repair_log(crashed.path()).unwrap().is_empty());
    // The store opens with the records before the damage.
    let store = SledStore::open(crashed.path()).unwrap();
    assert_eq!(store.note(1, "n").unwrap(), Some(vec![1; 300]));
    for channel in 2..=5 {
        assert_eq!(store.note(channel, "n").unwrap(), None);
    }
}

#[test]
fn a_stale_log_file_put_back_never_takes_a_game_or_a_counter_back() {
    let dir = tempfile::tempdir().unwrap();
    let stale = tempfile::tempdir().unwrap();
    let timer = |v: u64| Timer {
        kind: TimerKind::StandIn,
        due_ms: 1_000 + v,
        game_id: 9,
        version: v,
        count: 0,
        held_up: false,
    };
    let move_at = |store: &SledStore, v: u64| {
        let state = format!("s{v}");
        store
            .commit(Commit {
                meta: &meta(5, 9, v),
                snapshot: Some(state.as_bytes()),
                entry: Some(&entry(v)),
                outbox: &[row(5, 100 + v, "post")],
                timers: &[TimerChange {
                    kind: TimerKind::StandIn,
                    timer: Some(timer(v)),
                }],
                seats: None,
            })
            .unwrap();
    };
    let ceiling = {
        let store = SledStore::open(dir.path()).unwrap();
        move_at(&store, 1);
        // A record as an older build wrote it: its "written by" mark is older.
        store
            .write(|b| {
                b.put(TreeId::Default, WRITTEN_BY_KEY, [0u8; 8]);
                Ok(())
            })
            .unwrap();
        copy_files(dir.path(), stale.path(), true);
        store
            .write(|b| {
                b.put(TreeId::Default, WRITTEN_BY_KEY, written_by_this_build());
                Ok(())
            })
            .unwrap();
        // The id generator moved on meanwhile.
        let ceiling = store.next_game_id().unwrap() + 10 * ID_BLOCK;
        store
            .write(|b| {
                b.put(TreeId::Default, IDS_KEY, ceiling.to_be_bytes());
                Ok(())
            })
            .unwrap();
        move_at(&store, 2);
        move_at(&store, 3);
        ceiling
    };
    // The log of move 1, put back by hand into the closed store.
    copy_files(stale.path(), dir.path(), true);
    let store = SledStore::open(dir.path()).unwrap();
    let Loaded::Found(r) = store.load(5).unwrap() else {
        panic!("channel 5 lost")
    };
    assert_eq!(r.meta, meta(5, 9, 3), "the game went back");
    assert_eq!(r.snapshot.as_deref(), Some(&b"s3"[..]));
    assert!(r.tail.is_empty());
    assert_eq!(store.timer(5, TimerKind::StandIn).unwrap(), Some(timer(3)));
    assert_eq!(
        store.log(9).unwrap(),
        vec![entry(1), entry(2), entry(3)],
        "the log keeps every move"
    );
    assert_eq!(
        store.db.get(WRITTEN_BY_KEY).unwrap().as_deref(),
        Some(&written_by_this_build()[..]),
        "the mark went back"
    );
    assert!(store.next_game_id().unwrap() >= ceiling, "ids may repeat");
}
