//! Standings: each person's points, wins and opponents, kept as results arrive, and the
//! order read from them with the tie-breaks players read in `docs/tournaments.md`.

use super::points::Points;
use super::seating::{draw, Seat};
use super::settings::Format;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::BTreeMap;
use storage::UserId;

/// One person's results so far.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub points: Points,
    /// Tables finished.
    pub games: u32,
    /// Tables finished in first place (alone or tied).
    pub wins: u32,
    /// The people sat with, once per table (bots are not listed).
    pub opponents: Vec<UserId>,
    /// The last round played (0: none).
    pub last_round: u32,
    /// The place at that round's table.
    pub last_place: u32,
}

/// Every person's [`Record`], updated one finished table at a time.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    pub records: BTreeMap<UserId, Record>,
}

/// A person as the order needs them: who, their rating when they joined, and whether
/// they dropped out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub user: UserId,
    pub rating: i64,
    pub dropped: bool,
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// 1 first.
    pub rank: u32,
    pub user: UserId,
    pub points: Points,
    /// The average points of the people sat with (the first tie-break).
    pub opponents: Points,
    pub wins: u32,
    pub games: u32,
    pub rating: i64,
    pub dropped: bool,
    /// Knockout: the last round this person played.
    pub last_round: u32,
}

impl Standings {
    /// Adds one finished table of `round`: each seat's points and effective place
    /// (see [`super::points::effective_places`]); bot seats are skipped.
    pub fn add_table(&mut self, round: u32, seats: &[Seat], points: &[Points], places: &[u32]) {
        let people: Vec<UserId> = seats.iter().filter_map(|s| s.person()).collect();
        for (i, seat) in seats.iter().enumerate() {
            let Some(user) = seat.person() else { continue };
            let record = self.records.entry(user).or_default();
            record.points += points[i];
            record.games += 1;
            record.wins += u32::from(places[i] == 1);
            record
                .opponents
                .extend(people.iter().copied().filter(|&p| p != user));
            record.last_round = round;
            record.last_place = places[i];
        }
    }

    /// A person's points so far.
    pub fn points(&self, user: UserId) -> Points {
        self.records
            .get(&user)
            .map(|r| r.points)
            .unwrap_or_default()
    }

    /// The sum of the opponents' points and how many there were.
    fn opponents_sum(&self, user: UserId) -> (u64, u64) {
        let Some(record) = self.records.get(&user) else {
            return (0, 1);
        };
        let sum = record
            .opponents
            .iter()
            .map(|&o| u64::from(self.points(o).0))
            .sum();
        // No opponent yet counts as an average of nothing (0 over 1): a total order.
        (sum, (record.opponents.len() as u64).max(1))
    }

    /// The standings of `entries`, best first. Swiss and round robin: points, then the
    /// opponents' average points, then wins, then rating at joining, then a seeded draw.
    /// A knockout ranks first by the last round reached, then by the place at that
    /// round's table, then as above.
    pub fn ranked(&self, entries: &[Entry], format: Format, seed: u64) -> Vec<Standing> {
        let blank = Record::default();
        let mut rows: Vec<(Entry, &Record, (u64, u64))> = entries
            .iter()
            .map(|e| {
                let record = self.records.get(&e.user).unwrap_or(&blank);
                (*e, record, self.opponents_sum(e.user))
            })
            .collect();
        rows.sort_by(|(a, ra, oa), (b, rb, ob)| {
            let knockout = if format == Format::Knockout {
                rb.last_round
                    .cmp(&ra.last_round)
                    .then(place_key(ra).cmp(&place_key(rb)))
            } else {
                Ordering::Equal
            };
            knockout
                .then(rb.points.cmp(&ra.points))
                .then(
                    (u128::from(ob.0) * u128::from(oa.1))
                        .cmp(&(u128::from(oa.0) * u128::from(ob.1))),
                )
                .then(rb.wins.cmp(&ra.wins))
                .then(b.rating.cmp(&a.rating))
                .then(draw(seed, &[a.user]).cmp(&draw(seed, &[b.user])))
                .then(a.user.cmp(&b.user))
        });
        rows.into_iter()
            .enumerate()
            .map(|(i, (e, r, (sum, count)))| Standing {
                rank: i as u32 + 1,
                user: e.user,
                points: r.points,
                opponents: Points((sum / count) as u32),
                wins: r.wins,
                games: r.games,
                rating: e.rating,
                dropped: e.dropped,
                last_round: r.last_round,
            })
            .collect()
    }
}

/// A place to sort by, no place (never played) last.
fn place_key(record: &Record) -> u32 {
    if record.games == 0 {
        u32::MAX
    } else {
        record.last_place
    }
}
