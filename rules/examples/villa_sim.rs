//! Plays many Villa Paletti games with random and careful players and reports game length,
//! floors reached and how games end.
//!
//! `cargo run --release -p rules --example villa_sim -- --games 2000 [--players 4]`

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rules::engine::Game;
use rules::playout::random_action;
use rules::villa::policy::careful_action;
use rules::villa::{Doing, Ending, Villa, VillaEvent, VillaOptions};

#[derive(Default)]
struct Stats {
    turns: Vec<u32>,
    actions: Vec<usize>,
    floors: [usize; 6],
    collapse: usize,
    stalled: usize,
    other: usize,
    cut: usize,
    nobody: usize,
    causes: std::collections::BTreeMap<String, usize>,
}

fn pct(v: &mut [u32], q: f64) -> u32 {
    v.sort_unstable();
    if v.is_empty() {
        return 0;
    }
    v[((v.len() - 1) as f64 * q).round() as usize]
}

fn play(players: usize, careful: bool, seed: u64, st: &mut Stats) {
    let opts = VillaOptions::default();
    let Ok(mut g) = Villa::new(players, &opts, seed) else {
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut n = 0usize;
    while !g.is_over() && n < 5000 {
        let seat = g.awaiting()[0];
        let a = if careful {
            careful_action(&g, seat, &mut rng)
        } else {
            random_action(&g, &mut rng).map(|(_, a)| a)
        };
        let Some(a) = a else { break };
        match g.apply(seat, &a) {
            Ok(events) => {
                for e in events {
                    if let VillaEvent::Collapse { doing, .. } = e {
                        let key = match doing {
                            Doing::PlacingFloor(_) => "floor",
                            Doing::Pulling(_) => "pulling",
                            Doing::Placing(_) => "placing",
                            Doing::Removing(_) => "removing",
                        }
                        .to_string();
                        *st.causes.entry(key).or_default() += 1;
                    }
                }
            }
            Err(_) => {
                st.other += 1;
                return;
            }
        }
        n += 1;
    }
    if !g.is_over() {
        st.cut += 1;
        return;
    }
    st.turns.push(g.turns());
    st.actions.push(n);
    st.floors[g.top()] += 1;
    match g.ending() {
        Some(Ending::Collapse { .. }) => st.collapse += 1,
        Some(Ending::Stalled) => st.stalled += 1,
        _ => st.other += 1,
    }
    if g.outcome().is_some_and(|o| o.winners.is_empty()) {
        st.nobody += 1;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str, default: u64| -> u64 {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let games = arg("--games", 2000);
    let only = arg("--players", 0) as usize;
    println!("| players | policy | games | turns p10/p50/p90 (mean) | actions p50 | 20–60 turns | floors reached blue/green/yellow/orange/red | yellow+ | collapse | stalled | nobody wins |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for players in 2..=4usize {
        if only != 0 && only != players {
            continue;
        }
        for careful in [false, true] {
            let mut st = Stats::default();
            for seed in 0..games {
                play(players, careful, seed, &mut st);
            }
            let k = st.turns.len().max(1);
            let mean = st.turns.iter().map(|&t| t as f64).sum::<f64>() / k as f64;
            let mut t = st.turns.clone();
            let in_band = st.turns.iter().filter(|&&t| (20..=60).contains(&t)).count();
            let yellow_up: usize = st.floors[3..].iter().sum();
            let mut acts: Vec<u32> = st.actions.iter().map(|&a| a as u32).collect();
            let f: Vec<String> = st.floors[1..]
                .iter()
                .map(|&x| format!("{:.0}%", 100.0 * x as f64 / k as f64))
                .collect();
            println!(
                "| {players} | {} | {} | {}/{}/{} ({mean:.1}) | {} | {:.0}% | {} | {:.0}% | {:.0}% | {:.0}% | {:.0}% |",
                if careful { "careful" } else { "random" },
                st.turns.len(),
                pct(&mut t, 0.1),
                pct(&mut t, 0.5),
                pct(&mut t, 0.9),
                pct(&mut acts, 0.5),
                100.0 * in_band as f64 / k as f64,
                f.join(" / "),
                100.0 * yellow_up as f64 / k as f64,
                100.0 * st.collapse as f64 / k as f64,
                100.0 * st.stalled as f64 / k as f64,
                100.0 * st.nobody as f64 / k as f64,
            );
            if std::env::var("VILLA_SIM_CAUSES").is_ok() {
                println!("  collapse causes: {:?}", st.causes);
            }
            if st.cut + st.other > 0 {
                println!("  (cut off: {}, refused/other: {})", st.cut, st.other);
            }
        }
    }
}
