//! The terminal front ends of the `pakka` binary that need no Discord: the `engine` console
//! (line-oriented JSON, `docs/engine-protocol.md`), `play` (a game against computer
//! players), `arena` (computer players against each other), `render` (the picture of a seeded
//! position written to a file), `ratings` (every rating recomputed from the stored results),
//! `replay` (a finished game's steps from a database), `backup` and `restore` (a running
//! bot's SQLite database copied, and a copy put back), and the list of games. Argument
//! parsing lives in `main.rs`; every word printed comes from the catalog (`cli.ftl`,
//! `engine.ftl`, `replay.ftl` and the games' files), in the terminal's language: chosen once at
//! start from `--lang` or the locale variables a Unix program reads (`set_lang`), read by
//! `lang()`. The engine console answers in English, as scripts expect, unless `--lang` names a
//! language (`engine::set_lang`); the locale variables do not change it.

pub mod arena;
pub mod arena_table;
pub mod backup;
pub mod engine;
pub mod play;
pub mod ratings;
pub mod render;
pub mod replay;

use std::sync::OnceLock;

use crate::catalog::{catalog, NoNames, DEFAULT_LANG};
use crate::msg;
use crate::rules::registry;
use crate::text::{list_of, verbatim, Msg};

/// The terminal's language, set once by [`set_lang`].
static LANG: OnceLock<&'static str> = OnceLock::new();

/// The locale variables a Unix program reads for its messages, strongest first (POSIX).
const LOCALE_VARS: [&str; 3] = ["LC_ALL", "LC_MESSAGES", "LANG"];

/// The language the terminal words messages in: the one chosen at start, else the default.
pub fn lang() -> &'static str {
    LANG.get().copied().unwrap_or(DEFAULT_LANG)
}

/// Chooses the terminal's language once for the process, from `--lang` or else the
/// environment (see [`choose_lang`]), and answers it. A second call changes nothing.
pub fn set_lang(flag: Option<&str>) -> &'static str {
    let chosen = choose_lang(flag, |var| std::env::var(var).ok());
    LANG.get_or_init(|| chosen)
}

/// The shipped language for `--lang` if given, else for the first of `LC_ALL`, `LC_MESSAGES`
/// and `LANG` that is set and not empty: `fi_FI.UTF-8` and `fi-FI` are `fi`; `C`, `POSIX` and
/// any language not shipped are the default (`Catalog::pick`).
pub fn choose_lang(flag: Option<&str>, env: impl Fn(&str) -> Option<String>) -> &'static str {
    let requested = match flag {
        Some(f) => f.to_string(),
        None => match LOCALE_VARS
            .iter()
            .find_map(|var| env(var).filter(|v| !v.is_empty()))
        {
            Some(v) => v,
            None => return DEFAULT_LANG,
        },
    };
    // A POSIX locale names its language before the codeset and modifier: fi_FI.UTF-8@euro.
    let tag = requested.split(['.', '@']).next().unwrap_or_default();
    catalog().pick(&tag.replace('_', "-"))
}

/// The value of `--lang` on a command line (`--lang fi` or `--lang=fi`), read before clap
/// parses it so that the help texts and clap's value checks are worded in that language.
pub fn lang_arg(args: impl IntoIterator<Item = String>) -> Option<String> {
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "--" {
            break;
        }
        if arg == "--lang" {
            return args.next();
        }
        if let Some(value) = arg.strip_prefix("--lang=") {
            return Some(value.to_string());
        }
    }
    None
}

/// Words a message in the terminal's language, seats named "Seat N".
pub fn text(msg: &Msg) -> String {
    catalog().text(lang(), msg, &NoNames)
}

/// Reads a computer player's level from the command line, refusing an unknown word in the
/// catalog's words (clap's `value_parser`).
pub fn parse_level(s: &str) -> Result<crate::ai::Level, String> {
    s.parse().map_err(|e: crate::ai::UnknownLevel| {
        text(&msg!("cli-unknown-level", level = verbatim(e.0)))
    })
}

/// Reads an arena player: a level, `hard/<search>`, `oracle` or `oracle/<search>`.
pub fn parse_contender(s: &str) -> Result<arena::Contender, String> {
    s.parse().map_err(|e: arena::UnknownContender| {
        text(&msg!("cli-unknown-contender", player = verbatim(e.0)))
    })
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
            let (lo, hi) = g.default_seats();
            let mut players = if lo == hi {
                msg!("cli-players-exactly", n = lo)
            } else {
                msg!("cli-players-range", min = lo, max = hi)
            };
            // More seats with an option: say which (Whist 22's bga_seats).
            let (min, max) = g.seats;
            if (min, max) != (lo, hi) {
                let option = g.seats_option(if min < lo { min } else { max });
                if let Some(option) = option {
                    players = msg!(
                        "cli-players-option",
                        players = players,
                        min = min,
                        max = max,
                        option = verbatim(option)
                    );
                }
            }
            let line = if g.aliases.is_empty() {
                msg!("cli-games-line", name = g.name(), players = players)
            } else {
                let aliases = g.aliases.iter().map(|a| verbatim(*a));
                msg!(
                    "cli-games-line-aliases",
                    name = g.name(),
                    aliases = list_of(aliases, crate::key!("sep-comma")),
                    players = players
                )
            };
            format!("{:<14} {}", g.id, text(&line))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    //! The command line's shared parts: levels read in any case, the language from the flag else
    //! the locale variables, and the language flag read before clap.

    use super::*;

    #[test]
    fn levels_read_from_the_command_line_in_any_case() {
        assert_eq!(parse_level("Hard"), Ok(crate::ai::Level::Hard));
        assert_eq!(
            parse_level("expert"),
            Err("\"expert\" is not a level; the levels are easy, normal and hard.".to_string())
        );
    }

    #[test]
    fn the_language_comes_from_the_flag_else_the_locale_variables() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |var: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == var)
                    .map(|(_, v)| v.to_string())
            }
        };
        let none: &[(&str, &str)] = &[];
        assert_eq!(choose_lang(None, env(none)), DEFAULT_LANG);
        assert_eq!(choose_lang(None, env(&[("LANG", "fi_FI.UTF-8")])), "fi");
        assert_eq!(
            choose_lang(None, env(&[("LANG", "fi_FI.UTF-8@euro")])),
            "fi"
        );
        assert_eq!(choose_lang(None, env(&[("LANG", "C.UTF-8")])), DEFAULT_LANG);
        assert_eq!(
            choose_lang(None, env(&[("LANG", "sv_SE.UTF-8")])),
            DEFAULT_LANG
        );
        // LC_ALL before LC_MESSAGES before LANG; an empty one does not count.
        let set = &[
            ("LC_ALL", ""),
            ("LC_MESSAGES", "fi_FI"),
            ("LANG", "en_US.UTF-8"),
        ];
        assert_eq!(choose_lang(None, env(set)), "fi");
        let all = &[("LC_ALL", "C"), ("LANG", "fi_FI.UTF-8")];
        assert_eq!(choose_lang(None, env(all)), DEFAULT_LANG);
        // --lang wins over the environment.
        assert_eq!(
            choose_lang(Some("en-US"), env(&[("LANG", "fi_FI")])),
            "en-US"
        );
        assert_eq!(choose_lang(Some("fi-FI"), env(none)), "fi");
        assert_eq!(choose_lang(Some("xx"), env(none)), DEFAULT_LANG);
    }

    #[test]
    fn the_lang_flag_is_read_before_clap() {
        let args = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(
            lang_arg(args("pakka play kop --lang fi")),
            Some("fi".into())
        );
        assert_eq!(lang_arg(args("pakka --lang=fi games")), Some("fi".into()));
        assert_eq!(lang_arg(args("pakka games")), None);
        assert_eq!(lang_arg(args("pakka play -- --lang fi")), None);
    }
}
