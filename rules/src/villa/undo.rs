//! The move that ends the game stands (the final scores show every secret). What
//! else can be taken back in Villa Paletti (`Game::undoable`): nothing is hidden, so
//! anything whose outcome chance did not decide — no wobble reading, no pull, placing
//! or floor that might have toppled the villa (those consult the RNG).

use super::Villa;
use crate::engine::{same_chance, Game};

/// See the module text.
pub(super) fn undoable(before: &Villa, after: &Villa) -> bool {
    same_chance(&before.rng, &after.rng) && !after.is_over()
}

#[cfg(test)]
mod tests {
    use super::super::{VillaAction, VillaOptions};
    use super::*;
    use crate::engine::Game;
    use crate::undo::{check_undo_games, find_action, undoable_in};

    #[test]
    fn a_physics_outcome_stands_and_a_riskless_move_can_be_taken_back() {
        let options = VillaOptions::default();
        let risky = find_action::<Villa>(3, &options, 2, 2_000, |g, seat, a| {
            let mut after = g.clone();
            after.apply(seat, a).is_ok() && !same_chance(&g.rng, &after.rng)
        })
        .expect("a random game consults chance");
        assert!(!undoable_in(&risky.0, risky.1, &risky.2));
        let (g, seat, a) = find_action::<Villa>(3, &options, 2, 2_000, |_, _, a| {
            matches!(
                a,
                VillaAction::Allow | VillaAction::Object | VillaAction::Propose
            )
        })
        .expect("a random game reaches a vote or a proposal");
        let mut after = g.clone();
        after.apply(seat, &a).unwrap();
        assert_eq!(
            undoable_in(&g, seat, &a),
            same_chance(&g.rng, &after.rng),
            "`{a}`: undoable exactly when chance was not consulted"
        );
    }

    #[test]
    fn undoable_moves_replay_away_and_show_nothing_hidden() {
        let c = check_undo_games::<Villa>(&VillaOptions::default(), 0..3, 3_000).unwrap();
        assert!(c.undoable > 0, "{c:?}");
    }
}
