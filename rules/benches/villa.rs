//! Villa Paletti: stability evaluations per second, random full games and actions per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rules::engine::Game;
use rules::playout::random_playout;
use rules::villa::{Villa, VillaOptions};

fn bench(c: &mut Criterion) {
    let opts = VillaOptions::default();
    // A villa a few floors high, from a careful game.
    let mut v = Villa::new(4, &opts, 3).unwrap();
    {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut n = 0;
        while !v.is_over() && v.top() < 3 && n < 400 {
            let seat = v.awaiting()[0];
            let Some(a) = rules::villa::policy::careful_action(&v, seat, &mut rng) else {
                break;
            };
            let mut next = v.clone();
            if next.apply(seat, &a).is_err() || next.is_over() {
                break;
            }
            v = next;
            n += 1;
        }
    }
    let mut g = c.benchmark_group("villa");
    g.throughput(Throughput::Elements(1));
    g.bench_function(format!("stability evaluation ({} floors)", v.top()), |b| {
        b.iter(|| std::hint::black_box(v.true_margin()))
    });

    // Count actions over a fixed set of seeds to report actions/s.
    let seeds: Vec<u64> = (0..20).collect();
    let actions: usize = seeds
        .iter()
        .map(|&s| {
            random_playout::<Villa>(4, &opts, s, 5000)
                .unwrap()
                .log
                .len()
        })
        .sum();
    g.throughput(Throughput::Elements(seeds.len() as u64));
    g.bench_function("random 4-player games (elements = games)", |b| {
        b.iter(|| {
            for &s in &seeds {
                std::hint::black_box(random_playout::<Villa>(4, &opts, s, 5000).unwrap());
            }
        })
    });
    g.throughput(Throughput::Elements(actions as u64));
    g.bench_function("random 4-player games (elements = actions)", |b| {
        b.iter(|| {
            for &s in &seeds {
                std::hint::black_box(random_playout::<Villa>(4, &opts, s, 5000).unwrap());
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
