//! What a person typing an option is offered: the games (by id, name or alias, in their
//! language), a game's options, and the shipped languages of `/settings`.

use poise::serenity_prelude as serenity;

use crate::data::{Context, Data, Error};
use crate::render;
use crate::words::{lang_of, plain, Lang};
use pakka_catalog::{catalog, DEFAULT_LANG};
use pakka_table::games::{self, GameKind};
use pakka_text::msg;
use pakka_text::verbatim;

pub(super) async fn complete_game(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let lang = match ctx {
        poise::Context::Application(app) => lang_of(&app.interaction.locale),
        poise::Context::Prefix(_) => DEFAULT_LANG,
    };
    let partial = partial.to_lowercase();
    let choices = games::all()
        .filter(|g| {
            partial.is_empty()
                || g.id().contains(&partial)
                || plain(&g.name(), lang).to_lowercase().contains(&partial)
                || g.aliases().iter().any(|a| a.contains(&partial))
        })
        .map(|g| {
            serenity::AutocompleteChoice::new(
                plain(
                    &msg!(
                        "discord-game-choice",
                        name = g.name(),
                        id = verbatim(g.id())
                    ),
                    lang,
                ),
                g.id(),
            )
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The `game` argument typed so far in an autocomplete interaction.
fn game_typed(ctx: &poise::ApplicationContext<'_, Data, Error>) -> Option<GameKind> {
    ctx.interaction
        .data
        .options()
        .iter()
        .find_map(|o| match (o.name, &o.value) {
            ("game", serenity::ResolvedValue::Autocomplete { value, .. }) => games::find(value),
            ("game", serenity::ResolvedValue::String(value)) => games::find(value),
            _ => None,
        })
}

pub(super) async fn complete_options(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let mut choices = Vec::new();
    if let Some(info) = game_typed(&ctx) {
        for option in info.options() {
            for value in option.values() {
                let word = format!("{}={}", option.name, value.word());
                let text = if partial.trim().is_empty() {
                    word
                } else {
                    format!("{} {word}", partial.trim())
                };
                if text.len() <= 100 {
                    choices.push(serenity::AutocompleteChoice::new(text.clone(), text));
                }
            }
        }
    }
    choices.truncate(25);
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// A shipped language named by its code (`fi`, `en-US`, `en`) or its own name (`suomi`).
pub(super) fn shipped_language(word: &str) -> Option<Lang> {
    let word = word.trim();
    catalog().languages().into_iter().find(|&l| {
        l.eq_ignore_ascii_case(word)
            || l.split('-')
                .next()
                .is_some_and(|p| p.eq_ignore_ascii_case(word))
            || plain(&msg!("language-name"), l).eq_ignore_ascii_case(word)
    })
}

pub(super) async fn complete_language(
    _ctx: Context<'_>,
    _partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let choices = catalog()
        .languages()
        .into_iter()
        .map(|l| {
            let label = plain(
                &msg!(
                    "discord-language-choice",
                    name = render::language_name(l),
                    code = verbatim(l)
                ),
                DEFAULT_LANG,
            );
            serenity::AutocompleteChoice::new(label, l)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}
