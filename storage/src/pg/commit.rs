//! The writes of a move, in ONE round trip: `Store::commit` / `commit_at` call the
//! database function `capomaestro_commit` (migration 3) as a single statement outside
//! any explicit transaction. PostgreSQL runs it as one implicit transaction — the game's
//! row (its lock serializes the channel's moves across processes; the stamp and version
//! checks), the log entry, the outbox rows, the timer changes, the seated players — and
//! answers once it is durable (`synchronous_commit` on); an exception rolls back all.
//! Before, a commit was three round trips (BEGIN, the pipelined statements, COMMIT).
//! `enqueue` and `set_timers` call the same functions for outbox rows and timers, so
//! their rules live once, in SQL.

use super::sql::query_one_raw;
use super::{big, db_message, pool_error, unbig, PgStore};
use crate::{codec, Commit, NewOutbox, Status, StoreError, TimerChange};

/// The SQLSTATEs `capomaestro_commit` raises for its refusals.
const MOVED: &str = "CM001";

/// A commit's call: the game row, then the log entry, outbox rows, timer changes and
/// seats as arrays.
const COMMIT_SQL: &str = "SELECT o_stamp, o_ids FROM capomaestro_commit($1, $2, $3, $4, $5, \
     $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)";

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

impl PgStore {
    /// A commit; with `base`, only over that stamp of the game's row (see
    /// [`crate::Store::stamp`]: the row's `xmin`, the transaction that last wrote it,
    /// which every commit changes and nothing else does). Returns the outbox ids and the
    /// row's new stamp.
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
        let pool = self.pool();
        self.run(async move {
            let client = pool.get().await.map_err(pool_error)?;
            let (o, t) = (&c.outbox, &c.timers);
            let row = query_one_raw(
                &client,
                COMMIT_SQL,
                &[
                    &c.channel,
                    &c.game_id,
                    &c.version,
                    &c.guild,
                    &c.meta,
                    &c.snapshot,
                    &c.finished,
                    &c.base,
                    &c.log_index,
                    &c.log_entry,
                    &o.channels,
                    &o.dues,
                    &o.payloads,
                    &t.kinds,
                    &t.dues,
                    &t.games,
                    &t.versions,
                    &t.counts,
                    &t.held,
                    &t.cancel,
                    &c.seats_left,
                    &c.seated,
                ],
            )
            .await
            .map_err(|e| match e.code() {
                // Another process committed since this one loaded the game.
                Some(code) if code.code() == MOVED => StoreError::Moved,
                _ => StoreError::Backend(format!("PostgreSQL: {}", db_message(&e))),
            })?;
            let stamp: i64 = row.get(0);
            let ids: Vec<i64> = row.get(1);
            Ok((ids.into_iter().map(unbig).collect(), unbig(stamp)))
        })
    }
}
