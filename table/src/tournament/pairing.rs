//! Dividing people into tables with as few rematches as any division allows, keeping
//! each table as close as it can to the order given (Swiss: standings order).
//!
//! A depth-first search seats the first unseated person at a new table and completes it
//! with the next people in order who have not met anyone there; it first allows no
//! rematch, then one, and so on. While within its budget of steps the search is
//! complete, so it finds a division without a rematch whenever one exists; past the
//! budget (large fields with tangled histories) a greedy division improved by swaps
//! takes over.

use super::seating::Met;

/// Search steps before the greedy division takes over.
pub const SEARCH_BUDGET: usize = 200_000;

/// Divides `order` (people as indices into `met`, most preferred first) into tables of
/// the sizes in `sizes` (in any order; fuller tables go to the front), with the fewest
/// rematches found. Returns the tables, front first, each as its people in order.
pub fn group(order: &[usize], sizes: &[usize], met: &Met) -> Vec<Vec<usize>> {
    group_with_budget(order, sizes, met, SEARCH_BUDGET)
}

/// [`group`] with a given search budget (tests force the fallback with a small one).
pub fn group_with_budget(
    order: &[usize],
    sizes: &[usize],
    met: &Met,
    budget: usize,
) -> Vec<Vec<usize>> {
    let mut counts: Vec<(usize, usize)> = Vec::new();
    let mut sorted = sizes.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    for size in sorted {
        match counts.last_mut() {
            Some((s, c)) if *s == size => *c += 1,
            _ => counts.push((size, 1)),
        }
    }
    let mut search = Search {
        order,
        met,
        seated: vec![false; order.len()],
        counts,
        tables: Vec::new(),
        nodes: 0,
        budget,
        allowed: 0,
    };
    loop {
        match search.open(0) {
            Step::Found => {
                return search
                    .tables
                    .iter()
                    .map(|(_, t)| t.iter().map(|&p| order[p]).collect())
                    .collect();
            }
            Step::Exhausted => search.allowed += 1,
            Step::Budget => break,
        }
    }
    let mut tables = greedy(order, sizes, met);
    improve(&mut tables, met);
    tables
}

/// The rematches of a division: pairs at one table who had met before.
pub fn rematches(tables: &[Vec<usize>], met: &Met) -> usize {
    tables.iter().map(|t| met.rematches(t)).sum()
}

enum Step {
    Found,
    /// No division within the allowed rematches exists (proved).
    Exhausted,
    Budget,
}

struct Search<'a> {
    order: &'a [usize],
    met: &'a Met,
    /// By position in `order`.
    seated: Vec<bool>,
    /// Table sizes left to open: (size, count), largest first.
    counts: Vec<(usize, usize)>,
    /// Tables so far: size and the positions seated.
    tables: Vec<(usize, Vec<usize>)>,
    nodes: usize,
    budget: usize,
    /// Rematches allowed in this pass.
    allowed: usize,
}

impl Search<'_> {
    /// Opens a table for the first unseated person, trying each size left.
    fn open(&mut self, cost: usize) -> Step {
        let Some(first) = self.seated.iter().position(|s| !s) else {
            return Step::Found;
        };
        for c in 0..self.counts.len() {
            let (size, left) = self.counts[c];
            if left == 0 {
                continue;
            }
            self.counts[c].1 -= 1;
            self.seated[first] = true;
            self.tables.push((size, vec![first]));
            let step = self.extend(cost);
            if !matches!(step, Step::Exhausted) {
                return step;
            }
            self.tables.pop();
            self.seated[first] = false;
            self.counts[c].1 += 1;
        }
        Step::Exhausted
    }

    /// Adds the next person to the last table, in order, or opens the next table.
    fn extend(&mut self, cost: usize) -> Step {
        let (size, from) = {
            let (size, members) = self.tables.last().expect("a table is open");
            if members.len() == *size {
                return self.open(cost);
            }
            (*size, members.last().expect("a first member") + 1)
        };
        let need = size - self.tables.last().map_or(0, |t| t.1.len());
        for pos in from..self.order.len() {
            if self.seated[pos] {
                continue;
            }
            if self.order.len() - pos < need {
                break;
            }
            let person = self.order[pos];
            let members = &self.tables.last().expect("a table is open").1;
            let added = members
                .iter()
                .filter(|&&m| self.met.met(self.order[m], person))
                .count();
            if cost + added > self.allowed {
                continue;
            }
            self.nodes += 1;
            if self.nodes > self.budget {
                return Step::Budget;
            }
            self.seated[pos] = true;
            self.tables.last_mut().expect("a table is open").1.push(pos);
            let step = self.extend(cost + added);
            if !matches!(step, Step::Exhausted) {
                return step;
            }
            self.tables.last_mut().expect("a table is open").1.pop();
            self.seated[pos] = false;
        }
        Step::Exhausted
    }
}

/// Fills tables front first, each with the first unseated person and then whoever
/// adds the fewest rematches (the earliest in order among equals).
fn greedy(order: &[usize], sizes: &[usize], met: &Met) -> Vec<Vec<usize>> {
    let mut sorted = sizes.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let mut seated = vec![false; order.len()];
    let mut tables = Vec::with_capacity(sorted.len());
    for size in sorted {
        let mut table = Vec::with_capacity(size);
        while table.len() < size {
            let best = (0..order.len()).filter(|&p| !seated[p]).min_by_key(|&p| {
                let added = table.iter().filter(|&&m| met.met(m, order[p])).count();
                (added, p)
            });
            let Some(p) = best else { break };
            seated[p] = true;
            table.push(order[p]);
        }
        tables.push(table);
    }
    tables
}

/// Swaps people between tables while a swap removes rematches (a few passes at most).
fn improve(tables: &mut [Vec<usize>], met: &Met) {
    let conflicts = |table: &[usize], person: usize, skip: usize| {
        table
            .iter()
            .enumerate()
            .filter(|&(i, &m)| i != skip && met.met(m, person))
            .count()
    };
    for _pass in 0..8 {
        let mut better = false;
        for a in 0..tables.len() {
            for i in 0..tables[a].len() {
                let x = tables[a][i];
                let here = conflicts(&tables[a], x, i);
                if here == 0 {
                    continue;
                }
                'other: for b in 0..tables.len() {
                    if b == a {
                        continue;
                    }
                    for j in 0..tables[b].len() {
                        let y = tables[b][j];
                        let before = here + conflicts(&tables[b], y, j);
                        let after = conflicts(&tables[b], x, j) + conflicts(&tables[a], y, i);
                        if after < before {
                            tables[a][i] = y;
                            tables[b][j] = x;
                            better = true;
                            break 'other;
                        }
                    }
                }
            }
        }
        if !better {
            break;
        }
    }
}
