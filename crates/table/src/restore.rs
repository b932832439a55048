//! Tables taken up again: every unfinished table when the service starts (`restore`), and a
//! paused match (`pause`, `resume`). A table is rebuilt by replaying its stored move log from its
//! seed: the log is the truth, and no state is stored beside it. A table whose log no longer
//! replays (a rules fix that refuses an old move, a game gone from the registry) is never
//! dropped silently: it is closed with no result, which frees its channel, logged with the move
//! that failed, and handed to the front end to tell its players ([`Unrestorable`]). A resumed
//! match is open again and is refused beyond the limits of open tables; a restore brings back
//! every table as it was, whatever the limits. Both take up only the tables of servers on this
//! process's gateway shards: another process holds the others.

use std::sync::Arc;
use std::time::Instant;

use super::{
    ChannelId, GuildId, Phase, Story, Table, TableError, TableEvent, TableId, TableService,
    TableView, UserId,
};
use pakka_rules::registry;
use pakka_rules::Setup;
use pakka_store::{self, ShardRange, StoredTable};
use pakka_text::Msg;

/// A table whose stored move log no longer replays, closed with no result by a restore: what
/// its channel is told.
#[derive(Clone, Debug, PartialEq)]
pub struct Unrestorable {
    pub id: TableId,
    pub guild_id: GuildId,
    pub channel_id: ChannelId,
    /// The game's name for people (its stored id, verbatim, for a game pakka no longer hosts).
    pub game: Msg,
    /// The people seated, in seat order.
    pub players: Vec<UserId>,
    /// The first move that did not replay (none when the game itself could not be set up).
    pub failed_move: Option<u64>,
}

/// Why a stored table could not be rebuilt, and at which move.
#[derive(Debug, thiserror::Error)]
#[error("{reason}")]
pub(super) struct RebuildError {
    pub(super) failed_move: Option<u64>,
    pub(super) reason: String,
}

impl RebuildError {
    fn setup(reason: impl std::fmt::Display) -> RebuildError {
        RebuildError {
            failed_move: None,
            reason: reason.to_string(),
        }
    }
}

impl TableService {
    /// Pauses a match in play (`/pause`): it keeps its position and frees the channel until a
    /// player takes it up again with [`TableService::resume`].
    pub async fn pause(&self, id: TableId, user: UserId) -> Result<TableView, TableError> {
        let mut t = self.lock(id).await?;
        if t.seat_of(user).is_none() {
            return Err(TableError::NotSeated);
        }
        if t.phase != Phase::Playing {
            return Err(TableError::NotStarted);
        }
        if self.is_event_table(id) {
            return Err(TableError::EventTable);
        }
        self.store.pause_table(id).await?;
        t.paused = true;
        let view = t.view();
        self.remove(id, t.channel_id);
        self.publish(TableEvent::Paused {
            table: view.clone(),
            by: user,
        });
        Ok(view)
    }

    /// What [`TableService::resume`] would refuse now for the plainest reasons (a table open in
    /// the channel, no paused match of `user`'s there), checked without resuming anything.
    pub async fn resume_check(&self, channel: ChannelId, user: UserId) -> Result<(), TableError> {
        if self.table_in(channel).is_some() {
            return Err(TableError::ChannelBusy);
        }
        let paused = self.store.paused_tables(channel).await?;
        if !paused
            .iter()
            .any(|t| t.setup.seat_rows.iter().any(|s| s.user_id == Some(user)))
        {
            return Err(TableError::NothingToResume);
        }
        Ok(())
    }

    /// Takes up the latest paused match of this channel at which `user` has a seat.
    pub async fn resume(&self, channel: ChannelId, user: UserId) -> Result<TableView, TableError> {
        if self.table_in(channel).is_some() {
            return Err(TableError::ChannelBusy);
        }
        let stored = self
            .store
            .paused_tables(channel)
            .await?
            .into_iter()
            .rev()
            .find(|t| t.setup.seat_rows.iter().any(|s| s.user_id == Some(user)))
            .ok_or(TableError::NothingToResume)?;
        self.check_shard(stored.setup.guild_id, stored.setup.channel_id)?;
        let id = stored.id;
        let mut table = match rebuild(stored) {
            Ok(table) => table,
            Err(e) => {
                // Never a channel stranded: the match is closed with no result, and the person
                // who asked is told why.
                self.close_unreplayable(id, &e).await?;
                return Err(TableError::NoLongerReplays);
            }
        };
        // A resumed match is open again and counts as a new one against the limits.
        let place = self.reserve(table.guild_id, user, true)?;
        self.store.resume_table(id).await?;
        table.paused = false;
        let view = table.view();
        self.insert(table)?;
        drop(place);
        self.publish(TableEvent::Started(view.clone()));
        Ok(view)
    }

    /// Loads every unfinished table of the servers on this process's shards from the store
    /// (every one without `SHARDS`), replaying each game's move log. Answers the number of
    /// tables restored. A table whose log does not replay is closed with no result (its channel
    /// is free again), logged with the move that failed, and kept for the front end to announce
    /// ([`TableService::take_unrestorable`]).
    pub async fn restore(&self) -> Result<usize, TableError> {
        let mut restored = 0;
        let open = if self.shards == ShardRange::ALL {
            self.store.open_tables().await?
        } else {
            self.store.open_tables_in(self.shards).await?
        };
        for stored in open {
            let mut told = Unrestorable {
                id: stored.id,
                guild_id: stored.setup.guild_id,
                channel_id: stored.setup.channel_id,
                game: registry::name_of(&stored.setup.game),
                players: stored
                    .setup
                    .seat_rows
                    .iter()
                    .filter_map(|s| s.user_id)
                    .collect(),
                failed_move: None,
            };
            match rebuild(stored) {
                Ok(table) => {
                    self.insert(table)?;
                    restored += 1;
                }
                Err(e) => {
                    self.close_unreplayable(told.id, &e).await?;
                    told.failed_move = e.failed_move;
                    if let Ok(mut list) = self.unrestorable.lock() {
                        list.push(told);
                    }
                }
            }
        }
        Ok(restored)
    }

    /// Closes a table whose move log no longer replays with no result (its channel is free
    /// again), and logs the move that failed.
    async fn close_unreplayable(&self, id: TableId, e: &RebuildError) -> Result<(), TableError> {
        tracing::error!(
            table = id,
            failed_move = e.failed_move,
            error = %e,
            "a table's move log no longer replays: closed with no result"
        );
        Ok(self.store.abandon_table(id).await?)
    }

    /// The tables the last restore closed because their move log no longer replays, each once:
    /// the front end tells their channels.
    pub fn take_unrestorable(&self) -> Vec<Unrestorable> {
        self.unrestorable
            .lock()
            .map(|mut list| std::mem::take(&mut *list))
            .unwrap_or_default()
    }
}

/// Tells the story the seats a person took over from a computer player once `done` moves had
/// been played.
fn tell_taken_over(story: &mut Story, seats: &[pakka_store::SeatRow], done: u64) {
    for s in seats.iter().filter(|s| s.taken_at == Some(done)) {
        let level = s
            .taken_from
            .as_deref()
            .map(|l| l.parse().unwrap_or_default())
            .unwrap_or_default();
        story.push(None, super::play::took_over(s.seat, level));
    }
}

/// Rebuilds a table from its stored row by replaying the move log from the seed.
pub(super) fn rebuild(stored: StoredTable) -> Result<Table, RebuildError> {
    let info = registry::find(&stored.setup.game)
        .ok_or_else(|| RebuildError::setup(format!("unknown game {}", stored.setup.game)))?;
    let mut story = Story::default();
    let mut deals = Vec::new();
    let game = match stored.phase {
        pakka_store::Phase::Lobby => None,
        _ => {
            let mut game = info
                .create(
                    stored.setup.options.clone(),
                    stored.setup.seats,
                    Setup::seeded(stored.setup.seed),
                )
                .map_err(|e| RebuildError::setup(format!("{e:?}")))?;
            tell_taken_over(&mut story, &stored.setup.seat_rows, 0);
            for m in &stored.moves {
                let before = game.clone();
                let told = game.act_json(m.seat, &m.action).map_err(|e| RebuildError {
                    failed_move: Some(m.number),
                    reason: format!("move {} ({}) does not replay: {e}", m.number, m.action),
                })?;
                story.tell(before.as_ref(), game.as_ref(), &told);
                tell_taken_over(&mut story, &stored.setup.seat_rows, m.number);
                deals.extend(super::deal_over(
                    &before.status(),
                    &game.status(),
                    game.as_ref(),
                ));
            }
            Some(game)
        }
    };
    Ok(Table {
        id: stored.id,
        guild_id: stored.setup.guild_id,
        channel_id: stored.setup.channel_id,
        info,
        options: stored.setup.options,
        seed: stored.setup.seed,
        creator: stored.setup.created_by,
        phase: stored.phase.into(),
        seats: stored.setup.seat_rows,
        game,
        move_number: stored.move_number,
        counts: Arc::default(),
        paused: stored.paused,
        turn_timer: stored.setup.turn_timer,
        learning: stored.setup.learning,
        turn_since: Instant::now(),
        opened: Instant::now(),
        story,
        deals,
        waiting: None,
    })
}
