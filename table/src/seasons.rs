//! `/game season start|end|show`: a server's seasons. While one runs, every rated game on
//! the server also rates its people on the season's ladder (`season:<guild>:<name>`),
//! where each starts from their all-time rating with σ widened (`storage::season_seed`);
//! an ended season's ladder is kept as its final standings. The seasons are one note
//! under the server's id (see `docs/ratings.md`).

use crate::rating_board::{board_of, drawn, BOARD_ROWS};
use crate::{text, Caller, Delivery, Picture, Table};
use serde::{Deserialize, Serialize};
use storage::season_ladder;
use words::{Lang, Value};

/// The server's note (under its guild id) listing its seasons, oldest first.
pub(crate) const SEASONS_NOTE: &str = "ratings:seasons";

/// The longest season name.
pub const SEASON_NAME_MAX: usize = 40;

/// One season of a server: its name and dates (Unix seconds); `ended` is `None` while it
/// runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Season {
    pub name: String,
    pub started: u64,
    pub ended: Option<u64>,
}

/// Whether `name` may name a season: 1 to [`SEASON_NAME_MAX`] letters, digits, spaces,
/// dots, hyphens or underscores.
fn valid_name(name: &str) -> bool {
    let n = name.chars().count();
    (1..=SEASON_NAME_MAX).contains(&n)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '.' | '-' | '_'))
}

/// A date as Discord shows it in each reader's own locale.
fn date(seconds: u64) -> String {
    format!("<t:{seconds}:D>")
}

fn said(lang: Lang, key: &str, args: &[(&str, Value<'static>)]) -> Vec<Delivery> {
    vec![Delivery::ephemeral(words::text(lang, key, args))]
}

impl Table {
    /// Every season of server `guild`, oldest first (none outside a server).
    pub fn seasons(&self, guild: u64) -> Vec<Season> {
        if guild == 0 {
            return vec![];
        }
        self.note(guild, SEASONS_NOTE)
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .unwrap_or_default()
    }

    /// The season running on server `guild`, if one is.
    pub fn running_season(&self, guild: u64) -> Option<Season> {
        self.seasons(guild).pop().filter(|s| s.ended.is_none())
    }

    fn put_seasons(
        &self,
        guild: u64,
        seasons: &[Season],
        reader: Lang,
    ) -> Result<(), Vec<Delivery>> {
        let bytes = serde_json::to_vec(seasons).unwrap_or_default();
        self.store
            .put_note(guild, SEASONS_NOTE, &bytes)
            .map_err(|e| {
                said(
                    reader,
                    "rating-unreadable",
                    &[("error", Value::from(e.to_string()))],
                )
            })
    }

    /// `/game season start name:…` on server `guild`, for a member with Manage Server:
    /// answered privately in `reader`.
    pub fn season_start(
        &self,
        guild: u64,
        may_manage_server: bool,
        reader: Lang,
        name: &str,
    ) -> Vec<Delivery> {
        if !may_manage_server || guild == 0 {
            return said(reader, "season-not-allowed", &[]);
        }
        let name = name.trim();
        if !valid_name(name) {
            return said(
                reader,
                "season-bad-name",
                &[("max", Value::from(SEASON_NAME_MAX))],
            );
        }
        let mut seasons = self.seasons(guild);
        if let Some(running) = seasons.last().filter(|s| s.ended.is_none()) {
            return said(
                reader,
                "season-already-running",
                &[
                    ("name", Value::from(running.name.clone())),
                    ("since", Value::from(date(running.started))),
                ],
            );
        }
        if seasons
            .iter()
            .any(|s| s.name.to_lowercase() == name.to_lowercase())
        {
            return said(
                reader,
                "season-name-taken",
                &[("name", Value::from(name.to_string()))],
            );
        }
        seasons.push(Season {
            name: name.to_string(),
            started: self.now_s(),
            ended: None,
        });
        if let Err(refused) = self.put_seasons(guild, &seasons, reader) {
            return refused;
        }
        said(
            reader,
            "season-started",
            &[("name", Value::from(name.to_string()))],
        )
    }

    /// `/game season end` on server `guild`, for a member with Manage Server: the running
    /// season ends and its ladder stays as its final standings.
    pub fn season_end(&self, guild: u64, may_manage_server: bool, reader: Lang) -> Vec<Delivery> {
        if !may_manage_server || guild == 0 {
            return said(reader, "season-not-allowed", &[]);
        }
        let mut seasons = self.seasons(guild);
        let Some(running) = seasons.last_mut().filter(|s| s.ended.is_none()) else {
            return said(reader, "season-none-running", &[]);
        };
        let now = self.now_s();
        running.ended = Some(now);
        let (name, started) = (running.name.clone(), running.started);
        if let Err(refused) = self.put_seasons(guild, &seasons, reader) {
            return refused;
        }
        said(
            reader,
            "season-ended",
            &[
                ("name", Value::from(name)),
                ("since", Value::from(date(started))),
                ("until", Value::from(date(now))),
            ],
        )
    }

    /// `/game season show [name] game:…`: the season named (else the running one, else
    /// the last) on the caller's server: its dates and the title's standings as the
    /// leaderboard picture; or the sentence saying why there are none.
    pub fn season_show(
        &self,
        caller: &Caller,
        name: Option<&str>,
        game: Option<&str>,
    ) -> Result<(String, Picture), String> {
        let lang = caller.lang;
        let guild = caller.guild.unwrap_or(0);
        let seasons = self.seasons(guild);
        let name = name.map(str::trim).filter(|n| !n.is_empty());
        let season = match name {
            Some(name) => seasons
                .iter()
                .find(|s| s.name.to_lowercase() == name.to_lowercase())
                .ok_or_else(|| {
                    words::text(
                        lang,
                        "season-unknown",
                        &[("name", Value::from(name.to_string()))],
                    )
                })?,
            None => seasons
                .last()
                .ok_or_else(|| words::text(lang, "season-none-yet", &[]))?,
        };
        let Some(game) = game.map(str::trim).filter(|g| !g.is_empty()) else {
            return Err(words::text(lang, "rating-board-pick-a-title", &[]));
        };
        let Some(kind) = rules::catalog::find(game) else {
            return Err(text::unknown_game(lang, game));
        };
        let all = self
            .store
            .ladder(&season_ladder(guild, &season.name), kind.id)
            .map_err(|e| {
                words::text(
                    lang,
                    "rating-unreadable",
                    &[("error", Value::from(e.to_string()))],
                )
            })?;
        let dates = match season.ended {
            Some(ended) => words::text(
                lang,
                "season-dates-ended",
                &[
                    ("name", Value::from(season.name.clone())),
                    ("since", Value::from(date(season.started))),
                    ("until", Value::from(date(ended))),
                ],
            ),
            None => words::text(
                lang,
                "season-dates-running",
                &[
                    ("name", Value::from(season.name.clone())),
                    ("since", Value::from(date(season.started))),
                ],
            ),
        };
        if all.is_empty() {
            return Err(format!(
                "{dates}\n{}",
                words::text(
                    lang,
                    "season-board-empty",
                    &[("game", Value::from(kind.title))]
                )
            ));
        }
        let title = format!("{} · {}", kind.title, season.name);
        let mut board = board_of(&title, all, caller.user, BOARD_ROWS);
        board.scope = render::BoardScope::Season;
        let (text, picture) = drawn(&board, lang);
        Ok((format!("{dates}\n{text}"), picture))
    }
}

#[cfg(test)]
mod tests {
    use super::valid_name;

    #[test]
    fn a_season_name_is_short_plain_words() {
        for ok in ["spring", "Spring 2027", "s-1.b_2", "otoño"] {
            assert!(valid_name(ok), "{ok}");
        }
        for bad in ["", "a:b", "<@1>", "x".repeat(41).as_str(), "new\nline"] {
            assert!(!valid_name(bad), "{bad}");
        }
    }
}
