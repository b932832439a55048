//! The lobby: opening a table, invitations (`accept`), open seats (`join`), computer players
//! on open seats, the start of the game once every seat is taken and accepted, closing a table
//! (`abandon`) and a rematch with the same players.

use std::time::Instant;

use super::{
    level_of, CreateTable, LobbyChange, Person, Phase, Table, TableError, TableId, TableService,
    TableView, UserId,
};
use crate::ai::Level;
use crate::rules::registry;
use crate::rules::Setup;
use crate::store::{NewTable, SeatRow, StoreError};

impl TableService {
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
                game: info.id,
                seats,
                lo,
                hi,
            });
        }
        // Random seeds stay below 2^53 so a slash command (a JSON number) can replay them.
        let seed = req.seed.unwrap_or_else(|| rand::random::<u64>() >> 11);
        // Validates the options and the seat count against the game itself.
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
            story: Default::default(),
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
}
