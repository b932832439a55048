//! Whist 22's rule of thumb for the `normal` computer player and a search's playouts: bid the
//! cards likely to take a trick, then play high while short of the bid and low once it is made.
//! It reads a compact observation of one seat (`Obs`), taken from the state without allocating
//! and holding only what that seat may see.

use super::{Action, Whist22};
use crate::{Heuristic, Observer, Seat};
use pakka_cards::CardSet;
use pakka_text::msg;

/// A hint's reason in Whist 22: one shared by several games, or Whist 22's own ([`Whist22Why`]).
pub(super) type Why = crate::Why<Whist22Why>;

crate::reasons! {
    /// The reasons only Whist 22's rule of thumb gives (`Why::Game`), one per branch that chooses,
    /// worded by the catalog (`why-*`).
    pub enum Whist22Why {
        /// The bid counts the cards likely to take a trick (17 and up, the Fool).
        Bid => msg!("why-whist22-bid"),
        /// The dealer may not bid that count: the nearest bid allowed.
        BidNearest => msg!("why-whist22-bid-nearest"),
        /// The blind round: the own card unseen, a bid of 0.
        BidUnseen => msg!("why-whist22-bid-unseen"),
        /// Short of the bid: the highest card.
        NeedTricks => msg!("why-whist22-need-tricks"),
        /// The bid is made: the lowest card.
        BidMade => msg!("why-whist22-bid-made"),
    }
}

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
/// The index of the choice in `legal` and why, decided together so that a hint's reason is
/// always the branch that chose the move.
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
            Some(&Action::Bid(0)) if obs.hand.is_empty() => Why::Game(Whist22Why::BidUnseen),
            Some(&Action::Bid(b)) if i32::from(b) == strong => Why::Game(Whist22Why::Bid),
            Some(Action::Bid(_)) => Why::Game(Whist22Why::BidNearest),
            _ => Why::Weighed,
        };
        return (i, why);
    }
    let short = u32::from(obs.bid) > obs.tricks;
    let by_value = (0..legal.len()).map(|i| (value(&legal[i]), i));
    let (pick, why) = if short {
        (by_value.max(), Why::Game(Whist22Why::NeedTricks))
    } else {
        (by_value.min(), Why::Game(Whist22Why::BidMade))
    };
    match pick {
        Some((_, i)) => (i, why),
        None => (0, Why::Weighed),
    }
}

impl Heuristic for Whist22 {
    type Reason = Whist22Why;

    /// [`decide`] on what the seat sees ([`Obs`]).
    fn decide(&self, seat: Seat, legal: &[Action]) -> Option<(usize, Why)> {
        Some(decide(&Obs::of(self, seat), legal))
    }
}
