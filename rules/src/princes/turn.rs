//! Phase B: the player in turn takes up to two actions — works, buildings, profession
//! and bonus draws, freedoms — and may recruit at any time in the turn. Each action is
//! validated completely before anything changes.

use super::board::{self, Piece, Square};
use super::data::*;
use super::state::{DeckKind, Face, Phase, PhaseB, Princes, Res, Used};
use super::PrincesEvent;
use super::{freedom_name, place_error, prof_name, scoring, PrincesError};
use crate::engine::Seat;

impl Princes {
    fn phase_b(&self) -> Res<&PhaseB> {
        match &self.phase {
            Phase::Actions(b) => Ok(b),
            _ => Err(self.not_now()),
        }
    }

    fn use_action(&mut self, f: impl FnOnce(&mut Used)) {
        if let Phase::Actions(b) = &mut self.phase {
            b.used.actions += 1;
            f(&mut b.used);
        }
    }

    pub(super) fn check_action(
        &self,
        limit: impl FnOnce(&Used) -> Option<&'static str>,
    ) -> Res<()> {
        let b = self.phase_b()?;
        if b.used.actions >= 2 {
            return Err(PrincesError::NoActionsLeft);
        }
        if let Some(msg) = limit(&b.used) {
            return Err(PrincesError::Limit(msg));
        }
        Ok(())
    }

    /// The value of a work, validated (for `apply` and `legal_actions`).
    pub(super) fn validate_work(
        &self,
        seat: Seat,
        prof: u8,
        bonus: &[u8],
        prestige: u32,
    ) -> Res<u32> {
        self.check_action(|u| (u.works >= 2).then_some(super::sentences::WORKS.1))?;
        let p = self.player(seat)?;
        if !p.hand.contains(&prof) {
            return Err(PrincesError::NotInHand(prof_name(prof)));
        }
        for (i, b) in bonus.iter().enumerate() {
            if bonus[..i].contains(b) {
                return Err(PrincesError::BonusTwice(*b));
            }
            if !p.bonus.contains(b) {
                return Err(PrincesError::BonusNotInHand(*b));
            }
        }
        let value = scoring::work_value(p, prof, bonus);
        let min = self.min_work();
        if value < min {
            return Err(PrincesError::BelowMinimum {
                value,
                round: self.round,
                min,
            });
        }
        let payout = i64::from(value) * FLORINS_PER_POINT;
        let max = u32::try_from(payout / FLORINS_PER_PRESTIGE).unwrap_or(0);
        if prestige > max {
            return Err(PrincesError::TooMuchPrestige { payout, max });
        }
        Ok(value)
    }

    pub(super) fn work(
        &mut self,
        seat: Seat,
        prof: u8,
        bonus: &[u8],
        prestige: u32,
        ev: &mut Vec<PrincesEvent>,
    ) -> Res<()> {
        let value = self.validate_work(seat, prof, bonus, prestige)?;
        // Validated: from here on nothing can fail.
        let payout = i64::from(value) * FLORINS_PER_POINT;
        let returned = i64::from(prestige) * FLORINS_PER_PRESTIGE;
        if let Some(p) = self.players.get_mut(seat) {
            p.hand.retain(|x| *x != prof);
            p.display.push(Face::Profession(prof));
            p.bonus.retain(|b| !bonus.contains(b));
            p.prestige += i64::from(prestige);
            p.works += 1;
            p.best_work = p.best_work.max(value);
        }
        self.bonus_played.extend(bonus.iter().copied());
        self.pay_bank(seat, returned - payout);
        self.use_action(|u| u.works += 1);
        ev.push(PrincesEvent::Work {
            seat,
            profession: prof,
            bonus: bonus.to_vec(),
            value,
            payout,
            prestige,
            returned,
        });
        Ok(())
    }

    pub(super) fn validate_build(
        &self,
        seat: Seat,
        b: u8,
        at: Square,
        rot: u16,
        flip: bool,
    ) -> Res<(Vec<usize>, i64)> {
        self.check_action(|u| (u.builds >= 2).then_some(super::sentences::BUILDS.1))?;
        let info = BUILDINGS
            .get(usize::from(b))
            .ok_or_else(|| PrincesError::SupplyOut("such building".into()))?;
        let p = self.player(seat)?;
        if p.buildings.contains(&b) {
            return Err(PrincesError::AlreadyOwned(info.name));
        }
        if self
            .building_supply
            .get(usize::from(b))
            .copied()
            .unwrap_or(0)
            == 0
        {
            return Err(PrincesError::SupplyOut(info.name.to_string()));
        }
        let cost = BUILD_COST
            .get(usize::from(p.builders))
            .copied()
            .unwrap_or(0);
        let piece = Piece::Building(b);
        let cells = board::check(&p.grid, piece, at, rot, flip, p.builders >= 2)
            .map_err(|e| place_error(e, info.slug))?;
        if p.florins < cost {
            return Err(PrincesError::CannotAfford {
                need: cost,
                have: p.florins,
            });
        }
        Ok((cells, cost))
    }

    pub(super) fn build(
        &mut self,
        seat: Seat,
        b: u8,
        at: Square,
        rot: u16,
        flip: bool,
        ev: &mut Vec<PrincesEvent>,
    ) -> Res<()> {
        let (cells, cost) = self.validate_build(seat, b, at, rot, flip)?;
        // Validated: from here on nothing can fail.
        self.pay_bank(seat, cost);
        if let Some(p) = self.players.get_mut(seat) {
            for i in cells {
                if let Some(c) = p.grid.get_mut(i) {
                    *c = Piece::Building(b).code();
                }
            }
            p.buildings.push(b);
            p.prestige += BUILD_PRESTIGE;
        }
        if let Some(n) = self.building_supply.get_mut(usize::from(b)) {
            *n = n.saturating_sub(1);
        }
        self.use_action(|u| u.builds += 1);
        ev.push(PrincesEvent::Built {
            seat,
            building: b,
            at,
            rot,
            flip,
            cost,
        });
        Ok(())
    }

    pub(super) fn validate_draw(&self, seat: Seat, deck: DeckKind) -> Res<()> {
        match deck {
            DeckKind::Profession => self
                .check_action(|u| (u.profession >= 1).then_some(super::sentences::PROFESSION.1))?,
            _ => self.check_action(|u| (u.bonus >= 2).then_some(super::sentences::BONUS.1))?,
        }
        let empty = match deck {
            DeckKind::Profession => self.profession_deck.is_empty(),
            DeckKind::Bonus => self.bonus_deck.is_empty(),
            DeckKind::Prestige => self.prestige_deck.is_empty(),
        };
        if empty {
            return Err(PrincesError::DeckEmpty(deck.name()));
        }
        let have = self.player(seat)?.florins;
        if have < DRAW_COST {
            return Err(PrincesError::CannotAfford {
                need: DRAW_COST,
                have,
            });
        }
        Ok(())
    }

    pub(super) fn draw(
        &mut self,
        seat: Seat,
        deck: DeckKind,
        ev: &mut Vec<PrincesEvent>,
    ) -> Res<()> {
        self.validate_draw(seat, deck)?;
        self.pay_bank(seat, DRAW_COST);
        self.use_action(|u| match deck {
            DeckKind::Profession => u.profession += 1,
            _ => u.bonus += 1,
        });
        ev.push(PrincesEvent::Draws { seat, deck });
        self.start_look(seat, deck, ev);
        Ok(())
    }

    pub(super) fn validate_freedom(&self, seat: Seat, f: u8) -> Res<()> {
        self.check_action(|u| (u.freedom >= 1).then_some(super::sentences::FREEDOM.1))?;
        let name = freedom_name(f);
        let p = self.player(seat)?;
        if p.freedoms.get(usize::from(f)).copied().unwrap_or(true) {
            return Err(PrincesError::FreedomOwned(name));
        }
        if self
            .freedom_supply
            .get(usize::from(f))
            .copied()
            .unwrap_or(0)
            == 0
        {
            return Err(PrincesError::SupplyOut(format!("freedom of {name}")));
        }
        if p.florins < FREEDOM_COST {
            return Err(PrincesError::CannotAfford {
                need: FREEDOM_COST,
                have: p.florins,
            });
        }
        Ok(())
    }

    pub(super) fn freedom(&mut self, seat: Seat, f: u8, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        self.validate_freedom(seat, f)?;
        self.pay_bank(seat, FREEDOM_COST);
        if let Some(x) = self
            .players
            .get_mut(seat)
            .and_then(|p| p.freedoms.get_mut(usize::from(f)))
        {
            *x = true;
        }
        if let Some(n) = self.freedom_supply.get_mut(usize::from(f)) {
            *n = n.saturating_sub(1);
        }
        self.use_action(|u| u.freedom += 1);
        ev.push(PrincesEvent::Freedom { seat, freedom: f });
        Ok(())
    }

    pub(super) fn recruit(&mut self, seat: Seat, prof: u8, ev: &mut Vec<PrincesEvent>) -> Res<()> {
        if self.player(seat)?.recruits == 0 {
            return Err(PrincesError::NoRecruitCard);
        }
        let from = self
            .players
            .iter()
            .enumerate()
            .find(|(i, p)| *i != seat && p.display.contains(&Face::Profession(prof)))
            .map(|(i, _)| i)
            .ok_or(PrincesError::NotRecruitable(prof_name(prof)))?;
        // Validated: from here on nothing can fail.
        if let Some(slot) = self
            .players
            .get_mut(from)
            .and_then(|v| v.display.iter_mut().find(|f| **f == Face::Profession(prof)))
        {
            *slot = Face::Recruit;
        }
        if let Some(me) = self.players.get_mut(seat) {
            me.recruits -= 1;
            me.hand.push(prof);
        }
        ev.push(PrincesEvent::Recruits {
            seat,
            profession: prof,
            from,
        });
        Ok(())
    }

    pub(super) fn end_turn(&mut self) {
        if let Phase::Actions(b) = &mut self.phase {
            b.order.advance();
            b.used = Used::default();
        }
    }
}
