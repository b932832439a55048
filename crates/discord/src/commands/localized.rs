//! The commands' names, descriptions and choices in every shipped language, from the catalog:
//! what Discord is told when the commands are registered, so each client shows them in its
//! own language.

use crate::command_names::{command_texts, parameter_texts};
use crate::data::{Data, Error};
use crate::words::plain;
use pakka_catalog::{catalog, NoNames, DEFAULT_LANG};
use pakka_text::msg;
use pakka_text::Msg;

/// A choice's name: a level of `/play level:`, a period of `/scores period:`.
pub(super) fn choice_name(choice: &str) -> Option<Msg> {
    Some(match choice {
        "easy" => msg!("level-easy"),
        "normal" => msg!("level-normal"),
        "hard" => msg!("level-hard"),
        "last 7 days" => msg!("records-choice-week"),
        "last 30 days" => msg!("records-choice-month"),
        "last 365 days" => msg!("records-choice-year"),
        "all time" => msg!("records-choice-all"),
        "Swiss" => msg!("discord-event-format-swiss"),
        "round robin" => msg!("discord-event-format-round-robin"),
        "knockout" => msg!("discord-event-format-knockout"),
        "duplicate" => msg!("discord-event-format-duplicate"),
        "monthly" => msg!("discord-choice-monthly"),
        "quarterly" => msg!("discord-choice-quarterly"),
        "off" => msg!("discord-choice-off"),
        _ => return None,
    })
}

type Cow = std::borrow::Cow<'static, str>;

/// Sets a description from the catalog: the default language's wording, and every other
/// language's for Discord's localizations.
fn localize(
    msg: &Msg,
    description: &mut Option<Cow>,
    localizations: &mut std::borrow::Cow<'static, [(Cow, Cow)]>,
) {
    *description = Some(plain(msg, DEFAULT_LANG).into());
    *localizations = localized_names(msg);
}

/// Every other shipped language's wording of a name or description, for Discord's
/// localizations.
fn localized_names(msg: &Msg) -> std::borrow::Cow<'static, [(Cow, Cow)]> {
    let catalog = catalog();
    catalog
        .languages()
        .into_iter()
        .filter(|&lang| lang != DEFAULT_LANG)
        .map(|lang| {
            (
                lang.to_string().into(),
                catalog.text(lang, msg, &NoNames).into(),
            )
        })
        .collect::<Vec<_>>()
        .into()
}

/// Fills a command's and its parameters' names in other languages and descriptions from the
/// catalog.
pub(super) fn describe(command: &mut poise::Command<Data, Error>) {
    let name = command.name.to_string();
    if let Some((title, text)) = command_texts(&name) {
        command.name_localizations = localized_names(&title);
        localize(
            &text,
            &mut command.description,
            &mut command.description_localizations,
        );
    }
    for p in &mut command.parameters {
        if let Some((title, text)) = parameter_texts(&name, &p.name) {
            p.name_localizations = localized_names(&title);
            localize(&text, &mut p.description, &mut p.description_localizations);
        }
        let choices: Vec<poise::CommandParameterChoice> = p
            .choices
            .iter()
            .cloned()
            .map(|mut c| {
                if let Some(text) = choice_name(&c.name) {
                    c.localizations = localized_names(&text);
                }
                c
            })
            .collect();
        p.choices = choices.into();
    }
}

/// The app's Entry Point command (Discord's `launch`), described from the catalog: with the
/// Activity's window served, a press opens it on the channel's table (`components::on_event`
/// answers it with LAUNCH_ACTIVITY).
pub(crate) fn entry_point() -> poise::serenity_prelude::CreateCommand {
    use poise::serenity_prelude as serenity;
    let text = msg!("discord-launch-description");
    let mut command = serenity::CreateCommand::new("launch")
        .kind(serenity::CommandType::PrimaryEntryPoint)
        .handler(serenity::EntryPointHandlerType::AppHandler)
        .description(plain(&text, DEFAULT_LANG))
        // Launched wherever a person's commands work: servers, DMs and group DMs, installed to
        // a server or to a person's account.
        .integration_types(vec![
            serenity::InstallationContext::Guild,
            serenity::InstallationContext::User,
        ])
        .contexts(vec![
            serenity::InteractionContext::Guild,
            serenity::InteractionContext::BotDm,
            serenity::InteractionContext::PrivateChannel,
        ]);
    for (lang, words) in localized_names(&text).iter() {
        command = command.description_localized(lang.to_string(), words.to_string());
    }
    command
}
