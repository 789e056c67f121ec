//! Plane geometry for the statics model: polygon area and centroid, point-in-polygon,
//! signed distances, convex hulls and column footprints.
//!
//! This is the bottom layer: it knows shapes and tolerances but no game numbers (those
//! live in `data`, which builds on the types here).

/// A point or vector in the plane (cm).
pub type P = (f64, f64);

/// Touching is not overlapping: footprints (and a point and an edge) may meet up to this
/// tolerance (cm), so an identical thin column may stand exactly on a thin one.
pub const EPS: f64 = 1e-9;

/// A footprint shape: a disc of a radius or an axis-aligned square of a half-side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    Round(f64),
    Square(f64),
}

/// Margin (cm) around a polygon's bounding box beyond which a point is certainly outside
/// it and farther than [`EPS`] from its edges (far larger than any rounding error at the
/// villa's scale), so the edge-by-edge tests can be skipped.
const BOX_MARGIN: f64 = 1e-6;

/// A polygon's bounding box grown by [`BOX_MARGIN`]: a point outside it is certainly
/// outside the polygon and farther than [`EPS`] from its edges.
#[derive(Debug, Clone, Copy)]
pub struct BoundingBox {
    min: P,
    max: P,
}

impl BoundingBox {
    /// The grown bounding box of `poly`.
    pub fn of(poly: &[P]) -> BoundingBox {
        let (low, high) = extremes(poly);
        BoundingBox::of_extremes(low, high)
    }

    /// The grown bounding box of a polygon whose [`extremes`] are `low` and `high`.
    pub fn of_extremes(low: P, high: P) -> BoundingBox {
        BoundingBox {
            min: (low.0 - BOX_MARGIN, low.1 - BOX_MARGIN),
            max: (high.0 + BOX_MARGIN, high.1 + BOX_MARGIN),
        }
    }

    /// False when `p` is certainly outside the polygon (and not near its edges).
    pub fn holds(&self, p: P) -> bool {
        !(p.0 < self.min.0 || p.0 > self.max.0 || p.1 < self.min.1 || p.1 > self.max.1)
    }
}

/// The smallest and the largest coordinates of `poly`'s vertices (∞ and −∞ when empty).
pub fn extremes(poly: &[P]) -> (P, P) {
    let (mut minx, mut maxx, mut miny, mut maxy) = (
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::NEG_INFINITY,
    );
    for v in poly {
        minx = minx.min(v.0);
        maxx = maxx.max(v.0);
        miny = miny.min(v.1);
        maxy = maxy.max(v.1);
    }
    ((minx, miny), (maxx, maxy))
}

/// True when `p` lies outside the bounding box of `poly` grown by [`BOX_MARGIN`].
fn far_outside_box(p: P, poly: &[P]) -> bool {
    !BoundingBox::of(poly).holds(p)
}

/// Area (positive) and centroid of a simple polygon.
pub fn area_centroid(poly: &[P]) -> (f64, P) {
    let n = poly.len();
    let (mut a2, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let (x0, y0) = poly[i];
        let (x1, y1) = poly[(i + 1) % n];
        let cross = x0 * y1 - x1 * y0;
        a2 += cross;
        cx += (x0 + x1) * cross;
        cy += (y0 + y1) * cross;
    }
    if a2.abs() < 1e-12 {
        let k = n.max(1) as f64;
        let sx: f64 = poly.iter().map(|p| p.0).sum();
        let sy: f64 = poly.iter().map(|p| p.1).sum();
        return (0.0, (sx / k, sy / k));
    }
    ((a2 / 2.0).abs(), (cx / (3.0 * a2), cy / (3.0 * a2)))
}

/// The polygon moved by `d`.
pub fn translate(poly: &[P], d: P) -> Vec<P> {
    poly.iter().map(|p| (p.0 + d.0, p.1 + d.1)).collect()
}

/// True when `p` lies inside the polygon (or on its boundary).
/// Inside means "within `EPS` of an edge, or an odd number of crossings"; the crossings
/// are counted first, as they need no distance at all.
pub fn inside(p: P, poly: &[P]) -> bool {
    if far_outside_box(p, poly) {
        return false;
    }
    inside_box_known(p, poly)
}

/// [`inside`] for a point known to lie within the polygon's grown bounding box
/// ([`BoundingBox::holds`]): the same answer without working the box out again.
pub fn inside_box_known(p: P, poly: &[P]) -> bool {
    if crossings_odd(p, poly) {
        return true;
    }
    let Some(&last) = poly.last() else {
        return false;
    };
    // Edge i runs from poly[i] to poly[i + 1], the last one back to poly[0].
    poly.windows(2).any(|e| touches_edge(p, e[0], e[1])) || touches_edge(p, last, poly[0])
}

/// Is `p` within [`EPS`] of the segment `a`–`b`? A squared distance clearly above EPS²
/// has its square root above EPS: only the edges that come close take the square root
/// for the exact comparison.
#[inline]
fn touches_edge(p: P, a: P, b: P) -> bool {
    // Outside the edge's box grown by BOX_MARGIN the distance certainly exceeds EPS.
    if p.0 < a.0.min(b.0) - BOX_MARGIN
        || p.0 > a.0.max(b.0) + BOX_MARGIN
        || p.1 < a.1.min(b.1) - BOX_MARGIN
        || p.1 > a.1.max(b.1) + BOX_MARGIN
    {
        return false;
    }
    let surely_far = EPS * EPS * (1.0 + 1e-6);
    seg_dist2(p, a, b) <= surely_far && seg_dist(p, a, b) <= EPS
}

/// Does the edge from `prev` to `cur` cross the ray from `p` to the right (the ray
/// casting test of [`inside`])?
#[inline]
fn crosses_ray(p: P, cur: P, prev: P) -> bool {
    (cur.1 > p.1) != (prev.1 > p.1) && p.0 < ray_intercept(p.1, cur, prev)
}

/// Where the line at height `y` meets the edge from `prev` to `cur` (an edge that
/// spans that height).
#[inline]
fn ray_intercept(y: f64, cur: P, prev: P) -> f64 {
    let ((xi, yi), (xj, yj)) = (cur, prev);
    (xj - xi) * (y - yi) / (yj - yi) + xi
}

/// [`inside`] for the points of one horizontal line at a time, keeping only what can
/// matter there: where the edges crossing the line meet it (the ray casting test), and
/// the edges that come within [`BOX_MARGIN`] of it (no other edge comes within [`EPS`]
/// of a point of the line). The same answers, for drawing a polygon row by row.
#[derive(Debug, Clone)]
pub struct PolygonRow<'a> {
    poly: &'a [P],
    bbox: BoundingBox,
    y: f64,
    /// Where the crossing edges meet the line.
    intercepts: Vec<f64>,
    /// Edges `(a, b)` reaching within [`BOX_MARGIN`] of the line, with their x range
    /// grown by it.
    near: Vec<(P, P, f64, f64)>,
}

impl<'a> PolygonRow<'a> {
    /// `poly`, along no line yet (see [`PolygonRow::move_to`]).
    pub fn new(poly: &'a [P]) -> PolygonRow<'a> {
        PolygonRow {
            poly,
            bbox: BoundingBox::of(poly),
            y: f64::NAN,
            intercepts: Vec::with_capacity(4),
            near: Vec::with_capacity(4),
        }
    }

    /// Moves to the line at height `y`.
    pub fn move_to(&mut self, y: f64) {
        let (poly, n) = (self.poly, self.poly.len());
        self.y = y;
        self.intercepts.clear();
        self.near.clear();
        for i in 0..n {
            let (a, b) = (poly[i], poly[(i + 1) % n]);
            if (b.1 > y) != (a.1 > y) {
                self.intercepts.push(ray_intercept(y, b, a));
            }
            if y >= a.1.min(b.1) - BOX_MARGIN && y <= a.1.max(b.1) + BOX_MARGIN {
                let (lo, hi) = (a.0.min(b.0) - BOX_MARGIN, a.0.max(b.0) + BOX_MARGIN);
                self.near.push((a, b, lo, hi));
            }
        }
    }

    /// [`inside`] for the point `(x, y)` of the current line.
    pub fn inside(&self, x: f64) -> bool {
        let p = (x, self.y);
        if !self.bbox.holds(p) {
            return false;
        }
        let odd = self.intercepts.iter().filter(|&&at| x < at).count() % 2 == 1;
        odd || self
            .near
            .iter()
            .any(|&(a, b, lo, hi)| x >= lo && x <= hi && touches_edge(p, a, b))
    }
}

/// [`inside`] when the distance `d` from `p` to the boundary is already known.
fn inside_given_distance(p: P, poly: &[P], d: f64) -> bool {
    if d <= EPS {
        return true;
    }
    crossings_odd(p, poly)
}

/// Ray casting: an odd number of edges crosses the ray from `p` to the right.
fn crossings_odd(p: P, poly: &[P]) -> bool {
    let Some(&last) = poly.last() else {
        return false;
    };
    let (mut c, mut prev) = (false, last);
    for &cur in poly {
        if crosses_ray(p, cur, prev) {
            c = !c;
        }
        prev = cur;
    }
    c
}

/// Squared distance from `p` to the segment `a`–`b`.
fn seg_dist2(p: P, a: P, b: P) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 < 1e-18 {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    };
    let (qx, qy) = (a.0 + t * dx, a.1 + t * dy);
    (p.0 - qx).powi(2) + (p.1 - qy).powi(2)
}

/// Distance from `p` to the segment `a`–`b`.
pub fn seg_dist(p: P, a: P, b: P) -> f64 {
    seg_dist2(p, a, b).sqrt()
}

/// Distance from `p` to the polygon's boundary. The square root is taken once, of the
/// smallest squared distance: a correctly rounded square root is monotone, so this is
/// bit for bit the smallest of the per-edge distances.
pub fn dist_to_boundary(p: P, poly: &[P]) -> f64 {
    let n = poly.len();
    (0..n)
        .map(|i| seg_dist2(p, poly[i], poly[(i + 1) % n]))
        .fold(f64::INFINITY, f64::min)
        .sqrt()
}

/// Signed distance from `p` to the polygon: positive inside, negative outside.
pub fn signed_distance(p: P, poly: &[P]) -> f64 {
    let d = dist_to_boundary(p, poly);
    if inside_given_distance(p, poly, d) {
        d
    } else {
        -d
    }
}

fn cross(o: P, a: P, b: P) -> f64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// `x` as an unsigned integer ordered as [`f64::total_cmp`] orders the floats.
fn total_key(x: f64) -> u64 {
    let bits = x.to_bits() as i64;
    // `total_cmp`'s transform (negative floats: all bits but the sign flipped), then the
    // sign bit flipped so that unsigned order is signed order.
    ((bits ^ (((bits >> 63) as u64) >> 1) as i64) as u64) ^ (1 << 63)
}

/// The float whose [`total_key`] is `k` (the transform undone).
fn from_total_key(k: u64) -> f64 {
    let bits = (k ^ (1 << 63)) as i64;
    f64::from_bits((bits ^ (((bits >> 63) as u64) >> 1) as i64) as u64)
}

/// A point's key: x's [`total_key`] then y's, so keys sort as points by x then y.
fn sort_key(p: P) -> u128 {
    (u128::from(total_key(p.0)) << 64) | u128::from(total_key(p.1))
}

fn from_sort_key(k: u128) -> P {
    (from_total_key((k >> 64) as u64), from_total_key(k as u64))
}

/// Convex hull (Andrew's monotone chain), counter-clockwise, without collinear points.
pub fn convex_hull(points: &[P]) -> Vec<P> {
    monotone_chain(points.iter().copied())
}

/// The convex hull of footprints' boundary points ([`footprint_points`]), the very hull
/// [`convex_hull`] gives of all of them: the footprints clearly inside the polygon of
/// the extreme points in eight directions give no point to it (see [`clearly_inner`]),
/// so their points are left out of the sort, which is most of the work.
pub fn footprints_hull(footprints: &[(Shape, P)]) -> Vec<P> {
    let inner = extreme_octagon(footprints);
    let lengths: Vec<f64> = (0..inner.len())
        .map(|i| {
            let (a, b) = (inner[i], inner[(i + 1) % inner.len()]);
            ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt()
        })
        .collect();
    let mut pts: Vec<P> = Vec::with_capacity(footprints.len() * ROUND_SAMPLES);
    for &(shape, c) in footprints {
        if !footprint_clearly_inner(&inner, &lengths, shape, c) {
            footprint_points(shape, c, &mut pts);
        }
    }
    monotone_chain(pts.into_iter())
}

/// Andrew's monotone chain over `points`, counter-clockwise, without collinear points.
fn monotone_chain(points: impl Iterator<Item = P>) -> Vec<P> {
    // Sorted by x then y under `total_cmp`, as integer keys with the same order (one
    // comparison of plain integers instead of two float total orders). Points with
    // equal keys are bit-identical, so any sort gives the very same order.
    let mut keys: Vec<u128> = points.map(sort_key).collect();
    keys.sort_unstable();
    let mut pts: Vec<P> = keys.iter().map(|k| from_sort_key(*k)).collect();
    pts.dedup_by(|a, b| (a.0 - b.0).abs() < 1e-12 && (a.1 - b.1).abs() < 1e-12);
    if pts.len() < 3 {
        return pts;
    }
    let mut hull: Vec<P> = Vec::with_capacity(pts.len() * 2);
    // Lower hull, left to right.
    for &p in &pts {
        while hull.len() >= 2 && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 1e-12 {
            hull.pop();
        }
        hull.push(p);
    }
    // Upper hull, right to left, never popping into the lower hull.
    let lower = hull.len() + 1;
    for &p in pts.iter().rev().skip(1) {
        while hull.len() >= lower && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 1e-12 {
            hull.pop();
        }
        hull.push(p);
    }
    hull.pop();
    hull
}

/// The footprints' boundary points extreme at 0°, 45°, … 315° (counter-clockwise),
/// repeats dropped: a convex polygon of hull points, inside the hull. Empty when it has
/// fewer than three corners.
fn extreme_octagon(footprints: &[(Shape, P)]) -> Vec<P> {
    let mut out: Vec<P> = Vec::with_capacity(8);
    for k in 0..8 {
        // The direction (unnormalized) and each footprint's boundary point furthest that
        // way: a disc's sample at that angle (every 45° is a sample), a square's corner.
        let (dx, dy) = [
            (1.0, 0.0),
            (1.0, 1.0),
            (0.0, 1.0),
            (-1.0, 1.0),
            (-1.0, 0.0),
            (-1.0, -1.0),
            (0.0, -1.0),
            (1.0, -1.0),
        ][k];
        let mut best: Option<(f64, P)> = None;
        for &(shape, c) in footprints {
            let p = match shape {
                Shape::Round(r) => {
                    let (cos, sin) = unit_circle()[2 * k];
                    (c.0 + r * cos, c.1 + r * sin)
                }
                Shape::Square(h) => {
                    let sx = if dx < 0.0 { -h } else { h };
                    let sy = if dy < 0.0 { -h } else { h };
                    (c.0 + sx, c.1 + sy)
                }
            };
            let v = p.0 * dx + p.1 * dy;
            if best.is_none_or(|(bv, _)| v > bv) {
                best = Some((v, p));
            }
        }
        let Some((_, p)) = best else { break };
        if out.last() != Some(&p) && out.first() != Some(&p) {
            out.push(p);
        }
    }
    if out.len() < 3 {
        out.clear();
    }
    out
}

/// How far inside every edge of the extreme octagon (as a cross product, cm²) a point
/// must lie to be left out of the hull's work: far beyond rounding at the villa's scale.
const INNER_MARGIN: f64 = 1e-6;

/// Does every boundary point of the footprint lie inside the convex polygon `inner`
/// (counter-clockwise, of hull points; `lengths` its edges' lengths) by more than
/// [`INNER_MARGIN`]? Such points are strictly inside the hull, so none is a vertex of
/// it; and the monotone chain pops each without it ever popping a vertex (beyond a
/// hull vertex, the line from an earlier chain point through it runs below the lower
/// hull and above the upper one, so a point strictly inside turns left there).
fn footprint_clearly_inner(inner: &[P], lengths: &[f64], shape: Shape, c: P) -> bool {
    let n = inner.len();
    // A boundary point lies within `reach` of the centre, so its cross product with an
    // edge differs from the centre's by at most reach × the edge's length.
    let reach = match shape {
        Shape::Round(r) => r,
        Shape::Square(h) => h * std::f64::consts::SQRT_2,
    } * (1.0 + 1e-9);
    n >= 3
        && (0..n)
            .all(|i| cross(inner[i], inner[(i + 1) % n], c) - reach * lengths[i] > INNER_MARGIN)
}

/// Does every boundary point of the footprint lie clearly inside `hull` (a hull from
/// [`footprints_hull`], counter-clockwise)? Then the footprints' hull without this one
/// is `hull` too: its points are left out of the chain's work as [`footprints_hull`]
/// leaves out the footprints inside its extreme octagon, and for the same reason.
pub fn footprint_clearly_inside(hull: &[P], shape: Shape, c: P) -> bool {
    let n = hull.len();
    if n < 3 {
        return false;
    }
    let lengths: Vec<f64> = (0..n)
        .map(|i| {
            let (a, b) = (hull[i], hull[(i + 1) % n]);
            ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt()
        })
        .collect();
    footprint_clearly_inner(hull, &lengths, shape, c)
}

/// Signed distance of `p` to a convex hull given as its vertices: positive inside.
/// A hull of one point or a segment has no inside; no hull at all is −∞.
pub fn hull_signed_distance(p: P, hull: &[P]) -> f64 {
    match hull.len() {
        0 => f64::NEG_INFINITY,
        1 => -((p.0 - hull[0].0).powi(2) + (p.1 - hull[0].1).powi(2)).sqrt(),
        2 => -seg_dist(p, hull[0], hull[1]),
        _ => signed_distance(p, hull),
    }
}

/// Sample points on a round footprint's boundary used for hulls.
pub const ROUND_SAMPLES: usize = 16;

/// The cosines and sines of the [`ROUND_SAMPLES`] sample angles, worked out once.
fn unit_circle() -> &'static [P; ROUND_SAMPLES] {
    static TABLE: std::sync::OnceLock<[P; ROUND_SAMPLES]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        std::array::from_fn(|i| {
            let a = std::f64::consts::TAU * i as f64 / ROUND_SAMPLES as f64;
            (a.cos(), a.sin())
        })
    })
}

/// Boundary points of a footprint at `c` (16 on a disc, the 4 corners of a square).
pub fn footprint_points(shape: Shape, c: P, out: &mut Vec<P>) {
    match shape {
        Shape::Round(r) => {
            out.extend(
                unit_circle()
                    .iter()
                    .map(|&(cos, sin)| (c.0 + r * cos, c.1 + r * sin)),
            );
        }
        Shape::Square(h) => {
            out.extend([
                (c.0 - h, c.1 - h),
                (c.0 + h, c.1 - h),
                (c.0 + h, c.1 + h),
                (c.0 - h, c.1 + h),
            ]);
        }
    }
}

/// Does the segment a–b meet the open square of half-side h around c?
fn segment_hits_open_square(a: P, b: P, c: P, h: f64) -> bool {
    // Liang–Barsky clipping against the slightly shrunk square.
    let h = h - EPS;
    if h <= 0.0 {
        return false;
    }
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    let checks = [
        (-dx, a.0 - (c.0 - h)),
        (dx, (c.0 + h) - a.0),
        (-dy, a.1 - (c.1 - h)),
        (dy, (c.1 + h) - a.1),
    ];
    for (p, q) in checks {
        if p.abs() < 1e-15 {
            if q < 0.0 {
                return false;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// The whole footprint lies within the polygon.
pub fn footprint_in_polygon(shape: Shape, c: P, poly: &[P]) -> bool {
    if far_outside_box(c, poly) {
        return false;
    }
    let n = poly.len();
    match shape {
        Shape::Round(r) => {
            // inside && dist_to_boundary(c) >= r − EPS, with the distance given up on as
            // soon as one edge is certainly too close (a clear margin on the squares).
            // Past that, the distance exceeds EPS, so inside is the crossing count.
            let need = r - EPS;
            let surely_short = need * need * (1.0 - 1e-9);
            let mut min2 = f64::INFINITY;
            for i in 0..n {
                let d2 = seg_dist2(c, poly[i], poly[(i + 1) % n]);
                if d2 < surely_short {
                    return false;
                }
                min2 = min2.min(d2);
            }
            let d = min2.sqrt();
            d >= need && inside_given_distance(c, poly, d)
        }
        Shape::Square(h) => {
            inside(c, poly)
                && (0..n).all(|i| !segment_hits_open_square(poly[i], poly[(i + 1) % n], c, h))
        }
    }
}

/// The whole footprint lies within the disc of radius `radius` around the origin.
pub fn footprint_in_disc(shape: Shape, c: P, radius: f64) -> bool {
    match shape {
        Shape::Round(r) => (c.0 * c.0 + c.1 * c.1).sqrt() + r <= radius + EPS,
        Shape::Square(h) => [(-h, -h), (h, -h), (h, h), (-h, h)]
            .iter()
            .all(|d| ((c.0 + d.0).powi(2) + (c.1 + d.1).powi(2)).sqrt() <= radius + EPS),
    }
}

/// The radius of the smallest disc around a footprint's centre that holds it.
pub fn reach(shape: Shape) -> f64 {
    match shape {
        Shape::Round(r) => r,
        Shape::Square(h) => h * std::f64::consts::SQRT_2,
    }
}

/// How far a footprint reaches from its centre along either axis: a disc's radius, a
/// square's half side. Two footprints whose centres are farther apart along an axis than
/// the sum of theirs never overlap ([`footprints_overlap`]).
pub fn half_extent(shape: Shape) -> f64 {
    match shape {
        Shape::Round(r) => r,
        Shape::Square(h) => h,
    }
}

/// Do two footprints overlap (share interior)?
pub fn footprints_overlap(s1: Shape, c1: P, s2: Shape, c2: P) -> bool {
    let (dx, dy) = (c1.0 - c2.0, c1.1 - c2.1);
    match (s1, s2) {
        (Shape::Round(r1), Shape::Round(r2)) => (dx * dx + dy * dy).sqrt() < r1 + r2 - EPS,
        (Shape::Square(h1), Shape::Square(h2)) => {
            dx.abs() < h1 + h2 - EPS && dy.abs() < h1 + h2 - EPS
        }
        (Shape::Round(r), Shape::Square(h)) | (Shape::Square(h), Shape::Round(r)) => {
            let ex = (dx.abs() - h).max(0.0);
            let ey = (dy.abs() - h).max(0.0);
            (ex * ex + ey * ey).sqrt() < r - EPS
        }
    }
}

/// Does footprint `inner` at `ci` lie within footprint `outer` at `co`?
pub fn footprint_within(inner: Shape, ci: P, outer: Shape, co: P) -> bool {
    let (dx, dy) = (ci.0 - co.0, ci.1 - co.1);
    match (inner, outer) {
        (Shape::Round(r), Shape::Round(big)) => (dx * dx + dy * dy).sqrt() + r <= big + EPS,
        (Shape::Round(r), Shape::Square(h)) => dx.abs() + r <= h + EPS && dy.abs() + r <= h + EPS,
        (Shape::Square(h), Shape::Square(big)) => {
            dx.abs() + h <= big + EPS && dy.abs() + h <= big + EPS
        }
        (Shape::Square(h), Shape::Round(big)) => [(-h, -h), (h, -h), (h, h), (-h, h)]
            .iter()
            .all(|d| ((dx + d.0).powi(2) + (dy + d.1).powi(2)).sqrt() <= big + EPS),
    }
}

/// Does the point lie within the footprint?
pub fn point_in_footprint(p: P, shape: Shape, c: P) -> bool {
    let (dx, dy) = (p.0 - c.0, p.1 - c.1);
    match shape {
        Shape::Round(r) => (dx * dx + dy * dy).sqrt() <= r + EPS,
        Shape::Square(h) => dx.abs() <= h + EPS && dy.abs() <= h + EPS,
    }
}

/// Test draws: a small fixed generator of numbers spread evenly over ±`scale`, the same on
/// every run (the statics tests' random villas).
#[cfg(test)]
pub(super) fn spread(mut seed: u64) -> impl FnMut(f64) -> f64 {
    move |scale| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 11) as f64 / (1u64 << 53) as f64) * 2.0 * scale - scale
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn square_area_and_centroid() {
        let sq = [(0.0, 0.0), (4.0, 0.0), (4.0, 2.0), (0.0, 2.0)];
        let (a, c) = area_centroid(&sq);
        assert!(close(a, 8.0) && close(c.0, 2.0) && close(c.1, 1.0));
        // Clockwise gives the same area and centroid.
        let rev: Vec<P> = sq.iter().rev().copied().collect();
        let (a2, c2) = area_centroid(&rev);
        assert!(close(a2, 8.0) && close(c2.0, 2.0) && close(c2.1, 1.0));
    }

    #[test]
    fn polygon_rows_answer_as_inside() {
        let arc: Vec<P> = (0..=16)
            .map(|i| {
                let a = std::f64::consts::PI * i as f64 / 16.0;
                (0.3 + 10.0 * a.cos(), -2.7 + 10.0 * a.sin())
            })
            .chain([(-9.7, -5.7), (10.3, -5.7)])
            .collect();
        let polys: [Vec<P>; 3] = [
            vec![
                (-8.0, -8.0),
                (8.0, -8.0),
                (8.0, -2.0),
                (0.0, -2.0),
                (0.0, 8.0),
                (-8.0, 8.0),
            ],
            vec![(0.5, -5.0), (4.5, 0.0), (0.5, 5.0), (-3.5, 0.0)],
            arc,
        ];
        for poly in &polys {
            // Every quarter cm over the box and beyond, every vertex height, and points a
            // hair off the edges.
            let mut ys: Vec<f64> = (-48..=48).map(|k| k as f64 / 4.0).collect();
            ys.extend(poly.iter().map(|v| v.1));
            ys.extend(poly.iter().map(|v| v.1 + EPS / 2.0));
            let mut row = PolygonRow::new(poly);
            for &y in &ys {
                row.move_to(y);
                let mut xs: Vec<f64> = (-48..=48).map(|k| k as f64 / 4.0).collect();
                xs.extend(
                    poly.iter()
                        .flat_map(|v| [v.0, v.0 - EPS / 2.0, v.0 + 2.0 * EPS]),
                );
                for &x in &xs {
                    assert_eq!(row.inside(x), inside((x, y), poly), "({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn l_shape_centroid_by_hand() {
        // Green floor: 16×6 strip (centroid (0,−5), area 96) + 8×10 arm (centroid (−4,3), area 80).
        let l = [
            (-8.0, -8.0),
            (8.0, -8.0),
            (8.0, -2.0),
            (0.0, -2.0),
            (0.0, 8.0),
            (-8.0, 8.0),
        ];
        let (a, c) = area_centroid(&l);
        assert!(close(a, 176.0));
        assert!(close(c.0, (96.0 * 0.0 + 80.0 * -4.0) / 176.0));
        assert!(close(c.1, (96.0 * -5.0 + 80.0 * 3.0) / 176.0));
    }

    #[test]
    fn triangle_centroid() {
        let t = [(0.0, 0.0), (6.0, 0.0), (0.0, 3.0)];
        let (a, c) = area_centroid(&t);
        assert!(close(a, 9.0) && close(c.0, 2.0) && close(c.1, 1.0));
    }

    #[test]
    fn sort_keys_order_as_total_cmp_and_round_trip() {
        let xs = [
            -f64::INFINITY,
            -1e300,
            -2.5,
            -1.0,
            -1e-300,
            -0.0,
            0.0,
            1e-300,
            0.1,
            1.0,
            2.5,
            1e300,
            f64::INFINITY,
        ];
        for a in xs {
            assert_eq!(from_total_key(total_key(a)).to_bits(), a.to_bits());
            for b in xs {
                assert_eq!(total_key(a).cmp(&total_key(b)), a.total_cmp(&b), "{a} {b}");
                let (p, q) = ((a, b), (b, a));
                assert_eq!(
                    sort_key(p).cmp(&sort_key(q)),
                    p.0.total_cmp(&q.0).then(p.1.total_cmp(&q.1))
                );
                assert_eq!(from_sort_key(sort_key(p)), p);
            }
        }
    }

    #[test]
    fn hull_of_square_with_inner_and_collinear_points() {
        let pts = [
            (0.0, 0.0),
            (2.0, 0.0),
            (1.0, 0.0),
            (2.0, 2.0),
            (0.0, 2.0),
            (1.0, 1.0),
            (0.0, 1.0),
        ];
        let h = convex_hull(&pts);
        assert_eq!(h, vec![(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]);
    }

    #[test]
    fn footprints_hull_is_the_hull_of_every_point_bit_for_bit() {
        let mut next = crate::villa::geom::spread(777);
        let mut left_out = 0;
        for n in 1..400 {
            // Footprints of columns as under a floor: discs and squares of a villa's
            // sizes, some on the grid (ties, collinear corners), some anywhere.
            let fps: Vec<(Shape, P)> = (0..(n % 21 + 1))
                .map(|i| {
                    let c = if i % 3 == 0 {
                        (next(8.0).round(), next(8.0).round())
                    } else {
                        (next(8.0), next(8.0))
                    };
                    let shape = match i % 4 {
                        0 => Shape::Square(1.25),
                        1 => Shape::Round(1.5),
                        _ => Shape::Round(0.75 + next(0.5).abs()),
                    };
                    (shape, c)
                })
                .collect();
            let mut pts = vec![];
            for &(shape, c) in &fps {
                footprint_points(shape, c, &mut pts);
            }
            let inner = extreme_octagon(&fps);
            let lengths: Vec<f64> = (0..inner.len())
                .map(|i| {
                    let (a, b) = (inner[i], inner[(i + 1) % inner.len()]);
                    ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt()
                })
                .collect();
            left_out += fps
                .iter()
                .filter(|(s, c)| footprint_clearly_inner(&inner, &lengths, *s, *c))
                .count();
            let bits = |h: &[P]| -> Vec<(u64, u64)> {
                h.iter().map(|p| (p.0.to_bits(), p.1.to_bits())).collect()
            };
            assert_eq!(
                bits(&footprints_hull(&fps)),
                bits(&convex_hull(&pts)),
                "set {n}"
            );
        }
        assert!(left_out > 500, "only {left_out} footprints left out");
    }

    #[test]
    fn hulls_contain_every_point_and_are_convex() {
        let mut seed: u64 = 12345;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) as f64 / (1u64 << 31) as f64) * 20.0 - 10.0
        };
        for n in 1..60 {
            let pts: Vec<P> = (0..n).map(|_| (next(), next())).collect();
            let h = convex_hull(&pts);
            if h.len() < 3 {
                continue;
            }
            for p in &pts {
                assert!(signed_distance(*p, &h) >= -1e-9, "point outside its hull");
            }
            for i in 0..h.len() {
                let (a, b, c) = (h[i], h[(i + 1) % h.len()], h[(i + 2) % h.len()]);
                assert!(
                    cross(a, b, c) > 0.0,
                    "hull not strictly convex and counter-clockwise"
                );
            }
        }
    }

    #[test]
    fn signed_distance_inside_outside_corner() {
        let sq = [(0.0, 0.0), (4.0, 0.0), (4.0, 4.0), (0.0, 4.0)];
        assert!(close(signed_distance((1.0, 2.0), &sq), 1.0));
        assert!(close(signed_distance((2.0, 2.0), &sq), 2.0));
        assert!(close(signed_distance((6.0, 2.0), &sq), -2.0));
        // Outside a corner: Euclidean distance to the corner (3-4-5).
        assert!(close(signed_distance((7.0, 8.0), &sq), -5.0));
        assert!(close(hull_signed_distance((0.0, 3.0), &[(0.0, 0.0)]), -3.0));
        assert!(close(
            hull_signed_distance((1.0, 3.0), &[(0.0, 0.0), (2.0, 0.0)]),
            -3.0
        ));
        assert_eq!(hull_signed_distance((0.0, 0.0), &[]), f64::NEG_INFINITY);
    }

    #[test]
    fn concave_polygon_membership() {
        let l = [
            (-8.0, -8.0),
            (8.0, -8.0),
            (8.0, -2.0),
            (0.0, -2.0),
            (0.0, 8.0),
            (-8.0, 8.0),
        ];
        assert!(inside((-4.0, 4.0), &l));
        assert!(inside((4.0, -4.0), &l));
        assert!(!inside((4.0, 4.0), &l));
        // A square straddling the inner corner has all its corners... not all inside.
        assert!(!footprint_in_polygon(Shape::Square(0.85), (0.5, -1.5), &l));
        assert!(footprint_in_polygon(Shape::Square(0.85), (-1.0, -3.0), &l));
        // A disc needs its radius of clearance from every edge.
        assert!(footprint_in_polygon(Shape::Round(1.3), (-1.3, -6.7), &l));
        assert!(!footprint_in_polygon(Shape::Round(1.3), (-1.3, -6.8), &l));
    }

    #[test]
    fn footprint_relations() {
        let thin = Shape::Round(0.6);
        let thick = Shape::Round(1.3);
        let med = Shape::Square(0.85);
        assert!(footprints_overlap(thin, (0.0, 0.0), thin, (1.1, 0.0)));
        assert!(!footprints_overlap(thin, (0.0, 0.0), thin, (1.2, 0.0)));
        assert!(footprints_overlap(med, (0.0, 0.0), thin, (1.4, 0.0)));
        assert!(!footprints_overlap(med, (0.0, 0.0), thin, (1.45, 0.0)));
        // Diagonal: the corner of the square is at distance (1.5−0.85)·√2 ≈ 0.92 > 0.6.
        assert!(!footprints_overlap(med, (0.0, 0.0), thin, (1.5, 1.5)));
        assert!(footprint_within(thin, (0.5, 0.0), thick, (0.0, 0.0)));
        assert!(!footprint_within(thin, (0.8, 0.0), thick, (0.0, 0.0)));
        assert!(footprint_within(thin, (0.0, 0.0), thin, (0.0, 0.0)));
        assert!(footprint_within(med, (0.0, 0.0), thick, (0.0, 0.0)));
        assert!(!footprint_within(thick, (0.0, 0.0), med, (0.0, 0.0)));
        assert!(footprint_in_disc(thick, (9.7, 0.0), 11.0));
        assert!(!footprint_in_disc(thick, (9.8, 0.0), 11.0));
    }
}
