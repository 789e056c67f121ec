//! The board (or the caller's own hand) as plain text for a screen reader, on request:
//! `/game status text:true`, the "Text board" button, `/game hand text:true`. Short lines,
//! no box drawing, no emoji (`render::public_text`), escaped so Discord shows each
//! character as written.

use crate::views::{hand, status};
use crate::{text, Caller, Delivery, Lang, Slot, NAME_CHARS};

/// The public board of `slot`'s game as text in `lang`, then who is awaited. Before the
/// start (or without a table) the same answer as `/game status`.
pub(crate) fn board(slot: &Slot, lang: Lang) -> Vec<Delivery> {
    let Some(active) = &slot.active else {
        return status(slot, lang);
    };
    let Some(game) = &active.game else {
        return status(slot, lang);
    };
    let names = raw_names(active);
    let mut lines = render::public_text(&game.public_picture_view(), &names, lang);
    if lines.is_empty() {
        // A game without pictures: the engine's own text board.
        let shown = active.names();
        lines = game.public_text(&shown, &words::Speaker::new(lang, &shown));
    } else {
        lines = escaped(&lines);
    }
    let awaiting = game.awaiting();
    if !awaiting.is_empty() {
        let who = text::name_list(lang, &active.names(), &awaiting);
        lines.push('\n');
        lines.push_str(&words::text(
            lang,
            "text-board-waiting",
            &[("names", who.into())],
        ));
    }
    vec![Delivery::ephemeral(lines)]
}

/// The caller's own private view as text in their language; a game without secrets, a
/// caller without a seat or a game not started get `/game hand`'s own answer.
pub(crate) fn own_hand(slot: &Slot, caller: &Caller) -> Vec<Delivery> {
    let found = slot.active.as_ref().and_then(|active| {
        let game = active.game.as_ref()?;
        let seat = active.seat_of(caller.user)?;
        let names = raw_names(active);
        let view = game.private_picture_view(seat);
        Some(render::private_text(&view, &names, caller.lang))
    });
    match found {
        Some(t) if !t.trim().is_empty() => vec![Delivery::ephemeral(escaped(&t))],
        _ => hand(slot, caller)
            .into_iter()
            .map(|d| match d {
                // No picture in a text answer: its words only, in short lines.
                Delivery::Ephemeral { text, .. } => Delivery::ephemeral(short_lines(&text)),
                other => other,
            })
            .collect(),
    }
}

/// The players' names as typed, on one line (the text is escaped as a whole).
fn raw_names(active: &crate::Active) -> Vec<String> {
    active
        .meta
        .seats
        .iter()
        .map(|s| text::one_line(&s.name, NAME_CHARS))
        .collect()
}

/// Every line escaped, so Discord shows it exactly: no heading, list, emphasis or mention.
fn escaped(plain: &str) -> String {
    plain
        .lines()
        .map(|l| text::escape_user_text(l, l.chars().count().max(1)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `text` word-wrapped to lines of at most [`render::LINE_MAX`] characters (a longer
/// word keeps its own line).
fn short_lines(text: &str) -> String {
    let mut out: Vec<String> = vec![];
    for line in text.lines() {
        let mut current = String::new();
        for word in line.split_whitespace() {
            let len = current.chars().count() + 1 + word.chars().count();
            if !current.is_empty() && len > render::LINE_MAX {
                out.push(std::mem::take(&mut current));
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push(current);
    }
    out.join("\n")
}
