//! The `hard` computer player: a search over states sampled consistently with the seat's
//! observation (`Observation::sample`), never the true state, each weighed by how well it
//! explains what the other seats did (`Heuristic::rule_of_thumb_fit`, policy-based
//! inference). Which search each game runs was chosen by arena results (BENCHMARKS.md,
//! "Computer players"); see `search.rs` for both.

use rand_chacha::ChaCha8Rng;

use super::search::{self, Budget, Root, Search};
use super::Observation;

/// The search `hard` runs in a game, by the arena's results: `hard/flat` against `hard/ismcts`,
/// each against `normal` over the same 100 rotated deals at 1,000 iterations (BENCHMARKS.md).
/// The flat search won or tied in every game measured: IS-MCTS spends its iterations on a tree
/// of the other seats' replies that the samples' differing hands keep shallow, and plays its
/// rule-of-thumb playouts from deeper, fewer states. It stays in the arena (`hard/ismcts`).
pub fn search_for(_game: &str) -> Search {
    Search::Flat
}

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
