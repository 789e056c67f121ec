//! Timers: reminders, timeouts and the moves of seats whose player left. Each is stored
//! with the move that starts it (one per kind per channel, replaced by the next move),
//! found through the store's due index, and fires only while the game is still at the
//! version it was set for: the effect and the timer's replacement are one transaction,
//! so a timer fires once, across restarts too.

use crate::hands::Batch;
use crate::timing::{ago, Timing};
use crate::{text, Active, Change, Delivery, Mover, Slot, Table};
use rules::{Absent, Seat};
use storage::{ChannelId, Meta, Status, TimeoutPolicy, Timer, TimerChange, TimerKind};

/// The most decisions the bot makes in a row for one timed-out player (their turn's).
pub(crate) const TURN_DECISIONS: usize = 12;

/// Cancels every timer of a channel.
pub(crate) const CANCEL_ALL: [TimerChange; 3] = [
    cancel(TimerKind::Remind),
    cancel(TimerKind::Timeout),
    cancel(TimerKind::StandIn),
];

const fn cancel(kind: TimerKind) -> TimerChange {
    TimerChange { kind, timer: None }
}

/// The most moves the bot makes in a row for seats whose players left (a guard: every
/// game ends long before).
const STAND_IN_LIMIT: usize = 2_000;

impl Table {
    /// The timing in effect at a table: its own settings (none shorter than the
    /// minimums) over the server's defaults.
    pub(crate) fn timing(&self, meta: &Meta) -> Timing {
        Timing::of(&self.minimums.raise(&meta.settings), &self.defaults)
    }

    /// The timers of `active` as it now stands, counted from `from_ms` (the last move):
    /// a reminder and a timeout for the awaited players, and an immediate stand-in move
    /// for awaited seats whose player left. Every kind is set or cancelled.
    pub(crate) fn timers_after(
        &self,
        active: &Active,
        held_up: bool,
        from_ms: u64,
    ) -> Vec<TimerChange> {
        let running = active.meta.status == Status::Running
            && active.game.as_ref().is_some_and(|g| !g.is_over());
        if !running {
            return CANCEL_ALL.to_vec();
        }
        let timing = self.timing(&active.meta);
        let players = !active.awaited_players().is_empty();
        let stand_in = active
            .game
            .as_ref()
            .is_some_and(|g| g.awaiting().iter().any(|s| active.played_by_table(*s)));
        // A stand-in's search starts at once: a seat whose player left moves at once, a
        // seated bot's told move waits for its pause (`pause.rs`).
        let stand_in_ms = 0;
        let at = |kind: TimerKind, on: bool, after_s: u64| TimerChange {
            kind,
            timer: on.then(|| Timer {
                kind,
                due_ms: from_ms.saturating_add(after_s.saturating_mul(1000)),
                game_id: active.meta.game_id,
                version: active.meta.version,
                count: 0,
                held_up,
            }),
        };
        vec![
            at(
                TimerKind::Remind,
                players && timing.remind_after > 0,
                timing.remind_after,
            ),
            at(
                TimerKind::Timeout,
                players && timing.timeout_after > 0,
                timing.timeout_after,
            ),
            TimerChange {
                timer: stand_in.then(|| Timer {
                    due_ms: from_ms.saturating_add(stand_in_ms),
                    kind: TimerKind::StandIn,
                    game_id: active.meta.game_id,
                    version: active.meta.version,
                    count: 0,
                    held_up,
                }),
                kind: TimerKind::StandIn,
            },
        ]
    }

    /// [`Table::timers_after`] for a change that is not a move (settings, a seat handed
    /// over or dropped): a bot chain under way keeps its count, so its message still
    /// tells the chain's earlier moves, which no message has told yet.
    pub(crate) fn timers_between_moves(
        &self,
        active: &Active,
        held_up: bool,
        from_ms: u64,
    ) -> Vec<TimerChange> {
        let mut timers = self.timers_after(active, held_up, from_ms);
        let channel = active.meta.channel;
        for t in timers.iter_mut().filter_map(|c| c.timer.as_mut()) {
            if t.kind != TimerKind::StandIn {
                continue;
            }
            match self.store.timer(channel, TimerKind::StandIn) {
                Ok(Some(old)) if old.game_id == t.game_id => t.count = old.count,
                Ok(_) => {}
                Err(e) => tracing::warn!(channel, error = %e, "cannot read a bot chain's timer"),
            }
        }
        timers
    }

    /// When the next timer falls due (Unix ms), if any.
    pub fn next_timer_due(&self) -> Option<u64> {
        self.store.next_timer_due().ok().flatten()
    }

    /// Fires every timer due by the table's clock (reminders, timeouts, stand-in moves)
    /// and returns the channels that got new deliveries: the adapter sends their outbox.
    pub fn fire_due_timers(&self) -> Vec<ChannelId> {
        let now = self.now_ms();
        let due = match self.store.due_timers(now, 100) {
            Ok(due) => due,
            Err(e) => {
                tracing::error!(error = %e, "cannot read the timers");
                return vec![];
            }
        };
        let mut touched = Vec::new();
        let mut note = |channel: ChannelId, out: &[Delivery]| {
            if out.iter().any(Delivery::is_outgoing) && !touched.contains(&channel) {
                touched.push(channel);
            }
        };
        for (channel, out) in self.post_coach_notes() {
            note(channel, &out);
        }
        for plan in self.thinker.take_finished() {
            let channel = plan.channel;
            let out = self.with_slot_retrying(channel, |slot| self.play_plan(slot, plan.clone()));
            note(channel, &out);
        }
        for (channel, timer) in due {
            if self.thinker.is_thinking(channel, &timer) {
                continue;
            }
            let out = self.with_slot_retrying(channel, |slot| self.fire(slot, channel, timer));
            note(channel, &out);
        }
        touched
    }

    /// Starts the search for the next bot move of the channel (pool mode): the stored
    /// timer is postponed past the search's safety deadline first, so a crash while it
    /// runs fires it again after a restart, and its plan is played only while that
    /// postponed timer is still the stored one.
    fn think_stand_in(&self, slot: &mut Slot, channel: ChannelId, timer: Timer) {
        let Some(active) = slot.active.as_ref() else {
            return;
        };
        // A seat whose player left first (its moves are told at once), else a bot seat.
        let next = active.table_turn();
        let (Some(game), Some((seat, level))) = (active.game.as_ref(), next) else {
            self.drop_timer(channel, &timer);
            return;
        };
        let Some(permit) = self.admit_due(active.meta.guild, channel, timer) else {
            return;
        };
        let Some(postponed) = self.postpone(channel, timer, level, 1) else {
            return;
        };
        let copy = game.box_clone();
        let thinker = self.thinker.clone();
        let seed = crate::think::search_seed(active.meta.seed, active.meta.version, seat);
        let fallback = game
            .absent_text(seat, Absent::Auto)
            .map(|line| vec![(seat, line)])
            .unwrap_or_default();
        self.thinker
            .plan(channel, postponed, permit, fallback, move || {
                thinker
                    .best_move(copy.as_ref(), seat, level, seed)
                    .map(|line| vec![(seat, line)])
                    .unwrap_or_default()
            });
    }

    /// Postpones the stored `timer` past the safety deadlines of `searches` searches at
    /// `level` (and 5 s more) while they run on the pool: after a crash it fires again
    /// then. `None` when it could not be stored, or another timer replaced it meanwhile
    /// (a move of another process: that timer stays): nothing is searched.
    pub(crate) fn postpone(
        &self,
        channel: ChannelId,
        timer: Timer,
        level: ai::Level,
        searches: u64,
    ) -> Option<Timer> {
        let cap_ms = u64::try_from(crate::think::safety_deadline(level).as_millis())
            .unwrap_or(u64::MAX)
            .saturating_mul(searches)
            .saturating_add(5_000);
        let postponed = Timer {
            due_ms: self.now_ms().saturating_add(cap_ms),
            ..timer
        };
        // Only while the stored timer is still this one: another process may have moved
        // the game and set a newer timer since, which must not be replaced.
        match self.store.replace_timer(channel, &timer, Some(postponed)) {
            Ok(true) => Some(postponed),
            Ok(false) => None,
            Err(e) => {
                tracing::error!(channel, error = %e, "cannot postpone a timer for a bot's search");
                None
            }
        }
    }

    /// Plays a finished search's moves, if the game is still where the search began
    /// (its timer still stored as it was): each move through the path a player's takes.
    fn play_plan(&self, slot: &mut Slot, plan: crate::think::Plan) -> Vec<Delivery> {
        let channel = plan.channel;
        match self.store.timer(channel, plan.timer.kind) {
            Ok(Some(stored)) if stored == plan.timer => {}
            Ok(_) => return vec![],
            Err(e) => {
                tracing::error!(channel, error = %e, "cannot read a timer");
                return vec![];
            }
        }
        let live = slot.active.as_ref().is_some_and(|a| {
            a.meta.game_id == plan.timer.game_id
                && a.meta.version == plan.timer.version
                && a.meta.status == Status::Running
                && a.game.is_some()
        });
        if !live {
            self.drop_timer(channel, &plan.timer);
            return vec![];
        }
        if plan.moves.is_empty() {
            // The search found nothing to play: a bot's turn is tried again.
            if plan.timer.kind == TimerKind::StandIn {
                return self.turn_unplayed(slot, channel, plan.timer);
            }
            self.drop_timer(channel, &plan.timer);
            return vec![];
        }
        if let [(seat, line)] = plan.moves.as_slice() {
            let bot_seat = slot
                .active
                .as_ref()
                .is_some_and(|a| a.bot_level(*seat).is_some() && !a.meta.dropped.contains(seat));
            if plan.timer.kind == TimerKind::StandIn && bot_seat {
                // A seated bot's move: one move of its chain (told with the chain's last).
                let mv = crate::bot_move::BotMove {
                    seat: *seat,
                    game_id: plan.timer.game_id,
                    version: plan.timer.version,
                    line: line.clone(),
                };
                let mut out = self.play_bot_move(slot, &mv, plan.timer.count);
                if slot.active.as_ref().map(|a| a.meta.version) == Some(plan.timer.version)
                    && !crate::pause::holds_a_move(slot)
                {
                    // Refused, or not stored: the bot's turn is tried again.
                    out.extend(self.turn_unplayed(slot, channel, plan.timer));
                }
                out.retain(Delivery::is_outgoing);
                return out;
            }
        }
        let mut out = Vec::new();
        let mut batch = Batch::default();
        for (i, (seat, line)) in plan.moves.iter().enumerate() {
            batch.last = i + 1 == plan.moves.len();
            let mover = if plan.timer.kind == TimerKind::Timeout {
                Mover::TimedOut
            } else {
                slot.active
                    .as_ref()
                    .map_or(Mover::StandIn, |a| a.bot_mover(*seat))
            };
            let version = slot.active.as_ref().map(|a| a.meta.version);
            let moved = self.play_seat_in(slot, *seat, line, mover, &mut batch);
            if slot.active.as_ref().map(|a| a.meta.version) == version {
                tracing::error!(seat, %line, "a bot's move was refused");
                let first = version == Some(plan.timer.version);
                if first && plan.timer.kind == TimerKind::StandIn {
                    // Nothing of the plan was played: the turn is tried again.
                    out.extend(self.turn_unplayed(slot, channel, plan.timer));
                } else {
                    self.drop_timer(channel, &plan.timer);
                }
                break;
            }
            out.extend(moved);
        }
        out.retain(Delivery::is_outgoing);
        out
    }

    fn fire(&self, slot: &mut Slot, channel: ChannelId, timer: Timer) -> Vec<Delivery> {
        // Another handler may have replaced or fired it since it was listed.
        match self.store.timer(channel, timer.kind) {
            Ok(Some(stored)) if stored == timer => {}
            Ok(_) => return vec![],
            Err(e) => {
                tracing::error!(channel, error = %e, "cannot read a timer");
                return vec![];
            }
        }
        let live = slot.active.as_ref().is_some_and(|a| {
            a.meta.game_id == timer.game_id
                && a.meta.version == timer.version
                && a.meta.status == Status::Running
                && a.game.is_some()
        });
        if !live {
            // Set for a move the game has left (or a game gone): it does nothing.
            self.drop_timer(channel, &timer);
            return vec![];
        }
        if timer.kind == TimerKind::StandIn {
            self.start_bot_pause(slot, &timer);
            // A bot's told move found before its pause ended: played now.
            if let Some(mv) = self.take_held_bot_move(slot, &timer) {
                return self.play_bot_move(slot, &mv, timer.count);
            }
        }
        if timer.kind == TimerKind::StandIn && !self.thinker.is_inline() {
            // The move is searched on the pool and played by a later pass.
            self.think_stand_in(slot, channel, timer);
            return vec![];
        }
        let auto = slot
            .active
            .as_ref()
            .is_some_and(|a| self.timing(&a.meta).on_timeout == TimeoutPolicy::Auto);
        if timer.kind == TimerKind::Timeout && auto && !self.thinker.is_inline() {
            // The turn is searched on the pool and played by a later pass.
            self.think_timeout(slot, channel, timer);
            return vec![];
        }
        let out = match timer.kind {
            TimerKind::Remind => self.remind(slot, timer),
            TimerKind::Timeout => self.time_out(slot, timer),
            TimerKind::StandIn => {
                let mut out = self.stand_in_moves(slot);
                if out.is_empty() {
                    out = self.bot_turn(slot, timer);
                }
                out
            }
        };
        // Nothing could be done at this version (no legal move, a failed commit): a bot's
        // turn is tried again and then played by its fallback (`unplayed.rs`); any other
        // timer goes, rather than firing again and again.
        let unchanged = slot
            .active
            .as_ref()
            .is_some_and(|a| a.meta.version == timer.version)
            && !out.iter().any(Delivery::is_outgoing)
            && !crate::pause::holds_a_move(slot);
        if unchanged && timer.kind == TimerKind::StandIn {
            // A bot's turn that could not be played is tried again, never dropped.
            let mut out = out;
            out.extend(self.turn_unplayed(slot, channel, timer));
            out.retain(Delivery::is_outgoing);
            return out;
        }
        if unchanged {
            self.drop_timer(channel, &timer);
        }
        out
    }

    /// Removes `timer` (it fired and did nothing), unless another timer replaced it
    /// meanwhile (a move of another process): that one stays.
    pub(crate) fn drop_timer(&self, channel: ChannelId, timer: &Timer) {
        if let Err(e) = self.store.replace_timer(channel, timer, None) {
            tracing::error!(channel, error = %e, "cannot remove a timer");
        }
    }

    /// Pings the awaited players in the channel (with a link to the turn message) and
    /// by DM, and sets the next reminder.
    fn remind(&self, slot: &mut Slot, timer: Timer) -> Vec<Delivery> {
        let Some(active) = slot.active.as_ref() else {
            return vec![];
        };
        let seats = active.awaited_players();
        if seats.is_empty() {
            return vec![];
        }
        let now = self.now_ms();
        let names = active.names();
        let post = self.post_lang(&active.meta);
        let since_ms = now.saturating_sub(active.meta.updated * 1000);
        let key = if timer.held_up {
            "timer-reminder-held-up"
        } else {
            "timer-reminder"
        };
        let line = words::text(
            post,
            key,
            &[
                ("names", text::name_list(post, &names, &seats).into()),
                ("game", active.title().into()),
                ("since", ago(post, since_ms).into()),
            ],
        );
        // Everyone awaited is mentioned (`quiet` too); a DM only for who chose DMs.
        let mut out = vec![Delivery::ping(line, active.users(&seats))];
        for &seat in &seats {
            if !self.notify_of(active, seat).by_dm() {
                continue;
            }
            let lang = self.seat_lang(active, seat);
            let key = if timer.held_up {
                "timer-reminder-dm-held-up"
            } else {
                "timer-reminder-dm"
            };
            let dm = words::text(lang, key, &[("since", ago(lang, since_ms).into())]);
            out.extend(
                active
                    .users(&[seat])
                    .into_iter()
                    .map(|u| Delivery::private(u, dm.clone())),
            );
        }
        let timing = self.timing(&active.meta);
        let next = TimerChange {
            kind: TimerKind::Remind,
            timer: (timing.remind_every > 0).then(|| Timer {
                due_ms: now.saturating_add(timing.remind_every.saturating_mul(1000)),
                count: timer.count + 1,
                ..timer
            }),
        };
        let meta = active.meta.clone();
        let change = Change {
            timers: &[next],
            ..Change::meta(&meta)
        };
        if self.commit(change, &mut out).is_err() {
            return vec![];
        }
        out
    }

    /// The awaited players' time is up: the normal bot plays their turn (`auto`), each
    /// makes the fixed default move (`default`), passes (`skip`), hands the seat to a bot
    /// until they are back (`bot`), or leaves (`drop`), as the table's policy says.
    fn time_out(&self, slot: &mut Slot, timer: Timer) -> Vec<Delivery> {
        let Some(active) = slot.active.as_ref() else {
            return vec![];
        };
        let seats = active.awaited_players();
        let policy = self.timing(&active.meta).on_timeout;
        let mut out = Vec::new();
        match policy {
            TimeoutPolicy::Drop => return self.drop_seats(slot, &seats),
            TimeoutPolicy::Bot => return self.hand_to_bot(slot, &seats),
            TimeoutPolicy::Auto | TimeoutPolicy::Default | TimeoutPolicy::Skip => {
                // A turn can ask several decisions in a row (pull, then stop): the
                // player's time ran out for all of them. They are stored one by one and
                // told as one: one channel message, one note to each player.
                let plan = slot
                    .active
                    .as_ref()
                    .filter(|a| a.meta.game_id == timer.game_id)
                    .map(|a| match policy {
                        TimeoutPolicy::Auto => self.bot_turn_plan(a, &seats),
                        _ => timeout_plan(a, &seats, policy),
                    })
                    .unwrap_or_default();
                out.extend(self.play_timeout_plan(slot, &plan));
            }
        }
        out.extend(self.stand_in_moves(slot));
        out.retain(Delivery::is_outgoing);
        out
    }

    /// Plays a timeout's `plan` (seat, move) one stored move at a time, told as one.
    fn play_timeout_plan(&self, slot: &mut Slot, plan: &[(Seat, String)]) -> Vec<Delivery> {
        let mut out = Vec::new();
        let mut batch = Batch::default();
        for (i, (seat, line)) in plan.iter().enumerate() {
            batch.last = i + 1 == plan.len();
            let version = slot.active.as_ref().map(|a| a.meta.version);
            let moved = self.play_seat_in(slot, *seat, line, Mover::TimedOut, &mut batch);
            if slot.active.as_ref().map(|a| a.meta.version) == version {
                tracing::error!(seat, %line, "a timeout move was refused");
                break;
            }
            out.extend(moved);
        }
        out
    }

    /// `seats` leave the game (policy `drop`). With enough players left the game goes on
    /// and the bot makes the leavers' moves; otherwise it ends as abandoned.
    fn drop_seats(&self, slot: &mut Slot, seats: &[Seat]) -> Vec<Delivery> {
        let Some(active) = slot.active.as_ref() else {
            return vec![];
        };
        if seats.is_empty() {
            return vec![];
        }
        let names = active.names();
        let post = self.post_lang(&active.meta);
        let who = text::name_list(post, &names, seats);
        let title = active.title();
        let min = active.kind().map_or(1, |k| k.players.0);
        let mut meta = active.meta.clone();
        meta.dropped.extend_from_slice(seats);
        meta.dropped.sort_unstable();
        meta.dropped.dedup();
        let remaining = meta.seats.len().saturating_sub(meta.dropped.len());
        if remaining < min {
            meta.status = Status::Abandoned;
            meta.updated = self.now_s();
            let state_line = active
                .game
                .as_ref()
                .map(|g| g.public_headline(&names, &words::Speaker::new(post, &names)))
                .unwrap_or_default();
            let headline = words::text(
                post,
                "timer-dropped-game-over",
                &[
                    ("names", who.into()),
                    ("game", title.into()),
                    ("min", min.into()),
                ],
            );
            // The board as it stood is the message's picture.
            let mut end = Delivery::channel(format!("{headline}\n{state_line}"));
            if let Delivery::Channel { picture, .. } = &mut end {
                *picture = Some(active.picture_of(None));
            }
            return self.close(slot, meta, vec![end]);
        }
        let line = words::text(
            post,
            "timer-dropped",
            &[("names", who.into()), ("remaining", remaining.into())],
        );
        let mut out = vec![Delivery::channel(line)];
        let mut next = active.with_meta(meta);
        let mut news = Vec::new();
        for &seat in seats {
            let left = |lang| words::text(lang, "timer-dropped-you", &[]);
            self.tell_privately(&next, seat, left, &mut news, &mut out);
        }
        next.add_news(news);
        let texts = self.hand_texts(&next);
        let before = Some((texts.as_slice(), active.news.as_slice()));
        out.extend(crate::hands::hand_updates(&next, &texts, before));
        let timers = self.timers_between_moves(&next, false, self.now_ms());
        let change = Change {
            timers: &timers,
            ..Change::meta(&next.meta)
        };
        if self.commit(change, &mut out).is_err() {
            return out;
        }
        slot.active = Some(next);
        out.extend(self.stand_in_moves(slot));
        out
    }

    /// With the inline thinker (tests, the local table): makes the moves of awaited
    /// seats a bot plays, searched at once, one stored move at a time, until a player
    /// is awaited or the game ends. With a pool it does nothing: the stand-in timer set
    /// with the last move starts the search.
    pub(crate) fn stand_in_moves(&self, slot: &mut Slot) -> Vec<Delivery> {
        let mut out = Vec::new();
        if !self.thinker.is_inline() {
            return out;
        }
        for _ in 0..STAND_IN_LIMIT {
            let Some(active) = slot.active.as_ref() else {
                break;
            };
            let (Some(game), Some((seat, level))) = (active.game.as_ref(), active.next_stand_in())
            else {
                break;
            };
            let seed = crate::think::search_seed(active.meta.seed, active.meta.version, seat);
            let Some(line) = self.thinker.best_move(game.as_ref(), seat, level, seed) else {
                break;
            };
            let mover = active.bot_mover(seat);
            let version = active.meta.version;
            let moved = self.play_seat(slot, seat, &line, mover);
            let stuck = slot.active.as_ref().map(|a| a.meta.version) == Some(version);
            if stuck {
                tracing::error!(seat, %line, "a stand-in move was refused");
                break;
            }
            out.extend(moved.into_iter().filter(Delivery::is_outgoing));
        }
        out
    }
}

/// The moves the bot makes for `seats` whose time ran out: for each in turn, its
/// decisions while it stays awaited (at most [`TURN_DECISIONS`]), worked out on a copy of
/// the game, so that the real moves can be told as one.
/// `default` and `skip` plans are the game's fixed moves (`Absent::Auto`, or a pass).
pub(crate) fn timeout_plan(
    active: &Active,
    seats: &[Seat],
    policy: TimeoutPolicy,
) -> Vec<(Seat, String)> {
    let Some(game) = active.game.as_ref() else {
        return vec![];
    };
    let names = active.names();
    let mut game = game.box_clone();
    let mut plan = Vec::new();
    for &seat in seats {
        for _ in 0..TURN_DECISIONS {
            if !game.awaiting().contains(&seat) {
                break;
            }
            let line = match policy {
                TimeoutPolicy::Skip => game
                    .absent_text(seat, Absent::Pass)
                    .or_else(|| game.absent_text(seat, Absent::Auto)),
                _ => game.absent_text(seat, Absent::Auto),
            };
            let Some(line) = line else {
                break;
            };
            if game.apply_text(seat, &line, &names).is_err() {
                break;
            }
            plan.push((seat, line));
        }
    }
    plan
}
