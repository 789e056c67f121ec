//! Random full games of The Princes of Florence: games per second and actions per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rules::playout::random_playout;
use rules::princes::Princes;

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("princes");
    // Actions per game are roughly constant per seed; measure them once for throughput.
    let seeds: Vec<u64> = (0..32).collect();
    let actions: u64 = seeds
        .iter()
        .map(|&s| {
            random_playout::<Princes>(4, &Default::default(), s, 100_000)
                .map(|p| p.log.len() as u64)
                .unwrap_or(0)
        })
        .sum();
    group.throughput(Throughput::Elements(seeds.len() as u64));
    group.bench_function("random full games (4 players, 32 games)", |b| {
        b.iter(|| {
            for &s in &seeds {
                let p = random_playout::<Princes>(4, &Default::default(), s, 100_000).unwrap();
                criterion::black_box(p.log.len());
            }
        })
    });
    group.throughput(Throughput::Elements(actions));
    group.bench_function(format!("actions ({actions} in 32 games)"), |b| {
        b.iter(|| {
            for &s in &seeds {
                let p = random_playout::<Princes>(4, &Default::default(), s, 100_000).unwrap();
                criterion::black_box(p.log.len());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
