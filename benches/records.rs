//! Game records: how fast arena games are exported as records and verified. Random
//! games of the four titles (in turn) are played through the engines, then each is
//! made into a record and written as a JSON line (export), and each line is read back
//! and replayed through the engine, every move checked and the final scores compared
//! (verify). Prints `games=`, `export_games_per_s=` and `verify_games_per_s=`.
//! Target: 10,000 games exported and verified within 60 s. The count is
//! `RECORDS_BENCH_GAMES` (default 200, to keep a plain `cargo bench` short); the
//! target's run is `RECORDS_BENCH_GAMES=10000 cargo bench --bench records`.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::Instant;
use storage::{LogEntry, Meta, SeatedUser, Settings, Status};
use table::record::{self, GameRecord, RecordOptions};

const TITLES: [(&str, usize); 4] = [("palazzo", 4), ("villa", 3), ("estates", 4), ("princes", 4)];

/// A random finished game of `game`: its metadata and log.
fn random_game(game: &str, players: usize, seed: u64) -> (Meta, Vec<LogEntry>) {
    let kind = rules::catalog::find(game).expect("a known game");
    let names: Vec<String> = (1..=players).map(|i| format!("player{i}")).collect();
    let mut state = (kind.new)(players, &serde_json::Value::Null, seed).expect("set up");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut log = Vec::new();
    while !state.is_over() {
        let seat = *state
            .awaiting()
            .choose(&mut rng)
            .expect("someone is awaited");
        let text = state
            .legal_texts(seat)
            .choose(&mut rng)
            .expect("a move")
            .clone();
        let applied = state.apply_text(seat, &text, &names).expect("a legal move");
        log.push(LogEntry {
            seat,
            action: applied.action,
            text: applied.text,
            public: Vec::new(),
            at: 0,
        });
    }
    let meta = Meta {
        schema: storage::SCHEMA_VERSION,
        game_id: seed,
        channel: seed,
        game: game.to_string(),
        options: serde_json::Value::Null,
        seed,
        seats: names
            .iter()
            .enumerate()
            .map(|(i, n)| SeatedUser::person(i as u64 + 1, n.clone()))
            .collect(),
        host: 1,
        status: Status::Finished,
        created: 0,
        updated: 0,
        version: log.len() as u64,
        guild: 0,
        settings: Settings::default(),
        dropped: Vec::new(),
        nudged_ms: 0,
        away: Vec::new(),
    };
    (meta, log)
}

fn main() {
    let games: usize = std::env::var("RECORDS_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200);
    let played: Vec<(Meta, Vec<LogEntry>)> = (0..games)
        .map(|i| {
            let (game, players) = TITLES[i % TITLES.len()];
            random_game(game, players, i as u64)
        })
        .collect();
    let start = Instant::now();
    let lines: Vec<String> = played
        .iter()
        .map(|(meta, log)| {
            record::build(meta, log, RecordOptions::default())
                .expect("a record")
                .to_json_line()
        })
        .collect();
    let export_s = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let mut moves = 0;
    for line in &lines {
        let r = GameRecord::from_json(line).expect("a record reads back");
        moves += record::verify(&r).expect("a record verifies").moves;
    }
    let verify_s = start.elapsed().as_secs_f64();
    let bytes: usize = lines.iter().map(|l| l.len() + 1).sum();
    println!("games={games}");
    println!("moves={moves}");
    println!("records_mb={:.1}", bytes as f64 / 1e6);
    println!("export_games_per_s={:.0}", games as f64 / export_s);
    println!("verify_games_per_s={:.0}", games as f64 / verify_s);
    println!(
        "export_and_verify_s_per_10000={:.1}",
        (export_s + verify_s) * 10_000.0 / games as f64
    );
}
