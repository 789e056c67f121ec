//! Villa Paletti: a dexterity game turned into a statics model with noise.
//!
//! The villa is real 2-D geometry (floors are polygons with mass, columns are discs and
//! squares with mass); it stands when every floor's load has its centre of mass over the
//! hull of the columns holding it. Every touch draws a disturbance from the seeded RNG
//! and the villa falls when the disturbance exceeds the margin. See `rules.md`.

mod absent;
pub mod data;
mod determinize;
mod draw;
mod odds;
pub use odds::{by_steadiness, stand_chance, FloorOdds};
mod estimate;
pub mod geom;
mod inside;
mod layout;
pub mod model;
mod pick;
mod places;
mod play;
pub mod policy;
mod text;
mod thumb;
pub use thumb::{
    ANCHOR_COLUMNS, ANCHOR_MARGIN, HEAVY_LIFT_CHANCE, HOLDER_FLOOR_CHANCE, OBJECTION_TARGETS,
    RETAKE_CHANCE, SAFE_BUILD_CHANCE, SAFE_PULL_CHANCE, SAME_CHANCE, STEADY_FLOOR_MARGIN,
    SURE_TOUCH_CHANCE, THUMB_PHRASES, TWO_PLAYER_TOUCH_CHANCE,
};
mod undo;

use crate::engine::{
    rng_from_seed, Absent, CommandHelp, Game, GameRng, Outcome, ParseError, PlayerResult,
    ScoreLine, Seat, SetupError,
};
use crate::phrase::Phrase;
use crate::seating::Responders;
use data::{column_type, ColumnType, COLOURS, COLUMNS, FAIR_LAYOUT, PER_COLOUR};
use geom::P;
use model::{Grid, GridPt};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

pub use draw::{seal_and_points, waiting_line};
pub use text::{column_name, Doing, VillaEvent, VillaParseError};

crate::register_game!(Villa, VILLA);

/// How the columns start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SetupMode {
    /// The fixed fair layout with the blue floor centred on it.
    #[default]
    Fair,
    /// Players place their columns in turn, then the last one places the blue floor.
    Custom,
}

/// Table options: `setup=fair|custom`, `min_supports_from_orange=3|2`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct VillaOptions {
    pub setup: SetupMode,
    /// Top-level columns a new floor must rest on from the orange floor on (3, or 2 in the
    /// rulebook's variant).
    pub min_supports_from_orange: u8,
}

impl Default for VillaOptions {
    fn default() -> Self {
        VillaOptions {
            setup: SetupMode::Fair,
            min_supports_from_orange: 3,
        }
    }
}

/// A column id: colour × 5 + slot (slot 0 thick, 1 medium, 2–4 thin-1..3).
pub type ColId = u8;

/// One column's state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Column {
    /// 0 = the base plate, k = standing on floor k.
    pub level: u8,
    pub pos: P,
    /// Aborted once: may not be moved again.
    pub frozen: bool,
    /// Removed from the game (objections).
    pub gone: bool,
    /// Stands on top of this column (red floor only).
    pub on: Option<ColId>,
    /// Standing in the villa (false only during a custom setup).
    pub placed: bool,
}

/// Why a pull is happening.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Why {
    /// An ordinary move of the player's own column.
    Move,
    /// The 3-player first step: a neutral column.
    Neutral,
    /// An objection to `proposer`'s floor.
    ObjectFloor { proposer: Seat },
    /// A challenge to `original`'s aborted neutral pull.
    Challenge { original: Seat },
}

/// Where the turn player is within their turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Start of the turn: propose a floor or start a move (2 players: choose a colour).
    Begin,
    /// 2 players: playing this colour this turn.
    Colour(u8),
    /// 3 players: the neutral step is done; now one of your own.
    Own,
}

/// What the game waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    SetupColumns {
        placer: Seat,
    },
    SetupFloor {
        placer: Seat,
    },
    Turn {
        seat: Seat,
        stage: Stage,
    },
    /// `seat` must pull one column (objector or challenger).
    Pick {
        seat: Seat,
        why: Why,
    },
    /// `seat` holds `col` half-pulled and felt `feel` (index into the feel words).
    Feel {
        seat: Seat,
        col: ColId,
        feel: u8,
        why: Why,
    },
    Objections {
        proposer: Seat,
        answers: Responders,
    },
    Challenges {
        original: Seat,
        answers: Responders,
    },
    Removal {
        proposer: Seat,
        objector: Seat,
    },
    PlaceFloor {
        proposer: Seat,
    },
    Over,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    Collapse {
        by: Seat,
    },
    /// Nobody could move a column or place a floor.
    Stalled,
    /// Custom setup: no position for the blue floor over 3 columns stands.
    NoFoundation,
}

/// The Master Builder seal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Seal {
    pub holder: Option<Seat>,
    pub previous: Option<Seat>,
    /// Somebody has put a column on the current top floor.
    pub claimed: bool,
}

/// A player's move. Points are grid labels on the current top floor (`d4`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum VillaAction {
    /// Custom setup: stand a column on the base plate.
    Set { col: ColId, at: GridPt },
    /// Place a floor with its origin at a grid point.
    Floor(GridPt),
    /// 2 players: play this colour this turn.
    Play(u8),
    /// Start pulling a column.
    Pull(ColId),
    /// Put the pulled column on the top floor.
    Place(GridPt),
    /// Put the pulled column back (it freezes).
    Abort,
    /// Propose the next floor.
    Propose,
    /// Object to a proposed floor.
    Object,
    /// Let a proposal or an aborted neutral pull stand.
    Allow,
    /// 3 players: claim a neutral column could be moved.
    Challenge,
    /// After a failed objection: remove one of the objector's columns from the game.
    Remove(ColId),
}

/// A refused action; the text is what the player reads.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum VillaError {
    #[error("The game is over.")]
    GameOver,
    #[error("It is not your turn: {0}.")]
    NotYourTurn(String),
    #[error("That is not possible now: {0}.")]
    NotNow(String),
    #[error("{0} is not yours to move.")]
    NotYours(String),
    #[error("{0} is frozen: a column whose pull was aborted may not be moved again this game.")]
    Frozen(String),
    #[error("{0} already stands on the top level; columns on the top level cannot be moved.")]
    OnTopLevel(String),
    #[error("{0} has left the game.")]
    Gone(String),
    #[error("{0} is the last neutral column on its level; at least one neutral column must stay on every level.")]
    LastNeutral(String),
    #[error("In the 3-player game you first move a neutral ({0}) column; {1} is not neutral.")]
    NeutralFirst(String, String),
    #[error("You are playing {0} this turn; {1} is not {0}.")]
    WrongColour(String, String),
    #[error("{0} is not one of your colours.")]
    NotYourColour(String),
    #[error("None of your {0} columns can be moved.")]
    NoMovableInColour(String),
    #[error("{0} is not on the grid; points run {1}.")]
    OffGrid(String, String),
    #[error("At {0} the column's footprint would hang over the edge of the floor.")]
    OffFloor(String),
    #[error(
        "At {0} the column would overlap {1}; columns stand on one another only on the red floor."
    )]
    Overlap(String, String),
    #[error("On the red floor a column standing on another must fit within it: at {0} it would overhang {1}.")]
    Overhang(String, String),
    #[error("At {0} the column would stand outside the building area (radius 11).")]
    OutsideBuildingArea(String),
    #[error("{0} is already standing.")]
    AlreadySet(String),
    #[error("All five floors are built.")]
    NoFloorsLeft,
    #[error("No position for the {0} floor rests on {1} top-level columns inside the base plate.")]
    NoFloorPosition(String, usize),
    #[error("At {0} the {1} floor would reach beyond the base plate.")]
    FloorOffBase(String, String),
    #[error("At {0} the {1} floor would rest on {2} top-level column(s); it needs at least {3}.")]
    TooFewSupports(String, String, usize, usize),
    #[error("At {0} the blue floor would fall at once: its weight would not be over the columns under it.")]
    FloorWouldFall(String),
    #[error("The proposer has no column you could pull, so you cannot object.")]
    NothingToObject,
    #[error("No neutral column can be moved, so there is nothing to challenge.")]
    NothingToChallenge,
    #[error("{0} is not the objector's; remove one of their columns.")]
    NotObjectors(String),
    #[error("{0} must be one of the proposer's columns.")]
    NotProposers(String),
}

pub mod waiting;

/// The argument for what the game waits for: its key when the text is one of
/// [`waiting::ALL`], else the text as it is.
fn waiting_arg(phrase: crate::phrase::Phrase, text: &str) -> crate::phrase::Phrase {
    match waiting::ALL.iter().find(|(_, english)| *english == text) {
        Some((key, _)) => phrase.term("expected", key),
        None => phrase.text("expected", text),
    }
}

/// The argument for a colour word (of columns and floors: `blue`): its key, so the
/// reader gets it in their language; any other word as it is.
fn colour_arg(
    phrase: crate::phrase::Phrase,
    name: &'static str,
    word: &str,
) -> crate::phrase::Phrase {
    let key = match word {
        "blue" => "villa-colour-blue",
        "red" => "villa-colour-red",
        "yellow" => "villa-colour-yellow",
        "green" => "villa-colour-green",
        "orange" => "villa-colour-orange",
        other => return phrase.text(name, other),
    };
    phrase.term(name, key)
}

impl crate::phrase::Phrased for VillaError {
    fn phrase(&self) -> crate::phrase::Phrase {
        use crate::phrase::Phrase;
        use VillaError as E;
        match self {
            E::GameOver => Phrase::new("villa-error-game-over"),
            E::NotYourTurn(expected) => {
                waiting_arg(Phrase::new("villa-error-not-your-turn"), expected)
            }
            E::NotNow(expected) => waiting_arg(Phrase::new("villa-error-not-now"), expected),
            E::NotYours(column) => Phrase::new("villa-error-not-yours").text("column", column),
            E::Frozen(column) => Phrase::new("villa-error-frozen").text("column", column),
            E::OnTopLevel(column) => Phrase::new("villa-error-on-top-level").text("column", column),
            E::Gone(column) => Phrase::new("villa-error-gone").text("column", column),
            E::LastNeutral(column) => {
                Phrase::new("villa-error-last-neutral").text("column", column)
            }
            E::NeutralFirst(neutral, column) => {
                colour_arg(Phrase::new("villa-error-neutral-first"), "neutral", neutral)
                    .text("column", column)
            }
            E::WrongColour(colour, column) => {
                colour_arg(Phrase::new("villa-error-wrong-colour"), "colour", colour)
                    .text("column", column)
            }
            E::NotYourColour(colour) => {
                colour_arg(Phrase::new("villa-error-not-your-colour"), "colour", colour)
            }
            E::NoMovableInColour(colour) => colour_arg(
                Phrase::new("villa-error-no-movable-in-colour"),
                "colour",
                colour,
            ),
            E::OffGrid(at, range) => Phrase::new("villa-error-off-grid")
                .text("at", at)
                .text("range", range),
            E::OffFloor(at) => Phrase::new("villa-error-off-floor").text("at", at),
            E::Overlap(at, column) => Phrase::new("villa-error-overlap")
                .text("at", at)
                .text("column", column),
            E::Overhang(at, column) => Phrase::new("villa-error-overhang")
                .text("at", at)
                .text("column", column),
            E::OutsideBuildingArea(at) => {
                Phrase::new("villa-error-outside-building-area").text("at", at)
            }
            E::AlreadySet(column) => Phrase::new("villa-error-already-set").text("column", column),
            E::NoFloorsLeft => Phrase::new("villa-error-no-floors-left"),
            E::NoFloorPosition(floor, supports) => {
                colour_arg(Phrase::new("villa-error-no-floor-position"), "floor", floor)
                    .count("supports", *supports)
            }
            E::FloorOffBase(at, floor) => colour_arg(
                Phrase::new("villa-error-floor-off-base").text("at", at),
                "floor",
                floor,
            ),
            E::TooFewSupports(at, floor, got, need) => colour_arg(
                Phrase::new("villa-error-too-few-supports").text("at", at),
                "floor",
                floor,
            )
            .count("got", *got)
            .count("need", *need),
            E::FloorWouldFall(at) => Phrase::new("villa-error-floor-would-fall").text("at", at),
            E::NothingToObject => Phrase::new("villa-error-nothing-to-object"),
            E::NothingToChallenge => Phrase::new("villa-error-nothing-to-challenge"),
            E::NotObjectors(column) => {
                Phrase::new("villa-error-not-objectors").text("column", column)
            }
            E::NotProposers(column) => {
                Phrase::new("villa-error-not-proposers").text("column", column)
            }
        }
    }
}

/// Villa Paletti.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Villa {
    rng: GameRng,
    players: usize,
    options: VillaOptions,
    /// Owner of each colour; `None` is the neutral colour (3 players).
    owners: Vec<Option<Seat>>,
    columns: Vec<Column>,
    /// Positions of the floors built so far (floor k at index k − 1).
    floors: Vec<P>,
    phase: Phase,
    /// The player whose turn it is.
    turn: Seat,
    seal: Seal,
    ending: Option<Ending>,
    /// Completed turns.
    turns: u32,
    /// The top floor's geometry, kept until the tower changes (never stored: it is
    /// worked out again from `floors` after loading).
    #[serde(skip)]
    top_cache: OnceLock<std::sync::Arc<model::TopGeometry>>,
    /// Hulls of the supporters met lately, for the margins (never stored).
    #[serde(skip)]
    hulls: model::HullMemo,
    /// The next floor's positions over the current tower, once worked out (never
    /// stored: a pure function of the tower, worked out again when needed).
    #[serde(skip)]
    floor_memo: places::FloorMemo,
}

/// One column in the public view.
#[derive(Debug, Clone, Serialize)]
pub struct ColumnView {
    pub id: ColId,
    pub name: String,
    pub colour: u8,
    pub owner: Option<Seat>,
    pub level: u8,
    pub pos: P,
    pub frozen: bool,
    pub gone: bool,
    pub on: Option<ColId>,
    pub placed: bool,
    /// Holds up the floor above its level (its centre is under that floor).
    pub supporting: bool,
    /// Being pulled right now.
    pub in_hand: bool,
}

/// Everything anyone can see (Villa Paletti has no hidden information). Never margins or
/// centres of mass.
#[derive(Debug, Clone, Serialize)]
pub struct VillaView {
    pub players: usize,
    pub owners: Vec<Option<Seat>>,
    pub floors: Vec<P>,
    pub columns: Vec<ColumnView>,
    pub phase: Phase,
    pub turn: Seat,
    pub seal: Seal,
    pub scores: Vec<i64>,
    pub ending: Option<Ending>,
    /// The labelled grid of the top floor (or the base plate in a custom setup).
    pub grid: Grid,
    pub awaiting: Vec<Seat>,
    /// The feel word of the current half-pulled column, said aloud.
    pub feel: Option<String>,
    pub turns: u32,
    pub min_supports_from_orange: u8,
}

impl VillaView {
    /// The columns standing in the tower now (placed, not taken out).
    pub fn present(&self) -> impl Iterator<Item = &ColumnView> {
        self.columns.iter().filter(|c| c.placed && !c.gone)
    }

    /// The names of the columns out of the game.
    pub fn gone(&self) -> Vec<String> {
        self.columns
            .iter()
            .filter(|c| c.gone)
            .map(|c| c.name.clone())
            .collect()
    }
}

/// A seat's view: the same as everyone's, plus which colours are theirs.
#[derive(Debug, Clone, Serialize)]
pub struct VillaPrivate {
    pub seat: Seat,
    pub view: VillaView,
}

impl Villa {
    fn colour_of(c: ColId) -> u8 {
        c / PER_COLOUR as u8
    }
    /// The type of a column.
    pub fn kind_of(c: ColId) -> ColumnType {
        column_type(c as usize % PER_COLOUR)
    }
    fn owner(&self, c: ColId) -> Option<Seat> {
        self.owners
            .get(Self::colour_of(c) as usize)
            .copied()
            .flatten()
    }
    fn col(&self, c: ColId) -> Option<&Column> {
        self.columns.get(c as usize)
    }
    fn name(c: ColId) -> String {
        column_name(c)
    }
    /// Floors built so far; the top level is this number.
    pub fn top(&self) -> usize {
        self.floors.len()
    }
    /// Number of players.
    pub fn players(&self) -> usize {
        self.players
    }
    /// Completed turns.
    pub fn turns(&self) -> u32 {
        self.turns
    }
    /// How the game ended, once over.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }
    /// The columns (for invariants and tests).
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }
    /// The seal.
    pub fn seal(&self) -> Seal {
        self.seal
    }
    /// The options.
    pub fn options(&self) -> &VillaOptions {
        &self.options
    }
    /// The current phase.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    /// Floor positions.
    pub fn floors(&self) -> &[P] {
        &self.floors
    }

    /// The true margin of the villa as it stands (tests and the simulation's statistics
    /// only: players never see it).
    pub fn true_margin(&self) -> f64 {
        self.margin_of(&self.floors, &self.pieces(None))
    }

    /// The margin of floors and pieces ([`model::margin`]), reusing hulls met before.
    fn margin_of(&self, floors: &[P], pieces: &[model::Piece]) -> f64 {
        model::margin_with(floors, pieces, &self.hulls)
    }

    /// The pieces the model sees, leaving out `without`.
    fn pieces(&self, without: Option<ColId>) -> Vec<model::Piece> {
        self.pieces_without(without.as_slice())
    }

    /// The pieces standing, but for these columns.
    fn pieces_without(&self, without: &[ColId]) -> Vec<model::Piece> {
        let mut out = Vec::with_capacity(self.columns.len());
        out.extend(
            self.columns
                .iter()
                .enumerate()
                .filter(|(i, c)| c.placed && !c.gone && !without.contains(&(*i as ColId)))
                .map(|(i, c)| model::Piece {
                    kind: Self::kind_of(i as ColId),
                    level: c.level as usize,
                    pos: c.pos,
                }),
        );
        out
    }

    /// Does column `c` hold up the floor above its level?
    pub fn is_supporting(&self, c: ColId) -> bool {
        let Some(col) = self.col(c) else { return false };
        let k = col.level as usize + 1;
        col.placed
            && !col.gone
            && k <= self.top()
            && model::supports(k, self.floors[k - 1], col.pos)
    }

    /// The current grid of placement points.
    pub fn grid(&self) -> Grid {
        match self.top_geometry() {
            None => Grid::base(),
            Some(top) => top.grid,
        }
    }

    /// The top floor's geometry (none before the blue floor is placed): the kept one, or
    /// worked out afresh should the kept one be for another tower.
    fn top_geometry(&self) -> Option<std::sync::Arc<model::TopGeometry>> {
        let (k, pos) = (self.top(), *self.floors.last()?);
        let kept = self
            .top_cache
            .get_or_init(|| model::TopGeometry::shared(k, pos));
        Some(if kept.is_for(k, pos) {
            std::sync::Arc::clone(kept)
        } else {
            model::TopGeometry::shared(k, pos)
        })
    }

    /// Sets the floors (the tower changed): the kept top-floor geometry is dropped.
    fn set_floors(&mut self, floors: Vec<P>) {
        self.floors = floors;
        self.top_cache = OnceLock::new();
    }

    /// A player's points: their columns on the top level, from the green floor on.
    pub fn score(&self, seat: Seat) -> i64 {
        if self.top() < 2 {
            return 0;
        }
        self.columns
            .iter()
            .enumerate()
            .filter(|(i, c)| {
                !c.gone
                    && c.placed
                    && c.level as usize == self.top()
                    && self.owner(*i as ColId) == Some(seat)
            })
            .map(|(i, _)| Self::kind_of(i as ColId).points)
            .sum()
    }

    fn feel_word(&self) -> Option<String> {
        match &self.phase {
            Phase::Feel { feel, .. } => data::FEEL_WORDS.get(*feel as usize).map(|s| s.to_string()),
            _ => None,
        }
    }
}

impl Game for Villa {
    const ID: &'static str = "villa";
    const TITLE: &'static str = "Villa Paletti";
    const PLAYERS: (usize, usize) = (2, 4);
    type Options = VillaOptions;
    type Action = VillaAction;
    type Event = VillaEvent;
    type Error = VillaError;
    type PublicView = VillaView;
    type PrivateView = VillaPrivate;

    fn new(players: usize, options: &VillaOptions, seed: u64) -> Result<Self, SetupError> {
        SetupError::check_players::<Self>(players)?;
        if !(2..=3).contains(&options.min_supports_from_orange) {
            return Err(SetupError::BadOption(format!(
                "min_supports_from_orange must be 3 (the rule) or 2 (the variant), not {}",
                options.min_supports_from_orange
            )));
        }
        let owners: Vec<Option<Seat>> = match players {
            2 => vec![Some(0), Some(1), Some(0), Some(1)],
            3 => vec![Some(0), Some(1), Some(2), None],
            _ => (0..4).map(Some).collect(),
        };
        // The last seat had no choice of colour and starts.
        let start = players - 1;
        let mut columns = vec![
            Column {
                level: 0,
                pos: (0.0, 0.0),
                frozen: false,
                gone: false,
                on: None,
                placed: false
            };
            COLUMNS
        ];
        let (floors, phase) = match options.setup {
            SetupMode::Fair => {
                for &(colour, slot, x, y) in FAIR_LAYOUT.iter() {
                    if let Some(c) = columns.get_mut(colour * PER_COLOUR + slot) {
                        c.pos = (x, y);
                        c.placed = true;
                    }
                }
                (
                    vec![(0.0, 0.0)],
                    Phase::Turn {
                        seat: start,
                        stage: Stage::Begin,
                    },
                )
            }
            SetupMode::Custom => (vec![], Phase::SetupColumns { placer: start }),
        };
        debug_assert_eq!(COLOURS.len() * PER_COLOUR, COLUMNS);
        Ok(Villa {
            rng: rng_from_seed(seed),
            players,
            options: options.clone(),
            owners,
            columns,
            floors,
            phase,
            turn: start,
            seal: Seal::default(),
            ending: None,
            turns: 0,
            top_cache: OnceLock::new(),
            hulls: model::HullMemo,
            floor_memo: places::FloorMemo::default(),
        })
    }

    fn apply(&mut self, seat: Seat, action: &VillaAction) -> Result<Vec<VillaEvent>, VillaError> {
        let mut events = vec![];
        self.apply_into(seat, action, &mut events)?;
        Ok(events)
    }

    fn apply_into(
        &mut self,
        seat: Seat,
        action: &VillaAction,
        events: &mut Vec<VillaEvent>,
    ) -> Result<(), VillaError> {
        // `act` checks every precondition before it touches the state, so a refused
        // action leaves the villa as it was without a copy.
        self.act_into(seat, action, events)
    }

    fn awaiting(&self) -> Vec<Seat> {
        let mut out = Vec::with_capacity(1);
        self.awaiting_into(&mut out);
        out
    }

    fn awaiting_into(&self, out: &mut Vec<Seat>) {
        out.clear();
        out.extend(self.awaited());
    }

    fn legal_actions(&self, seat: Seat) -> Vec<VillaAction> {
        let mut out = vec![];
        self.legal_actions_into(seat, &mut out);
        out
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<VillaAction>) {
        out.clear();
        if self.awaits(seat) {
            self.legal_into(seat, out);
        }
    }

    fn pick_legal(
        &self,
        seat: Seat,
        pick: &mut dyn FnMut(usize) -> usize,
        scratch: &mut Vec<VillaAction>,
    ) -> Option<VillaAction> {
        self.pick_legal_action(seat, pick, scratch)
    }

    fn undoable(before: &Self, _seat: Seat, _action: &VillaAction, after: &Self) -> bool {
        undo::undoable(before, after)
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<VillaAction, ParseError> {
        text::parse(self, seat, text)
    }

    fn public_view(&self) -> VillaView {
        let in_hand = match &self.phase {
            Phase::Feel { col, .. } => Some(*col),
            _ => None,
        };
        VillaView {
            players: self.players,
            owners: self.owners.clone(),
            floors: self.floors.clone(),
            columns: self
                .columns
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let id = i as ColId;
                    ColumnView {
                        id,
                        name: Self::name(id),
                        colour: Self::colour_of(id),
                        owner: self.owner(id),
                        level: c.level,
                        pos: c.pos,
                        frozen: c.frozen,
                        gone: c.gone,
                        on: c.on,
                        placed: c.placed,
                        supporting: self.is_supporting(id),
                        in_hand: in_hand == Some(id),
                    }
                })
                .collect(),
            phase: self.phase.clone(),
            turn: self.turn,
            seal: self.seal,
            scores: (0..self.players).map(|s| self.score(s)).collect(),
            ending: self.ending,
            grid: self.grid(),
            awaiting: self.awaiting(),
            feel: self.feel_word(),
            turns: self.turns,
            min_supports_from_orange: self.options.min_supports_from_orange,
        }
    }

    fn private_view(&self, seat: Seat) -> VillaPrivate {
        VillaPrivate {
            seat,
            view: self.public_view(),
        }
    }

    fn score_estimate(&self) -> Option<Vec<f64>> {
        Some(estimate::score_estimate(self))
    }

    fn rule_of_thumb(
        &self,
        seat: Seat,
        legal: &[VillaAction],
        craft: crate::engine::Craft,
    ) -> Option<crate::engine::Thumb> {
        thumb::rule_of_thumb(self, seat, legal, craft)
    }

    /// At three or more players: there the rules read the seal and a few odds. At two they
    /// weigh the steadiness of every column's moves, and a hard search playing them at
    /// every node took six times the CPU (docs/ai.md).
    fn rules_of_thumb_in_search(&self) -> bool {
        self.players > 2
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        determinize::determinize(self, seat, rng)
    }

    fn outcome(&self) -> Option<Outcome> {
        let ending = self.ending?;
        let winner = match ending {
            Ending::Collapse { by } if self.seal.holder == Some(by) => self.seal.previous,
            _ => self.seal.holder,
        };
        let results = (0..self.players)
            .map(|seat| {
                let seal = if self.seal.holder == Some(seat) { 1 } else { 0 };
                PlayerResult {
                    seat,
                    total: self.score(seat),
                    breakdown: vec![
                        ScoreLine::new("points on the top level", self.score(seat))
                            .with_phrase(Phrase::new("villa-score-top-level")),
                        ScoreLine::new("holds the Master Builder seal", seal)
                            .with_phrase(Phrase::new("villa-score-seal")),
                    ],
                    tiebreak: None,
                }
            })
            .collect();
        let (note, note_phrase) = text::ending_note(ending, self.seal, winner);
        Some(
            Outcome {
                results,
                winners: winner.into_iter().collect(),
                losers: match ending {
                    Ending::Collapse { by } => vec![by],
                    _ => Vec::new(),
                },
                note: Some(note),
                note_phrase: None,
            }
            .with_note_phrase(note_phrase),
        )
    }

    fn absent_move(
        public: &VillaView,
        private: &VillaPrivate,
        seat: Seat,
        legal: &[VillaAction],
        absent: Absent,
    ) -> Option<usize> {
        absent::absent_move(public, private, seat, legal, absent)
    }

    fn render_public(view: &VillaView, _names: &[String], say: &dyn crate::phrase::Say) -> String {
        draw::render(view, say)
    }

    fn render_headline(
        view: &VillaView,
        _names: &[String],
        say: &dyn crate::phrase::Say,
    ) -> String {
        draw::headline(view, say)
    }

    fn render_private(
        view: &VillaPrivate,
        _names: &[String],
        say: &dyn crate::phrase::Say,
    ) -> String {
        draw::render_private(view, say)
    }

    fn rules_text() -> &'static str {
        include_str!("rules.md")
    }

    fn command_help() -> &'static [CommandHelp] {
        text::COMMANDS
    }
}
