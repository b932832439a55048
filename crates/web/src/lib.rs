//! The web edge: the server of the Discord Activity, a live window on every table. Off unless
//! `ACTIVITY_ADDR` is set; with it, it serves there (beside the Discord edge, in the same
//! process, subscribed to the same table service):
//!
//! - `/`: the window's page and client (`web/dist`, built with npm; without it the window is
//!   off and the log says so).
//! - `GET /api/config?locale=…`: the application's id and the words shown before a table.
//! - `POST /api/token` `{"code": …}`: the OAuth2 code a window's SDK got from `authorize`,
//!   exchanged at Discord with the application's secret (`DISCORD_CLIENT_SECRET`); answers the
//!   access token (for the SDK's `authenticate`) and a session key naming the person, signed
//!   so that every process of the instance accepts it, after a restart too (`sessions`).
//! - `GET /api/session` with `Authorization: Bearer <key>`: whether the key is a live session
//!   (200 with its person's id and name, else 401): what a window asks before it connects
//!   again, to sign in again only when it must.
//! - `GET /api/ws?instance=…`: a window's WebSocket, its session key offered as a subprotocol
//!   (`Sec-WebSocket-Protocol: pakka, <key>`; the server answers `pakka`). The instance is
//!   checked with Discord (its channel, and that the person is in it) before the window is
//!   attached to the channel's table (`socket`).
//! - `GET /api/cards?locale=…`: every card's face as an SVG symbol (the same faces as the
//!   pictures in the chat) and its spoken name, fetched once and kept by the browser: the
//!   window draws the table itself from the scenes its frames carry
//!   (`docs/window-protocol.md`).
//!
//! A session's key never travels in an address (a proxy's or server's log keeps addresses).
//!
//! Nothing a seat may not see ever leaves for a window: its frames are built from the person's
//! own hand view or the public table view (`frames`). Who the person is comes from Discord,
//! never from what the window says. What Discord is asked is `discord`'s.
//!
//! Every route is also served under `/.proxy` (Discord's URL mapping may keep that prefix).
//! (The table message's "Open the table" is the Discord edge's.)

pub mod discord;
pub mod frames;
pub mod sessions;
mod socket;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, Mutex};

use axum::extract::{Query, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use pakka_catalog::catalog;
use pakka_edge::{Follow, Heard, People};
use pakka_shards::ShardRange;
use pakka_table::TableService;
use pakka_text::{msg, Msg};

pub use discord::{DiscordApi, DiscordError};
pub use sessions::{Person, Sessions};

/// What the web edge needs to start.
pub struct Settings {
    /// Where it listens (`ACTIVITY_ADDR`).
    pub addr: SocketAddr,
    /// The window's built client (`web/dist`: `index.html`, `main.js`, `style.css`), served
    /// at `/`.
    pub client: std::path::PathBuf,
    /// Discord's HTTP API (through `DISCORD_HTTP_PROXY` when set).
    pub api: DiscordApi,
    /// The gateway shards this process runs (`SHARDS`; None: every one): a window of a server
    /// on another process's shard is refused here, and a window's client learns the total to
    /// name its shard in its requests, by which a proxy in front of the processes routes it.
    pub shards: Option<ShardRange>,
}

/// The running web edge, shared by its connections.
pub struct Web {
    service: Arc<TableService>,
    api: DiscordApi,
    /// The application's id (read from Discord at start).
    app: u64,
    pub sessions: Sessions,
    /// Display names of people, as Discord gave them lately or being asked (bounded), shared
    /// with the Discord edge when the process runs both.
    people: People,
    /// Set once the bot stops: every window is told.
    stopping: tokio::sync::watch::Sender<bool>,
    /// Per channel with a window open: the latest event of its table, which the channel's
    /// windows watch (one task hears the service's events for every window, and a window that
    /// falls behind shows the latest position once).
    channels: Mutex<HashMap<u64, tokio::sync::watch::Sender<Latest>>>,
    /// Windows open now.
    pub windows: AtomicUsize,
    /// The latest public frame of each watched channel's table in each language, as sent to
    /// those without a seat (the same for all of them): drawn once per change, not once per
    /// window. Forgotten with the channel's last window.
    watched: Mutex<HashMap<(u64, &'static str), Watched>>,
    /// The last position of a watched channel's table that ended (its result) or closed: the
    /// service no longer holds it, and its windows keep showing it until a new table opens.
    /// Forgotten then, or with the channel's last window.
    ended: Mutex<HashMap<u64, Arc<Ended>>>,
    /// Activity instances Discord told of lately, and when.
    instances: Mutex<HashMap<String, (std::time::Instant, discord::Instance)>>,
    /// The gateway shards this process runs (None: every one).
    shards: Option<ShardRange>,
}

/// How long an instance Discord told of is taken as it was.
const INSTANCE_KEPT: std::time::Duration = std::time::Duration::from_secs(10);

/// What a channel's windows watch: its table's latest event (None after the web edge fell
/// behind the service: the windows read the table afresh).
#[derive(Clone, Default)]
pub(crate) struct Latest {
    pub event: Option<Arc<pakka_table::TableEvent>>,
}

/// A public frame as sent, and the fingerprint of the view it was made from.
type Watched = (u64, Arc<str>);

/// A table's last position: the public view and every seated person's final hand.
pub(crate) struct Ended {
    pub table: pakka_table::TableView,
    pub hands: Vec<(u64, Arc<pakka_table::HandView>)>,
    /// Its game may be played again (a finished game, not a tournament's: decided when its
    /// last move was applied, so an event that ended since changes nothing).
    pub rematch: bool,
}

impl Web {
    /// The display name of a person as far as it is known now. Unknown (or an hour old), Discord
    /// is asked, once at a time, in the background (its calls wait their turn), and the windows
    /// of `channel` are shown the table again when it answers: no frame waits for Discord.
    fn name_of(self: &Arc<Self>, user: u64, channel: u64) -> Option<String> {
        let (name, ask) = self.people.look(user, std::time::Instant::now());
        if !ask {
            return name;
        }
        let web = self.clone();
        tokio::spawn(async move {
            let name = match web.api.user(user).await {
                Ok(u) => Some(u.display_name()),
                Err(e) => {
                    tracing::debug!(error = %e, user, "a person's name could not be read");
                    None
                }
            };
            web.people.learn(user, name, std::time::Instant::now());
            web.wake(channel);
        });
        name
    }

    /// The seats' names as a window of `channel` in `lang` shows them (a name not known yet
    /// shows as the seat's number until Discord answers).
    fn seat_names(
        self: &Arc<Self>,
        view: &pakka_table::TableView,
        channel: u64,
        lang: &'static str,
    ) -> Vec<Option<String>> {
        pakka_edge::seats(&view.seats, |user| self.name_of(user, channel))
            .iter()
            .map(|seat| seat.worded(lang))
            .collect()
    }

    /// The display names the web edge knows, to share with the process's other edges.
    pub fn people(&self) -> &People {
        &self.people
    }

    /// An Activity instance as Discord told of it a moment ago (the windows of one instance open
    /// together), else asked again: and asked again when `person` is not among its people yet.
    async fn instance(&self, id: &str, person: u64) -> Result<discord::Instance, DiscordError> {
        let now = std::time::Instant::now();
        if let Ok(known) = self.instances.lock() {
            if let Some((at, instance)) = known.get(id) {
                if now.duration_since(*at) < INSTANCE_KEPT && instance.users.contains(&person) {
                    return Ok(instance.clone());
                }
            }
        }
        let instance = self.api.instance(self.app, id).await?;
        if let Ok(mut known) = self.instances.lock() {
            known.retain(|_, (at, _)| now.duration_since(*at) < INSTANCE_KEPT);
            known.insert(id.to_string(), (now, instance.clone()));
        }
        Ok(instance)
    }

    /// `user`'s hand at `table`: its final hand once the table `ended`, else as the service
    /// holds it (None: not seated, or the table gone).
    async fn hand_of(
        &self,
        table: pakka_table::TableId,
        user: u64,
        ended: Option<&Ended>,
    ) -> Option<pakka_table::HandView> {
        match ended {
            Some(end) => end
                .hands
                .iter()
                .find(|(seated, _)| *seated == user)
                .map(|(_, hand)| (**hand).clone()),
            None => match self.service.hand(table, user).await {
                Ok(hand) => Some(hand),
                Err(e) => {
                    tracing::debug!(error = %e, "a window's hand could not be read");
                    None
                }
            },
        }
    }

    /// Shows the windows of `channel` their table again.
    fn wake(&self, channel: u64) {
        if let Ok(channels) = self.channels.lock() {
            if let Some(w) = channels.get(&channel) {
                w.send_modify(|_| {});
            }
        }
    }

    /// Tells every open window the bot is restarting, and closes them.
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }

    /// The public frame of `table` in `lang` for the view whose fingerprint is `key`: the one
    /// made before when the view is the same, else `make`'s (kept for the next window).
    fn watched_frame(
        &self,
        channel: u64,
        lang: &'static str,
        key: u64,
        make: impl FnOnce() -> String,
    ) -> Arc<str> {
        if let Ok(watched) = self.watched.lock() {
            if let Some((k, text)) = watched.get(&(channel, lang)) {
                if *k == key {
                    return text.clone();
                }
            }
        }
        let text: Arc<str> = make().into();
        if let Ok(mut watched) = self.watched.lock() {
            watched.insert((channel, lang), (key, text.clone()));
        }
        text
    }

    /// The last position of `table`, which ended or closed in `channel`, if it is the
    /// channel's last.
    fn ended(&self, channel: u64, table: pakka_table::TableId) -> Option<Arc<Ended>> {
        let ended = self.ended.lock().ok()?;
        ended.get(&channel).filter(|e| e.table.id == table).cloned()
    }

    /// Keeps (or forgets) the last position of a watched channel's table, as an event says.
    fn remember_end(&self, event: &pakka_table::TableEvent) {
        use pakka_table::TableEvent;
        let channel = event.table().channel_id;
        if !self.channels.lock().is_ok_and(|c| c.contains_key(&channel)) {
            return;
        }
        let end = match event {
            TableEvent::Moved { acted, .. } if acted.finished => Some(Ended {
                table: acted.table.clone(),
                hands: acted.hands.clone(),
                rematch: acted.rematch,
            }),
            // A paused match stays in view, to be resumed from the window.
            TableEvent::Closed { table, .. } | TableEvent::Paused { table, .. } => Some(Ended {
                table: table.clone(),
                hands: Vec::new(),
                rematch: false,
            }),
            TableEvent::Lobby { .. } | TableEvent::Started(_) => None,
            _ => return,
        };
        if let Ok(mut ended) = self.ended.lock() {
            match end {
                Some(end) => ended.insert(channel, Arc::new(end)),
                None => ended.remove(&channel),
            };
        }
    }

    /// What a window of `channel` watches: the number of its table's latest event.
    fn watch(&self, channel: u64) -> tokio::sync::watch::Receiver<Latest> {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        channels
            .entry(channel)
            .or_insert_with(|| tokio::sync::watch::Sender::new(Latest::default()))
            .subscribe()
    }

    /// A window of `channel` closed: the channel is forgotten once it has no window.
    fn unwatch(&self, channel: u64) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        if channels
            .get(&channel)
            .is_some_and(|w| w.receiver_count() == 0)
        {
            channels.remove(&channel);
            if let Ok(mut watched) = self.watched.lock() {
                watched.retain(|(c, _), _| *c != channel);
            }
            if let Ok(mut ended) = self.ended.lock() {
                ended.remove(&channel);
            }
        }
    }

    /// Hears every event of the table service and wakes the windows of its channel.
    async fn hear(self: Arc<Web>) {
        let mut follow = Follow::new(self.service.clone(), "web");
        while let Some(heard) = follow.next().await {
            let (channels, event): (Vec<u64>, _) = match heard {
                Heard::Event(published) => {
                    self.remember_end(&published.event);
                    let channel = published.event.table().channel_id;
                    (vec![channel], Some(published.event))
                }
                // Fell behind: every window reads its table afresh.
                Heard::Behind(_) => (
                    self.channels
                        .lock()
                        .map(|c| c.keys().copied().collect())
                        .unwrap_or_default(),
                    None,
                ),
            };
            if let Ok(watched) = self.channels.lock() {
                for channel in channels {
                    if let Some(w) = watched.get(&channel) {
                        w.send_replace(Latest {
                            event: event.clone(),
                        });
                    }
                }
            }
        }
    }
}

/// The web edge once it listens.
pub struct Running {
    pub addr: SocketAddr,
    pub web: Arc<Web>,
    server: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Tells the windows the bot is restarting, closes them and stops listening. Each window
    /// ends after the move it is making (stored, answered and shown) with the notice and its
    /// closing handshake; the stop waits for the last of them, for at most `WINDOWS_WITHIN`,
    /// so no window's move is cut off by the store closing after it.
    pub async fn stop(self) {
        self.web.stop();
        let until = tokio::time::Instant::now() + WINDOWS_WITHIN;
        while self.web.windows.load(std::sync::atomic::Ordering::Relaxed) > 0
            && tokio::time::Instant::now() < until
        {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        let left = self.web.windows.load(std::sync::atomic::Ordering::Relaxed);
        if left > 0 {
            tracing::warn!(left, "windows still open when the web edge stopped");
        }
        self.server.abort();
    }
}

/// The most a stop waits for the open windows to end (their moves under way, the notice, the
/// closing handshake of a second at most).
pub const WINDOWS_WITHIN: std::time::Duration = std::time::Duration::from_millis(1500);

/// Why the web edge did not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot read the application's id from Discord: {0}")]
    Application(#[from] DiscordError),
    #[error("the window's client is not built in {0} (run `npm ci && npm run build` in web/)")]
    NoClient(std::path::PathBuf),
}

/// Starts the web edge for `service`.
pub async fn start(settings: Settings, service: Arc<TableService>) -> Result<Running, StartError> {
    if !settings.client.join("index.html").is_file() {
        return Err(StartError::NoClient(settings.client));
    }
    let app = settings.api.application_id().await?;
    let listener = tokio::net::TcpListener::bind(settings.addr)
        .await
        .map_err(|source| StartError::Listen {
            addr: settings.addr,
            source,
        })?;
    let addr = listener.local_addr().unwrap_or(settings.addr);
    let sessions = Sessions::new(settings.api.client_secret());
    let web = Arc::new(Web {
        service,
        api: settings.api,
        app,
        sessions,
        people: People::default(),
        stopping: tokio::sync::watch::Sender::new(false),
        channels: Mutex::new(HashMap::new()),
        windows: AtomicUsize::new(0),
        watched: Mutex::new(HashMap::new()),
        ended: Mutex::new(HashMap::new()),
        instances: Mutex::new(HashMap::new()),
        shards: settings.shards,
    });
    let hearing = tokio::spawn(web.clone().hear());
    let api = Router::new()
        .route("/config", get(config))
        .route("/token", post(token))
        .route("/session", get(session))
        .route("/ws", get(window))
        .route("/cards", get(cards))
        .with_state(web.clone());
    // Inside Discord the page's requests come through the URL mapping, with or without its
    // `/.proxy` prefix.
    let router = Router::new()
        .nest("/api", api.clone())
        .nest("/.proxy/api", api)
        .fallback_service(tower_http::services::ServeDir::new(&settings.client));
    let server = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, router).await {
            tracing::error!(error = %e, "the web edge stopped serving");
        }
        hearing.abort();
    });
    tracing::info!(%addr, "the Activity's web edge listens");
    Ok(Running { addr, web, server })
}

#[derive(Deserialize)]
struct ConfigQuery {
    #[serde(default)]
    locale: Option<String>,
}

/// `GET /api/config?locale=…`: the application's id (for the SDK) and the words the window
/// shows before its table comes, in the browser's language.
async fn config(
    State(web): State<Arc<Web>>,
    query: Result<Query<ConfigQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let locale = query.ok().and_then(|Query(q)| q.locale);
    let lang = catalog().pick(locale.as_deref().unwrap_or(pakka_catalog::DEFAULT_LANG));
    let word = |m: Msg| catalog().text(lang, &m, &pakka_catalog::NoNames);
    Json(serde_json::json!({
        "client_id": web.app.to_string(),
        // A window names the shard of its server (`(guild_id >> 22) % shards`; 0 in a DM) in
        // its socket's and pictures' requests: a proxy in front of several processes routes on
        // it (docs/large-instance.md).
        "shards": web.shards.map_or(1, |s| s.total.max(1)),
        "words": {
            "signing_in": word(msg!("web-signing-in")),
            "reconnecting": word(msg!("web-reconnecting")),
            "confirm_yes": word(msg!("web-confirm-yes")),
            "confirm_no": word(msg!("web-confirm-no")),
            "failed": word(msg!("web-failed")),
            "hand_region": word(msg!("web-hand-region")),
            "table_region": word(msg!("web-table-region")),
            "story_region": word(msg!("web-story-region")),
            "trick_region": word(msg!("web-trick-region")),
            "clear_selection": word(msg!("web-clear-selection")),
            "choose_cards": word(msg!("web-choose-cards")),
            "participants": word(msg!("web-participants")),
        },
    }))
    .into_response()
}

#[derive(Deserialize)]
struct TokenRequest {
    code: String,
}

/// A refusal for a window, worded in `locale` (the person's language as far as it is known).
fn refused(status: StatusCode, locale: Option<&str>, why: Msg) -> Response {
    let lang = catalog().pick(locale.unwrap_or(pakka_catalog::DEFAULT_LANG));
    let text = catalog().text(lang, &why, &pakka_catalog::NoNames);
    (status, Json(serde_json::json!({ "error": text }))).into_response()
}

/// `POST /api/token`: the code exchange, and a session for the person.
async fn token(State(web): State<Arc<Web>>, body: axum::body::Bytes) -> Response {
    let Ok(request) = serde_json::from_slice::<TokenRequest>(&body) else {
        return refused(StatusCode::BAD_REQUEST, None, msg!("web-bad-frame"));
    };
    if request.code.is_empty() || request.code.len() > 256 {
        return refused(StatusCode::BAD_REQUEST, None, msg!("web-bad-frame"));
    }
    let access = match web.api.exchange(web.app, &request.code).await {
        Ok(access) => access,
        Err(DiscordError::Refused { .. }) => {
            pakka_metrics::window_refused("code_refused");
            return refused(StatusCode::UNAUTHORIZED, None, msg!("web-bad-session"));
        }
        Err(e) => {
            tracing::warn!(error = %e, "a window's sign-in could not reach Discord");
            return refused(StatusCode::BAD_GATEWAY, None, msg!("web-discord-unwell"));
        }
    };
    let user = match web.api.me(&access).await {
        Ok(user) => user,
        Err(e) => {
            tracing::warn!(error = %e, "a window's person could not be read");
            return refused(StatusCode::BAD_GATEWAY, None, msg!("web-discord-unwell"));
        }
    };
    let name = user.display_name();
    web.people
        .learn(user.id, Some(name.clone()), std::time::Instant::now());
    pakka_metrics::window_signed_in();
    let session = web.sessions.open(Person {
        id: user.id,
        name,
        locale: user
            .locale
            .unwrap_or_else(|| pakka_catalog::DEFAULT_LANG.into()),
    });
    Json(serde_json::json!({ "access_token": access, "session": session })).into_response()
}

/// `GET /api/session`: the person of the session the request carries, or 401.
async fn session(State(web): State<Arc<Web>>, headers: HeaderMap) -> Response {
    match web.sessions.person(bearer(&headers).unwrap_or_default()) {
        Ok(person) => Json(serde_json::json!({
            "id": person.id.to_string(),
            "name": person.name,
        }))
        .into_response(),
        Err(why) => session_refused(why, None),
    }
}

/// `GET /api/cards?locale=…`: every card's face as an SVG `<symbol>` (`cN`, and `back`), their
/// spoken names in the person's language, and a face-down card's. Nothing in it is secret or
/// changes while the bot runs: the browser keeps it for a day.
async fn cards(
    query: Result<Query<ConfigQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let locale = query.ok().and_then(|Query(q)| q.locale);
    let lang = catalog().pick(locale.as_deref().unwrap_or(pakka_catalog::DEFAULT_LANG));
    let body = serde_json::json!({
        "svg": card_symbols(lang),
        "names": (0..pakka_table::Card::COUNT)
            .filter_map(pakka_table::Card::from_index)
            .map(|c| catalog().card_spoken(lang, c))
            .collect::<Vec<_>>(),
        "back": catalog().text(lang, &msg!("web-card-back"), &pakka_catalog::NoNames),
    });
    (
        [(axum::http::header::CACHE_CONTROL, "public, max-age=86400")],
        Json(body),
    )
        .into_response()
}

/// Every card's face, and the back, as symbols of one SVG document, in `lang` (the Fool's face
/// carries its word).
fn card_symbols(lang: &str) -> String {
    use pakka_render::cards::{back_def, face_def, FACE_H, FACE_W};
    let fool = catalog().text(lang, &msg!("card-fool"), &pakka_catalog::NoNames);
    let mut out =
        String::from(r#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"><defs>"#);
    let mut symbol = |id: &str, def: &str| {
        // The faces are drawn as `<g id=…>`; a symbol of the same id and box draws them at
        // any size.
        let inner = def
            .strip_prefix(&format!(r#"<g id="{id}">"#))
            .and_then(|d| d.strip_suffix("</g>"))
            .unwrap_or(def);
        out.push_str(&format!(
            r#"<symbol id="{id}" viewBox="0 0 {FACE_W} {FACE_H}">{inner}</symbol>"#
        ));
    };
    for card in (0..pakka_table::Card::COUNT).filter_map(pakka_table::Card::from_index) {
        let mut def = String::new();
        face_def(&mut def, card, &fool);
        symbol(&pakka_render::cards::face_id(card), &def);
    }
    let mut def = String::new();
    back_def(&mut def);
    symbol(pakka_render::cards::BACK_ID, &def);
    out.push_str("</defs></svg>");
    out
}

#[derive(Deserialize)]
struct WindowQuery {
    instance: String,
    /// The window's language, for a refusal before its person is known.
    #[serde(default)]
    locale: Option<String>,
}

/// `GET /api/ws`: a window, attached to its instance's channel's table.
async fn window(
    State(web): State<Arc<Web>>,
    headers: HeaderMap,
    query: Result<Query<WindowQuery>, axum::extract::rejection::QueryRejection>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let Ok(Query(query)) = query else {
        return refused(StatusCode::BAD_REQUEST, None, msg!("web-bad-frame"));
    };
    let locale = query.locale.as_deref();
    let key = offered_key(&headers).unwrap_or_default();
    let person = match web.sessions.person(key) {
        Ok(person) => person,
        Err(why) => return session_refused(why, locale),
    };
    if query.instance.is_empty() || query.instance.len() > 128 {
        return refused(
            StatusCode::BAD_REQUEST,
            Some(&person.locale),
            msg!("web-bad-instance"),
        );
    }
    let instance = match web.instance(&query.instance, person.id).await {
        Ok(instance) => instance,
        Err(DiscordError::Refused { .. }) => {
            pakka_metrics::window_refused("not_in_instance");
            return refused(
                StatusCode::FORBIDDEN,
                Some(&person.locale),
                msg!("web-bad-instance"),
            );
        }
        Err(e) => {
            tracing::warn!(error = %e, "a window's instance could not be checked");
            return refused(
                StatusCode::BAD_GATEWAY,
                Some(&person.locale),
                msg!("web-discord-unwell"),
            );
        }
    };
    if !instance.users.contains(&person.id) {
        pakka_metrics::window_refused("not_in_instance");
        return refused(
            StatusCode::FORBIDDEN,
            Some(&person.locale),
            msg!("web-bad-instance"),
        );
    }
    // A DM's or group DM's instance is shard 0's, as its events are.
    let guild = instance.guild_id.unwrap_or(0);
    if web.shards.is_some_and(|range| !range.holds(guild)) {
        pakka_metrics::window_refused("other_shard");
        return refused(
            StatusCode::MISDIRECTED_REQUEST,
            Some(&person.locale),
            msg!("web-other-process"),
        );
    }
    let channel = instance.channel_id;
    // Where a table opened in the window keeps its records: the server, or a DM's or a group
    // DM's own channel (as the Discord edge's `/play` has it).
    let place = instance.guild_id.unwrap_or(channel);
    web.sessions.attach(key, channel);
    // A window sends small frames (a move): small buffers and limits (tungstenite's defaults,
    // 128 KiB to read and to write, would be most of an open window's memory; a read buffer
    // of the largest frame a window may send is enough). What the server writes goes out at
    // once.
    upgrade
        .read_buffer_size(frames::MAX_CLIENT_FRAME * 2)
        .write_buffer_size(0)
        .max_message_size(frames::MAX_CLIENT_FRAME * 2)
        .max_frame_size(frames::MAX_CLIENT_FRAME * 2)
        .protocols([PROTOCOL])
        .on_upgrade(move |socket| socket::run(web, socket, person, place, channel))
}

/// The subprotocol a window's socket speaks; its session's key is offered beside it.
const PROTOCOL: &str = "pakka";

/// The session's key a window's socket offers as its second subprotocol (`pakka, <key>`).
fn offered_key(headers: &HeaderMap) -> Option<&str> {
    let offered = headers
        .get(axum::http::header::SEC_WEBSOCKET_PROTOCOL)?
        .to_str()
        .ok()?;
    offered
        .split(',')
        .map(str::trim)
        .find(|p| !p.is_empty() && *p != PROTOCOL)
}

/// The session's key a request carries as `Authorization: Bearer <key>`.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(axum::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
}

/// A session's key refused: counted by why, and told as a session to sign in again for.
fn session_refused(why: sessions::Refusal, locale: Option<&str>) -> Response {
    pakka_metrics::window_refused(why.label());
    refused(StatusCode::UNAUTHORIZED, locale, msg!("web-bad-session"))
}
