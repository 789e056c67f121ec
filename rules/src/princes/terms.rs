//! The keys of The Princes' game words in `locales/*/princes.ftl`: one key per building,
//! landscape, freedom, profession, auction item, deck and card, so every text names a
//! piece the same way in the reader's language (`Arg::Term`).

use super::data::Stack;
use super::state::DeckKind;

/// The term written for an id no table knows (`?`).
pub const UNKNOWN: &str = "princes-unknown";

/// Building names, by building id.
pub const BUILDINGS: [&str; 10] = [
    "princes-building-university",
    "princes-building-laboratory",
    "princes-building-workshop",
    "princes-building-library",
    "princes-building-opera",
    "princes-building-studio",
    "princes-building-hospital",
    "princes-building-theatre",
    "princes-building-tower",
    "princes-building-chapel",
];

/// Landscape names, by landscape id.
pub const LANDSCAPES: [&str; 3] = [
    "princes-landscape-forest",
    "princes-landscape-lake",
    "princes-landscape-park",
];

/// Freedom names, by freedom id.
pub const FREEDOMS: [&str; 3] = [
    "princes-freedom-opinion",
    "princes-freedom-religion",
    "princes-freedom-travel",
];

/// Profession names, by number − 1.
pub const PROFESSIONS: [&str; 21] = [
    "princes-profession-mathematician",
    "princes-profession-theologian",
    "princes-profession-philosopher",
    "princes-profession-botanist",
    "princes-profession-alchemist",
    "princes-profession-physicist",
    "princes-profession-clockmaker",
    "princes-profession-goldsmith",
    "princes-profession-bellfounder",
    "princes-profession-cartographer",
    "princes-profession-jurist",
    "princes-profession-choreographer",
    "princes-profession-composer",
    "princes-profession-sculptor",
    "princes-profession-painter",
    "princes-profession-pharmacist",
    "princes-profession-physician",
    "princes-profession-playwright",
    "princes-profession-poet",
    "princes-profession-astronomer",
    "princes-profession-organist",
];

/// Profession cards as a look lists them (`Poet (#19: Theatre, lake, Travel)`), by
/// number − 1.
pub const PROFESSION_CARDS: [&str; 21] = [
    "princes-card-p01",
    "princes-card-p02",
    "princes-card-p03",
    "princes-card-p04",
    "princes-card-p05",
    "princes-card-p06",
    "princes-card-p07",
    "princes-card-p08",
    "princes-card-p09",
    "princes-card-p10",
    "princes-card-p11",
    "princes-card-p12",
    "princes-card-p13",
    "princes-card-p14",
    "princes-card-p15",
    "princes-card-p16",
    "princes-card-p17",
    "princes-card-p18",
    "princes-card-p19",
    "princes-card-p20",
    "princes-card-p21",
];

/// Bonus cards with their code and text (`B07 +1 per building`), by id − 1.
pub const BONUS_CARDS: [&str; 20] = [
    "princes-card-b01",
    "princes-card-b02",
    "princes-card-b03",
    "princes-card-b04",
    "princes-card-b05",
    "princes-card-b06",
    "princes-card-b07",
    "princes-card-b08",
    "princes-card-b09",
    "princes-card-b10",
    "princes-card-b11",
    "princes-card-b12",
    "princes-card-b13",
    "princes-card-b14",
    "princes-card-b15",
    "princes-card-b16",
    "princes-card-b17",
    "princes-card-b18",
    "princes-card-b19",
    "princes-card-b20",
];

/// Prestige cards with their code and text (`P03 most jesters: 6 (tied 3)`), by id − 1.
pub const PRESTIGE_CARDS: [&str; 14] = [
    "princes-card-x01",
    "princes-card-x02",
    "princes-card-x03",
    "princes-card-x04",
    "princes-card-x05",
    "princes-card-x06",
    "princes-card-x07",
    "princes-card-x08",
    "princes-card-x09",
    "princes-card-x10",
    "princes-card-x11",
    "princes-card-x12",
    "princes-card-x13",
    "princes-card-x14",
];

fn at(table: &[&'static str], i: usize) -> &'static str {
    table.get(i).copied().unwrap_or(UNKNOWN)
}

/// A building's name.
pub fn building(b: u8) -> &'static str {
    at(&BUILDINGS, usize::from(b))
}

/// A landscape's name.
pub fn landscape(l: u8) -> &'static str {
    at(&LANDSCAPES, usize::from(l))
}

/// A freedom's name.
pub fn freedom(f: u8) -> &'static str {
    at(&FREEDOMS, usize::from(f))
}

/// A profession's name (by its number, 1..=21).
pub fn profession(p: u8) -> &'static str {
    at(&PROFESSIONS, usize::from(p).wrapping_sub(1))
}

/// A card of `deck` as players read it in a look or a reveal.
pub fn card(deck: DeckKind, c: u8) -> &'static str {
    let i = usize::from(c).wrapping_sub(1);
    match deck {
        DeckKind::Profession => at(&PROFESSION_CARDS, i),
        DeckKind::Bonus => at(&BONUS_CARDS, i),
        DeckKind::Prestige => at(&PRESTIGE_CARDS, i),
    }
}

/// An auction item in sentences (`jester`, `prestige card`).
pub fn item(s: Stack) -> &'static str {
    match s {
        Stack::Forest => "princes-item-forest",
        Stack::Lake => "princes-item-lake",
        Stack::Park => "princes-item-park",
        Stack::Jester => "princes-item-jester",
        Stack::Builder => "princes-item-builder",
        Stack::Prestige => "princes-item-prestige",
        Stack::Recruiting => "princes-item-recruiting",
    }
}

/// A deck's name in sentences (`the bonus deck`, `a profession card`).
pub fn deck(d: DeckKind) -> &'static str {
    match d {
        DeckKind::Profession => "princes-deck-profession",
        DeckKind::Bonus => "princes-deck-bonus",
        DeckKind::Prestige => "princes-deck-prestige",
    }
}

/// Auction item keys, in [`item`]'s order.
const ITEMS: [&str; 7] = [
    "princes-item-forest",
    "princes-item-lake",
    "princes-item-park",
    "princes-item-jester",
    "princes-item-builder",
    "princes-item-prestige",
    "princes-item-recruiting",
];

/// The game word a typed command word names (`poet`, `chapel`, `travel`, `jester`), so
/// a move's label can name the piece in the reader's language; `None` for anything
/// else (squares, card codes, numbers).
pub fn typed(word: &str) -> Option<&'static str> {
    let word = word.to_ascii_lowercase();
    [
        &PROFESSIONS[..],
        &BUILDINGS[..],
        &FREEDOMS[..],
        &ITEMS[..],
        &LANDSCAPES[..],
    ]
    .into_iter()
    .flatten()
    .find(|key| key.rsplit('-').next() == Some(word.as_str()))
    .copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_words_name_their_game_word() {
        assert_eq!(typed("poet"), Some("princes-profession-poet"));
        assert_eq!(typed("Chapel"), Some("princes-building-chapel"));
        assert_eq!(typed("jester"), Some("princes-item-jester"));
        assert_eq!(typed("forest"), Some("princes-item-forest"));
        assert_eq!(typed("b7"), None);
        for (i, key) in ITEMS.iter().enumerate() {
            let stack = [
                Stack::Forest,
                Stack::Lake,
                Stack::Park,
                Stack::Jester,
                Stack::Builder,
                Stack::Prestige,
                Stack::Recruiting,
            ][i];
            assert_eq!(item(stack), *key);
        }
    }
}
