//! Phase A: auctions. The opener picks a stack, the others raise by exactly 100 or pass
//! in seat order until one bidder is left; each player buys at most one item a round.

use super::board::{self, Piece};
use super::data::*;
use super::state::{Auction, DeckKind, Pending, Phase, PhaseA, Princes, Res};
use super::{PrincesError, PrincesEvent};
use crate::engine::Seat;
use crate::seating::{others_after, seats_from, OpenAuction};

/// The next seat after `from` that has not bought or declined (or `from` if none).
fn next_open(a: &PhaseA, from: Seat, players: usize) -> Seat {
    others_after(from, players)
        .into_iter()
        .find(|&x| !a.done(x))
        .unwrap_or(from)
}

impl Princes {
    /// Why `seat` may not take an item of `stack` (decision: landscapes only if placeable,
    /// builders only below 3).
    pub(super) fn ineligible(&self, seat: Seat, stack: Stack) -> Option<PrincesError> {
        let p = self.players.get(seat)?;
        self.ineligible_on(seat, stack, board::Occupancy::of(&p.grid))
    }

    /// [`Princes::ineligible`] given the seat's grid occupancy (listing every stack reads
    /// the grid once).
    pub(super) fn ineligible_on(
        &self,
        seat: Seat,
        stack: Stack,
        occ: board::Occupancy,
    ) -> Option<PrincesError> {
        let p = self.players.get(seat)?;
        if let Some(l) = stack.landscape() {
            if !board::Fits::new(Piece::Landscape(l), occ.forbidden(false)).any() {
                return Some(PrincesError::NoRoom(stack.slug()));
            }
        }
        if stack == Stack::Builder && p.builders >= MAX_BUILDERS {
            return Some(PrincesError::MaxBuilders);
        }
        None
    }

    fn auction(&self) -> Res<&PhaseA> {
        match &self.phase {
            Phase::Auction(a) => Ok(a),
            _ => Err(self.not_now()),
        }
    }

    /// The running auction, once a step has been validated.
    fn live_mut(&mut self) -> Option<&mut Auction> {
        match &mut self.phase {
            Phase::Auction(a) => a.live.as_mut(),
            _ => None,
        }
    }

    /// `open <stack>`: start an auction at the opening bid.
    pub(super) fn open(&mut self, seat: Seat, stack: Stack, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        let a = self.auction()?;
        if a.live.is_some() || a.opener != seat {
            return Err(self.not_now());
        }
        if a.sold.contains(&stack) {
            return Err(PrincesError::StackSold(stack.slug()));
        }
        if self.stack_supply(stack) == 0 {
            return Err(PrincesError::SupplyOut(stack.noun().into()));
        }
        if let Some(e) = self.ineligible(seat, stack) {
            return Err(e);
        }
        let have = self.player(seat)?.florins;
        if have < i64::from(OPENING_BID) {
            return Err(PrincesError::CannotAfford {
                need: i64::from(OPENING_BID),
                have,
            });
        }
        // Validated: from here on nothing can fail.
        let players = self.players.len();
        let order: Vec<Seat> = seats_from(seat, players)
            .into_iter()
            .filter(|&x| x == seat || (!a.done(x) && self.ineligible(x, stack).is_none()))
            .collect();
        let alone = order.len() == 1;
        let bidding = OpenAuction::open(order);
        if !alone {
            ev.push(PrincesEvent::Opens { seat, stack });
        }
        if let Phase::Auction(a) = &mut self.phase {
            a.live = Some(Auction {
                stack,
                high: OPENING_BID,
                bidding,
            });
        }
        self.resolve_if_decided(ev);
        Ok(())
    }

    /// `bid <n>`: raise the high bid by exactly 100.
    pub(super) fn bid(&mut self, seat: Seat, n: u32, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        let a = self.auction()?;
        let Some(live) = &a.live else {
            return Err(PrincesError::NotNow(
                super::sentences::NO_AUCTION_TO_BID.1.into(),
            ));
        };
        let need = live.high + RAISE;
        if n != need {
            return Err(PrincesError::BadRaise {
                high: live.high,
                need,
            });
        }
        let stack = live.stack;
        let have = self.player(seat)?.florins;
        if have < i64::from(n) {
            return Err(PrincesError::CannotAfford {
                need: i64::from(n),
                have,
            });
        }
        if let Some(live) = self.live_mut() {
            live.high = n;
            live.bidding.raise();
        }
        ev.push(PrincesEvent::Bids {
            seat,
            amount: n,
            stack,
        });
        self.resolve_if_decided(ev);
        Ok(())
    }

    /// `pass`: drop out of the running auction.
    pub(super) fn pass(&mut self, seat: Seat, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        if self.auction()?.live.is_none() {
            return Err(PrincesError::NotNow(
                super::sentences::NO_AUCTION_TO_PASS.1.into(),
            ));
        }
        if let Some(live) = self.live_mut() {
            live.bidding.pass();
        }
        ev.push(PrincesEvent::Passes { seat });
        self.resolve_if_decided(ev);
        Ok(())
    }

    /// `decline`: the opener buys nothing this round.
    pub(super) fn decline(&mut self, seat: Seat, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        if self.auction()?.live.is_some() {
            return Err(PrincesError::NotNow(
                super::sentences::AUCTION_RUNNING.1.into(),
            ));
        }
        let players = self.players.len();
        if let Phase::Auction(a) = &mut self.phase {
            if let Some(d) = a.declined.get_mut(seat) {
                *d = true;
            }
            a.opener = next_open(a, seat, players);
        }
        ev.push(PrincesEvent::Declines { seat });
        Ok(())
    }

    /// Settles a decided auction: payment, item, next opener. The winner could afford
    /// the high bid when making it and florins only grow during an auction.
    fn resolve_if_decided(&mut self, ev: &mut Vec<PrincesEvent>) {
        let players = self.players.len();
        let Phase::Auction(a) = &mut self.phase else {
            return;
        };
        let Some(live) = &a.live else { return };
        let Some(w) = live.bidding.winner() else {
            return;
        };
        let (stack, price) = (live.stack, live.high);
        a.live = None;
        if let Some(b) = a.bought.get_mut(w) {
            *b = Some(stack);
        }
        a.sold.push(stack);
        if a.opener == w {
            a.opener = next_open(a, w, players);
        }
        self.pay_bank(w, i64::from(price));
        ev.push(PrincesEvent::Buys {
            seat: w,
            stack,
            price,
        });
        match stack {
            Stack::Forest | Stack::Lake | Stack::Park => {
                let l = stack.landscape().unwrap_or(0);
                if let Some(n) = self.landscape_supply.get_mut(usize::from(l)) {
                    *n = n.saturating_sub(1);
                }
                self.pending = Some(Pending::Place {
                    seat: w,
                    landscape: l,
                });
            }
            Stack::Jester => {
                self.jester_supply = self.jester_supply.saturating_sub(1);
                if let Some(p) = self.players.get_mut(w) {
                    p.jesters += 1;
                }
            }
            Stack::Builder => {
                self.builder_supply = self.builder_supply.saturating_sub(1);
                let Some(p) = self.players.get_mut(w) else {
                    return;
                };
                p.builders += 1;
                let n = p.builders;
                if n >= 2 {
                    p.prestige += BUILDER_PRESTIGE;
                }
                ev.push(PrincesEvent::Builders { seat: w, count: n });
            }
            Stack::Prestige => self.start_look(w, DeckKind::Prestige, ev),
            Stack::Recruiting => {
                self.recruiting_supply = self.recruiting_supply.saturating_sub(1);
                if let Some(p) = self.players.get_mut(w) {
                    p.recruits += 1;
                }
                if self.can_recruit(w) {
                    self.pending = Some(Pending::RecruitNow { seat: w });
                }
            }
        }
    }
}
