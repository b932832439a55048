//! Discord's rate limits, enforced when a test asks for them (`FakeDiscord::enforce_limits`;
//! the load generator does): the global limit of 50 requests per second on every route but
//! the interaction callback and the interaction webhooks (`exempt`), and each channel's
//! bucket of message creates and edits through the channel's routes (5 per 5 seconds, as
//! observed on Discord), each kept as a sliding window (stricter than Discord's fixed windows,
//! so a bot within it is within Discord's). A counted request within the limits carries
//! Discord's `X-RateLimit-*` headers; one beyond them is answered 429 with Discord's body
//! (`message`, `retry_after`, `global`) and headers, and changes nothing. Every 401, 403 and
//! 429 served is counted: Discord bans an IP for a while after 10,000 in 10 minutes.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use super::inspect::exempt;

/// The limits a fake enforces.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Counted requests per second, every route but the exempt ones.
    pub global_per_second: usize,
    /// Message creates and edits through one channel's routes per window.
    pub channel_messages: usize,
    pub channel_window: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            global_per_second: 50,
            channel_messages: 5,
            channel_window: Duration::from_secs(5),
        }
    }
}

/// A request the limits refused.
#[derive(Clone, Debug)]
pub struct Limited {
    pub request: String,
    /// The global limit (else the channel's bucket).
    pub global: bool,
    pub at: Instant,
}

/// What the limits have seen.
#[derive(Debug, Default)]
pub(crate) struct Buckets {
    pub(crate) limits: Option<Limits>,
    global: VecDeque<Instant>,
    channels: HashMap<u64, VecDeque<Instant>>,
    pub(crate) limited: Vec<Limited>,
    /// 401, 403 and 429 answers served (Discord's invalid requests).
    pub(crate) invalid: usize,
}

/// The channel whose message bucket a request draws on: `POST /channels/{c}/messages` and
/// `PATCH /channels/{c}/messages/{m}`.
fn channel_bucket(method: &str, segments: &[&str]) -> Option<u64> {
    match (method, segments) {
        ("POST", ["channels", c, "messages"]) | ("PATCH", ["channels", c, "messages", _]) => {
            c.parse().ok()
        }
        _ => None,
    }
}

/// Drops what left a window, answers the wait until the oldest leaves when the window is full.
fn wait_in(window: &mut VecDeque<Instant>, size: usize, span: Duration, now: Instant) -> Duration {
    while window
        .front()
        .is_some_and(|&t| now.duration_since(t) >= span)
    {
        window.pop_front();
    }
    if window.len() < size {
        return Duration::ZERO;
    }
    window.front().map_or(Duration::ZERO, |&t| {
        span.saturating_sub(now.duration_since(t))
    })
}

impl Buckets {
    /// Checks a request against the limits: the headers of its bucket when it may go ahead
    /// (drawn from it), or the 429 to answer.
    pub(crate) fn check(
        &mut self,
        line: &str,
        method: &str,
        segments: &[&str],
        bot: bool,
    ) -> Result<HeaderMap, Box<Response>> {
        let Some(limits) = self.limits else {
            return Ok(HeaderMap::new());
        };
        if exempt(line) || !bot {
            return Ok(HeaderMap::new());
        }
        let now = Instant::now();
        let wait = wait_in(
            &mut self.global,
            limits.global_per_second,
            Duration::from_secs(1),
            now,
        );
        if !wait.is_zero() {
            return Err(Box::new(self.refuse(line, true, wait, now)));
        }
        let mut headers = HeaderMap::new();
        if let Some(channel) = channel_bucket(method, segments) {
            let window = self.channels.entry(channel).or_default();
            let wait = wait_in(window, limits.channel_messages, limits.channel_window, now);
            if !wait.is_zero() {
                return Err(Box::new(self.refuse(line, false, wait, now)));
            }
            window.push_back(now);
            let reset = window.front().map_or(limits.channel_window, |&t| {
                limits.channel_window.saturating_sub(now.duration_since(t))
            });
            headers.insert(
                "x-ratelimit-limit",
                HeaderValue::from(limits.channel_messages),
            );
            headers.insert(
                "x-ratelimit-remaining",
                HeaderValue::from(limits.channel_messages - window.len()),
            );
            headers.insert("x-ratelimit-reset-after", seconds(reset));
            headers.insert(
                "x-ratelimit-bucket",
                HeaderValue::from_static("channel-messages"),
            );
        }
        self.global.push_back(now);
        Ok(headers)
    }

    fn refuse(&mut self, line: &str, global: bool, wait: Duration, now: Instant) -> Response {
        eprintln!(
            "[fake-discord] 429 ({}) to {line}, retry after {wait:?}",
            if global { "global" } else { "channel bucket" }
        );
        self.limited.push(Limited {
            request: line.to_string(),
            global,
            at: now,
        });
        let body = json!({
            "message": "You are being rate limited.",
            "retry_after": wait.as_secs_f64(),
            "global": global,
        });
        let mut response = (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
        let headers = response.headers_mut();
        headers.insert("retry-after", HeaderValue::from(wait.as_secs().max(1)));
        headers.insert("x-ratelimit-scope", HeaderValue::from_static("user"));
        if global {
            headers.insert("x-ratelimit-global", HeaderValue::from_static("true"));
        } else {
            headers.insert("x-ratelimit-limit", HeaderValue::from(5));
            headers.insert("x-ratelimit-remaining", HeaderValue::from(0));
            headers.insert("x-ratelimit-reset-after", seconds(wait));
            headers.insert(
                "x-ratelimit-bucket",
                HeaderValue::from_static("channel-messages"),
            );
        }
        response
    }

    /// Counts an answer Discord would count against the ban threshold.
    pub(crate) fn answered(&mut self, status: u16, headers: &HeaderMap) {
        let shared = headers
            .get("x-ratelimit-scope")
            .is_some_and(|v| v.as_bytes() == b"shared");
        if matches!(status, 401 | 403) || (status == 429 && !shared) {
            self.invalid += 1;
        }
    }
}

fn seconds(d: Duration) -> HeaderValue {
    HeaderValue::from_str(&format!("{:.3}", d.as_secs_f64())).unwrap_or(HeaderValue::from(0))
}
