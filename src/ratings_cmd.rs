//! `capomaestro ratings rebuild`: every rating recomputed from the stored rated results,
//! in the order they were rated, with the model the live ratings use (docs/ratings.md).

use clap::Subcommand;
use std::io::Write;
use storage::Store;

#[derive(Subcommand)]
pub enum RatingsCmd {
    /// Recompute every rating (every server, every title) from the stored rated results
    /// and replace the stored ratings with them, in one transaction. Stop the bot first.
    Rebuild {
        /// The store: `sled:<dir>`, `postgres://…`, `postgres` (default: the configured
        /// store).
        #[arg(long)]
        from: Option<String>,
    },
}

/// Rebuilds `store`'s ratings from its rated results; says how many of each.
pub fn rebuild(store: &dyn Store, out: &mut impl Write) -> Result<(), String> {
    let games = store
        .rated_games()
        .map_err(|e| format!("cannot read the rated results: {e}"))?;
    let rows = storage::ratings::rebuild(&games, table::ratings::live::rate_stored);
    store
        .replace_ratings(&rows)
        .map_err(|e| format!("nothing was changed: {e}"))?;
    writeln!(
        out,
        "rebuilt {} ratings from {} rated games",
        rows.len(),
        games.len()
    )
    .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use storage::ratings::Rated;
    use storage::{
        server_ladder, ArchiveEntry, Meta, RatedGame, RatedPlayer, RatedSeat, SeatedUser,
        SledStore, Status, GLOBAL_LADDER,
    };

    /// Game `n` of `users` (placed in that order) and a hard bot last.
    fn game(n: u64, users: &[u64]) -> (ArchiveEntry, RatedGame) {
        let meta = Meta {
            schema: storage::SCHEMA_VERSION,
            game_id: n,
            channel: 10 + n,
            game: "villa".into(),
            options: serde_json::json!({}),
            seed: n,
            seats: users
                .iter()
                .map(|&u| SeatedUser::person(u, format!("p{u}")))
                .collect(),
            host: users[0],
            status: Status::Finished,
            created: n,
            updated: n,
            version: 1,
            guild: 5,
            settings: Default::default(),
            dropped: vec![],
            nudged_ms: 0,
            away: vec![],
        };
        let hard = table::ratings::anchor("villa", "hard").unwrap();
        let mut seats: Vec<RatedSeat> = users
            .iter()
            .enumerate()
            .map(|(i, &u)| RatedSeat {
                player: RatedPlayer::Person(u),
                place: i as u32 + 1,
                name: format!("p{u}"),
            })
            .collect();
        seats.push(RatedSeat {
            player: RatedPlayer::Anchor {
                level: "hard".into(),
                mu: hard.mu,
                sigma: hard.sigma,
            },
            place: 1 + users.len() as u32,
            name: "bot".into(),
        });
        let rated = RatedGame {
            game_id: n,
            title: "villa".into(),
            ladders: vec![server_ladder(5), GLOBAL_LADDER.into()],
            seats,
            at: 100 + n,
        };
        let entry = ArchiveEntry {
            meta,
            outcome: None,
            snapshot: vec![],
        };
        (entry, rated)
    }

    fn all(store: &dyn Store) -> Vec<(u64, storage::RatingRow)> {
        let mut rows = Vec::new();
        for ladder in [server_ladder(5), GLOBAL_LADDER.to_string()] {
            let mut some = store.ladder(&ladder, "villa").unwrap();
            some.sort_by_key(|(u, _)| *u);
            rows.extend(some);
        }
        rows
    }

    /// Games rated live, their ratings then lost (wiped), and a rebuild: the same
    /// numbers, bit for bit.
    fn rebuild_gives_the_live_numbers(store: &dyn Store) {
        for (n, users) in [
            (1, vec![1, 2]),
            (2, vec![2, 3, 1]),
            (3, vec![3, 1]),
            (4, vec![1]),
        ] {
            let (entry, rated) = game(n, &users);
            store
                .archive_rated(
                    &entry,
                    &[],
                    Some(Rated {
                        game: rated,
                        rate: table::ratings::live::rate_stored,
                        announce: Box::new(|_| None),
                    }),
                )
                .unwrap();
        }
        let live = all(store);
        assert_eq!(live.len(), 6);
        assert_eq!(live[0].1.games, 4);
        store.replace_ratings(&[]).unwrap();
        assert!(all(store).is_empty());
        let mut out = Vec::new();
        rebuild(store, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "rebuilt 6 ratings from 4 rated games\n"
        );
        assert_eq!(all(store), live);
    }

    #[test]
    fn a_rebuild_gives_the_live_numbers_on_sled() {
        let dir = tempfile::tempdir().unwrap();
        rebuild_gives_the_live_numbers(&SledStore::open(dir.path()).unwrap());
    }

    #[test]
    fn a_rebuild_gives_the_live_numbers_on_postgres() {
        let url = storage::pg::testing::fresh_url().unwrap_or_else(|why| panic!("{why}"));
        rebuild_gives_the_live_numbers(&storage::PgStore::open(&url, 2).unwrap());
    }
}
