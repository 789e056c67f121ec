//! The move that ends the game stands (the final scores show every secret). What
//! else can be taken back in The Estates (`Game::undoable`): anything that draws no roof
//! from the bag (a roof chosen for auction is turned face up) and consults no chance (a
//! new round's offer and bag). A stash is secret: taking it back would announce it to
//! the table, so it stands.

use super::{Estates, EstatesAction};
use crate::engine::{same_chance, Game};

/// See the module text.
pub(super) fn undoable(before: &Estates, action: &EstatesAction, after: &Estates) -> bool {
    *action != EstatesAction::Stash
        && !after.is_over()
        && same_chance(&before.rng, &after.rng)
        && before.roof_bag.len() == after.roof_bag.len()
        && before.unused == after.unused
}

#[cfg(test)]
mod tests {
    use super::super::{EstatesOptions, Piece};
    use super::*;
    use crate::undo::{check_undo_games, find_action, undoable_in};

    fn find(wanted: impl Fn(&EstatesAction) -> bool) -> (Estates, usize, EstatesAction) {
        (0..30)
            .find_map(|seed| {
                find_action::<Estates>(3, &EstatesOptions::default(), seed, 2_000, |_, _, a| {
                    wanted(a)
                })
            })
            .expect("a random game reaches that move")
    }

    #[test]
    fn a_roof_or_a_stash_stands_and_a_cube_or_a_bid_can_be_taken_back() {
        let (g, seat, a) = find(|a| *a == EstatesAction::Choose(Piece::Roof));
        assert!(!undoable_in(&g, seat, &a), "a roof is drawn from the bag");
        let (g, seat, a) = find(|a| *a == EstatesAction::Stash);
        assert!(!undoable_in(&g, seat, &a), "a secret move stays secret");
        let (g, seat, a) = find(|a| matches!(a, EstatesAction::Choose(Piece::Cube(_))));
        assert!(undoable_in(&g, seat, &a));
        let (g, seat, a) = find(|a| matches!(a, EstatesAction::Bid(_)));
        assert!(undoable_in(&g, seat, &a));
    }

    #[test]
    fn undoable_moves_replay_away_and_show_nothing_hidden() {
        let options = EstatesOptions { rounds: 2 };
        let c = check_undo_games::<Estates>(&options, 0..10, 5_000).unwrap();
        assert!(c.undoable > 0, "{c:?}");
    }
}
