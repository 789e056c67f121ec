//! `/game rating [player] [title] [ladder]`: a person's ratings on this server (or
//! across servers, or in the server's season), answered privately — the shown number,
//! provisional or not, rated games, the last change and their rank among that ladder's
//! rated players of that title.

use crate::ladder_view::LadderView;
use crate::rated::delta;
use crate::ratings::live;
use crate::{text, Caller, Delivery, Lang, Table, UserId};
use storage::RatingRow;
use words::Value;

impl Table {
    /// The reply to `/game rating`: `user` (default: the caller) at `game` (default:
    /// every title they are rated at) on the ladder `view` names.
    pub(crate) fn rating(
        &self,
        caller: &Caller,
        user: Option<(UserId, String)>,
        game: Option<&str>,
        view: LadderView,
    ) -> Vec<Delivery> {
        let lang = caller.lang;
        let ladder = match self.ladder_for(caller, view) {
            Ok(ladder) => ladder,
            Err(sentence) => return vec![Delivery::ephemeral(sentence)],
        };
        let which = [
            ("ladder", Value::from(ladder.scope.word())),
            ("season", Value::from(ladder.season.clone())),
        ];
        let ladder = ladder.key;
        let kinds = match game.map(str::trim).filter(|g| !g.is_empty() && *g != "all") {
            None => rules::catalog::games(),
            Some(g) => match rules::catalog::find(g) {
                Some(kind) => vec![kind],
                None => return vec![Delivery::ephemeral(text::unknown_game(lang, g))],
            },
        };
        let (user, name) = user.unwrap_or((caller.user, caller.name.clone()));
        let name = text::escape_name(&name);
        let mut lines = Vec::new();
        for kind in &kinds {
            let found = self.store.rating(&ladder, kind.id, user).and_then(|mine| {
                let Some(mine) = mine else { return Ok(None) };
                let all = self.store.ladder(&ladder, kind.id)?;
                Ok(Some((mine, all)))
            });
            match found {
                Ok(Some((mine, all))) => {
                    let (rank, of) = rank(&mine, &all);
                    lines.push(rating_line(lang, kind.title, &mine, rank, of));
                }
                Ok(None) => {}
                Err(e) => {
                    return vec![Delivery::ephemeral(words::text(
                        lang,
                        "rating-unreadable",
                        &[("error", Value::from(e.to_string()))],
                    ))]
                }
            }
        }
        if lines.is_empty() {
            let (key, game) = match game.and_then(|_| kinds.first()) {
                Some(kind) => ("rating-none-of-game", kind.title),
                None => ("rating-none", ""),
            };
            let mut args = vec![("name", Value::from(name)), ("game", Value::from(game))];
            args.extend(which);
            return vec![Delivery::ephemeral(words::text(lang, key, &args))];
        }
        let mut args = vec![("name", Value::from(name))];
        args.extend(which);
        let heading = words::text(lang, "rating-heading", &args);
        vec![Delivery::ephemeral(format!(
            "{heading}\n{}",
            lines.join("\n")
        ))]
    }
}

/// `mine`'s rank among `all` (1 = best; equal shown numbers share a rank) and how many
/// are ranked.
pub(crate) fn rank(mine: &RatingRow, all: &[(UserId, RatingRow)]) -> (usize, usize) {
    let shown = live::rating_of(mine).shown();
    let above = all
        .iter()
        .filter(|(_, r)| live::rating_of(r).shown() > shown)
        .count();
    (above + 1, all.len())
}

/// One title's line of the reply.
fn rating_line(lang: Lang, title: &str, row: &RatingRow, rank: usize, of: usize) -> String {
    let rating = live::rating_of(row);
    let mut line = words::text(
        lang,
        "rating-line",
        &[
            ("game", Value::from(title)),
            ("rating", Value::from(rating.shown())),
            ("games", Value::from(rating.games)),
            ("change", Value::from(delta(lang, rating.last_change))),
            ("rank", Value::from(rank)),
            ("players", Value::from(of)),
        ],
    );
    if rating.provisional() {
        line.push(' ');
        line.push_str(&words::text(lang, "rating-provisional", &[]));
    }
    line
}
