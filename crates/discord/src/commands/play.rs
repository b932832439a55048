//! Opening a table and filling its lobby: `/play` (a game, its options, the people invited and
//! the computer players' level, in the channel or in a thread of its own; throttled per person)
//! and `/invite` (someone into an open seat of the lobby, by its creator).

use super::autocomplete::{complete_game, complete_options};
use super::{
    answer_deferred, answered_here, check_named, defer_start, lobby_message, no_such_game, person,
};
use poise::serenity_prelude as serenity;

use crate::data::{Context, Error};
use crate::input::{self};
use crate::pace::Priority;
use crate::public::Posted;
use crate::reply::refusal;
use crate::reply::{langs, say};
use crate::words::{plain, Lang, Plain, Reader, SeatNames};
use crate::{pictures, render, send, shown, throttle};
use pakka_table::games::{self, GameKind};
use pakka_table::{CreateTable, LobbyChange, Person, Phase, TableError};
use pakka_table::{Learning, Level};
use pakka_text::verbatim;
use pakka_text::{msg, Msg};

/// Start a card game in this channel and invite friends to it.
#[allow(clippy::too_many_arguments)]
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
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
    ctx.data().heard(ctx.author());
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
            return notice(ctx, &text, &Plain(lang)).await;
        }
    };
    let asked = Asked {
        game,
        users: [player, player2, player3, player4, player5, player6, player7]
            .into_iter()
            .flatten()
            .collect(),
        seats,
        seed,
        options,
        bots,
        level,
        turn_timer,
        hints,
        open_seats,
    };
    let creator = person(ctx.author());
    let invited: Vec<Person> = asked
        .users
        .iter()
        .map(|u| {
            ctx.data().heard(u);
            person(u)
        })
        .collect();
    // A refused request names its people by seat.
    let names = SeatNames::request(&creator, &invited, lang);
    let (info, request) = match table_request(ctx, asked, creator, invited) {
        Ok(checked) => checked,
        Err(why) => return notice(ctx, &why, &names).await,
    };
    // In a thread of its own (asked for, or the server's default) unless already in one, or
    // in a voice channel's text chat, where Discord starts no thread: the table lives in the
    // chat beside the call (and the Activity launched in the call shows it).
    // Where the bot reaches the channel by interactions alone (a DM, a group DM, a server
    // without the bot), the table lives on them: no thread (a thread asked for is refused),
    // and no channel permission is needed.
    let by_interactions = ctx.data().channels.by_interactions(request.channel_id);
    if by_interactions && thread == Some(true) {
        return notice(ctx, &msg!("discord-no-thread-here"), &Plain(lang)).await;
    }
    let threaded = !by_interactions
        && !in_thread(ctx)
        && !in_voice(ctx)
        && thread.unwrap_or(ctx.data().service.threads_default(request.guild_id).await);
    // A table the bot could not post or edit here is not opened: the asker is told which
    // permissions it lacks.
    if !by_interactions {
        if let Some(text) = lacking(ctx, request.guild_id, threaded).await {
            return notice(ctx, &text, &Plain(lang)).await;
        }
    }
    if threaded {
        return play_in_thread(ctx, info, request, &names, public, token).await;
    }
    let data = ctx.data();
    // A refusal is answered privately at once. A game that starts at once is answered with a
    // deferred answer that the showing of its start fills in with the table message; a lobby
    // is this command's answer.
    let at_once = match data.service.create_check(&request) {
        Ok(at_once) => at_once,
        Err(e) => return answer_deferred(ctx, None, &refusal(&e, &names)).await,
    };
    let deferred = if at_once {
        match defer_start(ctx).await? {
            Some(token) => Some(token),
            None => return Ok(()),
        }
    } else {
        None
    };
    let deferred = deferred.as_deref();
    match data.service.create(request).await {
        Ok(view) if view.phase == Phase::Playing => {
            token.keep();
            // Not deferred, though it started at once (its seats changed meanwhile): the table
            // message is posted by the showing of its start, and the asker told to look for it.
            if deferred.is_none() {
                notice(ctx, &msg!("discord-start-under-way"), &Plain(public)).await?;
            }
        }
        Ok(view) => {
            token.keep();
            let reply =
                pictures::with_table(data, &view, render::opened(&view, public, data.window)).await;
            answer_deferred(ctx, deferred, &reply).await?;
            remember_answer(ctx, data, &view).await;
        }
        Err(e) => answer_deferred(ctx, deferred, &refusal(&e, &names)).await?,
    }
    Ok(())
}

/// Remembers the message that answered the command as the lobby's message (read back through
/// the command's token).
async fn remember_answer(
    ctx: Context<'_>,
    data: &crate::data::Data,
    view: &pakka_table::TableView,
) {
    let poise::Context::Application(app) = ctx else {
        return;
    };
    match app.interaction.get_response(ctx.http()).await {
        Ok(message) => {
            let message = answered_here(ctx, data, view.id, message.id.get());
            shown::table_message_posted(data, view, message).await;
        }
        Err(e) => tracing::warn!(error = %e, "could not read back the /play reply"),
    }
}

/// What `/play` was asked, before it is checked.
struct Asked {
    game: String,
    /// The people invited, in the order named.
    users: Vec<serenity::User>,
    seats: Option<u8>,
    seed: Option<u64>,
    options: Option<String>,
    bots: Option<u8>,
    level: Option<BotLevel>,
    turn_timer: Option<u32>,
    hints: Option<bool>,
    open_seats: Option<bool>,
}

/// The table `/play` asks for, as far as the edge checks it before the table service does:
/// the game, its option words, the seed and the turn timer, and the people named (no bot, no
/// one twice, no one outside the channel). A refusal is the sentence that says why.
fn table_request(
    ctx: Context<'_>,
    asked: Asked,
    creator: Person,
    invited: Vec<Person>,
) -> Result<(GameKind, CreateTable), Msg> {
    let Some(info) = games::find(&asked.game) else {
        return Err(no_such_game(&asked.game));
    };
    let options_text = asked.options.as_deref().unwrap_or("");
    input::check_options(options_text)
        .and_then(|()| input::check_seed(asked.seed))
        .and_then(|()| input::check_turn_timer(asked.turn_timer))
        .map_err(|e| e.msg())?;
    let options = info.parse_options(options_text).map_err(|e| e.msg())?;
    check_named(ctx, &asked.users).map_err(|e| e.msg())?;
    let request = CreateTable {
        guild_id: crate::place::place_id(ctx.guild_id(), ctx.channel_id()),
        channel_id: ctx.channel_id().get(),
        creator,
        invited,
        game: info.id().to_string(),
        seats: asked.seats.map(usize::from),
        seed: asked.seed,
        options,
        bots: asked.bots.map_or(0, usize::from),
        bot_level: asked.level.map(Level::from).unwrap_or_default(),
        turn_timer: asked.turn_timer,
        learning: Learning {
            hints: asked.hints.unwrap_or(false),
            open_seats: asked.open_seats.unwrap_or(false),
        },
    };
    Ok((info, request))
}

/// Whether the command was used in a voice (or stage) channel's text chat.
pub(super) fn in_voice(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(app) => app.interaction.channel.as_ref().is_some_and(|c| {
            matches!(
                c.kind,
                serenity::ChannelType::Voice | serenity::ChannelType::Stage
            )
        }),
        poise::Context::Prefix(_) => false,
    }
}

/// Whether the command was used in a thread.
pub(super) fn in_thread(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(app) => app.interaction.channel.as_ref().is_some_and(|c| {
            matches!(
                c.kind,
                serenity::ChannelType::PublicThread | serenity::ChannelType::PrivateThread
            )
        }),
        poise::Context::Prefix(_) => false,
    }
}

/// The sentence naming the permissions the bot lacks where the table would live (this
/// channel, or a new thread of it), as Discord sent them with the command; none when it has
/// them all or Discord sent none.
pub(super) async fn lacking(ctx: Context<'_>, guild_id: u64, threaded: bool) -> Option<Msg> {
    let poise::Context::Application(app) = ctx else {
        return None;
    };
    let have = app.interaction.app_permissions?;
    let pictures = ctx.data().images_on(guild_id).await;
    crate::permissions::lacking(have, pictures, threaded)
}

/// Answers the asker privately with one sentence.
async fn notice(ctx: Context<'_>, text: &Msg, reader: &(dyn Reader + Sync)) -> Result<(), Error> {
    say(ctx, send::poise_reply(&render::notice(text, reader))).await?;
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
        // A game that starts at once: the showing of its start posts its table message.
        Ok(view) if view.phase == Phase::Playing => {}
        Ok(view) => {
            let reply =
                pictures::with_table(data, &view, render::opened(&view, public, data.window)).await;
            let ctx = ctx.serenity_context();
            let posted = crate::public::post_in_channel(
                ctx,
                &data.channels,
                view.channel_id,
                &reply,
                Priority::Person,
            )
            .await;
            if let Some(message) = posted {
                shown::table_message_posted(data, &view, Posted::channel(message)).await;
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

/// Invite someone to an open seat of the lobby in this channel (its creator only).
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn invite(ctx: Context<'_>, player: serenity::User) -> Result<(), Error> {
    let (lang, public) = langs(ctx).await;
    let data = ctx.data();
    data.heard(&player);
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
