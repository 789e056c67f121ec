//! The grammar of every game's action texts, as data: which kind of move a text is, its
//! readable label, how its moves group, and its button style. Kinds and labels are Fluent
//! keys (`locales/<lang>/panels.ftl`), read in the panel reader's language.

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
    /// A constant (the sub-verb of a family of moves): a Fluent key in `panels.ftl`.
    Lit(&'static str),
}

/// One line of a game's grammar: a pattern over the action's words, the kind of move it
/// is, its readable label and how its moves are grouped (coarse to fine).
///
/// In patterns `*name` captures one word and `+name` one word or more (up to the next
/// literal); `kind` and `label` are Fluent keys, and the label's message gets each capture
/// as the argument `$name`. Facets number the captures from 0.
#[derive(Debug, Clone, Copy)]
pub struct Rule {
    pub game: &'static str,
    pub pattern: &'static str,
    /// The Fluent key of the kind's name (`panel-kind-<game>-…`).
    pub kind: &'static str,
    /// The Fluent key of the move's label (`panel-<game>-…`).
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
    rule(
        "palazzo",
        "money",
        "panel-kind-palazzo-money",
        "panel-palazzo-money",
        &[],
        Primary,
    ),
    rule(
        "palazzo",
        "draw",
        "panel-kind-palazzo-draw",
        "panel-palazzo-draw",
        &[],
        Primary,
    ),
    rule(
        "palazzo",
        "auction",
        "panel-kind-palazzo-auction",
        "panel-palazzo-auction",
        &[],
        Primary,
    ),
    rule(
        "palazzo",
        "pass",
        "panel-kind-palazzo-pass",
        "panel-palazzo-pass",
        &[],
        Secondary,
    ),
    rule(
        "palazzo",
        "pick +cards",
        "panel-kind-palazzo-pick",
        "panel-palazzo-pick",
        &[Count(0), First(0)],
        Primary,
    ),
    rule(
        "palazzo",
        "buy +tiles pay +cards",
        "panel-kind-palazzo-buy",
        "panel-palazzo-buy-pay",
        &[Cap(0), Count(1)],
        Primary,
    ),
    rule(
        "palazzo",
        "buy +tiles",
        "panel-kind-palazzo-buy",
        "panel-palazzo-buy-free",
        &[Cap(0)],
        Primary,
    ),
    rule(
        "palazzo",
        "raise +cards",
        "panel-kind-palazzo-raise",
        "panel-palazzo-raise",
        &[Count(0), First(0)],
        Primary,
    ),
    rule(
        "palazzo",
        "build *tile on *palace",
        "panel-kind-palazzo-build",
        "panel-palazzo-build-on",
        &[Cap(0)],
        Primary,
    ),
    rule(
        "palazzo",
        "build *tile new",
        "panel-kind-palazzo-build",
        "panel-palazzo-build-new",
        &[Cap(0)],
        Primary,
    ),
    rule(
        "palazzo",
        "discard *card",
        "panel-kind-palazzo-discard",
        "panel-palazzo-discard",
        &[],
        Danger,
    ),
    rule(
        "palazzo",
        "reconstruct lift *tile pay *cost",
        "panel-kind-palazzo-reconstruct",
        "panel-palazzo-lift",
        &[Lit("panel-facet-palazzo-lift"), Cap(0)],
        Primary,
    ),
    rule(
        "palazzo",
        "reconstruct insert *tile into *palace pay *cost",
        "panel-kind-palazzo-reconstruct",
        "panel-palazzo-insert",
        &[Lit("panel-facet-palazzo-insert"), Cap(0), Cap(1)],
        Primary,
    ),
    rule(
        "palazzo",
        "reconstruct remove *tile pay *cost",
        "panel-kind-palazzo-reconstruct",
        "panel-palazzo-remove",
        &[Lit("panel-facet-palazzo-remove"), Cap(0)],
        Primary,
    ),
    rule(
        "villa",
        "set *column *point",
        "panel-kind-villa-set",
        "panel-villa-set",
        &[Cap(0), Row(1)],
        Primary,
    ),
    rule(
        "villa",
        "floor *point",
        "panel-kind-villa-floor",
        "panel-villa-floor",
        &[Row(0)],
        Primary,
    ),
    rule(
        "villa",
        "play *column",
        "panel-kind-villa-play",
        "panel-villa-play",
        &[],
        Primary,
    ),
    rule(
        "villa",
        "pull *column",
        "panel-kind-villa-pull",
        "panel-villa-pull",
        &[Prefix(0)],
        Primary,
    ),
    rule(
        "villa",
        "place *point",
        "panel-kind-villa-place",
        "panel-villa-place",
        &[Row(0)],
        Primary,
    ),
    rule(
        "villa",
        "abort",
        "panel-kind-villa-abort",
        "panel-villa-abort",
        &[],
        Danger,
    ),
    rule(
        "villa",
        "propose",
        "panel-kind-villa-propose",
        "panel-villa-propose",
        &[],
        Primary,
    ),
    rule(
        "villa",
        "object",
        "panel-kind-villa-object",
        "panel-villa-object",
        &[],
        Primary,
    ),
    rule(
        "villa",
        "allow",
        "panel-kind-villa-allow",
        "panel-villa-allow",
        &[],
        Secondary,
    ),
    rule(
        "villa",
        "challenge",
        "panel-kind-villa-challenge",
        "panel-villa-challenge",
        &[],
        Primary,
    ),
    rule(
        "villa",
        "remove *column",
        "panel-kind-villa-remove",
        "panel-villa-remove",
        &[Prefix(0)],
        Danger,
    ),
    rule(
        "estates",
        "stash",
        "panel-kind-estates-stash",
        "panel-estates-stash",
        &[],
        Secondary,
    ),
    rule(
        "estates",
        "cube *cube",
        "panel-kind-estates-cube",
        "panel-estates-cube",
        &[Prefix(0)],
        Primary,
    ),
    rule(
        "estates",
        "roof",
        "panel-kind-estates-roof",
        "panel-estates-roof",
        &[],
        Primary,
    ),
    rule(
        "estates",
        "permit *permit",
        "panel-kind-estates-permit",
        "panel-estates-permit",
        &[],
        Primary,
    ),
    rule(
        "estates",
        "mayor",
        "panel-kind-estates-mayor",
        "panel-estates-mayor",
        &[],
        Primary,
    ),
    rule(
        "estates",
        "cancel",
        "panel-kind-estates-cancel",
        "panel-estates-cancel",
        &[],
        Primary,
    ),
    rule(
        "estates",
        "bid *amount",
        "panel-kind-estates-bid",
        "panel-estates-bid",
        &[],
        Primary,
    ),
    rule(
        "estates",
        "pass",
        "panel-kind-estates-pass",
        "panel-estates-pass",
        &[],
        Secondary,
    ),
    rule(
        "estates",
        "sell",
        "panel-kind-estates-sell",
        "panel-estates-sell",
        &[],
        Primary,
    ),
    rule(
        "estates",
        "keep",
        "panel-kind-estates-keep",
        "panel-estates-keep",
        &[],
        Primary,
    ),
    rule(
        "estates",
        "place *spot",
        "panel-kind-estates-place",
        "panel-estates-place",
        &[Prefix(0)],
        Primary,
    ),
    rule(
        "estates",
        "remove permit *permit",
        "panel-kind-estates-remove-permit",
        "panel-estates-remove-permit",
        &[],
        Danger,
    ),
    rule(
        "estates",
        "discard",
        "panel-kind-estates-discard",
        "panel-estates-discard",
        &[],
        Danger,
    ),
    rule(
        "princes",
        "keep *first *second *third",
        "panel-kind-princes-keep-professions",
        "panel-princes-keep-professions",
        &[Cap(0)],
        Primary,
    ),
    rule(
        "princes",
        "keep *card",
        "panel-kind-princes-keep-card",
        "panel-princes-keep-card",
        &[],
        Primary,
    ),
    rule(
        "princes",
        "open *item",
        "panel-kind-princes-open",
        "panel-princes-open",
        &[],
        Primary,
    ),
    rule(
        "princes",
        "bid *amount",
        "panel-kind-princes-bid",
        "panel-princes-bid",
        &[],
        Primary,
    ),
    rule(
        "princes",
        "pass",
        "panel-kind-princes-pass",
        "panel-princes-pass",
        &[],
        Secondary,
    ),
    rule(
        "princes",
        "decline",
        "panel-kind-princes-decline",
        "panel-princes-decline",
        &[],
        Secondary,
    ),
    rule(
        "princes",
        "place *landscape at *square rot *degrees flip",
        "panel-kind-princes-place",
        "panel-princes-place-rot-flip",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "place *landscape at *square rot *degrees",
        "panel-kind-princes-place",
        "panel-princes-place-rot",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "place *landscape at *square flip",
        "panel-kind-princes-place",
        "panel-princes-place-flip",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "place *landscape at *square",
        "panel-kind-princes-place",
        "panel-princes-place",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "recruit *card",
        "panel-kind-princes-recruit",
        "panel-princes-recruit",
        &[],
        Primary,
    ),
    rule(
        "princes",
        "later",
        "panel-kind-princes-later",
        "panel-princes-later",
        &[],
        Secondary,
    ),
    rule(
        "princes",
        "work *profession bonus +bonus prestige *prestige",
        "panel-kind-princes-work",
        "panel-princes-work-bonus-prestige",
        &[Cap(0), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "work *profession bonus +bonus",
        "panel-kind-princes-work",
        "panel-princes-work-bonus",
        &[Cap(0), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "work *profession prestige *prestige",
        "panel-kind-princes-work",
        "panel-princes-work-prestige",
        &[Cap(0), Lit("panel-facet-princes-no-bonus")],
        Primary,
    ),
    rule(
        "princes",
        "work *profession",
        "panel-kind-princes-work",
        "panel-princes-work",
        &[Cap(0), Lit("panel-facet-princes-no-bonus")],
        Primary,
    ),
    rule(
        "princes",
        "build *building at *square rot *degrees flip",
        "panel-kind-princes-build",
        "panel-princes-build-rot-flip",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "build *building at *square rot *degrees",
        "panel-kind-princes-build",
        "panel-princes-build-rot",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "build *building at *square flip",
        "panel-kind-princes-build",
        "panel-princes-build-flip",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "build *building at *square",
        "panel-kind-princes-build",
        "panel-princes-build",
        &[Cap(0), Row(1), Cap(1)],
        Primary,
    ),
    rule(
        "princes",
        "draw profession",
        "panel-kind-princes-draw-profession",
        "panel-princes-draw-profession",
        &[],
        Primary,
    ),
    rule(
        "princes",
        "draw bonus",
        "panel-kind-princes-draw-bonus",
        "panel-princes-draw-bonus",
        &[],
        Primary,
    ),
    rule(
        "princes",
        "freedom *freedom",
        "panel-kind-princes-freedom",
        "panel-princes-freedom",
        &[],
        Primary,
    ),
    rule(
        "princes",
        "done",
        "panel-kind-princes-done",
        "panel-princes-done",
        &[],
        Success,
    ),
    rule(
        "princes",
        "sell *points",
        "panel-kind-princes-sell",
        "panel-princes-sell",
        &[],
        Secondary,
    ),
];
