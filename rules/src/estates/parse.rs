//! Reading typed commands: forgiving (case, spaces, `$`), with helpful errors.

use super::data::{Cube, Lot, RowId};
use super::{Estates, EstatesAction, Phase, Piece};
use crate::engine::{ParseError, Seat};
use crate::phrase::{Phrase, Phrased};
use std::fmt;

const ALL: &str = "Commands: `stash`, `cube red-5`, `roof`, `permit 2`, `mayor`, `cancel`, \
`bid 3`, `pass`, `sell`, `keep`, `place top-3`, `place middle`, `remove permit 2`, `discard`.";

const CUBE_USAGE: &str = "Name a cube like `cube red-5`, or an offer row end like `cube 2 left`.";

const LOT_USAGE: &str = "Name a lot like `place top-3` (rows top, middle, bottom; lots 1-10), or a row for the mayor: `place middle`.";

/// The stage of the turn a hint is about (`estates-parse-hint`'s `phase`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HintPhase {
    Turn,
    Auction,
    Decide,
    Place,
    Over,
}

impl HintPhase {
    fn of(game: &Estates) -> HintPhase {
        match game.phase() {
            Phase::Turn { .. } => HintPhase::Turn,
            Phase::Auction { .. } => HintPhase::Auction,
            Phase::Decide { .. } => HintPhase::Decide,
            Phase::Place { .. } => HintPhase::Place,
            Phase::Over => HintPhase::Over,
        }
    }

    fn code(self) -> &'static str {
        match self {
            HintPhase::Turn => "turn",
            HintPhase::Auction => "auction",
            HintPhase::Decide => "decide",
            HintPhase::Place => "place",
            HintPhase::Over => "over",
        }
    }

    fn text(self) -> &'static str {
        match self {
            HintPhase::Turn => {
                "Now: `stash` (optional), then choose a piece: `cube red-5`, `roof`, `permit 2`, `mayor` or `cancel`."
            }
            HintPhase::Auction => "Now: `bid 3` (or just `3`) or `pass`.",
            HintPhase::Decide => "Now: `sell` or `keep`.",
            HintPhase::Place => {
                "Now: `place top-3` (cube, roof, permit), `place middle` (mayor), `remove permit 2` (cancel cube) or `discard`."
            }
            HintPhase::Over => "The game is over.",
        }
    }
}

/// Why a typed command does not read as a move: its `Display` is the English sentence,
/// its phrase (`estates-parse-…`) the same in the reader's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EstatesParseError {
    /// Nothing typed.
    Empty(HintPhase),
    /// A word the game does not know (the whole line as typed).
    Unknown {
        text: String,
        phase: HintPhase,
    },
    /// A command without arguments got some.
    TakesNothing(String),
    NotAnAmount(String),
    NotAPermit(String),
    NotACube(String),
    NoSuchOfferRow(usize),
    /// A cube named with a row or end where it does not lie.
    CubeLiesElsewhere {
        cube: Cube,
        end: usize,
        row: usize,
    },
    CubeUsage,
    OfferRowEmpty(usize),
    NotALot(String),
    LotUsage,
    MayorNeedsRow,
    RemoveWhich,
    PermitWhich,
    BidWhich,
}

impl fmt::Display for EstatesParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use EstatesParseError as E;
        match self {
            E::Empty(phase) => write!(f, "Type a command. {}", phase.text()),
            E::Unknown { text, phase } => {
                write!(f, "Unknown command `{text}`. {} {ALL}", phase.text())
            }
            E::TakesNothing(w) => write!(f, "`{w}` takes nothing after it."),
            E::NotAnAmount(w) => {
                write!(f, "`{w}` is not a whole number of $M; bid like `bid 3`.")
            }
            E::NotAPermit(w) => write!(
                f,
                "`{w}` is not a permit: the permits are 1, 2 and 3, e.g. `permit 2`."
            ),
            E::NotACube(w) => write!(f, "`{w}` is not a cube. {CUBE_USAGE}"),
            E::NoSuchOfferRow(n) => {
                write!(f, "There are offer rows 1, 2 and 3, not {n}. {CUBE_USAGE}")
            }
            E::CubeLiesElsewhere { cube, end, row } => {
                let side = match end {
                    0 => "the left end",
                    1 => "the right end",
                    _ => "the middle",
                };
                write!(
                    f,
                    "{cube} lies at {side} of offer row {}; `cube {cube}` is enough.",
                    row + 1
                )
            }
            E::CubeUsage => f.write_str(CUBE_USAGE),
            E::OfferRowEmpty(r) => write!(f, "Offer row {} is empty.", r + 1),
            E::NotALot(w) => write!(f, "`{w}` is not a lot. {LOT_USAGE}"),
            E::LotUsage => f.write_str(LOT_USAGE),
            E::MayorNeedsRow => f.write_str("Put the mayor in front of a row: `place middle`."),
            E::RemoveWhich => {
                f.write_str("Name the permit the cancel cube removes: `remove permit 2`.")
            }
            E::PermitWhich => f.write_str("Choose a permit by its value: `permit 2`."),
            E::BidWhich => f.write_str("Bid a whole number of $M: `bid 3`."),
        }
    }
}

impl Phrased for EstatesParseError {
    fn phrase(&self) -> Phrase {
        use EstatesParseError as E;
        match self {
            E::Empty(phase) => Phrase::new("estates-parse-empty").text("phase", phase.code()),
            E::Unknown { text, phase } => Phrase::new("estates-parse-unknown")
                .text("text", text)
                .text("phase", phase.code()),
            E::TakesNothing(w) => Phrase::new("estates-parse-takes-nothing").text("word", w),
            E::NotAnAmount(w) => Phrase::new("estates-parse-not-an-amount").text("word", w),
            E::NotAPermit(w) => Phrase::new("estates-parse-not-a-permit").text("word", w),
            E::NotACube(w) => Phrase::new("estates-parse-not-a-cube").text("word", w),
            E::NoSuchOfferRow(n) => Phrase::new("estates-parse-no-such-offer-row").text("row", n),
            E::CubeLiesElsewhere { cube, end, row } => {
                let side = match end {
                    0 => "left",
                    1 => "right",
                    _ => "middle",
                };
                Phrase::new("estates-parse-cube-elsewhere")
                    .text("cube", cube)
                    .text("side", side)
                    .count("row", row + 1)
            }
            E::CubeUsage => Phrase::new("estates-parse-cube-usage"),
            E::OfferRowEmpty(r) => Phrase::new("estates-parse-offer-row-empty").count("row", r + 1),
            E::NotALot(w) => Phrase::new("estates-parse-not-a-lot").text("word", w),
            E::LotUsage => Phrase::new("estates-parse-lot-usage"),
            E::MayorNeedsRow => Phrase::new("estates-parse-mayor-needs-row"),
            E::RemoveWhich => Phrase::new("estates-parse-remove-which"),
            E::PermitWhich => Phrase::new("estates-parse-permit-which"),
            E::BidWhich => Phrase::new("estates-parse-bid-which"),
        }
    }
}

fn err(e: EstatesParseError) -> ParseError {
    ParseError::phrased(&e)
}

fn amount(word: &str) -> Result<u32, ParseError> {
    let w = word.trim_start_matches('$').trim_end_matches(['m', 'M']);
    w.parse::<u32>()
        .map_err(|_| err(EstatesParseError::NotAnAmount(word.to_string())))
}

fn permit_value(word: &str) -> Result<u8, ParseError> {
    match word {
        "1" => Ok(1),
        "2" => Ok(2),
        "3" => Ok(3),
        _ => Err(err(EstatesParseError::NotAPermit(word.to_string()))),
    }
}

/// `cube red-5`, `cube red-5 left`, `cube red-5 2 left`, `cube 2 left`, `cube left 2`.
fn cube(game: &Estates, words: &[&str]) -> Result<Piece, ParseError> {
    let mut id: Option<Cube> = None;
    let mut row: Option<usize> = None;
    let mut end: Option<usize> = None;
    let mut i = 0;
    while let Some(w) = words.get(i) {
        if let Some(c) = Cube::parse(w) {
            id = Some(c);
        } else if let (Some(c), Some(v)) = (super::data::Colour::parse(w), words.get(i + 1)) {
            // `red 5`
            id = Some(
                Cube::parse(&format!("{c}-{v}"))
                    .ok_or_else(|| err(EstatesParseError::NotACube(format!("{w} {v}"))))?,
            );
            i += 1;
        } else if *w == "left" || *w == "l" {
            end = Some(0);
        } else if *w == "right" || *w == "r" {
            end = Some(1);
        } else if *w == "row" {
        } else if let Ok(n) = w.parse::<usize>() {
            if !(1..=3).contains(&n) {
                return Err(err(EstatesParseError::NoSuchOfferRow(n)));
            }
            row = Some(n - 1);
        } else {
            return Err(err(EstatesParseError::NotACube(w.to_string())));
        }
        i += 1;
    }
    match id {
        Some(c) => {
            // Hints must agree with where the cube lies.
            if row.is_some() || end.is_some() {
                if let Some((r, e)) = game.offer_position(c) {
                    if row.is_some_and(|x| x != r) || end.is_some_and(|x| x != e) {
                        return Err(err(EstatesParseError::CubeLiesElsewhere {
                            cube: c,
                            end: e,
                            row: r,
                        }));
                    }
                }
            }
            Ok(Piece::Cube(c))
        }
        None => {
            let (Some(r), Some(e)) = (row, end) else {
                return Err(err(EstatesParseError::CubeUsage));
            };
            let line = game.offer().get(r).map(Vec::as_slice).unwrap_or(&[]);
            let c = if e == 0 { line.first() } else { line.last() };
            c.map(|c| Piece::Cube(*c))
                .ok_or_else(|| err(EstatesParseError::OfferRowEmpty(r)))
        }
    }
}

/// `top-3`, `top 3`, or a row alone (`top`).
fn spot(words: &[&str]) -> Result<EstatesAction, ParseError> {
    match words {
        [w] => {
            if let Some(lot) = Lot::parse(w) {
                Ok(EstatesAction::Place(lot))
            } else if let Some(row) = RowId::parse(w) {
                Ok(EstatesAction::PlaceMayor(row))
            } else {
                Err(err(EstatesParseError::NotALot(w.to_string())))
            }
        }
        [r, n] => Lot::parse(&format!("{r}-{n}"))
            .map(EstatesAction::Place)
            .ok_or_else(|| err(EstatesParseError::NotALot(format!("{r} {n}")))),
        _ => Err(err(EstatesParseError::LotUsage)),
    }
}

pub fn parse(game: &Estates, _seat: Seat, text: &str) -> Result<EstatesAction, ParseError> {
    let lower = text.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some((first, rest)) = words.split_first() else {
        return Err(err(EstatesParseError::Empty(HintPhase::of(game))));
    };
    let no_args = |a: EstatesAction| {
        if rest.is_empty() {
            Ok(a)
        } else {
            Err(err(EstatesParseError::TakesNothing(first.to_string())))
        }
    };
    let placing = matches!(game.phase(), Phase::Place { .. });
    match *first {
        "stash" => no_args(EstatesAction::Stash),
        "pass" => no_args(EstatesAction::Pass),
        "sell" => no_args(EstatesAction::Sell),
        "keep" => no_args(EstatesAction::Keep),
        "discard" => no_args(EstatesAction::Discard),
        "roof" => no_args(EstatesAction::Choose(Piece::Roof)),
        "mayor" if rest.is_empty() => Ok(EstatesAction::Choose(Piece::Mayor)),
        "mayor" => spot(rest).and_then(|a| match a {
            EstatesAction::PlaceMayor(_) => Ok(a),
            EstatesAction::Place(lot) => Ok(EstatesAction::PlaceMayor(lot.row)),
            _ => Err(err(EstatesParseError::MayorNeedsRow)),
        }),
        "cancel" if rest.is_empty() => Ok(EstatesAction::Choose(Piece::Cancel)),
        "cancel" | "remove" => {
            let rest: Vec<&str> = rest.iter().copied().filter(|w| *w != "permit").collect();
            match rest.as_slice() {
                [v] => permit_value(v).map(EstatesAction::RemovePermit),
                _ => Err(err(EstatesParseError::RemoveWhich)),
            }
        }
        "permit" => match rest {
            [v] => permit_value(v).map(|v| EstatesAction::Choose(Piece::Permit(v))),
            _ => Err(err(EstatesParseError::PermitWhich)),
        },
        "cube" => cube(game, rest).map(EstatesAction::Choose),
        "bid" => match rest {
            [n] => amount(n).map(EstatesAction::Bid),
            _ => Err(err(EstatesParseError::BidWhich)),
        },
        "place" | "put" => spot(rest),
        w => {
            if rest.is_empty() {
                if let Some(c) = Cube::parse(w) {
                    return Ok(EstatesAction::Choose(Piece::Cube(c)));
                }
                if w.trim_start_matches('$')
                    .starts_with(|c: char| c.is_ascii_digit())
                {
                    return amount(w).map(EstatesAction::Bid);
                }
            }
            if placing {
                if let Ok(a) = spot(&words) {
                    return Ok(a);
                }
            }
            if Cube::parse(w).is_some() {
                return cube(game, &words).map(EstatesAction::Choose);
            }
            Err(err(EstatesParseError::Unknown {
                text: text.trim().to_string(),
                phase: HintPhase::of(game),
            }))
        }
    }
}
