//! Mätäpesä's rule of thumb for the `normal` computer player and a search's playouts: shed high
//! cards while tricks remain (winning an early trick costs nothing), keep the low ones for the
//! end, and play the lowest card in the last two tricks.

use rand::RngCore;

use super::{Action, Matapesa, View};
use crate::rules::Heuristic;

impl Heuristic for Matapesa {
    fn heuristic(view: &View, legal: &[Action], _rng: &mut dyn RngCore) -> usize {
        let rank = |a: &Action| match *a {
            Action::Play(c) => c.rank(),
        };
        let by_rank = (0..legal.len()).map(|i| (rank(&legal[i]), i));
        let pick = if view.tricks_left > 2 {
            by_rank.max()
        } else {
            by_rank.min()
        };
        pick.map_or(0, |(_, i)| i)
    }
}
