//! `/game leaderboard title:… by:rating`: a title's rating leaderboard on this server as
//! a picture with its alt text. Everyone rated is listed by their shown number (the
//! conservative μ − 3σ, which already holds back a player with few games); equal numbers
//! share a rank; a provisional rating is marked; the reader's own row follows the best.

use crate::ladder_view::LadderView;
use crate::ratings::live;
use crate::{text, Caller, Picture, Table, UserId};
use render::{Board, BoardRow, BoardScope};
use storage::RatingRow;
use words::{Lang, Value};

/// Rows the picture shows before the reader's own.
pub const BOARD_ROWS: usize = 10;

impl Table {
    /// The leaderboard of `game` on the ladder `view` names (the caller's server's, the
    /// one across servers, the server's season's): a short text and the picture; or the
    /// sentence saying why there is none.
    pub fn rating_board(
        &self,
        caller: &Caller,
        game: Option<&str>,
        view: LadderView,
    ) -> Result<(String, Picture), String> {
        if view == LadderView::Season {
            // With the season's dates.
            return self.season_show(caller, None, game);
        }
        let lang = caller.lang;
        let ladder = self.ladder_for(caller, view)?;
        let Some(game) = game.map(str::trim).filter(|g| !g.is_empty()) else {
            return Err(words::text(lang, "rating-board-pick-a-title", &[]));
        };
        let Some(kind) = rules::catalog::find(game) else {
            return Err(text::unknown_game(lang, game));
        };
        let all = self.store.ladder(&ladder.key, kind.id).map_err(|e| {
            words::text(
                lang,
                "rating-unreadable",
                &[("error", Value::from(e.to_string()))],
            )
        })?;
        if all.is_empty() {
            return Err(words::text(
                lang,
                "rating-board-empty",
                &[
                    ("game", Value::from(kind.title)),
                    ("ladder", Value::from(ladder.scope.word())),
                ],
            ));
        }
        let mut board = board_of(kind.title, all, caller.user, BOARD_ROWS);
        board.scope = ladder.scope;
        Ok(drawn(&board, lang))
    }
}

/// The text and the picture of `board` in `lang`.
pub(crate) fn drawn(board: &Board, lang: Lang) -> (String, Picture) {
    let text = words::text(
        lang,
        "rating-board-text",
        &[("game", Value::from(board.title.clone()))],
    );
    let png = render::leaderboard_png(board, lang).unwrap_or_default();
    let alt = render::leaderboard_alt(board, lang);
    (text, Picture { png, alt })
}

/// Ranks `all` (best first; equal shown numbers share a rank, more games first among
/// them, then by user id) and keeps the `top` best, with `reader`'s row when it is not
/// among them.
pub fn board_of(title: &str, all: Vec<(UserId, RatingRow)>, reader: UserId, top: usize) -> Board {
    let rated = all.len();
    let mut ranked: Vec<(i64, UserId, RatingRow)> = all
        .into_iter()
        .map(|(user, row)| (live::rating_of(&row).shown(), user, row))
        .collect();
    ranked.sort_unstable_by(|a, b| {
        b.0.cmp(&a.0)
            .then(b.2.games.cmp(&a.2.games))
            .then(a.1.cmp(&b.1))
    });
    let mut rows = Vec::with_capacity(top);
    let mut you = None;
    let mut rank = 0;
    for (i, (shown, user, row)) in ranked.iter().enumerate() {
        if i == 0 || ranked[i - 1].0 != *shown {
            rank = i + 1;
        }
        let is_reader = *user == reader;
        if i >= top && !is_reader {
            continue;
        }
        let board_row = BoardRow {
            rank,
            name: row.name.clone(),
            rating: *shown,
            games: row.games,
            provisional: live::rating_of(row).provisional(),
        };
        if i < top {
            rows.push(board_row);
        } else {
            you = Some(board_row);
            break;
        }
    }
    Board {
        title: title.to_string(),
        rows,
        rated,
        you,
        scope: BoardScope::Server,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, mu: f64, games: u32) -> RatingRow {
        RatingRow {
            mu,
            sigma: 2.0,
            games,
            last_change: 0,
            updated: 0,
            name: name.into(),
        }
    }

    #[test]
    fn ties_share_a_rank_provisional_is_marked_and_the_reader_follows_the_best() {
        let all = vec![
            (1, row("ana", 30.0, 9)),
            (2, row("bruno", 32.0, 2)),
            (3, row("carla", 30.0, 12)),
            (4, row("dino", 20.0, 6)),
            (5, row("eva", 10.0, 7)),
        ];
        let b = board_of("Palazzo", all.clone(), 5, 3);
        let got: Vec<(usize, &str, bool)> = b
            .rows
            .iter()
            .map(|r| (r.rank, r.name.as_str(), r.provisional))
            .collect();
        // bruno first; ana and carla equal, carla (more games) listed first; dino third
        // place is cut at three rows.
        assert_eq!(
            got,
            [(1, "bruno", true), (2, "carla", false), (2, "ana", false)]
        );
        assert_eq!(b.rated, 5);
        let you = b.you.expect("the reader's own row");
        assert_eq!((you.rank, you.name.as_str()), (5, "eva"));
        // A reader among the best has no second row.
        assert_eq!(board_of("Palazzo", all, 2, 3).you, None);
    }
}
