//! The in-memory indexes of timers and pending outbox rows, and the keys of the trees they mirror.

use super::*;

/// Key of a channel's timer of one kind.
pub(super) fn timer_key(channel: ChannelId, kind: TimerKind) -> [u8; 9] {
    let mut k = [0u8; 9];
    k[..8].copy_from_slice(&channel.to_be_bytes());
    k[8] = kind as u8;
    k
}

/// The channel and kind a `timers` key names.
pub(super) fn timer_key_parts(key: &[u8]) -> Option<(ChannelId, TimerKind)> {
    let channel = key_u64(key, 0).ok()?;
    let kind = TimerKind::from_byte(*key.get(8)?)?;
    Some((channel, kind))
}

/// The stored timers by (channel, kind) and by due time: what `timer`, `due_timers` and
/// `next_timer_due` read. Mirrors the `timers` tree (see [`SledStore::apply`]).
#[derive(Default)]
pub(super) struct TimerIndex {
    pub(super) timers: HashMap<(ChannelId, TimerKind), Timer>,
    /// (due ms, channel, kind).
    pub(super) due: BTreeSet<(u64, ChannelId, TimerKind)>,
}

impl TimerIndex {
    pub(super) fn get(&self, channel: ChannelId, kind: TimerKind) -> Option<&Timer> {
        self.timers.get(&(channel, kind))
    }

    /// Indexes the timer stored under `key`, replacing the one it had; false (and
    /// nothing indexed) when the key or the timer cannot be read.
    pub(super) fn put(&mut self, key: &[u8], value: &[u8]) -> bool {
        self.remove(key);
        let Some((channel, kind)) = timer_key_parts(key) else {
            return false;
        };
        let Ok(timer) = codec::decode_timer(value) else {
            return false;
        };
        self.due.insert((timer.due_ms, channel, kind));
        self.timers.insert((channel, kind), timer);
        true
    }

    pub(super) fn remove(&mut self, key: &[u8]) {
        let Some((channel, kind)) = timer_key_parts(key) else {
            return;
        };
        if let Some(old) = self.timers.remove(&(channel, kind)) {
            self.due.remove(&(old.due_ms, channel, kind));
        }
    }
}

/// Key of a player's stats: guild, game id (or `*` for all games), a 0 byte, user.
pub(super) fn stats_key(guild: u64, game: Option<&str>, user: Option<UserId>) -> Vec<u8> {
    let mut k = guild.to_be_bytes().to_vec();
    k.extend_from_slice(game.unwrap_or("*").as_bytes());
    k.push(0);
    if let Some(user) = user {
        k.extend_from_slice(&user.to_be_bytes());
    }
    k
}

impl SledStore {
    /// Adds the changes of `changes` for `channel` to a batch: one record per timer set,
    /// none for cancelling a timer that is not set (the index is kept as it is applied).
    pub(super) fn put_timers(
        &self,
        b: &mut Batch,
        channel: ChannelId,
        changes: &[TimerChange],
    ) -> Result<(), StoreError> {
        let index = lock(&self.timer_index);
        for change in changes {
            let key = timer_key(channel, change.kind);
            match &change.timer {
                Some(timer) => {
                    let timer = Timer {
                        kind: change.kind,
                        ..*timer
                    };
                    b.put(TreeId::Timers, key, codec::encode_timer(&timer));
                }
                None if index.get(channel, change.kind).is_some() => b.remove(TreeId::Timers, key),
                None => {}
            }
        }
        Ok(())
    }
}

/// Cancels every timer of a channel.
pub(super) const CANCEL_ALL: [TimerChange; 3] = [
    TimerChange {
        kind: TimerKind::Remind,
        timer: None,
    },
    TimerChange {
        kind: TimerKind::Timeout,
        timer: None,
    },
    TimerChange {
        kind: TimerKind::StandIn,
        timer: None,
    },
];

/// Writes `rows` into the outbox (indexed as they are applied).
pub(super) fn insert_rows(b: &mut Batch, rows: Vec<(u64, Vec<u8>)>) {
    for (id, bytes) in rows {
        b.put_vec(TreeId::Outbox, id.to_be_bytes(), bytes);
    }
}

/// The pending outbox rows by due time and by channel: what `due_outbox`, `next_due`
/// and `channel_outbox` read. Mirrors the `outbox` tree and the rows in `fresh` (see
/// [`Shared::apply_outbox`]); a row that cannot be read is not indexed (`store check`
/// sets it aside).
#[derive(Default)]
pub(super) struct OutboxIndex {
    /// Rows stored since the last checkpoint, not yet in sled: id → row bytes. The log
    /// holds them until a checkpoint writes them into sled ([`Shared::keep_fresh_rows`]).
    pub(super) fresh: HashMap<u64, Vec<u8>>,
    /// Row id → (channel, due ms).
    pub(super) rows: HashMap<u64, (ChannelId, u64)>,
    /// (due ms, row id).
    pub(super) due: BTreeSet<(u64, u64)>,
    /// (channel, row id).
    pub(super) channel: BTreeSet<(ChannelId, u64)>,
}

impl OutboxIndex {
    /// Indexes the row stored under `key` (replacing what the id had).
    pub(super) fn put(&mut self, key: &[u8], value: &[u8]) {
        self.remove(key);
        let Ok(id) = key_u64(key, 0) else { return };
        if let Ok((channel, due_ms)) = codec::row_address(value) {
            self.rows.insert(id, (channel, due_ms));
            self.due.insert((due_ms, id));
            self.channel.insert((channel, id));
        }
    }

    pub(super) fn remove(&mut self, key: &[u8]) {
        let Ok(id) = key_u64(key, 0) else { return };
        if let Some((channel, due_ms)) = self.rows.remove(&id) {
            self.due.remove(&(due_ms, id));
            self.channel.remove(&(channel, id));
        }
    }
}
