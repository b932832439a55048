//! The edge's state in one place: [`Data`], which every handler is given (poise's `Context`
//! carries it), holds everything the bot keeps in memory, and its one `impl` is every question
//! asked of that state (a user's or a server's language, a server's pictures setting, the names
//! of a table's seats, the messages stored for a table). Each part is a field with its own type:
//! one record per table (`tables`), the languages (`languages`), the display names (`names`, the
//! edges' `People`), how far the table service's events have been shown (`progress`), the
//! clicks waiting for them to be shown (`handled`), the gate a stop closes (`gate`) and the ways
//! out to Discord (`public::Channels`). Two things are still the process's rather than a bot's:
//! the registered commands' ids (`words`) and the drawing threads (`pictures`).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;

use super::admission::Admission;
use super::gate::Gate;
use super::handled::Handled;
use super::languages::Languages;
use super::progress::Progress;
use super::public::{Channels, Posted};
use super::tables::{Shown, Tables};
use super::throttle::Throttles;
use super::words::{lang_of, Lang, SeatNames};
use pakka_catalog::DEFAULT_LANG;
use pakka_edge::People;
use pakka_table::tournaments::EventChange;
use pakka_table::{
    GuildId, MessageIds, Messages, Published, SeatView, ShardRange, TableId, TableService,
};

pub type Error = anyhow::Error;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// The bot's shared state; clones share it.
#[derive(Clone)]
pub struct Data {
    pub service: Arc<TableService>,
    /// The Activity's window is served (`ACTIVITY_ADDR`): table messages offer "Open the
    /// table".
    pub(crate) window: bool,
    /// The edge's own stored record of its messages per table (the table message, the turn
    /// ping), kept across restarts.
    pub(crate) messages: Messages,
    /// What the edge keeps of each table: its open hands, ping, update order, away notices
    /// and the queue of its events to show, one record per table.
    pub(crate) tables: Tables,
    /// The table service's events, subscribed to when the edge was made and taken by the
    /// listener once the bot is ready (`listen`).
    events: Arc<Mutex<Option<tokio::sync::broadcast::Receiver<Published>>>>,
    /// The tournaments' changes, subscribed to with the events and taken by their listener
    /// (`tournaments`).
    event_changes: Arc<Mutex<Option<tokio::sync::broadcast::Receiver<EventChange>>>>,
    /// Tables whose chat fell behind where the bot reaches by interactions alone (no live
    /// token was left to show a change), to be shown again now that a click gave one: sent by
    /// the handlers, taken by the listener (`listen`), which shows each as it stands.
    behind: tokio::sync::mpsc::UnboundedSender<TableId>,
    behind_tables: Arc<Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<TableId>>>>,
    /// How far the edge has shown the service's events.
    pub(crate) progress: Arc<Progress>,
    /// The display names of the people met most recently, for the labels and pictures of their
    /// hands (shared with the web edge when it runs).
    pub(crate) names: People,
    /// Each server's pictures setting.
    pub(crate) images: ImagesSetting,
    /// Each user's and each server's language.
    pub(crate) languages: Languages,
    /// The shards that have begun a gateway session (a READY event), to tell a shard's start
    /// from a new session after a lost one.
    sessions: Arc<Mutex<HashSet<u32>>>,
    /// How fast one person may click and open tables.
    pub(crate) throttles: Arc<Throttles>,
    /// Clicks handled to their end (answered, and every message after them brought up to
    /// date): for a stop, the metrics, and the tests that measure what a click costs.
    pub(crate) handled: Arc<Handled>,
    /// The one queue of the process's calls that count against Discord's limits, and the
    /// client of those calls.
    pub(crate) channels: Channels,
    /// Lets clicks, commands and computer moves in until a stop, and counts them.
    pub(crate) gate: Arc<Gate>,
    /// How many clicks are handled at once: as many as the cores keep up with.
    pub(crate) admission: Arc<Admission>,
    /// The gateway shards this process should have connected (`/readyz`).
    pub(crate) gateway: Gateway,
}

/// Each server's pictures setting as last read or set (the store has the truth).
#[derive(Clone, Default)]
pub struct ImagesSetting(Arc<Mutex<HashMap<GuildId, bool>>>);

impl ImagesSetting {
    fn get(&self, guild: GuildId) -> Option<bool> {
        self.0.lock().ok()?.get(&guild).copied()
    }

    pub fn set(&self, guild: GuildId, on: bool) {
        if let Ok(mut map) = self.0.lock() {
            map.insert(guild, on);
        }
    }
}

/// The gateway shards this process should have connected: a `SHARDS` range's size, or, when
/// autosharded, the total a READY event told.
#[derive(Clone, Debug, Default)]
pub(crate) struct Gateway {
    expected: Arc<AtomicU32>,
    autosharded: Arc<AtomicBool>,
}

impl Gateway {
    pub fn new(shards: Option<ShardRange>) -> Gateway {
        let gateway = Gateway::default();
        match shards {
            Some(r) => gateway
                .expected
                .store(r.last - r.first + 1, Ordering::Relaxed),
            None => gateway.autosharded.store(true, Ordering::Relaxed),
        }
        gateway
    }

    pub(crate) fn expected(&self) -> u32 {
        self.expected.load(Ordering::Relaxed)
    }

    /// A READY event: an autosharded process learns how many shards it runs.
    pub(crate) fn heard_ready(&self, ready: &serenity::Ready) {
        if self.autosharded.load(Ordering::Relaxed) {
            let total = ready.shard.map_or(1, |s| s.total);
            self.expected.fetch_max(total, Ordering::Relaxed);
        }
    }
}

impl Data {
    pub fn new(service: Arc<TableService>, throttles: Throttles) -> Data {
        let events = service.subscribe();
        let event_changes = service.subscribe_events();
        let (behind, behind_tables) = tokio::sync::mpsc::unbounded_channel();
        Data {
            event_changes: Arc::new(Mutex::new(Some(event_changes))),
            messages: service.messages(),
            events: Arc::new(Mutex::new(Some(events))),
            behind,
            behind_tables: Arc::new(Mutex::new(Some(behind_tables))),
            progress: Arc::new(Progress::new(service.last_event())),
            service,
            window: false,
            tables: Tables::default(),
            names: People::default(),
            images: ImagesSetting::default(),
            languages: Languages::default(),
            sessions: Arc::default(),
            throttles: Arc::new(throttles),
            handled: Arc::default(),
            channels: Channels::new(1.0),
            gate: Arc::default(),
            admission: Arc::default(),
            gateway: Gateway::default(),
        }
    }

    /// The service's events, for the listener (once).
    pub(crate) fn take_events(&self) -> Option<tokio::sync::broadcast::Receiver<Published>> {
        self.events.lock().ok()?.take()
    }

    /// Asks the listener to show `table` again as it stands (its chat fell behind, and a click
    /// just gave it a live token); the handler asking does not wait for it.
    pub(crate) fn catch_up(&self, table: TableId) {
        if self.behind.send(table).is_err() {
            tracing::debug!(table, "no listener to bring a table up to date");
        }
    }

    /// The tables to bring up to date, for the listener (once).
    pub(crate) fn take_behind(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<TableId>> {
        self.behind_tables.lock().ok()?.take()
    }

    /// The tournaments' changes, for their listener (once).
    pub(crate) fn take_event_changes(
        &self,
    ) -> Option<tokio::sync::broadcast::Receiver<EventChange>> {
        self.event_changes.lock().ok()?.take()
    }

    /// Notes a gateway session begun on `shard`; answers whether that shard had one before.
    pub(crate) fn new_session(&self, shard: u32) -> bool {
        self.sessions
            .lock()
            .map(|mut s| !s.insert(shard))
            .unwrap_or(false)
    }

    /// The messages the edge stored for a table (none kept, or none readable: logged).
    pub(crate) async fn stored_messages(&self, table: TableId) -> MessageIds {
        match self.messages.get(table).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, table, "could not read the table's messages");
                MessageIds::default()
            }
        }
    }

    /// A table's table message: as this process posted or last edited it (`shown`), else
    /// (after a restart) the one the edge stored, known by its id only.
    pub(crate) async fn table_message(&self, shown: &Shown, table: TableId) -> Option<Posted> {
        match &shown.message {
            Some(message) => Some(message.clone()),
            None => self
                .stored_messages(table)
                .await
                .message
                .map(Posted::channel),
        }
    }

    /// Remembers the display name an interaction carried for its user.
    pub(crate) fn heard(&self, user: &serenity::User) {
        let name = user
            .global_name
            .clone()
            .unwrap_or_else(|| user.name.clone());
        self.names.heard(user.id.get(), name);
    }

    /// Seat names for a player's own hand: display names where known, in their language.
    pub(crate) fn seat_names(&self, seats: &[SeatView], lang: Lang) -> SeatNames {
        SeatNames::with(
            seats,
            &self.names.of(seats.iter().filter_map(|s| s.user)),
            lang,
        )
    }

    /// Seat names for a table's pictures: a picture cannot show a mention, so people are named
    /// by display name where known.
    pub(crate) fn picture_names(&self, seats: &[SeatView], lang: Lang) -> SeatNames {
        let names = self.names.of(seats.iter().filter_map(|s| s.user));
        SeatNames::picture(seats, &names, lang)
    }

    /// The language of a user's private messages: theirs when heard and shipped, else the
    /// server's.
    pub(crate) async fn user_lang(&self, user: u64, guild: GuildId) -> Lang {
        match self.languages.user(user) {
            Some(lang) => lang,
            None => self.guild_lang(guild).await,
        }
    }

    /// The language of a server's public messages: the one a server manager chose, else the
    /// server's preferred locale when shipped, else English.
    pub(crate) async fn guild_lang(&self, guild: GuildId) -> Lang {
        let chosen = match self.languages.chosen(guild) {
            Some(chosen) => chosen,
            None => {
                let read = self
                    .service
                    .language_default(guild)
                    .await
                    .map(|l| lang_of(&l));
                self.languages.read(guild, read);
                read
            }
        };
        chosen
            .or_else(|| self.languages.preferred(guild))
            .unwrap_or(DEFAULT_LANG)
    }

    /// Whether this server's messages carry pictures.
    pub(crate) async fn images_on(&self, guild: GuildId) -> bool {
        if let Some(on) = self.images.get(guild) {
            return on;
        }
        let on = self.service.images_default(guild).await;
        self.images.set(guild, on);
        on
    }
}

#[cfg(test)]
mod tests {
    //! A process's gateway: a shard range expects its shards (none without one).

    use super::*;

    #[test]
    fn a_shard_range_expects_its_shards() {
        let g = Gateway::new(Some(ShardRange {
            first: 2,
            last: 5,
            total: 8,
        }));
        assert_eq!(g.expected(), 4);
        assert_eq!(Gateway::new(None).expected(), 0);
    }
}
