//! The `hard` computer player: a search over states sampled consistently with the seat's
//! observation (`Observation::sample`), never the true state, each weighed by how well it
//! explains what the other seats did (`Heuristic::rule_of_thumb_fit`, policy-based
//! inference). Which search each game runs was chosen by arena results (BENCHMARKS.md,
//! "Computer players"; `search_for`: the plan for Kop, the flat search elsewhere); see
//! `search.rs` and `plan.rs` for the searches.

use rand_chacha::ChaCha8Rng;

use super::search::{self, Budget, Root, Search};
use super::Observation;

/// The search `hard` runs in a game, by the arena's results (BENCHMARKS.md): `hard/flat`,
/// `hard/ismcts` and `hard/plan`, each against `normal` over the same rotated deals at 1,000
/// iterations. The flat search won or tied IS-MCTS in every game measured: IS-MCTS spends its
/// iterations on a tree of the other seats' replies that the samples' differing hands keep
/// shallow, and plays its rule-of-thumb playouts from deeper, fewer states. The plan, which
/// looks ahead at the seat's own later decisions by what it will know, takes Kop, whose deal
/// is four tricks of at most four cards (0.35 VC a deal against 0.31 for the flat search,
/// issue 31); a longer deal would have too many lines of the seat's own to follow.
pub fn search_for(game: &str) -> Search {
    match game {
        "kop" => Search::Plan,
        _ => Search::Flat,
    }
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
