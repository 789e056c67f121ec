//! The outbox in the log and in sled, group commit and its pacing.

use super::*;

#[test]
fn outbox_rows_commit_with_the_state_and_survive_until_done() {
    let dir = tempfile::tempdir().unwrap();
    let ids = {
        let store = SledStore::open(dir.path()).unwrap();
        let ids = first_move_with_rows(
            &store,
            &[
                row(7, 100, "post"),
                row(7, 100, "dm"),
                row(7, 5_000, "timer"),
            ],
        );
        assert_eq!(ids.len(), 3);
        assert!(ids[0] < ids[1] && ids[1] < ids[2]);
        ids
    };
    // Reopened: the rows are pending, oldest first, timers only when due.
    let store = SledStore::open(dir.path()).unwrap();
    let due: Vec<u64> = store
        .due_outbox(200, 10)
        .unwrap()
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(due, ids[..2].to_vec());
    assert_eq!(store.next_due().unwrap(), Some(100));
    store.outbox_done(ids[0]).unwrap();
    store.outbox_retry(ids[1], 300, 1).unwrap();
    assert!(store.due_outbox(200, 10).unwrap().is_empty());
    let later = store.due_outbox(10_000, 10).unwrap();
    assert_eq!(later.len(), 2);
    assert_eq!(
        (later[0].id, later[0].attempts, later[0].payload.as_slice()),
        (ids[1], 1, &b"dm"[..])
    );
    assert_eq!(store.channel_outbox(7).unwrap().len(), 2);
    assert!(store.channel_outbox(8).unwrap().is_empty());
    assert_eq!(store.outbox_row(ids[0]).unwrap(), None);
}

/// Rows stored since the last checkpoint live in the log and in memory only: a row
/// sent before the checkpoint never reaches sled; one still pending is written into
/// sled by the checkpoint, and removed from it once sent. A crash before the
/// checkpoint gets the pending rows back from the log, never the sent one.
#[test]
fn outbox_rows_reach_sled_only_when_still_pending_at_a_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let older = tempfile::tempdir().unwrap();
    let log_copy = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    store.flush().unwrap();
    copy_files(dir.path(), older.path(), false);
    let ids = first_move_with_rows(
        &store,
        &[
            row(7, 100, "sent"),
            row(7, 100, "retried"),
            row(7, 100, "kept"),
        ],
    );
    let (sent, retried, kept) = (ids[0], ids[1], ids[2]);
    store.outbox_done(sent).unwrap();
    store.outbox_retry(retried, 300, 1).unwrap();
    assert_eq!(rows_in_sled(&store), vec![]);
    let pending = |store: &SledStore| -> Vec<(u64, u32)> {
        store
            .channel_outbox(7)
            .unwrap()
            .iter()
            .map(|r| (r.id, r.attempts))
            .collect()
    };
    assert_eq!(pending(&store), vec![(retried, 1), (kept, 0)]);
    assert_eq!(store.next_due().unwrap(), Some(100));
    copy_files(dir.path(), log_copy.path(), true);

    store.flush().unwrap();
    assert_eq!(rows_in_sled(&store), vec![(retried, 1), (kept, 0)]);
    store.outbox_done(kept).unwrap();
    store.outbox_retry(retried, 400, 2).unwrap();
    assert_eq!(rows_in_sled(&store), vec![(retried, 2)]);
    assert_eq!(pending(&store), vec![(retried, 2)]);
    drop(store);
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(pending(&store), vec![(retried, 2)]);
    assert_eq!(store.next_due().unwrap(), Some(400));
    drop(store);

    // Sled as it was before the rows, plus the log written before the checkpoint.
    copy_files(log_copy.path(), older.path(), true);
    let store = SledStore::open(older.path()).unwrap();
    assert_eq!(pending(&store), vec![(retried, 1), (kept, 0)]);
    assert_eq!(store.outbox_row(sent).unwrap(), None);
}

/// A delivery marked sent returns without waiting for a sync; the checkpoint thread
/// syncs the log soon after.
#[test]
fn a_mark_written_without_a_sync_is_synced_soon_after() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let ids = first_move_with_rows(&store, &[row(7, 100, "post")]);
    let syncs = || lock(&store.shared.wake).lazy_syncs;
    let before = syncs();
    store.outbox_done(ids[0]).unwrap();
    let asked = std::time::Instant::now();
    while syncs() == before {
        assert!(asked.elapsed().as_secs() < 5, "the log was never synced");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert!(store.channel_outbox(7).unwrap().is_empty());
}

#[test]
fn concurrent_writers_share_flushes_and_none_returns_before_its_flush() {
    use std::sync::{Arc, Barrier};
    use std::time::{Duration, Instant};
    let group = Arc::new(GroupFlush::default());
    // (start, end) of every flush.
    let flushes = Arc::new(Mutex::new(Vec::<(Instant, Instant)>::new()));
    let barrier = Arc::new(Barrier::new(8));
    let waits: Vec<(Instant, Instant)> = (0..8)
        .map(|_| {
            let (group, flushes, barrier) = (group.clone(), flushes.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                let called = Instant::now();
                group
                    .wait(group.ticket(), || {
                        let start = Instant::now();
                        std::thread::sleep(Duration::from_millis(150));
                        flushes.lock().unwrap().push((start, Instant::now()));
                        Ok(())
                    })
                    .unwrap();
                (called, Instant::now())
            })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .map(|h| h.join().unwrap())
        .collect();
    let flushes = flushes.lock().unwrap().clone();
    // Eight writers arriving together: one flush for the first, one shared by the
    // rest (a third only if the machine delayed a thread by a whole flush).
    assert!(
        flushes.len() <= 3,
        "{} flushes for 8 writers",
        flushes.len()
    );
    for (called, returned) in waits {
        assert!(
            flushes
                .iter()
                .any(|&(start, end)| start >= called && end <= returned),
            "a writer returned without a flush that started after its write"
        );
    }
}

#[test]
fn contended_flushes_are_paced_and_a_lone_writer_never_waits() {
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    let gap = Duration::from_millis(20);
    let paced = |group: &GroupFlush| group.lock().paced;
    // One writer after another: no flush is ever held back.
    let lone = GroupFlush {
        gap,
        ..GroupFlush::default()
    };
    for _ in 0..20 {
        lone.wait(lone.ticket(), || Ok(())).unwrap();
    }
    assert_eq!(paced(&lone), 0, "a lone writer waited for company");

    // Four writers at once, each committing 10 times: flushes start at least `gap`
    // apart once one was shared, far fewer flushes than commits, and every writer
    // still returns only after a flush that started after its ticket.
    let group = Arc::new(GroupFlush {
        gap,
        ..GroupFlush::default()
    });
    // (flush number, flushes paced so far, start) of every flush.
    let starts = Arc::new(Mutex::new(Vec::<(u64, u64, Instant)>::new()));
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let (group, starts) = (group.clone(), starts.clone());
            std::thread::spawn(move || {
                for _ in 0..10 {
                    let ticket = group.ticket();
                    group
                        .wait(ticket, || {
                            let (n, paced) = {
                                let state = group.lock();
                                (state.started, state.paced)
                            };
                            starts.lock().unwrap().push((n, paced, Instant::now()));
                            std::thread::sleep(Duration::from_millis(2));
                            Ok(())
                        })
                        .unwrap();
                    assert!(group.lock().completed >= ticket);
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
    let starts = starts.lock().unwrap().clone();
    assert!(paced(&group) > 0, "contended flushes were never paced");
    assert!(starts.len() < 40, "{} flushes for 40 commits", starts.len());
    let numbers: Vec<u64> = starts.iter().map(|(n, ..)| *n).collect();
    assert!(numbers.windows(2).all(|w| w[1] == w[0] + 1), "{numbers:?}");
    // A paced flush starts a gap after the one before it.
    for w in starts.windows(2) {
        if w[1].1 > w[0].1 {
            assert!(
                w[1].2 - w[0].2 >= gap,
                "flushes {:?} apart",
                w[1].2 - w[0].2
            );
        }
    }
}

#[test]
fn a_new_store_moves_its_log_to_a_zeroed_spare_once_busy() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    assert!(
        store.shared.wal.lock().fresh(),
        "a new store's first file is reserved"
    );
    let value = vec![7u8; 10_000];
    let notes = SPARE_AFTER / 10_000 + 10;
    for channel in 0..notes {
        store.put_note(channel, "n", &value).unwrap();
    }
    // The checkpoint thread writes a spare with zeros and switches the log to it.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while store.shared.wal.lock().fresh() {
        assert!(
            std::time::Instant::now() < deadline,
            "still on the reserved file"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // The checkpoint that switched files retires the old one last.
    drop(lock(&store.shared.checkpointing));
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("wal-"))
        .collect();
    assert_eq!(names.len(), 1, "the reserved file is not kept: {names:?}");
    drop(store);
    let store = SledStore::open(dir.path()).unwrap();
    for channel in [0, notes - 1] {
        assert!(store.note(channel, "n").unwrap() == Some(value.clone()));
    }
}

#[test]
fn a_failed_flush_fails_every_writer_waiting_on_it() {
    let group = GroupFlush::default();
    let err = group
        .wait(group.ticket(), || Err("disk full".into()))
        .unwrap_err();
    assert!(err.to_string().contains("disk full"), "{err}");
    // The next flush succeeds: later writers are not blamed for the old failure.
    group.wait(group.ticket(), || Ok(())).unwrap();
}

#[test]
fn many_threads_commit_durably_on_different_channels() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = std::sync::Arc::new(SledStore::open(dir.path()).unwrap());
        let handles: Vec<_> = (0..6u64)
            .map(|t| {
                let store = store.clone();
                std::thread::spawn(move || {
                    for v in 1..=20u64 {
                        let e = entry(v);
                        store
                            .commit(Commit {
                                meta: &meta(t, 100 + t, v),
                                snapshot: Some(format!("{t}:{v}").as_bytes()),
                                entry: Some(&e),
                                outbox: &[row(t, 1, "post")],
                                timers: &[],
                                seats: None,
                            })
                            .unwrap();
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
    }
    let store = SledStore::open(dir.path()).unwrap();
    for t in 0..6u64 {
        match store.load(t).unwrap() {
            Loaded::Found(r) => {
                assert_eq!(r.meta.version, 20);
                assert_eq!(r.snapshot.unwrap(), format!("{t}:20").into_bytes());
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(store.log(100 + t).unwrap().len(), 20);
        assert_eq!(store.channel_outbox(t).unwrap().len(), 20);
    }
    assert_eq!(store.due_outbox(10, 1000).unwrap().len(), 120);
}
