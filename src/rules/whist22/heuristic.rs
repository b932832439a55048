//! Whist 22's rule of thumb for the `normal` computer player and a search's playouts: bid the
//! cards likely to take a trick, then play high while short of the bid and low once it is made.

use rand::RngCore;

use super::{Action, View, Whist22};
use crate::rules::{Heuristic, Observer};

impl Heuristic for Whist22 {
    /// Bid the cards likely to take a trick (17 and up, and the Fool); then, while short of
    /// the bid, play the highest card (the Fool as 22), and once the bid is made, the lowest
    /// (the Fool as 0).
    fn heuristic(view: &View, legal: &[Action], _rng: &mut dyn RngCore) -> usize {
        let value = |a: &Action| match *a {
            Action::Play(c) => i32::from(c.trump_value().unwrap_or(0)),
            Action::Fool(v) => i32::from(v.value()),
            Action::Bid(_) | Action::PlayUnseen => 0,
        };
        let me = match view.observer {
            Observer::Seat(s) => s,
            Observer::Public => return 0,
        };
        if legal.iter().all(|a| matches!(a, Action::Bid(_))) {
            let strong = view
                .hand
                .iter()
                .filter(|c| c.trump_value().is_none_or(|v| v >= 17))
                .count() as i32;
            return (0..legal.len())
                .min_by_key(|&i| match legal[i] {
                    Action::Bid(b) => (i32::from(b) - strong).abs(),
                    _ => i32::MAX,
                })
                .unwrap_or(0);
        }
        let bid = view.bids.get(me).copied().flatten().unwrap_or(0);
        let short = u32::from(bid) > view.tricks.get(me).copied().unwrap_or(0);
        let by_value = (0..legal.len()).map(|i| (value(&legal[i]), i));
        let pick = if short {
            by_value.max()
        } else {
            by_value.min()
        };
        pick.map_or(0, |(_, i)| i)
    }
}
