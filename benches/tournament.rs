//! Tournament pairing speed: one Swiss round of 1,000 people at 4-player tables, after
//! three rounds played with random places (a few ties). Prints `pair_1000_ms=` (the
//! median of 11 pairings of round 4), `pair_1000_max_ms=` and `rematches_1000=` (the
//! rematches in that round: 0 expected). Target: ≤ 100 ms. Then `pair_1000_worst_ms=`:
//! a field whose last person has met everyone, so that no seating avoids a rematch and
//! the search runs to its budget before the greedy seating takes over.
//! Run with `cargo bench --bench tournament`.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::time::Instant;
use table::tournament::{pairing, swiss, Contender, Format, Met, Settings, Step, Tournament};

const PEOPLE: u64 = 1_000;
const RUNS: usize = 11;

fn main() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let mut settings = Settings::new("palazzo", Format::Swiss, 4);
    settings.rounds = Some(4);
    settings.manual_rounds = true;
    let mut t = Tournament::create(settings, rng.gen()).expect("settings");
    for user in 1..=PEOPLE {
        t.join(user, rng.gen_range(700..1_400)).expect("join");
    }
    t.start().expect("start");
    for round in 1..=3u32 {
        let tables = t.rounds[round as usize - 1].tables.clone();
        for (i, table) in tables.iter().enumerate() {
            let mut places: Vec<u32> = (1..=table.seats.len() as u32).collect();
            places.shuffle(&mut rng);
            let gone = vec![false; places.len()];
            t.record(round, i as u32, &places, &gone).expect("a result");
        }
        if round < 3 {
            assert_eq!(t.next_round(), Ok(Step::Seated { round: round + 1 }));
        }
    }
    let people: Vec<Contender> = t
        .seeds
        .iter()
        .map(|&user| Contender {
            user,
            points: t.standings.points(user),
            rating: t
                .entrants
                .iter()
                .find(|e| e.user == user)
                .map_or(0, |e| e.rating),
        })
        .collect();
    let history: Vec<Vec<u64>> = t
        .rounds
        .iter()
        .flat_map(|r| &r.tables)
        .map(|table| table.seats.iter().filter_map(|s| s.person()).collect())
        .collect();
    let mut times = Vec::with_capacity(RUNS);
    let mut tables = Vec::new();
    for _ in 0..RUNS {
        let start = Instant::now();
        tables = swiss::pair(&people, &history, 4, t.settings.fill, t.seed, 4);
        times.push(start.elapsed().as_secs_f64() * 1_000.0);
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let mut met = Met::new(PEOPLE as usize + 1);
    for table in &history {
        let at: Vec<usize> = table.iter().map(|&u| u as usize).collect();
        met.mark_table(&at);
    }
    let rematches: usize = tables
        .iter()
        .map(|seats| {
            let at: Vec<usize> = seats
                .iter()
                .filter_map(|s| s.person())
                .map(|u| u as usize)
                .collect();
            met.rematches(&at)
        })
        .sum();
    println!(
        "pair_1000_ms={:.1} pair_1000_max_ms={:.1} rematches_1000={rematches}",
        times[RUNS / 2],
        times[RUNS - 1]
    );
    let n = PEOPLE as usize;
    let mut met = Met::new(n);
    for other in 0..n - 1 {
        met.mark(n - 1, other);
    }
    let order: Vec<usize> = (0..n).collect();
    let sizes = vec![4; n / 4];
    let start = Instant::now();
    let tables = pairing::group(&order, &sizes, &met);
    let worst = start.elapsed().as_secs_f64() * 1_000.0;
    println!(
        "pair_1000_worst_ms={worst:.1} rematches_worst={}",
        pairing::rematches(&tables, &met)
    );
}
