//! The PostgreSQL implementation of [`Store`]: for operators who run a database server
//! (backups, replicas, several processes later) instead of the embedded sled store.
//!
//! Driver: `tokio-postgres` with the `deadpool-postgres` pool, run on the store's own
//! small tokio runtime. The [`Store`] trait is synchronous (the table calls it from
//! tokio's blocking pool); each call sends its work to that runtime and waits for the
//! answer on a plain channel, so a call is safe from any thread, even one inside another
//! runtime (a `block_on` there would panic).
//!
//! Every wait is bounded ([`Timeouts`]: lock, statement, idle transaction, TCP
//! keepalive), and a move whose game's row another session holds is refused with
//! [`StoreError::Busy`] without holding up other channels' moves ([`commit`]).
//!
//! Several processes: claims of due outbox rows and timers hold a lease (see the
//! `Store` trait), work that must run once at a time an advisory lock
//! (`Store::exclusively`).
//!
//! Promises, as for sled: a move (metadata, snapshot, log entry), its outbox rows and the
//! channel's timers commit in ONE transaction, durable when `commit` returns
//! (`synchronous_commit` on, PostgreSQL's default, set for every connection); records
//! are the same versioned binary records as sled's ([`crate::codec`]) in `bytea`; a load
//! reads in one repeatable-read transaction, so it never sees half a move; a record that
//! cannot be decoded is quarantined, one written by a newer build refused. Moves of a
//! channel are serialized across processes by the game row's lock (its upsert
//! in the commit's transaction); a commit that would take a game back (a
//! stored newer version of the same game) is refused. A move is one call of the
//! database function `capomaestro_commit` ([`commit`]); moves of different channels
//! waiting at the same moment are group committed: their calls in ONE transaction, one
//! WAL flush for all, each caller answered once it is durable. The schema is created
//! and upgraded by versioned migrations ([`migrate`]) under an advisory lock at open.

mod commit;
mod copy;
mod migrate;
mod ratings;
mod sql;
mod store_impl;
#[cfg(feature = "pg-testing")]
pub mod testing;
mod tls;

#[cfg(feature = "pg-testing")]
pub use commit::HeldCommits;
pub use commit::{CommitStats, COMMIT_BATCH_CAP, COMMIT_LANES, LANE_LOCK_WAIT_MS};
pub use migrate::{Migration, MIGRATIONS};

#[cfg(doc)]
use crate::Store;
use crate::StoreError;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use std::future::Future;
use std::time::Duration;

/// Connections in the pool when the config does not say.
pub const DEFAULT_POOL_SIZE: usize = 16;

/// How long a claimed outbox row or timer stays this process's by default: another
/// process takes it only after this long (a process that died holding it).
pub const DEFAULT_LEASE_MS: u64 = 30_000;

/// How long every wait on the database may last ([`PgStore::open_with`]): each is a
/// setting of every session the store opens, so a row another session holds (an
/// operator's open transaction, a stuck process) costs one channel a refusal, never a
/// frozen process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// The longest wait for a row lock (`lock_timeout`): a move whose game's row stays
    /// locked this long is refused with [`StoreError::Busy`], nothing stored.
    pub lock_ms: u64,
    /// The longest statement (`statement_timeout`).
    pub statement_ms: u64,
    /// The longest a session may sit in an open transaction doing nothing
    /// (`idle_in_transaction_session_timeout`): the server ends it and frees its locks.
    pub idle_in_transaction_ms: u64,
    /// Idle seconds before TCP keepalive probes, so a vanished server or peer is noticed
    /// (several probes 10 s apart, then the connection is dropped).
    pub keepalive_idle_s: u64,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            lock_ms: 5_000,
            statement_ms: 30_000,
            idle_in_transaction_ms: 60_000,
            keepalive_idle_s: 30,
        }
    }
}

impl Timeouts {
    /// For an operator's tool moving a whole store (`capomaestro store copy`): long
    /// statements and pauses between batches are expected; a locked row still ends.
    pub fn for_tools() -> Timeouts {
        Timeouts {
            lock_ms: 30_000,
            statement_ms: 3_600_000,
            idle_in_transaction_ms: 3_600_000,
            ..Timeouts::default()
        }
    }

    /// The session settings, as `-c name=value` options of the connection.
    fn options(&self) -> String {
        format!(
            "-c lock_timeout={} -c statement_timeout={} -c idle_in_transaction_session_timeout={}",
            self.lock_ms.max(1),
            self.statement_ms.max(1),
            self.idle_in_transaction_ms.max(1)
        )
    }
}

/// A store in a PostgreSQL database.
pub struct PgStore {
    pool: Pool,
    /// Runs the driver; `None` only while dropping (shut down without blocking).
    runtime: Option<tokio::runtime::Runtime>,
    /// The connection settings (a lock of [`Store::exclusively`] holds a connection of its own).
    config: tokio_postgres::Config,
    /// TLS as the url's `sslmode` says ([`tls`]).
    tls: tls::MakeRustls,
    /// This store's lease owner: its instance name ([`PgStore::as_instance`]), else unique
    /// per opened store (host, process, start, counter).
    owner: String,
    /// The instance's incarnation this store started as: its claims are made only while
    /// it is the newest (`None`: no instance name, nothing to fence).
    incarnation: Option<i64>,
    /// How long a claim lasts ([`DEFAULT_LEASE_MS`]).
    lease_ms: u64,
    /// When this store last reported that a newer incarnation fenced it off (Unix ms,
    /// 0: never): said once a minute, not at every poll.
    fence_told_ms: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// The group committer: moves are queued to its lanes ([`commit`]).
    committer: std::sync::Arc<commit::Committer>,
}

/// A database error as the store reports it: PostgreSQL's own message when it sent one.
pub(crate) fn db(e: tokio_postgres::Error) -> StoreError {
    StoreError::Backend(format!("PostgreSQL: {}", db_message(&e)))
}

/// What went wrong, in PostgreSQL's words when it sent some.
pub(crate) fn db_message(e: &tokio_postgres::Error) -> String {
    match e.as_db_error() {
        Some(d) => d.message().to_string(),
        None => match std::error::Error::source(e) {
            Some(source) => format!("{e}: {source}"),
            None => e.to_string(),
        },
    }
}

/// A store value (u64) as a BIGINT: the same 64 bits (ids and times stay below 2^63).
pub(crate) fn big(v: u64) -> i64 {
    v as i64
}

/// A BIGINT back to the store's u64 (the same 64 bits).
pub(crate) fn unbig(v: i64) -> u64 {
    v as u64
}

impl PgStore {
    /// Connects to the database named by `url` (a `postgres://` URL or `key=value`
    /// settings; TLS as its `sslmode` says, see [`tls`]), applies the migrations it lacks
    /// and checks that no newer build wrote it. `pool_size` bounds the connections (at least 1).
    pub fn open(url: &str, pool_size: usize) -> Result<PgStore, StoreError> {
        PgStore::open_with(url, pool_size, Timeouts::default())
    }

    /// [`PgStore::open`] with these bounds on every wait instead of the defaults.
    pub fn open_with(
        url: &str,
        pool_size: usize,
        timeouts: Timeouts,
    ) -> Result<PgStore, StoreError> {
        let store = PgStore::connect(url, pool_size, timeouts)?;
        let pool = store.pool.clone();
        store.run(async move {
            let mut client = pool.get().await.map_err(pool_error)?;
            migrate::apply(&mut client).await?;
            check_written_by(&client).await
        })?;
        Ok(store)
    }

    /// Applies the migrations the database at `url` lacks, and nothing else (`capomaestro
    /// store migrate`); returns the versions applied now (empty: it was up to date).
    pub fn migrate(url: &str) -> Result<Vec<u32>, StoreError> {
        let store = PgStore::connect(url, 1, Timeouts::default())?;
        let pool = store.pool.clone();
        store.run(async move {
            let mut client = pool.get().await.map_err(pool_error)?;
            migrate::apply(&mut client).await
        })
    }

    /// The pool and runtime for `url`; connections are made on first use.
    fn connect(url: &str, pool_size: usize, timeouts: Timeouts) -> Result<PgStore, StoreError> {
        let (mut config, tls) = tls::settings(url)?;
        if config.get_application_name().is_none() {
            config.application_name("capomaestro");
        }
        // Every move durable when its commit returns, whatever the server's default; every
        // wait bounded.
        let options = config.get_options().unwrap_or("").to_string();
        config.options(format!("{options} -c synchronous_commit=on {}", timeouts.options()).trim());
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(10));
        }
        config
            .keepalives(true)
            .keepalives_idle(Duration::from_secs(timeouts.keepalive_idle_s.max(1)))
            .keepalives_interval(Duration::from_secs(10))
            .keepalives_retries(3);
        let lock_config = config.clone();
        let manager = Manager::from_config(
            config,
            tls.clone(),
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(pool_size.max(1))
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .wait_timeout(Some(Duration::from_secs(30)))
            .create_timeout(Some(Duration::from_secs(10)))
            .build()
            .map_err(|e| StoreError::Backend(format!("the database pool: {e}")))?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("capomaestro-pg")
            .enable_all()
            .build()
            .map_err(|e| StoreError::Backend(format!("the database runtime: {e}")))?;
        let lanes = COMMIT_LANES.min(pool_size.max(1));
        let committer = commit::Committer::start(&runtime, &pool, lanes, timeouts.lock_ms);
        Ok(PgStore {
            committer,
            pool,
            runtime: Some(runtime),
            config: lock_config,
            tls,
            owner: lease_owner(),
            incarnation: None,
            lease_ms: DEFAULT_LEASE_MS,
            fence_told_ms: Default::default(),
        })
    }

    /// The same store with claims lasting `ms` (at least 1 ms) instead of
    /// [`DEFAULT_LEASE_MS`]: shorter in tests that kill a process holding work.
    pub fn with_lease_ms(mut self, ms: u64) -> PgStore {
        self.lease_ms = ms.max(1);
        self
    }

    /// The same store claiming work as the instance `name`, stable across restarts (a
    /// configured name, or the process's shard range): a restarted process takes back at
    /// once the outbox rows and timers it held when it died, instead of waiting for their
    /// leases to end. Starting bumps the name's incarnation in the database; claims are
    /// made only by the newest incarnation, so an older process still running under the
    /// same name claims nothing more (its claims fail with an error saying why). Two
    /// processes running at once need different names.
    pub fn as_instance(mut self, name: &str) -> Result<PgStore, StoreError> {
        let name = name.trim().to_string();
        if name.is_empty() {
            return Err(StoreError::Backend(
                "an instance name cannot be empty".into(),
            ));
        }
        let pool = self.pool();
        let owner = name.clone();
        let incarnation = self.run(async move {
            let client = pool.get().await.map_err(pool_error)?;
            let row = client
                .query_one(
                    "INSERT INTO instances (name, incarnation, started_ms) VALUES ($1, 1, $2) \
                     ON CONFLICT (name) DO UPDATE SET \
                     incarnation = instances.incarnation + 1, started_ms = EXCLUDED.started_ms \
                     RETURNING incarnation",
                    &[&owner, &big(crate::now_ms())],
                )
                .await
                .map_err(db)?;
            Ok(row.get::<_, i64>(0))
        })?;
        self.owner = name;
        self.incarnation = Some(incarnation);
        Ok(self)
    }

    /// Who this store's claims belong to (its lease owner), for logs and tests.
    pub fn owner(&self) -> &str {
        &self.owner
    }

    /// The incarnation of its instance this store started as ([`PgStore::as_instance`]).
    pub fn incarnation(&self) -> Option<u64> {
        self.incarnation.map(unbig)
    }

    /// How long a claim lasts, in ms.
    pub fn lease_ms(&self) -> u64 {
        self.lease_ms
    }

    /// Runs `work` on the store's runtime and waits for its result.
    pub(crate) fn run<T: Send + 'static>(
        &self,
        work: impl Future<Output = Result<T, StoreError>> + Send + 'static,
    ) -> Result<T, StoreError> {
        let runtime = self
            .runtime
            .as_ref()
            .ok_or_else(|| StoreError::Backend("the database store is closed".into()))?;
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        runtime.spawn(async move {
            let _ = tx.send(work.await);
        });
        rx.recv()
            .map_err(|_| StoreError::Backend("a database task ended without an answer".into()))?
    }

    /// The pool (cloned into each task).
    pub(crate) fn pool(&self) -> Pool {
        self.pool.clone()
    }
}

impl Drop for PgStore {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            // Never blocks (a drop may happen inside another runtime).
            runtime.shutdown_background();
        }
    }
}

/// A lease owner unique to one opened store: the host, the process, when it started
/// and a counter (two stores of one process, a restarted process reusing an id).
fn lease_owner() -> String {
    static OPENED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let mut host = [0u8; 256];
    // SAFETY: the buffer is valid for its length; the result is NUL-terminated or cut.
    let named = unsafe { libc::gethostname(host.as_mut_ptr().cast(), host.len()) } == 0;
    let end = host.iter().position(|&b| b == 0).unwrap_or(host.len());
    let host = if named {
        String::from_utf8_lossy(&host[..end]).into_owned()
    } else {
        "host".to_string()
    };
    format!(
        "{host}/{}/{}/{}",
        std::process::id(),
        crate::now_ms(),
        OPENED.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    )
}

/// The advisory lock key of a named piece of work ([`Store::exclusively`]): FNV-1a of
/// `capomaestro:<name>`, so different names never share a lock by accident.
pub(crate) fn work_lock_key(name: &str) -> i64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in b"capomaestro:".iter().chain(name.as_bytes()) {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash as i64
}

/// A pool failure (no connection within the timeouts, a refused connection).
pub(crate) fn pool_error(e: deadpool_postgres::PoolError) -> StoreError {
    match e {
        deadpool_postgres::PoolError::Backend(e) => db(e),
        other => StoreError::Backend(format!("PostgreSQL: {other}")),
    }
}

/// Key of the mark of the newest record formats ever written to the store (as sled's
/// `written_by`: [`crate::record::written_by_this_build`]).
const WRITTEN_BY: &str = "written_by";

/// Refuses a database written by a newer build; records this build's formats otherwise.
async fn check_written_by(client: &deadpool_postgres::Client) -> Result<(), StoreError> {
    let row = client
        .query_opt(
            "SELECT value FROM store_info WHERE key = $1",
            &[&WRITTEN_BY],
        )
        .await
        .map_err(db)?;
    let ours = crate::record::written_by_this_build().to_vec();
    if let Some(row) = row {
        let theirs: Vec<u8> = row.get(0);
        if let Some(what) = crate::record::newer_than_this_build(&theirs) {
            return Err(StoreError::Newer(format!(
                "The database holds records written by a newer version of capomaestro \
                 ({what}). Nothing was changed: run that version (or a later one) on it."
            )));
        }
        if !crate::record::mark_moves_forward(Some(&theirs), &ours) {
            return Ok(());
        }
    }
    write_mark(client, &ours).await
}

/// Records `mark` as the "written by" mark unless the stored one is newer: a process
/// of an older build that read the mark before a newer one wrote its own never takes
/// it back (the comparison is made by the statement itself, under the row's lock).
async fn write_mark(client: &deadpool_postgres::Client, mark: &[u8]) -> Result<(), StoreError> {
    client
        .execute(
            "INSERT INTO store_info (key, value) VALUES ($1, $2) \
             ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value \
             WHERE store_info.value < EXCLUDED.value",
            &[&WRITTEN_BY, &mark],
        )
        .await
        .map_err(db)?;
    Ok(())
}

#[cfg(all(test, feature = "pg-testing"))]
mod tests {
    use super::*;

    /// The stored "written by" mark, read back.
    fn stored_mark(store: &PgStore) -> Vec<u8> {
        let pool = store.pool();
        store
            .run(async move {
                let client = pool.get().await.map_err(pool_error)?;
                let row = client
                    .query_one(
                        "SELECT value FROM store_info WHERE key = $1",
                        &[&WRITTEN_BY],
                    )
                    .await
                    .map_err(db)?;
                Ok(row.get::<_, Vec<u8>>(0))
            })
            .unwrap()
    }

    #[test]
    fn the_written_by_mark_only_moves_forward() {
        let url = testing::fresh_url().unwrap();
        let store = PgStore::open(&url, 1).unwrap();
        let ours = crate::record::written_by_this_build().to_vec();
        assert_eq!(stored_mark(&store), ours);
        let mut newer = ours.clone();
        newer[7] += 1;
        let older = vec![0u8; 8];
        // A newer build wrote its mark after this one read the older mark at open: this
        // one's write comes last, and changes nothing.
        for (first, then, kept) in [(&newer, &ours, &newer), (&older, &ours, &ours)] {
            let pool = store.pool();
            let (first, then) = (first.clone(), then.clone());
            store
                .run(async move {
                    let client = pool.get().await.map_err(pool_error)?;
                    client
                        .execute(
                            "UPDATE store_info SET value = $2 WHERE key = $1",
                            &[&WRITTEN_BY, &first],
                        )
                        .await
                        .map_err(db)?;
                    write_mark(&client, &then).await
                })
                .unwrap();
            assert_eq!(&stored_mark(&store), kept);
        }
    }
}
