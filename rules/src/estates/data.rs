//! The Estates' fixed components: companies (cube colours), cubes, board rows and lots.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Lots per board row (Main Street is in front of lot 1).
pub const LOTS: u8 = 10;
/// Every row starts needing this many lots (Main Street to the river).
pub const BASE_REQUIREMENT: i8 = 4;
/// The river runs between this lot and the next.
pub const RIVER_AFTER: u8 = 4;
/// Cube values per colour.
pub const MAX_VALUE: u8 = 6;
/// Cubes drawn into the offer rows.
pub const OFFER_ROWS: usize = 3;
pub const OFFER_LEN: usize = 8;
/// Cubes in the game box.
pub const ALL_CUBES: usize = 36;
/// Roofs: values 1–6, two of each.
pub const ALL_ROOFS: usize = 12;
/// Most players at a table.
pub const MAX_PLAYERS: usize = 5;
/// Every player starts with $12M.
pub const START_CASH: u32 = 12;
/// The building permits' values.
pub const PERMITS: [u8; 3] = [1, 2, 3];

/// A cube colour, i.e. a company.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    Blue,
    Red,
    Yellow,
    Green,
    Purple,
    Grey,
}

impl Colour {
    pub const ALL: [Colour; 6] = [
        Colour::Blue,
        Colour::Red,
        Colour::Yellow,
        Colour::Green,
        Colour::Purple,
        Colour::Grey,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::Purple => "purple",
            Colour::Grey => "grey",
        }
    }

    pub fn company(self) -> &'static str {
        match self {
            Colour::Blue => "Skyline Capital",
            Colour::Red => "Sienna Securities",
            Colour::Yellow => "Golden Realty",
            Colour::Green => "Emerald Properties",
            Colour::Purple => "Heather Equity",
            Colour::Grey => "Collar Investments",
        }
    }

    pub fn index(self) -> usize {
        match self {
            Colour::Blue => 0,
            Colour::Red => 1,
            Colour::Yellow => 2,
            Colour::Green => 3,
            Colour::Purple => 4,
            Colour::Grey => 5,
        }
    }

    /// Reads a colour name (`red`, `gray`…), case-insensitively.
    pub fn parse(word: &str) -> Option<Colour> {
        match word.to_lowercase().as_str() {
            "blue" => Some(Colour::Blue),
            "red" => Some(Colour::Red),
            "yellow" => Some(Colour::Yellow),
            "green" => Some(Colour::Green),
            "purple" => Some(Colour::Purple),
            "grey" | "gray" => Some(Colour::Grey),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A floor cube: one of each colour and value exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cube {
    pub colour: Colour,
    pub value: u8,
}

impl Cube {
    pub const fn new(colour: Colour, value: u8) -> Cube {
        Cube { colour, value }
    }

    /// All 36 cubes in a fixed order.
    pub fn all() -> Vec<Cube> {
        Colour::ALL
            .iter()
            .flat_map(|&c| (1..=MAX_VALUE).map(move |v| Cube::new(c, v)))
            .collect()
    }

    /// Reads `red-5` or `red5`.
    pub fn parse(word: &str) -> Option<Cube> {
        let w = word.trim().to_lowercase();
        let (name, digits) = match w.split_once('-') {
            Some((a, b)) => (a.to_string(), b.to_string()),
            None => {
                let split = w.find(|c: char| c.is_ascii_digit())?;
                (w[..split].to_string(), w[split..].to_string())
            }
        };
        let colour = Colour::parse(&name)?;
        let value: u8 = digits.parse().ok()?;
        (1..=MAX_VALUE)
            .contains(&value)
            .then_some(Cube::new(colour, value))
    }
}

impl fmt::Display for Cube {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.colour, self.value)
    }
}

/// A row of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RowId {
    Top,
    Middle,
    Bottom,
}

impl RowId {
    pub const ALL: [RowId; 3] = [RowId::Top, RowId::Middle, RowId::Bottom];

    pub fn index(self) -> usize {
        match self {
            RowId::Top => 0,
            RowId::Middle => 1,
            RowId::Bottom => 2,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            RowId::Top => "top",
            RowId::Middle => "middle",
            RowId::Bottom => "bottom",
        }
    }

    /// Lots with white ground: they hold one floor cube in total.
    pub fn white_lots(self) -> &'static [u8] {
        match self {
            RowId::Top => &[1, 7],
            RowId::Middle => &[3, 5],
            RowId::Bottom => &[2],
        }
    }

    pub fn is_white(self, lot: u8) -> bool {
        self.white_lots().contains(&lot)
    }

    /// Reads `top`, `middle`/`mid`, `bottom`/`bot` (or `t`, `m`, `b`).
    pub fn parse(word: &str) -> Option<RowId> {
        match word.trim().to_lowercase().as_str() {
            "top" | "t" | "upper" => Some(RowId::Top),
            "middle" | "mid" | "m" | "centre" | "center" => Some(RowId::Middle),
            "bottom" | "bot" | "b" | "lower" => Some(RowId::Bottom),
            _ => None,
        }
    }
}

impl fmt::Display for RowId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A lot of the board: `top-3` (lots count 1..=10 from Main Street).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Lot {
    pub row: RowId,
    pub lot: u8,
}

impl Lot {
    pub const fn new(row: RowId, lot: u8) -> Lot {
        Lot { row, lot }
    }

    /// Reads `top-3`, `top3` or `mid-10`.
    pub fn parse(word: &str) -> Option<Lot> {
        let w = word.trim().to_lowercase();
        let (name, digits) = match w.split_once('-') {
            Some((a, b)) => (a.to_string(), b.to_string()),
            None => {
                let split = w.find(|c: char| c.is_ascii_digit())?;
                (w[..split].to_string(), w[split..].to_string())
            }
        };
        let row = RowId::parse(&name)?;
        let lot: u8 = digits.parse().ok()?;
        (1..=LOTS).contains(&lot).then_some(Lot::new(row, lot))
    }
}

impl fmt::Display for Lot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.row, self.lot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_read_back() {
        for c in Cube::all() {
            assert_eq!(Cube::parse(&c.to_string()), Some(c));
        }
        assert_eq!(Cube::parse("Gray5"), Some(Cube::new(Colour::Grey, 5)));
        assert_eq!(Cube::parse("red-7"), None);
        assert_eq!(Cube::parse("pink-1"), None);
        for r in RowId::ALL {
            for l in 1..=LOTS {
                let lot = Lot::new(r, l);
                assert_eq!(Lot::parse(&lot.to_string()), Some(lot));
            }
        }
        assert_eq!(Lot::parse("mid3"), Some(Lot::new(RowId::Middle, 3)));
        assert_eq!(Lot::parse("top-11"), None);
        assert_eq!(Lot::parse("top-0"), None);
    }

    #[test]
    fn board_has_five_white_lots() {
        let n: usize = RowId::ALL.iter().map(|r| r.white_lots().len()).sum();
        assert_eq!(n, 5);
        assert!(RowId::Top.is_white(1) && RowId::Top.is_white(7));
        assert!(RowId::Middle.is_white(3) && RowId::Middle.is_white(5));
        assert!(RowId::Bottom.is_white(2));
        assert_eq!(Cube::all().len(), ALL_CUBES);
    }
}
