//! A careful player for simulations and auto-play. It uses only what a player at the table
//! knows: the public view (where everything stands, which columns hold a floor) and the
//! feel reading said aloud — never the margin or a centre of mass.

use super::data::FLOOR_NAMES;
use super::geom::{self, P};
use super::model::{self, Grid, GridPt};
use super::{ColumnView, Phase, Villa, VillaAction, VillaView};
use crate::engine::{Game, Seat};
use rand::seq::SliceRandom;
use rand::Rng;

/// How the careful player weighs its choices (the simulation can vary these).
#[derive(Debug, Clone, Copy)]
pub struct Careful {
    /// Place only when the feel is this good or better (0 rock solid, 1 slight wobble…).
    pub worst_feel: u8,
    /// Propose a floor once the top level holds at least this many columns.
    pub propose_at: usize,
    /// Chance of objecting when the proposer has a free column to pull.
    pub object_chance: f64,
}

impl Default for Careful {
    fn default() -> Self {
        Careful {
            worst_feel: 0,
            propose_at: 4,
            object_chance: 0.2,
        }
    }
}

/// The careful player's choice for `seat` (None when it has nothing to do).
pub fn careful_action(v: &Villa, seat: Seat, rng: &mut impl Rng) -> Option<VillaAction> {
    careful_action_with(v, seat, &Careful::default(), rng)
}

fn dist(a: P, b: P) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

fn centroid(points: &[P]) -> Option<P> {
    if points.is_empty() {
        return None;
    }
    let k = points.len() as f64;
    Some((
        points.iter().map(|p| p.0).sum::<f64>() / k,
        points.iter().map(|p| p.1).sum::<f64>() / k,
    ))
}

/// Where the top floor's own centroid is (its shape is public).
fn top_centre(view: &VillaView) -> P {
    let top = view.floors.len();
    if top == 0 {
        return (0.0, 0.0);
    }
    let poly = model::floor_poly(top, view.floors[top - 1]);
    geom::area_centroid(&poly).1
}

/// How worrying pulling this column looks from the picture: free columns are cheap;
/// among supporting ones, prefer levels with many supports and columns near the middle
/// of their group (pulling them hardly changes what holds the floor).
pub(super) fn pull_worry(view: &VillaView, c: &ColumnView) -> f64 {
    if !c.supporting {
        return 0.0;
    }
    let group: Vec<P> = view
        .columns
        .iter()
        .filter(|o| o.placed && !o.gone && o.level == c.level && o.supporting)
        .map(|o| o.pos)
        .collect();
    let centre = centroid(&group).unwrap_or(c.pos);
    let spread = group
        .iter()
        .map(|p| dist(*p, centre))
        .fold(0.0, f64::max)
        .max(1.0);
    let height = (view.floors.len() - c.level as usize) as f64;
    1.0 + 4.0 / group.len() as f64 + dist(c.pos, centre) / spread + 0.1 * height
}

fn best_pull(view: &VillaView, legal: &[VillaAction], rng: &mut impl Rng) -> Option<VillaAction> {
    let mut scored: Vec<(f64, VillaAction)> = legal
        .iter()
        .filter_map(|a| match a {
            VillaAction::Pull(c) => view
                .columns
                .get(*c as usize)
                .map(|cv| (pull_worry(view, cv) + rng.gen::<f64>() * 0.05, a.clone())),
            _ => None,
        })
        .collect();
    scored.sort_by(|a, b| a.0.total_cmp(&b.0));
    scored.into_iter().next().map(|(_, a)| a)
}

/// The floor position whose floor centroid sits nearest the middle of the columns it rests
/// on, preferring more supports.
fn best_floor(v: &Villa, view: &VillaView, legal: &[VillaAction]) -> Option<VillaAction> {
    let _ = (v, FLOOR_NAMES);
    steadiest_floor(view, legal).and_then(|i| legal.get(i).cloned())
}

/// The index in `legal` of the floor position whose floor centroid sits nearest the
/// middle of the columns it rests on, preferring more supports (the first listed on a
/// tie). Only the public view is used.
pub(super) fn steadiest_floor(view: &VillaView, legal: &[VillaAction]) -> Option<usize> {
    let k = view.floors.len() + 1;
    let grid: Grid = view.grid;
    let level = view.floors.len() as u8;
    let mut best: Option<(f64, usize)> = None;
    for (i, a) in legal.iter().enumerate() {
        let VillaAction::Floor(g) = a else { continue };
        let Some(pos) = grid.point(*g) else { continue };
        let poly = model::floor_poly(k, pos);
        let under: Vec<P> = view
            .columns
            .iter()
            .filter(|c| c.placed && !c.gone && c.level == level && geom::inside(c.pos, &poly))
            .map(|c| c.pos)
            .collect();
        let fc = geom::area_centroid(&poly).1;
        let score = centroid(&under).map_or(99.0, |c| dist(c, fc)) - 0.3 * under.len() as f64;
        if !matches!(&best, Some((s, _)) if *s <= score) {
            best = Some((score, i));
        }
    }
    best.map(|(_, i)| i)
}

/// The careful player with explicit weights.
pub fn careful_action_with(
    v: &Villa,
    seat: Seat,
    w: &Careful,
    rng: &mut impl Rng,
) -> Option<VillaAction> {
    let legal = v.legal_actions(seat);
    if legal.is_empty() {
        return None;
    }
    let view = v.public_view();
    let top = view.floors.len();
    match &view.phase {
        Phase::Feel { feel, .. } => {
            let supporting = view.columns.iter().any(|c| c.in_hand && c.supporting);
            let worst = if supporting {
                w.worst_feel
            } else {
                w.worst_feel + 1
            };
            if *feel > worst {
                return Some(VillaAction::Abort);
            }
            // Central placement: within a small circle round the floor's middle, as far
            // from the columns already there as possible (so the next floor has a base).
            let centre = top_centre(&view);
            let area = geom::area_centroid(&model::floor_poly(top, view.floors[top - 1])).0;
            let radius = 0.35 * (area / std::f64::consts::PI).sqrt();
            let there: Vec<P> = view
                .columns
                .iter()
                .filter(|c| c.placed && !c.gone && c.level as usize == top)
                .map(|c| c.pos)
                .collect();
            let mut places: Vec<(f64, GridPt)> = legal
                .iter()
                .filter_map(|a| match a {
                    VillaAction::Place(g) => view.grid.point(*g).map(|p| {
                        let d = dist(p, centre);
                        let room = there.iter().map(|q| dist(p, *q)).fold(4.0, f64::min);
                        let score = if d <= radius { -room } else { d };
                        (score + rng.gen::<f64>() * 0.3, *g)
                    }),
                    _ => None,
                })
                .collect();
            places.sort_by(|a, b| a.0.total_cmp(&b.0));
            match places.first() {
                Some((_, g)) => Some(VillaAction::Place(*g)),
                None => Some(VillaAction::Abort),
            }
        }
        Phase::Turn { .. } => {
            let on_top = view
                .columns
                .iter()
                .filter(|c| c.placed && !c.gone && c.level as usize == top)
                .count();
            let free_own = view.columns.iter().any(|c| {
                c.owner == Some(seat)
                    && !c.supporting
                    && !c.frozen
                    && !c.gone
                    && (c.level as usize) < top
            });
            if legal.contains(&VillaAction::Propose)
                && (on_top >= w.propose_at + 2 || (on_top >= w.propose_at && !free_own))
            {
                return Some(VillaAction::Propose);
            }
            let plays: Vec<&VillaAction> = legal
                .iter()
                .filter(|a| matches!(a, VillaAction::Play(_)))
                .collect();
            if !plays.is_empty() {
                // The colour whose best pull looks least worrying.
                let mut best: Option<(f64, VillaAction)> = None;
                for a in plays {
                    let VillaAction::Play(k) = a else { continue };
                    let worry = view
                        .columns
                        .iter()
                        .filter(|c| {
                            c.colour == *k
                                && !c.frozen
                                && !c.gone
                                && c.placed
                                && (c.level as usize) < top
                        })
                        .map(|c| pull_worry(&view, c))
                        .fold(f64::INFINITY, f64::min);
                    if !matches!(&best, Some((s, _)) if *s <= worry) {
                        best = Some((worry, a.clone()));
                    }
                }
                return best.map(|(_, a)| a);
            }
            best_pull(&view, &legal, rng).or_else(|| legal.first().cloned())
        }
        Phase::Pick { .. } => best_pull(&view, &legal, rng),
        Phase::Objections { proposer, .. } => {
            let cheap = view.columns.iter().any(|c| {
                c.owner == Some(*proposer)
                    && !c.supporting
                    && !c.frozen
                    && !c.gone
                    && (c.level as usize) < top
            });
            if cheap && legal.contains(&VillaAction::Object) && rng.gen_bool(w.object_chance) {
                Some(VillaAction::Object)
            } else {
                Some(VillaAction::Allow)
            }
        }
        Phase::Challenges { .. } => {
            let cheap = view.columns.iter().any(|c| {
                c.owner.is_none()
                    && !c.supporting
                    && !c.frozen
                    && !c.gone
                    && (c.level as usize) < top
            });
            if cheap && legal.contains(&VillaAction::Challenge) && rng.gen_bool(0.5) {
                Some(VillaAction::Challenge)
            } else {
                Some(VillaAction::Allow)
            }
        }
        Phase::Removal { .. } => {
            let mut scored: Vec<(f64, VillaAction)> = legal
                .iter()
                .filter_map(|a| match a {
                    VillaAction::Remove(c) => view
                        .columns
                        .get(*c as usize)
                        .map(|cv| (pull_worry(&view, cv), a.clone())),
                    _ => None,
                })
                .collect();
            scored.sort_by(|a, b| a.0.total_cmp(&b.0));
            scored.into_iter().next().map(|(_, a)| a)
        }
        Phase::PlaceFloor { .. } | Phase::SetupFloor { .. } => best_floor(v, &view, &legal),
        Phase::SetupColumns { .. } | Phase::Over => legal.choose(rng).cloned(),
    }
}
