//! The outbox: everything a change must send is stored with it, survives a restart
//! until it is marked delivered, and a finished game left unarchived by a crash is
//! archived when the table opens.

mod common;
use common::*;
use storage::{Commit, Loaded, Status, Store};
use table::Delivery;

fn outgoing_ids(d: &[Delivery]) -> Vec<u64> {
    d.iter().filter_map(Delivery::outbox).collect()
}

#[test]
fn every_channel_and_private_message_is_stored_with_its_change() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    let d = started(&table, CH, 3, 5);
    // The turn message and the three private views are all stored rows.
    let outgoing: Vec<&Delivery> = d.iter().filter(|d| d.is_outgoing()).collect();
    assert_eq!(outgoing.len(), 4, "{d:?}");
    assert!(outgoing.iter().all(|d| d.outbox().is_some()), "{d:?}");
    // Refusals and on-demand views are never stored.
    let refusal = run(&table, CH, 2, "add 1");
    assert_eq!(outgoing_ids(&refusal), Vec::<u64>::new());
    // Nothing was sent yet: the lobby lines and the start are pending, oldest first.
    let pending = table.pending(u64::MAX, 100);
    let ids: Vec<u64> = pending.iter().filter_map(|p| p.delivery.outbox()).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    assert_eq!(ids, sorted);
    assert_eq!(
        pending.len(),
        1 + 2 + 4,
        "new, two joins, start: {pending:?}"
    );
    assert_eq!(table.pending_in(CH).len(), 7);
    assert!(table.pending_in(CH + 1).is_empty());
}

#[test]
fn unsent_messages_survive_a_restart_and_are_sent_once() {
    let dir = tempfile::tempdir().unwrap();
    let move_ids = {
        let (_store, table) = open(dir.path());
        started(&table, CH, 2, 5);
        for p in table.pending(u64::MAX, 100) {
            table.delivered(p.delivery.outbox().unwrap());
        }
        let (u, a) = next_move(&table, CH, 2).unwrap();
        let d = run(&table, CH, u, &a);
        // The process "dies" here: committed, nothing sent.
        outgoing_ids(&d)
    };
    assert!(!move_ids.is_empty());
    let (_store, table) = open(dir.path());
    let pending = table.pending(u64::MAX, 100);
    let ids: Vec<u64> = pending.iter().filter_map(|p| p.delivery.outbox()).collect();
    assert_eq!(ids, move_ids);
    match &pending[0].delivery {
        Delivery::Channel { prompts, text, .. } => {
            assert_eq!(
                prompts.len(),
                1,
                "the turn message pings the awaited player"
            );
            assert!(text.contains("Waiting for"), "{text}");
        }
        other => panic!("the turn message comes first: {other:?}"),
    }
    for id in &ids {
        table.delivered(*id);
    }
    assert!(table.pending(u64::MAX, 100).is_empty());
    // A retried row waits for its new due time.
    let d = run(&table, CH, 1, "status");
    assert!(outgoing_ids(&d).is_empty());
}

#[test]
fn a_retried_row_waits_for_its_due_time() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    let d = run(&table, CH, 1, "new countdown seed=1");
    let id = outgoing_ids(&d)[0];
    table.retry_later(id, 10_000, 1);
    assert!(table.pending(9_999, 10).is_empty());
    let p = table.pending(10_000, 10);
    assert_eq!((p.len(), p[0].attempts), (1, 1));
    assert_eq!(table.next_due(), Some(10_000));
}

#[test]
fn a_finished_game_left_unarchived_is_archived_at_open() {
    // The same game played to its end in a scratch store gives the finished state (an
    // archived game is never committed again, so it cannot be put back in the store).
    let scratch = tempfile::tempdir().unwrap();
    let finished = {
        let (store, table) = open(scratch.path());
        started(&table, CH, 2, 5);
        let mut last = Vec::new();
        while let Some((u, a)) = next_move(&table, CH, 2) {
            last = run(&table, CH, u, &a);
        }
        assert!(channel_texts(&last)[0].contains("Final scores"), "{last:?}");
        let archived = store.archived(CH).unwrap();
        assert_eq!(archived.len(), 1);
        archived[0].clone()
    };
    let dir = tempfile::tempdir().unwrap();
    {
        let (store, table) = open(dir.path());
        started(&table, CH, 2, 5);
        // Every move but the last, then the finishing state stored without its archive,
        // as if the process died between the last move and the archive.
        let mut before = None;
        while let Some((u, a)) = next_move(&table, CH, 2) {
            let Loaded::Found(record) = store.load(CH).unwrap() else {
                panic!()
            };
            if record.meta.version + 1 == finished.meta.version {
                before = Some(record);
                break;
            }
            run(&table, CH, u, &a);
        }
        let mut meta = before.expect("the last move's state").meta;
        assert_eq!(meta.game_id, finished.meta.game_id);
        meta.status = Status::Finished;
        meta.version += 1;
        store
            .commit(Commit {
                meta: &meta,
                snapshot: Some(&finished.snapshot),
                entry: None,
                outbox: &[],
                timers: &[],
                seats: None,
            })
            .unwrap();
        assert_eq!(store.finished_unarchived().unwrap(), vec![CH]);
    }
    let (store, table) = open(dir.path());
    assert_eq!(store.finished_unarchived().unwrap(), Vec::<u64>::new());
    assert_eq!(store.load(CH).unwrap(), Loaded::Empty);
    assert_eq!(store.archived(CH).unwrap().len(), 1, "archived once");
    assert!(store.archived(CH).unwrap()[0].outcome.is_some());
    // The channel is free for a new game, and the scores are kept.
    let d = run(&table, CH, 1, "new countdown");
    assert!(channel_texts(&d)[0].contains("opened a table"), "{d:?}");
    assert!(ephemeral(&run(&table, CH, 1, "scores")).contains("Last"));
}

#[test]
fn loaded_games_are_bounded_and_empty_channels_hold_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = std::sync::Arc::new(storage::SledStore::open(dir.path()).unwrap());
    let table = table::Table::with_cache(store, 10);
    for ch in 1..=50 {
        started(&table, ch, 2, ch);
        assert!(table.loaded_channels() <= 10, "{}", table.loaded_channels());
    }
    for ch in 1000..1100 {
        run(&table, ch, 1, "status");
    }
    assert!(table.loaded_channels() <= 10);
    // Evicted games load again on demand, intact.
    for ch in 1..=50 {
        assert_eq!(table.state_version(ch).unwrap().version, 0);
    }
}
