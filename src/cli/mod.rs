//! The terminal front ends of the `pakka` binary that need no Discord: the `engine` console
//! (line-oriented JSON, `shared/rules/engine-protocol.md`), `play` (a game against computer
//! players), `arena` (computer players against each other), `render` (the picture of a seeded
//! position written to a file), and the list of games. Argument
//! parsing lives in `main.rs`; every word printed comes from the catalog (`cli.ftl`,
//! `engine.ftl` and the games' files), in the default language.

pub mod arena;
pub mod engine;
pub mod play;
pub mod render;

use crate::catalog::en;
use crate::msg;
use crate::rules::registry;
use crate::text::{list_of, verbatim, Msg};

/// Reads a computer player's level from the command line, refusing an unknown word in the
/// catalog's words (clap's `value_parser`).
pub fn parse_level(s: &str) -> Result<crate::ai::Level, String> {
    s.parse()
        .map_err(|e: crate::ai::UnknownLevel| en(&msg!("cli-unknown-level", level = verbatim(e.0))))
}

/// "There is no game called …; the games are …".
fn unknown_game(name: &str) -> Msg {
    msg!(
        "cli-unknown-game",
        name = verbatim(name),
        ids = crate::table::game_ids()
    )
}

/// `pakka games`: one line per game with its id, name, aliases and seat counts.
pub fn games() -> String {
    registry::GAMES
        .iter()
        .map(|g| {
            let (lo, hi) = g.seats;
            let line = if g.aliases.is_empty() {
                msg!("cli-games-line", name = g.name(), min = lo, max = hi)
            } else {
                let aliases = g.aliases.iter().map(|a| verbatim(*a));
                msg!(
                    "cli-games-line-aliases",
                    name = g.name(),
                    aliases = list_of(aliases, crate::key!("sep-comma")),
                    min = lo,
                    max = hi
                )
            };
            format!("{:<14} {}", g.id, en(&line))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_from_the_command_line_in_any_case() {
        assert_eq!(parse_level("Hard"), Ok(crate::ai::Level::Hard));
        assert_eq!(
            parse_level("expert"),
            Err("\"expert\" is not a level; the levels are easy, normal and hard.".to_string())
        );
    }
}
