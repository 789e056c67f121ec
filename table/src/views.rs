//! What a channel shows on request, changing nothing: status, hands, scores, the log, rules,
//! pictures and board text, a player's choices and prompts.

use crate::drawing::{draw, shown_names};
use crate::moves::prompts_of;
use crate::restore::restore;
use crate::{
    awaited_seat, history, text, turn_message, Active, Caller, ChannelId, Delivery, Lang,
    PictureOf, SeatedUser, Slot, StateVersion, Table, TurnPrompt, UserId,
};
use rules::{DynGame, Seat};
use std::sync::Arc;
use storage::{ArchiveEntry, Meta};

impl Table {
    /// The legal action texts of `user` in `channel` now (autocomplete, buttons). Private
    /// to that user: a list of payments or bids can reveal a hand or money.
    pub fn legal_actions(&self, channel: ChannelId, user: UserId) -> Vec<String> {
        self.choices(channel, user)
            .map(|(_, actions)| actions)
            .unwrap_or_default()
    }

    /// The state version together with `user`'s legal actions in it, read atomically, so
    /// that a choice made from this list can be checked for staleness. `None` without a
    /// running game, for a user not seated, or for one who left it (see [`Table::refusal`]).
    pub fn choices(&self, channel: ChannelId, user: UserId) -> Option<(StateVersion, Vec<String>)> {
        self.with_slot(channel, |slot| {
            let active = slot.active.as_ref()?;
            let game = active.game.as_ref()?;
            let seat = active.seat_of(user)?;
            if active.played_by_table(seat) {
                // The bot makes this seat's moves now.
                return None;
            }
            let legal = game.legal_texts(seat);
            Some((StateVersion::for_seat(active.meta.game_id, &legal), legal))
        })
    }

    /// Why `user` may not move in `channel` now (no table, not started, not seated, left
    /// the game, not their turn): the refusal a move of theirs gets, in `lang`. `None`
    /// when awaited.
    pub fn refusal(&self, channel: ChannelId, user: UserId, lang: Lang) -> Option<String> {
        self.with_slot(channel, |slot| match slot.active.as_ref() {
            None => Some(text::no_table(lang)),
            Some(active) => awaited_seat(active, &Caller::new(user, "").with_lang(lang)).err(),
        })
    }

    /// The turn message of `channel`'s running game as a move would post it now, without
    /// that move's events (the state line and who is awaited), in the channel's language;
    /// `None` without a running game. `benches/history.rs` times it per language.
    pub fn turn_message_now(&self, channel: ChannelId) -> Option<Delivery> {
        self.with_slot(channel, |slot| {
            let active = slot.active.as_ref().filter(|a| a.game.is_some())?;
            let lang = self.post_lang(&active.meta);
            Some(turn_message(active, String::new(), lang))
        })
    }

    /// The current turn prompts in `channel` (empty without a running game).
    pub fn prompts(&self, channel: ChannelId) -> Vec<TurnPrompt> {
        self.with_slot(channel, |slot| {
            slot.active.as_ref().map(prompts_of).unwrap_or_default()
        })
    }

    /// The running game's id and version in `channel`, if any (stale prompt detection).
    pub fn state_version(&self, channel: ChannelId) -> Option<StateVersion> {
        self.with_slot(channel, |slot| {
            slot.active.as_ref().map(Active::state_version)
        })
    }

    /// The game id of the table in `channel`, if any (`palazzo`).
    pub fn game_in(&self, channel: ChannelId) -> Option<String> {
        self.with_slot(channel, |slot| {
            slot.active.as_ref().map(|a| a.meta.game.clone())
        })
    }

    /// The seats in `channel`, in order (empty without a table).
    pub fn seats(&self, channel: ChannelId) -> Vec<SeatedUser> {
        self.with_slot(channel, |slot| {
            slot.active
                .as_ref()
                .map(|a| a.meta.seats.clone())
                .unwrap_or_default()
        })
    }

    /// The picture of `of` (PNG and alt text), drawn from the game's public view (or, with `of.seat`, that seat's
    /// private view) while the game is still at that version — running, or just archived
    /// with it. `None` when the game has moved on (a later message carries the newer
    /// board), for a game without pictures, or when nothing can be read. Public pictures
    /// are cached per (channel, version, language). The board is drawn in the channel's
    /// language, a private picture in its owner's ([`Table::picture_lang`]).
    pub fn picture(&self, channel: ChannelId, of: PictureOf) -> Option<Arc<crate::Picture>> {
        self.with_slot(channel, |slot| {
            let Some(active) = slot
                .active
                .as_ref()
                .filter(|a| a.meta.game_id == of.game_id)
            else {
                return self
                    .archived_at(channel, of, |game, meta| {
                        draw(game, meta, of.seat, self.picture_lang(meta, of.seat))
                    })
                    .flatten()
                    .map(Arc::new);
            };
            if !active.shows(&of) {
                return None;
            }
            let lang = self.picture_lang(&active.meta, of.seat);
            let cached = slot
                .picture
                .as_ref()
                .filter(|(c, l, _)| *c == of && *l == lang);
            if let Some((_, _, picture)) = cached {
                return Some(picture.clone());
            }
            let png = Arc::new(draw(active.game.as_deref()?, &active.meta, of.seat, lang)?);
            if of.seat.is_none() {
                slot.picture = Some((of, lang, png.clone()));
            }
            Some(png)
        })
    }

    /// The language a picture of the game `meta` is drawn in: the board (`seat: None`)
    /// in the channel's (its server's locale when the channel chose none), a private
    /// picture in its owner's own choice.
    pub(crate) fn picture_lang(&self, meta: &Meta, seat: Option<Seat>) -> words::Lang {
        match seat {
            None => self.channel_lang(meta.channel, (meta.guild != 0).then_some(meta.guild)),
            Some(seat) => meta
                .seats
                .get(seat)
                .map_or(words::Lang::En, |s| self.person_lang(s.user, None)),
        }
    }

    /// The board `of` as text (what the terminal shows where Discord shows the picture):
    /// the public board, or with `of.seat` that seat's private text; `None` once the game
    /// has moved on, as for [`Table::picture`].
    pub fn board_text(&self, channel: ChannelId, of: PictureOf) -> Option<String> {
        let text = |game: &dyn DynGame, meta: &Meta| {
            let names = shown_names(meta);
            let say = words::Speaker::new(self.picture_lang(meta, of.seat), &names);
            match of.seat {
                None => game.public_text(&names, &say),
                Some(seat) => game.private_text(seat, &names, &say),
            }
        };
        self.with_slot(channel, |slot| {
            match slot
                .active
                .as_ref()
                .filter(|a| a.meta.game_id == of.game_id)
            {
                Some(active) if active.shows(&of) => {
                    Some(text(active.game.as_deref()?, &active.meta))
                }
                Some(_) => None,
                None => self.archived_at(channel, of, text),
            }
        })
    }

    /// `f` of the game archived since at the version `of` shows (the archive keeps its
    /// last state), with its metadata. Reads that one game of the archive, by its id.
    fn archived_at<R>(
        &self,
        channel: ChannelId,
        of: PictureOf,
        f: impl FnOnce(&dyn DynGame, &Meta) -> R,
    ) -> Option<R> {
        let entry = match self.store.archived_game(channel, of.game_id) {
            Ok(entry) => entry?,
            Err(e) => {
                tracing::warn!(channel, game_id = of.game_id, error = %e, "cannot read an archived game");
                return None;
            }
        };
        if entry.meta.version != of.version {
            return None;
        }
        let game = restore(&entry.meta, Some(&entry.snapshot)).ok()??;
        Some(f(game.as_ref(), &entry.meta))
    }

    pub(crate) fn scores(&self, slot: &Slot, channel: ChannelId, lang: Lang) -> Vec<Delivery> {
        if let Some(active) = &slot.active {
            if let Some(game) = &active.game {
                return vec![Delivery::ephemeral(words::text(
                    lang,
                    "table-scores-now",
                    &[(
                        "board",
                        game.public_text(
                            &active.names(),
                            &words::Speaker::new(lang, &active.names()),
                        )
                        .into(),
                    )],
                ))];
            }
        }
        match self.last_finished(channel) {
            Ok(Some(entry)) => {
                let names = shown_names(&entry.meta);
                // The final state gives the outcome with its phrases (the reader's
                // language); the stored JSON is the fallback.
                let outcome: Option<rules::Outcome> = rules::catalog::find(&entry.meta.game)
                    .and_then(|k| (k.restore)(&entry.snapshot).ok())
                    .and_then(|g| g.outcome())
                    .or_else(|| entry.outcome.and_then(|o| serde_json::from_value(o).ok()));
                let title = rules::catalog::find(&entry.meta.game).map_or("game", |k| k.title);
                match outcome {
                    Some(o) => vec![Delivery::ephemeral(words::text(
                        lang,
                        "table-last-game",
                        &[
                            ("game", title.into()),
                            ("outcome", text::outcome(lang, &o, &names).into()),
                        ],
                    ))],
                    None => vec![Delivery::ephemeral(words::text(
                        lang,
                        "table-last-result-unreadable",
                        &[],
                    ))],
                }
            }
            Ok(None) => vec![Delivery::ephemeral(words::text(
                lang,
                "table-no-game-finished",
                &[],
            ))],
            Err(e) => vec![Delivery::ephemeral(text::store_failed(lang, &e))],
        }
    }

    /// The newest game of `channel`'s archive played to the end (with an outcome): the
    /// archive's game ids are listed newest first and the games read one at a time until
    /// one is found, so older games are never decoded. An unreadable game is passed over
    /// (and logged) rather than hiding the others.
    pub(crate) fn last_finished(
        &self,
        channel: ChannelId,
    ) -> Result<Option<ArchiveEntry>, storage::StoreError> {
        for game_id in self.store.archived_ids(channel)? {
            match self.store.archived_game(channel, game_id) {
                Ok(Some(entry)) if entry.outcome.is_some() => return Ok(Some(entry)),
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(channel, game_id, error = %e, "skipping an unreadable archived game")
                }
            }
        }
        Ok(None)
    }

    pub(crate) fn log(&self, slot: &Slot, lang: Lang) -> Vec<Delivery> {
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        match self.store.log(active.meta.game_id) {
            Ok(entries) => {
                // The log keeps the English: another language replays it for phrases.
                let phrases = if lang == Lang::En {
                    Vec::new()
                } else {
                    history::log_phrases(&active.meta, &entries)
                };
                let names = active.names();
                vec![Delivery::ephemeral(text::log(
                    lang, &entries, &phrases, &names,
                ))]
            }
            Err(e) => vec![Delivery::ephemeral(text::log_unreadable(lang, &e))],
        }
    }
}

pub(crate) fn status(slot: &Slot, lang: Lang) -> Vec<Delivery> {
    let Some(active) = &slot.active else {
        return vec![Delivery::ephemeral(text::no_table(lang))];
    };
    let Some(game) = &active.game else {
        return vec![Delivery::ephemeral(words::text(
            lang,
            "lobby-status",
            &[
                ("game", active.title().into()),
                ("seats", text::seat_list(&active.meta).into()),
                ("host", active.host_name(lang).into()),
            ],
        ))];
    };
    let names = active.names();
    let board = game.public_text(&names, &words::Speaker::new(lang, &names));
    let waiting = text::waiting_for(lang, &names, &game.awaiting());
    let state_line = board.lines().next().unwrap_or_default();
    vec![Delivery::Ephemeral {
        summary: Some(format!("{state_line}\n{waiting}")),
        text: format!("{board}\n\n{waiting}"),
        picture: Some(active.picture_of(None)),
    }]
}

pub(crate) fn hand(slot: &Slot, caller: &Caller) -> Vec<Delivery> {
    let lang = caller.lang;
    let Some(active) = &slot.active else {
        return vec![Delivery::ephemeral(text::no_table(lang))];
    };
    let Some(seat) = active.seat_of(caller.user) else {
        return vec![Delivery::ephemeral(text::not_seated(lang))];
    };
    match &active.game {
        Some(game) => {
            let names = active.names();
            let t = game.private_text(seat, &names, &words::Speaker::new(lang, &names));
            if t.trim().is_empty() {
                return vec![Delivery::ephemeral(words::text(
                    lang,
                    "table-no-hidden-information",
                    &[],
                ))];
            }
            vec![Delivery::Ephemeral {
                text: t,
                summary: None,
                picture: Some(active.picture_of(Some(seat))),
            }]
        }
        None => vec![Delivery::ephemeral(words::text(
            lang,
            "table-not-started",
            &[],
        ))],
    }
}

pub(crate) fn rules_help(
    slot: &Slot,
    game: Option<&str>,
    topic: Option<&str>,
    lang: Lang,
) -> Vec<Delivery> {
    let kind = match game {
        Some(g) => rules::catalog::find(g),
        None => slot.active.as_ref().and_then(Active::kind),
    };
    match kind {
        Some(kind) => text::rules_pages(lang, &text::rules_text(kind, lang), topic)
            .into_iter()
            .map(Delivery::ephemeral)
            .collect(),
        None => vec![Delivery::ephemeral(text::game_list(lang))],
    }
}
