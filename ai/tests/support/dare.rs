//! "Dare", a three-move game for testing how the search models seats that play by rules
//! of thumb. Moves are numbers, 1 or 2:
//! - seat 0 opens: 1 is safe (the game ends drawn), 2 is a dare;
//! - after a dare, seat 1 answers: 2 punishes it (seat 1 wins), 1 misses;
//! - after a miss, seat 0 closes: 1 takes the win, 2 drops it (seat 1 wins).
//!
//! Searched on its own, seat 1 punishes every dare, so seat 0 plays safe. The rules of
//! thumb are careless at the common craft (seat 1 misses, seat 0 drops) and careful at the
//! expert one (seat 1 punishes, seat 0 takes).

use rules::engine::{Audience, GameEvent, Outcome, ParseError, PlayerResult, SetupError};
use rules::views::{PrivatePicture, PublicPicture};
use rules::{Craft, Game, Phrase, Seat, Thumb};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Dare {
    /// The numbers played so far.
    pub played: Vec<u32>,
}

#[derive(Debug, Clone, Serialize)]
pub struct DareView;

impl From<DareView> for PublicPicture {
    fn from(_: DareView) -> Self {
        PublicPicture::None
    }
}

impl From<DareView> for PrivatePicture {
    fn from(_: DareView) -> Self {
        PrivatePicture::None
    }
}

#[derive(Debug, Clone)]
pub struct Played(u32);

impl GameEvent for Played {
    fn audience(&self) -> Audience {
        Audience::Everyone
    }
    fn narrate(&self, _names: &[String]) -> String {
        format!("{} played.", self.0)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct NotNow;

impl std::fmt::Display for NotNow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("That move is not open now.")
    }
}

impl std::error::Error for NotNow {}

impl rules::phrase::Phrased for NotNow {
    fn phrase(&self) -> Phrase {
        Phrase::new("dare-not-now")
    }
}

impl Dare {
    /// Who wins, once the game is over: `None` for a draw.
    fn winner(&self) -> Option<Option<Seat>> {
        match self.played[..] {
            [1] => Some(None),
            [2, 2] | [2, 1, 2] => Some(Some(1)),
            [2, 1, 1] => Some(Some(0)),
            _ => None,
        }
    }

    fn mover(&self) -> Option<Seat> {
        match self.played[..] {
            [] | [2, 1] => Some(0),
            [2] => Some(1),
            _ => None,
        }
    }
}

impl Game for Dare {
    const ID: &'static str = "dare";
    const TITLE: &'static str = "Dare (test)";
    const PLAYERS: (usize, usize) = (2, 2);
    type Options = ();
    type Action = u32;
    type Event = Played;
    type Error = NotNow;
    type PublicView = DareView;
    type PrivateView = DareView;

    fn new(players: usize, _options: &(), _seed: u64) -> Result<Self, SetupError> {
        SetupError::check_players::<Self>(players)?;
        Ok(Dare::default())
    }
    fn apply(&mut self, seat: Seat, action: &u32) -> Result<Vec<Played>, NotNow> {
        if self.mover() != Some(seat) || !matches!(action, 1 | 2) {
            return Err(NotNow);
        }
        self.played.push(*action);
        Ok(vec![Played(*action)])
    }
    fn awaiting(&self) -> Vec<Seat> {
        self.mover().into_iter().collect()
    }
    fn legal_actions(&self, seat: Seat) -> Vec<u32> {
        if self.mover() == Some(seat) {
            vec![1, 2]
        } else {
            vec![]
        }
    }
    fn parse_action(&self, _seat: Seat, text: &str) -> Result<u32, ParseError> {
        text.trim()
            .parse()
            .map_err(|_| ParseError::new(format!("`{text}` is not 1 or 2.")))
    }
    fn public_view(&self) -> DareView {
        DareView
    }
    fn private_view(&self, _seat: Seat) -> DareView {
        DareView
    }
    fn is_over(&self) -> bool {
        self.winner().is_some()
    }
    fn outcome(&self) -> Option<Outcome> {
        let winner = self.winner()?;
        let results = (0..2)
            .map(|seat| PlayerResult {
                seat,
                total: i64::from(winner == Some(seat)),
                breakdown: vec![],
                tiebreak: None,
            })
            .collect();
        Some(Outcome::by_total_then_tiebreak(results, None))
    }
    fn absent_move(
        _public: &DareView,
        _private: &DareView,
        _seat: Seat,
        legal: &[u32],
        _absent: rules::Absent,
    ) -> Option<usize> {
        (!legal.is_empty()).then_some(0)
    }
    /// Careless at the common craft, careful at the expert one; seat 0's opening is left
    /// to the search.
    fn rule_of_thumb(&self, seat: Seat, legal: &[u32], craft: Craft) -> Option<Thumb> {
        let careful = craft == Craft::Expert;
        let wanted = match (&self.played[..], seat) {
            ([2], 1) => {
                if careful {
                    2
                } else {
                    1
                }
            }
            ([2, 1], 0) => {
                if careful {
                    1
                } else {
                    2
                }
            }
            _ => return None,
        };
        Some(Thumb {
            index: legal.iter().position(|&a| a == wanted)?,
            why: Phrase::new("dare-rule"),
        })
    }
    fn rules_of_thumb_in_search(&self) -> bool {
        true
    }
    fn determinize(&self, _seat: Seat, _rng: &mut rules::engine::GameRng) -> Self {
        self.clone()
    }
    fn undoable(_before: &Self, _seat: Seat, _action: &u32, _after: &Self) -> bool {
        false
    }
    fn render_public(_view: &DareView, _names: &[String], _say: &dyn rules::Say) -> String {
        String::new()
    }
    fn render_private(_view: &DareView, _names: &[String], _say: &dyn rules::Say) -> String {
        String::new()
    }
    fn rules_text() -> &'static str {
        "Dare: open safe or dare; a dare is punished or missed; a miss is taken or dropped."
    }
    fn command_help() -> &'static [rules::engine::CommandHelp] {
        &[]
    }
}
