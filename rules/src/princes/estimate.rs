//! A bot's guess of the final scores mid-game: prestige points so far, florins as a
//! small tie-break-like bonus.

use super::Princes;

/// Every seat's prestige points now plus a hundredth of their florins.
pub fn score_estimate(game: &Princes) -> Vec<f64> {
    game.players
        .iter()
        .map(|p| p.prestige as f64 + p.florins as f64 / 100.0)
        .collect()
}
