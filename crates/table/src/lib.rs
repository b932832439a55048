//! The table service: tables in channels, their seats, invitations, starting, acting as a user,
//! abandoning, the end of a game with its result, and restoring every unfinished table at start.
//! It runs each table's whole life by itself (`runner`: computer players, turn timers, lobby
//! expiry, once `start`ed) and publishes every change of a table once, as a typed event, to
//! every edge that subscribes (`events`); the edges send commands in and show the events.
//! This file holds the types the front ends see and the service itself; its work is split by
//! room: `lobby` (opening, invitations, seats, rematches), `play` (hands, moves, computer moves,
//! results), `clocks` (turn timers and lobby expiry), `restore` (tables taken up again at
//! start and after `/pause`), `replay` (finished games stepped through, public views only
//! until the last step reveals the deal), `records` (leaderboards, a player's record, the
//! last games), `messages` (the front end's own message ids per table), `tournaments`
//! (events of rounds of tables, from sign-up to standings) and `seasons` (a server's ratings
//! in seasons, rolled over by the service's clock).
//!
//! Free of Discord types and words: users and channels are plain ids, and everything handed out
//! is a view (`TableView`, `HandView`) whose text is catalog messages (`Msg`) with seats as
//! `Arg::Seat`, never a full game state and never a sentence; the front end names the seats and
//! words the messages. Every applied move is stored before the caller hears it was applied.
//! Clicks on one table are applied one at a time (a per-table lock); every offered action
//! carries the table's move number, so a stale or repeated click is refused.
//!
//! A process that runs a range of Discord's gateway shards (`SHARDS`) holds only the tables of
//! the servers whose events arrive on them: it restores only theirs, and refuses to open,
//! resume or rematch a table of any other server (`TableError::OtherShard`), so no table is
//! ever held by two processes. Without `SHARDS` one process holds every table
//! (`ShardRange::ALL`).
//!
//! The operator's `Limits` bound the open tables (lobbies and games in play; a paused match
//! is not open until it is resumed) of one person and of one server. A person's open tables
//! are the ones they created and the ones where they hold an accepted seat (an invitation
//! counts once accepted, so nobody can be blocked by being invited). They are counted from an
//! index kept beside the tables in memory, checked and a place taken under one opening lock,
//! so two requests at once cannot both take the last place; the place is held while the store
//! is written, and the lock is not.

mod clocks;
mod error;
pub mod events;
pub mod games;
mod lobby;
mod messages;
mod play;
pub mod records;
pub(crate) mod replay;
mod restore;
mod runner;
pub mod seasons;
pub mod tournaments;

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Instant;

use serde_json::Value;
use tokio::sync::{Mutex, OwnedMutexGuard};

use pakka_rules::options::OptionValues;
use pakka_rules::registry::{self, GameInfo};
use pakka_rules::{AnyGame, Observer, Scene, Told};
use pakka_store::{SeatRow, Store};
use pakka_text::msg;
use pakka_text::{list, list_of, verbatim, Arg, Msg};

pub use error::TableError;
pub use events::{Closing, Mover, Published, TableEvent};
pub use runner::{Clocks, QUICK};
// What the edges above the table service need of the layers below it, so that they depend on
// the table service alone: the computer levels, a process's gateway shards, ratings, and the
// rules' words its views are made of (a seat, a status, a row of calls and its tone).
pub use lobby::Declined;
pub use messages::Messages;
pub use pakka_ai::{Level, UnknownLevel, DEFAULT_THINK};
pub use pakka_ratings as ratings;
pub use pakka_rules::{Row, Seat, Status, Tone};
pub use pakka_store::{GuildSetting, GuildSettings, Learning, MessageIds, ShardRange};
/// Finished seeded games and what their tables showed, for the replay tests of the edges.
#[cfg(any(test, feature = "testing"))]
pub use replay::fixtures as replay_fixtures;
pub use replay::{load as load_replay, Dealt, Replay, ReplayError, ReplayStep};
pub use restore::Unrestorable;

pub type UserId = u64;
pub type ChannelId = u64;
pub type GuildId = u64;
/// The id of a table (the store's row id).
pub type TableId = i64;

/// Where a table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Lobby,
    Playing,
    Finished,
    Abandoned,
}

impl From<pakka_store::Phase> for Phase {
    fn from(p: pakka_store::Phase) -> Phase {
        match p {
            pakka_store::Phase::Lobby => Phase::Lobby,
            pakka_store::Phase::Playing => Phase::Playing,
            pakka_store::Phase::Finished => Phase::Finished,
            pakka_store::Phase::Abandoned => Phase::Abandoned,
        }
    }
}

/// A user's record at one game in one channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Record {
    pub user: UserId,
    pub wins: i64,
    pub games: i64,
}

/// One place of a final ranking: its number (seats tied for it share it, and the next place
/// counts them), its seats, and their points where the game counts points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub place: usize,
    pub seats: Vec<Seat>,
    pub points: Option<Vec<i64>>,
}

impl Place {
    /// The places of a finished game, best first (none before the end).
    pub fn of(status: &Status) -> Vec<Place> {
        let mut places = Vec::new();
        let mut place = 1;
        for group in status.ranking.iter().flatten() {
            let points = status
                .scores
                .as_ref()
                .map(|s| group.iter().map(|&seat| s[seat]).collect());
            places.push(Place {
                place,
                seats: group.clone(),
                points,
            });
            place += group.len();
        }
        places
    }

    /// The place's points for people ("17 points"; "0/0 points" for a tie), if counted.
    pub fn points_msg(&self) -> Option<Msg> {
        Some(match self.points.as_deref()? {
            [one] => msg!("table-points", points = *one),
            several => {
                let each: Vec<String> = several.iter().map(i64::to_string).collect();
                msg!("table-points-tied", points = verbatim(each.join("/")))
            }
        })
    }
}

/// One place of a final ranking as people read it: the seats sharing it and their score as the
/// game counts it (once when they share one score, as a team does).
#[derive(Clone, Debug, PartialEq)]
pub struct PlaceView {
    pub place: usize,
    pub seats: Vec<Seat>,
    pub score: Option<Msg>,
}

impl PlaceView {
    fn of(status: &Status, game: &dyn AnyGame) -> Vec<PlaceView> {
        Place::of(status)
            .into_iter()
            .map(|p| {
                let score = p.points.as_deref().and_then(|points| {
                    let first = *points.first()?;
                    Some(if points.iter().all(|&x| x == first) {
                        game.score(first)
                    } else {
                        msg!(
                            "table-scores-tied",
                            scores = list(
                                points.iter().map(|&x| game.score(x)).collect(),
                                pakka_text::key!("sep-slash"),
                            )
                        )
                    })
                });
                PlaceView {
                    place: p.place,
                    seats: p.seats,
                    score,
                }
            })
            .collect()
    }
}

/// How many public events the table message tells.
pub const STORY_PUBLIC: usize = 5;
/// How many entries (public, and the seat's own private ones) a hand tells.
pub const STORY_HAND: usize = 4;
// `Story::forget_unread` counts a seat without private entries by the public ones alone.
const _: () = assert!(STORY_HAND <= STORY_PUBLIC);

/// What happened lately at a table, oldest first: the sentence of every public event, and for
/// each seat the cards that came into its own hand ("New in your hand: 7♥"), told only to it.
/// Kept in memory and rebuilt by replaying the move log on restore. Only what a view can still
/// read is kept: the last [`STORY_PUBLIC`] public entries and, for each seat, the last
/// [`STORY_HAND`] it may read (a busy server holds every table's story at once).
#[derive(Clone, Debug, Default)]
struct Story {
    /// `None`: public; `Some(seat)`: only that seat's.
    entries: VecDeque<(Option<Seat>, Msg)>,
}

impl Story {
    /// Tells one applied move: its public events, then what came into each seat's own hand
    /// (not at a new deal, whose cards every hand shows in full).
    fn tell(&mut self, before: &dyn AnyGame, after: &dyn AnyGame, told: &[Told]) {
        for t in told {
            self.push(None, t.text.clone());
        }
        if before.status().deal != after.status().deal {
            return;
        }
        for seat in 0..after.seats() {
            let had = before.own_cards(seat);
            let new: Vec<pakka_cards::Card> = after
                .own_cards(seat)
                .into_iter()
                .filter(|c| !had.contains(c))
                .collect();
            if !new.is_empty() {
                let n = new.len();
                self.push(Some(seat), msg!("table-new-in-hand", cards = new, n = n));
            }
        }
    }

    fn push(&mut self, to: Option<Seat>, text: Msg) {
        self.entries.push_back((to, text));
        self.forget_unread();
    }

    /// Drops the entries no view reads any more: a public one older than the last
    /// [`STORY_PUBLIC`] public ones and older than the last [`STORY_HAND`] entries of every
    /// seat, a private one older than its seat's last [`STORY_HAND`].
    fn forget_unread(&mut self) {
        let mut public = 0;
        // Entries seen from the newest, per seat that has private ones (a seat without any
        // reads the public ones alone, which `public` counts), and in all the public ones.
        let mut own: Vec<(Seat, usize)> = Vec::new();
        let mut keep = vec![false; self.entries.len()];
        for (i, (to, _)) in self.entries.iter().enumerate().rev() {
            keep[i] = match *to {
                None => {
                    public += 1;
                    let seats_read = own.iter_mut().fold(false, |read, (_, n)| {
                        *n += 1;
                        read || *n <= STORY_HAND
                    });
                    public <= STORY_PUBLIC || seats_read
                }
                Some(seat) => {
                    let n = match own.iter_mut().find(|(s, _)| *s == seat) {
                        Some((_, n)) => {
                            *n += 1;
                            *n
                        }
                        None => {
                            // This seat has read every public entry newer than this one.
                            own.push((seat, public + 1));
                            public + 1
                        }
                    };
                    n <= STORY_HAND
                }
            };
        }
        let mut keep = keep.into_iter();
        self.entries.retain(|_| keep.next().unwrap_or(true));
    }

    /// The last `n` public events, oldest first.
    fn public(&self, n: usize) -> Vec<Msg> {
        let mut out: Vec<Msg> = self
            .entries
            .iter()
            .rev()
            .filter(|(to, _)| to.is_none())
            .take(n)
            .map(|(_, m)| m.clone())
            .collect();
        out.reverse();
        out
    }

    /// The last `n` entries the seat may read (public, and its own), oldest first.
    fn for_seat(&self, seat: Seat, n: usize) -> Vec<Msg> {
        let mut out: Vec<Msg> = self
            .entries
            .iter()
            .rev()
            .filter(|(to, _)| to.is_none_or(|s| s == seat))
            .take(n)
            .map(|(_, m)| m.clone())
            .collect();
        out.reverse();
        out
    }
}

/// The registered games' ids as one list argument, for the refusal of a game nobody knows.
pub fn game_ids() -> Arg {
    list_of(
        registry::GAMES.iter().map(|g| verbatim(g.id)),
        pakka_text::key!("sep-comma"),
    )
}

/// The name of a computer player's level, for people.
pub fn level_name(level: Level) -> Msg {
    match level {
        Level::Easy => msg!("level-easy"),
        Level::Normal => msg!("level-normal"),
        Level::Hard => msg!("level-hard"),
    }
}

/// A person as the front end knows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    pub id: UserId,
    pub bot: bool,
}

/// A request to open a table.
#[derive(Clone, Debug)]
pub struct CreateTable {
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    pub creator: Person,
    /// The other players, seated in this order after the creator.
    pub invited: Vec<Person>,
    /// A game id or alias.
    pub game: String,
    /// The seat count; by default the fewest the game allows that seats everyone named.
    pub seats: Option<usize>,
    /// Replays a known deal; random when absent.
    pub seed: Option<u64>,
    /// The game's options as a JSON object (`Value::Null` for the defaults).
    pub options: Value,
    /// Computer players to seat after the people named.
    pub bots: usize,
    /// Their level.
    pub bot_level: Level,
    /// Minutes a person may take over a turn before a computer player stands in (off: None).
    pub turn_timer: Option<u32>,
    /// Hints in every hand (the table is then unrated), computer seats open to latecomers.
    pub learning: Learning,
}

/// One seat as the front end shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    pub seat: Seat,
    pub user: Option<UserId>,
    pub accepted: bool,
    /// A computer player's level, when the computer plays this seat.
    pub computer: Option<Level>,
    /// The computer stands in for the seat's owner until they are back.
    pub stand_in: bool,
    /// A person took this seat over from the computer player at this level.
    pub taken_from: Option<Level>,
}

/// Everything a front end may show about a table in public.
#[derive(Clone, Debug, PartialEq)]
pub struct TableView {
    pub id: TableId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    /// The registry id of the game (`registry::find` gives its name and summary).
    pub game_id: &'static str,
    pub phase: Phase,
    pub seats: Vec<SeatView>,
    pub creator: UserId,
    pub seed: u64,
    /// The options the table was opened with (every default when none was named).
    pub options: OptionValues,
    pub move_number: u64,
    /// While playing or finished.
    pub status: Option<Status>,
    /// The public view, one message per line, while playing or finished.
    pub public: Option<Vec<Msg>>,
    /// The public view as a picture, while playing or finished.
    pub picture: Option<Scene>,
    /// The last few public events, oldest first ("Bob played 7♥", "Bob took the pile").
    pub story: Vec<Msg>,
    /// Each seat's score as the game counts it, where it counts one.
    pub scores: Option<Vec<Msg>>,
    /// The deals of a match that are over, before the current one, each with every seat's
    /// running score after it (empty for a game of one deal, and before a match's first deal
    /// ends); rebuilt from the move log at restore.
    pub deals: Vec<DealScores>,
    /// The final ranking, once the game is over.
    pub places: Vec<PlaceView>,
    /// The users whose decision the game waits for.
    pub to_act: Vec<UserId>,
    /// The label of the action each of them may take alike without opening their hand (Kop's
    /// "no announcement" while the four declare), offered on the turn ping; decided from the
    /// public view, so it tells nothing.
    pub open_choice: Option<Msg>,
    /// A paused match (`/pause`), waiting for `/resume`.
    pub paused: bool,
    pub turn_timer: Option<u32>,
    /// Hints in every hand, computer seats open to latecomers.
    pub learning: Learning,
    /// Whether the game's result counts for ratings and records: not with hints on, nor once
    /// a person took over a computer player's seat.
    pub rated: bool,
}

impl TableView {
    pub fn user_of(&self, seat: Seat) -> Option<UserId> {
        self.seats.get(seat).and_then(|s| s.user)
    }

    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.user == Some(user))
            .map(|s| s.seat)
    }

    /// The game's name for people.
    pub fn game_name(&self) -> Msg {
        registry::name_of(self.game_id)
    }

    /// The computer seat a person who is not seated may take over now, if the table's seats
    /// are open and one is left (the first one).
    pub fn seat_to_take(&self) -> Option<Seat> {
        if !self.learning.open_seats || self.phase != Phase::Playing || self.paused {
            return None;
        }
        if self.status.as_ref().is_some_and(|s| s.over) {
            return None;
        }
        self.seats
            .iter()
            .find(|s| s.computer.is_some() && s.user.is_none())
            .map(|s| s.seat)
    }
}

/// Who sits where at a table, and where it is played: what a front end needs to name the
/// seats of a hand and to find its server's settings, without the table's public view.
#[derive(Clone, Debug, PartialEq)]
pub struct Roster {
    pub table: TableId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    /// The registry id of the game.
    pub game_id: &'static str,
    pub seats: Vec<SeatView>,
}

/// One offered action of a hand.
#[derive(Clone, Debug, PartialEq)]
pub struct HandAction {
    /// Index into the seat's legal actions at `HandView::move_number`.
    pub index: usize,
    pub label: Msg,
    /// Offered behind a first-step button with this label, when the game groups its actions.
    pub group: Option<Msg>,
    /// Asked before the action applies.
    pub confirm: Option<Msg>,
    /// What the action means to the player (a button's colour).
    pub tone: Tone,
    /// Where its button sits: with the cards, or in the row of calls.
    pub row: Row,
}

impl HandAction {
    /// The seat's legal actions as the hand offers them, in order of their indices.
    pub fn offered(game: &dyn AnyGame, seat: Seat) -> Vec<HandAction> {
        game.choices(seat)
            .into_iter()
            .enumerate()
            .map(|(index, c)| HandAction {
                index,
                label: c.label,
                group: c.group,
                confirm: c.confirm,
                tone: c.tone,
                row: c.row,
            })
            .collect()
    }
}

/// What one seated user sees and may do.
#[derive(Clone, Debug, PartialEq)]
pub struct HandView {
    pub table: TableId,
    /// The table's seats and server, to name the seats and find the server's settings.
    pub roster: Roster,
    pub seat: Seat,
    pub move_number: u64,
    /// The seat's view, one message per line.
    pub lines: Vec<Msg>,
    /// The seat's view as a picture (its hand with the cards it may play marked), once the
    /// game has begun.
    pub picture: Option<Scene>,
    /// The last few things the seat may read of what happened: public events and its own
    /// private ones ("New in your hand: 7♥"), oldest first.
    pub story: Vec<Msg>,
    /// Exactly the seat's legal actions (empty when it is not their turn).
    pub actions: Vec<HandAction>,
    pub over: bool,
    /// The table gives hints: the hand offers one while it has actions.
    pub hints: bool,
}

/// A hint: the move the `normal` computer player would make for the asker's seat, from that
/// seat's view only, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    /// The table's seats, to name them in the label.
    pub roster: Roster,
    /// The move number the hint holds for.
    pub move_number: u64,
    /// The action's label, as the hand's button names it.
    pub label: Msg,
    /// One line why (the rule of thumb's reason, worded by the catalog).
    pub reason: Msg,
}

/// A computer seat a person took over: the table after it, and their hand.
#[derive(Clone, Debug)]
pub struct TookOver {
    pub table: TableView,
    pub hand: HandView,
    pub seat: Seat,
}

/// The result of an applied action: everything the front end needs to bring every message of
/// the table up to date, built under the one lock that applied it (the front end supplies
/// only the display names).
#[derive(Clone, Debug)]
pub struct Acted {
    /// The public view after the action (its server, seats and story).
    pub table: TableView,
    /// The acting seat's hand after the action (the same copy as its entry in `hands`, when it
    /// has one).
    pub hand: Arc<HandView>,
    /// Users to act now who were not to act before the action.
    pub newly_to_act: Vec<UserId>,
    /// Users who were to act before the action and are no longer.
    pub done_acting: Vec<UserId>,
    /// The hands of the people whose hands changed in a way they must see: those newly to act
    /// and those done acting, every seated person at a new deal, and once the game is over
    /// every seated person's final hand (the table is closed then).
    pub hands: Vec<(UserId, Arc<HandView>)>,
    /// A computer player (or a stand-in) is to act next: the front end sets it moving.
    pub computer_next: bool,
    /// The action began a new deal of a match.
    pub new_deal: bool,
    /// The deal that ended with this action (a new deal began, or the game ended).
    pub ended_deal: Option<u32>,
    /// The public events of this action, in order.
    pub events: Vec<Msg>,
    pub finished: bool,
}

/// What accepting or joining did.
#[derive(Clone, Debug)]
pub enum LobbyChange {
    Waiting(TableView),
    Started(TableView),
}

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
struct Counters {
    views: AtomicU64,
    hands: AtomicU64,
    locks: AtomicU64,
}

impl Counters {
    fn add(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

struct Table {
    /// The service's counters (a table not yet in the service counts on its own).
    counts: Arc<Counters>,
    id: TableId,
    guild_id: GuildId,
    channel_id: ChannelId,
    info: &'static GameInfo,
    options: Value,
    seed: u64,
    creator: UserId,
    phase: Phase,
    seats: Vec<SeatRow>,
    game: Option<Box<dyn AnyGame>>,
    move_number: u64,
    paused: bool,
    turn_timer: Option<u32>,
    learning: Learning,
    /// When the seats now to act became to act (the turn timer counts from here).
    turn_since: Instant,
    /// When the table was opened (lobbies expire).
    opened: Instant,
    /// What happened lately.
    story: Story,
    /// The deals of the match that are over (see [`TableView::deals`]).
    deals: Vec<DealScores>,
    /// An edge cannot show the table (see [`TableService::wait_for_edge`]): its clocks and
    /// computer players stop until it can, and the edges are reminded to try again. Not
    /// stored: after a restart the table runs, and waits again at the edge's next refusal.
    waiting: Option<Reminder>,
}

/// When a waiting table's edges are next reminded to try showing it, and the pause after that
/// (doubling up to [`REMIND_AT_MOST`]: a channel that stays closed is tried less and less often,
/// as each refused try counts against Discord's limit of invalid requests).
#[derive(Clone, Copy, Debug)]
struct Reminder {
    next: Instant,
    pause: std::time::Duration,
}

/// The longest pause between two reminders of a waiting table, in turn-timer minutes.
const REMIND_AT_MOST: u32 = 10;

/// A deal of a match that is over: its number and every seat's running score after it, as the
/// game words each.
#[derive(Clone, Debug, PartialEq)]
pub struct DealScores {
    pub deal: u32,
    pub scores: Vec<Msg>,
}

/// Every seat's score as the game words it, for a game that keeps a score.
fn scores_of(game: &dyn AnyGame) -> Option<Vec<Msg>> {
    let scores = game.status().scores?;
    Some(scores.into_iter().map(|p| game.score(p)).collect())
}

/// The deal a move ended, when it began the next deal of a match (`before` and `after` the
/// move's statuses, `game` the game after it): what [`TableView::deals`] lists.
fn deal_over(before: &Status, after: &Status, game: &dyn AnyGame) -> Option<DealScores> {
    if after.deal == before.deal || after.over {
        return None;
    }
    Some(DealScores {
        deal: before.deal,
        scores: scores_of(game)?,
    })
}

/// Parses a stored level name; an unknown name plays at the default level.
fn level_of(row: &SeatRow) -> Option<Level> {
    row.computer
        .as_deref()
        .map(|l| l.parse().unwrap_or_default())
}

impl Table {
    /// Whether the computer plays this seat now (a computer seat, or a stand-in).
    fn computer_plays(&self, seat: Seat) -> bool {
        self.seats
            .get(seat)
            .is_some_and(|s| s.computer.is_some() || s.stand_in)
    }

    fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.user_id == Some(user))
            .map(|s| s.seat)
    }

    fn users_to_act(&self) -> Vec<UserId> {
        let Some(game) = &self.game else {
            return Vec::new();
        };
        game.to_act()
            .into_iter()
            .filter(|&s| !self.computer_plays(s))
            .filter_map(|s| self.seats.get(s).and_then(|r| r.user_id))
            .collect()
    }

    /// The table's options, typed. A stored object the game's specification does not read
    /// (none that `create` accepted) shows as none.
    fn chosen_options(&self) -> OptionValues {
        self.info.chosen_options(&self.options).unwrap_or_default()
    }

    fn view(&self) -> TableView {
        Counters::add(&self.counts.views);
        TableView {
            id: self.id,
            guild_id: self.guild_id,
            channel_id: self.channel_id,
            game_id: self.info.id,
            phase: self.phase,
            seats: self.seat_views(),
            creator: self.creator,
            seed: self.seed,
            options: self.chosen_options(),
            move_number: self.move_number,
            status: self.game.as_ref().map(|g| g.status()),
            public: self.game.as_ref().map(|g| g.describe(Observer::Public)),
            picture: self.game.as_ref().map(|g| g.picture(Observer::Public)),
            story: self.story.public(STORY_PUBLIC),
            scores: self.game.as_deref().and_then(scores_of),
            deals: self.deals.clone(),
            places: self
                .game
                .as_ref()
                .map(|g| PlaceView::of(&g.status(), g.as_ref()))
                .unwrap_or_default(),
            to_act: self.users_to_act(),
            open_choice: self
                .game
                .as_ref()
                .filter(|_| self.phase == Phase::Playing)
                .and_then(|g| g.open_choice()),
            paused: self.paused,
            turn_timer: self.turn_timer,
            learning: self.learning,
            rated: self.rated(),
        }
    }

    /// Whether the game's result counts for ratings and records: not with hints on, nor once a
    /// person took over a computer player's seat (the seat's result would belong to two
    /// players).
    fn rated(&self) -> bool {
        !self.learning.hints && self.seats.iter().all(|s| s.taken_from.is_none())
    }

    /// Who sits where, without the game.
    fn roster(&self) -> Roster {
        Roster {
            table: self.id,
            guild_id: self.guild_id,
            channel_id: self.channel_id,
            game_id: self.info.id,
            seats: self.seat_views(),
        }
    }

    fn seat_views(&self) -> Vec<SeatView> {
        self.seats
            .iter()
            .map(|s| SeatView {
                seat: s.seat,
                user: s.user_id,
                accepted: s.accepted,
                computer: level_of(s),
                stand_in: s.stand_in,
                taken_from: s
                    .taken_from
                    .as_deref()
                    .map(|l| l.parse().unwrap_or_default()),
            })
            .collect()
    }

    /// Whether a computer player (or a stand-in) is to act first now.
    fn computer_to_act(&self) -> bool {
        if self.phase != Phase::Playing || self.paused || self.waiting.is_some() {
            return false;
        }
        let first = self.game.as_ref().and_then(|g| g.to_act().first().copied());
        first.is_some_and(|s| self.computer_plays(s))
    }

    fn hand(&self, seat: Seat) -> HandView {
        Counters::add(&self.counts.hands);
        let (lines, picture, actions, over) = match &self.game {
            Some(game) => (
                game.describe(Observer::Seat(seat)),
                Some(game.picture(Observer::Seat(seat))),
                HandAction::offered(game.as_ref(), seat),
                game.status().over,
            ),
            None => (vec![msg!("table-not-started-yet")], None, Vec::new(), false),
        };
        HandView {
            table: self.id,
            roster: self.roster(),
            seat,
            move_number: self.move_number,
            lines,
            picture,
            story: self.story.for_seat(seat, STORY_HAND),
            actions,
            over,
            hints: self.learning.hints,
        }
    }

    fn all_accepted(&self) -> bool {
        self.seats
            .iter()
            .all(|s| s.computer.is_some() || (s.user_id.is_some() && s.accepted))
    }

    fn open_seat(&self) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.user_id.is_none() && s.computer.is_none())
            .map(|s| s.seat)
    }
}

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
struct Occupancy {
    guild: GuildId,
    people: Vec<UserId>,
    /// The table's game id (open tables are counted by game for the metrics).
    game: &'static str,
}

impl Table {
    fn occupancy(&self) -> Occupancy {
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
struct LimitPlace {
    key: u64,
    guild: GuildId,
    user: UserId,
    /// A new table (it counts against its server too), not a seat at an open one.
    table: bool,
}

/// A place taken in the limits, given back when dropped: by then the table or the seat it was
/// taken for counts itself, or its store write failed and nothing changed.
struct Reservation<'a> {
    service: &'a TableService,
    key: u64,
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        if let Ok(mut places) = self.service.places.lock() {
            places.retain(|p| p.key != self.key);
        }
    }
}

/// The table service. Cheap to share behind an `Arc`.
pub struct TableService {
    store: Store,
    tables: StdMutex<HashMap<TableId, Arc<Mutex<Table>>>>,
    channels: StdMutex<HashMap<ChannelId, TableId>>,
    limits: Limits,
    /// Whom each open table counts against (kept with `tables`, updated on every seat taken).
    occupancy: StdMutex<HashMap<TableId, Occupancy>>,
    /// Held while the limits are checked and a place is taken in them (`reserve`), never
    /// across a store write: one slow write does not hold up every other opening.
    opening: StdMutex<()>,
    /// The places taken in the limits whose store write is under way (`reserve`).
    places: StdMutex<Vec<LimitPlace>>,
    /// The key of the next place taken.
    next_place: AtomicU64,
    /// The gateway shards of this process: it holds the tables of their servers only.
    shards: ShardRange,
    /// The most a `hard` computer player thinks per decision (`COMPUTER_THINK_MS`).
    think: std::time::Duration,
    /// The tables the restore closed because their move log no longer replays, until the
    /// front end has told their channels.
    unrestorable: StdMutex<Vec<Unrestorable>>,
    /// Views built and locks taken (`TableService::counts`).
    counts: Arc<Counters>,
    /// Every change of a table, told to every edge that subscribes.
    bus: events::Bus,
    /// The tables' own life: computer players and clocks.
    runner: runner::Runner,
    /// People with a live window on a table (an edge that shows the table as it happens):
    /// the other edges need not call them to it.
    watching: Arc<StdMutex<HashMap<(TableId, UserId), usize>>>,
    /// The tournaments' locks, their bus and their tables (`tournaments`).
    events: tournaments::Events,
    /// How far the service's clock is ahead of the system's, in milliseconds (the tests
    /// move it; `seasons`).
    clock_ahead: AtomicU64,
    /// When the seasons' clock last looked.
    season_checked: StdMutex<Option<Instant>>,
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
    fn publish(&self, event: TableEvent) -> u64 {
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
    fn check_shard(&self, guild: GuildId) -> Result<(), TableError> {
        if self.serves(guild) {
            return Ok(());
        }
        tracing::warn!(
            guild,
            shard = self.shards.shard_of(guild),
            first = self.shards.first,
            last = self.shards.last,
            total = self.shards.total,
            "a server on another process's shard; its tables are not held here"
        );
        Err(TableError::OtherShard { guild })
    }

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
    fn reserve(
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

    /// Refuses a new table in `guild` (when `new_table`) or a new seat for `user` beyond the
    /// limits. Call with `opening` held (`reserve`).
    fn check_room(&self, guild: GuildId, user: UserId, new_table: bool) -> Result<(), TableError> {
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
    fn recount(&self, t: &Table) {
        if let Ok(mut occupancy) = self.occupancy.lock() {
            if let Some(o) = occupancy.get_mut(&t.id) {
                *o = t.occupancy();
            }
        }
    }

    /// The store, with every full game state in it: for tests only, never for a front end.
    #[cfg(any(test, feature = "testing"))]
    pub fn store(&self) -> &Store {
        &self.store
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

    fn table(&self, id: TableId) -> Result<Arc<Mutex<Table>>, TableError> {
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
    async fn lock(&self, id: TableId) -> Result<OwnedMutexGuard<Table>, TableError> {
        let table = self.table(id)?;
        Counters::add(&self.counts.locks);
        Ok(table.lock_owned().await)
    }

    fn insert(&self, mut table: Table) -> Result<(), TableError> {
        table.counts = self.counts.clone();
        // The last line of defence: every way into memory checks its server's shard first.
        self.check_shard(table.guild_id)?;
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

    fn remove(&self, id: TableId, channel: ChannelId) {
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
    fn all_tables(&self) -> Vec<Arc<Mutex<Table>>> {
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

#[cfg(test)]
mod tests;
