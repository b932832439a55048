//! The slash commands: `/play`, `/invite`, `/scores`, `/stats`, `/history`, `/rules`,
//! `/abandon`, `/pause`, `/resume`, `/settings` and `/tournament` (`/replay` lives in `replay`), with
//! autocomplete for game ids and options, and names, descriptions and choices from the catalog in
//! every shipped language. Each reads its arguments, checks them (`input`: ranges, lengths, the people
//! named; `/play` is throttled per person), calls the table service, and renders the answer. An
//! interaction poise cannot read (an option of the wrong type or out of its range, a command
//! that is not ours) is answered with its own sentence too, never left unanswered.

mod autocomplete;
mod localized;
mod manage;
mod play;
mod records;
mod rules;
mod settings;
mod tournament;

use localized::describe;
use manage::{abandon, pause, resume};
use play::{invite, play};
use records::{history, scores, stats};
use rules::rules;
use settings::settings;
pub(crate) use tournament::refusal_of as event_refusal;
use tournament::tournament;

use poise::serenity_prelude as serenity;

use super::data::{Context, Data, Error};
use super::input::{self, BadInput};
use super::pace::Priority;
use super::public::Posted;
use super::reply::langs;
use super::reply::refusal;
use super::words::{lang_of, Plain, DEFAULT};
use super::{render, retry, send};
use pakka_catalog::DEFAULT_LANG;
use pakka_table::TableId;
use pakka_table::{Person, TableError, TableView};
use pakka_text::msg;
use pakka_text::{verbatim, Msg};

pub(crate) use localized::entry_point;

pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![
        play(),
        invite(),
        scores(),
        stats(),
        history(),
        rules(),
        abandon(),
        pause(),
        resume(),
        settings(),
        tournament(),
        crate::replay::replay(),
    ];
    for command in &mut commands {
        describe(command);
    }
    commands
}

/// A command that may start a game in its channel (`/play`, `/resume`) answers first with a
/// deferred ("thinking") answer and leaves its token where the showing of the game's start
/// finds it, before it asks the service: the start fills the answer in with the table message,
/// and nothing waits for anything (see `upkeep::started`). Answers the token, or `None` when
/// the command cannot start a game that way (another start is under way in the channel: it is
/// told so privately; or the answer failed).
async fn defer_start(ctx: Context<'_>) -> Result<Option<String>, Error> {
    let poise::Context::Application(app) = ctx else {
        return Ok(None);
    };
    let channel = ctx.channel_id().get();
    let tables = &ctx.data().tables;
    if tables.start_pending(channel) {
        let (lang, _) = langs(ctx).await;
        let reply = render::notice(&msg!("discord-start-under-way"), &Plain(lang));
        super::reply::say(ctx, send::poise_reply(&reply)).await?;
        return Ok(None);
    }
    let deadline = tokio::time::Instant::now() + retry::ANSWER_BUDGET;
    let deferred = retry::answer_with("defer a command's answer", deadline, || ctx.defer()).await;
    if let Err(e) = deferred {
        retry::report(&e, "a command's answer", "the command is not answered");
        return Ok(None);
    }
    let token = app.interaction.token.clone();
    tables.await_start(channel, &token);
    Ok(Some(token))
}

/// The command's answer when the service started no game: `reply` (a lobby, a refusal). After
/// [`defer_start`] (`token`), the token is taken back and the deferred answer is replaced by
/// `reply` — in its place when it is public, or, when it is private, the public "thinking"
/// answer is deleted and `reply` follows privately.
async fn answer_deferred(
    ctx: Context<'_>,
    token: Option<&str>,
    reply: &render::Reply,
) -> Result<(), Error> {
    let Some(token) = token else {
        super::reply::say(ctx, send::poise_reply(reply)).await?;
        return Ok(());
    };
    ctx.data()
        .tables
        .take_start(ctx.channel_id().get(), Some(token));
    if !reply.ephemeral {
        super::reply::say(ctx, send::poise_reply(reply)).await?;
        return Ok(());
    }
    if let poise::Context::Application(app) = ctx {
        let http = ctx.http();
        if let Err(e) = app.interaction.delete_response(http).await {
            tracing::warn!(error = %e, "could not delete a deferred answer");
        }
        let followup = send::followup(reply).ephemeral(true);
        if let Err(e) = app.interaction.create_followup(http, followup).await {
            tracing::warn!(error = %e, "could not answer a command privately");
        }
    }
    Ok(())
}

/// Answers a command (or follows its answer up), trying again after a 5xx, a 429 or a hang
/// while Discord's 3 seconds allow; a failure is logged once and returned.
/// A table message that is a slash command's first answer: its `@original`, editable through
/// the command's token while it lives (and the token may post the table's messages).
fn answered_here(ctx: Context<'_>, data: &Data, table: TableId, message: u64) -> Posted {
    match ctx {
        poise::Context::Application(app) => {
            data.tables.heard_voice(table, &app.interaction.token);
            Posted::original(message, &app.interaction.token)
        }
        poise::Context::Prefix(_) => Posted::channel(message),
    }
}

/// Whether the command's server installed pakka itself (its bot is there): `/settings` and
/// `/tournament` work there only, not where pakka is only on a person's account.
fn server_installed(ctx: Context<'_>) -> bool {
    !ctx.data().channels.by_interactions(ctx.channel_id().get())
}

/// Logs what went wrong and tells the user something went wrong, without details; an option
/// poise could not read, or a command pakka does not have, gets its own sentence.
/// Every command's first check: a server on another process's gateway shards is not served
/// here (`TableError::OtherShard`, answered by `on_error`). Discord sends a process only its
/// own shards' servers, so this refuses only when the processes' `SHARDS` are wrong. It notes
/// first how the bot reaches the command's channel (`place`).
pub async fn on_our_shards(ctx: Context<'_>) -> Result<bool, Error> {
    if let poise::Context::Application(app) = ctx {
        let i = app.interaction;
        let reach =
            super::place::reach_of(i.context, &i.authorizing_integration_owners, i.guild_id);
        ctx.data().channels.reach(i.channel_id.get(), reach);
    }
    match ctx.guild_id() {
        Some(guild) if !ctx.data().service.serves(guild.get()) => {
            Err(TableError::OtherShard { guild: guild.get() }.into())
        }
        _ => Ok(true),
    }
}

pub async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    super::health::command_error(&error);
    match error {
        poise::FrameworkError::CommandCheckFailed {
            error: Some(error),
            ctx,
            ..
        } if error.downcast_ref::<super::gate::Stopping>().is_some() => {
            super::stopping::refuse_command(ctx).await;
        }
        poise::FrameworkError::CommandCheckFailed {
            error: Some(error),
            ctx,
            ..
        } if error.downcast_ref::<TableError>().is_some() => {
            let lang = match ctx {
                poise::Context::Application(app) => lang_of(&app.interaction.locale),
                poise::Context::Prefix(_) => DEFAULT_LANG,
            };
            if let Some(e) = error.downcast_ref::<TableError>() {
                let reply = refusal(e, &Plain(lang));
                let _ = ctx.send(send::poise_reply(&reply)).await;
            }
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, error = %error, "command failed");
            let reply = render::notice(&msg!("discord-command-failed"), &DEFAULT);
            let _ = ctx.send(send::poise_reply(&reply)).await;
        }
        poise::FrameworkError::ArgumentParse {
            ctx, input, error, ..
        } => {
            tracing::info!(command = %ctx.command().name, error = %error, "an option was refused");
            let (lang, _) = langs(ctx).await;
            let command = verbatim(ctx.command().name.clone());
            let text = match input {
                Some(value) => msg!(
                    "discord-bad-option-value",
                    command = command,
                    value = verbatim(input::echo(&value))
                ),
                None => msg!("discord-bad-option", command = command),
            };
            let _ = ctx
                .send(send::poise_reply(&render::notice(&text, &Plain(lang))))
                .await;
        }
        poise::FrameworkError::CommandStructureMismatch {
            ctx, description, ..
        } => {
            // An option of another type than the command declares (an old registration, or a
            // forged interaction): refused like an unreadable value.
            tracing::warn!(command = %ctx.command().name, description, "options do not match the command");
            let lang = lang_of(&ctx.interaction.locale);
            let text = msg!(
                "discord-bad-option",
                command = verbatim(ctx.command().name.clone())
            );
            let reply = render::notice(&text, &Plain(lang));
            let _ = ctx
                .interaction
                .create_response(ctx.serenity_context(), send::respond(&reply))
                .await;
        }
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            let (lang, _) = langs(ctx).await;
            let reply = render::notice(&msg!("discord-guild-only"), &Plain(lang));
            let _ = ctx.send(send::poise_reply(&reply)).await;
        }
        // The app's Entry Point command is not poise's: the event handler answers it.
        poise::FrameworkError::UnknownInteraction { interaction, .. }
            if interaction.data.kind == serenity::CommandType::PrimaryEntryPoint => {}
        poise::FrameworkError::UnknownInteraction {
            framework,
            interaction,
            ..
        } => {
            tracing::warn!(name = %interaction.data.name, "an unknown command");
            let lang = lang_of(&interaction.locale);
            let reply = render::notice(&msg!("discord-unknown-command"), &Plain(lang));
            let _ = interaction
                .create_response(&framework.serenity_context.http, send::respond(&reply))
                .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
        }
    }
}

/// The people a command names, in seat order from seat 1: neither pakka nor anyone who is not
/// a member who can see the channel (as the interaction resolved them).
fn check_named(ctx: Context<'_>, users: &[serenity::User]) -> Result<(), BadInput> {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let named: Vec<(u64, input::Presence)> = users
        .iter()
        .map(|u| (u.id.get(), input::presence(app.interaction, u.id)))
        .collect();
    input::check_invited(ctx.framework().bot_id().get(), &named)
}

fn person(user: &serenity::User) -> Person {
    Person {
        id: user.id.get(),
        bot: user.bot,
    }
}

/// "There is no game called …", listing the games.
fn no_such_game(name: &str) -> Msg {
    msg!(
        "discord-no-such-game",
        name = verbatim(input::echo(name)),
        ids = pakka_table::game_ids()
    )
}

/// Whether the member who ran the command has this permission in the channel.
async fn member_may(ctx: Context<'_>, may: fn(serenity::Permissions) -> bool) -> bool {
    ctx.author_member()
        .await
        .and_then(|m| m.permissions)
        .is_some_and(may)
}

/// Edits a lobby's message (after a change made by a command rather than its buttons).
async fn lobby_message(ctx: Context<'_>, view: &TableView, reply: &render::Reply) {
    let Some(message) = ctx.data().stored_messages(view.id).await.message else {
        return;
    };
    let edited = super::public::edit_in_channel(
        ctx.http(),
        &ctx.data().channels,
        view.channel_id,
        message,
        reply,
        Priority::Person,
        "update the lobby message",
    )
    .await;
    if let Err(e) = edited {
        retry::report(&e, "the lobby message", "it is left as it was");
    }
}

#[cfg(test)]
mod tests {
    //! The slash commands as registered: every command and parameter has a name Discord accepts in
    //! every language and a description from the catalog, and the registration names options as
    //! the mentions in `words` do (`ketju` for `/play`'s `thread` in Finnish).

    use super::localized::choice_name;
    use super::*;
    use crate::command_names::{command_texts, parameter_texts};
    use crate::words::plain;

    /// Discord's rule for command and option names: 1–32 lower-case letters, digits, - or _.
    fn discord_name(name: &str) -> bool {
        (1..=32).contains(&name.chars().count())
            && name
                .chars()
                .all(|c| c.is_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    }

    #[test]
    fn every_command_and_parameter_has_a_discord_name_in_every_language() {
        for command in all() {
            let name = command.name.to_string();
            let (msg, _) =
                command_texts(&name).unwrap_or_else(|| panic!("/{name} has no name key"));
            // The default language's name is the code's own.
            assert_eq!(plain(&msg, DEFAULT_LANG), name);
            for (lang, localized) in command.name_localizations.iter() {
                assert!(discord_name(localized), "/{name} in {lang}: {localized:?}");
            }
            for p in &command.parameters {
                let (msg, _) = parameter_texts(&name, &p.name)
                    .unwrap_or_else(|| panic!("/{name} {} has no name key", p.name));
                assert_eq!(plain(&msg, DEFAULT_LANG), p.name);
                for (lang, localized) in p.name_localizations.iter() {
                    assert!(
                        discord_name(localized),
                        "/{name} {} in {lang}: {localized:?}",
                        p.name
                    );
                }
                for choice in p.choices.iter() {
                    let msg = choice_name(&choice.name).expect("a choice's name key");
                    assert_eq!(plain(&msg, DEFAULT_LANG), choice.name);
                }
            }
        }
    }

    #[test]
    fn every_command_and_parameter_is_described_by_the_catalog() {
        for command in all() {
            let text = command.description.as_deref().unwrap_or_default();
            assert!(
                (1..=100).contains(&text.chars().count()),
                "/{}: {text:?}",
                command.name
            );
            for p in &command.parameters {
                let text = p.description.as_deref().unwrap_or_default();
                assert!(
                    (1..=100).contains(&text.chars().count()),
                    "/{} {}: {text:?}",
                    command.name,
                    p.name
                );
            }
        }
    }

    /// "ketju" is the name the command registration gives Discord for `/play`'s `thread` in
    /// Finnish clients: the name `words` puts after a command's mention for a Finnish reader.
    #[test]
    fn the_registration_names_options_as_the_mentions_do() {
        let mut commands = all();
        let play = commands.iter_mut().find(|c| c.name == "play").unwrap();
        let thread = play.parameters.iter().find(|p| p.name == "thread").unwrap();
        assert!(thread
            .name_localizations
            .iter()
            .any(|(lang, name)| lang == "fi" && name == "ketju"));
        let (title, _) = parameter_texts("play", "thread").unwrap();
        assert_eq!(plain(&title, "fi"), "ketju");
    }
}
