//! Configuration from the environment and a `.env` file: the Discord token, the database, the
//! optional REST proxy and development guild. Every setting but the token has a working default.
//! A bad setting is a typed `ConfigError`, worded for the operator by `ConfigError::msg`
//! (`cli.ftl`); its `Display` is for logs.

use std::env;
use std::time::Duration;

use crate::msg;
use crate::text::{verbatim, Msg};

/// Where the database lives when `DATABASE_URL` is not set: a file beside the working
/// directory, created with its migrations on first start.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://pakka.db";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub token: String,
    pub database_url: String,
    /// Base URL of an HTTP proxy for Discord's REST API (`DISCORD_HTTP_PROXY`).
    pub http_proxy: Option<String>,
    /// Register the commands in this guild only (`DEV_GUILD_ID`).
    pub dev_guild_id: Option<u64>,
    /// The pause before each computer player's move, so people can follow
    /// (`COMPUTER_PAUSE_MS`, default 1500).
    pub computer_pause: Duration,
    /// Lobbies that have not started after this long are closed (`LOBBY_TIMEOUT_MINUTES`,
    /// default 30).
    pub lobby_timeout: Duration,
    /// How long one minute of a table's turn timer lasts (`TIMER_MINUTE_MS`, default 60000;
    /// tests shorten it).
    pub timer_minute: Duration,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("DISCORD_TOKEN is not set")]
    MissingToken,
    #[error("DEV_GUILD_ID is not a number: {0:?}")]
    BadGuild(String),
    #[error("{0} is not a whole number: {1:?}")]
    BadNumber(&'static str, String),
}

impl ConfigError {
    /// The problem as a message for the operator starting the bot.
    pub fn msg(&self) -> Msg {
        match self {
            ConfigError::MissingToken => msg!("config-missing-token"),
            ConfigError::BadGuild(value) => {
                msg!("config-bad-guild", value = verbatim(value.clone()))
            }
            ConfigError::BadNumber(name, value) => msg!(
                "config-bad-number",
                name = verbatim(*name),
                value = verbatim(value.clone())
            ),
        }
    }
}

fn var(name: &str) -> Option<String> {
    env::var(name)
        .ok()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

impl Config {
    /// Reads `.env` (if present) and the environment.
    pub fn from_env() -> Result<Config, ConfigError> {
        // A missing .env is normal; its variables never override the environment.
        let _ = dotenvy::dotenv();
        Config::from_vars(var)
    }

    /// Builds the configuration from a variable lookup (the environment, or a test's map).
    pub fn from_vars(get: impl Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let token = get("DISCORD_TOKEN").ok_or(ConfigError::MissingToken)?;
        let dev_guild_id = match get("DEV_GUILD_ID") {
            None => None,
            Some(g) => Some(g.parse().map_err(|_| ConfigError::BadGuild(g))?),
        };
        let number = |name: &'static str, default: u64| -> Result<u64, ConfigError> {
            match get(name) {
                None => Ok(default),
                Some(v) => v.parse().map_err(|_| ConfigError::BadNumber(name, v)),
            }
        };
        Ok(Config {
            token,
            database_url: get("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string()),
            http_proxy: get("DISCORD_HTTP_PROXY"),
            dev_guild_id,
            computer_pause: Duration::from_millis(number("COMPUTER_PAUSE_MS", 1500)?),
            lobby_timeout: Duration::from_secs(60 * number("LOBBY_TIMEOUT_MINUTES", 30)?),
            timer_minute: Duration::from_millis(number("TIMER_MINUTE_MS", 60_000)?.max(1)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn from(pairs: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Config::from_vars(|k| map.get(k).cloned().filter(|v| !v.is_empty()))
    }

    #[test]
    fn only_the_token_is_required() {
        assert_eq!(from(&[]), Err(ConfigError::MissingToken));
        let c = from(&[("DISCORD_TOKEN", "abc")]).unwrap();
        assert_eq!(c.database_url, DEFAULT_DATABASE_URL);
        assert_eq!((c.http_proxy, c.dev_guild_id), (None, None));
        assert_eq!(c.computer_pause, Duration::from_millis(1500));
        assert_eq!(c.lobby_timeout, Duration::from_secs(1800));
        assert_eq!(c.timer_minute, Duration::from_secs(60));
        assert!(crate::catalog::en(&ConfigError::MissingToken.msg())
            .starts_with("DISCORD_TOKEN is not set: put your bot's token"));
    }

    #[test]
    fn every_setting_is_read() {
        let c = from(&[
            ("DISCORD_TOKEN", "abc"),
            ("DATABASE_URL", "sqlite:///data/p.db"),
            ("DISCORD_HTTP_PROXY", "http://127.0.0.1:9"),
            ("DEV_GUILD_ID", "42"),
        ])
        .unwrap();
        assert_eq!(c.http_proxy.as_deref(), Some("http://127.0.0.1:9"));
        assert_eq!(c.dev_guild_id, Some(42));
        assert_eq!(
            from(&[("DISCORD_TOKEN", "a"), ("DEV_GUILD_ID", "x")]),
            Err(ConfigError::BadGuild("x".into()))
        );
        assert_eq!(
            from(&[("DISCORD_TOKEN", "a"), ("COMPUTER_PAUSE_MS", "soon")]),
            Err(ConfigError::BadNumber("COMPUTER_PAUSE_MS", "soon".into()))
        );
        let quick = from(&[
            ("DISCORD_TOKEN", "a"),
            ("COMPUTER_PAUSE_MS", "0"),
            ("TIMER_MINUTE_MS", "50"),
        ])
        .unwrap();
        assert_eq!(
            (quick.computer_pause, quick.timer_minute),
            (Duration::ZERO, Duration::from_millis(50))
        );
    }
}
