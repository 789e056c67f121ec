//! `/game learn <title>`: a lesson, a game for one person against easy bots on a deal
//! chosen for teaching (`setups.tsv`), with a coach (`coach.rs`) who, at each of the
//! learner's decisions, says what it is, which rules topic covers it and what the hint
//! engine would play, and after the move whether the learner played that. The lesson's
//! table belongs to the learner alone (`private.rs`). The learner stops the coach at any
//! time (`/game learn stop:true`) and plays on as a normal game against the bots, or
//! ends the game with `/game abandon`. Which game is a lesson is the channel's note
//! `lesson` ("<learner> <game id> <decisions told> <version of the last>"), read once per
//! loaded channel into its slot.

#[cfg(test)]
mod choose;
mod coach;
mod later;

use crate::lesson::Lesson;
#[cfg(test)]
use crate::Lang;
use crate::{Caller, ChannelId, Delivery, Slot, Table};
use storage::BotLevel;

/// The lessons' deals, one line per title (see the file's header).
const SETUPS: &str = include_str!("setups.tsv");
/// Which rules topic a decision falls under (see the file's header).
const TOPICS: &str = include_str!("topics.tsv");
/// The channel note naming the lesson under way.
const NOTE: &str = "lesson";

/// A title's lesson: its deal and its bots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    pub game: String,
    pub seed: u64,
    pub bots: usize,
    pub options: String,
    /// The learner's decisions the coach follows.
    pub decisions: u32,
    /// What the deal's lesson covers when the learner follows the coach (measured by
    /// `choose.rs`): how many rules topics the coach points to and kinds of move played.
    pub topics: usize,
    pub kinds: usize,
}

/// The data lines of a tab-separated table (no comments, no blank lines).
fn rows(text: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
}

/// Every title's lesson, as `setups.tsv` lists them.
pub fn setups() -> Vec<Setup> {
    rows(SETUPS)
        .filter_map(|r| {
            Some(Setup {
                game: r.first()?.to_string(),
                seed: r.get(1)?.parse().ok()?,
                bots: r.get(2)?.parse().ok()?,
                options: r.get(3).filter(|o| **o != "-").unwrap_or(&"").to_string(),
                decisions: r.get(4)?.parse().ok()?,
                topics: r.get(5)?.parse().ok()?,
                kinds: r.get(6)?.parse().ok()?,
            })
        })
        .collect()
}

/// The place among `game`'s rules topics of the one a move starting with `word` falls
/// under (0 when `topics.tsv` has no line for it).
pub fn topic_index(game: &str, word: &str) -> usize {
    rows(TOPICS)
        .find(|r| r.first() == Some(&game) && r.get(1) == Some(&word))
        .and_then(|r| r.get(2)?.parse().ok())
        .unwrap_or(0)
}

impl Table {
    /// `/game learn <title>`: makes `channel` the caller's own and opens the title's
    /// lesson there; the game starts at once with its easy bots and the coach's first
    /// note when the learner is the first to decide.
    pub fn learn(&self, channel: ChannelId, caller: &Caller, title: &str) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(kind) = rules::catalog::find(title) else {
            return vec![Delivery::ephemeral(crate::text::unknown_game(lang, title))];
        };
        let Some(setup) = setups().into_iter().find(|s| s.game == kind.id) else {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "learn-no-lesson",
                &[("game", kind.title.into())],
            ))];
        };
        self.with_slot_retrying(channel, |slot| {
            if slot.active.is_some() {
                // The refusal `/game new` gives: a table is open here already.
                return self.new_table(slot, channel, caller, kind.id, "", None, &[], false);
            }
            self.make_private(channel, caller.user);
            let bots = vec![BotLevel::Easy; setup.bots];
            // The lesson is named before the game starts (its id still unknown: 0 is "the
            // game opened now"), so the coach speaks at the start already.
            slot.lesson = Some(Some(Lesson {
                learner: caller.user,
                game_id: 0,
                told: 0,
                at: 0,
            }));
            let mut out = vec![Delivery::ephemeral(words::text(
                lang,
                "learn-started",
                &[("game", kind.title.into())],
            ))];
            out.extend(self.new_table(
                slot,
                channel,
                caller,
                kind.id,
                &setup.options,
                Some(setup.seed),
                &bots,
                // A coached game says nothing of the learner's strength: unrated.
                false,
            ));
            match slot.active.as_ref().map(|a| a.meta.game_id) {
                Some(game_id) => {
                    let (told, at) = slot.lesson.flatten().map_or((0, 0), |l| (l.told, l.at));
                    let lesson = Lesson {
                        learner: caller.user,
                        game_id,
                        told,
                        at,
                    };
                    self.keep_lesson(channel, slot, Some(lesson));
                }
                // Nothing was opened (the store failed): no lesson either.
                None => slot.lesson = Some(None),
            }
            out
        })
    }

    /// `/game learn stop:true`: the coach falls silent and the game goes on as a normal
    /// game against the bots (the table stays the learner's own).
    pub fn stop_lesson(&self, channel: ChannelId, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        self.with_slot_retrying(channel, |slot| {
            match self.lesson(slot) {
                Some(l) if l.learner == caller.user => {}
                _ => {
                    return vec![Delivery::ephemeral(words::text(
                        lang,
                        "learn-no-lesson-here",
                        &[],
                    ))]
                }
            }
            self.keep_lesson(channel, slot, None);
            vec![Delivery::ephemeral(words::text(lang, "learn-stopped", &[]))]
        })
    }
}

impl Table {
    /// The lesson of the game `game_id` starting in the slot's channel.
    pub(crate) fn lesson_at_start(&self, slot: &mut Slot, game_id: u64) -> Option<Lesson> {
        self.lesson(slot)
            .filter(|l| l.game_id == game_id || l.game_id == 0)
    }

    /// The lesson under way in the slot's channel, read from its note once per load.
    pub(crate) fn lesson(&self, slot: &mut Slot) -> Option<Lesson> {
        let active = slot.active.as_ref()?;
        let (channel, game_id) = (active.meta.channel, active.meta.game_id);
        let lesson = *slot.lesson.get_or_insert_with(|| {
            let note = self.note(channel, NOTE)?;
            let text = String::from_utf8(note).ok()?;
            let mut parts = text.split(' ');
            Some(Lesson {
                learner: parts.next()?.parse().ok()?,
                game_id: parts.next()?.parse().ok()?,
                told: parts.next().and_then(|t| t.parse().ok()).unwrap_or(0),
                at: parts.next().and_then(|t| t.parse().ok()).unwrap_or(0),
            })
        });
        lesson.filter(|l| l.game_id == game_id || l.game_id == 0)
    }
}

impl Table {
    /// Keeps the lesson under way in `channel` (none: the coach is done) in its note and
    /// the slot.
    pub(crate) fn keep_lesson(&self, channel: ChannelId, slot: &mut Slot, lesson: Option<Lesson>) {
        let note = lesson.map_or_else(
            || "-".to_string(),
            |l| format!("{} {} {} {}", l.learner, l.game_id, l.told, l.at),
        );
        self.put_note(channel, NOTE, note.as_bytes());
        slot.lesson = Some(lesson);
    }
}

/// The number of the learner's decisions the coach follows in `game`'s lesson.
pub(crate) fn decisions_of(game: &str) -> u32 {
    setups()
        .into_iter()
        .find(|s| s.game == game)
        .map_or(0, |s| s.decisions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_title_has_a_lesson_of_about_ten_minutes() {
        let setups = setups();
        for kind in rules::catalog::games() {
            let setup = setups
                .iter()
                .find(|s| s.game == kind.id)
                .unwrap_or_else(|| panic!("no lesson for {}", kind.id));
            let seats = setup.bots + 1;
            assert!(
                (kind.players.0..=kind.players.1).contains(&seats),
                "{}: {seats} seats",
                kind.id
            );
            let options = rules::dynamic::options_from_text(&setup.options).unwrap();
            assert!(
                (kind.new)(seats, &options, setup.seed).is_ok(),
                "{}",
                kind.id
            );
            // Decisions at a typical 20 s: about ten minutes, never over fifteen.
            assert!((20..=45).contains(&setup.decisions), "{}", kind.id);
        }
        assert_eq!(setups.len(), rules::catalog::games().len());
    }

    #[test]
    fn every_topic_the_coach_points_to_is_a_rules_topic_in_every_language() {
        for row in rows(TOPICS) {
            let (game, word) = (row[0], row[1]);
            let kind = rules::catalog::find(game).unwrap_or_else(|| panic!("{game}"));
            let at = topic_index(game, word);
            for lang in [Lang::En, Lang::Es] {
                let digest = crate::rules_text(kind, lang);
                let topics = crate::rules_topics(&digest);
                assert!(at < topics.len(), "{game} {word}: topic {at} in {lang:?}");
            }
        }
        assert_eq!(topic_index("palazzo", "build"), 4);
        assert_eq!(topic_index("palazzo", "no-such-word"), 0);
    }
}
