//! The bots' rules of thumb ([`crate::engine::Game::rule_of_thumb`]) for the spots where
//! the search alone misjudged Villa (measured in `docs/ai.md`): it let careless hands
//! bring the villa down before anyone held the seal, built floors that a careless pull
//! undermined, and gambled the seal on risky touches. Everything here reads only what
//! every player sees: where the floors and columns stand, the seal, whose turn it is. The
//! odds come from that geometry by the published model ([`super::odds`]); the noise (the
//! hidden RNG) is never read.

use super::odds::{by_steadiness, FloorOdds};
use super::{ColId, Phase, Stage, Villa, VillaAction, Why};
use crate::engine::{Craft, Seat, Thumb};
use crate::phrase::Phrase;

/// Propose a floor while nobody holds the seal only when some position for it would leave
/// the villa standing by at least this margin (cm): placing a floor draws a disturbance of
/// σ 0.4, so the floor then holds about 99 times in 100.
pub const STEADY_FLOOR_MARGIN: f64 = 1.0;

/// …and only when, with the floor there, every column another player could pull next
/// leaves the villa standing at least this surely: the next player, careless or not,
/// cannot bring it down before anyone holds the seal (nobody would win).
pub const SAFE_PULL_CHANCE: f64 = 0.9;

/// A seat that wins if someone else brings the villa down (the seal's holder, or its
/// previous holder while another holds it) touches the villa only at these odds: to build
/// first on a new floor, or to take the seal back.
pub const SURE_TOUCH_CHANCE: f64 = 0.9;

/// Two players: a seat that wins if the other brings the villa down (holding the seal from
/// the floor below a new floor, or the seal's previous holder) touches the villa only at
/// these odds, to build first on the new floor or to take the seal back: the other's fall
/// is its win anyway, and its own would hand the other the game.
pub const TWO_PLAYER_TOUCH_CHANCE: f64 = 0.97;

/// Two players: a seat that wins by the other's fall (holding the seal on a built floor,
/// or its previous holder) proposes the next floor when some spot holds it at least this
/// surely, and lays it at the surest spot. Waiting costs it a column a turn (a column put
/// back is frozen for good) until it must lay a floor anyway; a floor costs none, and the
/// other's pulls, objecting or building under a taller villa, are the other's risk.
pub const HOLDER_FLOOR_CHANCE: f64 = 0.99;

/// Two players: take the seal back from a first holder (who leaves nobody a winner if they
/// bring the villa down) with the surest column that beats them, when it is at least this
/// sure.
pub const RETAKE_CHANCE: f64 = 0.5;

/// Two players, while a fall would leave nobody a winner or hand it to the other (nobody
/// holds the seal, or the other holds it first): a pulled column that does not take the
/// seal is set down only when some point for it is at least this sure, else put back.
pub const SAFE_BUILD_CHANCE: f64 = 0.8;

/// Two players: choices this close (in chance, or in steadiness) count as equally sure,
/// and the columns' points decide between them: an objection pulls the other's column
/// worth most, and a move while nobody holds the seal lifts the own column worth most.
pub const SAME_CHANCE: f64 = 0.02;

/// Two players, nobody holding the seal: the own column worth most is lifted in place
/// of the steadiest one only when its own move is at least this sure.
pub const HEAVY_LIFT_CHANCE: f64 = 0.95;

/// Two players, nobody holding the seal, the blue floor on top: the bot freezes (pulls and
/// puts back) this many of its own columns on the base plate, an anchor that holds the
/// blue floor up by itself, whatever else a careless hand or an objection pulls.
pub const ANCHOR_COLUMNS: usize = 3;

/// …chosen among those whose footprints' hull alone would leave the villa standing by at
/// least this margin (cm).
pub const ANCHOR_MARGIN: f64 = 1.5;

/// Two players, nobody holding the seal: propose a floor only with at most this many own
/// columns an objection could take (the objector pulls one of them, and it leaves the
/// game); until then, lift them onto the top floor, out of an objection's reach.
pub const OBJECTION_TARGETS: usize = 2;

// The rules' whys, one phrase each (`locales/*/villa.ftl`).
const HOLD: &str = "villa-thumb-hold";
const WAIT: &str = "villa-thumb-wait";
const RETAKE: &str = "villa-thumb-retake";
const OBJECT: &str = "villa-thumb-object";
const SUREST: &str = "villa-thumb-surest";
const PROPOSE: &str = "villa-thumb-propose";
const FLOOR: &str = "villa-thumb-floor";
const ALLOW: &str = "villa-thumb-allow";
const UNSURE: &str = "villa-thumb-unsure";
const BUILD: &str = "villa-thumb-build";
const STEADY: &str = "villa-thumb-steady";
const RAISE: &str = "villa-thumb-raise";
const HEAVY: &str = "villa-thumb-heavy";
const HEAVY_LIFT: &str = "villa-thumb-lift-heavy";
const ANCHOR: &str = "villa-thumb-anchor";
const LET: &str = "villa-thumb-let";
const HOLDER_FLOOR: &str = "villa-thumb-holder-floor";
const SUREST_FLOOR: &str = "villa-thumb-surest-floor";

/// Every phrase a rule of thumb gives as its why, for the tests that read them.
pub const THUMB_PHRASES: [&str; 18] = [
    HOLD,
    WAIT,
    RETAKE,
    OBJECT,
    SUREST,
    PROPOSE,
    FLOOR,
    ALLOW,
    UNSURE,
    BUILD,
    STEADY,
    RAISE,
    HEAVY,
    HEAVY_LIFT,
    ANCHOR,
    LET,
    HOLDER_FLOOR,
    SUREST_FLOOR,
];

/// Where `seat` stands towards the seal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Standing {
    /// Holds it, and somebody has built on the top floor.
    Holds,
    /// Holds it from the floor below; nobody has built on the new top floor yet.
    HoldsBelow,
    /// Two players: the other holds it and `seat` held it before, so `seat` wins if the
    /// holder brings the villa down (built on the top floor or not).
    Previous,
    /// Someone else holds it (two players: the other, as its first holder).
    Chasing,
    /// Nobody holds it yet: a collapse now leaves nobody a winner.
    Open,
}

/// `seat`'s move by rule of thumb, if one applies:
/// - holding the seal on the top floor: put every pulled column back (aborting is the one
///   move without risk, and the holder wins when the others bring the villa down or run
///   out of moves) and propose no floor (a new floor puts the seal up for grabs; two
///   players: but see the sure floor below); holding it from the floor below, build first
///   on the new floor only at the surest point when that is sure ([`SURE_TOUCH_CHANCE`];
///   two players [`TWO_PLAYER_TOUCH_CHANCE`]), else put the column back;
/// - two players, the seal's previous holder: take it back only surely
///   ([`TWO_PLAYER_TOUCH_CHANCE`]), else wait (put columns back): the holder's collapse is
///   the previous holder's win;
/// - two players, holding the seal on a built floor or its previous holder (with no sure
///   retake): propose the next floor when a spot holds it surely ([`HOLDER_FLOOR_CHANCE`]),
///   and lay it, like any floor such a seat must lay, at the spot surest to hold it;
/// - two players, holding the seal or its previous holder: let the other's floor through
///   (their fall placing it is this seat's win; objecting would put its own hand on the
///   villa);
/// - two players, chasing a first holder: take the seal back with the surest column that
///   beats the holder ([`RETAKE_CHANCE`]), set down at its surest point; set a column that
///   does not take it down at its surest point only when that is sure
///   ([`SAFE_BUILD_CHANCE`]), else put it back;
/// - two players, nobody holding the seal, or the other holding it first: object to the
///   other's floor, pulling the proposer's surest column to its surest point (of columns
///   as sure within [`SAME_CHANCE`], the one worth most points: the other then has less to
///   take the seal with, and to beat the bot's score), unless a floor at a spot picked at
///   random would stand more surely; then let it through;
/// - two players, nobody holding the seal: put back a pulled column that cannot be set
///   down surely ([`SAFE_BUILD_CHANCE`]); with the blue floor on top, first freeze an
///   anchor of [`ANCHOR_COLUMNS`] own columns on the base plate ([`anchor`]); when not
///   proposing, move the column whose surest move leaves the other's next pull steadiest —
///   of the columns as steady within [`SAME_CHANCE`] whose move is sure
///   ([`HEAVY_LIFT_CHANCE`]), the one worth most points: on the top floor an objection
///   cannot take it, and once the next floor is on, it may be moved up to take the seal;
/// - nobody holding the seal: propose a floor once a position for it stands steady and
///   leaves no careless pull a real risk ([`SAFE_PULL_CHANCE`]); two players, only with at
///   most [`OBJECTION_TARGETS`] own columns an objection could take;
/// - laying one's own floor: the position likeliest to stand and then bear the worst
///   pull.
///
/// Hard bots ([`Craft::Expert`]) also know:
/// - three or more players, holding the seal on the top floor: set one's own pulled
///   column down at its surest point when that is sure ([`SURE_TOUCH_CHANCE`]), raising
///   the score the others must beat; else put it back. (A holder who only puts columns
///   back keeps the score it took the seal with, often 0 with a neutral column, and
///   any column of the next player takes the seal from it.)
pub(super) fn rule_of_thumb(
    v: &Villa,
    seat: Seat,
    legal: &[VillaAction],
    craft: Craft,
) -> Option<Thumb> {
    let rule = Rule {
        v,
        seat,
        legal,
        craft,
    };
    match &v.phase {
        Phase::Feel {
            seat: s, col, why, ..
        } if *s == seat => rule.feel(*col, *why),
        Phase::Turn { seat: s, stage } if *s == seat => rule.turn(*stage),
        Phase::Objections { proposer, .. }
            if v.players == 2
                && *proposer != seat
                && matches!(rule.standing(), Standing::Open | Standing::Chasing) =>
        {
            let objection = surest_column(v, v.own_movable(*proposer)).map_or(0.0, |(_, p)| p);
            if objection > v.floor_chance_anywhere() {
                rule.pick(&VillaAction::Object, OBJECT)
            } else {
                rule.pick(&VillaAction::Allow, ALLOW)
            }
        }
        Phase::Objections { proposer, .. }
            if v.players == 2
                && *proposer != seat
                && matches!(
                    rule.standing(),
                    Standing::Holds | Standing::HoldsBelow | Standing::Previous
                ) =>
        {
            rule.pick(&VillaAction::Allow, LET)
        }
        Phase::Pick {
            seat: s,
            why: Why::ObjectFloor { proposer },
        } if *s == seat => {
            let (c, surest) = surest_column(v, v.own_movable(*proposer))?;
            let pull = if v.players == 2 {
                heaviest_as_sure(v, v.own_movable(*proposer), surest).unwrap_or(c)
            } else {
                c
            };
            let why = if points(pull) > points(c) {
                HEAVY
            } else {
                SUREST
            };
            rule.pick(&VillaAction::Pull(pull), why)
        }
        Phase::PlaceFloor { proposer }
            if *proposer == seat
                && v.players == 2
                && matches!(rule.standing(), Standing::Holds | Standing::Previous) =>
        {
            let (surest, _) = v.surest_floor()?;
            rule.pick(&VillaAction::Floor(surest), SUREST_FLOOR)
        }
        Phase::PlaceFloor { proposer } if *proposer == seat => {
            let best = v
                .floor_odds(seat, 0.0)
                .into_iter()
                .max_by(|a, b| bears(a).total_cmp(&bears(b)))?;
            rule.pick(&VillaAction::Floor(best.at), FLOOR)
        }
        _ => None,
    }
}

/// Of these columns, the one surest to be pulled and set down, with that chance.
fn surest_column(v: &Villa, cols: impl IntoIterator<Item = ColId>) -> Option<(ColId, f64)> {
    cols.into_iter()
        .filter_map(|c| Some((c, v.surest_place(c)?.1)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

/// Of these columns, those whose surest move is within [`SAME_CHANCE`] of `surest`: the
/// one worth most points (the surer breaking ties).
fn heaviest_as_sure(
    v: &Villa,
    cols: impl IntoIterator<Item = ColId>,
    surest: f64,
) -> Option<ColId> {
    cols.into_iter()
        .filter_map(|c| Some((c, v.surest_place(c)?.1)))
        .filter(|(_, chance)| *chance >= surest - SAME_CHANCE)
        .max_by(|a, b| points(a.0).cmp(&points(b.0)).then(a.1.total_cmp(&b.1)))
        .map(|(c, _)| c)
}

/// Two players, nobody holding the seal, the blue floor on top: the own columns still to
/// freeze for an anchor — of every [`ANCHOR_COLUMNS`] of `seat`'s columns on the base
/// plate whose footprints' hull alone would hold the villa up by [`ANCHOR_MARGIN`], the
/// set with the fewest columns still movable, then the fewest points (the heavy ones are
/// for the seal), then the widest margin. Empty when no set holds, or all are frozen.
fn anchor(v: &Villa, seat: Seat) -> Vec<ColId> {
    if v.players != 2 || v.top() != 1 || v.seal.holder.is_some() {
        return vec![];
    }
    let ground: Vec<ColId> = Villa::ids()
        .filter(|&c| {
            v.col(c)
                .is_some_and(|col| col.placed && !col.gone && col.level == 0)
        })
        .collect();
    let own: Vec<ColId> = ground
        .iter()
        .copied()
        .filter(|&c| v.owner(c) == Some(seat))
        .collect();
    let movable = |c: &ColId| v.movable_below(*c, v.top());
    let mut best: Option<((usize, i64, f64), Vec<ColId>)> = None;
    for set in subsets(&own, ANCHOR_COLUMNS) {
        let others: Vec<ColId> = ground
            .iter()
            .copied()
            .filter(|c| !set.contains(c))
            .collect();
        let margin = v.margin_of(&v.floors, &v.pieces_without(&others));
        if margin < ANCHOR_MARGIN {
            continue;
        }
        let key = (
            set.iter().filter(|c| movable(c)).count(),
            set.iter().map(|&c| points(c)).sum::<i64>(),
            margin,
        );
        let better = best.as_ref().is_none_or(|(k, _)| {
            key.0
                .cmp(&k.0)
                .then(key.1.cmp(&k.1))
                .then(k.2.total_cmp(&key.2))
                .is_lt()
        });
        if better {
            best = Some((key, set));
        }
    }
    best.map_or_else(Vec::new, |(_, set)| {
        set.into_iter().filter(movable).collect()
    })
}

/// Every set of `k` of these columns, in order.
fn subsets(cols: &[ColId], k: usize) -> Vec<Vec<ColId>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for (i, &c) in cols.iter().enumerate() {
        for mut rest in subsets(&cols[i + 1..], k - 1) {
            rest.insert(0, c);
            out.push(rest);
        }
    }
    out
}

/// What column `c` scores on the top floor.
fn points(c: ColId) -> i64 {
    Villa::kind_of(c).points
}

/// How likely a floor position is to stand and then bear the worst pull.
fn bears(odds: &FloorOdds) -> f64 {
    odds.stands * odds.worst_pull
}

/// One seat's spot: the state, the seat, its legal moves, the rules the bot knows.
struct Rule<'a> {
    v: &'a Villa,
    seat: Seat,
    legal: &'a [VillaAction],
    craft: Craft,
}

impl Rule<'_> {
    /// The first legal move that `fits`, with the rule's phrase.
    fn first(&self, fits: impl Fn(&VillaAction) -> bool, key: &'static str) -> Option<Thumb> {
        let index = self.legal.iter().position(fits)?;
        Some(Thumb {
            index,
            why: Phrase::new(key),
        })
    }

    /// `wanted`, if legal, with the rule's phrase.
    fn pick(&self, wanted: &VillaAction, key: &'static str) -> Option<Thumb> {
        self.first(|a| a == wanted, key)
    }

    /// Any legal move but a proposal (a pull to put back, or a colour to play).
    fn no_proposal(&self, key: &'static str) -> Option<Thumb> {
        self.first(|a| *a != VillaAction::Propose, key)
    }

    fn standing(&self) -> Standing {
        let seal = self.v.seal;
        match seal.holder {
            None => Standing::Open,
            Some(h) if h == self.seat && seal.claimed => Standing::Holds,
            Some(h) if h == self.seat => Standing::HoldsBelow,
            Some(_) if self.v.players == 2 && seal.previous == Some(self.seat) => {
                Standing::Previous
            }
            Some(_) => Standing::Chasing,
        }
    }

    /// The odds at which a seat that wins by the other's fall touches the villa (see
    /// [`TWO_PLAYER_TOUCH_CHANCE`]).
    fn sure_touch(&self) -> f64 {
        if self.v.players == 2 {
            TWO_PLAYER_TOUCH_CHANCE
        } else {
            SURE_TOUCH_CHANCE
        }
    }

    /// Would setting `c` down on the top floor take the seal from its holder? Two players:
    /// on a new floor nobody has built on, any column does (the first to build on it).
    fn retakes(&self, c: ColId) -> bool {
        let (v, seal) = (self.v, self.v.seal);
        if !seal.claimed && v.players == 2 {
            return seal.holder.is_some_and(|h| h != self.seat);
        }
        seal.claimed
            && seal
                .holder
                .is_some_and(|h| h != self.seat && v.score(self.seat) + points(c) > v.score(h))
    }

    /// The column pulled, held up: set it down or put it back.
    fn feel(&self, col: ColId, why: Why) -> Option<Thumb> {
        let standing = self.standing();
        if standing == Standing::Holds {
            let raise = self.craft == Craft::Expert && self.v.players > 2 && why == Why::Move;
            let sure_point = raise
                .then(|| self.v.surest_place(col))
                .flatten()
                .filter(|(_, chance)| *chance >= SURE_TOUCH_CHANCE);
            return match sure_point {
                Some((at, _)) => self.pick(&VillaAction::Place(at), RAISE),
                None => self.pick(&VillaAction::Abort, HOLD),
            };
        }
        if standing == Standing::Open
            && why == Why::Move
            && anchor(self.v, self.seat).contains(&col)
        {
            return self.pick(&VillaAction::Abort, ANCHOR);
        }
        let (at, chance) = self.v.surest_place(col)?;
        let place = |key| self.pick(&VillaAction::Place(at), key);
        match (why, standing) {
            (Why::ObjectFloor { .. }, _) => place(SUREST),
            (Why::Move, Standing::HoldsBelow) if chance >= self.sure_touch() => place(SUREST),
            (Why::Move, Standing::HoldsBelow) => self.pick(&VillaAction::Abort, HOLD),
            (Why::Move, Standing::Previous) if self.retakes(col) && chance >= self.sure_touch() => {
                place(RETAKE)
            }
            (Why::Move, Standing::Previous) => self.pick(&VillaAction::Abort, WAIT),
            (Why::Move, Standing::Chasing) if self.v.players > 2 && self.retakes(col) => {
                place(RETAKE)
            }
            (Why::Move, Standing::Chasing) if self.retakes(col) && chance >= RETAKE_CHANCE => {
                place(RETAKE)
            }
            (Why::Move, Standing::Open | Standing::Chasing)
                if self.v.players == 2 && chance < SAFE_BUILD_CHANCE =>
            {
                self.pick(&VillaAction::Abort, UNSURE)
            }
            (Why::Move, Standing::Chasing) if self.v.players == 2 => place(BUILD),
            _ => None,
        }
    }

    /// The start of a turn, or (two players) the colour chosen.
    fn turn(&self, stage: Stage) -> Option<Thumb> {
        let v = self.v;
        match (self.standing(), stage) {
            (Standing::Holds, Stage::Begin) => {
                self.holder_floor().or_else(|| self.no_proposal(HOLD))
            }
            (Standing::Previous, Stage::Begin) => self
                .retake(stage, self.sure_touch())
                .or_else(|| self.holder_floor())
                .or_else(|| self.no_proposal(WAIT)),
            (Standing::Previous, Stage::Colour(_)) => self
                .retake(stage, self.sure_touch())
                .or_else(|| self.no_proposal(WAIT)),
            (Standing::Chasing, Stage::Begin | Stage::Colour(_)) if v.players == 2 => {
                self.retake(stage, RETAKE_CHANCE)
            }
            (Standing::Open, Stage::Begin) => {
                let safe = v
                    .floor_odds(self.seat, STEADY_FLOOR_MARGIN)
                    .iter()
                    .any(|odds| odds.worst_pull >= SAFE_PULL_CHANCE);
                let shielded =
                    v.players != 2 || v.own_movable(self.seat).len() <= OBJECTION_TARGETS;
                if safe && shielded {
                    self.pick(&VillaAction::Propose, PROPOSE)
                } else if v.players == 2 {
                    self.anchor(stage).or_else(|| self.steadiest(stage))
                } else {
                    None
                }
            }
            (Standing::Open, Stage::Colour(_)) if v.players == 2 => {
                self.anchor(stage).or_else(|| self.steadiest(stage))
            }
            _ => None,
        }
    }

    /// Two players, winning by the other's fall: propose the next floor when some spot
    /// holds it at least [`HOLDER_FLOOR_CHANCE`] surely.
    fn holder_floor(&self) -> Option<Thumb> {
        if self.v.players != 2 {
            return None;
        }
        let sure = self.v.surest_floor();
        if sure.is_some_and(|(_, chance)| chance >= HOLDER_FLOOR_CHANCE) {
            self.pick(&VillaAction::Propose, HOLDER_FLOOR)
        } else {
            None
        }
    }

    /// Two players, nobody holding the seal: the colour, then the column, of the anchor
    /// still to freeze ([`anchor`]), if any.
    fn anchor(&self, stage: Stage) -> Option<Thumb> {
        let c = anchor(self.v, self.seat)
            .into_iter()
            .find(|&c| self.playable(stage).any(|p| p == c))?;
        self.pick(&towards_pull(stage, c), ANCHOR)
    }

    /// Two players, nobody holding the seal: the colour, then the column, whose surest
    /// move leaves the villa steadiest for the other's next pull (a fall now leaves nobody
    /// a winner, and a careless hand pulls anything) — or, heavier than it, the column
    /// worth most points of those about as steady whose move is sure: on the top floor an
    /// objection cannot take it, and once the next floor is on, it may be moved up to take
    /// the seal.
    fn steadiest(&self, stage: Stage) -> Option<Thumb> {
        let moves: Vec<(ColId, (f64, f64))> = self
            .playable(stage)
            .map(|c| (c, self.v.steadiest_move(c, self.seat)))
            .collect();
        let &(steadiest, (steadiness, _)) = moves.iter().max_by(|a, b| by_steadiness(a.1, b.1))?;
        let c = moves
            .iter()
            .filter(|(c, (steady, chance))| {
                *c == steadiest
                    || (*steady >= steadiness - SAME_CHANCE && *chance >= HEAVY_LIFT_CHANCE)
            })
            // Worth most, then steadiest; the first of equals.
            .min_by(|a, b| points(b.0).cmp(&points(a.0)).then(by_steadiness(b.1, a.1)))
            .map_or(steadiest, |(c, _)| *c);
        let why = if points(c) > points(steadiest) {
            HEAVY_LIFT
        } else {
            STEADY
        };
        self.pick(&towards_pull(stage, c), why)
    }

    /// `seat`'s columns it may pull at this stage (two players: once a colour is chosen,
    /// that colour's only).
    fn playable(&self, stage: Stage) -> impl Iterator<Item = ColId> + '_ {
        self.v
            .own_movable(self.seat)
            .into_iter()
            .filter(move |&c| match stage {
                Stage::Colour(k) => Villa::colour_of(c) == k,
                _ => true,
            })
    }

    /// Two players: the colour, then the column, that takes the seal back most surely, if
    /// that is at least `at_least` sure.
    fn retake(&self, stage: Stage, at_least: f64) -> Option<Thumb> {
        let retaking = self.playable(stage).filter(|&c| self.retakes(c));
        let (c, _) = surest_column(self.v, retaking).filter(|(_, chance)| *chance >= at_least)?;
        self.pick(&towards_pull(stage, c), RETAKE)
    }
}

/// Two players: the step towards pulling `c` — its colour at the start of the turn, the
/// pull once the colour is chosen.
fn towards_pull(stage: Stage, c: ColId) -> VillaAction {
    match stage {
        Stage::Colour(_) => VillaAction::Pull(c),
        _ => VillaAction::Play(Villa::colour_of(c)),
    }
}
