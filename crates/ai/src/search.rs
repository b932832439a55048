//! The searches behind `hard` and the arena's `oracle`, generic over the rules. Both take a
//! *sampler* — a function that answers a full state to search — and the searching seat:
//! `hard`'s sampler redeals what the seat cannot see (`Observation::sample`), the oracle's
//! answers the true state. Three searches, chosen per game by arena results (`Heuristic::search`):
//! the two below, and the plan of `plan.rs` (the seat's own later decisions looked ahead by what
//! it will know), which runs on the same samples and weights.
//!
//! - **Flat** determinized Monte Carlo: each iteration samples a state, picks one of the seat's
//!   legal actions by UCB1 and plays the deal out; the action with the best mean wins.
//! - **IS-MCTS** (single observer, as OpenSpiel's `ISMCTSBot`): each iteration samples a state
//!   and walks one tree of every seat's decisions, keyed by action (`AnyGame::legal_keys`), so
//!   the same action is one edge in every sample where it is legal. Selection is UCB1 over the
//!   edges legal in this sample, with availability counts in place of the parent's visits;
//!   every seat picks for its own reward, one node is added per iteration, forced moves add
//!   none, and the most visited action of the root is chosen.
//!
//! Each sample comes with a weight, how well it fits what the seat saw the others do
//! (`hard.rs`); both searches average rewards by those weights, so a sample the others' choices
//! make unlikely counts little (importance sampling, in place of redrawing until one fits).
//!
//! Playouts follow every seat's rule of thumb with a little noise (`decision.rs`'s `playout`,
//! which the plan shares with these two, as it shares the budget and its clock) to the end of
//! the deal or the horizon, and are scored by `reward`. The search is anytime: it runs
//! iterations until its budget of iterations or of time is spent, whichever comes first; it is
//! deterministic for a seed whenever the time does not run out first.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::decision::{playout, Budget, Clock, Root, Sampler};
use super::reward;
pub use pakka_rules::Search;
use pakka_rules::Seat;

/// UCB1's exploration constant for rewards in 0…1.
const EXPLORE: f64 = 0.7;

/// Runs `search` and answers the chosen index into the seat's legal actions and the iterations
/// run.
pub(super) fn run(
    search: Search,
    root: &Root<'_>,
    sample: &mut Sampler<'_>,
    rng: &mut ChaCha8Rng,
    budget: Budget,
) -> (usize, u32) {
    let work = Work {
        root,
        sample,
        rng,
        clock: Clock::start(budget),
    };
    match search {
        Search::Flat => flat(work),
        Search::IsMcts => ismcts(work),
        Search::Plan => super::plan::plan(work.root, work.sample, work.rng, work.clock),
    }
}

/// What a search works with: the decision, its samples, its random numbers and its clock.
struct Work<'a, 's> {
    root: &'a Root<'a>,
    sample: &'a mut Sampler<'s>,
    rng: &'a mut ChaCha8Rng,
    clock: Clock,
}

/// Flat Monte Carlo: each of the seat's actions as an arm of a bandit, chosen by UCB1, each
/// pull one sample played out; an arm's value is its rewards' mean weighed by the samples'
/// weights.
fn flat(work: Work<'_, '_>) -> (usize, u32) {
    let (root, sample, rng, mut clock) = (work.root, work.sample, work.rng, work.clock);
    let arms = root.keys.len();
    let mut arm_stats = vec![Mean::default(); arms];
    let mut visits = vec![0u32; arms];
    while let Some(iterations) = clock.tick() {
        let arm = pick(&arm_stats, &visits, iterations);
        let (mut game, weight) = sample(rng);
        let scores = game.status().scores;
        visits[arm] += 1;
        if game.act_index(root.seat, arm).is_err() {
            // A sample always keeps the seat's legal actions; never reward an impossible arm.
            continue;
        }
        playout(game.as_mut(), root.horizon, rng);
        arm_stats[arm].add(reward(game.as_ref(), root.seat, scores.as_deref()), weight);
    }
    let mean = |i: usize| arm_stats[i].value().unwrap_or(f64::MIN);
    let best = (0..arms)
        .max_by(|&a, &b| {
            mean(a)
                .total_cmp(&mean(b))
                .then(visits[a].cmp(&visits[b]))
                .then(b.cmp(&a))
        })
        .unwrap_or(0);
    (best, clock.iterations())
}

/// A mean of rewards weighed by their samples' weights.
#[derive(Clone, Copy, Debug, Default)]
struct Mean {
    total: f64,
    weight: f64,
}

impl Mean {
    fn add(&mut self, reward: f64, weight: f64) {
        self.total += weight * reward;
        self.weight += weight;
    }

    /// The weighed mean; `None` before any sample with weight.
    fn value(&self) -> Option<f64> {
        (self.weight > 0.0).then(|| self.total / self.weight)
    }
}

/// UCB1: every arm once, then the best upper confidence bound (an arm whose samples all
/// weighed nothing counts as worth nothing yet).
fn pick(arms: &[Mean], visits: &[u32], iteration: u32) -> usize {
    if let Some(unvisited) = visits.iter().position(|&v| v == 0) {
        return unvisited;
    }
    let log = f64::from(iteration).ln();
    (0..arms.len())
        .max_by(|&a, &b| {
            let ucb = |i: usize| {
                arms[i].value().unwrap_or(0.0) + EXPLORE * (log / f64::from(visits[i])).sqrt()
            };
            ucb(a).total_cmp(&ucb(b))
        })
        .unwrap_or(0)
}

/// No child node yet.
const LEAF: u32 = u32::MAX;

/// An action of one seat from a node: its statistics for that seat.
#[derive(Clone, Copy, Debug)]
struct Edge {
    seat: Seat,
    key: u64,
    child: u32,
    visits: u32,
    /// The iterations in which this action was legal when the search stood at its node.
    available: u32,
    /// The acting seat's rewards, weighed by their samples' weights.
    reward: Mean,
}

/// Information-set MCTS: one tree over every seat's actions, a fresh sample per iteration.
fn ismcts(work: Work<'_, '_>) -> (usize, u32) {
    let (root, sample, rng, mut clock) = (work.root, work.sample, work.rng, work.clock);
    let mut nodes: Vec<Vec<Edge>> = vec![Vec::new()];
    let mut keys = Vec::new();
    let mut path: Vec<(u32, usize)> = Vec::new();
    let mut rewards = vec![0.0; root.seats];
    while clock.tick().is_some() {
        let (mut game, weight) = sample(rng);
        let scores = game.status().scores;
        let deal = game.deal_number();
        path.clear();
        let mut node = 0u32;
        let mut actions = 0;
        while !game.is_over() && game.deal_number() == deal && actions < root.horizon {
            let to_act = game.to_act();
            let actor = match to_act.len() {
                0 => break,
                1 => to_act[0],
                n => to_act[rng.random_range(0..n)],
            };
            game.legal_keys(actor, &mut keys);
            if keys.len() <= 1 {
                // A forced move decides nothing: it adds no node.
                if keys.is_empty() || game.act_index(actor, 0).is_err() {
                    break;
                }
                actions += 1;
                continue;
            }
            let edges = &mut nodes[node as usize];
            let mut untried = keys.len();
            for edge in edges.iter_mut() {
                if edge.seat == actor && keys.contains(&edge.key) {
                    edge.available += 1;
                    untried -= 1;
                }
            }
            let index = if untried > 0 {
                // Expand one action of this sample not tried from here yet, then play out.
                let k = rng.random_range(0..untried);
                let index = (0..keys.len())
                    .filter(|&i| !edges.iter().any(|e| e.seat == actor && e.key == keys[i]))
                    .nth(k)
                    .unwrap_or(0);
                edges.push(Edge {
                    seat: actor,
                    key: keys[index],
                    child: LEAF,
                    visits: 0,
                    available: 1,
                    reward: Mean::default(),
                });
                path.push((node, edges.len() - 1));
                if game.act_index(actor, index).is_ok() {
                    actions += 1;
                }
                break;
            } else {
                let chosen = edges
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| e.seat == actor && keys.contains(&e.key))
                    .max_by(|(_, a), (_, b)| ucb(a).total_cmp(&ucb(b)))
                    .map(|(i, _)| i)
                    .unwrap_or(0);
                let edge = edges[chosen];
                path.push((node, chosen));
                let index = keys.iter().position(|&k| k == edge.key).unwrap_or(0);
                if edge.child == LEAF {
                    nodes.push(Vec::new());
                    let child = (nodes.len() - 1) as u32;
                    nodes[node as usize][chosen].child = child;
                    node = child;
                } else {
                    node = edge.child;
                }
                index
            };
            if game.act_index(actor, index).is_err() {
                break;
            }
            actions += 1;
        }
        playout(game.as_mut(), root.horizon.saturating_sub(actions), rng);
        for (seat, r) in rewards.iter_mut().enumerate() {
            *r = reward(game.as_ref(), seat, scores.as_deref());
        }
        for &(node, edge) in &path {
            let edge = &mut nodes[node as usize][edge];
            edge.visits += 1;
            edge.reward.add(rewards[edge.seat], weight);
        }
    }
    let best = nodes[0]
        .iter()
        .filter(|e| e.seat == root.seat)
        .max_by(|a, b| {
            a.visits.cmp(&b.visits).then(
                a.reward
                    .value()
                    .unwrap_or(0.0)
                    .total_cmp(&b.reward.value().unwrap_or(0.0)),
            )
        })
        .and_then(|e| root.keys.iter().position(|&k| k == e.key))
        .unwrap_or(0);
    (best, clock.iterations())
}

/// UCB1 with availability: an edge tried in few of the samples where it was legal is explored.
fn ucb(edge: &Edge) -> f64 {
    if edge.visits == 0 {
        return f64::INFINITY;
    }
    let visits = f64::from(edge.visits);
    edge.reward.value().unwrap_or(0.0) + EXPLORE * (f64::from(edge.available).ln() / visits).sqrt()
}

#[cfg(test)]
mod tests {
    //! The search's running mean (`Mean`): each reward weighed by its sample, and a sample that
    //! weighs nothing counting nothing. The computer players over every game are checked in
    //! `tests.rs`.

    use super::Mean;

    #[test]
    fn a_mean_weighs_each_reward_by_its_sample() {
        let mut mean = Mean::default();
        assert_eq!(mean.value(), None);
        mean.add(1.0, 0.0);
        assert_eq!(
            mean.value(),
            None,
            "a sample that weighs nothing counts nothing"
        );
        mean.add(1.0, 3.0);
        mean.add(0.0, 1.0);
        assert_eq!(mean.value(), Some(0.75));
    }
}
