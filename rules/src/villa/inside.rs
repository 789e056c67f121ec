//! Which points lie inside a floor's outline, read from a table of small cells for every
//! point that is not close to the outline's edges: the model asks "does this column
//! stand under that floor?" a great many times, and the edge-by-edge test is only needed
//! near the edges.
//!
//! The table is made from the floor's outline at the origin; a point is looked up by its
//! offset from the floor's position. An outline moved to a position is rounded, so the
//! table answers only for points farther than [`SURE`] from the edges, where that
//! rounding (about 1e-14 cm at the villa's scale) cannot change the answer; the caller
//! tests the others edge by edge on the outline as placed, as before. The answers are
//! the very ones of [`super::geom::inside`].

use super::geom::{self, P};

/// A cell's side (cm): a power of two, so a point's cell is found without rounding.
const CELL: f64 = 0.25;

/// How far (cm) from every edge a point must be for the table to answer for it: far
/// beyond the rounding of a moved outline and of an offset, and beyond [`geom::EPS`].
const SURE: f64 = 1e-6;

/// Where a point lies against an outline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Inside, farther than [`SURE`] from every edge.
    In,
    /// Outside, farther than [`SURE`] from every edge.
    Out,
    /// Near an edge: only the edge-by-edge test can tell.
    Near,
}

/// An outline's cells, each surely inside, surely outside or near an edge.
#[derive(Debug, Clone)]
pub struct InsideMap {
    /// The lower left corner of the first cell.
    x0: f64,
    y0: f64,
    /// Cells per row and rows.
    w: usize,
    h: usize,
    /// Row by row from the bottom.
    cells: Vec<Side>,
    /// The same as [`InsideMap::sweep`] counts them, split by a cell's column modulo
    /// [`STEP`] (a whole cm): phase `p`, row `j` holds the cells `STEP·m + p` of row `j`
    /// for `m` from the last down to 0 (cells past the table count as outside), so a
    /// sweep along a row of the grid reads one run of them.
    phases: Vec<Vec<u16>>,
    /// Cells of a row of one phase.
    per_phase: usize,
}

impl InsideMap {
    /// The table of `poly` (at the origin), over its bounding box and a cell beyond.
    pub fn of(poly: &[P]) -> InsideMap {
        let ((minx, miny), (maxx, maxy)) = geom::extremes(poly);
        if poly.len() < 3 || !(minx <= maxx && miny <= maxy) {
            return InsideMap {
                x0: 0.0,
                y0: 0.0,
                w: 0,
                h: 0,
                cells: Vec::new(),
                phases: Vec::new(),
                per_phase: 0,
            };
        }
        let (x0, y0) = (
            (minx / CELL).floor() * CELL - CELL,
            (miny / CELL).floor() * CELL - CELL,
        );
        let w = ((maxx - x0) / CELL).ceil() as usize + 1;
        let h = ((maxy - y0) / CELL).ceil() as usize + 1;
        // Every point of a cell (and any point whose offset rounds into it) lies within
        // `reach` of its centre, and a signed distance moves by at most the distance
        // moved; the centre's own distance is computed to far better than SURE.
        let reach = CELL * std::f64::consts::FRAC_1_SQRT_2 + SURE;
        let mut cells = Vec::with_capacity(w * h);
        for j in 0..h {
            for i in 0..w {
                let centre = (x0 + (i as f64 + 0.5) * CELL, y0 + (j as f64 + 0.5) * CELL);
                let d = geom::signed_distance(centre, poly);
                cells.push(if d > reach + SURE {
                    Side::In
                } else if d < -(reach + SURE) {
                    Side::Out
                } else {
                    Side::Near
                });
            }
        }
        let code = |side: Side| match side {
            Side::In => SURE_IN,
            Side::Near => NEAR,
            Side::Out => 0,
        };
        let per_phase = w.div_ceil(STEP as usize);
        let phases = (0..STEP as usize)
            .map(|p| {
                let mut phase = Vec::with_capacity(h * per_phase);
                for j in 0..h {
                    phase.extend((0..per_phase).rev().map(|m| {
                        let i = STEP as usize * m + p;
                        if i < w {
                            code(cells[j * w + i])
                        } else {
                            0
                        }
                    }));
                }
                phase
            })
            .collect();
        InsideMap {
            x0,
            y0,
            w,
            h,
            cells,
            phases,
            per_phase,
        }
    }

    /// Where the point at offset `q` from the outline's position lies. Beyond the table
    /// is surely outside: it reaches a cell (more than [`SURE`]) past the outline's box.
    #[inline]
    pub fn side(&self, q: P) -> Side {
        let (fx, fy) = ((q.0 - self.x0) / CELL, (q.1 - self.y0) / CELL);
        if fx.is_nan() || fy.is_nan() || self.cells.is_empty() {
            return Side::Near;
        }
        if !(fx >= 0.0 && fy >= 0.0 && fx < self.w as f64 && fy < self.h as f64) {
            return Side::Out;
        }
        let (i, j) = (fx as usize, fy as usize);
        self.cells
            .get(j * self.w + i)
            .copied()
            .unwrap_or(Side::Near)
    }

    /// For the outline placed at every point `(x0 + x, y0 + y)` of a `w` × `h` grid of
    /// whole numbers (`origin` = `(x0, y0)`): adds [`SURE_IN`] to `counts[y * w + x]`
    /// when `c` lies surely inside it, [`NEAR`] when it may lie near an edge
    /// ([`Self::side`] at every point). Moving the outline by a whole cm moves
    /// the offset by whole cells, so one cell is found and the others counted from it:
    /// where the offset's rounding could put a point in the next cell, it lies within a
    /// hair of their shared side, and a cell's answer holds for every point within its
    /// `reach`.
    pub fn sweep(&self, c: P, origin: (i32, i32), (w, h): (usize, usize), counts: &mut [u16]) {
        let bx = ((c.0 - f64::from(origin.0)) - self.x0) / CELL;
        let by = ((c.1 - f64::from(origin.1)) - self.y0) / CELL;
        let table = !self.cells.is_empty();
        let (Some(bx), Some(by), true) = (whole(bx), whole(by), table) else {
            // A point not at a finite place (or no table): only the edge-by-edge test may
            // tell.
            counts.iter_mut().take(w * h).for_each(|n| *n += NEAR);
            return;
        };
        // Grid column x reads cell bx − STEP·x = STEP·(m0 − x) + phase.
        let (m0, phase) = (bx.div_euclid(STEP), bx.rem_euclid(STEP) as usize);
        let per = self.per_phase as i64;
        let (Some(xs), Some(ys)) = (whole_steps(m0 - per + 1, m0, w), steps(by, self.h, h)) else {
            return;
        };
        let (first, last) = (*xs.start(), *xs.end());
        let Some(phase) = self.phases.get(phase) else {
            return;
        };
        for y in ys {
            let j = (by - STEP * y as i64) as usize;
            // Stored from the last m down: m0 − x sits at per − 1 − m0 + x.
            let start = j * self.per_phase + (per - 1 - m0 + first as i64) as usize;
            let cells = &phase[start..start + (last - first + 1)];
            let out = &mut counts[y * w + first..=y * w + last];
            for (n, &code) in out.iter_mut().zip(cells) {
                *n += code;
            }
        }
    }
}

/// What [`InsideMap::sweep`] adds for a point surely inside, and for one near an edge.
pub const SURE_IN: u16 = 1;
pub const NEAR: u16 = 256;

/// Cells per whole cm.
const STEP: i64 = (1.0 / CELL) as i64;

/// The grid steps `x` in `0..n` whose cell `b − STEP·x` lies in `0..cells`, if any.
fn steps(b: i64, cells: usize, n: usize) -> Option<std::ops::RangeInclusive<usize>> {
    // b − STEP·x ≤ cells − 1 ⇔ x ≥ ⌈(b − cells + 1) / STEP⌉; b − STEP·x ≥ 0 ⇔ x ≤ ⌊b / STEP⌋.
    let lo = (-(b - cells as i64 + 1)).div_euclid(STEP).saturating_neg();
    whole_steps(lo, b.div_euclid(STEP), n)
}

/// `lo..=hi` within `0..n`, if anything is left.
fn whole_steps(lo: i64, hi: i64, n: usize) -> Option<std::ops::RangeInclusive<usize>> {
    let (lo, hi) = (lo.max(0), hi.min(n as i64 - 1));
    (lo <= hi).then_some(lo as usize..=hi as usize)
}

/// `x` rounded down to a whole number, when it is finite and not huge.
fn whole(x: f64) -> Option<i64> {
    (x.abs() < 1e12).then(|| x.floor() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::villa::model::{floor_poly, floor_shapes};

    /// A small deterministic generator for the test's points.
    struct Lcg(u64);

    impl Lcg {
        fn unit(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    #[test]
    fn the_table_answers_as_the_test_on_the_placed_outline() {
        let mut rng = Lcg(7);
        let (mut inside, mut outside) = (0, 0);
        for k in 1..=floor_shapes().len() {
            let map = InsideMap::of(&floor_shapes()[k - 1].poly);
            for n in 0..4000 {
                // Floors stand on grid points; some positions are not whole, to be sure.
                let pos = if n % 4 == 0 {
                    (rng.unit() * 8.0 - 4.0, rng.unit() * 8.0 - 4.0)
                } else {
                    (
                        (rng.unit() * 9.0).floor() - 4.0,
                        (rng.unit() * 9.0).floor() - 4.0,
                    )
                };
                let outline = floor_poly(k, pos);
                let shape = &floor_shapes()[k - 1].poly;
                // Points anywhere around the floor, and points on and next to its
                // corners and edges.
                let v = shape[n % shape.len()];
                let w = shape[(n + 1) % shape.len()];
                let t = rng.unit();
                let jitter = [0.0, 1e-12, -1e-9, 1e-7, -1e-6, 1e-5, 0.01][n % 7];
                let points = [
                    (
                        pos.0 + rng.unit() * 30.0 - 15.0,
                        pos.1 + rng.unit() * 24.0 - 12.0,
                    ),
                    (pos.0 + v.0 + jitter, pos.1 + v.1 - jitter),
                    (
                        pos.0 + v.0 + t * (w.0 - v.0) + jitter,
                        pos.1 + v.1 + t * (w.1 - v.1) + jitter,
                    ),
                ];
                for c in points {
                    let exact = geom::inside(c, &outline);
                    match map.side((c.0 - pos.0, c.1 - pos.1)) {
                        Side::In => {
                            assert!(exact, "floor {k} at {pos:?}: {c:?} is outside");
                            inside += 1;
                        }
                        Side::Out => {
                            assert!(!exact, "floor {k} at {pos:?}: {c:?} is inside");
                            outside += 1;
                        }
                        Side::Near => {}
                    }
                }
            }
        }
        // The table answered both ways often.
        assert!(
            inside > 1000 && outside > 1000,
            "{inside} in, {outside} out"
        );
    }

    #[test]
    fn a_sweep_counts_what_the_table_says_at_every_grid_point() {
        let mut rng = Lcg(11);
        let (w, h) = (21, 14);
        for (k, shape) in floor_shapes().iter().enumerate() {
            let map = InsideMap::of(&shape.poly);
            for _ in 0..300 {
                let origin = (
                    (rng.unit() * 6.0) as i32 - 13,
                    (rng.unit() * 6.0) as i32 - 9,
                );
                let c = (rng.unit() * 24.0 - 12.0, rng.unit() * 20.0 - 10.0);
                let mut counts = vec![0; w * h];
                map.sweep(c, origin, (w, h), &mut counts);
                for y in 0..h {
                    for x in 0..w {
                        let g = (
                            f64::from(origin.0 + x as i32),
                            f64::from(origin.1 + y as i32),
                        );
                        let count = counts[y * w + x];
                        match map.side((c.0 - g.0, c.1 - g.1)) {
                            Side::In => assert_eq!(count, SURE_IN, "floor {}", k + 1),
                            Side::Near => assert_eq!(count, NEAR, "floor {}", k + 1),
                            Side::Out => assert_eq!(count, 0, "floor {}", k + 1),
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn most_points_of_a_floor_are_answered_by_the_table() {
        let mut rng = Lcg(3);
        for (k, shape) in floor_shapes().iter().enumerate() {
            let map = InsideMap::of(&shape.poly);
            let bbox = geom::BoundingBox::of(&shape.poly);
            let (mut near, mut held) = (0, 0);
            for _ in 0..10_000 {
                let q = (rng.unit() * 30.0 - 15.0, rng.unit() * 24.0 - 12.0);
                if bbox.holds(q) {
                    held += 1;
                    near += usize::from(map.side(q) == Side::Near);
                }
            }
            assert!(near * 6 < held, "floor {}: {near} of {held} near", k + 1);
        }
    }
}
