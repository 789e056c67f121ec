//! The rating leaderboard's picture and its alt text, drawn from plain rows (rank,
//! name, shown rating, rated games, provisional or not) in one language.

use crate::access::ALT_MAX;
use crate::canvas::{self, Align, Canvas};
use crate::style::{header, BACKGROUND, INK, LARGE, MARGIN, MUTED, PANEL, PANEL_EDGE, READABLE};
use words::{Lang, Value};

/// One ranked player.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardRow {
    /// 1 = best; equal ratings share a rank.
    pub rank: usize,
    /// As shown (no markup in a picture).
    pub name: String,
    pub rating: i64,
    pub games: u32,
    pub provisional: bool,
}

/// Which ladder a board ranks: the server's, the one across servers, or a season's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BoardScope {
    #[default]
    Server,
    Global,
    Season,
}

impl BoardScope {
    /// The selector the Fluent texts read (`$ladder`).
    pub fn word(self) -> &'static str {
        match self {
            BoardScope::Server => "server",
            BoardScope::Global => "global",
            BoardScope::Season => "season",
        }
    }
}

/// A title's leaderboard: its best rows, how many are rated, and the reader's own row
/// when it is not among the best.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    pub title: String,
    pub rows: Vec<BoardRow>,
    pub rated: usize,
    pub you: Option<BoardRow>,
    pub scope: BoardScope,
}

const ROW: f32 = 56.0;
/// The name column's left edge from the margin; the right edges of the rating and
/// games columns and the left edge of the provisional mark from the card's right edge.
/// Every text is at least [`READABLE`] (the phone rule).
const NAME_LEFT: f32 = 130.0;
const RATING_RIGHT: f32 = 390.0;
const GAMES_RIGHT: f32 = 240.0;
const MARK_LEFT: f32 = 220.0;
const MARK_WIDTH: f32 = 210.0;

/// The leaderboard as a PNG in `lang`.
pub fn leaderboard_png(board: &Board, lang: Lang) -> Option<Vec<u8>> {
    canvas::picture(crate::WIDTH, BACKGROUND, |c| draw(c, board, lang))
}

/// Every text the picture draws, in order (tests).
pub fn leaderboard_legends(board: &Board, lang: Lang) -> Vec<String> {
    canvas::legends(crate::WIDTH, |c| draw(c, board, lang))
}

/// The pixel size of every line the picture draws (the phone rule's test).
pub fn leaderboard_text_sizes(board: &Board, lang: Lang) -> Vec<(f32, String)> {
    canvas::text_sizes(crate::WIDTH, |c| draw(c, board, lang))
}

fn number(lang: Lang, n: impl Into<Value<'static>>) -> String {
    words::text(lang, "rating-number", &[("n", n.into())])
}

fn heading(board: &Board, lang: Lang) -> (String, String) {
    let title = words::text(
        lang,
        "rating-board-title",
        &[("game", Value::from(board.title.clone()))],
    );
    let status = words::text(
        lang,
        "rating-board-status",
        &[
            ("shown", Value::from(board.rows.len())),
            ("rated", Value::from(board.rated)),
            ("ladder", Value::from(board.scope.word())),
        ],
    );
    (title, status)
}

fn draw(c: &mut Canvas, board: &Board, lang: Lang) {
    let (title, status) = heading(board, lang);
    let mut y = header(c, &title, &status, READABLE) + 8.0;
    let w = c.width;
    let columns = [
        (MARGIN + 16.0, Align::Left, "rating-board-rank"),
        (MARGIN + NAME_LEFT, Align::Left, "rating-board-player"),
        (
            w - MARGIN - RATING_RIGHT,
            Align::Right,
            "rating-board-rating",
        ),
        (w - MARGIN - GAMES_RIGHT, Align::Right, "rating-board-games"),
    ];
    for (x, align, key) in columns {
        c.text(
            x,
            y + READABLE,
            READABLE,
            MUTED,
            align,
            &words::text(lang, key, &[]),
        );
    }
    y += READABLE + 12.0;
    let rows = board.rows.len() + usize::from(board.you.is_some());
    let h = ROW * rows as f32 + if board.you.is_some() { 16.0 } else { 0.0 } + 8.0;
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
    for row in &board.rows {
        draw_row(c, y, row, lang);
        y += ROW;
    }
    if let Some(you) = &board.you {
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

fn draw_row(c: &mut Canvas, y: f32, row: &BoardRow, lang: Lang) {
    let w = c.width;
    let base = y + 40.0;
    c.text(
        MARGIN + 16.0,
        base,
        LARGE,
        INK,
        Align::Left,
        &number(lang, row.rank),
    );
    c.text_fit(
        MARGIN + NAME_LEFT,
        base,
        LARGE,
        INK,
        Align::Left,
        &row.name,
        w - 2.0 * MARGIN - NAME_LEFT - RATING_RIGHT - 150.0,
        READABLE,
    );
    c.text(
        w - MARGIN - RATING_RIGHT,
        base,
        LARGE,
        INK,
        Align::Right,
        &number(lang, row.rating),
    );
    c.text(
        w - MARGIN - GAMES_RIGHT,
        base,
        LARGE,
        INK,
        Align::Right,
        &number(lang, row.games),
    );
    if row.provisional {
        let mark = words::text(lang, "rating-provisional", &[]);
        c.text_fit(
            w - MARGIN - MARK_LEFT,
            base,
            READABLE,
            MUTED,
            Align::Left,
            &mark,
            MARK_WIDTH,
            READABLE,
        );
    }
}

/// The picture's description for a screen reader (at most [`ALT_MAX`] characters): the
/// title, then one short line per row.
pub fn leaderboard_alt(board: &Board, lang: Lang) -> String {
    let (title, status) = heading(board, lang);
    let mut out = words::text(
        lang,
        "rating-board-alt-head",
        &[
            ("title", Value::from(title)),
            ("status", Value::from(status)),
        ],
    );
    let line = |row: &BoardRow| {
        let mut line = words::text(
            lang,
            "rating-board-alt-row",
            &[
                ("rank", Value::from(row.rank)),
                ("name", Value::from(row.name.clone())),
                ("rating", Value::from(row.rating)),
                ("games", Value::from(row.games)),
            ],
        );
        if row.provisional {
            line.push(' ');
            line.push_str(&words::text(lang, "rating-provisional", &[]));
        }
        line
    };
    for row in board.rows.iter().chain(&board.you) {
        let next = format!("\n{}", line(row));
        if out.chars().count() + next.chars().count() > ALT_MAX {
            break;
        }
        out.push_str(&next);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        let row = |rank, name: &str, rating, games| BoardRow {
            rank,
            name: name.into(),
            rating,
            games,
            provisional: games < 5,
        };
        Board {
            title: "Palazzo".into(),
            rows: vec![
                row(1, "ana", 1_240, 12),
                row(2, "bruno", 1_100, 3),
                row(2, "carla", 1_100, 7),
            ],
            rated: 40,
            you: Some(row(17, "dino", 930, 4)),
            scope: BoardScope::Server,
        }
    }

    #[test]
    fn the_picture_draws_every_row_and_the_readers_own_in_each_language() {
        let b = board();
        for (lang, provisional) in [(Lang::En, "(provisional)"), (Lang::Es, "(provisional)")] {
            let png = leaderboard_png(&b, lang).expect("a picture");
            assert_eq!(&png[1..4], b"PNG");
            let texts = leaderboard_legends(&b, lang);
            for name in ["ana", "bruno", "carla", "dino"] {
                assert!(texts.iter().any(|t| t == name), "{name} in {texts:?}");
            }
            assert_eq!(texts.iter().filter(|t| *t == provisional).count(), 2);
        }
        let en = leaderboard_legends(&b, Lang::En);
        assert!(en.contains(&"1,240".to_string()), "{en:?}");
        assert_eq!(
            en.iter().filter(|t| *t == "2").count(),
            2,
            "a tie shares its rank"
        );
        assert!(en.contains(&"17".to_string()));
        let es = leaderboard_legends(&b, Lang::Es);
        assert!(es.contains(&"1240".to_string()), "{es:?}");
        assert!(es[0].starts_with("Puntuaciones"), "{es:?}");
    }

    #[test]
    fn the_alt_text_names_every_row_and_stays_under_discords_limit() {
        let alt = leaderboard_alt(&board(), Lang::En);
        assert!(alt.starts_with("Ratings — Palazzo. "), "{alt}");
        assert!(
            alt.contains("\n2. bruno: 1,100, 3 rated games (provisional)"),
            "{alt}"
        );
        assert!(alt.contains("\n17. dino: 930"), "{alt}");
        let mut many = board();
        many.rows = (1..=200)
            .map(|i| BoardRow {
                rank: i,
                name: format!("player number {i}"),
                rating: 2_000 - i as i64,
                games: 9,
                provisional: false,
            })
            .collect();
        assert!(leaderboard_alt(&many, Lang::Es).chars().count() <= ALT_MAX);
    }

    #[test]
    fn the_status_names_the_ladder_ranked() {
        let mut b = board();
        let status = |b: &Board, lang| heading(b, lang).1;
        assert!(
            status(&b, Lang::En).contains("on this server"),
            "{}",
            status(&b, Lang::En)
        );
        b.scope = BoardScope::Global;
        for lang in Lang::ALL {
            let text = status(&b, lang);
            assert!(
                !text.contains("this server") && !text.contains("este servidor"),
                "{text}"
            );
        }
        assert!(
            status(&b, Lang::En).contains("across the servers"),
            "{}",
            status(&b, Lang::En)
        );
        b.scope = BoardScope::Season;
        assert!(
            status(&b, Lang::Es).contains("temporada"),
            "{}",
            status(&b, Lang::Es)
        );
    }
}
