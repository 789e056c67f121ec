//! End to end on the fake Discord: the real bot plays one full game of each of the four
//! games to final scores, the way players do — slash commands, autocomplete, the turn
//! message's buttons and the private move panel. Checked: every interaction acknowledged
//! in time, no Discord error, every awaited player pinged, every turn message and the end
//! carrying the board picture, and no channel message carrying what only one player may
//! know. Prints the per-move figures (REST calls, channel messages, interaction latency).

mod common;
use common::ratings::{
    change_of, choice_of, my_rating, play_with_two_easy_bots, rating_board, ratings_told,
};
use common::tournaments::{answer, play_the_tournament, tournament_choice};
use common::*;
use fake_discord::FakeDiscord;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde_json::json;
use std::time::Duration;

/// Most moves a test game may take before it is called stuck.
const MOVE_LIMIT: usize = 3_000;

struct Played {
    channel: u64,
    /// The players, by seat.
    seats: Vec<u64>,
    moves: usize,
    requests: usize,
    /// Public channel messages posted during play.
    channel_messages: usize,
    /// Ephemeral messages left behind (panels and private answers).
    ephemeral_messages: usize,
    /// Taps after "Your move" for each move.
    taps: Vec<usize>,
    /// Longest turn message (characters).
    longest_turn: usize,
}

/// What everyone sees in the channel (not the ephemeral replies only one user sees).
fn public(messages: &[fake_discord::RecordedMessage]) -> Vec<&fake_discord::RecordedMessage> {
    messages.iter().filter(|m| m.flags & 64 == 0).collect()
}

/// How a test game is played: the players' `/game notify` choice, and whether every
/// live hand is checked against the seat's private view after every move.
#[derive(Debug, Clone, Copy, Default)]
struct Way {
    notify: Option<&'static str>,
    check_hands: bool,
}

async fn play_full_game(fake: &FakeDiscord, title: &str, players: usize, seed: u64) -> Played {
    play_game(fake, title, players, seed, Way::default()).await
}

async fn play_game(fake: &FakeDiscord, title: &str, players: usize, seed: u64, way: Way) -> Played {
    let channel = fake.add_channel(&format!("{}-table", title.to_lowercase().replace(' ', "-")));
    let seats: Vec<u64> = (0..players)
        .map(|i| fake.add_user(&format!("player{i}")))
        .collect();
    if let Some(word) = way.notify {
        for &user in &seats {
            choose_notify(fake, user, channel, word).await;
        }
    }
    open_table(fake, channel, title, &seats).await;
    if way.check_hands {
        assert_live_hands(fake, channel, &seats).await;
    }
    let requests_before = fake.requests().len();
    let before = fake.channel_messages(channel);
    let public_before = public(&before).len();
    let ephemeral_before = before.len() - public_before;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut moves = 0;
    let mut taps = Vec::new();
    let mut longest_turn = 0;
    loop {
        let now = fake.channel_messages(channel);
        if now.iter().any(|m| m.content.contains("Final scores")) {
            break;
        }
        // One live prompt: only the newest turn message has buttons.
        let live = public(&now)
            .into_iter()
            .filter(|m| m.custom_ids().iter().any(|id| id.ends_with(":y")))
            .count();
        assert!(live <= 1, "{title}: {live} turn messages with buttons");
        let Some(turn) = turn_message(fake, channel) else {
            break;
        };
        longest_turn = longest_turn.max(turn.content.chars().count());
        // Every turn message shows the board as a picture.
        picture_on(&turn);
        let waiting = awaited(&turn, &seats);
        if waiting.is_empty() {
            break;
        }
        // Every awaited player is pinged by the turn message.
        for (user, _) in &waiting {
            assert!(
                turn.content.contains(&format!("<@{user}>")),
                "{title}: <@{user}> awaited but not pinged in: {}",
                turn.content
            );
        }
        let (user, your_move) = waiting.choose(&mut rng).unwrap().clone();
        let tapped = tap_a_move(fake, user, &turn, &your_move, &mut rng).await;
        taps.push(tapped.unwrap_or_else(|| panic!("{title}: the panel offered nothing")));
        moves += 1;
        let over = fake
            .channel_messages(channel)
            .iter()
            .any(|m| m.content.contains("Final scores"));
        if way.check_hands && !over {
            assert_live_hands(fake, channel, &seats).await;
        }
        assert!(moves < MOVE_LIMIT, "{title}: not over after {moves} moves");
    }
    let messages = fake.channel_messages(channel);
    let last = messages.last().expect("messages");
    assert!(
        messages.iter().any(|m| m.content.contains("Final scores")),
        "{title}: no final scores; last message: {}",
        last.content
    );
    // The end message shows the final board (on its last part, if it comes in parts).
    picture_on(&picture_part(fake, channel, "Final scores").await);
    // Over: no turn message keeps buttons.
    assert!(
        public(&messages)
            .iter()
            .all(|m| !m.custom_ids().iter().any(|id| id.ends_with(":y"))),
        "{title}: a finished game still shows a live prompt"
    );
    // Nothing private reached the channel before the end.
    let private: Vec<_> = seats.iter().flat_map(|u| fake.dms(*u)).collect();
    let secrets = secret_lines(&private);
    // At the end the scores reveal what was hidden (prestige cards, money): only
    // the messages posted before the final scores are checked.
    let end = messages
        .iter()
        .position(|m| m.content.contains("Final scores"))
        .unwrap_or(messages.len());
    for m in public(&messages[..end]) {
        assert_no_secret_in(&message_json(m), &secrets, title);
    }
    let public_now = public(&messages).len();
    Played {
        channel,
        seats,
        moves,
        requests: fake.requests().len() - requests_before,
        channel_messages: public_now - public_before,
        ephemeral_messages: messages.len() - public_now - ephemeral_before,
        taps,
        longest_turn,
    }
}

/// Moves typed with `/<game> move`, picked from autocomplete, as some players will.
async fn type_moves(fake: &FakeDiscord, title: &str, n: usize) {
    let channel = fake.add_channel("typed-moves");
    let seats: Vec<u64> = (0..2)
        .map(|i| fake.add_user(&format!("typist{i}")))
        .collect();
    open_table(fake, channel, title, &seats).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let group = title_group(title);
    for _ in 0..n {
        let turn = turn_message(fake, channel).expect("a turn message");
        let (user, _) = awaited(&turn, &seats)[0].clone();
        let choices = typed_moves(fake, user, channel, group).await;
        assert!(!choices.is_empty() && choices.len() <= 25);
        let pick = choices.choose(&mut rng).unwrap();
        let before = public(&fake.channel_messages(channel)).len();
        slash(
            fake,
            user,
            channel,
            &format!("{group} move"),
            json!({ "move": pick }),
        )
        .await;
        fake.wait_for("the typed move's turn message", |f| {
            (public(&f.channel_messages(channel)).len() > before).then_some(())
        })
        .await;
    }
}

fn title_group(title: &str) -> &'static str {
    match title {
        "Palazzo" => "palazzo",
        "Villa Paletti" => "villa",
        "The Estates" => "estates",
        _ => "princes",
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_plays_to_final_scores_through_discord() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    for (i, (title, players)) in [
        ("Palazzo", 3),
        ("The Estates", 3),
        ("Villa Paletti", 2),
        ("The Princes of Florence", 3),
    ]
    .into_iter()
    .enumerate()
    {
        let played = play_full_game(&fake, title, players, 40 + i as u64).await;
        let per_move = |n: usize| n as f64 / played.moves as f64;
        let mut taps = played.taps.clone();
        taps.sort();
        println!(
            "e2e_{}: moves={} rest_calls_per_move={:.2} channel_messages_per_move={:.2} \
             ephemeral_left_per_move={:.2} taps_median={} taps_max={} turn_message_max_chars={}",
            title_group(title),
            played.moves,
            per_move(played.requests),
            per_move(played.channel_messages),
            per_move(played.ephemeral_messages),
            taps[taps.len() / 2],
            taps.last().unwrap(),
            played.longest_turn
        );
        assert!(
            per_move(played.channel_messages) <= 1.0,
            "{title}: channel messages per move"
        );
        assert!(
            per_move(played.ephemeral_messages) <= 1.0,
            "{title}: ephemeral messages per move"
        );
        assert!(
            played.longest_turn <= 500,
            "{title}: a turn message of {} chars",
            played.longest_turn
        );
        step_through_history(&fake, played.channel, &played.seats, title).await;
    }
    type_moves(&fake, "Palazzo", 6).await;
    fake.assert_no_errors();
    let mut latencies = fake.ack_latencies();
    latencies.sort();
    assert!(latencies.iter().all(|l| *l < Duration::from_secs(3)));
    println!(
        "interaction_ack_p50_ms={:.1} interaction_ack_p99_ms={:.1} interactions={}",
        percentile(&latencies, 0.5).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.len()
    );
    let took = bot.stop().await;
    assert!(took < Duration::from_secs(2), "shutdown took {took:?}");
}

/// "step N of M" of a replay message.
fn step_of(m: &fake_discord::RecordedMessage) -> (usize, usize) {
    let words: Vec<&str> = m.content.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| *w == "step")
        .unwrap_or_else(|| panic!("no step in: {}", m.content));
    (
        words[at + 1].parse().unwrap(),
        words[at + 3].parse().unwrap(),
    )
}

/// `/game history` over the game just finished in `channel`, picked from the picker by
/// one of its players: a private message at the setup whose buttons step forward, back,
/// by round and to both ends, editing it in place. Every step shows a public picture the
/// channel showed too (never a DM's) and no line only a DM carried.
async fn step_through_history(fake: &FakeDiscord, channel: u64, seats: &[u64], title: &str) {
    let user = seats[1];
    let choices = fake
        .autocomplete(user, channel, "game history", json!({"game": ""}), "game")
        .choices()
        .await;
    let label = choices
        .first()
        .and_then(|c| c["name"].as_str())
        .unwrap_or("");
    assert!(label.contains(title), "{title}: picker offers {choices:?}");
    let replies = slash(
        fake,
        user,
        channel,
        "game history",
        json!({"game": choices[0]["value"]}),
    )
    .await;
    let mut replay = replies
        .into_iter()
        .find(|m| !m.components.is_empty())
        .expect("a replay message with buttons");
    let public = public_messages(fake, channel);
    let shown: Vec<Vec<u8>> = public
        .iter()
        .flat_map(|m| m.attachments.iter().map(|f| f.bytes.clone()))
        .collect();
    let dms: Vec<_> = seats.iter().flat_map(|u| fake.dms(*u)).collect();
    let dm_pictures: Vec<Vec<u8>> = dms
        .iter()
        .flat_map(|m| m.attachments.iter().map(|f| f.bytes.clone()))
        .collect();
    // Lines only a DM carried (the end message reveals some: those are public now).
    let secrets: Vec<String> = secret_lines(&dms)
        .into_iter()
        .filter(|l| !public.iter().any(|m| m.content.contains(l.as_str())))
        .collect();
    let check = |m: &fake_discord::RecordedMessage| {
        assert!(m.flags & 64 != 0, "{title}: a replay is private");
        let png = &picture_on(m).bytes;
        assert!(
            shown.contains(png),
            "{title}: a picture the channel never showed, at {}",
            m.content
        );
        assert!(
            !dm_pictures.contains(png),
            "{title}: a private picture in a replay"
        );
        assert_no_secret_in(&message_json(m), &secrets, title);
        assert_no_markup(&m.content, &[]);
    };
    check(&replay);
    let (first, steps) = step_of(&replay);
    assert_eq!(first, 1, "{title}: a finished game replays from its setup");
    assert!(steps > 4, "{title}: {steps} steps");
    let enabled = |m: &fake_discord::RecordedMessage, action: &str| {
        m.components.iter().any(|row| {
            row["components"].as_array().into_iter().flatten().any(|c| {
                c["custom_id"]
                    .as_str()
                    .is_some_and(|id| action_of(id) == action)
                    && c["disabled"] != true
            })
        })
    };
    assert!(
        !enabled(&replay, "vf") && !enabled(&replay, "vp"),
        "{title}: nothing before the setup"
    );
    let mut at = 1;
    for (action, expected) in [
        ("vn", Some(2)),
        ("vn", Some(3)),
        ("vn", Some(4)),
        ("vp", Some(3)),
        ("vr", None),
        ("vl", Some(steps)),
        ("vp", Some(steps - 1)),
        ("vf", Some(1)),
    ] {
        let id = clickables(&replay)
            .into_iter()
            .map(|(id, _)| id)
            .find(|id| action_of(id) == action)
            .unwrap_or_else(|| panic!("{title}: no {action} button"));
        replay = tap_panel(fake, user, &replay, &id, None).await;
        check(&replay);
        let (step, of) = step_of(&replay);
        assert_eq!(of, steps, "{title}");
        match expected {
            Some(n) => assert_eq!(step, n, "{title}: after {action}"),
            // The next round starts later (or the replay ends).
            None => assert!(step > at, "{title}: next round went from {at} to {step}"),
        }
        if step == steps {
            assert!(
                !enabled(&replay, "vn") && !enabled(&replay, "vl"),
                "{title}: nothing after the end"
            );
        }
        at = step;
    }
}

/// A button or menu the bot does not recognise — an old message, another version's id, a
/// damaged or forged one, one from another channel — gets a private sentence, never
/// "This interaction failed".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_button_gets_a_private_sentence() {
    use poise::serenity_prelude as serenity;
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("old-buttons");
    let user = fake.add_user("ana");
    // A message as an older version of the bot left it (posted with the bot's token).
    let http = serenity::HttpBuilder::new(fake.token())
        .proxy(fake.api_base().trim_end_matches('/'))
        .ratelimiter_disabled(true)
        .build();
    let ids = [
        "v0-move:3".to_string(),
        format!("cm1:{channel}:1:2:0:zz"),
        format!("cm1:{}:1:2:0:y", channel + 1),
    ];
    let buttons = ids
        .iter()
        .map(|id| serenity::CreateButton::new(id.clone()).label("Old"))
        .collect();
    serenity::ChannelId::new(channel)
        .send_message(
            &http,
            serenity::CreateMessage::new()
                .content("A message from another version")
                .components(vec![serenity::CreateActionRow::Buttons(buttons)]),
        )
        .await
        .expect("posted");
    let old = fake
        .channel_messages(channel)
        .pop()
        .expect("the old message");
    for id in &ids {
        let replies = fake.click(user, &old, id).replies().await;
        assert_eq!(replies.len(), 1, "{id}: {replies:#?}");
        let answer = &replies[0];
        assert!(answer.flags & 64 != 0, "{id}: the answer is private");
        assert!(
            answer.content.ends_with('.') && answer.content.len() > 20,
            "{id}: {}",
            answer.content
        );
        assert_no_markup(&answer.content, &[]);
    }
    // The gateway was asked for guild events only: the bot reads nothing else.
    assert_eq!(
        fake.identify_intents(),
        vec![serenity::GatewayIntents::GUILDS.bits()]
    );
    fake.assert_no_errors();
    bot.stop().await;
}

/// The first public message after the first `after` ones that contains `text`.
async fn wait_public(
    fake: &FakeDiscord,
    channel: u64,
    after: usize,
    text: &str,
) -> fake_discord::RecordedMessage {
    fake.wait_for(&format!("`{text}` in the channel"), |f| {
        public_messages(f, channel)
            .into_iter()
            .skip(after)
            .find(|m| m.content.contains(text))
    })
    .await
}

/// A Palazzo move typed by `user`; waits for the channel message it causes.
async fn typed(fake: &FakeDiscord, channel: u64, user: u64, line: &str) {
    let before = public_messages(fake, channel).len();
    slash(fake, user, channel, "palazzo move", json!({ "move": line })).await;
    fake.wait_for(&format!("the channel message after `{line}`"), |f| {
        (public_messages(f, channel).len() > before).then_some(())
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_is_refused_after_a_reveal_and_approved_by_button_otherwise() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("palazzo-undo");
    let seats = [
        fake.add_user("ana"),
        fake.add_user("bruno"),
        fake.add_user("carla"),
    ];
    open_table(&fake, channel, "Palazzo", &seats).await;
    let next = |fake: &FakeDiscord| {
        let turn = turn_message(fake, channel).expect("a turn message");
        awaited(&turn, &seats)[0].0
    };
    let active = next(&fake);
    // Drawing turns tiles up: it cannot be taken back.
    typed(&fake, channel, active, "draw").await;
    let refused = slash(&fake, active, channel, "game undo", json!({})).await;
    assert!(
        refused[0].content.contains("can no longer be taken back") && refused[0].flags & 64 != 0,
        "{refused:#?}"
    );
    // Opening an auction reveals nothing; the next bidder passes, then the opener asks.
    typed(&fake, channel, active, "auction").await;
    let bidder = next(&fake);
    assert_ne!(bidder, active);
    typed(&fake, channel, bidder, "pass").await;
    let third = *seats
        .iter()
        .find(|u| **u != active && **u != bidder)
        .unwrap();
    let before = public_messages(&fake, channel).len();
    let asked = slash(&fake, active, channel, "game undo", json!({})).await;
    assert!(
        asked
            .iter()
            .any(|m| m.content.contains("I asked") && m.flags & 64 != 0),
        "{asked:#?}"
    );
    let request = wait_public(&fake, channel, before, "asks to take back their last move").await;
    assert!(
        request.content.contains(&format!("<@{bidder}>"))
            && !request.content.contains(&format!("<@{third}>")),
        "only the bidder is asked: {}",
        request.content
    );
    let approve = request
        .custom_ids()
        .into_iter()
        .find(|id| id.ends_with(":sa"))
        .expect("an Approve button");
    let own = fake.click(active, &request, &approve).replies().await;
    assert!(
        own[0].content.contains("You asked for this undo"),
        "{own:#?}"
    );
    let other = fake.click(third, &request, &approve).replies().await;
    assert!(other[0].content.contains("Only the players"), "{other:#?}");
    fake.click(bidder, &request, &approve).replies().await;
    let undone = wait_public(&fake, channel, before, "Everyone approved").await;
    assert!(
        undone.content.contains("(2 moves in all)"),
        "{}",
        undone.content
    );
    picture_on(&undone);
    // The new turn message awaits the opener again, with the auction not yet opened.
    assert_eq!(next(&fake), active);
    let late = fake.click(bidder, &request, &approve).replies().await;
    assert!(late[0].content.contains("no longer open"), "{late:#?}");
    // With no one moving since, it is taken back at once.
    typed(&fake, channel, active, "auction").await;
    let before = public_messages(&fake, channel).len();
    slash(&fake, active, channel, "game undo", json!({})).await;
    wait_public(&fake, channel, before, "took back their last move.").await;
    assert_eq!(next(&fake), active);
    let log = slash(&fake, third, channel, "game log", json!({})).await;
    assert!(log[0].content.contains("(taken back)"), "{log:#?}");
    fake.assert_no_errors();
    bot.stop().await;
}

/// An undo request is refused by a button, lapses after the table's reminder interval
/// (shorter than ten minutes here), and is cancelled by a new move (the channel is told);
/// nothing is taken back in any of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_is_refused_lapses_and_is_cancelled_by_a_move() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let timers = table::Defaults {
        remind_after: 3,
        remind_every: 0,
        timeout_after: 0,
        on_timeout: storage::TimeoutPolicy::Auto,
    };
    let bot = Bot::start_with(&fake, dir.path(), timers).await;
    let channel = fake.add_channel("palazzo-no-undo");
    let seats = [
        fake.add_user("ana"),
        fake.add_user("bruno"),
        fake.add_user("carla"),
    ];
    open_table(&fake, channel, "Palazzo", &seats).await;
    let next = |fake: &FakeDiscord| {
        let turn = turn_message(fake, channel).expect("a turn message");
        awaited(&turn, &seats)[0].0
    };
    let active = next(&fake);
    // Tiles drawn (that stays), then an auction opened: that can be taken back.
    typed(&fake, channel, active, "draw").await;
    typed(&fake, channel, active, "auction").await;
    let bidder = next(&fake);
    typed(&fake, channel, bidder, "pass").await;
    /// `active` asks to undo; the request and its Approve and Refuse buttons.
    async fn ask(
        fake: &FakeDiscord,
        channel: u64,
        active: u64,
    ) -> (fake_discord::RecordedMessage, String, String) {
        let before = public_messages(fake, channel).len();
        slash(fake, active, channel, "game undo", json!({})).await;
        let request = wait_public(fake, channel, before, "asks to take back their last move").await;
        let button = |suffix: &str| {
            request
                .custom_ids()
                .into_iter()
                .find(|id| id.ends_with(suffix))
                .expect("an Approve and a Refuse button")
        };
        let (approve, refuse) = (button(":sa"), button(":sr"));
        (request, approve, refuse)
    }
    // Refused: the channel is told, the turn stays with the next bidder.
    let (request, _, refuse) = ask(&fake, channel, active).await;
    let before = public_messages(&fake, channel).len();
    fake.click(bidder, &request, &refuse).replies().await;
    wait_public(&fake, channel, before, "refused to take back").await;
    assert_ne!(next(&fake), active, "nothing was taken back");
    // Lapsed: the reminder interval (3 s) is shorter than ten minutes.
    let (request, approve, _) = ask(&fake, channel, active).await;
    assert!(request.content.contains("within 3"), "{}", request.content);
    tokio::time::sleep(Duration::from_millis(3_500)).await;
    let late = fake.click(bidder, &request, &approve).replies().await;
    assert!(late[0].content.contains("lapsed"), "{late:#?}");
    assert_ne!(next(&fake), active, "nothing was taken back");
    // Cancelled by a move: the awaited player moves instead of answering.
    let (request, approve, _) = ask(&fake, channel, active).await;
    let before = public_messages(&fake, channel).len();
    let mover = next(&fake);
    let line = typed_moves(&fake, mover, channel, "palazzo")
        .await
        .into_iter()
        .next()
        .expect("a move to make");
    typed(&fake, channel, mover, &line).await;
    let notice = wait_public(&fake, channel, before, "undo request is cancelled").await;
    assert!(notice.components.is_empty(), "{notice:#?}");
    let void = fake.click(bidder, &request, &approve).replies().await;
    assert!(void[0].content.contains("no longer open"), "{void:#?}");
    let log = slash(&fake, active, channel, "game log", json!({})).await;
    assert!(!log[0].content.contains("(taken back)"), "{log:#?}");
    fake.assert_no_errors();
    bot.stop().await;
}

/// The games every player count of the issue was measured on: three players each.
const TITLES: [&str; 4] = [
    "Palazzo",
    "The Estates",
    "Villa Paletti",
    "The Princes of Florence",
];

/// Waits for every player's end-of-game DM, then counts each one's new DMs (every one a
/// notification) and, of those, the turn DMs; no player got the same DM twice in a row.
async fn new_dms(fake: &FakeDiscord, title: &str, seats: &[u64]) -> Vec<(usize, usize)> {
    let mut counts = Vec::new();
    for &user in seats {
        let end = fake
            .wait_for(&format!("{title}: the end DM to {user}"), |f| {
                f.dms(user)
                    .into_iter()
                    .find(|m| m.content.contains("🏁 The game is over."))
            })
            .await;
        assert!(end.content.contains("/game history"), "{}", end.content);
        assert!(
            end.content.starts_with(&format!("**{title}** in <#")),
            "{}",
            end.content
        );
        let history = dm_history(fake, user);
        for pair in history.windows(2) {
            assert_ne!(
                pair[0].content, pair[1].content,
                "{title}: the same DM twice in a row"
            );
        }
        let turns = history
            .iter()
            .filter(|m| {
                m.content
                    .split_once('\n')
                    .is_some_and(|(_, b)| b.starts_with("🎲"))
            })
            .count();
        counts.push((history.len(), turns));
    }
    counts
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_live_hand_per_player_keeps_new_dms_few_in_every_game() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let way = Way {
        notify: None,
        check_hands: true,
    };
    for (i, title) in TITLES.into_iter().enumerate() {
        let played = play_game(&fake, title, 3, 70 + i as u64, way).await;
        let counts = new_dms(&fake, title, &played.seats).await;
        let totals: Vec<usize> = counts.iter().map(|c| c.0).collect();
        println!(
            "new_dms_per_player_{} notify=ping moves={}: {totals:?}",
            title_group(title),
            played.moves
        );
        // The seating DM, the live hand, the end: nothing else by default.
        for (total, turns) in counts {
            assert!(total <= 3, "{title}: {total} new DMs");
            assert_eq!(turns, 0, "{title}: a turn DM nobody chose");
        }
        // The live hands were edited in place.
        let edits: u32 = played
            .seats
            .iter()
            .filter_map(|u| live_hand(&fake, *u))
            .map(|h| h.edits)
            .sum();
        assert!(
            title == "Villa Paletti" || edits > 0,
            "{title}: no live hand edited"
        );
    }
    fake.assert_no_errors();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_who_choose_dm_also_get_one_dm_per_turn() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let way = Way {
        notify: Some("dm"),
        check_hands: false,
    };
    for (i, title) in TITLES.into_iter().enumerate() {
        let played = play_game(&fake, title, 3, 80 + i as u64, way).await;
        let counts = new_dms(&fake, title, &played.seats).await;
        println!(
            "new_dms_per_player_{} notify=dm moves={}: (all, of which turn DMs) {counts:?}",
            title_group(title),
            played.moves
        );
        for (total, turns) in &counts {
            assert!(
                total - turns <= 3,
                "{title}: {total} new DMs, {turns} for turns"
            );
            // A turn DM when a turn begins: never more than one per move.
            assert!(*turns <= played.moves, "{title}: {turns} turn DMs");
        }
        assert!(
            counts.iter().all(|c| c.1 > 0),
            "{title}: a player never told of a turn"
        );
        // Each player's DM channel was opened once, however many DMs they got.
        for &user in &played.seats {
            assert_eq!(
                fake.dm_channel_opens(user),
                1,
                "{title}: DM channel of {user}"
            );
        }
    }
    fake.assert_no_errors();
    bot.stop().await;
}

/// One person and two easy bots play each game to the end through Discord: the game
/// starts at once, the bots' moves come from the search pool (tiny budgets in tests),
/// every chain of bot moves is told in one channel message, no bot is ever mentioned,
/// and nothing private reaches the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_and_two_bots_play_every_game_to_the_end() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    for (i, title) in [
        "The Princes of Florence",
        "Palazzo",
        "Villa Paletti",
        "The Estates",
    ]
    .into_iter()
    .enumerate()
    {
        let channel = fake.add_channel(&format!("bots-{i}"));
        let ana = fake.add_user(&format!("solo{i}"));
        let choice = game_choice(&fake, title);
        let level = level_choice(&fake, "easy");
        slash(
            &fake,
            ana,
            channel,
            "game new",
            json!({ "game": choice, "bots": 2, "level": level }),
        )
        .await;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(70 + i as u64);
        let mut moves = 0;
        loop {
            // Wait for the game's end or a turn message asking the person to move.
            let after = fake
                .wait_for(&format!("{title}: ana's turn or the end"), |f| {
                    let all = public_messages(f, channel);
                    if all.iter().any(|m| m.content.contains("Final scores")) {
                        return Some(None);
                    }
                    let turn = turn_message(f, channel)?;
                    (!awaited(&turn, &[ana]).is_empty()).then_some(Some(turn))
                })
                .await;
            let Some(turn) = after else {
                break;
            };
            let (user, your_move) = awaited(&turn, &[ana])[0].clone();
            let before = public_messages(&fake, channel).len();
            if tap_a_move(&fake, user, &turn, &your_move, &mut rng)
                .await
                .is_none()
            {
                let recent: Vec<String> = public_messages(&fake, channel)
                    .iter()
                    .rev()
                    .take(4)
                    .map(|m| m.content.clone())
                    .collect();
                panic!(
                    "{title}: the panel offered nothing on {}\nrecent: {recent:#?}",
                    turn.content
                );
            }
            moves += 1;
            assert!(moves < MOVE_LIMIT, "{title}: not over after {moves} moves");
            // What follows the person's move until their next turn (or the end): their
            // move's message and at most one message for the bots' whole chain.
            let answered = |f: &FakeDiscord| {
                let all = public_messages(f, channel);
                all.iter().any(|m| m.content.contains("Final scores"))
                    || turn_message(f, channel)
                        .is_some_and(|t| t.id != turn.id && !awaited(&t, &[ana]).is_empty())
            };
            // A move nobody else is told of (an Estates stash) that leaves ana awaited
            // posts nothing: after a while with no message at all, ana moves again.
            let mut silent = false;
            for _ in 0..40 {
                if answered(&fake) {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                silent = public_messages(&fake, channel).len() == before
                    && turn_message(&fake, channel).is_some_and(|t| t.id == turn.id);
            }
            if !silent {
                fake.wait_for(&format!("{title}: the answer to ana's move"), |f| {
                    answered(f).then_some(())
                })
                .await;
            }
            let new = public_messages(&fake, channel)[before..].len();
            // Bots awaited together with the person (a phase everyone plays at once, like
            // the Princes' first choice) each tell their move: the person may move in
            // between. Otherwise: the person's move, then one message for the chain.
            let waiting_line = turn
                .content
                .lines()
                .find(|l| l.starts_with("⏳ Waiting for"))
                .unwrap_or("");
            let bots_alongside = waiting_line.matches("Bot ").count();
            assert!(
                new <= 2 + bots_alongside,
                "{title}: {new} channel messages for one move and one bot chain"
            );
        }
        let messages = public_messages(&fake, channel);
        assert!(
            messages.iter().any(|m| m.content.contains("Final scores")),
            "{title}: no final scores"
        );
        assert!(
            messages.iter().all(|m| !m.content.contains("<@922337")),
            "{title}: a bot was mentioned"
        );
        let texts: Vec<String> = messages
            .iter()
            .map(|m| m.content.replace('\\', ""))
            .collect();
        assert!(
            texts.iter().any(|t| t.contains("Bot Lorenzo (easy)")),
            "{title}: the bots' seats are named"
        );
        let secrets = secret_lines(&fake.dms(ana));
        let end = messages
            .iter()
            .position(|m| m.content.contains("Final scores"))
            .unwrap_or(messages.len());
        for m in &messages[..end] {
            assert_no_secret_in(&message_json(m), &secrets, title);
        }
        // Rated against the bots' anchors: the change told in the end message after the
        // scores, and the same number in `/game rating` (alone at this title on the
        // server: first of one).
        let told = ratings_told(&fake, channel, "**Final scores**", "📈 **Ratings**").await;
        let (delta, shown) = change_of(&told, &format!("solo{i}"));
        assert!(told.contains(" (provisional)"), "{told}");
        let reply = my_rating(&fake, ana, channel).await;
        let line = format!(
            "**{title}**: {shown} · 1 rated game · last change {delta} · rank 1 of 1 (provisional)"
        );
        assert!(reply.contains(&line), "{title}: {line} in {reply}");
        println!("{title}: ana made {moves} moves against two easy bots; rated {delta} → {shown}");
        // The title's rating leaderboard: a picture whose description names the player.
        let board = rating_board(&fake, ana, channel, title).await;
        let file = picture_on(&board);
        let alt = file.description.clone().unwrap_or_default();
        assert!(
            alt.starts_with(&format!("Ratings — {title}. "))
                && alt.contains(&format!(
                    "\n1. solo{i}: {shown}, 1 rated game (provisional)"
                )),
            "{title}: {alt}"
        );
    }
    bot.stop().await;
}

/// The lobby message's buttons: Join seats the clicker, Add a bot seats a normal bot,
/// Start is the host's; only the newest lobby message keeps them, and the game's first
/// turn message takes them away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_buttons_seat_players_and_bots_and_start_the_game() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.channel();
    let (ana, bruno) = (fake.add_user("ana"), fake.add_user("bruno"));
    let choice = game_choice(&fake, "Palazzo");
    slash(&fake, ana, channel, "game new", json!({ "game": choice })).await;
    let lobby = wait_public(&fake, channel, 0, "opened a table for **Palazzo**").await;
    let button = |m: &fake_discord::RecordedMessage, label: &str| -> String {
        clickables(m)
            .into_iter()
            .map(|(id, _)| id)
            .find(|id| {
                m.components.iter().any(|row| {
                    row["components"].as_array().into_iter().flatten().any(|c| {
                        c["custom_id"].as_str() == Some(id.as_str()) && c["label"] == label
                    })
                })
            })
            .unwrap_or_else(|| panic!("no {label} button on {m:#?}"))
    };
    let labels = |m: &fake_discord::RecordedMessage| -> Vec<String> {
        m.components
            .iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter_map(|c| c["label"].as_str().map(String::from))
            .collect()
    };
    assert_eq!(labels(&lobby), ["Join", "Add a bot", "Start"], "{lobby:#?}");

    // Bruno joins with the button: the new lobby message has the buttons, the old lost them.
    let before = public_messages(&fake, channel).len();
    fake.click(bruno, &lobby, &button(&lobby, "Join"))
        .replies()
        .await;
    let joined = wait_public(&fake, channel, before, "bruno joined (2/4)").await;
    assert_eq!(labels(&joined), ["Join", "Add a bot", "Start"]);
    fake.wait_for("the first lobby message loses its buttons", |f| {
        f.message(lobby.id).filter(|m| m.components.is_empty())
    })
    .await;

    // Only the host starts or seats bots (the table's own refusals, privately).
    let replies = fake
        .click(bruno, &joined, &button(&joined, "Add a bot"))
        .replies()
        .await;
    assert!(
        replies
            .iter()
            .any(|m| m.content.contains("Only the host (ana) can")),
        "{replies:#?}"
    );
    let replies = fake
        .click(bruno, &joined, &button(&joined, "Start"))
        .replies()
        .await;
    assert!(
        replies
            .iter()
            .any(|m| m.content.contains("Only the host (ana) can start")),
        "{replies:#?}"
    );
    let before = public_messages(&fake, channel).len();
    fake.click(ana, &joined, &button(&joined, "Add a bot"))
        .replies()
        .await;
    let seated = wait_public(&fake, channel, before, "(3/4)").await;
    assert!(
        seated.content.contains("ana seated Bot ") && seated.content.contains("normal"),
        "{seated:#?}"
    );

    // The host starts: the game begins and the last lobby message loses its buttons.
    let before = public_messages(&fake, channel).len();
    fake.click(ana, &seated, &button(&seated, "Start"))
        .replies()
        .await;
    wait_public(&fake, channel, before, "**Palazzo** begins!").await;
    fake.wait_for("the last lobby message loses its buttons", |f| {
        f.message(seated.id).filter(|m| m.components.is_empty())
    })
    .await;
    fake.assert_no_errors();
    bot.stop().await;
}

/// A game through serenity's own rate limiter (as against Discord) on tight buckets: the
/// fake's `X-RateLimit-*` headers empty buckets along the way, serenity waits each out,
/// and a request is answered 429 only now and then, at a window's edge.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_plays_through_serenitys_rate_limiter_without_a_429() {
    let fake = FakeDiscord::start_with(fake_discord::Config {
        rate_limit: fake_discord::RateLimit {
            requests: 3,
            per: Duration::from_millis(500),
        },
        ..fake_discord::Config::default()
    })
    .await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start_with_serenity_rate_limiter(&fake, dir.path()).await;
    let played = play_full_game(&fake, "Villa Paletti", 2, 11).await;
    let (emptied, refused) = fake.rate_limit_stats();
    println!(
        "serenity_rate_limiter moves={} buckets_emptied={emptied} refused={refused}",
        played.moves
    );
    assert!(
        emptied > 0,
        "no bucket was ever emptied: the test proves nothing"
    );
    // Serenity waits each emptied bucket out. A request sent right at a window's end may
    // still meet the old window (the client's clock and the fake's race there, as with
    // Discord; seen under a loaded machine): serenity then waits the 429's Retry-After
    // and tries again. Without the limiter nearly every emptied bucket would end in 429s.
    assert!(
        refused * 4 <= emptied,
        "{refused} requests answered 429 for {emptied} buckets emptied"
    );
    let errors: Vec<_> = fake
        .errors()
        .into_iter()
        .filter(|e| !e.injected && e.status != 429)
        .collect();
    assert!(
        errors.is_empty(),
        "fake-discord answered errors: {errors:#?}"
    );
    bot.stop().await;
}

/// The one file on a private answer: its name and bytes (and it has its description).
fn exported(replies: &[fake_discord::RecordedMessage]) -> (String, Vec<u8>) {
    assert_eq!(replies.len(), 1, "{replies:#?}");
    assert!(replies[0].flags & 64 != 0, "the export is private");
    let [file] = replies[0].attachments.as_slice() else {
        panic!("one file expected: {:#?}", replies[0]);
    };
    assert!(file.description.as_ref().is_some_and(|d| !d.is_empty()));
    assert!(
        file.bytes.len() <= 8 * 1024 * 1024,
        "Discord's upload limit"
    );
    (file.filename.clone(), file.bytes.clone())
}

/// `/game export` answers privately with the record of the channel's last finished
/// game, in the asker's language: JSON that validates against the schema and replays to
/// the final scores the channel was shown, or the replay page. Before any game ends
/// here it says so; a game still being played has no record to give, and while one is
/// played the export is the previous, finished one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_attaches_the_last_finished_games_record_in_the_askers_language() {
    // A replay page draws every step: in a debug build beside other tests, more than
    // the default 10 s a reply is waited for.
    let fake = FakeDiscord::start_with(fake_discord::Config {
        wait_timeout: Duration::from_secs(90),
        ..Default::default()
    })
    .await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let early = fake.add_channel("nothing-finished");
    let carla = fake.add_user("carla");
    let said = slash(&fake, carla, early, "game export", json!({})).await;
    assert!(
        said[0]
            .content
            .contains("No game has been played to the end"),
        "{}",
        said[0].content
    );
    assert!(said[0].attachments.is_empty());

    let played = play_full_game(&fake, "Villa Paletti", 2, 5).await;
    let (channel, ana, bruno) = (played.channel, played.seats[0], played.seats[1]);
    let (name, bytes) = exported(&slash(&fake, ana, channel, "game export", json!({})).await);
    assert!(
        name.starts_with("villa-") && name.ends_with(".json"),
        "{name}"
    );
    let record = assert_record_replays(std::str::from_utf8(&bytes).unwrap());
    assert_eq!(
        (record.lang.as_str(), record.moves.len()),
        ("en", played.moves)
    );
    let end = fake
        .channel_messages(channel)
        .into_iter()
        .find(|m| m.content.contains("Final scores"))
        .unwrap();
    for score in &record.result.as_ref().unwrap().scores {
        assert!(
            end.content.contains(&score.total.to_string()),
            "{}",
            end.content
        );
    }

    // In Spanish: the record speaks Spanish, and so does its page.
    fake.set_user_locale(bruno, "es-ES");
    let json_choice = export_format(&fake, "json");
    let es = slash(
        &fake,
        bruno,
        channel,
        "game export",
        json!({ "format": json_choice }),
    )
    .await;
    assert!(
        es[0].content.contains("El registro de la partida"),
        "{}",
        es[0].content
    );
    let (_, bytes) = exported(&es);
    let spanish = assert_record_replays(std::str::from_utf8(&bytes).unwrap());
    assert_eq!(
        (spanish.lang.as_str(), &spanish.result),
        ("es", &record.result)
    );
    let html = export_format(&fake, "html");
    let page = slash(
        &fake,
        bruno,
        channel,
        "game export",
        json!({ "format": html }),
    )
    .await;
    assert!(page[0].content.contains("reproduce"), "{}", page[0].content);
    let (page_name, page) = exported(&page);
    assert_eq!(page_name, name.replace(".json", ".html"));
    let page = String::from_utf8(page).unwrap();
    assert!(page.contains(r#"<html lang="es">"#) && page.contains("Puntuación final"));
    let (english_name, english) = exported(
        &slash(
            &fake,
            ana,
            channel,
            "game export",
            json!({ "format": html }),
        )
        .await,
    );
    assert_eq!(english_name, page_name);
    assert!(String::from_utf8(english).unwrap().contains("Final scores"));

    // A new game here: the export is still the finished one; the running one has none.
    open_table(&fake, channel, "Villa Paletti", &[ana, bruno]).await;
    let (again, _) = exported(&slash(&fake, ana, channel, "game export", json!({})).await);
    assert_eq!(again, name);
    let choices = fake
        .autocomplete(ana, channel, "game export", json!({"game": ""}), "game")
        .choices()
        .await;
    let finished_id = name.trim_start_matches("villa-").trim_end_matches(".json");
    let running = choices
        .iter()
        .find(|c| c["value"].as_str() != Some(finished_id))
        .unwrap_or_else(|| panic!("the running game is offered: {choices:?}"));
    let refused = slash(
        &fake,
        ana,
        channel,
        "game export",
        json!({ "game": running["value"] }),
    )
    .await;
    assert!(refused[0].attachments.is_empty());
    assert!(
        refused[0].content.contains("still being played"),
        "{}",
        refused[0].content
    );
    bot.stop().await;
}

/// `1,087` or `1087` as a number.
fn shown_number(text: &str) -> i64 {
    text.replace([',', '.'], "")
        .parse()
        .unwrap_or_else(|_| panic!("a number: {text}"))
}

/// `+14`, `−73` or `±0` as a change.
fn change_number(text: &str) -> i64 {
    match text.chars().next() {
        Some('+') => shown_number(&text[1..]),
        Some('−') => -shown_number(&text['−'.len_utf8()..]),
        _ => 0,
    }
}

/// Seasons through Discord: only a member with Manage Server starts and ends one (the
/// refusal said in the reader's language); a rated game played in it counts in it, the
/// person starting from their all-time rating with σ widened (their season number before
/// the game below their all-time one); `/game rating ladder:season` and `/game season
/// show` read it; once ended, its final standings are shown; in English and Spanish.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_season_is_started_counts_a_rated_game_is_shown_and_ended() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let (before, during) = (fake.add_channel("before"), fake.add_channel("during"));
    let (ana, owner) = (fake.add_user("ana"), fake.add_user("owner"));
    const MANAGE_GUILD: u64 = 1 << 5;
    fake.set_permissions(
        owner,
        fake_discord::Permissions(fake_discord::Permissions::MEMBER_DEFAULT.0 | MANAGE_GUILD),
    );
    fake.set_user_locale(owner, "es-ES");
    let palazzo = game_choice(&fake, "Palazzo");
    // A game before the season: ana's all-time rating.
    play_with_two_easy_bots(&fake, before, ana, "Palazzo", 11).await;
    let told = ratings_told(&fake, before, "**Final scores**", "📈 **Ratings**").await;
    let all_time = shown_number(&change_of(&told, "ana").1);

    // Only Manage Server starts one.
    let spring = json!({ "name": "Spring" });
    let refused = slash(&fake, ana, during, "game season start", spring.clone()).await;
    assert_eq!(
        refused[0].content,
        "Only a member with Manage Server may start or end a season on this server."
    );
    let started = slash(&fake, owner, during, "game season start", spring).await;
    assert!(
        started[0]
            .content
            .contains("Ha empezado la temporada Spring"),
        "{}",
        started[0].content
    );

    // A rated game in the season counts in it, from the all-time rating widened.
    play_with_two_easy_bots(&fake, during, ana, "Palazzo", 12).await;
    ratings_told(&fake, during, "**Final scores**", "📈 **Ratings**").await;
    let season = choice_of(
        &fake,
        "rating",
        "ladder",
        "season: the running or last season on this server",
    );
    let options = json!({ "title": palazzo, "ladder": season });
    let reply = slash(&fake, ana, during, "game rating", options).await[0]
        .content
        .replace('\\', "");
    assert!(
        reply.starts_with("📈 **ana's ratings in season Spring**\n**Palazzo**: "),
        "{reply}"
    );
    let line = reply.lines().nth(1).unwrap();
    let (shown, rest) = line["**Palazzo**: ".len()..].split_once(" · ").unwrap();
    assert!(rest.starts_with("1 rated game · last change "), "{line}");
    let change = rest["1 rated game · last change ".len()..]
        .split(' ')
        .next()
        .unwrap();
    let (shown, change) = (shown_number(shown), change_number(change));
    assert!(
        shown - change < all_time,
        "the season starts below the all-time {all_time}: {line}"
    );

    // Shown while it runs, in Spanish: its dates and its standings' picture.
    let show = json!({ "game": palazzo });
    let shown_es = slash(&fake, owner, during, "game season show", show.clone()).await;
    assert!(
        shown_es[0]
            .content
            .starts_with("Temporada Spring: desde el <t:")
            && shown_es[0].content.contains("aún en marcha"),
        "{}",
        shown_es[0].content
    );
    let alt = picture_on(&shown_es[0])
        .description
        .clone()
        .unwrap_or_default();
    assert!(alt.contains("en esta temporada"), "{alt}");
    assert!(alt.contains("\n1. ana: "), "{alt}");

    // Ended by Manage Server only; its final standings stay and are shown later.
    let refused = slash(&fake, ana, during, "game season end", json!({})).await;
    assert!(refused[0]
        .content
        .starts_with("Only a member with Manage Server"));
    let ended = slash(&fake, owner, during, "game season end", json!({})).await;
    assert!(
        ended[0]
            .content
            .contains("Ha terminado la temporada Spring"),
        "{}",
        ended[0].content
    );
    let later = slash(&fake, ana, before, "game season show", show).await;
    assert!(
        later[0].content.starts_with("Season Spring: <t:")
            && later[0].content.contains("final standings"),
        "{}",
        later[0].content
    );
    let alt = picture_on(&later[0])
        .description
        .clone()
        .unwrap_or_default();
    assert!(
        alt.contains(&format!("\n1. ana: {}", fmt_thousands(shown))),
        "{alt}"
    );
    fake.assert_no_errors();
    bot.stop().await;

    // As stored: the season's rating is the game's update from the all-time rating after
    // the first game, σ widened (`storage::season_seed`).
    use storage::{RatedPlayer, Store};
    let store = storage::SledStore::open(dir.path()).unwrap();
    let games = store.rated_games().unwrap();
    assert_eq!(games.len(), 2);
    let ladder = storage::season_ladder(fake.guild_id(), "Spring");
    assert_eq!(games[1].ladders.last(), Some(&ladder));
    let first = storage::ratings::rebuild(&games[..1], table::ratings::live::rate_stored);
    let seed = storage::season_seed(&first[0].row);
    assert!(seed.sigma > first[0].row.sigma);
    let before: Vec<_> = games[1]
        .seats
        .iter()
        .map(|s| matches!(s.player, RatedPlayer::Person(_)).then(|| seed.clone()))
        .collect();
    let expected = table::ratings::live::rate_stored(&games[1], &before);
    let stored = store.rating(&ladder, "palazzo", ana).unwrap().unwrap();
    let person = games[1]
        .seats
        .iter()
        .position(|s| s.player == RatedPlayer::Person(ana))
        .unwrap();
    let expected = expected[person].as_ref().unwrap();
    assert_eq!(
        (stored.mu, stored.sigma, stored.games),
        (expected.mu, expected.sigma, 1)
    );
}

/// `1,087` as English writes it.
fn fmt_thousands(n: i64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `/game settings global_ratings:on` is a Manage Server setting: refused to a member
/// without it, taken and said to one with it; `ladder:global` reads the ladder only
/// once the server shares its ratings (what it rates: table/tests/lobby/ratings.rs).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn global_ratings_are_a_manage_server_setting() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("ladder");
    let (member, owner) = (fake.add_user("member"), fake.add_user("owner"));
    const MANAGE_GUILD: u64 = 1 << 5;
    fake.set_permissions(
        owner,
        fake_discord::Permissions(fake_discord::Permissions::MEMBER_DEFAULT.0 | MANAGE_GUILD),
    );
    // The ladder across servers is not shown where the server does not share its ratings.
    let global = choice_of(
        &fake,
        "rating",
        "ladder",
        "global: across the servers that share their ratings",
    );
    let not_shared = slash(
        &fake,
        member,
        channel,
        "game rating",
        json!({ "ladder": global.clone() }),
    )
    .await;
    assert!(
        not_shared[0]
            .content
            .starts_with("This server does not share its ratings"),
        "{}",
        not_shared[0].content
    );
    let on = choice_of(&fake, "settings", "global_ratings", "on");
    let options = json!({ "global_ratings": on });
    let refused = slash(&fake, member, channel, "game settings", options.clone()).await;
    assert!(
        refused[0]
            .content
            .starts_with("Only a member with Manage Server"),
        "{}",
        refused[0].content
    );
    let done = slash(&fake, owner, channel, "game settings", options).await;
    assert!(
        done[0]
            .content
            .contains("also rate their players on the ladder across servers"),
        "{}",
        done[0].content
    );
    // Shared now: read (empty yet), by `/game rating` and by the leaderboard (`ladder:`
    // alone ranks by rating).
    let mine = slash(
        &fake,
        member,
        channel,
        "game rating",
        json!({ "ladder": global.clone() }),
    )
    .await;
    assert_eq!(
        mine[0].content,
        "member has no rating across servers yet: a finished game gives one."
    );
    let options = json!({ "game": game_choice(&fake, "Palazzo"), "ladder": global });
    let board = slash(&fake, member, channel, "game leaderboard", options).await;
    assert_eq!(
        board[0].content,
        "Nobody is rated at Palazzo across servers yet: a finished game rates its players."
    );
    fake.assert_no_errors();
    bot.stop().await;
}

// --- Tournaments: /tournament on a server, a thread per table, results fed back.

/// A Swiss tournament of eight people at Villa Paletti, tables of four, two rounds, from
/// `create` to the final standings: a public thread per table named for its round and
/// table, the people pinged there, every game played to its end by its people, the results
/// fed back, the next round seated by itself, the standings equal to a recomputation
/// from the archived games; refusals and Spanish on the way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_tournament_runs_in_threads_from_create_to_final_standings() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let hall = fake.add_channel("tournament");
    let people: Vec<u64> = (0..8).map(|i| fake.add_user(&format!("p{i}"))).collect();
    let organiser = people[0];
    const MANAGE_GUILD: u64 = 1 << 5;
    fake.set_permissions(
        organiser,
        fake_discord::Permissions(fake_discord::Permissions::MEMBER_DEFAULT.0 | MANAGE_GUILD),
    );
    let options = json!({
        "title": game_choice(&fake, "Villa Paletti"),
        "pairing": tournament_choice(&fake, "pairing", "swiss"),
        "table_size": 4,
        "rounds": 2,
        "level": tournament_choice(&fake, "level", "easy"),
        "points": "6, 4, 2, 0",
    });
    // Refused without Manage Server; nothing is made.
    let refused = slash(&fake, people[1], hall, "tournament create", options.clone()).await;
    assert!(
        refused[0].content.contains("Manage Server"),
        "{}",
        refused[0].content
    );
    assert!(answer(&fake, people[1], hall, "tournament join")
        .await
        .contains("no tournament"));
    // The role the server names may create too: named by Manage Server only, read from
    // the member's roles.
    let organisers = fake.add_role("organisers");
    let role = json!({ "role": organisers.to_string() });
    let named = slash(&fake, people[1], hall, "tournament role", role.clone()).await;
    assert!(
        named[0].content.contains("Manage Server"),
        "{}",
        named[0].content
    );
    let named = slash(&fake, organiser, hall, "tournament role", role).await;
    assert!(
        named[0].content.contains(&format!("<@&{organisers}>")),
        "{}",
        named[0].content
    );
    let side = fake.add_channel("side-event");
    fake.set_roles(people[1], &[organisers]);
    let by_role = slash(&fake, people[1], side, "tournament create", options.clone()).await;
    assert!(
        by_role[0].content.contains("is open"),
        "{}",
        by_role[0].content
    );
    fake.set_roles(people[1], &[]);
    let made = slash(&fake, organiser, hall, "tournament create", options).await;
    assert!(made[0].content.contains("is open"), "{}", made[0].content);
    for &p in &people {
        let joined = answer(&fake, p, hall, "tournament join").await;
        assert!(joined.starts_with("You are in"), "{joined}");
    }
    assert!(answer(&fake, people[2], hall, "tournament join")
        .await
        .contains("already in"));
    assert!(answer(&fake, people[2], hall, "tournament start")
        .await
        .contains("organiser"));
    assert!(answer(&fake, organiser, hall, "tournament next")
        .await
        .contains("not started"));
    let started = answer(&fake, organiser, hall, "tournament start").await;
    assert!(started.contains("2 tables"), "{started}");
    assert!(answer(&fake, people[3], hall, "tournament leave")
        .await
        .contains("drop out"));
    // Round 1's threads, named from public facts, the people pinged in each.
    let threads = fake
        .wait_for_within("round 1's threads", Duration::from_secs(40), |f| {
            let t = f.threads_of(hall);
            (t.len() == 2).then_some(t)
        })
        .await;
    for (i, &thread) in threads.iter().enumerate() {
        let info = fake.thread(thread).unwrap();
        assert_eq!(info["name"], format!("Round 1 · Table {}", i + 1));
        assert_eq!(info["private"], false);
        let ping = fake
            .wait_for_within("the table's ping", Duration::from_secs(40), |f| {
                f.channel_messages(thread)
                    .into_iter()
                    .find(|m| m.content.contains("your game is here"))
            })
            .await;
        let pinged = people
            .iter()
            .filter(|p| ping.content.contains(&format!("<@{p}>")))
            .count();
        assert_eq!(pinged, 4, "{}", ping.content);
    }
    // Spanish standings while round 1 plays.
    fake.set_user_locale(people[5], "es-ES");
    let es = slash(&fake, people[5], hall, "tournament standings", json!({})).await;
    assert!(
        es[0].content.contains("Clasificación del torneo"),
        "{}",
        es[0].content
    );
    // With its picture, described in the reader's language.
    let alt = picture_on(&es[0]).description.clone().unwrap_or_default();
    assert!(
        alt.starts_with("Clasificación — ") && alt.contains("tras la ronda 1 de 2"),
        "{alt}"
    );
    // Both rounds play to the end, the people tapping moves, the next round seated by
    // itself; the end is told in the channel.
    let end = play_the_tournament(&fake, hall, 7).await;
    assert!(end.content.contains("after round 2"), "{}", end.content);
    assert_eq!(fake.threads_of(hall).len(), 4);
    // Its games are rated like any game: each table's end message tells the changes.
    for thread in fake.threads_of(hall) {
        let told = fake
            .channel_messages(thread)
            .iter()
            .any(|m| m.content.contains("📈 **Ratings**"));
        assert!(told, "no rating changes in thread {thread}");
    }
    let round_two = fake.thread(fake.threads_of(hall)[2]).unwrap();
    assert_eq!(round_two["name"], "Round 2 · Table 1");
    let shown = answer(&fake, people[1], hall, "tournament show").await;
    assert!(shown.contains("finished"), "{shown}");
    // The final standings' picture: every person, the winner first.
    let board = slash(&fake, people[1], hall, "tournament standings", json!({})).await;
    let alt = picture_on(&board[0])
        .description
        .clone()
        .unwrap_or_default();
    assert!(alt.contains("final standings after 2 rounds"), "{alt}");
    assert_eq!(alt.matches('\n').count(), people.len(), "{alt}");
    fake.assert_no_errors();
    bot.stop().await;

    // The standings are a recomputation of the archived games' places.
    use storage::Store;
    let store = storage::SledStore::open(dir.path()).unwrap();
    let bytes = store.note(hall, "tournament").unwrap().unwrap();
    let event = table::tournament_run::Event::from_json(&bytes).unwrap();
    assert_eq!(event.tournament.phase, table::tournament::Phase::Finished);
    assert_eq!(event.tournament.settings.points, Some(vec![6, 4, 2, 0]));
    assert_eq!(event.tournament.standings, event.tournament.recomputed());
    for run in &event.tables {
        let archived = store.archived(run.thread.unwrap()).unwrap();
        let entry = &archived[0];
        assert_eq!(Some(entry.meta.game_id), run.game_id);
        let outcome: rules::engine::Outcome =
            serde_json::from_value(entry.outcome.clone().expect("played to the end")).unwrap();
        let places = table::ratings::places(&outcome, entry.meta.seats.len(), &entry.meta.dropped);
        let result = event.tournament.rounds[run.round as usize - 1].tables[run.table as usize]
            .result
            .clone()
            .unwrap();
        assert_eq!(result.places, places);
    }
    for &p in &people {
        assert_eq!(event.tournament.standings.records[&p].games, 2);
    }
}
