//! Finishing places from a game's outcome: who beat whom, for the rating model.

use rules::engine::Outcome;

/// Each seat's finishing place (1 = first; equal places are a tie), seat by seat: the
/// winners share first place, the others follow by total then tie-break (equal ones
/// tied), and a seat whose player was dropped ranks after everyone who stayed (several
/// dropped seats tie for last), whatever the stand-in scored for it.
pub fn places(outcome: &Outcome, seats: usize, dropped: &[usize]) -> Vec<u32> {
    let key = |seat: usize| {
        if dropped.contains(&seat) {
            return (false, false, 0, 0);
        }
        let won = outcome.winners.contains(&seat);
        let (total, tiebreak) = match outcome.results.iter().find(|r| r.seat == seat) {
            Some(r) if !won => (r.total, r.tiebreak.as_ref().map_or(0, |t| t.points)),
            _ => (0, 0),
        };
        (true, won, total, tiebreak)
    };
    let keys: Vec<_> = (0..seats).map(key).collect();
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|other| *other > k).count() as u32)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::engine::PlayerResult;

    fn outcome(totals: &[i64], winners: &[usize]) -> Outcome {
        Outcome {
            results: totals
                .iter()
                .enumerate()
                .map(|(seat, &total)| PlayerResult {
                    seat,
                    total,
                    breakdown: vec![],
                    tiebreak: None,
                })
                .collect(),
            winners: winners.to_vec(),
            note: None,
            note_phrase: None,
        }
    }

    #[test]
    fn places_follow_the_winners_then_the_totals() {
        assert_eq!(places(&outcome(&[10, 30, 20], &[1]), 3, &[]), [3, 1, 2]);
    }

    #[test]
    fn equal_results_tie() {
        // A shared win, and two equal totals behind it.
        assert_eq!(
            places(&outcome(&[30, 30, 5, 5], &[0, 1]), 4, &[]),
            [1, 1, 3, 3]
        );
    }

    #[test]
    fn a_dropped_seat_ranks_last_whatever_it_scored() {
        // Seat 0's stand-in won the game after its player was dropped.
        assert_eq!(places(&outcome(&[50, 30, 20], &[0]), 3, &[0]), [3, 1, 2]);
        // Two dropped seats tie for last.
        assert_eq!(places(&outcome(&[50, 30, 20], &[0]), 3, &[0, 2]), [2, 1, 2]);
    }

    #[test]
    fn a_winner_below_another_total_still_ranks_first() {
        assert_eq!(places(&outcome(&[10, 30], &[0]), 2, &[]), [1, 2]);
    }
}
