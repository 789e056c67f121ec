//! Palazzo: one test per rule of `shared/rules/palazzo.md`, the rulebook examples, the
//! refusals with their messages, and property tests over thousands of random games.

use rules::engine::{Game, GameEvent, Seat};
use rules::palazzo::data::{all_tiles, money_deck, Card, Currency, StackItem, Tile};
use rules::palazzo::{
    scoring, Cards, Palazzo, PalazzoAction, PalazzoError, PalazzoOptions, Phase, TileList,
};
use rules::playout::check_random_game;

// ---------------------------------------------------------------- helpers

fn new_game(players: usize, seed: u64) -> Palazzo {
    Palazzo::new(players, &PalazzoOptions::default(), seed).unwrap()
}

fn cards(text: &str) -> Vec<Card> {
    let mut v: Vec<Card> = text
        .split_whitespace()
        .map(|t| Card::parse(t).unwrap_or_else(|| panic!("bad card {t}")))
        .collect();
    v.sort();
    v
}

/// The same cards as a set (as actions carry them).
fn set(text: &str) -> Cards {
    Cards::try_from_slice(&cards(text)).expect("a card set")
}

fn tile(id: &str) -> Tile {
    Tile::parse(id).unwrap_or_else(|| panic!("bad tile {id}"))
}

fn tiles(ids: &str) -> Vec<Tile> {
    ids.split_whitespace().map(tile).collect()
}

fn state(g: &Palazzo) -> String {
    serde_json::to_string(g).unwrap()
}

/// Parses and applies `text` for `seat`; on refusal checks the state did not change.
fn act(g: &mut Palazzo, seat: Seat, text: &str) -> Result<Vec<String>, PalazzoError> {
    let action = g
        .parse_action(seat, text)
        .unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"));
    let before = state(g);
    match g.apply(seat, &action) {
        Ok(events) => {
            let names: Vec<String> = ["Ana", "Bruno", "Carla", "Dario"]
                .map(String::from)
                .to_vec();
            Ok(events.iter().map(|e| e.narrate(&names)).collect())
        }
        Err(e) => {
            assert_eq!(state(g), before, "refused `{text}` changed the state");
            Err(e)
        }
    }
}

fn ok(g: &mut Palazzo, seat: Seat, text: &str) -> Vec<String> {
    act(g, seat, text).unwrap_or_else(|e| panic!("`{text}` by seat {seat} refused: {e}"))
}

fn refused(g: &mut Palazzo, seat: Seat, text: &str) -> String {
    match act(g, seat, text) {
        Ok(_) => panic!("`{text}` by seat {seat} was accepted"),
        Err(e) => e.to_string(),
    }
}

/// A quiet table: seat 0 to act, empty palaces, the given hands, stacks untouched.
fn table(players: usize, hands: &[&str]) -> Palazzo {
    let mut g = new_game(players, 1);
    g.active = 0;
    g.phase = Phase::Turn;
    // Return the dealt hands to the pile, then deal the requested ones out of it.
    for h in g.hands.iter_mut() {
        g.pile.extend(std::mem::take(h));
    }
    for (s, h) in hands.iter().enumerate() {
        for c in cards(h) {
            let i = g.pile.iter().position(|p| *p == c).expect("card available");
            g.pile.remove(i);
            g.hands[s] = g.hands[s].try_with(c).expect("a hand holds it");
        }
    }
    g
}

/// Moves tiles (by id) from wherever they are in the stacks/board into `dest`.
fn pull(g: &mut Palazzo, ids: &str) -> Vec<Tile> {
    let mut out = Vec::new();
    for t in tiles(ids) {
        let mut found = false;
        for s in g.stacks.iter_mut() {
            if let Some(i) = s.iter().position(|x| *x == StackItem::Tile(t)) {
                s.remove(i);
                found = true;
                break;
            }
        }
        if !found {
            for q in g.quarries.iter_mut().chain(std::iter::once(&mut g.supply)) {
                if let Some(i) = q.iter().position(|x| *x == t) {
                    q.remove(i);
                    found = true;
                    break;
                }
            }
        }
        assert!(found, "tile {t} not found");
        out.push(t);
    }
    out
}

/// Money and tile conservation plus structural checks.
fn conserved(g: &Palazzo) -> Result<(), String> {
    let mut money: Vec<Card> = Vec::new();
    for h in &g.hands {
        money.extend(h);
    }
    money.extend(&g.pile);
    money.extend(&g.discard);
    let mut tiles_seen: Vec<Tile> = Vec::new();
    let mut riders = usize::from(g.riders_drawn);
    for s in &g.stacks {
        for item in s {
            match item {
                StackItem::Tile(t) => tiles_seen.push(*t),
                StackItem::Rider => riders += 1,
            }
        }
    }
    tiles_seen.extend(&g.supply);
    for q in &g.quarries {
        tiles_seen.extend(q);
    }
    for ps in &g.palaces {
        for p in ps {
            if p.is_empty() {
                return Err("empty palace".into());
            }
            if p.windows(2).any(|w| w[0].floor >= w[1].floor) {
                return Err(format!("palace floors not increasing: {p:?}"));
            }
            tiles_seen.extend(p);
        }
    }
    tiles_seen.extend(&g.boxed);
    match &g.phase {
        Phase::Picking { revealed, .. } => money.extend(revealed),
        Phase::Auction { bids, .. } => {
            let openers = bids.iter().filter(|b| b.opener).count();
            if openers > 1 {
                return Err("two certificate 3s".into());
            }
            for b in bids {
                money.extend(&b.cards);
            }
        }
        Phase::Handout { lot, .. } => tiles_seen.extend(lot),
        Phase::Building { pending, .. } => tiles_seen.extend(pending),
        _ => {}
    }
    money.sort();
    let mut deck = money_deck();
    deck.sort();
    if money != deck {
        return Err(format!("money not conserved: {} cards", money.len()));
    }
    tiles_seen.sort();
    let mut all = all_tiles();
    all.sort();
    if tiles_seen != all {
        return Err(format!("tiles not conserved: {} tiles", tiles_seen.len()));
    }
    if riders != 5 {
        return Err(format!("{riders} riders"));
    }
    for h in &g.hands {
        if h.to_vec().windows(2).any(|w| w[0] > w[1]) {
            return Err("hand not sorted".into());
        }
    }
    Ok(())
}

const MAX_ACTIONS: usize = 20_000;

// ---------------------------------------------------------------- property tests

#[test]
fn random_games_pass_the_generic_checks_and_conserve_everything() {
    // check_random_game: games end, action texts read back, stale/out-of-turn actions
    // are refused without changing the state, replay from seed + log is identical.
    let mut lengths = Vec::new();
    for seed in 0..400u64 {
        for players in 2..=4 {
            let p = check_random_game::<Palazzo>(
                players,
                &PalazzoOptions::default(),
                seed * 7 + players as u64,
                MAX_ACTIONS,
                conserved,
            )
            .unwrap();
            assert_eq!(p.game.riders_drawn, 5, "every game ends with 5 riders");
            lengths.push(p.log.len());
        }
    }
    lengths.sort();
    let n = lengths.len();
    println!(
        "random game length: median {}, p99 {}, max {} actions over {n} games (cap {MAX_ACTIONS})",
        lengths[n / 2],
        lengths[n * 99 / 100],
        lengths[n - 1]
    );
    assert!(
        lengths[n - 1] < MAX_ACTIONS / 10,
        "random games stay far below the cap"
    );
}

#[test]
fn more_random_games_conserve_cards_and_tiles_at_every_step() {
    use rand::SeedableRng;
    for seed in 10_000..12_000u64 {
        let players = 2 + (seed % 3) as usize;
        let mut g = new_game(players, seed);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while !g.is_over() {
            let (seat, action) = rules::playout::random_action(&g, &mut rng).expect("an action");
            g.apply(seat, &action).unwrap();
            conserved(&g).unwrap_or_else(|e| panic!("seed {seed} after {action}: {e}"));
            steps += 1;
            assert!(steps < MAX_ACTIONS, "seed {seed} does not end");
        }
        assert_eq!(g.riders_drawn, 5);
        assert!(g.outcome().is_some());
    }
}

#[test]
fn refused_actions_never_change_the_state() {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let junk = [
        "money",
        "draw",
        "auction",
        "pass",
        "pick R5",
        "pick R5 G7",
        "raise R4 G4 B4",
        "raise C2",
        "raise R5 G5",
        "buy brick-1-1w pay R7",
        "buy brick-1-1w brick-1-2w pay C2 C2 C2",
        "build marble-3-2w new",
        "build brick-1-1w on A",
        "build brick-2-2w on C",
        "discard brick-1-1w",
        "reconstruct lift brick-1-1w pay C2",
        "reconstruct insert brick-2-2w into A pay R3",
        "reconstruct remove brick-1-1w pay G5",
    ];
    for seed in 0..150u64 {
        let players = 2 + (seed % 3) as usize;
        let mut g = new_game(players, seed);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() {
            for _ in 0..3 {
                let text = junk.choose(&mut rng).unwrap();
                let seat = rand::Rng::gen_range(&mut rng, 0..players);
                let action = g.parse_action(seat, text).unwrap();
                let before = state(&g);
                let mut probe = g.clone();
                if probe.apply(seat, &action).is_err() {
                    assert_eq!(state(&probe), before, "refused `{text}` changed the state");
                }
            }
            let (seat, action) = rules::playout::random_action(&g, &mut rng).unwrap();
            g.apply(seat, &action).unwrap();
        }
    }
}

#[test]
fn public_view_does_not_depend_on_hidden_information() {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let names: Vec<String> = ["Ana", "Bruno", "Carla", "Dario"]
        .map(String::from)
        .to_vec();
    for seed in 0..200u64 {
        let players = 2 + (seed % 3) as usize;
        let mut g = new_game(players, seed);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + 99);
        let stop = rand::Rng::gen_range(&mut rng, 0..150);
        for _ in 0..stop {
            if g.is_over() {
                break;
            }
            let (seat, action) = rules::playout::random_action(&g, &mut rng).unwrap();
            g.apply(seat, &action).unwrap();
        }
        // Same public facts, different secrets: redeal hands and pile, reorder stacks.
        let mut other = g.clone();
        let mut hidden: Vec<Card> = other.pile.clone();
        for h in &other.hands {
            hidden.extend(h);
        }
        hidden.shuffle(&mut rng);
        for h in other.hands.iter_mut() {
            let n = h.len();
            *h = Cards::try_from_slice(&hidden.split_off(hidden.len() - n)).expect("a hand");
        }
        other.pile = hidden;
        for s in other.stacks.iter_mut() {
            s.shuffle(&mut rng);
        }
        let changed_secret = other.hands != g.hands || other.pile != g.pile;
        assert_eq!(
            serde_json::to_string(&g.public_view()).unwrap(),
            serde_json::to_string(&other.public_view()).unwrap(),
            "seed {seed}: the public view depends on hidden information"
        );
        assert_eq!(
            Palazzo::render_public(&g.public_view(), &names, &rules::Keys),
            Palazzo::render_public(&other.public_view(), &names, &rules::Keys)
        );
        if changed_secret {
            let differs = (0..players).any(|s| g.private_view(s) != other.private_view(s));
            assert!(
                differs || g.hands == other.hands,
                "private views show the hand"
            );
        }
    }
}

// ---------------------------------------------------------------- setup

#[test]
fn setup_builds_the_stacks_from_the_split_table() {
    for seed in 0..50 {
        let g = new_game(2 + (seed % 3) as usize, seed);
        // 16 tiles per stack; 5 of stack I are already on the board.
        assert_eq!(g.stacks[0].len(), 11);
        assert_eq!(g.stacks[1].len(), 16);
        assert_eq!(g.stacks[2].len(), 21, "16 tiles + 5 riders");
        let floors = |s: usize| -> Vec<u8> {
            let mut v: Vec<u8> = g.stacks[s]
                .iter()
                .filter_map(|i| match i {
                    StackItem::Tile(t) => Some(t.floor),
                    StackItem::Rider => None,
                })
                .collect();
            v.sort();
            v
        };
        let mut first: Vec<u8> = floors(0);
        first.extend(g.supply.iter().map(|t| t.floor));
        first.extend(g.quarries.iter().flatten().map(|t| t.floor));
        first.sort();
        assert_eq!(first, [vec![1; 9], vec![2; 7]].concat());
        assert_eq!(floors(1), [vec![2; 2], vec![3; 12], vec![4; 2]].concat());
        assert_eq!(floors(2), [vec![4; 7], vec![5; 9]].concat());
        let riders = |s: usize| {
            g.stacks[s]
                .iter()
                .filter(|i| **i == StackItem::Rider)
                .count()
        };
        assert_eq!(
            (riders(0), riders(1), riders(2)),
            (0, 0, 5),
            "riders only in III"
        );
        // 5 starting tiles: one per quarry and one on the supply.
        assert!(g.quarries.iter().all(|q| q.len() == 1));
        assert_eq!(g.supply.len(), 1);
        assert!(g.master < 4);
        // 4 secret cards each.
        assert!(g.hands.iter().all(|h| h.len() == 4));
        assert_eq!(g.pile.len() + 4 * g.players, 55);
        assert_eq!(g.phase, Phase::Turn);
        conserved(&g).unwrap();
    }
    // Start player and master builder are random.
    let starts: std::collections::BTreeSet<usize> =
        (0..40).map(|s| new_game(4, s).active).collect();
    let masters: std::collections::BTreeSet<usize> =
        (0..40).map(|s| new_game(4, s).master).collect();
    assert_eq!(starts.len(), 4);
    assert_eq!(masters.len(), 4);
    assert!(Palazzo::new(1, &PalazzoOptions::default(), 0).is_err());
    assert!(Palazzo::new(5, &PalazzoOptions::default(), 0).is_err());
}

// ---------------------------------------------------------------- take money

#[test]
fn take_money_reveals_players_plus_one_and_each_pick_is_awaited() {
    let mut g = table(4, &["", "", "", ""]);
    g.pile.retain(|c| !cards("R3 G4 B5 C2 R7").contains(c));
    g.pile.extend(cards("R7 R3 G4 B5 C2"));
    ok(&mut g, 0, "money");
    match &g.phase {
        Phase::Picking { revealed, .. } => assert_eq!(revealed, &cards("G4 B5 C2 R7 R3")),
        p => panic!("{p:?}"),
    }
    assert_eq!(g.awaiting(), vec![0]);
    assert_eq!(
        refused(&mut g, 0, "pick R7"),
        "You must take exactly 2 of the revealed cards."
    );
    assert_eq!(
        refused(&mut g, 0, "pick R7 R6"),
        "Not among the revealed cards: R6."
    );
    assert_eq!(
        refused(&mut g, 0, "pick R7 R7"),
        "Not among the revealed cards: 2× R7 (only 1)."
    );
    assert!(refused(&mut g, 1, "pick R7").contains("not your turn"));
    ok(&mut g, 0, "pick R7 C2");
    assert_eq!(g.awaiting(), vec![1]);
    assert_eq!(
        refused(&mut g, 1, "pick G4 B5"),
        "You must take exactly 1 of the revealed cards."
    );
    ok(&mut g, 1, "pick G4");
    assert_eq!(g.awaiting(), vec![2]);
    ok(&mut g, 2, "pick R3");
    // Even the last, forced pick is awaited from its player.
    assert_eq!(g.awaiting(), vec![3]);
    assert_eq!(g.legal_actions(3), vec![PalazzoAction::Pick(set("B5"))]);
    let events = ok(&mut g, 3, "pick B5");
    assert!(events.iter().any(|e| e == "Dario takes B5."), "{events:?}");
    assert_eq!(g.hands[0], cards("R7 C2"));
    assert_eq!(g.hands[1], cards("G4"));
    assert_eq!(g.hands[2], cards("R3"));
    assert_eq!(g.hands[3], cards("B5"));
    assert_eq!(g.active, 1, "next player's turn");
    assert_eq!(g.phase, Phase::Turn);
}

#[test]
fn take_money_reshuffles_the_discards_when_the_pile_runs_out() {
    let mut g = table(2, &["", ""]);
    let mut all = std::mem::take(&mut g.pile);
    g.pile = all.split_off(all.len() - 1);
    g.discard = all;
    let events = ok(&mut g, 0, "money");
    assert!(
        events
            .iter()
            .any(|e| e.contains("shuffled into a new draw pile")),
        "{events:?}"
    );
    assert!(g.discard.is_empty());
    assert_eq!(g.pile.len(), 55 - 3);
}

#[test]
fn take_money_is_not_allowed_without_enough_cards() {
    let mut g = table(3, &["", "", ""]);
    let pile = std::mem::take(&mut g.pile);
    g.hands[1] = Cards::try_from_slice(&pile[3..]).expect("a hand");
    g.pile = pile[..2].to_vec();
    g.discard = pile[2..3].to_vec();
    assert!(!g.legal_actions(0).contains(&PalazzoAction::Money));
    assert_eq!(
        refused(&mut g, 0, "money"),
        "Taking money reveals 4 cards, but only 3 are left in the draw pile and discards, so you cannot take money now."
    );
}

// ---------------------------------------------------------------- draw tiles

#[test]
fn draw_puts_the_first_tile_on_the_supply_and_the_second_by_windows() {
    let mut g = table(2, &["R7", ""]);
    g.master = 2;
    let [a, b] = [tile("brick-1-1w"), tile("marble-2-2w")];
    pull(&mut g, "brick-1-1w marble-2-2w");
    g.stacks[0].push(StackItem::Tile(b));
    g.stacks[0].push(StackItem::Tile(a));
    let supply_before = g.supply.len();
    let q0 = g.quarries[0].len();
    ok(&mut g, 0, "draw");
    assert_eq!(g.supply.len(), supply_before + 1);
    assert_eq!(g.supply.last(), Some(&a));
    // Master builder on quarry 2 counts as 0; 2 windows -> quarry (2 + 2) % 4 = 0.
    assert_eq!(g.quarries[0].len(), q0 + 1);
    assert_eq!(g.quarries[0].last(), Some(&b));
    assert_eq!(g.phase, Phase::BuyOrAuction);
    assert_eq!(
        refused(&mut g, 0, "draw"),
        "That is a choice for the start of a turn. You drew tiles: now buy from the supply or auction."
    );
}

#[test]
fn draw_uses_stack_two_once_stack_one_is_empty() {
    let mut g = table(2, &["", ""]);
    g.master = 0;
    let last_of_i = tile("brick-1-1w");
    pull(&mut g, "brick-1-1w");
    g.stacks[0] = vec![StackItem::Tile(last_of_i)];
    let top_of_ii = match g.stacks[1].last() {
        Some(StackItem::Tile(t)) => *t,
        _ => unreachable!(),
    };
    ok(&mut g, 0, "draw");
    assert!(g.stacks[0].is_empty());
    assert_eq!(g.supply.last(), Some(&last_of_i));
    assert_eq!(
        g.quarries[usize::from(top_of_ii.windows) % 4].last(),
        Some(&top_of_ii)
    );
}

#[test]
fn a_drawn_rider_is_set_aside_and_not_replaced() {
    let mut g = table(2, &["", ""]);
    g.master = 1;
    let t = tile("sandstone-2-3w");
    pull(&mut g, "sandstone-2-3w");
    g.stacks[0].push(StackItem::Tile(t));
    g.stacks[0].push(StackItem::Rider);
    let supply = g.supply.clone();
    let events = ok(&mut g, 0, "draw");
    assert_eq!(g.riders_drawn, 1);
    assert_eq!(g.supply, supply, "the supply tile is not replaced");
    assert_eq!(
        g.quarries[0].last(),
        Some(&t),
        "the second draw goes to a quarry (1 + 3) % 4"
    );
    assert!(events.iter().any(|e| e.contains("rider is drawn (1/5)")));
    assert_eq!(g.phase, Phase::BuyOrAuction);
}

#[test]
fn the_fifth_rider_ends_the_game_at_once() {
    let mut g = table(3, &["R7", "G7", ""]);
    g.riders_drawn = 4;
    g.stacks[0].push(StackItem::Rider);
    let events = ok(&mut g, 0, "draw");
    assert!(g.is_over());
    assert!(g.awaiting().is_empty());
    assert!(g.legal_actions(0).is_empty());
    assert!(events.iter().any(|e| e.contains("ends the game")));
    assert_eq!(refused(&mut g, 0, "auction"), "The game is over.");
    assert!(g.outcome().is_some());
}

// ---------------------------------------------------------------- buy

fn buy_table(hand: &str) -> Palazzo {
    let mut g = table(2, &[hand, ""]);
    g.supply.clear();
    g.supply = pull(&mut g, "brick-2-1w sandstone-1-3w marble-2-2w");
    g.phase = Phase::BuyOrAuction;
    g
}

#[test]
fn buy_costs_ten_minus_the_supply_paid_in_one_payment() {
    let mut g = buy_table("R7 R6 R3 G5 C2");
    assert_eq!(g.price(), 7);
    // Two tiles cost 14 as one payment.
    assert_eq!(
        refused(&mut g, 0, "buy brick-2-1w sandstone-1-3w pay R7 R3 C2"),
        "Buying 2 tile(s) costs 14 (10 − 3 supply tiles = 7 each); 12 paid is not enough."
    );
    let events = ok(&mut g, 0, "buy brick-2-1w sandstone-1-3w pay R7 R6 C2");
    assert!(
        events[0].contains("buys brick-2-1w, sandstone-1-3w for 14"),
        "{events:?}"
    );
    assert_eq!(g.hands[0], cards("R3 G5"));
    assert_eq!(g.discard, cards("R7 R6 C2"));
    assert_eq!(g.supply, tiles("marble-2-2w"));
    // Each bought tile is then built by the buyer, one at a time.
    assert_eq!(g.awaiting(), vec![0]);
    ok(&mut g, 0, "build sandstone-1-3w new");
    ok(&mut g, 0, "build brick-2-1w on A");
    assert_eq!(g.palaces[0], vec![tiles("sandstone-1-3w brick-2-1w")]);
    assert_eq!(g.active, 1);
}

#[test]
fn buy_allows_overpaying_without_change() {
    let mut g = buy_table("R7 R6");
    ok(&mut g, 0, "buy marble-2-2w pay R7 R6");
    assert!(g.hands[0].is_empty());
    assert_eq!(g.discard.len(), 2);
}

#[test]
fn buy_is_not_allowed_when_one_tile_is_unaffordable() {
    let mut g = buy_table("R3 C2");
    let legal = g.legal_actions(0);
    assert_eq!(
        legal,
        vec![PalazzoAction::Auction],
        "only the auction is left"
    );
    assert_eq!(
        refused(&mut g, 0, "buy marble-2-2w pay R3 C2"),
        "You cannot pay for even one tile (price 7), so you must auction."
    );
    assert_eq!(
        refused(&mut g, 0, "buy marble-5-2w pay R3"),
        "marble-5-2w is not in the supply."
    );
}

#[test]
fn buy_offers_minimal_payments_only() {
    let g = buy_table("R7 R6 R3 G5 C2 C2");
    let pays: Vec<String> = g
        .legal_actions(0)
        .iter()
        .filter_map(|a| match a {
            PalazzoAction::Buy { tiles, pay }
                if tiles.len() == 1 && tiles[0] == tile("brick-2-1w") =>
            {
                Some(pay.to_string())
            }
            _ => None,
        })
        .collect();
    // price 7: exact payments per currency / certificate mix, no needless cards.
    assert!(pays.contains(&"R7".to_string()), "{pays:?}");
    assert!(pays.contains(&"G5 C2".to_string()), "{pays:?}");
    assert!(pays.contains(&"R3 C2 C2".to_string()), "{pays:?}");
    assert!(!pays.iter().any(|p| p.starts_with("R7 ")), "{pays:?}");
    for a in g.legal_actions(0) {
        let mut probe = g.clone();
        probe.apply(0, &a).unwrap();
    }
}

#[test]
fn the_price_is_never_negative() {
    let mut g = table(2, &["", ""]);
    g.supply = pull(&mut g, "brick-1-1w brick-1-2w brick-1-3w brick-2-1w brick-2-2w brick-2-3w sandstone-1-1w sandstone-1-2w sandstone-1-3w");
    let more = pull(&mut g, "sandstone-2-1w sandstone-2-2w");
    g.supply.extend(more);
    g.phase = Phase::BuyOrAuction;
    assert_eq!(g.price(), 0);
    ok(&mut g, 0, "buy brick-1-1w brick-2-2w");
    assert_eq!(
        g.phase,
        Phase::Building {
            seat: 0,
            pending: tiles("brick-1-1w brick-2-2w")
        }
    );
}

// ---------------------------------------------------------------- auction

fn auction_table(players: usize, hands: &[&str], lot: &str) -> Palazzo {
    let mut g = table(players, hands);
    let lot = pull(&mut g, lot);
    for q in g.quarries.iter_mut() {
        g.boxed.append(q);
    }
    g.master = 0;
    g.quarries[2] = lot;
    g.phase = Phase::BuyOrAuction;
    g
}

#[test]
fn auction_moves_the_master_builder_to_the_next_quarry_with_tiles() {
    let mut g = auction_table(2, &["", ""], "brick-2-3w");
    let events = ok(&mut g, 0, "auction");
    assert_eq!(g.master, 2, "quarry 1 is empty and skipped");
    assert!(
        events[0].contains("opens the auction for brick-2-3w with the certificate 3"),
        "{events:?}"
    );
    assert_eq!(g.high_bid(), Some(3));
    assert_eq!(g.awaiting(), vec![1], "bidding starts left of the opener");
}

#[test]
fn rulebook_bidding_example() {
    // Monika (seat 0) holds R4 G4 B4 G6 C2 C2 C2 G3 and opens with the certificate 3.
    let mut g = auction_table(
        2,
        &["R4 G4 B4 G6 C2 C2 C2 G3", "R7 R5 R3 R6 R4 R6"],
        "brick-2-3w marble-3-2w",
    );
    ok(&mut g, 0, "auction");
    ok(&mut g, 1, "raise R7 R5 R3");
    assert_eq!(g.high_bid(), Some(15));
    // The group of three 4s is worth 15: 3 + 15 = 18.
    let events = ok(&mut g, 0, "raise R4 G4 B4");
    assert_eq!(events[0], "Ana adds R4 G4 B4 — bid 18.");
    ok(&mut g, 1, "raise R6 R4");
    assert_eq!(g.high_bid(), Some(25));
    // Both options of the example are offered: the certificate group (33) or G6 C2 (26).
    let legal: Vec<String> = g.legal_actions(0).iter().map(|a| a.to_string()).collect();
    assert!(legal.contains(&"raise C2 C2 C2".to_string()), "{legal:?}");
    assert!(legal.contains(&"raise G6 C2".to_string()), "{legal:?}");
    ok(&mut g, 0, "raise G6 C2");
    assert_eq!(g.high_bid(), Some(26));
    ok(&mut g, 1, "raise R6");
    assert_eq!(g.high_bid(), Some(31));
    // The two leftover certificates are no group: 2 each, 26 + 4 = 30.
    assert_eq!(
        refused(&mut g, 0, "raise C2 C2"),
        "You must bid more than the high bid of 31; your bid would total 30."
    );
    let events = ok(&mut g, 0, "pass");
    assert_eq!(events[0], "Ana passes and takes back R4 G4 G6 B4 C2.");
    assert_eq!(
        g.hands[0],
        cards("R4 G4 B4 G6 C2 C2 C2 G3"),
        "bid cards come back"
    );
    // The last bidder in wins, discards the bid and builds every tile of the quarry.
    assert!(
        events[1].contains("Bruno wins brick-2-3w, marble-3-2w with 31"),
        "{events:?}"
    );
    assert!(g.hands[1].is_empty());
    assert_eq!(g.discard, cards("R7 R5 R3 R6 R4 R6"));
    assert!(g.quarries[2].is_empty());
    assert_eq!(g.awaiting(), vec![1]);
    ok(&mut g, 1, "build brick-2-3w new");
    ok(&mut g, 1, "build marble-3-2w on A");
    // The next turn is left of the player who started the auction.
    assert_eq!(g.active, 1);
    assert_eq!(g.phase, Phase::Turn);
}

#[test]
fn bids_keep_one_currency_across_raises_and_groups_stay_together() {
    let mut g = auction_table(2, &["", "G4 G5 R4 B4 R5 C2 C2 C2"], "brick-2-3w");
    ok(&mut g, 0, "auction");
    assert_eq!(
        refused(&mut g, 1, "raise R5 G5"),
        "A payment or bid may use cards of one currency only, plus certificates (C2) and groups of three (one card of each currency with the same value, or three C2)."
    );
    ok(&mut g, 1, "raise G4");
    // Only green, certificates and groups may follow.
    assert_eq!(
        refused(&mut g, 1, "raise R5").to_string(),
        "It is not your turn: the game is waiting for another player."
    );
    g.hands[0] = set("R7");
    g.pile.retain(|c| *c != Card::Money(Currency::Red, 7));
    ok(&mut g, 0, "raise R7");
    assert_eq!(
        refused(&mut g, 1, "raise R5"),
        "Your bid is in green: you may add only green cards, certificates (C2) and groups of three."
    );
    // R4 B4 would be a group only with the G4 already in the bid.
    assert_eq!(
        refused(&mut g, 1, "raise R4 B4"),
        "A group's three cards must be played together in the same raise: these cards would only form a group with the G4 already in your bid."
    );
    assert_eq!(refused(&mut g, 1, "raise G7"), "You do not hold G7.");
    ok(&mut g, 1, "raise C2 C2 C2");
    assert_eq!(g.high_bid(), Some(19));
}

#[test]
fn everyone_passing_gives_the_lot_to_the_opener_for_the_certificate() {
    let mut g = auction_table(3, &["R3", "G7 G6", "B7"], "brick-2-3w sandstone-4-1w");
    ok(&mut g, 0, "auction");
    ok(&mut g, 1, "pass");
    let events = ok(&mut g, 2, "pass");
    assert!(
        events.iter().any(|e| e.contains(
            "Ana wins brick-2-3w, sandstone-4-1w with 3, paying the certificate 3 alone"
        )),
        "{events:?}"
    );
    assert_eq!(g.hands[0], cards("R3"), "the opener pays nothing");
    assert!(g.discard.is_empty());
    assert_eq!(
        g.phase,
        Phase::Building {
            seat: 0,
            pending: tiles("brick-2-3w sandstone-4-1w")
        }
    );
}

#[test]
fn a_raise_must_beat_the_high_bid_and_passing_is_final() {
    let mut g = auction_table(3, &["R3", "G3", "B4"], "brick-2-3w");
    ok(&mut g, 0, "auction");
    assert_eq!(
        refused(&mut g, 1, "raise G3"),
        "You must bid more than the high bid of 3; your bid would total 3."
    );
    assert_eq!(g.legal_actions(1), vec![PalazzoAction::Pass]);
    ok(&mut g, 1, "pass");
    ok(&mut g, 2, "raise B4");
    // Back to the opener; the passed player is out.
    assert_eq!(g.awaiting(), vec![0]);
    ok(&mut g, 0, "raise R3");
    assert_eq!(g.high_bid(), Some(6));
    assert_eq!(g.awaiting(), vec![2]);
    ok(&mut g, 2, "pass");
    assert_eq!(
        g.phase,
        Phase::Building {
            seat: 0,
            pending: tiles("brick-2-3w")
        }
    );
    assert_eq!(g.discard, cards("R3"), "the winner discards the bid cards");
    assert_eq!(g.hands[2], cards("B4"));
}

#[test]
fn four_or_more_tiles_are_handed_out_in_seat_order() {
    let mut g = auction_table(
        3,
        &["", "", ""],
        "brick-2-3w sandstone-4-1w marble-5-1w brick-3-2w marble-1-1w",
    );
    g.active = 1;
    let boxed = g.boxed.len();
    let events = ok(&mut g, 1, "auction");
    assert!(events[0].contains("no auction"), "{events:?}");
    assert_eq!(g.awaiting(), vec![1]);
    assert!(refused(&mut g, 2, "build brick-2-3w new").contains("not your turn"));
    assert_eq!(
        refused(&mut g, 1, "build marble-2-2w new"),
        "marble-2-2w is not one of the tiles you have to build now."
    );
    ok(&mut g, 1, "build marble-5-1w new");
    assert_eq!(g.awaiting(), vec![2]);
    ok(&mut g, 2, "discard marble-1-1w");
    assert_eq!(g.awaiting(), vec![0]);
    let events = ok(&mut g, 0, "build brick-2-3w new");
    assert!(
        events
            .iter()
            .any(|e| e.contains("Left over and out of the game")),
        "{events:?}"
    );
    assert_eq!(g.boxed.len(), boxed + 3, "1 discarded + 2 left over");
    assert_eq!(g.active, 2, "left of the player who auctioned");
    assert_eq!(g.phase, Phase::Turn);
}

#[test]
fn auction_with_no_tiles_anywhere_does_nothing() {
    let mut g = auction_table(2, &["R5", ""], "brick-2-3w");
    g.quarries[2].clear();
    let events = ok(&mut g, 0, "auction");
    assert!(events[0].contains("nothing happens"), "{events:?}");
    assert_eq!(g.active, 1);
    assert_eq!(g.master, 0);
}

// ---------------------------------------------------------------- building

#[test]
fn building_goes_on_top_of_lower_floors_or_starts_a_palace() {
    let mut g = table(2, &["", ""]);
    g.palaces[0] = vec![pull(&mut g, "brick-1-1w brick-3-1w")];
    let pending = pull(&mut g, "marble-2-2w marble-4-1w sandstone-3-3w marble-5-3w");
    g.phase = Phase::Building { seat: 0, pending };
    assert_eq!(
        refused(&mut g, 0, "build marble-2-2w on A"),
        "marble-2-2w (floor 2) cannot go on palace A: its top floor is 3, and a tile goes only on top of a lower floor (inserting below needs reconstruct)."
    );
    assert_eq!(
        refused(&mut g, 0, "build marble-2-2w on C"),
        "You have no palace C."
    );
    ok(&mut g, 0, "build marble-2-2w new");
    ok(&mut g, 0, "build marble-5-3w on A"); // floors may be skipped: 1, 3, 5
    assert_eq!(
        refused(&mut g, 0, "build marble-4-1w on A"),
        "marble-4-1w (floor 4) cannot go on palace A: its top floor is 5, and a tile goes only on top of a lower floor (inserting below needs reconstruct)."
    );
    ok(&mut g, 0, "build marble-4-1w on B");
    ok(&mut g, 0, "discard sandstone-3-3w");
    assert_eq!(
        g.palaces[0],
        vec![
            tiles("brick-1-1w brick-3-1w marble-5-3w"),
            tiles("marble-2-2w marble-4-1w")
        ]
    );
    assert_eq!(g.boxed, tiles("sandstone-3-3w"));
    // The legal builds list every fitting palace, new and discard.
    let mut g2 = table(2, &["", ""]);
    g2.palaces[0] = vec![pull(&mut g2, "brick-1-1w"), pull(&mut g2, "brick-4-1w")];
    g2.phase = Phase::Building {
        seat: 0,
        pending: pull(&mut g2, "brick-2-2w"),
    };
    let legal: Vec<String> = g2.legal_actions(0).iter().map(|a| a.to_string()).collect();
    assert_eq!(
        legal,
        [
            "build brick-2-2w on A",
            "build brick-2-2w new",
            "discard brick-2-2w"
        ]
    );
}

// ---------------------------------------------------------------- reconstruct

#[test]
fn reconstruct_lift_insert_and_remove() {
    let mut g = table(2, &["R3 G5 C2", "B7"]);
    g.palaces[0] = vec![pull(&mut g, "brick-1-1w marble-2-2w sandstone-3-3w")];
    let events = ok(&mut g, 0, "reconstruct lift marble-2-2w pay R3");
    assert_eq!(
        events[0],
        "Ana reconstructs (paying R3): marble-2-2w leaves palace A and stands alone as palace B."
    );
    assert_eq!(
        g.palaces[0],
        vec![tiles("brick-1-1w sandstone-3-3w"), tiles("marble-2-2w")]
    );
    assert_eq!(g.discard, cards("R3"));
    assert_eq!(g.active, 1);
    g.active = 0;
    // Insert between two tiles.
    ok(&mut g, 0, "reconstruct insert marble-2-2w into A pay G5");
    assert_eq!(
        g.palaces[0],
        vec![tiles("brick-1-1w marble-2-2w sandstone-3-3w")]
    );
    g.active = 0;
    let lone = pull(&mut g, "marble-4-1w");
    g.palaces[0].push(lone);
    ok(&mut g, 0, "reconstruct remove marble-4-1w pay C2");
    assert_eq!(g.palaces[0].len(), 1);
    assert_eq!(g.boxed, tiles("marble-4-1w"));
    assert_eq!(g.discard, cards("R3 G5 C2"));
}

#[test]
fn reconstruct_refusals() {
    let mut g = table(2, &["R3", ""]);
    g.palaces[0] = vec![
        pull(&mut g, "brick-1-1w marble-2-2w"),
        pull(&mut g, "sandstone-2-3w sandstone-3-3w"),
        pull(&mut g, "marble-1-3w"),
    ];
    // Never palace to palace directly: only a lone tile can be inserted.
    assert_eq!(
        refused(&mut g, 0, "reconstruct insert marble-2-2w into B pay R3"),
        "marble-2-2w is not a single-tile palace; only a tile standing alone can be inserted or removed (lift it out first, on a later turn)."
    );
    assert_eq!(
        refused(&mut g, 0, "reconstruct remove brick-1-1w pay R3"),
        "brick-1-1w is not a single-tile palace; only a tile standing alone can be inserted or removed (lift it out first, on a later turn)."
    );
    assert_eq!(
        refused(&mut g, 0, "reconstruct insert marble-1-3w into A pay R3"),
        "Palace A already has floor 1; a palace cannot repeat a floor."
    );
    assert_eq!(
        refused(&mut g, 0, "reconstruct insert marble-1-3w into C pay R3"),
        "A tile cannot be inserted into its own palace."
    );
    assert_eq!(
        refused(&mut g, 0, "reconstruct lift marble-1-3w pay R3"),
        "marble-1-3w already stands alone; lift takes a tile out of a palace of 2 or more floors."
    );
    assert_eq!(
        refused(&mut g, 0, "reconstruct lift brick-2-2w pay R3"),
        "brick-2-2w is not in one of your palaces."
    );
    assert_eq!(
        refused(&mut g, 0, "reconstruct lift brick-1-1w pay C2"),
        "You do not hold C2."
    );
    g.hands[0] = Cards::EMPTY;
    assert_eq!(
        refused(&mut g, 0, "reconstruct lift brick-1-1w pay R3"),
        "Reconstruct costs one money card, and your hand is empty."
    );
    assert!(g
        .legal_actions(0)
        .iter()
        .all(|a| !a.to_string().starts_with("reconstruct")));
}

#[test]
fn rulebook_scoring_tip_reconstruct_two_floors_and_a_lone_tile_into_eight() {
    let mut g = table(2, &["C2", ""]);
    g.palaces[0] = vec![
        pull(&mut g, "brick-2-3w marble-3-2w"),
        pull(&mut g, "sandstone-1-3w"),
    ];
    assert_eq!(
        g.public_view().seats[0].score,
        -5,
        "0 for 2 floors, -5 for the lone tile"
    );
    ok(&mut g, 0, "reconstruct insert sandstone-1-3w into A pay C2");
    assert_eq!(
        g.palaces[0],
        vec![tiles("sandstone-1-3w brick-2-3w marble-3-2w")]
    );
    assert_eq!(
        g.public_view().seats[0].score,
        8,
        "3 floors score their 8 windows"
    );
}

// ---------------------------------------------------------------- scoring and end

#[test]
fn scoring_table_and_single_material_bonus() {
    let p = |ids: &str| scoring::palace_score(&tiles(ids));
    assert_eq!(p("brick-1-3w"), -5);
    assert_eq!(p("brick-1-3w brick-2-3w"), 0);
    assert_eq!(p("brick-1-3w marble-2-3w brick-3-2w"), 8);
    assert_eq!(p("brick-1-3w brick-2-3w brick-3-2w"), 8 + 3);
    assert_eq!(p("brick-1-1w marble-2-1w brick-3-1w brick-4-2w"), 5 + 3);
    assert_eq!(p("brick-1-1w brick-2-1w brick-3-1w brick-4-2w"), 5 + 3 + 3);
    assert_eq!(
        p("brick-1-1w marble-2-1w brick-3-1w brick-4-2w brick-5-3w"),
        8 + 6
    );
    assert_eq!(
        p("marble-1-3w marble-2-3w marble-3-3w marble-4-3w marble-5-3w"),
        15 + 6 + 6
    );
}

#[test]
fn tie_break_is_the_best_single_bid_from_hand() {
    let mut g = table(3, &["R7 R7 G7", "R4 G4 B4", "B6 B7 C2"]);
    g.palaces[0] = vec![pull(&mut g, "brick-1-3w brick-2-3w brick-3-2w")];
    g.palaces[1] = vec![pull(&mut g, "marble-1-3w marble-2-3w marble-3-2w")];
    g.palaces[2] = vec![pull(&mut g, "sandstone-1-3w sandstone-2-3w sandstone-3-2w")];
    g.phase = Phase::Over;
    let o = g.outcome().unwrap();
    assert_eq!(
        o.results.iter().map(|r| r.total).collect::<Vec<_>>(),
        vec![11, 11, 11]
    );
    let tb: Vec<i64> = o
        .results
        .iter()
        .map(|r| r.tiebreak.as_ref().unwrap().points)
        .collect();
    assert_eq!(
        tb,
        vec![14, 15, 15],
        "one currency (R7 R7) / a group / B6 B7 C2"
    );
    assert_eq!(o.winners, vec![1, 2], "still tied: shared win");
    assert!(o.results[0].breakdown[0]
        .label
        .contains("single material +3"));
    g.hands[2] = set("B6");
    assert_eq!(g.outcome().unwrap().winners, vec![1]);
}

// ---------------------------------------------------------------- interaction

#[test]
fn public_board_shows_everything_the_table_needs() {
    let mut g = auction_table(3, &["R7 R5", "G6", "C2"], "brick-2-3w");
    g.palaces[1] = vec![pull(&mut g, "marble-1-3w marble-2-3w marble-3-2w")];
    g.riders_drawn = 2;
    ok(&mut g, 0, "auction");
    ok(&mut g, 1, "raise G6");
    let names: Vec<String> = ["Ana", "Bruno", "Carla"].map(String::from).to_vec();
    // Through `rules::Keys` every phrase shows its key and arguments; the English of the
    // same texts is checked against stored boards in `words/tests/games/palazzo.rs`.
    let text = Palazzo::render_public(&g.public_view(), &names, &rules::Keys);
    let stacks = format!(
        "palazzo-board-stacks(stacks=I {} · II {} · III {}, riders=2)",
        g.stacks[0].len(),
        g.stacks[1].len(),
        g.stacks[2].len()
    );
    for needle in [
        stacks.as_str(),
        "palazzo-board-supply(price=9, ",
        "  palazzo-board-quarry(number=3) 🔨: brick-2-3w\n",
        "palazzo-board-auction(quarry=3, tiles=brick-2-3w, high=6, leader=#2)",
        "  palazzo-board-name(name=#1): C3 = 3\n",
        "  palazzo-board-name(name=#2): G6 = 6\n",
        "palazzo-board-seat(name=#1, cards=2, score=0)",
        "palazzo-board-seat(name=#2, cards=0, score=11)",
        "  A: marble-1-3w / marble-2-3w / marble-3-2w (11)\n",
        "waiting=palazzo-board-name(name=#3), ask=palazzo-board-ask-auction)",
    ] {
        assert!(text.contains(needle), "missing `{needle}` in\n{text}");
    }
    assert!(!text.contains("R7"), "hands stay private");
    let private = Palazzo::render_private(&g.private_view(0), &names, &rules::Keys);
    assert_eq!(
        private,
        "palazzo-hand-cards(count=2, cards=R5 R7)\npalazzo-hand-best-bid(best=12)"
    );
    let note = Palazzo::render_decision_note(&g.private_view(0), &names, &rules::Keys);
    assert_eq!(note.as_deref(), Some("palazzo-note-reach(reach=15)"));
}

#[test]
fn every_command_reads_back_and_the_catalog_knows_the_game() {
    let kind = rules::catalog::find("palazzo").expect("registered");
    assert_eq!(kind.players, (2, 4));
    let mut game = (kind.new)(3, &serde_json::Value::Null, 5).unwrap();
    let names: Vec<String> = ["Ana", "Bruno", "Carla"].map(String::from).to_vec();
    let seat = game.awaiting()[0];
    let applied = game.apply_text(seat, "  DRAW ", &names).unwrap();
    assert_eq!(applied.text, "draw");
    assert!(game
        .public_text(&names, &rules::Keys)
        .contains("palazzo-board-quarries"));
    let err = game.apply_text(seat, "fly away", &names).unwrap_err();
    assert!(err.text.contains("not a Palazzo command"), "{err}");
    let restored = (kind.restore)(&game.snapshot()).unwrap();
    assert_eq!(restored.snapshot(), game.snapshot());
    assert!(Palazzo::rules_text().contains("Decision"));
    for h in Palazzo::command_help() {
        let g = new_game(2, 0);
        assert!(
            g.parse_action(0, h.example).is_ok(),
            "help example `{}` parses",
            h.example
        );
        for word in [
            "new", "join", "leave", "start", "abandon", "status", "hand", "scores", "log", "rules",
            "help",
        ] {
            assert!(
                !h.example.starts_with(word),
                "{} starts with a table word",
                h.example
            );
        }
    }
}

// ---------------------------------------------------------------- audit additions

#[test]
fn quarry_counting_wraps_round_from_the_master_builder() {
    // Master builder on the last quarry (index 3 = 0): 1 window -> quarry 0, 3 -> quarry 2.
    let mut g = table(2, &["", ""]);
    g.master = 3;
    pull(&mut g, "brick-1-1w marble-2-3w");
    g.stacks[0].push(StackItem::Tile(tile("marble-2-3w")));
    g.stacks[0].push(StackItem::Tile(tile("brick-1-1w")));
    let before: Vec<usize> = g.quarries.iter().map(|q| q.len()).collect();
    let events = ok(&mut g, 0, "draw");
    assert_eq!(g.quarries[2].len(), before[2] + 1);
    assert_eq!(g.quarries[2].last(), Some(&tile("marble-2-3w")));
    assert!(
        events.iter().any(|e| e.contains("marble-2-3w to quarry 3")),
        "{events:?}"
    );
    let mut g = table(2, &["", ""]);
    g.master = 3;
    pull(&mut g, "brick-1-2w marble-2-1w");
    g.stacks[0].push(StackItem::Tile(tile("marble-2-1w")));
    g.stacks[0].push(StackItem::Tile(tile("brick-1-2w")));
    ok(&mut g, 0, "draw");
    assert_eq!(g.quarries[0].last(), Some(&tile("marble-2-1w")));
}

#[test]
fn the_master_builder_skips_empty_quarries_and_wraps_round() {
    let mut g = auction_table(2, &["", ""], "brick-2-3w");
    g.master = 3;
    let lot = std::mem::take(&mut g.quarries[2]);
    g.quarries[1] = lot;
    ok(&mut g, 0, "auction");
    assert_eq!(g.master, 1, "3 -> 0 (empty) -> 1");
    // Only the master builder's own quarry holds tiles: it comes all the way round.
    let mut g = auction_table(2, &["", ""], "brick-2-3w");
    g.master = 2;
    let events = ok(&mut g, 0, "auction");
    assert_eq!(g.master, 2);
    assert!(events[0].contains("quarry 3"), "{events:?}");
}

#[test]
fn the_fifth_rider_as_second_draw_ends_the_game_before_buying() {
    let mut g = table(2, &["R7 R6", ""]);
    g.riders_drawn = 4;
    let t = tile("brick-1-1w");
    pull(&mut g, "brick-1-1w");
    g.stacks[0].push(StackItem::Rider);
    g.stacks[0].push(StackItem::Tile(t));
    let events = ok(&mut g, 0, "draw");
    assert!(g.is_over());
    assert_eq!(
        g.supply.last(),
        Some(&t),
        "the first tile went to the supply"
    );
    assert_eq!(
        events.last().map(String::as_str),
        Some("The 5th rider ends the game at once!")
    );
    assert_eq!(
        refused(&mut g, 0, "buy brick-1-1w pay R7"),
        "The game is over."
    );
    assert_eq!(g.hands[0], cards("R7 R6"));
}

#[test]
fn an_outbid_opener_takes_cards_back_and_the_turn_passes_left_of_the_auctioneer() {
    // Seat 1 wins against the opener (seat 0): seat 1 builds, then it is seat 1's turn
    // (left of the auctioneer), not seat 2's (left of the winner).
    let mut g = auction_table(3, &["R3 R4", "G6 G7", "B7"], "brick-2-3w");
    ok(&mut g, 0, "auction");
    ok(&mut g, 1, "raise G6");
    ok(&mut g, 2, "pass");
    ok(&mut g, 0, "raise R4");
    assert_eq!(g.high_bid(), Some(7));
    ok(&mut g, 1, "raise G7");
    assert_eq!(g.high_bid(), Some(13));
    let events = ok(&mut g, 0, "pass");
    assert!(
        events.iter().any(|e| e == "Ana passes and takes back R4."),
        "{events:?}"
    );
    assert_eq!(g.hands[0], cards("R3 R4"));
    assert_eq!(g.discard, cards("G6 G7"), "the winner pays");
    assert_eq!(g.awaiting(), vec![1]);
    ok(&mut g, 1, "build brick-2-3w new");
    assert_eq!(g.active, 1);
    assert_eq!(g.phase, Phase::Turn);
}

#[test]
fn refusals_name_only_what_is_missing() {
    let mut g = auction_table(2, &["", "R4 G4 G5"], "brick-2-3w");
    ok(&mut g, 0, "auction");
    assert_eq!(refused(&mut g, 1, "raise R4 G4 B4"), "You do not hold B4.");
    assert_eq!(
        refused(&mut g, 1, "raise G5 G5"),
        "You do not hold 2× G5 (only 1)."
    );
    let mut g = buy_table("R7 R6");
    assert_eq!(
        refused(&mut g, 0, "buy marble-2-2w pay R7 R6 R5"),
        "You do not hold R5."
    );
    assert_eq!(
        refused(&mut g, 0, "buy marble-2-2w marble-2-2w pay R7 R6"),
        "A second marble-2-2w is not in the supply."
    );
}

#[test]
fn parsing_odd_input_is_refused_clearly_and_never_panics() {
    let g = new_game(3, 1);
    let err = |t: &str| g.parse_action(0, t).unwrap_err().0;
    // "on" is not palace ON: the palace is missing.
    assert!(
        err("build brick-1-1w on").starts_with("Build a tile on top of a palace"),
        "{}",
        err("build brick-1-1w on")
    );
    assert!(err("reconstruct insert brick-1-1w into pay C2").starts_with("Reconstruct costs"));
    // The certificate 3 is never typed.
    assert!(err("raise C3").contains("only opens an auction"));
    // Huge numbers, unicode and walls of text: refused, echoed short.
    assert!(err("raise R99999999999999999999999").contains("is not a money card"));
    assert!(err("raise r４").contains("is not a money card"));
    let wall = "x".repeat(5000);
    assert!(err(&wall).len() < 400, "the echo is cut short");
    assert!(err(&format!("raise {wall}")).len() < 400);
    assert!(err(&format!("build {wall} new")).len() < 400);
    assert!(err(&format!("build brick-1-1w on {wall}")).len() < 400);
    for t in [
        "",
        " ",
        "💥",
        "raise",
        "raise R-1",
        "buy",
        "buy pay R4",
        "build",
        "build x",
        "pick",
        "reconstruct",
        "reconstruct insert brick-1-1w into 💥 pay C2",
        "raise ＲＧ",
        "buy brick-1-1w brick-1-2w brick-1-3w pay C2",
        "discard",
        "raise \u{0}",
        "build marble-1-1w-b new",
        "ÄÖÜ ß",
        "reconstruct lift brick-1-1w pay C3",
    ] {
        assert!(g.parse_action(0, t).is_err(), "`{t}` parsed");
    }
    // Odd but well-formed input parses and is then refused by the rules, not a panic.
    for t in [
        "build brick-1-1w on ZZZ",
        "BUILD MARBLE-3-1W-B NEW",
        "raise C2 C2 C2 C2",
    ] {
        let a = g.parse_action(0, t).unwrap();
        let mut probe = g.clone();
        assert!(probe.apply(0, &a).is_err(), "`{t}` accepted");
    }
}

#[test]
fn crafted_actions_with_extreme_values_are_refused_without_panicking() {
    use rules::palazzo::Place;
    let mut g = table(2, &["R3", ""]);
    g.palaces[0] = vec![pull(&mut g, "brick-1-1w")];
    let t = tile("marble-2-2w");
    let before = state(&g);
    for a in [
        PalazzoAction::Insert {
            tile: tile("brick-1-1w"),
            into: usize::MAX,
            pay: Card::Money(Currency::Red, 3),
        },
        PalazzoAction::Pick(Cards::EMPTY),
        PalazzoAction::Raise(Cards::EMPTY),
        PalazzoAction::Buy {
            tiles: TileList::EMPTY,
            pay: Cards::EMPTY,
        },
        PalazzoAction::Lift {
            tile: t,
            pay: Card::Money(Currency::Red, 200),
        },
    ] {
        assert!(g.apply(0, &a).is_err(), "{a:?}");
        assert!(g.apply(usize::MAX, &a).is_err(), "{a:?}");
    }
    assert_eq!(state(&g), before);
    g.phase = Phase::Building {
        seat: 0,
        pending: vec![t],
    };
    let e = g
        .apply(
            0,
            &PalazzoAction::Build {
                tile: t,
                place: Place::On(usize::MAX),
            },
        )
        .unwrap_err();
    assert!(e.to_string().starts_with("You have no palace "), "{e}");
}

#[test]
fn naming_the_other_twin_is_refused_with_a_pointer_to_the_right_one() {
    let mut g = table(2, &["R7", ""]);
    let twin = tile("marble-3-1w-b");
    g.phase = Phase::Building {
        seat: 0,
        pending: pull(&mut g, "marble-3-1w-b"),
    };
    assert_eq!(
        refused(&mut g, 0, "build marble-3-1w new"),
        "marble-3-1w is not there, but its identical twin marble-3-1w-b is: name that one."
    );
    assert_eq!(
        refused(&mut g, 0, "build marble-3-2w new"),
        "marble-3-2w is not one of the tiles you have to build now."
    );
    ok(&mut g, 0, "build marble-3-1w-b new");
    assert_eq!(g.palaces[0], vec![vec![twin]]);
    let mut g = table(2, &["R7", ""]);
    g.supply = pull(&mut g, "brick-3-1w");
    g.phase = Phase::BuyOrAuction;
    assert_eq!(
        refused(&mut g, 0, "buy brick-3-1w-b pay R7"),
        "brick-3-1w-b is not there, but its identical twin brick-3-1w is: name that one."
    );
}

// ---------------------------------------------------------------- stored snapshots

/// Where the snapshots written by the engine before the speed work live.
const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

/// Random games whose states are kept as stored snapshots: (players, seed).
const FIXTURE_GAMES: [(usize, u64); 3] = [(2, 11), (3, 22), (4, 33)];

fn fixture_names(players: usize) -> Vec<String> {
    ["Ana", "Bruno", "Carla", "Dario"]
        .iter()
        .take(players)
        .map(|s| s.to_string())
        .collect()
}

/// What a restored snapshot must read as, in what is the same in every language: each
/// awaited seat's legal action texts, and what the first and last legal action of the
/// first awaited seat narrate (the English the log keeps). The stored files also carry
/// the English board and hand texts written before the texts moved to Fluent (`public_text`,
/// `private_text`): `words/tests/games/palazzo.rs` reads the same states through the
/// English speaker and compares, and [`without_texts`] leaves them out here.
fn fixture_expectation(bytes: &[u8], players: usize) -> serde_json::Value {
    let kind = rules::catalog::find("palazzo").expect("palazzo is registered");
    let game = (kind.restore)(bytes).expect("snapshot loads");
    let names = fixture_names(players);
    let seats: Vec<serde_json::Value> = game
        .awaiting()
        .into_iter()
        .map(|seat| {
            serde_json::json!({
                "seat": seat,
                "legal_texts": game.legal_texts(seat),
            })
        })
        .collect();
    let mut tried = Vec::new();
    if let Some(seat) = game.awaiting().first().copied() {
        let legal = game.legal_texts(seat);
        let mut picks: Vec<&String> = legal.first().into_iter().collect();
        picks.extend(legal.last().filter(|_| legal.len() > 1));
        for text in picks {
            let mut after = game.box_clone();
            let applied = after
                .apply_text(seat, text, &names)
                .unwrap_or_else(|e| panic!("legal `{text}` refused: {e}"));
            tried.push(serde_json::json!({
                "seat": seat,
                "action": text,
                "narration": applied_as_stored(&applied),
            }));
        }
    }
    serde_json::json!({
        "awaiting": seats,
        "after": tried,
    })
}

/// A stored expectation without its English texts (`public_text`, `private_text`), which
/// the words crate checks.
fn without_texts(value: &serde_json::Value) -> serde_json::Value {
    match value {
        serde_json::Value::Object(map) => serde_json::Value::Object(
            map.iter()
                .filter(|(k, _)| *k != "public_text" && *k != "private_text")
                .map(|(k, v)| (k.clone(), without_texts(v)))
                .collect(),
        ),
        serde_json::Value::Array(items) => {
            serde_json::Value::Array(items.iter().map(without_texts).collect())
        }
        other => other.clone(),
    }
}

/// Snapshot states of one random game: the first state of each phase after a few
/// actions, then one mid-game `Turn` and the final state.
fn fixture_states(players: usize, seed: u64) -> Vec<Palazzo> {
    use rand::SeedableRng;
    let mut game = new_game(players, seed);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut out: Vec<Palazzo> = Vec::new();
    let mut seen: Vec<std::mem::Discriminant<Phase>> = Vec::new();
    let mut steps = 0;
    while !game.is_over() {
        let kind = std::mem::discriminant(&game.phase);
        if steps >= 8 && !seen.contains(&kind) {
            seen.push(kind);
            out.push(game.clone());
        }
        if steps == 120 {
            out.push(game.clone());
        }
        let (seat, action) =
            rules::playout::random_action(&game, &mut rng).expect("a legal action");
        game.apply(seat, &action).expect("legal action applies");
        steps += 1;
    }
    out.push(game);
    out
}

/// Writes the fixtures from the current engine. Run once, before an engine change, with
/// `cargo test -p rules --release --test palazzo -- --ignored write_snapshot_fixtures`.
/// The files written now carry no board or hand texts (see [`fixture_expectation`]): do
/// not overwrite the stored ones, whose English the words crate checks.
#[test]
#[ignore]
fn write_snapshot_fixtures() {
    std::fs::create_dir_all(FIXTURES).unwrap();
    let mut n = 0;
    for (players, seed) in FIXTURE_GAMES {
        for g in fixture_states(players, seed) {
            let bytes = serde_json::to_vec(&g).unwrap();
            let expected = fixture_expectation(&bytes, players);
            std::fs::write(format!("{FIXTURES}/palazzo_v1_{n}.json"), &bytes).unwrap();
            let text = serde_json::to_string_pretty(&serde_json::json!({
                "players": players,
                "expected": expected,
            }))
            .unwrap();
            std::fs::write(format!("{FIXTURES}/palazzo_v1_{n}.expected.json"), text).unwrap();
            n += 1;
        }
    }
}

/// An applied action as the fixtures' expectations wrote it (the `Debug` of `Applied`
/// before narrations carried their Fluent phrase): the action, its text, and each
/// narration's audience and English text.
fn applied_as_stored(applied: &rules::dynamic::Applied) -> String {
    let narrations: Vec<String> = applied
        .narrations
        .iter()
        .map(|n| {
            format!(
                "Narration {{ audience: {:?}, text: {:?} }}",
                n.audience, n.text
            )
        })
        .collect();
    format!(
        "Applied {{ action: {:?}, text: {:?}, narrations: [{}] }}",
        applied.action,
        applied.text,
        narrations.join(", ")
    )
}

/// Snapshots stored by the engine before the speed work still load, read the same
/// (legal actions, narrations; the board and hand texts in the words crate), play on the
/// same, and serialize back byte for byte.
#[test]
fn stored_snapshots_load_and_read_the_same() {
    let mut checked = 0;
    for n in 0.. {
        let Ok(bytes) = std::fs::read(format!("{FIXTURES}/palazzo_v1_{n}.json")) else {
            break;
        };
        let expected: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(format!("{FIXTURES}/palazzo_v1_{n}.expected.json")).unwrap(),
        )
        .unwrap();
        let players = expected["players"].as_u64().unwrap() as usize;
        let now = fixture_expectation(&bytes, players);
        assert_eq!(
            now,
            without_texts(&expected["expected"]),
            "fixture {n} reads differently"
        );
        let game: Palazzo = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(
            serde_json::to_vec(&game).unwrap(),
            bytes,
            "fixture {n} does not serialize back to the stored bytes"
        );
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} stored snapshots found");
}
