//! Swiss rounds: people in standings order (points, then rating, then a seeded draw),
//! divided into tables with the fewest rematches any division allows (`pairing.rs`).

use super::pairing::group;
use super::seating::{bots_needed, draw, history_met, layout, seat_tables, Contender, Seat};
use super::settings::Fill;
use storage::UserId;

/// Seats round `round` of a Swiss tournament: `people` are those still in, `history`
/// every table played so far (its people).
pub fn pair(
    people: &[Contender],
    history: &[Vec<UserId>],
    size: usize,
    fill: Fill,
    seed: u64,
    round: u32,
) -> Vec<Vec<Seat>> {
    let met = history_met(people, history);
    let mut order: Vec<usize> = (0..people.len()).collect();
    let key = |i: usize| draw(seed, &[u64::from(round), people[i].user]);
    order.sort_by(|&a, &b| {
        let (pa, pb) = (&people[a], &people[b]);
        pb.points
            .cmp(&pa.points)
            .then(pb.rating.cmp(&pa.rating))
            .then(key(a).cmp(&key(b)))
    });
    let shapes = layout(people.len(), size, fill);
    let sizes: Vec<usize> = shapes.iter().map(|s| s.people).collect();
    let groups = group(&order, &sizes, &met)
        .into_iter()
        .map(|t| t.into_iter().map(|i| people[i].user).collect())
        .collect();
    seat_tables(groups, size, bots_needed(&shapes, fill), seed, round)
}
