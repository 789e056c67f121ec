//! `impl Store for PgStore`: each method one task on the store's runtime, each write
//! one transaction (a move's: one statement, see [`super::commit`]).

use super::commit::{OutboxArrays, TimerArrays, ADD_OUTBOX_SQL, SET_TIMERS_SQL};
use super::sql::{
    earlier_held_elsewhere, execute, outbox_of, query, query_opt, stats_of, timer_of,
    OUTBOX_COLUMNS, OUTBOX_RETURNING, STATS_COLUMNS, TIMER_COLUMNS, TIMER_RETURNING,
};
use super::{big, db, pool_error, ratings, unbig, PgStore};
use crate::ratings::{Archived, Rated, RatedGame, RatingEntry, RatingRow};
use crate::{codec, record};
use crate::{
    now, ArchiveEntry, ChannelId, Commit, Loaded, LogEntry, Meta, NewOutbox, OutboxRow,
    PlayerStats, Quarantined, Standing, Store, StoreError, Timer, TimerChange, TimerKind, UserId,
};
use deadpool_postgres::GenericClient;
use tokio_postgres::types::ToSql;
use tokio_postgres::IsolationLevel;

/// A claim's fence (owner `$2`, incarnation `$5`): made only by the newest incarnation of
/// an instance name (always, without one).
const CURRENT_INCARNATION: &str = "($5::BIGINT IS NULL OR EXISTS (SELECT 1 FROM instances \
     WHERE name = $2 AND incarnation = $5))";

/// After a claim that took nothing: the error saying so if a newer process started under
/// this store's instance name (it fenced this one off).
async fn superseded<C: GenericClient>(
    c: &C,
    owner: &str,
    incarnation: Option<i64>,
) -> Result<(), StoreError> {
    let Some(ours) = incarnation else {
        return Ok(());
    };
    let newest: Option<i64> = query_opt(
        c,
        "SELECT incarnation FROM instances WHERE name = $1",
        &[&owner],
    )
    .await?
    .map(|r| r.get(0));
    match newest {
        Some(newest) if newest != ours => Err(StoreError::Backend(format!(
            "another process started as instance {owner:?} (its start {newest}, this \
             one's {ours}): this one claims no more work; give each process its own \
             [storage] instance name"
        ))),
        _ => Ok(()),
    }
}

/// How often a fenced-off store says so: its claims take nothing in between.
const FENCE_TOLD_EVERY_MS: u64 = 60_000;

/// [`superseded`]'s error at most once per [`FENCE_TOLD_EVERY_MS`] (`told`: when it was
/// last said), so a fenced-off process polling its work does not log at every poll.
async fn superseded_now_and_then<C: GenericClient>(
    c: &C,
    owner: &str,
    incarnation: Option<i64>,
    told: &std::sync::atomic::AtomicU64,
    now_ms: u64,
) -> Result<(), StoreError> {
    use std::sync::atomic::Ordering;
    let Err(e) = superseded(c, owner, incarnation).await else {
        return Ok(());
    };
    let last = told.load(Ordering::Relaxed);
    if last != 0 && now_ms.saturating_sub(last) < FENCE_TOLD_EVERY_MS {
        return Ok(());
    }
    told.store(now_ms.max(1), Ordering::Relaxed);
    Err(e)
}

/// A game's row as read for a load: metadata bytes, snapshot bytes.
type GameRow = (Vec<u8>, Option<Vec<u8>>);

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

    /// A claim made at `now_ms`: (now, lease end, owner, incarnation) as the database
    /// stores them.
    fn lease(&self, now_ms: u64) -> (i64, i64, String, Option<i64>) {
        let now = now_ms.min(i64::MAX as u64);
        let until = now.saturating_add(self.lease_ms()).min(i64::MAX as u64);
        (
            big(now),
            big(until),
            self.owner().to_string(),
            self.incarnation().map(big),
        )
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
        let (meta_bytes, snapshot) = game;
        let record = record::record_of(channel, &meta_bytes, |meta| {
            record::stored_state(meta, snapshot.as_deref(), |_| {
                Ok(log
                    .into_iter()
                    .map(|(index, bytes)| Ok((unbig(index), bytes))))
            })
        })?;
        match record {
            Ok(record) => Ok(Loaded::Found(record)),
            Err(reason) => {
                self.quarantine(channel, &reason)?;
                Ok(Loaded::Quarantined(reason))
            }
        }
    }

    fn commit(&self, commit: Commit<'_>) -> Result<Vec<u64>, StoreError> {
        self.commit_over(None, commit).map(|(ids, _)| ids)
    }

    fn stamp(&self, channel: ChannelId) -> Result<Option<u64>, StoreError> {
        let stamp = self.with_client(move |client| async move {
            Ok(query_opt(
                &client,
                "SELECT xmin::text::bigint FROM games WHERE channel = $1",
                &[&big(channel)],
            )
            .await?
            .map_or(0, |row| row.get::<_, i64>(0)))
        })?;
        Ok(Some(unbig(stamp)))
    }

    fn commit_at(&self, base: u64, commit: Commit<'_>) -> Result<(Vec<u64>, u64), StoreError> {
        self.commit_over(Some(base), commit)
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

    fn archive_rated(
        &self,
        entry: &ArchiveEntry,
        standings: &[Standing],
        rated: Option<Rated>,
    ) -> Result<Archived, StoreError> {
        let meta = entry.meta.clone();
        let bytes = codec::encode_archive(entry);
        let standings = standings.to_vec();
        self.with_client(move |mut client| async move {
            let tx = client.transaction().await.map_err(db)?;
            if rated.is_some() {
                // First: rated games rate in one order across processes, no deadlock.
                ratings::lock(&tx).await?;
            }
            let mut archived = Archived::default();
            let channel = big(meta.channel);
            // Only this game's row: a process that archives late never removes the next.
            execute(
                &tx,
                "DELETE FROM games WHERE channel = $1 AND game_id = $2",
                &[&channel, &big(meta.game_id)],
            )
            .await?;
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
                    // When the game ended (its last move), what retention counts from.
                    &big(meta.updated),
                    &bytes,
                ],
            )
            .await?;
            if inserted == 1 {
                cancel_timers(&tx, channel).await?;
                forget_players(&tx, &meta).await?;
                // In one fixed order (by user id): no deadlock with another archive.
                for (_, game, standing) in crate::stats_updates(&standings, &meta.game) {
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
                if let Some(rated) = rated {
                    archived = ratings::rate_in(&tx, rated).await?;
                }
            }
            tx.commit().await.map_err(db)?;
            Ok(archived)
        })
    }

    fn rating(
        &self,
        ladder: &str,
        title: &str,
        user: UserId,
    ) -> Result<Option<RatingRow>, StoreError> {
        let (ladder, title) = (ladder.to_string(), title.to_string());
        self.with_client(move |client| async move {
            Ok(query_opt(
                &client,
                &format!(
                    "SELECT {} FROM ratings WHERE ladder = $1 AND title = $2 AND user_id = $3",
                    ratings::RATING_COLUMNS
                ),
                &[&ladder, &title, &big(user)],
            )
            .await?
            .map(|r| ratings::row_of(&r, 0)))
        })
    }

    fn ladder(&self, ladder: &str, title: &str) -> Result<Vec<(UserId, RatingRow)>, StoreError> {
        let (ladder, title) = (ladder.to_string(), title.to_string());
        self.with_client(move |client| async move {
            Ok(query(
                &client,
                &format!(
                    "SELECT user_id, {} FROM ratings WHERE ladder = $1 AND title = $2",
                    ratings::RATING_COLUMNS
                ),
                &[&ladder, &title],
            )
            .await?
            .iter()
            .map(|r| (unbig(r.get(0)), ratings::row_of(r, 1)))
            .collect())
        })
    }

    fn rated_games(&self) -> Result<Vec<RatedGame>, StoreError> {
        self.with_client(move |client| async move { ratings::rated_games(&client).await })
    }

    fn replace_ratings(&self, rows: &[RatingEntry]) -> Result<(), StoreError> {
        let rows = rows.to_vec();
        self.with_client(move |mut client| async move { ratings::replace(&mut client, rows).await })
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

    fn forget_archived(&self, before_s: u64, limit: usize) -> Result<usize, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with_client(move |mut client| async move {
            let tx = client.transaction().await.map_err(db)?;
            let gone: Vec<i64> = query(
                &tx,
                "DELETE FROM archive WHERE (channel, game_id) IN \
                 (SELECT channel, game_id FROM archive WHERE archived_at < $1 LIMIT $2) \
                 RETURNING game_id",
                &[&big(before_s), &limit],
            )
            .await?
            .iter()
            .map(|r| r.get(0))
            .collect();
            execute(
                &tx,
                "DELETE FROM game_log WHERE game_id = ANY($1)",
                &[&gone],
            )
            .await?;
            tx.commit().await.map_err(db)?;
            Ok(gone.len())
        })
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
        let o = OutboxArrays::of(rows);
        self.with_client(move |client| async move {
            let ids: Vec<i64> = query(&client, ADD_OUTBOX_SQL, &o.params())
                .await?
                .first()
                .map_or_else(Vec::new, |row| row.get(0));
            Ok(ids.into_iter().map(unbig).collect())
        })
    }

    fn due_outbox(&self, now_ms: u64, limit: usize) -> Result<Vec<OutboxRow>, StoreError> {
        // A channel's messages go out in order: a row waits while an earlier one of its
        // channel is held by another process (sent, or its lease running out after a crash).
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let (now, until, owner, incarnation) = self.lease(now_ms);
        let told = self.fence_told_ms.clone();
        self.with_client(move |client| async move {
            // Rows locked by another process's claim right now are skipped, not waited
            // for; rows it holds are left until their lease ends.
            let mut rows: Vec<OutboxRow> = query(
                &client,
                &format!(
                    "WITH picked AS (SELECT id FROM outbox r WHERE due_ms <= $1 \
                     AND (lease_owner IS NULL OR lease_owner = $2 OR lease_until_ms <= $1) \
                     AND NOT EXISTS ({}) AND {CURRENT_INCARNATION} \
                     ORDER BY due_ms, id LIMIT $3 FOR UPDATE SKIP LOCKED) \
                     UPDATE outbox o SET lease_owner = $2, lease_until_ms = $4 \
                     FROM picked WHERE o.id = picked.id RETURNING {OUTBOX_RETURNING}",
                    earlier_held_elsewhere("r", "$1")
                ),
                &[&now, &owner, &limit, &until, &incarnation],
            )
            .await?
            .iter()
            .map(outbox_of)
            .collect();
            if rows.is_empty() {
                superseded_now_and_then(&client, &owner, incarnation, &told, now_ms).await?;
            }
            rows.sort_by_key(|r| (r.due_ms, r.id));
            Ok(rows)
        })
    }

    fn claim_outbox(&self, id: u64, now_ms: u64) -> Result<Option<OutboxRow>, StoreError> {
        let (now, until, owner, incarnation) = self.lease(now_ms);
        let told = self.fence_told_ms.clone();
        self.with_client(move |client| async move {
            let row = query_opt(
                &client,
                &format!(
                    "UPDATE outbox o SET lease_owner = $2, lease_until_ms = $3 WHERE id = $1 \
                     AND (lease_owner IS NULL OR lease_owner = $2 OR lease_until_ms <= $4) \
                     AND NOT EXISTS ({}) AND {CURRENT_INCARNATION} \
                     RETURNING {OUTBOX_RETURNING}",
                    earlier_held_elsewhere("o", "$4")
                ),
                &[&big(id), &owner, &until, &now, &incarnation],
            )
            .await?;
            if row.is_none() {
                superseded_now_and_then(&client, &owner, incarnation, &told, now_ms).await?;
            }
            Ok(row.as_ref().map(outbox_of))
        })
    }

    fn exclusively(&self, name: &str, work: &mut dyn FnMut()) -> Result<bool, StoreError> {
        let key = super::work_lock_key(name);
        let config = self.config.clone();
        let tls = self.tls.clone();
        // A connection of its own, outside the pool: the lock is its session's, and the
        // work may use every pooled connection meanwhile. Should this process die, the
        // server ends the session and the lock with it.
        let held = self.run(async move {
            let (client, connection) = config.connect(tls).await.map_err(db)?;
            tokio::spawn(connection);
            let row = client
                .query_one("SELECT pg_try_advisory_lock($1)", &[&key])
                .await
                .map_err(db)?;
            Ok(row.get::<_, bool>(0).then_some(client))
        })?;
        let Some(client) = held else {
            return Ok(false);
        };
        work();
        self.run(async move {
            client
                .execute("SELECT pg_advisory_unlock($1)", &[&key])
                .await
                .map_err(db)?;
            Ok(())
        })?;
        Ok(true)
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
        let owner = self.owner().to_string();
        self.with_client(move |client| async move {
            // Ours or free: by due time (the due index); held by others: when the lease
            // ends (a partial index of the held rows, few).
            let row = query_opt(
                &client,
                "SELECT LEAST((SELECT due_ms FROM outbox \
                     WHERE lease_owner IS NULL OR lease_owner = $1 ORDER BY due_ms, id LIMIT 1), \
                 (SELECT MIN(GREATEST(due_ms, lease_until_ms)) FROM outbox \
                     WHERE lease_owner IS NOT NULL AND lease_owner <> $1))",
                &[&owner],
            )
            .await?;
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
        let t = TimerArrays::of(changes);
        self.with_client(move |client| async move {
            let channel = big(channel);
            let mut params: Vec<&(dyn ToSql + Sync)> = vec![&channel];
            params.extend(t.params());
            query(&client, SET_TIMERS_SQL, &params).await?;
            Ok(())
        })
    }

    fn replace_timer(
        &self,
        channel: ChannelId,
        fired: &Timer,
        with: Option<Timer>,
    ) -> Result<bool, StoreError> {
        let fired = *fired;
        self.with_client(move |client| async move {
            // One statement: the check and the change under the timer row's lock.
            let (channel, kind) = (big(channel), fired.kind as i16);
            let (game, version, due) = (big(fired.game_id), big(fired.version), big(fired.due_ms));
            let changed = match with {
                Some(t) => {
                    let count = i32::try_from(t.count).unwrap_or(i32::MAX);
                    execute(
                        &client,
                        "UPDATE timers SET due_ms = $6, game_id = $7, version = $8, \
                         count = $9, held_up = $10, lease_owner = NULL, lease_until_ms = 0 \
                         WHERE channel = $1 AND kind = $2 AND game_id = $3 AND version = $4 \
                         AND due_ms = $5",
                        &[
                            &channel,
                            &kind,
                            &game,
                            &version,
                            &due,
                            &big(t.due_ms),
                            &big(t.game_id),
                            &big(t.version),
                            &count,
                            &t.held_up,
                        ],
                    )
                    .await?
                }
                None => {
                    execute(
                        &client,
                        "DELETE FROM timers WHERE channel = $1 AND kind = $2 AND game_id = $3 \
                         AND version = $4 AND due_ms = $5",
                        &[&channel, &kind, &game, &version, &due],
                    )
                    .await?
                }
            };
            Ok(changed == 1)
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
        let (now, until, owner, incarnation) = self.lease(now_ms);
        let told = self.fence_told_ms.clone();
        self.with_client(move |client| async move {
            let mut due = query(
                &client,
                &format!(
                    "WITH picked AS (SELECT channel, kind FROM timers WHERE due_ms <= $1 \
                     AND (lease_owner IS NULL OR lease_owner = $2 OR lease_until_ms <= $1) \
                     AND {CURRENT_INCARNATION} \
                     ORDER BY due_ms, channel, kind LIMIT $3 FOR UPDATE SKIP LOCKED) \
                     UPDATE timers t SET lease_owner = $2, lease_until_ms = $4 FROM picked \
                     WHERE t.channel = picked.channel AND t.kind = picked.kind \
                     RETURNING {TIMER_RETURNING}"
                ),
                &[&now, &owner, &limit, &until, &incarnation],
            )
            .await?
            .iter()
            .map(timer_of)
            .collect::<Result<Vec<_>, _>>()?;
            if due.is_empty() {
                superseded_now_and_then(&client, &owner, incarnation, &told, now_ms).await?;
            }
            due.sort_by_key(|(channel, t)| (t.due_ms, *channel, t.kind));
            Ok(due)
        })
    }

    fn next_timer_due(&self) -> Result<Option<u64>, StoreError> {
        let owner = self.owner().to_string();
        self.with_client(move |client| async move {
            let row = query_opt(
                &client,
                "SELECT LEAST((SELECT due_ms FROM timers \
                     WHERE lease_owner IS NULL OR lease_owner = $1 \
                     ORDER BY due_ms, channel, kind LIMIT 1), \
                 (SELECT MIN(GREATEST(due_ms, lease_until_ms)) FROM timers \
                     WHERE lease_owner IS NOT NULL AND lease_owner <> $1))",
                &[&owner],
            )
            .await?;
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
