//! Actions: what a player types, their canonical text and the forgiving parser.

use super::board::{Piece, Square};
use super::data::{
    bonus_card, prestige_card, profession, profession_by_word, Stack, BUILDINGS, FREEDOMS,
    LANDSCAPES,
};
use crate::engine::ParseError;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A card chosen from a look at the top of a deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardRef {
    Profession(u8),
    Bonus(u8),
    Prestige(u8),
}

impl fmt::Display for CardRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CardRef::Profession(p) => write!(f, "{}", prof_slug(*p)),
            CardRef::Bonus(b) => write!(f, "B{b:02}"),
            CardRef::Prestige(p) => write!(f, "P{p:02}"),
        }
    }
}

/// A move in The Princes of Florence.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PrincesAction {
    /// Setup: keep these three of the four dealt professions.
    KeepThree(Vec<u8>),
    /// Phase A: open an auction on a stack at 200 (the last player buys at 200).
    Open(Stack),
    /// Phase A: raise the high bid to exactly this amount (high + 100).
    Bid(u32),
    /// Phase A: drop out of the running auction.
    Pass,
    /// Phase A: the opener declines and buys nothing this round.
    Decline,
    /// Place a landscape just bought.
    Place {
        landscape: u8,
        at: Square,
        rot: u16,
        flip: bool,
    },
    /// Keep one card of those looked at.
    Keep(CardRef),
    /// Swap a recruiting card for this face-up profession in another display.
    Recruit(u8),
    /// Keep the recruiting card just bought for later.
    Later,
    /// Phase B: complete a work.
    Work {
        profession: u8,
        bonus: Vec<u8>,
        prestige: u32,
    },
    /// Phase B: build.
    Build {
        building: u8,
        at: Square,
        rot: u16,
        flip: bool,
    },
    /// Phase B: pay 300, look at the top 5 professions, keep 1.
    DrawProfession,
    /// Phase B: pay 300, look at the top 5 bonus cards, keep 1.
    DrawBonus,
    /// Phase B: pay 300 and introduce a freedom.
    Freedom(u8),
    /// Phase B: end the turn.
    Done,
    /// Any time you are awaited: move back on the prestige track, +100 florins a point.
    Sell(u32),
}

pub fn prof_slug(p: u8) -> &'static str {
    profession(p).map_or("?", |x| x.slug)
}

fn placement_text(f: &mut fmt::Formatter<'_>, at: Square, rot: u16, flip: bool) -> fmt::Result {
    write!(f, " at {at}")?;
    if rot != 0 {
        write!(f, " rot {rot}")?;
    }
    if flip {
        write!(f, " flip")?;
    }
    Ok(())
}

impl fmt::Display for PrincesAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PrincesAction::*;
        match self {
            KeepThree(ps) => {
                write!(f, "keep")?;
                for p in ps {
                    write!(f, " {}", prof_slug(*p))?;
                }
                Ok(())
            }
            Open(s) => write!(f, "open {}", s.slug()),
            Bid(n) => write!(f, "bid {n}"),
            Pass => write!(f, "pass"),
            Decline => write!(f, "decline"),
            Place {
                landscape,
                at,
                rot,
                flip,
            } => {
                write!(f, "place {}", Piece::Landscape(*landscape).slug())?;
                placement_text(f, *at, *rot, *flip)
            }
            Keep(c) => write!(f, "keep {c}"),
            Recruit(p) => write!(f, "recruit {}", prof_slug(*p)),
            Later => write!(f, "later"),
            Work {
                profession,
                bonus,
                prestige,
            } => {
                write!(f, "work {}", prof_slug(*profession))?;
                if !bonus.is_empty() {
                    write!(f, " bonus")?;
                    for b in bonus {
                        write!(f, " B{b:02}")?;
                    }
                }
                if *prestige > 0 {
                    write!(f, " prestige {prestige}")?;
                }
                Ok(())
            }
            Build {
                building,
                at,
                rot,
                flip,
            } => {
                write!(f, "build {}", Piece::Building(*building).slug())?;
                placement_text(f, *at, *rot, *flip)
            }
            DrawProfession => write!(f, "draw profession"),
            DrawBonus => write!(f, "draw bonus"),
            Freedom(x) => write!(
                f,
                "freedom {}",
                FREEDOMS
                    .get(usize::from(*x))
                    .map_or("?".into(), |n| n.to_lowercase())
            ),
            Done => write!(f, "done"),
            Sell(n) => write!(f, "sell {n}"),
        }
    }
}

pub const HELP_LINE: &str = "Commands: keep, open, bid, pass, decline, place, recruit, later, \
work, build, draw profession, draw bonus, freedom, done, sell. Example: `build opera at C4 rot 90 flip`.";

/// A typed move that does not parse: the sentence the player reads (each with its
/// `princes-parse-…` phrase, so the reader gets it in their language).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadCommand {
    #[error("`rot` needs 0, 90, 180 or 270, e.g. `{example}`.")]
    RotNeedsValue { example: &'static str },
    #[error("Rotation must be 0, 90, 180 or 270, not `{0}`.")]
    BadRotation(String),
    #[error("`{word}` is not a square (A1–G7) or option; write e.g. `{example}`.")]
    NotASquare { word: String, example: &'static str },
    #[error("Two squares given ({first} and {second}): name only the top-left square, e.g. `{example}`.")]
    TwoSquares {
        first: String,
        second: String,
        example: &'static str,
    },
    #[error("Say where, e.g. `{example}`.")]
    SayWhere { example: &'static str },
    #[error("{HELP_LINE}")]
    Help,
    #[error("Name the three professions you keep instead, e.g. `keep poet jurist organist`.")]
    ReturnInstead,
    #[error("Open which stack? forest, lake, park, jester, builder, prestige or recruiting — e.g. `open jester`.")]
    OpenWhich,
    #[error("There is no auction to bid in.")]
    NoAuction,
    #[error("Bid an amount, e.g. `bid 300` (or just `bid` to raise by 100).")]
    BidAmount,
    #[error("Place which landscape? e.g. `place lake at B2 rot 90`.")]
    PlaceWhich,
    #[error("Build what? university, laboratory, workshop, library, opera, studio, hospital, theatre, tower or chapel — e.g. `build opera at C4 rot 90 flip`.")]
    BuildWhat,
    #[error("Recruit which face-up profession? e.g. `recruit poet`.")]
    RecruitWhich,
    #[error("Draw what? `draw profession` or `draw bonus`.")]
    DrawWhat,
    #[error("Which freedom? `freedom opinion`, `freedom religion` or `freedom travel`.")]
    FreedomWhich,
    #[error("Sell how many prestige points? e.g. `sell 2` (+100 florins each).")]
    SellHowMany,
    #[error("`{0}` is not a command here. {HELP_LINE}")]
    NotACommand(String),
    #[error("`{0}` is not a profession; e.g. `keep poet jurist organist`.")]
    NotAProfession(String),
    #[error("Keep which profession? e.g. `keep poet`.")]
    KeepWhichProfession,
    #[error("Keep which bonus card? e.g. `keep B07`.")]
    KeepWhichBonus,
    #[error("Keep which prestige card? e.g. `keep P03`.")]
    KeepWhichPrestige,
    #[error("There is nothing to keep right now.")]
    NothingToKeep,
    #[error("`{0}` is given twice: name the prestige to buy once; {WORK_EXAMPLE}.")]
    GivenTwice(String),
    #[error("`{0}` is not a bonus card (B01–B20); {WORK_EXAMPLE}.")]
    NotABonusCard(String),
    #[error("`prestige` takes a number of points; {WORK_EXAMPLE}.")]
    PrestigeNumber,
    #[error("Work with which profession? {WORK_EXAMPLE}.")]
    WorkWhich,
}

/// The example a work's parse errors end with.
const WORK_EXAMPLE: &str = "e.g. `work poet bonus B12 B07 prestige 7`";

impl From<BadCommand> for ParseError {
    fn from(e: BadCommand) -> Self {
        ParseError::phrased(&e)
    }
}

impl crate::phrase::Phrased for BadCommand {
    fn phrase(&self) -> crate::phrase::Phrase {
        use crate::phrase::Phrase;
        use BadCommand as B;
        let p = Phrase::new;
        match self {
            B::RotNeedsValue { example } => {
                p("princes-parse-rot-needs-value").text("example", example)
            }
            B::BadRotation(v) => p("princes-parse-bad-rotation").text("value", v),
            B::NotASquare { word, example } => p("princes-parse-not-a-square")
                .text("word", word)
                .text("example", example),
            B::TwoSquares {
                first,
                second,
                example,
            } => p("princes-parse-two-squares")
                .text("first", first)
                .text("second", second)
                .text("example", example),
            B::SayWhere { example } => p("princes-parse-say-where").text("example", example),
            B::Help => p("princes-parse-help"),
            B::ReturnInstead => p("princes-parse-return-instead"),
            B::OpenWhich => p("princes-parse-open-which"),
            B::NoAuction => p("princes-parse-no-auction"),
            B::BidAmount => p("princes-parse-bid-amount"),
            B::PlaceWhich => p("princes-parse-place-which"),
            B::BuildWhat => p("princes-parse-build-what"),
            B::RecruitWhich => p("princes-parse-recruit-which"),
            B::DrawWhat => p("princes-parse-draw-what"),
            B::FreedomWhich => p("princes-parse-freedom-which"),
            B::SellHowMany => p("princes-parse-sell-how-many"),
            B::NotACommand(w) => p("princes-parse-not-a-command").text("word", w),
            B::NotAProfession(w) => p("princes-parse-not-a-profession").text("word", w),
            B::KeepWhichProfession => p("princes-parse-keep-which-profession"),
            B::KeepWhichBonus => p("princes-parse-keep-which-bonus"),
            B::KeepWhichPrestige => p("princes-parse-keep-which-prestige"),
            B::NothingToKeep => p("princes-parse-nothing-to-keep"),
            B::GivenTwice(w) => p("princes-parse-given-twice").text("word", w),
            B::NotABonusCard(w) => p("princes-parse-not-a-bonus-card").text("word", w),
            B::PrestigeNumber => p("princes-parse-prestige-number"),
            B::WorkWhich => p("princes-parse-work-which"),
        }
    }
}

/// Words left over after a complete command: refused, never silently dropped. The text
/// is the sentence the player reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrailingWords {
    /// The command was complete before `word`.
    #[error("`{word}` is one word too many: the command was complete without it. Write e.g. `{example}`.")]
    AfterCommand { word: String, example: &'static str },
    /// A work's `prestige <n>` is followed by another word (`prestige 6 1 2 3`).
    #[error("`{word}` is one word too many: `prestige {n}` already says how much prestige to buy; {example}.")]
    AfterPrestige {
        word: String,
        n: u32,
        example: &'static str,
    },
}

impl From<TrailingWords> for ParseError {
    fn from(e: TrailingWords) -> Self {
        ParseError::phrased(&e)
    }
}

impl crate::phrase::Phrased for TrailingWords {
    fn phrase(&self) -> crate::phrase::Phrase {
        use crate::phrase::Phrase;
        match self {
            TrailingWords::AfterCommand { word, example } => {
                Phrase::new("princes-error-after-command")
                    .text("word", word)
                    .text("example", example)
            }
            TrailingWords::AfterPrestige { word, n, example } => {
                Phrase::new("princes-error-after-prestige")
                    .text("word", word)
                    .number("n", *n)
                    .text("example", example)
            }
        }
    }
}

/// A word left over after a complete command: refused, never silently dropped.
fn extra_word(word: &str, example: &'static str) -> ParseError {
    TrailingWords::AfterCommand {
        word: word.to_string(),
        example,
    }
    .into()
}

/// Refuses the first word of `rest` after a complete command, if any.
fn nothing_more(rest: &[String], example: &'static str) -> Result<(), ParseError> {
    match rest.first() {
        Some(w) => Err(extra_word(w, example)),
        None => Ok(()),
    }
}

pub fn stack_by_word(w: &str) -> Option<Stack> {
    Some(match w {
        "forest" | "forests" => Stack::Forest,
        "lake" | "lakes" => Stack::Lake,
        "park" | "parks" => Stack::Park,
        "jester" | "jesters" => Stack::Jester,
        "builder" | "builders" | "architect" => Stack::Builder,
        "prestige" | "prestigecard" => Stack::Prestige,
        "recruiting" | "recruit" | "recruitingcard" | "recruitment" => Stack::Recruiting,
        _ => return None,
    })
}

pub fn building_by_word(w: &str) -> Option<u8> {
    let w = if w == "theater" { "theatre" } else { w };
    BUILDINGS
        .iter()
        .position(|b| b.slug == w)
        .and_then(|i| u8::try_from(i).ok())
}

pub fn landscape_by_word(w: &str) -> Option<u8> {
    let w = w.strip_suffix('s').unwrap_or(w);
    LANDSCAPES
        .iter()
        .position(|l| l.slug == w)
        .and_then(|i| u8::try_from(i).ok())
}

fn freedom_by_word(w: &str) -> Option<u8> {
    FREEDOMS
        .iter()
        .position(|f| f.to_lowercase() == w)
        .and_then(|i| u8::try_from(i).ok())
}

/// `B07`, `b7`, `7` → 7.
pub fn bonus_by_word(w: &str) -> Option<u8> {
    let n: u8 = w.trim_start_matches('b').parse().ok()?;
    bonus_card(n).map(|c| c.id)
}

pub fn prestige_by_word(w: &str) -> Option<u8> {
    let n: u8 = w.trim_start_matches('p').parse().ok()?;
    prestige_card(n).map(|c| c.id)
}

/// Reads `at C4 rot 90 flip` (the `at` is optional; `r90`, `rotate 90`, `mirror` too).
fn parse_placement(
    words: &[String],
    example: &'static str,
) -> Result<(Square, u16, bool), ParseError> {
    let mut at: Option<Square> = None;
    let mut rot = 0u16;
    let mut flip = false;
    let mut i = 0;
    while let Some(w) = words.get(i) {
        let w = w.as_str();
        match w {
            "at" | "on" => {}
            "flip" | "flipped" | "mirror" | "mirrored" => flip = true,
            "rot" | "rotate" | "rotated" | "rotation" => {
                i += 1;
                let n = words
                    .get(i)
                    .ok_or_else(|| ParseError::from(BadCommand::RotNeedsValue { example }))?;
                rot = parse_rot(n)
                    .ok_or_else(|| ParseError::from(BadCommand::BadRotation(n.clone())))?;
            }
            _ if w.starts_with('r') && parse_rot(&w[1..]).is_some() => {
                rot = parse_rot(&w[1..]).unwrap_or(0);
            }
            _ => {
                let sq = Square::parse(w).ok_or_else(|| {
                    ParseError::from(BadCommand::NotASquare {
                        word: w.to_string(),
                        example,
                    })
                })?;
                if let Some(first) = at {
                    return Err(BadCommand::TwoSquares {
                        first: first.to_string(),
                        second: sq.to_string(),
                        example,
                    }
                    .into());
                }
                at = Some(sq);
            }
        }
        i += 1;
    }
    let at = at.ok_or_else(|| ParseError::from(BadCommand::SayWhere { example }))?;
    Ok((at, rot, flip))
}

fn parse_rot(w: &str) -> Option<u16> {
    let n: u16 = w.trim_end_matches('°').parse().ok()?;
    [0, 90, 180, 270].contains(&n).then_some(n)
}

/// Which kind of `keep` the game expects now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeepContext {
    Setup,
    Profession,
    Bonus,
    Prestige,
    None,
}

/// Parses a command. `high` is the running high bid (for a bare `bid`), `keep` says
/// what a `keep` refers to now.
pub fn parse(
    text: &str,
    high: Option<u32>,
    keep: KeepContext,
) -> Result<PrincesAction, ParseError> {
    let lower = text.trim().to_lowercase();
    let words: Vec<String> = lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let Some(verb) = words.first() else {
        return Err(BadCommand::Help.into());
    };
    let rest = &words[1..];
    let arg = rest.first().map(String::as_str);
    use PrincesAction as A;
    match verb.as_str() {
        "keep" => parse_keep(rest, keep),
        "return" if keep == KeepContext::Setup => Err(BadCommand::ReturnInstead.into()),
        "open" | "buy" | "auction" => {
            let w = rest.concat();
            let s = stack_by_word(&w).ok_or_else(|| ParseError::from(BadCommand::OpenWhich))?;
            Ok(A::Open(s))
        }
        "bid" | "raise" => {
            nothing_more(rest.get(1..).unwrap_or_default(), "bid 300")?;
            match arg {
                None => high
                    .map(|h| A::Bid(h + super::data::RAISE))
                    .ok_or_else(|| ParseError::from(BadCommand::NoAuction)),
                Some(n) => n
                    .parse()
                    .map(A::Bid)
                    .map_err(|_| ParseError::from(BadCommand::BidAmount)),
            }
        }
        "pass" => nothing_more(rest, "pass").map(|_| A::Pass),
        "decline" => nothing_more(rest, "decline").map(|_| A::Decline),
        "later" => nothing_more(rest, "later").map(|_| A::Later),
        "done" | "end" | "finish" => nothing_more(rest, "done").map(|_| A::Done),
        "place" => {
            let l = arg
                .and_then(landscape_by_word)
                .ok_or_else(|| ParseError::from(BadCommand::PlaceWhich))?;
            let (at, rot, flip) = parse_placement(&rest[1..], "place lake at B2 rot 90")?;
            Ok(A::Place {
                landscape: l,
                at,
                rot,
                flip,
            })
        }
        "build" => {
            let b = arg
                .and_then(building_by_word)
                .ok_or_else(|| ParseError::from(BadCommand::BuildWhat))?;
            let (at, rot, flip) = parse_placement(&rest[1..], "build opera at C4 rot 90 flip")?;
            Ok(A::Build {
                building: b,
                at,
                rot,
                flip,
            })
        }
        "recruit" => {
            let w = rest.concat();
            profession_by_word(&w)
                .map(A::Recruit)
                .ok_or_else(|| ParseError::from(BadCommand::RecruitWhich))
        }
        "work" => parse_work(rest),
        "draw" => {
            let action = match arg {
                Some("profession" | "professions" | "character" | "p") => A::DrawProfession,
                Some("bonus" | "b") => A::DrawBonus,
                _ => return Err(BadCommand::DrawWhat.into()),
            };
            nothing_more(rest.get(1..).unwrap_or_default(), "draw bonus")?;
            Ok(action)
        }
        "freedom" | "introduce" => {
            let mut names = rest.iter().filter(|w| w.as_str() != "freedom");
            let f = names
                .next()
                .and_then(|w| freedom_by_word(w))
                .map(A::Freedom)
                .ok_or_else(|| ParseError::from(BadCommand::FreedomWhich))?;
            match names.next() {
                Some(w) => Err(extra_word(w, "freedom travel")),
                None => Ok(f),
            }
        }
        "sell" => {
            const EX: &str = "sell 2";
            // A number, optionally with a unit word after it (`sell 2 prestige`).
            let mut words = rest
                .iter()
                .filter(|w| !matches!(w.as_str(), "prestige" | "point" | "points"));
            let n = words
                .next()
                .and_then(|w| w.parse::<u32>().ok())
                .ok_or_else(|| ParseError::from(BadCommand::SellHowMany))?;
            match words.next() {
                Some(w) => Err(extra_word(w, EX)),
                None => Ok(A::Sell(n)),
            }
        }
        other => Err(BadCommand::NotACommand(other.to_string()).into()),
    }
}

fn parse_keep(rest: &[String], keep: KeepContext) -> Result<PrincesAction, ParseError> {
    use PrincesAction as A;
    match keep {
        KeepContext::Setup => {
            // Names may have spaces ("bell founder"): join greedily.
            let mut out = Vec::new();
            let mut i = 0;
            while i < rest.len() {
                let one = rest.get(i).and_then(|w| profession_by_word(w));
                let two = rest
                    .get(i..i + 2)
                    .and_then(|ws| profession_by_word(&ws.concat()));
                if let Some(p) = two {
                    out.push(p);
                    i += 2;
                } else if let Some(p) = one {
                    out.push(p);
                    i += 1;
                } else {
                    return Err(BadCommand::NotAProfession(
                        rest.get(i).map_or("", |s| s.as_str()).to_string(),
                    )
                    .into());
                }
            }
            Ok(A::KeepThree(out))
        }
        KeepContext::Profession => profession_by_word(&rest.concat())
            .map(|p| A::Keep(CardRef::Profession(p)))
            .ok_or_else(|| ParseError::from(BadCommand::KeepWhichProfession)),
        KeepContext::Bonus => {
            let b = rest
                .first()
                .and_then(|w| bonus_by_word(w))
                .ok_or_else(|| ParseError::from(BadCommand::KeepWhichBonus))?;
            nothing_more(rest.get(1..).unwrap_or_default(), "keep B07")?;
            Ok(A::Keep(CardRef::Bonus(b)))
        }
        KeepContext::Prestige => {
            let p = rest
                .first()
                .and_then(|w| prestige_by_word(w))
                .ok_or_else(|| ParseError::from(BadCommand::KeepWhichPrestige))?;
            nothing_more(rest.get(1..).unwrap_or_default(), "keep P03")?;
            Ok(A::Keep(CardRef::Prestige(p)))
        }
        KeepContext::None => Err(BadCommand::NothingToKeep.into()),
    }
}

fn parse_work(rest: &[String]) -> Result<PrincesAction, ParseError> {
    const EX: &str = WORK_EXAMPLE;
    let mut profession = None;
    let mut bonus = Vec::new();
    let mut prestige = None;
    let mut mode = 0; // 0 profession words, 1 bonus ids, 2 prestige number
    let mut name = String::new();
    for w in rest {
        match w.as_str() {
            "bonus" | "with" => {
                mode = 1;
                continue;
            }
            "prestige" | "convert" => {
                if prestige.is_some() {
                    return Err(BadCommand::GivenTwice(w.to_string()).into());
                }
                mode = 2;
                continue;
            }
            _ => {}
        }
        match mode {
            0 => {
                name.push_str(w);
                profession = profession_by_word(&name);
            }
            1 => bonus.push(
                bonus_by_word(w)
                    .ok_or_else(|| ParseError::from(BadCommand::NotABonusCard(w.to_string())))?,
            ),
            _ => {
                if let Some(n) = prestige {
                    return Err(TrailingWords::AfterPrestige {
                        word: w.to_string(),
                        n,
                        example: EX,
                    }
                    .into());
                }
                prestige = Some(
                    w.parse()
                        .map_err(|_| ParseError::from(BadCommand::PrestigeNumber))?,
                );
            }
        }
    }
    if mode == 2 && prestige.is_none() {
        return Err(ParseError::from(BadCommand::PrestigeNumber));
    }
    let prestige = prestige.unwrap_or(0);
    let profession = profession.ok_or_else(|| ParseError::from(BadCommand::WorkWhich))?;
    Ok(PrincesAction::Work {
        profession,
        bonus,
        prestige,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(t: &str) -> PrincesAction {
        parse(t, Some(300), KeepContext::None).unwrap()
    }

    #[test]
    fn texts_round_trip() {
        for t in [
            "build opera at C4 rot 90 flip",
            "place lake at B2 rot 270",
            "work poet bonus B12 B07 prestige 7",
            "work bellfounder",
            "open recruiting",
            "bid 500",
            "recruit poet",
            "freedom travel",
            "draw bonus",
            "draw profession",
            "sell 3",
            "done",
        ] {
            assert_eq!(p(t).to_string(), t);
        }
    }

    #[test]
    fn forgiving_parse() {
        assert_eq!(
            p("  BUILD Opera c4 R90 Flip "),
            p("build opera at C4 rot 90 flip")
        );
        assert_eq!(p("bid"), PrincesAction::Bid(400));
        assert_eq!(
            p("work Bell Founder bonus b7"),
            p("work bellfounder bonus B07")
        );
        let e = parse("build opera at Z9", None, KeepContext::None).unwrap_err();
        assert!(e.to_string().contains("not a square"), "{e}");
        let e = parse("frobnicate", None, KeepContext::None).unwrap_err();
        assert!(e.to_string().contains("Commands"), "{e}");
        assert_eq!(
            parse("keep bell founder poet jurist", None, KeepContext::Setup).unwrap(),
            PrincesAction::KeepThree(vec![9, 19, 11])
        );
        assert_eq!(
            parse("keep p03", None, KeepContext::Prestige).unwrap(),
            PrincesAction::Keep(CardRef::Prestige(3))
        );
    }

    #[test]
    fn keeping_one_card_refuses_a_second() {
        let e = parse("keep P03 P04", None, KeepContext::Prestige).unwrap_err();
        assert!(e.to_string().contains("`p04` is one word too many"), "{e}");
        let e = parse("keep B07 B08", None, KeepContext::Bonus).unwrap_err();
        assert!(e.to_string().contains("`b08` is one word too many"), "{e}");
        assert_eq!(
            parse("keep b7", None, KeepContext::Bonus).unwrap(),
            PrincesAction::Keep(CardRef::Bonus(7))
        );
    }
}
