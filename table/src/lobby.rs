//! A game's start: opening a table, joining and leaving it, starting and abandoning it.

use crate::{
    bots, escape_name, hands, text, turn_message, Active, BotLevel, Caller, Change, ChannelId,
    Delivery, SeatedUser, Slot, Table,
};
use storage::{Meta, Status};

impl Table {
    /// `/game new`: opens a lobby with the caller (and `bots`) seated; with bots and
    /// enough seats, the game starts at once.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new_table(
        &self,
        slot: &mut Slot,
        channel: ChannelId,
        caller: &Caller,
        game: &str,
        options: &str,
        seed: Option<u64>,
        bots: &[BotLevel],
        rated: bool,
    ) -> Vec<Delivery> {
        let lang = caller.lang;
        if let Some(active) = &slot.active {
            let state = if active.meta.status == Status::Lobby {
                "lobby"
            } else {
                "running"
            };
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-already-open",
                &[("game", active.title().into()), ("state", state.into())],
            ))];
        }
        let Some(kind) = rules::catalog::find(game) else {
            return vec![Delivery::ephemeral(text::unknown_game(lang, game))];
        };
        let options = match rules::dynamic::options_from_text(options) {
            Ok(o) => o,
            Err(e) => return vec![Delivery::ephemeral(e.to_string())],
        };
        // Check the options now rather than at start.
        if let Err(e) = (kind.new)(kind.players.0, &options, 0) {
            return vec![Delivery::ephemeral(e.to_string())];
        }
        let game_id = match self.store.next_game_id() {
            Ok(id) => id,
            Err(e) => {
                return vec![Delivery::ephemeral(words::text(
                    lang,
                    "table-store-failed-nothing-changed",
                    &[("error", e.to_string().into())],
                ))]
            }
        };
        let now = self.now_s();
        let mut meta = Meta {
            schema: storage::SCHEMA_VERSION,
            game_id,
            channel,
            game: kind.id.to_string(),
            options,
            seed: seed.unwrap_or_else(rand::random),
            seats: vec![SeatedUser::person(caller.user, caller.name.clone())],
            host: caller.user,
            status: Status::Lobby,
            created: now,
            updated: now,
            version: 0,
            guild: caller.guild.unwrap_or(0),
            settings: Default::default(),
            dropped: vec![],
            nudged_ms: 0,
            away: vec![],
        };
        let post = self.post_lang(&meta);
        let mut bot_names = Vec::new();
        for &level in bots {
            match bots::seat_bot(&mut meta, level, post, lang) {
                Ok(name) => bot_names.push(escape_name(&name)),
                Err(refusal) => return vec![Delivery::ephemeral(refusal)],
            }
        }
        let ready = !bots.is_empty() && meta.seats.len() >= kind.players.0;
        let args = [
            ("name", caller.shown_name().into()),
            ("game", kind.title.into()),
            ("min", kind.players.0.into()),
            ("max", kind.players.1.into()),
            ("bots", bot_names.join(", ").into()),
        ];
        let opened = |key| {
            let mut text = words::text(post, key, &args);
            if !rated {
                text.push('\n');
                text.push_str(&words::text(post, "rating-unrated-table", &[]));
            }
            text
        };
        let mut out = vec![if ready {
            Delivery::channel(opened("lobby-opened-ready"))
        } else {
            let key = if bot_names.is_empty() {
                "lobby-opened"
            } else {
                "lobby-opened-with-bots"
            };
            Delivery::lobby(opened(key), meta.game_id, post)
        }];
        if !rated {
            // Before the lobby is stored: the game never exists without its mark.
            self.mark_unrated(&meta);
        }
        let change = Change::seats(&meta, &[]).for_reader(lang);
        if self.commit(change, &mut out).is_ok() {
            slot.active = Some(Active::new(meta, None));
            if ready {
                // Bots fill the seats the game needs: no one else has to come.
                out.extend(self.start(slot, caller));
            }
        }
        out
    }

    pub(crate) fn join(&self, slot: &mut Slot, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        if active.meta.status != Status::Lobby {
            return vec![Delivery::ephemeral(text::already_started(
                lang,
                active.title(),
            ))];
        }
        if let Some(refusal) = self.private_refusal(active, caller) {
            return vec![Delivery::ephemeral(refusal)];
        }
        if active.seat_of(caller.user).is_some() {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "lobby-already-seated",
                &[],
            ))];
        }
        let max = active.kind().map_or(0, |k| k.players.1);
        if active.meta.seats.len() >= max {
            return vec![Delivery::ephemeral(text::table_full(
                lang,
                active.title(),
                max,
            ))];
        }
        let mut meta = active.meta.clone();
        meta.seats
            .push(SeatedUser::person(caller.user, caller.name.clone()));
        meta.updated = self.now_s();
        let post = self.post_lang(&meta);
        let mut out = vec![Delivery::lobby(
            words::text(
                post,
                "lobby-joined",
                &[
                    ("name", caller.shown_name().into()),
                    ("seated", meta.seats.len().into()),
                    ("max", max.into()),
                    ("seats", text::seat_list(&meta).into()),
                ],
            ),
            meta.game_id,
            post,
        )];
        let change = Change::seats(&meta, &[]).for_reader(lang);
        if self.commit(change, &mut out).is_ok() {
            slot.active = Some(Active::new(meta, None));
        }
        out
    }

    pub(crate) fn leave(&self, slot: &mut Slot, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        if active.meta.status != Status::Lobby {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "lobby-leave-under-way",
                &[],
            ))];
        }
        let Some(seat) = active.seat_of(caller.user) else {
            return vec![Delivery::ephemeral(text::not_seated(lang))];
        };
        let mut meta = active.meta.clone();
        meta.seats.remove(seat);
        meta.updated = self.now_s();
        let post = self.post_lang(&meta);
        if meta.seats.is_empty() {
            meta.status = Status::Abandoned;
            let out = vec![Delivery::channel(words::text(
                post,
                "lobby-left-closed",
                &[("name", caller.shown_name().into())],
            ))];
            return self.close_left(slot, meta, &[caller.user], out);
        }
        let mut line = words::text(
            post,
            "lobby-left",
            &[
                ("name", caller.shown_name().into()),
                ("seated", meta.seats.len().into()),
                ("seats", text::seat_list(&meta).into()),
            ],
        );
        if meta.host == caller.user {
            meta.host = meta.seats[0].user;
            line.push(' ');
            line.push_str(&words::text(
                post,
                "lobby-new-host",
                &[("name", escape_name(&meta.seats[0].name).into())],
            ));
        }
        let mut out = vec![Delivery::lobby(line, meta.game_id, post)];
        let left = [caller.user];
        let change = Change::seats(&meta, &left).for_reader(lang);
        if self.commit(change, &mut out).is_ok() {
            slot.active = Some(Active::new(meta, None));
        }
        out
    }

    pub(crate) fn start(&self, slot: &mut Slot, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        if active.meta.status != Status::Lobby {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-already-started",
                &[],
            ))];
        }
        if active.meta.host != caller.user {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "lobby-only-host-starts",
                &[("host", active.host_name(lang).into())],
            ))];
        }
        let Some(kind) = active.kind() else {
            return vec![Delivery::ephemeral(text::unknown_game(
                lang,
                &active.meta.game,
            ))];
        };
        let players = active.meta.seats.len();
        let (min, max) = kind.players;
        if players < min || players > max {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "lobby-players-needed",
                &[
                    ("game", kind.title.into()),
                    ("min", min.into()),
                    ("max", max.into()),
                    ("seated", players.into()),
                ],
            ))];
        }
        let game = match (kind.new)(players, &active.meta.options, active.meta.seed) {
            Ok(g) => g,
            Err(e) => return vec![Delivery::ephemeral(e.to_string())],
        };
        let mut meta = active.meta.clone();
        meta.status = Status::Running;
        meta.updated = self.now_s();
        let snapshot = game.snapshot();
        let post = self.post_lang(&meta);
        let mut next = Active::new(meta, Some(game));
        let private = self.hand_texts(&next);
        let mut out = vec![turn_message(
            &next,
            words::text(
                post,
                "table-begins",
                &[
                    ("game", kind.title.into()),
                    ("seats", text::seat_list(&next.meta).into()),
                ],
            ),
            post,
        )];
        out.extend(hands::hand_updates(&next, &private, None));
        next.private = Some((self.seat_langs(&next), private));
        self.turn_news(&next, &[], &mut out);
        let lesson = self.lesson_at_start(slot, next.meta.game_id);
        let coached = self.coach_start(lesson, &next, &mut out);
        let timers = self.timers_after(&next, false, self.now_ms());
        let change = Change {
            snapshot: Some(&snapshot),
            timers: &timers,
            ..Change::seats(&next.meta, &[]).for_reader(lang)
        };
        if self.commit(change, &mut out).is_ok() {
            if let Some(lesson) = coached {
                self.keep_lesson(next.meta.channel, slot, lesson);
            }
            slot.active = Some(next);
        }
        out
    }

    pub(crate) fn abandon(&self, slot: &mut Slot, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        if active.meta.host != caller.user && !caller.can_manage_channel {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-only-host-abandons",
                &[("host", active.host_name(lang).into())],
            ))];
        }
        let title = active.title();
        let mut meta = active.meta.clone();
        meta.status = Status::Abandoned;
        meta.updated = self.now_s();
        let out = vec![Delivery::channel(words::text(
            self.post_lang(&meta),
            "table-abandoned",
            &[("name", caller.shown_name().into()), ("game", title.into())],
        ))];
        self.close(slot, meta, out)
    }
}
