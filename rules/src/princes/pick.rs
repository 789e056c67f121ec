//! One legal action by its index without listing them all: in the actions phase a seat
//! may have about 200 building placements, which a random playout would list only to
//! take one.

use super::state::{Phase, Princes};
use super::PrincesAction;
use crate::engine::{pick_listed, Seat};

impl Princes {
    /// [`crate::engine::Game::pick_legal`]: in the actions phase the building placements
    /// are counted from their fit masks and only the picked one is built; the other
    /// choices are listed as [`Princes::legal_into`] lists them, in the same order.
    pub(super) fn pick_legal_action(
        &self,
        seat: Seat,
        pick: &mut dyn FnMut(usize) -> usize,
        scratch: &mut Vec<PrincesAction>,
    ) -> Option<PrincesAction> {
        let actions_phase = self.pending.is_none() && matches!(self.phase, Phase::Actions(_));
        if !actions_phase || !self.awaits(seat) {
            return pick_listed(self, seat, pick, scratch);
        }
        let me = self.players.get(seat)?;
        // The list is works, builds, the rest, then `sell`: all but the builds listed.
        scratch.clear();
        self.work_actions(seat, scratch);
        let works = scratch.len();
        let fits = self.build_fits(seat);
        self.actions_after_builds(seat, scratch);
        if me.prestige > 0 {
            scratch.push(PrincesAction::Sell(1));
        }
        let builds = fits.count();
        let total = scratch.len() + builds;
        if total == 0 {
            return None;
        }
        let i = pick(total);
        if i < works {
            scratch.get(i).cloned()
        } else if i < works + builds {
            fits.nth(i - works)
        } else {
            scratch.get(i - builds).cloned()
        }
    }
}
