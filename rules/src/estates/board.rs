//! The board: three rows of buildings, the permits, the mayor and the cancel cube, with
//! every placement rule.

use super::data::{Cube, Lot, RowId, BASE_REQUIREMENT, LOTS, PERMITS};
use super::error::{EstatesError, PermitOption};
use serde::{Deserialize, Serialize};

/// A building: floor cubes bottom to top, and its roof once finished.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Building {
    pub cubes: Vec<Cube>,
    pub roof: Option<u8>,
}

impl Building {
    pub fn top(&self) -> Option<Cube> {
        self.cubes.last().copied()
    }

    /// Sum of cube values plus the roof.
    pub fn value(&self) -> i64 {
        self.cubes.iter().map(|c| i64::from(c.value)).sum::<i64>()
            + i64::from(self.roof.unwrap_or(0))
    }
}

/// Where a permit, the mayor or the cancel cube is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PieceState {
    /// Beside the board, may be auctioned.
    Available,
    /// On the board in this row; for a permit, with its effect on the requirement (±v).
    Placed { row: RowId, effect: i8 },
    /// Out of the game (discarded, or used up).
    Gone,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Buildings per row (top, middle, bottom), lot 1 first.
    pub rows: Vec<Vec<Building>>,
    /// Permits 1, 2 and 3, in that order (stored as a list of three).
    pub permits: [PieceState; PERMITS.len()],
    pub mayor: PieceState,
    pub cancel: PieceState,
}

impl Default for Board {
    fn default() -> Self {
        Board {
            rows: vec![Vec::new(), Vec::new(), Vec::new()],
            permits: [PieceState::Available; PERMITS.len()],
            mayor: PieceState::Available,
            cancel: PieceState::Available,
        }
    }
}

/// Permit index for value 1..=3.
pub fn permit_index(value: u8) -> Option<usize> {
    PERMITS.iter().position(|&v| v == value)
}

impl Board {
    pub fn row(&self, row: RowId) -> &[Building] {
        self.rows.get(row.index()).map_or(&[], |r| r.as_slice())
    }

    fn row_mut(&mut self, row: RowId) -> Option<&mut Vec<Building>> {
        self.rows.get_mut(row.index())
    }

    pub fn building(&self, lot: Lot) -> Option<&Building> {
        self.row(lot.row).get(usize::from(lot.lot).checked_sub(1)?)
    }

    pub fn built(&self, row: RowId) -> usize {
        self.row(row).len()
    }

    /// Permits in this row as (value, effect), in the order of the permit values.
    pub fn permits_in(&self, row: RowId) -> Vec<(u8, i8)> {
        self.permits
            .iter()
            .zip(PERMITS)
            .filter_map(|(s, v)| match s {
                PieceState::Placed { row: r, effect } if *r == row => Some((v, *effect)),
                _ => None,
            })
            .collect()
    }

    /// The effects (±v) of the permits placed in `row`, without allocating.
    fn permit_effects(&self, row: RowId) -> impl Iterator<Item = i8> + '_ {
        self.permits.iter().filter_map(move |s| match s {
            PieceState::Placed { row: r, effect } if *r == row => Some(*effect),
            _ => None,
        })
    }

    /// How many lots the row must hold to be complete.
    pub fn requirement(&self, row: RowId) -> i8 {
        BASE_REQUIREMENT + self.permit_effects(row).sum::<i8>()
    }

    /// The lot the row's permit stack stands on, if it has permits.
    pub fn permit_lot(&self, row: RowId) -> Option<u8> {
        if self.permit_effects(row).next().is_none() {
            None
        } else {
            u8::try_from(self.requirement(row) + 1).ok()
        }
    }

    pub fn mayor_row(&self) -> Option<RowId> {
        match self.mayor {
            PieceState::Placed { row, .. } => Some(row),
            _ => None,
        }
    }

    /// Every lot up to the requirement holds a building with a roof.
    pub fn is_complete(&self, row: RowId) -> bool {
        let b = self.row(row);
        i8::try_from(b.len()).ok() == Some(self.requirement(row))
            && b.iter().all(|x| x.roof.is_some())
    }

    pub fn complete_rows(&self) -> usize {
        RowId::ALL.iter().filter(|&&r| self.is_complete(r)).count()
    }

    pub fn has_unroofed(&self) -> bool {
        self.rows.iter().flatten().any(|b| b.roof.is_none())
    }

    /// Checks that `cube` may go on `lot`.
    pub fn check_cube(&self, lot: Lot, cube: Cube) -> Result<(), EstatesError> {
        let row = lot.row;
        let built = self.built(row);
        let req = self.requirement(row);
        let n = usize::from(lot.lot);
        if n >= 1 && n <= built {
            let b = self.building(lot).ok_or(EstatesError::NoBuilding(lot))?;
            if b.roof.is_some() {
                return Err(EstatesError::Roofed(lot));
            }
            if row.is_white(lot.lot) {
                return Err(EstatesError::WhiteLotFull(lot));
            }
            if let Some(below) = b.top() {
                if cube.value >= below.value {
                    return Err(EstatesError::NotLower { cube, below });
                }
            }
            return Ok(());
        }
        if i16::from(lot.lot) > i16::from(req) {
            return Err(EstatesError::PastRequirement {
                row,
                lot: lot.lot,
                requirement: req,
            });
        }
        if built == 0 && lot.lot != 1 {
            return Err(EstatesError::FirstOnLotOne(row));
        }
        if n != built + 1 {
            return Err(EstatesError::Gap {
                row,
                next: u8::try_from(built + 1).unwrap_or(LOTS),
            });
        }
        Ok(())
    }

    /// Calls `f` with every lot where `cube` may go, row by row and lot 1 first: an
    /// unroofed building on a non-white lot whose top cube is higher, then the row's next
    /// free lot if it lies within the requirement. Agrees with [`Board::check_cube`].
    /// Plain loops, not chained iterators: a random playout lists these at every cube
    /// placed.
    pub(crate) fn each_cube_spot(&self, cube: Cube, mut f: impl FnMut(Lot)) {
        for row in RowId::ALL {
            let buildings = self.row(row);
            for (i, b) in buildings.iter().enumerate() {
                let Ok(n) = u8::try_from(i + 1) else {
                    continue;
                };
                let fits = b.roof.is_none()
                    && !row.is_white(n)
                    && !matches!(b.top(), Some(below) if cube.value >= below.value);
                if fits {
                    f(Lot::new(row, n));
                }
            }
            let next = u8::try_from(buildings.len() + 1)
                .ok()
                .filter(|&n| n <= LOTS && i16::from(n) <= i16::from(self.requirement(row)));
            if let Some(n) = next {
                f(Lot::new(row, n));
            }
        }
    }

    /// Every lot where `cube` may go.
    pub fn cube_spots(&self, cube: Cube) -> Vec<Lot> {
        let mut lots = Vec::new();
        self.each_cube_spot(cube, |lot| lots.push(lot));
        lots
    }

    /// True if `cube` has at least one legal lot.
    pub fn cube_placeable(&self, cube: Cube) -> bool {
        cube.value < self.placeable_below()
    }

    /// A cube has a legal lot exactly when its value is below this bound: any cube fits
    /// a free lot within a row's requirement (or an empty building), otherwise a cube must
    /// be lower than the top cube of an unroofed building on a non-white lot.
    pub(crate) fn placeable_below(&self) -> u8 {
        let mut bound = 0;
        for row in RowId::ALL {
            let buildings = self.row(row);
            let free_lot = u8::try_from(buildings.len() + 1)
                .is_ok_and(|n| n <= LOTS && i16::from(n) <= i16::from(self.requirement(row)));
            if free_lot {
                return u8::MAX;
            }
            for (i, b) in buildings.iter().enumerate() {
                let open = b.roof.is_none() && u8::try_from(i + 1).is_ok_and(|n| !row.is_white(n));
                if open {
                    bound = bound.max(b.top().map_or(u8::MAX, |top| top.value));
                }
            }
        }
        bound
    }

    pub fn place_cube(&mut self, lot: Lot, cube: Cube) -> Result<(), EstatesError> {
        self.check_cube(lot, cube)?;
        let idx = usize::from(lot.lot) - 1;
        let row = self.row_mut(lot.row).ok_or(EstatesError::NoBuilding(lot))?;
        if idx < row.len() {
            if let Some(b) = row.get_mut(idx) {
                b.cubes.push(cube);
            }
        } else {
            row.push(Building {
                cubes: vec![cube],
                roof: None,
            });
        }
        Ok(())
    }

    pub fn check_roof(&self, lot: Lot) -> Result<(), EstatesError> {
        let b = self.building(lot).ok_or(EstatesError::NoBuilding(lot))?;
        if b.roof.is_some() {
            return Err(EstatesError::Roofed(lot));
        }
        Ok(())
    }

    /// Every building without a roof, row by row, without allocating.
    pub(crate) fn roof_spots_iter(&self) -> impl Iterator<Item = Lot> + '_ {
        RowId::ALL.into_iter().flat_map(move |row| {
            self.row(row).iter().enumerate().filter_map(move |(i, b)| {
                let n = u8::try_from(i + 1).ok()?;
                b.roof.is_none().then_some(Lot::new(row, n))
            })
        })
    }

    /// Every building without a roof.
    pub fn roof_spots(&self) -> Vec<Lot> {
        self.roof_spots_iter().collect()
    }

    pub fn place_roof(&mut self, lot: Lot, roof: u8) -> Result<(), EstatesError> {
        self.check_roof(lot)?;
        let idx = usize::from(lot.lot) - 1;
        if let Some(b) = self.row_mut(lot.row).and_then(|r| r.get_mut(idx)) {
            b.roof = Some(roof);
        }
        Ok(())
    }

    /// The lots permit `value` may go on in `row`, with its effect (+v lengthens,
    /// −v shortens). The new requirement stays within 1..=9 and not below what is built.
    pub fn permit_options(&self, row: RowId, value: u8) -> Vec<(Lot, i8)> {
        self.permit_options_iter(row, value).collect()
    }

    /// [`Board::permit_options`] without allocating: shortening first, then lengthening.
    pub(crate) fn permit_options_iter(
        &self,
        row: RowId,
        value: u8,
    ) -> impl Iterator<Item = (Lot, i8)> {
        let req = self.requirement(row);
        let built = self.built(row);
        let v = i8::try_from(value).unwrap_or(i8::MAX);
        [-v, v].into_iter().filter_map(move |effect| {
            let new_req = req.checked_add(effect)?;
            if (1..=9).contains(&new_req) && new_req as usize >= built {
                u8::try_from(new_req + 1)
                    .ok()
                    .map(|n| (Lot::new(row, n), effect))
            } else {
                None
            }
        })
    }

    /// Checks permit `value` on `lot`; returns its effect.
    pub fn check_permit(&self, lot: Lot, value: u8) -> Result<i8, EstatesError> {
        if let Some((_, effect)) = self
            .permit_options_iter(lot.row, value)
            .find(|(l, _)| *l == lot)
        {
            return Ok(effect);
        }
        let options = self.permit_options(lot.row, value);
        if options.is_empty() {
            return Err(EstatesError::PermitNowhere {
                value,
                row: lot.row,
                built: self.built(lot.row),
            });
        }
        let options = options
            .iter()
            .map(|(l, e)| PermitOption {
                lot: l.lot,
                requirement: self.requirement(l.row) + e,
                lengthens: *e > 0,
            })
            .collect();
        Err(EstatesError::PermitLot {
            value,
            row: lot.row,
            options,
        })
    }

    /// The new requirement of the row after the cancel cube removes permit `value`.
    pub fn check_cancel(&self, value: u8) -> Result<(RowId, i8), EstatesError> {
        let idx = permit_index(value).ok_or(EstatesError::NoSuchPermit(value))?;
        let (row, effect) = match self.permits.get(idx) {
            Some(PieceState::Placed { row, effect }) => (*row, *effect),
            _ => return Err(EstatesError::PermitNotOnBoard(value)),
        };
        let requirement = self.requirement(row) - effect;
        let built = self.built(row);
        if requirement < 0 || (requirement as usize) < built {
            return Err(EstatesError::CancelCutsBuilt {
                value,
                row,
                requirement,
                built,
            });
        }
        if !(1..=9).contains(&requirement) {
            return Err(EstatesError::CancelOutOfRange {
                value,
                row,
                requirement,
            });
        }
        Ok((row, requirement))
    }

    /// Permits the cancel cube may remove now.
    pub fn cancel_options(&self) -> Vec<u8> {
        PERMITS
            .iter()
            .copied()
            .filter(|&v| self.check_cancel(v).is_ok())
            .collect()
    }

    pub fn permits_on_board(&self) -> bool {
        self.permits
            .iter()
            .any(|s| matches!(s, PieceState::Placed { .. }))
    }
}

#[cfg(test)]
mod tests {
    use super::super::data::Colour;
    use super::*;

    fn c(colour: Colour, v: u8) -> Cube {
        Cube::new(colour, v)
    }

    #[test]
    fn permit_stack_sits_after_the_requirement() {
        let mut b = Board::default();
        assert_eq!(b.permit_lot(RowId::Top), None);
        assert_eq!(b.requirement(RowId::Top), 4);
        b.permits[1] = PieceState::Placed {
            row: RowId::Top,
            effect: -2,
        };
        assert_eq!(b.requirement(RowId::Top), 2);
        assert_eq!(b.permit_lot(RowId::Top), Some(3));
        b.permits[2] = PieceState::Placed {
            row: RowId::Top,
            effect: 3,
        };
        assert_eq!(b.requirement(RowId::Top), 5);
        assert_eq!(b.permit_lot(RowId::Top), Some(6));
    }

    #[test]
    fn cube_spots_follow_the_rules() {
        let mut b = Board::default();
        assert_eq!(
            b.cube_spots(c(Colour::Red, 3)),
            vec![
                Lot::new(RowId::Top, 1),
                Lot::new(RowId::Middle, 1),
                Lot::new(RowId::Bottom, 1)
            ]
        );
        b.place_cube(Lot::new(RowId::Middle, 1), c(Colour::Red, 3))
            .unwrap();
        let spots = b.cube_spots(c(Colour::Red, 2));
        assert!(spots.contains(&Lot::new(RowId::Middle, 1)));
        assert!(spots.contains(&Lot::new(RowId::Middle, 2)));
        let spots = b.cube_spots(c(Colour::Red, 4));
        assert!(!spots.contains(&Lot::new(RowId::Middle, 1)));
    }
}
