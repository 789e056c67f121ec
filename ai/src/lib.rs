//! Bots for capomaestro's games: a seat's move chosen by Information-Set MCTS
//! ([`search`]) from what that seat may know, at a few [`Level`]s.
//!
//! Pure like `rules`: no I/O, no async, no clock. The caller passes an iteration budget
//! (through the level) and a `stop` function — its deadline, "time is up" — as a safety
//! cap; the search never reads a clock itself. Same state, seat, level and seed give the
//! same move whenever `stop` does not fire.
//!
//! Where a game names a rule of thumb for the spot (`Game::rule_of_thumb`: Villa
//! Paletti's seal and floors), the searching levels play it without searching; hard also
//! plays the rules inside its search tree where the game allows it
//! ([`Budget::rules_in_tree`]: Villa at three or more players).
//!
//! Typed callers use [`choose`]; the table, which holds a `Box<dyn DynGame>`, uses
//! [`choose_dyn`], which finds the engine by the game's id.

pub mod reward;
pub mod search;

use rand::Rng;
use rules::dynamic::{decode_snapshot, DynGame};
use rules::engine::rng_from_seed;
use rules::{Absent, Craft, Game, Seat};
pub use search::{search, Budget, Decision, TreeRules};

/// Mixed into the seed for the hidden parts a rule of thumb reads, so that drawing them
/// leaves the search's own draws as they were.
const THUMB_DRAW: u64 = 0x7475_6d62_5f64_7261;

/// A playout depth long enough to reach the end of any game of these titles.
pub const TO_THE_END: u32 = 400;

/// How one game's playouts run, at every level (tuned with the arena: docs/ai.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayoutStyle {
    /// The engine id (`palazzo`).
    pub game: &'static str,
    /// Playout depth instead of the level's (`None`: the level's, cut by the estimate).
    pub depth: Option<u32>,
    /// Percent of playout moves from the game's own `playout_move` policy.
    pub guided_percent: u8,
    /// Hard's iterations instead of [`Level::HARD`]'s, where the game's moves are cheap
    /// enough to think longer within hard's time goal (`None`: the level's).
    pub hard_iterations: Option<u32>,
}

/// Per game: playouts run to the end where moves are cheap and a mid-game score says
/// little (Palazzo's unfinished palaces count against; The Estates' buildings score only
/// once a row is done; the Princes' prestige comes mostly from the last rounds' works),
/// and follow the game's default policy where random play is mostly
/// blunders (Palazzo: random payments and reconstructions). The Estates' hard seat thinks
/// nine times as long, the Princes' nearly seven: 3,000 iterations used a seventh of
/// hard's 3,000 ms or less, and more won more against two normal seats (docs/ai.md).
pub const PLAYOUT_STYLES: [PlayoutStyle; 3] = [
    PlayoutStyle {
        game: "palazzo",
        depth: Some(TO_THE_END),
        guided_percent: 80,
        hard_iterations: None,
    },
    PlayoutStyle {
        game: "estates",
        depth: Some(TO_THE_END),
        guided_percent: 0,
        hard_iterations: Some(27_000),
    },
    PlayoutStyle {
        game: "princes",
        depth: Some(TO_THE_END),
        guided_percent: 0,
        hard_iterations: Some(20_000),
    },
];

/// How strong a bot plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// A uniformly random legal move (a baseline).
    Random,
    /// The game's fixed default move for an absent seat, `Absent::Auto` (a baseline).
    Auto,
    /// ISMCTS with [`Level::EASY`].
    Easy,
    /// ISMCTS with [`Level::NORMAL`].
    Normal,
    /// ISMCTS with [`Level::HARD`].
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Auto,
        Level::Easy,
        Level::Normal,
        Level::Hard,
    ];
    /// Easy: a quick look (goal: p99 ≤ 50 ms a move on one core).
    pub const EASY: Budget = Budget {
        iterations: 60,
        playout_depth: 12,
        guided_percent: 0,
        rules_in_tree: None,
    };
    /// Normal: the default bot (goal: p99 ≤ 500 ms a move).
    pub const NORMAL: Budget = Budget {
        iterations: 600,
        playout_depth: 20,
        guided_percent: 0,
        rules_in_tree: None,
    };
    /// Hard: a long think (goal: p99 ≤ 3,000 ms a move), planning with the rules of thumb
    /// in its tree where the game allows it: its own always, the others' in half the
    /// samples (Villa Paletti at three or more players: 0.440 and 0.535 against two normal
    /// seats before, 0.635 at both seeds after; docs/ai.md).
    pub const HARD: Budget = Budget {
        iterations: 3_000,
        playout_depth: 30,
        guided_percent: 0,
        rules_in_tree: Some(TreeRules {
            craft: Craft::Expert,
            others_percent: 50,
        }),
    };

    /// The search budget, `None` for the baselines that do not search.
    pub fn budget(self) -> Option<Budget> {
        match self {
            Level::Random | Level::Auto => None,
            Level::Easy => Some(Level::EASY),
            Level::Normal => Some(Level::NORMAL),
            Level::Hard => Some(Level::HARD),
        }
    }

    /// The budget for game `id`: the level's iterations, with the game's playout style
    /// ([`PLAYOUT_STYLES`]) and its own hard iterations where it has them.
    pub fn budget_for(self, id: &str) -> Option<Budget> {
        self.budget().map(
            |b| match PLAYOUT_STYLES.iter().find(|style| style.game == id) {
                Some(style) => Budget {
                    iterations: match (self, style.hard_iterations) {
                        (Level::Hard, Some(n)) => n,
                        _ => b.iterations,
                    },
                    playout_depth: style.depth.unwrap_or(b.playout_depth),
                    guided_percent: style.guided_percent,
                    rules_in_tree: b.rules_in_tree,
                },
                None => b,
            },
        )
    }

    /// Which rules of thumb the level plays: hard knows one more, Villa's holder raising
    /// its score at three or more players (`docs/ai.md`).
    pub fn craft(self) -> Craft {
        match self {
            Level::Hard => Craft::Expert,
            _ => Craft::Common,
        }
    }

    /// The level's word (`normal`), as [`Level::parse`] reads it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Auto => "auto",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// Reads a level's word (case-insensitive); `None` for anything else.
    pub fn parse(text: &str) -> Option<Level> {
        let text = text.trim().to_lowercase();
        Level::ALL.into_iter().find(|l| l.name() == text)
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// `seat`'s move in `state` at `level`: an index into `state.legal_actions(seat)` (of this
/// real state, never of a sample), with what the search did. `None` when the seat has no
/// legal action. `stop` is the caller's deadline, checked between iterations.
pub fn decide<G: Game>(
    state: &G,
    seat: Seat,
    level: Level,
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Option<Decision> {
    decide_capped(state, seat, level, None, seed, stop)
}

/// [`decide`] with the level's budget cut down to at most `cap` (iterations and playout
/// depth each): the table's tests and quick local games play the levels on tiny budgets.
pub fn decide_capped<G: Game>(
    state: &G,
    seat: Seat,
    level: Level,
    cap: Option<Budget>,
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Option<Decision> {
    let legal = state.legal_actions(seat);
    if legal.is_empty() {
        return None;
    }
    let quick = |index: usize| Decision {
        index,
        iterations: 0,
        stopped: false,
        expected: 0.5,
        rule: None,
    };
    match level.budget_for(G::ID) {
        None if level == Level::Random => {
            Some(quick(rng_from_seed(seed).gen_range(0..legal.len())))
        }
        None => {
            let index = G::absent_move(
                &state.public_view(),
                &state.private_view(seat),
                seat,
                &legal,
                Absent::Auto,
            )
            .filter(|&i| i < legal.len())
            .unwrap_or(0);
            Some(quick(index))
        }
        Some(budget) => {
            // The game's rule of thumb, where it has one, goes before the search. It reads a
            // state the seat cannot tell from this one (its own draw of the hidden parts,
            // apart from the search's), so even a careless rule cannot read a secret.
            let seen = state.determinize(seat, &mut rng_from_seed(seed ^ THUMB_DRAW));
            let thumb = seen.rule_of_thumb(seat, &legal, level.craft());
            if let Some(thumb) = thumb.filter(|t| t.index < legal.len()) {
                return Some(Decision {
                    rule: Some(thumb.why),
                    ..quick(thumb.index)
                });
            }
            let budget = match cap {
                Some(cap) => Budget {
                    iterations: budget.iterations.min(cap.iterations),
                    playout_depth: budget.playout_depth.min(cap.playout_depth),
                    ..budget
                },
                None => budget,
            };
            search(state, seat, &budget, seed, stop)
        }
    }
}

/// [`decide`], the index alone.
pub fn choose<G: Game>(
    state: &G,
    seat: Seat,
    level: Level,
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Option<usize> {
    decide(state, seat, level, seed, stop).map(|d| d.index)
}

/// Why [`choose_dyn`] could not search a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AiError {
    /// No bot knows this game id.
    UnknownGame(String),
    /// The game's snapshot did not decode (the decoder's reason).
    Snapshot(String),
}

impl std::fmt::Display for AiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AiError::UnknownGame(id) => write!(f, "No bot can play the game `{id}`."),
            AiError::Snapshot(why) => write!(f, "The bot could not read the game: {why}"),
        }
    }
}

impl std::error::Error for AiError {}

/// [`decide`] for a game the caller holds type-erased (the table's `Box<dyn DynGame>`):
/// the engine is found by `game.kind().id` and the state read back from its snapshot.
/// The index is into `game.legal_texts(seat)` (the same order as `legal_actions`).
pub fn decide_dyn(
    game: &dyn DynGame,
    seat: Seat,
    level: Level,
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Decision>, AiError> {
    decide_dyn_capped(game, seat, level, None, seed, stop)
}

/// [`decide_dyn`] with the level's budget cut down to at most `cap` (see [`decide_capped`]).
pub fn decide_dyn_capped(
    game: &dyn DynGame,
    seat: Seat,
    level: Level,
    cap: Option<Budget>,
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<Decision>, AiError> {
    fn typed<G: Game>(
        game: &dyn DynGame,
        seat: Seat,
        level: Level,
        cap: Option<Budget>,
        seed: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Decision>, AiError> {
        let state: G = decode_snapshot(&game.snapshot()).map_err(AiError::Snapshot)?;
        Ok(decide_capped(&state, seat, level, cap, seed, stop))
    }
    match game.kind().id {
        rules::palazzo::Palazzo::ID => {
            typed::<rules::palazzo::Palazzo>(game, seat, level, cap, seed, stop)
        }
        rules::villa::Villa::ID => typed::<rules::villa::Villa>(game, seat, level, cap, seed, stop),
        rules::estates::Estates::ID => {
            typed::<rules::estates::Estates>(game, seat, level, cap, seed, stop)
        }
        rules::princes::Princes::ID => {
            typed::<rules::princes::Princes>(game, seat, level, cap, seed, stop)
        }
        #[cfg(feature = "testgame")]
        rules::testgame::Countdown::ID => {
            typed::<rules::testgame::Countdown>(game, seat, level, cap, seed, stop)
        }
        other => Err(AiError::UnknownGame(other.to_string())),
    }
}

/// [`decide_dyn`], the chosen move's canonical text (what `DynGame::apply_text` reads).
pub fn choose_dyn(
    game: &dyn DynGame,
    seat: Seat,
    level: Level,
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Option<String>, AiError> {
    let decision = decide_dyn(game, seat, level, seed, stop)?;
    Ok(decision.and_then(|d| game.legal_texts(seat).into_iter().nth(d.index)))
}
