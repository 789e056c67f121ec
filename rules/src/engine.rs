//! The shape every game engine follows (see `shared/DESIGN.md`).
//!
//! A game is a value advanced only by [`Game::apply`]. All randomness comes from a seeded,
//! serializable RNG stored inside the state, so `(seed, options, action log)` replays the
//! game bit for bit. Public and private views are separate types and the text renderers
//! take only a view, which is how hidden information stays out of channel messages.

use crate::phrase::{Phrase, Say};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt::{Debug, Display};

/// A seat at the table, `0..players`, in clockwise (turn) order.
pub type Seat = usize;

/// The deterministic RNG every engine keeps in its state (serializable, portable).
pub type GameRng = rand_chacha::ChaCha8Rng;

/// Builds the game RNG from a seed.
pub fn rng_from_seed(seed: u64) -> GameRng {
    use rand::SeedableRng;
    GameRng::seed_from_u64(seed)
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{game} is played by {min} to {max} players, not {got}.")]
    PlayerCount {
        game: &'static str,
        min: usize,
        max: usize,
        got: usize,
    },
    #[error("Bad game option: {0}")]
    BadOption(String),
}

impl SetupError {
    /// Checks `players` against the game's range.
    pub fn check_players<G: Game>(players: usize) -> Result<(), SetupError> {
        let (min, max) = G::PLAYERS;
        if players < min || players > max {
            return Err(SetupError::PlayerCount {
                game: G::TITLE,
                min,
                max,
                got: players,
            });
        }
        Ok(())
    }
}

/// Why a line of text is not an action of this game. The message is shown to the player;
/// the phrase, when the parser gave one, puts it into the reader's language.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseError(pub String, pub Option<crate::phrase::Phrase>);

impl ParseError {
    /// A parse error whose sentence exists in English only (passed through as it is).
    pub fn new(msg: impl Into<String>) -> Self {
        ParseError(msg.into(), None)
    }

    /// A parse error from a [`crate::phrase::Phrased`] value: its English `Display` and
    /// its phrase.
    pub fn phrased<E: std::fmt::Display + crate::phrase::Phrased>(e: &E) -> Self {
        ParseError(e.to_string(), Some(e.phrase()))
    }
}

impl crate::phrase::Phrased for SetupError {
    fn phrase(&self) -> crate::phrase::Phrase {
        use crate::phrase::Phrase;
        match self {
            SetupError::PlayerCount {
                game,
                min,
                max,
                got,
            } => Phrase::new("setup-error-player-count")
                .text("game", game)
                .count("min", *min)
                .count("max", *max)
                .count("got", *got),
            SetupError::BadOption(text) => Phrase::new("setup-error-bad-option").text("text", text),
        }
    }
}

/// A parse error's phrase when it has one; else the parser's own sentence (which quotes
/// the typed command words, the same in every language), passed through.
impl crate::phrase::Phrased for ParseError {
    fn phrase(&self) -> crate::phrase::Phrase {
        match &self.1 {
            Some(phrase) => phrase.clone(),
            None => crate::phrase::Phrase::new("parse-error").text("text", &self.0),
        }
    }
}

/// Who may learn a fact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    /// Everyone at the table (a channel message).
    Everyone,
    /// Only this seat (a private message).
    Seat(Seat),
}

/// A fact the table narrates after an action ("Ana won the auction for 2 tiles with 18").
pub trait GameEvent {
    /// Who may see this fact.
    fn audience(&self) -> Audience;
    /// The sentence shown, with players named by seat.
    fn narrate(&self, names: &[String]) -> String;
    /// The same sentence as a phrase, for games whose narration is in the Fluent files
    /// (`events.ftl`); `None` where it is still English only.
    fn phrased(&self) -> Option<crate::phrase::Phrase> {
        None
    }
}

/// One line of a player's final score breakdown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreLine {
    /// The line's English label (what archived results keep).
    pub label: String,
    pub points: i64,
    /// The label as a phrase, for the reader's language (not stored: a finished game's
    /// lines are worked out again from its final state when shown).
    #[serde(skip)]
    pub phrase: Option<Phrase>,
}

impl ScoreLine {
    pub fn new(label: impl Into<String>, points: i64) -> Self {
        ScoreLine {
            label: label.into(),
            points,
            phrase: None,
        }
    }

    /// The same line, whose label reads as `phrase` in the reader's language.
    pub fn with_phrase(mut self, phrase: Phrase) -> Self {
        self.phrase = Some(phrase);
        self
    }
}

/// A player's final result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerResult {
    pub seat: Seat,
    pub total: i64,
    /// Where the total comes from (per palace, per building, per card…).
    pub breakdown: Vec<ScoreLine>,
    /// The tie-break value, when the game has one, with its meaning.
    pub tiebreak: Option<ScoreLine>,
}

/// Final scores with the game's tie-breaks applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// One result per seat, in seat order.
    pub results: Vec<PlayerResult>,
    /// The winners (several on a shared win; none when the rules say nobody wins).
    pub winners: Vec<Seat>,
    /// Seats the rules say lost the game outright, whoever won (Villa Paletti: whoever
    /// collapsed the villa). Ratings place them after every other seat that stayed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub losers: Vec<Seat>,
    /// Why the game ended / a note on the result, when useful (English).
    pub note: Option<String>,
    /// The note as a phrase, for the reader's language (not stored, as
    /// [`ScoreLine::phrase`]).
    #[serde(skip)]
    pub note_phrase: Option<Phrase>,
}

impl Outcome {
    /// The same outcome, whose note reads as `phrase` in the reader's language.
    pub fn with_note_phrase(mut self, phrase: Phrase) -> Outcome {
        self.note_phrase = Some(phrase);
        self
    }

    /// Winners by highest total, then highest tie-break value; ties share the win.
    pub fn by_total_then_tiebreak(results: Vec<PlayerResult>, note: Option<String>) -> Outcome {
        let key = |r: &PlayerResult| (r.total, r.tiebreak.as_ref().map_or(0, |t| t.points));
        let best = results.iter().map(key).max();
        let winners = results
            .iter()
            .filter(|r| Some(key(r)) == best)
            .map(|r| r.seat)
            .collect();
        Outcome {
            results,
            winners,
            losers: Vec::new(),
            note,
            note_phrase: None,
        }
    }

    /// A plain-text table of the result in English: what the engines' tests and fixtures
    /// record. The bot writes final scores in the reader's language from the phrases
    /// (`table::text::outcome`, whose English equals this word for word).
    pub fn render(&self, names: &[String]) -> String {
        let name = |s: Seat| {
            names
                .get(s)
                .cloned()
                .unwrap_or_else(|| format!("seat {}", s + 1))
        };
        let mut out = String::from("**Final scores**\n");
        let mut order: Vec<&PlayerResult> = self.results.iter().collect();
        order.sort_by_key(|r| {
            (
                std::cmp::Reverse(r.total),
                std::cmp::Reverse(r.tiebreak.as_ref().map_or(0, |t| t.points)),
                r.seat,
            )
        });
        for r in order {
            let crown = if self.winners.contains(&r.seat) {
                " 🏆"
            } else {
                ""
            };
            out.push_str(&format!("{}: {}{}\n", name(r.seat), r.total, crown));
            for line in &r.breakdown {
                out.push_str(&format!("  · {}: {}\n", line.label, line.points));
            }
            if let Some(t) = &r.tiebreak {
                out.push_str(&format!("  · tie-break, {}: {}\n", t.label, t.points));
            }
        }
        match self.winners.as_slice() {
            [] => out.push_str("Nobody wins.\n"),
            [w] => out.push_str(&format!("{} wins!\n", name(*w))),
            ws => {
                let list: Vec<String> = ws.iter().map(|w| name(*w)).collect();
                out.push_str(&format!("Shared win: {}.\n", list.join(", ")));
            }
        }
        if let Some(note) = &self.note {
            out.push_str(note);
            out.push('\n');
        }
        out
    }
}

/// What a seat whose time ran out does (the table's timeout policy picks one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Absent {
    /// The game's default move for the decision at hand (documented in the rules text).
    Auto,
    /// A pass, only where the rules allow passing.
    Pass,
}

/// The index of the action in `legal` with the highest `key` (the first listed on a tie);
/// actions whose key is `None` are never chosen. A helper for [`Game::absent_move`].
pub fn best_index<A, K: Ord>(legal: &[A], mut key: impl FnMut(&A) -> Option<K>) -> Option<usize> {
    let mut best: Option<(usize, K)> = None;
    for (i, a) in legal.iter().enumerate() {
        if let Some(k) = key(a) {
            if !matches!(&best, Some((_, b)) if k <= *b) {
                best = Some((i, k));
            }
        }
    }
    best.map(|(i, _)| i)
}

/// One command a player can type, for help texts: syntax, what it does, an example.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandHelp {
    pub syntax: &'static str,
    /// What the command does, in English.
    pub meaning: &'static str,
    /// The meaning's Fluent key, for the reader's language.
    pub meaning_key: &'static str,
    pub example: &'static str,
}

/// Which rules of thumb a bot knows ([`Game::rule_of_thumb`]): the common ones every
/// searching level plays, or those plus the ones only the hard level plays (measured
/// against the common set, so that a stronger level is stronger in play, not only in
/// thinking time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Craft {
    /// Easy and normal bots.
    Common,
    /// Hard bots: the common rules and the expert ones (Villa Paletti's holder, at three or
    /// more players, raises its score).
    Expert,
}

/// A bot's move by rule of thumb ([`Game::rule_of_thumb`]): which legal move, and the
/// sentence that says why (a hint shows it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thumb {
    /// Index into `legal_actions(seat)`.
    pub index: usize,
    /// Why this move, in the reader's words once rendered.
    pub why: crate::phrase::Phrase,
}

/// The action at index `pick(n)` of `game`'s legal actions for `seat`, listed into
/// `scratch`: [`Game::pick_legal`] the plain way, which the engines that count some
/// choices still take for the others.
pub fn pick_listed<G: Game>(
    game: &G,
    seat: Seat,
    pick: &mut dyn FnMut(usize) -> usize,
    scratch: &mut Vec<G::Action>,
) -> Option<G::Action> {
    game.legal_actions_into(seat, scratch);
    if scratch.is_empty() {
        return None;
    }
    scratch.get(pick(scratch.len())).cloned()
}

/// A game engine. Implementors are pure values: no I/O, no clocks, no global RNG.
pub trait Game: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Short id used in commands and storage (`palazzo`).
    const ID: &'static str;
    /// The game's display title (`Palazzo`).
    const TITLE: &'static str;
    /// Inclusive player range.
    const PLAYERS: (usize, usize);

    /// Table options (`key=value` pairs become this via serde; unknown keys are refused).
    type Options: Clone + Debug + Default + Serialize + DeserializeOwned + Send + Sync;
    /// A player's move. `Display` prints the canonical text that `parse_action` reads back.
    type Action: Clone + Debug + PartialEq + Display + Serialize + DeserializeOwned + Send + Sync;
    /// Facts narrated after an action.
    type Event: GameEvent + Clone + Debug;
    /// A refused action; `Display` is the rule's sentence shown to the player.
    type Error: std::error::Error + Clone + PartialEq + crate::phrase::Phrased;
    /// What everyone may see (and all a public picture is drawn from).
    type PublicView: Clone + Debug + Serialize + Into<crate::views::PublicPicture>;
    /// What one seat may see (their own secrets only; all a private picture is drawn from).
    type PrivateView: Clone + Debug + Serialize + Into<crate::views::PrivatePicture>;

    /// Sets a game up for `players` seats.
    fn new(players: usize, options: &Self::Options, seed: u64) -> Result<Self, SetupError>;
    /// Applies `seat`'s action. On `Err` the state is exactly as before.
    fn apply(&mut self, seat: Seat, action: &Self::Action)
        -> Result<Vec<Self::Event>, Self::Error>;
    /// Whose input the game waits for (empty when over).
    fn awaiting(&self) -> Vec<Seat>;
    /// What `seat` may do now (meaningful choices, not every permutation).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;
    /// [`Game::awaiting`] written into `out` (cleared first). Playouts and searches call
    /// these `_into` forms at every move, reusing one buffer instead of a new list.
    fn awaiting_into(&self, out: &mut Vec<Seat>) {
        out.clear();
        out.extend(self.awaiting());
    }
    /// [`Game::legal_actions`] written into `out` (cleared first): the same actions in
    /// the same order.
    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Self::Action>) {
        out.clear();
        out.extend(self.legal_actions(seat));
    }
    /// The action at index `pick(n)` of `legal_actions(seat)`, where `n` is how many there
    /// are (`pick` is called once, only when `n > 0`, and must answer below `n`); `None`
    /// when `seat` has none. `scratch` is the caller's buffer, its contents unspecified
    /// after. A random playout needs one action, not the list: engines whose lists are
    /// long override this to count and index them without building them.
    fn pick_legal(
        &self,
        seat: Seat,
        pick: &mut dyn FnMut(usize) -> usize,
        scratch: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        pick_listed(self, seat, pick, scratch)
    }
    /// [`Game::apply`] with its events written into `events` (cleared first): the same
    /// state change, the same refusals.
    fn apply_into(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), Self::Error> {
        events.clear();
        events.extend(self.apply(seat, action)?);
        Ok(())
    }
    /// Reads a typed command (`bid R4 G4 B4`) for `seat` in the current state.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Self::Action, ParseError>;
    fn public_view(&self) -> Self::PublicView;
    fn private_view(&self, seat: Seat) -> Self::PrivateView;
    fn is_over(&self) -> bool;
    /// Final scores once the game is over; `None` before.
    fn outcome(&self) -> Option<Outcome>;

    /// The move an absent seat makes: an index into `legal` (`legal_actions(seat)`), chosen
    /// only from what that seat may know (the public view and its own private view).
    /// `Absent::Auto` answers whenever `legal` is not empty (deterministically, with the
    /// default move the rules text documents under "When a player times out");
    /// `Absent::Pass` answers only with a pass the rules allow, else `None`.
    fn absent_move(
        public: &Self::PublicView,
        private: &Self::PrivateView,
        seat: Seat,
        legal: &[Self::Action],
        absent: Absent,
    ) -> Option<usize>;

    /// A quick, sensible move for `seat` in a bot's playout, on a full state a bot
    /// sampled with [`Game::determinize`]: by default the `Absent::Auto` move from the
    /// seat's views. A game overrides it where building the views costs more than the move.
    fn playout_move(&self, seat: Seat, legal: &[Self::Action]) -> Option<usize> {
        Self::absent_move(
            &self.public_view(),
            &self.private_view(seat),
            seat,
            legal,
            Absent::Auto,
        )
    }

    /// A move a bot plays without searching, where the search is known to misjudge the
    /// spot (a rule of thumb, with why), decided only from what `seat` may know: its
    /// result must not change when [`Game::determinize`] resamples the hidden parts.
    /// `craft` says which rules the bot knows. `None` (the default) leaves the move to
    /// the search.
    fn rule_of_thumb(&self, seat: Seat, legal: &[Self::Action], craft: Craft) -> Option<Thumb> {
        let _ = (seat, legal, craft);
        None
    }

    /// Whether a search at this table may also play the rules of thumb inside its tree, at
    /// every spot below the root (a level that asks for it: hard). They must be cheap
    /// enough to ask at every new node, and public, so a node's rule holds in every sample.
    /// `false` (the default): the tree searches every spot.
    fn rules_of_thumb_in_search(&self) -> bool {
        false
    }

    /// A full state `seat` cannot tell apart from this one: everything the seat cannot see
    /// (opponents' hands, the order of draw piles and bags, the RNG behind future chance)
    /// resampled with `rng`, consistently with all the seat has seen. What it returns
    /// depends only on the seat's knowledge and `rng`, so a bot searching it cannot cheat.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self;

    /// A cheap guess of every seat's final score (seat order, higher is better) from the
    /// full state, for a bot's playouts cut short; `None` when the game offers none.
    fn score_estimate(&self) -> Option<Vec<f64>> {
        None
    }

    /// Whether `seat`'s `action`, which turned `before` into `after`, may be taken back
    /// (`/game undo`): only when it revealed nothing hidden or random — no card drawn or
    /// turned up, no bag or stack drawn, no shuffle, no chance outcome (see
    /// [`same_chance`]) — and taking it back tells nobody a secret. Then replaying the
    /// log without it gives `before` and nobody learned anything they should not have.
    fn undoable(before: &Self, seat: Seat, action: &Self::Action, after: &Self) -> bool;

    /// The board as chat text, built from the public view only, every sentence put into
    /// words by `say` (the reader's language).
    fn render_public(view: &Self::PublicView, names: &[String], say: &dyn Say) -> String;
    /// The board's first line alone (the title, whose turn, the round): what a turn
    /// message says of the board. Games whose board is costly to write override it.
    fn render_headline(view: &Self::PublicView, names: &[String], say: &dyn Say) -> String {
        let board = Self::render_public(view, names, say);
        board.lines().next().unwrap_or_default().to_string()
    }
    /// A player's private message, built from their private view only, in `say`'s
    /// language.
    fn render_private(view: &Self::PrivateView, names: &[String], say: &dyn Say) -> String;
    /// A passing fact of the seat's current decision (how far a bid can go), shown with
    /// the move panel rather than in the live hand; from the private view only.
    fn render_decision_note(
        _view: &Self::PrivateView,
        _names: &[String],
        _say: &dyn Say,
    ) -> Option<String> {
        None
    }
    /// The rules digest shown by `rules`, including every decision the bot made.
    fn rules_text() -> &'static str;
    /// The commands a player types, with examples.
    fn command_help() -> &'static [CommandHelp];
}

/// The generic half of [`Game::undoable`]: chance was not consulted between the two
/// states (their RNGs are in the same position: no shuffle, no draw decided by chance,
/// no physics outcome).
pub fn same_chance(before: &GameRng, after: &GameRng) -> bool {
    before == after
}

/// Why a replay failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("setup failed: {0}")]
    Setup(#[from] SetupError),
    #[error("logged action #{index} ({action}) was refused on replay: {reason}")]
    Refused {
        index: usize,
        action: String,
        reason: String,
    },
}

/// Rebuilds a game from its seed, options and action log.
pub fn replay<G: Game>(
    players: usize,
    options: &G::Options,
    seed: u64,
    log: &[(Seat, G::Action)],
) -> Result<G, ReplayError> {
    let mut game = G::new(players, options, seed)?;
    for (index, (seat, action)) in log.iter().enumerate() {
        game.apply(*seat, action)
            .map_err(|e| ReplayError::Refused {
                index,
                action: action.to_string(),
                reason: e.to_string(),
            })?;
    }
    Ok(game)
}
