//! Every text a player reads, in each language the bot speaks: Fluent files under
//! `locales/<lang>/*.ftl`, embedded at compile time and parsed once into one bundle per
//! language (`Send + Sync`: the concurrent memoizer), shared by every thread.
//!
//! `text(lang, "key", &[("name", value.into())])` formats a message;
//! `attr(lang, "key", "attribute", …)` one of its attributes. Plurals select through
//! Fluent's CLDR rules; numbers are written in each language's style (English `1,234.5`,
//! Spanish `12.345,5`, four-digit Spanish numbers ungrouped as CLDR says). No Unicode
//! isolation marks: Discord shows them as boxes on some clients.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::FluentNumber;
use fluent_bundle::{FluentArgs, FluentResource};
use std::sync::OnceLock;

/// A value for a named argument: strings and numbers convert with `.into()`.
pub use fluent_bundle::FluentValue as Value;

/// A language the bot speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Lang {
    #[default]
    En,
    Es,
}

impl Lang {
    /// Every language, English (the fallback) first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Es];

    /// The short code: the folder under `locales/`, and what `/game language` stores.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    /// The Discord locale the bot registers command localizations under (Discord falls
    /// back from `es-419` to `es-ES`); `None` for English, the commands' own names.
    pub fn discord_locale(self) -> Option<&'static str> {
        match self {
            Lang::En => None,
            Lang::Es => Some("es-ES"),
        }
    }

    /// The language for a Discord locale (`es-ES`, `es-419` → Spanish; anything else,
    /// English).
    pub fn from_discord_locale(locale: &str) -> Lang {
        Lang::parse(locale).unwrap_or(Lang::En)
    }

    /// A language code as a person or a store writes it (`es`, `ES`, `es-419`, `en-US`);
    /// `None` for a language the bot does not speak.
    pub fn parse(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next().unwrap_or_default();
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(primary.trim()))
    }

    /// The language's own name, as a chooser shows it (`English`, `Español`).
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Es => "Español",
        }
    }

    /// The language's name as a sentence in `reader` names it (`Spanish`, `español`).
    pub fn name_in(self, reader: Lang) -> String {
        text(reader, &format!("language-name-{}", self.code()), &[])
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The embedded Fluent files: (language, file name, contents). A test checks the list
/// against the `locales/` folder.
pub const FILES: &[(Lang, &str, &str)] = &[
    (
        Lang::En,
        "commands.ftl",
        include_str!("../../locales/en/commands.ftl"),
    ),
    (
        Lang::En,
        "errors.ftl",
        include_str!("../../locales/en/errors.ftl"),
    ),
    (
        Lang::En,
        "events.ftl",
        include_str!("../../locales/en/events.ftl"),
    ),
    (
        Lang::En,
        "local.ftl",
        include_str!("../../locales/en/local.ftl"),
    ),
    (
        Lang::En,
        "pictures.ftl",
        include_str!("../../locales/en/pictures.ftl"),
    ),
    (
        Lang::En,
        "help.ftl",
        include_str!("../../locales/en/help.ftl"),
    ),
    (
        Lang::En,
        "panels.ftl",
        include_str!("../../locales/en/panels.ftl"),
    ),
    (
        Lang::En,
        "replies.ftl",
        include_str!("../../locales/en/replies.ftl"),
    ),
    (
        Lang::En,
        "table.ftl",
        include_str!("../../locales/en/table.ftl"),
    ),
    (
        Lang::En,
        "units.ftl",
        include_str!("../../locales/en/units.ftl"),
    ),
    (
        Lang::En,
        "palazzo.ftl",
        include_str!("../../locales/en/palazzo.ftl"),
    ),
    (
        Lang::En,
        "villa.ftl",
        include_str!("../../locales/en/villa.ftl"),
    ),
    (
        Lang::En,
        "estates.ftl",
        include_str!("../../locales/en/estates.ftl"),
    ),
    (
        Lang::En,
        "princes.ftl",
        include_str!("../../locales/en/princes.ftl"),
    ),
    (
        Lang::En,
        "tournaments.ftl",
        include_str!("../../locales/en/tournaments.ftl"),
    ),
    (
        Lang::En,
        "learn.ftl",
        include_str!("../../locales/en/learn.ftl"),
    ),
    (
        Lang::En,
        "ratings.ftl",
        include_str!("../../locales/en/ratings.ftl"),
    ),
    (
        Lang::Es,
        "commands.ftl",
        include_str!("../../locales/es/commands.ftl"),
    ),
    (
        Lang::Es,
        "errors.ftl",
        include_str!("../../locales/es/errors.ftl"),
    ),
    (
        Lang::Es,
        "events.ftl",
        include_str!("../../locales/es/events.ftl"),
    ),
    (
        Lang::Es,
        "local.ftl",
        include_str!("../../locales/es/local.ftl"),
    ),
    (
        Lang::Es,
        "pictures.ftl",
        include_str!("../../locales/es/pictures.ftl"),
    ),
    (
        Lang::Es,
        "help.ftl",
        include_str!("../../locales/es/help.ftl"),
    ),
    (
        Lang::Es,
        "panels.ftl",
        include_str!("../../locales/es/panels.ftl"),
    ),
    (
        Lang::Es,
        "replies.ftl",
        include_str!("../../locales/es/replies.ftl"),
    ),
    (
        Lang::Es,
        "table.ftl",
        include_str!("../../locales/es/table.ftl"),
    ),
    (
        Lang::Es,
        "units.ftl",
        include_str!("../../locales/es/units.ftl"),
    ),
    (
        Lang::Es,
        "palazzo.ftl",
        include_str!("../../locales/es/palazzo.ftl"),
    ),
    (
        Lang::Es,
        "villa.ftl",
        include_str!("../../locales/es/villa.ftl"),
    ),
    (
        Lang::Es,
        "estates.ftl",
        include_str!("../../locales/es/estates.ftl"),
    ),
    (
        Lang::Es,
        "princes.ftl",
        include_str!("../../locales/es/princes.ftl"),
    ),
    (
        Lang::Es,
        "tournaments.ftl",
        include_str!("../../locales/es/tournaments.ftl"),
    ),
    (
        Lang::Es,
        "learn.ftl",
        include_str!("../../locales/es/learn.ftl"),
    ),
    (
        Lang::Es,
        "ratings.ftl",
        include_str!("../../locales/es/ratings.ftl"),
    ),
];

/// The Spanish rules digests, by game id (the engines' `GameKind::id`), as written under
/// `locales/es/rules/`: each opens with an HTML comment, its glossary of the rulebook's
/// terms, which [`rules_digest`] removes.
const DIGESTS_ES: &[(&str, &str)] = &[
    ("estates", include_str!("../../locales/es/rules/estates.md")),
    ("palazzo", include_str!("../../locales/es/rules/palazzo.md")),
    ("princes", include_str!("../../locales/es/rules/princes.md")),
    ("villa", include_str!("../../locales/es/rules/villa.md")),
];

/// The rules digest `/game rules` shows a reader of `lang` for the game with engine id
/// `game` (`palazzo`, `villa`, `estates`, `princes`), glossary comment removed; `None` for
/// an unknown id, and for English: the English digest is the engine's own `rules_text()`,
/// kept next to the code it describes (its tests read it), so it is not copied here.
pub fn rules_digest(lang: Lang, game: &str) -> Option<&'static str> {
    static SPANISH: OnceLock<Vec<(&'static str, String)>> = OnceLock::new();
    match lang {
        Lang::En => None,
        Lang::Es => SPANISH
            .get_or_init(|| {
                DIGESTS_ES
                    .iter()
                    .map(|(id, text)| (*id, without_comments(text)))
                    .collect()
            })
            .iter()
            .find(|(id, _)| *id == game)
            .map(|(_, text)| text.as_str()),
    }
}

/// `text` without its `<!-- … -->` comments; a comment on lines of its own leaves no blank
/// line behind. An unterminated comment is kept as it is.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<!--") {
        let Some(length) = rest[start..].find("-->") else {
            break;
        };
        out.push_str(&rest[..start]);
        let mut after = &rest[start + length + "-->".len()..];
        if out.is_empty() || out.ends_with('\n') {
            after = after
                .strip_prefix("\r\n")
                .or_else(|| after.strip_prefix('\n'))
                .unwrap_or(after);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

type Bundle = FluentBundle<FluentResource>;

/// The bundles, one per language, built on first use.
fn bundles() -> &'static [Bundle; 2] {
    static BUNDLES: OnceLock<[Bundle; 2]> = OnceLock::new();
    BUNDLES.get_or_init(|| Lang::ALL.map(build))
}

fn build(lang: Lang) -> Bundle {
    // Constant, valid tags (the plural tests would fail on the `und` fallback).
    let id: unic_langid::LanguageIdentifier = match lang {
        Lang::En => "en-US",
        Lang::Es => "es-ES",
    }
    .parse()
    .unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(match lang {
        Lang::En => format_en,
        Lang::Es => format_es,
    }));
    // NUMBER() for options in the files (minimumFractionDigits, useGrouping).
    if let Err(e) = bundle.add_builtins() {
        panic!("words: Fluent builtins: {e:?}");
    }
    for (file_lang, _, source) in FILES {
        if *file_lang != lang {
            continue;
        }
        // A file that does not parse, or a key defined twice, is a defect the crate's
        // tests catch; what parsed is still used.
        let resource = match FluentResource::try_new(source.to_string()) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        let _ = bundle.add_resource(resource);
    }
    bundle
}

/// A message in `lang`, with its named arguments. A key missing from `lang` falls back to
/// English; missing from both, the key itself is returned (the crate's tests and the key
/// scanner keep that from happening).
pub fn text(lang: Lang, key: &str, args: &[(&str, Value<'_>)]) -> String {
    format(lang, key, None, args)
        .or_else(|| format(Lang::En, key, None, args))
        .unwrap_or_else(|| key.to_string())
}

/// An attribute of a message (`key.attribute` in the file), as [`text`] does a message's
/// value; `None` when neither `lang` nor English has it.
pub fn attr(lang: Lang, key: &str, attribute: &str, args: &[(&str, Value<'_>)]) -> Option<String> {
    format(lang, key, Some(attribute), args)
        .or_else(|| format(Lang::En, key, Some(attribute), args))
}

/// A message or attribute in exactly `lang` (no fallback): what the command
/// localizations use, so a missing Spanish text is noticed rather than sent in English.
pub fn exact(lang: Lang, key: &str, attribute: Option<&str>) -> Option<String> {
    format(lang, key, attribute, &[])
}

/// Whether `lang` has the message `key`.
pub fn has(lang: Lang, key: &str) -> bool {
    bundles()[lang.index()].has_message(key)
}

/// A reader's language and the seats' names: the [`rules::Say`] the engines write their
/// boards, hands and notes through.
#[derive(Debug, Clone, Copy)]
pub struct Speaker<'a> {
    pub lang: Lang,
    pub names: &'a [String],
}

impl<'a> Speaker<'a> {
    /// A speaker of `lang` naming seats from `names`.
    pub fn new(lang: Lang, names: &'a [String]) -> Speaker<'a> {
        Speaker { lang, names }
    }
}

impl rules::Say for Speaker<'_> {
    fn say(&self, p: &rules::Phrase) -> String {
        phrase(self.lang, p, self.names)
    }
}

/// An engine's [`rules::Phrase`] (a refusal, a narration) in `lang`: `Term` arguments
/// are themselves put into words in `lang`, `Player` ones replaced by the seat's name in
/// `names` (already escaped by the caller), numbers written in `lang`'s style.
pub fn phrase(lang: Lang, phrase: &rules::Phrase, names: &[String]) -> String {
    let args: Vec<(&str, Value<'_>)> = phrase
        .args
        .iter()
        .map(|(name, arg)| {
            let value = match arg {
                rules::Arg::Number(n) => Value::from(*n),
                rules::Arg::Text(t) => Value::from(t.as_str()),
                rules::Arg::Player(seat) => match names.get(*seat) {
                    Some(name) => Value::from(name.as_str()),
                    None => Value::from(format!("#{}", seat + 1)),
                },
                rules::Arg::Term(key) => Value::from(text(lang, key, &[])),
            };
            (*name, value)
        })
        .collect();
    text(lang, phrase.key, &args)
}

fn format(
    lang: Lang,
    key: &str,
    attribute: Option<&str>,
    args: &[(&str, Value<'_>)],
) -> Option<String> {
    let bundle = &bundles()[lang.index()];
    let message = bundle.get_message(key)?;
    let pattern = match attribute {
        Some(a) => message.get_attribute(a)?.value(),
        None => message.value()?,
    };
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    let mut errors = Vec::new();
    let out = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    Some(out.into_owned())
}

fn format_en<M>(value: &Value<'_>, _: &M) -> Option<String> {
    match value {
        Value::Number(n) => Some(number(n, ',', '.', 1)),
        _ => None,
    }
}

fn format_es<M>(value: &Value<'_>, _: &M) -> Option<String> {
    match value {
        Value::Number(n) => Some(number(n, '.', ',', 2)),
        _ => None,
    }
}

/// Writes `n` with `group` between thousands (when the integer part has at least
/// `3 + min_grouping` digits and grouping is on) and `decimal` before the fraction; the
/// fraction keeps between the minimum and maximum fraction digits asked (default 0–3).
fn number(n: &FluentNumber, group: char, decimal: char, min_grouping: usize) -> String {
    let options = &n.options;
    let min_fraction = options.minimum_fraction_digits.unwrap_or(0);
    let max_fraction = options
        .maximum_fraction_digits
        .unwrap_or(3)
        .max(min_fraction);
    let value = n.value;
    if !value.is_finite() {
        return value.to_string();
    }
    let fixed = format!("{:.*}", max_fraction, value.abs());
    let (int_part, frac_part) = match fixed.split_once('.') {
        Some((i, f)) => (i.to_string(), f.to_string()),
        None => (fixed.clone(), String::new()),
    };
    let mut frac = frac_part;
    while frac.len() > min_fraction && frac.ends_with('0') {
        frac.pop();
    }
    let digits = int_part.len();
    let mut out = String::new();
    if value < 0.0 && (int_part.chars().any(|c| c != '0') || frac.chars().any(|c| c != '0')) {
        out.push('-');
    }
    if options.use_grouping && digits >= 3 + min_grouping {
        for (i, c) in int_part.chars().enumerate() {
            if i > 0 && (digits - i) % 3 == 0 {
                out.push(group);
            }
            out.push(c);
        }
    } else {
        out.push_str(&int_part);
    }
    if !frac.is_empty() {
        out.push(decimal);
        out.push_str(&frac);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(v: f64) -> FluentNumber {
        FluentNumber::from(v)
    }

    #[test]
    fn numbers_in_each_language_style() {
        assert_eq!(number(&num(1234.5), ',', '.', 1), "1,234.5");
        assert_eq!(number(&num(7.0), ',', '.', 1), "7");
        assert_eq!(number(&num(-1234567.0), ',', '.', 1), "-1,234,567");
        assert_eq!(number(&num(1234.0), '.', ',', 2), "1234");
        assert_eq!(number(&num(12345.25), '.', ',', 2), "12.345,25");
        assert_eq!(number(&num(0.5), '.', ',', 2), "0,5");
    }

    #[test]
    fn discord_locales() {
        assert_eq!(Lang::from_discord_locale("es-ES"), Lang::Es);
        assert_eq!(Lang::from_discord_locale("es-419"), Lang::Es);
        assert_eq!(Lang::from_discord_locale("en-US"), Lang::En);
        assert_eq!(Lang::from_discord_locale("pt-BR"), Lang::En);
        assert_eq!(Lang::from_discord_locale(""), Lang::En);
        assert_eq!(Lang::parse("ES"), Some(Lang::Es));
        assert_eq!(Lang::parse("fr"), None);
    }

    #[test]
    fn comments_are_removed_without_blank_lines() {
        assert_eq!(without_comments("<!-- g: a = b -->\n# T\nx\n"), "# T\nx\n");
        assert_eq!(without_comments("a <!-- c --> b\n"), "a  b\n");
        assert_eq!(
            without_comments("<!-- one\ntwo -->\r\n# T\n<!-- x -->\ny"),
            "# T\ny"
        );
        assert_eq!(without_comments("# T <!-- open"), "# T <!-- open");
        assert_eq!(without_comments("plain"), "plain");
    }

    #[test]
    fn bundles_are_send_and_sync() {
        fn shared<T: Send + Sync>(_: &T) {}
        shared(bundles());
    }
}
