//! `capomaestro store …`: operator commands over the game store. The work is in
//! `storage::admin`; this parses, supplies the engines' snapshot functions and prints.

use clap::Subcommand;
use std::io::{Read, Write};
use std::path::Path;
use storage::admin::GameExport;
use storage::{LogEntry, SledStore};

/// What to do with the store.
#[derive(Subcommand)]
pub enum StoreCmd {
    /// Set aside a write-ahead log file damaged in its middle (kept in `damaged/`, with
    /// what is lost reported), then decode every record; unreadable ones are reported
    /// and moved to quarantine.
    Check,
    /// Print a channel's game (or its newest archived one) as JSON on stdout.
    Export {
        /// The channel id.
        channel: u64,
    },
    /// Store a game exported with `store export`, read from stdin.
    Import,
    /// Games by title and state, records and bytes on disk.
    Stats,
    /// Create or upgrade the PostgreSQL schema (`[storage] backend = "postgres"`) and
    /// do nothing else: the bot does it too at start, under the same lock.
    Migrate,
    /// Copy a whole store (every game, archive entry, stat, timer, pending delivery,
    /// note, quarantined record and the id counter) into an empty one of either backend.
    /// Stop the bot first.
    Copy {
        /// `sled:<dir>`, `postgres://…`, `postgres:<key=value settings>`, or `postgres`
        /// (the [storage] url, or CAPOMAESTRO_DATABASE_URL).
        #[arg(long)]
        from: String,
        /// Where to copy to (the same forms); must be empty.
        #[arg(long)]
        to: String,
    },
}

/// One end of a `store copy`.
enum Endpoint {
    Sled(std::path::PathBuf),
    Postgres(String),
}

impl Endpoint {
    fn parse(text: &str, storage: &crate::config::StorageConfig) -> Result<Endpoint, String> {
        if let Some(dir) = text.strip_prefix("sled:") {
            return Ok(Endpoint::Sled(dir.into()));
        }
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(Endpoint::Postgres(text.to_string()));
        }
        if text == "postgres" {
            return storage
                .postgres_url()
                .map(|u| Endpoint::Postgres(u.to_string()));
        }
        if let Some(settings) = text.strip_prefix("postgres:") {
            return Ok(Endpoint::Postgres(settings.to_string()));
        }
        Err(format!(
            "`{text}` is not a store: write sled:<directory>, postgres://user@host/database,              or postgres for the [storage] url"
        ))
    }

    /// How the store is named in messages (never with a password).
    fn name(&self) -> String {
        match self {
            Endpoint::Sled(dir) => format!("the sled store in {}", dir.display()),
            Endpoint::Postgres(_) => "the PostgreSQL database".to_string(),
        }
    }

    fn open(&self, source: bool) -> Result<Box<dyn storage::copy::Copyable>, String> {
        let failed = |e: storage::StoreError| format!("cannot open {}: {e}", self.name());
        match self {
            Endpoint::Sled(dir) => {
                if source && !dir.exists() {
                    return Err(format!("no store at {}", dir.display()));
                }
                storage::create_private_dir(dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                Ok(Box::new(SledStore::open(dir).map_err(failed)?))
            }
            Endpoint::Postgres(url) => {
                let timeouts = storage::pg::Timeouts::for_tools();
                Ok(Box::new(
                    storage::PgStore::open_with(url, 2, timeouts).map_err(failed)?,
                ))
            }
        }
    }
}

impl Endpoint {
    /// The store, to read its archive (it must exist).
    fn open_archive(&self) -> Result<Box<dyn table::record::ArchiveSource>, String> {
        let failed = |e: storage::StoreError| format!("cannot open {}: {e}", self.name());
        match self {
            Endpoint::Sled(dir) => {
                if !dir.exists() {
                    return Err(format!("no store at {}", dir.display()));
                }
                Ok(Box::new(SledStore::open(dir).map_err(failed)?))
            }
            Endpoint::Postgres(url) => {
                let timeouts = storage::pg::Timeouts::for_tools();
                Ok(Box::new(
                    storage::PgStore::open_with(url, 2, timeouts).map_err(failed)?,
                ))
            }
        }
    }
}

/// `export`: the record of every archived game of a store (`from`: the forms `store
/// copy` takes; else the configured store, or `sled_dir`) into `dir/<game>.jsonl`.
pub fn export(
    storage: &crate::config::StorageConfig,
    from: Option<&str>,
    sled_dir: &Path,
    dir: &Path,
    options: table::record::RecordOptions,
    out: &mut impl Write,
) -> Result<(), String> {
    let endpoint = match from {
        Some(text) => Endpoint::parse(text, storage)?,
        None if storage.backend == crate::config::Backend::Postgres => {
            Endpoint::Postgres(storage.postgres_url()?.to_string())
        }
        None => Endpoint::Sled(sled_dir.to_path_buf()),
    };
    let store = endpoint.open_archive()?;
    let report =
        table::record::export_archive(store.as_ref(), dir, options).map_err(|e| e.to_string())?;
    let write = |e: std::io::Error| e.to_string();
    for (path, n) in &report.files {
        writeln!(out, "{}: {n} records", path.display()).map_err(write)?;
    }
    let total: usize = report.files.values().sum();
    writeln!(
        out,
        "exported {total} archived games of {}",
        endpoint.name()
    )
    .map_err(write)?;
    for (game_id, why) in &report.skipped {
        writeln!(out, "game {game_id} skipped: {why}").map_err(write)?;
    }
    Ok(())
}

/// The store named by `from` (the forms `store copy` takes), else the configured one
/// (PostgreSQL, or the sled store in `sled_dir`); it must exist.
pub fn open_store(
    storage: &crate::config::StorageConfig,
    from: Option<&str>,
    sled_dir: &Path,
) -> Result<Box<dyn storage::Store>, String> {
    let endpoint = match from {
        Some(text) => Endpoint::parse(text, storage)?,
        None if storage.backend == crate::config::Backend::Postgres => {
            Endpoint::Postgres(storage.postgres_url()?.to_string())
        }
        None => Endpoint::Sled(sled_dir.to_path_buf()),
    };
    let failed = |e: storage::StoreError| format!("cannot open {}: {e}", endpoint.name());
    match &endpoint {
        Endpoint::Sled(dir) if !dir.exists() => Err(format!("no store at {}", dir.display())),
        Endpoint::Sled(dir) => Ok(Box::new(SledStore::open(dir).map_err(failed)?)),
        Endpoint::Postgres(url) => {
            let timeouts = storage::pg::Timeouts::for_tools();
            Ok(Box::new(
                storage::PgStore::open_with(url, 2, timeouts).map_err(failed)?,
            ))
        }
    }
}

/// `store copy`: every record of one store into another, empty one.
pub fn copy(
    storage: &crate::config::StorageConfig,
    from: &str,
    to: &str,
    out: &mut impl Write,
) -> Result<(), String> {
    let (from, to) = (
        Endpoint::parse(from, storage)?,
        Endpoint::parse(to, storage)?,
    );
    if let (Endpoint::Sled(a), Endpoint::Sled(b)) = (&from, &to) {
        if a == b {
            return Err("the store cannot be copied into itself".into());
        }
    }
    let source = from.open(true)?;
    let destination = to.open(false)?;
    let report = storage::copy::copy(source.as_ref(), destination.as_ref())
        .map_err(|e| format!("nothing more was copied: {e}"))?;
    write!(out, "{report}").map_err(|e| e.to_string())?;
    writeln!(out, "copied {} into {}", from.name(), to.name()).map_err(|e| e.to_string())
}

/// `store migrate`: applies the PostgreSQL migrations the database lacks.
pub fn migrate(storage: &crate::config::StorageConfig, out: &mut impl Write) -> Result<(), String> {
    if storage.backend != crate::config::Backend::Postgres {
        return Err(
            "`store migrate` is for the PostgreSQL store: set backend = \"postgres\" and its \
             url in the [storage] section (the sled store needs no migration)."
                .into(),
        );
    }
    let url = storage.postgres_url()?;
    let applied = storage::PgStore::migrate(url).map_err(|e| {
        format!("cannot migrate the PostgreSQL store ({e}); check [storage] url and that the server is running")
    })?;
    let newest = storage::pg::MIGRATIONS.last().map_or(0, |m| m.version);
    let text = if applied.is_empty() {
        format!("the schema is up to date (migration {newest})")
    } else {
        let names: Vec<String> = storage::pg::MIGRATIONS
            .iter()
            .filter(|m| applied.contains(&m.version))
            .map(|m| format!("{} ({})", m.version, m.name))
            .collect();
        format!("applied migration(s) {}", names.join(", "))
    };
    writeln!(out, "{text}").map_err(|e| e.to_string())
}

fn kind(game: &str) -> Result<&'static rules::dynamic::GameKind, String> {
    rules::catalog::find(game).ok_or_else(|| format!("unknown game `{game}`"))
}

/// The game's current state: the snapshot with the actions logged after it applied.
fn current(game: &str, bytes: &[u8], tail: &[LogEntry]) -> Result<Box<dyn rules::DynGame>, String> {
    let mut state = (kind(game)?.restore)(bytes)?;
    table::apply_logged_actions(state.as_mut(), tail).map_err(|(at, e)| {
        format!(
            "logged action {} after the snapshot was refused: {e}",
            at + 1
        )
    })?;
    Ok(state)
}

fn snapshot_ok(game: &str, bytes: &[u8], tail: &[LogEntry]) -> Result<(), String> {
    current(game, bytes, tail).map(drop)
}

fn snapshot_to_json(
    game: &str,
    bytes: &[u8],
    tail: &[LogEntry],
) -> Result<serde_json::Value, String> {
    let state = match tail {
        [] => bytes.to_vec(),
        _ => current(game, bytes, tail)?.snapshot(),
    };
    (kind(game)?.snapshot_to_json)(&state)
}

fn snapshot_from_json(game: &str, json: &serde_json::Value) -> Result<Vec<u8>, String> {
    (kind(game)?.snapshot_from_json)(json)
}

/// Runs `command` on the store in `dir`; `Err` is the message for stderr. `check`
/// reports a damaged log file or bad records as a failure (exit status), after setting
/// them aside.
pub fn run(
    dir: &Path,
    command: StoreCmd,
    input: &mut impl Read,
    out: &mut impl Write,
) -> Result<(), String> {
    if !dir.exists() {
        return Err(format!("no store at {}", dir.display()));
    }
    let write_err = |e: std::io::Error| e.to_string();
    // Before the store opens: it refuses to while a log file is damaged.
    let damaged = match command {
        StoreCmd::Check => storage::admin::repair_log(dir).map_err(|e| e.to_string())?,
        _ => Vec::new(),
    };
    for log in &damaged {
        write!(out, "{log}").map_err(write_err)?;
    }
    let store = SledStore::open(dir).map_err(|e| e.to_string())?;
    match command {
        StoreCmd::Check => {
            let report = store.check(&snapshot_ok).map_err(|e| e.to_string())?;
            write!(out, "{report}").map_err(write_err)?;
            let mut failures = Vec::new();
            if !damaged.is_empty() {
                let lost: u64 = damaged.iter().map(|d| d.records_lost).sum();
                failures.push(format!(
                    "{} damaged log file(s) set aside, {lost} record(s) lost",
                    damaged.len()
                ));
            }
            if !report.bad.is_empty() {
                failures.push(format!("{} bad record(s) quarantined", report.bad.len()));
            }
            if failures.is_empty() {
                Ok(())
            } else {
                Err(failures.join("; "))
            }
        }
        StoreCmd::Export { channel } => {
            let game = store
                .export(channel, &snapshot_to_json)
                .map_err(|e| e.to_string())?;
            let text = serde_json::to_string_pretty(&game).map_err(|e| e.to_string())?;
            writeln!(out, "{text}").map_err(write_err)
        }
        StoreCmd::Import => {
            let mut text = String::new();
            input.read_to_string(&mut text).map_err(write_err)?;
            let game: GameExport =
                serde_json::from_str(&text).map_err(|e| format!("not a game export: {e}"))?;
            let id = store
                .import(&game, &snapshot_from_json)
                .map_err(|e| e.to_string())?;
            writeln!(
                out,
                "imported {} game {id} into channel {}{}",
                game.meta.game,
                game.meta.channel,
                if game.archived { " (archive)" } else { "" }
            )
            .map_err(write_err)
        }
        StoreCmd::Stats => {
            let stats = store.stats().map_err(|e| e.to_string())?;
            write!(out, "{stats}").map_err(write_err)
        }
        StoreCmd::Migrate => Err("`store migrate` runs on the PostgreSQL store".into()),
        StoreCmd::Copy { .. } => Err("`store copy` names its stores with --from and --to".into()),
    }
}
