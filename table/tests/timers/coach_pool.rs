//! The coach of a lesson with a search pool: its suggestion is searched on the pool, off
//! the channel lock; the note comes with the timer pass after the search, and a note
//! whose position the learner left before it came is dropped.

use super::*;
use table::Thinker;

/// The coach's notes of a decision (each types a move for the learner) among `d`.
fn notes(d: &[Delivery]) -> Vec<String> {
    channel_texts(d)
        .into_iter()
        .filter(|t| t.contains("⌨️ `"))
        .collect()
}

/// The move a coach's note types.
fn typed(note: &str) -> String {
    let (_, rest) = note.split_once("⌨️ `").expect("a typed move");
    rest.split_once('`').expect("its end").0.to_string()
}

/// Holds the pool's one thread until the returned gate is passed.
fn hold(thinker: &Thinker) -> Arc<std::sync::Barrier> {
    let gate = Arc::new(std::sync::Barrier::new(2));
    let (started, running) = std::sync::mpsc::channel();
    std::thread::spawn({
        let (thinker, gate) = (thinker.clone(), gate.clone());
        move || {
            thinker.ask(0, move || {
                started.send(()).unwrap();
                gate.wait();
            })
        }
    });
    running.recv().expect("the pool holds");
    gate
}

#[test]
fn the_coachs_note_is_searched_off_the_lock_and_dropped_once_the_learner_moved() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let thinker = Thinker::with_threads(1).capped(16, 8);
    let (table, woken) = bots_on(&store, &clock, thinker.clone());
    // The lesson opens while the pool is busy: no note and no search under the lock.
    let gate = hold(&thinker);
    let out = table.learn(CH, &caller(1), "palazzo");
    assert!(!table.legal_actions(CH, 1).is_empty(), "the learner starts");
    assert!(notes(&out).is_empty(), "{:?}", channel_texts(&out));
    assert_eq!(thinker.searches(), 0, "nothing searched under the lock");
    flush(&table, CH);
    // Searched on the pool, the note comes with the next pass.
    gate.wait();
    woken
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("the coach's search is done");
    let posted = notes(&fire(&table, CH));
    assert_eq!(posted.len(), 1, "{posted:?}");
    let suggested = typed(&posted[0]);
    assert!(table.legal_actions(CH, 1).contains(&suggested));
    // Followed: the coach says so (the suggestion was kept, not searched again).
    let gate = hold(&thinker);
    let searched = thinker.searches();
    let after = channel_texts(&run(&table, CH, 1, &suggested));
    assert!(
        after
            .iter()
            .any(|t| t.contains("You played the coach's suggestion")),
        "{after:?}"
    );
    assert_eq!(
        thinker.searches(),
        searched,
        "nothing searched under the lock"
    );
    flush(&table, CH);
    gate.wait();
    // A decision whose search waits while the learner moves on: its note is dropped.
    let settle = |table: &Table| {
        // Every search queued so far is done, and what it found is played or posted.
        thinker.ask(CH, || ()).expect("the pool answers");
        fire(table, CH);
    };
    let mut moved_early = false;
    for _ in 0..60 {
        settle(&table);
        if table.legal_actions(CH, 1).is_empty() {
            // The bots' turn: each move searched on the pool, played by the next pass.
            continue;
        }
        let gate = hold(&thinker);
        let line = table.legal_actions(CH, 1)[0].clone();
        run(&table, CH, 1, &line);
        if table.legal_actions(CH, 1).is_empty() {
            gate.wait();
            continue;
        }
        // The learner decides again, its note's search held: they move before it came.
        let line = table.legal_actions(CH, 1)[0].clone();
        let out = channel_texts(&run(&table, CH, 1, &line));
        assert!(
            out.iter().any(|t| t.contains("✅ Done.")),
            "moved before the note: acknowledged, not compared: {out:?}"
        );
        let again = !table.legal_actions(CH, 1).is_empty();
        flush(&table, CH);
        gate.wait();
        thinker.ask(CH, || ()).expect("the pool answers");
        let posted = notes(&fire(&table, CH));
        assert_eq!(
            posted.len(),
            usize::from(again),
            "only the note of the learner's decision now: {posted:?}"
        );
        moved_early = true;
        break;
    }
    assert!(moved_early, "the learner moved before a note came");
}
