//! Text: column names, parsing typed commands, narrating events, drawing the villa.

use super::data::{COLOURS, FEEL_WORDS, FLOOR_NAMES, PER_COLOUR};
use super::geom::{self, P};
use super::model::{self, Grid, GridPt};
use super::{
    ColId, ColumnView, Ending, Phase, Seal, Stage, Villa, VillaAction, VillaPrivate, VillaView, Why,
};
use crate::engine::{Audience, CommandHelp, GameEvent, ParseError, Seat};
use std::fmt::{self, Write as _};

/// `blue-thick`, `red-medium`, `green-thin-2`.
pub fn column_name(c: ColId) -> String {
    let colour = COLOURS.get(c as usize / PER_COLOUR).unwrap_or(&"?");
    match c as usize % PER_COLOUR {
        0 => format!("{colour}-thick"),
        1 => format!("{colour}-medium"),
        k => format!("{colour}-thin-{}", k - 1),
    }
}

/// Two-letter code on the top views: colour letter (lower case when frozen) + T/M/1–3.
fn column_code(c: &ColumnView) -> [char; 2] {
    let letter = COLOURS
        .get(c.colour as usize)
        .and_then(|s| s.chars().next())
        .unwrap_or('?');
    let letter = if c.frozen {
        letter
    } else {
        letter.to_ascii_uppercase()
    };
    let kind = match c.id as usize % PER_COLOUR {
        0 => 'T',
        1 => 'M',
        k => char::from(b'0' + (k - 1) as u8),
    };
    [letter, kind]
}

fn floor_name(k: usize) -> &'static str {
    FLOOR_NAMES.get(k.wrapping_sub(1)).copied().unwrap_or("?")
}

impl fmt::Display for VillaAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VillaAction::Set { col, at } => write!(f, "set {} {at}", column_name(*col)),
            VillaAction::Floor(at) => write!(f, "floor {at}"),
            VillaAction::Play(k) => write!(f, "play {}", COLOURS.get(*k as usize).unwrap_or(&"?")),
            VillaAction::Pull(c) => write!(f, "pull {}", column_name(*c)),
            VillaAction::Place(at) => write!(f, "place {at}"),
            VillaAction::Abort => write!(f, "abort"),
            VillaAction::Propose => write!(f, "propose"),
            VillaAction::Object => write!(f, "object"),
            VillaAction::Allow => write!(f, "allow"),
            VillaAction::Challenge => write!(f, "challenge"),
            VillaAction::Remove(c) => write!(f, "remove {}", column_name(*c)),
        }
    }
}

fn parse_colour(word: &str) -> Option<u8> {
    let w = word.to_lowercase();
    COLOURS
        .iter()
        .position(|c| *c == w || (w.len() == 1 && c.starts_with(&w)))
        .map(|i| i as u8)
}

fn parse_column(words: &[&str]) -> Result<ColId, ParseError> {
    let joined: String = words
        .join("")
        .to_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    if let Some(c) = (0..20u8).find(|&c| column_name(c).replace('-', "") == joined) {
        return Ok(c);
    }
    let thin_hint = if joined.ends_with("thin") {
        " Name a thin column with its number: blue-thin-1, blue-thin-2 or blue-thin-3."
    } else {
        ""
    };
    Err(ParseError::new(format!(
        "`{}` is not a column. Columns are named colour-type: blue-thick, red-medium, green-thin-2.{thin_hint}",
        words.join(" ")
    )))
}

fn parse_point(word: &str) -> Result<GridPt, ParseError> {
    let w = word.trim().to_lowercase();
    let mut chars = w.chars();
    let bad = || {
        ParseError::new(format!(
            "`{word}` is not a grid point; write a letter and a number, like d4."
        ))
    };
    let letter = chars.next().ok_or_else(bad)?;
    if !letter.is_ascii_lowercase() {
        return Err(bad());
    }
    let row: u32 = chars.as_str().parse().map_err(|_| bad())?;
    if !(1..=99).contains(&row) {
        return Err(bad());
    }
    Ok(GridPt {
        x: letter as u8 - b'a',
        y: (row - 1) as u8,
    })
}

/// Reads a typed command.
pub fn parse(_villa: &Villa, _seat: Seat, text: &str) -> Result<VillaAction, ParseError> {
    let lower = text.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some((verb, rest)) = words.split_first() else {
        return Err(ParseError::new(
            "Type a command, e.g. `pull blue-thin-1`, `place d4`, `abort` or `propose`.",
        ));
    };
    // "d 4" → "d4"
    let point_of = |rest: &[&str]| -> Result<GridPt, ParseError> {
        match rest {
            [p] => parse_point(p),
            [l, n] => parse_point(&format!("{l}{n}")),
            _ => Err(ParseError::new("Name one grid point, like d4.")),
        }
    };
    match *verb {
        "pull" | "take" => {
            if rest.is_empty() {
                return Err(ParseError::new("Which column? e.g. `pull blue-thin-1`."));
            }
            parse_column(rest).map(VillaAction::Pull)
        }
        "remove" => {
            if rest.is_empty() {
                return Err(ParseError::new("Which column? e.g. `remove red-thin-2`."));
            }
            parse_column(rest).map(VillaAction::Remove)
        }
        "place" | "put" => point_of(rest).map(VillaAction::Place).map_err(|e| ParseError::new(format!("{e} Example: `place d4`."))),
        "floor" => point_of(rest).map(VillaAction::Floor).map_err(|e| ParseError::new(format!("{e} Example: `floor k7`."))),
        "set" => match rest.split_last() {
            Some((p, col)) if !col.is_empty() => Ok(VillaAction::Set { col: parse_column(col)?, at: parse_point(p)? }),
            _ => Err(ParseError::new("Write `set <column> <point>`, e.g. `set blue-thin-1 d4`.")),
        },
        "play" => match rest {
            [c] => parse_colour(c)
                .map(VillaAction::Play)
                .ok_or_else(|| ParseError::new("Play which colour? e.g. `play blue` (blue, red, yellow, green).")),
            _ => Err(ParseError::new("Play which colour? e.g. `play blue`.")),
        },
        "abort" | "back" if rest.is_empty() => Ok(VillaAction::Abort),
        "propose" if rest.is_empty() || rest == ["floor"] => Ok(VillaAction::Propose),
        "object" if rest.is_empty() => Ok(VillaAction::Object),
        "allow" | "pass" | "ok" if rest.is_empty() => Ok(VillaAction::Allow),
        "challenge" if rest.is_empty() => Ok(VillaAction::Challenge),
        _ => Err(ParseError::new(
            "Unknown command. Try `pull blue-thin-1`, `place d4`, `abort`, `propose`, `object`, `allow`, `floor k7`, `play red`, `challenge`, `remove red-thin-2`.",
        )),
    }
}

/// A fact narrated after an action. All facts are public: even the feel is said aloud.
#[derive(Debug, Clone, PartialEq)]
pub enum VillaEvent {
    SetColumn {
        seat: Seat,
        col: ColId,
        at: String,
    },
    FloorPlaced {
        seat: Seat,
        floor: usize,
        at: String,
    },
    PlaysColour {
        seat: Seat,
        colour: u8,
    },
    Pulled {
        seat: Seat,
        col: ColId,
        feel: u8,
    },
    Aborted {
        seat: Seat,
        col: ColId,
    },
    Placed {
        seat: Seat,
        col: ColId,
        at: String,
        landed: String,
        on: Option<ColId>,
    },
    Collapse {
        seat: Seat,
        what: String,
    },
    Proposed {
        seat: Seat,
        floor: usize,
    },
    Objected {
        seat: Seat,
        proposer: Seat,
    },
    Allowed {
        seat: Seat,
    },
    ObjectionSucceeded {
        seat: Seat,
        proposer: Seat,
        col: ColId,
    },
    Removed {
        seat: Seat,
        col: ColId,
    },
    NoFloorPosition {
        seat: Seat,
        floor: usize,
    },
    Challenged {
        seat: Seat,
        original: Seat,
    },
    ChallengeSucceeded {
        seat: Seat,
        original: Seat,
    },
    SealTaken {
        seat: Seat,
        from: Option<Seat>,
        score: i64,
    },
    Skipped {
        seat: Seat,
    },
    GameOver {
        ending: Ending,
        holder: Option<Seat>,
        previous: Option<Seat>,
    },
}

fn nm(names: &[String], s: Seat) -> String {
    names
        .get(s)
        .cloned()
        .unwrap_or_else(|| format!("seat {}", s + 1))
}

impl GameEvent for VillaEvent {
    fn audience(&self) -> Audience {
        Audience::Everyone
    }

    fn narrate(&self, names: &[String]) -> String {
        let n = |s: &Seat| nm(names, *s);
        match self {
            VillaEvent::SetColumn { seat, col, at } => {
                format!("{} stands {} at {at}.", n(seat), column_name(*col))
            }
            VillaEvent::FloorPlaced { seat, floor, at } => {
                format!(
                    "{} places the {} floor at {at}. It holds.",
                    n(seat),
                    floor_name(*floor)
                )
            }
            VillaEvent::PlaysColour { seat, colour } => {
                format!(
                    "{} plays {} this turn.",
                    n(seat),
                    COLOURS.get(*colour as usize).unwrap_or(&"?")
                )
            }
            VillaEvent::Pulled { seat, col, feel } => format!(
                "{} starts to pull {}… the hand feels: **{}**. Place it, or abort the pull?",
                n(seat),
                column_name(*col),
                FEEL_WORDS.get(*feel as usize).unwrap_or(&"?")
            ),
            VillaEvent::Aborted { seat, col } => {
                format!(
                    "{} puts {} back; it is frozen for the rest of the game.",
                    n(seat),
                    column_name(*col)
                )
            }
            VillaEvent::Placed {
                seat,
                col,
                at,
                landed,
                on,
            } => {
                let on = on
                    .map(|o| format!(" on top of {}", column_name(o)))
                    .unwrap_or_default();
                let land = if landed == at {
                    String::new()
                } else {
                    format!(" (it lands nearer {landed})")
                };
                format!(
                    "{} places {} at {at}{on}{land}. The villa stands.",
                    n(seat),
                    column_name(*col)
                )
            }
            VillaEvent::Collapse { seat, what } => {
                format!("💥 The villa collapses as {} is {what}!", n(seat))
            }
            VillaEvent::Proposed { seat, floor } => format!(
                "{} proposes the {} floor. Each other player in turn may object or allow.",
                n(seat),
                floor_name(*floor)
            ),
            VillaEvent::Objected { seat, proposer } => format!(
                "{} objects and must pull one of {}'s columns and place it on top.",
                n(seat),
                n(proposer)
            ),
            VillaEvent::Allowed { seat } => format!("{} allows it.", n(seat)),
            VillaEvent::ObjectionSucceeded {
                seat,
                proposer,
                col,
            } => format!(
                "{}'s objection succeeds: {} leaves the game and {}'s turn ends without a floor.",
                n(seat),
                column_name(*col),
                n(proposer)
            ),
            VillaEvent::Removed { seat, col } => {
                format!(
                    "{} removes {} from the villa and from the game.",
                    n(seat),
                    column_name(*col)
                )
            }
            VillaEvent::NoFloorPosition { seat, floor } => format!(
                "No position works for the {} floor any more; {}'s turn ends.",
                floor_name(*floor),
                n(seat)
            ),
            VillaEvent::Challenged { seat, original } => format!(
                "{} challenges: they will show that a neutral column could be moved. {} waits.",
                n(seat),
                n(original)
            ),
            VillaEvent::ChallengeSucceeded { seat, original } => {
                format!("{} proved it: {} loses the turn.", n(seat), n(original))
            }
            VillaEvent::SealTaken { seat, from, score } => match from {
                Some(f) => format!(
                    "🏅 {} takes the Master Builder seal from {} ({score} points).",
                    n(seat),
                    n(f)
                ),
                None => format!(
                    "🏅 {} takes the Master Builder seal ({score} points).",
                    n(seat)
                ),
            },
            VillaEvent::Skipped { seat } => format!("{} cannot build and passes.", n(seat)),
            VillaEvent::GameOver {
                ending,
                holder,
                previous,
            } => {
                let why = match ending {
                    Ending::Collapse { by } => {
                        format!("The game ends: {} brought the villa down.", n(by))
                    }
                    Ending::Stalled => {
                        "The game ends: nobody can move a column or place a floor.".into()
                    }
                    Ending::NoFoundation => {
                        "The game ends: the blue floor cannot stand anywhere over 3 columns.".into()
                    }
                };
                let winner = match (ending, holder) {
                    (Ending::Collapse { by }, Some(h)) if by == h => *previous,
                    _ => *holder,
                };
                match winner {
                    Some(w) => format!("{why} {} wins with the seal.", n(&w)),
                    None => format!("{why} Nobody wins."),
                }
            }
        }
    }
}

/// The outcome's note (no names: the winners list names the winner).
pub fn ending_note(ending: Ending, seal: Seal, winner: Option<Seat>) -> String {
    let cause = match ending {
        Ending::Collapse { .. } => "The villa collapsed.",
        Ending::Stalled => "Nobody could move a column or place a floor.",
        Ending::NoFoundation => "The blue floor could not stand anywhere over 3 columns.",
    };
    let how = match (ending, seal.holder, winner) {
        (_, None, _) => "The seal was never taken: nobody wins.",
        (Ending::Collapse { by }, Some(h), Some(_)) if by == h => {
            "The seal holder caused the collapse: the previous holder wins."
        }
        (Ending::Collapse { .. }, Some(_), None) => {
            "The seal's first holder caused the collapse and there was no previous holder: nobody wins."
        }
        _ => "The seal holder wins.",
    };
    format!("{cause} {how}")
}

// ----- drawing ---------------------------------------------------------------------------

fn level_name(level: usize, top: usize) -> String {
    let base = if level == 0 {
        "base plate".to_string()
    } else {
        format!("{} floor", floor_name(level))
    };
    if level == top {
        format!("{base} (top)")
    } else {
        base
    }
}

/// Side view: x from −15 to 15, one character per cm; each level's columns above its
/// floor bar. Column glyphs: colour letter (lower case when frozen).
fn side_view(v: &VillaView) -> String {
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
        let label;
        if level == 0 {
            bar = vec!['_'; W];
            label = "base".to_string();
        } else {
            let poly = model::floor_poly(level, v.floors[level - 1]);
            let minx = poly.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
            let maxx = poly.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
            for b in bar.iter_mut().take(col_x(maxx) + 1).skip(col_x(minx)) {
                *b = '=';
            }
            label = floor_name(level).to_string();
        }
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

fn describe_column(c: &ColumnView, top: usize) -> String {
    let mut s = c.name.clone();
    if c.in_hand {
        s.push_str(" (in hand)");
    }
    if (c.level as usize) < top {
        if c.supporting {
            s.push_str(" ^");
        }
        if c.frozen {
            s.push_str(" *frozen");
        }
    }
    if let Some(o) = c.on {
        s.push_str(&format!(" on {}", column_name(o)));
    }
    s
}

fn whose(v: &VillaView, colour: usize, names: &[String]) -> String {
    match v.owners.get(colour).copied().flatten() {
        Some(s) => nm(names, s),
        None => "neutral".into(),
    }
}

/// Who holds the seal (and who held it before), and each player's points on top
/// ("Ana 3"): the board's seal line, in words.
pub fn seal_and_points(v: &VillaView, names: &[String]) -> (String, Vec<String>) {
    let seal = match (v.seal.holder, v.seal.previous) {
        (Some(h), Some(p)) => format!("{} (before: {})", nm(names, h), nm(names, p)),
        (Some(h), None) => nm(names, h),
        _ => "not taken yet".into(),
    };
    let scores = v
        .scores
        .iter()
        .enumerate()
        .map(|(s, p)| format!("{} {p}", nm(names, s)))
        .collect();
    (seal, scores)
}

/// Who must do what now, in one sentence (the turn message's state line; the picture's
/// status line without the bold).
pub fn waiting_line(v: &VillaView, names: &[String]) -> String {
    let who = |s: &Seat| nm(names, *s);
    match &v.phase {
        Phase::Over => "The game is over.".into(),
        Phase::SetupColumns { placer } => {
            format!("{} stands a column on the base plate.", who(placer))
        }
        Phase::SetupFloor { placer } => format!(
            "{} places the blue floor (where its origin goes).",
            who(placer)
        ),
        Phase::Turn { seat, stage } => match stage {
            Stage::Begin if v.players == 2 => {
                format!("{}'s turn: play a colour, or propose a floor.", who(seat))
            }
            Stage::Begin if v.players == 3 => {
                format!(
                    "{}'s turn: pull a neutral (green) column first, or propose a floor.",
                    who(seat)
                )
            }
            Stage::Begin => format!("{}'s turn: pull a column, or propose a floor.", who(seat)),
            Stage::Colour(k) => {
                format!(
                    "{} plays {}: pull one of its columns.",
                    who(seat),
                    COLOURS.get(*k as usize).unwrap_or(&"?")
                )
            }
            Stage::Own => format!("{} now moves one of their own columns.", who(seat)),
        },
        Phase::Pick { seat, why } => match why {
            Why::ObjectFloor { proposer } => format!(
                "{} must pull one of {}'s columns.",
                who(seat),
                who(proposer)
            ),
            _ => format!("{} must pull a neutral column.", who(seat)),
        },
        Phase::Feel { seat, col, .. } => format!(
            "{} holds {} half-pulled — it feels: **{}**. Place it, or abort the pull.",
            who(seat),
            column_name(*col),
            v.feel.clone().unwrap_or_default()
        ),
        Phase::Objections { proposer, answers } => format!(
            "{} proposed the {} floor; {} may object or allow.",
            who(proposer),
            floor_name(v.floors.len() + 1),
            answers.current().map(|s| who(&s)).unwrap_or_default()
        ),
        Phase::Challenges { original, answers } => format!(
            "{} aborted a neutral pull; {} may challenge or allow.",
            who(original),
            answers.current().map(|s| who(&s)).unwrap_or_default()
        ),
        Phase::Removal { proposer, objector } => format!(
            "{} removes one of {}'s columns.",
            who(proposer),
            who(objector)
        ),
        Phase::PlaceFloor { proposer } => format!(
            "{} places the {} floor (where its origin goes).",
            who(proposer),
            floor_name(v.floors.len() + 1)
        ),
    }
}

/// The channel picture: status, side view, the levels with their columns, and top views
/// of the top floor (with its grid) and of every level below it.
/// The board's first line: the turn and who owns each colour.
pub fn headline(v: &VillaView, names: &[String]) -> String {
    let colours: Vec<String> = (0..4)
        .map(|k| format!("{} {}", COLOURS[k], whose(v, k, names)))
        .collect();
    format!(
        "**Villa Paletti** · turn {} · {}",
        v.turns + 1,
        colours.join(" · ")
    )
}

pub fn render(v: &VillaView, names: &[String]) -> String {
    let top = v.floors.len();
    let mut out = headline(v, names);
    out.push('\n');
    let (seal, scores) = seal_and_points(v, names);
    out.push_str(&format!(
        "Seal: {seal} · Points on top: {}\n",
        scores.join(", ")
    ));
    out.push_str(&waiting_line(v, names));
    out.push('\n');
    out.push_str("```\nSide view (1 char = 1 cm; lower-case = frozen)\n");
    out.push_str(&side_view(v));
    out.push_str("\n```\n");
    for level in (0..=top).rev() {
        let cols: Vec<String> = v
            .present()
            .filter(|c| c.level as usize == level)
            .map(|c| describe_column(c, top))
            .collect();
        let list = if cols.is_empty() {
            "—".to_string()
        } else {
            cols.join(", ")
        };
        out.push_str(&format!("**On the {}**: {list}\n", level_name(level, top)));
    }
    let gone = v.gone();
    if !gone.is_empty() {
        out.push_str(&format!("Out of the game: {}\n", gone.join(", ")));
    }
    out.push_str("(^ holds up the floor above · *frozen = may not move again)\n");
    out.push_str(&format!(
        "```\nTop view: {} — grid points {}\n",
        level_name(top, top),
        v.grid.range()
    ));
    out.push_str(&top_view(v, top, v.grid));
    // Every level below, down to the base plate, with `+` where the floor above covers it.
    for level in (0..top).rev() {
        let below = if level >= 1 {
            Grid::over(&model::floor_poly(level, v.floors[level - 1]))
        } else {
            Grid::base()
        };
        let lead = if level + 1 == top {
            "Below it"
        } else {
            "Further down"
        };
        out.push_str(&format!(
            "\n{lead}: {} (+ = under the {} floor)\n",
            level_name(level, top),
            floor_name(level + 1)
        ));
        out.push_str(&top_view(v, level, below));
    }
    out.push_str("Codes: colour B/R/Y/G + T thick, M medium, 1-3 thin (lower-case = frozen); :: footprint\n```");
    out
}

/// A player's message: the same picture (nothing is hidden), plus their colours.
pub fn render_private(p: &VillaPrivate, names: &[String]) -> String {
    let mine: Vec<&str> = (0..4)
        .filter(|&k| p.view.owners.get(k).copied().flatten() == Some(p.seat))
        .map(|k| COLOURS[k])
        .collect();
    let mut s = format!(
        "You play {}. Villa Paletti has no secrets: everything, including every feel, is said in the channel.",
        mine.join(" and ")
    );
    if p.view.players == 3 {
        s.push_str(" Green is neutral.");
    }
    let _ = names;
    s
}

/// Commands with examples.
pub const COMMANDS: &[CommandHelp] = &[
    CommandHelp {
        syntax: "pull <column>",
        meaning: "start pulling a column (you then feel the villa)",
        meaning_key: "villa-help-pull-column",
        example: "pull blue-thin-2",
    },
    CommandHelp {
        syntax: "place <point>",
        meaning: "put the pulled column on the top floor at a grid point",
        meaning_key: "villa-help-place-point",
        example: "place d4",
    },
    CommandHelp {
        syntax: "abort",
        meaning: "put the pulled column back; it freezes for the game; your turn ends",
        meaning_key: "villa-help-abort",
        example: "abort",
    },
    CommandHelp {
        syntax: "propose",
        meaning: "propose the next floor (start of your turn)",
        meaning_key: "villa-help-propose",
        example: "propose",
    },
    CommandHelp {
        syntax: "object / allow",
        meaning: "object to a proposed floor, or let it be built",
        meaning_key: "villa-help-object-allow",
        example: "object",
    },
    CommandHelp {
        syntax: "floor <point>",
        meaning: "place the new floor with its origin at a grid point",
        meaning_key: "villa-help-floor-point",
        example: "floor k7",
    },
    CommandHelp {
        syntax: "remove <column>",
        meaning: "after a failed objection: remove one of the objector's columns",
        meaning_key: "villa-help-remove-column",
        example: "remove red-thin-1",
    },
    CommandHelp {
        syntax: "play <colour>",
        meaning: "2 players: choose the colour you play this turn",
        meaning_key: "villa-help-play-colour",
        example: "play yellow",
    },
    CommandHelp {
        syntax: "challenge / allow",
        meaning: "3 players: claim an aborted neutral pull was possible",
        meaning_key: "villa-help-challenge-allow",
        example: "challenge",
    },
    CommandHelp {
        syntax: "set <column> <point>",
        meaning: "custom setup: stand a column on the base plate",
        meaning_key: "villa-help-set-column-point",
        example: "set blue-thick l12",
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::villa::data::column_type;

    #[test]
    fn names_and_codes() {
        assert_eq!(column_name(0), "blue-thick");
        assert_eq!(column_name(6), "red-medium");
        assert_eq!(column_name(19), "green-thin-3");
        assert_eq!(column_type(4).name, "thin");
        assert_eq!(parse_column(&["Red", "Thin", "2"]), Ok(8));
        assert_eq!(parse_column(&["red-thin-2"]), Ok(8));
        assert!(parse_column(&["red-thin"])
            .unwrap_err()
            .0
            .contains("number"));
        assert_eq!(parse_point("D4"), Ok(GridPt { x: 3, y: 3 }));
        assert!(parse_point("44").is_err());
    }
}
