//! The generic property check of [`Game::undoable`] that every engine runs over random
//! playouts: an action the engine calls undoable is taken back exactly by replaying the
//! log without it, and what it shows does not depend on anything hidden from its player.

use crate::engine::{replay, Game, Seat};
use crate::playout::random_action;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What one checked playout saw: how many actions, and how many of them undoable.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct UndoCount {
    pub actions: usize,
    pub undoable: usize,
}

fn json<T: serde::Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).unwrap_or_default()
}

/// Plays one random game (up to `max_actions`) and checks, for every action the engine
/// calls undoable:
/// - replaying the log without it (and without the actions after it) from the seed
///   gives exactly the state before it (checked at up to `replays` random positions:
///   each replay costs a whole game's prefix);
/// - it revealed nothing hidden from its player: played from states that player cannot
///   tell apart from the real one ([`Game::determinize`], `samples` of them), it shows
///   everyone the same public view and its player the same private view as it did.
pub fn check_undo_game<G: Game>(
    players: usize,
    options: &G::Options,
    seed: u64,
    max_actions: usize,
    replays: usize,
    samples: usize,
) -> Result<UndoCount, String> {
    let mut game = G::new(players, options, seed).map_err(|e| format!("seed {seed}: {e}"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0005_eed0_f0d0);
    let mut log: Vec<(Seat, G::Action)> = Vec::new();
    let mut count = UndoCount::default();
    let mut replays_left = replays;
    while !game.is_over() && log.len() < max_actions {
        let (seat, action) = random_action(&game, &mut rng)
            .ok_or_else(|| format!("seed {seed}: awaited seats have no legal action"))?;
        let before = game.clone();
        game.apply(seat, &action)
            .map_err(|e| format!("seed {seed}: legal action `{action}` refused: {e}"))?;
        count.actions += 1;
        if G::undoable(&before, seat, &action, &game) {
            count.undoable += 1;
            if replays_left > 0 && rng.gen_bool(0.2) {
                replays_left -= 1;
                let back: G = replay(players, options, seed, &log)
                    .map_err(|e| format!("seed {seed}: {e}"))?;
                if json(&back) != json(&before) {
                    return Err(format!(
                        "seed {seed}: replaying the log without undoable `{action}` (action {}) does not give the state before it",
                        log.len() + 1
                    ));
                }
            }
            for _ in 0..samples {
                let mut other = before.determinize(seat, &mut rng);
                // A sample its player could tell apart is determinize's fault, not the
                // undo's: only samples with the same views are compared.
                if json(&other.public_view()) != json(&before.public_view())
                    || json(&other.private_view(seat)) != json(&before.private_view(seat))
                {
                    continue;
                }
                if other.apply(seat, &action).is_err() {
                    return Err(format!(
                        "seed {seed}: undoable `{action}` is refused in a state its player cannot tell apart"
                    ));
                }
                if json(&other.public_view()) != json(&game.public_view())
                    || json(&other.private_view(seat)) != json(&game.private_view(seat))
                {
                    return Err(format!(
                        "seed {seed}: undoable `{action}` (action {}) showed something hidden from its player",
                        log.len() + 1
                    ));
                }
            }
        }
        log.push((seat, action));
    }
    Ok(count)
}

/// [`check_undo_game`] over `seeds` seeds and every player count of `G`: the totals, and
/// an error if any game failed or no action at all was undoable (a check that saw
/// nothing proves nothing).
pub fn check_undo_games<G: Game>(
    options: &G::Options,
    seeds: std::ops::Range<u64>,
    max_actions: usize,
) -> Result<UndoCount, String> {
    let mut total = UndoCount::default();
    let (min, max) = G::PLAYERS;
    for seed in seeds {
        for players in min..=max {
            let c = check_undo_game::<G>(players, options, seed, max_actions, 2, 2)?;
            total.actions += c.actions;
            total.undoable += c.undoable;
        }
    }
    if total.undoable == 0 || total.undoable == total.actions {
        return Err(format!(
            "{}: {} of {} actions undoable: the check needs both kinds",
            G::ID,
            total.undoable,
            total.actions
        ));
    }
    Ok(total)
}

/// The first state of a random playout (`seed`) where an awaited seat may play an action
/// `wanted` accepts, with that seat and action: how the engines' tests reach a kind of
/// move without scripting a whole game.
pub fn find_action<G: Game>(
    players: usize,
    options: &G::Options,
    seed: u64,
    max_actions: usize,
    wanted: impl Fn(&G, Seat, &G::Action) -> bool,
) -> Option<(G, Seat, G::Action)> {
    let mut game = G::new(players, options, seed).ok()?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..max_actions {
        for seat in game.awaiting() {
            if let Some(a) = game
                .legal_actions(seat)
                .into_iter()
                .find(|a| wanted(&game, seat, a))
            {
                return Some((game, seat, a));
            }
        }
        let (seat, action) = random_action(&game, &mut rng)?;
        game.apply(seat, &action).ok()?;
    }
    None
}

/// Whether `action` by `seat` in `game` is undoable by the engine's own judgement.
pub fn undoable_in<G: Game>(game: &G, seat: Seat, action: &G::Action) -> bool {
    let mut after = game.clone();
    after.apply(seat, action).is_ok() && G::undoable(game, seat, action, &after)
}
