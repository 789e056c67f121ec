//! A tournament as data: its phases (joining → round k playing → waiting for `next`
//! when rounds are manual → finished), every step checked and refused with a reason,
//! serializable and versioned so a store can keep it.

use super::error::TournamentError;
use super::points::{effective_places, row_for, table_points};
use super::seating::{draw, fill_level, Contender, Seat};
use super::settings::{Format, Settings, DEFAULT_SWISS_ROUNDS};
use super::standings::{Entry, Standing, Standings};
use super::{knockout, robin, swiss};
use serde::{Deserialize, Serialize};
use storage::UserId;

/// The saved form's version: a build refuses a tournament saved by a newer one.
pub const TOURNAMENT_VERSION: u32 = 1;

/// Fewest people to start.
pub const MIN_PLAYERS: u32 = 2;

/// Where a tournament is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Open: people join and leave.
    Joining,
    /// Round `round` (1 first) is being played.
    Playing {
        round: u32,
    },
    /// Round `round` is over; the next starts on the organiser's `next`.
    Waiting {
        round: u32,
    },
    Finished,
}

/// A person who joined.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub user: UserId,
    /// Their shown rating at the title when they joined (seeding, tie-breaks).
    pub rating: i64,
    /// The round during which they dropped out (0: between rounds before the first).
    pub dropped: Option<u32>,
}

/// A finished table's result as its game gave it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableResult {
    /// Each seat's place (1 first; equal places tie).
    pub places: Vec<u32>,
    /// Seats that left for good (timed out, or dropped out of the tournament): they rank
    /// last at the table.
    pub gone: Vec<bool>,
}

/// One table of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundTable {
    /// In play order.
    pub seats: Vec<Seat>,
    pub result: Option<TableResult>,
}

/// One round's tables.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub number: u32,
    pub tables: Vec<RoundTable>,
}

impl Round {
    /// Tables still playing.
    pub fn left(&self) -> u32 {
        self.tables.iter().filter(|t| t.result.is_none()).count() as u32
    }
}

/// What a step led to, for the adapter to act on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A result went in; `left` tables of the round still play.
    Recorded { left: u32 },
    /// Round `round` was seated: its tables are to be started.
    Seated { round: u32 },
    /// Round `round` is over; the organiser starts the next.
    Waiting { round: u32 },
    /// The tournament is over.
    Finished,
}

/// A tournament: settings, people, rounds and standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    pub version: u32,
    pub settings: Settings,
    /// Every drawn tie-break and seat order comes from this.
    pub seed: u64,
    pub phase: Phase,
    /// In joining order.
    pub entrants: Vec<Entrant>,
    /// Everyone who started, best seed first (rating, then the draw).
    pub seeds: Vec<UserId>,
    /// Rounds to play, fixed at the start (a knockout: 0, it plays to its final).
    pub planned_rounds: u32,
    pub rounds: Vec<Round>,
    /// Kept as results arrive; equal to [`Tournament::recomputed`].
    pub standings: Standings,
    /// Knockout: the people still in, best seed first.
    pub alive: Vec<UserId>,
}

impl Tournament {
    /// A new tournament, open for joining.
    pub fn create(settings: Settings, seed: u64) -> Result<Tournament, TournamentError> {
        settings.check()?;
        Ok(Tournament {
            version: TOURNAMENT_VERSION,
            settings,
            seed,
            phase: Phase::Joining,
            entrants: Vec::new(),
            seeds: Vec::new(),
            planned_rounds: 0,
            rounds: Vec::new(),
            standings: Standings::default(),
            alive: Vec::new(),
        })
    }

    fn refuse_unless_joining(&self) -> Result<(), TournamentError> {
        match self.phase {
            Phase::Joining => Ok(()),
            Phase::Finished => Err(TournamentError::Over),
            _ => Err(TournamentError::Started),
        }
    }

    fn entrant(&self, user: UserId) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.user == user)
    }

    /// `user` joins with their current `rating`.
    pub fn join(&mut self, user: UserId, rating: i64) -> Result<(), TournamentError> {
        self.refuse_unless_joining()?;
        if self.entrant(user).is_some() {
            return Err(TournamentError::AlreadyIn);
        }
        if self.entrants.len() as u32 >= self.settings.max_players {
            return Err(TournamentError::Full {
                most: self.settings.max_players,
            });
        }
        self.entrants.push(Entrant {
            user,
            rating,
            dropped: None,
        });
        Ok(())
    }

    /// `user` leaves before the start.
    pub fn leave(&mut self, user: UserId) -> Result<(), TournamentError> {
        match self.phase {
            Phase::Joining => {}
            Phase::Finished => return Err(TournamentError::Over),
            _ => return Err(TournamentError::LeaveStarted),
        }
        let before = self.entrants.len();
        self.entrants.retain(|e| e.user != user);
        if self.entrants.len() == before {
            return Err(TournamentError::NotIn);
        }
        Ok(())
    }

    /// Starts: fixes the seeds and the rounds, seats round 1.
    pub fn start(&mut self) -> Result<Step, TournamentError> {
        self.refuse_unless_joining()?;
        if (self.entrants.len() as u32) < MIN_PLAYERS {
            return Err(TournamentError::TooFew { need: MIN_PLAYERS });
        }
        let mut seeds: Vec<&Entrant> = self.entrants.iter().collect();
        seeds.sort_by(|a, b| {
            b.rating
                .cmp(&a.rating)
                .then(draw(self.seed, &[a.user]).cmp(&draw(self.seed, &[b.user])))
                .then(a.user.cmp(&b.user))
        });
        self.seeds = seeds.iter().map(|e| e.user).collect();
        let size = self.settings.table_size as usize;
        self.planned_rounds = match self.settings.format {
            Format::Swiss => self.settings.rounds.unwrap_or(DEFAULT_SWISS_ROUNDS),
            Format::RoundRobin => self
                .settings
                .rounds
                .unwrap_or_else(|| robin::cycle_rounds(self.seeds.len(), size)),
            Format::Knockout => 0,
        };
        self.alive = self.seeds.clone();
        Ok(self.seat(1))
    }

    /// A person's result as the table's game gave it: `places` and `gone` per seat of
    /// table `table` (0 first) of round `round`. A seat whose person dropped out of the
    /// tournament counts as gone. When it was the round's last table, the round ends:
    /// the next is seated (or awaits `next`), or the tournament finishes.
    pub fn record(
        &mut self,
        round: u32,
        table: u32,
        places: &[u32],
        gone: &[bool],
    ) -> Result<Step, TournamentError> {
        let current = match self.phase {
            Phase::Joining => return Err(TournamentError::NotStarted),
            Phase::Finished => return Err(TournamentError::Over),
            Phase::Playing { round } | Phase::Waiting { round } => round,
        };
        let Some(played) = self.rounds.get(round.wrapping_sub(1) as usize) else {
            return Err(TournamentError::NotThisRound { round, current });
        };
        let Some(at) = played.tables.get(table as usize) else {
            return Err(TournamentError::NoSuchTable { round, table });
        };
        if at.result.is_some() {
            return Err(TournamentError::TableDone { round, table });
        }
        if round != current {
            return Err(TournamentError::NotThisRound { round, current });
        }
        let seats = at.seats.clone();
        if places.len() != seats.len() || gone.len() != seats.len() || places.contains(&0) {
            return Err(TournamentError::ResultSeats {
                seats: seats.len() as u32,
            });
        }
        let gone: Vec<bool> = seats
            .iter()
            .zip(gone)
            .map(|(seat, &g)| g || seat.person().is_some_and(|u| self.has_dropped(u)))
            .collect();
        let result = TableResult {
            places: places.to_vec(),
            gone,
        };
        add_result(&mut self.standings, &self.settings, round, &seats, &result);
        let index = round as usize - 1;
        self.rounds[index].tables[table as usize].result = Some(result);
        let left = self.rounds[index].left();
        if left > 0 {
            return Ok(Step::Recorded { left });
        }
        Ok(self.round_over(round))
    }

    /// Starts the next round of a tournament with manual rounds, once the last ended.
    pub fn next_round(&mut self) -> Result<Step, TournamentError> {
        match self.phase {
            Phase::Joining => Err(TournamentError::NotStarted),
            Phase::Finished => Err(TournamentError::Over),
            Phase::Playing { .. } if !self.settings.manual_rounds => {
                Err(TournamentError::AutomaticRounds)
            }
            Phase::Playing { round } => Err(TournamentError::StillPlaying {
                left: self.rounds[round as usize - 1].left(),
            }),
            Phase::Waiting { round } => Ok(self.seat(round + 1)),
        }
    }

    /// `user` drops out: seated in no later round; at a table still playing, the table's
    /// timeout policy plays on for them and they rank last there. Before the start,
    /// the same as leaving.
    pub fn drop_out(&mut self, user: UserId) -> Result<(), TournamentError> {
        let round = match self.phase {
            Phase::Joining => return self.leave(user),
            Phase::Finished => return Err(TournamentError::Over),
            Phase::Playing { round } | Phase::Waiting { round } => round,
        };
        let Some(entrant) = self.entrants.iter_mut().find(|e| e.user == user) else {
            return Err(TournamentError::NotIn);
        };
        if entrant.dropped.is_some() {
            return Err(TournamentError::AlreadyDropped);
        }
        entrant.dropped = Some(round);
        Ok(())
    }

    fn has_dropped(&self, user: UserId) -> bool {
        self.entrant(user).is_some_and(|e| e.dropped.is_some())
    }

    /// The round being played or last played (0 before the start).
    pub fn current_round(&self) -> u32 {
        self.rounds.len() as u32
    }

    /// The standings, best first (see [`Standings::ranked`]).
    pub fn standings(&self) -> Vec<Standing> {
        self.standings
            .ranked(&self.entries(), self.settings.format, self.seed)
    }

    /// The standings recomputed from every result stored in the rounds.
    pub fn recomputed(&self) -> Standings {
        let mut standings = Standings::default();
        for round in &self.rounds {
            for table in &round.tables {
                if let Some(result) = &table.result {
                    add_result(
                        &mut standings,
                        &self.settings,
                        round.number,
                        &table.seats,
                        result,
                    );
                }
            }
        }
        standings
    }

    fn entries(&self) -> Vec<Entry> {
        self.entrants
            .iter()
            .map(|e| Entry {
                user: e.user,
                rating: e.rating,
                dropped: e.dropped.is_some(),
            })
            .collect()
    }

    /// The saved form (JSON).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a tournament serializes")
    }

    /// Reads a saved tournament, refusing one saved by a newer build.
    pub fn from_json(text: &str) -> Result<Tournament, TournamentError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|_| TournamentError::Unreadable)?;
        let found = value
            .get("version")
            .and_then(|v| v.as_u64())
            .ok_or(TournamentError::Unreadable)?;
        if found > u64::from(TOURNAMENT_VERSION) {
            return Err(TournamentError::Newer {
                found: u32::try_from(found).unwrap_or(u32::MAX),
                known: TOURNAMENT_VERSION,
            });
        }
        serde_json::from_value(value).map_err(|_| TournamentError::Unreadable)
    }

    /// After round `round`'s last table: finish, wait for `next`, or seat the next round.
    fn round_over(&mut self, round: u32) -> Step {
        let last = match self.settings.format {
            Format::Knockout => {
                self.alive = self.knockout_survivors(round);
                self.rounds[round as usize - 1].tables.len() <= 1 || self.alive.len() <= 1
            }
            _ => round >= self.planned_rounds,
        };
        if last {
            self.phase = Phase::Finished;
            return Step::Finished;
        }
        if self.settings.manual_rounds {
            self.phase = Phase::Waiting { round };
            return Step::Waiting { round };
        }
        self.seat(round + 1)
    }

    /// The people who go on after knockout round `round`, best seed first.
    fn knockout_survivors(&self, round: u32) -> Vec<UserId> {
        let rank = |u: UserId| {
            self.seeds
                .iter()
                .position(|&s| s == u)
                .unwrap_or(usize::MAX)
        };
        let mut next: Vec<UserId> = Vec::new();
        for table in &self.rounds[round as usize - 1].tables {
            let Some(result) = &table.result else {
                continue;
            };
            let places = effective_places(&result.places, &result.gone);
            next.extend(knockout::advancing(
                &table.seats,
                &places,
                &result.gone,
                self.settings.advance as usize,
                &rank,
            ));
        }
        next.retain(|&u| !self.has_dropped(u));
        next.sort_by_key(|&u| rank(u));
        next
    }

    /// Seats round `number` with the people still in, or finishes when fewer than two
    /// are left.
    fn seat(&mut self, number: u32) -> Step {
        let size = self.settings.table_size as usize;
        let fill = self.settings.fill;
        let still_in: Vec<UserId> = match self.settings.format {
            Format::Knockout => self.alive.clone(),
            _ => self.seeds.clone(),
        }
        .into_iter()
        .filter(|&u| !self.has_dropped(u))
        .collect();
        if still_in.len() < 2 {
            self.phase = Phase::Finished;
            return Step::Finished;
        }
        let contenders: Vec<Contender> = still_in
            .iter()
            .map(|&user| Contender {
                user,
                points: self.standings.points(user),
                rating: self.entrant(user).map_or(0, |e| e.rating),
            })
            .collect();
        let history: Vec<Vec<UserId>> = self
            .rounds
            .iter()
            .flat_map(|r| &r.tables)
            .map(|t| t.seats.iter().filter_map(|s| s.person()).collect())
            .collect();
        let tables = match self.settings.format {
            Format::Swiss => swiss::pair(&contenders, &history, size, fill, self.seed, number),
            Format::RoundRobin if size == 2 => {
                let dropped = |u: UserId| !self.has_dropped(u);
                robin::pair_two(&self.seeds, &dropped, fill_level(fill), self.seed, number)
            }
            Format::RoundRobin => {
                robin::pair_many(&contenders, &history, size, fill, self.seed, number)
            }
            Format::Knockout => knockout::pair(&still_in, size, fill, self.seed, number),
        };
        self.rounds.push(Round {
            number,
            tables: tables
                .into_iter()
                .map(|seats| RoundTable {
                    seats,
                    result: None,
                })
                .collect(),
        });
        self.phase = Phase::Playing { round: number };
        Step::Seated { round: number }
    }
}

/// Adds one table's result to `standings`: points by place (the row for the table's
/// seats), gone seats last.
fn add_result(
    standings: &mut Standings,
    settings: &Settings,
    round: u32,
    seats: &[Seat],
    result: &TableResult,
) {
    let row = row_for(settings.points.as_deref(), seats.len());
    let points = table_points(&row, &result.places, &result.gone);
    let places = effective_places(&result.places, &result.gone);
    standings.add_table(round, seats, &points, &places);
}
