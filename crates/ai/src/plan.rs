//! The plan, a search that looks ahead at the seat's own later decisions as the seat will
//! take them: knowing only what it will have seen by then. It draws a set of worlds (samples
//! consistent with the seat's view, weighed as `hard` weighs them), plays each of the seat's
//! actions in every world, lets the other seats follow their rule of thumb until the seat has
//! a choice again, and groups the worlds by what the seat then sees (its view): each group is
//! one of the seat's future decisions, and takes the action best over the whole group, not the
//! best in each world. An action's value is the weighed mean over the worlds of where that
//! play ends (expectimax over the seat's information sets). Where the flat search judges an
//! action by playouts in which the seat plays its rule of thumb, and a search of each world
//! would play every later card as if it saw every hand (strategy fusion), the plan plays as
//! well as what it will know allows. It is exact play against seats that follow the rule of
//! thumb, in the worlds drawn; its cost grows with the seat's lines of play, so it is for a
//! game of few decisions a deal (Kop: at most five, four cards at most to choose from).

use std::cell::Cell;
use std::collections::BTreeMap;
use std::time::Instant;

use rand_chacha::ChaCha8Rng;

use super::decision::{playout, Clock, Root, Sampler};
use super::reward;
use pakka_rules::{AnyGame, Observer};

/// Iterations of the budget per world. A world is played along every line of the seat, so it
/// costs several playouts of the flat search; at the arena's 1,000 iterations the plan draws
/// 500 worlds (300 and 1,000 did as well within 0.01 VC a deal in Kop, BENCHMARKS.md).
pub(super) const ITERATIONS_PER_WORLD: u32 = 2;

/// The seat's own decisions the plan looks ahead; past them a world is played out by the rule
/// of thumb (a game longer than Kop's deal).
const DEPTH: u32 = 6;

/// The share of the budget's time spent at most drawing worlds; the rest is for planning over
/// them, which costs several times as much a world.
const DRAWING_SHARE: u32 = 4;

/// The worlds of the first, timing plan (see [`plan`]).
const PILOT: usize = 16;

/// The most later decisions of the seat's, in one world each, that one plan looks ahead at, per
/// iteration of its budget. Kop looks ahead at most 123 a world (three declarations, then four,
/// three and two cards), 62 an iteration, so the bound never binds there; in a game of many
/// decisions it keeps the plan to a budget deterministically, where the time cap would not.
const LOOKS_PER_ITERATION: u32 = 100;

/// A world and its weight.
type World = (Box<dyn AnyGame>, f64);

/// Answers the chosen index into the seat's legal actions and the worlds planned over (one,
/// when the sampler answers the true state: `Root::exact`). Within the budget's time: drawing
/// stops at a quarter of it, and the plan over every world drawn is made only if a first plan
/// over a few of them shows that the rest of the time allows it, else over as many as it does.
pub(super) fn plan(
    root: &Root<'_>,
    sample: &mut Sampler<'_>,
    rng: &mut ChaCha8Rng,
    clock: Clock,
) -> (usize, u32) {
    let wanted = if root.exact {
        1
    } else {
        (clock.budget.iterations / ITERATIONS_PER_WORLD).max(1)
    };
    let drawing = clock.budget.time_cap / DRAWING_SHARE;
    let mut worlds: Vec<World> = Vec::new();
    let mut draws = 0u32;
    // Draws until enough worlds weigh something, within the drawing time, and at most forty
    // draws a world wanted (then whatever was drawn, or one world whatever it weighs: a sample
    // weighs nothing only if the others' choices rule it out).
    while worlds.len() < wanted as usize && draws < wanted * 40 {
        if draws > 0 && draws % 8 == 0 && clock.start.elapsed() >= drawing {
            break;
        }
        draws += 1;
        let (world, weight) = sample(rng);
        if weight > 0.0 {
            worlds.push((world, weight));
        }
    }
    if worlds.is_empty() {
        worlds.push((sample(rng).0, 1.0));
    }
    let first = &worlds[0].0;
    let planner = Planner {
        seat: root.seat,
        deal: first.deal_number(),
        scores: first.status().scores,
        horizon: root.horizon,
        // The rule of thumb reads only the seat's view: the same in every world.
        rule_of_thumb: first.heuristic_index(root.seat, rng),
        deadline: clock.start + clock.budget.time_cap,
        looks: clock.budget.iterations.saturating_mul(LOOKS_PER_ITERATION),
        looked: Cell::new(0),
        late: Cell::new(false),
    };
    let arms = root.keys.len();
    let worlds: Vec<(World, u32)> = worlds.into_iter().map(|w| (w, 0)).collect();
    // A first plan over a few worlds tells what a world costs in this decision; the plan over
    // all of them is made only if the time left allows, else over as many as it allows.
    let pilot = worlds.len().min(PILOT);
    let solving = Instant::now();
    let mut best = planner.best(&worlds[..pilot], arms, 0, rng).0;
    let mut solved = pilot;
    if pilot < worlds.len() && !planner.late.get() {
        let per_world = solving.elapsed().as_secs_f64() / pilot as f64;
        let left = clock
            .budget
            .time_cap
            .saturating_sub(clock.start.elapsed())
            .as_secs_f64();
        let affordable = if per_world > 0.0 {
            (left / per_world) as usize
        } else {
            worlds.len()
        };
        let n = worlds.len().min(affordable);
        if n > pilot {
            best = planner.best(&worlds[..n], arms, 0, rng).0;
            solved = n;
        }
    }
    (best, solved as u32)
}

/// What every node of one plan shares.
struct Planner {
    seat: usize,
    deal: u32,
    scores: Option<Vec<i64>>,
    horizon: u32,
    /// The seat's rule-of-thumb choice at the root, taken among actions of equal value.
    rule_of_thumb: usize,
    /// When the budget's time is up: from then on no later decision is looked ahead at.
    deadline: Instant,
    /// The most later decisions to look ahead at ([`LOOKS_PER_ITERATION`]).
    looks: u32,
    /// Later decisions looked ahead at so far, and whether the deadline has passed.
    looked: Cell<u32>,
    late: Cell<bool>,
}

/// Where the seat stands in one world after its action: a choice to make, or the end of the
/// deal (or of the plan's reach).
enum Next {
    Choice,
    End,
}

impl Planner {
    /// The best of `arms` actions for worlds that all show the seat the same view, each with
    /// the actions played in it so far, and its weighed total reward.
    fn best(
        &self,
        worlds: &[(World, u32)],
        arms: usize,
        depth: u32,
        rng: &mut ChaCha8Rng,
    ) -> (usize, f64) {
        let mut totals = vec![0.0; arms];
        for (arm, total) in totals.iter_mut().enumerate() {
            // Ordered by the view's key (hashed with fixed keys), so that the sums and the ties
            // between actions do not depend on a hasher's seed.
            let mut groups: BTreeMap<u64, Vec<(World, u32)>> = BTreeMap::new();
            for ((world, weight), acted) in worlds {
                let mut next = world.clone_box();
                if next.act_index(self.seat, arm).is_err() {
                    // Every world keeps the seat's legal actions; never credit an impossible one.
                    *total = f64::MIN;
                    break;
                }
                let mut acted = acted + 1;
                match self.advance(next.as_mut(), &mut acted, rng) {
                    Next::Choice if depth + 1 < DEPTH && self.may_look_ahead() => {
                        let view = next.view_key(Observer::Seat(self.seat));
                        groups
                            .entry(view)
                            .or_default()
                            .push(((next, *weight), acted));
                    }
                    Next::Choice => {
                        playout(next.as_mut(), self.horizon - acted, rng);
                        *total += weight * self.reward(next.as_ref());
                    }
                    Next::End => *total += weight * self.reward(next.as_ref()),
                }
            }
            if *total == f64::MIN {
                continue;
            }
            for group in groups.values() {
                let n = group[0].0 .0.legal_len(self.seat);
                *total += self.best(group, n, depth + 1, rng).1;
            }
        }
        let top = totals.iter().copied().fold(f64::MIN, f64::max);
        let near = |t: f64| t >= top - 1e-9 * top.abs().max(1.0);
        let chosen = if depth == 0 && totals.get(self.rule_of_thumb).is_some_and(|&t| near(t)) {
            self.rule_of_thumb
        } else {
            totals.iter().position(|&t| near(t)).unwrap_or(0)
        };
        (chosen, top)
    }

    /// Plays the other seats' rules of thumb and the seat's forced moves until the seat has a
    /// choice, the deal ends or the horizon is reached; `acted` counts the actions played.
    fn advance(&self, game: &mut dyn AnyGame, acted: &mut u32, rng: &mut ChaCha8Rng) -> Next {
        loop {
            if game.is_over() || game.deal_number() != self.deal || *acted >= self.horizon {
                return Next::End;
            }
            let to_act = game.to_act();
            // Another seat first: the seat's own choice waits for what it may see before it.
            let Some(&seat) = to_act
                .iter()
                .find(|&&s| s != self.seat || game.legal_len(s) <= 1)
            else {
                return if to_act.is_empty() {
                    Next::End
                } else {
                    Next::Choice
                };
            };
            let index = if seat == self.seat {
                0
            } else {
                game.heuristic_index(seat, rng)
            };
            if game.act_index(seat, index).is_err() {
                return Next::End;
            }
            *acted += 1;
        }
    }

    /// Whether one more of the seat's later decisions may be looked ahead at, in one world:
    /// not past `looks` of them in this plan, nor past the budget's time (looked at every 64).
    /// Beyond, the world is played out by the rule of thumb, as the flat search would, so a
    /// game of many decisions (`hard/plan` in the arena) stays within its budget.
    fn may_look_ahead(&self) -> bool {
        let looked = self.looked.get() + 1;
        self.looked.set(looked);
        if looked % 64 == 0 && Instant::now() >= self.deadline {
            self.late.set(true);
        }
        looked <= self.looks && !self.late.get()
    }

    fn reward(&self, game: &dyn AnyGame) -> f64 {
        reward(game, self.seat, self.scores.as_deref())
    }
}
