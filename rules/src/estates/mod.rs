//! The Estates (2–5 players): auction floor cubes, roofs, permits, the mayor and the cancel
//! cube; build three rows of skyscrapers; score the buildings whose top cube's company you
//! hold. See `rules.md` (the player-facing digest with every decision).

mod absent;
pub mod auction;
pub mod board;
pub mod data;
mod determinize;
mod draw;
pub mod error;
mod estimate;
mod parse;
pub mod scoring;
mod step;
mod text;
mod undo;

use crate::engine::{
    pick_listed, rng_from_seed, Absent, CommandHelp, Game, GameRng, Outcome, ParseError,
    PlayerResult, ScoreLine, Seat, SetupError,
};
use crate::phrase::Phrase;
use crate::seating::next_seat;
use auction::{AnswerOrder, Bids};
use board::{permit_index, Board, PieceState};
use data::{
    Colour, Cube, Lot, RowId, ALL_CUBES, MAX_PLAYERS, MAX_VALUE, OFFER_LEN, OFFER_ROWS, PERMITS,
    START_CASH,
};
pub use determinize::StashBound;
pub use draw::bid_list;
pub use error::EstatesError;
pub use parse::{EstatesParseError, HintPhase};
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::ops::ControlFlow;
pub use text::{EstatesEvent, EstatesPrivate, EstatesPublic, PhaseView, RowView};

/// Table options: `rounds=N` plays N rounds (scores add, two round wins end it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EstatesOptions {
    pub rounds: u32,
}

impl Default for EstatesOptions {
    fn default() -> Self {
        EstatesOptions { rounds: 1 }
    }
}

/// Most rounds a match may have.
pub const MAX_ROUNDS: u32 = 9;

/// A piece the auctioneer may choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Piece {
    Cube(Cube),
    Roof,
    Permit(u8),
    Mayor,
    Cancel,
}

/// A piece in play (being auctioned or placed); a roof is face up with its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Item {
    Cube(Cube),
    Roof(u8),
    Permit(u8),
    Mayor,
    Cancel,
}

/// A player's move. `Display` prints the canonical command text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EstatesAction {
    /// Illegal earnings: move $1M from cash to the cash box (start of own turn).
    Stash,
    /// Choose a piece and auction it.
    Choose(Piece),
    Bid(u32),
    Pass,
    /// The auctioneer gives the piece to the high bidder, who pays the auctioneer.
    Sell,
    /// The auctioneer takes the piece and pays the high bid to the high bidder.
    Keep,
    /// Place the cube, roof or permit won on a lot.
    Place(Lot),
    /// Put the mayor in front of a row.
    PlaceMayor(RowId),
    /// Use the cancel cube on a permit.
    RemovePermit(u8),
    /// Remove the permit, mayor or cancel cube won from the game.
    Discard,
}

/// Why a round ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    TwoRowsComplete,
    RoofsGone,
    NoPieceLeft,
}

impl EndReason {
    pub fn text(self) -> &'static str {
        match self {
            EndReason::TwoRowsComplete => "two rows are complete",
            EndReason::RoofsGone => "the roofs are all used, so no building can be completed",
            EndReason::NoPieceLeft => "no piece is left that can be auctioned",
        }
    }
}

/// The result of a finished round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    pub reason: EndReason,
    /// Board points + cash box, per seat.
    pub totals: Vec<i64>,
    /// Checks held (cash + cash box) per seat, the tie-break.
    pub checks: Vec<u32>,
    pub winners: Vec<Seat>,
    pub breakdowns: Vec<Vec<ScoreLine>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The active player may stash once, then chooses a piece.
    Turn {
        stashed: bool,
    },
    /// Every other player, once in order, bids or passes.
    Auction {
        item: Item,
        responders: AnswerOrder,
        bids: Bids,
        high: Option<(Seat, u32)>,
    },
    /// The auctioneer sells or keeps.
    Decide {
        item: Item,
        bids: Bids,
        high: (Seat, u32),
    },
    /// `owner` places (or discards) the piece won.
    Place {
        item: Item,
        owner: Seat,
    },
    Over,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Estates {
    rng: GameRng,
    players: usize,
    options: EstatesOptions,
    /// 1-based round number.
    round: u32,
    cash: Vec<u32>,
    cash_box: Vec<u32>,
    /// The three offer rows, left to right.
    offer: Vec<Vec<Cube>>,
    /// The 12 cubes not used this round (unseen).
    unused: Vec<Cube>,
    /// Face-down roofs; the last one is drawn next.
    roof_bag: Vec<u8>,
    board: Board,
    /// Certificate holder per colour (in `Colour::ALL` order).
    certificates: Vec<Option<Seat>>,
    /// The auctioneer (the player whose turn it is).
    active: Seat,
    phase: Phase,
    history: Vec<RoundResult>,
    /// The public bound on each seat's stashes this round (for determinization). Added
    /// after snapshots were stored: it must stay the last field (see
    /// [`crate::dynamic::default_if_absent`]); empty in an older state until its next round.
    #[serde(default, deserialize_with = "crate::dynamic::default_if_absent")]
    stash_bounds: Vec<StashBound>,
}

impl Estates {
    fn setup_round(&mut self) {
        let mut cubes = Cube::all();
        cubes.shuffle(&mut self.rng);
        let used = OFFER_ROWS * OFFER_LEN;
        self.unused = cubes.split_off(used.min(cubes.len()));
        self.offer = cubes.chunks(OFFER_LEN).map(|c| c.to_vec()).collect();
        let mut roofs: Vec<u8> = (1..=MAX_VALUE).flat_map(|v| [v, v]).collect();
        roofs.shuffle(&mut self.rng);
        self.roof_bag = roofs;
        self.board = Board::default();
        self.certificates = vec![None; Colour::ALL.len()];
        self.active = self.rng.gen_range(0..self.players);
        self.phase = Phase::Turn { stashed: false };
        self.reset_stash_bounds();
        self.record_turn_start(self.active);
    }

    // ---- read-only accessors (tests, invariants, views) ----

    pub fn players(&self) -> usize {
        self.players
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn options(&self) -> &EstatesOptions {
        &self.options
    }
    pub fn cash(&self, seat: Seat) -> u32 {
        self.cash.get(seat).copied().unwrap_or(0)
    }
    pub fn cash_box(&self, seat: Seat) -> u32 {
        self.cash_box.get(seat).copied().unwrap_or(0)
    }
    pub fn offer(&self) -> &[Vec<Cube>] {
        &self.offer
    }
    pub fn unused(&self) -> &[Cube] {
        &self.unused
    }
    pub fn roofs_left(&self) -> usize {
        self.roof_bag.len()
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn certificates(&self) -> &[Option<Seat>] {
        &self.certificates
    }
    pub fn active(&self) -> Seat {
        self.active
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn history(&self) -> &[RoundResult] {
        &self.history
    }
    /// The piece being auctioned or placed, if any.
    pub fn item_in_play(&self) -> Option<Item> {
        match &self.phase {
            Phase::Auction { item, .. }
            | Phase::Decide { item, .. }
            | Phase::Place { item, .. } => Some(*item),
            _ => None,
        }
    }
    /// Round wins per seat so far.
    pub fn round_wins(&self) -> Vec<u32> {
        let mut wins = vec![0; self.players];
        for r in &self.history {
            for &w in &r.winners {
                if let Some(x) = wins.get_mut(w) {
                    *x += 1;
                }
            }
        }
        wins
    }

    // ---- test set-up helpers (scenario tests build positions with these) ----

    /// Replaces the board (scenario tests).
    pub fn set_board(&mut self, board: Board) {
        self.board = board;
    }
    /// Sets a certificate holder (scenario tests).
    pub fn set_certificate(&mut self, colour: Colour, seat: Option<Seat>) {
        if let Some(c) = self.certificates.get_mut(colour.index()) {
            *c = seat;
        }
    }
    /// Sets the offer rows (scenario tests); cubes not offered nor on the board go unused.
    pub fn set_offer(&mut self, offer: Vec<Vec<Cube>>) {
        let on_board: Vec<Cube> = self
            .board
            .rows
            .iter()
            .flatten()
            .flat_map(|b| b.cubes.clone())
            .collect();
        self.unused = Cube::all()
            .into_iter()
            .filter(|c| !offer.iter().flatten().any(|o| o == c) && !on_board.contains(c))
            .collect();
        self.offer = offer;
    }
    /// Sets the roof bag, the last value is drawn first (scenario tests).
    pub fn set_roof_bag(&mut self, roofs: Vec<u8>) {
        self.roof_bag = roofs;
    }
    /// Moves money between cash and cash box of a seat (scenario tests); keeps the sum.
    pub fn set_money(&mut self, seat: Seat, cash: u32, cash_box: u32) {
        if let (Some(c), Some(b)) = (self.cash.get_mut(seat), self.cash_box.get_mut(seat)) {
            *c = cash;
            *b = cash_box;
        }
    }
    /// Makes `seat` the auctioneer at the start of a turn (scenario tests).
    pub fn set_active(&mut self, seat: Seat) {
        self.active = seat % self.players;
        self.phase = Phase::Turn { stashed: false };
        self.record_turn_start(self.active);
    }

    // ---- rules ----

    /// The pieces the auctioneer may choose now.
    pub fn choosable(&self) -> Vec<Piece> {
        let mut pieces = Vec::new();
        let _ = self.each_choosable(|p| {
            pieces.push(p);
            ControlFlow::Continue(())
        });
        pieces
    }

    /// Calls `f` with each piece the auctioneer may choose now, in menu order, until it
    /// breaks: placeable offer-row end cubes (left then right, row by row), the roof, the
    /// available permits, the mayor and the cancel cube. Plain loops, not chained
    /// iterators: a random playout lists these at every turn.
    fn each_choosable(&self, mut f: impl FnMut(Piece) -> ControlFlow<()>) -> ControlFlow<()> {
        let placeable_below = self.board.placeable_below();
        for row in &self.offer {
            let ends = match row.as_slice() {
                [] => [None, None],
                [only] => [Some(*only), None],
                [first, .., last] => [Some(*first), Some(*last)],
            };
            for cube in ends.into_iter().flatten() {
                if cube.value < placeable_below {
                    f(Piece::Cube(cube))?;
                }
            }
        }
        if !self.roof_bag.is_empty() && self.board.has_unroofed() {
            f(Piece::Roof)?;
        }
        for (state, value) in self.board.permits.iter().zip(PERMITS) {
            if *state == PieceState::Available {
                f(Piece::Permit(value))?;
            }
        }
        if self.board.mayor == PieceState::Available {
            f(Piece::Mayor)?;
        }
        if self.board.cancel == PieceState::Available {
            f(Piece::Cancel)?;
        }
        ControlFlow::Continue(())
    }

    /// The one seat whose action is awaited now, if any (never more than one).
    fn awaited(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Over => None,
            Phase::Turn { .. } | Phase::Decide { .. } => Some(self.active),
            Phase::Auction { responders, .. } => responders.current(),
            Phase::Place { owner, .. } => Some(*owner),
        }
    }

    /// Which offer row and end hold `cube`: (row index, 0 = left / 1 = right / 2 = middle).
    pub fn offer_position(&self, cube: Cube) -> Option<(usize, usize)> {
        for (r, row) in self.offer.iter().enumerate() {
            if let Some(i) = row.iter().position(|&c| c == cube) {
                let end = if i == 0 {
                    0
                } else if i + 1 == row.len() {
                    1
                } else {
                    2
                };
                return Some((r, end));
            }
        }
        None
    }

    fn take_piece(&mut self, piece: Piece) -> Result<Item, EstatesError> {
        match piece {
            Piece::Cube(c) => {
                let (r, end) = self
                    .offer_position(c)
                    .ok_or(EstatesError::CubeNotOffered(c))?;
                if end == 2 {
                    return Err(EstatesError::CubeNotAtEnd(c));
                }
                if !self.board.cube_placeable(c) {
                    return Err(EstatesError::CubeUnplaceable(c));
                }
                if let Some(row) = self.offer.get_mut(r) {
                    row.retain(|&x| x != c);
                }
                Ok(Item::Cube(c))
            }
            Piece::Roof => {
                if self.roof_bag.is_empty() {
                    return Err(EstatesError::NoRoofsLeft);
                }
                if !self.board.has_unroofed() {
                    return Err(EstatesError::NoUnroofedBuilding);
                }
                let v = self.roof_bag.pop().ok_or(EstatesError::NoRoofsLeft)?;
                Ok(Item::Roof(v))
            }
            Piece::Permit(v) => {
                let i = permit_index(v).ok_or(EstatesError::NoSuchPermit(v))?;
                if self.board.permits.get(i) != Some(&PieceState::Available) {
                    return Err(EstatesError::PermitUnavailable(v));
                }
                Ok(Item::Permit(v))
            }
            Piece::Mayor => {
                if self.board.mayor != PieceState::Available {
                    return Err(EstatesError::MayorUnavailable);
                }
                Ok(Item::Mayor)
            }
            Piece::Cancel => {
                if self.board.cancel != PieceState::Available {
                    return Err(EstatesError::CancelUnavailable);
                }
                Ok(Item::Cancel)
            }
        }
    }

    fn transfer(&mut self, from: Seat, to: Seat, amount: u32) {
        if let Some(c) = self.cash.get_mut(from) {
            *c = c.saturating_sub(amount);
        }
        if let Some(c) = self.cash.get_mut(to) {
            *c += amount;
        }
    }

    fn close_auction_if_done(&mut self, events: &mut Vec<EstatesEvent>) {
        let Phase::Auction { responders, .. } = &self.phase else {
            return;
        };
        if !responders.is_done() {
            return;
        }
        let Phase::Auction {
            item, bids, high, ..
        } = std::mem::replace(&mut self.phase, Phase::Over)
        else {
            return;
        };
        self.phase = match high {
            None => {
                events.push(EstatesEvent::AllPassed {
                    auctioneer: self.active,
                    item,
                });
                Phase::Place {
                    item,
                    owner: self.active,
                }
            }
            Some(high) => Phase::Decide { item, bids, high },
        };
    }

    fn end_turn(&mut self, events: &mut Vec<EstatesEvent>) {
        let reason = if self.board.complete_rows() >= 2 {
            Some(EndReason::TwoRowsComplete)
        } else if self.roof_bag.is_empty() {
            Some(EndReason::RoofsGone)
        } else if self
            .each_choosable(|_| ControlFlow::Break(()))
            .is_continue()
        {
            Some(EndReason::NoPieceLeft)
        } else {
            None
        };
        match reason {
            Some(r) => self.end_round(r, events),
            None => {
                self.active = next_seat(self.active, self.players);
                self.phase = Phase::Turn { stashed: false };
                self.record_turn_start(self.active);
            }
        }
    }

    /// This round's scores: board points + cash box.
    fn round_scores(&self) -> (Vec<i64>, Vec<Vec<ScoreLine>>) {
        let board = scoring::board_totals(&self.board, &self.certificates, self.players);
        let totals = board
            .iter()
            .enumerate()
            .map(|(s, b)| b + i64::from(self.cash_box(s)))
            .collect();
        let cash_boxes: Vec<u32> = (0..self.players).map(|s| self.cash_box(s)).collect();
        let breakdowns = scoring::breakdowns(&self.board, &self.certificates, &cash_boxes);
        (totals, breakdowns)
    }

    fn checks(&self) -> Vec<u32> {
        (0..self.players)
            .map(|s| self.cash(s) + self.cash_box(s))
            .collect()
    }

    fn end_round(&mut self, reason: EndReason, events: &mut Vec<EstatesEvent>) {
        let (totals, breakdowns) = self.round_scores();
        let checks = self.checks();
        let winners = best_of(&totals, &checks, (0..self.players).collect());
        self.history.push(RoundResult {
            reason,
            totals: totals.clone(),
            checks,
            winners: winners.clone(),
            breakdowns,
        });
        let two_wins = self.round_wins().iter().any(|&w| w >= 2);
        let match_over = self.round >= self.options.rounds || two_wins;
        events.push(EstatesEvent::RoundOver {
            round: self.round,
            rounds: self.options.rounds,
            reason,
            totals,
            winners,
            match_over,
        });
        if match_over {
            self.phase = Phase::Over;
            return;
        }
        // Next round: everything is set up afresh, players keep their money and the cash
        // box rejoins cash (Decision).
        for s in 0..self.players {
            let b = self.cash_box(s);
            if let (Some(c), Some(x)) = (self.cash.get_mut(s), self.cash_box.get_mut(s)) {
                *c += b;
                *x = 0;
            }
        }
        self.round += 1;
        self.setup_round();
        events.push(EstatesEvent::NewRound {
            round: self.round,
            starter: self.active,
        });
    }

    /// Board points each player would score if the game ended now (cash boxes excluded).
    pub fn live_scores(&self) -> Vec<i64> {
        scoring::board_totals(&self.board, &self.certificates, self.players)
    }

    /// Total cubes accounted for: offer + unused + board + in play.
    pub fn cube_count(&self) -> usize {
        let on_board: usize = self
            .board
            .rows
            .iter()
            .flatten()
            .map(|b| b.cubes.len())
            .sum();
        let in_play = usize::from(matches!(self.item_in_play(), Some(Item::Cube(_))));
        self.offer.iter().map(Vec::len).sum::<usize>() + self.unused.len() + on_board + in_play
    }

    /// Total roofs accounted for: bag + board + in play.
    pub fn roof_count(&self) -> usize {
        let on_board = self
            .board
            .rows
            .iter()
            .flatten()
            .filter(|b| b.roof.is_some())
            .count();
        let in_play = usize::from(matches!(self.item_in_play(), Some(Item::Roof(_))));
        self.roof_bag.len() + on_board + in_play
    }
}

/// Seats among `candidates` with the best total, then the most checks.
fn best_of(totals: &[i64], checks: &[u32], candidates: Vec<Seat>) -> Vec<Seat> {
    let key = |s: &Seat| {
        (
            totals.get(*s).copied().unwrap_or(i64::MIN),
            checks.get(*s).copied().unwrap_or(0),
        )
    };
    let best = candidates.iter().map(key).max();
    candidates
        .into_iter()
        .filter(|s| Some(key(s)) == best)
        .collect()
}

impl Game for Estates {
    const ID: &'static str = "estates";
    const TITLE: &'static str = "The Estates";
    const PLAYERS: (usize, usize) = (2, MAX_PLAYERS);
    type Options = EstatesOptions;
    type Action = EstatesAction;
    type Event = EstatesEvent;
    type Error = EstatesError;
    type PublicView = EstatesPublic;
    type PrivateView = EstatesPrivate;

    fn new(players: usize, options: &EstatesOptions, seed: u64) -> Result<Self, SetupError> {
        SetupError::check_players::<Self>(players)?;
        if !(1..=MAX_ROUNDS).contains(&options.rounds) {
            return Err(SetupError::BadOption(format!(
                "rounds must be between 1 and {MAX_ROUNDS}, not {}",
                options.rounds
            )));
        }
        let mut game = Estates {
            rng: rng_from_seed(seed),
            players,
            options: options.clone(),
            round: 1,
            cash: vec![START_CASH; players],
            cash_box: vec![0; players],
            offer: Vec::new(),
            unused: Vec::new(),
            roof_bag: Vec::new(),
            board: Board::default(),
            certificates: Vec::new(),
            active: 0,
            phase: Phase::Over,
            history: Vec::new(),
            stash_bounds: Vec::new(),
        };
        game.setup_round();
        debug_assert_eq!(game.cube_count(), ALL_CUBES);
        Ok(game)
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &EstatesAction,
    ) -> Result<Vec<EstatesEvent>, EstatesError> {
        // `step` validates before it mutates: no copy of the state is needed.
        let mut events = Vec::new();
        self.step(seat, action, &mut events)?;
        Ok(events)
    }

    fn apply_into(
        &mut self,
        seat: Seat,
        action: &EstatesAction,
        events: &mut Vec<EstatesEvent>,
    ) -> Result<(), EstatesError> {
        self.step(seat, action, events)
    }

    fn awaiting(&self) -> Vec<Seat> {
        self.awaited().into_iter().collect()
    }

    fn awaiting_into(&self, out: &mut Vec<Seat>) {
        out.clear();
        out.extend(self.awaited());
    }

    fn undoable(before: &Self, _seat: Seat, action: &EstatesAction, after: &Self) -> bool {
        undo::undoable(before, action, after)
    }

    fn legal_actions(&self, seat: Seat) -> Vec<EstatesAction> {
        let mut out = Vec::new();
        self.legal_actions_into(seat, &mut out);
        out
    }

    fn legal_actions_into(&self, seat: Seat, out: &mut Vec<EstatesAction>) {
        out.clear();
        if self.awaited() != Some(seat) {
            return;
        }
        // Enough for any choice but a bid (stash + 6 cubes + 6 other pieces at most).
        out.reserve(16);
        match &self.phase {
            Phase::Over => {}
            Phase::Turn { stashed } => {
                if !stashed && self.cash(seat) > 0 {
                    out.push(EstatesAction::Stash);
                }
                let _ = self.each_choosable(|p| {
                    out.push(EstatesAction::Choose(p));
                    ControlFlow::Continue(())
                });
            }
            Phase::Auction { high, .. } => {
                let min = high.map_or(1, |(_, h)| h + 1);
                let bids = min..=self.cash(seat);
                out.reserve(1 + bids.size_hint().0);
                out.push(EstatesAction::Pass);
                out.extend(bids.map(EstatesAction::Bid));
            }
            Phase::Decide {
                high: (_, amount), ..
            } => {
                out.push(EstatesAction::Sell);
                if self.cash(seat) >= *amount {
                    out.push(EstatesAction::Keep);
                }
            }
            Phase::Place { item, .. } => match item {
                Item::Cube(c) => self
                    .board
                    .each_cube_spot(*c, |lot| out.push(EstatesAction::Place(lot))),
                Item::Roof(_) => out.extend(self.board.roof_spots_iter().map(EstatesAction::Place)),
                Item::Permit(v) => {
                    for row in RowId::ALL {
                        for (lot, _) in self.board.permit_options_iter(row, *v) {
                            out.push(EstatesAction::Place(lot));
                        }
                    }
                    out.push(EstatesAction::Discard);
                }
                Item::Mayor => {
                    out.extend(RowId::ALL.into_iter().map(EstatesAction::PlaceMayor));
                    out.push(EstatesAction::Discard);
                }
                Item::Cancel => {
                    out.extend(
                        self.board
                            .cancel_options()
                            .into_iter()
                            .map(EstatesAction::RemovePermit),
                    );
                    out.push(EstatesAction::Discard);
                }
            },
        }
    }

    /// An auction's bids are counted, not listed: `Pass`, then every bid from the lowest
    /// allowed to the seat's cash, as in [`Game::legal_actions`].
    fn pick_legal(
        &self,
        seat: Seat,
        pick: &mut dyn FnMut(usize) -> usize,
        scratch: &mut Vec<EstatesAction>,
    ) -> Option<EstatesAction> {
        match &self.phase {
            Phase::Auction { high, .. } if self.awaited() == Some(seat) => {
                let min = high.map_or(1, |(_, h)| h + 1);
                let bids = (self.cash(seat) + 1).saturating_sub(min);
                match pick(1 + bids as usize) {
                    0 => Some(EstatesAction::Pass),
                    i => Some(EstatesAction::Bid(min + (i - 1) as u32)),
                }
            }
            _ => pick_listed(self, seat, pick, scratch),
        }
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<EstatesAction, ParseError> {
        parse::parse(self, seat, text)
    }

    fn public_view(&self) -> EstatesPublic {
        text::public_view(self)
    }

    fn private_view(&self, seat: Seat) -> EstatesPrivate {
        text::private_view(self, seat)
    }

    fn score_estimate(&self) -> Option<Vec<f64>> {
        Some(estimate::score_estimate(self))
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        self.determinized(seat, rng)
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let last = self.history.last()?;
        let checks = self.checks();
        let single = self.history.len() == 1 && self.options.rounds == 1;
        let wins = self.round_wins();
        // The last round's lines again, with their phrases (a stored history keeps only
        // the English labels); the board and cash boxes are still those of its end.
        let phrased = if single {
            let cash_boxes: Vec<u32> = (0..self.players).map(|s| self.cash_box(s)).collect();
            scoring::phrased_breakdowns(&self.board, &self.certificates, &cash_boxes)
        } else {
            Vec::new()
        };
        let results: Vec<PlayerResult> = (0..self.players)
            .map(|seat| {
                let total: i64 = self
                    .history
                    .iter()
                    .map(|r| r.totals.get(seat).copied().unwrap_or(0))
                    .sum();
                let breakdown = if single {
                    let mut lines = last.breakdowns.get(seat).cloned().unwrap_or_default();
                    if let Some(again) = phrased.get(seat) {
                        for (line, said) in lines.iter_mut().zip(again) {
                            if line.label == said.label && line.points == said.points {
                                line.phrase.clone_from(&said.phrase);
                            }
                        }
                    }
                    lines
                } else {
                    self.history
                        .iter()
                        .enumerate()
                        .map(|(i, r)| {
                            let won = if r.winners.contains(&seat) {
                                " (won)"
                            } else {
                                ""
                            };
                            ScoreLine::new(
                                format!("round {}{won}", i + 1),
                                r.totals.get(seat).copied().unwrap_or(0),
                            )
                            .with_phrase(
                                Phrase::new("estates-score-round")
                                    .count("round", i + 1)
                                    .text("won", if won.is_empty() { "no" } else { "yes" }),
                            )
                        })
                        .collect()
                };
                PlayerResult {
                    seat,
                    total,
                    breakdown,
                    tiebreak: Some(
                        ScoreLine::new(
                            "checks held (cash + cash box)",
                            i64::from(checks.get(seat).copied().unwrap_or(0)),
                        )
                        .with_phrase(Phrase::new("estates-score-checks")),
                    ),
                }
            })
            .collect();
        let totals: Vec<i64> = results.iter().map(|r| r.total).collect();
        let two: Vec<Seat> = (0..self.players)
            .filter(|&s| wins.get(s).copied().unwrap_or(0) >= 2)
            .collect();
        let (winners, note, note_phrase) = if !single && !two.is_empty() {
            (
                best_of(&totals, &checks, two),
                format!(
                    "Round {} ended: {}. Two round wins end the match.",
                    self.round,
                    last.reason.text()
                ),
                Phrase::new("estates-score-note-two-wins").number("round", self.round),
            )
        } else if single {
            (
                best_of(&totals, &checks, (0..self.players).collect()),
                format!("The game ended because {}.", last.reason.text()),
                Phrase::new("estates-score-note-game"),
            )
        } else {
            (
                best_of(&totals, &checks, (0..self.players).collect()),
                format!(
                    "All {} rounds played; the last ended because {}.",
                    self.history.len(),
                    last.reason.text()
                ),
                Phrase::new("estates-score-note-all-rounds").count("rounds", self.history.len()),
            )
        };
        let note_phrase = note_phrase.text("reason", last.reason.code());
        Some(
            Outcome {
                results,
                winners,
                losers: Vec::new(),
                note: Some(note),
                note_phrase: None,
            }
            .with_note_phrase(note_phrase),
        )
    }

    fn absent_move(
        public: &EstatesPublic,
        private: &EstatesPrivate,
        seat: Seat,
        legal: &[EstatesAction],
        absent: Absent,
    ) -> Option<usize> {
        absent::absent_move(public, private, seat, legal, absent)
    }

    fn render_public(
        view: &EstatesPublic,
        names: &[String],
        say: &dyn crate::phrase::Say,
    ) -> String {
        draw::render_public(view, names, say)
    }

    fn render_headline(
        view: &EstatesPublic,
        _names: &[String],
        say: &dyn crate::phrase::Say,
    ) -> String {
        draw::headline(view, say)
    }

    fn render_private(
        view: &EstatesPrivate,
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

crate::register_game!(Estates, ESTATES);
