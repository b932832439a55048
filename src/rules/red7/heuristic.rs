//! Red7's rule of thumb for the `normal` computer player and a search's playouts, and the
//! view-side helpers it shares with the labels and confirm questions of `present.rs`: whether a
//! palette or canvas play would leave the viewer winning, and what `"end"` would do now.

use rand::RngCore;

use super::{colour, leader, strength, Action, Red7, View};
use crate::cards::{Card, CardSet, Colour};
use crate::rules::{Heuristic, Observer, Seat};

impl Heuristic for Red7 {
    /// Keep the lead as cheaply as possible: end the turn when already winning after a palette
    /// play; otherwise the weakest palette card that wins, else the weakest canvas card that
    /// wins, else a palette card that some canvas card in hand would then make win; only then
    /// give up.
    fn heuristic(view: &View, legal: &[Action], _rng: &mut dyn RngCore) -> usize {
        let me = viewer(view);
        let pick = |f: &dyn Fn(&Action) -> Option<u8>| {
            (0..legal.len())
                .filter_map(|i| f(&legal[i]).map(|cost| (cost, i)))
                .min()
                .map(|(_, i)| i)
        };
        let end = legal.iter().position(|a| *a == Action::End);
        if let (Some(i), EndOutcome::Stays) = (end, end_outcome(view)) {
            return i;
        }
        let palette_wins = pick(&|a| match *a {
            Action::Palette(c) if would_win(view, me, Some(c), view.rule) => Some(strength(c)),
            _ => None,
        });
        let canvas_wins = pick(&|a| match *a {
            Action::Canvas(c) if would_win(view, me, None, colour(c)) => Some(strength(c)),
            _ => None,
        });
        let palette_then_canvas = pick(&|a| match *a {
            Action::Palette(p) => view
                .hand
                .iter()
                .any(|&c| c != p && would_win(view, me, Some(p), colour(c)))
                .then(|| strength(p)),
            _ => None,
        });
        palette_wins
            .or(canvas_wins)
            .or(palette_then_canvas)
            .or(end)
            .unwrap_or(0)
    }
}

/// Whether `seat` would be winning with `extra` added to its palette under `rule`, from a view.
pub(super) fn would_win(view: &View, seat: Seat, extra: Option<Card>, rule: Colour) -> bool {
    let palettes = (0..view.palettes.len())
        .filter(|&s| view.active[s])
        .map(|s| {
            let mut set: CardSet = view.palettes[s].iter().copied().collect();
            if let (true, Some(c)) = (s == seat, extra) {
                set.insert(c);
            }
            (s, set)
        });
    leader(rule, palettes) == Some(seat)
}

/// The seat a view's labels speak for: the observer, else the seat to act.
pub(super) fn viewer(view: &View) -> Seat {
    match view.observer {
        Observer::Seat(s) => s,
        Observer::Public => view.turn.unwrap_or(0),
    }
}

/// What `"end"` would do for the viewer now.
pub(super) enum EndOutcome {
    Stays,
    NotWinning,
    NothingPlayed,
    NoCards,
}

pub(super) fn end_outcome(view: &View) -> EndOutcome {
    let me = viewer(view);
    if !view.played_palette && view.hand.is_empty() {
        EndOutcome::NoCards
    } else if !view.played_palette {
        EndOutcome::NothingPlayed
    } else if view.winning == Some(me) {
        EndOutcome::Stays
    } else {
        EndOutcome::NotWinning
    }
}
