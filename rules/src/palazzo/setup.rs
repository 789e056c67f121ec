//! Setting up a table: the three building stacks from the split table (riders shuffled
//! into stack III), one tile on each quarry and on the supply, four cards per hand.

use super::data::{self, StackItem, Tile, RIDERS, STACK_SPLIT};
use super::sets::Cards;
use super::{Palazzo, Phase, QUARRIES};
use crate::engine::rng_from_seed;
use rand::seq::SliceRandom;
use rand::Rng;

/// The opening state for `players` seats, shuffled from `seed` (the count is checked by
/// the caller).
pub(super) fn setup(players: usize, seed: u64) -> Palazzo {
    let mut rng = rng_from_seed(seed);
    // Stacks I/II/III from the split table.
    let mut stacks: Vec<Vec<StackItem>> = vec![Vec::new(), Vec::new(), Vec::new()];
    let tiles = data::all_tiles();
    for (fi, row) in STACK_SPLIT.iter().enumerate() {
        let mut of_floor: Vec<Tile> = tiles
            .iter()
            .copied()
            .filter(|t| usize::from(t.floor) == fi + 1)
            .collect();
        of_floor.shuffle(&mut rng);
        let mut it = of_floor.into_iter();
        for (s, n) in row.iter().enumerate() {
            for t in it.by_ref().take(*n) {
                if let Some(stack) = stacks.get_mut(s) {
                    stack.push(StackItem::Tile(t));
                }
            }
        }
    }
    if let Some(iii) = stacks.get_mut(2) {
        iii.extend((0..RIDERS).map(|_| StackItem::Rider));
    }
    for s in stacks.iter_mut() {
        s.shuffle(&mut rng);
    }
    let mut draw_i = || match stacks.first_mut().and_then(|s| s.pop()) {
        Some(StackItem::Tile(t)) => Some(t),
        _ => None,
    };
    let quarries: Vec<Vec<Tile>> = (0..QUARRIES)
        .map(|_| draw_i().into_iter().collect())
        .collect();
    let supply: Vec<Tile> = draw_i().into_iter().collect();
    let master = rng.gen_range(0..QUARRIES);
    let mut pile = data::money_deck();
    pile.shuffle(&mut rng);
    let mut hands = Vec::with_capacity(players);
    for _ in 0..players {
        let at = pile.len().saturating_sub(4);
        // A dealt card always fits a set (no card has more than 10 copies).
        let hand = pile
            .split_off(at)
            .into_iter()
            .fold(Cards::EMPTY, |h, c| h.try_with(c).unwrap_or(h));
        hands.push(hand);
    }
    let active = rng.gen_range(0..players);
    Palazzo {
        rng,
        players,
        active,
        phase: Phase::Turn,
        hands,
        pile,
        discard: Vec::new(),
        stacks,
        supply,
        quarries,
        master,
        riders_drawn: 0,
        palaces: vec![Vec::new(); players],
        boxed: Vec::new(),
        seen: Default::default(),
    }
}
