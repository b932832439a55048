//! The `hard` computer player: a search over states sampled consistently with the seat's
//! observation (`Observation::sample`), never the true state, each weighed by how well it
//! explains what the other seats did (`Heuristic::rule_of_thumb_fit`, policy-based
//! inference). Which search each game runs is the game's own, chosen by arena results
//! (`Heuristic::search`, BENCHMARKS.md "Computer players"); see `search.rs` for them.

use rand_chacha::ChaCha8Rng;

use super::decision::{Budget, Root};
use super::search::{self, Search};
use super::Observation;

/// How often `hard` expects another seat to stray from its rule of thumb when it weighs a
/// sample by the others' choices: low enough that a sample in which `normal` players would
/// have played otherwise counts for little, high enough that a person's or another search's
/// choices do not rule out the deal they came from (Kop, BENCHMARKS.md issue 31: 0.05 and 0.4
/// did no better).
const STRAYS: f64 = 0.2;

/// Answers the chosen index into the seat's legal actions and the iterations run.
pub(super) fn choose(
    observation: &Observation<'_>,
    search: Search,
    rng: &mut ChaCha8Rng,
    budget: Budget,
) -> (usize, u32) {
    let keys = observation.legal_keys();
    let horizon = observation
        .rollout_horizon()
        .map_or(budget.horizon, |h| h.min(budget.horizon));
    let root = Root {
        seat: observation.seat(),
        keys: &keys,
        seats: observation.seats(),
        horizon,
        exact: false,
    };
    search::run(
        search,
        &root,
        &mut |rng| {
            let sample = observation.sample(rng);
            let weight = sample
                .rule_of_thumb_fit(observation.seat(), STRAYS)
                .unwrap_or(1.0);
            (sample, weight)
        },
        rng,
        budget,
    )
}
