//! Scoring: each building scores for the holder of its top cube's certificate.

use super::board::{Board, Building};
use super::data::{Lot, RowId};
use crate::engine::{ScoreLine, Seat};
use crate::phrase::Phrase;

/// What one building is worth and to whom.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildingScore {
    pub lot: Lot,
    /// Holder of the certificate of the top cube's colour (nobody: `None`).
    pub owner: Option<Seat>,
    /// Signed points: + in a complete row, − in an incomplete one, ×2 under the mayor.
    pub points: i64,
    pub complete: bool,
    pub mayor: bool,
}

/// The points of one building: cubes + roof, ×2 with the mayor, negative if incomplete.
pub fn building_points(b: &Building, complete: bool, mayor: bool) -> i64 {
    let base = b.value() * if mayor { 2 } else { 1 };
    if complete {
        base
    } else {
        -base
    }
}

/// Every building's score on this board.
pub fn building_scores(board: &Board, certificates: &[Option<Seat>]) -> Vec<BuildingScore> {
    let mayor = board.mayor_row();
    let mut out = Vec::new();
    for row in RowId::ALL {
        let complete = board.is_complete(row);
        for (i, b) in board.row(row).iter().enumerate() {
            let owner = b
                .top()
                .and_then(|c| certificates.get(c.colour.index()).copied().flatten());
            out.push(BuildingScore {
                lot: Lot::new(row, u8::try_from(i + 1).unwrap_or(0)),
                owner,
                points: building_points(b, complete, mayor == Some(row)),
                complete,
                mayor: mayor == Some(row),
            });
        }
    }
    out
}

/// Board points per seat (cash boxes not included).
pub fn board_totals(board: &Board, certificates: &[Option<Seat>], players: usize) -> Vec<i64> {
    let mut totals = vec![0; players];
    for s in building_scores(board, certificates) {
        if let Some(t) = s.owner.and_then(|o| totals.get_mut(o)) {
            *t += s.points;
        }
    }
    totals
}

/// One seat's breakdown: a line per building they own, then the cash box.
pub fn breakdown(
    board: &Board,
    certificates: &[Option<Seat>],
    seat: Seat,
    cash_box: u32,
) -> Vec<ScoreLine> {
    seat_breakdown(board, &building_scores(board, certificates), seat, cash_box)
}

/// Every seat's breakdown (`cash_boxes` per seat), scoring the board once.
pub fn breakdowns(
    board: &Board,
    certificates: &[Option<Seat>],
    cash_boxes: &[u32],
) -> Vec<Vec<ScoreLine>> {
    let scores = building_scores(board, certificates);
    cash_boxes
        .iter()
        .enumerate()
        .map(|(seat, &cash_box)| seat_breakdown(board, &scores, seat, cash_box))
        .collect()
}

/// Every seat's breakdown as [`breakdowns`] writes it, each line with its phrase (the
/// final result, read in the reader's language; round ends keep the plain lines, which
/// are faster to build).
pub fn phrased_breakdowns(
    board: &Board,
    certificates: &[Option<Seat>],
    cash_boxes: &[u32],
) -> Vec<Vec<ScoreLine>> {
    let scores = building_scores(board, certificates);
    cash_boxes
        .iter()
        .enumerate()
        .map(|(seat, &cash_box)| {
            let mut lines = Vec::new();
            for s in scores.iter().filter(|s| s.owner == Some(seat)) {
                let Some(b) = board.building(s.lot) else {
                    continue;
                };
                lines.push(
                    ScoreLine::new(building_line(s, b), s.points)
                        .with_phrase(building_phrase(s, b)),
                );
            }
            lines.push(cash_box_line(cash_box).with_phrase(Phrase::new("estates-score-cash-box")));
            lines
        })
        .collect()
}

fn cash_box_line(cash_box: u32) -> ScoreLine {
    ScoreLine::new("cash box", i64::from(cash_box))
}

/// A building's line as a phrase (`estates-score-building`), in English the same as
/// [`building_line`].
fn building_phrase(s: &BuildingScore, b: &Building) -> Phrase {
    let cubes: Vec<String> = b.cubes.iter().map(|c| c.to_string()).collect();
    let yes = |on: bool| if on { "yes" } else { "no" };
    Phrase::new("estates-score-building")
        .text("lot", s.lot)
        .text("cubes", cubes.join(" "))
        .number("roof", b.roof.unwrap_or(0))
        .text("complete", yes(s.complete))
        .text("mayor", yes(s.mayor))
}

/// One seat's breakdown from the board's building scores.
fn seat_breakdown(
    board: &Board,
    scores: &[BuildingScore],
    seat: Seat,
    cash_box: u32,
) -> Vec<ScoreLine> {
    let mut lines = Vec::new();
    for s in scores {
        if s.owner != Some(seat) {
            continue;
        }
        let Some(b) = board.building(s.lot) else {
            continue;
        };
        lines.push(ScoreLine::new(building_line(s, b), s.points));
    }
    lines.push(cash_box_line(cash_box));
    lines
}

/// `top-2 (red-5 blue-3 + roof 4, complete, mayor ×2)`, written into one string without
/// the formatting machinery (this runs for every building at every round's end).
fn building_line(s: &BuildingScore, b: &Building) -> String {
    let mut line = String::with_capacity(64);
    line.push_str(s.lot.row.name());
    line.push('-');
    push_number(&mut line, s.lot.lot);
    line.push_str(" (");
    for (i, c) in b.cubes.iter().enumerate() {
        if i > 0 {
            line.push(' ');
        }
        line.push_str(c.colour.name());
        line.push('-');
        push_number(&mut line, c.value);
    }
    match b.roof {
        Some(r) => {
            line.push_str(" + roof ");
            push_number(&mut line, r);
        }
        None => line.push_str(" + no roof"),
    }
    line.push_str(if s.complete {
        ", complete"
    } else {
        ", incomplete"
    });
    if s.mayor {
        line.push_str(", mayor ×2");
    }
    line.push(')');
    line
}

/// Appends `n` in decimal.
fn push_number(line: &mut String, n: u8) {
    if n >= 100 {
        line.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        line.push(char::from(b'0' + (n / 10) % 10));
    }
    line.push(char::from(b'0' + n % 10));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::estates::data::{Colour, Cube};

    #[test]
    fn building_lines_read_as_before() {
        let b = Building {
            cubes: vec![Cube::new(Colour::Grey, 6), Cube::new(Colour::Blue, 3)],
            roof: Some(4),
        };
        let score = |lot: u8, complete, mayor| BuildingScore {
            lot: Lot::new(RowId::Middle, lot),
            owner: Some(0),
            points: 0,
            complete,
            mayor,
        };
        assert_eq!(
            building_line(&score(10, true, true), &b),
            "middle-10 (grey-6 blue-3 + roof 4, complete, mayor ×2)"
        );
        let bare = Building {
            cubes: vec![Cube::new(Colour::Red, 1)],
            roof: None,
        };
        assert_eq!(
            building_line(&score(2, false, false), &bare),
            "middle-2 (red-1 + no roof, incomplete)"
        );
    }
}
