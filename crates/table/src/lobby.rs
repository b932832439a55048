//! The lobby and the ends of a table: opening a table, invitations (`invite`, `accept`,
//! `decline`, which frees the seat), open seats (`join`), computer players on open seats, the
//! start of the game once every seat is taken and accepted, a rematch with the same players on
//! the same seats, a player's forfeit and a moderator's close, and the server's settings
//! (`/settings`: tables in threads, pictures, language). Every lobby operation checks the phase first, so a button from an older
//! phase changes nothing. Opening a table (`create`, `rematch`) and taking a seat (`accept`,
//! `join`) are refused beyond the operator's limits (`TooManyTables`, `ServerFull`). A table of
//! a server on another process's gateway shards is neither opened nor rematched here
//! (`OtherShard`). A request to open a table is a `CreateTable`, its people `Person`s.

use std::sync::Arc;
use std::time::Instant;

use tokio::sync::OwnedMutexGuard;

use super::{
    ChannelId, Closing, Edge, GuildId, LobbyChange, Phase, Table, TableError, TableEvent, TableId,
    TableService, TableView, UserId,
};
use pakka_ai::Level;
use pakka_rules::registry::{self, GameInfo};
use pakka_rules::{Seat, Setup};
use pakka_store::{GuildSetting, GuildSettings, Learning, NewTable, SeatRow, StoreError};
use serde_json::Value;

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
    /// Hints in every hand (the table is then unrated), computer seats open to latecomers.
    pub learning: Learning,
}

/// Refuses a seat count outside the range `info`'s game allows, then the options and the
/// seat count against the game itself (a game is made from `seed` and dropped): the checks of
/// a table's setup, alike for a table and for a tournament's tables.
pub(crate) fn check_setup(
    info: &GameInfo,
    options: &Value,
    seats: usize,
    seed: u64,
) -> Result<(), TableError> {
    let (lo, hi) = info.seats;
    if !(lo..=hi).contains(&seats) {
        return Err(TableError::SeatCount {
            game: info.id,
            seats,
            lo,
            hi,
        });
    }
    info.create(options.clone(), seats, Setup::seeded(seed))
        .map_err(TableError::Setup)?;
    Ok(())
}

impl TableService {
    /// Checks a request to open a table without opening it (the game, the people, the seats,
    /// the options), so a front end can refuse before it makes anything (a thread); answers
    /// the game and the seat count. Whether the channel is free is checked by `create`.
    pub fn check(&self, req: &CreateTable) -> Result<(&'static GameInfo, usize), TableError> {
        self.check_shard(req.guild_id, req.channel_id)?;
        let info =
            registry::find(&req.game).ok_or_else(|| TableError::UnknownGame(req.game.clone()))?;
        for (i, p) in req.invited.iter().enumerate() {
            if p.id == req.creator.id {
                return Err(TableError::InviteSelf);
            }
            if p.bot {
                return Err(TableError::InviteBot {
                    user: p.id,
                    seat: i + 1,
                });
            }
            if req.invited[..i].iter().any(|q| q.id == p.id) {
                return Err(TableError::InvitedTwice {
                    user: p.id,
                    seat: i + 1,
                });
            }
        }
        let people = 1 + req.invited.len();
        let named = people + req.bots;
        let lo = info.seats.0;
        let seats = req.seats.unwrap_or(named.max(lo));
        if seats < named {
            return Err(TableError::TooManyPlayers { seats, named });
        }
        check_setup(info, &req.options, seats, req.seed.unwrap_or(0))?;
        Ok((info, seats))
    }

    /// A table that is still a lobby, locked; refused once its game has started (a button from
    /// the lobby's message changes nothing then).
    async fn lobby(&self, id: TableId) -> Result<OwnedMutexGuard<Table>, TableError> {
        let t = self.lock(id).await?;
        if t.phase != Phase::Lobby {
            return Err(TableError::AlreadyStarted);
        }
        Ok(t)
    }

    /// What [`TableService::create`] would refuse now, checked without opening anything; answers
    /// whether the table would start at once (every seat taken by the creator and computer
    /// players: nobody invited, who must accept first, and no seat left open). A front end that answers a game starting at once otherwise than a lobby asks
    /// this first; `create` checks everything again.
    pub fn create_check(&self, req: &CreateTable) -> Result<bool, TableError> {
        let (info, seats) = self.check(req)?;
        if self.table_in(req.channel_id).is_some() {
            return Err(TableError::ChannelBusy);
        }
        self.has_room(req.guild_id, req.creator.id, true)?;
        info.create(
            req.options.clone(),
            seats,
            Setup::seeded(req.seed.unwrap_or_default()),
        )
        .map_err(TableError::Setup)?;
        Ok(req.invited.is_empty() && 1 + req.bots >= seats)
    }

    /// Opens a table in the lobby phase: the creator sits at seat 0 and has accepted; invited
    /// people follow in order and must accept; any further seats are open to anyone.
    pub async fn create(&self, req: CreateTable) -> Result<TableView, TableError> {
        self.create_by(req, Edge::Chat).await
    }

    /// [`TableService::create`], asked through `edge`.
    pub async fn create_by(&self, req: CreateTable, edge: Edge) -> Result<TableView, TableError> {
        let (info, seats) = self.check(&req)?;
        if self.table_in(req.channel_id).is_some() {
            return Err(TableError::ChannelBusy);
        }
        let place = self.reserve(req.guild_id, req.creator.id, true)?;
        let people = 1 + req.invited.len();
        let named = people + req.bots;
        // Random seeds stay below 2^53 so a slash command (a JSON number) can replay them.
        let seed = req.seed.unwrap_or_else(|| rand::random::<u64>() >> 11);
        // The deal of this very seed, too.
        info.create(req.options.clone(), seats, Setup::seeded(seed))
            .map_err(TableError::Setup)?;
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
            options,
            seats,
            seed,
            created_by: req.creator.id,
            seat_rows,
            turn_timer: req.turn_timer,
            learning: req.learning,
        };
        let id = self.open_lobby(info, new).await?;
        drop(place);
        // A table whose every seat is taken already (the creator and computer players) starts.
        let mut t = self.lock(id).await?;
        Ok(match self.start_if_ready(&mut t, edge).await? {
            LobbyChange::Waiting(view) | LobbyChange::Started(view) => view,
        })
    }

    /// An invited person accepts; the game starts once every seat is taken and accepted.
    pub async fn accept(&self, id: TableId, user: UserId) -> Result<LobbyChange, TableError> {
        self.accept_by(id, user, Edge::Chat).await
    }

    /// [`TableService::accept`], asked through `edge`.
    pub async fn accept_by(
        &self,
        id: TableId,
        user: UserId,
        edge: Edge,
    ) -> Result<LobbyChange, TableError> {
        let mut t = self.lobby(id).await?;
        let seat = t.seat_of(user).ok_or(TableError::NotInvited)?;
        if t.seats[seat].accepted {
            return Err(TableError::AlreadyAccepted);
        }
        self.seat_person(&mut t, seat, user, edge).await
    }

    /// Anyone not yet seated takes the first open seat.
    pub async fn join(&self, id: TableId, user: UserId) -> Result<LobbyChange, TableError> {
        self.join_by(id, user, Edge::Chat).await
    }

    /// [`TableService::join`], asked through `edge`.
    pub async fn join_by(
        &self,
        id: TableId,
        user: UserId,
        edge: Edge,
    ) -> Result<LobbyChange, TableError> {
        let mut t = self.lobby(id).await?;
        if t.seat_of(user).is_some() {
            return Err(TableError::AlreadySeated);
        }
        let seat = t.open_seat().ok_or(TableError::TableFull)?;
        self.seat_person(&mut t, seat, user, edge).await
    }

    /// `user` sits at `seat` of a lobby, accepted (an invitation accepted, an open seat
    /// joined), within the operator's limits, and the game starts once every seat is taken.
    async fn seat_person(
        &self,
        t: &mut Table,
        seat: usize,
        user: UserId,
        edge: Edge,
    ) -> Result<LobbyChange, TableError> {
        let place = self.reserve(t.guild_id, user, false)?;
        self.store.update_seat(t.id, seat, Some(user), true).await?;
        t.seats[seat].user_id = Some(user);
        t.seats[seat].accepted = true;
        self.recount(t);
        drop(place);
        self.start_if_ready(t, edge).await
    }

    /// The creator puts a computer player at `level` on the first open seat.
    pub async fn add_computer(
        &self,
        id: TableId,
        user: UserId,
        level: Level,
    ) -> Result<LobbyChange, TableError> {
        self.add_computer_by(id, user, level, Edge::Chat).await
    }

    /// [`TableService::add_computer`], asked through `edge`.
    pub async fn add_computer_by(
        &self,
        id: TableId,
        user: UserId,
        level: Level,
        edge: Edge,
    ) -> Result<LobbyChange, TableError> {
        let mut t = self.lobby(id).await?;
        if t.seat_of(user).is_none() {
            return Err(TableError::NotSeated);
        }
        if user != t.creator {
            return Err(TableError::NotCreator);
        }
        let seat = t.open_seat().ok_or(TableError::TableFull)?;
        self.store
            .set_computer(id, seat, Some(level.name()))
            .await?;
        t.seats[seat].computer = Some(level.name().to_string());
        t.seats[seat].accepted = true;
        self.start_if_ready(&mut t, edge).await
    }

    async fn start_if_ready(&self, t: &mut Table, edge: Edge) -> Result<LobbyChange, TableError> {
        if !t.all_accepted() {
            return Ok(LobbyChange::Waiting(self.publish_lobby(t, edge)));
        }
        let game = t
            .info
            .create(t.options.clone(), t.seats.len(), Setup::seeded(t.seed))
            .map_err(|e| TableError::internal(format!("a validated table failed to deal: {e}")))?;
        self.store.start_table(t.id).await?;
        t.game = Some(game);
        t.phase = Phase::Playing;
        t.turn_since = Instant::now();
        let view = t.view();
        self.publish(TableEvent::Started(view.clone()));
        Ok(LobbyChange::Started(view))
    }

    /// A seated person leaves a lobby: an invited (or accepted) person's seat is freed and the
    /// lobby stays, for the creator to invite someone else, leave the seat open to anyone, or
    /// give it to a computer player; the creator's decline cancels the lobby (nothing counts).
    pub async fn decline(&self, id: TableId, user: UserId) -> Result<Declined, TableError> {
        self.decline_by(id, user, Edge::Chat).await
    }

    /// [`TableService::decline`], asked through `edge`.
    pub async fn decline_by(
        &self,
        id: TableId,
        user: UserId,
        edge: Edge,
    ) -> Result<Declined, TableError> {
        let mut t = self.lobby(id).await?;
        let seat = t.seat_of(user).ok_or(TableError::NotSeated)?;
        if user == t.creator {
            self.store.abandon_table(id).await?;
            let view = self.announce_closed(&mut t, Closing::Cancelled { by: user });
            return Ok(Declined::Cancelled(view));
        }
        self.store.update_seat(id, seat, None, false).await?;
        t.seats[seat].user_id = None;
        t.seats[seat].accepted = false;
        self.recount(&t);
        let view = self.publish_lobby(&t, edge);
        Ok(Declined::Freed { view, seat })
    }

    /// The lobby as it now stands, told to every subscriber, with the edge it was changed
    /// through.
    fn publish_lobby(&self, t: &Table, by: Edge) -> TableView {
        let view = t.view();
        self.publish(TableEvent::Lobby {
            table: view.clone(),
            by,
        });
        view
    }

    /// A table ends with no game to finish (cancelled, forfeited, closed), its end already
    /// stored: it leaves the service, and every subscriber is told how it closed.
    fn announce_closed(&self, t: &mut Table, how: Closing) -> TableView {
        t.phase = Phase::Abandoned;
        let view = t.view();
        self.remove(t.id, t.channel_id);
        self.publish(TableEvent::Closed {
            table: view.clone(),
            how,
        });
        view
    }

    /// The creator invites someone to the first open seat of the lobby; they accept as the
    /// people named at the start do.
    pub async fn invite(
        &self,
        id: TableId,
        by: UserId,
        person: Person,
    ) -> Result<LobbyChange, TableError> {
        let mut t = self.lobby(id).await?;
        if by != t.creator {
            return Err(TableError::NotCreator);
        }
        if person.id == by {
            return Err(TableError::InviteSelf);
        }
        let seat = t.open_seat().ok_or(TableError::TableFull)?;
        if person.bot {
            return Err(TableError::InviteBot {
                user: person.id,
                seat,
            });
        }
        if t.seat_of(person.id).is_some() {
            return Err(TableError::AlreadySeated);
        }
        self.store
            .update_seat(id, seat, Some(person.id), false)
            .await?;
        t.seats[seat].user_id = Some(person.id);
        t.seats[seat].accepted = false;
        Ok(LobbyChange::Waiting(self.publish_lobby(&t, Edge::Chat)))
    }

    /// A seated person gives up a running game: the table ends, and their forfeit counts as a
    /// game lost for them (and for nobody else).
    pub async fn forfeit(&self, id: TableId, user: UserId) -> Result<TableView, TableError> {
        let mut t = self.lock(id).await?;
        let seat = t.seat_of(user).ok_or(TableError::NotSeated)?;
        if t.phase != Phase::Playing {
            return Err(TableError::NotRunning);
        }
        // At an unrated table (hints, a seat taken over) nothing counts: it closes as a
        // moderator's close does, with no result.
        if t.rated() {
            self.store.forfeit_table(id, seat, user).await?;
        } else {
            self.store.abandon_table(id).await?;
        }
        Ok(self.announce_closed(&mut t, Closing::Forfeit { by: user }))
    }

    /// A moderator (the front end says who is one) closes a table in any phase, with no
    /// result for anyone.
    pub async fn close(
        &self,
        id: TableId,
        user: UserId,
        moderator: bool,
    ) -> Result<TableView, TableError> {
        let mut t = self.lock(id).await?;
        if !moderator {
            return Err(if t.seat_of(user).is_some() {
                TableError::NotAllowed
            } else {
                TableError::NotSeated
            });
        }
        self.store.abandon_table(id).await?;
        Ok(self.announce_closed(&mut t, Closing::Moderator { by: user }))
    }

    /// The server's settings; the defaults when they cannot be read (logged: a setting is not
    /// worth refusing a game for).
    pub async fn settings(&self, guild: GuildId) -> GuildSettings {
        self.store.guild_settings(guild).await.unwrap_or_else(|e| {
            tracing::warn!(error = %e, "could not read the server's settings");
            GuildSettings::default()
        })
    }

    /// Sets one of the server's settings (`/settings`).
    pub async fn set_setting(
        &self,
        guild: GuildId,
        setting: GuildSetting,
    ) -> Result<(), TableError> {
        Ok(self.store.set_guild_setting(guild, &setting).await?)
    }

    /// Whether the server's tables are played in threads of their own by default.
    pub async fn threads_default(&self, guild: GuildId) -> bool {
        self.settings(guild).await.threads
    }

    /// Whether the server's table and hand messages carry pictures (on unless turned off).
    pub async fn images_default(&self, guild: GuildId) -> bool {
        self.settings(guild).await.images
    }

    /// The language chosen for the server's public messages, if one was.
    pub async fn language_default(&self, guild: GuildId) -> Option<String> {
        self.settings(guild).await.language
    }

    /// A new table for the same game, options, turn timer and players, on the same seats (each
    /// computer player at its own level), opened by `user`, who played at table `id`. The
    /// other people are invited again and accept with one click; with nobody else to ask, the
    /// game starts at once.
    pub async fn rematch(&self, id: TableId, user: UserId) -> Result<LobbyChange, TableError> {
        self.rematch_by(id, user, Edge::Chat).await
    }

    /// [`TableService::rematch`], asked through `edge`.
    pub async fn rematch_by(
        &self,
        id: TableId,
        user: UserId,
        edge: Edge,
    ) -> Result<LobbyChange, TableError> {
        let old = self.store.table(id).await?.ok_or(TableError::Closed)?;
        self.check_shard(old.setup.guild_id, old.setup.channel_id)?;
        if !old.setup.seat_rows.iter().any(|s| s.user_id == Some(user)) {
            return Err(TableError::NotSeated);
        }
        if self.store.tournament_of_table(id).await?.is_some() {
            return Err(TableError::EventRematch);
        }
        if self.table_in(old.setup.channel_id).is_some() {
            return Err(TableError::ChannelBusy);
        }
        let place = self.reserve(old.setup.guild_id, user, true)?;
        let info = registry::find(&old.setup.game).ok_or_else(|| {
            TableError::internal(format!("unknown stored game {}", old.setup.game))
        })?;
        // A random seed below 2^53, as at `create`.
        let seed = rand::random::<u64>() >> 11;
        let seat_rows: Vec<SeatRow> = old
            .setup
            .seat_rows
            .iter()
            .map(|s| SeatRow {
                seat: s.seat,
                user_id: s.user_id.filter(|_| s.computer.is_none()),
                accepted: s.computer.is_some() || s.user_id == Some(user),
                computer: s.computer.clone(),
                ..SeatRow::default()
            })
            .collect();
        let new = NewTable {
            guild_id: old.setup.guild_id,
            channel_id: old.setup.channel_id,
            game: info.id.to_string(),
            options: old.setup.options.clone(),
            seats: old.setup.seats,
            seed,
            created_by: user,
            seat_rows,
            turn_timer: old.setup.turn_timer,
            learning: old.setup.learning,
        };
        let new_id = self.open_lobby(info, new).await?;
        drop(place);
        let mut t = self.lock(new_id).await?;
        self.start_if_ready(&mut t, edge).await
    }

    /// Opens and starts table `idx` of a tournament's `round`: every seat is taken already
    /// (the players paired there, computer players for the rest), so the game begins at once.
    /// Not counted against anyone's limit of open tables: the event decided it.
    pub(crate) async fn open_event_game(
        &self,
        info: &'static GameInfo,
        new: NewTable,
        link: (pakka_store::TournamentId, u32, usize),
    ) -> Result<TableView, TableError> {
        if self.table_in(new.channel_id).is_some() {
            return Err(TableError::ChannelBusy);
        }
        let id = self.open_lobby_for(info, new, Some(link)).await?;
        let mut t = self.lock(id).await?;
        match self.start_if_ready(&mut t, Edge::Chat).await? {
            LobbyChange::Started(view) => Ok(view),
            LobbyChange::Waiting(_) => Err(TableError::internal(
                "a tournament table with every seat taken did not start",
            )),
        }
    }

    /// Stores a new lobby and holds it: its id. Called after the room checks, with the place
    /// they took (`reserve`) held until it returns.
    async fn open_lobby(
        &self,
        info: &'static GameInfo,
        new: NewTable,
    ) -> Result<TableId, TableError> {
        self.open_lobby_for(info, new, None).await
    }

    /// [`open_lobby`](Self::open_lobby), linked to a tournament's table when `link` is given.
    async fn open_lobby_for(
        &self,
        info: &'static GameInfo,
        new: NewTable,
        link: Option<(pakka_store::TournamentId, u32, usize)>,
    ) -> Result<TableId, TableError> {
        let created = match link {
            Some((event, round, idx)) => {
                self.store.create_event_table(&new, event, round, idx).await
            }
            None => self.store.create_table(&new).await,
        };
        let id = created.map_err(|e| match e {
            StoreError::ChannelBusy => TableError::ChannelBusy,
            StoreError::AlreadyOpened => TableError::Stale,
            other => TableError::from(other),
        })?;
        self.insert(Table {
            id,
            guild_id: new.guild_id,
            channel_id: new.channel_id,
            info,
            options: new.options,
            seed: new.seed,
            creator: new.created_by,
            phase: Phase::Lobby,
            seats: new.seat_rows,
            game: None,
            move_number: 0,
            counts: Arc::default(),
            paused: false,
            turn_timer: new.turn_timer,
            learning: new.learning,
            turn_since: Instant::now(),
            opened: Instant::now(),
            story: Default::default(),
            deals: Vec::new(),
            waiting: None,
        })?;
        Ok(id)
    }
}

/// What a decline did.
#[derive(Clone, Debug)]
pub enum Declined {
    /// A seat was freed; the lobby goes on.
    Freed { view: TableView, seat: Seat },
    /// The creator cancelled the lobby.
    Cancelled(TableView),
}
