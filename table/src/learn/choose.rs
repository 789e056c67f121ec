//! How a lesson's deal is chosen: a playout of the lesson as the coach leads it — the
//! learner (seat 0) plays the coach's suggestion at each decision, the others are easy
//! bots — recording what the lesson's decisions meet: the rules topics the coach points
//! to, the kinds of moves offered and the kinds played. The deal of each title in
//! `setups.tsv` is the seed whose lesson meets the most (see `docs/learning.md`).

use super::{topic_index, Setup};
use crate::think::search_seed;
use rules::DynGame;
use std::collections::BTreeSet;

/// The learner's seat in a lesson (the caller opens the table and sits first).
const LEARNER: usize = 0;
/// Most moves of all seats a playout makes before it is called stuck.
const MOVE_LIMIT: usize = 5_000;

/// What a lesson's decisions meet, in a playout of its deal.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Coverage {
    /// The learner's decisions the coach told.
    pub decisions: u32,
    /// Whether the game was still on after the lesson's last decision.
    pub completes: bool,
    /// The rules topics the coach pointed to (places among the digest's headings).
    pub topics: BTreeSet<usize>,
    /// The kinds of moves (first words) the decisions offered.
    pub offered: BTreeSet<String>,
    /// The kinds of moves the learner played.
    pub played: BTreeSet<String>,
}

impl Coverage {
    /// The order of merit of a deal: it completes, then most topics, then most kinds
    /// played, then most kinds offered.
    pub fn merit(&self) -> (bool, usize, usize, usize) {
        (
            self.completes,
            self.topics.len(),
            self.played.len(),
            self.offered.len(),
        )
    }
}

/// The move `seat` makes in `game` at the easy level, searched without a deadline so
/// the playout is the same on every machine.
fn easy_move(game: &dyn DynGame, seat: usize, game_seed: u64, version: u64) -> Option<String> {
    let seed = search_seed(game_seed, version, seat);
    let decision =
        ai::decide_dyn_capped(game, seat, ai::Level::Easy, None, seed, &|| false).ok()??;
    game.legal_texts(seat).into_iter().nth(decision.index)
}

/// Plays `setup`'s lesson with deal `seed` until its decisions are told or the game
/// ends, and says what the decisions met.
pub fn coverage(setup: &Setup, seed: u64) -> Coverage {
    let mut cover = Coverage::default();
    let Some(kind) = rules::catalog::find(&setup.game) else {
        return cover;
    };
    let seats = setup.bots + 1;
    let Ok(options) = rules::dynamic::options_from_text(&setup.options) else {
        return cover;
    };
    let Ok(mut game) = (kind.new)(seats, &options, seed) else {
        return cover;
    };
    let names: Vec<String> = (0..seats).map(|s| format!("seat{s}")).collect();
    // The learner's moves last told: a decision is told once, while others move.
    let mut told: Option<Vec<String>> = None;
    for version in 0..MOVE_LIMIT as u64 {
        if game.is_over() {
            return cover;
        }
        let awaiting = game.awaiting();
        // Bots answer at once; the learner reads the coach first.
        let seat = match awaiting.iter().find(|&&s| s != LEARNER) {
            Some(&bot) => bot,
            None if awaiting.contains(&LEARNER) => LEARNER,
            None => return cover,
        };
        if awaiting.contains(&LEARNER) {
            let legal = game.legal_texts(LEARNER);
            if told.as_ref() != Some(&legal) {
                if cover.decisions >= setup.decisions {
                    cover.completes = true;
                    return cover;
                }
                cover.decisions += 1;
                let kinds: Vec<&str> = legal
                    .iter()
                    .filter_map(|l| l.split_whitespace().next())
                    .collect();
                if let Some(first) = kinds.first() {
                    cover.topics.insert(topic_index(kind.id, first));
                }
                cover.offered.extend(kinds.iter().map(|k| k.to_string()));
                told = Some(legal);
            }
        }
        let Some(text) = easy_move(game.as_ref(), seat, seed, version) else {
            return cover;
        };
        if seat == LEARNER {
            told = None;
            if let Some(word) = text.split_whitespace().next() {
                cover.played.insert(word.to_string());
            }
        }
        if game.apply_text(seat, &text, &names).is_err() {
            return cover;
        }
    }
    cover
}

/// The seeds `1..=last` searched for a title's deal, and the best of them: the first
/// seed of the highest [`Coverage::merit`].
pub fn best_seed(setup: &Setup, last: u64) -> Option<(u64, Coverage)> {
    let mut best: Option<(u64, Coverage)> = None;
    for seed in 1..=last {
        let cover = coverage(setup, seed);
        println!("{} seed {seed}: {:?}", setup.game, cover.merit());
        let better = match &best {
            Some((_, b)) => cover.merit() > b.merit(),
            None => true,
        };
        if better {
            best = Some((seed, cover));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::setups;

    /// The seeds searched for the lessons' deals (`setups.tsv`'s header).
    const SEARCHED: u64 = 100;

    /// The search for the lessons' deals, run by hand (a few minutes):
    /// `cargo test -p table --lib choose_the_lessons_deals -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn choose_the_lessons_deals() {
        for setup in setups() {
            let (seed, cover) = best_seed(&setup, SEARCHED).expect("a seed");
            println!(
                "best {} seed {seed}: {:?} topics {:?} played {:?} offered {:?}",
                setup.game,
                cover.merit(),
                cover.topics,
                cover.played,
                cover.offered
            );
        }
    }

    #[test]
    fn every_lessons_deal_still_covers_what_its_line_says() {
        for setup in setups() {
            let cover = coverage(&setup, setup.seed);
            let game = &setup.game;
            println!("{game} seed {}: {:?}", setup.seed, cover.merit());
            assert!(cover.completes, "{game}: the game ends within the lesson");
            assert_eq!(cover.decisions, setup.decisions, "{game}");
            assert!(
                cover.topics.len() >= setup.topics,
                "{game}: topics {:?}, the line says {}",
                cover.topics,
                setup.topics
            );
            assert!(
                cover.played.len() >= setup.kinds,
                "{game}: kinds played {:?}, the line says {}",
                cover.played,
                setup.kinds
            );
        }
    }

    #[test]
    fn the_search_keeps_the_first_seed_of_the_highest_merit() {
        let setup = setups().into_iter().find(|s| s.game == "villa").unwrap();
        let (seed, best) = best_seed(&setup, 3).unwrap();
        for other in 1..=3 {
            let cover = coverage(&setup, other);
            assert!(cover.merit() <= best.merit());
            if other < seed {
                assert!(cover.merit() < best.merit());
            }
        }
    }
}
