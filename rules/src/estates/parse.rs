//! Reading typed commands: forgiving (case, spaces, `$`), with helpful errors.

use super::data::{Cube, Lot, RowId};
use super::{Estates, EstatesAction, Phase, Piece};
use crate::engine::{ParseError, Seat};

const ALL: &str = "Commands: `stash`, `cube red-5`, `roof`, `permit 2`, `mayor`, `cancel`, \
`bid 3`, `pass`, `sell`, `keep`, `place top-3`, `place middle`, `remove permit 2`, `discard`.";

fn hint(game: &Estates) -> &'static str {
    match game.phase() {
        Phase::Turn { .. } => {
            "Now: `stash` (optional), then choose a piece: `cube red-5`, `roof`, `permit 2`, `mayor` or `cancel`."
        }
        Phase::Auction { .. } => "Now: `bid 3` (or just `3`) or `pass`.",
        Phase::Decide { .. } => "Now: `sell` or `keep`.",
        Phase::Place { .. } => {
            "Now: `place top-3` (cube, roof, permit), `place middle` (mayor), `remove permit 2` (cancel cube) or `discard`."
        }
        Phase::Over => "The game is over.",
    }
}

fn amount(word: &str) -> Result<u32, ParseError> {
    let w = word.trim_start_matches('$').trim_end_matches(['m', 'M']);
    w.parse::<u32>().map_err(|_| {
        ParseError::new(format!(
            "`{word}` is not a whole number of $M; bid like `bid 3`."
        ))
    })
}

fn permit_value(word: &str) -> Result<u8, ParseError> {
    match word {
        "1" => Ok(1),
        "2" => Ok(2),
        "3" => Ok(3),
        _ => Err(ParseError::new(format!(
            "`{word}` is not a permit: the permits are 1, 2 and 3, e.g. `permit 2`."
        ))),
    }
}

/// `cube red-5`, `cube red-5 left`, `cube red-5 2 left`, `cube 2 left`, `cube left 2`.
fn cube(game: &Estates, words: &[&str]) -> Result<Piece, ParseError> {
    let usage = "Name a cube like `cube red-5`, or an offer row end like `cube 2 left`.";
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
                    .ok_or_else(|| ParseError::new(format!("`{w} {v}` is not a cube. {usage}")))?,
            );
            i += 1;
        } else if *w == "left" || *w == "l" {
            end = Some(0);
        } else if *w == "right" || *w == "r" {
            end = Some(1);
        } else if *w == "row" {
        } else if let Ok(n) = w.parse::<usize>() {
            if !(1..=3).contains(&n) {
                return Err(ParseError::new(format!(
                    "There are offer rows 1, 2 and 3, not {n}. {usage}"
                )));
            }
            row = Some(n - 1);
        } else {
            return Err(ParseError::new(format!("`{w}` is not a cube. {usage}")));
        }
        i += 1;
    }
    match id {
        Some(c) => {
            // Hints must agree with where the cube lies.
            if row.is_some() || end.is_some() {
                if let Some((r, e)) = game.offer_position(c) {
                    if row.is_some_and(|x| x != r) || end.is_some_and(|x| x != e) {
                        let side = match e {
                            0 => "the left end",
                            1 => "the right end",
                            _ => "the middle",
                        };
                        return Err(ParseError::new(format!(
                            "{c} lies at {side} of offer row {}; `cube {c}` is enough.",
                            r + 1
                        )));
                    }
                }
            }
            Ok(Piece::Cube(c))
        }
        None => {
            let (Some(r), Some(e)) = (row, end) else {
                return Err(ParseError::new(usage));
            };
            let line = game.offer().get(r).map(Vec::as_slice).unwrap_or(&[]);
            let c = if e == 0 { line.first() } else { line.last() };
            c.map(|c| Piece::Cube(*c))
                .ok_or_else(|| ParseError::new(format!("Offer row {} is empty.", r + 1)))
        }
    }
}

/// `top-3`, `top 3`, or a row alone (`top`).
fn spot(words: &[&str]) -> Result<EstatesAction, ParseError> {
    let usage = "Name a lot like `place top-3` (rows top, middle, bottom; lots 1-10), or a row for the mayor: `place middle`.";
    match words {
        [w] => {
            if let Some(lot) = Lot::parse(w) {
                Ok(EstatesAction::Place(lot))
            } else if let Some(row) = RowId::parse(w) {
                Ok(EstatesAction::PlaceMayor(row))
            } else {
                Err(ParseError::new(format!("`{w}` is not a lot. {usage}")))
            }
        }
        [r, n] => Lot::parse(&format!("{r}-{n}"))
            .map(EstatesAction::Place)
            .ok_or_else(|| ParseError::new(format!("`{r} {n}` is not a lot. {usage}"))),
        _ => Err(ParseError::new(usage)),
    }
}

pub fn parse(game: &Estates, _seat: Seat, text: &str) -> Result<EstatesAction, ParseError> {
    let lower = text.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some((first, rest)) = words.split_first() else {
        return Err(ParseError::new(format!("Type a command. {}", hint(game))));
    };
    let no_args = |a: EstatesAction| {
        if rest.is_empty() {
            Ok(a)
        } else {
            Err(ParseError::new(format!(
                "`{first}` takes nothing after it."
            )))
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
            _ => Err(ParseError::new(
                "Put the mayor in front of a row: `place middle`.",
            )),
        }),
        "cancel" if rest.is_empty() => Ok(EstatesAction::Choose(Piece::Cancel)),
        "cancel" | "remove" => {
            let rest: Vec<&str> = rest.iter().copied().filter(|w| *w != "permit").collect();
            match rest.as_slice() {
                [v] => permit_value(v).map(EstatesAction::RemovePermit),
                _ => Err(ParseError::new(
                    "Name the permit the cancel cube removes: `remove permit 2`.",
                )),
            }
        }
        "permit" => match rest {
            [v] => permit_value(v).map(|v| EstatesAction::Choose(Piece::Permit(v))),
            _ => Err(ParseError::new("Choose a permit by its value: `permit 2`.")),
        },
        "cube" => cube(game, rest).map(EstatesAction::Choose),
        "bid" => match rest {
            [n] => amount(n).map(EstatesAction::Bid),
            _ => Err(ParseError::new("Bid a whole number of $M: `bid 3`.")),
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
            Err(ParseError::new(format!(
                "Unknown command `{}`. {} {ALL}",
                text.trim(),
                hint(game)
            )))
        }
    }
}
