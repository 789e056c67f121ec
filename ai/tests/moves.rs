//! The bots' moves over many states of every game: always one of the real state's legal
//! moves, the same for the same seed, and cut short by the caller's deadline.
//! `AI_TEST_STATES` sets the states checked per game (default 12).

use ai::{choose, choose_dyn, decide, search, Budget, Level};
use rand::{Rng, SeedableRng};
use rules::dynamic::Register;
use rules::playout::random_action;
use rules::{Game, Seat};

const TINY: Budget = Budget {
    iterations: 24,
    playout_depth: 10,
    guided_percent: 50,
    rules_in_tree: None,
};

fn states_per_game() -> usize {
    std::env::var("AI_TEST_STATES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12)
}

fn never() -> bool {
    false
}

/// Random reachable states of `G` with `players` seats: a random game cut at random points,
/// with the seat to move.
fn sample_states<G: Game>(players: usize, count: usize, seed: u64) -> Vec<(G, Seat)> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut game_seed = seed;
    while out.len() < count {
        game_seed += 1;
        let mut game = G::new(players, &G::Options::default(), game_seed).unwrap();
        let cut = rng.gen_range(0..400);
        let mut moves = 0;
        while !game.is_over() && moves < cut {
            let (seat, action) = random_action(&game, &mut rng).expect("a legal move");
            game.apply(seat, &action).unwrap();
            moves += 1;
        }
        if let Some(seat) = game.awaiting().into_iter().min() {
            out.push((game, seat));
        }
    }
    out
}

fn check_legal_moves<G: Game>(players: usize) {
    for (n, (state, seat)) in sample_states::<G>(players, states_per_game(), 7)
        .into_iter()
        .enumerate()
    {
        let legal = state.legal_actions(seat);
        let seed = n as u64;
        let d = search(&state, seat, &TINY, seed, &never).expect("a move");
        assert!(
            d.index < legal.len(),
            "{}: index {} of {}",
            G::ID,
            d.index,
            legal.len()
        );
        assert!((0.0..=1.0).contains(&d.expected));
        let mut after = state.clone();
        after
            .apply(seat, &legal[d.index])
            .unwrap_or_else(|e| panic!("{}: `{}` refused: {e}", G::ID, legal[d.index]));
        for level in [Level::Random, Level::Auto] {
            let i = choose(&state, seat, level, seed, &never).unwrap();
            assert!(i < legal.len(), "{} {level}: {i} of {}", G::ID, legal.len());
        }
        // A seat with nothing to do gets no move.
        if let Some(idle) = (0..players).find(|s| state.legal_actions(*s).is_empty()) {
            assert_eq!(search(&state, idle, &TINY, seed, &never), None);
        }
    }
}

#[test]
fn palazzo_moves_are_legal() {
    check_legal_moves::<rules::palazzo::Palazzo>(3);
}

#[test]
fn villa_moves_are_legal() {
    check_legal_moves::<rules::villa::Villa>(2);
}

#[test]
fn estates_moves_are_legal() {
    check_legal_moves::<rules::estates::Estates>(3);
}

#[test]
fn princes_moves_are_legal() {
    check_legal_moves::<rules::princes::Princes>(3);
}

fn check_same_seed_same_move<G: Game + Register>(players: usize) {
    for (state, seat) in sample_states::<G>(players, 3, 99) {
        let a = search(&state, seat, &TINY, 5, &never).unwrap();
        let b = search(&state, seat, &TINY, 5, &never).unwrap();
        assert_eq!(a, b, "{}", G::ID);
        // The type-erased entry decides exactly as the typed one.
        let boxed: Box<dyn rules::DynGame> =
            (G::kind().restore)(&rules::dynamic::encode_snapshot(&state)).unwrap();
        let text = choose_dyn(boxed.as_ref(), seat, Level::Easy, 5, &never).unwrap();
        let typed = choose(&state, seat, Level::Easy, 5, &never).unwrap();
        assert_eq!(text, Some(state.legal_actions(seat)[typed].to_string()));
    }
}

/// Villa Paletti searches as recorded before its engine was sped up (at `f808183`):
/// the same move, iterations and mean reward to the bit, so the faster engine plays the
/// same moves and draws the same chances in every iteration.
#[test]
fn villa_searches_decide_as_recorded_before_the_engine_sped_up() {
    let budget = Budget {
        iterations: 120,
        playout_depth: 20,
        guided_percent: 0,
        rules_in_tree: None,
    };
    // (players, state number): (index, iterations, expected's bits).
    type Recorded = ((usize, usize), (usize, u32, u64));
    let recorded: [Recorded; 12] = [
        ((2, 0), (2, 120, 0x3fd821ff7299bbfe)),
        ((2, 1), (48, 120, 0x3ff0000000000000)),
        ((2, 2), (0, 120, 0x3fe15182a9930bde)),
        ((2, 3), (101, 120, 0x3ff0000000000000)),
        ((2, 4), (0, 120, 0x3fd8a0b5dc49cc0e)),
        ((2, 5), (4, 120, 0x3fd8792b828796c5)),
        ((2, 6), (2, 120, 0x3fd6f2cd0d3eeafe)),
        ((2, 7), (16, 120, 0x3ff0000000000000)),
        ((3, 0), (1, 120, 0x3fd2c08eb16b8556)),
        ((3, 1), (3, 120, 0x3fc1dec0d4c77b04)),
        ((3, 2), (1, 120, 0x3fd8888888888888)),
        ((3, 3), (34, 120, 0x3fc3333333333334)),
    ];
    for players in [2, 3] {
        let states = sample_states::<rules::villa::Villa>(players, 8, 55);
        for ((p, n), want) in recorded.iter().filter(|((p, _), _)| *p == players) {
            let (state, seat) = &states[*n];
            let d = search(state, *seat, &budget, *n as u64, &never).expect("a move");
            let got = (d.index, d.iterations, d.expected.to_bits());
            assert_eq!(got, *want, "{p} players, state {n}");
        }
    }
}

#[test]
fn same_seed_same_move_in_every_game() {
    check_same_seed_same_move::<rules::palazzo::Palazzo>(3);
    check_same_seed_same_move::<rules::villa::Villa>(2);
    check_same_seed_same_move::<rules::estates::Estates>(3);
    check_same_seed_same_move::<rules::princes::Princes>(4);
}

#[test]
fn the_deadline_stops_the_search_with_a_legal_move() {
    let (state, seat) = sample_states::<rules::palazzo::Palazzo>(3, 1, 3).remove(0);
    let legal = state.legal_actions(seat);
    let calls = std::cell::Cell::new(0);
    let stop = || {
        calls.set(calls.get() + 1);
        calls.get() > 5
    };
    let d = decide(&state, seat, Level::Hard, 1, &stop).unwrap();
    assert!(d.index < legal.len());
    if legal.len() > 1 {
        assert!(d.stopped, "{d:?}");
        assert_eq!(d.iterations, 5);
    }
    let at_once = search(&state, seat, &Level::HARD, 1, &|| true).unwrap();
    assert!(at_once.index < legal.len());
}

#[test]
fn levels_read_back_from_their_names() {
    for level in Level::ALL {
        assert_eq!(Level::parse(&level.to_string()), Some(level));
    }
    assert_eq!(Level::parse(" Normal "), Some(Level::Normal));
    assert_eq!(Level::parse("expert"), None);
    assert!(Level::Easy.budget().unwrap().iterations < Level::Normal.budget().unwrap().iterations);
    assert!(Level::Normal.budget().unwrap().iterations < Level::Hard.budget().unwrap().iterations);
    assert_eq!(Level::Random.budget(), None);
}

#[test]
fn each_game_gets_its_playout_style_at_every_searching_level() {
    use ai::{PLAYOUT_STYLES, TO_THE_END};
    for level in [Level::Easy, Level::Normal, Level::Hard] {
        let own = level.budget().unwrap();
        let palazzo = level.budget_for("palazzo").unwrap();
        assert_eq!(palazzo.iterations, own.iterations);
        assert_eq!(
            (palazzo.playout_depth, palazzo.guided_percent),
            (TO_THE_END, 80)
        );
        // A game without a style plays the level's own budget.
        assert_eq!(level.budget_for("villa"), Some(own));
        // Only hard's tree plays the rules of thumb (where the game allows it).
        assert_eq!(own.rules_in_tree.is_some(), level == Level::Hard, "{level}");
    }
    assert_eq!(
        Level::Hard.budget().unwrap().rules_in_tree.map(|r| r.craft),
        Some(Level::Hard.craft())
    );
    assert_eq!(Level::Auto.budget_for("palazzo"), None);
    // The Princes' and The Estates' hard seats think longer; their easy and normal seats
    // do not.
    for (game, hard) in [("estates", 27_000), ("princes", 20_000)] {
        assert_eq!(
            Level::Hard.budget_for(game).unwrap().iterations,
            hard,
            "{game}"
        );
        for level in [Level::Easy, Level::Normal] {
            let own = level.budget().unwrap().iterations;
            assert_eq!(level.budget_for(game).unwrap().iterations, own, "{game}");
        }
    }
    for style in PLAYOUT_STYLES {
        assert!(rules::catalog::find(style.game).is_some(), "{}", style.game);
        assert!(style.guided_percent <= 100);
    }
}

/// Guided playouts (the game's own policy) still give legal moves, and the same seed the
/// same move.
#[test]
fn guided_playouts_keep_moves_legal_and_seeded() {
    let guided = Budget {
        guided_percent: 100,
        ..TINY
    };
    for (state, seat) in sample_states::<rules::palazzo::Palazzo>(3, 3, 7) {
        let a = search(&state, seat, &guided, 11, &|| false).unwrap();
        let b = search(&state, seat, &guided, 11, &|| false).unwrap();
        assert_eq!(a, b);
        assert!(a.index < state.legal_actions(seat).len());
    }
}

/// A game's rule of thumb reads only what the seat may know: on states the seat cannot
/// tell from the real one (`determinize`) it names the same move for the same reason. The
/// move is legal, and `decide` plays it at every searching level without searching.
/// Returns how many of the states had a rule of thumb.
fn check_rule_of_thumb<G: Game>(players: usize, states: usize) -> usize {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut fired = 0;
    for (state, seat) in sample_states::<G>(players, states, 21) {
        let legal = state.legal_actions(seat);
        let common = state.rule_of_thumb(seat, &legal, rules::Craft::Common);
        for craft in [rules::Craft::Common, rules::Craft::Expert] {
            let thumb = state.rule_of_thumb(seat, &legal, craft);
            // The one expert rule (Villa's) is for three players and more: at two the
            // crafts agree, and the common craft's reading check stands for both.
            let mut reads = 3;
            if craft == rules::Craft::Expert && players == 2 {
                assert_eq!(thumb, common, "{}: the crafts differ at two players", G::ID);
                reads = 0;
            }
            for _ in 0..reads {
                let mut r = rules::engine::rng_from_seed(rng.gen());
                let sampled = state.determinize(seat, &mut r);
                let again = sampled.rule_of_thumb(seat, &sampled.legal_actions(seat), craft);
                assert_eq!(again, thumb, "{}: the rule read a hidden fact", G::ID);
            }
            let Some(thumb) = thumb else { continue };
            fired += 1;
            state
                .clone()
                .apply(seat, &legal[thumb.index])
                .unwrap_or_else(|e| panic!("{}: `{}` refused: {e}", G::ID, legal[thumb.index]));
            for level in [Level::Easy, Level::Normal, Level::Hard] {
                if level.craft() != craft {
                    continue;
                }
                let d = decide(&state, seat, level, 1, &never).unwrap();
                assert_eq!(
                    (d.index, d.iterations, d.rule.as_ref()),
                    (thumb.index, 0, Some(&thumb.why))
                );
            }
        }
    }
    fired
}

#[test]
fn rules_of_thumb_read_only_the_seats_knowledge() {
    assert!(check_rule_of_thumb::<rules::villa::Villa>(2, 60) > 0);
    assert!(check_rule_of_thumb::<rules::villa::Villa>(3, 30) > 0);
    // The other games leave every move to the search.
    assert_eq!(check_rule_of_thumb::<rules::palazzo::Palazzo>(3, 4), 0);
    assert_eq!(check_rule_of_thumb::<rules::estates::Estates>(3, 4), 0);
    assert_eq!(check_rule_of_thumb::<rules::princes::Princes>(3, 4), 0);
}

/// Villa with one more hidden fact, a number only the game knows, and a careless rule of
/// thumb that reads it: the rule must never see the real number, only one drawn from
/// what the seat knows ([`Game::determinize`]), so it cannot change the bot's move.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Peeking {
    villa: rules::villa::Villa,
    secret: u64,
}

type V = rules::villa::Villa;

impl Game for Peeking {
    const ID: &'static str = "peeking";
    const TITLE: &'static str = "Villa with a secret (test)";
    const PLAYERS: (usize, usize) = V::PLAYERS;
    type Options = <V as Game>::Options;
    type Action = <V as Game>::Action;
    type Event = <V as Game>::Event;
    type Error = <V as Game>::Error;
    type PublicView = <V as Game>::PublicView;
    type PrivateView = <V as Game>::PrivateView;

    fn new(
        players: usize,
        options: &Self::Options,
        seed: u64,
    ) -> Result<Self, rules::engine::SetupError> {
        let villa = V::new(players, options, seed)?;
        Ok(Peeking { villa, secret: 0 })
    }
    fn apply(&mut self, seat: Seat, a: &Self::Action) -> Result<Vec<Self::Event>, Self::Error> {
        self.villa.apply(seat, a)
    }
    fn awaiting(&self) -> Vec<Seat> {
        self.villa.awaiting()
    }
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action> {
        self.villa.legal_actions(seat)
    }
    fn parse_action(
        &self,
        seat: Seat,
        text: &str,
    ) -> Result<Self::Action, rules::engine::ParseError> {
        self.villa.parse_action(seat, text)
    }
    fn public_view(&self) -> Self::PublicView {
        self.villa.public_view()
    }
    fn private_view(&self, seat: Seat) -> Self::PrivateView {
        self.villa.private_view(seat)
    }
    fn is_over(&self) -> bool {
        self.villa.is_over()
    }
    fn outcome(&self) -> Option<rules::Outcome> {
        self.villa.outcome()
    }
    fn absent_move(
        public: &Self::PublicView,
        private: &Self::PrivateView,
        seat: Seat,
        legal: &[Self::Action],
        absent: rules::Absent,
    ) -> Option<usize> {
        V::absent_move(public, private, seat, legal, absent)
    }
    /// Careless on purpose: the move is picked by the hidden number.
    fn rule_of_thumb(
        &self,
        _seat: Seat,
        legal: &[Self::Action],
        _craft: rules::Craft,
    ) -> Option<rules::Thumb> {
        Some(rules::Thumb {
            index: (self.secret as usize) % legal.len().max(1),
            why: rules::Phrase::new("peeking"),
        })
    }
    fn determinize(&self, seat: Seat, rng: &mut rules::engine::GameRng) -> Self {
        Peeking {
            villa: self.villa.determinize(seat, rng),
            secret: rng.gen(),
        }
    }
    fn undoable(before: &Self, seat: Seat, action: &Self::Action, after: &Self) -> bool {
        V::undoable(&before.villa, seat, action, &after.villa)
    }
    fn render_public(view: &Self::PublicView, names: &[String], say: &dyn rules::Say) -> String {
        V::render_public(view, names, say)
    }
    fn render_private(view: &Self::PrivateView, names: &[String], say: &dyn rules::Say) -> String {
        V::render_private(view, names, say)
    }
    fn rules_text() -> &'static str {
        V::rules_text()
    }
    fn command_help() -> &'static [rules::engine::CommandHelp] {
        V::command_help()
    }
}

#[test]
fn a_rule_of_thumb_sees_the_seats_knowledge_not_the_real_state() {
    let mut moves_seen = std::collections::BTreeSet::new();
    for seed in 0..16 {
        let villa = V::new(2, &Default::default(), seed).unwrap();
        let seat = villa.awaiting()[0];
        assert!(villa.legal_actions(seat).len() >= 2);
        let moves: Vec<_> = (0..4)
            .map(|secret| {
                let game = Peeking {
                    villa: villa.clone(),
                    secret,
                };
                decide(&game, seat, Level::Normal, seed, &never).unwrap()
            })
            .collect();
        for d in &moves {
            assert_eq!(d.rule, Some(rules::Phrase::new("peeking")));
            // Whatever the hidden number, the same move: the rule never read it.
            assert_eq!(
                d.index, moves[0].index,
                "seed {seed}: the rule read a secret"
            );
        }
        moves_seen.insert(moves[0].index);
    }
    // The rule does follow the number it is handed (one drawn per seed).
    assert!(moves_seen.len() > 1, "{moves_seen:?}");
}

#[path = "support/dare.rs"]
mod dare;

/// With rules in the tree, the seats below the root play their rules of thumb there: the
/// others the common rules, the searching seat its own craft's. In "Dare" seat 0 dares
/// only when it expects the dare to be missed (the others' common rule) and then its own
/// win to be taken (the expert rule); searched alone, seat 1 punishes every dare.
#[test]
fn the_tree_plays_each_seats_rules_of_thumb_where_asked() {
    let opening = |rules_in_tree: Option<(rules::Craft, u8)>| {
        let budget = Budget {
            iterations: 400,
            playout_depth: 10,
            guided_percent: 0,
            rules_in_tree: rules_in_tree.map(|(craft, others_percent)| ai::TreeRules {
                craft,
                others_percent,
            }),
        };
        let game = dare::Dare::default();
        (0..8)
            .map(|seed| {
                let d = search(&game, 0, &budget, seed, &never).unwrap();
                game.legal_actions(0)[d.index]
            })
            .collect::<Vec<u32>>()
    };
    // Searched alone: the dare is punished, so the safe opening.
    assert_eq!(opening(None), vec![1; 8]);
    // The common craft: missed, but the bot would then drop its own win.
    assert_eq!(opening(Some((rules::Craft::Common, 100))), vec![1; 8]);
    // The expert craft: the other seat still plays the common rule and misses.
    assert_eq!(opening(Some((rules::Craft::Expert, 100))), vec![2; 8]);
    // …but only if it plays by the rules: never, and it punishes again; in nine samples
    // of ten, the dare is mostly missed.
    assert_eq!(opening(Some((rules::Craft::Expert, 0))), vec![1; 8]);
    assert_eq!(opening(Some((rules::Craft::Expert, 90))), vec![2; 8]);
}

/// Villa lets a search play the rules in its tree at three or more players only (at two
/// they weigh every column's moves, too dear at every node): at two, hard's tree decides
/// to the bit as the plain search; at three, some searches change.
#[test]
fn villa_plays_the_rules_in_the_tree_at_three_or_more_players_only() {
    let plain = Budget {
        iterations: 120,
        playout_depth: 20,
        guided_percent: 0,
        rules_in_tree: None,
    };
    let ruled = Budget {
        rules_in_tree: Level::Hard.budget().unwrap().rules_in_tree,
        ..plain
    };
    let mut changed = 0;
    for players in [2, 3] {
        for (state, seat) in sample_states::<V>(players, 8, 5) {
            let a = search(&state, seat, &plain, 3, &never).unwrap();
            let b = search(&state, seat, &ruled, 3, &never).unwrap();
            if players == 2 {
                assert_eq!(a, b, "two players: the plain search");
            } else if a != b {
                changed += 1;
            }
        }
    }
    assert!(
        changed > 0,
        "no three-player search played a rule in its tree"
    );
}
