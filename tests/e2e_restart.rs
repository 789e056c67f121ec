//! Nothing lost across a crash, end to end: the `capomaestro run` process plays against
//! the fake Discord; it is killed (SIGKILL) after a move is stored and while its turn
//! message is on the wire (Discord created it, the bot never heard back). After the
//! restart, with nobody acting, the turn message and the move's DMs arrive exactly once,
//! and the turn message's buttons work.

#[path = "../commands/tests/common/mod.rs"]
mod common;
use common::{first_move_on, game_choice, open_panel, public_messages, turn_message};
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_between_commit_and_post_loses_nothing_and_posts_once() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let channel = fake.channel();
    let (ana, bruno) = (fake.add_user("ana"), fake.add_user("bruno"));
    let mut bot = spawn_bot(&fake, dir.path());
    fake.wait_commands().await;
    let game = game_choice(&fake, "Palazzo");
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

    // The pick that follows puts a card in the picker's hand: a channel post and an edit
    // of the picker's live hand (a DM edited in place).
    let (player, panel) = open_panel(&fake, channel, &seats).await;
    let messages_before = public_messages(&fake, channel).len();
    let dms_before = fake.dms(player).len();
    let hand_edits = |f: &FakeDiscord| f.dms(player).iter().map(|m| m.edits).sum::<u32>();
    let edits_before = hand_edits(&fake);
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
    let _pick = match first_move_on(&panel).expect("a move on the panel") {
        (id, Some(value)) => fake.select(player, &panel, &id, &[value.as_str()]),
        (id, None) => fake.click(player, &panel, &id),
    };
    fake.wait_for("the turn message on the wire", |f| {
        (posts(f) > posts_before).then_some(())
    })
    .await;
    bot.kill();
    assert_eq!(
        (fake.dms(player).len(), hand_edits(&fake)),
        (dms_before, edits_before),
        "the live hand is updated after the post"
    );

    // Restart; nobody acts.
    let mut bot = spawn_bot(&fake, dir.path());
    fake.wait_for_within(
        "the move's live hand update after the restart",
        Duration::from_secs(20),
        |f| (hand_edits(f) > edits_before).then_some(()),
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
    assert_eq!(dms.len(), dms_before, "no new DM: {dms:#?}");
    assert_eq!(
        hand_edits(&fake),
        edits_before + 1,
        "the live hand is edited exactly once: {dms:#?}"
    );
    let hand = dms.iter().max_by_key(|m| m.edits).unwrap();
    assert!(hand.content.starts_with("**Palazzo** in <#"), "{hand:#?}");

    // The new turn message pings the awaited player and its button works.
    let turn = turn_message(&fake, channel).expect("a turn message");
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
