//! `Game::determinize` for The Estates and The Princes of Florence, over many random states
//! (random legal games cut at random depths), for every seat:
//! (a) the result's public view and the seat's private view are the original's;
//! (b) `s.determinize(seat, r) == s.determinize(seat, r').determinize(seat, r)`: the result
//!     depends only on what the seat knows and `r`;
//! (c) the result plays on to a legal end with random legal moves;
//!
//! plus: the seat's own legal moves are unchanged, every card/roof/florin is conserved,
//! what the seat knows stays put, and hidden facts do vary with `r` wherever something
//! is unknown (a determinize that returns a copy fails here).
//! `DETERMINIZE_STATES` sets the number of states per game (default 300).

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rules::dynamic::encode_snapshot;
use rules::engine::{Game, GameRng, Seat};
use rules::estates::{Estates, EstatesOptions, Phase as EPhase};
use rules::playout::random_action;
use rules::princes::{DeckKind, Face, Pending, Phase as PPhase, Princes};
use serde_json::Value;
use std::collections::BTreeSet;

/// States checked per game.
fn states() -> usize {
    std::env::var("DETERMINIZE_STATES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

/// Samples drawn per state to see hidden facts vary (all equal by chance: < 2^-20).
const SAMPLES: u64 = 24;
/// States taken from each random game.
const PER_GAME: usize = 6;

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("serializes")
}

/// Random states of `G`: random legal games, `PER_GAME` states of each at random depths.
fn random_states<G: Game>(
    count: usize,
    setup: impl Fn(u64) -> (usize, G::Options),
) -> Vec<(u64, G)> {
    let mut out = Vec::with_capacity(count);
    let mut seed = 0u64;
    while out.len() < count {
        let (players, options) = setup(seed);
        let mut game = G::new(players, &options, seed).expect("setup");
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xd37e);
        let mut all = vec![game.clone()];
        while !game.is_over() && all.len() < 20_000 {
            let (seat, action) = random_action(&game, &mut rng).expect("a legal move");
            game.apply(seat, &action).expect("legal");
            all.push(game.clone());
        }
        for _ in 0..PER_GAME.min(count - out.len()) {
            let i = rng.gen_range(0..all.len());
            out.push((seed, all[i].clone()));
        }
        seed += 1;
    }
    out
}

/// Plays random legal moves from `game` to the end.
fn plays_to_end<G: Game>(mut game: G, seed: u64) -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..20_000 {
        if game.is_over() {
            return game
                .outcome()
                .map(|_| ())
                .ok_or_else(|| "over without an outcome".to_string());
        }
        let (seat, action) =
            random_action(&game, &mut rng).ok_or("no legal move but not over".to_string())?;
        game.apply(seat, &action)
            .map_err(|e| format!("legal `{action}` refused: {e}"))?;
    }
    Err("not over after 20000 moves".into())
}

/// Per-game hooks of the generic check.
struct Hooks<G> {
    /// The hidden facts, as text (what must vary across RNGs).
    hidden: fn(&G) -> String,
    /// True when `seat` cannot see some fact that has more than one possible value.
    something_unknown: fn(&G, Seat) -> bool,
    /// What must be the same in every determinization (multisets of all pieces, known
    /// positions…); compared as text.
    conserved: fn(&G, Seat) -> String,
}

/// Checks properties (a), (b), (c), conservation and variation on `states`, every seat.
fn check_all<G: Game>(states: &[(u64, G)], hooks: &Hooks<G>) -> usize {
    let mut varied = 0;
    for (n, (seed, g)) in states.iter().enumerate() {
        let seats = seat_count(g);
        for seat in 0..seats {
            let at = format!("{} state {n} (game seed {seed}) seat {seat}", G::ID);
            let r = GameRng::seed_from_u64(n as u64 * 1_000 + seat as u64);
            let r2 = GameRng::seed_from_u64(n as u64 * 7_777 + seat as u64 + 1);
            let d = g.determinize(seat, &mut r.clone());
            // (a)
            assert_eq!(
                json(&d.public_view()),
                json(&g.public_view()),
                "{at}: public"
            );
            assert_eq!(
                json(&d.private_view(seat)),
                json(&g.private_view(seat)),
                "{at}: private"
            );
            assert_eq!(d.awaiting(), g.awaiting(), "{at}: awaiting");
            let texts = |x: &G| -> Vec<String> {
                x.legal_actions(seat)
                    .iter()
                    .map(|a| a.to_string())
                    .collect()
            };
            assert_eq!(texts(&d), texts(g), "{at}: the seat's legal moves");
            // (b)
            let other = g.determinize(seat, &mut r2.clone());
            let again = other.determinize(seat, &mut r.clone());
            assert!(
                encode_snapshot(&again) == encode_snapshot(&d),
                "{at}: the result depends on hidden facts"
            );
            // Same RNG, same result.
            assert!(
                encode_snapshot(&g.determinize(seat, &mut r.clone())) == encode_snapshot(&d),
                "{at}: not deterministic"
            );
            // Conservation.
            let kept = (hooks.conserved)(g, seat);
            assert_eq!((hooks.conserved)(&d, seat), kept, "{at}: conservation");
            assert_eq!((hooks.conserved)(&other, seat), kept, "{at}: conservation");
            // (c)
            plays_to_end(d, *seed ^ n as u64).unwrap_or_else(|e| panic!("{at}: {e}"));
            // Variation.
            if (hooks.something_unknown)(g, seat) {
                let mut seen = BTreeSet::new();
                for k in 0..SAMPLES {
                    let mut rk = GameRng::seed_from_u64(k * 31 + n as u64);
                    seen.insert((hooks.hidden)(&g.determinize(seat, &mut rk)));
                }
                assert!(seen.len() > 1, "{at}: hidden facts never vary");
                varied += 1;
            }
        }
    }
    varied
}

fn seat_count<G: Game>(g: &G) -> usize {
    // Every engine's public view lists the seats; the JSON form is enough here.
    let v: Value = serde_json::to_value(g.public_view()).expect("json");
    match v.get("players") {
        Some(Value::Number(n)) => n.as_u64().unwrap_or(0) as usize,
        Some(Value::Array(a)) => a.len(),
        _ => panic!("no player count in the public view"),
    }
}

// ---- The Estates ----------------------------------------------------------------------

/// A field of the stored state (the tests see the whole state through its JSON).
fn field(v: &Value, name: &str) -> Value {
    v.get(name).cloned().unwrap_or(Value::Null)
}

fn estates_hidden(g: &Estates) -> String {
    let v = serde_json::to_value(g).expect("json");
    json(&(
        field(&v, "roof_bag"),
        field(&v, "cash"),
        field(&v, "cash_box"),
        field(&v, "phase"),
    ))
}

fn estates_unknown(g: &Estates, seat: Seat) -> bool {
    let v = serde_json::to_value(g).expect("json");
    let bag: BTreeSet<u64> = field(&v, "roof_bag")
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
        .unwrap_or_default();
    let split = !g.is_over() && (0..g.players()).any(|s| s != seat && g.stash_limits(s).0 > 0);
    bag.len() > 1 || split
}

fn estates_conserved(g: &Estates, seat: Seat) -> String {
    let v = serde_json::to_value(g).expect("json");
    let sorted = |name: &str| {
        let mut a: Vec<String> = field(&v, name)
            .as_array()
            .map(|a| a.iter().map(|x| x.to_string()).collect())
            .unwrap_or_default();
        a.sort();
        a
    };
    let money: Vec<u32> = (0..g.players())
        .map(|s| g.cash(s) + g.cash_box(s))
        .collect();
    json(&(
        sorted("roof_bag"),
        sorted("unused"),
        g.cube_count(),
        g.roof_count(),
        money,
        g.cash(seat),
        g.cash_box(seat),
    ))
}

#[test]
fn estates_determinization() {
    let states = random_states::<Estates>(states(), |seed| {
        let rounds = if seed % 4 == 3 { 3 } else { 1 };
        (2 + seed as usize % 4, EstatesOptions { rounds })
    });
    let varied = check_all(
        &states,
        &Hooks {
            hidden: estates_hidden,
            something_unknown: estates_unknown,
            conserved: estates_conserved,
        },
    );
    assert!(
        varied * 2 > states.len(),
        "few states with unknowns: {varied}"
    );
}

/// The other players' money splits are drawn among the counts their public record
/// allows: never more stashes than turns taken, and never less cash than they bid.
#[test]
fn estates_splits_stay_within_what_was_shown() {
    let states = random_states::<Estates>(states() / 3 + 1, |seed| {
        (2 + seed as usize % 4, EstatesOptions::default())
    });
    let mut splits = BTreeSet::new();
    for (n, (_, g)) in states.iter().enumerate() {
        for seat in 0..g.players() {
            for k in 0..8u64 {
                let d = g.determinize(seat, &mut GameRng::seed_from_u64(k + 100 * n as u64));
                for s in (0..g.players()).filter(|&s| s != seat) {
                    let (most, _) = g.stash_limits(s);
                    assert!(
                        d.cash_box(s) <= most,
                        "state {n}: seat {s} box over the bound"
                    );
                    if let (EPhase::Turn { stashed: true }, true) = (d.phase(), d.active() == s) {
                        assert!(d.cash_box(s) >= 1, "state {n}: stashed with an empty box");
                    }
                    if !g.is_over() {
                        splits.insert(d.cash_box(s));
                    }
                }
            }
        }
    }
    assert!(splits.len() > 2, "splits never vary: {splits:?}");
}

// ---- The Princes of Florence ----------------------------------------------------------

fn princes_hidden(g: &Princes) -> String {
    let hands: Vec<_> = g
        .players
        .iter()
        .map(|p| (&p.hand, &p.bonus, &p.prestige_cards))
        .collect();
    let dealt = match &g.phase {
        PPhase::Setup { dealt } => dealt.clone(),
        _ => Vec::new(),
    };
    json(&(
        hands,
        dealt,
        &g.pending,
        &g.profession_deck,
        &g.bonus_deck,
        &g.prestige_deck,
    ))
}

/// Cards of each deck in places `seat` cannot see (another's hand, deal or look; a deck
/// position it does not remember).
fn princes_unknown_counts(g: &Princes, seat: Seat) -> [usize; 3] {
    let mut n = [0usize; 3];
    let over = g.phase == PPhase::Over;
    for (_, p) in g.players.iter().enumerate().filter(|(s, _)| *s != seat) {
        n[0] += p.hand.len();
        n[1] += p.bonus.len();
        if !over {
            n[2] += p.prestige_cards.len();
        }
    }
    if let PPhase::Setup { dealt } = &g.phase {
        n[0] += dealt
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != seat)
            .map(|(_, d)| d.len())
            .sum::<usize>();
    }
    let memory = g.memory.get(seat);
    if let Some(Pending::Look {
        seat: looker,
        deck,
        cards,
    }) = &g.pending
    {
        if *looker != seat {
            let known = memory.map_or(0, |m| m.look.iter().flatten().count());
            n[deck_index(*deck)] += cards.len() - known;
        }
    }
    for (i, d) in [&g.profession_deck, &g.bonus_deck, &g.prestige_deck]
        .iter()
        .enumerate()
    {
        let known = memory.map_or(0, |m| m.decks[i].iter().flatten().count());
        n[i] += d.len() - known;
    }
    n
}

fn deck_index(d: DeckKind) -> usize {
    match d {
        DeckKind::Profession => 0,
        DeckKind::Bonus => 1,
        DeckKind::Prestige => 2,
    }
}

fn princes_unknown(g: &Princes, seat: Seat) -> bool {
    princes_unknown_counts(g, seat).iter().any(|&n| n > 1)
}

/// Every card in one place (all of each deck's cards, once), the seat's own cards and
/// looks, the cards it remembers under the decks, and everyone's florins.
fn princes_conserved(g: &Princes, seat: Seat) -> String {
    let mut cards: [Vec<u8>; 3] = [
        g.profession_deck.clone(),
        g.bonus_deck.clone(),
        g.prestige_deck.clone(),
    ];
    cards[1].extend(&g.bonus_played);
    for p in &g.players {
        cards[0].extend(&p.hand);
        cards[0].extend(p.display.iter().filter_map(|f| match f {
            Face::Profession(x) => Some(*x),
            Face::Recruit => None,
        }));
        cards[1].extend(&p.bonus);
        cards[2].extend(&p.prestige_cards);
    }
    if let PPhase::Setup { dealt } = &g.phase {
        dealt.iter().for_each(|d| cards[0].extend(d));
    }
    if let Some(Pending::Look { deck, cards: c, .. }) = &g.pending {
        cards[deck_index(*deck)].extend(c);
    }
    for c in &mut cards {
        c.sort_unstable();
    }
    assert_eq!(cards[0], (1..=21).collect::<Vec<u8>>());
    assert_eq!(cards[1], (1..=20).collect::<Vec<u8>>());
    assert_eq!(cards[2], (1..=14).collect::<Vec<u8>>());
    let me = &g.players[seat];
    let remembered: Vec<Vec<(usize, u8)>> = (0..3)
        .map(|i| {
            let deck = [&g.profession_deck, &g.bonus_deck, &g.prestige_deck][i];
            g.memory[seat].decks[i]
                .iter()
                .enumerate()
                .filter(|(_, k)| k.is_some())
                .map(|(at, _)| (at, deck[at]))
                .collect()
        })
        .collect();
    let look_known: Vec<(usize, u8)> = match &g.pending {
        Some(Pending::Look { cards, .. }) => g.memory[seat]
            .look
            .iter()
            .zip(cards)
            .enumerate()
            .filter(|(_, (k, _))| k.is_some())
            .map(|(i, (_, c))| (i, *c))
            .collect(),
        _ => Vec::new(),
    };
    let florins: Vec<i64> = g.players.iter().map(|p| p.florins).collect();
    let final_cards = if g.phase == PPhase::Over {
        g.players.iter().map(|p| p.prestige_cards.clone()).collect()
    } else {
        Vec::new()
    };
    json(&(
        &me.hand,
        &me.bonus,
        &me.prestige_cards,
        remembered,
        look_known,
        florins,
        g.bank,
        final_cards,
    ))
}

#[test]
fn princes_determinization() {
    let states =
        random_states::<Princes>(states(), |seed| (3 + seed as usize % 3, Default::default()));
    let varied = check_all(
        &states,
        &Hooks {
            hidden: princes_hidden,
            something_unknown: princes_unknown,
            conserved: princes_conserved,
        },
    );
    assert!(
        varied * 2 > states.len(),
        "few states with unknowns: {varied}"
    );
}

/// Cards a seat put under a deck itself stay where it put them, in every determinization,
/// and such states do occur in random games.
#[test]
fn princes_remembered_cards_stay_put() {
    let states =
        random_states::<Princes>(states(), |seed| (3 + seed as usize % 3, Default::default()));
    let mut checked = 0;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for (n, (_, g)) in states.iter().enumerate() {
        let mut seats: Vec<Seat> = (0..g.players.len()).collect();
        seats.shuffle(&mut rng);
        for seat in seats {
            let d = g.determinize(seat, &mut GameRng::seed_from_u64(n as u64));
            for i in 0..3 {
                let (gd, dd) = match i {
                    0 => (&g.profession_deck, &d.profession_deck),
                    1 => (&g.bonus_deck, &d.bonus_deck),
                    _ => (&g.prestige_deck, &d.prestige_deck),
                };
                for (at, k) in g.memory[seat].decks[i].iter().enumerate() {
                    if let Some(k) = k {
                        assert_eq!(gd.get(at), Some(k), "state {n}: memory is wrong");
                        assert_eq!(dd.get(at), Some(k), "state {n}: a known card moved");
                        checked += 1;
                    }
                }
            }
            // The others' own memories are not handed to the search.
            for (s, m) in d.memory.iter().enumerate() {
                if s != seat {
                    assert!(
                        m.decks.iter().flatten().all(Option::is_none),
                        "state {n}: seat {s}'s memory leaked"
                    );
                }
            }
        }
    }
    assert!(checked > 20, "few remembered cards: {checked}");
}
