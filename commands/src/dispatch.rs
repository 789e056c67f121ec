//! The outbox sender: sends the deliveries the table stored with each change through a
//! [`Transport`] (Discord in production, a fake in unit tests), marks each one done once
//! Discord confirms it, and decides what happens on failure:
//!
//! - 429 / 5xx / network: tried again later with exponential backoff;
//! - missing permission in the channel: the permissions the interaction reports
//!   (`app_permissions`) are read *before* sending. Without View Channel or Send Messages
//!   no post is tried: the posts wait, and each player who acts there is told once,
//!   privately, which permission is missing (again only if what is missing changes, or
//!   after the bot could post there). A post Discord refuses (50001 / 50013) stops the
//!   channel's pass and holds its posts for a backoff that doubles with each refused
//!   attempt of the row, from [`REFUSED_FIRST_RETRY_MS`] to [`REFUSED_MAX_RETRY_MS`];
//!   an interaction reporting other permissions (a moderator changed something) lifts
//!   the hold at once. Without Attach Files a post goes without its picture; a post
//!   refused with its picture is tried without it only when Send Messages is known to be
//!   there;
//! - a channel's waiting posts stay few: a newer turn message supersedes the older ones,
//!   at most [`MAX_WAITING_POSTS`] wait, and a delivery not sent within
//!   [`MAX_DELIVERY_AGE_MS`] is dropped, with a log line each time;
//! - closed DMs (50007): one notice per player per game in the channel (no secret in it);
//!   that player's private updates stay reachable through **My hand** and `/game hand`,
//!   and DMs are tried again when that player next acts;
//! - unknown channel or message (10003 / 10008), or a malformed request: dropped with a
//!   log line, never retried forever;
//! - whatever users do, a [`Breaker`] keeps the answers 401 / 403 / 429 to the outbox's
//!   requests under [`INVALID_REQUEST_BUDGET`] per [`INVALID_REQUEST_WINDOW`] (Discord
//!   bans the bot's IP, from every server, at 10,000): past it, rows wait.
//!
//! Channel messages carry a `nonce` with `enforce_nonce` (numbered per channel and per
//! player's DMs, see `nonce.rs`), so a re-send after a crash (sent, but not yet marked
//! done) never posts twice; a row claimed for sending is read
//! again first, so one delivered meanwhile is not sent again.

use crate::messages::{channel_messages, split_message, with_picture, LIMIT};
use poise::serenity_prelude as serenity;
use std::collections::{HashMap, HashSet, VecDeque};
use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use table::{ChannelId, Delivery, Pending, Table, UserId};
use words::Lang;

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
    /// Discord answered 429 Too Many Requests: try again after at least this long.
    RateLimited { after_ms: u64 },
    /// Worth trying again later (5xx, network), after at least this long.
    Transient { after_ms: u64, why: String },
    /// Discord refused the request itself: retrying would fail the same way. `status` is
    /// the HTTP status (0 when there was no answer).
    Refused { status: u16, why: String },
    /// Not sent: the outbox's [`Breaker`] holds requests after too many invalid answers.
    Held,
}

impl SendError {
    /// Whether Discord counts this answer as an invalid request (401, 403, 429): 10,000
    /// of them in 10 minutes ban the bot's IP.
    pub fn is_invalid_request(&self) -> bool {
        match self {
            SendError::DmClosed | SendError::Forbidden(_) | SendError::RateLimited { .. } => true,
            SendError::Refused { status, .. } => matches!(status, 401 | 403 | 429),
            SendError::Gone(_) | SendError::Transient { .. } | SendError::Held => false,
        }
    }
}

/// Where messages go.
pub trait Transport: Sync {
    /// Posts in a channel; returns the new message's id.
    fn post(
        &self,
        channel: u64,
        message: serenity::CreateMessage,
    ) -> impl Future<Output = Result<u64, SendError>> + Send;
    /// Posts in a channel with the board picture `png`; returns the new message's id.
    fn post_picture(
        &self,
        channel: u64,
        message: serenity::CreateMessage,
        png: &[u8],
    ) -> impl Future<Output = Result<u64, SendError>> + Send {
        self.post(channel, with_picture(message, png))
    }
    /// Opens (or finds) the DM channel with `user`; returns its id.
    fn open_dm(&self, user: u64) -> impl Future<Output = Result<u64, SendError>> + Send;
    /// Replaces the text of a message the bot sent (a live hand, in a DM channel).
    fn edit_text(
        &self,
        channel: u64,
        message: u64,
        content: String,
    ) -> impl Future<Output = Result<(), SendError>> + Send;
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

/// The sentence posted in the channel (in its language `lang`) when a player's DMs are
/// closed. It names no secret.
pub fn dm_closed_notice(lang: Lang, user: u64) -> String {
    words::text(
        lang,
        "reply-dm-closed-notice",
        &[("user", format!("<@{user}>").into())],
    )
}

/// The permissions the bot needs in a game's channel, with the Fluent keys of their
/// Discord names. In a thread, Send Messages in Threads stands for Send Messages.
pub const NEEDED_PERMISSIONS: &[(serenity::Permissions, &str)] = &[
    (
        serenity::Permissions::VIEW_CHANNEL,
        "permission-view-channel",
    ),
    (
        serenity::Permissions::SEND_MESSAGES,
        "permission-send-messages",
    ),
    (serenity::Permissions::EMBED_LINKS, "permission-embed-links"),
    (
        serenity::Permissions::ATTACH_FILES,
        "permission-attach-files",
    ),
];

/// The keys of the needed permissions `have` lacks.
fn missing_keys(have: serenity::Permissions, in_thread: bool) -> Vec<&'static str> {
    NEEDED_PERMISSIONS
        .iter()
        .map(|&(p, key)| match p {
            serenity::Permissions::SEND_MESSAGES if in_thread => (
                serenity::Permissions::SEND_MESSAGES_IN_THREADS,
                "permission-send-messages-in-threads",
            ),
            _ => (p, key),
        })
        .filter(|(p, _)| !have.contains(*p))
        .map(|(_, key)| key)
        .collect()
}

/// The needed permissions `have` lacks, by their Discord names in `lang`.
pub fn missing_permissions(
    lang: Lang,
    have: serenity::Permissions,
    in_thread: bool,
) -> Vec<String> {
    missing_keys(have, in_thread)
        .into_iter()
        .map(|key| words::text(lang, key, &[]))
        .collect()
}

/// Whether `have` lets the bot post where it is (View Channel, and Send Messages — in a
/// thread, Send Messages in Threads).
pub fn can_post(have: serenity::Permissions, in_thread: bool) -> bool {
    let post = if in_thread {
        serenity::Permissions::SEND_MESSAGES_IN_THREADS
    } else {
        serenity::Permissions::SEND_MESSAGES
    };
    have.contains(serenity::Permissions::VIEW_CHANNEL | post)
}

/// The private explanation (in the actor's language `lang`) when the bot cannot post in
/// the channel. `have` is what the interaction said the bot may do here
/// (`app_permissions`), when known.
pub fn missing_permission_notice(
    lang: Lang,
    have: Option<serenity::Permissions>,
    in_thread: bool,
) -> String {
    let missing = have.map_or_else(Vec::new, |have| missing_permissions(lang, have, in_thread));
    let count = missing.len();
    let list = if missing.is_empty() {
        NEEDED_PERMISSIONS
            .iter()
            .map(|(_, key)| words::text(lang, key, &[]))
            .collect::<Vec<_>>()
            .join(", ")
    } else {
        missing.join(", ")
    };
    words::text(
        lang,
        "reply-missing-permissions",
        &[("list", list.into()), ("count", count.into())],
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

/// The private note (in the actor's language) when a turn message went out without its
/// board picture.
pub fn picture_permission_notice(lang: Lang) -> String {
    words::text(lang, "reply-picture-permissions", &[])
}

/// Who acted, for the replies a send produces.
#[derive(Debug, Clone, Copy)]
pub struct Actor {
    pub user: UserId,
    /// The bot's permissions in the channel, from the interaction (`app_permissions`).
    pub permissions: Option<serenity::Permissions>,
    /// The channel is a thread (posting there needs Send Messages in Threads).
    pub in_thread: bool,
}

impl Actor {
    /// The actor of an interaction by `user` in a channel of `kind`, with the bot's
    /// permissions there as the interaction reported them.
    pub fn new(
        user: UserId,
        permissions: Option<serenity::Permissions>,
        kind: Option<serenity::ChannelType>,
    ) -> Actor {
        let in_thread = matches!(
            kind,
            Some(
                serenity::ChannelType::PublicThread
                    | serenity::ChannelType::PrivateThread
                    | serenity::ChannelType::NewsThread
            )
        );
        Actor {
            user,
            permissions,
            in_thread,
        }
    }

    fn reported(&self) -> Option<Reported> {
        self.permissions.map(|permissions| Reported {
            permissions,
            in_thread: self.in_thread,
        })
    }
}

/// The bot's permissions in a channel, as an interaction there reported them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Reported {
    permissions: serenity::Permissions,
    in_thread: bool,
}

impl Reported {
    fn can_post(&self) -> bool {
        can_post(self.permissions, self.in_thread)
    }

    fn complete(&self) -> bool {
        missing_keys(self.permissions, self.in_thread).is_empty()
    }
}

/// The note naming the game in which a player's DMs were found closed.
fn dm_closed_note(user: UserId) -> String {
    format!("dm-closed:{user}")
}

/// The note locating a player's live hand in this channel's game ([`LiveHand`]).
fn live_hand_note(user: UserId) -> String {
    format!("hand:{user}")
}

/// The note holding a digest of the last new DM a player got about this channel.
fn last_dm_note(user: UserId) -> String {
    format!("dm-last:{user}")
}

/// A short digest of a message's text (FNV-1a): to skip a DM or an edit that would
/// repeat the last one.
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Where a player's live hand is: the game, the DM channel and message, and a digest of
/// what it shows now. Stored as a channel note, so a restart edits the same message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct LiveHand {
    game_id: u64,
    dm: u64,
    message: u64,
    digest: u64,
}

impl LiveHand {
    fn encode(&self) -> Vec<u8> {
        [self.game_id, self.dm, self.message, self.digest]
            .iter()
            .flat_map(|v| v.to_be_bytes())
            .collect()
    }

    fn decode(bytes: &[u8]) -> Option<LiveHand> {
        let mut words = bytes
            .chunks_exact(8)
            .map(|c| c.try_into().ok().map(u64::from_be_bytes));
        let mut next = || words.next().flatten();
        let live = LiveHand {
            game_id: next()?,
            dm: next()?,
            message: next()?,
            digest: next()?,
        };
        (bytes.len() == 32).then_some(live)
    }
}

/// The longest wait between retries of a transient failure (5xx, network, 429).
const MAX_BACKOFF_MS: u64 = 5 * 60 * 1000;

/// After a channel refused a post (403), its posts wait this long before the next try…
pub const REFUSED_FIRST_RETRY_MS: u64 = 60 * 1000;
/// …doubled with each refused attempt of the row, up to this (an interaction reporting
/// other permissions lifts the wait at once).
pub const REFUSED_MAX_RETRY_MS: u64 = 6 * 60 * 60 * 1000;
/// A delivery still unsent this long after it was queued is dropped, with a warning: a
/// channel the bot has lost for a week does not keep its posts for ever.
pub const MAX_DELIVERY_AGE_MS: u64 = 7 * 24 * 60 * 60 * 1000;
/// At most this many posts wait per channel (after superseded turn messages are dropped):
/// older ones are dropped, with a warning.
pub const MAX_WAITING_POSTS: usize = 5;
/// Discord's window for counting invalid requests (answers 401, 403 and 429).
pub const INVALID_REQUEST_WINDOW: Duration = Duration::from_secs(10 * 60);
/// The outbox makes no request while this many of its requests were answered 401, 403
/// or 429 within [`INVALID_REQUEST_WINDOW`] (requests in flight count as if they will
/// be). Discord bans the IP at 10,000; the bot keeps all its invalid answers under 1,000
/// and leaves the rest of that to interaction replies, which are never held.
pub const INVALID_REQUEST_BUDGET: usize = 800;
/// Due rows read per drain.
const DRAIN_BATCH: usize = 100;

fn backoff_ms(attempts: u32) -> u64 {
    (1000u64 << attempts.min(16)).min(MAX_BACKOFF_MS)
}

/// How long a channel's posts wait after its `attempts`-th refused post (counting from 0).
pub fn refused_backoff_ms(attempts: u32) -> u64 {
    REFUSED_FIRST_RETRY_MS
        .saturating_mul(1u64 << attempts.min(20))
        .min(REFUSED_MAX_RETRY_MS)
}

/// A sliding-window count of the outbox's requests Discord answered 401, 403 or 429.
/// Once those (and the requests in flight) reach [`INVALID_REQUEST_BUDGET`] within
/// [`INVALID_REQUEST_WINDOW`], no request is made until the oldest leaves the window.
#[derive(Debug, Default)]
pub struct Breaker {
    /// When each invalid answer came, oldest first (within the window).
    invalid: VecDeque<Instant>,
    /// Requests made and not answered yet.
    in_flight: usize,
}

impl Breaker {
    fn forget_before(&mut self, now: Instant) {
        while let Some(&oldest) = self.invalid.front() {
            if now.saturating_duration_since(oldest) < INVALID_REQUEST_WINDOW {
                break;
            }
            self.invalid.pop_front();
        }
    }

    /// Reserves a request at `now`; false when the budget is spent.
    pub fn try_reserve(&mut self, now: Instant) -> bool {
        self.forget_before(now);
        if self.invalid.len() + self.in_flight >= INVALID_REQUEST_BUDGET {
            return false;
        }
        self.in_flight += 1;
        true
    }

    /// Records the answer to a reserved request (`invalid`: 401, 403 or 429).
    pub fn settle(&mut self, now: Instant, invalid: bool) {
        self.in_flight = self.in_flight.saturating_sub(1);
        if invalid {
            self.invalid.push_back(now);
        }
    }

    /// How long until a request may be made again; `None` when it may now.
    pub fn wait(&mut self, now: Instant) -> Option<Duration> {
        self.forget_before(now);
        if self.invalid.len() + self.in_flight < INVALID_REQUEST_BUDGET {
            return None;
        }
        Some(match self.invalid.front() {
            Some(&oldest) => (oldest + INVALID_REQUEST_WINDOW).saturating_duration_since(now),
            // Only requests in flight: they answer soon.
            None => Duration::from_millis(50),
        })
    }

    /// The invalid answers within the window at `now`.
    pub fn invalid_answers(&mut self, now: Instant) -> usize {
        self.forget_before(now);
        self.invalid.len()
    }
}

/// A request reserved in the breaker: settled when answered, or as valid if dropped
/// unanswered (its handler was cancelled).
struct Reservation<'a> {
    sender: &'a Sender,
    settled: bool,
}

impl Reservation<'_> {
    fn settle(mut self, invalid: bool) {
        self.settled = true;
        self.sender.breaker().settle(Instant::now(), invalid);
    }
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        if !self.settled {
            self.sender.breaker().settle(Instant::now(), false);
        }
    }
}

/// What the sender remembers about a channel where a permission is missing or a post
/// was refused (in memory: a restart forgets it, at the cost of one more try).
#[derive(Debug, Default)]
struct Trouble {
    /// The permissions the last interaction here reported, when a needed one was missing
    /// (the background loop decides on pictures by it).
    reported: Option<Reported>,
    /// The channel's posts wait until then.
    hold: Option<Hold>,
    /// Who was told what about this channel (user, sentence), while it lasts.
    told: HashSet<(UserId, String)>,
}

impl Trouble {
    fn is_empty(&self) -> bool {
        self.reported.is_none() && self.hold.is_none() && self.told.is_empty()
    }
}

/// A channel's posts wait until `until_ms` (table time).
#[derive(Debug, Clone, Copy)]
struct Hold {
    until_ms: u64,
    /// The permissions reported when the hold began: a report of others lifts it.
    under: Option<serenity::Permissions>,
}

/// Why a pending row is dropped unsent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stale {
    /// Queued more than [`MAX_DELIVERY_AGE_MS`] ago.
    TooOld,
    /// A turn message with a newer turn message after it.
    Superseded,
    /// More than [`MAX_WAITING_POSTS`] posts wait in its channel; it is among the oldest.
    OverCap,
}

/// Sorts one channel's pending rows (oldest first) into those still worth sending and
/// those to drop, with why.
fn sort_out(rows: Vec<Pending>, now_ms: u64) -> (Vec<Pending>, Vec<(Pending, Stale)>) {
    let newest_turn = rows.iter().rposition(
        |p| matches!(&p.delivery, Delivery::Channel { prompts, .. } if !prompts.is_empty()),
    );
    // A live hand shows only its newest state: an older update waiting behind a newer
    // one for the same player and game is never sent.
    let hand_of = |p: &Pending| match &p.delivery {
        Delivery::Hand { user, game_id, .. } => Some((*user, *game_id)),
        _ => None,
    };
    let mut newest_hand: HashMap<(UserId, u64), usize> = HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        if let Some(key) = hand_of(row) {
            newest_hand.insert(key, i);
        }
    }
    let mut keep = Vec::new();
    let mut drop = Vec::new();
    for (i, row) in rows.into_iter().enumerate() {
        let old = row
            .queued_ms
            .is_some_and(|q| now_ms.saturating_sub(q) > MAX_DELIVERY_AGE_MS);
        let superseded = (newest_turn.is_some_and(|newest| i < newest)
            && matches!(&row.delivery, Delivery::Channel { prompts, .. } if !prompts.is_empty()))
            || hand_of(&row).is_some_and(|key| newest_hand.get(&key).is_some_and(|n| i < *n));
        if old {
            drop.push((row, Stale::TooOld));
        } else if superseded {
            drop.push((row, Stale::Superseded));
        } else {
            keep.push(row);
        }
    }
    let posts = keep
        .iter()
        .filter(|p| matches!(p.delivery, Delivery::Channel { .. }))
        .count();
    let mut excess = posts.saturating_sub(MAX_WAITING_POSTS);
    if excess > 0 {
        let mut kept = Vec::with_capacity(keep.len());
        for row in keep {
            if excess > 0 && matches!(row.delivery, Delivery::Channel { .. }) {
                excess -= 1;
                drop.push((row, Stale::OverCap));
            } else {
                kept.push(row);
            }
        }
        keep = kept;
    }
    (keep, drop)
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
    /// Channels with a missing permission or a refused post.
    troubles: Mutex<HashMap<ChannelId, Trouble>>,
    /// Discord's invalid answers to the outbox's requests, recently.
    breaker: Mutex<Breaker>,
    /// Archived games are forgotten this many days after they ended (0: never).
    keep_days: std::sync::atomic::AtomicU64,
    /// Each user's DM channel, so that it is opened once.
    dm_channels: crate::dm_channels::DmChannels,
}

/// How often the loop forgets archived games past their retention.
const RETENTION_SWEEP_EVERY: Duration = Duration::from_secs(3_600);

/// What sending one row came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Done,
    Retry {
        after_ms: u64,
    },
    /// The channel refused the post (403): the row waits until `until_ms`, its refused
    /// attempts now `attempts`.
    Refused {
        until_ms: u64,
        attempts: u32,
    },
    Drop,
    /// Not sent: the breaker holds requests; the row is left as it was.
    Held,
}

/// How a pass over one channel ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PassEnd {
    /// Every row was handled or left to wait.
    Done { posting_stopped: bool },
    /// The breaker holds requests: stop every pass.
    Held,
}

impl Sender {
    pub fn new(table: Arc<Table>) -> Self {
        Sender {
            table,
            inflight: Mutex::new(HashSet::new()),
            wake: tokio::sync::Notify::new(),
            released: tokio::sync::Notify::new(),
            guilds_known: Mutex::new(HashSet::new()),
            troubles: Mutex::new(HashMap::new()),
            breaker: Mutex::new(Breaker::default()),
            keep_days: std::sync::atomic::AtomicU64::new(0),
            dm_channels: crate::dm_channels::DmChannels::default(),
        }
    }

    /// Archived games are forgotten `days` after they ended (config `[archive]
    /// keep_days`; 0 keeps them): the loop sweeps at start and then hourly.
    pub fn keep_archive_days(&self, days: u64) {
        self.keep_days
            .store(days, std::sync::atomic::Ordering::Relaxed);
    }

    /// Forgets the archived games past their retention, if it is time to.
    async fn sweep_archive(&self, last: &mut Option<std::time::Instant>) {
        let days = self.keep_days.load(std::sync::atomic::Ordering::Relaxed);
        if days == 0 || last.is_some_and(|at| at.elapsed() < RETENTION_SWEEP_EVERY) {
            return;
        }
        *last = Some(std::time::Instant::now());
        let table = self.table.clone();
        let forgotten = tokio::task::spawn_blocking(move || table.forget_old_games(days))
            .await
            .unwrap_or(0);
        if forgotten > 0 {
            tracing::info!(
                forgotten,
                days,
                "archived games past their retention forgotten"
            );
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

    fn breaker(&self) -> MutexGuard<'_, Breaker> {
        self.breaker.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn troubles(&self) -> MutexGuard<'_, HashMap<ChannelId, Trouble>> {
        self.troubles.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Makes `request` unless the breaker holds requests, and counts its answer.
    async fn guarded<R>(
        &self,
        request: impl Future<Output = Result<R, SendError>>,
    ) -> Result<R, SendError> {
        if !self.breaker().try_reserve(Instant::now()) {
            return Err(SendError::Held);
        }
        let reservation = Reservation {
            sender: self,
            settled: false,
        };
        let result = request.await;
        reservation.settle(
            result
                .as_ref()
                .err()
                .is_some_and(SendError::is_invalid_request),
        );
        result
    }

    /// Sends a DM at once, outside the outbox (the seating test DM), counted by the
    /// breaker like every other request.
    pub async fn dm_now<T: Transport>(
        &self,
        transport: &T,
        user: u64,
        message: serenity::CreateMessage,
    ) -> Result<u64, SendError> {
        self.guarded(self.dm_channels.send(transport, user, message))
            .await
            .map(|(_, sent)| sent)
    }

    /// How long until the breaker lets requests through again (`None`: it does now).
    pub fn breaker_wait(&self) -> Option<Duration> {
        self.breaker().wait(Instant::now())
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
        let end = self
            .channel_pass(transport, channel, Some(actor), None, &mut replies)
            .await;
        // A store failure left these unstored: send them once, best effort (channel posts
        // only if this pass could post).
        let now = self.table.now_ms();
        for d in unstored {
            if matches!(d, Delivery::Channel { .. })
                && end
                    != (PassEnd::Done {
                        posting_stopped: false,
                    })
            {
                continue;
            }
            let p = Pending {
                channel,
                attempts: 0,
                due_ms: now,
                queued_ms: Some(now),
                delivery: d,
            };
            let known = actor.reported();
            self.send_row(transport, p, Some(actor), known, None, &mut replies)
                .await;
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
    /// first, channel by channel. Returns how many due rows it read (nothing while the
    /// breaker holds requests).
    pub async fn drain<T: Transport>(&self, transport: &T) -> usize {
        if self.breaker_wait().is_some() {
            return 0;
        }
        let table = self.table.clone();
        let (due, now) = tokio::task::spawn_blocking(move || {
            let now = table.now_ms();
            (table.pending(now, DRAIN_BATCH), now)
        })
        .await
        .unwrap_or_default();
        let n = due.len();
        let mut channels: Vec<ChannelId> = Vec::new();
        for p in &due {
            if !channels.contains(&p.channel) {
                channels.push(p.channel);
            }
        }
        let mut ignored = Vec::new();
        for channel in channels {
            let end = self
                .channel_pass(transport, channel, None, Some(now), &mut ignored)
                .await;
            if end == PassEnd::Held {
                return 0;
            }
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
    /// next row or timer is due (or 30 s, or a wake-up, or the breaker lets requests
    /// through again), until `stop` resolves.
    pub async fn run<T: Transport>(&self, transport: &T, stop: impl Future<Output = ()>) {
        tokio::pin!(stop);
        let mut swept = None;
        loop {
            self.sweep_archive(&mut swept).await;
            self.fire_timers().await;
            while self.drain(transport).await >= DRAIN_BATCH {}
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
            let mut wait = next
                .map(|due| due.saturating_sub(now))
                .unwrap_or(30_000)
                .clamp(50, 30_000);
            if let Some(held) = self.breaker_wait() {
                // Timers still fire meanwhile (they only store rows).
                wait = wait.max(
                    u64::try_from(held.as_millis())
                        .unwrap_or(u64::MAX)
                        .min(30_000),
                );
            }
            tokio::select! {
                _ = &mut stop => return,
                _ = self.wake.notified() => {}
                _ = tokio::time::sleep(Duration::from_millis(wait)) => {}
            }
        }
    }

    /// One pass over a channel's pending rows, oldest first (`due_by`: only those due by
    /// then — the background loop; `None`: all — after a command). Drops stale rows,
    /// decides from the reported permissions and the channel's hold whether to try its
    /// posts, stops posting at the first refusal, and tells the actor once why posts wait.
    async fn channel_pass<T: Transport>(
        &self,
        transport: &T,
        channel: ChannelId,
        actor: Option<Actor>,
        due_by: Option<u64>,
        replies: &mut Vec<String>,
    ) -> PassEnd {
        let table = self.table.clone();
        let (rows, now) =
            tokio::task::spawn_blocking(move || (table.pending_in(channel), table.now_ms()))
                .await
                .unwrap_or_default();
        let rows = self.drop_stale(channel, rows, now).await;
        let report = actor.and_then(|a| a.reported());
        let (may_post, known) = self.plan(channel, report, now);
        let mut posting_stopped = !may_post;
        let mut waiting: Vec<(u64, u32, u64)> = Vec::new();
        let mut refused = None;
        let mut posted = false;
        for row in rows {
            if due_by.is_some_and(|by| row.due_ms > by) {
                continue;
            }
            let is_post = matches!(row.delivery, Delivery::Channel { .. });
            if is_post && posting_stopped {
                if let Some(id) = row.delivery.outbox() {
                    waiting.push((id, row.attempts, row.due_ms));
                }
                continue;
            }
            match self
                .send_row(transport, row, actor, known, due_by, replies)
                .await
            {
                Some(Outcome::Held) => return PassEnd::Held,
                Some(Outcome::Refused { until_ms, attempts }) => {
                    posting_stopped = true;
                    refused = Some((until_ms, attempts));
                }
                Some(Outcome::Done) if is_post => posted = true,
                _ => {}
            }
        }
        if posted {
            self.posted_in(channel);
        }
        if refused.is_some() || !waiting.is_empty() {
            let until = self.hold(channel, report, refused.map(|r| r.0), &waiting, now);
            // The rows that wait share the refusals counted so far, so the backoff keeps
            // growing whichever of them is tried next (or dropped as stale).
            let refusals = refused.map_or(0, |r| r.1);
            let later: Vec<(u64, u32, u64)> = waiting
                .iter()
                .filter(|(_, attempts, due)| *due < until || *attempts < refusals)
                .map(|(id, attempts, due)| (*id, (*attempts).max(refusals), (*due).max(until)))
                .collect();
            if !later.is_empty() {
                let table = self.table.clone();
                let _ = tokio::task::spawn_blocking(move || {
                    for (id, attempts, due) in later {
                        table.retry_later(id, due, attempts);
                    }
                })
                .await;
            }
            if let Some(actor) = actor {
                let known = known.map(|k| k.permissions);
                let lang = self.person_lang(actor.user).await;
                let notice = missing_permission_notice(lang, known, actor.in_thread);
                self.tell_once(channel, actor.user, notice, replies);
            }
        }
        PassEnd::Done { posting_stopped }
    }

    /// Drops the rows of one channel no longer worth sending (see [`sort_out`]), with a
    /// log line each; returns the others, oldest first. A row being sent is left alone.
    async fn drop_stale(&self, channel: ChannelId, rows: Vec<Pending>, now: u64) -> Vec<Pending> {
        let (keep, stale) = sort_out(rows, now);
        let mut done = Vec::new();
        for (row, why) in stale {
            let Some(id) = row.delivery.outbox() else {
                continue;
            };
            if !self.claim(id) {
                continue;
            }
            match why {
                Stale::TooOld => tracing::warn!(
                    channel,
                    id,
                    queued_ms = row.queued_ms,
                    "delivery dropped: not sent within {} days",
                    MAX_DELIVERY_AGE_MS / 86_400_000
                ),
                Stale::Superseded => tracing::info!(
                    channel,
                    id,
                    "turn message or hand dropped unsent: a newer one replaces it"
                ),
                Stale::OverCap => tracing::warn!(
                    channel,
                    id,
                    "post dropped unsent: more than {MAX_WAITING_POSTS} wait in the channel"
                ),
            }
            done.push(id);
        }
        if !done.is_empty() {
            let table = self.table.clone();
            let ids = done.clone();
            let _ = tokio::task::spawn_blocking(move || {
                for id in ids {
                    table.delivered(id);
                }
            })
            .await;
            for id in done {
                self.release(id);
            }
        }
        keep
    }

    /// Notes what an interaction in `channel` reports of the bot's permissions there,
    /// before its command runs: a background pass sending the command's messages meanwhile
    /// then goes by the fresh report, not an older one (a picture left off for an Attach
    /// Files permission given back since).
    pub fn note_permissions(&self, channel: ChannelId, actor: &Actor) {
        if let Some(report) = actor.reported() {
            Self::note_report(&mut self.troubles(), channel, report);
        }
    }

    fn note_report(troubles: &mut HashMap<ChannelId, Trouble>, channel: ChannelId, r: Reported) {
        if r.complete() {
            if let Some(t) = troubles.get_mut(&channel) {
                t.reported = None;
                t.told.clear();
            }
        } else {
            troubles.entry(channel).or_default().reported = Some(r);
        }
    }

    /// Whether this pass may try the channel's posts, and the permissions known there
    /// (`report`, else what an earlier interaction reported). Notes `report`.
    fn plan(
        &self,
        channel: ChannelId,
        report: Option<Reported>,
        now: u64,
    ) -> (bool, Option<Reported>) {
        let mut troubles = self.troubles();
        if let Some(r) = report {
            Self::note_report(&mut troubles, channel, r);
        }
        let trouble = troubles.get(&channel);
        let known = report.or(trouble.and_then(|t| t.reported));
        let held = trouble.and_then(|t| t.hold).is_some_and(|h| {
            h.until_ms > now && report.is_none_or(|r| Some(r.permissions) == h.under)
        });
        if trouble.is_some_and(Trouble::is_empty) {
            troubles.remove(&channel);
        }
        let lacking = report.is_some_and(|r| !r.can_post());
        (!held && !lacking, known)
    }

    /// Holds the channel's posts (after a refusal, or while the reported permissions lack
    /// what posting needs) and returns until when. A refusal sets it from the refused
    /// row's backoff; otherwise a hold still running is kept, else one is begun from the
    /// waiting rows' attempts.
    fn hold(
        &self,
        channel: ChannelId,
        report: Option<Reported>,
        refused_until: Option<u64>,
        waiting: &[(u64, u32, u64)],
        now: u64,
    ) -> u64 {
        let mut troubles = self.troubles();
        let trouble = troubles.entry(channel).or_default();
        let running = trouble.hold.filter(|h| h.until_ms > now);
        let until = match (refused_until, running) {
            (Some(until), _) => until,
            (None, Some(h)) => h.until_ms,
            (None, None) => {
                let attempts = waiting.iter().map(|(_, a, _)| *a).max().unwrap_or(0);
                now.saturating_add(refused_backoff_ms(attempts))
            }
        };
        let under = report
            .map(|r| r.permissions)
            .or_else(|| trouble.hold.and_then(|h| h.under));
        trouble.hold = Some(Hold {
            until_ms: until,
            under,
        });
        until
    }

    /// A post went out in `channel`: its hold ends, and whoever was told it could not
    /// post may be told again if it happens again.
    fn posted_in(&self, channel: ChannelId) {
        let mut troubles = self.troubles();
        if let Some(t) = troubles.get_mut(&channel) {
            t.hold = None;
            let pictures = Lang::ALL.map(picture_permission_notice);
            t.told.retain(|(_, sentence)| pictures.contains(sentence));
            if t.is_empty() {
                troubles.remove(&channel);
            }
        }
    }

    /// Adds `sentence` to the replies unless `user` was told it about `channel` already.
    fn tell_once(
        &self,
        channel: ChannelId,
        user: UserId,
        sentence: String,
        replies: &mut Vec<String>,
    ) {
        let mut troubles = self.troubles();
        let told = &mut troubles.entry(channel).or_default().told;
        if told.insert((user, sentence.clone())) && !replies.contains(&sentence) {
            replies.push(sentence);
        }
    }

    /// Sends one row: claims it, reads it again (it may have been delivered or put off
    /// meanwhile), sends it and records the outcome. `None`: not sent by this call (being
    /// sent by another task, no longer pending, or no longer due by `due_by`).
    async fn send_row<T: Transport>(
        &self,
        transport: &T,
        row: Pending,
        actor: Option<Actor>,
        known: Option<Reported>,
        due_by: Option<u64>,
        replies: &mut Vec<String>,
    ) -> Option<Outcome> {
        let id = row.delivery.outbox();
        let row = match id {
            Some(id) => {
                if !self.claim(id) {
                    // Another task is sending it (the background loop): wait for it, so that
                    // whoever acted is answered only after the channel shows their move.
                    self.wait_released(id).await;
                    return None;
                }
                let table = self.table.clone();
                let now = tokio::task::spawn_blocking(move || table.pending_row(id))
                    .await
                    .ok()
                    .flatten();
                match now {
                    Some(now) if due_by.is_none_or(|by| now.due_ms <= by) => now,
                    _ => {
                        self.release(id);
                        return None;
                    }
                }
            }
            None => row,
        };
        let outcome = self.send_one(transport, &row, actor, known, replies).await;
        if let Some(id) = id {
            let table = self.table.clone();
            let attempts = row.attempts + 1;
            let _ = tokio::task::spawn_blocking(move || match outcome {
                Outcome::Done | Outcome::Drop => table.delivered(id),
                Outcome::Retry { after_ms } => {
                    table.retry_later(id, table.now_ms() + after_ms, attempts)
                }
                Outcome::Refused { until_ms, attempts } => {
                    table.retry_later(id, until_ms, attempts)
                }
                Outcome::Held => {}
            })
            .await;
            self.release(id);
            if matches!(outcome, Outcome::Retry { .. }) {
                // The background loop may be asleep for longer than the backoff.
                self.notify();
            }
        }
        Some(outcome)
    }

    async fn send_one<T: Transport>(
        &self,
        transport: &T,
        row: &Pending,
        actor: Option<Actor>,
        known: Option<Reported>,
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
                lobby,
                outbox,
            } => {
                let lang = self.channel_lang(channel).await;
                let mut text = summary.as_deref().unwrap_or(text).to_string();
                if *link_turn {
                    if let Some(link) = self.turn_link(channel).await {
                        text.push(' ');
                        text.push_str(&words::text(
                            lang,
                            "reply-go-to-turn",
                            &[("link", link.into())],
                        ));
                    }
                }
                let messages = channel_messages(
                    lang,
                    &text,
                    mentions,
                    prompts,
                    approval.as_ref(),
                    lobby.as_ref(),
                    channel,
                );
                let last = messages.len().saturating_sub(1);
                // Without Attach Files the picture is not even tried (a 403 saved).
                let files_allowed = known
                    .is_none_or(|k| k.permissions.contains(serenity::Permissions::ATTACH_FILES));
                let png = match picture {
                    Some(of) if files_allowed => self.picture(channel, *of).await,
                    _ => None,
                };
                let mut without_picture = picture.is_some() && !files_allowed;
                let mut posted = None;
                let stream = crate::nonce::channel_stream();
                let n = self.nonce_number(channel, &stream, *outbox).await;
                for (i, message) in messages.into_iter().enumerate() {
                    let message = match n {
                        Some(n) => message
                            .nonce(serenity::Nonce::String(crate::nonce::nonce(
                                channel,
                                &stream,
                                n,
                                &i.to_string(),
                            )))
                            .enforce_nonce(true),
                        None => message,
                    };
                    // The board picture goes on the last part (the one with the buttons).
                    let sent = match png.as_ref().filter(|_| i == last) {
                        Some(png) => {
                            match self
                                .guarded(transport.post_picture(channel, message.clone(), png))
                                .await
                            {
                                // Not allowed to attach files here, while Send Messages is
                                // known to be there: the message without its picture.
                                Err(SendError::Forbidden(_))
                                    if known.is_some_and(|k| k.can_post()) =>
                                {
                                    without_picture = true;
                                    self.guarded(transport.post(channel, message)).await
                                }
                                other => other,
                            }
                        }
                        None => self.guarded(transport.post(channel, message)).await,
                    };
                    match sent {
                        Ok(id) => posted = Some(id),
                        Err(e) => return self.channel_failure(e, row),
                    }
                }
                if without_picture {
                    if let Some(actor) = actor {
                        let notice = picture_permission_notice(self.person_lang(actor.user).await);
                        self.tell_once(channel, actor.user, notice, replies);
                    }
                }
                // A lobby message is the channel's live prompt until the game starts.
                let turn = if prompts.is_empty() && lobby.is_none() {
                    None
                } else {
                    posted
                };
                self.retire_turn_message(transport, channel, turn).await;
                Outcome::Done
            }
            Delivery::Private {
                user,
                text,
                game,
                outbox,
            } => {
                let user = *user;
                let acting = actor.is_some_and(|a| a.user == user);
                let Some(closed_game) = self.dm_allowed(channel, user, acting).await else {
                    return Outcome::Drop;
                };
                let lang = self.person_lang(user).await;
                let header = self.dm_header(lang, channel, game.as_deref()).await;
                let content = format!("{header}\n{text}");
                // Never the same DM twice in a row (a repeated news line).
                let last_note = last_dm_note(user);
                let digest = digest(&content);
                if self.note(channel, &last_note).await == Some(digest) {
                    tracing::info!(channel, user, "DM dropped: the same as the last one");
                    return Outcome::Drop;
                }
                let stream = crate::nonce::dm_stream(user);
                let n = self.nonce_number(channel, &stream, *outbox).await;
                for (i, chunk) in split_message(&content, LIMIT).into_iter().enumerate() {
                    let mut message = crate::messages::dm_message(chunk);
                    if let Some(n) = n {
                        let nonce = crate::nonce::nonce(channel, &stream, n, &i.to_string());
                        message = message
                            .nonce(serenity::Nonce::String(nonce))
                            .enforce_nonce(true);
                    }
                    let sent = self.dm_channels.send(transport, user, message);
                    if let Err(e) = self.guarded(sent).await {
                        return self.dm_failure(e, row, user, acting, text, replies).await;
                    }
                }
                self.put_note(channel, &last_note, digest).await;
                if closed_game.is_some() {
                    // They opened their DMs again.
                    self.clear_note(channel, &dm_closed_note(user)).await;
                }
                Outcome::Done
            }
            Delivery::Hand {
                user,
                game_id,
                game,
                text,
                news,
                outbox,
            } => {
                let user = *user;
                let acting = actor.is_some_and(|a| a.user == user);
                let Some(closed_game) = self.dm_allowed(channel, user, acting).await else {
                    return Outcome::Drop;
                };
                let lang = self.person_lang(user).await;
                let header = self.dm_header(lang, channel, Some(game)).await;
                let body = table::hand_body_in(lang, text, news);
                let content = crate::messages::cut(&format!("{header}\n{body}"), LIMIT);
                let outcome = self
                    .send_hand(transport, row, user, *game_id, content, *outbox)
                    .await;
                let outcome = match outcome {
                    Ok(()) => Outcome::Done,
                    Err(e) => return self.dm_failure(e, row, user, acting, &body, replies).await,
                };
                if closed_game.is_some() {
                    self.clear_note(channel, &dm_closed_note(user)).await;
                }
                outcome
            }
            Delivery::Ephemeral { text, .. } => {
                replies.push(text.clone());
                Outcome::Done
            }
        }
    }

    /// Whether a DM to `user` is worth trying: `None` when their DMs were found closed
    /// in this game and they are not the one acting (they were told once and read it on
    /// demand; DMs are tried again when they next act). `Some` holds the game in which
    /// they were found closed, if any.
    async fn dm_allowed(
        &self,
        channel: ChannelId,
        user: UserId,
        acting: bool,
    ) -> Option<Option<u64>> {
        let game = self.game_id(channel).await;
        let closed_game = self.note(channel, &dm_closed_note(user)).await;
        if !acting && closed_game.is_some() && closed_game == game {
            return None;
        }
        Some(closed_game)
    }

    /// What a failed DM comes to: closed DMs are noted (one channel notice per game) and
    /// the actor gets `text` privately; rate limits and network trouble are tried again.
    async fn dm_failure(
        &self,
        e: SendError,
        row: &Pending,
        user: UserId,
        acting: bool,
        text: &str,
        replies: &mut Vec<String>,
    ) -> Outcome {
        let channel = row.channel;
        match e {
            SendError::DmClosed => {
                if acting {
                    let lang = self.person_lang(user).await;
                    let why = words::text(lang, "reply-dm-closed-here-it-is", &[]);
                    replies.push(format!("{why}\n{text}"));
                }
                self.dm_closed(channel, user).await;
                Outcome::Drop
            }
            SendError::Held => Outcome::Held,
            SendError::RateLimited { after_ms } => {
                tracing::warn!(channel, user, "DM rate limited; will retry");
                Outcome::Retry {
                    after_ms: after_ms.max(backoff_ms(row.attempts)),
                }
            }
            SendError::Transient { after_ms, why } => {
                tracing::warn!(channel, user, %why, "DM failed; will retry");
                Outcome::Retry {
                    after_ms: after_ms.max(backoff_ms(row.attempts)),
                }
            }
            e => {
                tracing::warn!(channel, user, error = ?e, "DM dropped");
                if acting {
                    let lang = self.person_lang(user).await;
                    let why = words::text(lang, "reply-dm-failed-here-it-is", &[]);
                    replies.push(format!("{why}\n{text}"));
                }
                Outcome::Drop
            }
        }
    }

    /// Shows `content` in `user`'s live hand of game `game_id`: an edit of the DM that
    /// holds it, or a new DM at the game's first hand — or once more when that DM is gone
    /// (10008 Unknown Message, 10003 Unknown Channel: deleted, or the DM channel closed).
    /// An edit that would change nothing is not made.
    async fn send_hand<T: Transport>(
        &self,
        transport: &T,
        row: &Pending,
        user: UserId,
        game_id: u64,
        content: String,
        outbox: Option<u64>,
    ) -> Result<(), SendError> {
        let channel = row.channel;
        let note = live_hand_note(user);
        let digest = digest(&content);
        let live = self
            .note_bytes(channel, &note)
            .await
            .and_then(|b| LiveHand::decode(&b))
            .filter(|l| l.game_id == game_id);
        if let Some(live) = live {
            if live.digest == digest {
                return Ok(());
            }
            match self
                .guarded(transport.edit_text(live.dm, live.message, content.clone()))
                .await
            {
                Ok(()) => {
                    let now = LiveHand { digest, ..live };
                    self.put_note_bytes(channel, &note, now.encode()).await;
                    return Ok(());
                }
                Err(SendError::Gone(code)) => {
                    tracing::info!(
                        channel,
                        user,
                        code,
                        "the live hand is gone; sending it anew"
                    );
                }
                Err(e) => return Err(e),
            }
        }
        let mut message = crate::messages::dm_message(content);
        let stream = crate::nonce::dm_stream(user);
        if let Some(n) = self.nonce_number(channel, &stream, outbox).await {
            let nonce = crate::nonce::nonce(channel, &stream, n, "h");
            message = message
                .nonce(serenity::Nonce::String(nonce))
                .enforce_nonce(true);
        }
        let sent = self.dm_channels.send(transport, user, message);
        let (dm, message) = self.guarded(sent).await?;
        let live = LiveHand {
            game_id,
            dm,
            message,
            digest,
        };
        self.put_note_bytes(channel, &note, live.encode()).await;
        Ok(())
    }

    /// What a failed channel post comes to (the pass tells the actor about a refusal).
    fn channel_failure(&self, e: SendError, row: &Pending) -> Outcome {
        let channel = row.channel;
        match e {
            SendError::Forbidden(code) => {
                let wait_ms = refused_backoff_ms(row.attempts);
                let until_ms = self.table.now_ms().saturating_add(wait_ms);
                tracing::warn!(
                    channel,
                    code,
                    attempts = row.attempts + 1,
                    "missing permission in the channel; its posts wait {} s",
                    wait_ms / 1000
                );
                Outcome::Refused {
                    until_ms,
                    attempts: row.attempts + 1,
                }
            }
            SendError::Held => Outcome::Held,
            SendError::RateLimited { after_ms } => {
                tracing::warn!(channel, "post rate limited; will retry");
                Outcome::Retry {
                    after_ms: after_ms.max(backoff_ms(row.attempts)),
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
            SendError::DmClosed | SendError::Refused { .. } => {
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
        let notice = Delivery::channel(dm_closed_notice(self.channel_lang(channel).await, user));
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
            // Over, or only bots (or seats the bot plays) awaited now: nobody has a move,
            // so no "Your move" button may stay live while they play.
            None if self.game_id(channel).await.is_none()
                || !self.anyone_awaited(channel).await =>
            {
                live
            }
            None => None,
        };
        if let Some(old) = retire {
            if let Err(e) = self.guarded(transport.unbutton(channel, old)).await {
                tracing::info!(channel, message = old, error = ?e, "old turn message kept its buttons");
            }
        }
        match new_turn {
            Some(new) => self.put_note(channel, LIVE_TURN_NOTE, new).await,
            None if retire.is_some() => self.clear_note(channel, LIVE_TURN_NOTE).await,
            None => {}
        }
    }

    /// Whether a person at the table is awaited now (someone a turn message prompts).
    async fn anyone_awaited(&self, channel: ChannelId) -> bool {
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || !table.prompts(channel).is_empty())
            .await
            .unwrap_or(true)
    }

    async fn game_id(&self, channel: ChannelId) -> Option<u64> {
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || table.state_version(channel).map(|s| s.game_id))
            .await
            .ok()
            .flatten()
    }

    /// The number of outbox row `row` among `stream`'s posts (see `nonce.rs`); `None`
    /// for a message not from the outbox (no nonce).
    async fn nonce_number(
        &self,
        channel: ChannelId,
        stream: &str,
        row: Option<u64>,
    ) -> Option<u64> {
        let (table, stream, row) = (self.table.clone(), stream.to_string(), row?);
        tokio::task::spawn_blocking(move || crate::nonce::number(&table, channel, &stream, row))
            .await
            .ok()
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

    async fn note_bytes(&self, channel: ChannelId, name: &str) -> Option<Vec<u8>> {
        let table = self.table.clone();
        let name = name.to_string();
        tokio::task::spawn_blocking(move || table.note(channel, &name))
            .await
            .ok()
            .flatten()
    }

    async fn put_note_bytes(&self, channel: ChannelId, name: &str, value: Vec<u8>) {
        let table = self.table.clone();
        let name = name.to_string();
        let _ = tokio::task::spawn_blocking(move || table.put_note(channel, &name, &value)).await;
    }

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

    /// The language of `channel`'s posts: its choice, else its server's (the guild noted).
    async fn channel_lang(&self, channel: ChannelId) -> Lang {
        let guild = self.note(channel, GUILD_NOTE).await;
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || table.channel_lang(channel, guild))
            .await
            .unwrap_or_default()
    }

    /// The language `user` reads their DMs and private answers in.
    async fn person_lang(&self, user: UserId) -> Lang {
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || table.person_lang(user, None))
            .await
            .unwrap_or_default()
    }

    /// The first line of every DM, in the recipient's language `lang`: which game (`game`,
    /// else the channel's running game), in which channel, with a link to the live turn
    /// message.
    async fn dm_header(&self, lang: Lang, channel: ChannelId, game: Option<&str>) -> String {
        let game = match game {
            Some(game) => Some(game.to_string()),
            None => {
                let table = self.table.clone();
                tokio::task::spawn_blocking(move || table.game_in(channel))
                    .await
                    .ok()
                    .flatten()
            }
        };
        let title = match game.as_deref().and_then(rules::catalog::find) {
            Some(kind) => kind.title.to_string(),
            None => words::text(lang, "dm-header-your-game", &[]),
        };
        // A link to the live turn message, when its guild and id are known.
        let link = match self.turn_link(channel).await {
            Some(link) => words::text(lang, "dm-header-link", &[("link", link.into())]),
            None => String::new(),
        };
        words::text(
            lang,
            "dm-header",
            &[
                ("title", title.into()),
                ("channel", format!("<#{channel}>").into()),
                ("link", link.into()),
            ],
        )
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use table::{Caller, Command};

    /// Records what would have been sent; users in `closed` refuse DMs; `forbidden`
    /// refuses channel posts, `files_forbidden` those with a picture. Counts every
    /// channel post tried, refused or not.
    #[derive(Default)]
    pub struct FakeTransport {
        pub posts: Mutex<Vec<serde_json::Value>>,
        pub dms: Mutex<Vec<(u64, String)>>,
        pub unbuttoned: Mutex<Vec<u64>>,
        pub closed: Vec<u64>,
        pub forbidden: AtomicBool,
        pub files_forbidden: AtomicBool,
        pub tried: AtomicUsize,
        /// DMs (by id) that were deleted: editing them answers 10008.
        pub gone: Mutex<HashSet<u64>>,
    }

    impl FakeTransport {
        /// A DM to `user` (a post in their DM channel).
        async fn dm(&self, user: u64, message: serenity::CreateMessage) -> Result<u64, SendError> {
            if self.closed.contains(&user) {
                return Err(SendError::DmClosed);
            }
            let v = serde_json::to_value(&message).unwrap();
            let mut dms = self.dms.lock().unwrap();
            dms.push((user, v["content"].as_str().unwrap_or_default().to_string()));
            Ok(dms.len() as u64)
        }
    }

    impl Transport for FakeTransport {
        async fn post(
            &self,
            channel: u64,
            message: serenity::CreateMessage,
        ) -> Result<u64, SendError> {
            if let Some(user) = channel.checked_sub(1_000_000) {
                // A DM channel (see `open_dm`).
                return self.dm(user, message).await;
            }
            self.tried.fetch_add(1, Ordering::SeqCst);
            let v = serde_json::to_value(&message).unwrap();
            let with_picture = v["embeds"].as_array().is_some_and(|e| !e.is_empty());
            if self.forbidden.load(Ordering::SeqCst)
                || (with_picture && self.files_forbidden.load(Ordering::SeqCst))
            {
                return Err(SendError::Forbidden(50013));
            }
            let mut posts = self.posts.lock().unwrap();
            posts.push(v);
            Ok(posts.len() as u64)
        }
        async fn open_dm(&self, user: u64) -> Result<u64, SendError> {
            Ok(1_000_000 + user)
        }
        async fn edit_text(
            &self,
            _channel: u64,
            message: u64,
            content: String,
        ) -> Result<(), SendError> {
            if self.gone.lock().unwrap().contains(&message) {
                return Err(SendError::Gone(10008));
            }
            let mut dms = self.dms.lock().unwrap();
            match dms.get_mut(message as usize - 1) {
                Some(dm) => {
                    dm.1 = content;
                    Ok(())
                }
                None => Err(SendError::Gone(10008)),
            }
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

    /// A table on a clock the test moves.
    fn table_at(start_ms: u64) -> (tempfile::TempDir, Arc<Table>, Arc<table::ManualClock>) {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(storage::SledStore::open(dir.path()).unwrap());
        let clock = Arc::new(table::ManualClock::new(start_ms));
        let options = table::TableOptions {
            clock: clock.clone(),
            ..table::TableOptions::default()
        };
        (dir, Arc::new(Table::with_options(store, options)), clock)
    }

    fn act(table: &Table, user: u64, line: &str) -> Vec<Delivery> {
        let name = ["", "ana", "bruno", "carla"][user as usize];
        table.handle(9, &Caller::new(user, name), Command::parse(line))
    }

    fn actor(user: u64) -> Actor {
        Actor {
            user,
            permissions: None,
            in_thread: false,
        }
    }

    /// An actor whose interaction reported these permissions.
    fn reporting(user: u64, permissions: serenity::Permissions) -> Actor {
        Actor {
            user,
            permissions: Some(permissions),
            in_thread: false,
        }
    }

    fn all_needed() -> serenity::Permissions {
        NEEDED_PERMISSIONS
            .iter()
            .fold(serenity::Permissions::empty(), |all, (p, _)| all | *p)
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
        t.forbidden.store(true, Ordering::SeqCst);
        let replies = block(async {
            let d = act(&table, 1, "new countdown seed=3");
            let only_view = reporting(1, serenity::Permissions::VIEW_CHANNEL);
            sender.after_command(&t, 9, only_view, d).await.texts
        });
        assert_eq!(replies.len(), 1, "{replies:?}");
        assert!(
            replies[0].contains("Send Messages, Embed Links, Attach Files"),
            "{}",
            replies[0]
        );
        assert_eq!(
            t.tried.load(Ordering::SeqCst),
            0,
            "the interaction said Send Messages is missing: nothing was tried"
        );
        assert_eq!(table.pending_in(9).len(), 1, "kept pending");
        // Permission granted: the next interaction in the channel sends the backlog first.
        t.forbidden.store(false, Ordering::SeqCst);
        block(async {
            let d = act(&table, 2, "join");
            sender
                .after_command(&t, 9, reporting(2, all_needed()), d)
                .await
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

    #[test]
    fn a_row_delivered_after_it_was_read_is_not_sent_again() {
        let (_dir, table) = table();
        let sender = Sender::new(table.clone());
        let t = FakeTransport::default();
        act(&table, 1, "new countdown seed=3");
        // The background loop read the row…
        let read = table.pending(u64::MAX, 10);
        assert_eq!(read.len(), 1);
        let row = read[0].clone();
        // …a handler sent it and marked it done meanwhile…
        table.delivered(row.delivery.outbox().unwrap());
        // …and the loop gets to it: it is not sent again.
        let outcome = block(async {
            let mut replies = Vec::new();
            sender
                .send_row(&t, row, None, None, None, &mut replies)
                .await
        });
        assert_eq!(outcome, None);
        assert_eq!(t.tried.load(Ordering::SeqCst), 0, "{:?}", t.posts);
    }

    #[test]
    fn a_refused_post_stops_the_channel_and_its_retries_back_off_to_hours() {
        let start = 1_700_000_000_000;
        let (_dir, table, clock) = table_at(start);
        let sender = Sender::new(table.clone());
        let t = FakeTransport::default();
        t.forbidden.store(true, Ordering::SeqCst);
        for line in ["new countdown seed=3", "leave"].repeat(5) {
            act(&table, 1, line);
        }
        assert_eq!(table.pending_in(9).len(), 10);
        // Permissions not reported (the background loop): one try, then the pass stops.
        block(sender.drain(&t));
        assert_eq!(
            t.tried.load(Ordering::SeqCst),
            1,
            "the first 403 stops the pass"
        );
        // Every row waits; nothing is tried again before the backoff is over, whatever
        // comes in meanwhile (a command with unknown permissions, the loop).
        assert!(table.pending(start, 100).is_empty(), "all put off");
        block(async {
            let d = act(&table, 1, "new countdown seed=3");
            sender.after_command(&t, 9, actor(1), d).await;
            sender.drain(&t).await;
        });
        assert_eq!(t.tried.load(Ordering::SeqCst), 1);
        // Each refused try doubles the wait, up to hours.
        let mut waits = Vec::new();
        for _ in 0..12 {
            let before = table.now_ms();
            let due = table.pending_in(9).iter().map(|p| p.due_ms).min().unwrap();
            waits.push(due - before);
            clock.advance(due - before);
            block(sender.drain(&t));
        }
        assert_eq!(t.tried.load(Ordering::SeqCst), 13, "one try per wait");
        assert_eq!(waits[0], REFUSED_FIRST_RETRY_MS);
        assert_eq!(waits[1], 2 * REFUSED_FIRST_RETRY_MS);
        assert_eq!(waits[2], 4 * REFUSED_FIRST_RETRY_MS);
        assert_eq!(*waits.last().unwrap(), REFUSED_MAX_RETRY_MS);
        const { assert!(REFUSED_MAX_RETRY_MS >= 60 * 60 * 1000, "hours") };
        // A row never sent within the age limit ends, with a log line.
        clock.advance(MAX_DELIVERY_AGE_MS + 1);
        block(sender.drain(&t));
        assert!(table.pending_in(9).is_empty(), "too old: dropped");
    }

    #[test]
    fn a_newer_turn_message_supersedes_the_waiting_ones_and_few_posts_wait() {
        let (_dir, table) = table();
        let sender = Sender::new(table.clone());
        let t = FakeTransport::default();
        let no_send = reporting(1, serenity::Permissions::VIEW_CHANNEL);
        block(async {
            for line in ["new countdown seed=3", "leave"].repeat(10) {
                let d = act(&table, 1, line);
                sender.after_command(&t, 9, no_send, d).await;
            }
            for (u, line) in [(1, "new countdown seed=3"), (2, "join"), (1, "start")] {
                let d = act(&table, u, line);
                sender
                    .after_command(&t, 9, reporting(u, serenity::Permissions::VIEW_CHANNEL), d)
                    .await;
            }
            for _ in 0..6 {
                let Some((u, a)) =
                    (1..=2).find_map(|u| table.legal_actions(9, u).first().map(|a| (u, a.clone())))
                else {
                    break;
                };
                let d = act(&table, u, &a);
                sender
                    .after_command(&t, 9, reporting(u, serenity::Permissions::VIEW_CHANNEL), d)
                    .await;
            }
        });
        assert_eq!(t.tried.load(Ordering::SeqCst), 0);
        let posts: Vec<Pending> = table
            .pending_in(9)
            .into_iter()
            .filter(|p| matches!(p.delivery, Delivery::Channel { .. }))
            .collect();
        assert!(
            posts.len() <= MAX_WAITING_POSTS,
            "{} posts wait",
            posts.len()
        );
        let turns = posts
            .iter()
            .filter(
                |p| matches!(&p.delivery, Delivery::Channel { prompts, .. } if !prompts.is_empty()),
            )
            .count();
        assert_eq!(turns, 1, "only the latest turn message waits");
        // Allowed again: what waits goes out, the turn message last.
        block(async {
            sender
                .after_command(&t, 9, reporting(2, all_needed()), vec![])
                .await;
        });
        let sent = t.posts.lock().unwrap();
        assert_eq!(sent.len(), posts.len());
        assert!(!sent.last().unwrap()["components"]
            .as_array()
            .unwrap()
            .is_empty());
    }

    #[test]
    fn stale_rows_are_sorted_out_oldest_first() {
        let now = 10 * MAX_DELIVERY_AGE_MS;
        let turn = |id: u64| Pending {
            channel: 9,
            attempts: 0,
            due_ms: now,
            queued_ms: Some(now - 1_000),
            delivery: Delivery::Channel {
                text: format!("turn {id}"),
                mentions: vec![1],
                prompts: vec![table::TurnPrompt {
                    seat: 0,
                    user: 1,
                    name: "ana".into(),
                    state: table::StateVersion {
                        game_id: 1,
                        version: id,
                    },
                }],
                summary: None,
                picture: None,
                link_turn: false,
                approval: None,
                lobby: None,
                outbox: Some(id),
            },
        };
        let with = |id: u64, d: Delivery, queued: Option<u64>| {
            let mut d = d;
            if let Delivery::Channel { outbox, .. } | Delivery::Private { outbox, .. } = &mut d {
                *outbox = Some(id);
            }
            Pending {
                channel: 9,
                attempts: 0,
                due_ms: now,
                queued_ms: queued,
                delivery: d,
            }
        };
        let rows = vec![
            with(
                1,
                Delivery::channel("ancient"),
                Some(now - MAX_DELIVERY_AGE_MS - 1),
            ),
            turn(2),
            with(3, Delivery::ping("reminder", vec![1]), None),
            with(4, Delivery::private(1, "hand"), Some(now)),
            turn(5),
            with(6, Delivery::channel("after"), None),
        ];
        let (keep, drop) = sort_out(rows, now);
        let ids = |v: &[Pending]| {
            v.iter()
                .filter_map(|p| p.delivery.outbox())
                .collect::<Vec<_>>()
        };
        // The reminder stays: it pings someone (the cap bounds such posts).
        assert_eq!(ids(&keep), vec![3, 4, 5, 6]);
        let why: Vec<(u64, Stale)> = drop
            .iter()
            .map(|(p, w)| (p.delivery.outbox().unwrap(), *w))
            .collect();
        assert_eq!(why, vec![(1, Stale::TooOld), (2, Stale::Superseded)]);
        // Past the cap, the oldest posts go; DMs are not counted.
        let many: Vec<Pending> = (1..=MAX_WAITING_POSTS as u64 + 3)
            .map(|id| with(id, Delivery::channel(format!("post {id}")), None))
            .chain(std::iter::once(with(
                99,
                Delivery::private(1, "hand"),
                None,
            )))
            .collect();
        let (keep, drop) = sort_out(many, now);
        assert_eq!(keep.len(), MAX_WAITING_POSTS + 1);
        assert_eq!(
            ids(&drop.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>()),
            vec![1, 2, 3]
        );
        assert!(drop.iter().all(|(_, w)| *w == Stale::OverCap));
    }

    #[test]
    fn each_player_is_told_once_which_permission_is_missing() {
        let (_dir, table) = table();
        let sender = Sender::new(table.clone());
        let t = FakeTransport::default();
        let no_send = serenity::Permissions::VIEW_CHANNEL
            | serenity::Permissions::ATTACH_FILES
            | serenity::Permissions::EMBED_LINKS;
        let told = |replies: &[String]| {
            replies
                .iter()
                .filter(|r| r.contains("I am missing **Send Messages**"))
                .count()
        };
        block(async {
            let mut counts = Vec::new();
            for (u, line) in [
                (1, "new countdown seed=3"),
                (1, "status"),
                (2, "join"),
                (2, "leave"),
                (1, "status"),
            ] {
                let d = act(&table, u, line);
                let r = sender
                    .after_command(&t, 9, reporting(u, no_send), d)
                    .await
                    .texts;
                counts.push(told(&r));
            }
            assert_eq!(counts, vec![1, 0, 1, 0, 0], "once per player");
            // Fixed, then lost again: told again.
            let d = act(&table, 2, "join");
            let r = sender
                .after_command(&t, 9, reporting(2, all_needed()), d)
                .await
                .texts;
            assert_eq!(told(&r), 0);
            assert!(table.pending_in(9).is_empty());
            let d = act(&table, 2, "leave");
            let r = sender
                .after_command(&t, 9, reporting(2, no_send), d)
                .await
                .texts;
            assert_eq!(told(&r), 1);
        });
    }

    #[test]
    fn the_picture_is_left_off_without_attach_files_and_never_retried_bare_blind() {
        let (_dir, table) = table();
        let sender = Sender::new(table.clone());
        let t = FakeTransport::default();
        t.files_forbidden.store(true, Ordering::SeqCst);
        let no_files = all_needed() - serenity::Permissions::ATTACH_FILES;
        let replies = block(async {
            for (u, line) in [(1, "new palazzo seed=3"), (2, "join")] {
                let d = act(&table, u, line);
                sender
                    .after_command(&t, 9, reporting(u, all_needed()), d)
                    .await;
            }
            let d = act(&table, 1, "start");
            sender
                .after_command(&t, 9, reporting(1, no_files), d)
                .await
                .texts
        });
        let tried = t.tried.load(Ordering::SeqCst);
        let posts = t.posts.lock().unwrap().len();
        assert_eq!(tried, posts, "no post with a picture was tried");
        assert!(
            replies.contains(&picture_permission_notice(Lang::En)),
            "{replies:?}"
        );
    }

    #[test]
    fn a_refused_picture_is_not_retried_bare_unless_send_messages_is_known() {
        // Permissions unknown (the background loop after a restart) and the post with its
        // picture refused: no second, bare try, since Send Messages may be what is missing.
        let (_dir, table) = table();
        let t = FakeTransport::default();
        t.files_forbidden.store(true, Ordering::SeqCst);
        for (u, line) in [(1, "new palazzo seed=4"), (2, "join")] {
            act(&table, u, line);
        }
        for p in table.pending_in(9) {
            table.delivered(p.delivery.outbox().unwrap());
        }
        act(&table, 1, "start");
        let sender = Sender::new(table.clone());
        block(sender.drain(&t));
        assert_eq!(t.tried.load(Ordering::SeqCst), 1, "one refused try");
        assert!(t.posts.lock().unwrap().is_empty());
        // An interaction says Send Messages is there: the picture-less post follows.
        let replies = block(sender.after_command(&t, 9, reporting(2, all_needed()), vec![]));
        assert_eq!(
            t.tried.load(Ordering::SeqCst),
            3,
            "with, then without the picture"
        );
        assert_eq!(t.posts.lock().unwrap().len(), 1);
        assert!(replies.texts.contains(&picture_permission_notice(Lang::En)));
    }

    #[test]
    fn in_a_thread_send_messages_in_threads_stands_for_send_messages() {
        use serenity::Permissions as P;
        let have = P::VIEW_CHANNEL | P::SEND_MESSAGES_IN_THREADS | P::EMBED_LINKS | P::ATTACH_FILES;
        let in_thread = Actor::new(1, Some(have), Some(serenity::ChannelType::PublicThread));
        assert!(in_thread.in_thread);
        assert!(!Actor::new(1, Some(have), Some(serenity::ChannelType::Text)).in_thread);
        assert!(can_post(have, true) && !can_post(have, false));
        assert!(missing_permissions(Lang::En, have, true).is_empty());
        assert_eq!(
            missing_permissions(Lang::En, P::VIEW_CHANNEL, true),
            vec!["Send Messages in Threads", "Embed Links", "Attach Files"]
        );
        // The thread's post is tried: Send Messages itself is not needed there.
        let (_dir, table) = table();
        let sender = Sender::new(table.clone());
        let t = FakeTransport::default();
        let replies = block(async {
            let d = act(&table, 1, "new countdown seed=3");
            sender.after_command(&t, 9, in_thread, d).await.texts
        });
        assert_eq!(t.posts.lock().unwrap().len(), 1);
        assert!(
            replies.iter().all(|r| !r.contains("I am missing")),
            "{replies:?}"
        );
    }

    #[test]
    fn the_breaker_holds_requests_at_the_budget_and_reopens_as_the_window_moves() {
        let mut b = Breaker::default();
        let t0 = Instant::now();
        for i in 0..INVALID_REQUEST_BUDGET {
            assert!(b.try_reserve(t0), "request {i}");
            b.settle(t0, true);
        }
        assert!(!b.try_reserve(t0), "budget spent");
        assert_eq!(b.wait(t0), Some(INVALID_REQUEST_WINDOW));
        let later = t0 + INVALID_REQUEST_WINDOW;
        assert_eq!(b.wait(later), None);
        assert!(b.try_reserve(later));
        // Requests in flight count as if refused.
        let mut b = Breaker::default();
        for _ in 0..INVALID_REQUEST_BUDGET {
            assert!(b.try_reserve(t0));
        }
        assert!(!b.try_reserve(t0));
        b.settle(t0, false);
        assert!(b.try_reserve(t0));
        assert_eq!(b.invalid_answers(t0), 0);
    }

    #[test]
    fn invalid_answers_stay_under_the_budget_however_many_channels_refuse() {
        let (_dir, table) = table();
        let sender = Sender::new(table.clone());
        let t = FakeTransport::default();
        t.forbidden.store(true, Ordering::SeqCst);
        let payload = serde_json::to_vec(&Delivery::channel("hello")).unwrap();
        let channels = INVALID_REQUEST_BUDGET as u64 + 200;
        let rows: Vec<storage::NewOutbox> = (100..100 + channels)
            .map(|channel| storage::NewOutbox {
                channel,
                due_ms: 0,
                payload: payload.clone(),
            })
            .collect();
        table.store().enqueue(&rows).unwrap();
        block(async { while sender.drain(&t).await > 0 {} });
        assert_eq!(t.tried.load(Ordering::SeqCst), INVALID_REQUEST_BUDGET);
        assert!(sender.breaker_wait().is_some());
        // A command meanwhile is still answered; its post waits.
        let replies = block(async {
            let d = act(&table, 1, "new countdown seed=3");
            sender.after_command(&t, 9, actor(1), d).await
        });
        assert!(replies.texts.is_empty(), "{:?}", replies.texts);
        assert_eq!(t.tried.load(Ordering::SeqCst), INVALID_REQUEST_BUDGET);
        assert_eq!(table.pending_in(9).len(), 1);
    }

    /// `user` plays their first legal move.
    fn first_move(table: &Table, user: u64) -> Vec<Delivery> {
        let first = table.legal_actions(9, user)[0].clone();
        act(table, user, &first)
    }

    /// The user awaited in channel 9.
    fn awaited_user(table: &Table) -> Option<u64> {
        table.prompts(9).first().map(|p| p.user)
    }

    #[test]
    fn a_live_hand_is_edited_in_place_coalesced_and_sent_again_once_when_gone() {
        let (_dir, table) = table();
        let sender = Sender::new(table.clone());
        let t = FakeTransport::default();
        block(async {
            for (u, line) in [(1, "new palazzo seed=3"), (2, "join"), (1, "start")] {
                let d = act(&table, u, line);
                sender.after_command(&t, 9, actor(u), d).await;
            }
        });
        let users = |t: &FakeTransport| {
            t.dms
                .lock()
                .unwrap()
                .iter()
                .map(|d| d.0)
                .collect::<Vec<_>>()
        };
        assert_eq!(users(&t), vec![1, 2], "one live hand each");
        // Moves pile up unsent: only the newest hand of each player goes, as an edit.
        let mut waiting = 0;
        for _ in 0..8 {
            let Some(u) = awaited_user(&table) else { break };
            waiting += first_move(&table, u)
                .iter()
                .filter(|d| matches!(d, Delivery::Hand { .. }))
                .count();
        }
        assert!(waiting > 2, "{waiting} hand updates");
        block(sender.drain(&t));
        assert_eq!(users(&t), vec![1, 2], "edited, no new DM");
        assert!(table.pending_in(9).is_empty());
        let shows = |t: &FakeTransport, user: u64| {
            let dms = t.dms.lock().unwrap();
            let dm = dms.iter().rev().find(|d| d.0 == user).unwrap().1.clone();
            dm.split_once('\n').unwrap().1.to_string()
        };
        for user in [1, 2] {
            let view = table.handle(9, &Caller::new(user, "x"), Command::Hand);
            assert_eq!(shows(&t, user), view[0].text(), "{user}'s live hand");
        }
        // Ana's live hand is deleted: her next change sends it anew, once.
        t.gone.lock().unwrap().insert(1);
        let before = shows(&t, 1);
        for _ in 0..40 {
            let Some(u) = awaited_user(&table) else { break };
            let d = first_move(&table, u);
            block(sender.after_command(&t, 9, actor(u), d));
            if users(&t).len() > 2 && shows(&t, 1) != before {
                break;
            }
        }
        assert_eq!(users(&t), vec![1, 2, 1], "sent again once");
        // And edited from then on: no further DM for her.
        let again = shows(&t, 1);
        let mut edited = false;
        for _ in 0..40 {
            let Some(u) = awaited_user(&table) else { break };
            let d = first_move(&table, u);
            block(sender.after_command(&t, 9, actor(u), d));
            edited |= shows(&t, 1) != again;
        }
        assert!(edited, "her new live hand was edited");
        assert_eq!(users(&t), vec![1, 2, 1], "no further DM");
    }
}
