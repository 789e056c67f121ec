//! Secrets stay secret, through the whole stack: random games of every real game are
//! played through the table, and no channel message may carry any line of what was sent
//! privately (hands, money, cash boxes, cards seen). A move only its player may know of
//! (an Estates stash) produces no channel message at all.

mod common;
use common::*;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use table::{Command, Delivery};

fn play_random(game: &str, players: u64, seed: u64) -> Vec<Delivery> {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    let mut all = run(&table, CH, 1, &format!("new {game} seed={seed}"));
    for u in 2..=players {
        all.extend(run(&table, CH, u, "join"));
    }
    all.extend(run(&table, CH, 1, "start"));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..5000 {
        let prompts = table.prompts(CH);
        let Some(p) = prompts.choose(&mut rng) else {
            break;
        };
        let actions = table.legal_actions(CH, p.user);
        let action = actions
            .choose(&mut rng)
            .expect("an awaited player has a move")
            .clone();
        let d = table.handle(CH, &caller(p.user), Command::Play(action.clone()));
        assert!(
            !d.iter().any(|d| matches!(d, Delivery::Ephemeral { .. })),
            "{game} seed {seed}: `{action}` refused: {d:?}"
        );
        // What the channel shows of the board (the picture's text) is checked too.
        let boards: Vec<Delivery> = d
            .iter()
            .filter_map(|d| match d {
                Delivery::Channel {
                    picture: Some(of), ..
                } => table.board_text(CH, *of).map(Delivery::channel),
                _ => None,
            })
            .collect();
        assert!(
            boards.len()
                == d.iter()
                    .filter(|d| matches!(
                        d,
                        Delivery::Channel {
                            picture: Some(_),
                            ..
                        }
                    ))
                    .count(),
            "{game} seed {seed}: every channel picture has its board text"
        );
        all.extend(d);
        all.extend(boards);
    }
    assert!(
        table.state_version(CH).is_none(),
        "{game} seed {seed} did not finish"
    );
    all
}

#[test]
fn no_private_line_reaches_a_channel_message() {
    for (game, players) in [("palazzo", 4), ("estates", 4), ("princes", 3), ("villa", 3)] {
        for seed in 0..6 {
            let all = play_random(game, players, seed);
            assert!(all.iter().any(|d| matches!(d, Delivery::Channel { .. })));
            assert_no_leak(game, seed, &all);
        }
    }
}

#[test]
fn an_estates_stash_is_told_to_nobody_else() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    run(&table, CH, 1, "new estates seed=3");
    run(&table, CH, 2, "join");
    run(&table, CH, 1, "start");
    let p = table.prompts(CH).remove(0);
    let d = table.handle(CH, &caller(p.user), Command::parse("stash"));
    assert!(!d.is_empty());
    for d in &d {
        match d {
            Delivery::Private { user, .. } | Delivery::Hand { user, .. } => {
                assert_eq!(*user, p.user, "{d:?}")
            }
            other => panic!("a stash must produce only private messages, got {other:?}"),
        }
    }
    // Nor does the log show it to anyone.
    let other = if p.user == 1 { 2 } else { 1 };
    let log = ephemeral(&run(&table, CH, other, "log"));
    assert!(!log.to_lowercase().contains("stash"), "{log}");
    assert_eq!(log, "No moves yet.");
    // After a public move the log counts public moves only: no gap betrays the stash.
    let actions = table.legal_actions(CH, p.user);
    let piece = actions
        .iter()
        .find(|a| a.starts_with("cube"))
        .unwrap()
        .clone();
    run(&table, CH, p.user, &piece);
    let log = ephemeral(&run(&table, CH, other, "log"));
    assert!(log.starts_with("Moves 1–1 of 1:\n1. "), "{log}");
}
