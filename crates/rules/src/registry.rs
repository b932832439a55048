//! The registry: game ids and aliases → games, their seat counts and options (each game's
//! specification, `OptionsSpec` in `options.rs`, and the reading of `name=value` words),
//! creation and restore, and each game's showcase tables (`SHOWCASES`, and from them `ARENA_TABLES`, the
//! table each game is measured on). Adding a game is one name in the `registry!` list, which
//! writes `GAMES` (the type-erased entries the engine console, the table service and Discord
//! read), `SHOWCASES` (the fixed tables every suite plays each game at, `Game::SHOWCASE`) and
//! `each_game` (a walk over the games' own types, for the conformance suite's typed checks).

use serde_json::Value;

use super::kop::Kop;
use super::matapesa::Matapesa;
use super::paskahousu::Paskahousu;
use super::paston::Paston;
use super::pishe_pasha::PishePasha;
use super::poytapaska::Poytapaska;
use super::red7::Red7;
use super::teka::Teka;
use super::whist22::Whist22;
use super::{check_seats, AnyGame, Game, Heuristic, Present, Seat, Setup, SetupError, Showcase};
pub use crate::options::OptionsError;
use crate::options::{OptionKind, OptionSpec, OptionValue, OptionValues, OptionsSpec};
use pakka_text::{list_of, msg, verbatim, Msg};

type Create = fn(Value, usize, Setup) -> Result<Box<dyn AnyGame>, SetupError>;
type Restore = fn(Value) -> Result<Box<dyn AnyGame>, serde_json::Error>;

/// One registered game.
pub struct GameInfo {
    pub id: &'static str,
    pub aliases: &'static [&'static str],
    name: fn() -> Msg,
    /// Fewest and most seats any option allows.
    pub seats: (usize, usize),
    /// The seat's team for ratings (`Game::team_of`).
    pub team_of: fn(Seat) -> Seat,
    /// A tournament may play it as duplicate (`Game::DUPLICATE`).
    pub duplicate: bool,
    summary: fn() -> Msg,
    glossary: fn() -> Vec<Msg>,
    create: Create,
    restore: Restore,
    default_options: fn() -> Value,
    options: &'static [OptionSpec],
    configurations: fn() -> Vec<(Value, usize)>,
}

impl GameInfo {
    const fn of<G: Game + Present + Heuristic>() -> GameInfo
    where
        G::Options: OptionsSpec,
    {
        GameInfo {
            id: G::ID,
            aliases: G::ALIASES,
            name: G::name,
            seats: G::SEATS,
            team_of: G::team_of,
            duplicate: G::DUPLICATE,
            summary: G::summary,
            glossary: G::glossary,
            create: create::<G>,
            restore: restore::<G>,
            default_options: default_options::<G>,
            options: <G::Options as OptionsSpec>::SPEC,
            configurations: configurations::<G>,
        }
    }

    /// The game's name for people.
    pub fn name(&self) -> Msg {
        (self.name)()
    }

    /// A few sentences for `/rules`.
    pub fn summary(&self) -> Msg {
        (self.summary)()
    }

    /// The game's own words, each explained in one line (`Present::glossary`).
    pub fn glossary(&self) -> Vec<Msg> {
        (self.glossary)()
    }

    /// The fewest and most seats the default options allow (Whist 22: 3–4, though `bga_seats`
    /// allows 2–7).
    pub fn default_seats(&self) -> (usize, usize) {
        let fits = |seats: usize| {
            !matches!(
                self.create(Value::Null, seats, Setup::seeded(0)),
                Err(SetupError::Seats { .. })
            )
        };
        let (lo, hi) = self.seats;
        let first = (lo..=hi).find(|&s| fits(s)).unwrap_or(lo);
        let last = (lo..=hi).rev().find(|&s| fits(s)).unwrap_or(hi);
        (first, last)
    }

    /// The option that would allow `seats` players when the defaults do not (Whist 22's
    /// `bga_seats` for 2 or 5–7): the first of the game's yes/no options, off by default, that
    /// makes the count fit. None when no single option does.
    pub fn seats_option(&self, seats: usize) -> Option<String> {
        self.options
            .iter()
            .filter(|o| o.kind == OptionKind::Flag && o.default == OptionValue::Flag(false))
            .find(|o| {
                let options = serde_json::json!({ o.name: true });
                !matches!(
                    self.create(options, seats, Setup::seeded(0)),
                    Err(SetupError::Seats { .. })
                )
            })
            .map(|o| o.name.to_string())
    }

    /// A refused setup for people: a seat count that one of the game's options would allow
    /// names that option ("For 2 players, set the option bga_seats=true."); any other
    /// refusal as `SetupError::msg` words it. (The engine console words its refusals with
    /// `SetupError::msg`, unchanged.)
    pub fn refusal(&self, e: &SetupError) -> Msg {
        match e {
            SetupError::Seats { got, .. } => match self.seats_option(*got) {
                Some(option) => msg!(
                    "setup-seats-option",
                    refusal = e.msg(),
                    got = *got,
                    option = verbatim(option)
                ),
                None => e.msg(),
            },
            _ => e.msg(),
        }
    }

    /// A new game. `options` is a JSON object of the game's options (`null` for the defaults);
    /// an unknown name or a value of the wrong kind is refused.
    pub fn create(
        &self,
        options: Value,
        seats: usize,
        setup: Setup,
    ) -> Result<Box<dyn AnyGame>, SetupError> {
        (self.create)(options, seats, setup)
    }

    /// A game from the JSON `AnyGame::state_json` wrote.
    pub fn restore(&self, state: Value) -> Result<Box<dyn AnyGame>, serde_json::Error> {
        (self.restore)(state)
    }

    /// The options object with every default filled in.
    pub fn default_options(&self) -> Value {
        (self.default_options)()
    }

    /// The game's options: each one's name, kind, default and choices (`Options`'s
    /// [`OptionsSpec`]).
    pub fn options(&self) -> &'static [OptionSpec] {
        self.options
    }

    /// Reads options written as `name=value` words (`"variant=book stop_rule=true"`) against
    /// the game's specification ([`OptionValues::parse`]). Unknown names and values the option
    /// does not take are refused, naming the valid ones.
    pub fn read_options(&self, text: &str) -> Result<OptionValues, OptionsError> {
        OptionValues::parse(self.id, self.options, text)
    }

    /// [`read_options`](Self::read_options), as the JSON object `create` takes.
    pub fn parse_options(&self, text: &str) -> Result<Value, OptionsError> {
        self.read_options(text).map(|o| o.to_json())
    }

    /// The options a table's JSON object names (`null`: every default), typed.
    pub fn chosen_options(&self, options: &Value) -> Result<OptionValues, OptionsError> {
        OptionValues::from_json(self.id, self.options, options)
    }

    /// Representative (options, seats) pairs: every variant at every seat count it allows.
    pub fn configurations(&self) -> Vec<(Value, usize)> {
        (self.configurations)()
    }
}

/// The name of the game with this id (the id itself, verbatim, for an unknown one).
pub fn name_of(id: &str) -> Msg {
    match find(id) {
        Some(info) => info.name(),
        None => msg!("game-unknown", id = verbatim(id.to_string())),
    }
}

fn create<G: Game + Present + Heuristic>(
    options: Value,
    seats: usize,
    setup: Setup,
) -> Result<Box<dyn AnyGame>, SetupError> {
    let options: G::Options = match options {
        Value::Null => G::Options::default(),
        Value::Object(_) => {
            serde_json::from_value(options).map_err(|e| SetupError::Options(e.to_string()))?
        }
        other => {
            return Err(SetupError::Options(format!(
                "options must be an object, not {other}"
            )))
        }
    };
    check_seats::<G>(&options, seats)?;
    Ok(Box::new(G::new(options, seats, setup)?))
}

fn restore<G: Game + Present + Heuristic>(
    state: Value,
) -> Result<Box<dyn AnyGame>, serde_json::Error> {
    Ok(Box::new(serde_json::from_value::<G>(state)?))
}

fn default_options<G: Game>() -> Value {
    serde_json::to_value(G::Options::default()).unwrap_or(Value::Null)
}

fn configurations<G: Game>() -> Vec<(Value, usize)> {
    G::configurations()
        .into_iter()
        .map(|(o, n)| (serde_json::to_value(o).unwrap_or(Value::Null), n))
        .collect()
}

/// Something to do with each registered game's own types, through [`each_game`]: what
/// `AnyGame` hides, such as the conformance suite's checks of the typed contract.
pub trait EachGame {
    fn game<G: Game + Present + Heuristic>(&mut self)
    where
        G::Options: OptionsSpec;
}

/// The one list of games: [`GAMES`] and [`each_game`] are written from it.
macro_rules! registry {
    ($($game:ty),* $(,)?) => {
        /// Every game pakka hosts, in the order menus list them.
        pub static GAMES: &[GameInfo] = &[$(GameInfo::of::<$game>()),*];

        /// Every game's id and showcase tables ([`Game::SHOWCASE`]), in the order of
        /// [`GAMES`]: what the suites' per-game tables are written from
        /// ([`showcases!`](crate::showcases)).
        pub const SHOWCASES: &[(&str, Showcase)] =
            &[$((<$game as Game>::ID, <$game as Game>::SHOWCASE)),*];

        /// Calls `visitor` with the type of each game of [`GAMES`], in the same order.
        pub fn each_game(visitor: &mut impl EachGame) {
            $(visitor.game::<$game>();)*
        }
    };
}

registry!(PishePasha, Paskahousu, Poytapaska, Paston, Teka, Red7, Matapesa, Kop, Whist22,);

/// The table the benchmarks and the arena's figures in BENCHMARKS.md use for each game (default
/// options): its id and seats (`Showcase::arena_seats`).
pub const ARENA_TABLES: &[(&str, usize)] = crate::showcases!(|id, s| (id, s.arena_seats));

/// The game with this id or alias (case-insensitive).
pub fn find(name: &str) -> Option<&'static GameInfo> {
    let name = name.trim().to_lowercase();
    GAMES
        .iter()
        .find(|g| g.id == name || g.aliases.iter().any(|a| a.to_lowercase() == name))
}

/// A refusal of option words as a message for people, the game named as the registry names it
/// (here, so that `options` needs no registry).
impl OptionsError {
    /// The refusal as a message for people.
    pub fn msg(&self) -> Msg {
        match self {
            OptionsError::NotNameValue { example } => {
                msg!(
                    "options-not-name-value",
                    example = verbatim(example.clone())
                )
            }
            OptionsError::NoOptions { game } => msg!("options-none", game = name_of(game)),
            OptionsError::Unknown { game, name, known } => msg!(
                "options-unknown",
                game = name_of(game),
                name = verbatim(name.clone()),
                known = list_of(
                    known.iter().map(|k| verbatim(*k)),
                    pakka_text::key!("sep-comma")
                )
            ),
            OptionsError::NotBool { name, value } => msg!(
                "options-not-bool",
                name = verbatim(name.clone()),
                value = verbatim(value.clone())
            ),
            OptionsError::NotChoice {
                name,
                value,
                choices,
            } => msg!(
                "options-not-choice",
                name = verbatim(name.clone()),
                value = verbatim(value.clone()),
                choices = list_of(
                    choices.iter().map(|c| verbatim(*c)),
                    pakka_text::key!("sep-comma")
                )
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    //! The registry of games: ids and aliases resolve and are unique; `each_game` walks the games
    //! in their order; `card_play` reads the protocol's `{"play": CARD}` as the game's action; the
    //! showcases follow the games and their tables set up; option words are typed after the
    //! defaults; unknown options are refused.

    use super::*;

    #[test]
    fn ids_and_aliases_resolve() {
        for name in ["pisha-pasha", "Pishe-Pasha", "pisha-paysha"] {
            assert_eq!(find(name).map(|g| g.id), Some("pisha-pasha"), "{name}");
        }
        assert!(find("poker").is_none());
    }

    #[test]
    fn each_game_walks_the_games_in_their_order() {
        struct Ids(Vec<&'static str>);
        impl EachGame for Ids {
            fn game<G: Game + Present + Heuristic>(&mut self) {
                self.0.push(G::ID);
            }
        }
        let mut ids = Ids(Vec::new());
        each_game(&mut ids);
        assert_eq!(ids.0, GAMES.iter().map(|g| g.id).collect::<Vec<_>>());
    }

    /// `Game::card_play` is the engine protocol's `{"play": CARD}`, read as the game's action:
    /// the same action for every card where that JSON reads as one, none where it does not.
    #[test]
    fn a_card_play_is_the_protocols_play_of_that_card() {
        struct Plays(Vec<&'static str>);
        impl EachGame for Plays {
            fn game<G: Game + Present + Heuristic>(&mut self) {
                let mut some = false;
                for card in (0..pakka_cards::Card::COUNT).filter_map(pakka_cards::Card::from_index)
                {
                    let json = serde_json::json!({ "play": card.to_string() });
                    let read = serde_json::from_value::<G::Action>(json).ok();
                    assert_eq!(G::card_play(card), read, "{}: {card}", G::ID);
                    some |= read.is_some();
                }
                if some {
                    self.0.push(G::ID);
                }
            }
        }
        let mut plays = Plays(Vec::new());
        each_game(&mut plays);
        assert_eq!(plays.0, ["paston", "teka", "matapesa", "kop", "whist22"]);
    }

    #[test]
    fn the_showcases_follow_the_games_and_their_tables_set_up() {
        assert_eq!(
            SHOWCASES.iter().map(|s| s.0).collect::<Vec<_>>(),
            GAMES.iter().map(|g| g.id).collect::<Vec<_>>()
        );
        assert_eq!(ARENA_TABLES[7], ("kop", 4));
        for (info, (_, s)) in GAMES.iter().zip(SHOWCASES) {
            let seats = [
                s.arena_seats,
                s.replay_seats,
                s.people + s.computers,
                s.load_people,
            ];
            for n in seats {
                assert!(
                    info.create(Value::Null, n, Setup::seeded(s.seed)).is_ok(),
                    "{}: {n} seats",
                    info.id
                );
            }
            let options = info.parse_options(s.picture.options).unwrap();
            let picture = info.create(options, s.picture.seats, Setup::seeded(s.seed));
            assert!(picture.is_ok(), "{}: the picture's table", info.id);
            assert!(s.picture.hand < s.picture.seats, "{}", info.id);
        }
    }

    #[test]
    fn ids_are_unique() {
        let mut names: Vec<&str> = GAMES
            .iter()
            .flat_map(|g| std::iter::once(g.id).chain(g.aliases.iter().copied()))
            .collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n);
    }

    #[test]
    fn option_words_are_read_against_the_games_specification() {
        let g = find("pisha-pasha").unwrap();
        assert_eq!(
            g.parse_options("variant=book, stop_rule=yes").unwrap(),
            serde_json::json!({"variant": "book", "stop_rule": true})
        );
        assert_eq!(g.parse_options("").unwrap(), serde_json::json!({}));
        assert_eq!(
            g.parse_options("speed=fast"),
            Err(OptionsError::Unknown {
                game: "pisha-pasha",
                name: "speed".into(),
                known: vec!["variant", "stop_rule"]
            })
        );
        assert_eq!(
            g.parse_options("stop_rule=maybe"),
            Err(OptionsError::NotBool {
                name: "stop_rule".into(),
                value: "maybe".into()
            })
        );
        assert!(matches!(
            g.parse_options("stop_rule"),
            Err(OptionsError::NotNameValue { .. })
        ));
        // A choice's value is checked as it is read, before any table is made.
        assert_eq!(
            g.parse_options("variant=poker"),
            Err(OptionsError::NotChoice {
                name: "variant".into(),
                value: "poker".into(),
                choices: vec!["standard", "single_foundation", "book"]
            })
        );
        let paskahousu = find("paskahousu").unwrap();
        assert!(matches!(
            paskahousu.parse_options("court_min_top=8"),
            Err(OptionsError::NotChoice { .. })
        ));
        assert_eq!(
            find("kop").unwrap().parse_options("a=b"),
            Err(OptionsError::NoOptions { game: "kop" })
        );
    }

    /// Every registered game's specification agrees with its `Options`: the default serialises
    /// to exactly the specification's defaults, in order, and every value the specification
    /// allows is accepted by the game's deserialiser and written back unchanged, and its
    /// `name=value` words read as that JSON.
    #[test]
    fn every_games_specification_agrees_with_its_options() {
        struct Agree(usize);
        impl EachGame for Agree {
            fn game<G: Game + Present + Heuristic>(&mut self)
            where
                G::Options: OptionsSpec,
            {
                let spec = <G::Options as OptionsSpec>::SPEC;
                let default = serde_json::to_value(G::Options::default()).unwrap();
                assert_eq!(
                    default,
                    OptionValues::defaults(spec).to_json(),
                    "{}: Options::default() and the specification",
                    G::ID
                );
                let mut names: Vec<_> = spec.iter().map(|o| o.name).collect();
                names.sort_unstable();
                names.dedup();
                assert_eq!(names.len(), spec.len(), "{}: a name twice", G::ID);
                for option in spec {
                    let values = option.values();
                    assert_eq!(values[0], option.default, "{} {}", G::ID, option.name);
                    if let OptionKind::Choice(choices) = option.kind {
                        assert!(choices.contains(&option.default.word()), "{}", option.name);
                    }
                    for value in values {
                        let json = serde_json::json!({ option.name: value.to_json() });
                        let read = serde_json::from_value::<G::Options>(json.clone());
                        let read = read.unwrap_or_else(|e| panic!("{}: {json}: {e}", G::ID));
                        let written = serde_json::to_value(read).unwrap();
                        assert_eq!(written[option.name], value.to_json(), "{}", G::ID);
                        let words = format!("{}={}", option.name, value.word());
                        let parsed = OptionValues::parse(G::ID, spec, &words).unwrap();
                        assert_eq!(parsed.to_json(), json, "{}", G::ID);
                        self.0 += 1;
                    }
                }
                let info = find(G::ID).unwrap();
                assert_eq!(info.options(), spec, "{}", G::ID);
                assert_eq!(
                    info.chosen_options(&info.default_options()),
                    Ok(OptionValues::defaults(spec)),
                    "{}",
                    G::ID
                );
            }
        }
        let mut agree = Agree(0);
        each_game(&mut agree);
        // Every value of every option: 5 + 6 + 2 + 2 + 2 + 6.
        assert_eq!(agree.0, 23);
    }

    #[test]
    fn unknown_options_are_refused() {
        let g = find("pisha-pasha").unwrap();
        let bad = serde_json::json!({"colour": "red"});
        assert!(matches!(
            g.create(bad, 2, Setup::seeded(1)),
            Err(SetupError::Options(_))
        ));
        let wrong_kind = serde_json::json!({"stop_rule": "yes"});
        assert!(matches!(
            g.create(wrong_kind, 2, Setup::seeded(1)),
            Err(SetupError::Options(_))
        ));
        assert!(g.create(g.default_options(), 2, Setup::seeded(1)).is_ok());
    }
}
