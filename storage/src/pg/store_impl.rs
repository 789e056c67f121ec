//! `impl Store for PgStore`: each method one task on the store's runtime, each write
//! one transaction.

use super::{big, db, pool_error, unbig, PgStore};
use crate::codec;
use crate::sled_store::refuse_newer_record;
use crate::{
    now, ArchiveEntry, ChannelId, Commit, Loaded, LogEntry, Meta, NewOutbox, OutboxRow,
    PlayerStats, Quarantined, Record, Standing, Status, Store, StoreError, Timer, TimerChange,
    TimerKind, UserId, SCHEMA_VERSION,
};
use deadpool_postgres::GenericClient;
use tokio_postgres::types::ToSql;
use tokio_postgres::{IsolationLevel, Row};

type Params<'a> = &'a [&'a (dyn ToSql + Sync)];

/// Runs a query through the connection's statement cache.
async fn query<C: GenericClient>(c: &C, sql: &str, p: Params<'_>) -> Result<Vec<Row>, StoreError> {
    let statement = c.prepare_cached(sql).await.map_err(db)?;
    c.query(&statement, p).await.map_err(db)
}

async fn query_opt<C: GenericClient>(
    c: &C,
    sql: &str,
    p: Params<'_>,
) -> Result<Option<Row>, StoreError> {
    let statement = c.prepare_cached(sql).await.map_err(db)?;
    c.query_opt(&statement, p).await.map_err(db)
}

async fn execute<C: GenericClient>(c: &C, sql: &str, p: Params<'_>) -> Result<u64, StoreError> {
    let statement = c.prepare_cached(sql).await.map_err(db)?;
    c.execute(&statement, p).await.map_err(db)
}

/// A game's row as read for a load: metadata bytes, snapshot bytes.
type GameRow = (Vec<u8>, Option<Vec<u8>>);

/// The pieces of a commit, owned (sent to the runtime).
struct OwnedCommit {
    channel: i64,
    game_id: i64,
    version: i64,
    guild: i64,
    finished: bool,
    meta: Vec<u8>,
    snapshot: Option<Vec<u8>>,
    entry: Option<(i64, Vec<u8>)>,
    outbox: Vec<NewOutbox>,
    timers: Vec<TimerChange>,
    seats: Option<(Vec<i64>, Vec<i64>)>,
}

/// Adds rows to the outbox; returns their ids, in order.
async fn insert_outbox<C: GenericClient>(
    c: &C,
    rows: &[NewOutbox],
) -> Result<Vec<u64>, StoreError> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let n = rows.len() as i64;
    let ids: Vec<i64> = query(
        c,
        "SELECT nextval('capomaestro_ids') FROM generate_series(1, $1::BIGINT) ORDER BY 1",
        &[&n],
    )
    .await?
    .iter()
    .map(|r| r.get(0))
    .collect();
    let channels: Vec<i64> = rows.iter().map(|r| big(r.channel)).collect();
    let dues: Vec<i64> = rows.iter().map(|r| big(r.due_ms)).collect();
    let payloads: Vec<&[u8]> = rows.iter().map(|r| r.payload.as_slice()).collect();
    execute(
        c,
        "INSERT INTO outbox (id, channel, due_ms, payload) \
         SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::BIGINT[], $4::BYTEA[])",
        &[&ids, &channels, &dues, &payloads],
    )
    .await?;
    Ok(ids.into_iter().map(unbig).collect())
}

/// Sets or cancels a channel's timers.
async fn put_timers<C: GenericClient>(
    c: &C,
    channel: i64,
    changes: &[TimerChange],
) -> Result<(), StoreError> {
    for change in changes {
        let kind = change.kind as i16;
        match &change.timer {
            Some(t) => {
                execute(
                    c,
                    "INSERT INTO timers (channel, kind, due_ms, game_id, version, count, held_up) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (channel, kind) DO UPDATE SET \
                     due_ms = EXCLUDED.due_ms, game_id = EXCLUDED.game_id, \
                     version = EXCLUDED.version, count = EXCLUDED.count, \
                     held_up = EXCLUDED.held_up, lease_owner = NULL, lease_until_ms = 0",
                    &[
                        &channel,
                        &kind,
                        &big(t.due_ms),
                        &big(t.game_id),
                        &big(t.version),
                        &(t.count as i32),
                        &t.held_up,
                    ],
                )
                .await?;
            }
            None => {
                execute(
                    c,
                    "DELETE FROM timers WHERE channel = $1 AND kind = $2",
                    &[&channel, &kind],
                )
                .await?;
            }
        }
    }
    Ok(())
}

async fn cancel_timers<C: GenericClient>(c: &C, channel: i64) -> Result<(), StoreError> {
    execute(c, "DELETE FROM timers WHERE channel = $1", &[&channel]).await?;
    Ok(())
}

async fn forget_players<C: GenericClient>(c: &C, meta: &Meta) -> Result<(), StoreError> {
    let users: Vec<i64> = meta.seats.iter().map(|s| big(s.user)).collect();
    execute(
        c,
        "DELETE FROM players WHERE channel = $1 AND user_id = ANY($2)",
        &[&big(meta.channel), &users],
    )
    .await?;
    Ok(())
}

fn timer_of(row: &Row) -> Result<(ChannelId, Timer), StoreError> {
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

fn outbox_of(row: &Row) -> OutboxRow {
    OutboxRow {
        id: unbig(row.get("id")),
        channel: unbig(row.get("channel")),
        due_ms: unbig(row.get("due_ms")),
        attempts: row.get::<_, i32>("attempts") as u32,
        payload: row.get("payload"),
    }
}

fn stats_of(row: &Row) -> PlayerStats {
    PlayerStats {
        name: row.get("name"),
        played: row.get::<_, i32>("played") as u32,
        won: row.get::<_, i32>("won") as u32,
        score_sum: row.get("score_sum"),
        best: row.get("best"),
        streak: row.get("streak"),
    }
}

const OUTBOX_COLUMNS: &str = "id, channel, due_ms, attempts, payload";
const TIMER_COLUMNS: &str = "channel, kind, due_ms, game_id, version, count, held_up";
const STATS_COLUMNS: &str = "user_id, name, played, won, score_sum, best, streak";

/// Decodes a channel's metadata: `Err(Ok(reason))` unreadable (to quarantine),
/// `Err(Err(_))` written by a newer build (refused, left in place).
fn decode_meta(bytes: &[u8]) -> Result<Meta, Result<String, StoreError>> {
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

/// The record a load finds: `Ok(Err(reason))` when it cannot be read.
fn record_of(
    channel: ChannelId,
    (meta_bytes, snapshot): GameRow,
    log: Vec<(i64, Vec<u8>)>,
) -> Result<Result<Record, String>, StoreError> {
    refuse_newer_record(&format!("The game in channel {channel}"), &meta_bytes)?;
    let meta = match decode_meta(&meta_bytes) {
        Ok(meta) => meta,
        Err(Ok(reason)) => return Ok(Err(reason)),
        Err(Err(newer)) => return Err(newer),
    };
    let Some(stored) = snapshot else {
        return Ok(Ok(Record {
            meta,
            snapshot: None,
            tail: Vec::new(),
        }));
    };
    let (at, engine) = match codec::decode_snapshot(&stored, meta.version) {
        Ok(decoded) => decoded,
        Err(reason) => return Ok(Err(reason)),
    };
    let mut tail = Vec::new();
    for (expected, (index, bytes)) in (at..meta.version).zip(log) {
        let index = unbig(index);
        refuse_newer_record(
            &format!("Action {} of the game in channel {channel}", index + 1),
            &bytes,
        )?;
        if index != expected {
            return Ok(Err(format!(
                "action {} is missing from the log",
                expected + 1
            )));
        }
        match codec::decode_log(&bytes) {
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
    Ok(Ok(Record {
        meta,
        snapshot: Some(engine.to_vec()),
        tail,
    }))
}

impl PgStore {
    /// Overwrites a channel's stored metadata with raw bytes (tools and tests: a
    /// damaged record). A channel without a game gets a row holding them alone.
    pub fn put_raw_meta(&self, channel: ChannelId, bytes: &[u8]) -> Result<(), StoreError> {
        let bytes = bytes.to_vec();
        self.with_client(move |client| async move {
            execute(
                &client,
                "INSERT INTO games (channel, game_id, version, guild, meta) \
                 VALUES ($1, 0, 0, 0, $2) ON CONFLICT (channel) DO UPDATE SET meta = EXCLUDED.meta",
                &[&big(channel), &bytes],
            )
            .await?;
            Ok(())
        })
    }

    /// Overwrites a channel's stored snapshot with raw bytes (tools and tests).
    pub fn put_raw_snapshot(&self, channel: ChannelId, bytes: &[u8]) -> Result<(), StoreError> {
        let bytes = bytes.to_vec();
        self.with_client(move |client| async move {
            execute(
                &client,
                "UPDATE games SET snapshot = $2 WHERE channel = $1",
                &[&big(channel), &bytes],
            )
            .await?;
            Ok(())
        })
    }

    /// Runs `work` with a connection of the pool.
    fn with_client<T, F, Fut>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(deadpool_postgres::Client) -> Fut + Send + 'static,
        Fut: std::future::Future<Output = Result<T, StoreError>> + Send,
    {
        let pool = self.pool();
        self.run(async move {
            let client = pool.get().await.map_err(pool_error)?;
            work(client).await
        })
    }
}

impl Store for PgStore {
    fn load(&self, channel: ChannelId) -> Result<Loaded, StoreError> {
        let found = self.with_client(move |mut client| async move {
            // One snapshot of the database: never half a move.
            let tx = client
                .build_transaction()
                .isolation_level(IsolationLevel::RepeatableRead)
                .read_only(true)
                .start()
                .await
                .map_err(db)?;
            let Some(row) = query_opt(
                &tx,
                "SELECT meta, snapshot, game_id, version FROM games WHERE channel = $1",
                &[&big(channel)],
            )
            .await?
            else {
                return Ok(None);
            };
            let game: GameRow = (row.get("meta"), row.get("snapshot"));
            let game_id: i64 = row.get("game_id");
            let version: i64 = row.get("version");
            // The snapshot's version is read from its bytes; the entries from it on.
            let from = game
                .1
                .as_deref()
                .and_then(|s| codec::decode_snapshot(s, unbig(version)).ok())
                .map_or(version, |(at, _)| big(at));
            let log = query(
                &tx,
                "SELECT idx, entry FROM game_log WHERE game_id = $1 AND idx >= $2 AND idx < $3 \
                 ORDER BY idx",
                &[&game_id, &from, &version],
            )
            .await?
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect::<Vec<(i64, Vec<u8>)>>();
            tx.commit().await.map_err(db)?;
            Ok(Some((game, log)))
        })?;
        let Some((game, log)) = found else {
            return Ok(Loaded::Empty);
        };
        match record_of(channel, game, log)? {
            Ok(record) => Ok(Loaded::Found(record)),
            Err(reason) => {
                self.quarantine(channel, &reason)?;
                Ok(Loaded::Quarantined(reason))
            }
        }
    }

    fn commit(&self, commit: Commit<'_>) -> Result<Vec<u64>, StoreError> {
        let meta = commit.meta;
        let entry = match commit.entry {
            Some(e) => {
                let index = meta.version.checked_sub(1).ok_or_else(|| {
                    StoreError::Encode("a log entry needs meta.version >= 1".into())
                })?;
                Some((big(index), codec::encode_log(e)))
            }
            None => None,
        };
        let owned = OwnedCommit {
            channel: big(meta.channel),
            game_id: big(meta.game_id),
            version: big(meta.version),
            guild: big(meta.guild),
            finished: meta.status == Status::Finished,
            meta: codec::encode_meta(meta),
            snapshot: commit
                .snapshot
                .map(|s| codec::encode_snapshot(meta.version, s)),
            entry,
            outbox: commit.outbox.to_vec(),
            timers: commit.timers.to_vec(),
            seats: commit.seats.map(|left| {
                (
                    left.iter().map(|u| big(*u)).collect(),
                    meta.seats.iter().map(|s| big(s.user)).collect(),
                )
            }),
        };
        self.with_client(move |mut client| async move {
            let c = owned;
            let tx = client.transaction().await.map_err(db)?;
            // The game's row lock: moves of a channel are serialized, whichever
            // process makes them.
            let stored = query_opt(
                &tx,
                "SELECT game_id, version FROM games WHERE channel = $1 FOR UPDATE",
                &[&c.channel],
            )
            .await?;
            if let Some(row) = stored {
                let (game_id, version): (i64, i64) = (row.get(0), row.get(1));
                if game_id == c.game_id && version > c.version {
                    return Err(StoreError::Backend(format!(
                        "the stored game is at move {version}, after this change's {} \
                         (another writer?)",
                        c.version
                    )));
                }
            }
            if let Some((index, bytes)) = &c.entry {
                let inserted = execute(
                    &tx,
                    "INSERT INTO game_log (game_id, idx, entry) VALUES ($1, $2, $3) \
                     ON CONFLICT DO NOTHING",
                    &[&c.game_id, index, bytes],
                )
                .await?;
                if inserted == 0 {
                    return Err(StoreError::Backend(
                        "log entry already exists (concurrent writer?)".into(),
                    ));
                }
            }
            execute(
                &tx,
                "INSERT INTO games (channel, game_id, version, guild, meta, snapshot, finished) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (channel) DO UPDATE SET \
                 game_id = EXCLUDED.game_id, version = EXCLUDED.version, guild = EXCLUDED.guild, \
                 meta = EXCLUDED.meta, snapshot = COALESCE(EXCLUDED.snapshot, games.snapshot), \
                 finished = games.finished OR EXCLUDED.finished",
                &[
                    &c.channel,
                    &c.game_id,
                    &c.version,
                    &c.guild,
                    &c.meta,
                    &c.snapshot,
                    &c.finished,
                ],
            )
            .await?;
            let ids = insert_outbox(&tx, &c.outbox).await?;
            put_timers(&tx, c.channel, &c.timers).await?;
            if let Some((left, seated)) = &c.seats {
                execute(
                    &tx,
                    "DELETE FROM players WHERE channel = $1 AND user_id = ANY($2)",
                    &[&c.channel, left],
                )
                .await?;
                execute(
                    &tx,
                    "INSERT INTO players (user_id, channel, game_id) \
                     SELECT u, $1, $2 FROM UNNEST($3::BIGINT[]) AS u \
                     ON CONFLICT (user_id, channel) DO UPDATE SET game_id = EXCLUDED.game_id",
                    &[&c.channel, &c.game_id, seated],
                )
                .await?;
            }
            tx.commit().await.map_err(db)?;
            Ok(ids)
        })
    }

    fn log(&self, game_id: u64) -> Result<Vec<LogEntry>, StoreError> {
        let rows = self.with_client(move |client| async move {
            Ok(query(
                &client,
                "SELECT idx, entry FROM game_log WHERE game_id = $1 ORDER BY idx",
                &[&big(game_id)],
            )
            .await?
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect::<Vec<(i64, Vec<u8>)>>())
        })?;
        rows.into_iter()
            .map(|(index, bytes)| {
                codec::decode_log(&bytes).map_err(|e| {
                    StoreError::Backend(format!("entry {index} of game {game_id}: {e}"))
                })
            })
            .collect()
    }

    fn archive(&self, entry: &ArchiveEntry, standings: &[Standing]) -> Result<(), StoreError> {
        let meta = entry.meta.clone();
        let bytes = codec::encode_archive(entry);
        let standings = standings.to_vec();
        self.with_client(move |mut client| async move {
            let tx = client.transaction().await.map_err(db)?;
            let channel = big(meta.channel);
            execute(&tx, "DELETE FROM games WHERE channel = $1", &[&channel]).await?;
            // Archived once: a repeated archive never counts in the stats twice.
            let inserted = execute(
                &tx,
                "INSERT INTO archive (channel, game_id, guild, game, archived_at, entry) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                &[
                    &channel,
                    &big(meta.game_id),
                    &big(meta.guild),
                    &meta.game,
                    &big(now()),
                    &bytes,
                ],
            )
            .await?;
            if inserted == 1 {
                cancel_timers(&tx, channel).await?;
                forget_players(&tx, &meta).await?;
                for standing in &standings {
                    for game in standing.stat_keys(&meta.game) {
                        let game = game.unwrap_or_else(|| "*".to_string());
                        execute(
                            &tx,
                            "INSERT INTO stats (guild, game, user_id, name, played, won, \
                             score_sum, best, streak) VALUES ($1, $2, $3, $4, 1, $5, $6, $6, \
                             CASE WHEN $5 = 1 THEN 1 ELSE -1 END) \
                             ON CONFLICT (guild, game, user_id) DO UPDATE SET \
                             name = EXCLUDED.name, played = stats.played + 1, \
                             won = stats.won + EXCLUDED.won, \
                             score_sum = stats.score_sum + EXCLUDED.score_sum, \
                             best = GREATEST(stats.best, EXCLUDED.best), \
                             streak = CASE WHEN EXCLUDED.won = 1 \
                                 THEN GREATEST(stats.streak, 0) + 1 \
                                 ELSE LEAST(stats.streak, 0) - 1 END",
                            &[
                                &big(meta.guild),
                                &game,
                                &big(standing.user),
                                &standing.name,
                                &i32::from(standing.won),
                                &standing.score,
                            ],
                        )
                        .await?;
                    }
                }
            }
            tx.commit().await.map_err(db)
        })
    }

    fn archived(&self, channel: ChannelId) -> Result<Vec<ArchiveEntry>, StoreError> {
        let rows = self.with_client(move |client| async move {
            Ok(query(
                &client,
                "SELECT entry FROM archive WHERE channel = $1 ORDER BY game_id DESC",
                &[&big(channel)],
            )
            .await?
            .iter()
            .map(|r| r.get(0))
            .collect::<Vec<Vec<u8>>>())
        })?;
        // An unreadable archive entry is skipped rather than hiding the others.
        Ok(rows
            .iter()
            .filter_map(|b| codec::decode_archive(b).ok())
            .collect())
    }

    fn archived_ids(&self, channel: ChannelId) -> Result<Vec<u64>, StoreError> {
        self.with_client(move |client| async move {
            Ok(query(
                &client,
                "SELECT game_id FROM archive WHERE channel = $1 ORDER BY game_id DESC",
                &[&big(channel)],
            )
            .await?
            .iter()
            .map(|r| unbig(r.get(0)))
            .collect())
        })
    }

    fn archived_game(
        &self,
        channel: ChannelId,
        game_id: u64,
    ) -> Result<Option<ArchiveEntry>, StoreError> {
        let bytes: Option<Vec<u8>> = self.with_client(move |client| async move {
            Ok(query_opt(
                &client,
                "SELECT entry FROM archive WHERE channel = $1 AND game_id = $2",
                &[&big(channel), &big(game_id)],
            )
            .await?
            .map(|r| r.get(0)))
        })?;
        let Some(bytes) = bytes else { return Ok(None) };
        codec::decode_archive(&bytes).map(Some).map_err(|e| {
            StoreError::Backend(format!(
                "archived game {game_id} of channel {channel} is unreadable: {e}"
            ))
        })
    }

    fn discard_lobby(&self, meta: &Meta) -> Result<(), StoreError> {
        let meta = meta.clone();
        self.with_client(move |mut client| async move {
            let tx = client.transaction().await.map_err(db)?;
            let channel = big(meta.channel);
            execute(&tx, "DELETE FROM games WHERE channel = $1", &[&channel]).await?;
            cancel_timers(&tx, channel).await?;
            forget_players(&tx, &meta).await?;
            tx.commit().await.map_err(db)
        })
    }

    fn quarantine(&self, channel: ChannelId, reason: &str) -> Result<(), StoreError> {
        let reason = reason.to_string();
        self.with_client(move |mut client| async move {
            let tx = client.transaction().await.map_err(db)?;
            let channel = big(channel);
            let found = query_opt(
                &tx,
                "DELETE FROM games WHERE channel = $1 RETURNING meta, snapshot",
                &[&channel],
            )
            .await?;
            let (meta, snapshot): (Vec<u8>, Option<Vec<u8>>) = match &found {
                Some(row) => (row.get(0), row.get(1)),
                None => (Vec::new(), None),
            };
            execute(
                &tx,
                "INSERT INTO quarantine (channel, reason, at, meta_bytes, snapshot_bytes) \
                 VALUES ($1, $2, $3, $4, $5)",
                &[&channel, &reason, &big(now()), &meta, &snapshot],
            )
            .await?;
            tx.commit().await.map_err(db)
        })
    }

    fn quarantined(&self) -> Result<Vec<Quarantined>, StoreError> {
        self.with_client(move |client| async move {
            Ok(query(
                &client,
                "SELECT channel, reason, at, meta_bytes, snapshot_bytes FROM quarantine \
                 ORDER BY channel, id",
                &[],
            )
            .await?
            .iter()
            .map(|r| Quarantined {
                channel: unbig(r.get(0)),
                reason: r.get(1),
                at: unbig(r.get(2)),
                meta_bytes: r.get(3),
                snapshot_bytes: r.get(4),
            })
            .collect())
        })
    }

    fn next_game_id(&self) -> Result<u64, StoreError> {
        self.with_client(move |client| async move {
            let row = query_opt(&client, "SELECT nextval('capomaestro_ids')", &[]).await?;
            row.map(|r| unbig(r.get(0)))
                .ok_or_else(|| StoreError::Backend("no id from the sequence".into()))
        })
    }

    fn flush(&self) -> Result<(), StoreError> {
        // Every write was durable when it returned.
        Ok(())
    }

    fn enqueue(&self, rows: &[NewOutbox]) -> Result<Vec<u64>, StoreError> {
        let rows = rows.to_vec();
        self.with_client(move |mut client| async move {
            let tx = client.transaction().await.map_err(db)?;
            let ids = insert_outbox(&tx, &rows).await?;
            tx.commit().await.map_err(db)?;
            Ok(ids)
        })
    }

    fn due_outbox(&self, now_ms: u64, limit: usize) -> Result<Vec<OutboxRow>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with_client(move |client| async move {
            Ok(query(
                &client,
                &format!(
                    "SELECT {OUTBOX_COLUMNS} FROM outbox WHERE due_ms <= $1 \
                     ORDER BY due_ms, id LIMIT $2"
                ),
                &[&big(now_ms.min(i64::MAX as u64)), &limit],
            )
            .await?
            .iter()
            .map(outbox_of)
            .collect())
        })
    }

    fn channel_outbox(&self, channel: ChannelId) -> Result<Vec<OutboxRow>, StoreError> {
        self.with_client(move |client| async move {
            Ok(query(
                &client,
                &format!("SELECT {OUTBOX_COLUMNS} FROM outbox WHERE channel = $1 ORDER BY id"),
                &[&big(channel)],
            )
            .await?
            .iter()
            .map(outbox_of)
            .collect())
        })
    }

    fn outbox_row(&self, id: u64) -> Result<Option<OutboxRow>, StoreError> {
        self.with_client(move |client| async move {
            Ok(query_opt(
                &client,
                &format!("SELECT {OUTBOX_COLUMNS} FROM outbox WHERE id = $1"),
                &[&big(id)],
            )
            .await?
            .as_ref()
            .map(outbox_of))
        })
    }

    fn next_due(&self) -> Result<Option<u64>, StoreError> {
        self.with_client(move |client| async move {
            let row = query_opt(&client, "SELECT MIN(due_ms) FROM outbox", &[]).await?;
            Ok(row.and_then(|r| r.get::<_, Option<i64>>(0)).map(unbig))
        })
    }

    fn outbox_done(&self, id: u64) -> Result<(), StoreError> {
        self.with_client(move |client| async move {
            execute(&client, "DELETE FROM outbox WHERE id = $1", &[&big(id)]).await?;
            Ok(())
        })
    }

    fn outbox_retry(&self, id: u64, due_ms: u64, attempts: u32) -> Result<(), StoreError> {
        self.with_client(move |client| async move {
            execute(
                &client,
                "UPDATE outbox SET due_ms = $2, attempts = $3, lease_owner = NULL, \
                 lease_until_ms = 0 WHERE id = $1",
                &[
                    &big(id),
                    &big(due_ms),
                    &i32::try_from(attempts).unwrap_or(i32::MAX),
                ],
            )
            .await?;
            Ok(())
        })
    }

    fn put_note(&self, channel: ChannelId, name: &str, value: &[u8]) -> Result<(), StoreError> {
        let (name, value) = (name.to_string(), value.to_vec());
        self.with_client(move |client| async move {
            execute(
                &client,
                "INSERT INTO notes (channel, name, value) VALUES ($1, $2, $3) \
                 ON CONFLICT (channel, name) DO UPDATE SET value = EXCLUDED.value",
                &[&big(channel), &name, &value],
            )
            .await?;
            Ok(())
        })
    }

    fn note(&self, channel: ChannelId, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let name = name.to_string();
        self.with_client(move |client| async move {
            Ok(query_opt(
                &client,
                "SELECT value FROM notes WHERE channel = $1 AND name = $2",
                &[&big(channel), &name],
            )
            .await?
            .map(|r| r.get(0)))
        })
    }

    fn finished_unarchived(&self) -> Result<Vec<ChannelId>, StoreError> {
        self.with_client(move |client| async move {
            Ok(query(
                &client,
                "SELECT channel FROM games WHERE finished ORDER BY channel",
                &[],
            )
            .await?
            .iter()
            .map(|r| unbig(r.get(0)))
            .collect())
        })
    }

    fn set_timers(&self, channel: ChannelId, changes: &[TimerChange]) -> Result<(), StoreError> {
        let changes = changes.to_vec();
        self.with_client(move |mut client| async move {
            let tx = client.transaction().await.map_err(db)?;
            put_timers(&tx, big(channel), &changes).await?;
            tx.commit().await.map_err(db)
        })
    }

    fn timer(&self, channel: ChannelId, kind: TimerKind) -> Result<Option<Timer>, StoreError> {
        self.with_client(move |client| async move {
            query_opt(
                &client,
                &format!("SELECT {TIMER_COLUMNS} FROM timers WHERE channel = $1 AND kind = $2"),
                &[&big(channel), &(kind as i16)],
            )
            .await?
            .as_ref()
            .map(|r| timer_of(r).map(|(_, t)| t))
            .transpose()
        })
    }

    fn due_timers(&self, now_ms: u64, limit: usize) -> Result<Vec<(ChannelId, Timer)>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with_client(move |client| async move {
            query(
                &client,
                &format!(
                    "SELECT {TIMER_COLUMNS} FROM timers WHERE due_ms <= $1 \
                     ORDER BY due_ms, channel, kind LIMIT $2"
                ),
                &[&big(now_ms.min(i64::MAX as u64)), &limit],
            )
            .await?
            .iter()
            .map(timer_of)
            .collect()
        })
    }

    fn next_timer_due(&self) -> Result<Option<u64>, StoreError> {
        self.with_client(move |client| async move {
            let row = query_opt(&client, "SELECT MIN(due_ms) FROM timers", &[]).await?;
            Ok(row.and_then(|r| r.get::<_, Option<i64>>(0)).map(unbig))
        })
    }

    fn user_channels(&self, user: UserId) -> Result<Vec<(ChannelId, u64)>, StoreError> {
        self.with_client(move |client| async move {
            Ok(query(
                &client,
                "SELECT channel, game_id FROM players WHERE user_id = $1 ORDER BY channel",
                &[&big(user)],
            )
            .await?
            .iter()
            .map(|r| (unbig(r.get(0)), unbig(r.get(1))))
            .collect())
        })
    }

    fn player_stats(
        &self,
        guild: u64,
        game: Option<&str>,
        user: UserId,
    ) -> Result<Option<PlayerStats>, StoreError> {
        let game = game.unwrap_or("*").to_string();
        self.with_client(move |client| async move {
            Ok(query_opt(
                &client,
                &format!(
                    "SELECT {STATS_COLUMNS} FROM stats \
                     WHERE guild = $1 AND game = $2 AND user_id = $3"
                ),
                &[&big(guild), &game, &big(user)],
            )
            .await?
            .as_ref()
            .map(stats_of))
        })
    }

    fn server_stats(
        &self,
        guild: u64,
        game: Option<&str>,
    ) -> Result<Vec<(UserId, PlayerStats)>, StoreError> {
        let game = game.unwrap_or("*").to_string();
        // The leaderboard: one indexed query (the primary key's prefix).
        self.with_client(move |client| async move {
            Ok(query(
                &client,
                &format!(
                    "SELECT {STATS_COLUMNS} FROM stats WHERE guild = $1 AND game = $2 \
                     ORDER BY user_id"
                ),
                &[&big(guild), &game],
            )
            .await?
            .iter()
            .map(|r| (unbig(r.get("user_id")), stats_of(r)))
            .collect())
        })
    }
}
