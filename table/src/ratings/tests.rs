//! The rating rules, and the model against a reference implementation's numbers.

use super::*;

/// Hand-made games rated once by OpenSkill (see `reference.py`, which wrote the file).
const REFERENCE: &str = include_str!("reference.json");

#[test]
fn the_model_matches_the_reference_implementation() {
    let reference: serde_json::Value = serde_json::from_str(REFERENCE).unwrap();
    let games = reference["games"].as_array().unwrap();
    assert!(games.len() >= 5);
    let pair = |v: &serde_json::Value| Skill {
        mu: v[0].as_f64().unwrap(),
        sigma: v[1].as_f64().unwrap(),
    };
    for game in games {
        let name = game["name"].as_str().unwrap();
        let entries: Vec<Entry> = game["before"]
            .as_array()
            .unwrap()
            .iter()
            .zip(game["places"].as_array().unwrap())
            .map(|(b, p)| Entry {
                skill: pair(b),
                place: p.as_u64().unwrap() as u32,
                anchor: false,
            })
            .collect();
        let after = rate(&entries);
        for (seat, (got, want)) in after
            .iter()
            .zip(game["after"].as_array().unwrap())
            .enumerate()
        {
            let want = pair(want);
            assert!(
                (got.mu - want.mu).abs() < 1e-9 && (got.sigma - want.sigma).abs() < 1e-9,
                "{name}, seat {seat}: {got:?} vs the reference's {want:?}"
            );
        }
    }
}

#[test]
fn a_new_player_shows_1000_and_is_provisional_until_five_games() {
    let mut rating = Rating::NEW;
    assert_eq!(rating.shown(), 1_000);
    let rival = Seat::Anchor(Skill {
        mu: 25.0,
        sigma: 1.0,
    });
    for games in 1..=PROVISIONAL_GAMES {
        assert!(
            rating.provisional(),
            "provisional after {} games",
            games - 1
        );
        rating = rate_game(&[Seat::Person(rating), rival], &[1, 2])[0].unwrap();
        assert_eq!(rating.games, games);
    }
    assert!(
        !rating.provisional(),
        "still provisional after {PROVISIONAL_GAMES} games"
    );
}

#[test]
fn ties_share_the_change_of_equal_players() {
    let a = Seat::Person(Rating::NEW);
    let rated = rate_game(&[a, a, a], &[1, 1, 3]);
    let (first, second, third) = (rated[0].unwrap(), rated[1].unwrap(), rated[2].unwrap());
    assert_eq!(first.skill, second.skill, "tied equals move alike");
    assert!(first.skill.mu > Skill::NEW.mu && third.skill.mu < Skill::NEW.mu);
    // A full tie between equals moves no one's mean.
    let all = rate_game(&[a, a], &[1, 1]);
    assert!((all[0].unwrap().skill.mu - Skill::NEW.mu).abs() < 1e-12);
}

#[test]
fn anchors_never_move_and_rate_the_person_against_them() {
    let hard = Skill {
        mu: 32.0,
        sigma: 1.0,
    };
    let easy = Skill {
        mu: 20.0,
        sigma: 1.0,
    };
    let seats = [
        Seat::Person(Rating::NEW),
        Seat::Anchor(hard),
        Seat::Anchor(easy),
    ];
    let rated = rate_game(&seats, &[1, 2, 3]);
    assert!(
        rated[1].is_none() && rated[2].is_none(),
        "an anchor gets no rating"
    );
    let won = rated[0].unwrap();
    assert!(won.skill.mu > Skill::NEW.mu);
    assert_eq!(won.last_change, won.shown() - 1_000);
    // Beating the hard anchor is worth more than beating the easy one.
    let vs = |anchor| rate_game(&[Seat::Person(Rating::NEW), Seat::Anchor(anchor)], &[1, 2])[0];
    assert!(vs(hard).unwrap().skill.mu > vs(easy).unwrap().skill.mu);
}

#[test]
fn a_dropped_seat_ranks_last_and_loses_rating() {
    use rules::engine::{Outcome, PlayerResult};
    // Seat 0's stand-in won after its player was dropped.
    let outcome = Outcome {
        results: (0..3)
            .map(|seat| PlayerResult {
                seat,
                total: [50, 30, 20][seat],
                breakdown: vec![],
                tiebreak: None,
            })
            .collect(),
        winners: vec![0],
        losers: vec![],
        note: None,
        note_phrase: None,
    };
    let at = places(&outcome, 3, &[0]);
    let rated = rate_game(&[Seat::Person(Rating::NEW); 3], &at);
    assert!(
        rated[0].unwrap().skill.mu < Skill::NEW.mu,
        "the quitter lost"
    );
    assert!(
        rated[1].unwrap().skill.mu > Skill::NEW.mu,
        "the best who stayed gained"
    );
}

#[test]
fn win_chances_add_up_and_favour_the_stronger() {
    let c = win_chances(&[
        Skill {
            mu: 30.0,
            sigma: 1.0,
        },
        Skill {
            mu: 20.0,
            sigma: 1.0,
        },
        Skill::NEW,
    ]);
    assert!((c.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert!(c[0] > c[2] && c[2] > c[1]);
}
