//! Pictures through the table: a message names the board of its own move; the table
//! draws it while the game is at that move (cached), refuses once the game moved on,
//! draws the final board from the archive, and a hand picture is that seat's own.

mod common;
use common::*;
use storage::Store;
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
    assert!(png.png.starts_with(b"\x89PNG"));
    // Its alt text says whose turn it is, within Discord's 1,024 characters.
    assert!(png.alt.contains("ana"), "{}", png.alt);
    assert!(png.alt.chars().count() <= 1024);
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

/// The board is drawn in the channel's language, a hand in its owner's; the
/// cache keeps one language's board from being shown in another.
#[test]
fn the_board_speaks_the_channel_language_and_a_hand_its_owner_language() {
    use words::Lang;
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    run(&table, CH, 1, "new palazzo seed=5");
    run(&table, CH, 2, "join");
    let board = picture_of(&run(&table, CH, 1, "start"));
    let english = table.picture(CH, board).unwrap();
    let hand = reply_picture(&run(&table, CH, 1, "hand"));
    let hand_english = table.picture(CH, hand).unwrap();

    table.set_channel_lang(CH, &caller(1), Lang::En, Some(Lang::Es));
    let spanish = table.picture(CH, board).unwrap();
    assert_ne!(english, spanish, "the cached English board is not reused");
    assert!(std::sync::Arc::ptr_eq(
        &spanish,
        &table.picture(CH, board).unwrap()
    ));
    // The hand follows its owner, not the channel.
    assert_eq!(table.picture(CH, hand).unwrap(), hand_english);
    table.set_person_lang(&caller(1), None, Some(Some(Lang::Es)));
    assert_ne!(table.picture(CH, hand).unwrap(), hand_english);
    // Back to English: the first bytes again.
    table.set_channel_lang(CH, &caller(1), Lang::En, Some(Lang::En));
    assert_eq!(table.picture(CH, board).unwrap(), english);
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
    assert!(png.png.starts_with(b"\x89PNG"));
}

/// Plays `game` to its end in `channel` with `players` seats (users 1..=players), each
/// move picked at random among the awaited player's legal ones; returns the moves made.
fn play_to_the_end(
    table: &table::Table,
    channel: u64,
    game: &str,
    players: u64,
    seed: u64,
) -> usize {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    run(table, channel, 1, &format!("new {game} seed={seed}"));
    for u in 2..=players {
        run(table, channel, u, "join");
    }
    run(table, channel, 1, "start");
    for moves in 0..5_000 {
        let awaited: Vec<(u64, Vec<String>)> = (1..=players)
            .map(|u| (u, table.legal_actions(channel, u)))
            .filter(|(_, a)| !a.is_empty())
            .collect();
        let Some((u, actions)) = awaited.first() else {
            return moves;
        };
        let action = actions[rng.gen_range(0..actions.len())].clone();
        run(table, channel, *u, &action);
    }
    panic!("{game} did not end in 5,000 moves");
}

/// The names a picture is drawn with, and the escaped ones texts use, by seat.
fn names(players: u64) -> (Vec<String>, Vec<String>) {
    let plain: Vec<String> = (1..=players).map(|u| caller(u).name).collect();
    let shown = plain.iter().map(|n| table::escape_name(n)).collect();
    (plain, shown)
}

/// Replays: every step of a finished game of each title shows exactly the public view
/// of the game replayed to that step (the same picture bytes and the same board line),
/// and no line of any seat's private view; the steps are the setup and the moves with
/// a public narration, and moving through them stops at both ends.
#[test]
fn every_replay_step_is_the_public_view_of_the_replayed_game() {
    use table::HistoryMove::*;
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    for (i, (game, players)) in [("palazzo", 2), ("villa", 2), ("estates", 3), ("princes", 3)]
        .into_iter()
        .enumerate()
    {
        let channel = CH + i as u64;
        let moves = play_to_the_end(&table, channel, game, players, 11 + i as u64);
        // The game is archived, and the replay's default is the last game here.
        assert!(table.game_in(channel).is_none());
        let first = table.history(channel, None, None, Stay).unwrap();
        assert_eq!((first.step, first.at, first.round), (0, 0, 1), "{game}");
        let entry = store
            .archived_game(channel, first.game_id)
            .unwrap()
            .unwrap();
        let log = store.log(first.game_id).unwrap();
        assert_eq!(log.len(), moves, "{game}: the archive keeps the whole log");
        let public_moves = log.iter().filter(|e| !e.public.is_empty()).count();
        assert_eq!(
            first.steps,
            1 + public_moves,
            "{game}: one step per public move"
        );
        // Only a step has a picture.
        let silent = log.iter().position(|e| e.public.is_empty());
        if let Some(silent) = silent.filter(|s| s + 1 < moves) {
            let at = silent as u64 + 1;
            assert!(table.history_picture(channel, first.game_id, at).is_none());
        }
        let kind = rules::catalog::find(game).unwrap();
        let (plain, shown) = names(players);
        let mut page = first.clone();
        let mut seen = 0;
        loop {
            assert_eq!(page.step, seen, "{game}");
            let prefix: Vec<(usize, serde_json::Value)> = log[..page.at as usize]
                .iter()
                .map(|e| (e.seat, e.action.clone()))
                .collect();
            let state = (kind.replay)(
                players as usize,
                &entry.meta.options,
                entry.meta.seed,
                &prefix,
            )
            .unwrap();
            // Pictures are compared at every 8th step and at the last (drawing takes
            // most of the time); the board's line at every step.
            if page.step % 8 == 0 || !page.has_next() {
                let view = state.public_picture_view();
                let expected = render::public_png(&view, &plain, words::Lang::En);
                let picture = table.history_picture(channel, page.game_id, page.at);
                assert_eq!(
                    picture.as_deref().map(|p| p.png.as_slice()),
                    expected.as_deref(),
                    "{game} step {}: the picture is the public view's",
                    page.step
                );
                assert_eq!(
                    picture.map(|p| p.alt.clone()),
                    expected.map(|_| render::public_alt(&view, &plain, words::Lang::En)),
                    "{game} step {}: the alt text is the public view's",
                    page.step
                );
            }
            assert!(
                page.text.contains(
                    &state.public_headline(&shown, &words::Speaker::new(words::Lang::En, &shown))
                ),
                "{}",
                page.text
            );
            if page.at > 0 {
                let said = &log[page.at as usize - 1].public;
                assert!(!said.is_empty(), "{game}: a step is a public move");
                assert!(page.text.contains(&said[0]), "{}", page.text);
            }
            for seat in 0..players as usize {
                for line in state
                    .private_text(seat, &shown, &words::Speaker::new(words::Lang::En, &shown))
                    .lines()
                    .map(str::trim)
                {
                    if line.chars().count() >= 12
                        && !state
                            .public_text(&shown, &words::Speaker::new(words::Lang::En, &shown))
                            .contains(line)
                    {
                        assert!(
                            !page.text.contains(line),
                            "{game}: private `{line}` in {}",
                            page.text
                        );
                    }
                }
            }
            assert_no_markup(&page.text, &[]);
            if !page.has_next() {
                break;
            }
            let next = table
                .history(channel, Some(page.game_id), Some(page.at), Next)
                .unwrap();
            assert!(next.at > page.at && next.round >= page.round, "{game}");
            page = next;
            seen += 1;
        }
        assert_eq!(seen + 1, first.steps, "{game}: every step visited");
        assert_eq!(page.at, moves as u64, "{game}: the last step is the end");
        assert!(first.rounds > 1, "{game}: more than one round");

        // Bounds: nothing before the first step or after the last.
        let id = Some(first.game_id);
        let at_first = table.history(channel, id, Some(0), Previous).unwrap();
        assert_eq!(at_first.step, 0);
        let at_last = table.history(channel, id, Some(0), Last).unwrap();
        assert_eq!(at_last, page);
        assert_eq!(
            table.history(channel, id, Some(page.at), Next).unwrap(),
            page
        );
        assert_eq!(
            table
                .history(channel, id, Some(page.at), NextRound)
                .unwrap(),
            page
        );
        assert_eq!(
            table.history(channel, id, Some(page.at), First).unwrap(),
            first
        );
        let back = table.history(channel, id, Some(page.at), Previous).unwrap();
        assert_eq!(back.step, page.step - 1);
        // An action count between two steps (an id from before the log grew, or a
        // forged one) shows the step before it.
        if back.at + 1 < page.at {
            let mid = table.history(channel, id, Some(back.at + 1), Stay).unwrap();
            assert_eq!(mid, back);
        }

        // Next round: each round's first step, in order, to the last round.
        let mut here = first.clone();
        let mut rounds = vec![1];
        while here.has_next_round() {
            let next = table
                .history(channel, id, Some(here.at), NextRound)
                .unwrap();
            assert_eq!(next.round, here.round + 1, "{game}");
            let before = table.history(channel, id, Some(next.at), Previous).unwrap();
            assert_eq!(before.round, here.round, "{game}: the round's first step");
            rounds.push(next.round);
            here = next;
        }
        assert_eq!(rounds.len(), first.rounds, "{game}");
        println!(
            "replay_{game}: moves={moves} steps={} rounds={}",
            first.steps, first.rounds
        );
    }
}

/// A running game's replay: the current step by default, "so far", growing with each
/// move; the picker lists the running game and the caller's archived games only; a game
/// number from elsewhere, or a channel without games, gets a sentence.
#[test]
fn a_running_game_replays_so_far_and_the_picker_lists_the_callers_games() {
    use table::HistoryMove::*;
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    assert_eq!(
        table.history(CH, None, None, Stay).unwrap_err(),
        "No game has been played in this channel yet."
    );
    play_to_the_end(&table, CH, "palazzo", 2, 3);
    let finished = table.history(CH, None, None, Last).unwrap();
    run(&table, CH, 1, "new palazzo seed=4");
    run(&table, CH, 2, "join");
    run(&table, CH, 1, "start");
    let now = table.history(CH, None, None, Stay).unwrap();
    assert_eq!((now.at, now.steps), (0, 1));
    assert!(now.text.contains("so far"), "{}", now.text);
    assert_ne!(now.game_id, finished.game_id);
    let (u, action) = next_move(&table, CH, 2).unwrap();
    run(&table, CH, u, &action);
    let after = table.history(CH, None, None, Stay).unwrap();
    assert_eq!((after.at, after.steps, after.step), (1, 2, 1));
    assert_eq!(table.history(CH, None, Some(1), First).unwrap().at, 0);
    // The finished game is still there by its number, as it ended.
    let old = table
        .history(CH, Some(finished.game_id), Some(u64::MAX), Stay)
        .unwrap();
    assert_eq!(old, finished);
    // Not a game of this channel.
    assert_eq!(
        table
            .history(CH + 1, Some(finished.game_id), None, Stay)
            .unwrap_err(),
        "No such game was played in this channel."
    );
    // The picker: the running game first, then the caller's finished one.
    let games = table.history_games(CH, 1);
    let ids: Vec<u64> = games.iter().map(|g| g.game_id).collect();
    assert_eq!(ids, vec![now.game_id, finished.game_id]);
    assert!(games[0].label.contains("running now"), "{:?}", games[0]);
    assert!(games[1].label.contains("ended today"), "{:?}", games[1]);
    assert!(games.iter().all(|g| g.label.chars().count() <= 100));
    // Someone who did not play it sees only the running game.
    let ids: Vec<u64> = table
        .history_games(CH, 9)
        .iter()
        .map(|g| g.game_id)
        .collect();
    assert_eq!(ids, vec![now.game_id]);
}

/// Retention: a finished game's record, log and replay are kept `keep_days` after its
/// last move, then forgotten; its results stay in the stats.
#[test]
fn finished_games_are_forgotten_after_their_retention_but_their_stats_stay() {
    use std::sync::Arc;
    use table::{HistoryMove::Stay, ManualClock, Table, TableOptions};
    const DAY_MS: u64 = 86_400_000;
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(storage::SledStore::open(dir.path()).unwrap());
    let clock = Arc::new(ManualClock::new(1_800_000_000_000));
    let table = Table::with_options(
        store.clone(),
        TableOptions {
            clock: clock.clone(),
            ..TableOptions::default()
        },
    );
    play_to_the_end(&table, CH, "villa", 2, 3);
    let page = table.history(CH, None, None, Stay).unwrap();
    assert!(!store.log(page.game_id).unwrap().is_empty());
    assert_eq!(table.forget_old_games(30), 0, "it just ended");
    clock.advance(29 * DAY_MS);
    assert_eq!(table.forget_old_games(30), 0, "29 days on");
    assert_eq!(table.forget_old_games(0), 0, "0 keeps every game");
    clock.advance(2 * DAY_MS);
    assert_eq!(table.forget_old_games(30), 1, "31 days on");
    assert!(store.archived_ids(CH).unwrap().is_empty());
    assert!(store.log(page.game_id).unwrap().is_empty());
    assert!(
        table.history(CH, None, None, Stay).is_err(),
        "no replay left"
    );
    assert_eq!(
        store.player_stats(0, None, 1).unwrap().map(|s| s.played),
        Some(1),
        "the stats keep the result"
    );
}

/// `/game history`'s picker is served from an index: a keystroke decodes no archived
/// game, a game archived here is listed at once, one archived elsewhere (another process
/// on the store) once the background fill read it, each game read once.
#[test]
fn the_history_picker_decodes_no_archived_game_per_keystroke() {
    use std::sync::Arc;
    use table::Lang::En;
    let dir = tempfile::tempdir().unwrap();
    let store =
        common::hooked::Hooked::new(Arc::new(storage::SledStore::open(dir.path()).unwrap()));
    let here = table::Table::new(store.clone());
    for seed in 1..=3 {
        play_to_the_end(&here, CH, "countdown", 2, seed);
    }
    let ids = |games: &[table::HistoryGame]| games.iter().map(|g| g.game_id).collect::<Vec<_>>();
    let archived = store.archived_ids(CH).unwrap();
    assert_eq!(archived.len(), 3);
    // Archived by this table: listed at once, nothing read back.
    for _ in 0..200 {
        let (games, missing) = here.history_picker(En, CH, 1);
        assert_eq!(ids(&games), archived);
        assert!(!missing);
    }
    assert_eq!(store.decodes(), 0, "no archived game decoded");
    // Another table on the same store (a restart, another process): its keystrokes
    // decode nothing; the fill reads each game once; then they are listed.
    let other = table::Table::new(store.clone());
    let (games, missing) = other.history_picker(En, CH, 1);
    assert!(games.is_empty() && missing);
    assert_eq!(store.decodes(), 0);
    other.fill_history_picker(CH);
    assert_eq!(store.decodes(), 3);
    for _ in 0..200 {
        let (games, missing) = other.history_picker(En, CH, 2);
        assert_eq!(ids(&games), archived);
        assert!(!missing);
        assert!(games[0].label.contains("ended today"), "{:?}", games[0]);
    }
    assert!(other.history_picker(En, CH, 9).0.is_empty(), "not a player");
    assert_eq!(store.decodes(), 3, "each read once");
    // A game archived by the first table: listed there at once; the other lists it
    // after one more read.
    play_to_the_end(&here, CH, "countdown", 2, 4);
    let archived = store.archived_ids(CH).unwrap();
    assert_eq!(ids(&here.history_picker(En, CH, 1).0), archived);
    let (games, missing) = other.history_picker(En, CH, 1);
    assert!(missing && games.len() == 3);
    other.fill_history_picker(CH);
    assert_eq!(ids(&other.history_picker(En, CH, 1).0), archived);
    assert_eq!(store.decodes(), 4);
}

/// The board and a hand as text for screen readers (`/game status text:true`, the Text
/// board button, `/game hand text:true`), for every title in both languages at several
/// points of a game: short lines as Discord shows them, no emoji or box drawing, no
/// markup even from players' names, and who is awaited.
#[test]
fn the_text_board_reads_well_in_every_title_and_language() {
    use table::{Caller, Command, Lang};
    let names = ["*Ana*", "# Bruno", "[Carla](https://x.example)", "- Dario"];
    for (game, players) in [("palazzo", 3), ("villa", 2), ("estates", 4), ("princes", 3)] {
        let dir = tempfile::tempdir().unwrap();
        let (_store, table) = open(dir.path());
        let seat = |i: usize, lang: Lang| Caller::new(i as u64 + 1, names[i]).with_lang(lang);
        table.handle(
            CH,
            &seat(0, Lang::En),
            Command::parse(&format!("new {game} seed=11")),
        );
        for i in 1..players {
            table.handle(CH, &seat(i, Lang::En), Command::Join);
        }
        table.handle(CH, &seat(0, Lang::En), Command::Start);
        let mut played = 0;
        for until in [0, 15, 60] {
            while played < until {
                let Some((user, action)) = next_move(&table, CH, players as u64) else {
                    break;
                };
                table.handle(
                    CH,
                    &seat(user as usize - 1, Lang::En),
                    Command::parse(&action),
                );
                played += 1;
            }
            for lang in Lang::ALL {
                let watcher = Caller::new(99, "watcher").with_lang(lang);
                let board =
                    ephemeral(&table.handle(CH, &watcher, Command::TextBoard { hand: false }));
                let hand =
                    ephemeral(&table.handle(CH, &seat(0, lang), Command::TextBoard { hand: true }));
                for (what, text) in [("board", &board), ("hand", &hand)] {
                    let context = format!("{game} {lang:?} {what} after {played} moves");
                    assert!(!text.trim().is_empty(), "{context}");
                    assert_no_markup(text, &[]);
                    for line in table::unescape_user_text(text).lines() {
                        assert!(line.chars().count() <= 80, "{context}: `{line}`");
                        assert!(
                            !line.chars().any(|c| matches!(u32::from(c),
                                0x2500..=0x259F | 0x2600..=0x27BF | 0x2B00..=0x2BFF | 0xFE0F | 0x1F000..=0x1FAFF)),
                            "{context}: a symbol in `{line}`"
                        );
                        assert!(
                            !line.contains("**") && !line.contains('`'),
                            "{context}: `{line}`"
                        );
                    }
                }
                let waiting = match lang {
                    Lang::En => "Waiting for",
                    Lang::Es => "Esperando a",
                };
                assert!(board.contains(waiting), "{game} {lang:?}: {board}");
            }
        }
    }
}
