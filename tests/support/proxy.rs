//! A TCP proxy of a test's own on 127.0.0.1, in front of a server (PostgreSQL), that can go
//! silent: while silenced it forwards nothing in either direction and closes nothing, as a
//! network that drops every packet does (no reset, no FIN; the peers' kernels buffer and wait).
//! When it speaks again, what was held flows on, as TCP's retransmissions would deliver it.
//! It can also strand the connections open now (`strand`): they stay silent for good, as a
//! connection whose peer or NAT mapping vanished without a word, while new ones forward.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

/// The proxy; it stops accepting (and its connections end) when dropped.
pub struct SilentProxy {
    /// Where the proxy listens.
    pub addr: SocketAddr,
    silent: Arc<watch::Sender<bool>>,
    /// The connections numbered below this are stranded.
    stranded: Arc<watch::Sender<u64>>,
    /// How many connections were opened.
    opened: Arc<AtomicU64>,
    accept: tokio::task::JoinHandle<()>,
}

impl SilentProxy {
    /// A proxy to `target`, forwarding.
    pub async fn start(target: SocketAddr) -> SilentProxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let silent = Arc::new(watch::channel(false).0);
        let stranded = Arc::new(watch::channel(0).0);
        let opened = Arc::new(AtomicU64::new(0));
        let (watched, cut, count) = (silent.clone(), stranded.clone(), opened.clone());
        let accept = tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let Ok(server) = TcpStream::connect(target).await else {
                    continue;
                };
                let number = count.fetch_add(1, Ordering::SeqCst);
                let (client_read, client_write) = client.into_split();
                let (server_read, server_write) = server.into_split();
                let gate = || Gate {
                    silent: watched.subscribe(),
                    stranded: cut.subscribe(),
                    number,
                };
                tokio::spawn(pump(client_read, server_write, gate()));
                tokio::spawn(pump(server_read, client_write, gate()));
            }
        });
        SilentProxy {
            addr,
            silent,
            stranded,
            opened,
            accept,
        }
    }

    /// Stops (true) or resumes (false) forwarding, on every connection, new ones included.
    pub fn silence(&self, silent: bool) {
        self.silent.send_replace(silent);
    }

    /// The connections open now go silent for good; the next ones forward.
    pub fn strand(&self) {
        self.stranded
            .send_replace(self.opened.load(Ordering::SeqCst));
    }
}

/// Whether one connection may forward: not while the proxy is silent, never once stranded.
struct Gate {
    silent: watch::Receiver<bool>,
    stranded: watch::Receiver<u64>,
    number: u64,
}

impl Gate {
    /// Waits until the connection may forward; false when the proxy is gone.
    async fn open(&mut self) -> bool {
        loop {
            if !*self.silent.borrow_and_update()
                && self.number >= *self.stranded.borrow_and_update()
            {
                return true;
            }
            let changed = tokio::select! {
                changed = self.silent.changed() => changed,
                changed = self.stranded.changed() => changed,
            };
            if changed.is_err() {
                return false;
            }
        }
    }
}

impl Drop for SilentProxy {
    fn drop(&mut self) {
        self.accept.abort();
    }
}

/// Copies `from` to `to`, holding each chunk (and reading no more) while the connection may not
/// forward.
async fn pump(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    mut gate: Gate,
) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        if !gate.open().await {
            return;
        }
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        if !gate.open().await {
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
