//! Palace scoring: floors × windows table plus the single-material bonus, and the final
//! outcome (best single bid from hand breaks ties).

use super::data::Tile;
use super::{money, views, Palazzo};
use crate::engine::{Outcome, PlayerResult, ScoreLine};
use crate::phrase::Phrase;

/// Points of one palace (tiles bottom to top).
pub fn palace_score(palace: &[Tile]) -> i64 {
    base_score(palace) + material_bonus(palace)
}

/// The floors/windows part: 1 floor −5, 2 floors 0, 3 windows, 4 windows+3, 5 windows+6.
pub fn base_score(palace: &[Tile]) -> i64 {
    let windows: i64 = palace.iter().map(|t| i64::from(t.windows)).sum();
    match palace.len() {
        0 => 0,
        1 => -5,
        2 => 0,
        3 => windows,
        4 => windows + 3,
        _ => windows + 6,
    }
}

/// +3 for a single-material palace of 3–4 floors, +6 with 5 floors.
pub fn material_bonus(palace: &[Tile]) -> i64 {
    let single = palace
        .first()
        .is_some_and(|first| palace.iter().all(|t| t.material == first.material));
    match (single, palace.len()) {
        (true, 3 | 4) => 3,
        (true, n) if n >= 5 => 6,
        _ => 0,
    }
}

/// A player's total.
pub fn player_score(palaces: &[Vec<Tile>]) -> i64 {
    palaces.iter().map(|p| palace_score(p)).sum()
}

/// Whether `tile` may go on top of `palace` (empty palaces accept anything).
pub fn fits_on_top(palace: &[Tile], tile: &Tile) -> bool {
    match palace.last() {
        None => true,
        Some(top) => top.floor < tile.floor,
    }
}

/// Whether `tile` can be inserted anywhere in `palace` (its floor is not there yet).
pub fn fits_inside(palace: &[Tile], tile: &Tile) -> bool {
    palace.iter().all(|t| t.floor != tile.floor)
}

/// Inserts `tile` where its floor belongs (callers check [`fits_inside`]).
pub fn insert_sorted(palace: &mut Vec<Tile>, tile: Tile) {
    let at = palace
        .iter()
        .position(|t| t.floor > tile.floor)
        .unwrap_or(palace.len());
    palace.insert(at, tile);
}

/// The result of a finished game: per seat, each palace's points and the tie-break.
pub fn outcome(g: &Palazzo) -> Outcome {
    let results = (0..g.players)
        .map(|seat| {
            let palaces = g.palaces.get(seat).map(|p| p.as_slice()).unwrap_or(&[]);
            let breakdown = palaces
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    ScoreLine::new(views::palace_label(i, p), palace_score(p))
                        .with_phrase(views::palace_phrase(i, p))
                })
                .collect();
            let hand = g.hands.get(seat).copied().unwrap_or_default();
            PlayerResult {
                seat,
                total: player_score(palaces),
                breakdown,
                tiebreak: Some(
                    ScoreLine::new(
                        "best single bid from hand",
                        i64::from(money::best_bid_set(hand)),
                    )
                    .with_phrase(Phrase::new("palazzo-score-tiebreak")),
                ),
            }
        })
        .collect();
    Outcome::by_total_then_tiebreak(
        results,
        Some("The game ended when the 5th rider was drawn.".into()),
    )
    .with_note_phrase(Phrase::new("palazzo-score-note"))
}

#[cfg(test)]
mod tests {
    use super::super::data::{Material, Tile};
    use super::*;

    #[test]
    fn table() {
        let b = |f, w| Tile::new(Material::Brick, f, w);
        let m = |f, w| Tile::new(Material::Marble, f, w);
        assert_eq!(palace_score(&[b(1, 3)]), -5);
        assert_eq!(palace_score(&[b(1, 3), b(2, 3)]), 0);
        assert_eq!(palace_score(&[b(1, 3), m(2, 3), b(4, 1)]), 7);
        assert_eq!(palace_score(&[b(1, 3), b(2, 3), b(4, 1)]), 10);
        assert_eq!(palace_score(&[b(1, 1), m(2, 1), b(3, 1), b(4, 1)]), 7);
        assert_eq!(palace_score(&[b(1, 1), b(2, 1), b(3, 1), b(4, 1)]), 10);
        assert_eq!(
            palace_score(&[b(1, 1), m(2, 1), b(3, 1), b(4, 1), b(5, 2)]),
            12
        );
        assert_eq!(
            palace_score(&[b(1, 1), b(2, 1), b(3, 1), b(4, 1), b(5, 2)]),
            18
        );
    }
}
