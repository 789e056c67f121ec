//! Determinization properties, over many random states of each game and every
//! seat: a determinized state
//! (a) shows the seat exactly the public and private views of the real one;
//! (b) depends only on what the seat knows and the RNG: determinizing any determinization
//!     again with the same RNG gives the same state as determinizing the real one;
//! (c) plays on to a legal end;
//!
//! and it keeps every card and tile (conservation), and it really resamples: the facts the
//! seat cannot see differ across RNGs whenever they can (so returning a clone fails).
//!
//! `DETERMINIZE_STATES` sets the states per game (default 300; the soak is
//! thousands: `DETERMINIZE_STATES=3000 cargo test -p rules --release --test determinize`).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rules::dynamic::encode_snapshot;
use rules::engine::{rng_from_seed, Game, GameRng, Seat};
use rules::playout::random_action;
use std::collections::BTreeMap;

/// Random states checked per game (`DETERMINIZE_STATES`, default 300).
fn states() -> u64 {
    std::env::var("DETERMINIZE_STATES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

/// Determinizations drawn per state and seat.
const SAMPLES: u64 = 6;

/// One fact a seat cannot see, as text, and whether what the seat knows leaves it more
/// than one possible value (only then must it differ across samples).
pub struct Hidden {
    pub name: &'static str,
    pub can_vary: bool,
    pub value: String,
}

/// The game-specific parts of [`check_determinize`].
pub struct Spec<G: Game> {
    /// Players and options of the `i`-th random state.
    pub table: fn(u64) -> (usize, G::Options),
    /// A random state is cut after a uniformly random number of actions below this.
    pub max_depth: usize,
    /// (c): the determinized state must end within this many random legal actions.
    pub max_actions: usize,
    /// What must be the same in the real and the determinized state beyond the views
    /// (e.g. every card of the game is somewhere, once).
    pub conserved: fn(&G, &G) -> Result<(), String>,
    /// The facts `seat` cannot see in a state.
    pub hidden: fn(&G, Seat) -> Vec<Hidden>,
}

/// What [`check_determinize`] saw, for the per-game assertions.
#[derive(Debug, Default)]
pub struct Seen {
    pub states: u64,
    pub over: u64,
    /// Per hidden fact: (state-seats where it could vary, those where it did vary).
    pub varied: BTreeMap<&'static str, (u64, u64)>,
}

fn view_json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("views serialize")
}

fn rng_for(state: u64, seat: Seat, sample: u64) -> GameRng {
    rng_from_seed(state.wrapping_mul(1_000_003) ^ ((seat as u64) << 40) ^ (sample << 48) ^ 0xde7)
}

/// A random state of `spec`'s game: a random legal playout cut at a random depth.
fn random_state<G: Game>(spec: &Spec<G>, i: u64) -> G {
    let (players, options) = (spec.table)(i);
    let mut rng = ChaCha8Rng::seed_from_u64(i ^ 0x5eed);
    let depth = rng.gen_range(0..spec.max_depth);
    let mut game = G::new(players, &options, i).expect("setup");
    for _ in 0..depth {
        if game.is_over() {
            break;
        }
        let (seat, action) = random_action(&game, &mut rng).expect("a legal action");
        game.apply(seat, &action).expect("a legal action applies");
    }
    game
}

/// Plays random legal actions from `game` until it ends (c).
fn play_to_end<G: Game>(mut game: G, max_actions: usize, seed: u64) -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..max_actions {
        if game.is_over() {
            return match game.outcome() {
                Some(_) => Ok(()),
                None => Err("over without an outcome".into()),
            };
        }
        let (seat, action) =
            random_action(&game, &mut rng).ok_or("no legal action but the game is not over")?;
        game.apply(seat, &action)
            .map_err(|e| format!("legal action `{action}` refused: {e}"))?;
    }
    Err(format!("not over after {max_actions} actions"))
}

/// Checks (a), (b), (c), conservation and variation over `DETERMINIZE_STATES` random states
/// of `G`, for every seat. Panics with the state and seat on the first failure.
pub fn check_determinize<G: Game>(spec: &Spec<G>) -> Seen {
    let mut seen = Seen::default();
    for i in 0..states() {
        let game = random_state(spec, i);
        seen.states += 1;
        seen.over += u64::from(game.is_over());
        let public = view_json(&game.public_view());
        let players = (spec.table)(i).0;
        for seat in 0..players {
            let at = format!("{} state {i}, seat {seat}", G::ID);
            let private = view_json(&game.private_view(seat));
            let samples: Vec<G> = (0..SAMPLES)
                .map(|k| game.determinize(seat, &mut rng_for(i, seat, k)))
                .collect();
            let first = encode_snapshot(&samples[0]);
            assert_eq!(
                encode_snapshot(&game.determinize(seat, &mut rng_for(i, seat, 0))),
                first,
                "{at}: the same RNG gave two different states"
            );
            for (k, sample) in samples.iter().enumerate() {
                // (a) the seat sees the same game.
                assert_eq!(
                    view_json(&sample.public_view()),
                    public,
                    "{at}, sample {k}: the public view changed"
                );
                assert_eq!(
                    view_json(&sample.private_view(seat)),
                    private,
                    "{at}, sample {k}: the seat's private view changed"
                );
                (spec.conserved)(&game, sample).unwrap_or_else(|e| panic!("{at}, sample {k}: {e}"));
                // (b) what the seat cannot see does not leak into the result.
                assert_eq!(
                    encode_snapshot(&sample.determinize(seat, &mut rng_for(i, seat, 0))),
                    first,
                    "{at}, sample {k}: determinizing a determinization gave another state"
                );
            }
            // (c) a determinization plays on to a legal end.
            if let Some(sample) = samples.get(1) {
                play_to_end(sample.clone(), spec.max_actions, i ^ seat as u64)
                    .unwrap_or_else(|e| panic!("{at}: playing on: {e}"));
            }
            // The hidden facts are resampled wherever they can differ.
            let real = (spec.hidden)(&game, seat);
            let drawn: Vec<Vec<Hidden>> = samples.iter().map(|s| (spec.hidden)(s, seat)).collect();
            for (f, fact) in real.iter().enumerate() {
                if !fact.can_vary {
                    continue;
                }
                let entry = seen.varied.entry(fact.name).or_default();
                entry.0 += 1;
                let values: Vec<&str> = drawn
                    .iter()
                    .filter_map(|d| d.get(f).map(|h| h.value.as_str()))
                    .collect();
                if values.iter().any(|v| *v != values[0]) {
                    entry.1 += 1;
                }
            }
        }
    }
    seen
}

/// Every fact in `names` could vary in enough states, and did in nearly all of them.
fn assert_varied(seen: &Seen, names: &[&str], min_states: u64) {
    for name in names {
        let (could, did) = seen.varied.get(name).copied().unwrap_or_default();
        assert!(
            could >= min_states,
            "{name}: only {could} state-seats where it could vary ({seen:?})"
        );
        assert!(
            did * 10 >= could * 9,
            "{name}: varied in only {did} of {could} state-seats"
        );
    }
}

// ------------------------------------------------------------------------------ Palazzo

mod palazzo {
    use super::*;
    use rules::palazzo::data::{money_deck, RIDERS};
    use rules::palazzo::{
        Card, Palazzo, PalazzoEvent, PalazzoOptions, Phase, SeenMoney, StackItem, Tile,
    };

    fn table(i: u64) -> (usize, PalazzoOptions) {
        (2 + (i % 3) as usize, PalazzoOptions::default())
    }

    /// Every money card where it is, in card order.
    fn all_cards(g: &Palazzo) -> Vec<Card> {
        let mut cards: Vec<Card> = g.hands.iter().flat_map(|h| h.iter()).collect();
        cards.extend(&g.pile);
        cards.extend(&g.discard);
        match &g.phase {
            Phase::Picking { revealed, .. } => cards.extend(revealed.iter()),
            Phase::Auction { bids, .. } => cards.extend(bids.iter().flat_map(|b| b.cards.iter())),
            _ => {}
        }
        cards.sort();
        cards
    }

    /// Every tile and rider, in the stacks or in sight.
    fn all_items(g: &Palazzo) -> Vec<String> {
        let mut items: Vec<String> = g.stacks.iter().flatten().map(|i| i.to_string()).collect();
        let mut tiles: Vec<Tile> = g.supply.clone();
        tiles.extend(g.quarries.iter().flatten());
        tiles.extend(g.palaces.iter().flatten().flatten());
        tiles.extend(&g.boxed);
        match &g.phase {
            Phase::Handout { lot, .. } => tiles.extend(lot),
            Phase::Building { pending, .. } => tiles.extend(pending),
            _ => {}
        }
        items.extend(tiles.iter().map(|t| t.to_string()));
        items.extend((0..g.riders_drawn).map(|_| "rider".to_string()));
        items.sort();
        items
    }

    fn conserved(real: &Palazzo, sample: &Palazzo) -> Result<(), String> {
        let mut deck = money_deck();
        deck.sort();
        if all_cards(sample) != deck {
            return Err("the money cards are not the deck".into());
        }
        if all_items(sample) != all_items(real) {
            return Err("the tiles and riders changed".into());
        }
        if sample.seen != real.seen {
            return Err("the record of seen money changed".into());
        }
        for (s, hand) in sample.hands.iter().enumerate() {
            if !hand.contains_all(sample.seen.known(s)) {
                return Err(format!("seat {s} lacks cards everyone saw it take"));
            }
        }
        // Stacks hold only what the split table allows: I floors 1–2, II 2–4, III 4–5
        // and the riders.
        let allowed: [&[u8]; 3] = [&[1, 2], &[2, 3, 4], &[4, 5]];
        for (s, stack) in sample.stacks.iter().enumerate() {
            for item in stack {
                let ok = match item {
                    StackItem::Rider => s == 2,
                    StackItem::Tile(t) => allowed[s].contains(&t.floor),
                };
                if !ok {
                    return Err(format!("{item} in stack {}", s + 1));
                }
            }
        }
        Ok(())
    }

    /// The money `seat` cannot place: not face up, not its own, not known to be in a hand,
    /// not the pile's public contents. Returns the distinct kinds and the places it may go
    /// (other hands with unknown cards, and the pile when it is drawn from them).
    fn unknown_money(g: &Palazzo, seat: Seat) -> (usize, usize, usize) {
        let mut pool: Vec<Card> = money_deck();
        let mut drop = |cards: &mut dyn Iterator<Item = Card>| {
            for c in cards {
                if let Some(i) = pool.iter().position(|p| *p == c) {
                    pool.remove(i);
                }
            }
        };
        drop(&mut g.discard.iter().copied());
        drop(&mut g.hands[seat].iter());
        match &g.phase {
            Phase::Picking { revealed, .. } => drop(&mut revealed.iter()),
            Phase::Auction { bids, .. } => drop(&mut bids.iter().flat_map(|b| b.cards.iter())),
            _ => {}
        }
        let mut hands_with_unknown = 0;
        for s in (0..g.players).filter(|s| *s != seat) {
            let known = g.seen.known(s);
            drop(&mut known.iter());
            if g.hands[s].len() > known.len() {
                hands_with_unknown += 1;
            }
        }
        let mut places = hands_with_unknown;
        if g.seen.pile_from_discards {
            drop(&mut g.pile.iter().copied());
        } else if !g.pile.is_empty() {
            places += 1;
        }
        pool.sort();
        pool.dedup();
        (pool.len(), hands_with_unknown, places)
    }

    fn hidden(g: &Palazzo, seat: Seat) -> Vec<Hidden> {
        let (kinds, hands_with_unknown, places) = unknown_money(g, seat);
        let others: Vec<String> = (0..g.players)
            .filter(|s| *s != seat)
            .map(|s| g.hands[s].to_string())
            .collect();
        let mut pile_kinds = g.pile.clone();
        pile_kinds.sort();
        pile_kinds.dedup();
        let stack_varies = g.stacks.iter().any(|s| {
            let mut kinds: Vec<String> = s.iter().map(|i| i.to_string()).collect();
            kinds.sort();
            kinds.dedup();
            kinds.len() > 1
        });
        vec![
            Hidden {
                name: "other hands",
                can_vary: kinds > 1 && hands_with_unknown > 0 && places > 1,
                value: others.join(" | "),
            },
            Hidden {
                name: "pile order",
                can_vary: pile_kinds.len() > 1,
                value: g.pile.iter().map(|c| c.to_string()).collect(),
            },
            Hidden {
                name: "stacks",
                can_vary: stack_varies,
                value: format!("{:?}", g.stacks),
            },
        ]
    }

    #[test]
    fn palazzo_determinizations_are_consistent_and_resampled() {
        let seen = check_determinize(&Spec::<Palazzo> {
            table,
            max_depth: 200,
            max_actions: 20_000,
            conserved,
            hidden,
        });
        let min = seen.states / 4;
        assert_varied(&seen, &["other hands", "pile order", "stacks"], min);
        assert!(seen.over < seen.states / 3, "{seen:?}");
    }

    /// The record of seen money follows exactly what the public events told everyone:
    /// cards picked or taken back go in, cards bid or paid come out (known ones first),
    /// and the pile's contents are public from the first reshuffle on.
    #[test]
    fn palazzo_seen_money_follows_the_public_events() {
        for seed in 0..(states() / 3).max(20) {
            let players = 2 + (seed % 3) as usize;
            let mut g = Palazzo::new(players, &PalazzoOptions::default(), seed).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut known: Vec<Vec<Card>> = vec![Vec::new(); players];
            let mut reshuffled = false;
            assert_eq!(g.seen, SeenMoney::default());
            while !g.is_over() {
                let (seat, action) = random_action(&g, &mut rng).unwrap();
                let events = g.apply(seat, &action).unwrap();
                let spend = |k: &mut Vec<Card>, cards: &mut dyn Iterator<Item = Card>| {
                    for c in cards {
                        if let Some(i) = k.iter().position(|x| *x == c) {
                            k.remove(i);
                        }
                    }
                };
                for e in events {
                    match e {
                        PalazzoEvent::Picked { seat, cards } => known[seat].extend(cards),
                        PalazzoEvent::Passed { seat, took_back } => known[seat].extend(took_back),
                        PalazzoEvent::Raised { seat, cards, .. } => {
                            spend(&mut known[seat], &mut cards.iter())
                        }
                        PalazzoEvent::Bought { seat, pay, .. } => {
                            spend(&mut known[seat], &mut pay.iter())
                        }
                        PalazzoEvent::Lifted { seat, pay, .. }
                        | PalazzoEvent::Inserted { seat, pay, .. }
                        | PalazzoEvent::Removed { seat, pay, .. } => {
                            spend(&mut known[seat], &mut std::iter::once(pay))
                        }
                        PalazzoEvent::Reshuffled { .. } => reshuffled = true,
                        _ => {}
                    }
                }
                for (s, k) in known.iter().enumerate() {
                    let mut k = k.clone();
                    k.sort();
                    assert_eq!(g.seen.known(s), k, "seed {seed}, seat {s} after {action}");
                    assert!(g.hands[s].contains_all(g.seen.known(s)), "seed {seed}");
                }
                assert_eq!(g.seen.pile_from_discards, reshuffled, "seed {seed}");
            }
        }
    }

    /// A two-player game after the first reshuffle: the other hand is exactly the cards
    /// nowhere else (the pile's contents are public), so only the pile order and the
    /// stacks are redrawn.
    #[test]
    fn palazzo_after_a_reshuffle_the_pile_keeps_its_public_contents() {
        let mut checked = 0;
        for seed in 0..200u64 {
            let mut g = Palazzo::new(2, &PalazzoOptions::default(), seed).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            while !g.is_over() && !g.seen.pile_from_discards {
                let (seat, action) = random_action(&g, &mut rng).unwrap();
                g.apply(seat, &action).unwrap();
            }
            if g.is_over() {
                continue;
            }
            for k in 0..4 {
                let d = g.determinize(0, &mut rng_for(seed, 0, k));
                let (mut a, mut b) = (d.pile.clone(), g.pile.clone());
                a.sort();
                b.sort();
                assert_eq!(a, b, "seed {seed}: the pile's public contents changed");
                assert_eq!(d.hands, g.hands, "seed {seed}: the other hand is known");
            }
            checked += 1;
        }
        assert!(checked > 20, "only {checked} games reshuffled");
    }

    /// Stacks keep the split table's shares: while stack I is drawn from, stacks II and
    /// III hold exactly their share of each floor, and every rider is in stack III.
    #[test]
    fn palazzo_stacks_keep_their_split() {
        for seed in 0..60u64 {
            let g = Palazzo::new(3, &PalazzoOptions::default(), seed).unwrap();
            let floors = |s: &[StackItem]| {
                let mut f = [0usize; 6];
                for item in s {
                    match item {
                        StackItem::Tile(t) => f[usize::from(t.floor)] += 1,
                        StackItem::Rider => f[0] += 1,
                    }
                }
                f
            };
            let d = g.determinize(1, &mut rng_for(seed, 1, 0));
            for s in 0..3 {
                assert_eq!(floors(&d.stacks[s]), floors(&g.stacks[s]), "seed {seed}");
            }
            assert_eq!(floors(&d.stacks[2])[0], usize::from(RIDERS));
        }
    }

    /// A stored state from before the record (nothing recorded) still determinizes:
    /// the other hands are then drawn from every card the seat cannot see.
    #[test]
    fn palazzo_without_a_record_deals_from_everything_unseen() {
        let mut g = Palazzo::new(3, &PalazzoOptions::default(), 5).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..60 {
            if g.is_over() {
                break;
            }
            let (seat, action) = random_action(&g, &mut rng).unwrap();
            g.apply(seat, &action).unwrap();
        }
        g.seen = SeenMoney::default();
        let d = g.determinize(0, &mut rng_for(5, 0, 0));
        assert_eq!(view_json(&d.public_view()), view_json(&g.public_view()));
        assert_eq!(d.hands[0], g.hands[0]);
        let again = d.determinize(0, &mut rng_for(5, 0, 0));
        assert_eq!(encode_snapshot(&again), encode_snapshot(&d));
        let mut deck = money_deck();
        deck.sort();
        assert_eq!(all_cards(&d), deck);
    }
}

// ------------------------------------------------------------------------ Villa Paletti

mod villa {
    use super::*;
    use rules::villa::{Phase, SetupMode, Villa, VillaAction, VillaOptions};

    fn table(i: u64) -> (usize, VillaOptions) {
        let options = VillaOptions {
            setup: if i % 5 == 4 {
                SetupMode::Custom
            } else {
                SetupMode::Fair
            },
            min_supports_from_orange: if i % 7 == 3 { 2 } else { 3 },
        };
        (2 + (i % 3) as usize, options)
    }

    /// Villa Paletti has no hidden pieces: the determinization keeps every column and
    /// floor where it is (the views check that) and only redraws the chance.
    fn conserved(real: &Villa, sample: &Villa) -> Result<(), String> {
        if real.columns() != sample.columns() || real.floors() != sample.floors() {
            return Err("the villa changed".into());
        }
        if real.phase() != sample.phase() || real.seal() != sample.seal() {
            return Err("the phase or the seal changed".into());
        }
        Ok(())
    }

    /// The only thing nobody sees: the chance behind every future step, i.e. the state's
    /// RNG, read here through the whole stored state (everything else is the same).
    fn hidden(g: &Villa, _seat: Seat) -> Vec<Hidden> {
        vec![Hidden {
            name: "future chance",
            can_vary: !g.is_over(),
            value: format!("{:?}", encode_snapshot(g)),
        }]
    }

    #[test]
    fn villa_determinizations_are_consistent_and_resampled() {
        let seen = check_determinize(&Spec::<Villa> {
            table,
            max_depth: 60,
            max_actions: 3_000,
            conserved,
            hidden,
        });
        assert_varied(&seen, &["future chance"], seen.states / 4);
    }

    /// The redrawn chance is the chance that matters: the same pull, made in different
    /// determinizations of the same state, is felt differently in some states.
    #[test]
    fn villa_the_same_pull_is_felt_differently_across_determinizations() {
        let mut states_with_pulls = 0;
        let mut felt_differently = 0;
        for i in 0..(states() / 3).max(30) {
            let (players, options) = table(i);
            let mut g = Villa::new(players, &options, i).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(i);
            let depth = rng.gen_range(0..30);
            for _ in 0..depth {
                if g.is_over() {
                    break;
                }
                let (seat, action) = random_action(&g, &mut rng).unwrap();
                g.apply(seat, &action).unwrap();
            }
            let Some(&seat) = g.awaiting().first() else {
                continue;
            };
            if !matches!(g.phase(), Phase::Turn { .. } | Phase::Pick { .. }) {
                continue;
            }
            let Some(pull) = g
                .legal_actions(seat)
                .into_iter()
                .find(|a| matches!(a, VillaAction::Pull(_)))
            else {
                continue;
            };
            states_with_pulls += 1;
            let mut feels = std::collections::BTreeSet::new();
            for k in 0..16 {
                let mut d = g.determinize(seat, &mut rng_for(i, seat, k));
                d.apply(seat, &pull).unwrap();
                feels.insert(view_json(&d.public_view()));
            }
            if feels.len() > 1 {
                felt_differently += 1;
            }
        }
        assert!(
            states_with_pulls >= 10,
            "{states_with_pulls} states with a pull"
        );
        assert!(
            felt_differently > 0,
            "no pull was felt differently in {states_with_pulls} states"
        );
    }
}
