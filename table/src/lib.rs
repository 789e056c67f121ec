//! Transport-neutral channel sessions: one game per channel, from lobby to archive.
//!
//! A command arrives as `(channel, caller, command)` and returns [`Delivery`]s. Commands
//! on one channel are serialized by a per-channel lock; different channels proceed in
//! parallel. Every accepted action is stored (snapshot + log entry + metadata, flushed)
//! before the deliveries are returned; a refused action stores nothing and answers the
//! caller privately with the rule's sentence.

mod away;
mod botplay;
mod bots;
pub mod clock;
mod command;
mod delivery;
mod hands;
mod hint;
mod history;
mod language;
mod notify;
mod pause;
mod picker;
mod proposal;
mod public;
pub mod record;
mod searchcap;
mod social;
mod switch;
mod text;
pub mod think;
mod timers;
pub mod timing;
mod undo;
pub use text::{
    escape_name, escape_user_text, one_line, rules_pages, rules_text, rules_topics,
    unescape_user_text, NAME_CHARS,
};

pub use bots::{bot_name, BOT_NAMES, DEFAULT_BOT_DELAY_MS};
pub use clock::{Clock, FastClock, ManualClock, SystemClock};
pub use command::{parse_bots, Command, ParseRefusal, TABLE_WORDS};
pub use delivery::{Approval, Delivery, LobbyButtons, PictureOf, StateVersion, TurnPrompt};
pub use hands::{hand_body, hand_body_in};
pub use history::{HistoryGame, HistoryMove, HistoryPage};
pub use language::POST_LANG_FOR_MS;
pub use notify::Notify;
pub use proposal::PROPOSAL_LIFETIME_MS;
pub use social::MyGame;
pub use storage::{BotLevel, ChannelId, SeatedUser, TimeoutPolicy, UserId};
pub use think::Thinker;
pub use timing::{Defaults, Minimums, SettingsChange};
pub use undo::UNDO_LIFETIME_MS;

use rules::{DynGame, GameKind, Seat};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use storage::{
    ArchiveEntry, Commit, Loaded, LogEntry, Meta, NewOutbox, Standing, Status, Store, TimerChange,
};
pub use words::Lang;

/// Loaded games kept in memory when no capacity is configured.
pub const DEFAULT_CACHE_GAMES: usize = 1_000;

/// A game's state is stored with every this many actions (and when it ends); a load
/// applies the actions logged since (at most this many less one) to the last one. Each
/// action still stores its log entry: storing the whole state with every action was
/// most of the bytes written.
pub const SNAPSHOT_EVERY: u64 = 8;

/// A stored delivery waiting to be sent (or re-sent after a failure or a restart).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    pub channel: ChannelId,
    /// Failed attempts so far.
    pub attempts: u32,
    /// Not sent before then (Unix ms): now, or a retry's backoff.
    pub due_ms: u64,
    /// When it was queued (Unix ms); `None` for rows stored by older builds.
    pub queued_ms: Option<u64>,
    /// The message, with its outbox row id set.
    pub delivery: Delivery,
}

/// Who sent a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    pub user: UserId,
    /// Display name used in messages.
    pub name: String,
    /// The caller may manage the channel (may abandon any table there).
    pub can_manage_channel: bool,
    /// The server the command came from (`None` in a DM or the local table): new tables
    /// belong to it, and stats, leaderboards and "my games" are read for it.
    pub guild: Option<u64>,
    /// The language the caller reads their private answers in (their choice, else their
    /// client's: `Table::person_lang`); English by default.
    pub lang: Lang,
}

impl Caller {
    pub fn new(user: UserId, name: impl Into<String>) -> Self {
        Caller {
            user,
            name: name.into(),
            can_manage_channel: false,
            guild: None,
            lang: Lang::En,
        }
    }

    /// The same caller, reading their private answers in `lang`.
    pub fn with_lang(self, lang: Lang) -> Self {
        Caller { lang, ..self }
    }

    /// The same caller, on server `guild`.
    pub fn in_guild(self, guild: u64) -> Self {
        Caller {
            guild: Some(guild),
            ..self
        }
    }

    /// The caller's name as messages show it (escaped: see [`escape_name`]).
    pub fn shown_name(&self) -> String {
        escape_name(&self.name)
    }
}

/// How a table is set up: its cache, its clock, the server's timing defaults and the
/// shortest timing a table may choose.
pub struct TableOptions {
    /// Loaded games kept in memory (at least 1).
    pub cache_games: usize,
    pub clock: Arc<dyn Clock>,
    pub defaults: Defaults,
    /// The shortest reminders and timeouts `/game settings` accepts (Discord's by
    /// default; the local table and tests set them lower).
    pub minimums: Minimums,
    /// The pause before a bot's move is told (`[bots] delay_ms`; tests use 0): counted
    /// from when the bot became awaited, whatever it searched or did quietly meanwhile.
    pub bot_delay_ms: u64,
    /// Where bot searches run (stand-in moves): inline by default (tests, the local
    /// table); the Discord bot uses a pool ([`Thinker::for_machine`]).
    pub thinker: Thinker,
    /// How a move reads in a hint or a timeout notice (see [`MoveNamer`]).
    pub move_names: MoveNamer,
}

/// How a move the bot chose reads to a player, in their language: `(lang, game id,
/// action text) -> shown text`, with its own emphasis. The Discord layer gives its move
/// panel's labels (`**Take money**`), so a hint or a timeout notice names a move the
/// way the buttons do; the default ([`typed_move_names`]) shows the text as typed, bold,
/// for the terminal, where that is what a player types.
pub type MoveNamer = Arc<dyn Fn(Lang, &str, &str) -> String + Send + Sync>;

/// The default [`MoveNamer`]: the action text as typed, in bold.
pub fn typed_move_names() -> MoveNamer {
    Arc::new(|_, _, text| format!("**{text}**"))
}

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            cache_games: DEFAULT_CACHE_GAMES,
            clock: Arc::new(SystemClock),
            defaults: Defaults::default(),
            minimums: Minimums::default(),
            bot_delay_ms: bots::DEFAULT_BOT_DELAY_MS,
            thinker: Thinker::inline(),
            move_names: typed_move_names(),
        }
    }
}

/// A channel's loaded table.
struct Active {
    meta: Meta,
    /// `None` while in the lobby.
    game: Option<Box<dyn DynGame>>,
    /// Each seat's private text in this state, once worked out: a move compares the
    /// texts before and after it, to message only the players whose view changed. Kept
    /// with the languages they were written in (each seat's own).
    private: Option<(Vec<Lang>, Vec<String>)>,
    /// Private news shown in the seats' live hands ("Latest:"), kept until that seat's
    /// player acts (in memory only: a restart forgets it).
    news: Vec<(Seat, String)>,
}

impl Active {
    fn new(meta: Meta, game: Option<Box<dyn DynGame>>) -> Self {
        Active {
            meta,
            game,
            private: None,
            news: Vec::new(),
        }
    }

    /// The same game under changed metadata (settings, seats that left).
    fn with_meta(&self, meta: Meta) -> Active {
        Active {
            meta,
            game: self.game.as_ref().map(|g| g.box_clone()),
            private: self.private.clone(),
            news: self.news.clone(),
        }
    }

    /// Adds private news to the seats' live hands (the newest few per seat).
    fn add_news(&mut self, news: Vec<(Seat, String)>) {
        for (seat, text) in news {
            self.news.push((seat, text));
            let kept = self.news.iter().filter(|(s, _)| *s == seat).count();
            if kept > hands::NEWS_KEPT {
                if let Some(oldest) = self.news.iter().position(|(s, _)| *s == seat) {
                    self.news.remove(oldest);
                }
            }
        }
    }

    /// Every seat's private text in this state, each in its seat's language from `langs`
    /// (empty in the lobby).
    fn private_texts(&self, langs: &[Lang]) -> Vec<String> {
        if let Some((written_in, texts)) = &self.private {
            if written_in == langs {
                return texts.clone();
            }
        }
        let Some(game) = &self.game else {
            return vec![];
        };
        let names = self.names();
        (0..names.len())
            .map(|seat| {
                let lang = langs.get(seat).copied().unwrap_or_default();
                game.private_text(seat, &names, &words::Speaker::new(lang, &names))
            })
            .collect()
    }
    /// The public picture of this game as it stands.
    fn picture_of(&self, seat: Option<Seat>) -> PictureOf {
        PictureOf {
            game_id: self.meta.game_id,
            version: self.meta.version,
            seat,
            view: if seat.is_none() {
                self.public_digest()
            } else {
                0
            },
        }
    }

    /// The players' names as messages show them (escaped), by seat: what the engines'
    /// texts are built with.
    fn names(&self) -> Vec<String> {
        shown_names(&self.meta)
    }

    fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.meta.seats.iter().position(|s| s.user == user)
    }

    /// The awaited seats played by people still at the table (not dropped, not handed
    /// to a bot while away, not bots).
    fn awaited_players(&self) -> Vec<Seat> {
        self.game
            .as_ref()
            .map(|g| g.awaiting())
            .unwrap_or_default()
            .into_iter()
            .filter(|s| !self.played_by_table(*s))
            .collect()
    }

    /// The level a bot plays `seat` at now, if a bot plays it (its player left, or is
    /// away under the `bot` timeout policy: the normal bot).
    fn stand_in_level(&self, seat: Seat) -> Option<ai::Level> {
        if self.meta.away.contains(&seat) && self.everyone_away() {
            // Nobody is left to play with: the game waits for someone to come back
            // rather than bots playing it to its end.
            return None;
        }
        self.bot_played(seat).then_some(ai::Level::Normal)
    }

    /// The first awaited seat a bot plays now, with its level.
    fn next_stand_in(&self) -> Option<(Seat, ai::Level)> {
        let game = self.game.as_ref()?;
        game.awaiting()
            .into_iter()
            .find_map(|s| self.stand_in_level(s).map(|level| (s, level)))
    }

    /// The users of `seats`.
    fn users(&self, seats: &[Seat]) -> Vec<UserId> {
        seats
            .iter()
            .filter_map(|s| self.meta.seats.get(*s).map(|u| u.user))
            .collect()
    }

    fn kind(&self) -> Option<&'static GameKind> {
        rules::catalog::find(&self.meta.game)
    }

    fn title(&self) -> &'static str {
        self.kind().map_or("game", |k| k.title)
    }

    /// The host's name (escaped), or "the host" in `lang` when they are not seated.
    fn host_name(&self, lang: Lang) -> String {
        self.meta
            .seats
            .iter()
            .find(|s| s.user == self.meta.host)
            .map_or_else(
                || words::text(lang, "table-the-host", &[]),
                |s| escape_name(&s.name),
            )
    }

    fn state_version(&self) -> StateVersion {
        StateVersion {
            game_id: self.meta.game_id,
            version: self.meta.version,
        }
    }
}

/// A channel's slot: loaded lazily on first use.
#[derive(Default)]
struct Slot {
    loaded: bool,
    active: Option<Active>,
    /// A message about a quarantined record, shown once in the channel.
    notice: Option<Notice>,
    /// The last public picture drawn here, with its language: a burst of status calls
    /// and the turn message of one version draw it once. Goes with the slot when the LRU
    /// evicts it.
    picture: Option<(PictureOf, words::Lang, Arc<Vec<u8>>)>,
    /// The store's stamp of what was loaded ([`Store::stamp`]), when the store is shared
    /// with other processes; `None` for a store this process owns.
    stamp: Option<u64>,
    /// The pause of the bots' chain under way, with its told move once found (`pause.rs`).
    bot_pause: Option<pause::BotPause>,
}

/// Something wrong with a channel's stored table, told once (in the reader's language).
enum Notice {
    /// The store could not be read (the error).
    Unreadable(String),
    /// The record was set aside (the reason).
    Quarantined(String),
    /// A newer build wrote it.
    Newer,
}

impl Notice {
    fn text(&self, lang: Lang) -> String {
        match self {
            Notice::Unreadable(e) => words::text(
                lang,
                "table-store-unreadable",
                &[("error", e.as_str().into())],
            ),
            Notice::Quarantined(reason) => text::quarantine_notice(lang, reason),
            Notice::Newer => words::text(lang, "table-newer-version", &[]),
        }
    }
}

/// What a commit on this thread is based on, while a handler runs on a slot: the slot's
/// stamp, and whether a commit found the game moved by another process.
#[derive(Clone, Copy)]
struct Base {
    channel: ChannelId,
    stamp: Option<u64>,
    moved: bool,
}

thread_local! {
    /// The base of the slot whose handler runs on this thread (commits happen only there,
    /// with the channel's lock held; see `Table::attempt`).
    static BASE: std::cell::Cell<Option<Base>> = const { std::cell::Cell::new(None) };
}

/// Attempts of a command whose commit met another process's move (each on the reloaded
/// game): the second sees that move, so more are needed only under a burst of them.
const MOVED_ATTEMPTS: usize = 3;

/// The loaded channels: a bounded cache (least recently used evicted first). Evicting is
/// always safe: every accepted change is already in the store.
struct Slots {
    map: HashMap<ChannelId, (Arc<Mutex<Slot>>, u64)>,
    tick: u64,
    capacity: usize,
}

impl Slots {
    fn get(&mut self, channel: ChannelId) -> Arc<Mutex<Slot>> {
        self.tick += 1;
        let tick = self.tick;
        let entry = self.map.entry(channel).or_default();
        entry.1 = tick;
        let slot = entry.0.clone();
        if self.map.len() > self.capacity {
            self.evict();
        }
        slot
    }

    /// Drops the least recently used slots nobody is using, down to 90% of capacity (so
    /// that eviction runs once per many loads, not on every one).
    fn evict(&mut self) {
        let target = self.capacity - self.capacity / 10;
        let mut idle: Vec<(u64, ChannelId)> = self
            .map
            .iter()
            .filter(|(_, (slot, _))| Arc::strong_count(slot) == 1)
            .map(|(c, (_, t))| (*t, *c))
            .collect();
        idle.sort_unstable();
        let excess = self.map.len().saturating_sub(target);
        for (_, channel) in idle.into_iter().take(excess) {
            self.map.remove(&channel);
        }
    }

    /// Forgets a channel that holds nothing (no table, no notice): empty channels take no
    /// memory.
    fn forget_if_empty(&mut self, channel: ChannelId, slot: &Arc<Mutex<Slot>>) {
        let empty = slot
            .try_lock()
            .map(|s| s.loaded && s.active.is_none() && s.notice.is_none())
            .unwrap_or(false);
        // Two owners: the map and the caller; anyone else means it is in use.
        if empty && Arc::strong_count(slot) == 2 {
            self.map.remove(&channel);
        }
    }
}

/// All channel sessions over one store.
pub struct Table {
    store: Arc<dyn Store>,
    slots: Mutex<Slots>,
    clock: Arc<dyn Clock>,
    defaults: Defaults,
    minimums: Minimums,
    /// Replays built for `/game history` lately (see `history.rs`).
    replays: Mutex<history::Replays>,
    /// Hints answered lately and hints being searched (see `hint.rs`).
    hints: Arc<hint::Hints>,
    /// The `/game history` picker's index of archived games (see `picker.rs`).
    picker: picker::Picker,
    /// The pause before a bot's move (see [`TableOptions::bot_delay_ms`]).
    bot_delay_ms: u64,
    /// Bot searches (see `think.rs`).
    thinker: Thinker,
    /// How a move reads in a hint or a timeout notice.
    move_names: MoveNamer,
    /// Each channel's language and when it was read, table clock ms (see
    /// [`Table::post_lang`]).
    channel_langs: Mutex<HashMap<ChannelId, (Lang, u64)>>,
    /// The client language recorded for each user lately (see
    /// [`Table::remember_client_locale`]).
    client_langs: Mutex<HashMap<UserId, Lang>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic elsewhere never leaves a half-written slot (state is swapped in only after
    // a successful commit), so a poisoned lock is still safe to use.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Table {
    /// A table over `store`, caching up to [`DEFAULT_CACHE_GAMES`] loaded games.
    pub fn new(store: Arc<dyn Store>) -> Self {
        Self::with_cache(store, DEFAULT_CACHE_GAMES)
    }

    /// A table keeping at most `capacity` loaded games in memory (at least 1). Finished
    /// games a crash left unarchived are archived now.
    pub fn with_cache(store: Arc<dyn Store>, capacity: usize) -> Self {
        Self::with_options(
            store,
            TableOptions {
                cache_games: capacity,
                ..TableOptions::default()
            },
        )
    }

    /// A table with its cache size, clock and timing defaults. Finished games a crash
    /// left unarchived are archived now.
    pub fn with_options(store: Arc<dyn Store>, options: TableOptions) -> Self {
        let table = Table {
            store,
            slots: Mutex::new(Slots {
                map: HashMap::new(),
                tick: 0,
                capacity: options.cache_games.max(1),
            }),
            clock: options.clock,
            defaults: options.defaults,
            minimums: options.minimums,
            replays: Mutex::default(),
            hints: Arc::default(),
            picker: picker::Picker::default(),
            bot_delay_ms: options.bot_delay_ms,
            thinker: options.thinker,
            move_names: options.move_names,
            channel_langs: Mutex::default(),
            client_langs: Mutex::default(),
        };
        table.archive_leftovers();
        table
    }

    /// The table's time, Unix ms (from its clock).
    pub fn now_ms(&self) -> u64 {
        self.clock.now_ms()
    }

    fn now_s(&self) -> u64 {
        self.clock.now_ms() / 1000
    }

    /// Archives every finished or abandoned game whose archive a crash interrupted
    /// (read from the store's small index, never by scanning every game). One process
    /// at a time (`Store::exclusively`): one sharing the store that finds another at it
    /// leaves the work to that one.
    fn archive_leftovers(&self) {
        let mut repair = || match self.store.finished_unarchived() {
            Ok(channels) => {
                for channel in channels {
                    // Loading a finished game archives it (see `load`).
                    self.with_slot(channel, |_| ());
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot list unarchived finished games"),
        };
        if let Err(e) = self.store.exclusively("archive-leftovers", &mut repair) {
            tracing::error!(error = %e, "cannot repair unarchived finished games");
        }
    }

    /// How many channels are loaded in memory now.
    pub fn loaded_channels(&self) -> usize {
        lock(&self.slots).map.len()
    }

    /// The store behind the table (for flushing at shutdown).
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// Where the table's bot searches run (the adapter sets its waker).
    pub fn thinker(&self) -> &Thinker {
        &self.thinker
    }

    /// Runs `f` on the channel's slot with the channel lock held, loading it first (again
    /// if another process moved the game since).
    fn with_slot<R>(&self, channel: ChannelId, f: impl FnOnce(&mut Slot) -> R) -> R {
        let shared = lock(&self.slots).get(channel);
        let (result, _) = self.attempt(channel, &shared, f);
        lock(&self.slots).forget_if_empty(channel, &shared);
        result
    }

    /// [`Table::with_slot`] for a change: when its commit finds the game moved by another
    /// process (nothing was stored), `f` runs again on the reloaded game, as if it had
    /// come after that move (a stale panel is then refused as usual; a timer finds itself
    /// replaced).
    fn with_slot_retrying<R>(&self, channel: ChannelId, mut f: impl FnMut(&mut Slot) -> R) -> R {
        let shared = lock(&self.slots).get(channel);
        let mut attempts = 0;
        loop {
            let (result, moved) = self.attempt(channel, &shared, &mut f);
            attempts += 1;
            if !moved || attempts == MOVED_ATTEMPTS {
                lock(&self.slots).forget_if_empty(channel, &shared);
                return result;
            }
            tracing::info!(
                channel,
                "another process moved this game first; running again"
            );
        }
    }

    /// One run of `f` on the locked slot, brought up to date first; true when one of its
    /// commits found the game moved elsewhere (the slot is then unloaded).
    fn attempt<R>(
        &self,
        channel: ChannelId,
        shared: &Mutex<Slot>,
        f: impl FnOnce(&mut Slot) -> R,
    ) -> (R, bool) {
        let mut slot = lock(shared);
        if slot.loaded && self.moved_elsewhere(channel, &slot) {
            *slot = Slot::default();
        }
        if !slot.loaded {
            self.load(channel, &mut slot);
        }
        let outer = BASE.replace(Some(Base {
            channel,
            stamp: slot.stamp,
            moved: false,
        }));
        let result = f(&mut slot);
        let base = BASE.replace(outer);
        let moved = base.is_some_and(|b| b.moved);
        if moved {
            *slot = Slot::default();
        } else if let Some(base) = base {
            slot.stamp = base.stamp;
        }
        (result, moved)
    }

    /// Whether another process changed the channel's stored table since `slot` was loaded
    /// (never for a store this process owns). A failed read keeps what is loaded: a
    /// commit over a moved game is refused anyway.
    fn moved_elsewhere(&self, channel: ChannelId, slot: &Slot) -> bool {
        let Some(loaded) = slot.stamp else {
            return false;
        };
        match self.store.stamp(channel) {
            Ok(stamp) => stamp != Some(loaded),
            Err(e) => {
                tracing::warn!(channel, error = %e, "cannot read the game's stamp");
                false
            }
        }
    }

    fn load(&self, channel: ChannelId, slot: &mut Slot) {
        // The stamp before the record: a commit in between makes it older than what is
        // loaded, so the next command reloads (never the reverse).
        slot.stamp = match self.store.stamp(channel) {
            Ok(stamp) => stamp,
            Err(e) => {
                tracing::error!(channel, error = %e, "store load failed");
                slot.notice = Some(Notice::Unreadable(e.to_string()));
                return;
            }
        };
        match self.store.load(channel) {
            Ok(Loaded::Empty) => {}
            Ok(Loaded::Found(record)) => match restore_record(&record) {
                Ok(game) => {
                    let active = Active::new(record.meta, game);
                    if matches!(active.meta.status, Status::Finished | Status::Abandoned) {
                        // The last move is stored but a crash stopped the archiving:
                        // archive now, so the channel is free and the scores are kept.
                        if let Err(e) = self.put_away(&active) {
                            // Not loaded: the caller is told, the next command retries.
                            tracing::error!(channel, error = %e, "archiving a finished game failed");
                            slot.notice = Some(Notice::Unreadable(e.to_string()));
                            return;
                        }
                        tracing::info!(channel, "archived a finished game left by a crash");
                    } else {
                        slot.active = Some(active);
                    }
                }
                Err(reason) => {
                    tracing::warn!(channel, %reason, "quarantining unreadable game");
                    if let Err(e) = self.store.quarantine(channel, &reason) {
                        tracing::error!(channel, error = %e, "quarantine failed");
                    }
                    slot.notice = Some(Notice::Quarantined(reason));
                }
            },
            Ok(Loaded::Quarantined(reason)) => {
                tracing::warn!(channel, %reason, "quarantined unreadable metadata");
                slot.notice = Some(Notice::Quarantined(reason));
            }
            Err(e @ storage::StoreError::Newer(_)) => {
                // Written by a newer version: waiting will not help; the operator must act.
                tracing::error!(channel, error = %e, "game written by a newer version");
                slot.notice = Some(Notice::Newer);
                return;
            }
            Err(e) => {
                // Not marked loaded: the next command tries again.
                tracing::error!(channel, error = %e, "store load failed");
                slot.notice = Some(Notice::Unreadable(e.to_string()));
                return;
            }
        }
        slot.loaded = true;
    }

    /// Handles one command. Blocks on the channel lock and on the store's flush; use
    /// [`Table::handle_async`] from async code.
    pub fn handle(&self, channel: ChannelId, caller: &Caller, command: Command) -> Vec<Delivery> {
        let (mut out, hint) = self.handle_parts(channel, caller, command);
        if let Some(job) = hint {
            out.push(self.answer_hint(job, caller.user));
        }
        out
    }

    /// [`Table::handle`], a hint's search not yet started: its position, read under the
    /// channel lock, comes back with the other deliveries.
    fn handle_parts(
        &self,
        channel: ChannelId,
        caller: &Caller,
        command: Command,
    ) -> (Vec<Delivery>, Option<hint::HintJob>) {
        // Commands about other channels or the whole server take no channel lock (one
        // handler never holds two).
        let done = |out| (out, None);
        match command {
            Command::Mine => return done(self.mine(caller)),
            Command::Notify(choice) => return done(self.notify(caller, choice)),
            Command::Stats { user, game } => {
                return done(self.stats(caller, user, game.as_deref()))
            }
            Command::Leaderboard { game } => {
                return done(self.leaderboard(caller, game.as_deref()))
            }
            Command::Invalid(why) => return done(vec![Delivery::ephemeral(why.text(caller.lang))]),
            _ => {}
        }
        // A hint's position is read under the channel lock, and searched after it.
        let mut hint = None;
        let out = self.with_slot_retrying(channel, |slot| {
            if !slot.loaded {
                // The load failed (every command tries again): the caller alone is told,
                // so a store that cannot be read never floods the channel.
                return slot
                    .notice
                    .take()
                    .map(|n| Delivery::ephemeral(n.text(caller.lang)))
                    .into_iter()
                    .collect();
            }
            let mut out = Vec::new();
            if let Some(notice) = slot.notice.take() {
                let lang = self.channel_lang(channel, caller.guild);
                out.extend(self.enqueue(channel, vec![Delivery::channel(notice.text(lang))]));
            }
            // Any command of a player whose seat a bot plays while they are away shows
            // they are back: the seat is theirs again before the command runs.
            let back = self.come_back(slot, caller);
            let resumed = back.is_some()
                && slot.active.as_ref().is_some_and(|a| {
                    a.seat_of(caller.user)
                        .is_some_and(|seat| !a.meta.away.contains(&seat))
                });
            out.extend(back.unwrap_or_default());
            let replies = match command.clone() {
                Command::New {
                    game,
                    options,
                    seed,
                    bots,
                } => self.new_table(slot, channel, caller, &game, &options, seed, &bots),
                Command::AddBot(level) => self.add_bot(slot, caller, level),
                Command::RemoveBot(which) => self.remove_bot(slot, caller, which.as_deref()),
                Command::Join => self.join(slot, caller),
                Command::Leave => self.leave(slot, caller),
                Command::Start => self.start(slot, caller),
                Command::Abandon => self.abandon(slot, caller),
                Command::Status => status(slot, caller.lang),
                Command::Hand => hand(slot, caller),
                Command::Scores => self.scores(slot, channel, caller.lang),
                Command::Log => self.log(slot, caller.lang),
                Command::Rules { game, topic } => {
                    rules_help(slot, game.as_deref(), topic.as_deref(), caller.lang)
                }
                Command::Help => vec![Delivery::ephemeral(text::help(
                    caller.lang,
                    slot.active.as_ref().and_then(Active::kind),
                ))],
                Command::Play(line) => self.play(slot, caller, &line),
                Command::Choose { index, at } => self.choose(slot, caller, index, at),
                Command::Settings(change) => self.settings(slot, caller, &change),
                Command::Vote { on, approve } if on.undo => {
                    self.vote_undo(slot, caller, on, approve)
                }
                Command::Vote { on, approve } => self.vote(slot, caller, on, approve),
                Command::Undo => self.undo(slot, caller),
                Command::Resume => vec![self.resume_reply(slot, caller, resumed)],
                Command::Hint => match self.hint_job(slot, caller) {
                    Ok(job) => {
                        hint = Some(job);
                        vec![]
                    }
                    Err(refusal) => vec![Delivery::ephemeral(refusal)],
                },
                Command::Nudge => self.nudge(slot, caller),
                Command::Mine
                | Command::Notify(_)
                | Command::Stats { .. }
                | Command::Leaderboard { .. }
                | Command::Invalid(_) => vec![],
            };
            out.extend(replies);
            out
        });
        (out, hint)
    }

    /// [`Table::handle`] on the blocking pool, so async callers never stall.
    pub async fn handle_async(
        self: &Arc<Self>,
        channel: ChannelId,
        caller: Caller,
        command: Command,
    ) -> Vec<Delivery> {
        if matches!(command, Command::Hint) {
            return self.hint_async(channel, caller).await;
        }
        let table = Arc::clone(self);
        let lang = caller.lang;
        match tokio::task::spawn_blocking(move || table.handle(channel, &caller, command)).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(channel, error = %e, "command task failed");
                vec![Delivery::ephemeral(words::text(
                    lang,
                    "table-went-wrong",
                    &[],
                ))]
            }
        }
    }

    /// The legal action texts of `user` in `channel` now (autocomplete, buttons). Private
    /// to that user: a list of payments or bids can reveal a hand or money.
    pub fn legal_actions(&self, channel: ChannelId, user: UserId) -> Vec<String> {
        self.choices(channel, user)
            .map(|(_, actions)| actions)
            .unwrap_or_default()
    }

    /// The state version together with `user`'s legal actions in it, read atomically, so
    /// that a choice made from this list can be checked for staleness. `None` without a
    /// running game, for a user not seated, or for one who left it (see [`Table::refusal`]).
    pub fn choices(&self, channel: ChannelId, user: UserId) -> Option<(StateVersion, Vec<String>)> {
        self.with_slot(channel, |slot| {
            let active = slot.active.as_ref()?;
            let game = active.game.as_ref()?;
            let seat = active.seat_of(user)?;
            if active.played_by_table(seat) {
                // The bot makes this seat's moves now.
                return None;
            }
            let legal = game.legal_texts(seat);
            Some((StateVersion::for_seat(active.meta.game_id, &legal), legal))
        })
    }

    /// Why `user` may not move in `channel` now (no table, not started, not seated, left
    /// the game, not their turn): the refusal a move of theirs gets, in `lang`. `None`
    /// when awaited.
    pub fn refusal(&self, channel: ChannelId, user: UserId, lang: Lang) -> Option<String> {
        self.with_slot(channel, |slot| match slot.active.as_ref() {
            None => Some(text::no_table(lang)),
            Some(active) => awaited_seat(active, &Caller::new(user, "").with_lang(lang)).err(),
        })
    }

    /// The turn message of `channel`'s running game as a move would post it now, without
    /// that move's events (the state line and who is awaited), in the channel's language;
    /// `None` without a running game. `benches/history.rs` times it per language.
    pub fn turn_message_now(&self, channel: ChannelId) -> Option<Delivery> {
        self.with_slot(channel, |slot| {
            let active = slot.active.as_ref().filter(|a| a.game.is_some())?;
            let lang = self.post_lang(&active.meta);
            Some(turn_message(active, String::new(), lang))
        })
    }

    /// The current turn prompts in `channel` (empty without a running game).
    pub fn prompts(&self, channel: ChannelId) -> Vec<TurnPrompt> {
        self.with_slot(channel, |slot| {
            slot.active.as_ref().map(prompts_of).unwrap_or_default()
        })
    }

    /// The running game's id and version in `channel`, if any (stale prompt detection).
    pub fn state_version(&self, channel: ChannelId) -> Option<StateVersion> {
        self.with_slot(channel, |slot| {
            slot.active.as_ref().map(Active::state_version)
        })
    }

    /// The game id of the table in `channel`, if any (`palazzo`).
    pub fn game_in(&self, channel: ChannelId) -> Option<String> {
        self.with_slot(channel, |slot| {
            slot.active.as_ref().map(|a| a.meta.game.clone())
        })
    }

    /// The seats in `channel`, in order (empty without a table).
    pub fn seats(&self, channel: ChannelId) -> Vec<SeatedUser> {
        self.with_slot(channel, |slot| {
            slot.active
                .as_ref()
                .map(|a| a.meta.seats.clone())
                .unwrap_or_default()
        })
    }

    /// The PNG of `of`, drawn from the game's public view (or, with `of.seat`, that seat's
    /// private view) while the game is still at that version — running, or just archived
    /// with it. `None` when the game has moved on (a later message carries the newer
    /// board), for a game without pictures, or when nothing can be read. Public pictures
    /// are cached per (channel, version, language). The board is drawn in the channel's
    /// language, a private picture in its owner's ([`Table::picture_lang`]).
    pub fn picture(&self, channel: ChannelId, of: PictureOf) -> Option<Arc<Vec<u8>>> {
        self.with_slot(channel, |slot| {
            let Some(active) = slot
                .active
                .as_ref()
                .filter(|a| a.meta.game_id == of.game_id)
            else {
                return self
                    .archived_at(channel, of, |game, meta| {
                        draw(game, meta, of.seat, self.picture_lang(meta, of.seat))
                    })
                    .flatten()
                    .map(Arc::new);
            };
            if !active.shows(&of) {
                return None;
            }
            let lang = self.picture_lang(&active.meta, of.seat);
            let cached = slot
                .picture
                .as_ref()
                .filter(|(c, l, _)| *c == of && *l == lang);
            if let Some((_, _, png)) = cached {
                return Some(png.clone());
            }
            let png = Arc::new(draw(active.game.as_deref()?, &active.meta, of.seat, lang)?);
            if of.seat.is_none() {
                slot.picture = Some((of, lang, png.clone()));
            }
            Some(png)
        })
    }

    /// The language a picture of the game `meta` is drawn in: the board (`seat: None`)
    /// in the channel's (its server's locale when the channel chose none), a private
    /// picture in its owner's own choice.
    pub(crate) fn picture_lang(&self, meta: &Meta, seat: Option<Seat>) -> words::Lang {
        match seat {
            None => self.channel_lang(meta.channel, (meta.guild != 0).then_some(meta.guild)),
            Some(seat) => meta
                .seats
                .get(seat)
                .map_or(words::Lang::En, |s| self.person_lang(s.user, None)),
        }
    }

    /// The board `of` as text (what the terminal shows where Discord shows the picture):
    /// the public board, or with `of.seat` that seat's private text; `None` once the game
    /// has moved on, as for [`Table::picture`].
    pub fn board_text(&self, channel: ChannelId, of: PictureOf) -> Option<String> {
        let text = |game: &dyn DynGame, meta: &Meta| {
            let names = shown_names(meta);
            let say = words::Speaker::new(self.picture_lang(meta, of.seat), &names);
            match of.seat {
                None => game.public_text(&names, &say),
                Some(seat) => game.private_text(seat, &names, &say),
            }
        };
        self.with_slot(channel, |slot| {
            match slot
                .active
                .as_ref()
                .filter(|a| a.meta.game_id == of.game_id)
            {
                Some(active) if active.shows(&of) => {
                    Some(text(active.game.as_deref()?, &active.meta))
                }
                Some(_) => None,
                None => self.archived_at(channel, of, text),
            }
        })
    }

    /// `f` of the game archived since at the version `of` shows (the archive keeps its
    /// last state), with its metadata. Reads that one game of the archive, by its id.
    fn archived_at<R>(
        &self,
        channel: ChannelId,
        of: PictureOf,
        f: impl FnOnce(&dyn DynGame, &Meta) -> R,
    ) -> Option<R> {
        let entry = match self.store.archived_game(channel, of.game_id) {
            Ok(entry) => entry?,
            Err(e) => {
                tracing::warn!(channel, game_id = of.game_id, error = %e, "cannot read an archived game");
                return None;
            }
        };
        if entry.meta.version != of.version {
            return None;
        }
        let game = restore(&entry.meta, Some(&entry.snapshot)).ok()??;
        Some(f(game.as_ref(), &entry.meta))
    }

    /// Stores the change and the outgoing deliveries of `out` in one transaction, then
    /// numbers them with their outbox rows. On failure nothing was stored and `out` is
    /// replaced by the caller's apology.
    fn commit(&self, change: Change<'_>, out: &mut Vec<Delivery>) -> Result<(), ()> {
        let meta = change.meta;
        let reader = change.reader;
        bots::strip_bots(out);
        let rows = outbox_rows(meta.channel, out, self.now_ms());
        let commit = Commit {
            meta,
            snapshot: change.snapshot,
            entry: change.entry,
            outbox: &rows,
            timers: change.timers,
            seats: change.seats,
        };
        // Over a store shared with other processes, only over what this one loaded.
        let base = BASE.get().filter(|b| b.channel == meta.channel);
        let stored = match base {
            Some(b) if b.moved => Err(storage::StoreError::Moved),
            Some(
                b @ Base {
                    stamp: Some(stamp), ..
                },
            ) => self.store.commit_at(stamp, commit).map(|(ids, stamp)| {
                // The next commit of this handler builds on this one.
                BASE.set(Some(Base {
                    stamp: Some(stamp),
                    ..b
                }));
                ids
            }),
            _ => self.store.commit(commit),
        };
        match stored {
            Ok(ids) => {
                Delivery::number(out, &ids);
                Ok(())
            }
            Err(storage::StoreError::Moved) => {
                tracing::info!(channel = meta.channel, "the game moved in another process");
                if let Some(b) = base {
                    BASE.set(Some(Base { moved: true, ..b }));
                }
                *out = vec![Delivery::ephemeral(words::text(
                    reader,
                    "table-moved-meanwhile",
                    &[],
                ))];
                Err(())
            }
            // The game's row stayed locked elsewhere past the store's lock timeout.
            Err(storage::StoreError::Busy) => {
                tracing::warn!(
                    channel = meta.channel,
                    "the game's stored row is busy; move refused"
                );
                *out = vec![Delivery::ephemeral(words::text(
                    reader,
                    "table-busy-try-again",
                    &[],
                ))];
                Err(())
            }
            Err(e) => {
                tracing::error!(channel = meta.channel, error = %e, "commit failed");
                *out = vec![Delivery::ephemeral(text::not_saved(reader, &e))];
                Err(())
            }
        }
    }

    /// Stores deliveries that belong to no state change (a notice), numbering them.
    pub fn enqueue(&self, channel: ChannelId, mut out: Vec<Delivery>) -> Vec<Delivery> {
        bots::strip_bots(&mut out);
        let rows = outbox_rows(channel, &out, self.now_ms());
        match self.store.enqueue(&rows) {
            Ok(ids) => Delivery::number(&mut out, &ids),
            Err(e) => {
                tracing::error!(channel, error = %e, "cannot store a notice; sending it unstored")
            }
        }
        out
    }

    /// Deliveries due now (`now_ms`), oldest first: what a crash or a failure left unsent.
    pub fn pending(&self, now_ms: u64, limit: usize) -> Vec<Pending> {
        match self.store.due_outbox(now_ms, limit) {
            Ok(rows) => rows
                .into_iter()
                .filter_map(|r| self.decode_row(r))
                .collect(),
            Err(e) => {
                tracing::error!(error = %e, "cannot read the outbox");
                vec![]
            }
        }
    }

    /// Every unsent delivery of one channel, oldest first.
    pub fn pending_in(&self, channel: ChannelId) -> Vec<Pending> {
        match self.store.channel_outbox(channel) {
            Ok(rows) => rows
                .into_iter()
                .filter_map(|r| self.decode_row(r))
                .collect(),
            Err(e) => {
                tracing::error!(channel, error = %e, "cannot read the outbox");
                vec![]
            }
        }
    }

    fn decode_row(&self, row: storage::OutboxRow) -> Option<Pending> {
        match Delivery::decode(&row.payload, row.id) {
            Ok((delivery, queued_ms)) => Some(Pending {
                channel: row.channel,
                attempts: row.attempts,
                due_ms: row.due_ms,
                queued_ms,
                delivery,
            }),
            Err(e) => {
                tracing::error!(id = row.id, error = %e, "dropping an unreadable outbox row");
                let _ = self.store.outbox_done(row.id);
                None
            }
        }
    }

    /// Outbox row `id` as stored now, if it is still pending, claimed for this process
    /// (`Store::claim_outbox`): a sender re-checks a row it claimed, since another sender
    /// may have delivered or rescheduled it meanwhile, and leaves a row another process
    /// holds (`None`).
    pub fn pending_row(&self, id: u64) -> Option<Pending> {
        match self.store.claim_outbox(id, self.now_ms()) {
            Ok(row) => row.and_then(|r| self.decode_row(r)),
            Err(e) => {
                tracing::error!(id, error = %e, "cannot read the outbox");
                None
            }
        }
    }

    /// When the next stored delivery falls due (Unix ms), if any.
    pub fn next_due(&self) -> Option<u64> {
        self.store.next_due().ok().flatten()
    }

    /// Records that outbox row `id` was delivered (or is given up): never sent again.
    pub fn delivered(&self, id: u64) {
        if let Err(e) = self.store.outbox_done(id) {
            tracing::error!(id, error = %e, "cannot mark a delivery done");
        }
    }

    /// Puts outbox row `id` back to be tried at `due_ms`.
    pub fn retry_later(&self, id: u64, due_ms: u64, attempts: u32) {
        if let Err(e) = self.store.outbox_retry(id, due_ms, attempts) {
            tracing::error!(id, error = %e, "cannot reschedule a delivery");
        }
    }

    /// A small fact the adapter keeps per channel (e.g. "this player's DMs are closed").
    pub fn note(&self, channel: ChannelId, name: &str) -> Option<Vec<u8>> {
        self.store.note(channel, name).ok().flatten()
    }

    pub fn put_note(&self, channel: ChannelId, name: &str, value: &[u8]) {
        if let Err(e) = self.store.put_note(channel, name, value) {
            tracing::error!(channel, error = %e, "cannot store a note");
        }
        if name.starts_with("language:") {
            self.forget_post_langs();
        }
    }

    /// `/game new`: opens a lobby with the caller (and `bots`) seated; with bots and
    /// enough seats, the game starts at once.
    #[allow(clippy::too_many_arguments)]
    fn new_table(
        &self,
        slot: &mut Slot,
        channel: ChannelId,
        caller: &Caller,
        game: &str,
        options: &str,
        seed: Option<u64>,
        bots: &[BotLevel],
    ) -> Vec<Delivery> {
        let lang = caller.lang;
        if let Some(active) = &slot.active {
            let state = if active.meta.status == Status::Lobby {
                "lobby"
            } else {
                "running"
            };
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-already-open",
                &[("game", active.title().into()), ("state", state.into())],
            ))];
        }
        let Some(kind) = rules::catalog::find(game) else {
            return vec![Delivery::ephemeral(text::unknown_game(lang, game))];
        };
        let options = match rules::dynamic::options_from_text(options) {
            Ok(o) => o,
            Err(e) => return vec![Delivery::ephemeral(e.to_string())],
        };
        // Check the options now rather than at start.
        if let Err(e) = (kind.new)(kind.players.0, &options, 0) {
            return vec![Delivery::ephemeral(e.to_string())];
        }
        let game_id = match self.store.next_game_id() {
            Ok(id) => id,
            Err(e) => {
                return vec![Delivery::ephemeral(words::text(
                    lang,
                    "table-store-failed-nothing-changed",
                    &[("error", e.to_string().into())],
                ))]
            }
        };
        let now = self.now_s();
        let mut meta = Meta {
            schema: storage::SCHEMA_VERSION,
            game_id,
            channel,
            game: kind.id.to_string(),
            options,
            seed: seed.unwrap_or_else(rand::random),
            seats: vec![SeatedUser::person(caller.user, caller.name.clone())],
            host: caller.user,
            status: Status::Lobby,
            created: now,
            updated: now,
            version: 0,
            guild: caller.guild.unwrap_or(0),
            settings: Default::default(),
            dropped: vec![],
            nudged_ms: 0,
            away: vec![],
        };
        let post = self.post_lang(&meta);
        let mut bot_names = Vec::new();
        for &level in bots {
            match bots::seat_bot(&mut meta, level, post, lang) {
                Ok(name) => bot_names.push(escape_name(&name)),
                Err(refusal) => return vec![Delivery::ephemeral(refusal)],
            }
        }
        let ready = !bots.is_empty() && meta.seats.len() >= kind.players.0;
        let args = [
            ("name", caller.shown_name().into()),
            ("game", kind.title.into()),
            ("min", kind.players.0.into()),
            ("max", kind.players.1.into()),
            ("bots", bot_names.join(", ").into()),
        ];
        let mut out = vec![if ready {
            Delivery::channel(words::text(post, "lobby-opened-ready", &args))
        } else {
            let key = if bot_names.is_empty() {
                "lobby-opened"
            } else {
                "lobby-opened-with-bots"
            };
            Delivery::lobby(words::text(post, key, &args), meta.game_id, post)
        }];
        let change = Change::seats(&meta, &[]).for_reader(lang);
        if self.commit(change, &mut out).is_ok() {
            slot.active = Some(Active::new(meta, None));
            if ready {
                // Bots fill the seats the game needs: no one else has to come.
                out.extend(self.start(slot, caller));
            }
        }
        out
    }

    fn join(&self, slot: &mut Slot, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        if active.meta.status != Status::Lobby {
            return vec![Delivery::ephemeral(text::already_started(
                lang,
                active.title(),
            ))];
        }
        if active.seat_of(caller.user).is_some() {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "lobby-already-seated",
                &[],
            ))];
        }
        let max = active.kind().map_or(0, |k| k.players.1);
        if active.meta.seats.len() >= max {
            return vec![Delivery::ephemeral(text::table_full(
                lang,
                active.title(),
                max,
            ))];
        }
        let mut meta = active.meta.clone();
        meta.seats
            .push(SeatedUser::person(caller.user, caller.name.clone()));
        meta.updated = self.now_s();
        let post = self.post_lang(&meta);
        let mut out = vec![Delivery::lobby(
            words::text(
                post,
                "lobby-joined",
                &[
                    ("name", caller.shown_name().into()),
                    ("seated", meta.seats.len().into()),
                    ("max", max.into()),
                    ("seats", text::seat_list(&meta).into()),
                ],
            ),
            meta.game_id,
            post,
        )];
        let change = Change::seats(&meta, &[]).for_reader(lang);
        if self.commit(change, &mut out).is_ok() {
            slot.active = Some(Active::new(meta, None));
        }
        out
    }

    fn leave(&self, slot: &mut Slot, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        if active.meta.status != Status::Lobby {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "lobby-leave-under-way",
                &[],
            ))];
        }
        let Some(seat) = active.seat_of(caller.user) else {
            return vec![Delivery::ephemeral(text::not_seated(lang))];
        };
        let mut meta = active.meta.clone();
        meta.seats.remove(seat);
        meta.updated = self.now_s();
        let post = self.post_lang(&meta);
        if meta.seats.is_empty() {
            meta.status = Status::Abandoned;
            let out = vec![Delivery::channel(words::text(
                post,
                "lobby-left-closed",
                &[("name", caller.shown_name().into())],
            ))];
            return self.close_left(slot, meta, &[caller.user], out);
        }
        let mut line = words::text(
            post,
            "lobby-left",
            &[
                ("name", caller.shown_name().into()),
                ("seated", meta.seats.len().into()),
                ("seats", text::seat_list(&meta).into()),
            ],
        );
        if meta.host == caller.user {
            meta.host = meta.seats[0].user;
            line.push(' ');
            line.push_str(&words::text(
                post,
                "lobby-new-host",
                &[("name", escape_name(&meta.seats[0].name).into())],
            ));
        }
        let mut out = vec![Delivery::lobby(line, meta.game_id, post)];
        let left = [caller.user];
        let change = Change::seats(&meta, &left).for_reader(lang);
        if self.commit(change, &mut out).is_ok() {
            slot.active = Some(Active::new(meta, None));
        }
        out
    }

    fn start(&self, slot: &mut Slot, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        if active.meta.status != Status::Lobby {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-already-started",
                &[],
            ))];
        }
        if active.meta.host != caller.user {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "lobby-only-host-starts",
                &[("host", active.host_name(lang).into())],
            ))];
        }
        let Some(kind) = active.kind() else {
            return vec![Delivery::ephemeral(text::unknown_game(
                lang,
                &active.meta.game,
            ))];
        };
        let players = active.meta.seats.len();
        let (min, max) = kind.players;
        if players < min || players > max {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "lobby-players-needed",
                &[
                    ("game", kind.title.into()),
                    ("min", min.into()),
                    ("max", max.into()),
                    ("seated", players.into()),
                ],
            ))];
        }
        let game = match (kind.new)(players, &active.meta.options, active.meta.seed) {
            Ok(g) => g,
            Err(e) => return vec![Delivery::ephemeral(e.to_string())],
        };
        let mut meta = active.meta.clone();
        meta.status = Status::Running;
        meta.updated = self.now_s();
        let snapshot = game.snapshot();
        let post = self.post_lang(&meta);
        let mut next = Active::new(meta, Some(game));
        let private = self.hand_texts(&next);
        let mut out = vec![turn_message(
            &next,
            words::text(
                post,
                "table-begins",
                &[
                    ("game", kind.title.into()),
                    ("seats", text::seat_list(&next.meta).into()),
                ],
            ),
            post,
        )];
        out.extend(hands::hand_updates(&next, &private, None));
        next.private = Some((self.seat_langs(&next), private));
        self.turn_news(&next, &[], &mut out);
        let timers = self.timers_after(&next, false, self.now_ms());
        let change = Change {
            snapshot: Some(&snapshot),
            timers: &timers,
            ..Change::seats(&next.meta, &[]).for_reader(lang)
        };
        if self.commit(change, &mut out).is_ok() {
            slot.active = Some(next);
        }
        out
    }

    fn abandon(&self, slot: &mut Slot, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        if active.meta.host != caller.user && !caller.can_manage_channel {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-only-host-abandons",
                &[("host", active.host_name(lang).into())],
            ))];
        }
        let title = active.title();
        let mut meta = active.meta.clone();
        meta.status = Status::Abandoned;
        meta.updated = self.now_s();
        let out = vec![Delivery::channel(words::text(
            self.post_lang(&meta),
            "table-abandoned",
            &[("name", caller.shown_name().into()), ("game", title.into())],
        ))];
        self.close(slot, meta, out)
    }

    /// Ends the slot's table: stores its final metadata (`Abandoned`) with the messages
    /// `out`, then puts it away (see [`Table::put_away`]). A crash in between is finished
    /// at the next load.
    fn close(&self, slot: &mut Slot, meta: Meta, out: Vec<Delivery>) -> Vec<Delivery> {
        self.close_left(slot, meta, &[], out)
    }

    /// [`Table::close`] when the users `left` just gave up their seats (their "my games"
    /// entries go with the table).
    fn close_left(
        &self,
        slot: &mut Slot,
        meta: Meta,
        left: &[UserId],
        mut out: Vec<Delivery>,
    ) -> Vec<Delivery> {
        let change = Change {
            timers: &timers::CANCEL_ALL,
            ..Change::seats(&meta, left)
        };
        if self.commit(change, &mut out).is_err() {
            return out;
        }
        let game = slot.active.take().and_then(|a| a.game);
        let closed = Active::new(meta, game);
        if let Err(e) = self.put_away(&closed) {
            // Stored as abandoned: the channel is not free until it is archived (a new
            // table would overwrite the game). The next command here loads it again,
            // which archives it first.
            tracing::error!(channel = closed.meta.channel, error = %e, "archive failed; will retry at load");
            *slot = Slot::default();
        }
        out
    }

    /// Frees the channel of a finished or abandoned table: a game that started goes to
    /// the archive with its outcome; a lobby that never started is discarded, keeping
    /// nothing (opening and leaving tables must not fill the archive).
    fn put_away(&self, active: &Active) -> Result<(), storage::StoreError> {
        if active.game.is_none() {
            return self.store.discard_lobby(&active.meta);
        }
        self.archive_active(active)
    }

    /// Moves a finished or abandoned table to the archive with its outcome.
    fn archive_active(&self, active: &Active) -> Result<(), storage::StoreError> {
        let game = active.game.as_ref();
        let outcome = if active.meta.status == Status::Finished {
            game.and_then(|g| g.outcome())
                .and_then(|o| serde_json::to_value(o).ok())
        } else {
            None
        };
        // Only a game played to the end counts in the server's stats; bots have none,
        // and a game with bots counts as the people's record against their levels.
        let against = bots::levels_at(&active.meta);
        let standings: Vec<Standing> = match game.and_then(|g| g.outcome()) {
            Some(o) if active.meta.status == Status::Finished => active
                .meta
                .seats
                .iter()
                .enumerate()
                .filter(|(_, user)| !user.is_bot())
                .map(|(seat, user)| Standing {
                    against: against.clone(),
                    user: user.user,
                    name: user.name.clone(),
                    won: o.winners.contains(&seat),
                    score: o
                        .results
                        .iter()
                        .find(|r| r.seat == seat)
                        .map_or(0, |r| r.total),
                })
                .collect(),
            _ => vec![],
        };
        let entry = ArchiveEntry {
            meta: active.meta.clone(),
            outcome,
            snapshot: game.map(|g| g.snapshot()).unwrap_or_default(),
        };
        let archived = self.store.archive(&entry, &standings);
        if archived.is_ok() {
            // The picker lists it at once, without reading it back.
            self.picker.archived(&entry);
        }
        archived
    }

    fn choose(
        &self,
        slot: &mut Slot,
        caller: &Caller,
        index: usize,
        at: StateVersion,
    ) -> Vec<Delivery> {
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(caller.lang))];
        };
        let seat = match awaited_seat(active, caller) {
            Ok(seat) => seat,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let legal = active
            .game
            .as_ref()
            .map(|g| g.legal_texts(seat))
            .unwrap_or_default();
        // Stale only when this seat's own options changed since the panel was made.
        if StateVersion::for_seat(active.meta.game_id, &legal) != at {
            return vec![Delivery::ephemeral(text::stale_prompt(caller.lang))];
        }
        match legal.get(index).cloned() {
            Some(line) => self.play(slot, caller, &line),
            None => vec![Delivery::ephemeral(words::text(
                caller.lang,
                "table-not-a-choice",
                &[],
            ))],
        }
    }

    fn play(&self, slot: &mut Slot, caller: &Caller, line: &str) -> Vec<Delivery> {
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(caller.lang))];
        };
        let seat = match awaited_seat(active, caller) {
            Ok(seat) => seat,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let (channel, game_id, before) = (
            active.meta.channel,
            active.meta.game_id,
            active.meta.version,
        );
        let post = self.post_lang(&active.meta);
        let mut batch = hands::Batch {
            typed_in: Some(caller.lang),
            ..hands::Batch::single()
        };
        let mut out = self.play_seat_in(slot, seat, line, Mover::Player, &mut batch);
        if slot
            .active
            .as_ref()
            .is_some_and(|a| a.meta.version != before)
        {
            out.extend(self.cancel_undo_by_move(
                channel,
                game_id,
                before,
                &caller.shown_name(),
                post,
            ));
        }
        out.extend(self.stand_in_moves(slot));
        out
    }

    /// Plays `line` for `seat` (already checked to be awaited) and stores it with its
    /// deliveries and the timers of the new state.
    fn play_seat(&self, slot: &mut Slot, seat: Seat, line: &str, mover: Mover) -> Vec<Delivery> {
        self.play_seat_in(slot, seat, line, mover, &mut hands::Batch::single())
    }

    /// [`Table::play_seat`] as one move of `batch`: its messages wait for the batch's
    /// last move (a timeout settling a whole turn posts one channel message).
    fn play_seat_in(
        &self,
        slot: &mut Slot,
        seat: Seat,
        line: &str,
        mover: Mover,
        batch: &mut hands::Batch,
    ) -> Vec<Delivery> {
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(Lang::En))];
        };
        let Some(game) = &active.game else {
            return vec![];
        };
        let names = active.names();
        let post = self.post_lang(&active.meta);
        let mut next = game.box_clone();
        let applied = match next.apply_text(seat, line, &names) {
            Ok(a) => a,
            Err(refusal) => {
                // In the language of whoever typed it (English for a bot's or a timeout's
                // move, which no one reads).
                let lang = batch.typed_in.unwrap_or_default();
                return vec![Delivery::ephemeral(words::phrase(
                    lang,
                    &refusal.phrase,
                    &names,
                ))];
            }
        };
        let now_ms = self.now_ms();
        let now = now_ms / 1000;
        let mut meta = active.meta.clone();
        meta.version += 1;
        meta.updated = now;
        let over = next.is_over();
        if over {
            meta.status = Status::Finished;
        }
        // Only what everyone may know is logged for display; the action text itself can
        // be secret (a stash), so players read the log through the public narration.
        let public: Vec<String> = applied
            .narrations
            .iter()
            .filter(|n| n.audience == rules::Audience::Everyone)
            .map(|n| n.text.clone())
            .collect();
        // What the channel reads: the narration in the channel's language where the game
        // has it in the Fluent files (the log keeps the English).
        let told = told_in_channel(self, &meta, &applied.narrations, &public, &names);
        let entry = LogEntry {
            seat,
            action: applied.action,
            text: applied.text.clone(),
            public: public.clone(),
            at: now,
        };
        // A snapshot every few actions (and of the final state); the log entries after
        // the last one rebuild the state at load.
        let snapshot = (over || meta.version % SNAPSHOT_EVERY == 0).then(|| next.snapshot());
        let before = self.hand_texts(active);
        let (was_awaiting, was_awaited_players) = batch
            .was_awaiting
            .get_or_insert_with(|| (game.awaiting(), active.awaited_players()))
            .clone();
        let news_before = active.news.clone();
        let mut next = Active::new(meta, Some(next));
        next.news = news_before.clone();
        if mover == Mover::Player {
            // They acted: they have seen their news.
            next.news.retain(|(s, _)| *s != seat);
        }
        let private = self.hand_texts(&next);
        let mut out = Vec::new();
        batch.tell(
            mover.headline(post, names.get(seat).map_or("?", String::as_str)),
            &told,
        );
        if mover == Mover::TimedOut {
            batch.played.push((seat, applied.text.clone()));
        }
        for n in applied.narrations {
            if let rules::Audience::Seat(s) = n.audience {
                // Private news reads in its seat's language where the game gave a phrase.
                let text = match &n.phrase {
                    Some(p) => words::phrase(self.seat_lang(&next, s), p, &names),
                    None => n.text,
                };
                batch.news.push((s, text));
            }
        }
        let told = over || batch.last;
        if told {
            let mut news = std::mem::take(&mut batch.news);
            let game_id = next.meta.game.clone();
            let named = |lang: Lang, text: &str| (self.move_names)(lang, &game_id, text);
            for (s, text) in batch.timed_out_news(|seat| self.seat_lang(&next, seat), named) {
                self.tell_privately(&next, s, |_| text, &mut news, &mut out);
            }
            next.add_news(news);
        }
        out.extend(hands::hand_updates(
            &next,
            &private,
            Some((&before, &news_before)),
        ));
        next.private = Some((self.seat_langs(&next), private));
        if over {
            let mut msg = batch.lines.join("\n");
            msg.push_str("\n\n");
            // The events, the board's first line and the scores; the final board is the
            // message's picture (the terminal prints its text).
            if let Some(g) = &next.game {
                msg.push_str(&g.public_headline(&names, &words::Speaker::new(post, &names)));
                msg.push_str("\n\n");
                if let Some(o) = g.outcome() {
                    msg.push_str(&text::outcome(post, &o, &names));
                }
            }
            let mut end = Delivery::channel(msg);
            if let Delivery::Channel { picture, .. } = &mut end {
                *picture = Some(next.picture_of(None));
            }
            out.insert(0, end);
            out.extend(self.end_dms(&next));
        } else if told && !batch.quiet {
            // A move nobody else may learn of (and that leaves the same players awaited)
            // gets no channel message at all: even "something happened" would tell.
            // So does a secret move the bot made for a timed-out player: "I moved for
            // them" with the same player still awaited would tell.
            let silent = !batch.events
                && next.game.as_ref().map(|g| g.awaiting()).as_ref() == Some(&was_awaiting);
            if !silent {
                out.insert(0, turn_message(&next, batch.lines.join("\n"), post));
            }
            self.turn_news(&next, &was_awaiting, &mut out);
        }
        // Everyone else in this phase has moved: the reminders say so.
        let now_awaited = next.awaited_players();
        let held_up = !now_awaited.is_empty()
            && now_awaited.len() < was_awaited_players.len()
            && now_awaited.iter().all(|s| was_awaited_players.contains(s));
        let mut timers = self.timers_after(&next, held_up, now_ms);
        if !batch.events
            && !over
            && next.game.as_ref().map(|g| g.awaiting()).as_ref() == Some(&was_awaiting)
        {
            // Nobody was told of this move: the awaited players' clocks run on.
            self.keep_clocks(next.meta.channel, &mut timers);
        }
        if batch.quiet {
            // A bot chain goes on: its next move is due now, counted in the chain.
            for t in timers.iter_mut().filter_map(|c| c.timer.as_mut()) {
                if t.kind == storage::TimerKind::StandIn {
                    t.due_ms = now_ms;
                    t.count = batch.chain.unwrap_or(0) + 1;
                }
            }
        }
        // The move, its log entry, everything it must send and its timers: one
        // transaction.
        let change = Change {
            snapshot: snapshot.as_deref(),
            entry: Some(&entry),
            timers: &timers,
            ..Change::meta(&next.meta)
        };
        if self.commit(change, &mut out).is_err() {
            return out;
        }
        if over {
            // Archiving frees the channel; if it fails (or the process dies first) the
            // finished game is archived at the next load or start-up.
            if let Err(e) = self.archive_active(&next) {
                tracing::error!(channel = next.meta.channel, error = %e, "archive failed; will retry at load");
                slot.active = Some(next);
            } else {
                slot.active = None;
            }
        } else {
            slot.active = Some(next);
        }
        out
    }

    fn scores(&self, slot: &Slot, channel: ChannelId, lang: Lang) -> Vec<Delivery> {
        if let Some(active) = &slot.active {
            if let Some(game) = &active.game {
                return vec![Delivery::ephemeral(words::text(
                    lang,
                    "table-scores-now",
                    &[(
                        "board",
                        game.public_text(
                            &active.names(),
                            &words::Speaker::new(lang, &active.names()),
                        )
                        .into(),
                    )],
                ))];
            }
        }
        match self.last_finished(channel) {
            Ok(Some(entry)) => {
                let names = shown_names(&entry.meta);
                // The final state gives the outcome with its phrases (the reader's
                // language); the stored JSON is the fallback.
                let outcome: Option<rules::Outcome> = rules::catalog::find(&entry.meta.game)
                    .and_then(|k| (k.restore)(&entry.snapshot).ok())
                    .and_then(|g| g.outcome())
                    .or_else(|| entry.outcome.and_then(|o| serde_json::from_value(o).ok()));
                let title = rules::catalog::find(&entry.meta.game).map_or("game", |k| k.title);
                match outcome {
                    Some(o) => vec![Delivery::ephemeral(words::text(
                        lang,
                        "table-last-game",
                        &[
                            ("game", title.into()),
                            ("outcome", text::outcome(lang, &o, &names).into()),
                        ],
                    ))],
                    None => vec![Delivery::ephemeral(words::text(
                        lang,
                        "table-last-result-unreadable",
                        &[],
                    ))],
                }
            }
            Ok(None) => vec![Delivery::ephemeral(words::text(
                lang,
                "table-no-game-finished",
                &[],
            ))],
            Err(e) => vec![Delivery::ephemeral(text::store_failed(lang, &e))],
        }
    }

    /// The newest game of `channel`'s archive played to the end (with an outcome): the
    /// archive's game ids are listed newest first and the games read one at a time until
    /// one is found, so older games are never decoded. An unreadable game is passed over
    /// (and logged) rather than hiding the others.
    fn last_finished(
        &self,
        channel: ChannelId,
    ) -> Result<Option<ArchiveEntry>, storage::StoreError> {
        for game_id in self.store.archived_ids(channel)? {
            match self.store.archived_game(channel, game_id) {
                Ok(Some(entry)) if entry.outcome.is_some() => return Ok(Some(entry)),
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(channel, game_id, error = %e, "skipping an unreadable archived game")
                }
            }
        }
        Ok(None)
    }

    fn log(&self, slot: &Slot, lang: Lang) -> Vec<Delivery> {
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        match self.store.log(active.meta.game_id) {
            Ok(entries) => {
                // The log keeps the English: another language replays it for phrases.
                let phrases = if lang == Lang::En {
                    Vec::new()
                } else {
                    history::log_phrases(&active.meta, &entries)
                };
                let names = active.names();
                vec![Delivery::ephemeral(text::log(
                    lang, &entries, &phrases, &names,
                ))]
            }
            Err(e) => vec![Delivery::ephemeral(text::log_unreadable(lang, &e))],
        }
    }
}

/// Who makes a move: the player, the bot for a player whose time ran out, the bot for a
/// seat whose player left, the bot for a seat handed to it until its player is back, or a
/// bot seated at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mover {
    Player,
    TimedOut,
    StandIn,
    Away,
    Bot,
}

impl Mover {
    /// The line above the move's public narration, in the channel's `lang`.
    fn headline(self, lang: Lang, name: &str) -> Vec<String> {
        let key = match self {
            Mover::Player | Mover::Bot => return vec![],
            Mover::TimedOut => "table-moved-timed-out",
            Mover::StandIn => "table-moved-stand-in",
            Mover::Away => "table-moved-away",
        };
        vec![words::text(lang, key, &[("name", name.into())])]
    }
}

/// The caller's seat if the game is running and awaits them; else the refusal's text
/// (in the caller's language).
fn awaited_seat(active: &Active, caller: &Caller) -> Result<Seat, String> {
    let lang = caller.lang;
    let Some(game) = &active.game else {
        return Err(words::text(
            lang,
            "table-not-started-host-starts",
            &[("host", active.host_name(lang).into())],
        ));
    };
    let seat = active
        .seat_of(caller.user)
        .ok_or_else(|| text::not_seated(lang))?;
    if active.meta.dropped.contains(&seat) {
        return Err(words::text(lang, "table-seat-left", &[]));
    }
    if active.meta.away.contains(&seat) {
        return Err(words::text(lang, "table-seat-away", &[]));
    }
    let awaiting = game.awaiting();
    if !awaiting.contains(&seat) {
        return Err(words::text(
            lang,
            "table-not-your-turn",
            &[(
                "names",
                text::name_list(lang, &active.names(), &awaiting).into(),
            )],
        ));
    }
    Ok(seat)
}

/// Rebuilds a channel's game from its stored record: the snapshot, then the actions
/// logged after it; `Err` is the reason to quarantine it. `None` in the lobby.
pub fn restore_record(record: &storage::Record) -> Result<Option<Box<dyn DynGame>>, String> {
    let mut game = restore(&record.meta, record.snapshot.as_deref())?;
    if let Some(game) = &mut game {
        let first = record.meta.version.saturating_sub(record.tail.len() as u64);
        apply_logged_actions(game.as_mut(), &record.tail).map_err(|(at, e)| {
            let action = first + at as u64 + 1;
            // The engine's reason can name a hand: for the operator's log only (the
            // reason returned is shown in the channel).
            tracing::warn!(channel = record.meta.channel, action, error = %e, "a logged action was refused on replay");
            format!("action {action} of the log could not be replayed")
        })?;
    }
    Ok(game)
}

/// Applies logged actions to a game, in order; `Err` is the position in `tail` of the
/// one refused and the engine's reason.
pub fn apply_logged_actions(
    game: &mut dyn DynGame,
    tail: &[LogEntry],
) -> Result<(), (usize, String)> {
    for (at, entry) in tail.iter().enumerate() {
        if entry.undoes().is_some() {
            // An undo is stored with the snapshot it restores, so it never follows one.
            return Err((at, "an undo cannot be applied after a snapshot".into()));
        }
        game.apply_logged(entry.seat, &entry.action)
            .map_err(|e| (at, e.text))?;
    }
    Ok(())
}

/// A move's public narration as the channel reads it: `public` (the English) unless the
/// channel speaks another language and the game gave phrases, which are then put into
/// words in it. The channel's language is read only for a game with phrases.
fn told_in_channel(
    table: &Table,
    meta: &Meta,
    narrations: &[rules::dynamic::Narration],
    public: &[String],
    names: &[String],
) -> Vec<String> {
    let everyone = || {
        narrations
            .iter()
            .filter(|n| n.audience == rules::Audience::Everyone)
    };
    if everyone().all(|n| n.phrase.is_none()) {
        return public.to_vec();
    }
    let lang = table.post_lang(meta);
    if lang == words::Lang::En {
        return public.to_vec();
    }
    everyone()
        .map(|n| match &n.phrase {
            Some(phrase) => words::phrase(lang, phrase, names),
            None => n.text.clone(),
        })
        .collect()
}

/// Rebuilds a game from a snapshot of its current state; `Err` is the reason to
/// quarantine it.
fn restore(meta: &Meta, snapshot: Option<&[u8]>) -> Result<Option<Box<dyn DynGame>>, String> {
    let kind =
        rules::catalog::find(&meta.game).ok_or_else(|| format!("unknown game `{}`", meta.game))?;
    match (meta.status, snapshot) {
        (Status::Lobby, _) => Ok(None),
        // A lobby closed before it started (a crash stopped its discarding): no state.
        (Status::Abandoned, None) => Ok(None),
        (_, None) => Err("the game state is missing".into()),
        (_, Some(bytes)) => (kind.restore)(bytes)
            .map(Some)
            .map_err(|e| format!("game state unreadable: {e}")),
    }
}

/// A prompt for every awaited seat. The legal actions are not in it: they can reveal a
/// hand (payments) or money (bid ranges), so adapters fetch them privately per player.
fn prompts_of(active: &Active) -> Vec<TurnPrompt> {
    let Some(game) = &active.game else {
        return vec![];
    };
    game.awaiting()
        .iter()
        .filter(|seat| !active.played_by_table(**seat))
        .filter_map(|&seat| {
            let user = active.meta.seats.get(seat)?;
            Some(TurnPrompt {
                seat,
                user: user.user,
                name: text::one_line(&user.name, NAME_CHARS),
                state: active.public_version(),
            })
        })
        .collect()
}

/// What happened and who must act: the turn prompt message. The board itself is not
/// written out: the message names the board's picture at this version (Discord attaches
/// it, the terminal prints the board's text, see [`Table::board_text`]), and only its
/// first line (whose turn, the round) is in the text.
fn turn_message(active: &Active, headline: String, lang: Lang) -> Delivery {
    let Some(game) = &active.game else {
        return Delivery::channel(headline);
    };
    let names = active.names();
    let prompts = prompts_of(active);
    let state_line = game.public_headline(&names, &words::Speaker::new(lang, &names));
    let waiting = text::waiting_for(lang, &names, &game.awaiting());
    let text = text::summary(lang, &headline, &state_line, &waiting, usize::MAX);
    // For chat: at most SUMMARY_CHARS; a long headline gives way to a pointer to the log.
    let summary = text::summary(lang, &headline, &state_line, &waiting, text::SUMMARY_CHARS);
    Delivery::Channel {
        summary: (summary != text).then_some(summary),
        text,
        mentions: prompts.iter().map(|p| p.user).collect(),
        prompts,
        picture: Some(active.picture_of(None)),
        link_turn: false,
        approval: None,
        lobby: None,
        outbox: None,
    }
}

/// The players' names of `meta` as messages show them (escaped: see [`escape_name`]),
/// by seat.
fn shown_names(meta: &Meta) -> Vec<String> {
    meta.seats.iter().map(|s| escape_name(&s.name)).collect()
}

/// A picture of `game` for everyone (`seat: None`) or for one seat, in `lang`. A picture
/// shows the names as they are (no markdown there), on one line and cut to [`NAME_CHARS`].
fn draw(game: &dyn DynGame, meta: &Meta, seat: Option<Seat>, lang: words::Lang) -> Option<Vec<u8>> {
    let names: Vec<String> = meta
        .seats
        .iter()
        .map(|s| text::one_line(&s.name, NAME_CHARS))
        .collect();
    match seat {
        None => render::public_png(&game.public_picture_view(), &names, lang),
        Some(seat) => render::private_png(&game.private_picture_view(seat), &names, lang),
    }
}

fn status(slot: &Slot, lang: Lang) -> Vec<Delivery> {
    let Some(active) = &slot.active else {
        return vec![Delivery::ephemeral(text::no_table(lang))];
    };
    let Some(game) = &active.game else {
        return vec![Delivery::ephemeral(words::text(
            lang,
            "lobby-status",
            &[
                ("game", active.title().into()),
                ("seats", text::seat_list(&active.meta).into()),
                ("host", active.host_name(lang).into()),
            ],
        ))];
    };
    let names = active.names();
    let board = game.public_text(&names, &words::Speaker::new(lang, &names));
    let waiting = text::waiting_for(lang, &names, &game.awaiting());
    let state_line = board.lines().next().unwrap_or_default();
    vec![Delivery::Ephemeral {
        summary: Some(format!("{state_line}\n{waiting}")),
        text: format!("{board}\n\n{waiting}"),
        picture: Some(active.picture_of(None)),
    }]
}

fn hand(slot: &Slot, caller: &Caller) -> Vec<Delivery> {
    let lang = caller.lang;
    let Some(active) = &slot.active else {
        return vec![Delivery::ephemeral(text::no_table(lang))];
    };
    let Some(seat) = active.seat_of(caller.user) else {
        return vec![Delivery::ephemeral(text::not_seated(lang))];
    };
    match &active.game {
        Some(game) => {
            let names = active.names();
            let t = game.private_text(seat, &names, &words::Speaker::new(lang, &names));
            if t.trim().is_empty() {
                return vec![Delivery::ephemeral(words::text(
                    lang,
                    "table-no-hidden-information",
                    &[],
                ))];
            }
            vec![Delivery::Ephemeral {
                text: t,
                summary: None,
                picture: Some(active.picture_of(Some(seat))),
            }]
        }
        None => vec![Delivery::ephemeral(words::text(
            lang,
            "table-not-started",
            &[],
        ))],
    }
}

fn rules_help(slot: &Slot, game: Option<&str>, topic: Option<&str>, lang: Lang) -> Vec<Delivery> {
    let kind = match game {
        Some(g) => rules::catalog::find(g),
        None => slot.active.as_ref().and_then(Active::kind),
    };
    match kind {
        Some(kind) => text::rules_pages(lang, &text::rules_text(kind, lang), topic)
            .into_iter()
            .map(Delivery::ephemeral)
            .collect(),
        None => vec![Delivery::ephemeral(text::game_list(lang))],
    }
}

/// What a commit stores besides its deliveries.
#[derive(Clone, Copy)]
struct Change<'a> {
    meta: &'a Meta,
    snapshot: Option<&'a [u8]>,
    entry: Option<&'a LogEntry>,
    timers: &'a [TimerChange],
    /// The seats changed (users who left): re-index the players' channels.
    seats: Option<&'a [UserId]>,
    /// The language of the apology when nothing could be stored (the caller's).
    reader: Lang,
}

impl<'a> Change<'a> {
    fn meta(meta: &'a Meta) -> Self {
        Change {
            meta,
            snapshot: None,
            entry: None,
            timers: &[],
            seats: None,
            reader: Lang::En,
        }
    }

    /// The same change, made for a caller reading `lang` (its apology if not stored).
    fn for_reader(self, lang: Lang) -> Self {
        Change {
            reader: lang,
            ..self
        }
    }

    /// A change of who sits at the table (`left`: users who gave up their seat).
    fn seats(meta: &'a Meta, left: &'a [UserId]) -> Self {
        Change {
            seats: Some(left),
            ..Change::meta(meta)
        }
    }
}

/// Outbox rows for the outgoing deliveries of `out`, due at `due_ms`, in order.
fn outbox_rows(channel: ChannelId, out: &[Delivery], due_ms: u64) -> Vec<NewOutbox> {
    out.iter()
        .filter(|d| d.is_outgoing())
        .map(|d| NewOutbox {
            channel,
            due_ms,
            payload: d.encode(due_ms),
        })
        .collect()
}
