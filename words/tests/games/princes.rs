//! princes's texts in English and Spanish (see `games.rs`): every event variant, the
//! narrations of random games, the boards and hands of the stored fixtures and of random
//! states, score lines and parse errors.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rules::princes::board::Square;
use rules::princes::data::Stack;
use rules::princes::{DeckKind, PrincesEvent as E};
use rules::{Arg, GameEvent, Phrase, Phrased};
use words::Lang;

/// A board square by its label (`B2`).
fn square(label: &str) -> Square {
    Square::parse(label).expect("a square on the board")
}

fn names(n: usize) -> Vec<String> {
    ["Ana", "Bruno", "Carla", "David", "Eva"]
        .iter()
        .take(n)
        .map(|s| s.to_string())
        .collect()
}

/// Random games per check; `PRINCES_TEXT_GAMES` raises it for a soak.
fn games() -> u64 {
    std::env::var("PRINCES_TEXT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20)
}

/// Spanish `es` of a phrase or a text: no key left raw, no braces.
fn assert_spanish_clean(es: &str, what: &str) {
    assert!(!es.contains("princes-"), "{what}: raw key in {es:?}");
    assert!(!es.contains(['{', '}']), "{what}: braces in {es:?}");
}

/// Every key and term of `phrase` exists in both languages.
fn assert_keys_exist(phrase: &Phrase) {
    let terms = phrase.args.iter().filter_map(|(_, a)| match a {
        Arg::Term(k) => Some(*k),
        _ => None,
    });
    for key in std::iter::once(phrase.key).chain(terms) {
        for lang in Lang::ALL {
            assert!(words::has(lang, key), "{}: {key} missing", lang.code());
        }
    }
}

#[test]
fn every_princes_event_reads_in_both_languages() {
    fn index(e: &E) -> usize {
        match e {
            E::ProfessionsChosen { .. } => 0,
            E::YouKeepProfessions { .. } => 1,
            E::RoundBegins { .. } => 2,
            E::ActionsBegin { .. } => 3,
            E::TurnEndsTwoActions { .. } => 4,
            E::EndsTurn { .. } => 5,
            E::BestWork { .. } => 6,
            E::NoBestWork { .. } => 7,
            E::Reveals { .. } => 8,
            E::GameEnds => 9,
            E::Opens { .. } => 10,
            E::Bids { .. } => 11,
            E::Passes { .. } => 12,
            E::Declines { .. } => 13,
            E::Buys { .. } => 14,
            E::Builders { .. } => 15,
            E::KeepsForLater { .. } => 16,
            E::Sells { .. } => 17,
            E::Draws { .. } => 18,
            E::LooksAt { .. } => 19,
            E::YouLookAt { .. } => 20,
            E::KeepsOne { .. } => 21,
            E::YouKeep { .. } => 22,
            E::Placed { .. } => 23,
            E::Work { .. } => 24,
            E::Built { .. } => 25,
            E::Freedom { .. } => 26,
            E::Recruits { .. } => 27,
        }
    }
    let mut samples = vec![
        E::ProfessionsChosen { seat: 1 },
        E::RoundBegins {
            round: 3,
            start: 2,
            min: 11,
        },
        E::ActionsBegin { start: 0 },
        E::TurnEndsTwoActions { seat: 2 },
        E::EndsTurn { seat: 1 },
        E::NoBestWork { round: 4 },
        E::GameEnds,
        E::Passes { seat: 0 },
        E::Declines { seat: 2 },
        E::KeepsForLater { seat: 1 },
        E::Sells {
            seat: 0,
            points: 12,
            florins: 1200,
        },
        E::Sells {
            seat: 0,
            points: 1,
            florins: 100,
        },
        E::Placed {
            seat: 1,
            landscape: 0,
            at: square("B2"),
            rot: 90,
            flip: false,
            repeat: false,
        },
        E::Placed {
            seat: 1,
            landscape: 1,
            at: square("E5"),
            rot: 0,
            flip: true,
            repeat: true,
        },
        E::Built {
            seat: 2,
            building: 0,
            at: square("E1"),
            rot: 90,
            flip: false,
            cost: 700,
        },
        E::Built {
            seat: 2,
            building: 9,
            at: square("A1"),
            rot: 270,
            flip: true,
            cost: 400,
        },
        E::Recruits {
            seat: 0,
            profession: 19,
            from: 2,
        },
    ];
    for kept in [vec![19], vec![19, 11], vec![19, 11, 21]] {
        samples.push(E::YouKeepProfessions {
            seat: 0,
            kept,
            returned: vec![13],
        });
    }
    for n in 1..=5 {
        samples.push(E::BestWork {
            round: 2,
            winners: (0..n).collect(),
            best: 17,
        });
    }
    for card in 1..=14 {
        samples.push(E::Reveals {
            seat: 1,
            card,
            points: 6,
        });
    }
    for stack in Stack::ALL {
        samples.push(E::Opens { seat: 0, stack });
        samples.push(E::Bids {
            seat: 1,
            amount: 1100,
            stack,
        });
        samples.push(E::Buys {
            seat: 2,
            stack,
            price: 300,
        });
    }
    for count in 1..=3 {
        samples.push(E::Builders { seat: 1, count });
    }
    for deck in [DeckKind::Profession, DeckKind::Bonus, DeckKind::Prestige] {
        let cards: Vec<u8> = match deck {
            DeckKind::Profession => (1..=21).collect(),
            DeckKind::Bonus => (1..=20).collect(),
            DeckKind::Prestige => (1..=14).collect(),
        };
        samples.push(E::Draws { seat: 0, deck });
        for count in [1, 5] {
            samples.push(E::LooksAt {
                seat: 0,
                deck,
                count,
            });
        }
        for back in [0, 1, 4] {
            samples.push(E::KeepsOne {
                seat: 1,
                deck,
                back,
            });
        }
        for n in 1..=5 {
            samples.push(E::YouLookAt {
                seat: 0,
                deck,
                cards: cards.iter().copied().take(n).collect(),
            });
        }
        // Every card of the deck, kept.
        for card in cards {
            samples.push(E::YouKeep {
                seat: 0,
                deck,
                card,
            });
        }
    }
    for bonus in [vec![], vec![7], vec![7, 12]] {
        for prestige in [0, 7] {
            samples.push(E::Work {
                seat: 1,
                profession: 19,
                bonus: bonus.clone(),
                value: 15,
                payout: 1500,
                prestige,
                returned: i64::from(prestige) * 200,
            });
        }
    }
    for freedom in 0..3 {
        samples.push(E::Freedom { seat: 2, freedom });
    }
    // Every landscape and building by name.
    for landscape in 0..3 {
        samples.push(E::Placed {
            seat: 0,
            landscape,
            at: square("C3"),
            rot: 180,
            flip: false,
            repeat: false,
        });
    }
    for building in 0..10 {
        samples.push(E::Built {
            seat: 0,
            building,
            at: square("D4"),
            rot: 0,
            flip: false,
            cost: 300,
        });
    }
    let names = names(5);
    let mut seen = [false; 28];
    for e in &samples {
        if let Some(s) = seen.get_mut(index(e)) {
            *s = true;
        }
        let phrase = e.phrased().expect("every princes event has a phrase");
        assert_eq!(phrase, e.phrase());
        assert_keys_exist(&phrase);
        let en = words::phrase(Lang::En, &phrase, &names);
        assert_eq!(en, e.narrate(&names), "{}: English differs", phrase.key);
        let es = words::phrase(Lang::Es, &phrase, &names);
        assert_spanish_clean(&es, phrase.key);
        assert_ne!(es, en, "{}: the Spanish is the English", phrase.key);
    }
    let missing: Vec<usize> = (0..seen.len()).filter(|i| !seen[*i]).collect();
    assert!(missing.is_empty(), "variants without a sample: {missing:?}");
    // Spanish sentences, word for word.
    let es = |e: &E| words::phrase(Lang::Es, &e.phrase(), &names);
    assert_eq!(
        es(&E::Buys {
            seat: 2,
            stack: Stack::Jester,
            price: 500
        }),
        "Carla compra el bufón por 500."
    );
    assert_eq!(
        es(&E::YouKeep {
            seat: 0,
            deck: DeckKind::Profession,
            card: 19
        }),
        "Te quedas Poeta (#19: Teatro, lago, viaje)."
    );
    // A placement reads as a sentence, not as the typed move.
    let placed = E::Placed {
        seat: 1,
        landscape: 1,
        at: square("F4"),
        rot: 270,
        flip: false,
        repeat: false,
    };
    assert_eq!(placed.narrate(&names), "Bruno: place lake at F4 rot 270.");
    assert_eq!(es(&placed), "Bruno coloca el lago en F4, girado 270°.");
    let again = E::Placed {
        seat: 1,
        landscape: 2,
        at: square("E5"),
        rot: 0,
        flip: true,
        repeat: true,
    };
    assert_eq!(
        es(&again),
        "Bruno coloca el parque en E5, volteado (+3 de prestigio: otro del mismo tipo)."
    );
    let built = E::Built {
        seat: 2,
        building: 2,
        at: square("E1"),
        rot: 90,
        flip: true,
        cost: 700,
    };
    assert_eq!(
        built.narrate(&names),
        "Carla: build workshop at E1 rot 90 flip for 700 florins (+3 prestige)."
    );
    assert_eq!(
        es(&built),
        "Carla construye: Taller en E1, girado 90°, volteado, por 700 florines (+3 de prestigio)."
    );
}

#[test]
fn princes_narrations_of_random_games_read_in_both_languages() {
    let told = super::narrations_read_in_both_languages(
        "princes",
        games(),
        |s| 3 + (s as usize) % 3,
        usize::MAX,
    );
    assert!(told > 100 * games() as usize, "only {told} narrations");
}

// ---------------------------------------------------------------------------
// The board and hands as text
// ---------------------------------------------------------------------------

/// The stored v1 fixtures of `rules/tests/princes.rs`: (file, players, seed).
const FIXTURES: [(&str, usize, u64); 5] = [
    ("princes_v1_1.json", 3, 11),
    ("princes_v1_2.json", 4, 22),
    ("princes_v1_3.json", 5, 33),
    ("princes_v1_4.json", 4, 44),
    ("princes_v1_5.json", 3, 55),
];

/// The public and private texts of `game` in `lang`.
fn texts(
    game: &dyn rules::dynamic::DynGame,
    names: &[String],
    lang: Lang,
) -> (String, Vec<String>) {
    let say = words::Speaker::new(lang, names);
    let private = (0..names.len())
        .map(|s| game.private_text(s, names, &say))
        .collect();
    (game.public_text(names, &say), private)
}

/// Compares the English of `game` with the texts a fixture stored (`texts` object).
fn assert_english_as_stored(
    game: &dyn rules::dynamic::DynGame,
    names: &[String],
    stored: &serde_json::Value,
    what: &str,
) {
    let (public, private) = texts(game, names, Lang::En);
    assert_eq!(
        public,
        stored["public_text"].as_str().unwrap_or_default(),
        "{what}: public text"
    );
    let stored_private: Vec<String> = stored["private_texts"]
        .as_array()
        .map(|v| {
            v.iter()
                .map(|t| t.as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(private, stored_private, "{what}: private texts");
}

/// The fixtures' stored English (written before the texts moved to Fluent) reads byte
/// for byte the same through the English speaker: the states, then the 30 actions each
/// fixture plays on (same choices), with their narrations and texts.
#[test]
fn princes_fixture_texts_read_as_before_in_english() {
    use rand::Rng;
    let kind = rules::catalog::find("princes").expect("princes is registered");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/tests/fixtures");
    let mut compared = 0;
    for (file, players, seed) in FIXTURES {
        let path = format!("{dir}/{file}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let fixture: serde_json::Value = serde_json::from_str(&text).unwrap();
        let bytes = serde_json::to_vec(&fixture["state"]).unwrap();
        let mut game = (kind.restore)(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        let names = names(players);
        assert_english_as_stored(game.as_ref(), &names, &fixture["texts"], file);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let steps = fixture["continuation"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for (i, step) in steps.iter().enumerate() {
            let seat = *game.awaiting().first().expect("someone is awaited");
            let legal = game.legal_texts(seat);
            let line = &legal[rng.gen_range(0..legal.len())];
            let applied = game.apply_text(seat, line, &names).unwrap();
            let what = format!("{file} step {i}");
            let narrated: Vec<String> = applied
                .narrations
                .iter()
                .map(|n| {
                    let phrase = n.phrase.clone().expect("phrased");
                    words::phrase(Lang::En, &phrase, &names)
                })
                .collect();
            assert_eq!(
                serde_json::Value::from(narrated),
                step["narrated"],
                "{what}: narrations"
            );
            assert_english_as_stored(game.as_ref(), &names, &step["texts"], &what);
            compared += 1;
        }
    }
    // Up to 30 steps per fixture (the last one starts at the game's end).
    assert!(compared > 100, "only {compared} steps compared");
}

/// Spanish boards and hands of random states of many games: no raw key, no braces,
/// not the English.
#[test]
fn princes_texts_of_random_states_read_in_spanish() {
    let kind = rules::catalog::find("princes").expect("princes is registered");
    let mut checked = 0;
    for seed in 0..games() {
        let players = 3 + (seed as usize) % 3;
        let names = names(players);
        let mut game = (kind.new)(players, &serde_json::Value::Null, seed + 100).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + 100);
        let mut step = 0u64;
        loop {
            // Every 7th state, and the last.
            if step.is_multiple_of(7) || game.is_over() {
                let (en_public, en_private) = texts(game.as_ref(), &names, Lang::En);
                let (es_public, es_private) = texts(game.as_ref(), &names, Lang::Es);
                assert_spanish_clean(&es_public, "public");
                assert_ne!(es_public, en_public);
                for (es, en) in es_private.iter().zip(&en_private) {
                    assert_spanish_clean(es, "private");
                    assert_ne!(es, en);
                }
                checked += 1;
            }
            if game.is_over() {
                break;
            }
            let Some(&seat) = game.awaiting().choose(&mut rng) else {
                break;
            };
            let Some(line) = game.legal_texts(seat).choose(&mut rng).cloned() else {
                break;
            };
            game.apply_text(seat, &line, &names).unwrap();
            step += 1;
        }
    }
    assert!(checked > 20 * games(), "only {checked} states");
}

/// The opening board and the first hand in both languages, and a hand with every kind
/// of card (fixture 5 at its end), as snapshots.
#[test]
fn princes_opening_board_and_hand_snapshots() {
    use rules::Game;
    let names = names(3);
    let g = rules::princes::Princes::new(3, &Default::default(), 7).unwrap();
    for lang in Lang::ALL {
        let say = words::Speaker::new(lang, &names);
        let public = rules::princes::Princes::render_public(&g.public_view(), &names, &say);
        let private = rules::princes::Princes::render_private(&g.private_view(0), &names, &say);
        insta::assert_snapshot!(format!("princes_opening_board_{}", lang.code()), public);
        insta::assert_snapshot!(format!("princes_opening_hand_{}", lang.code()), private);
    }
}

// ---------------------------------------------------------------------------
// Final scores
// ---------------------------------------------------------------------------

/// Every score line of finished random games has a phrase whose English is its label,
/// the note's phrase reads as the note, and the Spanish of each is its own.
#[test]
fn princes_score_lines_read_as_their_labels() {
    use rules::Game;
    let mut lines = 0;
    for seed in 0..games().min(8) {
        let players = 3 + (seed as usize) % 3;
        let names = names(players);
        let p = rules::playout::random_playout::<rules::princes::Princes>(
            players,
            &Default::default(),
            seed,
            100_000,
        )
        .unwrap();
        let outcome = p.game.outcome().expect("the playout ends the game");
        let note = outcome.note_phrase.clone().expect("a note phrase");
        assert_eq!(
            words::phrase(Lang::En, &note, &names),
            outcome.note.clone().unwrap_or_default()
        );
        assert_spanish_clean(&words::phrase(Lang::Es, &note, &names), note.key);
        for r in &outcome.results {
            for line in r.breakdown.iter().chain(r.tiebreak.iter()) {
                let phrase = line.phrase.clone().expect("every score line has a phrase");
                assert_keys_exist(&phrase);
                assert_eq!(words::phrase(Lang::En, &phrase, &names), line.label);
                let es = words::phrase(Lang::Es, &phrase, &names);
                assert_spanish_clean(&es, phrase.key);
                assert_ne!(es, line.label, "{}", phrase.key);
                lines += 1;
            }
        }
    }
    assert!(lines > 30, "only {lines} score lines");
}

// ---------------------------------------------------------------------------
// Parse errors
// ---------------------------------------------------------------------------

#[test]
fn every_princes_parse_error_reads_in_both_languages() {
    use rules::princes::BadCommand as B;
    fn index(e: &B) -> usize {
        match e {
            B::RotNeedsValue { .. } => 0,
            B::BadRotation(_) => 1,
            B::NotASquare { .. } => 2,
            B::TwoSquares { .. } => 3,
            B::SayWhere { .. } => 4,
            B::Help => 5,
            B::ReturnInstead => 6,
            B::OpenWhich => 7,
            B::NoAuction => 8,
            B::BidAmount => 9,
            B::PlaceWhich => 10,
            B::BuildWhat => 11,
            B::RecruitWhich => 12,
            B::DrawWhat => 13,
            B::FreedomWhich => 14,
            B::SellHowMany => 15,
            B::NotACommand(_) => 16,
            B::NotAProfession(_) => 17,
            B::KeepWhichProfession => 18,
            B::KeepWhichBonus => 19,
            B::KeepWhichPrestige => 20,
            B::NothingToKeep => 21,
            B::GivenTwice(_) => 22,
            B::NotABonusCard(_) => 23,
            B::PrestigeNumber => 24,
            B::WorkWhich => 25,
        }
    }
    let ex = "place lake at B2 rot 90";
    let samples = [
        B::RotNeedsValue { example: ex },
        B::BadRotation("45".into()),
        B::NotASquare {
            word: "z9".into(),
            example: ex,
        },
        B::TwoSquares {
            first: "B2".into(),
            second: "C3".into(),
            example: ex,
        },
        B::SayWhere { example: ex },
        B::Help,
        B::ReturnInstead,
        B::OpenWhich,
        B::NoAuction,
        B::BidAmount,
        B::PlaceWhich,
        B::BuildWhat,
        B::RecruitWhich,
        B::DrawWhat,
        B::FreedomWhich,
        B::SellHowMany,
        B::NotACommand("frobnicate".into()),
        B::NotAProfession("baker".into()),
        B::KeepWhichProfession,
        B::KeepWhichBonus,
        B::KeepWhichPrestige,
        B::NothingToKeep,
        B::GivenTwice("prestige".into()),
        B::NotABonusCard("b99".into()),
        B::PrestigeNumber,
        B::WorkWhich,
    ];
    let names = names(3);
    let mut seen = [false; 26];
    for e in &samples {
        if let Some(s) = seen.get_mut(index(e)) {
            *s = true;
        }
        let phrase = e.phrase();
        assert_keys_exist(&phrase);
        let en = words::phrase(Lang::En, &phrase, &names);
        assert_eq!(en, e.to_string(), "{}: English differs", phrase.key);
        let es = words::phrase(Lang::Es, &phrase, &names);
        assert_spanish_clean(&es, phrase.key);
        assert_ne!(es, en, "{}: the Spanish is the English", phrase.key);
        // What the parser returns carries the same phrase.
        let parsed: rules::engine::ParseError = e.clone().into();
        assert_eq!(parsed.1.as_ref(), Some(&phrase));
        assert_eq!(parsed.0, en);
    }
    let missing: Vec<usize> = (0..seen.len()).filter(|i| !seen[*i]).collect();
    assert!(missing.is_empty(), "variants without a sample: {missing:?}");
}

/// The board and every hand of a mid-game fixture (cards in hand, works done) in both
/// languages, as snapshots.
#[test]
fn princes_mid_game_snapshots() {
    let kind = rules::catalog::find("princes").expect("princes is registered");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/tests/fixtures");
    let text = std::fs::read_to_string(format!("{dir}/princes_v1_3.json")).unwrap();
    let fixture: serde_json::Value = serde_json::from_str(&text).unwrap();
    let game = (kind.restore)(&serde_json::to_vec(&fixture["state"]).unwrap()).unwrap();
    let names = names(5);
    for lang in Lang::ALL {
        let (public, private) = texts(game.as_ref(), &names, lang);
        let all = format!("{public}\n{}", private.join("\n"));
        insta::assert_snapshot!(format!("princes_mid_game_{}", lang.code()), all);
    }
}
