//! What the Discord edge keeps of each table while it has something to keep: one record per
//! table (the open hands of its players, its live turn ping, the order of its updates, its "I'm
//! back" notices, the queue of its events still to show, the latest move the edge heard of,
//! and the freshest interaction token of its channel), kept under one lock and dropped as soon
//! as it holds nothing, so a finished or closed table leaves nothing behind (`Bot::held`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::mpsc;

use super::public::{Posted, Voice};
use pakka_table::{Published, TableId};

/// A player's open hand: the latest interaction token that can edit it (tokens last 15
/// minutes) and the message it is.
#[derive(Clone, Debug)]
pub(super) struct OpenHand {
    voice: Voice,
    message: u64,
}

/// The one turn ping of a table: the people to act when it was decided (a new ping only
/// when they change), and the message that notified them, if one was needed.
#[derive(Clone, Debug, Default)]
pub(super) struct Ping {
    pub(super) turn: Vec<u64>,
    pub(super) channel: u64,
    pub(super) message: Option<Posted>,
}

/// Everything the edge keeps of one table.
#[derive(Debug, Default)]
struct TableRecord {
    /// Per user: the open hand, to bring it alive when the turn comes.
    hands: HashMap<u64, OpenHand>,
    /// The live turn ping (None: not known here; after a restart the table says).
    ping: Option<Ping>,
    /// The table's updates in the order of its moves (made on first use).
    order: Option<Arc<Order>>,
    /// The "I'm back" notices still carrying their button.
    away: Vec<u64>,
    /// The queue of the table's events still to show, while its worker runs.
    queue: Option<mpsc::UnboundedSender<Work>>,
    /// The latest move number heard of (an applied move's answer): a hand read at an older
    /// move is not shown over a newer one.
    latest: u64,
    /// The freshest acknowledged interaction of the table's channel (a player's hand click).
    voice: Option<Voice>,
}

impl TableRecord {
    /// Whether the record holds nothing worth keeping (the latest move alone is not: it only
    /// matters while the table's updates are under way, and they keep the order).
    fn is_empty(&self) -> bool {
        self.hands.is_empty()
            && self.ping.is_none()
            && self.order.is_none()
            && self.away.is_empty()
            && self.queue.is_none()
    }
}

/// The records of every table the edge keeps something of.
#[derive(Clone, Default)]
pub(super) struct Tables(Arc<Mutex<HashMap<TableId, TableRecord>>>);

/// What the edge keeps for tables, counted by kind (see `Held`).
#[derive(Default)]
pub(super) struct Counted {
    pub(super) records: usize,
    pub(super) hands: usize,
    pub(super) pings: usize,
    pub(super) orders: usize,
    pub(super) away: usize,
    pub(super) queues: usize,
}

impl Tables {
    /// Runs `f` on the table's record (a new one when there is none), and drops the record
    /// if it holds nothing afterwards. `None` when the lock is poisoned.
    fn with<R>(&self, table: TableId, f: impl FnOnce(&mut TableRecord) -> R) -> Option<R> {
        let mut tables = self.0.lock().ok()?;
        let record = tables.entry(table).or_default();
        let result = f(record);
        if record.is_empty() {
            tables.remove(&table);
        }
        Some(result)
    }

    /// Reads the table's record, if there is one.
    fn read<R>(&self, table: TableId, f: impl FnOnce(&TableRecord) -> R) -> Option<R> {
        self.0.lock().ok()?.get(&table).map(f)
    }

    /// Puts work on the table's queue; answers the queue's receiving end when the table had
    /// no queue (its worker is to be started with it).
    pub(super) fn enqueue(
        &self,
        table: TableId,
        work: Work,
    ) -> Option<mpsc::UnboundedReceiver<Work>> {
        self.with(table, |r| {
            let mut fresh = None;
            let queue = r.queue.get_or_insert_with(|| {
                let (sender, receiver) = mpsc::unbounded_channel();
                fresh = Some(receiver);
                sender
            });
            // The receiver lives as long as the record holds its sender.
            let _ = queue.send(work);
            fresh
        })
        .flatten()
    }

    /// Retires the table's queue when nothing is left on it (checked under the lock that new
    /// work takes, so no work is put on a retired queue, and the next work starts a new
    /// worker); answers whether it did.
    pub(super) fn retire_queue(
        &self,
        table: TableId,
        queue: &mpsc::UnboundedReceiver<Work>,
    ) -> bool {
        self.with(table, |r| {
            let idle = queue.is_empty();
            if idle {
                r.queue = None;
            }
            idle
        })
        .unwrap_or(true)
    }

    /// Remembers the token of a user's hand message; answers the token of their previous hand
    /// when it was another message (to take its buttons away) and can still be edited.
    pub(super) fn remember_hand(
        &self,
        table: TableId,
        user: u64,
        token: &str,
        message: u64,
    ) -> Option<String> {
        let hand = OpenHand {
            voice: Voice::new(token),
            message,
        };
        let old = self.with(table, |r| r.hands.insert(user, hand))??;
        (old.message != message && old.voice.live()).then(|| old.voice.token.to_string())
    }

    /// Forgets a user's open hand when its token is this one (Discord says the token or its
    /// message is gone); a newer click's token stays.
    pub(super) fn forget_hand(&self, table: TableId, user: u64, token: &str) {
        self.with(table, |r| {
            if r.hands.get(&user).is_some_and(|h| &*h.voice.token == token) {
                r.hands.remove(&user);
            }
        });
    }

    /// The token of a user's hand if it can still be edited.
    pub(super) fn open_hand(&self, table: TableId, user: u64) -> Option<String> {
        self.read(table, |r| {
            let hand = r.hands.get(&user)?;
            hand.voice.live().then(|| hand.voice.token.to_string())
        })?
    }

    /// Forgets every open hand of a table, answering the users and tokens still editable.
    pub(super) fn take_hands(&self, table: TableId) -> Vec<(u64, String)> {
        self.with(table, |r| {
            r.hands
                .drain()
                .filter(|(_, hand)| hand.voice.live())
                .map(|(user, hand)| (user, hand.voice.token.to_string()))
                .collect()
        })
        .unwrap_or_default()
    }

    /// The order of a table's updates (made on first use).
    pub(super) fn order(&self, table: TableId) -> Arc<Order> {
        self.with(table, |r| r.order.get_or_insert_with(Arc::default).clone())
            .unwrap_or_default()
    }

    /// The order of a table's updates, if one is kept (a table shown since this process
    /// started); a click on any other table makes none.
    pub(super) fn kept_order(&self, table: TableId) -> Option<Arc<Order>> {
        self.read(table, |r| r.order.clone()).flatten()
    }

    /// A closed table's order is not needed any more.
    pub(super) fn forget_order(&self, table: TableId) {
        self.with(table, |r| r.order = None);
    }

    /// Remembers an "I'm back" notice, to take its button off when the table ends.
    pub(super) fn remember_away(&self, table: TableId, message: u64) {
        self.with(table, |r| r.away.push(message));
    }

    /// The table's "I'm back" notices, forgotten.
    pub(super) fn take_away(&self, table: TableId) -> Vec<u64> {
        self.with(table, |r| std::mem::take(&mut r.away))
            .unwrap_or_default()
    }

    /// The table's ping as it stands.
    pub(super) fn ping(&self, table: TableId) -> Option<Ping> {
        self.read(table, |r| r.ping.clone())?
    }

    pub(super) fn set_ping(&self, table: TableId, ping: Option<Ping>) {
        self.with(table, |r| r.ping = ping);
    }

    /// Notes an acknowledged interaction of the table's channel: its token is the table's
    /// freshest voice.
    pub(super) fn heard_voice(&self, table: TableId, token: &str) {
        self.with(table, |r| r.voice = Some(Voice::new(token)));
    }

    /// A token young enough to post the table's public messages, if one was heard.
    pub(super) fn voice(&self, table: TableId) -> Option<Voice> {
        self.read(table, |r| r.voice.clone().filter(Voice::fresh))?
    }

    /// Notes a move applied at the table (its number after the move).
    pub(super) fn heard_move(&self, table: TableId, number: u64) {
        self.with(table, |r| r.latest = r.latest.max(number));
    }

    /// The latest move heard of at the table (0: none, or nothing kept).
    pub(super) fn latest_move(&self, table: TableId) -> u64 {
        self.read(table, |r| r.latest).unwrap_or(0)
    }

    /// What is kept now, counted by kind.
    pub(super) fn counted(&self) -> Counted {
        let Ok(tables) = self.0.lock() else {
            return Counted::default();
        };
        let count = |f: fn(&TableRecord) -> bool| tables.values().filter(|r| f(r)).count();
        Counted {
            records: tables.len(),
            hands: tables.values().map(|r| r.hands.len()).sum(),
            pings: count(|r| r.ping.is_some()),
            orders: count(|r| r.order.is_some()),
            away: count(|r| !r.away.is_empty()),
            queues: count(|r| r.queue.is_some()),
        }
    }
}

/// One piece of a table's queue.
#[derive(Debug)]
pub(super) enum Work {
    /// An event of the table, as published.
    Event(Published),
    /// The table shown again from its current view (after a restart, or after the edge fell
    /// behind its events); `ping`: the turn ping too.
    Resync { ping: bool },
}

/// How long a table's update waits for the one before it (lost, or very slow) before going on.
const ORDER_WAIT: Duration = Duration::from_secs(2);

/// What Discord shows of one table: the move its table message shows and that message, and
/// for a match its latest result and a line for each deal over.
#[derive(Debug, Default)]
pub(super) struct Shown {
    pub(super) move_number: Option<u64>,
    pub(super) message: Option<Posted>,
    /// The latest result posted (a deal's), as this process posted it.
    pub(super) result: Option<Posted>,
    /// The answer that started the game posted its table message, and `started` has not yet
    /// heard of it.
    pub(super) start_posted: bool,
}

/// One table's updates, one at a time and in the order of its moves.
#[derive(Debug, Default)]
pub(super) struct Order {
    pub(super) shown: tokio::sync::Mutex<Shown>,
    pub(super) next: tokio::sync::Notify,
    /// Held (shared) by each click answered with the clicker's hand (a move, a page or step of
    /// the hand) from before it reads the table until its answer is sent: a later move's edit
    /// of that hand waits for the answer (`answers_sent`), so the answer never lands over the
    /// newer hand.
    pub(super) answering: tokio::sync::RwLock<()>,
}

impl Order {
    /// Waits until every click that began before now has sent its answer (at most
    /// `ORDER_WAIT`: an answer's own deadline is shorter).
    pub(super) async fn answers_sent(&self) {
        let _ = tokio::time::timeout(ORDER_WAIT, self.answering.write()).await;
    }

    /// Waits until the table shows the move before `number` (or `ORDER_WAIT` passes), then
    /// holds the table's messages.
    pub(super) async fn in_turn(&self, number: u64) -> tokio::sync::MutexGuard<'_, Shown> {
        let deadline = tokio::time::Instant::now() + ORDER_WAIT;
        loop {
            let notified = self.next.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            let shown = self.shown.lock().await;
            let ready = shown.move_number.is_none_or(|m| m + 1 >= number);
            if ready || tokio::time::Instant::now() >= deadline {
                return shown;
            }
            drop(shown);
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return self.shown.lock().await;
            }
        }
    }

    /// Waits until the answer that started the game has posted its table message (at most
    /// `ORDER_WAIT`); answers whether it did.
    pub(super) async fn start_posted(&self) -> bool {
        let deadline = tokio::time::Instant::now() + ORDER_WAIT;
        loop {
            let notified = self.next.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            {
                let mut shown = self.shown.lock().await;
                if std::mem::take(&mut shown.start_posted) {
                    return true;
                }
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return false;
            }
        }
    }
}
