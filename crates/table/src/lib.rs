//! The table service: tables in channels, their seats, invitations, starting, acting as a user,
//! abandoning, the end of a game with its result, and restoring every unfinished table at start.
//! It runs each table's whole life by itself (`runner`: computer players, turn timers, lobby
//! expiry, once `start`ed) and publishes every change of a table once, as a typed event, to
//! every edge that subscribes (`events`); the edges send commands in and show the events.
//!
//! This file is the crate's table of contents. The service itself, its construction and its
//! map of tables are `service`; one table in memory is `table`; what the front ends are handed
//! is `views`, with each table's recent lines in `story`; the operator's bounds on open tables
//! and their accounting are `limits`. Its work is split by room: `lobby` (opening,
//! invitations, seats, rematches), `play` (hands, moves, computer moves, results), `clocks`
//! (turn timers and lobby expiry), `restore` (tables taken up again at start and after
//! `/pause`), `replay` (finished games stepped through, public views only until the last step
//! reveals the deal), `records` (leaderboards, a player's record, the last games), `messages`
//! (the front end's own message ids per table), `tournaments` (events of rounds of tables, from
//! sign-up to standings) and `seasons` (a server's ratings in seasons, rolled over by the
//! service's clock).
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

pub mod actions;
mod clocks;
mod error;
pub mod events;
pub mod games;
mod limits;
mod lobby;
mod messages;
mod play;
pub mod records;
pub(crate) mod replay;
mod restore;
mod runner;
pub mod seasons;
mod service;
mod story;
mod table;
pub mod tournaments;
mod views;

pub use actions::{AtTable, TableAction};
pub use error::TableError;
pub use events::{Closing, Edge, Mover, Published, TableEvent};
pub use games::game_ids;
pub use limits::Limits;
pub use lobby::{CreateTable, Declined, Person};
pub use messages::Messages;
pub use runner::{Clocks, QUICK};
pub use service::{Counts, TableService, Watching};
pub use story::{STORY_HAND, STORY_PUBLIC};
pub use views::{
    level_name, Acted, DealScores, HandAction, HandView, Hint, LobbyChange, Phase, Place,
    PlaceView, Record, Roster, SeatView, TableView, TookOver,
};
// What the edges above the table service need of the layers below it, so that they depend on
// the table service alone: the computer levels, a process's gateway shards, ratings, and the
// rules' words its views are made of (a seat, a status, a row of calls and its tone, a scene
// and its cards).
pub use pakka_ai::{Level, UnknownLevel, DEFAULT_THINK};
pub use pakka_cards::Card;
pub use pakka_ratings as ratings;
pub use pakka_rules::picture;
pub use pakka_rules::{Row, Seat, Status, Tone};
pub use pakka_store::{GuildSetting, GuildSettings, Learning, MessageIds, ShardRange};
/// Finished seeded games and what their tables showed, for the replay tests of the edges.
#[cfg(any(test, feature = "testing"))]
pub use replay::fixtures as replay_fixtures;
pub use replay::{load as load_replay, Dealt, Replay, ReplayError, ReplayStep};
pub use restore::Unrestorable;

// The crate's own names for its rooms, which reach them as `super::…`.
use service::Counters;
use story::Story;
use table::{level_of, Reminder, Table, REMIND_AT_MOST};
use views::deal_over;

pub type UserId = u64;
pub type ChannelId = u64;
pub type GuildId = u64;
/// The id of a table (the store's row id).
pub type TableId = i64;

#[cfg(test)]
mod tests;
