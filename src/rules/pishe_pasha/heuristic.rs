//! Pishe Pasha's rule of thumb for the `normal` computer player and a search's playouts: play
//! to a foundation when allowed (never a breach), give away whatever fits an opponent (it empties
//! the own piles and fills theirs), call Stop on a breach and take the turn over, and otherwise
//! turn or discard.

use rand::RngCore;

use super::{Action, PishePasha, View};
use crate::rules::Heuristic;

impl Heuristic for PishePasha {
    fn heuristic(_view: &View, legal: &[Action], _rng: &mut dyn RngCore) -> usize {
        let rank = |a: &Action| match a {
            Action::Foundation => 0,
            Action::Give(_) => 1,
            Action::Stop => 2,
            Action::TakeOver => 3,
            Action::Correct => 4,
            _ => 5,
        };
        (0..legal.len())
            .min_by_key(|&i| rank(&legal[i]))
            .unwrap_or(0)
    }
}
