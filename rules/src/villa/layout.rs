//! Villas built from explicit geometry and tweaked by hand: the helpers scenario tests
//! set positions up with.

use super::*;

impl Villa {
    /// Builds a villa from explicit geometry (tests): floor positions and, per column,
    /// `Some((level, pos))` or `None` when it has left the game. It is `turn`'s turn.
    pub fn from_layout(
        players: usize,
        options: &VillaOptions,
        seed: u64,
        floors: Vec<P>,
        layout: &[Option<(u8, P)>],
        turn: Seat,
    ) -> Result<Villa, SetupError> {
        if floors.len() > data::FLOOR_NAMES.len() {
            return Err(SetupError::BadOption(
                "a villa has at most five floors".into(),
            ));
        }
        let mut v = Villa::new(players, options, seed)?;
        v.set_floors(floors);
        for (i, c) in v.columns.iter_mut().enumerate() {
            match layout.get(i).copied().flatten() {
                Some((level, pos)) => {
                    *c = Column {
                        level,
                        pos,
                        frozen: false,
                        gone: false,
                        on: None,
                        placed: true,
                    };
                }
                None => {
                    *c = Column {
                        level: 0,
                        pos: (0.0, 0.0),
                        frozen: false,
                        gone: true,
                        on: None,
                        placed: true,
                    };
                }
            }
        }
        v.turn = turn;
        v.phase = Phase::Turn {
            seat: turn,
            stage: Stage::Begin,
        };
        Ok(v)
    }

    /// Test helper: freeze a column, stack one on another, or set the seal.
    pub fn tweak(&mut self, f: impl FnOnce(&mut Vec<Column>, &mut Seal)) {
        f(&mut self.columns, &mut self.seal);
    }

    /// Test helper: replace the hidden noise source (the RNG) — the view must not change.
    pub fn reseed_noise(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
    }
}
