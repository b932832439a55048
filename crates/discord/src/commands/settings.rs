//! `/settings`: this server's settings for pakka (threads, pictures, language), shown to anyone
//! who asks and changed only by a member who may manage the server.

use super::autocomplete::{complete_language, shipped_language};
use super::member_may;
use poise::serenity_prelude as serenity;

use crate::data::{Context, Error};
use crate::input::{self};
use crate::reply::refusal;
use crate::reply::{langs, say};
use crate::words::Plain;
use crate::{render, send};
use pakka_catalog::catalog;
use pakka_table::seasons::SeasonLength;
use pakka_table::GuildSetting;
use pakka_text::msg;
use pakka_text::verbatim;

/// Seasons as a slash-command choice.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum SeasonsChoice {
    #[name = "monthly"]
    Monthly,
    #[name = "quarterly"]
    Quarterly,
    #[name = "off"]
    Off,
}

impl SeasonsChoice {
    fn length(self) -> Option<SeasonLength> {
        match self {
            SeasonsChoice::Monthly => Some(SeasonLength::Monthly),
            SeasonsChoice::Quarterly => Some(SeasonLength::Quarterly),
            SeasonsChoice::Off => None,
        }
    }
}

/// This server's settings for pakka (members who may manage the server).
#[poise::command(
    slash_command,
    guild_only,
    install_context = "Guild",
    interaction_context = "Guild"
)]
pub async fn settings(
    ctx: Context<'_>,
    threads: Option<bool>,
    images: Option<bool>,
    #[autocomplete = "complete_language"] language: Option<String>,
    seasons: Option<SeasonsChoice>,
) -> Result<(), Error> {
    let (lang, _) = langs(ctx).await;
    if !super::server_installed(ctx) {
        let reply = render::notice(&msg!("discord-guild-only"), &Plain(lang));
        say(ctx, send::poise_reply(&reply)).await?;
        return Ok(());
    }
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
        .chain(seasons.map(|s| render::Setting::Seasons(s.length(), None)))
        .collect();
    let reply = if asked.is_empty() {
        let current = render::Settings {
            threads: data.service.threads_default(guild).await,
            images: data.images_on(guild).await,
            language: data.guild_lang(guild).await,
            seasons: data.service.season_length(guild).await,
        };
        render::settings(current, &[], lang)
    } else if !member_may(ctx, serenity::Permissions::manage_guild).await {
        render::notice(&msg!("discord-settings-not-allowed"), &Plain(lang))
    } else {
        let mut result = Ok(());
        let mut asked = asked;
        for setting in &mut asked {
            result = match *setting {
                render::Setting::Seasons(length, ref mut season) => {
                    // Announced in the channel the setting was made in.
                    let channel = ctx.channel_id().get();
                    match data.service.set_seasons(guild, length, channel).await {
                        Ok(open) => {
                            *season = open.map(|s| s.name);
                            Ok(())
                        }
                        Err(e) => Err(e),
                    }
                }
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
                    seasons: None,
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
