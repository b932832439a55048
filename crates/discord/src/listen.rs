//! The Discord edge as a subscriber of the table service: one task receives every event the
//! service publishes and hands it to its table's queue; each table's queue is worked through
//! by one task at a time in the order of the table's events (so an older position never
//! overwrites a newer one), different tables at once; the task ends when the queue is empty.
//! Plain moves that wait in a queue together are folded into one update (`Work::fold`), so a
//! table whose people click faster than its channel takes edits holds one waiting update, not
//! one per move. What each event shows in the channel is `upkeep`'s.
//!
//! The service is followed as every edge follows it (`pakka_edge::Follow`): an edge that falls
//! behind (the bus says it lagged) resynchronises every table from its current view. What it
//! has shown is counted in `Data`'s `progress`: a click is counted as handled, and a stop
//! drains, once every event published before it has been shown.

use poise::serenity_prelude as serenity;

use super::data::Data;
use super::tables::Work;
use super::upkeep;
use pakka_edge::{Follow, Heard};
use pakka_table::{Phase, TableEvent, TableId};

/// Starts the edge's subscription (once; the receiver was taken when `Data` was made, so no
/// event published since is missed), after showing every restored table as it stands.
pub(super) fn start(ctx: &serenity::Context, data: &Data) {
    let Some(events) = data.take_events() else {
        return;
    };
    let mut follow = Follow::from(events, data.service.clone(), "discord");
    // A table whose chat fell behind where only interactions reach, once a click gave it a
    // live token: shown again as it stands, with its turn ping, in its queue's turn.
    if let Some(mut behind) = data.take_behind() {
        let (ctx, data) = (ctx.clone(), data.clone());
        tokio::spawn(async move {
            while let Some(table) = behind.recv().await {
                enqueue(&ctx, &data, table, Work::Resync { ping: true });
            }
        });
    }
    let (ctx, data) = (ctx.clone(), data.clone());
    tokio::spawn(async move {
        // Every restored game's table message shown as the game stands. A bot stopped between
        // closing a deal's message and posting the next deal's (a crash, a kill) would leave
        // its table with no "Show my hand" anywhere; the edit brings the button back (or posts
        // a fresh message when the old one is gone).
        for table in data.service.table_ids() {
            enqueue(&ctx, &data, table, Work::Resync { ping: false });
        }
        while let Some(heard) = follow.next().await {
            match heard {
                Heard::Event(published) => {
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
                Heard::Behind(behind) => {
                    data.progress.skipped_to(behind.through);
                    for table in behind.tables {
                        enqueue(&ctx, &data, table, Work::Resync { ping: true });
                    }
                }
            }
        }
    });
}

/// Puts work on its table's queue, starting the table's worker when it has none.
fn enqueue(ctx: &serenity::Context, data: &Data, table: TableId, work: Work) {
    if let Some(first) = data.tables.enqueue(table, work) {
        let (ctx, data) = (ctx.clone(), data.clone());
        tokio::spawn(async move { worker(ctx, data, table, first).await });
    }
}

/// Works through one table's queue in order, from its first work; retires as soon as the
/// queue is empty (the table's next event starts a new worker).
async fn worker(ctx: serenity::Context, data: Data, table: TableId, first: Work) {
    let mut next = Some(first);
    while let Some(work) = next {
        match work {
            Work::Event(published) => {
                tracing::debug!(table, seq = published.seq, "showing an event");
                upkeep::show(&ctx, &data, &published.event).await;
                tracing::debug!(table, seq = published.seq, "shown");
                data.progress.shown(published.seq);
            }
            Work::Moves(folded) => {
                tracing::debug!(table, seqs = ?folded.seqs, "showing moves folded into one");
                upkeep::show_moves(&ctx, &data, &folded).await;
                for seq in folded.seqs {
                    data.progress.shown(seq);
                }
            }
            Work::Resync { ping } => resync(&ctx, &data, table, ping).await,
        }
        next = data.tables.next_work(table);
    }
}

/// Shows a table as it stands now.
async fn resync(ctx: &serenity::Context, data: &Data, table: TableId, ping: bool) {
    upkeep::flush(ctx, data, table).await;
    let Ok(view) = data.service.view(table).await else {
        return;
    };
    // After a restart no interaction has named the table's place yet.
    upkeep::learn_reach(ctx, data, &view);
    if view.phase == Phase::Playing {
        upkeep::update_table_message(ctx, data, &view).await;
        if ping {
            upkeep::ping(ctx, data, &view).await;
        }
    }
}
