//! The sled 0.34 implementation of [`Store`].

use crate::{
    now, ArchiveEntry, ChannelId, Commit, Loaded, LogEntry, Meta, NewOutbox, OutboxRow,
    Quarantined, Record, Status, Store, StoreError, SCHEMA_VERSION,
};
use sled::transaction::{ConflictableTransactionError, TransactionError, Transactional};
use std::path::Path;

/// Trees: `meta` and `snapshot` keyed by channel; `log` keyed by (game id, index);
/// `archive` keyed by (channel, game id); `quarantine` keyed by (channel, sled id);
/// `outbox` keyed by row id; `outbox_due` keyed by (due ms, row id) → channel;
/// `notes` keyed by (channel, name); `finished` keyed by channel (finished, unarchived).
pub struct SledStore {
    db: sled::Db,
    meta: sled::Tree,
    snapshot: sled::Tree,
    log: sled::Tree,
    archive: sled::Tree,
    quarantine: sled::Tree,
    outbox: sled::Tree,
    outbox_due: sled::Tree,
    notes: sled::Tree,
    finished: sled::Tree,
}

fn backend(e: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(e.to_string())
}

fn tx_error(e: TransactionError<StoreError>) -> StoreError {
    match e {
        TransactionError::Abort(e) => e,
        TransactionError::Storage(e) => backend(e),
    }
}

fn encode<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(value).map_err(|e| StoreError::Encode(e.to_string()))
}

fn pair_key(a: u64, b: u64) -> [u8; 16] {
    let mut k = [0u8; 16];
    k[..8].copy_from_slice(&a.to_be_bytes());
    k[8..].copy_from_slice(&b.to_be_bytes());
    k
}

impl SledStore {
    /// Opens (or creates) the store in `dir`.
    pub fn open(dir: impl AsRef<Path>) -> Result<Self, StoreError> {
        let db = sled::Config::new().path(dir.as_ref()).open().map_err(|e| {
            StoreError::Backend(format!("cannot open {}: {e}", dir.as_ref().display()))
        })?;
        Ok(SledStore {
            meta: db.open_tree("meta").map_err(backend)?,
            snapshot: db.open_tree("snapshot").map_err(backend)?,
            log: db.open_tree("log").map_err(backend)?,
            archive: db.open_tree("archive").map_err(backend)?,
            quarantine: db.open_tree("quarantine").map_err(backend)?,
            outbox: db.open_tree("outbox").map_err(backend)?,
            outbox_due: db.open_tree("outbox_due").map_err(backend)?,
            notes: db.open_tree("notes").map_err(backend)?,
            finished: db.open_tree("finished").map_err(backend)?,
            db,
        })
    }

    /// Test hook: overwrites a channel's raw metadata bytes (to simulate corruption).
    pub fn put_raw_meta(&self, channel: ChannelId, bytes: &[u8]) -> Result<(), StoreError> {
        self.meta
            .insert(channel.to_be_bytes(), bytes)
            .map_err(backend)?;
        self.flush()
    }

    /// Test hook: overwrites a channel's raw snapshot bytes (to simulate corruption).
    pub fn put_raw_snapshot(&self, channel: ChannelId, bytes: &[u8]) -> Result<(), StoreError> {
        self.snapshot
            .insert(channel.to_be_bytes(), bytes)
            .map_err(backend)?;
        self.flush()
    }

    fn decode_meta(&self, bytes: &[u8]) -> Result<Meta, String> {
        let meta: Meta =
            serde_json::from_slice(bytes).map_err(|e| format!("metadata unreadable: {e}"))?;
        if meta.schema > SCHEMA_VERSION {
            return Err(format!(
                "written by a newer version (schema {}, this build reads {SCHEMA_VERSION})",
                meta.schema
            ));
        }
        Ok(meta)
    }
}

impl Store for SledStore {
    fn load(&self, channel: ChannelId) -> Result<Loaded, StoreError> {
        let Some(meta_bytes) = self.meta.get(channel.to_be_bytes()).map_err(backend)? else {
            return Ok(Loaded::Empty);
        };
        match self.decode_meta(&meta_bytes) {
            Ok(meta) => {
                let snapshot = self
                    .snapshot
                    .get(channel.to_be_bytes())
                    .map_err(backend)?
                    .map(|v| v.to_vec());
                Ok(Loaded::Found(Record { meta, snapshot }))
            }
            Err(reason) => {
                self.quarantine(channel, &reason)?;
                Ok(Loaded::Quarantined(reason))
            }
        }
    }

    fn commit(&self, commit: Commit<'_>) -> Result<Vec<u64>, StoreError> {
        let key = commit.meta.channel.to_be_bytes();
        let meta_bytes = encode(commit.meta)?;
        let finished = commit.meta.status == Status::Finished;
        let entry = match commit.entry {
            Some(e) => {
                let index = commit.meta.version.checked_sub(1).ok_or_else(|| {
                    StoreError::Encode("a log entry needs meta.version >= 1".into())
                })?;
                Some((pair_key(commit.meta.game_id, index), encode(e)?))
            }
            None => None,
        };
        let rows = self.outbox_rows(commit.outbox)?;
        (
            &self.meta,
            &self.snapshot,
            &self.log,
            &self.outbox,
            &self.outbox_due,
            &self.finished,
        )
            .transaction(|(meta, snapshot, log, outbox, due, fin)| {
                meta.insert(&key, meta_bytes.as_slice())?;
                if let Some(s) = commit.snapshot {
                    snapshot.insert(&key, s)?;
                }
                if let Some((k, v)) = &entry {
                    if log.get(k)?.is_some() {
                        return Err(ConflictableTransactionError::Abort(StoreError::Backend(
                            "log entry already exists (concurrent writer?)".into(),
                        )));
                    }
                    log.insert(k, v.as_slice())?;
                }
                if finished {
                    fin.insert(&key, &[])?;
                }
                for (row, bytes) in &rows {
                    outbox.insert(&row.id.to_be_bytes(), bytes.as_slice())?;
                    due.insert(&pair_key(row.due_ms, row.id), &row.channel.to_be_bytes())?;
                }
                Ok(())
            })
            .map_err(tx_error)?;
        self.flush()?;
        Ok(rows.iter().map(|(r, _)| r.id).collect())
    }

    fn log(&self, game_id: u64) -> Result<Vec<LogEntry>, StoreError> {
        let mut out = Vec::new();
        for item in self.log.scan_prefix(game_id.to_be_bytes()) {
            let (k, v) = item.map_err(backend)?;
            let entry: LogEntry = serde_json::from_slice(&v).map_err(|e| {
                StoreError::Backend(format!(
                    "log entry {:?} of game {game_id} unreadable: {e}",
                    &k[8..]
                ))
            })?;
            out.push(entry);
        }
        Ok(out)
    }

    fn archive(&self, entry: &ArchiveEntry) -> Result<(), StoreError> {
        let key = entry.meta.channel.to_be_bytes();
        let archive_key = pair_key(entry.meta.channel, entry.meta.game_id);
        let bytes = encode(entry)?;
        (&self.meta, &self.snapshot, &self.archive, &self.finished)
            .transaction(|(meta, snapshot, archive, fin)| {
                meta.remove(&key)?;
                snapshot.remove(&key)?;
                fin.remove(&key)?;
                archive.insert(&archive_key, bytes.as_slice())?;
                Ok(())
            })
            .map_err(tx_error)?;
        self.flush()
    }

    fn archived(&self, channel: ChannelId) -> Result<Vec<ArchiveEntry>, StoreError> {
        let mut out = Vec::new();
        for item in self.archive.scan_prefix(channel.to_be_bytes()).rev() {
            let (_, v) = item.map_err(backend)?;
            // An unreadable archive entry is skipped rather than hiding the others.
            if let Ok(entry) = serde_json::from_slice::<ArchiveEntry>(&v) {
                out.push(entry);
            }
        }
        Ok(out)
    }

    fn quarantine(&self, channel: ChannelId, reason: &str) -> Result<(), StoreError> {
        let key = channel.to_be_bytes();
        let id = self.db.generate_id().map_err(backend)?;
        let qkey = pair_key(channel, id);
        let reason = reason.to_string();
        (&self.meta, &self.snapshot, &self.quarantine)
            .transaction(|(meta, snapshot, quarantine)| {
                let record = Quarantined {
                    channel,
                    reason: reason.clone(),
                    at: now(),
                    meta_bytes: meta.remove(&key)?.map(|v| v.to_vec()).unwrap_or_default(),
                    snapshot_bytes: snapshot.remove(&key)?.map(|v| v.to_vec()),
                };
                let bytes = serde_json::to_vec(&record).map_err(|e| {
                    ConflictableTransactionError::Abort(StoreError::Encode(e.to_string()))
                })?;
                quarantine.insert(&qkey, bytes)?;
                Ok(())
            })
            .map_err(tx_error)?;
        self.flush()
    }

    fn quarantined(&self) -> Result<Vec<Quarantined>, StoreError> {
        self.quarantine
            .iter()
            .map(|item| {
                let (_, v) = item.map_err(backend)?;
                serde_json::from_slice(&v).map_err(|e| StoreError::Backend(e.to_string()))
            })
            .collect()
    }

    fn next_game_id(&self) -> Result<u64, StoreError> {
        // sled ids start at 0; keep 0 free as "no game".
        self.db.generate_id().map(|id| id + 1).map_err(backend)
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.db.flush().map(|_| ()).map_err(backend)
    }

    fn enqueue(&self, rows: &[NewOutbox]) -> Result<Vec<u64>, StoreError> {
        let rows = self.outbox_rows(rows)?;
        (&self.outbox, &self.outbox_due)
            .transaction(|(outbox, due)| {
                for (row, bytes) in &rows {
                    outbox.insert(&row.id.to_be_bytes(), bytes.as_slice())?;
                    due.insert(&pair_key(row.due_ms, row.id), &row.channel.to_be_bytes())?;
                }
                Ok(())
            })
            .map_err(tx_error)?;
        self.flush()?;
        Ok(rows.iter().map(|(r, _)| r.id).collect())
    }

    fn due_outbox(&self, now_ms: u64, limit: usize) -> Result<Vec<OutboxRow>, StoreError> {
        let mut out = Vec::new();
        for item in self
            .outbox_due
            .range(..pair_key(now_ms.saturating_add(1), 0))
        {
            if out.len() >= limit {
                break;
            }
            let (k, _) = item.map_err(backend)?;
            let id = u64::from_be_bytes(k[8..16].try_into().map_err(backend)?);
            if let Some(row) = self.outbox_row(id)? {
                out.push(row);
            }
        }
        Ok(out)
    }

    fn channel_outbox(&self, channel: ChannelId) -> Result<Vec<OutboxRow>, StoreError> {
        let mut out = Vec::new();
        for item in self.outbox.iter() {
            let (_, v) = item.map_err(backend)?;
            let row = decode_row(&v)?;
            if row.channel == channel {
                out.push(row);
            }
        }
        Ok(out)
    }

    fn outbox_row(&self, id: u64) -> Result<Option<OutboxRow>, StoreError> {
        match self.outbox.get(id.to_be_bytes()).map_err(backend)? {
            Some(v) => decode_row(&v).map(Some),
            None => Ok(None),
        }
    }

    fn next_due(&self) -> Result<Option<u64>, StoreError> {
        match self.outbox_due.first().map_err(backend)? {
            Some((k, _)) => Ok(Some(u64::from_be_bytes(
                k[..8].try_into().map_err(backend)?,
            ))),
            None => Ok(None),
        }
    }

    fn outbox_done(&self, id: u64) -> Result<(), StoreError> {
        let Some(row) = self.outbox_row(id)? else {
            return Ok(());
        };
        (&self.outbox, &self.outbox_due)
            .transaction(|(outbox, due)| {
                outbox.remove(&id.to_be_bytes())?;
                due.remove(&pair_key(row.due_ms, id))?;
                Ok(())
            })
            .map_err(tx_error)?;
        self.flush()
    }

    fn outbox_retry(&self, id: u64, due_ms: u64, attempts: u32) -> Result<(), StoreError> {
        let Some(row) = self.outbox_row(id)? else {
            return Ok(());
        };
        let next = OutboxRow {
            due_ms,
            attempts,
            ..row.clone()
        };
        let bytes = encode(&next)?;
        (&self.outbox, &self.outbox_due)
            .transaction(|(outbox, due)| {
                outbox.insert(&id.to_be_bytes(), bytes.as_slice())?;
                due.remove(&pair_key(row.due_ms, id))?;
                due.insert(&pair_key(due_ms, id), &row.channel.to_be_bytes())?;
                Ok(())
            })
            .map_err(tx_error)?;
        self.flush()
    }

    fn put_note(&self, channel: ChannelId, name: &str, value: &[u8]) -> Result<(), StoreError> {
        self.notes
            .insert(note_key(channel, name), value)
            .map_err(backend)?;
        self.flush()
    }

    fn note(&self, channel: ChannelId, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self
            .notes
            .get(note_key(channel, name))
            .map_err(backend)?
            .map(|v| v.to_vec()))
    }

    fn finished_unarchived(&self) -> Result<Vec<ChannelId>, StoreError> {
        self.finished
            .iter()
            .map(|item| {
                let (k, _) = item.map_err(backend)?;
                Ok(u64::from_be_bytes(k[..8].try_into().map_err(backend)?))
            })
            .collect()
    }
}

fn decode_row(bytes: &[u8]) -> Result<OutboxRow, StoreError> {
    serde_json::from_slice(bytes)
        .map_err(|e| StoreError::Backend(format!("outbox row unreadable: {e}")))
}

fn note_key(channel: ChannelId, name: &str) -> Vec<u8> {
    let mut k = channel.to_be_bytes().to_vec();
    k.extend_from_slice(name.as_bytes());
    k
}

impl SledStore {
    /// Assigns ids to new outbox rows and encodes them (outside the transaction, so a
    /// retried transaction keeps the same ids).
    fn outbox_rows(&self, rows: &[NewOutbox]) -> Result<Vec<(OutboxRow, Vec<u8>)>, StoreError> {
        rows.iter()
            .map(|r| {
                let row = OutboxRow {
                    id: self.db.generate_id().map_err(backend)?,
                    channel: r.channel,
                    due_ms: r.due_ms,
                    attempts: 0,
                    payload: r.payload.clone(),
                };
                let bytes = encode(&row)?;
                Ok((row, bytes))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SeatedUser, Status};
    use serde_json::json;

    fn meta(channel: ChannelId, game_id: u64, version: u64) -> Meta {
        Meta {
            schema: SCHEMA_VERSION,
            game_id,
            channel,
            game: "countdown".into(),
            options: json!({}),
            seed: 7,
            seats: vec![SeatedUser {
                user: 1,
                name: "ana".into(),
            }],
            host: 1,
            status: Status::Running,
            created: 1,
            updated: 2,
            version,
        }
    }

    fn entry(n: u64) -> LogEntry {
        LogEntry {
            seat: 0,
            action: json!({"Add": n}),
            text: format!("add {n}"),
            public: vec![format!("ana added {n}.")],
            at: 3,
        }
    }

    #[test]
    fn commit_then_load_and_log_survive_reopen() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path()).unwrap();
            store
                .commit(Commit {
                    meta: &meta(5, 9, 0),
                    snapshot: Some(b"s0"),
                    entry: None,
                    outbox: &[],
                })
                .unwrap();
            for v in 1..=3 {
                let e = entry(v);
                store
                    .commit(Commit {
                        meta: &meta(5, 9, v),
                        snapshot: Some(format!("s{v}").as_bytes()),
                        entry: Some(&e),
                        outbox: &[],
                    })
                    .unwrap();
            }
        }
        let store = SledStore::open(dir.path()).unwrap();
        match store.load(5).unwrap() {
            Loaded::Found(r) => {
                assert_eq!(r.meta, meta(5, 9, 3));
                assert_eq!(r.snapshot.as_deref(), Some(&b"s3"[..]));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(store.log(9).unwrap(), vec![entry(1), entry(2), entry(3)]);
        assert_eq!(store.load(6).unwrap(), Loaded::Empty);
    }

    #[test]
    fn a_log_index_is_never_overwritten() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let e = entry(1);
        store
            .commit(Commit {
                meta: &meta(1, 1, 1),
                snapshot: Some(b"a"),
                entry: Some(&e),
                outbox: &[],
            })
            .unwrap();
        let err = store
            .commit(Commit {
                meta: &meta(1, 1, 1),
                snapshot: Some(b"b"),
                entry: Some(&entry(2)),
                outbox: &[],
            })
            .unwrap_err();
        assert!(err.to_string().contains("already exists"), "{err}");
        // The failed transaction changed nothing.
        match store.load(1).unwrap() {
            Loaded::Found(r) => assert_eq!(r.snapshot.as_deref(), Some(&b"a"[..])),
            other => panic!("{other:?}"),
        }
        assert_eq!(store.log(1).unwrap(), vec![e]);
    }

    #[test]
    fn corrupted_meta_is_quarantined_and_others_load() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        store
            .commit(Commit {
                meta: &meta(1, 1, 0),
                snapshot: Some(b"one"),
                entry: None,
                outbox: &[],
            })
            .unwrap();
        store
            .commit(Commit {
                meta: &meta(2, 2, 0),
                snapshot: Some(b"two"),
                entry: None,
                outbox: &[],
            })
            .unwrap();
        store.put_raw_meta(1, b"{not json").unwrap();
        match store.load(1).unwrap() {
            Loaded::Quarantined(reason) => {
                assert!(reason.contains("metadata unreadable"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(store.load(1).unwrap(), Loaded::Empty);
        assert!(matches!(store.load(2).unwrap(), Loaded::Found(_)));
        let q = store.quarantined().unwrap();
        assert_eq!(q.len(), 1);
        assert_eq!(q[0].meta_bytes, b"{not json");
        assert_eq!(q[0].snapshot_bytes.as_deref(), Some(&b"one"[..]));
    }

    #[test]
    fn newer_schema_is_quarantined_not_misread() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let mut m = meta(3, 3, 0);
        m.schema = SCHEMA_VERSION + 1;
        store
            .commit(Commit {
                meta: &m,
                snapshot: None,
                entry: None,
                outbox: &[],
            })
            .unwrap();
        assert!(
            matches!(store.load(3).unwrap(), Loaded::Quarantined(r) if r.contains("newer version"))
        );
    }

    #[test]
    fn archive_moves_the_table_and_keeps_the_log() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let e = entry(1);
        let mut m = meta(4, 8, 1);
        store
            .commit(Commit {
                meta: &m,
                snapshot: Some(b"x"),
                entry: Some(&e),
                outbox: &[],
            })
            .unwrap();
        m.status = Status::Finished;
        let archived = ArchiveEntry {
            meta: m.clone(),
            outcome: Some(json!({"w": 1})),
            snapshot: b"x".to_vec(),
        };
        store.archive(&archived).unwrap();
        assert_eq!(store.load(4).unwrap(), Loaded::Empty);
        assert_eq!(store.archived(4).unwrap(), vec![archived]);
        assert_eq!(store.log(8).unwrap(), vec![e]);
        assert!(store.next_game_id().unwrap() >= 1);
    }

    fn row(channel: ChannelId, due_ms: u64, text: &str) -> NewOutbox {
        NewOutbox {
            channel,
            due_ms,
            payload: text.as_bytes().to_vec(),
        }
    }

    #[test]
    fn outbox_rows_commit_with_the_state_and_survive_until_done() {
        let dir = tempfile::tempdir().unwrap();
        let ids = {
            let store = SledStore::open(dir.path()).unwrap();
            let e = entry(1);
            let ids = store
                .commit(Commit {
                    meta: &meta(7, 3, 1),
                    snapshot: Some(b"s1"),
                    entry: Some(&e),
                    outbox: &[
                        row(7, 100, "post"),
                        row(7, 100, "dm"),
                        row(7, 5_000, "timer"),
                    ],
                })
                .unwrap();
            assert_eq!(ids.len(), 3);
            assert!(ids[0] < ids[1] && ids[1] < ids[2]);
            ids
        };
        // Reopened: the rows are pending, oldest first, timers only when due.
        let store = SledStore::open(dir.path()).unwrap();
        let due: Vec<u64> = store
            .due_outbox(200, 10)
            .unwrap()
            .iter()
            .map(|r| r.id)
            .collect();
        assert_eq!(due, ids[..2].to_vec());
        assert_eq!(store.next_due().unwrap(), Some(100));
        store.outbox_done(ids[0]).unwrap();
        store.outbox_retry(ids[1], 300, 1).unwrap();
        assert!(store.due_outbox(200, 10).unwrap().is_empty());
        let later = store.due_outbox(10_000, 10).unwrap();
        assert_eq!(later.len(), 2);
        assert_eq!(
            (later[0].id, later[0].attempts, later[0].payload.as_slice()),
            (ids[1], 1, &b"dm"[..])
        );
        assert_eq!(store.channel_outbox(7).unwrap().len(), 2);
        assert!(store.channel_outbox(8).unwrap().is_empty());
        assert_eq!(store.outbox_row(ids[0]).unwrap(), None);
    }

    #[test]
    fn a_finished_game_stays_indexed_until_archived() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path()).unwrap();
        let mut m = meta(9, 4, 1);
        m.status = Status::Finished;
        store.commit(Commit::meta(&m)).unwrap();
        assert_eq!(store.finished_unarchived().unwrap(), vec![9]);
        store
            .archive(&ArchiveEntry {
                meta: m,
                outcome: None,
                snapshot: vec![],
            })
            .unwrap();
        assert!(store.finished_unarchived().unwrap().is_empty());
        store.put_note(9, "turn", b"123").unwrap();
        assert_eq!(store.note(9, "turn").unwrap().as_deref(), Some(&b"123"[..]));
        assert_eq!(store.note(9, "other").unwrap(), None);
    }
}
