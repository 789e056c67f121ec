//! The move a timed-out seat makes (see `rules.md`, "When a player times out"). Chosen
//! from the legal actions, the public view and the seat's own hand only.
//!
//! - Turn: take money while that is allowed, else draw (never reconstruct).
//! - Picking revealed money: the most valuable cards offered.
//! - Buy or auction: auction (nothing is paid; everyone passing gives the lot for the
//!   opening certificate alone).
//! - Auction: pass (the only decision where `Absent::Pass` answers).
//! - Building a tile (bought, won or handed out): on top of one of the seat's palaces,
//!   where it adds the most points; else as a new palace (lowest floor first), except a
//!   floor-5 tile, which nothing could ever go on: that one is discarded.

use super::actions::{PalazzoAction, Place};
use super::data::Tile;
use super::scoring::palace_score;
use super::views::{PalazzoPrivate, PalazzoPublic};
use crate::engine::{best_index, Absent, Seat};

/// The turn's choices auto takes, most preferred first (reconstruct is never chosen).
const TURN_ORDER: [PalazzoAction; 2] = [PalazzoAction::Money, PalazzoAction::Draw];

/// The highest floor; a tile of this floor never gets another tile on top.
const TOP_FLOOR: u8 = 5;

/// See [`crate::engine::Game::absent_move`].
pub(super) fn absent_move(
    public: &PalazzoPublic,
    _private: &PalazzoPrivate,
    seat: Seat,
    legal: &[PalazzoAction],
    absent: Absent,
) -> Option<usize> {
    if absent == Absent::Pass {
        return legal.iter().position(|a| *a == PalazzoAction::Pass);
    }
    let palaces = public.seats.get(seat).map_or(&[][..], |s| &s.palaces[..]);
    auto_move(|p| palaces.get(p).map(|palace| &palace.tiles[..]), legal)
}

/// Auto's move, given the seat's palaces (`palace(p)`: palace `p`'s tiles, bottom to
/// top): shared by the absent seat (from its public view) and bots' playouts (from the
/// full state, without building views).
pub(super) fn auto_move<'a>(
    palace: impl Fn(usize) -> Option<&'a [Tile]>,
    legal: &[PalazzoAction],
) -> Option<usize> {
    use PalazzoAction as A;
    let pass = legal.iter().position(|a| *a == A::Pass);
    if legal.is_empty() {
        return None;
    }
    let has = |f: fn(&A) -> bool| legal.iter().any(f);
    let choice = if pass.is_some() {
        pass
    } else if has(|a| TURN_ORDER.contains(a)) {
        TURN_ORDER
            .iter()
            .find_map(|want| legal.iter().position(|a| a == want))
    } else if has(|a| matches!(a, A::Pick(_))) {
        best_index(legal, |a| match a {
            A::Pick(cards) => Some(cards.iter().map(|c| c.value()).sum::<u32>()),
            _ => None,
        })
    } else if has(|a| *a == A::Auction) {
        legal.iter().position(|a| *a == A::Auction)
    } else if has(|a| matches!(a, A::Build { .. } | A::Discard(_))) {
        best_index(legal, |a| build_rank(&palace, a))
    } else {
        None
    };
    choice.or(Some(0))
}

/// How good a build or discard looks (higher is better): on top of a palace by the
/// points it adds, then a new palace (lower floors first), then a discard, then a new
/// palace of a top-floor tile.
fn build_rank<'a>(
    palace: &impl Fn(usize) -> Option<&'a [Tile]>,
    action: &PalazzoAction,
) -> Option<(u8, i64)> {
    match action {
        PalazzoAction::Build {
            tile,
            place: Place::On(p),
        } => {
            let palace = palace(*p)?;
            let mut grown: Vec<Tile> = palace.to_vec();
            grown.push(*tile);
            Some((3, palace_score(&grown) - palace_score(palace)))
        }
        PalazzoAction::Build {
            tile,
            place: Place::New,
        } if tile.floor < TOP_FLOOR => Some((2, -i64::from(tile.floor))),
        PalazzoAction::Discard(_) => Some((1, 0)),
        PalazzoAction::Build { .. } => Some((0, 0)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::data::{Card, Currency, Material};
    use super::super::{Cards, Palazzo, PalazzoOptions, Phase, TileList};
    use super::*;
    use crate::engine::Game;
    use crate::seating::Responders;

    fn game(players: usize) -> Palazzo {
        let mut g = Palazzo::new(players, &PalazzoOptions::default(), 3).unwrap();
        g.active = 0;
        g.phase = Phase::Turn;
        g
    }

    /// Auto's and Pass's picks for `seat`, as action texts.
    fn picks(g: &Palazzo, seat: Seat) -> (Option<String>, Option<String>) {
        let legal = g.legal_actions(seat);
        let (public, private) = (g.public_view(), g.private_view(seat));
        let text = |absent| {
            Palazzo::absent_move(&public, &private, seat, &legal, absent)
                .map(|i| legal[i].to_string())
        };
        (text(Absent::Auto), text(Absent::Pass))
    }

    fn t(material: Material, floor: u8, windows: u8) -> Tile {
        Tile::new(material, floor, windows)
    }

    #[test]
    fn turn_takes_money_while_allowed_else_draws() {
        let mut g = game(3);
        assert_eq!(picks(&g, 0), (Some("money".into()), None));
        // Not enough money left for players + 1 cards: draw.
        g.discard.clear();
        g.pile.truncate(3);
        assert!(!g.can_take_money());
        assert_eq!(picks(&g, 0), (Some("draw".into()), None));
    }

    #[test]
    fn picking_takes_the_most_valuable_cards() {
        let mut g = game(3);
        let revealed = Cards::try_from_slice(&[
            Card::Cert,
            Card::Money(Currency::Red, 3),
            Card::Money(Currency::Green, 7),
            Card::Money(Currency::Blue, 6),
        ])
        .unwrap();
        g.phase = Phase::Picking {
            revealed,
            pickers: Responders::new(vec![0, 1, 2]),
        };
        assert_eq!(picks(&g, 0), (Some("pick G7 B6".into()), None));
    }

    #[test]
    fn after_drawing_auctions_rather_than_buys() {
        let mut g = game(3);
        g.phase = Phase::BuyOrAuction;
        g.hands[0] = Cards::try_from_slice(&[Card::Money(Currency::Red, 7); 3]).unwrap();
        assert!(g.legal_actions(0).len() > 1, "buying is possible");
        assert_eq!(picks(&g, 0), (Some("auction".into()), None));
    }

    #[test]
    fn an_auction_is_passed_both_ways() {
        let mut g = game(3);
        g.phase = Phase::BuyOrAuction;
        let seat = 0;
        let a = g.parse_action(seat, "auction").unwrap();
        g.apply(seat, &a).unwrap();
        let Phase::Auction { .. } = g.phase else {
            panic!("no auction: {:?}", g.phase);
        };
        let next = g.awaiting()[0];
        assert_eq!(picks(&g, next), (Some("pass".into()), Some("pass".into())));
    }

    #[test]
    fn building_prefers_the_best_top_then_a_new_low_palace_and_discards_a_lone_top_floor() {
        let mut g = game(2);
        let b = Material::Brick;
        let m = Material::Marble;
        // A: brick 1-2 (0 points) — a brick 3 on top makes a single-material 3-floor
        // palace; B: marble 2 alone.
        g.palaces[0] = vec![vec![t(b, 1, 1), t(b, 2, 1)], vec![t(m, 2, 1)]];
        g.phase = Phase::Building {
            seat: 0,
            pending: vec![t(b, 3, 2)],
        };
        // On A: 4 windows + 3 single material = 7 (gain 7); on B: 0 − (−5) = 5.
        assert_eq!(picks(&g, 0), (Some("build brick-3-2w on A".into()), None));
        // Nothing fits on top: a new palace, lowest floor first.
        g.palaces[0] = vec![vec![t(b, 4, 1)]];
        g.phase = Phase::Building {
            seat: 0,
            pending: vec![t(m, 3, 1), t(b, 2, 3)],
        };
        assert_eq!(picks(&g, 0), (Some("build brick-2-3w new".into()), None));
        // A floor-5 tile that fits nowhere is discarded.
        g.palaces[0] = vec![vec![t(b, 5, 1)]];
        g.phase = Phase::Building {
            seat: 0,
            pending: vec![t(m, 5, 2)],
        };
        assert_eq!(picks(&g, 0), (Some("discard marble-5-2w".into()), None));
    }

    #[test]
    fn a_handout_takes_the_tile_that_adds_most() {
        let mut g = game(2);
        let b = Material::Brick;
        g.palaces[0] = vec![vec![t(b, 1, 1), t(b, 2, 1)]];
        g.phase = Phase::Handout {
            lot: vec![t(b, 4, 1), t(b, 3, 3), t(b, 5, 1), t(b, 1, 2)],
            takers: Responders::new(vec![0, 1]),
        };
        assert_eq!(picks(&g, 0), (Some("build brick-3-3w on A".into()), None));
    }

    #[test]
    fn buy_tiles_list_is_untouched_by_auto() {
        // Auto never buys, whatever the hand: the first listed buy is not chosen.
        let mut g = game(2);
        g.phase = Phase::BuyOrAuction;
        g.hands[0] = Cards::try_from_slice(&[Card::Cert; 10]).unwrap();
        let legal = g.legal_actions(0);
        assert!(legal
            .iter()
            .any(|a| matches!(a, PalazzoAction::Buy { tiles, .. } if *tiles != TileList::EMPTY)));
        assert_eq!(picks(&g, 0).0.as_deref(), Some("auction"));
    }
}
