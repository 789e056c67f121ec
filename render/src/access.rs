//! Words for players who cannot see a picture: the board as plain text a screen reader
//! reads well ([`public_text`]), and a picture's alt text, Discord's attachment
//! description ([`public_alt`], [`private_alt`]). Both come from the engines' own
//! localized text boards over the same views the pictures draw, so they carry the
//! same public facts and nothing else.

use rules::engine::Game;
use rules::estates::Estates;
use rules::palazzo::Palazzo;
use rules::princes::Princes;
use rules::villa::Villa;
use rules::{PrivatePicture, PublicPicture};
use words::{Lang, Speaker};

/// Discord's limit on an attachment description, in characters.
pub const ALT_MAX: usize = 1024;
/// The longest line of a text board, in characters.
pub const LINE_MAX: usize = 80;

/// The board as plain text in `lang`: short lines (≤ [`LINE_MAX`]), no Markdown, no box
/// drawing, no emoji; a grid drawn in characters is left out with a sentence saying so.
/// Empty for a game without pictures. `names` are the players in seat order.
pub fn public_text(view: &PublicPicture, names: &[String], lang: Lang) -> String {
    let say = Speaker::new(lang, names);
    let raw = match view {
        PublicPicture::Palazzo(v) => Palazzo::render_public(v, names, &say),
        PublicPicture::Villa(v) => Villa::render_public(v, names, &say),
        PublicPicture::Estates(v) => Estates::render_public(v, names, &say),
        PublicPicture::Princes(v) => Princes::render_public(v, names, &say),
        PublicPicture::None => return String::new(),
    };
    let mut text = plain(&raw, lang);
    // The palazzo grids are a drawing in the engine's text: say what they hold.
    if let PublicPicture::Princes(v) = view {
        let mut lines = vec![];
        for line in crate::princes::palazzo_lines(v, names, lang) {
            wrap(&line, LINE_MAX, &mut lines);
        }
        text.push('\n');
        text.push_str(&lines.join("\n"));
    }
    text
}

/// One seat's private picture as plain text, as [`public_text`] does.
pub fn private_text(view: &PrivatePicture, names: &[String], lang: Lang) -> String {
    let say = Speaker::new(lang, names);
    let raw = match view {
        PrivatePicture::Palazzo(v) => Palazzo::render_private(v, names, &say),
        PrivatePicture::Estates(v) => Estates::render_private(v, names, &say),
        PrivatePicture::Princes(v) => Princes::render_private(v, names, &say),
        PrivatePicture::None => return String::new(),
    };
    plain(&raw, lang)
}

/// The alt text of [`crate::public_png`]'s picture in `lang`: the picture's title and
/// status line first (whose turn, what is asked), then the board's public facts and
/// scores, at most [`ALT_MAX`] characters (cut at a word). Empty for a game without
/// pictures.
pub fn public_alt(view: &PublicPicture, names: &[String], lang: Lang) -> String {
    let text = public_text(view, names, lang);
    if text.is_empty() {
        return text;
    }
    let header = crate::public_legends(view, names, lang);
    let title = header
        .first()
        .map(|t| plain(t, lang).replace('\n', " "))
        .unwrap_or_default();
    let status = header
        .get(1)
        .map(|t| plain(t, lang).replace('\n', " "))
        .unwrap_or_default();
    alt(
        lang,
        "picture-alt-public",
        &text,
        &[
            ("title", title.as_str().into()),
            ("status", status.as_str().into()),
        ],
    )
}

/// The alt text of [`crate::private_png`]'s picture for the seat that owns it.
pub fn private_alt(view: &PrivatePicture, names: &[String], lang: Lang) -> String {
    let text = private_text(view, names, lang);
    let seat = match view {
        PrivatePicture::Palazzo(v) => v.seat,
        PrivatePicture::Estates(v) => v.seat,
        PrivatePicture::Princes(v) => v.seat,
        PrivatePicture::None => return String::new(),
    };
    let who = crate::style::name(names, seat, lang);
    alt(
        lang,
        "picture-alt-private",
        &text,
        &[("name", who.as_str().into())],
    )
}

fn alt(lang: Lang, key: &str, text: &str, args: &[(&str, words::Value<'_>)]) -> String {
    let joined = text.lines().collect::<Vec<_>>().join(" ");
    let mut all: Vec<(&str, words::Value<'_>)> = args.to_vec();
    all.push(("text", joined.as_str().into()));
    cut(&words::text(lang, key, &all), ALT_MAX)
}

/// `text` cut to at most `max` characters at a word, ending in `…` when cut.
fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max - 1).collect();
    let end = head.rfind(' ').unwrap_or(head.len());
    format!("{}…", head[..end].trim_end())
}

/// An engine's chat text made plain: Markdown marks off, a fenced block that is a
/// drawing (mostly grid marks) replaced by one sentence, symbols a screen reader
/// reads badly replaced by words or punctuation, lines wrapped to [`LINE_MAX`].
fn plain(raw: &str, lang: Lang) -> String {
    let mut lines: Vec<String> = vec![];
    let mut block: Option<Vec<&str>> = None;
    for line in raw.lines() {
        if line.trim_start().starts_with("```") {
            match block.take() {
                Some(inside) => {
                    if is_drawing(&inside) {
                        let note = words::text(lang, "picture-text-drawing", &[]);
                        if lines.last() != Some(&note) {
                            lines.push(note);
                        }
                    } else {
                        lines.extend(inside.iter().map(|l| l.to_string()));
                    }
                }
                None => block = Some(vec![]),
            }
            continue;
        }
        match block.as_mut() {
            Some(inside) => inside.push(line),
            None => lines.push(line.to_string()),
        }
    }
    if let Some(inside) = block {
        lines.extend(inside.iter().map(|l| l.to_string()));
    }
    let master = words::text(lang, "picture-palazzo-master-builder", &[]);
    let master = master.trim_start_matches('★').trim();
    let mut out = vec![];
    for line in lines {
        let line = words_for_symbols(&line, master);
        if line.is_empty() || line.starts_with("# ") {
            continue;
        }
        wrap(&line, LINE_MAX, &mut out);
    }
    out.join("\n")
}

/// Most of its non-blank characters are grid marks: a picture made of characters.
fn is_drawing(block: &[&str]) -> bool {
    let chars: Vec<char> = block
        .iter()
        .flat_map(|l| l.chars())
        .filter(|c| !c.is_whitespace())
        .collect();
    let marks = chars.iter().filter(|c| ".#:+|=_'".contains(**c)).count();
    !chars.is_empty() && marks * 4 >= chars.len()
}

fn words_for_symbols(line: &str, master: &str) -> String {
    // The hammer marks the master builder's quarry; on its legend line it just goes.
    let line = if line.contains(master) {
        line.replace(&String::from_iter(['🔨', ' ']), "")
    } else {
        line.to_string()
    };
    let s = line
        .replace("**", "")
        .replace('`', "")
        .replace('🔨', &format!("({master})"))
        .replace(" → ", ": ")
        .replace('→', ":")
        .replace(" · ", "; ")
        .replace('·', ";");
    // `^roof 4` is a roof: the mark goes; a lone `^` is explained by its legend line.
    let chars: Vec<char> = s.chars().collect();
    let kept: String = chars
        .iter()
        .enumerate()
        .filter(|(i, c)| {
            !is_symbol(**c) && (**c != '^' || !chars.get(i + 1).is_some_and(|n| n.is_alphabetic()))
        })
        .map(|(_, c)| *c)
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Emoji, dingbats and box drawing: never information in the text board.
fn is_symbol(c: char) -> bool {
    matches!(u32::from(c),
        0x2500..=0x259F | 0x2600..=0x27BF | 0x2B00..=0x2BFF | 0xFE0F | 0x1F000..=0x1FAFF)
}

/// Word-wraps `line` to `max` characters (a longer word is split).
pub(crate) fn wrap(line: &str, max: usize, out: &mut Vec<String>) {
    let mut current = String::new();
    for word in line.split(' ') {
        let mut word = word.to_string();
        while word.chars().count() > max {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            let head: String = word.chars().take(max).collect();
            word = word.chars().skip(max).collect();
            out.push(head);
        }
        let len = current.chars().count() + usize::from(!current.is_empty()) + word.chars().count();
        if !current.is_empty() && len > max {
            out.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(&word);
    }
    if !current.is_empty() {
        out.push(current);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_text_is_cut_at_a_word_within_the_limit() {
        let text = "word ".repeat(400);
        let c = cut(&text, ALT_MAX);
        assert!(c.chars().count() <= ALT_MAX);
        assert!(c.ends_with("word…"), "{c}");
        assert_eq!(cut("short", ALT_MAX), "short");
    }

    #[test]
    fn wrapped_lines_stay_short_and_keep_every_word() {
        let mut out = vec![];
        let line = "a few words then averyveryverylongwordthatgoesonandonforeverandevermorewithoutanyspaceatall end";
        wrap(line, 20, &mut out);
        assert!(out.iter().all(|l| l.chars().count() <= 20), "{out:?}");
        assert_eq!(out.concat().replace(' ', ""), line.replace(' ', ""));
    }

    #[test]
    fn a_character_drawing_is_left_out_and_a_table_kept() {
        let raw = "**Title** · turn 3 → Ana\n```\n . . :: . .\n ###...|\n```\n```\n1w grey-6 ^roof 4 → Bruno -20\n```\nQuarries (🔨 master builder)\nQ2 🔨: —\nred-thick ^";
        let text = plain(raw, Lang::En);
        assert!(!text.contains("###"), "{text}");
        assert!(text.contains("Title; turn 3: Ana"), "{text}");
        assert!(text.contains("1w grey-6 roof 4: Bruno -20"), "{text}");
        assert!(
            !text.contains('🔨') && !text.contains('`') && !text.contains("**"),
            "{text}"
        );
        assert!(
            text.contains("Quarries (master builder)\nQ2 (master builder): —"),
            "{text}"
        );
        assert!(text.ends_with("red-thick ^"), "{text}");
    }
}
