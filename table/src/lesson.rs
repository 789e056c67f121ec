//! The lesson under way in a loaded channel (`learn/`), kept in its slot.

use crate::UserId;

/// The lesson under way in a loaded channel: the learner and the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Lesson {
    pub(crate) learner: UserId,
    pub(crate) game_id: u64,
    /// The learner's decisions the coach has told so far.
    pub(crate) told: u32,
    /// The game's version when the decision under way was told (its suggestion's key).
    pub(crate) at: u64,
}
