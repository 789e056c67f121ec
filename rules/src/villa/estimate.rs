//! A bot's guess of the final scores mid-game: the points on the top level now, and the
//! seal, which decides the game.

use super::Villa;

/// What holding the seal adds to a seat's estimate: more than any top floor's points, so
/// that a playout cut short counts the holder as the leader (the holder wins unless it
/// brings the villa down itself; the points only say who may take the seal next).
pub const SEAL_WORTH: f64 = 20.0;

/// Every seat's columns on the top level now (0 for all before the green floor), plus
/// [`SEAL_WORTH`] for the seal's holder.
pub fn score_estimate(game: &Villa) -> Vec<f64> {
    (0..game.players())
        .map(|s| {
            let seal = if game.seal.holder == Some(s) {
                SEAL_WORTH
            } else {
                0.0
            };
            game.score(s) as f64 + seal
        })
        .collect()
}
