//! Every per-game list outside the registry names every registered game, so a tenth game
//! cannot compile and pass while a suite skips it: the arena's and benches' tables, the replay
//! fixtures, the end-to-end tables, the pictures' positions and the load generator's tables.
//! Each check fails naming the list and the games it misses (or names twice, or does not know).

use std::collections::BTreeSet;

use pakka::rules::registry::{ARENA_TABLES, GAMES};
use pakka::table::replay_fixtures;

use crate::support::harness;

/// Fails unless `ids` names every registered game exactly once and nothing else.
fn names_every_game<'a>(list: &str, ids: impl IntoIterator<Item = &'a str>) {
    let ids: Vec<&str> = ids.into_iter().collect();
    let registered: BTreeSet<&str> = GAMES.iter().map(|g| g.id).collect();
    let listed: BTreeSet<&str> = ids.iter().copied().collect();
    let missing: Vec<&&str> = registered.difference(&listed).collect();
    let unknown: Vec<&&str> = listed.difference(&registered).collect();
    assert!(
        missing.is_empty() && unknown.is_empty() && ids.len() == listed.len(),
        "{list} must name every registered game once: missing {missing:?}, unknown {unknown:?}, \
         listed {ids:?}"
    );
}

#[test]
fn the_arena_and_the_benches_seat_every_game() {
    names_every_game(
        "rules::registry::ARENA_TABLES",
        ARENA_TABLES.iter().map(|t| t.0),
    );
}

#[test]
fn the_replay_fixtures_finish_every_game() {
    names_every_game(
        "table::replay_fixtures::EVERY_GAME",
        replay_fixtures::EVERY_GAME.iter().map(|t| t.0),
    );
}

#[test]
fn the_end_to_end_tables_play_every_game() {
    names_every_game(
        "tests/support/harness.rs EVERY_GAME",
        harness::EVERY_GAME.iter().map(|t| t.0),
    );
}

#[test]
fn the_reference_pictures_show_every_game() {
    names_every_game(
        "tests/pictures.rs POSITIONS",
        crate::pictures::POSITIONS.iter().map(|t| t.0),
    );
}

#[test]
fn the_load_generator_plays_every_game() {
    names_every_game(
        "tests/load.rs GAMES",
        crate::load::GAMES.iter().map(|t| t.0),
    );
}
