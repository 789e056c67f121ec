//! Pictures through the table: a message names the board of its own move; the table
//! draws it while the game is at that move (cached), refuses once the game moved on,
//! draws the final board from the archive, and a hand picture is that seat's own.

mod common;
use common::*;
use table::{Delivery, PictureOf};

fn picture_of(d: &[Delivery]) -> PictureOf {
    d.iter()
        .find_map(|d| match d {
            Delivery::Channel {
                picture: Some(p), ..
            } => Some(*p),
            _ => None,
        })
        .expect("a channel message with a picture")
}

fn reply_picture(d: &[Delivery]) -> PictureOf {
    d.iter()
        .find_map(|d| match d {
            Delivery::Ephemeral {
                picture: Some(p), ..
            } => Some(*p),
            _ => None,
        })
        .expect("a reply with a picture")
}

#[test]
fn a_message_shows_the_board_of_its_own_move_only() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    run(&table, CH, 1, "new palazzo seed=5");
    run(&table, CH, 2, "join");
    let start = run(&table, CH, 1, "start");
    let first = picture_of(&start);
    assert_eq!(first.seat, None);
    let png = table.picture(CH, first).expect("the board now");
    assert!(png.starts_with(b"\x89PNG"));
    // Same move: the same picture, from the cache (the same allocation).
    let again = table.picture(CH, first).unwrap();
    assert!(std::sync::Arc::ptr_eq(&png, &again));
    // /game status names the same board.
    assert_eq!(reply_picture(&run(&table, CH, 2, "status")), first);

    // Hands: each seat's own picture, never the board.
    let hand1 = reply_picture(&run(&table, CH, 1, "hand"));
    let hand2 = reply_picture(&run(&table, CH, 2, "hand"));
    assert_eq!((hand1.seat, hand2.seat), (Some(0), Some(1)));
    let (h1, h2) = (
        table.picture(CH, hand1).unwrap(),
        table.picture(CH, hand2).unwrap(),
    );
    assert!(h1 != h2 && h1 != png);

    // A move later, the old message's board is gone (a late send goes without it).
    let mover = (1..=2)
        .find(|&u| !table.legal_actions(CH, u).is_empty())
        .unwrap();
    let action = table.legal_actions(CH, mover)[0].clone();
    let after = run(&table, CH, mover, &action);
    let next = picture_of(&after);
    assert_eq!(next.version, first.version + 1);
    assert!(table.picture(CH, first).is_none());
    assert!(table.picture(CH, next).is_some());
}

#[test]
fn the_end_message_shows_the_final_board_from_the_archive() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    run(&table, CH, 1, "new palazzo seed=9");
    run(&table, CH, 2, "join");
    let mut last = run(&table, CH, 1, "start");
    for _ in 0..3_000 {
        let Some((u, action)) =
            (1..=2).find_map(|u| table.legal_actions(CH, u).first().map(|a| (u, a.clone())))
        else {
            break;
        };
        last = run(&table, CH, u, &action);
    }
    assert!(
        table.game_in(CH).is_none(),
        "the game ended and was archived"
    );
    let end = picture_of(&last);
    let png = table.picture(CH, end).expect("the final board");
    assert!(png.starts_with(b"\x89PNG"));
}
