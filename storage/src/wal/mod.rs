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
//! a key decides its value, whatever sled kept of the writes before the crash — except
//! that a record never takes a game to an older version, nor the id generator or the
//! "written by" mark back (the sled store skips those writes with a warning).
//!
//! A file `wal-<seq>.log` is an 8-byte header ([`MAGIC`]) followed by records: payload
//! length (u32 LE), CRC-32 of length and payload XOR a mask derived from `seq` (u32
//! LE), payload. A record cut short by a crash, or not matching its checksum, ends the
//! file when no record of the file follows it: nothing after it was ever acknowledged
//! (its writer had not seen the `fdatasync`). When a whole record of the same file does
//! follow ([`Ending::Damaged`]), the bad one is damage in the middle of what was
//! written, and the store refuses to open (`capomaestro store check` keeps the file
//! aside and reports what is lost) instead of dropping the records after it. Files are
//! read record by record through a small buffer, never whole.
//!
//! Files are reused: a checkpoint keeps one file whose records are all in sled as
//! `wal-spare`, and the next new log file is that one, renamed and written over from
//! the start. Its blocks are allocated and written already, so a record overwrites
//! them in place and an `fdatasync` writes the record alone; appending to a growing
//! file would also write the inode (its size) each time, and filling space reserved by
//! `fallocate` would too (its extent map). A store without a spare gets one written
//! with zeros by the checkpoint thread ([`Wal::prepare_spare`]) once its first file is
//! busy (see `sled_store`); until then it logs to a file reserved by `fallocate`, which
//! is kept as a spare only if its records filled it. The old records left behind the
//! new ones end the file like a torn tail: their checksums were masked with another
//! `seq`. File numbers never repeat (the store also keeps the last one in sled), so no
//! old record ever passes a new file's checksum. Files of format 1 (no mask; written by
//! older builds) are still read.
//!
//! Retiring files ([`Wal::retire_upto`]) goes oldest first, so a crash never leaves an
//! older file without the newer ones; a rotation that fails half-way (a full disk)
//! leaves no half-made file. A failed sync is fatal for the store ([`Failure::Sync`]).

use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

/// First bytes of every log file (format version in the last byte).
pub(crate) const MAGIC: &[u8; 8] = b"CMWAL\0\0\x02";
/// The header of format 1 (checksums not masked), still read.
const MAGIC_V1: &[u8; 8] = b"CMWAL\0\0\x01";
/// A log file kept for reuse as the next one.
pub(crate) const SPARE: &str = "wal-spare";
/// A spare being written with zeros; renamed to [`SPARE`] once complete (never read).
const SPARE_NEW: &str = "wal-spare.new";
/// Where `store check` keeps a damaged log file (in the store's directory).
pub(crate) const DAMAGED_DIR: &str = "damaged";
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
    /// Ratings keyed by (ladder, title, user), and the rated results by their order.
    Ratings,
    Rated,
}

impl TreeId {
    const ALL: [TreeId; 17] = [
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
        TreeId::Ratings,
        TreeId::Rated,
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

/// How a log file ends after its last whole record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ending {
    /// Nothing, or zeros alone (space allocated ahead, never written).
    Clean,
    /// The `bytes` from `at` hold no record of this file: a write cut short by a crash,
    /// or (a reused file) the records of its former use, masked with another number.
    Torn { at: u64, bytes: u64 },
    /// The record at `at` is damaged, yet a whole record of this file starts at `next`:
    /// records written after the damage exist, so it is not where the writes stopped.
    Damaged { at: u64, next: u64 },
}

/// What reading a whole log file found (tests; the store streams).
#[cfg(test)]
#[derive(Debug)]
pub(crate) struct Contents {
    pub(crate) batches: Vec<Batch>,
    pub(crate) ending: Ending,
}

/// Reads log file `path`: its whole records in order, and how it ends.
#[cfg(test)]
pub(crate) fn read(path: &Path) -> io::Result<Contents> {
    let mut reader = LogReader::open(path)?;
    let mut batches = Vec::new();
    while let Some(batch) = reader.next_batch()? {
        batches.push(batch);
    }
    let ending = reader.ending()?;
    Ok(Contents { batches, ending })
}

/// Bytes a [`Window`] reads at a time (small in tests, so records cross its edges).
const SPAN: usize = if cfg!(test) { 4096 } else { 1 << 20 };

/// A file read through a buffer of about [`SPAN`] bytes: a log file is never held in
/// memory whole (only a record longer than the buffer is, while it is read).
struct Window {
    file: File,
    size: u64,
    /// File offset of `bytes[0]`.
    start: u64,
    bytes: Vec<u8>,
}

impl Window {
    /// Bytes `at..at + n` of the file, or `None` past its end.
    fn get(&mut self, at: u64, n: usize) -> io::Result<Option<&[u8]>> {
        let Some(end) = at.checked_add(n as u64).filter(|&end| end <= self.size) else {
            return Ok(None);
        };
        if at < self.start || end > self.start + self.bytes.len() as u64 {
            let want = (n.max(SPAN) as u64).min(self.size - at) as usize;
            self.bytes.resize(want, 0);
            self.bytes.shrink_to(want.max(SPAN));
            self.file.read_exact_at(&mut self.bytes, at)?;
            self.start = at;
        }
        let from = (at - self.start) as usize;
        Ok(self.bytes.get(from..from + n))
    }

    /// Whether bytes `from..` of the file are all zeros.
    fn zeros_from(&mut self, mut from: u64) -> io::Result<bool> {
        while from < self.size {
            let n = ((self.size - from) as usize).min(SPAN);
            match self.get(from, n)? {
                Some(chunk) if chunk.iter().all(|&b| b == 0) => from += n as u64,
                _ => return Ok(false),
            }
        }
        Ok(true)
    }
}

/// Reads a log file record by record.
pub(crate) struct LogReader {
    path: PathBuf,
    window: Window,
    /// XORed into this file's checksums ([`seal`]; 0 in format 1).
    mask: u32,
    /// Where the next record starts.
    at: u64,
}

/// The smallest payload of a record: one removal with an empty key.
const MIN_PAYLOAD: usize = 6;

impl LogReader {
    /// Opens a log file and checks its header: a file of a format this build does not
    /// know is refused (a newer build's, or not a log).
    pub(crate) fn open(path: &Path) -> io::Result<LogReader> {
        let file = File::open(path)?;
        let size = file.metadata()?.len();
        let mut window = Window {
            file,
            size,
            start: 0,
            bytes: Vec::new(),
        };
        let header = window
            .get(0, MAGIC.len().min(size as usize))?
            .unwrap_or(&[])
            .to_vec();
        let header = header.as_slice();
        let (mask, at) = if header == MAGIC {
            let seq = seq_of(path).ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{} is not named like a log file", path.display()),
                )
            })?;
            (seal(seq), MAGIC.len() as u64)
        } else if header == MAGIC_V1 {
            (0, MAGIC.len() as u64)
        } else if MAGIC.starts_with(header) || MAGIC_V1.starts_with(header) || {
            // A file whose header never reached the disk holds no acknowledged record.
            window.zeros_from(0)?
        } {
            (0, 0)
        } else if header.len() == MAGIC.len() && header.starts_with(&MAGIC[..7]) {
            return Err(io::Error::new(
                io::ErrorKind::Unsupported,
                format!(
                    "{} is a write-ahead log of format {}, written by a newer version of \
                     capomaestro (this build reads formats 1 and 2)",
                    path.display(),
                    header[7]
                ),
            ));
        } else {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{} is not a log this build reads", path.display()),
            ));
        };
        Ok(LogReader {
            path: path.to_path_buf(),
            window,
            mask,
            at,
        })
    }

    /// Where the next record is looked for.
    pub(crate) fn position(&self) -> u64 {
        self.at
    }

    /// Goes on reading at `at` (a record's start found by [`LogReader::ending`]).
    pub(crate) fn seek(&mut self, at: u64) {
        self.at = at;
    }

    /// The whole record at `at` if one of this file is there: its length and payload.
    /// `Err` when it matches its checksum but does not decode.
    fn record_at(&mut self, at: u64) -> io::Result<Option<(u64, Batch)>> {
        let Some(header) = self.window.get(at, RECORD_HEADER)? else {
            return Ok(None);
        };
        let len_bytes: [u8; 4] = header[..4].try_into().unwrap_or_default();
        let crc = u32::from_le_bytes(header[4..].try_into().unwrap_or_default());
        let len = u32::from_le_bytes(len_bytes) as usize;
        if !(MIN_PAYLOAD..=MAX_RECORD).contains(&len) {
            return Ok(None);
        }
        let Some(payload) = self.window.get(at + RECORD_HEADER as u64, len)? else {
            return Ok(None);
        };
        if checksum(&len_bytes, payload) ^ self.mask != crc {
            return Ok(None);
        }
        match Batch::decode(payload) {
            Some(batch) => Ok(Some(((RECORD_HEADER + len) as u64, batch))),
            None => Err(io::Error::new(
                io::ErrorKind::Unsupported,
                format!(
                    "{}: the record at byte {at} matches its checksum but is not one this \
                     build can read (written by a newer version of capomaestro)",
                    self.path.display()
                ),
            )),
        }
    }

    /// The next record, or `None` where the whole records end (see [`LogReader::ending`]).
    pub(crate) fn next_batch(&mut self) -> io::Result<Option<Batch>> {
        match self.record_at(self.at)? {
            Some((len, batch)) => {
                self.at += len;
                Ok(Some(batch))
            }
            None => Ok(None),
        }
    }

    /// How the file ends after the records read: zeros alone, bytes holding no record of
    /// this file (a torn write, or a reused file's old records), or damage followed by a
    /// record of this file. The look-ahead checks a checksum only where a plausible
    /// header starts (a length that fits, a known operation and tree).
    pub(crate) fn ending(&mut self) -> io::Result<Ending> {
        let at = self.at;
        if self.window.zeros_from(at)? {
            return Ok(Ending::Clean);
        }
        // Candidates need the header and the first two payload bytes.
        let probe = RECORD_HEADER + 2;
        let mut from = at + 1;
        while from + (RECORD_HEADER + MIN_PAYLOAD) as u64 <= self.window.size {
            let size = self.window.size;
            let n = ((size - from) as usize).min(SPAN);
            let Some(chunk) = self.window.get(from, n)? else {
                break;
            };
            let candidates: Vec<u64> = chunk
                .windows(probe)
                .enumerate()
                .filter(|(i, b)| {
                    let len = u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64;
                    let start = from + *i as u64;
                    len >= MIN_PAYLOAD as u64
                        && start + RECORD_HEADER as u64 + len <= size
                        && (b[RECORD_HEADER] == PUT || b[RECORD_HEADER] == REMOVE)
                        && TreeId::from_byte(b[RECORD_HEADER + 1]).is_some()
                })
                .map(|(i, _)| from + i as u64)
                .collect();
            for next in candidates {
                match self.record_at(next) {
                    Ok(None) => {}
                    // A record of this file that does not decode counts as one found.
                    Ok(Some(_)) => return Ok(Ending::Damaged { at, next }),
                    Err(e) if e.kind() == io::ErrorKind::Unsupported => {
                        return Ok(Ending::Damaged { at, next })
                    }
                    Err(e) => return Err(e),
                }
            }
            if n < probe {
                break;
            }
            from += (n - probe + 1) as u64;
        }
        Ok(Ending::Torn {
            at,
            bytes: self.window.size - at,
        })
    }
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

pub(crate) fn file_name(dir: &Path, seq: u64) -> PathBuf {
    dir.join(format!("wal-{seq:020}.log"))
}

/// Makes the directory's entries (a created or removed file) durable.
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

/// Why a step of the log's upkeep (switching files, retiring them) failed.
#[derive(Debug)]
pub(crate) enum Failure {
    /// A file could not be made, renamed or removed. Nothing acknowledged depends on it:
    /// the log keeps every record until a later checkpoint gets through.
    Step(io::Error),
    /// A sync failed: whether acknowledged records (or the retirement of files already
    /// in sled) are on disk is unknown, and a retried sync may not say so (the kernel
    /// can drop the pages it failed to write). Fatal for the store.
    Sync(io::Error),
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
    faults: &'static Faults,
}

impl Writer {
    /// Appends a framed record (masking its checksum with this file's). On failure
    /// nothing counts as written: the record's header is zeroed (a crash then finds
    /// the records ending there, not a record its writer was told had failed) and the
    /// next record goes to the same place (so a half-written record never hides later
    /// ones).
    pub(crate) fn append(&mut self, record: &mut [u8]) -> io::Result<()> {
        if let Some(crc) = record.get_mut(4..RECORD_HEADER) {
            let masked = u32::from_le_bytes(crc.try_into().unwrap_or_default()) ^ seal(self.seq);
            crc.copy_from_slice(&masked.to_le_bytes());
        }
        let written = self
            .faults
            .step("append")
            .and_then(|()| self.file.write_all_at(record, self.len));
        match written {
            Ok(()) => {
                self.len += record.len() as u64;
                Ok(())
            }
            Err(e) => {
                let _ = self.file.write_all_at(&[0; RECORD_HEADER], self.len);
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

    /// The file's number.
    #[cfg(test)]
    pub(crate) fn seq(&self) -> u64 {
        self.seq
    }
}

/// The log of a store.
pub(crate) struct Wal {
    dir: PathBuf,
    /// The file being appended to. Its lock is the store's write lock.
    writer: Mutex<Writer>,
    /// The same file, for the group flush (which must not wait for the write lock).
    current: Mutex<Arc<File>>,
    faults: &'static Faults,
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
/// spare renamed when there is one, else a new file (then also says it is fresh). A
/// failure at any step (a full disk) leaves no file `seq` behind: the spare is renamed
/// back, a new file removed. A file `seq` found here was left by a rotation whose
/// clean-up failed too; it never held a record (records only go to the current file,
/// numbered below), so it is removed first.
fn create(dir: &Path, seq: u64, faults: &Faults) -> io::Result<(File, bool)> {
    let path = file_name(dir, seq);
    if path.exists() {
        faults.step("rotate: remove a half-made file")?;
        std::fs::remove_file(&path)?;
    }
    let spare = dir.join(SPARE);
    let file = match OpenOptions::new().read(true).write(true).open(&spare) {
        Ok(file) => {
            // Its records are all in sled, and they fail this file's checksums. Until
            // renamed it is still the spare, whatever its header.
            faults.step("rotate: write the spare's header")?;
            file.write_all_at(MAGIC, 0)?;
            faults.step("rotate: sync the spare")?;
            file.sync_data()?;
            faults.step("rotate: rename the spare")?;
            std::fs::rename(&spare, &path)?;
            if let Err(e) = faults
                .step("rotate: sync the directory")
                .and_then(|()| sync_dir(dir))
            {
                unmake(dir, seq, false);
                return Err(e);
            }
            (file, false)
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            faults.step("rotate: create a file")?;
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&path)?;
            let made = (|| {
                preallocate(&file, PREALLOCATE);
                faults.step("rotate: write the header")?;
                file.write_all_at(MAGIC, 0)?;
                faults.step("rotate: sync the new file")?;
                file.sync_all()?;
                faults.step("rotate: sync the directory")?;
                sync_dir(dir)
            })();
            if let Err(e) = made {
                let _ = std::fs::remove_file(&path);
                return Err(e);
            }
            (file, true)
        }
        Err(e) => return Err(e),
    };
    Ok(file)
}

/// Undoes [`create`] of file `seq` after a later step failed: a former spare is the
/// spare again, a new file is removed (best effort: a file left is removed by the next
/// `create` of that number).
fn unmake(dir: &Path, seq: u64, fresh: bool) {
    let path = file_name(dir, seq);
    if fresh || std::fs::rename(&path, dir.join(SPARE)).is_err() {
        let _ = std::fs::remove_file(&path);
    }
}

impl Wal {
    /// Starts a new log file numbered `seq` in `dir` (after any existing one).
    pub(crate) fn create(dir: &Path, seq: u64, faults: &'static Faults) -> io::Result<Wal> {
        let (file, fresh) = create(dir, seq, faults)?;
        let file = Arc::new(file);
        Ok(Wal {
            dir: dir.to_path_buf(),
            writer: Mutex::new(Writer {
                file: file.clone(),
                seq,
                len: MAGIC.len() as u64,
                fresh,
                faults,
            }),
            current: Mutex::new(file),
            faults,
        })
    }

    pub(crate) fn dir(&self) -> &Path {
        &self.dir
    }

    /// The fault injection of this log's steps (see [`Faults`]).
    pub(crate) fn faults(&self) -> &'static Faults {
        self.faults
    }

    /// The write lock: records are appended (and applied) in the order it is taken.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Writer> {
        lock(&self.writer)
    }

    /// Makes every record appended before the call durable. A failure is fatal for the
    /// store (see [`Failure::Sync`]).
    pub(crate) fn sync(&self) -> io::Result<()> {
        let file = lock(&self.current).clone();
        self.faults.step("sync the log")?;
        file.sync_data()
    }

    /// Switches appends to a new file and returns the number of the old one, whose
    /// records are now all durable. The new file is made before the write lock is taken,
    /// so writers wait only for the old file's last sync.
    pub(crate) fn rotate(&self) -> Result<Retired, Failure> {
        let next = lock(&self.writer).seq + 1;
        let (file, fresh) = create(&self.dir, next, self.faults).map_err(Failure::Step)?;
        let file = Arc::new(file);
        let mut writer = self.lock();
        // Only the checkpoint rotates, one at a time: `next` is still free.
        debug_assert_eq!(writer.seq + 1, next);
        // Writers waiting for a sync of the old file are served by this one: the group
        // sync moves to the new file below.
        if let Err(e) = self
            .faults
            .step("rotate: sync the old file")
            .and_then(|()| writer.file.sync_data())
        {
            drop(writer);
            unmake(&self.dir, next, fresh);
            return Err(Failure::Sync(e));
        }
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
            faults: self.faults,
        };
        *lock(&self.current) = file;
        Ok(old)
    }

    /// Retires the log files numbered `upto` or lower, whose records are all in sled
    /// (flushed): the newest is kept as the spare when there is none and `recycle`
    /// allows (not a file reserved by `fallocate` that its records did not fill), the
    /// others are deleted. Oldest first, each step made durable (the directory synced)
    /// before the next, the spare renamed last: so whenever a crash stops it, the files
    /// left are the newest ones, and applying them again at the next open over sled
    /// (which holds every record up to `upto`) leaves each key its last value. (Renaming
    /// the newest first could leave an older file alone, whose records then went over
    /// newer state: a game's version went back, sent messages came back.)
    pub(crate) fn retire_upto(&self, upto: u64, recycle: bool) -> Result<(), Failure> {
        let spare = self.dir.join(SPARE);
        let retired: Vec<PathBuf> = files(&self.dir)
            .map_err(Failure::Step)?
            .into_iter()
            .filter(|(seq, _)| *seq <= upto)
            .map(|(_, path)| path)
            .collect();
        let keep_newest = recycle && !spare.exists();
        for (i, path) in retired.iter().enumerate() {
            if keep_newest && i + 1 == retired.len() {
                self.faults
                    .step("retire: keep the newest file as the spare")
                    .and_then(|()| std::fs::rename(path, &spare))
                    .map_err(Failure::Step)?;
            } else {
                self.faults
                    .step("retire: delete a file")
                    .and_then(|()| std::fs::remove_file(path))
                    .map_err(Failure::Step)?;
            }
            self.faults
                .step("retire: sync the directory")
                .and_then(|()| sync_dir(&self.dir))
                .map_err(Failure::Sync)?;
        }
        Ok(())
    }

    /// Writes a spare log file with zeros, unless there is one: a log file made from it
    /// never writes its extent map or size on a sync. Written under another name and
    /// renamed once durable, so a crash never leaves a short spare; a failure (a full
    /// disk) removes what it wrote.
    pub(crate) fn prepare_spare(&self) -> io::Result<()> {
        let spare = self.dir.join(SPARE);
        if spare.exists() {
            return Ok(());
        }
        let new = self.dir.join(SPARE_NEW);
        let made = (|| {
            self.faults.step("spare: write zeros")?;
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
            self.faults.step("spare: sync")?;
            file.sync_all()?;
            self.faults.step("spare: rename")?;
            std::fs::rename(&new, &spare)
        })();
        if let Err(e) = made {
            let _ = std::fs::remove_file(&new);
            return Err(e);
        }
        self.faults.step("spare: sync the directory")?;
        sync_dir(&self.dir)
    }
}

mod faults;
pub(crate) use faults::Faults;
pub(crate) use faults::NO_FAULTS;

#[cfg(test)]
mod tests;
