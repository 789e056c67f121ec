//! Ratings speed. `rating_update_us=`: one finished game's rating update (four seats: the
//! people's ratings read, rated by the model against each other and the anchors, the
//! changes made), median of many; `rating_archive_ms=`: the same update inside a sled
//! archive's durable transaction (with its sync), median. `leaderboard_10k_ms=`:
//! `/game leaderboard … by:rating` over 10,000 rated players of one title answered by the
//! table (ratings read from sled, ranked, the picture drawn and its alt text), median
//! and slowest of 20. Goals: ≤ 1 ms and ≤ 50 ms. Run with `cargo bench --bench ratings`.

use std::collections::HashMap;
use std::time::Instant;
use storage::ratings::{apply, Rated};
use storage::{
    server_ladder, ArchiveEntry, Meta, RatedGame, RatedPlayer, RatedSeat, RatingEntry, RatingRow,
    SeatedUser, SledStore, Status, Store,
};
use table::ratings::live::rate_stored;
use table::{Caller, Table};

const GUILD: u64 = 7;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Game `n`: two people (users `n % 500` and `n % 500 + 500`), a normal and a hard bot.
fn game(n: u64) -> RatedGame {
    let anchor = |level: &str| {
        let s = table::ratings::anchor("palazzo", level).expect("an anchor");
        RatedPlayer::Anchor {
            level: level.into(),
            mu: s.mu,
            sigma: s.sigma,
        }
    };
    let players = [
        RatedPlayer::Person(n % 500),
        anchor("normal"),
        RatedPlayer::Person(n % 500 + 500),
        anchor("hard"),
    ];
    RatedGame {
        game_id: n,
        title: "palazzo".into(),
        ladders: vec![server_ladder(GUILD)],
        seats: players
            .into_iter()
            .enumerate()
            .map(|(i, player)| RatedSeat {
                player,
                place: ((i as u64 + n) % 4) as u32 + 1,
                name: format!("p{i}"),
            })
            .collect(),
        at: n,
    }
}

fn rating_update_us() -> f64 {
    let mut known: HashMap<u64, RatingRow> = HashMap::new();
    let mut times = Vec::new();
    for n in 0..20_000 {
        let g = game(n);
        let start = Instant::now();
        let changes = apply(&g, rate_stored, |_, user| Ok(known.get(&user).cloned())).unwrap();
        for c in changes {
            known.insert(c.user, c.after);
        }
        times.push(start.elapsed().as_secs_f64() * 1e6);
    }
    median(times)
}

fn rating_archive_ms(store: &SledStore) -> f64 {
    let mut times = Vec::new();
    for n in 1..=200 {
        let meta = Meta {
            schema: storage::SCHEMA_VERSION,
            game_id: n,
            channel: n,
            game: "palazzo".into(),
            options: serde_json::json!({}),
            seed: n,
            seats: vec![SeatedUser::person(n % 500, "p")],
            host: n % 500,
            status: Status::Finished,
            created: n,
            updated: n,
            version: 1,
            guild: GUILD,
            settings: Default::default(),
            dropped: vec![],
            nudged_ms: 0,
            away: vec![],
        };
        let entry = ArchiveEntry {
            meta,
            outcome: None,
            snapshot: vec![],
        };
        let rated = Rated {
            game: game(n),
            rate: rate_stored,
            announce: Box::new(|_| None),
        };
        let start = Instant::now();
        store.archive_rated(&entry, &[], Some(rated)).unwrap();
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    median(times)
}

fn leaderboard_10k_ms(store: std::sync::Arc<SledStore>) -> (f64, f64) {
    let rows: Vec<RatingEntry> = (0..10_000u64)
        .map(|user| RatingEntry {
            ladder: server_ladder(GUILD),
            title: "palazzo".into(),
            user: 1_000_000 + user,
            row: RatingRow {
                mu: 15.0 + (user * 7919 % 2000) as f64 / 100.0,
                sigma: 1.5 + (user % 60) as f64 / 10.0,
                games: (user % 40) as u32,
                last_change: 0,
                updated: 0,
                name: format!("player {user}"),
            },
        })
        .collect();
    store.replace_ratings(&rows).unwrap();
    let table = Table::new(store);
    let caller = Caller::new(1_000_123, "player 123").in_guild(GUILD);
    let mut times = Vec::new();
    for _ in 0..20 {
        let start = Instant::now();
        let (_, picture) = table
            .rating_board(&caller, Some("palazzo"), table::LadderView::Server)
            .unwrap();
        assert!(!picture.png.is_empty());
        times.push(start.elapsed().as_secs_f64() * 1e3);
    }
    let slowest = times.iter().copied().fold(0.0, f64::max);
    (median(times), slowest)
}

fn main() {
    println!("rating_update_us={:.1}", rating_update_us());
    let dir = tempfile::tempdir().unwrap();
    let store = std::sync::Arc::new(SledStore::open(dir.path()).unwrap());
    println!("rating_archive_ms={:.2}", rating_archive_ms(&store));
    let (median, slowest) = leaderboard_10k_ms(store);
    println!("leaderboard_10k_ms={median:.1} slowest={slowest:.1}");
}
