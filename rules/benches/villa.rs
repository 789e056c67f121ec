//! Villa Paletti: stability evaluations per second, random full games and actions per second.
//!
//! `villa/actions` is the per-action benchmark (random 4-player playouts including
//! `legal_actions`, throughput = actions). After criterion the bench prints
//! `villa_actions_per_s`, `villa_apply_share` and `villa_legal_share`, measured with
//! `Instant` around each call over a fixed batch of random games.
//!
//! `villa_public_text` draws the channel picture (what `DynGame::public_text` does: the
//! public view, then `render_public`) of a fixed set of mid- and late-game states; the
//! bench then prints `villa_public_text_ns`, the time per picture in the fastest round.

use criterion::{criterion_group, Criterion, Throughput};
use rand::SeedableRng;
use rules::engine::Game;
use rules::playout::{random_action, random_playout};
use rules::villa::{Villa, VillaOptions};
use std::time::{Duration, Instant};

/// The seeds of the fixed batch of random 4-player games.
const SEEDS: std::ops::Range<u64> = 0..20;
/// Actions after which a random game is cut off.
const MAX_ACTIONS: usize = 5000;

fn bench(c: &mut Criterion) {
    let opts = VillaOptions::default();
    // A villa a few floors high, from a careful game.
    let mut v = Villa::new(4, &opts, 3).unwrap();
    {
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
    let actions: usize = SEEDS
        .map(|s| {
            random_playout::<Villa>(4, &opts, s, MAX_ACTIONS)
                .unwrap()
                .log
                .len()
        })
        .sum();
    g.throughput(Throughput::Elements(SEEDS.count() as u64));
    g.bench_function("random 4-player games (elements = games)", |b| {
        b.iter(|| {
            for s in SEEDS {
                std::hint::black_box(random_playout::<Villa>(4, &opts, s, MAX_ACTIONS).unwrap());
            }
        })
    });
    g.throughput(Throughput::Elements(actions as u64));
    g.bench_function("actions", |b| {
        b.iter(|| {
            for s in SEEDS {
                std::hint::black_box(random_playout::<Villa>(4, &opts, s, MAX_ACTIONS).unwrap());
            }
        })
    });
    g.finish();
}

/// Plays the fixed batch as `random_playout` does, timing `apply` and `legal_actions`
/// (inside `random_action`) separately, and prints the plain summary lines.
fn shares() {
    let opts = VillaOptions::default();
    let (mut apply, mut legal, mut total) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let mut actions = 0usize;
    for _round in 0..3 {
        for seed in SEEDS {
            let start = Instant::now();
            let mut game = Villa::new(4, &opts, seed).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
            let mut n = 0;
            while !game.is_over() && n < MAX_ACTIONS {
                let t = Instant::now();
                let (seat, action) = random_action(&game, &mut rng).unwrap();
                legal += t.elapsed();
                let t = Instant::now();
                game.apply(seat, &action).unwrap();
                apply += t.elapsed();
                n += 1;
            }
            actions += n;
            total += start.elapsed();
        }
    }
    let pct = |d: Duration| 100.0 * d.as_secs_f64() / total.as_secs_f64();
    println!(
        "villa_actions_per_s={:.0}",
        actions as f64 / total.as_secs_f64()
    );
    println!("villa_apply_share={:.1}", pct(apply));
    println!("villa_legal_share={:.1}", pct(legal));
}

/// Every fourth state of careful 4-player games, from the first floor's placement on:
/// villas one to five floors high, some with frozen and gone columns.
fn picture_states() -> Vec<Villa> {
    let opts = VillaOptions::default();
    let mut states = vec![];
    for seed in 0..6 {
        let mut v = Villa::new(4, &opts, seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut n = 0;
        while !v.is_over() && n < 600 {
            if v.top() >= 2 && n % 4 == 0 {
                states.push(v.clone());
            }
            let seat = v.awaiting()[0];
            let Some(a) = rules::villa::policy::careful_action(&v, seat, &mut rng) else {
                break;
            };
            if v.apply(seat, &a).is_err() {
                break;
            }
            n += 1;
        }
    }
    states
}

/// The channel picture of `v`, as `DynGame::public_text` draws it.
fn public_text(v: &Villa, names: &[String]) -> String {
    Villa::render_public(&v.public_view(), names, &rules::Keys)
}

/// Criterion over the picture states (elements = pictures).
fn bench_public_text(c: &mut Criterion) {
    let states = picture_states();
    let names: Vec<String> = ["ana", "bruno", "carla", "dino"].map(String::from).into();
    let mut g = c.benchmark_group("villa_public_text");
    g.throughput(Throughput::Elements(states.len() as u64));
    g.bench_function(format!("{} mid/late-game states", states.len()), |b| {
        b.iter(|| {
            for v in &states {
                std::hint::black_box(public_text(v, &names));
            }
        })
    });
    g.finish();
}

/// Draws every picture state in a fixed number of rounds and prints the mean per picture
/// of the fastest round (a round takes milliseconds: on a busy machine some run without
/// being interrupted, so the fastest is the steadiest figure).
fn public_text_ns() {
    let states = picture_states();
    let names: Vec<String> = ["ana", "bruno", "carla", "dino"].map(String::from).into();
    const ROUNDS: usize = 200;
    let mut fastest = Duration::MAX;
    for _ in 0..ROUNDS {
        let start = Instant::now();
        for v in &states {
            std::hint::black_box(public_text(v, &names));
        }
        fastest = fastest.min(start.elapsed());
    }
    let per = fastest.as_nanos() as f64 / states.len() as f64;
    println!("villa_public_text_ns={per:.0}");
}

criterion_group!(benches, bench, bench_public_text);

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    shares();
    public_text_ns();
}
