//! The slash commands' names, descriptions and parameters in the catalog, by their English
//! names: what the command registration localizes, what a metrics label names, and what a
//! command mention shows for an option. Kept apart from the commands themselves so the files
//! below them (`words`, `health`) can read it.

use pakka_text::{key, msg, Msg};

/// A command's English name as a `&'static str` (a metrics label), `other` for a name that is
/// not one of ours.
pub(super) fn static_name(name: &str) -> &'static str {
    COMMANDS
        .iter()
        .find(|(english, _, _)| *english == name)
        .map_or("other", |(english, _, _)| english)
}

/// Every command's name and description in the catalog, by its English name. A name is
/// localized: `/play` stays `/play` in English and is `/pelaa` in a Finnish client (Discord
/// offers both names; the English one keeps working everywhere).
pub(super) const COMMANDS: &[(&str, &str, &str)] = &[
    ("play", key!("discord-name-play"), key!("discord-cmd-play")),
    (
        "scores",
        key!("discord-name-scores"),
        key!("discord-cmd-scores"),
    ),
    (
        "stats",
        key!("records-name-stats"),
        key!("records-cmd-stats"),
    ),
    (
        "history",
        key!("records-name-history"),
        key!("records-cmd-history"),
    ),
    (
        "rules",
        key!("discord-name-rules"),
        key!("discord-cmd-rules"),
    ),
    (
        "abandon",
        key!("discord-name-abandon"),
        key!("discord-cmd-abandon"),
    ),
    (
        "pause",
        key!("discord-name-pause"),
        key!("discord-cmd-pause"),
    ),
    (
        "resume",
        key!("discord-name-resume"),
        key!("discord-cmd-resume"),
    ),
    (
        "invite",
        key!("discord-name-invite"),
        key!("discord-cmd-invite"),
    ),
    (
        "settings",
        key!("discord-name-settings"),
        key!("discord-cmd-settings"),
    ),
    ("replay", key!("replay-name"), key!("replay-cmd")),
    (
        "tournament",
        key!("discord-name-tournament"),
        key!("discord-cmd-tournament"),
    ),
];

/// Every command parameter's name and description in the catalog: (command, parameter, name,
/// description). `/play`'s extra players (`player2`, …) are numbered in code.
pub(super) const PARAMETERS: &[(&str, &str, &str, &str)] = &[
    (
        "play",
        "game",
        key!("discord-name-game"),
        key!("discord-param-play-game"),
    ),
    (
        "play",
        "player",
        key!("discord-name-player"),
        key!("discord-param-player"),
    ),
    (
        "play",
        "seats",
        key!("discord-name-seats"),
        key!("discord-param-seats"),
    ),
    (
        "play",
        "seed",
        key!("discord-name-seed"),
        key!("discord-param-seed"),
    ),
    (
        "play",
        "options",
        key!("discord-name-options"),
        key!("discord-param-options"),
    ),
    (
        "play",
        "bots",
        key!("discord-name-bots"),
        key!("discord-param-bots"),
    ),
    (
        "play",
        "level",
        key!("discord-name-level"),
        key!("discord-param-level"),
    ),
    (
        "play",
        "turn_timer",
        key!("discord-name-turn-timer"),
        key!("discord-param-turn-timer"),
    ),
    (
        "play",
        "thread",
        key!("discord-name-thread"),
        key!("discord-param-thread"),
    ),
    (
        "play",
        "hints",
        key!("discord-name-hints"),
        key!("discord-param-hints"),
    ),
    (
        "play",
        "open_seats",
        key!("discord-name-open-seats"),
        key!("discord-param-open-seats"),
    ),
    (
        "scores",
        "game",
        key!("discord-name-game"),
        key!("discord-param-scores-game"),
    ),
    (
        "scores",
        "period",
        key!("records-name-period"),
        key!("records-param-scores-period"),
    ),
    (
        "scores",
        "season",
        key!("records-name-season"),
        key!("records-param-scores-season"),
    ),
    (
        "settings",
        "seasons",
        key!("discord-name-seasons"),
        key!("discord-param-settings-seasons"),
    ),
    (
        "stats",
        "player",
        key!("discord-name-player"),
        key!("records-param-stats-player"),
    ),
    (
        "stats",
        "game",
        key!("discord-name-game"),
        key!("records-param-stats-game"),
    ),
    (
        "history",
        "server",
        key!("records-name-server"),
        key!("records-param-history-server"),
    ),
    (
        "rules",
        "game",
        key!("discord-name-game"),
        key!("discord-param-rules-game"),
    ),
    (
        "invite",
        "player",
        key!("discord-name-player"),
        key!("discord-param-invite-player"),
    ),
    (
        "settings",
        "threads",
        key!("discord-name-threads"),
        key!("discord-param-settings-threads"),
    ),
    (
        "settings",
        "images",
        key!("discord-name-images"),
        key!("discord-param-settings-images"),
    ),
    (
        "settings",
        "language",
        key!("discord-name-language"),
        key!("discord-param-settings-language"),
    ),
    (
        "replay",
        "game",
        key!("discord-name-game"),
        key!("replay-param-game"),
    ),
    (
        "replay",
        "public",
        key!("replay-name-public"),
        key!("replay-param-public"),
    ),
    (
        "tournament",
        "game",
        key!("discord-name-game"),
        key!("discord-param-tournament-game"),
    ),
    (
        "tournament",
        "format",
        key!("discord-name-format"),
        key!("discord-param-tournament-format"),
    ),
    (
        "tournament",
        "rounds",
        key!("discord-name-rounds"),
        key!("discord-param-tournament-rounds"),
    ),
    (
        "tournament",
        "seats",
        key!("discord-name-seats"),
        key!("discord-param-tournament-seats"),
    ),
    (
        "tournament",
        "players",
        key!("discord-name-players"),
        key!("discord-param-tournament-players"),
    ),
    (
        "tournament",
        "round_minutes",
        key!("discord-name-round-minutes"),
        key!("discord-param-tournament-round-minutes"),
    ),
    (
        "tournament",
        "checkin_minutes",
        key!("discord-name-checkin-minutes"),
        key!("discord-param-tournament-checkin-minutes"),
    ),
    (
        "tournament",
        "level",
        key!("discord-name-level"),
        key!("discord-param-tournament-level"),
    ),
    (
        "tournament",
        "options",
        key!("discord-name-options"),
        key!("discord-param-tournament-options"),
    ),
    (
        "tournament",
        "seed",
        key!("discord-name-seed"),
        key!("discord-param-tournament-seed"),
    ),
];

/// A command's name and description, from [`COMMANDS`].
pub(super) fn command_texts(command: &str) -> Option<(Msg, Msg)> {
    COMMANDS
        .iter()
        .find(|(c, _, _)| *c == command)
        .map(|&(_, name, text)| (Msg::new(name, vec![]), Msg::new(text, vec![])))
}

/// A parameter's name and description, from [`PARAMETERS`]; `/play`'s `player2`, … are "player
/// 2", … and described as another player.
pub(crate) fn parameter_texts(command: &str, parameter: &str) -> Option<(Msg, Msg)> {
    if let Some(&(_, _, name, text)) = PARAMETERS
        .iter()
        .find(|(c, p, _, _)| *c == command && *p == parameter)
    {
        return Some((Msg::new(name, vec![]), Msg::new(text, vec![])));
    }
    let n: usize = parameter.strip_prefix("player")?.parse().ok()?;
    (command == "play").then(|| {
        (
            msg!("discord-name-player-n", n = n),
            msg!("discord-param-another-player"),
        )
    })
}
