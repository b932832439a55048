//! Mätäpesä's rule of thumb for the `normal` computer player and a search's playouts: shed high
//! cards while tricks remain (winning an early trick costs nothing), keep the low ones for the
//! end, and play the lowest card in the last two tricks. It reads an [`Obs`], what the seat
//! needs of the table, built from the state without allocating.

use super::{Action, Matapesa};
use crate::{Heuristic, Seat};
use pakka_text::msg;

/// A hint's reason in Mätäpesä: one shared by several games, or Mätäpesä's own ([`MatapesaWhy`]).
pub(super) type Why = crate::Why<MatapesaWhy>;

crate::reasons! {
    /// The reasons only Mätäpesä's rule of thumb gives (`Why::Game`), one per branch that chooses,
    /// worded by the catalog (`why-*`).
    pub enum MatapesaWhy {
        /// More than two tricks left: the highest card goes.
        ShedHigh => msg!("why-matapesa-shed-high"),
        /// Two tricks or fewer left: the lowest card.
        LowLate => msg!("why-matapesa-low-late"),
    }
}

/// What the rule of thumb reads of one seat's position: only public counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Obs {
    /// Tricks still to play: the largest hand.
    pub tricks_left: usize,
}

impl Obs {
    pub(super) fn of(game: &Matapesa, _seat: Seat) -> Obs {
        Obs {
            tricks_left: game.hands.iter().map(|h| h.len()).max().unwrap_or(0),
        }
    }
}

impl Heuristic for Matapesa {
    type Reason = MatapesaWhy;

    /// [`decide`] on what the seat sees ([`Obs`]).
    fn decide(&self, seat: Seat, legal: &[Action]) -> Option<(usize, Why)> {
        Some(decide(&Obs::of(self, seat), legal))
    }
}

/// The highest legal rank while more than two tricks remain, else the lowest.
/// The index of the choice in `legal` and why, decided together so that a hint's reason is
/// always the branch that chose the move.
pub(super) fn decide(obs: &Obs, legal: &[Action]) -> (usize, Why) {
    let rank = |a: &Action| match *a {
        Action::Play(c) => c.rank(),
    };
    let by_rank = (0..legal.len()).map(|i| (rank(&legal[i]), i));
    let (pick, why) = if obs.tricks_left > 2 {
        (by_rank.max(), Why::Game(MatapesaWhy::ShedHigh))
    } else {
        (by_rank.min(), Why::Game(MatapesaWhy::LowLate))
    };
    match pick {
        Some((_, i)) => (i, why),
        None => (0, Why::Weighed),
    }
}
