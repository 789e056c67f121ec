//! Palazzo (Reiner Knizia): buy or auction building tiles with money cards of three
//! currencies and build palaces of increasing floors. The spec is
//! `shared/rules/palazzo.md`; `rules.md` beside this file is the player-facing summary.

pub mod actions;
pub mod data;
pub mod events;
pub mod money;
pub mod scoring;
pub mod views;

pub use actions::{PalazzoAction, Place};
pub use data::{Card, Currency, Material, StackItem, Tile};
pub use events::PalazzoEvent;
pub use views::{PalazzoPrivate, PalazzoPublic};

use crate::engine::{
    rng_from_seed, CommandHelp, Game, GameRng, Outcome, ParseError, PlayerResult, ScoreLine, Seat,
    SetupError,
};
use crate::seating::{next_seat, seats_from, OpenAuction, Responders};
use data::{palace_letter, OPENING_BID, RIDERS, STACK_SPLIT};
use money::{diagnose_raise, holds, missing, take_out, worth, MixError};
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};

crate::register_game!(Palazzo, PALAZZO);

/// Number of quarries around the supply.
pub const QUARRIES: usize = 4;
/// Tiles on the auctioned quarry from which the lot is handed out instead of auctioned.
pub const HANDOUT_AT: usize = 4;

/// Table options (none yet).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PalazzoOptions {}

/// One player's bid in the running auction.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bid {
    /// Money cards put in, face up.
    pub cards: Vec<Card>,
    /// Whether the opener's value-3 certificate is part of this bid.
    pub opener: bool,
    /// The bid's value.
    pub total: u32,
    /// The currency the bid is locked to (by its loose currency cards).
    pub currency: Option<Currency>,
}

/// What the game is waiting for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The active player chooses money, draw or reconstruct.
    Turn,
    /// Revealed money is picked: the active player 2, then each other player 1.
    Picking {
        revealed: Vec<Card>,
        pickers: Responders,
    },
    /// After drawing: buy or auction.
    BuyOrAuction,
    /// An auction for the tiles on `quarry`.
    Auction {
        quarry: usize,
        auction: OpenAuction,
        bids: Vec<Bid>,
    },
    /// A quarry of 4+ tiles: each player in turn takes one and builds it.
    Handout { lot: Vec<Tile>, takers: Responders },
    /// `seat` builds (or discards) the tiles it bought or won, one at a time.
    Building { seat: Seat, pending: Vec<Tile> },
    /// The 5th rider was drawn.
    Over,
}

/// A refused action; the text is what the player reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PalazzoError {
    #[error("The game is over.")]
    GameOver,
    #[error("It is not your turn: the game is waiting for another player.")]
    NotYourTurn,
    #[error("{0}")]
    NotNow(String),
    #[error("Taking money reveals {need} cards, but only {have} are left in the draw pile and discards, so you cannot take money now.")]
    NotEnoughMoney { need: usize, have: usize },
    #[error("You must take exactly {need} of the revealed cards.")]
    PickCount { need: usize },
    #[error("Not among the revealed cards: {0}.")]
    NotRevealed(String),
    #[error("You do not hold {0}.")]
    NotInHand(String),
    #[error("You can buy only 1 or 2 tiles.")]
    BuyCount,
    #[error("{0} is not in the supply.")]
    NotInSupply(String),
    #[error("Buying {tiles} tile(s) costs {price} (10 − {supply} supply tiles = {each} each); {paid} paid is not enough.")]
    Underpaid {
        tiles: usize,
        price: u32,
        supply: usize,
        each: u32,
        paid: u32,
    },
    #[error("You cannot pay for even one tile (price {0}), so you must auction.")]
    CannotAfford(u32),
    #[error("The supply is empty: there is nothing to buy, so you must auction.")]
    EmptySupply,
    #[error("A payment or bid may use cards of one currency only, plus certificates (C2) and groups of three (one card of each currency with the same value, or three C2).")]
    MixedCurrency,
    #[error(
        "Your bid is in {0}: you may add only {0} cards, certificates (C2) and groups of three."
    )]
    WrongCurrency(&'static str),
    #[error("A group's three cards must be played together in the same raise: these cards would only form a group with the {0} already in your bid.")]
    GroupSplit(String),
    #[error("Add at least one card to raise, or pass.")]
    EmptyRaise,
    #[error("You must bid more than the high bid of {high}; your bid would total {total}.")]
    BidTooLow { high: u32, total: u32 },
    #[error("{0} is not one of the tiles you have to build now.")]
    NotPending(String),
    #[error("{typed} is not there, but its identical twin {twin} is: name that one.")]
    Twin { typed: String, twin: String },
    #[error("You have no palace {0}.")]
    NoSuchPalace(String),
    #[error("{tile} (floor {floor}) cannot go on palace {palace}: its top floor is {top}, and a tile goes only on top of a lower floor (inserting below needs reconstruct).")]
    CannotStack {
        tile: String,
        floor: u8,
        palace: String,
        top: u8,
    },
    #[error("Reconstruct costs one money card, and your hand is empty.")]
    EmptyHand,
    #[error("{0} is not in one of your palaces.")]
    NotYours(String),
    #[error("{0} already stands alone; lift takes a tile out of a palace of 2 or more floors.")]
    AlreadyAlone(String),
    #[error("{0} is not a single-tile palace; only a tile standing alone can be inserted or removed (lift it out first, on a later turn).")]
    NotAlone(String),
    #[error("Palace {palace} already has floor {floor}; a palace cannot repeat a floor.")]
    FloorTaken { palace: String, floor: u8 },
    #[error("A tile cannot be inserted into its own palace.")]
    SamePalace,
}

/// The Palazzo game state. Fields are public for tests and tools; play changes them only
/// through [`Game::apply`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Palazzo {
    pub rng: GameRng,
    pub players: usize,
    /// Whose turn it is (the player who chose this turn's action).
    pub active: Seat,
    pub phase: Phase,
    /// Hands, kept sorted.
    pub hands: Vec<Vec<Card>>,
    /// The face-down money pile (top = last).
    pub pile: Vec<Card>,
    /// The face-up discards.
    pub discard: Vec<Card>,
    /// Building stacks I, II, III (top = last).
    pub stacks: Vec<Vec<StackItem>>,
    pub supply: Vec<Tile>,
    pub quarries: Vec<Vec<Tile>>,
    /// The quarry the master builder stands on.
    pub master: usize,
    pub riders_drawn: u8,
    /// Per seat, per palace, tiles bottom to top.
    pub palaces: Vec<Vec<Vec<Tile>>>,
    /// Tiles put out of the game.
    pub boxed: Vec<Tile>,
}

type Res<T> = Result<T, PalazzoError>;

fn not_now(msg: &str) -> PalazzoError {
    PalazzoError::NotNow(msg.to_string())
}

impl Palazzo {
    /// Tile price in the supply right now (10 − supply size, never below 0).
    pub fn price(&self) -> u32 {
        10u32.saturating_sub(self.supply.len() as u32)
    }

    /// Cards available to the take-money action (pile + discards).
    pub fn money_left(&self) -> usize {
        self.pile.len() + self.discard.len()
    }

    /// Whether the active player may take money now.
    pub fn can_take_money(&self) -> bool {
        self.money_left() > self.players
    }

    fn pick_need(&self, seat: Seat) -> usize {
        if seat == self.active {
            2
        } else {
            1
        }
    }

    /// The high bid of the running auction.
    pub fn high_bid(&self) -> Option<u32> {
        match &self.phase {
            Phase::Auction { auction, bids, .. } => bids.get(auction.leader()).map(|b| b.total),
            _ => None,
        }
    }

    fn hand_mut(&mut self, seat: Seat) -> Res<&mut Vec<Card>> {
        self.hands.get_mut(seat).ok_or(PalazzoError::NotYourTurn)
    }

    fn draw_money(&mut self, events: &mut Vec<PalazzoEvent>) -> Option<Card> {
        if self.pile.is_empty() && !self.discard.is_empty() {
            self.pile.append(&mut self.discard);
            self.pile.shuffle(&mut self.rng);
            events.push(PalazzoEvent::Reshuffled {
                cards: self.pile.len(),
            });
        }
        self.pile.pop()
    }

    fn end_turn(&mut self, events: &mut Vec<PalazzoEvent>) {
        self.active = next_seat(self.active, self.players);
        self.phase = Phase::Turn;
        events.push(PalazzoEvent::TurnStarts { seat: self.active });
    }

    /// Where a tile with `windows` windows lands: count from the master builder's quarry.
    pub fn quarry_for(&self, windows: u8) -> usize {
        (self.master + usize::from(windows)) % QUARRIES
    }

    /// The next quarry clockwise from the master builder holding a tile (a full circle
    /// comes back to the master builder's own quarry).
    pub fn next_auction_quarry(&self) -> Option<usize> {
        (1..=QUARRIES)
            .map(|d| (self.master + d) % QUARRIES)
            .find(|q| self.quarries.get(*q).is_some_and(|t| !t.is_empty()))
    }

    fn find_palace(&self, seat: Seat, tile: &Tile) -> Option<usize> {
        self.palaces
            .get(seat)?
            .iter()
            .position(|p| p.contains(tile))
    }

    /// Places a tile bought/won/taken by `seat`.
    fn place_tile(
        &mut self,
        seat: Seat,
        tile: Tile,
        place: Place,
        events: &mut Vec<PalazzoEvent>,
    ) -> Res<()> {
        let palaces = self
            .palaces
            .get_mut(seat)
            .ok_or(PalazzoError::NotYourTurn)?;
        match place {
            Place::New => {
                palaces.push(vec![tile]);
                events.push(PalazzoEvent::Built {
                    seat,
                    tile,
                    palace: palace_letter(palaces.len() - 1),
                    new: true,
                });
            }
            Place::On(i) => {
                let palace = palaces
                    .get_mut(i)
                    .ok_or_else(|| PalazzoError::NoSuchPalace(palace_letter(i)))?;
                if !scoring::fits_on_top(palace, &tile) {
                    return Err(PalazzoError::CannotStack {
                        tile: tile.id(),
                        floor: tile.floor,
                        palace: palace_letter(i),
                        top: palace.last().map_or(0, |t| t.floor),
                    });
                }
                palace.push(tile);
                events.push(PalazzoEvent::Built {
                    seat,
                    tile,
                    palace: palace_letter(i),
                    new: false,
                });
            }
        }
        Ok(())
    }

    /// Checks a payment is in hand and values it (no lock); returns its worth.
    fn check_payment(&self, seat: Seat, pay: &[Card]) -> Res<u32> {
        let hand = self.hands.get(seat).ok_or(PalazzoError::NotYourTurn)?;
        if !holds(hand, pay) {
            return Err(PalazzoError::NotInHand(missing_text(hand, pay)));
        }
        worth(pay, None).map(|w| w.value).map_err(mix_error)
    }

    fn apply_inner(&mut self, seat: Seat, action: &PalazzoAction) -> Res<Vec<PalazzoEvent>> {
        use PalazzoAction as A;
        if self.is_over() {
            return Err(PalazzoError::GameOver);
        }
        if !self.awaiting().contains(&seat) {
            return Err(PalazzoError::NotYourTurn);
        }
        let mut events = Vec::new();
        let phase = self.phase.clone();
        match (phase, action) {
            (Phase::Turn, A::Money) => {
                let need = self.players + 1;
                if !self.can_take_money() {
                    return Err(PalazzoError::NotEnoughMoney {
                        need,
                        have: self.money_left(),
                    });
                }
                let mut revealed = Vec::with_capacity(need);
                for _ in 0..need {
                    if let Some(c) = self.draw_money(&mut events) {
                        revealed.push(c);
                    }
                }
                revealed.sort();
                events.push(PalazzoEvent::MoneyRevealed {
                    seat,
                    cards: revealed.clone(),
                });
                self.phase = Phase::Picking {
                    revealed,
                    pickers: Responders::new(seats_from(self.active, self.players)),
                };
            }
            (
                Phase::Picking {
                    mut revealed,
                    mut pickers,
                },
                A::Pick(cards),
            ) => {
                let need = self.pick_need(seat);
                if cards.len() != need {
                    return Err(PalazzoError::PickCount { need });
                }
                if !holds(&revealed, cards) {
                    return Err(PalazzoError::NotRevealed(missing_text(&revealed, cards)));
                }
                take_out(&mut revealed, cards);
                self.give(seat, cards);
                events.push(PalazzoEvent::Picked {
                    seat,
                    cards: cards.clone(),
                });
                pickers.advance();
                if pickers.is_done() || revealed.is_empty() {
                    // Anything left over (cannot happen with players + 1 cards) is discarded.
                    self.discard.append(&mut revealed);
                    self.end_turn(&mut events);
                } else {
                    self.phase = Phase::Picking { revealed, pickers };
                }
            }
            (Phase::Turn, A::Draw) => {
                self.draw_tiles(seat, &mut events);
            }
            (Phase::Turn, A::Lift { tile, pay }) => {
                self.check_reconstruct_payment(seat, *pay)?;
                let p = self
                    .find_palace(seat, tile)
                    .ok_or_else(|| PalazzoError::NotYours(tile.id()))?;
                let palaces = self
                    .palaces
                    .get_mut(seat)
                    .ok_or(PalazzoError::NotYourTurn)?;
                let palace = palaces
                    .get_mut(p)
                    .ok_or(PalazzoError::NotYours(tile.id()))?;
                if palace.len() < 2 {
                    return Err(PalazzoError::AlreadyAlone(tile.id()));
                }
                palace.retain(|t| t != tile);
                palaces.push(vec![*tile]);
                let new = palace_letter(palaces.len() - 1);
                self.pay_reconstruct(seat, *pay);
                events.push(PalazzoEvent::Lifted {
                    seat,
                    tile: *tile,
                    from: palace_letter(p),
                    new,
                    pay: *pay,
                });
                self.end_turn(&mut events);
            }
            (Phase::Turn, A::Insert { tile, into, pay }) => {
                self.check_reconstruct_payment(seat, *pay)?;
                let p = self.lone_palace(seat, tile)?;
                if p == *into {
                    return Err(PalazzoError::SamePalace);
                }
                let palaces = self
                    .palaces
                    .get_mut(seat)
                    .ok_or(PalazzoError::NotYourTurn)?;
                let target = palaces
                    .get_mut(*into)
                    .ok_or_else(|| PalazzoError::NoSuchPalace(palace_letter(*into)))?;
                if !scoring::fits_inside(target, tile) {
                    return Err(PalazzoError::FloorTaken {
                        palace: palace_letter(*into),
                        floor: tile.floor,
                    });
                }
                scoring::insert_sorted(target, *tile);
                palaces.remove(p);
                // Letters after the lone palace shift down by one.
                let now_at = if p < *into { *into - 1 } else { *into };
                self.pay_reconstruct(seat, *pay);
                events.push(PalazzoEvent::Inserted {
                    seat,
                    tile: *tile,
                    into: palace_letter(now_at),
                    pay: *pay,
                });
                self.end_turn(&mut events);
            }
            (Phase::Turn, A::Remove { tile, pay }) => {
                self.check_reconstruct_payment(seat, *pay)?;
                let p = self.lone_palace(seat, tile)?;
                if let Some(palaces) = self.palaces.get_mut(seat) {
                    palaces.remove(p);
                }
                self.boxed.push(*tile);
                self.pay_reconstruct(seat, *pay);
                events.push(PalazzoEvent::Removed {
                    seat,
                    tile: *tile,
                    pay: *pay,
                });
                self.end_turn(&mut events);
            }
            (Phase::BuyOrAuction, A::Buy { tiles, pay }) => {
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
                let hand = self.hands.get(seat).map(|h| h.as_slice()).unwrap_or(&[]);
                if money::best_bid(hand) < each {
                    return Err(PalazzoError::CannotAfford(each));
                }
                let paid = self.check_payment(seat, pay)?;
                if paid < price {
                    return Err(PalazzoError::Underpaid {
                        tiles: tiles.len(),
                        price,
                        supply: self.supply.len(),
                        each,
                        paid,
                    });
                }
                for t in tiles {
                    if let Some(i) = self.supply.iter().position(|s| s == t) {
                        self.supply.remove(i);
                    }
                }
                let hand = self.hand_mut(seat)?;
                take_out(hand, pay);
                self.discard.extend(pay.iter().copied());
                events.push(PalazzoEvent::Bought {
                    seat,
                    tiles: tiles.clone(),
                    pay: pay.clone(),
                    price,
                    paid,
                });
                self.phase = Phase::Building {
                    seat,
                    pending: tiles.clone(),
                };
            }
            (Phase::BuyOrAuction, A::Auction) => {
                self.start_auction(seat, &mut events);
            }
            (
                Phase::Auction {
                    quarry,
                    mut auction,
                    mut bids,
                },
                A::Raise(cards),
            ) => {
                if cards.is_empty() {
                    return Err(PalazzoError::EmptyRaise);
                }
                let hand = self.hands.get(seat).ok_or(PalazzoError::NotYourTurn)?;
                if !holds(hand, cards) {
                    return Err(PalazzoError::NotInHand(missing_text(hand, cards)));
                }
                let bid = bids.get(seat).cloned().unwrap_or_default();
                let w = worth(cards, bid.currency)
                    .map_err(|e| mix_error(diagnose_raise(cards, &bid.cards, e)))?;
                let high = bids.get(auction.leader()).map_or(0, |b| b.total);
                let total = bid.total + w.value;
                if total <= high {
                    return Err(PalazzoError::BidTooLow { high, total });
                }
                let hand = self.hand_mut(seat)?;
                take_out(hand, cards);
                if let Some(b) = bids.get_mut(seat) {
                    b.cards.extend(cards.iter().copied());
                    b.cards.sort();
                    b.total = total;
                    b.currency = b.currency.or(w.currency);
                }
                events.push(PalazzoEvent::Raised {
                    seat,
                    cards: cards.clone(),
                    total,
                });
                auction.raise();
                self.after_bid(quarry, auction, bids, &mut events);
            }
            (
                Phase::Auction {
                    quarry,
                    mut auction,
                    mut bids,
                },
                A::Pass,
            ) => {
                if let Some(b) = bids.get_mut(seat) {
                    let back = std::mem::take(b);
                    self.give(seat, &back.cards);
                    events.push(PalazzoEvent::Passed {
                        seat,
                        took_back: back.cards,
                    });
                }
                auction.pass();
                self.after_bid(quarry, auction, bids, &mut events);
            }
            (
                Phase::Building {
                    seat: owner,
                    mut pending,
                },
                A::Build { tile, place },
            ) => {
                let i = pending
                    .iter()
                    .position(|t| t == tile)
                    .ok_or_else(|| not_here(tile, &pending, PalazzoError::NotPending))?;
                self.place_tile(owner, *tile, *place, &mut events)?;
                pending.remove(i);
                self.after_building(owner, pending, &mut events);
            }
            (
                Phase::Building {
                    seat: owner,
                    mut pending,
                },
                A::Discard(tile),
            ) => {
                let i = pending
                    .iter()
                    .position(|t| t == tile)
                    .ok_or_else(|| not_here(tile, &pending, PalazzoError::NotPending))?;
                pending.remove(i);
                self.boxed.push(*tile);
                events.push(PalazzoEvent::Discarded {
                    seat: owner,
                    tile: *tile,
                });
                self.after_building(owner, pending, &mut events);
            }
            (
                Phase::Handout {
                    mut lot,
                    mut takers,
                },
                A::Build { tile, place },
            ) => {
                let i = lot
                    .iter()
                    .position(|t| t == tile)
                    .ok_or_else(|| not_here(tile, &lot, PalazzoError::NotPending))?;
                self.place_tile(seat, *tile, *place, &mut events)?;
                lot.remove(i);
                takers.advance();
                self.after_handout(lot, takers, &mut events);
            }
            (
                Phase::Handout {
                    mut lot,
                    mut takers,
                },
                A::Discard(tile),
            ) => {
                let i = lot
                    .iter()
                    .position(|t| t == tile)
                    .ok_or_else(|| not_here(tile, &lot, PalazzoError::NotPending))?;
                lot.remove(i);
                self.boxed.push(*tile);
                events.push(PalazzoEvent::Discarded { seat, tile: *tile });
                takers.advance();
                self.after_handout(lot, takers, &mut events);
            }
            (phase, action) => return Err(wrong_phase(&phase, action)),
        }
        Ok(events)
    }

    fn give(&mut self, seat: Seat, cards: &[Card]) {
        if let Some(hand) = self.hands.get_mut(seat) {
            hand.extend(cards.iter().copied());
            hand.sort();
        }
    }

    fn check_reconstruct_payment(&self, seat: Seat, pay: Card) -> Res<()> {
        let hand = self.hands.get(seat).ok_or(PalazzoError::NotYourTurn)?;
        if hand.is_empty() {
            return Err(PalazzoError::EmptyHand);
        }
        if !hand.contains(&pay) {
            return Err(PalazzoError::NotInHand(pay.to_string()));
        }
        Ok(())
    }

    fn pay_reconstruct(&mut self, seat: Seat, pay: Card) {
        if let Some(hand) = self.hands.get_mut(seat) {
            take_out(hand, &[pay]);
            self.discard.push(pay);
        }
    }

    /// The index of the single-tile palace holding `tile`.
    fn lone_palace(&self, seat: Seat, tile: &Tile) -> Res<usize> {
        let p = self
            .find_palace(seat, tile)
            .ok_or_else(|| PalazzoError::NotYours(tile.id()))?;
        let len = self
            .palaces
            .get(seat)
            .and_then(|ps| ps.get(p))
            .map_or(0, |x| x.len());
        if len != 1 {
            return Err(PalazzoError::NotAlone(tile.id()));
        }
        Ok(p)
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

    fn start_auction(&mut self, seat: Seat, events: &mut Vec<PalazzoEvent>) {
        let Some(q) = self.next_auction_quarry() else {
            events.push(PalazzoEvent::NothingToAuction { seat });
            self.end_turn(events);
            return;
        };
        self.master = q;
        let tiles = self.quarries.get(q).cloned().unwrap_or_default();
        if tiles.len() >= HANDOUT_AT {
            if let Some(quarry) = self.quarries.get_mut(q) {
                quarry.clear();
            }
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

    fn after_bid(
        &mut self,
        quarry: usize,
        auction: OpenAuction,
        bids: Vec<Bid>,
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
        let bid = bids.get(winner).cloned().unwrap_or_default();
        // The winner's cards go to the discards; the value-3 certificate back to the table.
        self.discard.extend(bid.cards.iter().copied());
        // Any other bidder still holding cards (cannot happen: all others passed) gets them back.
        for (s, b) in bids.iter().enumerate() {
            if s != winner && !b.cards.is_empty() {
                self.give(s, &b.cards);
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
            cards: bid.cards.clone(),
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

    fn after_handout(
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

    /// Build options for `seat` for each distinct kind of tile in `tiles`.
    fn build_options(&self, seat: Seat, tiles: &[Tile]) -> Vec<PalazzoAction> {
        let mut out = Vec::new();
        let mut seen: Vec<Tile> = Vec::new();
        let palaces = self.palaces.get(seat).map(|p| p.as_slice()).unwrap_or(&[]);
        for t in tiles {
            if seen.iter().any(|s| s.same_kind(t)) {
                continue;
            }
            seen.push(*t);
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
        out
    }

    fn reconstruct_options(&self, seat: Seat) -> Vec<PalazzoAction> {
        let hand = match self.hands.get(seat) {
            Some(h) if !h.is_empty() => h,
            _ => return vec![],
        };
        let mut kinds: Vec<Card> = hand.clone();
        kinds.dedup();
        let palaces = self.palaces.get(seat).map(|p| p.as_slice()).unwrap_or(&[]);
        let mut moves: Vec<(Tile, Option<usize>, bool)> = Vec::new(); // (tile, into, remove)
        for (pi, p) in palaces.iter().enumerate() {
            if p.len() >= 2 {
                for t in p {
                    moves.push((*t, None, false));
                }
            } else if let Some(t) = p.first() {
                for (qi, q) in palaces.iter().enumerate() {
                    if qi != pi && scoring::fits_inside(q, t) {
                        moves.push((*t, Some(qi), false));
                    }
                }
                moves.push((*t, None, true));
            }
        }
        let mut out = Vec::with_capacity(moves.len() * kinds.len());
        for (tile, into, remove) in moves {
            for &pay in &kinds {
                out.push(match (into, remove) {
                    (Some(into), _) => PalazzoAction::Insert { tile, into, pay },
                    (None, true) => PalazzoAction::Remove { tile, pay },
                    (None, false) => PalazzoAction::Lift { tile, pay },
                });
            }
        }
        out
    }

    fn buy_options(&self, seat: Seat) -> Vec<PalazzoAction> {
        let Some(hand) = self.hands.get(seat) else {
            return vec![];
        };
        let mut out = Vec::new();
        let each = self.price();
        let mut kinds: Vec<Tile> = Vec::new();
        for t in &self.supply {
            if !kinds.iter().any(|k| k.same_kind(t)) {
                kinds.push(*t);
            }
        }
        let singles = money::payments(hand, each, None);
        for t in &kinds {
            for pay in &singles {
                out.push(PalazzoAction::Buy {
                    tiles: vec![*t],
                    pay: pay.clone(),
                });
            }
        }
        if self.supply.len() >= 2 {
            let doubles = money::payments(hand, 2 * each, None);
            for (i, a) in self.supply.iter().enumerate() {
                for b in self.supply.iter().skip(i + 1) {
                    // Skip pairs equal in kind to a pair already listed.
                    let dup = out.iter().any(|x| match x {
                        PalazzoAction::Buy { tiles, .. } if tiles.len() == 2 => {
                            (tiles[0].same_kind(a) && tiles[1].same_kind(b))
                                || (tiles[0].same_kind(b) && tiles[1].same_kind(a))
                        }
                        _ => false,
                    });
                    if dup {
                        continue;
                    }
                    let mut tiles = vec![*a, *b];
                    tiles.sort();
                    for pay in &doubles {
                        out.push(PalazzoAction::Buy {
                            tiles: tiles.clone(),
                            pay: pay.clone(),
                        });
                    }
                }
            }
        }
        out
    }

    /// The best bid `seat` could still reach in the running auction (None outside one).
    pub fn best_reachable_bid(&self, seat: Seat) -> Option<u32> {
        match &self.phase {
            Phase::Auction { bids, auction, .. } if auction.bidders().contains(&seat) => {
                let bid = bids.get(seat)?;
                let hand = self.hands.get(seat)?;
                Some(bid.total + money::best_addition(hand, bid.currency))
            }
            _ => None,
        }
    }

    /// Final scores per seat.
    pub fn scores(&self) -> Vec<i64> {
        self.palaces
            .iter()
            .map(|p| scoring::player_score(p))
            .collect()
    }
}

/// The refusal for a tile that is not where it was named: if its identical twin (the
/// extra floor-3 one-window tile, `-b`) is there instead, say so.
fn not_here(tile: &Tile, among: &[Tile], err: fn(String) -> PalazzoError) -> PalazzoError {
    match among.iter().find(|t| t.same_kind(tile) && *t != tile) {
        Some(twin) => PalazzoError::Twin {
            typed: tile.id(),
            twin: twin.id(),
        },
        None => err(tile.id()),
    }
}

/// Names only the cards of `cards` that `source` lacks: `R6`, or `2× R5 (only 1)` when
/// too few copies are there.
fn missing_text(source: &[Card], cards: &[Card]) -> String {
    let mut kinds = missing(source, cards);
    kinds.sort();
    kinds.dedup();
    let parts: Vec<String> = kinds
        .iter()
        .map(|c| {
            let have = source.iter().filter(|x| *x == c).count();
            let want = cards.iter().filter(|x| *x == c).count();
            if have == 0 {
                vec![c.to_string(); want].join(" ")
            } else {
                format!("{want}× {c} (only {have})")
            }
        })
        .collect();
    parts.join(" ")
}

fn mix_error(e: MixError) -> PalazzoError {
    match e {
        MixError::Mixed => PalazzoError::MixedCurrency,
        MixError::WrongCurrency(c) => PalazzoError::WrongCurrency(c.name()),
        MixError::GroupSplit(c) => PalazzoError::GroupSplit(c.to_string()),
    }
}

fn wrong_phase(phase: &Phase, action: &PalazzoAction) -> PalazzoError {
    use PalazzoAction as A;
    let now = match phase {
        Phase::Turn => "It is the start of your turn: choose money, draw or reconstruct.",
        Phase::Picking { .. } => "Revealed money is being shared out: pick your card(s).",
        Phase::BuyOrAuction => "You drew tiles: now buy from the supply or auction.",
        Phase::Auction { .. } => "An auction is running: raise or pass.",
        Phase::Handout { .. } => "Take one tile of the lot and build it (or discard it).",
        Phase::Building { .. } => "Build (or discard) the tiles you got first.",
        Phase::Over => "The game is over.",
    };
    let what = match action {
        A::Money | A::Draw | A::Lift { .. } | A::Insert { .. } | A::Remove { .. } => {
            "That is a choice for the start of a turn."
        }
        A::Pick(_) => "There are no revealed cards to pick.",
        A::Buy { .. } | A::Auction => "Buy or auction comes right after drawing tiles.",
        A::Raise(_) | A::Pass => "There is no auction running.",
        A::Build { .. } | A::Discard(_) => "You have no tile to build now.",
    };
    not_now(&format!("{what} {now}"))
}

impl Game for Palazzo {
    const ID: &'static str = "palazzo";
    const TITLE: &'static str = "Palazzo";
    const PLAYERS: (usize, usize) = (2, 4);
    type Options = PalazzoOptions;
    type Action = PalazzoAction;
    type Event = PalazzoEvent;
    type Error = PalazzoError;
    type PublicView = PalazzoPublic;
    type PrivateView = PalazzoPrivate;

    fn new(players: usize, _options: &PalazzoOptions, seed: u64) -> Result<Self, SetupError> {
        SetupError::check_players::<Self>(players)?;
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
            let mut hand = pile.split_off(at);
            hand.sort();
            hands.push(hand);
        }
        let active = rng.gen_range(0..players);
        Ok(Palazzo {
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
        })
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &PalazzoAction,
    ) -> Result<Vec<PalazzoEvent>, PalazzoError> {
        let mut next = self.clone();
        let events = next.apply_inner(seat, action)?;
        *self = next;
        Ok(events)
    }

    fn awaiting(&self) -> Vec<Seat> {
        match &self.phase {
            Phase::Over => vec![],
            Phase::Turn | Phase::BuyOrAuction => vec![self.active],
            Phase::Picking { pickers, .. } => pickers.current().into_iter().collect(),
            Phase::Auction { auction, .. } => auction.current().into_iter().collect(),
            Phase::Handout { takers, .. } => takers.current().into_iter().collect(),
            Phase::Building { seat, .. } => vec![*seat],
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<PalazzoAction> {
        if !self.awaiting().contains(&seat) {
            return vec![];
        }
        match &self.phase {
            Phase::Over => vec![],
            Phase::Turn => {
                let mut out = Vec::new();
                if self.can_take_money() {
                    out.push(PalazzoAction::Money);
                }
                out.push(PalazzoAction::Draw);
                out.extend(self.reconstruct_options(seat));
                out
            }
            Phase::Picking { revealed, .. } => {
                let mut kinds = revealed.clone();
                kinds.dedup();
                if self.pick_need(seat) == 1 {
                    kinds
                        .into_iter()
                        .map(|c| PalazzoAction::Pick(vec![c]))
                        .collect()
                } else {
                    let mut out: Vec<PalazzoAction> = Vec::new();
                    for (i, a) in revealed.iter().enumerate() {
                        for b in revealed.iter().skip(i + 1) {
                            let mut pair = vec![*a, *b];
                            pair.sort();
                            let act = PalazzoAction::Pick(pair);
                            if !out.contains(&act) {
                                out.push(act);
                            }
                        }
                    }
                    out
                }
            }
            Phase::BuyOrAuction => {
                let mut out = vec![PalazzoAction::Auction];
                out.extend(self.buy_options(seat));
                out
            }
            Phase::Auction { auction, bids, .. } => {
                let mut out = vec![PalazzoAction::Pass];
                let high = bids.get(auction.leader()).map_or(0, |b| b.total);
                if let (Some(bid), Some(hand)) = (bids.get(seat), self.hands.get(seat)) {
                    let need = (high + 1).saturating_sub(bid.total).max(1);
                    for pay in money::payments(hand, need, bid.currency) {
                        if !pay.is_empty() {
                            out.push(PalazzoAction::Raise(pay));
                        }
                    }
                }
                out
            }
            Phase::Handout { lot, .. } => self.build_options(seat, lot),
            Phase::Building { pending, .. } => self.build_options(seat, pending),
        }
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<PalazzoAction, ParseError> {
        actions::parse(text)
    }

    fn public_view(&self) -> PalazzoPublic {
        views::public_view(self)
    }

    fn private_view(&self, seat: Seat) -> PalazzoPrivate {
        views::private_view(self, seat)
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let results = (0..self.players)
            .map(|seat| {
                let palaces = self.palaces.get(seat).map(|p| p.as_slice()).unwrap_or(&[]);
                let breakdown = palaces
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        ScoreLine::new(views::palace_label(i, p), scoring::palace_score(p))
                    })
                    .collect();
                let hand = self.hands.get(seat).map(|h| h.as_slice()).unwrap_or(&[]);
                PlayerResult {
                    seat,
                    total: scoring::player_score(palaces),
                    breakdown,
                    tiebreak: Some(ScoreLine::new(
                        "best single bid from hand",
                        i64::from(money::best_bid(hand)),
                    )),
                }
            })
            .collect();
        Some(Outcome::by_total_then_tiebreak(
            results,
            Some("The game ended when the 5th rider was drawn.".into()),
        ))
    }

    fn render_public(view: &PalazzoPublic, names: &[String]) -> String {
        views::render_public(view, names)
    }

    fn render_private(view: &PalazzoPrivate, names: &[String]) -> String {
        views::render_private(view, names)
    }

    fn rules_text() -> &'static str {
        include_str!("rules.md")
    }

    fn command_help() -> &'static [CommandHelp] {
        &[
            CommandHelp {
                syntax: "money",
                meaning: "take money: reveal players+1 cards; you pick 2, the others 1 each",
                example: "money",
            },
            CommandHelp {
                syntax: "pick <cards>",
                meaning: "take revealed money (2 cards if it is your turn, else 1)",
                example: "pick R5 G7",
            },
            CommandHelp {
                syntax: "draw",
                meaning: "draw two tiles (supply, then a quarry), then buy or auction",
                example: "draw",
            },
            CommandHelp {
                syntax: "buy <tile> [<tile>] pay <cards>",
                meaning: "buy 1 or 2 supply tiles, one payment of at least the price",
                example: "buy brick-2-1w sandstone-1-3w pay G7 G6 C2",
            },
            CommandHelp {
                syntax: "auction",
                meaning: "auction the next quarry holding tiles (you open with the certificate 3)",
                example: "auction",
            },
            CommandHelp {
                syntax: "raise <cards>",
                meaning: "add cards to your face-up bid so it beats the high bid",
                example: "raise R4 G4 B4",
            },
            CommandHelp {
                syntax: "pass",
                meaning: "leave the auction and take your bid cards back",
                example: "pass",
            },
            CommandHelp {
                syntax: "build <tile> on <palace> | build <tile> new",
                meaning: "build a tile you got on top of a palace, or as a new palace",
                example: "build marble-3-2w on B",
            },
            CommandHelp {
                syntax: "discard <tile>",
                meaning: "put a tile you got out of the game instead of building it",
                example: "discard marble-3-2w",
            },
            CommandHelp {
                syntax: "reconstruct lift <tile> pay <card>",
                meaning: "take a tile out of a palace to stand alone (costs one card)",
                example: "reconstruct lift brick-2-1w pay C2",
            },
            CommandHelp {
                syntax: "reconstruct insert <tile> into <palace> pay <card>",
                meaning: "put a single-tile palace into another palace where its floor fits",
                example: "reconstruct insert brick-2-1w into A pay R3",
            },
            CommandHelp {
                syntax: "reconstruct remove <tile> pay <card>",
                meaning: "put a single-tile palace out of the game",
                example: "reconstruct remove brick-1-1w pay R3",
            },
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::check_random_game;

    #[test]
    fn setup_is_complete() {
        let g = Palazzo::new(3, &PalazzoOptions::default(), 7).unwrap();
        assert_eq!(g.stacks[0].len(), 11);
        assert_eq!(g.stacks[1].len(), 16);
        assert_eq!(g.stacks[2].len(), 21);
        assert!(g.quarries.iter().all(|q| q.len() == 1));
        assert_eq!(g.supply.len(), 1);
        assert!(g.hands.iter().all(|h| h.len() == 4));
        assert_eq!(g.pile.len(), 55 - 12);
    }

    #[test]
    fn a_few_random_games() {
        for seed in 0..20 {
            for players in 2..=4 {
                check_random_game::<Palazzo>(
                    players,
                    &PalazzoOptions::default(),
                    seed,
                    20_000,
                    |_| Ok(()),
                )
                .unwrap();
            }
        }
    }
}
