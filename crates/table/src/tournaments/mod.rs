//! Tournaments (issue 46): an event for one game and its options, in one channel of a server,
//! run by the service itself from sign-up to its last round. This file holds what the edges
//! see (`NewEvent`, `EventView`, `EventChange`, `EventError`) and the organiser's and players'
//! requests: creating an event, signing up and withdrawing, checking in, starting, pausing and
//! cancelling. `rounds` pairs a round (with `pakka-tournament`), opens its tables once an edge
//! gives each a channel, records each table's result as it ends, and moves the event on by its
//! clock (the check-in's end, the round's time) from the runner's tick.
//!
//! Everything is read from the store at each step (events change a few times a minute, not
//! per move), so a restart, SIGKILL included, finds the event exactly where its last
//! committed step left it; one event's steps are taken one at a time under its own lock. The
//! standings are computed from the stored rounds, never stored. An event's rounds are run by
//! the process that holds its server (`TableService::serves`).

mod rounds;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};

use serde_json::Value;
use tokio::sync::{broadcast, Mutex};

use pakka_ai::Level;
use pakka_rules::registry;
use pakka_store::{
    EventPhase, EventPlayer, EventState, NewTournament, StoredTournament, Withdrawn,
};
use pakka_text::{list, msg, Msg};
use pakka_tournament::Entrant;
use pakka_tournament::Event;

use super::{ChannelId, GuildId, TableError, TableId, TableService, UserId};

pub use pakka_store::{
    EventPhase as Phase, EventPlayer as Player, TournamentId as EventId, Withdrawn as Left,
};
pub use pakka_tournament::{
    game_points, Format, Halves, Occupant, Quarters, RoundPlan, Standing, TablePlan, TableResult,
    Tiebreak, Why,
};

/// The most players an event takes.
pub const MAX_PLAYERS: usize = 256;

/// The most rounds an organiser may ask for (the format may allow fewer for the players).
pub const MAX_ROUNDS: u32 = 32;

/// The turn timer of a tournament's tables, in minutes: a person who lets it run out is stood
/// in for by a computer player until they are back, as at any table.
pub const TURN_MINUTES: u32 = 2;

/// A request to create an event.
#[derive(Clone, Debug)]
pub struct NewEvent {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub organiser: UserId,
    /// A game id or alias.
    pub game: String,
    /// The game's options (`Value::Null` for the defaults).
    pub options: Value,
    pub format: Format,
    /// Seats per table (by default the fewest the game allows, at least two).
    pub seats: Option<usize>,
    /// Rounds (by default the format's for the players who start, set at the start).
    pub rounds: Option<u32>,
    pub max_players: usize,
    pub round_minutes: u32,
    pub checkin_minutes: u32,
    /// The computer players who fill seats and play for absent people.
    pub level: Level,
    /// Pairs and deals from this seed (random when absent).
    pub seed: Option<u64>,
}

/// One round as the edges see it: the plan, who was absent, and each table's pakka table and
/// result with each seat's points.
#[derive(Clone, Debug)]
pub struct RoundView {
    pub round: u32,
    pub plan: RoundPlan,
    /// Signed-up players who had not checked in when the round began.
    pub absent: Vec<UserId>,
    pub tables: Vec<RoundTableView>,
}

/// One table of a round.
#[derive(Clone, Debug)]
pub struct RoundTableView {
    /// The pakka table playing it, once opened.
    pub table_id: Option<TableId>,
    pub result: Option<TableResult>,
    /// Each seat's points from the result (None for a computer seat, or before the end).
    pub points: Vec<Option<Halves>>,
}

/// An event as the edges see it.
#[derive(Clone, Debug)]
pub struct EventView {
    pub id: EventId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub message_id: Option<u64>,
    pub organiser: UserId,
    /// The game's id.
    pub game: &'static str,
    pub format: Format,
    pub seats: usize,
    /// The rounds to play (0 before the start: the format's count for the players then).
    pub rounds: u32,
    pub max_players: usize,
    pub round_minutes: u32,
    pub checkin_minutes: u32,
    pub level: Level,
    pub phase: Phase,
    pub paused: bool,
    /// The round being checked in for or played (0 before the first).
    pub round: u32,
    /// When the check-in or the round's time ends, in Unix seconds.
    pub deadline: Option<i64>,
    /// Everyone who signed up, in sign-up order.
    pub players: Vec<EventPlayer>,
    pub standings: Vec<Standing>,
    /// Every round paired so far, in order.
    pub played: Vec<RoundView>,
}

impl EventView {
    /// The game's name.
    pub fn game_name(&self) -> Msg {
        registry::name_of(self.game)
    }

    /// The players still in, in sign-up order.
    pub fn active(&self) -> impl Iterator<Item = &EventPlayer> {
        self.players.iter().filter(|p| p.is_in())
    }

    /// Whether `user` is signed up and still in.
    pub fn is_in(&self, user: UserId) -> bool {
        self.active().any(|p| p.user_id == user)
    }

    /// The round being played or last played.
    pub fn current(&self) -> Option<&RoundView> {
        self.played.last()
    }

    /// Whether the event is over (finished or cancelled).
    pub fn is_over(&self) -> bool {
        self.phase.is_over()
    }
}

/// What the service tells the edges about events.
#[derive(Clone, Debug)]
pub enum EventChange {
    /// The event changed (a sign-up, a check-in, a round, a result, its end): show it again.
    Changed(Arc<EventView>),
    /// A server's season ended (`seasons`): its champions per game, to announce in the
    /// server's seasons channel.
    SeasonEnded {
        guild: GuildId,
        channel: Option<ChannelId>,
        season: Arc<pakka_store::Season>,
        /// The season that began.
        next: String,
        champions: Arc<Vec<pakka_store::Champion>>,
    },
    /// These tables of the round wait for a channel each: an edge makes one (a thread of the
    /// event's channel) and calls [`TableService::open_event_table`].
    OpenTables {
        event: Arc<EventView>,
        round: u32,
        tables: Vec<usize>,
    },
}

/// What the service refuses about an event: typed reasons, worded by [`EventError::msg`].
#[derive(Debug, thiserror::Error)]
pub enum EventError {
    #[error("no such event")]
    NoSuchEvent,
    #[error("the event was cancelled")]
    Cancelled,
    #[error("the event is over")]
    Finished,
    #[error("already signed up")]
    AlreadySignedUp,
    #[error("not signed up")]
    NotSignedUp,
    #[error("the event is full ({limit} players)")]
    Full { limit: usize },
    /// Sign-up closes once half the rounds are played (a knockout's at its draw).
    #[error("sign-up is closed")]
    SignUpClosed,
    #[error("only the organiser or a server manager may do this")]
    NotOrganiser,
    #[error("{have} players, the format needs {need}")]
    TooFewPlayers { have: usize, need: usize },
    #[error("round {round} is under way")]
    RoundUnderway { round: u32 },
    #[error("no check-in is open")]
    NoCheckIn,
    #[error("already checked in")]
    AlreadyCheckedIn,
    #[error("the event is paused")]
    Paused,
    #[error("duplicate is for the trick games")]
    NotDuplicate,
    #[error("{seats} seats: tables of 2 to 8")]
    Seats { seats: usize },
    #[error("at most {max} rounds")]
    TooManyRounds { max: u32 },
    #[error("the event's table: {0}")]
    Table(#[from] TableError),
}

impl From<pakka_store::StoreError> for EventError {
    fn from(e: pakka_store::StoreError) -> EventError {
        EventError::Table(e.into())
    }
}

impl EventError {
    /// A bug rather than a person's mistake.
    pub fn is_internal(&self) -> bool {
        matches!(self, EventError::Table(e) if e.is_internal())
    }

    /// The refusal for the person who tried.
    pub fn msg(&self) -> Msg {
        match self {
            EventError::NoSuchEvent => msg!("event-no-such-event"),
            EventError::Cancelled => msg!("event-cancelled"),
            EventError::Finished => msg!("event-finished"),
            EventError::AlreadySignedUp => msg!("event-already-signed-up"),
            EventError::NotSignedUp => msg!("event-not-signed-up"),
            EventError::Full { limit } => msg!("event-full", limit = *limit),
            EventError::SignUpClosed => msg!("event-sign-up-closed"),
            EventError::NotOrganiser => msg!("event-not-organiser"),
            EventError::TooFewPlayers { have, need } => {
                msg!("event-too-few-players", have = *have, need = *need)
            }
            EventError::RoundUnderway { round } => msg!("event-round-underway", round = *round),
            EventError::NoCheckIn => msg!("event-no-check-in"),
            EventError::AlreadyCheckedIn => msg!("event-already-checked-in"),
            EventError::Paused => msg!("event-paused"),
            EventError::NotDuplicate => msg!(
                "event-not-duplicate",
                games = list(
                    registry::GAMES
                        .iter()
                        .filter(|g| g.duplicate)
                        .map(|g| g.name())
                        .collect(),
                    pakka_text::key!("sep-comma"),
                )
            ),
            EventError::Seats { seats } => msg!("event-seats", seats = *seats),
            EventError::TooManyRounds { max } => msg!("event-too-many-rounds", max = *max),
            EventError::Table(e) => e.msg(),
        }
    }
}

/// The service's side of events: one lock per event, the bus of changes, and which pakka
/// tables are an event's.
#[derive(Debug)]
pub(crate) struct Events {
    locks: StdMutex<HashMap<EventId, Arc<Mutex<()>>>>,
    pub(crate) bus: broadcast::Sender<EventChange>,
    /// Each open event table's (event, round, index).
    tables: StdMutex<HashMap<TableId, (EventId, u32, usize)>>,
    /// When each unopened table was last asked a channel for (asked again after a while).
    asked: StdMutex<HashMap<(EventId, u32, usize), std::time::Instant>>,
    /// The events whose clocks this process keeps (checking in or playing).
    running: StdMutex<std::collections::HashSet<EventId>>,
}

impl Default for Events {
    fn default() -> Events {
        Events {
            locks: StdMutex::default(),
            bus: broadcast::channel(256).0,
            tables: StdMutex::default(),
            asked: StdMutex::default(),
            running: StdMutex::default(),
        }
    }
}

/// Now, in Unix milliseconds.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// `user` among `players`, if still in the event.
fn still_in(players: &[EventPlayer], user: UserId) -> Option<&EventPlayer> {
    players.iter().find(|p| p.user_id == user && p.is_in())
}

/// The pairing crate's event for a stored one.
fn event_of(stored: &StoredTournament) -> Result<Event, EventError> {
    Ok(Event {
        format: Format::from_id(&stored.new.format)
            .ok_or_else(|| TableError::internal(format!("format {:?}", stored.new.format)))?,
        seats: stored.new.seats,
        rounds: stored.new.rounds,
        seed: stored.new.seed,
    })
}

/// The entrants (everyone who ever signed up, in order) for the pairing crate.
fn entrants<'a>(players: impl IntoIterator<Item = &'a EventPlayer>) -> Vec<Entrant> {
    players
        .into_iter()
        .map(|p| Entrant {
            id: p.user_id,
            rating: p.rating,
        })
        .collect()
}

impl TableService {
    /// Every change of an event from now on.
    pub fn subscribe_events(&self) -> broadcast::Receiver<EventChange> {
        self.events.bus.subscribe()
    }

    /// Whether a table plays (or played) a round of a running event.
    pub fn is_event_table(&self, table: TableId) -> bool {
        self.events
            .tables
            .lock()
            .is_ok_and(|tables| tables.contains_key(&table))
    }

    /// An event over: its tables are ordinary tables from now on. (Until then a finished
    /// table stays known as the event's, so its result offers no rematch.)
    fn forget_event_tables(&self, id: EventId) {
        if let Ok(mut tables) = self.events.tables.lock() {
            tables.retain(|_, (event, _, _)| *event != id);
        }
    }

    fn publish_event(&self, change: EventChange) {
        let _ = self.events.bus.send(change);
    }

    /// One event's lock: its steps are taken one at a time.
    async fn lock_event(&self, id: EventId) -> tokio::sync::OwnedMutexGuard<()> {
        let lock = match self.events.locks.lock() {
            Ok(mut locks) => locks.entry(id).or_default().clone(),
            Err(poisoned) => poisoned.into_inner().entry(id).or_default().clone(),
        };
        lock.lock_owned().await
    }

    /// The stored event, refused once over for anything but looking.
    async fn running_event(&self, id: EventId) -> Result<StoredTournament, EventError> {
        let stored = self
            .store
            .tournament(id)
            .await?
            .ok_or(EventError::NoSuchEvent)?;
        match stored.state.phase {
            EventPhase::Cancelled => Err(EventError::Cancelled),
            EventPhase::Finished => Err(EventError::Finished),
            _ => Ok(stored),
        }
    }

    /// An event as it stands.
    pub async fn event(&self, id: EventId) -> Result<EventView, EventError> {
        let stored = self
            .store
            .tournament(id)
            .await?
            .ok_or(EventError::NoSuchEvent)?;
        self.event_view(&stored).await
    }

    /// Creates an event in sign-up: the game, its options and the seats checked as a table's
    /// would be, the format against the game.
    pub async fn create_event(&self, req: NewEvent) -> Result<EventView, EventError> {
        self.check_shard(req.guild_id, req.channel_id)?;
        let info =
            registry::find(&req.game).ok_or_else(|| TableError::UnknownGame(req.game.clone()))?;
        let seats = req.seats.unwrap_or(info.seats.0.max(2));
        if !(2..=8).contains(&seats) {
            return Err(EventError::Seats { seats });
        }
        let seed = req.seed.unwrap_or_else(|| rand::random::<u64>() >> 11);
        crate::lobby::check_setup(info, &req.options, seats, seed)?;
        if req.format == Format::Duplicate && !info.duplicate {
            return Err(EventError::NotDuplicate);
        }
        let options = if req.options.is_null() {
            info.default_options()
        } else {
            req.options.clone()
        };
        let rounds = req.rounds.unwrap_or(0);
        if rounds > MAX_ROUNDS {
            return Err(EventError::TooManyRounds { max: MAX_ROUNDS });
        }
        let new = NewTournament {
            guild_id: req.guild_id,
            channel_id: req.channel_id,
            organiser: req.organiser,
            game: info.id.to_string(),
            options,
            format: req.format.id().to_string(),
            seats,
            // 0: the format's own count for the players who start, set at the start.
            rounds,
            max_players: req.max_players.clamp(2, MAX_PLAYERS),
            round_minutes: req.round_minutes.max(1),
            checkin_minutes: req.checkin_minutes.max(1),
            level: req.level.name().to_string(),
            seed,
        };
        let id = self.store.create_tournament(&new).await?;
        let view = self.event(id).await?;
        self.publish_event(EventChange::Changed(Arc::new(view.clone())));
        Ok(view)
    }

    /// The event message's id, once an edge posted it.
    pub async fn set_event_message(&self, id: EventId, message_id: u64) -> Result<(), EventError> {
        self.store.set_tournament_message(id, message_id).await?;
        Ok(())
    }

    /// A person signs up (again, after withdrawing): before the start, or late until half the
    /// rounds are played (never once a knockout's bracket is drawn).
    pub async fn sign_up(&self, id: EventId, user: UserId) -> Result<EventView, EventError> {
        let _event = self.lock_event(id).await;
        let stored = self.running_event(id).await?;
        let players = self.store.tournament_players(id).await?;
        if still_in(&players, user).is_some() {
            return Err(EventError::AlreadySignedUp);
        }
        let late = stored.state.round > 0;
        if late {
            let rounds = self.store.tournament_rounds(id).await?;
            let done = rounds
                .iter()
                .filter(|r| r.tables.iter().all(|t| t.result.is_some()))
                .count() as u32;
            if stored.new.format == Format::Knockout.id() || done * 2 >= stored.new.rounds {
                return Err(EventError::SignUpClosed);
            }
        }
        let active = players.iter().filter(|p| p.is_in()).count();
        if active >= stored.new.max_players {
            return Err(EventError::Full {
                limit: stored.new.max_players,
            });
        }
        let rating = self
            .store
            .player_records(stored.new.guild_id, user, Some(&stored.new.game))
            .await?
            .into_iter()
            .find(|r| r.game == stored.new.game)
            .and_then(|r| r.rating)
            .map(|(rating, _)| rating.conservative())
            .unwrap_or_else(|| pakka_ratings::Rating::new().conservative());
        self.store.sign_up_tournament(id, user, rating).await?;
        // Signing up during a check-in checks in, too.
        if stored.state.phase == EventPhase::Checkin {
            self.store
                .check_in_tournament(id, user, stored.state.round)
                .await?;
        }
        self.changed(id).await
    }

    /// A player leaves the event: not paired from the next round on (a game under way is
    /// played out).
    pub async fn withdraw(&self, id: EventId, user: UserId) -> Result<EventView, EventError> {
        let _event = self.lock_event(id).await;
        self.running_event(id).await?;
        let players = self.store.tournament_players(id).await?;
        if still_in(&players, user).is_none() {
            return Err(EventError::NotSignedUp);
        }
        self.store
            .set_tournament_withdrawn(id, user, Withdrawn::Themselves)
            .await?;
        self.changed(id).await
    }

    /// A player checks in for the round whose check-in is open.
    pub async fn check_in(&self, id: EventId, user: UserId) -> Result<EventView, EventError> {
        let _event = self.lock_event(id).await;
        let stored = self.running_event(id).await?;
        let players = self.store.tournament_players(id).await?;
        let Some(player) = still_in(&players, user) else {
            return Err(EventError::NotSignedUp);
        };
        if stored.state.phase != EventPhase::Checkin {
            return Err(EventError::NoCheckIn);
        }
        if player.checked_in == stored.state.round {
            return Err(EventError::AlreadyCheckedIn);
        }
        self.store
            .check_in_tournament(id, user, stored.state.round)
            .await?;
        self.changed(id).await
    }

    /// A step of a running event's organiser's, `step` on the stored event under the event's
    /// lock: refused unless `user` is its organiser, or a server `manager`. Once it is taken
    /// the edges are told the event changed; answers the event's view.
    async fn organise(
        &self,
        id: EventId,
        user: UserId,
        manager: bool,
        step: impl AsyncFnOnce(StoredTournament) -> Result<(), EventError>,
    ) -> Result<EventView, EventError> {
        let _event = self.lock_event(id).await;
        let stored = self.running_event(id).await?;
        if stored.new.organiser != user && !manager {
            return Err(EventError::NotOrganiser);
        }
        step(stored).await?;
        self.changed(id).await
    }

    /// The organiser starts the event (its first check-in opens), or, during a check-in,
    /// begins the round at once.
    pub async fn start_event(
        &self,
        id: EventId,
        user: UserId,
        manager: bool,
    ) -> Result<EventView, EventError> {
        self.organise(id, user, manager, async |stored| {
            if stored.state.paused {
                return Err(EventError::Paused);
            }
            match stored.state.phase {
                EventPhase::Signup => {
                    let players = self.store.tournament_players(id).await?;
                    let have = players.iter().filter(|p| p.is_in()).count();
                    let format = event_of(&stored)?.format;
                    let need = pakka_tournament::min_players(format, stored.new.seats);
                    if have < need {
                        return Err(EventError::TooFewPlayers { have, need });
                    }
                    let max = pakka_tournament::max_rounds(format, have, stored.new.seats);
                    let rounds = if stored.new.rounds == 0 {
                        pakka_tournament::default_rounds(format, have, stored.new.seats)
                    } else {
                        stored.new.rounds
                    };
                    if rounds > max {
                        return Err(EventError::TooManyRounds { max });
                    }
                    if rounds != stored.new.rounds {
                        self.store.set_tournament_rounds(id, rounds).await?;
                    }
                    self.open_check_in(&stored, 1).await?;
                }
                EventPhase::Checkin => self.begin_round(id).await?,
                EventPhase::Playing => {
                    return Err(EventError::RoundUnderway {
                        round: stored.state.round,
                    })
                }
                EventPhase::Finished | EventPhase::Cancelled => unreachable!("refused above"),
            }
            Ok(())
        })
        .await
    }

    /// The organiser pauses the event (no check-in ends and no round begins; the games under
    /// way go on), or takes it up again.
    pub async fn pause_event(
        &self,
        id: EventId,
        user: UserId,
        manager: bool,
    ) -> Result<EventView, EventError> {
        self.organise(id, user, manager, async |stored| {
            let mut state = stored.state;
            state.paused = !state.paused;
            if !state.paused && state.phase == EventPhase::Checkin {
                // The check-in runs its whole time again after a pause.
                state.deadline_ms = Some(now_ms() + self.minutes_ms(stored.new.checkin_minutes));
            }
            Ok(self.store.set_tournament_state(id, state).await?)
        })
        .await
    }

    /// The organiser cancels the event: nothing more is paired; games under way are played
    /// out as ordinary games.
    pub async fn cancel_event(
        &self,
        id: EventId,
        user: UserId,
        manager: bool,
    ) -> Result<EventView, EventError> {
        self.organise(id, user, manager, async |stored| {
            let state = EventState {
                phase: EventPhase::Cancelled,
                paused: false,
                round: stored.state.round,
                deadline_ms: None,
            };
            self.store.set_tournament_state(id, state).await?;
            self.forget_event_tables(id);
            Ok(())
        })
        .await
    }

    /// Tells the edges the event changed; answers its view.
    async fn changed(&self, id: EventId) -> Result<EventView, EventError> {
        let view = self.event(id).await?;
        self.publish_event(EventChange::Changed(Arc::new(view.clone())));
        Ok(view)
    }

    /// `minutes` of the service's clock, in milliseconds.
    fn minutes_ms(&self, minutes: u32) -> i64 {
        (self.runner.clocks.timer_minute * minutes).as_millis() as i64
    }
}
