//! `/rules`: a game's rules, privately, with the link to its page.

use super::autocomplete::complete_game;
use super::no_such_game;

use crate::data::{Context, Error};
use crate::reply::{langs, say};
use crate::words::Plain;
use crate::{render, send};
use pakka_table::games::{self};

/// A short summary of a game's rules.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
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
