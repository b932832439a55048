//! The operator's `Limits` on open tables, and their accounting. The limits bound the open
//! tables (lobbies and games in play; a paused match is not open until it is resumed) of one
//! person and of one server. A person's open tables are the ones they created and the ones
//! where they hold an accepted seat (an invitation counts once accepted, so nobody can be
//! blocked by being invited). They are counted from an index kept beside the tables in memory
//! (`Occupancy`), checked and a place taken under one opening lock (`reserve`), so two
//! requests at once cannot both take the last place; the place is held while the store is
//! written, and the lock is not.

use std::sync::atomic::Ordering;

use crate::{GuildId, Table, TableError, TableService, UserId};

/// The operator's bounds on open tables; 0 means no limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Open tables one person may have in one server.
    pub per_person: usize,
    /// Open tables one server may have.
    pub per_server: usize,
}

/// Whom an open table counts against: its server, and its creator and the people holding an
/// accepted seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Occupancy {
    pub(crate) guild: GuildId,
    pub(crate) people: Vec<UserId>,
    /// The table's game id (open tables are counted by game for the metrics).
    pub(crate) game: &'static str,
}

impl Table {
    pub(crate) fn occupancy(&self) -> Occupancy {
        let mut people = vec![self.creator];
        for s in &self.seats {
            if let (Some(user), true, None) = (s.user_id, s.accepted, &s.computer) {
                if !people.contains(&user) {
                    people.push(user);
                }
            }
        }
        Occupancy {
            guild: self.guild_id,
            people,
            game: self.info.id,
        }
    }
}

/// A place in the operator's limits, taken before the store is written (see
/// [`TableService::reserve`]).
pub(crate) struct LimitPlace {
    pub(crate) key: u64,
    pub(crate) guild: GuildId,
    pub(crate) user: UserId,
    /// A new table (it counts against its server too), not a seat at an open one.
    pub(crate) table: bool,
}

/// A place taken in the limits, given back when dropped: by then the table or the seat it was
/// taken for counts itself, or its store write failed and nothing changed.
pub(crate) struct Reservation<'a> {
    pub(crate) service: &'a TableService,
    pub(crate) key: u64,
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        if let Ok(mut places) = self.service.places.lock() {
            places.retain(|p| p.key != self.key);
        }
    }
}

impl TableService {
    /// The limits this service keeps.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Open tables in a server, and those of them that count against `user` (a place taken
    /// for a table or a seat whose store write is under way counts as open).
    pub fn open_tables(&self, guild: GuildId, user: UserId) -> (usize, usize) {
        let open = match self.occupancy.lock() {
            Ok(occupancy) => occupancy
                .values()
                .filter(|o| o.guild == guild)
                .fold((0, 0), |(server, mine), o| {
                    (server + 1, mine + usize::from(o.people.contains(&user)))
                }),
            Err(_) => return (0, 0),
        };
        let Ok(places) = self.places.lock() else {
            return open;
        };
        places
            .iter()
            .filter(|p| p.guild == guild)
            .fold(open, |(server, mine), p| {
                (
                    server + usize::from(p.table),
                    mine + usize::from(p.user == user),
                )
            })
    }

    /// Checks that `user` has room for one more open table in `guild` (and, when `new_table`,
    /// that the server has room for one more table), and takes that place until the answer is
    /// dropped, after the store is written. Checked and taken under the opening lock, which is
    /// not held across the write: two requests at once cannot both take the last place, and
    /// a slow write does not hold up every other opening (a hundred tables started at once
    /// waited for each other's writes, the last past Discord's 3 seconds).
    pub(crate) fn reserve(
        &self,
        guild: GuildId,
        user: UserId,
        new_table: bool,
    ) -> Result<Reservation<'_>, TableError> {
        let _opening = self
            .opening
            .lock()
            .map_err(|_| TableError::internal("opening lock poisoned"))?;
        self.check_room(guild, user, new_table)?;
        let key = self.next_place.fetch_add(1, Ordering::Relaxed);
        self.places
            .lock()
            .map_err(|_| TableError::internal("places poisoned"))?
            .push(LimitPlace {
                key,
                guild,
                user,
                table: new_table,
            });
        Ok(Reservation { service: self, key })
    }

    /// Whether there is room for a new table in `guild` (when `new_table`) and a new seat for
    /// `user`, without taking it (a front end asking before it answers).
    pub(crate) fn has_room(
        &self,
        guild: GuildId,
        user: UserId,
        new_table: bool,
    ) -> Result<(), TableError> {
        let _opening = self
            .opening
            .lock()
            .map_err(|_| TableError::internal("opening lock poisoned"))?;
        self.check_room(guild, user, new_table)
    }

    /// Refuses a new table in `guild` (when `new_table`) or a new seat for `user` beyond the
    /// limits. Call with `opening` held (`reserve`).
    pub(crate) fn check_room(
        &self,
        guild: GuildId,
        user: UserId,
        new_table: bool,
    ) -> Result<(), TableError> {
        let (server, mine) = self.open_tables(guild, user);
        let Limits {
            per_person,
            per_server,
        } = self.limits;
        if new_table && per_server > 0 && server >= per_server {
            return Err(TableError::ServerFull { limit: per_server });
        }
        if per_person > 0 && mine >= per_person {
            return Err(TableError::TooManyTables { limit: per_person });
        }
        Ok(())
    }

    /// Counts a table's people again after a seat changed hands.
    pub(crate) fn recount(&self, t: &Table) {
        if let Ok(mut occupancy) = self.occupancy.lock() {
            if let Some(o) = occupancy.get_mut(&t.id) {
                *o = t.occupancy();
            }
        }
    }

    /// The tables held open (lobbies and games in play) by game id, every game of the registry
    /// listed (zeros included), for the metrics.
    pub fn open_tables_by_game(&self) -> Vec<(&'static str, usize)> {
        let mut counts: Vec<(&'static str, usize)> =
            crate::games::all().map(|g| (g.id(), 0)).collect();
        if let Ok(occupancy) = self.occupancy.lock() {
            for o in occupancy.values() {
                match counts.iter_mut().find(|(game, _)| *game == o.game) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((o.game, 1)),
                }
            }
        }
        counts
    }
}
