//! A fake Discord for end-to-end tests (REST API v10 + gateway), test-only.
//!
//! It serves the routes a poise bot uses, enforces Discord's documented limits and rules with
//! Discord's real HTTP statuses and error codes, records every request, message and error, and
//! lets a test play users: run slash commands, autocomplete, click buttons, pick from selects.
//!
//! Connecting a serenity 0.12 bot, two ways:
//! - `HttpBuilder::new(fake.token()).proxy(fake.api_base()).ratelimiter_disabled(true)`: plain
//!   HTTP. Serenity 0.12.5's ratelimiter ignores the proxy (it would call the real discord.com),
//!   so the proxy only works with the ratelimiter disabled, and then the client must read
//!   a 429's `retry_after` itself.
//! - `HttpBuilder::new(fake.token()).client(fake.http_client())`: the real `https://discord.com`
//!   urls, resolved to the fake over TLS with a test CA. Serenity's ratelimiter stays on, so
//!   it reads the fake's `X-RateLimit-*` headers and retries 429s exactly as against
//!   Discord. Prefer this one.
//!
//! Either way the gateway url comes from the fake's `GET /gateway` (`ws://127.0.0.1:<port>`).

mod gateway;
mod interaction;
pub mod limits;
mod model;
mod multipart;
mod payload;
mod ratelimits;
mod rest;
mod roles;
mod state;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tokio_rustls::rustls;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};

pub use interaction::Interaction;
use interaction::{command_data, current_component, interaction_payload};
pub use model::{
    Ack, AckKind, Author, ErrorRecord, Failure, InteractionKind, Permissions, RecordedFile,
    RecordedMessage, RequestRecord,
};
pub use ratelimits::RateLimit;
use state::{Injection, InteractionRec, Outgoing, State};

/// The test CA that signs the fake's `discord.com` certificate (valid 2020–2120).
const TEST_CA_PEM: &[u8] = include_bytes!("tls/ca.pem");
const DISCORD_CERT_PEM: &[u8] = include_bytes!("tls/discord.pem");
const DISCORD_KEY_PEM: &[u8] = include_bytes!("tls/discord.key.pem");

/// Timing rules and identity of a fake; the defaults are Discord's.
#[derive(Clone, Debug)]
pub struct Config {
    /// The bot token the fake accepts (`Authorization: Bot <token>`, IDENTIFY).
    pub token: String,
    /// Time an interaction may go unacknowledged before 10062 "Unknown interaction" (3 s).
    pub ack_window: Duration,
    /// How long an interaction token's followup webhook works (15 min).
    pub token_lifetime: Duration,
    /// How long `nonce` + `enforce_nonce` deduplicates a message (a few minutes).
    pub nonce_window: Duration,
    /// Gateway heartbeat interval announced in HELLO.
    pub heartbeat_interval: Duration,
    /// How long the waiting helpers wait before failing the test.
    pub wait_timeout: Duration,
    /// Guilds one shard may hold; an IDENTIFY whose shard would hold more is closed with
    /// 4011 "sharding required" (Discord: 2,500).
    pub max_guilds_per_shard: usize,
    /// What each route's bucket allows (a channel's messages, one message, a DM
    /// channel…); every answer tells it in `X-RateLimit-*` headers, and a request over
    /// it is answered 429. [`RateLimit::GENEROUS`] by default.
    pub rate_limit: RateLimit,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            token: "fake-bot-token".into(),
            ack_window: Duration::from_secs(3),
            token_lifetime: Duration::from_secs(15 * 60),
            nonce_window: Duration::from_secs(5 * 60),
            heartbeat_interval: Duration::from_millis(41_250),
            wait_timeout: Duration::from_secs(10),
            max_guilds_per_shard: 2_500,
            rate_limit: RateLimit::GENEROUS,
        }
    }
}

/// State shared by the servers and the test handle; every change wakes the waiters.
pub(crate) struct Shared {
    state: Mutex<State>,
    changed: watch::Sender<u64>,
}

impl Shared {
    /// Runs `f` on the state and wakes everyone waiting for a change.
    pub(crate) fn update<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        let result = f(&mut self.state.lock().unwrap_or_else(PoisonError::into_inner));
        self.changed.send_modify(|n| *n = n.wrapping_add(1));
        result
    }

    fn read<R>(&self, f: impl FnOnce(&State) -> R) -> R {
        f(&self.state.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Waits, without a deadline, until `ready` holds, re-checking on every state change.
    pub(crate) async fn until(&self, ready: impl Fn(&State) -> bool) {
        let mut changes = self.changed.subscribe();
        loop {
            changes.borrow_and_update();
            if self.read(&ready) || changes.changed().await.is_err() {
                return;
            }
        }
    }

    /// Waits until `probe` answers `Some`, re-checking on every state change; panics after
    /// `timeout` with what it waited for and the last requests and errors.
    async fn wait<T>(
        &self,
        what: &str,
        timeout: Duration,
        mut probe: impl FnMut(&State) -> Option<T>,
    ) -> T {
        let mut changes = self.changed.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            changes.borrow_and_update();
            if let Some(found) = self.read(&mut probe) {
                return found;
            }
            if tokio::time::timeout_at(deadline, changes.changed())
                .await
                .is_err()
            {
                self.timed_out(what, timeout);
            }
        }
    }

    /// Fails the test with what it waited for and the last requests and errors.
    fn timed_out(&self, what: &str, timeout: Duration) -> ! {
        let report = self.read(|s| {
            let requests: Vec<String> = s
                .requests
                .iter()
                .rev()
                .take(10)
                .map(|r| format!("{} {} -> {} {:?}", r.method, r.path, r.status, r.code))
                .collect();
            format!(
                "last requests (newest first): {requests:#?}\nerrors: {:#?}",
                s.errors
            )
        });
        panic!("fake-discord: timed out after {timeout:?} waiting for {what}\n{report}");
    }
}

/// One shard's gateway session as it is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardSession {
    /// `[shard, total]` from IDENTIFY.
    pub shard: [u32; 2],
    /// Last dispatch sequence number of the session.
    pub seq: u64,
    /// READY and GUILD_CREATE were sent.
    pub ready: bool,
    /// A connection is receiving its dispatches.
    pub connected: bool,
}

/// Gateway counters, for reconnect/resume assertions (over every shard's session).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GatewayStats {
    /// WebSocket connections accepted.
    pub connections: u32,
    /// IDENTIFY payloads accepted (new sessions).
    pub identifies: u32,
    /// RESUME payloads accepted.
    pub resumes: u32,
    /// Dispatches sent again on a RESUME: those the bot missed while away.
    pub replayed: u32,
    /// Heartbeats received.
    pub heartbeats: u32,
    /// Last dispatch sequence number (summed over the shards' sessions).
    pub seq: u64,
    /// Whether a connection is currently receiving dispatches (on any shard).
    pub connected: bool,
}

/// The fake's record of requests, readable apart from the fake ([`FakeDiscord::request_log`]).
#[derive(Clone)]
pub struct RequestLog(Arc<Shared>);

impl RequestLog {
    /// Every request made so far, in order.
    pub fn requests(&self) -> Vec<RequestRecord> {
        self.0.read(|s| s.requests.clone())
    }
}

/// A running fake Discord (REST + gateway on ephemeral localhost ports). Dropping it stops it.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    http_addr: SocketAddr,
    gateway_addr: SocketAddr,
    wait_timeout: Duration,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl FakeDiscord {
    /// Starts a fake with Discord's default rules.
    pub async fn start() -> Self {
        Self::start_with(Config::default()).await
    }

    /// Starts a fake with these rules (e.g. a short `ack_window` to test the 3 s rule fast).
    ///
    /// # Panics
    /// If it cannot bind localhost ports.
    pub async fn start_with(config: Config) -> Self {
        let http = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind fake REST port");
        let ws = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind fake gateway port");
        let http_addr = http.local_addr().expect("REST address");
        let gateway_addr = ws.local_addr().expect("gateway address");
        let wait_timeout = config.wait_timeout;
        let state = State::new(config, format!("ws://{gateway_addr}"));
        let shared = Arc::new(Shared {
            state: Mutex::new(state),
            changed: watch::channel(0).0,
        });
        let tasks = vec![
            tokio::spawn(rest::serve(http, Arc::clone(&shared), tls_acceptor())),
            tokio::spawn(gateway::serve(ws, Arc::clone(&shared))),
        ];
        Self {
            shared,
            http_addr,
            gateway_addr,
            wait_timeout,
            tasks,
        }
    }

    /// `http://127.0.0.1:<port>`: pass to serenity's `HttpBuilder::proxy` (with the
    /// ratelimiter disabled; see the crate docs).
    pub fn api_base(&self) -> String {
        format!("http://{}", self.http_addr)
    }

    /// `ws://127.0.0.1:<port>`: what `GET /gateway` answers.
    pub fn gateway_url(&self) -> String {
        format!("ws://{}", self.gateway_addr)
    }

    /// A reqwest client for serenity's `HttpBuilder::client`: `https://discord.com` goes to
    /// the fake over TLS (test CA), so serenity's ratelimiter works unchanged.
    ///
    /// # Panics
    /// If the bundled test CA cannot be loaded (it is compiled in).
    pub fn http_client(&self) -> reqwest::Client {
        reqwest::Client::builder()
            .use_rustls_tls()
            .tls_built_in_root_certs(false)
            .add_root_certificate(reqwest::Certificate::from_pem(TEST_CA_PEM).expect("test CA"))
            .resolve("discord.com", self.http_addr)
            .build()
            .expect("reqwest client for the fake")
    }

    /// The bot token the fake accepts.
    pub fn token(&self) -> String {
        self.shared.read(|s| s.config.token.clone())
    }

    /// The bot's application id (= the bot user's id).
    pub fn application_id(&self) -> u64 {
        self.shared.read(|s| s.app_id)
    }

    /// The bot user's id.
    pub fn bot_id(&self) -> u64 {
        self.shared.read(|s| s.bot.id)
    }

    /// The test guild's id (the first guild; guild commands may be registered there).
    pub fn guild_id(&self) -> u64 {
        self.shared.read(|s| s.guild_id)
    }

    /// Adds a guild (every user is a member, the bot too); returns its id. Successive
    /// guilds fall on successive shards. A shard already READY gets its GUILD_CREATE.
    pub fn add_guild(&self, name: &str) -> u64 {
        self.shared.update(|s| {
            let guild = s.add_guild(name);
            let create = payload::guild_create(s, guild);
            s.dispatch_guild(guild, "GUILD_CREATE", create);
            guild
        })
    }

    /// Sets `guild`'s preferred locale (`es-ES`): sent in its GUILD_CREATE (set it before
    /// the bot connects) and as `guild_locale` in its interactions from now on.
    pub fn set_guild_locale(&self, guild: u64, locale: &str) {
        assert!(
            limits::LOCALES.contains(&locale),
            "fake-discord: {locale:?} is not a Discord locale"
        );
        self.shared.update(|s| {
            s.guild_locales.insert(guild, locale.to_owned());
        })
    }

    /// Sets `user`'s client locale (`es-419`): sent as `locale` in their interactions.
    pub fn set_user_locale(&self, user: u64, locale: &str) {
        assert!(
            limits::LOCALES.contains(&locale),
            "fake-discord: {locale:?} is not a Discord locale"
        );
        self.shared.update(|s| {
            s.user_locales.insert(user, locale.to_owned());
        })
    }

    /// Every guild's id, the first one first.
    pub fn guild_ids(&self) -> Vec<u64> {
        self.shared.read(|s| {
            let mut ids: Vec<u64> = s.guilds.keys().copied().collect();
            ids.sort_by_key(|g| std::cmp::Reverse(*g));
            ids
        })
    }

    /// The shard `guild`'s events go to with `total` shards: `(guild >> 22) % total`.
    pub fn shard_of(guild: u64, total: u32) -> u32 {
        State::shard_of(guild, total)
    }

    /// Adds a text channel to `guild`; returns its id.
    pub fn add_channel_in(&self, guild: u64, name: &str) -> u64 {
        self.shared.update(|s| {
            let id = s.add_channel_in(guild, name);
            let channel = payload::channel(s, id);
            s.dispatch_guild(guild, "CHANNEL_CREATE", channel);
            id
        })
    }

    /// The DM channel between the bot and `user` (opened now if it was not).
    pub fn dm_channel(&self, user: u64) -> u64 {
        self.shared.update(|s| s.dm_channel(user))
    }

    /// The guild owner (a user that exists from the start).
    pub fn owner(&self) -> u64 {
        self.shared.read(|s| s.owner_id)
    }

    /// The guild's first text channel, `#general`.
    pub fn channel(&self) -> u64 {
        self.shared.read(|s| s.default_channel)
    }

    /// Adds a guild member; returns their user id.
    pub fn add_user(&self, name: &str) -> u64 {
        self.shared.update(|s| {
            let id = s.add_user(name);
            let user = s.users[&id].clone();
            let guilds: Vec<u64> = s.guilds.keys().copied().collect();
            for guild in guilds {
                let mut member = payload::member(s, &user, None);
                member["guild_id"] = json!(guild.to_string());
                s.dispatch_guild(guild, "GUILD_MEMBER_ADD", member);
            }
            id
        })
    }

    /// Adds a guild text channel; returns its id.
    pub fn add_channel(&self, name: &str) -> u64 {
        let guild = self.guild_id();
        self.add_channel_in(guild, name)
    }

    /// Deletes a guild channel, as a moderator would: later requests about it answer
    /// 404 Unknown Channel (10003); the gateway gets CHANNEL_DELETE.
    pub fn delete_channel(&self, channel: u64) {
        self.shared.update(|s| {
            if !s.channels.contains_key(&channel) {
                return;
            }
            let payload = payload::channel(s, channel);
            let guild = s.guild_of(channel);
            s.channels.remove(&channel);
            if let Some(guild) = guild {
                s.dispatch_guild(guild, "CHANNEL_DELETE", payload);
            }
        });
    }

    /// Deletes a message, as a moderator (or, for a DM, Discord's cleanup) would: later
    /// requests about it answer 404 Unknown Message (10008).
    pub fn delete_message(&self, message: u64) {
        self.shared.update(|s| {
            if let Some(m) = s.message_mut(message) {
                m.deleted = true;
            }
        });
    }

    /// Opens or closes a user's DMs to the bot (closed → 403 50007 on send).
    pub fn set_dms_closed(&self, user: u64, closed: bool) {
        self.shared.update(|s| {
            if let Some(u) = s.users.get_mut(&user) {
                u.dms_closed = closed;
            }
        });
    }

    /// Takes permissions away from the bot in one channel (VIEW_CHANNEL → 50001, others →
    /// 50013).
    pub fn deny(&self, channel: u64, permissions: Permissions) {
        self.shared.update(|s| {
            if let Some(c) = s.channels.get_mut(&channel) {
                c.bot_denied = c.bot_denied | permissions;
            }
        });
    }

    /// Gives back permissions taken with [`Self::deny`].
    pub fn allow(&self, channel: u64, permissions: Permissions) {
        self.shared.update(|s| {
            if let Some(c) = s.channels.get_mut(&channel) {
                c.bot_denied = c.bot_denied.without(permissions);
            }
        });
    }

    /// Sets a user's guild permissions (sent as `member.permissions`, e.g. MANAGE_CHANNELS).
    pub fn set_permissions(&self, user: u64, permissions: Permissions) {
        self.shared.update(|s| {
            if let Some(u) = s.users.get_mut(&user) {
                u.permissions = permissions;
            }
        });
    }

    /// Waits until every shard of the total identified and got READY + GUILD_CREATE.
    pub async fn wait_ready(&self) {
        self.shared
            .wait("gateway READY", self.wait_timeout, |s| {
                s.gateway.all_ready().then_some(())
            })
            .await;
    }

    /// Every shard's session as it is now, by shard.
    pub fn shard_sessions(&self) -> Vec<ShardSession> {
        self.shared.read(|s| {
            s.gateway
                .sessions
                .values()
                .map(|session| ShardSession {
                    shard: session.shard,
                    seq: session.seq,
                    ready: session.ready,
                    connected: session.live.is_some(),
                })
                .collect()
        })
    }

    /// (Answers that left their rate-limit bucket empty, requests answered 429 over their
    /// bucket): a client that reads the headers waits instead of being refused.
    pub fn rate_limit_stats(&self) -> (u32, u32) {
        self.shared.read(|s| (s.buckets.emptied, s.buckets.limited))
    }

    /// The `intents` bitfield of every IDENTIFY accepted, in order (Discord sends only
    /// the events a session's intents ask for, and so does the fake).
    pub fn identify_intents(&self) -> Vec<u64> {
        self.shared.read(|s| s.gateway.identify_intents.clone())
    }

    /// How many times the bot opened its DM channel with `user` (`POST
    /// /users/@me/channels`): Discord may stop a bot that does it before every DM.
    pub fn dm_channel_opens(&self, user: u64) -> u32 {
        self.shared
            .read(|s| s.dm_opens.get(&user).copied().unwrap_or(0))
    }

    /// The close codes the gateway sent (4004 bad token, 4010 invalid shard, 4011
    /// sharding required, 4000 from [`Self::disconnect`]), in order.
    pub fn gateway_closes(&self) -> Vec<u16> {
        self.shared.read(|s| s.gateway.closes.clone())
    }

    /// The thread `channel` as a test reads it (`parent`, `private`, `archived`, `locked`,
    /// `members`, `name`), or `None` if it is no thread.
    pub fn thread(&self, channel: u64) -> Option<Value> {
        self.shared.read(|s| rest::threads::thread_json(s, channel))
    }

    /// The threads started in `parent`, oldest first.
    pub fn threads_of(&self, parent: u64) -> Vec<u64> {
        self.shared.read(|s| {
            let mut ids: Vec<u64> = s
                .channels
                .iter()
                .filter(|(_, c)| c.thread.as_ref().is_some_and(|t| t.parent == parent))
                .map(|(id, _)| *id)
                .collect();
            ids.sort_unstable();
            ids
        })
    }

    /// Waits until the bot registered commands at least once; returns them (guild then global).
    pub async fn wait_commands(&self) -> Vec<Value> {
        self.shared
            .wait("command registration", self.wait_timeout, |s| {
                (s.command_registrations > 0).then_some(())
            })
            .await;
        self.registered_commands()
    }

    /// The registered commands as Discord answered them (with ids), guild ones first.
    pub fn registered_commands(&self) -> Vec<Value> {
        self.shared.read(|s| {
            s.guild_commands
                .iter()
                .chain(&s.global_commands)
                .cloned()
                .collect()
        })
    }

    /// Runs a slash command as `user` in `channel`: `path` is `"game new"` (command, then
    /// group/subcommand names), `options` maps option names to values (`json!({"game":
    /// "palazzo"})`; users/channels/roles as ids).
    ///
    /// # Panics
    /// If the command is not registered, an option is unknown, a required option is missing, a
    /// value has the wrong type or is not one of the option's choices — things a real user
    /// cannot do.
    pub fn slash(&self, user: u64, channel: u64, path: &str, options: Value) -> Interaction {
        self.command_interaction(user, channel, path, &options, None)
    }

    /// Types into an autocomplete option: like [`Self::slash`], with `focused` naming the
    /// option being typed (its value is the partial text).
    pub fn autocomplete(
        &self,
        user: u64,
        channel: u64,
        path: &str,
        options: Value,
        focused: &str,
    ) -> Interaction {
        self.command_interaction(user, channel, path, &options, Some(focused))
    }

    fn command_interaction(
        &self,
        user: u64,
        channel: u64,
        path: &str,
        options: &Value,
        focused: Option<&str>,
    ) -> Interaction {
        let (kind, kind_number) = match focused {
            Some(_) => (InteractionKind::Autocomplete, 4),
            None => (InteractionKind::Command, 2),
        };
        self.interaction(user, channel, kind, |s| {
            let data = command_data(s, channel, path, options, focused);
            (kind_number, data, None)
        })
    }

    /// Clicks the button `custom_id` on `message` as `user`.
    ///
    /// # Panics
    /// If the message (as it is now) has no enabled, non-link button with that custom id.
    pub fn click(&self, user: u64, message: &RecordedMessage, custom_id: &str) -> Interaction {
        self.interaction(user, message.channel_id, InteractionKind::Component, |s| {
            let component = current_component(s, message.id, custom_id);
            assert_eq!(
                component["type"], 2,
                "fake-discord: {custom_id:?} is not a button: {component}"
            );
            assert_ne!(
                component["disabled"], true,
                "fake-discord: button {custom_id:?} is disabled"
            );
            assert_ne!(
                component["style"], 5,
                "fake-discord: button {custom_id:?} is a link"
            );
            (
                3,
                json!({"custom_id": custom_id, "component_type": 2}),
                Some(message.id),
            )
        })
    }

    /// Picks `values` in the select menu `custom_id` on `message` as `user`.
    ///
    /// # Panics
    /// If there is no such enabled select menu, a value is not one of its options, or the
    /// number of values is outside `min_values..=max_values`.
    pub fn select(
        &self,
        user: u64,
        message: &RecordedMessage,
        custom_id: &str,
        values: &[&str],
    ) -> Interaction {
        self.interaction(user, message.channel_id, InteractionKind::Component, |s| {
            let component = current_component(s, message.id, custom_id);
            let kind = component["type"].as_u64().unwrap_or(0);
            assert!(
                matches!(kind, 3 | 5..=8),
                "fake-discord: {custom_id:?} is not a select menu: {component}"
            );
            assert_ne!(
                component["disabled"], true,
                "fake-discord: select {custom_id:?} is disabled"
            );
            let min = component["min_values"].as_u64().unwrap_or(1) as usize;
            let max = component["max_values"].as_u64().unwrap_or(1) as usize;
            assert!(
                (min..=max).contains(&values.len()),
                "fake-discord: select {custom_id:?} takes {min}..={max} values, got {values:?}"
            );
            if kind == 3 {
                let offered: Vec<&str> = component["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|o| o["value"].as_str())
                    .collect();
                for value in values {
                    assert!(
                        offered.contains(value),
                        "fake-discord: {value:?} is not an option of {custom_id:?} ({offered:?})"
                    );
                }
            }
            (
                3,
                json!({"custom_id": custom_id, "component_type": kind, "values": values}),
                Some(message.id),
            )
        })
    }

    /// Submits the modal `opened_by` was answered with, filling text inputs by custom id.
    ///
    /// # Panics
    /// If `opened_by` was not acknowledged with a modal.
    pub fn submit_modal(
        &self,
        user: u64,
        opened_by: &Interaction,
        values: &[(&str, &str)],
    ) -> Interaction {
        let (modal, source) = self.shared.read(|s| {
            let rec = s
                .interactions
                .iter()
                .find(|i| i.id == opened_by.id)
                .expect("known interaction");
            let ack = rec.ack.as_ref().filter(|a| a.kind == AckKind::Modal);
            (
                ack.expect("fake-discord: interaction was not answered with a modal")
                    .data
                    .clone(),
                rec.source_message,
            )
        });
        let rows: Vec<Value> = values
            .iter()
            .map(|(id, value)| json!({"type": 1, "components": [{"type": 4, "custom_id": id, "value": value}]}))
            .collect();
        self.interaction(
            user,
            opened_by.channel_id,
            InteractionKind::ModalSubmit,
            |_| {
                (
                    5,
                    json!({"custom_id": modal["custom_id"], "components": rows}),
                    source,
                )
            },
        )
    }

    /// Creates an interaction and dispatches INTERACTION_CREATE. `build` returns the
    /// interaction type number, `data`, and the message a component sits on.
    fn interaction(
        &self,
        user: u64,
        channel: u64,
        kind: InteractionKind,
        build: impl FnOnce(&State) -> (u64, Value, Option<u64>),
    ) -> Interaction {
        let (id, token, shard) = self.shared.update(|s| {
            let (type_number, data, source) = build(s);
            let id = s.new_id();
            let token = format!("fake-interaction-token-{id}");
            let payload =
                interaction_payload(s, id, &token, type_number, data, user, channel, source);
            // A guild's shard, or shard 0 for a DM.
            let shard = s.shard_for_channel(channel);
            s.interactions.push(InteractionRec {
                id,
                token: token.clone(),
                kind,
                channel_id: channel,
                user,
                created: Instant::now(),
                source_message: source,
                ack: None,
                original: None,
                followups: Vec::new(),
            });
            if let Some(shard) = shard {
                s.dispatch(shard, "INTERACTION_CREATE", payload);
            }
            (id, token, shard)
        });
        Interaction {
            shared: Arc::clone(&self.shared),
            id,
            token,
            kind,
            channel_id: channel,
            user_id: user,
            shard,
            wait_timeout: self.wait_timeout,
        }
    }

    /// Messages in a channel as they are now, oldest first (ephemeral ones included, flagged).
    pub fn channel_messages(&self, channel: u64) -> Vec<RecordedMessage> {
        self.shared.read(|s| {
            s.messages
                .iter()
                .filter(|m| m.channel_id == channel && !m.deleted)
                .cloned()
                .collect()
        })
    }

    /// A message as it is now, if it exists and was not deleted.
    pub fn message(&self, id: u64) -> Option<RecordedMessage> {
        self.shared.read(|s| s.message(id).cloned())
    }

    /// The ephemeral answers only `user` saw in `channel` (to their interactions there),
    /// oldest first, as they are now.
    pub fn ephemerals_of(&self, user: u64, channel: u64) -> Vec<RecordedMessage> {
        let theirs: std::collections::HashSet<u64> = self.shared.read(|s| {
            s.interactions
                .iter()
                .filter(|i| i.user == user)
                .map(|i| i.id)
                .collect()
        });
        self.channel_messages(channel)
            .into_iter()
            .filter(|m| m.flags & 64 != 0)
            .filter(|m| m.interaction_id.is_some_and(|i| theirs.contains(&i)))
            .collect()
    }

    /// Messages the bot sent a user by DM, oldest first.
    pub fn dms(&self, user: u64) -> Vec<RecordedMessage> {
        match self.shared.read(|s| s.dm_channels.get(&user).copied()) {
            Some(channel) => self.channel_messages(channel),
            None => Vec::new(),
        }
    }

    /// Messages that were deleted, as they were when deleted.
    pub fn deleted_messages(&self) -> Vec<RecordedMessage> {
        self.shared
            .read(|s| s.messages.iter().filter(|m| m.deleted).cloned().collect())
    }

    /// Every request the bot made, in order.
    pub fn requests(&self) -> Vec<RequestRecord> {
        self.shared.read(|s| s.requests.clone())
    }

    /// A handle on the record of requests that a test can keep beside the fake (to check
    /// every request a bot made when it stops).
    pub fn request_log(&self) -> RequestLog {
        RequestLog(self.shared.clone())
    }

    /// Every error answered (injected ones included, flagged `injected`).
    pub fn errors(&self) -> Vec<ErrorRecord> {
        self.shared.read(|s| s.errors.clone())
    }

    /// Panics, listing them, if any error was answered that the test did not inject.
    pub fn assert_no_errors(&self) {
        let errors: Vec<ErrorRecord> = self.errors().into_iter().filter(|e| !e.injected).collect();
        assert!(
            errors.is_empty(),
            "fake-discord answered errors: {errors:#?}"
        );
    }

    /// Panics if any error was answered that was neither injected nor one of these codes.
    pub fn assert_no_errors_except(&self, codes: &[u64]) {
        let errors: Vec<ErrorRecord> = self
            .errors()
            .into_iter()
            .filter(|e| !e.injected && !codes.contains(&e.code))
            .collect();
        assert!(
            errors.is_empty(),
            "fake-discord answered unexpected errors: {errors:#?}"
        );
    }

    /// Time from dispatch to acknowledgement of every acknowledged interaction, in order.
    pub fn ack_latencies(&self) -> Vec<Duration> {
        self.shared.read(|s| {
            s.interactions
                .iter()
                .filter_map(|i| i.ack.as_ref().map(|a| a.latency))
                .collect()
        })
    }

    /// Makes the next request matching `pattern` fail. `pattern` is `"POST /channels/*/messages"`
    /// (method optional; `*` = one path segment, trailing `**` = the rest; path after
    /// `/api/v10`).
    pub fn inject(&self, pattern: &str, failure: Failure) {
        self.inject_times(pattern, failure, 1);
    }

    /// Like [`Self::inject`], for the next `times` matching requests.
    pub fn inject_times(&self, pattern: &str, failure: Failure, times: u32) {
        self.shared
            .update(|s| s.injections.push(Injection::parse(pattern, failure, times)));
    }

    /// Sends op 7 RECONNECT: the bot should reconnect and RESUME; dispatches meanwhile are
    /// replayed.
    pub fn reconnect(&self) {
        self.shared.update(|s| {
            for session in s.gateway.sessions.values_mut() {
                if let Some(live) = session.live.take() {
                    let _ = live.send(Outgoing::Reconnect);
                }
            }
        });
    }

    /// Holds the gateway (`true`): a new connection gets no HELLO until it is released
    /// (`false`), as when Discord is slow to answer, so that whatever is dispatched
    /// meanwhile waits in the session's log for the RESUME to replay.
    pub fn hold_gateway(&self, held: bool) {
        self.shared.update(|s| s.gateway.held = held);
    }

    /// Dispatches `event` with `data` as given, in the default guild: no check that
    /// Discord would send it (to test how the bot meets a frame it cannot read).
    pub fn dispatch_as_is(&self, event: &str, data: Value) {
        let guild = self.guild_id();
        self.shared
            .update(|s| s.dispatch_guild_as_is(guild, event, data));
    }

    /// Closes the gateway connection with code 4000 (unknown error, resumable).
    pub fn disconnect(&self) {
        self.shared.update(|s| {
            for session in s.gateway.sessions.values_mut() {
                if let Some(live) = session.live.take() {
                    let _ = live.send(Outgoing::Close(4000));
                }
            }
        });
    }

    /// Every dispatch frame (`{"op":0,"s","t","d"}`) of the current gateway sessions, in
    /// order, shard by shard.
    pub fn dispatched_frames(&self) -> Vec<Value> {
        self.shared.read(|s| {
            s.gateway
                .sessions
                .values()
                .flat_map(|session| &session.log)
                .filter_map(|(_, f)| serde_json::from_str(f).ok())
                .collect()
        })
    }

    /// Gateway counters.
    pub fn gateway_stats(&self) -> GatewayStats {
        self.shared.read(|s| GatewayStats {
            connections: s.gateway.connections,
            identifies: s.gateway.identifies,
            resumes: s.gateway.resumes,
            replayed: s.gateway.replayed,
            heartbeats: s.gateway.heartbeats,
            seq: s.gateway.sessions.values().map(|x| x.seq).sum(),
            connected: s.gateway.sessions.values().any(|x| x.live.is_some()),
        })
    }

    /// Waits (default timeout) until `probe` returns `Some`, re-checking on every change the
    /// bot makes; panics with a report on timeout. No polling, no sleeps.
    pub async fn wait_for<T>(&self, what: &str, probe: impl FnMut(&Self) -> Option<T>) -> T {
        self.wait_for_within(what, self.wait_timeout, probe).await
    }

    /// [`Self::wait_for`] with an explicit timeout.
    pub async fn wait_for_within<T>(
        &self,
        what: &str,
        timeout: Duration,
        mut probe: impl FnMut(&Self) -> Option<T>,
    ) -> T {
        // The probe reads through `self` (which locks), so the state lock is not held here.
        let mut changes = self.shared.changed.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            changes.borrow_and_update();
            if let Some(found) = probe(self) {
                return found;
            }
            if tokio::time::timeout_at(deadline, changes.changed())
                .await
                .is_err()
            {
                self.shared.timed_out(what, timeout);
            }
        }
    }
}

fn tls_acceptor() -> tokio_rustls::TlsAcceptor {
    let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(DISCORD_CERT_PEM)
        .collect::<Result<_, _>>()
        .expect("bundled discord.com certificate");
    let key = PrivateKeyDer::from_pem_slice(DISCORD_KEY_PEM).expect("bundled discord.com key");
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .expect("TLS versions")
    .with_no_client_auth()
    .with_single_cert(certs, key)
    .expect("TLS server config");
    tokio_rustls::TlsAcceptor::from(Arc::new(config))
}
