//! A store that passes every call to another, with hooks for what the tests need to
//! happen at one exact point: another process's write right after a timer was checked,
//! an archive that fails; and a count of the calls that decode archived games.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use storage::*;

/// Runs once, with the inner store, right after the next [`Store::timer`] read.
type AfterTimer = Box<dyn FnOnce(&dyn Store) + Send>;

pub struct Hooked {
    pub inner: Arc<dyn Store>,
    after_timer: Mutex<Option<AfterTimer>>,
    /// While set, [`Store::archive`] fails and writes nothing.
    pub fail_archive: AtomicBool,
    /// Calls that decoded archived games ([`Store::archived`], [`Store::archived_game`]).
    decodes: AtomicU64,
}

impl Hooked {
    pub fn new(inner: Arc<dyn Store>) -> Arc<Hooked> {
        Arc::new(Hooked {
            inner,
            after_timer: Mutex::new(None),
            fail_archive: AtomicBool::new(false),
            decodes: AtomicU64::new(0),
        })
    }

    /// How many calls decoded archived games so far.
    pub fn decodes(&self) -> u64 {
        self.decodes.load(Ordering::SeqCst)
    }

    /// `write` runs right after the next timer is read (as another process's move would).
    pub fn after_next_timer_read(&self, write: impl FnOnce(&dyn Store) + Send + 'static) {
        *self.after_timer.lock().unwrap() = Some(Box::new(write));
    }
}

impl Store for Hooked {
    fn load(&self, channel: ChannelId) -> Result<Loaded, StoreError> {
        self.inner.load(channel)
    }
    fn commit(&self, commit: Commit<'_>) -> Result<Vec<u64>, StoreError> {
        self.inner.commit(commit)
    }
    fn log(&self, game_id: u64) -> Result<Vec<LogEntry>, StoreError> {
        self.inner.log(game_id)
    }
    fn archive_rated(
        &self,
        entry: &ArchiveEntry,
        standings: &[Standing],
        rated: Option<storage::Rated>,
    ) -> Result<storage::Archived, StoreError> {
        if self.fail_archive.load(Ordering::SeqCst) {
            return Err(StoreError::Backend("the archive failed (test)".into()));
        }
        self.inner.archive_rated(entry, standings, rated)
    }
    fn rating(
        &self,
        ladder: &str,
        title: &str,
        user: UserId,
    ) -> Result<Option<storage::RatingRow>, StoreError> {
        self.inner.rating(ladder, title, user)
    }
    fn ladder(
        &self,
        ladder: &str,
        title: &str,
    ) -> Result<Vec<(UserId, storage::RatingRow)>, StoreError> {
        self.inner.ladder(ladder, title)
    }
    fn rated_games(&self) -> Result<Vec<storage::RatedGame>, StoreError> {
        self.inner.rated_games()
    }
    fn replace_ratings(&self, rows: &[storage::RatingEntry]) -> Result<(), StoreError> {
        self.inner.replace_ratings(rows)
    }
    fn archived(&self, channel: ChannelId) -> Result<Vec<ArchiveEntry>, StoreError> {
        self.decodes.fetch_add(1, Ordering::SeqCst);
        self.inner.archived(channel)
    }
    fn archived_ids(&self, channel: ChannelId) -> Result<Vec<u64>, StoreError> {
        self.inner.archived_ids(channel)
    }
    fn archived_game(
        &self,
        channel: ChannelId,
        id: u64,
    ) -> Result<Option<ArchiveEntry>, StoreError> {
        self.decodes.fetch_add(1, Ordering::SeqCst);
        self.inner.archived_game(channel, id)
    }
    fn forget_archived(&self, before_s: u64, limit: usize) -> Result<usize, StoreError> {
        self.inner.forget_archived(before_s, limit)
    }
    fn discard_lobby(&self, meta: &Meta) -> Result<(), StoreError> {
        self.inner.discard_lobby(meta)
    }
    fn quarantine(&self, channel: ChannelId, reason: &str) -> Result<(), StoreError> {
        self.inner.quarantine(channel, reason)
    }
    fn quarantined(&self) -> Result<Vec<Quarantined>, StoreError> {
        self.inner.quarantined()
    }
    fn next_game_id(&self) -> Result<u64, StoreError> {
        self.inner.next_game_id()
    }
    fn flush(&self) -> Result<(), StoreError> {
        self.inner.flush()
    }
    fn enqueue(&self, rows: &[NewOutbox]) -> Result<Vec<u64>, StoreError> {
        self.inner.enqueue(rows)
    }
    fn due_outbox(&self, now_ms: u64, limit: usize) -> Result<Vec<OutboxRow>, StoreError> {
        self.inner.due_outbox(now_ms, limit)
    }
    fn channel_outbox(&self, channel: ChannelId) -> Result<Vec<OutboxRow>, StoreError> {
        self.inner.channel_outbox(channel)
    }
    fn outbox_row(&self, id: u64) -> Result<Option<OutboxRow>, StoreError> {
        self.inner.outbox_row(id)
    }
    fn next_due(&self) -> Result<Option<u64>, StoreError> {
        self.inner.next_due()
    }
    fn outbox_done(&self, id: u64) -> Result<(), StoreError> {
        self.inner.outbox_done(id)
    }
    fn outbox_retry(&self, id: u64, due_ms: u64, attempts: u32) -> Result<(), StoreError> {
        self.inner.outbox_retry(id, due_ms, attempts)
    }
    fn put_note(&self, channel: ChannelId, name: &str, value: &[u8]) -> Result<(), StoreError> {
        self.inner.put_note(channel, name, value)
    }
    fn note(&self, channel: ChannelId, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.inner.note(channel, name)
    }
    fn finished_unarchived(&self) -> Result<Vec<ChannelId>, StoreError> {
        self.inner.finished_unarchived()
    }
    fn set_timers(&self, channel: ChannelId, changes: &[TimerChange]) -> Result<(), StoreError> {
        self.inner.set_timers(channel, changes)
    }
    fn replace_timer(
        &self,
        channel: ChannelId,
        fired: &Timer,
        with: Option<Timer>,
    ) -> Result<bool, StoreError> {
        self.inner.replace_timer(channel, fired, with)
    }
    fn timer(&self, channel: ChannelId, kind: TimerKind) -> Result<Option<Timer>, StoreError> {
        let read = self.inner.timer(channel, kind);
        let hook = self.after_timer.lock().unwrap().take();
        if let Some(write) = hook {
            write(&*self.inner);
        }
        read
    }
    fn due_timers(&self, now_ms: u64, limit: usize) -> Result<Vec<(ChannelId, Timer)>, StoreError> {
        self.inner.due_timers(now_ms, limit)
    }
    fn next_timer_due(&self) -> Result<Option<u64>, StoreError> {
        self.inner.next_timer_due()
    }
    fn user_channels(&self, user: UserId) -> Result<Vec<(ChannelId, u64)>, StoreError> {
        self.inner.user_channels(user)
    }
    fn player_stats(
        &self,
        guild: u64,
        game: Option<&str>,
        user: UserId,
    ) -> Result<Option<PlayerStats>, StoreError> {
        self.inner.player_stats(guild, game, user)
    }
    fn server_stats(
        &self,
        guild: u64,
        game: Option<&str>,
    ) -> Result<Vec<(UserId, PlayerStats)>, StoreError> {
        self.inner.server_stats(guild, game)
    }
    fn claim_outbox(&self, id: u64, now_ms: u64) -> Result<Option<OutboxRow>, StoreError> {
        self.inner.claim_outbox(id, now_ms)
    }
    fn exclusively(&self, name: &str, work: &mut dyn FnMut()) -> Result<bool, StoreError> {
        self.inner.exclusively(name, work)
    }
    fn stamp(&self, channel: ChannelId) -> Result<Option<u64>, StoreError> {
        self.inner.stamp(channel)
    }
    fn commit_at(&self, base: u64, commit: Commit<'_>) -> Result<(Vec<u64>, u64), StoreError> {
        self.inner.commit_at(base, commit)
    }
}
