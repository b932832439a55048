//! What every search of one decision shares, below the searches themselves (`search.rs`'s flat
//! search and IS-MCTS, `plan.rs`'s plan): the decision (`Root`), where its states come from
//! (`Sampler`), the budget and the clock that counts it (`Budget`, `Clock`), and the playout
//! every search ends a line with (`playout`: every seat's rule of thumb with a little noise).

use std::time::{Duration, Instant};

use rand_chacha::ChaCha8Rng;

use pakka_rules::{AnyGame, Limit, Policy, Seat};

/// A search's budget: it stops at whichever of its iterations and its time runs out first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Sampled playouts per decision.
    pub iterations: u32,
    /// A playout stops after this many actions (or at the end of the deal, or the game's own
    /// `Heuristic::rollout_horizon`).
    pub horizon: u32,
    /// The search stops once this much time has passed.
    pub time_cap: Duration,
}

/// `hard`'s think time per decision at a table unless the operator sets another
/// (`COMPUTER_THINK_MS`): within Discord's patience and the 60 ms median.
pub const DEFAULT_THINK: Duration = Duration::from_millis(50);

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            iterations: 4000,
            horizon: 300,
            time_cap: DEFAULT_THINK,
        }
    }
}

/// The share of random moves in playouts (among the actions `Heuristic::explore` allows); the
/// rest follow the rule of thumb.
const ROLLOUT_NOISE: f64 = 0.1;

/// Answers a state to search and its weight: a sample consistent with the seat's view, weighed
/// by how well it fits what the others did, or the true state with weight 1.
pub(super) type Sampler<'a> = dyn FnMut(&mut ChaCha8Rng) -> (Box<dyn AnyGame>, f64) + 'a;

/// What a search needs to know of the decision: the searching seat, its legal actions' keys in
/// order, the seats at the table and the playout horizon.
pub(super) struct Root<'a> {
    pub seat: Seat,
    pub keys: &'a [u64],
    pub seats: usize,
    pub horizon: u32,
    /// The sampler answers the true state every time (the oracle): one sample is all of them.
    pub exact: bool,
}

/// Counts a search's iterations against its budget.
pub(super) struct Clock {
    pub start: Instant,
    pub budget: Budget,
    iterations: u32,
}

impl Clock {
    /// A clock started now, no iteration run.
    pub fn start(budget: Budget) -> Clock {
        Clock {
            start: Instant::now(),
            budget,
            iterations: 0,
        }
    }

    /// Starts one more iteration and answers its number (from 1), or `None` once the budget's
    /// iterations or time are spent. The time is looked at every 8 iterations: `Instant::now`
    /// is not free next to a short playout.
    pub fn tick(&mut self) -> Option<u32> {
        let out_of_time = self.iterations % 8 == 0 && self.start.elapsed() >= self.budget.time_cap;
        if self.iterations >= self.budget.iterations || out_of_time {
            return None;
        }
        self.iterations += 1;
        Some(self.iterations)
    }

    /// The iterations run so far.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }
}

/// Plays a line out to the end of the deal or `horizon` actions, every seat by its rule of
/// thumb with a little noise (`ROLLOUT_NOISE`).
pub(super) fn playout(game: &mut dyn AnyGame, horizon: u32, rng: &mut ChaCha8Rng) {
    game.rollout(
        // Everyone plays the game's rule of thumb, with a little noise so that samples of one
        // line do not all play out alike.
        Policy::RuleOfThumb {
            noise: ROLLOUT_NOISE,
        },
        Limit {
            actions: horizon,
            within_deal: true,
        },
        rng,
    );
}
