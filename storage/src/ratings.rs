//! Ratings as stored: each person's rating per ladder (a server, the global ladder) and
//! title, and the rated results they are computed from. The rating maths is the
//! caller's ([`RateFn`]): the store reads the ratings a game changes and writes the new
//! ones in the archive's transaction, so a game is rated once, never twice.

use crate::{NewOutbox, StoreError, UserId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One person's rating on one ladder at one title.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RatingRow {
    /// Weng-Lin's mean and uncertainty.
    pub mu: f64,
    pub sigma: f64,
    /// Rated games played.
    pub games: u32,
    /// The shown number's change at the last rated game.
    pub last_change: i64,
    /// Unix seconds of the last rated game (its end).
    pub updated: u64,
    /// The name they last played under (for leaderboards).
    #[serde(default)]
    pub name: String,
}

/// Who sat in a rated seat: a person, or a bot at its fixed anchor (kept with the result,
/// so that a rebuild rates the game against the same anchor).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum RatedPlayer {
    Person(UserId),
    Anchor { level: String, mu: f64, sigma: f64 },
}

/// One seat of a rated game and its finishing place (1 = first; equal places tie).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RatedSeat {
    pub player: RatedPlayer,
    pub place: u32,
    /// The name shown for the seat.
    #[serde(default)]
    pub name: String,
}

/// A rated result: what a finished game changes on each of its ladders.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RatedGame {
    pub game_id: u64,
    /// The game's id (`palazzo`): one rating per title.
    pub title: String,
    /// The ladders it counts on ([`server_ladder`], [`GLOBAL_LADDER`]).
    pub ladders: Vec<String>,
    pub seats: Vec<RatedSeat>,
    /// Unix seconds of its end.
    pub at: u64,
}

/// A person's rating before and after a game, on one ladder.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingChange {
    pub ladder: String,
    pub user: UserId,
    pub before: Option<RatingRow>,
    pub after: RatingRow,
}

/// One stored rating, with its keys (what a rebuild writes).
#[derive(Debug, Clone, PartialEq)]
pub struct RatingEntry {
    pub ladder: String,
    pub title: String,
    pub user: UserId,
    pub row: RatingRow,
}

/// The rating maths: each seat's rating after `game`, from each seat's before (`None`:
/// an anchor, or a person never rated on this ladder); `None` back for an anchor.
pub type RateFn = fn(&RatedGame, &[Option<RatingRow>]) -> Vec<Option<RatingRow>>;

/// The message telling a game's changes (on its first ladder), stored in the same
/// transaction; `None` sends nothing.
pub type Announce = Box<dyn FnOnce(&[RatingChange]) -> Option<NewOutbox> + Send>;

/// A game to rate as it is archived.
pub struct Rated {
    pub game: RatedGame,
    pub rate: RateFn,
    pub announce: Announce,
}

/// What archiving a rated game did: the changes (empty when the game was archived
/// before: a retry rates nothing) and the announcement's outbox row.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Archived {
    pub changes: Vec<RatingChange>,
    pub outbox: Option<u64>,
}

/// The ladder of a server's ratings.
pub fn server_ladder(guild: u64) -> String {
    format!("server:{guild}")
}

/// The ladder across the servers that allow it.
pub const GLOBAL_LADDER: &str = "global";

/// The ladder of season `name` on server `guild`.
pub fn season_ladder(guild: u64, name: &str) -> String {
    format!("season:{guild}:{name}")
}

/// The server ladder a season ladder starts from (`None` for any other ladder).
fn season_start_ladder(ladder: &str) -> Option<String> {
    let guild = ladder.strip_prefix("season:")?.split_once(':')?.0;
    Some(format!("server:{guild}"))
}

/// OpenSkill's σ for a new player: where a season's σ is widened toward.
pub const NEW_SIGMA: f64 = 25.0 / 3.0;

/// A person's first rating in a season, from their all-time one on the server: μ kept,
/// σ widened halfway back to a new player's ([`NEW_SIGMA`]), no season games yet.
pub fn season_seed(all_time: &RatingRow) -> RatingRow {
    RatingRow {
        mu: all_time.mu,
        sigma: all_time.sigma + (NEW_SIGMA - all_time.sigma).max(0.0) / 2.0,
        games: 0,
        last_change: 0,
        updated: all_time.updated,
        name: all_time.name.clone(),
    }
}

/// Rates `game` on each of its ladders, reading each person's rating so far through
/// `read(ladder, user)`: the changes, ladder by ladder, seat by seat. A person new to a
/// season ladder starts from their all-time rating on its server ([`season_seed`]),
/// read before this game changes it, so a rebuild replays the same seeds.
pub fn apply(
    game: &RatedGame,
    rate: RateFn,
    mut read: impl FnMut(&str, UserId) -> Result<Option<RatingRow>, StoreError>,
) -> Result<Vec<RatingChange>, StoreError> {
    let mut changes = Vec::new();
    for ladder in &game.ladders {
        let before = game
            .seats
            .iter()
            .map(|s| match s.player {
                RatedPlayer::Person(user) => match read(ladder, user)? {
                    Some(row) => Ok(Some(row)),
                    None => match season_start_ladder(ladder) {
                        Some(start) => Ok(read(&start, user)?.as_ref().map(season_seed)),
                        None => Ok(None),
                    },
                },
                RatedPlayer::Anchor { .. } => Ok(None),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let after = rate(game, &before);
        for ((seat, before), after) in game.seats.iter().zip(before).zip(after) {
            if let (RatedPlayer::Person(user), Some(after)) = (&seat.player, after) {
                changes.push(RatingChange {
                    ladder: ladder.clone(),
                    user: *user,
                    before,
                    after: RatingRow {
                        name: seat.name.clone(),
                        ..after
                    },
                });
            }
        }
    }
    Ok(changes)
}

/// Every rating recomputed from the rated results, in the order they were stored: what
/// `capomaestro ratings rebuild` writes.
pub fn rebuild(games: &[RatedGame], rate: RateFn) -> Vec<RatingEntry> {
    let mut all: BTreeMap<(String, String, UserId), RatingRow> = BTreeMap::new();
    for game in games {
        let read = |ladder: &str, user: UserId| {
            Ok(all
                .get(&(ladder.to_string(), game.title.clone(), user))
                .cloned())
        };
        // Reading a map cannot fail.
        let changes = apply(game, rate, read).unwrap_or_default();
        for c in changes {
            all.insert((c.ladder, game.title.clone(), c.user), c.after);
        }
    }
    all.into_iter()
        .map(|((ladder, title, user), row)| RatingEntry {
            ladder,
            title,
            user,
            row,
        })
        .collect()
}
