//! Durable storage of channel games behind the [`Store`] trait.
//!
//! Per channel: metadata ([`Meta`]: game, seats ↔ users, host, status, times, schema
//! version), a recent snapshot (the state after some action) and an append-only action
//! log; the log entries after the snapshot rebuild the current state. An action's log
//! entry, metadata (and snapshot, when it has one) are written in one transaction and
//! flushed before [`Store::commit`] returns, so a reply is only ever sent for a durable
//! action.
//! Games are loaded one channel at a time, on demand. A record that cannot be decoded is
//! moved to quarantine (kept, with the reason) instead of crashing anything; a store or
//! record written by a newer build is refused ([`StoreError::Newer`]), never set aside.

pub mod admin;
pub mod codec;
pub mod copy;
pub mod pg;
pub mod ratings;
mod record;
mod sled_store;
mod wal;

pub use pg::PgStore;
pub use ratings::{
    season_ladder, season_seed, server_ladder, Archived, Rated, RatedGame, RatedPlayer, RatedSeat,
    RatingChange, RatingEntry, RatingRow, GLOBAL_LADDER,
};
pub use sled_store::{
    exit_after_failed_sync, SledStore, StoreOptions, CHECKPOINT_BYTES, DEFAULT_CACHE_BYTES,
    DEFAULT_FLUSH_GAP, FAILED_SYNC_EXIT_CODE, LAYOUT_VERSION,
};

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A channel (Discord channel id, or any number for the local table).
pub type ChannelId = u64;
/// A user (Discord user id, or any number for the local table).
pub type UserId = u64;

/// The metadata schema this build writes and reads.
pub const SCHEMA_VERSION: u32 = 1;

/// Where a channel's table is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Gathering players.
    Lobby,
    Running,
    Finished,
    Abandoned,
}

/// A seated player: a person, or a bot the host added ([`SeatedUser::bot`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatedUser {
    pub user: UserId,
    pub name: String,
    /// A bot's level; `None` for a person. A bot's `user` is a [`bot_user`] id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<BotLevel>,
}

impl SeatedUser {
    /// A person in a seat.
    pub fn person(user: UserId, name: impl Into<String>) -> Self {
        SeatedUser {
            user,
            name: name.into(),
            bot: None,
        }
    }

    /// Whether a bot plays this seat.
    pub fn is_bot(&self) -> bool {
        self.bot.is_some()
    }
}

// --- Bot seats -------------------------------------------------------------------

/// How strong a bot seat plays (the `ai` crate's searching levels; `storage` names them
/// so that a seat can be stored without depending on the bots).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum BotLevel {
    Easy,
    Normal,
    Hard,
}

impl BotLevel {
    /// Every level, weakest first.
    pub const ALL: [BotLevel; 3] = [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard];

    /// The level's word (`normal`), as [`BotLevel::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            BotLevel::Easy => "easy",
            BotLevel::Normal => "normal",
            BotLevel::Hard => "hard",
        }
    }

    /// Reads a level's word (case-insensitive), in English or Spanish (`fácil`,
    /// `difícil`, with or without the accent).
    pub fn parse(text: &str) -> Option<BotLevel> {
        let text = text.trim().to_lowercase();
        match text.as_str() {
            "fácil" | "facil" => Some(BotLevel::Easy),
            "difícil" | "dificil" => Some(BotLevel::Hard),
            _ => BotLevel::ALL.into_iter().find(|l| l.name() == text),
        }
    }

    /// The stats key of a player's record against bots of this level (`vs-normal`): kept
    /// beside the per-game keys, so leaderboards rank people on games without bots.
    pub fn stats_key(self) -> String {
        format!("vs-{}", self.name())
    }
}

impl std::fmt::Display for BotLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The first user id given to bots. Discord ids are snowflakes below 2^63 (they fit an
/// `i64`), and the local table numbers its players from 1, so an id with the top bit set
/// is never a person's.
pub const BOT_USER_BASE: UserId = 1 << 63;

/// The user id of a table's `n`-th bot seat.
pub const fn bot_user(n: u64) -> UserId {
    BOT_USER_BASE | (n & (BOT_USER_BASE - 1))
}

/// Whether `user` is a bot's id (never turned into a mention or a DM).
pub const fn is_bot_user(user: UserId) -> bool {
    user & BOT_USER_BASE != 0
}

/// What a timeout does to the seat that ran out of time.
///
/// Stored by variant index in binary records: new variants go last, so settings stored
/// by older builds keep their meaning (index 0 is `Auto`, which then meant the fixed
/// move and now means the normal bot's: the upgrade of `auto`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TimeoutPolicy {
    /// The normal bot plays the seat's decisions of this turn, from that seat's own
    /// knowledge.
    Auto,
    /// The seat passes where the rules allow it, else makes the default move.
    Skip,
    /// The seat leaves; the game goes on if enough players remain, else it is abandoned.
    Drop,
    /// The seat makes the game's fixed default move (`Absent::Auto`, documented per game
    /// and decision): what `Auto` did before bots.
    Default,
    /// A normal bot takes the seat over until its player is back (a command of theirs at
    /// the table, or `/game join`).
    Bot,
}

/// A table's own timing choices (`/game settings`). `None` means "the server's default"
/// (from the config); a duration of 0 means "off". Durations in seconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// First reminder after this long without a move.
    pub remind_after: Option<u64>,
    /// Further reminders this often.
    pub remind_every: Option<u64>,
    /// The awaited seats time out after this long without a move.
    pub timeout_after: Option<u64>,
    /// What a timeout does.
    pub on_timeout: Option<TimeoutPolicy>,
}

/// Everything about a channel's game except the engine state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Meta {
    pub schema: u32,
    /// Unique id of this game (keys its log and archive entry).
    pub game_id: u64,
    pub channel: ChannelId,
    /// Engine id (`palazzo`).
    pub game: String,
    /// Engine options as JSON.
    pub options: Value,
    pub seed: u64,
    /// Seats in order; seat `i` is `seats[i]`.
    pub seats: Vec<SeatedUser>,
    pub host: UserId,
    pub status: Status,
    /// Unix seconds.
    pub created: u64,
    pub updated: u64,
    /// Number of actions in the log (the state version prompts refer to).
    pub version: u64,
    /// The server (Discord guild) the channel belongs to; 0 for none (DMs, local table).
    /// Stats and leaderboards are kept per server.
    #[serde(default)]
    pub guild: u64,
    /// The table's timing settings over the server's defaults.
    #[serde(default)]
    pub settings: Settings,
    /// Seats whose player left by a `drop` timeout: the bot plays them from then on.
    #[serde(default)]
    pub dropped: Vec<usize>,
    /// Unix ms of the last `/game nudge` (at most one an hour).
    #[serde(default)]
    pub nudged_ms: u64,
    /// Seats handed to a bot by a `bot` timeout: it plays them until their player is back.
    #[serde(default)]
    pub away: Vec<usize>,
}

/// One logged action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LogEntry {
    pub seat: usize,
    /// The engine's action as JSON (what replay feeds back).
    pub action: Value,
    /// The canonical text of the action. May be secret (a stash): never shown to others.
    pub text: String,
    /// What everyone was told about it (the public narration), shown by `log`.
    #[serde(default)]
    pub public: Vec<String>,
    /// Unix seconds.
    pub at: u64,
}

/// The key of an undo's `action`: no engine action serializes as an object with it
/// (engine actions are enums named in CamelCase), so an undo is told apart without a
/// new record layout.
const UNDO_KEY: &str = "undo";

impl LogEntry {
    /// The entry of an undo by `seat` that took back the log's entries from index `from`
    /// on (those still in effect); `public` says so to everyone.
    pub fn undo(seat: usize, from: u64, public: Vec<String>, at: u64) -> LogEntry {
        LogEntry {
            seat,
            action: serde_json::json!({ UNDO_KEY: { "from": from } }),
            text: UNDO_KEY.to_string(),
            public,
            at,
        }
    }

    /// For an undo's entry, the index of the first entry it took back; `None` for a move.
    pub fn undoes(&self) -> Option<u64> {
        self.action.get(UNDO_KEY)?.get("from")?.as_u64()
    }
}

/// The moves in effect in a game's whole log (`entries[i]` is the entry of index `i`):
/// every move but the undos and what they took back, with its index, in order. Replaying
/// these from the seed gives the game's state.
pub fn effective_log(entries: &[LogEntry]) -> Vec<(u64, &LogEntry)> {
    let mut kept: Vec<(u64, &LogEntry)> = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        match entry.undoes() {
            Some(from) => kept.retain(|(i, _)| *i < from),
            None => kept.push((index as u64, entry)),
        }
    }
    kept
}

/// A finished or abandoned game, kept with its final result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ArchiveEntry {
    pub meta: Meta,
    /// The engine's outcome as JSON (`None` when abandoned).
    pub outcome: Option<Value>,
    /// The final snapshot.
    pub snapshot: Vec<u8>,
}

/// A channel's stored table. The game's current state is `snapshot` with the actions of
/// `tail` applied in order: a snapshot is not stored with every action (see
/// [`Commit::snapshot`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    pub meta: Meta,
    /// Engine state after `meta.version - tail.len()` actions; `None` in the lobby.
    pub snapshot: Option<Vec<u8>>,
    /// The logged actions after the snapshot, in order (indexes from
    /// `meta.version - tail.len()` to `meta.version - 1`).
    pub tail: Vec<LogEntry>,
}

/// A record set aside because it could not be read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Quarantined {
    pub channel: ChannelId,
    pub reason: String,
    /// Unix seconds.
    pub at: u64,
    /// The raw bytes as they were found (metadata, snapshot).
    pub meta_bytes: Vec<u8>,
    pub snapshot_bytes: Option<Vec<u8>>,
}

/// What loading a channel found.
// One per load, moved straight into the table's slot: boxing the record buys nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Loaded {
    Empty,
    Found(Record),
    /// The record could not be decoded and was moved to quarantine.
    Quarantined(String),
}

/// A storage failure. The table answers with it and keeps the previous state.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the game store failed: {0}")]
    Backend(String),
    #[error("a stored record could not be encoded: {0}")]
    Encode(String),
    /// A store or record written by a newer build: refused (a whole sentence saying
    /// which version wrote it and what to do), never misread or set aside.
    #[error("{0}")]
    Newer(String),
    /// The game changed since the table loaded it (another process moved it): the commit
    /// was refused and nothing was written ([`Store::commit_at`]).
    #[error("another move in this game was saved at the same moment")]
    Moved,
    /// The game's stored row stayed locked by another session (another process's long
    /// write, an operator's open transaction) past the store's lock timeout: the commit
    /// was refused, nothing was written; trying again later may pass.
    #[error("the game is busy in the database; nothing was saved")]
    Busy,
}

/// One atomic write: metadata, optionally the new snapshot and a log entry, what the
/// change must send (outbox rows) and the channel's timers, all in one transaction.
#[derive(Debug, Clone, Copy)]
pub struct Commit<'a> {
    pub meta: &'a Meta,
    /// The game's state after `meta.version` actions. `None` keeps the stored one: the
    /// log entries after it rebuild the current state at load ([`Record::tail`]).
    pub snapshot: Option<&'a [u8]>,
    /// Appended at index `meta.version - 1`.
    pub entry: Option<&'a LogEntry>,
    /// Deliveries (posts, DMs, edits) this change must send, stored with it.
    pub outbox: &'a [NewOutbox],
    /// The channel's timers this change sets or cancels (one per kind).
    pub timers: &'a [TimerChange],
    /// The seats changed: index every seated user's channel (for "my games"), and
    /// forget these users who left.
    pub seats: Option<&'a [UserId]>,
}

impl<'a> Commit<'a> {
    /// A commit of metadata alone.
    pub fn meta(meta: &'a Meta) -> Self {
        Commit {
            meta,
            snapshot: None,
            entry: None,
            outbox: &[],
            timers: &[],
            seats: None,
        }
    }
}

/// What a timer is for. One timer of each kind per channel at most.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TimerKind {
    /// Remind the awaited players.
    Remind = 0,
    /// The awaited players' time is up.
    Timeout = 1,
    /// Play the moves of seats whose player left (due at once; survives a crash).
    StandIn = 2,
}

impl TimerKind {
    pub const ALL: [TimerKind; 3] = [TimerKind::Remind, TimerKind::Timeout, TimerKind::StandIn];

    pub(crate) fn from_byte(b: u8) -> Option<TimerKind> {
        TimerKind::ALL.get(b as usize).copied()
    }
}

/// A deadline, stored with the game and indexed by due time. It fires only if the game
/// is still at the version it was set for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Timer {
    pub kind: TimerKind,
    /// Unix ms.
    pub due_ms: u64,
    pub game_id: u64,
    /// The game's version (actions taken) when the timer was set.
    pub version: u64,
    /// Reminders already sent at this version.
    pub count: u32,
    /// When set, the awaited players are the last of a phase the others finished.
    pub held_up: bool,
}

impl Timer {
    /// Whether `other` is this same deadline (kind, game, version and due time): what a
    /// timer written outside a move must still be to be replaced or removed
    /// ([`Store::replace_timer`]).
    pub fn same_deadline(&self, other: &Timer) -> bool {
        (self.kind, self.game_id, self.version, self.due_ms)
            == (other.kind, other.game_id, other.version, other.due_ms)
    }
}

/// Sets (`Some`) or cancels (`None`) a channel's timer of one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TimerChange {
    pub kind: TimerKind,
    pub timer: Option<Timer>,
}

/// One player's part in a finished game, for the server's stats.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub user: UserId,
    pub name: String,
    pub won: bool,
    pub score: i64,
    /// The levels of the bots at the table (each once); empty for a game of people only.
    pub against: Vec<BotLevel>,
}

impl Standing {
    /// The stats keys this result counts under (`None`: every game, stored as `*`): a
    /// game of people only counts under its game and every game; a game with bots only
    /// under the player's record against each bot level there (`vs-normal`).
    pub fn stat_keys(&self, game: &str) -> Vec<Option<String>> {
        if self.against.is_empty() {
            vec![Some(game.to_string()), None]
        } else {
            self.against.iter().map(|l| Some(l.stats_key())).collect()
        }
    }
}

/// The stats rows an archive adds `standings` to (user, key: `None` is every game), in
/// one fixed order, by user id then key: archives finishing at once on one server take
/// the row locks they share in the same order, so they never deadlock (PostgreSQL).
pub(crate) fn stats_updates<'a>(
    standings: &'a [Standing],
    game: &str,
) -> Vec<(UserId, Option<String>, &'a Standing)> {
    let mut rows: Vec<_> = standings
        .iter()
        .flat_map(|s| s.stat_keys(game).into_iter().map(move |k| (s.user, k, s)))
        .collect();
    rows.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    rows
}

/// A player's record on one server, for one game or all of them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerStats {
    /// The name they last played under.
    pub name: String,
    pub played: u32,
    pub won: u32,
    pub score_sum: i64,
    pub best: i64,
    /// Games in a row with the same result: positive for wins, negative for losses.
    pub streak: i32,
}

impl PlayerStats {
    /// Adds one finished game.
    pub fn add(&mut self, standing: &Standing) {
        self.name = standing.name.clone();
        self.best = if self.played == 0 {
            standing.score
        } else {
            self.best.max(standing.score)
        };
        self.played += 1;
        self.score_sum += standing.score;
        if standing.won {
            self.won += 1;
            self.streak = self.streak.max(0) + 1;
        } else {
            self.streak = self.streak.min(0) - 1;
        }
    }

    /// Wins per game played (0 when none).
    pub fn win_rate(&self) -> f64 {
        if self.played == 0 {
            0.0
        } else {
            f64::from(self.won) / f64::from(self.played)
        }
    }
}

/// A delivery to store in the outbox. The payload is opaque to the store (the table
/// encodes what to send); `due_ms` is when it may be sent (now, or later for a timer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewOutbox {
    pub channel: ChannelId,
    /// Unix milliseconds.
    pub due_ms: u64,
    pub payload: Vec<u8>,
}

/// A stored, not yet confirmed delivery. Ids grow with creation order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutboxRow {
    pub id: u64,
    pub channel: ChannelId,
    /// Unix milliseconds: not sent before then.
    pub due_ms: u64,
    /// Failed attempts so far.
    pub attempts: u32,
    pub payload: Vec<u8>,
}

/// Durable storage of channel tables. Implementations flush before returning from
/// writes; a server database could implement this for multi-process deployments.
pub trait Store: Send + Sync {
    /// Loads a channel's table (lazily: nothing is read at startup).
    fn load(&self, channel: ChannelId) -> Result<Loaded, StoreError>;
    /// Writes metadata, snapshot, log entry and outbox rows in one transaction, then
    /// flushes. Returns the ids of the new outbox rows, in order. The commits of one
    /// channel must not overlap (the table's lock of the channel keeps them apart);
    /// those of different channels may.
    fn commit(&self, commit: Commit<'_>) -> Result<Vec<u64>, StoreError>;
    /// The action log of a game, in order.
    fn log(&self, game_id: u64) -> Result<Vec<LogEntry>, StoreError>;
    /// Moves a channel's table to the archive (finished or abandoned), atomically, with
    /// the players' results added to the server's stats in the same transaction (empty
    /// for an abandoned game: it does not count). Cancels the channel's timers.
    fn archive(&self, entry: &ArchiveEntry, standings: &[Standing]) -> Result<(), StoreError> {
        self.archive_rated(entry, standings, None).map(|_| ())
    }
    /// [`Store::archive`] that also rates the game (`rated`), in the same transaction:
    /// the rated result is stored, each person's ratings on its ladders read, computed
    /// by `rated.rate` and written, and the announcement stored as an outbox row. A game
    /// archived before is not rated again (nothing changes: empty [`Archived`]).
    fn archive_rated(
        &self,
        entry: &ArchiveEntry,
        standings: &[Standing],
        rated: Option<Rated>,
    ) -> Result<Archived, StoreError>;
    /// A person's rating on a ladder at a title.
    fn rating(
        &self,
        ladder: &str,
        title: &str,
        user: UserId,
    ) -> Result<Option<RatingRow>, StoreError>;
    /// Every rating on a ladder at a title (in no particular order).
    fn ladder(&self, ladder: &str, title: &str) -> Result<Vec<(UserId, RatingRow)>, StoreError>;
    /// Every rated result, in the order they were rated.
    fn rated_games(&self) -> Result<Vec<RatedGame>, StoreError>;
    /// Replaces every stored rating with `rows`, in one transaction (a rebuild).
    fn replace_ratings(&self, rows: &[RatingEntry]) -> Result<(), StoreError>;
    /// Archived games of a channel, newest first (every one decoded: for tools and
    /// tests; the table reads one game at a time with [`Store::archived_game`]).
    fn archived(&self, channel: ChannelId) -> Result<Vec<ArchiveEntry>, StoreError>;
    /// The ids of a channel's archived games, newest first, read from the archive's keys
    /// alone: no game is decoded.
    fn archived_ids(&self, channel: ChannelId) -> Result<Vec<u64>, StoreError>;
    /// One archived game of a channel, by its id (`None`: no such game there). Only that
    /// game is decoded; an unreadable one is an error naming it, and never hides others.
    fn archived_game(
        &self,
        channel: ChannelId,
        game_id: u64,
    ) -> Result<Option<ArchiveEntry>, StoreError>;
    /// Retention: deletes at most `limit` archived games that finished before `before_s`
    /// (Unix seconds, the time of the game's last move), with their action logs, so their
    /// replays go too; stats and leaderboards keep their results. Returns how many went.
    fn forget_archived(&self, before_s: u64, limit: usize) -> Result<usize, StoreError>;
    /// Frees a channel of a table that never started (its lobby closed), keeping nothing
    /// of it: no archive entry, no stats. Cancels its timers and drops its seated
    /// players' index entries. Discarding again is harmless.
    fn discard_lobby(&self, meta: &Meta) -> Result<(), StoreError>;
    /// Sets a channel's record aside with a reason (used when a snapshot will not decode).
    fn quarantine(&self, channel: ChannelId, reason: &str) -> Result<(), StoreError>;
    /// Everything in quarantine.
    fn quarantined(&self) -> Result<Vec<Quarantined>, StoreError>;
    /// A fresh unique game id.
    fn next_game_id(&self) -> Result<u64, StoreError>;
    /// Flushes everything to disk (graceful shutdown).
    fn flush(&self) -> Result<(), StoreError>;

    /// Stores outbox rows not tied to a state change (a notice), durably.
    fn enqueue(&self, rows: &[NewOutbox]) -> Result<Vec<u64>, StoreError>;
    /// Outbox rows due at `now_ms` or earlier, oldest due first (then by id), at most
    /// `limit`. Read from the outbox's own index: never a scan of every game. Claims
    /// them (see [`Store::claim_outbox`]): rows another process holds are left out.
    fn due_outbox(&self, now_ms: u64, limit: usize) -> Result<Vec<OutboxRow>, StoreError>;
    /// Every pending row of one channel, by id.
    fn channel_outbox(&self, channel: ChannelId) -> Result<Vec<OutboxRow>, StoreError>;
    /// The row by id, if still pending.
    fn outbox_row(&self, id: u64) -> Result<Option<OutboxRow>, StoreError>;
    /// The earliest due time of any pending row (to sleep until then); of a row another
    /// process holds, the end of its lease if later.
    fn next_due(&self) -> Result<Option<u64>, StoreError>;
    /// Marks a row sent (removes it), durably: a confirmed delivery is never sent again.
    fn outbox_done(&self, id: u64) -> Result<(), StoreError>;
    /// Puts a row back with a new due time and attempt count (backoff), durably.
    fn outbox_retry(&self, id: u64, due_ms: u64, attempts: u32) -> Result<(), StoreError>;
    /// Small per-channel facts the sender learns (e.g. the id of the live turn message).
    fn put_note(&self, channel: ChannelId, name: &str, value: &[u8]) -> Result<(), StoreError>;
    fn note(&self, channel: ChannelId, name: &str) -> Result<Option<Vec<u8>>, StoreError>;
    /// Channels whose game finished (status `Finished` committed) but was not archived:
    /// a crash between the last move and the archive. Read from a small index tree.
    fn finished_unarchived(&self) -> Result<Vec<ChannelId>, StoreError>;

    /// Sets or cancels timers of a channel alone (a stale timer removed), durably.
    fn set_timers(&self, channel: ChannelId, changes: &[TimerChange]) -> Result<(), StoreError>;
    /// Replaces (`with: Some`) or removes (`None`) the channel's timer of `fired.kind`
    /// only while the stored one is still `fired` ([`Timer::same_deadline`]), in one
    /// durable step: a timer another process (or a move) wrote since is kept. Returns
    /// whether the stored timer was changed.
    fn replace_timer(
        &self,
        channel: ChannelId,
        fired: &Timer,
        with: Option<Timer>,
    ) -> Result<bool, StoreError>;
    /// A channel's timer of one kind.
    fn timer(&self, channel: ChannelId, kind: TimerKind) -> Result<Option<Timer>, StoreError>;
    /// Timers due at `now_ms` or earlier, earliest first, at most `limit`. Read from the
    /// timers' own due index: never a scan of every game. Claims them, as
    /// [`Store::due_outbox`] claims rows: a timer another process holds is left out until
    /// its lease ends; firing it (replacing or removing it) ends the claim.
    fn due_timers(&self, now_ms: u64, limit: usize) -> Result<Vec<(ChannelId, Timer)>, StoreError>;
    /// The earliest due time of any timer (of one another process holds, the end of its
    /// lease if later).
    fn next_timer_due(&self) -> Result<Option<u64>, StoreError>;
    /// The channels where `user` is seated at a table (lobby or running), with the game
    /// id; may name a table they left since (callers check the seats).
    fn user_channels(&self, user: UserId) -> Result<Vec<(ChannelId, u64)>, StoreError>;
    /// A player's stats on a server, for one game (`Some("palazzo")`) or all.
    fn player_stats(
        &self,
        guild: u64,
        game: Option<&str>,
        user: UserId,
    ) -> Result<Option<PlayerStats>, StoreError>;
    /// Every player's stats on a server, for one game or all.
    fn server_stats(
        &self,
        guild: u64,
        game: Option<&str>,
    ) -> Result<Vec<(UserId, PlayerStats)>, StoreError>;

    // --- Several processes on one store (PostgreSQL). Claims: a process that lists due
    // work (`due_outbox`, `due_timers`) or takes one row (`claim_outbox`) holds it for a
    // lease (until `now_ms` plus the store's lease length); another process takes it only
    // after the lease ends (the holder died), and finishing it (`outbox_done`,
    // `outbox_retry`, a timer replaced or removed) ends the claim. A store owned by one
    // process (sled) holds everything: these keep their single-process meaning.

    /// Outbox row `id` if still pending and not held by another process, claimed for
    /// this one: what a sender sends. `None`: sent meanwhile, or another process's.
    fn claim_outbox(&self, id: u64, now_ms: u64) -> Result<Option<OutboxRow>, StoreError> {
        let _ = now_ms;
        self.outbox_row(id)
    }

    /// Runs `work` unless another process is running work of the same `name` now (a
    /// repair or sweep that must run once at a time: PostgreSQL holds an advisory lock
    /// while it runs). Returns whether it ran.
    fn exclusively(&self, name: &str, work: &mut dyn FnMut()) -> Result<bool, StoreError> {
        let _ = name;
        work();
        Ok(true)
    }

    // Several processes on one store (PostgreSQL): each keeps loaded games in memory, so
    // each must notice when another moved a game, and never commit over such a move.

    /// A stamp of the channel's stored table that changes with every commit to it (`0`:
    /// none stored), read before a command so a table reloads a game another process
    /// moved. `None`: the store is one process's own, so what a table loaded stays
    /// current (sled).
    fn stamp(&self, channel: ChannelId) -> Result<Option<u64>, StoreError> {
        let _ = channel;
        Ok(None)
    }

    /// [`Store::commit`] only if the channel's stamp is still `base` (checked under the
    /// game's row lock, in the commit's transaction); otherwise nothing is written and
    /// the error is [`StoreError::Moved`]. Returns the new outbox rows' ids and the new
    /// stamp. A store one process owns commits as [`Store::commit`] (stamp 0).
    fn commit_at(&self, base: u64, commit: Commit<'_>) -> Result<(Vec<u64>, u64), StoreError> {
        let _ = base;
        self.commit(commit).map(|ids| (ids, 0))
    }
}

/// Milliseconds since the Unix epoch (0 if the clock is before it).
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}

/// Seconds since the Unix epoch (0 if the clock is before it).
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// Creates a store's directory (and its parents) readable by the bot's user only (0700):
/// it holds every player's hand. An existing directory is left as it is.
pub fn create_private_dir(dir: &std::path::Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}

#[cfg(test)]
mod undo_tests {
    use super::*;

    #[test]
    fn stats_rows_are_updated_in_one_order_by_user_then_key() {
        let standing = |user: UserId, against: Vec<BotLevel>| Standing {
            user,
            name: format!("p{user}"),
            won: user == 5,
            score: 1,
            against,
        };
        let people = [
            standing(9, vec![]),
            standing(3, vec![]),
            standing(5, vec![]),
        ];
        let order: Vec<(UserId, Option<String>)> = stats_updates(&people, "villa")
            .into_iter()
            .map(|(u, k, s)| {
                assert_eq!(s.user, u);
                (u, k)
            })
            .collect();
        let v = || Some("villa".to_string());
        assert_eq!(
            order,
            [
                (3, None),
                (3, v()),
                (5, None),
                (5, v()),
                (9, None),
                (9, v())
            ]
        );
        // Whatever order the seats came in, the same rows in the same order.
        let mut reversed = people.clone();
        reversed.reverse();
        let again: Vec<_> = stats_updates(&reversed, "villa")
            .into_iter()
            .map(|(u, k, _)| (u, k))
            .collect();
        assert_eq!(again, order);
        let bots = [
            standing(8, vec![BotLevel::Hard, BotLevel::Easy]),
            standing(2, vec![BotLevel::Easy]),
        ];
        let keys: Vec<_> = stats_updates(&bots, "villa")
            .into_iter()
            .map(|(u, k, _)| (u, k.unwrap()))
            .collect();
        let key = |u, k: &str| (u, k.to_string());
        assert_eq!(
            keys,
            [key(2, "vs-easy"), key(8, "vs-easy"), key(8, "vs-hard")]
        );
    }

    fn mv(seat: usize, n: u64) -> LogEntry {
        LogEntry {
            seat,
            action: serde_json::json!({ "Add": n }),
            text: format!("add {n}"),
            public: vec![],
            at: 0,
        }
    }

    #[test]
    fn undos_take_their_moves_out_of_the_effective_log() {
        let log = vec![
            mv(0, 1),
            mv(1, 2),
            mv(0, 3),
            LogEntry::undo(1, 1, vec!["taken back".into()], 0),
            mv(1, 4),
            mv(0, 5),
            LogEntry::undo(0, 5, vec![], 0),
        ];
        assert_eq!(log[3].undoes(), Some(1));
        assert_eq!(log[0].undoes(), None);
        let kept: Vec<u64> = effective_log(&log).iter().map(|(i, _)| *i).collect();
        assert_eq!(kept, vec![0, 4]);
        // An undo's entry survives the stored record's round trip.
        let back = codec::decode_log(&codec::encode_log(&log[3])).unwrap();
        assert_eq!(back.undoes(), Some(1));
    }
}
