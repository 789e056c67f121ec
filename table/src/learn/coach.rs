//! The coach of a lesson: a note in the lesson's channel (the learner's DM or private
//! thread, which only they read) at each of the learner's decisions — what it is, the
//! rules topic that covers it and the hint engine's move with its reason — and, after
//! their move, whether it was that move. Written with the move's commit, so it is sent
//! in order with the turn message. The suggestion is searched at the easy bot's budget
//! (bounded by its deadline) and kept as the position's hint: on the search pool when
//! there is one, the note then posted once it is found (`later.rs`); else at once.

use super::topic_index;
use crate::hint::hint_sentence;
use crate::lesson::Lesson;
use crate::think::Searched;
use crate::{Active, Delivery, Lang, Table};
use rules::{DynGame, Seat};

/// The search level of the coach's suggestions.
pub(super) const COACH_LEVEL: ai::Level = ai::Level::Easy;

/// A move just made: the position before it, who made it and its canonical text.
struct Played<'a> {
    before: &'a dyn DynGame,
    seat: Seat,
    text: &'a str,
}

/// What the coach says of a decision: its kinds of moves, rules topic and suggestion.
struct Decision {
    kinds: Vec<String>,
    count: usize,
    topic: String,
    suggestion: Option<(String, String)>,
    note: Option<String>,
}

impl Table {
    /// [`Table::coach`] after `seat` played `text` in `before`.
    pub(crate) fn coach_move(
        &self,
        lesson: Option<Lesson>,
        (before, seat, text): (&dyn DynGame, Seat, &str),
        next: &Active,
        out: &mut Vec<Delivery>,
    ) -> Option<Option<Lesson>> {
        let played = Played { before, seat, text };
        self.coach(lesson, Some(played), next, out)
    }

    /// [`Table::coach`] at a game's start.
    pub(crate) fn coach_start(
        &self,
        lesson: Option<Lesson>,
        next: &Active,
        out: &mut Vec<Delivery>,
    ) -> Option<Option<Lesson>> {
        self.coach(lesson, None, next, out)
    }

    /// The coach's notes for the change to `next` (after `played`, or at the start),
    /// appended to `out` as posts in the lesson's channel. Returns the lesson as it is
    /// after them when that changed (`Some(None)`: the lesson is over), to keep once the
    /// change is stored.
    fn coach(
        &self,
        lesson: Option<Lesson>,
        played: Option<Played<'_>>,
        next: &Active,
        out: &mut Vec<Delivery>,
    ) -> Option<Option<Lesson>> {
        let mut lesson = lesson?;
        let (Some(seat), Some(game)) = (next.seat_of(lesson.learner), next.game.as_ref()) else {
            return None;
        };
        let lang = self.seat_lang(next, seat);
        let mut lines = Vec::new();
        if let Some(p) = played.as_ref().filter(|p| p.seat == seat) {
            lines.push(self.after_move(next, p, lesson.at, lang));
        }
        let awaited = game.awaiting().contains(&seat) && !next.played_by_table(seat);
        // A decision already told (another seat moved meanwhile) is not told again.
        let told = played.as_ref().is_some_and(|p| {
            p.seat != seat
                && p.before.awaiting().contains(&seat)
                && p.before.legal_texts(seat) == game.legal_texts(seat)
        });
        let mut changed = None;
        if game.is_over() {
            lines.push(words::text(lang, "learn-coach-over", &[]));
            changed = Some(None);
        } else if lesson.told >= super::decisions_of(game.kind().id) {
            // The lesson's decisions are done: the game goes on without the coach.
            let title = game.kind().title;
            lines.push(words::text(
                lang,
                "learn-coach-done",
                &[("game", title.into())],
            ));
            changed = Some(None);
        } else if awaited && !told {
            let key = (
                next.meta.channel,
                next.meta.game_id,
                next.meta.version,
                seat,
            );
            // On a pool the suggestion is searched off the lock, the note posted later.
            if !self.coach_searches_later(key, game.as_ref(), next) {
                let found = self.hint_now(key, game.as_ref(), next.meta.seed, COACH_LEVEL);
                let decision = self.decision(next, game.as_ref(), seat, lang, found);
                lines.push(decision.say(lang));
            }
            lesson.told += 1;
            lesson.at = next.meta.version;
            changed = Some(Some(lesson));
        }
        if !lines.is_empty() {
            out.push(Delivery::channel(lines.join("\n")));
        }
        changed
    }

    /// The note after the learner's move: the coach's suggestion (told at version `at`)
    /// followed, or the move the hint engine would have played, and why.
    fn after_move(&self, next: &Active, p: &Played<'_>, at: u64, lang: Lang) -> String {
        // Searched again only if it is no longer kept (the suggestion stays the same
        // while others move in the same phase) — and never under the lock when there is
        // a pool: a move made before its suggestion was found is just acknowledged.
        let key = (next.meta.channel, next.meta.game_id, at, p.seat);
        let found = if self.thinker.is_inline() {
            self.hint_now(key, p.before, next.meta.seed, COACH_LEVEL)
        } else {
            self.hints.get(&key).unwrap_or(Searched::NoMove)
        };
        match found {
            Searched::Found(line, _) if line == p.text => {
                words::text(lang, "learn-coach-after-same", &[])
            }
            Searched::Found(line, decision) => {
                let hint = hint_sentence(self, lang, p.before, p.seat, &line, &decision);
                words::text(lang, "learn-coach-after-other", &[("hint", hint.into())])
            }
            Searched::NoMove | Searched::Failed => words::text(lang, "learn-coach-after-any", &[]),
        }
    }

    /// The coach's note on `seat`'s decision in `next`, with the suggestion `found`, in
    /// the seat's language.
    pub(super) fn coach_note(&self, next: &Active, seat: Seat, found: Searched) -> String {
        let lang = self.seat_lang(next, seat);
        match next.game.as_ref() {
            Some(game) => self
                .decision(next, game.as_ref(), seat, lang, found)
                .say(lang),
            None => String::new(),
        }
    }

    /// What `seat`'s decision in `game` is, with the suggestion `found`, for the coach's
    /// note in `lang`.
    fn decision(
        &self,
        next: &Active,
        game: &dyn DynGame,
        seat: Seat,
        lang: Lang,
        found: Searched,
    ) -> Decision {
        let legal = game.legal_texts(seat);
        let mut kinds: Vec<String> = Vec::new();
        for word in legal.iter().filter_map(|l| l.split_whitespace().next()) {
            if !kinds.iter().any(|k| k == word) {
                kinds.push(word.to_string());
            }
        }
        let kind = game.kind();
        let digest = crate::rules_text(kind, lang);
        let topics = crate::rules_topics(&digest);
        let at = kinds.first().map_or(0, |w| topic_index(kind.id, w));
        let topic = topics
            .get(at)
            .or(topics.first())
            .map_or_else(String::new, |t| t.to_string());
        let suggestion = match found {
            Searched::Found(line, decision) => {
                let hint = hint_sentence(self, lang, game, seat, &line, &decision);
                Some((hint, line))
            }
            Searched::NoMove | Searched::Failed => None,
        };
        let names = next.names();
        let note = game.decision_note(seat, &names, &words::Speaker::new(lang, &names));
        Decision {
            count: legal.len(),
            kinds,
            topic,
            suggestion,
            note,
        }
    }
}

impl Decision {
    /// The coach's note, in `lang`.
    fn say(&self, lang: Lang) -> String {
        let kinds: Vec<String> = self.kinds.iter().map(|k| format!("`{k}`")).collect();
        let mut lines = vec![words::text(
            lang,
            "learn-coach-decision",
            &[
                ("count", self.count.into()),
                ("kinds", kinds.join(", ").into()),
            ],
        )];
        if let Some(note) = &self.note {
            lines.push(note.clone());
        }
        if !self.topic.is_empty() {
            lines.push(words::text(
                lang,
                "learn-coach-rule",
                &[("topic", self.topic.clone().into())],
            ));
        }
        match &self.suggestion {
            Some((hint, line)) => {
                lines.push(hint.clone());
                lines.push(words::text(
                    lang,
                    "learn-coach-typed",
                    &[("move", line.clone().into())],
                ));
            }
            None => lines.push(words::text(lang, "learn-coach-no-suggestion", &[])),
        }
        lines.join("\n")
    }
}
