//! The `hard` computer player: a search over states sampled consistently with the seat's
//! observation (`Observation::sample`), never the true state. Which search each game runs was
//! chosen by arena results (BENCHMARKS.md, "Computer players"); see `search.rs` for both.

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
        &mut |rng| observation.sample(rng),
        rng,
        budget,
    )
}
