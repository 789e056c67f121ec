//! A bot's guess of the final scores mid-game: the points on the top level now.

use super::Villa;

/// Every seat's columns on the top level now (0 for all before the green floor).
pub fn score_estimate(game: &Villa) -> Vec<f64> {
    (0..game.players()).map(|s| game.score(s) as f64).collect()
}
