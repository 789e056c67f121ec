//! Determinization: a full Palazzo state one seat cannot tell apart from the real one.
//!
//! Hidden from a seat: the other hands (beyond what everyone saw go into them), the order
//! of the money pile (and its contents, until it was made from the face-up discards),
//! which unseen tiles are in which building stack and in what order, and the RNG of
//! future reshuffles. Everything else is public. The unknown cards and tiles are first
//! collected as sorted multisets (from public facts and the seat's own hand only), then
//! shuffled and dealt with the caller's RNG, so the result depends only on what the seat
//! knows and on that RNG.

use super::data::{money_deck, Card, StackItem, Tile, RIDERS, STACK_SPLIT};
use super::sets::{kind_of, Cards, KINDS, KIND_CARDS, MAX_COPIES};
use super::{Palazzo, Phase};
use crate::engine::{rng_from_seed, GameRng, Seat};
use rand::seq::SliceRandom;
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// What everyone has seen of the money that is now face down, kept so a determinization
/// stays consistent with it: the cards each hand is known to hold (picked from revealed
/// money, or a bid taken back) and whether the pile was made from the public discards.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenMoney {
    /// Per seat, cards everyone saw go into that hand and has not seen leave it since
    /// (a card paid is taken off here first): the hand holds at least these. Empty until
    /// the first card goes into a hand face up.
    pub known: Vec<Cards>,
    /// The pile was made from the face-up discards: its contents are public, only their
    /// order is not.
    pub pile_from_discards: bool,
}

impl SeenMoney {
    /// Nothing recorded yet (a fresh game, or a snapshot from before the record existed).
    pub fn is_unused(&self) -> bool {
        self.known.is_empty() && !self.pile_from_discards
    }

    /// The cards `seat`'s hand is known to hold.
    pub fn known(&self, seat: Seat) -> Cards {
        self.known.get(seat).copied().unwrap_or_default()
    }

    /// `cards` went face up into `seat`'s hand (of `players`).
    pub(super) fn gained(&mut self, seat: Seat, players: usize, cards: Cards) {
        if self.known.len() < players {
            self.known.resize(players, Cards::EMPTY);
        }
        if let Some(k) = self.known.get_mut(seat) {
            *k = add(*k, cards);
        }
    }

    /// `seat` paid or bid `cards`: those known to be in the hand are the first to go.
    pub(super) fn spent(&mut self, seat: Seat, cards: Cards) {
        if let Some(k) = self.known.get_mut(seat) {
            *k = minus_saturating(*k, cards);
        }
    }
}

/// `a` with each kind's count `n` that `b` holds some of changed to `op(n, b's count)`,
/// capped at [`MAX_COPIES`]. Kinds `b` lacks keep their count: both uses leave a count
/// unchanged by 0, and the loop visits only the few kinds a payment or a gain holds.
fn per_kind(a: Cards, b: Cards, op: impl Fn(u32, u32) -> u32) -> Cards {
    let mut word = a.raw();
    for k in b.kinds() {
        let n = op(a.count_kind(k), b.count_kind(k)).min(MAX_COPIES);
        word = (word & !(0xF << (4 * k))) | (u64::from(n) << (4 * k));
    }
    Cards::from_raw(word)
}

fn add(a: Cards, b: Cards) -> Cards {
    per_kind(a, b, |x, y| x + y)
}

fn minus_saturating(a: Cards, b: Cards) -> Cards {
    per_kind(a, b, u32::saturating_sub)
}

/// The state `seat` cannot tell from `g`, its hidden parts dealt with `rng`.
pub(super) fn determinize(g: &Palazzo, seat: Seat, rng: &mut GameRng) -> Palazzo {
    let mut out = g.clone();
    deal_money(&mut out, seat, rng);
    deal_tiles(&mut out, rng);
    out.rng = rng_from_seed(rng.next_u64());
    out
}

/// A multiset of money cards as per-kind counts, subtracted from without underflow.
struct Pool([u32; KINDS]);

impl Pool {
    fn deck() -> Pool {
        let mut pool = Pool([0; KINDS]);
        for c in money_deck() {
            if let Some(n) = kind_of(c).and_then(|k| pool.0.get_mut(k)) {
                *n += 1;
            }
        }
        pool
    }

    /// Takes `cards` out; `None` if one is not there.
    fn take(mut self, cards: impl IntoIterator<Item = Card>) -> Option<Pool> {
        for c in cards {
            let n = kind_of(c).and_then(|k| self.0.get_mut(k))?;
            *n = n.checked_sub(1)?;
        }
        Some(self)
    }

    fn len(&self) -> usize {
        self.0.iter().map(|n| *n as usize).sum()
    }

    /// The cards in card order (the canonical order the shuffle starts from).
    fn sorted(&self) -> Vec<Card> {
        let mut out = Vec::with_capacity(self.len());
        for (card, n) in KIND_CARDS.iter().zip(self.0) {
            out.extend(std::iter::repeat_n(*card, n as usize));
        }
        out
    }
}

/// Where the money a seat cannot see goes: each other seat's known cards plus a number of
/// unknown ones, and the pile drawn from the unknown cards or from its public contents.
struct MoneyPlan {
    /// The unknown cards (in card order).
    unknown: Vec<Card>,
    /// Per other seat: the cards it is known to hold and how many more it holds.
    hands: Vec<(Seat, Cards, usize)>,
    /// The pile's public contents (in card order), or `None` when it is drawn from
    /// `unknown`.
    pile: Option<Vec<Card>>,
}

/// The plan from public facts and `seat`'s hand (with the record of seen money, or, when
/// `use_record` is off, as if nothing had ever been seen); `None` when they do not add up.
fn money_plan(g: &Palazzo, seat: Seat, use_record: bool) -> Option<MoneyPlan> {
    let record = if use_record {
        g.seen.clone()
    } else {
        SeenMoney::default()
    };
    let mut pool = Pool::deck()
        .take(g.discard.iter().copied())?
        .take(g.hands.get(seat)?.iter())?;
    match &g.phase {
        Phase::Picking { revealed, .. } => pool = pool.take(revealed.iter())?,
        Phase::Auction { bids, .. } => {
            for b in bids {
                pool = pool.take(b.cards.iter())?;
            }
        }
        _ => {}
    }
    let mut hands = Vec::with_capacity(g.players);
    for (s, hand) in g.hands.iter().enumerate().filter(|(s, _)| *s != seat) {
        let known = record.known(s);
        pool = pool.take(known.iter())?;
        hands.push((s, known, hand.len().checked_sub(known.len())?));
    }
    let pile = if record.pile_from_discards {
        let mut contents = g.pile.clone();
        contents.sort();
        pool = pool.take(contents.iter().copied())?;
        Some(contents)
    } else {
        None
    };
    let hidden: usize = hands.iter().map(|(_, _, n)| n).sum();
    let from_pool = if pile.is_some() { 0 } else { g.pile.len() };
    (pool.len() == hidden + from_pool).then(|| MoneyPlan {
        unknown: pool.sorted(),
        hands,
        pile,
    })
}

/// Redeals the other hands' unknown cards and the pile.
fn deal_money(g: &mut Palazzo, seat: Seat, rng: &mut GameRng) {
    let plan = match money_plan(g, seat, true) {
        Some(plan) => plan,
        None => match money_plan(g, seat, false) {
            // The record does not fit the state (it cannot happen in play): forget it,
            // so the result and its own determinizations agree.
            Some(plan) => {
                g.seen = SeenMoney::default();
                plan
            }
            // The cards do not add up to the deck (a hand-made state): keep the hands,
            // shuffle the pile.
            None => {
                g.pile.sort();
                g.pile.shuffle(rng);
                return;
            }
        },
    };
    let mut unknown = plan.unknown;
    unknown.shuffle(rng);
    for (s, known, n) in plan.hands {
        let at = unknown.len().saturating_sub(n);
        let dealt = Cards::try_from_slice(&unknown.split_off(at)).unwrap_or_default();
        if let Some(hand) = g.hands.get_mut(s) {
            *hand = add(known, dealt);
        }
    }
    g.pile = match plan.pile {
        Some(mut contents) => {
            contents.shuffle(rng);
            contents
        }
        None => unknown,
    };
}

/// The tiles nobody has seen yet (in tile order), or `None` when a visible tile is not
/// one of the game's.
fn unseen_tiles(g: &Palazzo) -> Option<Vec<Tile>> {
    let mut unseen = super::data::all_tiles();
    unseen.sort();
    let mut seen: Vec<Tile> = g.supply.clone();
    seen.extend(g.quarries.iter().flatten());
    seen.extend(g.palaces.iter().flatten().flatten());
    seen.extend(g.boxed.iter());
    match &g.phase {
        Phase::Handout { lot, .. } => seen.extend(lot),
        Phase::Building { pending, .. } => seen.extend(pending),
        _ => {}
    }
    for t in seen {
        let i = unseen.binary_search(&t).ok()?;
        unseen.remove(i);
    }
    Some(unseen)
}

/// How many unseen tiles of each floor each stack holds, from the public facts: stacks are
/// drawn in order, so every stack after the one being drawn from is whole (its share of
/// the split table), and the one being drawn from holds the rest. `None` when the
/// stacks' sizes do not fit that.
fn stack_floors(g: &Palazzo, unseen: &[Tile], riders: usize) -> Option<Vec<[usize; 5]>> {
    let stacks = STACK_SPLIT.first().map_or(0, |row| row.len());
    if g.stacks.len() != stacks {
        return None;
    }
    let mut of_floor = [0usize; 5];
    for t in unseen {
        *of_floor.get_mut(usize::from(t.floor).checked_sub(1)?)? += 1;
    }
    let current = g.stacks.iter().position(|s| !s.is_empty());
    let mut need = vec![[0usize; 5]; stacks];
    if let Some(c) = current {
        for (f, row) in STACK_SPLIT.iter().enumerate() {
            let later: usize = row.iter().skip(c + 1).sum();
            for (s, n) in need.iter_mut().enumerate().skip(c + 1) {
                n[f] = row.get(s).copied().unwrap_or(0);
            }
            need.get_mut(c)?[f] = of_floor[f].checked_sub(later)?;
        }
    } else if !unseen.is_empty() {
        return None;
    }
    for (s, stack) in g.stacks.iter().enumerate() {
        let riders_here = if s + 1 == stacks { riders } else { 0 };
        if need.get(s)?.iter().sum::<usize>() + riders_here != stack.len() {
            return None;
        }
    }
    Some(need)
}

/// Redeals the unseen tiles (and riders) into the stacks, each stack then shuffled.
fn deal_tiles(g: &mut Palazzo, rng: &mut GameRng) {
    let riders = usize::from(RIDERS.saturating_sub(g.riders_drawn));
    let plan = unseen_tiles(g)
        .and_then(|unseen| stack_floors(g, &unseen, riders).map(|need| (unseen, need)));
    let Some((unseen, need)) = plan else {
        // The stacks do not fit the split table (a hand-made state): keep what each
        // holds, reorder it.
        for stack in g.stacks.iter_mut() {
            stack.sort_by_key(|item| match item {
                StackItem::Tile(t) => (0, Some(*t)),
                StackItem::Rider => (1, None),
            });
            stack.shuffle(rng);
        }
        return;
    };
    let mut stacks: Vec<Vec<StackItem>> = vec![Vec::new(); need.len()];
    for floor in 1..=5u8 {
        let mut tiles: Vec<Tile> = unseen
            .iter()
            .copied()
            .filter(|t| t.floor == floor)
            .collect();
        tiles.shuffle(rng);
        for (stack, n) in stacks.iter_mut().zip(&need) {
            let take = n[usize::from(floor - 1)].min(tiles.len());
            let at = tiles.len() - take;
            stack.extend(tiles.split_off(at).into_iter().map(StackItem::Tile));
        }
    }
    if let Some(last) = stacks.last_mut() {
        last.extend(std::iter::repeat_n(StackItem::Rider, riders));
    }
    for stack in stacks.iter_mut() {
        stack.shuffle(rng);
    }
    g.stacks = stacks;
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn known_cards_add_and_subtract_kind_by_kind() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut counts = || -> [u32; KINDS] {
            std::array::from_fn(|_| {
                if rng.gen_bool(0.6) {
                    0
                } else {
                    rng.gen_range(1..=MAX_COPIES)
                }
            })
        };
        for _ in 0..5_000 {
            let (a, b) = (counts(), counts());
            let (x, y) = (Cards::from_counts(&a), Cards::from_counts(&b));
            let sum: [u32; KINDS] = std::array::from_fn(|k| a[k] + b[k]);
            let less: [u32; KINDS] = std::array::from_fn(|k| a[k].saturating_sub(b[k]));
            assert_eq!(add(x, y), Cards::from_counts(&sum), "{a:?} + {b:?}");
            assert_eq!(
                minus_saturating(x, y),
                Cards::from_counts(&less),
                "{a:?} - {b:?}"
            );
        }
    }
}
