//! The move a timed-out seat makes (see `rules.md`, "When a player times out"). Chosen
//! from the legal actions only (the board order they are listed in is public).
//!
//! - Start of turn: never stash; auction a piece in the order of [`PIECE_ORDER`] (a
//!   roof first: roofs finish buildings and bring the end nearer), the first one offered
//!   of that kind.
//! - Bidding: pass (the only decision where `Absent::Pass` answers).
//! - Sell or keep: sell (money comes in, none goes out).
//! - Placing: a cube or a roof on the first lot it may go (top row first, from Main
//!   Street); a permit, the mayor or the cancel cube is put out of the game.

use super::{EstatesAction, EstatesPrivate, EstatesPublic, Piece};
use crate::engine::{best_index, Absent, Seat};

/// The kinds of piece auto auctions, most preferred first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Roof,
    Cube,
    Mayor,
    Permit,
    Cancel,
}

/// Auto's preference when choosing a piece to auction.
const PIECE_ORDER: [Kind; 5] = [
    Kind::Roof,
    Kind::Cube,
    Kind::Mayor,
    Kind::Permit,
    Kind::Cancel,
];

fn kind(piece: &Piece) -> Kind {
    match piece {
        Piece::Roof => Kind::Roof,
        Piece::Cube(_) => Kind::Cube,
        Piece::Mayor => Kind::Mayor,
        Piece::Permit(_) => Kind::Permit,
        Piece::Cancel => Kind::Cancel,
    }
}

/// See [`crate::engine::Game::absent_move`].
pub(super) fn absent_move(
    _public: &EstatesPublic,
    _private: &EstatesPrivate,
    _seat: Seat,
    legal: &[EstatesAction],
    absent: Absent,
) -> Option<usize> {
    use EstatesAction as A;
    let find = |want: A| legal.iter().position(|a| *a == want);
    let pass = find(A::Pass);
    if absent == Absent::Pass {
        return pass;
    }
    if legal.is_empty() {
        return None;
    }
    let choice = pass
        .or_else(|| find(A::Sell))
        .or_else(|| find(A::Discard))
        .or_else(|| {
            // Choosing a piece: the most preferred kind, first listed on a tie.
            best_index(legal, |a| match a {
                A::Choose(p) => PIECE_ORDER
                    .iter()
                    .position(|k| *k == kind(p))
                    .map(std::cmp::Reverse),
                _ => None,
            })
        })
        .or_else(|| legal.iter().position(|a| matches!(a, A::Place(_))));
    choice.or(Some(0))
}

#[cfg(test)]
mod tests {
    use super::super::board::{Board, Building, PieceState};
    use super::super::data::{Colour, Cube};
    use super::super::{Estates, EstatesOptions};
    use super::*;
    use crate::engine::Game;

    fn game(players: usize) -> Estates {
        let mut g = Estates::new(players, &EstatesOptions::default(), 11).unwrap();
        g.set_active(0);
        g.set_offer(vec![
            vec![Cube::new(Colour::Red, 5), Cube::new(Colour::Blue, 1)],
            vec![Cube::new(Colour::Grey, 6), Cube::new(Colour::Green, 2)],
            vec![Cube::new(Colour::Purple, 4)],
        ]);
        g
    }

    fn picks(g: &Estates, seat: Seat) -> (Option<String>, Option<String>) {
        let legal = g.legal_actions(seat);
        let (public, private) = (g.public_view(), g.private_view(seat));
        let text = |absent| {
            Estates::absent_move(&public, &private, seat, &legal, absent)
                .map(|i| legal[i].to_string())
        };
        (text(Absent::Auto), text(Absent::Pass))
    }

    fn act(g: &mut Estates, seat: Seat, text: &str) {
        let a = g.parse_action(seat, text).unwrap();
        g.apply(seat, &a).unwrap();
    }

    #[test]
    fn start_of_turn_never_stashes_and_prefers_a_roof_then_the_first_cube() {
        let mut g = game(3);
        // Empty board: no roof can be auctioned; the first cube offered.
        assert_eq!(g.legal_actions(0)[0], EstatesAction::Stash);
        assert_eq!(picks(&g, 0), (Some("cube red-5".into()), None));
        // An unroofed building makes the roof available: it comes first.
        let mut board = Board::default();
        board.rows[0].push(Building {
            cubes: vec![Cube::new(Colour::Yellow, 3)],
            roof: None,
        });
        g.set_board(board);
        assert_eq!(picks(&g, 0), (Some("roof".into()), None));
    }

    #[test]
    fn without_cubes_or_roofs_the_mayor_then_permits_then_the_cancel_cube() {
        let mut g = game(2);
        g.set_offer(vec![vec![], vec![], vec![]]);
        assert_eq!(picks(&g, 0), (Some("mayor".into()), None));
        let mut board = Board {
            mayor: PieceState::Gone,
            ..Board::default()
        };
        g.set_board(board.clone());
        assert_eq!(picks(&g, 0), (Some("permit 1".into()), None));
        board.permits = [PieceState::Gone; 3];
        g.set_board(board);
        assert_eq!(picks(&g, 0), (Some("cancel".into()), None));
    }

    #[test]
    fn bidding_passes_both_ways_and_the_auctioneer_sells() {
        let mut g = game(3);
        act(&mut g, 0, "cube red-5");
        assert_eq!(picks(&g, 1), (Some("pass".into()), Some("pass".into())));
        act(&mut g, 1, "bid 3");
        assert_eq!(picks(&g, 2), (Some("pass".into()), Some("pass".into())));
        act(&mut g, 2, "pass");
        // Seat 0 decides: sell (keep is possible with $12M).
        assert!(g.legal_actions(0).contains(&EstatesAction::Keep));
        assert_eq!(picks(&g, 0), (Some("sell".into()), None));
    }

    #[test]
    fn placing_puts_cubes_and_roofs_on_the_first_lot_and_discards_the_rest() {
        let mut g = game(2);
        act(&mut g, 0, "cube red-5");
        act(&mut g, 1, "pass");
        assert_eq!(picks(&g, 0), (Some("place top-1".into()), None));
        act(&mut g, 0, "place top-1");
        // Seat 1: the roof, placed on the only building.
        assert_eq!(picks(&g, 1).0.as_deref(), Some("roof"));
        act(&mut g, 1, "roof");
        act(&mut g, 0, "pass");
        assert_eq!(picks(&g, 1), (Some("place top-1".into()), None));
        act(&mut g, 1, "place top-1");
        for piece in ["mayor", "permit 2", "cancel"] {
            let seat = g.active();
            act(&mut g, seat, piece);
            act(&mut g, 1 - seat, "pass");
            assert_eq!(picks(&g, seat), (Some("discard".into()), None), "{piece}");
            act(&mut g, seat, "discard");
        }
        assert_eq!(g.board().mayor, PieceState::Gone);
    }
}
