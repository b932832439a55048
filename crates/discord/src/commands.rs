//! The slash commands: `/play`, `/invite`, `/scores`, `/stats`, `/history`, `/rules`,
//! `/abandon`, `/pause`, `/resume` and `/settings` (`/replay` lives in `replay`), with
//! autocomplete for game ids and options, and names, descriptions and choices from the catalog in
//! every shipped language. Each reads its arguments, checks them (`input`: ranges, lengths, the people
//! named; `/play` is throttled per person), calls the table service, and renders the answer. An
//! interaction poise cannot read (an option of the wrong type or out of its range, a command
//! that is not ours) is answered with its own sentence too, never left unanswered.

use poise::serenity_prelude as serenity;

use super::command_names::{command_texts, parameter_texts};
use super::data::{Context, Data, Error};
use super::input::{self, BadInput};
use super::pace::Priority;
use super::public::Posted;
use super::reply::refusal;
use super::reply::{langs, say};
use super::words::{lang_of, mention, plain, Lang, Plain, SeatNames, DEFAULT};
use super::{pictures, render, retry, send, throttle, upkeep};
use pakka_catalog::{catalog, NoNames, DEFAULT_LANG};
use pakka_table::games::{self, GameKind};
use pakka_table::records::Period;
use pakka_table::{CreateTable, Declined, LobbyChange, Person, Phase, TableError, TableView};
use pakka_table::{GuildSetting, Learning, Level, TableId};
use pakka_text::msg;
use pakka_text::{verbatim, Msg};

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
        super::replay::replay(),
    ];
    for command in &mut commands {
        describe(command);
    }
    commands
}

/// A choice's name: a level of `/play level:`, a period of `/scores period:`.
fn choice_name(choice: &str) -> Option<Msg> {
    Some(match choice {
        "easy" => msg!("level-easy"),
        "normal" => msg!("level-normal"),
        "hard" => msg!("level-hard"),
        "last 7 days" => msg!("records-choice-week"),
        "last 30 days" => msg!("records-choice-month"),
        "last 365 days" => msg!("records-choice-year"),
        "all time" => msg!("records-choice-all"),
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
fn describe(command: &mut poise::Command<Data, Error>) {
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

/// Logs what went wrong and tells the user something went wrong, without details; an option
/// poise could not read, or a command pakka does not have, gets its own sentence.
/// Every command's first check: a server on another process's gateway shards is not served
/// here (`TableError::OtherShard`, answered by `on_error`). Discord sends a process only its
/// own shards' servers, so this refuses only when the processes' `SHARDS` are wrong.
pub async fn on_our_shards(ctx: Context<'_>) -> Result<bool, Error> {
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

async fn complete_game(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
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

/// Start a card game in this channel and invite friends to it.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn play(
    ctx: Context<'_>,
    #[autocomplete = "complete_game"] game: String,
    player: Option<serenity::User>,
    player2: Option<serenity::User>,
    player3: Option<serenity::User>,
    player4: Option<serenity::User>,
    player5: Option<serenity::User>,
    player6: Option<serenity::User>,
    player7: Option<serenity::User>,
    #[min = 2]
    #[max = 8]
    seats: Option<u8>,
    seed: Option<u64>,
    #[autocomplete = "complete_options"] options: Option<String>,
    #[min = 0]
    #[max = 7]
    bots: Option<u8>,
    level: Option<BotLevel>,
    #[min = 1]
    #[max = 1440]
    turn_timer: Option<u32>,
    thread: Option<bool>,
    hints: Option<bool>,
    open_seats: Option<bool>,
) -> Result<(), Error> {
    ctx.data().names.heard(ctx.author());
    let (lang, public) = langs(ctx).await;
    // Given back when the request is refused: only a table opened costs a /play.
    let token = match ctx
        .data()
        .throttles
        .plays
        .take(ctx.author().id.get(), std::time::Instant::now())
    {
        Ok(token) => token,
        Err(wait) => {
            let text = msg!("discord-slow-play", seconds = throttle::seconds(wait));
            say(ctx, send::poise_reply(&render::notice(&text, &Plain(lang)))).await?;
            return Ok(());
        }
    };
    let Some(info) = games::find(&game) else {
        let reply = render::notice(&no_such_game(&game), &Plain(lang));
        say(ctx, send::poise_reply(&reply)).await?;
        return Ok(());
    };
    let options_text = options.as_deref().unwrap_or("");
    let checked = input::check_options(options_text)
        .and_then(|()| input::check_seed(seed))
        .and_then(|()| input::check_turn_timer(turn_timer));
    if let Err(e) = checked {
        say(
            ctx,
            send::poise_reply(&render::notice(&e.msg(), &Plain(lang))),
        )
        .await?;
        return Ok(());
    }
    let options = match info.parse_options(options_text) {
        Ok(o) => o,
        Err(e) => {
            say(
                ctx,
                send::poise_reply(&render::notice(&e.msg(), &Plain(lang))),
            )
            .await?;
            return Ok(());
        }
    };
    let users: Vec<serenity::User> = [player, player2, player3, player4, player5, player6, player7]
        .into_iter()
        .flatten()
        .collect();
    let invited: Vec<Person> = users
        .iter()
        .map(|u| {
            ctx.data().names.heard(u);
            person(u)
        })
        .collect();
    if let Err(e) = check_named(ctx, &users) {
        let names = SeatNames::request(&person(ctx.author()), &invited, lang);
        say(ctx, send::poise_reply(&render::notice(&e.msg(), &names))).await?;
        return Ok(());
    }
    let guild_id = ctx.guild_id().map_or(0, |g| g.get());
    let data = ctx.data();
    let request = CreateTable {
        guild_id,
        channel_id: ctx.channel_id().get(),
        creator: person(ctx.author()),
        invited,
        game: info.id().to_string(),
        seats: seats.map(usize::from),
        seed,
        options,
        bots: bots.map_or(0, usize::from),
        bot_level: level.map(Level::from).unwrap_or_default(),
        turn_timer,
        learning: Learning {
            hints: hints.unwrap_or(false),
            open_seats: open_seats.unwrap_or(false),
        },
    };
    // A refused invitation names the people of the request by seat.
    let names = SeatNames::request(&request.creator, &request.invited, lang);
    // In a thread of its own (asked for, or the server's default) unless already in one.
    let in_thread = match ctx {
        poise::Context::Application(app) => app.interaction.channel.as_ref().is_some_and(|c| {
            matches!(
                c.kind,
                serenity::ChannelType::PublicThread | serenity::ChannelType::PrivateThread
            )
        }),
        poise::Context::Prefix(_) => false,
    };
    let threaded = !in_thread && thread.unwrap_or(data.service.threads_default(guild_id).await);
    // A table the bot could not post or edit here is not opened: the asker is told which
    // permissions it lacks.
    if let poise::Context::Application(app) = ctx {
        if let Some(have) = app.interaction.app_permissions {
            let pictures = data.images_on(guild_id).await;
            if let Some(text) = super::permissions::lacking(have, pictures, threaded) {
                say(ctx, send::poise_reply(&render::notice(&text, &Plain(lang)))).await?;
                return Ok(());
            }
        }
    }
    if threaded {
        return play_in_thread(ctx, info, request, &names, public, token).await;
    }
    match data.service.create(request).await {
        Ok(view) => {
            token.keep();
            let reply = pictures::with_table(data, &view, render::opened(&view, public)).await;
            let handle = say(ctx, send::poise_reply(&reply)).await?;
            // Remember the message: the table message once started, the lobby (to close it
            // when it expires) otherwise.
            match handle.message().await {
                Ok(message) => {
                    let message = answered_here(ctx, data, view.id, message.id.get());
                    upkeep::table_message_posted(data, &view, message).await;
                }
                Err(e) => tracing::warn!(error = %e, "could not read back the /play reply"),
            }
        }
        Err(e) => {
            say(ctx, send::poise_reply(&refusal(&e, &names))).await?;
        }
    }
    Ok(())
}

/// `/play … thread:true`: the request is checked first (a refusal makes nothing); the answer is
/// the one line the channel keeps ("🧵 Ann opened Paston with Bob"), a thread is started from
/// it, and the lobby or the table lives in the thread.
async fn play_in_thread(
    ctx: Context<'_>,
    info: GameKind,
    mut request: CreateTable,
    names: &SeatNames,
    public: Lang,
    token: throttle::Taken<'_>,
) -> Result<(), Error> {
    let data = ctx.data();
    if let Err(e) = data.service.check(&request) {
        say(ctx, send::poise_reply(&refusal(&e, names))).await?;
        return Ok(());
    }
    token.keep();
    let people: Vec<u64> = request.invited.iter().map(|p| p.id).collect();
    let line = render::thread_line(request.creator.id, &info.name(), &people, public);
    let handle = say(ctx, send::poise_reply(&line)).await?;
    let message = handle.message().await?;
    let name = plain(
        &msg!(
            "discord-thread-name",
            game = info.name(),
            who = verbatim(display_name(ctx.author()))
        ),
        public,
    );
    let builder = serenity::CreateThread::new(clip_name(&name))
        .auto_archive_duration(serenity::AutoArchiveDuration::OneDay);
    let thread = match ctx
        .channel_id()
        .create_thread_from_message(ctx.http(), message.id, builder)
        .await
    {
        Ok(thread) => thread.id,
        Err(e) => {
            tracing::warn!(error = %e, "could not open a thread for a table");
            let failed = render::announce(&msg!("discord-thread-failed"), &Plain(public));
            handle.edit(ctx, send::poise_reply(&failed)).await?;
            return Ok(());
        }
    };
    request.channel_id = thread.get();
    match data.service.create(request).await {
        Ok(view) => {
            let reply = pictures::with_table(data, &view, render::opened(&view, public)).await;
            let ctx = ctx.serenity_context();
            let posted = super::public::post_in_channel(
                ctx,
                &data.channels,
                view.channel_id,
                &reply,
                Priority::Person,
            )
            .await;
            if let Some(message) = posted {
                upkeep::table_message_posted(data, &view, Posted::channel(message)).await;
            }
        }
        Err(e) => {
            // Checked a moment ago, so an outage: the line says so and the thread goes.
            let failed = refusal(&e, names);
            handle.edit(ctx, send::poise_reply(&failed)).await?;
            if let Err(e) = thread.delete(ctx.http()).await {
                tracing::warn!(error = %e, "could not delete an unused thread");
            }
        }
    }
    Ok(())
}

/// A user's name as Discord shows it (for a thread's name, which cannot mention).
fn display_name(user: &serenity::User) -> String {
    user.global_name
        .clone()
        .unwrap_or_else(|| user.name.clone())
}

/// A thread's name within Discord's 100 characters.
fn clip_name(name: &str) -> String {
    name.chars().take(100).collect()
}

/// "There is no game called …", listing the games.
fn no_such_game(name: &str) -> Msg {
    msg!(
        "discord-no-such-game",
        name = verbatim(input::echo(name)),
        ids = pakka_table::game_ids()
    )
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

/// The span of `/scores` as a slash-command choice.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ScoresPeriod {
    #[name = "last 7 days"]
    Week,
    #[name = "last 30 days"]
    Month,
    #[name = "last 365 days"]
    Year,
    #[name = "all time"]
    All,
}

impl From<ScoresPeriod> for Period {
    fn from(period: ScoresPeriod) -> Period {
        match period {
            ScoresPeriod::Week => Period::Week,
            ScoresPeriod::Month => Period::Month,
            ScoresPeriod::Year => Period::Year,
            ScoresPeriod::All => Period::All,
        }
    }
}

/// Show this server's leaderboard.
#[poise::command(slash_command, guild_only)]
pub async fn scores(
    ctx: Context<'_>,
    #[autocomplete = "complete_game"] game: Option<String>,
    period: Option<ScoresPeriod>,
) -> Result<(), Error> {
    let (lang, public) = langs(ctx).await;
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    let period = period.map_or(Period::All, Period::from);
    let reply = match ctx
        .data()
        .service
        .scores(guild, game.as_deref(), period, 0)
        .await
    {
        Ok(page) => render::scores(&page, public),
        Err(e) => refusal(&e, &Plain(lang)),
    };
    say(ctx, send::poise_reply(&reply)).await?;
    Ok(())
}

/// One player's record on this server.
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Context<'_>,
    player: Option<serenity::User>,
    #[autocomplete = "complete_game"] game: Option<String>,
) -> Result<(), Error> {
    let (lang, public) = langs(ctx).await;
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    let user = player.as_ref().unwrap_or(ctx.author()).id.get();
    let service = &ctx.data().service;
    let reply = match service.stats(guild, user, game.as_deref()).await {
        Ok(stats) => {
            let game = game.as_deref().and_then(games::find).map(|g| g.id());
            render::stats(&stats, game, public)
        }
        Err(e) => refusal(&e, &Plain(lang)),
    };
    say(ctx, send::poise_reply(&reply)).await?;
    Ok(())
}

/// The last finished games in this channel, or on the whole server.
#[poise::command(slash_command, guild_only)]
pub async fn history(ctx: Context<'_>, server: Option<bool>) -> Result<(), Error> {
    let (lang, public) = langs(ctx).await;
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    let server = server.unwrap_or(false);
    let channel = (!server).then(|| ctx.channel_id().get());
    let reply = match ctx.data().service.history(guild, channel).await {
        Ok(games) => render::history(&games, server, public),
        Err(e) => refusal(&e, &Plain(lang)),
    };
    say(ctx, send::poise_reply(&reply)).await?;
    Ok(())
}

/// A short summary of a game's rules.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[autocomplete = "complete_game"] game: String,
) -> Result<(), Error> {
    let (lang, _) = langs(ctx).await;
    let reply = match games::find(&game) {
        Some(info) => render::rules(info, lang),
        None => render::notice(&no_such_game(&game), &Plain(lang)),
    };
    say(ctx, send::poise_reply(&reply)).await?;
    Ok(())
}

/// Whether the member who ran the command has this permission in the channel.
async fn member_may(ctx: Context<'_>, may: fn(serenity::Permissions) -> bool) -> bool {
    ctx.author_member()
        .await
        .and_then(|m| m.permissions)
        .is_some_and(may)
}

// A player gives up a running game (a loss for them only); a member who may manage messages
// closes any table with no result; both confirm first. In a lobby, a seated person leaves (the
// creator cancels it) at once.
/// End the table in this channel (asks to confirm).
#[poise::command(slash_command, guild_only)]
pub async fn abandon(ctx: Context<'_>) -> Result<(), Error> {
    let (lang, public) = langs(ctx).await;
    let data = ctx.data();
    let service = &data.service;
    let user = ctx.author().id.get();
    let moderator = member_may(ctx, serenity::Permissions::manage_messages).await;
    let Some(id) = service.table_in(ctx.channel_id().get()) else {
        let reply = refusal(&TableError::NoTable, &Plain(lang));
        say(ctx, send::poise_reply(&reply)).await?;
        return Ok(());
    };
    let view = match service.view(id).await {
        Ok(view) => view,
        Err(e) => {
            say(ctx, send::poise_reply(&refusal(&e, &Plain(lang)))).await?;
            return Ok(());
        }
    };
    let seated = view.seat_of(user).is_some();
    let reply = match view.phase {
        Phase::Lobby if seated => match service.decline(id, user).await {
            Ok(Declined::Cancelled(view)) => {
                let text = msg!(
                    "discord-cancelled",
                    who = verbatim(mention(user)),
                    game = view.game_name()
                );
                let announce = render::announce(&text, &Plain(public));
                lobby_message(ctx, &view, &announce).await;
                render::notice(&text, &Plain(lang))
            }
            Ok(Declined::Freed { view, .. }) => {
                lobby_message(ctx, &view, &render::lobby(&view, public)).await;
                render::notice(
                    &msg!("discord-left-seat", game = view.game_name()),
                    &Plain(lang),
                )
            }
            Err(e) => refusal(&e, &Plain(lang)),
        },
        Phase::Lobby | Phase::Playing if seated || moderator => render::abandon_confirm(
            &view,
            seated && view.phase == Phase::Playing,
            moderator,
            lang,
        ),
        _ => refusal(&TableError::NotAllowed, &Plain(lang)),
    };
    say(ctx, send::poise_reply(&reply)).await?;
    Ok(())
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

/// Invite someone to an open seat of the lobby in this channel (its creator only).
#[poise::command(slash_command, guild_only)]
pub async fn invite(ctx: Context<'_>, player: serenity::User) -> Result<(), Error> {
    let (lang, public) = langs(ctx).await;
    let data = ctx.data();
    data.names.heard(&player);
    if let Err(e) = check_named(ctx, std::slice::from_ref(&player)) {
        let names = SeatNames::request(&person(ctx.author()), &[person(&player)], lang);
        say(ctx, send::poise_reply(&render::notice(&e.msg(), &names))).await?;
        return Ok(());
    }
    let Some(id) = data.service.table_in(ctx.channel_id().get()) else {
        let reply = refusal(&TableError::NoTable, &Plain(lang));
        say(ctx, send::poise_reply(&reply)).await?;
        return Ok(());
    };
    let reply = match data
        .service
        .invite(id, ctx.author().id.get(), person(&player))
        .await
    {
        Ok(LobbyChange::Waiting(view) | LobbyChange::Started(view)) => {
            lobby_message(ctx, &view, &render::lobby(&view, public)).await;
            render::invited(&view, player.id.get(), public)
        }
        Err(e) => {
            let names = SeatNames::request(&person(ctx.author()), &[person(&player)], lang);
            refusal(&e, &names)
        }
    };
    say(ctx, send::poise_reply(&reply)).await?;
    Ok(())
}

/// This server's settings for pakka (members who may manage the server).
#[poise::command(slash_command, guild_only)]
pub async fn settings(
    ctx: Context<'_>,
    threads: Option<bool>,
    images: Option<bool>,
    #[autocomplete = "complete_language"] language: Option<String>,
) -> Result<(), Error> {
    let (lang, _) = langs(ctx).await;
    let data = ctx.data();
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    let language = match language.as_deref().map(shipped_language) {
        None => None,
        Some(Some(l)) => Some(l),
        Some(None) => {
            let reply = render::notice(
                &msg!(
                    "discord-settings-unknown-language",
                    language = verbatim(input::echo(&language.unwrap_or_default())),
                    languages = pakka_text::list_of(
                        catalog().languages().into_iter().map(render::language_name),
                        pakka_text::key!("sep-comma")
                    )
                ),
                &Plain(lang),
            );
            say(ctx, send::poise_reply(&reply)).await?;
            return Ok(());
        }
    };
    let asked: Vec<render::Setting> = threads
        .map(render::Setting::Threads)
        .into_iter()
        .chain(images.map(render::Setting::Images))
        .chain(language.map(render::Setting::Language))
        .collect();
    let reply = if asked.is_empty() {
        let current = render::Settings {
            threads: data.service.threads_default(guild).await,
            images: data.images_on(guild).await,
            language: data.guild_lang(guild).await,
        };
        render::settings(current, &[], lang)
    } else if !member_may(ctx, serenity::Permissions::manage_guild).await {
        render::notice(&msg!("discord-settings-not-allowed"), &Plain(lang))
    } else {
        let mut result = Ok(());
        for setting in &asked {
            result = match *setting {
                render::Setting::Threads(on) => {
                    data.service
                        .set_setting(guild, GuildSetting::Threads(on))
                        .await
                }
                render::Setting::Images(on) => {
                    let set = data
                        .service
                        .set_setting(guild, GuildSetting::Images(on))
                        .await;
                    if set.is_ok() {
                        data.images.set(guild, on);
                    }
                    set
                }
                render::Setting::Language(l) => {
                    let set = data
                        .service
                        .set_setting(guild, GuildSetting::Language(l.to_string()))
                        .await;
                    if set.is_ok() {
                        data.languages.chose(guild, l);
                    }
                    set
                }
            };
            if result.is_err() {
                break;
            }
        }
        // The answer to a change of language is already in the new language.
        let lang = language.unwrap_or(lang);
        match result {
            Ok(()) => render::settings(
                render::Settings {
                    threads: false,
                    images: false,
                    language: lang,
                },
                &asked,
                lang,
            ),
            Err(e) => refusal(&e, &Plain(lang)),
        }
    };
    say(ctx, send::poise_reply(&reply)).await?;
    Ok(())
}

/// A shipped language named by its code (`fi`, `en-US`, `en`) or its own name (`suomi`).
fn shipped_language(word: &str) -> Option<Lang> {
    let word = word.trim();
    catalog().languages().into_iter().find(|&l| {
        l.eq_ignore_ascii_case(word)
            || l.split('-')
                .next()
                .is_some_and(|p| p.eq_ignore_ascii_case(word))
            || plain(&msg!("language-name"), l).eq_ignore_ascii_case(word)
    })
}

async fn complete_language(
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

/// Pause the match in this channel; its players can take it up again later with /resume.
#[poise::command(slash_command, guild_only)]
pub async fn pause(ctx: Context<'_>) -> Result<(), Error> {
    let (lang, public) = langs(ctx).await;
    let service = &ctx.data().service;
    let user = ctx.author().id.get();
    let Some(id) = service.table_in(ctx.channel_id().get()) else {
        let reply = render::notice(&msg!("discord-no-match"), &Plain(lang));
        say(ctx, send::poise_reply(&reply)).await?;
        return Ok(());
    };
    match service.pause(id, user).await {
        Ok(view) => {
            let who = match view.seat_of(user) {
                Some(s) => pakka_text::seat(s),
                None => verbatim(mention(user)),
            };
            let reply = render::announce(
                &msg!(
                    "discord-paused",
                    who = who,
                    game = view.game_name(),
                    number = view.move_number
                ),
                &SeatNames::public(&view, public),
            );
            // The table message and the turn ping follow the service's event.
            say(ctx, send::poise_reply(&reply)).await?;
        }
        Err(e) => {
            say(ctx, send::poise_reply(&refusal(&e, &Plain(lang)))).await?;
        }
    }
    Ok(())
}

/// Take up your paused match in this channel where it stopped.
#[poise::command(slash_command, guild_only)]
pub async fn resume(ctx: Context<'_>) -> Result<(), Error> {
    let (lang, public) = langs(ctx).await;
    let data = ctx.data();
    match data
        .service
        .resume(ctx.channel_id().get(), ctx.author().id.get())
        .await
    {
        Ok(view) => {
            // A fresh table message for the resumed match; the old one may be days old.
            let reply = pictures::with_table(ctx.data(), &view, render::table(&view, public)).await;
            let handle = say(ctx, send::poise_reply(&reply)).await?;
            match handle.message().await {
                Ok(message) => {
                    let message = answered_here(ctx, data, view.id, message.id.get());
                    upkeep::table_message_posted(data, &view, message).await;
                }
                Err(e) => tracing::warn!(error = %e, "could not read back the table message"),
            }
        }
        Err(e) => {
            say(ctx, send::poise_reply(&refusal(&e, &Plain(lang)))).await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
