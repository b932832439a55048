//! The arena's `oracle`: the same searches as `hard`, run on the true state — it sees every
//! card. It measures how much of the possible edge `hard` takes, and is for the arena only: it
//! is no `Level`, so no table can seat it, and nothing in `crates/table`, `crates/discord`,
//! `crates/config` or `src/main.rs` names it (`architecture::the_oracle_is_for_the_arena_only`).

use super::decision::{Budget, Root};
use super::search::{self, Search};
use super::Decision;
use pakka_rules::{AnyGame, Seat};

/// The oracle's choice for `seat` in the true state `game`.
pub fn choose(
    game: &dyn AnyGame,
    seat: Seat,
    search: Search,
    seed: u64,
    budget: Budget,
) -> Decision {
    let mut keys = Vec::new();
    game.legal_keys(seat, &mut keys);
    Decision::timed(seed, keys.len(), |rng| {
        if keys.len() <= 1 {
            return (0, 0);
        }
        let horizon = game
            .rollout_horizon()
            .map_or(budget.horizon, |h| h.min(budget.horizon));
        let root = Root {
            seat,
            keys: &keys,
            seats: game.seats(),
            horizon,
            exact: true,
        };
        search::run(search, &root, &mut |_| (game.clone_box(), 1.0), rng, budget)
    })
}
