//! `AnyGame`: a game state behind one trait object, so the engine console, the conformance
//! suite, the table service and the computer players drive any registered game without naming
//! its type; the registry hands these out. Its methods come by role: [`Engine`] (the engine
//! console's JSON for actions, events, views and the state storage keeps), [`Presentation`]
//! (what the table shows people) and [`Searchable`] (what a search drives: samples, actions
//! by index, the rule of thumb, playouts, views by key). Each role is implemented once, for every `Game`
//! with its `Present` and `Heuristic`.

use std::fmt;
use std::hash::{Hash, Hasher};

use rand::rngs::SmallRng;
use rand::{Rng, RngCore, SeedableRng};
use serde_json::Value;

use super::{
    Events, Game, Heuristic, Observer, Present, Row, RuleError, Scene, Search, Seat, Seen, Status,
    Tone, Zone,
};
use pakka_cards::Card;
use pakka_text::msg;
use pakka_text::{verbatim, Msg};

/// Why an action was refused: a JSON action (`Engine::act_json`), or a legal action by its
/// place in the list (`Engine::act_at`, `Searchable::act_index`).
#[derive(Clone, Debug, PartialEq)]
pub enum ActError {
    /// The JSON names no action of this game (unknown shape or unknown card).
    BadAction(Msg),
    /// The seat has no legal action at this place in its list (fewer actions, or none: not its
    /// turn, or the game is over). A button of a list that has changed since.
    NoSuchIndex(usize),
    Rule(RuleError<Msg>),
}

impl ActError {
    /// The refusal as a message for people.
    pub fn msg(&self) -> Msg {
        match self {
            ActError::BadAction(m) => m.clone(),
            ActError::NoSuchIndex(index) => msg!("act-no-such-index", index = *index),
            ActError::Rule(r) => r.msg(),
        }
    }
}

/// For logs and test failures only: people are told `ActError::msg`, worded by the catalog.
impl fmt::Display for ActError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.msg())
    }
}

impl std::error::Error for ActError {}

impl From<RuleError<Msg>> for ActError {
    fn from(e: RuleError<Msg>) -> ActError {
        ActError::Rule(e)
    }
}

/// One legal action as offered to a person (by its place among the seat's legal actions):
/// its label, its group for a two-step choice, and the question to confirm before it applies.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub label: Msg,
    pub group: Option<Msg>,
    pub confirm: Option<Msg>,
    /// What the action means to the player (a button's colour).
    pub tone: Tone,
    /// Where its button sits: with the cards, or in the row of calls.
    pub row: Row,
    /// The cards of the seat's hand it plays or uses (`Present::action_cards`): a window plays
    /// it by tapping them.
    pub cards: Vec<Card>,
}

/// One public event of an applied action: its JSON (the engine console's shape) and its
/// sentence for people.
#[derive(Clone, Debug, PartialEq)]
pub struct Told {
    pub event: Value,
    pub text: Msg,
    /// The event hands out new hands (see `Present::deals`).
    pub deals: bool,
}

/// How a playout (`AnyGame::rollout`) chooses every seat's actions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Policy {
    /// A uniformly random legal action.
    Random,
    /// The game's rule of thumb (`Heuristic::rule_of_thumb`), except that with probability
    /// `noise` a random action among those the game lets a search explore (`Heuristic::explore`).
    RuleOfThumb { noise: f64 },
}

/// Where a playout stops (besides the end of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// The most actions it applies.
    pub actions: u32,
    /// Whether it stops when the match moves on to its next deal.
    pub within_deal: bool,
}

/// A game state of some registered game, behind one object type: what the engine console,
/// the table service, the computer players and storage hold (`Box<dyn AnyGame>`). Its methods
/// come by role from the traits below, each implemented once for every game, and are callable
/// on the object with `AnyGame` alone in scope.
pub trait AnyGame: Engine + Presentation + Searchable + Send + Sync + fmt::Debug {
    fn clone_box(&self) -> Box<dyn AnyGame>;
}

/// A state in the engine console's JSON (`docs/engine-protocol.md`): who acts, the
/// legal actions, applying one, views, and the whole state, which storage also keeps and the
/// registry's `restore` reads back. What the conformance suite drives.
pub trait Engine {
    fn game_id(&self) -> &'static str;
    fn seats(&self) -> usize;
    fn status(&self) -> Status;
    fn to_act(&self) -> Vec<Seat>;
    /// Whether the game is over (`status().over`, without building the status).
    fn is_over(&self) -> bool;
    fn legal_json(&self, seat: Seat) -> Vec<Value>;
    /// Applies a JSON action; refused actions change nothing.
    fn act_json(&mut self, seat: Seat, action: &Value) -> Result<Vec<Told>, ActError>;
    /// Applies the seat's legal action at `index` (in `legal_json` order), typed all the way:
    /// answers the action's JSON, serialized once (what the move log stores, the same as
    /// `legal_json(seat)[index]`), and what happened. An index past the list is refused
    /// (`ActError::NoSuchIndex`) and changes nothing.
    fn act_at(&mut self, seat: Seat, index: usize) -> Result<(Value, Vec<Told>), ActError>;
    /// Whether the JSON reads as an action of this game (legal now or not).
    fn parses(&self, action: &Value) -> bool;
    /// The listed form of a JSON action (see `Game::normalize`); unreadable JSON as it is.
    fn normalize_json(&self, seat: Seat, action: &Value) -> Value;
    fn view_json(&self, observer: Observer) -> Value;
    /// The whole state as serialized for storage; `restore` of the registry reads it back.
    fn state_json(&self) -> Value;
    fn action_space_json(&self) -> Vec<Value>;
    fn zones(&self) -> Vec<Zone>;
    fn hands(&self) -> Vec<Vec<Card>>;
}

/// What the table service shows people of a state: the game's name, descriptions, scores,
/// pictures, the offered choices, and the cards a seat's private story is told from.
pub trait Presentation {
    /// The game's name for people.
    fn name(&self) -> Msg;
    /// The observer's view as lines for people (see `Present::describe`).
    fn describe(&self, observer: Observer) -> Vec<Msg>;
    /// A score as the game counts it, for people (see `Present::score`).
    fn score(&self, points: i64) -> Msg;
    /// The observer's view as a picture (see `Present::picture`); for a seat, the cards of its
    /// hand that one of its legal actions plays are marked.
    fn picture(&self, observer: Observer) -> Scene;
    /// The seat's legal actions as choices for people, in `legal_json` order.
    fn choices(&self, seat: Seat) -> Vec<Choice>;
    /// The cards only this seat sees (its hand, and any private cards it holds), from the
    /// zones: what a seat's own private story ("you drew 7♥") is told from.
    fn own_cards(&self, seat: Seat) -> Vec<Card>;
    /// The seat's hand as its own view's picture shows it, in order: what a replay reveals of
    /// a deal at its end. Built from the view, so a card the seat never saw is not in it.
    fn hand_shown(&self, seat: Seat) -> Vec<Card>;
    /// The label of the action every seat to act may take alike without opening its hand
    /// (`Present::open_action`, from the public view), while the game offers one.
    fn open_choice(&self) -> Option<Msg>;
    /// That action's place among `seat`'s legal actions, while the seat may take it.
    fn open_index(&self, seat: Seat) -> Option<usize>;
}

/// What a computer player's search drives: samples, actions by index, the rule of thumb, and
/// playouts, none of it through JSON.
pub trait Searchable {
    /// A full state consistent with everything `seat` may see (see `Game::determinize`).
    fn determinize_box(&self, seat: Seat, rng: &mut dyn RngCore) -> Box<dyn AnyGame>;
    /// How many legal actions the seat has (cheaper than `legal_json`).
    fn legal_len(&self, seat: Seat) -> usize;
    /// Applies the seat's legal action at `index` without going through JSON.
    fn act_index(&mut self, seat: Seat, index: usize) -> Result<(), ActError>;
    /// The game's rule-of-thumb choice for the seat (see `Heuristic::rule_of_thumb`).
    fn heuristic_index(&self, seat: Seat, rng: &mut dyn RngCore) -> usize;
    /// Why the rule of thumb would choose the seat's legal action `index` (see
    /// `Heuristic::why`): a hint's one line, the game's own reason as its message.
    fn why(&self, seat: Seat, index: usize) -> crate::Why<Msg>;
    /// A random legal action for the seat among those the game lets a search explore
    /// (`Heuristic::explore`); `None` when there is none.
    fn explore_index(&self, seat: Seat, rng: &mut dyn RngCore) -> Option<usize>;
    /// See `Heuristic::rollout_horizon`.
    fn rollout_horizon(&self) -> Option<u32>;
    /// The search the game's `hard` player runs (see `Heuristic::search`).
    fn search(&self) -> Search;
    /// See `Heuristic::margin_share`.
    fn margin_share(&self) -> Option<f64>;
    /// See `Heuristic::rule_of_thumb_fit`; asked of samples only.
    fn rule_of_thumb_fit(&self, observer: Seat, noise: f64) -> Option<f64>;
    /// The current deal of a match, from 1 (`status().deal`, without building the status).
    fn deal_number(&self) -> u32;
    /// A key per legal action of the seat, in `legal_json` order, into `out` (cleared first):
    /// the same action has the same key in every state, so a search can recognise it across
    /// sampled states where the lists differ (the hash of the typed action).
    fn legal_keys(&self, seat: Seat, out: &mut Vec<u64>);
    /// A key of the observer's view (its typed value hashed, with fixed keys: the same in
    /// every run): equal views have equal keys, so a search groups samples by what a seat
    /// sees with it, in a deterministic order.
    fn view_key(&self, observer: Observer) -> u64;
    /// Plays on from here as a search's playout: each action by a seat to act (one drawn at
    /// random where several may act), chosen by `policy`, until the game ends, `limit` says
    /// stop, or no seat has an action. Answers how many actions it applied. Allocates its
    /// buffers once per call, nothing per action (playouts are the hot loop of `hard`).
    fn rollout(&mut self, policy: Policy, limit: Limit, rng: &mut dyn RngCore) -> u32;
}

/// A game's typed refusal, worded by its presentation.
fn refusal<G: Game + Present>(e: RuleError<G::Refusal>) -> ActError {
    ActError::Rule(e.map(|r| G::reason(&r)))
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

/// A game's events as told: each one's JSON and its sentence.
fn told<G: Game + Present>(events: &[G::Event]) -> Vec<Told> {
    events
        .iter()
        .map(|e| Told {
            event: to_json(e),
            text: G::event(e),
            deals: G::deals(e),
        })
        .collect()
}

impl<G: Game + Present> Engine for G {
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

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn legal_json(&self, seat: Seat) -> Vec<Value> {
        self.legal_actions(seat).iter().map(to_json).collect()
    }

    fn act_json(&mut self, seat: Seat, action: &Value) -> Result<Vec<Told>, ActError> {
        let action: G::Action = serde_json::from_value(action.clone()).map_err(|e| {
            ActError::BadAction(msg!(
                "act-not-an-action",
                action = verbatim(action.to_string()),
                game = G::name(),
                detail = verbatim(e.to_string())
            ))
        })?;
        let events = self.apply(seat, &action).map_err(refusal::<G>)?;
        Ok(told::<G>(&events))
    }

    fn act_at(&mut self, seat: Seat, index: usize) -> Result<(Value, Vec<Told>), ActError> {
        let mut legal = self.legal_actions(seat);
        if index >= legal.len() {
            return Err(ActError::NoSuchIndex(index));
        }
        let action = legal.swap_remove(index);
        // Taken from the legal actions just listed, so the check of `apply` is not needed.
        let events = self.apply_checked(seat, &action);
        Ok((to_json(&action), told::<G>(&events)))
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

    fn action_space_json(&self) -> Vec<Value> {
        self.action_space().iter().map(to_json).collect()
    }

    fn zones(&self) -> Vec<Zone> {
        Game::zones(self)
    }

    fn hands(&self) -> Vec<Vec<Card>> {
        Game::hands(self)
    }
}

/// Why a card the seat holds may not be played now, while it may play others: the game's own
/// refusal of that card ("You must follow suit: play a ♥."), the same words a click on it would
/// get. For the games whose card play is one card (`Game::card_play`); None for the others,
/// and when every held card is playable or none is.
fn held_back<G: Game + Present>(game: &G, seat: Seat, legal: &[G::Action]) -> Option<Msg> {
    let playable: Vec<Card> = legal.iter().flat_map(G::action_cards).collect();
    if playable.is_empty() {
        return None;
    }
    Presentation::own_cards(game, seat)
        .into_iter()
        .filter(|c| !playable.contains(c))
        .find_map(|c| {
            let action = G::card_play(c)?;
            (!legal.contains(&action)).then(|| G::reason(&game.refusal(seat, &action)))
        })
}

impl<G: Game + Present> Presentation for G {
    fn name(&self) -> Msg {
        G::name()
    }

    fn describe(&self, observer: Observer) -> Vec<Msg> {
        let view = self.view(observer);
        let mut lines = G::describe(&view);
        // A seat whose choice is narrower than it looks is told why, beside its buttons.
        if let Observer::Seat(seat) = observer {
            let legal = self.legal_actions(seat);
            if !legal.is_empty() {
                lines.extend(G::why(&view, &legal).or_else(|| held_back(self, seat, &legal)));
            }
        }
        lines
    }

    fn score(&self, points: i64) -> Msg {
        G::score(points)
    }

    fn picture(&self, observer: Observer) -> Scene {
        let mut scene = G::picture(&self.view(observer));
        // Whose decision the game waits for is public, and the state knows it exactly (a view
        // may not say that the game ended, as Pishe Pasha's after a repetition).
        let waiting = Game::to_act(self);
        for part in &mut scene.seats {
            part.to_act = waiting.contains(&part.seat);
        }
        if let (Observer::Seat(seat), Some(hand)) = (observer, scene.hand.as_mut()) {
            let legal = self.legal_actions(seat);
            let cards: Vec<Card> = legal.iter().flat_map(G::action_cards).collect();
            hand.to_act = !legal.is_empty();
            for c in hand.groups.iter_mut().flatten() {
                c.legal = cards.contains(&c.card);
            }
        }
        scene
    }

    fn choices(&self, seat: Seat) -> Vec<Choice> {
        let view = self.view(Observer::Seat(seat));
        self.legal_actions(seat)
            .iter()
            .map(|a| Choice {
                label: G::label(&view, a),
                group: G::group(&view, a),
                confirm: G::confirm(&view, a),
                tone: G::tone(&view, a),
                row: G::row(&view, a),
                cards: G::action_cards(a),
            })
            .collect()
    }

    fn own_cards(&self, seat: Seat) -> Vec<Card> {
        Game::zones(self)
            .into_iter()
            .filter(|z| z.seen == Seen::Only(seat))
            .flat_map(|z| z.cards)
            .collect()
    }

    fn hand_shown(&self, seat: Seat) -> Vec<Card> {
        G::picture(&self.view(Observer::Seat(seat)))
            .hand
            .map(|hand| hand.cards().map(|c| c.card).collect())
            .unwrap_or_default()
    }

    fn open_choice(&self) -> Option<Msg> {
        let public = self.view(Observer::Public);
        G::open_action(&public).map(|action| G::label(&public, &action))
    }

    fn open_index(&self, seat: Seat) -> Option<usize> {
        let action = G::open_action(&self.view(Observer::Public))?;
        self.legal_actions(seat).iter().position(|a| *a == action)
    }
}

impl<G: Game + Present + Heuristic> Searchable for G {
    fn determinize_box(&self, seat: Seat, rng: &mut dyn RngCore) -> Box<dyn AnyGame> {
        Box::new(self.determinize(seat, rng))
    }

    fn legal_len(&self, seat: Seat) -> usize {
        self.legal_actions(seat).len()
    }

    fn act_index(&mut self, seat: Seat, index: usize) -> Result<(), ActError> {
        let legal = self.legal_actions(seat);
        let action = legal.get(index).ok_or(ActError::NoSuchIndex(index))?;
        // Taken from the legal actions just listed, so the check of `apply` is not needed.
        self.advance(seat, action, &mut Events::quiet());
        Ok(())
    }

    fn heuristic_index(&self, seat: Seat, rng: &mut dyn RngCore) -> usize {
        let legal = self.legal_actions(seat);
        if legal.len() <= 1 {
            return 0;
        }
        self.rule_of_thumb(seat, &legal, rng).min(legal.len() - 1)
    }

    fn why(&self, seat: Seat, index: usize) -> crate::Why<Msg> {
        let legal = self.legal_actions(seat);
        if legal.len() <= 1 {
            return crate::Why::Only;
        }
        Heuristic::why(self, seat, &legal, index.min(legal.len() - 1)).map(Into::into)
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

    fn search(&self) -> Search {
        <G as Heuristic>::search()
    }

    fn margin_share(&self) -> Option<f64> {
        <G as Heuristic>::margin_share()
    }

    fn rule_of_thumb_fit(&self, observer: Seat, noise: f64) -> Option<f64> {
        Heuristic::rule_of_thumb_fit(self, observer, noise)
    }

    fn deal_number(&self) -> u32 {
        Game::deal_number(self)
    }

    fn legal_keys(&self, seat: Seat, out: &mut Vec<u64>) {
        out.clear();
        out.extend(self.legal_actions(seat).iter().map(|a| {
            // `DefaultHasher::new()` has fixed keys: the same action hashes alike everywhere.
            let mut hasher = std::hash::DefaultHasher::new();
            a.hash(&mut hasher);
            hasher.finish()
        }));
    }

    fn view_key(&self, observer: Observer) -> u64 {
        crate::hash_key::key_of(&self.view(observer))
    }

    fn rollout(&mut self, policy: Policy, limit: Limit, rng: &mut dyn RngCore) -> u32 {
        // A fast generator for the playout's many small draws, seeded from the caller's (so a
        // seeded search stays reproducible).
        let mut fast = SmallRng::seed_from_u64(rng.next_u64());
        let deal = self.deal_number();
        let mut seats = Vec::with_capacity(8);
        // Room for the longest lists (Paston's 66 discards) without growing.
        let mut legal = Vec::with_capacity(72);
        let mut done = 0;
        while done < limit.actions && !self.is_over() {
            if limit.within_deal && self.deal_number() != deal {
                break;
            }
            self.to_act_into(&mut seats);
            let seat = match seats.len() {
                0 => break,
                1 => seats[0],
                n => seats[fast.random_range(0..n)],
            };
            self.legal_into(seat, &mut legal);
            let index = match (legal.len(), policy) {
                (0, _) => break,
                (1, _) => 0,
                (n, Policy::Random) => fast.random_range(0..n),
                (n, Policy::RuleOfThumb { noise }) => {
                    let random = if noise > 0.0 && fast.random_bool(noise) {
                        let open = legal.iter().filter(|a| G::explore(a)).count();
                        (open > 0).then(|| {
                            let k = fast.random_range(0..open);
                            legal
                                .iter()
                                .enumerate()
                                .filter(|(_, a)| G::explore(a))
                                .nth(k)
                                .map_or(0, |(i, _)| i)
                        })
                    } else {
                        None
                    };
                    random.unwrap_or_else(|| self.rule_of_thumb(seat, &legal, &mut fast).min(n - 1))
                }
            };
            // Taken from the legal actions just listed, so the check of `apply` is not needed.
            self.advance(seat, &legal[index], &mut Events::quiet());
            done += 1;
        }
        done
    }
}

impl<G: Game + Present + Heuristic> AnyGame for G {
    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }
}
