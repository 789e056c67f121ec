//! Replays (`/game history`): a game's public picture and narration at any step, rebuilt
//! from its seed and action log — never from a stored state, and only through the
//! engine's public view, so a replay shows nothing a player could not see at the time.
//!
//! A replay's **steps** are the setup and every action that had a public narration. An
//! action nobody else was told of (an Estates stash) is no step of its own: its effect
//! shows with the next step, as it did in the channel (a step for it would tell that it
//! happened, and when). The last step is the game as it stands.
//!
//! A **round**, read from the public view at each step: in Palazzo and Villa Paletti a
//! new round starts when the turn passes back to an earlier seat (everyone has had a
//! turn); in The Estates the same, counted by the auctioneer, and when the game's own
//! round number changes; in The Princes of Florence the game's own rounds (1–7).
//!
//! A built replay keeps the state after every [`CHECKPOINT_EVERY`] actions, so a step
//! applies at most that many actions less one before its picture is drawn; the last
//! [`REPLAYS_KEPT`] replays stay in memory (a running game's is rebuilt when it moved).

use crate::text::told_in;
use crate::{draw, lock, shown_names, text, Table};
use rules::{DynGame, GameKind, PublicPicture, Seat};
use std::collections::HashMap;
use std::sync::Arc;
use storage::{ChannelId, LogEntry, Meta, Status, UserId};
use words::Lang;

/// A replay keeps the game's state after every this many actions.
pub const CHECKPOINT_EVERY: u64 = 16;

/// Replays kept in memory, least recently used dropped first.
pub const REPLAYS_KEPT: usize = 16;

/// Archived games of a channel looked at when listing the caller's games (newest first).
pub(crate) const GAMES_LOOKED_AT: usize = 50;

/// Games listed for the picker at most (Discord's autocomplete shows 25).
pub const GAMES_LISTED: usize = 25;

/// Characters of narration shown for one step (the rest is cut with "…").
const NARRATION_CHARS: usize = 1_200;

/// A move through a replay: what the history buttons do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HistoryMove {
    /// The step at the given action count (a fresh look, or the same step again).
    Stay,
    First,
    Previous,
    Next,
    Last,
    /// The first step of the next round (the last step when there is none).
    NextRound,
}

/// A game `/game history` can show, for the picker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryGame {
    pub game_id: u64,
    /// What the picker shows: the title, the players, when it ended and who won.
    pub label: String,
}

/// One step of a replay: what `/game history` shows and where its buttons lead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryPage {
    pub game_id: u64,
    /// The actions applied at this step (what the buttons carry, to move from here).
    pub at: u64,
    /// This step, from 0 (the setup), and the number of steps.
    pub step: usize,
    pub steps: usize,
    /// The round of this step, from 1, and the rounds in the replay so far.
    pub round: usize,
    pub rounds: usize,
    /// The title line, the step's public narration and the board's first line.
    pub text: String,
}

impl HistoryPage {
    /// Whether an earlier step exists (⏮ and ◀ do something).
    pub fn has_previous(&self) -> bool {
        self.step > 0
    }

    /// Whether a later step exists (▶ and ⏭ do something).
    pub fn has_next(&self) -> bool {
        self.step + 1 < self.steps
    }

    /// Whether a later round exists ("next round" does something).
    pub fn has_next_round(&self) -> bool {
        self.round < self.rounds
    }
}

/// One step of a built replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Step {
    /// Actions applied.
    at: u64,
    /// The log index of the action whose narration this step shows (`None`: the setup).
    said: Option<usize>,
    /// From 1.
    round: usize,
}

/// A game rebuilt from its seed and log: checkpoints and steps.
struct Replay {
    meta: Meta,
    kind: &'static GameKind,
    log: Vec<LogEntry>,
    /// The state after `i * CHECKPOINT_EVERY` actions, by `i`.
    checkpoints: Vec<Box<dyn DynGame>>,
    steps: Vec<Step>,
    /// Each action's public narration as phrases (empty where the game has none: the
    /// log's English is shown), so a step reads in the reader's language.
    told: Vec<Vec<rules::Phrase>>,
}

/// The public narration of one replayed action as phrases: empty unless every public
/// event has one.
pub(crate) fn public_phrases(narrations: Vec<rules::dynamic::Narration>) -> Vec<rules::Phrase> {
    let public: Vec<_> = narrations
        .into_iter()
        .filter(|n| n.audience == rules::Audience::Everyone)
        .collect();
    if public.iter().any(|n| n.phrase.is_none()) {
        return Vec::new();
    }
    public.into_iter().filter_map(|n| n.phrase).collect()
}

/// Every entry of a game's whole log (undone moves and undos included) as its public
/// phrases, by replaying it from the seed: `/game log` in a language other than the one
/// the log was kept in. An entry the replay cannot narrate (an undo, a refused move, a
/// game without phrases) gets none, and the log's English is shown for it.
pub(crate) fn log_phrases(meta: &Meta, entries: &[LogEntry]) -> Vec<Vec<rules::Phrase>> {
    let Some(kind) = rules::catalog::find(&meta.game) else {
        return Vec::new();
    };
    let Ok(mut game) = (kind.new)(meta.seats.len(), &meta.options, meta.seed) else {
        return Vec::new();
    };
    let names = shown_names(meta);
    // The state before each entry, for undos (which go back to before an entry).
    let mut before: Vec<Box<dyn DynGame>> = Vec::with_capacity(entries.len());
    let mut out = Vec::with_capacity(entries.len());
    for entry in entries {
        before.push(game.box_clone());
        match entry.undoes() {
            Some(from) => {
                if let Some(state) = usize::try_from(from).ok().and_then(|f| before.get(f)) {
                    game = state.box_clone();
                }
                out.push(Vec::new());
            }
            None => match game.apply_logged_told(entry.seat, &entry.action, &names) {
                Ok(said) => out.push(public_phrases(said)),
                Err(_) => out.push(Vec::new()),
            },
        }
    }
    out
}

/// What a round is told apart by, read from a public view: the game's own round number
/// and the seat whose turn it is, where the game shows them.
fn round_marks(view: &PublicPicture) -> (Option<u32>, Option<Seat>) {
    match view {
        PublicPicture::Palazzo(v) => (None, Some(v.active)),
        PublicPicture::Villa(v) => (None, Some(v.turn)),
        PublicPicture::Estates(v) => {
            use rules::estates::PhaseView;
            let auctioneer = match &v.phase {
                PhaseView::Choosing { auctioneer }
                | PhaseView::Auction { auctioneer, .. }
                | PhaseView::Deciding { auctioneer, .. } => Some(*auctioneer),
                PhaseView::Placing { .. } | PhaseView::Over => None,
            };
            (Some(v.round), auctioneer)
        }
        PublicPicture::Princes(v) => (Some(u32::from(v.round)), None),
        PublicPicture::None => (None, None),
    }
}

/// Counts rounds over successive public views (see the module's documentation).
#[derive(Default)]
struct RoundCounter {
    round: usize,
    number: Option<u32>,
    seat: Option<Seat>,
}

impl RoundCounter {
    /// The round of the next view in order.
    fn next(&mut self, view: &PublicPicture) -> usize {
        let (number, seat) = round_marks(view);
        if self.round == 0 {
            self.round = 1;
        } else if number.is_some() && number != self.number {
            self.round += 1;
        } else if let (Some(new), Some(old)) = (seat, self.seat) {
            if new < old {
                self.round += 1;
            }
        }
        if number.is_some() {
            self.number = number;
        }
        if seat.is_some() {
            self.seat = seat;
        }
        self.round
    }
}

impl Replay {
    /// Replays `log` (the first `meta.version` actions of the game) from the seed; the
    /// refusal is in `lang`.
    fn build(meta: Meta, mut log: Vec<LogEntry>, lang: Lang) -> Result<Replay, String> {
        let kind =
            rules::catalog::find(&meta.game).ok_or_else(|| text::unknown_game(lang, &meta.game))?;
        log.truncate(usize::try_from(meta.version).unwrap_or(usize::MAX));
        // An undo takes moves back: the replay shows the moves still in effect.
        let log: Vec<LogEntry> = storage::effective_log(&log)
            .into_iter()
            .map(|(_, entry)| entry.clone())
            .collect();
        let mut game = (kind.new)(meta.seats.len(), &meta.options, meta.seed).map_err(|e| {
            words::text(
                lang,
                "table-history-no-setup",
                &[("error", e.to_string().into())],
            )
        })?;
        let mut checkpoints = vec![game.box_clone()];
        let mut rounds = RoundCounter::default();
        let mut steps = vec![Step {
            at: 0,
            said: None,
            round: rounds.next(&game.public_picture_view()),
        }];
        let names = shown_names(&meta);
        let mut told = Vec::with_capacity(log.len());
        for (index, entry) in log.iter().enumerate() {
            let said = game.apply_logged_told(entry.seat, &entry.action, &names);
            if let Err(e) = said.as_ref().map(|_| ()) {
                // The engine's reason can name a hand: for the operator's log only.
                tracing::warn!(game_id = meta.game_id, index, error = %e.text, "a logged action was refused in a replay");
                return Err(words::text(
                    lang,
                    "table-history-move-refused",
                    &[("n", (index + 1).into())],
                ));
            }
            told.push(said.map(public_phrases).unwrap_or_default());
            let at = index as u64 + 1;
            if at.is_multiple_of(CHECKPOINT_EVERY) {
                checkpoints.push(game.box_clone());
            }
            if !entry.public.is_empty() {
                let round = rounds.next(&game.public_picture_view());
                steps.push(Step {
                    at,
                    said: Some(index),
                    round,
                });
            }
        }
        // Moves nobody else saw after the last step: the last step shows the game as it
        // stands (what `/game status` shows), with that step's narration.
        let end = log.len() as u64;
        if let Some(last) = steps.last().copied().filter(|s| s.at < end) {
            let shown = Step { at: end, ..last };
            if last.said.is_some() {
                steps.pop();
            }
            steps.push(shown);
        }
        Ok(Replay {
            meta,
            kind,
            log,
            checkpoints,
            steps,
            told,
        })
    }

    /// The game after `at` actions: the checkpoint before it and the actions since.
    fn state_at(&self, at: u64) -> Option<Box<dyn DynGame>> {
        let index = usize::try_from(at / CHECKPOINT_EVERY).ok()?;
        let mut game = self.checkpoints.get(index)?.box_clone();
        let from = usize::try_from(index as u64 * CHECKPOINT_EVERY).ok()?;
        let to = usize::try_from(at).ok()?;
        for entry in self.log.get(from..to)? {
            game.apply_logged(entry.seat, &entry.action).ok()?;
        }
        Some(game)
    }

    /// The step reached from the one showing `at` by `step`.
    fn target(&self, at: u64, step: HistoryMove) -> usize {
        // The step showing `at`: the last at or before it (an id from before a rebuild
        // or a forged one lands on a real step).
        let here = self
            .steps
            .iter()
            .rposition(|s| s.at <= at)
            .unwrap_or_default();
        self.target_from(here, step)
    }

    /// The step reached from step `here` (from 0; past the last: the last) by `step`.
    fn target_from(&self, here: usize, step: HistoryMove) -> usize {
        let last = self.steps.len().saturating_sub(1);
        let here = here.min(last);
        match step {
            HistoryMove::Stay => here,
            HistoryMove::First => 0,
            HistoryMove::Previous => here.saturating_sub(1),
            HistoryMove::Next => (here + 1).min(last),
            HistoryMove::Last => last,
            HistoryMove::NextRound => {
                let round = self.steps.get(here).map_or(0, |s| s.round);
                self.steps
                    .iter()
                    .position(|s| s.round > round)
                    .unwrap_or(last)
            }
        }
    }

    /// The page of step `index`, in `lang`.
    fn page(&self, index: usize, lang: Lang) -> Option<HistoryPage> {
        let step = *self.steps.get(index)?;
        let game = self.state_at(step.at)?;
        let names = shown_names(&self.meta);
        let rounds = self.steps.last().map_or(1, |s| s.round);
        let narration = match step.said {
            None if step.at == 0 => words::text(lang, "table-history-set-up", &[]),
            None => String::new(),
            Some(i) => self
                .log
                .get(i)
                .map(|e| told_in(lang, e, self.told.get(i), &names, "\n"))
                .unwrap_or_default(),
        };
        let ended = matches!(self.meta.status, Status::Finished | Status::Abandoned);
        let key = if ended {
            "table-history-heading"
        } else {
            "table-history-heading-so-far"
        };
        let mut text = words::text(
            lang,
            key,
            &[
                ("game", self.kind.title.into()),
                ("step", (index + 1).into()),
                ("steps", self.steps.len().into()),
                ("round", step.round.into()),
                ("rounds", rounds.into()),
            ],
        );
        if !narration.is_empty() {
            text.push('\n');
            text.push_str(&cut(&narration, NARRATION_CHARS));
        }
        let headline = game.public_headline(&names, &words::Speaker::new(lang, &names));
        if !headline.is_empty() {
            text.push('\n');
            text.push_str(&headline);
        }
        Some(HistoryPage {
            game_id: self.meta.game_id,
            at: step.at,
            step: index,
            steps: self.steps.len(),
            round: step.round,
            rounds,
            text,
        })
    }
}

/// `s` cut to `n` characters, with "…" when cut.
fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        return s.to_string();
    }
    let mut out: String = s.chars().take(n.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// The replays built lately, by (channel, game id): a bounded cache.
#[derive(Default)]
pub(crate) struct Replays {
    map: HashMap<(ChannelId, u64), (Arc<Replay>, u64)>,
    tick: u64,
}

impl Replays {
    fn get(&mut self, key: (ChannelId, u64)) -> Option<Arc<Replay>> {
        self.tick += 1;
        let tick = self.tick;
        self.map.get_mut(&key).map(|(replay, used)| {
            *used = tick;
            replay.clone()
        })
    }

    fn put(&mut self, key: (ChannelId, u64), replay: Arc<Replay>) {
        self.tick += 1;
        self.map.insert(key, (replay, self.tick));
        while self.map.len() > REPLAYS_KEPT {
            let oldest = self
                .map
                .iter()
                .min_by_key(|(_, (_, t))| *t)
                .map(|(k, _)| *k);
            match oldest {
                Some(k) => self.map.remove(&k),
                None => break,
            };
        }
    }
}

/// Where a replay's game is: running in the channel, or in its archive.
enum Source {
    Running {
        meta: Box<Meta>,
        log: Vec<LogEntry>,
    },
    /// Running, and the cached replay is of its current version.
    Cached(Arc<Replay>),
    Archived(u64),
}

/// Archived games forgotten per store call while sweeping (a bounded write each).
const FORGET_BATCH: usize = 500;

impl Table {
    /// Retention (`[archive] keep_days`): forgets archived games that ended more than
    /// `keep_days` days ago by the table's clock, with their logs (so their replays go
    /// too; stats keep their results). `0` keeps everything. Returns how many went.
    pub fn forget_old_games(&self, keep_days: u64) -> usize {
        if keep_days == 0 {
            return 0;
        }
        let before = self
            .now_s()
            .saturating_sub(keep_days.saturating_mul(86_400));
        let mut forgotten = 0;
        // One process at a time sweeps a shared store (PostgreSQL: an advisory lock).
        let mut sweep = || loop {
            match self.store.forget_archived(before, FORGET_BATCH) {
                Ok(n) => {
                    forgotten += n;
                    if n < FORGET_BATCH {
                        break;
                    }
                }
                Err(e) => {
                    tracing::error!(error = %e, "cannot forget old archived games");
                    break;
                }
            }
        };
        if let Err(e) = self.store.exclusively("archive-retention", &mut sweep) {
            tracing::error!(error = %e, "cannot sweep the archive");
        }
        if forgotten > 0 {
            // A cached replay of a forgotten game goes with it.
            *lock(&self.replays) = Replays::default();
        }
        forgotten
    }

    /// The page of `/game history` in `channel`: the game `game_id` (the running game,
    /// or one of the channel's archive), else the running game, else the last game
    /// archived here. From the step showing `at` actions, `step` moves; without `at`
    /// a finished game starts at its setup and a running game at its current step.
    /// `Err` is the sentence the caller reads.
    pub fn history(
        &self,
        channel: ChannelId,
        game_id: Option<u64>,
        at: Option<u64>,
        step: HistoryMove,
    ) -> Result<HistoryPage, String> {
        self.history_in(Lang::En, channel, game_id, at, step)
    }

    /// [`Table::history`] for a reader of `lang`.
    pub fn history_in(
        &self,
        lang: Lang,
        channel: ChannelId,
        game_id: Option<u64>,
        at: Option<u64>,
        step: HistoryMove,
    ) -> Result<HistoryPage, String> {
        let replay = self.replay(channel, game_id, lang)?;
        let running = !matches!(replay.meta.status, Status::Finished | Status::Abandoned);
        let at = at.unwrap_or(if running { u64::MAX } else { 0 });
        replay
            .page(replay.target(at, step), lang)
            .ok_or_else(|| words::text(lang, "table-history-step-unreadable", &[]))
    }

    /// [`Table::history_in`] from a step's number rather than its action count: what
    /// the replay buttons carry, since a step's action count would tell how many moves
    /// nobody was told of (an Estates stash) came before it. Without `from`, as
    /// [`Table::history_in`] without `at`.
    pub fn history_step_in(
        &self,
        lang: Lang,
        channel: ChannelId,
        game_id: Option<u64>,
        from: Option<usize>,
        step: HistoryMove,
    ) -> Result<HistoryPage, String> {
        let Some(from) = from else {
            return self.history_in(lang, channel, game_id, None, step);
        };
        let replay = self.replay(channel, game_id, lang)?;
        replay
            .page(replay.target_from(from, step), lang)
            .ok_or_else(|| words::text(lang, "table-history-step-unreadable", &[]))
    }

    /// The public picture of step `at` of game `game_id`'s replay in `channel` (drawn
    /// from the public view of the game replayed to there): what a [`HistoryPage`] shows.
    /// `None` when `at` is no step of it, or for a game without pictures.
    pub fn history_picture(
        &self,
        channel: ChannelId,
        game_id: u64,
        at: u64,
    ) -> Option<Arc<crate::Picture>> {
        let replay = self.replay(channel, Some(game_id), Lang::En).ok()?;
        replay.steps.iter().find(|s| s.at == at)?;
        let game = replay.state_at(at)?;
        // The public board, in the channel's language as posted there.
        let lang = self.picture_lang(&replay.meta, None);
        draw(game.as_ref(), &replay.meta, None, lang).map(Arc::new)
    }

    /// The games `user` can pick for `/game history` in `channel`: the running game,
    /// then the games archived here that they played, newest first.
    pub fn history_games(&self, channel: ChannelId, user: UserId) -> Vec<HistoryGame> {
        self.history_games_in(Lang::En, channel, user)
    }

    /// [`Table::history_games`] labelled in `lang`: the picker's index, filled first
    /// (see `picker.rs`; the autocomplete uses [`Table::history_picker`], which never
    /// decodes an archived game).
    pub fn history_games_in(
        &self,
        lang: Lang,
        channel: ChannelId,
        user: UserId,
    ) -> Vec<HistoryGame> {
        self.fill_history_picker(channel);
        self.history_picker(lang, channel, user).0
    }

    /// The running game of `channel` as a picker choice, if one is running.
    pub(crate) fn running_game_choice(
        &self,
        lang: Lang,
        channel: ChannelId,
    ) -> Option<HistoryGame> {
        self.with_slot(channel, |slot| {
            let active = slot.active.as_ref().filter(|a| a.game.is_some())?;
            let m = &active.meta;
            Some(HistoryGame {
                game_id: m.game_id,
                label: label(
                    lang,
                    (&m.game, m.game_id, &m.seats),
                    &words::text(lang, "table-history-running", &[]),
                    None,
                ),
            })
        })
    }

    /// The replay of the game asked for, from the cache when it is current.
    fn replay(
        &self,
        channel: ChannelId,
        game_id: Option<u64>,
        lang: Lang,
    ) -> Result<Arc<Replay>, String> {
        let source = self.with_slot(channel, |slot| {
            let running = slot
                .active
                .as_ref()
                .filter(|a| a.game.is_some())
                .filter(|a| game_id.is_none_or(|id| id == a.meta.game_id));
            match running {
                Some(active) => {
                    let key = (channel, active.meta.game_id);
                    if let Some(r) = lock(&self.replays).get(key) {
                        if r.meta.version == active.meta.version {
                            return Ok(Source::Cached(r));
                        }
                    }
                    // Read under the channel's lock: the log and the metadata agree.
                    let log = self
                        .store
                        .log(active.meta.game_id)
                        .map_err(|e| moves_unreadable(lang, &e))?;
                    Ok(Source::Running {
                        meta: Box::new(active.meta.clone()),
                        log,
                    })
                }
                None => match game_id {
                    Some(id) => Ok(Source::Archived(id)),
                    None => self
                        .store
                        .archived_ids(channel)
                        .map_err(|e| text::store_failed(lang, &e))?
                        .first()
                        .map(|id| Source::Archived(*id))
                        .ok_or_else(|| words::text(lang, "table-history-none", &[])),
                },
            }
        })?;
        let (meta, log) = match source {
            Source::Cached(replay) => return Ok(replay),
            Source::Running { meta, log } => (*meta, log),
            Source::Archived(id) => {
                if let Some(r) = lock(&self.replays).get((channel, id)) {
                    return Ok(r);
                }
                let entry = self
                    .store
                    .archived_game(channel, id)
                    .map_err(|e| {
                        words::text(
                            lang,
                            "table-history-game-unreadable",
                            &[("error", e.to_string().into())],
                        )
                    })?
                    .ok_or_else(|| words::text(lang, "table-history-no-such-game", &[]))?;
                let log = self.store.log(id).map_err(|e| moves_unreadable(lang, &e))?;
                (entry.meta, log)
            }
        };
        let key = (channel, meta.game_id);
        let replay = Arc::new(Replay::build(meta, log, lang)?);
        lock(&self.replays).put(key, replay.clone());
        Ok(replay)
    }
}

/// "The game's moves could not be read", in `lang`.
fn moves_unreadable(lang: Lang, e: &dyn std::fmt::Display) -> String {
    words::text(
        lang,
        "table-history-moves-unreadable",
        &[("error", e.to_string().into())],
    )
}

/// A picker label: title, game number, players, `when`, the winners.
pub(crate) fn label(
    lang: Lang,
    (game, game_id, seats): (&str, u64, &[storage::SeatedUser]),
    when: &str,
    winners: Option<&[Seat]>,
) -> String {
    let title = rules::catalog::find(game).map_or("Game", |k| k.title);
    let names: Vec<String> = seats.iter().map(|s| text::one_line(&s.name, 16)).collect();
    let mut out = words::text(
        lang,
        "table-history-label",
        &[
            ("game", title.into()),
            ("id", game_id.to_string().into()),
            ("players", names.join(", ").into()),
            ("when", when.into()),
        ],
    );
    if let Some(w) = winners.filter(|w| !w.is_empty()) {
        let won: Vec<&str> = w
            .iter()
            .filter_map(|s| names.get(*s).map(String::as_str))
            .collect();
        out.push_str(" · ");
        out.push_str(&words::text(
            lang,
            "table-history-won-by",
            &[("names", won.join(", ").into())],
        ));
    }
    cut(&out, 100)
}

/// "today", "yesterday", "3 days ago" for an age in seconds, in `lang`.
pub(crate) fn ago(lang: Lang, seconds: u64) -> String {
    let days = seconds / 86_400;
    words::text(lang, "table-history-ago", &[("days", days.into())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::Game;

    fn view<G: Game>(players: usize) -> G::PublicView {
        G::new(players, &G::Options::default(), 1)
            .unwrap()
            .public_view()
    }

    /// Rounds as the module's documentation defines them, per game.
    #[test]
    fn rounds_follow_the_turn_or_the_games_own_counter() {
        // Palazzo: the turn going back to an earlier seat starts a round.
        let mut counter = RoundCounter::default();
        let base = view::<rules::palazzo::Palazzo>(3);
        let rounds: Vec<usize> = [1, 1, 2, 0, 0, 1, 2, 2, 0]
            .into_iter()
            .map(|active| {
                let mut v = base.clone();
                v.active = active;
                counter.next(&v.into())
            })
            .collect();
        assert_eq!(rounds, [1, 1, 1, 2, 2, 2, 2, 2, 3]);
        // Princes: the game's own round number, whoever's turn it is.
        let mut counter = RoundCounter::default();
        let base = view::<rules::princes::Princes>(3);
        let rounds: Vec<usize> = [1, 1, 2, 2, 3]
            .into_iter()
            .map(|round| {
                let mut v = base.clone();
                v.round = round;
                counter.next(&v.into())
            })
            .collect();
        assert_eq!(rounds, [1, 1, 2, 2, 3]);
        // The Estates: a new round of the game, or the auctioneer going back; a step
        // without an auctioneer (placing, the end) keeps the last one.
        use rules::estates::PhaseView;
        let mut counter = RoundCounter::default();
        let base = view::<rules::estates::Estates>(3);
        let rounds: Vec<usize> = [
            (1, Some(1)),
            (1, Some(2)),
            (1, None),
            (1, Some(0)),
            (2, Some(0)),
        ]
        .into_iter()
        .map(|(round, auctioneer)| {
            let mut v = base.clone();
            v.round = round;
            v.phase = match auctioneer {
                Some(auctioneer) => PhaseView::Choosing { auctioneer },
                None => PhaseView::Over,
            };
            counter.next(&v.into())
        })
        .collect();
        assert_eq!(rounds, [1, 1, 1, 2, 3]);
        // No marks at all (a game without a picture): one round.
        let mut counter = RoundCounter::default();
        assert_eq!(counter.next(&PublicPicture::None), 1);
        assert_eq!(counter.next(&PublicPicture::None), 1);
    }

    #[test]
    fn ages_and_cuts_read_well() {
        assert_eq!(ago(Lang::En, 10), "today");
        assert_eq!(ago(Lang::En, 86_400 + 5), "yesterday");
        assert_eq!(ago(Lang::En, 86_400 * 3 + 5), "3 days ago");
        assert_eq!(cut("abcdef", 4), "abc…");
        assert_eq!(cut("abc", 4), "abc");
    }
}
