//! The legal actions of the awaited seat, one list per phase, in a fixed order (bots and
//! the command hints show them as listed). Payments list only sensible (minimal) sets.

use super::actions::{PalazzoAction, Place};
use super::data::{Tile, TILE_KINDS};
use super::money::{self, set_of_key, Counts, PaymentKeys};
use super::sets::{Cards, TileList};
use super::{scoring, Palazzo, Phase};
use crate::engine::Seat;

impl Palazzo {
    /// Every legal action of `seat` now, written into `out` (cleared first; empty when
    /// the game does not wait for the seat).
    pub(super) fn legal_into(&self, seat: Seat, out: &mut Vec<PalazzoAction>) {
        out.clear();
        if self.awaited() != Some(seat) {
            return;
        }
        match &self.phase {
            Phase::Over => {}
            Phase::Turn => {
                out.reserve(16);
                if self.can_take_money() {
                    out.push(PalazzoAction::Money);
                }
                out.push(PalazzoAction::Draw);
                self.reconstruct_options(seat, out);
            }
            Phase::Picking { revealed, .. } => pick_options(*revealed, self.pick_need(seat), out),
            Phase::BuyOrAuction => self.buy_options(seat, out),
            Phase::Auction { auction, bids, .. } => {
                let high = bids.get(auction.leader()).map_or(0, |b| b.total);
                let raises = match (bids.get(seat), self.hands.get(seat)) {
                    (Some(bid), Some(hand)) => {
                        let need = (high + 1).saturating_sub(bid.total).max(1);
                        money::payment_sets(&Counts::of_set(*hand), need, bid.currency)
                    }
                    _ => PaymentKeys::default(),
                };
                out.reserve(raises.as_slice().len() + 1);
                out.push(PalazzoAction::Pass);
                out.extend(
                    raises
                        .sets()
                        .filter(|pay| !pay.is_empty())
                        .map(PalazzoAction::Raise),
                );
            }
            Phase::Handout { lot, .. } => self.build_options(seat, lot, out),
            Phase::Building { pending, .. } => self.build_options(seat, pending, out),
        }
    }

    /// Build options for `seat` for each distinct kind of tile in `tiles`.
    fn build_options(&self, seat: Seat, tiles: &[Tile], out: &mut Vec<PalazzoAction>) {
        let palaces = self.palaces.get(seat).map(|p| p.as_slice()).unwrap_or(&[]);
        out.reserve(tiles.len() * (palaces.len() + 2));
        for (i, t) in tiles.iter().enumerate() {
            if tiles.iter().take(i).any(|s| s.same_kind(t)) {
                continue;
            }
            for (i, p) in palaces.iter().enumerate() {
                if scoring::fits_on_top(p, t) {
                    out.push(PalazzoAction::Build {
                        tile: *t,
                        place: Place::On(i),
                    });
                }
            }
            out.push(PalazzoAction::Build {
                tile: *t,
                place: Place::New,
            });
            out.push(PalazzoAction::Discard(*t));
        }
    }

    /// Lift, insert and remove, each with every kind of card in hand as the payment.
    fn reconstruct_options(&self, seat: Seat, out: &mut Vec<PalazzoAction>) {
        let hand = match self.hands.get(seat) {
            Some(h) if !h.is_empty() => h,
            _ => return,
        };
        let kinds = hand.distinct();
        let palaces = self.palaces.get(seat).map(|p| p.as_slice()).unwrap_or(&[]);
        for (pi, p) in palaces.iter().enumerate() {
            if p.len() >= 2 {
                for &tile in p {
                    out.extend(kinds.clone().map(|pay| PalazzoAction::Lift { tile, pay }));
                }
            } else if let Some(&tile) = p.first() {
                for (into, q) in palaces.iter().enumerate() {
                    if into != pi && scoring::fits_inside(q, &tile) {
                        out.extend(kinds.clone().map(|pay| PalazzoAction::Insert {
                            tile,
                            into,
                            pay,
                        }));
                    }
                }
                out.extend(kinds.clone().map(|pay| PalazzoAction::Remove { tile, pay }));
            }
        }
    }

    /// Auction, then buying one supply tile (one per kind) or two (one per pair of
    /// kinds), each with every minimal payment.
    fn buy_options(&self, seat: Seat, out: &mut Vec<PalazzoAction>) {
        let Some(hand) = self.hands.get(seat) else {
            out.push(PalazzoAction::Auction);
            return;
        };
        let each = self.price();
        let counts = Counts::of_set(*hand);
        let singles = money::payment_sets(&counts, each, None);
        let n = self.supply.len();
        let doubles = if n >= 2 && !singles.is_empty() {
            money::payment_sets(&counts, 2 * each, None)
        } else {
            PaymentKeys::default()
        };
        let (singles, doubles) = (singles.as_slice(), doubles.as_slice());
        out.reserve(1 + n * singles.len() + n * n.saturating_sub(1) / 2 * doubles.len());
        out.push(PalazzoAction::Auction);
        if !singles.is_empty() {
            // One tile per kind: the first of its kind in the supply.
            let mut listed = 0u64;
            for t in &self.supply {
                let bit = 1u64 << t.kind_index();
                if listed & bit != 0 {
                    continue;
                }
                listed |= bit;
                out.extend(singles.iter().map(|key| PalazzoAction::Buy {
                    tiles: TileList::one(*t),
                    pay: set_of_key(*key),
                }));
            }
        }
        if doubles.is_empty() {
            return;
        }
        // One pair per pair of kinds: the first such pair, in supply order.
        let mut listed = [0u64; (TILE_KINDS * TILE_KINDS).div_ceil(64)];
        for (i, a) in self.supply.iter().enumerate() {
            for b in self.supply.iter().skip(i + 1) {
                let (ka, kb) = (a.kind_index(), b.kind_index());
                let key = ka.min(kb) * TILE_KINDS + ka.max(kb);
                let bit = 1u64 << (key % 64);
                match listed.get_mut(key / 64) {
                    Some(word) if *word & bit == 0 => *word |= bit,
                    _ => continue,
                }
                let pair = if a <= b { (*a, *b) } else { (*b, *a) };
                out.extend(doubles.iter().map(|key| PalazzoAction::Buy {
                    tiles: TileList::two(pair.0, pair.1),
                    pay: set_of_key(*key),
                }));
            }
        }
    }
}

/// Picks of `need` (1 or 2) of the revealed cards, one per distinct choice: per kind of
/// card, or per pair of kinds (and two of a kind where two are revealed), in card order.
fn pick_options(revealed: Cards, need: usize, out: &mut Vec<PalazzoAction>) {
    let one = |k: usize| Cards::from_raw(1 << (4 * k));
    if need == 1 {
        out.extend(revealed.kinds().map(|a| PalazzoAction::Pick(one(a))));
        return;
    }
    for a in revealed.kinds() {
        // The kinds from `a` on: `a` itself (two of a kind), then the later ones.
        for b in Cards::from_raw(revealed.raw() >> (4 * a) << (4 * a)).kinds() {
            let pair = one(a).plus(one(b));
            if revealed.contains_all(pair) {
                out.push(PalazzoAction::Pick(pair));
            }
        }
    }
}
