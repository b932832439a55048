//! What the web edge asks Discord, over HTTP (never through the Discord edge): the OAuth2 code
//! exchange (`POST /oauth2/token` with the application's secret), the person a token belongs to
//! (`GET /users/@me`), an Activity instance's channel and people
//! (`GET /applications/{app}/activity-instances/{instance}`, with the bot's token), the
//! application's id, and a seated person's name for the window's seats. Every call goes to
//! `DISCORD_HTTP_PROXY` when it is set, as the bot's other calls do, and gives up after
//! `CALL_WITHIN`.
//!
//! The calls made with the bot's token count against its global limit (50 a second), which the
//! Discord edge needs for the tables: they are paced to `BOT_CALLS_PER_SECOND`, waiting their
//! turn (a crowd opening windows at once is served in turn, not refused), and a 429 is waited
//! out once before the call gives up.

use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;

use serde::Deserialize;

/// How long one call to Discord may take.
const CALL_WITHIN: Duration = Duration::from_secs(5);

/// The bot-token calls the web edge may make in a second: two fifths of Discord's global limit,
/// the rest left to the Discord edge.
pub const BOT_CALLS_PER_SECOND: u32 = 20;

/// The longest a bot-token call waits for its turn before it gives up (Discord is then as good
/// as unwell for this person: they try again).
const TURN_WITHIN: Duration = Duration::from_secs(30);

/// Why a call to Discord gave no usable answer.
#[derive(Debug, thiserror::Error)]
pub enum DiscordError {
    /// Discord refused it (a bad code or token, an unknown instance): the person's request is
    /// refused.
    #[error("Discord refused {what}: {status}")]
    Refused { what: &'static str, status: u16 },
    /// No answer, or one that could not be read: Discord is unwell.
    #[error("no answer from Discord to {what}: {detail}")]
    Unwell { what: &'static str, detail: String },
    /// Discord's rate limit: try again after `wait`.
    #[error("Discord limited {what}: again in {wait:?}")]
    Limited { what: &'static str, wait: Duration },
}

/// A person as Discord tells of them.
#[derive(Clone, Debug, Deserialize)]
pub struct User {
    #[serde(deserialize_with = "snowflake")]
    pub id: u64,
    pub username: String,
    #[serde(default)]
    pub global_name: Option<String>,
    /// Their Discord language (`fi`, `en-US`), when the token may read it.
    #[serde(default)]
    pub locale: Option<String>,
}

impl User {
    /// The name a window shows for them.
    pub fn display_name(&self) -> String {
        self.global_name
            .clone()
            .unwrap_or_else(|| self.username.clone())
    }
}

/// An Activity instance: where it runs and who is in it.
#[derive(Clone, Debug)]
pub struct Instance {
    pub channel_id: u64,
    /// The server of its channel; None in a DM or group DM.
    pub guild_id: Option<u64>,
    pub users: Vec<u64>,
}

#[derive(Deserialize)]
struct InstanceJson {
    location: Location,
    #[serde(default)]
    users: Vec<String>,
}

#[derive(Deserialize)]
struct Location {
    #[serde(deserialize_with = "snowflake")]
    channel_id: u64,
    #[serde(default)]
    guild_id: Option<String>,
}

#[derive(Deserialize)]
struct TokenJson {
    access_token: String,
}

#[derive(Deserialize)]
struct AppJson {
    #[serde(deserialize_with = "snowflake")]
    id: u64,
}

fn snowflake<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let s = String::deserialize(d)?;
    s.parse().map_err(serde::de::Error::custom)
}

/// Discord's HTTP API as the web edge uses it.
#[derive(Clone)]
pub struct DiscordApi {
    client: reqwest::Client,
    /// `https://discord.com/api/v10`, or the proxy's `…/api/v10`.
    base: String,
    bot_token: String,
    client_secret: String,
    /// When the next bot-token call may go.
    next_bot_call: Arc<tokio::sync::Mutex<Instant>>,
}

impl DiscordApi {
    /// Calls to `proxy` (`DISCORD_HTTP_PROXY`) when given, else to Discord; over HTTP/2 from
    /// the first byte when `proxy_http2` says the proxy speaks it (`Config::proxy_speaks_http2`),
    /// as the bot's other calls go.
    pub fn new(
        proxy: Option<&str>,
        proxy_http2: bool,
        bot_token: &str,
        client_secret: &str,
    ) -> DiscordApi {
        let root = proxy.unwrap_or("https://discord.com").trim_end_matches('/');
        let mut client = reqwest::Client::builder().timeout(CALL_WITHIN);
        if proxy_http2 {
            client = client.http2_prior_knowledge();
        }
        DiscordApi {
            client: client.build().unwrap_or_default(),
            base: format!("{root}/api/v10"),
            bot_token: bot_token.to_string(),
            client_secret: client_secret.to_string(),
            next_bot_call: Arc::new(tokio::sync::Mutex::new(Instant::now())),
        }
    }

    /// The application's OAuth2 secret, which every process of the instance has: what the
    /// windows' sessions are signed with (`sessions`).
    pub(crate) fn client_secret(&self) -> &str {
        &self.client_secret
    }

    /// Waits for a bot-token call's turn (`after`: at the earliest then, a 429's wait).
    async fn turn(&self, what: &'static str, after: Option<Duration>) -> Result<(), DiscordError> {
        let at = {
            let mut next = self.next_bot_call.lock().await;
            let now = Instant::now();
            let at = (*next).max(now + after.unwrap_or_default());
            if at.duration_since(now) > TURN_WITHIN {
                return Err(DiscordError::Unwell {
                    what,
                    detail: "too many calls waiting for their turn".into(),
                });
            }
            *next = at + Duration::from_secs(1) / BOT_CALLS_PER_SECOND;
            at
        };
        tokio::time::sleep_until(at).await;
        Ok(())
    }

    /// A call with the bot's token to `url`: paced, and a 429 waited out once.
    async fn bot_get<T: for<'de> Deserialize<'de>>(
        &self,
        what: &'static str,
        url: String,
    ) -> Result<T, DiscordError> {
        let mut after = None;
        for attempt in 0..2 {
            self.turn(what, after).await?;
            let sent = self
                .client
                .get(&url)
                .header("Authorization", format!("Bot {}", self.bot_token));
            match Self::read(what, sent).await {
                Err(DiscordError::Limited { wait, .. }) if attempt == 0 => after = Some(wait),
                done => return done,
            }
        }
        Err(DiscordError::Unwell {
            what,
            detail: "rate limited".into(),
        })
    }

    async fn read<T: for<'de> Deserialize<'de>>(
        what: &'static str,
        sent: reqwest::RequestBuilder,
    ) -> Result<T, DiscordError> {
        let unwell = |e: &dyn std::fmt::Display| DiscordError::Unwell {
            what,
            detail: e.to_string(),
        };
        let answer = sent.send().await.map_err(|e| unwell(&e))?;
        let status = answer.status().as_u16();
        if status == 429 {
            #[derive(Deserialize)]
            struct Limit {
                retry_after: f64,
            }
            let body = answer.bytes().await.map_err(|e| unwell(&e))?;
            let wait = serde_json::from_slice::<Limit>(&body)
                .ok()
                .filter(|l| l.retry_after.is_finite() && l.retry_after >= 0.0)
                .map_or(Duration::from_secs(1), |l| {
                    Duration::from_secs_f64(l.retry_after.min(60.0))
                });
            return Err(DiscordError::Limited { what, wait });
        }
        if status >= 500 {
            return Err(unwell(&status));
        }
        if status >= 400 {
            return Err(DiscordError::Refused { what, status });
        }
        let body = answer.bytes().await.map_err(|e| unwell(&e))?;
        serde_json::from_slice(&body).map_err(|e| unwell(&e))
    }

    /// The application's id (the bot's own application).
    pub async fn application_id(&self) -> Result<u64, DiscordError> {
        let url = format!("{}/oauth2/applications/@me", self.base);
        Ok(self.bot_get::<AppJson>("the application", url).await?.id)
    }

    /// Exchanges an authorization code (from the SDK's `authorize`) for an access token.
    pub async fn exchange(&self, app: u64, code: &str) -> Result<String, DiscordError> {
        let form = [
            ("client_id", app.to_string()),
            ("client_secret", self.client_secret.clone()),
            ("grant_type", "authorization_code".to_string()),
            ("code", code.to_string()),
        ];
        let body: String = form
            .iter()
            .map(|(k, v)| format!("{k}={}", encode(v)))
            .collect::<Vec<_>>()
            .join("&");
        let sent = self
            .client
            .post(format!("{}/oauth2/token", self.base))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(body);
        Ok(Self::read::<TokenJson>("the code exchange", sent)
            .await?
            .access_token)
    }

    /// The person an access token belongs to.
    pub async fn me(&self, access_token: &str) -> Result<User, DiscordError> {
        let sent = self
            .client
            .get(format!("{}/users/@me", self.base))
            .header("Authorization", format!("Bearer {access_token}"));
        Self::read("the person", sent).await
    }

    /// A person, by id (the bot's token): a seated person's name.
    pub async fn user(&self, id: u64) -> Result<User, DiscordError> {
        let url = format!("{}/users/{id}", self.base);
        self.bot_get("a person", url).await
    }

    /// An Activity instance of the application.
    pub async fn instance(&self, app: u64, instance: &str) -> Result<Instance, DiscordError> {
        let url = format!(
            "{}/applications/{app}/activity-instances/{}",
            self.base,
            encode(instance)
        );
        let json: InstanceJson = self.bot_get("the activity instance", url).await?;
        Ok(Instance {
            channel_id: json.location.channel_id,
            guild_id: json.location.guild_id.and_then(|g| g.parse().ok()),
            users: json.users.iter().filter_map(|u| u.parse().ok()).collect(),
        })
    }
}

/// Percent-encodes a form value or a path segment (everything but letters, digits and `-._~`).
fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    //! The percent-encoding of a form value or a path segment sent to Discord: letters, digits and
    //! `-._~` kept, the rest escaped.

    #[test]
    fn encoding_keeps_the_unreserved_and_escapes_the_rest() {
        assert_eq!(super::encode("a-Z_0.~"), "a-Z_0.~");
        assert_eq!(super::encode("a b&c=d/é"), "a%20b%26c%3Dd%2F%C3%A9");
    }
}
