//! Components: money cards, building tiles, the stack split. Tables are plain consts so a
//! correction (e.g. the real I/II/III split) is a one-line change.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The three currencies of the money cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Currency {
    Red,
    Green,
    Blue,
}

impl Currency {
    pub const ALL: [Currency; 3] = [Currency::Red, Currency::Green, Currency::Blue];

    pub fn letter(self) -> char {
        match self {
            Currency::Red => 'R',
            Currency::Green => 'G',
            Currency::Blue => 'B',
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Currency::Red => "red",
            Currency::Green => "green",
            Currency::Blue => "blue",
        }
    }

    pub fn index(self) -> usize {
        match self {
            Currency::Red => 0,
            Currency::Green => 1,
            Currency::Blue => 2,
        }
    }
}

/// Face values of the currency cards.
pub const VALUES: [u8; 5] = [3, 4, 5, 6, 7];
/// Copies of each currency card (per currency and value).
pub const COPIES: usize = 3;
/// Neutral certificates worth 2 (wild).
pub const CERTIFICATES: usize = 10;
/// Total money cards.
pub const MONEY_CARDS: usize = 3 * VALUES.len() * COPIES + CERTIFICATES;
/// A group of three (same value in the three currencies, or three `C2`) is worth this.
pub const GROUP_VALUE: u32 = 15;
/// The opening bid: the value-3 certificate.
pub const OPENING_BID: u32 = 3;

/// A money card: a currency card (`R5`) or a certificate 2 (`C2`). Serialized as its
/// text (`"R5"`), which keeps stored snapshots small and readable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Card {
    Money(Currency, u8),
    Cert,
}

impl Card {
    pub fn value(self) -> u32 {
        match self {
            Card::Money(_, v) => u32::from(v),
            Card::Cert => 2,
        }
    }

    pub fn currency(self) -> Option<Currency> {
        match self {
            Card::Money(c, _) => Some(c),
            Card::Cert => None,
        }
    }

    /// Reads `R5`, `g7`, `C2` (case-insensitive).
    pub fn parse(text: &str) -> Option<Card> {
        let t = text.trim().to_ascii_uppercase();
        let mut chars = t.chars();
        let letter = chars.next()?;
        let value: u8 = chars.as_str().parse().ok()?;
        match letter {
            'C' if value == 2 => Some(Card::Cert),
            'R' | 'G' | 'B' if VALUES.contains(&value) => {
                let c = match letter {
                    'R' => Currency::Red,
                    'G' => Currency::Green,
                    _ => Currency::Blue,
                };
                Some(Card::Money(c, value))
            }
            _ => None,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Money(c, v) => write!(f, "{}{}", c.letter(), v),
            Card::Cert => write!(f, "C2"),
        }
    }
}

/// Writes cards as `R4 G4 B4`.
pub fn cards_text(cards: &[Card]) -> String {
    let v: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
    v.join(" ")
}

/// The full money deck (55 cards), in a fixed order.
pub fn money_deck() -> Vec<Card> {
    let mut deck = Vec::with_capacity(MONEY_CARDS);
    for c in Currency::ALL {
        for v in VALUES {
            for _ in 0..COPIES {
                deck.push(Card::Money(c, v));
            }
        }
    }
    deck.extend([Card::Cert; CERTIFICATES]);
    deck
}

/// Building materials.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Material {
    Brick,
    Sandstone,
    Marble,
}

impl Material {
    pub const ALL: [Material; 3] = [Material::Brick, Material::Sandstone, Material::Marble];

    pub fn name(self) -> &'static str {
        match self {
            Material::Brick => "brick",
            Material::Sandstone => "sandstone",
            Material::Marble => "marble",
        }
    }
}

/// A building tile. `twin` marks the extra floor-3 one-window tile of each material,
/// whose id ends in `-b` (`marble-3-1w-b`) so every tile id is unique and stable.
/// Serialized as its id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile {
    pub material: Material,
    pub floor: u8,
    pub windows: u8,
    pub twin: bool,
}

impl Tile {
    pub const fn new(material: Material, floor: u8, windows: u8) -> Tile {
        Tile {
            material,
            floor,
            windows,
            twin: false,
        }
    }

    /// The id shown on the board and typed in commands: `marble-3-2w`.
    pub fn id(&self) -> String {
        format!(
            "{}-{}-{}w{}",
            self.material.name(),
            self.floor,
            self.windows,
            if self.twin { "-b" } else { "" }
        )
    }

    /// Same material, floor and windows (twins are interchangeable in play).
    pub fn same_kind(&self, other: &Tile) -> bool {
        self.material == other.material
            && self.floor == other.floor
            && self.windows == other.windows
    }

    /// A number per kind of tile, below [`TILE_KINDS`]: equal exactly when
    /// [`Tile::same_kind`] holds (lists of choices skip repeated kinds by it).
    pub fn kind_index(&self) -> usize {
        let floor = usize::from(self.floor.clamp(1, 5)) - 1;
        let windows = usize::from(self.windows.clamp(1, 3)) - 1;
        self.material as usize * 15 + floor * 3 + windows
    }

    /// Reads a tile id (case-insensitive, `-b` for the extra floor-3 tile).
    pub fn parse(text: &str) -> Option<Tile> {
        let t = text.trim().to_ascii_lowercase();
        let parts: Vec<&str> = t.split('-').collect();
        let (m, f, w, twin) = match parts.as_slice() {
            [m, f, w] => (*m, *f, *w, false),
            [m, f, w, "b"] => (*m, *f, *w, true),
            _ => return None,
        };
        let material = Material::ALL.into_iter().find(|x| x.name() == m)?;
        let floor: u8 = f.parse().ok()?;
        let windows: u8 = w.strip_suffix('w')?.parse().ok()?;
        if !(1..=5).contains(&floor)
            || !(1..=3).contains(&windows)
            || (twin && (floor, windows) != (3, 1))
        {
            return None;
        }
        Some(Tile {
            material,
            floor,
            windows,
            twin,
        })
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.id())
    }
}

/// Number of building tiles.
pub const TILES: usize = 48;
/// Kinds of tile (material, floor and windows; the twins share their kind).
pub const TILE_KINDS: usize = 45;
/// Rider (game-end) tiles, shuffled into stack III.
pub const RIDERS: u8 = 5;

/// The tiles of one material on one floor: 1, 2 and 3 windows, and on floor 3 the extra
/// one-window tile.
fn push_tiles(material: Material, floor: u8, out: &mut Vec<Tile>) {
    for windows in 1..=3u8 {
        out.push(Tile::new(material, floor, windows));
    }
    if floor == 3 {
        out.push(Tile {
            twin: true,
            ..Tile::new(material, 3, 1)
        });
    }
}

/// The tiles of one `floor`, in [`all_tiles`]' order, appended to `out` (setup shuffles
/// them floor by floor without listing all 48 first).
pub fn tiles_of_floor(floor: u8, out: &mut Vec<Tile>) {
    for m in Material::ALL {
        push_tiles(m, floor, out);
    }
}

/// All 48 tiles: per material, floors 1–5 with 1, 2 and 3 windows, plus the extra
/// floor-3 one-window tile.
pub fn all_tiles() -> Vec<Tile> {
    let mut tiles = Vec::with_capacity(TILES);
    for m in Material::ALL {
        for floor in 1..=5u8 {
            push_tiles(m, floor, &mut tiles);
        }
    }
    tiles
}

/// **Decision** (the physical I/II/III split is not documented): how many tiles of each
/// floor go into stacks I, II and III. Row = floor 1..5, columns = stacks I, II, III.
/// Which floor-2 / floor-4 tiles land in which stack is drawn at random at setup.
pub const STACK_SPLIT: [[usize; 3]; 5] = [
    [9, 0, 0],  // floor 1: all 9 in I
    [7, 2, 0],  // floor 2: 7 in I, 2 in II
    [0, 12, 0], // floor 3: all 12 in II
    [0, 2, 7],  // floor 4: 2 in II, 7 in III
    [0, 0, 9],  // floor 5: all 9 in III
];

/// A face-down item of a building stack. Serialized as the tile id or `"rider"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StackItem {
    Tile(Tile),
    Rider,
}

impl fmt::Display for StackItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StackItem::Tile(t) => write!(f, "{t}"),
            StackItem::Rider => write!(f, "rider"),
        }
    }
}

impl StackItem {
    pub fn parse(text: &str) -> Option<StackItem> {
        if text == "rider" {
            Some(StackItem::Rider)
        } else {
            Tile::parse(text).map(StackItem::Tile)
        }
    }
}

/// Serde as text for the small value types.
macro_rules! serde_as_text {
    ($ty:ty, $what:literal) => {
        impl Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = std::borrow::Cow::<'de, str>::deserialize(d)?;
                <$ty>::parse(&text)
                    .ok_or_else(|| serde::de::Error::custom(format!("not a {}: {text}", $what)))
            }
        }
    };
}
serde_as_text!(Card, "money card");
serde_as_text!(Tile, "tile");
serde_as_text!(StackItem, "stack item");

/// Stack names for display.
pub const STACK_NAMES: [&str; 3] = ["I", "II", "III"];

/// Palace letters: A..Z, then AA, AB… (bijective base 26).
pub fn palace_letter(index: usize) -> String {
    // u128: even `usize::MAX` (a crafted action) gets a letter instead of overflowing.
    let mut n = index as u128 + 1;
    let mut out = Vec::new();
    while n > 0 {
        let r = ((n - 1) % 26) as u8;
        out.push((b'A' + r) as char);
        n = (n - 1) / 26;
    }
    out.iter().rev().collect()
}

/// A palace's letter as a value (what [`palace_letter`] writes), for events: shown
/// without building a string first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PalaceLetter(pub usize);

impl fmt::Display for PalaceLetter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 < 26 {
            // `as u8` is exact below 26.
            let c = char::from(b'A' + self.0 as u8);
            f.write_str(c.encode_utf8(&mut [0; 4]))
        } else {
            f.write_str(&palace_letter(self.0))
        }
    }
}

/// Reads a palace letter back into an index.
pub fn parse_palace_letter(text: &str) -> Option<usize> {
    let t = text.trim().to_ascii_uppercase();
    if t.is_empty() || t.len() > 3 || !t.chars().all(|c| c.is_ascii_uppercase()) {
        return None;
    }
    let mut n = 0usize;
    for c in t.bytes() {
        n = n * 26 + usize::from(c - b'A') + 1;
    }
    Some(n - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_share_a_kind_index_exactly_when_they_are_the_same_kind() {
        let tiles = all_tiles();
        for a in &tiles {
            assert!(a.kind_index() < TILE_KINDS, "{a}");
            for b in &tiles {
                assert_eq!(a.kind_index() == b.kind_index(), a.same_kind(b), "{a} {b}");
            }
        }
    }

    #[test]
    fn a_floors_tiles_are_all_tiles_of_that_floor_in_their_order() {
        let mut total = 0;
        for floor in 1..=5u8 {
            let mut of_floor = Vec::new();
            tiles_of_floor(floor, &mut of_floor);
            let filtered: Vec<Tile> = all_tiles()
                .into_iter()
                .filter(|t| t.floor == floor)
                .collect();
            assert_eq!(of_floor, filtered, "floor {floor}");
            total += of_floor.len();
        }
        assert_eq!(total, TILES);
    }

    #[test]
    fn components_are_complete() {
        assert_eq!(money_deck().len(), 55);
        let tiles = all_tiles();
        assert_eq!(tiles.len(), 48);
        let mut ids: Vec<String> = tiles.iter().map(|t| t.id()).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 48, "tile ids are unique");
        for t in &tiles {
            assert_eq!(Tile::parse(&t.id()), Some(*t));
        }
        assert_eq!(Tile::parse("MARBLE-3-1W-B").map(|t| t.twin), Some(true));
        assert_eq!(Tile::parse("marble-3-2w-b"), None);
        assert_eq!(Tile::parse("marble-6-2w"), None);
        assert_eq!(Tile::parse("wood-3-2w"), None);
        assert_eq!(Tile::parse("marble-3-2"), None);
        let split: usize = STACK_SPLIT.iter().flatten().sum();
        assert_eq!(split, 48);
        for (floor, row) in STACK_SPLIT.iter().enumerate() {
            let n = tiles
                .iter()
                .filter(|t| usize::from(t.floor) == floor + 1)
                .count();
            assert_eq!(row.iter().sum::<usize>(), n, "floor {}", floor + 1);
        }
        for s in 0..3 {
            assert_eq!(STACK_SPLIT.iter().map(|r| r[s]).sum::<usize>(), 16);
        }
    }

    #[test]
    fn cards_and_letters_read_back() {
        for c in money_deck() {
            assert_eq!(Card::parse(&c.to_string()), Some(c));
        }
        assert_eq!(Card::parse("r5"), Some(Card::Money(Currency::Red, 5)));
        assert_eq!(Card::parse("C3"), None);
        assert_eq!(Card::parse("R8"), None);
        for i in [0, 1, 25, 26, 27, 701, 702] {
            assert_eq!(parse_palace_letter(&palace_letter(i)), Some(i));
        }
        assert_eq!(palace_letter(0), "A");
        assert_eq!(palace_letter(26), "AA");
        for i in [0, 1, 25, 26, 27, 701, 702, usize::MAX] {
            assert_eq!(PalaceLetter(i).to_string(), palace_letter(i));
        }
    }
}
