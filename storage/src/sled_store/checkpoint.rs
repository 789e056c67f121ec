//! The checkpoint thread (flushes sled, retires log files, lazy syncs) and group commit.

use super::*;

impl Shared {
    /// Flushes sled (and syncs its file: sled's flush does not flush the disk's cache),
    /// then deletes the log files whose records are all in it. The log is switched to a
    /// new file first, so writers go on meanwhile; with [`Spare::Prepare`], a spare
    /// written with zeros is made first when there is none, and the log moves there.
    ///
    /// A failed switch or retirement leaves every log file in place (retried by the next
    /// checkpoint); a failed sync of the old file, flush of sled or sync of a retirement
    /// stops the store ([`Shared::failed_sync`]).
    pub(super) fn checkpoint(&self, spare: Spare) -> Result<(), StoreError> {
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
    pub(super) fn failed_sync(&self, what: &str, e: impl std::fmt::Display) -> StoreError {
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
    pub(super) fn upkeep_failed(&self, what: &str, failure: Failure) -> StoreError {
        match failure {
            Failure::Step(e) => log_error(what, e),
            Failure::Sync(e) => {
                self.failed_sync(&format!("a sync of the write-ahead log ({what})"), e)
            }
        }
    }

    /// Refuses work once a sync failed.
    pub(super) fn check_running(&self) -> Result<(), StoreError> {
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
    pub(super) fn keep_fresh_rows(&self) -> Result<(), StoreError> {
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
    pub(super) fn apply_outbox(&self, op: &Op) -> Result<(), StoreError> {
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

    pub(super) fn request_checkpoint(&self) {
        let mut wake = lock(&self.wake);
        if !wake.requested {
            wake.requested = true;
            self.woken.notify_one();
        }
    }

    /// Asks the checkpoint thread to sync the log soon (an unsynced record was appended).
    pub(super) fn request_sync(&self) {
        let mut wake = lock(&self.wake);
        if !wake.unsynced {
            wake.unsynced = true;
            self.woken.notify_one();
        }
    }

    /// The checkpoint thread: runs a checkpoint whenever one is requested, and syncs the
    /// log [`LAZY_SYNC`] after an unsynced record.
    pub(super) fn run(&self) {
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

/// Whether a checkpoint should switch log files: the file is full, or it is a new
/// store's reserved file that is getting busy (a sync past its records writes its extent
/// map too; the checkpoint first writes a spare with zeros, and the log moves there).
pub(super) fn wants_checkpoint(writer: &wal::Writer) -> bool {
    writer.len() >= CHECKPOINT_BYTES || (writer.fresh() && writer.len() >= SPARE_AFTER)
}

/// Whether a checkpoint first writes a spare log file when there is none (only the
/// checkpoint thread does: a close or an explicit flush never pays for it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Spare {
    Prepare,
    Skip,
}

pub(super) fn log_error(what: &str, e: std::io::Error) -> StoreError {
    StoreError::Backend(format!("write-ahead log ({what}): {e}"))
}

/// Syncs sled's data file (`db` in its directory) to the disk.
pub(super) fn sync_sled_file(dir: &Path, faults: &Faults) -> Result<(), StoreError> {
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
pub(super) struct GroupFlush {
    pub(super) state: Mutex<FlushState>,
    pub(super) done: Condvar,
    /// The least time from one flush's start to the next one's (zero: none).
    pub(super) gap: std::time::Duration,
}

#[derive(Default)]
pub(super) struct FlushState {
    /// Flushes started so far (the current one included).
    pub(super) started: u64,
    /// The last flush that completed.
    pub(super) completed: u64,
    pub(super) flushing: bool,
    /// Writers asleep until the running flush completes (none: no wake-up call).
    pub(super) waiting: usize,
    /// The last flush that failed, and why.
    pub(super) failed: Option<(u64, String)>,
    /// When the last flush started, and whether other writers waited for it.
    pub(super) last_start: Option<std::time::Instant>,
    pub(super) contended: bool,
    /// Flushes that waited out the gap (read by tests).
    pub(super) paced: u64,
}

impl GroupFlush {
    pub(super) fn lock(&self) -> MutexGuard<'_, FlushState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The flush a writer whose record is written now needs: the next one to start (one
    /// running now may have started before the write).
    pub(super) fn ticket(&self) -> u64 {
        self.lock().started + 1
    }

    /// Blocks until flush `needed` (a [`GroupFlush::ticket`]) or a later one has
    /// completed, running it when no flush runs.
    pub(super) fn wait(
        &self,
        needed: u64,
        flush: impl Fn() -> Result<(), String>,
    ) -> Result<(), StoreError> {
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
