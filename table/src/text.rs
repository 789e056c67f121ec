//! Sentences the table says in several places, in the reader's language (their words
//! are in `locales/<lang>/table.ftl`), and the escaping of what users type.

use rules::{GameKind, Seat};
use storage::{LogEntry, Meta};
use words::Lang;

/// "There is no game in this channel…"
pub fn no_table(lang: Lang) -> String {
    words::text(lang, "table-no-game", &[])
}

/// A panel or prompt whose options changed since it was made.
pub fn stale_prompt(lang: Lang) -> String {
    words::text(lang, "table-stale-prompt", &[])
}

/// The caller has no seat at this table.
pub fn not_seated(lang: Lang) -> String {
    words::text(lang, "table-not-seated", &[])
}

/// A change that could not be stored (nothing changed).
pub fn not_saved(lang: Lang, e: &dyn std::fmt::Display) -> String {
    words::text(lang, "table-not-saved", &[("error", e.to_string().into())])
}

/// The store failed reading something.
pub fn store_failed(lang: Lang, e: &dyn std::fmt::Display) -> String {
    words::text(
        lang,
        "table-store-failed",
        &[("error", e.to_string().into())],
    )
}

/// The game's log could not be read.
pub fn log_unreadable(lang: Lang, e: &dyn std::fmt::Display) -> String {
    words::text(
        lang,
        "table-log-unreadable",
        &[("error", e.to_string().into())],
    )
}

/// Seats cannot change once the game of `game` (its title) started.
pub fn already_started(lang: Lang, game: &str) -> String {
    words::text(lang, "lobby-already-started", &[("game", game.into())])
}

/// The table of `game` (its title) has `max` seats, all taken.
pub fn table_full(lang: Lang, game: &str, max: usize) -> String {
    words::text(
        lang,
        "lobby-table-full",
        &[("game", game.into()), ("max", max.into())],
    )
}

/// "⏳ Waiting for …." naming the players of `seats`.
pub fn waiting_for(lang: Lang, names: &[String], seats: &[Seat]) -> String {
    words::text(
        lang,
        "table-waiting-for",
        &[("names", name_list(lang, names, seats).into())],
    )
}
/// Discord's message limit is 2000 characters; pages stay under it.
const PAGE: usize = 1900;

/// Most characters of a name in a message: Discord's own limit on display names, so a
/// name from Discord is never cut; a longer one (the terminal, a future adapter) is.
pub const NAME_CHARS: usize = 32;
/// Most characters of typed text echoed back (a game name, a rules topic, a setting).
pub const TYPED_CHARS: usize = 40;

/// Characters Discord reads as markdown or markup wherever they stand: emphasis,
/// strikethrough, spoilers, code, masked links (`[text](url)`), mentions, channel links
/// and timestamps (`<@id>`, `<#id>`, `<@&id>`, `<t:…>`), quotes. A backslash before each
/// makes Discord show the character itself.
const MARKUP: &[char] = &['\\', '*', '_', '~', '|', '`', '[', ']', '(', ')', '<', '>'];
/// Characters that start a heading, subtext or list only at the start of a line.
const LEADING_MARKERS: &[char] = &['#', '-', '+'];

/// Makes user-provided text — a display name, anything a command takes as typed — safe
/// to put into a message, the one way every such text is escaped: line breaks and other
/// control characters become spaces and invisible direction or zero-width characters
/// are dropped (so it stays on its line, in its order); it is cut to `max_chars`
/// characters (an ellipsis marks the cut); every markdown character gets a backslash, as
/// does a leading heading/list marker (`#`, `-`, `+`, `1.`); and `@everyone`/`@here` get
/// a zero-width space after the `@`, as Discord itself does. Discord then shows the text
/// exactly as typed: never a link, heading, mention or formatting. Mentions are only
/// ever built by the bot, as `<@id>` of a user it means to ping.
pub fn escape_user_text(raw: &str, max_chars: usize) -> String {
    let plain = one_line(raw, max_chars);
    let chars: Vec<char> = plain.chars().collect();
    // A leading `1.` (an ordered list) is defused at its dot.
    let list_dot = chars
        .iter()
        .position(|c| !c.is_ascii_digit())
        .filter(|&at| at > 0 && matches!(chars[at], '.' | ')'));
    let mut out = String::with_capacity(plain.len() + 8);
    for (i, &c) in chars.iter().enumerate() {
        if MARKUP.contains(&c) || (i == 0 && LEADING_MARKERS.contains(&c)) || Some(i) == list_dot {
            out.push('\\');
        }
        out.push(c);
        if c == '@' {
            let rest: String = chars[i + 1..]
                .iter()
                .take(8)
                .collect::<String>()
                .to_lowercase();
            if rest.starts_with("everyone") || rest.starts_with("here") {
                out.push('\u{200b}');
            }
        }
    }
    out
}

/// A player's name as messages show it: [`escape_user_text`] at [`NAME_CHARS`].
pub fn escape_name(raw: &str) -> String {
    escape_user_text(raw, NAME_CHARS)
}

/// A text written for Discord as a reader without markdown sees it (the terminal): the
/// backslashes [`escape_user_text`] put before markup characters, and the zero-width
/// space it puts after an `@`, are taken out again, so names read as typed.
pub fn unescape_user_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.peek() {
                Some(&next)
                    if MARKUP.contains(&next)
                        || LEADING_MARKERS.contains(&next)
                        || matches!(next, '.' | ')') =>
                {
                    out.push(next);
                    chars.next();
                }
                _ => out.push(c),
            },
            '@' => {
                out.push(c);
                if chars.peek() == Some(&'\u{200b}') {
                    chars.next();
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// User-provided text on one line, for places without markdown (a picture, a button):
/// control characters (line breaks too) become a space, invisible direction and
/// zero-width characters are dropped, the ends trimmed, and it is cut to `max_chars`
/// characters, an ellipsis marking the cut.
pub fn one_line(raw: &str, max_chars: usize) -> String {
    let mut plain = String::with_capacity(raw.len());
    for c in raw.chars() {
        if c.is_control() {
            if !plain.ends_with(' ') {
                plain.push(' ');
            }
        } else if !is_invisible(c) {
            plain.push(c);
        }
    }
    let plain = plain.trim();
    if plain.chars().count() > max_chars {
        let mut cut: String = plain.chars().take(max_chars.saturating_sub(1)).collect();
        cut.push('…');
        cut
    } else {
        plain.to_string()
    }
}

/// Characters that change how the text around them shows without showing themselves:
/// direction overrides and isolates, marks and zero-width characters.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}'
    )
}

/// The channel's stored game was set aside (`reason`, for the operator).
pub fn quarantine_notice(lang: Lang, reason: &str) -> String {
    words::text(lang, "table-quarantined", &[("reason", reason.into())])
}

/// The games this bot plays, one line each.
pub fn game_list(lang: Lang) -> String {
    let mut s = words::text(lang, "table-games-heading", &[]);
    s.push('\n');
    for k in rules::catalog::games() {
        s.push_str(&words::text(
            lang,
            "table-games-line",
            &[
                ("id", k.id.into()),
                ("game", k.title.into()),
                ("min", k.players.0.into()),
                ("max", k.players.1.into()),
            ],
        ));
        s.push('\n');
    }
    s.push_str(&words::text(lang, "table-games-footer", &[]));
    s
}

/// A game id the catalog does not know (or none given), with the ones it does.
pub fn unknown_game(lang: Lang, game: &str) -> String {
    let ids: Vec<&str> = rules::catalog::games().iter().map(|k| k.id).collect();
    if game.trim().is_empty() {
        words::text(
            lang,
            "table-which-game",
            &[("games", ids.join(", ").into())],
        )
    } else {
        words::text(
            lang,
            "table-no-such-game",
            &[
                ("game", escape_user_text(game, TYPED_CHARS).into()),
                ("games", ids.join(", ").into()),
            ],
        )
    }
}

/// The seated players' names, escaped, in seat order.
pub fn seat_list(meta: &Meta) -> String {
    meta.seats
        .iter()
        .map(|s| escape_name(&s.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The names of `seats`, from `names` as messages show them (already escaped); "nobody"
/// in `lang` for none.
pub fn name_list(lang: Lang, names: &[String], seats: &[Seat]) -> String {
    let list: Vec<&str> = seats
        .iter()
        .filter_map(|s| names.get(*s).map(String::as_str))
        .collect();
    if list.is_empty() {
        words::text(lang, "table-nobody", &[])
    } else {
        list.join(", ")
    }
}

/// The final scores of a game in `lang`: each player's total (🏆 for the winners), the
/// lines it comes from, the tie-break, who won and the game's note. Labels and note read
/// in `lang` where the engine gave phrases (a result read back from the archive without
/// its final state keeps the English labels it was stored with).
/// Points are written as the engines count them (no digit grouping), as in the board.
pub fn outcome(lang: Lang, outcome: &rules::Outcome, names: &[String]) -> String {
    let name = |s: rules::Seat| {
        names
            .get(s)
            .cloned()
            .unwrap_or_else(|| words::text(lang, "table-outcome-seat", &[("seat", (s + 1).into())]))
    };
    let label = |line: &rules::engine::ScoreLine| match &line.phrase {
        Some(p) => words::phrase(lang, p, names),
        None => line.label.clone(),
    };
    let mut out = words::text(lang, "table-outcome-title", &[]);
    out.push('\n');
    let mut order: Vec<&rules::engine::PlayerResult> = outcome.results.iter().collect();
    order.sort_by_key(|r| {
        (
            std::cmp::Reverse(r.total),
            std::cmp::Reverse(r.tiebreak.as_ref().map_or(0, |t| t.points)),
            r.seat,
        )
    });
    for r in order {
        let key = if outcome.winners.contains(&r.seat) {
            "table-outcome-player-winner"
        } else {
            "table-outcome-player"
        };
        out.push_str(&words::text(
            lang,
            key,
            &[
                ("name", name(r.seat).into()),
                ("total", r.total.to_string().into()),
            ],
        ));
        out.push('\n');
        for line in &r.breakdown {
            out.push_str(&words::text(
                lang,
                "table-outcome-line",
                &[
                    ("label", label(line).into()),
                    ("points", line.points.to_string().into()),
                ],
            ));
            out.push('\n');
        }
        if let Some(t) = &r.tiebreak {
            out.push_str(&words::text(
                lang,
                "table-outcome-tiebreak",
                &[
                    ("label", label(t).into()),
                    ("points", t.points.to_string().into()),
                ],
            ));
            out.push('\n');
        }
    }
    let result = match outcome.winners.as_slice() {
        [] => words::text(lang, "table-outcome-nobody", &[]),
        [w] => words::text(lang, "table-outcome-winner", &[("name", name(*w).into())]),
        ws => {
            let list: Vec<String> = ws.iter().map(|w| name(*w)).collect();
            words::text(
                lang,
                "table-outcome-shared",
                &[("names", list.join(", ").into())],
            )
        }
    };
    out.push_str(&result);
    out.push('\n');
    let note = match (&outcome.note_phrase, &outcome.note) {
        (Some(p), _) => Some(words::phrase(lang, p, names)),
        (None, note) => note.clone(),
    };
    if let Some(note) = note {
        out.push_str(&note);
        out.push('\n');
    }
    out
}

/// `/game help`: the table's commands, then the moves of `kind` (the engine's own
/// syntax and meanings) or the list of games.
pub fn help(lang: Lang, kind: Option<&GameKind>) -> String {
    let mut s = words::text(lang, "table-help", &[]);
    s.push('\n');
    match kind {
        Some(k) => {
            s.push('\n');
            s.push_str(&words::text(
                lang,
                "table-help-moves",
                &[("game", k.title.into())],
            ));
            s.push('\n');
            for c in (k.command_help)() {
                s.push_str(&words::text(
                    lang,
                    "table-help-move",
                    &[
                        ("syntax", c.syntax.into()),
                        ("meaning", words::text(lang, c.meaning_key, &[]).into()),
                        ("example", c.example.into()),
                    ],
                ));
                s.push('\n');
            }
        }
        None => {
            s.push('\n');
            s.push_str(&game_list(lang));
        }
    }
    s
}

/// The last public moves. Built from the public narration only, never the action text,
/// and counted among public moves only: numbering every move would show gaps where a
/// secret move (an Estates stash) happened.
/// `phrases` (by entry index, may be empty) give the narration in `lang` where known.
pub fn log(
    lang: Lang,
    entries: &[LogEntry],
    phrases: &[Vec<rules::Phrase>],
    names: &[String],
) -> String {
    // Moves an undo took back stay in the log, struck through.
    let kept: std::collections::HashSet<u64> = storage::effective_log(entries)
        .into_iter()
        .map(|(i, _)| i)
        .collect();
    let public: Vec<(bool, &LogEntry, Option<&Vec<rules::Phrase>>)> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| !e.public.is_empty())
        .map(|(i, e)| {
            let undone = e.undoes().is_none() && !kept.contains(&(i as u64));
            (undone, e, phrases.get(i))
        })
        .collect();
    if public.is_empty() {
        return words::text(lang, "table-log-empty", &[]);
    }
    let from = public.len().saturating_sub(30);
    let mut s = words::text(
        lang,
        "table-log-heading",
        &[
            ("from", (from + 1).into()),
            ("to", public.len().into()),
            ("total", public.len().into()),
        ],
    );
    s.push('\n');
    for (i, (undone, e, said)) in public.iter().enumerate().skip(from) {
        let line = told_in(lang, e, *said, names, " ");
        if *undone {
            s.push_str(&words::text(
                lang,
                "table-log-taken-back",
                &[("n", (i + 1).into()), ("line", line.into())],
            ));
            s.push('\n');
        } else {
            s.push_str(&words::text(
                lang,
                "table-log-line",
                &[("n", (i + 1).into()), ("line", line.into())],
            ));
            s.push('\n');
        }
    }
    s
}

/// Splits a rules text into pages under Discord's limit; with a topic, only the
/// sections whose heading or text mention it.
/// The topics of a game's rules: its `## ` headings, in order.
pub fn rules_topics(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.strip_prefix("## "))
        .map(str::trim)
        .collect()
}

/// The rules digest of `kind` for a reader of `lang`: the engine's own English digest
/// (`rules/src/<game>/rules.md`, the spec), or its translation in `locales/<lang>/rules/`
/// (`words::rules_digest`); a language without one gets the English under a line in that
/// language saying so.
pub fn rules_text(kind: &GameKind, lang: Lang) -> std::borrow::Cow<'static, str> {
    use std::borrow::Cow;
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

pub fn rules_pages(lang: Lang, text: &str, topic: Option<&str>) -> Vec<String> {
    let mut sections: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || sections.is_empty() {
            sections.push(String::new());
        }
        if let Some(last) = sections.last_mut() {
            last.push_str(line);
            last.push('\n');
        }
    }
    if let Some(topic) = topic {
        let t = topic.to_lowercase();
        let chosen: Vec<String> = sections
            .iter()
            .filter(|s| s.to_lowercase().contains(&t))
            .cloned()
            .collect();
        if chosen.is_empty() {
            let headings = rules_topics(text);
            return vec![words::text(
                lang,
                "table-rules-no-topic",
                &[
                    ("topic", escape_user_text(topic, TYPED_CHARS).into()),
                    ("topics", headings.join(", ").into()),
                ],
            )];
        }
        sections = chosen;
    }
    let mut pages: Vec<String> = vec![String::new()];
    for section in sections {
        for line in section.lines() {
            let needs_new = pages
                .last()
                .is_some_and(|p| !p.is_empty() && p.len() + line.len() + 1 > PAGE);
            if needs_new {
                pages.push(String::new());
            }
            if let Some(p) = pages.last_mut() {
                // A single over-long line is cut rather than breaking the limit.
                let line: String = line.chars().take(PAGE).collect();
                p.push_str(&line);
                p.push('\n');
            }
        }
    }
    let total = pages.len();
    if total > 1 {
        for (i, p) in pages.iter_mut().enumerate() {
            p.push('\n');
            p.push_str(&words::text(
                lang,
                "table-rules-page",
                &[("page", (i + 1).into()), ("total", total.into())],
            ));
        }
    }
    pages
}

/// What `entry` told everyone, in `lang`: its phrases where the replay gave them (and
/// the reader is not English), else the log's English.
pub(crate) fn told_in(
    lang: Lang,
    entry: &LogEntry,
    phrases: Option<&Vec<rules::Phrase>>,
    names: &[String],
    join: &str,
) -> String {
    match phrases {
        Some(p) if lang != Lang::En && !p.is_empty() => p
            .iter()
            .map(|p| words::phrase(lang, p, names))
            .collect::<Vec<_>>()
            .join(join),
        _ => entry.public.join(join),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Final scores of random finished games of every title: the English is the engine's
    /// own `Outcome::render` word for word; the Spanish has no English heading, no raw key.
    #[test]
    fn final_scores_read_in_english_as_the_engine_writes_them_and_in_spanish() {
        use rand::SeedableRng;
        for kind in rules::catalog::games() {
            let players = kind.players.0.max(3).min(kind.players.1);
            let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
            for seed in 0..3u64 {
                let mut game = (kind.new)(players, &serde_json::Value::Null, seed).unwrap();
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                while !game.is_over() {
                    let seat = game.awaiting()[0];
                    let legal = game.legal_texts(seat);
                    let pick = legal[rand::Rng::gen_range(&mut rng, 0..legal.len())].clone();
                    game.apply_text(seat, &pick, &names).unwrap();
                }
                let o = game.outcome().unwrap();
                assert_eq!(
                    outcome(Lang::En, &o, &names),
                    o.render(&names),
                    "{}",
                    kind.id
                );
                let es = outcome(Lang::Es, &o, &names);
                assert!(es.starts_with("**Puntuación final**"), "{es}");
                assert!(!es.contains("table-outcome"), "{es}");
            }
        }
    }

    #[test]
    fn english_readers_get_the_engines_digest_and_spanish_readers_the_spanish_one() {
        for kind in rules::catalog::games() {
            let english = (kind.rules_text)();
            assert_eq!(rules_text(kind, Lang::En), english);
            let spanish = rules_text(kind, Lang::Es);
            assert_ne!(spanish, english, "{}", kind.id);
            assert_eq!(Some(&*spanish), words::rules_digest(Lang::Es, kind.id));
            // The topics (headings) read from the text shown, one per English one.
            assert_eq!(rules_topics(&spanish).len(), rules_topics(english).len());
            // A Spanish topic finds its Spanish section.
            let turn = rules_pages(Lang::Es, &spanish, Some("turno")).join("\n");
            assert!(turn.contains("turno"), "{}: {turn}", kind.id);
            assert!(!turn.contains("A turn"), "{}: {turn}", kind.id);
        }
    }

    #[test]
    fn hostile_names_are_escaped_to_exactly_what_discord_shows_as_typed() {
        let cases: &[(&str, &str)] = &[
            ("ana", "ana"),
            ("Jean-Luc O'Neil", "Jean-Luc O'Neil"),
            ("Zoë 🎲", "Zoë 🎲"),
            (
                "[Prize](https://evil.example)",
                r"\[Prize\]\(https://evil.example\)",
            ),
            ("# x", r"\# x"),
            ("-# small", r"\-# small"),
            ("+ item", r"\+ item"),
            ("1. first", r"1\. first"),
            ("12) first", r"12\) first"),
            ("> quoted", r"\> quoted"),
            ("<@&123>", r"\<@&123\>"),
            ("<@42>", r"\<@42\>"),
            ("<#77>", r"\<#77\>"),
            ("<t:1700000000:R>", r"\<t:1700000000:R\>"),
            ("@everyone", "@\u{200b}everyone"),
            ("hi @HERE", "hi @\u{200b}HERE"),
            ("a@b.example", "a@b.example"),
            (
                "**bold** __u__ ~~s~~ ||spoiler||",
                r"\*\*bold\*\* \_\_u\_\_ \~\~s\~\~ \|\|spoiler\|\|",
            ),
            ("`code`", r"\`code\`"),
            (r"back\slash", r"back\\slash"),
            // Kept on one line, a `#` inside it is no heading.
            ("two\nlines\r\n# heading", "two lines # heading"),
            ("\n# heading", r"\# heading"),
            ("\u{202e}evil\u{200b}", "evil"),
            ("   padded\t", "padded"),
            ("<@&123> @everyone # x", "\\<@&123\\> @\u{200b}everyone # x"),
        ];
        for (raw, shown) in cases {
            assert_eq!(escape_name(raw), *shown, "{raw:?}");
            // Without markdown (the terminal) the name reads as typed, on one line.
            assert_eq!(
                unescape_user_text(shown),
                one_line(raw, NAME_CHARS),
                "{raw:?}"
            );
        }
        assert_eq!(
            unescape_user_text(r"ana ha sentado a Bot Lorenzo \(fácil\)."),
            "ana ha sentado a Bot Lorenzo (fácil)."
        );
        // Cut to the cap (Discord's display names fit), the ellipsis included.
        let long = "x".repeat(50);
        let cut = escape_name(&long);
        assert_eq!(cut.chars().count(), NAME_CHARS);
        assert!(cut.ends_with('…'));
        assert_eq!(escape_name(&"y".repeat(NAME_CHARS)), "y".repeat(NAME_CHARS));
        // The cut is made before escaping: never half an escape.
        assert_eq!(escape_user_text("abc[def", 4), r"abc…");
        assert_eq!(escape_user_text("ab[def", 4), r"ab\[…");
    }

    #[test]
    fn rules_are_paged_under_the_limit_and_filtered_by_topic() {
        let mut text = String::from("# Game\nintro\n## Setup\n");
        for i in 0..200 {
            text.push_str(&format!(
                "setup line {i} with some words to fill the page\n"
            ));
        }
        text.push_str("## Scoring\nPalaces score by floors.\n");
        let pages = rules_pages(Lang::En, &text, None);
        assert!(pages.len() > 1);
        assert!(pages.iter().all(|p| p.chars().count() <= 2000));
        assert!(pages[0].ends_with(&format!("(page 1/{})", pages.len())));
        let scoring = rules_pages(Lang::En, &text, Some("scoring"));
        assert_eq!(
            scoring,
            vec!["## Scoring\nPalaces score by floors.\n".to_string()]
        );
        let none = rules_pages(Lang::En, &text, Some("dragons"));
        assert!(none[0].contains("Topics: Setup, Scoring"), "{none:?}");
    }
}

/// Most characters of a turn message's chat form (the pings, a line, come on top).
pub const SUMMARY_CHARS: usize = 420;

/// `headline` (what just happened), then `state` and `waiting`, in at most `limit`
/// characters: when the headline is too long its last lines give way to a pointer to the
/// log (`/game log` keeps every event).
pub fn summary(lang: Lang, headline: &str, state: &str, waiting: &str, limit: usize) -> String {
    let tail = format!("{state}\n{waiting}");
    let room = limit.saturating_sub(tail.chars().count() + 2);
    let headline = headline.trim_end();
    let mut kept = String::new();
    if headline.chars().count() <= room {
        kept.push_str(headline);
    } else {
        let more = words::text(lang, "table-summary-more", &[]);
        let budget = room.saturating_sub(more.chars().count() + 1);
        for line in headline.lines() {
            if kept.chars().count() + line.chars().count() + 1 > budget {
                break;
            }
            kept.push_str(line);
            kept.push('\n');
        }
        if kept.is_empty() {
            kept = headline.chars().take(budget).collect();
            kept.push('\n');
        }
        kept.push_str(&more);
    }
    if kept.is_empty() {
        tail
    } else {
        format!("{kept}\n{tail}")
    }
}

#[cfg(test)]
mod summary_tests {
    use super::*;

    #[test]
    fn a_summary_keeps_the_state_and_who_is_awaited_within_the_limit() {
        let short = summary(
            Lang::En,
            "ana bids 18.",
            "**Palazzo** — round 2",
            "⏳ Waiting for bruno.",
            500,
        );
        assert_eq!(
            short,
            "ana bids 18.\n**Palazzo** — round 2\n⏳ Waiting for bruno."
        );
        let long: String = (0..80).map(|i| format!("event number {i}\n")).collect();
        let cut = summary(
            Lang::En,
            &long,
            "**Palazzo** — round 2",
            "⏳ Waiting for bruno.",
            500,
        );
        assert!(cut.chars().count() <= 500, "{}", cut.chars().count());
        assert!(cut.starts_with("event number 0\n"));
        assert!(cut.contains("/game log"));
        assert!(cut.ends_with("**Palazzo** — round 2\n⏳ Waiting for bruno."));
        let one_line = "x".repeat(900);
        let cut = summary(Lang::En, &one_line, "s", "w", 500);
        assert!(cut.chars().count() <= 500);
        assert!(cut.ends_with("s\nw"));
        assert_eq!(summary(Lang::En, "", "s", "w", 500), "s\nw");
    }
}
