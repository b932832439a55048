//! The table service itself (`TableService`): what it holds (the tables in memory and their
//! channels, the limits' accounting, the event bus, the runner of the tables' own life, the
//! tournaments' state), its construction and builder wiring (`new`, `with_limits`,
//! `with_clocks`, `thinking`, `on_shards`), the shards it serves, and the tables' map: taking a
//! table in and out of memory and locking one. What it does with the tables is in its rooms.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Instant;

use tokio::sync::{Mutex, OwnedMutexGuard};

use crate::limits::{LimitPlace, Occupancy};
use crate::{
    events, runner, tournaments, ChannelId, Clocks, GuildId, Limits, Published, ShardRange, Table,
    TableError, TableEvent, TableId, TableView, Unrestorable, UserId,
};
use pakka_store::Store;

/// What the service has done since it began, counted: what one click costs (the end-to-end
/// tests measure it per kind of click).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Full public views built (`TableView`: the public description, picture, status, scores).
    pub views: u64,
    /// Seats' hand views built (`HandView`: the seat's description, picture and choices).
    pub hands: u64,
    /// Table locks taken for a request (the clocks' sweeps over every table are not counted).
    pub locks: u64,
    /// Writes to the store (each store method that writes counts once).
    pub writes: u64,
}

/// The counters behind [`Counts`], shared by the service and its tables.
#[derive(Debug, Default)]
pub(crate) struct Counters {
    pub(crate) views: AtomicU64,
    pub(crate) hands: AtomicU64,
    pub(crate) locks: AtomicU64,
}

impl Counters {
    pub(crate) fn add(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

/// The table service. Cheap to share behind an `Arc`.
pub struct TableService {
    pub(crate) store: Store,
    pub(crate) tables: StdMutex<HashMap<TableId, Arc<Mutex<Table>>>>,
    pub(crate) channels: StdMutex<HashMap<ChannelId, TableId>>,
    pub(crate) limits: Limits,
    /// Whom each open table counts against (kept with `tables`, updated on every seat taken).
    pub(crate) occupancy: StdMutex<HashMap<TableId, Occupancy>>,
    /// Held while the limits are checked and a place is taken in them (`reserve`), never
    /// across a store write: one slow write does not hold up every other opening.
    pub(crate) opening: StdMutex<()>,
    /// The places taken in the limits whose store write is under way (`reserve`).
    pub(crate) places: StdMutex<Vec<LimitPlace>>,
    /// The key of the next place taken.
    pub(crate) next_place: AtomicU64,
    /// The gateway shards of this process: it holds the tables of their servers only.
    pub(crate) shards: ShardRange,
    /// The most a `hard` computer player thinks per decision (`COMPUTER_THINK_MS`).
    pub(crate) think: std::time::Duration,
    /// The tables the restore closed because their move log no longer replays, until the
    /// front end has told their channels.
    pub(crate) unrestorable: StdMutex<Vec<Unrestorable>>,
    /// Views built and locks taken (`TableService::counts`).
    pub(crate) counts: Arc<Counters>,
    /// Every change of a table, told to every edge that subscribes.
    pub(crate) bus: events::Bus,
    /// The tables' own life: computer players and clocks.
    pub(crate) runner: runner::Runner,
    /// People with a live window on a table (an edge that shows the table as it happens):
    /// the other edges need not call them to it.
    pub(crate) watching: Arc<StdMutex<HashMap<(TableId, UserId), usize>>>,
    /// The tournaments' locks, their bus and their tables (`tournaments`).
    pub(crate) events: tournaments::Events,
    /// How far the service's clock is ahead of the system's, in milliseconds (the tests
    /// move it; `seasons`).
    pub(crate) clock_ahead: AtomicU64,
    /// When the seasons' clock last looked.
    pub(crate) season_checked: StdMutex<Option<Instant>>,
}

/// A person's live window on a table, counted while it is held (see
/// [`TableService::watch`]).
#[derive(Debug)]
pub struct Watching {
    key: (TableId, UserId),
    counts: Arc<StdMutex<HashMap<(TableId, UserId), usize>>>,
}

impl Drop for Watching {
    fn drop(&mut self) {
        if let Ok(mut counts) = self.counts.lock() {
            if let Some(n) = counts.get_mut(&self.key) {
                *n -= 1;
                if *n == 0 {
                    counts.remove(&self.key);
                }
            }
        }
    }
}

impl TableService {
    /// Counts `user` as watching `table` live until the answer is dropped (a window open).
    pub fn watch(&self, table: TableId, user: UserId) -> Watching {
        if let Ok(mut counts) = self.watching.lock() {
            *counts.entry((table, user)).or_default() += 1;
        }
        Watching {
            key: (table, user),
            counts: self.watching.clone(),
        }
    }

    /// Whether `user` has a live window on `table`: they see every move there as it comes.
    pub fn is_watching(&self, table: TableId, user: UserId) -> bool {
        self.watching
            .lock()
            .is_ok_and(|counts| counts.contains_key(&(table, user)))
    }

    /// A service with no limit on open tables.
    pub fn new(store: Store) -> TableService {
        TableService::with_limits(store, Limits::default())
    }

    /// A service that refuses to open tables beyond the operator's `limits`.
    pub fn with_limits(store: Store, limits: Limits) -> TableService {
        TableService {
            store,
            tables: StdMutex::new(HashMap::new()),
            channels: StdMutex::new(HashMap::new()),
            limits,
            occupancy: StdMutex::new(HashMap::new()),
            opening: StdMutex::new(()),
            places: StdMutex::new(Vec::new()),
            next_place: AtomicU64::new(0),
            unrestorable: StdMutex::new(Vec::new()),
            shards: ShardRange::ALL,
            think: pakka_ai::DEFAULT_THINK,
            counts: Arc::default(),
            bus: events::Bus::default(),
            runner: runner::Runner::default(),
            watching: Arc::default(),
            events: tournaments::Events::default(),
            clock_ahead: AtomicU64::new(0),
            season_checked: StdMutex::new(None),
        }
    }

    /// A service whose tables keep this pace (the pause before a computer player's move, the
    /// turn timers' minute, the lobbies' timeout).
    pub fn with_clocks(mut self, clocks: Clocks) -> TableService {
        self.runner = runner::Runner::new(clocks);
        self
    }

    /// Every change of a table from now on, as it is published (see [`events`]).
    pub fn subscribe(&self) -> tokio::sync::broadcast::Receiver<Published> {
        self.bus.subscribe()
    }

    /// The number of the last event published (0: none yet).
    pub fn last_event(&self) -> u64 {
        self.bus.last()
    }

    /// Publishes one change of a table; call with the table's lock held, so that one table's
    /// events go out in the order of its changes.
    pub(crate) fn publish(&self, event: TableEvent) -> u64 {
        self.bus.publish(event)
    }

    /// The most a `hard` computer player thinks per decision (the search is anytime: it plays
    /// the best action found when the time is up).
    pub fn thinking(mut self, think: std::time::Duration) -> TableService {
        self.think = think;
        self
    }

    /// The service of a process that runs only the gateway shards `shards` (`SHARDS`): it
    /// restores, opens and resumes the tables of their servers only.
    pub fn on_shards(mut self, shards: ShardRange) -> TableService {
        self.shards = shards;
        self
    }

    /// The gateway shards whose servers' tables this service holds.
    pub fn shards(&self) -> ShardRange {
        self.shards
    }

    /// Whether this process holds server `guild`'s tables: its events arrive on one of this
    /// process's shards.
    pub fn serves(&self, guild: GuildId) -> bool {
        self.shards.holds(guild)
    }

    /// Refuses a server whose events arrive on another process's shards. Discord never sends
    /// this process such a server's interactions unless the processes' `SHARDS` disagree with
    /// the shards they run; refusing keeps a second copy of that server's tables out of here.
    /// A DM's or a group DM's table (its place its own channel, `channel`) is shard 0's.
    pub(crate) fn check_shard(&self, guild: GuildId, channel: ChannelId) -> Result<(), TableError> {
        if self.shards.holds_place(guild, channel) {
            return Ok(());
        }
        tracing::warn!(
            guild,
            shard = self.shards.shard_of_place(guild, channel),
            first = self.shards.first,
            last = self.shards.last,
            total = self.shards.total,
            "a server on another process's shard; its tables are not held here"
        );
        Err(TableError::OtherShard { guild })
    }

    /// The store, with every full game state in it: for tests only, never for a front end.
    #[cfg(any(test, feature = "testing"))]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Whether the store answers a cheap query now and takes writes (`/readyz`); the error
    /// says why not, for the operator: "unreachable: …" or "refuses writes: …".
    pub async fn store_ready(&self) -> Result<(), String> {
        self.store
            .ping()
            .await
            .map_err(|e| format!("unreachable: {e}"))?;
        self.store
            .writable()
            .await
            .map_err(|e| format!("refuses writes: {e}"))
    }

    /// How many tables the service holds in memory: lobbies and games being played (a paused
    /// match is not held until it is resumed; a finished or closed table never).
    pub fn tables_in_memory(&self) -> usize {
        self.tables.lock().map(|t| t.len()).unwrap_or(0)
    }

    pub(crate) fn table(&self, id: TableId) -> Result<Arc<Mutex<Table>>, TableError> {
        self.tables
            .lock()
            .map_err(|_| TableError::internal("table map poisoned"))?
            .get(&id)
            .cloned()
            .ok_or(TableError::Closed)
    }

    /// What the service has done since it began: views built, locks taken, store writes.
    pub fn counts(&self) -> Counts {
        let c = &self.counts;
        Counts {
            views: c.views.load(Ordering::Relaxed),
            hands: c.hands.load(Ordering::Relaxed),
            locks: c.locks.load(Ordering::Relaxed),
            writes: self.store.writes(),
        }
    }

    /// A table, locked (counted in `Counts::locks`).
    pub(crate) async fn lock(&self, id: TableId) -> Result<OwnedMutexGuard<Table>, TableError> {
        let table = self.table(id)?;
        Counters::add(&self.counts.locks);
        Ok(table.lock_owned().await)
    }

    pub(crate) fn insert(&self, mut table: Table) -> Result<(), TableError> {
        table.counts = self.counts.clone();
        // The last line of defence: every way into memory checks its server's shard first.
        self.check_shard(table.guild_id, table.channel_id)?;
        let (id, channel) = (table.id, table.channel_id);
        let occupancy = table.occupancy();
        self.occupancy
            .lock()
            .map_err(|_| TableError::internal("occupancy map poisoned"))?
            .insert(id, occupancy);
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

    pub(crate) fn remove(&self, id: TableId, channel: ChannelId) {
        if let Ok(mut tables) = self.tables.lock() {
            tables.remove(&id);
        }
        if let Ok(mut occupancy) = self.occupancy.lock() {
            occupancy.remove(&id);
        }
        if let Ok(mut channels) = self.channels.lock() {
            if channels.get(&channel) == Some(&id) {
                channels.remove(&channel);
            }
        }
    }

    /// Every table in memory, for the clocks and the restore.
    pub(crate) fn all_tables(&self) -> Vec<Arc<Mutex<Table>>> {
        match self.tables.lock() {
            Ok(t) => t.values().cloned().collect(),
            Err(_) => Vec::new(),
        }
    }

    /// The open table in a channel, if any.
    pub fn table_in(&self, channel: ChannelId) -> Option<TableId> {
        self.channels.lock().ok()?.get(&channel).copied()
    }

    /// Every table in memory (open and playing).
    pub fn table_ids(&self) -> Vec<TableId> {
        self.tables
            .lock()
            .map(|t| t.keys().copied().collect())
            .unwrap_or_default()
    }

    /// A public view of a table.
    pub async fn view(&self, id: TableId) -> Result<TableView, TableError> {
        Ok(self.lock(id).await?.view())
    }
}
