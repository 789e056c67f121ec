//! The Estates: random full games per second and actions per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rules::estates::{Estates, EstatesOptions};
use rules::playout::random_playout;

const GAMES: u64 = 100;

fn bench(c: &mut Criterion) {
    let opts = EstatesOptions::default();
    // Count the actions of the benchmarked games once, for the actions/s figure.
    let actions: u64 = (0..GAMES)
        .map(|seed| {
            random_playout::<Estates>(4, &opts, seed, 10_000)
                .map(|p| p.log.len() as u64)
                .unwrap_or(0)
        })
        .sum();
    let mut group = c.benchmark_group("estates");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("random full games (4 players), per game", |b| {
        b.iter(|| {
            for seed in 0..GAMES {
                let p = random_playout::<Estates>(4, &opts, seed, 10_000).unwrap();
                std::hint::black_box(p.game);
            }
        })
    });
    group.throughput(Throughput::Elements(actions));
    group.bench_function("random full games (4 players), per action", |b| {
        b.iter(|| {
            for seed in 0..GAMES {
                let p = random_playout::<Estates>(4, &opts, seed, 10_000).unwrap();
                std::hint::black_box(p.game);
            }
        })
    });
    group.finish();
    println!(
        "estates: {actions} actions in {GAMES} games ({:.1} per game)",
        actions as f64 / GAMES as f64
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
