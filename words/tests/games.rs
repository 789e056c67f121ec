//! Each engine's texts in both languages: its events (where not in `phrases.rs`), its
//! board and hand as text, its decision notes and score lines, read through
//! `words::Speaker`. One module per game, under `games/`.

#[path = "games/estates.rs"]
mod estates;
#[path = "games/palazzo.rs"]
mod palazzo;
#[path = "games/princes.rs"]
mod princes;
#[path = "games/villa.rs"]
mod villa;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use words::Lang;

/// Plays random games of the game `id` (seeds `0..seeds`, `players(seed)` seats, at most
/// `max_moves` moves each) and checks every narration: it carries its phrase, whose
/// English is the narration word for word and whose Spanish has no raw key (`<id>-`), no
/// brace and is not the English. Returns how many narrations were read.
pub fn narrations_read_in_both_languages(
    id: &str,
    seeds: u64,
    players: impl Fn(u64) -> usize,
    max_moves: usize,
) -> usize {
    let kind = rules::catalog::find(id).expect("a registered game");
    let raw_key = format!("{id}-");
    let mut told = 0;
    for seed in 0..seeds {
        let players = players(seed);
        let names: Vec<String> = ["Ana", "Bruno", "Carla", "Dario", "Eva"]
            .iter()
            .take(players)
            .map(|n| n.to_string())
            .collect();
        let mut game = (kind.new)(players, &serde_json::Value::Null, seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut moves = 0;
        while !game.is_over() && moves < max_moves {
            let Some(&seat) = game.awaiting().choose(&mut rng) else {
                break;
            };
            let Some(line) = game.legal_texts(seat).choose(&mut rng).cloned() else {
                break;
            };
            let applied = game.apply_text(seat, &line, &names).unwrap();
            for n in applied.narrations {
                let phrase = n
                    .phrase
                    .unwrap_or_else(|| panic!("no phrase for {}", n.text));
                assert_eq!(words::phrase(Lang::En, &phrase, &names), n.text);
                let es = words::phrase(Lang::Es, &phrase, &names);
                assert!(
                    !es.contains(['{', '}']) && !es.contains(&raw_key),
                    "{}: {es}",
                    phrase.key
                );
                assert_ne!(es, n.text, "{}", phrase.key);
                told += 1;
            }
            moves += 1;
        }
    }
    told
}
