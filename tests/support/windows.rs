//! The Activity's windows in tests: what a frame says (its texts), the check that no recorded
//! frame names a card its receiver may not see, and a handle on the browser driver
//! (`web/test/table.mjs`) that runs several real windows in headless Chromium.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

use pakka::cards::CardSet;
use pakka::store::StoredTable;

use crate::support::harness::cards_in;

/// Signs `user` in at the web edge at `addr` (a process, or a proxy in front of several) as a
/// window does, with the code the SDK's `authorize` gives: the session's key.
pub async fn sign_in(
    fake: &crate::support::FakeDiscord,
    addr: std::net::SocketAddr,
    user: &crate::support::FakeUser,
) -> String {
    let code = fake.authorize(user);
    let (status, body) =
        crate::support::http::post_json(addr, "/api/token", &json!({ "code": code }))
            .await
            .unwrap();
    assert_eq!(status, 200, "{body}");
    let body: Value = serde_json::from_str(&body).unwrap();
    assert!(body["access_token"].as_str().is_some_and(|t| !t.is_empty()));
    body["session"].as_str().unwrap().to_string()
}

/// A window's socket as the tests open it.
pub type Socket = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// Opens a window's socket on the web edge at `addr` as the client does: for Activity
/// `instance`, its session's key offered beside the `pakka` subprotocol (never in the address).
pub async fn connect(
    addr: std::net::SocketAddr,
    session: &str,
    instance: &str,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    connect_with(addr, session, &format!("instance={instance}")).await
}

/// [`connect`] with the socket's whole query (`instance=…&shard=…`, as the client sends it to a
/// proxy in front of several processes).
pub async fn connect_with(
    addr: std::net::SocketAddr,
    session: &str,
    query: &str,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    use tokio_tungstenite::tungstenite::{http::HeaderValue, Error};
    let mut request = format!("ws://{addr}/api/ws?{query}").into_client_request()?;
    let offered = HeaderValue::from_str(&format!("pakka, {session}"))
        .map_err(|e| Error::HttpFormat(e.into()))?;
    request
        .headers_mut()
        .insert("Sec-WebSocket-Protocol", offered);
    let stream = tokio::net::TcpStream::connect(addr).await?;
    tokio_tungstenite::client_async(request, stream)
        .await
        .map(|(socket, _)| socket)
}

/// Every text of a frame a person reads, its scene's words too.
pub fn frame_texts(frame: &Value) -> Vec<String> {
    let mut texts = Vec::new();
    let mut add = |v: &Value| {
        if let Some(s) = v.as_str() {
            texts.push(s.to_string());
        }
    };
    for key in ["lines", "story", "scores"] {
        for v in frame[key].as_array().into_iter().flatten() {
            add(v);
        }
    }
    for a in frame["actions"].as_array().into_iter().flatten() {
        for key in ["label", "group", "confirm"] {
            add(&a[key]);
        }
    }
    add(&frame["text"]);
    scene_texts(&frame["scene"], &mut texts);
    texts
}

/// Every card a frame shows by its number: its scene's (piles, the trick, the reader's hand; a
/// face-down card is `null`) and its moves'.
pub fn frame_cards(frame: &Value) -> CardSet {
    let mut cards = CardSet::new();
    let mut add = |v: &Value| {
        if let Some(card) = v
            .as_u64()
            .and_then(|n| pakka::cards::Card::from_index(n as usize))
        {
            cards.insert(card);
        }
    };
    let scene = &frame["scene"];
    let piles = scene["middle"].as_array().into_iter().flatten().chain(
        scene["seats"]
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|s| s["piles"].as_array().into_iter().flatten()),
    );
    for pile in piles {
        for card in pile["cards"].as_array().into_iter().flatten() {
            add(card);
        }
    }
    for played in scene["trick"].as_array().into_iter().flatten() {
        add(&played["card"]);
    }
    for group in scene["hand"]["groups"].as_array().into_iter().flatten() {
        for card in group.as_array().into_iter().flatten() {
            add(&card["card"]);
        }
    }
    for action in frame["actions"].as_array().into_iter().flatten() {
        for card in action["cards"].as_array().into_iter().flatten() {
            add(card);
        }
    }
    cards
}

/// Every text of a frame's scene a person reads.
fn scene_texts(scene: &Value, texts: &mut Vec<String>) {
    let mut add = |v: &Value| {
        if let Some(s) = v.as_str() {
            texts.push(s.to_string());
        }
    };
    for v in scene["notes"].as_array().into_iter().flatten() {
        add(v);
    }
    let seats = scene["seats"].as_array().into_iter().flatten();
    let piles = scene["middle"].as_array().into_iter().flatten().chain(
        seats
            .clone()
            .flat_map(|s| s["piles"].as_array().into_iter().flatten()),
    );
    for pile in piles {
        add(&pile["label"]);
        add(&pile["on_top"]);
    }
    for seat in seats {
        for v in seat["lines"].as_array().into_iter().flatten() {
            add(v);
        }
    }
}

/// Checks every frame of `recorded` (each window's person and the frames it received, in
/// order) against the conformance suite's truth of the stored game: a frame at move k names
/// only cards public up to move k, and the reader's own cards up to then when seated. Answers
/// the number of frames checked.
pub fn check_frames_show_only_what_their_readers_see(
    stored: &StoredTable,
    recorded: &[(u64, Vec<Value>)],
) -> usize {
    // The reading of a text's cards the check relies on.
    let named = cards_in("bob — discard pile 3 cards: 10♦ K♣ (top Q♠) · 7 cards");
    let mut read: Vec<String> = named.iter().map(|c| c.to_string()).collect();
    read.sort();
    assert_eq!(read, ["10D", "KC", "QS"]);

    let truth = pakka::table::replay_fixtures::truth(stored);
    let seat_of = |user: u64| {
        stored
            .setup
            .seat_rows
            .iter()
            .find(|r| r.user_id == Some(user))
            .map(|r| r.seat)
    };
    let mut checked = 0;
    for (user, frames) in recorded {
        let seat = seat_of(*user);
        for frame in frames {
            let Some(number) = frame["move_number"].as_u64() else {
                continue;
            };
            if frame["table"].as_i64() != Some(stored.id) {
                continue;
            }
            let number = number as usize;
            let mut allowed = CardSet::new();
            for k in 0..=number.min(truth.public.len() - 1) {
                allowed = allowed.union(truth.public[k]);
                if let Some(s) = seat {
                    allowed = allowed.union(truth.own[k][s]);
                }
            }
            let named = frame_texts(frame)
                .iter()
                .fold(frame_cards(frame), |named, text| {
                    named.union(cards_in(text))
                });
            let leaked: Vec<String> = named
                .iter()
                .filter(|c| !allowed.contains(*c))
                .map(|c| c.to_string())
                .collect();
            assert!(
                leaked.is_empty(),
                "a frame for {user} at move {number} names {leaked:?}: {frame}"
            );
            checked += 1;
        }
    }
    checked
}

/// The workspace's `web/` folder.
pub fn web_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("web")
}

/// Why the browser tests cannot run here, if they cannot.
pub fn browser_missing() -> Option<String> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        return Some(format!(
            "no Chromium at {chromium} (apt-get install chromium)"
        ));
    }
    if std::process::Command::new("node")
        .arg("--version")
        .output()
        .is_err()
    {
        return Some("no Node.js (node) on the PATH".into());
    }
    if !web_dir().join("node_modules/playwright-core").is_dir() {
        return Some("the client's packages are not installed (npm ci in web/)".into());
    }
    if !web_dir().join("dist/index.html").is_file() {
        return Some("the client is not built (npm run build in web/)".into());
    }
    None
}

/// The built client with the stand-in frame page beside it, in a folder of the test's own.
pub fn client_with_frame() -> PathBuf {
    let dir = tempfile::tempdir().unwrap().keep();
    for entry in std::fs::read_dir(web_dir().join("dist")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
    std::fs::create_dir(dir.join("test")).unwrap();
    for file in ["frame.html", "frame.js"] {
        std::fs::copy(
            web_dir().join("test").join(file),
            dir.join("test").join(file),
        )
        .unwrap();
    }
    dir
}

/// Several windows in one headless Chromium, driven by `web/test/table.mjs`.
pub struct Browser {
    child: Child,
    stdin: ChildStdin,
    stdout: Lines<BufReader<ChildStdout>>,
}

/// How long one command of the driver may take.
const COMMAND_WITHIN: Duration = Duration::from_secs(60);

impl Browser {
    /// Starts the driver and opens a window at each of `pages` (its URL and the browser's
    /// language).
    pub async fn open(pages: &[(String, &str)]) -> Browser {
        let mut child = Command::new("node")
            .arg(web_dir().join("test/table.mjs"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("node runs");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut browser = Browser {
            child,
            stdin,
            stdout,
        };
        let pages: Vec<Value> = pages
            .iter()
            .map(|(url, locale)| json!({"url": url, "locale": locale}))
            .collect();
        browser.ask(json!({"cmd": "open", "pages": pages})).await;
        browser
    }

    /// Sends a command; answers the driver's answer (panics on its error).
    pub async fn ask(&mut self, command: Value) -> Value {
        let line = format!("{command}\n");
        self.stdin.write_all(line.as_bytes()).await.unwrap();
        self.stdin.flush().await.unwrap();
        let answer = tokio::time::timeout(COMMAND_WITHIN, self.stdout.next_line())
            .await
            .unwrap_or_else(|_| panic!("the browser did not answer {command}"))
            .unwrap()
            .unwrap_or_else(|| panic!("the browser driver ended at {command}"));
        let answer: Value = serde_json::from_str(&answer).unwrap();
        assert!(
            answer.get("error").is_none(),
            "the browser driver, at {command}: {answer}"
        );
        answer
    }

    /// What every window shows now.
    pub async fn look(&mut self) -> Vec<Value> {
        let answer = self.ask(json!({"cmd": "look"})).await;
        answer["windows"].as_array().unwrap().clone()
    }

    /// The frames each window received since the last call.
    pub async fn frames(&mut self) -> Vec<Vec<Value>> {
        let answer = self.ask(json!({"cmd": "frames"})).await;
        answer["frames"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| {
                w.as_array()
                    .unwrap()
                    .iter()
                    .map(|f| serde_json::from_str(f.as_str().unwrap()).unwrap())
                    .collect()
            })
            .collect()
    }

    /// Presses the move with `index` in window `window`.
    pub async fn click(&mut self, window: usize, index: u64) {
        self.ask(json!({"cmd": "click", "window": window, "index": index}))
            .await;
    }

    /// Screenshots of window `window` at 1280 and 400 px: `{prefix}-1280.png`, `{prefix}-400.png`.
    pub async fn shot(&mut self, window: usize, prefix: &Path) {
        self.ask(json!({"cmd": "shot", "window": window, "path": prefix}))
            .await;
    }

    pub async fn quit(mut self) {
        self.ask(json!({"cmd": "quit"})).await;
        let _ = tokio::time::timeout(Duration::from_secs(10), self.child.wait()).await;
    }
}
