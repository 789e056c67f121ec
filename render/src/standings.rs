//! A tournament's standings as a picture, its alt text and a plain text for screen
//! readers, drawn from plain rows (rank, name, points and opponents already formatted,
//! tables played and won, dropped or not) in one language. A dropped player is marked by
//! a word, never by colour alone.

use crate::access::{wrap, ALT_MAX, LINE_MAX};
use crate::canvas::{self, Align, Canvas};
use crate::style::{header, BACKGROUND, INK, LARGE, MARGIN, MUTED, PANEL, PANEL_EDGE, READABLE};
use words::{Lang, Value};

/// One player's line of the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct StandingsRow {
    /// 1 = first; equal players share a rank.
    pub rank: usize,
    /// As shown (no markup in a picture).
    pub name: String,
    /// Points, formatted by the caller (`12`, `12.5`).
    pub points: String,
    /// Tables played and tables won.
    pub played: u32,
    pub wins: u32,
    /// The first tie-break (the opponents' average points), formatted by the caller.
    pub opponents: String,
    /// Dropped out of the event.
    pub dropped: bool,
}

/// A tournament's standings after a round (or final): the rows in order, and the
/// reader's own row (drawn after the first [`STANDINGS_ROWS`] when not among them).
#[derive(Debug, Clone, PartialEq)]
pub struct Standings {
    /// The event's name.
    pub event: String,
    /// The title played (`Palazzo`).
    pub title: String,
    /// The last round played, of how many.
    pub round: u32,
    pub rounds: u32,
    pub finished: bool,
    pub rows: Vec<StandingsRow>,
    pub you: Option<StandingsRow>,
}

/// Rows drawn before the reader's own.
pub const STANDINGS_ROWS: usize = 20;

const ROW: f32 = 56.0;
/// Columns: the rank's and the name's left edges, the right edges of the points, played,
/// won and opponents columns (from the picture's left), the widest a column's words are.
const RANK_LEFT: f32 = MARGIN + 16.0;
const NAME_LEFT: f32 = MARGIN + 120.0;
const NAME_RIGHT: f32 = 480.0;
const POINTS_RIGHT: f32 = 610.0;
const PLAYED_RIGHT: f32 = 750.0;
const WINS_RIGHT: f32 = 890.0;
const OPPONENTS_RIGHT: f32 = crate::WIDTH as f32 - MARGIN - 16.0;
const COLUMN: f32 = 125.0;
/// The dropped mark's width, at the name column's right.
const MARK: f32 = 175.0;

/// The standings as a PNG in `lang`.
pub fn standings_png(s: &Standings, lang: Lang) -> Option<Vec<u8>> {
    canvas::picture(crate::WIDTH, BACKGROUND, |c| draw(c, s, lang))
}

/// Every text the picture draws, in order (tests).
pub fn standings_legends(s: &Standings, lang: Lang) -> Vec<String> {
    canvas::legends(crate::WIDTH, |c| draw(c, s, lang))
}

/// The pixel size of every line the picture draws (the phone rule's test).
pub fn standings_text_sizes(s: &Standings, lang: Lang) -> Vec<(f32, String)> {
    canvas::text_sizes(crate::WIDTH, |c| draw(c, s, lang))
}

/// The rows shown: the first [`STANDINGS_ROWS`], then the reader's own when it is not
/// among them.
fn shown(s: &Standings) -> (&[StandingsRow], Option<&StandingsRow>) {
    let rows = &s.rows[..s.rows.len().min(STANDINGS_ROWS)];
    let you = s.you.as_ref().filter(|you| !rows.contains(you));
    (rows, you)
}

fn number(lang: Lang, n: impl Into<Value<'static>>) -> String {
    words::text(lang, "standings-number", &[("n", n.into())])
}

/// The title (with the event's name cut to `fits` when given) and the status sentence.
fn heading(s: &Standings, lang: Lang, fits: impl Fn(&str) -> bool) -> (String, String) {
    let title_of = |event: &str| {
        words::text(
            lang,
            "standings-title",
            &[("event", Value::from(event.to_string()))],
        )
    };
    let mut event = s.event.clone();
    let mut title = title_of(&event);
    while !fits(&title) && !event.is_empty() {
        event.pop();
        title = title_of(&format!("{}…", event.trim_end()));
    }
    let (rows, _) = shown(s);
    let round = if s.finished {
        words::text(
            lang,
            "standings-final",
            &[
                ("title", Value::from(s.title.clone())),
                ("rounds", Value::from(s.rounds)),
            ],
        )
    } else {
        words::text(
            lang,
            "standings-round",
            &[
                ("title", Value::from(s.title.clone())),
                ("round", Value::from(s.round)),
                ("rounds", Value::from(s.rounds)),
            ],
        )
    };
    let mut status = round;
    if rows.len() < s.rows.len() {
        status.push(' ');
        status.push_str(&words::text(
            lang,
            "standings-shown",
            &[
                ("shown", Value::from(rows.len())),
                ("players", Value::from(s.rows.len())),
            ],
        ));
    }
    status.push(' ');
    status.push_str(&words::text(lang, "standings-legend", &[]));
    (title, status)
}

fn draw(c: &mut Canvas, s: &Standings, lang: Lang) {
    let w = c.width;
    let fits = |t: &str| c.text_width(t, crate::style::TITLE) <= w - 2.0 * MARGIN;
    let (title, status) = heading(s, lang, fits);
    let mut y = header(c, &title, &status, READABLE) + 8.0;
    let columns = [
        (
            RANK_LEFT,
            Align::Left,
            "standings-rank",
            NAME_LEFT - RANK_LEFT - 4.0,
        ),
        (
            NAME_LEFT,
            Align::Left,
            "standings-player",
            NAME_RIGHT - NAME_LEFT,
        ),
        (POINTS_RIGHT, Align::Right, "standings-points", COLUMN),
        (PLAYED_RIGHT, Align::Right, "standings-played", COLUMN),
        (WINS_RIGHT, Align::Right, "standings-wins", COLUMN),
        (OPPONENTS_RIGHT, Align::Right, "standings-opponents", 170.0),
    ];
    for (x, align, key, width) in columns {
        let label = words::text(lang, key, &[]);
        c.text_fit(
            x,
            y + READABLE,
            READABLE,
            MUTED,
            align,
            &label,
            width,
            READABLE,
        );
    }
    y += READABLE + 12.0;
    let (rows, you) = shown(s);
    let count = rows.len() + usize::from(you.is_some());
    let h = ROW * count as f32 + if you.is_some() { 16.0 } else { 0.0 } + 8.0;
    c.round_rect(
        MARGIN,
        y,
        w - 2.0 * MARGIN,
        h,
        12.0,
        Some(PANEL),
        Some((PANEL_EDGE, 2.0)),
    );
    y += 4.0;
    for row in rows {
        draw_row(c, y, row, lang);
        y += ROW;
    }
    if let Some(you) = you {
        c.line(
            MARGIN + 12.0,
            y + 8.0,
            w - MARGIN - 12.0,
            y + 8.0,
            PANEL_EDGE,
            2.0,
        );
        draw_row(c, y + 16.0, you, lang);
    }
}

fn draw_row(c: &mut Canvas, y: f32, row: &StandingsRow, lang: Lang) {
    let base = y + 40.0;
    let number_at = |c: &mut Canvas, x: f32, text: &str, width: f32| {
        c.text_fit(x, base, LARGE, INK, Align::Right, text, width, READABLE);
    };
    c.text_fit(
        RANK_LEFT,
        base,
        LARGE,
        INK,
        Align::Left,
        &number(lang, row.rank),
        NAME_LEFT - RANK_LEFT - 8.0,
        READABLE,
    );
    let name_width = NAME_RIGHT - NAME_LEFT - if row.dropped { MARK } else { 0.0 };
    c.text_fit(
        NAME_LEFT,
        base,
        LARGE,
        if row.dropped { MUTED } else { INK },
        Align::Left,
        &row.name,
        name_width,
        READABLE,
    );
    if row.dropped {
        let mark = words::text(lang, "standings-dropped", &[]);
        c.text_fit(
            NAME_RIGHT - MARK + 8.0,
            base,
            READABLE,
            MUTED,
            Align::Left,
            &mark,
            MARK - 8.0,
            READABLE,
        );
    }
    number_at(c, POINTS_RIGHT, &row.points, COLUMN);
    number_at(c, PLAYED_RIGHT, &number(lang, row.played), COLUMN);
    number_at(c, WINS_RIGHT, &number(lang, row.wins), COLUMN);
    number_at(c, OPPONENTS_RIGHT, &row.opponents, 170.0);
}

/// One row as words: `3. ana: points 12, played 4, won 3, opponents 7.5 (dropped)`.
fn row_line(row: &StandingsRow, lang: Lang) -> String {
    let mut line = words::text(
        lang,
        "standings-alt-row",
        &[
            ("rank", Value::from(row.rank)),
            ("name", Value::from(row.name.clone())),
            ("points", Value::from(row.points.clone())),
            ("played", Value::from(row.played)),
            ("wins", Value::from(row.wins)),
            ("opponents", Value::from(row.opponents.clone())),
        ],
    );
    if row.dropped {
        line.push(' ');
        line.push_str(&words::text(lang, "standings-dropped", &[]));
    }
    line
}

/// The picture's description for a screen reader (at most [`ALT_MAX`] characters): the
/// title and status, then one line per row drawn, as many as fit.
pub fn standings_alt(s: &Standings, lang: Lang) -> String {
    let (title, status) = heading(s, lang, |_| true);
    let mut out = words::text(
        lang,
        "standings-alt-head",
        &[
            ("title", Value::from(title)),
            ("status", Value::from(status)),
        ],
    );
    if out.chars().count() > ALT_MAX {
        out = out.chars().take(ALT_MAX - 1).collect::<String>() + "…";
        return out;
    }
    let (rows, you) = shown(s);
    for row in rows.iter().chain(you) {
        let next = format!("\n{}", row_line(row, lang));
        if out.chars().count() + next.chars().count() > ALT_MAX {
            break;
        }
        out.push_str(&next);
    }
    out
}

/// The standings as plain text for a screen reader: no Markdown, no emoji, lines of at
/// most [`LINE_MAX`] characters; the same rows as the picture.
pub fn standings_text(s: &Standings, lang: Lang) -> String {
    let (title, status) = heading(s, lang, |_| true);
    let mut lines = Vec::new();
    for paragraph in [title, status] {
        wrap(&paragraph, LINE_MAX, &mut lines);
    }
    let (rows, you) = shown(s);
    for row in rows.iter().chain(you) {
        wrap(&row_line(row, lang), LINE_MAX, &mut lines);
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(rank: usize, name: &str, dropped: bool) -> StandingsRow {
        StandingsRow {
            rank,
            name: name.into(),
            points: format!("{}", 100 - rank),
            played: 4,
            wins: (4 - rank.min(4)) as u32,
            opponents: "7.5".into(),
            dropped,
        }
    }

    fn standings(players: usize) -> Standings {
        Standings {
            event: "Spring Cup".into(),
            title: "Palazzo".into(),
            round: 3,
            rounds: 5,
            finished: false,
            rows: (1..=players)
                .map(|i| row(i, &format!("player {i}"), i == 2))
                .collect(),
            you: Some(row(players, &format!("player {players}"), false)),
        }
    }

    #[test]
    fn the_first_twenty_rows_then_the_readers_own_are_drawn_a_dropped_player_marked_in_words() {
        let s = standings(64);
        for (lang, dropped) in [(Lang::En, "(dropped)"), (Lang::Es, "(retirado)")] {
            let png = standings_png(&s, lang).expect("a picture");
            assert_eq!(&png[1..4], b"PNG");
            let texts = standings_legends(&s, lang);
            for i in (1..=STANDINGS_ROWS).chain([64]) {
                let name = format!("player {i}");
                assert!(texts.contains(&name), "{name} in {texts:?}");
            }
            assert!(!texts.contains(&"player 21".to_string()), "{texts:?}");
            assert_eq!(
                texts.iter().filter(|t| *t == dropped).count(),
                1,
                "{texts:?}"
            );
        }
        let en = standings_legends(&s, Lang::En);
        assert!(en[0].starts_with("Standings — Spring Cup"), "{en:?}");
        assert!(
            en.iter().any(|t| t.contains("after round 3 of 5")),
            "{en:?}"
        );
        assert!(
            en.iter().any(|t| t.contains("The first 20 of 64 players")),
            "{en:?}"
        );
        let es = standings_legends(&s, Lang::Es);
        assert!(es[0].starts_with("Clasificación — Spring Cup"), "{es:?}");
        // The reader among the first: no second row for them.
        let mut s = standings(5);
        s.you = Some(s.rows[0].clone());
        let drawn = standings_legends(&s, Lang::En);
        assert_eq!(drawn.iter().filter(|t| *t == "player 1").count(), 1);
        s.finished = true;
        assert!(standings_alt(&s, Lang::En).contains("final standings after 5 rounds"));
    }

    #[test]
    fn the_alt_text_and_the_text_read_the_rows_within_their_limits() {
        let mut s = standings(64);
        s.event = "a".repeat(300);
        for row in &mut s.rows {
            row.name = format!("{} with a very long display name indeed", row.name);
        }
        s.you = s.rows.last().cloned();
        for lang in Lang::ALL {
            let alt = standings_alt(&s, lang);
            assert!(alt.chars().count() <= ALT_MAX, "{}", alt.chars().count());
            assert!(alt.contains("\n1. player 1 with a very long"), "{alt}");
            let text = standings_text(&s, lang);
            for line in text.lines() {
                assert!(line.chars().count() <= LINE_MAX, "{line}");
                assert!(!line.contains("**"), "{line}");
            }
            assert!(text.contains("player 64 with"), "{text}");
            assert!(!text.contains("player 21 with"), "{text}");
        }
        let short = standings(3);
        let alt = standings_alt(&short, Lang::En);
        assert!(
            alt.contains("\n2. player 2: points 98, played 4, won 2, opponents 7.5 (dropped)"),
            "{alt}"
        );
        let texto = standings_text(&short, Lang::Es);
        assert!(texto.contains("(retirado)"), "{texto}");
    }
}
