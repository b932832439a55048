//! `pakka engine`: the line-oriented JSON console of `docs/engine-protocol.md`. One JSON
//! object in per line, exactly one out per line, flushed; bad input gets an error answer with its
//! code and the console reads on. Generic over the registry: a registered game appears here with
//! no code of its own. Error sentences are English, as scripts expect, unless the command line
//! names a language (`pakka --lang fi engine`); the locale variables do not change them.

use std::io::{self, BufRead, Write};

use serde_json::{json, Map, Value};

use crate::cards::Card;
use crate::catalog::en;
use crate::msg;
use crate::rules::registry;
use crate::rules::{ActError, AnyGame, Observer, RuleError, Seat, Setup, SetupError};
use crate::text::{verbatim, Msg};

/// A refused command: its protocol code and a sentence for a person (from `engine.ftl`, or the
/// rules' own refusal), worded in English as the protocol has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: &'static str,
    pub error: String,
}

/// The language of the error sentences, when the command line chose one.
static LANG: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();

/// Words the console's error sentences in `lang` (from `--lang`) instead of English.
pub fn set_lang(lang: &'static str) {
    let _ = LANG.set(lang);
}

impl Refusal {
    fn new(code: &'static str, error: &Msg) -> Refusal {
        let error = match LANG.get() {
            Some(lang) => crate::catalog::catalog().text(lang, error, &crate::catalog::NoNames),
            None => en(error),
        };
        Refusal { code, error }
    }

    fn bad_request(error: Msg) -> Refusal {
        Refusal::new("bad_request", &error)
    }
}

/// A field name of a request, as written in the protocol.
fn field(name: &str) -> crate::text::Arg {
    verbatim(name)
}

impl From<RuleError<Msg>> for Refusal {
    fn from(e: RuleError<Msg>) -> Refusal {
        let code = match e {
            RuleError::GameOver => "game_over",
            RuleError::NotYourTurn { .. } => "not_your_turn",
            RuleError::Illegal(_) => "illegal_action",
        };
        Refusal::new(code, &e.msg())
    }
}

impl From<SetupError> for Refusal {
    fn from(e: SetupError) -> Refusal {
        let code = match e {
            SetupError::Deck(_) => "bad_deck",
            _ => "bad_request",
        };
        Refusal::new(code, &e.msg())
    }
}

/// The console's one game and the command dispatcher.
#[derive(Default)]
pub struct Engine {
    game: Option<Box<dyn AnyGame>>,
}

impl Engine {
    pub fn new() -> Engine {
        Engine::default()
    }

    /// Answers one input line.
    pub fn handle_line(&mut self, line: &str) -> Value {
        match self.dispatch(line) {
            Ok(extra) => {
                let mut answer = Map::new();
                answer.insert("ok".into(), Value::Bool(true));
                if let Some(game) = &self.game {
                    answer.insert("status".into(), json!(game.status()));
                }
                answer.extend(extra);
                Value::Object(answer)
            }
            Err(r) => json!({"ok": false, "code": r.code, "error": r.error}),
        }
    }

    fn dispatch(&mut self, line: &str) -> Result<Map<String, Value>, Refusal> {
        let request: Value = serde_json::from_str(line).map_err(|e| {
            Refusal::bad_request(msg!("engine-not-json", detail = verbatim(e.to_string())))
        })?;
        let Value::Object(request) = request else {
            return Err(Refusal::bad_request(msg!("engine-not-object")));
        };
        let cmd = request
            .get("cmd")
            .ok_or_else(|| missing("cmd"))?
            .as_str()
            .ok_or_else(|| not_string("cmd"))?;
        match cmd {
            "new" => self.new_game(&request),
            "legal" => self.legal(&request),
            "act" => self.act(&request),
            "view" => {
                let game = self.game()?;
                let seat = seat_field(&request, game.seats())?;
                Ok(one("view", game.view_json(Observer::Seat(seat))))
            }
            "state" => {
                let game = self.game()?;
                let mut state = Map::new();
                state.insert("game".into(), json!(game.game_id()));
                state.insert("hands".into(), json!(game.hands()));
                if let Value::Object(fields) = game.state_json() {
                    state.extend(fields);
                }
                Ok(one("state", Value::Object(state)))
            }
            other => Err(Refusal::bad_request(msg!(
                "engine-unknown-command",
                cmd = verbatim(other)
            ))),
        }
    }

    fn game(&self) -> Result<&dyn AnyGame, Refusal> {
        self.game
            .as_deref()
            .ok_or_else(|| Refusal::new("no_game", &msg!("engine-no-game")))
    }

    fn new_game(&mut self, request: &Map<String, Value>) -> Result<Map<String, Value>, Refusal> {
        let name = request
            .get("game")
            .ok_or_else(|| missing("game"))?
            .as_str()
            .ok_or_else(|| not_string("game"))?;
        let info = registry::find(name).ok_or_else(|| {
            Refusal::bad_request(msg!(
                "engine-unknown-game",
                name = verbatim(name),
                ids = crate::table::game_ids()
            ))
        })?;
        let seats = request
            .get("seats")
            .ok_or_else(|| missing("seats"))?
            .as_u64()
            .ok_or_else(|| {
                Refusal::bad_request(msg!("engine-not-whole-number", field = field("seats")))
            })? as usize;
        let seed = match request.get("seed") {
            None => None,
            Some(v) => Some(
                v.as_u64()
                    .ok_or_else(|| Refusal::bad_request(msg!("engine-seed-not-number")))?,
            ),
        };
        let decks = match (request.get("deck"), request.get("decks")) {
            (Some(_), Some(_)) => return Err(Refusal::bad_request(msg!("engine-deck-and-decks"))),
            (Some(deck), None) => vec![parse_deck(deck)?],
            (None, Some(Value::Array(decks))) => {
                decks.iter().map(parse_deck).collect::<Result<_, _>>()?
            }
            (None, Some(_)) => return Err(Refusal::bad_request(msg!("engine-decks-not-list"))),
            (None, None) => Vec::new(),
        };
        if seed.is_none() && decks.is_empty() {
            return Err(Refusal::bad_request(msg!("engine-missing-seed")));
        }
        let dealer = match request.get("dealer") {
            None => None,
            Some(v) => Some(
                v.as_u64()
                    .ok_or_else(|| Refusal::bad_request(msg!("engine-dealer-not-seat")))?
                    as Seat,
            ),
        };
        let dealer = dealer.or((!decks.is_empty()).then_some(0));
        let options = request.get("options").cloned().unwrap_or(Value::Null);
        let setup = Setup {
            seed: seed.unwrap_or(0),
            dealer,
            decks,
        };
        self.game = Some(info.create(options, seats, setup)?);
        Ok(Map::new())
    }

    fn legal(&self, request: &Map<String, Value>) -> Result<Map<String, Value>, Refusal> {
        let game = self.game()?;
        let seat = match request.get("seat") {
            Some(_) => Some(seat_field(request, game.seats())?),
            None => game.to_act().first().copied(),
        };
        let actions = seat.map(|s| game.legal_json(s)).unwrap_or_default();
        let mut answer = one("seat", json!(seat));
        answer.insert("actions".into(), Value::Array(actions));
        Ok(answer)
    }

    fn act(&mut self, request: &Map<String, Value>) -> Result<Map<String, Value>, Refusal> {
        let seats = self.game()?.seats();
        let seat = seat_field(request, seats)?;
        let action = request.get("action").ok_or_else(|| missing("action"))?;
        let game = self
            .game
            .as_mut()
            .ok_or_else(|| Refusal::new("no_game", &msg!("engine-no-game")))?;
        let events = game.act_json(seat, action).map_err(|e| match e {
            ActError::BadAction(msg) => Refusal::bad_request(msg),
            ActError::Rule(rule) => Refusal::from(rule),
            // Not an answer of a JSON action; a place in a list is no protocol request.
            e @ ActError::NoSuchIndex(_) => Refusal::new("illegal_action", &e.msg()),
        })?;
        Ok(one(
            "events",
            Value::Array(events.into_iter().map(|t| t.event).collect()),
        ))
    }
}

fn one(key: &str, value: Value) -> Map<String, Value> {
    let mut map = Map::new();
    map.insert(key.into(), value);
    map
}

fn missing(name: &str) -> Refusal {
    Refusal::bad_request(msg!("engine-missing-field", field = field(name)))
}

fn not_string(name: &str) -> Refusal {
    Refusal::bad_request(msg!("engine-not-string", field = field(name)))
}

fn seat_field(request: &Map<String, Value>, seats: usize) -> Result<Seat, Refusal> {
    let value = request.get("seat").ok_or_else(|| missing("seat"))?;
    match value.as_u64() {
        Some(s) if (s as usize) < seats => Ok(s as usize),
        _ => Err(Refusal::bad_request(msg!(
            "engine-bad-seat",
            last = seats - 1,
            value = verbatim(value.to_string())
        ))),
    }
}

fn parse_deck(value: &Value) -> Result<Vec<Card>, Refusal> {
    let Value::Array(items) = value else {
        return Err(Refusal::bad_request(msg!("engine-deck-not-list")));
    };
    items
        .iter()
        .map(|item| match item {
            Value::String(s) => s.parse::<Card>().map_err(|e| {
                Refusal::new(
                    "bad_deck",
                    &msg!("engine-unknown-card", card = verbatim(e.0)),
                )
            }),
            other => Err(Refusal::new(
                "bad_deck",
                &msg!("engine-not-a-card", value = verbatim(other.to_string())),
            )),
        })
        .collect()
}

/// Runs the console until end of input. Only I/O errors end it early.
pub fn run(input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let mut engine = Engine::new();
    for line in input.lines() {
        let answer = engine.handle_line(&line?);
        serde_json::to_writer(&mut output, &answer)?;
        output.write_all(b"\n")?;
        output.flush()?;
    }
    Ok(())
}
