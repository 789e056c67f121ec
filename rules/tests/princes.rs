//! The Princes of Florence: property tests over random games, secrecy, and scenarios
//! driven through `apply`.

use rules::engine::{Audience, Game, GameEvent};
use rules::playout::{check_random_game, random_playout};
use rules::princes::board::{self, Piece, Square, BUILDING_BASE, EMPTY, LANDSCAPE_BASE};
use rules::princes::data::*;
use rules::princes::{
    CardRef, DeckKind, Face, Pending, Phase, Princes, PrincesAction as A, PrincesError,
};
use std::collections::BTreeSet;

fn opts() -> <Princes as Game>::Options {
    Default::default()
}

/// Every card, tile and florin is in exactly one place.
fn invariant(g: &Princes) -> Result<(), String> {
    let n = g.players.len();
    let florins: i64 = g.players.iter().map(|p| p.florins).sum();
    if florins + g.bank != BANK_TOTAL {
        return Err(format!("florins {florins} + bank {} != {BANK_TOTAL}", g.bank));
    }
    for (i, p) in g.players.iter().enumerate() {
        if p.florins < 0 {
            return Err(format!("seat {i} has {} florins", p.florins));
        }
        if p.prestige < 0 {
            return Err(format!("seat {i} has {} prestige", p.prestige));
        }
        if p.builders > MAX_BUILDERS {
            return Err(format!("seat {i} has {} builders", p.builders));
        }
        // The grid agrees with the pieces owned.
        let count = |v: u8| p.grid.iter().filter(|c| **c == v).count();
        if count(1) != PALAZZO.len() {
            return Err("palazzo changed".into());
        }
        for (b, info) in BUILDINGS.iter().enumerate() {
            let owned = p.buildings.iter().filter(|x| usize::from(**x) == b).count();
            if owned > 1 || count(BUILDING_BASE + b as u8) != owned * info.cells.len() {
                return Err(format!("seat {i}: {} cells do not match", info.name));
            }
        }
        for (l, info) in LANDSCAPES.iter().enumerate() {
            if count(LANDSCAPE_BASE + l as u8) != usize::from(p.landscapes[l]) * info.cells.len() {
                return Err(format!("seat {i}: {} cells do not match", info.name));
            }
        }
        let _ = EMPTY;
    }
    // Professions 1..=21 exactly once.
    let mut profs: Vec<u8> = g.profession_deck.clone();
    let mut recruits = usize::from(g.recruiting_supply);
    let mut bonus: Vec<u8> = g.bonus_deck.clone();
    bonus.extend(&g.bonus_played);
    let mut prestige: Vec<u8> = g.prestige_deck.clone();
    for p in &g.players {
        profs.extend(&p.hand);
        recruits += usize::from(p.recruits);
        for f in &p.display {
            match f {
                Face::Profession(x) => profs.push(*x),
                Face::Recruit => recruits += 1,
            }
        }
        bonus.extend(&p.bonus);
        prestige.extend(&p.prestige_cards);
    }
    if let Phase::Setup { dealt } = &g.phase {
        for d in dealt {
            profs.extend(d);
        }
    }
    let mut placing = [0u8; 3];
    match &g.pending {
        Some(Pending::Look { deck, cards, .. }) => match deck {
            DeckKind::Profession => profs.extend(cards),
            DeckKind::Bonus => bonus.extend(cards),
            DeckKind::Prestige => prestige.extend(cards),
        },
        Some(Pending::Place { landscape, .. }) => placing[usize::from(*landscape)] += 1,
        _ => {}
    }
    let check = |name: &str, mut v: Vec<u8>, max: u8| {
        v.sort_unstable();
        if v != (1..=max).collect::<Vec<u8>>() {
            return Err(format!("{name} cards out of place: {v:?}"));
        }
        Ok(())
    };
    check("profession", profs, 21)?;
    check("bonus", bonus, 20)?;
    check("prestige", prestige, 14)?;
    if recruits != usize::from(RECRUITING_CARDS) {
        return Err(format!("{recruits} recruiting cards"));
    }
    for l in 0..3 {
        let owned: u32 = g.players.iter().map(|p| u32::from(p.landscapes[l])).sum();
        if owned + u32::from(g.landscape_supply[l]) + u32::from(placing[l]) != u32::from(LANDSCAPE_SUPPLY) {
            return Err(format!("landscape {l} count off"));
        }
    }
    let jesters: u32 = g.players.iter().map(|p| u32::from(p.jesters)).sum();
    if jesters + u32::from(g.jester_supply) != u32::from(JESTER_SUPPLY) {
        return Err("jesters off".into());
    }
    let builders: u32 = g.players.iter().map(|p| u32::from(p.builders)).sum();
    if builders + u32::from(g.builder_supply) != u32::from(BUILDER_SUPPLY) {
        return Err("builders off".into());
    }
    for b in 0..10u8 {
        let owned = g.players.iter().filter(|p| p.buildings.contains(&b)).count();
        if owned + usize::from(g.building_supply[usize::from(b)]) != usize::from(COPIES_PER_BUILDING) {
            return Err(format!("building {b} count off"));
        }
    }
    for f in 0..3 {
        let owned = g.players.iter().filter(|p| p.freedoms[f]).count();
        if owned + usize::from(g.freedom_supply[f]) != n - 1 {
            return Err(format!("freedom {f} count off"));
        }
    }
    if g.round > ROUNDS {
        return Err(format!("round {}", g.round));
    }
    Ok(())
}

#[test]
fn random_games_keep_every_invariant() {
    let seeds = std::env::var("PRINCES_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300u64);
    for players in 3..=5 {
        for seed in 0..seeds {
            let p = check_random_game::<Princes>(players, &opts(), seed, 20_000, invariant)
                .unwrap_or_else(|e| panic!("{players} players: {e}"));
            assert!(p.game.is_over());
            assert_eq!(p.game.round, ROUNDS, "every game ends after round 7");
            let o = p.game.outcome().unwrap();
            assert_eq!(o.results.len(), players);
        }
    }
}
