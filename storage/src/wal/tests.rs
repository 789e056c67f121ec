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
    let wal = Wal::create(dir.path(), 1, &NO_FAULTS).unwrap();
    for n in 0..5 {
        wal.lock().append(&mut batch(n).record()).unwrap();
    }
    wal.sync().unwrap();
    let files = files(dir.path()).unwrap();
    assert_eq!(files.len(), 1);
    let read = read(&files[0].1).unwrap();
    assert_eq!(read.batches, (0..5).map(batch).collect::<Vec<_>>());
    assert_eq!(read.ending, Ending::Clean);
}

#[test]
fn a_torn_or_corrupt_tail_is_ignored_at_every_cut() {
    let dir = tempfile::tempdir().unwrap();
    let wal = Wal::create(dir.path(), 1, &NO_FAULTS).unwrap();
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
    assert_eq!(
        read.ending,
        Ending::Torn {
            at: ends[2] as u64,
            bytes: (full.len() - ends[2]) as u64
        }
    );
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
    let wal = Wal::create(dir.path(), 1, &NO_FAULTS).unwrap();
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
    let wal = Wal::create(dir.path(), 7, &NO_FAULTS).unwrap();
    wal.lock().append(&mut batch(1).record()).unwrap();
    assert_eq!(wal.rotate().unwrap().seq, 7);
    assert!(wal.lock().is_empty());
    wal.lock().append(&mut batch(2).record()).unwrap();
    let seqs: Vec<u64> = files(dir.path()).unwrap().iter().map(|f| f.0).collect();
    assert_eq!(seqs, [7, 8]);
    wal.retire_upto(7, true).unwrap();
    let files = files(dir.path()).unwrap();
    assert_eq!(files.len(), 1);
    assert_eq!(read(&files[0].1).unwrap().batches, vec![batch(2)]);
}

#[test]
fn a_retired_file_is_reused_and_its_old_records_never_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let wal = Wal::create(dir.path(), 1, &NO_FAULTS).unwrap();
    for n in 0..20 {
        wal.lock().append(&mut batch(n).record()).unwrap();
    }
    assert_eq!(wal.rotate().unwrap().seq, 1);
    wal.retire_upto(1, true).unwrap();
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
        matches!(read3.ending, Ending::Torn { .. }),
        "file 1's records are still there, unread: {:?}",
        read3.ending
    );
    assert_eq!(read(&files[0].1).unwrap().batches, vec![batch(50)]);
    // The same holds when the new file got no record at all.
    wal.retire_upto(2, true).unwrap();
    assert_eq!(wal.rotate().unwrap().seq, 3);
    let left = super::files(dir.path()).unwrap();
    assert_eq!(left.iter().map(|f| f.0).collect::<Vec<_>>(), [3, 4]);
    assert!(read(&left[1].1).unwrap().batches.is_empty());
}

#[test]
fn a_spare_written_with_zeros_replaces_a_reserved_file_and_is_reused() {
    let dir = tempfile::tempdir().unwrap();
    // A new store's first file is only reserved: fresh.
    let wal = Wal::create(dir.path(), 1, &NO_FAULTS).unwrap();
    assert!(wal.lock().fresh());
    wal.lock().append(&mut batch(1).record()).unwrap();
    wal.prepare_spare().unwrap();
    let spare = dir.path().join(SPARE);
    assert_eq!(std::fs::metadata(&spare).unwrap().len(), PREALLOCATE);
    assert!(!dir.path().join(SPARE_NEW).exists());
    // The next file is the zeroed spare; the reserved one is retired, not kept.
    let retired = wal.rotate().unwrap();
    assert_eq!((retired.seq, retired.fresh), (1, true));
    assert!(retired.reusable(retired.len) && !retired.reusable(retired.len + 1));
    assert!(!wal.lock().fresh());
    wal.retire_upto(retired.seq, retired.reusable(1 << 20))
        .unwrap();
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
    wal.retire_upto(retired.seq, retired.reusable(1 << 20))
        .unwrap();
    assert!(spare.exists());
    std::fs::write(&spare, b"kept").unwrap();
    wal.prepare_spare().unwrap();
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
/// Appends `batches` to a new file `seq` of `dir`; returns the file and where each
/// record ends.
fn file_of(dir: &Path, seq: u64, batches: &[Batch]) -> (PathBuf, Vec<usize>) {
    let wal = Wal::create(dir, seq, &NO_FAULTS).unwrap();
    let mut ends = vec![MAGIC.len()];
    for b in batches {
        let mut record = b.record();
        wal.lock().append(&mut record).unwrap();
        ends.push(ends.last().unwrap() + record.len());
    }
    (file_name(dir, seq), ends)
}

/// A big batch: its record crosses the reader's buffer (4 KiB in tests).
fn big(n: u8) -> Batch {
    let mut b = Batch::default();
    b.put(TreeId::Snapshot, [n; 8], vec![n; 9_000]);
    b
}

#[test]
fn a_bad_record_followed_by_records_of_the_file_is_damage_not_a_torn_tail() {
    let dir = tempfile::tempdir().unwrap();
    let batches = vec![batch(0), big(1), batch(2), big(3), batch(4)];
    let (path, ends) = file_of(dir.path(), 3, &batches);
    let good = std::fs::read(&path).unwrap();
    let read_bytes = |bytes: &[u8]| {
        std::fs::write(&path, bytes).unwrap();
        read(&path).unwrap()
    };
    assert_eq!(read_bytes(&good).batches, batches);
    assert_eq!(read_bytes(&good).ending, Ending::Clean);
    // A flipped bit in any record but the last: the ones after it are still there.
    for bad in 0..batches.len() - 1 {
        for (what, offset) in [("length", 1), ("checksum", 5), ("payload", 12)] {
            let mut bytes = good.clone();
            bytes[ends[bad] + offset] ^= 0x04;
            let read = read_bytes(&bytes);
            assert_eq!(read.batches, batches[..bad], "{what} of record {bad}");
            assert_eq!(
                read.ending,
                Ending::Damaged {
                    at: ends[bad] as u64,
                    next: ends[bad + 1] as u64
                },
                "{what} of record {bad}"
            );
        }
    }
    // The last record damaged: nothing of this file follows, a torn tail.
    let mut bytes = good.clone();
    bytes[ends[4] + 12] ^= 0x04;
    let read = read_bytes(&bytes);
    assert_eq!(read.batches, batches[..4]);
    assert!(matches!(read.ending, Ending::Torn { at, .. } if at == ends[4] as u64));
    // The same records under another number (a reused file's old records) are no
    // record of this file: a torn tail, however many follow.
    let other = file_name(dir.path(), 4);
    std::fs::write(&other, &good).unwrap();
    let read = super::read(&other).unwrap();
    assert!(read.batches.is_empty());
    assert!(
        matches!(read.ending, Ending::Torn { at: 8, .. }),
        "{:?}",
        read.ending
    );
}

#[test]
fn a_record_that_checks_but_does_not_decode_is_refused_as_newer() {
    let dir = tempfile::tempdir().unwrap();
    // A tree this build does not know (a newer build's), with a valid checksum.
    let mut unknown = batch(1).record();
    unknown[RECORD_HEADER + 1] = 200;
    let crc = checksum(&unknown[..4], &unknown[RECORD_HEADER..]);
    unknown[4..8].copy_from_slice(&crc.to_le_bytes());
    let wal = Wal::create(dir.path(), 1, &NO_FAULTS).unwrap();
    wal.lock().append(&mut batch(0).record()).unwrap();
    wal.lock().append(&mut unknown).unwrap();
    let err = read(&file_name(dir.path(), 1)).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::Unsupported);
    assert!(err.to_string().contains("newer version"), "{err}");
    // A header of a newer format is refused the same way.
    let newer = file_name(dir.path(), 2);
    std::fs::write(&newer, b"CMWAL\0\0\x03rest").unwrap();
    let err = read(&newer).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::Unsupported);
    assert!(err.to_string().contains("format 3"), "{err}");
}

#[test]
fn a_failed_append_leaves_no_record_behind() {
    let dir = tempfile::tempdir().unwrap();
    let faults = Faults::leak();
    let wal = Wal::create(dir.path(), 1, faults).unwrap();
    wal.lock().append(&mut batch(1).record()).unwrap();
    // The failed write reached the file whole (an error reported after the fact):
    // its record must not be read as one, though its writer was told it failed.
    let mut lost = batch(2).record();
    if let Some(crc) = lost.get_mut(4..8) {
        let masked = u32::from_le_bytes(crc.try_into().unwrap()) ^ seal(1);
        crc.copy_from_slice(&masked.to_le_bytes());
    }
    {
        let w = wal.lock();
        w.file.write_all_at(&lost, w.len).unwrap();
    }
    faults.arm_named("append");
    assert!(wal.lock().append(&mut batch(2).record()).is_err());
    faults.disarm();
    let path = file_name(dir.path(), 1);
    assert_eq!(read(&path).unwrap().batches, vec![batch(1)]);
    // The next record goes where the failed one was.
    wal.lock().append(&mut batch(3).record()).unwrap();
    assert_eq!(read(&path).unwrap().batches, vec![batch(1), batch(3)]);
}

/// The log file numbers in `dir`.
fn seqs(dir: &Path) -> Vec<u64> {
    files(dir).unwrap().iter().map(|f| f.0).collect()
}

#[test]
fn a_rotation_that_fails_at_any_step_leaves_no_half_made_file_and_recovers() {
    for with_spare in [false, true] {
        let mut failed = 0;
        for k in 1.. {
            let dir = tempfile::tempdir().unwrap();
            let faults = Faults::leak();
            let wal = Wal::create(dir.path(), 1, faults).unwrap();
            wal.lock().append(&mut batch(1).record()).unwrap();
            if with_spare {
                wal.prepare_spare().unwrap();
            }
            faults.arm_at(k, None);
            let rotated = wal.rotate();
            let steps = faults.disarm();
            if rotated.is_ok() {
                assert!(k as usize > steps.len());
                break;
            }
            failed += 1;
            let step = steps.last().copied().unwrap_or_default();
            assert!(step.starts_with("rotate"), "{step}");
            // No half-made file 2; the spare is still there to be used.
            assert_eq!(seqs(dir.path()), [1], "failed at {step}");
            assert_eq!(dir.path().join(SPARE).exists(), with_spare, "{step}");
            // The log goes on in file 1.
            wal.lock().append(&mut batch(2).record()).unwrap();
            // Space is back: the next rotation gets through and file 1 retires.
            let old = wal.rotate().unwrap();
            assert_eq!(old.seq, 1);
            wal.lock().append(&mut batch(3).record()).unwrap();
            assert_eq!(
                read(&file_name(dir.path(), 1)).unwrap().batches,
                vec![batch(1), batch(2)]
            );
            wal.retire_upto(1, old.reusable(1 << 20)).unwrap();
            assert_eq!(seqs(dir.path()), [2], "after failing at {step}");
            assert_eq!(
                read(&file_name(dir.path(), 2)).unwrap().batches,
                vec![batch(3)]
            );
        }
        assert!(failed >= 4, "{failed} steps failed");
    }
    // A half-made file left behind (its clean-up failed too) is replaced.
    let dir = tempfile::tempdir().unwrap();
    let wal = Wal::create(dir.path(), 1, &NO_FAULTS).unwrap();
    std::fs::write(file_name(dir.path(), 2), &MAGIC[..3]).unwrap();
    assert_eq!(wal.rotate().unwrap().seq, 1);
    wal.lock().append(&mut batch(4).record()).unwrap();
    assert_eq!(
        read(&file_name(dir.path(), 2)).unwrap().batches,
        vec![batch(4)]
    );
}

#[test]
fn a_crash_at_any_step_of_retirement_leaves_only_the_newest_files() {
    for k in 1.. {
        let dir = tempfile::tempdir().unwrap();
        let faults = Faults::leak();
        let wal = Wal::create(dir.path(), 1, faults).unwrap();
        for n in 0..3 {
            wal.lock().append(&mut batch(n).record()).unwrap();
            wal.rotate().unwrap();
        }
        assert_eq!(seqs(dir.path()), [1, 2, 3, 4]);
        let left = Arc::new(Mutex::new(None));
        let (seen, from) = (left.clone(), dir.path().to_path_buf());
        faults.arm_at(k, Some(Box::new(move || *lock(&seen) = Some(seqs(&from)))));
        let retired = wal.retire_upto(3, true);
        let steps = faults.disarm();
        let Some(left) = lock(&left).take() else {
            retired.unwrap();
            assert!(k as usize > steps.len());
            assert_eq!(seqs(dir.path()), [4]);
            assert!(dir.path().join(SPARE).exists(), "file 3 kept as the spare");
            break;
        };
        // The retired files still there when the step failed: the newest ones, so
        // their records applied again end in the newest values.
        let retired: Vec<u64> = left.into_iter().filter(|&s| s <= 3).collect();
        let newest: Vec<u64> = (4 - retired.len() as u64..4).collect();
        assert_eq!(retired, newest, "crash before step {k} ({steps:?})");
    }
}
