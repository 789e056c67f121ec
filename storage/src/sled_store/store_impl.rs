//! `impl Store for SledStore`: every trait method as batches through the log.

use super::*;

impl Store for SledStore {
    fn load(&self, channel: ChannelId) -> Result<Loaded, StoreError> {
        let Some(meta_bytes) = self.meta.get(channel.to_be_bytes()).map_err(backend)? else {
            return Ok(Loaded::Empty);
        };
        let record = record::record_of(channel, &meta_bytes, |meta| self.stored_state(meta))?;
        match record {
            Ok(record) => Ok(Loaded::Found(record)),
            Err(reason) => {
                self.quarantine(channel, &reason)?;
                Ok(Loaded::Quarantined(reason))
            }
        }
    }

    fn commit(&self, commit: Commit<'_>) -> Result<Vec<u64>, StoreError> {
        let key = commit.meta.channel.to_be_bytes();
        let meta_bytes = codec::encode_meta(commit.meta);
        let finished = commit.meta.status == Status::Finished;
        let entry = match commit.entry {
            Some(e) => {
                let index = commit.meta.version.checked_sub(1).ok_or_else(|| {
                    StoreError::Encode("a log entry needs meta.version >= 1".into())
                })?;
                Some((pair_key(commit.meta.game_id, index), codec::encode_log(e)))
            }
            None => None,
        };
        // A finished game never comes back (a stale copy committed after its archive).
        let archived = pair_key(commit.meta.channel, commit.meta.game_id);
        if self.archive.contains_key(archived).map_err(backend)? {
            return Err(StoreError::Moved);
        }
        // Read outside the log's lock: the channel's previous commit is in sled already.
        if let Some((k, _)) = &entry {
            if self.log.contains_key(k).map_err(backend)? {
                return Err(StoreError::Backend(
                    "log entry already exists (concurrent writer?)".into(),
                ));
            }
        }
        let rows = self.outbox_rows(commit.outbox)?;
        let ids = rows.iter().map(|(id, _)| *id).collect();
        self.write_channel(move |b| {
            b.put_vec(TreeId::Meta, key, meta_bytes);
            if let Some(s) = commit.snapshot {
                b.put_vec(
                    TreeId::Snapshot,
                    key,
                    codec::encode_snapshot(commit.meta.version, s),
                );
            }
            if let Some((k, v)) = entry {
                b.put_vec(TreeId::Log, k, v);
            }
            if finished {
                b.put(TreeId::Finished, key, []);
            }
            insert_rows(b, rows);
            self.put_timers(b, commit.meta.channel, commit.timers)?;
            if let Some(left) = commit.seats {
                let channel = commit.meta.channel;
                for user in left {
                    b.remove(TreeId::Players, pair_key(*user, channel));
                }
                for seat in &commit.meta.seats {
                    b.put(
                        TreeId::Players,
                        pair_key(seat.user, channel),
                        commit.meta.game_id.to_be_bytes(),
                    );
                }
            }
            Ok(())
        })?;
        Ok(ids)
    }

    fn log(&self, game_id: u64) -> Result<Vec<LogEntry>, StoreError> {
        let mut out = Vec::new();
        for item in self.log.scan_prefix(game_id.to_be_bytes()) {
            let (k, v) = item.map_err(backend)?;
            let entry = codec::decode_log(&v).map_err(|e| {
                StoreError::Backend(format!(
                    "entry {} of game {game_id}: {e}",
                    key_u64(&k, 8).unwrap_or(u64::MAX)
                ))
            })?;
            out.push(entry);
        }
        Ok(out)
    }

    fn archive_rated(
        &self,
        entry: &ArchiveEntry,
        standings: &[Standing],
        rated: Option<Rated>,
    ) -> Result<Archived, StoreError> {
        let meta = &entry.meta;
        let key = meta.channel.to_be_bytes();
        let archive_key = pair_key(meta.channel, meta.game_id);
        let bytes = codec::encode_archive(entry);
        // The announcement's row id, taken before the write's lock (ids are written
        // under it); unused when the game was archived before.
        let row_id = match rated {
            Some(_) => Some(self.generate_id()?),
            None => None,
        };
        self.write(|b| {
            b.remove(TreeId::Meta, key);
            b.remove(TreeId::Snapshot, key);
            b.remove(TreeId::Finished, key);
            // Archived once: a repeated archive never counts in the stats twice.
            if self.archive.contains_key(archive_key).map_err(backend)? {
                return Ok(Archived::default());
            }
            b.put(TreeId::Archive, archive_key, &bytes);
            self.put_timers(b, meta.channel, &CANCEL_ALL)?;
            for seat in &meta.seats {
                b.remove(TreeId::Players, pair_key(seat.user, meta.channel));
            }
            for standing in standings {
                for game in standing.stat_keys(&meta.game) {
                    let k = stats_key(meta.guild, game.as_deref(), Some(standing.user));
                    let mut stats = match self.stats.get(&k).map_err(backend)? {
                        // Unreadable stats start again rather than block the archive.
                        Some(v) => codec::decode_stats(&v).unwrap_or_default(),
                        None => PlayerStats::default(),
                    };
                    stats.add(standing);
                    b.put(TreeId::Stats, k, codec::encode_stats(&stats));
                }
            }
            match (rated, row_id) {
                (Some(rated), Some(id)) => self.rate_in(b, rated, id),
                _ => Ok(Archived::default()),
            }
        })
    }

    fn rating(
        &self,
        ladder: &str,
        title: &str,
        user: UserId,
    ) -> Result<Option<RatingRow>, StoreError> {
        self.ratings
            .get(rating_key(ladder, title, Some(user)))
            .map_err(backend)?
            .map(|v| decode_json(&v))
            .transpose()
    }

    fn ladder(&self, ladder: &str, title: &str) -> Result<Vec<(UserId, RatingRow)>, StoreError> {
        let prefix = rating_key(ladder, title, None);
        let mut out = Vec::new();
        for item in self.ratings.scan_prefix(&prefix) {
            let (k, v) = item.map_err(backend)?;
            out.push((key_u64(&k, prefix.len())?, decode_json(&v)?));
        }
        Ok(out)
    }

    fn rated_games(&self) -> Result<Vec<RatedGame>, StoreError> {
        self.rated
            .iter()
            .map(|item| decode_json(&item.map_err(backend)?.1))
            .collect()
    }

    fn replace_ratings(&self, rows: &[RatingEntry]) -> Result<(), StoreError> {
        let old: Vec<sled::IVec> = self
            .ratings
            .iter()
            .keys()
            .collect::<Result<_, _>>()
            .map_err(backend)?;
        self.write(|b| {
            for k in old {
                b.remove(TreeId::Ratings, k);
            }
            for r in rows {
                b.put_vec(
                    TreeId::Ratings,
                    rating_key(&r.ladder, &r.title, Some(r.user)),
                    encode_json(&r.row)?,
                );
            }
            Ok(())
        })
    }

    fn archived(&self, channel: ChannelId) -> Result<Vec<ArchiveEntry>, StoreError> {
        let mut out = Vec::new();
        for item in self.archive.scan_prefix(channel.to_be_bytes()).rev() {
            let (_, v) = item.map_err(backend)?;
            // An unreadable archive entry is skipped rather than hiding the others.
            if let Ok(entry) = codec::decode_archive(&v) {
                out.push(entry);
            }
        }
        Ok(out)
    }

    fn archived_ids(&self, channel: ChannelId) -> Result<Vec<u64>, StoreError> {
        let mut out = Vec::new();
        // Keys are (channel, game id), big-endian: newest game last.
        for key in self.archive.scan_prefix(channel.to_be_bytes()).keys().rev() {
            out.push(key_u64(&key.map_err(backend)?, 8)?);
        }
        Ok(out)
    }

    fn archived_game(
        &self,
        channel: ChannelId,
        game_id: u64,
    ) -> Result<Option<ArchiveEntry>, StoreError> {
        let Some(bytes) = self
            .archive
            .get(pair_key(channel, game_id))
            .map_err(backend)?
        else {
            return Ok(None);
        };
        codec::decode_archive(&bytes).map(Some).map_err(|e| {
            StoreError::Backend(format!(
                "archived game {game_id} of channel {channel} is unreadable: {e}"
            ))
        })
    }

    fn forget_archived(&self, before_s: u64, limit: usize) -> Result<usize, StoreError> {
        let mut old = Vec::new();
        for item in self.archive.iter() {
            if old.len() >= limit {
                break;
            }
            let (key, value) = item.map_err(backend)?;
            // An unreadable entry is left alone (it never blocks the others).
            let Ok(entry) = codec::decode_archive(&value) else {
                continue;
            };
            if entry.meta.updated < before_s {
                old.push((key, entry.meta.game_id));
            }
        }
        let mut log_keys = Vec::new();
        for (_, game_id) in &old {
            for key in self.log.scan_prefix(game_id.to_be_bytes()).keys() {
                log_keys.push(key.map_err(backend)?);
            }
        }
        self.write(|b| {
            for (key, _) in &old {
                b.remove(TreeId::Archive, key);
            }
            for key in &log_keys {
                b.remove(TreeId::Log, key);
            }
            Ok(())
        })?;
        Ok(old.len())
    }

    fn discard_lobby(&self, meta: &Meta) -> Result<(), StoreError> {
        let key = meta.channel.to_be_bytes();
        self.write(|b| {
            b.remove(TreeId::Meta, key);
            b.remove(TreeId::Snapshot, key);
            b.remove(TreeId::Finished, key);
            self.put_timers(b, meta.channel, &CANCEL_ALL)?;
            for seat in &meta.seats {
                b.remove(TreeId::Players, pair_key(seat.user, meta.channel));
            }
            Ok(())
        })
    }

    fn quarantine(&self, channel: ChannelId, reason: &str) -> Result<(), StoreError> {
        let key = channel.to_be_bytes();
        let id = self.generate_id()?;
        let qkey = pair_key(channel, id);
        self.write(|b| {
            let record = Quarantined {
                channel,
                reason: reason.to_string(),
                at: now(),
                meta_bytes: self
                    .meta
                    .get(key)
                    .map_err(backend)?
                    .map(|v| v.to_vec())
                    .unwrap_or_default(),
                snapshot_bytes: self.snapshot.get(key).map_err(backend)?.map(|v| v.to_vec()),
            };
            b.remove(TreeId::Meta, key);
            b.remove(TreeId::Snapshot, key);
            b.remove(TreeId::Finished, key);
            b.put(TreeId::Quarantine, qkey, codec::encode_quarantined(&record));
            Ok(())
        })
    }

    fn quarantined(&self) -> Result<Vec<Quarantined>, StoreError> {
        self.quarantine
            .iter()
            .map(|item| {
                let (_, v) = item.map_err(backend)?;
                codec::decode_quarantined(&v).map_err(StoreError::Backend)
            })
            .collect()
    }

    fn next_game_id(&self) -> Result<u64, StoreError> {
        // sled ids start at 0; keep 0 free as "no game".
        self.generate_id().map(|id| id + 1)
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.shared.checkpoint(Spare::Skip)
    }

    fn enqueue(&self, rows: &[NewOutbox]) -> Result<Vec<u64>, StoreError> {
        let rows = self.outbox_rows(rows)?;
        let ids = rows.iter().map(|(id, _)| *id).collect();
        self.write(move |b| {
            insert_rows(b, rows);
            Ok(())
        })?;
        Ok(ids)
    }

    fn due_outbox(&self, now_ms: u64, limit: usize) -> Result<Vec<OutboxRow>, StoreError> {
        let mut out = Vec::new();
        let mut after = None;
        // Ids are taken from the index a few at a time (not under its lock while rows
        // are read); a row removed meanwhile is skipped.
        while out.len() < limit {
            let ids: Vec<(u64, u64)> = {
                let pending = lock(&self.shared.pending);
                let from = match after {
                    Some(k) => Bound::Excluded(k),
                    None => Bound::Unbounded,
                };
                pending
                    .due
                    .range((from, Bound::Included((now_ms, u64::MAX))))
                    .take(limit - out.len())
                    .copied()
                    .collect()
            };
            let Some(last) = ids.last() else { break };
            after = Some(*last);
            for (_, id) in ids {
                if let Some(row) = self.outbox_row(id)? {
                    out.push(row);
                }
            }
        }
        Ok(out)
    }

    fn channel_outbox(&self, channel: ChannelId) -> Result<Vec<OutboxRow>, StoreError> {
        let ids: Vec<u64> = lock(&self.shared.pending)
            .channel
            .range((channel, 0)..=(channel, u64::MAX))
            .map(|(_, id)| *id)
            .collect();
        let mut out = Vec::new();
        for id in ids {
            if let Some(row) = self.outbox_row(id)? {
                out.push(row);
            }
        }
        Ok(out)
    }

    fn outbox_row(&self, id: u64) -> Result<Option<OutboxRow>, StoreError> {
        if let Some(bytes) = lock(&self.shared.pending).fresh.get(&id) {
            return codec::decode_row(bytes)
                .map(Some)
                .map_err(StoreError::Backend);
        }
        match self.shared.outbox.get(id.to_be_bytes()).map_err(backend)? {
            Some(v) => codec::decode_row(&v).map(Some).map_err(StoreError::Backend),
            None => Ok(None),
        }
    }

    fn next_due(&self) -> Result<Option<u64>, StoreError> {
        Ok(lock(&self.shared.pending).due.first().map(|(due, _)| *due))
    }

    fn outbox_done(&self, id: u64) -> Result<(), StoreError> {
        self.write_unsynced(|b| {
            let indexed = lock(&self.shared.pending).rows.contains_key(&id);
            if indexed
                || self
                    .shared
                    .outbox
                    .contains_key(id.to_be_bytes())
                    .map_err(backend)?
            {
                b.remove(TreeId::Outbox, id.to_be_bytes());
            }
            Ok(())
        })
    }

    fn outbox_retry(&self, id: u64, due_ms: u64, attempts: u32) -> Result<(), StoreError> {
        self.write_unsynced(|b| {
            let Some(row) = self.outbox_row(id)? else {
                return Ok(());
            };
            let next = OutboxRow {
                due_ms,
                attempts,
                ..row.clone()
            };
            b.put(TreeId::Outbox, id.to_be_bytes(), codec::encode_row(&next));
            Ok(())
        })
    }

    fn put_note(&self, channel: ChannelId, name: &str, value: &[u8]) -> Result<(), StoreError> {
        self.write(|b| {
            b.put(TreeId::Notes, note_key(channel, name), value);
            Ok(())
        })
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
                key_u64(&k, 0)
            })
            .collect()
    }

    fn set_timers(&self, channel: ChannelId, changes: &[TimerChange]) -> Result<(), StoreError> {
        self.write(|b| self.put_timers(b, channel, changes))
    }

    fn replace_timer(
        &self,
        channel: ChannelId,
        fired: &Timer,
        with: Option<Timer>,
    ) -> Result<bool, StoreError> {
        // Under the write lock: no other write comes between the check and the change.
        self.write(|b| {
            let still = lock(&self.timer_index)
                .get(channel, fired.kind)
                .is_some_and(|stored| stored.same_deadline(fired));
            if still {
                let change = TimerChange {
                    kind: fired.kind,
                    timer: with,
                };
                self.put_timers(b, channel, &[change])?;
            }
            Ok(still)
        })
    }

    fn timer(&self, channel: ChannelId, kind: TimerKind) -> Result<Option<Timer>, StoreError> {
        Ok(lock(&self.timer_index).get(channel, kind).copied())
    }

    fn due_timers(&self, now_ms: u64, limit: usize) -> Result<Vec<(ChannelId, Timer)>, StoreError> {
        let index = lock(&self.timer_index);
        Ok(index
            .due
            .iter()
            .take_while(|(due, ..)| *due <= now_ms)
            .filter_map(|(_, channel, kind)| Some((*channel, *index.get(*channel, *kind)?)))
            .take(limit)
            .collect())
    }

    fn next_timer_due(&self) -> Result<Option<u64>, StoreError> {
        Ok(lock(&self.timer_index).due.first().map(|(due, ..)| *due))
    }

    fn user_channels(&self, user: UserId) -> Result<Vec<(ChannelId, u64)>, StoreError> {
        self.players
            .scan_prefix(user.to_be_bytes())
            .map(|item| {
                let (k, v) = item.map_err(backend)?;
                Ok((key_u64(&k, 8)?, key_u64(&v, 0)?))
            })
            .collect()
    }

    fn player_stats(
        &self,
        guild: u64,
        game: Option<&str>,
        user: UserId,
    ) -> Result<Option<PlayerStats>, StoreError> {
        match self
            .stats
            .get(stats_key(guild, game, Some(user)))
            .map_err(backend)?
        {
            Some(v) => codec::decode_stats(&v)
                .map(Some)
                .map_err(StoreError::Backend),
            None => Ok(None),
        }
    }

    fn server_stats(
        &self,
        guild: u64,
        game: Option<&str>,
    ) -> Result<Vec<(UserId, PlayerStats)>, StoreError> {
        let prefix = stats_key(guild, game, None);
        let mut out = Vec::new();
        for item in self.stats.scan_prefix(&prefix) {
            let (k, v) = item.map_err(backend)?;
            if k.len() != prefix.len() + 8 {
                continue;
            }
            // An unreadable record is left out of the board, not allowed to hide it.
            if let Ok(stats) = codec::decode_stats(&v) {
                out.push((key_u64(&k, prefix.len())?, stats));
            }
        }
        Ok(out)
    }
}

fn note_key(channel: ChannelId, name: &str) -> Vec<u8> {
    let mut k = channel.to_be_bytes().to_vec();
    k.extend_from_slice(name.as_bytes());
    k
}

impl SledStore {
    /// Rates an archived game inside the archive's batch: its result stored after the
    /// others, its people's ratings read (what the batch's lock keeps from changing) and
    /// rewritten, the announcement stored as outbox row `id`.
    fn rate_in(&self, b: &mut Batch, rated: Rated, id: u64) -> Result<Archived, StoreError> {
        let game = &rated.game;
        let next = match self.rated.last().map_err(backend)? {
            Some((k, _)) => key_u64(&k, 0)? + 1,
            None => 0,
        };
        b.put_vec(TreeId::Rated, next.to_be_bytes(), encode_json(game)?);
        let read = |ladder: &str, user| self.rating(ladder, &game.title, user);
        let changes = ratings::apply(game, rated.rate, read)?;
        for c in &changes {
            b.put_vec(
                TreeId::Ratings,
                rating_key(&c.ladder, &game.title, Some(c.user)),
                encode_json(&c.after)?,
            );
        }
        let outbox = match (rated.announce)(&changes) {
            Some(row) => {
                insert_rows(b, vec![(id, codec::encode_new_row(id, &row))]);
                Some(id)
            }
            None => None,
        };
        Ok(Archived { changes, outbox })
    }
}

/// A rating's key: ladder and title (each ended by a zero byte), then the user (`None`:
/// the prefix of a ladder's title).
pub(super) fn rating_key(ladder: &str, title: &str, user: Option<UserId>) -> Vec<u8> {
    let mut k = Vec::with_capacity(ladder.len() + title.len() + 10);
    k.extend_from_slice(ladder.as_bytes());
    k.push(0);
    k.extend_from_slice(title.as_bytes());
    k.push(0);
    if let Some(user) = user {
        k.extend_from_slice(&user.to_be_bytes());
    }
    k
}

fn encode_json<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    serde_json::to_vec(value).map_err(|e| StoreError::Encode(e.to_string()))
}

fn decode_json<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, StoreError> {
    serde_json::from_slice(bytes)
        .map_err(|e| StoreError::Backend(format!("unreadable rating: {e}")))
}
