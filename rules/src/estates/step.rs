//! One action applied: every precondition checked first, then the state changed and
//! the events told (auctions, pieces taken and built, the turn and the round moving on).

use super::*;

impl Estates {
    /// Applies `action`: every precondition is checked before the state is touched, so
    /// a refused action leaves `self` exactly as it was.
    /// The events are written into `events` (cleared first).
    pub(super) fn step(
        &mut self,
        seat: Seat,
        action: &EstatesAction,
        events: &mut Vec<EstatesEvent>,
    ) -> Result<(), EstatesError> {
        events.clear();
        if self.phase == Phase::Over {
            return Err(EstatesError::GameOver);
        }
        if self.awaited() != Some(seat) {
            return Err(EstatesError::NotYourTurn);
        }
        match *action {
            EstatesAction::Stash => {
                let Phase::Turn { stashed } = &mut self.phase else {
                    return Err(EstatesError::StashNotNow);
                };
                if *stashed {
                    return Err(EstatesError::AlreadyStashed);
                }
                let (Some(cash), Some(cash_box)) =
                    (self.cash.get_mut(seat), self.cash_box.get_mut(seat))
                else {
                    return Err(EstatesError::NotYourTurn);
                };
                if *cash == 0 {
                    return Err(EstatesError::NoCashToStash);
                }
                *cash -= 1;
                *stashed = true;
                *cash_box += 1;
                events.push(EstatesEvent::Stashed {
                    seat,
                    cash_box: *cash_box,
                });
            }
            EstatesAction::Choose(piece) => {
                if !matches!(self.phase, Phase::Turn { .. }) {
                    return Err(EstatesError::ChooseNotNow);
                }
                let item = self.take_piece(piece)?;
                self.record_stash_chance(seat);
                events.push(EstatesEvent::Chose { seat, item });
                self.phase = Phase::Auction {
                    item,
                    responders: AnswerOrder::others_after(seat, self.players),
                    bids: Bids::default(),
                    high: None,
                };
                self.close_auction_if_done(events);
            }
            EstatesAction::Bid(amount) => {
                let cash = self.cash(seat);
                let Phase::Auction {
                    responders,
                    bids,
                    high,
                    ..
                } = &mut self.phase
                else {
                    return Err(EstatesError::NoAuction);
                };
                match high {
                    None if amount < 1 => return Err(EstatesError::BidTooLowFirst),
                    Some((_, h)) if amount <= *h => return Err(EstatesError::BidTooLow(*h)),
                    _ => {}
                }
                if amount > cash {
                    return Err(EstatesError::BidAboveCash { bid: amount, cash });
                }
                *high = Some((seat, amount));
                bids.push((seat, Some(amount)));
                responders.advance();
                self.record_cash_at_least(seat, amount);
                events.push(EstatesEvent::Bid { seat, amount });
                self.close_auction_if_done(events);
            }
            EstatesAction::Pass => {
                let Phase::Auction {
                    responders, bids, ..
                } = &mut self.phase
                else {
                    return Err(EstatesError::NoAuction);
                };
                bids.push((seat, None));
                responders.advance();
                events.push(EstatesEvent::Passed { seat });
                self.close_auction_if_done(events);
            }
            EstatesAction::Sell => {
                let Phase::Decide {
                    item,
                    high: (buyer, amount),
                    ..
                } = self.phase
                else {
                    return Err(EstatesError::NoDecision);
                };
                self.transfer(buyer, seat, amount);
                events.push(EstatesEvent::Sold {
                    auctioneer: seat,
                    buyer,
                    amount,
                    item,
                });
                self.phase = Phase::Place { item, owner: buyer };
            }
            EstatesAction::Keep => {
                let Phase::Decide {
                    item,
                    high: (bidder, amount),
                    ..
                } = self.phase
                else {
                    return Err(EstatesError::NoDecision);
                };
                if self.cash(seat) < amount {
                    return Err(EstatesError::KeepWithoutCash(amount));
                }
                self.record_cash_at_least(seat, amount);
                self.transfer(seat, bidder, amount);
                events.push(EstatesEvent::Kept {
                    auctioneer: seat,
                    bidder,
                    amount,
                    item,
                });
                self.phase = Phase::Place { item, owner: seat };
            }
            EstatesAction::Place(lot) => {
                let Phase::Place { item, owner } = self.phase else {
                    return Err(EstatesError::NothingToPlace);
                };
                match item {
                    Item::Cube(cube) => {
                        self.board.place_cube(lot, cube)?;
                        events.push(EstatesEvent::CubePlaced {
                            seat: owner,
                            cube,
                            lot,
                        });
                        if let Some(slot) = self.certificates.get_mut(cube.colour.index()) {
                            if slot.is_none() {
                                *slot = Some(owner);
                                events.push(EstatesEvent::Certificate {
                                    seat: owner,
                                    colour: cube.colour,
                                });
                            }
                        }
                    }
                    Item::Roof(roof) => {
                        self.board.place_roof(lot, roof)?;
                        events.push(EstatesEvent::RoofPlaced {
                            seat: owner,
                            roof,
                            lot,
                        });
                    }
                    Item::Permit(value) => {
                        let effect = self.board.check_permit(lot, value)?;
                        let i = permit_index(value).ok_or(EstatesError::NoSuchPermit(value))?;
                        if let Some(s) = self.board.permits.get_mut(i) {
                            *s = PieceState::Placed {
                                row: lot.row,
                                effect,
                            };
                        }
                        events.push(EstatesEvent::PermitPlaced {
                            seat: owner,
                            value,
                            lot,
                            requirement: self.board.requirement(lot.row),
                        });
                    }
                    Item::Mayor => return Err(EstatesError::MayorNeedsRow),
                    Item::Cancel => return Err(EstatesError::CancelNotOnLot),
                }
                self.end_turn(events);
            }
            EstatesAction::PlaceMayor(row) => {
                let Phase::Place { item, owner } = self.phase else {
                    return Err(EstatesError::NothingToPlace);
                };
                match item {
                    Item::Mayor => {}
                    Item::Cancel => return Err(EstatesError::CancelNotOnLot),
                    _ => return Err(EstatesError::NeedsLot),
                }
                self.board.mayor = PieceState::Placed { row, effect: 0 };
                events.push(EstatesEvent::MayorPlaced { seat: owner, row });
                self.end_turn(events);
            }
            EstatesAction::RemovePermit(value) => {
                let Phase::Place { item, owner } = self.phase else {
                    return Err(EstatesError::NothingToPlace);
                };
                if item != Item::Cancel {
                    return Err(EstatesError::RemoveNeedsCancel);
                }
                let (row, requirement) = self.board.check_cancel(value)?;
                let i = permit_index(value).ok_or(EstatesError::NoSuchPermit(value))?;
                if let Some(s) = self.board.permits.get_mut(i) {
                    *s = PieceState::Gone;
                }
                self.board.cancel = PieceState::Gone;
                events.push(EstatesEvent::PermitRemoved {
                    seat: owner,
                    value,
                    row,
                    requirement,
                });
                self.end_turn(events);
            }
            EstatesAction::Discard => {
                let Phase::Place { item, owner } = self.phase else {
                    return Err(EstatesError::NothingToPlace);
                };
                match item {
                    Item::Cube(_) | Item::Roof(_) => return Err(EstatesError::MustPlace),
                    Item::Permit(v) => {
                        let i = permit_index(v).ok_or(EstatesError::NoSuchPermit(v))?;
                        if let Some(s) = self.board.permits.get_mut(i) {
                            *s = PieceState::Gone;
                        }
                    }
                    Item::Mayor => self.board.mayor = PieceState::Gone,
                    Item::Cancel => self.board.cancel = PieceState::Gone,
                }
                events.push(EstatesEvent::Discarded { seat: owner, item });
                self.end_turn(events);
            }
        }
        Ok(())
    }
}
