//! Applying an action: every refusal is found on the unchanged state ([`Palazzo::check`]),
//! then the change is made ([`Palazzo::perform`]), which cannot fail. A refused action
//! therefore leaves the state untouched without copying it first. The auction's own steps
//! live in `auction.rs`.

use super::actions::{PalazzoAction, Place};
use super::data::{palace_letter, Card, PalaceLetter, StackItem, Tile, RIDERS};
use super::errors::{missing_text, mix_error, not_here, wrong_phase, PalazzoError};
use super::events::PalazzoEvent;
use super::money::{self, holds, worth_set};
use super::sets::{Cards, TileList};
use super::{scoring, Palazzo, Phase};
use crate::engine::{Game, Seat};
use crate::seating::{next_seat, seats_from, Responders};
use rand::seq::SliceRandom;

type Res<T> = Result<T, PalazzoError>;

impl Palazzo {
    /// Applies `action` for `seat`, or refuses it leaving the state unchanged.
    pub(super) fn apply_checked(
        &mut self,
        seat: Seat,
        action: &PalazzoAction,
    ) -> Res<Vec<PalazzoEvent>> {
        let mut events = Vec::with_capacity(4);
        self.apply_checked_into(seat, action, &mut events)?;
        Ok(events)
    }

    /// [`Palazzo::apply_checked`] with the events written into `events` (cleared first).
    pub(super) fn apply_checked_into(
        &mut self,
        seat: Seat,
        action: &PalazzoAction,
        events: &mut Vec<PalazzoEvent>,
    ) -> Res<()> {
        events.clear();
        self.check(seat, action)?;
        self.perform(seat, action, events);
        Ok(())
    }

    /// Every reason to refuse `action` by `seat` now, in the order a player should hear
    /// them; `Ok` means [`Palazzo::perform`] will carry it out.
    fn check(&self, seat: Seat, action: &PalazzoAction) -> Res<()> {
        use PalazzoAction as A;
        if self.is_over() {
            return Err(PalazzoError::GameOver);
        }
        if self.awaited() != Some(seat) {
            return Err(PalazzoError::NotYourTurn);
        }
        match (&self.phase, action) {
            (Phase::Turn, A::Money) => {
                if !self.can_take_money() {
                    return Err(PalazzoError::NotEnoughMoney {
                        need: self.players + 1,
                        have: self.money_left(),
                    });
                }
            }
            (Phase::Picking { revealed, .. }, A::Pick(cards)) => {
                let need = self.pick_need(seat);
                if cards.len() != need {
                    return Err(PalazzoError::PickCount { need });
                }
                if !revealed.contains_all(*cards) {
                    return Err(PalazzoError::NotRevealed(missing_text(
                        &revealed.to_vec(),
                        &cards.to_vec(),
                    )));
                }
            }
            (Phase::Turn, A::Draw) => {}
            (Phase::Turn, A::Lift { tile, pay }) => {
                self.check_reconstruct_payment(seat, *pay)?;
                let p = self
                    .find_palace(seat, tile)
                    .ok_or_else(|| PalazzoError::NotYours(tile.id()))?;
                if self.palace(seat, p).len() < 2 {
                    return Err(PalazzoError::AlreadyAlone(tile.id()));
                }
            }
            (Phase::Turn, A::Insert { tile, into, pay }) => {
                self.check_reconstruct_payment(seat, *pay)?;
                let p = self.lone_palace(seat, tile)?;
                if p == *into {
                    return Err(PalazzoError::SamePalace);
                }
                let target = self
                    .palaces
                    .get(seat)
                    .and_then(|ps| ps.get(*into))
                    .ok_or_else(|| PalazzoError::NoSuchPalace(palace_letter(*into)))?;
                if !scoring::fits_inside(target, tile) {
                    return Err(PalazzoError::FloorTaken {
                        palace: palace_letter(*into),
                        floor: tile.floor,
                    });
                }
            }
            (Phase::Turn, A::Remove { tile, pay }) => {
                self.check_reconstruct_payment(seat, *pay)?;
                self.lone_palace(seat, tile)?;
            }
            (Phase::BuyOrAuction, A::Buy { tiles, pay }) => self.check_buy(seat, tiles, *pay)?,
            (Phase::BuyOrAuction, A::Auction) => {}
            (Phase::Auction { auction, bids, .. }, A::Raise(cards)) => {
                self.check_raise(seat, auction, bids, *cards)?;
            }
            (Phase::Auction { .. }, A::Pass) => {}
            (
                Phase::Building {
                    seat: owner,
                    pending,
                },
                A::Build { tile, place },
            ) => {
                find_tile(tile, pending)?;
                self.check_place(*owner, tile, *place)?;
            }
            (Phase::Handout { lot, .. }, A::Build { tile, place }) => {
                find_tile(tile, lot)?;
                self.check_place(seat, tile, *place)?;
            }
            (Phase::Building { pending, .. }, A::Discard(tile)) => {
                find_tile(tile, pending)?;
            }
            (Phase::Handout { lot, .. }, A::Discard(tile)) => {
                find_tile(tile, lot)?;
            }
            (phase, action) => return Err(wrong_phase(phase, action)),
        }
        Ok(())
    }

    /// Carries out an action [`Palazzo::check`] accepted. Every branch sets the next phase.
    fn perform(&mut self, seat: Seat, action: &PalazzoAction, events: &mut Vec<PalazzoEvent>) {
        use PalazzoAction as A;
        let phase = std::mem::replace(&mut self.phase, Phase::Over);
        match (phase, action) {
            (Phase::Turn, A::Money) => self.take_money(seat, events),
            (
                Phase::Picking {
                    mut revealed,
                    mut pickers,
                },
                A::Pick(cards),
            ) => {
                revealed = revealed.without(*cards);
                self.give(seat, *cards);
                events.push(PalazzoEvent::Picked {
                    seat,
                    cards: *cards,
                });
                pickers.advance();
                if pickers.is_done() || revealed.is_empty() {
                    // Anything left over (cannot happen with players + 1 cards) is discarded.
                    self.discard.extend(revealed);
                    self.end_turn(events);
                } else {
                    self.phase = Phase::Picking { revealed, pickers };
                }
            }
            (Phase::Turn, A::Draw) => self.draw_tiles(seat, events),
            (Phase::Turn, A::Lift { tile, pay }) => {
                if let Some(p) = self.find_palace(seat, tile) {
                    if let Some(palaces) = self.palaces.get_mut(seat) {
                        if let Some(palace) = palaces.get_mut(p) {
                            palace.retain(|t| t != tile);
                        }
                        palaces.push(vec![*tile]);
                        let new = PalaceLetter(palaces.len() - 1);
                        events.push(PalazzoEvent::Lifted {
                            seat,
                            tile: *tile,
                            from: PalaceLetter(p),
                            new,
                            pay: *pay,
                        });
                    }
                }
                self.pay_reconstruct(seat, *pay);
                self.end_turn(events);
            }
            (Phase::Turn, A::Insert { tile, into, pay }) => {
                if let (Some(p), Some(palaces)) =
                    (self.find_palace(seat, tile), self.palaces.get_mut(seat))
                {
                    if let Some(target) = palaces.get_mut(*into) {
                        scoring::insert_sorted(target, *tile);
                    }
                    palaces.remove(p);
                    // Letters after the lone palace shift down by one.
                    let now_at = if p < *into { *into - 1 } else { *into };
                    events.push(PalazzoEvent::Inserted {
                        seat,
                        tile: *tile,
                        into: PalaceLetter(now_at),
                        pay: *pay,
                    });
                }
                self.pay_reconstruct(seat, *pay);
                self.end_turn(events);
            }
            (Phase::Turn, A::Remove { tile, pay }) => {
                if let (Some(p), Some(palaces)) =
                    (self.find_palace(seat, tile), self.palaces.get_mut(seat))
                {
                    palaces.remove(p);
                }
                self.boxed.push(*tile);
                self.pay_reconstruct(seat, *pay);
                events.push(PalazzoEvent::Removed {
                    seat,
                    tile: *tile,
                    pay: *pay,
                });
                self.end_turn(events);
            }
            (Phase::BuyOrAuction, A::Buy { tiles, pay }) => self.buy(seat, *tiles, *pay, events),
            (Phase::BuyOrAuction, A::Auction) => self.start_auction(seat, events),
            (
                Phase::Auction {
                    quarry,
                    auction,
                    bids,
                },
                A::Raise(cards),
            ) => self.raise(seat, quarry, auction, bids, *cards, events),
            (
                Phase::Auction {
                    quarry,
                    auction,
                    bids,
                },
                A::Pass,
            ) => self.pass(seat, quarry, auction, bids, events),
            (
                Phase::Building {
                    seat: owner,
                    mut pending,
                },
                A::Build { tile, place },
            ) => {
                if let Some(i) = pending.iter().position(|t| t == tile) {
                    pending.remove(i);
                    self.place_tile(owner, *tile, *place, events);
                }
                self.after_building(owner, pending, events);
            }
            (
                Phase::Building {
                    seat: owner,
                    mut pending,
                },
                A::Discard(tile),
            ) => {
                if let Some(i) = pending.iter().position(|t| t == tile) {
                    pending.remove(i);
                    self.boxed.push(*tile);
                    events.push(PalazzoEvent::Discarded {
                        seat: owner,
                        tile: *tile,
                    });
                }
                self.after_building(owner, pending, events);
            }
            (
                Phase::Handout {
                    mut lot,
                    mut takers,
                },
                A::Build { tile, place },
            ) => {
                if let Some(i) = lot.iter().position(|t| t == tile) {
                    lot.remove(i);
                    self.place_tile(seat, *tile, *place, events);
                }
                takers.advance();
                self.after_handout(lot, takers, events);
            }
            (
                Phase::Handout {
                    mut lot,
                    mut takers,
                },
                A::Discard(tile),
            ) => {
                if let Some(i) = lot.iter().position(|t| t == tile) {
                    lot.remove(i);
                    self.boxed.push(*tile);
                    events.push(PalazzoEvent::Discarded { seat, tile: *tile });
                }
                takers.advance();
                self.after_handout(lot, takers, events);
            }
            // `check` refused everything else; put the phase back untouched.
            (phase, _) => self.phase = phase,
        }
    }

    /// The one seat the game waits for, if any (Palazzo always waits for one at a time).
    pub(super) fn awaited(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Over => None,
            Phase::Turn | Phase::BuyOrAuction => Some(self.active),
            Phase::Picking { pickers, .. } => pickers.current(),
            Phase::Auction { auction, .. } => auction.current(),
            Phase::Handout { takers, .. } => takers.current(),
            Phase::Building { seat, .. } => Some(*seat),
        }
    }

    /// How many revealed cards `seat` takes: 2 for the active player, 1 for the others.
    pub(super) fn pick_need(&self, seat: Seat) -> usize {
        if seat == self.active {
            2
        } else {
            1
        }
    }

    /// `seat`'s palace `p` (empty if there is none).
    fn palace(&self, seat: Seat, p: usize) -> &[Tile] {
        self.palaces
            .get(seat)
            .and_then(|ps| ps.get(p))
            .map_or(&[], |x| x.as_slice())
    }

    fn find_palace(&self, seat: Seat, tile: &Tile) -> Option<usize> {
        self.palaces
            .get(seat)?
            .iter()
            .position(|p| p.contains(tile))
    }

    /// The index of the single-tile palace holding `tile`.
    fn lone_palace(&self, seat: Seat, tile: &Tile) -> Res<usize> {
        let p = self
            .find_palace(seat, tile)
            .ok_or_else(|| PalazzoError::NotYours(tile.id()))?;
        if self.palace(seat, p).len() != 1 {
            return Err(PalazzoError::NotAlone(tile.id()));
        }
        Ok(p)
    }

    fn check_reconstruct_payment(&self, seat: Seat, pay: Card) -> Res<()> {
        let hand = self.hands.get(seat).ok_or(PalazzoError::NotYourTurn)?;
        if hand.is_empty() {
            return Err(PalazzoError::EmptyHand);
        }
        if hand.count(pay) == 0 {
            return Err(PalazzoError::NotInHand(pay.to_string()));
        }
        Ok(())
    }

    fn pay_reconstruct(&mut self, seat: Seat, pay: Card) {
        if let Some(one) = Cards::EMPTY.try_with(pay) {
            if self.spend(seat, one) {
                self.discard.push(pay);
            }
        }
    }

    /// Takes `cards` (paid or bid face up) out of `seat`'s hand, if it holds them all;
    /// says whether it did.
    pub(super) fn spend(&mut self, seat: Seat, cards: Cards) -> bool {
        let Some(hand) = self.hands.get_mut(seat) else {
            return false;
        };
        if !hand.contains_all(cards) {
            return false;
        }
        *hand = hand.without(cards);
        self.seen.spent(seat, cards);
        true
    }

    /// Checks a payment is in hand and values it (no lock); returns its worth.
    fn check_payment(&self, seat: Seat, pay: Cards) -> Res<u32> {
        let hand = self.hands.get(seat).ok_or(PalazzoError::NotYourTurn)?;
        if !hand.contains_all(pay) {
            return Err(PalazzoError::NotInHand(missing_text(
                &hand.to_vec(),
                &pay.to_vec(),
            )));
        }
        worth_set(pay, None).map(|w| w.value).map_err(mix_error)
    }

    fn check_buy(&self, seat: Seat, tiles: &[Tile], pay: Cards) -> Res<()> {
        if tiles.is_empty() || tiles.len() > 2 {
            return Err(PalazzoError::BuyCount);
        }
        if self.supply.is_empty() {
            return Err(PalazzoError::EmptySupply);
        }
        if !holds(&self.supply, tiles) {
            if let Some(t) = tiles.iter().find(|t| !self.supply.contains(t)) {
                return Err(not_here(t, &self.supply, PalazzoError::NotInSupply));
            }
            // Every tile is unique: naming one twice asks for a second copy.
            let id = tiles.first().map(|t| t.id()).unwrap_or_default();
            return Err(PalazzoError::NotInSupply(format!("A second {id}")));
        }
        let each = self.price();
        let price = each * tiles.len() as u32;
        let paid = self.check_payment(seat, pay);
        // A hand's best bid is worth at least any payment from it, so a payment worth the
        // price shows the hand can afford a tile: the best bid is worked out only when the
        // payment falls short, to tell which refusal comes first.
        if matches!(paid, Ok(paid) if paid >= price) {
            return Ok(());
        }
        let hand = self.hands.get(seat).copied().unwrap_or_default();
        if money::best_bid_set(hand) < each {
            return Err(PalazzoError::CannotAfford(each));
        }
        let paid = paid?;
        if paid < price {
            return Err(PalazzoError::Underpaid {
                tiles: tiles.len(),
                price,
                supply: self.supply.len(),
                each,
                paid,
            });
        }
        Ok(())
    }

    fn buy(&mut self, seat: Seat, tiles: TileList, pay: Cards, events: &mut Vec<PalazzoEvent>) {
        let price = self.price() * tiles.len() as u32;
        // The payment was valued by `check_buy`.
        let paid = worth_set(pay, None).map_or(0, |w| w.value);
        for t in tiles.iter() {
            if let Some(i) = self.supply.iter().position(|s| s == t) {
                self.supply.remove(i);
            }
        }
        self.spend(seat, pay);
        self.discard.extend(pay);
        events.push(PalazzoEvent::Bought {
            seat,
            tiles,
            pay,
            price,
            paid,
        });
        self.phase = Phase::Building {
            seat,
            pending: tiles.to_vec(),
        };
    }

    /// Gives cards everyone saw to `seat`'s hand (picked, or a bid taken back).
    pub(super) fn give(&mut self, seat: Seat, cards: Cards) {
        if let Some(hand) = self.hands.get_mut(seat) {
            *hand = hand.plus(cards);
            self.seen.gained(seat, self.players, cards);
        }
    }

    fn draw_money(&mut self, events: &mut Vec<PalazzoEvent>) -> Option<Card> {
        if self.pile.is_empty() && !self.discard.is_empty() {
            self.pile.append(&mut self.discard);
            self.pile.shuffle(&mut self.rng);
            self.seen.pile_from_discards = true;
            events.push(PalazzoEvent::Reshuffled {
                cards: self.pile.len(),
            });
        }
        self.pile.pop()
    }

    fn take_money(&mut self, seat: Seat, events: &mut Vec<PalazzoEvent>) {
        let need = self.players + 1;
        let mut revealed = Cards::EMPTY;
        for _ in 0..need {
            if let Some(c) = self.draw_money(events) {
                match revealed.try_with(c) {
                    Some(more) => revealed = more,
                    // Not a game card (never in a dealt pile): it goes straight to the discards.
                    None => self.discard.push(c),
                }
            }
        }
        events.push(PalazzoEvent::MoneyRevealed {
            seat,
            cards: revealed,
        });
        self.phase = Phase::Picking {
            revealed,
            pickers: Responders::new(seats_from(self.active, self.players)),
        };
    }

    pub(super) fn end_turn(&mut self, events: &mut Vec<PalazzoEvent>) {
        self.active = next_seat(self.active, self.players);
        self.phase = Phase::Turn;
        events.push(PalazzoEvent::TurnStarts { seat: self.active });
    }

    fn draw_tiles(&mut self, seat: Seat, events: &mut Vec<PalazzoEvent>) {
        let mut supply_tile = None;
        let mut quarry_tile = None;
        for draw in 0..2 {
            let Some(item) = self
                .stacks
                .iter_mut()
                .find(|s| !s.is_empty())
                .and_then(|s| s.pop())
            else {
                break;
            };
            match item {
                StackItem::Rider => {
                    self.riders_drawn += 1;
                    events.push(PalazzoEvent::RiderDrawn {
                        count: self.riders_drawn,
                    });
                    if self.riders_drawn >= RIDERS {
                        events.push(PalazzoEvent::Drew {
                            seat,
                            supply: supply_tile,
                            quarry: quarry_tile,
                        });
                        self.phase = Phase::Over;
                        events.push(PalazzoEvent::GameEnded);
                        return;
                    }
                }
                StackItem::Tile(t) if draw == 0 => {
                    self.supply.push(t);
                    supply_tile = Some(t);
                }
                StackItem::Tile(t) => {
                    let q = self.quarry_for(t.windows);
                    if let Some(quarry) = self.quarries.get_mut(q) {
                        quarry.push(t);
                    }
                    quarry_tile = Some((t, q));
                }
            }
        }
        events.push(PalazzoEvent::Drew {
            seat,
            supply: supply_tile,
            quarry: quarry_tile,
        });
        self.phase = Phase::BuyOrAuction;
    }

    /// Why `tile` cannot be built at `place` by `seat`, if it cannot.
    fn check_place(&self, seat: Seat, tile: &Tile, place: Place) -> Res<()> {
        let palaces = self.palaces.get(seat).ok_or(PalazzoError::NotYourTurn)?;
        if let Place::On(i) = place {
            let palace = palaces
                .get(i)
                .ok_or_else(|| PalazzoError::NoSuchPalace(palace_letter(i)))?;
            if !scoring::fits_on_top(palace, tile) {
                return Err(PalazzoError::CannotStack {
                    tile: tile.id(),
                    floor: tile.floor,
                    palace: palace_letter(i),
                    top: palace.last().map_or(0, |t| t.floor),
                });
            }
        }
        Ok(())
    }

    /// Places a tile bought/won/taken by `seat` (checked by [`Palazzo::check_place`]).
    fn place_tile(&mut self, seat: Seat, tile: Tile, place: Place, events: &mut Vec<PalazzoEvent>) {
        let Some(palaces) = self.palaces.get_mut(seat) else {
            return;
        };
        match place {
            Place::New => {
                palaces.push(vec![tile]);
                events.push(PalazzoEvent::Built {
                    seat,
                    tile,
                    palace: PalaceLetter(palaces.len() - 1),
                    new: true,
                });
            }
            Place::On(i) => {
                if let Some(palace) = palaces.get_mut(i) {
                    palace.push(tile);
                    events.push(PalazzoEvent::Built {
                        seat,
                        tile,
                        palace: PalaceLetter(i),
                        new: false,
                    });
                }
            }
        }
    }

    fn after_building(&mut self, owner: Seat, pending: Vec<Tile>, events: &mut Vec<PalazzoEvent>) {
        if pending.is_empty() {
            self.end_turn(events);
        } else {
            self.phase = Phase::Building {
                seat: owner,
                pending,
            };
        }
    }
}

/// Where `tile` is among the tiles to build, or the refusal naming it (or its twin).
fn find_tile(tile: &Tile, among: &[Tile]) -> Res<usize> {
    among
        .iter()
        .position(|t| t == tile)
        .ok_or_else(|| not_here(tile, among, PalazzoError::NotPending))
}
