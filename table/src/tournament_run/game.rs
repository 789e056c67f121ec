//! A tournament table's game: started in its thread with the seats in the pairing's
//! order (bots of the organiser's level in the bot seats), rated, timed as the event
//! says, the people pinged in the opening post; and, once archived, its places read back.

use super::{Event, TableRun, TABLE_NOTE};
use crate::tournament::Seat;
use crate::{bots, Active, Caller, Change, ChannelId, Delivery, SeatedUser, Table};
use storage::{Meta, Status, UserId};

/// A table's game as the runner finds it in its thread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Found {
    /// No game of this table there yet.
    None,
    /// Playing.
    Playing(u64),
    /// Archived with each seat's place and whether it left for good.
    Over {
        game_id: u64,
        places: Vec<u32>,
        gone: Vec<bool>,
    },
}

/// The note a table's thread keeps: "<tournament channel>/<round>/<table>".
fn table_note(parent: ChannelId, run: &TableRun) -> String {
    format!("{parent}/{}/{}", run.round, run.table)
}

impl Table {
    /// The tournament, round and table (0 first) the game in `channel` belongs to, if any.
    pub fn tournament_table_of(&self, channel: ChannelId) -> Option<(ChannelId, u32, u32)> {
        let note = String::from_utf8(self.note(channel, TABLE_NOTE)?).ok()?;
        let mut parts = note.split('/').map(|p| p.parse::<u64>().ok());
        let parent = parts.next()??;
        let round = u32::try_from(parts.next()??).ok()?;
        let table = u32::try_from(parts.next()??).ok()?;
        Some((parent, round, table))
    }

    /// What the thread of `run` holds: its game playing, over (with its places), or none.
    pub(crate) fn table_game(&self, parent: ChannelId, run: &TableRun) -> Result<Found, String> {
        let Some(thread) = run.thread else {
            return Ok(Found::None);
        };
        if self.tournament_table_of(thread) != Some((parent, run.round, run.table)) {
            return Ok(Found::None);
        }
        let archived = self.store.archived(thread).map_err(|e| e.to_string())?;
        let wanted = |id: u64| run.game_id.is_none_or(|g| g == id);
        if let Some(entry) = archived.iter().find(|e| wanted(e.meta.game_id)) {
            let seats = entry.meta.seats.len();
            let dropped = &entry.meta.dropped;
            let places = match entry
                .outcome
                .as_ref()
                .and_then(|o| serde_json::from_value::<rules::engine::Outcome>(o.clone()).ok())
            {
                Some(outcome) => crate::ratings::places(&outcome, seats, dropped),
                // Abandoned: everyone still seated shares first place, the gone last.
                None => (0..seats)
                    .map(|s| if dropped.contains(&s) { 2 } else { 1 })
                    .collect(),
            };
            let gone = (0..seats).map(|s| dropped.contains(&s)).collect();
            return Ok(Found::Over {
                game_id: entry.meta.game_id,
                places,
                gone,
            });
        }
        let live = self.with_slot(thread, |slot| {
            slot.active
                .as_ref()
                .map(|a| (a.meta.game_id, a.meta.status == Status::Lobby))
        });
        Ok(match live {
            Some((id, false)) if wanted(id) => Found::Playing(id),
            // A lobby a crash left before its start: started again by the runner.
            _ => Found::None,
        })
    }

    /// Starts table `run`'s game in its thread (which holds no game): the lobby with every
    /// seat and the ping are stored together, then the game starts. Returns its id.
    pub(crate) fn start_table_game(
        &self,
        parent: ChannelId,
        event: &Event,
        run: &TableRun,
        seats: &[Seat],
    ) -> Result<u64, String> {
        let thread = run.thread.ok_or("thread-missing")?;
        let settings = &event.tournament.settings;
        let kind = rules::catalog::find(&settings.title).ok_or("title-unknown")?;
        let lang = event.lang();
        let people: Vec<UserId> = seats.iter().filter_map(|s| s.person()).collect();
        let host = *people.first().ok_or("table-without-people")?;
        self.put_note(thread, TABLE_NOTE, table_note(parent, run).as_bytes());
        // The thread speaks the event's language.
        self.put_note(thread, "language:channel", lang.code().as_bytes());
        let game_id = self.store.next_game_id().map_err(|e| e.to_string())?;
        let now = self.now_s();
        let mut meta = Meta {
            schema: storage::SCHEMA_VERSION,
            game_id,
            channel: thread,
            game: kind.id.to_string(),
            options: rules::dynamic::options_from_text("").map_err(|e| e.to_string())?,
            seed: crate::tournament::draw(
                event.tournament.seed,
                &[u64::from(run.round), u64::from(run.table)],
            ),
            seats: vec![],
            host,
            status: Status::Lobby,
            created: now,
            updated: now,
            version: 0,
            guild: event.guild,
            settings: event.timing,
            dropped: vec![],
            nudged_ms: 0,
            away: vec![],
        };
        for seat in seats {
            match *seat {
                Seat::Person(user) => meta.seats.push(SeatedUser::person(user, event.name(user))),
                Seat::Bot(level) => {
                    bots::seat_bot(&mut meta, level, lang, lang)?;
                }
            }
        }
        let mentions = people.iter().map(|u| format!("<@{u}>")).collect::<Vec<_>>();
        let ping = words::text(
            lang,
            "tournament-table-ping",
            &[
                ("round", run.round.into()),
                ("table", (run.table + 1).into()),
                ("game", kind.title.into()),
                ("people", mentions.join(" ").into()),
            ],
        );
        let mut caller = Caller::new(host, event.name(host));
        caller.guild = Some(event.guild);
        caller.lang = lang;
        self.with_slot_retrying(thread, |slot| {
            match slot
                .active
                .as_ref()
                .map(|a| (a.meta.game_id, a.meta.status))
            {
                // Its lobby was stored before a crash: the game starts now.
                Some((_, Status::Lobby)) => {}
                Some((id, _)) => return Ok(id),
                None => {
                    let mut out = vec![Delivery::ping(ping.clone(), people.clone())];
                    let change = Change::seats(&meta, &[]).for_reader(lang);
                    self.commit(change, &mut out)
                        .map_err(|_| "lobby-not-stored".to_string())?;
                    slot.active = Some(Active::new(meta.clone(), None));
                }
            }
            let started = self.start(slot, &caller);
            match &slot.active {
                Some(a) if a.meta.status == Status::Running => Ok(a.meta.game_id),
                _ => Err(format!("game-not-started:{started:?}")),
            }
        })
    }
}
