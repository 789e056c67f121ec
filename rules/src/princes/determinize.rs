//! Determinization of The Princes of Florence: a full state one seat cannot tell apart
//! from the real one, for a search that must not see what the seat cannot see.
//!
//! What a seat cannot see: the other players' profession, bonus and prestige cards in
//! hand (their numbers are public), their four dealt professions during set-up, the cards
//! another player is looking at, the order of the three decks, and the RNG (it only
//! shuffles the profession deck once set-up ends). Money is not hidden in practice: every
//! payment and payout is announced, so florins stay as they are.
//!
//! What a seat knows and keeps: its own cards and looks, every face-up card (displays,
//! bonus cards played, prestige cards revealed at the end), and the cards it put under a
//! deck itself (after a look, or its fourth profession at set-up), position by position,
//! for as long as nobody else has looked at them ([`DeckMemory`], kept by the engine).
//! When another player looks at cards this seat knows, it still knows which of the
//! looked-at cards they are while the look lasts; once that player keeps one, the seat
//! forgets where they went (the kept card is one of them — a disjunction this model does
//! not carry; the cards simply rejoin the unknown pool).
//!
//! Resampling, for each deck's cards: the cards in every place the seat cannot see (the
//! others' hands and dealt cards, the unknown cards of someone else's look, the unknown
//! deck positions) are pooled, sorted, shuffled with the caller's RNG and dealt back to
//! the same places, so each place keeps its size and the result depends only on what
//! the seat knows and that RNG.

use super::state::{DeckKind, Pending, Phase, Princes};
use crate::engine::{rng_from_seed, GameRng, Seat};
use rand::seq::SliceRandom;
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// The three decks, in the order [`DeckMemory::decks`] keeps them.
const DECKS: [DeckKind; 3] = [DeckKind::Profession, DeckKind::Bonus, DeckKind::Prestige];

fn deck_index(deck: DeckKind) -> usize {
    match deck {
        DeckKind::Profession => 0,
        DeckKind::Bonus => 1,
        DeckKind::Prestige => 2,
    }
}

/// What one seat knows of cards face down in the decks: the cards it put there itself,
/// by position (for determinization). A list whose length is not its deck's (a state
/// stored before this record existed) is read as "knows nothing".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckMemory {
    /// Profession, bonus and prestige deck, top first: the card known at each position.
    pub decks: [Vec<Option<u8>>; 3],
    /// The cards someone else is looking at now: the ones this seat knows, by position.
    pub look: Vec<Option<u8>>,
}

impl Princes {
    fn deck(&self, deck: DeckKind) -> &Vec<u8> {
        match deck {
            DeckKind::Profession => &self.profession_deck,
            DeckKind::Bonus => &self.bonus_deck,
            DeckKind::Prestige => &self.prestige_deck,
        }
    }

    /// Gives every seat a record whose lists match the decks (unknown where they did not).
    pub(super) fn sync_memory(&mut self) {
        let n = self.players.len();
        self.memory.resize_with(n, DeckMemory::default);
        let lens = DECKS.map(|d| self.deck(d).len());
        for m in &mut self.memory {
            for (list, len) in m.decks.iter_mut().zip(lens) {
                if list.len() != len {
                    *list = vec![None; len];
                }
            }
        }
    }

    /// Before `cards` go under `deck`, put there by `seat`: only `seat` will know them,
    /// at those positions.
    pub(super) fn remember_under(&mut self, deck: DeckKind, seat: Seat, cards: &[u8]) {
        self.sync_memory();
        let i = deck_index(deck);
        for (s, m) in self.memory.iter_mut().enumerate() {
            if let Some(list) = m.decks.get_mut(i) {
                list.extend(cards.iter().map(|&c| (s == seat).then_some(c)));
            }
            m.look.clear();
        }
    }

    /// Before the top `n` cards of `deck` are taken for `looker` to look at: the others
    /// know those they knew as part of the look; the looker sees them all.
    pub(super) fn remember_look(&mut self, deck: DeckKind, looker: Seat, n: usize) {
        self.sync_memory();
        let i = deck_index(deck);
        for (s, m) in self.memory.iter_mut().enumerate() {
            let Some(list) = m.decks.get_mut(i) else {
                continue;
            };
            let seen: Vec<Option<u8>> = list.drain(..n.min(list.len())).collect();
            m.look = if s == looker { Vec::new() } else { seen };
        }
    }

    /// The profession deck was shuffled: nobody knows any position in it.
    pub(super) fn forget_professions(&mut self) {
        for m in &mut self.memory {
            m.decks[0].clear();
        }
        self.sync_memory();
    }

    /// `seat`'s record if it matches the state, else an empty one (knows nothing).
    fn memory_of(&self, seat: Seat) -> DeckMemory {
        let mut m = self.memory.get(seat).cloned().unwrap_or_default();
        for (list, d) in m.decks.iter_mut().zip(DECKS) {
            if list.len() != self.deck(d).len() {
                *list = vec![None; self.deck(d).len()];
            }
        }
        m
    }

    /// See [`crate::engine::Game::determinize`] and the module comment.
    pub(super) fn determinized(&self, seat: Seat, rng: &mut GameRng) -> Princes {
        let mut state = self.clone();
        let known = self.memory_of(seat);
        let over = self.phase == Phase::Over;
        for deck in DECKS {
            let mut pool = Vec::new();
            state.visit_unknown(seat, deck, &known, over, |c| pool.push(*c));
            pool.sort_unstable();
            pool.shuffle(rng);
            let mut deal = pool.into_iter();
            state.visit_unknown(seat, deck, &known, over, |c| {
                if let Some(x) = deal.next() {
                    *c = x;
                }
            });
        }
        // The others' records would tell where their own returned cards lie.
        for (s, m) in state.memory.iter_mut().enumerate() {
            if s != seat {
                *m = DeckMemory::default();
            }
        }
        state.sync_memory();
        state.rng = rng_from_seed(rng.next_u64());
        state
    }

    /// Calls `f` on every card of `deck` that `seat` cannot see, in a fixed order: the
    /// others' hands (and set-up deals), someone else's look, then the deck top first.
    fn visit_unknown(
        &mut self,
        seat: Seat,
        deck: DeckKind,
        known: &DeckMemory,
        over: bool,
        mut f: impl FnMut(&mut u8),
    ) {
        for (s, p) in self.players.iter_mut().enumerate() {
            if s == seat {
                continue;
            }
            let held = match deck {
                DeckKind::Profession => &mut p.hand,
                DeckKind::Bonus => &mut p.bonus,
                // Revealed and scored at the end.
                DeckKind::Prestige if over => continue,
                DeckKind::Prestige => &mut p.prestige_cards,
            };
            held.iter_mut().for_each(&mut f);
        }
        if let (DeckKind::Profession, Phase::Setup { dealt }) = (deck, &mut self.phase) {
            for (s, d) in dealt.iter_mut().enumerate() {
                if s != seat {
                    d.iter_mut().for_each(&mut f);
                }
            }
        }
        if let Some(Pending::Look {
            seat: looker,
            deck: d,
            cards,
        }) = &mut self.pending
        {
            if *looker != seat && *d == deck {
                let mine = (known.look.len() == cards.len()).then_some(&known.look);
                for (i, c) in cards.iter_mut().enumerate() {
                    if mine.and_then(|m| m.get(i)).copied().flatten().is_none() {
                        f(c);
                    }
                }
            }
        }
        let list = known.decks.get(deck_index(deck));
        let cards = match deck {
            DeckKind::Profession => &mut self.profession_deck,
            DeckKind::Bonus => &mut self.bonus_deck,
            DeckKind::Prestige => &mut self.prestige_deck,
        };
        for (i, c) in cards.iter_mut().enumerate() {
            if list.and_then(|l| l.get(i)).copied().flatten().is_none() {
                f(c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Game;
    use crate::playout::random_action;
    use rand::SeedableRng;

    /// The record is never wrong: at every state of random games, each seat's known deck
    /// positions and known look positions hold the cards it remembers.
    #[test]
    fn the_memory_matches_the_decks() {
        let mut remembered = 0;
        for seed in 0..30u64 {
            let players = 3 + (seed as usize % 3);
            let mut game = Princes::new(players, &Default::default(), seed).expect("setup");
            let mut rng = GameRng::seed_from_u64(seed);
            while !game.is_over() {
                for s in 0..players {
                    let m = game.memory.get(s).expect("a record per seat");
                    for d in DECKS {
                        let list = &m.decks[deck_index(d)];
                        assert_eq!(list.len(), game.deck(d).len(), "seed {seed} seat {s}");
                        for (i, k) in list.iter().enumerate() {
                            if let Some(k) = k {
                                remembered += 1;
                                assert_eq!(Some(k), game.deck(d).get(i), "seed {seed}");
                            }
                        }
                    }
                    if let Some(Pending::Look { cards, .. }) = &game.pending {
                        for (i, k) in m.look.iter().enumerate() {
                            if let Some(k) = k {
                                assert_eq!(Some(k), cards.get(i), "seed {seed} seat {s}");
                            }
                        }
                    }
                }
                let (seat, action) = random_action(&game, &mut rng).expect("a move");
                game.apply(seat, &action).expect("legal");
            }
        }
        assert!(remembered > 100, "few remembered cards: {remembered}");
    }

    /// A snapshot stored before the record existed (binary: it ends where the record
    /// would start; JSON: no such key) still loads, and the record catches up at the
    /// next change of a deck.
    #[test]
    fn a_snapshot_without_the_record_still_loads() {
        use crate::dynamic::{decode_snapshot, encode_snapshot};
        let mut game = Princes::new(4, &Default::default(), 3).expect("setup");
        let mut rng = GameRng::seed_from_u64(3);
        for _ in 0..60 {
            let (seat, action) = random_action(&game, &mut rng).expect("a move");
            game.apply(seat, &action).expect("legal");
        }
        let mut old = game.clone();
        old.memory.clear();
        let bytes = encode_snapshot(&game);
        let tail = postcard::to_allocvec(&game.memory).expect("encodes");
        let cut = bytes.get(..bytes.len() - tail.len()).expect("shorter");
        let mut back: Princes = decode_snapshot(cut).expect("an old binary snapshot loads");
        assert_eq!(encode_snapshot(&back), encode_snapshot(&old));
        let mut v = serde_json::to_value(&game).expect("json");
        v.as_object_mut().map(|o| o.remove("memory"));
        let from_json: Princes = serde_json::from_value(v).expect("old JSON loads");
        assert_eq!(encode_snapshot(&from_json), encode_snapshot(&old));
        let d = back.determinize(0, &mut GameRng::seed_from_u64(1));
        assert_eq!(
            serde_json::to_string(&d.public_view()).ok(),
            serde_json::to_string(&back.public_view()).ok()
        );
        while !back.is_over() {
            let (seat, action) = random_action(&back, &mut rng).expect("a move");
            back.apply(seat, &action).expect("legal");
        }
        assert_eq!(back.memory.len(), 4);
    }
}
