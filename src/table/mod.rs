//! The table service: tables in channels, their seats, invitations, starting, acting as a user,
//! abandoning, the end of a game with its result, and restoring every unfinished table at start.
//! Free of Discord types: users and channels are plain ids, and everything handed out is a view
//! (`TableView`, `HandView`), never a full game state. Every applied move is stored before the
//! caller hears it was applied. Clicks on one table are applied one at a time (a per-table lock);
//! every offered action carries the table's move number, so a stale or repeated click is refused.

mod error;

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::Mutex;

use crate::ai::{self, Level, Observation};
use crate::rules::registry::{self, GameInfo};
use crate::rules::{AnyGame, Observer, Seat, Setup, Status};
use crate::store::{NewTable, Phase, ResultRow, SeatRow, Store, StoreError, StoredTable, TableId};

pub use error::TableError;

pub type UserId = u64;
pub type ChannelId = u64;
pub type GuildId = u64;

/// A person as the front end knows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    pub id: UserId,
    pub bot: bool,
}

/// A request to open a table.
#[derive(Clone, Debug)]
pub struct CreateTable {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub creator: Person,
    /// The other players, seated in this order after the creator.
    pub invited: Vec<Person>,
    /// A game id or alias.
    pub game: String,
    /// The seat count; by default the fewest the game allows that seats everyone named.
    pub seats: Option<usize>,
    /// Replays a known deal; random when absent.
    pub seed: Option<u64>,
    /// The game's options as a JSON object (`Value::Null` for the defaults).
    pub options: Value,
    /// Computer players to seat after the people named.
    pub bots: usize,
    /// Their level.
    pub bot_level: Level,
    /// Minutes a person may take over a turn before a computer player stands in (off: None).
    pub turn_timer: Option<u32>,
}

/// One seat as the front end shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    pub seat: Seat,
    pub user: Option<UserId>,
    pub accepted: bool,
    /// A computer player's level, when the computer plays this seat.
    pub computer: Option<Level>,
    /// The computer stands in for the seat's owner until they are back.
    pub stand_in: bool,
}

/// Everything a front end may show about a table in public.
#[derive(Clone, Debug, PartialEq)]
pub struct TableView {
    pub id: TableId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub game_id: &'static str,
    pub game_name: String,
    pub phase: Phase,
    pub seats: Vec<SeatView>,
    pub creator: UserId,
    pub seed: u64,
    pub options: Value,
    pub move_number: u64,
    /// While playing or finished.
    pub status: Option<Status>,
    /// The public view as text, while playing or finished.
    pub public_text: Option<String>,
    /// The users whose decision the game waits for.
    pub to_act: Vec<UserId>,
    pub message_id: Option<u64>,
    /// A paused match (`/pause`), waiting for `/resume`.
    pub paused: bool,
    pub turn_timer: Option<u32>,
}

impl TableView {
    pub fn user_of(&self, seat: Seat) -> Option<UserId> {
        self.seats.get(seat).and_then(|s| s.user)
    }

    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.user == Some(user))
            .map(|s| s.seat)
    }
}

/// One offered action of a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandAction {
    /// Index into the seat's legal actions at `HandView::move_number`.
    pub index: usize,
    pub label: String,
    /// Offered behind a first-step button with this label, when the game groups its actions.
    pub group: Option<String>,
    /// Asked before the action applies.
    pub confirm: Option<String>,
}

/// What one seated user sees and may do.
#[derive(Clone, Debug, PartialEq)]
pub struct HandView {
    pub table: TableId,
    pub seat: Seat,
    pub move_number: u64,
    pub text: String,
    /// Exactly the seat's legal actions (empty when it is not their turn).
    pub actions: Vec<HandAction>,
    pub over: bool,
}

/// The result of an applied action.
#[derive(Clone, Debug)]
pub struct Acted {
    pub table: TableView,
    /// The acting user's hand after the action.
    pub hand: HandView,
    /// Users to act now who were not to act before the action.
    pub newly_to_act: Vec<UserId>,
    /// The action began a new deal of a match.
    pub new_deal: bool,
    pub finished: bool,
}

/// What accepting or joining did.
#[derive(Clone, Debug)]
pub enum LobbyChange {
    Waiting(TableView),
    Started(TableView),
}

struct Table {
    id: TableId,
    guild_id: GuildId,
    channel_id: ChannelId,
    info: &'static GameInfo,
    options: Value,
    seed: u64,
    creator: UserId,
    phase: Phase,
    seats: Vec<SeatRow>,
    game: Option<Box<dyn AnyGame>>,
    move_number: u64,
    message_id: Option<u64>,
    paused: bool,
    turn_timer: Option<u32>,
    /// When the seats now to act became to act (the turn timer counts from here).
    turn_since: Instant,
    /// When the table was opened (lobbies expire).
    opened: Instant,
}

/// Parses a stored level name; an unknown name plays at the default level.
fn level_of(row: &SeatRow) -> Option<Level> {
    row.computer
        .as_deref()
        .map(|l| l.parse().unwrap_or_default())
}

impl Table {
    /// Whether the computer plays this seat now (a computer seat, or a stand-in).
    fn computer_plays(&self, seat: Seat) -> bool {
        self.seats
            .get(seat)
            .is_some_and(|s| s.computer.is_some() || s.stand_in)
    }

    fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.user_id == Some(user))
            .map(|s| s.seat)
    }

    fn users_to_act(&self) -> Vec<UserId> {
        let Some(game) = &self.game else {
            return Vec::new();
        };
        game.to_act()
            .into_iter()
            .filter(|&s| !self.computer_plays(s))
            .filter_map(|s| self.seats.get(s).and_then(|r| r.user_id))
            .collect()
    }

    fn names(&self) -> Vec<String> {
        self.seats
            .iter()
            .map(|s| match (s.user_id, &s.computer) {
                (_, Some(_)) => format!("Computer {}", s.seat + 1),
                (Some(u), None) => format!("<@{u}>"),
                (None, None) => format!("Seat {}", s.seat + 1),
            })
            .collect()
    }

    fn view(&self) -> TableView {
        TableView {
            id: self.id,
            guild_id: self.guild_id,
            channel_id: self.channel_id,
            game_id: self.info.id,
            game_name: crate::catalog::en(&self.info.name()),
            phase: self.phase,
            seats: self
                .seats
                .iter()
                .map(|s| SeatView {
                    seat: s.seat,
                    user: s.user_id,
                    accepted: s.accepted,
                    computer: level_of(s),
                    stand_in: s.stand_in,
                })
                .collect(),
            creator: self.creator,
            seed: self.seed,
            options: self.options.clone(),
            move_number: self.move_number,
            status: self.game.as_ref().map(|g| g.status()),
            public_text: self
                .game
                .as_ref()
                .map(|g| en_lines(&g.describe(Observer::Public), &self.names())),
            to_act: self.users_to_act(),
            message_id: self.message_id,
            paused: self.paused,
            turn_timer: self.turn_timer,
        }
    }

    fn hand(&self, seat: Seat, names: &[String]) -> HandView {
        let (text, actions, over) = match &self.game {
            Some(game) => (
                en_lines(&game.describe(Observer::Seat(seat)), names),
                game.choices(seat)
                    .into_iter()
                    .enumerate()
                    .map(|(index, c)| HandAction {
                        index,
                        label: en_text(&c.label, names),
                        group: c.group.map(|g| en_text(&g, names)),
                        confirm: c.confirm.map(|q| en_text(&q, names)),
                    })
                    .collect(),
                game.status().over,
            ),
            None => ("The game has not started yet.".into(), Vec::new(), false),
        };
        HandView {
            table: self.id,
            seat,
            move_number: self.move_number,
            text,
            actions,
            over,
        }
    }

    fn all_accepted(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.computer.is_some() || (s.user_id.is_some() && s.accepted))
    }

    fn open_seat(&self) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.user_id.is_none() && s.computer.is_none())
            .map(|s| s.seat)
    }
}

/// The table service. Cheap to share behind an `Arc`.
pub struct TableService {
    store: Store,
    tables: StdMutex<HashMap<TableId, Arc<Mutex<Table>>>>,
    channels: StdMutex<HashMap<ChannelId, TableId>>,
}

impl TableService {
    pub fn new(store: Store) -> TableService {
        TableService {
            store,
            tables: StdMutex::new(HashMap::new()),
            channels: StdMutex::new(HashMap::new()),
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    fn table(&self, id: TableId) -> Result<Arc<Mutex<Table>>, TableError> {
        self.tables
            .lock()
            .map_err(|_| TableError::internal("table map poisoned"))?
            .get(&id)
            .cloned()
            .ok_or(TableError::Closed)
    }

    fn insert(&self, table: Table) -> Result<(), TableError> {
        let (id, channel) = (table.id, table.channel_id);
        self.tables
            .lock()
            .map_err(|_| TableError::internal("table map poisoned"))?
            .insert(id, Arc::new(Mutex::new(table)));
        self.channels
            .lock()
            .map_err(|_| TableError::internal("channel map poisoned"))?
            .insert(channel, id);
        Ok(())
    }

    fn remove(&self, id: TableId, channel: ChannelId) {
        if let Ok(mut tables) = self.tables.lock() {
            tables.remove(&id);
        }
        if let Ok(mut channels) = self.channels.lock() {
            if channels.get(&channel) == Some(&id) {
                channels.remove(&channel);
            }
        }
    }

    /// The open table in a channel, if any.
    pub fn table_in(&self, channel: ChannelId) -> Option<TableId> {
        self.channels.lock().ok()?.get(&channel).copied()
    }

    /// A public view of a table.
    pub async fn view(&self, id: TableId) -> Result<TableView, TableError> {
        Ok(self.table(id)?.lock().await.view())
    }

    /// Opens a table in the lobby phase: the creator sits at seat 0 and has accepted; invited
    /// people follow in order and must accept; any further seats are open to anyone.
    pub async fn create(&self, req: CreateTable) -> Result<TableView, TableError> {
        let info =
            registry::find(&req.game).ok_or_else(|| TableError::UnknownGame(req.game.clone()))?;
        for (i, p) in req.invited.iter().enumerate() {
            if p.id == req.creator.id {
                return Err(TableError::InviteSelf);
            }
            if p.bot {
                return Err(TableError::InviteBot(p.id));
            }
            if req.invited[..i].iter().any(|q| q.id == p.id) {
                return Err(TableError::InvitedTwice(p.id));
            }
        }
        if self.table_in(req.channel_id).is_some() {
            return Err(TableError::ChannelBusy);
        }
        let people = 1 + req.invited.len();
        let named = people + req.bots;
        let (lo, hi) = info.seats;
        let seats = req.seats.unwrap_or(named.max(lo));
        if seats < named {
            return Err(TableError::TooManyPlayers { seats, named });
        }
        if !(lo..=hi).contains(&seats) {
            return Err(TableError::SeatCount {
                game: crate::catalog::en(&info.name()),
                seats,
                lo,
                hi,
            });
        }
        // Random seeds stay below 2^53 so a slash command (a JSON number) can replay them.
        let seed = req.seed.unwrap_or_else(|| rand::random::<u64>() >> 11);
        // Validates the options and the seat count against the game itself.
        info.create(req.options.clone(), seats, Setup::seeded(seed))
            .map_err(|e| TableError::Setup(e.to_string()))?;
        let options = if req.options.is_null() {
            info.default_options()
        } else {
            req.options.clone()
        };
        let mut seat_rows = vec![SeatRow {
            seat: 0,
            user_id: Some(req.creator.id),
            accepted: true,
            ..SeatRow::default()
        }];
        seat_rows.extend(req.invited.iter().enumerate().map(|(i, p)| SeatRow {
            seat: i + 1,
            user_id: Some(p.id),
            ..SeatRow::default()
        }));
        seat_rows.extend((people..named).map(|seat| SeatRow {
            seat,
            accepted: true,
            computer: Some(req.bot_level.name().to_string()),
            ..SeatRow::default()
        }));
        seat_rows.extend((named..seats).map(|seat| SeatRow {
            seat,
            ..SeatRow::default()
        }));
        let new = NewTable {
            guild_id: req.guild_id,
            channel_id: req.channel_id,
            game: info.id.to_string(),
            options: options.clone(),
            seats,
            seed,
            created_by: req.creator.id,
            seat_rows: seat_rows.clone(),
            turn_timer: req.turn_timer,
        };
        let id = self.store.create_table(&new).await.map_err(|e| match e {
            StoreError::ChannelBusy => TableError::ChannelBusy,
            other => TableError::from(other),
        })?;
        let table = Table {
            id,
            guild_id: req.guild_id,
            channel_id: req.channel_id,
            info,
            options,
            seed,
            creator: req.creator.id,
            phase: Phase::Lobby,
            seats: seat_rows,
            game: None,
            move_number: 0,
            message_id: None,
            paused: false,
            turn_timer: req.turn_timer,
            turn_since: Instant::now(),
            opened: Instant::now(),
        };
        self.insert(table)?;
        // A table whose every seat is taken already (the creator and computer players) starts.
        let table = self.table(id)?;
        let mut t = table.lock().await;
        Ok(match self.start_if_ready(&mut t).await? {
            LobbyChange::Waiting(view) | LobbyChange::Started(view) => view,
        })
    }

    /// An invited person accepts; the game starts once every seat is taken and accepted.
    pub async fn accept(&self, id: TableId, user: UserId) -> Result<LobbyChange, TableError> {
        let table = self.table(id)?;
        let mut t = table.lock().await;
        if t.phase != Phase::Lobby {
            return Err(TableError::AlreadyStarted);
        }
        let seat = t.seat_of(user).ok_or(TableError::NotInvited)?;
        if t.seats[seat].accepted {
            return Err(TableError::AlreadyAccepted);
        }
        self.store.update_seat(id, seat, Some(user), true).await?;
        t.seats[seat].accepted = true;
        self.start_if_ready(&mut t).await
    }

    /// Anyone not yet seated takes the first open seat.
    pub async fn join(&self, id: TableId, user: UserId) -> Result<LobbyChange, TableError> {
        let table = self.table(id)?;
        let mut t = table.lock().await;
        if t.phase != Phase::Lobby {
            return Err(TableError::AlreadyStarted);
        }
        if t.seat_of(user).is_some() {
            return Err(TableError::AlreadySeated);
        }
        let seat = t.open_seat().ok_or(TableError::TableFull)?;
        self.store.update_seat(id, seat, Some(user), true).await?;
        t.seats[seat].user_id = Some(user);
        t.seats[seat].accepted = true;
        self.start_if_ready(&mut t).await
    }

    /// A seated person puts a computer player at `level` on the first open seat.
    pub async fn add_computer(
        &self,
        id: TableId,
        user: UserId,
        level: Level,
    ) -> Result<LobbyChange, TableError> {
        let table = self.table(id)?;
        let mut t = table.lock().await;
        if t.phase != Phase::Lobby {
            return Err(TableError::AlreadyStarted);
        }
        if t.seat_of(user).is_none() {
            return Err(TableError::NotSeated);
        }
        let seat = t.open_seat().ok_or(TableError::TableFull)?;
        self.store
            .set_computer(id, seat, Some(level.name()))
            .await?;
        t.seats[seat].computer = Some(level.name().to_string());
        t.seats[seat].accepted = true;
        self.start_if_ready(&mut t).await
    }

    async fn start_if_ready(&self, t: &mut Table) -> Result<LobbyChange, TableError> {
        if !t.all_accepted() {
            return Ok(LobbyChange::Waiting(t.view()));
        }
        let game = t
            .info
            .create(t.options.clone(), t.seats.len(), Setup::seeded(t.seed))
            .map_err(|e| TableError::internal(format!("a validated table failed to deal: {e}")))?;
        self.store.start_table(t.id, &game.state_json()).await?;
        t.game = Some(game);
        t.phase = Phase::Playing;
        t.turn_since = Instant::now();
        Ok(LobbyChange::Started(t.view()))
    }

    /// Closes a table: an invited person declining, the creator cancelling a lobby, or a seated
    /// player abandoning a game. Nothing counts on the leaderboard.
    pub async fn abandon(&self, id: TableId, user: UserId) -> Result<TableView, TableError> {
        let table = self.table(id)?;
        let mut t = table.lock().await;
        if t.seat_of(user).is_none() {
            return Err(TableError::NotSeated);
        }
        self.store.abandon_table(id).await?;
        t.phase = Phase::Abandoned;
        let view = t.view();
        self.remove(id, t.channel_id);
        Ok(view)
    }

    /// Pauses a match in play (`/pause`): it keeps its position and frees the channel until a
    /// player takes it up again with [`TableService::resume`].
    pub async fn pause(&self, id: TableId, user: UserId) -> Result<TableView, TableError> {
        let table = self.table(id)?;
        let mut t = table.lock().await;
        if t.seat_of(user).is_none() {
            return Err(TableError::NotSeated);
        }
        if t.phase != Phase::Playing {
            return Err(TableError::NotStarted);
        }
        self.store.pause_table(id).await?;
        t.paused = true;
        let view = t.view();
        self.remove(id, t.channel_id);
        Ok(view)
    }

    /// Takes up the latest paused match of this channel at which `user` has a seat.
    pub async fn resume(&self, channel: ChannelId, user: UserId) -> Result<TableView, TableError> {
        if self.table_in(channel).is_some() {
            return Err(TableError::ChannelBusy);
        }
        let stored = self
            .store
            .paused_tables(channel)
            .await?
            .into_iter()
            .rev()
            .find(|t| t.seat_rows.iter().any(|s| s.user_id == Some(user)))
            .ok_or(TableError::NothingToResume)?;
        let id = stored.id;
        let mut table = rebuild(stored)
            .map_err(|e| TableError::internal(format!("table {id} does not replay: {e}")))?;
        self.store.resume_table(id).await?;
        table.paused = false;
        let view = table.view();
        self.insert(table)?;
        Ok(view)
    }

    /// A new lobby for the same game, options and players, opened by `user` (who must have
    /// played at table `id`); everyone else is invited again.
    pub async fn rematch(&self, id: TableId, user: UserId) -> Result<TableView, TableError> {
        let old = self.store.table(id).await?.ok_or(TableError::Closed)?;
        if !old.seat_rows.iter().any(|s| s.user_id == Some(user)) {
            return Err(TableError::NotSeated);
        }
        let invited = old
            .seat_rows
            .iter()
            .filter(|s| s.computer.is_none())
            .filter_map(|s| s.user_id)
            .filter(|&u| u != user)
            .map(|id| Person { id, bot: false })
            .collect();
        let computers: Vec<&SeatRow> = old
            .seat_rows
            .iter()
            .filter(|s| s.computer.is_some())
            .collect();
        let bot_level = computers
            .first()
            .and_then(|s| level_of(s))
            .unwrap_or_default();
        self.create(CreateTable {
            guild_id: old.guild_id,
            channel_id: old.channel_id,
            creator: Person {
                id: user,
                bot: false,
            },
            invited,
            game: old.game,
            seats: Some(old.seats),
            seed: None,
            options: old.options,
            bots: computers.len(),
            bot_level,
            turn_timer: old.turn_timer,
        })
        .await
    }

    /// Wins and games per user over the finished games of `game` in this channel.
    pub async fn channel_record(
        &self,
        channel: ChannelId,
        game: &str,
    ) -> Result<Vec<(UserId, i64, i64)>, TableError> {
        Ok(self.store.channel_record(channel, game).await?)
    }

    /// Remembers the public table message of the current deal.
    pub async fn set_message(&self, id: TableId, message_id: u64) -> Result<(), TableError> {
        let table = self.table(id)?;
        let mut t = table.lock().await;
        self.store.set_message(id, message_id).await?;
        t.message_id = Some(message_id);
        Ok(())
    }

    /// A seated user's hand. `names` are the seats' names for labels.
    pub async fn hand(
        &self,
        id: TableId,
        user: UserId,
        names: &[String],
    ) -> Result<HandView, TableError> {
        let table = self.table(id)?;
        let t = table.lock().await;
        let seat = t.seat_of(user).ok_or(TableError::NotSeated)?;
        if t.phase == Phase::Lobby {
            return Err(TableError::NotStarted);
        }
        Ok(t.hand(seat, names))
    }

    /// Applies the action at `index` of the user's legal actions as offered at `move_number`.
    /// The move is stored before this returns Ok.
    pub async fn act(
        &self,
        id: TableId,
        user: UserId,
        move_number: u64,
        index: usize,
        names: &[String],
    ) -> Result<Acted, TableError> {
        let table = self.table(id)?;
        let mut t = table.lock().await;
        let seat = t.seat_of(user).ok_or(TableError::NotSeated)?;
        if t.phase == Phase::Lobby {
            return Err(TableError::NotStarted);
        }
        if move_number != t.move_number {
            return Err(TableError::Stale);
        }
        if t.seats[seat].stand_in {
            return Err(TableError::StoodIn);
        }
        self.apply_move(&mut t, seat, index, names).await
    }

    /// Checks the seat may act and applies its legal action `index`: stored first, then
    /// swapped in. The common end of a person's click and a computer player's move.
    async fn apply_move(
        &self,
        t: &mut Table,
        seat: Seat,
        index: usize,
        names: &[String],
    ) -> Result<Acted, TableError> {
        let id = t.id;
        let game = t.game.as_ref().ok_or(TableError::NotStarted)?;
        let status = game.status();
        if status.over {
            return Err(TableError::Rule(crate::rules::RuleError::GameOver));
        }
        if !status.to_act.contains(&seat) {
            return Err(TableError::Rule(crate::rules::RuleError::NotYourTurn {
                seat,
                to_act: status.to_act,
            }));
        }
        let legal = game.legal_json(seat);
        let action = legal.get(index).cloned().ok_or(TableError::Stale)?;
        let before_to_act = t.users_to_act();
        let mut next = game.clone();
        next.act_json(seat, &action).map_err(|e| match e {
            crate::rules::ActError::Rule(r) => TableError::Rule(r),
            crate::rules::ActError::BadAction(m) => TableError::internal(crate::catalog::en(&m)),
        })?;
        let after = next.status();
        let number = t.move_number + 1;
        let totals = after.scores.as_ref().map(|s| (after.deal, s.as_slice()));
        let results = after
            .ranking
            .as_ref()
            .map(|r| results_of(r, &after, &t.seats));
        self.store
            .record_move(
                id,
                number,
                seat,
                &action,
                &next.state_json(),
                totals,
                results.as_deref(),
            )
            .await?;
        // Stored: now it is applied.
        t.game = Some(next);
        t.move_number = number;
        if after.to_act != status.to_act {
            t.turn_since = Instant::now();
        }
        if after.over {
            t.phase = Phase::Finished;
        }
        let new_deal = after.deal != status.deal;
        let now = t.users_to_act();
        let newly_to_act = now
            .into_iter()
            .filter(|u| !before_to_act.contains(u))
            .collect();
        let acted = Acted {
            table: t.view(),
            hand: t.hand(seat, names),
            newly_to_act,
            new_deal,
            finished: after.over,
        };
        if after.over {
            self.remove(id, t.channel_id);
        }
        Ok(acted)
    }

    /// Plays one move for a computer player when one is to act first (a computer seat, or a
    /// stand-in for an absent person). The search runs off the async threads on a copy of the
    /// game; the move is then applied as a person's would be, unless the table moved on
    /// meanwhile. Answers `None` when no computer player is to act.
    pub async fn computer_move(
        &self,
        id: TableId,
        names: &[String],
    ) -> Result<Option<Acted>, TableError> {
        let table = self.table(id)?;
        let (game, seat, level, number, seed) = {
            let t = table.lock().await;
            let Some(game) = t.game.as_ref() else {
                return Ok(None);
            };
            if t.phase != Phase::Playing || t.paused {
                return Ok(None);
            }
            let Some(&seat) = game.to_act().first() else {
                return Ok(None);
            };
            if !t.computer_plays(seat) {
                return Ok(None);
            }
            let level = level_of(&t.seats[seat]).unwrap_or_default();
            (game.clone(), seat, level, t.move_number, t.seed)
        };
        let choice = tokio::task::spawn_blocking(move || {
            let seed = seed ^ number.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            ai::choose(&Observation::new(game.as_ref(), seat), level, seed)
        })
        .await
        .map_err(|e| TableError::internal(format!("the computer player failed: {e}")))?;
        let mut t = table.lock().await;
        if t.move_number != number || t.paused || !t.computer_plays(seat) {
            return Ok(None);
        }
        self.apply_move(&mut t, seat, choice.index, names)
            .await
            .map(Some)
    }

    /// The seat of the computer player to act first at this table, if one is.
    pub async fn computer_to_act(&self, id: TableId) -> Result<Option<Seat>, TableError> {
        let table = self.table(id)?;
        let t = table.lock().await;
        if t.phase != Phase::Playing || t.paused {
            return Ok(None);
        }
        let first = t.game.as_ref().and_then(|g| g.to_act().first().copied());
        Ok(first.filter(|&s| t.computer_plays(s)))
    }

    /// Every table in memory (open and playing).
    pub fn table_ids(&self) -> Vec<TableId> {
        self.tables
            .lock()
            .map(|t| t.keys().copied().collect())
            .unwrap_or_default()
    }

    /// Starts a computer player standing in for every person whose turn has lasted longer than
    /// their table's turn timer (`unit` is one timer minute; tests shorten it). Answers the
    /// tables concerned and the users now away.
    pub async fn expire_turns(&self, unit: Duration) -> Vec<(TableView, Vec<UserId>)> {
        let tables: Vec<Arc<Mutex<Table>>> = match self.tables.lock() {
            Ok(t) => t.values().cloned().collect(),
            Err(_) => return Vec::new(),
        };
        let mut expired = Vec::new();
        for table in tables {
            let mut t = table.lock().await;
            let Some(minutes) = t.turn_timer else {
                continue;
            };
            if t.phase != Phase::Playing || t.paused || t.turn_since.elapsed() < unit * minutes {
                continue;
            }
            let Some(game) = &t.game else {
                continue;
            };
            let late: Vec<Seat> = game
                .to_act()
                .into_iter()
                .filter(|&s| !t.computer_plays(s) && t.seats[s].user_id.is_some())
                .collect();
            let mut away = Vec::new();
            for seat in late {
                if let Err(e) = self.store.set_stand_in(t.id, seat, true).await {
                    tracing::error!(error = %e, "could not start a stand-in");
                    continue;
                }
                t.seats[seat].stand_in = true;
                away.extend(t.seats[seat].user_id);
            }
            if !away.is_empty() {
                expired.push((t.view(), away));
            }
        }
        expired
    }

    /// A person takes their seat back from the computer standing in for them.
    pub async fn back(&self, id: TableId, user: UserId) -> Result<TableView, TableError> {
        let table = self.table(id)?;
        let mut t = table.lock().await;
        let seat = t.seat_of(user).ok_or(TableError::NotSeated)?;
        if !t.seats[seat].stand_in {
            return Err(TableError::NotAway);
        }
        self.store.set_stand_in(id, seat, false).await?;
        t.seats[seat].stand_in = false;
        t.turn_since = Instant::now();
        Ok(t.view())
    }

    /// Closes every lobby open for longer than `max_age`; answers the closed tables.
    pub async fn expire_lobbies(&self, max_age: Duration) -> Vec<TableView> {
        let tables: Vec<Arc<Mutex<Table>>> = match self.tables.lock() {
            Ok(t) => t.values().cloned().collect(),
            Err(_) => return Vec::new(),
        };
        let mut closed = Vec::new();
        for table in tables {
            let mut t = table.lock().await;
            if t.phase != Phase::Lobby || t.opened.elapsed() < max_age {
                continue;
            }
            if let Err(e) = self.store.abandon_table(t.id).await {
                tracing::error!(error = %e, "could not close an expired lobby");
                continue;
            }
            t.phase = Phase::Abandoned;
            closed.push(t.view());
            self.remove(t.id, t.channel_id);
        }
        closed
    }

    /// The guild's leaderboard, optionally for one game (an id or alias).
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        game: Option<&str>,
    ) -> Result<Vec<crate::store::LeaderRow>, TableError> {
        let game = match game {
            Some(name) => Some(
                registry::find(name)
                    .ok_or_else(|| TableError::UnknownGame(name.to_string()))?
                    .id,
            ),
            None => None,
        };
        Ok(self.store.leaderboard(guild, game, 20).await?)
    }

    /// Loads every unfinished table from the store, replaying each game's move log. Answers
    /// the number of tables restored; a table whose log does not replay is logged and skipped.
    pub async fn restore(&self) -> Result<usize, TableError> {
        let mut restored = 0;
        for stored in self.store.open_tables().await? {
            let id = stored.id;
            match rebuild(stored) {
                Ok(table) => {
                    self.insert(table)?;
                    restored += 1;
                }
                Err(e) => tracing::error!(table = id, error = %e, "could not restore a table"),
            }
        }
        Ok(restored)
    }
}

fn results_of(ranking: &[Vec<Seat>], status: &Status, seats: &[SeatRow]) -> Vec<ResultRow> {
    let mut rows = Vec::new();
    let mut place = 1;
    for group in ranking {
        for &seat in group {
            rows.push(ResultRow {
                seat,
                user_id: seats.get(seat).and_then(|s| s.user_id),
                place,
                won: place == 1,
                score: status.scores.as_ref().and_then(|s| s.get(seat).copied()),
            });
        }
        place += group.len();
    }
    rows.sort_by_key(|r| r.seat);
    rows
}

/// Rebuilds a table from its stored row by replaying the move log from the seed.
fn rebuild(stored: StoredTable) -> anyhow::Result<Table> {
    let info = registry::find(&stored.game)
        .ok_or_else(|| anyhow::anyhow!("unknown game {}", stored.game))?;
    let game = match stored.phase {
        Phase::Lobby => None,
        _ => {
            let mut game = info.create(
                stored.options.clone(),
                stored.seats,
                Setup::seeded(stored.seed),
            )?;
            for m in &stored.moves {
                game.act_json(m.seat, &m.action)
                    .map_err(|e| anyhow::anyhow!("move {} does not replay: {e}", m.number))?;
            }
            if let Some(state) = &stored.state {
                if &game.state_json() != state {
                    anyhow::bail!("the replayed state differs from the stored state");
                }
            }
            Some(game)
        }
    };
    Ok(Table {
        id: stored.id,
        guild_id: stored.guild_id,
        channel_id: stored.channel_id,
        info,
        options: stored.options,
        seed: stored.seed,
        creator: stored.created_by,
        phase: stored.phase,
        seats: stored.seat_rows,
        game,
        move_number: stored.move_number,
        message_id: stored.message_id,
        paused: stored.paused,
        turn_timer: stored.turn_timer,
        turn_since: Instant::now(),
        opened: Instant::now(),
    })
}

#[cfg(test)]
mod tests;

// Transitional: the table service words messages in English with the caller's names until the
// Discord layer words them itself.
fn en_lines(msgs: &[crate::text::Msg], names: &[String]) -> String {
    crate::catalog::en_lines(msgs, names)
}

fn en_text(msg: &crate::text::Msg, names: &[String]) -> String {
    crate::catalog::en_named(msg, names)
}
