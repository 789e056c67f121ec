//! A finished game as a rated result, and the rating maths as the store applies it
//! ([`rate_stored`]): which seats count, where each placed, the bots' anchors.

use super::{anchors, places, rate_game, Rating, Seat, Skill};
use rules::engine::Outcome;
use storage::{server_ladder, Meta, RatedGame, RatedPlayer, RatedSeat, RatingRow};

/// A finished game's rated result on its server's ladder: every seat with its place (a
/// seat whose person was dropped ranks last; a seat a `bot` stand-in played while its
/// person was away counts as theirs), each bot at its level's anchor. `None` when
/// nothing is rated: a game outside a server, without people, or with a bot level that
/// has no anchor at this title.
pub fn rated_game(meta: &Meta, outcome: &Outcome) -> Option<RatedGame> {
    if meta.guild == 0 || meta.seats.iter().all(|s| s.is_bot()) {
        return None;
    }
    let places = places(outcome, meta.seats.len(), &meta.dropped);
    let seats = meta
        .seats
        .iter()
        .zip(places)
        .map(|(seat, place)| {
            let player = match seat.bot {
                None => RatedPlayer::Person(seat.user),
                Some(level) => {
                    let skill = anchors::bot_anchor(&meta.game, level)?;
                    RatedPlayer::Anchor {
                        level: level.name().to_string(),
                        mu: skill.mu,
                        sigma: skill.sigma,
                    }
                }
            };
            Some(RatedSeat {
                player,
                place,
                name: seat.name.clone(),
            })
        })
        .collect::<Option<Vec<_>>>()?;
    Some(RatedGame {
        game_id: meta.game_id,
        title: meta.game.clone(),
        ladders: vec![server_ladder(meta.guild)],
        seats,
        at: meta.updated,
    })
}

/// The rating maths as the store calls it ([`storage::ratings::RateFn`]): each person's
/// rating after `game` from their rating before (`None`: new), anchors fixed.
pub fn rate_stored(game: &RatedGame, before: &[Option<RatingRow>]) -> Vec<Option<RatingRow>> {
    let seats: Vec<Seat> = game
        .seats
        .iter()
        .zip(before)
        .map(|(seat, before)| match &seat.player {
            RatedPlayer::Person(_) => Seat::Person(before.as_ref().map_or(Rating::NEW, rating_of)),
            RatedPlayer::Anchor { mu, sigma, .. } => Seat::Anchor(Skill {
                mu: *mu,
                sigma: *sigma,
            }),
        })
        .collect();
    let places: Vec<u32> = game.seats.iter().map(|s| s.place).collect();
    rate_game(&seats, &places)
        .into_iter()
        .map(|after| after.map(|r| row_of(&r, game.at)))
        .collect()
}

/// A stored rating as the model's.
pub fn rating_of(row: &RatingRow) -> Rating {
    Rating {
        skill: Skill {
            mu: row.mu,
            sigma: row.sigma,
        },
        games: row.games,
        last_change: row.last_change,
    }
}

/// The model's rating as stored, rated at `at` (Unix seconds).
pub fn row_of(rating: &Rating, at: u64) -> RatingRow {
    RatingRow {
        mu: rating.skill.mu,
        sigma: rating.skill.sigma,
        games: rating.games,
        last_change: rating.last_change,
        updated: at,
        name: String::new(),
    }
}
