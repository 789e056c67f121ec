//! Round robin. Two-player tables: the circle method (everyone meets everyone once in
//! n − 1 rounds, n made even by a bye played against a bot). Larger tables: each round,
//! people in a drawn order are divided into tables with as few repeated meetings as any
//! division allows (`pairing.rs`); enough rounds are played for everyone to be able to
//! meet everyone.

use super::pairing::group;
use super::seating::{bots_needed, draw, history_met, layout, seat_tables, Contender, Seat};
use super::settings::Fill;
use storage::{BotLevel, UserId};

/// Rounds in a full cycle for `people` people at tables of `size`.
pub fn cycle_rounds(people: usize, size: usize) -> u32 {
    if size == 2 {
        let even = people + people % 2;
        even.saturating_sub(1).max(1) as u32
    } else {
        people.saturating_sub(1).div_ceil(size - 1).max(1) as u32
    }
}

/// The circle method's pairs in round `round` (1 first) for `seeds` (best first); `None`
/// is the bye. Position 0 stays; the others turn one place a round.
pub fn circle(seeds: &[UserId], round: u32) -> Vec<(Option<UserId>, Option<UserId>)> {
    let mut slots: Vec<Option<UserId>> = seeds.iter().copied().map(Some).collect();
    if slots.len() % 2 == 1 {
        slots.push(None);
    }
    let n = slots.len();
    if n < 2 {
        return Vec::new();
    }
    let turns = (round as usize - 1) % (n - 1);
    let mut rest: Vec<Option<UserId>> = slots[1..].to_vec();
    rest.rotate_right(turns);
    let mut ring = vec![slots[0]];
    ring.extend(rest);
    (0..n / 2).map(|i| (ring[i], ring[n - 1 - i])).collect()
}

/// Seats round `round` for two-player tables: the circle over `seeds` (everyone who
/// started, best seed first); a person whose opponent is the bye or has dropped out
/// plays a bot of `level`.
pub fn pair_two(
    seeds: &[UserId],
    still_in: &dyn Fn(UserId) -> bool,
    level: BotLevel,
    seed: u64,
    round: u32,
) -> Vec<Vec<Seat>> {
    let groups: Vec<Vec<UserId>> = circle(seeds, round)
        .into_iter()
        .map(|(a, b)| {
            [a, b]
                .into_iter()
                .flatten()
                .filter(|&u| still_in(u))
                .collect()
        })
        .filter(|g: &Vec<UserId>| !g.is_empty())
        .collect();
    seat_tables(groups, 2, Some(level), seed, round)
}

/// Seats round `round` for tables of three or more: a drawn order, fewest repeats.
pub fn pair_many(
    people: &[Contender],
    history: &[Vec<UserId>],
    size: usize,
    fill: Fill,
    seed: u64,
    round: u32,
) -> Vec<Vec<Seat>> {
    let met = history_met(people, history);
    let mut order: Vec<usize> = (0..people.len()).collect();
    order.sort_by_key(|&i| draw(seed, &[u64::from(round), people[i].user]));
    let shapes = layout(people.len(), size, fill);
    let sizes: Vec<usize> = shapes.iter().map(|s| s.people).collect();
    let groups = group(&order, &sizes, &met)
        .into_iter()
        .map(|t| t.into_iter().map(|i| people[i].user).collect())
        .collect();
    seat_tables(groups, size, bots_needed(&shapes, fill), seed, round)
}
