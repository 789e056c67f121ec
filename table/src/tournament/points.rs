//! Points by place: the default rows as data, ties sharing the places they cover, and a
//! player who left for good ranking last at their table.

use serde::{Deserialize, Serialize};

/// The largest table a tournament seats (every title seats at most five).
pub const MAX_TABLE_SIZE: usize = 6;

/// Points are kept in sixtieths, so that a tie's share of any places is exact (60 is
/// divisible by every count of tied players up to [`MAX_TABLE_SIZE`]).
pub const UNITS: u32 = 60;

/// The points for each place at a table of each size, first place first: like Board Game
/// Arena's +6/+5/+3/+1 for four, with first place worth 6 and last place 1 at every size,
/// so that a win weighs the same at a smaller table.
pub const DEFAULT_POINTS: [&[u32]; MAX_TABLE_SIZE - 1] = [
    &[6, 1],
    &[6, 4, 1],
    &[6, 5, 3, 1],
    &[6, 5, 4, 2, 1],
    &[6, 5, 4, 3, 2, 1],
];

/// A count of tournament points, exact (see [`UNITS`]).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Points(pub u32);

impl Points {
    /// Whole points.
    pub fn whole(n: u32) -> Points {
        Points(n * UNITS)
    }

    /// The value as a number of points (`4.5`), for display.
    pub fn value(self) -> f64 {
        f64::from(self.0) / f64::from(UNITS)
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

/// The row of points for a table of `seats` seats: the organiser's row for the
/// tournament's table size if one was given (a smaller table keeps its first places and
/// gives last place the row's last value), else the default row of that size.
pub fn row_for(custom: Option<&[u32]>, seats: usize) -> Vec<u32> {
    match custom {
        Some(row) if row.len() == seats => row.to_vec(),
        Some(row) if seats >= 2 && row.len() > seats => {
            let mut short = row[..seats - 1].to_vec();
            short.push(row[row.len() - 1]);
            short
        }
        _ => DEFAULT_POINTS
            .get(seats.saturating_sub(2))
            .map(|r| r.to_vec())
            .unwrap_or_else(|| vec![1; seats]),
    }
}

/// Each seat's points at a finished table. `places[i]` is seat `i`'s place as the game
/// gave it (1 first; equal places are a tie); a seat with `gone[i]` (dropped out or timed
/// out for good) ranks below every seat that stayed, tied with the others gone. Tied
/// seats share the points of the places they cover equally (two tied for second at a
/// four-player table get (5 + 3) / 2 = 4 each).
pub fn table_points(row: &[u32], places: &[u32], gone: &[bool]) -> Vec<Points> {
    let n = places.len();
    // Order key: stayed before gone, then the game's place.
    let key = |i: usize| (gone.get(i).copied().unwrap_or(false), places[i]);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| key(i));
    let mut points = vec![Points::default(); n];
    let mut at = 0;
    while at < n {
        let mut end = at + 1;
        while end < n
            && (key(order[end]).0, tie_place(key(order[end])))
                == (key(order[at]).0, tie_place(key(order[at])))
        {
            end += 1;
        }
        let sum: u32 = (at..end).map(|p| row.get(p).copied().unwrap_or(0)).sum();
        let share = Points(sum * UNITS / (end - at) as u32);
        for &seat in &order[at..end] {
            points[seat] = share;
        }
        at = end;
    }
    points
}

/// Seats that are gone are all tied with each other, whatever their game places.
fn tie_place((gone, place): (bool, u32)) -> u32 {
    if gone {
        0
    } else {
        place
    }
}

/// Each seat's effective place after the rule above (1 first; tied seats share the best
/// place they cover), as standings and knockouts read it.
pub fn effective_places(places: &[u32], gone: &[bool]) -> Vec<u32> {
    let n = places.len();
    let key = |i: usize| {
        let g = gone.get(i).copied().unwrap_or(false);
        (g, tie_place((g, places[i])))
    };
    (0..n)
        .map(|i| 1 + (0..n).filter(|&j| key(j) < key(i)).count() as u32)
        .collect()
}
