//! Setting up a table: the three building stacks from the split table (riders shuffled
//! into stack III), one tile on each quarry and on the supply, four cards per hand.

use super::data::{self, StackItem, Tile, RIDERS, STACK_SPLIT, TILES};
use super::sets::Cards;
use super::{Palazzo, Phase, QUARRIES};
use crate::engine::rng_from_seed;
use rand::seq::SliceRandom;
use rand::Rng;

/// The opening state for `players` seats, shuffled from `seed` (the count is checked by
/// the caller).
pub(super) fn setup(players: usize, seed: u64) -> Palazzo {
    let mut rng = rng_from_seed(seed);
    // Stacks I/II/III from the split table, each allocated once at its final size.
    let mut stacks: Vec<Vec<StackItem>> = (0..3)
        .map(|s| {
            let tiles: usize = STACK_SPLIT.iter().filter_map(|row| row.get(s)).sum();
            let riders = if s == 2 { usize::from(RIDERS) } else { 0 };
            Vec::with_capacity(tiles + riders)
        })
        .collect();
    let mut of_floor: Vec<Tile> = Vec::with_capacity(TILES);
    for (floor, row) in (1u8..).zip(STACK_SPLIT.iter()) {
        of_floor.clear();
        data::tiles_of_floor(floor, &mut of_floor);
        of_floor.shuffle(&mut rng);
        let mut it = of_floor.iter().copied();
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
            .drain(at..)
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
