//! The grammar of every game's action texts, as data: which kind of move a text is, its
//! readable label, how its moves group, and its button style.

use poise::serenity_prelude as serenity;

/// How a button looks (mapped onto Discord's styles).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// An ordinary move.
    Primary,
    /// Navigation, and moves that give something up (pass, decline).
    Secondary,
    /// Ending a turn on purpose (done).
    Success,
    /// Moves that lose something for good (abort, discard).
    Danger,
}

impl Style {
    pub(super) fn button_style(self) -> serenity::ButtonStyle {
        match self {
            Style::Primary => serenity::ButtonStyle::Primary,
            Style::Secondary => serenity::ButtonStyle::Secondary,
            Style::Success => serenity::ButtonStyle::Success,
            Style::Danger => serenity::ButtonStyle::Danger,
        }
    }
}

/// What a grouping level keys on, read from a rule's captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Facet {
    /// The whole capture (`opera`, `marble-3-1w`).
    Cap(usize),
    /// The capture's first word (the first card of a payment).
    First(usize),
    /// The text before the capture's first `-` (`blue` of `blue-thin-1`).
    Prefix(usize),
    /// The row number of a square or grid point (`4` of `C4`, `d4`): "row 4".
    Row(usize),
    /// How many words the capture holds: "3 cards".
    Count(usize),
    /// A constant (the sub-verb of a family of moves).
    Lit(&'static str),
}

/// One line of a game's grammar: a pattern over the action's words, the kind of move it
/// is, its readable label and how its moves are grouped (coarse to fine).
///
/// In patterns `*` captures one word and `+` one word or more (up to the next literal);
/// in labels `{i}` is capture `i`.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    pub game: &'static str,
    pub pattern: &'static str,
    pub kind: &'static str,
    pub label: &'static str,
    pub facets: &'static [Facet],
    pub style: Style,
}

const fn rule(
    game: &'static str,
    pattern: &'static str,
    kind: &'static str,
    label: &'static str,
    facets: &'static [Facet],
    style: Style,
) -> Rule {
    Rule {
        game,
        pattern,
        kind,
        label,
        facets,
        style,
    }
}

use Facet::*;
use Style::*;

/// The grammar of every game's action texts (see each engine's `Display` and parser and
/// `docs/<game>.md`). The first matching rule wins; a text no rule matches is still
/// offered, under its first word.
pub const RULES: &[Rule] = &[
    // Palazzo
    rule("palazzo", "money", "Take money", "Take money", &[], Primary),
    rule(
        "palazzo",
        "draw",
        "Draw tiles",
        "Draw two tiles",
        &[],
        Primary,
    ),
    rule(
        "palazzo",
        "auction",
        "Auction",
        "Auction the next quarry",
        &[],
        Primary,
    ),
    rule(
        "palazzo",
        "pass",
        "Pass",
        "Pass (take your bid back)",
        &[],
        Secondary,
    ),
    rule(
        "palazzo",
        "pick +",
        "Pick cards",
        "Pick {0}",
        &[Count(0), First(0)],
        Primary,
    ),
    rule(
        "palazzo",
        "buy + pay +",
        "Buy",
        "Buy {0}, pay {1}",
        &[Cap(0), Count(1)],
        Primary,
    ),
    rule(
        "palazzo",
        "buy +",
        "Buy",
        "Buy {0} for free",
        &[Cap(0)],
        Primary,
    ),
    rule(
        "palazzo",
        "raise +",
        "Raise",
        "Raise with {0}",
        &[Count(0), First(0)],
        Primary,
    ),
    rule(
        "palazzo",
        "build * on *",
        "Build",
        "Build {0} on palace {1}",
        &[Cap(0)],
        Primary,
    ),
    rule(
        "palazzo",
        "build * new",
        "Build",
        "Build {0} as a new palace",
        &[Cap(0)],
        Primary,
    ),
    rule(
        "palazzo",
        "discard *",
        "Discard",
        "Discard {0}",
        &[],
        Danger,
    ),
    rule(
        "palazzo",
        "reconstruct lift * pay *",
        "Reconstruct",
        "Lift {0} out to stand alone, pay {1}",
        &[Lit("Lift out"), Cap(0)],
        Primary,
    ),
    rule(
        "palazzo",
        "reconstruct insert * into * pay *",
        "Reconstruct",
        "Insert {0} into palace {1}, pay {2}",
        &[Lit("Insert"), Cap(0), Cap(1)],
        Primary,
    ),
    rule(
        "palazzo",
        "reconstruct remove * pay *",
        "Reconstruct",
        "Remove {0} from the game, pay {1}",
        &[Lit("Remove"), Cap(0)],
        Primary,
    ),
    // Villa Paletti
    rule(
        "villa",
        "set * *",
        "Stand a column",
        "Stand {0} at {1}",
        &[Cap(0), Row(1)],
        Primary,
    ),
    rule(
        "villa",
        "floor *",
        "Place the floor",
        "Place the floor at {0}",
        &[Row(0)],
        Primary,
    ),
    rule("villa", "play *", "Play", "Play {0}", &[], Primary),
    rule("villa", "pull *", "Pull", "Pull {0}", &[Prefix(0)], Primary),
    rule(
        "villa",
        "place *",
        "Place",
        "Place the column at {0}",
        &[Row(0)],
        Primary,
    ),
    rule(
        "villa",
        "abort",
        "Abort",
        "Abort (the column is frozen)",
        &[],
        Danger,
    ),
    rule(
        "villa",
        "propose",
        "Propose",
        "Propose the next floor",
        &[],
        Primary,
    ),
    rule("villa", "object", "Object", "Object", &[], Primary),
    rule("villa", "allow", "Allow", "Allow", &[], Secondary),
    rule("villa", "challenge", "Challenge", "Challenge", &[], Primary),
    rule(
        "villa",
        "remove *",
        "Remove",
        "Remove {0}",
        &[Prefix(0)],
        Danger,
    ),
    // The Estates
    rule(
        "estates",
        "stash",
        "Stash",
        "Stash $1M in your cash box",
        &[],
        Secondary,
    ),
    rule(
        "estates",
        "cube *",
        "Auction a cube",
        "Auction cube {0}",
        &[Prefix(0)],
        Primary,
    ),
    rule(
        "estates",
        "roof",
        "Auction a roof",
        "Auction a roof",
        &[],
        Primary,
    ),
    rule(
        "estates",
        "permit *",
        "Auction a permit",
        "Auction permit {0}",
        &[],
        Primary,
    ),
    rule(
        "estates",
        "mayor",
        "Auction the mayor",
        "Auction the mayor",
        &[],
        Primary,
    ),
    rule(
        "estates",
        "cancel",
        "Auction the cancel cube",
        "Auction the cancel cube",
        &[],
        Primary,
    ),
    rule("estates", "bid *", "Bid", "Bid ${0}M", &[], Primary),
    rule("estates", "pass", "Pass", "Pass", &[], Secondary),
    rule(
        "estates",
        "sell",
        "Sell",
        "Sell to the high bidder",
        &[],
        Primary,
    ),
    rule(
        "estates",
        "keep",
        "Keep",
        "Keep it (pay the high bid)",
        &[],
        Primary,
    ),
    rule(
        "estates",
        "place *",
        "Place",
        "Place on {0}",
        &[Prefix(0)],
        Primary,
    ),
    rule(
        "estates",
        "remove permit *",
        "Remove a permit",
        "Remove permit {0}",
        &[],
        Danger,
    ),
    rule("estates", "discard", "Discard", "Discard", &[], Danger),
    // The Princes of Florence
    rule(
        "princes",
        "keep * * *",
        "Keep professions",
        "Keep {0}, {1}, {2}",
        &[Cap(0)],
        Primary,
    ),
    rule("princes", "keep *", "Keep a card", "Keep {0}", &[], Primary),
    rule(
        "princes",
        "open *",
        "Open an auction",
        "Open an auction: {0}",
        &[],
        Primary,
    ),
    rule("princes", "bid *", "Bid", "Bid {0} florins", &[], Primary),
    rule("princes", "pass", "Pass", "Pass", &[], Secondary),
    rule(
        "princes",
        "decline",
        "Decline",
        "Decline (buy nothing)",
        &[],
        Secondary,
    ),
    rule(
        "princes",
        "place * at * rot * flip",
        "Place landscape",
        "Place {0} at {1}, rotated {2}°, flipped",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "place * at * rot *",
        "Place landscape",
        "Place {0} at {1}, rotated {2}°",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "place * at * flip",
        "Place landscape",
        "Place {0} at {1}, flipped",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "place * at *",
        "Place landscape",
        "Place {0} at {1}",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "recruit *",
        "Recruit",
        "Recruit {0}",
        &[],
        Primary,
    ),
    rule(
        "princes",
        "later",
        "Later",
        "Keep the recruiting card for later",
        &[],
        Secondary,
    ),
    rule(
        "princes",
        "work * bonus + prestige *",
        "Work",
        "Work: {0}, bonus {1}, prestige {2}",
        &[Cap(0), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "work * bonus +",
        "Work",
        "Work: {0}, bonus {1}",
        &[Cap(0), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "work * prestige *",
        "Work",
        "Work: {0}, prestige {1}",
        &[Cap(0), Lit("no bonus")],
        Primary,
    ),
    rule(
        "princes",
        "work *",
        "Work",
        "Work: {0}",
        &[Cap(0), Lit("no bonus")],
        Primary,
    ),
    rule(
        "princes",
        "build * at * rot * flip",
        "Build",
        "Build {0} at {1}, rotated {2}°, flipped",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "build * at * rot *",
        "Build",
        "Build {0} at {1}, rotated {2}°",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "build * at * flip",
        "Build",
        "Build {0} at {1}, flipped",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "build * at *",
        "Build",
        "Build {0} at {1}",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "draw profession",
        "Draw a profession",
        "Draw a profession (300)",
        &[],
        Primary,
    ),
    rule(
        "princes",
        "draw bonus",
        "Draw a bonus card",
        "Draw a bonus card (300)",
        &[],
        Primary,
    ),
    rule(
        "princes",
        "freedom *",
        "Freedom",
        "Introduce the freedom: {0} (300)",
        &[],
        Primary,
    ),
    rule(
        "princes",
        "done",
        "Done",
        "Done (end your turn)",
        &[],
        Success,
    ),
    rule(
        "princes",
        "sell *",
        "Sell prestige",
        "Sell {0} prestige for florins",
        &[],
        Secondary,
    ),
];
