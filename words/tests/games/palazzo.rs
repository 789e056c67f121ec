//! palazzo's texts in English and Spanish (see `games.rs`): the board, hands and
//! decision notes (English byte for byte as the stored fixtures of before the move to
//! phrases; Spanish with no raw key), score lines, parse errors and `/game help`.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rules::engine::{Game, ParseError};
use rules::palazzo::Palazzo;
use rules::{Arg, Phrase, Phrased};
use words::{Lang, Speaker};

/// The stored snapshots of `rules/tests/palazzo.rs`, with their English texts.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/tests/fixtures");

fn names(players: usize) -> Vec<String> {
    ["Ana", "Bruno", "Carla", "Dario"]
        .iter()
        .take(players)
        .map(|s| s.to_string())
        .collect()
}

/// A text in Spanish: no raw key, no brace, and not the English.
fn check_spanish(en: &str, es: &str, what: &str) {
    assert!(!es.contains("palazzo-"), "{what}: raw key in {es:?}");
    assert!(!es.contains(['{', '}']), "{what}: braces in {es:?}");
    assert_ne!(es, en, "{what}: the Spanish is the English");
}

/// How many random games the Spanish test plays (`PALAZZO_TEXT_GAMES`, default 6).
fn random_games() -> u64 {
    std::env::var("PALAZZO_TEXT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(6)
}

/// Every state of one random game (seeded), the last one over.
fn random_states(players: usize, seed: u64) -> Vec<Palazzo> {
    let mut game = Palazzo::new(players, &Default::default(), seed).expect("setup");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut out = vec![game.clone()];
    while !game.is_over() {
        let (seat, action) = rules::playout::random_action(&game, &mut rng).expect("a move");
        game.apply(seat, &action).expect("legal");
        out.push(game.clone());
    }
    out
}

/// The stored boards, hands and boards after a move (rules/tests/fixtures/palazzo_v1_*)
/// read the same, byte for byte, through the English speaker; the Spanish of each is
/// its own.
#[test]
fn english_board_and_hands_equal_the_stored_fixtures() {
    let kind = rules::catalog::find("palazzo").expect("registered");
    let mut boards = 0;
    let mut hands = 0;
    for n in 0.. {
        let Ok(bytes) = std::fs::read(format!("{FIXTURES}/palazzo_v1_{n}.json")) else {
            break;
        };
        let stored: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(format!("{FIXTURES}/palazzo_v1_{n}.expected.json"))
                .expect("expectation"),
        )
        .expect("json");
        let players = stored["players"].as_u64().expect("players") as usize;
        let expected = &stored["expected"];
        let names = names(players);
        let en = Speaker::new(Lang::En, &names);
        let es = Speaker::new(Lang::Es, &names);
        let game = (kind.restore)(&bytes).expect("snapshot loads");
        let board = game.public_text(&names, &en);
        assert_eq!(board, expected["public_text"], "fixture {n}: board");
        check_spanish(&board, &game.public_text(&names, &es), "board");
        boards += 1;
        for seat in expected["awaiting"].as_array().expect("awaiting") {
            let s = seat["seat"].as_u64().expect("seat") as usize;
            let hand = game.private_text(s, &names, &en);
            assert_eq!(hand, seat["private_text"], "fixture {n}: hand of {s}");
            check_spanish(&hand, &game.private_text(s, &names, &es), "hand");
            hands += 1;
        }
        for after in expected["after"].as_array().expect("after") {
            let s = after["seat"].as_u64().expect("seat") as usize;
            let action = after["action"].as_str().expect("action");
            let mut next = game.box_clone();
            next.apply_text(s, action, &names).expect("legal");
            assert_eq!(
                next.public_text(&names, &en),
                after["public_text"],
                "fixture {n}: board after `{action}`"
            );
            boards += 1;
        }
    }
    assert!(
        boards >= 40 && hands >= 15,
        "only {boards} boards, {hands} hands"
    );
}

/// In random games: the English headline is the board's first line, the auction note
/// reads as it always did, and every board, hand and note has its own Spanish.
#[test]
fn spanish_boards_hands_and_notes_of_random_games() {
    let mut notes = 0;
    let mut states = 0;
    for seed in 0..random_games() {
        let players = 2 + (seed as usize) % 3;
        let names = names(players);
        let en = Speaker::new(Lang::En, &names);
        let es = Speaker::new(Lang::Es, &names);
        for (i, g) in random_states(players, seed).iter().enumerate() {
            // Every state of the first game, then one in five (the texts repeat).
            if seed > 0 && i % 5 != 0 && !g.is_over() {
                continue;
            }
            states += 1;
            let public = g.public_view();
            let board = Palazzo::render_public(&public, &names, &en);
            let headline = Palazzo::render_headline(&public, &names, &en);
            assert_eq!(board.lines().next(), Some(headline.as_str()));
            let board_es = Palazzo::render_public(&public, &names, &es);
            check_spanish(&board, &board_es, "board");
            assert!(board_es.starts_with(&Palazzo::render_headline(&public, &names, &es)));
            for seat in 0..players {
                let private = g.private_view(seat);
                let hand = Palazzo::render_private(&private, &names, &en);
                check_spanish(
                    &hand,
                    &Palazzo::render_private(&private, &names, &es),
                    "hand",
                );
                let note = Palazzo::render_decision_note(&private, &names, &en);
                let expected = private
                    .auction_reach
                    .map(|r| format!("In this auction your bid can reach {r}."));
                assert_eq!(note, expected, "seed {seed}, seat {seat}");
                if let Some(note) = note {
                    let note_es = Palazzo::render_decision_note(&private, &names, &es)
                        .expect("a Spanish note");
                    check_spanish(&note, &note_es, "note");
                    notes += 1;
                }
            }
        }
    }
    assert!(states > 100 && notes > 5, "{states} states, {notes} notes");
}

/// Each line of a final score and the outcome's note read in English exactly as the
/// stored label, and in Spanish with their own words.
#[test]
fn score_lines_read_as_their_labels() {
    let mut lines = 0;
    for seed in 0..random_games() {
        let players = 2 + (seed as usize) % 3;
        let names = names(players);
        let last = random_states(players, seed).pop().expect("a state");
        let outcome = last.outcome().expect("over");
        let note = outcome.note_phrase.as_ref().expect("a note phrase");
        let note_en = words::phrase(Lang::En, note, &names);
        assert_eq!(Some(&note_en), outcome.note.as_ref());
        check_spanish(&note_en, &words::phrase(Lang::Es, note, &names), "note");
        for r in &outcome.results {
            for line in r.breakdown.iter().chain(&r.tiebreak) {
                let phrase = line.phrase.as_ref().expect("a phrase");
                let en = words::phrase(Lang::En, phrase, &names);
                assert_eq!(en, line.label, "{}", phrase.key);
                let es = words::phrase(Lang::Es, phrase, &names);
                check_spanish(&en, &es, phrase.key);
                lines += 1;
            }
        }
    }
    assert!(lines > 10, "only {lines} score lines");
    // A single-material palace: the bonus line.
    let tiles: Vec<rules::palazzo::Tile> = ["brick-1-1w", "brick-2-1w", "brick-3-2w"]
        .iter()
        .filter_map(|t| rules::palazzo::Tile::parse(t))
        .collect();
    let phrase = rules::palazzo::views::palace_phrase(0, &tiles);
    assert_eq!(phrase.key, "palazzo-score-palace-bonus");
    let en = words::phrase(Lang::En, &phrase, &[]);
    assert_eq!(en, rules::palazzo::views::palace_label(0, &tiles));
    assert_eq!(en, "palace A (3 floors, 4 windows), single material +3");
    let es = words::phrase(Lang::Es, &phrase, &[]);
    assert_eq!(es, "palacio A (3 pisos, 4 ventanas), un solo material +3");
    let one = &tiles[..1];
    assert_eq!(
        words::phrase(Lang::Es, &rules::palazzo::views::palace_phrase(1, one), &[]),
        "palacio B (1 piso, 1 ventana)"
    );
    assert_eq!(
        words::phrase(Lang::En, &rules::palazzo::views::palace_phrase(1, one), &[]),
        rules::palazzo::views::palace_label(1, one)
    );
}

/// Every parse error of a typed Palazzo move reads in English exactly as its text and in
/// Spanish with its own words; every `palazzo-parse-…` key has a sample.
#[test]
fn every_parse_error_reads_in_both_languages() {
    const KEYS: [&str; 13] = [
        "palazzo-parse-c3",
        "palazzo-parse-not-a-card",
        "palazzo-parse-too-many",
        "palazzo-parse-not-a-tile",
        "palazzo-parse-not-a-palace",
        "palazzo-parse-empty",
        "palazzo-parse-pick-usage",
        "palazzo-parse-raise-usage",
        "palazzo-parse-buy-usage",
        "palazzo-parse-build-usage",
        "palazzo-parse-discard-usage",
        "palazzo-parse-reconstruct-usage",
        "palazzo-parse-unknown",
    ];
    let typed = [
        "raise C3",
        "raise R9",
        "raise C2 C2 C2 C2 C2 C2 C2 C2 C2 C2 C2 C2 C2 C2 C2 C2",
        "build gold-1-1w new",
        "build brick-1-1w on 7",
        "   ",
        "pick",
        "raise",
        "buy",
        "build brick-1-1w",
        "discard",
        "reconstruct lift",
        "fly away",
        "buy a b c pay R3",
        "discard marble-3-2w-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    ];
    let game = Palazzo::new(2, &Default::default(), 1).expect("setup");
    let names = names(2);
    let mut seen = [false; KEYS.len()];
    for text in typed {
        let e: ParseError = game
            .parse_action(0, text)
            .expect_err("not a Palazzo command");
        let phrase: Phrase = e.phrase();
        let at = KEYS
            .iter()
            .position(|k| *k == phrase.key)
            .unwrap_or_else(|| panic!("`{text}`: {} is not a parse key", phrase.key));
        seen[at] = true;
        let en = words::phrase(Lang::En, &phrase, &names);
        assert_eq!(en, e.to_string(), "`{text}`");
        let es = words::phrase(Lang::Es, &phrase, &names);
        check_spanish(&en, &es, phrase.key);
        for (_, arg) in &phrase.args {
            if let Arg::Text(t) = arg {
                assert!(es.contains(t.as_str()), "{}: {es}", phrase.key);
            }
        }
    }
    let missing: Vec<&str> = KEYS
        .iter()
        .zip(seen)
        .filter(|(_, s)| !s)
        .map(|(k, _)| *k)
        .collect();
    assert!(
        missing.is_empty(),
        "parse keys without a sample: {missing:?}"
    );
}

/// `/game help`: each meaning's English key reads as the meaning, and Spanish has its own.
#[test]
fn help_meanings_read_in_both_languages() {
    for h in Palazzo::command_help() {
        assert_eq!(
            words::exact(Lang::En, h.meaning_key, None).as_deref(),
            Some(h.meaning)
        );
        let es = words::exact(Lang::Es, h.meaning_key, None).expect("Spanish");
        check_spanish(h.meaning, &es, h.meaning_key);
    }
}

/// The opening board and the first seat's hand, in both languages.
#[test]
fn opening_board_and_hand_snapshots() {
    let game = Palazzo::new(3, &Default::default(), 1).expect("setup");
    let names: Vec<String> = ["ana", "bruno", "carla"].map(String::from).to_vec();
    for lang in Lang::ALL {
        let say = Speaker::new(lang, &names);
        let board = Palazzo::render_public(&game.public_view(), &names, &say);
        let hand = Palazzo::render_private(&game.private_view(0), &names, &say);
        insta::assert_snapshot!(format!("palazzo_board_{}", lang.code()), board);
        insta::assert_snapshot!(format!("palazzo_hand_{}", lang.code()), hand);
    }
}

/// A mid-game board with an auction running, in Spanish (the seats' bids, the auction
/// line, names in place of `Player` arguments).
#[test]
fn an_auction_board_reads_in_spanish() {
    let names = names(3);
    let es = Speaker::new(Lang::Es, &names);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for seed in 0..random_games() * 4 {
        let states = random_states(3, seed);
        let auctions: Vec<&Palazzo> = states
            .iter()
            .filter(|g| g.public_view().auction.is_some())
            .collect();
        let Some(g) = auctions.choose(&mut rng) else {
            continue;
        };
        let board = Palazzo::render_public(&g.public_view(), &names, &es);
        assert!(board.contains("Subasta de la cantera"), "{board}");
        assert!(board.contains("sube la puja o pasa"), "{board}");
        return;
    }
    panic!("no auction in {} games", random_games() * 4);
}

/// In random Palazzo games every narration carries its phrase, which reads in English
/// exactly as the narration and in Spanish without a raw key or brace.
#[test]
fn palazzo_narrations_of_random_games_read_in_both_languages() {
    let told = super::narrations_read_in_both_languages(
        "palazzo",
        random_games(),
        |s| 2 + (s as usize) % 3,
        usize::MAX,
    );
    assert!(told > 100, "only {told} narrations");
}
