//! Configuration from the environment and a `.env` file: the Discord token, the database, the
//! optional REST proxy and development guild, the gateway shards this process runs (`SHARDS`),
//! the computer players' pause before a move and how long a `hard` one thinks, when an unstarted
//! lobby closes, how long a turn timer's minute lasts (for tests), the metrics address
//! (`METRICS_ADDR`), and the abuse limits (open tables per person and per server, how fast one
//! person may click and open tables). Every setting but the token has a working default.
//! A bad setting is a typed `ConfigError`, worded for the operator by `ConfigError::msg`
//! (`cli.ftl`); its `Display` is for logs.

use std::env;
use std::time::Duration;

use pakka_shards::ShardRange;
use pakka_text::msg;
use pakka_text::{verbatim, Msg};

/// Where the database lives when `DATABASE_URL` is not set: a file beside the working
/// directory, created with its migrations on first start.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://pakka.db";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub token: String,
    pub database_url: String,
    /// Base URL of an HTTP proxy for Discord's REST API (`DISCORD_HTTP_PROXY`).
    pub http_proxy: Option<String>,
    /// The proxy speaks HTTP/2 without TLS (h2c, prior knowledge), so every REST call goes to
    /// it over one connection, as they go to Discord itself (`DISCORD_HTTP_PROXY_HTTP2`,
    /// default false: HTTP/1.1, which every proxy speaks).
    pub http_proxy_http2: bool,
    /// Register the commands in this guild only (`DEV_GUILD_ID`).
    pub dev_guild_id: Option<u64>,
    /// The gateway shards this process runs (`SHARDS=first-last/total`, e.g. `0-3/16`), and so
    /// the servers whose tables it holds. None: one process runs every shard, as many as
    /// Discord recommends (autosharded), and holds every table.
    pub shards: Option<ShardRange>,
    /// The pause before each computer player's move, so people can follow
    /// (`COMPUTER_PAUSE_MS`, default 1500).
    pub computer_pause: Duration,
    /// The most a `hard` computer player thinks per decision (`COMPUTER_THINK_MS`): its search
    /// is anytime and plays the best action found when the time is up. None: the table
    /// service's default, `pakka_table::DEFAULT_THINK` (50 ms), named there once.
    pub computer_think: Option<Duration>,
    /// Lobbies that have not started after this long are closed (`LOBBY_TIMEOUT_MINUTES`,
    /// default 30).
    pub lobby_timeout: Duration,
    /// How long one minute of a table's turn timer lasts (`TIMER_MINUTE_MS`, default 60000;
    /// tests shorten it).
    pub timer_minute: Duration,
    /// Open tables (lobbies and games in play) one person may have in a server: the ones they
    /// created and the ones where they hold an accepted seat (`MAX_TABLES_PER_PERSON`, default
    /// 3; 0: no limit).
    pub max_tables_per_person: usize,
    /// Open tables in one server (`MAX_TABLES_PER_SERVER`, default 100; 0: no limit).
    pub max_tables_per_server: usize,
    /// Button clicks one person may make in a burst before being slowed down (`CLICK_BURST`,
    /// default 20; 0: no limit).
    pub click_burst: u32,
    /// Clicks per second a person may keep up after a burst (`CLICKS_PER_SECOND`, default 5).
    pub clicks_per_second: u32,
    /// `/play` commands one person may send in a burst (`PLAY_BURST`, default 3; 0: no limit).
    pub play_burst: u32,
    /// `/play` commands per minute a person may keep up after a burst (`PLAYS_PER_MINUTE`,
    /// default 6).
    pub plays_per_minute: u32,
    /// Where metrics (Prometheus text), `/healthz` and `/readyz` are served
    /// (`METRICS_ADDR`, e.g. `127.0.0.1:9184`). None: no metrics, nothing listens.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// Where the Activity's web edge listens (`ACTIVITY_ADDR`, e.g. `0.0.0.0:8080`, behind the
    /// public HTTPS address the developer portal's URL mapping names). None: no window.
    pub activity_addr: Option<std::net::SocketAddr>,
    /// The application's OAuth2 secret (`DISCORD_CLIENT_SECRET`), for a window's sign-in.
    pub client_secret: Option<String>,
    /// Where the window's built client is (`ACTIVITY_CLIENT_DIR`, default `web/dist`).
    pub activity_client: std::path::PathBuf,
    /// The window of Discord's per-channel bucket (5 messages created or edited) that the bot
    /// paces its channel calls by. None: Discord's own 5 s, and no setting changes it; a test
    /// against a fake Discord that enforces no limits shortens it.
    pub channel_window: Option<Duration>,
}

/// Defaults of the abuse limits, and why. A person rarely plays more than one or two tables
/// at once in a server; three leaves room for a lobby waiting beside a game. A server's tables
/// are one per channel or thread, and each costs a little memory and a task while it plays: a
/// hundred is far more than a busy community plays at once, and stops one server from filling
/// a shared instance. A player clicking quickly through a game makes a few clicks a second for
/// a few seconds; a burst of 20 refilled at 5 a second never slows them, and still stops a
/// script. `/play` opens tables and threads: 3 at once, then one every 10 seconds.
pub const DEFAULT_MAX_TABLES_PER_PERSON: usize = 3;
pub const DEFAULT_MAX_TABLES_PER_SERVER: usize = 100;
pub const DEFAULT_CLICK_BURST: u32 = 20;
pub const DEFAULT_CLICKS_PER_SECOND: u32 = 5;
pub const DEFAULT_PLAY_BURST: u32 = 3;
pub const DEFAULT_PLAYS_PER_MINUTE: u32 = 6;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("DISCORD_TOKEN is not set")]
    MissingToken,
    #[error("DEV_GUILD_ID is not a number: {0:?}")]
    BadGuild(String),
    #[error("{0} is not a whole number: {1:?}")]
    BadNumber(&'static str, String),
    /// A yes-or-no setting is neither (`true`, `false`, `1`, `0`).
    #[error("{0} is not true or false: {1:?}")]
    BadFlag(&'static str, String),
    /// `SHARDS` is not `first-last/total` in whole numbers.
    #[error("SHARDS is not first-last/total: {0:?}")]
    BadShards(String),
    /// `SHARDS` names its shards backwards (`first` after `last`).
    #[error("SHARDS {value:?}: the first shard {first} comes after the last {last}")]
    ShardsReversed {
        value: String,
        first: u32,
        last: u32,
    },
    /// `SHARDS` names a shard that `total` shards do not have (they are 0 to total - 1).
    #[error("SHARDS {value:?}: there is no shard {last} of {total}")]
    ShardBeyondTotal {
        value: String,
        last: u32,
        total: u32,
    },
    /// `METRICS_ADDR` is not an address and port (`127.0.0.1:9184`).
    #[error("METRICS_ADDR is not host:port: {0:?}")]
    BadMetricsAddr(String),
    /// `ACTIVITY_ADDR` is not an address and port (`0.0.0.0:8080`).
    #[error("ACTIVITY_ADDR is not host:port: {0:?}")]
    BadActivityAddr(String),
    /// `SHARDS` says the bot has no shard at all.
    #[error("SHARDS {0:?}: the total is 0")]
    NoShards(String),
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
            ConfigError::BadFlag(name, value) => msg!(
                "config-bad-flag",
                name = verbatim(*name),
                value = verbatim(value.clone())
            ),
            ConfigError::BadShards(value) => {
                msg!("config-bad-shards", value = verbatim(value.clone()))
            }
            ConfigError::ShardsReversed { value, first, last } => msg!(
                "config-shards-reversed",
                value = verbatim(value.clone()),
                first = *first,
                last = *last
            ),
            ConfigError::ShardBeyondTotal { value, last, total } => msg!(
                "config-shard-beyond-total",
                value = verbatim(value.clone()),
                last = *last,
                total = *total,
                highest = total.saturating_sub(1)
            ),
            ConfigError::NoShards(value) => {
                msg!("config-no-shards", value = verbatim(value.clone()))
            }
            ConfigError::BadMetricsAddr(value) => {
                msg!("config-bad-metrics-addr", value = verbatim(value.clone()))
            }
            ConfigError::BadActivityAddr(value) => {
                msg!("config-bad-activity-addr", value = verbatim(value.clone()))
            }
        }
    }
}

/// Parses `SHARDS`: `first-last/total`, both ends included (`0-3/16` is shards 0, 1, 2 and 3
/// of 16). Spaces around the numbers are allowed; anything else is refused with its reason.
pub fn parse_shards(value: &str) -> Result<ShardRange, ConfigError> {
    let bad = || ConfigError::BadShards(value.to_string());
    let (range, total) = value.split_once('/').ok_or_else(bad)?;
    let (first, last) = range.split_once('-').ok_or_else(bad)?;
    let number = |text: &str| -> Result<u32, ConfigError> {
        let text = text.trim();
        // `u32::from_str` takes a leading `+`; a shard number is digits only.
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        text.parse().map_err(|_| bad())
    };
    let (first, last, total) = (number(first)?, number(last)?, number(total)?);
    if total == 0 {
        return Err(ConfigError::NoShards(value.to_string()));
    }
    if first > last {
        return Err(ConfigError::ShardsReversed {
            value: value.to_string(),
            first,
            last,
        });
    }
    if last >= total {
        return Err(ConfigError::ShardBeyondTotal {
            value: value.to_string(),
            last,
            total,
        });
    }
    Ok(ShardRange { first, last, total })
}

fn var(name: &str) -> Option<String> {
    env::var(name)
        .ok()
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// The database a command that needs nothing else names by default (`pakka backup`): the
/// `DATABASE_URL` of the environment or `.env`, else [`DEFAULT_DATABASE_URL`].
pub fn database_url() -> String {
    let _ = dotenvy::dotenv();
    var("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string())
}

impl Config {
    /// Whether the REST calls go to a proxy that speaks HTTP/2 without TLS (h2c): a proxy is
    /// set, and `DISCORD_HTTP_PROXY_HTTP2` says so.
    pub fn proxy_speaks_http2(&self) -> bool {
        self.http_proxy.is_some() && self.http_proxy_http2
    }

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
        let flag = |name: &'static str, default: bool| -> Result<bool, ConfigError> {
            let Some(v) = get(name) else {
                return Ok(default);
            };
            match v.to_ascii_lowercase().as_str() {
                "true" | "1" => Ok(true),
                "false" | "0" => Ok(false),
                _ => Err(ConfigError::BadFlag(name, v)),
            }
        };
        // A limit is a count that fits in 32 bits (a bigger one is as good as none: use 0).
        let small = |name: &'static str, default: u64| -> Result<u64, ConfigError> {
            let n = number(name, default)?;
            if n > u64::from(u32::MAX) {
                return Err(ConfigError::BadNumber(name, n.to_string()));
            }
            Ok(n)
        };
        Ok(Config {
            token,
            database_url: get("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string()),
            http_proxy: get("DISCORD_HTTP_PROXY"),
            http_proxy_http2: flag("DISCORD_HTTP_PROXY_HTTP2", false)?,
            dev_guild_id,
            shards: get("SHARDS").map(|v| parse_shards(&v)).transpose()?,
            computer_pause: Duration::from_millis(number("COMPUTER_PAUSE_MS", 1500)?),
            computer_think: get("COMPUTER_THINK_MS")
                .map(|v| match v.parse::<u64>() {
                    Ok(ms) => Ok(Duration::from_millis(ms.max(1))),
                    Err(_) => Err(ConfigError::BadNumber("COMPUTER_THINK_MS", v)),
                })
                .transpose()?,
            lobby_timeout: Duration::from_secs(60 * number("LOBBY_TIMEOUT_MINUTES", 30)?),
            timer_minute: Duration::from_millis(number("TIMER_MINUTE_MS", 60_000)?.max(1)),
            max_tables_per_person: small(
                "MAX_TABLES_PER_PERSON",
                DEFAULT_MAX_TABLES_PER_PERSON as u64,
            )? as usize,
            max_tables_per_server: small(
                "MAX_TABLES_PER_SERVER",
                DEFAULT_MAX_TABLES_PER_SERVER as u64,
            )? as usize,
            click_burst: small("CLICK_BURST", DEFAULT_CLICK_BURST.into())? as u32,
            clicks_per_second: small("CLICKS_PER_SECOND", DEFAULT_CLICKS_PER_SECOND.into())? as u32,
            play_burst: small("PLAY_BURST", DEFAULT_PLAY_BURST.into())? as u32,
            plays_per_minute: small("PLAYS_PER_MINUTE", DEFAULT_PLAYS_PER_MINUTE.into())? as u32,
            channel_window: None,
            metrics_addr: get("METRICS_ADDR")
                .map(|v| v.parse().map_err(|_| ConfigError::BadMetricsAddr(v)))
                .transpose()?,
            activity_addr: get("ACTIVITY_ADDR")
                .map(|v| v.parse().map_err(|_| ConfigError::BadActivityAddr(v)))
                .transpose()?,
            client_secret: get("DISCORD_CLIENT_SECRET"),
            activity_client: get("ACTIVITY_CLIENT_DIR")
                .unwrap_or_else(|| "web/dist".into())
                .into(),
        })
    }
}

#[cfg(test)]
mod tests {
    //! Reading the configuration from the environment: only the token is required; every setting
    //! is read (metrics' and the Activity's addresses, the Activity's secret, the proxy's HTTP/2);
    //! shards are a range of a total, and bad shards are refused with their reason.

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
        assert_eq!(
            c.shards, None,
            "without SHARDS one process runs every shard"
        );
        assert_eq!(c.computer_pause, Duration::from_millis(1500));
        assert_eq!(
            c.computer_think, None,
            "without COMPUTER_THINK_MS the table service's default"
        );
        assert_eq!(c.lobby_timeout, Duration::from_secs(1800));
        assert_eq!(c.timer_minute, Duration::from_secs(60));
        assert_eq!((c.max_tables_per_person, c.max_tables_per_server), (3, 100));
        assert_eq!((c.click_burst, c.clicks_per_second), (20, 5));
        assert_eq!((c.play_burst, c.plays_per_minute), (3, 6));
        assert_eq!(c.metrics_addr, None, "no metrics unless asked for");
        assert!(pakka_catalog::en(&ConfigError::MissingToken.msg())
            .starts_with("DISCORD_TOKEN is not set: put your bot's token"));
    }

    #[test]
    fn metrics_listen_where_told() {
        let c = from(&[("DISCORD_TOKEN", "abc"), ("METRICS_ADDR", "127.0.0.1:9184")]).unwrap();
        assert_eq!(c.metrics_addr, Some("127.0.0.1:9184".parse().unwrap()));
        let bad = from(&[("DISCORD_TOKEN", "abc"), ("METRICS_ADDR", "9184")]);
        assert_eq!(bad, Err(ConfigError::BadMetricsAddr("9184".into())));
        assert!(pakka_catalog::en(&bad.unwrap_err().msg()).contains("127.0.0.1:9184"));
    }

    #[test]
    fn the_activity_listens_where_told_with_the_apps_secret() {
        let c = from(&[("DISCORD_TOKEN", "abc")]).unwrap();
        assert_eq!((c.activity_addr, c.client_secret), (None, None));
        assert_eq!(c.activity_client, std::path::PathBuf::from("web/dist"));
        let c = from(&[
            ("DISCORD_TOKEN", "abc"),
            ("ACTIVITY_ADDR", "0.0.0.0:8080"),
            ("DISCORD_CLIENT_SECRET", "s3cret"),
        ])
        .unwrap();
        assert_eq!(c.activity_addr, Some("0.0.0.0:8080".parse().unwrap()));
        assert_eq!(c.client_secret.as_deref(), Some("s3cret"));
        let bad = from(&[("DISCORD_TOKEN", "abc"), ("ACTIVITY_ADDR", "8080")]);
        assert_eq!(bad, Err(ConfigError::BadActivityAddr("8080".into())));
        assert!(pakka_catalog::en(&bad.unwrap_err().msg()).contains("0.0.0.0:8080"));
    }

    #[test]
    fn the_proxy_speaks_http2_when_told() {
        for (value, http2) in [
            ("true", true),
            ("1", true),
            ("TRUE", true),
            ("false", false),
            ("0", false),
        ] {
            let c = from(&[("DISCORD_TOKEN", "a"), ("DISCORD_HTTP_PROXY_HTTP2", value)]).unwrap();
            assert_eq!(c.http_proxy_http2, http2, "{value}");
        }
        let bad = from(&[
            ("DISCORD_TOKEN", "a"),
            ("DISCORD_HTTP_PROXY_HTTP2", "yes please"),
        ]);
        assert_eq!(
            bad,
            Err(ConfigError::BadFlag(
                "DISCORD_HTTP_PROXY_HTTP2",
                "yes please".into()
            ))
        );
        let told = pakka_catalog::en(&bad.unwrap_err().msg());
        assert!(
            told.contains("DISCORD_HTTP_PROXY_HTTP2") && told.contains("yes please"),
            "{told}"
        );
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
        assert!(!c.http_proxy_http2, "HTTP/1.1 to a proxy unless told");
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
            ("COMPUTER_THINK_MS", "20"),
        ])
        .unwrap();
        assert_eq!(quick.computer_think, Some(Duration::from_millis(20)));
        assert_eq!(
            (quick.computer_pause, quick.timer_minute),
            (Duration::ZERO, Duration::from_millis(50))
        );
        let load = from(&[
            ("DISCORD_TOKEN", "a"),
            ("MAX_TABLES_PER_PERSON", "0"),
            ("MAX_TABLES_PER_SERVER", "5000"),
            ("CLICK_BURST", "0"),
            ("CLICKS_PER_SECOND", "50"),
            ("PLAY_BURST", "1000"),
            ("PLAYS_PER_MINUTE", "600"),
        ])
        .unwrap();
        assert_eq!(
            (load.max_tables_per_person, load.max_tables_per_server),
            (0, 5000)
        );
        assert_eq!((load.click_burst, load.clicks_per_second), (0, 50));
        assert_eq!((load.play_burst, load.plays_per_minute), (1000, 600));
        assert_eq!(
            from(&[("DISCORD_TOKEN", "a"), ("MAX_TABLES_PER_SERVER", "-1")]),
            Err(ConfigError::BadNumber("MAX_TABLES_PER_SERVER", "-1".into()))
        );
        assert_eq!(
            from(&[("DISCORD_TOKEN", "a"), ("CLICK_BURST", "99999999999")]),
            Err(ConfigError::BadNumber("CLICK_BURST", "99999999999".into()))
        );
    }

    #[test]
    fn shards_are_a_range_of_a_total() {
        let c = from(&[("DISCORD_TOKEN", "a"), ("SHARDS", "0-3/16")]).unwrap();
        let range = ShardRange {
            first: 0,
            last: 3,
            total: 16,
        };
        assert_eq!(c.shards, Some(range));
        let one = ShardRange {
            first: 1,
            last: 1,
            total: 2,
        };
        assert_eq!(parse_shards("1-1/2"), Ok(one));
        assert_eq!(parse_shards(" 1 - 1 / 2 "), Ok(one));
        assert_eq!(
            parse_shards("15-15/16").map(|r| (r.first, r.last, r.total)),
            Ok((15, 15, 16))
        );
    }

    #[test]
    fn bad_shards_are_refused_with_their_reason() {
        for garbage in [
            "",
            "3",
            "0-3",
            "0/16",
            "a-b/c",
            "0-3/x",
            "-1-3/16",
            "+0-3/16",
            "0-3/16/2",
            "0--3/16",
            "0-3/99999999999",
        ] {
            assert_eq!(
                parse_shards(garbage),
                Err(ConfigError::BadShards(garbage.into())),
                "{garbage:?}"
            );
        }
        assert_eq!(
            parse_shards("4-3/16"),
            Err(ConfigError::ShardsReversed {
                value: "4-3/16".into(),
                first: 4,
                last: 3
            })
        );
        assert_eq!(
            parse_shards("0-16/16"),
            Err(ConfigError::ShardBeyondTotal {
                value: "0-16/16".into(),
                last: 16,
                total: 16
            })
        );
        assert_eq!(
            parse_shards("0-0/0"),
            Err(ConfigError::NoShards("0-0/0".into()))
        );
        assert_eq!(
            from(&[("DISCORD_TOKEN", "a"), ("SHARDS", "all")]),
            Err(ConfigError::BadShards("all".into()))
        );
        // Each reason is a sentence for the operator, in every language.
        let errors = [
            ConfigError::BadShards("all".into()),
            parse_shards("4-3/16").unwrap_err(),
            parse_shards("0-16/16").unwrap_err(),
            parse_shards("0-0/0").unwrap_err(),
        ];
        let english: Vec<String> = errors.iter().map(|e| pakka_catalog::en(&e.msg())).collect();
        assert!(english[0].contains("SHARDS") && english[0].contains("\"all\""));
        assert!(english[1].contains('4') && english[1].contains('3'));
        assert!(english[2].contains("0 to 15"), "{}", english[2]);
        assert!(english[3].contains("0-0/0"));
        let catalog = pakka_catalog::catalog();
        for e in &errors {
            assert_eq!(catalog.check(&e.msg()), Ok(()));
            let finnish = catalog.text("fi", &e.msg(), &pakka_catalog::NoNames);
            assert!(!english.contains(&finnish), "{finnish}");
        }
    }
}
