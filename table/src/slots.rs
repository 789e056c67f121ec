//! The loaded channels: a bounded cache of slots, loading a channel's table from the store
//! and loading it again when another process moved the game.

use crate::restore::restore_record;
use crate::{lock, text, Active, ChannelId, Lang, PictureOf, Table};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use storage::{Loaded, Status};

/// A channel's slot: loaded lazily on first use.
#[derive(Default)]
pub(crate) struct Slot {
    pub(crate) loaded: bool,
    pub(crate) active: Option<Active>,
    /// A message about a quarantined record, shown once in the channel.
    pub(crate) notice: Option<Notice>,
    /// The last public picture drawn here, with its language: a burst of status calls
    /// and the turn message of one version draw it once. Goes with the slot when the LRU
    /// evicts it.
    pub(crate) picture: Option<(PictureOf, words::Lang, Arc<crate::Picture>)>,
    /// The store's stamp of what was loaded ([`Store::stamp`]), when the store is shared
    /// with other processes; `None` for a store this process owns.
    pub(crate) stamp: Option<u64>,
    /// The pause of the bots' chain under way, with its told move once found (`pause.rs`).
    pub(crate) bot_pause: Option<crate::bot_move::BotPause>,
    /// The lesson under way here, once read from the channel's note (`learn/`).
    pub(crate) lesson: Option<Option<crate::lesson::Lesson>>,
    /// The tries of a turn the table plays that could not be played (`unplayed.rs`).
    pub(crate) unplayed: Option<crate::bot_move::Unplayed>,
}

/// Something wrong with a channel's stored table, told once (in the reader's language).
pub(crate) enum Notice {
    /// The store could not be read (the error).
    Unreadable(String),
    /// The record was set aside (the reason).
    Quarantined(String),
    /// A newer build wrote it.
    Newer,
}

impl Notice {
    pub(crate) fn text(&self, lang: Lang) -> String {
        match self {
            Notice::Unreadable(e) => words::text(
                lang,
                "table-store-unreadable",
                &[("error", e.as_str().into())],
            ),
            Notice::Quarantined(reason) => text::quarantine_notice(lang, reason),
            Notice::Newer => words::text(lang, "table-newer-version", &[]),
        }
    }
}

/// What a commit on this thread is based on, while a handler runs on a slot: the slot's
/// stamp, and whether a commit found the game moved by another process.
#[derive(Clone, Copy)]
pub(crate) struct Base {
    pub(crate) channel: ChannelId,
    pub(crate) stamp: Option<u64>,
    pub(crate) moved: bool,
}

thread_local! {
    /// The base of the slot whose handler runs on this thread (commits happen only there,
    /// with the channel's lock held; see `Table::attempt`).
    pub(crate) static BASE: std::cell::Cell<Option<Base>> = const { std::cell::Cell::new(None) };
}

/// Attempts of a command whose commit met another process's move (each on the reloaded
/// game): the second sees that move, so more are needed only under a burst of them.
const MOVED_ATTEMPTS: usize = 3;

/// The loaded channels: a bounded cache (least recently used evicted first). Evicting is
/// always safe: every accepted change is already in the store.
pub(crate) struct Slots {
    pub(crate) map: HashMap<ChannelId, (Arc<Mutex<Slot>>, u64)>,
    pub(crate) tick: u64,
    pub(crate) capacity: usize,
}

impl Slots {
    fn get(&mut self, channel: ChannelId) -> Arc<Mutex<Slot>> {
        self.tick += 1;
        let tick = self.tick;
        let entry = self.map.entry(channel).or_default();
        entry.1 = tick;
        let slot = entry.0.clone();
        if self.map.len() > self.capacity {
            self.evict();
        }
        slot
    }

    /// Drops the least recently used slots nobody is using, down to 90% of capacity (so
    /// that eviction runs once per many loads, not on every one).
    fn evict(&mut self) {
        let target = self.capacity - self.capacity / 10;
        let mut idle: Vec<(u64, ChannelId)> = self
            .map
            .iter()
            .filter(|(_, (slot, _))| Arc::strong_count(slot) == 1)
            .map(|(c, (_, t))| (*t, *c))
            .collect();
        idle.sort_unstable();
        let excess = self.map.len().saturating_sub(target);
        for (_, channel) in idle.into_iter().take(excess) {
            self.map.remove(&channel);
        }
    }

    /// Forgets a channel that holds nothing (no table, no notice): empty channels take no
    /// memory.
    fn forget_if_empty(&mut self, channel: ChannelId, slot: &Arc<Mutex<Slot>>) {
        let empty = slot
            .try_lock()
            .map(|s| s.loaded && s.active.is_none() && s.notice.is_none())
            .unwrap_or(false);
        // Two owners: the map and the caller; anyone else means it is in use.
        if empty && Arc::strong_count(slot) == 2 {
            self.map.remove(&channel);
        }
    }
}

impl Table {
    /// Archives every finished or abandoned game whose archive a crash interrupted
    /// (read from the store's small index, never by scanning every game). One process
    /// at a time (`Store::exclusively`): one sharing the store that finds another at it
    /// leaves the work to that one.
    pub(crate) fn archive_leftovers(&self) {
        let mut repair = || match self.store.finished_unarchived() {
            Ok(channels) => {
                for channel in channels {
                    // Loading a finished game archives it (see `load`).
                    self.with_slot(channel, |_| ());
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot list unarchived finished games"),
        };
        if let Err(e) = self.store.exclusively("archive-leftovers", &mut repair) {
            tracing::error!(error = %e, "cannot repair unarchived finished games");
        }
    }

    /// Runs `f` on the channel's slot with the channel lock held, loading it first (again
    /// if another process moved the game since).
    pub(crate) fn with_slot<R>(&self, channel: ChannelId, f: impl FnOnce(&mut Slot) -> R) -> R {
        let shared = lock(&self.slots).get(channel);
        let (result, _) = self.attempt(channel, &shared, f);
        lock(&self.slots).forget_if_empty(channel, &shared);
        result
    }

    /// [`Table::with_slot`] for a change: when its commit finds the game moved by another
    /// process (nothing was stored), `f` runs again on the reloaded game, as if it had
    /// come after that move (a stale panel is then refused as usual; a timer finds itself
    /// replaced).
    pub(crate) fn with_slot_retrying<R>(
        &self,
        channel: ChannelId,
        mut f: impl FnMut(&mut Slot) -> R,
    ) -> R {
        let shared = lock(&self.slots).get(channel);
        let mut attempts = 0;
        loop {
            let (result, moved) = self.attempt(channel, &shared, &mut f);
            attempts += 1;
            if !moved || attempts == MOVED_ATTEMPTS {
                lock(&self.slots).forget_if_empty(channel, &shared);
                return result;
            }
            tracing::info!(
                channel,
                "another process moved this game first; running again"
            );
        }
    }

    /// One run of `f` on the locked slot, brought up to date first; true when one of its
    /// commits found the game moved elsewhere (the slot is then unloaded).
    fn attempt<R>(
        &self,
        channel: ChannelId,
        shared: &Mutex<Slot>,
        f: impl FnOnce(&mut Slot) -> R,
    ) -> (R, bool) {
        let mut slot = lock(shared);
        if slot.loaded && self.moved_elsewhere(channel, &slot) {
            *slot = Slot::default();
        }
        if !slot.loaded {
            self.load(channel, &mut slot);
        }
        let outer = BASE.replace(Some(Base {
            channel,
            stamp: slot.stamp,
            moved: false,
        }));
        let result = f(&mut slot);
        let base = BASE.replace(outer);
        let moved = base.is_some_and(|b| b.moved);
        if moved {
            *slot = Slot::default();
        } else if let Some(base) = base {
            slot.stamp = base.stamp;
        }
        (result, moved)
    }

    /// Whether another process changed the channel's stored table since `slot` was loaded
    /// (never for a store this process owns). A failed read keeps what is loaded: a
    /// commit over a moved game is refused anyway.
    fn moved_elsewhere(&self, channel: ChannelId, slot: &Slot) -> bool {
        let Some(loaded) = slot.stamp else {
            return false;
        };
        match self.store.stamp(channel) {
            Ok(stamp) => stamp != Some(loaded),
            Err(e) => {
                tracing::warn!(channel, error = %e, "cannot read the game's stamp");
                false
            }
        }
    }

    fn load(&self, channel: ChannelId, slot: &mut Slot) {
        // The stamp before the record: a commit in between makes it older than what is
        // loaded, so the next command reloads (never the reverse).
        slot.stamp = match self.store.stamp(channel) {
            Ok(stamp) => stamp,
            Err(e) => {
                tracing::error!(channel, error = %e, "store load failed");
                slot.notice = Some(Notice::Unreadable(e.to_string()));
                return;
            }
        };
        match self.store.load(channel) {
            Ok(Loaded::Empty) => {}
            Ok(Loaded::Found(record)) => match restore_record(&record) {
                Ok(game) => {
                    let active = Active::new(record.meta, game);
                    if matches!(active.meta.status, Status::Finished | Status::Abandoned) {
                        // The last move is stored but a crash stopped the archiving:
                        // archive now, so the channel is free and the scores are kept.
                        if let Err(e) = self.put_away(&active) {
                            // Not loaded: the caller is told, the next command retries.
                            tracing::error!(channel, error = %e, "archiving a finished game failed");
                            slot.notice = Some(Notice::Unreadable(e.to_string()));
                            return;
                        }
                        tracing::info!(channel, "archived a finished game left by a crash");
                    } else {
                        slot.active = Some(active);
                    }
                }
                Err(reason) => {
                    tracing::warn!(channel, %reason, "quarantining unreadable game");
                    if let Err(e) = self.store.quarantine(channel, &reason) {
                        tracing::error!(channel, error = %e, "quarantine failed");
                    }
                    slot.notice = Some(Notice::Quarantined(reason));
                }
            },
            Ok(Loaded::Quarantined(reason)) => {
                tracing::warn!(channel, %reason, "quarantined unreadable metadata");
                slot.notice = Some(Notice::Quarantined(reason));
            }
            Err(e @ storage::StoreError::Newer(_)) => {
                // Written by a newer version: waiting will not help; the operator must act.
                tracing::error!(channel, error = %e, "game written by a newer version");
                slot.notice = Some(Notice::Newer);
                return;
            }
            Err(e) => {
                // Not marked loaded: the next command tries again.
                tracing::error!(channel, error = %e, "store load failed");
                slot.notice = Some(Notice::Unreadable(e.to_string()));
                return;
            }
        }
        slot.loaded = true;
    }
}
