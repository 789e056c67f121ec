//! The `/game history` picker's index: per channel, the archived games with just what
//! the picker shows (title, number, players, when it ended, who won), so a keystroke of
//! its autocomplete decodes no archived game. A game this process archives is added at
//! once; the rest of a channel's archive (games archived before this process started, or
//! by another process on PostgreSQL) is read once, by [`Table::fill_history_picker`],
//! which the adapter runs in the background when a keystroke found archived ids not yet
//! indexed. Every listing follows the archive's ids (its keys alone), so a game that
//! retention forgot is never listed and a game archived anywhere shows once indexed.

use crate::history::{ago, label, HistoryGame, GAMES_LISTED, GAMES_LOOKED_AT};
use crate::{lock, ChannelId, Lang, Table, UserId};
use rules::Seat;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use storage::{ArchiveEntry, SeatedUser, Status};

/// Channels whose index is kept; the least recently listed goes first.
const CHANNELS_KEPT: usize = 4_096;

/// What the picker shows of one archived game.
#[derive(Debug, Clone)]
struct Summary {
    game: String,
    seats: Vec<SeatedUser>,
    /// Unix seconds of its last move.
    updated: u64,
    abandoned: bool,
    winners: Option<Vec<Seat>>,
}

impl Summary {
    fn of(entry: &ArchiveEntry) -> Summary {
        let meta = &entry.meta;
        Summary {
            game: meta.game.clone(),
            seats: meta.seats.clone(),
            updated: meta.updated,
            abandoned: meta.status == Status::Abandoned,
            winners: entry
                .outcome
                .clone()
                .and_then(|o| serde_json::from_value::<rules::Outcome>(o).ok())
                .map(|o| o.winners),
        }
    }
}

/// One channel's indexed games by id (`None`: unreadable, not tried again).
#[derive(Default)]
struct Listed {
    games: HashMap<u64, Option<Arc<Summary>>>,
    used: u64,
}

/// Every channel's index, and how many archived games it decoded.
#[derive(Default)]
pub(crate) struct Picker {
    channels: Mutex<Channels>,
    /// Channels being filled (one fill at a time per channel).
    filling: Mutex<HashSet<ChannelId>>,
    decodes: AtomicU64,
}

#[derive(Default)]
struct Channels {
    map: HashMap<ChannelId, Listed>,
    tick: u64,
}

impl Channels {
    fn listed(&mut self, channel: ChannelId) -> &mut Listed {
        self.tick += 1;
        if self.map.len() >= CHANNELS_KEPT && !self.map.contains_key(&channel) {
            let oldest = self.map.iter().min_by_key(|(_, l)| l.used).map(|(c, _)| *c);
            if let Some(oldest) = oldest {
                self.map.remove(&oldest);
            }
        }
        let tick = self.tick;
        let listed = self.map.entry(channel).or_default();
        listed.used = tick;
        listed
    }
}

impl Picker {
    /// Indexes a game just archived by this process.
    pub(crate) fn archived(&self, entry: &ArchiveEntry) {
        let summary = Arc::new(Summary::of(entry));
        lock(&self.channels)
            .listed(entry.meta.channel)
            .games
            .insert(entry.meta.game_id, Some(summary));
    }
}

impl Table {
    /// The archived games `user` played among the newest of `channel`'s archive,
    /// labelled in `lang`, from the index alone (no archived game is decoded), and
    /// whether some of those newest games are not indexed yet (then run
    /// [`Table::fill_history_picker`]). `ids`: the channel's archived ids, newest first.
    fn picker_list(
        &self,
        lang: Lang,
        channel: ChannelId,
        user: UserId,
        ids: &[u64],
        room: usize,
    ) -> (Vec<HistoryGame>, bool) {
        let now = self.now_s();
        let mut channels = lock(&self.picker.channels);
        let listed = channels.listed(channel);
        let mut out = Vec::new();
        let mut missing = false;
        for &game_id in ids.iter().take(GAMES_LOOKED_AT) {
            let summary = match listed.games.get(&game_id) {
                Some(Some(summary)) => summary,
                Some(None) => continue,
                None => {
                    missing = true;
                    continue;
                }
            };
            if out.len() >= room || !summary.seats.iter().any(|s| s.user == user) {
                continue;
            }
            let ago = ago(lang, now.saturating_sub(summary.updated));
            let key = if summary.abandoned {
                "table-history-abandoned"
            } else {
                "table-history-ended"
            };
            let when = words::text(lang, key, &[("when", ago.into())]);
            out.push(HistoryGame {
                game_id,
                label: label(
                    lang,
                    (&summary.game, game_id, &summary.seats),
                    &when,
                    summary.winners.as_deref(),
                ),
            });
        }
        (out, missing)
    }

    /// [`Table::history_games_in`] for an autocomplete keystroke: never decodes an
    /// archived game. The flag says whether the channel's index misses some of its newest
    /// archived games: the adapter then runs [`Table::fill_history_picker`] in the
    /// background, and the next keystroke lists them.
    pub fn history_picker(
        &self,
        lang: Lang,
        channel: ChannelId,
        user: UserId,
    ) -> (Vec<HistoryGame>, bool) {
        let mut out: Vec<HistoryGame> = self
            .running_game_choice(lang, channel)
            .into_iter()
            .collect();
        let ids = self.store.archived_ids(channel).unwrap_or_else(|e| {
            tracing::warn!(channel, error = %e, "cannot list archived games");
            vec![]
        });
        let room = GAMES_LISTED.saturating_sub(out.len());
        let (archived, missing) = self.picker_list(lang, channel, user, &ids, room);
        out.extend(archived);
        (out, missing)
    }

    /// Reads into the picker's index the newest archived games of `channel` it does not
    /// have yet (each decoded once; an unreadable one is noted and skipped). One fill at a
    /// time per channel: a second caller returns at once.
    pub fn fill_history_picker(&self, channel: ChannelId) {
        if !lock(&self.picker.filling).insert(channel) {
            return;
        }
        let ids = self.store.archived_ids(channel).unwrap_or_default();
        for game_id in ids.into_iter().take(GAMES_LOOKED_AT) {
            let known = lock(&self.picker.channels)
                .listed(channel)
                .games
                .contains_key(&game_id);
            if known {
                continue;
            }
            self.picker.decodes.fetch_add(1, Ordering::Relaxed);
            let summary = match self.store.archived_game(channel, game_id) {
                Ok(Some(entry)) => Some(Arc::new(Summary::of(&entry))),
                Ok(None) => continue,
                Err(e) => {
                    tracing::warn!(channel, game_id, error = %e, "an archived game is unreadable for the picker");
                    None
                }
            };
            lock(&self.picker.channels)
                .listed(channel)
                .games
                .insert(game_id, summary);
        }
        lock(&self.picker.filling).remove(&channel);
    }

    /// Archived games the picker's index decoded so far.
    pub fn history_picker_decodes(&self) -> u64 {
        self.picker.decodes.load(Ordering::Relaxed)
    }
}
