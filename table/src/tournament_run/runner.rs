//! The runner: brings a tournament's tables up to date, one idempotent step at a time,
//! each stored before the next. For each table of the round being played: its thread
//! (asked for after "asking" is stored, and after a crash looked for by name before
//! another is made), its game (started in the thread; a lobby a crash left is started),
//! and once the game is archived its places go into the tournament, which seats the next
//! round when it was the last table. The round's start and the final standings are told
//! in the tournament's channel. Any process may run it at any time (after a restart too):
//! a step already done is found done.

use super::game::Found;
use super::{Event, Refused, TableRun};
use crate::commit::outbox_rows;
use crate::tournament::{Phase, Step};
use crate::{ChannelId, Delivery, Table};

/// How long a thread request may be in flight before another process may look for its
/// thread and make it if it is missing (Unix ms).
pub const ASKING_LEASE_MS: u64 = 30_000;

/// Making and finding a tournament's threads: the adapter's (Discord's) side.
pub trait Threads {
    /// Starts a public thread named `name` under `parent`; returns its id.
    fn start(&self, parent: ChannelId, name: &str) -> Result<ChannelId, String>;
    /// The active thread of `parent` named `name`, on server `guild`, if there is one.
    fn find(&self, guild: u64, parent: ChannelId, name: &str) -> Result<Option<ChannelId>, String>;
}

/// What one run did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunReport {
    /// Steps taken (a thread made, a game started, a result recorded, a post stored).
    pub steps: u32,
    /// What stopped it early (a failed request or store): the adapter runs it again
    /// later, with backoff.
    pub failed: Option<String>,
    /// Nothing is left to do until a game ends (or `next`, or nothing at all).
    pub idle: bool,
}

/// The most steps one run takes (a round of the largest tournament has 2,048 tables of
/// three steps each, plus its posts).
const MAX_STEPS: u32 = 8_000;

/// The next thing to do for a tournament.
enum Next {
    /// Ask for a table's thread (after marking it asked).
    MakeThread { index: usize, name: String },
    /// Look for a thread a crash may have made.
    FindThread { index: usize, name: String },
    /// Start a table's game in its thread.
    StartGame { index: usize },
    /// Record a finished table's result.
    Record {
        index: usize,
        game_id: u64,
        places: Vec<u32>,
        gone: Vec<bool>,
    },
    /// Tell the round's start.
    TellRound,
    /// Tell the final standings.
    TellEnd,
    /// Nothing now.
    Wait,
}

/// The name of round `round`'s table `table` (0 first)'s thread.
pub(crate) fn thread_name(event: &Event, round: u32, table: u32) -> String {
    words::text(
        event.lang(),
        "tournament-thread-name",
        &[("round", round.into()), ("table", (table + 1).into())],
    )
}

/// Adds the runs of the round being played if they are missing.
pub(crate) fn seat_runs(event: &mut Event) {
    let Phase::Playing { round } = event.tournament.phase else {
        return;
    };
    if event.tables.iter().any(|t| t.round == round) {
        return;
    }
    let tables = event
        .tournament
        .rounds
        .get(round as usize - 1)
        .map_or(0, |r| r.tables.len());
    for table in 0..tables as u32 {
        event.tables.push(TableRun {
            round,
            table,
            thread: None,
            asking_until: None,
            game_id: None,
            recorded: false,
        });
    }
}

impl Table {
    /// Runs the tournament of `channel` as far as it goes now (see the module's header).
    pub fn run_tournament(&self, channel: ChannelId, threads: &dyn Threads) -> RunReport {
        let mut report = RunReport::default();
        while report.steps < MAX_STEPS {
            match self.run_step(channel, threads) {
                Ok(true) => report.steps += 1,
                Ok(false) => {
                    report.idle = true;
                    break;
                }
                Err(e) => {
                    tracing::warn!(channel, error = %e, "a tournament's step failed; retried later");
                    report.failed = Some(e);
                    break;
                }
            }
        }
        report
    }

    /// One step; `Ok(false)` when there is nothing to do now.
    fn run_step(&self, channel: ChannelId, threads: &dyn Threads) -> Result<bool, String> {
        let refused = |r: Refused| r.text(words::Lang::En);
        let Some(event) = self.tournament_event(channel).map_err(refused)? else {
            return Ok(false);
        };
        let now = self.now_ms();
        match self.next_step(channel, &event, now)? {
            Next::Wait => {
                if !event.live() && self.live_tournaments().contains(&channel) {
                    // Listed, but over and told (or a crash's leftover): unlisted.
                    self.list_live(channel, false).map_err(refused)?;
                }
                Ok(false)
            }
            Next::FindThread { index, name } => {
                let found = threads.find(event.guild, channel, &name)?;
                self.change_tournament(channel, |e| {
                    let run = run_at(e, index)?;
                    if run.thread.is_none() {
                        // Not found: asked for again now.
                        run.asking_until = None;
                        run.thread = found;
                    }
                    Ok(())
                })
                .map_err(refused)?;
                Ok(true)
            }
            Next::MakeThread { index, name } => {
                let marked = self
                    .change_tournament(channel, |e| {
                        let run = run_at(e, index)?;
                        if run.thread.is_some() || run.asking_until.is_some() {
                            return Ok(false);
                        }
                        run.asking_until = Some(now + ASKING_LEASE_MS);
                        Ok(true)
                    })
                    .map_err(refused)?;
                if !marked {
                    return Ok(true);
                }
                let thread = threads.start(channel, &name)?;
                self.change_tournament(channel, |e| {
                    let run = run_at(e, index)?;
                    if run.thread.is_none() {
                        run.thread = Some(thread);
                        run.asking_until = None;
                    }
                    Ok(())
                })
                .map_err(refused)?;
                Ok(true)
            }
            Next::StartGame { index } => {
                let run = event.tables[index].clone();
                let seats = event
                    .tournament
                    .rounds
                    .get(run.round as usize - 1)
                    .and_then(|r| r.tables.get(run.table as usize))
                    .map(|t| t.seats.clone())
                    .ok_or("table-missing")?;
                let game_id = match self.table_game(channel, &run)? {
                    Found::Playing(id) | Found::Over { game_id: id, .. } => id,
                    Found::None => self.start_table_game(channel, &event, &run, &seats)?,
                };
                self.change_tournament(channel, |e| {
                    let run = run_at(e, index)?;
                    run.game_id.get_or_insert(game_id);
                    Ok(())
                })
                .map_err(refused)?;
                Ok(true)
            }
            Next::Record {
                index,
                game_id,
                places,
                gone,
            } => {
                self.change_tournament(channel, |e| {
                    let event = e.as_mut().ok_or(Refused::Say("tournament-none-here"))?;
                    let run = event
                        .tables
                        .get(index)
                        .cloned()
                        .ok_or(Refused::Say("tournament-none-here"))?;
                    if run.recorded || run.game_id != Some(game_id) {
                        return Ok(());
                    }
                    let step = event
                        .tournament
                        .record(run.round, run.table, &places, &gone)?;
                    event.tables[index].recorded = true;
                    if let Step::Seated { .. } = step {
                        seat_runs(event);
                    }
                    Ok(())
                })
                .map_err(refused)?;
                Ok(true)
            }
            Next::TellRound => {
                let round = event.tournament.current_round();
                let text = super::text::round_started(&event, round);
                self.tell(channel, vec![Delivery::channel(text)])?;
                self.change_tournament(channel, |e| {
                    if let Some(e) = e.as_mut() {
                        e.told_round = e.told_round.max(round);
                    }
                    Ok(())
                })
                .map_err(refused)?;
                Ok(true)
            }
            Next::TellEnd => {
                let text = super::text::finished(&event);
                self.tell(channel, vec![Delivery::channel(text)])?;
                self.change_tournament(channel, |e| {
                    if let Some(e) = e.as_mut() {
                        e.told_end = true;
                    }
                    Ok(())
                })
                .map_err(refused)?;
                Ok(true)
            }
        }
    }

    /// What to do next for `event`, looking at its tables' threads and games.
    fn next_step(&self, channel: ChannelId, event: &Event, now: u64) -> Result<Next, String> {
        let round = match event.tournament.phase {
            Phase::Joining => return Ok(Next::Wait),
            Phase::Finished if !event.told_end => return Ok(Next::TellEnd),
            Phase::Finished | Phase::Waiting { .. } => return Ok(Next::Wait),
            Phase::Playing { round } => round,
        };
        let mut all_started = true;
        for (index, run) in event.tables.iter().enumerate() {
            if run.round != round || run.recorded {
                continue;
            }
            let name = || thread_name(event, run.round, run.table);
            match (run.thread, run.asking_until, run.game_id) {
                (None, None, _) => {
                    return Ok(Next::MakeThread {
                        index,
                        name: name(),
                    })
                }
                (None, Some(until), _) if until <= now => {
                    return Ok(Next::FindThread {
                        index,
                        name: name(),
                    })
                }
                // Another process's request may be in flight.
                (None, Some(_), _) => all_started = false,
                (Some(_), _, None) => return Ok(Next::StartGame { index }),
                (Some(_), _, Some(id)) => {
                    if let Found::Over {
                        game_id,
                        places,
                        gone,
                    } = self.table_game(channel, run)?
                    {
                        if game_id == id {
                            return Ok(Next::Record {
                                index,
                                game_id,
                                places,
                                gone,
                            });
                        }
                    }
                }
            }
        }
        if all_started && event.told_round < round {
            return Ok(Next::TellRound);
        }
        Ok(Next::Wait)
    }

    /// Stores posts for the tournament's channel in its outbox.
    fn tell(&self, channel: ChannelId, mut out: Vec<Delivery>) -> Result<(), String> {
        crate::bots::strip_bots(&mut out);
        let rows = outbox_rows(channel, &out, self.now_ms());
        self.store
            .enqueue(&rows)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }
}

/// The run at `index` of the tournament in `event`.
fn run_at(event: &mut Option<Event>, index: usize) -> Result<&mut TableRun, Refused> {
    event
        .as_mut()
        .and_then(|e| e.tables.get_mut(index))
        .ok_or(Refused::Say("tournament-none-here"))
}
