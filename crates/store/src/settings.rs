//! The `guild_settings` table: what a server has chosen for all its tables (whether `/play`
//! opens a thread of its own for each table by default, whether table and hand messages
//! carry a picture, the language of its public messages, and whether its ratings run in
//! seasons), read as one row and written one
//! setting at a time.

use super::{on_db, sql, to_sql, Store, StoreError};

/// A server's choices, with the defaults of a server that never chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuildSettings {
    /// Tables played in threads of their own by default (off unless chosen).
    pub threads: bool,
    /// Table and hand messages carry pictures (on unless turned off).
    pub images: bool,
    /// The language of the server's public messages (`None`: never chosen).
    pub language: Option<String>,
    /// Ratings in seasons: `monthly` or `quarterly` (`None`: no seasons).
    pub seasons: Option<String>,
    /// Where the seasons' ends are announced.
    pub seasons_channel: Option<u64>,
}

impl Default for GuildSettings {
    fn default() -> GuildSettings {
        GuildSettings {
            threads: false,
            images: true,
            language: None,
            seasons: None,
            seasons_channel: None,
        }
    }
}

/// One setting to write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuildSetting {
    Threads(bool),
    Images(bool),
    Language(String),
    /// Seasons (`monthly`, `quarterly`, or `None` for none), announced in `channel`.
    Seasons {
        length: Option<String>,
        channel: u64,
    },
}

type SettingsRow = (
    Option<bool>,
    Option<bool>,
    Option<String>,
    Option<String>,
    Option<i64>,
);

impl Store {
    /// The server's settings (the defaults for what it never set).
    pub async fn guild_settings(&self, guild_id: u64) -> Result<GuildSettings, StoreError> {
        let row: Option<SettingsRow> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT threads, images, language, seasons, seasons_channel FROM guild_settings \
                 WHERE guild_id = ?"
            ))
            .bind(to_sql(guild_id))
            .fetch_optional(db)
            .await?
        });
        let default = GuildSettings::default();
        Ok(match row {
            None => default,
            Some((threads, images, language, seasons, seasons_channel)) => GuildSettings {
                threads: threads.unwrap_or(default.threads),
                images: images.unwrap_or(default.images),
                language,
                seasons,
                seasons_channel: seasons_channel.map(super::from_sql),
            },
        })
    }

    /// Sets one of the server's settings, keeping the others.
    pub async fn set_guild_setting(
        &self,
        guild_id: u64,
        setting: &GuildSetting,
    ) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            let statement = match setting {
                GuildSetting::Threads(_) => sql!(
                    d,
                    "INSERT INTO guild_settings (guild_id, threads) VALUES (?, ?) \
                     ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads"
                ),
                GuildSetting::Images(_) => sql!(
                    d,
                    "INSERT INTO guild_settings (guild_id, images) VALUES (?, ?) \
                     ON CONFLICT (guild_id) DO UPDATE SET images = excluded.images"
                ),
                GuildSetting::Language(_) => sql!(
                    d,
                    "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?) \
                     ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language"
                ),
                GuildSetting::Seasons { .. } => sql!(
                    d,
                    "INSERT INTO guild_settings (guild_id, seasons, seasons_channel) \
                     VALUES (?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET \
                     seasons = excluded.seasons, seasons_channel = excluded.seasons_channel"
                ),
            };
            let query = sqlx::query(statement).bind(to_sql(guild_id));
            let query = match setting {
                GuildSetting::Threads(on) | GuildSetting::Images(on) => query.bind(*on),
                GuildSetting::Language(language) => query.bind(language.as_str()),
                GuildSetting::Seasons { length, channel } => {
                    query.bind(length.as_deref()).bind(to_sql(*channel))
                }
            };
            query.execute(db).await?;
        });
        Ok(())
    }
}
