//! Reading ratings through the fake Discord: the end message telling a game's changes,
//! one person's line of it, and `/game rating`'s reply.

use super::{public_messages, slash};
use fake_discord::{FakeDiscord, RecordedMessage};
use serde_json::json;

/// The channel's end message (with `scores`, the final scores' heading) whose ratings'
/// changes follow the line `heading` after the scores, waited for.
pub async fn ratings_told(
    fake: &FakeDiscord,
    channel: u64,
    scores: &str,
    heading: &str,
) -> RecordedMessage {
    let told = fake
        .wait_for(&format!("the ratings' changes ({heading})"), |f| {
            public_messages(f, channel)
                .into_iter()
                .find(|m| m.content.lines().any(|l| l == heading))
        })
        .await;
    let (Some(at_scores), Some(at_changes)) = (
        told.content.find(scores),
        told.content.find(&format!("\n{heading}\n")),
    ) else {
        panic!("not in the end message, after {scores}: {}", told.content);
    };
    assert!(at_scores < at_changes, "{}", told.content);
    told
}

/// `name`'s change and new rating in a told message (`ana: +14 → 1,087 …`, after the
/// `📈` heading that follows the scores), as shown.
pub fn change_of(told: &str, name: &str) -> (String, String) {
    let told = told.replace('\\', "");
    let (_, changes) = told.split_once("\n📈").expect("the changes' heading");
    let line = changes
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no line for {name} in {told}"))
        .to_string();
    let (delta, rest) = line.split_once(" → ").expect("a change, then the rating");
    let shown = rest.split(' ').next().unwrap_or_default();
    (delta.to_string(), shown.to_string())
}

/// `/game rating` as `user` asks it (their own, every title): the reply's text.
pub async fn my_rating(fake: &FakeDiscord, user: u64, channel: u64) -> String {
    let replies = slash(fake, user, channel, "game rating", json!({})).await;
    replies
        .first()
        .map(|m| m.content.replace('\\', ""))
        .expect("a reply to /game rating")
}

/// The value Discord sends for the choice named `name` of `/game <sub>`'s option
/// `option`, as registered.
pub fn choice_of(fake: &FakeDiscord, sub: &str, option: &str, name: &str) -> serde_json::Value {
    let commands = fake.registered_commands();
    let game = commands
        .iter()
        .find(|c| c["name"] == "game")
        .expect("/game");
    let sub = game["options"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["name"] == sub)
        .unwrap_or_else(|| panic!("no /game {sub}"));
    sub["options"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["name"] == option)
        .and_then(|o| o["choices"].as_array())
        .into_iter()
        .flatten()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no choice {name} of {option}"))["value"]
        .clone()
}

/// `/game leaderboard game:<title> by:rating` as `user` asks it: the reply (its picture
/// checked by the caller).
pub async fn rating_board(
    fake: &FakeDiscord,
    user: u64,
    channel: u64,
    title: &str,
) -> RecordedMessage {
    let options = json!({
        "game": super::game_choice(fake, title),
        "by": choice_of(fake, "leaderboard", "by", "rating"),
    });
    let replies = slash(fake, user, channel, "game leaderboard", options).await;
    replies
        .into_iter()
        .next()
        .expect("a reply to the leaderboard")
}
