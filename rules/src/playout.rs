//! Random legal playouts and the generic property checks every engine runs over
//! thousands of seeds: games end, every action's text reads back, replay reproduces
//! the state, and a refused action changes nothing.

use crate::engine::{replay, Game, Seat};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A finished (or cut-off) random game and the log that produced it.
#[derive(Debug, Clone)]
pub struct Playout<G: Game> {
    pub game: G,
    pub log: Vec<(Seat, G::Action)>,
}

/// Picks a uniformly random legal action of a random awaited seat.
pub fn random_action<G: Game>(game: &G, rng: &mut impl Rng) -> Option<(Seat, G::Action)> {
    random_action_with(game, rng, &mut Vec::new(), &mut Vec::new())
}

/// [`random_action`] with the caller's buffers for the awaited seats and the legal
/// actions (a playout reuses them at every move); the same draws from `rng`.
fn random_action_with<G: Game>(
    game: &G,
    rng: &mut impl Rng,
    seats: &mut Vec<Seat>,
    legal: &mut Vec<G::Action>,
) -> Option<(Seat, G::Action)> {
    game.awaiting_into(seats);
    // A single seat draws nothing to shuffle (`shuffle` swaps from the second on).
    if seats.len() > 1 {
        seats.shuffle(rng);
    }
    for &seat in seats.iter() {
        // The index `choose` would draw from the list, without the list.
        if let Some(a) = game.pick_legal(seat, &mut |n| choose_index(rng, n), legal) {
            return Some((seat, a));
        }
    }
    None
}

/// The index `SliceRandom::choose` draws for a list of `n` (rand 0.8's `gen_index`), so
/// a playout picking by count plays the same games as one choosing from the list.
fn choose_index(rng: &mut impl Rng, n: usize) -> usize {
    match u32::try_from(n) {
        Ok(n) => rng.gen_range(0..n) as usize,
        Err(_) => rng.gen_range(0..n),
    }
}

/// Checks [`Game::pick_legal`] against `legal` (`legal_actions(seat)`): the count it
/// gives, and the action at the first, middle, last and an `extra` index.
fn check_pick_legal<G: Game>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    extra: usize,
    scratch: &mut Vec<G::Action>,
) -> Result<(), String> {
    let n = legal.len();
    for k in [0, n / 2, n.saturating_sub(1), extra % n.max(1)] {
        let mut counted = None;
        let picked = game.pick_legal(
            seat,
            &mut |m| {
                counted = Some(m);
                k
            },
            scratch,
        );
        if n == 0 {
            if picked.is_some() || counted.is_some() {
                return Err(format!(
                    "pick_legal picks for seat {seat}, who has no action"
                ));
            }
            return Ok(());
        }
        if counted != Some(n) {
            return Err(format!(
                "pick_legal counts {counted:?} actions for seat {seat}, the list {n}"
            ));
        }
        if picked.as_ref() != legal.get(k) {
            return Err(format!(
                "pick_legal's action {k} for seat {seat} is {picked:?}, the list's {:?}",
                legal.get(k)
            ));
        }
    }
    Ok(())
}

/// The actions a playout's log has room for from the start (a whole random game of any
/// engine at most takes a few hundred).
const LOG_ROOM: usize = 512;

/// Plays uniformly random legal actions until the game ends or `max_actions` is hit.
pub fn random_playout<G: Game>(
    players: usize,
    options: &G::Options,
    seed: u64,
    max_actions: usize,
) -> Result<Playout<G>, String> {
    let mut game = G::new(players, options, seed).map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    // Room for a typical whole game, so the log is not regrown move by move.
    let mut log = Vec::with_capacity(max_actions.min(LOG_ROOM));
    let (mut seats, mut legal, mut events) = (Vec::new(), Vec::new(), Vec::new());
    while !game.is_over() && log.len() < max_actions {
        let (seat, action) = random_action_with(&game, &mut rng, &mut seats, &mut legal)
            .ok_or_else(|| format!("seed {seed}: no legal action but the game is not over"))?;
        game.apply_into(seat, &action, &mut events)
            .map_err(|e| format!("seed {seed}: legal action `{action}` refused: {e}"))?;
        log.push((seat, action));
    }
    Ok(Playout { game, log })
}

fn state_bytes<G: Game>(game: &G) -> Vec<u8> {
    serde_json::to_vec(game).expect("engine state serializes")
}

/// Plays one random game checking, at every step:
/// - an unfinished game awaits someone who has a legal action;
/// - each legal action's text parses back to the same action;
/// - actions by seats not awaited, and stale actions from earlier states, are refused
///   (or, if accepted, are genuinely legal) and a refusal leaves the state byte-identical;
/// - `invariant` holds (conservation of cards, money…);
///
/// and at the end that the game is over within `max_actions` and that replaying the
/// log from the seed reproduces the exact state.
pub fn check_random_game<G: Game>(
    players: usize,
    options: &G::Options,
    seed: u64,
    max_actions: usize,
    invariant: impl Fn(&G) -> Result<(), String>,
) -> Result<Playout<G>, String> {
    let mut game = G::new(players, options, seed).map_err(|e| format!("seed {seed}: {e}"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(31).wrapping_add(7));
    let mut log: Vec<(Seat, G::Action)> = Vec::new();
    let mut seen: Vec<G::Action> = Vec::new();
    let (mut seat_buf, mut legal_buf, mut event_buf) = (Vec::new(), Vec::new(), Vec::new());
    invariant(&game).map_err(|e| format!("seed {seed} at setup: {e}"))?;
    while !game.is_over() {
        if log.len() >= max_actions {
            return Err(format!("seed {seed}: not over after {max_actions} actions"));
        }
        let awaiting = game.awaiting();
        if awaiting.is_empty() {
            return Err(format!("seed {seed}: game not over but awaits nobody"));
        }
        // Refusals leave the state untouched.
        let before = state_bytes(&game);
        for seat in 0..players {
            if awaiting.contains(&seat) {
                continue;
            }
            if let Some(stale) = seen.choose(&mut rng) {
                if game.apply(seat, stale).is_ok() {
                    return Err(format!(
                        "seed {seed}: seat {seat} is not awaited yet `{stale}` was accepted"
                    ));
                }
                if state_bytes(&game) != before {
                    return Err(format!("seed {seed}: refused `{stale}` changed the state"));
                }
            }
        }
        let (seat, action) = random_action(&game, &mut rng)
            .ok_or_else(|| format!("seed {seed}: awaited seats have no legal action"))?;
        // A stale action from an earlier state: refused without change, or legal
        // (legal_actions lists meaningful choices, so an equivalent spelling may pass).
        if let Some(stale) = seen.choose(&mut rng).cloned() {
            let mut probe = game.clone();
            if probe.apply_into(seat, &stale, &mut event_buf).is_err()
                && state_bytes(&probe) != before
            {
                return Err(format!("seed {seed}: refused `{stale}` changed the state"));
            }
        }
        let text = action.to_string();
        match game.parse_action(seat, &text) {
            Ok(parsed) if parsed == action => {}
            Ok(parsed) => {
                return Err(format!(
                    "seed {seed}: `{text}` parses to {parsed:?}, not {action:?}"
                ))
            }
            Err(e) => return Err(format!("seed {seed}: `{text}` does not parse: {e}")),
        }
        // The buffer-reusing forms give the same seats, actions, events and state.
        game.awaiting_into(&mut seat_buf);
        if seat_buf != awaiting {
            return Err(format!("seed {seed}: awaiting_into differs from awaiting"));
        }
        for &s in &awaiting {
            game.legal_actions_into(s, &mut legal_buf);
            if legal_buf != game.legal_actions(s) {
                return Err(format!(
                    "seed {seed}: legal_actions_into differs for seat {s}"
                ));
            }
        }
        let mut pick_buf = Vec::new();
        for s in 0..players {
            let legal = game.legal_actions(s);
            check_pick_legal(&game, s, &legal, log.len() * 7919, &mut pick_buf)
                .map_err(|e| format!("seed {seed}: {e}"))?;
        }
        let mut twin = game.clone();
        twin.apply_into(seat, &action, &mut event_buf)
            .map_err(|e| format!("seed {seed}: apply_into refused `{action}`: {e}"))?;
        let events = game
            .apply(seat, &action)
            .map_err(|e| format!("seed {seed}: legal action `{action}` refused: {e}"))?;
        if format!("{events:?}") != format!("{event_buf:?}")
            || state_bytes(&twin) != state_bytes(&game)
        {
            return Err(format!(
                "seed {seed}: apply_into differs from apply for `{action}`"
            ));
        }
        invariant(&game).map_err(|e| format!("seed {seed} after `{action}`: {e}"))?;
        if !seen.contains(&action) && seen.len() < 256 {
            seen.push(action.clone());
        }
        log.push((seat, action));
    }
    if game.outcome().is_none() {
        return Err(format!("seed {seed}: game over without an outcome"));
    }
    let replayed: G =
        replay(players, options, seed, &log).map_err(|e| format!("seed {seed}: {e}"))?;
    if state_bytes(&replayed) != state_bytes(&game) {
        return Err(format!("seed {seed}: replay differs from the played game"));
    }
    Ok(Playout { game, log })
}

/// How [`check_absent_game`] picks the moves it plays.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AbsentPlay {
    /// The share of moves that are uniformly random legal actions (the rest are the
    /// awaited seat's `Absent::Auto` move): 0 for games every seat sits out, 1 for random
    /// games checked at every state.
    pub random_share: f64,
    /// Fail unless the game is over within this many actions.
    pub max_actions: usize,
}

/// The seat's absent move as chosen from freshly built views (what the table does).
fn absent_index<G: Game>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    absent: crate::engine::Absent,
) -> Option<usize> {
    G::absent_move(
        &game.public_view(),
        &game.private_view(seat),
        seat,
        legal,
        absent,
    )
}

/// Plays one game checking [`Game::absent_move`] at every state, for every awaited seat:
/// - `Absent::Auto` answers whenever the seat has a legal action, with an index into
///   them, the same when asked again (deterministic), whose text parses back to it;
/// - `Absent::Pass` answers exactly when some legal action's text is one of
///   `pass_words` (the game's passes), and then with such an action.
///
/// `absent_move` sees only the public view and the seat's own private view, so it cannot
/// use another seat's secrets. The moves played are Auto moves of a random awaited seat,
/// or random legal actions (see [`AbsentPlay`]); the game must end within the bound.
pub fn check_absent_game<G: Game>(
    players: usize,
    options: &G::Options,
    seed: u64,
    play: AbsentPlay,
    pass_words: &[&str],
) -> Result<Playout<G>, String> {
    use crate::engine::Absent;
    let mut game = G::new(players, options, seed).map_err(|e| format!("seed {seed}: {e}"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0xab);
    let mut log: Vec<(Seat, G::Action)> = Vec::new();
    while !game.is_over() {
        if log.len() >= play.max_actions {
            return Err(format!(
                "seed {seed}: not over after {} actions",
                play.max_actions
            ));
        }
        let mut awaiting = game.awaiting();
        if awaiting.is_empty() {
            return Err(format!("seed {seed}: game not over but awaits nobody"));
        }
        awaiting.shuffle(&mut rng);
        let mut autos = Vec::with_capacity(awaiting.len());
        for &seat in &awaiting {
            let legal = game.legal_actions(seat);
            let at = |what: &str| format!("seed {seed}, action {}, seat {seat}: {what}", log.len());
            let auto = absent_index(&game, seat, &legal, Absent::Auto);
            match auto {
                None if !legal.is_empty() => return Err(at("Auto has no move")),
                Some(i) if i >= legal.len() => {
                    return Err(at(&format!("Auto index {i} of {}", legal.len())))
                }
                _ => {}
            }
            if absent_index(&game, seat, &legal, Absent::Auto) != auto {
                return Err(at("Auto changed its mind"));
            }
            let is_pass = |a: &G::Action| pass_words.contains(&a.to_string().as_str());
            let pass = absent_index(&game, seat, &legal, Absent::Pass);
            match pass {
                Some(i) if !legal.get(i).is_some_and(is_pass) => {
                    let text = legal.get(i).map(|a| a.to_string());
                    return Err(at(&format!("Pass chose {text:?}, not a pass")));
                }
                None if legal.iter().any(is_pass) => {
                    return Err(at("Pass has no move though a pass is legal"))
                }
                _ => {}
            }
            for i in [auto, pass].into_iter().flatten() {
                let action = &legal[i];
                let text = action.to_string();
                if game.parse_action(seat, &text).as_ref() != Ok(action) {
                    return Err(at(&format!("`{text}` does not parse back")));
                }
            }
            if let Some(i) = auto {
                autos.push((seat, legal[i].clone()));
            }
        }
        let random = rng.gen_bool(play.random_share.clamp(0.0, 1.0));
        let chosen = if random {
            random_action(&game, &mut rng)
        } else {
            autos.into_iter().next()
        };
        let (seat, action) =
            chosen.ok_or_else(|| format!("seed {seed}: awaited seats have no legal action"))?;
        game.apply(seat, &action)
            .map_err(|e| format!("seed {seed}: `{action}` refused: {e}"))?;
        log.push((seat, action));
    }
    if game.outcome().is_none() {
        return Err(format!("seed {seed}: game over without an outcome"));
    }
    Ok(Playout { game, log })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choose_index_draws_what_choose_draws() {
        for n in [1usize, 2, 3, 7, 200, 1000, 1 << 20] {
            let list: Vec<usize> = (0..n).collect();
            for seed in 0..50 {
                let mut a = ChaCha8Rng::seed_from_u64(seed);
                let mut b = a.clone();
                assert_eq!(Some(&choose_index(&mut a, n)), list.choose(&mut b), "n {n}");
                assert_eq!(a, b, "the same draws for n {n}");
            }
        }
    }
}
