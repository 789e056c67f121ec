//! The normal bot's moves for a timed-out turn under the `auto` policy: every decision
//! of the seat's turn, searched from that seat's own knowledge only (ISMCTS over
//! `Game::determinize`) on the table's [`Thinker`](crate::Thinker) — on its pool, off
//! the channel lock, for the Discord bot; at once for tests and the local table.

use crate::think::{search_seed, Thinker};
use crate::timers::TURN_DECISIONS;
use crate::{Active, Slot, Table};
use rules::{DynGame, Seat};
use storage::{ChannelId, Timer};

/// The level that plays a timed-out turn (and a seat handed to a bot, and a hint).
pub(crate) const TIMEOUT_LEVEL: ai::Level = ai::Level::Normal;

/// The bot's moves for `seats` whose time ran out: for each in turn, its decisions while
/// it stays awaited (at most [`TURN_DECISIONS`]), searched and applied on a copy of
/// `game` (at `version`, of the game seeded `game_seed`: the searches' seeds), so that
/// the real moves can be stored one by one and told as one.
pub(crate) fn bot_turn_plan(
    thinker: &Thinker,
    game: &dyn DynGame,
    (game_seed, version): (u64, u64),
    seats: &[Seat],
    names: &[String],
) -> Vec<(Seat, String)> {
    let mut game = game.box_clone();
    let mut plan = Vec::new();
    for &seat in seats {
        for _ in 0..TURN_DECISIONS {
            if game.is_over() || !game.awaiting().contains(&seat) {
                break;
            }
            let seed = search_seed(game_seed, version + plan.len() as u64, seat);
            let Some(line) = thinker.best_move(game.as_ref(), seat, TIMEOUT_LEVEL, seed) else {
                break;
            };
            if game.apply_text(seat, &line, names).is_err() {
                break;
            }
            plan.push((seat, line));
        }
    }
    plan
}

impl Table {
    /// [`bot_turn_plan`] for the awaited `seats` of `active`, searched at once (the
    /// inline thinker).
    pub(crate) fn bot_turn_plan(&self, active: &Active, seats: &[Seat]) -> Vec<(Seat, String)> {
        let Some(game) = active.game.as_ref() else {
            return vec![];
        };
        bot_turn_plan(
            &self.thinker,
            game.as_ref(),
            (active.meta.seed, active.meta.version),
            seats,
            &active.names(),
        )
    }

    /// A timeout under `auto` with a search pool: the timed-out turn is searched on the
    /// pool from a copy of the game, and played by a later pass of the timers only if
    /// that timer (postponed past the search's safety deadline first, so a crash while it
    /// runs fires it again) is still the stored one — the game did not move meanwhile.
    pub(crate) fn think_timeout(&self, slot: &Slot, channel: ChannelId, timer: Timer) {
        let Some(active) = slot.active.as_ref() else {
            return;
        };
        let Some(game) = active.game.as_ref() else {
            return;
        };
        let seats = active.awaited_players();
        let decisions = u64::try_from(seats.len() * TURN_DECISIONS).unwrap_or(u64::MAX);
        let Some(permit) = self.admit_due(active.meta.guild, channel, timer) else {
            return;
        };
        let Some(postponed) = self.postpone(channel, timer, TIMEOUT_LEVEL, decisions) else {
            return;
        };
        let copy = game.box_clone();
        let thinker = self.thinker.clone();
        let at = (active.meta.seed, active.meta.version);
        let names = active.names();
        // Should the search itself fail, the game's fixed moves (the `default` policy's).
        let fallback = crate::timers::timeout_plan(active, &seats, storage::TimeoutPolicy::Default);
        self.thinker
            .plan(channel, postponed, permit, fallback, move || {
                bot_turn_plan(&thinker, copy.as_ref(), at, &seats, &names)
            });
    }
}
