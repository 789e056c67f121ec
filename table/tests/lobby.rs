//! Lobby lifecycle, refusals, play, finishing, archive and who-sees-what.

mod common;
use common::*;

/// Ratings at a game's end.
#[path = "lobby/ratings.rs"]
mod ratings;
use std::sync::Arc;
use storage::{Loaded, Store};
use table::{Caller, Command, Delivery};

#[test]
fn lobby_lifecycle_and_refusals() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());

    assert!(ephemeral(&run(&table, CH, 1, "join")).contains("no game in this channel"));
    assert!(ephemeral(&run(&table, CH, 1, "new chess")).contains("no game called “chess”"));
    assert!(ephemeral(&run(&table, CH, 1, "new countdown colour=red"))
        .contains("unknown field `colour`"));

    let d = run(&table, CH, 1, "new countdown fast=true");
    assert!(channel_texts(&d)[0]
        .contains("ana opened a table for **Countdown (test game)** (2–4 players)"));
    assert!(ephemeral(&run(&table, CH, 2, "new countdown")).contains("already gathering players"));
    assert!(ephemeral(&run(&table, CH, 1, "join")).contains("already seated"));
    assert!(ephemeral(&run(&table, CH, 1, "start")).contains("needs 2–4 players; 1 is seated"));
    assert!(ephemeral(&run(&table, CH, 2, "add 1")).contains("not started yet"));

    let d = run(&table, CH, 2, "join");
    assert!(channel_texts(&d)[0].contains("bruno joined (2/4): ana, bruno."));
    assert!(ephemeral(&run(&table, CH, 2, "start")).contains("Only the host (ana) can start"));
    assert!(ephemeral(&run(&table, CH, 2, "abandon"))
        .contains("Only the host (ana) or a member with Manage Channel"));
    for u in 3..=4 {
        run(&table, CH, u, "join");
    }
    assert!(ephemeral(&run(&table, CH, 5, "join")).contains("The table is full"));

    // The host leaves: the next seat becomes host.
    let d = run(&table, CH, 1, "leave");
    assert!(
        channel_texts(&d)[0].contains("bruno is the host now"),
        "{d:?}"
    );
    assert!(ephemeral(&run(&table, CH, 1, "leave")).contains("not seated"));
    let d = run(&table, CH, 2, "start");
    assert!(
        channel_texts(&d)[0].contains("begins! Seats in order: bruno, carla, dino."),
        "{d:?}"
    );
    assert!(ephemeral(&run(&table, CH, 5, "join")).contains("already started"));
    assert!(ephemeral(&run(&table, CH, 3, "leave")).contains("under way"));
    assert!(ephemeral(&run(&table, CH, 5, "add 1")).contains("not seated"));
    assert!(ephemeral(&run(&table, CH, 3, "add 1"))
        .contains("not your turn: the game is waiting for bruno"));

    // A member with Manage Channel may abandon; the channel is then free.
    let mut moderator = Caller::new(9, "mod");
    moderator.can_manage_channel = true;
    let d = table.handle(CH, &moderator, Command::Abandon);
    assert!(channel_texts(&d)[0].contains("mod abandoned the Countdown (test game) game"));
    assert_eq!(store.load(CH).unwrap(), Loaded::Empty);
    let archived = store.archived(CH).unwrap();
    assert_eq!(archived.len(), 1);
    assert_eq!(archived[0].meta.status, storage::Status::Abandoned);
    assert!(channel_texts(&run(&table, CH, 1, "new countdown")).len() == 1);
}

#[test]
fn last_player_leaving_closes_the_lobby() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    run(&table, CH, 1, "new countdown");
    let d = run(&table, CH, 1, "leave");
    assert!(channel_texts(&d)[0].contains("the empty table is closed"));
    assert_eq!(store.load(CH).unwrap(), Loaded::Empty);
}

#[test]
fn start_deals_private_views_and_prompts_the_awaited_player() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    let d = started(&table, CH, 3, 5);
    let Delivery::Channel {
        mentions,
        prompts,
        text,
        ..
    } = &d[0]
    else {
        panic!("{d:?}")
    };
    assert_eq!(mentions, &vec![1]);
    assert_eq!(prompts.len(), 1);
    assert_eq!(table.legal_actions(CH, 1), vec!["add 1", "add 2", "add 3"]);
    // The prompt names the public position (a digest of the board and who is awaited),
    // never the game's action count.
    assert_ne!(prompts[0].state.version, 0);
    assert_ne!(
        Some(prompts[0].state),
        table.state_version(CH),
        "the action count is not in the prompt"
    );
    // Her panel's version is a digest of her moves.
    assert_eq!(
        table.choices(CH, 1).unwrap().0,
        table::StateVersion::for_seat(prompts[0].state.game_id, &table.legal_actions(CH, 1))
    );
    assert!(text.contains("Waiting for ana"));
    let privates: Vec<u64> = d
        .iter()
        .filter_map(|d| match d {
            Delivery::Hand { user, text, .. } => {
                assert!(text.contains("Your lucky number"));
                Some(*user)
            }
            _ => None,
        })
        .collect();
    assert_eq!(privates, vec![1, 2, 3]);
    assert!(ephemeral(&run(&table, CH, 2, "hand")).contains("Your lucky number"));
    assert!(ephemeral(&run(&table, CH, 2, "status")).contains("Waiting for ana"));
    assert!(ephemeral(&run(&table, CH, 7, "hand")).contains("not seated"));
}

#[test]
fn a_refused_action_stores_nothing_and_answers_privately() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    started(&table, CH, 2, 1);
    run(&table, CH, 1, "add 2");
    let before = raw(&store, CH);
    assert_eq!(
        ephemeral(&run(&table, CH, 2, "add 7")),
        "You may add 1, 2 or 3."
    );
    assert_eq!(
        ephemeral(&run(&table, CH, 2, "fly away")),
        "Unknown command; try `add 2` or `ack`."
    );
    assert!(ephemeral(&run(&table, CH, 1, "add 1")).contains("not your turn"));
    assert_eq!(raw(&store, CH), before);
    assert_eq!(table.state_version(CH).unwrap().version, 1);
}

#[test]
fn a_refusal_is_told_in_the_language_of_whoever_typed_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    started(&table, CH, 2, 1);
    run(&table, CH, 1, "add 2");
    // Bruno reads Spanish (the Discord layer sets `Caller.lang` from his choice or client).
    let bruno = |line: &str| {
        let spanish = caller(2).with_lang(words::Lang::Es);
        table.handle(CH, &spanish, Command::parse(line))
    };
    let before = raw(&store, CH);
    assert_eq!(ephemeral(&bruno("add 7")), "Puedes sumar 1, 2 o 3.");
    // A parse error without a phrase is the parser's own sentence.
    assert_eq!(
        ephemeral(&bruno("fly away")),
        "Unknown command; try `add 2` or `ack`."
    );
    assert_eq!(raw(&store, CH), before);
}

#[test]
fn palazzo_narration_follows_the_channels_language_and_the_log_stays_english() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    run(&table, CH, 1, "new palazzo seed=3");
    run(&table, CH, 2, "join");
    table.set_channel_lang(CH, &caller(1), words::Lang::En, Some(words::Lang::Es));
    run(&table, CH, 1, "start");
    let mover = [1, 2]
        .into_iter()
        .find(|u| !table.legal_actions(CH, *u).is_empty())
        .unwrap();
    let d = run(&table, CH, mover, "draw");
    let channel: Vec<&String> = d
        .iter()
        .filter_map(|d| match d {
            Delivery::Channel { text, .. } => Some(text),
            _ => None,
        })
        .collect();
    assert!(
        channel.iter().any(|t| t.contains("roba losetas")),
        "{channel:?}"
    );
    assert!(
        !channel.iter().any(|t| t.contains("draws tiles")),
        "{channel:?}"
    );
    // The log keeps the English narration; a Spanish reader reads it in Spanish (the
    // log replayed for its phrases), the history too.
    assert!(ephemeral(&run(&table, CH, 1, "log")).contains("draws tiles"));
    let spanish = caller(1).with_lang(words::Lang::Es);
    let log = ephemeral(&table.handle(CH, &spanish, Command::parse("log")));
    assert!(
        log.contains("roba losetas") && !log.contains("draws tiles"),
        "{log}"
    );
    let page = table
        .history_in(words::Lang::Es, CH, None, None, table::HistoryMove::Last)
        .unwrap();
    assert!(page.text.contains("roba losetas"), "{}", page.text);
}

#[test]
fn a_game_plays_to_the_end_is_archived_and_scores_stay() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    started(&table, CH, 3, 11);
    let mut last = Vec::new();
    let mut moves = 0;
    while let Some((user, action)) = next_move(&table, CH, 3) {
        last = run(&table, CH, user, &action);
        assert!(matches!(last[0], Delivery::Channel { .. }), "{last:?}");
        moves += 1;
        assert!(moves < 100);
    }
    let text = channel_texts(&last).join("\n");
    assert!(text.contains("**Final scores**"), "{text}");
    assert_eq!(store.load(CH).unwrap(), Loaded::Empty);
    let archived = store.archived(CH).unwrap();
    assert_eq!(archived[0].meta.status, storage::Status::Finished);
    assert_eq!(archived[0].meta.version, moves);
    assert!(archived[0].outcome.is_some());
    assert!(
        ephemeral(&run(&table, CH, 2, "scores")).contains("Last Countdown (test game) game here")
    );
    assert!(ephemeral(&run(&table, CH, 2, "add 1")).contains("no game in this channel"));
}

#[test]
fn channel_messages_never_carry_private_facts() {
    // Random games: every private message must stay out of every channel message.
    for seed in 0..40 {
        let dir = tempfile::tempdir().unwrap();
        let (_store, table) = open(dir.path());
        let mut all = started(&table, CH, 4, seed);
        while let Some((user, _)) = next_move(&table, CH, 4) {
            let options = table.legal_actions(CH, user);
            let pick = &options[(seed as usize + all.len()) % options.len()];
            all.extend(run(&table, CH, user, pick));
        }
        let public = channel_texts(&all).join("\n");
        for d in &all {
            if let Delivery::Private { text, .. } | Delivery::Hand { text, .. } = d {
                assert!(
                    !public.contains(text.as_str()),
                    "seed {seed}: `{text}` leaked"
                );
            }
        }
        assert!(
            !public.contains("lucky number"),
            "seed {seed}: a private fact reached the channel"
        );
    }
}

#[test]
fn log_help_and_rules() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    started(&table, CH, 2, 3);
    run(&table, CH, 1, "add 3");
    assert_eq!(
        ephemeral(&run(&table, CH, 2, "log")),
        "Moves 1–1 of 1:\n1. ana added 3; the total is 3.\n"
    );
    let help = ephemeral(&run(&table, CH, 2, "help"));
    assert!(
        help.contains("`/game new <game> [key=value…]`")
            && help.contains("`add <1-3>` — add to the total (e.g. `add 2`)")
    );
    assert!(ephemeral(&run(&table, CH, 2, "rules")).contains("add 1-3 to the total"));
}

#[test]
fn prompt_choices_are_checked_against_the_state_version() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    let d = started(&table, CH, 2, 1);
    let Delivery::Channel { prompts, .. } = &d[0] else {
        panic!()
    };
    assert_eq!(prompts.len(), 1);
    // Her panel's version (what its buttons carry); choice 2 is `add 2`.
    let at = table.choices(CH, 1).unwrap().0;
    let d = table.handle(CH, &caller(1), Command::Choose { index: 1, at });
    assert!(
        channel_texts(&d)[0].starts_with("ana added 2; the total is 2."),
        "{d:?}"
    );
    // The same click again: no longer her move.
    let d = table.handle(CH, &caller(1), Command::Choose { index: 1, at });
    assert!(ephemeral(&d).contains("not your turn"), "{d:?}");
    // A panel made for other options than the seat has now is stale.
    let (now, legal) = table.choices(CH, 2).unwrap();
    let old = table::StateVersion {
        version: now.version ^ 1,
        ..now
    };
    let d = table.handle(CH, &caller(2), Command::Choose { index: 0, at: old });
    assert!(ephemeral(&d).contains("out of date"), "{d:?}");
    assert_eq!(
        table.choices(CH, 2).unwrap(),
        (now, legal),
        "nothing changed"
    );
    let at = table.state_version(CH).unwrap();
    assert!(
        ephemeral(&table.handle(CH, &caller(1), Command::Choose { index: 0, at }))
            .contains("not your turn")
    );
    assert!(
        ephemeral(&table.handle(CH, &caller(7), Command::Choose { index: 0, at }))
            .contains("not seated")
    );
}

#[test]
fn prompts_in_the_channel_never_list_moves() {
    // Legal moves can reveal a hand or money (payments, bid ranges), so the channel
    // delivery only names who must act; the moves are fetched privately per player.
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    let d = started(&table, CH, 2, 1);
    let Delivery::Channel { text, prompts, .. } = &d[0] else {
        panic!()
    };
    assert!(!text.contains("add 1"), "{text}");
    assert_eq!(prompts.len(), 1);
    assert_eq!(
        table.choices(CH, 1).unwrap().1,
        vec!["add 1", "add 2", "add 3"]
    );
    assert_eq!(table.choices(CH, 2).unwrap().1, Vec::<String>::new());
    assert_eq!(table.choices(CH, 9), None);
}

#[test]
fn players_acting_in_the_same_phase_keep_each_others_panels_fresh() {
    // The Princes of Florence starts with every player keeping three professions at once.
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    run(&table, CH, 1, "new princes seed=3");
    run(&table, CH, 2, "join");
    run(&table, CH, 3, "join");
    run(&table, CH, 1, "start");
    let (ana_at, ana_moves) = table.choices(CH, 1).unwrap();
    let (bruno_at, bruno_moves) = table.choices(CH, 2).unwrap();
    assert!(
        !ana_moves.is_empty() && !bruno_moves.is_empty(),
        "both awaited at once"
    );
    // Bruno keeps his three first: Ana's panel is still good.
    let stale = |d: &[Delivery]| {
        d.iter()
            .any(|d| matches!(d, Delivery::Ephemeral { text, .. } if text.contains("out of date")))
    };
    let keep = |at| Command::Choose { index: 0, at };
    let d = table.handle(CH, &caller(2), keep(bruno_at));
    assert!(!stale(&d), "{d:?}");
    assert_eq!(table.choices(CH, 1).unwrap().0, ana_at);
    let d = table.handle(CH, &caller(1), keep(ana_at));
    assert!(!stale(&d), "{d:?}");
    assert_ne!(
        table.choices(CH, 1).unwrap().0,
        ana_at,
        "Ana's move changed her options"
    );
}

/// Players named like links, mentions and headings: every text the table produces for a
/// game of theirs — lobby, turns, final scores, status, scores, stats, leaderboard,
/// "my games", refusals naming them — shows the names as typed, never as markup.
#[test]
fn hostile_names_never_become_links_mentions_or_headings() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    let guild = 7;
    let players: Vec<Caller> = HOSTILE_NAMES
        .iter()
        .enumerate()
        .map(|(i, name)| Caller::new(i as u64 + 1, *name).in_guild(guild))
        .collect();
    let mut seen = Vec::new();
    let mut say = |caller: &Caller, command: Command| {
        let d = table.handle(CH, caller, command);
        seen.extend(all_texts(&d));
        d
    };
    say(&players[0], Command::parse("new countdown seed=3"));
    for p in &players[1..] {
        say(p, Command::Join);
    }
    say(&players[0], Command::Start);
    say(&players[0], Command::parse("settings remind=2h"));
    say(&players[2], Command::Status);
    say(&players[3], Command::Nudge);
    let mine = say(&players[0], Command::Mine);
    assert!(mine[0].text().contains("<#100>"), "{mine:?}");
    let mut moves = 0;
    while let Some((user, action)) = next_move(&table, CH, 4) {
        let mover = &players[user as usize - 1];
        // Someone else's turn: the refusal names whom the game waits for.
        let other = &players[user as usize % 4];
        say(other, Command::parse(&action));
        say(mover, Command::parse(&action));
        moves += 1;
        assert!(moves < 200);
    }
    say(&players[1], Command::Scores);
    say(&players[2], Command::Leaderboard { game: None });
    say(
        &players[3],
        Command::Stats {
            user: Some((1, HOSTILE_NAMES[0].to_string())),
            game: None,
        },
    );
    say(
        &players[3],
        Command::Stats {
            user: Some((99, HOSTILE_NAMES[1].to_string())),
            game: None,
        },
    );
    let all = seen.join("\n");
    assert!(all.contains("**Final scores**"), "{all}");
    assert!(all.contains("Leaderboard"), "{all}");
    assert!(
        all.contains(r"\[Prize\]\(https://evil.example\) opened a table"),
        "the name shows as typed: {all}"
    );
    assert!(all.contains("@\u{200b}everyone"), "{all}");
    for text in &seen {
        assert_no_markup(text, &["<#100>".to_string()]);
    }
}

/// Opening a table and leaving it again, many times over, keeps nothing: no archive entry,
/// no "my games" entry, the channel free; each time the channel is told.
#[test]
fn a_lobby_opened_and_left_fifty_times_leaves_no_archive_entry() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    for _ in 0..50 {
        assert_eq!(channel_texts(&run(&table, CH, 1, "new countdown")).len(), 1);
        let d = run(&table, CH, 1, "leave");
        assert!(channel_texts(&d)[0].contains("the empty table is closed"));
    }
    // The host abandons a lobby with two seated: nothing is kept either.
    run(&table, CH, 1, "new countdown");
    run(&table, CH, 2, "join");
    let d = run(&table, CH, 1, "abandon");
    assert!(channel_texts(&d)[0].contains("abandoned"), "{d:?}");
    assert!(store.archived(CH).unwrap().is_empty());
    assert!(store.archived_ids(CH).unwrap().is_empty());
    assert_eq!(store.load(CH).unwrap(), Loaded::Empty);
    assert!(store.user_channels(1).unwrap().is_empty());
    assert!(store.user_channels(2).unwrap().is_empty());
    assert!(ephemeral(&run(&table, CH, 1, "scores")).contains("No game has been played"));
    // A game that started is still archived when abandoned.
    started(&table, CH, 2, 1);
    run(&table, CH, 1, "abandon");
    assert_eq!(store.archived_ids(CH).unwrap().len(), 1);
}

/// A lobby closed just before a crash (stored as abandoned, never discarded) is discarded
/// at the next start: the channel is free, nothing is quarantined or archived.
#[test]
fn a_closed_lobby_left_by_a_crash_is_discarded_at_load() {
    let dir = tempfile::tempdir().unwrap();
    {
        let (store, table) = open(dir.path());
        run(&table, CH, 1, "new countdown");
        run(&table, CH, 2, "join");
        let Loaded::Found(record) = store.load(CH).unwrap() else {
            panic!("a lobby is stored");
        };
        // What `abandon` commits before it discards the lobby.
        let mut meta = record.meta;
        meta.status = storage::Status::Abandoned;
        store
            .commit(storage::Commit::meta(&meta))
            .expect("commit the closed lobby");
    }
    let (store, table) = open(dir.path());
    let d = run(&table, CH, 2, "new countdown");
    assert_eq!(d.len(), 1, "no quarantine notice: {d:?}");
    assert!(channel_texts(&d)[0].contains("opened a table"), "{d:?}");
    assert!(store.quarantined().unwrap().is_empty());
    assert!(store.archived_ids(CH).unwrap().is_empty());
    assert!(store.user_channels(1).unwrap().is_empty());
}

#[test]
fn live_hands_follow_the_private_view_and_the_end_is_one_dm_each() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    let d = started(&table, CH, 3, 7);
    let hands = |d: &[Delivery]| -> Vec<(u64, String, Vec<String>)> {
        d.iter()
            .filter_map(|d| match d {
                Delivery::Hand {
                    user,
                    text,
                    news,
                    game,
                    ..
                } => {
                    assert_eq!(game, "countdown");
                    Some((*user, text.clone(), news.clone()))
                }
                _ => None,
            })
            .collect()
    };
    // The start: one live hand each, nothing else private.
    let first = hands(&d);
    assert_eq!(first.iter().map(|h| h.0).collect::<Vec<_>>(), vec![1, 2, 3]);
    assert!(
        !d.iter().any(|d| matches!(d, Delivery::Private { .. })),
        "{d:?}"
    );
    let mut shown: std::collections::HashMap<u64, (String, Vec<String>)> =
        first.into_iter().map(|(u, t, n)| (u, (t, n))).collect();
    let mut news_seen = 0;
    let mut end = Vec::new();
    for _ in 0..500 {
        let Some((u, a)) = next_move(&table, CH, 3) else {
            break;
        };
        let d = run(&table, CH, u, &a);
        let over = table.state_version(CH).is_none();
        for (user, text, news) in hands(&d) {
            // Only a change is sent: never the same hand (and news) twice.
            let now = (text, news);
            assert!(
                shown.get(&user) != Some(&now),
                "{user}: an unchanged hand sent again"
            );
            news_seen += now.1.len();
            shown.insert(user, now);
        }
        if over {
            end = d;
            break;
        }
        // After every move each live hand shows exactly the seat's private view.
        for user in 1..=3 {
            assert_eq!(
                Some(&ephemeral(&run(&table, CH, user, "hand"))),
                shown.get(&user).map(|s| &s.0),
                "{user}'s live hand"
            );
        }
        // Nothing private goes out as a new DM while the game runs.
        assert!(
            !d.iter().any(|d| matches!(d, Delivery::Private { .. })),
            "{d:?}"
        );
    }
    assert!(
        news_seen > 0,
        "a lucky hit is private news in the live hand"
    );
    let finals: Vec<(u64, String, Option<String>)> = end
        .iter()
        .filter_map(|d| match d {
            Delivery::Private {
                user, text, game, ..
            } => Some((*user, text.clone(), game.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        finals.iter().map(|f| f.0).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    for (_, text, game) in finals {
        assert!(text.starts_with("🏁 The game is over."), "{text}");
        assert!(text.contains("/game history"), "{text}");
        assert_eq!(game.as_deref(), Some("countdown"));
    }
}

/// Two tables on one store (two processes): a channel's language set through one is
/// what the other posts in, within [`table::POST_LANG_FOR_MS`].
#[test]
fn a_channels_language_set_by_another_process_is_seen_within_the_bound() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(storage::SledStore::open(dir.path()).unwrap());
    let clock = Arc::new(table::ManualClock::new(1_800_000_000_000));
    let on = |store: &Arc<storage::SledStore>| {
        table::Table::with_options(
            store.clone(),
            table::TableOptions {
                clock: clock.clone(),
                ..table::TableOptions::default()
            },
        )
    };
    let (a, b) = (on(&store), on(&store));
    let joined = |d: &[Delivery]| channel_texts(d).join("\n");
    run(&a, CH, 1, "new countdown");
    assert!(joined(&run(&a, CH, 2, "join")).contains("joined"));
    b.set_channel_lang(CH, &caller(1), words::Lang::En, Some(words::Lang::Es));
    clock.advance(table::POST_LANG_FOR_MS);
    run(&a, CH, 2, "leave");
    let text = joined(&run(&a, CH, 2, "join"));
    assert!(text.contains("se ha unido"), "{text}");
}

#[test]
fn a_private_table_refuses_anyone_but_its_owner() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    table.make_private(CH, 1);
    assert_eq!(table.private_owner(CH), Some(1));
    run(&table, CH, 1, "new countdown");
    let refusal = ephemeral(&run(&table, CH, 2, "join"));
    assert!(
        refusal.contains("This table is ana's own: only they play here"),
        "{refusal}"
    );
    assert!(ephemeral(&run(&table, CH, 1, "join")).contains("already seated"));
    // Another channel is open to all.
    run(&table, CH + 1, 1, "new countdown");
    assert!(channel_texts(&run(&table, CH + 1, 2, "join"))[0].contains("bruno joined"));
}

#[test]
fn a_lesson_is_the_learners_own_and_its_coach_stops_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    let ana = caller(1);
    let out = table.learn(CH, &ana, "villa");
    assert!(
        out.iter()
            .any(|d| matches!(d, Delivery::Ephemeral { text, .. }
            if text.contains("Your lesson of **Villa Paletti** begins"))),
        "{out:?}"
    );
    assert_eq!(table.private_owner(CH), Some(1));
    assert!(table.game_in(CH).is_some(), "the game started at once");
    // Only a table's first lesson: the channel is taken now.
    assert!(ephemeral(&table.learn(CH, &ana, "palazzo")).contains("already"));
    assert!(ephemeral(&table.learn(CH + 1, &ana, "chess")).contains("no game called"));
    // Someone else cannot stop it; the learner can, and the game goes on.
    assert!(ephemeral(&table.stop_lesson(CH, &caller(2))).contains("no lesson of yours"));
    assert!(ephemeral(&table.stop_lesson(CH, &ana)).contains("The coach is quiet now"));
    assert!(ephemeral(&table.stop_lesson(CH, &ana)).contains("no lesson of yours"));
    assert!(table.game_in(CH).is_some(), "the game goes on");
    // Reloaded from the store (a restart), the lesson stays stopped.
    let (_store2, table) = {
        drop(table);
        drop(_store);
        open(dir.path())
    };
    assert!(ephemeral(&table.stop_lesson(CH, &ana)).contains("no lesson of yours"));
}
