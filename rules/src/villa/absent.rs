//! The move a timed-out seat makes (see `rules.md`, "When a player times out"). Chosen
//! from the legal actions and the public view only (never a margin or the noise): the
//! absent seat never risks a collapse it could avoid.
//!
//! - Start of a turn: pull a column (2 players: the first colour listed first) — the one
//!   that looks riskiest to move, since it is put straight back; propose a floor only
//!   when no column can be pulled.
//! - Holding a pulled column: `abort` (no risk; the column freezes).
//! - An objection or a challenge: `allow` (the only decisions where `Absent::Pass`
//!   answers).
//! - An objector's or challenger's forced pull: as at the start of a turn.
//! - Removing an objector's column (a risky pull): the one that looks safest.
//! - Placing a floor: the position whose middle sits best over the columns under it.
//! - Custom setup: the first column listed, at the point nearest its place in the fair
//!   layout.

use super::data::{FAIR_LAYOUT, PER_COLOUR};
use super::policy::{pull_worry, steadiest_floor};
use super::{ColId, VillaAction, VillaPrivate, VillaView};
use crate::engine::{best_index, Absent, Seat};
use std::cmp::Ordering;

/// A float compared totally (for [`best_index`] keys).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Key(f64);

impl Eq for Key {}

impl PartialOrd for Key {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Key {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// How worrying pulling `c` looks from the picture (free columns 0).
fn worry(view: &VillaView, c: ColId) -> Option<f64> {
    view.columns
        .get(usize::from(c))
        .map(|cv| pull_worry(view, cv))
}

/// Where column `c` stands in the fair layout.
fn fair_spot(c: ColId) -> Option<(f64, f64)> {
    FAIR_LAYOUT
        .iter()
        .find(|(colour, slot, _, _)| colour * PER_COLOUR + slot == usize::from(c))
        .map(|&(_, _, x, y)| (x, y))
}

/// See [`crate::engine::Game::absent_move`].
pub(super) fn absent_move(
    view: &VillaView,
    _private: &VillaPrivate,
    _seat: Seat,
    legal: &[VillaAction],
    absent: Absent,
) -> Option<usize> {
    use VillaAction as A;
    let find = |want: &A| legal.iter().position(|a| a == want);
    let allow = find(&A::Allow);
    if absent == Absent::Pass {
        return allow;
    }
    if legal.is_empty() {
        return None;
    }
    let has = |f: fn(&A) -> bool| legal.iter().any(f);
    let choice = if allow.is_some() {
        allow
    } else if let Some(abort) = find(&A::Abort) {
        Some(abort)
    } else if has(|a| matches!(a, A::Play(_))) {
        legal.iter().position(|a| matches!(a, A::Play(_)))
    } else if has(|a| matches!(a, A::Pull(_))) {
        // It goes straight back (abort): give up the column least worth moving.
        best_index(legal, |a| match a {
            A::Pull(c) => worry(view, *c).map(Key),
            _ => None,
        })
    } else if has(|a| matches!(a, A::Remove(_))) {
        best_index(legal, |a| match a {
            A::Remove(c) => worry(view, *c).map(|w| Key(-w)),
            _ => None,
        })
    } else if has(|a| matches!(a, A::Floor(_))) {
        steadiest_floor(view, legal)
    } else if let Some(A::Set { col, .. }) = legal.first() {
        let (col, target) = (*col, fair_spot(*col).unwrap_or((0.0, 0.0)));
        best_index(legal, |a| match a {
            A::Set { col: c, at } if *c == col => view.grid.point(*at).map(|p| {
                let d = (p.0 - target.0).powi(2) + (p.1 - target.1).powi(2);
                Key(-d)
            }),
            _ => None,
        })
    } else {
        find(&A::Propose)
    };
    choice.or(Some(0))
}

#[cfg(test)]
mod tests {
    use super::super::{Phase, SetupMode, Stage, Villa, VillaOptions, Why};
    use super::*;
    use crate::engine::Game;
    use crate::seating::Responders;

    fn picks(g: &Villa, seat: Seat) -> (Option<VillaAction>, Option<VillaAction>) {
        let legal = g.legal_actions(seat);
        let (public, private) = (g.public_view(), g.private_view(seat));
        let pick = |absent| {
            Villa::absent_move(&public, &private, seat, &legal, absent).map(|i| legal[i].clone())
        };
        (pick(Absent::Auto), pick(Absent::Pass))
    }

    fn fair(players: usize) -> Villa {
        Villa::new(players, &VillaOptions::default(), 9).unwrap()
    }

    /// The fair start with three thin columns (none of seat 3's) moved onto the blue
    /// floor, so that the green floor may be proposed.
    fn proposable() -> Villa {
        let mut g = fair(4);
        g.tweak(|cols, _| {
            for (id, pos) in [(3, (-4.0, -4.0)), (8, (-4.0, 2.0)), (14, (2.0, -5.0))] {
                cols[id].level = 1;
                cols[id].pos = pos;
            }
        });
        g
    }

    #[test]
    fn a_turn_pulls_the_riskiest_looking_own_column_and_then_aborts() {
        let mut g = proposable();
        let seat = g.awaiting()[0];
        assert!(g.legal_actions(seat).contains(&VillaAction::Propose));
        let (auto, pass) = picks(&g, seat);
        assert_eq!(pass, None, "a turn cannot be passed");
        let Some(VillaAction::Pull(c)) = auto else {
            panic!("auto did not pull: {auto:?}");
        };
        let view = g.public_view();
        let most = g
            .legal_actions(seat)
            .iter()
            .filter_map(|a| match a {
                VillaAction::Pull(c) => worry(&view, *c),
                _ => None,
            })
            .fold(f64::MIN, f64::max);
        assert_eq!(worry(&view, c), Some(most));
        assert!(view.columns[usize::from(c)].supporting);
        g.apply(seat, &VillaAction::Pull(c)).unwrap();
        assert_eq!(picks(&g, seat), (Some(VillaAction::Abort), None));
        g.apply(seat, &VillaAction::Abort).unwrap();
        assert!(g.columns()[usize::from(c)].frozen);
    }

    #[test]
    fn two_players_play_the_first_colour_listed() {
        let g = fair(2);
        let seat = g.awaiting()[0];
        let first = g
            .legal_actions(seat)
            .into_iter()
            .find(|a| matches!(a, VillaAction::Play(_)));
        assert_eq!(picks(&g, seat), (first, None));
    }

    #[test]
    fn three_players_pull_a_neutral_column_first() {
        let g = fair(3);
        let seat = g.awaiting()[0];
        let (auto, _) = picks(&g, seat);
        let Some(VillaAction::Pull(c)) = auto else {
            panic!("auto did not pull: {auto:?}");
        };
        assert_eq!(g.public_view().columns[usize::from(c)].owner, None);
    }

    #[test]
    fn with_nothing_to_pull_a_floor_is_proposed() {
        let mut g = proposable();
        let seat = g.awaiting()[0];
        g.tweak(|cols, _| {
            for (i, c) in cols.iter_mut().enumerate() {
                if i / PER_COLOUR == seat {
                    c.frozen = true;
                }
            }
        });
        assert_eq!(g.legal_actions(seat), vec![VillaAction::Propose]);
        assert_eq!(picks(&g, seat), (Some(VillaAction::Propose), None));
    }

    #[test]
    fn objections_and_challenges_are_allowed_both_ways() {
        let mut g = proposable();
        let seat = g.awaiting()[0];
        g.apply(seat, &VillaAction::Propose).unwrap();
        let next = g.awaiting()[0];
        assert!(g.legal_actions(next).contains(&VillaAction::Object));
        assert_eq!(
            picks(&g, next),
            (Some(VillaAction::Allow), Some(VillaAction::Allow))
        );
        let mut g = fair(3);
        g.phase = Phase::Challenges {
            original: 2,
            answers: Responders::new(vec![0, 1]),
        };
        assert_eq!(
            picks(&g, 0),
            (Some(VillaAction::Allow), Some(VillaAction::Allow))
        );
    }

    #[test]
    fn a_forced_pull_aborts_and_a_removal_takes_the_safest_looking_column() {
        let mut g = fair(4);
        let (proposer, objector) = (3, 0);
        g.phase = Phase::Pick {
            seat: objector,
            why: Why::ObjectFloor { proposer },
        };
        let (auto, pass) = picks(&g, objector);
        assert!(matches!(auto, Some(VillaAction::Pull(_))), "{auto:?}");
        assert_eq!(pass, None);
        g.phase = Phase::Removal { proposer, objector };
        let (auto, pass) = picks(&g, proposer);
        assert_eq!(pass, None);
        let Some(VillaAction::Remove(c)) = auto else {
            panic!("no removal: {auto:?}");
        };
        let view = g.public_view();
        let least = g
            .legal_actions(proposer)
            .iter()
            .filter_map(|a| match a {
                VillaAction::Remove(c) => worry(&view, *c),
                _ => None,
            })
            .fold(f64::MAX, f64::min);
        assert_eq!(worry(&view, c), Some(least));
    }

    #[test]
    fn a_floor_goes_where_it_sits_steadiest() {
        let mut g = proposable();
        g.phase = Phase::PlaceFloor { proposer: 0 };
        let legal = g.legal_actions(0);
        assert!(legal.len() > 1);
        let view = g.public_view();
        let want = steadiest_floor(&view, &legal).map(|i| legal[i].clone());
        assert!(matches!(want, Some(VillaAction::Floor(_))));
        assert_eq!(picks(&g, 0), (want, None));
    }

    #[test]
    fn custom_setup_stands_the_first_column_near_its_fair_spot_and_places_the_floor() {
        let options = VillaOptions {
            setup: SetupMode::Custom,
            ..VillaOptions::default()
        };
        let mut g = Villa::new(4, &options, 2).unwrap();
        let seat = g.awaiting()[0];
        let first = match g.legal_actions(seat).first() {
            Some(VillaAction::Set { col, .. }) => *col,
            other => panic!("no set: {other:?}"),
        };
        let (auto, pass) = picks(&g, seat);
        assert_eq!(pass, None);
        let Some(VillaAction::Set { col, at }) = auto else {
            panic!("no set: {auto:?}");
        };
        assert_eq!(col, first);
        let p = g.public_view().grid.point(at).unwrap();
        let f = fair_spot(col).unwrap();
        assert!(
            (p.0 - f.0).abs() <= 0.5 && (p.1 - f.1).abs() <= 0.5,
            "{p:?} vs {f:?}"
        );
        // Auto all the way through the setup: the columns, then the blue floor.
        while matches!(g.phase, Phase::SetupColumns { .. }) {
            let seat = g.awaiting()[0];
            let (auto, _) = picks(&g, seat);
            g.apply(seat, &auto.unwrap()).unwrap();
        }
        if let Phase::SetupFloor { placer } = g.phase {
            let (auto, pass) = picks(&g, placer);
            assert!(matches!(auto, Some(VillaAction::Floor(_))), "{auto:?}");
            assert_eq!(pass, None);
            g.apply(placer, &auto.unwrap()).unwrap();
        }
        assert!(matches!(
            g.phase,
            Phase::Turn {
                stage: Stage::Begin,
                ..
            } | Phase::Over
        ));
    }
}
