//! The games a table can host, as a front end needs to know them: each game's id, aliases,
//! name, summary, seat counts and options (their specification, [`OptionSpec`]), in the
//! registry's order. A [`GameKind`] can name a game and read its option words, and nothing more: creating a game, restoring one and every
//! state stay inside the table service, so a front end cannot reach the rules registry's
//! internals (the Discord edge uses this, never `pakka_rules::registry`). `game_ids` lists
//! the games' ids for the refusal of a game nobody knows.

use serde_json::Value;

pub use pakka_rules::options::{OptionKind, OptionSpec, OptionValue, OptionValues, OptionsError};
use pakka_rules::registry::{self, GameInfo};
use pakka_text::{list_of, verbatim, Arg, Msg};

/// One game of the registry, as a front end sees it.
#[derive(Clone, Copy)]
pub struct GameKind(&'static GameInfo);

impl std::fmt::Debug for GameKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.id)
    }
}

impl PartialEq for GameKind {
    fn eq(&self, other: &GameKind) -> bool {
        self.0.id == other.0.id
    }
}

impl Eq for GameKind {}

impl GameKind {
    /// The game's id (`pisha-pasha`), what tables and records store.
    pub fn id(self) -> &'static str {
        self.0.id
    }

    /// Other words a person may type for the game.
    pub fn aliases(self) -> &'static [&'static str] {
        self.0.aliases
    }

    /// The fewest and the most seats any of its options allows.
    pub fn seats(self) -> (usize, usize) {
        self.0.seats
    }

    /// The game's name for people.
    pub fn name(self) -> Msg {
        self.0.name()
    }

    /// A few sentences for `/rules`.
    pub fn summary(self) -> Msg {
        self.0.summary()
    }

    /// The game's own words, each explained in one line (its table's "❔" answers with them).
    pub fn glossary(self) -> Vec<Msg> {
        self.0.glossary()
    }

    /// The game's options: each one's name, kind (a flag or a choice), default and choices.
    pub fn options(self) -> &'static [OptionSpec] {
        self.0.options()
    }

    /// Reads option words (`"variant=book stop_rule=true"`) into the options a new table
    /// takes (`CreateTable::options`); an unknown name or a value the option does not take is
    /// refused, naming the valid ones.
    pub fn parse_options(self, text: &str) -> Result<Value, OptionsError> {
        self.0.parse_options(text)
    }

    /// Its place in [`all`], from 0.
    pub fn position(self) -> usize {
        registry::GAMES
            .iter()
            .position(|g| g.id == self.0.id)
            .expect("a GameKind comes from the registry")
    }
}

/// Every game, in the registry's order.
pub fn all() -> impl ExactSizeIterator<Item = GameKind> {
    registry::GAMES.iter().map(GameKind)
}

/// The game with this id or alias (case-insensitive).
pub fn find(name: &str) -> Option<GameKind> {
    registry::find(name).map(GameKind)
}

/// The game at this place of [`all`].
pub fn at(position: usize) -> Option<GameKind> {
    registry::GAMES.get(position).map(GameKind)
}

/// The name of the game with this id (the id itself, verbatim, for an unknown one: a record
/// of a game this release no longer hosts).
pub fn name_of(id: &str) -> Msg {
    registry::name_of(id)
}

/// The registered games' ids as one list argument, for the refusal of a game nobody knows.
pub fn game_ids() -> Arg {
    list_of(
        registry::GAMES.iter().map(|g| verbatim(g.id)),
        pakka_text::key!("sep-comma"),
    )
}

#[cfg(test)]
mod tests {
    //! The games the service hosts: every game is found by its id (in any case) and its aliases
    //! and has its place; nothing else is found.

    use super::*;

    #[test]
    fn every_game_is_found_by_its_id_and_aliases_and_has_its_place() {
        for (i, game) in all().enumerate() {
            assert_eq!(find(game.id()), Some(game));
            assert_eq!(find(&game.id().to_uppercase()), Some(game));
            for alias in game.aliases() {
                assert_eq!(find(alias), Some(game), "{alias}");
            }
            assert_eq!(game.position(), i);
            assert_eq!(at(i), Some(game));
        }
        assert_eq!(at(all().len()), None);
        assert_eq!(find("chess"), None);
    }
}
