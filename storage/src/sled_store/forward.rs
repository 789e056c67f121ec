//! Replaying the write-ahead log never takes the store back: a record older than what
//! sled already holds (a stale log file restored by hand, a file system that reordered
//! writes) does not lower a game's version, the id generator or the "written by" mark.

use super::{key_u64, SledStore, IDS_KEY, WRITTEN_BY_KEY};
use crate::codec;
use crate::record::mark_moves_forward;
use crate::wal::{Batch, Op, TreeId};
use crate::ChannelId;

impl SledStore {
    /// `batch` without the operations that would take stored state back: for a channel
    /// whose stored game is the batch's game at a later version, the batch's writes of
    /// that channel's metadata, snapshot, finished mark and timers (its outbox rows, log
    /// entries and the rest are kept: writing them again is harmless); a lower id
    /// ceiling; an older "written by" mark. Each skip is logged as a warning.
    pub(super) fn forward_only(&self, batch: Batch) -> Batch {
        let stale: Vec<ChannelId> = batch
            .ops
            .iter()
            .filter_map(|op| match op {
                Op::Put(TreeId::Meta, k, v) => self.stale_game(k, v),
                _ => None,
            })
            .collect();
        let ops = batch
            .ops
            .into_iter()
            .filter(|op| !self.goes_back(op, &stale))
            .collect();
        Batch { ops }
    }

    /// The channel of a metadata record older than the stored one of the same game.
    fn stale_game(&self, key: &[u8], value: &[u8]) -> Option<ChannelId> {
        let channel = key_u64(key, 0).ok()?;
        let replayed = codec::decode_meta(value).ok()?;
        let stored = self.meta.get(key).ok()??;
        let stored = codec::decode_meta(&stored).ok()?;
        if stored.game_id != replayed.game_id || stored.version <= replayed.version {
            return None;
        }
        tracing::warn!(
            channel,
            game = stored.game_id,
            stored = stored.version,
            replayed = replayed.version,
            "skipped a write-ahead log record older than the stored game: a game never goes back"
        );
        Some(channel)
    }

    /// Whether applying `op` would take stored state back (see [`Self::forward_only`]).
    fn goes_back(&self, op: &Op, stale: &[ChannelId]) -> bool {
        let (Op::Put(tree, key, _) | Op::Remove(tree, key)) = op;
        let channel_state = matches!(
            tree,
            TreeId::Meta | TreeId::Snapshot | TreeId::Finished | TreeId::Timers
        );
        if channel_state {
            return key_u64(key, 0).is_ok_and(|c| stale.contains(&c));
        }
        let Op::Put(TreeId::Default, key, value) = op else {
            return false;
        };
        let stored = self.db.get(key).ok().flatten();
        let back = if key == IDS_KEY {
            let number = |b: &[u8]| key_u64(b, 0).ok();
            matches!(
                (stored.as_deref().and_then(number), number(value)),
                (Some(old), Some(new)) if new < old
            )
        } else if key == WRITTEN_BY_KEY {
            stored
                .as_deref()
                .is_some_and(|old| old != value.as_slice() && !mark_moves_forward(Some(old), value))
        } else {
            false
        };
        if back {
            tracing::warn!(
                key = %String::from_utf8_lossy(key),
                "skipped a write-ahead log record that would lower a stored counter or mark"
            );
        }
        back
    }
}
