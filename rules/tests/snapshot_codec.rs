//! Stored snapshots restore bit-exactly, for every engine and many states of each.
//!
//! Snapshots are postcard (not self-describing): an engine state type using serde
//! features postcard cannot read back (untagged enums, flatten, skipped fields, JSON
//! values) would fail here. Every state of random games is encoded, restored and
//! re-encoded; the bytes, the views and the legal moves must match. Floats (Villa's
//! geometry) must survive bit for bit, through the binary snapshot and through the
//! JSON export/import path.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rules::dynamic::{BoxedGame, GameKind, SNAPSHOT_TAG, SNAPSHOT_VERSION};
use serde_json::json;

/// Random games per engine, and the cap on actions per game.
const GAMES: u64 = 12;
const MAX_ACTIONS: usize = 3_000;

fn names(players: usize) -> Vec<String> {
    (0..players).map(|i| format!("player{i}")).collect()
}

/// Restores `game`'s snapshot and checks that the copy is the same game.
fn check_state(kind: &GameKind, game: &BoxedGame, names: &[String], at: &str) {
    let bytes = game.snapshot();
    assert_eq!(
        &bytes[..2],
        &[SNAPSHOT_TAG, SNAPSHOT_VERSION],
        "{at}: binary snapshot"
    );
    let restored = (kind.restore)(&bytes).unwrap_or_else(|e| panic!("{at}: restore: {e}"));
    assert_eq!(restored.snapshot(), bytes, "{at}: re-encoded bytes differ");
    assert_eq!(
        restored.public_text(names, &rules::Keys),
        game.public_text(names, &rules::Keys),
        "{at}"
    );
    assert_eq!(restored.awaiting(), game.awaiting(), "{at}");
    assert_eq!(restored.is_over(), game.is_over(), "{at}");
    for seat in 0..names.len() {
        assert_eq!(
            restored.private_text(seat, names, &rules::Keys),
            game.private_text(seat, names, &rules::Keys),
            "{at}: seat {seat}"
        );
        assert_eq!(
            restored.legal_texts(seat),
            game.legal_texts(seat),
            "{at}: seat {seat}"
        );
    }
    // The operator's JSON export (as text) imports back to the same bytes.
    let json = (kind.snapshot_to_json)(&bytes).unwrap_or_else(|e| panic!("{at}: json: {e}"));
    let text = serde_json::to_string(&json).expect("json text");
    let reread: serde_json::Value = serde_json::from_str(&text).expect("json parses");
    let imported =
        (kind.snapshot_from_json)(&reread).unwrap_or_else(|e| panic!("{at}: import: {e}"));
    assert_eq!(
        imported, bytes,
        "{at}: JSON export/import changed the state"
    );
    // Older builds stored the state as JSON text: that still restores, to the same state.
    let legacy = (kind.restore)(text.as_bytes()).unwrap_or_else(|e| panic!("{at}: {e}"));
    assert_eq!(legacy.snapshot(), bytes, "{at}: legacy JSON snapshot");
}

/// Plays `GAMES` random games of `kind`, checking the snapshot of every state.
fn check_engine(kind: &GameKind) {
    let mut states = 0;
    for seed in 0..GAMES {
        let (min, max) = kind.players;
        let players = min + seed as usize % (max - min + 1);
        let names = names(players);
        let mut game = (kind.new)(players, &json!({}), seed).expect("setup");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for step in 0..MAX_ACTIONS {
            let at = format!("{} seed {seed} step {step}", kind.id);
            check_state(kind, &game, &names, &at);
            states += 1;
            if game.is_over() {
                assert!(game.outcome().is_some(), "{at}: over without an outcome");
                break;
            }
            let mut seats = game.awaiting();
            seats.shuffle(&mut rng);
            let seat = seats[0];
            let legal = game.legal_texts(seat);
            let text = legal.choose(&mut rng).expect("a legal action");
            game.apply_text(seat, text, &names)
                .unwrap_or_else(|e| panic!("{at}: legal `{text}` refused: {e}"));
        }
    }
    assert!(
        states > GAMES as usize * 10,
        "{}: only {states} states",
        kind.id
    );
}

#[test]
fn palazzo_snapshots_round_trip() {
    check_engine(rules::catalog::find("palazzo").unwrap());
}

#[test]
fn villa_snapshots_round_trip_float_exact() {
    check_engine(rules::catalog::find("villa").unwrap());
}

#[test]
fn estates_snapshots_round_trip() {
    check_engine(rules::catalog::find("estates").unwrap());
}

#[test]
fn princes_snapshots_round_trip() {
    check_engine(rules::catalog::find("princes").unwrap());
}

#[test]
fn every_catalog_game_is_covered() {
    let ids: Vec<&str> = rules::catalog::games().iter().map(|k| k.id).collect();
    assert_eq!(ids, ["palazzo", "villa", "estates", "princes"]);
}

#[cfg(feature = "testgame")]
#[test]
fn testgame_snapshots_round_trip() {
    check_engine(rules::catalog::find("countdown").unwrap());
}

#[test]
fn damaged_and_newer_snapshots_are_refused_with_a_reason() {
    let kind = rules::catalog::find("villa").unwrap();
    let game = (kind.new)(2, &json!({}), 1).unwrap();
    let bytes = game.snapshot();
    let cut = (kind.restore)(&bytes[..bytes.len() / 2])
        .err()
        .expect("cut refused");
    assert!(!cut.is_empty());
    let mut longer = bytes.clone();
    longer.push(7);
    let stray = (kind.restore)(&longer).err().expect("stray bytes refused");
    assert!(stray.contains("stray bytes"), "{stray}");
    let mut newer = bytes;
    newer[1] = SNAPSHOT_VERSION + 1;
    let err = (kind.restore)(&newer).err().expect("newer refused");
    assert!(err.contains("newer version"), "{err}");
}
