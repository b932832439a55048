//! The shared conformance suite over every registered game and every representative table
//! (`GameInfo::configurations`), for many seeds. See `pakka_conformance` for the checks.

use std::sync::atomic::{AtomicUsize, Ordering};

use pakka_conformance::{contract, playout, Depth};
use pakka_rules::registry::{GameInfo, GAMES};
use serde_json::Value;

/// Every game's every representative table, one job each.
fn tables() -> Vec<(&'static GameInfo, Value, usize)> {
    GAMES
        .iter()
        .flat_map(|info| {
            info.configurations()
                .into_iter()
                .map(move |(options, seats)| (info, options, seats))
        })
        .collect()
}

/// Runs `work` on every job, on as many threads as the machine has cores (the playouts are
/// all computation, and the jobs share nothing); a job's panic fails the test.
fn on_every_core<T: Sync>(jobs: &[T], work: impl Fn(&T) + Sync) {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..cores.min(jobs.len()) {
            scope.spawn(|| {
                while let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    work(job);
                }
            });
        }
    });
}

/// Thorough checks (determinization, serde, every listed action) on every action of a few seeds.
#[test]
fn every_game_passes_thorough_playouts() {
    on_every_core(&tables(), |&(info, ref options, seats)| {
        for seed in 0..4 {
            if let Err(e) = playout(info, options, seats, seed, Depth::default()) {
                panic!("{e}");
            }
        }
    });
}

/// Many seeds with the cheap checks on every action and the costly ones now and then.
#[test]
fn every_game_ends_over_many_seeds() {
    let depth = Depth {
        every: 25,
        unlisted: 4,
        ..Depth::default()
    };
    on_every_core(&tables(), |&(info, ref options, seats)| {
        let mut longest = 0;
        for seed in 100..160 {
            match playout(info, options, seats, seed, depth) {
                Ok(p) => longest = longest.max(p.actions),
                Err(e) => panic!("{e}"),
            }
        }
        eprintln!(
            "{} {options} seats={seats}: longest playout {longest} actions",
            info.id
        );
    });
}

/// The typed contract (`pakka_conformance::contract`): the fast forms `to_act_into`,
/// `legal_into` and `advance` (quiet and recording) agree with `to_act`, `legal_actions`,
/// `apply` and the status, for every game, configuration and seed.
#[test]
fn every_game_keeps_its_fast_path_equal_to_the_derived_one() {
    let playouts = contract::Playouts {
        seeds: 24,
        actions: 3_000,
    };
    match contract::every_game(playouts) {
        Ok(checked) => eprintln!("actions checked per game: {checked:?}"),
        Err(e) => panic!("{e}"),
    }
}
