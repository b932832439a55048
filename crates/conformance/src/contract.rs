//! The typed contract every registered game keeps, checked on the game's own types (reached
//! through `registry::each_game`, since `AnyGame` hides them): the allocation-free forms a
//! search's playouts run agree with the derived ones people's moves go through. Over seeded
//! playouts of every configuration, at every step: `to_act_into` lists what `to_act` and the
//! status do, into a buffer that held the last step's seats; `legal_into` lists what
//! `legal_actions` does for every seat, into a buffer that held other actions; `is_over` and
//! `deal_number` answer what the status does; the rule of thumb answers a legal index, the same
//! one twice; and the chosen action applied by `advance` with the quiet sink, by `advance` with
//! a recording sink and by `apply` leaves the same state (compared serialized), the recorded
//! events being exactly those `apply` answers. The per-game rules of thumb against their
//! view-reading references stay in each game's tests: a reference is the game's own code.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use pakka_rules::registry::{each_game, EachGame};
use pakka_rules::{Events, Game, Heuristic, Present, Seat, Setup};

/// How many playouts of each configuration, and how long each may run.
#[derive(Clone, Copy, Debug)]
pub struct Playouts {
    /// Seeds `0..seeds` for every configuration.
    pub seeds: u64,
    /// Actions after which a playout stops (its end is checked by [`crate::playout`]).
    pub actions: usize,
}

/// Checks the typed contract of every registered game over `playouts`. Answers how many actions
/// were checked per game, or the first violation.
pub fn every_game(playouts: Playouts) -> Result<Vec<(&'static str, usize)>, String> {
    struct Check {
        playouts: Playouts,
        checked: Vec<(&'static str, usize)>,
        failed: Option<String>,
    }
    impl EachGame for Check {
        fn game<G: Game + Present + Heuristic>(&mut self) {
            if self.failed.is_some() {
                return;
            }
            let mut actions = 0;
            for (options, seats) in G::configurations() {
                for seed in 0..self.playouts.seeds {
                    match playout::<G>(&options, seats, seed, self.playouts.actions) {
                        Ok(n) => actions += n,
                        Err(e) => {
                            self.failed = Some(format!(
                                "{} {options:?} seats={seats} seed={seed}: {e}",
                                G::ID
                            ));
                            return;
                        }
                    }
                }
            }
            self.checked.push((G::ID, actions));
        }
    }
    let mut check = Check {
        playouts,
        checked: Vec::new(),
        failed: None,
    };
    each_game(&mut check);
    match check.failed {
        Some(e) => Err(e),
        None => Ok(check.checked),
    }
}

/// One seeded playout of `G`, the rule of thumb's choice and random ones mixed, checking the
/// contract at every step. Answers how many actions it applied.
pub fn playout<G: Game + Heuristic>(
    options: &G::Options,
    seats: usize,
    seed: u64,
    max_actions: usize,
) -> Result<usize, String> {
    let mut game = G::new(options.clone(), seats, Setup::seeded(seed))
        .map_err(|e| format!("setup failed: {e}"))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xfa57);
    // Buffers carried from step to step, as a playout's are: each call must clear them first.
    let mut to_act = vec![Seat::MAX];
    let mut legal: Vec<G::Action> = Vec::new();
    for step in 0..max_actions {
        let at = |e: String| format!("step {step}: {e}");
        listings(&game, &mut to_act, &mut legal).map_err(at)?;
        if game.is_over() {
            return Ok(step);
        }
        let seat = to_act[rng.random_range(0..to_act.len())];
        game.legal_into(seat, &mut legal);
        let thumb = rule_of_thumb(&game, seat, &legal, &mut rng).map_err(at)?;
        let index = if rng.random_bool(0.5) {
            thumb
        } else {
            rng.random_range(0..legal.len())
        };
        let action = legal[index].clone();
        apply(&mut game, seat, &action).map_err(|e| at(format!("{action:?}: {e}")))?;
    }
    Ok(max_actions)
}

/// The fast listings against the derived ones and the status, for every seat.
fn listings<G: Game>(
    game: &G,
    to_act: &mut Vec<Seat>,
    legal: &mut Vec<G::Action>,
) -> Result<(), String> {
    let status = game.status();
    game.to_act_into(to_act);
    if *to_act != game.to_act() || *to_act != status.to_act {
        return Err(format!(
            "to_act_into {to_act:?}, to_act {:?}, status {:?}",
            game.to_act(),
            status.to_act
        ));
    }
    if game.is_over() != status.over {
        return Err(format!(
            "is_over {} but status {}",
            game.is_over(),
            status.over
        ));
    }
    if game.deal_number() != status.deal {
        return Err(format!(
            "deal_number {} but status {}",
            game.deal_number(),
            status.deal
        ));
    }
    // Each seat's listing starts from the buffer the seat before it filled.
    for seat in 0..game.seats() {
        game.legal_into(seat, legal);
        let listed = game.legal_actions(seat);
        if *legal != listed {
            return Err(format!(
                "seat {seat}: legal_into {legal:?}, legal_actions {listed:?}"
            ));
        }
    }
    Ok(())
}

/// The rule of thumb answers a legal index, and the same one again from the same generator.
fn rule_of_thumb<G: Heuristic>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    rng: &mut ChaCha8Rng,
) -> Result<usize, String> {
    let seed = rng.random();
    let once = game.rule_of_thumb(seat, legal, &mut ChaCha8Rng::seed_from_u64(seed));
    let again = game.rule_of_thumb(seat, legal, &mut ChaCha8Rng::seed_from_u64(seed));
    if once >= legal.len() {
        return Err(format!(
            "rule of thumb answered {once} of {} actions",
            legal.len()
        ));
    }
    if once != again {
        return Err(format!("rule of thumb answered {once}, then {again}"));
    }
    Ok(once)
}

/// Applies a listed action three ways: `advance` quiet, `advance` recording, `apply`. The
/// states must serialize alike and the recorded events equal `apply`'s.
fn apply<G: Game>(game: &mut G, seat: Seat, action: &G::Action) -> Result<(), String> {
    let mut quiet = game.clone();
    quiet.advance(seat, action, &mut Events::quiet());
    let mut recording = game.clone();
    let mut recorded = Vec::new();
    recording.advance(seat, action, &mut Events::to(&mut recorded));
    let told = game
        .apply(seat, action)
        .map_err(|e| format!("listed action refused: {e:?}"))?;
    if recorded != told {
        return Err(format!("advance told {recorded:?}, apply told {told:?}"));
    }
    let state = serialized(game)?;
    if serialized(&quiet)? != state {
        return Err("advance with the quiet sink left another state than apply".into());
    }
    if serialized(&recording)? != state {
        return Err("advance with a recording sink left another state than apply".into());
    }
    Ok(())
}

fn serialized<G: Game>(game: &G) -> Result<Value, String> {
    serde_json::to_value(game).map_err(|e| format!("state does not serialize: {e}"))
}
