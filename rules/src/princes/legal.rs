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
                            for st in Stack::ALL {
                                if !a.sold.contains(&st)
                                    && self.stack_supply(st) > 0
                                    && self.ineligible(seat, st).is_none()
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
                    self.build_actions(seat, out);
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
                Phase::Over => {}
            }
        }
        if me.prestige > 0 {
            out.push(A::Sell(1));
        }
    }

    /// Works `seat` may complete now: each profession in hand with each listed bonus
    /// combination reaching the round minimum, returning no, half or all the prestige.
    fn work_actions(&self, seat: Seat, out: &mut Vec<PrincesAction>) {
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
    /// at every valid placement.
    fn build_actions(&self, seat: Seat, out: &mut Vec<PrincesAction>) {
        if self
            .check_action(|u| (u.builds >= 2).then_some(""))
            .is_err()
        {
            return;
        }
        let Some(p) = self.players.get(seat) else {
            return;
        };
        let cost = BUILD_COST
            .get(usize::from(p.builders))
            .copied()
            .unwrap_or(0);
        if p.florins < cost {
            return;
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
        let fits: Vec<(u8, board::Fits)> = (0..BUILDINGS.len() as u8)
            .filter(|b| buildable(*b))
            .map(|b| (b, board::Fits::new(Piece::Building(b), forbidden)))
            .collect();
        // One allocation of the exact length.
        out.reserve(fits.iter().map(|(_, f)| f.count()).sum());
        for (b, f) in &fits {
            f.for_each(|_, at, rot, flip| {
                out.push(PrincesAction::Build {
                    building: *b,
                    at,
                    rot,
                    flip,
                });
            });
        }
    }
}
