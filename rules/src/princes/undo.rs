//! The move that ends the game stands (the final scores show every secret). What
//! else can be taken back in The Princes of Florence (`Game::undoable`): anything that
//! neither takes cards off a deck to look at (drawing a profession or bonus card, a
//! prestige card bought), nor puts looked-at cards back under it, nor consults chance.
//! Cards a player plays from their own hand (a work, a bonus card) were theirs to show.

use super::Princes;
use crate::engine::{same_chance, Game};

/// See the module text.
pub(super) fn undoable(before: &Princes, after: &Princes) -> bool {
    let decks = |g: &Princes| {
        [
            g.profession_deck.len(),
            g.bonus_deck.len(),
            g.prestige_deck.len(),
        ]
    };
    same_chance(&before.rng, &after.rng) && decks(before) == decks(after) && !after.is_over()
}

#[cfg(test)]
mod tests {
    use super::super::{PrincesAction, PrincesOptions};
    use super::*;
    use crate::undo::{check_undo_games, find_action, undoable_in};

    fn find(wanted: impl Fn(&PrincesAction) -> bool) -> (Princes, usize, PrincesAction) {
        (0..30)
            .find_map(|seed| {
                find_action::<Princes>(3, &PrincesOptions::default(), seed, 3_000, |_, _, a| {
                    wanted(a)
                })
            })
            .expect("a random game reaches that move")
    }

    #[test]
    fn drawing_cards_stands_and_a_bid_or_a_pass_can_be_taken_back() {
        let (g, seat, a) = find(|a| *a == PrincesAction::DrawProfession);
        assert!(
            !undoable_in(&g, seat, &a),
            "drawing shows the deck's top cards"
        );
        let (g, seat, a) = find(|a| matches!(a, PrincesAction::Keep(_)));
        assert!(!undoable_in(&g, seat, &a), "the rest go under the deck");
        let (g, seat, a) = find(|a| matches!(a, PrincesAction::Bid(_)));
        assert!(undoable_in(&g, seat, &a));
        let (g, seat, a) = find(|a| *a == PrincesAction::Pass);
        assert!(undoable_in(&g, seat, &a));
    }

    #[test]
    fn undoable_moves_replay_away_and_show_nothing_hidden() {
        let c = check_undo_games::<Princes>(&PrincesOptions::default(), 0..4, 5_000).unwrap();
        assert!(c.undoable > 0, "{c:?}");
    }
}
