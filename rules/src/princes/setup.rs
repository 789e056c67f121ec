//! Setting up a game and the round cycle: dealing, keeping three professions, moving
//! from Phase A to Phase B, the best-work award, the end of the game.

use super::data::*;
use super::state::{Phase, PhaseA, PhaseB, Player, Princes, Res, Used};
use super::{prof_name, scoring, DeckKind, PrincesError, PrincesEvent};
use crate::engine::{rng_from_seed, Seat, SetupError};
use crate::seating::{next_seat, seats_from, Responders};
use rand::seq::SliceRandom;
use rand::Rng;

/// A new game: professions dealt (four each), decks shuffled, a random start player.
pub(super) fn new_game(players: usize, seed: u64) -> Result<Princes, SetupError> {
    SetupError::check_players::<Princes>(players)?;
    let mut rng = rng_from_seed(seed);
    let mut professions: Vec<u8> = (1..=21).collect();
    professions.shuffle(&mut rng);
    let dealt: Vec<Vec<u8>> = (0..players)
        .map(|_| professions.drain(..DEALT.min(professions.len())).collect())
        .collect();
    let mut bonus_deck: Vec<u8> = (1..=20).collect();
    bonus_deck.shuffle(&mut rng);
    let mut prestige_deck: Vec<u8> = (1..=14).collect();
    prestige_deck.shuffle(&mut rng);
    let start = rng.gen_range(0..players);
    let free = u8::try_from(players - 1).unwrap_or(0);
    let mut game = Princes {
        rng,
        players: (0..players).map(|_| Player::new()).collect(),
        round: 1,
        start,
        phase: Phase::Setup { dealt },
        pending: None,
        bank: BANK_TOTAL - START_FLORINS * players as i64,
        profession_deck: professions,
        bonus_deck,
        prestige_deck,
        bonus_played: Vec::new(),
        recruiting_supply: RECRUITING_CARDS,
        landscape_supply: [LANDSCAPE_SUPPLY; 3],
        jester_supply: JESTER_SUPPLY,
        builder_supply: BUILDER_SUPPLY,
        building_supply: [COPIES_PER_BUILDING; 10],
        freedom_supply: [free; 3],
        final_cards: Vec::new(),
        prestige_before_cards: Vec::new(),
        memory: Vec::new(),
    };
    game.sync_memory();
    Ok(game)
}

impl Princes {
    /// Setup: `seat` keeps three of its four dealt professions; the fourth goes back.
    pub(super) fn keep_three(
        &mut self,
        seat: Seat,
        ps: &[u8],
        ev: &mut Vec<PrincesEvent>,
    ) -> Res<()> {
        let Phase::Setup { dealt } = &mut self.phase else {
            return Err(self.not_now());
        };
        let Some(mine) = dealt.get_mut(seat) else {
            return Err(PrincesError::NotYourTurn);
        };
        let mut distinct = ps.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        if ps.len() != KEPT || distinct.len() != KEPT || !ps.iter().all(|p| mine.contains(p)) {
            let listing = mine
                .iter()
                .map(|p| prof_name(*p))
                .collect::<Vec<_>>()
                .join(", ");
            return Err(PrincesError::BadKeep(listing));
        }
        // Validated: from here on nothing can fail.
        let returned: Vec<u8> = mine.iter().copied().filter(|p| !ps.contains(p)).collect();
        mine.clear();
        self.remember_under(DeckKind::Profession, seat, &returned);
        self.profession_deck.extend(returned.iter().copied());
        if let Some(p) = self.players.get_mut(seat) {
            p.hand = ps.to_vec();
        }
        ev.push(PrincesEvent::ProfessionsChosen { seat });
        ev.push(PrincesEvent::YouKeepProfessions {
            seat,
            kept: ps.to_vec(),
            returned,
        });
        Ok(())
    }

    /// Moves the game on after a step until someone must act.
    pub(super) fn settle(&mut self, ev: &mut Vec<PrincesEvent>) {
        loop {
            if self.pending.is_some() {
                return;
            }
            match &self.phase {
                Phase::Setup { dealt } => {
                    if dealt.iter().any(|d| !d.is_empty()) {
                        return;
                    }
                    let mut deck = std::mem::take(&mut self.profession_deck);
                    deck.shuffle(&mut self.rng);
                    self.profession_deck = deck;
                    self.forget_professions();
                    self.start_round(ev);
                }
                Phase::Auction(a) => {
                    let n = self.players.len();
                    if a.live.is_some() || (0..n).any(|x| !a.done(x)) {
                        return;
                    }
                    ev.push(PrincesEvent::ActionsBegin { start: self.start });
                    self.phase = Phase::Actions(PhaseB {
                        order: Responders::new(seats_from(self.start, n)),
                        used: Used::default(),
                    });
                }
                Phase::Actions(b) => match b.order.current() {
                    None => self.end_round(ev),
                    Some(x) => {
                        if b.used.actions >= 2 && !self.can_recruit(x) {
                            ev.push(PrincesEvent::TurnEndsTwoActions { seat: x });
                            self.end_turn();
                        } else {
                            return;
                        }
                    }
                },
                Phase::Over => return,
            }
        }
    }

    pub(super) fn start_round(&mut self, ev: &mut Vec<PrincesEvent>) {
        let n = self.players.len();
        ev.push(PrincesEvent::RoundBegins {
            round: self.round,
            start: self.start,
            min: self.min_work(),
        });
        self.phase = Phase::Auction(PhaseA {
            bought: vec![None; n],
            declined: vec![false; n],
            sold: Vec::new(),
            opener: self.start,
            live: None,
        });
    }

    fn end_round(&mut self, ev: &mut Vec<PrincesEvent>) {
        let best = self.players.iter().map(|p| p.best_work).max().unwrap_or(0);
        if best > 0 {
            let winners: Vec<Seat> = (0..self.players.len())
                .filter(|&i| self.players.get(i).is_some_and(|p| p.best_work == best))
                .collect();
            for &w in &winners {
                if let Some(p) = self.players.get_mut(w) {
                    p.prestige += BEST_WORK_PRESTIGE;
                }
            }
            ev.push(PrincesEvent::BestWork {
                round: self.round,
                winners,
                best,
            });
        } else {
            ev.push(PrincesEvent::NoBestWork { round: self.round });
        }
        for p in &mut self.players {
            p.best_work = 0;
        }
        if self.round >= ROUNDS {
            self.finish(ev);
            return;
        }
        self.round += 1;
        self.start = next_seat(self.start, self.players.len());
        self.start_round(ev);
    }

    fn finish(&mut self, ev: &mut Vec<PrincesEvent>) {
        self.prestige_before_cards = self.players.iter().map(|p| p.prestige).collect();
        let scored: Vec<Vec<(u8, i64)>> = (0..self.players.len())
            .map(|i| {
                let cards = self
                    .players
                    .get(i)
                    .map(|p| p.prestige_cards.clone())
                    .unwrap_or_default();
                cards
                    .into_iter()
                    .map(|c| (c, scoring::prestige_card_value(&self.players, i, c)))
                    .collect()
            })
            .collect();
        for (i, cards) in scored.iter().enumerate() {
            let total: i64 = cards.iter().map(|c| c.1).sum();
            if let Some(p) = self.players.get_mut(i) {
                p.prestige += total;
            }
            for (c, pts) in cards {
                ev.push(PrincesEvent::Reveals {
                    seat: i,
                    card: *c,
                    points: *pts,
                });
            }
        }
        self.final_cards = scored;
        self.phase = Phase::Over;
        ev.push(PrincesEvent::GameEnds);
    }
}
