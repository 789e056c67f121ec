//! The Princes of Florence (3–5 players, 7 rounds): auctions for landscapes, jesters,
//! builders, prestige and recruiting cards, then two actions each — works, buildings,
//! professions, freedoms, bonus cards — on a 7×7 principality.
//!
//! Spec: `shared/rules/princes-of-florence.md`; decisions in `rules.md` beside this file.

pub mod actions;
pub mod board;
pub mod data;
pub mod scoring;
mod views;

pub use actions::{CardRef, PrincesAction};
pub use views::{HandCard, PrincesPrivate, PrincesPublic, PublicPlayer};

use crate::engine::{
    rng_from_seed, Audience, CommandHelp, Game, GameEvent, GameRng, Outcome, ParseError,
    PlayerResult, ScoreLine, Seat, SetupError,
};
use crate::seating::{next_seat, others_after, seats_from, OpenAuction, Responders};
use actions::KeepContext;
use board::{Piece, PlaceProblem, Square};
use data::*;
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};

crate::register_game!(Princes, PRINCES);

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
    fn new() -> Self {
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
    fn done(&self, s: Seat) -> bool {
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
}

/// Options: none yet.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrincesOptions {}

/// A refused action: the sentence the player reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrincesError {
    #[error("The game is over.")]
    GameOver,
    #[error("It is not your turn: the game is waiting for someone else.")]
    NotYourTurn,
    #[error("{0}")]
    NotNow(String),
    #[error("The {0} stack has already sold an item this round (one item per stack per round).")]
    StackSold(&'static str),
    #[error("No {0} is left in the supply.")]
    SupplyOut(String),
    #[error("There is no room in your principality for a {0}, so you may not buy one.")]
    NoRoom(&'static str),
    #[error("You already have 3 builders, the most a principality may have.")]
    MaxBuilders,
    #[error("You need {need} florins but have only {have}.")]
    CannotAfford { need: i64, have: i64 },
    #[error("Raises are exactly 100 florins: the high bid is {high}, so bid {need}.")]
    BadRaise { high: u32, need: u32 },
    #[error("The {piece} would stick out of your principality: every square must be inside the 7×7 grid.")]
    Outside { piece: &'static str },
    #[error("The {piece} would overlap the palazzo, a building or a landscape.")]
    Overlap { piece: &'static str },
    #[error("The {piece} would touch the palazzo along an edge; buildings may only touch at corners until you have 2 builders.")]
    TouchesPalazzo { piece: &'static str },
    #[error("The {piece} would touch another building along an edge; buildings may only touch at corners until you have 2 builders.")]
    TouchesBuilding { piece: &'static str },
    #[error("You already own the {0}: a principality may have only one building of each type.")]
    AlreadyOwned(&'static str),
    #[error("You bought a {0}: place the {0}.")]
    WrongLandscape(&'static str),
    #[error("You have taken both actions this turn; recruit if you like, then type `done`.")]
    NoActionsLeft,
    #[error("{0}")]
    Limit(&'static str),
    #[error("The {0} is not in your hand.")]
    NotInHand(&'static str),
    #[error("Bonus card B{0:02} is not in your hand.")]
    BonusNotInHand(u8),
    #[error("Bonus card B{0:02} is named twice.")]
    BonusTwice(u8),
    #[error("This work is worth {value}, below round {round}'s minimum of {min}, so it cannot be played.")]
    BelowMinimum { value: u32, round: u8, min: u32 },
    #[error("A payout of {payout} florins buys at most {max} prestige (200 florins each), and only from that payout.")]
    TooMuchPrestige { payout: i64, max: u32 },
    #[error("The {0} deck is empty.")]
    DeckEmpty(&'static str),
    #[error("You already introduced freedom of {0}; each freedom only once per principality.")]
    FreedomOwned(&'static str),
    #[error("You have no recruiting card in hand.")]
    NoRecruitCard,
    #[error("The {0} is not face up in another player's display, so it cannot be recruited.")]
    NotRecruitable(&'static str),
    #[error("Keep one of the cards you are looking at: {0}.")]
    NotLookedAt(String),
    #[error("Keep exactly three different professions of the four you were dealt ({0}).")]
    BadKeep(String),
    #[error("You have only {0} prestige to sell.")]
    NotEnoughPrestige(i64),
    #[error("Sell at least 1 prestige point.")]
    SellZero,
}

/// A narrated fact. `{S0}`…`{S4}` in the text become player names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrincesEvent {
    pub to: Audience,
    pub text: String,
}

impl PrincesEvent {
    fn all(text: impl Into<String>) -> Self {
        PrincesEvent {
            to: Audience::Everyone,
            text: text.into(),
        }
    }
    fn to(seat: Seat, text: impl Into<String>) -> Self {
        PrincesEvent {
            to: Audience::Seat(seat),
            text: text.into(),
        }
    }
}

/// Replaces `{S0}`… with names.
pub fn fill_names(text: &str, names: &[String]) -> String {
    let mut out = text.to_string();
    for i in 0..5 {
        let key = format!("{{S{i}}}");
        if out.contains(&key) {
            let name = names
                .get(i)
                .cloned()
                .unwrap_or_else(|| format!("seat {}", i + 1));
            out = out.replace(&key, &name);
        }
    }
    out
}

impl GameEvent for PrincesEvent {
    fn audience(&self) -> Audience {
        self.to
    }
    fn narrate(&self, names: &[String]) -> String {
        fill_names(&self.text, names)
    }
}

fn s(seat: Seat) -> String {
    format!("{{S{seat}}}")
}

fn prof_name(p: u8) -> &'static str {
    profession(p).map_or("?", |x| x.name)
}

fn building_name(b: u8) -> &'static str {
    BUILDINGS.get(usize::from(b)).map_or("?", |x| x.name)
}

fn freedom_name(f: u8) -> &'static str {
    FREEDOMS.get(usize::from(f)).copied().unwrap_or("?")
}

fn card_label(deck: DeckKind, c: u8) -> String {
    match deck {
        DeckKind::Profession => {
            let p = profession(c);
            p.map_or("?".into(), |p| {
                format!(
                    "{} (#{}: {}, {}, {})",
                    p.name,
                    p.num,
                    building_name(p.building),
                    LANDSCAPES
                        .get(usize::from(p.landscape))
                        .map_or("?", |l| l.name),
                    freedom_name(p.freedom)
                )
            })
        }
        DeckKind::Bonus => bonus_card(c).map_or("?".into(), |b| format!("B{:02} {}", b.id, b.text)),
        DeckKind::Prestige => {
            prestige_card(c).map_or("?".into(), |p| format!("P{:02} {}", p.id, p.text))
        }
    }
}

type Res<T> = Result<T, PrincesError>;

impl Princes {
    /// The round's minimum work value.
    pub fn min_work(&self) -> u32 {
        MIN_WORK
            .get(usize::from(self.round.saturating_sub(1)))
            .copied()
            .unwrap_or(0)
    }

    fn player(&self, seat: Seat) -> Res<&Player> {
        self.players.get(seat).ok_or(PrincesError::NotYourTurn)
    }

    fn player_mut(&mut self, seat: Seat) -> Res<&mut Player> {
        self.players.get_mut(seat).ok_or(PrincesError::NotYourTurn)
    }

    fn pay(&mut self, seat: Seat, amount: i64) -> Res<()> {
        let p = self.player_mut(seat)?;
        if p.florins < amount {
            return Err(PrincesError::CannotAfford {
                need: amount,
                have: p.florins,
            });
        }
        p.florins -= amount;
        self.bank += amount;
        Ok(())
    }

    fn receive(&mut self, seat: Seat, amount: i64) -> Res<()> {
        self.player_mut(seat)?.florins += amount;
        self.bank -= amount;
        Ok(())
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

    /// Why `seat` may not take an item of `stack` (decision: landscapes only if placeable,
    /// builders only below 3).
    fn ineligible(&self, seat: Seat, stack: Stack) -> Option<PrincesError> {
        let p = self.players.get(seat)?;
        if let Some(l) = stack.landscape() {
            if !board::fits_somewhere(&p.grid, Piece::Landscape(l), true) {
                return Some(PrincesError::NoRoom(stack.slug()));
            }
        }
        if stack == Stack::Builder && p.builders >= MAX_BUILDERS {
            return Some(PrincesError::MaxBuilders);
        }
        None
    }

    /// Face-up professions in displays other than `seat`'s.
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

    fn can_recruit(&self, seat: Seat) -> bool {
        self.players.get(seat).is_some_and(|p| p.recruits > 0)
            && !self.recruit_targets(seat).is_empty()
    }

    fn keep_context(&self, seat: Seat) -> KeepContext {
        match (&self.pending, &self.phase) {
            (Some(Pending::Look { seat: s, deck, .. }), _) if *s == seat => match deck {
                DeckKind::Profession => KeepContext::Profession,
                DeckKind::Bonus => KeepContext::Bonus,
                DeckKind::Prestige => KeepContext::Prestige,
            },
            (None, Phase::Setup { .. }) => KeepContext::Setup,
            _ => KeepContext::None,
        }
    }

    /// A sentence saying what the game waits for from `seat`.
    fn expected(&self) -> String {
        if let Some(p) = &self.pending {
            return match p {
                Pending::Place { landscape, .. } => format!(
                    "first place your {} (e.g. `place {} at B2`).",
                    Piece::Landscape(*landscape).slug(),
                    Piece::Landscape(*landscape).slug()
                ),
                Pending::Look { deck, .. } => {
                    format!("first keep one of the {} cards you are looking at (`keep …`).", deck.name())
                }
                Pending::RecruitNow { .. } => {
                    "first `recruit <profession>` with your new recruiting card or keep it for `later`."
                        .into()
                }
            };
        }
        match &self.phase {
            Phase::Setup { .. } => {
                "choose the three professions you keep (`keep poet jurist organist`).".into()
            }
            Phase::Auction(a) if a.live.is_some() => {
                "the auction is running: `bid` or `pass`.".into()
            }
            Phase::Auction(_) => "open an auction (`open jester`) or `decline`.".into(),
            Phase::Actions(_) => {
                "it is your Phase B turn: work, build, draw, freedom, recruit or `done`.".into()
            }
            Phase::Over => "the game is over.".into(),
        }
    }

    fn not_now(&self) -> PrincesError {
        PrincesError::NotNow(format!("That is not possible now; {}", self.expected()))
    }

    // ----- the step function (works on a clone; see `apply`) -----

    fn step(&mut self, seat: Seat, action: &PrincesAction) -> Res<Vec<PrincesEvent>> {
        use PrincesAction as A;
        if self.phase == Phase::Over {
            return Err(PrincesError::GameOver);
        }
        if !self.awaiting().contains(&seat) {
            return Err(PrincesError::NotYourTurn);
        }
        let mut ev = Vec::new();
        if let A::Sell(n) = action {
            self.sell(seat, *n, &mut ev)?;
            return Ok(ev);
        }
        if let Some(pending) = self.pending.clone() {
            match (pending, action) {
                (
                    Pending::Place { landscape, .. },
                    A::Place {
                        landscape: l,
                        at,
                        rot,
                        flip,
                    },
                ) => self.place_landscape(seat, landscape, *l, *at, *rot, *flip, &mut ev)?,
                (Pending::Look { deck, cards, .. }, A::Keep(c)) => {
                    self.keep(seat, deck, &cards, *c, &mut ev)?
                }
                (Pending::RecruitNow { .. }, A::Recruit(p)) => {
                    self.recruit(seat, *p, &mut ev)?;
                    if !self.can_recruit(seat) {
                        self.pending = None;
                    }
                }
                (Pending::RecruitNow { .. }, A::Later) => {
                    self.pending = None;
                    ev.push(PrincesEvent::all(format!(
                        "{} keeps the recruiting card for later.",
                        s(seat)
                    )));
                }
                _ => return Err(self.not_now()),
            }
        } else {
            match (&self.phase, action) {
                (Phase::Setup { .. }, A::KeepThree(ps)) => self.keep_three(seat, ps, &mut ev)?,
                (Phase::Auction(_), A::Open(st)) => self.open(seat, *st, &mut ev)?,
                (Phase::Auction(_), A::Bid(n)) => self.bid(seat, *n, &mut ev)?,
                (Phase::Auction(_), A::Pass) => self.pass(seat, &mut ev)?,
                (Phase::Auction(_), A::Decline) => self.decline(seat, &mut ev)?,
                (
                    Phase::Actions(_),
                    A::Work {
                        profession,
                        bonus,
                        prestige,
                    },
                ) => self.work(seat, *profession, bonus, *prestige, &mut ev)?,
                (
                    Phase::Actions(_),
                    A::Build {
                        building,
                        at,
                        rot,
                        flip,
                    },
                ) => self.build(seat, *building, *at, *rot, *flip, &mut ev)?,
                (Phase::Actions(_), A::DrawProfession) => {
                    self.draw(seat, DeckKind::Profession, &mut ev)?
                }
                (Phase::Actions(_), A::DrawBonus) => self.draw(seat, DeckKind::Bonus, &mut ev)?,
                (Phase::Actions(_), A::Freedom(f)) => self.freedom(seat, *f, &mut ev)?,
                (Phase::Actions(_), A::Recruit(p)) => self.recruit(seat, *p, &mut ev)?,
                (Phase::Actions(_), A::Done) => {
                    ev.push(PrincesEvent::all(format!("{} ends their turn.", s(seat))));
                    self.end_turn();
                }
                _ => return Err(self.not_now()),
            }
        }
        self.settle(&mut ev);
        Ok(ev)
    }

    fn sell(&mut self, seat: Seat, n: u32, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        if n == 0 {
            return Err(PrincesError::SellZero);
        }
        let have = self.player(seat)?.prestige;
        if i64::from(n) > have {
            return Err(PrincesError::NotEnoughPrestige(have));
        }
        self.player_mut(seat)?.prestige -= i64::from(n);
        self.receive(seat, i64::from(n) * SELL_PRICE)?;
        ev.push(PrincesEvent::all(format!(
            "{} moves back {n} on the prestige track for {} florins.",
            s(seat),
            i64::from(n) * SELL_PRICE
        )));
        Ok(())
    }

    fn keep_three(&mut self, seat: Seat, ps: &[u8], ev: &mut Vec<PrincesEvent>) -> Res<()> {
        let Phase::Setup { dealt } = &self.phase else {
            return Err(self.not_now());
        };
        let mine = dealt.get(seat).cloned().unwrap_or_default();
        let listing = mine
            .iter()
            .map(|p| prof_name(*p))
            .collect::<Vec<_>>()
            .join(", ");
        let mut distinct = ps.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        if ps.len() != KEPT || distinct.len() != KEPT || !ps.iter().all(|p| mine.contains(p)) {
            return Err(PrincesError::BadKeep(listing));
        }
        let returned: Vec<u8> = mine.iter().copied().filter(|p| !ps.contains(p)).collect();
        self.profession_deck.extend(returned.iter().copied());
        self.player_mut(seat)?.hand = ps.to_vec();
        if let Phase::Setup { dealt } = &mut self.phase {
            if let Some(d) = dealt.get_mut(seat) {
                d.clear();
            }
        }
        ev.push(PrincesEvent::all(format!(
            "{} has chosen their professions.",
            s(seat)
        )));
        ev.push(PrincesEvent::to(
            seat,
            format!(
                "You keep {} and return {}.",
                ps.iter()
                    .map(|p| prof_name(*p))
                    .collect::<Vec<_>>()
                    .join(", "),
                returned
                    .iter()
                    .map(|p| prof_name(*p))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
        Ok(())
    }

    fn auction(&self) -> Res<&PhaseA> {
        match &self.phase {
            Phase::Auction(a) => Ok(a),
            _ => Err(self.not_now()),
        }
    }

    fn auction_mut(&mut self) -> Res<&mut PhaseA> {
        match &mut self.phase {
            Phase::Auction(a) => Ok(a),
            _ => Err(PrincesError::NotNow("There is no auction now.".into())),
        }
    }

    fn open(&mut self, seat: Seat, stack: Stack, ev: &mut Vec<PrincesEvent>) -> Res<()> {
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
        let players = self.players.len();
        let order: Vec<Seat> = seats_from(seat, players)
            .into_iter()
            .filter(|&x| x == seat || (!a.done(x) && self.ineligible(x, stack).is_none()))
            .collect();
        let alone = order.len() == 1;
        let bidding = OpenAuction::open(order);
        if !alone {
            ev.push(PrincesEvent::all(format!(
                "{} opens the {} auction at {OPENING_BID}.",
                s(seat),
                stack.noun()
            )));
        }
        self.auction_mut()?.live = Some(Auction {
            stack,
            high: OPENING_BID,
            bidding,
        });
        self.maybe_resolve(ev)
    }

    fn bid(&mut self, seat: Seat, n: u32, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        let a = self.auction()?;
        let Some(live) = &a.live else {
            return Err(PrincesError::NotNow(
                "There is no auction running; open one with e.g. `open jester`.".into(),
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
        if let Some(live) = &mut self.auction_mut()?.live {
            live.high = n;
            live.bidding.raise();
        }
        ev.push(PrincesEvent::all(format!(
            "{} bids {n} for the {}.",
            s(seat),
            stack.noun()
        )));
        self.maybe_resolve(ev)
    }

    fn pass(&mut self, seat: Seat, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        let a = self.auction()?;
        if a.live.is_none() {
            return Err(PrincesError::NotNow(
                "No auction is running. To buy nothing this round, `decline`.".into(),
            ));
        }
        if let Some(live) = &mut self.auction_mut()?.live {
            live.bidding.pass();
        }
        ev.push(PrincesEvent::all(format!("{} passes.", s(seat))));
        self.maybe_resolve(ev)
    }

    fn decline(&mut self, seat: Seat, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        let players = self.players.len();
        let a = self.auction_mut()?;
        if a.live.is_some() {
            return Err(PrincesError::NotNow(
                "An auction is running: `bid` or `pass`.".into(),
            ));
        }
        if let Some(d) = a.declined.get_mut(seat) {
            *d = true;
        }
        a.opener = next_open(a, seat, players);
        ev.push(PrincesEvent::all(format!(
            "{} declines and buys nothing this round.",
            s(seat)
        )));
        Ok(())
    }

    /// Settles a decided auction: payment, item, next opener.
    fn maybe_resolve(&mut self, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        let players = self.players.len();
        let a = self.auction_mut()?;
        let Some(live) = &a.live else { return Ok(()) };
        let Some(w) = live.bidding.winner() else {
            return Ok(());
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
        self.pay(w, i64::from(price))?;
        ev.push(PrincesEvent::all(format!(
            "{} buys the {} for {price}.",
            s(w),
            stack.noun()
        )));
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
                self.player_mut(w)?.jesters += 1;
            }
            Stack::Builder => {
                self.builder_supply = self.builder_supply.saturating_sub(1);
                let p = self.player_mut(w)?;
                p.builders += 1;
                let n = p.builders;
                if n >= 2 {
                    p.prestige += BUILDER_PRESTIGE;
                }
                ev.push(PrincesEvent::all(match n {
                    1 => format!("{}'s buildings now cost 300.", s(w)),
                    2 => format!(
                        "{} may now build buildings touching each other (+3 prestige).",
                        s(w)
                    ),
                    _ => format!("{} now builds for free (+3 prestige).", s(w)),
                }));
            }
            Stack::Prestige => self.start_look(w, DeckKind::Prestige, ev),
            Stack::Recruiting => {
                self.recruiting_supply = self.recruiting_supply.saturating_sub(1);
                self.player_mut(w)?.recruits += 1;
                if self.can_recruit(w) {
                    self.pending = Some(Pending::RecruitNow { seat: w });
                }
            }
        }
        Ok(())
    }

    fn deck_mut(&mut self, deck: DeckKind) -> &mut Vec<u8> {
        match deck {
            DeckKind::Profession => &mut self.profession_deck,
            DeckKind::Bonus => &mut self.bonus_deck,
            DeckKind::Prestige => &mut self.prestige_deck,
        }
    }

    fn start_look(&mut self, seat: Seat, deck: DeckKind, ev: &mut Vec<PrincesEvent>) {
        let d = self.deck_mut(deck);
        let n = d.len().min(LOOK);
        let cards: Vec<u8> = d.drain(..n).collect();
        ev.push(PrincesEvent::all(format!(
            "{} looks at the top {n} {} cards.",
            s(seat),
            deck.name()
        )));
        ev.push(PrincesEvent::to(
            seat,
            format!(
                "You look at: {}. Keep one with `keep …`.",
                cards
                    .iter()
                    .map(|c| card_label(deck, *c))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        ));
        self.pending = Some(Pending::Look { seat, deck, cards });
    }

    fn keep(
        &mut self,
        seat: Seat,
        deck: DeckKind,
        cards: &[u8],
        c: CardRef,
        ev: &mut Vec<PrincesEvent>,
    ) -> Res<()> {
        let id = match (deck, c) {
            (DeckKind::Profession, CardRef::Profession(x))
            | (DeckKind::Bonus, CardRef::Bonus(x))
            | (DeckKind::Prestige, CardRef::Prestige(x)) => x,
            _ => 0,
        };
        if !cards.contains(&id) {
            let listing = cards
                .iter()
                .map(|c| match deck {
                    DeckKind::Profession => actions::prof_slug(*c).to_string(),
                    DeckKind::Bonus => format!("B{c:02}"),
                    DeckKind::Prestige => format!("P{c:02}"),
                })
                .collect::<Vec<_>>()
                .join(", ");
            return Err(PrincesError::NotLookedAt(listing));
        }
        let rest: Vec<u8> = cards.iter().copied().filter(|x| *x != id).collect();
        let back = rest.len();
        self.deck_mut(deck).extend(rest);
        let p = self.player_mut(seat)?;
        match deck {
            DeckKind::Profession => p.hand.push(id),
            DeckKind::Bonus => p.bonus.push(id),
            DeckKind::Prestige => p.prestige_cards.push(id),
        }
        self.pending = None;
        ev.push(PrincesEvent::all(format!(
            "{} keeps one {} card; {back} go to the bottom of the deck.",
            s(seat),
            deck.name()
        )));
        ev.push(PrincesEvent::to(
            seat,
            format!("You keep {}.", card_label(deck, id)),
        ));
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn place_landscape(
        &mut self,
        seat: Seat,
        want: u8,
        got: u8,
        at: Square,
        rot: u16,
        flip: bool,
        ev: &mut Vec<PrincesEvent>,
    ) -> Res<()> {
        let piece = Piece::Landscape(want);
        if want != got {
            return Err(PrincesError::WrongLandscape(piece.slug()));
        }
        let cells = board::check(&self.player(seat)?.grid, piece, at, rot, flip, true)
            .map_err(|e| place_error(e, piece.slug()))?;
        let p = self.player_mut(seat)?;
        for i in cells {
            if let Some(c) = p.grid.get_mut(i) {
                *c = piece.code();
            }
        }
        let repeat = p.landscapes.get(usize::from(want)).copied().unwrap_or(0) > 0;
        if let Some(n) = p.landscapes.get_mut(usize::from(want)) {
            *n += 1;
        }
        if repeat {
            p.prestige += REPEAT_LANDSCAPE_PRESTIGE;
        }
        self.pending = None;
        let text = PrincesAction::Place {
            landscape: want,
            at,
            rot,
            flip,
        }
        .to_string();
        ev.push(PrincesEvent::all(format!(
            "{}: {text}{}.",
            s(seat),
            if repeat {
                " (+3 prestige: another of that type)"
            } else {
                ""
            }
        )));
        Ok(())
    }

    fn phase_b(&self) -> Res<&PhaseB> {
        match &self.phase {
            Phase::Actions(b) => Ok(b),
            _ => Err(self.not_now()),
        }
    }

    fn use_action(&mut self, f: impl FnOnce(&mut Used)) {
        if let Phase::Actions(b) = &mut self.phase {
            b.used.actions += 1;
            f(&mut b.used);
        }
    }

    fn check_action(&self, limit: impl FnOnce(&Used) -> Option<&'static str>) -> Res<()> {
        let b = self.phase_b()?;
        if b.used.actions >= 2 {
            return Err(PrincesError::NoActionsLeft);
        }
        if let Some(msg) = limit(&b.used) {
            return Err(PrincesError::Limit(msg));
        }
        Ok(())
    }

    /// The value of a work, validated (for `apply` and `legal_actions`).
    fn validate_work(&self, seat: Seat, prof: u8, bonus: &[u8], prestige: u32) -> Res<u32> {
        self.check_action(|u| {
            (u.works >= 2).then_some("You may complete at most 2 works per round.")
        })?;
        let p = self.player(seat)?;
        if !p.hand.contains(&prof) {
            return Err(PrincesError::NotInHand(prof_name(prof)));
        }
        for (i, b) in bonus.iter().enumerate() {
            if bonus[..i].contains(b) {
                return Err(PrincesError::BonusTwice(*b));
            }
            if !p.bonus.contains(b) {
                return Err(PrincesError::BonusNotInHand(*b));
            }
        }
        let value = scoring::work_value(p, prof, bonus);
        let min = self.min_work();
        if value < min {
            return Err(PrincesError::BelowMinimum {
                value,
                round: self.round,
                min,
            });
        }
        let payout = i64::from(value) * FLORINS_PER_POINT;
        let max = u32::try_from(payout / FLORINS_PER_PRESTIGE).unwrap_or(0);
        if prestige > max {
            return Err(PrincesError::TooMuchPrestige { payout, max });
        }
        Ok(value)
    }

    fn work(
        &mut self,
        seat: Seat,
        prof: u8,
        bonus: &[u8],
        prestige: u32,
        ev: &mut Vec<PrincesEvent>,
    ) -> Res<()> {
        let value = self.validate_work(seat, prof, bonus, prestige)?;
        let payout = i64::from(value) * FLORINS_PER_POINT;
        let returned = i64::from(prestige) * FLORINS_PER_PRESTIGE;
        let p = self.player_mut(seat)?;
        p.hand.retain(|x| *x != prof);
        p.display.push(Face::Profession(prof));
        p.bonus.retain(|b| !bonus.contains(b));
        p.prestige += i64::from(prestige);
        p.works += 1;
        p.best_work = p.best_work.max(value);
        self.bonus_played.extend(bonus.iter().copied());
        self.receive(seat, payout - returned)?;
        self.use_action(|u| u.works += 1);
        let mut text = format!("{} completes a work with the {}", s(seat), prof_name(prof));
        if !bonus.is_empty() {
            let list: Vec<String> = bonus.iter().map(|b| format!("B{b:02}")).collect();
            text.push_str(&format!(" (bonus {})", list.join(", ")));
        }
        text.push_str(&format!(": value {value} → {payout} florins"));
        if prestige > 0 {
            text.push_str(&format!("; returns {returned} for {prestige} prestige"));
        }
        text.push('.');
        ev.push(PrincesEvent::all(text));
        Ok(())
    }

    fn validate_build(
        &self,
        seat: Seat,
        b: u8,
        at: Square,
        rot: u16,
        flip: bool,
    ) -> Res<(Vec<usize>, i64)> {
        self.check_action(|u| {
            (u.builds >= 2).then_some("You may build at most 2 buildings per round.")
        })?;
        let info = BUILDINGS
            .get(usize::from(b))
            .ok_or_else(|| PrincesError::SupplyOut("such building".into()))?;
        let p = self.player(seat)?;
        if p.buildings.contains(&b) {
            return Err(PrincesError::AlreadyOwned(info.name));
        }
        if self
            .building_supply
            .get(usize::from(b))
            .copied()
            .unwrap_or(0)
            == 0
        {
            return Err(PrincesError::SupplyOut(info.name.to_string()));
        }
        let cost = BUILD_COST
            .get(usize::from(p.builders))
            .copied()
            .unwrap_or(0);
        let piece = Piece::Building(b);
        let cells = board::check(&p.grid, piece, at, rot, flip, p.builders >= 2)
            .map_err(|e| place_error(e, info.slug))?;
        if p.florins < cost {
            return Err(PrincesError::CannotAfford {
                need: cost,
                have: p.florins,
            });
        }
        Ok((cells, cost))
    }

    fn build(
        &mut self,
        seat: Seat,
        b: u8,
        at: Square,
        rot: u16,
        flip: bool,
        ev: &mut Vec<PrincesEvent>,
    ) -> Res<()> {
        let (cells, cost) = self.validate_build(seat, b, at, rot, flip)?;
        self.pay(seat, cost)?;
        let p = self.player_mut(seat)?;
        for i in cells {
            if let Some(c) = p.grid.get_mut(i) {
                *c = Piece::Building(b).code();
            }
        }
        p.buildings.push(b);
        p.prestige += BUILD_PRESTIGE;
        if let Some(n) = self.building_supply.get_mut(usize::from(b)) {
            *n = n.saturating_sub(1);
        }
        self.use_action(|u| u.builds += 1);
        let text = PrincesAction::Build {
            building: b,
            at,
            rot,
            flip,
        }
        .to_string();
        ev.push(PrincesEvent::all(format!(
            "{}: {text} for {cost} florins (+3 prestige).",
            s(seat)
        )));
        Ok(())
    }

    fn validate_draw(&self, seat: Seat, deck: DeckKind) -> Res<()> {
        match deck {
            DeckKind::Profession => self.check_action(|u| {
                (u.profession >= 1).then_some("You may take a profession card only once per round.")
            })?,
            _ => self.check_action(|u| {
                (u.bonus >= 2).then_some("You may draw a bonus card at most twice per round.")
            })?,
        }
        let empty = match deck {
            DeckKind::Profession => self.profession_deck.is_empty(),
            DeckKind::Bonus => self.bonus_deck.is_empty(),
            DeckKind::Prestige => self.prestige_deck.is_empty(),
        };
        if empty {
            return Err(PrincesError::DeckEmpty(deck.name()));
        }
        let have = self.player(seat)?.florins;
        if have < DRAW_COST {
            return Err(PrincesError::CannotAfford {
                need: DRAW_COST,
                have,
            });
        }
        Ok(())
    }

    fn draw(&mut self, seat: Seat, deck: DeckKind, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        self.validate_draw(seat, deck)?;
        self.pay(seat, DRAW_COST)?;
        self.use_action(|u| match deck {
            DeckKind::Profession => u.profession += 1,
            _ => u.bonus += 1,
        });
        ev.push(PrincesEvent::all(format!(
            "{} pays {DRAW_COST} to draw a {} card.",
            s(seat),
            deck.name()
        )));
        self.start_look(seat, deck, ev);
        Ok(())
    }

    fn validate_freedom(&self, seat: Seat, f: u8) -> Res<()> {
        self.check_action(|u| {
            (u.freedom >= 1).then_some("You may introduce only one freedom per round.")
        })?;
        let name = freedom_name(f);
        let p = self.player(seat)?;
        if p.freedoms.get(usize::from(f)).copied().unwrap_or(true) {
            return Err(PrincesError::FreedomOwned(name));
        }
        if self
            .freedom_supply
            .get(usize::from(f))
            .copied()
            .unwrap_or(0)
            == 0
        {
            return Err(PrincesError::SupplyOut(format!("freedom of {name}")));
        }
        if p.florins < FREEDOM_COST {
            return Err(PrincesError::CannotAfford {
                need: FREEDOM_COST,
                have: p.florins,
            });
        }
        Ok(())
    }

    fn freedom(&mut self, seat: Seat, f: u8, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        self.validate_freedom(seat, f)?;
        self.pay(seat, FREEDOM_COST)?;
        if let Some(x) = self.player_mut(seat)?.freedoms.get_mut(usize::from(f)) {
            *x = true;
        }
        if let Some(n) = self.freedom_supply.get_mut(usize::from(f)) {
            *n = n.saturating_sub(1);
        }
        self.use_action(|u| u.freedom += 1);
        ev.push(PrincesEvent::all(format!(
            "{} introduces freedom of {} for {FREEDOM_COST}.",
            s(seat),
            freedom_name(f)
        )));
        Ok(())
    }

    fn recruit(&mut self, seat: Seat, prof: u8, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        if self.player(seat)?.recruits == 0 {
            return Err(PrincesError::NoRecruitCard);
        }
        let from = self
            .players
            .iter()
            .enumerate()
            .find(|(i, p)| *i != seat && p.display.contains(&Face::Profession(prof)))
            .map(|(i, _)| i)
            .ok_or(PrincesError::NotRecruitable(prof_name(prof)))?;
        let victim = self.player_mut(from)?;
        if let Some(slot) = victim
            .display
            .iter_mut()
            .find(|f| **f == Face::Profession(prof))
        {
            *slot = Face::Recruit;
        }
        let me = self.player_mut(seat)?;
        me.recruits -= 1;
        me.hand.push(prof);
        ev.push(PrincesEvent::all(format!(
            "{} recruits the {} from {}'s display with a recruiting card.",
            s(seat),
            prof_name(prof),
            s(from)
        )));
        Ok(())
    }

    fn end_turn(&mut self) {
        if let Phase::Actions(b) = &mut self.phase {
            b.order.advance();
            b.used = Used::default();
        }
    }

    /// Moves the game on after a step until someone must act.
    fn settle(&mut self, ev: &mut Vec<PrincesEvent>) {
        loop {
            if self.pending.is_some() {
                return;
            }
            match &self.phase {
                Phase::Setup { dealt } => {
                    if dealt.iter().any(|d| !d.is_empty()) {
                        return;
                    }
                    let mut deck = std::mem::take(&mut self.profession_deck);
                    deck.shuffle(&mut self.rng);
                    self.profession_deck = deck;
                    self.start_round(ev);
                }
                Phase::Auction(a) => {
                    let n = self.players.len();
                    if a.live.is_some() || (0..n).any(|x| !a.done(x)) {
                        return;
                    }
                    ev.push(PrincesEvent::all(format!(
                        "Phase B: actions, starting with {}.",
                        s(self.start)
                    )));
                    self.phase = Phase::Actions(PhaseB {
                        order: Responders::new(seats_from(self.start, n)),
                        used: Used::default(),
                    });
                }
                Phase::Actions(b) => match b.order.current() {
                    None => self.end_round(ev),
                    Some(x) => {
                        if b.used.actions >= 2 && !self.can_recruit(x) {
                            ev.push(PrincesEvent::all(format!(
                                "{}'s turn ends (two actions taken).",
                                s(x)
                            )));
                            self.end_turn();
                        } else {
                            return;
                        }
                    }
                },
                Phase::Over => return,
            }
        }
    }

    fn start_round(&mut self, ev: &mut Vec<PrincesEvent>) {
        let n = self.players.len();
        ev.push(PrincesEvent::all(format!(
            "Round {} of {ROUNDS} begins; {} is the start player. Minimum work value: {}. Phase A: auctions.",
            self.round,
            s(self.start),
            self.min_work()
        )));
        self.phase = Phase::Auction(PhaseA {
            bought: vec![None; n],
            declined: vec![false; n],
            sold: Vec::new(),
            opener: self.start,
            live: None,
        });
    }

    fn end_round(&mut self, ev: &mut Vec<PrincesEvent>) {
        let best = self.players.iter().map(|p| p.best_work).max().unwrap_or(0);
        if best > 0 {
            let winners: Vec<Seat> = (0..self.players.len())
                .filter(|&i| self.players.get(i).is_some_and(|p| p.best_work == best))
                .collect();
            for &w in &winners {
                if let Some(p) = self.players.get_mut(w) {
                    p.prestige += BEST_WORK_PRESTIGE;
                }
            }
            let names: Vec<String> = winners.iter().map(|w| s(*w)).collect();
            ev.push(PrincesEvent::all(format!(
                "Best work of round {}: {} with {best} (+3 prestige).",
                self.round,
                names.join(", ")
            )));
        } else {
            ev.push(PrincesEvent::all(format!(
                "No work was completed in round {}: no best-work award.",
                self.round
            )));
        }
        for p in &mut self.players {
            p.best_work = 0;
        }
        if self.round >= ROUNDS {
            self.finish(ev);
            return;
        }
        self.round += 1;
        self.start = next_seat(self.start, self.players.len());
        self.start_round(ev);
    }

    fn finish(&mut self, ev: &mut Vec<PrincesEvent>) {
        self.prestige_before_cards = self.players.iter().map(|p| p.prestige).collect();
        let scored: Vec<Vec<(u8, i64)>> = (0..self.players.len())
            .map(|i| {
                let cards = self
                    .players
                    .get(i)
                    .map(|p| p.prestige_cards.clone())
                    .unwrap_or_default();
                cards
                    .into_iter()
                    .map(|c| (c, scoring::prestige_card_value(&self.players, i, c)))
                    .collect()
            })
            .collect();
        for (i, cards) in scored.iter().enumerate() {
            let total: i64 = cards.iter().map(|c| c.1).sum();
            if let Some(p) = self.players.get_mut(i) {
                p.prestige += total;
            }
            for (c, pts) in cards {
                ev.push(PrincesEvent::all(format!(
                    "{} reveals {}: {pts} prestige.",
                    s(i),
                    card_label(DeckKind::Prestige, *c)
                )));
            }
        }
        self.final_cards = scored;
        self.phase = Phase::Over;
        ev.push(PrincesEvent::all(
            "The seventh round is over: the game ends.",
        ));
    }

    // ----- legal action enumeration -----

    fn work_actions(&self, seat: Seat) -> Vec<PrincesAction> {
        let mut out = Vec::new();
        let Some(p) = self.players.get(seat) else {
            return out;
        };
        let mut bonus = p.bonus.clone();
        bonus.sort_unstable();
        let subsets: Vec<Vec<u8>> = if bonus.len() <= 5 {
            (0u32..(1 << bonus.len()))
                .map(|m| {
                    bonus
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| m & (1 << i) != 0)
                        .map(|(_, b)| *b)
                        .collect()
                })
                .collect()
        } else {
            let mut v: Vec<Vec<u8>> = vec![vec![]];
            for (i, a) in bonus.iter().enumerate() {
                v.push(vec![*a]);
                for b in bonus.iter().skip(i + 1) {
                    v.push(vec![*a, *b]);
                }
            }
            v.push(bonus.clone());
            v
        };
        let mut hand = p.hand.clone();
        hand.sort_unstable();
        for &prof in &hand {
            for sub in &subsets {
                if let Ok(value) = self.validate_work(seat, prof, sub, 0) {
                    let max = value / 2;
                    let mut options = vec![0, max / 2, max];
                    options.dedup();
                    for prestige in options {
                        out.push(PrincesAction::Work {
                            profession: prof,
                            bonus: sub.clone(),
                            prestige,
                        });
                    }
                }
            }
        }
        out
    }

    fn build_actions(&self, seat: Seat) -> Vec<PrincesAction> {
        let mut out = Vec::new();
        if self
            .check_action(|u| (u.builds >= 2).then_some(""))
            .is_err()
        {
            return out;
        }
        let Some(p) = self.players.get(seat) else {
            return out;
        };
        let cost = BUILD_COST
            .get(usize::from(p.builders))
            .copied()
            .unwrap_or(0);
        if p.florins < cost {
            return out;
        }
        for b in 0..BUILDINGS.len() as u8 {
            if p.buildings.contains(&b)
                || self
                    .building_supply
                    .get(usize::from(b))
                    .copied()
                    .unwrap_or(0)
                    == 0
            {
                continue;
            }
            for (at, rot, flip) in board::placements(&p.grid, Piece::Building(b), p.builders >= 2) {
                out.push(PrincesAction::Build {
                    building: b,
                    at,
                    rot,
                    flip,
                });
            }
        }
        out
    }
}

/// The next seat after `from` that has not bought or declined (or `from` if none).
fn next_open(a: &PhaseA, from: Seat, players: usize) -> Seat {
    others_after(from, players)
        .into_iter()
        .find(|&x| !a.done(x))
        .unwrap_or(from)
}

fn place_error(e: PlaceProblem, piece: &'static str) -> PrincesError {
    match e {
        PlaceProblem::Outside => PrincesError::Outside { piece },
        PlaceProblem::Overlap => PrincesError::Overlap { piece },
        PlaceProblem::TouchesPalazzo => PrincesError::TouchesPalazzo { piece },
        PlaceProblem::TouchesBuilding => PrincesError::TouchesBuilding { piece },
    }
}

impl Game for Princes {
    const ID: &'static str = "princes";
    const TITLE: &'static str = "The Princes of Florence";
    const PLAYERS: (usize, usize) = (3, 5);
    type Options = PrincesOptions;
    type Action = PrincesAction;
    type Event = PrincesEvent;
    type Error = PrincesError;
    type PublicView = PrincesPublic;
    type PrivateView = PrincesPrivate;

    fn new(players: usize, _options: &PrincesOptions, seed: u64) -> Result<Self, SetupError> {
        SetupError::check_players::<Self>(players)?;
        let mut rng = rng_from_seed(seed);
        let mut professions: Vec<u8> = (1..=21).collect();
        professions.shuffle(&mut rng);
        let dealt: Vec<Vec<u8>> = (0..players)
            .map(|_| professions.drain(..DEALT.min(professions.len())).collect())
            .collect();
        let mut bonus_deck: Vec<u8> = (1..=20).collect();
        bonus_deck.shuffle(&mut rng);
        let mut prestige_deck: Vec<u8> = (1..=14).collect();
        prestige_deck.shuffle(&mut rng);
        let start = rng.gen_range(0..players);
        let free = u8::try_from(players - 1).unwrap_or(0);
        Ok(Princes {
            rng,
            players: (0..players).map(|_| Player::new()).collect(),
            round: 1,
            start,
            phase: Phase::Setup { dealt },
            pending: None,
            bank: BANK_TOTAL - START_FLORINS * players as i64,
            profession_deck: professions,
            bonus_deck,
            prestige_deck,
            bonus_played: Vec::new(),
            recruiting_supply: RECRUITING_CARDS,
            landscape_supply: [LANDSCAPE_SUPPLY; 3],
            jester_supply: JESTER_SUPPLY,
            builder_supply: BUILDER_SUPPLY,
            building_supply: [COPIES_PER_BUILDING; 10],
            freedom_supply: [free; 3],
            final_cards: Vec::new(),
            prestige_before_cards: Vec::new(),
        })
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &PrincesAction,
    ) -> Result<Vec<PrincesEvent>, PrincesError> {
        // Cheap refusals first, without cloning the state.
        if self.phase == Phase::Over {
            return Err(PrincesError::GameOver);
        }
        if !self.awaiting().contains(&seat) {
            return Err(PrincesError::NotYourTurn);
        }
        let mut next = self.clone();
        let events = next.step(seat, action)?;
        *self = next;
        Ok(events)
    }

    fn awaiting(&self) -> Vec<Seat> {
        if let Some(p) = &self.pending {
            return vec![p.seat()];
        }
        match &self.phase {
            Phase::Setup { dealt } => (0..self.players.len())
                .filter(|&i| dealt.get(i).is_some_and(|d| !d.is_empty()))
                .collect(),
            Phase::Auction(a) => match &a.live {
                Some(l) => l.bidding.current().into_iter().collect(),
                None => vec![a.opener],
            },
            Phase::Actions(b) => b.order.current().into_iter().collect(),
            Phase::Over => vec![],
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<PrincesAction> {
        use PrincesAction as A;
        if !self.awaiting().contains(&seat) {
            return vec![];
        }
        let Some(me) = self.players.get(seat) else {
            return vec![];
        };
        let mut out = Vec::new();
        if let Some(p) = &self.pending {
            match p {
                Pending::Place { landscape, .. } => {
                    for (at, rot, flip) in
                        board::placements(&me.grid, Piece::Landscape(*landscape), true)
                    {
                        out.push(A::Place {
                            landscape: *landscape,
                            at,
                            rot,
                            flip,
                        });
                    }
                }
                Pending::Look { deck, cards, .. } => {
                    for c in cards {
                        out.push(A::Keep(match deck {
                            DeckKind::Profession => CardRef::Profession(*c),
                            DeckKind::Bonus => CardRef::Bonus(*c),
                            DeckKind::Prestige => CardRef::Prestige(*c),
                        }));
                    }
                }
                Pending::RecruitNow { .. } => {
                    out.extend(self.recruit_targets(seat).into_iter().map(A::Recruit));
                    out.push(A::Later);
                }
            }
        } else {
            match &self.phase {
                Phase::Setup { dealt } => {
                    let mine = dealt.get(seat).cloned().unwrap_or_default();
                    for r in &mine {
                        out.push(A::KeepThree(
                            mine.iter().copied().filter(|x| x != r).collect(),
                        ));
                    }
                }
                Phase::Auction(a) => match &a.live {
                    Some(l) => {
                        if me.florins >= i64::from(l.high + RAISE) {
                            out.push(A::Bid(l.high + RAISE));
                        }
                        out.push(A::Pass);
                    }
                    None => {
                        if me.florins >= i64::from(OPENING_BID) {
                            for st in Stack::ALL {
                                if !a.sold.contains(&st)
                                    && self.stack_supply(st) > 0
                                    && self.ineligible(seat, st).is_none()
                                {
                                    out.push(A::Open(st));
                                }
                            }
                        }
                        out.push(A::Decline);
                    }
                },
                Phase::Actions(_) => {
                    out.extend(self.work_actions(seat));
                    out.extend(self.build_actions(seat));
                    if self.validate_draw(seat, DeckKind::Profession).is_ok() {
                        out.push(A::DrawProfession);
                    }
                    if self.validate_draw(seat, DeckKind::Bonus).is_ok() {
                        out.push(A::DrawBonus);
                    }
                    for f in 0..3 {
                        if self.validate_freedom(seat, f).is_ok() {
                            out.push(A::Freedom(f));
                        }
                    }
                    if me.recruits > 0 {
                        out.extend(self.recruit_targets(seat).into_iter().map(A::Recruit));
                    }
                    out.push(A::Done);
                }
                Phase::Over => {}
            }
        }
        if me.prestige > 0 {
            out.push(A::Sell(1));
        }
        out
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<PrincesAction, ParseError> {
        let high = match &self.phase {
            Phase::Auction(a) => a.live.as_ref().map(|l| l.high),
            _ => None,
        };
        actions::parse(text, high, self.keep_context(seat))
    }

    fn public_view(&self) -> PrincesPublic {
        views::public(self)
    }

    fn private_view(&self, seat: Seat) -> PrincesPrivate {
        views::private(self, seat)
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let results = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let before = self
                    .prestige_before_cards
                    .get(i)
                    .copied()
                    .unwrap_or(p.prestige);
                let mut breakdown = vec![ScoreLine::new("prestige during the game", before)];
                for (c, pts) in self.final_cards.get(i).into_iter().flatten() {
                    breakdown.push(ScoreLine::new(card_label(DeckKind::Prestige, *c), *pts));
                }
                PlayerResult {
                    seat: i,
                    total: p.prestige,
                    breakdown,
                    tiebreak: Some(ScoreLine::new("florins", p.florins)),
                }
            })
            .collect();
        Some(Outcome::by_total_then_tiebreak(
            results,
            Some(
                "Most prestige wins; ties go to the most florins; still tied: a shared win.".into(),
            ),
        ))
    }

    fn render_public(view: &PrincesPublic, names: &[String]) -> String {
        views::render_public(view, names)
    }

    fn render_private(view: &PrincesPrivate, names: &[String]) -> String {
        views::render_private(view, names)
    }

    fn rules_text() -> &'static str {
        include_str!("rules.md")
    }

    fn command_help() -> &'static [CommandHelp] {
        views::COMMANDS
    }
}
