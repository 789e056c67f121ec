//! Whose move it is and one legal action by its index, without building lists: a random
//! playout takes one of a column's hundred or so places, or of the next floor's
//! positions, where listing them all only to take one is most of the work.

use super::model::{self, GridPt};
use super::{Phase, Villa, VillaAction};
use crate::engine::{pick_listed, Seat};

impl Villa {
    /// The seat the game waits for, if any ([`crate::engine::Game::awaiting`]: one at most).
    pub(super) fn awaited(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Over => None,
            Phase::SetupColumns { placer } | Phase::SetupFloor { placer } => Some(*placer),
            Phase::Turn { seat, .. } | Phase::Pick { seat, .. } | Phase::Feel { seat, .. } => {
                Some(*seat)
            }
            Phase::Objections { answers, .. } | Phase::Challenges { answers, .. } => {
                answers.current()
            }
            Phase::Removal { proposer, .. } | Phase::PlaceFloor { proposer } => Some(*proposer),
        }
    }

    /// Does the game wait for `seat`?
    pub(super) fn awaits(&self, seat: Seat) -> bool {
        self.awaited() == Some(seat)
    }

    /// [`crate::engine::Game::pick_legal`]: a column's places are counted from the top
    /// floor's mask and only the picked one is named, the next floor's positions are
    /// indexed where the villa keeps them; the other choices are listed as
    /// [`Villa::legal_into`] lists them, in the same order.
    pub(super) fn pick_legal_action(
        &self,
        seat: Seat,
        pick: &mut dyn FnMut(usize) -> usize,
        scratch: &mut Vec<VillaAction>,
    ) -> Option<VillaAction> {
        if !self.awaits(seat) {
            return None;
        }
        match self.phase {
            // The column's places, then `abort`.
            Phase::Feel { col, .. } => {
                let Some((grid, mask)) = self.place_mask(col) else {
                    return (pick(1) == 0).then_some(VillaAction::Abort);
                };
                let places = mask.iter().filter(|&&ok| ok).count();
                let i = pick(places + 1);
                if i == places {
                    return Some(VillaAction::Abort);
                }
                let at = mask.iter().enumerate().filter(|&(_, &ok)| ok).nth(i)?.0;
                Some(VillaAction::Place(grid_point(grid, at)))
            }
            Phase::PlaceFloor { .. } => self.with_floor_positions(|all| {
                (!all.is_empty())
                    .then(|| pick(all.len()))
                    .and_then(|i| all.get(i).copied())
                    .map(VillaAction::Floor)
            }),
            _ => pick_listed(self, seat, pick, scratch),
        }
    }
}

/// The grid point number `i` in [`model::Grid::all`]'s order.
fn grid_point(grid: model::Grid, i: usize) -> GridPt {
    let w = usize::from(grid.w).max(1);
    GridPt {
        x: (i % w) as u8,
        y: (i / w) as u8,
    }
}
