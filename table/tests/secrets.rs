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

/// New DMs per player over whole random 3-player games: with live hands (the seating DM,
/// the live hand, the end) against what one DM per changed private view sent before
/// (the seating DM, every change of the hand text — the auction's reach included — and
/// every piece of private news). Prints both; asserts the new figure.
#[test]
fn live_hands_keep_new_dms_to_three_per_player() {
    for game in ["palazzo", "estates", "villa", "princes"] {
        let (mut before, mut after) = (Vec::new(), Vec::new());
        for seed in 0..3 {
            let dir = tempfile::tempdir().unwrap();
            let (_store, table) = open(dir.path());
            run(&table, CH, 1, &format!("new {game} seed={seed}"));
            for u in 2..=3 {
                run(&table, CH, u, "join");
            }
            let mut d = run(&table, CH, 1, "start");
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            // Per user: the old DM text last sent, old DMs, news seen, new DMs, a hand.
            let mut old_text = [String::new(), String::new(), String::new(), String::new()];
            let mut old = [1usize; 4];
            let mut news_seen: Vec<(u64, String)> = Vec::new();
            let mut new = [1usize; 4];
            let mut hand = [false; 4];
            loop {
                for x in &d {
                    match x {
                        Delivery::Hand { user, news, .. } => {
                            hand[*user as usize] = true;
                            for n in news {
                                if !news_seen.contains(&(*user, n.clone())) {
                                    news_seen.push((*user, n.clone()));
                                    old[*user as usize] += 1;
                                }
                            }
                        }
                        Delivery::Private { user, .. } => new[*user as usize] += 1,
                        _ => {}
                    }
                }
                if table.state_version(CH).is_none() {
                    break;
                }
                for user in 1..=3u64 {
                    let view = ephemeral(&run(&table, CH, user, "hand"));
                    let mut text = if view.contains("no hidden information") {
                        String::new()
                    } else {
                        view
                    };
                    if let Some(note) = table.decision_note(CH, user, words::Lang::En) {
                        text.push('\n');
                        text.push_str(&note);
                    }
                    if !text.is_empty() && text != old_text[user as usize] {
                        old[user as usize] += 1;
                    }
                    old_text[user as usize] = text;
                }
                let Some(p) = table.prompts(CH).choose(&mut rng).cloned() else {
                    break;
                };
                let actions = table.legal_actions(CH, p.user);
                let action = actions.choose(&mut rng).unwrap().clone();
                d = table.handle(CH, &caller(p.user), Command::Play(action));
            }
            for user in 1..=3 {
                let now = new[user] + usize::from(hand[user]);
                assert!(now <= 3, "{game} seed {seed}: {now} new DMs for {user}");
                before.push(old[user]);
                after.push(now);
            }
        }
        let range = |v: &[usize]| (*v.iter().min().unwrap(), *v.iter().max().unwrap());
        println!(
            "new_dms_per_player {game}: one DM per change {:?} → live hands {:?}",
            range(&before),
            range(&after)
        );
    }
}
