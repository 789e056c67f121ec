//! Reading ratings through the fake Discord: the end message telling a game's changes,
//! one person's line of it, and `/game rating`'s reply.

use super::{public_messages, slash};
use fake_discord::{FakeDiscord, RecordedMessage};
use serde_json::json;

/// The channel's end message (with `scores`, the final scores' heading) whose ratings'
/// changes follow the line `heading` after the scores, one per person (none for a bot),
/// waited for until a change is told. A long end message comes in several messages; its
/// text is theirs joined, from the one holding the scores to the one telling changes.
pub async fn ratings_told(fake: &FakeDiscord, channel: u64, scores: &str, heading: &str) -> String {
    let told = fake
        .wait_for(&format!("the ratings' changes ({heading})"), |f| {
            let messages = public_messages(f, channel);
            let at_heading = messages
                .iter()
                .position(|m| m.content.lines().any(|l| l == heading))?;
            let from = messages[..=at_heading]
                .iter()
                .rposition(|m| m.content.contains(scores))?;
            // The heading's lines may open the message after the heading's.
            let heading_last = messages[at_heading].content.trim_end().ends_with(heading);
            let to = at_heading + usize::from(heading_last);
            let text = messages
                .get(from..=to)?
                .iter()
                .map(|m| m.content.as_str())
                .collect::<Vec<_>>()
                .join("\n");
            let (_, after) = text.split_once(&format!("\n{heading}\n"))?;
            after.contains(" → ").then_some(text)
        })
        .await;
    let (Some(at_scores), Some(at_changes)) =
        (told.find(scores), told.find(&format!("\n{heading}\n")))
    else {
        panic!("not in the end message, after {scores}: {told}");
    };
    assert!(at_scores < at_changes, "{told}");
    // People only: a bot's rating never moves, so no line tells one.
    let changes = &told[at_changes..];
    assert!(
        !changes
            .lines()
            .any(|l| l.replace('\\', "").starts_with("Bot ")),
        "{told}"
    );
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

/// `user` opens `title` with two easy bots in `channel` and plays it to the end by
/// random taps (`seed`): the end message.
pub async fn play_with_two_easy_bots(
    fake: &FakeDiscord,
    channel: u64,
    user: u64,
    title: &str,
    seed: u64,
) -> RecordedMessage {
    use rand::SeedableRng;
    let options = json!({
        "game": super::game_choice(fake, title),
        "bots": 2,
        "level": super::level_choice(fake, "easy"),
    });
    slash(fake, user, channel, "game new", options).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..3_000 {
        let after = fake
            .wait_for(&format!("{title}: the person's turn or the end"), |f| {
                let all = public_messages(f, channel);
                if let Some(end) = all.into_iter().find(|m| m.content.contains("Final scores")) {
                    return Some(Err(end));
                }
                let turn = super::turn_message(f, channel)?;
                (!super::awaited(&turn, &[user]).is_empty()).then_some(Ok(turn))
            })
            .await;
        let turn = match after {
            Ok(turn) => turn,
            Err(end) => return end,
        };
        let (who, your_move) = super::awaited(&turn, &[user])[0].clone();
        let tapped = super::tap_a_move(fake, who, &turn, &your_move, &mut rng).await;
        assert!(tapped.is_some(), "{title}: the panel offered nothing");
        // Until the turn message changes or the game ends; a move nobody else is told of
        // leaves it as it was (then the person moves again after a while).
        for _ in 0..60 {
            let over = public_messages(fake, channel)
                .iter()
                .any(|m| m.content.contains("Final scores"));
            if over || super::turn_message(fake, channel).is_some_and(|t| t.id != turn.id) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
    panic!("{title}: not over after 3,000 moves");
}
