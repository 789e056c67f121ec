//! End to end on the fake Discord, with timers of seconds: a reminder and a timeout move
//! arrive after a restart (stored with the move, re-armed at start-up, each once), and the
//! bot's move for the absent player reveals nothing secret in the channel; `/game
//! settings`, `/game nudge`, `/game mine`, `/game stats` and `/game leaderboard` as
//! players use them; Discord's timing minimums, the players' approval of shorter clocks
//! (buttons), and the per-user rate limit.

mod common;
use common::*;
use fake_discord::{FakeDiscord, Permissions, RecordedMessage};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use storage::TimeoutPolicy;

fn seconds(remind: u64, timeout: u64) -> table::Defaults {
    table::Defaults {
        remind_after: remind,
        remind_every: 0,
        timeout_after: timeout,
        on_timeout: TimeoutPolicy::Auto,
    }
}

/// The value Discord sends for the `/game settings on_timeout` choice named `word: …`.
fn policy_choice(fake: &FakeDiscord, word: &str) -> Value {
    fake.registered_commands()[0]["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "settings")
        .unwrap()["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "on_timeout")
        .unwrap()["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"].as_str().unwrap().starts_with(word))
        .unwrap_or_else(|| panic!("no policy {word}"))["value"]
        .clone()
}

/// The host sets the table's timeout policy with `/game settings` (the timeout itself
/// is the server's default: `/game settings` takes an hour at least on Discord).
async fn set_policy(fake: &FakeDiscord, channel: u64, host: u64, word: &str) {
    let policy = policy_choice(fake, word);
    slash(
        fake,
        host,
        channel,
        "game settings",
        json!({ "on_timeout": policy }),
    )
    .await;
    fake.wait_for("the settings notice", |f| {
        public_messages(f, channel)
            .into_iter()
            .find(|m| m.content.contains(&format!("On timeout: **{word} —")))
    })
    .await;
}

/// `user` types a Palazzo move and the channel shows it.
async fn type_move(fake: &FakeDiscord, channel: u64, user: u64, line: &str) {
    let before = public_messages(fake, channel).len();
    let replies = slash(fake, user, channel, "palazzo move", json!({ "move": line })).await;
    fake.wait_for_within(
        &format!("`{line}` in the channel ({replies:?})"),
        Duration::from_secs(5),
        |f| (public_messages(f, channel).len() > before).then_some(()),
    )
    .await;
}

/// The first public message after the first `after` that contains `text`.
async fn wait_public(
    fake: &FakeDiscord,
    channel: u64,
    after: usize,
    text: &str,
) -> RecordedMessage {
    fake.wait_for(&format!("`{text}` in the channel"), |f| {
        public_messages(f, channel)
            .into_iter()
            .skip(after)
            .find(|m| m.content.contains(text))
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_and_a_timeout_move_arrive_after_a_restart_and_tell_no_secret() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let timers = seconds(2, 4);
    let bot = Bot::start_with(&fake, dir.path(), timers).await;
    let channel = fake.add_channel("palazzo-table");
    let seats = [fake.add_user("ana"), fake.add_user("bruno")];
    // Both want reminders and timeouts by DM (`/game notify dm`).
    for user in seats {
        choose_notify(&fake, user, channel, "dm").await;
    }
    open_table(&fake, channel, "Palazzo", &seats).await;
    let turn = turn_message(&fake, channel).expect("a turn message");
    let awaited_user = awaited(&turn, &seats)[0].0;
    // Down before either timer falls due; both are due when it comes back.
    bot.stop().await;
    let before = public_messages(&fake, channel).len();
    tokio::time::sleep(Duration::from_millis(4_300)).await;
    assert_eq!(
        public_messages(&fake, channel).len(),
        before,
        "nothing while down"
    );
    let bot = Bot::start_with(&fake, dir.path(), timers).await;
    let timed_out = fake
        .wait_for("the timeout move", |f| {
            public_messages(f, channel)
                .into_iter()
                .find(|m| m.content.contains("ran out of time, so I moved for them"))
        })
        .await;
    let messages = public_messages(&fake, channel);
    let reminders: Vec<_> = messages[before..]
        .iter()
        .take_while(|m| m.id != timed_out.id)
        .filter(|m| m.content.starts_with("⏰"))
        .collect();
    assert_eq!(
        reminders.len(),
        1,
        "one reminder, before the timeout: {reminders:#?}"
    );
    let reminder = reminders[0];
    assert!(
        reminder.content.contains(&format!("<@{awaited_user}>")),
        "{}",
        reminder.content
    );
    assert!(
        reminder.content.contains(&format!(
            "[Go to the turn message](https://discord.com/channels/{}/{channel}/{})",
            fake.guild_id(),
            turn.id
        )),
        "links the turn message: {}",
        reminder.content
    );
    let dms = fake
        .wait_for("the DM about the timeout", |f| {
            let dms = f.dms(awaited_user);
            dms.iter()
                .any(|m| m.content.contains("Your time ran out, so I played"))
                .then_some(dms)
        })
        .await;
    assert!(dms.iter().any(|m| m.content.contains("⏰ It is your move")));
    assert!(dms
        .iter()
        .all(|m| m.content.starts_with("**Palazzo** in <#")));
    // The move the bot made is private; nothing any player was told privately shows in
    // the channel.
    assert_no_private_line_in(&fake, channel, &seats[..2]);
    fake.assert_no_errors();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_and_nudges_in_the_channel() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("villa-table");
    let seats = [
        fake.add_user("ana"),
        fake.add_user("bruno"),
        fake.add_user("carla"),
    ];
    open_table(&fake, channel, "Villa Paletti", &seats).await;

    let shown = slash(&fake, seats[1], channel, "game settings", json!({})).await;
    assert!(shown[0]
        .content
        .contains("Remind after: **12h** (server default)"));
    assert!(shown[0].flags & 64 != 0, "private");
    let refused = slash(
        &fake,
        seats[1],
        channel,
        "game settings",
        json!({"timeout_after": "1h"}),
    )
    .await;
    assert!(
        refused[0].content.contains("Only the host"),
        "{}",
        refused[0].content
    );
    let bad = slash(
        &fake,
        seats[0],
        channel,
        "game settings",
        json!({"timeout_after": "tomorrow"}),
    )
    .await;
    assert!(bad[0].content.contains("“tomorrow” is not a duration"));
    // Shorter clocks in a game under way: the host has Manage Channel, so they apply at
    // once (without it the other players must approve; see below).
    fake.set_permissions(seats[0], Permissions::MANAGE_CHANNELS);
    let policy = policy_choice(&fake, "drop");
    slash(
        &fake,
        seats[0],
        channel,
        "game settings",
        json!({"remind_after": "2h", "timeout_after": "3d", "on_timeout": policy}),
    )
    .await;
    let changed = fake
        .wait_for("the settings notice", |f| {
            public_messages(f, channel)
                .into_iter()
                .find(|m| m.content.contains("changed this table's timing"))
        })
        .await;
    assert!(changed.content.contains("Time out after: **3d**"));
    assert!(changed.content.contains("drop — they leave the game"));

    let turn = turn_message(&fake, channel).unwrap();
    let waiting = awaited(&turn, &seats)[0].0;
    let nudger = *seats.iter().find(|u| **u != waiting).unwrap();
    let own = slash(&fake, waiting, channel, "game nudge", json!({})).await;
    assert!(own[0].content.contains("waiting only for you"));
    slash(&fake, nudger, channel, "game nudge", json!({})).await;
    let nudge = fake
        .wait_for("the nudge", |f| {
            public_messages(f, channel)
                .into_iter()
                .find(|m| m.content.starts_with("👋"))
        })
        .await;
    assert!(nudge.content.contains(&format!("<@{waiting}>")));
    assert!(nudge.content.contains("[Go to the turn message]"));
    let again = slash(&fake, nudger, channel, "game nudge", json!({})).await;
    assert!(
        again[0].content.contains("once an hour"),
        "{}",
        again[0].content
    );
    assert!(again[0].flags & 64 != 0);
    fake.assert_no_errors();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn my_games_stats_and_leaderboard() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let seats = [fake.add_user("ana"), fake.add_user("bruno")];
    let finished = fake.add_channel("finished");
    // A Villa Paletti game played to the end on this server before the bot starts.
    {
        let store = Arc::new(storage::SledStore::open(dir.path()).unwrap());
        let t = table::Table::new(store);
        let who =
            |u: usize| table::Caller::new(seats[u], ["ana", "bruno"][u]).in_guild(fake.guild_id());
        t.handle(finished, &who(0), table::Command::parse("new villa seed=3"));
        t.handle(finished, &who(1), table::Command::Join);
        t.handle(finished, &who(0), table::Command::Start);
        for _ in 0..10_000 {
            let Some(p) = t.prompts(finished).first().cloned() else {
                break;
            };
            let u = seats.iter().position(|s| *s == p.user).unwrap();
            let a = t.legal_actions(finished, p.user)[0].clone();
            t.handle(finished, &who(u), table::Command::Play(a));
        }
        assert!(t.state_version(finished).is_none(), "played to the end");
    }
    // Global commands, as in production: `/game mine` is also used in a DM.
    let bot = Bot::start_global(&fake, dir.path()).await;
    let channels = [fake.add_channel("one"), fake.add_channel("two")];
    open_table(&fake, channels[0], "Palazzo", &seats).await;
    open_table(&fake, channels[1], "Villa Paletti", &[seats[1], seats[0]]).await;

    let mine = slash(&fake, seats[0], channels[0], "game mine", json!({})).await;
    let text = &mine[0].content;
    assert!(mine[0].flags & 64 != 0, "private");
    assert!(text.starts_with("**Your games on this server**"), "{text}");
    assert!(
        text.contains(&format!("<#{}>", channels[0]))
            && text.contains(&format!("<#{}>", channels[1]))
    );
    assert!(text.contains("**your move** since"), "{text}");
    // In a DM with the bot: every server's games.
    let dm = fake.dms(seats[0])[0].channel_id;
    let anywhere = slash(&fake, seats[0], dm, "game mine", json!({})).await;
    let text = &anywhere[0].content;
    assert!(text.starts_with("**Your games anywhere**"), "{text}");
    assert!(text.contains(&format!("<#{}>", channels[1])), "{text}");
    // A server's command says, in words of ours, that it needs a server.
    let refused = fake
        .slash(seats[0], dm, "game nudge", json!({}))
        .replies()
        .await;
    assert!(
        refused
            .iter()
            .any(|m| m.content.contains("This command works on a server only")),
        "{refused:#?}"
    );

    let stats = slash(
        &fake,
        seats[1],
        channels[0],
        "game stats",
        json!({"user": seats[0].to_string()}),
    )
    .await;
    assert!(
        stats[0]
            .content
            .contains("📊 **ana** — all games on this server"),
        "{}",
        stats[0].content
    );
    assert!(stats[0].content.contains("Played: 1"));
    let board = slash(&fake, seats[1], channels[0], "game leaderboard", json!({})).await;
    assert!(
        board[0]
            .content
            .starts_with("🏆 **Leaderboard — all games**"),
        "{}",
        board[0].content
    );
    assert!(board[0].content.contains("1. "));
    let palazzo = game_choice(&fake, "Palazzo");
    let none = slash(
        &fake,
        seats[1],
        channels[0],
        "game leaderboard",
        json!({"game": palazzo}),
    )
    .await;
    assert!(none[0]
        .content
        .contains("No game of Palazzo has been finished here yet"));
    fake.assert_no_errors();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn skip_passes_for_the_absent_bidder_tells_only_them_and_pings_the_next() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start_with(&fake, dir.path(), seconds(0, 2)).await;
    let channel = fake.add_channel("palazzo-skip");
    let names = ["ana", "bruno"];
    let seats = names.map(|n| fake.add_user(n));
    open_table(&fake, channel, "Palazzo", &seats).await;
    set_policy(&fake, channel, seats[0], "skip").await;
    let opener = awaited(&turn_message(&fake, channel).unwrap(), &seats)[0].0;
    let at = |user: u64| seats.iter().position(|s| *s == user).unwrap();
    let bidder = seats[1 - at(opener)];
    let (opener_name, bidder_name) = (names[at(opener)], names[at(bidder)]);
    // The opener draws and auctions the next quarry: the other player must bid or pass,
    // and a pass is what skip plays for them (Palazzo's `Absent::Pass`).
    type_move(&fake, channel, opener, "draw").await;
    type_move(&fake, channel, opener, "auction").await;
    let auction = turn_message(&fake, channel).unwrap();
    assert!(
        auction.content.contains("opens the auction"),
        "{}",
        auction.content
    );
    assert_eq!(awaited(&auction, &seats)[0].0, bidder);
    let before = public_messages(&fake, channel).len();
    let timed_out = wait_public(&fake, channel, before, "ran out of time").await;
    let text = &timed_out.content;
    assert!(
        text.starts_with(&format!(
            "⏱️ {bidder_name} ran out of time, so I moved for them.\n{bidder_name} passes.\n"
        )),
        "{text}"
    );
    // Nobody else bid: the opener wins with the opening certificate alone.
    assert!(
        text.contains(&format!("{opener_name} wins "))
            && text.contains("with 3, paying the certificate 3 alone."),
        "{text}"
    );
    // The next player is pinged, by the live turn message itself.
    assert!(text.contains(&format!("<@{opener}>")), "{text}");
    assert!(!text.contains(&format!("<@{bidder}>")), "{text}");
    let live = turn_message(&fake, channel).unwrap();
    assert_eq!(
        live.id, timed_out.id,
        "the timeout move is the live turn message"
    );
    let now_awaited: Vec<u64> = awaited(&live, &seats).into_iter().map(|a| a.0).collect();
    assert_eq!(now_awaited, vec![opener]);
    // What was played is told to the absent player only, in their live hand (under the
    // usual DM header).
    let told = fake
        .wait_for("the DM about the pass", |f| {
            f.dms(bidder)
                .into_iter()
                .find(|m| m.content.contains("Your time ran out"))
        })
        .await;
    assert!(
        told.content
            .starts_with(&format!("**Palazzo** in <#{channel}>")),
        "{}",
        told.content
    );
    assert!(
        told.content
            .ends_with(
                "\n**Latest:** ⏱️ Your time ran out, so I played **Pass (take your bid back)** for you."
            ),
        "{}",
        told.content
    );
    assert!(!fake
        .dms(opener)
        .iter()
        .any(|m| m.content.contains("Your time ran out")));
    assert_no_private_line_in(&fake, channel, &seats[..2]);
    fake.assert_no_errors();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drop_lets_the_bot_play_the_leavers_seat_without_them() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    // 3 s: the two players left must each move within it while the test plays them.
    let bot = Bot::start_with(&fake, dir.path(), seconds(0, 3)).await;
    let channel = fake.add_channel("palazzo-drop");
    let names = ["ana", "bruno", "carla"];
    let seats = names.map(|n| fake.add_user(n));
    open_table(&fake, channel, "Palazzo", &seats).await;
    set_policy(&fake, channel, seats[0], "drop").await;
    // The awaited player opens their move panel, then never plays.
    let (gone, panel) = open_panel(&fake, channel, &seats).await;
    let gone_name = names[seats.iter().position(|s| *s == gone).unwrap()];
    let before = public_messages(&fake, channel).len();
    let left = wait_public(&fake, channel, before, "ran out of time and left").await;
    assert!(
        left.content.starts_with(&format!(
            "⏱️ {gone_name} ran out of time and left the game. I make their moves from now on; 2 players go on."
        )),
        "{}",
        left.content
    );
    let from = public_messages(&fake, channel)
        .iter()
        .position(|m| m.id == left.id)
        .unwrap();
    let stand_in = format!("🤖 I moved for {gone_name}, who left the game.");
    wait_public(&fake, channel, from, &stand_in).await;
    fake.wait_for("the DM to the leaver", |f| {
        f.dms(gone).into_iter().find(|m| {
            m.content
                .ends_with("\n**Latest:** ⏱️ Your time ran out, so you have left this game; I make your seat's moves from now on.")
        })
    })
    .await;
    // Their old panel and a typed move are refused, saying why.
    let (id, value) = first_move_on(&panel).expect("a move on the panel");
    let refused = tap_panel(&fake, gone, &panel, &id, value.as_deref()).await;
    assert!(
        refused
            .content
            .contains("You left this game when your time ran out"),
        "{}",
        refused.content
    );
    assert!(refused.components.is_empty(), "no moves left on the panel");
    let typed = slash(
        &fake,
        gone,
        channel,
        "palazzo move",
        json!({"move": "money"}),
    )
    .await;
    assert!(
        typed[0]
            .content
            .contains("You left this game when your time ran out"),
        "{}",
        typed[0].content
    );
    assert!(typed[0].flags & 64 != 0, "privately");
    // The others play on; the bot plays the leaver's seat again when it comes round.
    let stand_ins = |f: &FakeDiscord| {
        public_messages(f, channel)[from..]
            .iter()
            .filter(|m| m.content.starts_with(&stand_in))
            .count()
    };
    let first = stand_ins(&fake);
    let mut moves = 0;
    while stand_ins(&fake) == first {
        let turn = settled_turn(&fake, channel).await;
        let (user, _) = awaited(&turn, &seats)[0].clone();
        assert_ne!(user, gone, "the leaver is asked to move: {}", turn.content);
        let line = typed_moves(&fake, user, channel, "palazzo").await[0].clone();
        type_move(&fake, channel, user, &line).await;
        moves += 1;
        assert!(moves < 20, "the leaver's seat never came round");
    }
    for m in &public_messages(&fake, channel)[from..] {
        assert!(
            !m.content.contains(&format!("<@{gone}>")),
            "the leaver is pinged: {}",
            m.content
        );
    }
    assert!(
        !public_messages(&fake, channel)[from + 1..]
            .iter()
            .any(|m| m.content.contains("ran out of time")),
        "nobody else timed out"
    );
    fake.assert_no_errors();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drop_at_the_minimum_abandons_the_game_and_frees_the_table() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start_with(&fake, dir.path(), seconds(0, 1)).await;
    let channel = fake.add_channel("palazzo-short");
    let names = ["ana", "bruno"];
    let seats = names.map(|n| fake.add_user(n));
    open_table(&fake, channel, "Palazzo", &seats).await;
    set_policy(&fake, channel, seats[0], "drop").await;
    let gone = awaited(&turn_message(&fake, channel).unwrap(), &seats)[0].0;
    let gone_name = names[seats.iter().position(|s| *s == gone).unwrap()];
    let before = public_messages(&fake, channel).len();
    let end = wait_public(&fake, channel, before, "ran out of time").await;
    assert!(
        end.content.starts_with(&format!(
            "⏱️ {gone_name} ran out of time and left. Palazzo needs at least 2 players, so the game ends here, abandoned"
        )),
        "{}",
        end.content
    );
    // The board as it stood, as a picture (the chat text has its first line).
    picture_on(&end);
    assert!(
        end.custom_ids().iter().all(|id| !id.ends_with(":y")),
        "nobody is asked to move"
    );
    let status = slash(&fake, seats[1], channel, "game status", json!({})).await;
    assert!(
        !status[0].content.contains("Waiting for"),
        "{}",
        status[0].content
    );
    // The channel is free for a new table.
    let palazzo = game_choice(&fake, "Palazzo");
    let before = public_messages(&fake, channel).len();
    slash(
        &fake,
        seats[1],
        channel,
        "game new",
        json!({ "game": palazzo }),
    )
    .await;
    wait_public(&fake, channel, before, "opened a table for **Palazzo**").await;
    fake.assert_no_errors();
    bot.stop().await;
}

/// The turn message once a chain of bot moves has settled: the newest channel message,
/// when it asks someone to move (a bot's move searched on the pool arrives a moment after
/// the one before it, and a move for a seat the bot plays asks no one).
async fn settled_turn(fake: &FakeDiscord, channel: u64) -> RecordedMessage {
    fake.wait_for("a turn message asking a player", |f| {
        public_messages(f, channel)
            .pop()
            .filter(|m| m.custom_ids().iter().any(|id| id.ends_with(":y")))
    })
    .await
}

/// The awaited user of the live turn message (the first one).
fn awaited_now(fake: &FakeDiscord, channel: u64, seats: &[u64]) -> u64 {
    awaited(
        &turn_message(fake, channel).expect("a live turn message"),
        seats,
    )[0]
    .0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_policy_hands_a_seat_to_a_bot_and_back_and_a_hint_is_private() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    // 3 s: the player still here moves well within it while the test plays them.
    let bot = Bot::start_with(&fake, dir.path(), seconds(0, 3)).await;
    let channel = fake.add_channel("palazzo-away");
    let names = ["ana", "bruno"];
    let seats = names.map(|n| fake.add_user(n));
    open_table(&fake, channel, "Palazzo", &seats).await;
    set_policy(&fake, channel, seats[0], "bot").await;
    let away = awaited_now(&fake, channel, &seats);
    let here = seats[1 - seats.iter().position(|s| *s == away).unwrap()];
    let away_name = names[seats.iter().position(|s| *s == away).unwrap()];
    // A hint: only for the awaited player, only they see it, the channel gets nothing.
    let before = public_messages(&fake, channel).len();
    let hint = slash(&fake, away, channel, "game hint", json!({})).await;
    assert!(hint[0].flags & 64 != 0, "privately");
    // It names the move as its panel button does (`**Take money**`), never as the
    // typed syntax of `/palazzo move` (`money`).
    let typed = typed_moves(&fake, away, channel, "palazzo").await;
    let label_of = |t: &String| commands::panel::action_label("palazzo", t);
    assert!(
        typed.iter().any(|t| hint[0]
            .content
            .starts_with(&format!("💡 Hint: **{}**", label_of(t)))),
        "{} names none of {typed:?}",
        hint[0].content
    );
    assert!(
        typed
            .iter()
            .all(|t| label_of(t) == *t || !hint[0].content.contains(&format!("**{t}**"))),
        "{}",
        hint[0].content
    );
    let refused = slash(&fake, here, channel, "game hint", json!({})).await;
    assert!(
        refused[0].content.starts_with("It is not your turn"),
        "{}",
        refused[0].content
    );
    assert_eq!(
        public_messages(&fake, channel).len(),
        before,
        "nothing public"
    );
    // The awaited player never moves: a bot takes the seat, told in one line.
    let handed = wait_public(&fake, channel, before, "ran out of time: a bot plays").await;
    assert_eq!(
        handed.content,
        format!("⏱️ {away_name} ran out of time: a bot plays for them until they are back (/game join).")
    );
    let from = public_messages(&fake, channel)
        .iter()
        .position(|m| m.id == handed.id)
        .unwrap();
    let bot_line = format!("🤖 A bot moved for {away_name}, who is away.");
    wait_public(&fake, channel, from, &bot_line).await;
    // While away they are not asked to move; the one still here is, and plays on.
    let turn = settled_turn(&fake, channel).await;
    assert_eq!(awaited(&turn, &seats)[0].0, here, "{}", turn.content);
    assert!(
        !turn.content.contains(&format!("<@{away}>")),
        "{}",
        turn.content
    );
    // Back by acting: any command of theirs at the table (here the board).
    let before = public_messages(&fake, channel).len();
    slash(&fake, away, channel, "game status", json!({})).await;
    let back = format!("👋 {away_name} is back and plays their own seat again.");
    wait_public(&fake, channel, before, &back).await;
    // Their turn comes round again and is theirs: they are asked.
    let mut moves = 0;
    while awaited_now(&fake, channel, &seats) != away {
        let line = typed_moves(&fake, here, channel, "palazzo").await[0].clone();
        type_move(&fake, channel, here, &line).await;
        moves += 1;
        assert!(moves < 10, "their turn never came round");
    }
    // They time out again, then take the seat back with /game join.
    let before = public_messages(&fake, channel).len();
    wait_public(&fake, channel, before, "ran out of time: a bot plays").await;
    let before = public_messages(&fake, channel).len();
    let resumed = slash(&fake, away, channel, "game join", json!({})).await;
    assert!(
        resumed
            .iter()
            .any(|r| r.content == "Welcome back: your seat is yours again." && r.flags & 64 != 0),
        "{resumed:?}"
    );
    wait_public(&fake, channel, before, &back).await;
    let again = slash(&fake, away, channel, "game join", json!({})).await;
    assert_eq!(
        again[0].content,
        "No bot is playing your seat: you are already playing it yourself."
    );
    assert_no_private_line_in(&fake, channel, &seats);
    fake.assert_no_errors();
    bot.stop().await;
}

/// A Villa Paletti hint given by a bot's rule of thumb (holding the seal, objecting to a
/// floor, proposing one, laying it) says the rule in words, privately, instead of the
/// search's figures; the players follow the hints, typing the moves, until one does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_villa_hint_by_a_rule_of_thumb_says_the_rule_privately() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("villa-hints");
    let seats = [fake.add_user("ana"), fake.add_user("bruno")];
    open_table(&fake, channel, "Villa Paletti", &seats).await;
    // Each rule's sentence, in English as the players read it.
    let sentences = rules::villa::THUMB_PHRASES
        .map(|key| words::phrase(words::Lang::En, &rules::Phrase::new(key), &[]));
    let mut said = None;
    for _ in 0..120 {
        let Some(turn) = turn_message(&fake, channel) else {
            break;
        };
        let user = awaited(&turn, &seats)[0].0;
        let before = public_messages(&fake, channel).len();
        let hint = slash(&fake, user, channel, "game hint", json!({})).await;
        assert!(hint[0].flags & 64 != 0, "privately: {}", hint[0].content);
        let (suggested, why) = hint[0]
            .content
            .strip_prefix("💡 Hint: **")
            .and_then(|h| h.split_once("**"))
            .unwrap_or_else(|| panic!("{}", hint[0].content));
        let (suggested, why) = (suggested.to_string(), why.to_string());
        assert_eq!(
            public_messages(&fake, channel).len(),
            before,
            "nothing public"
        );
        // The move as the player would type it: the autocomplete choice whose button
        // label the hint shows.
        let typed = typed_moves(&fake, user, channel, "villa").await;
        let matching = typed
            .iter()
            .find(|t| commands::panel::action_label("villa", t) == suggested);
        if sentences.iter().any(|r| why.contains(r.as_str())) {
            assert!(why.starts_with(". Why: "), "{}", hint[0].content);
            assert!(!why.contains("rating your chances"), "{}", hint[0].content);
            assert!(matching.is_some(), "{suggested} is none of {typed:?}");
            said = Some(hint[0].content.clone());
            break;
        }
        let line = matching.unwrap_or(&typed[0]).clone();
        slash(&fake, user, channel, "villa move", json!({ "move": line })).await;
        fake.wait_for("the typed move in the channel", |f| {
            (public_messages(f, channel).len() > before).then_some(())
        })
        .await;
    }
    said.expect("a hint by a rule of thumb within 120 moves");
    assert_no_private_line_in(&fake, channel, &seats);
    fake.assert_no_errors();
    bot.stop().await;
}

/// The custom id ending with `action` on `message` (`:sa` Approve, `:sr` Refuse, `:h` My
/// hand).
fn button(message: &RecordedMessage, action: &str) -> String {
    message
        .custom_ids()
        .into_iter()
        .find(|id| id.ends_with(action))
        .unwrap_or_else(|| panic!("no {action} button on {message:#?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_timing_is_refused_and_shorter_clocks_wait_for_every_players_approval() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("palazzo-approval");
    let seats = [
        fake.add_user("ana"),
        fake.add_user("bruno"),
        fake.add_user("carla"),
    ];
    let [ana, bruno, carla] = seats;
    open_table(&fake, channel, "Palazzo", &seats).await;
    // A reminder every 10 s is refused, naming Discord's minimum.
    let refused = slash(
        &fake,
        ana,
        channel,
        "game settings",
        json!({"remind_after": "10s"}),
    )
    .await;
    assert_eq!(
        refused[0].content,
        "Remind after must be at least 15m (or off): that is the shortest this bot allows, so “10s” is too short."
    );
    assert!(refused[0].flags & 64 != 0, "privately");
    let refused = slash(
        &fake,
        ana,
        channel,
        "game settings",
        json!({"timeout_after": "10s"}),
    )
    .await;
    assert!(
        refused[0]
            .content
            .starts_with("Time out after must be at least 1h (or off)"),
        "{}",
        refused[0].content
    );
    // Turning a timeout on mid-game, without Manage Channel: the others are asked.
    let before = public_messages(&fake, channel).len();
    let asked = slash(
        &fake,
        ana,
        channel,
        "game settings",
        json!({"timeout_after": "2h"}),
    )
    .await;
    assert!(
        asked.iter().any(|m| m
            .content
            .starts_with("Your change makes the clocks of a game under way run out sooner")
            && m.flags & 64 != 0),
        "{asked:#?}"
    );
    let request = wait_public(&fake, channel, before, "ana proposes this timing").await;
    assert!(
        request.content.contains("Time out after: **2h**")
            && request.content.contains(&format!("<@{bruno}> <@{carla}>")),
        "{}",
        request.content
    );
    // Only the players may vote; the proposer is told so.
    let own = fake
        .click(ana, &request, &button(&request, ":sa"))
        .replies()
        .await;
    assert!(
        own[0].content.contains("You proposed this change"),
        "{own:#?}"
    );
    let half = fake
        .click(bruno, &request, &button(&request, ":sa"))
        .replies()
        .await;
    assert_eq!(
        half[0].content,
        "You approved ana's timing change; it now waits for carla."
    );
    assert!(half[0].flags & 64 != 0, "privately");
    let shown = slash(&fake, bruno, channel, "game settings", json!({})).await;
    assert!(
        shown[0]
            .content
            .contains("Time out after: **off** (server default)"),
        "not before everyone approved: {}",
        shown[0].content
    );
    fake.click(carla, &request, &button(&request, ":sa"))
        .replies()
        .await;
    let applied = wait_public(
        &fake,
        channel,
        before,
        "Every player approved ana's timing change, so it applies now",
    )
    .await;
    assert!(applied.content.contains("Time out after: **2h**"));
    // A refusal cancels the next one, and a late approval is told so.
    let before = public_messages(&fake, channel).len();
    slash(
        &fake,
        ana,
        channel,
        "game settings",
        json!({"remind_after": "1h"}),
    )
    .await;
    let request = wait_public(&fake, channel, before, "ana proposes this timing").await;
    fake.click(bruno, &request, &button(&request, ":sr"))
        .replies()
        .await;
    wait_public(
        &fake,
        channel,
        before,
        "bruno refused ana's timing change, so nothing changed.",
    )
    .await;
    let late = fake
        .click(carla, &request, &button(&request, ":sa"))
        .replies()
        .await;
    assert!(late[0].content.contains("no longer open"), "{late:#?}");
    let shown = slash(&fake, carla, channel, "game settings", json!({})).await;
    assert!(
        shown[0]
            .content
            .contains("Remind after: **12h** (server default)")
            && shown[0].content.contains("Time out after: **2h**"),
        "{}",
        shown[0].content
    );
    fake.assert_no_errors();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_user_sending_commands_too_fast_is_told_to_slow_down_and_nothing_happens() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start_rate_limited(&fake, dir.path()).await;
    let game = fake.add_channel("palazzo-game");
    let lobby = fake.add_channel("palazzo-lobby");
    let [ana, bruno, eve] = ["ana", "bruno", "eve"].map(|n| fake.add_user(n));
    open_table(&fake, game, "Palazzo", &[ana, bruno]).await;
    let palazzo = game_choice(&fake, "Palazzo");
    slash(&fake, bruno, lobby, "game new", json!({ "game": palazzo })).await;
    let turn = turn_message(&fake, game).expect("a turn message");
    // eve joins and leaves the lobby 40 times in a row, as fast as the answers come.
    let started = std::time::Instant::now();
    let (mut seated, mut expected_posts, mut slowed) = (false, 0, Vec::new());
    for i in 0..40 {
        let joining = i % 2 == 0;
        let path = if joining { "game join" } else { "game leave" };
        let replies = slash(&fake, eve, lobby, path, json!({})).await;
        match replies
            .iter()
            .find(|m| m.content.starts_with("🐢 Slow down"))
        {
            Some(slow) => {
                assert!(slow.flags & 64 != 0, "privately: {slow:?}");
                slowed.push(slow.content.clone());
            }
            // Carried out: it seats or unseats eve, with a line in the channel.
            None if joining != seated => {
                seated = joining;
                expected_posts += 1;
            }
            None => {}
        }
    }
    let refills = started.elapsed().as_millis() as usize / 1_500 + 1;
    assert!(
        !slowed.is_empty() && slowed.len() >= 25_usize.saturating_sub(refills),
        "15 at once, then one every 1.5 s: {} of 40 slowed in {:?}",
        slowed.len(),
        started.elapsed()
    );
    assert!(
        slowed[0].contains("(15 at once, then one every 1.5 seconds). Wait ")
            && slowed[0].ends_with(" s and try again; that one was not carried out."),
        "{}",
        slowed[0]
    );
    // What was slowed did nothing: only the commands carried out are in the channel.
    let posts = |f: &FakeDiscord| {
        public_messages(f, lobby)
            .iter()
            .filter(|m| m.content.starts_with("eve joined") || m.content.starts_with("eve left"))
            .count()
    };
    assert_eq!(posts(&fake), expected_posts);
    let seats_now = slash(&fake, bruno, lobby, "game status", json!({})).await;
    assert_eq!(
        seats_now[0].content.contains("eve"),
        seated,
        "{}",
        seats_now[0].content
    );
    // Autocomplete keystrokes have their own bucket (30 at once, one every 250 ms): past
    // it the picker answers an empty list and reads nothing.
    let typed = std::time::Instant::now();
    let mut listed = Vec::new();
    for _ in 0..45 {
        let choices = fake
            .autocomplete(ana, game, "game history", json!({"game": ""}), "game")
            .choices()
            .await;
        listed.push(choices.len());
    }
    let refilled = typed.elapsed().as_millis() as usize / 250 + 1;
    assert!(
        listed[..30].iter().all(|n| *n == 1),
        "the running game: {listed:?}"
    );
    let empty = listed.iter().filter(|n| **n == 0).count();
    assert!(
        empty > 0 && empty >= 15_usize.saturating_sub(refilled),
        "{empty} of 45 keystrokes over the limit in {:?}: {listed:?}",
        typed.elapsed()
    );
    // A button is held to the same bucket: My hand on the game's turn message.
    let click = fake.click(eve, &turn, &button(&turn, ":h")).replies().await;
    assert!(
        click[0].content.starts_with("🐢 Slow down") && click[0].flags & 64 != 0,
        "{click:#?}"
    );
    // After the wait it names, eve is heard again.
    let wait: u64 = click[0]
        .content
        .split("Wait ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("a wait in seconds");
    tokio::time::sleep(Duration::from_secs(wait)).await;
    let heard = slash(&fake, eve, lobby, "game status", json!({})).await;
    assert!(!heard[0].content.starts_with("🐢"), "{}", heard[0].content);
    assert_eq!(posts(&fake), expected_posts);
    fake.assert_no_errors();
    bot.stop().await;
}
