//! Paskahousu's rule of thumb for the `normal` computer player and a search's playouts: the
//! shared rule of thumb of `shedding.rs` on [`observe`] with `Weights::PASKAHOUSU`. Besides
//! keeping its 10s, aces and 2s it counts the pressure a hard-to-beat top card puts on the next
//! player (the bigger the pile, the more he may have to take) and the pick-up that a lone 10 or
//! ace on an empty pile forces on him.

use super::{Action, Paskahousu};
use crate::shedding::{self, Position};
use crate::{Heuristic, Seat, Why};

impl Heuristic for Paskahousu {
    type Reason = shedding::SheddingWhy;

    /// The shared rule of thumb of `shedding::choose` on [`observe`]: the lowest rank with all
    /// its cards, 10s, aces and 2s kept for high or big piles, draw-and-try before taking; with
    /// the branch that chose it (`shedding::hint_why`).
    fn decide(&self, seat: Seat, legal: &[Action]) -> Option<(usize, Why<shedding::SheddingWhy>)> {
        let pos = observe(self, seat);
        let chosen = shedding::choose(&pos, legal, &shedding::Weights::PASKAHOUSU);
        Some((chosen, shedding::hint_why(&pos, legal, chosen)))
    }

    /// A playout to the end of a deal takes hundreds of actions; 40 are enough to see who
    /// gets stuck with the pile, and make the `hard` player three times as fast.
    fn rollout_horizon() -> Option<u32> {
        Some(40)
    }
}

/// The rule of thumb's observation of a Paskahousu position for `seat`, read off the state
/// without allocating and of what the seat may see only: plays come from its hand, it sees its
/// hand and the pile, the next active player's hand size, and a lone 10 or ace on an empty pile
/// goes to that player.
pub fn observe(game: &Paskahousu, seat: Seat) -> Position<'_> {
    let core = &game.core;
    let hand = core.hands[seat];
    let next = core.next_active(seat);
    Position {
        zone: hand,
        seen: hand.union(core.pile.iter().collect()),
        pile: &core.pile,
        stock: core.stock.len(),
        legality: game.legality(),
        free_play: core.free_play,
        after_zone: 0,
        next_left: core.hands[next].len(),
        next_known: None,
        empty_pickup: true,
    }
}
