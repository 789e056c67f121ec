//! The real bot (poise + serenity + table + sled) against the fake Discord: start it, play
//! the way players do (slash commands, autocomplete, buttons, menus), read what it sent.
#![allow(dead_code)]

use fake_discord::{FakeDiscord, RecordedMessage};
use rand::seq::SliceRandom;
use rand::Rng;
use serde_json::{json, Value};
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;
use tracing::subscriber::Interest;
use tracing::{Level, Metadata, Subscriber};
use tracing_subscriber::layer::{Context, Layer, SubscriberExt};
use tracing_subscriber::util::SubscriberInitExt;

/// What the fake says in a frame sent unreadable on purpose ([`unreadable_frames`]).
pub const UNREADABLE_ON_PURPOSE: &str = "unreadable-on-purpose";

/// What serenity logs about a gateway frame it could not read: a frame that is no gateway
/// event (a warning), or a known event with a field missing or mistyped, which it reads as
/// an "unknown event" (at debug level, from `serenity::client::dispatch`). Heard here by a
/// tracing layer, and in `tests/e2e_restart.rs` in each bot process's log.
pub const FRAME_LOGS: [&str; 3] = [
    "Err deserializing",
    "Err decompressing",
    "An unknown event was received",
];

/// Gateway frames serenity could not read, as its logs quote them. Serenity does not fail
/// on such a frame: one that is not a gateway event at all is dropped with a warning, and
/// a known event it cannot read (a field missing or of the wrong type) becomes an
/// "unknown event", logged and ignored. So a fake that sends what Discord would not could
/// pass unnoticed: [`Bot::stop`] fails on any of them.
static UNREADABLE: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Hears what serenity logs about gateway frames it could not read, and nothing else.
struct UnreadableFrames;

fn about_frames(m: &Metadata<'_>) -> bool {
    (m.target().starts_with("serenity::gateway") && *m.level() <= Level::WARN)
        || m.target() == "serenity::client::dispatch"
}

impl<S: Subscriber> Layer<S> for UnreadableFrames {
    fn register_callsite(&self, m: &'static Metadata<'static>) -> Interest {
        if about_frames(m) {
            Interest::always()
        } else {
            Interest::never()
        }
    }

    fn enabled(&self, m: &Metadata<'_>, _: Context<'_, S>) -> bool {
        about_frames(m)
    }

    fn on_event(&self, event: &tracing::Event<'_>, _: Context<'_, S>) {
        struct Message(String);
        impl tracing::field::Visit for Message {
            fn record_debug(&mut self, f: &tracing::field::Field, v: &dyn std::fmt::Debug) {
                if f.name() == "message" {
                    self.0 = format!("{v:?}");
                }
            }
        }
        let mut message = Message(String::new());
        event.record(&mut message);
        if FRAME_LOGS.iter().any(|h| message.0.contains(h)) {
            UNREADABLE.lock().unwrap().push(message.0);
        }
    }
}

/// Starts hearing what serenity logs about frames (once per test binary).
fn hear_the_gateway() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        tracing_subscriber::registry()
            .with(UnreadableFrames)
            .try_init()
            .expect("the only tracing subscriber of the tests");
    });
}

/// Takes the frames serenity could not read that quote `marker`, leaving the others.
pub fn unreadable_frames(marker: &str) -> Vec<String> {
    take_frames(|f| f.contains(marker))
}

/// Takes the recorded frames that pass `taken`, leaving the others.
fn take_frames(taken: impl Fn(&String) -> bool) -> Vec<String> {
    let mut all = UNREADABLE.lock().unwrap();
    let (took, kept) = all.drain(..).partition(|f| taken(f));
    *all = kept;
    took
}

/// A running bot and how to stop it.
pub struct Bot {
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<Result<(), String>>,
    /// The fake's requests: every picture sent carries its alt text (checked at stop).
    requests: fake_discord::RequestLog,
    /// Its store (closed when the bot is dropped): every game archived there is exported
    /// and replayed at stop.
    archive: std::sync::Arc<dyn table::record::ArchiveSource>,
}

impl Bot {
    /// Starts the bot on `data_dir` against `fake` and waits until its commands are
    /// registered (it is then connected and ready).
    pub async fn start(fake: &FakeDiscord, data_dir: &Path) -> Bot {
        Self::start_with(fake, data_dir, table::Defaults::default()).await
    }

    /// [`Bot::start`] with these reminder and timeout defaults for every table.
    pub async fn start_with(fake: &FakeDiscord, data_dir: &Path, timers: table::Defaults) -> Bot {
        // The tests play at machine speed, far above any player's pace: no rate limit
        // but where one is tested ([`Bot::start_rate_limited`]).
        let guild = Some(fake.guild_id());
        Self::start_full(
            fake,
            data_dir,
            timers,
            commands::ratelimit::Limit::OFF,
            guild,
        )
        .await
    }

    /// [`Bot::start`] with the commands registered globally, as in production: they can
    /// then be used in a DM with the bot too (guild commands cannot).
    pub async fn start_global(fake: &FakeDiscord, data_dir: &Path) -> Bot {
        let limit = commands::ratelimit::Limit::OFF;
        Self::start_full(fake, data_dir, table::Defaults::default(), limit, None).await
    }

    /// [`Bot::start_global`] with these reminder and timeout defaults for every table.
    pub async fn start_global_with(
        fake: &FakeDiscord,
        data_dir: &Path,
        timers: table::Defaults,
    ) -> Bot {
        let limit = commands::ratelimit::Limit::OFF;
        Self::start_full(fake, data_dir, timers, limit, None).await
    }

    /// [`Bot::start`] with the rate limit the bot has on Discord.
    pub async fn start_rate_limited(fake: &FakeDiscord, data_dir: &Path) -> Bot {
        let limit = commands::ratelimit::Limit::DISCORD;
        let guild = Some(fake.guild_id());
        Self::start_full(fake, data_dir, table::Defaults::default(), limit, guild).await
    }

    async fn start_full(
        fake: &FakeDiscord,
        data_dir: &Path,
        timers: table::Defaults,
        rate_limit: commands::ratelimit::Limit,
        dev_guild_id: Option<u64>,
    ) -> Bot {
        let settings = commands::BotSettings {
            token: fake.token(),
            data_dir: data_dir.to_path_buf(),
            dev_guild_id,
            api_base: Some(fake.api_base()),
            cache_games: 100,
            timers,
            minimums: table::Minimums::DISCORD,
            rate_limit,
            // Bots answer at once: the tests wait for their messages, not a pause.
            bot_delay_ms: 0,
            // Bots think on a pool, as in production, on tiny budgets.
            thinker: table::Thinker::with_threads(1).capped(16, 8),
            archive_keep_days: 365,
            shards: None,
        };
        hear_the_gateway();
        // Opened here as `serve_until` would, and kept: its archive is checked at stop.
        storage::create_private_dir(data_dir).expect("a data dir");
        let store = std::sync::Arc::new(storage::SledStore::open(data_dir).expect("a sled store"));
        let archive: std::sync::Arc<dyn table::record::ArchiveSource> = store.clone();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let task = tokio::spawn(commands::serve_with_store(settings, store, async {
            let _ = stopped.await;
        }));
        let mut task = task;
        // Registered (a bot before it on the fake may have done it) and connected: a
        // session READY and open.
        let ready = async {
            fake.wait_commands().await;
            fake.wait_for("a gateway session READY", |f| {
                f.shard_sessions()
                    .iter()
                    .any(|s| s.ready && s.connected)
                    .then_some(())
            })
            .await;
        };
        tokio::select! {
            _ = ready => {}
            r = &mut task => panic!("the bot stopped at start-up: {r:?}"),
        }
        Bot {
            stop: Some(stop),
            task,
            requests: fake.request_log(),
            archive,
        }
    }

    /// [`Bot::start`] with serenity's own rate limiter on, as against Discord: its HTTP
    /// client reaches the fake at `https://discord.com` (test CA), not through `api_base`.
    pub async fn start_with_serenity_rate_limiter(fake: &FakeDiscord, data_dir: &Path) -> Bot {
        let settings = commands::BotSettings {
            token: fake.token(),
            data_dir: data_dir.to_path_buf(),
            dev_guild_id: Some(fake.guild_id()),
            api_base: None,
            cache_games: 100,
            timers: table::Defaults::default(),
            minimums: table::Minimums::DISCORD,
            rate_limit: commands::ratelimit::Limit::OFF,
            bot_delay_ms: 0,
            thinker: table::Thinker::with_threads(1).capped(16, 8),
            archive_keep_days: 365,
            shards: None,
        };
        let store = std::sync::Arc::new(storage::SledStore::open(data_dir).expect("a sled store"));
        let archive: std::sync::Arc<dyn table::record::ArchiveSource> = store.clone();
        hear_the_gateway();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let mut task = tokio::spawn(commands::serve_with_client(
            settings,
            store,
            fake.http_client(),
            async {
                let _ = stopped.await;
            },
        ));
        tokio::select! {
            _ = fake.wait_commands() => {}
            r = &mut task => panic!("the bot stopped at start-up: {r:?}"),
        }
        Bot {
            stop: Some(stop),
            task,
            requests: fake.request_log(),
            archive,
        }
    }

    /// A bot process over `store` (shared with other processes) running `shards` of the
    /// fake's gateway. The one holding shard 0 registers the commands, which this waits
    /// for; any other is waited for until its shards are READY.
    pub async fn start_sharded<S: table::record::ArchiveSource + 'static>(
        fake: &FakeDiscord,
        store: std::sync::Arc<S>,
        shards: commands::ShardRange,
    ) -> Bot {
        Self::start_sharded_with(fake, store, shards, table::Defaults::default()).await
    }

    /// [`Bot::start_sharded`] with these reminder and timeout defaults for every table.
    pub async fn start_sharded_with<S: table::record::ArchiveSource + 'static>(
        fake: &FakeDiscord,
        store: std::sync::Arc<S>,
        shards: commands::ShardRange,
        timers: table::Defaults,
    ) -> Bot {
        let settings = commands::BotSettings {
            token: fake.token(),
            data_dir: std::env::temp_dir(),
            dev_guild_id: None,
            api_base: Some(fake.api_base()),
            cache_games: 100,
            timers,
            minimums: table::Minimums::DISCORD,
            rate_limit: commands::ratelimit::Limit::OFF,
            thinker: table::Thinker::with_threads(1).capped(16, 8),
            archive_keep_days: 365,
            bot_delay_ms: 0,
            shards: Some(shards),
        };
        hear_the_gateway();
        let archive: std::sync::Arc<dyn table::record::ArchiveSource> = store.clone();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let mut task = tokio::spawn(commands::serve_with_store(settings, store, async {
            let _ = stopped.await;
        }));
        let ready = async {
            if shards.holds(0) {
                fake.wait_commands().await;
            }
            fake.wait_for("the process's shards READY", |f| {
                let sessions = f.shard_sessions();
                (shards.first..=shards.last)
                    .all(|i| {
                        sessions
                            .iter()
                            .any(|s| s.shard == [i, shards.total] && s.ready && s.connected)
                    })
                    .then_some(())
            })
            .await;
        };
        tokio::select! {
            _ = ready => {}
            r = &mut task => panic!("the bot stopped at start-up: {r:?}"),
        }
        Bot {
            stop: Some(stop),
            task,
            requests: fake.request_log(),
            archive,
        }
    }

    /// Graceful stop (what SIGTERM does); returns how long it took. Fails if serenity
    /// met a gateway frame it could not read (but those a test sent so on purpose).
    pub async fn stop(mut self) -> Duration {
        let started = std::time::Instant::now();
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        (&mut self.task)
            .await
            .expect("bot task")
            .expect("bot stopped cleanly");
        // Taken, so that the next stops do not fail on the same frames (the record is
        // the test binary's: a frame may come from a test running beside this one).
        assert_every_picture_described(&self.requests.requests());
        self.check_records().await;
        let unreadable = take_frames(|f| !f.contains(UNREADABLE_ON_PURPOSE));
        assert!(
            unreadable.is_empty(),
            "serenity could not read these gateway frames (sent to this test's bot or to \
             one running beside it): {unreadable:#?}"
        );
        started.elapsed()
    }
}

impl Bot {
    /// Every game its store archived exports as a record that validates against the
    /// schema and replays to the archived scores (the count goes to the test's output).
    async fn check_records(&self) {
        let store = self.archive.clone();
        let checked = tokio::task::spawn_blocking(move || check_archive(store.as_ref()))
            .await
            .expect("the archive's records check out");
        println!("records: {checked} finished games exported, validated and replayed");
    }
}

/// Every file the bot uploaded (board pictures, hands: in channels, DMs and answers to
/// interactions) carries a description (its alt text) within Discord's 1,024 characters.
pub fn assert_every_picture_described(requests: &[fake_discord::RequestRecord]) {
    for r in requests.iter().filter(|r| !r.files.is_empty()) {
        let attachments = r
            .body
            .as_ref()
            .and_then(|b| b.get("attachments"))
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        for (i, name) in r.files.iter().enumerate() {
            let description = attachments
                .iter()
                .find(|a| a["id"].as_u64() == Some(i as u64) || a["id"] == json!(i.to_string()))
                .and_then(|a| a["description"].as_str());
            let Some(description) = description else {
                panic!(
                    "{} {}: {name} has no alt text: {:?}",
                    r.method, r.path, r.body
                );
            };
            assert!(
                !description.trim().is_empty() && description.chars().count() <= 1024,
                "{} {}: {name}'s alt text is empty or too long: {description}",
                r.method,
                r.path
            );
        }
    }
}

/// The value Discord sends for the `/game new` choice named `title`.
pub fn game_choice(fake: &FakeDiscord, title: &str) -> Value {
    new_choice(fake, "game", |name| name == title)
}

/// The value Discord sends for the choice of `/game new`'s option `option` whose name
/// passes `wanted`, as registered.
fn new_choice(fake: &FakeDiscord, option: &str, wanted: impl Fn(&str) -> bool) -> Value {
    let commands = fake.registered_commands();
    let game = commands
        .iter()
        .find(|c| c["name"] == "game")
        .expect("/game registered");
    let new = game["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "new")
        .unwrap();
    let choices = new["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == option)
        .unwrap_or_else(|| panic!("/game new has no option {option}"))["choices"]
        .as_array()
        .unwrap()
        .clone();
    choices
        .iter()
        .find(|c| c["name"].as_str().is_some_and(&wanted))
        .unwrap_or_else(|| panic!("no such {option} among {choices:?}"))["value"]
        .clone()
}

/// Runs a slash command and returns its visible replies.
pub async fn slash(
    fake: &FakeDiscord,
    user: u64,
    channel: u64,
    path: &str,
    options: Value,
) -> Vec<RecordedMessage> {
    fake.slash(user, channel, path, options).replies().await
}

/// Opens a table for `title` with `players` fresh users, all seated, and starts it.
pub async fn open_table(fake: &FakeDiscord, channel: u64, title: &str, players: &[u64]) {
    let choice = game_choice(fake, title);
    slash(
        fake,
        players[0],
        channel,
        "game new",
        json!({ "game": choice }),
    )
    .await;
    for &p in &players[1..] {
        slash(fake, p, channel, "game join", json!({})).await;
    }
    slash(fake, players[0], channel, "game start", json!({})).await;
}

/// What everyone sees in the channel (not the ephemeral replies only one user sees).
pub fn public_messages(fake: &FakeDiscord, channel: u64) -> Vec<RecordedMessage> {
    fake.channel_messages(channel)
        .into_iter()
        .filter(|m| m.flags & 64 == 0)
        .collect()
}

/// The part of the channel's message holding `needle` that carries the board picture,
/// waited for: a long message comes in parts, and the picture rides on the last one.
pub async fn picture_part(fake: &FakeDiscord, channel: u64, needle: &str) -> RecordedMessage {
    fake.wait_for(&format!("the picture of the message with {needle}"), |f| {
        let messages = public_messages(f, channel);
        let at = messages.iter().position(|m| m.content.contains(needle))?;
        messages[at..]
            .iter()
            .find(|m| !m.attachments.is_empty())
            .cloned()
    })
    .await
}

/// The first awaited player opens their move panel ("Your move"); returns them and it.
pub async fn open_panel(fake: &FakeDiscord, channel: u64, seats: &[u64]) -> (u64, RecordedMessage) {
    let turn = turn_message(fake, channel).expect("a live turn message");
    let (user, your_move) = awaited(&turn, seats)[0].clone();
    let replies = fake.click(user, &turn, &your_move).replies().await;
    let panel = replies
        .into_iter()
        .rev()
        .find(|m| !m.components.is_empty())
        .expect("a move panel");
    (user, panel)
}

/// The first move `panel` offers: a button or menu option that plays.
pub fn first_move_on(panel: &RecordedMessage) -> Option<(String, Option<String>)> {
    clickables(panel)
        .into_iter()
        .find(|(id, v)| is_move(id, v.as_deref()))
}

/// The live turn message: the newest channel message with "Your move" buttons.
pub fn turn_message(fake: &FakeDiscord, channel: u64) -> Option<RecordedMessage> {
    fake.channel_messages(channel)
        .into_iter()
        .rev()
        .find(|m| m.custom_ids().iter().any(|id| id.ends_with(":y")))
}

/// The users a turn message asks to move, from its "Your move" buttons' seats.
pub fn awaited(message: &RecordedMessage, seats: &[u64]) -> Vec<(u64, String)> {
    message
        .custom_ids()
        .into_iter()
        .filter(|id| id.ends_with(":y"))
        .filter_map(|id| {
            let seat: usize = id.split(':').nth(4)?.parse().ok()?;
            Some((*seats.get(seat)?, id))
        })
        .collect()
}

/// Everything a message offers to click: (custom id, select value).
pub fn clickables(message: &RecordedMessage) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for row in &message.components {
        for c in row["components"].as_array().into_iter().flatten() {
            let Some(id) = c["custom_id"].as_str() else {
                continue;
            };
            match c["type"].as_u64() {
                Some(2) => out.push((id.to_string(), None)),
                Some(3) => {
                    for o in c["options"].as_array().into_iter().flatten() {
                        out.push((id.to_string(), o["value"].as_str().map(String::from)));
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// The action part of one of the bot's custom ids (`pa12`, `po3.1`, `y`, …).
pub fn action_of(custom_id: &str) -> &str {
    custom_id.splitn(6, ':').nth(5).unwrap_or_default()
}

/// Whether using this (custom id, select value) plays a move rather than opening a group.
pub fn is_move(id: &str, value: Option<&str>) -> bool {
    match value {
        Some(v) => v.starts_with('a'),
        None => action_of(id).starts_with("pa"),
    }
}

/// Uses one component of the private panel (edited in place) and waits for the edit;
/// returns the panel as it is now.
pub async fn tap_panel(
    fake: &FakeDiscord,
    user: u64,
    panel: &RecordedMessage,
    id: &str,
    value: Option<&str>,
) -> RecordedMessage {
    let before = panel.edits;
    let interaction = match value {
        Some(v) => fake.select(user, panel, id, &[v]),
        None => fake.click(user, panel, id),
    };
    interaction.wait_ack().await;
    let message = panel.id;
    fake.wait_for("the panel edited in place", |f| {
        f.message(message).filter(|m| m.edits > before)
    })
    .await
}

/// Taps a player needs at most for one move, "Your move" not counted.
pub const MAX_PANEL_TAPS: usize = 3;

/// One move by taps: "Your move" on the turn message, then random picks through the
/// private panel until a move is played. Returns the taps it took after "Your move", or
/// None when the panel offered nothing.
pub async fn tap_a_move(
    fake: &FakeDiscord,
    user: u64,
    turn: &RecordedMessage,
    your_move: &str,
    rng: &mut impl Rng,
) -> Option<usize> {
    tap_a_move_from(fake, user, fake.click(user, turn, your_move), rng).await
}

/// [`tap_a_move`] after `user`'s "Your move" click already made.
pub async fn tap_a_move_from(
    fake: &FakeDiscord,
    user: u64,
    click: fake_discord::Interaction,
    rng: &mut impl Rng,
) -> Option<usize> {
    let replies = click.replies().await;
    let mut panel = replies
        .iter()
        .rev()
        .find(|m| !m.components.is_empty())?
        .clone();
    for taps in 1..=8 {
        let options = clickables(&panel);
        let moves: Vec<_> = options
            .iter()
            .filter(|(id, v)| is_move(id, v.as_deref()))
            .cloned()
            .collect();
        // Wander at first (every group gets visited), then play a move.
        let pool = if taps > MAX_PANEL_TAPS && !moves.is_empty() {
            &moves
        } else {
            &options
        };
        let (id, value) = pool.choose(rng)?.clone();
        let played = is_move(&id, value.as_deref());
        panel = tap_panel(fake, user, &panel, &id, value.as_deref()).await;
        if played {
            return Some(taps);
        }
    }
    panic!("no move played after 8 taps; panel now: {panel:#?}")
}

/// `user`'s moves as `/<group> move`'s autocomplete offers them to type (`money`).
pub async fn typed_moves(fake: &FakeDiscord, user: u64, channel: u64, group: &str) -> Vec<String> {
    fake.autocomplete(
        user,
        channel,
        &format!("{group} move"),
        json!({"move": ""}),
        "move",
    )
    .choices()
    .await
    .iter()
    .filter_map(|c| c["value"].as_str().map(str::to_string))
    .collect()
}

/// Lines of private texts long enough to be telling (shorter ones can occur anywhere).
pub fn secret_lines(private: &[RecordedMessage]) -> Vec<String> {
    private
        .iter()
        .flat_map(|m| {
            m.content
                .lines()
                .skip(1) // the "**Game** in #channel:" header is not a secret
                .map(|l| l.trim().to_string())
                .collect::<Vec<_>>()
        })
        .filter(|l| l.chars().count() >= 12)
        .collect()
}

/// Fails if a line any of `users` was sent privately shows anywhere in what the
/// channel's members can read: every request the bot made about `channel` (posts, edits,
/// deletions: their whole JSON) and every public message there as it stands (content,
/// embeds, components with their custom ids and select values, attachment names,
/// nonce).
pub fn assert_no_private_line_in(fake: &FakeDiscord, channel: u64, users: &[u64]) {
    let private: Vec<_> = users.iter().flat_map(|u| fake.dms(*u)).collect();
    let secrets = secret_lines(&private);
    for payload in channel_payloads(fake, channel) {
        assert_no_secret_in(&payload, &secrets, "a channel payload");
    }
}

/// A recorded message as JSON: everything a member who reads it can see (its bytes as a
/// digest: a picture's content is compared by the callers that need it).
pub fn message_json(m: &RecordedMessage) -> Value {
    let files: Vec<Value> = m
        .attachments
        .iter()
        .map(|f| {
            let digest = f.bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
                (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
            });
            json!({
                "id": f.id.to_string(),
                "filename": f.filename,
                "content_type": f.content_type,
                "description": f.description,
                "size": f.bytes.len(),
                "fnv": format!("{digest:016x}"),
            })
        })
        .collect();
    json!({
        "id": m.id.to_string(),
        "channel_id": m.channel_id.to_string(),
        "content": m.content,
        "embeds": m.embeds,
        "components": m.components,
        "attachments": files,
        "flags": m.flags,
        "nonce": m.nonce,
        "edits": m.edits,
        "deleted": m.deleted,
    })
}

/// Every payload a member of `channel` can read, in order: the bot's requests about the
/// channel (method, path, JSON body, file names; their order is the edit order) and then
/// each public message there as it stands (deleted ones included).
pub fn channel_payloads(fake: &FakeDiscord, channel: u64) -> Vec<Value> {
    let prefix = format!("/channels/{channel}/");
    let mut out: Vec<Value> = fake
        .requests()
        .into_iter()
        .filter(|r| r.path.starts_with(&prefix))
        .map(|r| {
            json!({
                "method": r.method,
                "path": r.path,
                "body": r.body,
                "files": r.files,
                "status": r.status,
            })
        })
        .collect();
    let mut messages = public_messages(fake, channel);
    messages.extend(
        fake.deleted_messages()
            .into_iter()
            .filter(|m| m.channel_id == channel && m.flags & 64 == 0),
    );
    messages.sort_by_key(|m| m.id);
    out.extend(messages.iter().map(message_json));
    out
}

/// Every string in `v`, keys included (numbers as their text): what a secret could
/// hide in.
pub fn strings_in(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => vec![s.clone()],
        Value::Number(n) => vec![n.to_string()],
        Value::Array(a) => a.iter().flat_map(strings_in).collect(),
        Value::Object(o) => o
            .iter()
            .flat_map(|(k, v)| std::iter::once(k.clone()).chain(strings_in(v)))
            .collect(),
        Value::Bool(_) | Value::Null => vec![],
    }
}

/// Fails if one of `secrets` shows in any string of `payload` (`what` names it).
pub fn assert_no_secret_in(payload: &Value, secrets: &[String], what: &str) {
    for s in strings_in(payload) {
        for line in secrets {
            assert!(
                !s.contains(line.as_str()),
                "private line `{line}` in {what}: {payload:#}"
            );
        }
    }
}

/// The board picture `m` carries: one PNG attachment `board.png`, 1,100 px wide, shown
/// by the message's embed (`attachment://` resolved to that file). Panics otherwise.
pub fn picture_on(m: &RecordedMessage) -> &fake_discord::RecordedFile {
    assert_eq!(m.attachments.len(), 1, "one picture on: {}", m.content);
    let file = &m.attachments[0];
    assert_eq!(file.filename, "board.png");
    assert!(
        file.bytes.starts_with(b"\x89PNG\r\n\x1a\n") && file.bytes.len() > 24,
        "not a PNG"
    );
    // IHDR: width and height, big-endian, right after the chunk header.
    let width = u32::from_be_bytes(file.bytes[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(file.bytes[20..24].try_into().unwrap());
    assert_eq!(width, 1100, "picture width");
    assert!((200..=4000).contains(&height), "picture height {height}");
    assert!(file.bytes.len() <= 150 * 1024, "{} bytes", file.bytes.len());
    let shown = m
        .embeds
        .iter()
        .filter_map(|e| e["image"]["url"].as_str())
        .any(|url| url.ends_with(&format!("/{}/board.png", file.id)));
    assert!(shown, "the embed shows the attachment: {:?}", m.embeds);
    file
}

/// `user` chooses how they hear about their turn (`ping`, `dm`, `quiet`): `/game notify`.
pub async fn choose_notify(fake: &FakeDiscord, user: u64, channel: u64, word: &str) {
    let commands = fake.registered_commands();
    let game = commands.iter().find(|c| c["name"] == "game").unwrap();
    let notify = game["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "notify")
        .expect("/game notify registered");
    let value = notify["options"][0]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"].as_str().unwrap().starts_with(word))
        .unwrap_or_else(|| panic!("no notify choice {word}"))["value"]
        .clone();
    let replies = slash(
        fake,
        user,
        channel,
        "game notify",
        json!({ "choice": value }),
    )
    .await;
    assert!(
        replies
            .iter()
            .any(|m| m.content.contains(&format!("(`{word}`)"))),
        "{replies:#?}"
    );
}

/// Every DM `user` was sent, deleted ones too, oldest first (each is a notification).
pub fn dm_history(fake: &FakeDiscord, user: u64) -> Vec<RecordedMessage> {
    let mut all = fake.dms(user);
    let Some(dm) = all.first().map(|m| m.channel_id) else {
        return all;
    };
    all.extend(
        fake.deleted_messages()
            .into_iter()
            .filter(|m| m.channel_id == dm),
    );
    all.sort_by_key(|m| m.id);
    all
}

/// Whether a DM is news of its own (seating, turn, reminder, timeout, the end, a
/// fallback), not a live hand.
pub fn is_news_dm(m: &RecordedMessage) -> bool {
    let body = m.content.split_once('\n').map_or("", |(_, b)| b);
    m.content.contains("you have a seat")
        || ["🎲", "⏰", "⏱️", "🏁"].iter().any(|e| body.starts_with(e))
}

/// `user`'s live hand: their newest DM that is not news.
pub fn live_hand(fake: &FakeDiscord, user: u64) -> Option<RecordedMessage> {
    fake.dms(user).into_iter().rev().find(|m| !is_news_dm(m))
}

/// What a live hand shows under its header line, without its "Latest:" news.
pub fn hand_view(content: &str) -> &str {
    let body = content.split_once('\n').map_or("", |(_, b)| b);
    body.split("\n\n**Latest:** ").next().unwrap_or_default()
}

/// Waits until each of `users`' live hand shows exactly what `/game hand` shows them
/// (their private view); a game without hidden information has no live hand.
pub async fn assert_live_hands(fake: &FakeDiscord, channel: u64, users: &[u64]) {
    for &user in users {
        let replies = slash(fake, user, channel, "game hand", json!({})).await;
        let view: Vec<&str> = replies.iter().map(|m| m.content.as_str()).collect();
        let view = view.join("\n");
        if view.contains("no hidden information") {
            assert!(
                live_hand(fake, user).is_none(),
                "a live hand without secrets"
            );
            continue;
        }
        fake.wait_for_within(
            &format!(
                "{user}'s live hand to show `{view}`: {:?}",
                live_hand(fake, user)
            ),
            Duration::from_secs(10),
            |f| live_hand(f, user).filter(|h| hand_view(&h.content) == view),
        )
        .await;
    }
}

mod records;
#[allow(unused_imports)]
pub use records::*;

#[path = "../../../table/tests/common/markup.rs"]
mod markup;
#[allow(dead_code)]
pub mod ratings;
pub mod tournaments;
#[allow(unused_imports)]
pub use markup::assert_no_markup;

/// The value Discord sends for the bot level whose name starts with `word` (`easy`,
/// `normal`, `hard`) in `/game new … level:`.
pub fn level_choice(fake: &FakeDiscord, word: &str) -> Value {
    new_choice(fake, "level", |name| name.starts_with(word))
}

/// The public moves `/game log` lists for `user` in `channel`: how many are stored in
/// all, and the last ones shown (number from 1, what was said of it in public). In the
/// language `user` reads, English or Spanish. A long log comes in several messages (the
/// first, then followups): this waits for as many lines as the heading announces.
pub async fn logged_moves(
    fake: &FakeDiscord,
    user: u64,
    channel: u64,
) -> (usize, Vec<(usize, String)>) {
    let asked = fake.slash(user, channel, "game log", json!({}));
    let mut replies = asked.replies().await;
    loop {
        let text = replies
            .iter()
            .map(|m| m.content.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        let mut lines = text.lines();
        let heading = |l: &&str| l.starts_with("Moves ") || l.starts_with("Jugadas ");
        let Some(first) = lines.next().filter(heading) else {
            assert!(
                text.contains("No moves yet") || text.contains("Aún no hay jugadas"),
                "/game log: {text}"
            );
            return (0, vec![]);
        };
        // "Moves 4–33 of 33:": the lines shown run from 4 to 33, of 33 in all.
        let numbers: Vec<usize> = first
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse().ok())
            .collect();
        let [from, to, total] = numbers[..] else {
            panic!("/game log: {first}");
        };
        let moves: Vec<(usize, String)> = lines
            .filter_map(|l| {
                let (n, said) = l.split_once(". ")?;
                Some((n.parse().ok()?, said.to_string()))
            })
            .collect();
        if moves.len() > to - from {
            return (total, moves);
        }
        replies = asked.wait_replies(replies.len() + 1).await;
    }
}
