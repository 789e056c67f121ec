//! Every card and tile of The Princes of Florence as data: professions, buildings,
//! landscapes, bonus cards, prestige cards, minimum work values, prices and supplies.
//! Correcting a card means editing a table here, never the logic.

use serde::{Deserialize, Serialize};

/// Rounds in a game.
pub const ROUNDS: u8 = 7;
/// Minimum work value by round (round 1 first; round 4 is inferred by the digest).
pub const MIN_WORK: [u32; 7] = [7, 10, 12, 14, 15, 16, 17];
/// Side of the square principality.
pub const GRID: usize = 7;
/// The palazzo block: rows 6–7, columns A–C (the lower-left corner).
pub const PALAZZO: [(usize, usize); 6] = [(5, 0), (5, 1), (5, 2), (6, 0), (6, 1), (6, 2)];

/// Florins each player starts with (secret).
pub const START_FLORINS: i64 = 3500;
/// The bank's reserve at the start, before the players' florins are paid out. The bank
/// never runs dry in practice; it is modelled so that florins + bank stay constant.
pub const BANK_TOTAL: i64 = 1_000_000;
/// The opening bid, and the price the last player without an item pays.
pub const OPENING_BID: u32 = 200;
/// Each raise is exactly this much.
pub const RAISE: u32 = 100;
/// Price of a building by number of builders (0, 1, 2, 3).
pub const BUILD_COST: [i64; 4] = [700, 300, 300, 0];
/// Price of drawing a profession card, a bonus card, or introducing a freedom.
pub const DRAW_COST: i64 = 300;
pub const FREEDOM_COST: i64 = 300;
/// Florins per work point paid by the bank.
pub const FLORINS_PER_POINT: i64 = 100;
/// Florins returned per prestige point right after a work payout.
pub const FLORINS_PER_PRESTIGE: i64 = 200;
/// Florins paid by the bank per prestige point sold back.
pub const SELL_PRICE: i64 = 100;
/// Prestige for each building, repeated landscape type, 2nd/3rd builder, best work.
pub const BUILD_PRESTIGE: i64 = 3;
pub const REPEAT_LANDSCAPE_PRESTIGE: i64 = 3;
pub const BUILDER_PRESTIGE: i64 = 3;
pub const BEST_WORK_PRESTIGE: i64 = 3;
/// Cards looked at when drawing (profession, bonus, prestige).
pub const LOOK: usize = 5;
/// Supplies.
pub const LANDSCAPE_SUPPLY: u8 = 6;
pub const JESTER_SUPPLY: u8 = 7;
pub const BUILDER_SUPPLY: u8 = 6;
pub const MAX_BUILDERS: u8 = 3;
pub const COPIES_PER_BUILDING: u8 = 3;
pub const RECRUITING_CARDS: u8 = 5;
/// Professions dealt / kept at setup.
pub const DEALT: usize = 4;
pub const KEPT: usize = 3;

/// Building sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Size {
    Large,
    Medium,
    Small,
}

/// A building type's data.
#[derive(Debug, Clone, Copy)]
pub struct BuildingInfo {
    pub name: &'static str,
    /// The word typed in commands.
    pub slug: &'static str,
    /// The letter drawn on the grid.
    pub letter: char,
    pub size: Size,
    /// Cells as (row, col) in the base orientation.
    pub cells: &'static [(i8, i8)],
}

/// The 10 building types (index = building id).
pub const BUILDINGS: [BuildingInfo; 10] = [
    BuildingInfo {
        name: "University",
        slug: "university",
        letter: 'U',
        size: Size::Large,
        cells: &[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0)],
    },
    BuildingInfo {
        name: "Laboratory",
        slug: "laboratory",
        letter: 'L',
        size: Size::Large,
        cells: &[(0, 1), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)],
    },
    BuildingInfo {
        name: "Workshop",
        slug: "workshop",
        letter: 'W',
        size: Size::Large,
        cells: &[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (2, 3), (1, 3)],
    },
    BuildingInfo {
        name: "Library",
        slug: "library",
        letter: 'B',
        size: Size::Medium,
        cells: &[(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    },
    BuildingInfo {
        name: "Opera",
        slug: "opera",
        letter: 'O',
        size: Size::Medium,
        cells: &[(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    },
    BuildingInfo {
        name: "Studio",
        slug: "studio",
        letter: 'S',
        size: Size::Medium,
        cells: &[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
    },
    BuildingInfo {
        name: "Hospital",
        slug: "hospital",
        letter: 'H',
        size: Size::Medium,
        cells: &[(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
    },
    BuildingInfo {
        name: "Theatre",
        slug: "theatre",
        letter: 'T',
        size: Size::Medium,
        cells: &[(0, 0), (0, 1), (1, 1), (1, 2), (2, 2)],
    },
    BuildingInfo {
        name: "Tower",
        slug: "tower",
        letter: 'I',
        size: Size::Small,
        cells: &[(0, 0), (1, 0), (2, 0)],
    },
    BuildingInfo {
        name: "Chapel",
        slug: "chapel",
        letter: 'C',
        size: Size::Small,
        cells: &[(0, 0), (1, 0), (1, 1)],
    },
];

pub const UNIVERSITY: u8 = 0;
pub const LABORATORY: u8 = 1;
pub const WORKSHOP: u8 = 2;
pub const LIBRARY: u8 = 3;
pub const OPERA: u8 = 4;
pub const STUDIO: u8 = 5;
pub const HOSPITAL: u8 = 6;
pub const THEATRE: u8 = 7;
pub const TOWER: u8 = 8;
pub const CHAPEL: u8 = 9;

/// A landscape type's data.
#[derive(Debug, Clone, Copy)]
pub struct LandscapeInfo {
    pub name: &'static str,
    pub slug: &'static str,
    pub letter: char,
    pub cells: &'static [(i8, i8)],
}

/// Forest, lake, park (index = landscape id).
pub const LANDSCAPES: [LandscapeInfo; 3] = [
    LandscapeInfo {
        name: "forest",
        slug: "forest",
        letter: 'f',
        cells: &[(0, 0), (0, 1), (1, 0), (1, 1)],
    },
    LandscapeInfo {
        name: "lake",
        slug: "lake",
        letter: 'l',
        cells: &[(0, 0), (1, 0), (1, 1)],
    },
    LandscapeInfo {
        name: "park",
        slug: "park",
        letter: 'p',
        cells: &[(0, 0), (0, 1)],
    },
];

pub const FOREST: u8 = 0;
pub const LAKE: u8 = 1;
pub const PARK: u8 = 2;

/// The three freedoms.
pub const FREEDOMS: [&str; 3] = ["Opinion", "Religion", "Travel"];
pub const OPINION: u8 = 0;
pub const RELIGION: u8 = 1;
pub const TRAVEL: u8 = 2;

/// A profession card: its preferred building, landscape and freedom.
#[derive(Debug, Clone, Copy)]
pub struct Profession {
    pub num: u8,
    pub name: &'static str,
    pub slug: &'static str,
    pub building: u8,
    pub landscape: u8,
    pub freedom: u8,
}

const fn prof(
    num: u8,
    name: &'static str,
    slug: &'static str,
    building: u8,
    landscape: u8,
    freedom: u8,
) -> Profession {
    Profession {
        num,
        name,
        slug,
        building,
        landscape,
        freedom,
    }
}

/// The 21 professions (index = number − 1).
pub const PROFESSIONS: [Profession; 21] = [
    prof(
        1,
        "Mathematician",
        "mathematician",
        UNIVERSITY,
        LAKE,
        RELIGION,
    ),
    prof(2, "Theologian", "theologian", UNIVERSITY, PARK, TRAVEL),
    prof(3, "Philosopher", "philosopher", UNIVERSITY, FOREST, OPINION),
    prof(4, "Botanist", "botanist", LABORATORY, PARK, RELIGION),
    prof(5, "Alchemist", "alchemist", LABORATORY, LAKE, OPINION),
    prof(6, "Physicist", "physicist", LABORATORY, FOREST, TRAVEL),
    prof(7, "Clockmaker", "clockmaker", WORKSHOP, LAKE, TRAVEL),
    prof(8, "Goldsmith", "goldsmith", WORKSHOP, PARK, OPINION),
    prof(9, "Bell founder", "bellfounder", WORKSHOP, FOREST, RELIGION),
    prof(10, "Cartographer", "cartographer", LIBRARY, LAKE, RELIGION),
    prof(11, "Jurist", "jurist", LIBRARY, FOREST, OPINION),
    prof(12, "Choreographer", "choreographer", OPERA, FOREST, TRAVEL),
    prof(13, "Composer", "composer", OPERA, LAKE, OPINION),
    prof(14, "Sculptor", "sculptor", STUDIO, FOREST, RELIGION),
    prof(15, "Painter", "painter", STUDIO, LAKE, TRAVEL),
    prof(16, "Pharmacist", "pharmacist", HOSPITAL, PARK, OPINION),
    prof(17, "Physician", "physician", HOSPITAL, FOREST, TRAVEL),
    prof(18, "Playwright", "playwright", THEATRE, PARK, RELIGION),
    prof(19, "Poet", "poet", THEATRE, LAKE, TRAVEL),
    prof(20, "Astronomer", "astronomer", TOWER, FOREST, RELIGION),
    prof(21, "Organist", "organist", CHAPEL, FOREST, OPINION),
];

/// Work value points: preferred building, landscape, freedom; per jester; per card.
pub const PREFERRED_BUILDING: u32 = 4;
pub const PREFERRED_LANDSCAPE: u32 = 3;
pub const PREFERRED_FREEDOM: u32 = 3;
pub const PER_JESTER: u32 = 2;
pub const PER_CARD: u32 = 1;

/// Something counted in a principality (by bonus cards, prestige cards, work values).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    Builders,
    Jesters,
    Forests,
    Lakes,
    Parks,
    LandscapeTiles,
    LandscapeTypes,
    Buildings,
    LargeBuildings,
    MediumBuildings,
    SmallBuildings,
    BuildingSizes,
    Freedoms,
    PrestigeCards,
    /// Forest, lake, park, jester, builder, prestige card, freedom: each present counts 1.
    Categories,
    /// Profession/recruiting cards in hand, not counting the one being played.
    HandCardsExceptPlayed,
    /// Own face-up profession/recruiting cards, counting the one being played.
    DisplayCardsWithPlayed,
    /// Works completed in the game.
    Works,
    /// Empty squares of the principality.
    EmptySquares,
}

/// A bonus card: work value added = Σ per × count.
#[derive(Debug, Clone, Copy)]
pub struct BonusCard {
    pub id: u8,
    pub text: &'static str,
    pub terms: &'static [(Count, u32)],
}

const fn bonus(id: u8, text: &'static str, terms: &'static [(Count, u32)]) -> BonusCard {
    BonusCard { id, text, terms }
}

/// The 20 bonus cards (index = id − 1).
pub const BONUS_CARDS: [BonusCard; 20] = [
    bonus(
        1,
        "+1 per builder and per lake",
        &[(Count::Builders, 1), (Count::Lakes, 1)],
    ),
    bonus(
        2,
        "+1 per medium building and per forest",
        &[(Count::MediumBuildings, 1), (Count::Forests, 1)],
    ),
    bonus(
        3,
        "+1 per prestige card held and per freedom",
        &[(Count::PrestigeCards, 1), (Count::Freedoms, 1)],
    ),
    bonus(
        4,
        "+1 per jester and per freedom",
        &[(Count::Jesters, 1), (Count::Freedoms, 1)],
    ),
    bonus(
        5,
        "+1 per small building and per landscape tile",
        &[(Count::SmallBuildings, 1), (Count::LandscapeTiles, 1)],
    ),
    bonus(6, "+1 per landscape tile", &[(Count::LandscapeTiles, 1)]),
    bonus(7, "+1 per building", &[(Count::Buildings, 1)]),
    bonus(
        8,
        "+1 per category present (forest, lake, park, jester, builder, prestige card, freedom)",
        &[(Count::Categories, 1)],
    ),
    bonus(
        9,
        "+1 per profession/recruiting card in hand (not the one played)",
        &[(Count::HandCardsExceptPlayed, 1)],
    ),
    bonus(10, "+2 per builder", &[(Count::Builders, 2)]),
    bonus(11, "+2 per park", &[(Count::Parks, 2)]),
    bonus(12, "+2 per forest", &[(Count::Forests, 2)]),
    bonus(13, "+2 per large building", &[(Count::LargeBuildings, 2)]),
    bonus(14, "+2 per jester", &[(Count::Jesters, 2)]),
    bonus(15, "+2 per lake", &[(Count::Lakes, 2)]),
    bonus(16, "+2 per freedom", &[(Count::Freedoms, 2)]),
    bonus(
        17,
        "+2 per prestige card held",
        &[(Count::PrestigeCards, 2)],
    ),
    bonus(
        18,
        "+2 per building size present",
        &[(Count::BuildingSizes, 2)],
    ),
    bonus(
        19,
        "+2 per landscape type present",
        &[(Count::LandscapeTypes, 2)],
    ),
    bonus(
        20,
        "+1 per own face-up profession/recruiting card (incl. the one played)",
        &[(Count::DisplayCardsWithPlayed, 1)],
    ),
];

/// How a prestige card scores at the end of the game.
#[derive(Debug, Clone, Copy)]
pub enum PrestigeRule {
    /// Most of `count` among all players: `full` alone, `tied` when tied for most;
    /// a count of 0 never wins.
    Most { count: Count, full: i64, tied: i64 },
    /// Fewest of `count`: `full` alone, `tied` when tied for fewest.
    Fewest { count: Count, full: i64, tied: i64 },
    /// Every requirement `count >= min` met: `points`.
    All {
        reqs: &'static [(Count, u32)],
        points: i64,
    },
}

/// A prestige card.
#[derive(Debug, Clone, Copy)]
pub struct PrestigeCard {
    pub id: u8,
    pub text: &'static str,
    pub rule: PrestigeRule,
}

const fn most(id: u8, text: &'static str, count: Count, full: i64, tied: i64) -> PrestigeCard {
    PrestigeCard {
        id,
        text,
        rule: PrestigeRule::Most { count, full, tied },
    }
}

const fn all(
    id: u8,
    text: &'static str,
    reqs: &'static [(Count, u32)],
    points: i64,
) -> PrestigeCard {
    PrestigeCard {
        id,
        text,
        rule: PrestigeRule::All { reqs, points },
    }
}

/// The 14 prestige cards (index = id − 1).
pub const PRESTIGE_CARDS: [PrestigeCard; 14] = [
    most(1, "most buildings: 6 (tied 3)", Count::Buildings, 6, 3),
    most(2, "most lakes: 6 (tied 3)", Count::Lakes, 6, 3),
    most(3, "most jesters: 6 (tied 3)", Count::Jesters, 6, 3),
    most(4, "most builders: 6 (tied 3)", Count::Builders, 6, 3),
    PrestigeCard {
        id: 5,
        text: "fewest empty squares: 8 (tied 4)",
        rule: PrestigeRule::Fewest {
            count: Count::EmptySquares,
            full: 8,
            tied: 4,
        },
    },
    most(6, "most parks: 5 (tied 3)", Count::Parks, 5, 3),
    most(7, "most works: 7 (tied 4)", Count::Works, 7, 4),
    most(8, "most forests: 7 (tied 4)", Count::Forests, 7, 4),
    most(
        9,
        "most landscape tiles: 7 (tied 4)",
        Count::LandscapeTiles,
        7,
        4,
    ),
    all(
        10,
        "≥1 builder, ≥1 jester and 2 landscape types: 7",
        &[
            (Count::Builders, 1),
            (Count::Jesters, 1),
            (Count::LandscapeTypes, 2),
        ],
        7,
    ),
    all(
        11,
        "≥4 buildings, 2 freedoms and 4 works: 6",
        &[
            (Count::Buildings, 4),
            (Count::Freedoms, 2),
            (Count::Works, 4),
        ],
        6,
    ),
    all(12, "all three freedoms: 8", &[(Count::Freedoms, 3)], 8),
    all(
        13,
        "≥2 large buildings: 5",
        &[(Count::LargeBuildings, 2)],
        5,
    ),
    all(
        14,
        "all three landscape types: 8",
        &[(Count::LandscapeTypes, 3)],
        8,
    ),
];

/// The auction stacks of Phase A.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Stack {
    Forest,
    Lake,
    Park,
    Jester,
    Builder,
    Prestige,
    Recruiting,
}

impl Stack {
    pub const ALL: [Stack; 7] = [
        Stack::Forest,
        Stack::Lake,
        Stack::Park,
        Stack::Jester,
        Stack::Builder,
        Stack::Prestige,
        Stack::Recruiting,
    ];

    pub fn slug(self) -> &'static str {
        match self {
            Stack::Forest => "forest",
            Stack::Lake => "lake",
            Stack::Park => "park",
            Stack::Jester => "jester",
            Stack::Builder => "builder",
            Stack::Prestige => "prestige",
            Stack::Recruiting => "recruiting",
        }
    }

    /// The item's name in sentences.
    pub fn noun(self) -> &'static str {
        match self {
            Stack::Prestige => "prestige card",
            Stack::Recruiting => "recruiting card",
            other => other.slug(),
        }
    }

    /// The landscape id, for the three landscape stacks.
    pub fn landscape(self) -> Option<u8> {
        match self {
            Stack::Forest => Some(FOREST),
            Stack::Lake => Some(LAKE),
            Stack::Park => Some(PARK),
            _ => None,
        }
    }
}

/// Looks up a profession by number or (case-insensitive, spaces ignored) name.
pub fn profession_by_word(word: &str) -> Option<u8> {
    let w: String = word
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    if let Ok(n) = w.parse::<u8>() {
        return (1..=21).contains(&n).then_some(n);
    }
    PROFESSIONS.iter().find(|p| p.slug == w).map(|p| p.num)
}

/// The profession card with number `num` (1–21).
pub fn profession(num: u8) -> Option<&'static Profession> {
    PROFESSIONS.get(usize::from(num).wrapping_sub(1))
}

pub fn bonus_card(id: u8) -> Option<&'static BonusCard> {
    BONUS_CARDS.get(usize::from(id).wrapping_sub(1))
}

pub fn prestige_card(id: u8) -> Option<&'static PrestigeCard> {
    PRESTIGE_CARDS.get(usize::from(id).wrapping_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_complete_and_consistent() {
        for (i, p) in PROFESSIONS.iter().enumerate() {
            assert_eq!(usize::from(p.num), i + 1);
            assert_eq!(profession_by_word(p.slug), Some(p.num));
        }
        for (i, b) in BONUS_CARDS.iter().enumerate() {
            assert_eq!(usize::from(b.id), i + 1);
        }
        for (i, c) in PRESTIGE_CARDS.iter().enumerate() {
            assert_eq!(usize::from(c.id), i + 1);
        }
        let sizes: Vec<usize> = BUILDINGS.iter().map(|b| b.cells.len()).collect();
        assert_eq!(sizes, vec![7, 7, 7, 5, 5, 5, 5, 5, 3, 3]);
        for b in BUILDINGS {
            let want = match b.size {
                Size::Large => 7,
                Size::Medium => 5,
                Size::Small => 3,
            };
            assert_eq!(b.cells.len(), want, "{}", b.name);
        }
        assert_eq!(GRID * GRID - PALAZZO.len(), 43);
        // 9 professions prefer forests, 7 lakes, 5 parks (rulebook).
        let count = |l| PROFESSIONS.iter().filter(|p| p.landscape == l).count();
        assert_eq!((count(FOREST), count(LAKE), count(PARK)), (9, 7, 5));
        assert_eq!(profession_by_word("Bell founder"), Some(9));
        assert_eq!(profession_by_word("22"), None);
    }
}
