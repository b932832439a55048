//! Whist 22's rule of thumb for the `normal` computer player and a search's playouts: bid the
//! cards likely to take a trick, then play high while short of the bid and low once it is made.
//! It reads a compact observation of one seat (`Obs`), taken from the state without allocating
//! and holding only what that seat may see.

use rand::RngCore;

use super::{Action, Whist22};
use crate::{Heuristic, Observer, Seat, Why};
use pakka_cards::CardSet;

/// What the rule of thumb reads of one seat: the cards of its own it may see (none in the blind
/// round until its Fool is revealed), its bid and the tricks it has taken.
pub(super) struct Obs {
    pub hand: CardSet,
    pub bid: u8,
    pub tricks: u32,
}

impl Obs {
    pub(super) fn of(game: &Whist22, seat: Seat) -> Obs {
        let sees = Observer::Seat(seat).sees(game.hand_seen(seat));
        Obs {
            hand: if sees {
                game.hands[seat]
            } else {
                CardSet::new()
            },
            bid: game.bids[seat].unwrap_or(0),
            tricks: game.won.counts[seat],
        }
    }
}

/// The value a play counts for (the Fool as declared); 0 for the other actions.
fn value(a: &Action) -> i32 {
    match *a {
        Action::Play(c) => i32::from(c.trump_value().unwrap_or(0)),
        Action::Fool(v) => i32::from(v.value()),
        Action::Bid(_) | Action::PlayUnseen => 0,
    }
}

/// Bid the cards likely to take a trick (17 and up, and the Fool); then, while short of the
/// bid, play the highest card (the Fool as 22), and once the bid is made, the lowest (the Fool
/// as 0).
pub(super) fn choose(obs: &Obs, legal: &[Action]) -> usize {
    decide(obs, legal).0
}

/// [`choose`] and why, decided together so that a hint's reason is always the branch that
/// chose the move.
pub(super) fn decide(obs: &Obs, legal: &[Action]) -> (usize, Why) {
    if legal.iter().all(|a| matches!(a, Action::Bid(_))) {
        let strong = obs
            .hand
            .iter()
            .filter(|c| c.trump_value().is_none_or(|v| v >= 17))
            .count() as i32;
        let i = (0..legal.len())
            .min_by_key(|&i| match legal[i] {
                Action::Bid(b) => (i32::from(b) - strong).abs(),
                _ => i32::MAX,
            })
            .unwrap_or(0);
        let why = match legal.get(i) {
            Some(&Action::Bid(0)) if obs.hand.is_empty() => Why::Whist22BidUnseen,
            Some(&Action::Bid(b)) if i32::from(b) == strong => Why::Whist22Bid,
            Some(Action::Bid(_)) => Why::Whist22BidNearest,
            _ => Why::Weighed,
        };
        return (i, why);
    }
    let short = u32::from(obs.bid) > obs.tricks;
    let by_value = (0..legal.len()).map(|i| (value(&legal[i]), i));
    let (pick, why) = if short {
        (by_value.max(), Why::Whist22NeedTricks)
    } else {
        (by_value.min(), Why::Whist22BidMade)
    };
    match pick {
        Some((_, i)) => (i, why),
        None => (0, Why::Weighed),
    }
}

impl Heuristic for Whist22 {
    fn rule_of_thumb(&self, seat: Seat, legal: &[Action], _rng: &mut dyn RngCore) -> usize {
        choose(&Obs::of(self, seat), legal)
    }

    /// The branch of [`decide`] that chose `legal[chosen]`.
    fn why(&self, seat: Seat, legal: &[Action], chosen: usize) -> Why {
        match decide(&Obs::of(self, seat), legal) {
            (i, why) if i == chosen => why,
            _ => Why::Weighed,
        }
    }
}
