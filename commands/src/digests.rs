//! The rules digests `/game rules` shows, by language: each engine's own English digest
//! (`rules/src/<game>/rules.md`), and in another language its digest from
//! `locales/<lang>/rules/<game>.md` (`words::rules_digest`), when one is written.

use rules::dynamic::GameKind;
use std::borrow::Cow;
use words::Lang;

/// The rules digest of `kind` for a reader of `lang`: the digest in `lang` when there is
/// one, else the English digest, headed (for a non-English reader) by one line in their
/// language saying the translation is coming.
pub fn rules_text(kind: &GameKind, lang: Lang) -> Cow<'static, str> {
    if lang == Lang::En {
        return Cow::Borrowed((kind.rules_text)());
    }
    match words::rules_digest(lang, kind.id) {
        Some(text) => Cow::Borrowed(text),
        None => Cow::Owned(format!(
            "{}\n\n{}",
            words::text(lang, "help-rules-coming", &[]),
            (kind.rules_text)()
        )),
    }
}

/// `/game rules` for a reader of `lang`: the table runs the command as for anyone (an
/// away player's seat comes back with it, as with any command); a reader of another
/// language then gets the pages of [`rules_text`] in their language instead of the
/// English ones. Without a game (none named, none here) the table's list of games stays.
pub fn rules_reply(
    table: &table::Table,
    channel: u64,
    caller: &table::Caller,
    lang: Lang,
    command: table::Command,
) -> Vec<table::Delivery> {
    let (game, topic) = match &command {
        table::Command::Rules { game, topic } => (game.clone(), topic.clone()),
        _ => return table.handle(channel, caller, command),
    };
    let mut deliveries = table.handle(channel, caller, command);
    if lang == Lang::En {
        return deliveries;
    }
    let kind = game
        .or_else(|| table.game_in(channel))
        .and_then(|g| rules::catalog::find(&g));
    if let Some(kind) = kind {
        deliveries.retain(|d| !matches!(d, table::Delivery::Ephemeral { .. }));
        deliveries.extend(
            table::rules_pages(&rules_text(kind, lang), topic.as_deref())
                .into_iter()
                .map(table::Delivery::ephemeral),
        );
    }
    deliveries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_readers_get_the_engines_digest_and_spanish_readers_the_spanish_one() {
        for kind in rules::catalog::games() {
            let english = (kind.rules_text)();
            assert_eq!(rules_text(kind, Lang::En), english);
            let spanish = rules_text(kind, Lang::Es);
            assert_ne!(spanish, english, "{}", kind.id);
            assert_eq!(Some(&*spanish), words::rules_digest(Lang::Es, kind.id));
            assert!(!spanish.contains("help-"), "{}: a raw key", kind.id);
            // The topics (headings) read from the text shown, one per English one.
            assert_eq!(
                table::rules_topics(&spanish).len(),
                table::rules_topics(english).len()
            );
        }
    }
}
