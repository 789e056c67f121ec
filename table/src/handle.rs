//! A command's way in: which handler answers it, under which lock.

use crate::views::{hand, rules_help, status};
use crate::{hint, text, text_board, Active, Caller, ChannelId, Command, Delivery, Table};
use std::sync::Arc;

impl Table {
    /// [`Table::handle`] on the blocking pool, so async callers never stall.
    pub async fn handle_async(
        self: &Arc<Self>,
        channel: ChannelId,
        caller: Caller,
        command: Command,
    ) -> Vec<Delivery> {
        if matches!(command, Command::Hint) {
            return self.hint_async(channel, caller).await;
        }
        let table = Arc::clone(self);
        let lang = caller.lang;
        match tokio::task::spawn_blocking(move || table.handle(channel, &caller, command)).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(channel, error = %e, "command task failed");
                vec![Delivery::ephemeral(words::text(
                    lang,
                    "table-went-wrong",
                    &[],
                ))]
            }
        }
    }

    /// Handles one command. Blocks on the channel lock and on the store's flush; use
    /// [`Table::handle_async`] from async code.
    pub fn handle(&self, channel: ChannelId, caller: &Caller, command: Command) -> Vec<Delivery> {
        let (mut out, hint) = self.handle_parts(channel, caller, command);
        if let Some(job) = hint {
            out.push(self.answer_hint(job, caller.user));
        }
        out
    }

    /// [`Table::handle`], a hint's search not yet started: its position, read under the
    /// channel lock, comes back with the other deliveries.
    pub(crate) fn handle_parts(
        &self,
        channel: ChannelId,
        caller: &Caller,
        command: Command,
    ) -> (Vec<Delivery>, Option<hint::HintJob>) {
        // Commands about other channels or the whole server take no channel lock (one
        // handler never holds two).
        let done = |out| (out, None);
        match command {
            Command::Mine => return done(self.mine(caller)),
            Command::Notify(choice) => return done(self.notify(caller, choice)),
            Command::Stats { user, game } => {
                return done(self.stats(caller, user, game.as_deref()))
            }
            Command::Leaderboard { game } => {
                return done(self.leaderboard(caller, game.as_deref()))
            }
            Command::Rating { user, game, ladder } => {
                return done(self.rating(caller, user, game.as_deref(), ladder))
            }
            Command::Invalid(why) => return done(vec![Delivery::ephemeral(why.text(caller.lang))]),
            _ => {}
        }
        // A hint's position is read under the channel lock, and searched after it.
        let mut hint = None;
        let out = self.with_slot_retrying(channel, |slot| {
            if !slot.loaded {
                // The load failed (every command tries again): the caller alone is told,
                // so a store that cannot be read never floods the channel.
                return slot
                    .notice
                    .take()
                    .map(|n| Delivery::ephemeral(n.text(caller.lang)))
                    .into_iter()
                    .collect();
            }
            let mut out = Vec::new();
            if let Some(notice) = slot.notice.take() {
                let lang = self.channel_lang(channel, caller.guild);
                out.extend(self.enqueue(channel, vec![Delivery::channel(notice.text(lang))]));
            }
            // Any command of a player whose seat a bot plays while they are away shows
            // they are back: the seat is theirs again before the command runs.
            let back = self.come_back(slot, caller);
            let resumed = back.is_some()
                && slot.active.as_ref().is_some_and(|a| {
                    a.seat_of(caller.user)
                        .is_some_and(|seat| !a.meta.away.contains(&seat))
                });
            out.extend(back.unwrap_or_default());
            let replies = match command.clone() {
                Command::New {
                    game,
                    options,
                    seed,
                    bots,
                    rated,
                } => self.new_table(slot, channel, caller, &game, &options, seed, &bots, rated),
                Command::AddBot(level) => self.add_bot(slot, caller, level),
                Command::RemoveBot(which) => self.remove_bot(slot, caller, which.as_deref()),
                // In a game under way, a seated player's join takes their seat back.
                Command::Join if seated_in_play(slot, caller) => {
                    vec![self.resume_reply(slot, caller, resumed)]
                }
                Command::Join => self.join(slot, caller),
                Command::Leave => self.leave(slot, caller),
                Command::Start => self.start(slot, caller),
                Command::Abandon => self.abandon(slot, caller),
                Command::Status => status(slot, caller.lang),
                Command::TextBoard { hand: false } => text_board::board(slot, caller.lang),
                Command::TextBoard { hand: true } => text_board::own_hand(slot, caller),
                Command::Hand => hand(slot, caller),
                Command::Scores => self.scores(slot, channel, caller.lang),
                Command::Log => self.log(slot, caller.lang),
                Command::Rules { game, topic } => {
                    rules_help(slot, game.as_deref(), topic.as_deref(), caller.lang)
                }
                Command::Help => vec![Delivery::ephemeral(text::help(
                    caller.lang,
                    slot.active.as_ref().and_then(Active::kind),
                ))],
                Command::Play(line) => self.play(slot, caller, &line),
                Command::Choose { index, at } => self.choose(slot, caller, index, at),
                Command::Settings(change) => self.settings(slot, caller, &change),
                Command::Vote { on, approve } if on.undo => {
                    self.vote_undo(slot, caller, on, approve)
                }
                Command::Vote { on, approve } => self.vote(slot, caller, on, approve),
                Command::Undo => self.undo(slot, caller),
                Command::Resume => vec![self.resume_reply(slot, caller, resumed)],
                Command::Hint => match self.hint_job(slot, caller) {
                    Ok(job) => {
                        hint = Some(job);
                        vec![]
                    }
                    Err(refusal) => vec![Delivery::ephemeral(refusal)],
                },
                Command::Nudge => self.nudge(slot, caller),
                Command::Mine
                | Command::Notify(_)
                | Command::Stats { .. }
                | Command::Leaderboard { .. }
                | Command::Rating { .. }
                | Command::Invalid(_) => vec![],
            };
            out.extend(replies);
            out
        });
        (out, hint)
    }
}

/// Whether the caller holds a seat of a game under way in this channel.
fn seated_in_play(slot: &crate::Slot, caller: &Caller) -> bool {
    slot.active.as_ref().is_some_and(|a| {
        a.meta.status != storage::Status::Lobby && a.seat_of(caller.user).is_some()
    })
}
