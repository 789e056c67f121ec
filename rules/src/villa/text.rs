//! Text: column names, parsing typed commands, narrating events, drawing the villa.
//! Every word a player reads is a [`Phrase`] said through the reader's [`Say`]; column
//! names (`blue-thin-1`), their codes and grid points are what players type, so they stay.

use super::data::{COLOURS, FEEL_WORDS, FLOOR_NAMES, PER_COLOUR};
use super::geom::{self, P};
use super::model::{self, Grid, GridPt};
use super::{
    ColId, ColumnView, Ending, Phase, Seal, Stage, Villa, VillaAction, VillaPrivate, VillaView, Why,
};
use crate::engine::{Audience, CommandHelp, GameEvent, ParseError, Seat};
use crate::phrase::{Phrase, Phrased, Say};
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

/// The term keys of the column colours, in [`COLOURS`]' order.
const COLOUR_TERMS: [&str; 4] = [
    "villa-colour-blue",
    "villa-colour-red",
    "villa-colour-yellow",
    "villa-colour-green",
];

/// The term keys of the floors' colours, in [`FLOOR_NAMES`]' order (floor k is index k−1).
const FLOOR_TERMS: [&str; 5] = [
    "villa-colour-blue",
    "villa-colour-green",
    "villa-colour-yellow",
    "villa-colour-orange",
    "villa-colour-red",
];

/// The term keys of the feel words, in [`FEEL_WORDS`]' order.
const FEEL_TERMS: [&str; 4] = [
    "villa-feel-solid",
    "villa-feel-wobble",
    "villa-feel-creaks",
    "villa-feel-sways",
];

/// The reader's word for column colour `k` (the engine only makes 0–3).
fn colour_term(k: usize) -> &'static str {
    COLOUR_TERMS.get(k).copied().unwrap_or("villa-colour-green")
}

/// The reader's word for floor `k` (1 blue … 5 red; the engine only makes 1–5).
fn floor_term(k: usize) -> &'static str {
    FLOOR_TERMS
        .get(k.wrapping_sub(1))
        .copied()
        .unwrap_or("villa-colour-red")
}

/// The reader's words for feel `k` (0 best … 3 worst; the engine only makes 0–3).
fn feel_term(k: usize) -> &'static str {
    FEEL_TERMS.get(k).copied().unwrap_or("villa-feel-sways")
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

/// Why a typed command does not read as a move: its `Display` is the English the player
/// reads, its phrase the same in the reader's language. Typed words are quoted as typed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VillaParseError {
    #[error("Type a command, e.g. `pull blue-thin-1`, `place d4`, `abort` or `propose`.")]
    Empty,
    #[error("Unknown command. Try `pull blue-thin-1`, `place d4`, `abort`, `propose`, `object`, `allow`, `floor k7`, `play red`, `challenge`, `remove red-thin-2`.")]
    Unknown,
    #[error("`{0}` is not a column. Columns are named colour-type: blue-thick, red-medium, green-thin-2.")]
    NotAColumn(String),
    #[error("`{0}` is not a column. Columns are named colour-type: blue-thick, red-medium, green-thin-2. Name a thin column with its number: blue-thin-1, blue-thin-2 or blue-thin-3.")]
    NotAColumnThin(String),
    #[error("`{0}` is not a grid point; write a letter and a number, like d4.")]
    NotAPoint(String),
    #[error("Name one grid point, like d4.")]
    OnePoint,
    #[error(
        "`{0}` is not a grid point; write a letter and a number, like d4. Example: `place d4`."
    )]
    PlaceNotAPoint(String),
    #[error("Name one grid point, like d4. Example: `place d4`.")]
    PlaceOnePoint,
    #[error(
        "`{0}` is not a grid point; write a letter and a number, like d4. Example: `floor k7`."
    )]
    FloorNotAPoint(String),
    #[error("Name one grid point, like d4. Example: `floor k7`.")]
    FloorOnePoint,
    #[error("Which column? e.g. `pull blue-thin-1`.")]
    PullWhich,
    #[error("Which column? e.g. `remove red-thin-2`.")]
    RemoveWhich,
    #[error("Write `set <column> <point>`, e.g. `set blue-thin-1 d4`.")]
    SetHow,
    #[error("Play which colour? e.g. `play blue` (blue, red, yellow, green).")]
    PlayWhich,
    #[error("Play which colour? e.g. `play blue`.")]
    PlayOne,
}

impl Phrased for VillaParseError {
    fn phrase(&self) -> Phrase {
        use VillaParseError as E;
        let typed = |key, t: &String| Phrase::new(key).text("typed", t);
        match self {
            E::Empty => Phrase::new("villa-parse-empty"),
            E::Unknown => Phrase::new("villa-parse-unknown"),
            E::NotAColumn(t) => typed("villa-parse-not-a-column", t),
            E::NotAColumnThin(t) => typed("villa-parse-not-a-column-thin", t),
            E::NotAPoint(t) => typed("villa-parse-not-a-point", t),
            E::OnePoint => Phrase::new("villa-parse-one-point"),
            E::PlaceNotAPoint(t) => typed("villa-parse-place-not-a-point", t),
            E::PlaceOnePoint => Phrase::new("villa-parse-place-one-point"),
            E::FloorNotAPoint(t) => typed("villa-parse-floor-not-a-point", t),
            E::FloorOnePoint => Phrase::new("villa-parse-floor-one-point"),
            E::PullWhich => Phrase::new("villa-parse-pull-which"),
            E::RemoveWhich => Phrase::new("villa-parse-remove-which"),
            E::SetHow => Phrase::new("villa-parse-set-how"),
            E::PlayWhich => Phrase::new("villa-parse-play-which"),
            E::PlayOne => Phrase::new("villa-parse-play-one"),
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

fn parse_column(words: &[&str]) -> Result<ColId, VillaParseError> {
    let joined: String = words
        .join("")
        .to_lowercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    if let Some(c) = (0..20u8).find(|&c| column_name(c).replace('-', "") == joined) {
        return Ok(c);
    }
    let typed = words.join(" ");
    Err(if joined.ends_with("thin") {
        VillaParseError::NotAColumnThin(typed)
    } else {
        VillaParseError::NotAColumn(typed)
    })
}

fn parse_point(word: &str) -> Result<GridPt, VillaParseError> {
    let w = word.trim().to_lowercase();
    let mut chars = w.chars();
    let bad = || VillaParseError::NotAPoint(word.to_string());
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
    parse_typed(text).map_err(|e| ParseError::phrased(&e))
}

fn parse_typed(text: &str) -> Result<VillaAction, VillaParseError> {
    use VillaParseError as E;
    let lower = text.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let Some((verb, rest)) = words.split_first() else {
        return Err(E::Empty);
    };
    // "d 4" → "d4"
    let point_of = |rest: &[&str]| -> Result<GridPt, E> {
        match rest {
            [p] => parse_point(p),
            [l, n] => parse_point(&format!("{l}{n}")),
            _ => Err(E::OnePoint),
        }
    };
    // The point error with the verb's example.
    let example = |e: E, not_a_point: fn(String) -> E, one_point: E| match e {
        E::NotAPoint(t) => not_a_point(t),
        _ => one_point,
    };
    match *verb {
        "pull" | "take" => {
            if rest.is_empty() {
                return Err(E::PullWhich);
            }
            parse_column(rest).map(VillaAction::Pull)
        }
        "remove" => {
            if rest.is_empty() {
                return Err(E::RemoveWhich);
            }
            parse_column(rest).map(VillaAction::Remove)
        }
        "place" | "put" => point_of(rest)
            .map(VillaAction::Place)
            .map_err(|e| example(e, E::PlaceNotAPoint, E::PlaceOnePoint)),
        "floor" => point_of(rest)
            .map(VillaAction::Floor)
            .map_err(|e| example(e, E::FloorNotAPoint, E::FloorOnePoint)),
        "set" => match rest.split_last() {
            Some((p, col)) if !col.is_empty() => Ok(VillaAction::Set {
                col: parse_column(col)?,
                at: parse_point(p)?,
            }),
            _ => Err(E::SetHow),
        },
        "play" => match rest {
            [c] => parse_colour(c).map(VillaAction::Play).ok_or(E::PlayWhich),
            _ => Err(E::PlayOne),
        },
        "abort" | "back" if rest.is_empty() => Ok(VillaAction::Abort),
        "propose" if rest.is_empty() || rest == ["floor"] => Ok(VillaAction::Propose),
        "object" if rest.is_empty() => Ok(VillaAction::Object),
        "allow" | "pass" | "ok" if rest.is_empty() => Ok(VillaAction::Allow),
        "challenge" if rest.is_empty() => Ok(VillaAction::Challenge),
        _ => Err(E::Unknown),
    }
}

/// What a player was doing when the villa fell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Doing {
    /// Pulling this column (checked when it is placed).
    Pulling(ColId),
    /// Placing this column on the top floor.
    Placing(ColId),
    /// Removing this column after a failed objection.
    Removing(ColId),
    /// Placing floor `k` (1 blue … 5 red).
    PlacingFloor(usize),
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
        doing: Doing,
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

/// Who wins a finished game: the seal holder, or the previous holder when the holder
/// brought the villa down.
fn winner_of(ending: Ending, holder: Option<Seat>, previous: Option<Seat>) -> Option<Seat> {
    match (ending, holder) {
        (Ending::Collapse { by }, Some(h)) if by == h => previous,
        _ => holder,
    }
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
            VillaEvent::Collapse { seat, doing } => {
                let what = match doing {
                    Doing::Pulling(c) => format!("pulling {}", column_name(*c)),
                    Doing::Placing(c) => format!("placing {}", column_name(*c)),
                    Doing::Removing(c) => format!("removing {}", column_name(*c)),
                    Doing::PlacingFloor(k) => format!("placing the {} floor", floor_name(*k)),
                };
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
            VillaEvent::SealTaken { seat, from, score } => {
                let points = if *score == 1 { "point" } else { "points" };
                match from {
                    Some(f) => format!(
                        "🏅 {} takes the Master Builder seal from {} ({score} {points}).",
                        n(seat),
                        n(f)
                    ),
                    None => format!(
                        "🏅 {} takes the Master Builder seal ({score} {points}).",
                        n(seat)
                    ),
                }
            }
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
                match winner_of(*ending, *holder, *previous) {
                    Some(w) => format!("{why} {} wins with the seal.", n(&w)),
                    None => format!("{why} Nobody wins."),
                }
            }
        }
    }

    fn phrased(&self) -> Option<Phrase> {
        Some(self.phrase())
    }
}

impl Phrased for VillaEvent {
    fn phrase(&self) -> Phrase {
        let p = |key, seat: &Seat| Phrase::new(key).player("name", *seat);
        match self {
            VillaEvent::SetColumn { seat, col, at } => p("villa-event-set-column", seat)
                .text("column", column_name(*col))
                .text("at", at),
            VillaEvent::FloorPlaced { seat, floor, at } => p("villa-event-floor-placed", seat)
                .term("floor", floor_term(*floor))
                .text("at", at),
            VillaEvent::PlaysColour { seat, colour } => {
                p("villa-event-plays-colour", seat).term("colour", colour_term(*colour as usize))
            }
            VillaEvent::Pulled { seat, col, feel } => p("villa-event-pulled", seat)
                .text("column", column_name(*col))
                .term("feel", feel_term(*feel as usize)),
            VillaEvent::Aborted { seat, col } => {
                p("villa-event-aborted", seat).text("column", column_name(*col))
            }
            VillaEvent::Placed {
                seat,
                col,
                at,
                landed,
                on,
            } => {
                let key = match (on, landed == at) {
                    (None, true) => "villa-event-placed",
                    (Some(_), true) => "villa-event-placed-on",
                    (None, false) => "villa-event-placed-lands",
                    (Some(_), false) => "villa-event-placed-on-lands",
                };
                let mut phrase = p(key, seat)
                    .text("column", column_name(*col))
                    .text("at", at);
                if let Some(o) = on {
                    phrase = phrase.text("on", column_name(*o));
                }
                if landed != at {
                    phrase = phrase.text("landed", landed);
                }
                phrase
            }
            VillaEvent::Collapse { seat, doing } => match doing {
                Doing::Pulling(c) => {
                    p("villa-event-collapse-pulling", seat).text("column", column_name(*c))
                }
                Doing::Placing(c) => {
                    p("villa-event-collapse-placing", seat).text("column", column_name(*c))
                }
                Doing::Removing(c) => {
                    p("villa-event-collapse-removing", seat).text("column", column_name(*c))
                }
                Doing::PlacingFloor(k) => {
                    p("villa-event-collapse-floor", seat).term("floor", floor_term(*k))
                }
            },
            VillaEvent::Proposed { seat, floor } => {
                p("villa-event-proposed", seat).term("floor", floor_term(*floor))
            }
            VillaEvent::Objected { seat, proposer } => {
                p("villa-event-objected", seat).player("proposer", *proposer)
            }
            VillaEvent::Allowed { seat } => p("villa-event-allowed", seat),
            VillaEvent::ObjectionSucceeded {
                seat,
                proposer,
                col,
            } => p("villa-event-objection-succeeded", seat)
                .text("column", column_name(*col))
                .player("proposer", *proposer),
            VillaEvent::Removed { seat, col } => {
                p("villa-event-removed", seat).text("column", column_name(*col))
            }
            VillaEvent::NoFloorPosition { seat, floor } => {
                p("villa-event-no-floor-position", seat).term("floor", floor_term(*floor))
            }
            VillaEvent::Challenged { seat, original } => {
                p("villa-event-challenged", seat).player("original", *original)
            }
            VillaEvent::ChallengeSucceeded { seat, original } => {
                p("villa-event-challenge-succeeded", seat).player("original", *original)
            }
            VillaEvent::SealTaken { seat, from, score } => match from {
                Some(f) => p("villa-event-seal-taken-from", seat)
                    .player("from", *f)
                    .number("score", *score),
                None => p("villa-event-seal-taken", seat).number("score", *score),
            },
            VillaEvent::Skipped { seat } => p("villa-event-skipped", seat),
            VillaEvent::GameOver {
                ending,
                holder,
                previous,
            } => {
                let winner = winner_of(*ending, *holder, *previous);
                let key = match (ending, winner.is_some()) {
                    (Ending::Collapse { .. }, true) => "villa-event-over-collapse-wins",
                    (Ending::Collapse { .. }, false) => "villa-event-over-collapse-nobody",
                    (Ending::Stalled, true) => "villa-event-over-stalled-wins",
                    (Ending::Stalled, false) => "villa-event-over-stalled-nobody",
                    (Ending::NoFoundation, true) => "villa-event-over-no-foundation-wins",
                    (Ending::NoFoundation, false) => "villa-event-over-no-foundation-nobody",
                };
                let mut phrase = Phrase::new(key);
                if let Ending::Collapse { by } = ending {
                    phrase = phrase.player("by", *by);
                }
                if let Some(w) = winner {
                    phrase = phrase.player("winner", w);
                }
                phrase
            }
        }
    }
}

/// The outcome's note in English (what archived results keep) and as a phrase (no names:
/// the winners list names the winner).
pub fn ending_note(ending: Ending, seal: Seal, winner: Option<Seat>) -> (String, Phrase) {
    let (cause, cause_key) = match ending {
        Ending::Collapse { .. } => ("The villa collapsed.", "villa-note-collapse"),
        Ending::Stalled => (
            "Nobody could move a column or place a floor.",
            "villa-note-stalled",
        ),
        Ending::NoFoundation => (
            "The blue floor could not stand anywhere over 3 columns.",
            "villa-note-no-foundation",
        ),
    };
    let (how, how_key) = match (ending, seal.holder, winner) {
        (_, None, _) => (
            "The seal was never taken: nobody wins.",
            "villa-note-never-taken",
        ),
        (Ending::Collapse { by }, Some(h), Some(_)) if by == h => (
            "The seal holder caused the collapse: the previous holder wins.",
            "villa-note-previous-wins",
        ),
        (Ending::Collapse { .. }, Some(_), None) => (
            "The seal's first holder caused the collapse and there was no previous holder: nobody wins.",
            "villa-note-first-holder-collapsed",
        ),
        _ => ("The seal holder wins.", "villa-note-holder-wins"),
    };
    (
        format!("{cause} {how}"),
        Phrase::new(how_key).term("cause", cause_key),
    )
}

// ----- drawing ---------------------------------------------------------------------------

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
    use crate::engine::Game;
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
            .to_string()
            .contains("number"));
        assert_eq!(parse_point("D4"), Ok(GridPt { x: 3, y: 3 }));
        assert!(parse_point("44").is_err());
    }

    /// The term keys name the same colours and feels as the engine's own words.
    #[test]
    fn term_keys_follow_the_engine_words() {
        for (k, colour) in COLOURS.iter().enumerate() {
            assert_eq!(colour_term(k), format!("villa-colour-{colour}"));
        }
        for (i, floor) in FLOOR_NAMES.iter().enumerate() {
            assert_eq!(floor_term(i + 1), format!("villa-colour-{floor}"));
        }
        assert_eq!(FEEL_TERMS.len(), FEEL_WORDS.len());
    }

    /// Typed moves that do not read carry their phrase (the English stays the sentence).
    #[test]
    fn parse_errors_carry_their_phrase() {
        let v = Villa::new(2, &super::super::VillaOptions::default(), 1).unwrap();
        for (text, key) in [
            ("", "villa-parse-empty"),
            ("dance", "villa-parse-unknown"),
            ("pull", "villa-parse-pull-which"),
            ("pull red-thin", "villa-parse-not-a-column-thin"),
            ("remove purple", "villa-parse-not-a-column"),
            ("place 44", "villa-parse-place-not-a-point"),
            ("floor a b c", "villa-parse-floor-one-point"),
            ("set d4", "villa-parse-set-how"),
            ("play purple", "villa-parse-play-which"),
        ] {
            let e = parse(&v, 0, text).unwrap_err();
            assert_eq!(e.1.map(|p| p.key), Some(key), "{text}");
        }
    }
}
