//! Determinization of The Estates: a full state one seat cannot tell apart from the real
//! one, for a search that must not see what the seat cannot see.
//!
//! What a seat cannot see:
//! - how each other player's money splits into cash and cash box (stashing is told only to
//!   the stasher; cash + cash box is public, since every payment is);
//! - whether the active player already stashed this turn, when that is someone else;
//! - the order of the roofs still in the bag (their values are known: the 12 roofs minus
//!   those turned face up);
//! - the 12 cubes left out of the round (their identity follows from the 24 seen, only
//!   their stored order differs);
//! - the RNG behind future chance (the next rounds' set-ups).
//!
//! A stash is only possible at the start of one's own turn, with cash left, and every bid
//! and every `keep` shows that the bidder held that much cash at that moment. The engine
//! keeps, per seat, the public bound those facts put on its stashes this round
//! ([`StashBound`]); the split is resampled uniformly among the counts the bound allows.
//! Everything hidden is first brought to a canonical form (sorted) and then shuffled with
//! the caller's RNG, so the result depends only on what the seat knows and that RNG.

use super::{Estates, Phase};
use crate::engine::{rng_from_seed, GameRng, Seat};
use rand::seq::SliceRandom;
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};

/// What everyone can work out about one seat's stashes in the current round.
///
/// With `turns` stash chances so far, a count of `s` stashes is possible iff
/// `s <= turns`, `s <= turns + slack` and `s <= cash + cash box` (money, public). Each
/// constraint "at that moment the seat had at least `a` cash" (a bid, a keep, a stash
/// needing $1M) with public money `m` after `t` of its turns gives `m - a - t` and
/// `slack` is the least of them: stashing as late as possible is the easiest way to meet
/// them all, and it meets a constraint exactly when `s <= turns + (m - a - t)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct StashBound {
    /// Turns this seat has started this round (each one chance to stash).
    pub turns: u32,
    /// The least `m - a - t` over the seat's cash constraints this round (`i64::MAX`: none).
    pub slack: i64,
}

impl Default for StashBound {
    fn default() -> Self {
        StashBound {
            turns: 0,
            slack: i64::MAX,
        }
    }
}

impl StashBound {
    /// Records a constraint: the seat held at least `amount` cash with public `money`.
    fn at_least(&mut self, money: u32, amount: u32) {
        let c = i64::from(money) - i64::from(amount) - i64::from(self.turns);
        self.slack = self.slack.min(c);
    }

    /// The most stashes `money` allows with `turns` chances.
    fn most(&self, turns: u32, money: u32) -> u32 {
        let turns = i64::from(turns);
        let most = turns
            .saturating_add(self.slack)
            .min(turns)
            .min(i64::from(money))
            .max(0);
        u32::try_from(most).unwrap_or(0)
    }
}

impl Estates {
    /// A seat's public money: cash + cash box (every payment is public).
    fn money(&self, seat: Seat) -> u32 {
        self.cash(seat) + self.cash_box(seat)
    }

    /// The public record for `seat`, if this round's record is complete (a state restored
    /// from a snapshot written before the record existed has none until the next round).
    fn bound(&self, seat: Seat) -> Option<&StashBound> {
        if self.stash_bounds.len() == self.players {
            self.stash_bounds.get(seat)
        } else {
            None
        }
    }

    /// The most stashes `seat` can have made this round, by public facts alone: with all
    /// its turns, and without the turn it is choosing in now (if it is).
    pub fn stash_limits(&self, seat: Seat) -> (u32, u32) {
        let money = self.money(seat);
        match self.bound(seat) {
            Some(b) => (
                b.most(b.turns, money),
                b.most(b.turns.saturating_sub(1), money),
            ),
            None => (money, money),
        }
    }

    /// Starts a new round's record: nobody has had a turn.
    pub(super) fn reset_stash_bounds(&mut self) {
        self.stash_bounds = vec![StashBound::default(); self.players];
    }

    /// Records that `seat` starts a turn (a chance to stash).
    pub(super) fn record_turn_start(&mut self, seat: Seat) {
        if let Some(b) = self.stash_bounds.get_mut(seat) {
            b.turns += 1;
        }
    }

    /// Records that `seat` held at least `amount` cash now (a bid, a keep).
    pub(super) fn record_cash_at_least(&mut self, seat: Seat, amount: u32) {
        let money = self.money(seat);
        if let Some(b) = self.stash_bounds.get_mut(seat) {
            b.at_least(money, amount);
        }
    }

    /// Records the stash chance of the turn `seat` ends by choosing a piece: a stash in
    /// it needed $1M of cash before it, i.e. `amount` 1 with the turn itself not yet
    /// counted, which is `amount` 0 with it counted.
    pub(super) fn record_stash_chance(&mut self, seat: Seat) {
        self.record_cash_at_least(seat, 0);
    }

    /// See [`crate::engine::Game::determinize`] and the module comment.
    pub(super) fn determinized(&self, seat: Seat, rng: &mut GameRng) -> Estates {
        let mut state = self.clone();
        // Roofs in the bag: known values, unknown order.
        state.roof_bag.sort_unstable();
        state.roof_bag.shuffle(rng);
        // Cubes out of the round: known set, the order is meaningless.
        state.unused.sort_unstable();
        // Money splits of the others (revealed by the totals once the match is over).
        if self.phase != Phase::Over {
            for other in (0..self.players).filter(|&s| s != seat) {
                state.resample_stashes(other, rng);
            }
        }
        state.rng = rng_from_seed(rng.next_u64());
        state
    }

    /// Draws `seat`'s cash box among the counts its public bound allows and, when it is
    /// choosing a piece now, whether it stashed this turn.
    fn resample_stashes(&mut self, seat: Seat, rng: &mut GameRng) {
        let money = self.money(seat);
        let choosing_now = self.active == seat && matches!(self.phase, Phase::Turn { .. });
        let (most, most_before) = self.stash_limits(seat);
        let stashes = rng.gen_range(0..=most);
        if choosing_now {
            // Stashed this turn: needed when the earlier turns cannot hold them all.
            let stashed = stashes > 0 && (stashes > most_before || rng.gen_bool(0.5));
            self.phase = Phase::Turn { stashed };
        }
        if let (Some(c), Some(b)) = (self.cash.get_mut(seat), self.cash_box.get_mut(seat)) {
            *c = money - stashes;
            *b = stashes;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;
    use crate::playout::random_action;
    use rand::SeedableRng;

    /// The public bound never excludes the real game: at every state of random games
    /// (which stash often), each seat's real cash box is within its bound, and the stashes
    /// of the seat choosing now that are not from this turn fit in its earlier turns.
    #[test]
    fn the_bound_always_admits_the_real_stashes() {
        for seed in 0..60u64 {
            let players = 2 + (seed as usize % 4);
            let options = super::super::EstatesOptions {
                rounds: 1 + (seed % 3) as u32,
            };
            let mut game = Estates::new(players, &options, seed).expect("setup");
            let mut rng = GameRng::seed_from_u64(seed);
            let mut steps = 0;
            while !game.is_over() && steps < 3_000 {
                for s in 0..players {
                    let (most, most_before) = game.stash_limits(s);
                    let b = game.cash_box(s);
                    assert!(b <= most, "seed {seed} step {steps} seat {s}: {b} > {most}");
                    if let (true, Phase::Turn { stashed }) = (game.active() == s, game.phase()) {
                        let earlier = b - u32::from(*stashed);
                        assert!(earlier <= most_before, "seed {seed} step {steps} seat {s}");
                    }
                }
                let (seat, action) = random_action(&game, &mut rng).expect("a move");
                game.apply(seat, &action).expect("legal");
                steps += 1;
            }
        }
    }

    /// A snapshot stored before the record existed (binary: it ends where the record
    /// would start; JSON: no such key) still loads, with no record, and determinizes with
    /// the money alone as the bound.
    #[test]
    fn a_snapshot_without_the_record_still_loads() {
        use crate::dynamic::{decode_snapshot, encode_snapshot};
        let mut game = Estates::new(3, &Default::default(), 7).expect("setup");
        let mut rng = GameRng::seed_from_u64(7);
        for _ in 0..40 {
            let (seat, action) = random_action(&game, &mut rng).expect("a move");
            game.apply(seat, &action).expect("legal");
        }
        let mut old = game.clone();
        old.stash_bounds.clear();
        let bytes = encode_snapshot(&game);
        let tail = postcard::to_allocvec(&game.stash_bounds).expect("encodes");
        let cut = bytes.get(..bytes.len() - tail.len()).expect("shorter");
        let back: Estates = decode_snapshot(cut).expect("an old binary snapshot loads");
        assert_eq!(encode_snapshot(&back), encode_snapshot(&old));
        let mut v = serde_json::to_value(&game).expect("json");
        v.as_object_mut().map(|o| o.remove("stash_bounds"));
        let from_json: Estates = serde_json::from_value(v).expect("old JSON loads");
        assert_eq!(encode_snapshot(&from_json), encode_snapshot(&old));
        for seat in 0..3 {
            assert_eq!(back.stash_limits(seat).0, back.money(seat));
            let d = back.determinize(seat, &mut GameRng::seed_from_u64(1));
            assert_eq!(
                serde_json::to_string(&d.public_view()).ok(),
                serde_json::to_string(&back.public_view()).ok()
            );
        }
    }
}
