//! A game's end: closing the table, archiving the game with its scores.

use crate::{bots, rated, timers, Active, Change, Delivery, Slot, Table, UserId};
use storage::{ArchiveEntry, Meta, Standing, Status};

impl Table {
    /// Ends the slot's table: stores its final metadata (`Abandoned`) with the messages
    /// `out`, then puts it away (see [`Table::put_away`]). A crash in between is finished
    /// at the next load.
    pub(crate) fn close(&self, slot: &mut Slot, meta: Meta, out: Vec<Delivery>) -> Vec<Delivery> {
        self.close_left(slot, meta, &[], out)
    }

    /// [`Table::close`] when the users `left` just gave up their seats (their "my games"
    /// entries go with the table).
    pub(crate) fn close_left(
        &self,
        slot: &mut Slot,
        meta: Meta,
        left: &[UserId],
        mut out: Vec<Delivery>,
    ) -> Vec<Delivery> {
        let change = Change {
            timers: &timers::CANCEL_ALL,
            ..Change::seats(&meta, left)
        };
        if self.commit(change, &mut out).is_err() {
            return out;
        }
        let game = slot.active.take().and_then(|a| a.game);
        let closed = Active::new(meta, game);
        if let Err(e) = self.put_away(&closed) {
            // Stored as abandoned: the channel is not free until it is archived (a new
            // table would overwrite the game). The next command here loads it again,
            // which archives it first.
            tracing::error!(channel = closed.meta.channel, error = %e, "archive failed; will retry at load");
            *slot = Slot::default();
        }
        out
    }

    /// Frees the channel of a finished or abandoned table: a game that started goes to
    /// the archive with its outcome; a lobby that never started is discarded, keeping
    /// nothing (opening and leaving tables must not fill the archive).
    pub(crate) fn put_away(&self, active: &Active) -> Result<(), storage::StoreError> {
        if active.game.is_none() {
            return self.store.discard_lobby(&active.meta);
        }
        self.archive_active(active, None).map(|_| ())
    }

    /// Moves a finished or abandoned table to the archive with its outcome, rating a
    /// finished game in the same transaction. A rated game's end message (`end`, or one
    /// composed here when it is archived late) is stored in the outbox with the archive,
    /// its rating changes after the scores; it is returned, numbered.
    pub(crate) fn archive_active(
        &self,
        active: &Active,
        end: Option<Delivery>,
    ) -> Result<Option<Delivery>, storage::StoreError> {
        let game = active.game.as_ref();
        let outcome = if active.meta.status == Status::Finished {
            game.and_then(|g| g.outcome())
                .and_then(|o| serde_json::to_value(o).ok())
        } else {
            None
        };
        // Only a game played to the end counts in the server's stats; bots have none,
        // and a game with bots counts as the people's record against their levels.
        let against = bots::levels_at(&active.meta);
        let standings: Vec<Standing> = match game.and_then(|g| g.outcome()) {
            Some(o) if active.meta.status == Status::Finished => active
                .meta
                .seats
                .iter()
                .enumerate()
                .filter(|(_, user)| !user.is_bot())
                .map(|(seat, user)| Standing {
                    against: against.clone(),
                    user: user.user,
                    name: user.name.clone(),
                    won: o.winners.contains(&seat),
                    score: o
                        .results
                        .iter()
                        .find(|r| r.seat == seat)
                        .map_or(0, |r| r.total),
                })
                .collect(),
            _ => vec![],
        };
        let entry = ArchiveEntry {
            meta: active.meta.clone(),
            outcome,
            snapshot: game.map(|g| g.snapshot()).unwrap_or_default(),
        };
        let (rated, end) = self.rated(active, end).unzip();
        let archived = self.store.archive_rated(&entry, &standings, rated)?;
        // The picker lists it at once, without reading it back.
        self.picker.archived(&entry);
        let told = archived.outbox.zip(end).map(|(id, end)| {
            let lang = self.post_lang(&active.meta);
            let names = rated::names(&active.meta);
            let mut told = vec![rated::with_changes(end, lang, &names, &archived.changes)];
            Delivery::number(&mut told, &[id]);
            told.remove(0)
        });
        Ok(told)
    }
}
