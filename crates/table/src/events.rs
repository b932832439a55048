//! What the table service tells its edges: every change of a table, published once as a typed
//! [`TableEvent`] to every subscriber (the Discord edge, a web window, a test), in the order
//! the changes were made. An event is published under the table's own lock, so one table's
//! events reach every subscriber in the order of its moves; each carries a number (`seq`),
//! counted over the whole service, so a subscriber can tell how far it has come.
//!
//! The bus is a `tokio::sync::broadcast` channel: a subscriber that falls behind by more than
//! its capacity is told how many events it missed (`Lagged`), and resynchronises from the
//! current views ([`TableService::table_ids`], [`TableService::view`]) rather than from the
//! events it lost. Everything an event carries is a view (public, or one seat's own hand),
//! never a game state.

use std::sync::{Arc, Mutex as StdMutex};

use tokio::sync::broadcast;

use super::{Acted, Seat, TableId, TableView, UserId};

/// How many events a subscriber may fall behind before it is told it lagged.
pub const CAPACITY: usize = 4096;

/// How a table closed before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closing {
    /// A seated person gave up the game.
    Forfeit { by: UserId },
    /// A moderator closed the table.
    Moderator { by: UserId },
    /// The creator left their lobby, which cancels it.
    Cancelled { by: UserId },
    /// A lobby nobody started, closed by the clock.
    Expired,
}

/// The edge a person's input came through: the table's own words for where a move came from,
/// so that every edge can show it the same way (none is told what another has shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// The chat: a button of a message (a hand's, or the turn ping's action open to every
    /// seat).
    Chat,
    /// The Activity's window.
    Window,
}

/// Who made a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mover {
    /// A person, through one of the edges.
    Person { user: UserId, edge: Edge },
    /// A computer player, or one standing in for an absent person.
    Computer,
}

impl Mover {
    /// The person who made the move, if a person did.
    pub fn person(self) -> Option<UserId> {
        match self {
            Mover::Person { user, .. } => Some(user),
            Mover::Computer => None,
        }
    }
}

/// One change of one table.
#[derive(Clone, Debug)]
pub enum TableEvent {
    /// A lobby opened, or its seats changed (someone invited, accepted, joined or left),
    /// through `by` (an edge shows what another edge changed; its own handler answered).
    Lobby { table: TableView, by: Edge },
    /// A game began: from a lobby whose seats are all taken, `/play` with computer players, a
    /// rematch, or a paused match taken up again.
    Started(TableView),
    /// A move was stored and applied.
    Moved {
        acted: Arc<Acted>,
        by: Mover,
        /// A computer player made it and another follows at once (within the quick pause):
        /// an edge may leave showing the table to the move after it. A deal's end and the
        /// game's end are never passing.
        passing: bool,
    },
    /// A person's turn lasted longer than the table's turn timer: the computer stands in for
    /// these people until they are back.
    StoodIn { table: TableView, away: Vec<UserId> },
    /// A person took their seat back from the computer standing in for them.
    Back { table: TableView, user: UserId },
    /// A person who was not seated took over a computer player's seat.
    TookOver {
        table: TableView,
        user: UserId,
        seat: Seat,
    },
    /// A match was paused (`/pause`): it keeps its position, waiting to be resumed.
    Paused { table: TableView, by: UserId },
    /// An edge could not show the table (`waiting`: its clocks and computer players stopped),
    /// or can again (see `TableService::wait_for_edge`).
    Waiting { table: TableView, waiting: bool },
    /// A table still waits for an edge: try showing it again (see
    /// `TableService::remind_waiting`).
    StillWaiting(TableView),
    /// A table closed before its end.
    Closed { table: TableView, how: Closing },
}

impl TableEvent {
    /// The table the event is about.
    pub fn table(&self) -> &TableView {
        match self {
            TableEvent::Lobby { table, .. }
            | TableEvent::Started(table)
            | TableEvent::StillWaiting(table) => table,
            TableEvent::Moved { acted, .. } => &acted.table,
            TableEvent::StoodIn { table, .. }
            | TableEvent::Back { table, .. }
            | TableEvent::TookOver { table, .. }
            | TableEvent::Paused { table, .. }
            | TableEvent::Waiting { table, .. }
            | TableEvent::Closed { table, .. } => table,
        }
    }

    /// The id of the table the event is about.
    pub fn table_id(&self) -> TableId {
        self.table().id
    }

    /// Whether the table is gone from the service after this event (finished or closed): no
    /// later event is about it.
    pub fn ends_table(&self) -> bool {
        match self {
            TableEvent::Moved { acted, .. } => acted.finished,
            TableEvent::Paused { .. } | TableEvent::Closed { .. } => true,
            _ => false,
        }
    }
}

/// An event as published: its number over the whole service (1, 2, …) and the event.
#[derive(Clone, Debug)]
pub struct Published {
    pub seq: u64,
    pub event: Arc<TableEvent>,
}

/// The service's side of the bus: numbers each event and sends it to every subscriber.
#[derive(Debug)]
pub(crate) struct Bus {
    /// The number of the last event published; held while sending, so numbers go out in order.
    last: StdMutex<u64>,
    sender: broadcast::Sender<Published>,
}

impl Default for Bus {
    fn default() -> Bus {
        let (sender, _) = broadcast::channel(CAPACITY);
        Bus {
            last: StdMutex::new(0),
            sender,
        }
    }
}

impl Bus {
    /// Publishes one event; answers its number. With nobody subscribed it is counted and
    /// dropped (an edge that subscribes later starts from the current views).
    pub(crate) fn publish(&self, event: TableEvent) -> u64 {
        let mut last = match self.last.lock() {
            Ok(last) => last,
            Err(poisoned) => poisoned.into_inner(),
        };
        *last += 1;
        let seq = *last;
        let _ = self.sender.send(Published {
            seq,
            event: Arc::new(event),
        });
        seq
    }

    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Published> {
        self.sender.subscribe()
    }

    pub(crate) fn last(&self) -> u64 {
        match self.last.lock() {
            Ok(last) => *last,
            Err(poisoned) => *poisoned.into_inner(),
        }
    }
}
