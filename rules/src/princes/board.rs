//! The 7×7 principality: polyomino orientations, coordinates and placement checks.
//!
//! Coordinates: columns A–G left to right, rows 1–7 top to bottom; the palazzo fills
//! A6–C7. A placement names the top-left corner of the piece's bounding box after the
//! piece is mirrored (`flip`, left–right) and then turned clockwise by `rot` degrees.

use super::data::{BUILDINGS, GRID, LANDSCAPES, PALAZZO};
use serde::{Deserialize, Serialize};

/// What fills a square.
pub const EMPTY: u8 = 0;
pub const PALAZZO_CELL: u8 = 1;
/// Buildings are `BUILDING_BASE + building id`.
pub const BUILDING_BASE: u8 = 2;
/// Landscapes are `LANDSCAPE_BASE + landscape id`.
pub const LANDSCAPE_BASE: u8 = 12;

/// A piece to place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Piece {
    Building(u8),
    Landscape(u8),
}

impl Piece {
    pub fn base_cells(self) -> &'static [(i8, i8)] {
        match self {
            Piece::Building(b) => BUILDINGS.get(usize::from(b)).map_or(&[], |i| i.cells),
            Piece::Landscape(l) => LANDSCAPES.get(usize::from(l)).map_or(&[], |i| i.cells),
        }
    }

    pub fn slug(self) -> &'static str {
        match self {
            Piece::Building(b) => BUILDINGS.get(usize::from(b)).map_or("?", |i| i.slug),
            Piece::Landscape(l) => LANDSCAPES.get(usize::from(l)).map_or("?", |i| i.slug),
        }
    }

    pub fn code(self) -> u8 {
        match self {
            Piece::Building(b) => BUILDING_BASE + b,
            Piece::Landscape(l) => LANDSCAPE_BASE + l,
        }
    }
}

/// A square, `row` and `col` in 0..7.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square {
    pub row: u8,
    pub col: u8,
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", char::from(b'A' + self.col), self.row + 1)
    }
}

impl Square {
    /// Reads `C4` (column letter, row number), case-insensitive.
    pub fn parse(text: &str) -> Option<Square> {
        let t = text.trim().to_ascii_uppercase();
        let mut chars = t.chars();
        let c = chars.next()?;
        let rest: String = chars.collect();
        let row: u8 = rest.parse().ok()?;
        if !('A'..='G').contains(&c) || !(1..=7).contains(&row) {
            return None;
        }
        Some(Square {
            row: row - 1,
            col: c as u8 - b'A',
        })
    }
}

/// Mirrors (if `flip`) then turns clockwise by `rot` degrees, normalized to the origin,
/// sorted. `rot` must be 0, 90, 180 or 270 (others are treated as 0).
pub fn orient(cells: &[(i8, i8)], rot: u16, flip: bool) -> Vec<(i8, i8)> {
    let turns = match rot {
        90 => 1,
        180 => 2,
        270 => 3,
        _ => 0,
    };
    let mut out: Vec<(i8, i8)> = cells
        .iter()
        .map(|&(r, c)| {
            let (mut r, mut c) = (r, if flip { -c } else { c });
            for _ in 0..turns {
                // Clockwise quarter turn: (r, c) -> (c, -r).
                let (nr, nc) = (c, -r);
                r = nr;
                c = nc;
            }
            (r, c)
        })
        .collect();
    let min_r = out.iter().map(|p| p.0).min().unwrap_or(0);
    let min_c = out.iter().map(|p| p.1).min().unwrap_or(0);
    for p in &mut out {
        p.0 -= min_r;
        p.1 -= min_c;
    }
    out.sort_unstable();
    out
}

/// An orientation: its first spelling (rot, flip) and its normalized cells.
pub type Orientation = (u16, bool, Vec<(i8, i8)>);

/// The distinct orientations of a piece, each with its first spelling (rot, flip) in
/// the order rot 0/90/180/270 unflipped, then flipped (computed once, then cached).
pub fn orientations(piece: Piece) -> &'static [Orientation] {
    use std::sync::OnceLock;
    static CACHE: OnceLock<Vec<Vec<Orientation>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| {
        let mut all: Vec<Vec<Orientation>> = (0..BUILDINGS.len() as u8)
            .map(|b| compute_orientations(Piece::Building(b)))
            .collect();
        all.extend((0..LANDSCAPES.len() as u8).map(|l| compute_orientations(Piece::Landscape(l))));
        all
    });
    let idx = match piece {
        Piece::Building(b) => usize::from(b),
        Piece::Landscape(l) => BUILDINGS.len() + usize::from(l),
    };
    cache.get(idx).map_or(&[], |v| v.as_slice())
}

fn compute_orientations(piece: Piece) -> Vec<Orientation> {
    let mut out: Vec<Orientation> = Vec::new();
    for flip in [false, true] {
        for rot in [0u16, 90, 180, 270] {
            let cells = orient(piece.base_cells(), rot, flip);
            if !out.iter().any(|o| o.2 == cells) {
                out.push((rot, flip, cells));
            }
        }
    }
    out
}

/// Why a piece cannot go where asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaceProblem {
    Outside,
    Overlap,
    TouchesPalazzo,
    TouchesBuilding,
}

/// A fresh principality: empty but for the palazzo.
pub fn new_grid() -> Vec<u8> {
    let mut g = vec![EMPTY; GRID * GRID];
    for (r, c) in PALAZZO {
        if let Some(x) = g.get_mut(r * GRID + c) {
            *x = PALAZZO_CELL;
        }
    }
    g
}

/// The squares `piece` would cover, or why it cannot be placed. `may_touch` lets a
/// building touch other buildings and the palazzo (two or more builders).
pub fn check(
    grid: &[u8],
    piece: Piece,
    at: Square,
    rot: u16,
    flip: bool,
    may_touch: bool,
) -> Result<Vec<usize>, PlaceProblem> {
    check_cells(
        grid,
        piece,
        &orient(piece.base_cells(), rot, flip),
        at,
        may_touch,
    )
}

/// Like [`check`] with the oriented cells already computed.
pub fn check_cells(
    grid: &[u8],
    piece: Piece,
    cells: &[(i8, i8)],
    at: Square,
    may_touch: bool,
) -> Result<Vec<usize>, PlaceProblem> {
    let mut idx = Vec::with_capacity(cells.len());
    for &(r, c) in cells {
        let rr = i32::from(at.row) + i32::from(r);
        let cc = i32::from(at.col) + i32::from(c);
        if !(0..GRID as i32).contains(&rr) || !(0..GRID as i32).contains(&cc) {
            return Err(PlaceProblem::Outside);
        }
        idx.push(rr as usize * GRID + cc as usize);
    }
    if idx.iter().any(|&i| grid.get(i).copied() != Some(EMPTY)) {
        return Err(PlaceProblem::Overlap);
    }
    if let (Piece::Building(_), false) = (piece, may_touch) {
        let mut touches_building = false;
        for &i in &idx {
            let (r, c) = ((i / GRID) as i32, (i % GRID) as i32);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r + dr, c + dc);
                if !(0..GRID as i32).contains(&nr) || !(0..GRID as i32).contains(&nc) {
                    continue;
                }
                let v = grid
                    .get(nr as usize * GRID + nc as usize)
                    .copied()
                    .unwrap_or(EMPTY);
                if v == PALAZZO_CELL {
                    return Err(PlaceProblem::TouchesPalazzo);
                }
                if (BUILDING_BASE..LANDSCAPE_BASE).contains(&v) {
                    touches_building = true;
                }
            }
        }
        if touches_building {
            return Err(PlaceProblem::TouchesBuilding);
        }
    }
    Ok(idx)
}

/// One precomputed placement of a piece: how it is spelled and the squares it covers,
/// as bitmasks over the grid (bit `row * 7 + col`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    pub at: Square,
    pub rot: u16,
    pub flip: bool,
    /// The squares the piece covers.
    pub cells: u64,
    /// The squares sharing an edge with a covered square (inside the grid).
    pub edges: u64,
}

/// A grid's occupancy as bitmasks (bit `row * 7 + col`), for the placement tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occupancy {
    /// Squares holding anything (palazzo, building or landscape).
    pub filled: u64,
    /// Squares holding the palazzo.
    pub palazzo: u64,
    /// Squares holding a building.
    pub buildings: u64,
}

impl Occupancy {
    /// Reads the masks off a grid of square codes, eight squares at a time: each word of
    /// eight codes gives a flag per byte (its high bit) for each mask, gathered into
    /// eight bits of the mask. Exact for every byte value ([`Occupancy::of_plain`]).
    pub fn of(grid: &[u8]) -> Occupancy {
        const L: u64 = 0x0101_0101_0101_0101;
        const H: u64 = 0x8080_8080_8080_8080;
        /// The high bit of every byte of `t` that is zero.
        fn zero(t: u64) -> u64 {
            !(((t & !H) + !H) | t) & H
        }
        /// The high bit of every byte of `x` that is at least `c` (`c` below 128).
        fn at_least(x: u64, c: u8) -> u64 {
            (((x | H) - u64::from(c) * L) | x) & H
        }
        /// Byte `i`'s high bit becomes bit `i`.
        fn gather(m: u64) -> u64 {
            (m >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
        }
        let mut o = Occupancy {
            filled: 0,
            palazzo: 0,
            buildings: 0,
        };
        let grid = grid.get(..GRID * GRID).unwrap_or(grid);
        for (k, chunk) in grid.chunks(8).enumerate() {
            // Squares past the grid read as empty.
            let mut word = [EMPTY; 8];
            word.get_mut(..chunk.len())
                .unwrap_or_default()
                .copy_from_slice(chunk);
            let x = u64::from_le_bytes(word);
            let shift = 8 * k;
            o.filled |= gather(!zero(x) & H) << shift;
            o.palazzo |= gather(zero(x ^ (u64::from(PALAZZO_CELL) * L))) << shift;
            let building = at_least(x, BUILDING_BASE) & !at_least(x, LANDSCAPE_BASE);
            o.buildings |= gather(building) << shift;
        }
        o
    }

    /// [`Occupancy::of`] one square at a time (the reference its tests compare with).
    pub fn of_plain(grid: &[u8]) -> Occupancy {
        let mut o = Occupancy {
            filled: 0,
            palazzo: 0,
            buildings: 0,
        };
        for (i, &v) in grid.iter().enumerate().take(GRID * GRID) {
            o.filled |= u64::from(v != EMPTY) << i;
            o.palazzo |= u64::from(v == PALAZZO_CELL) << i;
            o.buildings |= u64::from((BUILDING_BASE..LANDSCAPE_BASE).contains(&v)) << i;
        }
        o
    }

    pub fn admits(&self, p: &Placement, touch_rule: bool) -> bool {
        p.cells & self.filled == 0
            && (!touch_rule || p.edges & (self.palazzo | self.buildings) == 0)
    }
}

/// The bit of a square.
fn bit(row: usize, col: usize) -> u64 {
    1u64 << (row * GRID + col)
}

/// Every placement of `piece` that stays inside the grid, in enumeration order:
/// distinct orientations as in [`orientations`], then anchors row by row.
fn compute_placements(piece: Piece) -> Vec<Placement> {
    let mut out = Vec::new();
    for (rot, flip, cells) in orientations(piece) {
        let h = cells.iter().map(|p| p.0).max().unwrap_or(0) as usize;
        let w = cells.iter().map(|p| p.1).max().unwrap_or(0) as usize;
        for row in 0..GRID.saturating_sub(h) {
            for col in 0..GRID.saturating_sub(w) {
                let mut covered = 0u64;
                let mut edges = 0u64;
                for &(r, c) in cells {
                    let (rr, cc) = (row + r as usize, col + c as usize);
                    covered |= bit(rr, cc);
                    if rr > 0 {
                        edges |= bit(rr - 1, cc);
                    }
                    if rr + 1 < GRID {
                        edges |= bit(rr + 1, cc);
                    }
                    if cc > 0 {
                        edges |= bit(rr, cc - 1);
                    }
                    if cc + 1 < GRID {
                        edges |= bit(rr, cc + 1);
                    }
                }
                out.push(Placement {
                    at: Square {
                        row: row as u8,
                        col: col as u8,
                    },
                    rot: *rot,
                    flip: *flip,
                    cells: covered,
                    edges: edges & !covered,
                });
            }
        }
    }
    out
}

/// Every in-grid placement of `piece` (computed once, then cached), in the order
/// legal actions list them.
pub fn all_placements(piece: Piece) -> &'static [Placement] {
    use std::sync::OnceLock;
    static TABLE: OnceLock<Vec<Vec<Placement>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..BUILDINGS.len() as u8)
            .map(Piece::Building)
            .chain((0..LANDSCAPES.len() as u8).map(Piece::Landscape))
            .map(compute_placements)
            .collect()
    });
    let idx = match piece {
        Piece::Building(b) => usize::from(b),
        Piece::Landscape(l) => BUILDINGS.len() + usize::from(l),
    };
    table.get(idx).map_or(&[], |v| v.as_slice())
}

/// The squares of the 7×7 grid as bits (row-major, A1 is bit 0).
const FULL: u64 = (1 << (GRID * GRID)) - 1;

/// Column A's squares (they have no left neighbour).
const COL_A: u64 = {
    let mut m = 0u64;
    let mut r = 0;
    while r < GRID {
        m |= 1 << (r * GRID);
        r += 1;
    }
    m
};

/// Column G's squares (they have no right neighbour).
const COL_G: u64 = COL_A << (GRID - 1);

/// The squares sharing an edge with a square of `m`, within the grid.
fn edge_neighbours(m: u64) -> u64 {
    ((m >> GRID) | (m << GRID) | ((m & !COL_A) >> 1) | ((m & !COL_G) << 1)) & FULL
}

impl Occupancy {
    /// The squares a piece may not cover: every filled square and, under the touch rule,
    /// every square sharing an edge with the palazzo or a building. A placement is valid
    /// exactly when it covers none of them: its edge squares meet the palazzo or a
    /// building iff one of its squares is an edge neighbour of one (those are filled, so
    /// never covered by a valid placement), which is [`Occupancy::admits`] as one test.
    pub fn forbidden(&self, touch_rule: bool) -> u64 {
        let blockers = if touch_rule {
            self.palazzo | self.buildings
        } else {
            0
        };
        self.filled | edge_neighbours(blockers)
    }
}

/// One orientation of a piece for the bitboard fit test: the bit offsets of its squares
/// from its anchor, the anchors where it stays inside the grid, and where its
/// placements start in [`all_placements`] (row by row, `cols` anchors a row).
#[derive(Debug, Clone, Copy)]
struct OrientFit {
    rot: u16,
    flip: bool,
    offsets: [u8; 8],
    anchors: u64,
    first: u16,
    cols: u8,
}

/// [`OrientFit`]s of every piece, in [`all_placements`] order (computed once).
fn orient_fits(piece: Piece) -> &'static [OrientFit] {
    use std::sync::OnceLock;
    static TABLE: OnceLock<Vec<Vec<OrientFit>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..BUILDINGS.len() as u8)
            .map(Piece::Building)
            .chain((0..LANDSCAPES.len() as u8).map(Piece::Landscape))
            .map(|piece| {
                let mut first = 0usize;
                orientations(piece)
                    .iter()
                    .map(|(rot, flip, cells)| {
                        let h = cells.iter().map(|p| p.0).max().unwrap_or(0) as usize;
                        let w = cells.iter().map(|p| p.1).max().unwrap_or(0) as usize;
                        let (rows, cols) = (GRID.saturating_sub(h), GRID.saturating_sub(w));
                        let mut fit = OrientFit {
                            rot: *rot,
                            flip: *flip,
                            offsets: [0; 8],
                            anchors: 0,
                            first: first as u16,
                            cols: cols as u8,
                        };
                        for (i, &(r, c)) in cells.iter().enumerate().take(8) {
                            fit.offsets[i] = (r as usize * GRID + c as usize) as u8;
                        }
                        // Unused offsets repeat the first square (a test made twice).
                        for i in cells.len().min(8)..8 {
                            fit.offsets[i] = fit.offsets[0];
                        }
                        for row in 0..rows {
                            for col in 0..cols {
                                fit.anchors |= bit(row, col);
                            }
                        }
                        first += rows * cols;
                        fit
                    })
                    .collect()
            })
            .collect()
    });
    let idx = match piece {
        Piece::Building(b) => usize::from(b),
        Piece::Landscape(l) => BUILDINGS.len() + usize::from(l),
    };
    table.get(idx).map_or(&[], |v| v.as_slice())
}

impl OrientFit {
    /// The anchors (bits) where this orientation covers no square of `forbidden`: one
    /// shift per square of the piece rather than one test per placement.
    fn fits(&self, forbidden: u64) -> u64 {
        let free = !forbidden;
        let mut ok = self.anchors;
        for off in self.offsets {
            ok &= free >> off;
        }
        ok
    }
}

/// The placements of one piece that cover no square of a forbidden set, as one anchor
/// mask per orientation ([`Fits::new`]).
#[derive(Clone, Copy)]
pub struct Fits {
    orients: &'static [OrientFit],
    masks: [u64; 8],
}

impl Fits {
    /// The fitting placements of `piece` given the squares it may not cover
    /// ([`Occupancy::forbidden`]).
    pub fn new(piece: Piece, forbidden: u64) -> Fits {
        let orients = orient_fits(piece);
        let mut masks = [0u64; 8];
        for (m, o) in masks.iter_mut().zip(orients) {
            *m = o.fits(forbidden);
        }
        Fits { orients, masks }
    }

    /// How many placements fit.
    pub fn count(&self) -> usize {
        self.masks.iter().map(|m| m.count_ones() as usize).sum()
    }

    /// The `k`-th fitting placement (anchor, rotation, flip) in [`Fits::for_each`]'s
    /// order, found without visiting the ones before it; `None` past the last.
    pub fn nth(&self, mut k: usize) -> Option<(Square, u16, bool)> {
        for (o, &mask) in self.orients.iter().zip(&self.masks) {
            let n = mask.count_ones() as usize;
            if k >= n {
                k -= n;
                continue;
            }
            let mut ok = mask;
            for _ in 0..k {
                ok &= ok - 1;
            }
            let a = ok.trailing_zeros() as usize;
            let at = Square {
                row: (a / GRID) as u8,
                col: (a % GRID) as u8,
            };
            return Some((at, o.rot, o.flip));
        }
        None
    }

    /// True when some placement fits.
    pub fn any(&self) -> bool {
        self.masks.iter().any(|&m| m != 0)
    }

    /// Calls `f` with every fitting placement — its index in [`all_placements`], anchor,
    /// rotation and flip — in that table's order.
    pub fn for_each(&self, mut f: impl FnMut(usize, Square, u16, bool)) {
        for (o, &mask) in self.orients.iter().zip(&self.masks) {
            let mut ok = mask;
            while ok != 0 {
                let a = ok.trailing_zeros() as usize;
                ok &= ok - 1;
                let (row, col) = (a / GRID, a % GRID);
                let at = Square {
                    row: row as u8,
                    col: col as u8,
                };
                f(
                    usize::from(o.first) + row * usize::from(o.cols) + col,
                    at,
                    o.rot,
                    o.flip,
                );
            }
        }
    }
}

/// The valid placements of `piece` on a grid with occupancy `occ`. `may_touch` lets a
/// building touch other buildings and the palazzo (two or more builders).
pub fn valid_placements(occ: Occupancy, piece: Piece, may_touch: bool) -> Vec<&'static Placement> {
    let touch_rule = matches!(piece, Piece::Building(_)) && !may_touch;
    let all = all_placements(piece);
    let mut out = Vec::new();
    Fits::new(piece, occ.forbidden(touch_rule)).for_each(|i, _, _, _| {
        if let Some(p) = all.get(i) {
            out.push(p);
        }
    });
    out
}

/// Every distinct valid placement of `piece`: (anchor, rot, flip).
pub fn placements(grid: &[u8], piece: Piece, may_touch: bool) -> Vec<(Square, u16, bool)> {
    valid_placements(Occupancy::of(grid), piece, may_touch)
        .into_iter()
        .map(|p| (p.at, p.rot, p.flip))
        .collect()
}

/// True when `piece` fits somewhere.
pub fn fits_somewhere(grid: &[u8], piece: Piece, may_touch: bool) -> bool {
    let touch_rule = matches!(piece, Piece::Building(_)) && !may_touch;
    Fits::new(piece, Occupancy::of(grid).forbidden(touch_rule)).any()
}

/// The grid as text rows with a column header, for a code block.
pub fn render(grid: &[u8]) -> String {
    let mut out = String::from("  ABCDEFG\n");
    for r in 0..GRID {
        out.push_str(&format!("{} ", r + 1));
        for c in 0..GRID {
            let v = grid.get(r * GRID + c).copied().unwrap_or(EMPTY);
            out.push(cell_char(v));
        }
        out.push('\n');
    }
    out
}

pub fn cell_char(v: u8) -> char {
    match v {
        EMPTY => '.',
        PALAZZO_CELL => '#',
        v if (BUILDING_BASE..LANDSCAPE_BASE).contains(&v) => BUILDINGS
            .get(usize::from(v - BUILDING_BASE))
            .map_or('?', |b| b.letter),
        v => LANDSCAPES
            .get(usize::from(v.saturating_sub(LANDSCAPE_BASE)))
            .map_or('?', |l| l.letter),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occupancy_of_reads_what_the_plain_loop_reads_for_every_code() {
        // Every code in every square, and grids of random codes (all byte values).
        for v in 0..=255u8 {
            for at in 0..GRID * GRID {
                let mut grid = vec![EMPTY; GRID * GRID];
                grid[at] = v;
                assert_eq!(
                    Occupancy::of(&grid),
                    Occupancy::of_plain(&grid),
                    "{v} at {at}"
                );
            }
        }
        let mut x = 0x1234_5678_9abc_def0u64;
        for round in 0..2_000 {
            let grid: Vec<u8> = (0..GRID * GRID)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    // Mostly the codes a grid holds, sometimes any byte.
                    if round % 4 == 0 {
                        x as u8
                    } else {
                        (x % 16) as u8
                    }
                })
                .collect();
            assert_eq!(Occupancy::of(&grid), Occupancy::of_plain(&grid), "{grid:?}");
        }
        // Short grids: the missing squares are empty.
        let short = [PALAZZO_CELL, 3, 12, EMPTY, 5];
        assert_eq!(Occupancy::of(&short), Occupancy::of_plain(&short));
    }

    #[test]
    fn fits_nth_is_the_nth_placement_for_each_visits() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for round in 0..300 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Sparse to dense forbidden squares.
            let forbidden = match round % 3 {
                0 => x & (x >> 3) & (x >> 5),
                1 => x & (x >> 7),
                _ => x,
            } & FULL;
            for piece in (0..BUILDINGS.len() as u8)
                .map(Piece::Building)
                .chain((0..LANDSCAPES.len() as u8).map(Piece::Landscape))
            {
                let fits = Fits::new(piece, forbidden);
                let mut all = Vec::new();
                fits.for_each(|_, at, rot, flip| all.push((at, rot, flip)));
                assert_eq!(all.len(), fits.count());
                for (k, want) in all.iter().enumerate() {
                    assert_eq!(fits.nth(k).as_ref(), Some(want), "{piece:?} #{k}");
                }
                assert_eq!(fits.nth(all.len()), None);
            }
        }
    }

    #[test]
    fn orientation_counts() {
        let n = |p| orientations(p).len();
        assert_eq!(n(Piece::Landscape(0)), 1); // forest square
        assert_eq!(n(Piece::Landscape(1)), 4); // lake L
        assert_eq!(n(Piece::Landscape(2)), 2); // park domino
        assert_eq!(n(Piece::Building(8)), 2); // tower I
        assert_eq!(n(Piece::Building(9)), 4); // chapel L-tromino
        assert_eq!(n(Piece::Building(4)), 4); // opera T
        assert_eq!(n(Piece::Building(6)), 4); // hospital U
        assert_eq!(n(Piece::Building(7)), 4); // theatre W
        assert_eq!(n(Piece::Building(5)), 8); // studio P
    }

    #[test]
    fn fast_enumeration_agrees_with_check() {
        let mut grid = new_grid();
        for i in [3usize, 10, 17, 30, 31] {
            grid[i] = BUILDING_BASE + 4;
        }
        grid[40] = LANDSCAPE_BASE;
        for piece in (0..10)
            .map(Piece::Building)
            .chain((0..3).map(Piece::Landscape))
        {
            for touch in [false, true] {
                let fast = placements(&grid, piece, touch);
                let mut slow = Vec::new();
                for (rot, flip, _) in orientations(piece) {
                    for row in 0..7 {
                        for col in 0..7 {
                            let at = Square { row, col };
                            if check(&grid, piece, at, *rot, *flip, touch).is_ok() {
                                slow.push((at, *rot, *flip));
                            }
                        }
                    }
                }
                assert_eq!(fast, slow, "{piece:?} touch={touch}");
            }
        }
    }

    #[test]
    fn squares_read_and_print() {
        let s = Square::parse("c4").unwrap();
        assert_eq!((s.row, s.col), (3, 2));
        assert_eq!(s.to_string(), "C4");
        assert!(Square::parse("H1").is_none());
        assert!(Square::parse("A8").is_none());
        assert!(Square::parse("").is_none());
    }
}
