//! A bot's move worked out off the channel lock, the pause of a bots' chain that holds
//! it until it may be played, and the count of a bot's turn that could not be played.

use rules::Seat;

/// A bot's move worked out off the channel lock: which seat, at which version, and the
/// move's text (what `DynGame::apply_text` reads).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BotMove {
    pub seat: Seat,
    pub game_id: u64,
    pub version: u64,
    pub line: String,
}

/// A chain's pause: when its told move may be played, and that move once found early.
#[derive(Debug, Clone)]
pub(crate) struct BotPause {
    pub(crate) game_id: u64,
    /// The version of the chain's first timer (the chain it belongs to).
    pub(crate) version: u64,
    pub(crate) until_ms: u64,
    pub(crate) held: Option<BotMove>,
}

/// How many times the turn the table plays at one version of one game could not be
/// played (`unplayed.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Unplayed {
    pub(crate) game_id: u64,
    pub(crate) version: u64,
    pub(crate) tries: u32,
}
