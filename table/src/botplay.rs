//! The table's own use of the bot (the `ai` crate): the normal bot's move for a seat,
//! searched from that seat's own knowledge only (ISMCTS over `Game::determinize`), for a
//! timed-out turn under the `auto` policy, for seats handed to a bot (`bot` policy, see
//! `away.rs`) and for `/game hint`.
//!
//! Every search is seeded from public facts alone (the channel, the game's id, its
//! version and the seat — never the game's secret shuffle seed), so the same position
//! gives the same move, and a search cannot stumble on the real deal.

use crate::{Active, Table};
use rules::{DynGame, Seat};
use std::time::{Duration, Instant};

/// A search's safety cap in wall time: the budget of iterations ends it long before (the
/// normal bot takes ≤ 0.5 s a move); a game whose position is far costlier than measured
/// still gets an answer.
const SEARCH_CAP: Duration = Duration::from_secs(20);

/// The most decisions the bot makes in a row for one timed-out player (their turn's).
pub(crate) const TURN_DECISIONS: usize = 12;

/// The search seed of `seat`'s decision at `version` of a game: public facts only.
pub(crate) fn search_seed(channel: u64, game_id: u64, version: u64, seat: Seat) -> u64 {
    let mut x = channel
        ^ game_id.rotate_left(21)
        ^ version.rotate_left(42)
        ^ (seat as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // splitmix64's finalizer: nearby inputs give unrelated seeds.
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A move the bot chose: its text (what `DynGame::apply_text` reads) and how it rated it
/// for the seat (`0..=1`: mostly the win share, partly the score margin).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BotMove {
    pub line: String,
    pub expected: f64,
    pub iterations: u32,
}

/// `seat`'s move in `game` at `level`, searched from that seat's knowledge with `seed`;
/// `None` when it has no legal move or no bot plays this game.
pub(crate) fn bot_move(
    game: &dyn DynGame,
    seat: Seat,
    level: ai::Level,
    seed: u64,
) -> Option<BotMove> {
    let deadline = Instant::now() + SEARCH_CAP;
    let stop = move || Instant::now() >= deadline;
    match ai::decide_dyn(game, seat, level, seed, &stop) {
        Ok(Some(d)) => {
            let line = game.legal_texts(seat).into_iter().nth(d.index)?;
            Some(BotMove {
                line,
                expected: d.expected,
                iterations: d.iterations,
            })
        }
        Ok(None) => None,
        Err(e) => {
            tracing::error!(game = game.kind().id, error = %e, "the bot cannot play");
            None
        }
    }
}

/// The bot's moves for `seats` whose time ran out (policy `auto`): for each in turn, its
/// decisions while it stays awaited (at most [`TURN_DECISIONS`]), searched and applied on
/// a copy of `game` (`at`: its channel, game id and version), so that the real moves can
/// be stored one by one and told as one.
pub(crate) fn bot_turn_plan(
    game: &dyn DynGame,
    at: (u64, u64, u64),
    seats: &[Seat],
    names: &[String],
    level: ai::Level,
) -> Vec<(Seat, String)> {
    let (channel, game_id, version) = at;
    let mut game = game.box_clone();
    let mut plan = Vec::new();
    for &seat in seats {
        for _ in 0..TURN_DECISIONS {
            if game.is_over() || !game.awaiting().contains(&seat) {
                break;
            }
            let seed = search_seed(channel, game_id, version + plan.len() as u64, seat);
            let Some(m) = bot_move(game.as_ref(), seat, level, seed) else {
                break;
            };
            if game.apply_text(seat, &m.line, names).is_err() {
                break;
            }
            plan.push((seat, m.line));
        }
    }
    plan
}

impl Table {
    /// [`bot_turn_plan`] for the awaited `seats` of `active`, at the table's bot level.
    pub(crate) fn bot_turn_plan(&self, active: &Active, seats: &[Seat]) -> Vec<(Seat, String)> {
        let Some(game) = active.game.as_ref() else {
            return vec![];
        };
        let meta = &active.meta;
        bot_turn_plan(
            game.as_ref(),
            (meta.channel, meta.game_id, meta.version),
            seats,
            &active.names(),
            self.bot_level,
        )
    }
}
