//! One step of the game: which handler an action goes to, and the steps a player must
//! finish before the game goes on (placing a landscape, keeping a card looked at,
//! recruiting at once) plus selling prestige. Every handler checks all its
//! preconditions before it changes anything, so a refused action leaves the state as
//! it was without a copy of the state being taken.

use super::board::{self, Piece, Square};
use super::data::*;
use super::state::{DeckKind, Pending, Phase, Princes, Res};
use super::PrincesEvent;
use super::{actions, place_error, CardRef, PrincesAction, PrincesError};
use crate::engine::Seat;

impl Princes {
    /// Applies `action` by `seat` (an awaited seat of an unfinished game) and moves the
    /// game on until someone must act.
    pub(super) fn step(
        &mut self,
        seat: Seat,
        action: &PrincesAction,
        ev: &mut Vec<PrincesEvent>,
    ) -> Res<()> {
        use PrincesAction as A;
        ev.clear();
        if let A::Sell(n) = action {
            return self.sell(seat, *n, ev);
        }
        match (&self.pending, action) {
            (None, _) => self.phase_step(seat, action, ev)?,
            (
                Some(Pending::Place { landscape, .. }),
                A::Place {
                    landscape: l,
                    at,
                    rot,
                    flip,
                },
            ) => self.place_landscape(seat, *landscape, *l, *at, *rot, *flip, ev)?,
            (Some(Pending::Look { .. }), A::Keep(c)) => self.keep(seat, *c, ev)?,
            (Some(Pending::RecruitNow { .. }), A::Recruit(p)) => {
                self.recruit(seat, *p, ev)?;
                if !self.can_recruit(seat) {
                    self.pending = None;
                }
            }
            (Some(Pending::RecruitNow { .. }), A::Later) => {
                self.pending = None;
                ev.push(PrincesEvent::KeepsForLater { seat });
            }
            _ => return Err(self.not_now()),
        }
        self.settle(ev);
        Ok(())
    }

    /// An action of the current phase (nothing pending).
    fn phase_step(
        &mut self,
        seat: Seat,
        action: &PrincesAction,
        ev: &mut Vec<PrincesEvent>,
    ) -> Res<()> {
        use PrincesAction as A;
        match (&self.phase, action) {
            (Phase::Setup { .. }, A::KeepThree(ps)) => self.keep_three(seat, ps, ev),
            (Phase::Auction(_), A::Open(st)) => self.open(seat, *st, ev),
            (Phase::Auction(_), A::Bid(n)) => self.bid(seat, *n, ev),
            (Phase::Auction(_), A::Pass) => self.pass(seat, ev),
            (Phase::Auction(_), A::Decline) => self.decline(seat, ev),
            (
                Phase::Actions(_),
                A::Work {
                    profession,
                    bonus,
                    prestige,
                },
            ) => self.work(seat, *profession, bonus, *prestige, ev),
            (
                Phase::Actions(_),
                A::Build {
                    building,
                    at,
                    rot,
                    flip,
                },
            ) => self.build(seat, *building, *at, *rot, *flip, ev),
            (Phase::Actions(_), A::DrawProfession) => self.draw(seat, DeckKind::Profession, ev),
            (Phase::Actions(_), A::DrawBonus) => self.draw(seat, DeckKind::Bonus, ev),
            (Phase::Actions(_), A::Freedom(f)) => self.freedom(seat, *f, ev),
            (Phase::Actions(_), A::Recruit(p)) => self.recruit(seat, *p, ev),
            (Phase::Actions(_), A::Done) => {
                ev.push(PrincesEvent::EndsTurn { seat });
                self.end_turn();
                Ok(())
            }
            _ => Err(self.not_now()),
        }
    }

    /// `sell <n>`: move back `n` on the prestige track for 100 florins each.
    fn sell(&mut self, seat: Seat, n: u32, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        if n == 0 {
            return Err(PrincesError::SellZero);
        }
        let have = self.player(seat)?.prestige;
        if i64::from(n) > have {
            return Err(PrincesError::NotEnoughPrestige(have));
        }
        if let Some(p) = self.players.get_mut(seat) {
            p.prestige -= i64::from(n);
        }
        self.pay_bank(seat, -(i64::from(n) * SELL_PRICE));
        ev.push(PrincesEvent::Sells {
            seat,
            points: n,
            florins: i64::from(n) * SELL_PRICE,
        });
        Ok(())
    }

    /// Takes the top cards of `deck` for `seat` to look at and keep one.
    pub(super) fn start_look(&mut self, seat: Seat, deck: DeckKind, ev: &mut Vec<PrincesEvent>) {
        let n = self.deck_mut(deck).len().min(LOOK);
        self.remember_look(deck, seat, n);
        let d = self.deck_mut(deck);
        let cards: Vec<u8> = d.drain(..n).collect();
        ev.push(PrincesEvent::LooksAt {
            seat,
            deck,
            count: n,
        });
        ev.push(PrincesEvent::YouLookAt {
            seat,
            deck,
            cards: cards.clone(),
        });
        self.pending = Some(Pending::Look { seat, deck, cards });
    }

    /// `keep <card>`: keep one of the cards looked at; the rest go under the deck.
    fn keep(&mut self, seat: Seat, c: CardRef, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        let Some(Pending::Look { deck, cards, .. }) = &self.pending else {
            return Err(self.not_now());
        };
        let deck = *deck;
        let id = match (deck, c) {
            (DeckKind::Profession, CardRef::Profession(x))
            | (DeckKind::Bonus, CardRef::Bonus(x))
            | (DeckKind::Prestige, CardRef::Prestige(x)) => x,
            _ => 0,
        };
        if !cards.contains(&id) {
            let listing = cards
                .iter()
                .map(|c| match deck {
                    DeckKind::Profession => actions::prof_slug(*c).to_string(),
                    DeckKind::Bonus => format!("B{c:02}"),
                    DeckKind::Prestige => format!("P{c:02}"),
                })
                .collect::<Vec<_>>()
                .join(", ");
            return Err(PrincesError::NotLookedAt(listing));
        }
        // Validated: from here on nothing can fail.
        let Some(Pending::Look { cards, .. }) = self.pending.take() else {
            return Ok(());
        };
        let rest = cards.iter().copied().filter(|x| *x != id);
        let back: Vec<u8> = rest.collect();
        self.remember_under(deck, seat, &back);
        self.deck_mut(deck).extend(back.iter().copied());
        if let Some(p) = self.players.get_mut(seat) {
            match deck {
                DeckKind::Profession => p.hand.push(id),
                DeckKind::Bonus => p.bonus.push(id),
                DeckKind::Prestige => p.prestige_cards.push(id),
            }
        }
        ev.push(PrincesEvent::KeepsOne {
            seat,
            deck,
            back: back.len(),
        });
        ev.push(PrincesEvent::YouKeep {
            seat,
            deck,
            card: id,
        });
        Ok(())
    }

    /// `place <landscape> at …`: put the landscape just bought into the principality.
    #[allow(clippy::too_many_arguments)]
    fn place_landscape(
        &mut self,
        seat: Seat,
        want: u8,
        got: u8,
        at: Square,
        rot: u16,
        flip: bool,
        ev: &mut Vec<PrincesEvent>,
    ) -> Res<()> {
        let piece = Piece::Landscape(want);
        if want != got {
            return Err(PrincesError::WrongLandscape(piece.slug()));
        }
        let cells = board::check(&self.player(seat)?.grid, piece, at, rot, flip, true)
            .map_err(|e| place_error(e, piece.slug()))?;
        // Validated: from here on nothing can fail.
        let Some(p) = self.players.get_mut(seat) else {
            return Ok(());
        };
        for i in cells {
            if let Some(c) = p.grid.get_mut(i) {
                *c = piece.code();
            }
        }
        let repeat = p.landscapes.get(usize::from(want)).copied().unwrap_or(0) > 0;
        if let Some(n) = p.landscapes.get_mut(usize::from(want)) {
            *n += 1;
        }
        if repeat {
            p.prestige += REPEAT_LANDSCAPE_PRESTIGE;
        }
        self.pending = None;
        ev.push(PrincesEvent::Placed {
            seat,
            landscape: want,
            at,
            rot,
            flip,
            repeat,
        });
        Ok(())
    }
}
