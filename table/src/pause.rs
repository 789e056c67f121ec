//! The pause before a bot's told move. A bot starts thinking as soon as it is awaited
//! (its `StandIn` timer is due at once), and the moves nobody is told of (an Estates
//! stash) and the quiet moves of a chain are played as soon as they are found; the move
//! the channel is told of waits until `[bots] delay_ms` after the chain began. So the
//! message comes `delay_ms` after the one before it however many searches the chain took
//! (as long as they fit in the pause): its time tells nothing of the silent moves
//! before it. The pause and a move waiting for its end are kept in the channel's slot
//! (memory only: after a restart the search runs again and its move waits anew).

use crate::bot_move::{BotMove, BotPause};
use crate::{Slot, Table};
use storage::{Timer, TimerKind};

impl Table {
    /// A `StandIn` timer fired: the first of a chain (count 0, due when the bot became
    /// awaited) starts the chain's pause, unless this chain's pause is already running.
    pub(crate) fn start_bot_pause(&self, slot: &mut Slot, timer: &Timer) {
        if timer.kind != TimerKind::StandIn || timer.count != 0 {
            return;
        }
        let running = slot
            .bot_pause
            .as_ref()
            .is_some_and(|p| p.game_id == timer.game_id && p.version == timer.version);
        if !running {
            slot.bot_pause = Some(BotPause {
                game_id: timer.game_id,
                version: timer.version,
                until_ms: timer.due_ms.saturating_add(self.bot_delay_ms),
                held: None,
            });
        }
    }

    /// Whether the told move `mv` must wait for its chain's pause: then it is kept and
    /// the channel's `StandIn` timer moved to the pause's end (nothing is played now).
    pub(crate) fn hold_bot_move(&self, slot: &mut Slot, mv: &BotMove) -> bool {
        let now = self.now_ms();
        let Some(channel) = slot.active.as_ref().map(|a| a.meta.channel) else {
            return false;
        };
        let Some(pause) = slot
            .bot_pause
            .as_mut()
            .filter(|p| p.game_id == mv.game_id && now < p.until_ms)
        else {
            return false;
        };
        let stored = match self.store.timer(channel, TimerKind::StandIn) {
            Ok(Some(t)) if t.game_id == mv.game_id && t.version == mv.version => t,
            _ => return false,
        };
        let moved = Timer {
            due_ms: pause.until_ms,
            ..stored
        };
        // Only while the stored timer is still the one read: another process may have
        // set a newer one since, which must not be replaced.
        match self.store.replace_timer(channel, &stored, Some(moved)) {
            Ok(true) => {}
            Ok(false) => return false,
            Err(e) => {
                tracing::error!(channel, error = %e, "cannot keep a bot's move for its pause; played now");
                return false;
            }
        }
        pause.held = Some(mv.clone());
        true
    }

    /// The told move found early for `timer`'s game and version, taken to be played.
    pub(crate) fn take_held_bot_move(&self, slot: &mut Slot, timer: &Timer) -> Option<BotMove> {
        let held = slot.bot_pause.as_mut()?.held.take()?;
        (held.game_id == timer.game_id && held.version == timer.version).then_some(held)
    }
}

/// Whether a told move waits for its pause in `slot` (its timer must stay).
pub(crate) fn holds_a_move(slot: &Slot) -> bool {
    slot.bot_pause.as_ref().is_some_and(|p| p.held.is_some())
}
