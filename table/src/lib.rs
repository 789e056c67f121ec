//! Transport-neutral channel sessions: one game per channel, from lobby to archive.
//!
//! A command arrives as `(channel, caller, command)` and returns [`Delivery`]s. Commands
//! on one channel are serialized by a per-channel lock; different channels proceed in
//! parallel. Every accepted action is stored (snapshot + log entry + metadata, flushed)
//! before the deliveries are returned; a refused action stores nothing and answers the
//! caller privately with the rule's sentence.

mod active;
mod archive;
mod away;
mod bot_move;
mod botplay;
mod bots;
mod caller;
mod change;
pub mod clock;
mod command;
mod commit;
mod delivery;
mod drawing;
mod end_message;
mod export_game;
mod handle;
mod hands;
mod hint;
mod history;
mod ladder_view;
mod language;
pub mod learn;
mod lesson;
mod lobby;
mod moves;
mod notes;
mod notify;
mod options;
mod outbox;
mod pause;
mod picker;
mod private;
mod proposal;
mod public;
mod rated;
mod rating_board;
mod rating_reply;
pub mod ratings;
pub mod record;
mod restore;
mod searchcap;
mod seasons;
mod slots;
mod social;
mod switch;
mod text;
mod text_board;
pub mod think;
mod timers;
pub mod timing;
pub mod tournament;
pub mod tournament_run;
mod undo;
mod unplayed;
mod views;
pub use text::{
    escape_name, escape_user_text, one_line, rules_pages, rules_text, rules_topics,
    unescape_user_text, NAME_CHARS,
};

pub use bots::{bot_name, BOT_NAMES, DEFAULT_BOT_DELAY_MS};
pub use caller::Caller;
pub use clock::{Clock, FastClock, ManualClock, SystemClock};
pub use command::{parse_bots, Command, ParseRefusal, TABLE_WORDS};
pub use delivery::{Approval, Delivery, LobbyButtons, PictureOf, StateVersion, TurnPrompt};
pub use drawing::Picture;
pub use export_game::{ExportFormat, ExportedGame};
pub use hands::{hand_body, hand_body_in};
pub use history::{HistoryGame, HistoryMove, HistoryPage};
pub use ladder_view::LadderView;
pub use language::POST_LANG_FOR_MS;
pub use notify::Notify;
pub use options::{typed_move_names, MoveNamer, TableOptions};
pub use outbox::Pending;
pub use proposal::PROPOSAL_LIFETIME_MS;
pub use rating_board::{board_of, BOARD_ROWS};
pub use restore::{apply_logged_actions, restore_record};
pub use seasons::{Season, SEASON_NAME_MAX};
pub use social::MyGame;
pub use storage::{BotLevel, ChannelId, SeatedUser, TimeoutPolicy, UserId};
pub use think::Thinker;
pub use timing::{Defaults, Minimums, SettingsChange};
pub use undo::UNDO_LIFETIME_MS;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use storage::Store;
pub use words::Lang;

pub(crate) use active::Active;
pub(crate) use change::Change;
pub(crate) use drawing::{draw, shown_names};
pub(crate) use moves::{awaited_seat, turn_message, Mover};
pub(crate) use slots::Slot;
use slots::Slots;

/// Loaded games kept in memory when no capacity is configured.
pub const DEFAULT_CACHE_GAMES: usize = 1_000;

/// A game's state is stored with every this many actions (and when it ends); a load
/// applies the actions logged since (at most this many less one) to the last one. Each
/// action still stores its log entry: storing the whole state with every action was
/// most of the bytes written.
pub const SNAPSHOT_EVERY: u64 = 8;

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
}
