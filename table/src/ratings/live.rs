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

#[cfg(test)]
mod tests {
    use super::super::places::outcome;
    use super::*;
    use storage::{BotLevel, SeatedUser, Status};

    fn meta(seats: Vec<SeatedUser>) -> Meta {
        Meta {
            schema: storage::SCHEMA_VERSION,
            game_id: 9,
            channel: 1,
            game: "palazzo".into(),
            options: serde_json::json!({}),
            seed: 1,
            seats,
            host: 1,
            status: Status::Finished,
            created: 1,
            updated: 50,
            version: 10,
            guild: 77,
            settings: Default::default(),
            dropped: vec![],
            nudged_ms: 0,
            away: vec![],
        }
    }

    fn bot(n: u64, level: BotLevel) -> SeatedUser {
        SeatedUser {
            user: storage::bot_user(n),
            name: format!("bot{n}"),
            bot: Some(level),
        }
    }

    #[test]
    fn bots_sit_at_their_anchor_and_people_at_their_place() {
        let m = meta(vec![
            SeatedUser::person(1, "ana"),
            bot(1, BotLevel::Hard),
            bot(2, BotLevel::Easy),
        ]);
        let game = rated_game(&m, &outcome(&[10, 30, 5], &[1])).unwrap();
        assert_eq!(game.ladders, [server_ladder(77)]);
        assert_eq!(
            (game.title.as_str(), game.game_id, game.at),
            ("palazzo", 9, 50)
        );
        assert_eq!(game.seats[0].player, RatedPlayer::Person(1));
        assert_eq!(
            game.seats.iter().map(|s| s.place).collect::<Vec<_>>(),
            [2, 1, 3]
        );
        let hard = anchors::anchor("palazzo", "hard").unwrap();
        assert_eq!(
            game.seats[1].player,
            RatedPlayer::Anchor {
                level: "hard".into(),
                mu: hard.mu,
                sigma: hard.sigma
            }
        );
        // Rated: the person moves, the bots stay where they are.
        let after = rate_stored(&game, &[None, None, None]);
        assert!(after[1].is_none() && after[2].is_none());
        assert_eq!(after[0].as_ref().unwrap().games, 1);
    }

    #[test]
    fn a_dropped_person_ranks_last_and_an_away_person_is_rated_on_the_result() {
        let mut m = meta(vec![
            SeatedUser::person(1, "ana"),
            SeatedUser::person(2, "bruno"),
            SeatedUser::person(3, "carla"),
        ]);
        // Ana's stand-in won after she was dropped; bruno's seat was played by a `bot`
        // stand-in while he was away, and came second: his result.
        m.dropped = vec![0];
        m.away = vec![1];
        let game = rated_game(&m, &outcome(&[40, 30, 20], &[0])).unwrap();
        assert_eq!(
            game.seats.iter().map(|s| s.place).collect::<Vec<_>>(),
            [3, 1, 2]
        );
        assert_eq!(game.seats[1].player, RatedPlayer::Person(2));
        let after = rate_stored(&game, &[None, None, None]);
        assert!(after[0].as_ref().unwrap().last_change < after[1].as_ref().unwrap().last_change);
    }

    #[test]
    fn nothing_is_rated_outside_a_server_without_people_or_without_an_anchor() {
        let o = outcome(&[1, 2], &[1]);
        let mut m = meta(vec![SeatedUser::person(1, "ana"), bot(1, BotLevel::Normal)]);
        assert!(rated_game(&m, &o).is_some());
        m.guild = 0;
        assert!(rated_game(&m, &o).is_none(), "outside a server");
        let m = meta(vec![bot(1, BotLevel::Normal), bot(2, BotLevel::Hard)]);
        assert!(rated_game(&m, &o).is_none(), "bots only");
        let mut m = meta(vec![SeatedUser::person(1, "ana"), bot(1, BotLevel::Normal)]);
        m.game = "countdown".into();
        assert!(rated_game(&m, &o).is_none(), "no anchor at this title");
        m.seats[1] = SeatedUser::person(2, "bruno");
        assert!(rated_game(&m, &o).is_some(), "people only need no anchor");
    }
}
