use super::pairing::{group, group_with_budget, rematches};
use super::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use storage::{BotLevel, UserId};

// --- Helpers -----------------------------------------------------------------------

/// Every division of `people` into tables of the sizes in `sizes` (a multiset): the
/// fewest rematches any of them has.
fn brute_min(people: &[usize], sizes: &[usize], met: &Met) -> usize {
    let mut sizes = sizes.to_vec();
    sizes.sort_unstable();
    let mut best = usize::MAX;
    let mut left = people.to_vec();
    brute(&mut left, &mut sizes, met, 0, &mut best);
    best
}

fn brute(left: &mut Vec<usize>, sizes: &mut Vec<usize>, met: &Met, cost: usize, best: &mut usize) {
    if left.is_empty() {
        *best = (*best).min(cost);
        return;
    }
    let first = left.remove(0);
    let mut tried = Vec::new();
    for s in 0..sizes.len() {
        let size = sizes[s];
        if tried.contains(&size) {
            continue;
        }
        tried.push(size);
        sizes.remove(s);
        choose(left, size - 1, 0, &mut vec![first], sizes, met, cost, best);
        sizes.insert(s, size);
    }
    left.insert(0, first);
}

#[allow(clippy::too_many_arguments)]
fn choose(
    left: &mut Vec<usize>,
    need: usize,
    from: usize,
    table: &mut Vec<usize>,
    sizes: &mut Vec<usize>,
    met: &Met,
    cost: usize,
    best: &mut usize,
) {
    if need == 0 {
        let added = met.rematches(table);
        let rest: Vec<usize> = left
            .iter()
            .copied()
            .filter(|p| !table.contains(p))
            .collect();
        let mut rest = rest;
        brute(&mut rest, sizes, met, cost + added, best);
        return;
    }
    for i in from..left.len() {
        table.push(left[i]);
        choose(left, need - 1, i + 1, table, sizes, met, cost, best);
        table.pop();
    }
}

/// A random division of `0..n` into tables of `sizes`.
fn random_division(n: usize, sizes: &[usize], rng: &mut ChaCha8Rng) -> Vec<Vec<usize>> {
    let mut people: Vec<usize> = (0..n).collect();
    people.shuffle(rng);
    let mut at = 0;
    sizes
        .iter()
        .map(|&s| {
            let t = people[at..at + s].to_vec();
            at += s;
            t
        })
        .collect()
}

/// Checks that `tables` seat `0..n` exactly once at tables of the sizes asked for.
fn assert_division(tables: &[Vec<usize>], n: usize, sizes: &[usize]) {
    let mut seen = vec![false; n];
    for t in tables {
        for &p in t {
            assert!(!seen[p], "{p} seated twice in {tables:?}");
            seen[p] = true;
        }
    }
    assert!(seen.iter().all(|&s| s), "someone unseated in {tables:?}");
    let mut got: Vec<usize> = tables.iter().map(Vec::len).collect();
    let mut want = sizes.to_vec();
    got.sort_unstable();
    want.sort_unstable();
    assert_eq!(got, want);
}

fn sizes_of(n: usize, size: usize, fill: Fill) -> Vec<usize> {
    layout(n, size, fill).iter().map(|s| s.people).collect()
}

const BOTS: Fill = Fill::Bots(BotLevel::Normal);

/// Places for a table of `n` seats drawn at random, ties now and then.
fn random_places(n: usize, rng: &mut ChaCha8Rng) -> Vec<u32> {
    let mut order: Vec<u32> = (1..=n as u32).collect();
    order.shuffle(rng);
    if n > 1 && rng.gen_bool(0.1) {
        // A tie: the seat in second place shares first.
        if let Some(p) = order.iter_mut().find(|p| **p == 2) {
            *p = 1;
        }
    }
    order
}

/// Plays every table of the round being played with random places; returns the last step.
fn play_round(t: &mut Tournament, rng: &mut ChaCha8Rng) -> Step {
    let round = t.current_round();
    let tables = t.rounds[round as usize - 1].tables.clone();
    let mut step = Step::Recorded { left: 0 };
    let mut order: Vec<usize> = (0..tables.len()).collect();
    order.shuffle(rng);
    for i in order {
        let seats = &tables[i].seats;
        let places = random_places(seats.len(), rng);
        let gone: Vec<bool> = seats.iter().map(|_| rng.gen_bool(0.02)).collect();
        step = t.record(round, i as u32, &places, &gone).unwrap();
        assert_eq!(t.standings, t.recomputed(), "incremental ≠ recomputed");
    }
    step
}

fn tournament(format: Format, size: u32, people: u64, seed: u64) -> Tournament {
    let mut t = Tournament::create(Settings::new("palazzo", format, size), seed).unwrap();
    for u in 1..=people {
        t.join(u, 1_000 + (u as i64 * 37) % 500).unwrap();
    }
    t
}

/// The people of each table of a round, as indices `user - 1`.
fn round_people(round: &Round) -> Vec<Vec<usize>> {
    round
        .tables
        .iter()
        .map(|t| {
            t.seats
                .iter()
                .filter_map(|s| s.person())
                .map(|u| u as usize - 1)
                .collect()
        })
        .collect()
}

// --- Pairing -----------------------------------------------------------------------

#[test]
fn pairing_has_the_fewest_rematches_any_division_has_checked_by_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(51);
    let mut cases = 0;
    let mut rematch_free_possible = 0;
    for n in 4..=12usize {
        for size in [2usize, 3, 4] {
            if size > n {
                continue;
            }
            for fill in [BOTS, Fill::Smaller { min: 2 }] {
                let sizes = sizes_of(n, size, fill);
                for _case in 0..4 {
                    // Three rounds of history, then the fourth is paired.
                    let mut met = Met::new(n);
                    for _ in 0..3 {
                        for t in random_division(n, &sizes, &mut rng) {
                            met.mark_table(&t);
                        }
                    }
                    let mut order: Vec<usize> = (0..n).collect();
                    order.shuffle(&mut rng);
                    let tables = group(&order, &sizes, &met);
                    assert_division(&tables, n, &sizes);
                    let best = brute_min(&order, &sizes, &met);
                    assert_eq!(rematches(&tables, &met), best, "n {n} sizes {sizes:?}");
                    cases += 1;
                    rematch_free_possible += usize::from(best == 0);
                }
            }
        }
    }
    assert!(cases > 150, "{cases}");
    assert!(rematch_free_possible > 20, "{rematch_free_possible}");
}

#[test]
fn swiss_rounds_avoid_rematches_whenever_a_division_without_one_exists() {
    // Whole small tournaments, round after round through the real Swiss pairing.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for people in [4u64, 5, 6, 7, 8, 9, 10, 11, 12] {
        for size in [2u32, 3, 4] {
            let mut t = tournament(Format::Swiss, size, people, rng.gen());
            t.start().unwrap();
            for _ in 0..3 {
                let round = t.rounds.last().unwrap().clone();
                let mut met = Met::new(people as usize);
                for r in &t.rounds[..t.rounds.len() - 1] {
                    for table in round_people(r) {
                        met.mark_table(&table);
                    }
                }
                let tables = round_people(&round);
                let sizes: Vec<usize> = tables.iter().map(Vec::len).collect();
                let everyone: Vec<usize> = (0..people as usize).collect();
                assert_eq!(
                    rematches(&tables, &met),
                    brute_min(&everyone, &sizes, &met),
                    "{people} people at {size}, round {}",
                    round.number
                );
                if matches!(play_round(&mut t, &mut rng), Step::Finished) {
                    break;
                }
            }
        }
    }
}

#[test]
fn a_search_past_its_budget_still_seats_everyone_once() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for n in [9usize, 40, 101] {
        let sizes = sizes_of(n, 4, BOTS);
        let mut met = Met::new(n);
        for _ in 0..5 {
            for t in random_division(n, &sizes, &mut rng) {
                met.mark_table(&t);
            }
        }
        let order: Vec<usize> = (0..n).collect();
        let tables = group_with_budget(&order, &sizes, &met, 0);
        assert_division(&tables, n, &sizes);
        assert_eq!(tables, group_with_budget(&order, &sizes, &met, 0));
    }
}

#[test]
fn swiss_with_no_history_seats_the_standings_in_blocks() {
    let people: Vec<Contender> = (1..=10u64)
        .map(|u| Contender {
            user: u,
            points: Points::whole((u % 4) as u32),
            rating: u as i64,
        })
        .collect();
    let tables = swiss::pair(&people, &[], 4, BOTS, 9, 1);
    let mut order = people.clone();
    order.sort_by(|a, b| b.points.cmp(&a.points).then(b.rating.cmp(&a.rating)));
    let mut at = 0;
    for (t, shape) in tables.iter().zip(layout(10, 4, BOTS)) {
        assert_eq!(t.len(), 4, "bots fill every table to four");
        let mut got: Vec<UserId> = t.iter().filter_map(|s| s.person()).collect();
        let mut want: Vec<UserId> = order[at..at + shape.people]
            .iter()
            .map(|c| c.user)
            .collect();
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want);
        assert_eq!(
            t.iter().filter(|s| s.person().is_none()).count(),
            shape.bots
        );
        at += shape.people;
    }
}

#[test]
fn swiss_pairing_is_a_function_of_its_inputs_and_seats_everyone_once() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..20 {
        let n = rng.gen_range(2..80u64);
        let people: Vec<Contender> = (1..=n)
            .map(|u| Contender {
                user: u * 1_000,
                points: Points(rng.gen_range(0..4) * UNITS),
                rating: rng.gen_range(900..1_100),
            })
            .collect();
        let history: Vec<Vec<UserId>> = (0..n / 2)
            .map(|_| (0..3).map(|_| rng.gen_range(1..=n) * 1_000).collect())
            .collect();
        let seed = rng.gen();
        let a = swiss::pair(&people, &history, 4, BOTS, seed, 3);
        let mut shuffled = people.clone();
        shuffled.shuffle(&mut rng);
        assert_eq!(
            a,
            swiss::pair(&shuffled, &history, 4, BOTS, seed, 3),
            "input order"
        );
        // Everyone seated exactly once, every table full (bots fill), bots at the bottom.
        let mut seated: Vec<UserId> = a.iter().flatten().filter_map(|s| s.person()).collect();
        seated.sort_unstable();
        let everyone: Vec<UserId> = (1..=n).map(|u| u * 1_000).collect();
        assert_eq!(seated, everyone);
        assert!(a.iter().all(|t| t.len() == 4));
        let bots: Vec<usize> = a
            .iter()
            .map(|t| t.iter().filter(|s| s.person().is_none()).count())
            .collect();
        assert!(bots.windows(2).all(|w| w[0] <= w[1]), "{bots:?}");
        // A sparse history (each met at most a few) leaves room for no rematch at all.
        if n >= 24 {
            let index = |u: UserId| (u / 1_000 - 1) as usize;
            let mut met = Met::new(n as usize);
            for table in &history {
                let at: Vec<usize> = table.iter().map(|&u| index(u)).collect();
                met.mark_table(&at);
            }
            let tables: Vec<Vec<usize>> = a
                .iter()
                .map(|t| t.iter().filter_map(|s| s.person()).map(index).collect())
                .collect();
            assert_eq!(rematches(&tables, &met), 0, "{n} people");
        }
    }
}

#[test]
fn sixty_four_people_play_four_swiss_rounds_without_a_rematch() {
    let mut rng = ChaCha8Rng::seed_from_u64(64);
    let mut t = tournament(Format::Swiss, 4, 64, 2026);
    t.start().unwrap();
    let mut met = Met::new(64);
    loop {
        let tables = round_people(t.rounds.last().unwrap());
        assert_eq!(rematches(&tables, &met), 0, "round {}", t.current_round());
        for table in &tables {
            met.mark_table(table);
        }
        if play_round(&mut t, &mut rng) == Step::Finished {
            break;
        }
    }
    assert_eq!(t.rounds.len(), 4);
}

// --- Layout ------------------------------------------------------------------------

#[test]
fn odd_counts_get_bots_or_smaller_tables() {
    let shape = |people, bots| Shape { people, bots };
    assert_eq!(
        layout(10, 4, BOTS),
        vec![shape(4, 0), shape(3, 1), shape(3, 1)]
    );
    assert_eq!(layout(5, 4, BOTS), vec![shape(3, 1), shape(2, 2)]);
    assert_eq!(layout(3, 4, BOTS), vec![shape(3, 1)]);
    assert_eq!(
        layout(7, 2, BOTS),
        vec![shape(2, 0), shape(2, 0), shape(2, 0), shape(1, 1)]
    );
    let smaller = Fill::Smaller { min: 3 };
    assert_eq!(
        layout(10, 4, smaller),
        vec![shape(4, 0), shape(3, 0), shape(3, 0)]
    );
    // 5 at tables of 4 with 3 the fewest: two tables would seat 3 and 2, so bots fill.
    assert_eq!(layout(5, 4, smaller), vec![shape(3, 1), shape(2, 2)]);
    assert_eq!(layout(8, 4, smaller), vec![shape(4, 0), shape(4, 0)]);
}

#[test]
fn bots_fill_seats_and_never_stand_in_the_standings() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut t = tournament(Format::Swiss, 4, 10, 1);
    t.start().unwrap();
    let bots: usize = t.rounds[0]
        .tables
        .iter()
        .map(|tb| {
            tb.seats
                .iter()
                .filter(|s| matches!(s, Seat::Bot(BotLevel::Normal)))
                .count()
        })
        .sum();
    assert_eq!(bots, 2);
    while play_round(&mut t, &mut rng) != Step::Finished {}
    assert_eq!(t.standings.records.len(), 10);
    assert_eq!(t.standings().len(), 10);
}

// --- Round robin ---------------------------------------------------------------------

#[test]
fn the_circle_method_meets_everyone_once() {
    for n in 2..=11u64 {
        let seeds: Vec<UserId> = (1..=n).collect();
        let rounds = robin::cycle_rounds(n as usize, 2);
        let mut met = Met::new(n as usize + 1);
        let mut meetings = 0;
        for r in 1..=rounds {
            let pairs = robin::circle(&seeds, r);
            let mut seen = std::collections::HashSet::new();
            for (a, b) in pairs {
                for p in [a, b].into_iter().flatten() {
                    assert!(seen.insert(p), "{p} twice in round {r}");
                }
                if let (Some(a), Some(b)) = (a, b) {
                    assert!(!met.met(a as usize, b as usize), "{a} and {b} met twice");
                    met.mark(a as usize, b as usize);
                    meetings += 1;
                }
            }
            assert_eq!(seen.len() as u64, n, "everyone plays round {r}");
        }
        assert_eq!(meetings, n * (n - 1) / 2, "every pair meets, {n} people");
    }
}

#[test]
fn a_two_player_round_robin_plays_its_cycle_and_a_bye_is_a_bot() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut t = tournament(Format::RoundRobin, 2, 5, 8);
    t.start().unwrap();
    assert_eq!(t.planned_rounds, 5);
    while play_round(&mut t, &mut rng) != Step::Finished {}
    assert_eq!(t.rounds.len(), 5);
    for round in &t.rounds {
        let bots = round
            .tables
            .iter()
            .flat_map(|tb| &tb.seats)
            .filter(|s| s.person().is_none());
        assert_eq!(bots.count(), 1, "one bye a round");
    }
    for s in t.standings() {
        assert_eq!(s.games, 5);
    }
}

#[test]
fn larger_round_robin_tables_repeat_no_meeting_a_division_could_avoid() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for (people, size) in [(9u64, 3u32), (8, 4), (12, 4), (10, 3)] {
        let mut t = tournament(Format::RoundRobin, size, people, rng.gen());
        t.start().unwrap();
        assert_eq!(
            t.planned_rounds,
            robin::cycle_rounds(people as usize, size as usize)
        );
        loop {
            let mut met = Met::new(people as usize);
            for r in &t.rounds[..t.rounds.len() - 1] {
                for table in round_people(r) {
                    met.mark_table(&table);
                }
            }
            let tables = round_people(t.rounds.last().unwrap());
            let sizes: Vec<usize> = tables.iter().map(Vec::len).collect();
            let everyone: Vec<usize> = (0..people as usize).collect();
            assert_eq!(rematches(&tables, &met), brute_min(&everyone, &sizes, &met));
            if play_round(&mut t, &mut rng) == Step::Finished {
                break;
            }
        }
    }
}

// --- Knockout ------------------------------------------------------------------------

/// Plays a knockout round in which the better seed always places higher.
fn play_by_seed(t: &mut Tournament) -> Step {
    let round = t.current_round();
    let tables = t.rounds[round as usize - 1].tables.clone();
    let mut step = Step::Finished;
    for (i, table) in tables.iter().enumerate() {
        let rank = |s: &Seat| match s {
            Seat::Person(u) => t.seeds.iter().position(|x| x == u).unwrap(),
            Seat::Bot(_) => usize::MAX,
        };
        let places: Vec<u32> = table
            .seats
            .iter()
            .map(|s| 1 + table.seats.iter().filter(|o| rank(o) < rank(s)).count() as u32)
            .collect();
        step = t
            .record(round, i as u32, &places, &vec![false; places.len()])
            .unwrap();
    }
    step
}

#[test]
fn a_knockout_is_seeded_by_rating_and_the_top_seeds_meet_in_the_final() {
    let mut t = tournament(Format::Knockout, 2, 16, 4);
    t.start().unwrap();
    // Round 1: 1 v 16, 2 v 15, … (seeds by rating).
    let first: Vec<Vec<usize>> = t.rounds[0]
        .tables
        .iter()
        .map(|tb| {
            let mut s: Vec<usize> = tb
                .seats
                .iter()
                .map(|s| t.seeds.iter().position(|&u| Some(u) == s.person()).unwrap() + 1)
                .collect();
            s.sort_unstable();
            s
        })
        .collect();
    for (i, pair) in first.iter().enumerate() {
        assert_eq!(pair, &vec![i + 1, 16 - i]);
    }
    while play_by_seed(&mut t) != Step::Finished {}
    assert_eq!(t.rounds.len(), 4);
    let last = &t.rounds[3].tables[0].seats;
    let mut finalists: Vec<UserId> = last.iter().filter_map(|s| s.person()).collect();
    finalists.sort_by_key(|u| t.seeds.iter().position(|s| s == u));
    assert_eq!(finalists, t.seeds[..2].to_vec());
    let standings = t.standings();
    assert_eq!(standings[0].user, t.seeds[0]);
    assert_eq!(standings[1].user, t.seeds[1]);
}

#[test]
fn every_knockout_reaches_its_final() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    for _ in 0..200 {
        let size = rng.gen_range(2..=5u32);
        let people = rng.gen_range(2..=40u64);
        let mut settings = Settings::new("estates", Format::Knockout, size);
        settings.advance = rng.gen_range(1..size);
        if rng.gen_bool(0.5) {
            settings.fill = Fill::Smaller { min: 2 };
        }
        let mut t = Tournament::create(settings, rng.gen()).unwrap();
        for u in 1..=people {
            t.join(u, rng.gen_range(800..1_200)).unwrap();
        }
        t.start().unwrap();
        let mut rounds = 0;
        let mut alive = people as usize;
        while play_round(&mut t, &mut rng) != Step::Finished {
            rounds += 1;
            assert!(t.alive.len() < alive, "a round knocks someone out");
            alive = t.alive.len();
            assert!(rounds < 40);
        }
        assert_eq!(t.phase, Phase::Finished);
    }
}

// --- Points --------------------------------------------------------------------------

#[test]
fn points_by_place_with_ties_and_players_gone() {
    let row = row_for(None, 4);
    assert_eq!(row, vec![6, 5, 3, 1]);
    let p = |v: &[f64]| {
        v.iter()
            .map(|x| Points((x * f64::from(UNITS)) as u32))
            .collect::<Vec<_>>()
    };
    let none = [false; 4];
    assert_eq!(
        table_points(&row, &[2, 1, 4, 3], &none),
        p(&[5.0, 6.0, 1.0, 3.0])
    );
    // Two tied for second share (5 + 3) / 2.
    assert_eq!(
        table_points(&row, &[1, 2, 2, 4], &none),
        p(&[6.0, 4.0, 4.0, 1.0])
    );
    // Everyone tied: 15 / 4 each.
    assert_eq!(table_points(&row, &[1, 1, 1, 1], &none), p(&[3.75; 4]));
    // A player gone ranks last, whatever the game said.
    assert_eq!(
        table_points(&row, &[1, 2, 3, 4], &[true, false, false, false]),
        p(&[1.0, 6.0, 5.0, 3.0])
    );
    // Two gone share the last two places.
    assert_eq!(
        table_points(&row, &[1, 2, 3, 4], &[true, false, true, false]),
        p(&[2.0, 6.0, 2.0, 5.0])
    );
    assert_eq!(
        effective_places(&[1, 2, 3, 4], &[true, false, true, false]),
        vec![3, 1, 3, 2]
    );
    assert_eq!(effective_places(&[1, 2, 2, 4], &none), vec![1, 2, 2, 4]);
}

#[test]
fn the_default_rows_give_six_to_the_winner_and_one_to_the_last() {
    for (i, row) in DEFAULT_POINTS.iter().enumerate() {
        assert_eq!(row.len(), i + 2);
        assert_eq!((row[0], row[row.len() - 1]), (6, 1));
        assert!(row.windows(2).all(|w| w[0] > w[1]), "{row:?}");
    }
    // An organiser's row for four, at a table of three: the last keeps the last value.
    assert_eq!(row_for(Some(&[10, 6, 3, 0]), 3), vec![10, 6, 0]);
    assert_eq!(row_for(Some(&[10, 6, 3, 0]), 4), vec![10, 6, 3, 0]);
    assert_eq!(row_for(None, 3), vec![6, 4, 1]);
}

// --- Standings -------------------------------------------------------------------------

#[test]
fn tie_breaks_go_opponents_then_wins_then_rating() {
    let mut s = Standings::default();
    let person = Seat::Person;
    let w = Points::whole;
    // 1 and 2 finish level on 6 points; 1's opponents (3) scored more than 2's (4).
    s.add_table(1, &[person(1), person(3)], &[w(6), w(0)], &[1, 2]);
    s.add_table(1, &[person(2), person(4)], &[w(6), w(0)], &[1, 2]);
    s.add_table(2, &[person(3), person(5)], &[w(5), w(1)], &[1, 2]);
    let entry = |user, rating| Entry {
        user,
        rating,
        dropped: false,
    };
    let ranked = s.ranked(&[entry(2, 1_500), entry(1, 900)], Format::Swiss, 0);
    assert_eq!(
        (ranked[0].user, ranked[1].user),
        (1, 2),
        "opponents' points first"
    );
    assert_eq!(ranked[0].opponents, w(5));
    // Level on points and opponents: more wins first.
    let mut s = Standings::default();
    s.add_table(1, &[person(1), person(2)], &[w(3), w(3)], &[1, 2]);
    let ranked = s.ranked(&[entry(2, 1_500), entry(1, 900)], Format::Swiss, 0);
    assert_eq!(ranked[0].user, 1, "a win");
    // Level on everything played: the higher rating.
    let mut s = Standings::default();
    s.add_table(1, &[person(1), person(2)], &[w(3), w(3)], &[1, 1]);
    let ranked = s.ranked(&[entry(1, 900), entry(2, 1_500)], Format::Swiss, 0);
    assert_eq!(ranked[0].user, 2, "rating");
}

#[test]
fn standings_kept_as_results_arrive_equal_a_recomputation() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for case in 0..30 {
        let format = [Format::Swiss, Format::RoundRobin, Format::Knockout][case % 3];
        let size = rng.gen_range(2..=5u32);
        let people = rng.gen_range(2..=30u64);
        let mut t = tournament(format, size, people, rng.gen());
        t.start().unwrap();
        loop {
            if rng.gen_bool(0.3) {
                let _ = t.drop_out(rng.gen_range(1..=people));
            }
            // play_round checks incremental = recomputed after every table.
            if play_round(&mut t, &mut rng) == Step::Finished {
                break;
            }
        }
        assert_eq!(t.standings, t.recomputed());
    }
}

// --- The event -------------------------------------------------------------------------

#[test]
fn every_step_out_of_turn_is_refused_with_its_reason() {
    use TournamentError as E;
    let mut settings = Settings::new("palazzo", Format::Swiss, 4);
    settings.rounds = Some(2);
    let mut t = Tournament::create(settings.clone(), 1).unwrap();
    assert_eq!(t.record(1, 0, &[1], &[false]), Err(E::NotStarted));
    assert_eq!(t.next_round(), Err(E::NotStarted));
    t.join(1, 1_000).unwrap();
    assert_eq!(t.join(1, 1_000), Err(E::AlreadyIn));
    assert_eq!(t.leave(2), Err(E::NotIn));
    assert_eq!(t.start(), Err(E::TooFew { need: 2 }));
    for u in 2..=8 {
        t.join(u, 1_000).unwrap();
    }
    assert_eq!(t.start(), Ok(Step::Seated { round: 1 }));
    assert_eq!(t.join(9, 1_000), Err(E::Started));
    assert_eq!(t.leave(1), Err(E::LeaveStarted));
    assert_eq!(t.start(), Err(E::Started));
    assert_eq!(t.next_round(), Err(E::AutomaticRounds));
    assert_eq!(
        t.record(2, 0, &[1, 2, 3, 4], &[false; 4]),
        Err(E::NotThisRound {
            round: 2,
            current: 1
        })
    );
    assert_eq!(
        t.record(1, 5, &[1, 2, 3, 4], &[false; 4]),
        Err(E::NoSuchTable { round: 1, table: 5 })
    );
    assert_eq!(
        t.record(1, 0, &[1, 2, 3], &[false; 3]),
        Err(E::ResultSeats { seats: 4 })
    );
    assert_eq!(
        t.record(1, 0, &[0, 2, 3, 4], &[false; 4]),
        Err(E::ResultSeats { seats: 4 })
    );
    // The round ends when its last table ends, and the next is seated by itself.
    assert_eq!(
        t.record(1, 0, &[1, 2, 3, 4], &[false; 4]),
        Ok(Step::Recorded { left: 1 })
    );
    assert_eq!(
        t.record(1, 0, &[1, 2, 3, 4], &[false; 4]),
        Err(E::TableDone { round: 1, table: 0 })
    );
    assert_eq!(
        t.record(1, 1, &[1, 2, 3, 4], &[false; 4]),
        Ok(Step::Seated { round: 2 })
    );
    assert_eq!(t.phase, Phase::Playing { round: 2 });
    assert_eq!(t.drop_out(99), Err(E::NotIn));
    t.drop_out(3).unwrap();
    assert_eq!(t.drop_out(3), Err(E::AlreadyDropped));
    t.record(2, 0, &[1, 2, 3, 4], &[false; 4]).unwrap();
    assert_eq!(
        t.record(2, 1, &[1, 2, 3, 4], &[false; 4]),
        Ok(Step::Finished)
    );
    assert_eq!(t.join(9, 1_000), Err(E::Over));
    assert_eq!(t.next_round(), Err(E::Over));
    assert_eq!(t.drop_out(1), Err(E::Over));
    assert_eq!(t.record(2, 0, &[1, 2, 3, 4], &[false; 4]), Err(E::Over));

    // Settings no tournament can use.
    let bad = |f: &dyn Fn(&mut Settings)| {
        let mut s = settings.clone();
        f(&mut s);
        Tournament::create(s, 0).unwrap_err()
    };
    assert_eq!(bad(&|s| s.table_size = 7), E::TableSize { most: 6 });
    assert_eq!(bad(&|s| s.table_size = 1), E::TableSize { most: 6 });
    assert_eq!(bad(&|s| s.rounds = Some(0)), E::Rounds { most: MAX_ROUNDS });
    assert_eq!(
        bad(&|s| s.points = Some(vec![1, 3, 5, 6])),
        E::PointsRow { places: 4 }
    );
    assert_eq!(
        bad(&|s| s.points = Some(vec![6, 5, 3])),
        E::PointsRow { places: 4 }
    );
    assert_eq!(
        bad(&|s| s.fill = Fill::Smaller { min: 5 }),
        E::SmallestTable { size: 4 }
    );
    assert_eq!(
        bad(&|s| {
            s.format = Format::Knockout;
            s.advance = 4;
        }),
        E::Advance { most: 3 }
    );
    assert_eq!(
        bad(&|s| s.max_players = 1),
        E::MaxPlayers { most: MAX_PLAYERS }
    );
}

#[test]
fn a_full_tournament_refuses_one_more() {
    let mut settings = Settings::new("villa", Format::Swiss, 2);
    settings.max_players = 2;
    let mut t = Tournament::create(settings, 0).unwrap();
    t.join(1, 0).unwrap();
    t.join(2, 0).unwrap();
    assert_eq!(t.join(3, 0), Err(TournamentError::Full { most: 2 }));
    t.leave(2).unwrap();
    t.join(3, 0).unwrap();
}

#[test]
fn manual_rounds_wait_for_next() {
    let mut settings = Settings::new("palazzo", Format::Swiss, 2);
    settings.manual_rounds = true;
    settings.rounds = Some(2);
    let mut t = Tournament::create(settings, 0).unwrap();
    for u in 1..=4 {
        t.join(u, 0).unwrap();
    }
    t.start().unwrap();
    t.record(1, 0, &[1, 2], &[false; 2]).unwrap();
    assert_eq!(
        t.next_round(),
        Err(TournamentError::StillPlaying { left: 1 })
    );
    assert_eq!(
        t.record(1, 1, &[1, 2], &[false; 2]),
        Ok(Step::Waiting { round: 1 })
    );
    assert_eq!(t.rounds.len(), 1, "nothing seated before next");
    assert_eq!(
        t.record(1, 1, &[1, 2], &[false; 2]),
        Err(TournamentError::TableDone { round: 1, table: 1 })
    );
    assert_eq!(t.next_round(), Ok(Step::Seated { round: 2 }));
    t.record(2, 0, &[1, 2], &[false; 2]).unwrap();
    assert_eq!(t.record(2, 1, &[2, 1], &[false; 2]), Ok(Step::Finished));
}

#[test]
fn a_player_who_drops_out_ranks_last_at_their_table_and_is_seated_no_more() {
    let mut settings = Settings::new("palazzo", Format::Swiss, 4);
    settings.rounds = Some(3);
    let mut t = Tournament::create(settings, 3).unwrap();
    for u in 1..=8 {
        t.join(u, 1_000).unwrap();
    }
    t.start().unwrap();
    let seats = t.rounds[0].tables[0].seats.clone();
    let leaver = seats[0].person().unwrap();
    t.drop_out(leaver).unwrap();
    // The game had them first; they rank last, with last place's point.
    t.record(1, 0, &[1, 2, 3, 4], &[false; 4]).unwrap();
    assert_eq!(t.standings.points(leaver), Points::whole(1));
    assert_eq!(
        t.standings.points(seats[1].person().unwrap()),
        Points::whole(6)
    );
    t.record(1, 1, &[1, 2, 3, 4], &[false; 4]).unwrap();
    let round2 = &t.rounds[1];
    assert!(round2
        .tables
        .iter()
        .flat_map(|tb| &tb.seats)
        .all(|s| s.person() != Some(leaver)));
    assert_eq!(
        round2
            .tables
            .iter()
            .flat_map(|tb| &tb.seats)
            .filter(|s| s.person().is_none())
            .count(),
        1
    );
    let row = t
        .standings()
        .into_iter()
        .find(|s| s.user == leaver)
        .unwrap();
    assert!(row.dropped);
}

#[test]
fn everyone_dropping_out_finishes_the_tournament() {
    let mut t = tournament(Format::Swiss, 2, 3, 0);
    t.start().unwrap();
    t.drop_out(1).unwrap();
    t.drop_out(2).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    assert_eq!(play_round(&mut t, &mut rng), Step::Finished);
    assert_eq!(t.rounds.len(), 1);
}

#[test]
fn a_tournament_is_the_same_given_the_same_seed() {
    let run = |seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut t = tournament(Format::Swiss, 4, 30, seed);
        t.start().unwrap();
        while play_round(&mut t, &mut rng) != Step::Finished {}
        t
    };
    assert_eq!(run(5), run(5));
    assert_ne!(
        run(5).rounds,
        run(6).rounds,
        "the seed draws seats and ties"
    );
}

#[test]
fn a_saved_tournament_reads_back_and_a_newer_one_is_refused() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut t = tournament(Format::Knockout, 4, 13, 77);
    t.start().unwrap();
    play_round(&mut t, &mut rng);
    t.drop_out(t.alive[0]).unwrap();
    let saved = t.to_json();
    assert_eq!(Tournament::from_json(&saved), Ok(t.clone()));
    let newer = saved.replacen(
        &format!("\"version\":{TOURNAMENT_VERSION}"),
        &format!("\"version\":{}", TOURNAMENT_VERSION + 1),
        1,
    );
    assert_eq!(
        Tournament::from_json(&newer),
        Err(TournamentError::Newer {
            found: TOURNAMENT_VERSION + 1,
            known: TOURNAMENT_VERSION
        })
    );
    assert_eq!(Tournament::from_json("{"), Err(TournamentError::Unreadable));
    assert_eq!(
        Tournament::from_json("{\"version\":1}"),
        Err(TournamentError::Unreadable)
    );
}

#[test]
fn every_refusal_reads_as_a_sentence_in_both_languages() {
    use TournamentError as E;
    let all = [
        E::TableSize { most: 6 },
        E::Rounds { most: 64 },
        E::PointsRow { places: 4 },
        E::SmallestTable { size: 4 },
        E::Advance { most: 3 },
        E::MaxPlayers { most: 4_096 },
        E::AlreadyIn,
        E::NotIn,
        E::Started,
        E::LeaveStarted,
        E::NotStarted,
        E::Over,
        E::TooFew { need: 2 },
        E::Full { most: 8 },
        E::AlreadyDropped,
        E::NoSuchTable { round: 2, table: 9 },
        E::NotThisRound {
            round: 2,
            current: 1,
        },
        E::TableDone { round: 1, table: 0 },
        E::ResultSeats { seats: 4 },
        E::StillPlaying { left: 3 },
        E::AutomaticRounds,
        E::Newer { found: 2, known: 1 },
        E::Unreadable,
    ];
    for e in &all {
        for lang in [words::Lang::En, words::Lang::Es] {
            let text = e.text(lang);
            assert!(
                !text.starts_with("tournament-"),
                "{e:?} in {lang:?}: {text}"
            );
            assert!(text.contains(' '), "{text}");
        }
        assert_ne!(e.text(words::Lang::En), e.text(words::Lang::Es), "{e:?}");
    }
    assert_eq!(
        E::StillPlaying { left: 3 }.to_string(),
        "3 tables of this round are still playing."
    );
}
