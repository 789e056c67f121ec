//! The engines' refusals in every language (`rules::Phrased` → `words::phrase`): for a
//! sample of every error variant of every game, English reads exactly as the variant's
//! `Display` and Spanish has its own sentence, with no key left raw and no `{`/`}`; and
//! the refusals of random illegal moves during random games read in both languages.
//!
//! Each game's samples come with an index `match` that names every variant (no `_` arm):
//! a new variant does not compile here until it has an index, and the test fails until
//! it has a sample.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rules::estates::data::{Cube, Lot, RowId};
use rules::estates::error::PermitOption;
use rules::estates::EstatesError;
use rules::palazzo::{Attempt, Currency, Moment, PalazzoError};
use rules::princes::{PrincesError, TrailingWords};
use rules::testgame::CountdownError;
use rules::villa::VillaError;
use rules::{Arg, Phrase, Phrased};
use words::Lang;

/// Keys whose Spanish is, on purpose, the English argument passed through: a parser's or
/// an engine's own sentence carried as text.
const PASSED_THROUGH: &[&str] = &[
    "parse-error",
    "princes-error-not-now",
    "princes-error-limit",
];

/// Checks one refusal: English is `english` exactly; Spanish exists, differs (unless the
/// key passes its text through) and has no raw key and no braces.
fn check(english: &str, phrase: &Phrase) {
    let names: Vec<String> = ["Ana", "Bruno", "Carla"].map(String::from).to_vec();
    for key in std::iter::once(phrase.key).chain(phrase.args.iter().filter_map(|(_, a)| match a {
        Arg::Term(k) => Some(*k),
        _ => None,
    })) {
        for lang in Lang::ALL {
            assert!(words::has(lang, key), "{}: {key} missing", lang.code());
        }
    }
    let en = words::phrase(Lang::En, phrase, &names);
    assert_eq!(en, english, "{}: English differs from Display", phrase.key);
    let es = words::phrase(Lang::Es, phrase, &names);
    assert!(!es.contains(['{', '}']), "{}: braces in {es:?}", phrase.key);
    assert!(
        !es.contains(phrase.key),
        "{}: raw key in {es:?}",
        phrase.key
    );
    for (_, arg) in &phrase.args {
        if let Arg::Term(k) = arg {
            assert!(!es.contains(k), "{}: raw term {k} in {es:?}", phrase.key);
        }
    }
    if !PASSED_THROUGH.contains(&phrase.key) {
        assert_ne!(es, en, "{}: the Spanish is the English", phrase.key);
    }
}

fn check_all<E: std::fmt::Display + Phrased>(samples: &[E], index: fn(&E) -> usize, count: usize) {
    let mut seen = vec![false; count];
    for e in samples {
        seen[index(e)] = true;
        check(&e.to_string(), &e.phrase());
    }
    let missing: Vec<usize> = (0..count).filter(|i| !seen[*i]).collect();
    assert!(missing.is_empty(), "variants without a sample: {missing:?}");
}

fn s(text: &str) -> String {
    text.to_string()
}

#[test]
fn every_palazzo_refusal_reads_in_both_languages() {
    use PalazzoError as E;
    fn index(e: &E) -> usize {
        match e {
            E::GameOver => 0,
            E::NotYourTurn => 1,
            E::NotNow { .. } => 2,
            E::NotEnoughMoney { .. } => 3,
            E::PickCount { .. } => 4,
            E::NotRevealed(_) => 5,
            E::NotInHand(_) => 6,
            E::BuyCount => 7,
            E::NotInSupply(_) => 8,
            E::Underpaid { .. } => 9,
            E::CannotAfford(_) => 10,
            E::EmptySupply => 11,
            E::MixedCurrency => 12,
            E::WrongCurrency(_) => 13,
            E::GroupSplit(_) => 14,
            E::EmptyRaise => 15,
            E::BidTooLow { .. } => 16,
            E::NotPending(_) => 17,
            E::Twin { .. } => 18,
            E::NoSuchPalace(_) => 19,
            E::CannotStack { .. } => 20,
            E::EmptyHand => 21,
            E::NotYours(_) => 22,
            E::AlreadyAlone(_) => 23,
            E::NotAlone(_) => 24,
            E::FloorTaken { .. } => 25,
            E::SamePalace => 26,
        }
    }
    let mut samples = vec![
        E::GameOver,
        E::NotYourTurn,
        E::NotEnoughMoney { need: 4, have: 1 },
        E::PickCount { need: 2 },
        E::NotRevealed(s("R6")),
        E::NotInHand(s("2× R5 (only 1)")),
        E::BuyCount,
        E::NotInSupply(s("brick-1-1w")),
        E::Underpaid {
            tiles: 2,
            price: 12,
            supply: 4,
            each: 6,
            paid: 11,
        },
        E::Underpaid {
            tiles: 1,
            price: 6,
            supply: 4,
            each: 6,
            paid: 5,
        },
        E::CannotAfford(7),
        E::EmptySupply,
        E::MixedCurrency,
        E::GroupSplit(s("G4")),
        E::EmptyRaise,
        E::BidTooLow {
            high: 15,
            total: 12,
        },
        E::NotPending(s("marble-3-2w")),
        E::Twin {
            typed: s("marble-3-1w"),
            twin: s("marble-3-1w-b"),
        },
        E::NoSuchPalace(s("D")),
        E::CannotStack {
            tile: s("brick-2-2w"),
            floor: 2,
            palace: s("A"),
            top: 3,
        },
        E::EmptyHand,
        E::NotYours(s("brick-1-1w")),
        E::AlreadyAlone(s("brick-1-1w")),
        E::NotAlone(s("brick-1-1w")),
        E::FloorTaken {
            palace: s("B"),
            floor: 4,
        },
        E::SamePalace,
    ];
    for c in [Currency::Red, Currency::Green, Currency::Blue] {
        samples.push(E::WrongCurrency(c));
    }
    let attempts = [
        Attempt::TurnChoice,
        Attempt::Pick,
        Attempt::BuyOrAuction,
        Attempt::Auction,
        Attempt::Build,
    ];
    let moments = [
        Moment::Turn,
        Moment::Picking,
        Moment::BuyOrAuction,
        Moment::Auction,
        Moment::Handout,
        Moment::Building,
        Moment::Over,
    ];
    for attempt in attempts {
        for moment in moments {
            samples.push(E::NotNow { attempt, moment });
        }
    }
    check_all(&samples, index, 27);
    // A Spanish sentence, word for word.
    let es = words::phrase(
        Lang::Es,
        &E::BidTooLow {
            high: 15,
            total: 12,
        }
        .phrase(),
        &[],
    );
    assert_eq!(
        es,
        "Debes pujar más que la puja más alta, 15; tu puja sumaría 12."
    );
    let es = words::phrase(Lang::Es, &E::WrongCurrency(Currency::Green).phrase(), &[]);
    assert!(es.starts_with("Tu puja es en verde:"), "{es}");
}

#[test]
fn every_estates_refusal_reads_in_both_languages() {
    use EstatesError as E;
    fn index(e: &E) -> usize {
        match e {
            E::GameOver => 0,
            E::NotYourTurn => 1,
            E::StashNotNow => 2,
            E::AlreadyStashed => 3,
            E::NoCashToStash => 4,
            E::ChooseNotNow => 5,
            E::CubeNotOffered(_) => 6,
            E::CubeNotAtEnd(_) => 7,
            E::CubeUnplaceable(_) => 8,
            E::NoRoofsLeft => 9,
            E::NoUnroofedBuilding => 10,
            E::PermitUnavailable(_) => 11,
            E::NoSuchPermit(_) => 12,
            E::MayorUnavailable => 13,
            E::CancelUnavailable => 14,
            E::NoAuction => 15,
            E::BidTooLowFirst => 16,
            E::BidTooLow(_) => 17,
            E::BidAboveCash { .. } => 18,
            E::NoDecision => 19,
            E::KeepWithoutCash(_) => 20,
            E::NothingToPlace => 21,
            E::NeedsLot => 22,
            E::MayorNeedsRow => 23,
            E::RemoveNeedsCancel => 24,
            E::CancelNotOnLot => 25,
            E::MustPlace => 26,
            E::FirstOnLotOne(_) => 27,
            E::Gap { .. } => 28,
            E::PastRequirement { .. } => 29,
            E::WhiteLotFull(_) => 30,
            E::NotLower { .. } => 31,
            E::Roofed(_) => 32,
            E::NoBuilding(_) => 33,
            E::PermitLot { .. } => 34,
            E::PermitNowhere { .. } => 35,
            E::PermitNotOnBoard(_) => 36,
            E::CancelCutsBuilt { .. } => 37,
            E::CancelOutOfRange { .. } => 38,
        }
    }
    let cube = |t: &str| Cube::parse(t).unwrap_or_else(|| panic!("cube {t}"));
    let lot = |t: &str| Lot::parse(t).unwrap_or_else(|| panic!("lot {t}"));
    let mut samples = vec![
        E::GameOver,
        E::NotYourTurn,
        E::StashNotNow,
        E::AlreadyStashed,
        E::NoCashToStash,
        E::ChooseNotNow,
        E::CubeNotOffered(cube("green-4")),
        E::CubeNotAtEnd(cube("green-4")),
        E::CubeUnplaceable(cube("green-4")),
        E::NoRoofsLeft,
        E::NoUnroofedBuilding,
        E::PermitUnavailable(2),
        E::NoSuchPermit(4),
        E::MayorUnavailable,
        E::CancelUnavailable,
        E::NoAuction,
        E::BidTooLowFirst,
        E::BidTooLow(5),
        E::BidAboveCash { bid: 9, cash: 6 },
        E::NoDecision,
        E::KeepWithoutCash(8),
        E::NothingToPlace,
        E::NeedsLot,
        E::MayorNeedsRow,
        E::RemoveNeedsCancel,
        E::CancelNotOnLot,
        E::MustPlace,
        E::WhiteLotFull(lot("top-3")),
        E::NotLower {
            cube: cube("green-4"),
            below: cube("green-2"),
        },
        E::Roofed(lot("middle-2")),
        E::NoBuilding(lot("bottom-5")),
        E::PermitNotOnBoard(1),
    ];
    for row in RowId::ALL {
        samples.extend([
            E::FirstOnLotOne(row),
            E::Gap { row, next: 3 },
            E::PastRequirement {
                row,
                lot: 5,
                requirement: 4,
            },
            E::PermitLot {
                value: 2,
                row,
                options: vec![PermitOption {
                    lot: 3,
                    requirement: 2,
                    lengthens: false,
                }],
            },
            E::PermitLot {
                value: 2,
                row,
                options: vec![
                    PermitOption {
                        lot: 3,
                        requirement: 2,
                        lengthens: false,
                    },
                    PermitOption {
                        lot: 7,
                        requirement: 6,
                        lengthens: true,
                    },
                ],
            },
            E::PermitLot {
                value: 2,
                row,
                options: vec![
                    PermitOption {
                        lot: 3,
                        requirement: 2,
                        lengthens: false,
                    };
                    3
                ],
            },
            E::PermitNowhere {
                value: 3,
                row,
                built: 4,
            },
            E::CancelCutsBuilt {
                value: 1,
                row,
                requirement: 3,
                built: 4,
            },
            E::CancelOutOfRange {
                value: 3,
                row,
                requirement: -1,
            },
        ]);
    }
    check_all(&samples, index, 39);
    let es = words::phrase(
        Lang::Es,
        &E::Gap {
            row: RowId::Top,
            next: 3,
        }
        .phrase(),
        &[],
    );
    assert_eq!(
        es,
        "No puede haber huecos entre edificios: un edificio nuevo en la fila superior va en el lote 3."
    );
}

#[test]
fn every_villa_refusal_reads_in_both_languages() {
    use VillaError as E;
    fn index(e: &E) -> usize {
        match e {
            E::GameOver => 0,
            E::NotYourTurn(_) => 1,
            E::NotNow(_) => 2,
            E::NotYours(_) => 3,
            E::Frozen(_) => 4,
            E::OnTopLevel(_) => 5,
            E::Gone(_) => 6,
            E::LastNeutral(_) => 7,
            E::NeutralFirst(_, _) => 8,
            E::WrongColour(_, _) => 9,
            E::NotYourColour(_) => 10,
            E::NoMovableInColour(_) => 11,
            E::OffGrid(_, _) => 12,
            E::OffFloor(_) => 13,
            E::Overlap(_, _) => 14,
            E::Overhang(_, _) => 15,
            E::OutsideBuildingArea(_) => 16,
            E::AlreadySet(_) => 17,
            E::NoFloorsLeft => 18,
            E::NoFloorPosition(_, _) => 19,
            E::FloorOffBase(_, _) => 20,
            E::TooFewSupports(_, _, _, _) => 21,
            E::FloorWouldFall(_) => 22,
            E::NothingToObject => 23,
            E::NothingToChallenge => 24,
            E::NotObjectors(_) => 25,
            E::NotProposers(_) => 26,
        }
    }
    let col = || s("blue-thin-1");
    let samples = vec![
        E::GameOver,
        E::NotYourTurn(s("pull one of your columns (`pull blue-thick`)")),
        E::NotNow(s("the game is over")),
        E::NotYours(col()),
        E::Frozen(col()),
        E::OnTopLevel(col()),
        E::Gone(col()),
        E::LastNeutral(s("green-thin-1")),
        E::NeutralFirst(s("green"), col()),
        E::WrongColour(s("red"), col()),
        E::NotYourColour(s("red")),
        E::NoMovableInColour(s("red")),
        E::OffGrid(s("z9"), s("a1 to q17")),
        E::OffFloor(s("d4")),
        E::Overlap(s("d4"), col()),
        E::Overhang(s("d4"), col()),
        E::OutsideBuildingArea(s("a1")),
        E::AlreadySet(col()),
        E::NoFloorsLeft,
        E::NoFloorPosition(s("yellow"), 3),
        E::FloorOffBase(s("d4"), s("yellow")),
        E::TooFewSupports(s("d4"), s("yellow"), 1, 3),
        E::TooFewSupports(s("d4"), s("yellow"), 2, 3),
        E::FloorWouldFall(s("d4")),
        E::NothingToObject,
        E::NothingToChallenge,
        E::NotObjectors(col()),
        E::NotProposers(col()),
    ];
    let mut samples = samples;
    for (_, english) in rules::villa::waiting::ALL {
        samples.push(E::NotNow(s(english)));
        samples.push(E::NotYourTurn(s(english)));
    }
    for colour in ["blue", "red", "yellow", "green", "orange"] {
        samples.push(E::WrongColour(s(colour), col()));
        samples.push(E::NoFloorPosition(s(colour), 3));
    }
    check_all(&samples, index, 27);
    // Every fixed "waiting for" text and colour is a term, so it reads in Spanish too.
    for e in &samples {
        if let E::NotNow(_) | E::NotYourTurn(_) | E::WrongColour(_, _) = e {
            let phrase = e.phrase();
            assert!(
                phrase.args.iter().any(|(_, a)| matches!(a, Arg::Term(_))),
                "{e}: no term"
            );
        }
    }
    let es = words::phrase(
        Lang::Es,
        &E::NotNow(s(rules::villa::waiting::PULL_OWN.1)).phrase(),
        &[],
    );
    assert_eq!(
        es,
        "Eso no se puede ahora: saca una de tus columnas (`pull blue-thick`)."
    );
}

#[test]
fn every_princes_refusal_reads_in_both_languages() {
    use PrincesError as E;
    fn index(e: &E) -> usize {
        match e {
            E::GameOver => 0,
            E::NotYourTurn => 1,
            E::NotNow(_) => 2,
            E::StackSold(_) => 3,
            E::SupplyOut(_) => 4,
            E::NoRoom(_) => 5,
            E::MaxBuilders => 6,
            E::CannotAfford { .. } => 7,
            E::BadRaise { .. } => 8,
            E::Outside { .. } => 9,
            E::Overlap { .. } => 10,
            E::TouchesPalazzo { .. } => 11,
            E::TouchesBuilding { .. } => 12,
            E::AlreadyOwned(_) => 13,
            E::WrongLandscape(_) => 14,
            E::NoActionsLeft => 15,
            E::Limit(_) => 16,
            E::NotInHand(_) => 17,
            E::BonusNotInHand(_) => 18,
            E::BonusTwice(_) => 19,
            E::BelowMinimum { .. } => 20,
            E::TooMuchPrestige { .. } => 21,
            E::DeckEmpty(_) => 22,
            E::FreedomOwned(_) => 23,
            E::NoRecruitCard => 24,
            E::NotRecruitable(_) => 25,
            E::NotLookedAt(_) => 26,
            E::BadKeep(_) => 27,
            E::NotEnoughPrestige(_) => 28,
            E::SellZero => 29,
        }
    }
    let samples = vec![
        E::GameOver,
        E::NotYourTurn,
        E::NotNow(s("An auction is running: `bid` or `pass`.")),
        E::StackSold("jester"),
        E::SupplyOut(s("lake")),
        E::NoRoom("forest"),
        E::MaxBuilders,
        E::CannotAfford {
            need: 1300,
            have: 250,
        },
        E::CannotAfford {
            need: 300,
            have: -100,
        },
        E::BadRaise {
            high: 1200,
            need: 1300,
        },
        E::Outside { piece: "opera" },
        E::Overlap { piece: "opera" },
        E::TouchesPalazzo { piece: "opera" },
        E::TouchesBuilding { piece: "opera" },
        E::AlreadyOwned("opera"),
        E::WrongLandscape("park"),
        E::NoActionsLeft,
        E::Limit("You may complete at most 2 works per round."),
        E::NotInHand("poet"),
        E::BonusNotInHand(7),
        E::BonusTwice(12),
        E::BelowMinimum {
            value: 9,
            round: 3,
            min: 10,
        },
        E::TooMuchPrestige {
            payout: 1400,
            max: 7,
        },
        E::DeckEmpty("profession"),
        E::FreedomOwned("travel"),
        E::NoRecruitCard,
        E::NotRecruitable("poet"),
        E::NotLookedAt(s("poet, painter")),
        E::BadKeep(s("poet, painter, poet")),
        E::NotEnoughPrestige(2),
        E::SellZero,
    ];
    let mut samples = samples;
    for (_, english) in rules::princes::sentences::ALL {
        samples.push(E::NotNow(s(english)));
        samples.push(E::Limit(english));
    }
    check_all(&samples, index, 30);
    let es = words::phrase(
        Lang::Es,
        &E::CannotAfford {
            need: 1300,
            have: 250,
        }
        .phrase(),
        &[],
    );
    assert_eq!(es, "Necesitas 1300 florines pero solo tienes 250.");
}

#[test]
fn trailing_words_setup_and_parse_errors_read_in_both_languages() {
    fn index(e: &TrailingWords) -> usize {
        match e {
            TrailingWords::AfterCommand { .. } => 0,
            TrailingWords::AfterPrestige { .. } => 1,
        }
    }
    let samples = [
        TrailingWords::AfterCommand {
            word: s("now"),
            example: "sell 2",
        },
        TrailingWords::AfterPrestige {
            word: s("1"),
            n: 6,
            example: "e.g. `work poet bonus B12 B07 prestige 7`",
        },
    ];
    check_all(&samples, index, 2);
    // A parse error carries the phrase of what it was made from.
    let parse = rules::engine::ParseError::phrased(&samples[0]);
    check(&parse.to_string(), &parse.phrase());
    assert_eq!(parse.phrase().key, "princes-error-after-command");
    let plain = rules::engine::ParseError::new("`fly` is not a Palazzo command.");
    check(&plain.to_string(), &plain.phrase());

    use rules::engine::SetupError;
    fn setup_index(e: &SetupError) -> usize {
        match e {
            SetupError::PlayerCount { .. } => 0,
            SetupError::BadOption(_) => 1,
        }
    }
    let setup = [
        SetupError::PlayerCount {
            game: "Palazzo",
            min: 2,
            max: 4,
            got: 5,
        },
        SetupError::BadOption(s("rounds=x")),
    ];
    check_all(&setup, setup_index, 2);

    fn countdown_index(e: &CountdownError) -> usize {
        match e {
            CountdownError::NotYourTurn => 0,
            CountdownError::BadAmount => 1,
            CountdownError::AckFirst => 2,
            CountdownError::NothingToAck => 3,
        }
    }
    let countdown = [
        CountdownError::NotYourTurn,
        CountdownError::BadAmount,
        CountdownError::AckFirst,
        CountdownError::NothingToAck,
    ];
    check_all(&countdown, countdown_index, 4);
}

#[test]
fn a_player_argument_is_the_seats_name_and_a_term_the_readers_word() {
    let names: Vec<String> = ["Ana", "Bruno"].map(String::from).to_vec();
    let phrase = Phrase::new("setup-error-player-count")
        .player("game", 1)
        .number("min", 2)
        .number("max", 4)
        .count("got", 5);
    assert_eq!(
        words::phrase(Lang::En, &phrase, &names),
        "Bruno is played by 2 to 4 players, not 5."
    );
    let phrase =
        Phrase::new("palazzo-error-wrong-currency").term("currency", "palazzo-currency-red");
    assert!(words::phrase(Lang::Es, &phrase, &names).contains("en rojo"));
    assert!(words::phrase(Lang::En, &phrase, &names).contains("in red"));
}

/// How many random games per title the playout test plays (`PHRASE_GAMES`, default 2).
fn games_per_title() -> u64 {
    std::env::var("PHRASE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2)
}

/// Texts that are never quite a move: typed slips around the game's own legal moves.
fn illegal_texts(legal: &[String], stale: &[String], rng: &mut impl Rng) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(t) = stale.choose(rng) {
        out.push(t.clone());
    }
    if let Some(t) = legal.choose(rng) {
        let words: Vec<&str> = t.split_whitespace().collect();
        // One word too many, one too few, a number changed, a word replaced.
        out.push(format!("{t} now"));
        if words.len() > 1 {
            out.push(words[..words.len() - 1].join(" "));
        }
        out.push(
            words
                .iter()
                .map(|w| match w.parse::<i64>() {
                    Ok(n) => (n + rng.gen_range(1..200)).to_string(),
                    Err(_) => w.to_string(),
                })
                .collect::<Vec<_>>()
                .join(" "),
        );
        if let Some((first, _)) = words.split_first() {
            out.push(format!("{first} zz9"));
        }
    }
    out.push(
        ["fly away", "", "bid", "place", "pass pass", "99"]
            .choose(rng)
            .map(|t| t.to_string())
            .unwrap_or_default(),
    );
    out
}

#[test]
fn refusals_of_random_illegal_moves_read_in_both_languages() {
    let names: Vec<String> = ["Ana", "Bruno", "Carla", "Dario", "Elena"]
        .map(String::from)
        .to_vec();
    let mut refusals = 0;
    let mut keys = std::collections::BTreeSet::new();
    for kind in rules::catalog::games() {
        for seed in 0..games_per_title() {
            let (min, max) = kind.players;
            let players = min + (seed as usize) % (max - min + 1);
            let mut game = (kind.new)(players, &serde_json::Value::Null, seed)
                .unwrap_or_else(|e| panic!("{}: {e}", kind.id));
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
            let mut stale: Vec<String> = Vec::new();
            let mut steps = 0;
            while !game.is_over() && steps < 400 {
                steps += 1;
                let awaiting = game.awaiting();
                let Some(&mover) = awaiting.choose(&mut rng) else {
                    break;
                };
                let legal = game.legal_texts(mover);
                let seat = rng.gen_range(0..players);
                for text in illegal_texts(&legal, &stale, &mut rng) {
                    let mut probe = game.box_clone();
                    if let Err(refusal) = probe.apply_text(seat, &text, &names) {
                        refusals += 1;
                        keys.insert(refusal.phrase.key);
                        check(&refusal.text, &refusal.phrase);
                        if ["villa-error-not-now", "villa-error-not-your-turn"]
                            .contains(&refusal.phrase.key)
                        {
                            assert!(
                                matches!(refusal.phrase.args.first(), Some((_, Arg::Term(_)))),
                                "{refusal}: what the game waits for is not a term"
                            );
                        }
                    }
                }
                let Some(line) = legal.choose(&mut rng).cloned() else {
                    break;
                };
                game.apply_text(mover, &line, &names)
                    .unwrap_or_else(|e| panic!("{} seed {seed}: `{line}` refused: {e}", kind.id));
                if stale.len() < 64 && !stale.contains(&line) {
                    stale.push(line);
                }
            }
        }
    }
    println!("{refusals} refusals, {} keys: {keys:?}", keys.len());
    assert!(refusals > 100, "only {refusals} refusals");
    // Rule refusals, not just parse errors, were met in every game.
    for game in ["palazzo", "estates", "villa", "princes"] {
        assert!(
            keys.iter()
                .any(|k| k.starts_with(&format!("{game}-error-"))),
            "no {game} rule refusal met: {keys:?}"
        );
    }
}

/// Every Palazzo event (and each of its wordings) narrates the same in English through
/// `events.ftl` as `narrate` does, and has a Spanish sentence with the players' names.
#[test]
fn every_palazzo_event_reads_in_both_languages() {
    use rules::palazzo::sets::Cards;
    use rules::palazzo::{Card, PalazzoEvent as E, Tile, TileList};
    use rules::GameEvent;
    fn index(e: &E) -> usize {
        match e {
            E::TurnStarts { .. } => 0,
            E::MoneyRevealed { .. } => 1,
            E::Picked { .. } => 2,
            E::Reshuffled { .. } => 3,
            E::RiderDrawn { .. } => 4,
            E::Drew { .. } => 5,
            E::GameEnded => 6,
            E::Bought { .. } => 7,
            E::NothingToAuction { .. } => 8,
            E::HandoutStarts { .. } => 9,
            E::LeftoversBoxed { .. } => 10,
            E::AuctionOpened { .. } => 11,
            E::Raised { .. } => 12,
            E::Passed { .. } => 13,
            E::AuctionWon { .. } => 14,
            E::Built { .. } => 15,
            E::Discarded { .. } => 16,
            E::Lifted { .. } => 17,
            E::Inserted { .. } => 18,
            E::Removed { .. } => 19,
        }
    }
    let names: Vec<String> = ["Ana", "Bruno", "Carla"].map(String::from).to_vec();
    let tile = |t: &str| Tile::parse(t).unwrap_or_else(|| panic!("tile {t}"));
    let card = |t: &str| Card::parse(t).unwrap_or_else(|| panic!("card {t}"));
    let cards = |t: &[&str]| {
        let v: Vec<Card> = t.iter().map(|c| card(c)).collect();
        Cards::try_from_slice(&v).unwrap()
    };
    let (a, b) = (tile("brick-1-1w"), tile("marble-3-2w"));
    let palace = rules::palazzo::data::PalaceLetter;
    let mut samples = vec![
        E::TurnStarts { seat: 1 },
        E::MoneyRevealed {
            seat: 0,
            cards: cards(&["R4", "G5", "C2"]),
        },
        E::Picked {
            seat: 2,
            cards: cards(&["R4"]),
        },
        E::Reshuffled { cards: 31 },
        E::RiderDrawn { count: 3 },
        E::GameEnded,
        E::NothingToAuction { seat: 0 },
        E::LeftoversBoxed { tiles: vec![a, b] },
        E::Raised {
            seat: 1,
            cards: cards(&["R4", "R5"]),
            total: 12,
        },
        E::Discarded { seat: 0, tile: a },
        E::Lifted {
            seat: 0,
            tile: a,
            from: palace(0),
            new: palace(2),
            pay: card("C2"),
        },
        E::Inserted {
            seat: 1,
            tile: b,
            into: palace(1),
            pay: card("G3"),
        },
        E::Removed {
            seat: 2,
            tile: b,
            pay: card("B7"),
        },
    ];
    for supply in [None, Some(a)] {
        for quarry in [None, Some((b, 2))] {
            samples.push(E::Drew {
                seat: 1,
                supply,
                quarry,
            });
        }
    }
    for pay in [Cards::default(), cards(&["R6", "R7"])] {
        samples.push(E::Bought {
            seat: 0,
            tiles: TileList::two(a, b),
            pay,
            price: 12,
            paid: 13,
        });
    }
    for tiles in [vec![a], vec![a, b]] {
        samples.push(E::HandoutStarts {
            seat: 2,
            quarry: 1,
            tiles: tiles.clone(),
        });
        samples.push(E::AuctionOpened {
            seat: 2,
            quarry: 3,
            tiles,
        });
    }
    for took_back in [Cards::default(), cards(&["G4"])] {
        samples.push(E::Passed { seat: 1, took_back });
    }
    for paid in [Cards::default(), cards(&["B5", "B6"])] {
        samples.push(E::AuctionWon {
            seat: 0,
            total: 14,
            cards: paid,
            tiles: vec![a],
        });
    }
    for new in [false, true] {
        samples.push(E::Built {
            seat: 2,
            tile: b,
            palace: palace(0),
            new,
        });
    }
    let mut seen = [false; 20];
    for e in &samples {
        seen[index(e)] = true;
        let phrase = e.phrased().expect("Palazzo events are phrased");
        let en = words::phrase(Lang::En, &phrase, &names);
        assert_eq!(en, e.narrate(&names), "{}", phrase.key);
        let es = words::phrase(Lang::Es, &phrase, &names);
        assert!(!es.contains(['{', '}']), "{}: {es}", phrase.key);
        assert!(!es.contains("palazzo-"), "{}: {es}", phrase.key);
        assert_ne!(es, en, "{}", phrase.key);
        for (_, arg) in &phrase.args {
            if let Arg::Player(seat) = arg {
                assert!(es.contains(&names[*seat]), "{}: {es}", phrase.key);
            }
        }
    }
    assert!(seen.iter().all(|s| *s), "events without a sample: {seen:?}");
    let es = words::phrase(
        Lang::Es,
        &E::Built {
            seat: 2,
            tile: b,
            palace: palace(0),
            new: true,
        }
        .phrased()
        .unwrap(),
        &names,
    );
    assert_eq!(es, "Carla construye marble-3-2w como nuevo palacio A.");
}

/// Every why a Villa Paletti rule of thumb gives a hint reads in both languages.
#[test]
fn every_villa_rule_of_thumb_reads_in_both_languages() {
    for key in rules::villa::THUMB_PHRASES {
        for lang in Lang::ALL {
            assert!(words::has(lang, key), "{}: {key} missing", lang.code());
        }
        let phrase = Phrase::new(key);
        let en = words::phrase(Lang::En, &phrase, &[]);
        let es = words::phrase(Lang::Es, &phrase, &[]);
        assert!(!en.contains(key) && !es.contains(key), "{key}: raw key");
        assert_ne!(en, es, "{key}: the Spanish is the English");
    }
}
