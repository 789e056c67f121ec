//! How a table is set up: cache size, clock, timing defaults, bots' pace and search, move names.

use crate::{bots, Clock, Defaults, Lang, Minimums, SystemClock, Thinker, DEFAULT_CACHE_GAMES};
use std::sync::Arc;

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
