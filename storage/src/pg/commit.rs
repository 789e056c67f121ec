//! The writes of a move: `Store::commit` / `commit_at` call the database function
//! `capomaestro_commit` (migration 3), which does all of them — the game's row (its lock
//! serializes the channel's moves across processes; the stamp and version checks), the
//! log entry, the outbox rows, the timer changes, the seated players — and an exception
//! in it rolls back all. `enqueue` and `set_timers` call the same functions for outbox
//! rows and timers, so their rules live once, in SQL.
//!
//! Group commit. The server is CPU bound on a small machine, and a move alone is one
//! transaction: one backend woken, one commit, one WAL flush waited for. So a move is
//! not sent by its caller: `PgStore::commit_over` queues it and waits for its answer,
//! and [`COMMIT_LANES`] lanes on the store's runtime commit what is queued. A lane takes
//! one queued move and whatever else is queued at that moment (at most
//! [`COMMIT_BATCH_CAP`]; never two moves of one channel, nor one of a channel another
//! lane is committing: the later waits for the next batch, the channel's order kept),
//! sorted by channel (the same lock order in every process: two batches cannot
//! deadlock on game rows), and commits them:
//! - a batch of one as before: the call as one statement outside any explicit
//!   transaction, one implicit transaction, one round trip (a quiet bot's latency);
//! - a batch of several in ONE transaction on one connection, in one round trip:
//!   `BEGIN`, the calls and `COMMIT` sent together (pipelined, in channel order) — one
//!   wake-up and one WAL flush for all of them. Every caller is answered once that
//!   `COMMIT` returned, so each move is durable when its commit returns
//!   (`synchronous_commit` on), as before. A failed call aborts the transaction, and
//!   the pipelined `COMMIT` then ends it as a rollback (PostgreSQL never commits an
//!   aborted transaction).
//!
//! If a call of the batch is refused (SQLSTATE CM001–CM003) or the transaction hit a
//! deadlock or serialization failure, the whole transaction rolled back, nothing of it
//! stored: each move of the batch runs again alone (the single statement), each caller
//! answered with its own result, so a stale stamp refuses only its own move
//! ([`StoreError::Moved`]). Any other failure (connection lost, COMMIT failed) is every
//! caller's error, the outcome unknown, as a lone commit's would be.
//!
//! A row another session holds (an operator's open transaction, a stuck process) must
//! not stop the lane, and with it every channel: a lane's calls wait at most
//! [`LANE_LOCK_WAIT_MS`] for a row lock. A move whose row stayed locked that long
//! (SQLSTATE 55P03) leaves the batch — the rest is committed without it — and is
//! committed alone on a task of its own, waiting up to the session's `lock_timeout`;
//! past that it is refused with [`StoreError::Busy`], nothing stored. Its channel's
//! later moves wait for it, the order kept; other channels go on.
//!
//! The stamp stays the row's `xmin`: the moves of one batch stamp their rows with the
//! same transaction id. That is still right: the check is per row (a row's `xmin`
//! changes with every commit of it and with nothing else), never across channels.

use super::sql::query_one_raw;
use super::{big, db_message, pool_error, unbig, PgStore};
use crate::{codec, Commit, NewOutbox, Status, StoreError, TimerChange};
use deadpool_postgres::Pool;
use std::collections::{HashSet, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::Poll;
use tokio::sync::Notify;
use tokio_postgres::types::ToSql;
use tokio_postgres::Row;

/// The SQLSTATEs `capomaestro_commit` raises for its refusals: the row moved since the
/// base stamp, the stored game is past this version, the log entry exists.
const MOVED: &str = "CM001";
/// The game was archived (finished) already: it never comes back.
const ARCHIVED: &str = "CM004";
const REFUSALS: [&str; 4] = [MOVED, "CM002", "CM003", ARCHIVED];
/// A deadlock, a serialization failure: the transaction rolled back, a retry may pass.
const RETRYABLE: [&str; 2] = ["40P01", "40001"];
/// A lock wait past `lock_timeout`, a statement past `statement_timeout`: cancelled,
/// rolled back, nothing stored.
const TIMED_OUT: [&str; 2] = ["55P03", "57014"];

/// The longest a lane's call waits for a game's row lock before the move leaves the
/// lane for a task of its own (at most the store's lock timeout).
pub const LANE_LOCK_WAIT_MS: u64 = 100;

/// Lanes committing queued moves at once (at most the pool's size). One: on the 2-core
/// machine, with 16 writers, 1 lane beat 2 and 4 (fewer, larger batches: less server
/// CPU per move, lower p99; docs/benchmarks.md, "The PostgreSQL store"). A lane waits for its batch's
/// flush, and the moves queued meanwhile make the next batch.
pub const COMMIT_LANES: usize = 1;

/// The most moves one batch commits.
pub const COMMIT_BATCH_CAP: usize = 64;

/// A commit's call: the game row, then the log entry, outbox rows, timer changes and
/// seats as arrays, and the longest wait for the row's lock (`NULL`: the session's).
const COMMIT_SQL: &str = "SELECT o_stamp, o_ids FROM capomaestro_commit($1, $2, $3, $4, $5, \
     $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23)";

/// New outbox rows as the three arrays `capomaestro_add_outbox` takes.
pub(crate) struct OutboxArrays {
    pub channels: Vec<i64>,
    pub dues: Vec<i64>,
    pub payloads: Vec<Vec<u8>>,
}

impl OutboxArrays {
    pub(crate) fn of(rows: &[NewOutbox]) -> OutboxArrays {
        OutboxArrays {
            channels: rows.iter().map(|r| big(r.channel)).collect(),
            dues: rows.iter().map(|r| big(r.due_ms)).collect(),
            payloads: rows.iter().map(|r| r.payload.clone()).collect(),
        }
    }
    /// The arrays as `capomaestro_add_outbox` takes them (also the commit's, in place).
    pub(crate) fn params(&self) -> [&(dyn ToSql + Sync); 3] {
        [&self.channels, &self.dues, &self.payloads]
    }
}

/// A channel's timer changes as the arrays `capomaestro_set_timers` takes: the kinds set
/// (with their fields) and the kinds cancelled.
#[derive(Default)]
pub(crate) struct TimerArrays {
    pub kinds: Vec<i16>,
    pub dues: Vec<i64>,
    pub games: Vec<i64>,
    pub versions: Vec<i64>,
    pub counts: Vec<i32>,
    pub held: Vec<bool>,
    pub cancel: Vec<i16>,
}

impl TimerArrays {
    pub(crate) fn of(changes: &[TimerChange]) -> TimerArrays {
        let mut a = TimerArrays::default();
        for change in changes {
            let kind = change.kind as i16;
            match &change.timer {
                Some(t) => {
                    a.kinds.push(kind);
                    a.dues.push(big(t.due_ms));
                    a.games.push(big(t.game_id));
                    a.versions.push(big(t.version));
                    a.counts.push(i32::try_from(t.count).unwrap_or(i32::MAX));
                    a.held.push(t.held_up);
                }
                None => a.cancel.push(kind),
            }
        }
        a
    }
    /// The arrays as `capomaestro_set_timers` takes them after its channel (also the
    /// commit's, in place).
    pub(crate) fn params(&self) -> [&(dyn ToSql + Sync); 7] {
        [
            &self.kinds,
            &self.dues,
            &self.games,
            &self.versions,
            &self.counts,
            &self.held,
            &self.cancel,
        ]
    }
}

/// `Store::set_timers`'s call.
pub(crate) const SET_TIMERS_SQL: &str =
    "SELECT capomaestro_set_timers($1, $2, $3, $4, $5, $6, $7, $8)";
/// `Store::enqueue`'s call.
pub(crate) const ADD_OUTBOX_SQL: &str = "SELECT capomaestro_add_outbox($1, $2, $3)";

/// The pieces of a commit, owned (sent to the runtime).
struct OwnedCommit {
    channel: i64,
    game_id: i64,
    version: i64,
    guild: i64,
    finished: bool,
    meta: Vec<u8>,
    snapshot: Option<Vec<u8>>,
    base: Option<i64>,
    log_index: Option<i64>,
    log_entry: Option<Vec<u8>>,
    outbox: OutboxArrays,
    timers: TimerArrays,
    seats_left: Option<Vec<i64>>,
    seated: Vec<i64>,
}

impl OwnedCommit {
    /// The call's parameters, in `COMMIT_SQL`'s order, waiting at most `wait` ms for the
    /// row's lock (`None`: the session's lock timeout).
    fn params<'a>(&'a self, wait: &'a Option<i64>) -> Vec<&'a (dyn ToSql + Sync)> {
        let mut p: Vec<&(dyn ToSql + Sync)> = vec![
            &self.channel,
            &self.game_id,
            &self.version,
            &self.guild,
            &self.meta,
            &self.snapshot,
            &self.finished,
            &self.base,
            &self.log_index,
            &self.log_entry,
        ];
        p.extend(self.outbox.params());
        p.extend(self.timers.params());
        p.extend([&self.seats_left as &(dyn ToSql + Sync), &self.seated, wait]);
        p
    }
}

/// A commit's answer: the new outbox ids and the row's new stamp.
type Answer = Result<(Vec<u64>, u64), StoreError>;

/// The answer in a call's row.
fn answer_of(row: &Row) -> (Vec<u64>, u64) {
    let stamp: i64 = row.get(0);
    let ids: Vec<i64> = row.get(1);
    (ids.into_iter().map(unbig).collect(), unbig(stamp))
}

/// The SQLSTATE of a database error, if the server sent one.
fn sqlstate(e: &tokio_postgres::Error) -> Option<&str> {
    e.code().map(|c| c.code())
}

/// A lone call's error as the store reports it.
fn commit_error(e: &tokio_postgres::Error) -> StoreError {
    match sqlstate(e) {
        // Another process committed since this one loaded the game (or archived it).
        Some(MOVED | ARCHIVED) => StoreError::Moved,
        Some(code) if TIMED_OUT.contains(&code) => StoreError::Busy,
        _ => StoreError::Backend(format!("PostgreSQL: {}", db_message(e))),
    }
}

/// A backend error's message, to be given to each caller of a batch (as
/// `StoreError::Backend` again).
fn message(e: StoreError) -> String {
    match e {
        StoreError::Backend(why) => why,
        other => other.to_string(),
    }
}

/// How the group commit went since the store opened ([`PgStore::commit_stats`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CommitStats {
    /// Batches committed (a batch of one is a lone commit).
    pub batches: u64,
    /// The moves in them.
    pub commits: u64,
    /// Batches of several that were refused or deadlocked as a whole, their moves run
    /// again one by one.
    pub retried: u64,
}

impl CommitStats {
    /// What happened after `earlier` (stats read before).
    pub fn since(self, earlier: CommitStats) -> CommitStats {
        CommitStats {
            batches: self.batches - earlier.batches,
            commits: self.commits - earlier.commits,
            retried: self.retried - earlier.retried,
        }
    }

    /// Moves per batch (0 without batches).
    pub fn mean_batch(self) -> f64 {
        if self.batches == 0 {
            0.0
        } else {
            self.commits as f64 / self.batches as f64
        }
    }
}

/// A queued move and where its answer goes (a channel of one, read by the caller's
/// thread: callers are synchronous).
struct Queued {
    commit: OwnedCommit,
    reply: std::sync::mpsc::SyncSender<Answer>,
}

#[derive(Default)]
struct Queue {
    /// Moves not taken yet, in the order they came.
    waiting: VecDeque<Queued>,
    /// The channels of the moves the lanes are committing now.
    busy: HashSet<i64>,
    /// No batch is taken while set (`PgStore::hold_commits`, tests).
    held: bool,
}

/// The group committer: the queue, its lanes' wake-up and their counts.
pub(crate) struct Committer {
    queue: Mutex<Queue>,
    /// A lane call's longest wait for a row lock, ms ([`LANE_LOCK_WAIT_MS`]).
    lane_wait: Option<i64>,
    wake: Notify,
    batches: AtomicU64,
    commits: AtomicU64,
    retried: AtomicU64,
}

/// What a batch of several came to.
enum Together {
    /// Committed: each move's answer, in the batch's order.
    Done(Vec<(Vec<u64>, u64)>),
    /// Rolled back by a refusal, a deadlock or a serialization failure: retry alone.
    Refused,
    /// Rolled back: the move at this index of the batch waited past the lane's wait.
    Waited(usize),
    /// Anything else: the batch's outcome is unknown.
    Failed(String),
}

impl Committer {
    /// A committer and its `lanes` lanes (at least 1) on `runtime`, committing over `pool`.
    /// A lane's call waits at most [`LANE_LOCK_WAIT_MS`] (or `lock_ms`, if shorter) for a
    /// row lock.
    pub(crate) fn start(
        runtime: &tokio::runtime::Runtime,
        pool: &Pool,
        lanes: usize,
        lock_ms: u64,
    ) -> Arc<Committer> {
        let committer = Arc::new(Committer {
            queue: Mutex::new(Queue::default()),
            lane_wait: Some(super::big(LANE_LOCK_WAIT_MS.min(lock_ms).max(1))),
            wake: Notify::new(),
            batches: AtomicU64::new(0),
            commits: AtomicU64::new(0),
            retried: AtomicU64::new(0),
        });
        for _ in 0..lanes.max(1) {
            runtime.spawn(committer.clone().lane(pool.clone()));
        }
        committer
    }

    fn queue(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `commit` and waits for its answer (from any thread, inside a runtime or not).
    fn submit(&self, commit: OwnedCommit) -> Answer {
        let (reply, answer) = std::sync::mpsc::sync_channel(1);
        self.queue().waiting.push_back(Queued { commit, reply });
        self.wake.notify_one();
        answer
            .recv()
            .map_err(|_| StoreError::Backend("a database task ended without an answer".into()))?
    }

    pub(crate) fn stats(&self) -> CommitStats {
        CommitStats {
            batches: self.batches.load(Ordering::Relaxed),
            commits: self.commits.load(Ordering::Relaxed),
            retried: self.retried.load(Ordering::Relaxed),
        }
    }

    /// A lane: takes a batch, commits it, answers its callers; forever (until the
    /// runtime shuts down).
    async fn lane(self: Arc<Self>, pool: Pool) {
        loop {
            let batch = self.next_batch().await;
            let channels: Vec<i64> = batch.iter().map(|q| q.commit.channel).collect();
            // A task of its own: should it panic, its callers get an error (their reply
            // dropped) and the lane goes on.
            let (committer, pool) = (self.clone(), pool.clone());
            let handed_off =
                tokio::spawn(async move { committer.commit_batch(&pool, batch).await })
                    .await
                    .unwrap_or_default();
            let mut queue = self.queue();
            // A move handed off keeps its channel busy until its own task ends.
            for channel in channels {
                if !handed_off.contains(&channel) {
                    queue.busy.remove(&channel);
                }
            }
            // This lane looks at the queue again right away: the moves that waited for
            // these channels are taken then.
        }
    }

    /// Waits for a batch.
    async fn next_batch(&self) -> Vec<Queued> {
        loop {
            // Listening before looking: a move queued after the look wakes this lane.
            let mut woken = std::pin::pin!(self.wake.notified());
            woken.as_mut().enable();
            let batch = self.take();
            if !batch.is_empty() {
                return batch;
            }
            woken.await;
        }
    }

    /// The queued moves that can go together now, in queue order: at most
    /// [`COMMIT_BATCH_CAP`], one per channel, none of a channel another lane commits.
    fn take(&self) -> Vec<Queued> {
        let mut queue = self.queue();
        let mut batch = Vec::new();
        if queue.held || queue.waiting.is_empty() {
            return batch;
        }
        let mut left = VecDeque::with_capacity(queue.waiting.len());
        while let Some(q) = queue.waiting.pop_front() {
            if batch.len() < COMMIT_BATCH_CAP && queue.busy.insert(q.commit.channel) {
                batch.push(q);
            } else {
                left.push_back(q);
            }
        }
        queue.waiting = left;
        batch
    }

    /// Commits a batch and answers each of its callers, but those of the moves handed
    /// off (their rows stayed locked past the lane's wait): returns their channels.
    async fn commit_batch(self: &Arc<Self>, pool: &Pool, mut batch: Vec<Queued>) -> Vec<i64> {
        self.batches.fetch_add(1, Ordering::Relaxed);
        self.commits
            .fetch_add(batch.len() as u64, Ordering::Relaxed);
        let mut handed_off = Vec::new();
        if batch.len() == 1 {
            let q = batch.remove(0);
            match commit_alone(pool, &q.commit, &self.lane_wait).await {
                Err(StoreError::Busy) => {
                    handed_off.push(q.commit.channel);
                    self.hand_off(pool, q);
                }
                answer => {
                    let _ = q.reply.send(answer);
                }
            }
            return handed_off;
        }
        // One lock order for every batch of every process.
        batch.sort_by_key(|q| q.commit.channel);
        loop {
            match commit_together(pool, &batch, &self.lane_wait).await {
                Together::Done(answers) => {
                    for (q, answer) in batch.into_iter().zip(answers) {
                        let _ = q.reply.send(Ok(answer));
                    }
                }
                // The rest again without it (nothing of the batch was stored).
                Together::Waited(at) => {
                    let q = batch.remove(at);
                    handed_off.push(q.commit.channel);
                    self.hand_off(pool, q);
                    if !batch.is_empty() {
                        continue;
                    }
                }
                Together::Refused => {
                    self.retried.fetch_add(1, Ordering::Relaxed);
                    let answers = commit_each_alone(pool, &batch, &self.lane_wait).await;
                    for (q, answer) in batch.into_iter().zip(answers) {
                        if let Err(StoreError::Busy) = answer {
                            handed_off.push(q.commit.channel);
                            self.hand_off(pool, q);
                        } else {
                            let _ = q.reply.send(answer);
                        }
                    }
                }
                Together::Failed(why) => {
                    for q in batch {
                        let _ = q.reply.send(Err(StoreError::Backend(why.clone())));
                    }
                }
            }
            return handed_off;
        }
    }

    /// Commits a move whose row stayed locked past the lane's wait on a task of its own,
    /// waiting up to the session's lock timeout ([`StoreError::Busy`] past it); its
    /// channel stays busy until then, so the channel's later moves keep their order.
    fn hand_off(self: &Arc<Self>, pool: &Pool, q: Queued) {
        /// Frees the channel when the task ends, even by a panic.
        struct Release(Arc<Committer>, i64);
        impl Drop for Release {
            fn drop(&mut self) {
                self.0.queue().busy.remove(&self.1);
                self.0.wake.notify_one();
            }
        }
        let release = Release(self.clone(), q.commit.channel);
        let pool = pool.clone();
        tokio::spawn(async move {
            let _release = release;
            let _ = q.reply.send(commit_alone(&pool, &q.commit, &None).await);
        });
    }
}

/// One move as one statement: its own implicit transaction, waiting at most `wait` ms
/// for its row's lock (`None`: the session's lock timeout).
async fn commit_alone(pool: &Pool, c: &OwnedCommit, wait: &Option<i64>) -> Answer {
    let client = pool.get().await.map_err(pool_error)?;
    let row = query_one_raw(&client, COMMIT_SQL, &c.params(wait))
        .await
        .map_err(|e| commit_error(&e))?;
    Ok(answer_of(&row))
}

/// A batch's moves again, each alone: one statement each (its own implicit transaction:
/// each is bound, run and synced apart), pipelined on one connection.
async fn commit_each_alone(pool: &Pool, batch: &[Queued], wait: &Option<i64>) -> Vec<Answer> {
    let failed = |e: StoreError| -> Vec<Answer> {
        let why = message(e);
        batch
            .iter()
            .map(|_| Err(StoreError::Backend(why.clone())))
            .collect()
    };
    let client = match pool.get().await {
        Ok(client) => client,
        Err(e) => return failed(pool_error(e)),
    };
    let statement = match client.prepare_cached(COMMIT_SQL).await {
        Ok(statement) => statement,
        Err(e) => return failed(commit_error(&e)),
    };
    let (client, statement) = (&**client, &statement);
    let calls = batch
        .iter()
        .map(|q| {
            Box::pin(async move {
                let row = client
                    .query_one(statement, &q.commit.params(wait))
                    .await
                    .map_err(|e| commit_error(&e))?;
                Ok(answer_of(&row))
            })
        })
        .collect();
    in_order(calls).await
}

/// One step of a batch's transaction: `BEGIN`, a call (its row), `COMMIT`.
type Step<'a> =
    Pin<Box<dyn Future<Output = Result<Option<Row>, tokio_postgres::Error>> + Send + 'a>>;

/// A batch of several in ONE transaction, in one round trip: `BEGIN`, the calls in the
/// batch's order and `COMMIT`, sent at once (pipelined). A failed call aborts the
/// transaction: the calls after it fail too (SQLSTATE 25P02) and the `COMMIT` ends it
/// as a rollback (PostgreSQL never commits an aborted transaction), so nothing of the
/// batch is stored; the first failure says why.
async fn commit_together(pool: &Pool, batch: &[Queued], wait: &Option<i64>) -> Together {
    let failed =
        |e: &tokio_postgres::Error| Together::Failed(format!("PostgreSQL: {}", db_message(e)));
    let client = match pool.get().await {
        Ok(client) => client,
        Err(e) => return Together::Failed(message(pool_error(e))),
    };
    let statement = match client.prepare_cached(COMMIT_SQL).await {
        Ok(statement) => statement,
        Err(e) => return failed(&e),
    };
    let (c, statement) = (&**client, &statement);
    let mut steps: Vec<Step<'_>> = Vec::with_capacity(batch.len() + 2);
    steps.push(Box::pin(async move {
        c.batch_execute("BEGIN").await.map(|()| None)
    }));
    for q in batch {
        steps.push(Box::pin(async move {
            c.query_one(statement, &q.commit.params(wait))
                .await
                .map(Some)
        }));
    }
    steps.push(Box::pin(async move {
        c.batch_execute("COMMIT").await.map(|()| None)
    }));
    let mut done = in_order(steps).await.into_iter();
    let (begin, commit) = (done.next(), done.next_back());
    if let Some(Err(e)) = begin {
        return failed(&e);
    }
    let mut answers = Vec::with_capacity(batch.len());
    for (at, call) in done.enumerate() {
        match call {
            Ok(row) => answers.extend(row.as_ref().map(answer_of)),
            // The cause: the transaction rolled back (the calls after it failed for
            // that, and the COMMIT ended it as a rollback). An error of the driver's
            // own (no SQLSTATE: nothing sent, or the connection lost) may leave the
            // others committed: every caller's error, the outcome unknown.
            Err(e) => {
                return match sqlstate(&e) {
                    Some(code) if TIMED_OUT.contains(&code) => Together::Waited(at),
                    Some(code) if REFUSALS.contains(&code) || RETRYABLE.contains(&code) => {
                        Together::Refused
                    }
                    _ => failed(&e),
                }
            }
        }
    }
    match commit {
        Some(Ok(_)) if answers.len() == batch.len() => Together::Done(answers),
        Some(Err(e)) => failed(&e),
        _ => Together::Failed("PostgreSQL: a batch's call returned no row".into()),
    }
}

/// Runs `steps` to their ends, polling them in order: the driver sends a query when it
/// is first polled, so they go out pipelined in this order (a batch's lock order).
/// Not `futures`' `join_all`: past 30 futures it polls them through `FuturesOrdered`,
/// whose first polls are in no promised order, and `BEGIN` must go first.
async fn in_order<F: Future + ?Sized>(mut steps: Vec<Pin<Box<F>>>) -> Vec<F::Output> {
    let mut outputs: Vec<Option<F::Output>> = steps.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for (step, output) in steps.iter_mut().zip(outputs.iter_mut()) {
            if output.is_none() {
                match step.as_mut().poll(cx) {
                    Poll::Ready(v) => *output = Some(v),
                    Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            Poll::Pending
        } else {
            Poll::Ready(())
        }
    })
    .await;
    outputs.into_iter().flatten().collect()
}

impl PgStore {
    /// A commit; with `base`, only over that stamp of the game's row (see
    /// [`crate::Store::stamp`]: the row's `xmin`, the transaction that last wrote it,
    /// which every commit changes and nothing else does). Returns the outbox ids and the
    /// row's new stamp. Queued for the group committer (this module's doc); returns
    /// when the transaction that holds it is durable.
    pub(crate) fn commit_over(
        &self,
        base: Option<u64>,
        commit: Commit<'_>,
    ) -> Result<(Vec<u64>, u64), StoreError> {
        let meta = commit.meta;
        let (log_index, log_entry) = match commit.entry {
            Some(e) => {
                let index = meta.version.checked_sub(1).ok_or_else(|| {
                    StoreError::Encode("a log entry needs meta.version >= 1".into())
                })?;
                (Some(big(index)), Some(codec::encode_log(e)))
            }
            None => (None, None),
        };
        let c = OwnedCommit {
            channel: big(meta.channel),
            game_id: big(meta.game_id),
            version: big(meta.version),
            guild: big(meta.guild),
            finished: meta.status == Status::Finished,
            meta: codec::encode_meta(meta),
            snapshot: commit
                .snapshot
                .map(|s| codec::encode_snapshot(meta.version, s)),
            base: base.map(big),
            log_index,
            log_entry,
            outbox: OutboxArrays::of(commit.outbox),
            timers: TimerArrays::of(commit.timers),
            seats_left: commit
                .seats
                .map(|left| left.iter().map(|u| big(*u)).collect()),
            seated: meta.seats.iter().map(|s| big(s.user)).collect(),
        };
        if self.runtime.is_none() {
            return Err(StoreError::Backend("the database store is closed".into()));
        }
        self.committer.submit(c)
    }

    /// How the group commit went since this store opened: batches, the moves in them,
    /// the batches retried one by one.
    pub fn commit_stats(&self) -> CommitStats {
        self.committer.stats()
    }

    /// Moves queued and not taken by a lane yet.
    #[cfg(feature = "pg-testing")]
    pub fn queued_commits(&self) -> usize {
        self.committer.queue().waiting.len()
    }

    /// Tests: no lane takes a batch until the guard is dropped, so the moves queued
    /// meanwhile go together (one batch when at most [`COMMIT_BATCH_CAP`] and of
    /// different channels).
    #[cfg(feature = "pg-testing")]
    pub fn hold_commits(&self) -> HeldCommits {
        self.committer.queue().held = true;
        HeldCommits {
            committer: self.committer.clone(),
        }
    }
}

/// Holds the lanes ([`PgStore::hold_commits`]) until dropped.
#[cfg(feature = "pg-testing")]
pub struct HeldCommits {
    committer: Arc<Committer>,
}

#[cfg(feature = "pg-testing")]
impl Drop for HeldCommits {
    fn drop(&mut self) {
        self.committer.queue().held = false;
        self.committer.wake.notify_waiters();
    }
}
