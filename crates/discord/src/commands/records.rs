//! The records people read: `/scores` (this server's leaderboard, for a game and a period),
//! `/stats` (one player's record on this server) and `/history` (the last finished games in
//! this channel, or on the whole server).

use super::autocomplete::complete_game;
use poise::serenity_prelude as serenity;

use crate::data::{Context, Error};
use crate::reply::refusal;
use crate::reply::{langs, say};
use crate::words::Plain;
use crate::{render, send};
use pakka_table::games::{self};
use pakka_table::records::Period;

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
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn scores(
    ctx: Context<'_>,
    #[autocomplete = "complete_game"] game: Option<String>,
    period: Option<ScoresPeriod>,
    #[min = 1]
    #[max = 100000]
    season: Option<u32>,
) -> Result<(), Error> {
    let (lang, public) = langs(ctx).await;
    let guild = crate::place::place_id(ctx.guild_id(), ctx.channel_id());
    let period = period.map_or(Period::All, Period::from);
    let service = &ctx.data().service;
    let page = match season {
        Some(season) => {
            service
                .scores_in_season(guild, game.as_deref(), season, 0)
                .await
        }
        None => service.scores(guild, game.as_deref(), period, 0).await,
    };
    let reply = match page {
        Ok(page) => render::scores(&page, public),
        Err(e) => refusal(&e, &Plain(lang)),
    };
    say(ctx, send::poise_reply(&reply)).await?;
    Ok(())
}

/// One player's record on this server.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn stats(
    ctx: Context<'_>,
    player: Option<serenity::User>,
    #[autocomplete = "complete_game"] game: Option<String>,
) -> Result<(), Error> {
    let (lang, public) = langs(ctx).await;
    let guild = crate::place::place_id(ctx.guild_id(), ctx.channel_id());
    let user = player.as_ref().unwrap_or(ctx.author()).id.get();
    let service = &ctx.data().service;
    let reply = match service.stats(guild, user, game.as_deref()).await {
        Ok(stats) => {
            let game = game.as_deref().and_then(games::find).map(|g| g.id());
            let chat = ctx.guild_id().is_none();
            render::stats(&stats, game, chat, public)
        }
        Err(e) => refusal(&e, &Plain(lang)),
    };
    say(ctx, send::poise_reply(&reply)).await?;
    Ok(())
}

/// The last finished games in this channel, or on the whole server.
#[poise::command(
    slash_command,
    install_context = "Guild|User",
    interaction_context = "Guild|BotDm|PrivateChannel"
)]
pub async fn history(ctx: Context<'_>, server: Option<bool>) -> Result<(), Error> {
    let (lang, public) = langs(ctx).await;
    let guild = crate::place::place_id(ctx.guild_id(), ctx.channel_id());
    // In a DM or a group DM the channel is the whole place.
    let of = match (ctx.guild_id(), server.unwrap_or(false)) {
        (None, _) => render::HistoryOf::Chat,
        (Some(_), true) => render::HistoryOf::Server,
        (Some(_), false) => render::HistoryOf::Channel,
    };
    let channel = (of != render::HistoryOf::Server).then(|| ctx.channel_id().get());
    let reply = match ctx.data().service.history(guild, channel).await {
        Ok(games) => render::history(&games, of, public),
        Err(e) => refusal(&e, &Plain(lang)),
    };
    say(ctx, send::poise_reply(&reply)).await?;
    Ok(())
}
