//! The `hard` computer player: determinized Monte Carlo search. Each iteration samples a full
//! state consistent with the seat's view (`Observation::sample`), picks one of the seat's legal
//! actions by UCB1, plays the rest of the deal out with quick rule-of-thumb moves, and scores the end
//! for the seat (`reward`). The action with the best mean wins. Budgeted in iterations with a
//! wall-clock cap; deterministic for a given seed whenever the cap is not reached. Rollouts
//! follow every seat's `Heuristic::heuristic` (with a little noise): a search over random rollouts
//! loses to the rule of thumb it should beat.

use std::time::{Duration, Instant};

use rand_chacha::ChaCha8Rng;

use super::{reward, Observation};
use crate::rules::{Limit, Policy};

/// The search budget of `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Sampled playouts per decision.
    pub iterations: u32,
    /// A rollout stops after this many actions (or at the end of the deal).
    pub horizon: u32,
    /// The search stops early once this much time has passed.
    pub time_cap: Duration,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            iterations: 600,
            horizon: 300,
            time_cap: Duration::from_millis(250),
        }
    }
}

/// UCB1's exploration constant for rewards in 0…1.
const EXPLORE: f64 = 0.7;

/// The share of random moves in rollouts (among the actions `Heuristic::explore` allows); the rest
/// follow `Heuristic::heuristic`.
const ROLLOUT_NOISE: f64 = 0.1;

/// Answers the chosen index into the seat's legal actions and the iterations run.
pub(super) fn search(
    observation: &Observation<'_>,
    rng: &mut ChaCha8Rng,
    budget: Budget,
) -> (usize, u32) {
    let start = Instant::now();
    let seat = observation.seat();
    let arms = observation.legal_len();
    let mut total = vec![0.0f64; arms];
    let mut visits = vec![0u32; arms];
    let mut iterations = 0;
    let horizon = observation
        .rollout_horizon()
        .map_or(budget.horizon, |h| h.min(budget.horizon));
    while iterations < budget.iterations {
        if iterations % 8 == 0 && start.elapsed() >= budget.time_cap {
            break;
        }
        iterations += 1;
        let arm = pick(&total, &visits, iterations);
        let mut game = observation.sample(rng);
        let root = game.status();
        if game.act_index(seat, arm).is_err() {
            // A sample always keeps the seat's legal actions; never reward an impossible arm.
            visits[arm] += 1;
            continue;
        }
        game.rollout(
            // Everyone plays the game's rule of thumb, with a little noise so that samples of
            // one arm do not all play out alike.
            Policy::RuleOfThumb {
                noise: ROLLOUT_NOISE,
            },
            Limit {
                actions: horizon,
                within_deal: true,
            },
            rng,
        );
        total[arm] += reward(game.as_ref(), seat, root.scores.as_deref());
        visits[arm] += 1;
    }
    let best = (0..arms)
        .max_by(|&a, &b| {
            let mean = |i: usize| {
                if visits[i] == 0 {
                    f64::MIN
                } else {
                    total[i] / visits[i] as f64
                }
            };
            mean(a)
                .total_cmp(&mean(b))
                .then(visits[a].cmp(&visits[b]))
                .then(b.cmp(&a))
        })
        .unwrap_or(0);
    (best, iterations)
}

/// UCB1: every arm once, then the best upper confidence bound.
fn pick(total: &[f64], visits: &[u32], iteration: u32) -> usize {
    if let Some(unvisited) = visits.iter().position(|&v| v == 0) {
        return unvisited;
    }
    let log = f64::from(iteration).ln();
    (0..total.len())
        .max_by(|&a, &b| {
            let ucb = |i: usize| {
                total[i] / f64::from(visits[i]) + EXPLORE * (log / f64::from(visits[i])).sqrt()
            };
            ucb(a).total_cmp(&ucb(b))
        })
        .unwrap_or(0)
}
