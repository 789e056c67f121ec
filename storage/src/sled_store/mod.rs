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
use crate::ratings::{self, Archived, Rated, RatedGame, RatingEntry, RatingRow};
use crate::record;
pub(crate) use crate::record::{newer_than_this_build, written_by_this_build, StoredState};
use crate::wal::{self, Batch, Failure, Faults, Op, TreeId, Wal};
#[cfg(test)]
use crate::SCHEMA_VERSION;
use crate::{
    now, ArchiveEntry, ChannelId, Commit, Loaded, LogEntry, Meta, NewOutbox, OutboxRow,
    PlayerStats, Quarantined, Standing, Status, Store, StoreError, Timer, TimerChange, TimerKind,
    UserId,
};
use std::collections::{BTreeSet, HashMap};
use std::ops::Bound;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, RwLock};
use std::thread::JoinHandle;

use checkpoint::{log_error, sync_sled_file, wants_checkpoint, GroupFlush, Spare};
use indexes::{insert_rows, stats_key, OutboxIndex, TimerIndex, CANCEL_ALL};

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
/// (user, channel) → game id; `stats` keyed by (guild, game or `*`, 0, user); `ratings`
/// keyed by (ladder, title, user) and `rated` (the rated results) by their order.
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
    pub(crate) ratings: sled::Tree,
    pub(crate) rated: sled::Tree,
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
/// [`crate::SCHEMA_VERSION`] then [`codec::RECORD_VERSION`], u32 big-endian each (a later build
/// may append more). Written with the first write of a process whose build writes newer
/// ones (in the same batch), and compared at open: a store holding records of a newer
/// build is refused whole, neither misread nor quarantined, so going back to an older
/// build after an upgrade empties no channel.
const WRITTEN_BY_KEY: &[u8] = b"written_by";

/// The refusal of a store holding records of a newer build: what wrote them, what to do.
fn refuse_newer_store(dir: &Path, what: &str) -> StoreError {
    StoreError::Newer(format!(
        "The store in {} holds records written by a newer version of capomaestro ({what}). \
         Nothing was changed or set aside: run that version (or a later one) on it; to go \
         back to this version, restore a copy of the data directory taken before the upgrade.",
        dir.display()
    ))
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
            ratings: db.open_tree("ratings").map_err(backend)?,
            rated: db.open_tree("rated").map_err(backend)?,
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
    /// read record by record; applying one again is harmless; what would take a game or
    /// a counter back is skipped, see `forward.rs`), flushes sled and retires
    /// the files. [`refuse_unreadable`] has checked them. `next` is the new log file's
    /// number (stored, see [`LOG_SEQ_KEY`]).
    fn replay(&self, files: &[(u64, std::path::PathBuf)], next: u64) -> Result<(), StoreError> {
        let Some((last, _)) = files.last() else {
            return Ok(());
        };
        for (_, path) in files {
            let mut reader = wal::LogReader::open(path).map_err(|e| log_error("read", e))?;
            while let Some(batch) = reader.next_batch().map_err(|e| log_error("read", e))? {
                self.apply(&self.forward_only(batch), When::Opening)?;
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
            TreeId::Ratings => &self.ratings,
            TreeId::Rated => &self.rated,
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
    /// lobby) and the log entries after it, read as both backends read it
    /// ([`record::stored_state`]). The inner `Err` is why it cannot be read (then it is
    /// quarantined).
    pub(crate) fn stored_state(
        &self,
        meta: &Meta,
    ) -> Result<Result<StoredState, String>, StoreError> {
        let snapshot = self
            .snapshot
            .get(meta.channel.to_be_bytes())
            .map_err(backend)?;
        record::stored_state(meta, snapshot.as_deref(), |at| {
            let range = pair_key(meta.game_id, at)..pair_key(meta.game_id, meta.version);
            Ok(self.log.range(range).map(|item| {
                let (k, v) = item.map_err(backend)?;
                Ok((key_u64(&k, 8)?, v))
            }))
        })
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

mod checkpoint;
mod copy;
mod forward;
mod indexes;
mod store_impl;
#[cfg(test)]
mod tests;
