//! End to end on the fake Discord: what players see when Discord refuses something.
//! - The bot may not post in the channel (50013): the mover is told privately which
//!   permission is missing, the move stands, and the turn message goes out exactly once
//!   after the permission is given back and someone uses the bot there.
//! - 200 commands in a channel where the bot may not post: at most one failing request
//!   per command and far fewer than 100 per 10 minutes (Discord bans the IP at 10,000
//!   invalid requests); once allowed, the latest turn message goes out, not a backlog.
//! - A player's DMs are closed (50007): one notice in the channel per player per game,
//!   the hand stays reachable with `/game hand`, and DMs resume once they open them and act.
//! - The channel was deleted (10003): the pending delivery is dropped after one more try,
//!   never retried, and the bot goes on serving other channels.
//! - A player's live hand was deleted (10008): it is sent again once, then edited.
//! - A post answered 429 with a `retry_after` (through `api_base`, serenity's rate
//!   limiter off): tried again no sooner than Discord asked.
//! - Discord asks the bot to reconnect (op 7), or drops its connection: it resumes the
//!   same session, and the commands sent meanwhile are replayed and answered.

mod common;
use common::*;
use fake_discord::{Failure, FakeDiscord, Permissions, RecordedMessage, RequestRecord};
use rand::SeedableRng;
use serde_json::{json, Value};
use std::time::Duration;

/// Posts the bot tried to make in `channel`, whatever Discord answered.
fn post_attempts(fake: &FakeDiscord, channel: u64) -> usize {
    fake.requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == format!("/channels/{channel}/messages"))
        .count()
}

/// Plays a move from `panel`: the first move it offers, else opens its first group, and
/// so on. Returns the panel as the move left it (the result, edited in place).
async fn play_first(fake: &FakeDiscord, user: u64, mut panel: RecordedMessage) -> RecordedMessage {
    for _ in 0..MAX_PANEL_TAPS {
        let options = clickables(&panel);
        let (id, value) = options
            .iter()
            .find(|(id, v)| is_move(id, v.as_deref()))
            .or(options.first())
            .cloned()
            .expect("the panel offers something");
        let played = is_move(&id, value.as_deref());
        panel = tap_panel(fake, user, &panel, &id, value.as_deref()).await;
        if played {
            return panel;
        }
    }
    panic!("no move within three taps: {panel:#?}")
}

/// One move by the first awaited player; returns the panel it left (the result).
async fn first_move(fake: &FakeDiscord, channel: u64, seats: &[u64]) -> RecordedMessage {
    let (user, panel) = open_panel(fake, channel, seats).await;
    play_first(fake, user, panel).await
}

/// One move by taps on the live turn message: by `prefer` when they are awaited, else by
/// the first awaited player. False when nobody is awaited.
async fn tap_one_move(
    fake: &FakeDiscord,
    channel: u64,
    seats: &[u64],
    prefer: Option<u64>,
    rng: &mut impl rand::Rng,
) -> bool {
    let Some(turn) = turn_message(fake, channel) else {
        return false;
    };
    let waiting = awaited(&turn, seats);
    let pick = waiting
        .iter()
        .find(|(u, _)| Some(*u) == prefer)
        .or(waiting.first())
        .cloned();
    let Some((user, your_move)) = pick else {
        return false;
    };
    assert!(tap_a_move(fake, user, &turn, &your_move, rng)
        .await
        .is_some());
    true
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_send_messages_the_mover_is_told_and_the_turn_message_follows_once_allowed() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("palazzo-table");
    let seats = [fake.add_user("ana"), fake.add_user("bruno")];
    open_table(&fake, channel, "Palazzo", &seats).await;

    fake.deny(channel, Permissions::SEND_MESSAGES);
    let before = public_messages(&fake, channel).len();
    let (mover, panel) = open_panel(&fake, channel, &seats).await;
    let result = play_first(&fake, mover, panel).await;
    assert!(
        result.content.contains("I am missing **Send Messages**")
            && result.content.contains("Your moves still count"),
        "the mover is told which permission is missing: {}",
        result.content
    );
    assert!(result.flags & 64 != 0, "told privately");
    assert_eq!(
        public_messages(&fake, channel).len(),
        before,
        "nothing could be posted"
    );
    // Told once, privately: the mover's next commands there do not repeat it; the
    // other player is told at their first command there, once.
    let told = |replies: &[RecordedMessage]| {
        replies
            .iter()
            .filter(|m| m.content.contains("I am missing **Send Messages**"))
            .inspect(|m| assert!(m.flags & 64 != 0, "told privately"))
            .count()
    };
    let other = *seats.iter().find(|u| **u != mover).unwrap();
    let mut counts = Vec::new();
    for user in [mover, mover, other, other, mover] {
        let status = fake.slash(user, channel, "game status", json!({}));
        status.replies().await;
        // The notice would be a followup after the board: give it time to come.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let replies: Vec<RecordedMessage> = status
            .original()
            .into_iter()
            .chain(status.followups())
            .collect();
        counts.push(told(&replies));
    }
    assert_eq!(counts, vec![0, 0, 1, 0, 0], "each player told once");

    // A moderator fixes the permission; the next use of the bot there sends the backlog.
    fake.allow(channel, Permissions::SEND_MESSAGES);
    let status = slash(&fake, seats[1], channel, "game status", json!({})).await;
    assert!(!status.is_empty());
    let posted = fake
        .wait_for("the pending turn message", |f| {
            let now = public_messages(f, channel);
            (now.len() > before).then_some(now)
        })
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        public_messages(&fake, channel).len(),
        before + 1,
        "posted exactly once"
    );
    let turn = posted.last().unwrap();
    let waiting = awaited(turn, &seats);
    assert!(!waiting.is_empty(), "the turn message asks someone to move");
    for (user, _) in waiting {
        assert!(
            turn.content.contains(&format!("<@{user}>")),
            "{}",
            turn.content
        );
    }
    fake.assert_no_errors_except(&[50013]);
    bot.stop().await;
}

/// Requests about `channel` that Discord counts as invalid (answered 401, 403 or 429).
fn invalid_requests(fake: &FakeDiscord, channel: u64) -> Vec<RequestRecord> {
    let prefix = format!("/channels/{channel}/");
    fake.requests()
        .into_iter()
        .filter(|r| matches!(r.status, 401 | 403 | 429) && r.path.starts_with(&prefix))
        .collect()
}

/// The most of `requests` (in order) made within any 10 minutes.
fn most_in_ten_minutes(requests: &[RequestRecord]) -> usize {
    let window = Duration::from_secs(600);
    (0..requests.len())
        .map(|i| {
            requests[i..]
                .iter()
                .take_while(|r| r.at - requests[i].at < window)
                .count()
        })
        .max()
        .unwrap_or(0)
}

/// A slash command in `channel`; fails if it cost more than one invalid request there.
async fn command(
    fake: &FakeDiscord,
    channel: u64,
    user: u64,
    path: &str,
    options: Value,
) -> Vec<RecordedMessage> {
    let before = invalid_requests(fake, channel).len();
    let replies = slash(fake, user, channel, path, options).await;
    let cost = invalid_requests(fake, channel).len() - before;
    assert!(cost <= 1, "`/{path}` cost {cost} failing requests");
    replies
}

/// The first legal move of `user` in `channel`, from the move autocomplete.
async fn a_legal_move(fake: &FakeDiscord, channel: u64, user: u64) -> Option<String> {
    typed_moves(fake, user, channel, "palazzo")
        .await
        .into_iter()
        .next()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_commands_without_send_messages_stay_far_from_a_ban() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("no-send");
    let seats = [fake.add_user("ana"), fake.add_user("bruno")];
    let [ana, bruno] = seats;
    fake.deny(channel, Permissions::SEND_MESSAGES);
    let palazzo = game_choice(&fake, "Palazzo");

    // 50 tables opened, looked at and closed, as in the report…
    let mut commands = 0;
    for _ in 0..50 {
        let new = json!({ "game": palazzo });
        command(&fake, channel, ana, "game new", new).await;
        command(&fake, channel, ana, "game status", json!({})).await;
        command(&fake, channel, ana, "game leave", json!({})).await;
        commands += 3;
    }
    // …then a game played with typed moves (the turn messages, and their buttons, cannot
    // be posted), looking at the board between moves.
    let new = json!({ "game": palazzo });
    command(&fake, channel, ana, "game new", new).await;
    command(&fake, channel, bruno, "game join", json!({})).await;
    command(&fake, channel, ana, "game start", json!({})).await;
    commands += 3;
    let mut moves = 0;
    while commands < 200 {
        if commands % 2 == 1 {
            command(&fake, channel, ana, "game status", json!({})).await;
            commands += 1;
            if commands == 200 {
                break;
            }
        }
        let mut mover = None;
        for user in seats {
            if let Some(line) = a_legal_move(&fake, channel, user).await {
                mover = Some((user, line));
                break;
            }
        }
        let (user, line) = mover.expect("someone is awaited");
        command(
            &fake,
            channel,
            user,
            "palazzo move",
            json!({ "move": line }),
        )
        .await;
        commands += 1;
        moves += 1;
    }
    assert!(
        public_messages(&fake, channel).is_empty(),
        "nothing could be posted"
    );
    let failing = invalid_requests(&fake, channel);
    let all_failing = fake
        .requests()
        .iter()
        .filter(|r| matches!(r.status, 401 | 403 | 429))
        .count();
    println!(
        "{commands} commands ({moves} moves): {} failing requests in the channel, {all_failing} in all, \
         at most {} within 10 minutes",
        failing.len(),
        most_in_ten_minutes(&failing)
    );
    assert!(failing.len() <= commands);
    assert!(most_in_ten_minutes(&failing) <= 100);
    assert_eq!(all_failing, failing.len(), "nothing else failed");

    // The permission is given back: the next command there sends what waits, with only
    // the latest turn message (not one per move), and the game goes on.
    fake.allow(channel, Permissions::SEND_MESSAGES);
    command(&fake, channel, bruno, "game status", json!({})).await;
    let turn = fake
        .wait_for("the waiting turn message", |f| turn_message(f, channel))
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let posted = public_messages(&fake, channel);
    let turns = posted
        .iter()
        .filter(|m| m.custom_ids().iter().any(|id| id.ends_with(":y")))
        .count();
    println!("{} posts went out once allowed", posted.len());
    assert_eq!(turns, 1, "one turn message, the latest");
    assert!(
        posted.len() <= commands::dispatch::MAX_WAITING_POSTS,
        "{posted:#?}"
    );
    let (user, _) = awaited(&turn, &seats)[0];
    assert!(
        a_legal_move(&fake, channel, user).await.is_some(),
        "it asks the player who is awaited now"
    );
    first_move(&fake, channel, &seats).await;
    fake.wait_for("the next turn message", |f| {
        turn_message(f, channel).filter(|m| m.id != turn.id)
    })
    .await;
    fake.assert_no_errors_except(&[50013]);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_dms_give_one_notice_per_game_and_the_hand_stays_reachable() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("palazzo-closed-dms");
    let seats = [fake.add_user("ana"), fake.add_user("bruno")];
    let bruno = seats[1];
    fake.set_dms_closed(bruno, true);
    open_table(&fake, channel, "Palazzo", &seats).await;

    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..20 {
        if !tap_one_move(&fake, channel, &seats, None, &mut rng).await {
            break;
        }
    }
    let notice = format!("<@{bruno}>, I could not send you a direct message");
    let notices = public_messages(&fake, channel)
        .iter()
        .filter(|m| m.content.contains(&notice))
        .count();
    assert_eq!(notices, 1, "one notice for the whole game");
    assert!(fake.dms(bruno).is_empty());

    // The hand is still there for him, privately.
    let hand = slash(&fake, bruno, channel, "game hand", json!({})).await;
    assert!(
        hand.iter()
            .any(|m| m.flags & 64 != 0 && m.content.contains("Your hand")),
        "{hand:#?}"
    );

    // He opens his DMs; once he acts, private updates reach him again.
    fake.set_dms_closed(bruno, false);
    for _ in 0..60 {
        if !fake.dms(bruno).is_empty()
            || !tap_one_move(&fake, channel, &seats, Some(bruno), &mut rng).await
        {
            break;
        }
    }
    let dms = fake.dms(bruno);
    assert!(!dms.is_empty(), "DMs resume after he acts");
    assert!(
        dms[0].content.starts_with("**Palazzo** in <#"),
        "{}",
        dms[0].content
    );
    fake.assert_no_errors_except(&[50007]);
    bot.stop().await;
}

/// A post answered 429 with `retry_after` 2.5 s is tried again no sooner than that (the
/// outbox's own backoff would have tried after 1 s), once, and then goes out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_post_waits_its_retry_after() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("busy");
    let seats = [fake.add_user("ana"), fake.add_user("bruno")];
    open_table(&fake, channel, "Palazzo", &seats).await;
    let retry_after = Duration::from_millis(2_500);
    fake.inject_times(
        &format!("POST /channels/{channel}/messages"),
        Failure::RateLimited {
            retry_after,
            global: false,
        },
        1,
    );
    let attempts = post_attempts(&fake, channel);
    first_move(&fake, channel, &seats).await;
    fake.wait_for_within("the retried post", Duration::from_secs(10), |f| {
        (post_attempts(f, channel) > attempts + 1).then_some(())
    })
    .await;
    let posts: Vec<RequestRecord> = fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path == format!("/channels/{channel}/messages"))
        .skip(attempts)
        .collect();
    assert_eq!(posts[0].status, 429);
    let waited = posts[1].at - posts[0].at;
    assert!(
        waited >= retry_after,
        "tried again after {waited:?}, before the {retry_after:?} Discord asked"
    );
    assert_eq!(posts[1].status, 200, "then posted");
    assert!(
        fake.errors().iter().all(|e| e.status == 429 && e.injected),
        "{:?}",
        fake.errors()
    );
    bot.stop().await;
}

/// Replies to interactions go through serenity, which has no rate limiter in front of an
/// `api_base` and drops a 429's `Retry-After`: a slash command's deferral (the interaction
/// callback) and its answer (editing `@original`), each refused once with a 429, are tried
/// again no sooner than the `Retry-After` asked, once each, and the answer reaches the
/// player.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_interaction_reply_waits_its_retry_after() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("busy");
    let seats = [fake.add_user("ana"), fake.add_user("bruno")];
    open_table(&fake, channel, "Palazzo", &seats).await;
    // The deferral must come within Discord's 3 s: a short wait there, a longer one after.
    let waits = [
        (
            "POST",
            "/interactions/*/*/callback",
            Duration::from_millis(700),
        ),
        (
            "PATCH",
            "/webhooks/*/*/messages/@original",
            Duration::from_millis(1_500),
        ),
    ];
    for (method, path, retry_after) in waits {
        fake.inject_times(
            &format!("{method} {path}"),
            Failure::RateLimited {
                retry_after,
                global: false,
            },
            1,
        );
    }
    let before = fake.requests().len();
    let status = fake.slash(seats[0], channel, "game status", json!({}));
    let replies = status.replies().await;
    assert!(
        replies
            .iter()
            .any(|m| !m.content.is_empty() || !m.attachments.is_empty()),
        "the answer reached the player: {replies:?}"
    );
    let requests: Vec<RequestRecord> = fake.requests().into_iter().skip(before).collect();
    for (method, path, retry_after) in waits {
        let (head, tail) = path.split_once("/*/*").unwrap();
        let tries: Vec<&RequestRecord> = requests
            .iter()
            .filter(|r| r.method == method && r.path.starts_with(head) && r.path.ends_with(tail))
            .collect();
        assert_eq!(
            tries.len(),
            2,
            "{method} {path}: one 429, one retry: {tries:?}"
        );
        assert_eq!(tries[0].status, 429);
        assert!(
            tries[1].status < 300,
            "{method} {path}: then answered: {tries:?}"
        );
        let waited = tries[1].at - tries[0].at;
        assert!(
            waited >= retry_after,
            "{method} {path}: tried again after {waited:?}, before the {retry_after:?} asked"
        );
    }
    assert!(
        fake.errors().iter().all(|e| e.status == 429 && e.injected),
        "{:?}",
        fake.errors()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_channel_drops_its_delivery_after_one_try() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("short-lived");
    let seats = [fake.add_user("ana"), fake.add_user("bruno")];
    open_table(&fake, channel, "Palazzo", &seats).await;

    // The move's post fails with a 500: it stays pending and is retried with backoff.
    // Meanwhile a moderator deletes the channel.
    fake.inject_times(
        &format!("POST /channels/{channel}/messages"),
        Failure::ServerError(500),
        1,
    );
    let attempts = post_attempts(&fake, channel);
    first_move(&fake, channel, &seats).await;
    assert_eq!(post_attempts(&fake, channel), attempts + 1);
    fake.delete_channel(channel);

    // The retry hears 10003 Unknown Channel: the delivery is dropped, never tried again.
    fake.wait_for("the retry", |f| {
        (post_attempts(f, channel) > attempts + 1).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    assert_eq!(
        post_attempts(&fake, channel),
        attempts + 2,
        "tried once more, then dropped"
    );
    assert!(
        fake.errors()
            .iter()
            .all(|e| e.code == 10003 || e.status == 500),
        "{:?}",
        fake.errors()
    );

    // The bot goes on serving other channels.
    let other = fake.add_channel("next-table");
    open_table(&fake, other, "Palazzo", &seats).await;
    assert!(turn_message(&fake, other).is_some());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_live_hand_is_sent_again_once_then_edited() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("palazzo-deleted-hand");
    let seats = [
        fake.add_user("ana"),
        fake.add_user("bruno"),
        fake.add_user("carla"),
    ];
    open_table(&fake, channel, "Palazzo", &seats).await;
    assert_live_hands(&fake, channel, &seats).await;
    let ana = seats[0];
    let deleted = live_hand(&fake, ana).expect("ana's live hand");
    let shown = hand_view(&deleted.content).to_string();
    let sent_before = dm_history(&fake, ana).len();
    fake.delete_message(deleted.id);
    assert!(live_hand(&fake, ana).is_none());
    // Play until ana's hand changes twice: the first change sends it anew (the edit
    // answers 10008), the second edits the new message.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut changes = 0;
    let mut last = shown;
    let mut recreated: Option<RecordedMessage> = None;
    for _ in 0..80 {
        assert!(tap_one_move(&fake, channel, &seats, Some(ana), &mut rng).await);
        assert_live_hands(&fake, channel, &seats[1..]).await;
        let view = slash(&fake, ana, channel, "game hand", json!({})).await;
        let view: Vec<&str> = view.iter().map(|m| m.content.as_str()).collect();
        let view = view.join("\n");
        if view == last {
            // Nothing new to show: a deleted live hand stays away until it changes.
            continue;
        }
        changes += 1;
        last = view;
        assert_live_hands(&fake, channel, &[ana]).await;
        let now = live_hand(&fake, ana).expect("ana's live hand is back");
        match &recreated {
            None => recreated = Some(now),
            Some(first) => assert_eq!(first.id, now.id, "sent again only once"),
        }
        if changes >= 2 {
            break;
        }
    }
    assert!(changes >= 2, "ana's hand changed {changes} times");
    let hand = live_hand(&fake, ana).unwrap();
    assert_ne!(hand.id, deleted.id);
    assert!(hand.edits >= 1, "the new live hand is edited in place");
    assert_eq!(dm_history(&fake, ana).len(), sent_before + 1, "one new DM");
    let gone: Vec<_> = fake
        .errors()
        .into_iter()
        .filter(|e| e.code == 10008)
        .collect();
    assert_eq!(gone.len(), 1, "one edit of the deleted hand: {gone:#?}");
    assert_eq!(gone[0].method, "PATCH");
    fake.assert_no_errors_except(&[10008]);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnect_or_a_dropped_connection_resumes_and_replays_what_was_missed() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let seats = [fake.add_user("ana"), fake.add_user("bruno")];
    let first = fake.add_channel("first-table");
    open_table(&fake, first, "Palazzo", &seats).await;

    // Discord asks for a reconnect (op 7) and is slow to greet the new connection: a
    // table opened meanwhile is dispatched while the bot is away, waits in the session's
    // log, and must be replayed on RESUME, then answered.
    fake.hold_gateway(true);
    fake.reconnect();
    let during = fake.add_channel("during-reconnect");
    let choice = game_choice(&fake, "Villa Paletti");
    let new_game = fake.slash(seats[0], during, "game new", json!({ "game": choice }));
    fake.wait_for("the bot's new connection", |f| {
        (f.gateway_stats().connections == 2).then_some(())
    })
    .await;
    assert!(new_game.ack().is_none(), "nobody answers while away");
    assert_eq!(fake.gateway_stats().replayed, 0);
    fake.hold_gateway(false);
    assert!(
        !new_game.replies().await.is_empty(),
        "answered after RESUME"
    );
    let stats = fake.gateway_stats();
    assert_eq!(stats.resumes, 1);
    assert!(stats.replayed >= 1, "the command was replayed: {stats:?}");
    slash(&fake, seats[1], during, "game join", json!({})).await;
    slash(&fake, seats[0], during, "game start", json!({})).await;
    assert!(turn_message(&fake, during).is_some(), "the table goes on");

    // The connection drops (close 4000): resumed again, and moves go on.
    fake.disconnect();
    fake.wait_for("a second RESUME", |f| {
        let stats = f.gateway_stats();
        (stats.resumes == 2 && stats.connected).then_some(())
    })
    .await;
    let before = public_messages(&fake, first).len();
    first_move(&fake, first, &seats).await;
    fake.wait_for("the turn message", |f| {
        (public_messages(f, first).len() > before).then_some(())
    })
    .await;

    let stats = fake.gateway_stats();
    assert_eq!(stats.identifies, 1, "resumed, never identified again");
    assert_eq!(stats.connections, 3);

    // A known event serenity cannot read (a message with only an id) becomes an "unknown
    // event", logged and ignored; the tests hear it (a `Bot::stop` fails on one sent not
    // on purpose) and the bot goes on. The command after it is answered once the frame
    // before it was read.
    fake.dispatch_as_is("MESSAGE_CREATE", json!({ "id": UNREADABLE_ON_PURPOSE }));
    slash(&fake, seats[0], first, "game mine", json!({})).await;
    let unreadable = unreadable_frames(UNREADABLE_ON_PURPOSE);
    assert_eq!(unreadable.len(), 1, "heard: {unreadable:?}");
    fake.assert_no_errors();
    bot.stop().await;
}
