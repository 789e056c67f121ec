//! `/game undo`: a player takes the table back to just before their own last move, while
//! nothing hidden or random has come out since (the engine judges each move, see
//! `Game::undoable`) and no bot has moved since (a bot's answer comes from its hidden
//! cards: taking it back would let a player re-roll it). No one else moved since: undone at once. Otherwise every other
//! player whose moves would be taken back approves by button; one refusal, the request's
//! lifetime (10 minutes or the table's reminder interval, whichever is shorter) or any
//! new move cancels it.
//!
//! An undo is a log entry of its own ([`LogEntry::undo`]) naming the first entry it took
//! back, stored with a snapshot of the state it restores, in one commit with its turn
//! message and private views; replaying the log's moves in effect
//! ([`storage::effective_log`]) from the seed gives the same state. A pending request is
//! kept in the channel's notes, like a timing proposal: written before it is asked,
//! closed after the undo is committed, and void once the game's version moved on, so a
//! crash never undoes twice or after a new move. The host's `undo: on | off` is a note
//! too (keyed by game), so no stored record changes its layout.

use crate::switch::{unsaved, Switch};
use crate::{hands, text, turn_message, Active, Approval, Caller, Change, Delivery, Slot, Table};
use rules::{DynGame, Seat};
use serde::{Deserialize, Serialize};
use storage::{ChannelId, LogEntry, UserId};
use words::Lang;

/// A request lapses after this long at most (shorter when the table's reminders come
/// sooner): an approval much later would be about a game that has moved on.
pub const UNDO_LIFETIME_MS: u64 = 10 * 60_000;

/// The channel note holding the last undo request (open or closed: its number goes on).
const REQUEST_NOTE: &str = "undo-request";
/// Undo, on unless the host turned it off for the game.
const UNDO: Switch = Switch {
    note: "undo-setting",
    turned_on: "table-switch-undo-on",
    turned_off: "table-switch-undo-off",
};

/// "That undo request is no longer open…", in `lang`.
fn closed(lang: Lang) -> Vec<Delivery> {
    vec![Delivery::ephemeral(words::text(
        lang,
        "table-undo-closed",
        &[],
    ))]
}

/// An undo waiting for the other players' approval.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct UndoRequest {
    /// Its number in the channel (grows; the buttons name it).
    id: u64,
    game_id: u64,
    /// The game's version when asked: any move since cancels it.
    version: u64,
    by: UserId,
    by_name: String,
    /// The log index of the first move it takes back (the requester's last move).
    from: u64,
    /// The players who must approve, and those who did.
    approvers: Vec<UserId>,
    approved: Vec<UserId>,
    expires_ms: u64,
    open: bool,
}

/// What an undo would do: the state before the requester's last move, and who moved
/// since.
struct Plan {
    /// The log index of the requester's last move.
    from: u64,
    /// How many moves it takes back (theirs and everyone's after it).
    moves: usize,
    /// The players (not the requester, still at the table) whose moves it takes back.
    others: Vec<Seat>,
    game: Box<dyn DynGame>,
}

impl Table {
    /// Whether undo is on for the game in `active` (on unless the host turned it off).
    pub(crate) fn undo_on(&self, active: &Active) -> bool {
        self.switch_on(active, &UNDO)
    }

    /// A `/game settings` line: whether undo is on.
    pub(crate) fn undo_line(&self, active: &Active, lang: Lang) -> String {
        let on = if self.undo_on(active) { "on" } else { "off" };
        words::text(lang, "table-settings-undo-line", &[("on", on.into())])
    }

    /// The host turns undo `on` or off for this game.
    pub(crate) fn set_undo(&self, active: &Active, caller: &Caller, on: bool) -> Vec<Delivery> {
        self.set_switch(active, caller, &UNDO, on)
    }

    /// What taking back `seat`'s last move would do, or the caller's refusal (in `lang`).
    fn undo_plan(&self, active: &Active, seat: Seat, lang: Lang) -> Result<Plan, String> {
        let Some(game) = &active.game else {
            return Err(words::text(lang, "table-undo-not-started", &[]));
        };
        let meta = &active.meta;
        let kind = active
            .kind()
            .ok_or_else(|| words::text(lang, "table-undo-cannot-replay", &[]))?;
        let log = self
            .store
            .log(meta.game_id)
            .map_err(|e| text::log_unreadable(lang, &e))?;
        let moves = storage::effective_log(&log);
        let last = moves
            .iter()
            .rposition(|(_, e)| e.seat == seat)
            .ok_or_else(|| words::text(lang, "table-undo-no-move-yet", &[]))?;
        let pairs: Vec<(Seat, serde_json::Value)> = moves
            .iter()
            .map(|(_, e)| (e.seat, e.action.clone()))
            .collect();
        let (kept, undone) = pairs.split_at(last);
        let restored = (kind.replay)(meta.seats.len(), &meta.options, meta.seed, kept)
            .map_err(|e| {
                tracing::error!(channel = meta.channel, error = %e, "undo: the log does not replay");
                words::text(lang, "table-undo-log-not-replayed", &[])
            })?;
        // A bot's answer came from its hidden cards and a search seeded by the game's
        // version: taking it back would let a player try moves until the bots answer as
        // they like (undo then re-rolls them). So no undo across a bot's move, as across a
        // reveal.
        if undone
            .iter()
            .any(|(s, _)| *s != seat && active.played_by_table(*s))
        {
            return Err(words::text(lang, "table-undo-bot-moved", &[]));
        }
        // Each move taken back must be one the engine lets go: nothing hidden came out.
        let mut state = restored.box_clone();
        for (seat, action) in undone {
            let mut after = state.box_clone();
            if after.apply_logged(*seat, action).is_err() || !state.undoable(*seat, action, &*after)
            {
                return Err(words::text(lang, "table-undo-blocked", &[]));
            }
            state = after;
        }
        if state.snapshot() != game.snapshot() {
            tracing::error!(
                channel = meta.channel,
                "undo: the log replays to another state"
            );
            return Err(words::text(lang, "table-undo-log-mismatch", &[]));
        }
        let mut others: Vec<Seat> = undone
            .iter()
            .map(|(s, _)| *s)
            .filter(|s| {
                *s != seat
                    && !meta.dropped.contains(s)
                    && meta.seats.get(*s).is_some_and(|u| !u.is_bot())
            })
            .collect();
        others.sort_unstable();
        others.dedup();
        Ok(Plan {
            from: moves[last].0,
            moves: undone.len(),
            others,
            game: restored,
        })
    }

    /// `/game undo`: take back the caller's last move now, or ask those who moved since.
    pub(crate) fn undo(&self, slot: &mut Slot, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        let Some(seat) = active.seat_of(caller.user) else {
            return vec![Delivery::ephemeral(text::not_seated(lang))];
        };
        if active.meta.dropped.contains(&seat) {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-undo-seat-left",
                &[],
            ))];
        }
        if !self.undo_on(active) {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-undo-off",
                &[("host", active.host_name(lang).into())],
            ))];
        }
        let plan = match self.undo_plan(active, seat, lang) {
            Ok(plan) => plan,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let post = self.post_lang(&active.meta);
        if plan.others.is_empty() {
            let headline = words::text(
                post,
                "table-undo-done",
                &[("name", caller.shown_name().into())],
            );
            return self.commit_undo(slot, seat, plan, headline, lang);
        }
        let channel = active.meta.channel;
        let previous = match self.store.note(channel, REQUEST_NOTE) {
            Ok(bytes) => bytes.and_then(|b| serde_json::from_slice::<UndoRequest>(&b).ok()),
            Err(e) => return unsaved(lang, e),
        };
        let now = self.now_ms();
        let timing = self.timing(&active.meta);
        let lifetime = [timing.remind_after, timing.remind_every]
            .into_iter()
            .filter(|s| *s > 0)
            .map(|s| s.saturating_mul(1000))
            .fold(UNDO_LIFETIME_MS, u64::min);
        let request = UndoRequest {
            // Numbers grow across restarts: an old button never names a newer request.
            id: previous.map_or(0, |p| p.id + 1).max(now),
            game_id: active.meta.game_id,
            version: active.meta.version,
            by: caller.user,
            by_name: caller.shown_name(),
            from: plan.from,
            approvers: active.users(&plan.others),
            approved: vec![],
            expires_ms: now.saturating_add(lifetime),
            open: true,
        };
        if let Err(e) = self.store_request(channel, &request) {
            return unsaved(lang, e);
        }
        let ask = Delivery::Channel {
            text: words::text(
                post,
                "table-undo-asked",
                &[
                    ("name", request.by_name.as_str().into()),
                    ("moves", plan.moves.into()),
                    (
                        "names",
                        text::name_list(post, &active.names(), &plan.others).into(),
                    ),
                    (
                        "within",
                        crate::timing::format_duration(lifetime / 1000).into(),
                    ),
                ],
            ),
            mentions: active.users(&plan.others),
            prompts: vec![],
            summary: None,
            picture: None,
            link_turn: false,
            approval: Some(Approval {
                game_id: request.game_id,
                proposal: request.id,
                undo: true,
            }),
            lobby: None,
            outbox: None,
        };
        let mut out = self.enqueue(channel, vec![ask]);
        out.push(Delivery::ephemeral(words::text(
            lang,
            "table-undo-asked-you",
            &[(
                "names",
                text::name_list(lang, &active.names(), &plan.others).into(),
            )],
        )));
        out
    }

    fn store_request(
        &self,
        channel: ChannelId,
        request: &UndoRequest,
    ) -> Result<(), storage::StoreError> {
        // Plain numbers and strings: serializing cannot fail.
        let bytes = serde_json::to_vec(request).unwrap_or_default();
        self.store.put_note(channel, REQUEST_NOTE, &bytes)
    }

    /// After a player's move at `before` (the version it was made at): an undo request
    /// open at that version is cancelled by it, and the channel is told in one line (the
    /// buttons then answer that it was cancelled).
    pub(crate) fn cancel_undo_by_move(
        &self,
        channel: ChannelId,
        game_id: u64,
        before: u64,
        mover: &str,
        lang: Lang,
    ) -> Vec<Delivery> {
        let mut request = match self.store.note(channel, REQUEST_NOTE) {
            Ok(Some(bytes)) => match serde_json::from_slice::<UndoRequest>(&bytes) {
                Ok(r) if r.open && r.game_id == game_id && r.version == before => r,
                _ => return vec![],
            },
            Ok(None) => return vec![],
            Err(e) => {
                tracing::error!(channel, error = %e, "cannot read the undo request");
                return vec![];
            }
        };
        request.open = false;
        if let Err(e) = self.store_request(channel, &request) {
            tracing::error!(channel, error = %e, "cannot close an undo request");
            return vec![];
        }
        let line = words::text(
            lang,
            "table-undo-cancelled-by-move",
            &[
                ("mover", mover.into()),
                ("name", request.by_name.as_str().into()),
            ],
        );
        self.enqueue(channel, vec![Delivery::channel(line)])
    }

    /// A click on Approve or Refuse under an undo request.
    pub(crate) fn vote_undo(
        &self,
        slot: &mut Slot,
        caller: &Caller,
        on: Approval,
        approve: bool,
    ) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return closed(lang);
        };
        let channel = active.meta.channel;
        let post = self.post_lang(&active.meta);
        let mut request = match self.store.note(channel, REQUEST_NOTE) {
            Ok(Some(bytes)) => match serde_json::from_slice::<UndoRequest>(&bytes) {
                Ok(r)
                    if r.open
                        && r.id == on.proposal
                        && r.game_id == on.game_id
                        && r.game_id == active.meta.game_id =>
                {
                    r
                }
                _ => return closed(lang),
            },
            Ok(None) => return closed(lang),
            Err(e) => return unsaved(lang, e),
        };
        if caller.user == request.by {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-undo-own-request",
                &[],
            ))];
        }
        if !request.approvers.contains(&caller.user) {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-undo-not-an-approver",
                &[],
            ))];
        }
        let lapsed = self.now_ms() >= request.expires_ms;
        // A new move, or the host turning undo off, cancels it.
        let moved_on = active.meta.version != request.version || !self.undo_on(active);
        if lapsed || moved_on || !approve {
            request.open = false;
            if let Err(e) = self.store_request(channel, &request) {
                return unsaved(lang, e);
            }
        }
        if moved_on {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-undo-moved-on",
                &[],
            ))];
        }
        if lapsed {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-undo-lapsed",
                &[("name", request.by_name.as_str().into())],
            ))];
        }
        if !approve {
            let line = words::text(
                post,
                "table-undo-refused",
                &[
                    ("name", caller.shown_name().into()),
                    ("by", request.by_name.as_str().into()),
                ],
            );
            return self.enqueue(channel, vec![Delivery::channel(line)]);
        }
        if !request.approved.contains(&caller.user) {
            request.approved.push(caller.user);
        }
        let waiting: Vec<Seat> = request
            .approvers
            .iter()
            .filter(|u| !request.approved.contains(u))
            .filter_map(|u| active.seat_of(*u))
            .collect();
        if !waiting.is_empty() {
            if let Err(e) = self.store_request(channel, &request) {
                return unsaved(lang, e);
            }
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-undo-you-approved",
                &[
                    ("by", request.by_name.as_str().into()),
                    (
                        "names",
                        text::name_list(lang, &active.names(), &waiting).into(),
                    ),
                ],
            ))];
        }
        // Everyone approved: the undo is worked out again from the log as it is now.
        let Some(seat) = active.seat_of(request.by) else {
            return closed(lang);
        };
        let plan = match self.undo_plan(active, seat, lang) {
            Ok(plan) if plan.from == request.from => plan,
            Ok(_) => return closed(lang),
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let headline = words::text(
            post,
            "table-undo-approved",
            &[
                ("name", request.by_name.as_str().into()),
                ("moves", plan.moves.into()),
            ],
        );
        let out = self.commit_undo(slot, seat, plan, headline, lang);
        let done = slot
            .active
            .as_ref()
            .is_some_and(|a| a.meta.version != request.version);
        if done {
            request.open = false;
            if let Err(e) = self.store_request(channel, &request) {
                // Committed already: the request is void now that the version moved on.
                tracing::error!(channel, error = %e, "cannot close a done undo request");
            }
        }
        out
    }

    /// Stores the undo of `plan` by `seat` (its log entry, the restored state's snapshot,
    /// the turn message, the changed private views and the timers) in one commit.
    fn commit_undo(
        &self,
        slot: &mut Slot,
        seat: Seat,
        plan: Plan,
        headline: String,
        reader: Lang,
    ) -> Vec<Delivery> {
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(reader))];
        };
        let post = self.post_lang(&active.meta);
        let now_ms = self.now_ms();
        let mut meta = active.meta.clone();
        meta.version += 1;
        meta.updated = now_ms / 1000;
        let snapshot = plan.game.snapshot();
        let entry = LogEntry::undo(seat, plan.from, vec![headline.clone()], meta.updated);
        let before = self.hand_texts(active);
        let mut next = Active::new(meta, Some(plan.game));
        let private = self.hand_texts(&next);
        let mut out = vec![turn_message(&next, headline, post)];
        out.extend(hands::hand_updates(
            &next,
            &private,
            Some((&before, &active.news)),
        ));
        let was_awaiting = active
            .game
            .as_ref()
            .map(|g| g.awaiting())
            .unwrap_or_default();
        self.turn_news(&next, &was_awaiting, &mut out);
        next.private = Some((self.seat_langs(&next), private));
        let timers = self.timers_after(&next, false, now_ms);
        let change = Change {
            snapshot: Some(&snapshot),
            entry: Some(&entry),
            timers: &timers,
            ..Change::meta(&next.meta).for_reader(reader)
        };
        if self.commit(change, &mut out).is_ok() {
            slot.active = Some(next);
        }
        out
    }
}
