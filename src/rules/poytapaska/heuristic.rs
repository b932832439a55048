//! Pöytäpaska's rule of thumb for the `normal` computer player and a search's playouts: face-down
//! cards are tried in position order ([`first_flip`]); otherwise the shared rule of thumb of
//! `shedding.rs` on [`position`] with `Weights::POYTAPASKA`: face-up cards go low first like the
//! hand, and a top card that none of the next player's face-up cards may beat is worth the pile
//! he must then take.

use rand::RngCore;

use super::{Action, Phase, Poytapaska, View};
use crate::cards::{CardSet, Rank};
use crate::rules::shedding::{self, Legality};
use crate::rules::{Heuristic, Seat};

impl Heuristic for Poytapaska {
    /// Face-down positions in order ([`first_flip`]); otherwise the shared rule of thumb of
    /// `shedding::choose` on [`position`]: the lowest rank with all its cards (face-up cards
    /// low first), 10s, aces and 2s kept for high or big piles, draw-and-try before taking.
    fn heuristic(view: &View, legal: &[Action], _rng: &mut dyn RngCore) -> usize {
        rule_of_thumb(view, legal, &shedding::Weights::POYTAPASKA)
    }

    /// A playout to the end of a deal takes hundreds of actions; 40 are enough to see who
    /// gets stuck with the pile, and make the `hard` player three times as fast.
    fn rollout_horizon() -> Option<u32> {
        Some(40)
    }
}

/// The rule of thumb's picture of a Pöytäpaska position, from the seat's view alone: plays come
/// from the hand, or from the face-up cards once the hand and the stock are gone; the seat sees
/// its hand, the pile and every face-up card; the table cards are still to shed after the hand.
pub fn position(view: &View) -> shedding::Position<'_> {
    let (me, next) =
        shedding::me_and_next(view.observer, view.turn, view.hand_sizes.len(), &view.out);
    let left = |s: Seat| {
        view.hand_sizes.get(s).copied().unwrap_or(0)
            + view.face_up.get(s).map_or(0, Vec::len)
            + view.face_down.get(s).map_or(0, Vec::len)
    };
    let hand: CardSet = view.hand.iter().collect();
    let up: CardSet = view.face_up.get(me).into_iter().flatten().collect();
    let down = view.face_down.get(me).map_or(0, Vec::len);
    let (zone, after_zone) = match view.playing_from {
        Some(Phase::FaceUp) => (up, down),
        _ => (hand, up.len() + down),
    };
    let next_up: CardSet = view.face_up.get(next).into_iter().flatten().collect();
    let next_known = (next != me
        && view.stock == 0
        && view.hand_sizes.get(next) == Some(&0)
        && !next_up.is_empty())
    .then_some(next_up);
    let mut seen = hand.union(view.pile.iter().collect());
    for row in &view.face_up {
        seen = seen.union(row.iter().collect());
    }
    shedding::Position {
        zone,
        seen,
        pile: &view.pile,
        stock: view.stock,
        legality: Legality {
            court_min_top: if view.court_min_top == 7 {
                Rank::Seven
            } else {
                Rank::Six
            },
            courts_on_empty: true,
        },
        free_play: view.free_play,
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

/// The rule of thumb with the given weights: [`first_flip`], else `shedding::choose` on
/// [`position`].
pub fn rule_of_thumb(view: &View, legal: &[Action], weights: &shedding::Weights) -> usize {
    first_flip(legal).unwrap_or_else(|| shedding::choose(&position(view), legal, weights))
}
