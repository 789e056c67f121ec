//! Where floors and columns may go: the next floor's grid points (supports, the base
//! plate, kept per tower), a column's places on the top floor (on the floor, no overlap,
//! on a stack on the red floor) and the custom setup's placements.

use super::data::{PER_COLOUR, RED_FLOOR};
use super::model::{self, GridPt, PlaceProblem, Standing, Target};
use super::play::floor_name;
use super::*;

/// The geometry a listing of next-floor positions checks every grid point against.
pub(super) struct FloorScan {
    /// The floor being placed (1-based).
    k: usize,
    /// The grid of the current top floor (or the base plate).
    grid: Grid,
    /// Centres of the columns standing on the top level.
    tops: Vec<P>,
    /// Scratch: the new floor's outline at the point being checked.
    outline: Vec<P>,
}

/// Why the next floor may not go at a point (the player-facing error adds the label).
pub(super) enum FloorProblem {
    OffBase,
    TooFewSupports(usize),
    WouldFall,
}

/// What the next floor's positions depend on: the top floor (number and position, bit
/// for bit), the supports needed and the centres of the columns on the top level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct FloorKey {
    k: usize,
    pos: (u64, u64),
    need: usize,
    tops: Vec<(u64, u64)>,
}

/// The next floor's positions for one [`FloorKey`].
#[derive(Debug, Clone)]
pub(super) struct FloorKnown {
    key: FloorKey,
    all: Vec<GridPt>,
}

/// The next floor's positions over the tower last asked about (a villa keeps one: the
/// same tower is asked about by the legal actions, the proposal and the placement).
#[derive(Default)]
pub(super) struct FloorMemo(std::sync::Mutex<Option<FloorKnown>>);

impl Clone for FloorMemo {
    fn clone(&self) -> Self {
        let known = self.0.lock().map(|k| k.clone()).unwrap_or_default();
        FloorMemo(std::sync::Mutex::new(known))
    }
}

impl std::fmt::Debug for FloorMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FloorMemo")
    }
}

impl Villa {
    pub(super) fn need_supports(&self, k: usize) -> usize {
        if k >= 4 {
            self.options.min_supports_from_orange as usize
        } else {
            3
        }
    }

    /// What every candidate position of the next floor is checked against, computed
    /// once per listing rather than once per grid point.
    pub(super) fn floor_scan(&self) -> FloorScan {
        let level = self.top() as u8;
        FloorScan {
            k: self.top() + 1,
            grid: self.grid(),
            tops: self
                .columns
                .iter()
                .filter(|c| c.placed && !c.gone && c.level == level)
                .map(|c| c.pos)
                .collect(),
            outline: Vec::with_capacity(24),
        }
    }

    /// Why floor `scan.k` at `pos` may not go there, if it may not (`setup`: the custom
    /// setup's blue floor, which must also stand at once).
    pub(super) fn floor_problem(
        &self,
        scan: &mut FloorScan,
        pos: P,
        need: usize,
        setup: bool,
    ) -> Option<FloorProblem> {
        model::floor_poly_into(scan.k, pos, &mut scan.outline);
        if !model::poly_inside_base(&scan.outline) {
            return Some(FloorProblem::OffBase);
        }
        let got = scan
            .tops
            .iter()
            .filter(|&&c| geom::inside(c, &scan.outline))
            .count();
        if got < need {
            return Some(FloorProblem::TooFewSupports(got));
        }
        if setup {
            let mut floors = self.floors.clone();
            floors.push(pos);
            if self.margin_of(&floors, &self.pieces(None)) < 0.0 {
                return Some(FloorProblem::WouldFall);
            }
        }
        None
    }

    /// Whether floor `scan.k` may go at `pos`: [`Self::floor_problem`] is `None`, asked
    /// in the cheapest order (supports first, stopping once there are enough).
    pub(super) fn floor_fits(
        &self,
        scan: &mut FloorScan,
        pos: P,
        need: usize,
        setup: bool,
    ) -> bool {
        if scan.tops.len() < need {
            return false;
        }
        model::floor_poly_into(scan.k, pos, &mut scan.outline);
        let outline = &scan.outline;
        let bbox = geom::BoundingBox::of(outline);
        let mut got = 0;
        for &c in &scan.tops {
            if bbox.holds(c) && geom::inside(c, outline) {
                got += 1;
                if got >= need {
                    break;
                }
            }
        }
        got >= need
            && model::poly_inside_base(outline)
            && (!setup || self.floor_problem(scan, pos, need, setup).is_none())
    }

    /// Checks floor `k` (the next one) with its origin at grid point `at`.
    pub(super) fn floor_check(
        &self,
        at: GridPt,
        need: usize,
        setup: bool,
    ) -> Result<P, VillaError> {
        let mut scan = self.floor_scan();
        let k = scan.k;
        let pos = scan
            .grid
            .point(at)
            .ok_or_else(|| VillaError::OffGrid(at.to_string(), scan.grid.range()))?;
        match self.floor_problem(&mut scan, pos, need, setup) {
            None => Ok(pos),
            Some(FloorProblem::OffBase) => {
                Err(VillaError::FloorOffBase(at.to_string(), floor_name(k)))
            }
            Some(FloorProblem::TooFewSupports(got)) => Err(VillaError::TooFewSupports(
                at.to_string(),
                floor_name(k),
                got,
                need,
            )),
            Some(FloorProblem::WouldFall) => Err(VillaError::FloorWouldFall(at.to_string())),
        }
    }

    /// Grid points where the next floor may go (`need` supports; `setup` as above),
    /// checked point by point: the custom setup's blue floor, and a tower with no top
    /// floor's geometry (on a floor, [`Self::floor_places`] counts them from its tables).
    pub(super) fn floor_points(
        &self,
        need: usize,
        setup: bool,
    ) -> impl Iterator<Item = GridPt> + '_ {
        let mut scan = self.floor_scan();
        let grid = scan.grid;
        // `Grid::all`'s order (row by row from the bottom), owning the grid.
        let points = (0..grid.h).flat_map(move |y| (0..grid.w).map(move |x| GridPt { x, y }));
        points.filter(move |&g| {
            grid.point(g)
                .is_some_and(|pos| self.floor_fits(&mut scan, pos, need, setup))
        })
    }

    /// Is `key` the key of the next floor's positions over the tower as it stands
    /// ([`Self::floor_key`] is `key`, without building it)?
    fn floor_key_is(&self, key: &FloorKey, need: usize) -> bool {
        let level = self.top() as u8;
        let pos = self.floors.last().copied().unwrap_or_default();
        let mut tops = self
            .columns
            .iter()
            .filter(|c| c.placed && !c.gone && c.level == level)
            .map(|c| (c.pos.0.to_bits(), c.pos.1.to_bits()));
        key.k == self.top()
            && key.pos == (pos.0.to_bits(), pos.1.to_bits())
            && key.need == need
            && key.tops.iter().all(|&top| tops.next() == Some(top))
            && tops.next().is_none()
    }

    /// The key of the next floor's positions over the tower as it stands.
    pub(super) fn floor_key(&self, need: usize) -> FloorKey {
        let level = self.top() as u8;
        let pos = self.floors.last().copied().unwrap_or_default();
        FloorKey {
            k: self.top(),
            pos: (pos.0.to_bits(), pos.1.to_bits()),
            need,
            tops: self
                .columns
                .iter()
                .filter(|c| c.placed && !c.gone && c.level == level)
                .map(|c| (c.pos.0.to_bits(), c.pos.1.to_bits()))
                .collect(),
        }
    }

    /// The floors with the next one placed at `at`, and the villa's margin then (from
    /// the standing geometry alone; refused like the move itself).
    pub(super) fn with_next_floor(&self, at: GridPt) -> Result<(Vec<P>, f64), VillaError> {
        let pos = self.floor_check(at, self.need_supports(self.top() + 1), false)?;
        let mut floors = self.floors.clone();
        floors.push(pos);
        let m = self.margin_without(&floors, None);
        Ok((floors, m))
    }

    /// Every position where the next floor may go, with the villa's margin once it stands
    /// there: public geometry by the published model, no noise (the bots' floor choice).
    pub fn floor_margins(&self) -> Vec<(GridPt, f64)> {
        self.floor_positions()
            .into_iter()
            .filter_map(|at| self.with_next_floor(at).ok().map(|(_, m)| (at, m)))
            .collect()
    }

    /// Grid points where the next floor may go.
    pub(super) fn floor_positions(&self) -> Vec<GridPt> {
        self.with_floor_positions(|all| all.to_vec())
    }

    /// Is there any grid point where the next floor may go?
    pub(super) fn any_floor_position(&self) -> bool {
        self.with_floor_positions(|all| !all.is_empty())
    }

    /// Calls `f` with the next floor's positions over the tower as it stands, kept by the
    /// villa until the tower changes.
    pub(super) fn with_floor_positions<T>(&self, f: impl FnOnce(&[GridPt]) -> T) -> T {
        if self.top() >= RED_FLOOR {
            return f(&[]);
        }
        let need = self.need_supports(self.top() + 1);
        let Ok(mut memo) = self.floor_memo.0.lock() else {
            return f(&self.floor_places(need));
        };
        if let Some(known) = memo.as_ref().filter(|m| self.floor_key_is(&m.key, need)) {
            return f(&known.all);
        }
        let all = self.floor_places(need);
        let out = f(&all);
        *memo = Some(FloorKnown {
            key: self.floor_key(need),
            all,
        });
        out
    }

    /// Works out the next floor's positions (`need` supports) over the tower.
    fn floor_places(&self, need: usize) -> Vec<GridPt> {
        let Some(top) = self.top_geometry() else {
            return self.floor_points(need, false).collect();
        };
        let scan = self.floor_scan();
        let (mut outline, mut counts, mut all) = (scan.outline, vec![], vec![]);
        top.next_floor_places(&scan.tops, need, &mut outline, &mut counts, &mut all);
        all
    }

    /// The custom setup's blue floor rests on at least 3 columns (and must stand).
    pub(super) const SETUP_FLOOR_SUPPORTS: usize = 3;

    pub(super) fn setup_floor_positions(&self) -> Vec<GridPt> {
        self.floor_points(Self::SETUP_FLOOR_SUPPORTS, true)
            .collect()
    }

    pub(super) fn standing(&self) -> Vec<Standing> {
        let top = self.top() as u8;
        // The columns standing on another, as a set of ids (ids beyond 127 never cover).
        let covered: u128 = self
            .columns
            .iter()
            .filter(|c| !c.gone && c.placed)
            .filter_map(|c| c.on)
            .filter(|&id| id < 128)
            .fold(0, |set, id| set | 1 << id);
        let mut out = Vec::with_capacity(self.columns.len());
        out.extend(
            self.columns
                .iter()
                .enumerate()
                .filter(|(_, c)| c.placed && !c.gone && c.level == top)
                .map(|(i, c)| Standing {
                    id: i as ColId,
                    kind: Self::kind_of(i as ColId),
                    pos: c.pos,
                    covered: i < 128 && covered & 1 << i != 0,
                }),
        );
        out
    }

    /// Where column `c` may stand at grid point `at` on the top floor.
    pub(super) fn place_check(&self, c: ColId, at: GridPt) -> Result<(P, Target), VillaError> {
        let grid = self.grid();
        let p = grid
            .point(at)
            .ok_or_else(|| VillaError::OffGrid(at.to_string(), grid.range()))?;
        let n = self.top();
        let poly = model::floor_poly(n, self.floors[n - 1]);
        let target = model::place_target(
            Self::kind_of(c),
            p,
            &poly,
            &self.standing(),
            model::stacking_level(n),
        )
        .map_err(|e| self.place_error(at, e))?;
        Ok((p, target))
    }

    pub(super) fn place_error(&self, at: GridPt, e: PlaceProblem) -> VillaError {
        match e {
            PlaceProblem::OffFloor => VillaError::OffFloor(at.to_string()),
            PlaceProblem::Overlap(o) => VillaError::Overlap(at.to_string(), Self::name(o)),
            PlaceProblem::Overhang(o) => VillaError::Overhang(at.to_string(), Self::name(o)),
        }
    }

    /// Grid points where column `c` may be placed on the top floor.
    pub(super) fn place_points(&self, c: ColId) -> Vec<GridPt> {
        let Some((grid, mask)) = self.place_mask(c) else {
            return vec![];
        };
        let mut out = Vec::with_capacity(mask.iter().filter(|&&ok| ok).count());
        out.extend(grid.all().zip(mask).filter(|&(_, ok)| ok).map(|(g, _)| g));
        out
    }

    /// Per point of the top floor's grid (in [`Grid::all`] order): may column `c` be
    /// placed there? `None` before the blue floor is placed.
    pub(super) fn place_mask(&self, c: ColId) -> Option<(Grid, Vec<bool>)> {
        let top = self.top_geometry()?;
        let standing = self.standing();
        let (kind, red) = (Self::kind_of(c), model::stacking_level(top.k));
        let fits = top.fits(c as usize % PER_COLOUR);
        if !red {
            // Off the red floor a point is a place when the footprint lies on the floor
            // and overlaps no standing column: each column rules out only the points
            // near it, so only those are tested.
            let free = model::free_of_overlap(kind.shape, &top.grid, fits, &standing);
            return Some((top.grid, free));
        }
        let mask = top
            .grid
            .all()
            .zip(fits)
            .map(|(g, &on_floor)| {
                top.grid.point(g).is_some_and(|p| {
                    model::place_target_known(kind, p, on_floor, &standing, red).is_ok()
                })
            })
            .collect();
        Some((top.grid, mask))
    }

    /// The columns standing on the base plate, for setup placements.
    pub(super) fn setup_others(&self) -> Vec<(u8, geom::Shape, P)> {
        self.columns
            .iter()
            .enumerate()
            .filter(|(_, o)| o.placed)
            .map(|(i, o)| (i as u8, Self::kind_of(i as ColId).shape, o.pos))
            .collect()
    }

    pub(super) fn setup_check(&self, placer: Seat, c: ColId, at: GridPt) -> Result<P, VillaError> {
        let col = self
            .col(c)
            .ok_or_else(|| VillaError::NotYours("?".into()))?;
        let owner = self.owner(c);
        if owner.is_some() && owner != Some(placer) {
            return Err(VillaError::NotYours(Self::name(c)));
        }
        if col.placed {
            return Err(VillaError::AlreadySet(Self::name(c)));
        }
        let grid = self.grid();
        let p = grid
            .point(at)
            .ok_or_else(|| VillaError::OffGrid(at.to_string(), grid.range()))?;
        model::base_place_ok(Self::kind_of(c).shape, p, &self.setup_others()).map_err(
            |e| match e {
                PlaceProblem::Overlap(o) => VillaError::Overlap(at.to_string(), Self::name(o)),
                _ => VillaError::OutsideBuildingArea(at.to_string()),
            },
        )?;
        Ok(p)
    }

    /// Columns `seat` may still stand in a custom setup (own colours, then neutral).
    pub(super) fn setup_columns_for(&self, seat: Seat) -> Vec<ColId> {
        Self::ids()
            .filter(|&c| {
                let o = self.owner(c);
                (o == Some(seat) || o.is_none()) && self.col(c).is_some_and(|col| !col.placed)
            })
            .collect()
    }
}
