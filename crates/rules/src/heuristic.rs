//! A game's rule of thumb (`Heuristic`): what the `normal` computer player plays, what a
//! search plays out with and why (a hint), and the search (`Search`) the `hard` one runs.

use std::fmt;
use std::hash::Hash;

use rand::RngCore;

use pakka_text::Msg;

use crate::{Game, Seat, Why};

/// Which search a game's `hard` computer player runs (the searches are `pakka-ai`'s; the game
/// names the one its arena results chose, `Heuristic::search`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Search {
    /// Determinized Monte Carlo over the seat's actions, UCB1 at the root.
    Flat,
    /// Information-set Monte Carlo tree search.
    IsMcts,
    /// Looks ahead at the seat's own later decisions as it will take them.
    Plan,
}

impl Search {
    pub const ALL: [Search; 3] = [Search::Flat, Search::IsMcts, Search::Plan];

    pub fn name(self) -> &'static str {
        match self {
            Search::Flat => "flat",
            Search::IsMcts => "ismcts",
            Search::Plan => "plan",
        }
    }
}

/// A game's rule of thumb, beside its rules in `<game>/heuristic.rs`: what the `normal`
/// computer player plays and what a search plays out with. Sees one seat's observation only.
pub trait Heuristic: Game {
    /// The rule of thumb for `seat` in this state, answering an index into `legal` (the seat's
    /// legal actions, never empty). A game answers it from a compact typed observation of the
    /// seat that it reads off the state (without allocating, where it can: it runs in every
    /// step of a search's playouts), and only what the seat may see goes into that observation
    /// (`ai::tests::no_computer_player_peeks_in_any_game` checks it).
    /// By default the choice [`Heuristic::decide`] answers (the first action where it answers
    /// `None`): a game implements one of the two.
    fn rule_of_thumb(&self, seat: Seat, legal: &[Self::Action], _rng: &mut dyn RngCore) -> usize {
        self.decide(seat, legal).map_or(0, |(i, _)| i)
    }

    /// The rule of thumb's choice for `seat` (an index into `legal`) and the branch that chose
    /// it, decided together so that a hint's reason is always the branch that chose the move,
    /// for a game whose rule of thumb needs no random numbers and names its branches as it
    /// goes: it implements this alone, and `rule_of_thumb` and `why` follow from it. `None` by
    /// default: the game answers `rule_of_thumb` (and `why`, if it can say more) itself.
    fn decide(&self, _seat: Seat, _legal: &[Self::Action]) -> Option<(usize, Why<Self::Reason>)> {
        None
    }

    /// The game's own reasons for a hint (`Why::Game`), each worded by the catalog: an enum in
    /// the game's folder beside its rule of thumb (carrying the reasons of a toolkit it plays
    /// by, or the toolkit's own: `shedding::SheddingWhy`), or [`NoReason`](crate::NoReason) for
    /// a game whose rule of thumb names no branch.
    type Reason: Copy + fmt::Debug + Ord + Hash + Send + Sync + Into<Msg>;

    /// Why the rule of thumb would choose `legal[chosen]` for `seat` (a hint's one line): from
    /// the same observation `rule_of_thumb` reads. By default the branch of
    /// [`Heuristic::decide`] that chose it ([`Why::Weighed`] for an action it did not choose);
    /// for a game without `decide`, only that an only action is forced. A game that can say
    /// more some other way overrides it.
    fn why(&self, seat: Seat, legal: &[Self::Action], chosen: usize) -> Why<Self::Reason> {
        match self.decide(seat, legal) {
            Some((i, why)) if i == chosen => why,
            Some(_) => Why::Weighed,
            None if legal.len() <= 1 => Why::Only,
            None => Why::Weighed,
        }
    }

    /// Whether a search may try `action` as one of its random moves when it plays a sample out.
    /// True by default; a game says false for actions no sensible player takes at random and
    /// whose random use would drown what the search measures (Teka's raises sink contracts).
    fn explore(_action: &Self::Action) -> bool {
        true
    }

    /// How many actions a search's playout may run before it judges the position from the
    /// cards each seat still holds (see `ai::reward`); `None` plays to the end of the deal (or
    /// the search's own horizon). Long shedding games set it: their playouts to the end cost
    /// hundreds of actions and say little more.
    fn rollout_horizon() -> Option<u32> {
        None
    }

    /// How well the deal so far, as this state records it, fits every seat but `observer`
    /// playing its rule of thumb: the probability of their recorded decisions when each seat
    /// takes its rule of thumb's choice with probability `1 − noise` and else any of its legal
    /// actions alike. A search weighs its samples by it (policy-based inference), so it is
    /// only ever asked of a sample, which holds nothing the observer cannot see. `None` where
    /// the game does not replay its deal: every sample counts alike.
    fn rule_of_thumb_fit(&self, _observer: Seat, _noise: f64) -> Option<f64> {
        None
    }

    /// The search the `hard` computer player runs in this game, by the arena's results
    /// (BENCHMARKS.md, "Computer players"): `hard/flat`, `hard/ismcts` and `hard/plan`, each
    /// against `normal` over the same rotated deals at 1,000 iterations. The flat search won or
    /// tied IS-MCTS in every game measured: IS-MCTS spends its iterations on a tree of the other
    /// seats' replies that the samples' differing hands keep shallow, and plays its
    /// rule-of-thumb playouts from deeper, fewer states. So `Flat` by default; a game whose
    /// deal is short enough to plan over overrides it (Kop).
    fn search() -> Search {
        Search::Flat
    }

    /// The share of a search's reward that is the margin in cards rather than the place
    /// (`ai::reward`), for a game that scores the cards its losers still hold; `None` (the
    /// default) rewards the place, or the score, alone.
    fn margin_share() -> Option<f64> {
        None
    }
}
