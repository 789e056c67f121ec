//! Bot seats: the host seats bots in the lobby (`/game bot add`, `/game new … bots:2`),
//! and a bot's move is a stored job — the channel's `StandIn` timer, due at once; the
//! move the channel is told of waits until `bot_delay` after the bot became awaited
//! (`pause.rs`) — played through the same path as a person's move
//! (validation, log, outbox, stats). A chain of bot moves is told in one channel message,
//! posted with the chain's last move: each move of the chain is its own commit (a crash
//! resumes the chain from the timer), and the message is rebuilt from the log's public
//! narration of the chain's moves (the timer counts them), so nothing is lost or told
//! twice.
//!
//! A bot is a [`SeatedUser`] with a level and a synthetic user id ([`storage::bot_user`]):
//! it never gets a mention, a DM, a live hand or a reminder (see [`strip_bots`]).

use crate::bot_move::BotMove;
use crate::hands::Batch;
use crate::{text, Active, Caller, Change, Delivery, Mover, Slot, Table};
use rules::Seat;
use storage::{BotLevel, Meta, SeatedUser, Status, Timer, UserId};
use words::Lang;

/// The pause before a bot's move when none is configured: long enough for the people at
/// the table to see the move that made the bot's turn before the bot answers.
pub const DEFAULT_BOT_DELAY_MS: u64 = 1_500;

/// The names bots take, in order (the first free one is used): Florentines of the
/// Medici's time.
pub const BOT_NAMES: &[&str] = &[
    "Lorenzo",
    "Lucrezia",
    "Cosimo",
    "Clarice",
    "Giuliano",
    "Bianca",
    "Piero",
    "Caterina",
    "Sandro",
    "Contessina",
];

/// How a bot's seat is named in `lang`: "Bot Lorenzo (normal)", "Bot Lorenzo (fácil)".
/// The name is given once, when the bot is seated, in the language of the table's channel.
pub fn bot_name(lang: Lang, name: &str, level: BotLevel) -> String {
    let level = words::text(lang, &format!("table-bot-level-{}", level.name()), &[]);
    words::text(
        lang,
        "table-bot-name",
        &[("name", name.into()), ("level", level.into())],
    )
}

/// The levels of the bots seated at `meta`'s table, each once, weakest first (empty
/// for a table of people).
pub(crate) fn levels_at(meta: &Meta) -> Vec<BotLevel> {
    let mut levels: Vec<BotLevel> = meta.seats.iter().filter_map(|s| s.bot).collect();
    levels.sort_unstable();
    levels.dedup();
    levels
}

/// The searching level of the `ai` crate for a bot seat's level.
pub(crate) fn ai_level(level: BotLevel) -> ai::Level {
    match level {
        BotLevel::Easy => ai::Level::Easy,
        BotLevel::Normal => ai::Level::Normal,
        BotLevel::Hard => ai::Level::Hard,
    }
}

/// Takes bots out of what is sent: no DM, live hand or mention ever goes to a bot's id.
pub(crate) fn strip_bots(out: &mut Vec<Delivery>) {
    out.retain(|d| !d.dm_user().is_some_and(storage::is_bot_user));
    for d in out.iter_mut() {
        if let Delivery::Channel {
            mentions, prompts, ..
        } = d
        {
            mentions.retain(|u| !storage::is_bot_user(*u));
            prompts.retain(|p| !storage::is_bot_user(p.user));
        }
    }
}

impl Active {
    /// Whether the table plays `seat` itself: a bot's seat, or one whose player left.
    pub(crate) fn played_by_table(&self, seat: Seat) -> bool {
        self.bot_played(seat) || self.bot_level(seat).is_some()
    }

    /// The level of the bot in `seat`, if a bot sits there.
    pub(crate) fn bot_level(&self, seat: Seat) -> Option<BotLevel> {
        self.meta.seats.get(seat).and_then(|s| s.bot)
    }

    /// The first awaited seat a bot plays (not one whose player left: those have their
    /// own stand-in moves).
    pub(crate) fn awaited_bot(&self) -> Option<(Seat, BotLevel)> {
        let game = self.game.as_ref()?;
        if game.is_over() {
            return None;
        }
        game.awaiting()
            .into_iter()
            .filter(|s| !self.meta.dropped.contains(s))
            .find_map(|s| self.bot_level(s).map(|l| (s, l)))
    }
}

impl Table {
    /// `/game bot add`: the host seats a bot at `level` in the lobby.
    pub(crate) fn add_bot(
        &self,
        slot: &mut Slot,
        caller: &Caller,
        level: BotLevel,
    ) -> Vec<Delivery> {
        let meta = match self.lobby_for_host(slot, caller, "lobby-only-host-adds-bot") {
            Ok(meta) => meta,
            Err(refusal) => return refusal,
        };
        let mut meta = meta;
        let post = self.post_lang(&meta);
        let line = match seat_bot(&mut meta, level, post, caller.lang) {
            Ok(name) => {
                let max = rules::catalog::find(&meta.game).map_or(0, |k| k.players.1);
                words::text(
                    post,
                    "lobby-bot-seated",
                    &[
                        ("name", caller.shown_name().into()),
                        ("bot", text::escape_name(&name).into()),
                        ("seated", meta.seats.len().into()),
                        ("max", max.into()),
                        ("seats", text::seat_list(&meta).into()),
                    ],
                )
            }
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        meta.updated = self.now_s();
        let mut out = vec![Delivery::lobby(line, meta.game_id, post)];
        let change = Change::seats(&meta, &[]).for_reader(caller.lang);
        if self.commit(change, &mut out).is_ok() {
            slot.active = Some(Active::new(meta, None));
        }
        out
    }

    /// `/game bot remove [name]`: the host takes a bot's seat away in the lobby (the bot
    /// named, or the last one seated).
    pub(crate) fn remove_bot(
        &self,
        slot: &mut Slot,
        caller: &Caller,
        which: Option<&str>,
    ) -> Vec<Delivery> {
        let mut meta = match self.lobby_for_host(slot, caller, "lobby-only-host-removes-bot") {
            Ok(meta) => meta,
            Err(refusal) => return refusal,
        };
        let bots: Vec<usize> = (0..meta.seats.len())
            .filter(|&i| meta.seats[i].is_bot())
            .collect();
        let found = match which.map(str::trim).filter(|w| !w.is_empty()) {
            None => bots.last().copied(),
            Some(word) => {
                let word = word.to_lowercase();
                bots.iter()
                    .copied()
                    .find(|&i| meta.seats[i].name.to_lowercase().contains(&word))
            }
        };
        let lang = caller.lang;
        let Some(seat) = found else {
            return vec![Delivery::ephemeral(if bots.is_empty() {
                words::text(lang, "lobby-no-bot", &[])
            } else {
                let names = bots
                    .iter()
                    .map(|&i| text::escape_name(&meta.seats[i].name))
                    .collect::<Vec<_>>()
                    .join(", ");
                words::text(lang, "lobby-no-such-bot", &[("bots", names.into())])
            })];
        };
        let gone = meta.seats.remove(seat);
        meta.updated = self.now_s();
        let post = self.post_lang(&meta);
        let mut out = vec![Delivery::lobby(
            words::text(
                post,
                "lobby-bot-removed",
                &[
                    ("name", caller.shown_name().into()),
                    ("bot", text::escape_name(&gone.name).into()),
                    ("seated", meta.seats.len().into()),
                    ("seats", text::seat_list(&meta).into()),
                ],
            ),
            meta.game_id,
            post,
        )];
        let left = [gone.user];
        let change = Change::seats(&meta, &left).for_reader(lang);
        if self.commit(change, &mut out).is_ok() {
            slot.active = Some(Active::new(meta, None));
        }
        out
    }

    /// The lobby's metadata when `caller` may change its seats (the host, or a member
    /// with Manage Channel); else the refusal (`only_host`: its key, naming the host).
    fn lobby_for_host(
        &self,
        slot: &Slot,
        caller: &Caller,
        only_host: &str,
    ) -> Result<Meta, Vec<Delivery>> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return Err(vec![Delivery::ephemeral(text::no_table(lang))]);
        };
        if active.meta.status != Status::Lobby {
            return Err(vec![Delivery::ephemeral(text::already_started(
                lang,
                active.title(),
            ))]);
        }
        if active.meta.host != caller.user && !caller.can_manage_channel {
            return Err(vec![Delivery::ephemeral(words::text(
                lang,
                only_host,
                &[("host", active.host_name(lang).into())],
            ))]);
        }
        Ok(active.meta.clone())
    }

    /// Plays a bot's move found at `mv.version`, if the game is still there (with the
    /// channel lock held): one stored move. `chain` is how many bot moves came before it
    /// in this chain (the `StandIn` timer's count). The channel hears of the chain once,
    /// with its last move.
    pub(crate) fn play_bot_move(&self, slot: &mut Slot, mv: &BotMove, chain: u32) -> Vec<Delivery> {
        let Some(active) = slot.active.as_ref() else {
            return vec![];
        };
        let current = active.meta.game_id == mv.game_id
            && active.meta.version == mv.version
            && active.meta.status == Status::Running
            && active.awaited_bot().map(|(s, _)| s) == Some(mv.seat);
        if !current {
            // The game moved on while the bot thought (an undo, a settings change): the
            // move is not played; the new state's timers ask again.
            return vec![];
        }
        let Some(game) = active.game.as_ref() else {
            return vec![];
        };
        // Would the chain go on after this move? Worked out on a copy, so the real move
        // is stored once, with or without the chain's message.
        let mut after = game.box_clone();
        let names = active.names();
        if after.apply_text(mv.seat, &mv.line, &names).is_err() {
            tracing::error!(seat = mv.seat, line = %mv.line, "a bot's move was refused");
            return vec![];
        }
        // The chain goes on while only bots are awaited (with a person awaited too, each
        // bot move is told: the person may move in between).
        let awaited = after.awaiting();
        let goes_on = !after.is_over()
            && !awaited.is_empty()
            && awaited
                .iter()
                .all(|s| active.bot_level(*s).is_some() && !active.meta.dropped.contains(s));
        // The move the channel is told of waits for the chain's pause (`pause.rs`).
        if !goes_on && self.hold_bot_move(slot, mv) {
            return vec![];
        }
        let Some(active) = slot.active.as_ref() else {
            return vec![];
        };
        let mut batch = Batch::single();
        batch.quiet = goes_on;
        batch.chain = Some(chain);
        if !goes_on && chain > 0 {
            // The chain's earlier moves, from the log (what was said of each in public),
            // in the channel's language.
            let post = self.post_lang(&active.meta);
            match self.store.log(mv.game_id) {
                Ok(entries) => {
                    for lines in chain_told(&active.meta, &entries, chain, post) {
                        batch.tell(vec![], &lines);
                    }
                }
                Err(e) => {
                    tracing::warn!(error = %e, "the bot chain's earlier moves could not be read")
                }
            }
        }
        self.play_seat_in(slot, mv.seat, &mv.line, Mover::Bot, &mut batch)
    }

    /// The `StandIn` timer found a bot awaited (inline thinker: tests, the local
    /// table): it searches its move at once and plays it (one stored move; the next of a
    /// chain is the next timer's). With a pool the search runs off the lock instead
    /// (`think_stand_in`, then `play_plan`).
    pub(crate) fn bot_turn(&self, slot: &mut Slot, timer: Timer) -> Vec<Delivery> {
        let Some(active) = slot.active.as_ref() else {
            return vec![];
        };
        let (Some(game), Some((seat, level))) = (active.game.as_ref(), active.awaited_bot()) else {
            return vec![];
        };
        let seed = crate::think::search_seed(active.meta.seed, active.meta.version, seat);
        let Some(line) = self
            .thinker
            .best_move(game.as_ref(), seat, ai_level(level), seed)
        else {
            return vec![];
        };
        let mv = BotMove {
            seat,
            game_id: active.meta.game_id,
            version: active.meta.version,
            line,
        };
        self.play_bot_move(slot, &mv, timer.count)
    }
}

/// The public lines of the `chain` log entries before `meta.version`, in `lang`. The log
/// keeps the English; another language replays the log from the seed for the moves'
/// phrases (as `/game log` does), and an entry without phrases keeps its English.
fn chain_told(
    meta: &Meta,
    entries: &[storage::LogEntry],
    chain: u32,
    lang: Lang,
) -> Vec<Vec<String>> {
    let end = usize::try_from(meta.version)
        .unwrap_or(usize::MAX)
        .min(entries.len());
    let from = end.saturating_sub(chain as usize);
    let entries = &entries[..end];
    let phrases = if lang == Lang::En {
        Vec::new()
    } else {
        crate::history::log_phrases(meta, entries)
    };
    let names = crate::shown_names(meta);
    (from..end)
        .map(|i| {
            let entry = &entries[i];
            match phrases.get(i) {
                Some(said) if !said.is_empty() => said
                    .iter()
                    .map(|p| words::phrase(lang, p, &names))
                    .collect(),
                _ => entry.public.clone(),
            }
        })
        .collect()
}

/// Seats a bot at `level` in the lobby `meta`: the first free name (said in `post`, the
/// channel's language), a bot id no seat has. `Err` is the refusal in `lang` (the table
/// is full).
pub(crate) fn seat_bot(
    meta: &mut Meta,
    level: BotLevel,
    post: Lang,
    lang: Lang,
) -> Result<String, String> {
    let kind = rules::catalog::find(&meta.game);
    let max = kind.map_or(0, |k| k.players.1);
    if meta.seats.len() >= max {
        let game = match kind {
            Some(k) => k.title.to_string(),
            None => words::text(lang, "table-this-game", &[]),
        };
        return Err(text::table_full(lang, &game, max));
    }
    // A bot's seat name holds its Florentine name as a word, in any language.
    let taken = |name: &str| {
        meta.seats.iter().any(|s| {
            s.is_bot()
                && s.name
                    .split(|c: char| !c.is_alphanumeric())
                    .any(|w| w == name)
        })
    };
    let first = BOT_NAMES
        .iter()
        .copied()
        .find(|n| !taken(n))
        .unwrap_or("Anonimo");
    let name = bot_name(post, first, level);
    let user: UserId = (1..)
        .map(storage::bot_user)
        .find(|u| !meta.seats.iter().any(|s| s.user == *u))
        .unwrap_or(storage::bot_user(0));
    meta.seats.push(SeatedUser {
        user,
        name: name.clone(),
        bot: Some(level),
    });
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_take_free_names_and_ids_that_are_never_a_persons() {
        let mut meta = Meta {
            schema: storage::SCHEMA_VERSION,
            game_id: 1,
            channel: 1,
            game: "palazzo".into(),
            options: serde_json::json!({}),
            seed: 0,
            seats: vec![SeatedUser::person(7, "Ana")],
            host: 7,
            status: Status::Lobby,
            created: 0,
            updated: 0,
            version: 0,
            guild: 0,
            settings: Default::default(),
            dropped: vec![],
            nudged_ms: 0,
            away: vec![],
        };
        assert_eq!(
            seat_bot(&mut meta, BotLevel::Normal, Lang::En, Lang::En),
            Ok("Bot Lorenzo (normal)".into())
        );
        assert_eq!(
            seat_bot(&mut meta, BotLevel::Hard, Lang::En, Lang::En),
            Ok("Bot Lucrezia (hard)".into())
        );
        meta.seats.remove(1);
        assert_eq!(
            seat_bot(&mut meta, BotLevel::Easy, Lang::En, Lang::En),
            Ok("Bot Lorenzo (easy)".into())
        );
        // At a Spanish table the level is said in Spanish; names taken stay taken.
        assert_eq!(
            seat_bot(&mut meta, BotLevel::Hard, Lang::Es, Lang::En),
            Ok("Bot Cosimo (difícil)".into())
        );
        // Palazzo seats four at most.
        assert!(seat_bot(&mut meta, BotLevel::Easy, Lang::En, Lang::En)
            .unwrap_err()
            .contains("full"));
        let ids: Vec<u64> = meta.seats.iter().map(|s| s.user).collect();
        assert!(!storage::is_bot_user(ids[0]));
        assert!(ids[1..].iter().all(|&u| storage::is_bot_user(u)));
        let mut unique = ids.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), ids.len());
        assert_eq!(levels_at(&meta), vec![BotLevel::Easy, BotLevel::Hard]);
        // Discord's ids are below 2^63.
        assert!(!storage::is_bot_user(i64::MAX as u64));
    }
}
