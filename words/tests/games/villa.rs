//! villa's texts in English and Spanish (see `games.rs`): its events, its board and hand
//! as text (English byte for byte as before it was phrased), its score lines, outcome
//! notes and parse errors.

use rand::SeedableRng;
use rules::engine::Game;
use rules::villa::geom::P;
use rules::villa::{Villa, VillaOptions};
use rules::{Arg, Phrase, Phrased};
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
            out.push(Villa::render_private(
                &v.private_view(seat),
                &names,
                &speaker,
            ));
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
    let then: Vec<String> = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert!(then.len() >= 30, "only {} hands recorded", then.len());
    assert_eq!(then, texts);
}

/// The stored fixture games of `rules/tests/villa.rs`, with the English boards the old
/// engine drew (`p0`, `p1`, … as names).
fn fixtures() -> Vec<(String, serde_json::Value)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules/tests/fixtures");
    let mut out = vec![];
    for n in 1..=8 {
        let name = format!("villa_v1_{n}");
        let text = std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap();
        out.push((name, serde_json::from_str(&text).unwrap()));
    }
    out
}

/// Every stored board of the fixture games, loaded from its stored state, reads in
/// English byte for byte as the old engine wrote it; so does each game's final board.
#[test]
fn boards_in_english_match_the_fixtures() {
    let kind = rules::catalog::find("villa").unwrap();
    let mut boards = 0;
    for (name, then) in fixtures() {
        let players = then["players"].as_u64().unwrap() as usize;
        let names = seat_names(players);
        let en = Speaker::new(Lang::En, &names);
        for snap in then["snapshots"].as_array().unwrap() {
            let bytes = snap["stored"].as_str().unwrap().as_bytes();
            let restored = (kind.restore)(bytes).unwrap();
            assert_eq!(
                restored.public_text(&names, &en),
                snap["public_text"].as_str().unwrap(),
                "{name} step {}",
                snap["step"]
            );
            boards += 1;
        }
        let last: Villa = serde_json::from_value(then["final_state"].clone()).unwrap();
        assert_eq!(
            Villa::render_public(&last.public_view(), &names, &en),
            then["final_public_text"].as_str().unwrap(),
            "{name}: final board"
        );
    }
    assert!(boards >= 30, "only {boards} boards");
}

// ----- the digest of many boards, as `rules/tests/villa.rs` draws them ----------------------

const BLUE: u8 = 0;
const RED: u8 = 5;
const YELLOW: u8 = 10;
const GREEN: u8 = 15;
const THICK: u8 = 0;
const MEDIUM: u8 = 1;

/// The rules tests' five-floor tower (`red_tower` there): every floor on four thin or
/// medium columns around its middle, thick columns on the red floor.
fn red_tower() -> (Vec<P>, Vec<Option<(u8, P)>>) {
    let floors = vec![(0.0, 0.0); 5];
    let sup: [P; 4] = [(-2.0, 0.0), (0.0, -3.0), (1.5, -2.5), (-1.5, 2.0)];
    let mut l: Vec<Option<(u8, P)>> = vec![None; 20];
    let thins: Vec<u8> = (0..4u8)
        .flat_map(|c| [c * 5 + 2, c * 5 + 3, c * 5 + 4])
        .collect();
    let mut k = 0;
    for level in 0..4u8 {
        for &p in &sup[..3] {
            l[thins[k] as usize] = Some((level, p));
            k += 1;
        }
    }
    l[(BLUE + MEDIUM) as usize] = Some((0, sup[3]));
    l[(RED + MEDIUM) as usize] = Some((1, sup[3]));
    l[(YELLOW + MEDIUM) as usize] = Some((2, sup[3]));
    l[(GREEN + MEDIUM) as usize] = Some((3, sup[3]));
    l[(BLUE + THICK) as usize] = Some((4, (-1.0, 0.0)));
    l[(YELLOW + THICK) as usize] = Some((4, (0.5, -1.5)));
    l[(GREEN + THICK) as usize] = Some((5, (0.0, 0.0)));
    l[(RED + THICK) as usize] = Some((0, (0.0, -9.0)));
    (floors, l)
}

/// Folds `text` into the FNV-1a digest `h`, with a `0xff` after it.
fn fold(h: &mut u64, text: &str) {
    for b in text.bytes().chain([0xff]) {
        *h ^= b as u64;
        *h = h.wrapping_mul(0x0100_0000_01b3);
    }
}

/// Plays `v` on (careful or random play) for at most `max` actions, folding the English
/// board of every state into `h`.
fn digest_game(mut v: Villa, careful: bool, seed: u64, max: usize, h: &mut u64) {
    let names = seat_names(v.public_view().players);
    let en = Speaker::new(Lang::En, &names);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for n in 0.. {
        fold(h, &Villa::render_public(&v.public_view(), &names, &en));
        if v.is_over() || n >= max {
            break;
        }
        let (seat, action) = if careful {
            let seat = v.awaiting()[0];
            let a = rules::villa::policy::careful_action(&v, seat, &mut rng).unwrap();
            (seat, a)
        } else {
            rules::playout::random_action(&v, &mut rng).unwrap()
        };
        v.apply(seat, &action).unwrap();
    }
}

/// The English boards of the rules tests' `render_digest` batch (random and careful play,
/// fair and custom setups, 2–4 players, stacking on the red floor) hash to the digest the
/// renderer had before its words became phrases: every board byte for byte.
#[test]
fn english_boards_of_the_render_digest_batch_are_unchanged() {
    use rules::villa::VillaAction as A;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for seed in 0..24u64 {
        let players = 2 + (seed % 3) as usize;
        let options = VillaOptions {
            setup: if seed % 4 == 2 {
                rules::villa::SetupMode::Custom
            } else {
                rules::villa::SetupMode::Fair
            },
            min_supports_from_orange: if seed % 5 == 0 { 2 } else { 3 },
        };
        let v = Villa::new(players, &options, seed).unwrap();
        digest_game(v, seed % 2 == 1, seed, 300, &mut h);
    }
    let (floors, layout) = red_tower();
    for seed in 0..8u64 {
        let mut v = Villa::from_layout(
            4,
            &VillaOptions::default(),
            seed,
            floors.clone(),
            &layout,
            1,
        )
        .unwrap();
        let p = v.grid().nearest((0.0, 0.0));
        for (seat, col) in [(1, RED + MEDIUM), (2, YELLOW + 2)] {
            if !v.is_over() {
                v.apply(seat, &A::Pull(col)).unwrap();
            }
            if !v.is_over() && v.apply(seat, &A::Place(p)).is_err() {
                v.apply(seat, &A::Abort).unwrap();
            }
        }
        digest_game(v, false, seed, 40, &mut h);
    }
    assert_eq!(h, 0x797f_07fe_3905_4568);
}

// ----- events ---------------------------------------------------------------------------------

/// Checks one phrase: its English is `english`, its Spanish exists, has no raw key and
/// no braces, names every player it is given and differs from the English.
fn check(english: &str, phrase: &Phrase, names: &[String]) {
    for lang in Lang::ALL {
        assert!(
            words::has(lang, phrase.key),
            "{}: {} missing",
            lang.code(),
            phrase.key
        );
    }
    let en = words::phrase(Lang::En, phrase, names);
    assert_eq!(en, english, "{}", phrase.key);
    let es = words::phrase(Lang::Es, phrase, names);
    assert!(!es.contains(['{', '}']), "{}: {es}", phrase.key);
    assert!(!es.contains("villa-"), "{}: {es}", phrase.key);
    assert_ne!(es, en, "{}", phrase.key);
    for (_, arg) in &phrase.args {
        if let Arg::Player(seat) = arg {
            assert!(es.contains(&names[*seat]), "{}: {es}", phrase.key);
        }
    }
}

/// Every Villa event, and each of its wordings, reads in English through `villa.ftl`
/// exactly as `narrate` writes it, and has its own Spanish sentence.
#[test]
fn every_villa_event_reads_in_both_languages() {
    use rules::villa::{Doing, Ending, VillaEvent as E};
    use rules::GameEvent;
    fn index(e: &E) -> usize {
        match e {
            E::SetColumn { .. } => 0,
            E::FloorPlaced { .. } => 1,
            E::PlaysColour { .. } => 2,
            E::Pulled { .. } => 3,
            E::Aborted { .. } => 4,
            E::Placed { .. } => 5,
            E::Collapse { .. } => 6,
            E::Proposed { .. } => 7,
            E::Objected { .. } => 8,
            E::Allowed { .. } => 9,
            E::ObjectionSucceeded { .. } => 10,
            E::Removed { .. } => 11,
            E::NoFloorPosition { .. } => 12,
            E::Challenged { .. } => 13,
            E::ChallengeSucceeded { .. } => 14,
            E::SealTaken { .. } => 15,
            E::Skipped { .. } => 16,
            E::GameOver { .. } => 17,
        }
    }
    let names: Vec<String> = ["Ana", "Bruno", "Carla", "Dario"]
        .map(String::from)
        .to_vec();
    let mut samples = vec![
        E::SetColumn {
            seat: 0,
            col: 3,
            at: "d4".into(),
        },
        E::Aborted { seat: 2, col: 19 },
        E::Proposed { seat: 1, floor: 3 },
        E::Objected {
            seat: 2,
            proposer: 1,
        },
        E::Allowed { seat: 3 },
        E::ObjectionSucceeded {
            seat: 2,
            proposer: 1,
            col: 6,
        },
        E::Removed { seat: 1, col: 12 },
        E::NoFloorPosition { seat: 0, floor: 5 },
        E::Challenged {
            seat: 1,
            original: 0,
        },
        E::ChallengeSucceeded {
            seat: 1,
            original: 0,
        },
        E::Skipped { seat: 3 },
    ];
    for floor in 1..=5 {
        samples.push(E::FloorPlaced {
            seat: 0,
            floor,
            at: "k7".into(),
        });
        samples.push(E::Collapse {
            seat: 2,
            doing: Doing::PlacingFloor(floor),
        });
    }
    for colour in 0..4 {
        samples.push(E::PlaysColour { seat: 1, colour });
    }
    for feel in 0..4 {
        samples.push(E::Pulled {
            seat: 0,
            col: 1,
            feel,
        });
    }
    for on in [None, Some(10)] {
        for landed in ["d4", "e5"] {
            samples.push(E::Placed {
                seat: 3,
                col: 7,
                at: "d4".into(),
                landed: landed.into(),
                on,
            });
        }
    }
    for doing in [Doing::Pulling(2), Doing::Placing(8), Doing::Removing(14)] {
        samples.push(E::Collapse { seat: 1, doing });
    }
    for from in [None, Some(2)] {
        for score in [1, 4] {
            samples.push(E::SealTaken {
                seat: 0,
                from,
                score,
            });
        }
    }
    for ending in [
        Ending::Collapse { by: 1 },
        Ending::Stalled,
        Ending::NoFoundation,
    ] {
        for (holder, previous) in [
            (None, None),
            (Some(1), None),
            (Some(1), Some(3)),
            (Some(2), None),
        ] {
            samples.push(E::GameOver {
                ending,
                holder,
                previous,
            });
        }
    }
    let mut seen = [false; 18];
    let mut keys = std::collections::BTreeSet::new();
    for e in &samples {
        seen[index(e)] = true;
        let phrase = e.phrased().expect("Villa events are phrased");
        check(&e.narrate(&names), &phrase, &names);
        keys.insert(phrase.key);
    }
    assert!(seen.iter().all(|s| *s), "events without a sample: {seen:?}");
    assert_eq!(keys.len(), 30, "wordings sampled: {keys:?}");
    let es = words::phrase(
        Lang::Es,
        &E::SealTaken {
            seat: 0,
            from: Some(2),
            score: 1,
        }
        .phrased()
        .unwrap(),
        &names,
    );
    assert_eq!(
        es,
        "🏅 Ana le quita el sello de maestro constructor a Carla (1 punto)."
    );
}

/// Seeded random games: how many (`VILLA_TEXT_GAMES`, default 20).
fn games() -> u64 {
    std::env::var("VILLA_TEXT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20)
}

/// In random games every narration carries its phrase, which reads in English exactly
/// as the narration and in Spanish without a raw key or brace.
#[test]
fn villa_narrations_of_random_games_read_in_both_languages() {
    let told =
        super::narrations_read_in_both_languages("villa", games(), |s| 2 + (s as usize) % 3, 2000);
    assert!(told > 100, "only {told} narrations");
}

// ----- boards and hands in Spanish ------------------------------------------------------------

/// The boards and hands of many random states read in Spanish with no raw key, no
/// brace, and not as the English.
#[test]
fn spanish_boards_and_hands_have_no_raw_key_and_are_not_english() {
    let states = random_states(games().min(12), 300);
    for v in states.iter().step_by(5) {
        let view = v.public_view();
        let names = seat_names(view.players);
        let (en, es) = (
            Speaker::new(Lang::En, &names),
            Speaker::new(Lang::Es, &names),
        );
        let board = Villa::render_public(&view, &names, &es);
        assert!(
            !board.contains("villa-") && !board.contains(['{', '}']),
            "{board}"
        );
        assert_ne!(board, Villa::render_public(&view, &names, &en));
        let headline = Villa::render_headline(&view, &names, &es);
        assert!(board.starts_with(&headline), "{headline}");
        for seat in 0..view.players {
            let private = v.private_view(seat);
            let hand = Villa::render_private(&private, &names, &es);
            assert!(
                !hand.contains("villa-") && !hand.contains(['{', '}']),
                "{hand}"
            );
            assert_ne!(hand, Villa::render_private(&private, &names, &en));
            assert!(Villa::render_decision_note(&private, &names, &es).is_none());
        }
    }
}

/// The opening board and the first seat's hand in both languages.
#[test]
fn opening_board_and_hand_in_both_languages() {
    let v = Villa::new(3, &VillaOptions::default(), 7).unwrap();
    let names: Vec<String> = ["Ana", "Bruno", "Carla"].map(String::from).to_vec();
    for lang in Lang::ALL {
        let speaker = Speaker::new(lang, &names);
        let code = lang.code();
        insta::assert_snapshot!(
            format!("villa_board_{code}"),
            Villa::render_public(&v.public_view(), &names, &speaker)
        );
        insta::assert_snapshot!(
            format!("villa_hand_{code}"),
            Villa::render_private(&v.private_view(0), &names, &speaker)
        );
    }
}

// ----- final scores, outcome notes, parse errors --------------------------------------------------

/// Every final score line and outcome note of random games (and of a game with no seal
/// taken) reads in English as its stored label and note.
#[test]
fn score_lines_and_notes_read_as_their_english() {
    let names: Vec<String> = ["Ana", "Bruno", "Carla", "Dario"]
        .map(String::from)
        .to_vec();
    let mut notes = std::collections::BTreeSet::new();
    for v in random_states(games(), 2000).iter().filter(|v| v.is_over()) {
        let outcome = v.outcome().unwrap();
        for r in &outcome.results {
            for line in &r.breakdown {
                let phrase = line.phrase.as_ref().expect("a score line's phrase");
                check(&line.label, phrase, &names);
            }
        }
        let note = outcome.note_phrase.as_ref().expect("the note's phrase");
        check(outcome.note.as_deref().unwrap(), note, &names);
        notes.insert(note.key);
    }
    assert!(!notes.is_empty());
}

/// Every parse error reads in English as its `Display` and has its own Spanish.
#[test]
fn every_villa_parse_error_reads_in_both_languages() {
    use rules::villa::VillaParseError as E;
    fn index(e: &E) -> usize {
        match e {
            E::Empty => 0,
            E::Unknown => 1,
            E::NotAColumn(_) => 2,
            E::NotAColumnThin(_) => 3,
            E::NotAPoint(_) => 4,
            E::OnePoint => 5,
            E::PlaceNotAPoint(_) => 6,
            E::PlaceOnePoint => 7,
            E::FloorNotAPoint(_) => 8,
            E::FloorOnePoint => 9,
            E::PullWhich => 10,
            E::RemoveWhich => 11,
            E::SetHow => 12,
            E::PlayWhich => 13,
            E::PlayOne => 14,
        }
    }
    let t = |s: &str| s.to_string();
    let samples = [
        E::Empty,
        E::Unknown,
        E::NotAColumn(t("purple thick")),
        E::NotAColumnThin(t("red-thin")),
        E::NotAPoint(t("44")),
        E::OnePoint,
        E::PlaceNotAPoint(t("zz")),
        E::PlaceOnePoint,
        E::FloorNotAPoint(t("k")),
        E::FloorOnePoint,
        E::PullWhich,
        E::RemoveWhich,
        E::SetHow,
        E::PlayWhich,
        E::PlayOne,
    ];
    let mut seen = [false; 15];
    for e in &samples {
        seen[index(e)] = true;
        check(&e.to_string(), &e.phrase(), &[]);
    }
    assert!(
        seen.iter().all(|s| *s),
        "variants without a sample: {seen:?}"
    );
    // Through the engine: a typed slip carries the same phrase.
    let v = Villa::new(2, &VillaOptions::default(), 1).unwrap();
    let e = v.parse_action(0, "place zz").unwrap_err();
    assert_eq!(e.1, Some(E::PlaceNotAPoint(t("zz")).phrase()));
    assert_eq!(e.0, E::PlaceNotAPoint(t("zz")).to_string());
}
