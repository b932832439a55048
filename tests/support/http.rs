//! Plain HTTP/1.1 for the tests: a GET for the bot's `/metrics`, `/healthz` and `/readyz`, and
//! a JSON POST for the Activity's sign-in (one request per connection, `Connection: close`).

use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Sends one request on `stream` and reads the whole answer: its status and body.
async fn exchange(
    mut stream: tokio::net::TcpStream,
    request: &str,
) -> std::io::Result<(u16, String)> {
    stream.write_all(request.as_bytes()).await?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await?;
    let bad = || std::io::Error::new(std::io::ErrorKind::InvalidData, "not an HTTP response");
    let (head, body) = response.split_once("\r\n\r\n").ok_or_else(bad)?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(bad)?;
    Ok((status, body.to_string()))
}

/// `GET path` on `addr`: the status and the body.
pub async fn get(addr: SocketAddr, path: &str) -> std::io::Result<(u16, String)> {
    let stream = tokio::net::TcpStream::connect(addr).await?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    exchange(stream, &request).await
}

/// `GET path` on `addr` with `Authorization: Bearer <key>` (a window's session): the status
/// and the body.
pub async fn get_bearing(
    addr: SocketAddr,
    path: &str,
    key: &str,
) -> std::io::Result<(u16, String)> {
    let stream = tokio::net::TcpStream::connect(addr).await?;
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {key}\r\n\
         Connection: close\r\n\r\n"
    );
    exchange(stream, &request).await
}

/// `POST path` with a JSON body on `addr`: the status and the body.
pub async fn post_json(
    addr: SocketAddr,
    path: &str,
    body: &serde_json::Value,
) -> std::io::Result<(u16, String)> {
    let stream = tokio::net::TcpStream::connect(addr).await?;
    let body = body.to_string();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    exchange(stream, &request).await
}
