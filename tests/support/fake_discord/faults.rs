//! Faults the fake serves on purpose, the way Discord serves them when it misbehaves: a test
//! queues them with [`FakeDiscord::inject`](super::FakeDiscord::inject) for a route pattern
//! ("PATCH /channels/*/messages/*", `*` one path segment, the path after `/api/v10`) and a
//! number of times, and the next matching REST calls meet them. Some faults answer without
//! doing the call (a 5xx, a 429 with Discord's headers and body, a 404 of a gone token or
//! message); others do the call and then answer badly (`Applied`: Discord did it but answered
//! 5xx; `Hang`: the answer comes late; `Late`: the call itself arrives late, as over a slow
//! network). Every fault served is recorded for the test to assert.

use std::time::{Duration, Instant};

use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// One fault, as Discord would serve it.
#[derive(Clone, Debug, PartialEq)]
pub enum Fault {
    /// 500, 502 or 503 before anything is done.
    Status(u16),
    /// The call is done, but the answer is this 5xx (the caller cannot tell it was done).
    Applied(u16),
    /// 429 before anything is done: `retry_after` seconds, global or for the route.
    RateLimited { retry_after: f64, global: bool },
    /// The call is done; the answer comes after this long.
    Hang(Duration),
    /// The call is done only after this long, then answered as usual: a request slow on its way,
    /// which a later request of the caller's may overtake.
    Late(Duration),
    /// 404 with Discord's code: 10008 Unknown Message, 10015 Unknown Webhook (an expired
    /// interaction token), 10062 Unknown Interaction.
    Gone(u64),
    /// A refusal before anything is done: 401 (a rejected token, code 0), or 403 with 50013
    /// Missing Permissions or 50001 Missing Access.
    Refused { status: u16, code: u64 },
}

impl Fault {
    /// Whether the call is done before the fault is answered.
    pub(super) fn applies(&self) -> bool {
        matches!(self, Fault::Applied(_) | Fault::Hang(_) | Fault::Late(_))
    }

    /// The answer for a fault that replaces the call's own (none for `Hang` and `Late`).
    pub(super) fn response(&self) -> Option<Response> {
        let error = |status: u16, code: u64, message: &str| {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            (status, Json(json!({"message": message, "code": code}))).into_response()
        };
        Some(match self {
            Fault::Status(s) | Fault::Applied(s) => match s {
                // Discord's edge answers 502 and 503 with a page, not JSON.
                502 | 503 => {
                    let status = StatusCode::from_u16(*s).unwrap_or(StatusCode::BAD_GATEWAY);
                    (status, "upstream connect error").into_response()
                }
                _ => error(*s, 0, "500: Internal Server Error"),
            },
            Fault::Gone(code) => {
                let message = match code {
                    10008 => "Unknown Message",
                    10015 => "Unknown Webhook",
                    10062 => "Unknown interaction",
                    _ => "Not Found",
                };
                error(404, *code, message)
            }
            Fault::Refused { status, code } => {
                let message = match code {
                    50013 => "Missing Permissions",
                    50001 => "Missing Access",
                    _ => "401: Unauthorized",
                };
                error(*status, *code, message)
            }
            Fault::RateLimited {
                retry_after,
                global,
            } => {
                // As documented under "Exceeding A Rate Limit".
                let body = json!({
                    "message": "You are being rate limited.",
                    "retry_after": retry_after,
                    "global": global,
                });
                let mut response = (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
                let headers = response.headers_mut();
                let seconds = retry_after.ceil().max(1.0) as u64;
                headers.insert("retry-after", HeaderValue::from(seconds));
                let scope = if *global { "global" } else { "user" };
                headers.insert("x-ratelimit-scope", HeaderValue::from_static(scope));
                if *global {
                    headers.insert("x-ratelimit-global", HeaderValue::from_static("true"));
                } else {
                    headers.insert("x-ratelimit-limit", HeaderValue::from(5));
                    headers.insert("x-ratelimit-remaining", HeaderValue::from(0));
                    if let Ok(v) = HeaderValue::from_str(&format!("{retry_after:.3}")) {
                        headers.insert("x-ratelimit-reset-after", v);
                    }
                    headers.insert("x-ratelimit-bucket", HeaderValue::from_static("fakebucket"));
                }
                response
            }
            Fault::Hang(_) | Fault::Late(_) => return None,
        })
    }
}

/// A fault waiting for its calls.
#[derive(Debug)]
pub(super) struct Injected {
    pub method: String,
    pub path: Vec<String>,
    pub fault: Fault,
    pub left: u32,
}

impl Injected {
    pub fn new(route: &str, fault: Fault, times: u32) -> Injected {
        let (method, path) = route
            .split_once(' ')
            .unwrap_or_else(|| panic!("a route is \"METHOD /path\", not {route:?}"));
        Injected {
            method: method.to_ascii_uppercase(),
            path: segments(path),
            fault,
            left: times,
        }
    }

    pub fn matches(&self, method: &str, path: &[String]) -> bool {
        self.left > 0
            && self.method == method
            && self.path.len() == path.len()
            && self
                .path
                .iter()
                .zip(path)
                .all(|(want, got)| want == "*" || want == got)
    }
}

/// A path's segments, without `/api/v10` and the query.
pub(super) fn segments(path: &str) -> Vec<String> {
    let path = path.split('?').next().unwrap_or_default();
    let path = path.strip_prefix("/api/v10").unwrap_or(path);
    path.split('/')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

/// A fault the fake served: the request line, the fault and when.
#[derive(Clone, Debug)]
pub struct Served {
    pub request: String,
    pub fault: Fault,
    pub at: Instant,
}
