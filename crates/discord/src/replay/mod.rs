//! `/replay <game> [public]` and its buttons: a finished game stepped through move by move
//! (`table::Replay`), each step rendered by `render::replay` from the step's public view, with
//! the table's picture when the server has pictures on. A replay is private to the one who
//! asked unless `public:true` shares it with the channel.
//!
//! Every button names its table, step and page (`ComponentId::Replay`), so a click re-reads
//! the game from the store and needs nothing remembered: the buttons keep working after a
//! restart. A private replay's buttons are its reader's (Discord shows the message to nobody
//! else). A shared one is stepped by the person who shared it, so the channel follows one
//! story; anyone else's click is answered with their own private copy at the step they
//! pressed, leaving the shared message as it is.

use poise::serenity_prelude as serenity;
use serenity::ComponentInteraction;
use tokio::time::Instant;

use super::data::{Context, Data, Error};
use super::words::Lang;
use super::{pictures, render, reply, send};
use pakka_table::{Replay, ReplayError, ReplayStep, TableId};

/// Step through a finished game move by move; the hands are shown at the end.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn replay(
    ctx: Context<'_>,
    #[min = 1] game: i64,
    public: Option<bool>,
) -> Result<(), Error> {
    let (mine, server) = reply::langs(ctx).await;
    let data = ctx.data();
    let guild = crate::place::place_id(ctx.guild_id(), ctx.channel_id());
    // Shared: in the server's language, stepped by the one who shared it.
    let (owner, lang) = match public {
        Some(true) => (Some(ctx.author().id.get()), server),
        _ => (None, mine),
    };
    let reply = match step_of(data, game, guild, 0).await {
        Ok(step) => with_picture(data, &step, render::replay(&step, 0, owner, lang), lang).await,
        // A refusal is for the one who asked only.
        Err(e) => refusal(&e, mine),
    };
    reply::say(ctx, send::poise_reply(&reply)).await?;
    Ok(())
}

/// A click on a replay's button (see the module's doc for who may step which).
#[allow(clippy::too_many_arguments)]
pub(super) async fn on_click(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    deadline: Instant,
    table: TableId,
    step: u32,
    page: u32,
    owner: Option<u64>,
) {
    let user = click.user.id.get();
    let guild = crate::place::place_id(click.guild_id, click.channel_id);
    let lang = super::words::lang_of(&click.locale);
    let (step, page) = (step as usize, page as usize);
    let step = match step_of(data, table, guild, step).await {
        Ok(step) => step,
        Err(e) => {
            let reply = refusal(&e, lang);
            reply::answer(ctx, click, deadline, send::respond(&reply)).await;
            return;
        }
    };
    let response = match owner {
        // Someone else's shared replay: a private copy, and the shared message stays.
        Some(owner) if owner != user => {
            let reply = render::replay_copy(&step, page, owner, lang);
            send::respond(&with_picture(data, &step, reply, lang).await)
        }
        Some(owner) => {
            let server = data.guild_lang(guild).await;
            let reply = render::replay(&step, page, Some(owner), server);
            send::update(&with_picture(data, &step, reply, server).await)
        }
        None => {
            let reply = render::replay(&step, page, None, lang);
            let reply = with_picture(data, &step, reply, lang).await;
            // A private replay's button is only ever on a private message; one clicked on a
            // public message (forged) is answered privately, never replacing that message.
            if reply::is_private(click) {
                send::update(&reply)
            } else {
                send::respond(&reply)
            }
        }
    };
    reply::answer(ctx, click, deadline, response).await;
}

/// Step `step` of finished game `table` of server `guild`, re-applied off the async workers.
async fn step_of(
    data: &Data,
    table: TableId,
    guild: u64,
    step: usize,
) -> Result<ReplayStep, ReplayError> {
    let replay: Replay = data.service.replay(table, guild).await?;
    tokio::task::spawn_blocking(move || replay.step(step))
        .await
        .map_err(|e| ReplayError::Internal(format!("a replay's step failed: {e}")))?
}

/// The step's reply with the table's picture at that step, in `lang`.
async fn with_picture(
    data: &Data,
    step: &ReplayStep,
    reply: render::Reply,
    lang: Lang,
) -> render::Reply {
    let image = pictures::table_in(data, &step.view, lang).await;
    reply.with_image(image)
}

/// The refusal for the person who asked; a bug is logged and answered generically.
fn refusal(e: &ReplayError, lang: Lang) -> render::Reply {
    if e.is_internal() {
        tracing::error!(error = %e, "a replay failed");
    }
    render::notice(&e.msg(), &super::words::Plain(lang))
}

#[cfg(test)]
mod tests;
