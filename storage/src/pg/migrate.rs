//! The PostgreSQL schema as versioned migrations (`storage/migrations/NNNN_*.sql`),
//! applied in order at open under an advisory lock (two processes starting together
//! apply each one once), each in its own transaction with its row in
//! `capomaestro_migrations`. A database with a migration this build does not know was
//! made by a newer build: refused, nothing changed.

use super::{db, unbig};
use crate::StoreError;

/// One schema step.
#[derive(Debug, Clone, Copy)]
pub struct Migration {
    pub version: u32,
    pub name: &'static str,
    pub sql: &'static str,
}

/// Every migration, in order.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "initial",
        sql: include_str!("../../migrations/0001_initial.sql"),
    },
    Migration {
        version: 2,
        name: "leases",
        sql: include_str!("../../migrations/0002_leases.sql"),
    },
    Migration {
        version: 3,
        name: "commit_function",
        sql: include_str!("../../migrations/0003_commit_function.sql"),
    },
    Migration {
        version: 4,
        name: "commit_guards",
        sql: include_str!("../../migrations/0004_commit_guards.sql"),
    },
    Migration {
        version: 5,
        name: "instances",
        sql: include_str!("../../migrations/0005_instances.sql"),
    },
    Migration {
        version: 6,
        name: "ratings",
        sql: include_str!("../../migrations/0006_ratings.sql"),
    },
];

/// The advisory lock held while migrating ("capomaestro" in ASCII, as a number).
const MIGRATION_LOCK: i64 = 0x6361_706f_6d61_6573;

/// Applies the migrations the database lacks; returns the versions applied now.
pub(crate) async fn apply(client: &mut deadpool_postgres::Client) -> Result<Vec<u32>, StoreError> {
    // Waiting for another process's migration, and a long migration, are not the
    // stuck waits the session's timeouts are for: none while migrating.
    client
        .batch_execute("SET lock_timeout = 0; SET statement_timeout = 0")
        .await
        .map_err(db)?;
    client
        .execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(db)?;
    let applied = apply_locked(client).await;
    let unlocked = client
        .execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK])
        .await
        .map_err(db);
    let reset = client
        .batch_execute("RESET lock_timeout; RESET statement_timeout")
        .await
        .map_err(db);
    let applied = applied?;
    unlocked?;
    reset?;
    Ok(applied)
}

async fn apply_locked(client: &mut deadpool_postgres::Client) -> Result<Vec<u32>, StoreError> {
    client
        .batch_execute(
            "CREATE TABLE IF NOT EXISTS capomaestro_migrations (
                 version    INTEGER PRIMARY KEY,
                 name       TEXT NOT NULL,
                 applied_at BIGINT NOT NULL
             )",
        )
        .await
        .map_err(db)?;
    let newest: i64 = client
        .query_one(
            "SELECT COALESCE(MAX(version), 0)::BIGINT FROM capomaestro_migrations",
            &[],
        )
        .await
        .map_err(db)?
        .get(0);
    let ours = MIGRATIONS.last().map_or(0, |m| m.version);
    if unbig(newest) > u64::from(ours) {
        return Err(StoreError::Newer(format!(
            "The database's schema is at migration {newest}, made by a newer version of \
             capomaestro (this build knows migrations up to {ours}). Nothing was changed: \
             run that version (or a later one) on it."
        )));
    }
    let mut done = Vec::new();
    for m in MIGRATIONS.iter().filter(|m| i64::from(m.version) > newest) {
        let tx = client.transaction().await.map_err(db)?;
        tx.batch_execute(m.sql).await.map_err(|e| {
            StoreError::Backend(format!(
                "migration {} ({}): {}",
                m.version,
                m.name,
                super::db_message(&e)
            ))
        })?;
        tx.execute(
            "INSERT INTO capomaestro_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
            &[
                &i32::try_from(m.version).unwrap_or(i32::MAX),
                &m.name,
                &super::big(crate::now()),
            ],
        )
        .await
        .map_err(db)?;
        tx.commit().await.map_err(db)?;
        done.push(m.version);
    }
    Ok(done)
}
