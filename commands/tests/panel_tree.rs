//! The move panel tree over real legal actions: random playouts of every game, and for a
//! sample of visited states every awaited seat's panel is walked from the root. Within
//! three taps the reachable moves are exactly the legal ones (each once), and every view
//! keeps within Discord's component limits. Every position of random playouts of every
//! title, at every seat count, gets a panel whose every view needs at most five rows.

use commands::panel::{to_components, PanelPath, PanelTree, Target, MAX_TAPS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::collections::{BTreeSet, HashSet};
use words::Lang;

/// A custom-id prefix as long as the bot's longest (`cm1:<channel>:<game>:<version>:<seat>:`).
const PREFIX: &str = "cm1:12345678901234567890:1234567890123:123456:4:";

fn custom_id(target: &Target) -> String {
    format!("{PREFIX}{}", target.encode())
}

/// Checks one view's Discord rows; returns the (label, value) of every button and option.
fn check_limits(json: &Value, context: &str) -> Vec<(String, String)> {
    let rows = json.as_array().expect("rows");
    assert!(rows.len() <= 5, "{context}: {} rows", rows.len());
    let mut ids = HashSet::new();
    let mut out = Vec::new();
    for row in rows {
        assert_eq!(row["type"], 1, "{context}: {row}");
        let comps = row["components"].as_array().expect("components");
        assert!(!comps.is_empty(), "{context}: empty row");
        let selects = comps.iter().filter(|c| c["type"] == 3).count();
        if selects > 0 {
            assert_eq!(comps.len(), 1, "{context}: a select shares its row");
        }
        assert!(
            comps.len() <= 5,
            "{context}: {} buttons in a row",
            comps.len()
        );
        for c in comps {
            let id = c["custom_id"].as_str().expect("custom id").to_string();
            assert!(id.chars().count() <= 100, "{context}: custom id {id}");
            assert!(
                ids.insert(id.clone()),
                "{context}: duplicate custom id {id}"
            );
            let suffix = id.strip_prefix(PREFIX).expect("prefix");
            if c["type"] == 2 {
                let label = c["label"].as_str().expect("label");
                assert!(
                    !label.is_empty() && label.chars().count() <= 80,
                    "{context}: button `{label}`"
                );
                out.push((label.to_string(), suffix.to_string()));
            } else {
                assert_eq!(c["type"], 3, "{context}: {c}");
                assert!(matches!(Target::decode(suffix), Some(Target::Menu(..))));
                let placeholder = c["placeholder"].as_str().unwrap_or("");
                assert!(
                    placeholder.chars().count() <= 150,
                    "{context}: {placeholder}"
                );
                let options = c["options"].as_array().expect("options");
                assert!(
                    !options.is_empty() && options.len() <= 25,
                    "{context}: {} options",
                    options.len()
                );
                let mut values = HashSet::new();
                for o in options {
                    let label = o["label"].as_str().expect("option label");
                    let value = o["value"].as_str().expect("option value");
                    assert!(!label.is_empty() && label.chars().count() <= 100, "{label}");
                    assert!(!value.is_empty() && value.chars().count() <= 100, "{value}");
                    if let Some(d) = o["description"].as_str() {
                        assert!(d.chars().count() <= 100, "{d}");
                    }
                    assert!(values.insert(value), "{context}: duplicate value {value}");
                    out.push((label.to_string(), value.to_string()));
                }
            }
        }
    }
    out
}

/// Walks the panel of `actions` from the root; panics unless every action is reachable
/// within three taps exactly once and nothing else is offered. Returns the views seen.
fn walk(game: &str, actions: &[String]) -> usize {
    walk_in(Lang::En, game, actions)
}

/// [`walk`] over the panel in `lang`; no text it shows is a raw Fluent key.
fn walk_in(lang: Lang, game: &str, actions: &[String]) -> usize {
    let tree = PanelTree::build_in(lang, game, actions);
    let mut reached = vec![0usize; actions.len()];
    let mut labels = HashSet::new();
    let mut views = 0;
    // (path, taps used to get there)
    let mut queue = vec![(PanelPath::root(), 0u32)];
    while let Some((path, taps)) = queue.pop() {
        let view = tree.view(&path).expect("view of an offered path");
        assert_eq!(view.path, path);
        views += 1;
        let context = format!("{game} at `{}` over {actions:?}", path.encode());
        let rows = to_components(&view, custom_id);
        let json = serde_json::to_value(&rows).expect("rows serialize");
        let entries = check_limits(&json, &context);
        assert!(!view.title.contains("panel-"), "{context}: {}", view.title);
        for (label, _) in &entries {
            assert!(
                !label.contains("panel-"),
                "{context}: a raw key in `{label}`"
            );
        }
        assert!(
            actions.is_empty() == entries.is_empty(),
            "{context}: empty view"
        );
        for (label, encoded) in entries {
            match Target::decode(&encoded).expect("targets read back") {
                Target::Leaf(i) => {
                    assert!(i < actions.len(), "{context}: leaf {i}");
                    assert!(
                        taps < MAX_TAPS,
                        "{context}: `{}` needs {} taps",
                        actions[i],
                        taps + 1
                    );
                    reached[i] += 1;
                    assert!(
                        labels.insert(label.clone()),
                        "{context}: label `{label}` twice"
                    );
                }
                Target::Open(next) => {
                    if next.0.len() < path.0.len() {
                        // Back / all moves: an ancestor of this view.
                        assert_eq!(next.0[..], path.0[..next.0.len()], "{context}");
                        continue;
                    }
                    assert_eq!(next.0.len(), path.0.len() + 1, "{context}");
                    assert_eq!(next.0[..path.0.len()], path.0[..], "{context}");
                    assert!(
                        taps + 1 < MAX_TAPS,
                        "{context}: a group at tap {}",
                        taps + 1
                    );
                    queue.push((next, taps + 1));
                }
                Target::Menu(..) => panic!("{context}: a menu offered as a target"),
            }
        }
    }
    for (i, n) in reached.iter().enumerate() {
        assert_eq!(
            *n, 1,
            "{game}: `{}` offered {n} times in {actions:?}",
            actions[i]
        );
    }
    views
}

/// Option texts played per game (Villa's custom setup has its own `set` moves).
const SETUPS: &[(&str, &[&str])] = &[("villa", &["", "setup=custom"])];
/// Panels checked per game at least, and the seeds tried at most to get them.
const PANELS_PER_GAME: usize = 1500;
const MAX_SEEDS: u64 = 400;

#[test]
fn every_legal_move_is_within_three_taps_in_random_games() {
    let started = std::time::Instant::now();
    for kind in rules::catalog::games() {
        let setups = SETUPS
            .iter()
            .find(|s| s.0 == kind.id)
            .map_or(&[""][..], |s| s.1);
        let mut checked = 0usize;
        let mut largest = 0usize;
        let mut verbs = BTreeSet::new();
        let (low, high) = kind.players;
        let mut seed = 0u64;
        while checked < PANELS_PER_GAME && seed < MAX_SEEDS {
            let players = low + (seed as usize) % (high - low + 1);
            let setup = setups[(seed as usize / (high - low + 1)) % setups.len()];
            let options = rules::dynamic::options_from_text(setup).expect("options");
            let mut game = (kind.new)(players, &options, seed).expect("setup");
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
            seed += 1;
            let mut steps = 0;
            while !game.is_over() && steps < 1500 {
                let awaiting = game.awaiting();
                for &seat in &awaiting {
                    let actions = game.legal_texts(seat);
                    // A sample of the states; always the large ones.
                    if actions.len() > 25 || rng.gen_ratio(1, 3) {
                        walk(kind.id, &actions);
                        checked += 1;
                        largest = largest.max(actions.len());
                        verbs.extend(
                            actions
                                .iter()
                                .filter_map(|a| a.split_whitespace().next().map(str::to_string)),
                        );
                    }
                }
                let seat = awaiting[rng.gen_range(0..awaiting.len())];
                let actions = game.legal_texts(seat);
                let pick = &actions[rng.gen_range(0..actions.len())];
                game.apply_text(seat, pick, &[])
                    .expect("legal action applies");
                steps += 1;
            }
        }
        eprintln!(
            "{}: {checked} panels over {seed} games, largest {largest} moves, verbs {verbs:?}",
            kind.id
        );
        assert!(
            checked >= PANELS_PER_GAME,
            "{}: only {checked} panels",
            kind.id
        );
    }
    eprintln!("took {:?}", started.elapsed());
}

#[test]
fn a_panel_of_nothing_is_empty() {
    assert_eq!(walk("palazzo", &[]), 1);
    assert!(PanelTree::build("villa", &[]).root_view().rows.is_empty());
}

/// Spanish panels over random legal positions of every game (`SPANISH_PANELS` per game,
/// 300 by default): every move within three taps with Discord's limits, no raw key, and
/// no Spanish move label over a button's 80 characters where the English one fits.
#[test]
fn spanish_panels_keep_every_move_within_three_taps_and_discords_limits() {
    let per_game: usize = std::env::var("SPANISH_PANELS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    for kind in rules::catalog::games() {
        let setups = SETUPS
            .iter()
            .find(|s| s.0 == kind.id)
            .map_or(&[""][..], |s| s.1);
        let (low, high) = kind.players;
        let mut checked = 0usize;
        let mut longest = 0usize;
        let mut seed = 1_000u64;
        while checked < per_game && seed < 1_000 + MAX_SEEDS {
            let players = low + (seed as usize) % (high - low + 1);
            let setup = setups[(seed as usize / (high - low + 1)) % setups.len()];
            let options = rules::dynamic::options_from_text(setup).expect("options");
            let mut game = (kind.new)(players, &options, seed).expect("setup");
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xe5);
            seed += 1;
            let mut steps = 0;
            while !game.is_over() && steps < 1500 && checked < per_game {
                let awaiting = game.awaiting();
                for &seat in &awaiting {
                    let actions = game.legal_texts(seat);
                    if actions.len() > 25 || rng.gen_ratio(1, 4) {
                        walk_in(Lang::Es, kind.id, &actions);
                        let spanish = PanelTree::build_in(Lang::Es, kind.id, &actions);
                        let english = PanelTree::build(kind.id, &actions);
                        for (i, action) in actions.iter().enumerate() {
                            let es = spanish.label(i).unwrap_or_default();
                            let en = english.label(i).unwrap_or_default();
                            assert!(!es.contains("panel-"), "{}: `{es}`", kind.id);
                            let n = es.chars().count();
                            longest = longest.max(n);
                            assert!(
                                n <= 80 || en.chars().count() > 80,
                                "{}: `{es}` ({n}) for `{action}`",
                                kind.id
                            );
                        }
                        checked += 1;
                    }
                }
                let seat = awaiting[rng.gen_range(0..awaiting.len())];
                let actions = game.legal_texts(seat);
                let pick = &actions[rng.gen_range(0..actions.len())];
                game.apply_text(seat, pick, &[])
                    .expect("legal action applies");
                steps += 1;
            }
        }
        eprintln!(
            "{}: {checked} Spanish panels, longest label {longest}",
            kind.id
        );
        assert!(checked >= per_game, "{}: only {checked} panels", kind.id);
    }
}

/// Every view of `tree` reachable from the root; panics at a view over Discord's five
/// action rows. Returns the most rows seen.
fn most_rows(tree: &PanelTree, context: &str) -> usize {
    let mut most = 0;
    let mut queue = vec![PanelPath::root()];
    while let Some(path) = queue.pop() {
        let view = tree.view(&path).expect("view of an offered path");
        let rows = to_components(&view, custom_id);
        assert!(
            rows.len() <= 5,
            "{context} at `{}`: {} rows",
            path.encode(),
            rows.len()
        );
        most = most.max(rows.len());
        for row in &view.rows {
            let targets: Vec<Target> = match row {
                commands::panel::PanelRow::Buttons(buttons) => {
                    buttons.iter().map(|b| b.target.clone()).collect()
                }
                commands::panel::PanelRow::Menu(menu) => {
                    menu.options.iter().map(|o| o.target.clone()).collect()
                }
            };
            for target in targets {
                if let Target::Open(next) = target {
                    if next.0.len() > path.0.len() {
                        queue.push(next);
                    }
                }
            }
        }
    }
    most
}

/// Discord allows five action rows on a message: the move panel of every position of
/// random playouts of every title (every seat count, both setups of Villa Paletti, both
/// languages) fits in them, at the root and in every group.
#[test]
fn the_move_panel_never_needs_more_than_five_rows() {
    for kind in rules::catalog::games() {
        let setups = SETUPS
            .iter()
            .find(|s| s.0 == kind.id)
            .map_or(&[""][..], |s| s.1);
        let (low, high) = kind.players;
        let mut positions = 0usize;
        let mut most = 0usize;
        for players in low..=high {
            for (k, setup) in setups.iter().enumerate() {
                let seed = 77_000 + (players * 10 + k) as u64;
                let options = rules::dynamic::options_from_text(setup).expect("options");
                let mut game = (kind.new)(players, &options, seed).expect("setup");
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let lang = Lang::ALL[players % Lang::ALL.len()];
                let mut steps = 0;
                while !game.is_over() && steps < 1500 {
                    let awaiting = game.awaiting();
                    for &seat in &awaiting {
                        let actions = game.legal_texts(seat);
                        let tree = PanelTree::build_in(lang, kind.id, &actions);
                        let context = format!("{} ({players} seats, step {steps})", kind.id);
                        most = most.max(most_rows(&tree, &context));
                        positions += 1;
                    }
                    let seat = awaiting[rng.gen_range(0..awaiting.len())];
                    let actions = game.legal_texts(seat);
                    let pick = &actions[rng.gen_range(0..actions.len())];
                    game.apply_text(seat, pick, &[])
                        .expect("legal action applies");
                    steps += 1;
                }
            }
        }
        eprintln!("{}: {positions} panels, at most {most} rows", kind.id);
        assert!(positions > 100, "{}: only {positions} panels", kind.id);
    }
}
