//! The bots' rules of thumb ([`crate::engine::Game::rule_of_thumb`]) for the spots where
//! the search alone misjudged Villa (measured in `docs/ai.md`): it let the villa wait
//! until careless hands brought it down, proposed floors on shaky columns, and, holding
//! the seal, kept building until it brought the villa down itself. Everything here reads
//! only what every player sees: where the floors and columns stand, the seal, whose turn
//! it is. The margins come from that geometry by the published model; the noise (the
//! hidden RNG) is never read.

use super::{Phase, Stage, Villa, VillaAction};
use crate::engine::{Seat, Thumb};
use crate::phrase::Phrase;

/// Propose a floor while nobody holds the seal only when some position for it would leave
/// the villa standing by at least this margin (cm): placing a floor draws a disturbance of
/// σ 0.4, so the floor then holds about 99 times in 100.
pub const STEADY_FLOOR_MARGIN: f64 = 1.0;

/// `seat`'s move by rule of thumb, if one applies:
/// - holding the seal on the top floor: put every pulled column back (aborting is the one
///   move without risk, and the holder wins when the others bring the villa down or run
///   out of moves) and propose no floor (a new floor puts the seal up for grabs);
/// - nobody holding the seal: propose a floor as soon as a steady position for it exists
///   (the seal goes to whoever first builds on a new floor; waiting leaves the villa to
///   careless hands);
/// - placing one's own floor: the position that leaves the villa steadiest.
pub(super) fn rule_of_thumb(v: &Villa, seat: Seat, legal: &[VillaAction]) -> Option<Thumb> {
    let find = |wanted: &VillaAction| legal.iter().position(|a| a == wanted);
    let holding = v.seal.holder == Some(seat) && v.seal.claimed;
    let thumb = |index: usize, key: &'static str| {
        Some(Thumb {
            index,
            why: Phrase::new(key),
        })
    };
    match &v.phase {
        Phase::Feel { seat: s, .. } if *s == seat && holding => {
            thumb(find(&VillaAction::Abort)?, "villa-thumb-hold")
        }
        Phase::Turn {
            seat: s,
            stage: Stage::Begin,
        } if *s == seat => {
            let propose = find(&VillaAction::Propose)?;
            if holding {
                let other = legal.iter().position(|a| *a != VillaAction::Propose)?;
                thumb(other, "villa-thumb-hold")
            } else if v.seal.holder.is_none()
                && v.floor_margins()
                    .iter()
                    .any(|(_, m)| *m >= STEADY_FLOOR_MARGIN)
            {
                thumb(propose, "villa-thumb-propose")
            } else {
                None
            }
        }
        Phase::PlaceFloor { proposer } if *proposer == seat => {
            let (at, _) = v
                .floor_margins()
                .into_iter()
                .max_by(|a, b| a.1.total_cmp(&b.1))?;
            thumb(find(&VillaAction::Floor(at))?, "villa-thumb-floor")
        }
        _ => None,
    }
}
