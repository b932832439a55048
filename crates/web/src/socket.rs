//! One open window: a WebSocket attached to the table of its Activity's channel, for one person.
//! On attaching, and after every change of that table the service publishes (a move by anyone,
//! a timer, a take-over, a pause, the end), it sends the table as the person may see it: the
//! public table, and their hand when they are seated. A move the window sends is the same as a
//! button's click (table, move number, index) and meets the same refusals; a frame that is not
//! a move, too large or too frequent is refused, and a flood closes the window. The clean stop
//! tells every window the bot is restarting before it closes.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};

use pakka_edge::{FramePace, Paced};
use pakka_table::{
    AtTable, CreateTable, Edge, Level, Person as Seated, TableAction, TableError, TableId,
    TableView,
};
use pakka_text::{msg, verbatim, Msg};

use super::frames::{self, ClientFrame, Reader, ServerFrame};
use super::sessions::Person;
use super::Web;

/// A window may send this many frames in `PER`; more are refused, and twice as many close it
/// (`pakka_edge::FramePace`).
const FRAMES: u32 = 10;
const PER: Duration = Duration::from_secs(1);

/// One window's connection.
struct Window {
    web: Arc<Web>,
    person: Person,
    lang: &'static str,
    /// Where a table opened here keeps its records: the window's server, or a DM's or group
    /// DM's own channel.
    guild: u64,
    channel: u64,
    /// The table shown (None: none in the channel yet).
    table: Option<TableId>,
    /// Counts the person as watching the table shown (no turn ping calls them to it).
    watching: Option<pakka_table::Watching>,
    /// The channel's latest table event (None: show the table as the service holds it).
    latest: Option<Arc<pakka_table::TableEvent>>,
    /// The table whose rules in brief the window was sent.
    rules_sent: Option<TableId>,
    sink: futures_util::stream::SplitSink<WebSocket, Message>,
}

impl Window {
    async fn send(&mut self, frame: &ServerFrame) -> bool {
        match serde_json::to_string(frame) {
            Ok(text) => {
                pakka_metrics::window_frame(frame.kind());
                self.sink.send(Message::Text(text.into())).await.is_ok()
            }
            Err(e) => {
                tracing::error!(error = %e, "a window's frame did not serialize");
                true
            }
        }
    }

    async fn refuse(&mut self, text: &Msg) -> bool {
        let text = self.reader_without_names().text(text);
        self.send(&ServerFrame::Refused { text }).await
    }

    fn reader_without_names(&self) -> Reader<'static> {
        Reader {
            lang: self.lang,
            names: &[],
        }
    }

    /// The seats' names as this window shows them.
    fn names(&self, view: &TableView) -> Vec<Option<String>> {
        self.web.seat_names(view, self.channel, self.lang)
    }

    /// Sends the table as it stands (and the person's hand when seated); answers false when
    /// the window is gone.
    async fn show(&mut self) -> bool {
        // The channel's table now (a new one once the last is over), else the last shown
        // (its end stays in view).
        let Some(table) = self.web.service.table_in(self.channel).or(self.table) else {
            return self.offer_setup().await;
        };
        if self.table != Some(table) || self.watching.is_none() {
            self.watching = Some(self.web.service.watch(table, self.person.id));
        }
        self.table = Some(table);
        // The table as its latest event showed it (no view built again for each window), else
        // as the service holds it, or its last position once it ended or closed.
        let event = self.latest.clone().filter(|e| e.table().id == table);
        let (view, ended) = match &event {
            Some(event) => (
                std::borrow::Cow::Borrowed(event.table()),
                self.web.ended(self.channel, table),
            ),
            None => match self.web.service.view(table).await {
                Ok(view) => (std::borrow::Cow::Owned(view), None),
                Err(TableError::NoTable | TableError::Closed) => {
                    match self.web.ended(self.channel, table) {
                        Some(ended) => (std::borrow::Cow::Owned(ended.table.clone()), Some(ended)),
                        None => {
                            // Gone: the next table of the channel, when there is one.
                            self.table = None;
                            return self.offer_setup().await;
                        }
                    }
                }
                Err(e) => return self.refuse(&e.msg()).await,
            },
        };
        if self.rules_sent != Some(table) {
            self.rules_sent = Some(table);
            if let Some(rules) = frames::rules(&view, &self.reader_without_names()) {
                if !self.send(&ServerFrame::Rules(rules)).await {
                    return false;
                }
            }
        }
        let seated = view.seat_of(self.person.id).is_some();
        // A tournament's table: no rematch and no pause, even once its event is over.
        let event = self.web.service.is_event_table(table)
            || ended
                .as_ref()
                .is_some_and(|e| e.table.phase == pakka_table::Phase::Finished && !e.rematch);
        let resumable = view.paused && self.web.service.table_in(self.channel).is_none();
        let at = |view| AtTable {
            view,
            event,
            resumable,
        };
        if !seated {
            // Everyone without a seat gets the same frame: made once per change.
            let names = self.names(&view);
            let (person, lang) = (self.person.id, self.lang);
            let text =
                self.web
                    .watched_frame(self.channel, lang, fingerprint(&view, &names), || {
                        let reader = Reader {
                            lang,
                            names: &names,
                        };
                        serde_json::to_string(&ServerFrame::Table(frames::table(
                            at(&view),
                            person,
                            &reader,
                        )))
                        .unwrap_or_default()
                    });
            pakka_metrics::window_frame("table");
            return self
                .sink
                .send(Message::Text(text.as_ref().into()))
                .await
                .is_ok();
        }
        let names = self.names(&view);
        let reader = Reader {
            lang: self.lang,
            names: &names,
        };
        let public = frames::table(at(&view), self.person.id, &reader);
        if !self.send(&ServerFrame::Table(public)).await {
            return false;
        }
        match self
            .web
            .hand_of(table, self.person.id, ended.as_deref())
            .await
        {
            Some(hand) => {
                let frame = frames::hand(&hand, &reader);
                self.send(&ServerFrame::Hand(frame)).await
            }
            None => true,
        }
    }

    /// `what` worded for this window, naming the seats of `table`.
    async fn text_at(&self, table: TableId, what: &Msg) -> String {
        let names = match self.web.service.view(table).await {
            Ok(view) => self.names(&view),
            Err(_) => Vec::new(),
        };
        Reader {
            lang: self.lang,
            names: &names,
        }
        .text(what)
    }

    /// A refusal of the service, worded with the table's names.
    async fn refuse_with_names(&mut self, table: TableId, e: &TableError) -> bool {
        if e.is_internal() {
            tracing::error!(error = %e, "a window's request failed");
        }
        let text = self.text_at(table, &e.msg()).await;
        self.send(&ServerFrame::Refused { text }).await
    }

    /// Taking over a computer player's seat: the person is seated, and the table's event
    /// brings every window up to date (this one shows their hand).
    async fn take(&mut self, table: TableId, seat: usize) -> bool {
        if self.table != Some(table) {
            return self.refuse(&msg!("web-other-table")).await;
        }
        match self
            .web
            .service
            .take_over(table, self.person.id, seat)
            .await
        {
            Ok(_) => true,
            Err(e) => self.refuse_with_names(table, &e).await,
        }
    }

    /// A hint for the person's seat: the normal computer player's move, and why.
    async fn hint(&mut self, table: TableId, move_number: u64) -> bool {
        if self.table != Some(table) {
            return self.refuse(&msg!("web-other-table")).await;
        }
        match self.web.service.hint(table, self.person.id).await {
            Ok(hint) if hint.move_number == move_number => {
                let says = msg!("web-hint-says", action = hint.label, why = hint.reason);
                let text = self.text_at(table, &says).await;
                self.send(&ServerFrame::Hint { text }).await
            }
            // The hand moved on meanwhile: the hand as it is now.
            Ok(_) => self.show().await,
            Err(e) => self.refuse_with_names(table, &e).await,
        }
    }

    /// No table in the channel: the form to open one.
    async fn offer_setup(&mut self) -> bool {
        let frame = frames::setup(&self.reader_without_names());
        self.send(&ServerFrame::Setup(frame)).await
    }

    /// Opens a table in the window's channel, as `/play` would (the person in its first seat,
    /// the other seats open or for computer players); the table's event shows it to every
    /// window of the channel and posts its message there.
    async fn open(&mut self, asked: OpenAsked) -> bool {
        let Some(game) = pakka_table::games::find(&asked.game) else {
            return self
                .refuse(&msg!("web-unknown-game", game = verbatim(asked.game)))
                .await;
        };
        // The options as `/play`'s words (`name=value`), so they are read and refused alike.
        let mut words = Vec::new();
        for (name, value) in &asked.options {
            let value = match value {
                serde_json::Value::String(v) => v.clone(),
                serde_json::Value::Bool(b) => b.to_string(),
                other => other.to_string(),
            };
            let plain = |w: &str| {
                !w.is_empty()
                    && w.len() <= 32
                    && w.chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            };
            if !plain(name) || !plain(&value) {
                return self.refuse(&msg!("web-bad-frame")).await;
            }
            words.push(format!("{name}={value}"));
        }
        let options = match game.parse_options(&words.join(" ")) {
            Ok(options) => options,
            Err(e) => return self.refuse(&e.msg()).await,
        };
        let level = match asked.level.as_deref() {
            None => Level::default(),
            Some(name) => match name.parse::<Level>() {
                Ok(level) => level,
                Err(_) => return self.refuse(&msg!("web-bad-frame")).await,
            },
        };
        let request = CreateTable {
            guild_id: self.guild,
            channel_id: self.channel,
            creator: Seated {
                id: self.person.id,
                bot: false,
            },
            invited: Vec::new(),
            game: game.id().to_string(),
            seats: Some(asked.seats),
            seed: None,
            options,
            bots: asked.bots,
            bot_level: level,
            turn_timer: None,
            learning: Default::default(),
        };
        match self.web.service.create_by(request, Edge::Window).await {
            // Its event brings every window of the channel, this one too, to the new table.
            Ok(_) => true,
            Err(e) => {
                if e.is_internal() {
                    tracing::error!(error = %e, "a window could not open a table");
                }
                let text = self.reader_without_names().text(&e.msg());
                self.send(&ServerFrame::Refused { text }).await
            }
        }
    }

    /// One of the table's controls, pressed in the window: refused unless the table offers it
    /// to the person now (`pakka_table::actions::offered`), and then done as the chat's button
    /// or command does it.
    async fn act(&mut self, table: TableId, action: &str, choice: Option<&str>) -> bool {
        if self.table != Some(table) {
            return self.refuse(&msg!("web-other-table")).await;
        }
        let Some(action) = TableAction::named(action) else {
            return self.refuse(&msg!("web-bad-frame")).await;
        };
        let user = self.person.id;
        let service = &self.web.service;
        let done: Result<(), TableError> = match action {
            TableAction::Join => service.join_by(table, user, Edge::Window).await.map(drop),
            TableAction::Accept => service.accept_by(table, user, Edge::Window).await.map(drop),
            TableAction::Decline | TableAction::Leave => service
                .decline_by(table, user, Edge::Window)
                .await
                .map(drop),
            TableAction::AddComputer => {
                let level = match choice.map(str::parse::<Level>) {
                    None => Level::default(),
                    Some(Ok(level)) => level,
                    Some(Err(_)) => return self.refuse(&msg!("web-bad-frame")).await,
                };
                service
                    .add_computer_by(table, user, level, Edge::Window)
                    .await
                    .map(drop)
            }
            TableAction::Back => service.back(table, user).await.map(drop),
            TableAction::PlayAgain => service
                .rematch_by(table, user, Edge::Window)
                .await
                .map(drop),
            TableAction::GiveUp => service.forfeit(table, user).await.map(drop),
            TableAction::Pause => service.pause(table, user).await.map(drop),
            TableAction::Resume => service.resume(self.channel, user).await.map(drop),
            TableAction::Leaderboard => return self.board(table).await,
            TableAction::Rules => return self.show().await,
            TableAction::Hint | TableAction::Move | TableAction::TakeOver => {
                return self.refuse(&msg!("web-bad-frame")).await
            }
        };
        match done {
            // The table's event brings every window up to date.
            Ok(()) => true,
            Err(e) => self.refuse_with_names(table, &e).await,
        }
    }

    /// The server's leaderboard of the table's game, this season's and all time's first page.
    async fn board(&mut self, table: TableId) -> bool {
        let view = match self.web.service.view(table).await {
            Ok(view) => view,
            Err(_) => match self.web.ended(self.channel, table) {
                Some(ended) => ended.table.clone(),
                None => return self.refuse(&msg!("web-no-table")).await,
            },
        };
        let page = self
            .web
            .service
            .scores(
                view.guild_id,
                Some(view.game_id),
                pakka_table::records::Period::All,
                0,
            )
            .await;
        let reader = self.reader_without_names();
        let title = reader.text(&msg!("web-board-title", game = view.game_name()));
        let people = &self.web.people;
        let fallback = reader.text(&msg!("web-board-someone"));
        let person = |user: u64| {
            let (name, _) = people.look(user, Instant::now());
            verbatim(name.unwrap_or_else(|| fallback.clone()))
        };
        let lines = match page {
            Ok(page) if !page.lines.is_empty() => page
                .lines
                .iter()
                .map(|line| reader.text(&pakka_edge::records::score_line(line, &person)))
                .collect(),
            Ok(_) => vec![reader.text(&msg!("web-board-empty"))],
            Err(e) => return self.refuse_with_names(table, &e).await,
        };
        self.send(&ServerFrame::Board { title, lines }).await
    }

    /// A move from the window.
    async fn play(&mut self, table: TableId, move_number: u64, index: usize) -> bool {
        if self.table != Some(table) {
            return self.refuse(&msg!("web-other-table")).await;
        }
        match self
            .web
            .service
            .act(table, self.person.id, move_number, index, Edge::Window)
            .await
        {
            // The event of the move brings every window, this one too, up to date.
            Ok(_) => true,
            // A stale move: the refusal, then the hand as it is now.
            Err(e) => self.refuse_with_names(table, &e).await && self.show().await,
        }
    }
}

/// A window's request to open a table.
struct OpenAsked {
    game: String,
    seats: usize,
    bots: usize,
    level: Option<String>,
    options: serde_json::Map<String, serde_json::Value>,
}

/// What makes a table's public frame differ from one change to the next: the table, its move,
/// phase, pause, whose turn it is, its seats and their names as known.
fn fingerprint(view: &TableView, names: &[Option<String>]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    names.hash(&mut h);
    view.id.hash(&mut h);
    view.move_number.hash(&mut h);
    format!("{:?}", (view.phase, view.paused, &view.to_act, &view.seats)).hash(&mut h);
    h.finish()
}

/// Serves one window until it closes, the person leaves or the bot stops.
pub(crate) async fn run(
    web: Arc<Web>,
    socket: WebSocket,
    person: Person,
    guild: u64,
    channel: u64,
) {
    let lang = pakka_catalog::catalog().pick(&person.locale);
    let (sink, mut stream) = socket.split();
    let mut changes = web.watch(channel);
    let mut stopping = web.stopping.subscribe();
    let mut window = Window {
        web: web.clone(),
        person,
        lang,
        guild,
        channel,
        table: None,
        watching: None,
        latest: None,
        rules_sent: None,
        sink,
    };
    let open_now = web
        .windows
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    pakka_metrics::windows_open(open_now + 1);
    let mut pace = FramePace::new(FRAMES, PER, Instant::now());
    // A window that comes while the bot stops is told at once.
    let mut open = if *stopping.borrow() {
        let text = window.reader_without_names().text(&msg!("web-restarting"));
        let _ = window.send(&ServerFrame::Notice { text }).await;
        false
    } else {
        window.show().await
    };
    while open {
        tokio::select! {
            changed = changes.changed() => match changed {
                // The table of the channel changed (or a new one opened there).
                Ok(()) => {
                    window.latest = changes.borrow_and_update().event.clone();
                    open = window.show().await;
                }
                Err(_) => break,
            },
            _ = stopping.changed() => {
                let text = window.reader_without_names().text(&msg!("web-restarting"));
                let _ = window.send(&ServerFrame::Notice { text }).await;
                break;
            }
            frame = stream.next() => match frame {
                Some(Ok(Message::Text(text))) => {
                    match pace.check(Instant::now()) {
                        Paced::Flood => {
                            let _ = window.refuse(&msg!("web-flood")).await;
                            break;
                        }
                        Paced::TooFast => open = window.refuse(&msg!("web-too-fast")).await,
                        Paced::Ok => match frames::read(text.as_str()) {
                            Some(ClientFrame::Move { table, move_number, index }) => {
                                open = window.play(table, move_number, index).await;
                            }
                            Some(ClientFrame::Take { table, seat }) => {
                                open = window.take(table, seat).await;
                            }
                            Some(ClientFrame::Hint { table, move_number }) => {
                                open = window.hint(table, move_number).await;
                            }
                            Some(ClientFrame::Act { table, action, choice }) => {
                                open = window.act(table, &action, choice.as_deref()).await;
                            }
                            Some(ClientFrame::Open { game, seats, bots, level, options }) => {
                                let asked = OpenAsked { game, seats, bots, level, options };
                                open = window.open(asked).await;
                            }
                            None => open = window.refuse(&msg!("web-bad-frame")).await,
                        },
                    }
                }
                Some(Ok(Message::Binary(_))) => {
                    open = window.refuse(&msg!("web-bad-frame")).await;
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
        }
    }
    let _ = window.sink.close().await;
    // The closing handshake: what the window still sends is read (and dropped) until its own
    // close comes, for a moment. Closed with unread frames, the connection would be reset, and
    // the window could lose the last frames it was sent (a flood's refusal).
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while let Some(Ok(frame)) = stream.next().await {
            if matches!(frame, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
    drop(changes);
    web.unwatch(channel);
    let open_now = web
        .windows
        .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    pakka_metrics::windows_open(open_now.saturating_sub(1));
}
