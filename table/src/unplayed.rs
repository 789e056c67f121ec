//! A turn the table plays (a bot's seat, or one whose player left or is away) that could
//! not be played when its timer fired — the search found no move, the rules refused the
//! move found, or storing it failed — is never dropped while that seat is awaited: its
//! stored timer is set again with a doubling backoff (0.5 s, 1 s, 2 s) for a new try, and
//! after [`RETRIES`] tries the table plays the fallback move itself (the game's default
//! move, else the first legal move the rules accept). Only a seat for which no move at
//! all is accepted lets its timer go, logged as an error. The tries are counted in the
//! channel's slot (memory only: after a restart they start again).

use crate::bot_move::{BotMove, Unplayed};
use crate::hands::Batch;
use crate::{Active, ChannelId, Delivery, Slot, Table};
use rules::{Absent, Seat};
use storage::{Status, Timer};

/// Tries of a turn the table plays before its fallback move is played.
pub(crate) const RETRIES: u32 = 3;

/// The first delay before a turn that could not be played is tried again, ms (then
/// doubled each time).
const FIRST_DELAY_MS: u64 = 500;

/// Legal moves the fallback tries at most (after the default move).
const FALLBACK_MOVES: usize = 64;

/// The delay before the try after `tries` failed ones.
pub(crate) fn retry_delay_ms(tries: u32) -> u64 {
    FIRST_DELAY_MS.saturating_mul(1u64 << tries.min(16))
}

impl Active {
    /// The awaited seat the table plays next, with its level: one whose player left (or
    /// is away under the `bot` policy) first, else a seated bot.
    pub(crate) fn table_turn(&self) -> Option<(Seat, ai::Level)> {
        self.next_stand_in().or_else(|| {
            self.awaited_bot()
                .map(|(seat, level)| (seat, crate::bots::ai_level(level)))
        })
    }
}

impl Table {
    /// `timer` (the stored stand-in timer) fired and no move was played at its version.
    /// While the table still has a seat to play there, the timer is set again with a
    /// backoff, and after [`RETRIES`] tries the fallback move is played (see the
    /// module). Returns what that move sends.
    pub(crate) fn turn_unplayed(
        &self,
        slot: &mut Slot,
        channel: ChannelId,
        timer: Timer,
    ) -> Vec<Delivery> {
        let seat = slot
            .active
            .as_ref()
            .filter(|a| {
                a.meta.game_id == timer.game_id
                    && a.meta.version == timer.version
                    && a.meta.status == Status::Running
            })
            .and_then(Active::table_turn)
            .map(|(seat, _)| seat);
        let Some(seat) = seat else {
            // No seat of the table's is awaited at this version: nothing to play.
            self.drop_timer(channel, &timer);
            return vec![];
        };
        let tries = slot
            .unplayed
            .filter(|u| u.game_id == timer.game_id && u.version == timer.version)
            .map_or(0, |u| u.tries);
        if tries < RETRIES {
            slot.unplayed = Some(Unplayed {
                game_id: timer.game_id,
                version: timer.version,
                tries: tries + 1,
            });
            let again = Timer {
                due_ms: self.now_ms().saturating_add(retry_delay_ms(tries)),
                ..timer
            };
            tracing::warn!(
                channel,
                seat,
                tries = tries + 1,
                "a bot's turn could not be played: tried again later"
            );
            // Only while the stored timer is still this one: a newer one stays.
            if let Err(e) = self.store.replace_timer(channel, &timer, Some(again)) {
                tracing::error!(channel, error = %e, "cannot set a bot's turn to be tried again");
            }
            return vec![];
        }
        slot.unplayed = None;
        tracing::warn!(
            channel,
            seat,
            "a bot's turn could not be played after its tries: its fallback move is played"
        );
        let out = self.play_fallback(slot, seat, timer);
        let unchanged = slot
            .active
            .as_ref()
            .is_some_and(|a| a.meta.version == timer.version);
        if unchanged && !crate::pause::holds_a_move(slot) {
            tracing::error!(
                channel,
                seat,
                "a bot's turn cannot be played: the rules accept none of its moves"
            );
            self.drop_timer(channel, &timer);
        }
        out
    }

    /// Plays `seat`'s fallback move at `timer`'s version: the game's default move, else
    /// the first of its legal moves the rules accept. Nothing when none is.
    fn play_fallback(&self, slot: &mut Slot, seat: Seat, timer: Timer) -> Vec<Delivery> {
        let Some(active) = slot.active.as_ref() else {
            return vec![];
        };
        let Some(game) = active.game.as_ref() else {
            return vec![];
        };
        let mut lines: Vec<String> = game.absent_text(seat, Absent::Auto).into_iter().collect();
        for line in game.legal_texts(seat).into_iter().take(FALLBACK_MOVES) {
            if !lines.contains(&line) {
                lines.push(line);
            }
        }
        let seated_bot = active.bot_level(seat).is_some() && !active.meta.dropped.contains(&seat);
        let mover = active.bot_mover(seat);
        for line in lines {
            let out = if seated_bot {
                let mv = BotMove {
                    seat,
                    game_id: timer.game_id,
                    version: timer.version,
                    line,
                };
                self.play_bot_move(slot, &mv, timer.count)
            } else {
                self.play_seat_in(slot, seat, &line, mover, &mut Batch::single())
            };
            let moved = slot
                .active
                .as_ref()
                .is_none_or(|a| a.meta.version != timer.version);
            if moved || crate::pause::holds_a_move(slot) {
                return out.into_iter().filter(Delivery::is_outgoing).collect();
            }
        }
        vec![]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_retry_delay_doubles() {
        let delays: Vec<u64> = (0..RETRIES).map(retry_delay_ms).collect();
        assert_eq!(delays, vec![500, 1_000, 2_000]);
        assert_eq!(retry_delay_ms(u32::MAX), 500 << 16);
    }
}
