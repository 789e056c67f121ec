//! The Spanish rules digests (`locales/es/rules/<game>.md`) against the English ones the
//! engines serve (`rules_text()`, from `rules/src/<game>/rules.md`): the same headings and
//! lists in the same order, the same typed move words and ids, every **Decision** kept,
//! nothing left in English, and `words::rules_digest` serving each catalog game.

use std::collections::BTreeMap;
use std::path::PathBuf;
use words::{rules_digest, Lang};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the words crate sits in the workspace")
        .to_path_buf()
}

/// Every catalog game: (id, English digest, Spanish digest as served).
fn digests() -> Vec<(&'static str, &'static str, &'static str)> {
    rules::catalog::games()
        .into_iter()
        .map(|kind| {
            let spanish = rules_digest(Lang::Es, kind.id)
                .unwrap_or_else(|| panic!("no Spanish digest for `{}`", kind.id));
            (kind.id, (kind.rules_text)(), spanish)
        })
        .collect()
}

/// The text outside backticked code spans (each span replaced by a space).
fn prose(text: &str) -> String {
    text.split('`')
        .enumerate()
        .map(|(i, part)| if i % 2 == 0 { part } else { " " })
        .collect()
}

/// Every backticked code span, sorted (a multiset); a line break inside a span reads as a
/// space, as Markdown does.
fn code_spans(text: &str) -> Vec<String> {
    let mut spans: Vec<String> = text
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|span| span.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    spans.sort_unstable();
    spans
}

/// A list item's shape: its indentation and whether it is numbered.
fn list_item(line: &str) -> Option<(usize, bool)> {
    let body = line.trim_start();
    let indent = line.len() - body.len();
    if body.starts_with("- ") {
        return Some((indent, false));
    }
    let digits = body.chars().take_while(char::is_ascii_digit).count();
    (digits > 0 && body[digits..].starts_with(". ")).then_some((indent, true))
}

/// The heading levels in order, and for each section (the part before the first heading
/// included) the shapes of its list items.
fn outline(text: &str) -> (Vec<usize>, Vec<Vec<(usize, bool)>>) {
    let mut levels = Vec::new();
    let mut sections = vec![Vec::new()];
    for line in text.lines() {
        let hashes = line.chars().take_while(|c| *c == '#').count();
        if hashes > 0 && line[hashes..].starts_with(' ') {
            levels.push(hashes);
            sections.push(Vec::new());
        } else if let Some(item) = list_item(line) {
            if let Some(section) = sections.last_mut() {
                section.push(item);
            }
        }
    }
    (levels, sections)
}

fn headings(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with('#')).collect()
}

#[test]
fn every_catalog_game_has_a_spanish_digest_and_english_has_none() {
    let games = rules::catalog::games();
    assert_eq!(games.len(), 4);
    for kind in games {
        assert!(rules_digest(Lang::Es, kind.id).is_some(), "{}", kind.id);
        assert_eq!(rules_digest(Lang::En, kind.id), None, "{}", kind.id);
    }
    assert_eq!(rules_digest(Lang::Es, "chess"), None);
    assert_eq!(rules_digest(Lang::Es, ""), None);
}

#[test]
fn every_digest_file_is_served_without_its_glossary() {
    let dir = root().join("locales/es/rules");
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".md").map(str::to_string))
        .collect();
    on_disk.sort();
    let mut ids: Vec<String> = rules::catalog::games()
        .iter()
        .map(|k| k.id.to_string())
        .collect();
    ids.sort();
    assert_eq!(
        on_disk, ids,
        "one digest file per catalog game, named by id"
    );
    for id in &ids {
        let file = std::fs::read_to_string(dir.join(format!("{id}.md"))).unwrap();
        assert!(
            file.starts_with("<!-- glosario"),
            "{id}.md opens with its glossary"
        );
        let served = rules_digest(Lang::Es, id).unwrap();
        assert!(
            file.ends_with(served),
            "{id}: the file is what is served, plus the glossary"
        );
        assert!(served.starts_with("# "), "{id}: served from its title");
        assert!(!served.contains("<!--") && !served.contains("-->"), "{id}");
    }
}

#[test]
fn same_headings_and_lists_in_the_same_order() {
    for (id, english, spanish) in digests() {
        let (en_levels, en_sections) = outline(english);
        let (es_levels, es_sections) = outline(spanish);
        assert_eq!(es_levels, en_levels, "{id}: heading levels");
        assert_eq!(es_sections.len(), en_sections.len(), "{id}: sections");
        for (n, (es, en)) in es_sections.iter().zip(&en_sections).enumerate() {
            assert_eq!(es, en, "{id}: list items of section {n}");
        }
        // Translated: no heading is left as the English one.
        for (es, en) in headings(spanish).iter().zip(headings(english)) {
            assert_ne!(*es, en, "{id}: heading not translated");
        }
        // `/game rules topic:` picks `## ` sections by heading: one per English one.
        let topics = |t: &str| t.lines().filter(|l| l.starts_with("## ")).count();
        assert_eq!(topics(spanish), topics(english), "{id}: topics");
    }
}

#[test]
fn same_move_words_and_ids_in_code_spans() {
    for (id, english, spanish) in digests() {
        assert_eq!(
            english.matches('`').count() % 2,
            0,
            "{id}: English backticks"
        );
        assert_eq!(
            spanish.matches('`').count() % 2,
            0,
            "{id}: Spanish backticks"
        );
        assert_eq!(
            code_spans(spanish),
            code_spans(english),
            "{id}: the typed words and ids in backticks"
        );
    }
}

#[test]
fn every_decision_is_kept() {
    for (id, english, spanish) in digests() {
        assert_eq!(
            spanish.matches("**Decisión:**").count(),
            english.matches("**Decision:**").count(),
            "{id}: marked decisions"
        );
        // The timeout section's options stay the words `/game settings` offers.
        for option in ["**auto**", "**default**", "**skip**", "**bot**", "**drop**"] {
            assert_eq!(
                spanish.matches(option).count(),
                english.matches(option).count(),
                "{id}: {option}"
            );
        }
    }
}

#[test]
fn no_english_left_and_no_raw_placeholders() {
    // Whole lowercase words that are English and never Spanish (not "has": "tú has").
    const ENGLISH: &[&str] = &[
        "the", "and", "you", "your", "with", "when", "each", "of", "is", "are", "to", "for", "it",
        "on", "or", "then", "from", "at", "be", "by", "if", "not", "only", "this", "that", "which",
        "any", "one", "two", "three", "tile", "tiles", "player", "players", "turn", "card",
        "cards", "may", "must", "can", "have",
    ];
    for (id, english, spanish) in digests() {
        assert!(
            spanish.trim().len() > english.trim().len() / 2,
            "{id}: too short"
        );
        let text = prose(spanish);
        let mut found: BTreeMap<&str, usize> = BTreeMap::new();
        for word in text.split(|c: char| !c.is_alphabetic()) {
            if ENGLISH.contains(&word) {
                *found.entry(word).or_default() += 1;
            }
        }
        assert!(found.is_empty(), "{id}: English words left: {found:?}");
        assert!(
            !spanish.contains('{') && !spanish.contains('}'),
            "{id}: placeholder"
        );
    }
    // The check would catch a sentence left in English.
    let english_text = prose(digests()[0].1);
    assert!(english_text
        .split(|c: char| !c.is_alphabetic())
        .any(|w| w == "the"));
}
