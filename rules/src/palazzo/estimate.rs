//! A bot's guess of the final scores mid-game: each palace counted as if the game ended now.

use super::Palazzo;

/// Every seat's palace points now (money left scores nothing in Palazzo).
pub fn score_estimate(game: &Palazzo) -> Vec<f64> {
    game.scores().into_iter().map(|s| s as f64).collect()
}
