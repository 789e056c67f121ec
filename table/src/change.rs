//! What a commit stores besides its deliveries: the metadata, the game's state and log
//! entry, timers, and who left.

use crate::Lang;
use storage::{LogEntry, Meta, TimerChange, UserId};

/// What a commit stores besides its deliveries.
#[derive(Clone, Copy)]
pub(crate) struct Change<'a> {
    pub(crate) meta: &'a Meta,
    pub(crate) snapshot: Option<&'a [u8]>,
    pub(crate) entry: Option<&'a LogEntry>,
    pub(crate) timers: &'a [TimerChange],
    /// The seats changed (users who left): re-index the players' channels.
    pub(crate) seats: Option<&'a [UserId]>,
    /// The language of the apology when nothing could be stored (the caller's).
    pub(crate) reader: Lang,
}

impl<'a> Change<'a> {
    pub(crate) fn meta(meta: &'a Meta) -> Self {
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
    pub(crate) fn for_reader(self, lang: Lang) -> Self {
        Change {
            reader: lang,
            ..self
        }
    }

    /// A change of who sits at the table (`left`: users who gave up their seat).
    pub(crate) fn seats(meta: &'a Meta, left: &'a [UserId]) -> Self {
        Change {
            seats: Some(left),
            ..Change::meta(meta)
        }
    }
}
