//! The rules of a game: the link to its rules page, the private Rules message (the game's
//! summary, options and link) and the ❔ words of its table, with the buttons that open them.

use super::{words_lines, Button, Reply, Style};
use crate::ids::ComponentId;
use crate::words::{Lang, Plain};
use pakka_table::games::{self, GameKind};
use pakka_table::TableView;
use pakka_text::msg;
use pakka_text::{list, verbatim};

/// "Rules" on the table message: the game's summary, answered privately to whoever presses it
/// (a player learning the game, or someone watching).
pub(super) fn rules_button(view: &TableView, lang: Lang) -> Button {
    Button::plain(
        ComponentId::Rules(view.game_id),
        msg!("discord-button-rules"),
        Style::Secondary,
        lang,
    )
}

/// "❔" on the table message: the game's own words ("prikup", "Ter", "Fool=22") explained,
/// answered privately like "Rules". None for a game without words of its own.
pub(super) fn words_button(view: &TableView, lang: Lang) -> Option<Button> {
    let game = games::find(view.game_id)?;
    if game.glossary().is_empty() {
        return None;
    }
    Some(Button::plain(
        ComponentId::Words(game.id()),
        msg!("discord-button-words"),
        Style::Secondary,
        lang,
    ))
}

/// The private answer to a table's "❔" button: the game's words, one line each (None: not a
/// game of ours).
pub fn words_privately(game: &str, lang: Lang) -> Option<Reply> {
    let info = games::find(game)?;
    let mut lines = vec![msg!("discord-words-title", game = info.name())];
    lines.extend(
        info.glossary()
            .into_iter()
            .map(|word| msg!("discord-words-line", word = word)),
    );
    Some(Reply::new(words_lines(&lines, &Plain(lang))).ephemeral())
}

/// The private answer to a table's "Rules" button (None: not a game of ours).
pub fn rules_privately(game: &str, lang: Lang) -> Option<Reply> {
    Some(rules(games::find(game)?, lang).ephemeral())
}

/// Where a game's full rules are read: its page in the repository, `docs/rules/<id>.md` on
/// the main branch (the workspace's `repository` address).
pub fn rules_url(id: &str) -> String {
    format!(
        "{}/blob/main/docs/rules/{id}.md",
        env!("CARGO_PKG_REPOSITORY")
    )
}

/// `/rules` (and a table's "Rules" button): the game's summary, and a link to its full rules.
pub fn rules(info: GameKind, lang: Lang) -> Reply {
    let (lo, hi) = info.seats();
    let players = msg!(
        "discord-players",
        min = lo,
        max = hi,
        exact = verbatim(if lo == hi { "yes" } else { "no" })
    );
    let title = if info.aliases().is_empty() {
        msg!(
            "discord-rules-title",
            name = info.name(),
            id = verbatim(info.id()),
            players = players
        )
    } else {
        let aliases = info
            .aliases()
            .iter()
            .map(|a| msg!("discord-rules-alias", alias = verbatim(*a)))
            .collect();
        msg!(
            "discord-rules-title-aliases",
            name = info.name(),
            id = verbatim(info.id()),
            aliases = list(aliases, pakka_text::key!("sep-comma")),
            players = players
        )
    };
    let mut lines = vec![title, info.summary()];
    if !info.options().is_empty() {
        let options = info
            .options()
            .iter()
            .map(|option| {
                msg!(
                    "discord-rules-option",
                    name = verbatim(option.name),
                    value = verbatim(option.default.word())
                )
            })
            .collect();
        lines.push(msg!(
            "discord-rules-options",
            options = list(options, pakka_text::key!("sep-comma"))
        ));
    }
    let full = Button::link(
        rules_url(info.id()),
        msg!("discord-button-full-rules"),
        lang,
    );
    Reply::new(words_lines(&lines, &Plain(lang)))
        .ephemeral()
        .buttons(vec![full])
}
