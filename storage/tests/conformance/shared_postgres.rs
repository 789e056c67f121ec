//! Promises about several processes on one database: PostgreSQL alone (sled is one
//! process's store).

use super::*;

/// The database of a PostgreSQL place.
fn pg_url(place: &Place) -> &str {
    let Place::Pg(url) = place else {
        unreachable!("a PostgreSQL place")
    };
    url
}

fn two(place: &Place) -> (PgStore, PgStore) {
    let url = pg_url(place);
    (
        PgStore::open(url, 4).unwrap(),
        PgStore::open(url, 4).unwrap(),
    )
}

#[test]
fn two_stores_never_hold_the_same_row_until_the_lease_ends() {
    let place = Place::pg();
    let (a, b) = two(&place);
    assert_ne!(a.owner(), b.owner());
    let lease = a.lease_ms();
    let ids = a
        .enqueue(&[row(1, 100, "a"), row(1, 100, "b"), row(2, 100, "c")])
        .unwrap();
    let ids_of = |rows: Vec<storage::OutboxRow>| rows.iter().map(|r| r.id).collect::<Vec<_>>();
    assert_eq!(ids_of(a.due_outbox(200, 2).unwrap()), ids[..2].to_vec());
    // b finds only what a does not hold, and cannot take a's rows one by one.
    assert_eq!(ids_of(b.due_outbox(200, 10).unwrap()), vec![ids[2]]);
    assert_eq!(b.claim_outbox(ids[0], 200).unwrap(), None);
    assert_eq!(b.claim_outbox(ids[0], 200 + lease - 1).unwrap(), None);
    assert_eq!(a.claim_outbox(ids[0], 300).unwrap().unwrap().payload, b"a");
    // Its owner lists them again (a retry after a pause).
    assert_eq!(ids_of(a.due_outbox(300, 10).unwrap()), ids[..2].to_vec());
    b.outbox_done(ids[2]).unwrap();
    // b sleeps until a's claims run out (a's last claim of them was at 300).
    assert_eq!(b.next_due().unwrap(), Some(300 + lease));
    assert_eq!(a.next_due().unwrap(), Some(100));
    // a died: after the lease, b takes its rows.
    let later = 300 + lease;
    assert_eq!(ids_of(b.due_outbox(later, 10).unwrap()), ids[..2].to_vec());
    assert_eq!(a.claim_outbox(ids[0], later).unwrap(), None);
    assert!(a.due_outbox(later, 10).unwrap().is_empty());
    // Done by its owner: gone for everyone. A retry frees it for anyone.
    b.outbox_done(ids[0]).unwrap();
    assert_eq!(a.outbox_row(ids[0]).unwrap(), None);
    b.outbox_retry(ids[1], later, 1).unwrap();
    assert_eq!(a.claim_outbox(ids[1], later).unwrap().unwrap().attempts, 1);
}

/// A channel's messages go out in order across processes: while one process holds a
/// channel's earlier row (sending it, or dead with its lease running), another takes
/// none of that channel's later rows, only other channels'.
#[test]
fn a_channels_later_rows_wait_while_another_store_holds_an_earlier_one() {
    let place = Place::pg();
    let (a, b) = two(&place);
    let lease = a.lease_ms();
    let ids = a
        .enqueue(&[row(1, 100, "first"), row(2, 100, "other")])
        .unwrap();
    // a holds channel 1's first message (it is sending it, or died doing so).
    assert_eq!(
        a.claim_outbox(ids[0], 200).unwrap().unwrap().payload,
        b"first"
    );
    // Then a later message of channel 1 is stored (say a bot's move, in b).
    let later = b.enqueue(&[row(1, 150, "second")]).unwrap()[0];
    let ids_of = |rows: Vec<storage::OutboxRow>| rows.iter().map(|r| r.id).collect::<Vec<_>>();
    assert_eq!(
        b.claim_outbox(later, 200).unwrap(),
        None,
        "waits for the first"
    );
    assert_eq!(ids_of(b.due_outbox(200, 10).unwrap()), vec![ids[1]]);
    b.outbox_done(ids[1]).unwrap();
    // a's own later rows are not held back by a.
    assert_eq!(
        a.claim_outbox(later, 201).unwrap().unwrap().payload,
        b"second"
    );
    a.outbox_retry(later, 150, 0).unwrap();
    // Once the first is done, the second goes to anyone.
    a.outbox_done(ids[0]).unwrap();
    assert_eq!(
        b.claim_outbox(later, 300).unwrap().unwrap().payload,
        b"second"
    );
    b.outbox_retry(later, 150, 0).unwrap();
    // A dead holder: after its lease, both go out, in order, to the survivor.
    let third = a.enqueue(&[row(1, 160, "third")]).unwrap()[0];
    assert!(a.claim_outbox(later, 400).unwrap().is_some());
    assert_eq!(ids_of(b.due_outbox(400, 10).unwrap()), Vec::<u64>::new());
    assert_eq!(
        ids_of(b.due_outbox(400 + lease, 10).unwrap()),
        vec![later, third]
    );
}

#[test]
fn two_stores_never_hold_the_same_timer_until_the_lease_ends() {
    let place = Place::pg();
    let (a, b) = two(&place);
    let lease = a.lease_ms();
    commit_with(
        &a,
        &seated(7, 1, &[1]),
        &[timer(TimerKind::Remind, 100, 0)],
        None,
    );
    commit_with(
        &a,
        &seated(8, 2, &[2]),
        &[timer(TimerKind::Remind, 150, 0)],
        None,
    );
    let channels = |due: Vec<(u64, Timer)>| due.iter().map(|(c, _)| *c).collect::<Vec<_>>();
    assert_eq!(channels(a.due_timers(200, 1).unwrap()), vec![7]);
    assert_eq!(channels(b.due_timers(200, 10).unwrap()), vec![8]);
    assert_eq!(channels(a.due_timers(200, 10).unwrap()), vec![7]);
    assert_eq!(b.next_timer_due().unwrap(), Some(150), "its own");
    // b fires its timer: the next reminder replaces it, free for anyone when due.
    b.set_timers(8, &[timer(TimerKind::Remind, 5_000, 1)])
        .unwrap();
    // Its own next one, or a's when a's claim ends, whichever comes first.
    assert_eq!(b.next_timer_due().unwrap(), Some((200 + lease).min(5_000)));
    assert!(b.due_timers(4_999, 10).unwrap().is_empty());
    let late = (200 + lease).max(5_000);
    assert_eq!(channels(a.due_timers(late, 10).unwrap()), vec![7, 8]);
    // a dies holding both: b takes them when the lease ends, not before.
    assert!(b.due_timers(late + lease - 1, 10).unwrap().is_empty());
    assert_eq!(
        channels(b.due_timers(late + lease, 10).unwrap()),
        vec![7, 8]
    );
    // Removing a timer (fired, nothing next) ends it for everyone.
    b.set_timers(
        7,
        &[TimerChange {
            kind: TimerKind::Remind,
            timer: None,
        }],
    )
    .unwrap();
    assert_eq!(a.timer(7, TimerKind::Remind).unwrap(), None);
}

/// The one-statement commit (`capomaestro_commit`): a commit over a stale stamp, or
/// one taking the same game back to an older version, is refused whole — no log
/// entry, outbox row or timer of it is left — and the next good commit's stamp moves.
#[test]
fn a_refused_commit_writes_nothing_and_a_good_one_moves_the_stamp() {
    let place = Place::pg();
    let (a, b) = two(&place);
    let (e1, e2) = (entry(1), entry(2));
    let m1 = meta(7, 1, 1);
    let s0 = a.stamp(7).unwrap().unwrap();
    let first = Commit {
        meta: &m1,
        snapshot: Some(b"one"),
        entry: Some(&e1),
        outbox: &[row(7, 5, "first")],
        timers: &[timer(TimerKind::Remind, 50, 1)],
        seats: None,
    };
    let (ids, s1) = a.commit_at(s0, first).unwrap();
    assert_eq!(ids.len(), 1);
    assert_ne!(s1, s0);
    assert_eq!(b.stamp(7).unwrap(), Some(s1));
    // b moves the game; a's next commit over s1 is refused, with nothing of it stored.
    let m2 = meta(7, 1, 2);
    let (_, s2) = b
        .commit_at(
            s1,
            Commit {
                meta: &m2,
                entry: Some(&e2),
                ..Commit::meta(&m2)
            },
        )
        .unwrap();
    let m3 = meta(7, 1, 3);
    let e3 = entry(3);
    let stale = Commit {
        meta: &m3,
        snapshot: None,
        entry: Some(&e3),
        outbox: &[row(7, 5, "stale")],
        timers: &[timer(TimerKind::Remind, 999, 3)],
        seats: None,
    };
    assert!(matches!(a.commit_at(s1, stale), Err(StoreError::Moved)));
    assert_eq!(a.stamp(7).unwrap(), Some(s2));
    assert_eq!(a.log(1).unwrap().len(), 2);
    assert_eq!(a.channel_outbox(7).unwrap().len(), 1);
    assert_eq!(a.timer(7, TimerKind::Remind).unwrap().unwrap().due_ms, 50);
    // An older version of the same game: refused, nothing written either.
    let err = a
        .commit(Commit {
            outbox: &[row(7, 5, "old")],
            ..first
        })
        .unwrap_err();
    assert!(err.to_string().contains("past this change"), "{err}");
    assert_eq!(a.channel_outbox(7).unwrap().len(), 1);
    assert_eq!(found(a.load(7).unwrap()).meta.version, 2);
    // Over the current stamp it lands.
    let (ids, s3) = a.commit_at(s2, stale).unwrap();
    assert_eq!(ids.len(), 1);
    assert_ne!(s3, s2);
    assert_eq!(a.log(1).unwrap().len(), 3);
    assert_eq!(a.timer(7, TimerKind::Remind).unwrap().unwrap().due_ms, 999);
}

/// A stamp read from a game's row needs that row: once another process removed it (a
/// lobby discarded, a game quarantined) a commit over the old stamp is refused as moved
/// and inserts nothing (the old function inserted the game again, without a snapshot).
#[test]
fn a_stale_stamp_never_brings_back_a_game_that_is_gone() {
    let place = Place::pg();
    let (a, b) = two(&place);
    let m1 = meta(7, 1, 1);
    let (_, s1) = a
        .commit_at(
            0,
            Commit {
                snapshot: Some(b"one"),
                ..Commit::meta(&m1)
            },
        )
        .unwrap();
    b.discard_lobby(&m1).unwrap();
    assert_eq!(b.stamp(7).unwrap(), Some(0));
    let (m2, e2) = (meta(7, 1, 2), entry(2));
    let stale = Commit {
        entry: Some(&e2),
        outbox: &[row(7, 5, "stale")],
        timers: &[timer(TimerKind::Remind, 50, 2)],
        ..Commit::meta(&m2)
    };
    assert!(matches!(a.commit_at(s1, stale), Err(StoreError::Moved)));
    assert_eq!(a.load(7).unwrap(), Loaded::Empty);
    assert_eq!(a.stamp(7).unwrap(), Some(0));
    assert!(a.log(1).unwrap().is_empty());
    assert!(a.channel_outbox(7).unwrap().is_empty());
    assert_eq!(a.timer(7, TimerKind::Remind).unwrap(), None);
    // Over "none stored" (stamp 0) a new game lands.
    a.commit_at(0, Commit::meta(&meta(7, 2, 0))).unwrap();
    assert_eq!(found(b.load(7).unwrap()).meta.game_id, 2);
}

/// A process restarted under its instance name takes back at once the outbox rows and
/// timers it held when it died (not after their leases); the process it replaced, were
/// it still running, claims nothing more and is told why; another instance still waits
/// for the leases.
#[test]
fn a_restarted_instance_takes_back_its_claims_at_once_and_fences_off_the_old_one() {
    let place = Place::pg();
    let url = pg_url(&place);
    let old = PgStore::open(url, 2)
        .unwrap()
        .as_instance("shards 0/2")
        .unwrap();
    let other = PgStore::open(url, 2)
        .unwrap()
        .as_instance("shards 1/2")
        .unwrap();
    assert_eq!(old.owner(), "shards 0/2");
    let ids = old.enqueue(&[row(1, 100, "a"), row(2, 100, "b")]).unwrap();
    commit_with(
        &old,
        &seated(7, 1, &[1]),
        &[timer(TimerKind::Remind, 100, 0)],
        None,
    );
    let lease = old.lease_ms();
    let outbox_ids = |rows: Vec<storage::OutboxRow>| rows.iter().map(|r| r.id).collect::<Vec<_>>();
    let channels = |due: Vec<(u64, Timer)>| due.iter().map(|(c, _)| *c).collect::<Vec<_>>();
    assert_eq!(outbox_ids(old.due_outbox(200, 10).unwrap()), ids);
    assert_eq!(channels(old.due_timers(200, 10).unwrap()), vec![7]);
    // The process dies holding them and starts again under its name.
    let new = PgStore::open(url, 2)
        .unwrap()
        .as_instance("shards 0/2")
        .unwrap();
    assert_eq!(new.incarnation(), old.incarnation().map(|n| n + 1));
    assert!(other.due_outbox(201, 10).unwrap().is_empty(), "leased");
    assert!(other.due_timers(201, 10).unwrap().is_empty(), "leased");
    assert_eq!(outbox_ids(new.due_outbox(201, 10).unwrap()), ids);
    assert_eq!(channels(new.due_timers(201, 10).unwrap()), vec![7]);
    // The old incarnation claims nothing now, saying why once a minute (not at every
    // poll of its outbox and timers).
    let err = old.due_outbox(202, 10).unwrap_err().to_string();
    assert!(err.contains("instance \"shards 0/2\""), "{err}");
    assert_eq!(old.claim_outbox(ids[0], 203).unwrap(), None);
    assert!(old.due_timers(204, 10).unwrap().is_empty());
    assert!(old.due_outbox(202 + 59_999, 10).unwrap().is_empty());
    assert!(
        old.due_timers(202 + 60_000, 10).is_err(),
        "said again a minute on"
    );
    assert!(old.claim_outbox(ids[0], 202 + 60_001).unwrap().is_none());
    assert_eq!(old.outbox_row(ids[0]).unwrap().unwrap().id, ids[0]);
    // Another instance takes them only once the new one's lease ends.
    assert!(other.due_outbox(201 + lease - 1, 10).unwrap().is_empty());
    assert_eq!(outbox_ids(other.due_outbox(201 + lease, 10).unwrap()), ids);
}

#[test]
fn stores_claiming_at_once_each_get_a_row_once() {
    let place = Place::pg();
    let url = pg_url(&place);
    let first = PgStore::open(url, 4).unwrap();
    let rows: Vec<NewOutbox> = (0..300).map(|i| row(i % 7, 1, "x")).collect();
    let mut ids = first.enqueue(&rows).unwrap();
    drop(first);
    let taken: Vec<Vec<u64>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..3)
            .map(|_| {
                scope.spawn(|| {
                    let store = PgStore::open(url, 2).unwrap();
                    let mut mine = Vec::new();
                    loop {
                        let due = store.due_outbox(10, 7).unwrap();
                        if due.is_empty() {
                            return mine;
                        }
                        for r in due {
                            mine.push(r.id);
                            store.outbox_done(r.id).unwrap();
                        }
                    }
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let mut all: Vec<u64> = taken.concat();
    all.sort_unstable();
    ids.sort_unstable();
    assert_eq!(all, ids, "every row sent once, none twice");
}

#[test]
fn work_that_runs_once_at_a_time_waits_for_no_one_and_is_skipped_while_held() {
    let place = Place::pg();
    let (a, b) = two(&place);
    let mut inner = None;
    let ran = a
        .exclusively("sweep", &mut || {
            inner = Some(b.exclusively("sweep", &mut || panic!("held by a")).unwrap());
            // Another name is another lock.
            assert!(b.exclusively("other", &mut || {}).unwrap());
        })
        .unwrap();
    assert!(ran);
    assert_eq!(inner, Some(false), "skipped by b while a held it");
    let mut again = false;
    assert!(b.exclusively("sweep", &mut || again = true).unwrap());
    assert!(again, "released when a's work ended");
}

/// Group commit (`storage/src/pg/commit.rs`) helpers: move `v` of channel `c`'s game
/// (game `100 + c`), with its snapshot, log entry, one outbox row and the reminder; over
/// the stamp `base` (its new stamp answered), or over any (`commit`: stamp 0 answered).
fn grouped_move(
    store: &PgStore,
    c: u64,
    v: u64,
    base: Option<u64>,
) -> Result<(Vec<u64>, u64), StoreError> {
    let m = meta(c, 100 + c, v);
    let e = entry(v);
    let state = format!("{c}:{v}");
    let commit = Commit {
        meta: &m,
        snapshot: Some(state.as_bytes()),
        entry: Some(&e),
        outbox: &[row(c, 1, &state)],
        timers: &[timer(TimerKind::Remind, 1_000 + v, v)],
        seats: None,
    };
    match base {
        Some(base) => store.commit_at(base, commit),
        None => store.commit(commit).map(|ids| (ids, 0)),
    }
}

/// Waits until `n` moves are queued in `store` (its lanes held).
fn until_queued(store: &PgStore, n: usize) {
    let start = std::time::Instant::now();
    while store.queued_commits() < n {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(30),
            "{} of {n} moves queued",
            store.queued_commits()
        );
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// Commits `moves` (channel, version, base stamp), a thread each, queued while `store`'s
/// lanes are held: they go as one batch. Their answers, in `moves`' order.
fn in_one_batch(
    store: &PgStore,
    moves: &[(u64, u64, u64)],
) -> Vec<Result<(Vec<u64>, u64), StoreError>> {
    let held = store.hold_commits();
    std::thread::scope(|scope| {
        let threads: Vec<_> = moves
            .iter()
            .map(|&(c, v, base)| scope.spawn(move || grouped_move(store, c, v, Some(base))))
            .collect();
        until_queued(store, moves.len());
        drop(held);
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    })
}

/// Moves of different channels waiting at the same moment commit together, in one
/// transaction (their rows share its stamp), and every one lands whole: the game, its
/// log, its outbox rows in order, its timer; a stamp answered in a batch is the row's.
#[test]
fn many_threads_moves_commit_in_batches_and_every_one_lands() {
    const THREADS: u64 = 16;
    const MOVES: u64 = 25;
    let place = Place::pg();
    let url = pg_url(&place);
    let store = PgStore::open(url, 16).unwrap();
    let before = store.commit_stats();
    // Every thread's first move queued while the lanes are held: one batch.
    let moves: Vec<(u64, u64, u64)> = (0..THREADS).map(|c| (c, 1, 0)).collect();
    let firsts: Vec<u64> = in_one_batch(&store, &moves)
        .into_iter()
        .map(|answer| answer.unwrap().1)
        .collect();
    let first = store.commit_stats().since(before);
    assert_eq!(
        (first.batches, first.commits, first.retried),
        (1, THREADS, 0)
    );
    assert!(
        firsts.iter().all(|s| *s == firsts[0]),
        "one transaction: {firsts:?}"
    );
    // Then all at once, each over the stamp its last move was answered.
    let before = store.commit_stats();
    let barrier = std::sync::Barrier::new(THREADS as usize);
    let lasts: Vec<u64> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..THREADS)
            .map(|c| {
                let (store, barrier, mut stamp) = (&store, &barrier, firsts[c as usize]);
                scope.spawn(move || {
                    barrier.wait();
                    for v in 2..=MOVES {
                        stamp = grouped_move(store, c, v, Some(stamp)).unwrap().1;
                    }
                    stamp
                })
            })
            .collect();
        threads.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let rest = store.commit_stats().since(before);
    assert_eq!(rest.commits, THREADS * (MOVES - 1));
    assert_eq!(rest.retried, 0);
    assert!(
        rest.batches < rest.commits,
        "no batch formed: {rest:?} (mean {:.2})",
        rest.mean_batch()
    );
    drop(store);
    let store = PgStore::open(url, 4).unwrap();
    for c in 0..THREADS {
        let r = found(store.load(c).unwrap());
        assert_eq!(r.meta.version, MOVES);
        assert_eq!(r.snapshot.unwrap(), format!("{c}:{MOVES}").into_bytes());
        assert_eq!(store.stamp(c).unwrap(), Some(lasts[c as usize]));
        let log = store.log(100 + c).unwrap();
        assert_eq!(log, (1..=MOVES).map(entry).collect::<Vec<_>>());
        let rows = store.channel_outbox(c).unwrap();
        let payloads: Vec<Vec<u8>> = rows.iter().map(|r| r.payload.clone()).collect();
        let expected: Vec<Vec<u8>> = (1..=MOVES)
            .map(|v| format!("{c}:{v}").into_bytes())
            .collect();
        assert_eq!(payloads, expected, "channel {c}'s rows in order");
        assert!(rows.windows(2).all(|w| w[0].id < w[1].id));
        let t = store.timer(c, TimerKind::Remind).unwrap().unwrap();
        assert_eq!((t.due_ms, t.version), (1_000 + MOVES, MOVES));
    }
}

/// In a batch, a move over a stale stamp is refused (`StoreError::Moved`), with nothing
/// of it stored, and every other move of the batch lands (the batch rolled back and ran
/// again one by one).
#[test]
fn a_stale_stamp_in_a_batch_refuses_only_its_own_move() {
    const CHANNELS: u64 = 8;
    const STALE: u64 = 3;
    let place = Place::pg();
    let url = pg_url(&place);
    // One connection: the refused batch's must come back out of its transaction.
    let a = PgStore::open(url, 1).unwrap();
    let b = PgStore::open(url, 1).unwrap();
    let stamps: Vec<u64> = (0..CHANNELS)
        .map(|c| grouped_move(&a, c, 1, Some(0)).unwrap().1)
        .collect();
    // Another process moves one game: a's stamp of it is stale.
    let m = meta(STALE, 100 + STALE, 2);
    let (_, moved) = b
        .commit_at(stamps[STALE as usize], Commit::meta(&m))
        .unwrap();
    let before = a.commit_stats();
    let moves: Vec<(u64, u64, u64)> = (0..CHANNELS).map(|c| (c, 2, stamps[c as usize])).collect();
    let answers = in_one_batch(&a, &moves);
    let stats = a.commit_stats().since(before);
    assert_eq!(
        (stats.batches, stats.commits, stats.retried),
        (1, CHANNELS, 1)
    );
    let mut stamps = stamps;
    for (c, answer) in (0..CHANNELS).zip(answers) {
        if c == STALE {
            assert!(matches!(answer, Err(StoreError::Moved)), "{answer:?}");
            assert_eq!(a.stamp(c).unwrap(), Some(moved));
            assert_eq!(a.log(100 + c).unwrap().len(), 1);
            assert_eq!(a.channel_outbox(c).unwrap().len(), 1);
            assert_eq!(a.timer(c, TimerKind::Remind).unwrap().unwrap().version, 1);
            stamps[c as usize] = moved;
            continue;
        }
        let (ids, stamp) = answer.unwrap();
        assert_eq!(ids.len(), 1);
        assert_eq!(a.stamp(c).unwrap(), Some(stamp));
        assert_eq!(found(a.load(c).unwrap()).meta.version, 2);
        assert_eq!(a.log(100 + c).unwrap().len(), 2);
        assert_eq!(a.channel_outbox(c).unwrap().len(), 2);
        assert_eq!(a.timer(c, TimerKind::Remind).unwrap().unwrap().version, 2);
        stamps[c as usize] = stamp;
    }
    // Over the current stamps, the refused move included, the next batch lands whole,
    // in one transaction, on the same connection.
    let moves: Vec<(u64, u64, u64)> = (0..CHANNELS).map(|c| (c, 3, stamps[c as usize])).collect();
    let answers: Vec<u64> = in_one_batch(&a, &moves)
        .into_iter()
        .map(|answer| answer.unwrap().1)
        .collect();
    assert!(answers.iter().all(|s| *s == answers[0]), "{answers:?}");
    assert_eq!(b.stamp(STALE).unwrap(), Some(answers[0]));
    assert_eq!(a.channel_outbox(STALE).unwrap().len(), 2);
}

/// Two moves of one channel never go in one batch: the second waits for the next one,
/// after the first (the channel's order kept); the other channel's goes with the first.
#[test]
fn a_channels_second_move_waits_for_the_next_batch() {
    let place = Place::pg();
    let (a, _) = two(&place);
    let s1 = grouped_move(&a, 1, 1, Some(0)).unwrap().1;
    let s2 = grouped_move(&a, 2, 1, Some(0)).unwrap().1;
    let before = a.commit_stats();
    let held = a.hold_commits();
    std::thread::scope(|scope| {
        let a = &a;
        // Channel 1's move 2, then (queued after it) its move 3 with no base, and
        // channel 2's move 2.
        let first = scope.spawn(move || grouped_move(a, 1, 2, Some(s1)).unwrap());
        until_queued(a, 1);
        let second = scope.spawn(move || grouped_move(a, 1, 3, None).unwrap());
        until_queued(a, 2);
        let other = scope.spawn(move || grouped_move(a, 2, 2, Some(s2)).unwrap());
        until_queued(a, 3);
        drop(held);
        let (first, second, other) = (
            first.join().unwrap(),
            second.join().unwrap(),
            other.join().unwrap(),
        );
        assert_eq!(first.1, other.1, "one batch, one transaction");
        assert_ne!(a.stamp(1).unwrap(), Some(first.1), "the next batch");
        assert!(second.0[0] > first.0[0], "in order");
    });
    let stats = a.commit_stats().since(before);
    assert_eq!((stats.batches, stats.commits, stats.retried), (2, 3, 0));
    assert_eq!(found(a.load(1).unwrap()).meta.version, 3);
    assert_eq!(a.log(101).unwrap().len(), 3);
}

/// A plain connection of its own to the test's database (not the store's), on a small
/// runtime: for a test that must hold a row lock in an open transaction, or end another
/// connection's backend.
struct Side {
    runtime: tokio::runtime::Runtime,
    client: tokio_postgres::Client,
}

impl Side {
    fn connect(url: &str) -> Side {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let client = runtime.block_on(async {
            let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
                .await
                .unwrap();
            tokio::spawn(connection);
            client
        });
        Side { runtime, client }
    }

    fn run(&self, sql: &str) {
        self.runtime
            .block_on(self.client.batch_execute(sql))
            .unwrap();
    }

    /// This connection's backend.
    fn pid(&self) -> i32 {
        let row = self
            .runtime
            .block_on(self.client.query_one("SELECT pg_backend_pid()", &[]))
            .unwrap();
        row.get(0)
    }

    /// The backends waiting on a lock `holder` holds (other tests' are not among them).
    fn blocked_by(&self, holder: i32) -> Vec<i32> {
        let rows = self
            .runtime
            .block_on(self.client.query(
                "SELECT pid FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))",
                &[&holder],
            ))
            .unwrap();
        rows.iter().map(|r| r.get(0)).collect()
    }
}

/// The connection lost in the middle of a batch (its backend ended while the batch waits
/// on a row lock): every caller of the batch is answered with an error, not a success and
/// not a refusal; nothing of the batch is stored (the server rolled it back); and the
/// store carries on over a new connection, the same moves landing whole when sent again.
#[test]
fn a_connection_lost_in_the_middle_of_a_batch_fails_every_move_and_stores_none() {
    const CHANNELS: u64 = 4;
    const LOCKED: u64 = 2;
    let place = Place::pg();
    let url = pg_url(&place);
    let a = PgStore::open(url, 1).unwrap();
    let stamps: Vec<u64> = (0..CHANNELS)
        .map(|c| grouped_move(&a, c, 1, Some(0)).unwrap().1)
        .collect();
    // Another connection locks one game's row: the batch will wait on it, mid-way.
    let locker = Side::connect(url);
    locker.run(&format!(
        "BEGIN; SELECT channel FROM games WHERE channel = {LOCKED} FOR UPDATE"
    ));
    let killer = Side::connect(url);
    let before = a.commit_stats();
    let moves: Vec<(u64, u64, u64)> = (0..CHANNELS).map(|c| (c, 2, stamps[c as usize])).collect();
    let held = a.hold_commits();
    let answers = std::thread::scope(|scope| {
        let threads: Vec<_> = moves
            .iter()
            .map(|&(c, v, base)| {
                let a = &a;
                scope.spawn(move || grouped_move(a, c, v, Some(base)))
            })
            .collect();
        until_queued(&a, moves.len());
        drop(held);
        // The batch's connection, waiting on the lock: end it.
        let start = std::time::Instant::now();
        let waiting = loop {
            let pids = killer.blocked_by(locker.pid());
            if !pids.is_empty() {
                break pids;
            }
            assert!(
                start.elapsed() < std::time::Duration::from_secs(30),
                "the batch never waited on the lock"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        assert_eq!(waiting.len(), 1, "one batch, one connection: {waiting:?}");
        killer.run(&format!("SELECT pg_terminate_backend({})", waiting[0]));
        threads
            .into_iter()
            .map(|t| t.join().unwrap())
            .collect::<Vec<_>>()
    });
    locker.run("ROLLBACK");
    for (c, answer) in (0..CHANNELS).zip(&answers) {
        assert!(
            matches!(answer, Err(StoreError::Backend(_))),
            "channel {c}: {answer:?}"
        );
    }
    let stats = a.commit_stats().since(before);
    assert_eq!((stats.batches, stats.commits), (1, CHANNELS), "{stats:?}");
    // Nothing of the batch stored, and the store works again (a new connection).
    for c in 0..CHANNELS {
        assert_eq!(a.stamp(c).unwrap(), Some(stamps[c as usize]));
        assert_eq!(found(a.load(c).unwrap()).meta.version, 1);
        assert_eq!(a.log(100 + c).unwrap().len(), 1);
        assert_eq!(a.channel_outbox(c).unwrap().len(), 1);
        assert_eq!(a.timer(c, TimerKind::Remind).unwrap().unwrap().version, 1);
    }
    let again: Vec<u64> = in_one_batch(&a, &moves)
        .into_iter()
        .map(|answer| answer.unwrap().1)
        .collect();
    assert!(again.iter().all(|s| *s == again[0]), "{again:?}");
    for c in 0..CHANNELS {
        assert_eq!(found(a.load(c).unwrap()).meta.version, 2);
        assert_eq!(a.channel_outbox(c).unwrap().len(), 2);
    }
}

/// Two archives on one server at once, their players listed in opposite orders, the
/// first queued behind another session's lock on a stats row: the rows are locked in
/// one order (by user id), so the second waits for the first instead of deadlocking,
/// and both games count.
#[test]
fn two_archives_at_once_with_players_in_opposite_orders_never_deadlock() {
    let place = Place::pg();
    let url = pg_url(&place);
    let store = PgStore::open(url, 4).unwrap();
    let archive = |channel: u64, users: &[u64]| {
        let mut m = seated(channel, channel, &[1, 2]);
        m.status = Status::Finished;
        commit_with(&store, &m, &[], Some(&[]));
        let standings: Vec<Standing> = users
            .iter()
            .map(|&user| Standing {
                user,
                name: format!("p{user}"),
                won: user == 1,
                score: 5,
                against: vec![],
            })
            .collect();
        let entry = ArchiveEntry {
            meta: m,
            outcome: Some(json!({})),
            snapshot: vec![],
        };
        store.archive(&entry, &standings)
    };
    // An earlier game gives both players their rows.
    archive(1, &[1, 2]).unwrap();
    let locker = Side::connect(url);
    let watcher = Side::connect(url);
    locker.run("BEGIN; SELECT 1 FROM stats WHERE user_id = 2 AND game = 'villa' FOR UPDATE");
    let waiting_on = |holders: &[i32]| {
        let mut pids: Vec<i32> = holders
            .iter()
            .flat_map(|h| watcher.blocked_by(*h))
            .collect();
        pids.sort_unstable();
        pids.dedup();
        pids
    };
    let until = |what: &str, done: &dyn Fn() -> bool| {
        let start = std::time::Instant::now();
        while !done() {
            assert!(
                start.elapsed() < std::time::Duration::from_secs(30),
                "{what}"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    };
    let answers = std::thread::scope(|scope| {
        let first = scope.spawn(|| archive(2, &[2, 1]));
        until("the first archive never waited", &|| {
            waiting_on(&[locker.pid()]).len() == 1
        });
        let first_pid = waiting_on(&[locker.pid()])[0];
        let second = scope.spawn(|| archive(3, &[1, 2]));
        until("the second archive never waited", &|| {
            waiting_on(&[locker.pid(), first_pid]).len() == 2
        });
        locker.run("ROLLBACK");
        [first.join().unwrap(), second.join().unwrap()]
    });
    for answer in &answers {
        assert!(answer.is_ok(), "{answers:?}");
    }
    for user in [1, 2] {
        let stats = store
            .player_stats(42, Some("villa"), user)
            .unwrap()
            .unwrap();
        assert_eq!(stats.played, 3, "user {user}");
    }
}
