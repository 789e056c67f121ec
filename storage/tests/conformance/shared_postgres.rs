//! Promises about several processes on one database: PostgreSQL alone (sled is one
//! process's store).

use super::*;

fn two(place: &Place) -> (PgStore, PgStore) {
    let Place::Pg(url) = place else {
        unreachable!("a PostgreSQL place")
    };
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

#[test]
fn stores_claiming_at_once_each_get_a_row_once() {
    let place = Place::pg();
    let Place::Pg(url) = &place else {
        unreachable!()
    };
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
