//! The panel tree's unit tests: grouping, tap budgets, labels, ids.

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

#[test]
fn every_rule_names_keys_both_languages_have_with_its_captures_as_arguments() {
    use words::Lang;
    for r in RULES {
        let captures: Vec<&str> = r
            .pattern
            .split_whitespace()
            .filter_map(|w| w.strip_prefix(['*', '+']))
            .collect();
        for lang in Lang::ALL {
            for key in [r.kind, r.label] {
                assert!(words::has(lang, key), "{}: {key} missing", lang.code());
            }
            for facet in r.facets {
                if let Facet::Lit(key) = facet {
                    assert!(words::has(lang, key), "{}: {key} missing", lang.code());
                }
            }
            // Every capture shows in the label: the pattern's names are the message's
            // arguments.
            let args: Vec<(&str, words::Value)> = captures
                .iter()
                .enumerate()
                .map(|(i, name)| (*name, format!("«{i}»").into()))
                .collect();
            let label = words::text(lang, r.label, &args);
            for i in 0..captures.len() {
                assert!(
                    label.contains(&format!("«{i}»")),
                    "{}: {} does not show capture {i} ({label})",
                    lang.code(),
                    r.label
                );
            }
            assert!(!label.contains('{') && !label.contains('}'), "{label}");
        }
    }
}

#[test]
fn spanish_labels_and_panels_read_in_spanish() {
    use words::Lang;
    assert_eq!(
        action_label_in(Lang::Es, "princes", "build opera at C4 rot 90 flip"),
        "Construir Ópera en C4, girado 90°, volteado"
    );
    assert_eq!(action_label_in(Lang::Es, "estates", "bid 3"), "Pujar 3 M$");
    let tree = PanelTree::build_in(Lang::Es, "princes", &princes_turn());
    let root = tree.root_view();
    assert_eq!(root.title, "Tus jugadas");
    let labels: Vec<String> = buttons(&root).into_iter().map(|(l, _)| l).collect();
    assert!(
        labels.iter().any(|l| l.starts_with("Construir …")),
        "{labels:?}"
    );
    assert!(
        labels.iter().any(|l| l == "Terminar (acaba tu turno)"),
        "{labels:?}"
    );
    let build = open(&tree, &root, "Construir");
    assert!(build
        .rows
        .iter()
        .any(|r| matches!(r, PanelRow::Buttons(b) if b.iter().any(|b| b.label == "◀ Atrás"))));
    for menu in menus(&build) {
        assert!(!menu.placeholder.contains("panel-"), "{}", menu.placeholder);
    }
}
