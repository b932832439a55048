//! The Discord edge as a subscriber of the table service: one task receives every event the
//! service publishes and hands it to its table's queue; each table's queue is worked through
//! by one task at a time in the order of the table's events (so an older position never
//! overwrites a newer one), different tables at once; the task ends when the queue is empty.
//! What each event shows in the channel is `upkeep`'s.
//!
//! An edge that falls behind (the bus says it lagged) resynchronises every table from its
//! current view. `Progress` counts the events done: a click is counted as handled, and a stop
//! drains, once every event published before it has been shown.

use std::collections::BTreeSet;
use std::sync::Mutex as StdMutex;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::{broadcast, mpsc, watch};

use super::tables::Work;
use super::{upkeep, Data};
use pakka_table::{Phase, TableEvent, TableId};

/// How far the edge has come through the service's events.
#[derive(Debug)]
pub(super) struct Progress {
    inner: StdMutex<Counted>,
    /// Every event up to this number has been shown (or was never the edge's to show).
    done: watch::Sender<u64>,
}

#[derive(Debug, Default)]
struct Counted {
    /// The last event received.
    received: u64,
    /// Events received and not yet shown.
    open: BTreeSet<u64>,
}

impl Progress {
    /// Progress from the service's last event (`from`): the events before it were not the
    /// edge's.
    pub(super) fn new(from: u64) -> Progress {
        Progress {
            inner: StdMutex::new(Counted {
                received: from,
                open: BTreeSet::new(),
            }),
            done: watch::Sender::new(from),
        }
    }

    fn update(&self, f: impl FnOnce(&mut Counted)) {
        let Ok(mut counted) = self.inner.lock() else {
            return;
        };
        f(&mut counted);
        let through = match counted.open.first() {
            Some(&first) => first - 1,
            None => counted.received,
        };
        self.done.send_if_modified(|done| {
            let moved = through > *done;
            if moved {
                *done = through;
            }
            moved
        });
    }

    fn received(&self, seq: u64) {
        self.update(|c| {
            c.received = c.received.max(seq);
            c.open.insert(seq);
        });
    }

    fn shown(&self, seq: u64) {
        self.update(|c| {
            c.open.remove(&seq);
        });
    }

    /// Events missed (the edge lagged): everything up to `seq` counts as received.
    fn skipped_to(&self, seq: u64) {
        self.update(|c| c.received = c.received.max(seq));
    }

    /// Every event up to this number has been shown.
    pub(super) fn through(&self) -> u64 {
        *self.done.borrow()
    }

    /// Waits (at most `within`) until every event up to `seq` has been shown; answers whether
    /// it was.
    pub(super) async fn shown_through(&self, seq: u64, within: Duration) -> bool {
        let mut done = self.done.subscribe();
        tokio::time::timeout(within, done.wait_for(|&d| d >= seq))
            .await
            .is_ok_and(|r| r.is_ok())
    }
}

/// Starts the edge's subscription (once; the receiver was taken when `Data` was made, so no
/// event published since is missed), after showing every restored table as it stands.
pub(super) fn start(ctx: &serenity::Context, data: &Data) {
    let Some(mut events) = data.take_events() else {
        return;
    };
    let (ctx, data) = (ctx.clone(), data.clone());
    tokio::spawn(async move {
        // Every restored game's table message shown as the game stands. A bot stopped between
        // closing a deal's message and posting the next deal's (a crash, a kill) would leave
        // its table with no "Show my hand" anywhere; the edit brings the button back (or posts
        // a fresh message when the old one is gone).
        for table in data.service.table_ids() {
            enqueue(&ctx, &data, table, Work::Resync { ping: false });
        }
        loop {
            match events.recv().await {
                Ok(published) => {
                    tracing::debug!(seq = published.seq, "an event received");
                    data.progress.received(published.seq);
                    if let TableEvent::Moved { acted, .. } = &*published.event {
                        if !acted.finished {
                            // A hand read at an older move is not shown over this one.
                            data.tables
                                .heard_move(acted.table.id, acted.table.move_number);
                        }
                    }
                    let table = published.event.table_id();
                    enqueue(&ctx, &data, table, Work::Event(published));
                }
                Err(broadcast::error::RecvError::Lagged(missed)) => {
                    tracing::warn!(
                        missed,
                        "the Discord edge fell behind; every table shown again"
                    );
                    data.progress.skipped_to(data.service.last_event());
                    for table in data.service.table_ids() {
                        enqueue(&ctx, &data, table, Work::Resync { ping: true });
                    }
                }
                Err(broadcast::error::RecvError::Closed) => return,
            }
        }
    });
}

/// Puts work on its table's queue, starting the table's worker when it has none.
fn enqueue(ctx: &serenity::Context, data: &Data, table: TableId, work: Work) {
    if let Some(queue) = data.tables.enqueue(table, work) {
        let (ctx, data) = (ctx.clone(), data.clone());
        tokio::spawn(async move { worker(ctx, data, table, queue).await });
    }
}

/// Works through one table's queue in order; retires as soon as the queue is empty (the
/// table's next event starts a new worker).
async fn worker(
    ctx: serenity::Context,
    data: Data,
    table: TableId,
    mut queue: mpsc::UnboundedReceiver<Work>,
) {
    while let Some(work) = queue.recv().await {
        match work {
            Work::Event(published) => {
                tracing::debug!(table, seq = published.seq, "showing an event");
                upkeep::show(&ctx, &data, &published.event).await;
                tracing::debug!(table, seq = published.seq, "shown");
                data.progress.shown(published.seq);
            }
            Work::Resync { ping } => resync(&ctx, &data, table, ping).await,
        }
        if data.tables.retire_queue(table, &queue) {
            return;
        }
    }
}

/// Shows a table as it stands now.
async fn resync(ctx: &serenity::Context, data: &Data, table: TableId, ping: bool) {
    let Ok(view) = data.service.view(table).await else {
        return;
    };
    if view.phase == Phase::Playing {
        upkeep::update_table_message(ctx, data, &view).await;
        if ping {
            upkeep::ping(ctx, data, &view).await;
        }
    }
}
