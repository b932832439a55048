//! The computer players over every registered game: they choose legal actions, deterministically
//! for a seed, and never depend on what their seat cannot see.

use std::time::Duration;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use super::*;
use pakka_rules::registry::GAMES;
use pakka_rules::Setup;

/// A budget small enough for debug-build tests and with no wall-clock cap, so decisions are
/// exactly reproducible.
fn test_budget() -> Budget {
    Budget {
        iterations: 24,
        horizon: 60,
        time_cap: Duration::from_secs(3600),
    }
}

/// Plays `steps` random actions into a seeded game and returns it (unless it ended).
fn mid_game(
    info: &pakka_rules::registry::GameInfo,
    options: &Value,
    seats: usize,
    seed: u64,
    steps: usize,
) -> Option<Box<dyn AnyGame>> {
    let mut game = info
        .create(options.clone(), seats, Setup::seeded(seed))
        .ok()?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..steps {
        let to_act = game.to_act();
        if to_act.is_empty() {
            return None;
        }
        let seat = to_act[rng.random_range(0..to_act.len())];
        let n = game.legal_len(seat);
        game.act_index(seat, rng.random_range(0..n)).ok()?;
    }
    (!game.status().over).then_some(game)
}

#[test]
fn levels_read_and_print() {
    for level in Level::ALL {
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
    }
    assert_eq!("HARD".parse::<Level>(), Ok(Level::Hard));
    assert_eq!(
        "expert".parse::<Level>(),
        Err(crate::UnknownLevel("expert".into()))
    );
}

/// For every game: the decision of each level is a legal action, the same for the same seed,
/// and the same in a state that differs only in cards the seat cannot see.
#[test]
fn no_computer_player_peeks_in_any_game() {
    for info in GAMES {
        for (options, seats) in info.configurations() {
            let mut checked = 0;
            for seed in 0..12u64 {
                let Some(game) = mid_game(info, &options, seats, seed, (seed as usize * 5) % 23)
                else {
                    continue;
                };
                let seat = game.to_act()[0];
                let twin = game.determinize_box(seat, &mut ChaCha8Rng::seed_from_u64(seed + 1000));
                for level in Level::ALL {
                    let a = choose_with(
                        &Observation::new(game.as_ref(), seat),
                        level,
                        seed,
                        test_budget(),
                    );
                    let b = choose_with(
                        &Observation::new(twin.as_ref(), seat),
                        level,
                        seed,
                        test_budget(),
                    );
                    assert!(
                        a.index < game.legal_len(seat),
                        "{} {level}: illegal choice",
                        info.id
                    );
                    assert_eq!(
                        a.index, b.index,
                        "{} {options} {level}: the choice depends on hidden cards (seed {seed})",
                        info.id
                    );
                    let again = choose_with(
                        &Observation::new(game.as_ref(), seat),
                        level,
                        seed,
                        test_budget(),
                    );
                    assert_eq!(
                        a.index, again.index,
                        "{} {level}: not deterministic",
                        info.id
                    );
                }
                checked += 1;
            }
            assert!(
                checked > 0,
                "{} {options}: no mid-game state to check",
                info.id
            );
        }
    }
}

#[test]
fn rewards_follow_the_ranking() {
    let info = pakka_rules::registry::find("pisha-pasha").unwrap();
    let mut game = info.create(Value::Null, 2, Setup::seeded(3)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while !game.status().over {
        let seat = game.to_act()[0];
        let n = game.legal_len(seat);
        game.act_index(seat, rng.random_range(0..n)).unwrap();
    }
    let ranking = game.status().ranking.unwrap();
    let (winner, loser) = (ranking[0][0], ranking[1][0]);
    // Pishe Pasha blends the place with the card margin: the winner gets more than the place's
    // half and the loser less, symmetrically.
    let (w, l) = (
        reward(game.as_ref(), winner, None),
        reward(game.as_ref(), loser, None),
    );
    assert!(w > 0.75 && l < 0.25, "{w} {l}");
    assert!((w + l - 1.0).abs() < 1e-9);
}

/// Plays one Kop deal from `seed` with `seat` choosing by `choose` and every other seat by its
/// rule of thumb, and answers the seat's reward at the end of the deal.
fn kop_deal(seed: u64, seat: Seat, choose: &dyn Fn(&dyn AnyGame) -> usize) -> f64 {
    let info = pakka_rules::registry::find("kop").unwrap();
    let mut game = info.create(Value::Null, 4, Setup::seeded(seed)).unwrap();
    let scores = game.status().scores;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while !game.is_over() && game.deal_number() == 1 {
        let to_act = game.to_act()[0];
        let index = if to_act == seat {
            choose(game.as_ref())
        } else {
            game.heuristic_index(to_act, &mut rng)
        };
        game.act_index(to_act, index).unwrap();
    }
    reward(game.as_ref(), seat, scores.as_deref())
}

/// The plan on the true state (the oracle's) is exact play against seats that follow their rule
/// of thumb: in every deal it ends at least as well as the rule of thumb itself, one of the lines
/// it weighs, and better in some.
#[test]
fn the_plan_seeing_every_card_never_ends_a_deal_worse_than_the_rule_of_thumb() {
    let (mut planned, mut ruled, mut better) = (0.0, 0.0, 0);
    for seed in 0..40u64 {
        let seat = (seed % 4) as Seat;
        let plan = kop_deal(seed, seat, &|game| {
            oracle::choose(game, seat, Search::Plan, seed, test_budget()).index
        });
        let rule = kop_deal(seed, seat, &|game| {
            game.heuristic_index(seat, &mut ChaCha8Rng::seed_from_u64(seed))
        });
        assert!(
            plan >= rule - 1e-12,
            "deal {seed}: the plan ended at {plan}, the rule of thumb at {rule}"
        );
        planned += plan;
        ruled += rule;
        better += usize::from(plan > rule + 1e-12);
    }
    assert!(
        better > 0 && planned > ruled,
        "the plan did no better than the rule of thumb in 40 deals"
    );
}

/// `hard`'s plan for the first seat to act in `game`, and in a twin of it redealt from that
/// seat's view.
fn plan_and_twin(game: &dyn AnyGame, seed: u64) -> (Decision, Decision) {
    let seat = game.to_act()[0];
    let twin = game.determinize_box(seat, &mut ChaCha8Rng::seed_from_u64(seed + 99));
    let choose = |g: &dyn AnyGame| {
        choose_searching(
            &Observation::new(g, seat),
            Level::Hard,
            Search::Plan,
            seed,
            test_budget(),
        )
    };
    (choose(game), choose(twin.as_ref()))
}

/// The plan of `hard` reads only the seat's view: the same choice in a state that differs in
/// cards the seat cannot see (as `no_computer_player_peeks_in_any_game` checks of every game's
/// own search), here at the start of Kop's play where it weighs every line of the seat.
#[test]
fn the_plan_of_hard_depends_only_on_the_seats_view() {
    let info = pakka_rules::registry::find("kop").unwrap();
    for seed in 0..6u64 {
        let mut game = info.create(Value::Null, 4, Setup::seeded(seed)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // Through the declarations, to the first lead.
        while game.to_act().len() > 1 || game.legal_len(game.to_act()[0]) == 1 {
            let seat = game.to_act()[0];
            let index = game.heuristic_index(seat, &mut rng);
            game.act_index(seat, index).unwrap();
        }
        let (a, b) = plan_and_twin(game.as_ref(), seed);
        assert_eq!(a.index, b.index, "deal {seed}: the plan read hidden cards");
        assert!(a.iterations > 1, "deal {seed}: the plan drew one world");
    }
}

/// The plan is generic: in every game its choice is the same in a state that differs only in
/// cards the seat cannot see (which also needs its groups of worlds summed in an order no
/// hasher's seed changes: Pishe Pasha's ties told it), and it finishes within its budget of
/// later decisions however many the game has (Teka, Paston: far more than it may look ahead
/// at). The index is within the legal actions by construction (`Decision::timed` keeps it
/// there), so that assertion is a guard, not the test.
#[test]
fn the_plan_chooses_legally_from_the_seats_view_in_every_game() {
    // A thread per game: the plans are bounded by iterations, not by time, so each choice is
    // the same however the threads share the cores.
    std::thread::scope(|threads| {
        for info in GAMES {
            threads.spawn(move || {
                for (options, seats) in info.configurations() {
                    for seed in 0..4u64 {
                        let steps = (seed as usize * 7) % 19;
                        let Some(game) = mid_game(info, &options, seats, seed, steps) else {
                            continue;
                        };
                        let (a, b) = plan_and_twin(game.as_ref(), seed);
                        assert!(
                            a.index < game.legal_len(game.to_act()[0]),
                            "{} {options}: illegal",
                            info.id
                        );
                        assert_eq!(
                            a.index, b.index,
                            "{} {options}: the plan read hidden cards (seed {seed})",
                            info.id
                        );
                    }
                }
            });
        }
    });
}
