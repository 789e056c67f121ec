//! The `bot` timeout policy: a player whose time ran out keeps their seat, but a normal
//! bot plays it (as the stand-in plays a seat whose player left) until they are back.
//!
//! Back means any command of theirs at that table (through `Table::handle`) — a typed
//! move, `/game status`, `/game hand`, `/game hint`… — or `/game join`, which says so
//! explicitly: they wrote there, so they are reading. Autocomplete and move panels read
//! the seat's choices without a command and do not count (a panel tells them to use
//! `/game join`). The seats handed over are `Meta::away`, stored with the change, so a
//! restart keeps them; the channel is told both ways, one line each.

use crate::{hands, text, turn_message, Active, Caller, Change, Delivery, Mover, Slot, Table};
use rules::Seat;
use storage::Status;

impl Table {
    /// `seats` ran out of time under the `bot` policy: a bot plays them from now on, until
    /// their players are back. Stored with the timers (an immediate stand-in move for an
    /// awaited seat), then the bot's moves follow.
    pub(crate) fn hand_to_bot(&self, slot: &mut Slot, seats: &[Seat]) -> Vec<Delivery> {
        let Some(active) = slot.active.as_ref() else {
            return vec![];
        };
        if seats.is_empty() {
            return vec![];
        }
        let post = self.post_lang(&active.meta);
        let who = text::name_list(post, &active.names(), seats);
        let mut meta = active.meta.clone();
        meta.away.extend_from_slice(seats);
        meta.away.sort_unstable();
        meta.away.dedup();
        let mut next = active.with_meta(meta);
        let key = if next.everyone_away() {
            "table-away-everyone-away"
        } else {
            "table-away-bot-plays"
        };
        let line = words::text(post, key, &[("names", who.into())]);
        let mut out = vec![Delivery::channel(line)];
        let mut news = Vec::new();
        for &seat in seats {
            let line = |lang| words::text(lang, "table-away-your-seat-to-bot", &[]);
            self.tell_privately(&next, seat, line, &mut news, &mut out);
        }
        next.add_news(news);
        let texts = self.hand_texts(&next);
        let before = Some((texts.as_slice(), active.news.as_slice()));
        out.extend(hands::hand_updates(&next, &texts, before));
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

    /// The caller is back at a table where a bot plays their seat: the seat is theirs
    /// again, the channel is told (with a fresh turn message when the game waits for
    /// them), and their clocks start now. `None` when their seat is not away.
    pub(crate) fn come_back(&self, slot: &mut Slot, caller: &Caller) -> Option<Vec<Delivery>> {
        let active = slot.active.as_ref()?;
        let seat = active.seat_of(caller.user)?;
        if active.meta.status != Status::Running || !active.meta.away.contains(&seat) {
            return None;
        }
        let mut meta = active.meta.clone();
        meta.away.retain(|s| *s != seat);
        let next = active.with_meta(meta);
        let post = self.post_lang(&next.meta);
        let line = words::text(
            post,
            "table-away-back",
            &[("name", text::name_list(post, &next.names(), &[seat]).into())],
        );
        let mut out = if next.awaited_players().contains(&seat) {
            let mut out = vec![turn_message(&next, line, post)];
            // No new "your move" DM: whoever is awaited was already.
            self.turn_news(&next, &next.awaited_players(), &mut out);
            out
        } else {
            vec![Delivery::channel(line)]
        };
        let timers = self.timers_between_moves(&next, false, self.now_ms());
        let change = Change {
            timers: &timers,
            ..Change::meta(&next.meta).for_reader(caller.lang)
        };
        if self.commit(change, &mut out).is_ok() {
            slot.active = Some(next);
        }
        Some(out)
    }

    /// `/game join`'s answer: the seat was given back just now (`resumed`), or the
    /// sentence saying there was nothing to give back.
    pub(crate) fn resume_reply(&self, slot: &Slot, caller: &Caller, resumed: bool) -> Delivery {
        let lang = caller.lang;
        if resumed {
            return Delivery::ephemeral(words::text(lang, "table-away-welcome-back", &[]));
        }
        let Some(active) = slot.active.as_ref() else {
            return Delivery::ephemeral(text::no_table(lang));
        };
        match active.seat_of(caller.user) {
            None => Delivery::ephemeral(text::not_seated(lang)),
            Some(seat) if active.meta.dropped.contains(&seat) => {
                Delivery::ephemeral(words::text(lang, "table-away-seat-left-for-good", &[]))
            }
            Some(_) => Delivery::ephemeral(words::text(lang, "table-away-not-away", &[])),
        }
    }
}

impl Active {
    /// Every person at the table left or is away (bot seats aside): nobody plays.
    pub(crate) fn everyone_away(&self) -> bool {
        self.meta
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.bot.is_none())
            .all(|(i, _)| self.bot_played(i))
    }

    /// Seats the bot plays now: those whose player left (`drop`) or is away (`bot`).
    pub(crate) fn bot_played(&self, seat: Seat) -> bool {
        self.meta.dropped.contains(&seat) || self.meta.away.contains(&seat)
    }

    /// Who the channel is told made a bot's move for `seat` (away, or left).
    pub(crate) fn bot_mover(&self, seat: Seat) -> Mover {
        if self.meta.away.contains(&seat) {
            Mover::Away
        } else {
            Mover::StandIn
        }
    }
}
