//! A TCP proxy of a test's own on 127.0.0.1, in front of a server (PostgreSQL), that can go
//! silent: while silenced it forwards nothing in either direction and closes nothing, as a
//! network that drops every packet does (no reset, no FIN; the peers' kernels buffer and wait).
//! When it speaks again, what was held flows on, as TCP's retransmissions would deliver it.

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// The proxy; it stops accepting (and its connections end) when dropped.
pub struct SilentProxy {
    /// Where the proxy listens.
    pub addr: SocketAddr,
    silent: Arc<watch::Sender<bool>>,
    accept: tokio::task::JoinHandle<()>,
}

impl SilentProxy {
    /// A proxy to `target`, forwarding.
    pub async fn start(target: SocketAddr) -> SilentProxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let silent = Arc::new(watch::channel(false).0);
        let watched = silent.clone();
        let accept = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let Ok(server) = TcpStream::connect(target).await else {
                    continue;
                };
                let (client_read, client_write) = client.into_split();
                let (server_read, server_write) = server.into_split();
                tokio::spawn(pump(client_read, server_write, watched.subscribe()));
                tokio::spawn(pump(server_read, client_write, watched.subscribe()));
            }
        });
        SilentProxy {
            addr,
            silent,
            accept,
        }
    }

    /// Stops (true) or resumes (false) forwarding, on every connection, new ones included.
    pub fn silence(&self, silent: bool) {
        self.silent.send_replace(silent);
    }
}

impl Drop for SilentProxy {
    fn drop(&mut self) {
        self.accept.abort();
    }
}

/// Copies `from` to `to`, holding each chunk (and reading no more) while the proxy is silent.
async fn pump(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    mut silent: watch::Receiver<bool>,
) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        if silent.wait_for(|s| !*s).await.is_err() {
            return;
        }
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        if silent.wait_for(|s| !*s).await.is_err() {
            return;
        }
        if to.write_all(&buf[..n]).await.is_err() {
            return;
        }
    }
}

/// `url` (`postgres://user@host:port/db`) with its host and port replaced by `addr`'s.
pub fn through(url: &str, addr: SocketAddr) -> String {
    let (scheme, rest) = url.split_once("://").unwrap();
    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
    let user = authority.rsplit_once('@').map(|(u, _)| format!("{u}@"));
    format!("{scheme}://{}{addr}/{path}", user.unwrap_or_default())
}

/// The host and port of `url`'s server.
pub fn server_of(url: &str) -> SocketAddr {
    let rest = url.split_once("://").unwrap().1;
    let authority = rest.split('/').next().unwrap();
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host_port = host_port.replace("localhost", "127.0.0.1");
    host_port.parse().unwrap()
}
