//! What an organiser chooses when creating a tournament, with its defaults and checks.

use super::error::TournamentError;
use super::points::MAX_TABLE_SIZE;
use serde::{Deserialize, Serialize};
use storage::BotLevel;

/// The most people a tournament takes.
pub const MAX_PLAYERS: u32 = 4_096;
/// The most rounds a Swiss or round-robin tournament plays.
pub const MAX_ROUNDS: u32 = 64;
/// Seats at a table when the organiser names no size.
pub const DEFAULT_TABLE_SIZE: u32 = 4;
/// Swiss rounds when the organiser names none.
pub const DEFAULT_SWISS_ROUNDS: u32 = 4;

/// How the rounds are seated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    /// By points then rating, avoiding rematches (see `swiss.rs`).
    Swiss,
    /// Everyone meets everyone: the circle method for two-player tables, else the
    /// seating of people who met least (see `robin.rs`).
    RoundRobin,
    /// Seeded by rating; each table's best go on, the rest are out (see `knockout.rs`).
    Knockout,
}

/// What fills the seats when the people do not divide into full tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fill {
    /// Bot seats of this level; a bot's results never count for it.
    Bots(BotLevel),
    /// Tables one or more seats smaller, as even as possible, none below `min` (the
    /// title's fewest players); where that cannot be, bots of the normal level fill.
    Smaller { min: u32 },
}

/// A tournament's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The title's id (`palazzo`).
    pub title: String,
    pub format: Format,
    /// Seats at a table (2 to [`MAX_TABLE_SIZE`]).
    pub table_size: u32,
    /// Rounds to play: Swiss (default [`DEFAULT_SWISS_ROUNDS`]) and round robin (default:
    /// enough for everyone to meet everyone); a knockout plays until its final.
    pub rounds: Option<u32>,
    /// Points by place for a table of `table_size`, first place first; `None`: the
    /// default rows ([`super::DEFAULT_POINTS`]).
    pub points: Option<Vec<u32>>,
    pub fill: Fill,
    /// Rounds start on the organiser's word (`next`) rather than by themselves.
    pub manual_rounds: bool,
    /// Knockout: how many of each table go on.
    pub advance: u32,
    /// The most people who may join.
    pub max_players: u32,
}

impl Settings {
    /// The defaults for `title` in `format` at tables of `table_size`: bots of the normal
    /// level fill, automatic rounds, the default points, half of each knockout table
    /// going on.
    pub fn new(title: &str, format: Format, table_size: u32) -> Settings {
        Settings {
            title: title.to_string(),
            format,
            table_size,
            rounds: None,
            points: None,
            fill: Fill::Bots(BotLevel::Normal),
            manual_rounds: false,
            advance: (table_size / 2).max(1),
            max_players: MAX_PLAYERS,
        }
    }

    /// Refuses settings no tournament can be played with, saying which.
    pub fn check(&self) -> Result<(), TournamentError> {
        let size = self.table_size;
        if !(2..=MAX_TABLE_SIZE as u32).contains(&size) {
            return Err(TournamentError::TableSize {
                most: MAX_TABLE_SIZE as u32,
            });
        }
        if let Some(rounds) = self.rounds {
            if !(1..=MAX_ROUNDS).contains(&rounds) {
                return Err(TournamentError::Rounds { most: MAX_ROUNDS });
            }
        }
        if let Some(row) = &self.points {
            let falls = row.windows(2).all(|w| w[0] >= w[1]);
            if row.len() != size as usize || !falls || row.iter().any(|&p| p > 1_000) {
                return Err(TournamentError::PointsRow { places: size });
            }
        }
        if let Fill::Smaller { min } = self.fill {
            if min < 2 || min > size {
                return Err(TournamentError::SmallestTable { size });
            }
        }
        if self.format == Format::Knockout && !(1..size).contains(&self.advance) {
            return Err(TournamentError::Advance { most: size - 1 });
        }
        if !(2..=MAX_PLAYERS).contains(&self.max_players) {
            return Err(TournamentError::MaxPlayers { most: MAX_PLAYERS });
        }
        Ok(())
    }
}
