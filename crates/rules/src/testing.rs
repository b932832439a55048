//! Test support the games' `tests.rs` share (compiled for tests only): a rule of thumb checked
//! against its reference (each game's own, the rule as it once read the seat's full view) over
//! seeded games, a rule of thumb's share of wins against random players, and messages worded
//! in one language for a snapshot. What every game
//! must do alike, such as the fast path against the derived one, is not here but in the
//! conformance suite (`pakka_conformance::contract`).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use std::collections::BTreeMap;

use super::{Game, Heuristic, Seat, Setup, Why};
use pakka_text::Msg;

/// `messages` worded in `lang` with the seats named `names`, one a line (a snapshot's text).
pub(crate) fn worded(messages: &[Msg], names: &[String], lang: &str) -> String {
    let catalog = pakka_catalog::catalog();
    messages
        .iter()
        .map(|m| catalog.text(lang, m, &names))
        .collect::<Vec<_>>()
        .join("\n")
}

/// [`worded`] for a game's results, checking on the way that no line carries a computer's
/// name next to the list separator " · " (a result reads as sentences, its lists with commas).
pub(crate) fn worded_results(messages: &[Msg], names: &[String], lang: &str) -> String {
    let text = worded(messages, names, lang);
    for line in text.lines() {
        assert!(
            !(line.contains("Computer ") && line.contains(" · ")),
            "a list dot beside a computer's name: {line}"
        );
    }
    text
}

/// Which seeded games [`rule_of_thumb_matches`] walks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Games {
    /// Seeds `0..seeds` for every configuration.
    pub seeds: u64,
    /// The most actions of one game.
    pub actions: usize,
    /// Stop when the match moves past this deal.
    pub deals: u32,
}

/// One position of [`walk`]: the game, the seat to act, its legal actions and the rule of
/// thumb's choice among them, and where it was reached (for a failure's message).
pub(crate) struct Position<'a, G: Heuristic> {
    pub game: &'a G,
    pub seat: Seat,
    pub legal: &'a [G::Action],
    pub ours: usize,
    pub place: &'a dyn std::fmt::Display,
}

/// Seeded games of every configuration of `G`, the rule of thumb's choice and random ones
/// mixed (so that games reach late positions): `visit` sees every position before its move.
/// `rng_seed` seeds the choices of seat and move.
fn walk<G: Heuristic>(games: Games, rng_seed: u64, mut visit: impl FnMut(Position<'_, G>)) {
    let mut rng = ChaCha8Rng::seed_from_u64(rng_seed);
    for (options, seats) in G::configurations() {
        for seed in 0..games.seeds {
            let mut g = G::new(options.clone(), seats, Setup::seeded(seed)).unwrap();
            for _ in 0..games.actions {
                if g.is_over() || g.deal_number() > games.deals {
                    break;
                }
                let to_act = g.to_act();
                let seat = to_act[rng.random_range(0..to_act.len())];
                let legal = g.legal_actions(seat);
                let ours = g.rule_of_thumb(seat, &legal, &mut rng);
                let place = format!("{options:?} {seats} seats, seed {seed}, seat {seat}");
                visit(Position {
                    game: &g,
                    seat,
                    legal: &legal,
                    ours,
                    place: &place,
                });
                let random = rng.random_range(0..legal.len());
                let i = if rng.random_bool(0.5) || !G::explore(&legal[random]) {
                    ours
                } else {
                    random
                };
                g.apply_checked(seat, &legal[i]);
            }
        }
    }
}

/// Over the positions of [`walk`], the rule of thumb answers what `reference` does for the seat
/// to act. Answers how many positions it compared.
pub(crate) fn rule_of_thumb_matches<G: Heuristic>(
    games: Games,
    reference: impl Fn(&G, Seat, &[G::Action]) -> usize,
) -> usize {
    let mut compared = 0;
    walk::<G>(games, 19, |p| {
        assert_eq!(
            p.ours,
            reference(p.game, p.seat, p.legal),
            "{}: {:?}",
            p.place,
            p.legal
        );
        compared += 1;
    });
    compared
}

/// The share of first places the rule of thumb takes in one seat against random players over
/// 20 seeded games per seat count (default options), asserting on the way that it answers a
/// legal index and the same one twice for the same position.
pub(crate) fn rule_of_thumb_share_against_random<G: Heuristic>(seats: &[usize]) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (mut wins, mut games) = (0.0, 0);
    for seed in 0..20 {
        for &n in seats {
            let mut g = G::new(Default::default(), n, Setup::seeded(seed)).unwrap();
            let hero = (seed as usize) % n;
            while !Game::is_over(&g) {
                let seat = Game::to_act(&g)[0];
                let legal = g.legal_actions(seat);
                let i = g.rule_of_thumb(seat, &legal, &mut rng);
                assert!(i < legal.len());
                assert_eq!(i, g.rule_of_thumb(seat, &legal, &mut rng));
                let i = if seat == hero {
                    i
                } else {
                    rng.random_range(0..legal.len())
                };
                g.apply(seat, &legal[i]).unwrap();
            }
            let first = &g.status().ranking.unwrap()[0];
            if first.contains(&hero) {
                wins += 1.0 / first.len() as f64;
            }
            games += 1;
        }
    }
    wins / games as f64
}

/// Over the positions of [`walk`], the reason `Heuristic::why` gives for the rule of thumb's
/// choice wherever the seat to act has more than one legal action: how often each reason came
/// up. Asserts on the way that it never answers [`Why::Weighed`] (each game names the branch
/// that chose) nor [`Why::Only`] (there was a choice).
pub(crate) fn reasons<G: Heuristic>(games: Games) -> BTreeMap<Why<G::Reason>, usize> {
    let mut seen = BTreeMap::new();
    walk::<G>(games, 23, |p| {
        if p.legal.len() > 1 {
            let why = p.game.why(p.seat, p.legal, p.ours);
            assert!(
                !matches!(why, Why::Weighed | Why::Only),
                "{}: {why:?} for {:?} of {:?}",
                p.place,
                p.legal[p.ours],
                p.legal
            );
            *seen.entry(why).or_insert(0) += 1;
        }
    });
    seen
}
