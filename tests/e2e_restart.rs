//! Nothing lost across a crash, end to end: the `capomaestro run` process plays against
//! the fake Discord; it is killed (SIGKILL) after a move is stored and while its turn
//! message is on the wire (Discord created it, the bot never heard back). After the
//! restart, with nobody acting, the turn message and the move's DMs arrive exactly once,
//! and the turn message's buttons work.

#[path = "../commands/tests/common/mod.rs"]
mod common;
use common::{
    awaited, first_move_on, game_choice, is_news_dm, level_choice, logged_moves, open_panel,
    public_messages, secret_lines, slash, tap_a_move, tap_a_move_from, turn_message,
};
use fake_discord::{Failure, FakeDiscord};
use rand::SeedableRng;
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
    let guild = format!("dev_guild_id = {}", fake.guild_id());
    spawn_with(fake, dir, "p", &guild, &[])
}

/// A `capomaestro run` process: its config file `dir/<name>.toml` keeps the games in
/// `dir/<name>` (sled) and has `extra` appended (top-level keys first, then sections);
/// `args` follow `run`.
fn spawn_with(
    fake: &FakeDiscord,
    dir: &std::path::Path,
    name: &str,
    extra: &str,
    args: &[&str],
) -> BotProcess {
    let config = dir.join(format!("{name}.toml"));
    std::fs::write(
        &config,
        format!(
            "data_dir = {:?}\nlog_level = \"warn\"\n{extra}\n",
            dir.join(name)
        ),
    )
    .unwrap();
    // Owner-only, as the bot asks of a config file (it may hold a token).
    std::fs::set_permissions(&config, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
    Command::new(env!("CARGO_BIN_EXE_capomaestro"))
        .args(["--config", config.to_str().unwrap(), "run"])
        .args(args)
        .env("DISCORD_TOKEN", fake.token())
        .env("DISCORD_API_BASE", fake.api_base())
        .env_remove("RUST_LOG")
        .env_remove("CAPOMAESTRO_DATABASE_URL")
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

/// Waits (up to `within`) for `user`'s turn in `channel` — the live turn message asking
/// them — or the game's end (`None`).
async fn turn_or_end(
    fake: &FakeDiscord,
    channel: u64,
    user: u64,
    within: Duration,
) -> Option<fake_discord::RecordedMessage> {
    fake.wait_for_within("the person's turn or the end", within, |f| {
        if public_messages(f, channel)
            .iter()
            .any(|m| m.content.contains("Final scores"))
        {
            return Some(None);
        }
        let turn = turn_message(f, channel)?;
        (!awaited(&turn, &[user]).is_empty()).then_some(Some(turn))
    })
    .await
}

/// Fails if two public messages of `channel` carry the same nonce (one stored message
/// shown twice).
fn assert_each_shown_once(fake: &FakeDiscord, channel: u64) {
    let public = public_messages(fake, channel);
    let mut nonces: Vec<&str> = public.iter().filter_map(|m| m.nonce.as_deref()).collect();
    let posted = nonces.len();
    nonces.sort_unstable();
    nonces.dedup();
    assert_eq!(nonces.len(), posted, "a message shown twice");
}

/// Fails if a line of `users`' live hands (their private views; not the news DMs, which
/// repeat public facts such as the final scores) shows in a public message of `channels`.
fn assert_no_secret_in(fake: &FakeDiscord, channels: &[u64], users: &[u64]) {
    let hands: Vec<_> = users
        .iter()
        .flat_map(|u| fake.dms(*u))
        .filter(|m| !is_news_dm(m))
        .collect();
    let secrets = secret_lines(&hands);
    for channel in channels {
        for m in public_messages(fake, *channel) {
            for line in &secrets {
                assert!(
                    !m.content.contains(line.as_str()),
                    "`{line}` in {}",
                    m.content
                );
            }
        }
    }
}

/// How a watched bot chain went.
enum Watched {
    /// The person is awaited again at once (their turn has a second part).
    TheirTurnGoesOn,
    /// The chain's message came before a kill could land between two of its moves.
    Told,
    /// Killed with `n` public moves stored (at least one of the chain's) and the chain's
    /// message not posted.
    Killed(usize),
}

/// kill -9 in the middle of a chain of bot moves (issue 25). One person plays Palazzo
/// with two hard bots (`/game new … bots:2` starts at once). Each bot move of a chain is
/// its own commit and the channel hears of the chain once, with its last move; an
/// uncapped hard search takes a while, which is the window: once `/game log` lists a bot
/// move after the person's and the channel has no message for it, the process gets
/// SIGKILL. Restarted (capped searches now), the chain completes by itself: one channel
/// message tells every bot move of it exactly once (compared with `/game log`), the person
/// is pinged once, and the game plays on to its end with nothing private in the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_in_the_middle_of_a_bot_chain_resumes_it_with_no_move_lost_or_told_twice() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let channel = fake.channel();
    let ana = fake.add_user("ana");
    let guild = format!("dev_guild_id = {}", fake.guild_id());
    // Uncapped hard searches first (the window), capped ones after the restart; no rate
    // limit: the person plays a whole game at machine speed.
    let bots = |iterations: u32| {
        format!(
            "{guild}\n[discord]\nrate_limit = false\n\
             [bots]\ndelay_ms = 0\nthreads = 1\nmax_iterations = {iterations}\n"
        )
    };
    let (slow, quick) = (bots(0), bots(16));
    let mut bot = spawn_with(&fake, dir.path(), "p", &slow, &[]);
    fake.wait_commands().await;
    let game = game_choice(&fake, "Palazzo");
    let level = level_choice(&fake, "hard");
    let opened = slash(
        &fake,
        ana,
        channel,
        "game new",
        json!({ "game": game, "bots": 2, "level": level }),
    )
    .await;
    assert!(!opened.is_empty());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(25);
    let mut killed = false;
    let mut tries = 0;
    let mut moves = 0;
    // Hard searches take up to 15 s each before the kill.
    while let Some(turn) = turn_or_end(&fake, channel, ana, Duration::from_secs(60)).await {
        let before = public_messages(&fake, channel).len();
        let (logged_before, _) = logged_moves(&fake, ana, channel).await;
        let (_, your_move) = awaited(&turn, &[ana])[0].clone();
        tap_a_move(&fake, ana, &turn, &your_move, &mut rng)
            .await
            .expect("the panel offers a move");
        moves += 1;
        assert!(moves < 300, "not over after {moves} moves");
        if killed {
            continue;
        }
        tries += 1;
        assert!(
            tries <= 8,
            "no chain of bot moves could be caught between two moves"
        );
        let watched = loop {
            let public = public_messages(&fake, channel);
            if public.len() > before + 1 {
                break Watched::Told;
            }
            if public.len() == before + 1 && !awaited(&public[before], &[ana]).is_empty() {
                break Watched::TheirTurnGoesOn;
            }
            let (logged, _) = logged_moves(&fake, ana, channel).await;
            if public.len() == before + 1 && logged >= logged_before + 2 {
                bot.kill();
                break Watched::Killed(logged);
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let stored = match watched {
            Watched::TheirTurnGoesOn => continue,
            Watched::Told => {
                // Too late this time: the chain was told whole. Wait for it to end.
                continue;
            }
            Watched::Killed(_) if public_messages(&fake, channel).len() > before + 1 => {
                // The chain's message slipped out just before the kill: start again.
                bot = spawn_with(&fake, dir.path(), "p", &slow, &[]);
                continue;
            }
            Watched::Killed(stored) => stored,
        };
        println!("e2e_bot_chain_kill: killed with {stored} public moves stored, {logged_before} before the person's");
        killed = true;
        // Restart; nobody acts: the chain completes from its stored timer.
        bot = spawn_with(&fake, dir.path(), "p", &quick, &[]);
        let after = turn_or_end(&fake, channel, ana, Duration::from_secs(30)).await;
        // Give a duplicate every chance to show up.
        tokio::time::sleep(Duration::from_millis(500)).await;
        let public = public_messages(&fake, channel);
        let told = &public[before + 1..];
        assert_eq!(told.len(), 1, "one message for the whole chain: {told:#?}");
        let chain = &told[0];
        let (logged, listed) = logged_moves(&fake, ana, channel).await;
        assert!(
            logged > stored,
            "the chain went on after the restart ({stored} public moves stored at the kill, {logged} now)"
        );
        // Every bot move of the chain is told once (the chat form may end with a pointer
        // to /game log when the chain is long); the person's move is not told again.
        let flat = chain.content.replace('\n', " ");
        let cut = chain.content.contains("the rest: /game log");
        let said = |n: usize| {
            listed
                .iter()
                .find(|(i, _)| *i == n)
                .map(|(_, s)| s.clone())
                .unwrap_or_else(|| panic!("move {n} not in /game log: {listed:#?}"))
        };
        let bots: Vec<String> = (logged_before + 2..=logged).map(said).collect();
        for text in &bots {
            let expected = bots.iter().filter(|t| *t == text).count();
            let found = flat.matches(text.as_str()).count();
            assert!(
                found == expected || (cut && found < expected),
                "`{text}` told {found} times, {expected} expected, in {}",
                chain.content
            );
        }
        let theirs = said(logged_before + 1);
        assert!(
            !flat.contains(&theirs),
            "the person's move told again: {}",
            chain.content
        );
        if after.is_some() {
            assert_eq!(
                chain.content.matches(&format!("<@{ana}>")).count(),
                1,
                "the person is pinged once: {}",
                chain.content
            );
        }
        assert_each_shown_once(&fake, channel);
    }
    assert!(
        killed,
        "the game ended before a chain of bot moves could be caught"
    );
    println!("e2e_bot_chain_kill: tries={tries} person_moves={moves}");
    assert_each_shown_once(&fake, channel);
    assert_no_secret_in(&fake, &[channel], &[ana]);
    fake.assert_no_errors();
    bot.kill();
}
