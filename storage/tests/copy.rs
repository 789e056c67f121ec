//! `storage::copy`: a filled sled store copied into PostgreSQL and back holds the same
//! records at each step (compared item by item), new ids stay above the copied ones,
//! and a destination that is not empty is refused with nothing written.

use serde_json::json;
use storage::copy::{contents, copy, CopyError, Copyable};
use storage::{
    ArchiveEntry, Commit, Loaded, LogEntry, Meta, NewOutbox, PgStore, SeatedUser, SledStore,
    Standing, Status, Store, Timer, TimerChange, TimerKind, SCHEMA_VERSION,
};

fn meta(channel: u64, game_id: u64, version: u64, users: &[u64]) -> Meta {
    Meta {
        schema: SCHEMA_VERSION,
        game_id,
        channel,
        game: "villa".into(),
        options: json!({ "variant": channel }),
        seed: channel * 7,
        seats: users
            .iter()
            .map(|&user| SeatedUser::person(user, format!("p{user}")))
            .collect(),
        host: users[0],
        status: Status::Running,
        created: 1,
        updated: 2 + version,
        version,
        guild: 40 + channel % 2,
        settings: Default::default(),
        dropped: vec![],
        nudged_ms: 0,
        away: vec![],
    }
}

fn entry(n: u64) -> LogEntry {
    LogEntry {
        seat: (n % 2) as usize,
        action: json!({ "n": n }),
        text: format!("move {n}"),
        public: vec![format!("moved {n}")],
        at: n,
    }
}

fn pg() -> PgStore {
    let url = storage::pg::testing::fresh_url().unwrap_or_else(|why| panic!("{why}"));
    PgStore::open(&url, 4).unwrap()
}

/// A game of `moves` moves in `channel`: snapshots every 3rd move, a delivery and a
/// timer with each.
fn play(store: &dyn Store, channel: u64, moves: u64, users: &[u64]) -> u64 {
    let game_id = store.next_game_id().unwrap();
    let lobby = meta(channel, game_id, 0, users);
    store
        .commit(Commit {
            seats: Some(&[]),
            snapshot: Some(b"start"),
            ..Commit::meta(&lobby)
        })
        .unwrap();
    for v in 1..=moves {
        let m = meta(channel, game_id, v, users);
        let state = format!("state {channel} {v}");
        store
            .commit(Commit {
                meta: &m,
                snapshot: (v % 3 == 0).then_some(state.as_bytes()),
                entry: Some(&entry(v)),
                outbox: &[NewOutbox {
                    channel,
                    due_ms: 1_000 + v,
                    payload: format!("turn {v}").into_bytes(),
                }],
                timers: &[TimerChange {
                    kind: TimerKind::Remind,
                    timer: Some(Timer {
                        kind: TimerKind::Remind,
                        due_ms: 50_000 + v,
                        game_id,
                        version: v,
                        count: v as u32,
                        held_up: v % 2 == 0,
                    }),
                }],
                seats: None,
            })
            .unwrap();
    }
    game_id
}

/// A store with every kind of record: running games, a finished one not yet archived,
/// archived ones with stats, a quarantined record, notes, rows sent, retried and pending.
fn fill(store: &dyn Store) {
    play(store, 1, 7, &[11, 12]);
    play(store, 2, 4, &[12, 13, 14]);
    // Finished, its archive interrupted.
    let g = play(store, 3, 2, &[15, 11]);
    let done = Meta {
        status: Status::Finished,
        ..meta(3, g, 2, &[15, 11])
    };
    store.commit(Commit::meta(&done)).unwrap();
    // Two archived games in one channel (stats for both servers' players).
    for (n, winner) in [(5u64, 11u64), (6, 16)] {
        let g = play(store, 4, n, &[11, 16]);
        let m = Meta {
            status: Status::Finished,
            ..meta(4, g, n, &[11, 16])
        };
        let standings: Vec<Standing> = [11u64, 16]
            .iter()
            .map(|&user| Standing {
                user,
                name: format!("p{user}"),
                won: user == winner,
                score: (user * n) as i64,
                against: vec![],
            })
            .collect();
        store
            .archive(
                &ArchiveEntry {
                    meta: m,
                    outcome: Some(json!({ "winner": winner })),
                    snapshot: format!("final {n}").into_bytes(),
                },
                &standings,
            )
            .unwrap();
    }
    // A damaged game, quarantined when loaded.
    play(store, 8, 1, &[17]);
    store.commit(Commit::meta(&meta(9, 99, 0, &[17]))).unwrap();
    store.put_note(9, "turn", b"message 5").unwrap();
    store.put_note(1, "hand:11", &[1, 2, 3]).unwrap();
    let pending = store.channel_outbox(1).unwrap();
    store.outbox_done(pending[0].id).unwrap();
    store.outbox_retry(pending[1].id, 9_999, 3).unwrap();
    store
        .enqueue(&[NewOutbox {
            channel: 5,
            due_ms: 7,
            payload: b"notice".to_vec(),
        }])
        .unwrap();
}

fn quarantine_one(store: &SledStore) {
    store.put_raw_meta(8, b"\xC1\x02 not a record").unwrap();
    assert!(matches!(store.load(8).unwrap(), Loaded::Quarantined(_)));
}

/// The highest game id and outbox row id a store holds.
fn highest_ids(store: &dyn Store) -> (u64, u64) {
    let games = (1..=9)
        .filter_map(|c| match store.load(c).unwrap() {
            Loaded::Found(r) => Some(r.meta.game_id),
            _ => None,
        })
        .chain(store.archived_ids(4).unwrap())
        .max()
        .unwrap();
    let rows = (1..=9)
        .flat_map(|c| store.channel_outbox(c).unwrap())
        .map(|r| r.id)
        .max()
        .unwrap();
    (games, rows)
}

#[test]
fn a_filled_store_goes_to_postgres_and_back_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let sled_dir = dir.path().join("first");
    let source = SledStore::open(&sled_dir).unwrap();
    fill(&source);
    quarantine_one(&source);
    let before = contents(&source).unwrap();
    for kind in [
        "Game {",
        "Log {",
        "Archive {",
        "Quarantine(",
        "Outbox(",
        "Timer(",
        "Note {",
        "Player {",
        "Stats {",
    ] {
        assert!(
            before.iter().any(|line| line.starts_with(kind)),
            "the filled store holds a {kind}"
        );
    }
    assert!(before.iter().any(|l| l.contains("finished: true")));

    let database = pg();
    let report = copy(&source, &database).unwrap();
    assert_eq!(report.copied["games"], 4, "{report}");
    assert_eq!(report.copied["archived games"], 2, "{report}");
    assert_eq!(contents(&database).unwrap(), before, "sled → PostgreSQL");

    let back_dir = dir.path().join("back");
    let back = SledStore::open(&back_dir).unwrap();
    copy(&database, &back).unwrap();
    assert_eq!(contents(&back).unwrap(), before, "PostgreSQL → sled");
    drop(back);
    // Reopened from disk: the same again, and it works as a store.
    let back = SledStore::open(&back_dir).unwrap();
    assert_eq!(contents(&back).unwrap(), before, "after a reopen");
    let (games, rows) = highest_ids(&source);
    for store in [&back as &dyn Store, &database] {
        assert!(store.next_game_id().unwrap() > games);
        let new = store
            .enqueue(&[NewOutbox {
                channel: 1,
                due_ms: 1,
                payload: vec![],
            }])
            .unwrap();
        assert!(new[0] > rows, "new rows get new ids");
        let Loaded::Found(record) = store.load(1).unwrap() else {
            panic!("channel 1 loads");
        };
        assert_eq!(record.meta.version, 7);
        assert_eq!(record.snapshot.as_deref(), Some(&b"state 1 6"[..]));
        assert_eq!(record.tail, vec![entry(7)]);
        assert_eq!(store.finished_unarchived().unwrap(), vec![3]);
        assert_eq!(store.player_stats(40, None, 16).unwrap().unwrap().won, 1);
        assert_eq!(store.user_channels(12).unwrap().len(), 2);
        assert_eq!(store.timer(2, TimerKind::Remind).unwrap().unwrap().count, 4);
    }
}

#[test]
fn a_destination_that_is_not_empty_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let source = SledStore::open(dir.path().join("a")).unwrap();
    fill(&source);
    let database = pg();
    database.put_note(1, "turn", b"mine").unwrap();
    let before = contents(&database).unwrap();
    let err = copy(&source, &database).unwrap_err();
    assert!(matches!(err, CopyError::NotEmpty), "{err}");
    assert!(err.to_string().contains("not empty"), "{err}");
    assert_eq!(contents(&database).unwrap(), before);
    let other = SledStore::open(dir.path().join("b")).unwrap();
    assert!(other.is_empty_store().unwrap());
    other.next_game_id().unwrap();
    assert!(
        other.is_empty_store().unwrap(),
        "an id counter alone is empty"
    );
    assert!(matches!(copy(&database, &source), Err(CopyError::NotEmpty)));
}
