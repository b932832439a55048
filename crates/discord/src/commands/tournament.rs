//! `/tournament`: an event for one game, its options and a format, run in this channel. The
//! answer is the event's message (sign-up open, its buttons below), which the tournaments'
//! listener keeps up to date; the buttons (`components`) sign people up, check them in, and
//! let the organiser start, pause or cancel it.

use super::autocomplete::{complete_game, complete_options};
use super::no_such_game;
use super::play::{in_thread, lacking, BotLevel};

use crate::data::{Context, Error};
use crate::input;
use crate::reply::{langs, say};
use crate::words::Plain;
use crate::{render, send};
use pakka_table::games;
use pakka_table::tournaments::{EventError, Format, NewEvent, MAX_PLAYERS};
use pakka_table::Level;

/// A format as a slash-command choice.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum EventFormat {
    #[name = "Swiss"]
    Swiss,
    #[name = "round robin"]
    RoundRobin,
    #[name = "knockout"]
    Knockout,
    #[name = "duplicate"]
    Duplicate,
}

impl From<EventFormat> for Format {
    fn from(f: EventFormat) -> Format {
        match f {
            EventFormat::Swiss => Format::Swiss,
            EventFormat::RoundRobin => Format::RoundRobin,
            EventFormat::Knockout => Format::Knockout,
            EventFormat::Duplicate => Format::Duplicate,
        }
    }
}

/// Run a tournament of a game in this channel: sign-up, check-in, rounds and standings.
#[allow(clippy::too_many_arguments)]
#[poise::command(
    slash_command,
    guild_only,
    install_context = "Guild",
    interaction_context = "Guild"
)]
pub async fn tournament(
    ctx: Context<'_>,
    #[autocomplete = "complete_game"] game: String,
    format: EventFormat,
    #[min = 1]
    #[max = 32]
    rounds: Option<u32>,
    #[min = 2]
    #[max = 8]
    seats: Option<u8>,
    #[min = 2]
    #[max = 256]
    players: Option<u16>,
    #[min = 1]
    #[max = 1440]
    round_minutes: Option<u32>,
    #[min = 1]
    #[max = 60]
    checkin_minutes: Option<u32>,
    level: Option<BotLevel>,
    #[autocomplete = "complete_options"] options: Option<String>,
    seed: Option<u64>,
) -> Result<(), Error> {
    ctx.data().heard(ctx.author());
    let (lang, public) = langs(ctx).await;
    let refuse = |text: pakka_text::Msg| async move {
        say(ctx, send::poise_reply(&render::notice(&text, &Plain(lang))))
            .await
            .map(drop)
    };
    if !super::server_installed(ctx) {
        return refuse(pakka_text::msg!("discord-guild-only")).await;
    }
    let Some(info) = games::find(&game) else {
        return refuse(no_such_game(&game)).await;
    };
    // Each round's tables play in threads of the event's channel: a thread has none, and the
    // bot must be able to start and write in them.
    if in_thread(ctx) {
        return refuse(pakka_text::msg!("discord-event-not-in-thread")).await;
    }
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    if let Some(why) = lacking(ctx, guild, true).await {
        return refuse(why).await;
    }
    let options_text = options.as_deref().unwrap_or("");
    let checked = input::check_options(options_text)
        .and_then(|()| input::check_seed(seed))
        .and_then(|()| input::check_turn_timer(round_minutes))
        .map_err(|e| e.msg())
        .and_then(|()| info.parse_options(options_text).map_err(|e| e.msg()));
    let options = match checked {
        Ok(options) => options,
        Err(why) => return refuse(why).await,
    };
    let request = NewEvent {
        guild_id: ctx.guild_id().map_or(0, |g| g.get()),
        channel_id: ctx.channel_id().get(),
        organiser: ctx.author().id.get(),
        game: info.id().to_string(),
        options,
        format: format.into(),
        seats: seats.map(usize::from),
        rounds,
        max_players: players.map_or(MAX_PLAYERS, usize::from),
        round_minutes: round_minutes.unwrap_or(30),
        checkin_minutes: checkin_minutes.unwrap_or(5),
        level: level.map(Level::from).unwrap_or_default(),
        seed,
    };
    let data = ctx.data();
    match data.service.create_event(request).await {
        Ok(view) => {
            let handle = say(ctx, send::poise_reply(&render::event(&view, public))).await?;
            match handle.message().await {
                Ok(message) => {
                    if let Err(e) = data
                        .service
                        .set_event_message(view.id, message.id.get())
                        .await
                    {
                        tracing::warn!(error = %e, "a tournament's message id was not stored");
                    }
                }
                Err(e) => tracing::warn!(error = %e, "could not read back the /tournament reply"),
            }
        }
        Err(e) => {
            if e.is_internal() {
                tracing::error!(error = %e, "a tournament could not be created");
            }
            refuse(refusal_of(&e)).await?;
        }
    }
    Ok(())
}

/// An event's refusal for the person: its sentence, or the generic one for a bug.
pub(crate) fn refusal_of(e: &EventError) -> pakka_text::Msg {
    if e.is_internal() {
        pakka_text::msg!("table-internal")
    } else {
        e.msg()
    }
}
