//! The auction of a quarry's tiles: the master builder moves on, the auctioneer opens with
//! the certificate 3, bidders raise with face-up cards or pass; a quarry of 4+ tiles is
//! handed out one tile per player instead.

use super::data::{Tile, OPENING_BID};
use super::errors::{missing_text, mix_error, PalazzoError};
use super::events::PalazzoEvent;
use super::money::{self, diagnose_raise, worth_set};
use super::sets::Cards;
use super::{Bid, Palazzo, Phase, HANDOUT_AT, QUARRIES};
use crate::engine::Seat;
use crate::seating::{seats_from, OpenAuction, Responders};

impl Palazzo {
    /// The next quarry clockwise from the master builder holding a tile (a full circle
    /// comes back to the master builder's own quarry).
    pub fn next_auction_quarry(&self) -> Option<usize> {
        (1..=QUARRIES)
            .map(|d| (self.master + d) % QUARRIES)
            .find(|q| self.quarries.get(*q).is_some_and(|t| !t.is_empty()))
    }

    /// The high bid of the running auction.
    pub fn high_bid(&self) -> Option<u32> {
        match &self.phase {
            Phase::Auction { auction, bids, .. } => bids.get(auction.leader()).map(|b| b.total),
            _ => None,
        }
    }

    /// The best bid `seat` could still reach in the running auction (None outside one).
    pub fn best_reachable_bid(&self, seat: Seat) -> Option<u32> {
        match &self.phase {
            Phase::Auction { bids, auction, .. } if auction.bidders().contains(&seat) => {
                let bid = bids.get(seat)?;
                let hand = self.hands.get(seat)?;
                Some(bid.total + money::best_addition_set(*hand, bid.currency))
            }
            _ => None,
        }
    }

    /// Moves the master builder to the next quarry with tiles and opens its auction (or
    /// its handout); with no tiles anywhere the turn simply ends.
    pub(super) fn start_auction(&mut self, seat: Seat, events: &mut Vec<PalazzoEvent>) {
        let Some(q) = self.next_auction_quarry() else {
            events.push(PalazzoEvent::NothingToAuction { seat });
            self.end_turn(events);
            return;
        };
        self.master = q;
        if self.quarries.get(q).map_or(0, |t| t.len()) >= HANDOUT_AT {
            let tiles = self
                .quarries
                .get_mut(q)
                .map(std::mem::take)
                .unwrap_or_default();
            events.push(PalazzoEvent::HandoutStarts {
                seat,
                quarry: q,
                tiles: tiles.clone(),
            });
            self.phase = Phase::Handout {
                lot: tiles,
                takers: Responders::new(seats_from(self.active, self.players)),
            };
            return;
        }
        let tiles = self.quarries.get(q).cloned().unwrap_or_default();
        let mut bids = vec![Bid::default(); self.players];
        if let Some(b) = bids.get_mut(seat) {
            b.opener = true;
            b.total = OPENING_BID;
        }
        events.push(PalazzoEvent::AuctionOpened {
            seat,
            quarry: q,
            tiles,
        });
        let auction = OpenAuction::open(seats_from(self.active, self.players));
        self.after_bid(q, auction, bids, events);
    }

    /// Why `seat` may not add `cards` to its bid, if it may not.
    pub(super) fn check_raise(
        &self,
        seat: Seat,
        auction: &OpenAuction,
        bids: &[Bid],
        cards: Cards,
    ) -> Result<(), PalazzoError> {
        if cards.is_empty() {
            return Err(PalazzoError::EmptyRaise);
        }
        let hand = self.hands.get(seat).ok_or(PalazzoError::NotYourTurn)?;
        if !hand.contains_all(cards) {
            return Err(PalazzoError::NotInHand(missing_text(
                &hand.to_vec(),
                &cards.to_vec(),
            )));
        }
        let (so_far, currency, bid_cards) = bids
            .get(seat)
            .map_or((0, None, Cards::EMPTY), |b| (b.total, b.currency, b.cards));
        let w = worth_set(cards, currency)
            .map_err(|e| mix_error(diagnose_raise(&cards.to_vec(), &bid_cards.to_vec(), e)))?;
        let high = bids.get(auction.leader()).map_or(0, |b| b.total);
        let total = so_far + w.value;
        if total <= high {
            return Err(PalazzoError::BidTooLow { high, total });
        }
        Ok(())
    }

    /// Adds `cards` to `seat`'s bid (checked by [`Palazzo::check_raise`]).
    pub(super) fn raise(
        &mut self,
        seat: Seat,
        quarry: usize,
        mut auction: OpenAuction,
        mut bids: Vec<Bid>,
        cards: Cards,
        events: &mut Vec<PalazzoEvent>,
    ) {
        self.spend(seat, cards);
        let mut total = 0;
        if let Some(b) = bids.get_mut(seat) {
            let w = worth_set(cards, b.currency).ok();
            b.cards = b.cards.plus(cards);
            b.total += w.map_or(0, |w| w.value);
            b.currency = b.currency.or(w.and_then(|w| w.currency));
            total = b.total;
        }
        events.push(PalazzoEvent::Raised { seat, cards, total });
        auction.raise();
        self.after_bid(quarry, auction, bids, events);
    }

    /// `seat` leaves the auction and takes its bid cards back.
    pub(super) fn pass(
        &mut self,
        seat: Seat,
        quarry: usize,
        mut auction: OpenAuction,
        mut bids: Vec<Bid>,
        events: &mut Vec<PalazzoEvent>,
    ) {
        if let Some(b) = bids.get_mut(seat) {
            let back = std::mem::take(b);
            self.give(seat, back.cards);
            events.push(PalazzoEvent::Passed {
                seat,
                took_back: back.cards,
            });
        }
        auction.pass();
        self.after_bid(quarry, auction, bids, events);
    }

    fn after_bid(
        &mut self,
        quarry: usize,
        auction: OpenAuction,
        mut bids: Vec<Bid>,
        events: &mut Vec<PalazzoEvent>,
    ) {
        let Some(winner) = auction.winner() else {
            self.phase = Phase::Auction {
                quarry,
                auction,
                bids,
            };
            return;
        };
        let bid = bids.get_mut(winner).map(std::mem::take).unwrap_or_default();
        // The winner's cards go to the discards; the value-3 certificate back to the table.
        self.discard.extend(bid.cards);
        // Any other bidder still holding cards (cannot happen: all others passed) gets them back.
        for (s, b) in bids.iter().enumerate() {
            if s != winner && !b.cards.is_empty() {
                self.give(s, b.cards);
            }
        }
        let tiles = self
            .quarries
            .get_mut(quarry)
            .map(std::mem::take)
            .unwrap_or_default();
        events.push(PalazzoEvent::AuctionWon {
            seat: winner,
            total: bid.total,
            cards: bid.cards,
            tiles: tiles.clone(),
        });
        if tiles.is_empty() {
            self.end_turn(events);
        } else {
            self.phase = Phase::Building {
                seat: winner,
                pending: tiles,
            };
        }
    }

    pub(super) fn after_handout(
        &mut self,
        mut lot: Vec<Tile>,
        takers: Responders,
        events: &mut Vec<PalazzoEvent>,
    ) {
        if takers.is_done() || lot.is_empty() {
            if !lot.is_empty() {
                events.push(PalazzoEvent::LeftoversBoxed { tiles: lot.clone() });
            }
            self.boxed.append(&mut lot);
            self.end_turn(events);
        } else {
            self.phase = Phase::Handout { lot, takers };
        }
    }
}
