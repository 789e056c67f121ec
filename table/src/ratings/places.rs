//! Finishing places from a game's outcome: who beat whom, for the rating model.

use rules::engine::Outcome;

/// Each seat's finishing place (1 = first; equal places are a tie), seat by seat: the
/// winners share first place, the others follow by total then tie-break (equal ones
/// tied), a seat the rules say lost outright ([`Outcome::losers`]: Villa Paletti's
/// collapser) comes after them, and a seat whose player was dropped ranks after everyone
/// who stayed (several dropped seats tie for last), whatever the stand-in scored for it.
///
/// A game nobody wins (Villa Paletti collapsed before anyone took the seal) is placed by
/// the same rule: the seats that did not collapse it follow by total, the collapser last,
/// so a level that keeps knocking the villa down early ranks below those that do not.
pub fn places(outcome: &Outcome, seats: usize, dropped: &[usize]) -> Vec<u32> {
    let key = |seat: usize| {
        if dropped.contains(&seat) {
            return (false, false, false, 0, 0);
        }
        let lost = outcome.losers.contains(&seat);
        let won = outcome.winners.contains(&seat);
        let (total, tiebreak) = match outcome.results.iter().find(|r| r.seat == seat) {
            Some(r) if !won && !lost => (r.total, r.tiebreak.as_ref().map_or(0, |t| t.points)),
            _ => (0, 0),
        };
        (true, !lost, won, total, tiebreak)
    };
    let keys: Vec<_> = (0..seats).map(key).collect();
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|other| *other > k).count() as u32)
        .collect()
}

/// A test's outcome: these totals by seat, these winners, nobody lost outright.
#[cfg(test)]
pub(super) fn outcome(totals: &[i64], winners: &[usize]) -> Outcome {
    Outcome {
        results: totals
            .iter()
            .enumerate()
            .map(|(seat, &total)| rules::engine::PlayerResult {
                seat,
                total,
                breakdown: vec![],
                tiebreak: None,
            })
            .collect(),
        winners: winners.to_vec(),
        losers: vec![],
        note: None,
        note_phrase: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_seat_that_lost_outright_ranks_after_the_others_who_stayed() {
        // Nobody won; seat 1 (the collapser) had the best total.
        let mut o = outcome(&[10, 30, 20, 10], &[]);
        o.losers = vec![1];
        assert_eq!(places(&o, 4, &[]), [2, 4, 1, 2]);
        // A winner still ranks first; a dropped seat still ranks after the loser.
        let mut o = outcome(&[10, 30, 20], &[0]);
        o.losers = vec![1];
        assert_eq!(places(&o, 3, &[]), [1, 3, 2]);
        assert_eq!(places(&o, 3, &[2]), [1, 2, 3]);
    }

    #[test]
    fn a_villa_nobody_wins_places_its_collapser_last() {
        use rules::villa::Villa;
        use rules::Game;
        // Random games until one collapses before anyone takes the seal.
        let game = (0..500)
            .filter_map(|seed| {
                rules::playout::random_playout::<Villa>(3, &Default::default(), seed, 5_000).ok()
            })
            .map(|p| p.game)
            .find(|g| {
                g.outcome()
                    .is_some_and(|o| o.winners.is_empty() && !o.losers.is_empty())
            })
            .expect("a random villa nobody wins");
        let outcome = game.outcome().unwrap();
        let collapser = outcome.losers[0];
        let at = places(&outcome, 3, &[]);
        assert_eq!(at[collapser], 3, "{at:?}");
        assert!(
            at.iter().enumerate().all(|(s, &p)| s == collapser || p < 3),
            "{at:?}"
        );
    }

    #[test]
    fn a_winner_below_another_total_still_ranks_first() {
        assert_eq!(places(&outcome(&[10, 30], &[0]), 2, &[]), [1, 2]);
    }
}
