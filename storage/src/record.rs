//! What both backends read the same way: the stored bytes of a channel's game (its
//! metadata, snapshot and log tail) into a [`Record`], and the decisions on what cannot
//! be read — refused when a newer build wrote it (an error, left in place), quarantined
//! when it is damaged — and the "written by" mark of a store's record formats.

use crate::{codec, LogEntry, Meta, Record, StoreError, SCHEMA_VERSION};

/// The mark of the newest record formats this build writes: metadata schema, then record
/// layout, u32 big-endian each (sled's `written_by` key, PostgreSQL's `store_info` row).
pub(crate) fn written_by_this_build() -> [u8; 8] {
    let mut v = [0u8; 8];
    v[..4].copy_from_slice(&SCHEMA_VERSION.to_be_bytes());
    v[4..].copy_from_slice(&u32::from(codec::RECORD_VERSION).to_be_bytes());
    v
}

/// Whether writing the mark `new` over the `stored` one moves it forward (none stored,
/// or `new` names newer formats: the marks compare byte by byte, schema first). The mark
/// never goes back, whichever process or replayed record writes last.
pub(crate) fn mark_moves_forward(stored: Option<&[u8]>, new: &[u8]) -> bool {
    stored.is_none_or(|old| new > old)
}

/// Why a store (or a record) written by a newer build is refused: `None` when this
/// build reads what `written_by` (a [`written_by_this_build`] value) says was written.
pub(crate) fn newer_than_this_build(written_by: &[u8]) -> Option<String> {
    let (Some(schema), Some(layout)) = (written_by.get(..4), written_by.get(4..8)) else {
        return Some(format!("an unreadable version record {written_by:?}"));
    };
    let schema = u32::from_be_bytes(schema.try_into().unwrap_or_default());
    let layout = u32::from_be_bytes(layout.try_into().unwrap_or_default());
    let ours = u32::from(codec::RECORD_VERSION);
    (schema > SCHEMA_VERSION || layout > ours).then(|| {
        format!("metadata schema {schema} and record layout {layout}; this build reads schema {SCHEMA_VERSION} and layout {ours} at most")
    })
}

/// The refusal of one record written by a newer build (found when read, in a store
/// that did not say so at open): an error, never a quarantine.
pub(crate) fn refuse_newer_record(what: &str, bytes: &[u8]) -> Result<(), StoreError> {
    match codec::newer_layout(bytes) {
        Some(layout) => Err(StoreError::Newer(format!(
            "{what} was written by a newer version of capomaestro (record layout {layout}; \
             this build reads {} at most) and is left untouched: run that version.",
            codec::RECORD_VERSION
        ))),
        None => Ok(()),
    }
}

/// Decodes a channel's metadata. `Err(Ok(reason))`: unreadable (to quarantine);
/// `Err(Err(_))`: written by a newer build (refused, left in place).
pub(crate) fn decode_meta(bytes: &[u8]) -> Result<Meta, Result<String, StoreError>> {
    let meta = codec::decode_meta(bytes).map_err(Ok)?;
    if meta.schema > SCHEMA_VERSION {
        return Err(Err(StoreError::Newer(format!(
            "The game in channel {} was written by a newer version of capomaestro \
             (metadata schema {}; this build reads {SCHEMA_VERSION} at most) and is left \
             untouched: run that version.",
            meta.channel, meta.schema
        ))));
    }
    Ok(meta)
}

/// A game's stored state: its last snapshot (`None` in a lobby) and the log entries
/// after it.
pub(crate) type StoredState = (Option<Vec<u8>>, Vec<LogEntry>);

/// The state of `meta`'s game from its stored snapshot and the log entries from the
/// snapshot's move on, as `(index, bytes)` in index order (read lazily: `log` is only
/// called when the snapshot is older than `meta.version`, with the snapshot's move).
/// The inner `Err` is why it cannot be read (then it is quarantined); an entry written
/// by a newer build is refused.
pub(crate) fn stored_state<L, I, B>(
    meta: &Meta,
    snapshot: Option<&[u8]>,
    log: L,
) -> Result<Result<StoredState, String>, StoreError>
where
    L: FnOnce(u64) -> Result<I, StoreError>,
    I: IntoIterator<Item = Result<(u64, B), StoreError>>,
    B: AsRef<[u8]>,
{
    let Some(stored) = snapshot else {
        return Ok(Ok((None, Vec::new())));
    };
    let (at, engine) = match codec::decode_snapshot(stored, meta.version) {
        Ok(decoded) => decoded,
        Err(reason) => return Ok(Err(reason)),
    };
    let mut tail = Vec::new();
    if at == meta.version {
        // Nothing logged since: the log is not even read.
        return Ok(Ok((Some(engine.to_vec()), tail)));
    }
    for (expected, item) in (at..meta.version).zip(log(at)?) {
        let (index, bytes) = item?;
        let bytes = bytes.as_ref();
        refuse_newer_record(
            &format!(
                "Action {} of the game in channel {}",
                index + 1,
                meta.channel
            ),
            bytes,
        )?;
        if index != expected {
            return Ok(Err(format!(
                "action {} is missing from the log",
                expected + 1
            )));
        }
        match codec::decode_log(bytes) {
            Ok(entry) => tail.push(entry),
            Err(reason) => return Ok(Err(format!("action {}: {reason}", index + 1))),
        }
    }
    if (tail.len() as u64) < meta.version - at {
        return Ok(Err(format!(
            "action {} is missing from the log",
            at + tail.len() as u64 + 1
        )));
    }
    Ok(Ok((Some(engine.to_vec()), tail)))
}

/// The record of `channel` from its stored metadata and `state` (its snapshot and log
/// tail, as [`stored_state`] reads them). `Ok(Err(reason))`: it cannot be read (to
/// quarantine); a record written by a newer build is refused.
pub(crate) fn record_of(
    channel: u64,
    meta_bytes: &[u8],
    state: impl FnOnce(&Meta) -> Result<Result<StoredState, String>, StoreError>,
) -> Result<Result<Record, String>, StoreError> {
    // Written by a newer build: refused (an error), never quarantined.
    refuse_newer_record(&format!("The game in channel {channel}"), meta_bytes)?;
    let meta = match decode_meta(meta_bytes) {
        Ok(meta) => meta,
        Err(Ok(reason)) => return Ok(Err(reason)),
        Err(Err(newer)) => return Err(newer),
    };
    Ok(state(&meta)?.map(|(snapshot, tail)| Record {
        meta,
        snapshot,
        tail,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_moves_forward_only() {
        let ours = written_by_this_build();
        let mut newer = ours;
        newer[7] += 1;
        assert!(mark_moves_forward(None, &ours));
        assert!(mark_moves_forward(Some(&[0; 8]), &ours));
        assert!(!mark_moves_forward(Some(&ours), &ours));
        assert!(!mark_moves_forward(Some(&newer), &ours));
    }

    #[test]
    fn a_mark_of_this_build_or_older_is_read_a_newer_or_unreadable_one_refused() {
        assert_eq!(newer_than_this_build(&written_by_this_build()), None);
        assert_eq!(newer_than_this_build(&[0; 8]), None);
        let mut newer = written_by_this_build();
        newer[7] = newer[7].wrapping_add(1);
        let why = newer_than_this_build(&newer).expect("newer layout refused");
        assert!(why.contains("record layout"), "{why}");
        assert!(newer_than_this_build(&[1, 2, 3]).is_some());
    }
}
