//! Commits, loads, the log, archive, quarantine and lobbies.

use super::*;

#[test]
fn commit_then_load_and_log_survive_reopen() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        store
            .commit(Commit {
                meta: &meta(5, 9, 0),
                snapshot: Some(b"s0"),
                entry: None,
                outbox: &[],
                timers: &[],
                seats: None,
            })
            .unwrap();
        for v in 1..=3 {
            let e = entry(v);
            store
                .commit(Commit {
                    meta: &meta(5, 9, v),
                    snapshot: Some(format!("s{v}").as_bytes()),
                    entry: Some(&e),
                    outbox: &[],
                    timers: &[],
                    seats: None,
                })
                .unwrap();
        }
    }
    let store = SledStore::open(dir.path()).unwrap();
    match store.load(5).unwrap() {
        Loaded::Found(r) => {
            assert_eq!(r.meta, meta(5, 9, 3));
            assert_eq!(r.snapshot.as_deref(), Some(&b"s3"[..]));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(store.log(9).unwrap(), vec![entry(1), entry(2), entry(3)]);
    assert_eq!(store.load(6).unwrap(), Loaded::Empty);
}

/// A store reopened the moment it is dropped waits for sled's I/O threads to let go
/// of the directory lock instead of failing; one still open is refused after the
/// wait, with a message naming the directory.
#[test]
fn a_store_reopened_at_once_opens_and_one_held_open_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    for v in 0..40u64 {
        let store = SledStore::open(dir.path()).unwrap();
        let e = entry(v);
        store
            .commit(Commit {
                meta: &meta(5, 9, v),
                snapshot: Some(b"s"),
                entry: (v > 0).then_some(&e),
                outbox: &[],
                timers: &[],
                seats: None,
            })
            .unwrap();
    }
    let held = SledStore::open(dir.path()).unwrap();
    assert_eq!(held.log(9).unwrap().len(), 39);
    let options = StoreOptions {
        lock_wait: std::time::Duration::from_millis(50),
        ..StoreOptions::default()
    };
    let refused = SledStore::open_with(dir.path(), options).err().unwrap();
    let text = refused.to_string();
    assert!(text.contains("could not acquire lock"), "{text}");
    assert!(text.contains(&dir.path().display().to_string()), "{text}");
}

#[test]
fn a_log_index_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let e = entry(1);
    store
        .commit(Commit {
            meta: &meta(1, 1, 1),
            snapshot: Some(b"a"),
            entry: Some(&e),
            outbox: &[],
            timers: &[],
            seats: None,
        })
        .unwrap();
    let err = store
        .commit(Commit {
            meta: &meta(1, 1, 1),
            snapshot: Some(b"b"),
            entry: Some(&entry(2)),
            outbox: &[],
            timers: &[],
            seats: None,
        })
        .unwrap_err();
    assert!(err.to_string().contains("already exists"), "{err}");
    // The failed transaction changed nothing.
    match store.load(1).unwrap() {
        Loaded::Found(r) => assert_eq!(r.snapshot.as_deref(), Some(&b"a"[..])),
        other => panic!("{other:?}"),
    }
    assert_eq!(store.log(1).unwrap(), vec![e]);
}

#[test]
fn a_record_is_its_last_snapshot_and_the_actions_logged_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let loaded = |store: &SledStore| match store.load(5).unwrap() {
        Loaded::Found(r) => (r.snapshot.unwrap(), r.tail),
        other => panic!("{other:?}"),
    };
    commit_action(&store, 0, true);
    commit_action(&store, 1, true);
    commit_action(&store, 2, false);
    commit_action(&store, 3, false);
    assert_eq!(loaded(&store), (b"s1".to_vec(), vec![entry(2), entry(3)]));
    commit_action(&store, 4, true);
    assert_eq!(loaded(&store), (b"s4".to_vec(), vec![]));
    commit_action(&store, 5, false);
    drop(store);
    let store = SledStore::open(dir.path()).unwrap();
    assert_eq!(loaded(&store), (b"s4".to_vec(), vec![entry(5)]));
}

#[test]
fn a_gap_in_the_log_after_the_snapshot_quarantines_the_game() {
    // Actions 1–3 logged after the snapshot of action 0; one entry is lost: in the
    // middle, or the last (a log cut short).
    for (lost, missing) in [(1, "action 2 is missing"), (2, "action 3 is missing")] {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        for v in 0..=3 {
            commit_action(&store, v, v == 0);
        }
        store.log.remove(pair_key(9, lost)).unwrap();
        match store.load(5).unwrap() {
            Loaded::Quarantined(reason) => assert!(reason.contains(missing), "{reason}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(store.load(5).unwrap(), Loaded::Empty);
    }
}

#[test]
fn a_snapshot_from_after_the_metadata_or_cut_short_is_quarantined() {
    assert_eq!(
        codec::decode_snapshot(&codec::encode_snapshot(3, b"x"), 5),
        Ok((3, &b"x"[..]))
    );
    // Written by an older build: the engine's bytes alone, at the metadata's version.
    assert_eq!(codec::decode_snapshot(b"{}", 5), Ok((5, &b"{}"[..])));
    assert!(codec::decode_snapshot(&codec::encode_snapshot(6, b"x"), 5)
        .unwrap_err()
        .contains("after the last one stored"));
    assert!(codec::decode_snapshot(&[codec::SNAPSHOT_AT_TAG, 0, 0], 5)
        .unwrap_err()
        .contains("cut short"));
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    commit_action(&store, 0, true);
    store
        .put_raw_snapshot(5, &codec::encode_snapshot(1, b"s1"))
        .unwrap();
    assert!(
        matches!(store.load(5).unwrap(), Loaded::Quarantined(r) if r.contains("after the last one stored"))
    );
}

#[test]
fn corrupted_meta_is_quarantined_and_others_load() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    store
        .commit(Commit {
            meta: &meta(1, 1, 0),
            snapshot: Some(b"one"),
            entry: None,
            outbox: &[],
            timers: &[],
            seats: None,
        })
        .unwrap();
    store
        .commit(Commit {
            meta: &meta(2, 2, 0),
            snapshot: Some(b"two"),
            entry: None,
            outbox: &[],
            timers: &[],
            seats: None,
        })
        .unwrap();
    store.put_raw_meta(1, b"{not json").unwrap();
    match store.load(1).unwrap() {
        Loaded::Quarantined(reason) => {
            assert!(reason.contains("metadata unreadable"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(store.load(1).unwrap(), Loaded::Empty);
    assert!(matches!(store.load(2).unwrap(), Loaded::Found(_)));
    let q = store.quarantined().unwrap();
    assert_eq!(q.len(), 1);
    assert_eq!(q[0].meta_bytes, b"{not json");
    // As stored: the engine's bytes after the version they were taken at.
    assert_eq!(q[0].snapshot_bytes, Some(codec::encode_snapshot(0, b"one")));
}

#[test]
fn a_newer_record_is_refused_not_quarantined() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let mut m = meta(3, 3, 0);
    m.schema = SCHEMA_VERSION + 1;
    store.commit(Commit::meta(&m)).unwrap();
    let err = store.load(3).unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, StoreError::Newer(_)), "{err:?}");
    assert!(
        text.contains("newer version") && text.contains("schema 2"),
        "{text}"
    );
    assert!(text.contains("run that version"), "{text}");
    // Left in place, not set aside: the newer build finds it as it was.
    assert!(store.quarantined().unwrap().is_empty());
    assert!(store.meta.get(3u64.to_be_bytes()).unwrap().is_some());
    assert!(matches!(store.load(3), Err(StoreError::Newer(_))));
    // A logged action of a newer record layout, met when its game loads.
    commit_action(&store, 0, true);
    commit_action(&store, 1, false);
    let mut raw = codec::encode_log(&entry(1));
    raw[1] = codec::RECORD_VERSION + 1;
    store.log.insert(pair_key(9, 0), raw).unwrap();
    let err = store.load(5).unwrap_err().to_string();
    assert!(err.contains("Action 1 of the game in channel 5"), "{err}");
    let newer = format!("record layout {}", codec::RECORD_VERSION + 1);
    assert!(err.contains(&newer), "{err}");
    assert!(store.quarantined().unwrap().is_empty());
    assert!(store.meta.get(5u64.to_be_bytes()).unwrap().is_some());
}

#[test]
fn archive_moves_the_table_and_keeps_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let e = entry(1);
    let mut m = meta(4, 8, 1);
    store
        .commit(Commit {
            meta: &m,
            snapshot: Some(b"x"),
            entry: Some(&e),
            outbox: &[],
            timers: &[],
            seats: None,
        })
        .unwrap();
    m.status = Status::Finished;
    let archived = ArchiveEntry {
        meta: m.clone(),
        outcome: Some(json!({"w": 1})),
        snapshot: b"x".to_vec(),
    };
    store.archive(&archived, &[]).unwrap();
    assert_eq!(store.load(4).unwrap(), Loaded::Empty);
    assert_eq!(store.archived(4).unwrap(), vec![archived]);
    assert_eq!(store.log(8).unwrap(), vec![e]);
    assert!(store.next_game_id().unwrap() >= 1);
}

#[test]
fn archived_games_are_listed_by_key_and_read_one_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let archive = |channel: ChannelId, game_id: u64| {
        let mut m = meta(channel, game_id, game_id);
        m.status = Status::Finished;
        let e = ArchiveEntry {
            meta: m,
            outcome: Some(json!({ "game": game_id })),
            snapshot: vec![game_id as u8],
        };
        store.archive(&e, &[]).unwrap();
        e
    };
    let entries: Vec<ArchiveEntry> = (1..=40).map(|id| archive(4, id)).collect();
    // The neighbouring channels' games never show in channel 4.
    archive(3, 100);
    archive(5, 101);
    // One game among them is damaged on disk.
    store
        .archive
        .insert(pair_key(4, 17), b"\xffnot an archived game".to_vec())
        .unwrap();
    assert_eq!(
        store.archived_ids(4).unwrap(),
        (1..=40).rev().collect::<Vec<u64>>()
    );
    for id in [1, 16, 18, 40] {
        assert_eq!(
            store.archived_game(4, id).unwrap().as_ref(),
            Some(&entries[id as usize - 1])
        );
    }
    let err = store.archived_game(4, 17).unwrap_err().to_string();
    assert!(err.contains("archived game 17 of channel 4"), "{err}");
    assert_eq!(store.archived_game(4, 41).unwrap(), None);
    assert_eq!(store.archived_game(4, 100).unwrap(), None);
    assert_eq!(
        store.archived_game(3, 100).unwrap().unwrap().meta.channel,
        3
    );
    assert_eq!(store.archived_ids(5).unwrap(), vec![101]);
    assert_eq!(
        store.archived(4).unwrap().len(),
        39,
        "the damaged one skipped"
    );
}

#[test]
fn a_discarded_lobby_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let mut m = meta(6, 60, 0);
    m.status = Status::Lobby;
    let timer = Timer {
        kind: TimerKind::Remind,
        due_ms: 5_000,
        game_id: 60,
        version: 0,
        count: 0,
        held_up: false,
    };
    store
        .commit(Commit {
            seats: Some(&[]),
            timers: &[TimerChange {
                kind: TimerKind::Remind,
                timer: Some(timer),
            }],
            ..Commit::meta(&m)
        })
        .unwrap();
    assert_eq!(store.user_channels(1).unwrap(), vec![(6, 60)]);
    m.status = Status::Abandoned;
    store.commit(Commit::meta(&m)).unwrap();
    store.discard_lobby(&m).unwrap();
    assert_eq!(store.load(6).unwrap(), Loaded::Empty);
    assert!(store.archived_ids(6).unwrap().is_empty());
    assert!(store.user_channels(1).unwrap().is_empty());
    assert_eq!(store.timer(6, TimerKind::Remind).unwrap(), None);
    assert_eq!(store.next_timer_due().unwrap(), None);
    store.discard_lobby(&m).unwrap();
}

#[test]
fn a_finished_game_stays_indexed_until_archived() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let mut m = meta(9, 4, 1);
    m.status = Status::Finished;
    store.commit(Commit::meta(&m)).unwrap();
    assert_eq!(store.finished_unarchived().unwrap(), vec![9]);
    store
        .archive(
            &ArchiveEntry {
                meta: m,
                outcome: None,
                snapshot: vec![],
            },
            &[],
        )
        .unwrap();
    assert!(store.finished_unarchived().unwrap().is_empty());
    store.put_note(9, "turn", b"123").unwrap();
    assert_eq!(store.note(9, "turn").unwrap().as_deref(), Some(&b"123"[..]));
    assert_eq!(store.note(9, "other").unwrap(), None);
}
