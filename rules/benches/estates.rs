//! The Estates: random full games per second and actions per second.
//!
//! `estates/actions` is the per-action benchmark (random playouts including
//! `legal_actions`, throughput = actions). After criterion, plain lines report the
//! actions per second and the share of time spent in `apply` and in `legal_actions`
//! over a fixed batch of random games, timed with `Instant` around each call.

use criterion::{criterion_group, Criterion, Throughput};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rules::engine::Game;
use rules::estates::{Estates, EstatesOptions};
use rules::playout::random_playout;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Games per benchmark iteration.
const GAMES: u64 = 100;
/// Players in the benchmarked games.
const PLAYERS: usize = 4;
/// Safety cap on a game's length.
const CAP: usize = 10_000;
/// Games timed call by call for the apply / legal_actions shares.
const SHARE_GAMES: u64 = 2_000;

fn bench(c: &mut Criterion) {
    let opts = EstatesOptions::default();
    // Count the actions of the benchmarked games once, for the actions/s figure.
    let actions: u64 = (0..GAMES)
        .map(|seed| {
            random_playout::<Estates>(PLAYERS, &opts, seed, CAP)
                .map(|p| p.log.len() as u64)
                .unwrap_or(0)
        })
        .sum();
    let mut group = c.benchmark_group("estates");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("games", |b| {
        b.iter(|| {
            for seed in 0..GAMES {
                let p = random_playout::<Estates>(PLAYERS, &opts, seed, CAP).unwrap();
                black_box(p.game);
            }
        })
    });
    group.throughput(Throughput::Elements(actions));
    group.bench_function("actions", |b| {
        b.iter(|| {
            for seed in 0..GAMES {
                let p = random_playout::<Estates>(PLAYERS, &opts, seed, CAP).unwrap();
                black_box(p.game);
            }
        })
    });
    group.finish();
    println!(
        "estates: {actions} actions in {GAMES} games ({:.1} per game)",
        actions as f64 / GAMES as f64
    );
}

/// Plays `SHARE_GAMES` random games with `random_playout` for the actions/s figure,
/// then the same games again the way `random_playout` does, timing every
/// `legal_actions` and `apply` call, for the two shares.
fn shares() {
    let opts = EstatesOptions::default();
    let start = Instant::now();
    let mut played = 0u64;
    for seed in 0..SHARE_GAMES {
        let p = random_playout::<Estates>(PLAYERS, &opts, seed, CAP).unwrap();
        played += p.log.len() as u64;
        black_box(p.game);
    }
    let per_s = played as f64 / start.elapsed().as_secs_f64();
    let mut in_apply = Duration::ZERO;
    let mut in_legal = Duration::ZERO;
    let start = Instant::now();
    for seed in 0..SHARE_GAMES {
        let mut game = Estates::new(PLAYERS, &opts, seed).unwrap();
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
            let (seat, action) = chosen.expect("an unfinished game has a legal action");
            let t = Instant::now();
            let events = game.apply(seat, &action);
            in_apply += t.elapsed();
            black_box(events.expect("a legal action is accepted"));
        }
    }
    let total = start.elapsed();
    let pct = |d: Duration| 100.0 * d.as_secs_f64() / total.as_secs_f64();
    println!("estates_actions_per_s={per_s:.0}");
    println!("estates_apply_share={:.1}", pct(in_apply));
    println!("estates_legal_share={:.1}", pct(in_legal));
}

criterion_group!(benches, bench);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    shares();
}
