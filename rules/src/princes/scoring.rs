//! Counting a principality: work values, bonus cards and end-of-game prestige cards.

use super::board::{BUILDING_BASE, EMPTY, LANDSCAPE_BASE};
use super::data::{
    bonus_card, prestige_card, profession, Count, PrestigeRule, Size, BUILDINGS, FOREST, LAKE,
    PARK, PER_CARD, PER_JESTER, PREFERRED_BUILDING, PREFERRED_FREEDOM, PREFERRED_LANDSCAPE,
};
use super::Player;

/// Counts `what` in `p`'s principality (the card being played, if any, is still in hand).
pub fn count(p: &Player, what: Count) -> u32 {
    let landscapes = |l: u8| u32::from(p.landscapes.get(usize::from(l)).copied().unwrap_or(0));
    let size_count = |s: Size| {
        p.buildings
            .iter()
            .filter(|&&b| BUILDINGS.get(usize::from(b)).is_some_and(|i| i.size == s))
            .count() as u32
    };
    let freedoms = p.freedoms.iter().filter(|f| **f).count() as u32;
    let hand = p.hand.len() as u32 + u32::from(p.recruits);
    match what {
        Count::Builders => u32::from(p.builders),
        Count::Jesters => u32::from(p.jesters),
        Count::Forests => landscapes(FOREST),
        Count::Lakes => landscapes(LAKE),
        Count::Parks => landscapes(PARK),
        Count::LandscapeTiles => landscapes(FOREST) + landscapes(LAKE) + landscapes(PARK),
        Count::LandscapeTypes => p.landscapes.iter().filter(|n| **n > 0).count() as u32,
        Count::Buildings => p.buildings.len() as u32,
        Count::LargeBuildings => size_count(Size::Large),
        Count::MediumBuildings => size_count(Size::Medium),
        Count::SmallBuildings => size_count(Size::Small),
        Count::BuildingSizes => [Size::Large, Size::Medium, Size::Small]
            .into_iter()
            .filter(|s| size_count(*s) > 0)
            .count() as u32,
        Count::Freedoms => freedoms,
        Count::PrestigeCards => p.prestige_cards.len() as u32,
        Count::Categories => {
            let present = [
                landscapes(FOREST) > 0,
                landscapes(LAKE) > 0,
                landscapes(PARK) > 0,
                p.jesters > 0,
                p.builders > 0,
                !p.prestige_cards.is_empty(),
                freedoms > 0,
            ];
            present.iter().filter(|x| **x).count() as u32
        }
        Count::HandCardsExceptPlayed => hand.saturating_sub(1),
        Count::DisplayCardsWithPlayed => p.display.len() as u32 + 1,
        Count::Works => p.works,
        Count::EmptySquares => p.grid.iter().filter(|c| **c == EMPTY).count() as u32,
    }
}

/// The work value of `prof` (still in `p`'s hand) without bonus cards.
pub fn base_value(p: &Player, prof: u8) -> u32 {
    let Some(card) = profession(prof) else {
        return 0;
    };
    let mut v = 0;
    if p.buildings.contains(&card.building) {
        v += PREFERRED_BUILDING;
    }
    if p.landscapes
        .get(usize::from(card.landscape))
        .copied()
        .unwrap_or(0)
        > 0
    {
        v += PREFERRED_LANDSCAPE;
    }
    if p.freedoms
        .get(usize::from(card.freedom))
        .copied()
        .unwrap_or(false)
    {
        v += PREFERRED_FREEDOM;
    }
    v += PER_JESTER * u32::from(p.jesters);
    v += PER_CARD * (p.hand.len() as u32 + u32::from(p.recruits) + p.display.len() as u32);
    v
}

/// What bonus card `id` adds to a work completed now by `p`.
pub fn bonus_value(p: &Player, id: u8) -> u32 {
    bonus_card(id).map_or(0, |c| {
        c.terms
            .iter()
            .map(|(what, per)| per * count(p, *what))
            .sum()
    })
}

/// The full work value with these bonus cards played.
pub fn work_value(p: &Player, prof: u8, bonus: &[u8]) -> u32 {
    base_value(p, prof) + bonus.iter().map(|b| bonus_value(p, *b)).sum::<u32>()
}

/// What prestige card `id` held by seat `holder` scores at the end, given all players.
pub fn prestige_card_value(players: &[Player], holder: usize, id: u8) -> i64 {
    let Some(card) = prestige_card(id) else {
        return 0;
    };
    let Some(me) = players.get(holder) else {
        return 0;
    };
    match card.rule {
        PrestigeRule::Most {
            count: what,
            full,
            tied,
        } => {
            let mine = count(me, what);
            if mine == 0 {
                return 0;
            }
            let best_other = players
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != holder)
                .map(|(_, p)| count(p, what))
                .max()
                .unwrap_or(0);
            if mine > best_other {
                full
            } else if mine == best_other {
                tied
            } else {
                0
            }
        }
        PrestigeRule::Fewest {
            count: what,
            full,
            tied,
        } => {
            let mine = count(me, what);
            let best_other = players
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != holder)
                .map(|(_, p)| count(p, what))
                .min()
                .unwrap_or(u32::MAX);
            if mine < best_other {
                full
            } else if mine == best_other {
                tied
            } else {
                0
            }
        }
        PrestigeRule::All { reqs, points } => {
            if reqs.iter().all(|(what, min)| count(me, *what) >= *min) {
                points
            } else {
                0
            }
        }
    }
}

/// True when a grid code is a building.
pub fn is_building(v: u8) -> bool {
    (BUILDING_BASE..LANDSCAPE_BASE).contains(&v)
}
