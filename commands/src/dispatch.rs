//! The outbox sender: sends the deliveries the table stored with each change through a
//! [`Transport`] (Discord in production, a fake in unit tests), marks each one done once
//! Discord confirms it, and decides what happens on failure:
//!
//! - 429 / 5xx / network: tried again later with exponential backoff;
//! - missing permission in the channel (50001 / 50013): the delivery stays pending, the
//!   acting player is told privately which permission the bot lacks, and it is retried
//!   when a later interaction in that channel comes in;
//! - closed DMs (50007): one notice per player per game in the channel (no secret in it);
//!   that player's private updates stay reachable through **My hand** and `/game hand`,
//!   and DMs are tried again when that player next acts;
//! - unknown channel or message (10003 / 10008), or a malformed request: dropped with a
//!   log line, never retried forever.
//!
//! Channel messages carry a `nonce` with `enforce_nonce`, so a re-send after a crash
//! (sent, but not yet marked done) never posts twice.

use crate::messages::{channel_messages, split_message, with_picture, LIMIT};
use poise::serenity_prelude as serenity;
use std::collections::HashSet;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use table::{ChannelId, Delivery, Pending, Table, UserId};

/// Why a send failed, as far as the outbox cares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SendError {
    /// The user does not accept DMs from the bot (Discord error 50007).
    DmClosed,
    /// The bot may not see or post in the channel (50001 Missing Access, 50013 Missing
    /// Permissions).
    Forbidden(u32),
    /// The channel or message no longer exists (10003, 10008).
    Gone(u32),
    /// Worth trying again later (429, 5xx, network), after at least this long.
    Transient { after_ms: u64, why: String },
    /// Discord refused the request itself: retrying would fail the same way.
    Refused(String),
}

/// Where messages go.
pub trait Transport: Sync {
    /// Posts in a channel; returns the new message's id.
    fn post(
        &self,
        channel: u64,
        message: serenity::CreateMessage,
    ) -> impl Future<Output = Result<u64, SendError>> + Send;
    /// Sends a direct message; returns its id.
    fn dm(
        &self,
        user: u64,
        message: serenity::CreateMessage,
    ) -> impl Future<Output = Result<u64, SendError>> + Send;
    /// Takes the buttons off a message the bot posted in a channel (an old turn message).
    fn unbutton(
        &self,
        channel: u64,
        message: u64,
    ) -> impl Future<Output = Result<(), SendError>> + Send;
}

/// The note naming a channel's live turn message (the one whose buttons work).
const LIVE_TURN_NOTE: &str = "live-turn";
/// The note naming a channel's guild (a link to a message needs it).
const GUILD_NOTE: &str = "guild";

/// The sentence posted in the channel when a player's DMs are closed. It names no secret.
pub fn dm_closed_notice(user: u64) -> String {
    format!(
        "⚠️ <@{user}>, I could not send you a direct message (your DMs are closed for this server). \
         Use `/game hand` or the **My hand** button to see your private information."
    )
}

/// The permissions the bot needs in a game's channel, with their Discord names.
pub const NEEDED_PERMISSIONS: &[(serenity::Permissions, &str)] = &[
    (serenity::Permissions::VIEW_CHANNEL, "View Channel"),
    (serenity::Permissions::SEND_MESSAGES, "Send Messages"),
    (serenity::Permissions::EMBED_LINKS, "Embed Links"),
    (serenity::Permissions::ATTACH_FILES, "Attach Files"),
];

/// The private explanation when the bot cannot post in the channel. `have` is what the
/// interaction said the bot may do here (`app_permissions`), when known.
pub fn missing_permission_notice(have: Option<serenity::Permissions>) -> String {
    let missing: Vec<&str> = match have {
        Some(have) => NEEDED_PERMISSIONS
            .iter()
            .filter(|(p, _)| !have.contains(*p))
            .map(|(_, name)| *name)
            .collect(),
        None => vec![],
    };
    let list = if missing.is_empty() {
        NEEDED_PERMISSIONS
            .iter()
            .map(|(_, n)| *n)
            .collect::<Vec<_>>()
            .join(", ")
    } else {
        missing.join(", ")
    };
    format!(
        "⚠️ Your move counts, but I cannot post in this channel: I am missing **{list}** here. \
         Ask a moderator to give me {}; the turn message will be posted as soon as I can.",
        if missing.len() == 1 {
            "that permission"
        } else {
            "those permissions"
        }
    )
}

/// What the actor is answered with, privately: pages of text and at most one picture
/// (their board or hand, from `/game status`, **Board** or `/game hand`).
#[derive(Debug, Default)]
pub struct Replies {
    pub texts: Vec<String>,
    pub picture: Option<Arc<Vec<u8>>>,
}

impl From<Vec<String>> for Replies {
    fn from(texts: Vec<String>) -> Self {
        Replies {
            texts,
            picture: None,
        }
    }
}

/// The private note when a turn message went out without its board picture.
pub fn picture_permission_notice() -> String {
    "⚠️ The turn message went out without the board picture: I need **Attach Files** and \
     **Embed Links** in this channel to show it. `/game status` shows it to you privately."
        .to_string()
}

/// Who acted, for the replies a send produces.
#[derive(Debug, Clone, Copy)]
pub struct Actor {
    pub user: UserId,
    /// The bot's permissions in the channel, from the interaction.
    pub permissions: Option<serenity::Permissions>,
}

/// The note naming the game in which a player's DMs were found closed.
fn dm_closed_note(user: UserId) -> String {
    format!("dm-closed:{user}")
}

/// The longest wait between retries.
const MAX_BACKOFF_MS: u64 = 5 * 60 * 1000;
/// A delivery blocked by a missing permission is retried at the latest after this long
/// (and at once when a later interaction in its channel comes in).
const FORBIDDEN_RETRY_MS: u64 = 10 * 60 * 1000;

fn backoff_ms(attempts: u32) -> u64 {
    (1000u64 << attempts.min(16)).min(MAX_BACKOFF_MS)
}

/// Sends the table's outbox. One per bot; shared by the interaction handlers and the
/// background loop.
pub struct Sender {
    table: Arc<Table>,
    /// Rows being sent right now (so the loop and a handler never send one twice).
    inflight: Mutex<HashSet<u64>>,
    wake: tokio::sync::Notify,
    /// Signalled whenever a row stops being in flight.
    released: tokio::sync::Notify,
    /// Channels whose guild is noted already (DM links need it).
    guilds_known: Mutex<HashSet<ChannelId>>,
}

/// What sending one row came to.
enum Outcome {
    Done,
    Retry { after_ms: u64 },
    Drop,
}

impl Sender {
    pub fn new(table: Arc<Table>) -> Self {
        Sender {
            table,
            inflight: Mutex::new(HashSet::new()),
            wake: tokio::sync::Notify::new(),
            released: tokio::sync::Notify::new(),
            guilds_known: Mutex::new(HashSet::new()),
        }
    }

    fn claim(&self, id: u64) -> bool {
        self.inflight
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id)
    }

    fn release(&self, id: u64) {
        self.inflight
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id);
        self.released.notify_waiters();
    }

    /// Waits until row `id` is no longer being sent (at most 10 s: a send that hangs
    /// longer is the transport's problem, and the row stays in the outbox).
    async fn wait_released(&self, id: u64) {
        let _ = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                let released = self.released.notified();
                tokio::pin!(released);
                released.as_mut().enable();
                let busy = self
                    .inflight
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .contains(&id);
                if !busy {
                    return;
                }
                released.await;
            }
        })
        .await;
    }

    /// Sends what a command by `actor` in `channel` produced, after anything still
    /// pending there (oldest first, so a backlog left by a missing permission goes out
    /// in order), and returns what to answer the actor with, privately (texts and a picture).
    pub async fn after_command<T: Transport>(
        &self,
        transport: &T,
        channel: ChannelId,
        actor: Actor,
        deliveries: Vec<Delivery>,
    ) -> Replies {
        let mut replies: Vec<String> = Vec::new();
        let mut picture = None;
        let mut unstored = Vec::new();
        for d in deliveries {
            match d {
                Delivery::Ephemeral {
                    text,
                    summary,
                    picture: Some(of),
                } if picture.is_none() => match self.picture(channel, of).await {
                    Some(png) => {
                        picture = Some(png);
                        replies.push(summary.unwrap_or(text));
                    }
                    None => replies.push(text),
                },
                Delivery::Ephemeral { text, .. } => replies.push(text),
                d if d.outbox().is_none() => unstored.push(d),
                _ => {}
            }
        }
        let table = self.table.clone();
        let pending = tokio::task::spawn_blocking(move || table.pending_in(channel))
            .await
            .unwrap_or_default();
        for p in pending {
            self.send_row(transport, p, Some(actor), &mut replies).await;
        }
        // A store failure left these unstored: send them once, best effort.
        for d in unstored {
            let p = Pending {
                channel,
                attempts: 0,
                delivery: d,
            };
            self.send_row(transport, p, Some(actor), &mut replies).await;
        }
        // The command may have set new timers: the loop recomputes when to wake.
        self.notify();
        Replies {
            texts: replies,
            picture,
        }
    }

    /// The PNG of `of`, drawn (or taken from the table's cache) on the blocking pool;
    /// `None` when the game moved on or has no pictures.
    async fn picture(&self, channel: ChannelId, of: table::PictureOf) -> Option<Arc<Vec<u8>>> {
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || table.picture(channel, of))
            .await
            .ok()
            .flatten()
    }

    /// Sends every due row (at start-up: what a crash left; later: retries), oldest
    /// first. Returns how many rows were handled.
    pub async fn drain<T: Transport>(&self, transport: &T) -> usize {
        let table = self.table.clone();
        let due = tokio::task::spawn_blocking(move || table.pending(table.now_ms(), 100))
            .await
            .unwrap_or_default();
        let n = due.len();
        let mut ignored = Vec::new();
        for p in due {
            self.send_row(transport, p, None, &mut ignored).await;
        }
        n
    }

    /// Wakes the background loop (new rows may be due).
    pub fn notify(&self) {
        self.wake.notify_one();
    }

    /// Fires the timers that are due (reminders, timeouts, stand-in moves): their
    /// deliveries are stored, and sent by the next drain. Returns how many channels got
    /// new deliveries.
    pub async fn fire_timers(&self) -> usize {
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || table.fire_due_timers().len())
            .await
            .unwrap_or(0)
    }

    /// The background loop: fires due timers and drains due rows, then sleeps until the
    /// next row or timer is due (or 30 s, or a wake-up), until `stop` resolves.
    pub async fn run<T: Transport>(&self, transport: &T, stop: impl Future<Output = ()>) {
        tokio::pin!(stop);
        loop {
            self.fire_timers().await;
            while self.drain(transport).await >= 100 {}
            let table = self.table.clone();
            let (next, now) = tokio::task::spawn_blocking(move || {
                let next = match (table.next_due(), table.next_timer_due()) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                (next, table.now_ms())
            })
            .await
            .unwrap_or((None, 0));
            let wait = next
                .map(|due| due.saturating_sub(now))
                .unwrap_or(30_000)
                .clamp(50, 30_000);
            tokio::select! {
                _ = &mut stop => return,
                _ = self.wake.notified() => {}
                _ = tokio::time::sleep(Duration::from_millis(wait)) => {}
            }
        }
    }

    async fn send_row<T: Transport>(
        &self,
        transport: &T,
        row: Pending,
        actor: Option<Actor>,
        replies: &mut Vec<String>,
    ) {
        let id = row.delivery.outbox();
        if let Some(id) = id {
            if !self.claim(id) {
                // Another task is sending it (the background loop): wait for it, so that
                // whoever acted is answered only after the channel shows their move.
                self.wait_released(id).await;
                return;
            }
        }
        let outcome = self.send_one(transport, &row, actor, replies).await;
        if let Some(id) = id {
            let table = self.table.clone();
            let attempts = row.attempts + 1;
            let retry = matches!(outcome, Outcome::Retry { .. });
            let _ = tokio::task::spawn_blocking(move || match outcome {
                Outcome::Done | Outcome::Drop => table.delivered(id),
                Outcome::Retry { after_ms } => {
                    table.retry_later(id, table.now_ms() + after_ms, attempts)
                }
            })
            .await;
            self.release(id);
            if retry {
                // The background loop may be asleep for longer than the backoff.
                self.notify();
            }
        }
    }

    async fn send_one<T: Transport>(
        &self,
        transport: &T,
        row: &Pending,
        actor: Option<Actor>,
        replies: &mut Vec<String>,
    ) -> Outcome {
        let channel = row.channel;
        match &row.delivery {
            Delivery::Channel {
                text,
                mentions,
                prompts,
                summary,
                picture,
                link_turn,
                approval,
                outbox,
            } => {
                let mut text = summary.as_deref().unwrap_or(text).to_string();
                if *link_turn {
                    if let Some(link) = self.turn_link(channel).await {
                        text.push_str(&format!(" [Go to the turn message]({link})"));
                    }
                }
                let messages =
                    channel_messages(&text, mentions, prompts, approval.as_ref(), channel);
                let last = messages.len().saturating_sub(1);
                let png = match picture {
                    Some(of) => self.picture(channel, *of).await,
                    None => None,
                };
                let mut posted = None;
                for (i, message) in messages.into_iter().enumerate() {
                    let message = match outbox {
                        Some(id) => message
                            .nonce(serenity::Nonce::String(format!("cm{id}.{i}")))
                            .enforce_nonce(true),
                        None => message,
                    };
                    // The board picture goes on the last part (the one with the buttons).
                    let sent = match png.as_ref().filter(|_| i == last) {
                        Some(png) => {
                            match transport
                                .post(channel, with_picture(message.clone(), png))
                                .await
                            {
                                // Not allowed to attach files or embed here: the message
                                // without its picture, and the actor learns why.
                                Err(SendError::Forbidden(_)) => {
                                    let sent = transport.post(channel, message).await;
                                    if sent.is_ok() && actor.is_some() {
                                        let notice = picture_permission_notice();
                                        if !replies.contains(&notice) {
                                            replies.push(notice);
                                        }
                                    }
                                    sent
                                }
                                other => other,
                            }
                        }
                        None => transport.post(channel, message).await,
                    };
                    match sent {
                        Ok(id) => posted = Some(id),
                        Err(e) => return self.channel_failure(e, row, actor, replies),
                    }
                }
                let turn = if prompts.is_empty() { None } else { posted };
                self.retire_turn_message(transport, channel, turn).await;
                Outcome::Done
            }
            Delivery::Private { user, text, outbox } => {
                let user = *user;
                let acting = actor.is_some_and(|a| a.user == user);
                let note = dm_closed_note(user);
                let game = self.game_id(channel).await;
                let closed_game = self.note(channel, &note).await;
                if !acting && closed_game.is_some() && closed_game == game {
                    // Closed in this game: already told once; the player reads it on
                    // demand (My hand), and DMs are tried again when they next act.
                    return Outcome::Drop;
                }
                let header = self.dm_header(channel).await;
                for (i, chunk) in split_message(&format!("{header}\n{text}"), LIMIT)
                    .into_iter()
                    .enumerate()
                {
                    let mut message = crate::messages::dm_message(chunk);
                    if let Some(id) = outbox {
                        message = message
                            .nonce(serenity::Nonce::String(format!("cm{id}.{i}")))
                            .enforce_nonce(true);
                    }
                    match transport.dm(user, message).await {
                        Ok(_) => {}
                        Err(SendError::DmClosed) => {
                            if acting {
                                replies.push(format!(
                                    "I could not DM you (your DMs are closed), so here it is, visible only to you:\n{text}"
                                ));
                            }
                            self.dm_closed(channel, user).await;
                            return Outcome::Drop;
                        }
                        Err(SendError::Transient { after_ms, why }) => {
                            tracing::warn!(channel, user, %why, "DM failed; will retry");
                            return Outcome::Retry {
                                after_ms: after_ms.max(backoff_ms(row.attempts)),
                            };
                        }
                        Err(e) => {
                            tracing::warn!(channel, user, error = ?e, "DM dropped");
                            if acting {
                                replies.push(format!(
                                    "I could not DM you, so here it is, visible only to you:\n{text}"
                                ));
                            }
                            return Outcome::Drop;
                        }
                    }
                }
                if closed_game.is_some() {
                    // They opened their DMs again.
                    self.clear_note(channel, &note).await;
                }
                Outcome::Done
            }
            Delivery::Ephemeral { text, .. } => {
                replies.push(text.clone());
                Outcome::Done
            }
        }
    }

    fn channel_failure(
        &self,
        e: SendError,
        row: &Pending,
        actor: Option<Actor>,
        replies: &mut Vec<String>,
    ) -> Outcome {
        let channel = row.channel;
        match e {
            SendError::Forbidden(code) => {
                tracing::warn!(
                    channel,
                    code,
                    "missing permission in the channel; kept pending"
                );
                if let Some(actor) = actor {
                    let notice = missing_permission_notice(actor.permissions);
                    if !replies.contains(&notice) {
                        replies.push(notice);
                    }
                }
                Outcome::Retry {
                    after_ms: FORBIDDEN_RETRY_MS,
                }
            }
            SendError::Transient { after_ms, why } => {
                tracing::warn!(channel, %why, "post failed; will retry");
                Outcome::Retry {
                    after_ms: after_ms.max(backoff_ms(row.attempts)),
                }
            }
            SendError::Gone(code) => {
                tracing::warn!(channel, code, "channel or message gone; delivery dropped");
                Outcome::Drop
            }
            SendError::DmClosed | SendError::Refused(_) => {
                tracing::error!(channel, error = ?e, "post refused; delivery dropped");
                Outcome::Drop
            }
        }
    }

    /// Records that `user`'s DMs are closed during this channel's game. The first time in
    /// a game it queues the one channel notice (sent with the channel's next deliveries)
    /// and returns true; later calls in the same game do nothing.
    pub async fn dm_closed(&self, channel: ChannelId, user: u64) -> bool {
        let note = dm_closed_note(user);
        let game = self.game_id(channel).await;
        let closed_game = self.note(channel, &note).await;
        if closed_game.is_some() && closed_game == game {
            return false;
        }
        self.put_note(channel, &note, game.unwrap_or(0)).await;
        let notice = Delivery::channel(dm_closed_notice(user));
        let table = self.table.clone();
        let _ = tokio::task::spawn_blocking(move || table.enqueue(channel, vec![notice])).await;
        self.notify();
        true
    }

    /// One live prompt in the channel: when a new turn message (`new_turn`) is posted, or
    /// the game is over, the previous turn message loses its buttons. Best effort: a
    /// message that is gone or cannot be edited keeps its (stale, harmless) buttons.
    async fn retire_turn_message<T: Transport>(
        &self,
        transport: &T,
        channel: ChannelId,
        new_turn: Option<u64>,
    ) {
        let live = self.note(channel, LIVE_TURN_NOTE).await;
        let retire = match new_turn {
            Some(new) => live.filter(|old| *old != new),
            None if self.game_id(channel).await.is_none() => live,
            None => None,
        };
        if let Some(old) = retire {
            if let Err(e) = transport.unbutton(channel, old).await {
                tracing::info!(channel, message = old, error = ?e, "old turn message kept its buttons");
            }
        }
        match new_turn {
            Some(new) => self.put_note(channel, LIVE_TURN_NOTE, new).await,
            None if retire.is_some() => self.clear_note(channel, LIVE_TURN_NOTE).await,
            None => {}
        }
    }

    async fn game_id(&self, channel: ChannelId) -> Option<u64> {
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || table.state_version(channel).map(|s| s.game_id))
            .await
            .ok()
            .flatten()
    }

    async fn note(&self, channel: ChannelId, name: &str) -> Option<u64> {
        let table = self.table.clone();
        let name = name.to_string();
        tokio::task::spawn_blocking(move || table.note(channel, &name))
            .await
            .ok()
            .flatten()
            .and_then(|v| v.try_into().ok().map(u64::from_be_bytes))
    }

    async fn put_note(&self, channel: ChannelId, name: &str, game: u64) {
        let table = self.table.clone();
        let name = name.to_string();
        let _ = tokio::task::spawn_blocking(move || {
            table.put_note(channel, &name, &game.to_be_bytes())
        })
        .await;
    }

    async fn clear_note(&self, channel: ChannelId, name: &str) {
        let table = self.table.clone();
        let name = name.to_string();
        let _ = tokio::task::spawn_blocking(move || table.put_note(channel, &name, &[])).await;
    }

    /// The first line of every DM: which game, in which channel.
    /// Notes the guild of `channel` (once per process and channel), so that DMs can link
    /// to the channel's turn message.
    pub async fn remember_guild(&self, channel: ChannelId, guild: u64) {
        let new = self
            .guilds_known
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(channel);
        if new && self.note(channel, GUILD_NOTE).await != Some(guild) {
            self.put_note(channel, GUILD_NOTE, guild).await;
        }
    }

    /// The address of the channel's live turn message, when its guild and id are known.
    async fn turn_link(&self, channel: ChannelId) -> Option<String> {
        let guild = self.note(channel, GUILD_NOTE).await?;
        let turn = self.note(channel, LIVE_TURN_NOTE).await?;
        Some(format!(
            "https://discord.com/channels/{guild}/{channel}/{turn}"
        ))
    }

    async fn dm_header(&self, channel: ChannelId) -> String {
        let table = self.table.clone();
        let game = tokio::task::spawn_blocking(move || table.game_in(channel))
            .await
            .ok()
            .flatten();
        let title = game
            .as_deref()
            .and_then(rules::catalog::find)
            .map_or("Your game", |k| k.title);
        // A link to the live turn message, when its guild and id are known.
        let link = match self.turn_link(channel).await {
            Some(link) => format!(" · [turn message]({link})"),
            None => String::new(),
        };
        format!("**{title}** in <#{channel}>{link}:")
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use table::{Caller, Command};

    /// Records what would have been sent; users in `closed` refuse DMs; `forbidden`
    /// refuses channel posts.
    #[derive(Default)]
    pub struct FakeTransport {
        pub posts: Mutex<Vec<serde_json::Value>>,
        pub dms: Mutex<Vec<(u64, String)>>,
        pub unbuttoned: Mutex<Vec<u64>>,
        pub closed: Vec<u64>,
        pub forbidden: std::sync::atomic::AtomicBool,
    }

    impl Transport for FakeTransport {
        async fn post(
            &self,
            _channel: u64,
            message: serenity::CreateMessage,
        ) -> Result<u64, SendError> {
            if self.forbidden.load(std::sync::atomic::Ordering::SeqCst) {
                return Err(SendError::Forbidden(50013));
            }
            let mut posts = self.posts.lock().unwrap();
            posts.push(serde_json::to_value(&message).unwrap());
            Ok(posts.len() as u64)
        }
        async fn dm(&self, user: u64, message: serenity::CreateMessage) -> Result<u64, SendError> {
            if self.closed.contains(&user) {
                return Err(SendError::DmClosed);
            }
            let v = serde_json::to_value(&message).unwrap();
            let mut dms = self.dms.lock().unwrap();
            dms.push((user, v["content"].as_str().unwrap_or_default().to_string()));
            Ok(dms.len() as u64)
        }
        async fn unbutton(&self, _channel: u64, message: u64) -> Result<(), SendError> {
            self.unbuttoned.lock().unwrap().push(message);
            Ok(())
        }
    }

    fn block<F: Future>(f: F) -> F::Output {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap()
            .block_on(f)
    }

    fn table() -> (tempfile::TempDir, Arc<Table>) {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(storage::SledStore::open(dir.path()).unwrap());
        (dir, Arc::new(Table::new(store)))
    }

    fn act(table: &Table, user: u64, line: &str) -> Vec<Delivery> {
        let name = ["", "ana", "bruno", "carla"][user as usize];
        table.handle(9, &Caller::new(user, name), Command::parse(line))
    }

    fn actor(user: u64) -> Actor {
        Actor {
            user,
            permissions: None,
        }
    }

    #[test]
    fn closed_dms_give_one_notice_per_game_and_never_leak() {
        let (_dir, table) = table();
        let sender = Sender::new(table.clone());
        let t = FakeTransport {
            closed: vec![2, 3],
            ..Default::default()
        };
        block(async {
            for (u, line) in [
                (1, "new countdown seed=3"),
                (2, "join"),
                (3, "join"),
                (1, "start"),
            ] {
                let d = act(&table, u, line);
                sender.after_command(&t, 9, actor(u), d).await;
            }
            // Play a few moves: the closed-DM notice is posted once per player.
            for _ in 0..4 {
                let Some((u, a)) =
                    (1..=3).find_map(|u| table.legal_actions(9, u).first().map(|a| (u, a.clone())))
                else {
                    break;
                };
                let d = act(&table, u, &a);
                let replies = sender.after_command(&t, 9, actor(u), d).await.texts;
                if u != 1 {
                    // The actor with closed DMs sees their private view in the reply.
                    assert!(replies
                        .iter()
                        .all(|r| !r.contains("could not DM") || r.contains("visible only to you")));
                }
                sender.drain(&t).await;
            }
        });
        let posts = t.posts.lock().unwrap();
        let notices: Vec<&serde_json::Value> = posts
            .iter()
            .filter(|p| p["content"].as_str().unwrap().contains("DMs are closed"))
            .collect();
        assert_eq!(notices.len(), 2, "one per closed player: {notices:?}");
        // DMs say which game and channel they are about.
        let dms = t.dms.lock().unwrap();
        assert!(!dms.is_empty());
        assert!(
            dms.iter()
                .all(|(u, text)| *u == 1 && text.starts_with("**Countdown (test game)** in <#9>:")),
            "{dms:?}"
        );
        // Nothing private reached the channel.
        for (_, text) in dms.iter() {
            let secret = text.lines().nth(1).unwrap_or_default();
            assert!(posts
                .iter()
                .all(|p| !p["content"].as_str().unwrap().contains(secret)));
        }
        assert!(
            table.pending(u64::MAX, 100).is_empty(),
            "everything sent or dropped"
        );
    }

    #[test]
    fn a_missing_permission_keeps_the_post_pending_and_tells_the_actor() {
        let (_dir, table) = table();
        let sender = Sender::new(table.clone());
        let t = FakeTransport::default();
        t.forbidden.store(true, std::sync::atomic::Ordering::SeqCst);
        let replies = block(async {
            let d = act(&table, 1, "new countdown seed=3");
            sender
                .after_command(
                    &t,
                    9,
                    Actor {
                        user: 1,
                        permissions: Some(serenity::Permissions::VIEW_CHANNEL),
                    },
                    d,
                )
                .await
                .texts
        });
        assert_eq!(replies.len(), 1, "{replies:?}");
        assert!(
            replies[0].contains("Send Messages, Embed Links, Attach Files"),
            "{}",
            replies[0]
        );
        assert_eq!(table.pending_in(9).len(), 1, "kept pending");
        // Permission granted: the next interaction in the channel sends the backlog first.
        t.forbidden
            .store(false, std::sync::atomic::Ordering::SeqCst);
        block(async {
            let d = act(&table, 2, "join");
            sender.after_command(&t, 9, actor(2), d).await
        });
        let posts = t.posts.lock().unwrap();
        assert_eq!(posts.len(), 2);
        assert!(posts[0]["content"]
            .as_str()
            .unwrap()
            .contains("opened a table"));
        assert!(posts[1]["content"].as_str().unwrap().contains("joined"));
        assert_eq!(posts[0]["enforce_nonce"], true);
        assert_ne!(posts[0]["nonce"], posts[1]["nonce"]);
        assert!(table.pending_in(9).is_empty());
    }
}
