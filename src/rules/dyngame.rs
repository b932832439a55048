//! `AnyGame`: a game state behind a trait object that speaks JSON for actions, events, views and
//! state. The registry hands these out so the engine console, the conformance suite and the
//! table service can drive any registered game without naming its type. Implemented once, for
//! every `Game`.

use std::fmt;

use rand::{Rng, RngCore};
use serde_json::Value;

use super::{Game, Observer, RuleError, Seat, Status, Zone};
use crate::cards::Card;

/// Why a JSON action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActError {
    /// The JSON names no action of this game (unknown shape or unknown card).
    #[error("{0}")]
    BadAction(String),
    #[error(transparent)]
    Rule(#[from] RuleError),
}

/// One legal action as offered to a person: its JSON, its label, its group for a two-step
/// choice, and the question to confirm before it applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub action: Value,
    pub label: String,
    pub group: Option<String>,
    pub confirm: Option<String>,
}

/// A game state of some registered game, driven through JSON.
pub trait AnyGame: Send + Sync + fmt::Debug {
    fn game_id(&self) -> &'static str;
    fn seats(&self) -> usize;
    fn status(&self) -> Status;
    fn to_act(&self) -> Vec<Seat>;
    fn legal_json(&self, seat: Seat) -> Vec<Value>;
    /// Applies a JSON action; refused actions change nothing.
    fn act_json(&mut self, seat: Seat, action: &Value) -> Result<Vec<Value>, ActError>;
    /// Whether the JSON reads as an action of this game (legal now or not).
    fn parses(&self, action: &Value) -> bool;
    /// The listed form of a JSON action (see `Game::normalize`); unreadable JSON as it is.
    fn normalize_json(&self, seat: Seat, action: &Value) -> Value;
    fn view_json(&self, observer: Observer) -> Value;
    /// The observer's view as text for people (see `Game::describe`).
    fn describe(&self, observer: Observer, names: &[String]) -> String;
    /// The seat's legal actions as choices for people, in `legal_json` order.
    fn choices(&self, seat: Seat, names: &[String]) -> Vec<Choice>;
    /// The whole state as serialized for storage; `restore` of the registry reads it back.
    fn state_json(&self) -> Value;
    fn zones(&self) -> Vec<Zone>;
    fn hands(&self) -> Vec<Vec<Card>>;
    fn action_space_json(&self) -> Vec<Value>;
    fn determinize_box(&self, seat: Seat, rng: &mut dyn RngCore) -> Box<dyn AnyGame>;
    /// How many legal actions the seat has (cheaper than `legal_json`).
    fn legal_len(&self, seat: Seat) -> usize;
    /// Applies the seat's legal action at `index` without going through JSON.
    fn act_index(&mut self, seat: Seat, index: usize) -> Result<(), ActError>;
    /// The game's rule-of-thumb choice for the seat, from its view (see `Game::heuristic`).
    fn heuristic_index(&self, seat: Seat, rng: &mut dyn RngCore) -> usize;
    /// A random legal action for the seat among those the game lets a search explore
    /// (`Game::explore`); `None` when there is none.
    fn explore_index(&self, seat: Seat, rng: &mut dyn RngCore) -> Option<usize>;
    /// See `Game::rollout_horizon`.
    fn rollout_horizon(&self) -> Option<u32>;
    /// One move of a search's playout by `seat`: with probability `noise` a random action the
    /// game lets a search explore, else the game's rule of thumb; applied at once. Answers
    /// false when the seat has nothing to do. Lists the legal actions once (playouts are the
    /// hot loop of the `hard` player).
    fn playout_step(&mut self, seat: Seat, noise: f64, rng: &mut dyn RngCore) -> bool;
    fn clone_box(&self) -> Box<dyn AnyGame>;
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> Value {
    // Our own types serialize infallibly (no maps with non-string keys, no custom errors).
    serde_json::to_value(value).unwrap_or(Value::Null)
}

impl<G: Game> AnyGame for G {
    fn game_id(&self) -> &'static str {
        G::ID
    }

    fn seats(&self) -> usize {
        Game::seats(self)
    }

    fn status(&self) -> Status {
        Game::status(self)
    }

    fn to_act(&self) -> Vec<Seat> {
        Game::to_act(self)
    }

    fn legal_json(&self, seat: Seat) -> Vec<Value> {
        self.legal_actions(seat).iter().map(to_json).collect()
    }

    fn act_json(&mut self, seat: Seat, action: &Value) -> Result<Vec<Value>, ActError> {
        let action: G::Action = serde_json::from_value(action.clone()).map_err(|e| {
            ActError::BadAction(format!("{action} is not an action of {}: {e}.", G::NAME))
        })?;
        let events = self.apply(seat, &action)?;
        Ok(events.iter().map(to_json).collect())
    }

    fn parses(&self, action: &Value) -> bool {
        serde_json::from_value::<G::Action>(action.clone()).is_ok()
    }

    fn normalize_json(&self, seat: Seat, action: &Value) -> Value {
        match serde_json::from_value::<G::Action>(action.clone()) {
            Ok(a) => to_json(&self.normalize(seat, &a)),
            Err(_) => action.clone(),
        }
    }

    fn view_json(&self, observer: Observer) -> Value {
        to_json(&self.view(observer))
    }

    fn state_json(&self) -> Value {
        to_json(self)
    }

    fn describe(&self, observer: Observer, names: &[String]) -> String {
        G::describe(&self.view(observer), names)
    }

    fn choices(&self, seat: Seat, names: &[String]) -> Vec<Choice> {
        let view = self.view(Observer::Seat(seat));
        self.legal_actions(seat)
            .iter()
            .map(|a| Choice {
                action: to_json(a),
                label: G::label(&view, a, names),
                group: G::group(&view, a),
                confirm: G::confirm(&view, a),
            })
            .collect()
    }

    fn zones(&self) -> Vec<Zone> {
        Game::zones(self)
    }

    fn hands(&self) -> Vec<Vec<Card>> {
        Game::hands(self)
    }

    fn action_space_json(&self) -> Vec<Value> {
        self.action_space().iter().map(to_json).collect()
    }

    fn determinize_box(&self, seat: Seat, rng: &mut dyn RngCore) -> Box<dyn AnyGame> {
        Box::new(self.determinize(seat, rng))
    }

    fn legal_len(&self, seat: Seat) -> usize {
        self.legal_actions(seat).len()
    }

    fn act_index(&mut self, seat: Seat, index: usize) -> Result<(), ActError> {
        let legal = self.legal_actions(seat);
        let action = legal.get(index).ok_or_else(|| {
            ActError::Rule(RuleError::Illegal(format!(
                "there is no action number {index}"
            )))
        })?;
        self.apply(seat, action)?;
        Ok(())
    }

    fn heuristic_index(&self, seat: Seat, rng: &mut dyn RngCore) -> usize {
        let legal = self.legal_actions(seat);
        if legal.len() <= 1 {
            return 0;
        }
        G::heuristic(&self.view(Observer::Seat(seat)), &legal, rng).min(legal.len() - 1)
    }

    fn explore_index(&self, seat: Seat, rng: &mut dyn RngCore) -> Option<usize> {
        let legal = self.legal_actions(seat);
        let open: Vec<usize> = (0..legal.len())
            .filter(|&i| G::explore(&legal[i]))
            .collect();
        if open.is_empty() {
            return None;
        }
        Some(open[rng.random_range(0..open.len())])
    }

    fn rollout_horizon(&self) -> Option<u32> {
        G::rollout_horizon()
    }

    fn playout_step(&mut self, seat: Seat, noise: f64, rng: &mut dyn RngCore) -> bool {
        let legal = self.legal_actions(seat);
        let index = match legal.len() {
            0 => return false,
            1 => 0,
            n => {
                let random = if rng.random_bool(noise) {
                    let open: Vec<usize> = (0..n).filter(|&i| G::explore(&legal[i])).collect();
                    (!open.is_empty()).then(|| open[rng.random_range(0..open.len())])
                } else {
                    None
                };
                random.unwrap_or_else(|| {
                    G::heuristic(&self.view(Observer::Seat(seat)), &legal, rng).min(n - 1)
                })
            }
        };
        // Taken from the legal actions just listed, so the check of `apply` is not needed.
        self.apply_checked(seat, &legal[index]);
        true
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}
