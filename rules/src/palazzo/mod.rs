//! Palazzo (Reiner Knizia): buy or auction building tiles with money cards of three
//! currencies and build palaces of increasing floors. The spec is
//! `shared/rules/palazzo.md`; `rules.md` beside this file is the player-facing summary.
//!
//! Here: the state and the [`Game`] entry points. Beside it: `data` (components),
//! `setup` (the opening table), `play` (check an action, then apply it), `auction`,
//! `legal` (the legal action lists), `money` (payments and bids), `sets` (the small
//! card and tile sets of actions and events), `scoring` (points and
//! the outcome), `views`, `actions` (commands and their parser), `events`, `errors`.

mod absent;
pub mod actions;
mod auction;
pub mod data;
pub mod determinize;
mod errors;
mod estimate;
pub mod events;
mod legal;
pub mod money;
mod play;
pub mod scoring;
pub mod sets;
mod setup;
mod undo;
pub mod views;

pub use actions::{PalazzoAction, Place};
pub use data::{Card, Currency, Material, StackItem, Tile};
pub use determinize::SeenMoney;
pub use errors::{Attempt, Moment, PalazzoError};
pub use events::PalazzoEvent;
pub use sets::{Cards, TileList};
pub use views::{ask_phrase, Ask, PalazzoPrivate, PalazzoPublic};

use crate::engine::{Absent, CommandHelp, Game, GameRng, Outcome, ParseError, Seat, SetupError};
use crate::seating::{OpenAuction, Responders};
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
    /// Money cards put in, face up (in card order).
    pub cards: Cards,
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
        /// Listed in card order (as it always was: the revealed cards are sorted).
        revealed: Cards,
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

/// The Palazzo game state. Fields are public for tests and tools; play changes them only
/// through [`Game::apply`]. Serialized field by field (see the `Serialize` impl below).
#[derive(Debug, Clone, Deserialize)]
pub struct Palazzo {
    pub rng: GameRng,
    pub players: usize,
    /// Whose turn it is (the player who chose this turn's action).
    pub active: Seat,
    pub phase: Phase,
    /// Hands (listed in card order).
    pub hands: Vec<Cards>,
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
    /// What everyone has seen of the face-down money (for determinization). Absent from
    /// snapshots written before it existed, and from JSON while nothing is recorded.
    #[serde(default, deserialize_with = "crate::dynamic::default_if_absent")]
    pub seen: SeenMoney,
}

/// The derived layout, except that JSON (human-readable) leaves out `seen` while nothing
/// is recorded, so states stored before the record existed read back byte for byte.
/// Binary snapshots (postcard, positional) always carry every field.
impl Serialize for Palazzo {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        // Destructured in full: a new field fails to compile until it is written here.
        let Palazzo {
            rng,
            players,
            active,
            phase,
            hands,
            pile,
            discard,
            stacks,
            supply,
            quarries,
            master,
            riders_drawn,
            palaces,
            boxed,
            seen,
        } = self;
        let skip_seen = s.is_human_readable() && seen.is_unused();
        let mut st = s.serialize_struct("Palazzo", if skip_seen { 14 } else { 15 })?;
        st.serialize_field("rng", rng)?;
        st.serialize_field("players", players)?;
        st.serialize_field("active", active)?;
        st.serialize_field("phase", phase)?;
        st.serialize_field("hands", hands)?;
        st.serialize_field("pile", pile)?;
        st.serialize_field("discard", discard)?;
        st.serialize_field("stacks", stacks)?;
        st.serialize_field("supply", supply)?;
        st.serialize_field("quarries", quarries)?;
        st.serialize_field("master", master)?;
        st.serialize_field("riders_drawn", riders_drawn)?;
        st.serialize_field("palaces", palaces)?;
        st.serialize_field("boxed", boxed)?;
        if skip_seen {
            st.skip_field("seen")?;
        } else {
            st.serialize_field("seen", seen)?;
        }
        st.end()
    }
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

    /// Where a tile with `windows` windows lands: count from the master builder's quarry.
    pub fn quarry_for(&self, windows: u8) -> usize {
        (self.master + usize::from(windows)) % QUARRIES
    }

    /// Final scores per seat.
    pub fn scores(&self) -> Vec<i64> {
        self.palaces
            .iter()
            .map(|p| scoring::player_score(p))
            .collect()
    }
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
        Ok(setup::setup(players, seed))
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &PalazzoAction,
    ) -> Result<Vec<PalazzoEvent>, PalazzoError> {
        self.apply_checked(seat, action)
    }

    fn apply_into(
        &mut self,
        seat: Seat,
        action: &PalazzoAction,
        events: &mut Vec<PalazzoEvent>,
    ) -> Result<(), PalazzoError> {
        self.apply_checked_into(seat, action, events)
    }

    fn awaiting(&self) -> Vec<Seat> {
        self.awaited().into_iter().collect()
    }

    fn awaiting_into(&self, out: &mut Vec<Seat>) {
        out.clear();
        out.extend(self.awaited());
    }

    fn legal_actions(&self, seat: Seat) -> Vec<PalazzoAction> {
        let mut out = Vec::new();
        self.legal_into(seat, &mut out);
        out
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<PalazzoAction>) {
        self.legal_into(seat, out);
    }

    fn undoable(before: &Self, _seat: Seat, _action: &PalazzoAction, after: &Self) -> bool {
        undo::undoable(before, after)
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

    fn score_estimate(&self) -> Option<Vec<f64>> {
        Some(estimate::score_estimate(self))
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over)
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        determinize::determinize(self, seat, rng)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| scoring::outcome(self))
    }

    fn absent_move(
        public: &PalazzoPublic,
        private: &PalazzoPrivate,
        seat: Seat,
        legal: &[PalazzoAction],
        absent: Absent,
    ) -> Option<usize> {
        absent::absent_move(public, private, seat, legal, absent)
    }

    fn playout_move(&self, seat: Seat, legal: &[PalazzoAction]) -> Option<usize> {
        let palaces = self.palaces.get(seat).map_or(&[][..], |p| &p[..]);
        absent::auto_move(|p| palaces.get(p).map(|t| &t[..]), legal)
    }

    fn render_public(
        view: &PalazzoPublic,
        _names: &[String],
        say: &dyn crate::phrase::Say,
    ) -> String {
        views::render_public(view, say)
    }

    fn render_headline(
        view: &PalazzoPublic,
        _names: &[String],
        say: &dyn crate::phrase::Say,
    ) -> String {
        views::headline(view, say)
    }

    fn render_private(
        view: &PalazzoPrivate,
        _names: &[String],
        say: &dyn crate::phrase::Say,
    ) -> String {
        views::render_private(view, say)
    }

    fn render_decision_note(
        view: &PalazzoPrivate,
        _names: &[String],
        say: &dyn crate::phrase::Say,
    ) -> Option<String> {
        views::decision_note(view, say)
    }

    fn rules_text() -> &'static str {
        include_str!("rules.md")
    }

    fn command_help() -> &'static [CommandHelp] {
        &[
            CommandHelp {
                syntax: "money",
                meaning: "take money: reveal players+1 cards; you pick 2, the others 1 each",
                meaning_key: "palazzo-help-money",
                example: "money",
            },
            CommandHelp {
                syntax: "pick <cards>",
                meaning: "take revealed money (2 cards if it is your turn, else 1)",
                meaning_key: "palazzo-help-pick-cards",
                example: "pick R5 G7",
            },
            CommandHelp {
                syntax: "draw",
                meaning: "draw two tiles (supply, then a quarry), then buy or auction",
                meaning_key: "palazzo-help-draw",
                example: "draw",
            },
            CommandHelp {
                syntax: "buy <tile> [<tile>] pay <cards>",
                meaning: "buy 1 or 2 supply tiles, one payment of at least the price",
                meaning_key: "palazzo-help-buy-tile-tile-pay-cards",
                example: "buy brick-2-1w sandstone-1-3w pay G7 G6 C2",
            },
            CommandHelp {
                syntax: "auction",
                meaning: "auction the next quarry holding tiles (you open with the certificate 3)",
                meaning_key: "palazzo-help-auction",
                example: "auction",
            },
            CommandHelp {
                syntax: "raise <cards>",
                meaning: "add cards to your face-up bid so it beats the high bid",
                meaning_key: "palazzo-help-raise-cards",
                example: "raise R4 G4 B4",
            },
            CommandHelp {
                syntax: "pass",
                meaning: "leave the auction and take your bid cards back",
                meaning_key: "palazzo-help-pass",
                example: "pass",
            },
            CommandHelp {
                syntax: "build <tile> on <palace> | build <tile> new",
                meaning: "build a tile you got on top of a palace, or as a new palace",
                meaning_key: "palazzo-help-build-tile-on-palace-build-tile-new",
                example: "build marble-3-2w on B",
            },
            CommandHelp {
                syntax: "discard <tile>",
                meaning: "put a tile you got out of the game instead of building it",
                meaning_key: "palazzo-help-discard-tile",
                example: "discard marble-3-2w",
            },
            CommandHelp {
                syntax: "reconstruct lift <tile> pay <card>",
                meaning: "take a tile out of a palace to stand alone (costs one card)",
                meaning_key: "palazzo-help-reconstruct-lift-tile-pay-card",
                example: "reconstruct lift brick-2-1w pay C2",
            },
            CommandHelp {
                syntax: "reconstruct insert <tile> into <palace> pay <card>",
                meaning: "put a single-tile palace into another palace where its floor fits",
                meaning_key: "palazzo-help-reconstruct-insert-tile-into-palace-pay",
                example: "reconstruct insert brick-2-1w into A pay R3",
            },
            CommandHelp {
                syntax: "reconstruct remove <tile> pay <card>",
                meaning: "put a single-tile palace out of the game",
                meaning_key: "palazzo-help-reconstruct-remove-tile-pay-card",
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
    fn binary_snapshots_from_before_the_seen_record_still_load() {
        use crate::dynamic::{decode_snapshot, encode_snapshot};
        let g = Palazzo::new(3, &PalazzoOptions::default(), 9).unwrap();
        let bytes = encode_snapshot(&g);
        // Nothing recorded encodes as two bytes (an empty list, `false`); the old layout
        // ended before them.
        let old = &bytes[..bytes.len() - 2];
        let read: Palazzo = decode_snapshot(old).unwrap();
        assert_eq!(read.seen, SeenMoney::default());
        assert_eq!(encode_snapshot(&read), bytes);
        assert_eq!(
            decode_snapshot::<Palazzo>(&bytes).map(|g| encode_snapshot(&g)),
            Ok(bytes)
        );
        // JSON leaves the record out while it is unused, and reads it back once used.
        let json = serde_json::to_string(&g).unwrap();
        assert!(!json.contains("\"seen\""), "{json}");
        let mut used = g.clone();
        used.seen.pile_from_discards = true;
        let json = serde_json::to_string(&used).unwrap();
        let back: Palazzo = serde_json::from_str(&json).unwrap();
        assert_eq!(back.seen, used.seen);
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
