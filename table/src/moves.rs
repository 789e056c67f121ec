//! Playing a move: whose turn it is, applying and storing the move, telling it in the
//! channel and prompting the next player.

use crate::{
    hands, text, Active, Caller, Change, Delivery, Lang, Slot, StateVersion, Table, TurnPrompt,
    NAME_CHARS, SNAPSHOT_EVERY,
};
use rules::Seat;
use storage::{LogEntry, Meta, Status};

impl Table {
    pub(crate) fn choose(
        &self,
        slot: &mut Slot,
        caller: &Caller,
        index: usize,
        at: StateVersion,
    ) -> Vec<Delivery> {
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(caller.lang))];
        };
        let seat = match awaited_seat(active, caller) {
            Ok(seat) => seat,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let legal = active
            .game
            .as_ref()
            .map(|g| g.legal_texts(seat))
            .unwrap_or_default();
        // Stale only when this seat's own options changed since the panel was made.
        if StateVersion::for_seat(active.meta.game_id, &legal) != at {
            return vec![Delivery::ephemeral(text::stale_prompt(caller.lang))];
        }
        match legal.get(index).cloned() {
            Some(line) => self.play(slot, caller, &line),
            None => vec![Delivery::ephemeral(words::text(
                caller.lang,
                "table-not-a-choice",
                &[],
            ))],
        }
    }

    pub(crate) fn play(&self, slot: &mut Slot, caller: &Caller, line: &str) -> Vec<Delivery> {
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(caller.lang))];
        };
        let seat = match awaited_seat(active, caller) {
            Ok(seat) => seat,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let (channel, game_id, before) = (
            active.meta.channel,
            active.meta.game_id,
            active.meta.version,
        );
        let post = self.post_lang(&active.meta);
        let mut batch = hands::Batch {
            typed_in: Some(caller.lang),
            ..hands::Batch::single()
        };
        let mut out = self.play_seat_in(slot, seat, line, Mover::Player, &mut batch);
        if slot
            .active
            .as_ref()
            .is_some_and(|a| a.meta.version != before)
        {
            out.extend(self.cancel_undo_by_move(
                channel,
                game_id,
                before,
                &caller.shown_name(),
                post,
            ));
        }
        out.extend(self.stand_in_moves(slot));
        out
    }

    /// Plays `line` for `seat` (already checked to be awaited) and stores it with its
    /// deliveries and the timers of the new state.
    pub(crate) fn play_seat(
        &self,
        slot: &mut Slot,
        seat: Seat,
        line: &str,
        mover: Mover,
    ) -> Vec<Delivery> {
        self.play_seat_in(slot, seat, line, mover, &mut hands::Batch::single())
    }

    /// [`Table::play_seat`] as one move of `batch`: its messages wait for the batch's
    /// last move (a timeout settling a whole turn posts one channel message).
    pub(crate) fn play_seat_in(
        &self,
        slot: &mut Slot,
        seat: Seat,
        line: &str,
        mover: Mover,
        batch: &mut hands::Batch,
    ) -> Vec<Delivery> {
        let lesson = self.lesson(slot);
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(Lang::En))];
        };
        let Some(game) = &active.game else {
            return vec![];
        };
        let names = active.names();
        let post = self.post_lang(&active.meta);
        let mut next = game.box_clone();
        let applied = match next.apply_text(seat, line, &names) {
            Ok(a) => a,
            Err(refusal) => {
                // In the language of whoever typed it (English for a bot's or a timeout's
                // move, which no one reads).
                let lang = batch.typed_in.unwrap_or_default();
                return vec![Delivery::ephemeral(words::phrase(
                    lang,
                    &refusal.phrase,
                    &names,
                ))];
            }
        };
        let now_ms = self.now_ms();
        let now = now_ms / 1000;
        let mut meta = active.meta.clone();
        meta.version += 1;
        meta.updated = now;
        let over = next.is_over();
        if over {
            meta.status = Status::Finished;
        }
        // Only what everyone may know is logged for display; the action text itself can
        // be secret (a stash), so players read the log through the public narration.
        let public: Vec<String> = applied
            .narrations
            .iter()
            .filter(|n| n.audience == rules::Audience::Everyone)
            .map(|n| n.text.clone())
            .collect();
        // What the channel reads: the narration in the channel's language where the game
        // has it in the Fluent files (the log keeps the English).
        let told = told_in_channel(self, &meta, &applied.narrations, &public, &names);
        let entry = LogEntry {
            seat,
            action: applied.action,
            text: applied.text.clone(),
            public: public.clone(),
            at: now,
        };
        // A snapshot every few actions (and of the final state); the log entries after
        // the last one rebuild the state at load.
        let snapshot = (over || meta.version % SNAPSHOT_EVERY == 0).then(|| next.snapshot());
        let before = self.hand_texts(active);
        let (was_awaiting, was_awaited_players) = batch
            .was_awaiting
            .get_or_insert_with(|| (game.awaiting(), active.awaited_players()))
            .clone();
        let news_before = active.news.clone();
        let mut next = Active::new(meta, Some(next));
        next.news = news_before.clone();
        if mover == Mover::Player {
            // They acted: they have seen their news.
            next.news.retain(|(s, _)| *s != seat);
        }
        let private = self.hand_texts(&next);
        let mut out = Vec::new();
        batch.tell(
            mover.headline(post, names.get(seat).map_or("?", String::as_str)),
            &told,
        );
        if mover == Mover::TimedOut {
            batch.played.push((seat, applied.text.clone()));
        }
        for n in applied.narrations {
            if let rules::Audience::Seat(s) = n.audience {
                // Private news reads in its seat's language where the game gave a phrase.
                let text = match &n.phrase {
                    Some(p) => words::phrase(self.seat_lang(&next, s), p, &names),
                    None => n.text,
                };
                batch.news.push((s, text));
            }
        }
        let told = over || batch.last;
        if told {
            let mut news = std::mem::take(&mut batch.news);
            let game_id = next.meta.game.clone();
            let named = |lang: Lang, text: &str| (self.move_names)(lang, &game_id, text);
            for (s, text) in batch.timed_out_news(|seat| self.seat_lang(&next, seat), named) {
                self.tell_privately(&next, s, |_| text, &mut news, &mut out);
            }
            next.add_news(news);
        }
        out.extend(hands::hand_updates(
            &next,
            &private,
            Some((&before, &news_before)),
        ));
        next.private = Some((self.seat_langs(&next), private));
        // A rated game's end message waits for the archive's transaction, which adds
        // the rating changes to it; any other is stored with the move.
        let mut end_held = None;
        if over {
            let end = self.end_message(&next, &batch.lines);
            if self.rates(&next) {
                end_held = Some(end);
            } else {
                out.insert(0, end);
            }
            out.extend(self.end_dms(&next));
        } else if told && !batch.quiet {
            // A move nobody else may learn of (and that leaves the same players awaited)
            // gets no channel message at all: even "something happened" would tell.
            // So does a secret move the bot made for a timed-out player: "I moved for
            // them" with the same player still awaited would tell.
            let silent = !batch.events
                && next.game.as_ref().map(|g| g.awaiting()).as_ref() == Some(&was_awaiting);
            if !silent {
                out.insert(0, turn_message(&next, batch.lines.join("\n"), post));
            }
            self.turn_news(&next, &was_awaiting, &mut out);
        }
        // Everyone else in this phase has moved: the reminders say so.
        let now_awaited = next.awaited_players();
        let held_up = !now_awaited.is_empty()
            && now_awaited.len() < was_awaited_players.len()
            && now_awaited.iter().all(|s| was_awaited_players.contains(s));
        let mut timers = self.timers_after(&next, held_up, now_ms);
        if !batch.events
            && !over
            && next.game.as_ref().map(|g| g.awaiting()).as_ref() == Some(&was_awaiting)
        {
            // Nobody was told of this move: the awaited players' clocks run on.
            self.keep_clocks(next.meta.channel, &mut timers);
        }
        if batch.quiet {
            // A bot chain goes on: its next move is due now, counted in the chain.
            for t in timers.iter_mut().filter_map(|c| c.timer.as_mut()) {
                if t.kind == storage::TimerKind::StandIn {
                    t.due_ms = now_ms;
                    t.count = batch.chain.unwrap_or(0) + 1;
                }
            }
        }
        let mut coached = None;
        if !batch.quiet {
            let played = (game.as_ref(), seat, entry.text.as_str());
            coached = self.coach_move(lesson, played, &next, &mut out);
        }
        // The move, its log entry, everything it must send and its timers: one
        // transaction.
        let change = Change {
            snapshot: snapshot.as_deref(),
            entry: Some(&entry),
            timers: &timers,
            ..Change::meta(&next.meta)
        };
        if self.commit(change, &mut out).is_err() {
            return out;
        }
        if let Some(lesson) = coached {
            self.keep_lesson(next.meta.channel, slot, lesson);
        }
        if over {
            // Archiving frees the channel; if it fails (or the process dies first) the
            // finished game is archived at the next load or start-up.
            match self.archive_active(&next, end_held) {
                Err(e) => {
                    tracing::error!(channel = next.meta.channel, error = %e, "archive failed; will retry at load");
                    slot.active = Some(next);
                }
                Ok(told) => {
                    // A rated game's end message with its rating changes, stored with
                    // the archive.
                    out.extend(told);
                    slot.active = None;
                }
            }
        } else {
            slot.active = Some(next);
        }
        out
    }
}

/// Who makes a move: the player, the bot for a player whose time ran out, the bot for a
/// seat whose player left, the bot for a seat handed to it until its player is back, or a
/// bot seated at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mover {
    Player,
    TimedOut,
    StandIn,
    Away,
    Bot,
}

impl Mover {
    /// The line above the move's public narration, in the channel's `lang`.
    fn headline(self, lang: Lang, name: &str) -> Vec<String> {
        let key = match self {
            Mover::Player | Mover::Bot => return vec![],
            Mover::TimedOut => "table-moved-timed-out",
            Mover::StandIn => "table-moved-stand-in",
            Mover::Away => "table-moved-away",
        };
        vec![words::text(lang, key, &[("name", name.into())])]
    }
}

/// The caller's seat if the game is running and awaits them; else the refusal's text
/// (in the caller's language).
pub(crate) fn awaited_seat(active: &Active, caller: &Caller) -> Result<Seat, String> {
    let lang = caller.lang;
    let Some(game) = &active.game else {
        return Err(words::text(
            lang,
            "table-not-started-host-starts",
            &[("host", active.host_name(lang).into())],
        ));
    };
    let seat = active
        .seat_of(caller.user)
        .ok_or_else(|| text::not_seated(lang))?;
    if active.meta.dropped.contains(&seat) {
        return Err(words::text(lang, "table-seat-left", &[]));
    }
    if active.meta.away.contains(&seat) {
        return Err(words::text(lang, "table-seat-away", &[]));
    }
    let awaiting = game.awaiting();
    if !awaiting.contains(&seat) {
        return Err(words::text(
            lang,
            "table-not-your-turn",
            &[(
                "names",
                text::name_list(lang, &active.names(), &awaiting).into(),
            )],
        ));
    }
    Ok(seat)
}

/// A move's public narration as the channel reads it: `public` (the English) unless the
/// channel speaks another language and the game gave phrases, which are then put into
/// words in it. The channel's language is read only for a game with phrases.
fn told_in_channel(
    table: &Table,
    meta: &Meta,
    narrations: &[rules::dynamic::Narration],
    public: &[String],
    names: &[String],
) -> Vec<String> {
    let everyone = || {
        narrations
            .iter()
            .filter(|n| n.audience == rules::Audience::Everyone)
    };
    if everyone().all(|n| n.phrase.is_none()) {
        return public.to_vec();
    }
    let lang = table.post_lang(meta);
    if lang == words::Lang::En {
        return public.to_vec();
    }
    everyone()
        .map(|n| match &n.phrase {
            Some(phrase) => words::phrase(lang, phrase, names),
            None => n.text.clone(),
        })
        .collect()
}

/// A prompt for every awaited seat. The legal actions are not in it: they can reveal a
/// hand (payments) or money (bid ranges), so adapters fetch them privately per player.
pub(crate) fn prompts_of(active: &Active) -> Vec<TurnPrompt> {
    let Some(game) = &active.game else {
        return vec![];
    };
    game.awaiting()
        .iter()
        .filter(|seat| !active.played_by_table(**seat))
        .filter_map(|&seat| {
            let user = active.meta.seats.get(seat)?;
            Some(TurnPrompt {
                seat,
                user: user.user,
                name: text::one_line(&user.name, NAME_CHARS),
                state: active.public_version(),
            })
        })
        .collect()
}

/// What happened and who must act: the turn prompt message. The board itself is not
/// written out: the message names the board's picture at this version (Discord attaches
/// it, the terminal prints the board's text, see [`Table::board_text`]), and only its
/// first line (whose turn, the round) is in the text.
pub(crate) fn turn_message(active: &Active, headline: String, lang: Lang) -> Delivery {
    let Some(game) = &active.game else {
        return Delivery::channel(headline);
    };
    let names = active.names();
    let prompts = prompts_of(active);
    let state_line = game.public_headline(&names, &words::Speaker::new(lang, &names));
    let waiting = text::waiting_for(lang, &names, &game.awaiting());
    let text = text::summary(lang, &headline, &state_line, &waiting, usize::MAX);
    // For chat: at most SUMMARY_CHARS; a long headline gives way to a pointer to the log.
    let summary = text::summary(lang, &headline, &state_line, &waiting, text::SUMMARY_CHARS);
    Delivery::Channel {
        summary: (summary != text).then_some(summary),
        text,
        mentions: prompts.iter().map(|p| p.user).collect(),
        prompts,
        picture: Some(active.picture_of(None)),
        link_turn: false,
        approval: None,
        lobby: None,
        outbox: None,
    }
}
