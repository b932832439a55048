//! What the handlers (commands, buttons, `/replay`, the stop's refusals) share to answer a
//! person: a command's answer (`say`) and the languages it is worded in (`langs`), a click's
//! acknowledgement (`answer`), whether the clicked message is private, and the notice for a
//! refused action (`refusal`). The handlers share what they need through this file; of one
//! another they import only `replay` (its command and its buttons).

use poise::serenity_prelude as serenity;
use serenity::ComponentInteraction;
use tokio::time::Instant;

use super::data::{Context, Error};
use super::message::Reply;
use super::render;
use super::retry;
use super::words::{self, lang_of, Lang};
use pakka_table::TableError;

/// The languages of a command's answers: the invoking user's (what only they see) and the
/// server's (what the channel sees); what the interaction said of both is remembered. A DM or
/// a group DM has no server: its language is that of whoever spoke there last.
pub(super) async fn langs(ctx: Context<'_>) -> (Lang, Lang) {
    let (locale, guild_locale) = match ctx {
        poise::Context::Application(app) => (
            app.interaction.locale.clone(),
            app.interaction.guild_locale.clone(),
        ),
        poise::Context::Prefix(_) => (String::new(), None),
    };
    let place = super::place::place_id(ctx.guild_id(), ctx.channel_id());
    let place_locale = super::place::locale_of(ctx.guild_id(), &locale, guild_locale.as_deref());
    let data = ctx.data();
    data.languages
        .heard(ctx.author().id.get(), &locale, Some(place), place_locale);
    let public = data.guild_lang(place).await;
    let lang = if locale.is_empty() {
        public
    } else {
        lang_of(&locale)
    };
    (lang, public)
}

pub(super) async fn say<'a>(
    ctx: Context<'a>,
    reply: poise::CreateReply,
) -> Result<poise::ReplyHandle<'a>, Error> {
    let deadline = tokio::time::Instant::now() + retry::ANSWER_BUDGET;
    let sent = retry::answer_with("answer a command", deadline, || ctx.send(reply.clone())).await;
    if sent.is_ok() {
        super::health::command_answered(ctx).await;
    }
    sent.map_err(|e| {
        retry::report(&e, "a command's answer", "the command is not answered");
        e.into()
    })
}

/// Acknowledges a click within Discord's 3 seconds, trying again after a 5xx, a 429 or a hang
/// while time allows (a callback Discord took already counts as done). Answers whether the
/// click was acknowledged; a failure is logged once.
pub(super) async fn answer(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    deadline: Instant,
    response: serenity::CreateInteractionResponse,
) -> bool {
    let sent = retry::answer("answer a click", deadline, || {
        click.create_response(&ctx.http, response.clone())
    })
    .await;
    match sent {
        Ok(()) => {
            pakka_metrics::answered("button", (deadline - retry::ANSWER_BUDGET).elapsed());
            true
        }
        Err(e) => {
            retry::report(&e, "the click", "it cannot be answered");
            false
        }
    }
}

/// Whether the clicked message is a private (ephemeral) one.
pub(super) fn is_private(click: &ComponentInteraction) -> bool {
    click
        .message
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL))
}

/// The notice a person sees for a refused action, seats named by `names`; bugs are logged and
/// answered generically (the catalog's sentence for `TableError::Internal`).
pub(super) fn refusal(e: &TableError, names: &dyn words::Reader) -> Reply {
    if e.is_internal() {
        tracing::error!(error = %e, "table service failed");
    } else if e.is_outage() {
        tracing::warn!(error = %e, "the database is unavailable; the request changed nothing");
    }
    render::notice(&e.msg(), names)
}
