//! The odds of a touch, by the published model: the chance that the villa stands through
//! a step, worked out from the public geometry and the step's σ, never from the hidden
//! noise. The bots' rules of thumb ([`super::thumb`]) weigh their moves with these; a
//! player could work out the same from the picture and the rules.

use super::data::TUNING;
use super::model::{self, GridPt};
use super::play::pull_sigma_at;
use super::{ColId, Seat, Villa};

impl Villa {
    /// The chance that pulling column `c` and setting it down at each point where it may
    /// go on the top floor leaves the villa standing (the pull's check, then the
    /// placement's).
    pub fn place_chances(&self, c: ColId) -> Vec<(GridPt, f64)> {
        let Some(top) = self.top_geometry() else {
            return vec![];
        };
        let mut pieces = self.pieces(Some(c));
        let pulled = stand_chance(self.margin_of(&self.floors, &pieces), self.pull_sigma(c));
        let kind = Self::kind_of(c);
        let level = self.top();
        self.place_points(c)
            .into_iter()
            .filter_map(|at| {
                let pos = top.grid.point(at)?;
                pieces.push(model::Piece { kind, level, pos });
                let m = self.margin_of(&self.floors, &pieces);
                pieces.pop();
                Some((at, pulled * stand_chance(m, TUNING.sigma_place_column)))
            })
            .collect()
    }

    /// The point where pulling `c` and setting it down is surest, with that chance.
    pub fn surest_place(&self, c: ColId) -> Option<(GridPt, f64)> {
        self.place_chances(c)
            .into_iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// The spot where the next floor would leave the villa standing by the largest margin,
    /// with the chance that it stands once set down there.
    pub fn surest_floor(&self) -> Option<(GridPt, f64)> {
        let (at, margin) = self
            .floor_margins()
            .into_iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))?;
        Some((at, stand_chance(margin, TUNING.sigma_place_floor)))
    }

    /// The chance that the next floor stands at a legal position picked at random: what
    /// a proposer who does not weigh the spots risks.
    pub fn floor_chance_anywhere(&self) -> f64 {
        let all = self.floor_margins();
        if all.is_empty() {
            return 0.0;
        }
        let sum: f64 = all
            .iter()
            .map(|(_, m)| stand_chance(*m, TUNING.sigma_place_floor))
            .sum();
        sum / all.len() as f64
    }

    /// How steady pulling `c` and setting it down leaves the villa for the others, at its
    /// best point: that move's chance times the worst chance that a column not `seat`'s,
    /// pulled next, then leaves the villa standing — and, to break ties (a column of
    /// theirs already fatal to pull makes every such product 0), the move's own chance.
    pub fn steadiest_move(&self, c: ColId, seat: Seat) -> (f64, f64) {
        let Some(top) = self.top_geometry() else {
            return (0.0, 0.0);
        };
        // Each other column's pull: the pieces left without it (and without `c`), its σ.
        let others: Vec<(Vec<model::Piece>, f64)> = self
            .others_movable(seat, self.floors.len())
            .filter(|&o| o != c)
            .map(|o| (self.pieces_without(&[c, o]), self.pull_sigma(o)))
            .collect();
        let (kind, level) = (Self::kind_of(c), self.top());
        self.place_chances(c)
            .into_iter()
            .filter_map(|(at, chance)| {
                let placed = model::Piece {
                    kind,
                    level,
                    pos: top.grid.point(at)?,
                };
                let worst_pull = others
                    .iter()
                    .map(|(pieces, sigma)| {
                        let mut pieces = pieces.clone();
                        pieces.push(placed);
                        stand_chance(self.margin_of(&self.floors, &pieces), *sigma)
                    })
                    .fold(1.0, f64::min);
                Some((chance * worst_pull, chance))
            })
            .max_by(|a, b| by_steadiness(*a, *b))
            .unwrap_or((0.0, 0.0))
    }

    /// The columns not `seat`'s that could be pulled were the top floor `top`: what a
    /// careless hand among the others might pull next.
    fn others_movable(&self, seat: Seat, top: usize) -> impl Iterator<Item = ColId> + '_ {
        Self::ids().filter(move |&c| self.owner(c) != Some(seat) && self.movable_below(c, top))
    }

    /// Every position where the next floor may go with a margin of at least
    /// `min_margin`, as [`FloorOdds`]: the chance that the floor itself stands there, and
    /// the worst chance that another player's pull of a column not `seat`'s then leaves
    /// the villa standing (a careless hand pulls any of them).
    pub fn floor_odds(&self, seat: Seat, min_margin: f64) -> Vec<FloorOdds> {
        self.floor_margins()
            .into_iter()
            .filter(|(_, m)| *m >= min_margin)
            .filter_map(|(at, m)| {
                let (floors, _) = self.with_next_floor(at).ok()?;
                let k = floors.len();
                let worst_pull = self
                    .others_movable(seat, k)
                    .filter_map(|c| {
                        let col = self.col(c)?;
                        let level = col.level as usize;
                        let supporting = model::supports(level + 1, floors[level], col.pos);
                        Some(stand_chance(
                            self.margin_of(&floors, &self.pieces(Some(c))),
                            pull_sigma_at(k, level, supporting),
                        ))
                    })
                    .fold(1.0, f64::min);
                Some(FloorOdds {
                    at,
                    stands: stand_chance(m, TUNING.sigma_place_floor),
                    worst_pull,
                })
            })
            .collect()
    }
}

/// Orders two (steadiness, chance) pairs of [`Villa::steadiest_move`]: steadiness
/// first, the move's own chance breaking ties.
pub fn by_steadiness(a: (f64, f64), b: (f64, f64)) -> std::cmp::Ordering {
    a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1))
}

/// One position for the next floor, weighed ([`Villa::floor_odds`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FloorOdds {
    pub at: GridPt,
    /// The chance that the floor stands once set down there.
    pub stands: f64,
    /// The worst chance, over every column another player could then pull, that the
    /// villa stands through that pull.
    pub worst_pull: f64,
}

/// The chance that a step with this margin stands: P(|d| ≤ margin), d ~ N(0, σ).
pub fn stand_chance(margin: f64, sigma: f64) -> f64 {
    if margin <= 0.0 {
        return 0.0;
    }
    erf(margin / (sigma * std::f64::consts::SQRT_2))
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7), for x ≥ 0.
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    1.0 - poly * (-x * x).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stand_chance_follows_the_normal_law() {
        assert_eq!(stand_chance(-0.1, 0.4), 0.0);
        assert_eq!(stand_chance(0.0, 0.4), 0.0);
        // One σ either side holds 68.27% of the draws, two σ 95.45%.
        assert!((stand_chance(0.4, 0.4) - 0.6827).abs() < 1e-3);
        assert!((stand_chance(0.8, 0.4) - 0.9545).abs() < 1e-3);
        assert!(stand_chance(5.0, 0.4) > 0.999_999);
    }
}
