//! `/game hint`: the normal bot's move for the caller at this moment, with one line of
//! why, answered only to them. The position is read under the channel lock; the search
//! runs after it is released, from the caller's own knowledge (the bot determinizes for
//! that seat: it never sees a hidden card). The host turns hints off or on per game
//! (`/game settings hints:off`), kept in a channel note like the undo setting, so no
//! stored record changes its layout.
//!
//! Bounded work: a hint is searched once per position (game, version, seat) and kept in a
//! small cache (the same position gets the same answer, at once); each person has at
//! most one hint being searched; a hint is refused with a sentence while its server has
//! `[bots] server_searches` searches in flight; and the Discord adapter waits for the
//! search without holding a thread ([`Table::hint_async`]).

use crate::botplay::TIMEOUT_LEVEL;
use crate::switch::Switch;
use crate::think::{search_seed, SearchPermit, Searched};
use crate::{awaited_seat, lock, text, Active, Caller, ChannelId, Command, Delivery, Slot, Table};
use crate::{MoveNamer, UserId};
use rules::{DynGame, Seat};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;
use words::Lang;

/// Hints, on unless the host turned them off for the game.
const HINTS: Switch = Switch {
    note: "hint-setting",
    turned_on: "table-switch-hints-on",
    turned_off: "table-switch-hints-off",
};

/// Hints kept (each a position's answer); the least recently asked goes first.
const HINTS_KEPT: usize = 1_024;

/// A position a hint is asked at: channel, game, version, seat.
pub(crate) type HintKey = (ChannelId, u64, u64, Seat);

/// The hints answered lately and the people with a hint being searched.
#[derive(Default)]
pub(crate) struct Hints {
    cache: Mutex<HintCache>,
    asking: Mutex<HashSet<UserId>>,
    /// Positions whose coach's suggestion was searched on the pool and is now kept,
    /// their note not yet posted (`learn/later.rs`).
    coached: Mutex<Vec<HintKey>>,
}

/// A bounded least-recently-used map of positions to their answers.
#[derive(Default)]
struct HintCache {
    map: HashMap<HintKey, (Searched, u64)>,
    tick: u64,
}

impl Hints {
    /// Notes that the coach's suggestion at `key` is kept, its note still to post.
    pub(crate) fn coached(&self, key: HintKey) {
        lock(&self.coached).push(key);
    }

    /// The positions noted by [`Hints::coached`] since the last call.
    pub(crate) fn take_coached(&self) -> Vec<HintKey> {
        std::mem::take(&mut *lock(&self.coached))
    }

    pub(crate) fn get(&self, key: &HintKey) -> Option<Searched> {
        let mut cache = lock(&self.cache);
        cache.tick += 1;
        let tick = cache.tick;
        let (found, used) = cache.map.get_mut(key)?;
        *used = tick;
        Some(found.clone())
    }

    pub(crate) fn put(&self, key: HintKey, found: Searched) {
        let mut cache = lock(&self.cache);
        if cache.map.len() >= HINTS_KEPT && !cache.map.contains_key(&key) {
            let oldest = cache.map.iter().min_by_key(|(_, (_, used))| *used);
            if let Some(oldest) = oldest.map(|(k, _)| *k) {
                cache.map.remove(&oldest);
            }
        }
        cache.tick += 1;
        let tick = cache.tick;
        cache.map.insert(key, (found, tick));
    }
}

/// A person's hint being searched: they may ask again once it is dropped (the search
/// done, failed, or never run).
struct Asking {
    hints: Arc<Hints>,
    user: UserId,
}

impl Drop for Asking {
    fn drop(&mut self) {
        lock(&self.hints.asking).remove(&self.user);
    }
}

/// A position to search for a hint, taken under the channel lock.
pub(crate) struct HintJob {
    /// The caller's language (the answer's).
    lang: Lang,
    /// The server (guild id, 0 for none) whose searches it counts in.
    server: u64,
    key: HintKey,
    /// The game's id, for naming the move.
    game_id: String,
    game: Box<dyn DynGame>,
    seed: u64,
}

/// What a hint's answer is worded from, besides the search's result.
struct HintWords {
    lang: Lang,
    game_id: String,
    /// The seat's legal moves.
    legal: usize,
    move_names: MoveNamer,
}

/// A hint under way: answered at once, or once its search is done.
pub(crate) enum Started {
    Now(Delivery),
    Searching(oneshot::Receiver<Searched>, HintWordsBox),
}

/// [`HintWords`], boxed so a started hint stays small.
pub(crate) struct HintWordsBox(Box<HintWords>);

impl Table {
    /// Whether hints are on for the game in `active` (on unless the host turned them off).
    pub(crate) fn hints_on(&self, active: &Active) -> bool {
        self.switch_on(active, &HINTS)
    }

    /// A `/game settings` line: whether hints are on.
    pub(crate) fn hints_line(&self, active: &Active, lang: Lang) -> String {
        let on = if self.hints_on(active) { "on" } else { "off" };
        words::text(lang, "table-settings-hints-line", &[("on", on.into())])
    }

    /// The host turns hints `on` or off for this game.
    pub(crate) fn set_hints(&self, active: &Active, caller: &Caller, on: bool) -> Vec<Delivery> {
        self.set_switch(active, caller, &HINTS, on)
    }

    /// What `/game hint` will search, or the caller's refusal: a running game that awaits
    /// the caller, with hints on.
    pub(crate) fn hint_job(&self, slot: &Slot, caller: &Caller) -> Result<HintJob, String> {
        let lang = caller.lang;
        let Some(active) = slot.active.as_ref() else {
            return Err(text::no_table(lang));
        };
        let seat = awaited_seat(active, caller)?;
        if !self.hints_on(active) {
            return Err(words::text(
                lang,
                "table-hint-off",
                &[("host", active.host_name(lang).into())],
            ));
        }
        let game = active.game.as_ref().ok_or_else(|| text::no_table(lang))?;
        let m = &active.meta;
        Ok(HintJob {
            lang,
            server: m.guild,
            key: (m.channel, m.game_id, m.version, seat),
            game_id: m.game.clone(),
            game: game.box_clone(),
            seed: search_seed(m.seed, m.version, seat),
        })
    }

    /// Answers a hint for `user`, waiting for its search if one runs (the caller is off
    /// the async runtime: the local table, tests; Discord uses [`Table::hint_async`]).
    pub(crate) fn answer_hint(&self, job: HintJob, user: UserId) -> Delivery {
        match self.start_hint(job, user) {
            Started::Now(answer) => answer,
            Started::Searching(mut rx, words) => {
                // Answered already by an inline thinker; else wait (never on the runtime).
                let found = match rx.try_recv() {
                    Ok(found) => Some(found),
                    Err(oneshot::error::TryRecvError::Empty) => rx.blocking_recv().ok(),
                    Err(oneshot::error::TryRecvError::Closed) => None,
                };
                words.0.answer(found)
            }
        }
    }

    /// `/game hint` for async callers: the position is read on the blocking pool, the
    /// search runs on the thinker, and no thread waits for it meanwhile.
    pub async fn hint_async(self: &Arc<Self>, channel: ChannelId, caller: Caller) -> Vec<Delivery> {
        let table = Arc::clone(self);
        let lang = caller.lang;
        let begun = tokio::task::spawn_blocking(move || {
            let (out, job) = table.handle_parts(channel, &caller, Command::Hint);
            (out, job.map(|job| table.start_hint(job, caller.user)))
        })
        .await;
        match begun {
            Ok((out, None)) => out,
            Ok((mut out, Some(Started::Now(answer)))) => {
                out.push(answer);
                out
            }
            Ok((mut out, Some(Started::Searching(rx, words)))) => {
                out.push(words.0.answer(rx.await.ok()));
                out
            }
            Err(e) => {
                tracing::error!(channel, error = %e, "hint task failed");
                vec![Delivery::ephemeral(words::text(
                    lang,
                    "table-went-wrong",
                    &[],
                ))]
            }
        }
    }

    /// Starts a hint: the answer kept for its position if there is one; else a refusal
    /// while `user` has a hint being searched or the server is full; else its search,
    /// started on the thinker (whose answer is kept for the position before it is sent).
    pub(crate) fn start_hint(&self, job: HintJob, user: UserId) -> Started {
        let HintJob {
            lang,
            server,
            key,
            game_id,
            game,
            seed,
        } = job;
        let words = HintWords {
            lang,
            game_id,
            legal: game.legal_texts(key.3).len(),
            move_names: self.move_names.clone(),
        };
        if let Some(found) = self.hints.get(&key) {
            return Started::Now(words.answer(Some(found)));
        }
        if !lock(&self.hints.asking).insert(user) {
            return Started::Now(Delivery::ephemeral(words::text(
                lang,
                "table-hint-busy",
                &[],
            )));
        }
        let asking = Asking {
            hints: self.hints.clone(),
            user,
        };
        // A search that ended between the look above and the mark keeps its answer first.
        if let Some(found) = self.hints.get(&key) {
            return Started::Now(words.answer(Some(found)));
        }
        let Some(permit) = self.thinker.admit(server) else {
            return Started::Now(Delivery::ephemeral(words::text(
                lang,
                "table-hint-server-busy",
                &[],
            )));
        };
        let (tx, rx) = oneshot::channel();
        let thinker = self.thinker.clone();
        let hints = self.hints.clone();
        self.thinker.submit(key.0, move || {
            let (asking, permit): (Asking, SearchPermit) = (asking, permit);
            let found = thinker.search(game.as_ref(), key.3, TIMEOUT_LEVEL, seed);
            // Kept before the person may ask again, so a hint asked next finds it.
            hints.put(key, found.clone());
            drop(permit);
            drop(asking);
            let _ = tx.send(found);
        });
        Started::Searching(rx, HintWordsBox(Box::new(words)))
    }
}

impl HintWords {
    /// The hint's answer to its asker; `None`: the search never answered.
    fn answer(&self, found: Option<Searched>) -> Delivery {
        let lang = self.lang;
        match found {
            Some(Searched::Found(line, decision)) => {
                Delivery::ephemeral(self.sentence(&line, &decision))
            }
            Some(Searched::NoMove) => {
                Delivery::ephemeral(words::text(lang, "table-hint-none", &[]))
            }
            Some(Searched::Failed) | None => {
                Delivery::ephemeral(words::text(lang, "table-hint-failed", &[]))
            }
        }
    }

    /// The hint's sentence for a move found: the move in words, and why.
    fn sentence(&self, line: &str, decision: &ai::Decision) -> String {
        let lang = self.lang;
        let line = (self.move_names)(lang, &self.game_id, line);
        if self.legal <= 1 {
            words::text(lang, "table-hint-only-move", &[("move", line.into())])
        } else if let Some(why) = &decision.rule {
            words::text(
                lang,
                "table-hint-rule",
                &[
                    ("move", line.into()),
                    ("why", words::phrase(lang, why, &[]).into()),
                ],
            )
        } else {
            words::text(
                lang,
                "table-hint-best",
                &[
                    ("move", line.into()),
                    ("games", decision.iterations.to_string().into()),
                    (
                        "chance",
                        (decision.expected * 100.0).round().clamp(0.0, 100.0).into(),
                    ),
                ],
            )
        }
    }
}

/// The hint's sentence (the move in words, and why) for `line`, found for `game` by a
/// search: the coach of a lesson says it as `/game hint` would.
pub(crate) fn hint_sentence(
    table: &Table,
    lang: Lang,
    game: &dyn DynGame,
    seat: Seat,
    line: &str,
    decision: &ai::Decision,
) -> String {
    HintWords {
        lang,
        game_id: game.kind().id.to_string(),
        legal: game.legal_texts(seat).len(),
        move_names: table.move_names.clone(),
    }
    .sentence(line, decision)
}

impl Table {
    /// The hint engine's move for `seat` in `game` (channel, game id and version name the
    /// position), searched now at `level` and kept as that position's hint, so a
    /// `/game hint` there answers the same at once. Bounded by the level's deadline.
    pub(crate) fn hint_now(
        &self,
        key: (ChannelId, u64, u64, Seat),
        game: &dyn DynGame,
        game_seed: u64,
        level: ai::Level,
    ) -> Searched {
        if let Some(found) = self.hints.get(&key) {
            return found;
        }
        let found = self
            .thinker
            .search(game, key.3, level, search_seed(game_seed, key.2, key.3));
        self.hints.put(key, found.clone());
        found
    }
}
