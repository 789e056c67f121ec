//! Tournaments and leagues, as pure data and functions (no I/O, no Discord): formats
//! and their pairing (Swiss, round robin, knockout), points by place, standings with
//! their tie-breaks, and the tournament itself as a versioned state machine a store can
//! keep. The rules players read are in `docs/tournaments.md`.

mod error;
mod event;
pub mod knockout;
pub mod pairing;
mod points;
pub mod robin;
mod seating;
mod settings;
mod standings;
pub mod swiss;

pub use error::TournamentError;
pub use event::{
    Entrant, Phase, Round, RoundTable, Step, TableResult, Tournament, MIN_PLAYERS,
    TOURNAMENT_VERSION,
};
pub use points::{
    effective_places, row_for, table_points, Points, DEFAULT_POINTS, MAX_TABLE_SIZE, UNITS,
};
pub use seating::{draw, layout, Contender, Met, Seat, Shape};
pub use settings::{
    Fill, Format, Settings, DEFAULT_SWISS_ROUNDS, DEFAULT_TABLE_SIZE, MAX_PLAYERS, MAX_ROUNDS,
};
pub use standings::{Entry, Record, Standing, Standings};

#[cfg(test)]
mod tests;
