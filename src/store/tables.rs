//! The `tables`, `seats`, `moves` and `match_totals` tables: creating a table, its seats, starting,
//! recording moves (with totals and, at the end, results) in one transaction, abandoning, and
//! loading tables back with their seats and move log.

use std::collections::HashMap;

use sqlx::error::ErrorKind;
use sqlx::sqlite::{SqliteArguments, SqliteRow};
use sqlx::{Arguments, Row, SqliteExecutor};

use super::results::insert_results;
use super::{
    from_sql, index_from_sql, index_to_sql, json_from_sql, to_sql, NewTable, Phase, ResultRow,
    SeatRow, ShardRange, Store, StoreError, StoredMove, StoredTable, TableId,
};

/// Which tables a load returns.
enum Which {
    /// Every table in the lobby or playing, not paused.
    Open,
    /// One table by id.
    One(TableId),
    /// The paused matches of one channel.
    Paused(u64),
    /// The open tables of the servers whose gateway shard is in a range.
    OpenIn(ShardRange),
}

impl Which {
    /// The condition on `tables AS t`.
    fn condition(&self) -> &'static str {
        match self {
            Which::Open => "t.phase IN ('lobby', 'playing') AND t.paused = 0",
            Which::One(_) => "t.id = ?",
            Which::Paused(_) => "t.channel_id = ? AND t.phase = 'playing' AND t.paused = 1",
            Which::OpenIn(_) => {
                "t.phase IN ('lobby', 'playing') AND t.paused = 0 \
                 AND ((t.guild_id >> 22) % ?) BETWEEN ? AND ?"
            }
        }
    }

    fn arguments(&self) -> Result<SqliteArguments<'static>, StoreError> {
        let mut arguments = SqliteArguments::default();
        let bound = match self {
            Which::Open => Ok(()),
            Which::One(id) => arguments.add(*id),
            Which::Paused(channel) => arguments.add(to_sql(*channel)),
            Which::OpenIn(range) => arguments
                .add(i64::from(range.total))
                .and_then(|()| arguments.add(i64::from(range.first)))
                .and_then(|()| arguments.add(i64::from(range.last))),
        };
        bound.map_err(|e| StoreError::Corrupt(format!("cannot bind an argument: {e}")))?;
        Ok(arguments)
    }
}

/// Whether a database error is a UNIQUE or PRIMARY KEY violation.
fn is_unique_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(e) if e.kind() == ErrorKind::UniqueViolation)
}

/// Why an update of seat `seat` of table `id` touched no row.
async fn seat_error(
    tx: &mut sqlx::Transaction<'_, sqlx::Sqlite>,
    id: TableId,
    seat: usize,
) -> StoreError {
    match phase_error(&mut **tx, id).await {
        StoreError::WrongPhase { .. } => StoreError::NoSuchSeat { id, seat },
        other => other,
    }
}

/// Why a guarded update of table `id` touched no row: it does not exist, or is in another phase.
async fn phase_error(executor: impl SqliteExecutor<'_>, id: TableId) -> StoreError {
    let phase: Result<Option<String>, sqlx::Error> =
        sqlx::query_scalar("SELECT phase FROM tables WHERE id = ?")
            .bind(id)
            .fetch_optional(executor)
            .await;
    match phase {
        Ok(None) => StoreError::NoSuchTable(id),
        Ok(Some(text)) => match Phase::parse(&text) {
            Ok(phase) => StoreError::WrongPhase { id, phase },
            Err(error) => error,
        },
        Err(error) => error.into(),
    }
}

impl Store {
    /// Inserts the table (phase Lobby, move_number 0, state NULL) and its seat rows in one
    /// transaction. [`StoreError::ChannelBusy`] when a table in the lobby or playing already
    /// exists in that channel.
    pub async fn create_table(&self, table: &NewTable) -> Result<TableId, StoreError> {
        let mut tx = self.writer.begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO tables \
             (guild_id, channel_id, game, options, seats, seed, created_by, turn_timer) \
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(to_sql(table.guild_id))
        .bind(to_sql(table.channel_id))
        .bind(&table.game)
        .bind(table.options.to_string())
        .bind(index_to_sql(table.seats))
        .bind(to_sql(table.seed))
        .bind(to_sql(table.created_by))
        .bind(table.turn_timer.map(i64::from))
        .execute(&mut *tx)
        .await;
        let id = match inserted {
            Ok(done) => done.last_insert_rowid(),
            Err(error) if is_unique_violation(&error) => return Err(StoreError::ChannelBusy),
            Err(error) => return Err(error.into()),
        };
        for row in &table.seat_rows {
            sqlx::query(
                "INSERT INTO seats (table_id, seat, user_id, accepted, computer, stand_in) \
                 VALUES (?, ?, ?, ?, ?, ?)",
            )
            .bind(id)
            .bind(index_to_sql(row.seat))
            .bind(row.user_id.map(to_sql))
            .bind(row.accepted)
            .bind(row.computer.as_deref())
            .bind(row.stand_in)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    /// Sets one seat's user and accepted flag.
    pub async fn update_seat(
        &self,
        id: TableId,
        seat: usize,
        user_id: Option<u64>,
        accepted: bool,
    ) -> Result<(), StoreError> {
        let mut tx = self.writer.begin().await?;
        let updated = sqlx::query(
            "UPDATE seats SET user_id = ?, accepted = ? WHERE table_id = ? AND seat = ?",
        )
        .bind(user_id.map(to_sql))
        .bind(accepted)
        .bind(id)
        .bind(index_to_sql(seat))
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            return Err(match phase_error(&mut *tx, id).await {
                StoreError::WrongPhase { .. } => StoreError::NoSuchSeat { id, seat },
                other => other,
            });
        }
        touch(&mut *tx, id).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Puts a computer player at `level` on a seat (accepted), or takes it away (`None`).
    pub async fn set_computer(
        &self,
        id: TableId,
        seat: usize,
        level: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut tx = self.writer.begin().await?;
        let updated = sqlx::query(
            "UPDATE seats SET computer = ?, accepted = ? WHERE table_id = ? AND seat = ?",
        )
        .bind(level)
        .bind(level.is_some())
        .bind(id)
        .bind(index_to_sql(seat))
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            return Err(seat_error(&mut tx, id, seat).await);
        }
        touch(&mut *tx, id).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Starts or ends the computer standing in for the seat's owner.
    pub async fn set_stand_in(&self, id: TableId, seat: usize, on: bool) -> Result<(), StoreError> {
        let mut tx = self.writer.begin().await?;
        let updated = sqlx::query("UPDATE seats SET stand_in = ? WHERE table_id = ? AND seat = ?")
            .bind(on)
            .bind(id)
            .bind(index_to_sql(seat))
            .execute(&mut *tx)
            .await?;
        if updated.rows_affected() == 0 {
            return Err(seat_error(&mut tx, id, seat).await);
        }
        touch(&mut *tx, id).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Lobby → Playing with the initial state (move_number stays 0).
    /// [`StoreError::WrongPhase`] when the table is not in the lobby.
    pub async fn start_table(
        &self,
        id: TableId,
        state: &serde_json::Value,
    ) -> Result<(), StoreError> {
        let updated = sqlx::query(
            "UPDATE tables SET phase = 'playing', state = ?, \
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') \
             WHERE id = ? AND phase = 'lobby'",
        )
        .bind(state.to_string())
        .bind(id)
        .execute(&self.writer)
        .await?;
        if updated.rows_affected() == 0 {
            return Err(phase_error(&self.writer, id).await);
        }
        Ok(())
    }

    /// In one transaction: inserts the move, sets the table's move number and state, upserts the
    /// match totals (`(deal, score per seat)`) when given, and when `results` are given stores them
    /// and finishes the table. The move is durable (committed, synchronous FULL) when this returns
    /// Ok; on any error nothing changed.
    ///
    /// Errors: [`StoreError::DuplicateMove`] when that move number is already stored,
    /// [`StoreError::WrongPhase`] when the table is not playing, [`StoreError::NoSuchTable`].
    #[allow(clippy::too_many_arguments)]
    pub async fn record_move(
        &self,
        id: TableId,
        number: u64,
        seat: usize,
        action: &serde_json::Value,
        state: &serde_json::Value,
        totals: Option<(u32, &[i64])>,
        results: Option<&[ResultRow]>,
    ) -> Result<(), StoreError> {
        // The first statement writes, so the transaction takes the write lock at once (waiting
        // up to the busy timeout) instead of failing on a read-to-write upgrade.
        let mut tx = self.writer.begin().await?;
        let updated = sqlx::query(
            "UPDATE tables SET move_number = ?, state = ?, \
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') \
             WHERE id = ? AND phase = 'playing' AND paused = 0",
        )
        .bind(to_sql(number))
        .bind(state.to_string())
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            return Err(phase_error(&mut *tx, id).await);
        }

        let inserted =
            sqlx::query("INSERT INTO moves (table_id, number, seat, action) VALUES (?, ?, ?, ?)")
                .bind(id)
                .bind(to_sql(number))
                .bind(index_to_sql(seat))
                .bind(action.to_string())
                .execute(&mut *tx)
                .await;
        match inserted {
            Ok(_) => {}
            Err(error) if is_unique_violation(&error) => {
                return Err(StoreError::DuplicateMove { id, number })
            }
            Err(error) => return Err(error.into()),
        }

        if let Some((deal, scores)) = totals {
            for (seat, score) in scores.iter().enumerate() {
                sqlx::query(
                    "INSERT INTO match_totals (table_id, seat, deal, score) VALUES (?, ?, ?, ?) \
                     ON CONFLICT (table_id, seat) DO UPDATE SET deal = excluded.deal, \
                     score = excluded.score, \
                     updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')",
                )
                .bind(id)
                .bind(index_to_sql(seat))
                .bind(i64::from(deal))
                .bind(score)
                .execute(&mut *tx)
                .await?;
            }
            sqlx::query("DELETE FROM match_totals WHERE table_id = ? AND seat >= ?")
                .bind(id)
                .bind(index_to_sql(scores.len()))
                .execute(&mut *tx)
                .await?;
        }

        if let Some(results) = results {
            sqlx::query(
                "UPDATE tables SET phase = 'finished', \
                 finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
            )
            .bind(id)
            .execute(&mut *tx)
            .await?;
            insert_results(&mut tx, id, results).await?;
        }

        tx.commit().await?;
        Ok(())
    }

    /// Lobby or Playing → Abandoned (no results, nothing counts on the leaderboard).
    /// [`StoreError::WrongPhase`] when the table is already finished or abandoned.
    pub async fn abandon_table(&self, id: TableId) -> Result<(), StoreError> {
        let updated = sqlx::query(
            "UPDATE tables SET phase = 'abandoned', \
             finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), \
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') \
             WHERE id = ? AND phase IN ('lobby', 'playing')",
        )
        .bind(id)
        .execute(&self.writer)
        .await?;
        if updated.rows_affected() == 0 {
            return Err(phase_error(&self.writer, id).await);
        }
        Ok(())
    }

    /// Playing → Abandoned with a forfeit: one result row for `seat` (played by `user`), a
    /// loss in last place, marked as a forfeit; no row for anyone else. One transaction.
    /// [`StoreError::WrongPhase`] unless the table is playing.
    pub async fn forfeit_table(
        &self,
        id: TableId,
        seat: usize,
        user: u64,
    ) -> Result<(), StoreError> {
        let mut tx = self.writer.begin().await?;
        let updated = sqlx::query(
            "UPDATE tables SET phase = 'abandoned', \
             finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), \
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') \
             WHERE id = ? AND phase = 'playing'",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            return Err(phase_error(&mut *tx, id).await);
        }
        sqlx::query(
            "INSERT INTO results \
             (table_id, seat, guild_id, game, user_id, place, won, score, finished_at, forfeit) \
             SELECT id, ?, guild_id, game, ?, seats, 0, NULL, finished_at, 1 \
             FROM tables WHERE id = ?",
        )
        .bind(index_to_sql(seat))
        .bind(to_sql(user))
        .bind(id)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Pauses a match in play: it keeps its position and frees its channel.
    /// [`StoreError::WrongPhase`] unless the table is playing and not paused.
    pub async fn pause_table(&self, id: TableId) -> Result<(), StoreError> {
        self.set_paused(id, true).await
    }

    /// Takes a paused match up again; [`StoreError::ChannelBusy`] when another table holds the
    /// channel now.
    pub async fn resume_table(&self, id: TableId) -> Result<(), StoreError> {
        self.set_paused(id, false).await
    }

    async fn set_paused(&self, id: TableId, paused: bool) -> Result<(), StoreError> {
        let updated = sqlx::query(
            "UPDATE tables SET paused = ?, \
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') \
             WHERE id = ? AND phase = 'playing' AND paused = ?",
        )
        .bind(paused)
        .bind(id)
        .bind(!paused)
        .execute(&self.writer)
        .await;
        match updated {
            Err(e) if is_unique_violation(&e) => Err(StoreError::ChannelBusy),
            Err(e) => Err(e.into()),
            Ok(done) if done.rows_affected() == 0 => Err(phase_error(&self.writer, id).await),
            Ok(_) => Ok(()),
        }
    }

    /// The paused matches of a channel, oldest first, with seats and move logs.
    pub async fn paused_tables(&self, channel_id: u64) -> Result<Vec<StoredTable>, StoreError> {
        self.load(Which::Paused(channel_id)).await
    }

    /// Remembers the current public table message.
    pub async fn set_message(&self, id: TableId, message_id: u64) -> Result<(), StoreError> {
        let updated = sqlx::query(
            "UPDATE tables SET message_id = ?, \
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
        )
        .bind(to_sql(message_id))
        .bind(id)
        .execute(&self.writer)
        .await?;
        if updated.rows_affected() == 0 {
            return Err(StoreError::NoSuchTable(id));
        }
        Ok(())
    }

    /// Remembers (or forgets) the table's live turn ping.
    pub async fn set_ping(&self, id: TableId, ping_id: Option<u64>) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE tables SET ping_id = ?, \
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
        )
        .bind(ping_id.map(to_sql))
        .bind(id)
        .execute(&self.writer)
        .await?;
        Ok(())
    }

    /// Every table in the lobby or playing, with its seats and full move log, ordered by id.
    pub async fn open_tables(&self) -> Result<Vec<StoredTable>, StoreError> {
        self.load(Which::Open).await
    }

    /// The open tables (as [`Store::open_tables`]) of the servers whose events arrive on the
    /// gateway shards of `range`: Discord puts server `g` on shard `(g >> 22) % total`.
    pub async fn open_tables_in(&self, range: ShardRange) -> Result<Vec<StoredTable>, StoreError> {
        self.load(Which::OpenIn(range)).await
    }

    /// One table with its seats and full move log, in any phase.
    pub async fn table(&self, id: TableId) -> Result<Option<StoredTable>, StoreError> {
        Ok(self.load(Which::One(id)).await?.pop())
    }

    /// The deal and per-seat scores (ordered by seat) of the latest totals, or None.
    pub async fn match_totals(&self, id: TableId) -> Result<Option<(u32, Vec<i64>)>, StoreError> {
        let rows: Vec<(i64, i64)> =
            sqlx::query_as("SELECT deal, score FROM match_totals WHERE table_id = ? ORDER BY seat")
                .bind(id)
                .fetch_all(&self.pool)
                .await?;
        let Some(deal) = rows.iter().map(|&(deal, _)| deal).max() else {
            return Ok(None);
        };
        let deal = u32::try_from(deal)
            .map_err(|_| StoreError::Corrupt(format!("deal {deal} out of range")))?;
        Ok(Some((
            deal,
            rows.into_iter().map(|(_, score)| score).collect(),
        )))
    }

    /// Loads tables with their seats and moves, from one consistent snapshot.
    async fn load(&self, which: Which) -> Result<Vec<StoredTable>, StoreError> {
        let condition = which.condition();
        let mut tx = self.pool.begin().await?;

        let table_sql = format!(
            "SELECT t.id, t.guild_id, t.channel_id, t.game, t.options, t.seats, t.seed, \
             t.created_by, t.phase, t.move_number, t.state, t.message_id, t.ping_id, t.paused, \
             t.turn_timer \
             FROM tables AS t WHERE {condition} ORDER BY t.id"
        );
        let rows = sqlx::query_with(&table_sql, which.arguments()?)
            .fetch_all(&mut *tx)
            .await?;
        let mut tables = rows
            .iter()
            .map(table_from_row)
            .collect::<Result<Vec<_>, _>>()?;
        let position: HashMap<TableId, usize> = tables
            .iter()
            .enumerate()
            .map(|(index, table)| (table.id, index))
            .collect();

        let seat_sql = format!(
            "SELECT s.table_id, s.seat, s.user_id, s.accepted, s.computer, s.stand_in \
             FROM seats AS s JOIN tables AS t ON t.id = s.table_id \
             WHERE {condition} ORDER BY s.table_id, s.seat"
        );
        let rows = sqlx::query_with(&seat_sql, which.arguments()?)
            .fetch_all(&mut *tx)
            .await?;
        for row in &rows {
            let table_id: TableId = row.try_get("table_id")?;
            let seat = SeatRow {
                seat: index_from_sql(row.try_get("seat")?)?,
                user_id: row.try_get::<Option<i64>, _>("user_id")?.map(from_sql),
                accepted: row.try_get("accepted")?,
                computer: row.try_get("computer")?,
                stand_in: row.try_get("stand_in")?,
            };
            if let Some(&index) = position.get(&table_id) {
                tables[index].seat_rows.push(seat);
            }
        }

        let move_sql = format!(
            "SELECT m.table_id, m.number, m.seat, m.action \
             FROM moves AS m JOIN tables AS t ON t.id = m.table_id \
             WHERE {condition} ORDER BY m.table_id, m.number"
        );
        let rows = sqlx::query_with(&move_sql, which.arguments()?)
            .fetch_all(&mut *tx)
            .await?;
        for row in &rows {
            let table_id: TableId = row.try_get("table_id")?;
            let stored = StoredMove {
                number: from_sql(row.try_get("number")?),
                seat: index_from_sql(row.try_get("seat")?)?,
                action: json_from_sql(row.try_get("action")?)?,
            };
            if let Some(&index) = position.get(&table_id) {
                tables[index].moves.push(stored);
            }
        }

        tx.commit().await?;
        Ok(tables)
    }
}

/// Marks a table as changed.
async fn touch(executor: impl SqliteExecutor<'_>, id: TableId) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE tables SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
    )
    .bind(id)
    .execute(executor)
    .await?;
    Ok(())
}

/// A `tables` row (without seats and moves yet).
fn table_from_row(row: &SqliteRow) -> Result<StoredTable, StoreError> {
    let state: Option<String> = row.try_get("state")?;
    Ok(StoredTable {
        id: row.try_get("id")?,
        guild_id: from_sql(row.try_get("guild_id")?),
        channel_id: from_sql(row.try_get("channel_id")?),
        game: row.try_get("game")?,
        options: json_from_sql(row.try_get("options")?)?,
        seats: index_from_sql(row.try_get("seats")?)?,
        seed: from_sql(row.try_get("seed")?),
        created_by: from_sql(row.try_get("created_by")?),
        phase: Phase::parse(row.try_get("phase")?)?,
        move_number: from_sql(row.try_get("move_number")?),
        state: state.as_deref().map(json_from_sql).transpose()?,
        message_id: row.try_get::<Option<i64>, _>("message_id")?.map(from_sql),
        ping_id: row.try_get::<Option<i64>, _>("ping_id")?.map(from_sql),
        paused: row.try_get("paused")?,
        turn_timer: row
            .try_get::<Option<i64>, _>("turn_timer")?
            .map(|m| u32::try_from(m).map_err(|_| StoreError::Corrupt(format!("turn timer {m}"))))
            .transpose()?,
        seat_rows: Vec::new(),
        moves: Vec::new(),
    })
}
