//! The Princes of Florence (3–5 players, 7 rounds): auctions for landscapes, jesters,
//! builders, prestige and recruiting cards, then two actions each — works, buildings,
//! professions, freedoms, bonus cards — on a 7×7 principality.
//!
//! Spec: `shared/rules/princes-of-florence.md`; decisions in `rules.md` beside this file.
//!
//! Layout: [`state`] (what is stored), `setup` (dealing and the round cycle), `step`
//! (dispatch and pending steps), `auction` (Phase A), `turn` (Phase B), `legal` (legal
//! action lists), [`actions`] (action texts and the parser), [`board`] (placements),
//! [`scoring`] (work values and prestige cards), `views` (what players see).

mod absent;
pub mod actions;
mod auction;
pub mod board;
pub mod data;
mod determinize;
mod estimate;
mod events;
mod legal;
mod pick;
pub mod scoring;
mod setup;
pub mod state;
mod step;
pub mod terms;
mod turn;
mod undo;
mod views;

pub use actions::{BadCommand, CardRef, PrincesAction, TrailingWords};
pub use events::PrincesEvent;
pub use state::{
    Auction, DeckKind, DeckMemory, Face, Pending, Phase, PhaseA, PhaseB, Player, Princes,
    PrincesOptions, Used,
};
pub use views::{waiting_phrase, HandCard, PrincesPrivate, PrincesPublic, PublicPlayer, Waiting};

use crate::engine::{
    Absent, CommandHelp, Game, Outcome, ParseError, PlayerResult, ScoreLine, Seat, SetupError,
};
use crate::phrase::Phrase;
use actions::KeepContext;
use board::{Piece, PlaceProblem};
use data::*;

crate::register_game!(Princes, PRINCES);

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

/// Fixed refusal sentences (`PrincesError::NotNow`, `Limit`): (Fluent key, English). The
/// error carries the English; its phrase finds the key here, so the reader gets it in
/// their language.
pub mod sentences {
    pub const RECRUIT_NOW: (&str, &str) = (
        "princes-not-now-recruit-now",
        "That is not possible now; first `recruit <profession>` with your new recruiting card or keep it for `later`.",
    );
    pub const SETUP: (&str, &str) = (
        "princes-not-now-setup",
        "That is not possible now; choose the three professions you keep (`keep poet jurist organist`).",
    );
    pub const AUCTION_LIVE: (&str, &str) = (
        "princes-not-now-auction-live",
        "That is not possible now; the auction is running: `bid` or `pass`.",
    );
    pub const AUCTION_OPEN: (&str, &str) = (
        "princes-not-now-auction-open",
        "That is not possible now; open an auction (`open jester`) or `decline`.",
    );
    pub const ACTIONS: (&str, &str) = (
        "princes-not-now-actions",
        "That is not possible now; it is your Phase B turn: work, build, draw, freedom, recruit or `done`.",
    );
    pub const OVER: (&str, &str) = (
        "princes-not-now-over",
        "That is not possible now; the game is over.",
    );
    pub const NO_AUCTION_TO_BID: (&str, &str) = (
        "princes-not-now-no-auction-to-bid",
        "There is no auction running; open one with e.g. `open jester`.",
    );
    pub const NO_AUCTION_TO_PASS: (&str, &str) = (
        "princes-not-now-no-auction-to-pass",
        "No auction is running. To buy nothing this round, `decline`.",
    );
    pub const AUCTION_RUNNING: (&str, &str) = (
        "princes-not-now-auction-running",
        "An auction is running: `bid` or `pass`.",
    );
    pub const WORKS: (&str, &str) = (
        "princes-limit-works",
        "You may complete at most 2 works per round.",
    );
    pub const BUILDS: (&str, &str) = (
        "princes-limit-builds",
        "You may build at most 2 buildings per round.",
    );
    pub const PROFESSION: (&str, &str) = (
        "princes-limit-profession",
        "You may take a profession card only once per round.",
    );
    pub const BONUS: (&str, &str) = (
        "princes-limit-bonus",
        "You may draw a bonus card at most twice per round.",
    );
    pub const FREEDOM: (&str, &str) = (
        "princes-limit-freedom",
        "You may introduce only one freedom per round.",
    );

    /// Every entry above.
    pub const ALL: [(&str, &str); 14] = [
        RECRUIT_NOW,
        SETUP,
        AUCTION_LIVE,
        AUCTION_OPEN,
        ACTIONS,
        OVER,
        NO_AUCTION_TO_BID,
        NO_AUCTION_TO_PASS,
        AUCTION_RUNNING,
        WORKS,
        BUILDS,
        PROFESSION,
        BONUS,
        FREEDOM,
    ];
}

/// The `text` argument of a fixed sentence: its key when it is one of
/// [`sentences::ALL`], else the text as it is.
fn sentence_arg(phrase: crate::phrase::Phrase, text: &str) -> crate::phrase::Phrase {
    match sentences::ALL.iter().find(|(_, english)| *english == text) {
        Some((key, _)) => phrase.term("text", key),
        None => phrase.text("text", text),
    }
}

impl crate::phrase::Phrased for PrincesError {
    fn phrase(&self) -> crate::phrase::Phrase {
        use PrincesError as E;
        match self {
            E::GameOver => Phrase::new("princes-error-game-over"),
            E::NotYourTurn => Phrase::new("princes-error-not-your-turn"),
            E::NotNow(text) => sentence_arg(Phrase::new("princes-error-not-now"), text),
            E::StackSold(stack) => Phrase::new("princes-error-stack-sold").text("stack", stack),
            E::SupplyOut(item) => Phrase::new("princes-error-supply-out").text("item", item),
            E::NoRoom(item) => Phrase::new("princes-error-no-room").text("item", item),
            E::MaxBuilders => Phrase::new("princes-error-max-builders"),
            E::CannotAfford { need, have } => Phrase::new("princes-error-cannot-afford")
                .number("need", *need)
                .number("have", *have),
            E::BadRaise { high, need } => Phrase::new("princes-error-bad-raise")
                .number("high", *high)
                .number("need", *need),
            E::Outside { piece } => Phrase::new("princes-error-outside").text("piece", piece),
            E::Overlap { piece } => Phrase::new("princes-error-overlap").text("piece", piece),
            E::TouchesPalazzo { piece } => {
                Phrase::new("princes-error-touches-palazzo").text("piece", piece)
            }
            E::TouchesBuilding { piece } => {
                Phrase::new("princes-error-touches-building").text("piece", piece)
            }
            E::AlreadyOwned(building) => {
                Phrase::new("princes-error-already-owned").text("building", building)
            }
            E::WrongLandscape(landscape) => {
                Phrase::new("princes-error-wrong-landscape").text("landscape", landscape)
            }
            E::NoActionsLeft => Phrase::new("princes-error-no-actions-left"),
            E::Limit(text) => sentence_arg(Phrase::new("princes-error-limit"), text),
            E::NotInHand(card) => Phrase::new("princes-error-not-in-hand").text("card", card),
            E::BonusNotInHand(n) => {
                Phrase::new("princes-error-bonus-not-in-hand").text("card", format!("B{n:02}"))
            }
            E::BonusTwice(n) => {
                Phrase::new("princes-error-bonus-twice").text("card", format!("B{n:02}"))
            }
            E::BelowMinimum { value, round, min } => Phrase::new("princes-error-below-minimum")
                .number("value", *value)
                .number("round", *round)
                .number("min", *min),
            E::TooMuchPrestige { payout, max } => Phrase::new("princes-error-too-much-prestige")
                .number("payout", *payout)
                .number("max", *max),
            E::DeckEmpty(deck) => Phrase::new("princes-error-deck-empty").text("deck", deck),
            E::FreedomOwned(freedom) => {
                Phrase::new("princes-error-freedom-owned").text("freedom", freedom)
            }
            E::NoRecruitCard => Phrase::new("princes-error-no-recruit-card"),
            E::NotRecruitable(card) => {
                Phrase::new("princes-error-not-recruitable").text("card", card)
            }
            E::NotLookedAt(cards) => {
                Phrase::new("princes-error-not-looked-at").text("cards", cards)
            }
            E::BadKeep(cards) => Phrase::new("princes-error-bad-keep").text("cards", cards),
            E::NotEnoughPrestige(have) => {
                Phrase::new("princes-error-not-enough-prestige").number("have", *have)
            }
            E::SellZero => Phrase::new("princes-error-sell-zero"),
        }
    }
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

fn card_label_text(deck: DeckKind, c: u8) -> String {
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

/// A card as players read it (`B07 …`, `P03 …`, `poet (#4: …)`), from a table made
/// once: looks and keeps name cards in their events at every draw.
fn card_label(deck: DeckKind, c: u8) -> &'static str {
    use std::sync::OnceLock;
    /// Labels of ids 0..=LABELLED per deck (unknown ids read `?`).
    const LABELLED: u8 = 32;
    static TABLE: OnceLock<[Vec<String>; 3]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        [DeckKind::Profession, DeckKind::Bonus, DeckKind::Prestige]
            .map(|d| (0..=LABELLED).map(|c| card_label_text(d, c)).collect())
    });
    let d = match deck {
        DeckKind::Profession => 0,
        DeckKind::Bonus => 1,
        DeckKind::Prestige => 2,
    };
    table
        .get(d)
        .and_then(|t| t.get(usize::from(c)))
        .map_or("?", String::as_str)
}

impl Princes {
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
        use sentences as w;
        if let Some(p) = &self.pending {
            return match p {
                Pending::Place { landscape, .. } => format!(
                    "That is not possible now; first place your {} (e.g. `place {} at B2`).",
                    Piece::Landscape(*landscape).slug(),
                    Piece::Landscape(*landscape).slug()
                ),
                Pending::Look { deck, .. } => {
                    format!("That is not possible now; first keep one of the {} cards you are looking at (`keep …`).", deck.name())
                }
                Pending::RecruitNow { .. } => w::RECRUIT_NOW.1.into(),
            };
        }
        let (_, text) = match &self.phase {
            Phase::Setup { .. } => w::SETUP,
            Phase::Auction(a) if a.live.is_some() => w::AUCTION_LIVE,
            Phase::Auction(_) => w::AUCTION_OPEN,
            Phase::Actions(_) => w::ACTIONS,
            Phase::Over => w::OVER,
        };
        text.to_string()
    }

    fn not_now(&self) -> PrincesError {
        PrincesError::NotNow(self.expected())
    }
}

/// The outcome's note under the final scores (English; `princes-score-note`).
pub const OUTCOME_NOTE: &str =
    "Most prestige wins; ties go to the most florins; still tied: a shared win.";

/// The refusal a player reads for a placement problem of `piece`.
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
        setup::new_game(players, seed)
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &PrincesAction,
    ) -> Result<Vec<PrincesEvent>, PrincesError> {
        if matches!(self.phase, Phase::Over) {
            return Err(PrincesError::GameOver);
        }
        if !self.awaits(seat) {
            return Err(PrincesError::NotYourTurn);
        }
        // Every handler validates before it mutates: no copy of the state is needed.
        let mut events = Vec::new();
        self.step(seat, action, &mut events)?;
        Ok(events)
    }

    fn apply_into(
        &mut self,
        seat: Seat,
        action: &PrincesAction,
        events: &mut Vec<PrincesEvent>,
    ) -> Result<(), PrincesError> {
        if matches!(self.phase, Phase::Over) {
            return Err(PrincesError::GameOver);
        }
        if !self.awaits(seat) {
            return Err(PrincesError::NotYourTurn);
        }
        self.step(seat, action, events)
    }

    fn awaiting(&self) -> Vec<Seat> {
        let mut out = Vec::new();
        self.awaiting_into(&mut out);
        out
    }

    fn awaiting_into(&self, out: &mut Vec<Seat>) {
        out.clear();
        if let Some(p) = &self.pending {
            out.push(p.seat());
            return;
        }
        match &self.phase {
            Phase::Setup { dealt } => out.extend(
                (0..self.players.len()).filter(|&i| dealt.get(i).is_some_and(|d| !d.is_empty())),
            ),
            Phase::Auction(a) => match &a.live {
                Some(l) => out.extend(l.bidding.current()),
                None => out.push(a.opener),
            },
            Phase::Actions(b) => out.extend(b.order.current()),
            Phase::Over => {}
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<PrincesAction> {
        let mut out = Vec::new();
        self.legal_into(seat, &mut out);
        out
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<PrincesAction>) {
        self.legal_into(seat, out);
    }

    fn pick_legal(
        &self,
        seat: Seat,
        pick: &mut dyn FnMut(usize) -> usize,
        scratch: &mut Vec<PrincesAction>,
    ) -> Option<PrincesAction> {
        self.pick_legal_action(seat, pick, scratch)
    }

    fn undoable(before: &Self, _seat: Seat, _action: &PrincesAction, after: &Self) -> bool {
        undo::undoable(before, after)
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

    fn score_estimate(&self) -> Option<Vec<f64>> {
        Some(estimate::score_estimate(self))
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn determinize(&self, seat: Seat, rng: &mut crate::engine::GameRng) -> Self {
        self.determinized(seat, rng)
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
                let mut breakdown = vec![ScoreLine::new("prestige during the game", before)
                    .with_phrase(Phrase::new("princes-score-during-game"))];
                for (c, pts) in self.final_cards.get(i).into_iter().flatten() {
                    breakdown.push(
                        ScoreLine::new(card_label(DeckKind::Prestige, *c), *pts).with_phrase(
                            Phrase::new("princes-score-card")
                                .term("card", terms::card(DeckKind::Prestige, *c)),
                        ),
                    );
                }
                PlayerResult {
                    seat: i,
                    total: p.prestige,
                    breakdown,
                    tiebreak: Some(
                        ScoreLine::new("florins", p.florins)
                            .with_phrase(Phrase::new("princes-score-florins")),
                    ),
                }
            })
            .collect();
        Some(
            Outcome::by_total_then_tiebreak(results, Some(OUTCOME_NOTE.into()))
                .with_note_phrase(Phrase::new("princes-score-note")),
        )
    }

    fn absent_move(
        public: &PrincesPublic,
        private: &PrincesPrivate,
        seat: Seat,
        legal: &[PrincesAction],
        absent: Absent,
    ) -> Option<usize> {
        absent::absent_move(public, private, seat, legal, absent)
    }

    fn render_public(
        view: &PrincesPublic,
        names: &[String],
        say: &dyn crate::phrase::Say,
    ) -> String {
        views::render_public(view, names, say)
    }

    fn render_headline(
        view: &PrincesPublic,
        names: &[String],
        say: &dyn crate::phrase::Say,
    ) -> String {
        views::headline(view, names, say)
    }

    fn render_private(
        view: &PrincesPrivate,
        names: &[String],
        say: &dyn crate::phrase::Say,
    ) -> String {
        views::render_private(view, names, say)
    }

    fn rules_text() -> &'static str {
        include_str!("rules.md")
    }

    fn command_help() -> &'static [CommandHelp] {
        views::COMMANDS
    }
}
