//! Paskahousu's rule of thumb for the `normal` computer player and a search's playouts: the
//! shared rule of thumb of `shedding.rs` on [`position`] with `Weights::PASKAHOUSU`. Besides
//! keeping its 10s, aces and 2s it counts the pressure a hard-to-beat top card puts on the next
//! player (the bigger the pile, the more he may have to take) and the pick-up that a lone 10 or
//! ace on an empty pile forces on him.

use rand::RngCore;

use super::{Action, Paskahousu, View};
use crate::cards::{CardSet, Rank};
use crate::rules::shedding::{self, Legality};
use crate::rules::Heuristic;

impl Heuristic for Paskahousu {
    /// The shared rule of thumb of `shedding::choose` on [`position`]: the lowest rank with
    /// all its cards, 10s, aces and 2s kept for high or big piles, draw-and-try before taking.
    fn heuristic(view: &View, legal: &[Action], _rng: &mut dyn RngCore) -> usize {
        rule_of_thumb(view, legal, &shedding::Weights::PASKAHOUSU)
    }

    /// A playout to the end of a deal takes hundreds of actions; 40 are enough to see who
    /// gets stuck with the pile, and make the `hard` player three times as fast.
    fn rollout_horizon() -> Option<u32> {
        Some(40)
    }
}

/// The rule of thumb's picture of a Paskahousu position, from the seat's view alone: plays come
/// from the hand, the seat sees its hand and the pile, and a lone 10 or ace on an empty pile
/// goes to the next player.
pub fn position(view: &View) -> shedding::Position<'_> {
    let hand: CardSet = view.hand.iter().collect();
    let (_, next) =
        shedding::me_and_next(view.observer, view.turn, view.hand_sizes.len(), &view.out);
    shedding::Position {
        zone: hand,
        seen: hand.union(view.pile.iter().collect()),
        pile: &view.pile,
        stock: view.stock,
        legality: Legality {
            court_min_top: if view.court_min_top == 6 {
                Rank::Six
            } else {
                Rank::Seven
            },
            courts_on_empty: view.open_any_card || view.courts_dead,
        },
        free_play: view.free_play,
        after_zone: 0,
        next_left: view.hand_sizes.get(next).copied().unwrap_or(0),
        next_known: None,
        empty_pickup: true,
    }
}

/// The rule of thumb with the given weights: `shedding::choose` on [`position`].
pub fn rule_of_thumb(view: &View, legal: &[Action], weights: &shedding::Weights) -> usize {
    shedding::choose(&position(view), legal, weights)
}
