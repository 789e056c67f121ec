//! Reading an action text through the grammar ([`super::RULES`]): its kind, label and
//! grouping keys, in the reader's language.

use super::rules::{Facet, Rule, Style, RULES};
use words::Lang;
use Facet::*;
use Style::*;

/// Whether a pattern word captures (`*name`, `+name`) rather than matches itself.
fn capture(word: &str) -> Option<&str> {
    word.strip_prefix(['*', '+'])
}

/// Matches `words` against a rule pattern; the captures on success.
fn match_pattern(pattern: &[&str], words: &[&str]) -> Option<Vec<String>> {
    fn go(pattern: &[&str], words: &[&str], caps: &mut Vec<String>) -> bool {
        match pattern.split_first() {
            None => words.is_empty(),
            Some((p, rest)) if p.starts_with('*') => match words.split_first() {
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
            Some((p, rest)) if p.starts_with('+') => {
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

/// The names a panel repeats (kinds of move, group names such as "row 4"), each formatted
/// once per panel in its reader's language.
pub(super) struct Names {
    lang: Lang,
    /// (key, argument) → text.
    known: Vec<((&'static str, String), String)>,
}

impl Names {
    pub(super) fn new(lang: Lang) -> Names {
        Names {
            lang,
            known: Vec::new(),
        }
    }

    /// The message `key`, with `arg` (name, value) when it takes one; a number-like value
    /// is passed as a number (plurals).
    fn text(&mut self, key: &'static str, arg: Option<(&'static str, &str)>) -> String {
        let value = arg.map_or("", |(_, v)| v);
        if let Some((_, text)) = self
            .known
            .iter()
            .find(|((k, v), _)| *k == key && v == value)
        {
            return text.clone();
        }
        let args: Vec<(&str, words::Value)> = arg
            .map(|(name, v)| match v.parse::<u32>() {
                Ok(n) => (name, n.into()),
                Err(_) => (name, v.into()),
            })
            .into_iter()
            .collect();
        let text = words::text(self.lang, key, &args);
        self.known.push(((key, value.to_string()), text.clone()));
        text
    }
}

/// A rule's label in `lang`, each capture given as the argument its pattern names.
fn fill(lang: Lang, rule: &Rule, caps: &[String]) -> String {
    let args: Vec<(&str, words::Value)> = rule
        .pattern
        .split_whitespace()
        .filter_map(capture)
        .zip(caps)
        .map(|(name, value)| (name, shown_word(lang, rule.game, value).into()))
        .collect();
    words::text(lang, rule.label, &args)
}

/// A captured word as a label shows it: a piece The Princes names by a typed word
/// (`poet`, `jester`) reads in `lang`'s word for it, except in English, whose labels keep
/// the typed word; anything else as typed.
fn shown_word(lang: Lang, game: &str, value: &str) -> String {
    match (lang, game) {
        (Lang::En, _) => value.to_string(),
        (_, "princes") => match rules::princes::terms::typed(value) {
            Some(key) => words::text(lang, key, &[]),
            None => value.to_string(),
        },
        _ => value.to_string(),
    }
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
pub(super) struct Key {
    pub(super) key: String,
    pub(super) label: String,
}

fn facet_key(names: &mut Names, facet: Facet, caps: &[String]) -> Key {
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
                label: first.clone() + " …",
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
                label: names.text("panel-row", Some(("row", &row))),
                key: row,
            }
        }
        Count(i) => {
            let n = cap(i).split_whitespace().count();
            let count = n.to_string();
            Key {
                label: names.text("panel-cards", Some(("count", &count))),
                key: count,
            }
        }
        Lit(key) => Key {
            key: key.into(),
            label: names.text(key, None),
        },
    }
}

/// A legal action read through the grammar.
#[derive(Debug, Clone)]
pub(super) struct Move {
    pub(super) index: usize,
    pub(super) kind: String,
    pub(super) style: Style,
    pub(super) label: String,
    pub(super) facets: Vec<Key>,
}

/// Reads one action text with `game`'s rules, its kind and label in the language of
/// `names`.
pub(super) fn read_move(names: &mut Names, game: &str, index: usize, text: &str) -> Move {
    let words: Vec<&str> = text.split_whitespace().collect();
    for r in RULES.iter().filter(|r| r.game == game) {
        let pattern: Vec<&str> = r.pattern.split_whitespace().collect();
        if let Some(caps) = match_pattern(&pattern, &words) {
            return Move {
                index,
                kind: names.text(r.kind, None),
                style: r.style,
                label: fill(names.lang, r, &caps),
                facets: r
                    .facets
                    .iter()
                    .map(|f| facet_key(names, *f, &caps))
                    .collect(),
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

/// The readable label of one action text in English (`Build opera at C4, rotated 90°,
/// flipped`).
pub fn action_label(game: &str, text: &str) -> String {
    action_label_in(Lang::En, game, text)
}

/// The readable label of one action text in `lang`.
pub fn action_label_in(lang: Lang, game: &str, text: &str) -> String {
    read_move(&mut Names::new(lang), game, 0, text).label
}
