//! Determinization: a Villa Paletti state one seat cannot tell apart from the real one.
//!
//! Villa Paletti has no hidden cards: every column, floor, frozen mark, the seal and the
//! feel word said aloud are public. What nobody can see is the future chance — the
//! disturbance of every pull, placement and floor, the landing noise of a placed column
//! and the noisy feel of the next pull — all drawn from the game's RNG. A determinization
//! is therefore the same villa with that RNG drawn afresh from the caller's RNG: it
//! depends only on the public state and the caller's RNG.

use super::Villa;
use crate::engine::{rng_from_seed, GameRng, Seat};
use rand::RngCore;

/// The state `seat` cannot tell from `v`: the same villa, its future chance drawn from
/// `rng`. Every seat sees the whole villa, so `seat` changes nothing.
pub(super) fn determinize(v: &Villa, _seat: Seat, rng: &mut GameRng) -> Villa {
    let mut out = v.clone();
    out.rng = rng_from_seed(rng.next_u64());
    out
}
