//! The fake's memory: guild, users, channels, messages, interactions, commands, records, and
//! the gateway session. One `State` behind a mutex, shared by the REST server, the gateway and
//! the test-facing handle.

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::sync::mpsc::UnboundedSender;

use crate::limits::FieldError;
use crate::model::{
    Ack, ErrorRecord, Failure, InteractionKind, Permissions, RecordedMessage, RequestRecord,
};
use crate::Config;

/// A user the fake knows (test users and the bot).
#[derive(Clone, Debug)]
pub struct UserRec {
    pub id: u64,
    pub name: String,
    pub bot: bool,
    pub dms_closed: bool,
    /// Guild-wide permissions (sent as `member.permissions` in interactions).
    pub permissions: Permissions,
    /// The roles the member holds (sent as `member.roles`), ids of [`State::roles`].
    pub roles: Vec<u64>,
}

/// Guild text channel (of which guild) or DM.
#[derive(Clone, Debug)]
pub enum ChannelKind {
    Guild { guild: u64 },
    Dm { recipient: u64 },
}

/// A channel and what the bot may do in it.
#[derive(Clone, Debug)]
pub struct ChannelRec {
    pub name: String,
    pub kind: ChannelKind,
    pub position: u16,
    /// Permissions the bot lacks in this channel (set by `deny`).
    pub bot_denied: Permissions,
    /// What makes it a thread (a guild channel of type 11 or 12), if it is one.
    pub thread: Option<ThreadRec>,
}

/// A thread: its parent channel, kind, state and members.
#[derive(Clone, Debug)]
pub struct ThreadRec {
    pub parent: u64,
    /// Type 12 (only its members and those with MANAGE_THREADS see it), else 11.
    pub private: bool,
    pub owner: u64,
    pub archived: bool,
    pub locked: bool,
    /// Minutes without activity before Discord archives it: 60, 1440, 4320 or 10080.
    pub auto_archive_duration: u64,
    pub invitable: bool,
    pub members: Vec<u64>,
}

/// An interaction the fake dispatched, and how the bot has answered it so far.
#[derive(Clone, Debug)]
pub struct InteractionRec {
    pub id: u64,
    pub token: String,
    pub kind: InteractionKind,
    pub channel_id: u64,
    /// The user who used it.
    pub user: u64,
    pub created: Instant,
    /// The message a component sits on (component interactions).
    pub source_message: Option<u64>,
    pub ack: Option<Ack>,
    /// The `@original` response message.
    pub original: Option<u64>,
    pub followups: Vec<u64>,
}

/// A failure waiting for a request that matches its pattern.
#[derive(Clone, Debug)]
pub struct Injection {
    pub method: Option<String>,
    pub segments: Vec<String>,
    pub failure: Failure,
    pub remaining: u32,
}

impl Injection {
    /// `"POST /channels/*/messages"` or `"/channels/*/messages"` (any method); `*` matches one
    /// path segment, a trailing `**` any rest.
    pub fn parse(pattern: &str, failure: Failure, times: u32) -> Self {
        let (method, path) = match pattern.split_once(' ') {
            Some((m, p)) => (Some(m.trim().to_ascii_uppercase()), p.trim()),
            None => (None, pattern.trim()),
        };
        let path = path.strip_prefix("/api/v10").unwrap_or(path);
        Self {
            method,
            segments: path
                .split('/')
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect(),
            failure,
            remaining: times,
        }
    }

    pub fn matches(&self, method: &str, path: &str) -> bool {
        if self.method.as_deref().is_some_and(|m| m != method) {
            return false;
        }
        let parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        let mut i = 0;
        for seg in &self.segments {
            if seg == "**" {
                return true;
            }
            match parts.get(i) {
                Some(p) if seg == "*" || seg == p => i += 1,
                _ => return false,
            }
        }
        i == parts.len()
    }
}

/// What the gateway connection task should send.
#[derive(Debug)]
pub enum Outgoing {
    Text(String),
    /// Send op 7 RECONNECT, then stop dispatching on this connection.
    Reconnect,
    /// Close with this code.
    Close(u16),
}

/// One shard's gateway session.
#[derive(Default)]
pub struct Session {
    /// `[shard, total]` as IDENTIFY gave it.
    pub shard: [u32; 2],
    pub seq: u64,
    pub session_id: Option<String>,
    /// Every dispatch of the session, for RESUME replay.
    pub log: Vec<(u64, String)>,
    /// The connection currently receiving dispatches.
    pub live: Option<UnboundedSender<Outgoing>>,
    /// READY and GUILD_CREATE were sent in this session.
    pub ready: bool,
    /// The gateway intents IDENTIFY asked for: other events are not sent.
    pub intents: u64,
}

/// The gateway: one session per shard, and counters over all of them.
#[derive(Default)]
pub struct GatewayState {
    /// By shard number.
    pub sessions: BTreeMap<u32, Session>,
    pub connections: u32,
    pub identifies: u32,
    pub resumes: u32,
    /// Dispatches sent again on RESUME (missed while the bot was away).
    pub replayed: u32,
    pub heartbeats: u32,
    /// While set, new connections get no HELLO yet (see `FakeDiscord::hold_gateway`).
    pub held: bool,
    /// Close codes the fake sent (4004, 4010, 4011…), in order.
    pub closes: Vec<u16>,
    /// The `intents` of every IDENTIFY accepted, in order.
    pub identify_intents: Vec<u64>,
}

impl GatewayState {
    /// The shard total of the current sessions (they all agree), if any.
    pub fn total(&self) -> Option<u32> {
        self.sessions.values().next().map(|s| s.shard[1])
    }

    /// Whether every shard of the total has a session that got READY.
    pub fn all_ready(&self) -> bool {
        self.total()
            .is_some_and(|n| (0..n).all(|i| self.sessions.get(&i).is_some_and(|s| s.ready)))
    }
}

/// An error answer from a handler.
#[derive(Clone, Debug)]
pub struct ApiError {
    pub status: u16,
    pub code: u64,
    pub message: String,
    pub fields: Vec<FieldError>,
}

impl ApiError {
    pub fn new(status: u16, code: u64, message: &str) -> Self {
        Self {
            status,
            code,
            message: message.to_owned(),
            fields: Vec::new(),
        }
    }

    pub fn form(fields: Vec<FieldError>) -> Self {
        Self {
            status: 400,
            code: 50035,
            message: "Invalid Form Body".into(),
            fields,
        }
    }

    pub fn unknown_channel() -> Self {
        Self::new(404, 10003, "Unknown Channel")
    }

    pub fn unknown_message() -> Self {
        Self::new(404, 10008, "Unknown Message")
    }

    pub fn unknown_interaction() -> Self {
        Self::new(404, 10062, "Unknown interaction")
    }

    pub fn unknown_webhook() -> Self {
        Self::new(404, 10015, "Unknown Webhook")
    }

    pub fn missing_access() -> Self {
        Self::new(403, 50001, "Missing Access")
    }

    pub fn missing_permissions() -> Self {
        Self::new(403, 50013, "Missing Permissions")
    }

    pub fn body(&self) -> Value {
        let mut body = json!({"message": self.message, "code": self.code});
        if !self.fields.is_empty() {
            body["errors"] = crate::limits::errors_object(&self.fields);
        }
        body
    }
}

/// Everything the fake knows.
pub struct State {
    pub config: Config,
    pub started: Instant,
    pub created_at: String,
    pub app_id: u64,
    /// The first guild (where guild commands may be registered).
    pub guild_id: u64,
    /// Every guild the bot is in: id → name.
    pub guilds: BTreeMap<u64, String>,
    /// Guilds' preferred locales (GUILD_CREATE's `preferred_locale`, interactions'
    /// `guild_locale`); `en-US` where unset.
    pub guild_locales: HashMap<u64, String>,
    /// Users' client locales (interactions' `locale`); `en-US` where unset.
    pub user_locales: HashMap<u64, String>,
    pub owner_id: u64,
    pub default_channel: u64,
    pub bot: UserRec,
    pub users: BTreeMap<u64, UserRec>,
    /// Roles made in the first guild: id → name (besides `@everyone`, the guild's id).
    pub roles: BTreeMap<u64, String>,
    pub channels: BTreeMap<u64, ChannelRec>,
    pub dm_channels: HashMap<u64, u64>,
    /// The routes' rate-limit buckets.
    pub buckets: crate::ratelimits::Buckets,
    /// `POST /users/@me/channels` requests answered, by recipient.
    pub dm_opens: HashMap<u64, u32>,
    pub messages: Vec<RecordedMessage>,
    pub global_commands: Vec<Value>,
    pub guild_commands: Vec<Value>,
    pub command_registrations: u32,
    pub interactions: Vec<InteractionRec>,
    pub requests: Vec<RequestRecord>,
    pub errors: Vec<ErrorRecord>,
    pub injections: Vec<Injection>,
    pub gateway: GatewayState,
    pub ws_url: String,
    next_id: u64,
}

/// First snowflake handed out (a plausible 2024 id).
const FIRST_ID: u64 = 1_230_000_000_000_000_000;

impl State {
    pub fn new(config: Config, ws_url: String) -> Self {
        let mut state = Self {
            config,
            started: Instant::now(),
            created_at: crate::payload::now_timestamp(),
            app_id: 0,
            guild_id: 0,
            guilds: BTreeMap::new(),
            guild_locales: HashMap::new(),
            user_locales: HashMap::new(),
            owner_id: 0,
            default_channel: 0,
            bot: UserRec {
                id: 0,
                name: "capomaestro".into(),
                bot: true,
                dms_closed: false,
                permissions: Permissions::MEMBER_DEFAULT | Permissions::MANAGE_MESSAGES,
                roles: Vec::new(),
            },
            users: BTreeMap::new(),
            roles: BTreeMap::new(),
            channels: BTreeMap::new(),
            dm_channels: HashMap::new(),
            dm_opens: HashMap::new(),
            buckets: crate::ratelimits::Buckets::default(),
            messages: Vec::new(),
            global_commands: Vec::new(),
            guild_commands: Vec::new(),
            command_registrations: 0,
            interactions: Vec::new(),
            requests: Vec::new(),
            errors: Vec::new(),
            injections: Vec::new(),
            gateway: GatewayState::default(),
            ws_url,
            next_id: FIRST_ID,
        };
        state.app_id = state.new_id();
        state.bot.id = state.app_id;
        state.guild_id = state.add_guild("Fake Guild");
        state.owner_id = state.add_user("owner");
        state.default_channel = state.add_channel("general");
        state
    }

    /// A fresh snowflake.
    pub fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    pub fn add_user(&mut self, name: &str) -> u64 {
        let id = self.new_id();
        let user = UserRec {
            id,
            name: name.to_owned(),
            bot: false,
            dms_closed: false,
            permissions: Permissions::MEMBER_DEFAULT,
            roles: Vec::new(),
        };
        self.users.insert(id, user);
        id
    }

    /// A guild with an id whose timestamp bits differ from the others' (Discord shards by
    /// `(guild_id >> 22) % total`): successive guilds fall on successive shards.
    pub fn add_guild(&mut self, name: &str) -> u64 {
        let n = self.guilds.len() as u64;
        // Below every id `new_id` hands out, so never the same.
        let id = (((FIRST_ID >> 22) - 1 - n) << 22) | 1;
        self.guilds.insert(id, name.to_owned());
        id
    }

    /// A guild's preferred locale (`en-US` unless set).
    pub fn guild_locale(&self, guild: u64) -> &str {
        self.guild_locales
            .get(&guild)
            .map_or("en-US", String::as_str)
    }

    /// A user's client locale (`en-US` unless set).
    pub fn user_locale(&self, user: u64) -> &str {
        self.user_locales.get(&user).map_or("en-US", String::as_str)
    }

    /// The shard a guild's events go to under `total` shards.
    pub fn shard_of(guild: u64, total: u32) -> u32 {
        ((guild >> 22) % u64::from(total.max(1))) as u32
    }

    pub fn add_channel(&mut self, name: &str) -> u64 {
        self.add_channel_in(self.guild_id, name)
    }

    pub fn add_channel_in(&mut self, guild: u64, name: &str) -> u64 {
        let id = self.new_id();
        let position = self.channels.len() as u16;
        self.channels.insert(
            id,
            ChannelRec {
                name: name.to_owned(),
                kind: ChannelKind::Guild { guild },
                position,
                bot_denied: Permissions::NONE,
                thread: None,
            },
        );
        id
    }

    /// The DM channel with a user, created on first use.
    pub fn dm_channel(&mut self, user: u64) -> u64 {
        if let Some(id) = self.dm_channels.get(&user) {
            return *id;
        }
        let id = self.new_id();
        self.channels.insert(
            id,
            ChannelRec {
                name: String::new(),
                kind: ChannelKind::Dm { recipient: user },
                position: 0,
                bot_denied: Permissions::NONE,
                thread: None,
            },
        );
        self.dm_channels.insert(user, id);
        id
    }

    /// What the bot may do in a channel.
    /// A thread's permissions are its parent channel's.
    pub fn bot_permissions(&self, channel: u64) -> Permissions {
        match self.channels.get(&channel) {
            Some(ChannelRec {
                thread: Some(t), ..
            }) => self.bot_permissions(t.parent),
            Some(c) => self.bot.permissions.without(c.bot_denied),
            None => Permissions::NONE,
        }
    }

    pub fn message(&self, id: u64) -> Option<&RecordedMessage> {
        self.messages.iter().find(|m| m.id == id && !m.deleted)
    }

    pub fn message_mut(&mut self, id: u64) -> Option<&mut RecordedMessage> {
        self.messages.iter_mut().find(|m| m.id == id && !m.deleted)
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The guild of a guild channel.
    pub fn guild_of(&self, channel: u64) -> Option<u64> {
        match self.channels.get(&channel)?.kind {
            ChannelKind::Guild { guild } => Some(guild),
            ChannelKind::Dm { .. } => None,
        }
    }

    /// The shard a channel's events go to: its guild's, or shard 0 for a DM. `None` before
    /// any shard identified.
    pub fn shard_for_channel(&self, channel: u64) -> Option<u32> {
        let total = self.gateway.total()?;
        Some(match self.guild_of(channel) {
            Some(guild) => Self::shard_of(guild, total),
            None => 0,
        })
    }

    /// Sends a guild's event to the shard that has it, once that shard is READY.
    pub fn dispatch_guild(&mut self, guild: u64, event: &str, data: Value) {
        if let Some(shard) = self.ready_shard_of(guild) {
            self.dispatch(shard, event, data);
        }
    }

    /// [`State::dispatch_guild`] whatever intents the session asked for (a test's frame).
    pub fn dispatch_guild_as_is(&mut self, guild: u64, event: &str, data: Value) {
        if let Some(shard) = self.ready_shard_of(guild) {
            self.send_dispatch(shard, event, data);
        }
    }

    /// The shard holding `guild`'s events, if its session is READY.
    fn ready_shard_of(&self, guild: u64) -> Option<u32> {
        let shard = Self::shard_of(guild, self.gateway.total()?);
        self.gateway
            .sessions
            .get(&shard)
            .is_some_and(|s| s.ready)
            .then_some(shard)
    }

    /// Sends a dispatch (op 0) on `shard`'s session, or keeps it for RESUME if nobody
    /// listens. Lost when the shard has no session (nobody identified for it), or when
    /// the session did not ask for the intent the event needs.
    pub fn dispatch(&mut self, shard: u32, event: &str, data: Value) {
        let wanted = self.gateway.sessions.get(&shard).is_some_and(|session| {
            intent_of(event).is_none_or(|needed| session.intents & needed != 0)
        });
        if wanted {
            self.send_dispatch(shard, event, data);
        }
    }

    fn send_dispatch(&mut self, shard: u32, event: &str, data: Value) {
        let Some(session) = self.gateway.sessions.get_mut(&shard) else {
            return;
        };
        session.seq += 1;
        let frame = json!({"op": 0, "s": session.seq, "t": event, "d": data}).to_string();
        session.log.push((session.seq, frame.clone()));
        if let Some(live) = &session.live {
            if live.send(Outgoing::Text(frame)).is_err() {
                session.live = None;
            }
        }
    }
}

/// Gateway intent: guilds and their channels (GUILD_CREATE, CHANNEL_CREATE…).
pub const INTENT_GUILDS: u64 = 1 << 0;
/// Gateway intent (privileged): members joining, changing and leaving.
pub const INTENT_GUILD_MEMBERS: u64 = 1 << 1;
/// Gateway intent: messages in guild channels.
pub const INTENT_GUILD_MESSAGES: u64 = 1 << 9;
/// Gateway intent: messages in DMs.
pub const INTENT_DIRECT_MESSAGES: u64 = 1 << 12;

/// The intent Discord sends `event` under; `None` for events every session gets (READY,
/// RESUMED, INTERACTION_CREATE) and for events this fake does not know.
pub fn intent_of(event: &str) -> Option<u64> {
    match event {
        "GUILD_CREATE" | "GUILD_UPDATE" | "GUILD_DELETE" | "CHANNEL_CREATE" | "CHANNEL_UPDATE"
        | "CHANNEL_DELETE" | "THREAD_CREATE" | "THREAD_UPDATE" | "THREAD_DELETE" => {
            Some(INTENT_GUILDS)
        }
        "GUILD_MEMBER_ADD" | "GUILD_MEMBER_UPDATE" | "GUILD_MEMBER_REMOVE" => {
            Some(INTENT_GUILD_MEMBERS)
        }
        "MESSAGE_CREATE" | "MESSAGE_UPDATE" | "MESSAGE_DELETE" => {
            Some(INTENT_GUILD_MESSAGES | INTENT_DIRECT_MESSAGES)
        }
        _ => None,
    }
}
