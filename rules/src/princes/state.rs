//! The game state: players' principalities and cards, the phases and their bookkeeping.
//! Everything here is stored (snapshots are `serde_json` of [`Princes`]), so field names
//! and types are part of the stored format.

use super::board;
use super::data::*;
pub use super::determinize::DeckMemory;
use super::PrincesError;
use crate::engine::{GameRng, Seat};
use crate::seating::{OpenAuction, Responders};
use serde::{Deserialize, Serialize};

/// A face-up card in a display.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Face {
    Profession(u8),
    Recruit,
}

/// One player's principality, cards and money.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Secret.
    pub florins: i64,
    pub prestige: i64,
    /// 49 squares, row-major (see [`board`] for the codes).
    pub grid: Vec<u8>,
    /// Building ids owned, in build order.
    pub buildings: Vec<u8>,
    /// Landscape tiles owned: forest, lake, park.
    pub landscapes: [u8; 3],
    pub jesters: u8,
    pub builders: u8,
    /// Opinion, Religion, Travel introduced.
    pub freedoms: [bool; 3],
    /// Profession cards in hand (secret).
    pub hand: Vec<u8>,
    /// Recruiting cards in hand.
    pub recruits: u8,
    /// Face-up cards beside the principality.
    pub display: Vec<Face>,
    /// Bonus cards in hand (secret).
    pub bonus: Vec<u8>,
    /// Prestige cards held face down (secret).
    pub prestige_cards: Vec<u8>,
    /// Works completed in the game.
    pub works: u32,
    /// Highest work value this round (0: none yet).
    pub best_work: u32,
}

impl Player {
    /// A player at the start: florins, an empty principality but for the palazzo.
    pub(super) fn new() -> Self {
        Player {
            florins: START_FLORINS,
            prestige: 0,
            grid: board::new_grid(),
            buildings: Vec::new(),
            landscapes: [0; 3],
            jesters: 0,
            builders: 0,
            freedoms: [false; 3],
            hand: Vec::new(),
            recruits: 0,
            display: Vec::new(),
            bonus: Vec::new(),
            prestige_cards: Vec::new(),
            works: 0,
            best_work: 0,
        }
    }
}

/// Which deck a look is taken from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeckKind {
    Profession,
    Bonus,
    Prestige,
}

impl DeckKind {
    /// The deck's name in sentences (`the bonus deck`).
    pub fn name(self) -> &'static str {
        match self {
            DeckKind::Profession => "profession",
            DeckKind::Bonus => "bonus",
            DeckKind::Prestige => "prestige",
        }
    }
}

/// A step one player must finish before the game goes on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// Place the landscape just bought.
    Place { seat: Seat, landscape: u8 },
    /// Keep one of these cards (taken off the top of a deck); the rest go to the bottom.
    Look {
        seat: Seat,
        deck: DeckKind,
        cards: Vec<u8>,
    },
    /// Play the recruiting card just bought now (`recruit …`) or keep it (`later`).
    RecruitNow { seat: Seat },
}

impl Pending {
    /// Who must finish the step.
    pub fn seat(&self) -> Seat {
        match self {
            Pending::Place { seat, .. }
            | Pending::Look { seat, .. }
            | Pending::RecruitNow { seat } => *seat,
        }
    }
}

/// A running auction.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    pub stack: Stack,
    pub high: u32,
    pub bidding: OpenAuction,
}

/// Phase A bookkeeping.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseA {
    /// What each seat bought this round.
    pub bought: Vec<Option<Stack>>,
    /// Seats that declined (buy nothing this round).
    pub declined: Vec<bool>,
    /// Stacks that sold an item this round.
    pub sold: Vec<Stack>,
    /// Who opens the next auction.
    pub opener: Seat,
    pub live: Option<Auction>,
}

impl PhaseA {
    /// True once `s` bought or declined this round.
    pub fn done(&self, s: Seat) -> bool {
        self.bought.get(s).is_some_and(|b| b.is_some())
            || self.declined.get(s).copied().unwrap_or(true)
    }
}

/// What the player in turn has used this round.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Used {
    pub actions: u8,
    pub works: u8,
    pub builds: u8,
    pub profession: u8,
    pub freedom: u8,
    pub bonus: u8,
}

/// Phase B bookkeeping.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseB {
    pub order: Responders,
    pub used: Used,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Each player keeps 3 of 4 dealt professions (simultaneously, secretly).
    Setup {
        dealt: Vec<Vec<u8>>,
    },
    Auction(PhaseA),
    Actions(PhaseB),
    Over,
}

/// The whole game.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Princes {
    pub rng: GameRng,
    pub players: Vec<Player>,
    /// 1..=7.
    pub round: u8,
    pub start: Seat,
    pub phase: Phase,
    pub pending: Option<Pending>,
    pub bank: i64,
    /// Decks, top card first.
    pub profession_deck: Vec<u8>,
    pub bonus_deck: Vec<u8>,
    pub prestige_deck: Vec<u8>,
    /// Bonus cards played (out of the game).
    pub bonus_played: Vec<u8>,
    pub recruiting_supply: u8,
    pub landscape_supply: [u8; 3],
    pub jester_supply: u8,
    pub builder_supply: u8,
    pub building_supply: [u8; 10],
    pub freedom_supply: [u8; 3],
    /// Prestige before the cards were scored, and each card's points (end of game).
    pub final_cards: Vec<Vec<(u8, i64)>>,
    pub prestige_before_cards: Vec<i64>,
    /// What each seat knows of the cards under the decks (for determinization; see
    /// [`DeckMemory`]). Added after snapshots were stored: it must stay the last field
    /// (see [`crate::dynamic::default_if_absent`]).
    #[serde(default, deserialize_with = "crate::dynamic::default_if_absent")]
    pub memory: Vec<DeckMemory>,
}

/// Options: none yet.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrincesOptions {}

/// A refusal or a value.
pub(super) type Res<T> = Result<T, PrincesError>;

impl Princes {
    /// The round's minimum work value.
    pub fn min_work(&self) -> u32 {
        MIN_WORK
            .get(usize::from(self.round.saturating_sub(1)))
            .copied()
            .unwrap_or(0)
    }

    /// The seat's player (an unknown seat is never awaited).
    pub(super) fn player(&self, seat: Seat) -> Res<&Player> {
        self.players.get(seat).ok_or(PrincesError::NotYourTurn)
    }

    /// Moves `amount` florins from `seat` to the bank (negative: from the bank). Callers
    /// have checked the payer can afford it, so this cannot fail.
    pub(super) fn pay_bank(&mut self, seat: Seat, amount: i64) {
        if let Some(p) = self.players.get_mut(seat) {
            p.florins -= amount;
            self.bank += amount;
        }
    }

    /// True when the game waits for `seat` (as [`crate::engine::Game::awaiting`], without
    /// allocating).
    pub(super) fn awaits(&self, seat: Seat) -> bool {
        if let Some(p) = &self.pending {
            return p.seat() == seat;
        }
        match &self.phase {
            Phase::Setup { dealt } => dealt.get(seat).is_some_and(|d| !d.is_empty()),
            Phase::Auction(a) => match &a.live {
                Some(l) => l.bidding.current() == Some(seat),
                None => a.opener == seat,
            },
            Phase::Actions(b) => b.order.current() == Some(seat),
            Phase::Over => false,
        }
    }

    /// Items left in a stack.
    pub fn stack_supply(&self, stack: Stack) -> usize {
        match stack {
            Stack::Forest | Stack::Lake | Stack::Park => stack
                .landscape()
                .and_then(|l| self.landscape_supply.get(usize::from(l)))
                .map_or(0, |n| usize::from(*n)),
            Stack::Jester => usize::from(self.jester_supply),
            Stack::Builder => usize::from(self.builder_supply),
            Stack::Prestige => self.prestige_deck.len(),
            Stack::Recruiting => usize::from(self.recruiting_supply),
        }
    }

    /// Face-up professions in displays other than `seat`'s, sorted.
    pub fn recruit_targets(&self, seat: Seat) -> Vec<u8> {
        let mut out: Vec<u8> = self
            .players
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != seat)
            .flat_map(|(_, p)| p.display.iter())
            .filter_map(|f| match f {
                Face::Profession(x) => Some(*x),
                Face::Recruit => None,
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// True when `seat` holds a recruiting card and some other display shows a profession.
    pub(super) fn can_recruit(&self, seat: Seat) -> bool {
        self.players.get(seat).is_some_and(|p| p.recruits > 0)
            && self.players.iter().enumerate().any(|(i, p)| {
                i != seat && p.display.iter().any(|f| matches!(f, Face::Profession(_)))
            })
    }

    /// The deck a look is taken from.
    pub(super) fn deck_mut(&mut self, deck: DeckKind) -> &mut Vec<u8> {
        match deck {
            DeckKind::Profession => &mut self.profession_deck,
            DeckKind::Bonus => &mut self.bonus_deck,
            DeckKind::Prestige => &mut self.prestige_deck,
        }
    }
}
