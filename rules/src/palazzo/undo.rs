//! The move that ends the game stands (the final scores show every secret). What
//! else can be taken back in Palazzo (`Game::undoable`): anything that draws no money
//! card (taking money turns cards face up from the pile), draws no tile from a building
//! stack and consults no chance (a reshuffle). Cards a player shows from their own hand
//! (a bid, a payment) were theirs to show: taking the move back hides nothing new.

use super::Palazzo;
use crate::engine::{same_chance, Game};

/// See the module text.
pub(super) fn undoable(before: &Palazzo, after: &Palazzo) -> bool {
    same_chance(&before.rng, &after.rng)
        && !after.is_over()
        && before.pile.len() == after.pile.len()
        && before
            .stacks
            .iter()
            .map(Vec::len)
            .eq(after.stacks.iter().map(Vec::len))
}

#[cfg(test)]
mod tests {
    use super::super::{PalazzoAction, PalazzoOptions};
    use super::*;
    use crate::undo::{check_undo_games, find_action, undoable_in};

    fn find(wanted: impl Fn(&PalazzoAction) -> bool) -> (Palazzo, usize, PalazzoAction) {
        (0..30)
            .find_map(|seed| {
                find_action::<Palazzo>(3, &PalazzoOptions::default(), seed, 2_000, |_, _, a| {
                    wanted(a)
                })
            })
            .expect("a random game reaches that move")
    }

    #[test]
    fn taking_money_or_drawing_tiles_reveals_and_an_auction_or_a_bid_does_not() {
        let (g, seat, a) = find(|a| *a == PalazzoAction::Money);
        assert!(!undoable_in(&g, seat, &a), "money turns cards up");
        let (g, seat, a) = find(|a| *a == PalazzoAction::Draw);
        assert!(
            !undoable_in(&g, seat, &a),
            "drawing takes tiles off a stack"
        );
        let (g, seat, a) = find(|a| *a == PalazzoAction::Auction);
        assert!(undoable_in(&g, seat, &a));
        let (g, seat, a) = find(|a| matches!(a, PalazzoAction::Raise(_)));
        assert!(
            undoable_in(&g, seat, &a),
            "showing your own cards is yours to do"
        );
    }

    #[test]
    fn undoable_moves_replay_away_and_show_nothing_hidden() {
        let c = check_undo_games::<Palazzo>(&PalazzoOptions::default(), 0..6, 20_000).unwrap();
        assert!(c.undoable > 0, "{c:?}");
    }
}
