//! Store layouts and the build marks: older stores upgraded, newer ones refused.

use super::*;
use crate::sled_store::indexes::timer_key;

#[test]
fn this_build_marks_the_store_with_its_first_write_once() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        assert_eq!(store.db.get(WRITTEN_BY_KEY).unwrap(), None);
        commit_action(&store, 0, true);
        assert_eq!(
            store.db.get(WRITTEN_BY_KEY).unwrap().as_deref(),
            Some(&written_by_this_build()[..])
        );
    }
    let store = SledStore::open(dir.path()).unwrap();
    commit_action(&store, 1, false);
    // Marked already: the write's record holds the move alone.
    let (_, path) = wal::files(dir.path()).unwrap().pop().unwrap();
    let logged = wal::read(&path).unwrap().batches;
    assert_eq!(logged.len(), 1);
    assert!(logged[0]
        .ops
        .iter()
        .all(|op| !matches!(op, Op::Put(TreeId::Default, ..))));
}

#[test]
fn a_store_marked_by_a_newer_build_is_refused_before_anything_changes() {
    // Marked in sled.
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        commit_action(&store, 0, true);
        store
            .db
            .insert(WRITTEN_BY_KEY, written_by_next_build())
            .unwrap();
        store.flush().unwrap();
    }
    let before = log_files(dir.path());
    let err = SledStore::open(dir.path()).err().expect("refused");
    let text = err.to_string();
    assert!(matches!(err, StoreError::Newer(_)), "{err:?}");
    assert!(text.contains("newer version of capomaestro"), "{text}");
    assert!(text.contains("metadata schema 2"), "{text}");
    assert!(text.contains("run that version"), "{text}");
    assert!(text.contains("Nothing was changed"), "{text}");
    assert_eq!(log_files(dir.path()), before, "no log file made or retired");

    // Marked in the log alone: the newer build stopped before a checkpoint. Not a
    // record of it is applied, and its log is left as it was.
    let dir = tempfile::tempdir().unwrap();
    let crashed = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        commit_action(&store, 0, true);
        store
            .write(|b| {
                b.put(TreeId::Default, WRITTEN_BY_KEY, written_by_next_build());
                Ok(())
            })
            .unwrap();
        commit_action(&store, 1, false);
        copy_files(dir.path(), crashed.path(), false);
    }
    let before = log_files(crashed.path());
    let err = SledStore::open(crashed.path()).err().expect("refused");
    assert!(matches!(err, StoreError::Newer(_)), "{err:?}");
    assert_eq!(log_files(crashed.path()), before);
    let (_, last) = wal::files(crashed.path()).unwrap().pop().unwrap();
    assert!(!wal::read(&last).unwrap().batches.is_empty(), "log kept");

    // A log file of a newer format.
    let dir = tempfile::tempdir().unwrap();
    drop(SledStore::open(dir.path()).unwrap());
    std::fs::write(wal::file_name(dir.path(), 99), b"CMWAL\0\0\x07rest").unwrap();
    let err = SledStore::open(dir.path()).err().expect("refused");
    let text = err.to_string();
    assert!(matches!(err, StoreError::Newer(_)), "{err:?}");
    assert!(
        text.contains("format 7") && text.contains("run that version"),
        "{text}"
    );
}

#[test]
fn an_older_store_gets_its_indexes_once_and_its_json_records_still_load() {
    let dir = tempfile::tempdir().unwrap();
    let mut finished = meta(2, 20, 1);
    finished.status = Status::Finished;
    let old_row = OutboxRow {
        id: 77,
        channel: 3,
        due_ms: 50,
        attempts: 1,
        payload: b"dm".to_vec(),
    };
    {
        // What an older build left: JSON records, no layout record, no indexes.
        let store = SledStore::open(dir.path()).unwrap();
        store
            .put_raw_meta(1, &serde_json::to_vec(&meta(1, 10, 1)).unwrap())
            .unwrap();
        store.put_raw_snapshot(1, b"{\"total\":3}").unwrap();
        store
            .log
            .insert(pair_key(10, 0), serde_json::to_vec(&entry(1)).unwrap())
            .unwrap();
        store
            .put_raw_meta(2, &serde_json::to_vec(&finished).unwrap())
            .unwrap();
        store
            .shared
            .outbox
            .insert(77u64.to_be_bytes(), serde_json::to_vec(&old_row).unwrap())
            .unwrap();
        let archived = ArchiveEntry {
            meta: meta(4, 40, 0),
            outcome: Some(json!({"winners": [0]})),
            snapshot: vec![1, 2, 3],
        };
        store
            .archive
            .insert(pair_key(4, 40), serde_json::to_vec(&archived).unwrap())
            .unwrap();
        store.db.remove(LAYOUT_KEY).unwrap();
        store.finished.clear().unwrap();
        store.flush().unwrap();
    }
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(store.layout().unwrap(), Some(LAYOUT_VERSION));
    assert_eq!(store.finished_unarchived().unwrap(), vec![2]);
    assert_eq!(store.due_outbox(100, 10).unwrap(), vec![old_row.clone()]);
    assert_eq!(store.channel_outbox(3).unwrap(), vec![old_row]);
    assert_eq!(store.next_due().unwrap(), Some(50));
    assert_eq!(store.log(10).unwrap(), vec![entry(1)]);
    assert_eq!(store.archived(4).unwrap()[0].snapshot, vec![1, 2, 3]);
    let Loaded::Found(r) = store.load(1).unwrap() else {
        panic!("legacy record must load")
    };
    assert_eq!(r.meta, meta(1, 10, 1));
    // The next save rewrites it in the binary form.
    let e = entry(2);
    store
        .commit(Commit {
            meta: &meta(1, 10, 2),
            snapshot: Some(b"s2"),
            entry: Some(&e),
            outbox: &[],
            timers: &[],
            seats: None,
        })
        .unwrap();
    let raw = store.meta.get(1u64.to_be_bytes()).unwrap().unwrap();
    assert!(codec::is_binary(&raw));
    assert_eq!(store.log(10).unwrap(), vec![entry(1), entry(2)]);
    // Opened again: already migrated, nothing rebuilt (a removed index stays empty).
    store.finished.clear().unwrap();
    store.flush().unwrap();
    drop(store);
    let store = SledStore::open(dir.path()).unwrap();
    assert!(store.finished_unarchived().unwrap().is_empty());
}

#[test]
fn a_layout_3_store_loses_its_due_tree_and_an_unreadable_timer_at_open() {
    let dir = tempfile::tempdir().unwrap();
    let due = |ms| Timer {
        kind: TimerKind::Remind,
        due_ms: ms,
        game_id: 9,
        version: 1,
        count: 0,
        held_up: false,
    };
    {
        let store = SledStore::open(dir.path()).unwrap();
        store
            .set_timers(
                5,
                &[TimerChange {
                    kind: TimerKind::Remind,
                    timer: Some(due(3_000)),
                }],
            )
            .unwrap();
        // What layout 3 kept besides: the due tree; and a timer nobody can read.
        let old_due = store.db.open_tree("timers_due").unwrap();
        old_due.insert([1u8; 17], &[]).unwrap();
        store
            .timers
            .insert(timer_key(6, TimerKind::Timeout), b"garbage".as_slice())
            .unwrap();
        store.db.insert(LAYOUT_KEY, &3u32.to_be_bytes()).unwrap();
        store.flush().unwrap();
    }
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(store.layout().unwrap(), Some(LAYOUT_VERSION));
    assert!(!store
        .db
        .tree_names()
        .iter()
        .any(|n| n.as_ref() == b"timers_due"));
    assert_eq!(store.timer(5, TimerKind::Remind).unwrap(), Some(due(3_000)));
    assert_eq!(store.next_timer_due().unwrap(), Some(3_000));
    assert_eq!(
        store.due_timers(u64::MAX, 10).unwrap(),
        vec![(5, due(3_000))]
    );
    // The unreadable timer is gone from the store, not only from the index.
    assert!(store
        .timers
        .get(timer_key(6, TimerKind::Timeout))
        .unwrap()
        .is_none());
}

#[test]
fn a_layout_4_store_keeps_its_snapshots_as_the_current_state() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        for v in 0..=2 {
            commit_action(&store, v, false);
        }
        // Layout 4 stored the engine's bytes alone, with every action.
        store.put_raw_snapshot(5, b"s2").unwrap();
        store.db.insert(LAYOUT_KEY, &4u32.to_be_bytes()).unwrap();
        store.flush().unwrap();
    }
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(store.layout().unwrap(), Some(LAYOUT_VERSION));
    match store.load(5).unwrap() {
        Loaded::Found(r) => {
            assert_eq!(r.snapshot.as_deref(), Some(&b"s2"[..]));
            assert!(r.tail.is_empty());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_store_from_a_newer_build_is_not_opened() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        store
            .db
            .insert(LAYOUT_KEY, &(LAYOUT_VERSION + 1).to_be_bytes())
            .unwrap();
        store.flush().unwrap();
    }
    let before = log_files(dir.path());
    let err = SledStore::open(dir.path()).err().expect("refused");
    let text = err.to_string();
    assert!(
        text.contains("newer version") && text.contains("layout 6"),
        "{text}"
    );
    assert!(text.contains("Nothing was changed"), "{text}");
    assert_eq!(log_files(dir.path()), before, "no log file made");
}
