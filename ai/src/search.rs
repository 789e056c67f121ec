//! Single-observer Information-Set MCTS (Cowling, Powley & Whitehouse 2012, SO-ISMCTS)
//! with availability counts, generic over any [`Game`].
//!
//! Every iteration samples one full state the searching seat cannot tell from the real
//! one ([`Game::determinize`]), then walks one tree whose nodes are the sequences of
//! moves seen from that seat: an edge is "this seat played this action" (actions compared
//! with `==`), never a hidden fact. A child's UCB term counts how often its action was
//! *available* when its parent was visited, not the parent's visits, because an action
//! can be legal in some samples only (the paper's fix for subset-armed bandits).

use crate::reward::{reward_from_estimate, reward_from_outcome};
use rand::seq::SliceRandom;
use rand::Rng;
use rules::engine::{rng_from_seed, GameRng};
use rules::{Craft, Game, Phrase, Seat};

/// How much a search may do: its iterations and how deep each playout goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Determinize–select–expand–playout–backpropagate rounds.
    pub iterations: u32,
    /// Moves a playout plays past the tree before it is cut and scored by
    /// [`Game::score_estimate`] (a finished game is scored by its outcome).
    pub playout_depth: u32,
    /// Percent of playout moves taken from the game's own default policy
    /// ([`Absent::Auto`], from the mover's views) instead of uniformly at random: random
    /// play is a poor model of opponents in games whose moves are mostly blunders.
    pub guided_percent: u8,
    /// Where the game has a rule of thumb for a spot inside the tree, that spot's mover
    /// may play it there instead of a searched move (see [`TreeRules`]). Only where the
    /// game allows it ([`Game::rules_of_thumb_in_search`]); `None`: every spot is searched.
    pub rules_in_tree: Option<TreeRules>,
}

/// Which seats play their rules of thumb inside a search tree: the searching seat always
/// (it will), with its own craft; each other seat, with the common rules, in a share of
/// the samples (drawn per seat and iteration, like a hidden fact): a careful player follows
/// the rules, a careless one does not, and the searcher cannot tell which it faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeRules {
    /// The rules the searching seat knows.
    pub craft: Craft,
    /// Percent of the samples in which each other seat plays by the rules (100: always).
    pub others_percent: u8,
}

impl TreeRules {
    /// Does `actor` play by the rules in the sample whose draw is `draw`? One byte of the
    /// draw per seat (seats beyond eight share bytes).
    fn plays_by_rule(&self, draw: u64, seat: Seat, actor: Seat) -> bool {
        let byte = (draw >> (8 * (actor % 8))) & 0xff;
        actor == seat || byte * 100 < u64::from(self.others_percent) * 256
    }
}

/// What a search decided, and what it cost.
#[derive(Debug, Clone, PartialEq)]
pub struct Decision {
    /// Index into `legal_actions(seat)` of the real state.
    pub index: usize,
    /// Iterations run (below the budget when the caller's deadline stopped the search).
    pub iterations: u32,
    /// The deadline stopped the search before its budget was spent.
    pub stopped: bool,
    /// The chosen move's mean reward for the seat, in `0..=1` (0.5 with no visits):
    /// roughly its win share, for a hint's "why".
    pub expected: f64,
    /// Why, when the move came from the game's rule of thumb ([`Game::rule_of_thumb`])
    /// instead of the search (`iterations` is then 0).
    pub rule: Option<Phrase>,
}

/// The UCB exploration constant (rewards are in `0..=1`).
const EXPLORATION: f64 = 0.7;

struct Node<A> {
    /// Who played the move into this node (unused at the root).
    actor: Seat,
    /// The move into this node (`None` at the root).
    action: Option<A>,
    children: Vec<usize>,
    visits: u32,
    /// How often this node's move was legal when its parent was visited.
    available: u32,
    /// Sum of the rewards of `actor` over the visits.
    reward: f64,
    /// Where this node's move was last found in its parent's legal list: samples mostly
    /// list moves in the same order, so matching children to moves stays linear.
    hint: usize,
    /// The rule of thumb of the seat moving from this node (with [`Budget::rules_in_tree`]),
    /// once asked: that seat, and its rule's move with where it was listed, if any.
    thumb: Option<(Seat, Option<(A, usize)>)>,
}

impl<A> Node<A> {
    fn new(actor: Seat, action: Option<A>) -> Self {
        Node {
            actor,
            action,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
            hint: 0,
            thumb: None,
        }
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.5
        } else {
            self.reward / f64::from(self.visits)
        }
    }
}

/// The seat whose move a node of the tree is: the searching seat at the root when it is
/// awaited, else the lowest awaited seat (several awaited seats move one by one, in seat
/// order). `awaiting` is scratch.
fn actor_of<G: Game>(state: &G, root: Option<Seat>, awaiting: &mut Vec<Seat>) -> Option<Seat> {
    state.awaiting_into(awaiting);
    match root {
        Some(seat) if awaiting.contains(&seat) => Some(seat),
        _ => awaiting.iter().copied().min(),
    }
}

/// Searches `state` for `seat`'s move. `None` when `seat` has no legal action. The
/// result depends only on the state, seat, budget and seed — unless `stop` (the caller's
/// deadline: "time is up") cuts the search short, which it checks before each iteration.
pub fn search<G: Game>(
    state: &G,
    seat: Seat,
    budget: &Budget,
    seed: u64,
    stop: &dyn Fn() -> bool,
) -> Option<Decision> {
    let legal = state.legal_actions(seat);
    if legal.is_empty() {
        return None;
    }
    if legal.len() == 1 {
        return Some(Decision {
            index: 0,
            iterations: 0,
            stopped: false,
            expected: 0.5,
            rule: None,
        });
    }
    let budget = &Budget {
        rules_in_tree: budget
            .rules_in_tree
            .filter(|_| state.rules_of_thumb_in_search()),
        ..*budget
    };
    let mut rng = rng_from_seed(seed);
    let mut tree: Vec<Node<G::Action>> = vec![Node::new(seat, None)];
    let mut iterations = 0;
    let mut stopped = false;
    let mut scratch = Scratch::default();
    while iterations < budget.iterations {
        if stop() {
            stopped = true;
            break;
        }
        iterate(state, seat, budget, &mut tree, &mut rng, &mut scratch);
        iterations += 1;
    }
    // The most visited root move that is legal in the real state (ties: listed first).
    let mut best: Option<(usize, u32, f64)> = None;
    for (i, action) in legal.iter().enumerate() {
        let node = tree[0]
            .children
            .iter()
            .map(|&c| &tree[c])
            .find(|n| n.actor == seat && n.action.as_ref() == Some(action));
        let (visits, mean) = node.map_or((0, 0.5), |n| (n.visits, n.mean()));
        if !matches!(best, Some((_, v, m)) if visits < v || (visits == v && mean <= m)) {
            best = Some((i, visits, mean));
        }
    }
    let (index, _, expected) = best?;
    Some(Decision {
        index,
        iterations,
        stopped,
        expected,
        rule: None,
    })
}

/// Lists a search reuses at every move of every iteration instead of new ones.
struct Scratch<G: Game> {
    seats: Vec<Seat>,
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
    /// The tree walk's: the nodes on the path, which legal moves have a child, the
    /// available children and the untried moves.
    path: Vec<usize>,
    known: Vec<bool>,
    available: Vec<usize>,
    untried: Vec<usize>,
}

impl<G: Game> Default for Scratch<G> {
    fn default() -> Self {
        Scratch {
            seats: Vec::new(),
            legal: Vec::new(),
            events: Vec::new(),
            path: Vec::new(),
            known: Vec::new(),
            available: Vec::new(),
            untried: Vec::new(),
        }
    }
}

/// One ISMCTS iteration: determinize, select down the tree by UCB with availability,
/// expand one untried move, play out, and back the reward up the path.
fn iterate<G: Game>(
    real: &G,
    seat: Seat,
    budget: &Budget,
    tree: &mut Vec<Node<G::Action>>,
    rng: &mut GameRng,
    scratch: &mut Scratch<G>,
) {
    let mut state = real.determinize(seat, rng);
    let mut node = 0;
    let mut path = std::mem::take(&mut scratch.path);
    path.clear();
    path.push(0);
    let mut legal = std::mem::take(&mut scratch.legal);
    let mut root = Some(seat);
    // Which other seats play by the rules in this sample (drawn only when it varies).
    let draw = match budget.rules_in_tree {
        Some(r) if (1..100).contains(&r.others_percent) => rng.gen::<u64>(),
        _ => u64::MAX,
    };
    loop {
        if state.is_over() {
            break;
        }
        let Some(actor) = actor_of(&state, root.take(), &mut scratch.seats) else {
            break;
        };
        state.legal_actions_into(actor, &mut legal);
        if legal.is_empty() {
            break;
        }
        // A rule of thumb for this spot (below the root) allows its move only.
        let only = match budget.rules_in_tree {
            Some(r) if node != 0 && r.plays_by_rule(draw, seat, actor) => {
                thumb_move(&state, seat, r.craft, actor, &legal, &mut tree[node])
            }
            _ => None,
        };
        // Availability: every known child legal in this sample; the untried moves. Each
        // child is looked up where its move was last seen first, then by a scan.
        let known = &mut scratch.known;
        known.clear();
        known.resize(legal.len(), false);
        let available = &mut scratch.available;
        available.clear();
        for k in 0..tree[node].children.len() {
            let c = tree[node].children[k];
            if tree[c].actor != actor {
                continue;
            }
            let Some(action) = tree[c].action.as_ref() else {
                continue;
            };
            let hint = tree[c].hint;
            let at = if legal.get(hint) == Some(action) {
                Some(hint)
            } else {
                legal.iter().position(|a| a == action)
            };
            if let Some(i) = at.filter(|&i| only.is_none_or(|o| o == i)) {
                if !known[i] {
                    known[i] = true;
                    tree[c].hint = i;
                    tree[c].available += 1;
                    available.push(c);
                }
            }
        }
        let untried = &mut scratch.untried;
        untried.clear();
        untried.extend((0..legal.len()).filter(|&i| !known[i] && only.is_none_or(|o| o == i)));
        if let Some(&i) = untried.choose(rng) {
            let action = legal[i].clone();
            if state
                .apply_into(actor, &action, &mut scratch.events)
                .is_err()
            {
                break;
            }
            let child = tree.len();
            let mut fresh = Node::new(actor, Some(action));
            fresh.available = 1;
            fresh.hint = i;
            tree.push(fresh);
            tree[node].children.push(child);
            path.push(child);
            break;
        }
        let Some(child) = select(tree, available) else {
            break;
        };
        let Some(action) = tree[child].action.clone() else {
            break;
        };
        if state
            .apply_into(actor, &action, &mut scratch.events)
            .is_err()
        {
            break;
        }
        node = child;
        path.push(child);
    }
    scratch.legal = legal;
    let reward = playout(&mut state, budget, rng, scratch);
    for &n in &path {
        let node = &mut tree[n];
        node.visits += 1;
        node.reward += reward.get(node.actor).copied().unwrap_or(0.5);
    }
    scratch.path = path;
}

/// The index in `legal` of the move `actor`'s rule of thumb plays at `node`'s spot, if one
/// applies: asked once per node and seat (`seat`, the searcher, with `craft`; the others
/// with the common rules), then found again where it was listed. (A node's spot is the
/// same public spot in every sample; a rule that read a sample's hidden parts would be
/// asked on the first sample only.)
fn thumb_move<G: Game>(
    state: &G,
    seat: Seat,
    craft: Craft,
    actor: Seat,
    legal: &[G::Action],
    node: &mut Node<G::Action>,
) -> Option<usize> {
    let asked = matches!(&node.thumb, Some((s, _)) if *s == actor);
    if !asked {
        let craft = if actor == seat { craft } else { Craft::Common };
        let thumb = state
            .rule_of_thumb(actor, legal, craft)
            .filter(|t| t.index < legal.len())
            .map(|t| (legal[t.index].clone(), t.index));
        node.thumb = Some((actor, thumb));
    }
    let (action, hint) = node.thumb.as_ref()?.1.as_ref()?;
    if legal.get(*hint) == Some(action) {
        Some(*hint)
    } else {
        legal.iter().position(|a| a == action)
    }
}

/// The available child with the highest UCB score (mean + exploration over availability).
fn select<A>(tree: &[Node<A>], available: &[usize]) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for &c in available {
        let n = &tree[c];
        let visits = f64::from(n.visits.max(1));
        let score = n.mean() + EXPLORATION * (f64::from(n.available.max(1)).ln() / visits).sqrt();
        if !matches!(best, Some((_, s)) if score <= s) {
            best = Some((c, score));
        }
    }
    best.map(|(c, _)| c)
}

/// Plays legal moves (the lowest awaited seat first; guided by the game's default policy
/// `guided_percent` of the time, else uniformly random) for at most the budget's playout
/// depth, then scores the state: the outcome when over, else the score estimate.
fn playout<G: Game>(
    state: &mut G,
    budget: &Budget,
    rng: &mut GameRng,
    scratch: &mut Scratch<G>,
) -> Vec<f64> {
    let mut moves = 0;
    while !state.is_over() && moves < budget.playout_depth {
        state.awaiting_into(&mut scratch.seats);
        let Some(actor) = scratch.seats.iter().copied().min() else {
            break;
        };
        if budget.guided_percent == 0 {
            // Uniformly random: the engine picks by count (the same draw as indexing
            // the list), without listing every move where it can.
            let picked = state.pick_legal(actor, &mut |n| rng.gen_range(0..n), &mut scratch.legal);
            let Some(action) = picked else {
                break;
            };
            if state
                .apply_into(actor, &action, &mut scratch.events)
                .is_err()
            {
                break;
            }
            moves += 1;
            continue;
        }
        state.legal_actions_into(actor, &mut scratch.legal);
        let legal = &scratch.legal;
        if legal.is_empty() {
            break;
        }
        let guided = budget.guided_percent > 0 && rng.gen_range(0..100u8) < budget.guided_percent;
        let i = guided
            .then(|| state.playout_move(actor, legal))
            .flatten()
            .filter(|&i| i < legal.len())
            .unwrap_or_else(|| rng.gen_range(0..legal.len()));
        if state
            .apply_into(actor, &legal[i], &mut scratch.events)
            .is_err()
        {
            break;
        }
        moves += 1;
    }
    match state.outcome() {
        Some(outcome) => reward_from_outcome(&outcome),
        None => reward_from_estimate(state.score_estimate().as_deref()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::princes::Princes;

    /// A random playout as it ran before engines picked by count: list every legal
    /// move, then draw its index.
    fn listed_playout<G: Game>(state: &mut G, depth: u32, rng: &mut GameRng) {
        let mut moves = 0;
        while !state.is_over() && moves < depth {
            let Some(actor) = state.awaiting().into_iter().min() else {
                break;
            };
            let legal = state.legal_actions(actor);
            if legal.is_empty() {
                break;
            }
            let i = rng.gen_range(0..legal.len());
            state.apply(actor, &legal[i]).expect("a legal move");
            moves += 1;
        }
    }

    #[test]
    fn an_unguided_playout_plays_what_listing_every_move_plays() {
        let budget = Budget {
            iterations: 1,
            playout_depth: 400,
            guided_percent: 0,
            rules_in_tree: None,
        };
        for seed in 0..12 {
            let start = Princes::new(3 + seed as usize % 3, &Default::default(), seed).unwrap();
            let (mut picked, mut listed) = (start.clone(), start);
            let (mut a, mut b) = (rng_from_seed(seed), rng_from_seed(seed));
            playout(&mut picked, &budget, &mut a, &mut Scratch::default());
            listed_playout(&mut listed, budget.playout_depth, &mut b);
            assert!(
                listed.is_over(),
                "seed {seed}: the game ends within the depth"
            );
            assert_eq!(format!("{picked:?}"), format!("{listed:?}"), "seed {seed}");
            assert_eq!(
                a.gen::<u64>(),
                b.gen::<u64>(),
                "the same draws, seed {seed}"
            );
        }
    }
}
