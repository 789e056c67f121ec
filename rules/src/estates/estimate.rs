//! A bot's guess of the final scores mid-game: rounds already scored, plus the board and
//! cash box as if the round ended now.

use super::Estates;

/// Every seat's scored rounds + live board points + cash box.
pub fn score_estimate(game: &Estates) -> Vec<f64> {
    let live = game.live_scores();
    (0..game.players())
        .map(|seat| {
            let scored: i64 = game
                .history()
                .iter()
                .map(|r| r.totals.get(seat).copied().unwrap_or(0))
                .sum();
            let board = live.get(seat).copied().unwrap_or(0);
            (scored + board + i64::from(game.cash_box(seat))) as f64
        })
        .collect()
}
