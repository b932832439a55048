//! The `hard` computer player: a search over states sampled consistently with the seat's
//! observation (`Observation::sample`), never the true state. Which search each game runs was
//! chosen by arena results (BENCHMARKS.md, "Computer players"); see `search.rs` for both.

use rand_chacha::ChaCha8Rng;

use super::search::{self, Budget, Root, Search};
use super::Observation;

/// The search `hard` runs in a game, by the arena's results.
pub fn search_for(game: &str) -> Search {
    match game {
        _ => Search::IsMcts,
    }
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
