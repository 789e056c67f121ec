//! One suite of the `Store` trait's promises, run against both backends: sled (in a
//! temporary directory) and PostgreSQL (a real server started by
//! `storage::pg::testing`, one fresh schema per test). Where no PostgreSQL server is
//! installed the PostgreSQL half fails, saying what to install: it is never skipped.
//!
//! Each test gets a [`Place`]: where a store lives, opened as often as the test wants
//! (reopening is how "survives a restart" is checked).

use serde_json::json;
use storage::{
    codec, ArchiveEntry, Commit, Loaded, LogEntry, Meta, NewOutbox, PgStore, SeatedUser, SledStore,
    Standing, Status, Store, StoreError, Timer, TimerChange, TimerKind, SCHEMA_VERSION,
};

/// Where a store lives.
enum Place {
    Sled(tempfile::TempDir),
    Pg(String),
}

/// A store of either backend, with the raw writes the tests use to damage records.
// Test stores: a few at a time, their size does not matter.
#[allow(clippy::large_enum_variant)]
enum AnyStore {
    Sled(SledStore),
    Pg(PgStore),
}

impl std::ops::Deref for AnyStore {
    type Target = dyn Store;
    fn deref(&self) -> &(dyn Store + 'static) {
        match self {
            AnyStore::Sled(s) => s,
            AnyStore::Pg(s) => s,
        }
    }
}

impl AnyStore {
    fn put_raw_meta(&self, channel: u64, bytes: &[u8]) {
        match self {
            AnyStore::Sled(s) => s.put_raw_meta(channel, bytes).unwrap(),
            AnyStore::Pg(s) => s.put_raw_meta(channel, bytes).unwrap(),
        }
    }

    fn put_raw_snapshot(&self, channel: u64, bytes: &[u8]) {
        match self {
            AnyStore::Sled(s) => s.put_raw_snapshot(channel, bytes).unwrap(),
            AnyStore::Pg(s) => s.put_raw_snapshot(channel, bytes).unwrap(),
        }
    }
}

impl Place {
    fn sled() -> Place {
        Place::Sled(tempfile::tempdir().unwrap())
    }

    fn pg() -> Place {
        match storage::pg::testing::fresh_url() {
            Ok(url) => Place::Pg(url),
            Err(why) => panic!("{why}"),
        }
    }

    fn open(&self) -> AnyStore {
        match self {
            Place::Sled(dir) => AnyStore::Sled(SledStore::open(dir.path()).unwrap()),
            Place::Pg(url) => AnyStore::Pg(PgStore::open(url, 8).unwrap()),
        }
    }
}

/// Runs each listed test against both backends (`sled::name`, `postgres::name`).
macro_rules! conformance {
    ($($name:ident),* $(,)?) => {
        mod sled {
            $( #[test] fn $name() { super::$name(&super::Place::sled()) } )*
        }
        mod postgres {
            $( #[test] fn $name() { super::$name(&super::Place::pg()) } )*
        }
    };
}

conformance!(
    commit_then_load_and_log_survive_reopen,
    a_log_index_is_never_overwritten,
    a_record_is_its_last_snapshot_and_the_actions_logged_after_it,
    a_snapshot_from_after_the_metadata_is_quarantined,
    corrupted_meta_is_quarantined_and_others_load,
    a_newer_record_is_refused_not_quarantined,
    archive_moves_the_table_and_keeps_the_log,
    an_archived_game_never_comes_back,
    archived_games_are_listed_newest_first_and_read_one_at_a_time,
    a_discarded_lobby_leaves_nothing_behind,
    a_finished_game_stays_indexed_until_archived_and_notes_are_kept,
    outbox_rows_commit_with_the_state_and_survive_until_done,
    enqueued_rows_and_ids_are_unique_and_ordered,
    timers_are_replaced_per_kind_found_by_due_time_and_survive_reopen,
    players_index_follows_the_seats_and_the_archive,
    stats_are_added_with_the_archive_once_per_game_and_server,
    many_threads_commit_on_different_channels,
    retention_forgets_old_archived_games_and_their_logs_but_not_their_stats,
    claimed_work_stays_its_owners_and_finishing_it_ends_the_claim,
    a_timer_is_replaced_or_removed_only_while_it_is_the_one_that_fired,
);

/// Several processes on one database (PostgreSQL alone).
mod shared_postgres;

/// Ratings stored with the archive, and rebuilt from the rated results.
mod ratings;

/// A timer postponed or dropped outside a move (a bot's search, a timer that did
/// nothing) changes only if the stored timer is still the one that fired: a newer one
/// written meanwhile (another process's move) survives, and is still due.
fn a_timer_is_replaced_or_removed_only_while_it_is_the_one_that_fired(place: &Place) {
    let store = place.open();
    let fired = timer(TimerKind::StandIn, 100, 3).timer.unwrap();
    let newer = timer(TimerKind::StandIn, 120, 4).timer.unwrap();
    let later = Timer {
        due_ms: 60_000,
        ..fired
    };
    commit_with(
        &*store,
        &meta(7, 1, 3),
        &[timer(TimerKind::StandIn, 100, 3)],
        None,
    );
    assert_eq!(store.due_timers(200, 10).unwrap(), vec![(7, fired)]);
    // Still the one that fired: postponed.
    assert!(store.replace_timer(7, &fired, Some(later)).unwrap());
    assert_eq!(store.timer(7, TimerKind::StandIn).unwrap(), Some(later));
    assert!(store.due_timers(200, 10).unwrap().is_empty());
    // Another move replaced it meanwhile: neither a stale postponement nor a stale
    // removal touches the newer timer.
    commit_with(
        &*store,
        &meta(7, 1, 4),
        &[timer(TimerKind::StandIn, 120, 4)],
        None,
    );
    assert!(!store
        .replace_timer(
            7,
            &later,
            Some(Timer {
                due_ms: 90_000,
                ..later
            })
        )
        .unwrap());
    assert!(!store.replace_timer(7, &later, None).unwrap());
    assert!(!store.replace_timer(7, &fired, None).unwrap());
    assert_eq!(store.timer(7, TimerKind::StandIn).unwrap(), Some(newer));
    drop(store);
    let store = place.open();
    assert_eq!(store.timer(7, TimerKind::StandIn).unwrap(), Some(newer));
    assert_eq!(store.due_timers(200, 10).unwrap(), vec![(7, newer)]);
    // The one that fired: removed, for good.
    assert!(store.replace_timer(7, &newer, None).unwrap());
    assert_eq!(store.timer(7, TimerKind::StandIn).unwrap(), None);
    assert!(
        !store.replace_timer(7, &newer, None).unwrap(),
        "nothing left"
    );
    drop(store);
    assert_eq!(place.open().timer(7, TimerKind::StandIn).unwrap(), None);
}

/// Single-process meaning of the claims (sled, and one PostgreSQL store alone).
fn claimed_work_stays_its_owners_and_finishing_it_ends_the_claim(place: &Place) {
    let store = place.open();
    let ids = store
        .enqueue(&[row(1, 100, "a"), row(2, 100, "b")])
        .unwrap();
    assert_eq!(store.due_outbox(200, 10).unwrap().len(), 2);
    assert_eq!(store.due_outbox(200, 10).unwrap().len(), 2, "still its own");
    assert_eq!(
        store.claim_outbox(ids[0], 200).unwrap().unwrap().payload,
        b"a"
    );
    store.outbox_done(ids[0]).unwrap();
    assert_eq!(store.claim_outbox(ids[0], 200).unwrap(), None);
    assert_eq!(store.next_due().unwrap(), Some(100));
    commit_with(
        &*store,
        &seated(7, 1, &[1]),
        &[timer(TimerKind::Remind, 100, 0)],
        None,
    );
    assert_eq!(store.due_timers(200, 10).unwrap().len(), 1);
    assert_eq!(store.due_timers(200, 10).unwrap().len(), 1, "still its own");
    assert_eq!(store.next_timer_due().unwrap(), Some(100));
    store
        .set_timers(
            7,
            &[TimerChange {
                kind: TimerKind::Remind,
                timer: None,
            }],
        )
        .unwrap();
    assert!(store.due_timers(200, 10).unwrap().is_empty());
    let mut ran = 0;
    assert!(store.exclusively("sweep", &mut || ran += 1).unwrap());
    assert_eq!(ran, 1);
}

fn meta(channel: u64, game_id: u64, version: u64) -> Meta {
    Meta {
        schema: SCHEMA_VERSION,
        game_id,
        channel,
        game: "villa".into(),
        options: json!({}),
        seed: 7,
        seats: vec![SeatedUser::person(1, "ada")],
        host: 1,
        status: Status::Running,
        created: 1,
        updated: 2,
        version,
        guild: 42,
        settings: Default::default(),
        dropped: vec![],
        nudged_ms: 0,
        away: vec![],
    }
}

fn seated(channel: u64, game_id: u64, users: &[u64]) -> Meta {
    Meta {
        seats: users
            .iter()
            .map(|&user| SeatedUser::person(user, format!("p{user}")))
            .collect(),
        host: users[0],
        ..meta(channel, game_id, 0)
    }
}

fn entry(n: u64) -> LogEntry {
    LogEntry {
        seat: 0,
        action: json!({ "n": n }),
        text: format!("move {n}"),
        public: vec![format!("ada moved {n}")],
        at: n,
    }
}

fn row(channel: u64, due_ms: u64, text: &str) -> NewOutbox {
    NewOutbox {
        channel,
        due_ms,
        payload: text.as_bytes().to_vec(),
    }
}

fn timer(kind: TimerKind, due_ms: u64, version: u64) -> TimerChange {
    TimerChange {
        kind,
        timer: Some(Timer {
            kind,
            due_ms,
            game_id: 1,
            version,
            count: 0,
            held_up: false,
        }),
    }
}

/// Commits action `v` of game 9 in channel 5, with the state as snapshot or not.
fn commit_action(store: &dyn Store, v: u64, snapshot: bool) {
    let state = format!("s{v}");
    store
        .commit(Commit {
            meta: &meta(5, 9, v),
            snapshot: snapshot.then_some(state.as_bytes()),
            entry: (v > 0).then(|| entry(v)).as_ref(),
            outbox: &[],
            timers: &[],
            seats: None,
        })
        .unwrap();
}

fn commit_with(store: &dyn Store, meta: &Meta, timers: &[TimerChange], seats: Option<&[u64]>) {
    store
        .commit(Commit {
            timers,
            seats,
            ..Commit::meta(meta)
        })
        .unwrap();
}

fn found(loaded: Loaded) -> storage::Record {
    match loaded {
        Loaded::Found(r) => r,
        other => panic!("{other:?}"),
    }
}

fn commit_then_load_and_log_survive_reopen(place: &Place) {
    {
        let store = place.open();
        commit_action(&*store, 0, true);
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
    let store = place.open();
    let r = found(store.load(5).unwrap());
    assert_eq!(r.meta, meta(5, 9, 3));
    assert_eq!(r.snapshot.as_deref(), Some(&b"s3"[..]));
    assert!(r.tail.is_empty());
    assert_eq!(store.log(9).unwrap(), vec![entry(1), entry(2), entry(3)]);
    assert_eq!(store.load(6).unwrap(), Loaded::Empty);
}

fn a_log_index_is_never_overwritten(place: &Place) {
    let store = place.open();
    let e = entry(1);
    let first = Commit {
        meta: &meta(1, 1, 1),
        snapshot: Some(b"a"),
        entry: Some(&e),
        outbox: &[row(1, 1, "first")],
        timers: &[],
        seats: None,
    };
    store.commit(first).unwrap();
    let again = entry(2);
    let err = store
        .commit(Commit {
            snapshot: Some(b"b"),
            entry: Some(&again),
            outbox: &[row(1, 1, "second")],
            ..first
        })
        .unwrap_err();
    assert!(err.to_string().contains("already exists"), "{err}");
    // The failed transaction changed nothing: not the state, not the outbox.
    assert_eq!(
        found(store.load(1).unwrap()).snapshot.as_deref(),
        Some(&b"a"[..])
    );
    assert_eq!(store.log(1).unwrap(), vec![e]);
    assert_eq!(store.channel_outbox(1).unwrap().len(), 1);
}

fn a_record_is_its_last_snapshot_and_the_actions_logged_after_it(place: &Place) {
    let loaded = |store: &dyn Store| {
        let r = found(store.load(5).unwrap());
        (r.snapshot.unwrap(), r.tail)
    };
    let store = place.open();
    commit_action(&*store, 0, true);
    commit_action(&*store, 1, true);
    commit_action(&*store, 2, false);
    commit_action(&*store, 3, false);
    assert_eq!(loaded(&*store), (b"s1".to_vec(), vec![entry(2), entry(3)]));
    commit_action(&*store, 4, true);
    assert_eq!(loaded(&*store), (b"s4".to_vec(), vec![]));
    commit_action(&*store, 5, false);
    drop(store);
    let store = place.open();
    assert_eq!(loaded(&*store), (b"s4".to_vec(), vec![entry(5)]));
}

fn a_snapshot_from_after_the_metadata_is_quarantined(place: &Place) {
    let store = place.open();
    commit_action(&*store, 0, true);
    store.put_raw_snapshot(5, &codec::encode_snapshot(1, b"s1"));
    match store.load(5).unwrap() {
        Loaded::Quarantined(r) => assert!(r.contains("after the last one stored"), "{r}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(store.load(5).unwrap(), Loaded::Empty);
}

fn corrupted_meta_is_quarantined_and_others_load(place: &Place) {
    let store = place.open();
    for (channel, state) in [(1, b"one"), (2, b"two")] {
        store
            .commit(Commit {
                snapshot: Some(state),
                ..Commit::meta(&meta(channel, channel, 0))
            })
            .unwrap();
    }
    store.put_raw_meta(1, b"{not json");
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
    assert_eq!(
        (q[0].channel, q[0].meta_bytes.as_slice()),
        (1, &b"{not json"[..])
    );
    // As stored: the engine's bytes after the version they were taken at.
    assert_eq!(q[0].snapshot_bytes, Some(codec::encode_snapshot(0, b"one")));
    // The channel is free again.
    store
        .commit(Commit::meta(&meta(1, 3, 0)))
        .expect("a quarantined channel takes a new game");
}

fn a_newer_record_is_refused_not_quarantined(place: &Place) {
    let store = place.open();
    let mut m = meta(3, 3, 0);
    m.schema = SCHEMA_VERSION + 1;
    store.commit(Commit::meta(&m)).unwrap();
    let err = store.load(3).unwrap_err();
    assert!(matches!(err, StoreError::Newer(_)), "{err:?}");
    let text = err.to_string();
    assert!(
        text.contains("newer version") && text.contains("run that version"),
        "{text}"
    );
    // Left in place, not set aside.
    assert!(store.quarantined().unwrap().is_empty());
    assert!(matches!(store.load(3), Err(StoreError::Newer(_))));
    // A record of a newer layout.
    let mut raw = codec::encode_meta(&meta(4, 4, 0));
    raw[1] = codec::RECORD_VERSION + 1;
    store.put_raw_meta(4, &raw);
    let err = store.load(4).unwrap_err().to_string();
    assert!(err.contains("record layout"), "{err}");
    assert!(store.quarantined().unwrap().is_empty());
}

fn archive_moves_the_table_and_keeps_the_log(place: &Place) {
    let store = place.open();
    let e = entry(1);
    let mut m = meta(4, 8, 1);
    store
        .commit(Commit {
            snapshot: Some(b"x"),
            entry: Some(&e),
            ..Commit::meta(&m)
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
    assert_eq!(store.archived(4).unwrap(), vec![archived.clone()]);
    assert_eq!(store.archived_game(4, 8).unwrap(), Some(archived));
    assert_eq!(store.log(8).unwrap(), vec![e]);
    let (a, b) = (store.next_game_id().unwrap(), store.next_game_id().unwrap());
    assert!(a >= 1 && b > a, "{a} {b}");
}

/// A process holding a stale copy of a game another one finished and archived commits
/// it again (a later move, no snapshot): refused as moved, the channel stays empty,
/// nothing quarantined, the archive and log as they were.
fn an_archived_game_never_comes_back(place: &Place) {
    let store = place.open();
    let e = entry(1);
    let mut m = meta(4, 8, 1);
    store
        .commit(Commit {
            snapshot: Some(b"x"),
            entry: Some(&e),
            ..Commit::meta(&m)
        })
        .unwrap();
    let stamp = store.stamp(4).unwrap();
    m.status = Status::Finished;
    let archived = ArchiveEntry {
        meta: m.clone(),
        outcome: None,
        snapshot: b"x".to_vec(),
    };
    store.archive(&archived, &[]).unwrap();
    let (stale, e2) = (meta(4, 8, 2), entry(2));
    let late = Commit {
        entry: Some(&e2),
        outbox: &[row(4, 5, "late")],
        ..Commit::meta(&stale)
    };
    assert!(matches!(store.commit(late), Err(StoreError::Moved)));
    if let Some(stamp) = stamp {
        assert!(matches!(
            store.commit_at(stamp, late),
            Err(StoreError::Moved)
        ));
    }
    assert_eq!(store.load(4).unwrap(), Loaded::Empty);
    assert!(store.quarantined().unwrap().is_empty());
    assert_eq!(store.archived(4).unwrap(), vec![archived]);
    assert_eq!(store.log(8).unwrap(), vec![e]);
    assert!(store.channel_outbox(4).unwrap().is_empty());
    // The channel's next game is stored as ever.
    store.commit(Commit::meta(&meta(4, 9, 0))).unwrap();
    assert_eq!(found(store.load(4).unwrap()).meta.game_id, 9);
}

fn archived_games_are_listed_newest_first_and_read_one_at_a_time(place: &Place) {
    let store = place.open();
    let archive = |channel: u64, game_id: u64| {
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
    let entries: Vec<ArchiveEntry> = (1..=12).map(|id| archive(4, id)).collect();
    archive(3, 100);
    archive(5, 101);
    assert_eq!(
        store.archived_ids(4).unwrap(),
        (1..=12).rev().collect::<Vec<u64>>()
    );
    for id in [1, 7, 12] {
        assert_eq!(
            store.archived_game(4, id).unwrap().as_ref(),
            Some(&entries[id as usize - 1])
        );
    }
    assert_eq!(store.archived_game(4, 13).unwrap(), None);
    assert_eq!(store.archived_game(4, 100).unwrap(), None);
    assert_eq!(
        store.archived_game(3, 100).unwrap().unwrap().meta.channel,
        3
    );
    assert_eq!(store.archived_ids(5).unwrap(), vec![101]);
    let all = store.archived(4).unwrap();
    assert_eq!(all.first(), entries.last());
    assert_eq!(all.len(), 12);
}

fn a_discarded_lobby_leaves_nothing_behind(place: &Place) {
    let store = place.open();
    let mut m = meta(6, 60, 0);
    m.status = Status::Lobby;
    store
        .commit(Commit {
            seats: Some(&[]),
            timers: &[timer(TimerKind::Remind, 5_000, 0)],
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

fn a_finished_game_stays_indexed_until_archived_and_notes_are_kept(place: &Place) {
    let store = place.open();
    let mut m = meta(9, 4, 1);
    m.status = Status::Finished;
    store.commit(Commit::meta(&m)).unwrap();
    assert_eq!(store.finished_unarchived().unwrap(), vec![9]);
    drop(store);
    let store = place.open();
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
    store.put_note(9, "turn", b"456").unwrap();
    assert_eq!(store.note(9, "turn").unwrap().as_deref(), Some(&b"456"[..]));
    assert_eq!(store.note(9, "other").unwrap(), None);
    assert_eq!(store.note(8, "turn").unwrap(), None);
}

fn outbox_rows_commit_with_the_state_and_survive_until_done(place: &Place) {
    let ids = {
        let store = place.open();
        let ids = store
            .commit(Commit {
                meta: &meta(7, 3, 1),
                snapshot: Some(b"s1"),
                entry: Some(&entry(1)),
                outbox: &[
                    row(7, 100, "post"),
                    row(7, 100, "dm"),
                    row(7, 5_000, "timer"),
                ],
                timers: &[],
                seats: None,
            })
            .unwrap();
        assert_eq!(ids.len(), 3);
        assert!(ids[0] < ids[1] && ids[1] < ids[2]);
        ids
    };
    // Reopened: the rows are pending, oldest first, timers only when due.
    let store = place.open();
    let due: Vec<u64> = store
        .due_outbox(200, 10)
        .unwrap()
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(due, ids[..2].to_vec());
    assert_eq!(store.due_outbox(200, 1).unwrap().len(), 1, "limit");
    assert_eq!(store.next_due().unwrap(), Some(100));
    store.outbox_done(ids[0]).unwrap();
    store.outbox_done(ids[0]).unwrap();
    store.outbox_retry(ids[1], 300, 1).unwrap();
    assert!(store.due_outbox(200, 10).unwrap().is_empty());
    assert_eq!(store.next_due().unwrap(), Some(300));
    let later = store.due_outbox(10_000, 10).unwrap();
    assert_eq!(later.len(), 2);
    assert_eq!(
        (later[0].id, later[0].attempts, later[0].payload.as_slice()),
        (ids[1], 1, &b"dm"[..])
    );
    assert_eq!(store.channel_outbox(7).unwrap().len(), 2);
    assert!(store.channel_outbox(8).unwrap().is_empty());
    assert_eq!(store.outbox_row(ids[0]).unwrap(), None);
    assert_eq!(store.outbox_row(ids[2]).unwrap().unwrap().payload, b"timer");
    drop(store);
    let store = place.open();
    assert_eq!(store.channel_outbox(7).unwrap().len(), 2, "marks survive");
    assert_eq!(store.outbox_row(ids[1]).unwrap().unwrap().attempts, 1);
}

fn enqueued_rows_and_ids_are_unique_and_ordered(place: &Place) {
    let store = place.open();
    let a = store.enqueue(&[row(1, 5, "a"), row(2, 5, "b")]).unwrap();
    let game = store.next_game_id().unwrap();
    let b = store.enqueue(&[row(1, 1, "c")]).unwrap();
    assert!(a[0] < a[1] && a[1] < b[0], "{a:?} {b:?}");
    assert!(game >= 1);
    assert_eq!(store.next_due().unwrap(), Some(1));
    let due: Vec<u64> = store
        .due_outbox(5, 10)
        .unwrap()
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(due, vec![b[0], a[0], a[1]], "by due time, then id");
    assert_eq!(store.enqueue(&[]).unwrap(), Vec::<u64>::new());
}

fn timers_are_replaced_per_kind_found_by_due_time_and_survive_reopen(place: &Place) {
    {
        let store = place.open();
        let m = seated(7, 1, &[1, 2]);
        commit_with(
            &*store,
            &m,
            &[
                timer(TimerKind::Remind, 1_000, 0),
                timer(TimerKind::Timeout, 5_000, 0),
            ],
            None,
        );
        // The next move replaces both.
        commit_with(
            &*store,
            &m,
            &[
                timer(TimerKind::Remind, 2_000, 1),
                timer(TimerKind::Timeout, 9_000, 1),
            ],
            None,
        );
        commit_with(
            &*store,
            &seated(8, 2, &[3]),
            &[timer(TimerKind::Remind, 1_500, 4)],
            None,
        );
        assert_eq!(store.next_timer_due().unwrap(), Some(1_500));
        let due = store.due_timers(1_999, 10).unwrap();
        assert_eq!(due.len(), 1);
        assert_eq!((due[0].0, due[0].1.version), (8, 4));
    }
    let store = place.open();
    let due: Vec<(u64, u64, TimerKind)> = store
        .due_timers(u64::MAX >> 1, 10)
        .unwrap()
        .into_iter()
        .map(|(c, t)| (c, t.due_ms, t.kind))
        .collect();
    assert_eq!(
        due,
        vec![
            (8, 1_500, TimerKind::Remind),
            (7, 2_000, TimerKind::Remind),
            (7, 9_000, TimerKind::Timeout)
        ]
    );
    let stored = store.timer(7, TimerKind::Timeout).unwrap().unwrap();
    assert_eq!(
        (stored.kind, stored.version, stored.held_up),
        (TimerKind::Timeout, 1, false)
    );
    store
        .set_timers(
            7,
            &[TimerChange {
                kind: TimerKind::Remind,
                timer: None,
            }],
        )
        .unwrap();
    assert_eq!(store.timer(7, TimerKind::Remind).unwrap(), None);
    assert_eq!(store.due_timers(u64::MAX >> 1, 10).unwrap().len(), 2);
    assert_eq!(
        store.due_timers(u64::MAX >> 1, 1).unwrap().len(),
        1,
        "limit"
    );
}

fn players_index_follows_the_seats_and_the_archive(place: &Place) {
    let store = place.open();
    commit_with(&*store, &seated(7, 1, &[1, 2]), &[], Some(&[]));
    commit_with(&*store, &seated(8, 2, &[2]), &[], Some(&[]));
    assert_eq!(store.user_channels(2).unwrap(), vec![(7, 1), (8, 2)]);
    // 2 leaves channel 7.
    commit_with(&*store, &seated(7, 1, &[1]), &[], Some(&[2]));
    assert_eq!(store.user_channels(2).unwrap(), vec![(8, 2)]);
    assert_eq!(store.user_channels(1).unwrap(), vec![(7, 1)]);
    store
        .archive(
            &ArchiveEntry {
                meta: seated(7, 1, &[1]),
                outcome: None,
                snapshot: vec![],
            },
            &[],
        )
        .unwrap();
    assert!(store.user_channels(1).unwrap().is_empty());
}

fn stats_are_added_with_the_archive_once_per_game_and_server(place: &Place) {
    let store = place.open();
    let standing = |user: u64, won: bool, score: i64| Standing {
        user,
        name: format!("p{user}"),
        won,
        score,
        against: vec![],
    };
    for (game_id, first_wins) in [(1, true), (2, true), (3, false)] {
        let mut m = seated(7, game_id, &[1, 2]);
        m.status = Status::Finished;
        commit_with(&*store, &m, &[timer(TimerKind::Timeout, 10, 0)], Some(&[]));
        let entry = ArchiveEntry {
            meta: m,
            outcome: Some(json!({})),
            snapshot: vec![],
        };
        let standings = [
            standing(1, first_wins, 30 + game_id as i64),
            standing(2, !first_wins, 20),
        ];
        store.archive(&entry, &standings).unwrap();
        // Archiving again (a crash repair) counts nothing twice.
        store.archive(&entry, &standings).unwrap();
        assert_eq!(store.timer(7, TimerKind::Timeout).unwrap(), None);
    }
    let one = store.player_stats(42, Some("villa"), 1).unwrap().unwrap();
    assert_eq!((one.played, one.won, one.best, one.streak), (3, 2, 33, -1));
    assert_eq!(one.score_sum, 31 + 32 + 33);
    assert_eq!(one.name, "p1");
    let two = store.player_stats(42, None, 2).unwrap().unwrap();
    assert_eq!((two.played, two.won, two.streak, two.best), (3, 1, 1, 20));
    assert!(
        store.player_stats(43, None, 2).unwrap().is_none(),
        "per server"
    );
    assert!(store
        .player_stats(42, Some("estates"), 2)
        .unwrap()
        .is_none());
    let board = store.server_stats(42, Some("villa")).unwrap();
    assert_eq!(
        board.iter().map(|(u, _)| *u).collect::<Vec<_>>(),
        vec![1, 2]
    );
    assert_eq!(board[0].1, one);
    assert_eq!(store.server_stats(42, None).unwrap().len(), 2);
    assert!(store.server_stats(43, None).unwrap().is_empty());

    // A game with bots counts only in the player's record against each level there:
    // the leaderboards of people's games do not move.
    let mut m = seated(7, 4, &[1]);
    m.status = Status::Finished;
    commit_with(&*store, &m, &[], Some(&[]));
    let entry = ArchiveEntry {
        meta: m,
        outcome: Some(json!({})),
        snapshot: vec![],
    };
    let with_bots = Standing {
        against: vec![storage::BotLevel::Normal, storage::BotLevel::Hard],
        ..standing(1, true, 50)
    };
    store.archive(&entry, &[with_bots]).unwrap();
    assert_eq!(
        store.player_stats(42, Some("villa"), 1).unwrap().unwrap(),
        one
    );
    assert_eq!(store.player_stats(42, None, 1).unwrap().unwrap().played, 3);
    for level in ["vs-normal", "vs-hard"] {
        let vs = store.player_stats(42, Some(level), 1).unwrap().unwrap();
        assert_eq!((vs.played, vs.won, vs.best), (1, 1, 50), "{level}");
    }
    assert!(store
        .player_stats(42, Some("vs-easy"), 1)
        .unwrap()
        .is_none());
}

fn many_threads_commit_on_different_channels(place: &Place) {
    {
        let store = std::sync::Arc::new(place.open());
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
    let store = place.open();
    for t in 0..6u64 {
        let r = found(store.load(t).unwrap());
        assert_eq!(r.meta.version, 20);
        assert_eq!(r.snapshot.unwrap(), format!("{t}:20").into_bytes());
        assert_eq!(store.log(100 + t).unwrap().len(), 20);
        assert_eq!(store.channel_outbox(t).unwrap().len(), 20);
    }
    assert_eq!(store.due_outbox(10, 1000).unwrap().len(), 120);
}

fn retention_forgets_old_archived_games_and_their_logs_but_not_their_stats(place: &Place) {
    let store = place.open();
    // Games 1..=5 of channel 6 ended at times 100, 200, .. 500 (their last move).
    for game_id in 1..=5u64 {
        let mut m = seated(6, game_id, &[1, 2]);
        let e = entry(1);
        store
            .commit(Commit {
                snapshot: Some(b"x"),
                entry: Some(&e),
                seats: Some(&[1, 2]),
                ..Commit::meta(&Meta {
                    version: 1,
                    ..m.clone()
                })
            })
            .unwrap();
        m.status = Status::Finished;
        m.updated = game_id * 100;
        let archived = ArchiveEntry {
            meta: m,
            outcome: Some(json!({})),
            snapshot: vec![],
        };
        let standing = Standing {
            user: 1,
            name: "p1".into(),
            won: true,
            score: 10,
            against: vec![],
        };
        store.archive(&archived, &[standing]).unwrap();
    }
    assert_eq!(
        store.forget_archived(100, 10).unwrap(),
        0,
        "none before 100"
    );
    // At most `limit` at a time; the newest stay.
    assert_eq!(store.forget_archived(350, 2).unwrap(), 2);
    assert_eq!(store.forget_archived(350, 10).unwrap(), 1);
    assert_eq!(store.archived_ids(6).unwrap(), vec![5, 4]);
    for game_id in 1..=3 {
        assert_eq!(store.archived_game(6, game_id).unwrap(), None);
        assert!(
            store.log(game_id).unwrap().is_empty(),
            "game {game_id}'s log"
        );
    }
    assert_eq!(store.log(4).unwrap(), vec![entry(1)]);
    let stats = store.player_stats(42, None, 1).unwrap().unwrap();
    assert_eq!((stats.played, stats.won), (5, 5), "stats keep every result");
    drop(store);
    let store = place.open();
    assert_eq!(store.archived_ids(6).unwrap(), vec![5, 4], "after a reopen");
}
