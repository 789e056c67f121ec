//! The SQL plumbing every PostgreSQL store method shares: statements through the
//! connection's cache (prepared once per connection), and rows back into store values.

use super::{db, unbig};
use crate::{ChannelId, OutboxRow, PlayerStats, StoreError, Timer, TimerKind};
use deadpool_postgres::GenericClient;
use tokio_postgres::types::ToSql;
use tokio_postgres::Row;

pub(crate) type Params<'a> = &'a [&'a (dyn ToSql + Sync)];

/// Runs a query through the connection's statement cache.
pub(crate) async fn query<C: GenericClient>(
    c: &C,
    sql: &str,
    p: Params<'_>,
) -> Result<Vec<Row>, StoreError> {
    let statement = c.prepare_cached(sql).await.map_err(db)?;
    c.query(&statement, p).await.map_err(db)
}

pub(crate) async fn query_opt<C: GenericClient>(
    c: &C,
    sql: &str,
    p: Params<'_>,
) -> Result<Option<Row>, StoreError> {
    let statement = c.prepare_cached(sql).await.map_err(db)?;
    c.query_opt(&statement, p).await.map_err(db)
}

pub(crate) async fn execute<C: GenericClient>(
    c: &C,
    sql: &str,
    p: Params<'_>,
) -> Result<u64, StoreError> {
    let statement = c.prepare_cached(sql).await.map_err(db)?;
    c.execute(&statement, p).await.map_err(db)
}

/// One row through the statement cache, the driver's error kept (its SQLSTATE read by
/// the caller).
pub(crate) async fn query_one_raw<C: GenericClient>(
    c: &C,
    sql: &str,
    p: Params<'_>,
) -> Result<Row, tokio_postgres::Error> {
    let statement = c.prepare_cached(sql).await?;
    c.query_one(&statement, p).await
}

pub(crate) fn timer_of(row: &Row) -> Result<(ChannelId, Timer), StoreError> {
    let kind: i16 = row.get("kind");
    let kind = u8::try_from(kind)
        .ok()
        .and_then(TimerKind::from_byte)
        .ok_or_else(|| StoreError::Backend(format!("unknown timer kind {kind}")))?;
    Ok((
        unbig(row.get("channel")),
        Timer {
            kind,
            due_ms: unbig(row.get("due_ms")),
            game_id: unbig(row.get("game_id")),
            version: unbig(row.get("version")),
            count: row.get::<_, i32>("count") as u32,
            held_up: row.get("held_up"),
        },
    ))
}

pub(crate) fn outbox_of(row: &Row) -> OutboxRow {
    OutboxRow {
        id: unbig(row.get("id")),
        channel: unbig(row.get("channel")),
        due_ms: unbig(row.get("due_ms")),
        attempts: row.get::<_, i32>("attempts") as u32,
        payload: row.get("payload"),
    }
}

pub(crate) fn stats_of(row: &Row) -> PlayerStats {
    PlayerStats {
        name: row.get("name"),
        played: row.get::<_, i32>("played") as u32,
        won: row.get::<_, i32>("won") as u32,
        score_sum: row.get("score_sum"),
        best: row.get("best"),
        streak: row.get("streak"),
    }
}

pub(crate) const OUTBOX_COLUMNS: &str = "id, channel, due_ms, attempts, payload";
pub(crate) const TIMER_COLUMNS: &str = "channel, kind, due_ms, game_id, version, count, held_up";
/// The columns a claim returns (the claim's `UPDATE` names its table `o` / `t`).
/// A subquery finding an earlier outbox row of the same channel as `row` (an alias)
/// that another process holds at `now` (a parameter; `$2` is this process's owner id):
/// a channel's messages are sent in order, so a later one waits for it.
pub(crate) fn earlier_held_elsewhere(row: &str, now: &str) -> String {
    format!(
        "SELECT 1 FROM outbox e WHERE e.channel = {row}.channel AND e.id < {row}.id \
         AND e.lease_owner IS NOT NULL AND e.lease_owner <> $2 AND e.lease_until_ms > {now}"
    )
}

pub(crate) const OUTBOX_RETURNING: &str = "o.id, o.channel, o.due_ms, o.attempts, o.payload";
pub(crate) const TIMER_RETURNING: &str =
    "t.channel, t.kind, t.due_ms, t.game_id, t.version, t.count, t.held_up";
pub(crate) const STATS_COLUMNS: &str = "user_id, name, played, won, score_sum, best, streak";
