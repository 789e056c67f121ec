//! The bots' speed: `cargo bench --bench ai` prints one `ai_<game>_iterations_per_s=` line
//! per game for the normal search (ISMCTS iterations per second on one core, over states
//! sampled from random games), Villa's hard search at three players on one thread and on
//! two at once, then criterion's timing of one normal move per game.

use ai::Level;
use criterion::Criterion;
use rand::{Rng, SeedableRng};
use rules::playout::random_action;
use rules::{Game, Seat};
use std::time::{Duration, Instant};

/// States from random games of `G` with `players` seats, at several depths of the game.
fn states<G: Game>(players: usize, count: usize) -> Vec<(G, Seat)> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < count {
        seed += 1;
        let mut game = G::new(players, &G::Options::default(), seed).expect("setup");
        let cut = rng.gen_range(0..200);
        for _ in 0..cut {
            if game.is_over() {
                break;
            }
            let Some((seat, action)) = random_action(&game, &mut rng) else {
                break;
            };
            game.apply(seat, &action).expect("a legal move");
        }
        if let Some(seat) = game.awaiting().into_iter().min() {
            if game.legal_actions(seat).len() > 1 {
                out.push((game, seat));
            }
        }
    }
    out
}

/// Iterations per second of `budget`'s search over states of `G` with `players` seats.
fn searched_per_second<G: Game>(players: usize, budget: &ai::Budget) -> f64 {
    let never = || false;
    let mut iterations = 0u64;
    let mut elapsed = Duration::ZERO;
    for (n, (state, seat)) in states::<G>(players, 8).into_iter().enumerate() {
        let start = Instant::now();
        let d = ai::search(&state, seat, budget, n as u64, &never).expect("a move");
        elapsed += start.elapsed();
        iterations += u64::from(d.iterations);
    }
    iterations as f64 / elapsed.as_secs_f64().max(1e-9)
}

/// Villa's hard search at three players (its tree asking the rules of thumb), on one
/// thread and then on two at once: the villas of every search share one memo of top
/// floors behind a lock, and the second figure shows what waiting on it costs.
fn villa_hard_alone_and_side_by_side() {
    let hard = Level::Hard.budget_for("villa").expect("hard searches");
    let alone = searched_per_second::<rules::villa::Villa>(3, &hard);
    let each: Vec<f64> = std::thread::scope(|s| {
        let runs: Vec<_> = (0..2)
            .map(|_| s.spawn(|| searched_per_second::<rules::villa::Villa>(3, &hard)))
            .collect();
        runs.into_iter()
            .map(|r| r.join().expect("a search"))
            .collect()
    });
    println!("ai_villa3_hard_iterations_per_s_one_thread={alone:.0}");
    println!(
        "ai_villa3_hard_iterations_per_s_each_of_two_threads={:.0}",
        each.iter().sum::<f64>() / each.len() as f64
    );
}

fn bench_move<G: Game>(c: &mut Criterion, players: usize) {
    let (state, seat) = states::<G>(players, 1).remove(0);
    let never = || false;
    c.bench_function(&format!("ai_{}_normal_move", G::ID), |b| {
        b.iter(|| ai::search(&state, seat, &Level::NORMAL, 1, &never))
    });
}

fn main() {
    println!(
        "ai_palazzo_iterations_per_s={:.0}",
        searched_per_second::<rules::palazzo::Palazzo>(3, &Level::NORMAL)
    );
    println!(
        "ai_villa_iterations_per_s={:.0}",
        searched_per_second::<rules::villa::Villa>(2, &Level::NORMAL)
    );
    println!(
        "ai_estates_iterations_per_s={:.0}",
        searched_per_second::<rules::estates::Estates>(3, &Level::NORMAL)
    );
    println!(
        "ai_princes_iterations_per_s={:.0}",
        searched_per_second::<rules::princes::Princes>(3, &Level::NORMAL)
    );
    villa_hard_alone_and_side_by_side();
    let mut c = Criterion::default()
        .sample_size(10)
        .measurement_time(Duration::from_secs(5))
        .configure_from_args();
    bench_move::<rules::palazzo::Palazzo>(&mut c, 3);
    bench_move::<rules::villa::Villa>(&mut c, 2);
    bench_move::<rules::estates::Estates>(&mut c, 3);
    bench_move::<rules::princes::Princes>(&mut c, 3);
    c.final_summary();
}
