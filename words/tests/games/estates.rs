//! The Estates's texts in English and Spanish: every event (and each of its wordings)
//! reads in English exactly as `narrate` does; the boards and hands stored in the v1
//! fixtures (`rules/tests/fixtures/estates_v1_*.json`, written before the texts moved to
//! Fluent) read the same, byte for byte, through the English speaker; Spanish has no raw
//! key, no brace, and is not the English.

use rand::{Rng, SeedableRng};
use rules::dynamic::Register;
use rules::engine::{Game, GameEvent};
use rules::estates::data::{Colour, Cube, Lot, RowId};
use rules::estates::{EndReason, Estates, EstatesEvent, EstatesOptions, Item};
use rules::{Arg, DynGame, Phrase};
use words::{Lang, Speaker};

fn names(n: usize) -> Vec<String> {
    ["Ana", "Bruno", "Carla", "Dario", "Elena"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// A Spanish text of this game: no key left raw, no brace, and not the English.
fn check_spanish(english: &str, spanish: &str) {
    assert!(!spanish.contains("estates-"), "raw key in {spanish:?}");
    assert!(!spanish.contains(['{', '}']), "braces in {spanish:?}");
    assert_ne!(spanish, english, "the Spanish is the English");
}

/// Checks one event: its phrase reads in English as `narrate` and has its own Spanish.
fn check_event(e: &EstatesEvent, names: &[String]) {
    let phrase = e.phrased().expect("every estates event has a phrase");
    for key in std::iter::once(phrase.key).chain(phrase.args.iter().filter_map(|(_, a)| match a {
        Arg::Term(k) => Some(*k),
        _ => None,
    })) {
        for lang in Lang::ALL {
            assert!(words::has(lang, key), "{}: {key} missing", lang.code());
        }
    }
    let en = words::phrase(Lang::En, &phrase, names);
    assert_eq!(en, e.narrate(names), "{}", phrase.key);
    check_spanish(&en, &words::phrase(Lang::Es, &phrase, names));
}

#[test]
fn every_estates_event_reads_in_both_languages() {
    use EstatesEvent as E;
    fn index(e: &E) -> usize {
        match e {
            E::Stashed { .. } => 0,
            E::Chose { .. } => 1,
            E::Bid { .. } => 2,
            E::Passed { .. } => 3,
            E::AllPassed { .. } => 4,
            E::Sold { .. } => 5,
            E::Kept { .. } => 6,
            E::CubePlaced { .. } => 7,
            E::Certificate { .. } => 8,
            E::RoofPlaced { .. } => 9,
            E::PermitPlaced { .. } => 10,
            E::MayorPlaced { .. } => 11,
            E::PermitRemoved { .. } => 12,
            E::Discarded { .. } => 13,
            E::RoundOver { .. } => 14,
            E::NewRound { .. } => 15,
        }
    }
    let names = names(5);
    let red5 = Cube::new(Colour::Red, 5);
    let top3 = Lot::new(RowId::Top, 3);
    let items = [
        Item::Cube(red5),
        Item::Roof(4),
        Item::Permit(2),
        Item::Mayor,
        Item::Cancel,
    ];
    let mut samples = vec![
        E::Stashed {
            seat: 1,
            cash_box: 3,
        },
        E::Bid { seat: 2, amount: 7 },
        E::Passed { seat: 0 },
        E::CubePlaced {
            seat: 0,
            cube: red5,
            lot: top3,
        },
        E::RoofPlaced {
            seat: 1,
            roof: 6,
            lot: Lot::new(RowId::Bottom, 1),
        },
        E::MayorPlaced {
            seat: 2,
            row: RowId::Middle,
        },
        E::NewRound {
            round: 2,
            starter: 3,
        },
    ];
    for colour in Colour::ALL {
        samples.push(E::Certificate { seat: 4, colour });
    }
    for (requirement, row) in [(1, RowId::Top), (7, RowId::Bottom)] {
        samples.push(E::PermitPlaced {
            seat: 1,
            value: 3,
            lot: Lot::new(row, 8),
            requirement,
        });
        samples.push(E::PermitRemoved {
            seat: 2,
            value: 1,
            row,
            requirement,
        });
    }
    for item in items {
        samples.push(E::Chose { seat: 0, item });
        samples.push(E::AllPassed {
            auctioneer: 1,
            item,
        });
        samples.push(E::Sold {
            auctioneer: 1,
            buyer: 2,
            amount: 4,
            item,
        });
        samples.push(E::Kept {
            auctioneer: 2,
            bidder: 0,
            amount: 12,
            item,
        });
        samples.push(E::Discarded { seat: 3, item });
    }
    let reasons = [
        EndReason::TwoRowsComplete,
        EndReason::RoofsGone,
        EndReason::NoPieceLeft,
    ];
    for players in 2..=5 {
        for (i, reason) in reasons.iter().enumerate() {
            let totals: Vec<i64> = (0..players).map(|s| s as i64 * 7 - 9).collect();
            let winners: Vec<usize> = (0..=(i + players) % players).collect();
            for (rounds, match_over) in [(1, true), (3, false), (3, true)] {
                samples.push(E::RoundOver {
                    round: 2,
                    rounds,
                    reason: *reason,
                    totals: totals.clone(),
                    winners: winners.clone(),
                    match_over,
                });
            }
        }
    }
    let mut seen = [false; 16];
    for e in &samples {
        seen[index(e)] = true;
        check_event(e, &names);
    }
    assert!(seen.iter().all(|s| *s), "events without a sample: {seen:?}");
    let es = words::phrase(
        Lang::Es,
        &E::Sold {
            auctioneer: 1,
            buyer: 2,
            amount: 4,
            item: Item::Permit(2),
        }
        .phrased()
        .unwrap(),
        &names,
    );
    assert_eq!(es, "Bruno vende el permiso 2 a Carla, que le paga 4 M$.");
}

/// How many random games the playout tests play (`ESTATES_TEXT_GAMES`, default 20).
fn random_games() -> u64 {
    std::env::var("ESTATES_TEXT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20)
}

/// In random games (one and three rounds, 2–5 players) every narration reads in English
/// as `narrate` and in Spanish on its own; every few moves the board and each hand in
/// Spanish have no raw key or brace and are not the English; at the end every score line
/// and the note read as their English labels (also once the game is stored and read
/// back).
#[test]
fn narrations_boards_and_hands_of_random_games_read_in_both_languages() {
    let mut told = 0;
    let mut boards = 0;
    let mut outcomes = 0;
    for seed in 0..random_games() {
        let players = 2 + (seed as usize) % 4;
        let names = names(players);
        let en = Speaker::new(Lang::En, &names);
        let es = Speaker::new(Lang::Es, &names);
        let options = EstatesOptions {
            rounds: if seed % 3 == 0 { 3 } else { 1 },
        };
        let mut game = Estates::new(players, &options, seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut moves = 0;
        while let Some((seat, action)) = rules::playout::random_action(&game, &mut rng) {
            for e in game.apply(seat, &action).unwrap() {
                check_event(&e, &names);
                told += 1;
            }
            moves += 1;
            if moves % 7 == 0 || game.is_over() {
                let public = game.public_view();
                check_spanish(
                    &Estates::render_public(&public, &names, &en),
                    &Estates::render_public(&public, &names, &es),
                );
                if options.rounds > 1 {
                    check_spanish(
                        &Estates::render_headline(&public, &names, &en),
                        &Estates::render_headline(&public, &names, &es),
                    );
                }
                for s in 0..players {
                    let private = game.private_view(s);
                    check_spanish(
                        &Estates::render_private(&private, &names, &en),
                        &Estates::render_private(&private, &names, &es),
                    );
                }
                boards += 1;
            }
        }
        assert!(game.is_over(), "seed {seed}: the game did not end");
        check_outcome(&game, &names);
        // A stored game (its history keeps only English labels) reads the same.
        let stored: Estates = serde_json::from_slice(&serde_json::to_vec(&game).unwrap()).unwrap();
        check_outcome(&stored, &names);
        outcomes += 1;
    }
    assert!(outcomes > 10, "only {outcomes} outcomes");
    assert!(told > 100, "only {told} narrations");
    assert!(boards > 20, "only {boards} boards");
}

/// Every line of a finished game's result (breakdown and tie-break) and its note carry a
/// phrase that reads in English as the stored label and in Spanish on its own.
fn check_outcome(game: &Estates, names: &[String]) {
    let outcome = game.outcome().expect("a finished game has an outcome");
    let check = |english: &str, phrase: &Option<Phrase>| {
        let phrase = phrase
            .as_ref()
            .unwrap_or_else(|| panic!("no phrase for {english:?}"));
        assert_eq!(
            words::phrase(Lang::En, phrase, names),
            english,
            "{}",
            phrase.key
        );
        check_spanish(english, &words::phrase(Lang::Es, phrase, names));
    };
    for r in &outcome.results {
        for line in r.breakdown.iter().chain(&r.tiebreak) {
            check(&line.label, &line.phrase);
        }
    }
    check(
        outcome.note.as_deref().unwrap_or_default(),
        &outcome.note_phrase,
    );
}

/// (file, players, seed) of each v1 fixture (as in `rules/tests/estates.rs`).
const V1_FIXTURES: [(&str, usize, u64); 5] = [
    ("estates_v1_1.json", 2, 11),
    ("estates_v1_2.json", 4, 22),
    ("estates_v1_3.json", 5, 33),
    ("estates_v1_4.json", 3, 44),
    ("estates_v1_5.json", 4, 55),
];

/// Compares a game's board and hands in English with the texts a fixture stored.
fn same_english(game: &dyn DynGame, stored: &serde_json::Value, players: usize, what: &str) {
    let names = names(players);
    let en = Speaker::new(Lang::En, &names);
    assert_eq!(
        game.public_text(&names, &en),
        stored["public_text"].as_str().unwrap(),
        "{what}: public text"
    );
    let privates = stored["private_texts"].as_array().unwrap();
    assert_eq!(privates.len(), players, "{what}");
    for (s, text) in privates.iter().enumerate() {
        assert_eq!(
            game.private_text(s, &names, &en),
            text.as_str().unwrap(),
            "{what}: private text of seat {s}"
        );
    }
}

/// The boards and hands the engine wrote before its texts moved to Fluent (stored in the
/// v1 fixtures with 30 further moves each) read the same through the English speaker.
#[test]
fn english_boards_and_hands_are_those_of_the_stored_fixtures() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/tests/fixtures");
    let mut compared = 0;
    for (file, players, seed) in V1_FIXTURES {
        let path = format!("{dir}/{file}");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let fixture: serde_json::Value = serde_json::from_str(&text).unwrap();
        let bytes = serde_json::to_vec(&fixture["state"]).unwrap();
        let mut game = Estates::dyn_restore(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        same_english(game.as_ref(), &fixture["texts"], players, file);
        compared += 1;
        // The same further moves as the fixture's writer.
        let names = names(players);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let continuation = fixture["continuation"].as_array().unwrap();
        for (i, stored) in continuation.iter().enumerate() {
            let seat = *game.awaiting().first().unwrap();
            let legal = game.legal_texts(seat);
            let line = &legal[rng.gen_range(0..legal.len())];
            game.apply_text(seat, line, &names).unwrap();
            same_english(
                game.as_ref(),
                stored,
                players,
                &format!("{file} +{}", i + 1),
            );
            compared += 1;
        }
    }
    assert!(compared > 100, "only {compared} states compared");
}

/// The opening board and one hand (seat 0 of a 3-round game, may stash) in both
/// languages.
#[test]
fn opening_board_and_hand_in_both_languages() {
    let names = names(3);
    let game = Estates::new(3, &EstatesOptions { rounds: 3 }, 7).unwrap();
    let public = game.public_view();
    let hand = game.private_view(game.active());
    for lang in Lang::ALL {
        let say = Speaker::new(lang, &names);
        insta::assert_snapshot!(
            format!("estates_opening_{}", lang.code()),
            Estates::render_public(&public, &names, &say)
        );
        insta::assert_snapshot!(
            format!("estates_hand_{}", lang.code()),
            Estates::render_private(&hand, &names, &say)
        );
    }
}

/// A player argument is the seat's name and the row a word of the reader's language.
#[test]
fn a_row_is_a_word_of_the_readers_language() {
    let names = names(3);
    let phrase = Phrase::new("estates-board-in-row").term("row", RowId::Middle.term());
    assert_eq!(words::phrase(Lang::En, &phrase, &names), "in middle row");
    assert_eq!(
        words::phrase(Lang::Es, &phrase, &names),
        "en la fila central"
    );
}

/// The board excerpt in `docs/estates.md` is what the engine writes in English for that
/// position (the mayor doubles every building of the row, roofed or not).
#[test]
fn docs_board_example_reads_as_the_english_board() {
    use rules::estates::board::{Board, Building, PieceState};
    let building = |cubes: &[Cube], roof| Building {
        cubes: cubes.to_vec(),
        roof,
    };
    let mut game = Estates::new(3, &EstatesOptions::default(), 7).unwrap();
    let mut board = Board {
        rows: vec![
            vec![
                building(&[Cube::new(Colour::Green, 6)], Some(2)),
                building(
                    &[Cube::new(Colour::Blue, 5), Cube::new(Colour::Red, 3)],
                    None,
                ),
            ],
            vec![],
            vec![],
        ],
        ..Board::default()
    };
    board.mayor = PieceState::Placed {
        row: RowId::Top,
        effect: 0,
    };
    game.set_board(board);
    game.set_certificate(Colour::Green, Some(1));
    game.set_certificate(Colour::Red, Some(0));
    let names = names(3);
    let text = Estates::render_public(&game.public_view(), &names, &Speaker::new(Lang::En, &names));
    let docs = include_str!("../../../docs/estates.md");
    let excerpt = [
        "TOP row · needs 4 · MAYOR x2\n",
        "  1w green-6 ^roof 2 → Bruno -16\n",
        "  2  blue-5 red-3 → Ana -16\n",
        "  lots 3-4 empty\n",
    ]
    .concat();
    assert!(text.contains(&excerpt), "{text}");
    assert!(docs.contains(&excerpt), "docs/estates.md example is stale");
}

/// Every typed-command error (and each of its wordings) reads in English as its
/// `Display` and has its own Spanish; the errors `parse_action` gives for slips in every
/// phase of a random game carry that phrase.
#[test]
fn every_estates_parse_error_reads_in_both_languages() {
    use rules::estates::{EstatesParseError as E, HintPhase};
    fn index(e: &E) -> usize {
        match e {
            E::Empty(_) => 0,
            E::Unknown { .. } => 1,
            E::TakesNothing(_) => 2,
            E::NotAnAmount(_) => 3,
            E::NotAPermit(_) => 4,
            E::NotACube(_) => 5,
            E::NoSuchOfferRow(_) => 6,
            E::CubeLiesElsewhere { .. } => 7,
            E::CubeUsage => 8,
            E::OfferRowEmpty(_) => 9,
            E::NotALot(_) => 10,
            E::LotUsage => 11,
            E::MayorNeedsRow => 12,
            E::RemoveWhich => 13,
            E::PermitWhich => 14,
            E::BidWhich => 15,
        }
    }
    let names = names(3);
    let phases = [
        HintPhase::Turn,
        HintPhase::Auction,
        HintPhase::Decide,
        HintPhase::Place,
        HintPhase::Over,
    ];
    let mut samples = vec![
        E::TakesNothing("pass".into()),
        E::NotAnAmount("lots".into()),
        E::NotAPermit("7".into()),
        E::NotACube("red 9".into()),
        E::NoSuchOfferRow(1000),
        E::CubeUsage,
        E::OfferRowEmpty(2),
        E::NotALot("top-12".into()),
        E::LotUsage,
        E::MayorNeedsRow,
        E::RemoveWhich,
        E::PermitWhich,
        E::BidWhich,
    ];
    for phase in phases {
        samples.push(E::Empty(phase));
        samples.push(E::Unknown {
            text: "fly {away}".into(),
            phase,
        });
    }
    for end in 0..3 {
        samples.push(E::CubeLiesElsewhere {
            cube: Cube::new(Colour::Grey, 2),
            end,
            row: 1,
        });
    }
    let mut seen = [false; 16];
    for e in &samples {
        seen[index(e)] = true;
        let phrase = rules::Phrased::phrase(e);
        let en = words::phrase(Lang::En, &phrase, &names);
        assert_eq!(en, e.to_string(), "{}", phrase.key);
        let es = words::phrase(Lang::Es, &phrase, &names);
        assert!(!es.contains("estates-"), "raw key in {es:?}");
        assert_ne!(es, en, "{}: the Spanish is the English", phrase.key);
    }
    assert!(
        seen.iter().all(|s| *s),
        "variants without a sample: {seen:?}"
    );
    // Slips typed in every phase of random games.
    let slips = [
        "",
        "fly",
        "pass now",
        "bid",
        "bid lots",
        "permit",
        "permit 7",
        "cube",
        "cube 9 left",
        "cube red 9",
        "cube purple-7",
        "place",
        "place nowhere",
        "place top 12",
        "mayor top-3x",
        "remove",
        "red-1 2 right",
    ];
    let mut refused = 0;
    for seed in 0..4 {
        let mut game = Estates::new(3, &EstatesOptions::default(), seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while let Some((seat, action)) = rules::playout::random_action(&game, &mut rng) {
            for slip in slips {
                if let Err(e) = game.parse_action(seat, slip) {
                    let phrase = e.1.unwrap_or_else(|| panic!("no phrase for {:?}", e.0));
                    assert_eq!(words::phrase(Lang::En, &phrase, &names), e.0);
                    let es = words::phrase(Lang::Es, &phrase, &names);
                    assert!(!es.contains("estates-") && es != e.0, "{es}");
                    refused += 1;
                }
            }
            game.apply(seat, &action).unwrap();
        }
    }
    assert!(refused > 1000, "only {refused} refusals");
}
