//! The sled 0.34 implementation of [`Store`].
//!
//! Records are compact binary ([`crate::codec`]). Every change (commit, archive, outbox
//! change, note) is a [`Batch`]: under the write lock it is appended to the store's
//! write-ahead log ([`crate::wal`]) and applied to sled (in order, under that lock);
//! then the writer waits for an `fdatasync` of the log that started after its append
//! ([`GroupFlush`]): commits arriving together on different channels share one sync.
//! Sled is flushed at checkpoints (by a background thread once the log passes
//! [`CHECKPOINT_BYTES`], by [`Store::flush`] and on drop), which then delete the log
//! files it covers; at open, what is left in the log is applied again. Nothing is read
//! per game at open: what the bot needs at boot (pending outbox rows and timers,
//! finished games left unarchived) sits in small trees; the indexes of pending outbox
//! rows (by due time, by channel) are kept in memory, built from the `outbox` tree at
//! open and kept up to date as batches are applied.
//!
//! On disk errors: a failed append applies nothing and is an ordinary error; a failed
//! sync of the log or flush of sled stops the store (by default the process exits, see
//! [`StoreOptions::on_failed_sync`]) so that the restart applies the log from disk; a
//! failed switch of log files or retirement keeps every file for the next checkpoint.
//! A store written by a newer build, or whose log is damaged in the middle of a file,
//! is refused at open with nothing changed.

use crate::codec;
use crate::wal::{self, Batch, Failure, Faults, Op, TreeId, Wal};
use crate::{
    now, ArchiveEntry, ChannelId, Commit, Loaded, LogEntry, Meta, NewOutbox, OutboxRow,
    PlayerStats, Quarantined, Record, Standing, Status, Store, StoreError, Timer, TimerChange,
    TimerKind, UserId, SCHEMA_VERSION,
};
use std::collections::{BTreeSet, HashMap};
use std::ops::Bound;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, RwLock};
use std::thread::JoinHandle;

/// Key of the store layout version, in sled's default tree.
const LAYOUT_KEY: &[u8] = b"schema";
/// Store layout this build writes: 1 had no index trees; 2 adds `outbox_due`,
/// `outbox_channel` and `finished` (built from the records when missing); 3 drops
/// `outbox_due` and `outbox_channel` (the outbox's indexes live in memory, built from
/// the pending rows at open: two fewer sled writes per row, and per delivery) and adds
/// `players` (built from the tables' seats), `timers`, `timers_due` and `stats`; 4 drops
/// `timers_due` (the timers' due index lives in memory too, built from `timers` at open:
/// a move that resets a timer writes one record instead of three, and reads none); 5
/// stores snapshots with the version they were taken at, not with every action (older
/// builds would misread them; 4's snapshots read as taken at their metadata's version).
pub const LAYOUT_VERSION: u32 = 5;
/// Index trees of older layouts that this one no longer keeps.
const DROPPED_TREES: [&str; 3] = ["outbox_due", "outbox_channel", "timers_due"];

/// Default bound of sled's page cache: the store's share of the bot's memory.
pub const DEFAULT_CACHE_BYTES: u64 = 16 * 1024 * 1024;

/// Once the write-ahead log holds this many bytes, a checkpoint flushes sled and
/// starts a new log (bounding the log's size and the work of the next open).
pub const CHECKPOINT_BYTES: u64 = 4 * 1024 * 1024;

/// A new store's first log file (reserved by `fallocate`, so each sync also writes its
/// extent map) is switched for a spare written with zeros once it holds this many bytes.
const SPARE_AFTER: u64 = 1024 * 1024;

/// How a store is opened.
#[derive(Debug, Clone, Copy)]
pub struct StoreOptions {
    /// Upper bound of sled's page cache, in bytes ([`DEFAULT_CACHE_BYTES`]).
    pub cache_bytes: u64,
    /// How long an open waits for the directory lock of a store that is closing.
    pub lock_wait: std::time::Duration,
    /// While writers contend, the least time between the starts of two log syncs
    /// ([`DEFAULT_FLUSH_GAP`]; zero: sync as soon as the last sync ends).
    pub flush_gap: std::time::Duration,
    /// Called, with a sentence saying what failed, when a sync of the log or a flush of
    /// sled fails while the store runs. The batch it covered is applied in memory
    /// already (its replies and messages may go out) but may not be on disk, and a sync
    /// tried again can report success for pages the kernel dropped: only a restart,
    /// which applies the log again from disk, knows the truth. The default
    /// ([`exit_after_failed_sync`]) logs at error level and exits the process with
    /// [`FAILED_SYNC_EXIT_CODE`]. Should the hook return (tests), the store stops: every
    /// later write fails and nothing more is retired.
    pub on_failed_sync: fn(&str),
    /// Fault injection in the store's steps (tests).
    #[cfg(test)]
    pub(crate) faults: &'static Faults,
}

/// The exit status of a process whose store stopped after a failed sync (EX_IOERR).
pub const FAILED_SYNC_EXIT_CODE: i32 = 74;

/// The default [`StoreOptions::on_failed_sync`]: logs `why` at error level and exits the
/// process with [`FAILED_SYNC_EXIT_CODE`], so that its supervisor restarts it and the
/// restart applies the log from disk (as PostgreSQL does on a failed `fsync`).
pub fn exit_after_failed_sync(why: &str) {
    tracing::error!("{why} Exiting.");
    std::process::exit(FAILED_SYNC_EXIT_CODE);
}

/// Default pacing of the log's syncs under load: at most 2,000 syncs a second, each
/// shared by the writers that appended meanwhile. On a virtual machine every sync costs
/// the host CPU time (the disk is emulated); unpaced, 4 busy writers made ~2,700 syncs
/// a second, and the host throttled the whole machine for 5-10 ms in every 100 ms
/// (measured: moves over 4 ms fell from 76 to 5 per 10,000 with this gap).
pub const DEFAULT_FLUSH_GAP: std::time::Duration = std::time::Duration::from_micros(500);

impl Default for StoreOptions {
    fn default() -> Self {
        StoreOptions {
            cache_bytes: DEFAULT_CACHE_BYTES,
            lock_wait: std::time::Duration::from_secs(5),
            flush_gap: DEFAULT_FLUSH_GAP,
            on_failed_sync: exit_after_failed_sync,
            #[cfg(test)]
            faults: &wal::NO_FAULTS,
        }
    }
}

impl StoreOptions {
    /// The fault injection of the store's steps (none outside tests).
    fn faults(&self) -> &'static Faults {
        #[cfg(test)]
        return self.faults;
        #[cfg(not(test))]
        &wal::NO_FAULTS
    }
}

/// Trees: `meta` and `snapshot` keyed by channel; `log` keyed by (game id, index);
/// `archive` keyed by (channel, game id); `quarantine` keyed by (channel, sled id);
/// `outbox` keyed by row id (indexed in memory by [`OutboxIndex`]); `notes` keyed by
/// (channel, name); `finished` keyed by channel (finished, unarchived); `timers` keyed
/// by (channel, kind) (indexed by due time in memory, [`TimerIndex`]); `players` keyed by
/// (user, channel) → game id; `stats` keyed by (guild, game or `*`, 0, user).
pub struct SledStore {
    pub(crate) db: sled::Db,
    pub(crate) meta: sled::Tree,
    pub(crate) snapshot: sled::Tree,
    pub(crate) log: sled::Tree,
    pub(crate) archive: sled::Tree,
    pub(crate) quarantine: sled::Tree,
    pub(crate) notes: sled::Tree,
    pub(crate) finished: sled::Tree,
    pub(crate) timers: sled::Tree,
    /// Every stored timer, and their order of falling due.
    timer_index: Mutex<TimerIndex>,
    pub(crate) players: sled::Tree,
    pub(crate) stats: sled::Tree,
    group: GroupFlush,
    ids: Mutex<Ids>,
    shared: Arc<Shared>,
    checkpointer: Option<JoinHandle<()>>,
}

/// What the store and its checkpoint thread share.
struct Shared {
    db: sled::Db,
    wal: Wal,
    /// The `outbox` tree, and the pending rows by due time and by channel (rows stored
    /// since the last checkpoint are only in the log and in this index's memory).
    outbox: sled::Tree,
    pending: Mutex<OutboxIndex>,
    /// Held while a checkpoint runs (one at a time).
    checkpointing: Mutex<()>,
    /// Held (shared) by a writer from its append until its batch is in sled, when it
    /// applies the batch after releasing the log's lock (see [`SledStore::write_channel`]);
    /// a checkpoint takes it alone once, so every record of the files it retires is in
    /// sled before sled is flushed.
    applying: RwLock<()>,
    wake: Mutex<Wake>,
    woken: Condvar,
    /// See [`StoreOptions::on_failed_sync`].
    on_failed_sync: fn(&str),
    /// Set once a sync failed: no write or checkpoint runs after it.
    stopped: AtomicBool,
    /// Whether the store records that this build's record formats were written (see
    /// [`WRITTEN_BY_KEY`]); until then the next write records it.
    marked: AtomicBool,
}

/// Key of the newest record formats ever written to the store, in sled's default tree:
/// [`SCHEMA_VERSION`] then [`codec::RECORD_VERSION`], u32 big-endian each (a later build
/// may append more). Written with the first write of a process whose build writes newer
/// ones (in the same batch), and compared at open: a store holding records of a newer
/// build is refused whole, neither misread nor quarantined, so going back to an older
/// build after an upgrade empties no channel.
const WRITTEN_BY_KEY: &[u8] = b"written_by";

/// [`WRITTEN_BY_KEY`]'s value for this build.
fn written_by_this_build() -> [u8; 8] {
    let mut v = [0u8; 8];
    v[..4].copy_from_slice(&SCHEMA_VERSION.to_be_bytes());
    v[4..].copy_from_slice(&u32::from(codec::RECORD_VERSION).to_be_bytes());
    v
}

/// Why a store (or a record) written by a newer build is refused: `None` when this
/// build reads what `written_by` (a [`WRITTEN_BY_KEY`] value) says was written.
fn newer_than_this_build(written_by: &[u8]) -> Option<String> {
    let (Some(schema), Some(layout)) = (written_by.get(..4), written_by.get(4..8)) else {
        return Some(format!("an unreadable version record {written_by:?}"));
    };
    let schema = u32::from_be_bytes(schema.try_into().unwrap_or_default());
    let layout = u32::from_be_bytes(layout.try_into().unwrap_or_default());
    let ours = u32::from(codec::RECORD_VERSION);
    (schema > SCHEMA_VERSION || layout > ours).then(|| {
        format!("metadata schema {schema} and record layout {layout}; this build reads schema {SCHEMA_VERSION} and layout {ours} at most")
    })
}

/// The refusal of a store holding records of a newer build: what wrote them, what to do.
fn refuse_newer_store(dir: &Path, what: &str) -> StoreError {
    StoreError::Newer(format!(
        "The store in {} holds records written by a newer version of capomaestro ({what}). \
         Nothing was changed or set aside: run that version (or a later one) on it; to go \
         back to this version, restore a copy of the data directory taken before the upgrade.",
        dir.display()
    ))
}

/// The refusal of one record written by a newer build (found when read, in a store
/// that did not say so at open): an error, never a quarantine.
pub(crate) fn refuse_newer_record(what: &str, bytes: &[u8]) -> Result<(), StoreError> {
    match codec::newer_layout(bytes) {
        Some(layout) => Err(StoreError::Newer(format!(
            "{what} was written by a newer version of capomaestro (record layout {layout}; \
             this build reads {} at most) and is left untouched: run that version.",
            codec::RECORD_VERSION
        ))),
        None => Ok(()),
    }
}

/// Key of the number of the newest log file, in sled's default tree (stored at open and
/// at each checkpoint): file numbers never repeat even if the log files are lost, so an
/// old record in a reused file never matches a new file's checksums.
const LOG_SEQ_KEY: &[u8] = b"log_seq";

/// Ids handed out: below `ceiling`, which is stored (through the log) before any id
/// under it is used, so no id is handed out twice, crash or not. (Sled's own id
/// generator is only crash-safe when sled is flushed often, which it no longer is.)
struct Ids {
    next: u64,
    ceiling: u64,
}

/// Key of the stored id ceiling, in sled's default tree.
const IDS_KEY: &[u8] = b"ids";
/// Ids reserved by one stored ceiling.
const ID_BLOCK: u64 = 1024;

#[derive(Default)]
struct Wake {
    requested: bool,
    stop: bool,
    /// A record was appended without waiting for a sync ([`SledStore::write_unsynced`]).
    unsynced: bool,
    /// Syncs run for such records (read by tests).
    lazy_syncs: u64,
}

/// How long after an unsynced record the checkpoint thread syncs the log, if no writer's
/// sync did it first: a power cut loses at most this much of them.
const LAZY_SYNC: std::time::Duration = std::time::Duration::from_millis(50);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Shared {
    /// Flushes sled (and syncs its file: sled's flush does not flush the disk's cache),
    /// then deletes the log files whose records are all in it. The log is switched to a
    /// new file first, so writers go on meanwhile; with [`Spare::Prepare`], a spare
    /// written with zeros is made first when there is none, and the log moves there.
    ///
    /// A failed switch or retirement leaves every log file in place (retried by the next
    /// checkpoint); a failed sync of the old file, flush of sled or sync of a retirement
    /// stops the store ([`Shared::failed_sync`]).
    fn checkpoint(&self, spare: Spare) -> Result<(), StoreError> {
        let _one = lock(&self.checkpointing);
        self.check_running()?;
        if spare == Spare::Prepare {
            // Writers go on meanwhile; without a spare the next file is only reserved.
            if let Err(e) = self.wal.prepare_spare() {
                tracing::warn!(error = %e, "could not write a spare log file");
            }
        }
        let old = if self.wal.lock().is_empty() {
            None
        } else {
            Some(
                self.wal
                    .rotate()
                    .map_err(|f| self.upkeep_failed("switching files", f))?,
            )
        };
        // Writers that appended to the old file may still be applying their records.
        drop(self.applying.write().unwrap_or_else(|e| e.into_inner()));
        self.keep_fresh_rows()?;
        if let Some(old) = old {
            self.db
                .insert(LOG_SEQ_KEY, &(old.seq + 1).to_be_bytes())
                .map_err(backend)?;
        }
        let faults = self.wal.faults();
        faults
            .step("checkpoint: flush sled")
            .map_err(backend)
            .and_then(|()| self.db.flush().map_err(backend))
            .and_then(|_| sync_sled_file(self.wal.dir(), faults))
            .map_err(|e| self.failed_sync("the checkpoint's flush of the database", e))?;
        if let Some(old) = old {
            self.wal
                .retire_upto(old.seq, old.reusable(CHECKPOINT_BYTES))
                .map_err(|f| self.upkeep_failed("retiring files", f))?;
        }
        Ok(())
    }

    /// Stops the store after a failed sync or flush: calls the hook (by default the
    /// process exits, see [`StoreOptions::on_failed_sync`]) and returns the error a
    /// writer gets should it return. Never an ordinary failure: the batches before it
    /// may be applied in memory and not on disk.
    fn failed_sync(&self, what: &str, e: impl std::fmt::Display) -> StoreError {
        self.stopped.store(true, Ordering::SeqCst);
        let sentence = format!(
            "The store in {} stopped: {what} failed ({e}); changes already applied in \
             memory may not be on disk, so the process must restart and apply its log \
             again from disk.",
            self.wal.dir().display()
        );
        (self.on_failed_sync)(&sentence);
        StoreError::Backend(sentence)
    }

    /// A failed step of the log's upkeep: an ordinary error (every file kept), or a
    /// failed sync (the store stops).
    fn upkeep_failed(&self, what: &str, failure: Failure) -> StoreError {
        match failure {
            Failure::Step(e) => log_error(what, e),
            Failure::Sync(e) => {
                self.failed_sync(&format!("a sync of the write-ahead log ({what})"), e)
            }
        }
    }

    /// Refuses work once a sync failed.
    fn check_running(&self) -> Result<(), StoreError> {
        if self.stopped.load(Ordering::Relaxed) {
            return Err(StoreError::Backend(format!(
                "the store in {} stopped after a failed sync; restart the bot",
                self.wal.dir().display()
            )));
        }
        Ok(())
    }

    /// Writes the outbox rows whose only copy is the log (and memory) into sled, before
    /// the log files holding them are deleted. Sent rows were dropped from memory with
    /// a log record alone, so in a running bot few rows are left to write.
    fn keep_fresh_rows(&self) -> Result<(), StoreError> {
        // All under the index's lock: a row is never sent, retried and moved at once.
        // (Moving rows one lock at a time spreads the stall over more moves: measured
        // worse for p99.)
        let mut pending = lock(&self.pending);
        let ids: Vec<u64> = pending.fresh.keys().copied().collect();
        for id in ids {
            if let Some(bytes) = pending.fresh.get(&id) {
                self.outbox
                    .insert(id.to_be_bytes(), bytes.as_slice())
                    .map_err(backend)?;
                pending.fresh.remove(&id);
            }
        }
        Ok(())
    }

    /// Applies one write of the outbox while the store runs. A new row (or a new
    /// version of a row not yet in sled) is kept in memory: the log holds it until the
    /// next checkpoint writes it into sled, and a row sent before then never reaches
    /// sled at all. A row already in sled is written there.
    fn apply_outbox(&self, op: &Op) -> Result<(), StoreError> {
        let mut pending = lock(&self.pending);
        match op {
            Op::Put(_, k, v) => {
                let Ok(id) = key_u64(k, 0) else {
                    return Ok(());
                };
                if pending.fresh.contains_key(&id) || !pending.rows.contains_key(&id) {
                    pending.fresh.insert(id, v.clone());
                } else {
                    self.outbox
                        .insert(k.as_slice(), v.as_slice())
                        .map_err(backend)?;
                }
                pending.put(k, v);
            }
            Op::Remove(_, k) => {
                let Ok(id) = key_u64(k, 0) else {
                    return Ok(());
                };
                if pending.fresh.remove(&id).is_none() {
                    self.outbox.remove(k.as_slice()).map_err(backend)?;
                }
                pending.remove(k);
            }
        }
        Ok(())
    }

    fn request_checkpoint(&self) {
        let mut wake = lock(&self.wake);
        if !wake.requested {
            wake.requested = true;
            self.woken.notify_one();
        }
    }

    /// Asks the checkpoint thread to sync the log soon (an unsynced record was appended).
    fn request_sync(&self) {
        let mut wake = lock(&self.wake);
        if !wake.unsynced {
            wake.unsynced = true;
            self.woken.notify_one();
        }
    }

    /// The checkpoint thread: runs a checkpoint whenever one is requested, and syncs the
    /// log [`LAZY_SYNC`] after an unsynced record.
    fn run(&self) {
        loop {
            let requested = {
                let mut wake = lock(&self.wake);
                while !wake.requested && !wake.stop && !wake.unsynced {
                    wake = self.woken.wait(wake).unwrap_or_else(|e| e.into_inner());
                }
                if wake.unsynced && !wake.requested && !wake.stop {
                    wake = self
                        .woken
                        .wait_timeout(wake, LAZY_SYNC)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                }
                if wake.stop {
                    // The checkpoint at close syncs everything.
                    return;
                }
                if std::mem::take(&mut wake.unsynced) {
                    drop(wake);
                    if self.check_running().is_ok() {
                        if let Err(e) = self.wal.sync() {
                            // Another sync would not say whether these pages reached
                            // the disk: stop (by default, exit) and replay at restart.
                            self.failed_sync("a sync of the write-ahead log", e);
                        }
                    }
                    wake = lock(&self.wake);
                    wake.lazy_syncs += 1;
                }
                std::mem::take(&mut wake.requested)
            };
            if !requested {
                continue;
            }
            // Writers that appended to the full file while the last checkpoint switched
            // files asked again: the new file need not be switched yet.
            if !wants_checkpoint(&self.wal.lock()) || self.check_running().is_err() {
                continue;
            }
            if let Err(e) = self.checkpoint(Spare::Prepare) {
                // The log keeps every record until a checkpoint succeeds: nothing is lost.
                tracing::error!(error = %e, "store checkpoint failed; will retry");
            }
        }
    }
}

/// Refuses to open a store this build must not touch, before anything is changed: one
/// written by a newer build (a newer layout or [`WRITTEN_BY_KEY`] in sled; in the log, a
/// file of a newer format, a record this build cannot decode, or a newer
/// [`WRITTEN_BY_KEY`]), or one whose log is damaged in the middle of a file
/// ([`wal::Ending::Damaged`]: the records after the damage would be dropped unseen).
/// Logs the torn tails it finds (ignored, as they hold nothing acknowledged).
fn refuse_unreadable(
    db: &sled::Db,
    dir: &Path,
    files: &[(u64, std::path::PathBuf)],
) -> Result<(), StoreError> {
    if let Some(v) = db.get(LAYOUT_KEY).map_err(backend)? {
        if let Ok(bytes) = <[u8; 4]>::try_from(v.as_ref()) {
            let layout = u32::from_be_bytes(bytes);
            if layout > LAYOUT_VERSION {
                return Err(refuse_newer_store(
                    dir,
                    &format!("store layout {layout}; this build reads {LAYOUT_VERSION} at most"),
                ));
            }
        }
    }
    if let Some(v) = db.get(WRITTEN_BY_KEY).map_err(backend)? {
        if let Some(what) = newer_than_this_build(&v) {
            return Err(refuse_newer_store(dir, &what));
        }
    }
    let unreadable = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::Unsupported => StoreError::Newer(format!(
            "{e}. The store was not opened and nothing was changed: run that version (or a \
             later one) on it."
        )),
        _ => log_error("read", e),
    };
    for (_, path) in files {
        let mut reader = wal::LogReader::open(path).map_err(unreadable)?;
        while let Some(batch) = reader.next_batch().map_err(unreadable)? {
            for op in &batch.ops {
                if let Op::Put(TreeId::Default, k, v) = op {
                    if k == WRITTEN_BY_KEY {
                        if let Some(what) = newer_than_this_build(v) {
                            return Err(refuse_newer_store(dir, &what));
                        }
                    }
                }
            }
        }
        match reader.ending().map_err(unreadable)? {
            wal::Ending::Clean => {}
            wal::Ending::Torn { at, bytes } => {
                // A torn last record, or (a reused file) the records of its former use.
                tracing::info!(
                    file = %path.display(),
                    at,
                    bytes,
                    "ignored the bytes after the last whole record of the write-ahead log"
                );
            }
            wal::Ending::Damaged { at, next } => {
                let sentence = format!(
                    "The write-ahead log file {} is damaged at byte {at}, and records \
                     written after the damage follow it (from byte {next}): opening would \
                     drop them unseen, so the store was not opened and nothing was changed. \
                     Stop the bot and run `capomaestro store check` on this data directory: \
                     it keeps the damaged file in {}, applies the records before the damage \
                     and reports what is lost.",
                    path.display(),
                    dir.join(wal::DAMAGED_DIR).display()
                );
                tracing::error!("{sentence}");
                return Err(StoreError::Backend(sentence));
            }
        }
    }
    Ok(())
}

/// Whether a checkpoint should switch log files: the file is full, or it is a new
/// store's reserved file that is getting busy (a sync past its records writes its extent
/// map too; the checkpoint first writes a spare with zeros, and the log moves there).
fn wants_checkpoint(writer: &wal::Writer) -> bool {
    writer.len() >= CHECKPOINT_BYTES || (writer.fresh() && writer.len() >= SPARE_AFTER)
}

/// Whether a checkpoint first writes a spare log file when there is none (only the
/// checkpoint thread does: a close or an explicit flush never pays for it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Spare {
    Prepare,
    Skip,
}

fn log_error(what: &str, e: std::io::Error) -> StoreError {
    StoreError::Backend(format!("write-ahead log ({what}): {e}"))
}

/// Syncs sled's data file (`db` in its directory) to the disk.
fn sync_sled_file(dir: &Path, faults: &Faults) -> Result<(), StoreError> {
    let synced = faults
        .step("sync the database file")
        .and_then(|()| std::fs::File::open(dir.join("db")))
        .and_then(|f| f.sync_all());
    match synced {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(backend(e)),
        _ => Ok(()),
    }
}

/// Group commit: a writer whose batch is appended calls [`GroupFlush::wait`]; it
/// returns once a flush that *started after* the call completed. The first waiter
/// while no flush runs leads one; the others wait and share it. So a commit never
/// returns before its data is on disk, and concurrent commits pay for one flush.
/// While writers contend, flushes start at least `gap` apart ([`DEFAULT_FLUSH_GAP`]).
#[derive(Default)]
struct GroupFlush {
    state: Mutex<FlushState>,
    done: Condvar,
    /// The least time from one flush's start to the next one's (zero: none).
    gap: std::time::Duration,
}

#[derive(Default)]
struct FlushState {
    /// Flushes started so far (the current one included).
    started: u64,
    /// The last flush that completed.
    completed: u64,
    flushing: bool,
    /// Writers asleep until the running flush completes (none: no wake-up call).
    waiting: usize,
    /// The last flush that failed, and why.
    failed: Option<(u64, String)>,
    /// When the last flush started, and whether other writers waited for it.
    last_start: Option<std::time::Instant>,
    contended: bool,
    /// Flushes that waited out the gap (read by tests).
    paced: u64,
}

impl GroupFlush {
    fn lock(&self) -> MutexGuard<'_, FlushState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The flush a writer whose record is written now needs: the next one to start (one
    /// running now may have started before the write).
    fn ticket(&self) -> u64 {
        self.lock().started + 1
    }

    /// Blocks until flush `needed` (a [`GroupFlush::ticket`]) or a later one has
    /// completed, running it when no flush runs.
    fn wait(&self, needed: u64, flush: impl Fn() -> Result<(), String>) -> Result<(), StoreError> {
        let mut state = self.lock();
        loop {
            if state.completed >= needed {
                return match &state.failed {
                    Some((at, reason)) if *at >= needed => {
                        Err(StoreError::Backend(format!("flush failed: {reason}")))
                    }
                    _ => Ok(()),
                };
            }
            if state.flushing {
                state.waiting += 1;
                state = self.done.wait(state).unwrap_or_else(|e| e.into_inner());
                state.waiting -= 1;
                continue;
            }
            state.flushing = true;
            // Under contention flushes are paced: one starting sooner than `gap` after
            // the last one waits out the rest, and the writers that append meanwhile
            // share it. A lone writer never waits (nobody would share its flush).
            let wait = match state.last_start {
                Some(at) if state.contended => self.gap.saturating_sub(at.elapsed()),
                _ => std::time::Duration::ZERO,
            };
            if !wait.is_zero() {
                state.paced += 1;
                drop(state);
                std::thread::sleep(wait);
                state = self.lock();
            }
            // Numbered when it starts: writers whose ticket was taken while the leader
            // waited are covered by it.
            state.started += 1;
            state.last_start = Some(std::time::Instant::now());
            let mine = state.started;
            drop(state);
            let result = flush();
            state = self.lock();
            state.flushing = false;
            state.completed = mine;
            state.contended = state.waiting > 0;
            if let Err(reason) = result {
                state.failed = Some((mine, reason));
            }
            // Waking is a system call even when nobody sleeps: only when someone does.
            if state.waiting > 0 {
                self.done.notify_all();
            }
        }
    }
}

fn backend(e: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(e.to_string())
}

pub(crate) fn pair_key(a: u64, b: u64) -> [u8; 16] {
    let mut k = [0u8; 16];
    k[..8].copy_from_slice(&a.to_be_bytes());
    k[8..].copy_from_slice(&b.to_be_bytes());
    k
}

pub(crate) fn key_u64(bytes: &[u8], at: usize) -> Result<u64, StoreError> {
    bytes
        .get(at..at + 8)
        .and_then(|b| b.try_into().ok())
        .map(u64::from_be_bytes)
        .ok_or_else(|| StoreError::Backend(format!("malformed key {bytes:?}")))
}

/// Opens sled in `dir`. Sled's I/O threads finish their last writes after a `Db` is
/// dropped and hold the directory lock until then, so a store reopened at once (a
/// restart in the same process, a supervisor restarting the bot) waits for that lock
/// for up to `options.lock_wait`; a store really held by another process is still refused.
fn open_sled(dir: &Path, options: &StoreOptions) -> Result<sled::Db, StoreError> {
    let started = std::time::Instant::now();
    loop {
        let opened = sled::Config::new()
            .path(dir)
            .cache_capacity(options.cache_bytes)
            // Durability comes from the write-ahead log; sled is flushed at checkpoints
            // only (no background flusher competing for sled's lock).
            .flush_every_ms(None)
            .open();
        match opened {
            Err(sled::Error::Io(e))
                if e.to_string().contains("could not acquire lock")
                    && started.elapsed() < options.lock_wait =>
            {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            other => {
                return other.map_err(|e| {
                    StoreError::Backend(format!("cannot open {}: {e}", dir.display()))
                })
            }
        }
    }
}

impl SledStore {
    /// Opens (or creates) the store in `dir` with the default options.
    pub fn open(dir: impl AsRef<Path>) -> Result<Self, StoreError> {
        Self::open_with(dir, StoreOptions::default())
    }

    /// Opens (or creates) the store in `dir`. Reads no game: an older store gets its
    /// index trees built once (recorded in the `schema` record).
    pub fn open_with(dir: impl AsRef<Path>, options: StoreOptions) -> Result<Self, StoreError> {
        let dir = dir.as_ref();
        let db = open_sled(dir, &options)?;
        // Records left in the log by a crash are applied again below; new ones go to a
        // new file after them. A store this build must not touch (written by a newer
        // one, or with damage in its log) is refused first, with nothing changed.
        let left = wal::files(dir).map_err(|e| log_error("list", e))?;
        refuse_unreadable(&db, dir, &left)?;
        let stored_seq = match db.get(LOG_SEQ_KEY).map_err(backend)? {
            Some(v) => key_u64(&v, 0)?,
            None => 0,
        };
        let next = left.last().map_or(0, |(seq, _)| *seq).max(stored_seq) + 1;
        let wal = Wal::create(dir, next, options.faults()).map_err(|e| log_error("create", e))?;
        let shared = Arc::new(Shared {
            wal,
            db: db.clone(),
            outbox: db.open_tree("outbox").map_err(backend)?,
            pending: Mutex::new(OutboxIndex::default()),
            checkpointing: Mutex::new(()),
            applying: RwLock::new(()),
            wake: Mutex::new(Wake::default()),
            woken: Condvar::new(),
            on_failed_sync: options.on_failed_sync,
            stopped: AtomicBool::new(false),
            marked: AtomicBool::new(false),
        });
        let mut store = SledStore {
            meta: db.open_tree("meta").map_err(backend)?,
            snapshot: db.open_tree("snapshot").map_err(backend)?,
            log: db.open_tree("log").map_err(backend)?,
            archive: db.open_tree("archive").map_err(backend)?,
            quarantine: db.open_tree("quarantine").map_err(backend)?,
            notes: db.open_tree("notes").map_err(backend)?,
            finished: db.open_tree("finished").map_err(backend)?,
            timers: db.open_tree("timers").map_err(backend)?,
            timer_index: Mutex::new(TimerIndex::default()),
            players: db.open_tree("players").map_err(backend)?,
            stats: db.open_tree("stats").map_err(backend)?,
            group: GroupFlush {
                gap: options.flush_gap,
                ..GroupFlush::default()
            },
            ids: Mutex::new(Ids {
                next: 0,
                ceiling: 0,
            }),
            shared: shared.clone(),
            checkpointer: None,
            db,
        };
        store.replay(&left, next)?;
        store.migrate()?;
        let marked = store.db.get(WRITTEN_BY_KEY).map_err(backend)?;
        store.shared.marked.store(
            marked.as_deref() == Some(&written_by_this_build()[..]),
            Ordering::Relaxed,
        );
        store.index_outbox()?;
        store.index_timers()?;
        let next = match store.db.get(IDS_KEY).map_err(backend)? {
            Some(v) => u64::from_be_bytes(
                v.as_ref()
                    .try_into()
                    .map_err(|_| StoreError::Backend(format!("malformed id record {v:?}")))?,
            ),
            // A store from before: sled's generator was flushed with every write.
            None => store.db.generate_id().map_err(backend)?,
        };
        store.ids = Mutex::new(Ids {
            next,
            ceiling: next,
        });
        store.checkpointer = Some(
            std::thread::Builder::new()
                .name("store-checkpoint".into())
                .spawn(move || shared.run())
                .map_err(backend)?,
        );
        Ok(store)
    }

    /// The `outbox` tree in sled: the rows still pending at the last checkpoint (newer
    /// ones are in memory, see [`OutboxIndex::fresh`]). Read by `store check` and
    /// `store stats`, which run on a store just opened, when every row is in sled.
    pub(crate) fn outbox_tree(&self) -> &sled::Tree {
        &self.shared.outbox
    }

    /// Applies the records of log files left by the last run (all of them, in order,
    /// read record by record; applying one again is harmless), flushes sled and retires
    /// the files. [`refuse_unreadable`] has checked them. `next` is the new log file's
    /// number (stored, see [`LOG_SEQ_KEY`]).
    fn replay(&self, files: &[(u64, std::path::PathBuf)], next: u64) -> Result<(), StoreError> {
        let Some((last, _)) = files.last() else {
            return Ok(());
        };
        for (_, path) in files {
            let mut reader = wal::LogReader::open(path).map_err(|e| log_error("read", e))?;
            while let Some(batch) = reader.next_batch().map_err(|e| log_error("read", e))? {
                self.apply(&batch, When::Opening)?;
            }
        }
        self.db
            .insert(LOG_SEQ_KEY, &next.to_be_bytes())
            .map_err(backend)?;
        let faults = self.shared.wal.faults();
        faults.step("open: flush sled").map_err(backend)?;
        self.db.flush().map_err(backend)?;
        sync_sled_file(self.shared.wal.dir(), faults)?;
        // A file of an earlier run may be kept as the spare: whether it was only
        // reserved is not known (at worst, some syncs of its next use write its extent
        // map too).
        self.shared
            .wal
            .retire_upto(*last, true)
            .map_err(|(Failure::Step(e) | Failure::Sync(e))| log_error("retiring files", e))
    }

    /// A fresh id (game ids, outbox rows, quarantine keys), never handed out before.
    pub(crate) fn generate_id(&self) -> Result<u64, StoreError> {
        let mut ids = lock(&self.ids);
        if ids.next >= ids.ceiling {
            let ceiling = ids.next + ID_BLOCK;
            self.write(|b| {
                b.put(TreeId::Default, IDS_KEY, ceiling.to_be_bytes());
                Ok(())
            })?;
            ids.ceiling = ceiling;
        }
        ids.next += 1;
        Ok(ids.next - 1)
    }

    /// The tree a batch names (`None`: an index tree of an older layout, no longer kept).
    pub(crate) fn tree(&self, id: TreeId) -> Option<&sled::Tree> {
        Some(match id {
            TreeId::Default => &self.db,
            TreeId::Meta => &self.meta,
            TreeId::Snapshot => &self.snapshot,
            TreeId::Log => &self.log,
            TreeId::Archive => &self.archive,
            TreeId::Quarantine => &self.quarantine,
            TreeId::Outbox => &self.shared.outbox,
            TreeId::OutboxDue | TreeId::OutboxChannel => return None,
            TreeId::Notes => &self.notes,
            TreeId::Finished => &self.finished,
            TreeId::Timers => &self.timers,
            TreeId::TimersDue => return None,
            TreeId::Players => &self.players,
            TreeId::Stats => &self.stats,
        })
    }

    /// Applies a batch to sled, in order. Not a sled transaction: the write lock keeps
    /// writers apart, the log makes the batch atomic across a crash, and readers cope
    /// with a batch half applied (an outbox row is indexed once written, and an index
    /// entry whose row is gone is skipped; a channel's own records are only read under
    /// the table's lock of that channel). Sled never takes its global transaction lock,
    /// so reads and checkpoints never wait for one another. While the store runs, writes
    /// of the outbox go through [`Shared::apply_outbox`] (memory until a checkpoint);
    /// at open they go into sled and the index is built after. Writes of layout 2's
    /// index trees (in logs left by an older build) are skipped.
    fn apply(&self, batch: &Batch, when: When) -> Result<(), StoreError> {
        for op in &batch.ops {
            let (Op::Put(t, k, _) | Op::Remove(t, k)) = op;
            if *t == TreeId::Outbox && when == When::Running {
                self.shared.apply_outbox(op)?;
                continue;
            }
            let Some(tree) = self.tree(*t) else {
                continue;
            };
            match op {
                Op::Put(_, _, v) => tree.insert(k.as_slice(), v.as_slice()).map(drop),
                Op::Remove(..) => tree.remove(k.as_slice()).map(drop),
            }
            .map_err(backend)?;
            if *t == TreeId::Timers {
                let mut timers = lock(&self.timer_index);
                match op {
                    Op::Put(_, k, v) => {
                        timers.put(k, v);
                    }
                    Op::Remove(_, k) => timers.remove(k),
                }
            }
        }
        Ok(())
    }

    /// Builds the in-memory index of the pending outbox rows (at open; rows written
    /// since the open, not yet in sled, are kept).
    fn index_outbox(&self) -> Result<(), StoreError> {
        let mut index = OutboxIndex::default();
        for item in self.shared.outbox.iter() {
            let (k, v) = item.map_err(backend)?;
            index.put(&k, &v);
        }
        let mut pending = lock(&self.shared.pending);
        for (id, bytes) in std::mem::take(&mut pending.fresh) {
            index.put(&id.to_be_bytes(), &bytes);
            index.fresh.insert(id, bytes);
        }
        *pending = index;
        Ok(())
    }

    /// Builds the in-memory index of the timers (at open). A timer that cannot be read is
    /// dropped, not fired or kept.
    fn index_timers(&self) -> Result<(), StoreError> {
        let mut index = TimerIndex::default();
        let mut unreadable = Vec::new();
        for item in self.timers.iter() {
            let (k, v) = item.map_err(backend)?;
            if !index.put(&k, &v) {
                tracing::error!(key = ?k, "dropping an unreadable timer");
                unreadable.push(k);
            }
        }
        *lock(&self.timer_index) = index;
        if !unreadable.is_empty() {
            self.write(|b| {
                for k in unreadable {
                    b.remove(TreeId::Timers, k);
                }
                Ok(())
            })?;
        }
        Ok(())
    }

    /// Writes a change durably. `build` runs under the write lock (what it reads cannot
    /// change until the batch is applied) and fills the batch, or fails and nothing is
    /// written. The batch is appended to the log, applied to sled, and made durable
    /// (one log sync shared with concurrent writers) before this returns.
    pub(crate) fn write<R>(
        &self,
        build: impl FnOnce(&mut Batch) -> Result<R, StoreError>,
    ) -> Result<R, StoreError> {
        self.write_with(build, Apply::UnderLock, Durability::Synced)
    }

    /// [`SledStore::write`] for a change whose loss in a power cut is harmless (a
    /// delivery marked done or rescheduled: at worst it is sent again, and Discord drops
    /// the copy by its nonce): appended to the log and applied, but this returns without
    /// waiting for a sync; the next durable write's sync, or the checkpoint thread's
    /// [`LAZY_SYNC`] later, covers it. A crash of the process alone loses nothing (the
    /// record is in the OS's cache).
    pub(crate) fn write_unsynced<R>(
        &self,
        build: impl FnOnce(&mut Batch) -> Result<R, StoreError>,
    ) -> Result<R, StoreError> {
        self.write_with(build, Apply::UnderLock, Durability::Unsynced)
    }

    /// [`SledStore::write`] for a change that reads and writes only its own channel's
    /// records, whose writers the caller keeps apart (the table's lock of the channel):
    /// the batch is applied to sled after the log's lock is released, so writers of
    /// other channels append meanwhile. What this change's `build` reads was written by
    /// the channel's previous change, applied before that one returned; keys shared by
    /// channels (the stats) are only written under the lock.
    pub(crate) fn write_channel<R>(
        &self,
        build: impl FnOnce(&mut Batch) -> Result<R, StoreError>,
    ) -> Result<R, StoreError> {
        self.write_with(build, Apply::AfterLock, Durability::Synced)
    }

    fn write_with<R>(
        &self,
        build: impl FnOnce(&mut Batch) -> Result<R, StoreError>,
        when: Apply,
        durability: Durability,
    ) -> Result<R, StoreError> {
        self.shared.check_running()?;
        let mut writer = self.shared.wal.lock();
        let mut batch = Batch::default();
        let out = build(&mut batch)?;
        if batch.is_empty() {
            return Ok(out);
        }
        let mark = !self.shared.marked.load(Ordering::Relaxed);
        if mark {
            batch.put(TreeId::Default, WRITTEN_BY_KEY, written_by_this_build());
        }
        // A failed append applied nothing (sled, the outbox's memory) and left no record
        // (see `Writer::append`): an ordinary error.
        writer
            .append(&mut batch.record())
            .map_err(|e| log_error("append", e))?;
        if mark {
            self.shared.marked.store(true, Ordering::Relaxed);
        }
        // Taken before the batch is applied to sled: a flush another writer starts
        // meanwhile covers this record too.
        let ticket = self.group.ticket();
        let full = wants_checkpoint(&writer);
        match when {
            Apply::UnderLock => {
                self.apply(&batch, When::Running)?;
                drop(writer);
            }
            Apply::AfterLock => {
                // Taken before the log's lock is released: a checkpoint switching files
                // after that waits for this batch to be in sled.
                let applying = self
                    .shared
                    .applying
                    .read()
                    .unwrap_or_else(|e| e.into_inner());
                drop(writer);
                self.apply(&batch, When::Running)?;
                drop(applying);
            }
        }
        if full {
            self.shared.request_checkpoint();
        }
        match durability {
            Durability::Synced => self.durable(ticket)?,
            Durability::Unsynced => self.shared.request_sync(),
        }
        Ok(out)
    }

    /// The store layout recorded on disk (`None` for a store from before layouts).
    pub fn layout(&self) -> Result<Option<u32>, StoreError> {
        match self.db.get(LAYOUT_KEY).map_err(backend)? {
            Some(v) => v
                .as_ref()
                .try_into()
                .map(|b| Some(u32::from_be_bytes(b)))
                .map_err(|_| StoreError::Backend(format!("malformed layout record {v:?}"))),
            None => Ok(None),
        }
    }

    /// Brings a store written by an older build to this layout, once: the `finished`
    /// index is built (layout 1), layout 2's outbox index trees are dropped.
    fn migrate(&self) -> Result<(), StoreError> {
        let layout = self.layout()?;
        match layout {
            Some(v) if v > LAYOUT_VERSION => {
                return Err(refuse_newer_store(
                    self.shared.wal.dir(),
                    &format!("store layout {v}; this build reads {LAYOUT_VERSION} at most"),
                ))
            }
            Some(v) if v == LAYOUT_VERSION => return Ok(()),
            // Nothing to rebuild: only new snapshots differ.
            Some(4) => {
                self.db
                    .insert(LAYOUT_KEY, &LAYOUT_VERSION.to_be_bytes())
                    .map_err(backend)?;
                return self.flush();
            }
            _ => {}
        }
        // Finished games left unarchived (layouts before 2), and who sits where.
        let old = !matches!(layout, Some(v) if v >= 2);
        for item in self.meta.iter() {
            let (k, v) = item.map_err(backend)?;
            // An unreadable record is left for `load` to quarantine.
            if let Ok(meta) = codec::decode_meta(&v) {
                if old && meta.status == Status::Finished {
                    self.finished.insert(k, &[]).map_err(backend)?;
                }
                for seat in &meta.seats {
                    self.players
                        .insert(
                            pair_key(seat.user, meta.channel),
                            &meta.game_id.to_be_bytes(),
                        )
                        .map_err(backend)?;
                }
            }
        }
        for name in DROPPED_TREES {
            self.db.drop_tree(name).map_err(backend)?;
        }
        self.db
            .insert(LAYOUT_KEY, &LAYOUT_VERSION.to_be_bytes())
            .map_err(backend)?;
        self.flush()
    }

    /// Test hook: overwrites a channel's raw metadata bytes (to simulate corruption).
    pub fn put_raw_meta(&self, channel: ChannelId, bytes: &[u8]) -> Result<(), StoreError> {
        self.write(|b| {
            b.put(TreeId::Meta, channel.to_be_bytes(), bytes);
            Ok(())
        })
    }

    /// Test hook: overwrites a channel's raw snapshot bytes (to simulate corruption).
    pub fn put_raw_snapshot(&self, channel: ChannelId, bytes: &[u8]) -> Result<(), StoreError> {
        self.write(|b| {
            b.put(TreeId::Snapshot, channel.to_be_bytes(), bytes);
            Ok(())
        })
    }

    /// Returns once every record appended before `ticket` was taken is on disk (group
    /// commit).
    ///
    /// A failed sync stops the store ([`Shared::failed_sync`]: by default the process
    /// exits): the batch is applied already, so "nothing changed" would be a lie.
    fn durable(&self, ticket: u64) -> Result<(), StoreError> {
        self.group.wait(ticket, || {
            self.shared.wal.sync().map_err(|e| {
                self.shared
                    .failed_sync("a sync of the write-ahead log", e)
                    .to_string()
            })
        })
    }

    /// The stored state of a channel's game: its snapshot (engine bytes; `None` in a
    /// lobby) and the log entries after it. The inner `Err` is why it cannot be read
    /// (then it is quarantined).
    pub(crate) fn stored_state(
        &self,
        meta: &Meta,
    ) -> Result<Result<StoredState, String>, StoreError> {
        let Some(stored) = self
            .snapshot
            .get(meta.channel.to_be_bytes())
            .map_err(backend)?
        else {
            return Ok(Ok((None, Vec::new())));
        };
        let (at, engine) = match codec::decode_snapshot(&stored, meta.version) {
            Ok(decoded) => decoded,
            Err(reason) => return Ok(Err(reason)),
        };
        let mut tail = Vec::new();
        if at == meta.version {
            // Nothing logged since: the log's pages are not even read.
            return Ok(Ok((Some(engine.to_vec()), tail)));
        }
        let range = pair_key(meta.game_id, at)..pair_key(meta.game_id, meta.version);
        for (expected, item) in (at..).zip(self.log.range(range)) {
            let (k, v) = item.map_err(backend)?;
            let index = key_u64(&k, 8)?;
            refuse_newer_record(
                &format!(
                    "Action {} of the game in channel {}",
                    index + 1,
                    meta.channel
                ),
                &v,
            )?;
            if index != expected {
                return Ok(Err(format!(
                    "action {} is missing from the log",
                    expected + 1
                )));
            }
            match codec::decode_log(&v) {
                Ok(entry) => tail.push(entry),
                Err(reason) => return Ok(Err(format!("action {}: {reason}", index + 1))),
            }
        }
        if (tail.len() as u64) < meta.version - at {
            return Ok(Err(format!(
                "action {} is missing from the log",
                at + tail.len() as u64 + 1
            )));
        }
        Ok(Ok((Some(engine.to_vec()), tail)))
    }

    /// Decodes a channel's metadata. `Err(Ok(reason))`: unreadable (to quarantine);
    /// `Err(Err(_))`: written by a newer build (refused, left in place).
    fn decode_meta(&self, bytes: &[u8]) -> Result<Meta, Result<String, StoreError>> {
        let meta = codec::decode_meta(bytes).map_err(Ok)?;
        if meta.schema > SCHEMA_VERSION {
            return Err(Err(StoreError::Newer(format!(
                "The game in channel {} was written by a newer version of capomaestro \
                 (metadata schema {}; this build reads {SCHEMA_VERSION} at most) and is left \
                 untouched: run that version.",
                meta.channel, meta.schema
            ))));
        }
        Ok(meta)
    }

    /// Assigns ids to new outbox rows and encodes them (before the batch is built, so
    /// the ids in the log and in sled are the same).
    fn outbox_rows(&self, rows: &[NewOutbox]) -> Result<Vec<(u64, Vec<u8>)>, StoreError> {
        rows.iter()
            .map(|r| {
                let id = self.generate_id()?;
                Ok((id, codec::encode_new_row(id, r)))
            })
            .collect()
    }
}

/// A game's stored state: its last snapshot (`None` in a lobby) and the log entries
/// after it.
pub(crate) type StoredState = (Option<Vec<u8>>, Vec<LogEntry>);

/// When a write's batch is applied to sled (see [`SledStore::write_channel`]).
#[derive(Clone, Copy)]
enum Apply {
    UnderLock,
    AfterLock,
}

/// Whether a write returns once its record is synced to disk, or at once.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Durability {
    Synced,
    Unsynced,
}

/// Whether a batch is applied while the store runs, or from the log at open (then
/// every record goes into sled, and the indexes are built after).
#[derive(Clone, Copy, PartialEq, Eq)]
enum When {
    Running,
    Opening,
}

/// Key of a channel's timer of one kind.
fn timer_key(channel: ChannelId, kind: TimerKind) -> [u8; 9] {
    let mut k = [0u8; 9];
    k[..8].copy_from_slice(&channel.to_be_bytes());
    k[8] = kind as u8;
    k
}

/// The channel and kind a `timers` key names.
fn timer_key_parts(key: &[u8]) -> Option<(ChannelId, TimerKind)> {
    let channel = key_u64(key, 0).ok()?;
    let kind = TimerKind::from_byte(*key.get(8)?)?;
    Some((channel, kind))
}

/// The stored timers by (channel, kind) and by due time: what `timer`, `due_timers` and
/// `next_timer_due` read. Mirrors the `timers` tree (see [`SledStore::apply`]).
#[derive(Default)]
struct TimerIndex {
    timers: HashMap<(ChannelId, TimerKind), Timer>,
    /// (due ms, channel, kind).
    due: BTreeSet<(u64, ChannelId, TimerKind)>,
}

impl TimerIndex {
    fn get(&self, channel: ChannelId, kind: TimerKind) -> Option<&Timer> {
        self.timers.get(&(channel, kind))
    }

    /// Indexes the timer stored under `key`, replacing the one it had; false (and
    /// nothing indexed) when the key or the timer cannot be read.
    fn put(&mut self, key: &[u8], value: &[u8]) -> bool {
        self.remove(key);
        let Some((channel, kind)) = timer_key_parts(key) else {
            return false;
        };
        let Ok(timer) = codec::decode_timer(value) else {
            return false;
        };
        self.due.insert((timer.due_ms, channel, kind));
        self.timers.insert((channel, kind), timer);
        true
    }

    fn remove(&mut self, key: &[u8]) {
        let Some((channel, kind)) = timer_key_parts(key) else {
            return;
        };
        if let Some(old) = self.timers.remove(&(channel, kind)) {
            self.due.remove(&(old.due_ms, channel, kind));
        }
    }
}

/// Key of a player's stats: guild, game id (or `*` for all games), a 0 byte, user.
fn stats_key(guild: u64, game: Option<&str>, user: Option<UserId>) -> Vec<u8> {
    let mut k = guild.to_be_bytes().to_vec();
    k.extend_from_slice(game.unwrap_or("*").as_bytes());
    k.push(0);
    if let Some(user) = user {
        k.extend_from_slice(&user.to_be_bytes());
    }
    k
}

impl SledStore {
    /// Adds the changes of `changes` for `channel` to a batch: one record per timer set,
    /// none for cancelling a timer that is not set (the index is kept as it is applied).
    fn put_timers(
        &self,
        b: &mut Batch,
        channel: ChannelId,
        changes: &[TimerChange],
    ) -> Result<(), StoreError> {
        let index = lock(&self.timer_index);
        for change in changes {
            let key = timer_key(channel, change.kind);
            match &change.timer {
                Some(timer) => {
                    let timer = Timer {
                        kind: change.kind,
                        ..*timer
                    };
                    b.put(TreeId::Timers, key, codec::encode_timer(&timer));
                }
                None if index.get(channel, change.kind).is_some() => b.remove(TreeId::Timers, key),
                None => {}
            }
        }
        Ok(())
    }
}

/// Cancels every timer of a channel.
const CANCEL_ALL: [TimerChange; 3] = [
    TimerChange {
        kind: TimerKind::Remind,
        timer: None,
    },
    TimerChange {
        kind: TimerKind::Timeout,
        timer: None,
    },
    TimerChange {
        kind: TimerKind::StandIn,
        timer: None,
    },
];

/// Writes `rows` into the outbox (indexed as they are applied).
fn insert_rows(b: &mut Batch, rows: Vec<(u64, Vec<u8>)>) {
    for (id, bytes) in rows {
        b.put_vec(TreeId::Outbox, id.to_be_bytes(), bytes);
    }
}

/// The pending outbox rows by due time and by channel: what `due_outbox`, `next_due`
/// and `channel_outbox` read. Mirrors the `outbox` tree and the rows in `fresh` (see
/// [`Shared::apply_outbox`]); a row that cannot be read is not indexed (`store check`
/// sets it aside).
#[derive(Default)]
struct OutboxIndex {
    /// Rows stored since the last checkpoint, not yet in sled: id → row bytes. The log
    /// holds them until a checkpoint writes them into sled ([`Shared::keep_fresh_rows`]).
    fresh: HashMap<u64, Vec<u8>>,
    /// Row id → (channel, due ms).
    rows: HashMap<u64, (ChannelId, u64)>,
    /// (due ms, row id).
    due: BTreeSet<(u64, u64)>,
    /// (channel, row id).
    channel: BTreeSet<(ChannelId, u64)>,
}

impl OutboxIndex {
    /// Indexes the row stored under `key` (replacing what the id had).
    fn put(&mut self, key: &[u8], value: &[u8]) {
        self.remove(key);
        let Ok(id) = key_u64(key, 0) else { return };
        if let Ok((channel, due_ms)) = codec::row_address(value) {
            self.rows.insert(id, (channel, due_ms));
            self.due.insert((due_ms, id));
            self.channel.insert((channel, id));
        }
    }

    fn remove(&mut self, key: &[u8]) {
        let Ok(id) = key_u64(key, 0) else { return };
        if let Some((channel, due_ms)) = self.rows.remove(&id) {
            self.due.remove(&(due_ms, id));
            self.channel.remove(&(channel, id));
        }
    }
}

impl Drop for SledStore {
    fn drop(&mut self) {
        // A store whose open failed leaves the directory as it was (its log kept).
        let Some(thread) = self.checkpointer.take() else {
            return;
        };
        lock(&self.shared.wake).stop = true;
        self.shared.woken.notify_all();
        let _ = thread.join();
        // A clean close leaves no log to apply at the next open.
        if let Err(e) = self.shared.checkpoint(Spare::Skip) {
            tracing::error!(error = %e, "store checkpoint at close failed; the log is kept");
        }
    }
}

impl Store for SledStore {
    fn load(&self, channel: ChannelId) -> Result<Loaded, StoreError> {
        let Some(meta_bytes) = self.meta.get(channel.to_be_bytes()).map_err(backend)? else {
            return Ok(Loaded::Empty);
        };
        // Written by a newer build: refused (an error), never quarantined.
        let what = format!("The game in channel {channel}");
        refuse_newer_record(&what, &meta_bytes)?;
        let record = match self.decode_meta(&meta_bytes) {
            Ok(meta) => self.stored_state(&meta)?.map(|(snapshot, tail)| Record {
                meta,
                snapshot,
                tail,
            }),
            Err(Ok(reason)) => Err(reason),
            Err(Err(newer)) => return Err(newer),
        };
        match record {
            Ok(record) => Ok(Loaded::Found(record)),
            Err(reason) => {
                self.quarantine(channel, &reason)?;
                Ok(Loaded::Quarantined(reason))
            }
        }
    }

    fn commit(&self, commit: Commit<'_>) -> Result<Vec<u64>, StoreError> {
        let key = commit.meta.channel.to_be_bytes();
        let meta_bytes = codec::encode_meta(commit.meta);
        let finished = commit.meta.status == Status::Finished;
        let entry = match commit.entry {
            Some(e) => {
                let index = commit.meta.version.checked_sub(1).ok_or_else(|| {
                    StoreError::Encode("a log entry needs meta.version >= 1".into())
                })?;
                Some((pair_key(commit.meta.game_id, index), codec::encode_log(e)))
            }
            None => None,
        };
        // Read outside the log's lock: the channel's previous commit is in sled already.
        if let Some((k, _)) = &entry {
            if self.log.contains_key(k).map_err(backend)? {
                return Err(StoreError::Backend(
                    "log entry already exists (concurrent writer?)".into(),
                ));
            }
        }
        let rows = self.outbox_rows(commit.outbox)?;
        let ids = rows.iter().map(|(id, _)| *id).collect();
        self.write_channel(move |b| {
            b.put_vec(TreeId::Meta, key, meta_bytes);
            if let Some(s) = commit.snapshot {
                b.put_vec(
                    TreeId::Snapshot,
                    key,
                    codec::encode_snapshot(commit.meta.version, s),
                );
            }
            if let Some((k, v)) = entry {
                b.put_vec(TreeId::Log, k, v);
            }
            if finished {
                b.put(TreeId::Finished, key, []);
            }
            insert_rows(b, rows);
            self.put_timers(b, commit.meta.channel, commit.timers)?;
            if let Some(left) = commit.seats {
                let channel = commit.meta.channel;
                for user in left {
                    b.remove(TreeId::Players, pair_key(*user, channel));
                }
                for seat in &commit.meta.seats {
                    b.put(
                        TreeId::Players,
                        pair_key(seat.user, channel),
                        commit.meta.game_id.to_be_bytes(),
                    );
                }
            }
            Ok(())
        })?;
        Ok(ids)
    }

    fn log(&self, game_id: u64) -> Result<Vec<LogEntry>, StoreError> {
        let mut out = Vec::new();
        for item in self.log.scan_prefix(game_id.to_be_bytes()) {
            let (k, v) = item.map_err(backend)?;
            let entry = codec::decode_log(&v).map_err(|e| {
                StoreError::Backend(format!(
                    "entry {} of game {game_id}: {e}",
                    key_u64(&k, 8).unwrap_or(u64::MAX)
                ))
            })?;
            out.push(entry);
        }
        Ok(out)
    }

    fn archive(&self, entry: &ArchiveEntry, standings: &[Standing]) -> Result<(), StoreError> {
        let meta = &entry.meta;
        let key = meta.channel.to_be_bytes();
        let archive_key = pair_key(meta.channel, meta.game_id);
        let bytes = codec::encode_archive(entry);
        self.write(|b| {
            b.remove(TreeId::Meta, key);
            b.remove(TreeId::Snapshot, key);
            b.remove(TreeId::Finished, key);
            // Archived once: a repeated archive never counts in the stats twice.
            if self.archive.contains_key(archive_key).map_err(backend)? {
                return Ok(());
            }
            b.put(TreeId::Archive, archive_key, &bytes);
            self.put_timers(b, meta.channel, &CANCEL_ALL)?;
            for seat in &meta.seats {
                b.remove(TreeId::Players, pair_key(seat.user, meta.channel));
            }
            for standing in standings {
                for game in [Some(meta.game.as_str()), None] {
                    let k = stats_key(meta.guild, game, Some(standing.user));
                    let mut stats = match self.stats.get(&k).map_err(backend)? {
                        // Unreadable stats start again rather than block the archive.
                        Some(v) => codec::decode_stats(&v).unwrap_or_default(),
                        None => PlayerStats::default(),
                    };
                    stats.add(standing);
                    b.put(TreeId::Stats, k, codec::encode_stats(&stats));
                }
            }
            Ok(())
        })
    }

    fn archived(&self, channel: ChannelId) -> Result<Vec<ArchiveEntry>, StoreError> {
        let mut out = Vec::new();
        for item in self.archive.scan_prefix(channel.to_be_bytes()).rev() {
            let (_, v) = item.map_err(backend)?;
            // An unreadable archive entry is skipped rather than hiding the others.
            if let Ok(entry) = codec::decode_archive(&v) {
                out.push(entry);
            }
        }
        Ok(out)
    }

    fn archived_ids(&self, channel: ChannelId) -> Result<Vec<u64>, StoreError> {
        let mut out = Vec::new();
        // Keys are (channel, game id), big-endian: newest game last.
        for key in self.archive.scan_prefix(channel.to_be_bytes()).keys().rev() {
            out.push(key_u64(&key.map_err(backend)?, 8)?);
        }
        Ok(out)
    }

    fn archived_game(
        &self,
        channel: ChannelId,
        game_id: u64,
    ) -> Result<Option<ArchiveEntry>, StoreError> {
        let Some(bytes) = self
            .archive
            .get(pair_key(channel, game_id))
            .map_err(backend)?
        else {
            return Ok(None);
        };
        codec::decode_archive(&bytes).map(Some).map_err(|e| {
            StoreError::Backend(format!(
                "archived game {game_id} of channel {channel} is unreadable: {e}"
            ))
        })
    }

    fn discard_lobby(&self, meta: &Meta) -> Result<(), StoreError> {
        let key = meta.channel.to_be_bytes();
        self.write(|b| {
            b.remove(TreeId::Meta, key);
            b.remove(TreeId::Snapshot, key);
            b.remove(TreeId::Finished, key);
            self.put_timers(b, meta.channel, &CANCEL_ALL)?;
            for seat in &meta.seats {
                b.remove(TreeId::Players, pair_key(seat.user, meta.channel));
            }
            Ok(())
        })
    }

    fn quarantine(&self, channel: ChannelId, reason: &str) -> Result<(), StoreError> {
        let key = channel.to_be_bytes();
        let id = self.generate_id()?;
        let qkey = pair_key(channel, id);
        self.write(|b| {
            let record = Quarantined {
                channel,
                reason: reason.to_string(),
                at: now(),
                meta_bytes: self
                    .meta
                    .get(key)
                    .map_err(backend)?
                    .map(|v| v.to_vec())
                    .unwrap_or_default(),
                snapshot_bytes: self.snapshot.get(key).map_err(backend)?.map(|v| v.to_vec()),
            };
            b.remove(TreeId::Meta, key);
            b.remove(TreeId::Snapshot, key);
            b.remove(TreeId::Finished, key);
            b.put(TreeId::Quarantine, qkey, codec::encode_quarantined(&record));
            Ok(())
        })
    }

    fn quarantined(&self) -> Result<Vec<Quarantined>, StoreError> {
        self.quarantine
            .iter()
            .map(|item| {
                let (_, v) = item.map_err(backend)?;
                codec::decode_quarantined(&v).map_err(StoreError::Backend)
            })
            .collect()
    }

    fn next_game_id(&self) -> Result<u64, StoreError> {
        // sled ids start at 0; keep 0 free as "no game".
        self.generate_id().map(|id| id + 1)
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.shared.checkpoint(Spare::Skip)
    }

    fn enqueue(&self, rows: &[NewOutbox]) -> Result<Vec<u64>, StoreError> {
        let rows = self.outbox_rows(rows)?;
        let ids = rows.iter().map(|(id, _)| *id).collect();
        self.write(move |b| {
            insert_rows(b, rows);
            Ok(())
        })?;
        Ok(ids)
    }

    fn due_outbox(&self, now_ms: u64, limit: usize) -> Result<Vec<OutboxRow>, StoreError> {
        let mut out = Vec::new();
        let mut after = None;
        // Ids are taken from the index a few at a time (not under its lock while rows
        // are read); a row removed meanwhile is skipped.
        while out.len() < limit {
            let ids: Vec<(u64, u64)> = {
                let pending = lock(&self.shared.pending);
                let from = match after {
                    Some(k) => Bound::Excluded(k),
                    None => Bound::Unbounded,
                };
                pending
                    .due
                    .range((from, Bound::Included((now_ms, u64::MAX))))
                    .take(limit - out.len())
                    .copied()
                    .collect()
            };
            let Some(last) = ids.last() else { break };
            after = Some(*last);
            for (_, id) in ids {
                if let Some(row) = self.outbox_row(id)? {
                    out.push(row);
                }
            }
        }
        Ok(out)
    }

    fn channel_outbox(&self, channel: ChannelId) -> Result<Vec<OutboxRow>, StoreError> {
        let ids: Vec<u64> = lock(&self.shared.pending)
            .channel
            .range((channel, 0)..=(channel, u64::MAX))
            .map(|(_, id)| *id)
            .collect();
        let mut out = Vec::new();
        for id in ids {
            if let Some(row) = self.outbox_row(id)? {
                out.push(row);
            }
        }
        Ok(out)
    }

    fn outbox_row(&self, id: u64) -> Result<Option<OutboxRow>, StoreError> {
        if let Some(bytes) = lock(&self.shared.pending).fresh.get(&id) {
            return codec::decode_row(bytes)
                .map(Some)
                .map_err(StoreError::Backend);
        }
        match self.shared.outbox.get(id.to_be_bytes()).map_err(backend)? {
            Some(v) => codec::decode_row(&v).map(Some).map_err(StoreError::Backend),
            None => Ok(None),
        }
    }

    fn next_due(&self) -> Result<Option<u64>, StoreError> {
        Ok(lock(&self.shared.pending).due.first().map(|(due, _)| *due))
    }

    fn outbox_done(&self, id: u64) -> Result<(), StoreError> {
        self.write_unsynced(|b| {
            let indexed = lock(&self.shared.pending).rows.contains_key(&id);
            if indexed
                || self
                    .shared
                    .outbox
                    .contains_key(id.to_be_bytes())
                    .map_err(backend)?
            {
                b.remove(TreeId::Outbox, id.to_be_bytes());
            }
            Ok(())
        })
    }

    fn outbox_retry(&self, id: u64, due_ms: u64, attempts: u32) -> Result<(), StoreError> {
        self.write_unsynced(|b| {
            let Some(row) = self.outbox_row(id)? else {
                return Ok(());
            };
            let next = OutboxRow {
                due_ms,
                attempts,
                ..row.clone()
            };
            b.put(TreeId::Outbox, id.to_be_bytes(), codec::encode_row(&next));
            Ok(())
        })
    }

    fn put_note(&self, channel: ChannelId, name: &str, value: &[u8]) -> Result<(), StoreError> {
        self.write(|b| {
            b.put(TreeId::Notes, note_key(channel, name), value);
            Ok(())
        })
    }

    fn note(&self, channel: ChannelId, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self
            .notes
            .get(note_key(channel, name))
            .map_err(backend)?
            .map(|v| v.to_vec()))
    }

    fn finished_unarchived(&self) -> Result<Vec<ChannelId>, StoreError> {
        self.finished
            .iter()
            .map(|item| {
                let (k, _) = item.map_err(backend)?;
                key_u64(&k, 0)
            })
            .collect()
    }

    fn set_timers(&self, channel: ChannelId, changes: &[TimerChange]) -> Result<(), StoreError> {
        self.write(|b| self.put_timers(b, channel, changes))
    }

    fn timer(&self, channel: ChannelId, kind: TimerKind) -> Result<Option<Timer>, StoreError> {
        Ok(lock(&self.timer_index).get(channel, kind).copied())
    }

    fn due_timers(&self, now_ms: u64, limit: usize) -> Result<Vec<(ChannelId, Timer)>, StoreError> {
        let index = lock(&self.timer_index);
        Ok(index
            .due
            .iter()
            .take_while(|(due, ..)| *due <= now_ms)
            .filter_map(|(_, channel, kind)| Some((*channel, *index.get(*channel, *kind)?)))
            .take(limit)
            .collect())
    }

    fn next_timer_due(&self) -> Result<Option<u64>, StoreError> {
        Ok(lock(&self.timer_index).due.first().map(|(due, ..)| *due))
    }

    fn user_channels(&self, user: UserId) -> Result<Vec<(ChannelId, u64)>, StoreError> {
        self.players
            .scan_prefix(user.to_be_bytes())
            .map(|item| {
                let (k, v) = item.map_err(backend)?;
                Ok((key_u64(&k, 8)?, key_u64(&v, 0)?))
            })
            .collect()
    }

    fn player_stats(
        &self,
        guild: u64,
        game: Option<&str>,
        user: UserId,
    ) -> Result<Option<PlayerStats>, StoreError> {
        match self
            .stats
            .get(stats_key(guild, game, Some(user)))
            .map_err(backend)?
        {
            Some(v) => codec::decode_stats(&v)
                .map(Some)
                .map_err(StoreError::Backend),
            None => Ok(None),
        }
    }

    fn server_stats(
        &self,
        guild: u64,
        game: Option<&str>,
    ) -> Result<Vec<(UserId, PlayerStats)>, StoreError> {
        let prefix = stats_key(guild, game, None);
        let mut out = Vec::new();
        for item in self.stats.scan_prefix(&prefix) {
            let (k, v) = item.map_err(backend)?;
            if k.len() != prefix.len() + 8 {
                continue;
            }
            // An unreadable record is left out of the board, not allowed to hide it.
            if let Ok(stats) = codec::decode_stats(&v) {
                out.push((key_u64(&k, prefix.len())?, stats));
            }
        }
        Ok(out)
    }
}

fn note_key(channel: ChannelId, name: &str) -> Vec<u8> {
    let mut k = channel.to_be_bytes().to_vec();
    k.extend_from_slice(name.as_bytes());
    k
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SeatedUser, Status};
    use serde_json::json;

    fn meta(channel: ChannelId, game_id: u64, version: u64) -> Meta {
        Meta {
            schema: SCHEMA_VERSION,
            game_id,
            channel,
            game: "countdown".into(),
            options: json!({}),
            seed: 7,
            seats: vec![SeatedUser {
                user: 1,
                name: "ana".into(),
            }],
            host: 1,
            status: Status::Running,
            created: 1,
            updated: 2,
            version,
            guild: 0,
            settings: Default::default(),
            dropped: vec![],
            nudged_ms: 0,
        }
    }

    fn entry(n: u64) -> LogEntry {
        LogEntry {
            seat: 0,
            action: json!({"Add": n}),
            text: format!("add {n}"),
            public: vec![format!("ana added {n}.")],
            at: 3,
        }
    }

    #[test]
    fn commit_then_load_and_log_survive_reopen() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            store
                .commit(Commit {
                    meta: &meta(5, 9, 0),
                    snapshot: Some(b"s0"),
                    entry: None,
                    outbox: &[],
                    timers: &[],
                    seats: None,
                })
                .unwrap();
            for v in 1..=3 {
                let e = entry(v);
                store
                    .commit(Commit {
                        meta: &meta(5, 9, v),
                        snapshot: Some(format!("s{v}").as_bytes()),
                        entry: Some(&e),
                        outbox: &[],
                        timers: &[],
                        seats: None,
                    })
                    .unwrap();
            }
        }
        let store = SledStore::open(dir.path()).unwrap();
        match store.load(5).unwrap() {
            Loaded::Found(r) => {
                assert_eq!(r.meta, meta(5, 9, 3));
                assert_eq!(r.snapshot.as_deref(), Some(&b"s3"[..]));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(store.log(9).unwrap(), vec![entry(1), entry(2), entry(3)]);
        assert_eq!(store.load(6).unwrap(), Loaded::Empty);
    }

    /// A store reopened the moment it is dropped waits for sled's I/O threads to let go
    /// of the directory lock instead of failing; one still open is refused after the
    /// wait, with a message naming the directory.
    #[test]
    fn a_store_reopened_at_once_opens_and_one_held_open_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        for v in 0..40u64 {
            let store = SledStore::open(dir.path()).unwrap();
            let e = entry(v);
            store
                .commit(Commit {
                    meta: &meta(5, 9, v),
                    snapshot: Some(b"s"),
                    entry: (v > 0).then_some(&e),
                    outbox: &[],
                    timers: &[],
                    seats: None,
                })
                .unwrap();
        }
        let held = SledStore::open(dir.path()).unwrap();
        assert_eq!(held.log(9).unwrap().len(), 39);
        let options = StoreOptions {
            lock_wait: std::time::Duration::from_millis(50),
            ..StoreOptions::default()
        };
        let refused = SledStore::open_with(dir.path(), options).err().unwrap();
        let text = refused.to_string();
        assert!(text.contains("could not acquire lock"), "{text}");
        assert!(text.contains(&dir.path().display().to_string()), "{text}");
    }

    /// Copies the files of `from` (a closed store, or the log of an open one) into `to`.
    fn copy_files(from: &Path, to: &Path, only_log: bool) {
        for entry in std::fs::read_dir(from).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().to_string();
            if only_log && !name.starts_with("wal-") {
                continue;
            }
            if entry.file_type().unwrap().is_dir() {
                std::fs::create_dir_all(to.join(&name)).unwrap();
                copy_files(&entry.path(), &to.join(&name), false);
            } else {
                std::fs::copy(entry.path(), to.join(&name)).unwrap();
            }
        }
    }

    #[test]
    fn the_log_restores_what_sled_had_not_flushed_and_applies_idempotently() {
        let dir = tempfile::tempdir().unwrap();
        let older = tempfile::tempdir().unwrap();
        let log_copy = tempfile::tempdir().unwrap();
        let mut done = meta(6, 60, 3);
        done.status = Status::Finished;
        {
            let store = SledStore::open(dir.path()).unwrap();
            store
                .commit(Commit {
                    meta: &meta(5, 50, 1),
                    snapshot: Some(b"s1"),
                    entry: Some(&entry(1)),
                    outbox: &[],
                    timers: &[],
                    seats: None,
                })
                .unwrap();
            store.flush().unwrap();
            // What sled holds on disk now: only the first commit, and no log file.
            copy_files(dir.path(), older.path(), false);
            for v in 2..=3 {
                store
                    .commit(Commit {
                        meta: &meta(5, 50, v),
                        snapshot: Some(format!("s{v}").as_bytes()),
                        entry: Some(&entry(v)),
                        outbox: &[row(5, 10 + v, "post")],
                        timers: &[],
                        seats: None,
                    })
                    .unwrap();
            }
            store.commit(Commit::meta(&done)).unwrap();
            store
                .archive(
                    &ArchiveEntry {
                        meta: done.clone(),
                        outcome: None,
                        snapshot: b"end".to_vec(),
                    },
                    &[],
                )
                .unwrap();
            store.put_note(5, "turn", b"9").unwrap();
            // Acknowledged, so in the log: a crash now loses nothing.
            copy_files(dir.path(), log_copy.path(), true);
        }
        let check = |path: &Path| {
            let store = SledStore::open(path).unwrap();
            let Loaded::Found(r) = store.load(5).unwrap() else {
                panic!("channel 5 lost")
            };
            assert_eq!((r.meta, r.snapshot), (meta(5, 50, 3), Some(b"s3".to_vec())));
            assert_eq!(store.log(50).unwrap(), vec![entry(1), entry(2), entry(3)]);
            let rows = store.channel_outbox(5).unwrap();
            assert_eq!(rows.len(), 2);
            // Ids handed out before the crash (reserved through the log) are not reused.
            let fresh = store.next_game_id().unwrap();
            assert!(rows.iter().all(|r| r.id < fresh), "{rows:?} vs {fresh}");
            assert_eq!(store.load(6).unwrap(), Loaded::Empty);
            assert_eq!(store.archived(6).unwrap().len(), 1);
            assert!(store.finished_unarchived().unwrap().is_empty());
            assert_eq!(store.note(5, "turn").unwrap().as_deref(), Some(&b"9"[..]));
        };
        // Sled as it was before the last writes, plus the log: everything is back.
        copy_files(log_copy.path(), older.path(), true);
        // A torn record at the end (a write the crash cut short) is ignored.
        let (_, last) = wal::files(older.path()).unwrap().pop().unwrap();
        let mut torn = Batch::default();
        torn.put(TreeId::Meta, 5u64.to_be_bytes(), b"garbage");
        let record = torn.record();
        let mut bytes = std::fs::read(&last).unwrap();
        bytes.extend_from_slice(&record[..record.len() - 3]);
        std::fs::write(&last, bytes).unwrap();
        check(older.path());
        assert!(
            wal::files(older.path()).unwrap().len() <= 1,
            "log applied and deleted"
        );
        // The same log applied again over the newer state changes nothing.
        copy_files(log_copy.path(), older.path(), true);
        check(older.path());
        copy_files(log_copy.path(), dir.path(), true);
        check(dir.path());
    }

    #[test]
    fn a_log_index_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let e = entry(1);
        store
            .commit(Commit {
                meta: &meta(1, 1, 1),
                snapshot: Some(b"a"),
                entry: Some(&e),
                outbox: &[],
                timers: &[],
                seats: None,
            })
            .unwrap();
        let err = store
            .commit(Commit {
                meta: &meta(1, 1, 1),
                snapshot: Some(b"b"),
                entry: Some(&entry(2)),
                outbox: &[],
                timers: &[],
                seats: None,
            })
            .unwrap_err();
        assert!(err.to_string().contains("already exists"), "{err}");
        // The failed transaction changed nothing.
        match store.load(1).unwrap() {
            Loaded::Found(r) => assert_eq!(r.snapshot.as_deref(), Some(&b"a"[..])),
            other => panic!("{other:?}"),
        }
        assert_eq!(store.log(1).unwrap(), vec![e]);
    }

    /// Commits action `v` of game 9 in channel 5, with the state as snapshot or not.
    fn commit_action(store: &SledStore, v: u64, snapshot: bool) {
        let state = format!("s{v}");
        store
            .commit(Commit {
                meta: &meta(5, 9, v),
                snapshot: snapshot.then_some(state.as_bytes()),
                entry: (v > 0).then(|| entry(v)).as_ref(),
                outbox: &[],
                timers: &[],
                seats: None,
            })
            .unwrap();
    }

    #[test]
    fn a_record_is_its_last_snapshot_and_the_actions_logged_after_it() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let loaded = |store: &SledStore| match store.load(5).unwrap() {
            Loaded::Found(r) => (r.snapshot.unwrap(), r.tail),
            other => panic!("{other:?}"),
        };
        commit_action(&store, 0, true);
        commit_action(&store, 1, true);
        commit_action(&store, 2, false);
        commit_action(&store, 3, false);
        assert_eq!(loaded(&store), (b"s1".to_vec(), vec![entry(2), entry(3)]));
        commit_action(&store, 4, true);
        assert_eq!(loaded(&store), (b"s4".to_vec(), vec![]));
        commit_action(&store, 5, false);
        drop(store);
        let store = SledStore::open(dir.path()).unwrap();
        assert_eq!(loaded(&store), (b"s4".to_vec(), vec![entry(5)]));
    }

    #[test]
    fn a_gap_in_the_log_after_the_snapshot_quarantines_the_game() {
        // Actions 1–3 logged after the snapshot of action 0; one entry is lost: in the
        // middle, or the last (a log cut short).
        for (lost, missing) in [(1, "action 2 is missing"), (2, "action 3 is missing")] {
            let dir = tempfile::tempdir().unwrap();
            let store = SledStore::open(dir.path()).unwrap();
            for v in 0..=3 {
                commit_action(&store, v, v == 0);
            }
            store.log.remove(pair_key(9, lost)).unwrap();
            match store.load(5).unwrap() {
                Loaded::Quarantined(reason) => assert!(reason.contains(missing), "{reason}"),
                other => panic!("{other:?}"),
            }
            assert_eq!(store.load(5).unwrap(), Loaded::Empty);
        }
    }

    #[test]
    fn a_snapshot_from_after_the_metadata_or_cut_short_is_quarantined() {
        assert_eq!(
            codec::decode_snapshot(&codec::encode_snapshot(3, b"x"), 5),
            Ok((3, &b"x"[..]))
        );
        // Written by an older build: the engine's bytes alone, at the metadata's version.
        assert_eq!(codec::decode_snapshot(b"{}", 5), Ok((5, &b"{}"[..])));
        assert!(codec::decode_snapshot(&codec::encode_snapshot(6, b"x"), 5)
            .unwrap_err()
            .contains("after the last one stored"));
        assert!(codec::decode_snapshot(&[codec::SNAPSHOT_AT_TAG, 0, 0], 5)
            .unwrap_err()
            .contains("cut short"));
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        commit_action(&store, 0, true);
        store
            .put_raw_snapshot(5, &codec::encode_snapshot(1, b"s1"))
            .unwrap();
        assert!(
            matches!(store.load(5).unwrap(), Loaded::Quarantined(r) if r.contains("after the last one stored"))
        );
    }

    #[test]
    fn corrupted_meta_is_quarantined_and_others_load() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        store
            .commit(Commit {
                meta: &meta(1, 1, 0),
                snapshot: Some(b"one"),
                entry: None,
                outbox: &[],
                timers: &[],
                seats: None,
            })
            .unwrap();
        store
            .commit(Commit {
                meta: &meta(2, 2, 0),
                snapshot: Some(b"two"),
                entry: None,
                outbox: &[],
                timers: &[],
                seats: None,
            })
            .unwrap();
        store.put_raw_meta(1, b"{not json").unwrap();
        match store.load(1).unwrap() {
            Loaded::Quarantined(reason) => {
                assert!(reason.contains("metadata unreadable"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(store.load(1).unwrap(), Loaded::Empty);
        assert!(matches!(store.load(2).unwrap(), Loaded::Found(_)));
        let q = store.quarantined().unwrap();
        assert_eq!(q.len(), 1);
        assert_eq!(q[0].meta_bytes, b"{not json");
        // As stored: the engine's bytes after the version they were taken at.
        assert_eq!(q[0].snapshot_bytes, Some(codec::encode_snapshot(0, b"one")));
    }

    #[test]
    fn a_newer_record_is_refused_not_quarantined() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let mut m = meta(3, 3, 0);
        m.schema = SCHEMA_VERSION + 1;
        store.commit(Commit::meta(&m)).unwrap();
        let err = store.load(3).unwrap_err();
        let text = err.to_string();
        assert!(matches!(err, StoreError::Newer(_)), "{err:?}");
        assert!(
            text.contains("newer version") && text.contains("schema 2"),
            "{text}"
        );
        assert!(text.contains("run that version"), "{text}");
        // Left in place, not set aside: the newer build finds it as it was.
        assert!(store.quarantined().unwrap().is_empty());
        assert!(store.meta.get(3u64.to_be_bytes()).unwrap().is_some());
        assert!(matches!(store.load(3), Err(StoreError::Newer(_))));
        // A logged action of a newer record layout, met when its game loads.
        commit_action(&store, 0, true);
        commit_action(&store, 1, false);
        let mut raw = codec::encode_log(&entry(1));
        raw[1] = codec::RECORD_VERSION + 1;
        store.log.insert(pair_key(9, 0), raw).unwrap();
        let err = store.load(5).unwrap_err().to_string();
        assert!(err.contains("Action 1 of the game in channel 5"), "{err}");
        assert!(err.contains("record layout 3"), "{err}");
        assert!(store.quarantined().unwrap().is_empty());
        assert!(store.meta.get(5u64.to_be_bytes()).unwrap().is_some());
    }

    /// The log files of `dir` and their bytes.
    fn log_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
        let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("wal-"))
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read(&p).unwrap())
            })
            .collect();
        out.sort();
        out
    }

    /// [`WRITTEN_BY_KEY`] as a build with the next metadata schema writes it.
    fn written_by_next_build() -> Vec<u8> {
        let mut v = written_by_this_build().to_vec();
        v[..4].copy_from_slice(&(SCHEMA_VERSION + 1).to_be_bytes());
        v
    }

    #[test]
    fn this_build_marks_the_store_with_its_first_write_once() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            assert_eq!(store.db.get(WRITTEN_BY_KEY).unwrap(), None);
            commit_action(&store, 0, true);
            assert_eq!(
                store.db.get(WRITTEN_BY_KEY).unwrap().as_deref(),
                Some(&written_by_this_build()[..])
            );
        }
        let store = SledStore::open(dir.path()).unwrap();
        commit_action(&store, 1, false);
        // Marked already: the write's record holds the move alone.
        let (_, path) = wal::files(dir.path()).unwrap().pop().unwrap();
        let logged = wal::read(&path).unwrap().batches;
        assert_eq!(logged.len(), 1);
        assert!(logged[0]
            .ops
            .iter()
            .all(|op| !matches!(op, Op::Put(TreeId::Default, ..))));
    }

    #[test]
    fn a_store_marked_by_a_newer_build_is_refused_before_anything_changes() {
        // Marked in sled.
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            commit_action(&store, 0, true);
            store
                .db
                .insert(WRITTEN_BY_KEY, written_by_next_build())
                .unwrap();
            store.flush().unwrap();
        }
        let before = log_files(dir.path());
        let err = SledStore::open(dir.path()).err().expect("refused");
        let text = err.to_string();
        assert!(matches!(err, StoreError::Newer(_)), "{err:?}");
        assert!(text.contains("newer version of capomaestro"), "{text}");
        assert!(text.contains("metadata schema 2"), "{text}");
        assert!(text.contains("run that version"), "{text}");
        assert!(text.contains("Nothing was changed"), "{text}");
        assert_eq!(log_files(dir.path()), before, "no log file made or retired");

        // Marked in the log alone: the newer build stopped before a checkpoint. Not a
        // record of it is applied, and its log is left as it was.
        let dir = tempfile::tempdir().unwrap();
        let crashed = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            commit_action(&store, 0, true);
            store
                .write(|b| {
                    b.put(TreeId::Default, WRITTEN_BY_KEY, written_by_next_build());
                    Ok(())
                })
                .unwrap();
            commit_action(&store, 1, false);
            copy_files(dir.path(), crashed.path(), false);
        }
        let before = log_files(crashed.path());
        let err = SledStore::open(crashed.path()).err().expect("refused");
        assert!(matches!(err, StoreError::Newer(_)), "{err:?}");
        assert_eq!(log_files(crashed.path()), before);
        let (_, last) = wal::files(crashed.path()).unwrap().pop().unwrap();
        assert!(!wal::read(&last).unwrap().batches.is_empty(), "log kept");

        // A log file of a newer format.
        let dir = tempfile::tempdir().unwrap();
        drop(SledStore::open(dir.path()).unwrap());
        std::fs::write(wal::file_name(dir.path(), 99), b"CMWAL\0\0\x07rest").unwrap();
        let err = SledStore::open(dir.path()).err().expect("refused");
        let text = err.to_string();
        assert!(matches!(err, StoreError::Newer(_)), "{err:?}");
        assert!(
            text.contains("format 7") && text.contains("run that version"),
            "{text}"
        );
    }

    #[test]
    fn log_file_numbers_never_repeat_even_when_the_files_are_lost() {
        let dir = tempfile::tempdir().unwrap();
        let last = {
            let store = SledStore::open(dir.path()).unwrap();
            for v in 0..3 {
                commit_action(&store, v, true);
                store.flush().unwrap();
            }
            let seq = store.shared.wal.lock().seq();
            seq
        };
        for (_, path) in wal::files(dir.path()).unwrap() {
            std::fs::remove_file(path).unwrap();
        }
        let _ = std::fs::remove_file(dir.path().join(wal::SPARE));
        let store = SledStore::open(dir.path()).unwrap();
        assert!(store.shared.wal.lock().seq() > last);
    }

    #[test]
    fn archive_moves_the_table_and_keeps_the_log() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let e = entry(1);
        let mut m = meta(4, 8, 1);
        store
            .commit(Commit {
                meta: &m,
                snapshot: Some(b"x"),
                entry: Some(&e),
                outbox: &[],
                timers: &[],
                seats: None,
            })
            .unwrap();
        m.status = Status::Finished;
        let archived = ArchiveEntry {
            meta: m.clone(),
            outcome: Some(json!({"w": 1})),
            snapshot: b"x".to_vec(),
        };
        store.archive(&archived, &[]).unwrap();
        assert_eq!(store.load(4).unwrap(), Loaded::Empty);
        assert_eq!(store.archived(4).unwrap(), vec![archived]);
        assert_eq!(store.log(8).unwrap(), vec![e]);
        assert!(store.next_game_id().unwrap() >= 1);
    }

    #[test]
    fn archived_games_are_listed_by_key_and_read_one_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let archive = |channel: ChannelId, game_id: u64| {
            let mut m = meta(channel, game_id, game_id);
            m.status = Status::Finished;
            let e = ArchiveEntry {
                meta: m,
                outcome: Some(json!({ "game": game_id })),
                snapshot: vec![game_id as u8],
            };
            store.archive(&e, &[]).unwrap();
            e
        };
        let entries: Vec<ArchiveEntry> = (1..=40).map(|id| archive(4, id)).collect();
        // The neighbouring channels' games never show in channel 4.
        archive(3, 100);
        archive(5, 101);
        // One game among them is damaged on disk.
        store
            .archive
            .insert(pair_key(4, 17), b"\xffnot an archived game".to_vec())
            .unwrap();
        assert_eq!(
            store.archived_ids(4).unwrap(),
            (1..=40).rev().collect::<Vec<u64>>()
        );
        for id in [1, 16, 18, 40] {
            assert_eq!(
                store.archived_game(4, id).unwrap().as_ref(),
                Some(&entries[id as usize - 1])
            );
        }
        let err = store.archived_game(4, 17).unwrap_err().to_string();
        assert!(err.contains("archived game 17 of channel 4"), "{err}");
        assert_eq!(store.archived_game(4, 41).unwrap(), None);
        assert_eq!(store.archived_game(4, 100).unwrap(), None);
        assert_eq!(
            store.archived_game(3, 100).unwrap().unwrap().meta.channel,
            3
        );
        assert_eq!(store.archived_ids(5).unwrap(), vec![101]);
        assert_eq!(
            store.archived(4).unwrap().len(),
            39,
            "the damaged one skipped"
        );
    }

    #[test]
    fn a_discarded_lobby_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let mut m = meta(6, 60, 0);
        m.status = Status::Lobby;
        let timer = Timer {
            kind: TimerKind::Remind,
            due_ms: 5_000,
            game_id: 60,
            version: 0,
            count: 0,
            held_up: false,
        };
        store
            .commit(Commit {
                seats: Some(&[]),
                timers: &[TimerChange {
                    kind: TimerKind::Remind,
                    timer: Some(timer),
                }],
                ..Commit::meta(&m)
            })
            .unwrap();
        assert_eq!(store.user_channels(1).unwrap(), vec![(6, 60)]);
        m.status = Status::Abandoned;
        store.commit(Commit::meta(&m)).unwrap();
        store.discard_lobby(&m).unwrap();
        assert_eq!(store.load(6).unwrap(), Loaded::Empty);
        assert!(store.archived_ids(6).unwrap().is_empty());
        assert!(store.user_channels(1).unwrap().is_empty());
        assert_eq!(store.timer(6, TimerKind::Remind).unwrap(), None);
        assert_eq!(store.next_timer_due().unwrap(), None);
        store.discard_lobby(&m).unwrap();
    }

    fn row(channel: ChannelId, due_ms: u64, text: &str) -> NewOutbox {
        NewOutbox {
            channel,
            due_ms,
            payload: text.as_bytes().to_vec(),
        }
    }

    /// Commits the first move of game 3 in channel 7 with `rows`; returns their ids.
    fn first_move_with_rows(store: &SledStore, rows: &[NewOutbox]) -> Vec<u64> {
        store
            .commit(Commit {
                meta: &meta(7, 3, 1),
                snapshot: Some(b"s1"),
                entry: Some(&entry(1)),
                outbox: rows,
                timers: &[],
                seats: None,
            })
            .unwrap()
    }

    #[test]
    fn outbox_rows_commit_with_the_state_and_survive_until_done() {
        let dir = tempfile::tempdir().unwrap();
        let ids = {
            let store = SledStore::open(dir.path()).unwrap();
            let ids = first_move_with_rows(
                &store,
                &[
                    row(7, 100, "post"),
                    row(7, 100, "dm"),
                    row(7, 5_000, "timer"),
                ],
            );
            assert_eq!(ids.len(), 3);
            assert!(ids[0] < ids[1] && ids[1] < ids[2]);
            ids
        };
        // Reopened: the rows are pending, oldest first, timers only when due.
        let store = SledStore::open(dir.path()).unwrap();
        let due: Vec<u64> = store
            .due_outbox(200, 10)
            .unwrap()
            .iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(due, ids[..2].to_vec());
        assert_eq!(store.next_due().unwrap(), Some(100));
        store.outbox_done(ids[0]).unwrap();
        store.outbox_retry(ids[1], 300, 1).unwrap();
        assert!(store.due_outbox(200, 10).unwrap().is_empty());
        let later = store.due_outbox(10_000, 10).unwrap();
        assert_eq!(later.len(), 2);
        assert_eq!(
            (later[0].id, later[0].attempts, later[0].payload.as_slice()),
            (ids[1], 1, &b"dm"[..])
        );
        assert_eq!(store.channel_outbox(7).unwrap().len(), 2);
        assert!(store.channel_outbox(8).unwrap().is_empty());
        assert_eq!(store.outbox_row(ids[0]).unwrap(), None);
    }

    /// The rows of `store`'s outbox tree in sled (not the ones held in memory).
    fn rows_in_sled(store: &SledStore) -> Vec<(u64, u32)> {
        store
            .shared
            .outbox
            .iter()
            .map(|item| {
                let (_, v) = item.unwrap();
                let row = codec::decode_row(&v).unwrap();
                (row.id, row.attempts)
            })
            .collect()
    }

    /// Rows stored since the last checkpoint live in the log and in memory only: a row
    /// sent before the checkpoint never reaches sled; one still pending is written into
    /// sled by the checkpoint, and removed from it once sent. A crash before the
    /// checkpoint gets the pending rows back from the log, never the sent one.
    #[test]
    fn outbox_rows_reach_sled_only_when_still_pending_at_a_checkpoint() {
        let dir = tempfile::tempdir().unwrap();
        let older = tempfile::tempdir().unwrap();
        let log_copy = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        store.flush().unwrap();
        copy_files(dir.path(), older.path(), false);
        let ids = first_move_with_rows(
            &store,
            &[
                row(7, 100, "sent"),
                row(7, 100, "retried"),
                row(7, 100, "kept"),
            ],
        );
        let (sent, retried, kept) = (ids[0], ids[1], ids[2]);
        store.outbox_done(sent).unwrap();
        store.outbox_retry(retried, 300, 1).unwrap();
        assert_eq!(rows_in_sled(&store), vec![]);
        let pending = |store: &SledStore| -> Vec<(u64, u32)> {
            store
                .channel_outbox(7)
                .unwrap()
                .iter()
                .map(|r| (r.id, r.attempts))
                .collect()
        };
        assert_eq!(pending(&store), vec![(retried, 1), (kept, 0)]);
        assert_eq!(store.next_due().unwrap(), Some(100));
        copy_files(dir.path(), log_copy.path(), true);

        store.flush().unwrap();
        assert_eq!(rows_in_sled(&store), vec![(retried, 1), (kept, 0)]);
        store.outbox_done(kept).unwrap();
        store.outbox_retry(retried, 400, 2).unwrap();
        assert_eq!(rows_in_sled(&store), vec![(retried, 2)]);
        assert_eq!(pending(&store), vec![(retried, 2)]);
        drop(store);
        let store = SledStore::open(dir.path()).unwrap();
        assert_eq!(pending(&store), vec![(retried, 2)]);
        assert_eq!(store.next_due().unwrap(), Some(400));
        drop(store);

        // Sled as it was before the rows, plus the log written before the checkpoint.
        copy_files(log_copy.path(), older.path(), true);
        let store = SledStore::open(older.path()).unwrap();
        assert_eq!(pending(&store), vec![(retried, 1), (kept, 0)]);
        assert_eq!(store.outbox_row(sent).unwrap(), None);
    }

    /// A delivery marked sent returns without waiting for a sync; the checkpoint thread
    /// syncs the log soon after.
    #[test]
    fn a_mark_written_without_a_sync_is_synced_soon_after() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let ids = first_move_with_rows(&store, &[row(7, 100, "post")]);
        let syncs = || lock(&store.shared.wake).lazy_syncs;
        let before = syncs();
        store.outbox_done(ids[0]).unwrap();
        let asked = std::time::Instant::now();
        while syncs() == before {
            assert!(asked.elapsed().as_secs() < 5, "the log was never synced");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(store.channel_outbox(7).unwrap().is_empty());
    }

    #[test]
    fn a_finished_game_stays_indexed_until_archived() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let mut m = meta(9, 4, 1);
        m.status = Status::Finished;
        store.commit(Commit::meta(&m)).unwrap();
        assert_eq!(store.finished_unarchived().unwrap(), vec![9]);
        store
            .archive(
                &ArchiveEntry {
                    meta: m,
                    outcome: None,
                    snapshot: vec![],
                },
                &[],
            )
            .unwrap();
        assert!(store.finished_unarchived().unwrap().is_empty());
        store.put_note(9, "turn", b"123").unwrap();
        assert_eq!(store.note(9, "turn").unwrap().as_deref(), Some(&b"123"[..]));
        assert_eq!(store.note(9, "other").unwrap(), None);
    }

    #[test]
    fn concurrent_writers_share_flushes_and_none_returns_before_its_flush() {
        use std::sync::{Arc, Barrier};
        use std::time::{Duration, Instant};
        let group = Arc::new(GroupFlush::default());
        // (start, end) of every flush.
        let flushes = Arc::new(Mutex::new(Vec::<(Instant, Instant)>::new()));
        let barrier = Arc::new(Barrier::new(8));
        let waits: Vec<(Instant, Instant)> = (0..8)
            .map(|_| {
                let (group, flushes, barrier) = (group.clone(), flushes.clone(), barrier.clone());
                std::thread::spawn(move || {
                    barrier.wait();
                    let called = Instant::now();
                    group
                        .wait(group.ticket(), || {
                            let start = Instant::now();
                            std::thread::sleep(Duration::from_millis(150));
                            flushes.lock().unwrap().push((start, Instant::now()));
                            Ok(())
                        })
                        .unwrap();
                    (called, Instant::now())
                })
            })
            .collect::<Vec<_>>()
            .into_iter()
            .map(|h| h.join().unwrap())
            .collect();
        let flushes = flushes.lock().unwrap().clone();
        // Eight writers arriving together: one flush for the first, one shared by the
        // rest (a third only if the machine delayed a thread by a whole flush).
        assert!(
            flushes.len() <= 3,
            "{} flushes for 8 writers",
            flushes.len()
        );
        for (called, returned) in waits {
            assert!(
                flushes
                    .iter()
                    .any(|&(start, end)| start >= called && end <= returned),
                "a writer returned without a flush that started after its write"
            );
        }
    }

    #[test]
    fn contended_flushes_are_paced_and_a_lone_writer_never_waits() {
        use std::sync::Arc;
        use std::time::{Duration, Instant};
        let gap = Duration::from_millis(20);
        let paced = |group: &GroupFlush| group.lock().paced;
        // One writer after another: no flush is ever held back.
        let lone = GroupFlush {
            gap,
            ..GroupFlush::default()
        };
        for _ in 0..20 {
            lone.wait(lone.ticket(), || Ok(())).unwrap();
        }
        assert_eq!(paced(&lone), 0, "a lone writer waited for company");

        // Four writers at once, each committing 10 times: flushes start at least `gap`
        // apart once one was shared, far fewer flushes than commits, and every writer
        // still returns only after a flush that started after its ticket.
        let group = Arc::new(GroupFlush {
            gap,
            ..GroupFlush::default()
        });
        // (flush number, flushes paced so far, start) of every flush.
        let starts = Arc::new(Mutex::new(Vec::<(u64, u64, Instant)>::new()));
        let handles: Vec<_> = (0..4)
            .map(|_| {
                let (group, starts) = (group.clone(), starts.clone());
                std::thread::spawn(move || {
                    for _ in 0..10 {
                        let ticket = group.ticket();
                        group
                            .wait(ticket, || {
                                let (n, paced) = {
                                    let state = group.lock();
                                    (state.started, state.paced)
                                };
                                starts.lock().unwrap().push((n, paced, Instant::now()));
                                std::thread::sleep(Duration::from_millis(2));
                                Ok(())
                            })
                            .unwrap();
                        assert!(group.lock().completed >= ticket);
                    }
                })
            })
            .collect();
        for h in handles {
            h.join().unwrap();
        }
        let starts = starts.lock().unwrap().clone();
        assert!(paced(&group) > 0, "contended flushes were never paced");
        assert!(starts.len() < 40, "{} flushes for 40 commits", starts.len());
        let numbers: Vec<u64> = starts.iter().map(|(n, ..)| *n).collect();
        assert!(numbers.windows(2).all(|w| w[1] == w[0] + 1), "{numbers:?}");
        // A paced flush starts a gap after the one before it.
        for w in starts.windows(2) {
            if w[1].1 > w[0].1 {
                assert!(
                    w[1].2 - w[0].2 >= gap,
                    "flushes {:?} apart",
                    w[1].2 - w[0].2
                );
            }
        }
    }

    #[test]
    fn a_new_store_moves_its_log_to_a_zeroed_spare_once_busy() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        assert!(
            store.shared.wal.lock().fresh(),
            "a new store's first file is reserved"
        );
        let value = vec![7u8; 10_000];
        let notes = SPARE_AFTER / 10_000 + 10;
        for channel in 0..notes {
            store.put_note(channel, "n", &value).unwrap();
        }
        // The checkpoint thread writes a spare with zeros and switches the log to it.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while store.shared.wal.lock().fresh() {
            assert!(
                std::time::Instant::now() < deadline,
                "still on the reserved file"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        // The checkpoint that switched files retires the old one last.
        drop(lock(&store.shared.checkpointing));
        let names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("wal-"))
            .collect();
        assert_eq!(names.len(), 1, "the reserved file is not kept: {names:?}");
        drop(store);
        let store = SledStore::open(dir.path()).unwrap();
        for channel in [0, notes - 1] {
            assert!(store.note(channel, "n").unwrap() == Some(value.clone()));
        }
    }

    #[test]
    fn a_failed_flush_fails_every_writer_waiting_on_it() {
        let group = GroupFlush::default();
        let err = group
            .wait(group.ticket(), || Err("disk full".into()))
            .unwrap_err();
        assert!(err.to_string().contains("disk full"), "{err}");
        // The next flush succeeds: later writers are not blamed for the old failure.
        group.wait(group.ticket(), || Ok(())).unwrap();
    }

    #[test]
    fn many_threads_commit_durably_on_different_channels() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = std::sync::Arc::new(SledStore::open(dir.path()).unwrap());
            let handles: Vec<_> = (0..6u64)
                .map(|t| {
                    let store = store.clone();
                    std::thread::spawn(move || {
                        for v in 1..=20u64 {
                            let e = entry(v);
                            store
                                .commit(Commit {
                                    meta: &meta(t, 100 + t, v),
                                    snapshot: Some(format!("{t}:{v}").as_bytes()),
                                    entry: Some(&e),
                                    outbox: &[row(t, 1, "post")],
                                    timers: &[],
                                    seats: None,
                                })
                                .unwrap();
                        }
                    })
                })
                .collect();
            for h in handles {
                h.join().unwrap();
            }
        }
        let store = SledStore::open(dir.path()).unwrap();
        for t in 0..6u64 {
            match store.load(t).unwrap() {
                Loaded::Found(r) => {
                    assert_eq!(r.meta.version, 20);
                    assert_eq!(r.snapshot.unwrap(), format!("{t}:20").into_bytes());
                }
                other => panic!("{other:?}"),
            }
            assert_eq!(store.log(100 + t).unwrap().len(), 20);
            assert_eq!(store.channel_outbox(t).unwrap().len(), 20);
        }
        assert_eq!(store.due_outbox(10, 1000).unwrap().len(), 120);
    }

    #[test]
    fn an_older_store_gets_its_indexes_once_and_its_json_records_still_load() {
        let dir = tempfile::tempdir().unwrap();
        let mut finished = meta(2, 20, 1);
        finished.status = Status::Finished;
        let old_row = OutboxRow {
            id: 77,
            channel: 3,
            due_ms: 50,
            attempts: 1,
            payload: b"dm".to_vec(),
        };
        {
            // What an older build left: JSON records, no layout record, no indexes.
            let store = SledStore::open(dir.path()).unwrap();
            store
                .put_raw_meta(1, &serde_json::to_vec(&meta(1, 10, 1)).unwrap())
                .unwrap();
            store.put_raw_snapshot(1, b"{\"total\":3}").unwrap();
            store
                .log
                .insert(pair_key(10, 0), serde_json::to_vec(&entry(1)).unwrap())
                .unwrap();
            store
                .put_raw_meta(2, &serde_json::to_vec(&finished).unwrap())
                .unwrap();
            store
                .shared
                .outbox
                .insert(77u64.to_be_bytes(), serde_json::to_vec(&old_row).unwrap())
                .unwrap();
            let archived = ArchiveEntry {
                meta: meta(4, 40, 0),
                outcome: Some(json!({"winners": [0]})),
                snapshot: vec![1, 2, 3],
            };
            store
                .archive
                .insert(pair_key(4, 40), serde_json::to_vec(&archived).unwrap())
                .unwrap();
            store.db.remove(LAYOUT_KEY).unwrap();
            store.finished.clear().unwrap();
            store.flush().unwrap();
        }
        let store = SledStore::open(dir.path()).unwrap();
        assert_eq!(store.layout().unwrap(), Some(LAYOUT_VERSION));
        assert_eq!(store.finished_unarchived().unwrap(), vec![2]);
        assert_eq!(store.due_outbox(100, 10).unwrap(), vec![old_row.clone()]);
        assert_eq!(store.channel_outbox(3).unwrap(), vec![old_row]);
        assert_eq!(store.next_due().unwrap(), Some(50));
        assert_eq!(store.log(10).unwrap(), vec![entry(1)]);
        assert_eq!(store.archived(4).unwrap()[0].snapshot, vec![1, 2, 3]);
        let Loaded::Found(r) = store.load(1).unwrap() else {
            panic!("legacy record must load")
        };
        assert_eq!(r.meta, meta(1, 10, 1));
        // The next save rewrites it in the binary form.
        let e = entry(2);
        store
            .commit(Commit {
                meta: &meta(1, 10, 2),
                snapshot: Some(b"s2"),
                entry: Some(&e),
                outbox: &[],
                timers: &[],
                seats: None,
            })
            .unwrap();
        let raw = store.meta.get(1u64.to_be_bytes()).unwrap().unwrap();
        assert!(codec::is_binary(&raw));
        assert_eq!(store.log(10).unwrap(), vec![entry(1), entry(2)]);
        // Opened again: already migrated, nothing rebuilt (a removed index stays empty).
        store.finished.clear().unwrap();
        store.flush().unwrap();
        drop(store);
        let store = SledStore::open(dir.path()).unwrap();
        assert!(store.finished_unarchived().unwrap().is_empty());
    }

    #[test]
    fn a_layout_3_store_loses_its_due_tree_and_an_unreadable_timer_at_open() {
        let dir = tempfile::tempdir().unwrap();
        let due = |ms| Timer {
            kind: TimerKind::Remind,
            due_ms: ms,
            game_id: 9,
            version: 1,
            count: 0,
            held_up: false,
        };
        {
            let store = SledStore::open(dir.path()).unwrap();
            store
                .set_timers(
                    5,
                    &[TimerChange {
                        kind: TimerKind::Remind,
                        timer: Some(due(3_000)),
                    }],
                )
                .unwrap();
            // What layout 3 kept besides: the due tree; and a timer nobody can read.
            let old_due = store.db.open_tree("timers_due").unwrap();
            old_due.insert([1u8; 17], &[]).unwrap();
            store
                .timers
                .insert(timer_key(6, TimerKind::Timeout), b"garbage".as_slice())
                .unwrap();
            store.db.insert(LAYOUT_KEY, &3u32.to_be_bytes()).unwrap();
            store.flush().unwrap();
        }
        let store = SledStore::open(dir.path()).unwrap();
        assert_eq!(store.layout().unwrap(), Some(LAYOUT_VERSION));
        assert!(!store
            .db
            .tree_names()
            .iter()
            .any(|n| n.as_ref() == b"timers_due"));
        assert_eq!(store.timer(5, TimerKind::Remind).unwrap(), Some(due(3_000)));
        assert_eq!(store.next_timer_due().unwrap(), Some(3_000));
        assert_eq!(
            store.due_timers(u64::MAX, 10).unwrap(),
            vec![(5, due(3_000))]
        );
        // The unreadable timer is gone from the store, not only from the index.
        assert!(store
            .timers
            .get(timer_key(6, TimerKind::Timeout))
            .unwrap()
            .is_none());
    }

    #[test]
    fn a_layout_4_store_keeps_its_snapshots_as_the_current_state() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            for v in 0..=2 {
                commit_action(&store, v, false);
            }
            // Layout 4 stored the engine's bytes alone, with every action.
            store.put_raw_snapshot(5, b"s2").unwrap();
            store.db.insert(LAYOUT_KEY, &4u32.to_be_bytes()).unwrap();
            store.flush().unwrap();
        }
        let store = SledStore::open(dir.path()).unwrap();
        assert_eq!(store.layout().unwrap(), Some(LAYOUT_VERSION));
        match store.load(5).unwrap() {
            Loaded::Found(r) => {
                assert_eq!(r.snapshot.as_deref(), Some(&b"s2"[..]));
                assert!(r.tail.is_empty());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_store_from_a_newer_build_is_not_opened() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            store
                .db
                .insert(LAYOUT_KEY, &(LAYOUT_VERSION + 1).to_be_bytes())
                .unwrap();
            store.flush().unwrap();
        }
        let before = log_files(dir.path());
        let err = SledStore::open(dir.path()).err().expect("refused");
        let text = err.to_string();
        assert!(
            text.contains("newer version") && text.contains("layout 6"),
            "{text}"
        );
        assert!(text.contains("Nothing was changed"), "{text}");
        assert_eq!(log_files(dir.path()), before, "no log file made");
    }

    /// What the store's hook was told of failed syncs (in every test; each filters by
    /// its store's directory).
    static FAILED_SYNCS: Mutex<Vec<String>> = Mutex::new(Vec::new());

    fn note_failed_sync(why: &str) {
        lock(&FAILED_SYNCS).push(why.to_string());
    }

    fn failed_syncs_of(dir: &Path) -> Vec<String> {
        let dir = dir.display().to_string();
        lock(&FAILED_SYNCS)
            .iter()
            .filter(|why| why.contains(&dir))
            .cloned()
            .collect()
    }

    /// Opens `dir` with `faults`; a failed sync is noted (the store stops) instead of
    /// ending the test process.
    fn open_faulty(dir: &Path, faults: &'static Faults) -> Result<SledStore, StoreError> {
        SledStore::open_with(
            dir,
            StoreOptions {
                on_failed_sync: note_failed_sync,
                faults,
                ..StoreOptions::default()
            },
        )
    }

    /// Action `v` of game 9 in channel 5 with `rows` outbox rows; returns their ids.
    fn move_with_rows(store: &SledStore, v: u64, rows: usize) -> Result<Vec<u64>, StoreError> {
        let state = format!("s{v}");
        let rows: Vec<NewOutbox> = (0..rows).map(|_| row(5, 100 + v, "post")).collect();
        store.commit(Commit {
            meta: &meta(5, 9, v),
            snapshot: Some(state.as_bytes()),
            entry: Some(&entry(v)),
            outbox: &rows,
            timers: &[],
            seats: None,
        })
    }

    /// Brings `store` (new) to a log of two files left to retire: file 2, kept by a
    /// checkpoint whose retirement failed, and file 3 (a reused one). Moves 1-4 are
    /// acknowledged, each with a row; the rows of moves 1-3 are sent. Returns the id of
    /// the row still pending.
    fn two_log_files(store: &SledStore, faults: &Faults) -> u64 {
        let dir = store.shared.wal.dir().to_path_buf();
        let a = move_with_rows(store, 1, 1).unwrap()[0];
        store.flush().unwrap();
        let b = move_with_rows(store, 2, 1).unwrap()[0];
        store.outbox_done(a).unwrap();
        // A spare, so that file 3 is a reused file: kept as the spare when retired.
        std::fs::write(dir.join(wal::SPARE), [0u8; 64]).unwrap();
        faults.arm_named("retire: delete a file");
        assert!(store.flush().is_err());
        faults.disarm();
        let c = move_with_rows(store, 3, 1).unwrap()[0];
        store.outbox_done(b).unwrap();
        let d = move_with_rows(store, 4, 1).unwrap()[0];
        store.outbox_done(c).unwrap();
        let seqs: Vec<u64> = wal::files(&dir).unwrap().iter().map(|f| f.0).collect();
        assert_eq!(seqs, [2, 3]);
        d
    }

    /// What a store reopened after a crash must show: every acknowledged move (the game
    /// never goes back a version), and of the rows only the one not sent.
    fn assert_nothing_went_back(dir: &Path, pending: u64, crashed_at: &str) {
        let store = open_faulty(dir, Faults::leak()).unwrap();
        let Loaded::Found(record) = store.load(5).unwrap() else {
            panic!("the game is gone after a crash at {crashed_at}")
        };
        assert_eq!(record.meta.version, 4, "crash at {crashed_at}");
        assert_eq!(record.snapshot.as_deref(), Some(&b"s4"[..]), "{crashed_at}");
        assert_eq!(
            store.log(9).unwrap(),
            (1..=4).map(entry).collect::<Vec<_>>()
        );
        let rows: Vec<u64> = store
            .channel_outbox(5)
            .unwrap()
            .iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(
            rows,
            [pending],
            "sent rows came back after a crash at {crashed_at}"
        );
        // The game goes on.
        move_with_rows(&store, 5, 0).unwrap();
    }

    /// Copies the store's files from `from` into `to` when called (the disk as a crash
    /// at that moment leaves it).
    fn crash_copy(from: &Path, to: &Path) -> Option<Box<dyn FnMut() + Send>> {
        let (from, to) = (from.to_path_buf(), to.to_path_buf());
        Some(Box::new(move || copy_files(&from, &to, false)))
    }

    #[test]
    fn a_crash_at_any_step_of_a_checkpoint_never_brings_back_older_state() {
        let mut crashes = 0;
        for k in 1.. {
            let dir = tempfile::tempdir().unwrap();
            let crashed = tempfile::tempdir().unwrap();
            let faults = Faults::leak();
            let store = open_faulty(dir.path(), faults).unwrap();
            let pending = two_log_files(&store, faults);
            faults.arm_at(k, crash_copy(dir.path(), crashed.path()));
            let checkpoint = store.flush();
            let steps = faults.disarm();
            drop(store);
            if checkpoint.is_ok() {
                assert!(k as usize > steps.len());
                assert_nothing_went_back(dir.path(), pending, "no crash");
                break;
            }
            crashes += 1;
            assert_nothing_went_back(crashed.path(), pending, steps[k as usize - 1]);
        }
        // Switching files, flushing sled, deleting file 2, keeping file 3 as the spare.
        assert!(crashes >= 10, "{crashes} steps");
    }

    #[test]
    fn a_crash_at_any_step_of_the_retirement_at_open_never_brings_back_older_state() {
        let dir = tempfile::tempdir().unwrap();
        let left = tempfile::tempdir().unwrap();
        let pending = {
            let faults = Faults::leak();
            let store = open_faulty(dir.path(), faults).unwrap();
            let pending = two_log_files(&store, faults);
            // The process dies: sled as it wrote it, both log files.
            copy_files(dir.path(), left.path(), false);
            pending
        };
        let mut crashes = 0;
        for k in 1.. {
            let opening = tempfile::tempdir().unwrap();
            let crashed = tempfile::tempdir().unwrap();
            copy_files(left.path(), opening.path(), false);
            let faults = Faults::leak();
            faults.arm_at(k, crash_copy(opening.path(), crashed.path()));
            let opened = open_faulty(opening.path(), faults);
            let steps = faults.disarm();
            if let Ok(store) = opened {
                assert!(k as usize > steps.len());
                drop(store);
                assert_nothing_went_back(opening.path(), pending, "no crash");
                break;
            }
            crashes += 1;
            assert_nothing_went_back(crashed.path(), pending, steps[k as usize - 1]);
        }
        assert!(crashes >= 8, "{crashes} steps");
    }

    #[test]
    fn a_failed_sync_stops_the_store_and_is_never_reported_as_nothing_changed() {
        // A writer's sync fails after its batch was applied.
        let dir = tempfile::tempdir().unwrap();
        let faults = Faults::leak();
        let store = open_faulty(dir.path(), faults).unwrap();
        move_with_rows(&store, 1, 1).unwrap();
        faults.arm_named("sync the log");
        let err = move_with_rows(&store, 2, 2).unwrap_err().to_string();
        faults.disarm();
        assert!(err.contains("stopped") && err.contains("restart"), "{err}");
        let noted = failed_syncs_of(dir.path());
        assert_eq!(noted.len(), 1, "{noted:?}");
        assert!(
            noted[0].contains("a sync of the write-ahead log failed"),
            "{noted:?}"
        );
        // Stopped: nothing more is written or retired.
        assert!(move_with_rows(&store, 3, 0).is_err());
        assert!(store.put_note(5, "n", b"x").is_err());
        assert!(store.flush().is_err());
        drop(store);
        // The restart shows what the disk holds: the move whole, with its two rows.
        let store = open_faulty(dir.path(), Faults::leak()).unwrap();
        let Loaded::Found(record) = store.load(5).unwrap() else {
            panic!("the game is gone")
        };
        assert_eq!(record.meta.version, 2);
        assert_eq!(store.channel_outbox(5).unwrap().len(), 3);
        drop(store);

        // The checkpoint thread's sync of a delivery marked done without one.
        let dir = tempfile::tempdir().unwrap();
        let store = open_faulty(dir.path(), faults).unwrap();
        let ids = move_with_rows(&store, 1, 1).unwrap();
        faults.arm_named("sync the log");
        store.outbox_done(ids[0]).unwrap();
        let asked = std::time::Instant::now();
        while failed_syncs_of(dir.path()).is_empty() {
            assert!(
                asked.elapsed().as_secs() < 10,
                "the failed sync went unnoticed"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        faults.disarm();
        assert!(move_with_rows(&store, 2, 0).is_err(), "stopped");
        drop(store);

        // Each sync or flush of a checkpoint.
        for step in [
            "rotate: sync the old file",
            "checkpoint: flush sled",
            "sync the database file",
            "retire: sync the directory",
        ] {
            let dir = tempfile::tempdir().unwrap();
            let store = open_faulty(dir.path(), faults).unwrap();
            move_with_rows(&store, 1, 1).unwrap();
            faults.arm_named(step);
            assert!(store.flush().is_err(), "{step}");
            faults.disarm();
            assert_eq!(failed_syncs_of(dir.path()).len(), 1, "{step}");
            assert!(move_with_rows(&store, 2, 0).is_err(), "{step}: stopped");
            drop(store);
            let store = open_faulty(dir.path(), Faults::leak()).unwrap();
            assert!(matches!(store.load(5).unwrap(), Loaded::Found(r) if r.meta.version == 1));
        }
    }

    #[test]
    fn a_failed_append_is_an_ordinary_error_and_applies_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let faults = Faults::leak();
        let store = open_faulty(dir.path(), faults).unwrap();
        move_with_rows(&store, 1, 1).unwrap();
        faults.arm_named("append");
        assert!(move_with_rows(&store, 2, 2).is_err());
        faults.disarm();
        assert!(failed_syncs_of(dir.path()).is_empty());
        let Loaded::Found(record) = store.load(5).unwrap() else {
            panic!("the game is gone")
        };
        assert_eq!(record.meta.version, 1);
        assert_eq!(store.channel_outbox(5).unwrap().len(), 1);
        assert_eq!(store.next_due().unwrap(), Some(101));
        // The store goes on: the move is made again, once.
        move_with_rows(&store, 2, 2).unwrap();
        drop(store);
        let store = open_faulty(dir.path(), Faults::leak()).unwrap();
        assert_eq!(store.log(9).unwrap(), vec![entry(1), entry(2)]);
        assert_eq!(store.channel_outbox(5).unwrap().len(), 3);
    }

    /// Set in the child process of the next test: the directory of its store.
    const FSYNC_CHILD: &str = "CAPOMAESTRO_TEST_FSYNC_CHILD";

    #[test]
    fn an_injected_fsync_failure_exits_the_process_and_the_restart_shows_the_truth() {
        if let Ok(dir) = std::env::var(FSYNC_CHILD) {
            // The child: the default hook, a sync that fails.
            let faults = Faults::leak();
            let options = StoreOptions {
                faults,
                ..StoreOptions::default()
            };
            let store = SledStore::open_with(&dir, options).unwrap();
            move_with_rows(&store, 1, 1).unwrap();
            faults.arm_named("sync the log");
            let answer = move_with_rows(&store, 2, 2);
            // Only if the failed sync did not end the process.
            eprintln!("the writer was answered {answer:?}");
            std::process::exit(0);
        }
        let dir = tempfile::tempdir().unwrap();
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "sled_store::tests::an_injected_fsync_failure_exits_the_process_and_the_restart_shows_the_truth",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(FSYNC_CHILD, dir.path())
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(FAILED_SYNC_EXIT_CODE),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // The restart opens the store and shows the truth: the record reached the file
        // before its sync failed, so the move is there whole, with its rows.
        let store = SledStore::open(dir.path()).unwrap();
        let Loaded::Found(record) = store.load(5).unwrap() else {
            panic!("the game is gone")
        };
        assert_eq!(record.meta.version, 2);
        assert_eq!(store.log(9).unwrap(), vec![entry(1), entry(2)]);
        assert_eq!(store.channel_outbox(5).unwrap().len(), 3);
    }

    /// Where each record of log file `bytes` ends (the first entry: the header's end).
    fn record_ends(bytes: &[u8]) -> Vec<usize> {
        let mut ends = vec![8];
        loop {
            let at = *ends.last().unwrap();
            let len = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
            if len == 0 {
                return ends;
            }
            ends.push(at + 8 + len);
        }
    }

    #[test]
    fn a_damaged_record_in_the_middle_of_the_log_refuses_to_open_and_check_sets_it_aside() {
        let dir = tempfile::tempdir().unwrap();
        let crashed = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            for channel in 1..=5u8 {
                store
                    .put_note(channel.into(), "n", &[channel; 300])
                    .unwrap();
            }
            copy_files(dir.path(), crashed.path(), false);
        }
        let (_, path) = wal::files(crashed.path()).unwrap().pop().unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        let ends = record_ends(&bytes);
        assert_eq!(ends.len(), 6, "five records");
        bytes[ends[1] + 40] ^= 0x01;
        std::fs::write(&path, &bytes).unwrap();
        let before = log_files(crashed.path());
        let err = SledStore::open(crashed.path()).err().expect("refused");
        let text = err.to_string();
        assert!(text.contains(&path.display().to_string()), "{text}");
        assert!(text.contains("capomaestro store check"), "{text}");
        assert!(
            text.contains(&format!("damaged at byte {}", ends[1])),
            "{text}"
        );
        assert_eq!(log_files(crashed.path()), before, "nothing changed");

        // `store check` first: the file kept whole, cut at the damage, what is lost named.
        let damaged = crate::admin::repair_log(crashed.path()).unwrap();
        assert_eq!(damaged.len(), 1);
        let report = &damaged[0];
        assert_eq!(
            (report.records_kept, report.records_lost),
            (1, 3),
            "{report}"
        );
        assert_eq!(report.channels, BTreeSet::from([3, 4, 5]), "{report}");
        assert!(report.lost.contains("channel 4: note `n`"), "{report}");
        assert_eq!(report.damaged_at, ends[1] as u64);
        assert_eq!(report.bytes_lost, (ends[5] - ends[1]) as u64);
        assert_eq!(std::fs::read(&report.kept_as).unwrap(), bytes);
        assert!(report.kept_as.starts_with(crashed.path().join("damaged")));
        assert!(crate::admin::repair_log(crashed.path()).unwrap().is_empty());
        // The store opens with the records before the damage.
        let store = SledStore::open(crashed.path()).unwrap();
        assert_eq!(store.note(1, "n").unwrap(), Some(vec![1; 300]));
        for channel in 2..=5 {
            assert_eq!(store.note(channel, "n").unwrap(), None);
        }
    }
}
