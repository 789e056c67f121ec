//! Tournaments run on a server (docs/tournaments.md): the pure model of `tournament/`
//! kept durable in the tournament channel's note `tournament`, with what the runner did
//! for each table (its thread, its game). Every change reads the note, applies one step
//! and writes it back under a lock: this process's mutex, and on PostgreSQL the store's
//! advisory lock (`Store::exclusively`), so two processes never both apply a step. The
//! channels with a tournament under way are listed in the note `tournaments` of channel 0,
//! which the runner's pass reads after a restart.

mod game;
mod orders;
mod picture;
mod runner;
mod text;

pub use orders::CreateTournament;
pub use runner::{RunReport, Threads, ASKING_LEASE_MS};

use crate::tournament::{Phase, Tournament, TournamentError};
use crate::{ChannelId, Table, UserId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Mutex;
use words::Lang;

/// The note of a tournament's channel holding its [`Event`].
const NOTE: &str = "tournament";
/// The note of a table's thread naming its tournament, round and table.
pub(crate) const TABLE_NOTE: &str = "tournament-table";
/// The note (of channel 0) listing the channels whose tournament is under way.
const LIVE_NOTE: &str = "tournaments";
/// The saved [`Event`]'s version: a build refuses one saved by a newer build.
pub const EVENT_VERSION: u32 = 1;
/// How long a lock another process holds is waited for (in tries of 25 ms).
const LOCK_TRIES: u32 = 80;

/// One process's lock over every tournament change (tournaments change rarely).
static LOCK: Mutex<()> = Mutex::new(());

/// What the runner did for one table of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRun {
    pub round: u32,
    /// 0 first.
    pub table: u32,
    /// Its thread, once made.
    pub thread: Option<ChannelId>,
    /// Set (Unix ms, until when) before the thread is asked for: after a crash the
    /// thread is looked for by name before another is made; while it lies ahead, another
    /// process's request may be in flight and nobody else asks.
    pub asking_until: Option<u64>,
    /// Its game, once started.
    pub game_id: Option<u64>,
    /// Its result went into the tournament.
    pub recorded: bool,
}

/// A tournament on a server: the model, the people's names, the games' timing and what
/// the runner did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub version: u32,
    pub guild: u64,
    pub organiser: UserId,
    /// The language of its public posts and thread names (`en`, `es`).
    pub lang: String,
    /// Its games' reminders and timeouts over the server's defaults.
    pub timing: storage::Settings,
    pub tournament: Tournament,
    /// The names people had when they joined.
    pub names: BTreeMap<UserId, String>,
    pub tables: Vec<TableRun>,
    /// The last round whose start was told in the channel.
    pub told_round: u32,
    /// The final standings were told.
    pub told_end: bool,
}

impl Event {
    /// Whether the runner still has work: started, and not finished and told.
    pub fn live(&self) -> bool {
        match self.tournament.phase {
            Phase::Joining => false,
            Phase::Finished => !self.told_end,
            Phase::Playing { .. } | Phase::Waiting { .. } => true,
        }
    }

    pub fn lang(&self) -> Lang {
        Lang::parse(&self.lang).unwrap_or_default()
    }

    /// A person's name as they joined (their id if unknown).
    pub fn name(&self, user: UserId) -> String {
        self.names
            .get(&user)
            .cloned()
            .unwrap_or_else(|| user.to_string())
    }

    /// The saved form (JSON).
    pub fn to_json(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("an event serializes")
    }

    /// Reads a saved event, refusing one saved by a newer build.
    pub fn from_json(bytes: &[u8]) -> Result<Event, TournamentError> {
        let value: serde_json::Value =
            serde_json::from_slice(bytes).map_err(|_| TournamentError::Unreadable)?;
        let found = value
            .get("version")
            .and_then(|v| v.as_u64())
            .ok_or(TournamentError::Unreadable)?;
        if found > u64::from(EVENT_VERSION) {
            return Err(TournamentError::Newer {
                found: u32::try_from(found).unwrap_or(u32::MAX),
                known: EVENT_VERSION,
            });
        }
        let inner = value
            .get("tournament")
            .map(|t| t.to_string())
            .ok_or(TournamentError::Unreadable)?;
        // The model checks its own version.
        Tournament::from_json(&inner)?;
        serde_json::from_value(value).map_err(|_| TournamentError::Unreadable)
    }
}

/// Why a tournament's change was not made; nothing changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The step is against the tournament's rules.
    Rule(TournamentError),
    /// The store failed (the message), or another process held the lock too long.
    Store(String),
    /// A refusal of the adapter's: a Fluent key, its argument-free sentence.
    Say(&'static str),
}

impl Refused {
    /// The sentence the person reads.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Refused::Rule(e) => e.text(lang),
            Refused::Store(error) => words::text(
                lang,
                "table-store-failed-nothing-changed",
                &[("error", error.clone().into())],
            ),
            Refused::Say(key) => words::text(lang, key, &[]),
        }
    }
}

impl From<TournamentError> for Refused {
    fn from(e: TournamentError) -> Self {
        Refused::Rule(e)
    }
}

fn lock() -> std::sync::MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

impl Table {
    /// The tournament of `channel`, if one was created there.
    pub fn tournament_event(&self, channel: ChannelId) -> Result<Option<Event>, Refused> {
        let bytes = self
            .store
            .note(channel, NOTE)
            .map_err(|e| Refused::Store(e.to_string()))?;
        match bytes {
            None => Ok(None),
            Some(b) if b.is_empty() => Ok(None),
            Some(b) => Event::from_json(&b).map(Some).map_err(Refused::Rule),
        }
    }

    /// Applies `step` to the tournament of `channel` (`None`: there is none) and stores
    /// the result when it returns `Ok`, all under the tournaments' lock; the channel is
    /// listed as under way (or no more) as its phase says. Nothing is stored when `step`
    /// refuses.
    pub fn change_tournament<R>(
        &self,
        channel: ChannelId,
        step: impl FnOnce(&mut Option<Event>) -> Result<R, Refused>,
    ) -> Result<R, Refused> {
        let _held = lock();
        let mut step = Some(step);
        let mut result = None;
        self.exclusively_waiting(&format!("tournament:{channel}"), &mut || {
            if let Some(step) = step.take() {
                result = Some(self.change_locked(channel, step));
            }
        })?;
        result.unwrap_or_else(|| Err(Refused::Say("tournament-busy")))
    }

    /// Runs `work` under the store's lock `name`, waiting a bounded time for another
    /// process that holds it; `Ok(false)` when it never came free.
    fn exclusively_waiting(&self, name: &str, work: &mut dyn FnMut()) -> Result<bool, Refused> {
        for _ in 0..LOCK_TRIES {
            let ran = self
                .store
                .exclusively(name, work)
                .map_err(|e| Refused::Store(e.to_string()))?;
            if ran {
                return Ok(true);
            }
            std::thread::sleep(std::time::Duration::from_millis(25));
        }
        Ok(false)
    }

    fn change_locked<R>(
        &self,
        channel: ChannelId,
        step: impl FnOnce(&mut Option<Event>) -> Result<R, Refused>,
    ) -> Result<R, Refused> {
        let mut event = self.tournament_event(channel)?;
        let before = event.clone();
        let result = step(&mut event)?;
        if event == before {
            return Ok(result);
        }
        let bytes = event.as_ref().map(Event::to_json).unwrap_or_default();
        // Listed before a live event is stored, unlisted after: a crash between leaves
        // at most a listing with nothing to do, which the runner's next pass drops.
        let live = event.as_ref().is_some_and(Event::live);
        if live {
            self.list_live(channel, true)?;
        }
        self.store
            .put_note(channel, NOTE, &bytes)
            .map_err(|e| Refused::Store(e.to_string()))?;
        if !live {
            self.list_live(channel, false)?;
        }
        Ok(result)
    }

    /// The channels whose tournament is under way (or whose end is still to be told).
    pub fn live_tournaments(&self) -> Vec<ChannelId> {
        self.note(0, LIVE_NOTE)
            .and_then(|b| serde_json::from_slice(&b).ok())
            .unwrap_or_default()
    }

    pub(crate) fn list_live(&self, channel: ChannelId, live: bool) -> Result<(), Refused> {
        if self.live_tournaments().contains(&channel) == live {
            return Ok(());
        }
        let mut stored = Ok(());
        let ran = self.exclusively_waiting(LIVE_NOTE, &mut || {
            // Read again under the lock: another tournament may have changed the list.
            let mut again = self.live_tournaments();
            again.retain(|&c| c != channel);
            if live {
                again.push(channel);
            }
            let bytes = serde_json::to_vec(&again).unwrap_or_default();
            stored = self.store.put_note(0, LIVE_NOTE, &bytes);
        })?;
        if !ran {
            return Err(Refused::Say("tournament-busy"));
        }
        stored.map_err(|e| Refused::Store(e.to_string()))
    }
}

#[cfg(test)]
mod tests;
