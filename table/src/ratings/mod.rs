//! Ratings per player per title: what a finished game changes, by the rules players
//! read in `docs/ratings.md`. Pure (no I/O, no Discord); the table stores the results.

pub mod anchors;
pub mod live;
mod model;
mod places;

pub use anchors::anchor;
pub use model::{rate, win_chances, Entry, Skill, DISPLAY_BASE, DISPLAY_SCALE, PROVISIONAL_GAMES};
pub use places::places;

use serde::{Deserialize, Serialize};

/// A person's rating at one title.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub skill: Skill,
    /// Rated games played.
    pub games: u32,
    /// The shown number's change at the last rated game.
    pub last_change: i64,
}

impl Rating {
    /// A person with no rated game yet.
    pub const NEW: Rating = Rating {
        skill: Skill::NEW,
        games: 0,
        last_change: 0,
    };

    /// The shown number (`mu - 3 sigma`, a new player at 1,000).
    pub fn shown(&self) -> i64 {
        self.skill.display()
    }

    /// Fewer than [`PROVISIONAL_GAMES`] rated games.
    pub fn provisional(&self) -> bool {
        self.games < PROVISIONAL_GAMES
    }
}

impl Default for Rating {
    fn default() -> Self {
        Rating::NEW
    }
}

/// One seat of a game to rate: a person with their rating so far, or a bot at its
/// anchor (a fixed skill that the game does not move).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seat {
    Person(Rating),
    Anchor(Skill),
}

/// Rates a finished game: `places[i]` is seat `i`'s place (see [`places`]). Returns each
/// person's new rating, `None` for an anchor.
pub fn rate_game(seats: &[Seat], places: &[u32]) -> Vec<Option<Rating>> {
    let entries: Vec<Entry> = seats
        .iter()
        .zip(places)
        .map(|(seat, &place)| match seat {
            Seat::Person(r) => Entry {
                skill: r.skill,
                place,
                anchor: false,
            },
            Seat::Anchor(skill) => Entry {
                skill: *skill,
                place,
                anchor: true,
            },
        })
        .collect();
    let after = rate(&entries);
    seats
        .iter()
        .zip(after)
        .map(|(seat, skill)| match seat {
            Seat::Person(before) => {
                let games = before.games + 1;
                let last_change = skill.display() - before.shown();
                Some(Rating {
                    skill,
                    games,
                    last_change,
                })
            }
            Seat::Anchor(_) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests;
