//! A finished game rated as it is archived: its rated result, and the channel message
//! telling every person's change, stored in the archive's transaction (see
//! `docs/ratings.md`).

use crate::commit::outbox_rows;
use crate::ratings::{live, Rating};
use crate::text::escape_name;
use crate::{Active, Delivery, Lang, Table};
use storage::{Meta, Rated, RatingChange, Status, UserId};
use words::Value;

/// The channel note naming the game made with `rated:off` (its id, big-endian): a later
/// game in the channel has another id, so it is rated again.
pub(crate) const UNRATED_NOTE: &str = "ratings:unrated";

/// The server's note (under its guild id) allowing its games on the global ladder.
pub(crate) const GLOBAL_NOTE: &str = "ratings:global";

impl Table {
    /// What rates the table's game as it is archived: `None` for a game not played to
    /// the end, made with `rated:off`, outside a server, or without people.
    pub(crate) fn rated(&self, active: &Active) -> Option<Rated> {
        if active.meta.status != Status::Finished || self.unrated(&active.meta) {
            return None;
        }
        let outcome = active.game.as_ref()?.outcome()?;
        let mut game = live::rated_game(&active.meta, &outcome)?;
        if self.global_ratings(active.meta.guild) {
            game.ladders.push(storage::GLOBAL_LADDER.to_string());
        }
        if let Some(season) = self.running_season(active.meta.guild) {
            game.ladders
                .push(storage::season_ladder(active.meta.guild, &season.name));
        }
        let lang = self.post_lang(&active.meta);
        let title = active.title();
        let names = names(&active.meta);
        let channel = active.meta.channel;
        let due = self.now_ms();
        Some(Rated {
            game,
            rate: live::rate_stored,
            announce: Box::new(move |changes| {
                let told = announcement(lang, title, &names, changes)?;
                outbox_rows(channel, &[told], due).into_iter().next()
            }),
        })
    }

    /// Whether the game was made with `rated:off`.
    pub(crate) fn unrated(&self, meta: &Meta) -> bool {
        self.note(meta.channel, UNRATED_NOTE).as_deref() == Some(&meta.game_id.to_be_bytes())
    }

    /// Whether server `guild` lets its games rate on the global ladder too.
    pub fn global_ratings(&self, guild: u64) -> bool {
        guild != 0 && self.note(guild, GLOBAL_NOTE).as_deref() == Some(b"on")
    }

    /// `/game settings global_ratings:on|off` on server `guild`, for a member with
    /// Manage Server (`may_manage_server`): answered privately in `reader`.
    pub fn set_global_ratings(
        &self,
        guild: u64,
        may_manage_server: bool,
        reader: Lang,
        on: bool,
    ) -> Vec<Delivery> {
        if !may_manage_server {
            return vec![Delivery::ephemeral(words::text(
                reader,
                "rating-global-not-allowed",
                &[],
            ))];
        }
        if let Err(e) = self
            .store
            .put_note(guild, GLOBAL_NOTE, if on { b"on" } else { b"off" })
        {
            return vec![Delivery::ephemeral(words::text(
                reader,
                "rating-unreadable",
                &[("error", Value::from(e.to_string()))],
            ))];
        }
        let key = if on {
            "rating-global-on"
        } else {
            "rating-global-off"
        };
        vec![Delivery::ephemeral(words::text(reader, key, &[]))]
    }

    /// Marks the game made in `meta` unrated (`rated:off`).
    pub(crate) fn mark_unrated(&self, meta: &Meta) {
        self.put_note(meta.channel, UNRATED_NOTE, &meta.game_id.to_be_bytes());
    }
}

/// Each seated person's name, by user id.
pub(crate) fn names(meta: &Meta) -> Vec<(UserId, String)> {
    meta.seats
        .iter()
        .map(|s| (s.user, escape_name(&s.name)))
        .collect()
}

/// The channel message telling a game's rating changes on its first ladder (`+14 →
/// 1,087`, a provisional rating marked), in `lang`; `None` when nobody was rated.
pub(crate) fn announcement(
    lang: Lang,
    title: &str,
    names: &[(UserId, String)],
    changes: &[RatingChange],
) -> Option<Delivery> {
    let ladder = &changes.first()?.ladder;
    let mut text = words::text(lang, "rating-changes", &[("game", Value::from(title))]);
    for c in changes.iter().filter(|c| &c.ladder == ladder) {
        let after = live::rating_of(&c.after);
        let name = names
            .iter()
            .find(|(u, _)| *u == c.user)
            .map_or("?", |(_, n)| n.as_str());
        text.push('\n');
        text.push_str(&change_line(lang, name, &after));
    }
    Some(Delivery::channel(text))
}

/// A change of the shown number with its sign: `+14`, `−73`, `±0`.
pub(crate) fn delta(lang: Lang, change: i64) -> String {
    let key = match change {
        c if c > 0 => "rating-delta-up",
        c if c < 0 => "rating-delta-down",
        _ => "rating-delta-none",
    };
    words::text(lang, key, &[("change", Value::from(change.abs()))])
}

/// One person's line: `Ada: +14 → 1,087 (provisional)`.
pub(crate) fn change_line(lang: Lang, name: &str, after: &Rating) -> String {
    let mut line = words::text(
        lang,
        "rating-change",
        &[
            ("name", Value::from(name)),
            ("change", Value::from(delta(lang, after.last_change))),
            ("rating", Value::from(after.shown())),
        ],
    );
    if after.provisional() {
        line.push(' ');
        line.push_str(&words::text(lang, "rating-provisional", &[]));
    }
    line
}
