//! Drawing the villa: the side view, each level from above, the columns' list, the seal
//! and the points, and the line saying whom the game waits for.

use super::data::COLOURS;
use super::geom::{self, P};
use super::model::{self, Grid, GridPt};
use super::text::*;
use super::{ColumnView, Phase, Stage, Villa, VillaPrivate, VillaView, Why};
use crate::engine::Seat;
use crate::phrase::{Phrase, Say};
use std::fmt::Write as _;

/// Each level's name, from the base plate (0) up to the top, the top one marked as such:
/// said once per board.
fn level_names(top: usize, say: &dyn Say) -> Vec<String> {
    (0..=top)
        .map(|level| {
            let base = if level == 0 {
                say.say(&Phrase::new("villa-board-base-plate"))
            } else {
                say.say(&Phrase::new("villa-board-floor").term("colour", floor_term(level)))
            };
            if level == top {
                say.say(&Phrase::new("villa-board-level-top").text("level", base))
            } else {
                base
            }
        })
        .collect()
}

/// Side view: x from −15 to 15, one character per cm; each level's columns above its
/// floor bar, labelled with `labels[level]`. Column glyphs: colour letter (lower case when
/// frozen).
fn side_view(v: &VillaView, labels: &[String]) -> String {
    const W: usize = 31;
    let col_x = |x: f64| ((x + 15.0).round() as i64).clamp(0, W as i64 - 1) as usize;
    let mut rows: Vec<String> = vec![];
    let top = v.floors.len();
    for level in (0..=top).rev() {
        // Stack heights (red floor): draw higher columns in extra rows.
        let cols: Vec<&ColumnView> = v.present().filter(|c| c.level as usize == level).collect();
        let height = |c: &ColumnView| {
            let mut h = 0;
            let mut cur = c.on;
            while let Some(o) = cur {
                h += 1;
                cur = v.columns.get(o as usize).and_then(|x| x.on);
                if h > 20 {
                    break;
                }
            }
            h
        };
        let max_h = cols.iter().map(|c| height(c)).max().unwrap_or(0);
        for h in (0..=max_h).rev() {
            let mut row = [' '; W];
            for c in cols.iter().filter(|c| height(c) == h) {
                let g = COLOURS
                    .get(c.colour as usize)
                    .and_then(|s| s.chars().next())
                    .unwrap_or('?');
                let g = if c.frozen { g } else { g.to_ascii_uppercase() };
                let i = col_x(c.pos.0);
                row[i] = if row[i] == ' ' { g } else { '#' };
            }
            rows.push(format!("{} |", row.iter().collect::<String>()));
        }
        let mut bar = vec![' '; W];
        match level.checked_sub(1).and_then(|i| v.floors.get(i)) {
            Some(&pos) => {
                let poly = model::floor_poly(level, pos);
                let minx = poly.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
                let maxx = poly.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
                for b in bar.iter_mut().take(col_x(maxx) + 1).skip(col_x(minx)) {
                    *b = '=';
                }
            }
            None => bar = vec!['_'; W],
        }
        let label = labels.get(level).map(String::as_str).unwrap_or("");
        rows.push(format!("{} | {label}", bar.iter().collect::<String>()));
    }
    rows.join("\n")
}

/// The grid cell number of a label (row by row from the bottom).
fn cell(grid: Grid, g: GridPt) -> usize {
    g.y as usize * grid.w as usize + g.x as usize
}

/// Per grid cell, the topmost column whose centre is nearest that point: among several,
/// the last one standing on another column, else the last one (`max_by_key`'s choice).
fn centre_columns<'a>(cols: &[&'a ColumnView], grid: Grid) -> Vec<Option<&'a ColumnView>> {
    let mut at: Vec<Option<&ColumnView>> = vec![None; grid.w as usize * grid.h as usize];
    for &c in cols {
        if let Some(slot) = at.get_mut(cell(grid, grid.nearest(c.pos))) {
            let later_wins = match slot {
                None => true,
                Some(o) => c.on.is_some() >= o.on.is_some(),
            };
            if later_wins {
                *slot = Some(c);
            }
        }
    }
    at
}

/// How far (cm) past a footprint's centre a grid point may lie and still be in it: the
/// half-size plus the touching tolerance, padded well beyond rounding error.
fn footprint_reach(shape: geom::Shape) -> f64 {
    let half = match shape {
        geom::Shape::Round(r) => r,
        geom::Shape::Square(h) => h,
    };
    half + geom::EPS + 1e-6
}

/// The grid labels from `lo` to `hi` (cm) along one axis whose grid starts at `origin`
/// and has `len` points, as a range of indices (empty when none).
fn grid_span(lo: f64, hi: f64, origin: i32, len: u8) -> std::ops::Range<u8> {
    let first = (lo.ceil() as i64).saturating_sub(origin as i64).max(0);
    let last = (hi.floor() as i64)
        .saturating_sub(origin as i64)
        .min(len as i64 - 1);
    if first > last {
        return 0..0;
    }
    first as u8..(last + 1) as u8
}

/// Per grid cell: does some column's footprint cover that point? Each footprint is tested
/// only at the grid points of its bounding box.
fn footprint_cells(cols: &[&ColumnView], grid: Grid) -> Vec<bool> {
    let mut covered = vec![false; grid.w as usize * grid.h as usize];
    for c in cols {
        let shape = Villa::kind_of(c.id).shape;
        let reach = footprint_reach(shape);
        let xs = grid_span(c.pos.0 - reach, c.pos.0 + reach, grid.x0, grid.w);
        let ys = grid_span(c.pos.1 - reach, c.pos.1 + reach, grid.y0, grid.h);
        for y in ys {
            for x in xs.clone() {
                let g = GridPt { x, y };
                let hit = grid
                    .point(g)
                    .is_some_and(|p| geom::point_in_footprint(p, shape, c.pos));
                if let (true, Some(slot)) = (hit, covered.get_mut(cell(grid, g))) {
                    *slot = true;
                }
            }
        }
    }
    covered
}

/// The two characters of a bare grid point: on the floor or not, under the floor above
/// or not.
fn ground_cell(on_floor: bool, covered: bool) -> &'static str {
    match (on_floor, covered) {
        (true, true) => " +",
        (true, false) => " .",
        (false, true) => " '",
        (false, false) => "  ",
    }
}

/// A row number right-aligned in two characters (the grid has at most 99 rows).
fn push_row_label(out: &mut String, n: u32) {
    // Writing into a String cannot fail.
    let _ = write!(out, "{n:>2}");
}

/// A top view of `level` over `grid`: column codes at their centres, `::` under a
/// footprint, `.` on the floor, `+` where the floor above covers (lower levels).
fn top_view(v: &VillaView, level: usize, grid: Grid) -> String {
    let top = v.floors.len();
    let floor: Option<Vec<P>> = level
        .checked_sub(1)
        .and_then(|k| v.floors.get(k))
        .map(|&pos| model::floor_poly(level, pos));
    let above: Option<Vec<P>> = (level < top)
        .then(|| v.floors.get(level))
        .flatten()
        .map(|&pos| model::floor_poly(level + 1, pos));
    let cols: Vec<&ColumnView> = v.present().filter(|c| c.level as usize == level).collect();
    let mut floor_row = floor.as_deref().map(geom::PolygonRow::new);
    let mut above_row = above.as_deref().map(geom::PolygonRow::new);
    let centres = centre_columns(&cols, grid);
    let footprints = footprint_cells(&cols, grid);
    let (w, h) = (grid.w as usize, grid.h as usize);
    let mut out = String::with_capacity((h + 1) * (2 * w + 3) + 1);
    for y in (0..grid.h).rev() {
        push_row_label(&mut out, y as u32 + 1);
        let row_y = (grid.y0 + y as i32) as f64;
        for row in floor_row.iter_mut().chain(above_row.iter_mut()) {
            row.move_to(row_y);
        }
        for x in 0..grid.w {
            let g = GridPt { x, y };
            let Some(p) = grid.point(g) else { continue };
            let i = cell(grid, g);
            if let Some(c) = centres.get(i).copied().flatten() {
                out.extend(column_code(c));
            } else if footprints.get(i).copied().unwrap_or(false) {
                out.push_str("::");
            } else {
                let on_floor = match &floor_row {
                    Some(f) => f.inside(p.0),
                    None => (p.0 * p.0 + p.1 * p.1).sqrt() <= super::data::BUILD_RADIUS,
                };
                let covered = above_row.as_ref().is_some_and(|a| a.inside(p.0));
                out.push_str(ground_cell(on_floor, covered));
            }
        }
        out.push('\n');
    }
    out.push_str("  ");
    for x in 0..grid.w {
        out.push(' ');
        out.push(char::from(b'a' + x));
    }
    out.push('\n');
    out
}

/// The words a column's line may carry, said once per board: `(in hand)`, `frozen`, `on`.
struct Marks {
    in_hand: String,
    frozen: String,
    on: String,
}

fn describe_column(c: &ColumnView, top: usize, marks: &Marks) -> String {
    let mut s = c.name.clone();
    if c.in_hand {
        s.push(' ');
        s.push_str(&marks.in_hand);
    }
    if (c.level as usize) < top {
        if c.supporting {
            s.push_str(" ^");
        }
        if c.frozen {
            s.push_str(" *");
            s.push_str(&marks.frozen);
        }
    }
    if let Some(o) = c.on {
        // Writing into a String cannot fail.
        let _ = write!(s, " {} {}", marks.on, column_name(o));
    }
    s
}

/// Who holds the seal (and who held it before), and each player's points on top
/// ("Ana 3"): the board's seal line, in the reader's words.
pub fn seal_and_points(v: &VillaView, say: &dyn Say) -> (String, Vec<String>) {
    let seal = match (v.seal.holder, v.seal.previous) {
        (Some(h), Some(p)) => Phrase::new("villa-board-seal-before")
            .player("holder", h)
            .player("previous", p),
        (Some(h), None) => Phrase::new("villa-board-seal-holder").player("holder", h),
        _ => Phrase::new("villa-board-seal-none"),
    };
    let scores = v
        .scores
        .iter()
        .enumerate()
        .map(|(s, p)| {
            say.say(
                &Phrase::new("villa-board-score")
                    .player("name", s)
                    .number("points", *p),
            )
        })
        .collect();
    (say.say(&seal), scores)
}

/// Who must do what now, in one sentence (the turn message's state line; the picture's
/// status line without the bold).
pub fn waiting_line(v: &VillaView, say: &dyn Say) -> String {
    let who = |key, s: &Seat| Phrase::new(key).player("name", *s);
    // The next seat to answer; nobody (never while the phase lasts) reads as nothing.
    let next = |p: Phrase, s: Option<Seat>| match s {
        Some(s) => p.player("next", s),
        None => p.text("next", ""),
    };
    let phrase = match &v.phase {
        Phase::Over => Phrase::new("villa-board-wait-over"),
        Phase::SetupColumns { placer } => who("villa-board-wait-setup-columns", placer),
        Phase::SetupFloor { placer } => who("villa-board-wait-setup-floor", placer),
        Phase::Turn { seat, stage } => match stage {
            Stage::Begin if v.players == 2 => who("villa-board-wait-turn-two", seat),
            Stage::Begin if v.players == 3 => who("villa-board-wait-turn-three", seat),
            Stage::Begin => who("villa-board-wait-turn", seat),
            Stage::Colour(k) => {
                who("villa-board-wait-plays-colour", seat).term("colour", colour_term(*k as usize))
            }
            Stage::Own => who("villa-board-wait-own", seat),
        },
        Phase::Pick { seat, why } => match why {
            Why::ObjectFloor { proposer } => {
                who("villa-board-wait-pick-objector", seat).player("proposer", *proposer)
            }
            _ => who("villa-board-wait-pick-neutral", seat),
        },
        Phase::Feel {
            seat, col, feel, ..
        } => who("villa-board-wait-feel", seat)
            .text("column", column_name(*col))
            .term("feel", feel_term(*feel as usize)),
        Phase::Objections { proposer, answers } => next(
            Phrase::new("villa-board-wait-objections")
                .player("proposer", *proposer)
                .term("floor", floor_term(v.floors.len() + 1)),
            answers.current(),
        ),
        Phase::Challenges { original, answers } => next(
            who("villa-board-wait-challenges", original),
            answers.current(),
        ),
        Phase::Removal { proposer, objector } => Phrase::new("villa-board-wait-removal")
            .player("proposer", *proposer)
            .player("objector", *objector),
        Phase::PlaceFloor { proposer } => who("villa-board-wait-place-floor", proposer)
            .term("floor", floor_term(v.floors.len() + 1)),
    };
    say.say(&phrase)
}

/// The board's first line: the turn and who owns each colour.
pub fn headline(v: &VillaView, say: &dyn Say) -> String {
    let colours: Vec<String> = (0..COLOUR_TERMS.len())
        .map(|k| {
            let colour = colour_term(k);
            let phrase = match v.owners.get(k).copied().flatten() {
                Some(s) => Phrase::new("villa-board-owner")
                    .term("colour", colour)
                    .player("name", s),
                None => Phrase::new("villa-board-owner-neutral").term("colour", colour),
            };
            say.say(&phrase)
        })
        .collect();
    say.say(
        &Phrase::new("villa-board-headline")
            .number("turn", i64::from(v.turns) + 1)
            .text("colours", colours.join(" · ")),
    )
}

/// The channel picture: status, side view, the levels with their columns, and top views
/// of the top floor (with its grid) and of every level below it.
pub fn render(v: &VillaView, say: &dyn Say) -> String {
    let top = v.floors.len();
    let levels = level_names(top, say);
    let level = |k: usize| levels.get(k).map(String::as_str).unwrap_or("");
    let mut out = headline(v, say);
    out.push('\n');
    let (seal, scores) = seal_and_points(v, say);
    out.push_str(
        &say.say(
            &Phrase::new("villa-board-seal")
                .text("seal", seal)
                .text("scores", scores.join(", ")),
        ),
    );
    out.push('\n');
    out.push_str(&waiting_line(v, say));
    out.push('\n');
    out.push_str("```\n");
    out.push_str(&say.say(&Phrase::new("villa-board-side-view")));
    out.push('\n');
    // The side view's labels: `base`, then each floor's colour.
    let labels: Vec<String> = (0..=top)
        .map(|k| match k {
            0 => say.say(&Phrase::new("villa-board-base")),
            k => say.say(&Phrase::new(floor_term(k))),
        })
        .collect();
    out.push_str(&side_view(v, &labels));
    out.push_str("\n```\n");
    let marks = Marks {
        in_hand: say.say(&Phrase::new("villa-board-in-hand")),
        frozen: say.say(&Phrase::new("villa-board-frozen")),
        on: say.say(&Phrase::new("villa-board-on")),
    };
    for k in (0..=top).rev() {
        let cols: Vec<String> = v
            .present()
            .filter(|c| c.level as usize == k)
            .map(|c| describe_column(c, top, &marks))
            .collect();
        let list = if cols.is_empty() {
            "—".to_string()
        } else {
            cols.join(", ")
        };
        out.push_str(
            &say.say(
                &Phrase::new("villa-board-on-level")
                    .text("level", level(k))
                    .text("columns", list),
            ),
        );
        out.push('\n');
    }
    let gone = v.gone();
    if !gone.is_empty() {
        out.push_str(&say.say(&Phrase::new("villa-board-gone").text("columns", gone.join(", "))));
        out.push('\n');
    }
    out.push_str(&say.say(&Phrase::new("villa-board-marks").text("frozen", &marks.frozen)));
    out.push('\n');
    out.push_str("```\n");
    out.push_str(
        &say.say(
            &Phrase::new("villa-board-top-view")
                .text("level", level(top))
                .text("range", v.grid.range()),
        ),
    );
    out.push('\n');
    out.push_str(&top_view(v, top, v.grid));
    // Every level below, down to the base plate, with `+` where the floor above covers it.
    for k in (0..top).rev() {
        let below = match k.checked_sub(1).and_then(|i| v.floors.get(i)) {
            Some(&pos) => Grid::over(&model::floor_poly(k, pos)),
            None => Grid::base(),
        };
        let lead = if k + 1 == top {
            "villa-board-below-it"
        } else {
            "villa-board-further-down"
        };
        out.push('\n');
        out.push_str(
            &say.say(
                &Phrase::new(lead)
                    .text("level", level(k))
                    .term("floor", floor_term(k + 1)),
            ),
        );
        out.push('\n');
        out.push_str(&top_view(v, k, below));
    }
    out.push_str(&say.say(&Phrase::new("villa-board-codes")));
    out.push_str("\n```");
    out
}

/// A player's message: the same picture (nothing is hidden), plus their colours.
pub fn render_private(p: &VillaPrivate, say: &dyn Say) -> String {
    let mine: Vec<&'static str> = (0..COLOUR_TERMS.len())
        .filter(|&k| p.view.owners.get(k).copied().flatten() == Some(p.seat))
        .map(colour_term)
        .collect();
    let phrase = match mine.as_slice() {
        [] => Phrase::new("villa-hand-no-secrets"),
        [colour] => Phrase::new("villa-hand-you-play").term("colour", colour),
        [first, second, ..] => Phrase::new("villa-hand-you-play-two")
            .term("first", first)
            .term("second", second),
    };
    let mut s = say.say(&phrase);
    if p.view.players == 3 {
        s.push(' ');
        s.push_str(&say.say(&Phrase::new("villa-hand-green-neutral")));
    }
    s
}
