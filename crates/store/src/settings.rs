//! The `guild_settings` table: what a server has chosen for all its tables (whether `/play`
//! opens a thread of its own for each table by default, whether table and hand messages
//! carry a picture, and the language of its public messages).

use super::{on_db, sql, to_sql, Store, StoreError};

impl Store {
    /// Whether the server's tables are played in threads by default (false when never set).
    pub async fn guild_threads(&self, guild_id: u64) -> Result<bool, StoreError> {
        let threads: Option<bool> = on_db!(self, pool, |db, d| {
            sqlx::query_scalar(sql!(
                d,
                "SELECT threads FROM guild_settings WHERE guild_id = ?"
            ))
            .bind(to_sql(guild_id))
            .fetch_optional(db)
            .await?
        });
        Ok(threads.unwrap_or(false))
    }

    /// Sets the server's default for playing tables in threads.
    pub async fn set_guild_threads(&self, guild_id: u64, on: bool) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            sqlx::query(sql!(
                d,
                "INSERT INTO guild_settings (guild_id, threads) VALUES (?, ?) \
                 ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads"
            ))
            .bind(to_sql(guild_id))
            .bind(on)
            .execute(db)
            .await?;
        });
        Ok(())
    }

    /// Whether the server's table and hand messages carry pictures (true when never set).
    pub async fn guild_images(&self, guild_id: u64) -> Result<bool, StoreError> {
        let images: Option<bool> = on_db!(self, pool, |db, d| {
            sqlx::query_scalar(sql!(
                d,
                "SELECT images FROM guild_settings WHERE guild_id = ?"
            ))
            .bind(to_sql(guild_id))
            .fetch_optional(db)
            .await?
        });
        Ok(images.unwrap_or(true))
    }

    /// Sets whether the server's table and hand messages carry pictures.
    pub async fn set_guild_images(&self, guild_id: u64, on: bool) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            sqlx::query(sql!(
                d,
                "INSERT INTO guild_settings (guild_id, images) VALUES (?, ?) \
                 ON CONFLICT (guild_id) DO UPDATE SET images = excluded.images"
            ))
            .bind(to_sql(guild_id))
            .bind(on)
            .execute(db)
            .await?;
        });
        Ok(())
    }

    /// The language chosen for the server's public messages (`None`: never chosen).
    pub async fn guild_language(&self, guild_id: u64) -> Result<Option<String>, StoreError> {
        let language: Option<Option<String>> = on_db!(self, pool, |db, d| {
            sqlx::query_scalar(sql!(
                d,
                "SELECT language FROM guild_settings WHERE guild_id = ?"
            ))
            .bind(to_sql(guild_id))
            .fetch_optional(db)
            .await?
        });
        Ok(language.flatten())
    }

    /// Sets the language of the server's public messages.
    pub async fn set_guild_language(
        &self,
        guild_id: u64,
        language: &str,
    ) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            sqlx::query(sql!(
                d,
                "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?) \
                 ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language"
            ))
            .bind(to_sql(guild_id))
            .bind(language)
            .execute(db)
            .await?;
        });
        Ok(())
    }
}
