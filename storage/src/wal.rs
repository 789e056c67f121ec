//! The store's write-ahead log: what makes a write durable.
//!
//! Every change to the store is a [`Batch`] of puts and removals of whole values. A
//! writer appends its batch as one record to the current log file and applies it to
//! sled (in memory), both under the log's lock (so records are in the order sled saw
//! them), then waits for an `fdatasync` of the log that started after its append,
//! shared with the writers around it (group commit). Sled itself is flushed only at a
//! checkpoint, after which the log files it covers are deleted. On open, the records
//! left in the log are applied again in order: every operation sets or removes a whole
//! value, so a record applied twice leaves the same state, and the last record touching
//! a key decides its value, whatever sled kept of the writes before the crash.
//!
//! A file `wal-<seq>.log` is an 8-byte header ([`MAGIC`]) followed by records: payload
//! length (u32 LE), CRC-32 of length and payload XOR a mask derived from `seq` (u32
//! LE), payload. A record cut short by a crash, or not matching its checksum, ends the
//! file: nothing after it was ever acknowledged (its writer had not seen the
//! `fdatasync`).
//!
//! Files are reused: a checkpoint keeps one file whose records are all in sled as
//! `wal-spare`, and the next new log file is that one, renamed and written over from
//! the start. Its blocks are allocated and written already, so a record overwrites
//! them in place and an `fdatasync` writes the record alone; appending to a growing
//! file would also write the inode (its size) each time, and filling space reserved by
//! `fallocate` would too (its extent map). A store without a spare gets one written
//! with zeros by the checkpoint thread ([`prepare_spare`]) once its first file is busy
//! (see `sled_store`); until then it logs to a file reserved by `fallocate`, which is
//! kept as a spare only if its records filled it. The old records left behind the new
//! ones
//! end the file like a torn tail: their checksums were masked with another `seq`.
//! Files of format 1 (no mask; written by older builds) are still read.

use std::fs::{File, OpenOptions};
use std::io::{self, Read};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

/// First bytes of every log file (format version in the last byte).
pub(crate) const MAGIC: &[u8; 8] = b"CMWAL\0\0\x02";
/// The header of format 1 (checksums not masked), still read.
const MAGIC_V1: &[u8; 8] = b"CMWAL\0\0\x01";
/// A log file kept for reuse as the next one.
const SPARE: &str = "wal-spare";
/// A spare being written with zeros; renamed to [`SPARE`] once complete (never read).
const SPARE_NEW: &str = "wal-spare.new";
/// Bytes before the payload of a record.
const RECORD_HEADER: usize = 8;
/// A record longer than this is not one (a corrupted length).
const MAX_RECORD: usize = 1 << 30;
/// Bytes allocated ahead in a brand-new log file (the checkpoint starts a new file
/// after 4 MiB of records).
pub(crate) const PREALLOCATE: u64 = 6 << 20;

/// The mask of the checksums in log file `seq` (never 0, the mask of format 1).
fn seal(seq: u64) -> u32 {
    match (seq.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as u32 {
        0 => 1,
        m => m,
    }
}

/// The sled trees a batch can touch (`Default` is the database's own tree).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum TreeId {
    Default = 0,
    Meta,
    Snapshot,
    Log,
    Archive,
    Quarantine,
    Outbox,
    /// Layout 2's outbox indexes: no longer written (indexed in memory); ignored when an
    /// older build's log is applied.
    OutboxDue,
    OutboxChannel,
    Notes,
    Finished,
    Timers,
    TimersDue,
    Players,
    Stats,
}

impl TreeId {
    const ALL: [TreeId; 15] = [
        TreeId::Default,
        TreeId::Meta,
        TreeId::Snapshot,
        TreeId::Log,
        TreeId::Archive,
        TreeId::Quarantine,
        TreeId::Outbox,
        TreeId::OutboxDue,
        TreeId::OutboxChannel,
        TreeId::Notes,
        TreeId::Finished,
        TreeId::Timers,
        TreeId::TimersDue,
        TreeId::Players,
        TreeId::Stats,
    ];

    fn from_byte(b: u8) -> Option<TreeId> {
        TreeId::ALL.get(b as usize).copied()
    }
}

/// One operation of a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Op {
    Put(TreeId, Vec<u8>, Vec<u8>),
    Remove(TreeId, Vec<u8>),
}

const PUT: u8 = 1;
const REMOVE: u8 = 2;

/// Puts and removals applied together (one sled transaction, one log record).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Batch {
    pub(crate) ops: Vec<Op>,
}

impl Batch {
    pub(crate) fn put(&mut self, tree: TreeId, key: impl AsRef<[u8]>, value: impl AsRef<[u8]>) {
        self.ops.push(Op::Put(
            tree,
            key.as_ref().to_vec(),
            value.as_ref().to_vec(),
        ));
    }

    /// [`Batch::put`] of bytes the batch can keep (no copy).
    pub(crate) fn put_vec(&mut self, tree: TreeId, key: impl AsRef<[u8]>, value: Vec<u8>) {
        self.ops.push(Op::Put(tree, key.as_ref().to_vec(), value));
    }

    pub(crate) fn remove(&mut self, tree: TreeId, key: impl AsRef<[u8]>) {
        self.ops.push(Op::Remove(tree, key.as_ref().to_vec()));
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    /// The batch as a framed log record (header, then payload).
    pub(crate) fn record(&self) -> Vec<u8> {
        let size: usize = self
            .ops
            .iter()
            .map(|op| match op {
                Op::Put(_, k, v) => 10 + k.len() + v.len(),
                Op::Remove(_, k) => 6 + k.len(),
            })
            .sum();
        let mut out = Vec::with_capacity(RECORD_HEADER + size);
        out.extend_from_slice(&[0; RECORD_HEADER]);
        for op in &self.ops {
            match op {
                Op::Put(t, k, v) => {
                    out.extend_from_slice(&[PUT, *t as u8]);
                    put_bytes(&mut out, k);
                    put_bytes(&mut out, v);
                }
                Op::Remove(t, k) => {
                    out.extend_from_slice(&[REMOVE, *t as u8]);
                    put_bytes(&mut out, k);
                }
            }
        }
        let len = (out.len() - RECORD_HEADER) as u32;
        out[..4].copy_from_slice(&len.to_le_bytes());
        let crc = checksum(&out[..4], &out[RECORD_HEADER..]);
        out[4..8].copy_from_slice(&crc.to_le_bytes());
        out
    }

    /// Decodes a record's payload.
    fn decode(mut payload: &[u8]) -> Option<Batch> {
        let mut ops = Vec::new();
        while let Some((&[kind, tree], rest)) = payload.split_first_chunk::<2>() {
            let tree = TreeId::from_byte(tree)?;
            let (key, rest) = take_bytes(rest)?;
            match kind {
                PUT => {
                    let (value, rest) = take_bytes(rest)?;
                    ops.push(Op::Put(tree, key.to_vec(), value.to_vec()));
                    payload = rest;
                }
                REMOVE => {
                    ops.push(Op::Remove(tree, key.to_vec()));
                    payload = rest;
                }
                _ => return None,
            }
        }
        payload.is_empty().then_some(Batch { ops })
    }
}

fn put_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
    out.extend_from_slice(bytes);
}

fn take_bytes(input: &[u8]) -> Option<(&[u8], &[u8])> {
    let (len, rest) = input.split_first_chunk::<4>()?;
    let len = u32::from_le_bytes(*len) as usize;
    (rest.len() >= len).then(|| rest.split_at(len))
}

fn checksum(len: &[u8], payload: &[u8]) -> u32 {
    let mut h = crc32fast::Hasher::new();
    h.update(len);
    h.update(payload);
    h.finalize()
}

/// What reading a log file found.
#[derive(Debug, Default)]
pub(crate) struct Contents {
    pub(crate) batches: Vec<Batch>,
    /// Bytes after the last whole record (a torn or corrupt tail, ignored); 0 when they
    /// are all zeros (space allocated ahead, never written).
    pub(crate) ignored: u64,
}

/// Reads the whole records of a log file, in order, up to the first that is cut short
/// or does not match its checksum.
pub(crate) fn read(path: &Path) -> io::Result<Contents> {
    let mut bytes = Vec::new();
    File::open(path)?.read_to_end(&mut bytes)?;
    let mut out = Contents::default();
    let mask = match bytes.get(..MAGIC.len()) {
        Some(h) if h == MAGIC => {
            let seq = seq_of(path).ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{} is not named like a log file", path.display()),
                )
            })?;
            seal(seq)
        }
        Some(h) if h == MAGIC_V1 => 0,
        // A file whose header never reached the disk holds no acknowledged record; any
        // other header is a log this build cannot read.
        _ if bytes.iter().all(|&b| b == 0) => return Ok(out),
        _ if MAGIC.starts_with(&bytes) || MAGIC_V1.starts_with(&bytes) => {
            out.ignored = bytes.len() as u64;
            return Ok(out);
        }
        _ => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{} is not a log this build reads", path.display()),
            ))
        }
    };
    let mut at = MAGIC.len();
    while let Some(header) = bytes.get(at..at + RECORD_HEADER) {
        let len = u32::from_le_bytes(header[..4].try_into().unwrap_or_default()) as usize;
        let crc = u32::from_le_bytes(header[4..].try_into().unwrap_or_default());
        if len == 0 || len > MAX_RECORD {
            break;
        }
        let Some(payload) = bytes.get(at + RECORD_HEADER..at + RECORD_HEADER + len) else {
            break;
        };
        if checksum(&header[..4], payload) ^ mask != crc {
            break;
        }
        let Some(batch) = Batch::decode(payload) else {
            break;
        };
        out.batches.push(batch);
        at += RECORD_HEADER + len;
    }
    // Zeros alone after the records are space allocated ahead, not a torn tail.
    let rest = &bytes[at..];
    out.ignored = if rest.iter().all(|&b| b == 0) {
        0
    } else {
        rest.len() as u64
    };
    Ok(out)
}

/// The number of log file `path` (`wal-<seq>.log`).
fn seq_of(path: &Path) -> Option<u64> {
    path.file_name()?
        .to_str()?
        .strip_prefix("wal-")?
        .strip_suffix(".log")?
        .parse()
        .ok()
}

/// The log files in `dir`, oldest first.
pub(crate) fn files(dir: &Path) -> io::Result<Vec<(u64, PathBuf)>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if let Some(seq) = seq_of(&path) {
            out.push((seq, path));
        }
    }
    out.sort();
    Ok(out)
}

fn file_name(dir: &Path, seq: u64) -> PathBuf {
    dir.join(format!("wal-{seq:020}.log"))
}

/// Makes the directory's entries (a created or removed file) durable.
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

/// Retires the log files numbered `upto` or lower (their records are in sled, flushed):
/// the newest is kept as the spare when there is none and `recycle` allows (not a file
/// reserved by `fallocate` that its records did not fill), the others are deleted.
pub(crate) fn remove_upto(dir: &Path, upto: u64, recycle: bool) -> io::Result<()> {
    let spare = dir.join(SPARE);
    let mut have_spare = !recycle || spare.exists();
    let mut removed = false;
    for (seq, path) in files(dir)?.into_iter().rev() {
        if seq <= upto {
            if have_spare {
                std::fs::remove_file(path)?;
            } else {
                std::fs::rename(path, &spare)?;
                have_spare = true;
            }
            removed = true;
        }
    }
    if removed {
        sync_dir(dir)?;
    }
    Ok(())
}

/// Writes a spare log file with zeros, unless there is one: a log file made from it
/// never writes its extent map or size on a sync. Written under another name and
/// renamed once durable, so a crash never leaves a short spare.
pub(crate) fn prepare_spare(dir: &Path) -> io::Result<()> {
    let spare = dir.join(SPARE);
    if spare.exists() {
        return Ok(());
    }
    let new = dir.join(SPARE_NEW);
    let file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&new)?;
    let zeros = vec![0u8; 1 << 20];
    let mut at = 0;
    while at < PREALLOCATE {
        file.write_all_at(&zeros, at)?;
        at += zeros.len() as u64;
    }
    file.sync_all()?;
    std::fs::rename(&new, &spare)?;
    sync_dir(dir)
}

/// The log file a [`Wal::rotate`] switched away from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Retired {
    pub(crate) seq: u64,
    /// Reserved by `fallocate` when made (see [`Writer`]).
    pub(crate) fresh: bool,
    /// Bytes its records filled (header included).
    pub(crate) len: u64,
}

impl Retired {
    /// Whether it may be kept as the spare: every block the next file will likely use
    /// is written (not a reserved file its records filled only in part).
    pub(crate) fn reusable(&self, will_use: u64) -> bool {
        !self.fresh || self.len >= will_use
    }
}

/// The file records are appended to.
pub(crate) struct Writer {
    file: Arc<File>,
    seq: u64,
    /// Bytes written (header included): where the next record goes.
    len: u64,
    /// A new file reserved by `fallocate` (not a spare): a sync past its last record
    /// also writes its extent map.
    fresh: bool,
}

impl Writer {
    /// Appends a framed record (masking its checksum with this file's). On failure
    /// nothing counts as written: the next record goes to the same place (so a
    /// half-written record never hides later ones).
    pub(crate) fn append(&mut self, record: &mut [u8]) -> io::Result<()> {
        if let Some(crc) = record.get_mut(4..RECORD_HEADER) {
            let masked = u32::from_le_bytes(crc.try_into().unwrap_or_default()) ^ seal(self.seq);
            crc.copy_from_slice(&masked.to_le_bytes());
        }
        match self.file.write_all_at(record, self.len) {
            Ok(()) => {
                self.len += record.len() as u64;
                Ok(())
            }
            Err(e) => {
                let _ = self.file.set_len(self.len);
                Err(e)
            }
        }
    }

    /// Whether the file holds records.
    pub(crate) fn is_empty(&self) -> bool {
        self.len <= MAGIC.len() as u64
    }

    pub(crate) fn len(&self) -> u64 {
        self.len
    }

    pub(crate) fn fresh(&self) -> bool {
        self.fresh
    }
}

/// The log of a store.
pub(crate) struct Wal {
    dir: PathBuf,
    /// The file being appended to. Its lock is the store's write lock.
    writer: Mutex<Writer>,
    /// The same file, for the group flush (which must not wait for the write lock).
    current: Mutex<Arc<File>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Allocates `len` bytes of a new `file` (reading as zeros, which end the records):
/// appends within them do not change the file's size. Only an optimisation.
fn preallocate(file: &File, len: u64) {
    use std::os::unix::io::AsRawFd;
    // SAFETY: a plain system call on a file descriptor we own; no memory is passed.
    let _ = unsafe { libc::fallocate(file.as_raw_fd(), 0, 0, len as libc::off_t) };
}

/// Creates log file `seq` with its header, durably (file and directory entry): the
/// spare renamed when there is one, else a new file (then also says it is fresh).
fn create(dir: &Path, seq: u64) -> io::Result<(File, bool)> {
    let path = file_name(dir, seq);
    let spare = dir.join(SPARE);
    let file = match OpenOptions::new().read(true).write(true).open(&spare) {
        Ok(file) => {
            // Its records are all in sled, and they fail this file's checksums.
            file.write_all_at(MAGIC, 0)?;
            file.sync_data()?;
            std::fs::rename(&spare, &path)?;
            (file, false)
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&path)?;
            preallocate(&file, PREALLOCATE);
            file.write_all_at(MAGIC, 0)?;
            file.sync_all()?;
            (file, true)
        }
        Err(e) => return Err(e),
    };
    sync_dir(dir)?;
    Ok(file)
}

impl Wal {
    /// Starts a new log file numbered `seq` in `dir` (after any existing one).
    pub(crate) fn create(dir: &Path, seq: u64) -> io::Result<Wal> {
        let (file, fresh) = create(dir, seq)?;
        let file = Arc::new(file);
        Ok(Wal {
            dir: dir.to_path_buf(),
            writer: Mutex::new(Writer {
                file: file.clone(),
                seq,
                len: MAGIC.len() as u64,
                fresh,
            }),
            current: Mutex::new(file),
        })
    }

    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// The write lock: records are appended (and applied) in the order it is taken.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Writer> {
        lock(&self.writer)
    }

    /// Makes every record appended before the call durable.
    pub(crate) fn sync(&self) -> io::Result<()> {
        let file = lock(&self.current).clone();
        file.sync_data()
    }

    /// Switches appends to a new file and returns the number of the old one, whose
    /// records are now all durable. The new file is made before the write lock is taken,
    /// so writers wait only for the old file's last sync.
    pub(crate) fn rotate(&self) -> io::Result<Retired> {
        let next = lock(&self.writer).seq + 1;
        let (file, fresh) = create(&self.dir, next)?;
        let file = Arc::new(file);
        let mut writer = self.lock();
        // Only the checkpoint rotates, one at a time: `next` is still free.
        debug_assert_eq!(writer.seq + 1, next);
        writer.file.sync_data()?;
        let old = Retired {
            seq: writer.seq,
            fresh: writer.fresh,
            len: writer.len,
        };
        *writer = Writer {
            file: file.clone(),
            seq: next,
            len: MAGIC.len() as u64,
            fresh,
        };
        *lock(&self.current) = file;
        Ok(old)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(n: u8) -> Batch {
        let mut b = Batch::default();
        b.put(TreeId::Meta, [n; 8], vec![n; 100 + n as usize]);
        b.remove(TreeId::OutboxDue, [n, 1]);
        b.put(TreeId::Default, b"schema", []);
        b
    }

    #[test]
    fn records_round_trip_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let wal = Wal::create(dir.path(), 1).unwrap();
        for n in 0..5 {
            wal.lock().append(&mut batch(n).record()).unwrap();
        }
        wal.sync().unwrap();
        let files = files(dir.path()).unwrap();
        assert_eq!(files.len(), 1);
        let read = read(&files[0].1).unwrap();
        assert_eq!(read.batches, (0..5).map(batch).collect::<Vec<_>>());
        assert_eq!(read.ignored, 0);
    }

    #[test]
    fn a_torn_or_corrupt_tail_is_ignored_at_every_cut() {
        let dir = tempfile::tempdir().unwrap();
        let wal = Wal::create(dir.path(), 1).unwrap();
        let mut ends = vec![MAGIC.len()];
        for n in 0..3 {
            let mut record = batch(n).record();
            wal.lock().append(&mut record).unwrap();
            ends.push(ends.last().unwrap() + record.len());
        }
        let path = files(dir.path()).unwrap()[0].1.clone();
        let mut full = std::fs::read(&path).unwrap();
        // The file is allocated ahead: zeros after the records.
        assert_eq!(full.len() as u64, PREALLOCATE);
        assert!(full[*ends.last().unwrap()..].iter().all(|&b| b == 0));
        full.truncate(*ends.last().unwrap());
        // Cut anywhere: exactly the whole records before the cut are read.
        for cut in 0..=full.len() {
            std::fs::write(&path, &full[..cut]).unwrap();
            let read = read(&path).unwrap();
            let whole = ends.iter().filter(|&&e| e <= cut).count().saturating_sub(1);
            assert_eq!(read.batches.len(), whole, "cut at {cut}");
            assert_eq!(
                read.batches,
                (0..whole as u8).map(batch).collect::<Vec<_>>()
            );
        }
        // A flipped bit in the last record ends the file before it.
        let mut bad = full.clone();
        bad[ends[2] + RECORD_HEADER + 3] ^= 0x10;
        std::fs::write(&path, &bad).unwrap();
        let read = read(&path).unwrap();
        assert_eq!(read.batches.len(), 2);
        assert_eq!(read.ignored, (full.len() - ends[2]) as u64);
        // Zeros after the records (a preallocated or extended file) end it too.
        let mut padded = full.clone();
        padded.extend_from_slice(&[0; 64]);
        std::fs::write(&path, &padded).unwrap();
        assert_eq!(read_len(&path), 3);
    }

    fn read_len(path: &Path) -> usize {
        read(path).unwrap().batches.len()
    }

    #[test]
    fn a_failed_append_leaves_no_hole() {
        let dir = tempfile::tempdir().unwrap();
        let wal = Wal::create(dir.path(), 1).unwrap();
        wal.lock().append(&mut batch(1).record()).unwrap();
        // Garbage past the end (what a failed write may leave) is overwritten by the
        // next record.
        let path = files(dir.path()).unwrap()[0].1.clone();
        {
            let w = wal.lock();
            w.file.write_all_at(&[0xAB; 300], w.len).unwrap();
        }
        wal.lock().append(&mut batch(2).record()).unwrap();
        let read = read(&path).unwrap();
        assert_eq!(read.batches, vec![batch(1), batch(2)]);
    }

    #[test]
    fn rotation_starts_a_new_file_and_old_ones_can_go() {
        let dir = tempfile::tempdir().unwrap();
        let wal = Wal::create(dir.path(), 7).unwrap();
        wal.lock().append(&mut batch(1).record()).unwrap();
        assert_eq!(wal.rotate().unwrap().seq, 7);
        assert!(wal.lock().is_empty());
        wal.lock().append(&mut batch(2).record()).unwrap();
        let seqs: Vec<u64> = files(dir.path()).unwrap().iter().map(|f| f.0).collect();
        assert_eq!(seqs, [7, 8]);
        remove_upto(dir.path(), 7, true).unwrap();
        let files = files(dir.path()).unwrap();
        assert_eq!(files.len(), 1);
        assert_eq!(read(&files[0].1).unwrap().batches, vec![batch(2)]);
    }

    #[test]
    fn a_retired_file_is_reused_and_its_old_records_never_come_back() {
        let dir = tempfile::tempdir().unwrap();
        let wal = Wal::create(dir.path(), 1).unwrap();
        for n in 0..20 {
            wal.lock().append(&mut batch(n).record()).unwrap();
        }
        assert_eq!(wal.rotate().unwrap().seq, 1);
        remove_upto(dir.path(), 1, true).unwrap();
        assert!(dir.path().join(SPARE).exists(), "file 1 kept for reuse");
        wal.lock().append(&mut batch(50).record()).unwrap();
        // File 3 is file 1 written over: one record, then file 1's old ones.
        assert_eq!(wal.rotate().unwrap().seq, 2);
        assert!(!dir.path().join(SPARE).exists());
        wal.lock().append(&mut batch(60).record()).unwrap();
        let files = files(dir.path()).unwrap();
        assert_eq!(files.iter().map(|f| f.0).collect::<Vec<_>>(), [2, 3]);
        let read3 = read(&files[1].1).unwrap();
        assert_eq!(read3.batches, vec![batch(60)]);
        assert!(
            read3.ignored > 0,
            "file 1's records are still there, unread"
        );
        assert_eq!(read(&files[0].1).unwrap().batches, vec![batch(50)]);
        // The same holds when the new file got no record at all.
        remove_upto(dir.path(), 2, true).unwrap();
        assert_eq!(wal.rotate().unwrap().seq, 3);
        let left = super::files(dir.path()).unwrap();
        assert_eq!(left.iter().map(|f| f.0).collect::<Vec<_>>(), [3, 4]);
        assert!(read(&left[1].1).unwrap().batches.is_empty());
    }

    #[test]
    fn a_spare_written_with_zeros_replaces_a_reserved_file_and_is_reused() {
        let dir = tempfile::tempdir().unwrap();
        // A new store's first file is only reserved: fresh.
        let wal = Wal::create(dir.path(), 1).unwrap();
        assert!(wal.lock().fresh());
        wal.lock().append(&mut batch(1).record()).unwrap();
        prepare_spare(dir.path()).unwrap();
        let spare = dir.path().join(SPARE);
        assert_eq!(std::fs::metadata(&spare).unwrap().len(), PREALLOCATE);
        assert!(!dir.path().join(SPARE_NEW).exists());
        // The next file is the zeroed spare; the reserved one is retired, not kept.
        let retired = wal.rotate().unwrap();
        assert_eq!((retired.seq, retired.fresh), (1, true));
        assert!(retired.reusable(retired.len) && !retired.reusable(retired.len + 1));
        assert!(!wal.lock().fresh());
        remove_upto(dir.path(), retired.seq, retired.reusable(1 << 20)).unwrap();
        assert!(!spare.exists(), "a reserved file is not kept as the spare");
        wal.lock().append(&mut batch(2).record()).unwrap();
        let files = files(dir.path()).unwrap();
        assert_eq!(files.iter().map(|f| f.0).collect::<Vec<_>>(), [2]);
        let read2 = read(&files[0].1).unwrap();
        assert_eq!(
            read2.batches,
            vec![batch(2)],
            "the zeros after it are no record"
        );
        // A zeroed file, once retired, is kept and reused; a spare is never rewritten.
        let retired = wal.rotate().unwrap();
        assert_eq!((retired.seq, retired.fresh), (2, false));
        remove_upto(dir.path(), retired.seq, retired.reusable(1 << 20)).unwrap();
        assert!(spare.exists());
        std::fs::write(&spare, b"kept").unwrap();
        prepare_spare(dir.path()).unwrap();
        assert_eq!(std::fs::read(&spare).unwrap(), b"kept");
    }

    #[test]
    fn a_log_of_format_1_is_still_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = file_name(dir.path(), 5);
        let mut bytes = MAGIC_V1.to_vec();
        bytes.extend_from_slice(&batch(1).record());
        bytes.extend_from_slice(&batch(2).record());
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(read(&path).unwrap().batches, vec![batch(1), batch(2)]);
        // The same records under the format 2 header fail their checksums.
        bytes[..MAGIC.len()].copy_from_slice(MAGIC);
        std::fs::write(&path, &bytes).unwrap();
        assert!(read(&path).unwrap().batches.is_empty());
    }

    #[test]
    fn an_unknown_header_is_refused_and_an_empty_file_is_no_record() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("wal-1.log");
        std::fs::write(&path, b"").unwrap();
        assert_eq!(read_len(&path), 0);
        std::fs::write(&path, &MAGIC[..3]).unwrap();
        assert_eq!(read_len(&path), 0);
        std::fs::write(&path, b"CMWAL\0\0\x09rest").unwrap();
        assert!(read(&path).is_err());
    }
}
