//! Text: column names, parsing typed commands, narrating events (the drawing is `draw`).
//! Every word a player reads is a [`Phrase`] said through the reader's [`Say`]; column
//! names (`blue-thin-1`), their codes and grid points are what players type, so they stay.

use super::data::{COLOURS, FEEL_WORDS, FLOOR_NAMES, PER_COLOUR};
use super::model::GridPt;
use super::{ColId, ColumnView, Ending, Seal, Villa, VillaAction};
use crate::engine::{Audience, CommandHelp, GameEvent, ParseError, Seat};
use crate::phrase::{Phrase, Phrased};
use std::fmt;

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
pub(super) fn column_code(c: &ColumnView) -> [char; 2] {
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

pub(super) fn floor_name(k: usize) -> &'static str {
    FLOOR_NAMES.get(k.wrapping_sub(1)).copied().unwrap_or("?")
}

/// The term keys of the column colours, in [`COLOURS`]' order.
pub(super) const COLOUR_TERMS: [&str; 4] = [
    "villa-colour-blue",
    "villa-colour-red",
    "villa-colour-yellow",
    "villa-colour-green",
];

/// The term keys of the floors' colours, in [`FLOOR_NAMES`]' order (floor k is index k−1).
pub(super) const FLOOR_TERMS: [&str; 5] = [
    "villa-colour-blue",
    "villa-colour-green",
    "villa-colour-yellow",
    "villa-colour-orange",
    "villa-colour-red",
];

/// The term keys of the feel words, in [`FEEL_WORDS`]' order.
pub(super) const FEEL_TERMS: [&str; 4] = [
    "villa-feel-solid",
    "villa-feel-wobble",
    "villa-feel-creaks",
    "villa-feel-sways",
];

/// The reader's word for column colour `k` (the engine only makes 0–3).
pub(super) fn colour_term(k: usize) -> &'static str {
    COLOUR_TERMS.get(k).copied().unwrap_or("villa-colour-green")
}

/// The reader's word for floor `k` (1 blue … 5 red; the engine only makes 1–5).
pub(super) fn floor_term(k: usize) -> &'static str {
    FLOOR_TERMS
        .get(k.wrapping_sub(1))
        .copied()
        .unwrap_or("villa-colour-red")
}

/// The reader's words for feel `k` (0 best … 3 worst; the engine only makes 0–3).
pub(super) fn feel_term(k: usize) -> &'static str {
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

pub(super) fn parse_colour(word: &str) -> Option<u8> {
    let w = word.to_lowercase();
    COLOURS
        .iter()
        .position(|c| *c == w || (w.len() == 1 && c.starts_with(&w)))
        .map(|i| i as u8)
}

pub(super) fn parse_column(words: &[&str]) -> Result<ColId, VillaParseError> {
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

pub(super) fn parse_point(word: &str) -> Result<GridPt, VillaParseError> {
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

pub(super) fn parse_typed(text: &str) -> Result<VillaAction, VillaParseError> {
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

pub(super) fn nm(names: &[String], s: Seat) -> String {
    names
        .get(s)
        .cloned()
        .unwrap_or_else(|| format!("seat {}", s + 1))
}

/// Who wins a finished game: the seal holder, or the previous holder when the holder
/// brought the villa down.
pub(super) fn winner_of(
    ending: Ending,
    holder: Option<Seat>,
    previous: Option<Seat>,
) -> Option<Seat> {
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
