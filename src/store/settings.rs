//! The `guild_settings` table: what a server has chosen for all its tables (whether `/play`
//! opens a thread of its own for each table by default, whether table and hand messages
//! carry a picture, and the language of its public messages).

use super::{to_sql, Store, StoreError};

impl Store {
    /// Whether the server's tables are played in threads by default (false when never set).
    pub async fn guild_threads(&self, guild_id: u64) -> Result<bool, StoreError> {
        let threads: Option<bool> =
            sqlx::query_scalar("SELECT threads FROM guild_settings WHERE guild_id = ?")
                .bind(to_sql(guild_id))
                .fetch_optional(&self.pool)
                .await?;
        Ok(threads.unwrap_or(false))
    }

    /// Sets the server's default for playing tables in threads.
    pub async fn set_guild_threads(&self, guild_id: u64, on: bool) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, threads) VALUES (?, ?) \
             ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads",
        )
        .bind(to_sql(guild_id))
        .bind(on)
        .execute(&self.writer)
        .await?;
        Ok(())
    }

    /// Whether the server's table and hand messages carry pictures (true when never set).
    pub async fn guild_images(&self, guild_id: u64) -> Result<bool, StoreError> {
        let images: Option<bool> =
            sqlx::query_scalar("SELECT images FROM guild_settings WHERE guild_id = ?")
                .bind(to_sql(guild_id))
                .fetch_optional(&self.pool)
                .await?;
        Ok(images.unwrap_or(true))
    }

    /// Sets whether the server's table and hand messages carry pictures.
    pub async fn set_guild_images(&self, guild_id: u64, on: bool) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, images) VALUES (?, ?) \
             ON CONFLICT (guild_id) DO UPDATE SET images = excluded.images",
        )
        .bind(to_sql(guild_id))
        .bind(on)
        .execute(&self.writer)
        .await?;
        Ok(())
    }

    /// The language chosen for the server's public messages (`None`: never chosen).
    pub async fn guild_language(&self, guild_id: u64) -> Result<Option<String>, StoreError> {
        let language: Option<Option<String>> =
            sqlx::query_scalar("SELECT language FROM guild_settings WHERE guild_id = ?")
                .bind(to_sql(guild_id))
                .fetch_optional(&self.pool)
                .await?;
        Ok(language.flatten())
    }

    /// Sets the language of the server's public messages.
    pub async fn set_guild_language(
        &self,
        guild_id: u64,
        language: &str,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, language) VALUES (?, ?) \
             ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
        )
        .bind(to_sql(guild_id))
        .bind(language)
        .execute(&self.writer)
        .await?;
        Ok(())
    }
}
