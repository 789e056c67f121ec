//! princes's texts in English and Spanish (see `games.rs`): every event variant, the
//! narrations of random games, the boards and hands of the stored fixtures and of random
//! states, score lines and parse errors.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rules::princes::data::Stack;
use rules::princes::{DeckKind, PrincesEvent as E};
use rules::{Arg, GameEvent, Phrase, Phrased};
use words::Lang;

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
            action: "place forest at B2 rot 90".into(),
            repeat: false,
        },
        E::Placed {
            seat: 1,
            action: "place lake at E5 flip".into(),
            repeat: true,
        },
        E::Built {
            seat: 2,
            action: "build university at E1 rot 90".into(),
            cost: 700,
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
            samples.push(E::KeepsOne { seat: 1, deck, back });
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
}

#[test]
fn princes_narrations_of_random_games_read_in_both_languages() {
    let kind = rules::catalog::find("princes").expect("princes is registered");
    let mut told = 0;
    for seed in 0..games() {
        let players = 3 + (seed as usize) % 3;
        let names = names(players);
        let mut game = (kind.new)(players, &serde_json::Value::Null, seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while !game.is_over() {
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
                assert_spanish_clean(&es, phrase.key);
                assert_ne!(es, n.text, "{}", phrase.key);
                told += 1;
            }
        }
    }
    assert!(told > 100 * games(), "only {told} narrations");
}
