//! Pishe Pasha's rule of thumb for the `normal` computer player and a search's playouts: play
//! to a foundation when allowed (never a breach), give away whatever fits an opponent (it empties
//! the own piles and fills theirs), call Stop on a breach and take the turn over, and otherwise
//! turn or discard. It needs no observation of the table: the kinds of the legal actions say
//! everything it weighs, so it reads nothing of the state (and so can see nothing hidden).

use super::{Action, PishePasha};
use crate::{Heuristic, Seat};
use pakka_text::msg;

/// A hint's reason in Pishe Pasha: one shared by several games, or Pishe Pasha's own ([`PisheWhy`]).
pub(super) type Why = crate::Why<PisheWhy>;

crate::reasons! {
    /// The reasons only Pishe Pasha's rule of thumb gives (`Why::Game`), one per branch that chooses,
    /// worded by the catalog (`why-*`).
    pub enum PisheWhy {
        /// The card fits a foundation, where it must go.
        Foundation => msg!("why-pishe-foundation"),
        /// The card fits an opponent's discard pile: given away.
        Give => msg!("why-pishe-give"),
        /// An opponent's breach is open: Stop.
        Stop => msg!("why-pishe-stop"),
        /// After a Stop, the stopper takes the turn over.
        TakeOver => msg!("why-pishe-take-over"),
    }
}

impl Heuristic for PishePasha {
    type Reason = PisheWhy;

    /// The first legal action of the most preferred kind ([`preference`]), and what its kind
    /// says. Turning and discarding are chosen only when they are the only action (every other
    /// kind is preferred), so they are `Only`.
    #[inline]
    fn decide(&self, _seat: Seat, legal: &[Action]) -> Option<(usize, Why)> {
        let chosen = (0..legal.len())
            .min_by_key(|&i| preference(&legal[i]))
            .unwrap_or(0);
        let why = match legal.get(chosen) {
            Some(Action::Foundation) => Why::Game(PisheWhy::Foundation),
            Some(Action::Give(_)) => Why::Game(PisheWhy::Give),
            Some(Action::Stop) => Why::Game(PisheWhy::Stop),
            Some(Action::TakeOver) => Why::Game(PisheWhy::TakeOver),
            _ if legal.len() <= 1 => Why::Only,
            _ => Why::Weighed,
        };
        Some((chosen, why))
    }

    /// Half the reward is the margin in cards: Pishe Pasha scores the cards the loser still
    /// holds, and a search rewarded for the place alone won deals by a card and lost them by
    /// twenty (arena-tuned, BENCHMARKS.md issue 31).
    fn margin_share() -> Option<f64> {
        Some(0.5)
    }
}

/// How much the rule of thumb likes an action, most first: a foundation play, a gift, Stop,
/// taking over, correcting, then turning or discarding.
pub fn preference(action: &Action) -> u8 {
    match action {
        Action::Foundation => 0,
        Action::Give(_) => 1,
        Action::Stop => 2,
        Action::TakeOver => 3,
        Action::Correct => 4,
        _ => 5,
    }
}
