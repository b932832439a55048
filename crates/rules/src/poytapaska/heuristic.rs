//! Pöytäpaska's rule of thumb for the `normal` computer player and a search's playouts: face-down
//! cards are tried in position order ([`first_flip`]); otherwise the shared rule of thumb of
//! `shedding.rs` on [`observe`] with `Weights::POYTAPASKA`: face-up cards go low first like the
//! hand, and a top card that none of the next player's face-up cards may beat is worth the pile
//! he must then take.

use super::{Action, Phase, Poytapaska};
use crate::shedding::{self, Position};
use crate::{Heuristic, Seat, Why};

impl Heuristic for Poytapaska {
    type Reason = shedding::SheddingWhy;

    /// Face-down positions in order ([`first_flip`]); otherwise the shared rule of thumb of
    /// `shedding::choose` on [`observe`]: the lowest rank with all its cards (face-up cards
    /// low first), 10s, aces and 2s kept for high or big piles, draw-and-try before taking;
    /// with the branch that chose it (`shedding::hint_why`).
    fn decide(&self, seat: Seat, legal: &[Action]) -> Option<(usize, Why<shedding::SheddingWhy>)> {
        let pos = observe(self, seat);
        let chosen = first_flip(legal)
            .unwrap_or_else(|| shedding::choose(&pos, legal, &shedding::Weights::POYTAPASKA));
        Some((chosen, shedding::hint_why(&pos, legal, chosen)))
    }

    /// A playout to the end of a deal takes hundreds of actions; 40 are enough to see who
    /// gets stuck with the pile, and make the `hard` player three times as fast.
    fn rollout_horizon() -> Option<u32> {
        Some(40)
    }
}

/// The rule of thumb's observation of a Pöytäpaska position for `seat`, read off the state
/// without allocating and of what the seat may see only: plays come from its hand, or from its
/// face-up cards once the hand and the stock are gone; it sees its hand, the pile and every
/// face-up card, and counts everyone's hand and face-down cards; its table cards are still to
/// shed after the hand.
pub fn observe(game: &Poytapaska, seat: Seat) -> Position<'_> {
    let core = &game.core;
    let next = core.next_active(seat);
    let down = |s: Seat| game.face_down[s].iter().flatten().count();
    let left = |s: Seat| core.hands[s].len() + game.face_up[s].len() + down(s);
    let (hand, up) = (core.hands[seat], game.face_up[seat]);
    let (zone, after_zone) = match game.phase(seat) {
        Phase::FaceUp => (up, down(seat)),
        _ => (hand, up.len() + down(seat)),
    };
    let next_up = game.face_up[next];
    let next_known = (next != seat
        && core.stock.is_empty()
        && core.hands[next].is_empty()
        && !next_up.is_empty())
    .then_some(next_up);
    let mut seen = hand.union(core.pile.iter().collect());
    for &row in &game.face_up {
        seen = seen.union(row);
    }
    Position {
        zone,
        seen,
        pile: &core.pile,
        stock: core.stock.len(),
        legality: game.legality(),
        free_play: core.free_play,
        after_zone,
        next_left: left(next),
        next_known,
        empty_pickup: false,
    }
}

/// The rule of thumb for the face-down row: turning a card never costs more than taking the
/// pile (a card that fails joins the hand with the pile, where it had to be shed anyway), so
/// the seat tries its positions in order, lowest first.
fn first_flip(legal: &[Action]) -> Option<usize> {
    legal.iter().position(|a| matches!(a, Action::Flip(_)))
}
