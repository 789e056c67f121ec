//! Nothing lost across a crash, end to end: the `capomaestro run` process plays against
//! the fake Discord; it is killed (SIGKILL) after a move is stored and while its turn
//! message is on the wire (Discord created it, the bot never heard back). After the
//! restart, with nobody acting, the turn message and the move's DMs arrive exactly once,
//! and the turn message's buttons work.

use fake_discord::{Failure, FakeDiscord};
use serde_json::json;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The bot process; killed when dropped, so a failing test leaves no bot behind.
struct BotProcess(Child);

impl BotProcess {
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

fn spawn_bot(fake: &FakeDiscord, dir: &std::path::Path) -> BotProcess {
    let config = dir.join("capomaestro.toml");
    std::fs::write(
        &config,
        format!(
            "data_dir = {:?}\ndev_guild_id = {}\nlog_level = \"warn\"\n",
            dir.join("data"),
            fake.guild_id()
        ),
    )
    .unwrap();
    Command::new(env!("CARGO_BIN_EXE_capomaestro"))
        .args(["--config", config.to_str().unwrap(), "run"])
        .env("DISCORD_TOKEN", fake.token())
        .env("DISCORD_API_BASE", fake.api_base())
        .env_remove("RUST_LOG")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .map(BotProcess)
        .expect("start capomaestro run")
}

fn choice_value(fake: &FakeDiscord, title: &str) -> serde_json::Value {
    let commands = fake.registered_commands();
    let game = commands.iter().find(|c| c["name"] == "game").unwrap();
    let new = game["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "new")
        .unwrap();
    new["options"][0]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == title)
        .unwrap()["value"]
        .clone()
}

fn live_turn(fake: &FakeDiscord, channel: u64) -> fake_discord::RecordedMessage {
    fake.channel_messages(channel)
        .into_iter()
        .rev()
        .find(|m| m.custom_ids().iter().any(|id| id.ends_with(":y")))
        .expect("a turn message")
}

/// What everyone sees in the channel (not the ephemeral replies only one user sees).
fn public_messages(fake: &FakeDiscord, channel: u64) -> Vec<fake_discord::RecordedMessage> {
    fake.channel_messages(channel)
        .into_iter()
        .filter(|m| m.flags & 64 == 0)
        .collect()
}

/// Clicks "Your move" on the live turn message as the awaited player; returns that
/// player and their private panel.
async fn open_panel(
    fake: &FakeDiscord,
    channel: u64,
    seats: &[u64],
) -> (u64, fake_discord::RecordedMessage) {
    let turn = live_turn(fake, channel);
    let your_move = turn
        .custom_ids()
        .into_iter()
        .find(|id| id.ends_with(":y"))
        .unwrap();
    let seat: usize = your_move.split(':').nth(4).unwrap().parse().unwrap();
    let player = seats[seat];
    let replies = fake.click(player, &turn, &your_move).replies().await;
    let panel = replies
        .into_iter()
        .rev()
        .find(|m| !m.components.is_empty())
        .expect("a move panel");
    (player, panel)
}

fn components(panel: &fake_discord::RecordedMessage) -> Vec<serde_json::Value> {
    panel
        .components
        .iter()
        .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
        .collect()
}

/// The custom id of the panel button whose label passes `wanted`.
fn button(panel: &fake_discord::RecordedMessage, wanted: impl Fn(&str) -> bool) -> String {
    components(panel)
        .iter()
        .find(|c| c["label"].as_str().is_some_and(&wanted))
        .and_then(|c| c["custom_id"].as_str().map(String::from))
        .unwrap_or_else(|| panic!("no such button in {:#?}", panel.components))
}

/// The panel's first move: a button that plays (`…:pa<n>`) or a menu option whose value
/// plays (`a<n>`).
fn first_choice(panel: &fake_discord::RecordedMessage) -> (String, Option<String>) {
    for c in components(panel) {
        let id = c["custom_id"].as_str().unwrap().to_string();
        if id
            .splitn(6, ':')
            .nth(5)
            .is_some_and(|a| a.starts_with("pa"))
        {
            return (id, None);
        }
        for o in c["options"].as_array().into_iter().flatten() {
            if let Some(v) = o["value"].as_str().filter(|v| v.starts_with('a')) {
                return (id, Some(v.to_string()));
            }
        }
    }
    panic!("no move on the panel's first view: {:#?}", panel.components)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_between_commit_and_post_loses_nothing_and_posts_once() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let channel = fake.channel();
    let (ana, bruno) = (fake.add_user("ana"), fake.add_user("bruno"));
    let mut bot = spawn_bot(&fake, dir.path());
    fake.wait_commands().await;
    let game = choice_value(&fake, "Palazzo");
    fake.slash(ana, channel, "game new", json!({ "game": game }))
        .replies()
        .await;
    fake.slash(bruno, channel, "game join", json!({}))
        .replies()
        .await;
    fake.slash(ana, channel, "game start", json!({}))
        .replies()
        .await;

    let seats = [ana, bruno];
    // Palazzo's first move, "take money", reveals cards to pick: it changes no hand.
    let (player, panel) = open_panel(&fake, channel, &seats).await;
    let money = button(&panel, |label| {
        label.eq_ignore_ascii_case("take money") || label == "money"
    });
    let edits = panel.edits;
    fake.click(player, &panel, &money).wait_ack().await;
    fake.wait_for("the panel edited into the result", |f| {
        f.message(panel.id).filter(|m| m.edits > edits)
    })
    .await;

    // The pick that follows puts a card in the picker's hand: a channel post and a DM.
    let (player, panel) = open_panel(&fake, channel, &seats).await;
    let messages_before = public_messages(&fake, channel).len();
    let dms_before = fake.dms(player).len();
    let posts = |f: &FakeDiscord| {
        f.requests()
            .iter()
            .filter(|r| r.method == "POST" && r.path == format!("/channels/{channel}/messages"))
            .count()
    };
    let posts_before = posts(&fake);
    // Discord will create the next channel message but the bot never hears back.
    fake.inject_times(
        &format!("POST /channels/{channel}/messages"),
        Failure::LostResponse,
        1,
    );
    let _pick = match first_choice(&panel) {
        (id, Some(value)) => fake.select(player, &panel, &id, &[value.as_str()]),
        (id, None) => fake.click(player, &panel, &id),
    };
    fake.wait_for("the turn message on the wire", |f| {
        (posts(f) > posts_before).then_some(())
    })
    .await;
    bot.kill();
    assert_eq!(
        fake.dms(player).len(),
        dms_before,
        "the DM comes after the post"
    );

    // Restart; nobody acts.
    let mut bot = spawn_bot(&fake, dir.path());
    fake.wait_for_within(
        "the move's DM after the restart",
        Duration::from_secs(20),
        |f| (f.dms(player).len() > dms_before).then_some(()),
    )
    .await;
    // Give a duplicate every chance to show up.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let messages = public_messages(&fake, channel);
    assert_eq!(
        messages.len(),
        messages_before + 1,
        "exactly one turn message: {:#?}",
        &messages[messages_before..]
    );
    let resent = fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == format!("/channels/{channel}/messages"))
        .filter(|r| {
            r.body.as_ref().and_then(|b| b["nonce"].as_str())
                == messages[messages_before].nonce.as_deref()
        })
        .count();
    assert_eq!(
        resent, 2,
        "sent before the crash and re-sent after, deduplicated by nonce"
    );
    let dms = fake.dms(player);
    assert_eq!(
        dms.len(),
        dms_before + 1,
        "the DM arrives exactly once: {dms:#?}"
    );
    assert!(dms.last().unwrap().content.starts_with("**Palazzo** in <#"));

    // The new turn message pings the awaited player and its button works.
    let turn = live_turn(&fake, channel);
    let next = turn
        .custom_ids()
        .into_iter()
        .find(|id| id.ends_with(":y"))
        .unwrap();
    let seat: usize = next.split(':').nth(4).unwrap().parse().unwrap();
    assert!(turn.content.contains(&format!("<@{}>", seats[seat])));
    let replies = fake.click(seats[seat], &turn, &next).replies().await;
    assert!(
        replies.iter().any(|m| !m.components.is_empty()),
        "{replies:#?}"
    );
    fake.assert_no_errors();
    bot.kill();
}
