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
//! Everything here is pure: [`PanelTree::build_in`] takes the reader's language, the game
//! id and the action texts,
//! [`PanelTree::view`] describes one message and [`to_components`] turns it into Discord
//! rows with custom ids chosen by the caller.

use poise::serenity_prelude as serenity;
use words::Lang;

mod path;
mod reading;
mod rules;

pub use path::{PanelPath, Target};
pub use reading::{action_label, action_label_in};

/// The table's [`table::MoveNamer`]: a move a hint or a timeout notice names reads as its
/// panel button does, in bold (`**Take money**`), never as typed syntax.
pub fn move_names() -> table::MoveNamer {
    std::sync::Arc::new(|lang, game, text| format!("**{}**", action_label_in(lang, game, text)))
}
use reading::{read_move, Move, Names};
pub use rules::{Facet, Rule, Style, RULES};
use Style::*;

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
    /// The reader's language: labels, titles and navigation.
    lang: Lang,
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
    /// them) of game `game` (`palazzo`, `villa`, `estates`, `princes`), in English.
    pub fn build(game: &str, actions: &[String]) -> PanelTree {
        Self::build_in(Lang::En, game, actions)
    }

    /// [`PanelTree::build`] with its texts in `lang` (the panel reader's language).
    pub fn build_in(lang: Lang, game: &str, actions: &[String]) -> PanelTree {
        // Kinds and group names are formatted once each, not once per move.
        let mut names = Names::new(lang);
        let moves: Vec<Move> = actions
            .iter()
            .enumerate()
            .map(|(i, a)| read_move(&mut names, game, i, a))
            .collect();
        let mut kinds: Vec<(String, Style, Vec<&Move>)> = Vec::new();
        for m in &moves {
            match kinds.iter_mut().find(|k| k.0 == m.kind) {
                Some(k) => k.2.push(m),
                None => kinds.push((m.kind.clone(), m.style, vec![m])),
            }
        }
        let root = Self::root(lang, &moves, kinds);
        PanelTree { lang, moves, root }
    }

    fn root(lang: Lang, moves: &[Move], kinds: Vec<(String, Style, Vec<&Move>)>) -> Node {
        let title = words::text(lang, "panel-your-moves", &[]);
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
        self.view_of(&self.root, &PanelPath::root(), &[])
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
        Some(self.view_of(node, path, &trail))
    }

    fn view_of(&self, node: &Node, path: &PanelPath, trail: &[&str]) -> PanelView {
        let moves = &self.moves;
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
                label: words::text(self.lang, "panel-back", &[]),
                style: Secondary,
                target: Target::Open(path.parent()),
            }];
            if path.0.len() > 1 {
                nav.push(PanelButton {
                    label: words::text(self.lang, "panel-all-moves", &[]),
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
                words::text(
                    self.lang,
                    "panel-choose",
                    &[("title", title.as_str().into())],
                )
            } else {
                let first = run.first().map_or("", |o| o.label.as_str());
                let last = run.last().map_or("", |o| o.label.as_str());
                // A run of options, named by its ends (no words: nothing to translate).
                [first, last].join(" … ")
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
mod tests;
