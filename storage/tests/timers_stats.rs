//! Timers (indexed by due time, replaced per kind, cancelled at archive), the players'
//! channel index and the per-server stats kept with the archive.

use serde_json::json;
use storage::{
    ArchiveEntry, Commit, Meta, SeatedUser, SledStore, Standing, Status, Store, Timer, TimerChange,
    TimerKind, SCHEMA_VERSION,
};

fn meta(channel: u64, game_id: u64, users: &[u64]) -> Meta {
    Meta {
        schema: SCHEMA_VERSION,
        game_id,
        channel,
        game: "villa".into(),
        options: json!({}),
        seed: 1,
        seats: users
            .iter()
            .map(|&user| SeatedUser {
                user,
                name: format!("p{user}"),
            })
            .collect(),
        host: users[0],
        status: Status::Running,
        created: 1,
        updated: 1,
        version: 0,
        guild: 42,
        settings: Default::default(),
        dropped: vec![],
        nudged_ms: 0,
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

fn commit_with(store: &SledStore, meta: &Meta, timers: &[TimerChange], seats: Option<&[u64]>) {
    store
        .commit(Commit {
            timers,
            seats,
            ..Commit::meta(meta)
        })
        .unwrap();
}

#[test]
fn timers_are_replaced_per_kind_found_by_due_time_and_survive_reopen() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = SledStore::open(dir.path()).unwrap();
        let m = meta(7, 1, &[1, 2]);
        commit_with(
            &store,
            &m,
            &[
                timer(TimerKind::Remind, 1_000, 0),
                timer(TimerKind::Timeout, 5_000, 0),
            ],
            None,
        );
        // The next move replaces both: the old due entries go with them.
        commit_with(
            &store,
            &m,
            &[
                timer(TimerKind::Remind, 2_000, 1),
                timer(TimerKind::Timeout, 9_000, 1),
            ],
            None,
        );
        commit_with(
            &store,
            &meta(8, 2, &[3]),
            &[timer(TimerKind::Remind, 1_500, 4)],
            None,
        );
        assert_eq!(store.next_timer_due().unwrap(), Some(1_500));
        let due = store.due_timers(1_999, 10).unwrap();
        assert_eq!(due.len(), 1);
        assert_eq!((due[0].0, due[0].1.version), (8, 4));
        // Dropped without a trace (no stale due entry left behind).
        drop(store);
    }
    let store = SledStore::open(dir.path()).unwrap();
    let due: Vec<(u64, u64, TimerKind)> = store
        .due_timers(u64::MAX, 10)
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
    assert_eq!(store.due_timers(u64::MAX, 10).unwrap().len(), 2);
    assert_eq!(store.due_timers(u64::MAX, 1).unwrap().len(), 1, "limit");
}

#[test]
fn players_index_follows_the_seats_and_the_archive() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    commit_with(&store, &meta(7, 1, &[1, 2]), &[], Some(&[]));
    commit_with(&store, &meta(8, 2, &[2]), &[], Some(&[]));
    assert_eq!(store.user_channels(2).unwrap(), vec![(7, 1), (8, 2)]);
    // 2 leaves channel 7.
    commit_with(&store, &meta(7, 1, &[1]), &[], Some(&[2]));
    assert_eq!(store.user_channels(2).unwrap(), vec![(8, 2)]);
    assert_eq!(store.user_channels(1).unwrap(), vec![(7, 1)]);
    store
        .archive(
            &ArchiveEntry {
                meta: meta(7, 1, &[1]),
                outcome: None,
                snapshot: vec![],
            },
            &[],
        )
        .unwrap();
    assert!(store.user_channels(1).unwrap().is_empty());
}

#[test]
fn stats_are_added_with_the_archive_once_per_game_and_server() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path()).unwrap();
    let standing = |user: u64, won: bool, score: i64| Standing {
        user,
        name: format!("p{user}"),
        won,
        score,
    };
    for (game_id, first_wins) in [(1, true), (2, true), (3, false)] {
        let mut m = meta(7, game_id, &[1, 2]);
        m.status = Status::Finished;
        commit_with(&store, &m, &[timer(TimerKind::Timeout, 10, 0)], Some(&[]));
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
    let two = store.player_stats(42, None, 2).unwrap().unwrap();
    assert_eq!((two.played, two.won, two.streak), (3, 1, 1));
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
    assert_eq!(store.server_stats(42, None).unwrap().len(), 2);
}
