//! The table in a channel, managed: `/abandon` (a player gives up a running game, a member who
//! may manage messages closes any table, both after confirming; a seated person leaves a lobby
//! at once), `/pause` (a match, to be taken up later) and `/resume` (where it stopped).

use super::{answer_deferred, defer_start, lobby_message, member_may};
use poise::serenity_prelude as serenity;

use crate::data::{Context, Error};
use crate::reply::refusal;
use crate::reply::{langs, say};
use crate::words::{mention, Plain, SeatNames};
use crate::{render, send};
use pakka_table::{Declined, Phase, TableError};
use pakka_text::msg;
use pakka_text::verbatim;

// A player gives up a running game (a loss for them only); a member who may manage messages
// closes any table with no result; both confirm first. In a lobby, a seated person leaves (the
// creator cancels it) at once.
/// End the table in this channel (asks to confirm).
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
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

/// Pause the match in this channel; its players can take it up again later with /resume.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
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
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn resume(ctx: Context<'_>) -> Result<(), Error> {
    let (lang, _) = langs(ctx).await;
    let data = ctx.data();
    let (channel, user) = (ctx.channel_id().get(), ctx.author().id.get());
    // A refusal is answered privately at once; else the answer is deferred, and the showing
    // of the match's start fills it in with a fresh table message (the old one may be days
    // old).
    if let Err(e) = data.service.resume_check(channel, user).await {
        say(ctx, send::poise_reply(&refusal(&e, &Plain(lang)))).await?;
        return Ok(());
    }
    let Some(deferred) = defer_start(ctx).await? else {
        return Ok(());
    };
    let resumed = data.service.resume(channel, user).await;
    if let Err(e) = resumed {
        answer_deferred(ctx, Some(&deferred), &refusal(&e, &Plain(lang))).await?;
    }
    Ok(())
}
