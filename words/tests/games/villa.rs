//! villa's texts in English and Spanish (see `games.rs`): its events, its board and hand
//! as text (English byte for byte as before it was phrased), its score lines, outcome
//! notes and parse errors.

use rand::SeedableRng;
use rules::engine::Game;
use rules::villa::{Villa, VillaOptions};
use words::{Lang, Speaker};

/// Seat names `p0`, `p1`, … as the fixtures used them.
fn seat_names(players: usize) -> Vec<String> {
    (0..players).map(|i| format!("p{i}")).collect()
}

/// The states of a few seeded random games (2–4 players, fair and custom setups), at most
/// `max` actions each: what the recorded texts and the Spanish checks go over.
fn random_states(games: u64, max: usize) -> Vec<Villa> {
    let mut out = vec![];
    for seed in 0..games {
        let players = 2 + (seed % 3) as usize;
        let options = VillaOptions {
            setup: if seed % 4 == 2 {
                rules::villa::SetupMode::Custom
            } else {
                rules::villa::SetupMode::Fair
            },
            min_supports_from_orange: if seed % 5 == 0 { 2 } else { 3 },
        };
        let mut v = Villa::new(players, &options, seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..max {
            out.push(v.clone());
            if v.is_over() {
                break;
            }
            let Some((seat, action)) = rules::playout::random_action(&v, &mut rng) else {
                break;
            };
            v.apply(seat, &action).unwrap();
        }
    }
    out
}

/// Every seat's hand in a few seeded states, in `lang`.
fn hands(lang: Lang) -> Vec<String> {
    let mut out = vec![];
    for (i, v) in random_states(6, 400).iter().enumerate() {
        if i % 23 != 0 && !v.is_over() {
            continue;
        }
        let names = seat_names(v.public_view().players);
        let speaker = Speaker::new(lang, &names);
        for seat in 0..names.len() {
            out.push(Villa::render_private(&v.private_view(seat), &names, &speaker));
        }
    }
    out
}

const RECORDED_HANDS: &str = "tests/games/villa_hands.json";

/// The English hands of [`hands`], as they were written before the texts were
/// phrased (`VILLA_RECORD_HANDS=1` records them again).
#[test]
fn hands_in_english_are_unchanged() {
    let texts = hands(Lang::En);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(RECORDED_HANDS);
    if std::env::var("VILLA_RECORD_HANDS").is_ok() {
        std::fs::write(&path, serde_json::to_string_pretty(&texts).unwrap()).unwrap();
    }
    let then: Vec<String> =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(then.len() >= 30, "only {} hands recorded", then.len());
    assert_eq!(then, texts);
}
