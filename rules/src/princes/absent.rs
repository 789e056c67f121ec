//! The move a timed-out seat makes (see `rules.md`, "When a player times out"). Chosen
//! from the legal actions and the seat's own private view (its dealt cards and hand).
//!
//! - Setup: keep the first three professions dealt.
//! - Phase A, opening: decline (buy nothing this round); in a running auction: pass.
//! - Placing a landscape: as near the top-left corner (A1) as it fits.
//! - Looking at cards: keep the first card shown (the top of the deck).
//! - A recruiting card just bought: `later`.
//! - Phase B: the work worth the most florins, without bonus cards and without buying
//!   prestige; with no such work, `done`.
//! - Never sells prestige.
//!
//! `Absent::Pass` answers with `pass` and `decline` in Phase A, `later` for a recruiting
//! card just bought, and `done` in Phase B: the choices that do nothing.

use super::views::{PrincesPrivate, PrincesPublic};
use super::PrincesAction;
use crate::engine::{best_index, Absent, Seat};
use std::cmp::Reverse;

/// The choices that do nothing, one per decision where the rules allow it.
fn is_pass(action: &PrincesAction) -> bool {
    matches!(
        action,
        PrincesAction::Pass | PrincesAction::Decline | PrincesAction::Later | PrincesAction::Done
    )
}

/// See [`crate::engine::Game::absent_move`].
pub(super) fn absent_move(
    _public: &PrincesPublic,
    private: &PrincesPrivate,
    _seat: Seat,
    legal: &[PrincesAction],
    absent: Absent,
) -> Option<usize> {
    use PrincesAction as A;
    let pass = legal.iter().position(is_pass);
    if absent == Absent::Pass {
        return pass;
    }
    if legal.is_empty() {
        return None;
    }
    let has = |f: fn(&A) -> bool| legal.iter().any(f);
    let choice = if has(|a| matches!(a, A::KeepThree(_))) {
        // The first three dealt, i.e. the fourth goes back.
        let first_three = private.dealt.get(..3);
        legal
            .iter()
            .position(|a| matches!(a, A::KeepThree(k) if Some(&k[..]) == first_three))
            .or_else(|| legal.iter().rposition(|a| matches!(a, A::KeepThree(_))))
    } else if has(|a| matches!(a, A::Place { .. })) {
        best_index(legal, |a| match a {
            A::Place { at, .. } => Some(Reverse((at.row, at.col))),
            _ => None,
        })
    } else if has(|a| matches!(a, A::Keep(_))) {
        legal.iter().position(|a| matches!(a, A::Keep(_)))
    } else if has(|a| matches!(a, A::Done)) {
        // Phase B: the plain work paying the most, else done.
        let value = |prof: u8| {
            private
                .hand
                .iter()
                .find(|h| h.number == prof)
                .map_or(0, |h| h.value_now)
        };
        best_index(legal, |a| match a {
            A::Work {
                profession,
                bonus,
                prestige: 0,
            } if bonus.is_empty() => Some(value(*profession)),
            _ => None,
        })
        .or(pass)
    } else {
        // Phase A and a recruiting card just bought: pass, decline, later.
        pass
    };
    choice
        .or_else(|| legal.iter().position(|a| !matches!(a, A::Sell(_))))
        .or(Some(0))
}

#[cfg(test)]
mod tests {
    use super::super::board::Square;
    use super::super::board::LANDSCAPE_BASE;
    use super::super::data::{THEATRE, TRAVEL};
    use super::super::state::{DeckKind, Face, Pending, Phase, PhaseB, Used};
    use super::super::{Princes, PrincesOptions};
    use super::*;
    use crate::engine::Game;
    use crate::seating::Responders;

    fn picks(g: &Princes, seat: Seat) -> (Option<String>, Option<String>) {
        let legal = g.legal_actions(seat);
        let (public, private) = (g.public_view(), g.private_view(seat));
        let text = |absent| {
            Princes::absent_move(&public, &private, seat, &legal, absent)
                .map(|i| legal[i].to_string())
        };
        (text(Absent::Auto), text(Absent::Pass))
    }

    fn act(g: &mut Princes, seat: Seat, text: &str) {
        let a = g
            .parse_action(seat, text)
            .unwrap_or_else(|e| panic!("`{text}`: {e}"));
        g.apply(seat, &a)
            .unwrap_or_else(|e| panic!("`{text}` by {seat}: {e}"));
    }

    fn new_game() -> Princes {
        Princes::new(3, &PrincesOptions::default(), 5).unwrap()
    }

    /// A game past setup (every seat kept its first three), in Phase A.
    fn in_phase_a() -> Princes {
        let mut g = new_game();
        for seat in 0..3 {
            let (auto, _) = picks(&g, seat);
            act(&mut g, seat, &auto.unwrap());
        }
        assert!(matches!(g.phase, Phase::Auction(_)));
        g
    }

    #[test]
    fn setup_keeps_the_first_three_dealt_and_has_no_pass() {
        let g = new_game();
        let Phase::Setup { dealt } = &g.phase else {
            panic!("not in setup");
        };
        let first: Vec<String> = dealt[1][..3]
            .iter()
            .map(|p| super::super::actions::prof_slug(*p).to_string())
            .collect();
        assert_eq!(
            picks(&g, 1),
            (Some(format!("keep {}", first.join(" "))), None)
        );
    }

    #[test]
    fn phase_a_declines_to_open_and_passes_a_running_auction() {
        let mut g = in_phase_a();
        let opener = g.awaiting()[0];
        assert_eq!(
            picks(&g, opener),
            (Some("decline".into()), Some("decline".into()))
        );
        act(&mut g, opener, "open jester");
        let next = g.awaiting()[0];
        assert_eq!(picks(&g, next), (Some("pass".into()), Some("pass".into())));
    }

    #[test]
    fn a_landscape_goes_near_a1() {
        let mut g = in_phase_a();
        let seat = g.awaiting()[0];
        g.pending = Some(Pending::Place { seat, landscape: 0 });
        let (auto, pass) = picks(&g, seat);
        assert_eq!(pass, None);
        assert_eq!(auto.as_deref(), Some("place forest at A1"));
        // With A1 taken, the next square along the top row.
        g.players[seat].grid[0] = LANDSCAPE_BASE;
        let legal = g.legal_actions(seat);
        let i = Princes::absent_move(
            &g.public_view(),
            &g.private_view(seat),
            seat,
            &legal,
            Absent::Auto,
        )
        .unwrap();
        assert!(
            matches!(
                legal[i],
                PrincesAction::Place {
                    at: Square { row: 0, col: 1 },
                    ..
                }
            ),
            "{}",
            legal[i]
        );
    }

    #[test]
    fn a_look_keeps_the_top_card() {
        let mut g = in_phase_a();
        let seat = g.awaiting()[0];
        g.pending = Some(Pending::Look {
            seat,
            deck: DeckKind::Bonus,
            cards: vec![7, 3, 12],
        });
        assert_eq!(picks(&g, seat), (Some("keep B07".into()), None));
    }

    #[test]
    fn a_recruiting_card_just_bought_is_kept_for_later() {
        let mut g = in_phase_a();
        let seat = g.awaiting()[0];
        g.players[seat].recruits = 1;
        let other = (seat + 1) % 3;
        g.players[other].display.push(Face::Profession(4));
        g.pending = Some(Pending::RecruitNow { seat });
        assert!(g.legal_actions(seat).len() > 1, "recruiting is possible");
        assert_eq!(
            picks(&g, seat),
            (Some("later".into()), Some("later".into()))
        );
    }

    #[test]
    fn phase_b_takes_the_best_plain_work_else_done_and_never_sells() {
        let mut g = in_phase_a();
        let seat = 0;
        g.phase = Phase::Actions(PhaseB {
            order: Responders::new(vec![seat]),
            used: Used::default(),
        });
        g.players[seat].prestige = 5;
        g.players[seat].jesters = 3;
        // Poet (19): Theatre, Lake, Travel → 4 + 3 + 6 + 2 = 15; Mathematician (1):
        // University, Lake, Religion → 6 + 2 = 8. Both reach round 1's 7.
        g.players[seat].hand = vec![1, 19];
        g.players[seat].buildings = vec![THEATRE];
        g.players[seat].freedoms[usize::from(TRAVEL)] = true;
        g.round = 1;
        assert!(g
            .legal_actions(seat)
            .iter()
            .any(|a| a.to_string() == "work mathematician"));
        let (auto, pass) = picks(&g, seat);
        assert_eq!(pass.as_deref(), Some("done"));
        assert_eq!(auto.as_deref(), Some("work poet"));
        // Below the minimum nothing is worth playing: done.
        g.round = 7;
        g.players[seat].jesters = 0;
        g.players[seat].buildings.clear();
        g.players[seat].freedoms = [false; 3];
        assert!(g.legal_actions(seat).contains(&PrincesAction::Sell(1)));
        assert_eq!(picks(&g, seat), (Some("done".into()), Some("done".into())));
    }
}
