//! Every number of Villa Paletti in one table: the base plate, the five floors, the
//! column types, the fair starting layout and the tunables of the stability model.
//! The rules never hard-code a size or a σ; they read it from here.

use super::geom::{Shape, P};

/// Radius of the base plate (cm). A floor must not reach beyond it.
pub const BASE_RADIUS: f64 = 15.0;
/// Radius of the building area (cm) in which the columns stand at the start.
pub const BUILD_RADIUS: f64 = 11.0;

/// The floors in building order (floor k forms level k).
pub const FLOOR_NAMES: [&str; 5] = ["blue", "green", "yellow", "orange", "red"];
/// The last floor, on which columns may be stacked.
pub const RED_FLOOR: usize = 5;
/// Segments approximating the arc of the blue floor.
pub const BLUE_ARC_SEGMENTS: usize = 16;

/// The floor polygons (counter-clockwise, around each floor's own origin, cm).
/// Index 0 is the blue floor (level 1).
pub fn floor_polygon(index: usize) -> Vec<P> {
    match index {
        0 => {
            // The "D": half-disc of radius 10 on y ≥ −3 plus the strip y ∈ [−6, −3].
            let mut poly = vec![(-10.0, -6.0), (10.0, -6.0)];
            for i in 0..=BLUE_ARC_SEGMENTS {
                let a = std::f64::consts::PI * i as f64 / BLUE_ARC_SEGMENTS as f64;
                poly.push((10.0 * a.cos(), -3.0 + 10.0 * a.sin()));
            }
            poly
        }
        1 => vec![
            (-8.0, -8.0),
            (8.0, -8.0),
            (8.0, -2.0),
            (0.0, -2.0),
            (0.0, 8.0),
            (-8.0, 8.0),
        ],
        2 => vec![(-7.0, -6.0), (7.0, -6.0), (4.0, 6.0), (-4.0, 6.0)],
        3 => vec![
            (-6.0, -5.0),
            (6.0, -5.0),
            (6.0, -3.0),
            (1.0, 6.0),
            (-1.0, 6.0),
            (-6.0, -3.0),
        ],
        _ => vec![(0.0, -5.0), (4.0, 0.0), (0.0, 5.0), (-4.0, 0.0)],
    }
}

/// A column type.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ColumnType {
    pub name: &'static str,
    pub points: i64,
    /// grams
    pub mass: f64,
    pub shape: Shape,
}

/// Per colour: index 0 thick, 1 medium, 2..=4 thin.
pub const THICK: ColumnType = ColumnType {
    name: "thick",
    points: 3,
    mass: 24.0,
    shape: Shape::Round(1.3),
};
pub const MEDIUM: ColumnType = ColumnType {
    name: "medium",
    points: 2,
    mass: 14.0,
    shape: Shape::Square(0.85),
};
pub const THIN: ColumnType = ColumnType {
    name: "thin",
    points: 1,
    mass: 8.0,
    shape: Shape::Round(0.6),
};

/// The four column colours, in seat order of choice.
pub const COLOURS: [&str; 4] = ["blue", "red", "yellow", "green"];
/// Columns per colour.
pub const PER_COLOUR: usize = 5;
/// All columns.
pub const COLUMNS: usize = 20;

/// The type of column slot `k` (0..5) of a colour.
pub fn column_type(k: usize) -> ColumnType {
    match k {
        0 => THICK,
        1 => MEDIUM,
        _ => THIN,
    }
}

/// The fixed fair layout: (colour, slot, x, y) on the base plate, all under the blue floor
/// placed at the origin. Colours are interleaved round two rings; the four thick columns
/// sit on the diagonals, one per quadrant.
pub const FAIR_LAYOUT: [(usize, usize, f64, f64); 20] = [
    // thick, one per quadrant
    (0, 0, -6.0, 3.0),
    (1, 0, 6.0, 3.0),
    (2, 0, 6.0, -4.0),
    (3, 0, -6.0, -4.0),
    // medium, on the axes
    (0, 1, 0.0, -4.0),
    (1, 1, -3.0, 0.0),
    (2, 1, 0.0, 5.0),
    (3, 1, 3.0, 0.0),
    // thin, outer ring
    (1, 2, -8.0, -1.0),
    (2, 2, -4.0, 5.0),
    (3, 2, 4.0, 5.0),
    (0, 2, 8.0, -1.0),
    (2, 3, -3.0, -4.0),
    (3, 3, 3.0, -4.0),
    // thin, inner ring
    (0, 3, 0.0, 1.5),
    (1, 3, 0.0, -1.5),
    (3, 4, -6.0, 0.0),
    (0, 4, 6.0, 0.0),
    (1, 4, -2.0, 6.0),
    (2, 4, 2.0, 6.0),
];

/// The tunables of the stability model (see the digest). The rules read only these.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tuning {
    /// σ base for pulling a column that supports the floor above it.
    pub sigma_pull_supporting: f64,
    /// σ base for pulling a free column.
    pub sigma_pull_free: f64,
    /// σ base for placing a column.
    pub sigma_place_column: f64,
    /// σ base for placing a floor.
    pub sigma_place_floor: f64,
    /// σ grows by this factor per floor above the touched level.
    pub height_factor: f64,
    /// Landing noise per axis for a placed column (cm).
    pub landing_sigma: f64,
    /// Noise of the feel reading (cm).
    pub feel_sigma: f64,
    /// Feel thresholds: "rock solid" at or above, then "a slight wobble", "it creaks".
    pub feel_solid: f64,
    pub feel_wobble: f64,
    pub feel_creak: f64,
}

/// The tuned values (see `docs/villa.md` for the simulation table behind them).
pub const TUNING: Tuning = Tuning {
    sigma_pull_supporting: 0.35,
    sigma_pull_free: 0.15,
    sigma_place_column: 0.25,
    sigma_place_floor: 0.4,
    height_factor: 0.25,
    landing_sigma: 0.15,
    feel_sigma: 0.5,
    feel_solid: 1.5,
    feel_wobble: 0.8,
    feel_creak: 0.3,
};

/// The feel words, from best to worst.
pub const FEEL_WORDS: [&str; 4] = [
    "rock solid",
    "a slight wobble",
    "it creaks",
    "it sways dangerously",
];
