//! Sentences the table says, kept in one place.

use rules::{GameKind, Seat};
use storage::{LogEntry, Meta};

pub const NO_TABLE: &str =
    "There is no game in this channel. Open one with /game new (see /game rules for the list).";
pub const STALE_PROMPT: &str =
    "That prompt is out of date: your options have changed. Use the latest turn message (or /game status).";
pub const NOT_SEATED: &str = "You are not seated at this table.";
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

pub fn quarantine_notice(reason: &str) -> String {
    format!(
        "⚠️ The game stored for this channel could not be read and was set aside for the bot's operator ({reason}). The channel is free: open a new game with /game new."
    )
}

pub fn game_list() -> String {
    let mut s = String::from("Games you can play:\n");
    for k in rules::catalog::games() {
        s.push_str(&format!(
            "· `{}` — {} ({}–{} players)\n",
            k.id, k.title, k.players.0, k.players.1
        ));
    }
    s.push_str("Open one with /game new; read its rules with /game rules.");
    s
}

pub fn unknown_game(game: &str) -> String {
    let ids: Vec<&str> = rules::catalog::games().iter().map(|k| k.id).collect();
    if game.trim().is_empty() {
        format!("Which game? Choose one of: {}.", ids.join(", "))
    } else {
        format!(
            "There is no game called “{}”. Choose one of: {}.",
            escape_user_text(game, TYPED_CHARS),
            ids.join(", ")
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

/// The names of `seats`, from `names` as messages show them (already escaped).
pub fn name_list(names: &[String], seats: &[Seat]) -> String {
    let list: Vec<&str> = seats
        .iter()
        .filter_map(|s| names.get(*s).map(String::as_str))
        .collect();
    if list.is_empty() {
        "nobody".into()
    } else {
        list.join(", ")
    }
}

pub fn help(kind: Option<&GameKind>) -> String {
    let mut s = String::from(
        "**Table commands**\n\
         · `/game new <game> [key=value…]` — open a table (e.g. `/game new estates rounds=2`)\n\
         · `/game join` / `/game leave` — take or give up a seat before the start\n\
         · `/game start` — the host starts the game\n\
         · `/game addbot [easy|normal|hard]` · `/game removebot [name]` — the host seats or unseats a bot (`/game new <game> bots:2` seats two at once)\n\
         · `/game status` — the board and who is awaited\n\
         · `/game hand` — your private hand / money\n\
         · `/game scores` — live scores, or the last result here\n\
         · `/game log` — the last moves\n\
         · `/game rules [game] [topic]` — the rules, with every decision the bot made\n\
         · `/game abandon` — the host (or Manage Channel) ends the game\n\
         · `/game settings` — reminders, timeouts (auto, default, skip, bot, drop), undo and hints of this table (the host changes them)\n\
         · `/game nudge` — ping whoever the game is waiting for (once an hour)\n\
         · `/game undo` — take back your last move (those who moved since approve)\n\
         · `/game hint` — the bot's suggestion for your move, with why (only you see it)\n\
         · `/game resume` — take your seat back from the bot that played it while you were away\n\
         · `/game mine` — your games, where it is your move first\n\
         · `/game notify [ping|dm|quiet]` — how you hear about your turn on this server\n\
         · `/game stats [user] [game]` · `/game leaderboard [game]` — this server's records\n\
         Moves: the **Your move** button, or `/<game> move` (e.g. `/palazzo move take money`).\n",
    );
    match kind {
        Some(k) => {
            s.push_str(&format!("\n**{} moves**\n", k.title));
            for c in (k.command_help)() {
                s.push_str(&format!(
                    "· `{}` — {} (e.g. `{}`)\n",
                    c.syntax, c.meaning, c.example
                ));
            }
        }
        None => s.push_str(&format!("\n{}", game_list())),
    }
    s
}

/// The last public moves. Built from the public narration only, never the action text,
/// and counted among public moves only: numbering every move would show gaps where a
/// secret move (an Estates stash) happened.
pub fn log(entries: &[LogEntry]) -> String {
    // Moves an undo took back stay in the log, struck through.
    let kept: std::collections::HashSet<u64> = storage::effective_log(entries)
        .into_iter()
        .map(|(i, _)| i)
        .collect();
    let public: Vec<(bool, &LogEntry)> = entries
        .iter()
        .enumerate()
        .filter(|(_, e)| !e.public.is_empty())
        .map(|(i, e)| (e.undoes().is_none() && !kept.contains(&(i as u64)), e))
        .collect();
    if public.is_empty() {
        return "No moves yet.".into();
    }
    let from = public.len().saturating_sub(30);
    let mut s = format!("Moves {}–{} of {}:\n", from + 1, public.len(), public.len());
    for (i, (undone, e)) in public.iter().enumerate().skip(from) {
        let line = e.public.join(" ");
        if *undone {
            s.push_str(&format!("{}. ~~{line}~~ (taken back)\n", i + 1));
        } else {
            s.push_str(&format!("{}. {line}\n", i + 1));
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

pub fn rules_pages(text: &str, topic: Option<&str>) -> Vec<String> {
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
            return vec![format!(
                "Nothing in the rules mentions “{}”. Topics: {}.",
                escape_user_text(topic, TYPED_CHARS),
                headings.join(", ")
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
            p.push_str(&format!("\n(page {}/{total})", i + 1));
        }
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;

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
        }
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
        let pages = rules_pages(&text, None);
        assert!(pages.len() > 1);
        assert!(pages.iter().all(|p| p.chars().count() <= 2000));
        assert!(pages[0].ends_with(&format!("(page 1/{})", pages.len())));
        let scoring = rules_pages(&text, Some("scoring"));
        assert_eq!(
            scoring,
            vec!["## Scoring\nPalaces score by floors.\n".to_string()]
        );
        let none = rules_pages(&text, Some("dragons"));
        assert!(none[0].contains("Topics: Setup, Scoring"), "{none:?}");
    }
}

/// Most characters of a turn message's chat form (the pings, a line, come on top).
pub const SUMMARY_CHARS: usize = 420;

/// `headline` (what just happened), then `state` and `waiting`, in at most `limit`
/// characters: when the headline is too long its last lines give way to a pointer to the
/// log (`/game log` keeps every event).
pub fn summary(headline: &str, state: &str, waiting: &str, limit: usize) -> String {
    let tail = format!("{state}\n{waiting}");
    let room = limit.saturating_sub(tail.chars().count() + 2);
    let headline = headline.trim_end();
    let mut kept = String::new();
    if headline.chars().count() <= room {
        kept.push_str(headline);
    } else {
        let more = "… (the rest: /game log)";
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
        kept.push_str(more);
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
        let cut = summary(&long, "**Palazzo** — round 2", "⏳ Waiting for bruno.", 500);
        assert!(cut.chars().count() <= 500, "{}", cut.chars().count());
        assert!(cut.starts_with("event number 0\n"));
        assert!(cut.contains("/game log"));
        assert!(cut.ends_with("**Palazzo** — round 2\n⏳ Waiting for bruno."));
        let one_line = "x".repeat(900);
        let cut = summary(&one_line, "s", "w", 500);
        assert!(cut.chars().count() <= 500);
        assert!(cut.ends_with("s\nw"));
        assert_eq!(summary("", "s", "w", 500), "s\nw");
    }
}
