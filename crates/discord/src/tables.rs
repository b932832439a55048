//! What the Discord edge keeps of each table while it has something to keep: one record per
//! table (the open hands of its players, its live turn ping, the order of its updates, its "I'm
//! back" notices, the queue of its events still to show, the latest move the edge heard of,
//! and the freshest interaction token of its channel), kept under one lock and dropped as soon
//! as it holds nothing, so a finished or closed table leaves nothing behind (`Bot::held`).
//!
//! Its tests (`mod tests`): plain moves waiting together on a table's queue are shown as one,
//! and the end of a deal or a game and a resync are never folded into them.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use super::public::{Posted, Voice};
use pakka_table::{Acted, Published, TableEvent, TableId};

/// A player's open hand: the latest interaction token that can edit it (tokens last 15
/// minutes), the message it is, the move whose position it shows (no edit shows an older
/// one), and whether an edit of it failed and is to be tried again (`behind`).
#[derive(Clone, Debug)]
pub(super) struct OpenHand {
    voice: Voice,
    message: u64,
    shown: u64,
    behind: bool,
}

impl OpenHand {
    /// The hand as an edit reads it, while its token can still edit it.
    fn slot(&self) -> Option<HandSlot> {
        self.voice.live().then(|| HandSlot {
            token: self.voice.token.to_string(),
            message: self.message,
            shown: self.shown,
        })
    }
}

/// A player's open hand as an edit reads it (under the player's lane, see `shown::Lane`).
#[derive(Clone, Debug)]
pub(super) struct HandSlot {
    /// The freshest token that edits it.
    pub(super) token: String,
    pub(super) message: u64,
    /// The move whose position it shows.
    pub(super) shown: u64,
}

/// What remembering a hand message did.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Remembered {
    /// It is the open hand now; `retire`: the token of the older hand message it replaced,
    /// still editable, to take its buttons away.
    Open { retire: Option<String> },
    /// A newer hand message of the player's is open: this one is not kept.
    Superseded,
}

/// A player's hand lane: every change of their hand messages at one table is made holding it,
/// one at a time (see `shown::Lane`).
pub(super) type HandLane = Arc<tokio::sync::Mutex<()>>;

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
    /// Per user: the lane their hand's changes take, while someone holds or waits for it.
    lanes: HashMap<u64, HandLane>,
    /// The live turn ping (None: not known here; after a restart the table says).
    ping: Option<Ping>,
    /// The table's updates in the order of its moves (made on first use).
    order: Option<Arc<Order>>,
    /// The "I'm back" notices still carrying their button.
    away: Vec<u64>,
    /// The queue of the table's events still to show, while its worker runs (None: no
    /// worker).
    queue: Option<VecDeque<Work>>,
    /// The latest move number heard of (an applied move's event, as the subscriber received
    /// it): a hand read at an older move is not shown over a newer one.
    latest: u64,
    /// The freshest acknowledged interaction of the table's channel (a player's hand click).
    voice: Option<Voice>,
}

impl TableRecord {
    /// Whether the record holds nothing worth keeping (the latest move alone is not: it only
    /// matters while the table's updates are under way, and they keep the order).
    fn is_empty(&self) -> bool {
        self.hands.is_empty()
            && self.lanes.is_empty()
            && self.ping.is_none()
            && self.order.is_none()
            && self.away.is_empty()
            && self.queue.is_none()
    }
}

/// The records of every table the edge keeps something of.
#[derive(Clone, Default)]
pub(super) struct Tables {
    records: Arc<Mutex<HashMap<TableId, TableRecord>>>,
    /// Per channel: the token of a command that deferred its answer and asked the service to
    /// start a game there (`/play`, `/resume`); the showing of the game's start fills that
    /// answer in with the table message (see `upkeep::started`).
    starts: Arc<Mutex<HashMap<u64, String>>>,
}

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
        let mut tables = self.records.lock().ok()?;
        let record = tables.entry(table).or_default();
        let result = f(record);
        if record.is_empty() {
            tables.remove(&table);
        }
        Some(result)
    }

    /// Reads the table's record, if there is one.
    fn read<R>(&self, table: TableId, f: impl FnOnce(&TableRecord) -> R) -> Option<R> {
        self.records.lock().ok()?.get(&table).map(f)
    }

    /// Puts work on the table's queue, folded into the update waiting last when both are
    /// plain moves (see [`Work::fold`]); answers the work itself when the table had no
    /// queue: its worker is to be started with it.
    pub(super) fn enqueue(&self, table: TableId, work: Work) -> Option<Work> {
        self.with(table, |r| match &mut r.queue {
            None => {
                r.queue = Some(VecDeque::new());
                Some(work)
            }
            Some(queue) => {
                match queue.pop_back() {
                    Some(last) => queue.extend(last.fold(work)),
                    None => queue.push_back(work),
                }
                None
            }
        })
        .flatten()
    }

    /// The table's next work; when nothing is left, retires the queue (under the lock that
    /// new work takes, so no work is put on a retired queue, and the next work starts a new
    /// worker).
    pub(super) fn next_work(&self, table: TableId) -> Option<Work> {
        self.with(table, |r| {
            let next = r.queue.as_mut().and_then(VecDeque::pop_front);
            if next.is_none() {
                r.queue = None;
            }
            next
        })
        .flatten()
    }

    /// The lane of a user's hand at a table (made on first use); `None` when the lock is
    /// poisoned.
    pub(super) fn lane(&self, table: TableId, user: u64) -> Option<HandLane> {
        self.with(table, |r| r.lanes.entry(user).or_default().clone())
    }

    /// Drops a user's hand lane once nobody holds or waits for it.
    pub(super) fn release_lane(&self, table: TableId, user: u64) {
        self.with(table, |r| {
            if r.lanes
                .get(&user)
                .is_some_and(|l| Arc::strong_count(l) == 1)
            {
                r.lanes.remove(&user);
            }
        });
    }

    /// Remembers the token of a user's hand message, which shows the position after move
    /// `shown`, as their open hand: unless a newer hand message of theirs is open (message ids
    /// grow with time), which this one never replaces.
    pub(super) fn remember_hand(
        &self,
        table: TableId,
        user: u64,
        token: &str,
        message: u64,
        shown: u64,
    ) -> Remembered {
        self.with(table, |r| {
            let old = r.hands.get(&user).cloned();
            let shown = match &old {
                Some(old) if old.message > message => return Remembered::Superseded,
                Some(old) if old.message == message => old.shown.max(shown),
                _ => shown,
            };
            let hand = OpenHand {
                voice: Voice::new(token),
                message,
                shown,
                behind: false,
            };
            r.hands.insert(user, hand);
            Remembered::Open {
                retire: old
                    .filter(|old| old.message != message && old.voice.live())
                    .map(|old| old.voice.token.to_string()),
            }
        })
        .unwrap_or(Remembered::Open { retire: None })
    }

    /// Whether a newer hand message of the user's than `message` is open.
    pub(super) fn superseded(&self, table: TableId, user: u64, message: u64) -> bool {
        self.read(table, |r| {
            r.hands.get(&user).is_some_and(|h| h.message > message)
        })
        .unwrap_or(false)
    }

    /// Notes that a user's hand message now shows the position after move `position`.
    pub(super) fn showed(&self, table: TableId, user: u64, message: u64, position: u64) {
        self.with(table, |r| {
            if let Some(hand) = r.hands.get_mut(&user).filter(|h| h.message == message) {
                hand.shown = hand.shown.max(position);
            }
        });
    }

    /// The open hand `message` missed an edit (Discord was unavailable through every attempt):
    /// answers whether it was not behind already, so that one task, not one per missed edit,
    /// brings it up to date later.
    pub(super) fn fell_behind(&self, table: TableId, user: u64, message: u64) -> bool {
        self.with(table, |r| {
            match r.hands.get_mut(&user).filter(|h| h.message == message) {
                Some(hand) if !hand.behind => {
                    hand.behind = true;
                    true
                }
                _ => false,
            }
        })
        .unwrap_or(false)
    }

    /// A hand that fell behind is being brought up to date: a failure from now on schedules
    /// another try.
    pub(super) fn catching_up(&self, table: TableId, user: u64) {
        self.with(table, |r| {
            if let Some(hand) = r.hands.get_mut(&user) {
                hand.behind = false;
            }
        });
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
        self.hand_slot(table, user).map(|slot| slot.token)
    }

    /// A user's open hand, if it can still be edited.
    pub(super) fn hand_slot(&self, table: TableId, user: u64) -> Option<HandSlot> {
        self.read(table, |r| r.hands.get(&user)?.slot())?
    }

    /// Forgets a user's open hand, answering it if it can still be edited.
    pub(super) fn take_hand(&self, table: TableId, user: u64) -> Option<HandSlot> {
        self.with(table, |r| r.hands.remove(&user)?.slot())?
    }

    /// The users with an open hand at the table.
    pub(super) fn hand_users(&self, table: TableId) -> Vec<u64> {
        self.read(table, |r| r.hands.keys().copied().collect())
            .unwrap_or_default()
    }

    /// The order of a table's updates (made on first use).
    pub(super) fn order(&self, table: TableId) -> Arc<Order> {
        self.with(table, |r| r.order.get_or_insert_with(Arc::default).clone())
            .unwrap_or_default()
    }

    /// The order of a table's updates, if one is kept (none is made).
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

    /// A command deferred its answer in `channel` and is about to start a game there: the
    /// showing of the start fills the answer in (see [`Tables::take_start`]).
    pub(super) fn await_start(&self, channel: u64, token: &str) {
        if let Ok(mut starts) = self.starts.lock() {
            starts.insert(channel, token.to_string());
        }
    }

    /// Whether a command's deferred answer awaits the start of a game in `channel`.
    pub(super) fn start_pending(&self, channel: u64) -> bool {
        self.starts
            .lock()
            .is_ok_and(|starts| starts.contains_key(&channel))
    }

    /// The token of the deferred answer awaiting the start of a game in `channel`, forgotten
    /// (the command takes it back when the service refused, or started no game).
    pub(super) fn take_start(&self, channel: u64, token: Option<&str>) -> Option<String> {
        let mut starts = self.starts.lock().ok()?;
        match token {
            Some(token) if starts.get(&channel).is_some_and(|t| t != token) => None,
            _ => starts.remove(&channel),
        }
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

    /// The token to post the table's public messages with: a fresh one ([`Self::voice`]), or
    /// where the bot reaches the table's channel by interactions alone (`by_interactions`),
    /// any that still works, since there is no channel route to fall back on.
    pub(super) fn voice_for(&self, table: TableId, by_interactions: bool) -> Option<Voice> {
        if !by_interactions {
            return self.voice(table);
        }
        self.read(table, |r| r.voice.clone().filter(Voice::live))?
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
        let Ok(tables) = self.records.lock() else {
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
    /// Plain moves that waited in the queue together, shown as one: the latest move's view
    /// and ping, and the hands of everyone any of them changed (see [`Work::fold`]).
    Moves(Folded),
    /// The table shown again from its current view (after a restart, or after the edge fell
    /// behind its events); `ping`: the turn ping too.
    Resync { ping: bool },
}

/// Plain moves of one table folded into one update.
#[derive(Debug)]
pub(super) struct Folded {
    /// The events folded in, every one counted shown when the update is.
    pub(super) seqs: Vec<u64>,
    /// The latest move.
    pub(super) acted: Arc<Acted>,
    /// The people who made the moves (a computer's moves name nobody), the latest last.
    pub(super) movers: Vec<u64>,
    /// The latest move was a quick computer move with another to follow.
    pub(super) passing: bool,
    /// The people whose hands the earlier moves changed (their hands are read anew).
    pub(super) earlier: Vec<u64>,
}

impl Work {
    /// This work and `later` as the queue keeps them: one update when both are plain moves
    /// (not a new deal, not the end), else both in turn. A table whose people click faster
    /// than its channel takes edits so holds one waiting update, not one per move; what the
    /// channel shows at the end is the same (the latest position, its ping, every changed hand).
    fn fold(self, later: Work) -> Vec<Work> {
        if !self.is_plain_move() || !later.is_plain_move() {
            return vec![self, later];
        }
        let (Some(early), Some(late)) = (self.into_folded(), later.into_folded()) else {
            unreachable!("both are plain moves");
        };
        let mut seqs = early.seqs;
        seqs.extend(&late.seqs);
        // Every hand the earlier moves changed, their movers' included.
        let mut earlier = early.earlier;
        earlier.extend(&early.acted.newly_to_act);
        earlier.extend(&early.acted.done_acting);
        earlier.extend(&early.movers);
        earlier.sort_unstable();
        earlier.dedup();
        let mut movers = early.movers;
        movers.retain(|u| !late.movers.contains(u));
        movers.extend(late.movers);
        vec![Work::Moves(Folded {
            seqs,
            acted: late.acted,
            movers,
            passing: late.passing,
            earlier,
        })]
    }

    /// Whether this is a move that is neither a new deal nor the end (or plain moves folded).
    fn is_plain_move(&self) -> bool {
        match self {
            Work::Moves(_) => true,
            Work::Event(published) => matches!(
                &*published.event,
                TableEvent::Moved { acted, .. } if !acted.new_deal && !acted.finished
            ),
            Work::Resync { .. } => false,
        }
    }

    /// A plain move as a fold of one.
    fn into_folded(self) -> Option<Folded> {
        match self {
            Work::Moves(folded) => Some(folded),
            Work::Event(published) => match &*published.event {
                TableEvent::Moved { acted, by, passing } => Some(Folded {
                    seqs: vec![published.seq],
                    acted: acted.clone(),
                    movers: by.person().into_iter().collect(),
                    passing: *passing,
                    earlier: Vec::new(),
                }),
                _ => None,
            },
            Work::Resync { .. } => None,
        }
    }
}

/// What Discord shows of one table: the move its table message shows and that message, and
/// for a match its latest result and a line for each deal over.
#[derive(Debug, Default)]
pub(super) struct Shown {
    pub(super) move_number: Option<u64>,
    pub(super) message: Option<Posted>,
    /// The latest result posted (a deal's), as this process posted it.
    pub(super) result: Option<Posted>,
}

/// What the chat shows of one table, held by the one worker showing its events (`listen`).
#[derive(Debug, Default)]
pub(super) struct Order {
    pub(super) shown: tokio::sync::Mutex<Shown>,
    /// The table's updater of its table message and turn ping after plain moves (see
    /// `upkeep::after_move`), while one runs: the worker hands it the moves and goes on.
    pub(super) updates: Mutex<Option<tokio::sync::mpsc::UnboundedSender<Update>>>,
}

/// What a table's updater is asked: the table message and turn ping of a plain move (of those
/// waiting together, the latest is shown), or to say when all asked before it is done.
#[derive(Debug)]
pub(super) enum Update {
    Show(Arc<Acted>),
    Flushed(tokio::sync::oneshot::Sender<()>),
}

#[cfg(test)]
mod tests {
    use super::*;
    use pakka_table::replay_fixtures::{every_move, ALICE};

    /// The table's moves as the service published them, numbered from 1.
    async fn published() -> Vec<Published> {
        every_move("pisha-pasha", 2, 7)
            .await
            .into_iter()
            .enumerate()
            .map(|(k, (acted, by))| Published {
                seq: k as u64 + 1,
                event: Arc::new(TableEvent::Moved {
                    acted,
                    by,
                    passing: false,
                }),
            })
            .collect()
    }

    fn acted(published: &Published) -> &Acted {
        match &*published.event {
            TableEvent::Moved { acted, .. } => acted,
            _ => unreachable!(),
        }
    }

    /// Everything on the table's queue, in order, until it retires.
    fn drain(tables: &Tables, table: TableId) -> Vec<Work> {
        std::iter::from_fn(|| tables.next_work(table)).collect()
    }

    #[tokio::test]
    async fn plain_moves_waiting_together_are_shown_as_one() {
        let moves = published().await;
        let (first, rest) = moves.split_first().unwrap();
        let plain: Vec<&Published> = rest
            .iter()
            .take_while(|p| !acted(p).new_deal && !acted(p).finished)
            .take(4)
            .collect();
        assert!(plain.len() >= 3, "the seeded game has plain moves to fold");
        let table = acted(first).table.id;
        let tables = Tables::default();
        // The first work starts the worker; what comes while it works waits, folded.
        assert!(tables.enqueue(table, Work::Event(first.clone())).is_some());
        for p in &plain {
            assert!(tables.enqueue(table, Work::Event((*p).clone())).is_none());
        }
        let waiting = drain(&tables, table);
        assert_eq!(waiting.len(), 1, "one update waits: {waiting:?}");
        let Work::Moves(folded) = &waiting[0] else {
            panic!("plain moves fold into one update: {waiting:?}");
        };
        let seqs: Vec<u64> = plain.iter().map(|p| p.seq).collect();
        assert_eq!(
            folded.seqs, seqs,
            "every folded event is counted shown with it"
        );
        let last = acted(plain.last().unwrap());
        assert_eq!(folded.acted.table.move_number, last.table.move_number);
        assert!(Arc::ptr_eq(
            &folded.acted,
            match &*plain.last().unwrap().event {
                TableEvent::Moved { acted, .. } => acted,
                _ => unreachable!(),
            }
        ));
        // The people the earlier moves changed, each mover included (the subscriber shows
        // every hand a move changed, whoever made it and through whichever edge).
        let mut earlier: Vec<u64> = Vec::new();
        let mut movers: Vec<u64> = Vec::new();
        for p in &plain {
            let TableEvent::Moved { acted, by, .. } = &*p.event else {
                unreachable!()
            };
            if !std::ptr::eq(*p, *plain.last().unwrap()) {
                earlier.extend(acted.newly_to_act.iter().chain(&acted.done_acting));
                earlier.extend(by.person());
            }
            if let Some(mover) = by.person() {
                movers.retain(|&u| u != mover);
                movers.push(mover);
            }
        }
        earlier.sort_unstable();
        earlier.dedup();
        assert_eq!(folded.earlier, earlier);
        assert_eq!(folded.movers, movers, "the movers, the latest last");
        assert!(
            plain.iter().any(|p| acted(p).newly_to_act.contains(&ALICE)),
            "the moves folded change Alice's hand"
        );
        // The queue retired: the next event starts a worker again.
        assert!(tables.next_work(table).is_none());
        assert!(tables.enqueue(table, Work::Event(first.clone())).is_some());
    }

    #[tokio::test]
    async fn a_deal_or_game_end_and_a_resync_are_never_folded() {
        let moves = published().await;
        let end = moves.last().unwrap();
        assert!(acted(end).finished);
        let before = &moves[moves.len() - 3..moves.len() - 1];
        let table = acted(end).table.id;
        let tables = Tables::default();
        assert!(tables
            .enqueue(table, Work::Resync { ping: false })
            .is_some());
        tables.enqueue(table, Work::Event(before[0].clone()));
        tables.enqueue(table, Work::Resync { ping: true });
        tables.enqueue(table, Work::Event(before[1].clone()));
        tables.enqueue(table, Work::Event(end.clone()));
        let kinds: Vec<String> = drain(&tables, table)
            .iter()
            .map(|w| match w {
                Work::Event(p) => format!("event {}", p.seq),
                Work::Moves(f) => format!("moves {:?}", f.seqs),
                Work::Resync { ping } => format!("resync {ping}"),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                format!("event {}", before[0].seq),
                "resync true".to_owned(),
                format!("event {}", before[1].seq),
                format!("event {}", end.seq),
            ]
        );
    }
}
