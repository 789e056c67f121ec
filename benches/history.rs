//! `/game history` speed: one step of a replay of a 300-action game (the page and its
//! picture, as the Discord adapter asks for them), per game. A random game of each title
//! is played through the table until one reaches 300 actions (Villa Paletti games are
//! shorter: its longest of a few tries), then the replay is walked step by step.
//! Prints `history_step_ms_<game>=` (median and slowest step with the replay cached),
//! `history_cold_ms_<game>=` (the first page of a table that built nothing yet: the
//! whole replay from seed and log, and its picture) and `history_step_ms=` (the slowest
//! median); then runs the criterion benchmarks. Target: ≤ 200 ms a step.
//! First, `turn_message_us_en=` and `turn_message_us_es=`: the median microseconds of
//! building one turn message through the table (`Table::turn_message_now`) for a
//! channel speaking English and one speaking Spanish (a message should cost no more in
//! one language than in the other).
//! Run with `cargo bench --bench history`.

use criterion::{criterion_group, criterion_main, Criterion};
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::Instant;
use storage::SledStore;
use table::{Caller, Command, HistoryMove, Table};

const ACTIONS: usize = 300;

/// Plays a random game of `game` in `channel` to its end; returns its actions.
fn play(table: &Table, channel: u64, game: &str, players: u64, seed: u64) -> usize {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let caller = |u: u64| Caller::new(u, format!("player{u}"));
    table.handle(
        channel,
        &caller(1),
        Command::parse(&format!("new {game} seed={seed}")),
    );
    for u in 2..=players {
        table.handle(channel, &caller(u), Command::Join);
    }
    table.handle(channel, &caller(1), Command::Start);
    for moves in 0.. {
        let awaited = (1..=players)
            .map(|u| (u, table.legal_actions(channel, u)))
            .find(|(_, a)| !a.is_empty());
        let Some((u, actions)) = awaited else {
            return moves;
        };
        let action = actions[rng.gen_range(0..actions.len())].clone();
        table.handle(channel, &caller(u), Command::Play(action));
    }
    unreachable!()
}

/// A finished game of `game` with at least [`ACTIONS`] actions (or the longest of 20
/// tries) in its own channel; returns the channel, its game id and its actions.
fn long_game(table: &Table, game: &str, players: u64, base: u64) -> (u64, u64, usize) {
    let mut best = (0, 0, 0);
    for seed in 0..20 {
        let channel = base + seed;
        let moves = play(table, channel, game, players, seed);
        if moves > best.2 {
            let id = table
                .history(channel, None, None, HistoryMove::Stay)
                .expect("a replay")
                .game_id;
            best = (channel, id, moves);
        }
        if moves >= ACTIONS {
            break;
        }
    }
    best
}

/// One step as the adapter takes it: the page, then its picture.
fn step(table: &Table, channel: u64, game_id: u64, at: u64, how: HistoryMove) -> u64 {
    let page = table
        .history(channel, Some(game_id), Some(at), how)
        .expect("a page");
    let png = table.history_picture(channel, game_id, page.at);
    std::hint::black_box(png);
    page.at
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Median microseconds of building the turn message of a started 4-player Palazzo table
/// whose channel speaks `lang` (a fresh channel each: the language read once, as a
/// running table does).
fn turn_message_us(table: &Table, channel: u64, lang: table::Lang) -> f64 {
    table.put_note(channel, "language:channel", lang.code().as_bytes());
    let caller = |u: u64| Caller::new(u, format!("player{u}"));
    table.handle(channel, &caller(1), Command::parse("new palazzo seed=7"));
    for u in 2..=4 {
        table.handle(channel, &caller(u), Command::Join);
    }
    table.handle(channel, &caller(1), Command::Start);
    let mut times = Vec::new();
    for _ in 0..2_000 {
        let t = Instant::now();
        let message = table.turn_message_now(channel).expect("a running game");
        times.push(t.elapsed().as_secs_f64() * 1e6);
        std::hint::black_box(message);
    }
    median(times)
}

fn bench(c: &mut Criterion) {
    render::warm_up();
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Arc::new(SledStore::open(dir.path()).expect("store"));
    let table = Table::new(store.clone());
    let en = turn_message_us(&table, 900, table::Lang::En);
    let es = turn_message_us(&table, 901, table::Lang::Es);
    println!("turn_message_us_en={en:.1} turn_message_us_es={es:.1}");
    let games = [
        ("palazzo", 4, 1_000),
        ("villa", 4, 2_000),
        ("estates", 5, 3_000),
        ("princes", 5, 4_000),
    ];
    let mut worst: f64 = 0.0;
    let mut played = Vec::new();
    for (game, players, base) in games {
        let (channel, game_id, moves) = long_game(&table, game, players, base);
        // Cold: a table that has built no replay yet (a restart, an evicted replay).
        let fresh = Table::new(store.clone());
        let t = Instant::now();
        step(&fresh, channel, game_id, u64::MAX, HistoryMove::Last);
        let cold = t.elapsed().as_secs_f64() * 1e3;
        // Warm: every step from the setup to the end, then back by rounds.
        let mut times = Vec::new();
        let mut at = step(&table, channel, game_id, 0, HistoryMove::First);
        loop {
            let t = Instant::now();
            let next = step(&table, channel, game_id, at, HistoryMove::Next);
            times.push(t.elapsed().as_secs_f64() * 1e3);
            if next == at {
                break;
            }
            at = next;
        }
        let slowest = times.iter().cloned().fold(0.0, f64::max);
        let mid = median(times.clone());
        println!(
            "history_step_ms_{game}={mid:.1} history_step_max_ms_{game}={slowest:.1} \
             history_cold_ms_{game}={cold:.1} actions_{game}={moves} steps_{game}={}",
            times.len()
        );
        worst = worst.max(mid);
        played.push((game, channel, game_id));
    }
    println!("history_step_ms={worst:.1}");
    let mut group = c.benchmark_group("history_step");
    group.sample_size(20);
    for (game, channel, game_id) in played {
        let mut at = 0;
        group.bench_function(game, |b| {
            b.iter(|| {
                let next = step(&table, channel, game_id, at, HistoryMove::Next);
                at = if next == at { 0 } else { next };
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
