//! What every format shares: a seat, the shape of a round's tables, who has met whom,
//! and the seeded draw that breaks every tie the same way given the same inputs.

use super::settings::Fill;
use serde::{Deserialize, Serialize};
use storage::{BotLevel, UserId};

/// One seat at a tournament table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    Person(UserId),
    /// A bot filling a seat; it has no standing.
    Bot(BotLevel),
}

impl Seat {
    /// The person in the seat, if any.
    pub fn person(self) -> Option<UserId> {
        match self {
            Seat::Person(user) => Some(user),
            Seat::Bot(_) => None,
        }
    }
}

/// One table of a round before it is seated: how many people and how many bots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    pub people: usize,
    pub bots: usize,
}

/// The tables for `people` people at tables of `size`, fullest first. With bots, every
/// table has `size` seats and the bots sit one to a table from the last table up; with
/// smaller tables, the people spread as evenly as possible (10 at 4: 4, 3, 3) unless a
/// table would fall below the smallest allowed, when bots fill instead.
pub fn layout(people: usize, size: usize, fill: Fill) -> Vec<Shape> {
    if people == 0 || size == 0 {
        return Vec::new();
    }
    let tables = people.div_ceil(size);
    if let Fill::Smaller { min } = fill {
        let base = people / tables;
        if base >= min as usize {
            let extra = people % tables;
            return (0..tables)
                .map(|t| Shape {
                    people: base + usize::from(t < extra),
                    bots: 0,
                })
                .collect();
        }
    }
    let mut bots = vec![0; tables];
    for b in 0..tables * size - people {
        bots[tables - 1 - b % tables] += 1;
    }
    bots.into_iter()
        .map(|b| Shape {
            people: size - b,
            bots: b,
        })
        .collect()
}

/// The bot level of a fill (smaller tables fall back to the normal level).
pub fn fill_level(fill: Fill) -> BotLevel {
    match fill {
        Fill::Bots(level) => level,
        Fill::Smaller { .. } => BotLevel::Normal,
    }
}

/// Who has sat with whom, over `n` people numbered `0..n`: one bit per pair.
#[derive(Debug, Clone)]
pub struct Met {
    words: usize,
    bits: Vec<u64>,
}

impl Met {
    /// Nobody has met anybody.
    pub fn new(n: usize) -> Met {
        let words = n.div_ceil(64).max(1);
        Met {
            words,
            bits: vec![0; words * n],
        }
    }

    /// `a` and `b` have sat at one table.
    pub fn mark(&mut self, a: usize, b: usize) {
        if a != b {
            self.bits[a * self.words + b / 64] |= 1 << (b % 64);
            self.bits[b * self.words + a / 64] |= 1 << (a % 64);
        }
    }

    /// Every pair at this table has met.
    pub fn mark_table(&mut self, table: &[usize]) {
        for (i, &a) in table.iter().enumerate() {
            for &b in &table[i + 1..] {
                self.mark(a, b);
            }
        }
    }

    /// Whether `a` and `b` have met.
    pub fn met(&self, a: usize, b: usize) -> bool {
        self.bits[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }

    /// The pairs at `table` who have met before: the table's rematches.
    pub fn rematches(&self, table: &[usize]) -> usize {
        let mut count = 0;
        for (i, &a) in table.iter().enumerate() {
            count += table[i + 1..].iter().filter(|&&b| self.met(a, b)).count();
        }
        count
    }
}

/// A number drawn from `seed` and `parts`, the same every time (SplitMix64 steps): the
/// last tie-break of every order and the seat order at each table.
pub fn draw(seed: u64, parts: &[u64]) -> u64 {
    let mut x = seed;
    for &p in parts {
        x = mix(x ^ mix(p));
    }
    mix(x)
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Puts `seats` in a drawn order (who plays first is drawn, not ranked).
pub fn shuffle_seats(seats: &mut [Seat], seed: u64, round: u32, table: usize) {
    for i in (1..seats.len()).rev() {
        let j = (draw(seed, &[u64::from(round), table as u64, i as u64]) % (i as u64 + 1)) as usize;
        seats.swap(i, j);
    }
}

/// A person to seat in a round: who, their points so far and their rating at joining.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Contender {
    pub user: UserId,
    pub points: super::points::Points,
    pub rating: i64,
}

/// Turns groups of people into seated tables: each group gets the bot seats its shape
/// needs (when `bots` is set, up to `size` seats) and a drawn seat order.
pub fn seat_tables(
    groups: Vec<Vec<UserId>>,
    size: usize,
    bots: Option<BotLevel>,
    seed: u64,
    round: u32,
) -> Vec<Vec<Seat>> {
    groups
        .into_iter()
        .enumerate()
        .map(|(t, group)| {
            let mut seats: Vec<Seat> = group.iter().map(|&u| Seat::Person(u)).collect();
            if let Some(level) = bots {
                while seats.len() < size {
                    seats.push(Seat::Bot(level));
                }
            }
            shuffle_seats(&mut seats, seed, round, t);
            seats
        })
        .collect()
}

/// The bot level a round's layout needs, if any of its tables has bots.
pub fn bots_needed(shapes: &[Shape], fill: Fill) -> Option<BotLevel> {
    shapes
        .iter()
        .any(|s| s.bots > 0)
        .then_some(fill_level(fill))
}

/// The index of each person and who has met whom among them, from the tables played.
pub fn history_met(people: &[Contender], history: &[Vec<UserId>]) -> Met {
    let index: std::collections::HashMap<UserId, usize> = people
        .iter()
        .enumerate()
        .map(|(i, c)| (c.user, i))
        .collect();
    let mut met = Met::new(people.len());
    for table in history {
        let at: Vec<usize> = table.iter().filter_map(|u| index.get(u).copied()).collect();
        met.mark_table(&at);
    }
    met
}
