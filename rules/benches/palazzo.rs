//! Random full Palazzo games per second and actions per second.
//!
//! `palazzo/actions` is the per-action benchmark shared by all engines (random playouts
//! including `legal_actions`, throughput = actions). After criterion, plain lines give the
//! actions per second and the share of time spent in `apply` and in `legal_actions`.

use criterion::{criterion_group, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rules::engine::Game;
use rules::palazzo::{Palazzo, PalazzoOptions};
use rules::playout::random_playout;
use std::time::{Duration, Instant};

const CAP: usize = 20_000;
/// Players of the per-action benchmark.
const PLAYERS: usize = 3;
/// Games (seeds `0..BATCH`) of the per-action benchmark.
const BATCH: u64 = 20;

fn games(c: &mut Criterion) {
    let options = PalazzoOptions::default();
    let mut group = c.benchmark_group("palazzo");
    for players in [2usize, 4] {
        // Games per second: one full random game per iteration.
        group.throughput(Throughput::Elements(1));
        let mut seed = 0u64;
        group.bench_function(format!("full_game_{players}p"), |b| {
            b.iter(|| {
                seed += 1;
                random_playout::<Palazzo>(players, &options, seed, CAP).expect("game")
            })
        });
    }
    // Actions per second: a fixed batch of games, throughput = their total actions.
    let actions = batch_actions(&options);
    group.throughput(Throughput::Elements(actions));
    group.bench_function("actions", |b| {
        b.iter(|| {
            for s in 0..BATCH {
                random_playout::<Palazzo>(PLAYERS, &options, s, CAP).expect("game");
            }
        })
    });
    group.finish();
}

fn batch_actions(options: &PalazzoOptions) -> u64 {
    (0..BATCH)
        .map(|s| {
            random_playout::<Palazzo>(PLAYERS, options, s, CAP)
                .expect("game")
                .log
                .len() as u64
        })
        .sum()
}

/// Plain summary lines: actions per second of the batch (untimed playouts), then the
/// share of a timed run spent in `apply` and in `legal_actions` (an `Instant` around each
/// call; the rest is the playout's own bookkeeping and the timer itself).
fn summary() {
    let options = PalazzoOptions::default();
    let actions = batch_actions(&options);
    let rounds = 5;
    let start = Instant::now();
    for _ in 0..rounds {
        for s in 0..BATCH {
            random_playout::<Palazzo>(PLAYERS, &options, s, CAP).expect("game");
        }
    }
    let per_s = (actions * rounds) as f64 / start.elapsed().as_secs_f64();

    let (mut in_apply, mut in_legal) = (Duration::ZERO, Duration::ZERO);
    let start = Instant::now();
    for _ in 0..rounds {
        for seed in 0..BATCH {
            let mut game = Palazzo::new(PLAYERS, &options, seed).expect("setup");
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
            while !game.is_over() {
                let mut seats = game.awaiting();
                seats.shuffle(&mut rng);
                let mut chosen = None;
                for seat in seats {
                    let t = Instant::now();
                    let legal = game.legal_actions(seat);
                    in_legal += t.elapsed();
                    if let Some(a) = legal.choose(&mut rng) {
                        chosen = Some((seat, *a));
                        break;
                    }
                }
                let (seat, action) = chosen.expect("a legal action");
                let t = Instant::now();
                game.apply(seat, &action).expect("legal action applies");
                in_apply += t.elapsed();
            }
        }
    }
    let total = start.elapsed().as_secs_f64();
    let pct = |d: Duration| (100.0 * d.as_secs_f64() / total).round();
    println!("palazzo_actions_per_s={}", per_s.round());
    println!("palazzo_apply_share={}", pct(in_apply));
    println!("palazzo_legal_share={}", pct(in_legal));
}

criterion_group!(benches, games);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    summary();
}
