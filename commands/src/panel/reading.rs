//! Reading an action text through the grammar ([`super::RULES`]): its kind, label and
//! grouping keys.

use super::rules::{Facet, Style, RULES};
use Facet::*;
use Style::*;

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
pub(super) struct Key {
    pub(super) key: String,
    pub(super) label: String,
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
pub(super) struct Move {
    pub(super) index: usize,
    pub(super) kind: String,
    pub(super) style: Style,
    pub(super) label: String,
    pub(super) facets: Vec<Key>,
}

/// Reads one action text with `game`'s rules.
pub(super) fn read_move(game: &str, index: usize, text: &str) -> Move {
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
