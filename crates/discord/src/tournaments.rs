//! The Discord edge as a subscriber of the tournaments' changes: one task hands each change
//! out, so that nothing waits behind a message edit: a worker per event shows its latest view
//! (the views that came meanwhile shown once, as the latest), and the tables asked for are
//! opened beside it. A changed event's message is edited in its channel (the standings, the round, the
//! buttons); a round's tables get a thread each in the event's channel, named for the round
//! and table, where the table service opens and starts the game (its table message then
//! posted like any table's); the event's end is announced once, with its winners; a season's
//! end is announced in its server's seasons channel with its champions. A thread
//! the service could not use is deleted again, and the service asks for it later.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;
use tokio::sync::broadcast;

use super::data::Data;
use super::pace::Priority;
use super::{public, render, retry};
use pakka_table::tournaments::{EventChange, EventView, Phase};

/// The messages to bring up to date: each event's latest view not yet shown, and the events
/// whose worker is showing one now.
#[derive(Default)]
struct Showing {
    latest: HashMap<i64, Arc<EventView>>,
    busy: HashSet<i64>,
    announced: HashSet<i64>,
}

/// Starts showing the events' changes (once; the receiver was taken when `Data` was made). The
/// loop only hands work out, so nothing it waits for (a message edit in its turn in the
/// channel) holds up a round's tables.
pub(super) fn start(ctx: &serenity::Context, data: &Data) {
    let Some(mut changes) = data.take_event_changes() else {
        return;
    };
    let (ctx, data) = (ctx.clone(), data.clone());
    tokio::spawn(async move {
        let showing: Arc<Mutex<Showing>> = Arc::default();
        let opening: Arc<Mutex<HashSet<(i64, u32, usize)>>> = Arc::default();
        loop {
            let change = match changes.recv().await {
                Ok(change) => change,
                // Behind: the next change shows the event whole, and unopened tables are
                // asked for again by the service's clock.
                Err(broadcast::error::RecvError::Lagged(missed)) => {
                    tracing::warn!(missed, "the tournaments' changes fell behind");
                    continue;
                }
                Err(broadcast::error::RecvError::Closed) => return,
            };
            let (ctx, data) = (ctx.clone(), data.clone());
            match change {
                EventChange::OpenTables {
                    event,
                    round,
                    tables,
                } => {
                    let opening = opening.clone();
                    tokio::spawn(async move {
                        for idx in tables {
                            // A table asked for again while its thread is being made is left
                            // to the first ask.
                            let key = (event.id, round, idx);
                            if !opening.lock().is_ok_and(|mut o| o.insert(key)) {
                                continue;
                            }
                            open_table(&ctx, &data, &event, round, idx).await;
                            if let Ok(mut o) = opening.lock() {
                                o.remove(&key);
                            }
                        }
                    });
                }
                EventChange::Changed(view) => {
                    let start = showing.lock().is_ok_and(|mut s| {
                        s.latest.insert(view.id, view.clone());
                        s.busy.insert(view.id)
                    });
                    if start {
                        let showing = showing.clone();
                        tokio::spawn(
                            async move { show_latest(&ctx, &data, &showing, view.id).await },
                        );
                    }
                }
                EventChange::SeasonEnded {
                    guild,
                    channel,
                    season,
                    next,
                    champions,
                } => {
                    let Some(channel) = channel else {
                        continue;
                    };
                    tokio::spawn(async move {
                        let public = data.guild_lang(guild).await;
                        let reply = render::season_over(&season, &next, &champions, public);
                        public::post_in_channel(
                            &ctx,
                            &data.channels,
                            channel,
                            &reply,
                            Priority::Table,
                        )
                        .await;
                    });
                }
            }
        }
    });
}

/// One event's worker: shows its latest view until no newer one waits (views that came while
/// an edit waited its turn are shown once, as the latest), and announces its end once.
async fn show_latest(ctx: &serenity::Context, data: &Data, showing: &Mutex<Showing>, id: i64) {
    loop {
        let next = showing.lock().ok().and_then(|mut s| {
            let next = s.latest.remove(&id);
            if next.is_none() {
                s.busy.remove(&id);
            }
            next
        });
        let Some(view) = next else {
            return;
        };
        show(ctx, data, &view).await;
        let first_end = view.phase == Phase::Finished
            && showing.lock().is_ok_and(|mut s| s.announced.insert(id));
        if first_end {
            announce(ctx, data, &view).await;
        }
    }
}

/// The event's message, edited to show the event as it stands.
async fn show(ctx: &serenity::Context, data: &Data, view: &EventView) {
    let Some(message) = view.message_id else {
        return;
    };
    let public = data.guild_lang(view.guild_id).await;
    let reply = render::event(view, public);
    let edited = public::edit_in_channel(
        &ctx.http,
        &data.channels,
        view.channel_id,
        message,
        &reply,
        Priority::Table,
        "edit a tournament's message",
    )
    .await;
    if let Err(e) = edited {
        retry::report(&e, "a tournament's message", "it shows an older state");
    }
}

/// The winners, announced in the event's channel.
async fn announce(ctx: &serenity::Context, data: &Data, view: &EventView) {
    let public = data.guild_lang(view.guild_id).await;
    let reply = render::champions(view, public);
    public::post_in_channel(
        ctx,
        &data.channels,
        view.channel_id,
        &reply,
        Priority::Table,
    )
    .await;
}

/// A thread for table `idx` of `round`, and the table opened in it.
async fn open_table(
    ctx: &serenity::Context,
    data: &Data,
    event: &EventView,
    round: u32,
    idx: usize,
) {
    // Asked again while this edge was busy: a table opened meanwhile needs no thread.
    if !data.service.wants_channel(event.id, round, idx).await {
        return;
    }
    let public = data.guild_lang(event.guild_id).await;
    let name: String = render::thread_name(event, round, idx, public)
        .chars()
        .take(100)
        .collect();
    let builder = serenity::CreateThread::new(name)
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneDay);
    let thread = match serenity::ChannelId::new(event.channel_id)
        .create_thread(&ctx.http, builder)
        .await
    {
        Ok(thread) => thread.id,
        Err(e) => {
            tracing::warn!(error = %e, event = event.id, round, idx, "could not open a thread for a tournament table");
            return;
        }
    };
    match data
        .service
        .open_event_table(event.id, round, idx, thread.get())
        .await
    {
        Ok(_) => {}
        Err(e) => {
            if e.is_internal() {
                tracing::error!(error = %e, event = event.id, round, idx, "a tournament table did not open");
            } else {
                tracing::warn!(error = %e, event = event.id, round, idx, "a tournament table did not open");
            }
            if let Err(e) = thread.delete(&ctx.http).await {
                tracing::warn!(error = %e, "could not delete an unused thread");
            }
        }
    }
}
