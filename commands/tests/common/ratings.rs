//! Reading ratings through the fake Discord: the message telling a game's changes, one
//! person's line of it, and `/game rating`'s reply.

use super::{public_messages, slash};
use fake_discord::{FakeDiscord, RecordedMessage};
use serde_json::json;

/// The channel's message whose first line is `heading` (the ratings' changes, posted
/// after the end message), waited for.
pub async fn ratings_told(fake: &FakeDiscord, channel: u64, heading: &str) -> RecordedMessage {
    fake.wait_for(&format!("the ratings' changes ({heading})"), |f| {
        public_messages(f, channel)
            .into_iter()
            .find(|m| m.content.lines().next() == Some(heading))
    })
    .await
}

/// `name`'s change and new rating in a told message (`ana: +14 → 1,087 …`), as shown.
pub fn change_of(told: &str, name: &str) -> (String, String) {
    let told = told.replace('\\', "");
    let line = told
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
