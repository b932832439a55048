//! The HTTP side of the fake: REST routing under `/api/v10` and the gateway websocket.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{header, HeaderMap, Method, StatusCode, Uri, Version};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use rand::Rng;
use serde_json::Value;
use tokio::sync::mpsc;

use super::{openapi, Fault, Inner, Outgoing, Reply, RestError};

pub(super) fn router(inner: Arc<Inner>) -> Router {
    Router::new()
        .route("/gateway", get(gateway))
        .fallback(rest)
        .with_state(inner)
}

async fn gateway(ws: WebSocketUpgrade, State(inner): State<Arc<Inner>>) -> Response {
    ws.on_upgrade(move |socket| run_gateway(inner, socket))
}

async fn run_gateway(inner: Arc<Inner>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let conn = inner.gateway_connected(tx);
    loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(Outgoing::Text(text)) => {
                    if sink.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                Some(Outgoing::Close(code, reason)) => {
                    let frame = CloseFrame { code, reason: reason.into() };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                    break;
                }
                None => break,
            },
            msg = stream.next() => match msg {
                Some(Ok(Message::Text(text))) => inner.gateway_text(conn, text.as_str()),
                Some(Ok(Message::Binary(_))) => {
                    eprintln!("[fake-discord] gateway {conn}: unexpected binary frame");
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
        }
    }
    inner.gateway_closed(conn);
}

/// One part of a multipart body: its name, its file name, its bytes.
struct Part {
    name: String,
    filename: Option<String>,
    bytes: Vec<u8>,
}

/// The parts of a multipart body (messages with attachments: `payload_json` and `files[N]`).
fn multipart_parts(content_type: &str, body: &[u8]) -> Option<Vec<Part>> {
    let boundary = content_type.split("boundary=").nth(1)?.trim_matches('"');
    let delimiter = format!("--{boundary}").into_bytes();
    let mut parts = Vec::new();
    let starts: Vec<usize> = memchr::memmem::find_iter(body, &delimiter).collect();
    for pair in starts.windows(2) {
        let chunk = &body[pair[0] + delimiter.len()..pair[1]];
        let chunk = chunk.strip_prefix(b"\r\n").unwrap_or(chunk);
        let chunk = chunk.strip_suffix(b"\r\n").unwrap_or(chunk);
        let split = memchr::memmem::find(chunk, b"\r\n\r\n")?;
        let head = String::from_utf8_lossy(&chunk[..split]).to_string();
        let bytes = chunk[split + 4..].to_vec();
        let field = |key: &str| {
            let tag = format!("{key}=\"");
            let at = head.find(&tag)? + tag.len();
            let end = head[at..].find('"')?;
            Some(head[at..at + end].to_string())
        };
        parts.push(Part {
            name: field("name")?,
            filename: field("filename"),
            bytes,
        });
    }
    Some(parts)
}

/// A file of a multipart body: `(index, file name, bytes)`.
type File = (u64, String, Vec<u8>);

/// The body as JSON, and the files of a multipart body.
fn parse_body(headers: &HeaderMap, body: &[u8]) -> Result<(Value, Vec<File>), String> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if content_type.starts_with("application/x-www-form-urlencoded") {
        // (OAuth2's token endpoint.) Values as strings.
        let text = std::str::from_utf8(body).map_err(|e| format!("form is not UTF-8: {e}"))?;
        let mut form = serde_json::Map::new();
        for pair in text.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            form.insert(percent_decode(k)?, Value::String(percent_decode(v)?));
        }
        return Ok((Value::Object(form), Vec::new()));
    }
    if content_type.starts_with("multipart/form-data") {
        let parts = multipart_parts(content_type, body)
            .ok_or_else(|| "multipart body that does not parse".to_string())?;
        let mut payload = None;
        let mut files = Vec::new();
        for part in parts {
            if part.name == "payload_json" {
                payload = Some(
                    serde_json::from_slice(&part.bytes)
                        .map_err(|e| format!("payload_json is not JSON: {e}"))?,
                );
            } else if let Some(index) = part
                .name
                .strip_prefix("files[")
                .and_then(|r| r.strip_suffix(']'))
                .and_then(|n| n.parse().ok())
            {
                let name = part.filename.unwrap_or_default();
                files.push((index, name, part.bytes));
            } else {
                return Err(format!("unexpected multipart part {}", part.name));
            }
        }
        let payload = payload.ok_or_else(|| "multipart body without a payload_json".to_string())?;
        return Ok((payload, files));
    }
    if body.is_empty() {
        return Ok((Value::Null, Vec::new()));
    }
    serde_json::from_slice(body)
        .map(|v| (v, Vec::new()))
        .map_err(|e| format!("body is not JSON: {e}"))
}

/// A form value with its `%XX` escapes and `+` undone.
fn percent_decode(s: &str) -> Result<String, String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = s.get(i + 1..i + 3).ok_or("a cut-off escape in a form")?;
                out.push(u8::from_str_radix(hex, 16).map_err(|e| e.to_string())?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|e| e.to_string())
}

/// serenity writes query strings as `?&key=value&...`.
fn query_param(uri: &Uri, key: &str) -> Option<String> {
    uri.query()?
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v.to_string())
}

fn respond(result: Result<Reply, RestError>) -> Response {
    match result {
        Ok(Reply::Json(v)) => (StatusCode::OK, Json(v)).into_response(),
        Ok(Reply::NoContent) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => {
            let status = StatusCode::from_u16(e.status).unwrap_or(StatusCode::BAD_REQUEST);
            (status, Json(e.body())).into_response()
        }
    }
}

async fn rest(
    State(inner): State<Arc<Inner>>,
    method: Method,
    uri: Uri,
    version: Version,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    {
        let mut state = inner.lock();
        if version == Version::HTTP_2 {
            state.http_versions.0 += 1;
        } else {
            state.http_versions.1 += 1;
        }
    }
    let line = format!(
        "{method} {}{}",
        uri.path(),
        uri.query().map(|q| format!("?{q}")).unwrap_or_default()
    );
    let authorization = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let body = match parse_body(&headers, &body) {
        Ok((mut v, files)) => {
            if !files.is_empty() {
                // The files wait for the message that names them (see `attachments_of`).
                let uploads: Vec<Value> = files
                    .into_iter()
                    .map(|(index, name, bytes)| {
                        serde_json::json!({"index": index, "key": inner.upload(name, bytes)})
                    })
                    .collect();
                if let Some(data) = v.get_mut("data").filter(|d| d.is_object()) {
                    data["__uploads"] = Value::Array(uploads.clone());
                }
                if v.is_object() {
                    v["__uploads"] = Value::Array(uploads);
                }
            }
            v
        }
        Err(e) => {
            inner.record_request(line.clone(), &Value::Null, authorization);
            inner.lock().violation(format!("{line}: {e}"));
            return respond(Err(RestError::new(
                400,
                50109,
                "The request body contains invalid JSON.",
            )));
        }
    };
    inner.record_request(line.clone(), &body, authorization.clone());
    let fault = inner.take_fault(method.as_str(), uri.path(), &line);
    let (latency, jitter) = {
        let st = inner.lock();
        let webhook = uri.path().contains("/webhooks/");
        (
            st.rest_latency,
            if webhook {
                st.webhook_jitter
            } else {
                Duration::ZERO
            },
        )
    };
    if !latency.is_zero() {
        tokio::time::sleep(latency).await;
    }
    if !jitter.is_zero() {
        let wait = rand::rng().random_range(0..=jitter.as_micros() as u64);
        tokio::time::sleep(Duration::from_micros(wait)).await;
    }
    if let Some(Fault::Late(delay)) = fault {
        tokio::time::sleep(delay).await;
    }
    if let Some(response) = fault
        .as_ref()
        .filter(|f| !f.applies())
        .and_then(Fault::response)
    {
        return response;
    }
    let Some(path) = uri.path().strip_prefix("/api/v10/") else {
        return respond(Err(inner.unknown_route(&line)));
    };
    let segs: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    let id = |s: &str| s.parse::<u64>().ok();
    let m = method.as_str();
    // (OAuth2's token endpoint takes a form, not JSON; the description has no body for it.)
    let checked = match segs.as_slice() {
        ["oauth2", "token"] => Ok(()),
        _ => openapi::check(m, &segs, &body),
    };
    if let Err(why) = checked {
        inner.lock().violation(format!("{line}: {why}"));
    }
    let limit_headers = {
        let mut st = inner.lock();
        // Discord's global limit is the bot token's: a person's own OAuth2 token (a window
        // reading who they are) has limits of its own.
        let bot = authorization
            .as_deref()
            .is_some_and(|a| a.starts_with("Bot "));
        match st.buckets.check(&line, m, &segs, bot) {
            Ok(headers) => headers,
            Err(refused) => {
                st.buckets.answered(429, refused.headers());
                return *refused;
            }
        }
    };
    // A channel or server the bot is not in: 403 Missing Access, whatever the route.
    let result = match inner.out_of_reach(&segs, &line) {
        Some(refused) => Err(refused),
        None => match (m, segs.as_slice()) {
            ("GET", ["gateway"]) => inner.gateway_info(false),
            ("GET", ["gateway", "bot"]) => inner.gateway_info(true),
            ("GET", ["oauth2", "applications", "@me"]) | ("GET", ["applications", "@me"]) => {
                inner.app_info()
            }
            ("POST", ["oauth2", "token"]) => inner.oauth_token(&body),
            ("GET", ["users", "@me"]) => match authorization
                .as_deref()
                .and_then(|a| a.strip_prefix("Bearer "))
            {
                Some(token) => inner.token_user(token),
                None => inner.current_user(),
            },
            ("GET", ["applications", app, "activity-instances", instance]) if id(app).is_some() => {
                inner.activity_instance(id(app).unwrap_or_default(), instance)
            }
            ("GET", ["users", u]) if id(u).is_some() => inner.get_user(id(u).unwrap_or_default()),
            ("GET", ["guilds", g, "members", u]) if id(g).is_some() && id(u).is_some() => {
                inner.get_member(id(g).unwrap_or_default(), id(u).unwrap_or_default())
            }
            (_, ["applications", app, "commands"]) if id(app).is_some() => {
                let app = id(app).unwrap_or_default();
                match m {
                    "PUT" => inner.put_commands(app, None, &body),
                    "POST" => inner.post_command(app, None, &body),
                    "GET" => inner.get_commands(app, None),
                    _ => Err(inner.unknown_route(&line)),
                }
            }
            (_, ["applications", app, "guilds", g, "commands"])
                if id(app).is_some() && id(g).is_some() =>
            {
                let (app, g) = (id(app).unwrap_or_default(), id(g));
                match m {
                    "PUT" => inner.put_commands(app, g, &body),
                    "POST" => inner.post_command(app, g, &body),
                    "GET" => inner.get_commands(app, g),
                    _ => Err(inner.unknown_route(&line)),
                }
            }
            ("DELETE", ["applications", app, "commands", c])
                if id(app).is_some() && id(c).is_some() =>
            {
                inner.delete_command(id(app).unwrap_or_default(), None, id(c).unwrap_or_default())
            }
            ("DELETE", ["applications", app, "guilds", g, "commands", c])
                if id(app).is_some() && id(g).is_some() && id(c).is_some() =>
            {
                inner.delete_command(
                    id(app).unwrap_or_default(),
                    id(g),
                    id(c).unwrap_or_default(),
                )
            }
            ("POST", ["interactions", i, token, "callback"]) if id(i).is_some() => {
                inner.interaction_callback(id(i).unwrap_or_default(), token, &body)
            }
            ("POST", ["webhooks", app, token]) if id(app).is_some() => {
                inner.followup(id(app).unwrap_or_default(), token, &body)
            }
            ("GET" | "PATCH" | "DELETE", ["webhooks", app, token, "messages", target])
                if id(app).is_some() =>
            {
                inner.webhook_message(m, id(app).unwrap_or_default(), token, target, &body)
            }
            ("POST", ["channels", c, "messages"]) if id(c).is_some() => {
                inner.create_channel_message(id(c).unwrap_or_default(), &body)
            }
            ("GET", ["channels", c, "messages"]) if id(c).is_some() => {
                let limit = query_param(&uri, "limit")
                    .and_then(|l| l.parse().ok())
                    .unwrap_or(50);
                inner.list_channel_messages(id(c).unwrap_or_default(), limit)
            }
            ("GET" | "PATCH" | "DELETE", ["channels", c, "messages", msg])
                if id(c).is_some() && id(msg).is_some() =>
            {
                inner.channel_message(
                    m,
                    id(c).unwrap_or_default(),
                    id(msg).unwrap_or_default(),
                    &body,
                )
            }
            ("POST", ["channels", c, "typing"]) if id(c).is_some() => Ok(Reply::NoContent),
            ("POST", ["channels", c, "threads"]) if id(c).is_some() => {
                inner.create_thread(id(c).unwrap_or_default(), &body)
            }
            ("POST", ["channels", c, "messages", msg, "threads"])
                if id(c).is_some() && id(msg).is_some() =>
            {
                inner.create_thread_from_message(
                    id(c).unwrap_or_default(),
                    id(msg).unwrap_or_default(),
                    &body,
                )
            }
            ("PATCH", ["channels", c]) if id(c).is_some() => {
                inner.edit_thread(id(c).unwrap_or_default(), &body)
            }
            ("DELETE", ["channels", c]) if id(c).is_some() => {
                inner.delete_thread(id(c).unwrap_or_default())
            }
            ("PUT" | "DELETE", ["channels", c, "thread-members", u])
                if id(c).is_some() && id(u).is_some() =>
            {
                inner.thread_member(m, id(c).unwrap_or_default(), id(u).unwrap_or_default())
            }
            ("GET", ["channels", c]) if id(c).is_some() => {
                inner.get_channel(id(c).unwrap_or_default())
            }
            _ => Err(inner.unknown_route(&line)),
        },
    };
    match fault {
        // The call was done; its answer comes late, or as a failure.
        Some(Fault::Hang(delay)) => tokio::time::sleep(delay).await,
        Some(f) => {
            if let Some(response) = f.response() {
                return response;
            }
        }
        None => {}
    }
    let mut response = respond(result);
    response.headers_mut().extend(limit_headers);
    inner
        .lock()
        .buckets
        .answered(response.status().as_u16(), response.headers());
    response
}
