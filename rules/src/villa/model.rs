//! The statics model: which columns support which floor, the margin of the villa, where a
//! column may stand and where a floor may go. Pure functions of the geometry.

use super::data::{self, ColumnType, BASE_RADIUS, BUILD_RADIUS, RED_FLOOR};
use super::geom::{self, Shape, P};
use super::inside::{InsideMap, Side, NEAR};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, Mutex, OnceLock};

/// One floor's shape: polygon around its origin, area (= mass in g) and centroid.
#[derive(Debug, Clone)]
pub struct FloorShape {
    pub poly: Vec<P>,
    pub area: f64,
    pub centroid: P,
    /// The outline's smallest and largest coordinates.
    pub low: P,
    pub high: P,
}

/// The five floor shapes, computed once from the data table.
pub fn floor_shapes() -> &'static [FloorShape] {
    static SHAPES: OnceLock<Vec<FloorShape>> = OnceLock::new();
    SHAPES.get_or_init(|| {
        (0..5)
            .map(|i| {
                let poly = data::floor_polygon(i);
                let (area, centroid) = geom::area_centroid(&poly);
                let (low, high) = geom::extremes(&poly);
                FloorShape {
                    poly,
                    area,
                    centroid,
                    low,
                    high,
                }
            })
            .collect()
    })
}

/// The inside table of floor `k`'s outline (1-based, as [`floor_poly`]), made once.
fn inside_map(k: usize) -> &'static InsideMap {
    static MAPS: OnceLock<Vec<InsideMap>> = OnceLock::new();
    let maps = MAPS.get_or_init(|| {
        floor_shapes()
            .iter()
            .map(|s| InsideMap::of(&s.poly))
            .collect()
    });
    &maps[k.clamp(1, maps.len()) - 1]
}

/// Does floor `k` placed at `floor_pos` hold `c` over it ([`geom::inside`] on its
/// outline)? The floor's table answers unless `c` is near an edge; then the outline is
/// placed into `outline` (once: `placed` says it is there) and tested edge by edge.
/// `bbox` is the placed outline's grown box.
#[inline]
fn over_floor(
    k: usize,
    floor_pos: P,
    bbox: &geom::BoundingBox,
    c: P,
    outline: &mut Vec<P>,
    placed: &mut bool,
) -> bool {
    if !bbox.holds(c) {
        return false;
    }
    match inside_map(k).side((c.0 - floor_pos.0, c.1 - floor_pos.1)) {
        Side::In => true,
        Side::Out => false,
        Side::Near => {
            if !*placed {
                floor_poly_into(k, floor_pos, outline);
                *placed = true;
            }
            geom::inside_box_known(c, outline)
        }
    }
}

/// The grown box ([`geom::BoundingBox::of`]) of floor `k` placed at `pos`, without
/// placing it: rounding is monotone, so the placed outline's extremes are the shape's
/// extremes moved, bit for bit.
fn floor_box(k: usize, pos: P) -> geom::BoundingBox {
    let shapes = floor_shapes();
    let s = &shapes[k.clamp(1, shapes.len()) - 1];
    geom::BoundingBox::of_extremes(
        (s.low.0 + pos.0, s.low.1 + pos.1),
        (s.high.0 + pos.0, s.high.1 + pos.1),
    )
}

/// Floor `k` (1-based: the floor forming level k) placed at `pos`.
pub fn floor_poly(k: usize, pos: P) -> Vec<P> {
    let shapes = floor_shapes();
    let idx = k.clamp(1, shapes.len()) - 1;
    geom::translate(&shapes[idx].poly, pos)
}

/// The top floor as placed: its outline and grid, and per footprint shape which grid
/// points it can stand on (worked out on first use). It depends only on the floor and
/// its position, so a villa keeps it until the tower changes.
#[derive(Debug)]
pub struct TopGeometry {
    /// The floor (1-based) and where it was placed: what this was computed for.
    pub k: usize,
    pub pos: P,
    pub poly: Vec<P>,
    pub grid: Grid,
    /// Per column type slot class (thick, medium, thin): the grid points, row by row
    /// from the bottom, where that footprint lies within the floor.
    fits: [OnceLock<Vec<bool>>; 3],
    /// Where the next floor could go regardless of columns (see [`NextFloor`]).
    next: OnceLock<NextFloor>,
}

/// The next floor over a top floor, per grid point (in [`Grid::all`] order): whether it
/// lies over the base plate there, its outline's grown bounding box, and the point.
#[derive(Debug)]
struct NextFloor {
    on_base: Vec<bool>,
    boxes: Vec<geom::BoundingBox>,
    points: Vec<P>,
}

impl TopGeometry {
    /// Floor `k` placed at `pos`.
    pub fn new(k: usize, pos: P) -> TopGeometry {
        let poly = floor_poly(k, pos);
        let grid = Grid::over(&poly);
        TopGeometry {
            k,
            pos,
            poly,
            grid,
            fits: Default::default(),
            next: OnceLock::new(),
        }
    }

    /// The geometry of floor `k` at `pos`, shared by every villa of the process that
    /// has that top floor (it is a pure function of the two, so sharing it changes
    /// nothing but the time: every fair game starts on the same blue floor).
    pub fn shared(k: usize, pos: P) -> Arc<TopGeometry> {
        static SEEN: Mutex<Vec<Arc<TopGeometry>>> = Mutex::new(Vec::new());
        let Ok(mut seen) = SEEN.lock() else {
            return Arc::new(TopGeometry::new(k, pos));
        };
        if let Some(top) = seen.iter().find(|t| t.is_for(k, pos)) {
            return Arc::clone(top);
        }
        let top = Arc::new(TopGeometry::new(k, pos));
        if seen.len() >= TOP_MEMO_SIZE {
            seen.remove(0);
        }
        seen.push(Arc::clone(&top));
        top
    }

    /// May the next floor go at grid point number `i` (in [`Grid::all`] order): over the
    /// base plate and resting on at least `need` of the columns centred at `tops`? The
    /// same answer as [`floor_inside_base`] and counting [`supports`], with the base test
    /// and the outline's bounding box kept from earlier calls.
    pub fn next_floor_fits(&self, i: usize, tops: &[P], need: usize, outline: &mut Vec<P>) -> bool {
        if tops.len() < need || self.k >= data::RED_FLOOR {
            return false;
        }
        let next = self.next_floor();
        let (Some(true), Some(bbox)) = (next.on_base.get(i).copied(), next.boxes.get(i)) else {
            return false;
        };
        let Some(pos) = next.points.get(i).copied() else {
            return false;
        };
        let mut placed = false;
        let mut got = 0;
        for &c in tops {
            // `bbox` is the outline's grown box.
            if over_floor(self.k + 1, pos, bbox, c, outline, &mut placed) {
                got += 1;
                if got >= need {
                    return true;
                }
            }
        }
        false
    }

    /// The grid points where [`Self::next_floor_fits`] holds, in [`Grid::all`] order,
    /// into `places`: the columns under the next floor are counted from its table for
    /// all the grid at once, and only the points where columns near its edges could
    /// decide are tested one by one. `counts` is scratch.
    pub fn next_floor_places(
        &self,
        tops: &[P],
        need: usize,
        outline: &mut Vec<P>,
        counts: &mut Vec<u16>,
        places: &mut Vec<GridPt>,
    ) {
        places.clear();
        if tops.len() < need || self.k >= data::RED_FLOOR {
            return;
        }
        let (w, h) = (usize::from(self.grid.w), usize::from(self.grid.h));
        counts.clear();
        counts.resize(w * h, 0);
        let map = inside_map(self.k + 1);
        for &c in tops {
            map.sweep(c, (self.grid.x0, self.grid.y0), (w, h), counts);
        }
        let on_base = &self.next_floor().on_base;
        for (i, (&count, &base)) in counts.iter().zip(on_base).enumerate() {
            let (got, maybe) = (usize::from(count % NEAR), usize::from(count / NEAR));
            if base
                && (got >= need
                    || (got + maybe >= need && self.next_floor_fits(i, tops, need, outline)))
            {
                places.push(GridPt {
                    x: (i % w) as u8,
                    y: (i / w) as u8,
                });
            }
        }
    }

    fn next_floor(&self) -> &NextFloor {
        self.next.get_or_init(|| {
            let mut outline = Vec::with_capacity(24);
            let (mut on_base, mut boxes, mut points) = (vec![], vec![], vec![]);
            for g in self.grid.all() {
                let pos = self.grid.point(g).unwrap_or_default();
                floor_poly_into(self.k + 1, pos, &mut outline);
                on_base.push(poly_inside_base(&outline));
                boxes.push(geom::BoundingBox::of(&outline));
                points.push(pos);
            }
            NextFloor {
                on_base,
                boxes,
                points,
            }
        })
    }

    /// Is this the geometry of floor `k` at `pos` (bit for bit)?
    pub fn is_for(&self, k: usize, pos: P) -> bool {
        self.k == k
            && self.pos.0.to_bits() == pos.0.to_bits()
            && self.pos.1.to_bits() == pos.1.to_bits()
    }

    /// For each grid point (in [`Grid::all`] order): does the footprint of a column of
    /// type slot `slot` (0 thick, 1 medium, 2.. thin) centred there lie within the floor?
    pub fn fits(&self, slot: usize) -> &[bool] {
        let kind = data::column_type(slot);
        self.fits[slot.min(2)].get_or_init(|| {
            self.grid
                .all()
                .map(|g| {
                    self.grid
                        .point(g)
                        .is_some_and(|p| geom::footprint_in_polygon(kind.shape, p, &self.poly))
                })
                .collect()
        })
    }
}

/// Top-floor placements the process remembers.
const TOP_MEMO_SIZE: usize = 256;

/// A column as the model sees it: its type, level and centre.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Piece {
    pub kind: ColumnType,
    pub level: usize,
    pub pos: P,
}

/// Does a column at `pos` on level `k − 1` support floor `k` placed at `floor_pos`?
pub fn supports(k: usize, floor_pos: P, pos: P) -> bool {
    match inside_map(k).side((pos.0 - floor_pos.0, pos.1 - floor_pos.1)) {
        Side::In => true,
        Side::Out => false,
        Side::Near => geom::inside(pos, &floor_poly(k, floor_pos)),
    }
}

/// The margin of the villa (cm): the smallest signed distance of the centre of mass of
/// each S_k (floor k, everything standing on it and above) to the convex hull of the
/// footprints of the columns supporting floor k. Negative means the villa falls;
/// +∞ when no floor is built.
pub fn margin(floors: &[P], pieces: &[Piece]) -> f64 {
    margin_with(floors, pieces, &HullMemo)
}

/// [`margin`], taking the hulls of supporters it has seen before from `memo` (a hull is
/// a function of its supporters' shapes and centres alone, so the number is the same).
pub fn margin_with(floors: &[P], pieces: &[Piece], memo: &HullMemo) -> f64 {
    margin_lifting(floors, pieces, None, memo)
}

/// [`margin_with`] of `pieces` but the one at index `lifted` (a column being pulled):
/// the same number. Where that piece held up a floor, the hull of the floor's supporters
/// with it may be remembered; when the piece's footprint lies clearly inside that hull,
/// it is also the hull without it ([`geom::footprint_clearly_inside`]).
pub fn margin_lifting(
    floors: &[P],
    pieces: &[Piece],
    lifted: Option<usize>,
    memo: &HullMemo,
) -> f64 {
    let shapes = floor_shapes();
    let n = floors.len();
    let (mut m, mut mx, mut my) = (0.0, 0.0, 0.0);
    let mut best = f64::INFINITY;
    // The outline is placed only for a piece near its edges (mostly never).
    let mut outline: Vec<P> = Vec::new();
    // The supporters of one floor, on the stack (at most every column), the lifted
    // piece among them where it is one.
    let mut key = [SupporterKey::default(); COLUMNS_MAX];
    for k in (1..=n).rev() {
        let s = &shapes[k - 1];
        let (cx, cy) = (
            s.centroid.0 + floors[k - 1].0,
            s.centroid.1 + floors[k - 1].1,
        );
        m += s.area;
        mx += s.area * cx;
        my += s.area * cy;
        for (_, p) in pieces
            .iter()
            .enumerate()
            .filter(|&(i, p)| p.level == k && Some(i) != lifted)
        {
            m += p.kind.mass;
            mx += p.kind.mass * p.pos.0;
            my += p.kind.mass * p.pos.1;
        }
        let com = (mx / m, my / m);
        // `geom::inside` with the outline's box worked out once per floor, not per piece,
        // and the outline placed only for a piece near its edges.
        let floor_pos = floors[k - 1];
        let bbox = floor_box(k, floor_pos);
        let mut placed = false;
        let (mut len, mut at) = (0, None);
        for (i, p) in pieces.iter().enumerate() {
            if p.level + 1 == k && over_floor(k, floor_pos, &bbox, p.pos, &mut outline, &mut placed)
            {
                // More pieces than columns would be no villa of this game: the margin of
                // the first ones, rather than a panic.
                if let Some(slot) = key.get_mut(len) {
                    *slot = SupporterKey::of(p.kind.shape, p.pos);
                    if Some(i) == lifted {
                        at = Some(len);
                    }
                    len += 1;
                }
            }
        }
        let with_lifted = &key[..len];
        let d = match at {
            None => memo.with_hull(with_lifted, None, |hull| {
                geom::hull_signed_distance(com, hull)
            }),
            Some(at) => {
                let mut without = [SupporterKey::default(); COLUMNS_MAX];
                without[..at].copy_from_slice(&with_lifted[..at]);
                without[at..len - 1].copy_from_slice(&with_lifted[at + 1..]);
                let lifted = with_lifted[at];
                memo.with_hull(&without[..len - 1], Some((with_lifted, lifted)), |hull| {
                    geom::hull_signed_distance(com, hull)
                })
            }
        };
        best = best.min(d);
    }
    best
}

/// Columns in the game (bounds the supporters of a floor).
const COLUMNS_MAX: usize = data::COLUMNS;

/// One supporter as a hull sees it: its shape and centre, bit for bit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
struct SupporterKey {
    square: bool,
    size: u64,
    x: u64,
    y: u64,
}

impl SupporterKey {
    fn of(shape: Shape, pos: P) -> SupporterKey {
        let (square, size) = match shape {
            Shape::Round(r) => (false, r),
            Shape::Square(h) => (true, h),
        };
        SupporterKey {
            square,
            size: size.to_bits(),
            x: pos.0.to_bits(),
            y: pos.1.to_bits(),
        }
    }

    fn shape(&self) -> Shape {
        let size = f64::from_bits(self.size);
        if self.square {
            Shape::Square(size)
        } else {
            Shape::Round(size)
        }
    }

    fn pos(&self) -> P {
        (f64::from_bits(self.x), f64::from_bits(self.y))
    }
}

/// The convex hull of the supporters' footprints.
fn hull_of(key: &[SupporterKey]) -> Vec<P> {
    let footprints: Vec<(Shape, P)> = key.iter().map(|s| (s.shape(), s.pos())).collect();
    geom::footprints_hull(&footprints)
}

/// A villa's handle on the hulls of supporter sets met before. The hulls themselves are
/// kept per thread ([`HULLS`]): a hull is a pure function of its key, and the same
/// supporter sets come back across the copies a search makes of one villa and across
/// games (every fair game starts on the same columns). Never stored.
#[derive(Default, Clone)]
pub struct HullMemo;

/// Supporter sets a thread remembers before it starts afresh.
const HULL_MEMO_SIZE: usize = 4096;

/// A quick hasher for supporter keys (bits of floats; no adversary).
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
}

type HullMap =
    std::collections::HashMap<Vec<SupporterKey>, Vec<P>, std::hash::BuildHasherDefault<KeyHasher>>;

thread_local! {
    /// The hulls this thread worked out, by supporters.
    static HULLS: std::cell::RefCell<HullMap> = std::cell::RefCell::default();
}

impl HullMemo {
    /// Calls `f` with the hull of the supporters `key`, from the memo or worked out.
    /// `wider`: the same supporters and one more, whose remembered hull is this one's
    /// too when that one's footprint lies clearly inside it.
    fn with_hull<T>(
        &self,
        key: &[SupporterKey],
        wider: Option<(&[SupporterKey], SupporterKey)>,
        f: impl FnOnce(&[P]) -> T,
    ) -> T {
        HULLS.with(|hulls| {
            let Ok(mut seen) = hulls.try_borrow_mut() else {
                return f(&hull_of(key));
            };
            if let Some(hull) = seen.get(key) {
                return f(hull);
            }
            let same = wider.and_then(|(wider, one)| {
                seen.get(wider)
                    .filter(|hull| geom::footprint_clearly_inside(hull, one.shape(), one.pos()))
                    .cloned()
            });
            let hull = same.unwrap_or_else(|| hull_of(key));
            let out = f(&hull);
            if seen.len() >= HULL_MEMO_SIZE {
                seen.clear();
            }
            seen.insert(key.to_vec(), hull);
            out
        })
    }
}

impl std::fmt::Debug for HullMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HullMemo")
    }
}

/// Where a column lands on the top floor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    /// On the floor itself.
    Floor,
    /// On top of this column (red floor only).
    OnTop(u8),
}

/// A column already standing on the top level: id, type, centre, and whether another
/// column stands on it.
#[derive(Debug, Clone, Copy)]
pub struct Standing {
    pub id: u8,
    pub kind: ColumnType,
    pub pos: P,
    pub covered: bool,
}

/// Why a point is not a place for a column.
#[derive(Debug, Clone, PartialEq)]
pub enum PlaceProblem {
    OffFloor,
    Overlap(u8),
    Overhang(u8),
}

/// Where (and on what) a column of `kind` may stand at `p` on the top floor `poly`
/// (`red` allows standing on the topmost column of a stack).
pub fn place_target(
    kind: ColumnType,
    p: P,
    poly: &[P],
    standing: &[Standing],
    red: bool,
) -> Result<Target, PlaceProblem> {
    place_target_with(
        kind,
        p,
        || geom::footprint_in_polygon(kind.shape, p, poly),
        standing,
        red,
    )
}

/// [`place_target`] when whether the footprint lies within the floor is already known
/// (`on_floor`, from [`TopGeometry::fits`]).
pub fn place_target_known(
    kind: ColumnType,
    p: P,
    on_floor: bool,
    standing: &[Standing],
    red: bool,
) -> Result<Target, PlaceProblem> {
    place_target_with(kind, p, || on_floor, standing, red)
}

/// The placement rules in order, asking `on_floor` only when it matters.
fn place_target_with(
    kind: ColumnType,
    p: P,
    on_floor: impl FnOnce() -> bool,
    standing: &[Standing],
    red: bool,
) -> Result<Target, PlaceProblem> {
    if red {
        // A point over a stack means "on top of it": it must fit within the topmost column.
        if let Some(top) = standing
            .iter()
            .find(|s| !s.covered && geom::point_in_footprint(p, s.kind.shape, s.pos))
        {
            if !geom::footprint_within(kind.shape, p, top.kind.shape, top.pos) {
                return Err(PlaceProblem::Overhang(top.id));
            }
            return Ok(Target::OnTop(top.id));
        }
    }
    if !on_floor() {
        return Err(PlaceProblem::OffFloor);
    }
    overlap_check(kind, p, standing)
}

/// The last step of a placement on the floor: no overlap with a standing column.
fn overlap_check(kind: ColumnType, p: P, standing: &[Standing]) -> Result<Target, PlaceProblem> {
    if let Some(s) = standing
        .iter()
        .find(|s| geom::footprints_overlap(kind.shape, p, s.kind.shape, s.pos))
    {
        return Err(PlaceProblem::Overlap(s.id));
    }
    Ok(Target::Floor)
}

/// Per grid point (in [`Grid::all`] order): `on_floor` there and no overlap with any
/// `standing` column for a footprint `shape` centred there — [`overlap_check`] at every
/// point, testing each column only against the points within its reach.
pub fn free_of_overlap(
    shape: Shape,
    grid: &Grid,
    on_floor: &[bool],
    standing: &[Standing],
) -> Vec<bool> {
    let mut free = on_floor.to_vec();
    let (w, h) = (grid.w as i32, grid.h as i32);
    for s in standing {
        // Footprints overlap only where their centres are closer along each axis than
        // the sum of their half extents (a disc's radius, a square's half side); a hair
        // more covers the rounding of the centres' differences.
        let reach = geom::half_extent(shape) + geom::half_extent(s.kind.shape) + 1e-6;
        let (x0, x1) = (
            (s.pos.0 - reach).floor() as i32,
            (s.pos.0 + reach).ceil() as i32,
        );
        let (y0, y1) = (
            (s.pos.1 - reach).floor() as i32,
            (s.pos.1 + reach).ceil() as i32,
        );
        for y in (y0 - grid.y0).max(0)..=(y1 - grid.y0).min(h - 1) {
            for x in (x0 - grid.x0).max(0)..=(x1 - grid.x0).min(w - 1) {
                let i = (y * w + x) as usize;
                let p = ((grid.x0 + x) as f64, (grid.y0 + y) as f64);
                if free.get(i) == Some(&true)
                    && geom::footprints_overlap(shape, p, s.kind.shape, s.pos)
                {
                    free[i] = false;
                }
            }
        }
    }
    free
}

/// Is `q` a place with the same target as the requested one (for landing noise)?
pub fn lands_ok(
    kind: ColumnType,
    q: P,
    target: Target,
    poly: &[P],
    standing: &[Standing],
    red: bool,
) -> bool {
    match target {
        Target::OnTop(id) => standing
            .iter()
            .find(|s| s.id == id)
            .is_some_and(|s| geom::footprint_within(kind.shape, q, s.kind.shape, s.pos)),
        Target::Floor => place_target(kind, q, poly, standing, red) == Ok(Target::Floor),
    }
}

/// The landing point: the requested point `p` moved towards the noisy point `q` as far
/// as the column still stands validly (on the floor, no overlap, or within the column
/// below) — the noise is clamped so the column stays where it was aimed.
pub fn clamp_landing(
    kind: ColumnType,
    p: P,
    q: P,
    target: Target,
    poly: &[P],
    standing: &[Standing],
) -> P {
    let ok = |x: P| lands_ok(kind, x, target, poly, standing, true);
    if ok(q) {
        return q;
    }
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..16 {
        let mid = (lo + hi) / 2.0;
        if ok((p.0 + mid * (q.0 - p.0), p.1 + mid * (q.1 - p.1))) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (p.0 + lo * (q.0 - p.0), p.1 + lo * (q.1 - p.1))
}

/// Setup placement on the base plate: inside the building area, no overlap.
pub fn base_place_ok(shape: Shape, p: P, others: &[(u8, Shape, P)]) -> Result<(), PlaceProblem> {
    if !geom::footprint_in_disc(shape, p, BUILD_RADIUS) {
        return Err(PlaceProblem::OffFloor);
    }
    if let Some((id, _, _)) = others
        .iter()
        .find(|(_, s, c)| geom::footprints_overlap(shape, p, *s, *c))
    {
        return Err(PlaceProblem::Overlap(*id));
    }
    Ok(())
}

/// Floor `k` placed at `pos`, written into `out` (the same points as [`floor_poly`]).
pub fn floor_poly_into(k: usize, pos: P, out: &mut Vec<P>) {
    let shapes = floor_shapes();
    let idx = k.clamp(1, shapes.len()) - 1;
    out.clear();
    out.extend(shapes[idx].poly.iter().map(|p| (p.0 + pos.0, p.1 + pos.1)));
}

/// Does the placed floor outline lie entirely over the base plate?
pub fn poly_inside_base(poly: &[P]) -> bool {
    poly.iter()
        .all(|v| (v.0 * v.0 + v.1 * v.1).sqrt() <= BASE_RADIUS + geom::EPS)
}

/// Is floor `k` at `pos` entirely over the base plate?
pub fn floor_inside_base(k: usize, pos: P) -> bool {
    poly_inside_base(&floor_poly(k, pos))
}

/// True when columns on this level may stand on one another.
pub fn stacking_level(level: usize) -> bool {
    level == RED_FLOOR
}

/// A labelled grid of integer points: letters from `x0` rightwards, numbers from `y0` up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grid {
    pub x0: i32,
    pub y0: i32,
    pub w: u8,
    pub h: u8,
}

/// A grid point by label: column letter index and row index, both from 0 (`a1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct GridPt {
    pub x: u8,
    pub y: u8,
}

impl std::fmt::Display for GridPt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.x.min(25)) as char,
            self.y as u32 + 1
        )
    }
}

impl Grid {
    /// The grid over the building area (custom setup).
    pub fn base() -> Grid {
        let r = BUILD_RADIUS.ceil() as i32;
        Grid {
            x0: -r,
            y0: -r,
            w: (2 * r + 1) as u8,
            h: (2 * r + 1) as u8,
        }
    }

    /// The grid over the bounding box of a floor polygon.
    pub fn over(poly: &[P]) -> Grid {
        let minx = poly.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let maxx = poly.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
        let miny = poly.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let maxy = poly.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
        let (x0, y0) = ((minx + 1e-6).floor() as i32, (miny + 1e-6).floor() as i32);
        let (x1, y1) = ((maxx - 1e-6).ceil() as i32, (maxy - 1e-6).ceil() as i32);
        Grid {
            x0,
            y0,
            w: (x1 - x0 + 1).clamp(1, 26) as u8,
            h: (y1 - y0 + 1).clamp(1, 99) as u8,
        }
    }

    /// The coordinates of a label, if it is on the grid.
    pub fn point(&self, g: GridPt) -> Option<P> {
        (g.x < self.w && g.y < self.h)
            .then(|| ((self.x0 + g.x as i32) as f64, (self.y0 + g.y as i32) as f64))
    }

    /// Every label, row by row from the bottom.
    pub fn all(&self) -> impl Iterator<Item = GridPt> + '_ {
        (0..self.h).flat_map(move |y| (0..self.w).map(move |x| GridPt { x, y }))
    }

    /// The label of the grid point nearest to `p` (clamped to the grid).
    pub fn nearest(&self, p: P) -> GridPt {
        let x = (p.0.round() as i32 - self.x0).clamp(0, self.w as i32 - 1);
        let y = (p.1.round() as i32 - self.y0).clamp(0, self.h as i32 - 1);
        GridPt {
            x: x as u8,
            y: y as u8,
        }
    }

    /// The text range of labels, e.g. `a1–u14`.
    pub fn range(&self) -> String {
        format!(
            "a1–{}",
            GridPt {
                x: self.w - 1,
                y: self.h - 1
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::villa::data::{THICK, THIN};

    #[test]
    fn floor_masses_are_areas() {
        let s = floor_shapes();
        // Green L: 176 cm², yellow trapezoid (14+8)/2·12 = 132, red rhombus 8·10/2 = 40.
        assert!((s[1].area - 176.0).abs() < 1e-9);
        assert!((s[2].area - 132.0).abs() < 1e-9);
        assert!((s[4].area - 40.0).abs() < 1e-9);
        // Orange: 12×2 strip + trapezoid from y=−3 (width 12) to y=6 (width 2), height 9.
        assert!((s[3].area - (24.0 + 7.0 * 9.0)).abs() < 1e-9);
        // Blue: a 16-gon half disc plus 20×3; the 16-gon half disc is a bit under π·50.
        let half = 0.5 * 16.0 * 100.0 * (std::f64::consts::PI / 16.0).sin();
        assert!((s[0].area - (60.0 + half)).abs() < 1e-9);
        assert!(s[0].centroid.0.abs() < 1e-9);
    }

    #[test]
    fn single_floor_on_four_thick_columns() {
        // Red rhombus at the origin (centroid at the origin) on four thick columns on the
        // axes at distance 3: the hull of their footprints reaches 3 + 1.3 along the axes;
        // the centre of mass is the origin; the inscribed 16-gons lose a little.
        let pieces: Vec<Piece> = [(3.0, 0.0), (-3.0, 0.0), (0.0, 3.0), (0.0, -3.0)]
            .iter()
            .map(|&pos| Piece {
                kind: THICK,
                level: 0,
                pos,
            })
            .collect();
        // Blue floor at the origin: its centroid is (0, c) with c < 0. The 16-gons have
        // vertices at 45°, so the hull edge facing the centroid is the exact tangent line
        // x − y = 3 + 1.3·√2 (and its mirror); distance (3 + 1.3√2 − |c|)/√2.
        let c = floor_shapes()[0].centroid.1;
        assert!(c < 0.0);
        let m = margin(&[(0.0, 0.0)], &pieces);
        let expect = (3.0 + 1.3 * 2f64.sqrt() - c.abs()) / 2f64.sqrt();
        assert!((m - expect).abs() < 1e-9, "{m} vs {expect}");
    }

    #[test]
    fn a_floor_on_one_side_falls() {
        // Blue floor held only by columns at x ≥ 6: its centre of mass (x = 0) is outside.
        let pieces = vec![
            Piece {
                kind: THIN,
                level: 0,
                pos: (6.0, 0.0),
            },
            Piece {
                kind: THIN,
                level: 0,
                pos: (7.0, 3.0),
            },
            Piece {
                kind: THIN,
                level: 0,
                pos: (7.0, -4.0),
            },
        ];
        let m = margin(&[(0.0, 0.0)], &pieces);
        assert!(m < -5.0, "{m}");
        assert_eq!(margin(&[(0.0, 0.0)], &[]), f64::NEG_INFINITY);
    }

    #[test]
    fn free_of_overlap_is_overlap_check_at_every_point() {
        let top = TopGeometry::new(2, (0.5, -0.25));
        let mut next = crate::villa::geom::spread(99);
        let mut blocked = 0;
        for n in 0..40 {
            let standing: Vec<Standing> = (0..n % 7)
                .map(|i| Standing {
                    id: i as u8,
                    kind: data::column_type(i % 3),
                    pos: (next(9.0), next(6.0)),
                    covered: false,
                })
                .collect();
            for slot in 0..3 {
                let kind = data::column_type(slot);
                let fits = top.fits(slot);
                let free = free_of_overlap(kind.shape, &top.grid, fits, &standing);
                for ((g, &on_floor), ok) in top.grid.all().zip(fits).zip(free) {
                    let p = top.grid.point(g).unwrap();
                    let one_by_one = on_floor && overlap_check(kind, p, &standing).is_ok();
                    assert_eq!(ok, one_by_one, "{g} with {standing:?}");
                    blocked += usize::from(on_floor && !ok);
                }
            }
        }
        assert!(blocked > 100, "only {blocked} points blocked");
    }

    #[test]
    fn a_margin_lifting_a_piece_is_the_margin_without_it_bit_for_bit() {
        let mut next = crate::villa::geom::spread(17);
        let forget = || HULLS.with(|h| h.borrow_mut().clear());
        let mut inside = 0;
        for n in 0..60 {
            // A ring of columns under the blue floor, some inside it, a few on the floor.
            let mut pieces: Vec<Piece> = (0..6)
                .map(|i| {
                    let a = std::f64::consts::TAU * f64::from(i) / 6.0 + next(0.3);
                    Piece {
                        kind: data::column_type(i as usize % 2),
                        level: 0,
                        pos: (5.5 * a.cos() + next(0.5), 3.5 * a.sin() + next(0.5)),
                    }
                })
                .collect();
            pieces.extend((0..n % 4).map(|i| Piece {
                kind: data::column_type(2 + i % 3),
                level: 0,
                pos: (next(2.0), next(1.5)),
            }));
            pieces.extend((0..n % 3).map(|_| Piece {
                kind: data::column_type(2),
                level: 1,
                pos: (next(4.0), next(3.0)),
            }));
            let floors = [(0.0, 0.0)];
            for lifted in 0..pieces.len() {
                forget();
                // The hulls with every piece remembered, as after the move before.
                margin(&floors, &pieces);
                let got = margin_lifting(&floors, &pieces, Some(lifted), &HullMemo);
                forget();
                let mut without = pieces.clone();
                let gone = without.remove(lifted);
                let want = margin(&floors, &without);
                assert_eq!(got.to_bits(), want.to_bits(), "{pieces:?} without {lifted}");
                let hull = hull_of(
                    &pieces
                        .iter()
                        .filter(|p| p.level == 0 && supports(1, floors[0], p.pos))
                        .map(|p| SupporterKey::of(p.kind.shape, p.pos))
                        .collect::<Vec<_>>(),
                );
                inside += usize::from(
                    gone.level == 0
                        && geom::footprint_clearly_inside(&hull, gone.kind.shape, gone.pos),
                );
            }
        }
        assert!(inside > 40, "only {inside} lifted pieces inside the hull");
    }

    #[test]
    fn next_floor_places_is_next_floor_fits_at_every_point() {
        let mut next = crate::villa::geom::spread(5);
        let (mut outline, mut counts, mut places) = (vec![], vec![], vec![]);
        let (mut fitting, mut points) = (0, 0);
        for n in 0..240 {
            let k = 1 + n % 4;
            let pos = (next(2.0).round(), next(2.0).round());
            let top = TopGeometry::new(k, pos);
            let on_grid = |g: GridPt| top.grid.point(g).unwrap();
            // Columns anywhere on the floor, some of them on grid points, on half points
            // and just beside the next floor's corners, where the table cannot answer.
            let corners = &floor_shapes()[k.min(4)].poly;
            let tops: Vec<P> = (0..n % 13)
                .map(|i| {
                    let g = GridPt {
                        x: (next(1.0).abs() * f64::from(top.grid.w)) as u8 % top.grid.w,
                        y: (next(1.0).abs() * f64::from(top.grid.h)) as u8 % top.grid.h,
                    };
                    let p = on_grid(g);
                    let v = corners[i % corners.len()];
                    match i % 4 {
                        0 => (p.0 + next(1.0), p.1 + next(1.0)),
                        1 => p,
                        2 => (p.0 + 0.5, p.1 - 0.5),
                        _ => (p.0 + v.0 + next(1e-6), p.1 + v.1 + next(1e-6)),
                    }
                })
                .collect();
            for need in [2, 3] {
                top.next_floor_places(&tops, need, &mut outline, &mut counts, &mut places);
                let one_by_one: Vec<GridPt> = (top.grid.all().enumerate())
                    .filter(|&(i, _)| top.next_floor_fits(i, &tops, need, &mut outline))
                    .map(|(_, g)| g)
                    .collect();
                assert_eq!(places, one_by_one, "floor {k} at {pos:?}, tops {tops:?}");
                fitting += places.len();
                points += top.grid.all().count();
            }
        }
        assert!(
            fitting > 500 && fitting < points,
            "{fitting} of {points} fit"
        );
    }

    #[test]
    fn grid_labels() {
        let g = Grid::over(&floor_poly(1, (0.0, 0.0)));
        assert_eq!((g.x0, g.y0, g.w, g.h), (-10, -6, 21, 14));
        assert_eq!(g.point(GridPt { x: 3, y: 3 }), Some((-7.0, -3.0)));
        assert_eq!(GridPt { x: 3, y: 3 }.to_string(), "d4");
        assert_eq!(g.nearest((-7.2, -2.9)), GridPt { x: 3, y: 3 });
        assert_eq!(g.point(GridPt { x: 21, y: 0 }), None);
        assert_eq!(g.range(), "a1–u14");
    }
}
