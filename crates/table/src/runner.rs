//! The table's own life, run by the service itself with no edge attached: computer players'
//! moves (a pause before each, a back-off while the database is away), the turn timers and
//! their stand-ins, lobbies that never started, and the tournaments' clocks and results.
//! [`TableService::start`] sets it going once the tables are restored; [`TableService::halt`]
//! stops it for a clean stop.
//!
//! The runner is a subscriber of the service's own events, in the shape of an actor: a game
//! that starts, a move after which a computer player is to act, or a stand-in, sets that
//! table's driver going; the same task ticks the clocks, each sweep in a task of its own (one
//! at a time) so that the runner never stops reading its events. At most one driver per table
//! plays its computer players' moves one after another until a person is to act or the game
//! ends. Every move it makes is published like a person's, so the edges show it the same way.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use tokio::sync::{broadcast, Notify};

use super::events::{Published, TableEvent};
use super::{TableId, TableService};

/// The pace of a table's life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// The pause before each computer player's move (`COMPUTER_PAUSE_MS`).
    pub computer_pause: Duration,
    /// One minute of a turn timer (`TIMER_MINUTE_MS`; tests shorten it).
    pub timer_minute: Duration,
    /// Lobbies close after this long (`LOBBY_TIMEOUT_MINUTES`).
    pub lobby_timeout: Duration,
}

impl Default for Clocks {
    fn default() -> Clocks {
        Clocks {
            computer_pause: Duration::from_millis(1500),
            timer_minute: Duration::from_secs(60),
            lobby_timeout: Duration::from_secs(30 * 60),
        }
    }
}

/// Computer players who move within this of each other are quick: their moves but the last in
/// a row are published as passing (an edge shows the table once for the row).
pub const QUICK: Duration = Duration::from_millis(500);

/// The first pause of a computer player whose move the database refused, doubled after each
/// refusal up to `OUTAGE_PAUSE_MAX`.
const OUTAGE_PAUSE: Duration = Duration::from_millis(500);
const OUTAGE_PAUSE_MAX: Duration = Duration::from_secs(8);

/// The runner's state inside the service.
#[derive(Debug, Default)]
pub(crate) struct Runner {
    pub(crate) clocks: Clocks,
    /// The tables whose computer players are being driven.
    driving: StdMutex<HashSet<TableId>>,
    /// Set by a stop: no new computer move, no clock.
    halted: AtomicBool,
    /// Computer moves and clock sweeps under way.
    busy: AtomicUsize,
    idle: Notify,
    /// Whether `start` ran.
    started: AtomicBool,
}

/// One computer move under way, counted until dropped.
struct Busy<'a>(&'a Runner);

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        if self.0.busy.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl Runner {
    pub(crate) fn new(clocks: Clocks) -> Runner {
        Runner {
            clocks,
            ..Runner::default()
        }
    }

    /// A count for one computer move, or None once halted (counted first, then checked: a
    /// halt in between waits for it).
    fn enter(&self) -> Option<Busy<'_>> {
        self.busy.fetch_add(1, Ordering::SeqCst);
        let busy = Busy(self);
        (!self.halted.load(Ordering::SeqCst)).then_some(busy)
    }

    fn halted(&self) -> bool {
        self.halted.load(Ordering::SeqCst)
    }
}

impl TableService {
    /// Sets the tables' own life going: the computer players of every table held (restored
    /// ones included) and of every game that starts from now on, the turn timers and the
    /// lobbies' expiry. Call once, after [`TableService::restore`]; a second call does nothing.
    pub fn start(self: &Arc<Self>) {
        if self.runner.started.swap(true, Ordering::SeqCst) {
            return;
        }
        let events = self.bus.subscribe();
        let service = self.clone();
        tokio::spawn(async move { service.run(events).await });
    }

    /// The pace this service keeps.
    pub fn clocks(&self) -> Clocks {
        self.runner.clocks
    }

    /// Stops the tables' own life for a clean stop: no computer player moves from now on and
    /// no clock runs, and this waits (at most `within`) for the computer moves under way to be
    /// stored and published. Answers how many were still under way when the time ran out.
    pub async fn halt(&self, within: Duration) -> usize {
        let runner = &self.runner;
        runner.halted.store(true, Ordering::SeqCst);
        let drained = tokio::time::timeout(within, async {
            loop {
                let idle = runner.idle.notified();
                if runner.busy.load(Ordering::SeqCst) == 0 {
                    return;
                }
                idle.await;
            }
        })
        .await;
        match drained {
            Ok(()) => 0,
            Err(_) => runner.busy.load(Ordering::SeqCst),
        }
    }

    /// How many tables' computer players are being driven now.
    pub fn driving(&self) -> usize {
        self.runner.driving.lock().map(|d| d.len()).unwrap_or(0)
    }

    /// The runner's task: drives the tables held at start, then every table an event says a
    /// computer player is to act at, and ticks the clocks.
    async fn run(self: Arc<Self>, mut events: broadcast::Receiver<Published>) {
        for table in self.table_ids() {
            self.drive(table);
        }
        self.recover_events().await;
        let clocks = self.runner.clocks;
        let tick =
            (clocks.timer_minute / 6).clamp(Duration::from_millis(20), Duration::from_secs(10));
        let mut interval = tokio::time::interval(tick);
        interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut sweep: Option<tokio::task::JoinHandle<()>> = None;
        loop {
            if self.runner.halted() {
                return;
            }
            tokio::select! {
                received = events.recv() => match received {
                    Ok(published) => {
                        if let Some(table) = wakes(&published.event) {
                            self.drive(table);
                        }
                        if published.event.ends_table() {
                            // A tournament's table: its result, and the event moves on.
                            let (service, table) = (self.clone(), published.event.table_id());
                            tokio::spawn(async move { service.event_table_ended(table).await });
                        }
                    }
                    // Fell behind its own events: every table is looked at again.
                    Err(broadcast::error::RecvError::Lagged(missed)) => {
                        tracing::warn!(missed, "the runner fell behind; every table looked at again");
                        for table in self.table_ids() {
                            self.drive(table);
                        }
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                _ = interval.tick() => {
                    // The sweep runs beside this loop, one at a time: it waits for each table's
                    // lock and for the database, and meanwhile this loop must go on reading its
                    // events. An event stays in the bus, with its views, until every subscriber
                    // has read it; a loop that swept inline held a whole sweep's worth of moves
                    // (at 1,000 moves a second, 18 MB a second) until it came back.
                    if sweep.as_ref().is_none_or(|s| s.is_finished()) {
                        sweep = Some(tokio::spawn(self.clone().sweep()));
                    }
                }
            }
        }
    }

    /// One sweep of the clocks: turns that ran out, lobbies nobody filled, tables still waiting
    /// for an edge, tournaments' and seasons' times.
    async fn sweep(self: Arc<Self>) {
        // Counted like a computer move: a halt waits for the sweep under way.
        let Some(_sweep) = self.runner.enter() else {
            return;
        };
        let clocks = self.runner.clocks;
        self.expire_turns(clocks.timer_minute).await;
        self.expire_lobbies(clocks.lobby_timeout).await;
        self.remind_waiting().await;
        self.tick_events().await;
        self.tick_seasons().await;
    }

    /// Plays the computer players' moves of a table in the background, one after another with
    /// the pause before each, until a person is to act or the game ends; at most one driver
    /// per table.
    fn drive(self: &Arc<Self>, table: TableId) {
        if self.runner.halted() {
            return;
        }
        let Ok(mut driving) = self.runner.driving.lock() else {
            return;
        };
        if !driving.insert(table) {
            return;
        }
        drop(driving);
        let service = self.clone();
        tokio::spawn(async move {
            let runner = &service.runner;
            let mut outage = OUTAGE_PAUSE;
            loop {
                tokio::time::sleep(runner.clocks.computer_pause).await;
                // A stopping service makes no new move; the restart takes the table up.
                let Some(busy) = runner.enter() else {
                    break;
                };
                match service.computer_move(table).await {
                    Ok(Some(_)) => outage = OUTAGE_PAUSE,
                    Ok(None) => break,
                    // The database is away: the move was not made; try again, less and less
                    // often, until it is back.
                    Err(e) if e.is_outage() => {
                        tracing::warn!(error = %e, table, "a computer player waits for the database");
                        drop(busy);
                        tokio::time::sleep(outage).await;
                        outage = (outage * 2).min(OUTAGE_PAUSE_MAX);
                    }
                    Err(e) => {
                        if e.is_internal() {
                            tracing::error!(error = %e, table, "a computer player could not move");
                        }
                        break;
                    }
                }
            }
            if let Ok(mut driving) = runner.driving.lock() {
                driving.remove(&table);
            }
            // A move may have come in between the last look and the release.
            if runner.halted() {
                return;
            }
            if let Ok(Some(_)) = service.computer_to_act(table).await {
                service.drive(table);
            }
        });
    }
}

/// The table an event sets a driver going at: a game that starts, a move after which a
/// computer player is to act, a stand-in, a table an edge can show again.
fn wakes(event: &TableEvent) -> Option<TableId> {
    match event {
        TableEvent::Started(table)
        | TableEvent::StoodIn { table, .. }
        | TableEvent::Waiting {
            table,
            waiting: false,
        } => Some(table.id),
        TableEvent::Moved { acted, .. } if acted.computer_next => Some(acted.table.id),
        _ => None,
    }
}
