//! Running a tournament through the fake Discord: `/tournament create`'s choices, a
//! command's private answer, the people seated at a table's thread, and every table
//! played by its people until the tournament's end is told.

use super::{awaited, slash, tap_a_move, turn_message};
use fake_discord::FakeDiscord;
use rand::SeedableRng;
use serde_json::json;
use std::time::Duration;

/// The value Discord sends for `/tournament create`'s option `option` whose choice name
/// starts with `word`.
pub fn tournament_choice(fake: &FakeDiscord, option: &str, word: &str) -> serde_json::Value {
    let commands = fake.registered_commands();
    let create = commands
        .iter()
        .find(|c| c["name"] == "tournament")
        .expect("/tournament registered")["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "create")
        .unwrap()
        .clone();
    create["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == option)
        .unwrap_or_else(|| panic!("/tournament create has no option {option}"))["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"].as_str().is_some_and(|n| n.starts_with(word)))
        .unwrap_or_else(|| panic!("no {word} for {option}"))["value"]
        .clone()
}

/// The first private answer of a slash command.
pub async fn answer(fake: &FakeDiscord, user: u64, channel: u64, path: &str) -> String {
    slash(fake, user, channel, path, json!({})).await[0]
        .content
        .clone()
}

/// The people pinged in a table's thread, in their seats' order (a table of people only).
pub fn seated(fake: &FakeDiscord, thread: u64) -> Option<Vec<u64>> {
    let ping = fake
        .channel_messages(thread)
        .into_iter()
        .find(|m| m.content.contains("your game is here"))?;
    Some(
        ping.content
            .split("<@")
            .skip(1)
            .filter_map(|s| s.split('>').next()?.parse().ok())
            .collect(),
    )
}

/// One move at each table of the tournament in `hall` whose game awaits a person (a
/// random one, by taps); returns the threads where a move was played.
pub async fn one_move_a_table(fake: &FakeDiscord, hall: u64, rng: &mut impl rand::Rng) -> Vec<u64> {
    let over = words::text(words::Lang::En, "table-outcome-title", &[]);
    let mut moved = Vec::new();
    for thread in fake.threads_of(hall) {
        if fake
            .channel_messages(thread)
            .iter()
            .any(|m| m.content.contains(&over))
        {
            continue;
        }
        let (Some(seats), Some(turn)) = (seated(fake, thread), turn_message(fake, thread)) else {
            continue;
        };
        if let Some((user, id)) = awaited(&turn, &seats).into_iter().next() {
            if tap_a_move(fake, user, &turn, &id, rng).await.is_some() {
                moved.push(thread);
            }
        }
    }
    moved
}

/// Plays every table of the tournament in `hall` (its people tapping random moves) until
/// its end is told; returns that post.
pub async fn play_the_tournament(
    fake: &FakeDiscord,
    hall: u64,
    seed: u64,
) -> fake_discord::RecordedMessage {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let deadline = std::time::Instant::now() + Duration::from_secs(600);
    loop {
        if let Some(end) = fake
            .channel_messages(hall)
            .into_iter()
            .find(|m| m.content.contains("tournament is over"))
        {
            return end;
        }
        if one_move_a_table(fake, hall, &mut rng).await.is_empty() {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the tournament did not end"
        );
    }
}
