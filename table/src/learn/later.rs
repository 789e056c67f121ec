//! The coach's search off the channel lock. With a pool of search threads, a decision
//! whose suggestion is not kept yet is searched on the pool (counted in its server's
//! searches), kept as the position's hint, and its note posted by the next timer pass,
//! under the channel lock — only while the lesson's last decision told is still that one
//! and the learner still has it to make; a note whose position moved on is dropped. With
//! the inline thinker (tests, the local table) the coach searches at once.

use super::coach::COACH_LEVEL;
use crate::hint::HintKey;
use crate::think::search_seed;
use crate::{Active, Change, ChannelId, Delivery, Slot, Table};
use rules::DynGame;
use storage::Status;

impl Table {
    /// Whether the coach's suggestion at `key` (a position of `next`'s game) is searched
    /// on the pool: then its search is started and the note is posted once it is found.
    /// `false` with the inline thinker or when the suggestion is kept already.
    pub(crate) fn coach_searches_later(
        &self,
        key: HintKey,
        game: &dyn DynGame,
        next: &Active,
    ) -> bool {
        if self.thinker.is_inline() || self.hints.get(&key).is_some() {
            return false;
        }
        // One search per decision of a learner: let through when the server is full.
        let server = next.meta.guild;
        let permit = self
            .thinker
            .admit(server)
            .unwrap_or_else(|| self.thinker.admit_over_cap(server));
        let copy = game.box_clone();
        let (thinker, hints) = (self.thinker.clone(), self.hints.clone());
        let seed = search_seed(next.meta.seed, key.2, key.3);
        self.thinker.submit(key.0, move || {
            let found = thinker.search(copy.as_ref(), key.3, COACH_LEVEL, seed);
            drop(permit);
            hints.put(key, found);
            hints.coached(key);
            thinker.wake();
        });
        true
    }

    /// Posts the coach's notes whose suggestions were found since the last pass; returns
    /// each channel with what it sent.
    pub(crate) fn post_coach_notes(&self) -> Vec<(ChannelId, Vec<Delivery>)> {
        self.hints
            .take_coached()
            .into_iter()
            .map(|key| {
                let out = self.with_slot_retrying(key.0, |slot| self.post_coach_note(slot, key));
                (key.0, out)
            })
            .collect()
    }

    /// The note of the decision at `key`, posted if the lesson's last decision told is
    /// still that one and the learner still has it to make.
    fn post_coach_note(&self, slot: &mut Slot, key: HintKey) -> Vec<Delivery> {
        let Some(lesson) = self.lesson(slot) else {
            return vec![];
        };
        let Some(active) = slot.active.as_ref() else {
            return vec![];
        };
        let (channel, game_id, version, seat) = key;
        let awaited = active
            .game
            .as_ref()
            .is_some_and(|g| !g.is_over() && g.awaiting().contains(&seat));
        let current = active.meta.game_id == game_id
            && active.meta.status == Status::Running
            && lesson.at == version
            && active.seat_of(lesson.learner) == Some(seat)
            && awaited;
        let Some(found) = self.hints.get(&key).filter(|_| current) else {
            // The learner moved (or the lesson ended) before the note: it is dropped.
            return vec![];
        };
        let note = self.coach_note(active, seat, found);
        let meta = active.meta.clone();
        let mut out = vec![Delivery::channel(note)];
        if self.commit(Change::meta(&meta), &mut out).is_err() {
            tracing::warn!(channel, "a coach's note could not be stored");
            return vec![];
        }
        out.retain(Delivery::is_outgoing);
        out
    }
}
