//! Legal action enumeration: every meaningful choice of the awaited seats, in a fixed
//! order (random playouts and the "what can I do" lists depend on it).

use super::board::{self, Occupancy, Piece};
use super::data::*;
use super::state::{DeckKind, Pending, Phase, Princes};
use super::{scoring, CardRef, PrincesAction};
use crate::engine::Seat;

/// Most bonus cards combined in one work when listing works: with more cards in hand
/// than this, only single cards, pairs and all of them are listed.
const ALL_SUBSETS_UP_TO: usize = 5;

/// The bonus-card combinations listed for a hand of `n` cards, as bitmasks over the
/// sorted hand: every subset for small hands, else none, singles, pairs and all.
fn bonus_subsets(n: usize) -> Vec<u32> {
    if n <= ALL_SUBSETS_UP_TO {
        return (0u32..(1 << n)).collect();
    }
    let mut v = vec![0u32];
    for i in 0..n {
        v.push(1 << i);
        for j in i + 1..n {
            v.push((1 << i) | (1 << j));
        }
    }
    v.push(((1u64 << n) - 1) as u32);
    v
}

impl Princes {
    /// Every legal action of `seat`, written into `out` (cleared first; empty when the
    /// game does not wait for the seat).
    pub(super) fn legal_into(&self, seat: Seat, out: &mut Vec<PrincesAction>) {
        use PrincesAction as A;
        out.clear();
        if !self.awaits(seat) {
            return;
        }
        let Some(me) = self.players.get(seat) else {
            return;
        };
        // Most lists are short; one allocation covers them.
        out.reserve(16);
        if let Some(p) = &self.pending {
            match p {
                Pending::Place { landscape, .. } => {
                    let occ = Occupancy::of(&me.grid);
                    for pl in board::valid_placements(occ, Piece::Landscape(*landscape), true) {
                        out.push(A::Place {
                            landscape: *landscape,
                            at: pl.at,
                            rot: pl.rot,
                            flip: pl.flip,
                        });
                    }
                }
                Pending::Look { deck, cards, .. } => {
                    for c in cards {
                        out.push(A::Keep(match deck {
                            DeckKind::Profession => CardRef::Profession(*c),
                            DeckKind::Bonus => CardRef::Bonus(*c),
                            DeckKind::Prestige => CardRef::Prestige(*c),
                        }));
                    }
                }
                Pending::RecruitNow { .. } => {
                    out.extend(self.recruit_targets(seat).into_iter().map(A::Recruit));
                    out.push(A::Later);
                }
            }
        } else {
            match &self.phase {
                Phase::Setup { dealt } => {
                    let mine = dealt.get(seat).cloned().unwrap_or_default();
                    for r in &mine {
                        out.push(A::KeepThree(
                            mine.iter().copied().filter(|x| x != r).collect(),
                        ));
                    }
                }
                Phase::Auction(a) => match &a.live {
                    Some(l) => {
                        if me.florins >= i64::from(l.high + RAISE) {
                            out.push(A::Bid(l.high + RAISE));
                        }
                        out.push(A::Pass);
                    }
                    None => {
                        if me.florins >= i64::from(OPENING_BID) {
                            let occ = Occupancy::of(&me.grid);
                            for st in Stack::ALL {
                                if !a.sold.contains(&st)
                                    && self.stack_supply(st) > 0
                                    && self.ineligible_on(seat, st, occ).is_none()
                                {
                                    out.push(A::Open(st));
                                }
                            }
                        }
                        out.push(A::Decline);
                    }
                },
                Phase::Actions(_) => {
                    self.work_actions(seat, out);
                    let fits = self.build_fits(seat);
                    // One allocation of the exact length.
                    out.reserve(fits.count());
                    fits.for_each(|building, at, rot, flip| {
                        out.push(A::Build {
                            building,
                            at,
                            rot,
                            flip,
                        });
                    });
                    self.actions_after_builds(seat, out);
                }
                Phase::Over => {}
            }
        }
        if me.prestige > 0 {
            out.push(A::Sell(1));
        }
    }

    /// The actions phase's choices listed after the buildings: draws, freedoms, recruits
    /// and `done`.
    pub(super) fn actions_after_builds(&self, seat: Seat, out: &mut Vec<PrincesAction>) {
        use PrincesAction as A;
        let Some(me) = self.players.get(seat) else {
            return;
        };
        if self.validate_draw(seat, DeckKind::Profession).is_ok() {
            out.push(A::DrawProfession);
        }
        if self.validate_draw(seat, DeckKind::Bonus).is_ok() {
            out.push(A::DrawBonus);
        }
        for f in 0..3 {
            if self.validate_freedom(seat, f).is_ok() {
                out.push(A::Freedom(f));
            }
        }
        if me.recruits > 0 {
            out.extend(self.recruit_targets(seat).into_iter().map(A::Recruit));
        }
        out.push(A::Done);
    }

    /// Works `seat` may complete now: each profession in hand with each listed bonus
    /// combination reaching the round minimum, returning no, half or all the prestige.
    pub(super) fn work_actions(&self, seat: Seat, out: &mut Vec<PrincesAction>) {
        if self.check_action(|u| (u.works >= 2).then_some("")).is_err() {
            return;
        }
        let Some(p) = self.players.get(seat) else {
            return;
        };
        let mut bonus = p.bonus.clone();
        bonus.sort_unstable();
        // A bonus card's value does not depend on the profession played with it.
        let bonus_values: Vec<u32> = bonus.iter().map(|b| scoring::bonus_value(p, *b)).collect();
        let subsets = bonus_subsets(bonus.len());
        let subset_values: Vec<u32> = subsets
            .iter()
            .map(|m| {
                bonus_values
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| m & (1 << i) != 0)
                    .map(|(_, v)| v)
                    .sum()
            })
            .collect();
        let min = self.min_work();
        let mut hand = p.hand.clone();
        hand.sort_unstable();
        for &prof in &hand {
            let base = scoring::base_value(p, prof);
            for (&mask, &extra) in subsets.iter().zip(&subset_values) {
                let value = base + extra;
                if value < min {
                    continue;
                }
                let cards: Vec<u8> = bonus
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, b)| *b)
                    .collect();
                let max = value / 2;
                let mut last = None;
                for prestige in [0, max / 2, max] {
                    if last == Some(prestige) {
                        continue;
                    }
                    last = Some(prestige);
                    out.push(PrincesAction::Work {
                        profession: prof,
                        bonus: cards.clone(),
                        prestige,
                    });
                }
            }
        }
    }

    /// Buildings `seat` may put up now: each building it lacks that is in the supply,
    /// with its fitting placements (none when it may not build now).
    pub(super) fn build_fits(&self, seat: Seat) -> BuildFits {
        let fits = BuildFits::default();
        if self
            .check_action(|u| (u.builds >= 2).then_some(""))
            .is_err()
        {
            return fits;
        }
        let Some(p) = self.players.get(seat) else {
            return fits;
        };
        let cost = BUILD_COST
            .get(usize::from(p.builders))
            .copied()
            .unwrap_or(0);
        if p.florins < cost {
            return fits;
        }
        let buildable = |b: u8| {
            !p.buildings.contains(&b)
                && self
                    .building_supply
                    .get(usize::from(b))
                    .is_some_and(|n| *n > 0)
        };
        let occ = Occupancy::of(&p.grid);
        // What a building may not cover (filled squares and, below 2 builders, the
        // squares along the palazzo's and the buildings' edges).
        let forbidden = occ.forbidden(p.builders < 2);
        BuildFits::new(
            forbidden,
            (0..BUILDINGS.len() as u8).filter(|b| buildable(*b)),
        )
    }
}

/// Slots of the per-thread memo of placement counts (a power of two).
const MEMO_SLOTS: usize = 4096;

thread_local! {
    /// How many placements a building has, by the squares it may not cover: a seat's
    /// grid changes only when it builds or places a landscape, so a playout asks for
    /// the same counts again and again. Direct-mapped, whole keys compared; a clash
    /// replaces. Entries: forbidden squares, building + 1 (0: empty), count.
    static COUNT_MEMO: std::cell::RefCell<Vec<(u64, u8, u16)>> =
        std::cell::RefCell::new(vec![(0, 0, 0); MEMO_SLOTS]);
}

/// How many placements of `building` cover no square of `forbidden`.
fn placement_count(building: u8, forbidden: u64) -> usize {
    let key = forbidden ^ u64::from(building).rotate_right(7);
    let slot = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 52) as usize % MEMO_SLOTS;
    let tag = building.wrapping_add(1);
    COUNT_MEMO.with(|m| {
        let mut m = m.borrow_mut();
        match m.get(slot) {
            Some(&(f, t, n)) if f == forbidden && t == tag => usize::from(n),
            _ => {
                let n = board::Fits::new(Piece::Building(building), forbidden).count();
                if let Some(e) = m.get_mut(slot) {
                    *e = (forbidden, tag, n as u16);
                }
                n
            }
        }
    })
}

/// The building placements a seat may choose now, in listing order (building by
/// building): counted and indexed without listing them.
#[derive(Default, Clone, Copy)]
pub(super) struct BuildFits {
    /// The squares a building may not cover.
    forbidden: u64,
    /// Each buildable building with its placement count.
    counts: [(u8, u16); BUILDINGS.len()],
    len: usize,
}

impl BuildFits {
    fn new(forbidden: u64, buildable: impl Iterator<Item = u8>) -> BuildFits {
        let mut fits = BuildFits {
            forbidden,
            ..BuildFits::default()
        };
        for b in buildable {
            if let Some(slot) = fits.counts.get_mut(fits.len) {
                *slot = (b, placement_count(b, forbidden) as u16);
                fits.len += 1;
            }
        }
        fits
    }

    fn used(&self) -> &[(u8, u16)] {
        self.counts.get(..self.len).unwrap_or(&[])
    }

    /// How many build actions there are.
    pub(super) fn count(&self) -> usize {
        self.used().iter().map(|(_, n)| usize::from(*n)).sum()
    }

    /// Calls `f` with every (building, anchor, rotation, flip), in listing order.
    pub(super) fn for_each(&self, mut f: impl FnMut(u8, board::Square, u16, bool)) {
        for &(b, _) in self.used() {
            board::Fits::new(Piece::Building(b), self.forbidden)
                .for_each(|_, at, rot, flip| f(b, at, rot, flip));
        }
    }

    /// The `k`-th build action in listing order (`None` past the last).
    pub(super) fn nth(&self, mut k: usize) -> Option<PrincesAction> {
        for &(b, n) in self.used() {
            let n = usize::from(n);
            if k < n {
                let (at, rot, flip) =
                    board::Fits::new(Piece::Building(b), self.forbidden).nth(k)?;
                return Some(PrincesAction::Build {
                    building: b,
                    at,
                    rot,
                    flip,
                });
            }
            k -= n;
        }
        None
    }
}
