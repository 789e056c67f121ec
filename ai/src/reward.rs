//! What a finished (or cut-off) playout is worth to each seat, in `0..=1`: mostly the
//! seat's share of the win, partly its score margin over the best other seat.

use rules::{Outcome, Seat};

/// Weight of the win share; the rest is the normalized score margin.
pub const WIN_WEIGHT: f64 = 0.7;

/// Rewards from a finished game: its own winners (tie-breaks included) and totals; a
/// seat the rules say lost outright (Villa Paletti's collapser) gets nothing, as the
/// ratings place it last whatever its total.
pub fn reward_from_outcome(outcome: &Outcome) -> Vec<f64> {
    let mut scores = vec![0.0; outcome.results.len()];
    for r in &outcome.results {
        if let Some(s) = scores.get_mut(r.seat) {
            *s = r.total as f64;
        }
    }
    let mut rewards = blend(&scores, &outcome.winners);
    for &loser in &outcome.losers {
        if let Some(r) = rewards.get_mut(loser) {
            *r = 0.0;
        }
    }
    rewards
}

/// Rewards from a score estimate: the leaders by estimate count as the winners.
/// `None` (a game with no estimate) is an even 0.5 for every seat (an empty vector).
pub fn reward_from_estimate(estimate: Option<&[f64]>) -> Vec<f64> {
    let Some(scores) = estimate else {
        return Vec::new();
    };
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let leaders: Vec<Seat> = (0..scores.len()).filter(|&i| scores[i] >= best).collect();
    blend(scores, &leaders)
}

/// `WIN_WEIGHT × win share + (1 − WIN_WEIGHT) × margin`, where the win share is 1 for a
/// sole winner and split on ties, and the margin maps (own − best other) / (largest
/// absolute score) from `-1..=1` onto `0..=1`.
pub fn blend(scores: &[f64], winners: &[Seat]) -> Vec<f64> {
    let scale = scores.iter().fold(1.0_f64, |m, s| m.max(s.abs()));
    let share = if winners.is_empty() {
        0.0
    } else {
        1.0 / winners.len() as f64
    };
    (0..scores.len())
        .map(|i| {
            let best_other = scores
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, s)| *s)
                .fold(f64::NEG_INFINITY, f64::max);
            let margin = if best_other.is_finite() {
                ((scores[i] - best_other) / scale).clamp(-1.0, 1.0)
            } else {
                0.0
            };
            let won = if winners.contains(&i) { share } else { 0.0 };
            WIN_WEIGHT * won + (1.0 - WIN_WEIGHT) * (0.5 + 0.5 * margin)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sole_winner_gets_most_and_ties_split_the_win() {
        let r = blend(&[10.0, 5.0, 0.0], &[0]);
        assert!(r[0] > 0.9 && r[1] < 0.3 && r[2] < r[1], "{r:?}");
        let tie = blend(&[10.0, 10.0, 0.0], &[0, 1]);
        assert!((tie[0] - tie[1]).abs() < 1e-12);
        assert!((tie[0] - (WIN_WEIGHT / 2.0 + (1.0 - WIN_WEIGHT) * 0.5)).abs() < 1e-12);
        assert!(r.iter().chain(&tie).all(|x| (0.0..=1.0).contains(x)));
    }

    #[test]
    fn a_seat_that_lost_outright_gets_nothing_whatever_its_total() {
        use rules::engine::PlayerResult;
        let outcome = Outcome {
            results: (0..3)
                .map(|seat| PlayerResult {
                    seat,
                    total: [1, 9, 4][seat],
                    breakdown: vec![],
                    tiebreak: None,
                })
                .collect(),
            winners: vec![],
            losers: vec![1],
            note: None,
            note_phrase: None,
        };
        let r = reward_from_outcome(&outcome);
        assert_eq!(r[1], 0.0);
        assert!(r[0] > 0.0 && r[2] > r[0], "{r:?}");
    }

    #[test]
    fn estimate_leaders_win_and_no_estimate_is_neutral() {
        let r = reward_from_estimate(Some(&[3.0, 7.0]));
        assert!(r[1] > r[0]);
        assert!(reward_from_estimate(None).is_empty());
        let all_zero = reward_from_estimate(Some(&[0.0, 0.0, 0.0]));
        assert!(all_zero.iter().all(|x| (x - all_zero[0]).abs() < 1e-12));
    }
}
