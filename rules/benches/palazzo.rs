//! Random full Palazzo games per second and actions per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rules::palazzo::{Palazzo, PalazzoOptions};
use rules::playout::random_playout;

const CAP: usize = 20_000;

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
    let batch: u64 = 20;
    let actions: usize = (0..batch)
        .map(|s| {
            random_playout::<Palazzo>(3, &options, s, CAP)
                .expect("game")
                .log
                .len()
        })
        .sum();
    group.throughput(Throughput::Elements(actions as u64));
    group.bench_function("actions_3p", |b| {
        b.iter(|| {
            for s in 0..batch {
                random_playout::<Palazzo>(3, &options, s, CAP).expect("game");
            }
        })
    });
    group.finish();
}

criterion_group!(benches, games);
criterion_main!(benches);
