//! Knockout: people seeded by rating are dealt to the tables in a snake (1, 2, …, t,
//! then t, …, 1) so the strongest meet last; each table's best go on. Every round the
//! people left are dealt again by their seed.

use super::seating::{bots_needed, layout, seat_tables, Seat};
use super::settings::Fill;
use storage::UserId;

/// Seats a knockout round: `seeds` are the people still in, best seed first.
pub fn pair(seeds: &[UserId], size: usize, fill: Fill, seed: u64, round: u32) -> Vec<Vec<Seat>> {
    let shapes = layout(seeds.len(), size, fill);
    let t = shapes.len();
    let mut groups: Vec<Vec<UserId>> = vec![Vec::new(); t];
    let mut step = 0usize;
    for &user in seeds {
        loop {
            let lap = step / t;
            let at = step % t;
            let table = if lap.is_multiple_of(2) {
                at
            } else {
                t - 1 - at
            };
            step += 1;
            if groups[table].len() < shapes[table].people {
                groups[table].push(user);
                break;
            }
        }
    }
    seat_tables(groups, size, bots_needed(&shapes, fill), seed, round)
}

/// How many people of a table of `people` people go on: `advance`, but always at least
/// one fewer than the people there, and a lone person (with bots) goes on.
pub fn going_on(people: usize, advance: usize) -> usize {
    if people <= 1 {
        people
    } else {
        advance.min(people - 1)
    }
}

/// Who goes on from a finished table: the best `going_on` people by effective place
/// (bots take no place that goes on), a tie at the cut going to the better seed.
/// `seed_rank` gives a person's seed (lower is better).
pub fn advancing(
    seats: &[Seat],
    places: &[u32],
    gone: &[bool],
    advance: usize,
    seed_rank: &dyn Fn(UserId) -> usize,
) -> Vec<UserId> {
    let mut people: Vec<(u32, usize, UserId)> = seats
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.person().map(|u| (places[i], seed_rank(u), u)))
        .collect();
    let count = going_on(people.len(), advance);
    people.sort();
    people
        .into_iter()
        .enumerate()
        .filter(|&(i, (_, _, u))| {
            let stayed = seats
                .iter()
                .zip(gone)
                .any(|(s, &g)| s.person() == Some(u) && !g);
            i < count && stayed
        })
        .map(|(_, (_, _, u))| u)
        .collect()
}
