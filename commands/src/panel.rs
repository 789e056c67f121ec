//! The private move panel as a tree over a seat's legal action texts, so that every legal
//! move is at most three taps away (a tap is a button click or a select pick).
//!
//! Level 1 (the root) shows the kinds of move as buttons: a kind with one move (or a few,
//! when room allows) is played directly, the others open level 2. Below, select menus
//! (up to four per message, 25 options each) group the moves by what they act on — the
//! building, then the row of its square; the tile bought; the row of a grid point —
//! choosing for each level the coarsest grouping that keeps every move within the tap
//! budget. The grouping and the readable labels per game are data: [`RULES`].
//!
//! Everything here is pure: [`PanelTree::build`] takes the game id and the action texts,
//! [`PanelTree::view`] describes one message and [`to_components`] turns it into Discord
//! rows with custom ids chosen by the caller.

use poise::serenity_prelude as serenity;

/// Taps a player may need, counted from the opened panel.
pub const MAX_TAPS: u32 = 3;
/// Options in one select menu (Discord's limit).
pub const MENU_OPTIONS: usize = 25;
/// Select menus in one view: rows 2–5 (row 1 holds the navigation buttons).
pub const VIEW_MENUS: usize = 4;
/// Options one view offers at most: one pick among them is one tap.
pub const VIEW_OPTIONS: usize = MENU_OPTIONS * VIEW_MENUS;
/// Buttons in one row and rows in one message (Discord's limits).
pub const ROW_BUTTONS: usize = 5;
pub const MESSAGE_ROWS: usize = 5;
/// Root buttons at most (five rows of five).
const ROOT_BUTTONS: usize = ROW_BUTTONS * MESSAGE_ROWS;
/// Small kinds are spread into one button per move while the root holds this many
/// buttons or fewer.
const ROOT_SPREAD_BUTTONS: usize = 15;
/// A kind with this many moves or fewer may be spread into buttons at the root.
const SPREAD_KIND: usize = 5;
/// Discord's text limits: button label, option label, select placeholder.
pub const BUTTON_LABEL: usize = 80;
pub const OPTION_LABEL: usize = 100;
pub const PLACEHOLDER: usize = 150;

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
    fn button_style(self) -> serenity::ButtonStyle {
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

/// Matches `words` against a rule pattern; the captures on success.
fn match_pattern(pattern: &[&str], words: &[&str]) -> Option<Vec<String>> {
    fn go(pattern: &[&str], words: &[&str], caps: &mut Vec<String>) -> bool {
        match pattern.split_first() {
            None => words.is_empty(),
            Some((&"*", rest)) => match words.split_first() {
                Some((w, tail)) => {
                    caps.push((*w).to_string());
                    if go(rest, tail, caps) {
                        return true;
                    }
                    caps.pop();
                    false
                }
                None => false,
            },
            Some((&"+", rest)) => {
                for take in 1..=words.len() {
                    caps.push(words[..take].join(" "));
                    if go(rest, &words[take..], caps) {
                        return true;
                    }
                    caps.pop();
                }
                false
            }
            Some((lit, rest)) => match words.split_first() {
                Some((w, tail)) if w.eq_ignore_ascii_case(lit) => go(rest, tail, caps),
                _ => false,
            },
        }
    }
    let mut caps = Vec::new();
    go(pattern, words, &mut caps).then_some(caps)
}

/// Fills `{i}` in a label template with the captures.
fn fill(template: &str, caps: &[String]) -> String {
    let mut out = template.to_string();
    for (i, c) in caps.iter().enumerate() {
        out = out.replace(&format!("{{{i}}}"), c);
    }
    out
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// One grouping key of a move and how it reads.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Key {
    key: String,
    label: String,
}

fn facet_key(facet: Facet, caps: &[String]) -> Key {
    let cap = |i: usize| caps.get(i).map(String::as_str).unwrap_or("");
    match facet {
        Cap(i) => Key {
            key: cap(i).into(),
            label: cap(i).into(),
        },
        First(i) => {
            let first = cap(i).split_whitespace().next().unwrap_or("").to_string();
            Key {
                key: first.clone(),
                label: format!("{first} …"),
            }
        }
        Prefix(i) => {
            let prefix = cap(i).split('-').next().unwrap_or("").to_string();
            Key {
                key: prefix.clone(),
                label: prefix,
            }
        }
        Row(i) => {
            let row: String = cap(i).chars().filter(char::is_ascii_digit).collect();
            Key {
                key: row.clone(),
                label: format!("row {row}"),
            }
        }
        Count(i) => {
            let n = cap(i).split_whitespace().count();
            Key {
                key: n.to_string(),
                label: format!("{n} card{}", if n == 1 { "" } else { "s" }),
            }
        }
        Lit(text) => Key {
            key: text.into(),
            label: text.into(),
        },
    }
}

/// A legal action read through the grammar.
#[derive(Debug, Clone)]
struct Move {
    index: usize,
    kind: String,
    style: Style,
    label: String,
    facets: Vec<Key>,
}

/// Reads one action text with `game`'s rules.
fn read_move(game: &str, index: usize, text: &str) -> Move {
    let words: Vec<&str> = text.split_whitespace().collect();
    for r in RULES.iter().filter(|r| r.game == game) {
        let pattern: Vec<&str> = r.pattern.split_whitespace().collect();
        if let Some(caps) = match_pattern(&pattern, &words) {
            return Move {
                index,
                kind: r.kind.to_string(),
                style: r.style,
                label: fill(r.label, &caps),
                facets: r.facets.iter().map(|f| facet_key(*f, &caps)).collect(),
            };
        }
    }
    Move {
        index,
        kind: capitalized(words.first().copied().unwrap_or("move")),
        style: Primary,
        label: capitalized(text.trim()),
        facets: Vec::new(),
    }
}

/// The readable label of one action text (`Build opera at C4, rotated 90°, flipped`).
pub fn action_label(game: &str, text: &str) -> String {
    read_move(game, 0, text).label
}

/// The navigation state of a panel: the child indices from the root to the node shown.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct PanelPath(pub Vec<u16>);

impl PanelPath {
    /// The root (the kinds of move).
    pub fn root() -> PanelPath {
        PanelPath(Vec::new())
    }

    /// `3.12`; empty for the root. At most a dozen characters for any real panel.
    pub fn encode(&self) -> String {
        let parts: Vec<String> = self.0.iter().map(u16::to_string).collect();
        parts.join(".")
    }

    /// Reads [`PanelPath::encode`]'s text back.
    pub fn decode(text: &str) -> Option<PanelPath> {
        if text.is_empty() {
            return Some(PanelPath::root());
        }
        text.split('.')
            .map(|p| p.parse::<u16>().ok())
            .collect::<Option<Vec<u16>>>()
            .map(PanelPath)
    }

    fn child(&self, i: usize) -> PanelPath {
        let mut path = self.0.clone();
        path.push(u16::try_from(i).unwrap_or(u16::MAX));
        PanelPath(path)
    }

    fn parent(&self) -> PanelPath {
        let mut path = self.0.clone();
        path.pop();
        PanelPath(path)
    }
}

/// What a component does when used.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Target {
    /// Play the action with this index in the slice given to [`PanelTree::build`].
    Leaf(usize),
    /// Show the panel at this path.
    Open(PanelPath),
    /// Select menu `1` of the view at path `0`: the picked option's value is a
    /// [`Target::encode`]d target (read it with [`Target::decode`]).
    Menu(PanelPath, usize),
}

impl Target {
    /// `a12` (leaf 12), `o3.1` (open 3.1), `m2:3.1` (menu 2 of 3.1): short enough for a
    /// custom id after a 45-character prefix and for a select option's value.
    pub fn encode(&self) -> String {
        match self {
            Target::Leaf(i) => format!("a{i}"),
            Target::Open(path) => format!("o{}", path.encode()),
            Target::Menu(path, k) => format!("m{k}:{}", path.encode()),
        }
    }

    /// Reads [`Target::encode`]'s text back.
    pub fn decode(text: &str) -> Option<Target> {
        let rest = text.get(1..)?;
        match text.chars().next()? {
            'a' => rest.parse().ok().map(Target::Leaf),
            'o' => PanelPath::decode(rest).map(Target::Open),
            'm' => {
                let (k, path) = rest.split_once(':')?;
                Some(Target::Menu(PanelPath::decode(path)?, k.parse().ok()?))
            }
            _ => None,
        }
    }
}

/// A node of the tree: a group of moves.
#[derive(Debug, Clone)]
struct Node {
    /// The group's name (`Build`, `opera, row 4`).
    label: String,
    /// Moves in this group (for the "…" button label).
    size: usize,
    /// Style of the button opening it.
    style: Style,
    /// Shown as buttons (the root) or select menus.
    buttons: bool,
    children: Vec<Child>,
}

#[derive(Debug, Clone)]
enum Child {
    Leaf(usize),
    Group(Node),
}

/// One button of a view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PanelButton {
    pub label: String,
    pub style: Style,
    pub target: Target,
}

/// One select option of a view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PanelOption {
    pub label: String,
    pub target: Target,
}

/// One select menu of a view (alone in its row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PanelMenu {
    pub placeholder: String,
    pub options: Vec<PanelOption>,
}

/// One action row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PanelRow {
    Buttons(Vec<PanelButton>),
    Menu(PanelMenu),
}

/// One message of the panel: where it is, a title for the message text, and its rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PanelView {
    pub path: PanelPath,
    /// `Your moves`, `Build › opera, row 4`.
    pub title: String,
    pub rows: Vec<PanelRow>,
}

/// A seat's legal actions arranged so that each is at most [`MAX_TAPS`] taps away.
#[derive(Debug, Clone)]
pub struct PanelTree {
    moves: Vec<Move>,
    root: Node,
}

/// How many moves a view with `taps` taps left can reach.
fn capacity(taps: u32) -> usize {
    VIEW_OPTIONS.saturating_pow(taps)
}

fn cut(text: &str, n: usize) -> String {
    if text.chars().count() <= n {
        text.to_string()
    } else {
        let mut t: String = text.chars().take(n - 1).collect();
        t.push('…');
        t
    }
}

/// Groups `moves` by their facets `start..start + k`, in order of first appearance.
fn group_by<'a>(moves: &[&'a Move], start: usize, k: usize) -> Vec<(String, Vec<&'a Move>)> {
    let mut groups: Vec<(Vec<String>, String, Vec<&'a Move>)> = Vec::new();
    for m in moves {
        let end = (start + k).min(m.facets.len());
        let keys = m.facets.get(start..end).unwrap_or(&[]);
        let key: Vec<String> = keys.iter().map(|f| f.key.clone()).collect();
        match groups.iter_mut().find(|g| g.0 == key) {
            Some(g) => g.2.push(m),
            None => {
                let label: Vec<&str> = keys.iter().map(|f| f.label.as_str()).collect();
                groups.push((key, label.join(", "), vec![m]));
            }
        }
    }
    groups.into_iter().map(|(_, l, ms)| (l, ms)).collect()
}

/// The children of a select node over `moves`, whose facets before `start` are already
/// fixed by its ancestors, with `taps` taps left (this view's pick included).
fn layout(moves: &[&Move], start: usize, taps: u32) -> Vec<Child> {
    let n = moves.len();
    let flat = || {
        moves
            .iter()
            .take(VIEW_OPTIONS)
            .map(|m| Child::Leaf(m.index))
            .collect()
    };
    if n <= MENU_OPTIONS || taps <= 1 {
        return flat();
    }
    let depth = moves.iter().map(|m| m.facets.len()).max().unwrap_or(0);
    let mut wide = None;
    for k in 1..=depth.saturating_sub(start) {
        let groups = group_by(moves, start, k);
        if groups.len() < 2 {
            continue;
        }
        if groups.len() > VIEW_OPTIONS {
            break; // finer keys only make more groups
        }
        if groups.iter().any(|g| g.1.len() > capacity(taps - 1)) {
            continue;
        }
        if groups.len() <= MENU_OPTIONS {
            return grouped(groups, start + k, taps);
        }
        if wide.is_none() {
            wide = Some((groups, start + k));
        }
    }
    if n <= VIEW_OPTIONS {
        return flat();
    }
    if let Some((groups, next)) = wide {
        return grouped(groups, next, taps);
    }
    chunked(moves, start, taps)
}

fn grouped(groups: Vec<(String, Vec<&Move>)>, next: usize, taps: u32) -> Vec<Child> {
    groups
        .into_iter()
        .map(|(label, ms)| match ms.as_slice() {
            [one] => Child::Leaf(one.index),
            _ => Child::Group(Node {
                label,
                size: ms.len(),
                style: Secondary,
                buttons: false,
                children: layout(&ms, next, taps - 1),
            }),
        })
        .collect()
}

/// No grouping fits: consecutive runs of moves, named by their first and last move.
fn chunked(moves: &[&Move], start: usize, taps: u32) -> Vec<Child> {
    let below = capacity(taps - 1);
    let mut size = moves.len().div_ceil(MENU_OPTIONS);
    if size > below {
        size = moves.len().div_ceil(VIEW_OPTIONS).min(below);
    }
    moves
        .chunks(size.max(1))
        .take(VIEW_OPTIONS)
        .map(|run| match run {
            [one] => Child::Leaf(one.index),
            _ => Child::Group(Node {
                label: format!(
                    "{} … {}",
                    run[0].label,
                    run.last().map_or("", |m| m.label.as_str())
                ),
                size: run.len(),
                style: Secondary,
                buttons: false,
                children: layout(run, start, taps - 1),
            }),
        })
        .collect()
}

impl PanelTree {
    /// Arranges `actions` (a seat's legal action texts, as `DynGame::legal_texts` gives
    /// them) of game `game` (`palazzo`, `villa`, `estates`, `princes`).
    pub fn build(game: &str, actions: &[String]) -> PanelTree {
        let moves: Vec<Move> = actions
            .iter()
            .enumerate()
            .map(|(i, a)| read_move(game, i, a))
            .collect();
        let mut kinds: Vec<(String, Style, Vec<&Move>)> = Vec::new();
        for m in &moves {
            match kinds.iter_mut().find(|k| k.0 == m.kind) {
                Some(k) => k.2.push(m),
                None => kinds.push((m.kind.clone(), m.style, vec![m])),
            }
        }
        let root = Self::root(&moves, kinds);
        PanelTree { moves, root }
    }

    fn root(moves: &[Move], kinds: Vec<(String, Style, Vec<&Move>)>) -> Node {
        let title = "Your moves".to_string();
        if kinds.len() > ROOT_BUTTONS {
            // More kinds than buttons (no game has): group by kind in menus.
            let all: Vec<&Move> = moves.iter().collect();
            return Node {
                label: title,
                size: moves.len(),
                style: Secondary,
                buttons: false,
                children: layout(&all, 0, MAX_TAPS),
            };
        }
        // Spread the smallest kinds into one button per move while room allows.
        let mut spread = vec![false; kinds.len()];
        let mut buttons = kinds.len();
        let mut order: Vec<usize> = (0..kinds.len()).filter(|&i| kinds[i].2.len() > 1).collect();
        order.sort_by_key(|&i| kinds[i].2.len());
        for i in order {
            let size = kinds[i].2.len();
            if size <= SPREAD_KIND && buttons + size - 1 <= ROOT_SPREAD_BUTTONS {
                spread[i] = true;
                buttons += size - 1;
            }
        }
        let opened: Vec<usize> = (0..kinds.len())
            .filter(|&i| kinds[i].2.len() > 1 && !spread[i])
            .collect();
        if let [only] = opened.as_slice() {
            if kinds.len() == 1 {
                // One kind only: its menus are the root (a tap saved).
                let (kind, style, ms) = &kinds[*only];
                return Node {
                    label: kind.clone(),
                    size: ms.len(),
                    style: *style,
                    buttons: false,
                    children: layout(ms, 0, MAX_TAPS),
                };
            }
        }
        let mut children = Vec::new();
        for (i, (kind, style, ms)) in kinds.into_iter().enumerate() {
            if ms.len() == 1 || spread[i] {
                children.extend(ms.iter().map(|m| Child::Leaf(m.index)));
            } else {
                children.push(Child::Group(Node {
                    label: kind,
                    size: ms.len(),
                    style,
                    buttons: false,
                    children: layout(&ms, 0, MAX_TAPS - 1),
                }));
            }
        }
        Node {
            label: title,
            size: moves.len(),
            style: Secondary,
            buttons: true,
            children,
        }
    }

    /// How many actions the tree was built over.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when the seat has no legal action.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The readable label of action `index`.
    pub fn label(&self, index: usize) -> Option<&str> {
        self.moves.get(index).map(|m| m.label.as_str())
    }

    /// The first view (the kinds of move).
    pub fn root_view(&self) -> PanelView {
        Self::view_of(&self.root, &PanelPath::root(), &[], &self.moves)
    }

    fn node(&self, path: &PanelPath) -> Option<(&Node, Vec<&str>)> {
        let mut node = &self.root;
        let mut trail = Vec::new();
        for &i in &path.0 {
            match node.children.get(usize::from(i))? {
                Child::Group(g) => {
                    trail.push(g.label.as_str());
                    node = g;
                }
                Child::Leaf(_) => return None,
            }
        }
        Some((node, trail))
    }

    /// The view at `path`, or `None` when no such group exists (a forged or stale id).
    pub fn view(&self, path: &PanelPath) -> Option<PanelView> {
        let (node, trail) = self.node(path)?;
        Some(Self::view_of(node, path, &trail, &self.moves))
    }

    fn view_of(node: &Node, path: &PanelPath, trail: &[&str], moves: &[Move]) -> PanelView {
        let title = if trail.is_empty() {
            node.label.clone()
        } else {
            trail.join(" › ")
        };
        let leaf_label = |i: usize| moves.get(i).map_or("?", |m| m.label.as_str());
        let target = |i: usize, c: &Child| match c {
            Child::Leaf(a) => Target::Leaf(*a),
            Child::Group(_) => Target::Open(path.child(i)),
        };
        let mut rows = Vec::new();
        if node.buttons {
            let buttons: Vec<PanelButton> = node
                .children
                .iter()
                .enumerate()
                .map(|(i, c)| match c {
                    Child::Leaf(a) => PanelButton {
                        label: cut(leaf_label(*a), BUTTON_LABEL),
                        style: moves.get(*a).map_or(Primary, |m| m.style),
                        target: target(i, c),
                    },
                    Child::Group(g) => PanelButton {
                        label: cut(&format!("{} … ({})", g.label, g.size), BUTTON_LABEL),
                        style: g.style,
                        target: target(i, c),
                    },
                })
                .collect();
            for row in buttons.chunks(ROW_BUTTONS).take(MESSAGE_ROWS) {
                rows.push(PanelRow::Buttons(row.to_vec()));
            }
            return PanelView {
                path: path.clone(),
                title,
                rows,
            };
        }
        if !path.0.is_empty() {
            let mut nav = vec![PanelButton {
                label: "◀ Back".into(),
                style: Secondary,
                target: Target::Open(path.parent()),
            }];
            if path.0.len() > 1 {
                nav.push(PanelButton {
                    label: "⏮ All moves".into(),
                    style: Secondary,
                    target: Target::Open(PanelPath::root()),
                });
            }
            rows.push(PanelRow::Buttons(nav));
        }
        let options: Vec<PanelOption> = node
            .children
            .iter()
            .enumerate()
            .take(VIEW_OPTIONS)
            .map(|(i, c)| PanelOption {
                label: cut(
                    &match c {
                        Child::Leaf(a) => leaf_label(*a).to_string(),
                        Child::Group(g) => format!("{} … ({})", g.label, g.size),
                    },
                    OPTION_LABEL,
                ),
                target: target(i, c),
            })
            .collect();
        let menus = options.len().div_ceil(MENU_OPTIONS);
        for run in options.chunks(MENU_OPTIONS) {
            let placeholder = if menus == 1 {
                format!("{title}: choose")
            } else {
                let first = run.first().map_or("", |o| o.label.as_str());
                let last = run.last().map_or("", |o| o.label.as_str());
                format!("{first} … {last}")
            };
            rows.push(PanelRow::Menu(PanelMenu {
                placeholder: cut(&placeholder, PLACEHOLDER),
                options: run.to_vec(),
            }));
        }
        PanelView {
            path: path.clone(),
            title,
            rows,
        }
    }
}

/// Discord rows for `view`: each button's custom id is `id_of(&target)`, select menu `k`
/// gets `id_of(&Target::Menu(view.path, k))` and its options carry
/// [`Target::encode`]d values.
pub fn to_components(
    view: &PanelView,
    id_of: impl Fn(&Target) -> String,
) -> Vec<serenity::CreateActionRow> {
    let mut menu = 0;
    view.rows
        .iter()
        .map(|row| match row {
            PanelRow::Buttons(buttons) => serenity::CreateActionRow::Buttons(
                buttons
                    .iter()
                    .map(|b| {
                        serenity::CreateButton::new(id_of(&b.target))
                            .label(b.label.clone())
                            .style(b.style.button_style())
                    })
                    .collect(),
            ),
            PanelRow::Menu(m) => {
                let options = m
                    .options
                    .iter()
                    .map(|o| {
                        serenity::CreateSelectMenuOption::new(o.label.clone(), o.target.encode())
                    })
                    .collect();
                let id = id_of(&Target::Menu(view.path.clone(), menu));
                menu += 1;
                serenity::CreateActionRow::SelectMenu(
                    serenity::CreateSelectMenu::new(
                        id,
                        serenity::CreateSelectMenuKind::String { options },
                    )
                    .placeholder(m.placeholder.clone()),
                )
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn buttons(view: &PanelView) -> Vec<(String, Target)> {
        view.rows
            .iter()
            .flat_map(|r| match r {
                PanelRow::Buttons(b) => b
                    .iter()
                    .map(|b| (b.label.clone(), b.target.clone()))
                    .collect(),
                PanelRow::Menu(_) => Vec::new(),
            })
            .collect()
    }

    fn menus(view: &PanelView) -> Vec<&PanelMenu> {
        view.rows
            .iter()
            .filter_map(|r| match r {
                PanelRow::Menu(m) => Some(m),
                PanelRow::Buttons(_) => None,
            })
            .collect()
    }

    fn open(tree: &PanelTree, view: &PanelView, label_start: &str) -> PanelView {
        let target = buttons(view)
            .into_iter()
            .chain(menus(view).iter().flat_map(|m| {
                m.options
                    .iter()
                    .map(|o| (o.label.clone(), o.target.clone()))
            }))
            .find(|(l, _)| l.starts_with(label_start))
            .unwrap_or_else(|| panic!("no `{label_start}` in {view:#?}"))
            .1;
        match target {
            Target::Open(path) => tree.view(&path).expect("view"),
            other => panic!("`{label_start}` is {other:?}"),
        }
    }

    /// A Princes Phase B turn with two buildings placeable anywhere in every orientation:
    /// 784 builds, and `done` still one tap away.
    fn princes_turn() -> Vec<String> {
        let mut list = vec!["draw bonus".to_string(), "freedom travel".into()];
        for building in ["opera", "chapel"] {
            for row in 1..=7 {
                for col in 'A'..='G' {
                    for rot in [0, 90, 180, 270] {
                        for flip in [false, true] {
                            let mut t = format!("build {building} at {col}{row}");
                            if rot != 0 {
                                t.push_str(&format!(" rot {rot}"));
                            }
                            if flip {
                                t.push_str(" flip");
                            }
                            list.push(t);
                        }
                    }
                }
            }
        }
        list.extend(texts(&[
            "work poet",
            "work poet prestige 3",
            "work poet bonus B06",
            "work poet bonus B06 prestige 4",
            "done",
            "sell 1",
        ]));
        list
    }

    #[test]
    fn princes_labels_read_as_sentences() {
        assert_eq!(
            action_label("princes", "build opera at C4 rot 90 flip"),
            "Build opera at C4, rotated 90°, flipped"
        );
        assert_eq!(
            action_label("princes", "build tower at A1"),
            "Build tower at A1"
        );
        assert_eq!(
            action_label("princes", "work philosopher bonus B06 prestige 4"),
            "Work: philosopher, bonus B06, prestige 4"
        );
        assert_eq!(
            action_label("princes", "keep poet jurist organist"),
            "Keep poet, jurist, organist"
        );
        assert_eq!(action_label("princes", "keep B07"), "Keep B07");
        assert_eq!(action_label("princes", "done"), "Done (end your turn)");
        assert_eq!(
            action_label("princes", "place lake at B2 flip"),
            "Place lake at B2, flipped"
        );
    }

    #[test]
    fn princes_builds_group_by_building_then_row() {
        let actions = princes_turn();
        assert_eq!(actions.len(), 792);
        let tree = PanelTree::build("princes", &actions);
        let root = tree.root_view();
        let labels: Vec<String> = buttons(&root).into_iter().map(|b| b.0).collect();
        assert_eq!(
            labels,
            vec![
                "Draw a bonus card (300)",
                "Introduce the freedom: travel (300)",
                "Build … (784)",
                "Work: poet",
                "Work: poet, prestige 3",
                "Work: poet, bonus B06",
                "Work: poet, bonus B06, prestige 4",
                "Done (end your turn)",
                "Sell 1 prestige for florins"
            ]
        );
        let done = actions.iter().position(|a| a == "done").unwrap();
        assert!(buttons(&root).iter().any(|b| b.1 == Target::Leaf(done)));
        let build = open(&tree, &root, "Build …");
        assert_eq!(build.title, "Build");
        let groups = menus(&build);
        assert_eq!(groups.len(), 1);
        let names: Vec<&str> = groups[0].options.iter().map(|o| o.label.as_str()).collect();
        assert_eq!(names.len(), 14);
        assert_eq!(names[0], "opera, row 1 … (56)");
        assert_eq!(names[13], "chapel, row 7 … (56)");
        let row = open(&tree, &build, "opera, row 4");
        assert_eq!(row.title, "Build › opera, row 4");
        let placements: Vec<&str> = menus(&row)
            .iter()
            .flat_map(|m| m.options.iter().map(|o| o.label.as_str()))
            .collect();
        assert_eq!(placements.len(), 56);
        assert_eq!(placements[0], "Build opera at A4");
        assert_eq!(placements[1], "Build opera at A4, flipped");
        assert_eq!(placements[3], "Build opera at A4, rotated 90°, flipped");
        // Back goes to Build, the second button to the root.
        let nav = buttons(&row);
        assert_eq!(nav[0].1, Target::Open(build.path.clone()));
        assert_eq!(nav[1].1, Target::Open(PanelPath::root()));
    }

    #[test]
    fn a_kind_with_one_building_skips_the_useless_level() {
        let actions: Vec<String> = princes_turn()
            .into_iter()
            .filter(|a| !a.contains("chapel"))
            .collect();
        let tree = PanelTree::build("princes", &actions);
        let build = open(&tree, &tree.root_view(), "Build …");
        let names: Vec<&str> = menus(&build)[0]
            .options
            .iter()
            .map(|o| o.label.as_str())
            .collect();
        assert_eq!(names.len(), 7, "{names:?}");
        assert_eq!(names[0], "opera, row 1 … (56)");
    }

    #[test]
    fn villa_abort_stays_beside_a_hundred_and_more_points() {
        let mut actions = Vec::new();
        for row in 2..=9 {
            for col in 'b'..='t' {
                actions.push(format!("place {col}{row}"));
            }
        }
        actions.push("abort".into());
        let tree = PanelTree::build("villa", &actions);
        let root = tree.root_view();
        let b = buttons(&root);
        assert_eq!(b.len(), 2);
        assert_eq!(b[0].0, "Place … (152)");
        assert_eq!(
            b[1],
            ("Abort (the column is frozen)".into(), Target::Leaf(152))
        );
        let place = open(&tree, &root, "Place …");
        let rows: Vec<&str> = menus(&place)[0]
            .options
            .iter()
            .map(|o| o.label.as_str())
            .collect();
        assert_eq!(rows[0], "row 2 … (19)");
        assert_eq!(rows.len(), 8);
        let row5 = open(&tree, &place, "row 5");
        assert_eq!(menus(&row5)[0].options[0].label, "Place the column at b5");
    }

    #[test]
    fn villa_pulls_fit_one_menu() {
        let actions = texts(&[
            "propose",
            "pull blue-thin-1",
            "pull red-medium",
            "pull green-thick",
        ]);
        let tree = PanelTree::build("villa", &actions);
        // Three pulls are spread into buttons: everything is one tap.
        let labels: Vec<String> = buttons(&tree.root_view())
            .into_iter()
            .map(|b| b.0)
            .collect();
        assert_eq!(
            labels,
            vec![
                "Propose the next floor",
                "Pull blue-thin-1",
                "Pull red-medium",
                "Pull green-thick"
            ]
        );
    }

    #[test]
    fn palazzo_raises_and_buys() {
        let mut actions = vec!["pass".to_string()];
        actions.extend(
            [
                "R4 R6 R6",
                "G4 G6 G6",
                "B5 B5 B6",
                "R4 R4 R6 C2",
                "R6 R6 C2 C2",
                "G6 G6 C2 C2",
                "B3 B5 B6 C2",
                "R5 G5 B5 C2",
                "R6 G6 B6 C2",
                "G4 G5 G6 C2",
                "C2 C2 C2 C2",
                "B3 B5 B5 C2 C2",
                "R5 G5 B3 B5",
                "R6 G6 B3 B6",
                "B3 C2 C2 C2",
                "R4 R5 G5 B5",
                "R4 R6 G6 B6",
                "R4 C2 C2 C2",
                "R5 G4 G5 B5",
                "R6 G4 G6 B6",
                "G4 C2 C2 C2",
                "R5 R6 G5 G6 B5 B6",
                "R5 G5 B5 C2 C2 C2",
                "R6 G6 B6 C2 C2 C2",
                "C2 C2 C2 C2 C2 C2",
            ]
            .iter()
            .map(|c| format!("raise {c}")),
        );
        let tree = PanelTree::build("palazzo", &actions);
        let root = tree.root_view();
        assert_eq!(
            buttons(&root).into_iter().map(|b| b.0).collect::<Vec<_>>(),
            vec!["Pass (take your bid back)", "Raise … (25)"]
        );
        let raise = open(&tree, &root, "Raise");
        assert_eq!(menus(&raise).len(), 1);
        assert_eq!(menus(&raise)[0].options[0].label, "Raise with R4 R6 R6");

        let mut buys = vec!["money".to_string(), "draw".into()];
        let tiles = [
            "brick-3-1w",
            "marble-3-1w",
            "sandstone-4-2w",
            "brick-4-3w",
            "marble-5-1w",
            "brick-1-2w",
        ];
        for tile in tiles {
            for pay in ["R7", "G5 C2", "B3 C2 C2", "R4 G4 B4", "R6 G6 B6 C2 C2 C2"] {
                buys.push(format!("buy {tile} pay {pay}"));
            }
        }
        buys.push("buy brick-3-1w marble-3-1w pay R6 C2 C2".into());
        // 25 buys or fewer: one flat menu, one tap.
        let few: Vec<String> = buys[..2 + 20].to_vec();
        let tree = PanelTree::build("palazzo", &few);
        let buy = open(&tree, &tree.root_view(), "Buy");
        assert_eq!(menus(&buy).len(), 1);
        assert_eq!(menus(&buy)[0].options.len(), 20);
        assert_eq!(menus(&buy)[0].options[1].label, "Buy brick-3-1w, pay G5 C2");
        // More: grouped by the tiles bought.
        let tree = PanelTree::build("palazzo", &buys);
        let buy = open(&tree, &tree.root_view(), "Buy");
        let names: Vec<&str> = menus(&buy)[0]
            .options
            .iter()
            .map(|o| o.label.as_str())
            .collect();
        assert_eq!(
            names,
            vec![
                "brick-3-1w … (5)",
                "marble-3-1w … (5)",
                "sandstone-4-2w … (5)",
                "brick-4-3w … (5)",
                "marble-5-1w … (5)",
                "brick-1-2w … (5)",
                "Buy brick-3-1w marble-3-1w, pay R6 C2 C2"
            ]
        );
        assert_eq!(
            action_label("palazzo", "buy marble-1-1w"),
            "Buy marble-1-1w for free"
        );
        assert_eq!(
            action_label("palazzo", "reconstruct insert marble-3-3w into B pay R7"),
            "Insert marble-3-3w into palace B, pay R7"
        );
        assert_eq!(
            action_label("palazzo", "build brick-2-2w new"),
            "Build brick-2-2w as a new palace"
        );
    }

    #[test]
    fn estates_auction_choices_are_buttons() {
        let actions = texts(&[
            "stash",
            "cube grey-4",
            "cube red-1",
            "cube blue-2",
            "cube green-1",
            "cube grey-2",
            "cube purple-4",
            "roof",
            "permit 1",
            "permit 2",
            "permit 3",
            "cancel",
        ]);
        let tree = PanelTree::build("estates", &actions);
        let root = tree.root_view();
        let labels: Vec<String> = buttons(&root).into_iter().map(|b| b.0).collect();
        assert_eq!(
            labels,
            vec![
                "Stash $1M in your cash box",
                "Auction a cube … (6)",
                "Auction a roof",
                "Auction permit 1",
                "Auction permit 2",
                "Auction permit 3",
                "Auction the cancel cube"
            ]
        );
        assert_eq!(action_label("estates", "bid 12"), "Bid $12M");
        assert_eq!(action_label("estates", "place top-3"), "Place on top-3");
        // Only bids and a pass: one menu of bids behind one button.
        let mut bids = vec!["pass".to_string()];
        bids.extend((1..=30).map(|n| format!("bid {n}")));
        let tree = PanelTree::build("estates", &bids);
        let bid = open(&tree, &tree.root_view(), "Bid");
        assert_eq!(menus(&bid).len(), 2);
        assert_eq!(menus(&bid)[1].placeholder, "Bid $26M … Bid $30M");
    }

    #[test]
    fn a_single_kind_shows_its_menu_at_once() {
        let actions: Vec<String> = (1..=13)
            .flat_map(|r| ('a'..='j').map(move |c| format!("floor {c}{r}")))
            .collect();
        let tree = PanelTree::build("villa", &actions);
        let root = tree.root_view();
        assert!(buttons(&root).is_empty());
        let rows = menus(&root);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].options.len(), 13);
        assert_eq!(rows[0].options[0].label, "row 1 … (10)");
        assert_eq!(rows[0].placeholder, "Place the floor: choose");
    }

    #[test]
    fn unknown_texts_are_still_offered() {
        let actions = texts(&["frobnicate the widget", "pass"]);
        let tree = PanelTree::build("palazzo", &actions);
        let labels: Vec<String> = buttons(&tree.root_view())
            .into_iter()
            .map(|b| b.0)
            .collect();
        assert_eq!(
            labels,
            vec!["Frobnicate the widget", "Pass (take your bid back)"]
        );
    }

    #[test]
    fn paths_and_targets_read_back_and_stay_short() {
        for target in [
            Target::Leaf(830),
            Target::Open(PanelPath::root()),
            Target::Open(PanelPath(vec![3, 12])),
            Target::Menu(PanelPath(vec![24, 99]), 3),
            Target::Menu(PanelPath::root(), 0),
        ] {
            let text = target.encode();
            assert!(text.len() <= 12, "{text}");
            assert_eq!(Target::decode(&text), Some(target));
        }
        assert_eq!(Target::decode("x1"), None);
        assert_eq!(Target::decode("o1.x"), None);
        assert_eq!(Target::decode(""), None);
        let tree = PanelTree::build("princes", &princes_turn());
        assert!(tree.view(&PanelPath(vec![40])).is_none());
        assert!(
            tree.view(&PanelPath(vec![0])).is_none(),
            "a leaf is no view"
        );
    }
}
