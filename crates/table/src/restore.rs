//! Tables taken up again: every unfinished table when the service starts (`restore`), and a
//! paused match (`pause`, `resume`). A table is rebuilt by replaying its stored move log from its
//! seed, and the replayed state is checked against the stored one. A resumed match is open
//! again and is refused beyond the limits of open tables; a restore brings back every table as
//! it was, whatever the limits. Both take up only the tables of servers on this process's
//! gateway shards: another process holds the others.

use std::time::Instant;

use super::{ChannelId, Phase, Story, Table, TableError, TableId, TableService, TableView, UserId};
use pakka_rules::registry;
use pakka_rules::Setup;
use pakka_store::{self, ShardRange, StoredTable};

impl TableService {
    /// Pauses a match in play (`/pause`): it keeps its position and frees the channel until a
    /// player takes it up again with [`TableService::resume`].
    pub async fn pause(&self, id: TableId, user: UserId) -> Result<TableView, TableError> {
        let table = self.table(id)?;
        let mut t = table.lock().await;
        if t.seat_of(user).is_none() {
            return Err(TableError::NotSeated);
        }
        if t.phase != Phase::Playing {
            return Err(TableError::NotStarted);
        }
        self.store.pause_table(id).await?;
        t.paused = true;
        let view = t.view();
        self.remove(id, t.channel_id);
        Ok(view)
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
            .find(|t| t.seat_rows.iter().any(|s| s.user_id == Some(user)))
            .ok_or(TableError::NothingToResume)?;
        self.check_shard(stored.guild_id)?;
        let id = stored.id;
        let mut table = rebuild(stored)
            .map_err(|e| TableError::internal(format!("table {id} does not replay: {e}")))?;
        // A resumed match is open again and counts as a new one against the limits.
        let _opening = self.opening.lock().await;
        self.check_room(table.guild_id, user, true)?;
        self.store.resume_table(id).await?;
        table.paused = false;
        let view = table.view();
        self.insert(table)?;
        Ok(view)
    }

    /// Loads every unfinished table of the servers on this process's shards from the store
    /// (every one without `SHARDS`), replaying each game's move log. Answers the number of
    /// tables restored; a table whose log does not replay is logged and skipped.
    pub async fn restore(&self) -> Result<usize, TableError> {
        let mut restored = 0;
        let open = if self.shards == ShardRange::ALL {
            self.store.open_tables().await?
        } else {
            self.store.open_tables_in(self.shards).await?
        };
        for stored in open {
            let id = stored.id;
            match rebuild(stored) {
                Ok(table) => {
                    self.insert(table)?;
                    restored += 1;
                }
                Err(e) => tracing::error!(table = id, error = %e, "could not restore a table"),
            }
        }
        Ok(restored)
    }
}

/// Rebuilds a table from its stored row by replaying the move log from the seed.
pub(super) fn rebuild(stored: StoredTable) -> anyhow::Result<Table> {
    let info = registry::find(&stored.game)
        .ok_or_else(|| anyhow::anyhow!("unknown game {}", stored.game))?;
    let mut story = Story::default();
    let game = match stored.phase {
        pakka_store::Phase::Lobby => None,
        _ => {
            let mut game = info.create(
                stored.options.clone(),
                stored.seats,
                Setup::seeded(stored.seed),
            )?;
            for m in &stored.moves {
                let before = game.clone();
                let told = game
                    .act_json(m.seat, &m.action)
                    .map_err(|e| anyhow::anyhow!("move {} does not replay: {e}", m.number))?;
                story.tell(before.as_ref(), game.as_ref(), &told);
            }
            if let Some(state) = &stored.state {
                if &game.state_json() != state {
                    anyhow::bail!("the replayed state differs from the stored state");
                }
            }
            Some(game)
        }
    };
    Ok(Table {
        id: stored.id,
        guild_id: stored.guild_id,
        channel_id: stored.channel_id,
        info,
        options: stored.options,
        seed: stored.seed,
        creator: stored.created_by,
        phase: stored.phase.into(),
        seats: stored.seat_rows,
        game,
        move_number: stored.move_number,
        message_id: stored.message_id,
        ping_id: stored.ping_id,
        paused: stored.paused,
        turn_timer: stored.turn_timer,
        turn_since: Instant::now(),
        opened: Instant::now(),
        story,
    })
}
