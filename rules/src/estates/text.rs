//! Texts: canonical action text, events, public and private views (drawn by `draw`).

use super::board::PieceState;
use super::data::{Colour, Cube, Lot, RowId, PERMITS};
use super::{EndReason, Estates, EstatesAction, Item, Phase, Piece};
use crate::engine::{Audience, CommandHelp, GameEvent, Seat};
use crate::phrase::{Phrase, Phrased};
use serde::Serialize;
use std::fmt;

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Piece::Cube(c) => write!(f, "cube {c}"),
            Piece::Roof => f.write_str("roof"),
            Piece::Permit(v) => write!(f, "permit {v}"),
            Piece::Mayor => f.write_str("mayor"),
            Piece::Cancel => f.write_str("cancel"),
        }
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Item::Cube(c) => write!(f, "cube {c}"),
            Item::Roof(v) => write!(f, "roof {v}"),
            Item::Permit(v) => write!(f, "permit {v}"),
            Item::Mayor => f.write_str("the mayor"),
            Item::Cancel => f.write_str("the cancel cube"),
        }
    }
}

impl fmt::Display for EstatesAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EstatesAction::Stash => f.write_str("stash"),
            EstatesAction::Choose(p) => write!(f, "{p}"),
            EstatesAction::Bid(n) => write!(f, "bid {n}"),
            EstatesAction::Pass => f.write_str("pass"),
            EstatesAction::Sell => f.write_str("sell"),
            EstatesAction::Keep => f.write_str("keep"),
            EstatesAction::Place(lot) => write!(f, "place {lot}"),
            EstatesAction::PlaceMayor(row) => write!(f, "place {row}"),
            EstatesAction::RemovePermit(v) => write!(f, "remove permit {v}"),
            EstatesAction::Discard => f.write_str("discard"),
        }
    }
}

pub(super) fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("seat {}", seat + 1))
}

/// A fact narrated after an action. Only [`EstatesEvent::Stashed`] is private.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum EstatesEvent {
    /// Private: the seat moved $1M into its cash box.
    Stashed {
        seat: Seat,
        cash_box: u32,
    },
    Chose {
        seat: Seat,
        item: Item,
    },
    Bid {
        seat: Seat,
        amount: u32,
    },
    Passed {
        seat: Seat,
    },
    AllPassed {
        auctioneer: Seat,
        item: Item,
    },
    Sold {
        auctioneer: Seat,
        buyer: Seat,
        amount: u32,
        item: Item,
    },
    Kept {
        auctioneer: Seat,
        bidder: Seat,
        amount: u32,
        item: Item,
    },
    CubePlaced {
        seat: Seat,
        cube: Cube,
        lot: Lot,
    },
    Certificate {
        seat: Seat,
        colour: Colour,
    },
    RoofPlaced {
        seat: Seat,
        roof: u8,
        lot: Lot,
    },
    PermitPlaced {
        seat: Seat,
        value: u8,
        lot: Lot,
        requirement: i8,
    },
    MayorPlaced {
        seat: Seat,
        row: RowId,
    },
    PermitRemoved {
        seat: Seat,
        value: u8,
        row: RowId,
        requirement: i8,
    },
    Discarded {
        seat: Seat,
        item: Item,
    },
    RoundOver {
        round: u32,
        rounds: u32,
        reason: EndReason,
        totals: Vec<i64>,
        winners: Vec<Seat>,
        match_over: bool,
    },
    NewRound {
        round: u32,
        starter: Seat,
    },
}

impl GameEvent for EstatesEvent {
    fn audience(&self) -> Audience {
        match self {
            EstatesEvent::Stashed { seat, .. } => Audience::Seat(*seat),
            _ => Audience::Everyone,
        }
    }

    fn phrased(&self) -> Option<Phrase> {
        Some(Phrased::phrase(self))
    }

    fn narrate(&self, names: &[String]) -> String {
        let n = |s: &Seat| name(names, *s);
        match self {
            EstatesEvent::Stashed { cash_box, .. } => format!(
                "You put $1M of illegal earnings in your cash box (now ${cash_box}M, 1 point per check at the end)."
            ),
            EstatesEvent::Chose { seat, item } => match item {
                Item::Roof(v) => format!("{} draws a roof from the bag: it is a {v}. Up for auction.", n(seat)),
                _ => format!("{} puts {item} up for auction.", n(seat)),
            },
            EstatesEvent::Bid { seat, amount } => format!("{} bids ${amount}M.", n(seat)),
            EstatesEvent::Passed { seat } => format!("{} passes.", n(seat)),
            EstatesEvent::AllPassed { auctioneer, item } => {
                format!("Everyone passed: {} takes {item} for free.", n(auctioneer))
            }
            EstatesEvent::Sold {
                auctioneer,
                buyer,
                amount,
                item,
            } => format!(
                "{} sells {item} to {}, who pays ${amount}M to {}.",
                n(auctioneer),
                n(buyer),
                n(auctioneer)
            ),
            EstatesEvent::Kept {
                auctioneer,
                bidder,
                amount,
                item,
            } => format!(
                "{} keeps {item} and pays ${amount}M to {}.",
                n(auctioneer),
                n(bidder)
            ),
            EstatesEvent::CubePlaced { seat, cube, lot } => {
                format!("{} places {cube} on {lot}.", n(seat))
            }
            EstatesEvent::Certificate { seat, colour } => format!(
                "{} takes the {colour} certificate ({}).",
                n(seat),
                colour.company()
            ),
            EstatesEvent::RoofPlaced { seat, roof, lot } => {
                format!("{} puts roof {roof} on {lot}: that building is finished.", n(seat))
            }
            EstatesEvent::PermitPlaced {
                seat,
                value,
                lot,
                requirement,
            } => format!(
                "{} places permit {value} on {lot}: the {} row now needs {requirement} lots.",
                n(seat),
                lot.row
            ),
            EstatesEvent::MayorPlaced { seat, row } => format!(
                "{} puts the mayor in front of the {row} row: its buildings score double.",
                n(seat)
            ),
            EstatesEvent::PermitRemoved {
                seat,
                value,
                row,
                requirement,
            } => format!(
                "{} uses the cancel cube on permit {value}: the {row} row needs {requirement} lots again. Both leave the game.",
                n(seat)
            ),
            EstatesEvent::Discarded { seat, item } => {
                format!("{} removes {item} from the game.", n(seat))
            }
            EstatesEvent::RoundOver {
                round,
                rounds,
                reason,
                totals,
                winners,
                match_over,
            } => {
                let scores: Vec<String> = totals
                    .iter()
                    .enumerate()
                    .map(|(s, t)| format!("{} {t}", n(&s)))
                    .collect();
                let win: Vec<String> = winners.iter().map(n).collect();
                let head = if *rounds == 1 {
                    format!("The game ends: {}.", reason.text())
                } else {
                    format!("Round {round} of {rounds} ends: {}.", reason.text())
                };
                let tail = if *match_over { "" } else { " The next round starts; cash boxes rejoin cash." };
                format!(
                    "{head} Scores (with cash boxes): {}. Best: {}.{tail}",
                    scores.join(", "),
                    win.join(", ")
                )
            }
            EstatesEvent::NewRound { round, starter } => {
                format!("Round {round} is set up afresh. {} starts.", n(starter))
            }
        }
    }
}

impl Item {
    /// Adds this item as the arguments `item` (its kind) and `code` (its cube, roof or
    /// permit code) that the message `estates-item` reads from its caller.
    pub(super) fn args(self, p: Phrase) -> Phrase {
        match self {
            Item::Cube(c) => p.text("item", "cube").text("code", c),
            Item::Roof(v) => p.text("item", "roof").text("code", v),
            Item::Permit(v) => p.text("item", "permit").text("code", v),
            Item::Mayor => p.text("item", "mayor").text("code", ""),
            Item::Cancel => p.text("item", "cancel").text("code", ""),
        }
    }
}

impl RowId {
    /// The row's name as a game word (`estates-row-top` …, in `errors.ftl`).
    pub fn term(self) -> &'static str {
        match self {
            RowId::Top => "estates-row-top",
            RowId::Middle => "estates-row-middle",
            RowId::Bottom => "estates-row-bottom",
        }
    }
}

impl Colour {
    /// The colour's name as a game word (`estates-colour-blue` …).
    pub fn term(self) -> &'static str {
        match self {
            Colour::Blue => "estates-colour-blue",
            Colour::Red => "estates-colour-red",
            Colour::Yellow => "estates-colour-yellow",
            Colour::Green => "estates-colour-green",
            Colour::Purple => "estates-colour-purple",
            Colour::Grey => "estates-colour-grey",
        }
    }
}

impl EndReason {
    /// The argument `reason` that the message `estates-reason` reads from its caller.
    pub(crate) fn code(self) -> &'static str {
        match self {
            EndReason::TwoRowsComplete => "two-rows",
            EndReason::RoofsGone => "roofs-gone",
            EndReason::NoPieceLeft => "no-piece",
        }
    }
}

/// Argument names of the seat lists (`estates-scores`, `estates-best`): up to five seats.
const SEAT_ARGS: [&str; 5] = ["p1", "p2", "p3", "p4", "p5"];
const SCORE_ARGS: [&str; 5] = ["s1", "s2", "s3", "s4", "s5"];
const BEST_ARGS: [&str; 5] = ["w1", "w2", "w3", "w4", "w5"];

/// Adds every seat's total (`players`, `p1`…, `s1`…) and the best seats (`best`, `w1`…).
pub(super) fn round_args(mut p: Phrase, totals: &[i64], winners: &[Seat]) -> Phrase {
    p = p.count("players", totals.len());
    for ((seat, total), (pn, sn)) in totals
        .iter()
        .enumerate()
        .zip(SEAT_ARGS.iter().zip(SCORE_ARGS))
    {
        p = p.player(pn, seat).number(sn, *total);
    }
    p = p.count("best", winners.len());
    for (seat, wn) in winners.iter().zip(BEST_ARGS) {
        p = p.player(wn, *seat);
    }
    p
}

impl Phrased for EstatesEvent {
    fn phrase(&self) -> Phrase {
        use EstatesEvent as E;
        match self {
            E::Stashed { cash_box, .. } => {
                Phrase::new("estates-event-stashed").number("cash_box", *cash_box)
            }
            E::Chose { seat, item } => match item {
                Item::Roof(v) => Phrase::new("estates-event-chose-roof")
                    .player("name", *seat)
                    .number("roof", *v),
                _ => item.args(Phrase::new("estates-event-chose").player("name", *seat)),
            },
            E::Bid { seat, amount } => Phrase::new("estates-event-bid")
                .player("name", *seat)
                .number("amount", *amount),
            E::Passed { seat } => Phrase::new("estates-event-passed").player("name", *seat),
            E::AllPassed { auctioneer, item } => {
                item.args(Phrase::new("estates-event-all-passed").player("name", *auctioneer))
            }
            E::Sold {
                auctioneer,
                buyer,
                amount,
                item,
            } => item.args(
                Phrase::new("estates-event-sold")
                    .player("name", *auctioneer)
                    .player("buyer", *buyer)
                    .number("amount", *amount),
            ),
            E::Kept {
                auctioneer,
                bidder,
                amount,
                item,
            } => item.args(
                Phrase::new("estates-event-kept")
                    .player("name", *auctioneer)
                    .player("bidder", *bidder)
                    .number("amount", *amount),
            ),
            E::CubePlaced { seat, cube, lot } => Phrase::new("estates-event-cube-placed")
                .player("name", *seat)
                .text("cube", cube)
                .text("lot", lot),
            E::Certificate { seat, colour } => Phrase::new("estates-event-certificate")
                .player("name", *seat)
                .term("colour", colour.term())
                .text("company", colour.company()),
            E::RoofPlaced { seat, roof, lot } => Phrase::new("estates-event-roof-placed")
                .player("name", *seat)
                .number("roof", *roof)
                .text("lot", lot),
            E::PermitPlaced {
                seat,
                value,
                lot,
                requirement,
            } => Phrase::new("estates-event-permit-placed")
                .player("name", *seat)
                .number("permit", *value)
                .text("lot", lot)
                .term("row", lot.row.term())
                .number("needs", *requirement),
            E::MayorPlaced { seat, row } => Phrase::new("estates-event-mayor-placed")
                .player("name", *seat)
                .term("row", row.term()),
            E::PermitRemoved {
                seat,
                value,
                row,
                requirement,
            } => Phrase::new("estates-event-permit-removed")
                .player("name", *seat)
                .number("permit", *value)
                .term("row", row.term())
                .number("needs", *requirement),
            E::Discarded { seat, item } => {
                item.args(Phrase::new("estates-event-discarded").player("name", *seat))
            }
            E::RoundOver {
                round,
                rounds,
                reason,
                totals,
                winners,
                match_over,
            } => {
                let key = if *rounds == 1 {
                    "estates-event-game-over"
                } else if *match_over {
                    "estates-event-last-round-over"
                } else {
                    "estates-event-round-over"
                };
                let p = Phrase::new(key)
                    .number("round", *round)
                    .number("rounds", *rounds)
                    .text("reason", reason.code());
                round_args(p, totals, winners)
            }
            E::NewRound { round, starter } => Phrase::new("estates-event-new-round")
                .number("round", *round)
                .player("name", *starter),
        }
    }
}

/// One building as everyone sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BuildingView {
    pub lot: u8,
    pub cubes: Vec<Cube>,
    pub roof: Option<u8>,
    /// Who its top cube's certificate belongs to.
    pub owner: Option<Seat>,
    /// What it would score now.
    pub points: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowView {
    pub row: RowId,
    pub requirement: i8,
    /// Permits stacked at the row's end: (value, effect).
    pub permits: Vec<(u8, i8)>,
    pub permit_lot: Option<u8>,
    pub mayor: bool,
    pub complete: bool,
    pub buildings: Vec<BuildingView>,
}

/// The stage of the turn, without secrets (whether the active player stashed is hidden).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum PhaseView {
    Choosing {
        auctioneer: Seat,
    },
    Auction {
        auctioneer: Seat,
        item: Item,
        bids: Vec<(Seat, Option<u32>)>,
        to_answer: Option<Seat>,
    },
    Deciding {
        auctioneer: Seat,
        item: Item,
        high: (Seat, u32),
    },
    Placing {
        item: Item,
        owner: Seat,
    },
    Over,
}

/// Everything public: no cash, no cash box, no hidden cubes or roof order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EstatesPublic {
    pub players: usize,
    pub round: u32,
    pub rounds: u32,
    pub rows: Vec<RowView>,
    pub offer: Vec<Vec<Cube>>,
    pub roofs_left: usize,
    pub certificates: Vec<(Colour, Option<Seat>)>,
    /// Permits 1–3: where they are.
    pub permits: Vec<(u8, PieceState)>,
    pub mayor: PieceState,
    pub cancel: PieceState,
    /// Board points per seat if the game ended now (cash boxes excluded).
    pub live_scores: Vec<i64>,
    pub phase: PhaseView,
    /// Totals of finished rounds (cash boxes included once revealed at round end).
    pub round_totals: Vec<Vec<i64>>,
    pub round_wins: Vec<u32>,
}

/// One seat's secrets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EstatesPrivate {
    pub seat: Seat,
    pub cash: u32,
    pub cash_box: u32,
    /// True while this seat may still stash this turn.
    pub may_stash: bool,
}

pub fn public_view(g: &Estates) -> EstatesPublic {
    let board = g.board();
    let scores = super::scoring::building_scores(board, g.certificates());
    let rows = RowId::ALL
        .iter()
        .map(|&row| RowView {
            row,
            requirement: board.requirement(row),
            permits: board.permits_in(row),
            permit_lot: board.permit_lot(row),
            mayor: board.mayor_row() == Some(row),
            complete: board.is_complete(row),
            buildings: board
                .row(row)
                .iter()
                .enumerate()
                .map(|(i, b)| {
                    let lot = u8::try_from(i + 1).unwrap_or(0);
                    let s = scores.iter().find(|s| s.lot == Lot::new(row, lot));
                    BuildingView {
                        lot,
                        cubes: b.cubes.clone(),
                        roof: b.roof,
                        owner: s.and_then(|s| s.owner),
                        points: s.map_or(0, |s| s.points),
                    }
                })
                .collect(),
        })
        .collect();
    let phase = match g.phase() {
        Phase::Turn { .. } => PhaseView::Choosing {
            auctioneer: g.active(),
        },
        Phase::Auction {
            item,
            responders,
            bids,
            ..
        } => PhaseView::Auction {
            auctioneer: g.active(),
            item: *item,
            bids: bids.as_slice().to_vec(),
            to_answer: responders.current(),
        },
        Phase::Decide { item, high, .. } => PhaseView::Deciding {
            auctioneer: g.active(),
            item: *item,
            high: *high,
        },
        Phase::Place { item, owner } => PhaseView::Placing {
            item: *item,
            owner: *owner,
        },
        Phase::Over => PhaseView::Over,
    };
    EstatesPublic {
        players: g.players(),
        round: g.round(),
        rounds: g.options().rounds,
        rows,
        offer: g.offer().to_vec(),
        roofs_left: g.roofs_left(),
        certificates: Colour::ALL
            .iter()
            .map(|&c| (c, g.certificates().get(c.index()).copied().flatten()))
            .collect(),
        permits: PERMITS
            .iter()
            .zip(board.permits.iter())
            .map(|(v, s)| (*v, *s))
            .collect(),
        mayor: board.mayor,
        cancel: board.cancel,
        live_scores: g.live_scores(),
        phase,
        round_totals: g.history().iter().map(|r| r.totals.clone()).collect(),
        round_wins: g.round_wins(),
    }
}

pub fn private_view(g: &Estates, seat: Seat) -> EstatesPrivate {
    let may_stash = matches!(g.phase(), Phase::Turn { stashed: false })
        && g.active() == seat
        && g.cash(seat) > 0;
    EstatesPrivate {
        seat,
        cash: g.cash(seat),
        cash_box: g.cash_box(seat),
        may_stash,
    }
}

pub const COMMANDS: &[CommandHelp] = &[
    CommandHelp {
        syntax: "stash",
        meaning: "start of your turn, optional: move $1M from cash into your secret cash box (once per turn)",
        meaning_key: "estates-help-stash",
        example: "stash",
    },
    CommandHelp {
        syntax: "cube <colour-value> [left|right]",
        meaning: "auction a floor cube from an end of an offer row (or `cube <row 1-3> left|right`)",
        meaning_key: "estates-help-cube-colour-value-left-right",
        example: "cube red-5",
    },
    CommandHelp {
        syntax: "roof",
        meaning: "draw the next roof face up and auction it",
        meaning_key: "estates-help-roof",
        example: "roof",
    },
    CommandHelp {
        syntax: "permit <1|2|3>",
        meaning: "auction a building permit",
        meaning_key: "estates-help-permit-1-2-3",
        example: "permit 2",
    },
    CommandHelp {
        syntax: "mayor",
        meaning: "auction the mayor",
        meaning_key: "estates-help-mayor",
        example: "mayor",
    },
    CommandHelp {
        syntax: "cancel",
        meaning: "auction the cancel cube",
        meaning_key: "estates-help-cancel",
        example: "cancel",
    },
    CommandHelp {
        syntax: "bid <amount>",
        meaning: "bid whole $M (a bare number works too); one bid per auction",
        meaning_key: "estates-help-bid-amount",
        example: "bid 3",
    },
    CommandHelp {
        syntax: "pass",
        meaning: "stay out of this auction",
        meaning_key: "estates-help-pass",
        example: "pass",
    },
    CommandHelp {
        syntax: "sell",
        meaning: "auctioneer: give the piece to the high bidder, who pays you",
        meaning_key: "estates-help-sell",
        example: "sell",
    },
    CommandHelp {
        syntax: "keep",
        meaning: "auctioneer: take the piece and pay the high bid to the high bidder",
        meaning_key: "estates-help-keep",
        example: "keep",
    },
    CommandHelp {
        syntax: "place <row>-<lot>",
        meaning: "place the cube, roof or permit you won (rows: top, middle, bottom; lots 1-10)",
        meaning_key: "estates-help-place-row-lot",
        example: "place top-3",
    },
    CommandHelp {
        syntax: "place <row>",
        meaning: "put the mayor in front of a row",
        meaning_key: "estates-help-place-row",
        example: "place middle",
    },
    CommandHelp {
        syntax: "remove permit <1|2|3>",
        meaning: "use the cancel cube on a placed permit",
        meaning_key: "estates-help-remove-permit-1-2-3",
        example: "remove permit 2",
    },
    CommandHelp {
        syntax: "discard",
        meaning: "remove the permit, mayor or cancel cube you won from the game",
        meaning_key: "estates-help-discard",
        example: "discard",
    },
];
