//! Computer players, generic over the rules: `easy` (a uniformly random legal action), `normal`
//! (the game's own rule of thumb, `Heuristic::rule_of_thumb`, in each game's `heuristic.rs`) and
//! `hard` (a search over full states sampled consistently with the seat's view: `hard.rs`,
//! `search.rs`). A computer player is handed an `Observation` — one seat's view and its legal
//! actions — and never the state itself, so it cannot peek at another seat's cards. Decisions
//! are deterministic for a given seed (up to the time budget of `hard`). The arena's `oracle`
//! (`oracle.rs`) runs the same searches on the true state and is no `Level`.

mod decision;
mod hard;
pub mod oracle;
mod plan;
mod search;

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use pakka_rules::{AnyGame, Seat};

pub use decision::{Budget, DEFAULT_THINK};
pub use search::Search;

/// How well a computer player plays.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Easy,
    #[default]
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no level (worded for people by the front end that read it).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// What one seat may know of a game, for a computer player: its legal actions (how many, and
/// their keys; a decision answers a place in the list), the rule of thumb read from its view,
/// and samples. The only way to look at hidden cards is `sample`, which redeals them at random
/// consistently with the view.
pub struct Observation<'a> {
    game: &'a dyn AnyGame,
    seat: Seat,
}

impl<'a> Observation<'a> {
    pub fn new(game: &'a dyn AnyGame, seat: Seat) -> Observation<'a> {
        Observation { game, seat }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn seats(&self) -> usize {
        self.game.seats()
    }

    pub fn legal_len(&self) -> usize {
        self.game.legal_len(self.seat)
    }

    /// A full state consistent with the seat's view, the hidden cards redealt at random.
    pub fn sample(&self, rng: &mut ChaCha8Rng) -> Box<dyn AnyGame> {
        self.game.determinize_box(self.seat, rng)
    }

    /// A key per legal action (`AnyGame::legal_keys`).
    pub fn legal_keys(&self) -> Vec<u64> {
        let mut keys = Vec::new();
        self.game.legal_keys(self.seat, &mut keys);
        keys
    }

    /// The game's id.
    pub fn game_id(&self) -> &'static str {
        self.game.game_id()
    }

    /// The search the game's `hard` player runs (`Heuristic::search`).
    pub fn search(&self) -> Search {
        self.game.search()
    }

    /// How far a search's playouts look ahead in this game (`Game::rollout_horizon`).
    pub fn rollout_horizon(&self) -> Option<u32> {
        self.game.rollout_horizon()
    }

    /// The game's rule-of-thumb choice (computed from the seat's view only).
    fn heuristic(&self, rng: &mut ChaCha8Rng) -> usize {
        self.game.heuristic_index(self.seat, rng)
    }
}

/// A computer player's choice and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Index into the seat's legal actions.
    pub index: usize,
    /// Search iterations used (0 for easy and normal; for the plan, the worlds planned over).
    pub iterations: u32,
    pub elapsed: Duration,
}

impl Decision {
    /// Times `decide`, which gets a generator seeded by `seed` and answers an index into the
    /// `legal` actions and the iterations it ran; the index is kept within the actions.
    pub(crate) fn timed(
        seed: u64,
        legal: usize,
        decide: impl FnOnce(&mut ChaCha8Rng) -> (usize, u32),
    ) -> Decision {
        let start = Instant::now();
        let (index, iterations) = decide(&mut ChaCha8Rng::seed_from_u64(seed));
        Decision {
            index: index.min(legal.saturating_sub(1)),
            iterations,
            elapsed: start.elapsed(),
        }
    }
}

/// Chooses an action for the observed seat at `level`, deterministically for `seed` (hard:
/// unless its wall-clock cap cut the search short).
pub fn choose(observation: &Observation<'_>, level: Level, seed: u64) -> Decision {
    choose_with(observation, level, seed, Budget::default())
}

/// [`choose`] with an explicit search budget for `hard`.
pub fn choose_with(
    observation: &Observation<'_>,
    level: Level,
    seed: u64,
    budget: Budget,
) -> Decision {
    let search = observation.search();
    choose_searching(observation, level, search, seed, budget)
}

/// [`choose_with`] with `hard` running the given search instead of its game's (the arena
/// compares them).
pub fn choose_searching(
    observation: &Observation<'_>,
    level: Level,
    search: Search,
    seed: u64,
    budget: Budget,
) -> Decision {
    let n = observation.legal_len();
    Decision::timed(seed, n, |rng| match (level, n) {
        (_, 0 | 1) => (0, 0),
        (Level::Easy, _) => (rng.random_range(0..n), 0),
        (Level::Normal, _) => (observation.heuristic(rng), 0),
        (Level::Hard, _) => hard::choose(observation, search, rng, budget),
    })
}

/// Cards, the margin's scale in [`margin_reward`]: a margin this large counts three quarters
/// of the way to the whole margin share (tanh 1 ≈ 0.76).
const MARGIN_SCALE: f64 = 10.0;

/// How good the end of a rollout is for `seat`, in 0…1: its place once the game is over, else
/// its share of the score change since `root_scores`, else (no scores) how few cards it holds
/// compared with the others. A game that counts the margin (`Heuristic::margin_share`) blends the place
/// with it: [`margin_reward`].
pub(crate) fn reward(game: &dyn AnyGame, seat: Seat, root_scores: Option<&[i64]>) -> f64 {
    let n = game.seats();
    if n < 2 {
        return 0.5;
    }
    if let Some(share) = game.margin_share() {
        return margin_reward(game, seat, share);
    }
    let status = game.status();
    if let Some(ranking) = &status.ranking {
        let mut below = 0.0;
        let mut seen = 0usize;
        for group in ranking {
            if group.contains(&seat) {
                let tied = (group.len() - 1) as f64;
                below = (n - seen - group.len()) as f64 + 0.5 * tied;
                break;
            }
            seen += group.len();
        }
        return below / (n - 1) as f64;
    }
    let squash = |x: f64, scale: f64| 0.5 + 0.5 * (x / scale).tanh();
    if let (Some(now), Some(root)) = (&status.scores, root_scores) {
        let delta: Vec<f64> = now.iter().zip(root).map(|(a, b)| (a - b) as f64).collect();
        let others = delta
            .iter()
            .enumerate()
            .filter(|&(s, _)| s != seat)
            .map(|(_, d)| d)
            .sum::<f64>()
            / (n - 1) as f64;
        return squash(delta[seat] - others, 8.0);
    }
    squash(cards_margin(game, seat), 5.0)
}

/// How many more cards the other seats hold on average than `seat`.
fn cards_margin(game: &dyn AnyGame, seat: Seat) -> f64 {
    let n = game.seats();
    let held: Vec<f64> = game.hands().iter().map(|h| h.len() as f64).collect();
    let others = held
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(_, h)| h)
        .sum::<f64>()
        / (n - 1) as f64;
    others - held[seat]
}

/// The place blended with the margin in cards, for a game that scores the cards its losers
/// still hold (Pishe Pasha): the margin is how many more cards the others hold on average than
/// `seat` (at the end, the winner holds none, so it is the score). `share` of the reward is the
/// squashed margin, the rest the place; a playout cut short by its horizon has no place yet and
/// is judged by the margin alone.
fn margin_reward(game: &dyn AnyGame, seat: Seat, share: f64) -> f64 {
    let n = game.seats();
    let margin = 0.5 + 0.5 * (cards_margin(game, seat) / MARGIN_SCALE).tanh();
    let Some(ranking) = game.status().ranking else {
        return margin;
    };
    let mut place = 0.5;
    let mut seen = 0usize;
    for group in &ranking {
        if group.contains(&seat) {
            let tied = (group.len() - 1) as f64;
            place = ((n - seen - group.len()) as f64 + 0.5 * tied) / (n - 1) as f64;
            break;
        }
        seen += group.len();
    }
    (1.0 - share) * place + share * margin
}

#[cfg(test)]
mod tests;
