//! The slash commands: `/play`, `/scores`, `/rules` and `/abandon`, with autocomplete for game
//! ids and options. Each reads its arguments, calls the table service, and renders the answer.

use poise::serenity_prelude as serenity;

use super::{components, render, send, user_message, Context, Data, Error};
use crate::ai::Level;
use crate::rules::registry::{self, GameInfo};
use crate::table::{CreateTable, Person};

pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![play(), scores(), rules(), abandon(), pause(), resume()]
}

/// Logs what went wrong and tells the user something went wrong, without details.
pub async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, error = %error, "command failed");
            let reply = render::notice(
                "Something went wrong on our side; nothing was changed. Please try again.",
            );
            let _ = ctx.send(send::poise_reply(&reply)).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
        }
    }
}

async fn complete_game(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let partial = partial.to_lowercase();
    let choices = registry::GAMES
        .iter()
        .filter(|g| {
            partial.is_empty()
                || g.id.contains(&partial)
                || crate::catalog::en(&g.name())
                    .to_lowercase()
                    .contains(&partial)
                || g.aliases.iter().any(|a| a.contains(&partial))
        })
        .map(|g| {
            serenity::AutocompleteChoice::new(
                format!("{} ({})", crate::catalog::en(&g.name()), g.id),
                g.id,
            )
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The `game` argument typed so far in an autocomplete interaction.
fn game_typed(ctx: &poise::ApplicationContext<'_, Data, Error>) -> Option<&'static GameInfo> {
    ctx.interaction
        .data
        .options()
        .iter()
        .find_map(|o| match (o.name, &o.value) {
            ("game", serenity::ResolvedValue::Autocomplete { value, .. }) => registry::find(value),
            ("game", serenity::ResolvedValue::String(value)) => registry::find(value),
            _ => None,
        })
}

async fn complete_options(
    ctx: poise::ApplicationContext<'_, Data, Error>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let mut choices = Vec::new();
    if let Some(info) = game_typed(&ctx) {
        if let serde_json::Value::Object(defaults) = info.default_options() {
            for (name, default) in defaults {
                let values: Vec<String> = match &default {
                    serde_json::Value::Bool(_) => vec!["true".into(), "false".into()],
                    serde_json::Value::String(s) => vec![s.clone()],
                    other => vec![other.to_string()],
                };
                for v in values {
                    let word = format!("{name}={v}");
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
    }
    choices.truncate(25);
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

fn person(user: &serenity::User) -> Person {
    Person {
        id: user.id.get(),
        bot: user.bot,
    }
}

/// Start a card game in this channel and invite friends to it.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn play(
    ctx: Context<'_>,
    #[description = "The game, e.g. pisha-pasha"]
    #[autocomplete = "complete_game"]
    game: String,
    #[description = "A player to invite"] player: Option<serenity::User>,
    #[description = "Another player"] player2: Option<serenity::User>,
    #[description = "Another player"] player3: Option<serenity::User>,
    #[description = "Another player"] player4: Option<serenity::User>,
    #[description = "Another player"] player5: Option<serenity::User>,
    #[description = "Another player"] player6: Option<serenity::User>,
    #[description = "Another player"] player7: Option<serenity::User>,
    #[description = "Number of seats (open seats can be joined by anyone)"]
    #[min = 2]
    #[max = 8]
    seats: Option<u8>,
    #[description = "Deal a known deck again: the seed shown when a table starts"] seed: Option<
        u64,
    >,
    #[description = "Game options as name=value, e.g. stop_rule=true"]
    #[autocomplete = "complete_options"]
    options: Option<String>,
    #[description = "Computer players to fill seats"]
    #[min = 0]
    #[max = 7]
    bots: Option<u8>,
    #[description = "How well the computer players play (default normal)"] level: Option<BotLevel>,
    #[description = "Minutes per turn before a computer player stands in (default: no timer)"]
    #[min = 1]
    #[max = 1440]
    turn_timer: Option<u32>,
) -> Result<(), Error> {
    ctx.data().remember_user(ctx.author());
    let Some(info) = registry::find(&game) else {
        let ids: Vec<&str> = registry::GAMES.iter().map(|g| g.id).collect();
        let text = format!(
            "There is no game called \"{game}\". The games are: {}.",
            ids.join(", ")
        );
        ctx.send(send::poise_reply(&render::notice(&text))).await?;
        return Ok(());
    };
    let options = match info.parse_options(options.as_deref().unwrap_or("")) {
        Ok(o) => o,
        Err(e) => {
            let text = crate::catalog::en(&e.msg());
            ctx.send(send::poise_reply(&render::notice(&text))).await?;
            return Ok(());
        }
    };
    let invited: Vec<Person> = [player, player2, player3, player4, player5, player6, player7]
        .iter()
        .flatten()
        .map(|u| {
            ctx.data().remember_user(u);
            person(u)
        })
        .collect();
    let request = CreateTable {
        guild_id: ctx.guild_id().map_or(0, |g| g.get()),
        channel_id: ctx.channel_id().get(),
        creator: person(ctx.author()),
        invited,
        game: info.id.to_string(),
        seats: seats.map(usize::from),
        seed,
        options,
        bots: bots.map_or(0, usize::from),
        bot_level: level.map(Level::from).unwrap_or_default(),
        turn_timer,
    };
    let data = ctx.data();
    match data.service.create(request).await {
        Ok(view) => {
            let started = view.phase == crate::store::Phase::Playing;
            let reply = if started {
                render::table(&view)
            } else {
                render::lobby(&view)
            };
            let handle = ctx.send(send::poise_reply(&reply)).await?;
            // Remember the message: the table message once started, the lobby (to close it
            // when it expires) otherwise.
            match handle.message().await {
                Ok(message) => {
                    if let Err(e) = data.service.set_message(view.id, message.id.get()).await {
                        tracing::warn!(error = %e, "could not remember the table message");
                    }
                }
                Err(e) => tracing::warn!(error = %e, "could not read back the /play reply"),
            }
            if started {
                components::notify_turn(ctx.serenity_context(), &view, &view.to_act).await;
                components::drive_computers(ctx.serenity_context(), data, view.id);
            }
        }
        Err(e) => {
            ctx.send(send::poise_reply(&render::notice(&user_message(&e))))
                .await?;
        }
    }
    Ok(())
}

/// The computer players' levels as a slash-command choice.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum BotLevel {
    #[name = "easy"]
    Easy,
    #[name = "normal"]
    Normal,
    #[name = "hard"]
    Hard,
}

impl From<BotLevel> for Level {
    fn from(level: BotLevel) -> Level {
        match level {
            BotLevel::Easy => Level::Easy,
            BotLevel::Normal => Level::Normal,
            BotLevel::Hard => Level::Hard,
        }
    }
}

/// Show this server's leaderboard.
#[poise::command(slash_command, guild_only)]
pub async fn scores(
    ctx: Context<'_>,
    #[description = "Only this game"]
    #[autocomplete = "complete_game"]
    game: Option<String>,
) -> Result<(), Error> {
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    let info = game.as_deref().and_then(registry::find);
    let reply = match ctx.data().service.leaderboard(guild, game.as_deref()).await {
        Ok(rows) => render::leaderboard(info, &rows),
        Err(e) => render::notice(&user_message(&e)),
    };
    ctx.send(send::poise_reply(&reply)).await?;
    Ok(())
}

/// A short summary of a game's rules.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "The game"]
    #[autocomplete = "complete_game"]
    game: String,
) -> Result<(), Error> {
    let reply = match registry::find(&game) {
        Some(info) => render::rules(info),
        None => {
            let ids: Vec<&str> = registry::GAMES.iter().map(|g| g.id).collect();
            render::notice(&format!(
                "There is no game called \"{game}\". The games are: {}.",
                ids.join(", ")
            ))
        }
    };
    ctx.send(send::poise_reply(&reply)).await?;
    Ok(())
}

/// End the table in this channel (asks to confirm).
#[poise::command(slash_command, guild_only)]
pub async fn abandon(ctx: Context<'_>) -> Result<(), Error> {
    let service = &ctx.data().service;
    let reply = match service.table_in(ctx.channel_id().get()) {
        None => render::notice("There is no open table in this channel."),
        Some(id) => match service.view(id).await {
            Ok(view) if view.seat_of(ctx.author().id.get()).is_none() => {
                render::notice("Only a player seated at this table can abandon it.")
            }
            Ok(view) => render::abandon_confirm(&view),
            Err(e) => render::notice(&user_message(&e)),
        },
    };
    ctx.send(send::poise_reply(&reply)).await?;
    Ok(())
}

/// Pause the match in this channel; its players can take it up again later with /resume.
#[poise::command(slash_command, guild_only)]
pub async fn pause(ctx: Context<'_>) -> Result<(), Error> {
    let service = &ctx.data().service;
    let user = ctx.author().id.get();
    let Some(id) = service.table_in(ctx.channel_id().get()) else {
        let reply = render::notice("There is no match in play in this channel.");
        ctx.send(send::poise_reply(&reply)).await?;
        return Ok(());
    };
    match service.pause(id, user).await {
        Ok(view) => {
            let reply = render::Reply {
                content: format!(
                    "⏸ <@{user}> paused this match of **{}** after move {}. Its players can take it up again here with `/resume`.",
                    view.game_name, view.move_number
                ),
                ..render::Reply::default()
            };
            ctx.send(send::poise_reply(&reply)).await?;
            components::update_table_message(ctx.serenity_context(), ctx.data(), &view).await;
        }
        Err(e) => {
            ctx.send(send::poise_reply(&render::notice(&user_message(&e))))
                .await?;
        }
    }
    Ok(())
}

/// Take up your paused match in this channel where it stopped.
#[poise::command(slash_command, guild_only)]
pub async fn resume(ctx: Context<'_>) -> Result<(), Error> {
    let data = ctx.data();
    match data
        .service
        .resume(ctx.channel_id().get(), ctx.author().id.get())
        .await
    {
        Ok(view) => {
            // A fresh table message for the resumed match; the old one may be days old.
            let handle = ctx.send(send::poise_reply(&render::table(&view))).await?;
            match handle.message().await {
                Ok(message) => {
                    if let Err(e) = data.service.set_message(view.id, message.id.get()).await {
                        tracing::warn!(error = %e, "could not remember the table message");
                    }
                }
                Err(e) => tracing::warn!(error = %e, "could not read back the table message"),
            }
            components::notify_turn(ctx.serenity_context(), &view, &view.to_act).await;
            components::drive_computers(ctx.serenity_context(), data, view.id);
        }
        Err(e) => {
            ctx.send(send::poise_reply(&render::notice(&user_message(&e))))
                .await?;
        }
    }
    Ok(())
}
