//! Red7's rule of thumb for the `normal` computer player and a search's playouts, read from a
//! compact observation of the seat to act (`Obs`: its hand and palette as bits, the other
//! palettes' best scores per rule) taken without allocating; and the view-side helpers the
//! labels and confirm questions of `present.rs` use: whether a palette or canvas play would
//! leave the viewer winning, and what `"end"` would do now.

use super::{colour, leader, score_key, strength, strength_bit, strength_bits, Action, Red7, View};
use crate::{Heuristic, Observer, Seat};
use pakka_cards::{Card, CardSet, Colour};
use pakka_text::msg;

/// A hint's reason in Red7: one shared by several games, or Red7's own ([`Red7Why`]).
pub(super) type Why = crate::Why<Red7Why>;

crate::reasons! {
    /// The reasons only Red7's rule of thumb gives (`Why::Game`), one per branch that chooses,
    /// worded by the catalog (`why-*`).
    pub enum Red7Why {
        /// Already winning after a palette play: the turn ends.
        EndWinning => msg!("why-red7-end-winning"),
        /// The weakest palette card that wins under the current rule.
        Palette => msg!("why-red7-palette"),
        /// The weakest canvas card whose rule makes the seat win.
        Canvas => msg!("why-red7-canvas"),
        /// A palette card that a canvas card in hand then makes win.
        PaletteThenCanvas => msg!("why-red7-palette-then-canvas"),
        /// Nothing wins: the turn ends (the seat is out either way).
        NoWin => msg!("why-red7-no-win"),
    }
}

/// What the rule of thumb reads of the seat to act: its hand, its palette, whether it has played
/// to it this turn, the canvas rule and, per possible rule, the best score among the other
/// seats still in (their palettes are face up; a seat that is out counts for nothing).
pub(super) struct Obs {
    pub hand: CardSet,
    /// The own palette as strength bits (`strength_bits`).
    pub palette: u64,
    pub played_palette: bool,
    pub rule: Colour,
    /// Per canvas rule (by colour index), the greatest `score_key` of the other active seats.
    pub others: [u32; 7],
}

impl Obs {
    pub(super) fn of(game: &Red7, seat: Seat) -> Obs {
        let mut others = [0u32; 7];
        for s in (0..game.n()).filter(|&s| s != seat && game.active[s]) {
            let bits = strength_bits(game.palettes[s]);
            for rule in Colour::ALL {
                let best = &mut others[rule as usize];
                *best = (*best).max(score_key(rule, bits));
            }
        }
        Obs {
            hand: game.hands[seat],
            palette: strength_bits(game.palettes[seat]),
            played_palette: game.played_palette,
            rule: game.rule(),
            others,
        }
    }

    /// Whether the seat would be winning with `extra` added to its palette under `rule`.
    fn wins(&self, extra: Option<Card>, rule: Colour) -> bool {
        let bits = self.palette | extra.map_or(0, strength_bit);
        let key = score_key(rule, bits);
        key > 0 && key > self.others[rule as usize]
    }
}

/// Keep the lead as cheaply as possible: end the turn when already winning after a palette
/// play; otherwise the weakest palette card that wins, else the weakest canvas card that wins,
/// else a palette card that some canvas card in hand would then make win; only then give up.
/// The index of the choice in `legal` and why, decided together so that a hint's reason is
/// always the branch that chose the move.
pub(super) fn decide(obs: &Obs, legal: &[Action]) -> (usize, Why) {
    let pick = |f: &dyn Fn(&Action) -> Option<u8>| {
        (0..legal.len())
            .filter_map(|i| f(&legal[i]).map(|cost| (cost, i)))
            .min()
            .map(|(_, i)| i)
    };
    let end = legal.iter().position(|a| *a == Action::End);
    if let (Some(i), true) = (end, obs.played_palette && obs.wins(None, obs.rule)) {
        return (i, Why::Game(Red7Why::EndWinning));
    }
    let palette_wins = pick(&|a| match *a {
        Action::Palette(c) if obs.wins(Some(c), obs.rule) => Some(strength(c)),
        _ => None,
    });
    let canvas_wins = pick(&|a| match *a {
        Action::Canvas(c) if obs.wins(None, colour(c)) => Some(strength(c)),
        _ => None,
    });
    let palette_then_canvas = pick(&|a| match *a {
        Action::Palette(p) => obs
            .hand
            .iter()
            .any(|c| c != p && obs.wins(Some(p), colour(c)))
            .then(|| strength(p)),
        _ => None,
    });
    let tag = |why: Why| move |i: usize| (i, why);
    palette_wins
        .map(tag(Why::Game(Red7Why::Palette)))
        .or(canvas_wins.map(tag(Why::Game(Red7Why::Canvas))))
        .or(palette_then_canvas.map(tag(Why::Game(Red7Why::PaletteThenCanvas))))
        .or(end.map(tag(Why::Game(Red7Why::NoWin))))
        .unwrap_or((0, Why::Weighed))
}

impl Heuristic for Red7 {
    type Reason = Red7Why;

    /// [`decide`] on what the seat sees ([`Obs`]).
    fn decide(&self, seat: Seat, legal: &[Action]) -> Option<(usize, Why)> {
        Some(decide(&Obs::of(self, seat), legal))
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
