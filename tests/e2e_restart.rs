//! Nothing lost across a crash, end to end: real `capomaestro run` processes play against
//! the fake Discord and are killed with SIGKILL (`Child::kill`) at chosen points:
//! - after a move is stored and while its turn message is on the wire (Discord created
//!   it, the bot never heard back): after the restart, with nobody acting, the turn
//!   message and the move's DMs arrive exactly once, and its buttons work;
//! - in the middle of a chain of bot moves: the chain resumes and is told once;
//! - three processes on one PostgreSQL, one killed while holding a bot's timer and while
//!   posting: the others take its work over and every game finishes.

#[path = "../commands/tests/common/mod.rs"]
mod common;
use common::{
    awaited, check_archive, clickables, first_move_on, game_choice, is_news_dm, level_choice,
    logged_moves, open_panel, public_messages, secret_lines, slash, tap_a_move, tap_a_move_from,
    tap_panel, turn_message, FRAME_LOGS, MAX_PANEL_TAPS,
};
use fake_discord::{Failure, FakeDiscord};
use rand::SeedableRng;
use serde_json::json;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The bot process; killed when dropped, so a failing test leaves no bot behind.
struct BotProcess {
    child: Child,
    /// Passes the process's log on to the test's stderr, keeping what serenity logged
    /// about gateway frames it could not read (`common::FRAME_LOGS`).
    log: Option<std::thread::JoinHandle<Vec<String>>>,
}

impl BotProcess {
    fn new(mut child: Child) -> BotProcess {
        let stderr = child.stderr.take().expect("stderr piped");
        let log = std::thread::spawn(move || {
            use std::io::BufRead;
            let mut unreadable = Vec::new();
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                if FRAME_LOGS.iter().any(|f| line.contains(f)) {
                    unreadable.push(line.clone());
                }
                eprintln!("{line}");
            }
            unreadable
        });
        BotProcess {
            child,
            log: Some(log),
        }
    }

    /// SIGKILL (what `Child::kill` sends on Unix): no shutdown code runs. Then reaped,
    /// and fails if serenity in it met a gateway frame it could not read.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let unreadable = self
            .log
            .take()
            .map(|log| log.join().unwrap_or_default())
            .unwrap_or_default();
        if !std::thread::panicking() {
            assert!(
                unreadable.is_empty(),
                "serenity could not read these gateway frames: {unreadable:#?}"
            );
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        self.kill();
    }
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
            "data_dir = {:?}\nlog_level = {:?}\n{extra}\n",
            dir.join(name),
            // E2E_LOG=info (a tracing filter) shows what the processes do; the frames
            // serenity reads as unknown events are always heard (`FRAME_LOGS`).
            format!(
                "{},serenity::client::dispatch=debug",
                std::env::var("E2E_LOG").unwrap_or_else(|_| "warn".into())
            )
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
        .stderr(Stdio::piped())
        .spawn()
        .map(BotProcess::new)
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
    crash_between_commit_and_post(None).await;
}

/// The same on PostgreSQL: the restarted process (the same instance, its shard range)
/// takes back the post it held when it died, at once, not after its lease.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_between_commit_and_post_on_postgresql_resends_at_once_and_once() {
    // The harness blocks on its own runtime: not on this one's threads.
    let url = tokio::task::spawn_blocking(storage::pg::testing::fresh_url)
        .await
        .unwrap()
        .unwrap_or_else(|why| panic!("{why}"));
    crash_between_commit_and_post(Some(&url)).await;
}

/// kill -9 while the turn message of a move is on the wire (Discord creates it, the
/// answer is lost), then a restart: the lost message is re-sent within 5 s of the
/// restart, shown once (deduplicated by its nonce), the live hand updated once. On sled
/// (`postgres` `None`) or on the PostgreSQL database at that url.
async fn crash_between_commit_and_post(postgres: Option<&str>) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let channel = fake.channel();
    let (ana, bruno) = (fake.add_user("ana"), fake.add_user("bruno"));
    let mut config = format!("dev_guild_id = {}\n", fake.guild_id());
    if let Some(url) = postgres {
        // The default lease (30 s): the restart must not wait it out.
        config.push_str(&format!(
            "[storage]\nbackend = \"postgres\"\nurl = {url:?}\npool_size = 4\n"
        ));
    }
    let spawn = || spawn_with(&fake, dir.path(), "p", &config, &[]);
    let mut bot = spawn();
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
    let lost = fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path == format!("/channels/{channel}/messages"))
        .nth(posts_before)
        .and_then(|r| r.body.as_ref()?["nonce"].as_str().map(String::from))
        .expect("the lost post carries its nonce");
    let sent = |f: &FakeDiscord| {
        f.requests()
            .iter()
            .filter(|r| r.method == "POST" && r.path == format!("/channels/{channel}/messages"))
            .filter(|r| r.body.as_ref().and_then(|b| b["nonce"].as_str()) == Some(lost.as_str()))
            .count()
    };
    assert_eq!(
        (fake.dms(player).len(), hand_edits(&fake)),
        (dms_before, edits_before),
        "the live hand is updated after the post"
    );

    // Restart; nobody acts.
    let restarted = std::time::Instant::now();
    let mut bot = spawn();
    fake.wait_for_within(
        "the lost turn message re-sent",
        Duration::from_secs(5),
        |f| (sent(f) >= 2).then_some(()),
    )
    .await;
    eprintln!(
        "the lost turn message re-sent {:?} after the restart",
        restarted.elapsed()
    );
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
    assert_eq!(
        messages[messages_before].nonce.as_deref(),
        Some(lost.as_str())
    );
    assert_eq!(
        sent(&fake),
        2,
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

/// Kills `old` (if still running), waits until the fake saw its gateway session close,
/// starts a new process with `spawn` and waits until it is connected and READY: an
/// interaction sent in between would reach no process.
async fn restart(
    fake: &FakeDiscord,
    mut old: BotProcess,
    spawn: impl FnOnce() -> BotProcess,
) -> BotProcess {
    old.kill();
    fake.wait_for("the killed process's session closed", |f| {
        f.shard_sessions()
            .iter()
            .all(|s| !s.connected)
            .then_some(())
    })
    .await;
    let new = spawn();
    fake.wait_for_within("the new process READY", Duration::from_secs(30), |f| {
        f.shard_sessions()
            .iter()
            .any(|s| s.ready && s.connected)
            .then_some(())
    })
    .await;
    new
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
/// repeat public facts such as the final scores) shows anywhere in a public message of
/// `channels` (its whole JSON: text, embeds, custom ids, nonce…) before the game's end (the end may reveal hidden cards: the Princes' professions).
fn assert_no_secret_in(fake: &FakeDiscord, channels: &[u64], users: &[u64]) {
    let hands: Vec<_> = users
        .iter()
        .flat_map(|u| fake.dms(*u))
        .filter(|m| !is_news_dm(m))
        .collect();
    let secrets = secret_lines(&hands);
    for channel in channels {
        let public = public_messages(fake, *channel);
        let end = public
            .iter()
            .position(|m| m.content.contains("Final scores"))
            .unwrap_or(public.len());
        for m in &public[..end] {
            common::assert_no_secret_in(&common::message_json(m), &secrets, "a public message");
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

/// kill -9 in the middle of a chain of bot moves. One person plays Palazzo
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
                bot = restart(&fake, bot, || {
                    spawn_with(&fake, dir.path(), "p", &slow, &[])
                })
                .await;
                continue;
            }
            Watched::Killed(stored) => stored,
        };
        println!("e2e_bot_chain_kill: killed with {stored} public moves stored, {logged_before} before the person's");
        killed = true;
        // Restart; nobody acts: the chain completes from its stored timer.
        bot = restart(&fake, bot, || {
            spawn_with(&fake, dir.path(), "p", &quick, &[])
        })
        .await;
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
        // A move's log line joins its narration's lines, so one move's line may hold
        // another's (a pick "… takes C2." that ends a round, then "… 's turn."): count
        // each line wherever it stands, in the log and in the message alike.
        for text in &bots {
            let expected: usize = bots.iter().map(|t| t.matches(text.as_str()).count()).sum();
            let found = flat.matches(text.as_str()).count();
            assert!(
                found == expected || (cut && found < expected),
                "`{text}` told {found} times, {expected} expected, in {}\n\
                 (moves {}..={logged} are the chain's; /game log: {listed:#?})",
                chain.content,
                logged_before + 2
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
    let store = storage::SledStore::open(dir.path().join("p")).expect("the store, let go");
    let checked = check_archive(&store);
    println!("records: {checked} finished games exported, validated and replayed");
}

/// How long a process of the multi-process test holds a claimed outbox row or timer.
const LEASE_MS: u64 = 2_500;

/// Sends `signal` (`-STOP`, `-CONT`) to a bot process.
fn signal(process: &BotProcess, signal: &str) {
    let status = Command::new("kill")
        .args([signal, &process.child.id().to_string()])
        .status()
        .expect("run kill");
    assert!(status.success(), "kill {signal}");
}

/// Waits until the gateway sessions of `shards` (of 3) are READY and connected.
async fn wait_shards(fake: &FakeDiscord, shards: &[u32]) {
    fake.wait_for_within("the shards READY", Duration::from_secs(30), |f| {
        let sessions = f.shard_sessions();
        shards
            .iter()
            .all(|i| {
                sessions
                    .iter()
                    .any(|s| s.shard == [*i, 3] && s.ready && s.connected)
            })
            .then_some(())
    })
    .await;
}

/// One game of the multi-process test: one person (seat 0) and bots.
struct Game {
    title: &'static str,
    guild: u64,
    channel: u64,
    person: u64,
    /// The message the person last acted on, and when.
    acted: Option<(u64, std::time::Instant)>,
    moves: usize,
}

/// `person` opens a `title` table with two bots at `level` in a new channel `name` of
/// `guild`.
async fn open_table(
    fake: &FakeDiscord,
    title: &'static str,
    guild: u64,
    person: u64,
    name: &str,
    level: &str,
) -> Game {
    let channel = fake.add_channel_in(guild, name);
    let choice = game_choice(fake, title);
    let level = level_choice(fake, level);
    slash(
        fake,
        person,
        channel,
        "game new",
        json!({ "game": choice, "bots": 2, "level": level }),
    )
    .await;
    Game {
        title,
        guild,
        channel,
        person,
        acted: None,
        moves: 0,
    }
}

/// The same title, guild, person and two bots at `level`, at a new table: for a scene
/// whose game ended before it was played (`n` names the table).
async fn a_new_table(fake: &FakeDiscord, ended: &Game, level: &str, n: usize) -> Game {
    let name = format!("table-again-{n}");
    open_table(fake, ended.title, ended.guild, ended.person, &name, level).await
}

impl Game {
    fn over(&self, fake: &FakeDiscord) -> bool {
        public_messages(fake, self.channel)
            .iter()
            .any(|m| m.content.contains("Final scores"))
    }

    /// The newest public message that is not a reminder, if it asks the person to move.
    fn their_turn(&self, fake: &FakeDiscord) -> Option<(fake_discord::RecordedMessage, String)> {
        let latest = public_messages(fake, self.channel)
            .into_iter()
            .rev()
            .find(|m| !m.content.starts_with('⏰'))?;
        let (_, your_move) = awaited(&latest, &[self.person]).into_iter().next()?;
        Some((latest, your_move))
    }

    /// Their turn, on a message they did not just act on (a move told to nobody posts
    /// nothing: after 2 s they act on the same message again).
    fn ready(&self, fake: &FakeDiscord) -> Option<(fake_discord::RecordedMessage, String)> {
        if self.over(fake) {
            return None;
        }
        self.their_turn(fake).filter(|(turn, _)| {
            !self
                .acted
                .is_some_and(|(id, at)| id == turn.id && at.elapsed() < Duration::from_secs(2))
        })
    }

    /// The person moves if they are [`Game::ready`]; whether a move was played.
    async fn play(&mut self, fake: &FakeDiscord, rng: &mut impl rand::Rng) -> bool {
        let Some((turn, your_move)) = self.ready(fake) else {
            return false;
        };
        let click = fake.click(self.person, &turn, &your_move);
        assert_eq!(
            click.shard,
            Some(FakeDiscord::shard_of(self.guild, 3)),
            "{}: the guild's shard gets its interactions",
            self.title
        );
        self.acted = Some((turn.id, std::time::Instant::now()));
        let played = tap_a_move_from(fake, self.person, click, rng)
            .await
            .is_some();
        if played {
            self.moves += 1;
            assert!(self.moves < 400, "{}: not over after 400 moves", self.title);
        }
        played
    }
}

impl Game {
    /// The person plays a move (they must be [`Game::ready`]) without waiting for its
    /// answer, which may never come.
    async fn play_unanswered(&mut self, fake: &FakeDiscord) {
        let (turn, your_move) = self.ready(fake).expect("their turn");
        let replies = fake.click(self.person, &turn, &your_move).replies().await;
        self.acted = Some((turn.id, std::time::Instant::now()));
        self.moves += 1;
        let mut panel = replies
            .into_iter()
            .rev()
            .find(|m| !m.components.is_empty())
            .expect("a move panel");
        for _ in 0..MAX_PANEL_TAPS {
            if let Some((id, value)) = first_move_on(&panel) {
                let _move = match value {
                    Some(v) => fake.select(self.person, &panel, &id, &[v.as_str()]),
                    None => fake.click(self.person, &panel, &id),
                };
                return;
            }
            let (id, value) = clickables(&panel)
                .into_iter()
                .next()
                .expect("something on the panel");
            panel = tap_panel(fake, self.person, &panel, &id, value.as_deref()).await;
        }
        panic!(
            "{}: no move within {MAX_PANEL_TAPS} taps: {panel:#?}",
            self.title
        );
    }
}

/// Every game but those in `skip` gets one move of its person where it is their turn;
/// the moves played.
async fn play_round(
    fake: &FakeDiscord,
    games: &mut [Game],
    skip: &[u64],
    rng: &mut impl rand::Rng,
) -> usize {
    let mut played = 0;
    for game in games.iter_mut().filter(|g| !skip.contains(&g.guild)) {
        played += usize::from(game.play(fake, rng).await);
    }
    if played == 0 {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    played
}

/// `/game mine` in a DM (DM interactions reach shard 0), by the person of a game still
/// running: it lists that game.
async fn mine_in_dm(fake: &FakeDiscord, games: &[Game]) {
    let Some(game) = games.iter().find(|g| !g.over(fake)) else {
        return;
    };
    let dm = fake.dm_channel(game.person);
    let mine = fake.slash(game.person, dm, "game mine", json!({}));
    assert_eq!(mine.shard, Some(0));
    let reply = mine.replies().await;
    let listed = reply
        .iter()
        .any(|m| m.content.contains(&format!("<#{}>", game.channel)));
    if !listed {
        // Only a game that has ended is left out: stored as over, its end message may
        // still wait in the killed process's outbox until another takes its lease.
        let what = format!(
            "{}: the end message, as /game mine in a DM no longer lists it: {reply:#?}",
            game.title
        );
        fake.wait_for_within(&what, Duration::from_secs(90), |f| {
            game.over(f).then_some(())
        })
        .await;
    }
}

/// How many times the kill scene of the three-process test may start again before it
/// fails: each try misses only when the bot's search ends within the pause, its timer is
/// not claimed yet, or the villa falls first.
const MAX_KILL_TRIES: usize = 24;

/// End to end: three `capomaestro run` processes (`--shards i-i/3`) on one
/// PostgreSQL, the fake Discord with three shards and a guild on each; one game of each
/// title, each one person with bots (their moves are stored timers any process may
/// claim). The process of shard 1 is killed with SIGKILL twice and restarted:
/// - while holding a timer: the others are stopped (SIGSTOP) for a moment so that it
///   alone claims the timer of a hard bot's move and searches it (uncapped: a while; the
///   search holds the timer by postponing it); killed then, the others (SIGCONT) play
///   that move once, only when the hold ends;
/// - while posting: the turn message of a person's move is on the wire (Discord creates
///   it, the answer is lost); another process re-sends it after the lease, deduplicated
///   by its nonce.
///
/// While it is down, the games of the other guilds keep being played and `/game mine`
/// answers in a DM. Every game finishes, each stored message is shown once, no reminder
/// comes twice for one turn, and nothing private reaches a channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_processes_on_one_postgresql_survive_sigkill_while_posting_and_holding_leases() {
    let started = std::time::Instant::now();
    // The harness blocks on its own runtime: not on this one's threads.
    let url = tokio::task::spawn_blocking(storage::pg::testing::fresh_url)
        .await
        .unwrap()
        .unwrap_or_else(|why| panic!("{why}"));
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    // A guild on every shard.
    let mut guilds = [None; 3];
    let first = fake.guild_id();
    guilds[FakeDiscord::shard_of(first, 3) as usize] = Some(first);
    for n in 1.. {
        if guilds.iter().all(Option::is_some) {
            break;
        }
        assert!(n < 12, "no guild falls on some shard");
        let guild = fake.add_guild(&format!("Guild {n}"));
        guilds[FakeDiscord::shard_of(guild, 3) as usize].get_or_insert(guild);
    }
    let guilds = guilds.map(Option::unwrap);
    let config = |iterations: u32| {
        format!(
            "[discord]\nrate_limit = false\n\
             [storage]\nbackend = \"postgres\"\nurl = {url:?}\npool_size = 4\nlease_ms = {LEASE_MS}\n\
             [timers]\nremind_after = \"3s\"\nremind_every = \"1h\"\n\
             [bots]\ndelay_ms = 0\nthreads = 1\nmax_iterations = {iterations}\n"
        )
    };
    let spawn = |shard: u32, iterations: u32| {
        spawn_with(
            &fake,
            dir.path(),
            &format!("p{shard}"),
            &config(iterations),
            &["--shards", &format!("{shard}-{shard}/3")],
        )
    };
    // Searches capped at 16 iterations, but for the first run of the process to kill.
    let p0 = spawn(0, 16);
    fake.wait_commands().await;
    let mut p1 = spawn(1, 0);
    let p2 = spawn(2, 16);
    wait_shards(&fake, &[0, 1, 2]).await;
    assert_eq!(fake.registered_commands().len(), 6, "registered once");

    // (title, guild, level), each with two bots
    let tables = [
        ("Palazzo", guilds[1], "easy"),
        ("Villa Paletti", guilds[1], "hard"),
        ("The Estates", guilds[0], "easy"),
        ("The Princes of Florence", guilds[2], "easy"),
    ];
    let mut games = Vec::new();
    for (i, (title, guild, level)) in tables.into_iter().enumerate() {
        let person = fake.add_user(&format!("person{i}"));
        let name = format!("table-{i}");
        games.push(open_table(&fake, title, guild, person, &name, level).await);
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(26);
    let (palazzo, villa) = (0, 1);
    let victim = guilds[1];

    // 1. SIGKILL while holding a timer. The person at Villa Paletti (three players: the
    // two-player rules of thumb answer most spots at once, without a search) moves
    // (through the process of shard 1) until the hard bots are awaited, the others
    // stopped: the bot's timer is due at once and only the process of shard 1 can claim
    // it. A search holds its timer by postponing it past the search's safety deadline
    // (and 5 s): after a crash the timer falls due again then, and another process plays
    // the move.
    let hold = table::think::safety_deadline(ai::Level::Hard) + Duration::from_secs(5);
    // Either premise can miss on an odd machine (the search done within the pause, or
    // not claimed yet): then the kill proves less, and the scene is played again.
    // The person taps random moves, and a careless hand can bring the villa down: the
    // scene then starts again at a new table. A try costs a move and a short pause, and
    // on a loaded machine (the other tests of this file run beside it) several in a row
    // can miss, so the scene gets up to MAX_KILL_TRIES.
    let mut attempts = 0;
    let (told, taken_over) = loop {
        attempts += 1;
        assert!(
            attempts <= MAX_KILL_TRIES,
            "no kill landed while the process held the bot's timer"
        );
        let over = fake
            .wait_for_within(
                "the person's turn at Villa Paletti, or its end",
                Duration::from_secs(40),
                |f| {
                    if games[villa].over(f) {
                        Some(true)
                    } else {
                        games[villa].ready(f).map(|_| false)
                    }
                },
            )
            .await;
        if over {
            games[villa] = a_new_table(&fake, &games[villa], "hard", attempts).await;
            continue;
        }
        signal(&p0, "-STOP");
        signal(&p2, "-STOP");
        let told = loop {
            let before = public_messages(&fake, games[villa].channel).len();
            assert!(
                games[villa].play(&fake, &mut rng).await,
                "a move at Villa Paletti"
            );
            let told = fake
                .wait_for("the person's move told", |f| {
                    let public = public_messages(f, games[villa].channel);
                    (public.len() > before).then_some(public.len())
                })
                .await;
            if games[villa].their_turn(&fake).is_none() {
                break told;
            }
        };
        if games[villa].over(&fake) {
            signal(&p0, "-CONT");
            signal(&p2, "-CONT");
            games[villa] = a_new_table(&fake, &games[villa], "hard", attempts).await;
            continue;
        }
        // The bot's timer is claimed at once; its uncapped hard search takes longer.
        tokio::time::sleep(Duration::from_millis(400)).await;
        if public_messages(&fake, games[villa].channel).len() > told {
            // The bot moved within the pause: again at the person's next turn.
            signal(&p0, "-CONT");
            signal(&p2, "-CONT");
            continue;
        }
        p1.kill();
        let killed = std::time::Instant::now();
        signal(&p0, "-CONT");
        signal(&p2, "-CONT");
        // While it is down: the other guilds' games go on, and DMs are answered.
        let mut during = 0;
        mine_in_dm(&fake, &games).await;
        while public_messages(&fake, games[villa].channel).len() == told {
            during += play_round(&fake, &mut games, &[victim], &mut rng).await;
            assert!(
                killed.elapsed() < hold + Duration::from_secs(10),
                "the dead process's timer was never taken over: {:#?}",
                public_messages(&fake, games[villa].channel)
                    .iter()
                    .rev()
                    .take(3)
                    .map(|m| m.content.clone())
                    .collect::<Vec<_>>()
            );
        }
        let taken_over = killed.elapsed();
        assert!(during > 0, "no move was answered while a process was down");
        if taken_over >= hold - Duration::from_secs(1) {
            break (told, taken_over);
        }
        // Played at once by another: the dead process had not claimed the timer yet.
        p1 = spawn(1, 0);
        wait_shards(&fake, &[1]).await;
    };
    println!("e2e_processes: bot timer taken over {taken_over:?} after the kill, try {attempts}");
    // The bot's move is told once (a hard bot moving once; the person is awaited again).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let told_after = public_messages(&fake, games[villa].channel);
    assert!(
        told_after[told..]
            .iter()
            .filter(|m| !m.content.starts_with('⏰'))
            .count()
            <= 1,
        "the bot's move told twice: {:#?}",
        &told_after[told..]
    );
    let mut p1 = spawn(1, 16);
    wait_shards(&fake, &[1]).await;

    // 2. SIGKILL while posting: the person at Palazzo moves; Discord creates the turn
    // message but the answer never reaches the process of shard 1.
    let channel = games[palazzo].channel;
    let posts = |f: &FakeDiscord| {
        f.requests()
            .into_iter()
            .filter(|r| r.method == "POST" && r.path == format!("/channels/{channel}/messages"))
            .collect::<Vec<_>>()
    };
    loop {
        if games[palazzo].ready(&fake).is_some() {
            break;
        }
        assert!(
            !games[palazzo].over(&fake),
            "Palazzo ended before the second kill"
        );
        play_round(&fake, &mut games, &[], &mut rng).await;
    }
    let before = posts(&fake).len();
    fake.inject_times(
        &format!("POST /channels/{channel}/messages"),
        Failure::LostResponse,
        1,
    );
    games[palazzo].play_unanswered(&fake).await;
    let lost = fake
        .wait_for("the turn message on the wire", |f| {
            posts(f).get(before).cloned()
        })
        .await;
    p1.kill();
    let killed = std::time::Instant::now();
    let nonce = lost
        .body
        .as_ref()
        .and_then(|b| b["nonce"].as_str())
        .map(String::from);
    let nonce = nonce.expect("a stored message carries its nonce");
    let mut during = 0;
    mine_in_dm(&fake, &games).await;
    // Another process re-sends it once the lease ends; Discord keeps one.
    loop {
        let sent = posts(&fake)
            .iter()
            .filter(|r| r.body.as_ref().and_then(|b| b["nonce"].as_str()) == Some(nonce.as_str()))
            .count();
        // The other guilds' games are answered meanwhile (unless they are all over).
        let served = during > 0 || games.iter().all(|g| g.guild == victim || g.over(&fake));
        if sent >= 2 && served && killed.elapsed() > Duration::from_millis(LEASE_MS + 500) {
            assert_eq!(sent, 2, "re-sent once");
            break;
        }
        during += play_round(&fake, &mut games, &[victim], &mut rng).await;
        assert!(
            killed.elapsed() < Duration::from_millis(LEASE_MS + 15_000),
            "the message on the wire was never re-sent, or no move answered meanwhile"
        );
    }
    let shown = public_messages(&fake, channel)
        .iter()
        .filter(|m| m.nonce.as_deref() == Some(nonce.as_str()))
        .count();
    assert_eq!(shown, 1, "the message on the wire shown once");
    let p1 = spawn(1, 16);
    wait_shards(&fake, &[1]).await;

    // 3. Every game to its end.
    let mut dms = 0;
    while games.iter().any(|g| !g.over(&fake)) {
        let played = play_round(&fake, &mut games, &[], &mut rng).await;
        dms += played;
        if dms >= 15 {
            dms = 0;
            mine_in_dm(&fake, &games).await;
        }
        assert!(
            // About a minute on an idle 2-core machine; a stalled game fails here.
            started.elapsed() < Duration::from_secs(300),
            "not over after 300 s: {:#?}",
            games
                .iter()
                .filter(|g| !g.over(&fake))
                .map(|g| (
                    g.title,
                    g.moves,
                    public_messages(&fake, g.channel)
                        .iter()
                        .rev()
                        .take(3)
                        .map(|m| (m.content.clone(), m.custom_ids()))
                        .collect::<Vec<_>>()
                ))
                .collect::<Vec<_>>()
        );
    }
    let mut reminders = 0;
    for game in &games {
        let public = public_messages(&fake, game.channel);
        reminders += public
            .iter()
            .filter(|m| m.content.starts_with('⏰'))
            .count();
        let mut nonces: Vec<&str> = public.iter().filter_map(|m| m.nonce.as_deref()).collect();
        let posted = nonces.len();
        nonces.sort_unstable();
        nonces.dedup();
        assert_eq!(
            nonces.len(),
            posted,
            "{}: a message shown twice",
            game.title
        );
        // A reminder is due once per turn (the next only an hour later).
        for pair in public.windows(2) {
            assert!(
                !(pair[0].content.starts_with('⏰') && pair[1].content.starts_with('⏰')),
                "{}: a reminder twice: {:#?}",
                game.title,
                pair
            );
        }
        println!(
            "e2e_processes: title={} person_moves={} channel_messages={} reminders={}",
            game.title,
            game.moves,
            public.len(),
            public
                .iter()
                .filter(|m| m.content.starts_with('⏰'))
                .count()
        );
    }
    // The tables of the dead process's guild waited for their people past the 3 s.
    assert!(
        reminders > 0,
        "no reminder came: the check above proves nothing"
    );
    let channels: Vec<u64> = games.iter().map(|g| g.channel).collect();
    let people: Vec<u64> = games.iter().map(|g| g.person).collect();
    assert_no_secret_in(&fake, &channels, &people);
    println!("e2e_processes_s={:.1}", started.elapsed().as_secs_f64());
    fake.assert_no_errors_except(&[10008]);
    drop((p0, p1, p2));
    let checked = tokio::task::spawn_blocking(move || {
        let store = storage::pg::PgStore::open(&url, 2).expect("the store");
        check_archive(&store)
    })
    .await
    .unwrap();
    assert!(checked >= games.len(), "{checked} of {} games", games.len());
    println!("records: {checked} finished games exported, validated and replayed");
}

/// A Swiss tournament at Villa Paletti, tables of four, four rounds, every game played to
/// its end by its people, with a `kill -9` of the bot in the middle of round 2 and a
/// restart: no table lost or doubled (one thread and one game per table), nobody met
/// twice, each table's result the places of its archived game, the standings a
/// recomputation of them. People: `TOURNAMENT_PEOPLE` (default 64, about 70 s on an idle
/// 2-core machine; a smaller number for a quick run).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_in_the_middle_of_round_two_of_a_swiss_tournament_loses_nothing() {
    use common::tournaments::{answer, one_move_a_table, play_the_tournament, tournament_choice};
    let count: usize = std::env::var("TOURNAMENT_PEOPLE")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(64);
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let hall = fake.channel();
    let people: Vec<u64> = (0..count)
        .map(|i| fake.add_user(&format!("p{i}")))
        .collect();
    const MANAGE_GUILD: u64 = 1 << 5;
    fake.set_permissions(
        people[0],
        fake_discord::Permissions(fake_discord::Permissions::MEMBER_DEFAULT.0 | MANAGE_GUILD),
    );
    // People tap at machine speed: no per-person rate limit.
    let config = format!(
        "dev_guild_id = {}\n[discord]\nrate_limit = false\n",
        fake.guild_id()
    );
    let spawn = || spawn_with(&fake, dir.path(), "t", &config, &[]);
    let bot = spawn();
    fake.wait_commands().await;
    let options = json!({
        "title": game_choice(&fake, "Villa Paletti"),
        "pairing": tournament_choice(&fake, "pairing", "swiss"),
        "table_size": 4,
        "rounds": 4,
    });
    let made = slash(&fake, people[0], hall, "tournament create", options).await;
    assert!(made[0].content.contains("is open"), "{}", made[0].content);
    for &p in &people {
        assert!(answer(&fake, p, hall, "tournament join")
            .await
            .starts_with("You are in"));
    }
    let tables = count / 4;
    answer(&fake, people[0], hall, "tournament start").await;
    // Round 1 played out until round 2's threads are made, then a few of its moves.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut moves = 0;
    while fake.threads_of(hall).len() < 2 * tables || moves < tables {
        let in_round_two = fake.threads_of(hall).len() >= 2 * tables;
        let moved = one_move_a_table(&fake, hall, &mut rng).await;
        if moved.is_empty() {
            tokio::time::sleep(Duration::from_millis(100)).await;
        } else if in_round_two {
            moves += moved.len();
        }
    }
    let bot = restart(&fake, bot, spawn).await;
    let end = play_the_tournament(&fake, hall, 12).await;
    assert!(end.content.contains("after round 4"), "{}", end.content);
    assert_eq!(
        fake.threads_of(hall).len(),
        4 * tables,
        "a thread per table, once"
    );
    drop(bot);

    use storage::Store;
    let store = storage::SledStore::open(dir.path().join("t")).unwrap();
    let bytes = store.note(hall, "tournament").unwrap().unwrap();
    let event = table::tournament_run::Event::from_json(&bytes).unwrap();
    assert_eq!(event.tournament.phase, table::tournament::Phase::Finished);
    assert_eq!(event.tournament.standings, event.tournament.recomputed());
    let mut met = std::collections::BTreeSet::new();
    let mut rounds: Vec<Vec<Vec<u64>>> = vec![Vec::new(); 4];
    for run in &event.tables {
        let archived = store.archived(run.thread.unwrap()).unwrap();
        assert_eq!(archived.len(), 1, "one game per table");
        let entry = &archived[0];
        assert_eq!(Some(entry.meta.game_id), run.game_id);
        let outcome: rules::engine::Outcome =
            serde_json::from_value(entry.outcome.clone().expect("played to the end")).unwrap();
        let places = table::ratings::places(&outcome, entry.meta.seats.len(), &entry.meta.dropped);
        let result = &event.tournament.rounds[run.round as usize - 1].tables[run.table as usize];
        assert_eq!(result.result.as_ref().unwrap().places, places);
        let seated: Vec<u64> = entry.meta.seats.iter().map(|s| s.user).collect();
        rounds[run.round as usize - 1].push(seated);
    }
    // A rematch only where no seating of that round had none (checked by search).
    for tables in &rounds {
        let again = tables.iter().any(|t| {
            t.iter().enumerate().any(|(i, a)| {
                t[i + 1..]
                    .iter()
                    .any(|b| met.contains(&(*a.min(b), *a.max(b))))
            })
        });
        if again {
            let mut people: Vec<u64> = tables.concat();
            people.sort_unstable();
            assert!(
                !seating_without_rematch(&people, &met, 4),
                "a rematch where a seating without one existed: {tables:?}"
            );
        }
        for t in tables {
            for (i, a) in t.iter().enumerate() {
                for b in &t[i + 1..] {
                    met.insert((*a.min(b), *a.max(b)));
                }
            }
        }
    }
    for &p in &people {
        assert_eq!(event.tournament.standings.records[&p].games, 4);
    }
}

/// Whether `people` (sorted) can sit at tables of `size` with no two who `met` at one
/// table: a depth-first search, the first person left opening each table.
fn seating_without_rematch(
    people: &[u64],
    met: &std::collections::BTreeSet<(u64, u64)>,
    size: usize,
) -> bool {
    fn fill(
        left: &[u64],
        table: &mut Vec<u64>,
        met: &std::collections::BTreeSet<(u64, u64)>,
        size: usize,
    ) -> bool {
        if table.len() == size || left.is_empty() {
            table.clear();
            return left.is_empty() || fill(left, table, met, size);
        }
        let starting = table.is_empty();
        for (i, &p) in left.iter().enumerate() {
            if table.iter().any(|&q| met.contains(&(p.min(q), p.max(q)))) {
                continue;
            }
            let mut rest = left.to_vec();
            rest.remove(i);
            let mut next = table.clone();
            next.push(p);
            if fill(&rest, &mut next, met, size) {
                return true;
            }
            if starting {
                // The first person left must open this table: no other choice to try.
                break;
            }
        }
        false
    }
    fill(people, &mut Vec::new(), met, size)
}
