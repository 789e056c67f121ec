//! Operator tools over a [`SledStore`]: check every record (and, before the store opens,
//! its write-ahead log: [`repair_log`]), export and import a game as readable JSON, and
//! count what the store holds. The engines are not known here: the caller passes the
//! functions that read and write a game's snapshot.

use crate::codec;
use crate::record::refuse_newer_record;
use crate::sled_store::{key_u64, pair_key};
use crate::wal::{self, Batch, Ending, LogReader, Op, TreeId};
use crate::{
    now, ArchiveEntry, ChannelId, LogEntry, Meta, Quarantined, SledStore, Status, Store,
    StoreError, TimerKind, SCHEMA_VERSION,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::fs::File;
use std::path::{Path, PathBuf};

/// Checks a snapshot of game `game` (engine id) and the logged actions after it (empty
/// for an archived game): `Err` is why the game cannot be restored.
pub type SnapshotCheck<'a> = &'a dyn Fn(&str, &[u8], &[LogEntry]) -> Result<(), String>;
/// Turns a snapshot of game `game` and the logged actions after it into the current
/// state as readable JSON.
pub type SnapshotToJson<'a> = &'a dyn Fn(&str, &[u8], &[LogEntry]) -> Result<Value, String>;
/// Turns a game's state given as JSON back into its stored snapshot.
pub type SnapshotFromJson<'a> = &'a dyn Fn(&str, &Value) -> Result<Vec<u8>, String>;

/// The `format` field of an exported game.
pub const EXPORT_FORMAT: &str = "capomaestro-game";
/// The version of the export layout this build writes and reads.
pub const EXPORT_VERSION: u32 = 1;

/// A failed operator command.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("channel {0} has no game (running or archived)")]
    NoGame(ChannelId),
    #[error("channel {0} already has a game; it must end before another is imported there")]
    Occupied(ChannelId),
    #[error("not a game export: {0}")]
    BadExport(String),
}

/// One record `check` could not decode, and what was done with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadRecord {
    /// Which record (`channel 5 (metadata and snapshot)`, `log of game 9, entry 3`).
    pub what: String,
    pub reason: String,
}

/// What `check` read and found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Records decoded, by kind (`games`, `log entries`, `archived games`, `outbox rows`).
    pub checked: BTreeMap<&'static str, u64>,
    /// Records that failed, each now in quarantine.
    pub bad: Vec<BadRecord>,
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (kind, n) in &self.checked {
            writeln!(f, "{kind}: {n} read")?;
        }
        if self.bad.is_empty() {
            writeln!(f, "every record decodes")
        } else {
            writeln!(f, "{} bad record(s), moved to quarantine:", self.bad.len())?;
            for b in &self.bad {
                writeln!(f, "  {}: {}", b.what, b.reason)?;
            }
            Ok(())
        }
    }
}

/// A game as readable JSON: for backups, moving a game, and bug reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameExport {
    /// Always [`EXPORT_FORMAT`].
    pub format: String,
    /// [`EXPORT_VERSION`].
    pub version: u32,
    /// Whether it came from the archive (a finished or abandoned game).
    pub archived: bool,
    pub meta: Meta,
    /// The current engine state as JSON, after every logged action (`null` in the lobby
    /// or when it was missing).
    pub snapshot: Option<Value>,
    /// The outcome of an archived game.
    pub outcome: Option<Value>,
    /// The action log, in order.
    pub log: Vec<LogEntry>,
}

/// What the store holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games by (engine id, state): `lobby`, `running`, `finished`, `abandoned` for live
    /// tables, `archived` for the archive.
    pub games: BTreeMap<(String, String), u64>,
    /// Per tree: records and bytes of keys and values.
    pub trees: BTreeMap<String, (u64, u64)>,
    /// Bytes the store's files take on disk.
    pub disk_bytes: u64,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "games:")?;
        if self.games.is_empty() {
            writeln!(f, "  none")?;
        }
        for ((game, state), n) in &self.games {
            writeln!(f, "  {game:<10} {state:<10} {n}")?;
        }
        writeln!(f, "records:")?;
        for (tree, (n, bytes)) in &self.trees {
            writeln!(f, "  {tree:<15} {n:>9} records {bytes:>13} bytes")?;
        }
        let data: u64 = self.trees.values().map(|(_, b)| b).sum();
        writeln!(f, "data: {data} bytes")?;
        writeln!(f, "disk: {} bytes", self.disk_bytes)
    }
}

/// A write-ahead log file damaged in its middle, set aside by [`repair_log`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamagedLog {
    /// The log file, which now ends where the damage started.
    pub file: PathBuf,
    /// The file as it was found, kept whole (never deleted).
    pub kept_as: PathBuf,
    /// Where the damage starts: the records before it are kept, and applied when the
    /// store opens.
    pub damaged_at: u64,
    pub records_kept: u64,
    /// Whole records found after the damage, not applied: what is lost.
    pub records_lost: u64,
    /// Bytes from the damage to the end of the last record found after it.
    pub bytes_lost: u64,
    /// Of those, bytes no record accounts for (the damage itself).
    pub bytes_unreadable: u64,
    /// The channels whose records the lost ones wrote, as far as their keys say.
    pub channels: BTreeSet<ChannelId>,
    /// What the lost records wrote or removed (`channel 5: game metadata`), each once.
    pub lost: BTreeSet<String>,
}

/// Lines of [`DamagedLog::lost`] printed at most.
const LOST_SHOWN: usize = 40;

impl fmt::Display for DamagedLog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "write-ahead log {} was damaged at byte {}; the file as found is kept as {}",
            self.file.display(),
            self.damaged_at,
            self.kept_as.display()
        )?;
        writeln!(
            f,
            "  {} record(s) before the damage kept (applied when the store opens)",
            self.records_kept
        )?;
        writeln!(
            f,
            "  {} record(s) after it lost: {} bytes, {} of them unreadable",
            self.records_lost, self.bytes_lost, self.bytes_unreadable
        )?;
        if !self.channels.is_empty() {
            let channels: Vec<String> = self.channels.iter().map(u64::to_string).collect();
            writeln!(f, "  channels they touched: {}", channels.join(", "))?;
        }
        for what in self.lost.iter().take(LOST_SHOWN) {
            writeln!(f, "  lost: {what}")?;
        }
        if self.lost.len() > LOST_SHOWN {
            writeln!(f, "  … and {} more", self.lost.len() - LOST_SHOWN)?;
        }
        Ok(())
    }
}

fn io_error(what: &str, path: &Path, e: std::io::Error) -> StoreError {
    StoreError::Backend(format!("{what} {}: {e}", path.display()))
}

/// Sets aside every write-ahead log file of the store in `dir` that is damaged in its
/// middle (a bad record followed by good ones: the store refuses to open then, rather
/// than drop them unseen). The file is copied whole into `damaged/` next to it (synced),
/// then cut where the damage starts: the records before it are applied when the store
/// opens, the ones after are lost and reported. Run while the store is closed, before
/// opening it (`capomaestro store check`). A crash in between at worst leaves a second
/// copy in `damaged/`.
pub fn repair_log(dir: &Path) -> Result<Vec<DamagedLog>, StoreError> {
    let mut out = Vec::new();
    let files = wal::files(dir).map_err(|e| io_error("cannot list", dir, e))?;
    for (_, path) in files {
        let read = |e| io_error("cannot read", &path, e);
        let mut reader = LogReader::open(&path).map_err(read)?;
        let mut records_kept = 0;
        while reader.next_batch().map_err(read)?.is_some() {
            records_kept += 1;
        }
        let Ending::Damaged { at, mut next } = reader.ending().map_err(read)? else {
            continue;
        };
        let mut damaged = DamagedLog {
            file: path.clone(),
            kept_as: PathBuf::new(),
            damaged_at: at,
            records_kept,
            records_lost: 0,
            bytes_lost: 0,
            bytes_unreadable: next - at,
            channels: BTreeSet::new(),
            lost: BTreeSet::new(),
        };
        loop {
            reader.seek(next);
            while let Some(batch) = reader.next_batch().map_err(read)? {
                damaged.records_lost += 1;
                describe(&batch, &mut damaged);
            }
            match reader.ending().map_err(read)? {
                Ending::Damaged { at, next: after } => {
                    damaged.bytes_unreadable += after - at;
                    next = after;
                }
                Ending::Clean | Ending::Torn { .. } => break,
            }
        }
        damaged.bytes_lost = reader.position() - at;
        damaged.kept_as = set_aside(dir, &path, at)?;
        tracing::error!(
            file = %path.display(),
            kept_as = %damaged.kept_as.display(),
            records_lost = damaged.records_lost,
            "set aside a damaged write-ahead log file"
        );
        out.push(damaged);
    }
    Ok(out)
}

/// Copies log file `path` whole into the `damaged` folder (a new name there), durably,
/// then cuts the file at `at`, durably. Returns the copy's path.
fn set_aside(dir: &Path, path: &Path, at: u64) -> Result<PathBuf, StoreError> {
    let aside = dir.join(wal::DAMAGED_DIR);
    std::fs::create_dir_all(&aside).map_err(|e| io_error("cannot create", &aside, e))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut kept = aside.join(&name);
    let mut n = 1;
    while kept.exists() {
        kept = aside.join(format!("{name}.{n}"));
        n += 1;
    }
    let sync_dir = |d: &Path| File::open(d).and_then(|f| f.sync_all());
    std::fs::copy(path, &kept)
        .and_then(|_| File::open(&kept)?.sync_all())
        .and_then(|()| sync_dir(&aside))
        .and_then(|()| sync_dir(dir))
        .map_err(|e| io_error("cannot keep a copy of", path, e))?;
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .and_then(|f| {
            f.set_len(at)?;
            f.sync_all()
        })
        .map_err(|e| io_error("cannot cut", path, e))?;
    Ok(kept)
}

/// Adds what `batch` wrote to the report of lost records.
fn describe(batch: &Batch, into: &mut DamagedLog) {
    for op in &batch.ops {
        let (tree, key, value) = match op {
            Op::Put(t, k, v) => (*t, k.as_slice(), Some(v.as_slice())),
            Op::Remove(t, k) => (*t, k.as_slice(), None),
        };
        let channel_at = |at: usize| key_u64(key, at).ok();
        let (channel, what) = match tree {
            TreeId::Meta => (channel_at(0), "game metadata".to_string()),
            TreeId::Snapshot => (channel_at(0), "game state".to_string()),
            TreeId::Finished => (channel_at(0), "finished-game index".to_string()),
            TreeId::Notes => (
                channel_at(0),
                format!(
                    "note `{}`",
                    String::from_utf8_lossy(key.get(8..).unwrap_or(&[]))
                ),
            ),
            TreeId::Timers => {
                let kind = key.get(8).and_then(|&b| TimerKind::from_byte(b));
                (channel_at(0), format!("{kind:?} timer"))
            }
            TreeId::Archive => (
                channel_at(0),
                format!("archived game {}", channel_at(8).unwrap_or_default()),
            ),
            TreeId::Quarantine => (channel_at(0), "a quarantined record".to_string()),
            TreeId::Players => (
                channel_at(8),
                format!("seat of user {}", channel_at(0).unwrap_or_default()),
            ),
            TreeId::Log => {
                let (game, index) = (channel_at(0), channel_at(8));
                let text = match (game, index) {
                    (Some(g), Some(i)) => format!("game {g}: action {}", i + 1),
                    _ => "a logged action".to_string(),
                };
                into.lost.insert(text);
                continue;
            }
            TreeId::Outbox => {
                let id = channel_at(0).unwrap_or_default();
                match value.map(codec::row_address) {
                    Some(Ok((channel, _))) => {
                        (Some(channel), format!("message to send (row {id})"))
                    }
                    Some(Err(_)) => (None, format!("a message to send (row {id})")),
                    None => (None, format!("delivery of message row {id} marked done")),
                }
            }
            TreeId::Stats => (
                None,
                format!("stats of server {}", channel_at(0).unwrap_or_default()),
            ),
            TreeId::Ratings => (
                None,
                format!(
                    "a rating on `{}`",
                    String::from_utf8_lossy(key.split(|&b| b == 0).next().unwrap_or(&[]))
                ),
            ),
            TreeId::Rated => (
                None,
                format!("rated result {}", channel_at(0).unwrap_or_default()),
            ),
            TreeId::Default => (
                None,
                format!("store record `{}`", String::from_utf8_lossy(key)),
            ),
            TreeId::OutboxDue | TreeId::OutboxChannel | TreeId::TimersDue => {
                (None, "an index of an older layout".to_string())
            }
        };
        match channel {
            Some(c) => {
                into.channels.insert(c);
                into.lost.insert(format!("channel {c}: {what}"));
            }
            None => {
                into.lost.insert(what);
            }
        }
    }
}

fn state_name(status: Status) -> &'static str {
    match status {
        Status::Lobby => "lobby",
        Status::Running => "running",
        Status::Finished => "finished",
        Status::Abandoned => "abandoned",
    }
}

fn backend(e: impl fmt::Display) -> StoreError {
    StoreError::Backend(e.to_string())
}

impl SledStore {
    /// Decodes every record. A game whose metadata or snapshot does not decode is
    /// quarantined like `load` would; a bad log entry, archived game or outbox row is
    /// moved to quarantine with the reason (so the store only holds readable records).
    /// A record written by a newer build stops the check ([`StoreError::Newer`]): it is
    /// not damaged, and is left in place.
    pub fn check(&self, snapshot_ok: SnapshotCheck<'_>) -> Result<CheckReport, StoreError> {
        let mut report = CheckReport::default();
        let mut count = |kind: &'static str| *report.checked.entry(kind).or_default() += 1;
        let mut bad = Vec::new();

        for item in self.meta.iter() {
            let (k, v) = item.map_err(backend)?;
            let channel = key_u64(&k, 0)?;
            count("games");
            // Written by a newer build: refused, never quarantined.
            refuse_newer_record(&format!("The game in channel {channel}"), &v)?;
            let problem = match codec::decode_meta(&v) {
                Err(e) => Some(e),
                Ok(meta) if meta.schema > SCHEMA_VERSION => {
                    return Err(StoreError::Newer(format!(
                        "The game in channel {channel} was written by a newer version of \
                         capomaestro (metadata schema {}; this build reads {SCHEMA_VERSION} \
                         at most): run that version.",
                        meta.schema
                    )))
                }
                Ok(meta) if meta.status == Status::Lobby => None,
                Ok(meta) => match self.stored_state(&meta)? {
                    Err(e) => Some(e),
                    Ok((None, _)) => Some("the game state is missing".to_string()),
                    Ok((Some(snapshot), tail)) => snapshot_ok(&meta.game, &snapshot, &tail)
                        .err()
                        .map(|e| format!("game state unreadable: {e}")),
                },
            };
            if let Some(reason) = problem {
                self.quarantine(channel, &reason)?;
                bad.push(BadRecord {
                    what: format!("channel {channel} (metadata and snapshot)"),
                    reason,
                });
            }
        }

        for item in self.log.iter() {
            let (k, v) = item.map_err(backend)?;
            count("log entries");
            refuse_newer_record("A logged action", &v)?;
            if let Err(reason) = codec::decode_log(&v) {
                let (game, index) = (key_u64(&k, 0)?, key_u64(&k, 8)?);
                let what = format!("log of game {game}, entry {index}");
                self.set_aside(TreeId::Log, &k, 0, &what, &reason)?;
                bad.push(BadRecord { what, reason });
            }
        }

        for item in self.archive.iter() {
            let (k, v) = item.map_err(backend)?;
            count("archived games");
            refuse_newer_record("An archived game", &v)?;
            let problem = match codec::decode_archive(&v) {
                Err(e) => Some(e),
                Ok(a) if a.snapshot.is_empty() => None,
                Ok(a) => snapshot_ok(&a.meta.game, &a.snapshot, &[])
                    .err()
                    .map(|e| format!("final state unreadable: {e}")),
            };
            if let Some(reason) = problem {
                let (channel, game) = (key_u64(&k, 0)?, key_u64(&k, 8)?);
                let what = format!("archived game {game} of channel {channel}");
                self.set_aside(TreeId::Archive, &k, channel, &what, &reason)?;
                bad.push(BadRecord { what, reason });
            }
        }

        for item in self.outbox_tree().iter() {
            let (k, v) = item.map_err(backend)?;
            count("outbox rows");
            refuse_newer_record("A message to send", &v)?;
            if let Err(reason) = codec::decode_row(&v) {
                let id = key_u64(&k, 0)?;
                let what = format!("outbox row {id}");
                self.set_aside(TreeId::Outbox, &k, 0, &what, &reason)?;
                bad.push(BadRecord { what, reason });
            }
        }

        for item in self.quarantine.iter() {
            let (_, v) = item.map_err(backend)?;
            count("quarantined");
            if let Err(reason) = codec::decode_quarantined(&v) {
                bad.push(BadRecord {
                    what: "a quarantined record (left in place)".into(),
                    reason,
                });
            }
        }
        report.bad = bad;
        Ok(report)
    }

    /// Moves one raw record of `tree` to quarantine with the reason.
    fn set_aside(
        &self,
        tree: TreeId,
        key: &[u8],
        channel: ChannelId,
        what: &str,
        reason: &str,
    ) -> Result<(), StoreError> {
        let id = self.generate_id()?;
        let qkey = pair_key(channel, id);
        self.write(|b| {
            let record = Quarantined {
                channel,
                reason: format!("{what}: {reason}"),
                at: now(),
                meta_bytes: self
                    .tree(tree)
                    .map(|t| t.get(key))
                    .transpose()
                    .map_err(backend)?
                    .flatten()
                    .map(|v| v.to_vec())
                    .unwrap_or_default(),
                snapshot_bytes: None,
            };
            b.remove(tree, key);
            b.put(TreeId::Quarantine, qkey, codec::encode_quarantined(&record));
            Ok(())
        })
    }

    /// The channel's running game (or, without one, its newest archived game) as JSON.
    pub fn export(
        &self,
        channel: ChannelId,
        to_json: SnapshotToJson<'_>,
    ) -> Result<GameExport, AdminError> {
        let (archived, meta, snapshot, tail, outcome) = match self.load(channel)? {
            crate::Loaded::Found(record) => {
                (false, record.meta, record.snapshot, record.tail, None)
            }
            _ => match self.archived(channel)?.into_iter().next() {
                Some(ArchiveEntry {
                    meta,
                    outcome,
                    snapshot,
                }) => (
                    true,
                    meta,
                    Some(snapshot).filter(|s| !s.is_empty()),
                    Vec::new(),
                    outcome,
                ),
                None => return Err(AdminError::NoGame(channel)),
            },
        };
        let snapshot = match snapshot {
            Some(bytes) => Some(to_json(&meta.game, &bytes, &tail).map_err(|e| {
                StoreError::Backend(format!("the game state of channel {channel}: {e}"))
            })?),
            None => None,
        };
        Ok(GameExport {
            format: EXPORT_FORMAT.into(),
            version: EXPORT_VERSION,
            archived,
            log: self.log(meta.game_id)?,
            meta,
            snapshot,
            outcome,
        })
    }

    /// Stores an exported game in its channel under a fresh game id (so it never
    /// overwrites another game's log): a live game if it was live (refused when the
    /// channel has one), else into the archive. Returns the new game id.
    pub fn import(
        &self,
        game: &GameExport,
        from_json: SnapshotFromJson<'_>,
    ) -> Result<u64, AdminError> {
        if game.format != EXPORT_FORMAT {
            return Err(AdminError::BadExport(format!(
                "format is `{}`, expected `{EXPORT_FORMAT}`",
                game.format
            )));
        }
        if game.version > EXPORT_VERSION {
            return Err(AdminError::BadExport(format!(
                "written by a newer version (export {}, this build reads {EXPORT_VERSION})",
                game.version
            )));
        }
        if game.meta.version != game.log.len() as u64 {
            return Err(AdminError::BadExport(format!(
                "the metadata counts {} actions but the log has {}",
                game.meta.version,
                game.log.len()
            )));
        }
        let snapshot = match &game.snapshot {
            Some(json) => Some(
                from_json(&game.meta.game, json)
                    .map_err(|e| AdminError::BadExport(format!("game state: {e}")))?,
            ),
            None if game.meta.status == Status::Lobby || game.archived => None,
            None => return Err(AdminError::BadExport("the game state is missing".into())),
        };
        let channel = game.meta.channel;
        if !game.archived && !matches!(self.load(channel)?, crate::Loaded::Empty) {
            return Err(AdminError::Occupied(channel));
        }
        let game_id = self.next_game_id()?;
        let meta = Meta {
            game_id,
            ..game.meta.clone()
        };
        let key = channel.to_be_bytes();
        let meta_bytes = codec::encode_meta(&meta);
        let archive_bytes = codec::encode_archive(&ArchiveEntry {
            meta: meta.clone(),
            outcome: game.outcome.clone(),
            snapshot: snapshot.clone().unwrap_or_default(),
        });
        let log: Vec<([u8; 16], Vec<u8>)> = game
            .log
            .iter()
            .enumerate()
            .map(|(i, e)| (pair_key(game_id, i as u64), codec::encode_log(e)))
            .collect();
        self.write(|b| {
            for (k, v) in &log {
                b.put(TreeId::Log, k, v);
            }
            if game.archived {
                b.put(TreeId::Archive, pair_key(channel, game_id), &archive_bytes);
                return Ok(());
            }
            b.put(TreeId::Meta, key, &meta_bytes);
            if let Some(s) = &snapshot {
                b.put_vec(
                    TreeId::Snapshot,
                    key,
                    codec::encode_snapshot(meta.version, s),
                );
            }
            if meta.status == Status::Finished {
                b.put(TreeId::Finished, key, []);
            }
            Ok(())
        })?;
        Ok(game_id)
    }

    /// Counts games by title and state, records and bytes per tree, and disk use.
    pub fn stats(&self) -> Result<Stats, StoreError> {
        let mut stats = Stats::default();
        for item in self.meta.iter() {
            let (_, v) = item.map_err(backend)?;
            let (game, state) = match codec::decode_meta(&v) {
                Ok(m) => (m.game, state_name(m.status)),
                Err(_) => ("?".to_string(), "unreadable"),
            };
            *stats.games.entry((game, state.into())).or_default() += 1;
        }
        for item in self.archive.iter() {
            let (_, v) = item.map_err(backend)?;
            let game = codec::decode_archive(&v).map_or_else(|_| "?".to_string(), |a| a.meta.game);
            *stats.games.entry((game, "archived".into())).or_default() += 1;
        }
        for (name, tree) in [
            ("meta", &self.meta),
            ("snapshot", &self.snapshot),
            ("log", &self.log),
            ("archive", &self.archive),
            ("quarantine", &self.quarantine),
            ("outbox", self.outbox_tree()),
            ("notes", &self.notes),
        ] {
            let (mut n, mut bytes) = (0u64, 0u64);
            for item in tree.iter() {
                let (k, v) = item.map_err(backend)?;
                n += 1;
                bytes += (k.len() + v.len()) as u64;
            }
            stats.trees.insert(name.to_string(), (n, bytes));
        }
        stats.disk_bytes = self.db.size_on_disk().map_err(backend)?;
        Ok(stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Commit, Loaded, SeatedUser, SCHEMA_VERSION};
    use serde_json::json;

    // An engine stand-in: a snapshot is JSON text (`{"height": h}`), and every logged
    // action after it adds 1 to the height.
    fn to_json(_: &str, bytes: &[u8], tail: &[LogEntry]) -> Result<Value, String> {
        let mut state: Value = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
        let height = state["height"].as_f64().ok_or("no height")?;
        state["height"] = json!(height + tail.len() as f64);
        Ok(state)
    }
    fn ok(game: &str, bytes: &[u8], tail: &[LogEntry]) -> Result<(), String> {
        to_json(game, bytes, tail).map(drop)
    }
    fn from_json(_: &str, v: &Value) -> Result<Vec<u8>, String> {
        Ok(v.to_string().into_bytes())
    }

    fn meta(channel: ChannelId, game_id: u64, version: u64, status: Status) -> Meta {
        Meta {
            schema: SCHEMA_VERSION,
            game_id,
            channel,
            game: "villa".into(),
            options: json!({}),
            seed: 1,
            seats: vec![SeatedUser::person(1, "ana")],
            host: 1,
            status,
            created: 1,
            updated: 2,
            version,
            guild: 0,
            settings: Default::default(),
            dropped: vec![],
            nudged_ms: 0,
            away: vec![],
        }
    }

    fn entry(n: u64) -> LogEntry {
        LogEntry {
            seat: 0,
            action: json!({"Place": [n, 0.1]}),
            text: format!("place {n}"),
            public: vec![],
            at: 3,
        }
    }

    /// A store with a running game in channel 1 (two actions, the snapshot stored with the
    /// first) and an archived one in 2.
    fn filled() -> (tempfile::TempDir, SledStore) {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        for v in 1..=2 {
            store
                .commit(Commit {
                    meta: &meta(1, 10, v, Status::Running),
                    snapshot: (v == 1).then_some(&b"{\"height\":1.5}"[..]),
                    entry: Some(&entry(v)),
                    outbox: &[],
                    timers: &[],
                    seats: None,
                })
                .unwrap();
        }
        store
            .archive(
                &ArchiveEntry {
                    meta: meta(2, 20, 0, Status::Finished),
                    outcome: Some(json!({"winners": [0]})),
                    snapshot: b"{\"height\":9}".to_vec(),
                },
                &[],
            )
            .unwrap();
        (dir, store)
    }

    #[test]
    fn export_import_round_trip_under_a_new_game_id() {
        let (_dir, store) = filled();
        let live = store.export(1, &to_json).unwrap();
        assert!(!live.archived);
        // The current state: the stored snapshot and the action after it.
        assert_eq!(live.snapshot, Some(json!({"height": 2.5})));
        assert_eq!(live.log, vec![entry(1), entry(2)]);
        let text = serde_json::to_string(&live).unwrap();
        let back: GameExport = serde_json::from_str(&text).unwrap();
        assert!(matches!(
            store.import(&back, &from_json),
            Err(AdminError::Occupied(1))
        ));

        let other_dir = tempfile::tempdir().unwrap();
        let other = SledStore::open(other_dir.path()).unwrap();
        let id = other.import(&back, &from_json).unwrap();
        let again = other.export(1, &to_json).unwrap();
        assert_eq!(again.meta.game_id, id);
        assert_eq!(
            GameExport {
                meta: Meta {
                    game_id: 10,
                    ..again.meta.clone()
                },
                ..again
            },
            live
        );

        let archived = store.export(2, &to_json).unwrap();
        assert!(archived.archived);
        assert_eq!(archived.outcome, Some(json!({"winners": [0]})));
        other.import(&archived, &from_json).unwrap();
        assert_eq!(other.archived(2).unwrap().len(), 1);
        assert!(matches!(other.load(2).unwrap(), Loaded::Empty));
        // The imported game's snapshot is its current state: nothing left to apply.
        let Loaded::Found(imported) = other.load(1).unwrap() else {
            panic!("the imported game loads")
        };
        assert!(imported.tail.is_empty());
        assert_eq!(imported.snapshot.as_deref(), Some(&b"{\"height\":2.5}"[..]));
        assert!(matches!(
            store.export(3, &to_json),
            Err(AdminError::NoGame(3))
        ));
    }

    #[test]
    fn import_refuses_a_log_that_does_not_match_the_metadata() {
        let (_dir, store) = filled();
        let mut game = store.export(1, &to_json).unwrap();
        game.log.pop();
        game.meta.channel = 5;
        let err = store.import(&game, &from_json).unwrap_err();
        assert!(err.to_string().contains("log has 1"), "{err}");
        game.log.push(entry(2));
        game.format = "other".into();
        assert!(matches!(
            store.import(&game, &from_json),
            Err(AdminError::BadExport(_))
        ));
    }

    #[test]
    fn check_quarantines_each_kind_of_bad_record() {
        let (_dir, store) = filled();
        let report = store.check(&ok).unwrap();
        assert!(report.bad.is_empty(), "{report}");
        assert_eq!(report.checked["games"], 1);
        assert_eq!(report.checked["log entries"], 2);
        assert_eq!(report.checked["archived games"], 1);

        store.put_raw_snapshot(1, b"{cut").unwrap();
        store.log.insert(pair_key(10, 5), &[0xC1, 1, 0xff]).unwrap();
        store.archive.insert(pair_key(2, 21), &b"[1,2"[..]).unwrap();
        store
            .outbox_tree()
            .insert(9u64.to_be_bytes(), &b"?"[..])
            .unwrap();
        let report = store.check(&ok).unwrap();
        let what: Vec<&str> = report.bad.iter().map(|b| b.what.as_str()).collect();
        assert_eq!(
            what,
            [
                "channel 1 (metadata and snapshot)",
                "log of game 10, entry 5",
                "archived game 21 of channel 2",
                "outbox row 9",
            ],
            "{report}"
        );
        assert!(report.bad[0].reason.contains("game state unreadable"));
        assert_eq!(store.quarantined().unwrap().len(), 4);
        // Set aside, not lost; the store is sound again and nothing dangles.
        let report = store.check(&ok).unwrap();
        assert!(report.bad.is_empty(), "{report}");
        assert_eq!(store.next_due().unwrap(), None);
        assert!(matches!(store.load(1).unwrap(), Loaded::Empty));
        assert_eq!(store.log(10).unwrap(), vec![entry(1), entry(2)]);
    }

    #[test]
    fn check_quarantines_a_game_whose_log_after_the_snapshot_has_a_gap() {
        let (_dir, store) = filled();
        store.log.remove(pair_key(10, 1)).unwrap();
        let report = store.check(&ok).unwrap();
        assert_eq!(report.bad.len(), 1, "{report}");
        assert_eq!(report.bad[0].what, "channel 1 (metadata and snapshot)");
        assert!(
            report.bad[0].reason.contains("action 2 is missing"),
            "{report}"
        );
        assert!(matches!(store.load(1).unwrap(), Loaded::Empty));
    }

    #[test]
    fn stats_count_games_by_title_and_state() {
        let (_dir, store) = filled();
        let stats = store.stats().unwrap();
        assert_eq!(stats.games[&("villa".into(), "running".into())], 1);
        assert_eq!(stats.games[&("villa".into(), "archived".into())], 1);
        assert_eq!(stats.trees["log"].0, 2);
        assert!(stats.disk_bytes > 0);
        let text = stats.to_string();
        assert!(text.contains("villa      running    1"), "{text}");
    }
}
