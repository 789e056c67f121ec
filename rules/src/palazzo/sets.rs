//! Small `Copy` sets carried by actions and events, so that listing, cloning and
//! dropping them never touches the heap: [`Cards`] (a multiset of money cards in one
//! 64-bit word) and [`TileList`] (the one or two tiles of a purchase).
//!
//! Both serialize exactly as the `Vec`s they replace did (a sequence of card texts in
//! card order, a sequence of tile ids), so stored logs and snapshots read the same.

use super::data::{Card, Currency, Tile, VALUES};
use serde::de::{Error as _, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Card kinds in card order: R3..R7, G3..G7, B3..B7, then the certificate C2.
pub const KINDS: usize = 16;
/// The certificate's kind index.
pub const CERT_KIND: usize = 15;
/// The most copies of one card a [`Cards`] holds (the game has 3 of each currency card
/// and 10 certificates).
pub const MAX_COPIES: u32 = 15;

/// The cards of each kind index, in card order.
pub const KIND_CARDS: [Card; KINDS] = {
    let mut cards = [Card::Cert; KINDS];
    let mut k = 0;
    while k < CERT_KIND {
        let currency = match k / VALUES.len() {
            0 => Currency::Red,
            1 => Currency::Green,
            _ => Currency::Blue,
        };
        cards[k] = Card::Money(currency, VALUES[k % VALUES.len()]);
        k += 1;
    }
    cards
};

/// The kind index of a card (`None` for a currency card of a value the game lacks).
pub fn kind_of(card: Card) -> Option<usize> {
    match card {
        Card::Money(c, v) if (3..=7).contains(&v) => {
            Some(c.index() * VALUES.len() + usize::from(v - 3))
        }
        Card::Money(..) => None,
        Card::Cert => Some(CERT_KIND),
    }
}

const LOW_NIBBLES: u64 = 0x0F0F_0F0F_0F0F_0F0F;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// A multiset of money cards: per kind (see [`KINDS`]) a 4-bit count, kind `k` in bits
/// `4k..4k+4`. Listed in card order, so it reads like a sorted `Vec<Card>`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Cards(u64);

impl Cards {
    pub const EMPTY: Cards = Cards(0);

    /// The set written as [`Cards::raw`].
    pub const fn from_raw(word: u64) -> Cards {
        Cards(word)
    }

    /// The 4-bit counts, kind `k` in bits `4k..4k+4`.
    pub const fn raw(self) -> u64 {
        self.0
    }

    /// The multiset from per-kind counts (each at most [`MAX_COPIES`]).
    pub fn from_counts(counts: &[u32; KINDS]) -> Cards {
        Cards(counts.iter().enumerate().fold(0, |w, (k, n)| {
            w | (u64::from((*n).min(MAX_COPIES)) << (4 * k))
        }))
    }

    /// The multiset of `cards`, unless a card is not a game card or a kind appears more
    /// than [`MAX_COPIES`] times.
    pub fn try_from_slice(cards: &[Card]) -> Option<Cards> {
        let mut set = Cards::EMPTY;
        for c in cards {
            set = set.try_with(*c)?;
        }
        Some(set)
    }

    /// One more `card`, if it fits.
    pub fn try_with(self, card: Card) -> Option<Cards> {
        let k = kind_of(card)?;
        (self.count_kind(k) < MAX_COPIES).then(|| Cards(self.0 + (1 << (4 * k))))
    }

    /// Copies of kind `k`.
    pub fn count_kind(self, k: usize) -> u32 {
        ((self.0 >> (4 * k)) & 0xF) as u32
    }

    /// Copies of `card`.
    pub fn count(self, card: Card) -> u32 {
        kind_of(card).map_or(0, |k| self.count_kind(k))
    }

    /// Copies of the currency card of `currency` and value index `vi` (value `3 + vi`).
    pub fn money(self, currency: Currency, vi: usize) -> u32 {
        self.count_kind(currency.index() * VALUES.len() + vi)
    }

    pub fn certs(self) -> u32 {
        self.count_kind(CERT_KIND)
    }

    /// Number of cards.
    pub fn len(self) -> usize {
        let bytes = (self.0 & LOW_NIBBLES) + ((self.0 >> 4) & LOW_NIBBLES);
        (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every card of `other` is here (as a multiset).
    pub fn contains_all(self, other: Cards) -> bool {
        let ge = |a: u64, b: u64| ((a | HIGH_BITS) - b) & HIGH_BITS == HIGH_BITS;
        ge(self.0 & LOW_NIBBLES, other.0 & LOW_NIBBLES)
            && ge((self.0 >> 4) & LOW_NIBBLES, (other.0 >> 4) & LOW_NIBBLES)
    }

    /// These cards and those of `other` (the game's cards never overflow a count: it has
    /// at most 10 copies of a card).
    pub fn plus(self, other: Cards) -> Cards {
        Cards(self.0 + other.0)
    }

    /// These cards without those of `other` (which must all be here).
    pub fn without(self, other: Cards) -> Cards {
        debug_assert!(self.contains_all(other));
        Cards(self.0 - other.0)
    }

    /// The cards in card order.
    pub fn iter(self) -> CardsIter {
        CardsIter(self.0)
    }

    /// Each card kind present, once, in card order.
    pub fn distinct(self) -> impl Iterator<Item = Card> + Clone {
        self.kinds().filter_map(|k| KIND_CARDS.get(k).copied())
    }

    /// The index of each card kind present, once, in card order (kind `k` counts in bits
    /// `4k..4k+4`).
    pub fn kinds(self) -> impl Iterator<Item = usize> + Clone {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let k = rest.trailing_zeros() as usize / 4;
            rest &= !(0xF << (4 * k));
            Some(k)
        })
    }

    pub fn to_vec(self) -> Vec<Card> {
        let mut v = Vec::with_capacity(self.len());
        v.extend(self.iter());
        v
    }
}

/// The cards of a [`Cards`] in card order.
#[derive(Clone)]
pub struct CardsIter(u64);

impl Iterator for CardsIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let k = self.0.trailing_zeros() as usize / 4;
        self.0 -= 1 << (4 * k);
        KIND_CARDS.get(k).copied()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = Cards(self.0).len();
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardsIter {}

impl IntoIterator for Cards {
    type Item = Card;
    type IntoIter = CardsIter;
    fn into_iter(self) -> CardsIter {
        self.iter()
    }
}

impl IntoIterator for &Cards {
    type Item = Card;
    type IntoIter = CardsIter;
    fn into_iter(self) -> CardsIter {
        self.iter()
    }
}

impl PartialEq<[Card]> for Cards {
    fn eq(&self, other: &[Card]) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter().copied())
    }
}

impl PartialEq<Vec<Card>> for Cards {
    fn eq(&self, other: &Vec<Card>) -> bool {
        *self == other[..]
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Cards as `R4 G4 B4`.
impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl Serialize for Cards {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for c in self.iter() {
            seq.serialize_element(&c)?;
        }
        seq.end()
    }
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Cards;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of money cards")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Cards, A::Error> {
                let mut set = Cards::EMPTY;
                while let Some(c) = seq.next_element::<Card>()? {
                    set = set
                        .try_with(c)
                        .ok_or_else(|| A::Error::custom(format!("more than {MAX_COPIES} × {c}")))?;
                }
                Ok(set)
            }
        }
        d.deserialize_seq(V)
    }
}

/// The tiles named by a purchase: none, one or two (in the order given).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TileList {
    len: u8,
    tiles: [Tile; 2],
}

/// A placeholder for the unused slots.
const NO_TILE: Tile = Tile::new(super::data::Material::Brick, 0, 0);

impl TileList {
    pub const EMPTY: TileList = TileList {
        len: 0,
        tiles: [NO_TILE; 2],
    };

    pub fn one(t: Tile) -> TileList {
        TileList {
            len: 1,
            tiles: [t, NO_TILE],
        }
    }

    pub fn two(a: Tile, b: Tile) -> TileList {
        TileList {
            len: 2,
            tiles: [a, b],
        }
    }

    /// The list of `tiles`, unless there are more than two.
    pub fn try_from_slice(tiles: &[Tile]) -> Option<TileList> {
        match tiles {
            [] => Some(TileList::EMPTY),
            [a] => Some(TileList::one(*a)),
            [a, b] => Some(TileList::two(*a, *b)),
            _ => None,
        }
    }

    pub fn as_slice(&self) -> &[Tile] {
        &self.tiles[..usize::from(self.len)]
    }
}

impl Default for TileList {
    fn default() -> Self {
        TileList::EMPTY
    }
}

impl std::ops::Deref for TileList {
    type Target = [Tile];
    fn deref(&self) -> &[Tile] {
        self.as_slice()
    }
}

impl PartialEq<Vec<Tile>> for TileList {
    fn eq(&self, other: &Vec<Tile>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl fmt::Debug for TileList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Serialize for TileList {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for TileList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = TileList;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of at most two tiles")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<TileList, A::Error> {
                let mut out = TileList::EMPTY;
                while let Some(t) = seq.next_element::<Tile>()? {
                    let slot = out
                        .tiles
                        .get_mut(usize::from(out.len))
                        .ok_or_else(|| A::Error::custom("a purchase names at most two tiles"))?;
                    *slot = t;
                    out.len += 1;
                }
                Ok(out)
            }
        }
        d.deserialize_seq(V)
    }
}

#[cfg(test)]
mod tests {
    use super::super::data::money_deck;
    use super::*;

    #[test]
    fn cards_are_a_sorted_multiset() {
        let deck = money_deck();
        let mut sorted = deck.clone();
        sorted.sort();
        // The deck has at most 10 copies of a card: it fits.
        let all = Cards::try_from_slice(&deck).unwrap();
        assert_eq!(all.len(), 55);
        assert_eq!(all.to_vec(), sorted);
        assert_eq!(all, sorted);
        for (k, c) in KIND_CARDS.iter().enumerate() {
            assert_eq!(kind_of(*c), Some(k));
            assert_eq!(all.count(*c), if k == CERT_KIND { 10 } else { 3 });
        }
        let part = Cards::try_from_slice(&sorted[10..30]).unwrap();
        assert!(all.contains_all(part));
        assert!(!part.contains_all(all));
        assert_eq!(all.without(part).len(), 35);
        assert!(Cards::EMPTY.contains_all(Cards::EMPTY));
        assert_eq!(
            Cards::try_from_slice(&[Card::Cert; 16]),
            None,
            "16 copies do not fit"
        );
        assert_eq!(
            Cards::try_from_slice(&[Card::Money(Currency::Red, 9)]),
            None
        );
        let fifteen = Cards::try_from_slice(&[Card::Cert; 15]).unwrap();
        assert_eq!(fifteen.len(), 15);
        let json = serde_json::to_string(&part).unwrap();
        let list = serde_json::to_string(&sorted[10..30]).unwrap();
        assert_eq!(json, list);
        assert_eq!(serde_json::from_str::<Cards>(&list).unwrap(), part);
        assert_eq!(
            postcard::to_allocvec(&part).unwrap(),
            postcard::to_allocvec(&sorted[10..30].to_vec()).unwrap()
        );
        assert_eq!(
            part.to_string(),
            super::super::data::cards_text(&sorted[10..30])
        );
    }

    #[test]
    fn tile_lists_serialize_as_lists() {
        let t = super::super::data::all_tiles();
        for n in 0..=2 {
            let list = TileList::try_from_slice(&t[..n]).unwrap();
            assert_eq!(list, t[..n].to_vec());
            let json = serde_json::to_string(&list).unwrap();
            assert_eq!(json, serde_json::to_string(&t[..n]).unwrap());
            assert_eq!(serde_json::from_str::<TileList>(&json).unwrap(), list);
        }
        assert!(TileList::try_from_slice(&t[..3]).is_none());
        let three = serde_json::to_string(&t[..3]).unwrap();
        assert!(serde_json::from_str::<TileList>(&three).is_err());
    }
}
