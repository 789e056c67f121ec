//! [`Copyable`] for the sled store: every tree read in key order, and items written as
//! log batches (so the in-memory indexes of the outbox and the timers follow).

use super::indexes::{timer_key, timer_key_parts};
use super::*;
use crate::copy::{Copyable, Item, COPY_BATCH};

/// The trees a store with anything in it has something in.
fn trees(store: &SledStore) -> [&sled::Tree; 12] {
    [
        &store.meta,
        &store.snapshot,
        &store.log,
        &store.archive,
        &store.quarantine,
        &store.notes,
        &store.timers,
        &store.players,
        &store.stats,
        &store.ratings,
        &store.rated,
        &store.shared.outbox,
    ]
}

/// Sends `items` on once a batch is full (and whatever is left when `last`).
fn flush_batch(
    items: &mut Vec<Item>,
    sink: &mut dyn FnMut(Vec<Item>) -> Result<(), StoreError>,
    last: bool,
) -> Result<(), StoreError> {
    if items.len() >= COPY_BATCH || (last && !items.is_empty()) {
        sink(std::mem::take(items))?;
    }
    Ok(())
}

impl Copyable for SledStore {
    fn is_empty_store(&self) -> Result<bool, StoreError> {
        for tree in trees(self) {
            if !tree.is_empty() {
                return Ok(false);
            }
        }
        Ok(lock(&self.shared.pending).rows.is_empty())
    }

    fn export_items(
        &self,
        sink: &mut dyn FnMut(Vec<Item>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let mut items = Vec::new();
        for kv in self.meta.iter() {
            let (k, v) = kv.map_err(backend)?;
            items.push(Item::Game {
                channel: key_u64(&k, 0)?,
                meta: v.to_vec(),
                snapshot: self.snapshot.get(&k).map_err(backend)?.map(|s| s.to_vec()),
                finished: self.finished.contains_key(&k).map_err(backend)?,
            });
            flush_batch(&mut items, sink, false)?;
        }
        for kv in self.log.iter() {
            let (k, v) = kv.map_err(backend)?;
            items.push(Item::Log {
                game_id: key_u64(&k, 0)?,
                index: key_u64(&k, 8)?,
                entry: v.to_vec(),
            });
            flush_batch(&mut items, sink, false)?;
        }
        for kv in self.archive.iter() {
            let (k, v) = kv.map_err(backend)?;
            items.push(Item::Archive {
                channel: key_u64(&k, 0)?,
                game_id: key_u64(&k, 8)?,
                entry: v.to_vec(),
            });
            flush_batch(&mut items, sink, false)?;
        }
        for kv in self.quarantine.iter() {
            let (_, v) = kv.map_err(backend)?;
            items.push(Item::Quarantine(
                codec::decode_quarantined(&v).map_err(StoreError::Backend)?,
            ));
            flush_batch(&mut items, sink, false)?;
        }
        // Pending rows from the index: rows stored since the last checkpoint are in
        // memory (and the log) only.
        let mut ids: Vec<u64> = lock(&self.shared.pending).rows.keys().copied().collect();
        ids.sort_unstable();
        for id in ids {
            if let Some(row) = self.outbox_row(id)? {
                items.push(Item::Outbox(row));
                flush_batch(&mut items, sink, false)?;
            }
        }
        for kv in self.timers.iter() {
            let (k, v) = kv.map_err(backend)?;
            let (channel, _) = timer_key_parts(&k)
                .ok_or_else(|| StoreError::Backend(format!("malformed timer key {k:?}")))?;
            let timer = codec::decode_timer(&v).map_err(StoreError::Backend)?;
            items.push(Item::Timer(channel, timer));
            flush_batch(&mut items, sink, false)?;
        }
        for kv in self.notes.iter() {
            let (k, v) = kv.map_err(backend)?;
            items.push(Item::Note {
                channel: key_u64(&k, 0)?,
                name: String::from_utf8_lossy(k.get(8..).unwrap_or_default()).into_owned(),
                value: v.to_vec(),
            });
            flush_batch(&mut items, sink, false)?;
        }
        for kv in self.players.iter() {
            let (k, v) = kv.map_err(backend)?;
            items.push(Item::Player {
                user: key_u64(&k, 0)?,
                channel: key_u64(&k, 8)?,
                game_id: key_u64(&v, 0)?,
            });
            flush_batch(&mut items, sink, false)?;
        }
        for kv in self.stats.iter() {
            let (k, v) = kv.map_err(backend)?;
            // guild (8 bytes), game or `*`, a 0 byte, user (8 bytes).
            let game = k
                .len()
                .checked_sub(9)
                .and_then(|end| k.get(8..end))
                .ok_or_else(|| StoreError::Backend(format!("malformed stats key {k:?}")))?;
            let game = String::from_utf8_lossy(game).into_owned();
            items.push(Item::Stats {
                guild: key_u64(&k, 0)?,
                game: (game != "*").then_some(game),
                user: key_u64(&k, k.len() - 8)?,
                stats: codec::decode_stats(&v).map_err(StoreError::Backend)?,
            });
            flush_batch(&mut items, sink, false)?;
        }
        for kv in self.ratings.iter() {
            let (k, v) = kv.map_err(backend)?;
            let mut parts = k.splitn(3, |&b| b == 0);
            let (ladder, title, user) = (parts.next(), parts.next(), parts.next());
            let (Some(ladder), Some(title), Some(user)) = (ladder, title, user) else {
                return Err(StoreError::Backend(format!("malformed rating key {k:?}")));
            };
            items.push(Item::Rating(RatingEntry {
                ladder: String::from_utf8_lossy(ladder).into_owned(),
                title: String::from_utf8_lossy(title).into_owned(),
                user: key_u64(user, 0)?,
                row: serde_json::from_slice(&v).map_err(|e| StoreError::Backend(e.to_string()))?,
            }));
            flush_batch(&mut items, sink, false)?;
        }
        for kv in self.rated.iter() {
            let (_, v) = kv.map_err(backend)?;
            items.push(Item::Rated(
                serde_json::from_slice(&v).map_err(|e| StoreError::Backend(e.to_string()))?,
            ));
            flush_batch(&mut items, sink, false)?;
        }
        // Ids below `next` were handed out (game ids are those plus one).
        let ids = lock(&self.ids);
        items.push(Item::IdsUpTo(ids.next.max(ids.ceiling)));
        drop(ids);
        flush_batch(&mut items, sink, true)
    }

    fn import_items(&self, items: &[Item]) -> Result<(), StoreError> {
        let mut quarantine_ids = Vec::new();
        for item in items {
            if let Item::Quarantine(q) = item {
                quarantine_ids.push(pair_key(q.channel, self.generate_id()?));
            }
        }
        let mut ids_up_to = None;
        // Rated results go after those already copied, in their order.
        let mut next_rated = match self.rated.last().map_err(backend)? {
            Some((k, _)) => key_u64(&k, 0)? + 1,
            None => 0,
        };
        self.write(|b| {
            let mut quarantine_ids = quarantine_ids.into_iter();
            for item in items {
                match item {
                    Item::Game {
                        channel,
                        meta,
                        snapshot,
                        finished,
                    } => {
                        let key = channel.to_be_bytes();
                        b.put(TreeId::Meta, key, meta);
                        if let Some(s) = snapshot {
                            b.put(TreeId::Snapshot, key, s);
                        }
                        if *finished {
                            b.put(TreeId::Finished, key, []);
                        }
                    }
                    Item::Log {
                        game_id,
                        index,
                        entry,
                    } => b.put(TreeId::Log, pair_key(*game_id, *index), entry),
                    Item::Archive {
                        channel,
                        game_id,
                        entry,
                    } => b.put(TreeId::Archive, pair_key(*channel, *game_id), entry),
                    Item::Quarantine(q) => {
                        if let Some(key) = quarantine_ids.next() {
                            b.put(TreeId::Quarantine, key, codec::encode_quarantined(q));
                        }
                    }
                    Item::Outbox(row) => {
                        b.put(TreeId::Outbox, row.id.to_be_bytes(), codec::encode_row(row))
                    }
                    Item::Timer(channel, timer) => b.put(
                        TreeId::Timers,
                        timer_key(*channel, timer.kind),
                        codec::encode_timer(timer),
                    ),
                    Item::Note {
                        channel,
                        name,
                        value,
                    } => {
                        let mut key = channel.to_be_bytes().to_vec();
                        key.extend_from_slice(name.as_bytes());
                        b.put(TreeId::Notes, key, value);
                    }
                    Item::Player {
                        user,
                        channel,
                        game_id,
                    } => b.put(
                        TreeId::Players,
                        pair_key(*user, *channel),
                        game_id.to_be_bytes(),
                    ),
                    Item::Stats {
                        guild,
                        game,
                        user,
                        stats,
                    } => b.put(
                        TreeId::Stats,
                        stats_key(*guild, game.as_deref(), Some(*user)),
                        codec::encode_stats(stats),
                    ),
                    Item::IdsUpTo(n) => ids_up_to = Some(*n),
                    Item::Rating(r) => b.put_vec(
                        TreeId::Ratings,
                        super::store_impl::rating_key(&r.ladder, &r.title, Some(r.user)),
                        serde_json::to_vec(&r.row)
                            .map_err(|e| StoreError::Encode(e.to_string()))?,
                    ),
                    Item::Rated(g) => {
                        b.put_vec(
                            TreeId::Rated,
                            next_rated.to_be_bytes(),
                            serde_json::to_vec(g).map_err(|e| StoreError::Encode(e.to_string()))?,
                        );
                        next_rated += 1;
                    }
                }
            }
            Ok(())
        })?;
        if let Some(n) = ids_up_to {
            // The next id handed out is above every copied one.
            let mut ids = lock(&self.ids);
            let next = n.saturating_add(1).max(ids.next);
            let ceiling = next.max(ids.ceiling);
            self.write(|b| {
                b.put(TreeId::Default, IDS_KEY, ceiling.to_be_bytes());
                Ok(())
            })?;
            ids.next = next;
            ids.ceiling = ceiling;
        }
        Ok(())
    }
}
