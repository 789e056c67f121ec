//! `/game undo` on the Countdown test game (a move is undoable unless it passes a
//! milestone, which consults chance): taken back at once, with approvals, refused,
//! lapsed, cancelled by a new move, blocked by a reveal, turned off by the host; the log
//! replays to the state after an undo, and a restart restores it.

mod common;
use common::*;
use std::sync::Arc;
use storage::{Loaded, SledStore, Store};
use table::{
    Approval, Caller, Command, Defaults, Delivery, ManualClock, Minimums, Table, TableOptions,
    UNDO_LIFETIME_MS,
};

const START: u64 = 1_800_000_000_000;

fn table_with(dir: &std::path::Path, clock: &Arc<ManualClock>) -> (Arc<SledStore>, Table) {
    let store = Arc::new(SledStore::open(dir).unwrap());
    let table = Table::with_options(
        store.clone(),
        TableOptions {
            clock: clock.clone(),
            minimums: Minimums::LOCAL,
            ..TableOptions::default()
        },
    );
    (store, table)
}

/// A 3-player Countdown (ana, bruno, carla; ana moves first) with a test clock.
fn three(dir: &std::path::Path) -> (Arc<SledStore>, Table, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(START));
    let (store, table) = table_with(dir, &clock);
    started(&table, CH, 3, 1);
    (store, table, clock)
}

/// The board's first line (`Total: 2 / 15. …`), read through `status`.
fn board(table: &Table) -> String {
    match &run(table, CH, 1, "status")[..] {
        [Delivery::Ephemeral { text, .. }] => text.lines().next().unwrap_or_default().to_string(),
        other => panic!("{other:?}"),
    }
}

fn version(table: &Table) -> u64 {
    table.state_version(CH).unwrap().version
}

/// The Approve/Refuse buttons of the one channel message asking for an undo.
fn approval(d: &[Delivery]) -> Approval {
    let asks: Vec<Approval> = d
        .iter()
        .filter_map(|d| match d {
            Delivery::Channel {
                approval: Some(a), ..
            } => Some(*a),
            _ => None,
        })
        .collect();
    assert_eq!(asks.len(), 1, "{d:?}");
    assert!(asks[0].undo);
    asks[0]
}

fn vote(table: &Table, user: u64, on: Approval, approve: bool) -> Vec<Delivery> {
    table.handle(CH, &caller(user), Command::Vote { on, approve })
}

/// The game replayed from its seed and the log's moves in effect, as stored.
fn replayed_equals_stored(store: &SledStore) {
    let Loaded::Found(record) = store.load(CH).unwrap() else {
        panic!("no game");
    };
    let log = store.log(record.meta.game_id).unwrap();
    let moves: Vec<(usize, serde_json::Value)> = storage::effective_log(&log)
        .into_iter()
        .map(|(_, e)| (e.seat, e.action.clone()))
        .collect();
    let kind = rules::catalog::find(&record.meta.game).unwrap();
    let replayed = (kind.replay)(3, &record.meta.options, record.meta.seed, &moves).unwrap();
    let restored = table::restore_record(&record).unwrap().unwrap();
    assert_eq!(replayed.snapshot(), restored.snapshot());
}

#[test]
fn no_one_moved_since_so_it_is_taken_back_at_once_and_logged() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table, _clock) = three(dir.path());
    run(&table, CH, 1, "add 2");
    assert_eq!(board(&table), "Total: 2 / 15. bruno to add.");
    let v = version(&table);
    let out = run(&table, CH, 1, "undo");
    let texts = channel_texts(&out);
    assert_eq!(texts.len(), 1, "{out:?}");
    assert!(
        texts[0].contains("ana took back their last move"),
        "{}",
        texts[0]
    );
    assert!(texts[0].contains("Waiting for ana"), "{}", texts[0]);
    // The turn message is a new one, with ana's prompt, at a new version.
    assert!(
        matches!(&out[0], Delivery::Channel { prompts, .. } if prompts.len() == 1 && prompts[0].user == 1)
    );
    assert_eq!(version(&table), v + 1);
    assert_eq!(board(&table), "Total: 0 / 15. ana to add.");
    assert_eq!(table.legal_actions(CH, 1).len(), 3);
    assert!(table.legal_actions(CH, 2).is_empty());
    // The log keeps the move, struck through, and the undo.
    let log = ephemeral(&run(&table, CH, 2, "log"));
    assert!(
        log.contains("~~ana added 2; the total is 2.~~ (taken back)"),
        "{log}"
    );
    assert!(log.contains("ana took back their last move"), "{log}");
    // Play on: the game replays from its seed and the moves in effect.
    run(&table, CH, 1, "add 1");
    run(&table, CH, 2, "add 1");
    assert_eq!(board(&table), "Total: 2 / 15. carla to add.");
    replayed_equals_stored(&store);
    // Nothing left to take back for carla, who has not moved.
    let none = ephemeral(&run(&table, CH, 3, "undo"));
    assert!(none.contains("not made a move"), "{none}");
}

#[test]
fn the_players_who_moved_since_approve_and_then_it_is_taken_back() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table, _clock) = three(dir.path());
    run(&table, CH, 1, "add 1");
    run(&table, CH, 2, "add 1");
    run(&table, CH, 3, "add 1");
    assert_eq!(board(&table), "Total: 3 / 15. ana to add.");
    // bruno asks: carla moved since, so carla approves (ana did not move since).
    let asked = run(&table, CH, 2, "undo");
    let on = approval(&asked);
    let ask = &channel_texts(&asked)[0];
    assert!(
        ask.contains("bruno asks to take back their last move (2 moves"),
        "{ask}"
    );
    assert!(ask.contains("when carla approve"), "{ask}");
    assert!(matches!(&asked[0], Delivery::Channel { mentions, .. } if *mentions == vec![3]));
    assert_eq!(board(&table), "Total: 3 / 15. ana to add.", "nothing yet");
    // Neither bruno nor ana may answer for carla.
    assert!(ephemeral(&vote(&table, 2, on, true)).contains("You asked"));
    assert!(ephemeral(&vote(&table, 1, on, true)).contains("Only the players"));
    let done = vote(&table, 3, on, true);
    let texts = channel_texts(&done);
    assert!(
        texts[0].contains("Everyone approved: bruno took back"),
        "{texts:?}"
    );
    assert_eq!(board(&table), "Total: 1 / 15. bruno to add.");
    // The request is closed.
    assert!(ephemeral(&vote(&table, 3, on, true)).contains("no longer open"));
    replayed_equals_stored(&store);
}

#[test]
fn one_refusal_cancels_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table, _clock) = three(dir.path());
    run(&table, CH, 1, "add 1");
    run(&table, CH, 2, "add 1");
    let on = approval(&run(&table, CH, 1, "undo"));
    let v = version(&table);
    let refused = vote(&table, 2, on, false);
    assert!(channel_texts(&refused)[0].contains("bruno refused to take back ana's move"));
    assert_eq!(version(&table), v);
    assert_eq!(board(&table), "Total: 2 / 15. carla to add.");
    assert!(ephemeral(&vote(&table, 2, on, true)).contains("no longer open"));
}

#[test]
fn a_request_lapses_after_ten_minutes_or_the_reminder_interval() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table, clock) = three(dir.path());
    run(&table, CH, 1, "add 1");
    run(&table, CH, 2, "add 1");
    let on = approval(&run(&table, CH, 1, "undo"));
    clock.advance(UNDO_LIFETIME_MS);
    let lapsed = ephemeral(&vote(&table, 2, on, true));
    assert!(lapsed.contains("lapsed"), "{lapsed}");
    assert_eq!(board(&table), "Total: 2 / 15. carla to add.");
    assert!(ephemeral(&vote(&table, 2, on, true)).contains("no longer open"));

    // Reminders every 2 minutes: a request lives 2 minutes.
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let defaults = Defaults {
        remind_after: 120,
        remind_every: 120,
        ..Defaults::default()
    };
    let table = Table::with_options(
        store,
        TableOptions {
            clock: clock.clone(),
            minimums: Minimums::LOCAL,
            defaults,
            ..TableOptions::default()
        },
    );
    started(&table, CH, 3, 1);
    run(&table, CH, 1, "add 1");
    run(&table, CH, 2, "add 1");
    let asked = run(&table, CH, 1, "undo");
    assert!(channel_texts(&asked)[0].contains("within 2m"), "{asked:?}");
    clock.advance(2 * 60_000 - 1);
    vote(&table, 2, approval(&asked), true);
    assert_eq!(
        board(&table),
        "Total: 0 / 15. ana to add.",
        "approved in time"
    );
    run(&table, CH, 1, "add 1");
    run(&table, CH, 2, "add 1");
    let on = approval(&run(&table, CH, 1, "undo"));
    clock.advance(2 * 60_000);
    assert!(ephemeral(&vote(&table, 2, on, true)).contains("lapsed"));
    assert_eq!(board(&table), "Total: 2 / 15. carla to add.");
}

#[test]
fn any_new_move_cancels_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table, _clock) = three(dir.path());
    run(&table, CH, 1, "add 1");
    run(&table, CH, 2, "add 1");
    let on = approval(&run(&table, CH, 1, "undo"));
    let moved = channel_texts(&run(&table, CH, 3, "add 1"));
    // The channel is told once, with the move.
    assert_eq!(
        moved
            .iter()
            .filter(|t| t.contains("undo request is cancelled"))
            .count(),
        1,
        "{moved:?}"
    );
    let cancelled = ephemeral(&vote(&table, 2, on, true));
    assert!(cancelled.contains("no longer open"), "{cancelled}");
    assert_eq!(board(&table), "Total: 3 / 15. ana to add.");
    // A later move says nothing more.
    let again = channel_texts(&run(&table, CH, 1, "add 1"));
    assert!(
        !again.iter().any(|t| t.contains("undo request")),
        "{again:?}"
    );
}

#[test]
fn a_move_that_consulted_chance_blocks_it() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table, _clock) = three(dir.path());
    run(&table, CH, 1, "add 3");
    run(&table, CH, 2, "add 3"); // passes 5: chance is consulted
    let v = version(&table);
    for user in [1, 2] {
        let blocked = run(&table, CH, user, "undo");
        let text = ephemeral(&blocked);
        assert!(text.contains("can no longer be taken back"), "{text}");
    }
    assert_eq!(version(&table), v);
    // An acknowledgement after it reveals nothing: carla may take hers back.
    run(&table, CH, 3, "ack");
    run(&table, CH, 3, "undo");
    assert_eq!(version(&table), v + 2);
    assert!(table.legal_actions(CH, 3) == vec!["ack".to_string()]);
}

#[test]
fn the_host_can_turn_undo_off_and_on() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table, _clock) = three(dir.path());
    let shown = ephemeral(&run(&table, CH, 2, "settings"));
    assert!(shown.contains("Undo: **on**"), "{shown}");
    let refused = ephemeral(&run(&table, CH, 2, "settings undo=off"));
    assert!(refused.contains("Only the host"), "{refused}");
    let bad = ephemeral(&run(&table, CH, 1, "settings undo=maybe"));
    assert!(bad.contains("on or off"), "{bad}");
    let off = run(&table, CH, 1, "settings undo=off");
    assert!(
        channel_texts(&off)[0].contains("turned undo off"),
        "{off:?}"
    );
    assert!(ephemeral(&run(&table, CH, 2, "settings")).contains("Undo: **off**"));
    run(&table, CH, 1, "add 1");
    let text = ephemeral(&run(&table, CH, 1, "undo"));
    assert!(text.contains("Undo is off"), "{text}");
    run(&table, CH, 1, "settings undo=on");
    run(&table, CH, 1, "undo");
    assert_eq!(board(&table), "Total: 0 / 15. ana to add.");
    // Turning it off cancels a request waiting for approval.
    run(&table, CH, 1, "add 1");
    run(&table, CH, 2, "add 1");
    let on = approval(&run(&table, CH, 1, "undo"));
    run(&table, CH, 1, "settings undo=off");
    assert!(ephemeral(&vote(&table, 2, on, true)).contains("cancelled"));
    assert_eq!(board(&table), "Total: 2 / 15. carla to add.");
}

#[test]
fn a_restart_after_an_undo_restores_the_same_state() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let before = {
        let (store, table) = table_with(dir.path(), &clock);
        started(&table, CH, 3, 1);
        // ana's last move comes before the stored snapshot of version 8.
        for (user, line) in [
            (1, "add 2"),
            (2, "add 2"),
            (3, "add 2"),
            (1, "ack"),
            (2, "ack"),
            (1, "add 1"),
            (2, "add 1"),
            (3, "add 1"),
        ] {
            assert!(!channel_texts(&run(&table, CH, user, line)).is_empty());
        }
        assert_eq!(version(&table), 8);
        let on = approval(&run(&table, CH, 1, "undo"));
        vote(&table, 2, on, true);
        vote(&table, 3, on, true);
        assert_eq!(board(&table), "Total: 6 / 15. ana to add.");
        replayed_equals_stored(&store);
        (board(&table), raw(&store, CH), table.legal_actions(CH, 1))
    };
    let (store, table) = table_with(dir.path(), &clock);
    assert_eq!(
        (board(&table), raw(&store, CH), table.legal_actions(CH, 1)),
        before
    );
    // And the game goes on from there.
    assert_eq!(table.legal_actions(CH, 1).len(), 3);
    let caller = Caller::new(1, "ana");
    assert!(!table
        .handle(CH, &caller, Command::Play("add 1".into()))
        .is_empty());
}

#[test]
fn a_move_a_bot_has_answered_is_not_taken_back_but_one_before_the_bot_moved_is() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table = Table::with_options(
        store.clone(),
        TableOptions {
            clock: clock.clone(),
            minimums: Minimums::LOCAL,
            bot_delay_ms: 1_500,
            ..TableOptions::default()
        },
    );
    run(&table, CH, 1, "new countdown bots=easy seed=11");
    // ana moves; the bot has not answered yet (its pause): the undo works at once.
    run(&table, CH, 1, "add 2");
    assert_eq!(
        board(&table),
        "Total: 2 / 15. Bot Lorenzo \\(easy\\) to add."
    );
    let out = run(&table, CH, 1, "undo");
    assert!(
        channel_texts(&out)[0].contains("ana took back their last move"),
        "{out:?}"
    );
    assert_eq!(board(&table), "Total: 0 / 15. ana to add.");
    // ana moves again and the bot answers: that move can no longer be taken back, and
    // the refusal changes nothing.
    run(&table, CH, 1, "add 1");
    clock.advance(1_500);
    table.fire_due_timers();
    assert!(!table.legal_actions(CH, 1).is_empty(), "the bot answered");
    let (v, shown) = (version(&table), board(&table));
    let (snapshot, log, _) = raw(&store, CH);
    let refused = ephemeral(&run(&table, CH, 1, "undo"));
    assert!(refused.contains("a bot has moved since"), "{refused}");
    assert_eq!(version(&table), v);
    assert_eq!(board(&table), shown);
    assert_eq!(raw(&store, CH), (snapshot, log, v));
}
