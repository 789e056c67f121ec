//! End to end on the fake Discord, with timers of seconds: a reminder and a timeout move
//! arrive after a restart (stored with the move, re-armed at start-up, each once), and the
//! bot's move for the absent player reveals nothing secret in the channel; `/game
//! settings`, `/game nudge`, `/game mine`, `/game stats` and `/game leaderboard` as
//! players use them.

mod common;
use common::*;
use fake_discord::FakeDiscord;
use serde_json::json;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_and_a_timeout_move_arrive_after_a_restart_and_tell_no_secret() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let timers = seconds(2, 4);
    let bot = Bot::start_with(&fake, dir.path(), timers).await;
    let channel = fake.add_channel("palazzo-table");
    let seats = [fake.add_user("ana"), fake.add_user("bruno")];
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
    let mut private = fake.dms(seats[0]);
    private.extend(fake.dms(seats[1]));
    let secrets = secret_lines(&private);
    for m in public_messages(&fake, channel) {
        for line in &secrets {
            assert!(
                !m.content.contains(line.as_str()),
                "`{line}` in {}",
                m.content
            );
        }
    }
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
    assert!(bad[0].content.contains("`tomorrow` is not a duration"));
    let policy = fake.registered_commands()[0]["options"]
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
        .find(|c| c["name"].as_str().unwrap().starts_with("drop"))
        .unwrap()["value"]
        .clone();
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
    let bot = Bot::start(&fake, dir.path()).await;
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
    // Channel commands stay in channels.
    let refused = fake
        .slash(seats[0], dm, "game nudge", json!({}))
        .replies()
        .await;
    assert!(
        refused
            .iter()
            .any(|m| m.content.contains("cannot run this command in DMs")),
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
