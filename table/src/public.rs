//! What a channel member may learn of a game's position, as a number: a digest of its
//! public board (written through `rules::Keys`, so without any language) and of who is
//! awaited. Channel messages carry it where they name a position (the turn message's
//! button ids, its picture), never the game's action count: a move nobody is told of
//! (an Estates stash) changes the count but not this digest, so the channel's payloads
//! do not change with it. Nor do the awaited players' clocks: such a move leaves their
//! reminder and timeout due when they were (`Table::keep_clocks`), so a reminder's time
//! tells nothing of it either.

use crate::{Active, ChannelId, PictureOf, StateVersion, Table};
use rules::{DynGame, Seat};
use storage::{TimerChange, TimerKind};

/// The digest of `game`'s public position (32 bits, never 0: 0 means "none").
pub(crate) fn digest(game: &dyn DynGame, names: &[String]) -> u64 {
    let board = game.public_text(names, &rules::Keys);
    let awaiting: Vec<Seat> = game.awaiting();
    // FNV-1a over the board, a separator, the awaited seats and whether it is over.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let bytes = board
        .bytes()
        .chain(std::iter::once(0xff))
        .chain(awaiting.iter().flat_map(|s| (*s as u64).to_le_bytes()))
        .chain(std::iter::once(u8::from(game.is_over())));
    for byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    ((hash ^ (hash >> 32)) & 0xffff_ffff).max(1)
}

impl Active {
    /// The public digest of the running game's position (0 without a game).
    pub(crate) fn public_digest(&self) -> u64 {
        self.game.as_deref().map_or(0, |g| digest(g, &self.names()))
    }

    /// The version a turn message's buttons carry: the game and its public digest.
    pub(crate) fn public_version(&self) -> StateVersion {
        StateVersion {
            game_id: self.meta.game_id,
            version: self.public_digest(),
        }
    }

    /// Whether the picture `of` is what this game shows now: its version, or (the public
    /// board) the same public position, whatever moves nobody was told of came since.
    pub(crate) fn shows(&self, of: &PictureOf) -> bool {
        self.meta.version == of.version
            || (of.seat.is_none() && of.view != 0 && of.view == self.public_digest())
    }
}

impl Table {
    /// After a move nobody was told of that leaves the same players awaited: the
    /// reminder and timeout in `timers` (set for the new version) keep the due time and
    /// count of those stored for the game, which the channel could time.
    pub(crate) fn keep_clocks(&self, channel: ChannelId, timers: &mut [TimerChange]) {
        for t in timers.iter_mut().filter_map(|c| c.timer.as_mut()) {
            if !matches!(t.kind, TimerKind::Remind | TimerKind::Timeout) {
                continue;
            }
            match self.store.timer(channel, t.kind) {
                Ok(Some(old)) if old.game_id == t.game_id => {
                    t.due_ms = old.due_ms;
                    t.count = old.count;
                    t.held_up = old.held_up;
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(channel, error = %e, "cannot read a timer to keep it"),
            }
        }
    }
}
