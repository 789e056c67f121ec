//! [`Copyable`] for the PostgreSQL store: the export reads every table through cursors
//! in one repeatable-read transaction (a consistent picture, batch by batch); the import
//! writes a batch of items in one transaction, one `INSERT ... SELECT FROM UNNEST` per
//! table.

use super::sql::{outbox_of, stats_of, timer_of};
use super::{big, db, pool_error, unbig, PgStore};
use crate::codec;
use crate::copy::{Copyable, Item, COPY_BATCH};
use crate::{now, Quarantined, StoreError};
use tokio_postgres::{IsolationLevel, Row};

/// One table's export: its query (in key order) and how a row becomes an item.
struct Reader {
    sql: &'static str,
    item: fn(&Row) -> Result<Item, StoreError>,
}

const READERS: &[Reader] = &[
    Reader {
        sql: "SELECT channel, meta, snapshot, finished FROM games ORDER BY channel",
        item: |r| {
            Ok(Item::Game {
                channel: unbig(r.get(0)),
                meta: r.get(1),
                snapshot: r.get(2),
                finished: r.get(3),
            })
        },
    },
    Reader {
        sql: "SELECT game_id, idx, entry FROM game_log ORDER BY game_id, idx",
        item: |r| {
            Ok(Item::Log {
                game_id: unbig(r.get(0)),
                index: unbig(r.get(1)),
                entry: r.get(2),
            })
        },
    },
    Reader {
        sql: "SELECT channel, game_id, entry FROM archive ORDER BY channel, game_id",
        item: |r| {
            Ok(Item::Archive {
                channel: unbig(r.get(0)),
                game_id: unbig(r.get(1)),
                entry: r.get(2),
            })
        },
    },
    Reader {
        sql: "SELECT channel, reason, at, meta_bytes, snapshot_bytes FROM quarantine ORDER BY id",
        item: |r| {
            Ok(Item::Quarantine(Quarantined {
                channel: unbig(r.get(0)),
                reason: r.get(1),
                at: unbig(r.get(2)),
                meta_bytes: r.get(3),
                snapshot_bytes: r.get(4),
            }))
        },
    },
    Reader {
        sql: "SELECT id, channel, due_ms, attempts, payload FROM outbox ORDER BY id",
        item: |r| Ok(Item::Outbox(outbox_of(r))),
    },
    Reader {
        sql: "SELECT channel, kind, due_ms, game_id, version, count, held_up FROM timers \
              ORDER BY channel, kind",
        item: |r| timer_of(r).map(|(channel, timer)| Item::Timer(channel, timer)),
    },
    Reader {
        sql: "SELECT channel, name, value FROM notes ORDER BY channel, name",
        item: |r| {
            Ok(Item::Note {
                channel: unbig(r.get(0)),
                name: r.get(1),
                value: r.get(2),
            })
        },
    },
    Reader {
        sql: "SELECT user_id, channel, game_id FROM players ORDER BY user_id, channel",
        item: |r| {
            Ok(Item::Player {
                user: unbig(r.get(0)),
                channel: unbig(r.get(1)),
                game_id: unbig(r.get(2)),
            })
        },
    },
    Reader {
        sql: "SELECT ladder, title, user_id, mu, sigma, games, last_change, updated, name \
              FROM ratings ORDER BY ladder, title, user_id",
        item: |r| {
            Ok(Item::Rating(crate::RatingEntry {
                ladder: r.get(0),
                title: r.get(1),
                user: unbig(r.get(2)),
                row: super::ratings::row_of(r, 3),
            }))
        },
    },
    Reader {
        sql: "SELECT result FROM rated_games ORDER BY seq",
        item: |r| super::ratings::rated_of(r).map(Item::Rated),
    },
    Reader {
        sql: "SELECT guild, game, user_id, name, played, won, score_sum, best, streak \
              FROM stats ORDER BY guild, game, user_id",
        item: |r| {
            let game: String = r.get("game");
            Ok(Item::Stats {
                guild: unbig(r.get("guild")),
                game: (game != "*").then_some(game),
                user: unbig(r.get("user_id")),
                stats: stats_of(r),
            })
        },
    },
];

/// Columns of one batch, per table, ready for `UNNEST`.
// One tuple of column vectors per table, in the order its INSERT names them: a named
// type per table would only repeat the SQL.
#[allow(clippy::type_complexity)]
#[derive(Default)]
struct Columns<'a> {
    games: (Vec<i64>, Vec<i64>, Vec<i64>, Vec<i64>),
    games_bytes: (Vec<&'a [u8]>, Vec<Option<&'a [u8]>>, Vec<bool>),
    log: (Vec<i64>, Vec<i64>, Vec<&'a [u8]>),
    archive: (
        Vec<i64>,
        Vec<i64>,
        Vec<i64>,
        Vec<String>,
        Vec<&'a [u8]>,
        Vec<i64>,
    ),
    quarantine: (Vec<i64>, Vec<&'a str>, Vec<i64>, Vec<&'a [u8]>),
    quarantine_snapshots: Vec<Option<&'a [u8]>>,
    outbox: (Vec<i64>, Vec<i64>, Vec<i64>, Vec<i32>, Vec<&'a [u8]>),
    timers: (
        Vec<i64>,
        Vec<i16>,
        Vec<i64>,
        Vec<i64>,
        Vec<i64>,
        Vec<i32>,
        Vec<bool>,
    ),
    notes: (Vec<i64>, Vec<&'a str>, Vec<&'a [u8]>),
    players: (Vec<i64>, Vec<i64>, Vec<i64>),
    stats: (Vec<i64>, Vec<&'a str>, Vec<i64>, Vec<&'a str>),
    stats_numbers: (Vec<i32>, Vec<i32>, Vec<i64>, Vec<i64>, Vec<i32>),
    ids_up_to: Option<i64>,
    ratings: Vec<&'a crate::RatingEntry>,
    rated: Vec<&'a crate::RatedGame>,
}

impl<'a> Columns<'a> {
    fn of(items: &'a [Item]) -> Columns<'a> {
        let mut c = Columns::default();
        for item in items {
            match item {
                Item::Game {
                    channel,
                    meta,
                    snapshot,
                    finished,
                } => {
                    // The columns copied out of the metadata (zeros for one that cannot
                    // be read: its load quarantines it, as the source's would).
                    let (game_id, version, guild) = codec::decode_meta(meta)
                        .map(|m| (m.game_id, m.version, m.guild))
                        .unwrap_or_default();
                    c.games.0.push(big(*channel));
                    c.games.1.push(big(game_id));
                    c.games.2.push(big(version));
                    c.games.3.push(big(guild));
                    c.games_bytes.0.push(meta);
                    c.games_bytes.1.push(snapshot.as_deref());
                    c.games_bytes.2.push(*finished);
                }
                Item::Log {
                    game_id,
                    index,
                    entry,
                } => {
                    c.log.0.push(big(*game_id));
                    c.log.1.push(big(*index));
                    c.log.2.push(entry);
                }
                Item::Archive {
                    channel,
                    game_id,
                    entry,
                } => {
                    // When the game ended (its last move): what retention counts from.
                    let (guild, game, ended) = codec::decode_archive(entry)
                        .map(|a| (a.meta.guild, a.meta.game, a.meta.updated))
                        .unwrap_or_else(|_| (0, String::new(), now()));
                    c.archive.0.push(big(*channel));
                    c.archive.1.push(big(*game_id));
                    c.archive.2.push(big(guild));
                    c.archive.3.push(game);
                    c.archive.4.push(entry);
                    c.archive.5.push(big(ended));
                }
                Item::Quarantine(q) => {
                    c.quarantine.0.push(big(q.channel));
                    c.quarantine.1.push(&q.reason);
                    c.quarantine.2.push(big(q.at));
                    c.quarantine.3.push(&q.meta_bytes);
                    c.quarantine_snapshots.push(q.snapshot_bytes.as_deref());
                }
                Item::Outbox(row) => {
                    c.outbox.0.push(big(row.id));
                    c.outbox.1.push(big(row.channel));
                    c.outbox.2.push(big(row.due_ms));
                    c.outbox
                        .3
                        .push(i32::try_from(row.attempts).unwrap_or(i32::MAX));
                    c.outbox.4.push(&row.payload);
                }
                Item::Timer(channel, t) => {
                    c.timers.0.push(big(*channel));
                    c.timers.1.push(t.kind as i16);
                    c.timers.2.push(big(t.due_ms));
                    c.timers.3.push(big(t.game_id));
                    c.timers.4.push(big(t.version));
                    c.timers.5.push(i32::try_from(t.count).unwrap_or(i32::MAX));
                    c.timers.6.push(t.held_up);
                }
                Item::Note {
                    channel,
                    name,
                    value,
                } => {
                    c.notes.0.push(big(*channel));
                    c.notes.1.push(name);
                    c.notes.2.push(value);
                }
                Item::Player {
                    user,
                    channel,
                    game_id,
                } => {
                    c.players.0.push(big(*user));
                    c.players.1.push(big(*channel));
                    c.players.2.push(big(*game_id));
                }
                Item::Stats {
                    guild,
                    game,
                    user,
                    stats,
                } => {
                    c.stats.0.push(big(*guild));
                    c.stats.1.push(game.as_deref().unwrap_or("*"));
                    c.stats.2.push(big(*user));
                    c.stats.3.push(&stats.name);
                    c.stats_numbers
                        .0
                        .push(i32::try_from(stats.played).unwrap_or(i32::MAX));
                    c.stats_numbers
                        .1
                        .push(i32::try_from(stats.won).unwrap_or(i32::MAX));
                    c.stats_numbers.2.push(stats.score_sum);
                    c.stats_numbers.3.push(stats.best);
                    c.stats_numbers.4.push(stats.streak);
                }
                Item::IdsUpTo(n) => {
                    c.ids_up_to = Some(big((*n).min(i64::MAX as u64)));
                }
                Item::Rating(r) => c.ratings.push(r),
                Item::Rated(g) => c.rated.push(g),
            }
        }
        c
    }
}

/// The tables a store with anything in it has a row in.
const TABLES: [&str; 11] = [
    "games",
    "game_log",
    "archive",
    "quarantine",
    "outbox",
    "timers",
    "notes",
    "players",
    "stats",
    "ratings",
    "rated_games",
];

impl Copyable for PgStore {
    fn is_empty_store(&self) -> Result<bool, StoreError> {
        let sql = TABLES
            .iter()
            .map(|t| format!("EXISTS (SELECT 1 FROM {t})"))
            .collect::<Vec<_>>()
            .join(" OR ");
        let pool = self.pool();
        self.run(async move {
            let client = pool.get().await.map_err(pool_error)?;
            let row = client
                .query_one(&format!("SELECT NOT ({sql})"), &[])
                .await
                .map_err(db)?;
            Ok(row.get(0))
        })
    }

    fn export_items(
        &self,
        sink: &mut dyn FnMut(Vec<Item>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let runtime = self
            .runtime
            .as_ref()
            .ok_or_else(|| StoreError::Backend("the database store is closed".into()))?;
        let pool = self.pool();
        let (tx, mut rx) = tokio::sync::mpsc::channel::<Result<Vec<Item>, StoreError>>(2);
        runtime.spawn(async move {
            let read = async {
                let mut client = pool.get().await.map_err(pool_error)?;
                let t = client
                    .build_transaction()
                    .isolation_level(IsolationLevel::RepeatableRead)
                    .read_only(true)
                    .start()
                    .await
                    .map_err(db)?;
                for reader in READERS {
                    let portal = t.bind(reader.sql, &[]).await.map_err(db)?;
                    loop {
                        let rows = t
                            .query_portal(&portal, COPY_BATCH as i32)
                            .await
                            .map_err(db)?;
                        if rows.is_empty() {
                            break;
                        }
                        let items = rows
                            .iter()
                            .map(reader.item)
                            .collect::<Result<Vec<_>, _>>()?;
                        if tx.send(Ok(items)).await.is_err() {
                            return Ok(());
                        }
                    }
                }
                // Every id handed out so far is at most the sequence's last value.
                let last: i64 = t
                    .query_one("SELECT last_value FROM capomaestro_ids", &[])
                    .await
                    .map_err(db)?
                    .get(0);
                let _ = tx.send(Ok(vec![Item::IdsUpTo(unbig(last))])).await;
                t.commit().await.map_err(db)
            };
            if let Err(e) = read.await {
                let _ = tx.send(Err(e)).await;
            }
        });
        while let Some(batch) = rx.blocking_recv() {
            sink(batch?)?;
        }
        Ok(())
    }

    fn import_items(&self, items: &[Item]) -> Result<(), StoreError> {
        let items = items.to_vec();
        let pool = self.pool();
        self.run(async move {
            let c = Columns::of(&items);
            let mut client = pool.get().await.map_err(pool_error)?;
            let t = client.transaction().await.map_err(db)?;
            if !c.games.0.is_empty() {
                t.execute(
                    "INSERT INTO games (channel, game_id, version, guild, meta, snapshot, finished) \
                     SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::BIGINT[], $4::BIGINT[], \
                     $5::BYTEA[], $6::BYTEA[], $7::BOOLEAN[])",
                    &[
                        &c.games.0,
                        &c.games.1,
                        &c.games.2,
                        &c.games.3,
                        &c.games_bytes.0,
                        &c.games_bytes.1,
                        &c.games_bytes.2,
                    ],
                )
                .await
                .map_err(db)?;
            }
            if !c.log.0.is_empty() {
                t.execute(
                    "INSERT INTO game_log (game_id, idx, entry) \
                     SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::BYTEA[])",
                    &[&c.log.0, &c.log.1, &c.log.2],
                )
                .await
                .map_err(db)?;
            }
            if !c.archive.0.is_empty() {
                t.execute(
                    "INSERT INTO archive (channel, game_id, guild, game, archived_at, entry) \
                     SELECT a, b, c, d, f, e FROM UNNEST($1::BIGINT[], $2::BIGINT[], \
                     $3::BIGINT[], $4::TEXT[], $5::BIGINT[], $6::BYTEA[]) AS u(a, b, c, d, f, e)",
                    &[
                        &c.archive.0,
                        &c.archive.1,
                        &c.archive.2,
                        &c.archive.3,
                        &c.archive.5,
                        &c.archive.4,
                    ],
                )
                .await
                .map_err(db)?;
            }
            if !c.quarantine.0.is_empty() {
                t.execute(
                    "INSERT INTO quarantine (channel, reason, at, meta_bytes, snapshot_bytes) \
                     SELECT * FROM UNNEST($1::BIGINT[], $2::TEXT[], $3::BIGINT[], $4::BYTEA[], \
                     $5::BYTEA[])",
                    &[
                        &c.quarantine.0,
                        &c.quarantine.1,
                        &c.quarantine.2,
                        &c.quarantine.3,
                        &c.quarantine_snapshots,
                    ],
                )
                .await
                .map_err(db)?;
            }
            if !c.outbox.0.is_empty() {
                t.execute(
                    "INSERT INTO outbox (id, channel, due_ms, attempts, payload) \
                     SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::BIGINT[], \
                     $4::INTEGER[], $5::BYTEA[])",
                    &[&c.outbox.0, &c.outbox.1, &c.outbox.2, &c.outbox.3, &c.outbox.4],
                )
                .await
                .map_err(db)?;
            }
            if !c.timers.0.is_empty() {
                t.execute(
                    "INSERT INTO timers (channel, kind, due_ms, game_id, version, count, held_up) \
                     SELECT * FROM UNNEST($1::BIGINT[], $2::SMALLINT[], $3::BIGINT[], \
                     $4::BIGINT[], $5::BIGINT[], $6::INTEGER[], $7::BOOLEAN[])",
                    &[
                        &c.timers.0,
                        &c.timers.1,
                        &c.timers.2,
                        &c.timers.3,
                        &c.timers.4,
                        &c.timers.5,
                        &c.timers.6,
                    ],
                )
                .await
                .map_err(db)?;
            }
            if !c.notes.0.is_empty() {
                t.execute(
                    "INSERT INTO notes (channel, name, value) \
                     SELECT * FROM UNNEST($1::BIGINT[], $2::TEXT[], $3::BYTEA[])",
                    &[&c.notes.0, &c.notes.1, &c.notes.2],
                )
                .await
                .map_err(db)?;
            }
            if !c.players.0.is_empty() {
                t.execute(
                    "INSERT INTO players (user_id, channel, game_id) \
                     SELECT * FROM UNNEST($1::BIGINT[], $2::BIGINT[], $3::BIGINT[])",
                    &[&c.players.0, &c.players.1, &c.players.2],
                )
                .await
                .map_err(db)?;
            }
            if !c.stats.0.is_empty() {
                t.execute(
                    "INSERT INTO stats (guild, game, user_id, name, played, won, score_sum, \
                     best, streak) SELECT * FROM UNNEST($1::BIGINT[], $2::TEXT[], $3::BIGINT[], \
                     $4::TEXT[], $5::INTEGER[], $6::INTEGER[], $7::BIGINT[], $8::BIGINT[], \
                     $9::INTEGER[])",
                    &[
                        &c.stats.0,
                        &c.stats.1,
                        &c.stats.2,
                        &c.stats.3,
                        &c.stats_numbers.0,
                        &c.stats_numbers.1,
                        &c.stats_numbers.2,
                        &c.stats_numbers.3,
                        &c.stats_numbers.4,
                    ],
                )
                .await
                .map_err(db)?;
            }
            for r in &c.ratings {
                super::ratings::upsert(&t, &r.ladder, &r.title, r.user, &r.row).await?;
            }
            // One at a time: each takes the next `seq`, so their order is kept.
            for g in &c.rated {
                super::ratings::insert_rated(&t, g).await?;
            }
            if let Some(n) = c.ids_up_to {
                // The next id handed out is above every copied one.
                t.execute(
                    "SELECT setval('capomaestro_ids', GREATEST($1, \
                     (SELECT last_value FROM capomaestro_ids)), true)",
                    &[&n.max(1)],
                )
                .await
                .map_err(db)?;
            }
            t.commit().await.map_err(db)
        })
    }
}
