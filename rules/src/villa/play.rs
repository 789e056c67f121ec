//! The rules: validating and applying actions, turn flow, risk checks, the seal.

use super::data::{FEEL_WORDS, FLOOR_NAMES, RED_FLOOR, TUNING};
use super::model::{self, GridPt, Target};
use super::text::{Doing, VillaEvent as Ev};
use super::*;
use crate::seating::{next_seat, others_after};
use rand::Rng;

pub(super) fn floor_name(k: usize) -> String {
    FLOOR_NAMES
        .get(k.wrapping_sub(1))
        .unwrap_or(&"?")
        .to_string()
}

impl Villa {
    // ----- facts -------------------------------------------------------------------

    /// Why column `c` cannot be moved at all, if it cannot.
    fn immovable(&self, c: ColId) -> Option<VillaError> {
        let col = self.col(c)?;
        let name = Self::name(c);
        if col.gone || !col.placed {
            Some(VillaError::Gone(name))
        } else if col.level as usize >= self.top() {
            Some(VillaError::OnTopLevel(name))
        } else if col.frozen {
            Some(VillaError::Frozen(name))
        } else {
            None
        }
    }

    /// [`Self::immovable`] is `None` (the same tests, without naming the column).
    fn movable(&self, c: ColId) -> bool {
        self.movable_below(c, self.top())
    }

    /// Could column `c` be pulled were the top floor `top` (the tower now, or with the next
    /// floor on it): standing, not frozen, below that floor.
    pub(super) fn movable_below(&self, c: ColId, top: usize) -> bool {
        self.col(c)
            .is_some_and(|col| !col.gone && col.placed && (col.level as usize) < top && !col.frozen)
    }

    pub(super) fn ids() -> impl Iterator<Item = ColId> {
        0..COLUMNS as ColId
    }

    /// Has `seat` an own column that can be moved ([`Self::own_movable`] is not empty)?
    fn any_own_movable(&self, seat: Seat) -> bool {
        Self::ids().any(|c| self.owner(c) == Some(seat) && self.movable(c))
    }

    /// Has `seat` an own column of colour `k` that can be moved?
    fn any_own_movable_in(&self, seat: Seat, k: u8) -> bool {
        Self::ids()
            .any(|c| Self::colour_of(c) == k && self.owner(c) == Some(seat) && self.movable(c))
    }

    /// `seat`'s own columns that can be moved.
    pub(super) fn own_movable(&self, seat: Seat) -> Vec<ColId> {
        Self::ids()
            .filter(|&c| self.owner(c) == Some(seat) && self.movable(c))
            .collect()
    }

    fn neutral_on_level(&self, level: u8) -> usize {
        self.columns
            .iter()
            .enumerate()
            .filter(|(i, c)| {
                self.owner(*i as ColId).is_none() && c.placed && !c.gone && c.level == level
            })
            .count()
    }

    /// Neutral columns that may be moved (not the last neutral on its level).
    pub(super) fn eligible_neutrals(&self) -> Vec<ColId> {
        if self.players != 3 {
            return vec![];
        }
        Self::ids()
            .filter(|&c| self.owner(c).is_none() && self.movable(c))
            .filter(|&c| {
                self.col(c)
                    .is_some_and(|col| self.neutral_on_level(col.level) >= 2)
            })
            .collect()
    }

    fn can_propose(&self) -> bool {
        self.any_floor_position()
    }

    fn can_act(&self, seat: Seat) -> bool {
        self.any_own_movable(seat) || !self.eligible_neutrals().is_empty() || self.can_propose()
    }

    /// What the game waits for, for refusals (one of [`super::WAITING_FOR`]).
    fn expected(&self) -> String {
        use super::waiting as w;
        let (_, text) = match &self.phase {
            Phase::SetupColumns { .. } => w::SETUP_COLUMNS,
            Phase::SetupFloor { .. } => w::SETUP_FLOOR,
            Phase::Turn {
                stage: Stage::Begin,
                ..
            } if self.players == 2 => w::BEGIN_PLAY,
            Phase::Turn {
                stage: Stage::Begin,
                ..
            } if self.players == 3 && !self.eligible_neutrals().is_empty() => w::BEGIN_NEUTRAL,
            Phase::Turn {
                stage: Stage::Begin,
                ..
            } => w::BEGIN_PULL,
            Phase::Turn { .. } => w::PULL_OWN,
            Phase::Pick {
                why: Why::ObjectFloor { .. },
                ..
            } => w::OBJECTOR_PULLS,
            Phase::Pick { .. } => w::CHALLENGER_PULLS,
            Phase::Feel { .. } => w::FEEL,
            Phase::Objections { .. } => w::OBJECTIONS,
            Phase::Challenges { .. } => w::CHALLENGES,
            Phase::Removal { .. } => w::REMOVAL,
            Phase::PlaceFloor { .. } => w::PLACE_FLOOR,
            Phase::Over => w::OVER,
        };
        text.to_string()
    }

    // ----- randomness ----------------------------------------------------------------

    fn normal(&mut self, sigma: f64) -> f64 {
        let z: f64 = self.rng.sample(rand_distr::StandardNormal);
        z * sigma
    }

    /// One risky step: the villa stands when margin − |d| ≥ 0, d ~ N(0, σ).
    fn survives(&mut self, margin: f64, sigma: f64) -> bool {
        let d = self.normal(sigma);
        margin - d.abs() >= 0.0
    }

    /// The margin of `floors` with every standing column but `without`: the margin of
    /// [`Villa::pieces`], with the pieces listed on the stack.
    pub(super) fn margin_without(&self, floors: &[P], without: Option<ColId>) -> f64 {
        if self.columns.len() > COLUMNS {
            return self.margin_of(floors, &self.pieces(without));
        }
        let none = model::Piece {
            kind: Self::kind_of(0),
            level: 0,
            pos: (0.0, 0.0),
        };
        let mut pieces = [none; COLUMNS];
        let (mut n, mut lifted) = (0, None);
        for (i, c) in self.columns.iter().enumerate() {
            if c.placed && !c.gone {
                if without == Some(i as ColId) {
                    lifted = Some(n);
                }
                pieces[n] = model::Piece {
                    kind: Self::kind_of(i as ColId),
                    level: c.level as usize,
                    pos: c.pos,
                };
                n += 1;
            }
        }
        model::margin_lifting(floors, &pieces[..n], lifted, &self.hulls)
    }

    pub(super) fn pull_sigma(&self, c: ColId) -> f64 {
        let level = self.col(c).map_or(0, |col| col.level as usize);
        pull_sigma_at(self.top(), level, self.is_supporting(c))
    }

    fn feel_index(reading: f64) -> u8 {
        if reading >= TUNING.feel_solid {
            0
        } else if reading >= TUNING.feel_wobble {
            1
        } else if reading >= TUNING.feel_creak {
            2
        } else {
            (FEEL_WORDS.len() - 1) as u8
        }
    }

    // ----- flow ----------------------------------------------------------------------

    fn finish(&mut self, ending: Ending, ev: &mut Vec<Ev>) {
        self.ending = Some(ending);
        self.phase = Phase::Over;
        ev.push(Ev::GameOver {
            ending,
            holder: self.seal.holder,
            previous: self.seal.previous,
        });
    }

    fn collapse(&mut self, by: Seat, doing: Doing, ev: &mut Vec<Ev>) {
        ev.push(Ev::Collapse { seat: by, doing });
        self.finish(Ending::Collapse { by }, ev);
    }

    /// Gives the turn to `from` or the next seat that can act; ends the game otherwise.
    fn begin_turn(&mut self, from: Seat, ev: &mut Vec<Ev>) {
        let mut skipped = vec![];
        for s in crate::seating::seats_from(from, self.players) {
            if self.can_act(s) {
                ev.extend(skipped.into_iter().map(|seat| Ev::Skipped { seat }));
                self.turn = s;
                self.phase = Phase::Turn {
                    seat: s,
                    stage: Stage::Begin,
                };
                return;
            }
            skipped.push(s);
        }
        self.finish(Ending::Stalled, ev);
    }

    fn end_turn(&mut self, ev: &mut Vec<Ev>) {
        self.turns += 1;
        self.begin_turn(next_seat(self.turn, self.players), ev);
    }

    /// 3 players: after the neutral step, one of your own — if you have one.
    fn own_step(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
        if !self.any_own_movable(seat) {
            self.end_turn(ev);
        } else {
            self.phase = Phase::Turn {
                seat,
                stage: Stage::Own,
            };
        }
    }

    fn go_place_floor(&mut self, proposer: Seat, ev: &mut Vec<Ev>) {
        if self.floor_positions().is_empty() {
            ev.push(Ev::NoFloorPosition {
                seat: proposer,
                floor: self.top() + 1,
            });
            self.end_turn(ev);
        } else {
            self.phase = Phase::PlaceFloor { proposer };
        }
    }

    fn take_seal(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
        if self.seal.holder != Some(seat) {
            let from = self.seal.holder;
            self.seal.previous = from;
            self.seal.holder = Some(seat);
            ev.push(Ev::SealTaken {
                seat,
                from,
                score: self.score(seat),
            });
        }
    }

    /// The seal after `mover` put column `c` on the top floor.
    fn seal_after_place(&mut self, mover: Seat, c: ColId, ev: &mut Vec<Ev>) {
        if self.top() < 2 {
            return;
        }
        if !self.seal.claimed {
            self.seal.claimed = true;
            self.take_seal(mover, ev);
            return;
        }
        if let (Some(owner), Some(holder)) = (self.owner(c), self.seal.holder) {
            if owner != holder && self.score(owner) > self.score(holder) {
                self.take_seal(owner, ev);
            }
        }
    }

    // ----- actions -------------------------------------------------------------------

    /// Applies `seat`'s action, its events written into `ev` (cleared first; left empty
    /// when the action is refused, which changes nothing).
    pub(super) fn act_into(
        &mut self,
        seat: Seat,
        action: &VillaAction,
        ev: &mut Vec<Ev>,
    ) -> Result<(), VillaError> {
        ev.clear();
        let done = self.act(seat, action, ev);
        if done.is_err() {
            ev.clear();
        }
        done
    }

    fn act(
        &mut self,
        seat: Seat,
        action: &VillaAction,
        ev: &mut Vec<Ev>,
    ) -> Result<(), VillaError> {
        if self.is_over() {
            return Err(VillaError::GameOver);
        }
        if !self.awaits(seat) {
            return Err(VillaError::NotYourTurn(self.expected()));
        }
        match (self.phase.clone(), action) {
            (Phase::SetupColumns { placer }, VillaAction::Set { col, at }) => {
                let p = self.setup_check(placer, *col, *at)?;
                if let Some(c) = self.columns.get_mut(*col as usize) {
                    c.pos = p;
                    c.level = 0;
                    c.placed = true;
                }
                ev.push(Ev::SetColumn {
                    seat,
                    col: *col,
                    at: at.to_string(),
                });
                let next =
                    crate::seating::seats_from(next_seat(placer, self.players), self.players)
                        .into_iter()
                        .find(|&s| !self.setup_columns_for(s).is_empty());
                match next {
                    Some(s) => self.phase = Phase::SetupColumns { placer: s },
                    None => {
                        if self.setup_floor_positions().is_empty() {
                            self.finish(Ending::NoFoundation, ev);
                        } else {
                            self.phase = Phase::SetupFloor { placer };
                        }
                    }
                }
            }
            (Phase::SetupFloor { .. }, VillaAction::Floor(at)) => {
                let pos = self.floor_check(*at, Self::SETUP_FLOOR_SUPPORTS, true)?;
                let mut floors = std::mem::take(&mut self.floors);
                floors.push(pos);
                self.set_floors(floors);
                ev.push(Ev::FloorPlaced {
                    seat,
                    floor: 1,
                    at: at.to_string(),
                });
                self.begin_turn(self.players - 1, ev);
            }
            (
                Phase::Turn {
                    stage: Stage::Begin,
                    ..
                },
                VillaAction::Propose,
            ) => {
                if self.top() >= RED_FLOOR {
                    return Err(VillaError::NoFloorsLeft);
                }
                if self.floor_positions().is_empty() {
                    let k = self.top() + 1;
                    return Err(VillaError::NoFloorPosition(
                        floor_name(k),
                        self.need_supports(k),
                    ));
                }
                ev.push(Ev::Proposed {
                    seat,
                    floor: self.top() + 1,
                });
                self.phase = Phase::Objections {
                    proposer: seat,
                    answers: Responders::new(others_after(seat, self.players)),
                };
            }
            (
                Phase::Turn { .. } | Phase::Pick { .. } | Phase::Feel { .. },
                VillaAction::Propose,
            ) => {
                return Err(VillaError::NotNow(
                    super::waiting::PROPOSE_AT_START.1.into(),
                ));
            }
            (
                Phase::Turn {
                    stage: Stage::Begin,
                    ..
                },
                VillaAction::Play(k),
            ) if self.players == 2 => {
                // The colour's name, for a refusal only.
                let name = || COLOURS.get(*k as usize).unwrap_or(&"?").to_string();
                if self.owners.get(*k as usize).copied().flatten() != Some(seat) {
                    return Err(VillaError::NotYourColour(name()));
                }
                if !self.any_own_movable_in(seat, *k) {
                    return Err(VillaError::NoMovableInColour(name()));
                }
                ev.push(Ev::PlaysColour { seat, colour: *k });
                self.phase = Phase::Turn {
                    seat,
                    stage: Stage::Colour(*k),
                };
            }
            (Phase::Turn { stage, .. }, VillaAction::Pull(c)) => {
                let why = self.check_turn_pull(seat, stage, *c)?;
                self.start_pull(seat, *c, why, ev);
            }
            (Phase::Pick { why, .. }, VillaAction::Pull(c)) => {
                self.check_pick_pull(why, *c)?;
                self.start_pull(seat, *c, why, ev);
            }
            (Phase::Feel { col, why, .. }, VillaAction::Place(at)) => {
                self.place(seat, col, why, *at, ev)?
            }
            (Phase::Feel { col, why, .. }, VillaAction::Abort) => self.abort(seat, col, why, ev),
            (Phase::Objections { proposer, .. }, VillaAction::Object) => {
                if !self.any_own_movable(proposer) {
                    return Err(VillaError::NothingToObject);
                }
                ev.push(Ev::Objected { seat, proposer });
                self.phase = Phase::Pick {
                    seat,
                    why: Why::ObjectFloor { proposer },
                };
            }
            (
                Phase::Objections {
                    proposer,
                    mut answers,
                },
                VillaAction::Allow,
            ) => {
                ev.push(Ev::Allowed { seat });
                answers.advance();
                if answers.is_done() {
                    self.go_place_floor(proposer, ev);
                } else {
                    self.phase = Phase::Objections { proposer, answers };
                }
            }
            (Phase::Challenges { original, .. }, VillaAction::Challenge) => {
                if self.eligible_neutrals().is_empty() {
                    return Err(VillaError::NothingToChallenge);
                }
                ev.push(Ev::Challenged { seat, original });
                self.phase = Phase::Pick {
                    seat,
                    why: Why::Challenge { original },
                };
            }
            (
                Phase::Challenges {
                    original,
                    mut answers,
                },
                VillaAction::Allow,
            ) => {
                ev.push(Ev::Allowed { seat });
                answers.advance();
                if answers.is_done() {
                    self.own_step(original, ev);
                } else {
                    self.phase = Phase::Challenges { original, answers };
                }
            }
            (Phase::Removal { proposer, objector }, VillaAction::Remove(c)) => {
                self.check_removal(objector, *c)?;
                let sigma = self.pull_sigma(*c);
                let m = self.margin_without(&self.floors, Some(*c));
                if !self.survives(m, sigma) {
                    self.collapse(proposer, Doing::Removing(*c), ev);
                } else {
                    if let Some(col) = self.columns.get_mut(*c as usize) {
                        col.gone = true;
                    }
                    ev.push(Ev::Removed { seat, col: *c });
                    self.go_place_floor(proposer, ev);
                }
            }
            (Phase::PlaceFloor { proposer }, VillaAction::Floor(at)) => {
                let k = self.top() + 1;
                let (floors, m) = self.with_next_floor(*at)?;
                if !self.survives(m, TUNING.sigma_place_floor) {
                    self.collapse(proposer, Doing::PlacingFloor(k), ev);
                } else {
                    self.set_floors(floors);
                    self.seal.claimed = false;
                    ev.push(Ev::FloorPlaced {
                        seat,
                        floor: k,
                        at: at.to_string(),
                    });
                    self.end_turn(ev);
                }
            }
            _ => return Err(VillaError::NotNow(self.expected())),
        }
        Ok(())
    }

    fn check_turn_pull(&self, seat: Seat, stage: Stage, c: ColId) -> Result<Why, VillaError> {
        // The column's name, for a refusal only.
        let name = || Self::name(c);
        let why = match (self.players, stage) {
            (2, Stage::Begin) => {
                return Err(VillaError::NotNow(super::waiting::CHOOSE_COLOUR.1.into()))
            }
            (2, Stage::Colour(k)) => {
                if Self::colour_of(c) != k {
                    let colour = COLOURS.get(k as usize).unwrap_or(&"?").to_string();
                    return Err(VillaError::WrongColour(colour, name()));
                }
                Why::Move
            }
            (3, Stage::Begin) if !self.eligible_neutrals().is_empty() => {
                if self.owner(c).is_some() {
                    return Err(VillaError::NeutralFirst(COLOURS[3].to_string(), name()));
                }
                Why::Neutral
            }
            _ => {
                if self.owner(c) != Some(seat) {
                    return Err(VillaError::NotYours(name()));
                }
                Why::Move
            }
        };
        if let Some(e) = self.immovable(c) {
            return Err(e);
        }
        if why == Why::Neutral && !self.eligible_neutrals().contains(&c) {
            return Err(VillaError::LastNeutral(name()));
        }
        Ok(why)
    }

    fn check_pick_pull(&self, why: Why, c: ColId) -> Result<(), VillaError> {
        // The column's name, for a refusal only.
        let name = || Self::name(c);
        match why {
            Why::ObjectFloor { proposer } => {
                if self.owner(c) != Some(proposer) {
                    return Err(VillaError::NotProposers(name()));
                }
            }
            _ => {
                if self.owner(c).is_some() {
                    return Err(VillaError::NeutralFirst(COLOURS[3].to_string(), name()));
                }
            }
        }
        if let Some(e) = self.immovable(c) {
            return Err(e);
        }
        if matches!(why, Why::Challenge { .. }) && !self.eligible_neutrals().contains(&c) {
            return Err(VillaError::LastNeutral(name()));
        }
        Ok(())
    }

    fn removable(&self, objector: Seat) -> Vec<ColId> {
        Self::ids()
            .filter(|&c| self.check_removal(objector, c).is_ok())
            .collect()
    }

    fn check_removal(&self, objector: Seat, c: ColId) -> Result<(), VillaError> {
        let name = Self::name(c);
        let col = self
            .col(c)
            .ok_or_else(|| VillaError::NotObjectors(name.clone()))?;
        if self.owner(c) != Some(objector) {
            return Err(VillaError::NotObjectors(name));
        }
        if col.gone || !col.placed {
            return Err(VillaError::Gone(name));
        }
        if col.level as usize >= self.top() {
            return Err(VillaError::OnTopLevel(name));
        }
        Ok(())
    }

    fn start_pull(&mut self, seat: Seat, c: ColId, why: Why, ev: &mut Vec<Ev>) {
        let m = self.margin_without(&self.floors, Some(c));
        let reading = m + self.normal(TUNING.feel_sigma);
        let feel = Self::feel_index(reading);
        ev.push(Ev::Pulled { seat, col: c, feel });
        self.phase = Phase::Feel {
            seat,
            col: c,
            feel,
            why,
        };
    }

    fn place(
        &mut self,
        seat: Seat,
        c: ColId,
        why: Why,
        at: GridPt,
        ev: &mut Vec<Ev>,
    ) -> Result<(), VillaError> {
        let (p, target) = self.place_check(c, at)?;
        // The pull's check: the villa without the column.
        let sigma = self.pull_sigma(c);
        let m = self.margin_without(&self.floors, Some(c));
        if !self.survives(m, sigma) {
            self.collapse(seat, Doing::Pulling(c), ev);
            return Ok(());
        }
        // Landing noise, clamped so the column stays where it was aimed.
        let (dx, dy) = (
            self.normal(TUNING.landing_sigma),
            self.normal(TUNING.landing_sigma),
        );
        let n = self.top();
        let poly = model::floor_poly(n, self.floors[n - 1]);
        let standing = self.standing();
        let q = model::clamp_landing(
            Self::kind_of(c),
            p,
            (p.0 + dx, p.1 + dy),
            target,
            &poly,
            &standing,
        );
        if let Some(col) = self.columns.get_mut(c as usize) {
            col.level = n as u8;
            col.pos = q;
            col.on = match target {
                Target::OnTop(id) => Some(id),
                Target::Floor => None,
            };
        }
        let m = self.margin_without(&self.floors, None);
        if !self.survives(m, TUNING.sigma_place_column) {
            self.collapse(seat, Doing::Placing(c), ev);
            return Ok(());
        }
        let landed = self.grid().nearest(q).to_string();
        ev.push(Ev::Placed {
            seat,
            col: c,
            at: at.to_string(),
            landed,
            on: self.col(c).and_then(|x| x.on),
        });
        match why {
            Why::Move => {
                self.seal_after_place(seat, c, ev);
                self.end_turn(ev);
            }
            Why::Neutral => {
                self.seal_after_place(seat, c, ev);
                self.own_step(seat, ev);
            }
            Why::ObjectFloor { proposer } => {
                if let Some(col) = self.columns.get_mut(c as usize) {
                    col.gone = true;
                    col.on = None;
                }
                ev.push(Ev::ObjectionSucceeded {
                    seat,
                    proposer,
                    col: c,
                });
                self.end_turn(ev);
            }
            Why::Challenge { original } => {
                self.seal_after_place(seat, c, ev);
                ev.push(Ev::ChallengeSucceeded { seat, original });
                self.end_turn(ev);
            }
        }
        Ok(())
    }

    fn abort(&mut self, seat: Seat, c: ColId, why: Why, ev: &mut Vec<Ev>) {
        if let Some(col) = self.columns.get_mut(c as usize) {
            col.frozen = true;
        }
        ev.push(Ev::Aborted { seat, col: c });
        match why {
            Why::Move => self.end_turn(ev),
            Why::Neutral => {
                if self.eligible_neutrals().is_empty() {
                    self.own_step(seat, ev);
                } else {
                    self.phase = Phase::Challenges {
                        original: seat,
                        answers: Responders::new(others_after(seat, self.players)),
                    };
                }
            }
            Why::ObjectFloor { proposer } => {
                if self.removable(seat).is_empty() {
                    self.go_place_floor(proposer, ev);
                } else {
                    self.phase = Phase::Removal {
                        proposer,
                        objector: seat,
                    };
                }
            }
            Why::Challenge { original } => self.own_step(original, ev),
        }
    }

    // ----- legal actions -----------------------------------------------------------

    /// The legal actions of `seat` (who is awaited), appended to `out`.
    pub(super) fn legal_into(&self, seat: Seat, out: &mut Vec<VillaAction>) {
        match &self.phase {
            Phase::Over => {}
            Phase::SetupColumns { placer } => {
                // Thin columns of a colour are alike: list only the first one left.
                let mut cols = self.setup_columns_for(*placer);
                let mut seen: Vec<(u8, &str)> = vec![];
                cols.retain(|&c| {
                    let key = (Self::colour_of(c), Self::kind_of(c).name);
                    if seen.contains(&key) {
                        false
                    } else {
                        seen.push(key);
                        true
                    }
                });
                // `setup_check`'s placement test with the grid and the standing columns
                // taken once (the columns listed are the placer's and unplaced).
                let (grid, others) = (self.grid(), self.setup_others());
                for c in cols {
                    let shape = Self::kind_of(c).shape;
                    for at in grid.all() {
                        if grid
                            .point(at)
                            .is_some_and(|p| model::base_place_ok(shape, p, &others).is_ok())
                        {
                            out.push(VillaAction::Set { col: c, at });
                        }
                    }
                }
            }
            Phase::SetupFloor { .. } => out.extend(
                self.setup_floor_positions()
                    .into_iter()
                    .map(VillaAction::Floor),
            ),
            Phase::Turn { stage, .. } => {
                if *stage == Stage::Begin && self.can_propose() {
                    out.push(VillaAction::Propose);
                }
                match (self.players, *stage) {
                    (2, Stage::Begin) => {
                        for k in 0..4u8 {
                            if self.owners.get(k as usize).copied().flatten() == Some(seat)
                                && self.any_own_movable_in(seat, k)
                            {
                                out.push(VillaAction::Play(k));
                            }
                        }
                    }
                    (2, Stage::Colour(k)) => out.extend(
                        self.own_movable(seat)
                            .into_iter()
                            .filter(|&c| Self::colour_of(c) == k)
                            .map(VillaAction::Pull),
                    ),
                    (3, Stage::Begin) if !self.eligible_neutrals().is_empty() => {
                        out.extend(self.eligible_neutrals().into_iter().map(VillaAction::Pull))
                    }
                    _ => out.extend(self.own_movable(seat).into_iter().map(VillaAction::Pull)),
                }
            }
            Phase::Pick { why, .. } => match why {
                Why::ObjectFloor { proposer } => out.extend(
                    self.own_movable(*proposer)
                        .into_iter()
                        .map(VillaAction::Pull),
                ),
                _ => out.extend(self.eligible_neutrals().into_iter().map(VillaAction::Pull)),
            },
            Phase::Feel { col, .. } => {
                out.extend(self.place_points(*col).into_iter().map(VillaAction::Place));
                out.push(VillaAction::Abort);
            }
            Phase::Objections { proposer, .. } => {
                if self.any_own_movable(*proposer) {
                    out.push(VillaAction::Object);
                }
                out.push(VillaAction::Allow);
            }
            Phase::Challenges { .. } => {
                if !self.eligible_neutrals().is_empty() {
                    out.push(VillaAction::Challenge);
                }
                out.push(VillaAction::Allow);
            }
            Phase::Removal { objector, .. } => out.extend(
                self.removable(*objector)
                    .into_iter()
                    .map(VillaAction::Remove),
            ),
            Phase::PlaceFloor { .. } => {
                out.extend(self.floor_positions().into_iter().map(VillaAction::Floor))
            }
        }
    }
}

/// σ of pulling a column standing on `level` out of a tower whose top floor is `top`: the
/// rules' base (a column holding up the floor above, or a free one) grows with the
/// floors above it.
pub(super) fn pull_sigma_at(top: usize, level: usize, supporting: bool) -> f64 {
    let base = if supporting {
        TUNING.sigma_pull_supporting
    } else {
        TUNING.sigma_pull_free
    };
    base * (1.0 + TUNING.height_factor * top.saturating_sub(level) as f64)
}
