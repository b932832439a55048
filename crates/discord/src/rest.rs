//! The edge's one HTTP client (`Rest::client`, which serenity's calls share), and the channel
//! routes (a message created, edited or deleted in a channel, a channel read), sent with it
//! here rather than through serenity so that a refusal is read whole. serenity reads only
//! `{code, message}` of an error's body and drops its headers, and behind `DISCORD_HTTP_PROXY`
//! its rate limiter is off: the `retry_after` of a 429, and whether the limit was the global
//! one, would be lost. These are the calls that count against Discord's limits and wait in the
//! pacer (`pace`), so they are the ones whose 429 must be honoured with Discord's own pause
//! (`retry::paced`). The requests are serenity's own (`serenity::Request`: the same route, the
//! same JSON body from serenity's builders, the same multipart form with `payload_json` and
//! `files[0]`), sent to Discord or to the proxy exactly as serenity sends them; only the answer
//! is read here. A message carries at most one new file (a reply's picture), so the file's
//! placeholder id 0 is the one its builder's JSON names.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serenity::http::{LightMethod, Multipart, MultipartUpload, Request, Route as Path};

/// How often a quiet HTTP/2 connection is pinged, and how long its answer may take before the
/// connection is dropped: a silent network is found within 10 s, where a connection of
/// HTTP/1.1 would wait for the operating system's TCP timeouts.
const PING_EVERY: Duration = Duration::from_secs(5);
const PING_WAIT: Duration = Duration::from_secs(5);

/// The edge's HTTP client for the channel routes (cheap to clone: one connection pool).
#[derive(Clone, Debug, Default)]
pub struct Rest {
    client: reqwest::Client,
}

/// What Discord (or the proxy) answered to a refused call, read whole.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The HTTP status.
    pub status: u16,
    /// Discord's error code (0 when the body names none, as a 429's and a 5xx's do not).
    pub code: i64,
    /// Discord's message, or nothing when the body was not Discord's JSON (an edge's page).
    pub message: String,
    /// How long Discord asks to wait before the next call (a 429's `retry_after`, else its
    /// `X-RateLimit-Reset-After` or `Retry-After` header).
    pub retry_after: Option<Duration>,
    /// Whether a 429 was for the bot's global limit rather than the route's bucket.
    pub global: bool,
}

/// A channel call that did not succeed.
#[derive(Debug, thiserror::Error)]
pub enum RestError {
    /// Discord answered with an error status.
    #[error("Discord answered {}", .0.status)]
    Answered(Answer),
    /// No answer: the connection failed or dropped.
    #[error("no answer: {0}")]
    NoAnswer(reqwest::Error),
    /// The request could not be built (a URL or header serenity refused).
    #[error("the request could not be made: {0}")]
    Request(String),
    /// A success whose body is not what the route returns.
    #[error("Discord's answer could not be read: {0}")]
    Unreadable(String),
}

/// The body a 429 (and any other refusal) may carry; every field is optional.
#[derive(Debug, Default, serde::Deserialize)]
struct Body {
    #[serde(default)]
    code: i64,
    #[serde(default)]
    message: String,
    retry_after: Option<f64>,
    #[serde(default)]
    global: bool,
}

impl Rest {
    /// The calls of `client` (the edge's one client, which serenity's calls share).
    pub fn new(client: reqwest::Client) -> Rest {
        Rest { client }
    }

    /// The edge's one HTTP client, for serenity's calls and the channel routes alike, so that
    /// they share its connections. To Discord it speaks HTTP/2 when Discord's TLS handshake
    /// offers it (ALPN), and then every call goes over one connection; each call in flight
    /// over HTTP/1.1 needs a connection of its own, with its buffers (BENCHMARKS.md, "One
    /// connection to Discord", issue 44). To a proxy (`DISCORD_HTTP_PROXY`, plain HTTP) it
    /// speaks HTTP/1.1, or HTTP/2 from the first byte when `proxy_http2` says the proxy
    /// speaks it (h2c). A quiet HTTP/2 connection is pinged, so a connection that went silent
    /// is dropped within `PING_EVERY` and `PING_WAIT` and the next calls open a new one.
    pub fn client(proxy_http2: bool) -> reqwest::Result<reqwest::Client> {
        let builder = reqwest::Client::builder()
            .use_rustls_tls()
            .http2_keep_alive_interval(PING_EVERY)
            .http2_keep_alive_timeout(PING_WAIT)
            .http2_keep_alive_while_idle(true);
        if proxy_http2 {
            builder.http2_prior_knowledge().build()
        } else {
            builder.build()
        }
    }

    /// Posts a message in `channel`, with `file` (a reply's picture) when it has one.
    pub async fn send_message(
        &self,
        http: &serenity::Http,
        channel: serenity::ChannelId,
        message: &serenity::CreateMessage,
        file: Option<serenity::CreateAttachment>,
    ) -> Result<serenity::Message, RestError> {
        let path = Path::ChannelMessages {
            channel_id: channel,
        };
        let request = with_body(Request::new(path, LightMethod::Post), message, file)?;
        self.json(http, request).await
    }

    /// Edits a message in `channel`, with `file` as its new attachment when it has one.
    pub async fn edit_message(
        &self,
        http: &serenity::Http,
        channel: serenity::ChannelId,
        message: serenity::MessageId,
        edit: &serenity::EditMessage,
        file: Option<serenity::CreateAttachment>,
    ) -> Result<serenity::Message, RestError> {
        let path = Path::ChannelMessage {
            channel_id: channel,
            message_id: message,
        };
        let request = with_body(Request::new(path, LightMethod::Patch), edit, file)?;
        self.json(http, request).await
    }

    /// Deletes a message in `channel`.
    pub async fn delete_message(
        &self,
        http: &serenity::Http,
        channel: serenity::ChannelId,
        message: serenity::MessageId,
    ) -> Result<(), RestError> {
        let path = Path::ChannelMessage {
            channel_id: channel,
            message_id: message,
        };
        self.send(http, Request::new(path, LightMethod::Delete))
            .await
            .map(drop)
    }

    /// The latest `limit` messages of `channel`, newest first.
    pub async fn messages(
        &self,
        http: &serenity::Http,
        channel: serenity::ChannelId,
        limit: u8,
    ) -> Result<Vec<serenity::Message>, RestError> {
        let path = Path::ChannelMessages {
            channel_id: channel,
        };
        let request =
            Request::new(path, LightMethod::Get).params(Some(vec![("limit", limit.to_string())]));
        self.json(http, request).await
    }

    async fn json<T: DeserializeOwned>(
        &self,
        http: &serenity::Http,
        request: Request<'_>,
    ) -> Result<T, RestError> {
        let response = self.send(http, request).await?;
        let bytes = response
            .bytes()
            .await
            .map_err(|e| RestError::Unreadable(e.to_string()))?;
        serde_json::from_slice(&bytes).map_err(|e| RestError::Unreadable(e.to_string()))
    }

    /// Sends `request` as serenity would (to the proxy when `http` has one) and answers the
    /// response when it succeeded, or what it said when it did not.
    async fn send(
        &self,
        http: &serenity::Http,
        request: Request<'_>,
    ) -> Result<reqwest::Response, RestError> {
        let built = request
            .build(&self.client, http.token(), http.proxy.as_deref())
            .map_err(|e| RestError::Request(e.to_string()))?
            .build()
            .map_err(|e| RestError::Request(e.to_string()))?;
        let response = self
            .client
            .execute(built)
            .await
            .map_err(RestError::NoAnswer)?;
        if response.status().is_success() {
            return Ok(response);
        }
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let bytes = response.bytes().await.unwrap_or_default();
        let body: Body = serde_json::from_slice(&bytes).unwrap_or_default();
        Err(RestError::Answered(answer(status, &headers, body)))
    }
}

/// A request's body: the builder's JSON, or a multipart form when it carries a file.
fn with_body<'a>(
    request: Request<'a>,
    builder: &impl Serialize,
    file: Option<serenity::CreateAttachment>,
) -> Result<Request<'a>, RestError> {
    let json = serde_json::to_string(builder).map_err(|e| RestError::Request(e.to_string()))?;
    Ok(match file {
        None => request.body(Some(json.into_bytes())),
        Some(file) => request.multipart(Some(Multipart {
            upload: MultipartUpload::Attachments(vec![file]),
            fields: Vec::new(),
            payload_json: Some(json),
        })),
    })
}

/// What a refusal says, from its body and headers (Discord's "Exceeding A Rate Limit": the
/// body's `retry_after` in seconds and `global`; the headers `X-RateLimit-Reset-After`,
/// `Retry-After` and `X-RateLimit-Global` say the same for a body that lacks them).
fn answer(status: u16, headers: &reqwest::header::HeaderMap, body: Body) -> Answer {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let seconds = body
        .retry_after
        .or_else(|| header("x-ratelimit-reset-after").and_then(|v| v.parse().ok()))
        .or_else(|| header("retry-after").and_then(|v| v.parse().ok()))
        .filter(|s: &f64| s.is_finite() && *s >= 0.0);
    Answer {
        status,
        code: body.code,
        message: body.message,
        retry_after: seconds.map(Duration::from_secs_f64),
        global: body.global || header("x-ratelimit-global") == Some("true"),
    }
}

#[cfg(test)]
mod tests {
    //! Reading Discord's answers on the edge's own client: a 429 with its `retry_after` and scope,
    //! the pause told by the headers without a body, a refusal keeping Discord's code and message,
    //! and a nonsense pause ignored.

    use super::*;
    use reqwest::header::{HeaderMap, HeaderValue};

    fn body(json: &str) -> Body {
        serde_json::from_str(json).unwrap()
    }

    #[test]
    fn a_429_is_read_with_its_retry_after_and_scope() {
        let said = answer(
            429,
            &HeaderMap::new(),
            body(
                r#"{"message": "You are being rate limited.", "retry_after": 1.25, "global": true}"#,
            ),
        );
        assert_eq!(said.retry_after, Some(Duration::from_millis(1250)));
        assert!(said.global);
        assert_eq!((said.status, said.code), (429, 0));
    }

    #[test]
    fn without_a_body_the_headers_tell_the_pause() {
        let mut headers = HeaderMap::new();
        headers.insert("retry-after", HeaderValue::from_static("3"));
        headers.insert("x-ratelimit-global", HeaderValue::from_static("true"));
        let said = answer(429, &headers, Body::default());
        assert_eq!(said.retry_after, Some(Duration::from_secs(3)));
        assert!(said.global);

        headers.insert("x-ratelimit-reset-after", HeaderValue::from_static("0.5"));
        let said = answer(429, &headers, Body::default());
        assert_eq!(said.retry_after, Some(Duration::from_millis(500)));
    }

    #[test]
    fn a_refusal_keeps_discords_code_and_message() {
        let said = answer(
            404,
            &HeaderMap::new(),
            body(r#"{"message": "Unknown Message", "code": 10008}"#),
        );
        assert_eq!(
            (said.code, said.message.as_str()),
            (10008, "Unknown Message")
        );
        assert_eq!((said.retry_after, said.global), (None, false));
    }

    #[test]
    fn a_nonsense_pause_is_ignored() {
        let mut headers = HeaderMap::new();
        headers.insert("retry-after", HeaderValue::from_static("soon"));
        let said = answer(429, &headers, body(r#"{"retry_after": -1}"#));
        assert_eq!(said.retry_after, None);
    }
}
