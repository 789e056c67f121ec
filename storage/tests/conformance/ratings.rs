//! Ratings: a rated game's result and ratings are written with its archive, once; a
//! rebuild from the rated results gives the stored numbers back.

use super::{commit_with, row, seated, Place};
use serde_json::json;
use storage::ratings::{rebuild, RatingChange};
use storage::{
    season_ladder, season_seed, server_ladder, ArchiveEntry, Rated, RatedGame, RatedPlayer,
    RatedSeat, RatingRow, Status, Store, GLOBAL_LADDER,
};

conformance!(
    a_rated_game_is_rated_with_its_archive_once,
    a_rebuild_from_the_rated_results_gives_the_stored_ratings,
    a_season_ladder_starts_from_the_all_time_ratings_widened,
);

/// A stand-in for the rating maths, sensitive to the order games are rated in: each
/// person's mean halves then gains their place; an anchor does not move.
fn rate(game: &RatedGame, before: &[Option<RatingRow>]) -> Vec<Option<RatingRow>> {
    game.seats
        .iter()
        .zip(before)
        .map(|(seat, before)| match seat.player {
            RatedPlayer::Anchor { .. } => None,
            RatedPlayer::Person(_) => {
                let b = before.clone().unwrap_or(RatingRow {
                    mu: 25.0,
                    sigma: 8.0,
                    games: 0,
                    last_change: 0,
                    updated: 0,
                    name: String::new(),
                });
                let mu = b.mu / 2.0 + f64::from(seat.place) + 0.1;
                Some(RatingRow {
                    mu,
                    sigma: b.sigma * 0.9,
                    games: b.games + 1,
                    last_change: (mu - b.mu).round() as i64,
                    updated: game.at,
                    name: String::new(),
                })
            }
        })
        .collect()
}

fn announce(changes: &[RatingChange]) -> Option<storage::NewOutbox> {
    let text: Vec<String> = changes
        .iter()
        .map(|c| format!("{} {}", c.user, c.after.games))
        .collect();
    Some(row(7, 0, &text.join(",")))
}

/// Game `game_id` at channel 7 of server 42 between `users` (places in that order) and a
/// normal bot last, counted on `ladders`.
fn game(game_id: u64, users: &[u64], ladders: Vec<String>) -> (ArchiveEntry, RatedGame) {
    let mut meta = seated(7, game_id, users);
    meta.status = Status::Finished;
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
            level: "normal".into(),
            mu: 27.0,
            sigma: 4.0,
        },
        place: users.len() as u32 + 1,
        name: "bot".into(),
    });
    let rated = RatedGame {
        game_id,
        title: "villa".into(),
        ladders,
        seats,
        at: 1000 + game_id,
    };
    let entry = ArchiveEntry {
        meta,
        outcome: Some(json!({})),
        snapshot: vec![],
    };
    (entry, rated)
}

fn archive(store: &dyn Store, entry: &ArchiveEntry, rated: &RatedGame) -> storage::Archived {
    commit_with(store, &entry.meta, &[], Some(&[]));
    store
        .archive_rated(
            entry,
            &[],
            Some(Rated {
                game: rated.clone(),
                rate,
                announce: Box::new(announce),
            }),
        )
        .unwrap()
}

fn a_rated_game_is_rated_with_its_archive_once(place: &Place) {
    let store = place.open();
    let server = server_ladder(42);
    let (entry, rated) = game(1, &[1, 2], vec![server.clone()]);
    let done = archive(&*store, &entry, &rated);
    assert_eq!(done.changes.len(), 2, "the two people, not the bot");
    assert_eq!(done.changes[0].before, None);
    let one = store.rating(&server, "villa", 1).unwrap().unwrap();
    assert_eq!(one, done.changes[0].after);
    assert_eq!((one.mu, one.games, one.updated), (12.5 + 1.1, 1, 1001));
    assert_eq!(one.name, "p1", "the name they played under");
    // The announcement was stored with it.
    let id = done.outbox.expect("an announcement");
    let sent = store.outbox_row(id).unwrap().unwrap();
    assert_eq!(sent.payload, b"1 1,2 1");
    assert!(store.archived_game(7, 1).unwrap().is_some());

    // A retry (a crash repair, another process) rates nothing twice.
    let again = store
        .archive_rated(
            &entry,
            &[],
            Some(Rated {
                game: rated.clone(),
                rate,
                announce: Box::new(announce),
            }),
        )
        .unwrap();
    assert_eq!(again, storage::Archived::default());
    assert_eq!(store.rated_games().unwrap(), vec![rated]);
    assert_eq!(
        store.rating(&server, "villa", 1).unwrap(),
        Some(one.clone())
    );
    assert_eq!(store.channel_outbox(7).unwrap().len(), 1);

    // Per ladder and title; kept across a restart.
    assert_eq!(store.rating(&server_ladder(43), "villa", 1).unwrap(), None);
    assert_eq!(store.rating(&server, "palazzo", 1).unwrap(), None);
    drop(store);
    let store = place.open();
    let mut board = store.ladder(&server, "villa").unwrap();
    board.sort_by_key(|(u, _)| *u);
    assert_eq!(board.iter().map(|(u, _)| *u).collect::<Vec<_>>(), [1, 2]);
    assert_eq!(board[0].1, one);
    assert!(store.ladder(&server, "palazzo").unwrap().is_empty());
}

fn a_rebuild_from_the_rated_results_gives_the_stored_ratings(place: &Place) {
    let store = place.open();
    let both = || vec![server_ladder(42), GLOBAL_LADDER.to_string()];
    let games = [
        game(1, &[1, 2], both()),
        game(2, &[2, 1, 3], vec![server_ladder(42)]),
        game(3, &[3, 1], both()),
        game(4, &[1], vec![server_ladder(43)]),
    ];
    for (entry, rated) in &games {
        archive(&*store, entry, rated);
    }
    let live = |store: &dyn Store| {
        let mut all = Vec::new();
        for ladder in [server_ladder(42), server_ladder(43), GLOBAL_LADDER.into()] {
            let mut rows = store.ladder(&ladder, "villa").unwrap();
            rows.sort_by_key(|(u, _)| *u);
            all.push((ladder, rows));
        }
        all
    };
    let before = live(&*store);
    assert_eq!(
        before[0].1[0].1.games, 3,
        "player 1 on the server: three games"
    );
    assert_eq!(before[2].1[0].1.games, 2, "on the global ladder: two");
    let stored = store.rated_games().unwrap();
    assert_eq!(
        stored.iter().map(|g| g.game_id).collect::<Vec<_>>(),
        [1, 2, 3, 4],
        "in the order they were rated"
    );
    // A rating with no result behind it goes; every other one comes back the same.
    let mut rows = rebuild(&stored, rate);
    let stray = storage::RatingEntry {
        user: 99,
        ..rows[0].clone()
    };
    store.replace_ratings(&[stray]).unwrap();
    assert_ne!(live(&*store), before);
    rows.sort_by_key(|r| r.user);
    store.replace_ratings(&rows).unwrap();
    assert_eq!(live(&*store), before);
    drop(store);
    assert_eq!(live(&*place.open()), before);
}

/// Two processes on one database archive rated games sharing a player at once, and
/// both archive the same game: each game is rated once, and the order they were rated in
/// is the order a rebuild replays (it gives the live numbers back).
#[test]
fn two_processes_rate_each_game_once_in_the_order_a_rebuild_replays() {
    let place = Place::pg();
    let server = server_ladder(42);
    let stores = [place.open(), place.open()];
    std::thread::scope(|s| {
        for (n, store) in stores.iter().enumerate() {
            let server = server.clone();
            s.spawn(move || {
                for i in 0..6u64 {
                    // Games 1..=6 are archived by both; the others by one each.
                    for game_id in [1 + i, 10 + 10 * n as u64 + i] {
                        let (mut entry, rated) =
                            game(game_id, &[1, 2 + n as u64], vec![server.clone()]);
                        entry.meta.channel = 100 + game_id;
                        // The other process may have archived it already: refused.
                        let _ = store.commit(storage::Commit::meta(&entry.meta));
                        store
                            .archive_rated(
                                &entry,
                                &[],
                                Some(Rated {
                                    game: rated,
                                    rate,
                                    announce: Box::new(announce),
                                }),
                            )
                            .unwrap();
                    }
                }
            });
        }
    });
    let live = stores[0].rating(&server, "villa", 1).unwrap().unwrap();
    assert_eq!(live.games, 6 + 12, "each game rated once");
    let rows = rebuild(&stores[1].rated_games().unwrap(), rate);
    let rebuilt = rows.iter().find(|r| r.user == 1).unwrap().row.clone();
    assert_eq!(rebuilt, live);
}

/// `store copy` keeps the ratings and the rated results, in their order: from sled to
/// PostgreSQL and back, a rebuild on the copy gives the same numbers.
#[test]
fn a_store_copy_keeps_the_ratings_and_the_rated_results_in_order() {
    use storage::copy::copy;
    let source = Place::sled();
    let store = source.open();
    for (n, users) in [(1, vec![1, 2]), (2, vec![2, 1]), (3, vec![3, 1, 2])] {
        let (entry, rated) = game(n, &users, vec![server_ladder(42), GLOBAL_LADDER.into()]);
        archive(&*store, &entry, &rated);
    }
    let ratings = |s: &dyn Store| {
        let mut all = Vec::new();
        for ladder in [server_ladder(42), GLOBAL_LADDER.to_string()] {
            let mut rows = s.ladder(&ladder, "villa").unwrap();
            rows.sort_by_key(|(u, _)| *u);
            all.push(rows);
        }
        all
    };
    let (before, results) = (ratings(&*store), store.rated_games().unwrap());
    let database = Place::pg();
    let pg = database.open();
    copy(as_copyable(&store), as_copyable(&pg)).unwrap();
    assert_eq!(ratings(&*pg), before);
    assert_eq!(pg.rated_games().unwrap(), results);
    let back = Place::sled();
    let again = back.open();
    copy(as_copyable(&pg), as_copyable(&again)).unwrap();
    assert_eq!(ratings(&*again), before);
    assert_eq!(again.rated_games().unwrap(), results);
    assert_eq!(rebuild(&again.rated_games().unwrap(), rate).len(), 6);
}

fn as_copyable(s: &super::AnyStore) -> &dyn storage::copy::Copyable {
    match s {
        super::AnyStore::Sled(s) => s,
        super::AnyStore::Pg(s) => s,
    }
}

/// A season's ladder is stored like any other; a person's first season game starts from
/// their all-time rating on the server as it stood before that game, σ widened; someone
/// never rated starts new; a rebuild replays the same seeds.
fn a_season_ladder_starts_from_the_all_time_ratings_widened(place: &Place) {
    let store = place.open();
    let server = server_ladder(42);
    let season = season_ladder(42, "spring");
    archive(
        &*store,
        &game(1, &[1, 2], vec![server.clone()]).0,
        &game(1, &[1, 2], vec![server.clone()]).1,
    );
    let all_time = store.rating(&server, "villa", 1).unwrap().unwrap();
    let (entry, rated) = game(2, &[1, 3], vec![server.clone(), season.clone()]);
    let done = archive(&*store, &entry, &rated);
    let in_season: Vec<_> = done.changes.iter().filter(|c| c.ladder == season).collect();
    assert_eq!(in_season.len(), 2);
    let seed = season_seed(&all_time);
    assert_eq!(in_season[0].before, Some(seed.clone()));
    assert!(seed.sigma > all_time.sigma && seed.mu == all_time.mu && seed.games == 0);
    assert_eq!(
        in_season[1].before, None,
        "a person new to the server starts new"
    );
    let one = store.rating(&season, "villa", 1).unwrap().unwrap();
    assert_eq!((one.games, one.mu), (1, seed.mu / 2.0 + 1.0 + 0.1));
    assert_eq!(store.rating(&server, "villa", 1).unwrap().unwrap().games, 2);
    let rows = rebuild(&store.rated_games().unwrap(), rate);
    let rebuilt = rows
        .iter()
        .find(|r| r.ladder == season && r.user == 1)
        .expect("the season's row rebuilt");
    assert_eq!(rebuilt.row, one);
}
