//! Texts: canonical action text, events, public and private views and their rendering.

use super::board::PieceState;
use super::data::{Colour, Cube, Lot, RowId, PERMITS, RIVER_AFTER};
use super::{EndReason, Estates, EstatesAction, Item, Phase, Piece};
use crate::engine::{Audience, CommandHelp, GameEvent, Seat};
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

fn name(names: &[String], seat: Seat) -> String {
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

fn building_text(b: &BuildingView, white: bool, names: &[String]) -> String {
    let cubes: Vec<String> = b.cubes.iter().map(|c| c.to_string()).collect();
    let roof = b.roof.map_or(String::new(), |r| format!(" ^roof {r}"));
    let owner = b.owner.map_or("nobody".to_string(), |o| name(names, o));
    format!(
        " {:>2}{} {}{roof} → {owner} {:+}",
        b.lot,
        if white { "w" } else { " " },
        cubes.join(" "),
        b.points
    )
}

fn state_text(s: &PieceState) -> String {
    match s {
        PieceState::Available => "available".into(),
        PieceState::Placed { row, .. } => format!("in {row} row"),
        PieceState::Gone => "gone".into(),
    }
}

/// The board's first line: the title and the round.
pub fn headline(v: &EstatesPublic) -> String {
    if v.rounds > 1 {
        format!("**The Estates** — round {} of {}", v.round, v.rounds)
    } else {
        "**The Estates**".to_string()
    }
}

pub fn render_public(v: &EstatesPublic, names: &[String]) -> String {
    let mut out = headline(v);
    out.push('\n');
    out.push_str("```\n");
    for r in &v.rows {
        let mut head = format!(
            "{} row · needs {}",
            r.row.name().to_uppercase(),
            r.requirement
        );
        if !r.permits.is_empty() {
            let p: Vec<String> = r
                .permits
                .iter()
                .map(|(v, e)| format!("{v}({e:+})"))
                .collect();
            head.push_str(&format!(
                " · permit {} @lot {}",
                p.join("+"),
                r.permit_lot.unwrap_or(0)
            ));
        }
        if r.mayor {
            head.push_str(" · MAYOR x2");
        }
        if r.complete {
            head.push_str(" · COMPLETE");
        }
        out.push_str(&head);
        out.push('\n');
        for b in &r.buildings {
            out.push_str(&building_text(b, r.row.is_white(b.lot), names));
            out.push('\n');
            if b.lot == RIVER_AFTER && usize::from(b.lot) < r.buildings.len() {
                out.push_str("    ~~ river ~~\n");
            }
        }
        let next = r.buildings.len() + 1;
        let req = usize::try_from(r.requirement).unwrap_or(0);
        if next <= req {
            let whites: Vec<String> = r
                .row
                .white_lots()
                .iter()
                .filter(|&&l| usize::from(l) >= next && usize::from(l) <= req)
                .map(|l| l.to_string())
                .collect();
            let w = if whites.is_empty() {
                String::new()
            } else {
                format!(" (white: {})", whites.join(","))
            };
            if next == req {
                out.push_str(&format!("  lot {next} empty{w}\n"));
            } else {
                out.push_str(&format!("  lots {next}-{req} empty{w}\n"));
            }
        }
    }
    out.push_str("```\n");
    out.push_str("**Offer rows** (only the end cubes can be chosen)\n```\n");
    for (i, row) in v.offer.iter().enumerate() {
        let cubes: Vec<String> = row.iter().map(|c| c.to_string()).collect();
        out.push_str(&format!(
            "{}: {}\n",
            i + 1,
            if cubes.is_empty() {
                "(empty)".into()
            } else {
                cubes.join(" ")
            }
        ));
    }
    out.push_str("```\n");
    let permits: Vec<String> = v
        .permits
        .iter()
        .map(|(p, s)| format!("{p} {}", state_text(s)))
        .collect();
    out.push_str(&format!(
        "Roofs in the bag: {} · Permits: {} · Mayor: {} · Cancel cube: {}\n",
        v.roofs_left,
        permits.join(", "),
        state_text(&v.mayor),
        state_text(&v.cancel)
    ));
    let certs: Vec<String> = v
        .certificates
        .iter()
        .map(|(c, s)| format!("{c} {}", s.map_or("—".to_string(), |s| name(names, s))))
        .collect();
    out.push_str(&format!("Certificates: {}\n", certs.join(", ")));
    let live: Vec<String> = v
        .live_scores
        .iter()
        .enumerate()
        .map(|(s, p)| format!("{} {p:+}", name(names, s)))
        .collect();
    out.push_str(&format!(
        "Score if it ended now (cash boxes not shown): {}\n",
        live.join(", ")
    ));
    if !v.round_totals.is_empty() {
        for (i, t) in v.round_totals.iter().enumerate() {
            let s: Vec<String> = t
                .iter()
                .enumerate()
                .map(|(seat, p)| format!("{} {p}", name(names, seat)))
                .collect();
            out.push_str(&format!("Round {}: {}\n", i + 1, s.join(", ")));
        }
        let w: Vec<String> = v
            .round_wins
            .iter()
            .enumerate()
            .map(|(s, w)| format!("{} {w}", name(names, s)))
            .collect();
        out.push_str(&format!("Round wins: {}\n", w.join(", ")));
    }
    match &v.phase {
        PhaseView::Choosing { auctioneer } => out.push_str(&format!(
            "{} is the auctioneer: choose a piece to auction.\n",
            name(names, *auctioneer)
        )),
        PhaseView::Auction {
            auctioneer,
            item,
            bids,
            to_answer,
        } => {
            let b = bid_list(bids, names);
            out.push_str(&format!(
                "Auction by {} of {item}. Bids: {}.",
                name(names, *auctioneer),
                if b.is_empty() {
                    "none yet".into()
                } else {
                    b.join(", ")
                }
            ));
            if let Some(s) = to_answer {
                out.push_str(&format!(" {} to bid or pass.", name(names, *s)));
            }
            out.push('\n');
        }
        PhaseView::Deciding {
            auctioneer,
            item,
            high: (s, a),
        } => out.push_str(&format!(
            "{} bid ${a}M for {item}. {} decides: sell or keep.\n",
            name(names, *s),
            name(names, *auctioneer)
        )),
        PhaseView::Placing { item, owner } => {
            out.push_str(&format!("{} must place {item}.\n", name(names, *owner)))
        }
        PhaseView::Over => out.push_str("The game is over.\n"),
    }
    out
}

pub fn render_private(v: &EstatesPrivate, _names: &[String]) -> String {
    let mut out = format!(
        "Cash on hand: ${}M · cash box: ${}M (1 point per check at the end; never spendable).",
        v.cash, v.cash_box
    );
    if v.may_stash {
        out.push_str(" You may stash $1M in your cash box before choosing a piece.");
    }
    out
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

/// The bids of an auction in words: "Ana $3M", "Bruno pass".
pub fn bid_list(bids: &[(Seat, Option<u32>)], names: &[String]) -> Vec<String> {
    bids.iter()
        .map(|(s, a)| match a {
            Some(a) => format!("{} ${a}M", name(names, *s)),
            None => format!("{} pass", name(names, *s)),
        })
        .collect()
}
