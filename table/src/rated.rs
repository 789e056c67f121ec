//! A finished game rated as it is archived: its rated result, and its end message with
//! every person's change after the scores, stored in the archive's transaction (see
//! `docs/ratings.md`).

use crate::commit::outbox_rows;
use crate::ratings::{live, Rating};
use crate::text::escape_name;
use crate::{Active, Delivery, Lang, Table};
use storage::{Meta, Rated, RatedGame, RatingChange, Status, UserId};
use words::Value;

/// The channel note naming the game made with `rated:off` (its id, big-endian): a later
/// game in the channel has another id, so it is rated again.
pub(crate) const UNRATED_NOTE: &str = "ratings:unrated";

/// The server's note (under its guild id) allowing its games on the global ladder.
pub(crate) const GLOBAL_NOTE: &str = "ratings:global";

impl Table {
    /// Whether the table's game is rated as it is archived: not for a game not played to
    /// the end, made with `rated:off`, outside a server, or without people.
    pub(crate) fn rates(&self, active: &Active) -> bool {
        self.rated_game(active).is_some()
    }

    /// The result the table's game is rated on, with its ladders (the server's, the
    /// global one when the server allows it, the running season's); `None` when
    /// [`Table::rates`] is false.
    fn rated_game(&self, active: &Active) -> Option<RatedGame> {
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
        Some(game)
    }

    /// What rates the table's game as it is archived, and stores its end message (`end`,
    /// or one without the last move's lines when it is archived late) with each
    /// person's change: the message stored in the outbox with the archive and the
    /// ratings (`None` when the game is not rated).
    pub(crate) fn rated(
        &self,
        active: &Active,
        end: Option<Delivery>,
    ) -> Option<(Rated, Delivery)> {
        let game = self.rated_game(active)?;
        let end = end.unwrap_or_else(|| self.end_message(active, &[]));
        let lang = self.post_lang(&active.meta);
        let names = names(&active.meta);
        let channel = active.meta.channel;
        let due = self.now_ms();
        let stored = end.clone();
        let rated = Rated {
            game,
            rate: live::rate_stored,
            announce: Box::new(move |changes| {
                let told = with_changes(stored, lang, &names, changes);
                outbox_rows(channel, &[told], due).into_iter().next()
            }),
        };
        Some((rated, end))
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

/// A rated game's end message `end` with each person's change on the game's first
/// ladder after the scores (`ana: +14 → 1,087`, a provisional rating marked), in `lang`.
pub(crate) fn with_changes(
    mut end: Delivery,
    lang: Lang,
    names: &[(UserId, String)],
    changes: &[RatingChange],
) -> Delivery {
    let Some(ladder) = changes.first().map(|c| &c.ladder) else {
        return end;
    };
    let mut text = words::text(lang, "rating-changes", &[]);
    for c in changes.iter().filter(|c| &c.ladder == ladder) {
        let after = live::rating_of(&c.after);
        let name = names
            .iter()
            .find(|(u, _)| *u == c.user)
            .map_or("?", |(_, n)| n.as_str());
        text.push('\n');
        text.push_str(&change_line(lang, name, &after));
    }
    if let Delivery::Channel { text: end, .. } = &mut end {
        end.truncate(end.trim_end().len());
        end.push_str("\n\n");
        end.push_str(&text);
    }
    end
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
