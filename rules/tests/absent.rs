//! Timed-out seats: for every engine, games where every seat is absent (each move the
//! awaited seat's `Absent::Auto` move) end within a bound, mixed games (random legal
//! moves and Auto moves) end too, and at every state of random games Auto answers with a
//! legal action and Pass only with a pass (see `rules::playout::check_absent_game`).
//! The per-decision choices are unit-tested beside each engine (`<game>/absent.rs`).

use rules::engine::Game;
use rules::estates::{Estates, EstatesOptions};
use rules::palazzo::Palazzo;
use rules::playout::{check_absent_game, AbsentPlay};
use rules::princes::Princes;
use rules::villa::{SetupMode, Villa, VillaOptions};

/// Seeds per player count (override with `ABSENT_SEEDS` for a longer soak).
fn seeds(default: u64) -> u64 {
    std::env::var("ABSENT_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// Plays `seeds` games per player count in `G::PLAYERS`; returns the longest game.
fn games<G: Game>(
    options: &G::Options,
    seeds: u64,
    play: AbsentPlay,
    pass_words: &[&str],
) -> usize {
    let (min, max) = G::PLAYERS;
    let mut longest = 0;
    for players in min..=max {
        for seed in 0..seeds {
            let p = check_absent_game::<G>(players, options, seed, play, pass_words)
                .unwrap_or_else(|e| panic!("{} with {players} players: {e}", G::TITLE));
            assert!(p.game.is_over());
            longest = longest.max(p.log.len());
        }
    }
    eprintln!("{}: longest {longest}", G::TITLE);
    longest
}

const ALL_ABSENT: f64 = 0.0;
const MIXED: f64 = 0.5;
const RANDOM: f64 = 1.0;

fn play(random_share: f64, max_actions: usize) -> AbsentPlay {
    AbsentPlay {
        random_share,
        max_actions,
    }
}

const PALAZZO_PASSES: &[&str] = &["pass"];
const ESTATES_PASSES: &[&str] = &["pass"];
const PRINCES_PASSES: &[&str] = &["pass", "decline", "later", "done"];
const VILLA_PASSES: &[&str] = &["allow"];

// Bounds: every seat absent, games are short (the longest seen: Palazzo 178 actions,
// The Estates 96, Princes 75, Villa 81); mixed and random games get the random-playout
// bounds the generic checks use.

#[test]
fn palazzo_every_seat_absent_ends() {
    games::<Palazzo>(
        &Default::default(),
        seeds(100),
        play(ALL_ABSENT, 400),
        PALAZZO_PASSES,
    );
}

#[test]
fn palazzo_mixed_absent_and_random_moves_end() {
    games::<Palazzo>(
        &Default::default(),
        seeds(100),
        play(MIXED, 20_000),
        PALAZZO_PASSES,
    );
}

#[test]
fn palazzo_random_states_get_legal_auto_and_pass_moves() {
    games::<Palazzo>(
        &Default::default(),
        seeds(50),
        play(RANDOM, 20_000),
        PALAZZO_PASSES,
    );
}

#[test]
fn estates_every_seat_absent_ends() {
    games::<Estates>(
        &Default::default(),
        seeds(150),
        play(ALL_ABSENT, 300),
        ESTATES_PASSES,
    );
    // A match of several rounds, too.
    games::<Estates>(
        &EstatesOptions { rounds: 3 },
        seeds(30),
        play(ALL_ABSENT, 900),
        ESTATES_PASSES,
    );
}

#[test]
fn estates_mixed_absent_and_random_moves_end() {
    games::<Estates>(
        &Default::default(),
        seeds(100),
        play(MIXED, 2000),
        ESTATES_PASSES,
    );
}

#[test]
fn estates_random_states_get_legal_auto_and_pass_moves() {
    games::<Estates>(
        &Default::default(),
        seeds(100),
        play(RANDOM, 2000),
        ESTATES_PASSES,
    );
}

#[test]
fn princes_every_seat_absent_ends() {
    games::<Princes>(
        &Default::default(),
        seeds(150),
        play(ALL_ABSENT, 200),
        PRINCES_PASSES,
    );
}

#[test]
fn princes_mixed_absent_and_random_moves_end() {
    games::<Princes>(
        &Default::default(),
        seeds(100),
        play(MIXED, 20_000),
        PRINCES_PASSES,
    );
}

#[test]
fn princes_random_states_get_legal_auto_and_pass_moves() {
    games::<Princes>(
        &Default::default(),
        seeds(30),
        play(RANDOM, 20_000),
        PRINCES_PASSES,
    );
}

#[test]
fn villa_every_seat_absent_ends() {
    games::<Villa>(
        &Default::default(),
        seeds(100),
        play(ALL_ABSENT, 200),
        VILLA_PASSES,
    );
    let custom = VillaOptions {
        setup: SetupMode::Custom,
        min_supports_from_orange: 2,
    };
    games::<Villa>(&custom, seeds(20), play(ALL_ABSENT, 300), VILLA_PASSES);
}

#[test]
fn villa_mixed_absent_and_random_moves_end() {
    games::<Villa>(
        &Default::default(),
        seeds(100),
        play(MIXED, 2000),
        VILLA_PASSES,
    );
}

#[test]
fn villa_random_states_get_legal_auto_and_pass_moves() {
    games::<Villa>(
        &Default::default(),
        seeds(60),
        play(RANDOM, 2000),
        VILLA_PASSES,
    );
}

#[test]
fn every_rules_text_says_what_a_timed_out_player_does() {
    for kind in rules::catalog::games() {
        let text = (kind.rules_text)();
        let section = text
            .split("\n## ")
            .find(|s| s.starts_with("When a player times out\n"))
            .unwrap_or_else(|| panic!("{}: no `## When a player times out`", kind.id));
        for word in [
            "**auto**",
            "**default**",
            "**skip**",
            "**bot**",
            "**drop**",
            "pass",
        ] {
            assert!(
                section.contains(word),
                "{}: the section lacks {word}",
                kind.id
            );
        }
    }
}

#[test]
fn the_table_gets_the_absent_move_as_a_legal_text() {
    use rules::engine::Absent;
    for kind in rules::catalog::games() {
        let players = kind.players.0.max(3).min(kind.players.1);
        let mut game = (kind.new)(players, &serde_json::Value::Null, 4).unwrap();
        let names: Vec<String> = (1..=players).map(|i| format!("P{i}")).collect();
        for _ in 0..40 {
            let Some(&seat) = game.awaiting().first() else {
                break;
            };
            let legal = game.legal_texts(seat);
            let auto = game.absent_text(seat, Absent::Auto).unwrap();
            assert!(legal.contains(&auto), "{}: `{auto}` not legal", kind.id);
            if let Some(pass) = game.absent_text(seat, Absent::Pass) {
                assert!(legal.contains(&pass), "{}: `{pass}` not legal", kind.id);
            }
            game.apply_text(seat, &auto, &names).unwrap();
        }
    }
}
