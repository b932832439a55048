//! What the web edge asks Discord, over HTTP (never through the Discord edge): the OAuth2 code
//! exchange (`POST /oauth2/token` with the application's secret), the person a token belongs to
//! (`GET /users/@me`), an Activity instance's channel and people
//! (`GET /applications/{app}/activity-instances/{instance}`, with the bot's token), the
//! application's id, and a seated person's name for the window's seats. Every call goes to
//! `DISCORD_HTTP_PROXY` when it is set, as the bot's other calls do, and gives up after
//! `CALL_WITHIN`.

use std::time::Duration;

use serde::Deserialize;

/// How long one call to Discord may take.
const CALL_WITHIN: Duration = Duration::from_secs(5);

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
}

impl DiscordApi {
    /// Calls to `proxy` (`DISCORD_HTTP_PROXY`) when given, else to Discord.
    pub fn new(proxy: Option<&str>, bot_token: &str, client_secret: &str) -> DiscordApi {
        let root = proxy.unwrap_or("https://discord.com").trim_end_matches('/');
        DiscordApi {
            client: reqwest::Client::builder()
                .timeout(CALL_WITHIN)
                .build()
                .unwrap_or_default(),
            base: format!("{root}/api/v10"),
            bot_token: bot_token.to_string(),
            client_secret: client_secret.to_string(),
        }
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
        if status >= 500 || status == 429 {
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
        let sent = self
            .client
            .get(format!("{}/oauth2/applications/@me", self.base))
            .header("Authorization", format!("Bot {}", self.bot_token));
        Ok(Self::read::<AppJson>("the application", sent).await?.id)
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
        let sent = self
            .client
            .get(format!("{}/users/{id}", self.base))
            .header("Authorization", format!("Bot {}", self.bot_token));
        Self::read("a person", sent).await
    }

    /// An Activity instance of the application.
    pub async fn instance(&self, app: u64, instance: &str) -> Result<Instance, DiscordError> {
        let sent = self
            .client
            .get(format!(
                "{}/applications/{app}/activity-instances/{}",
                self.base,
                encode(instance)
            ))
            .header("Authorization", format!("Bot {}", self.bot_token));
        let json: InstanceJson = Self::read("the activity instance", sent).await?;
        Ok(Instance {
            channel_id: json.location.channel_id,
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
    #[test]
    fn encoding_keeps_the_unreserved_and_escapes_the_rest() {
        assert_eq!(super::encode("a-Z_0.~"), "a-Z_0.~");
        assert_eq!(super::encode("a b&c=d/é"), "a%20b%26c%3Dd%2F%C3%A9");
    }
}
