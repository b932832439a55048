//! The `tables`, `seats`, `moves` and `match_totals` tables: creating a table, its seats, starting,
//! recording moves (with totals and, at the end, results) in one transaction, computer players
//! and stand-ins on seats, a seat taken over, abandoning, forfeiting, pausing and resuming, and
//! loading tables back with their seats and move log.

use std::collections::HashMap;

use sqlx::error::ErrorKind;

use super::ratings::rate_table;
use super::{
    from_sql, index_from_sql, index_to_sql, json_from_sql, on_db, sql, to_sql, translate, Learning,
    NewTable, Phase, ResultRow, SeatRow, ShardRange, Store, StoreError, StoredMove, StoredTable,
    TableId,
};

/// Which tables a load returns.
enum Which {
    /// Every table in the lobby or playing, not paused.
    Open,
    /// One table by id.
    One(TableId),
    /// The paused matches of one channel.
    Paused(u64),
    /// The open tables of the servers whose gateway shard is in a range (a DM's or a group
    /// DM's, whose place is its own channel, on shard 0).
    OpenIn(ShardRange),
}

impl Which {
    /// The condition on `tables AS t`.
    fn condition(&self) -> &'static str {
        match self {
            Which::Open => "t.phase IN ('lobby', 'playing') AND NOT t.paused",
            Which::One(_) => "t.id = ?",
            Which::Paused(_) => "t.channel_id = ? AND t.phase = 'playing' AND t.paused",
            Which::OpenIn(_) => {
                "t.phase IN ('lobby', 'playing') AND NOT t.paused \
                 AND (CASE WHEN t.guild_id = t.channel_id THEN 0 \
                 ELSE (t.guild_id >> 22) % ? END) BETWEEN ? AND ?"
            }
        }
    }

    /// The values of the condition's placeholders, in order.
    fn arguments(&self) -> Vec<i64> {
        match self {
            Which::Open => Vec::new(),
            Which::One(id) => vec![*id],
            Which::Paused(channel) => vec![to_sql(*channel)],
            Which::OpenIn(range) => vec![
                i64::from(range.total),
                i64::from(range.first),
                i64::from(range.last),
            ],
        }
    }
}

/// Whether a database error is a UNIQUE or PRIMARY KEY violation.
pub(crate) fn is_unique_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(e) if e.kind() == ErrorKind::UniqueViolation)
}

/// The error for a phase read back after a guarded update of table `id` touched no row: it
/// does not exist (`None`), or is in another phase.
fn phase_error(id: TableId, phase: Result<Option<String>, sqlx::Error>) -> StoreError {
    match phase {
        Ok(None) => StoreError::NoSuchTable(id),
        Ok(Some(text)) => match Phase::parse(&text) {
            Ok(phase) => StoreError::WrongPhase { id, phase },
            Err(error) => error,
        },
        Err(error) => error.into(),
    }
}

/// Why a guarded update of table `$id` touched no row, read through `$executor`.
macro_rules! why_not {
    ($dialect:ident, $executor:expr, $id:expr) => {
        phase_error(
            $id,
            sqlx::query_scalar(sql!($dialect, "SELECT phase FROM tables WHERE id = ?"))
                .bind($id)
                .fetch_optional($executor)
                .await,
        )
    };
}

/// Marks table `$id` abandoned (finished now) when its phase meets `$phases`, an SQL condition;
/// returns from the calling function with [`why_not!`] when it does not.
macro_rules! abandon {
    ($dialect:ident, $executor:expr, $id:expr, $phases:literal) => {
        let updated = sqlx::query(sql!(
            $dialect,
            concat!(
                "UPDATE tables SET phase = 'abandoned', finished_at = {now}, updated_at = {now} \
                 WHERE id = ? AND ",
                $phases
            )
        ))
        .bind($id)
        .execute($executor)
        .await?;
        if updated.rows_affected() == 0 {
            return Err(why_not!($dialect, $executor, $id));
        }
    };
}

/// Writes one seat's result row for table `$id` in transaction `$tx`: the seat, its player (a
/// user or a computer level) and its team, its place (`None`: last, the table's seat count),
/// whether it won, its score and whether it was a forfeit. Guild, game and finishing time are
/// copied from the table, so the leaderboard reads one table.
macro_rules! insert_result {
    (
        $dialect:ident,
        $tx:ident,
        $id:expr,
        [$seat:expr, $user:expr, $computer:expr, $team:expr],
        $place:expr,
        $won:expr,
        $score:expr,
        $forfeit:expr
    ) => {
        sqlx::query(sql!(
            $dialect,
            "INSERT INTO results \
             (table_id, seat, guild_id, game, user_id, computer, team, place, won, score, \
             finished_at, forfeit) \
             SELECT id, ?, guild_id, game, ?, ?, ?, COALESCE(?, seats), ?, ?, \
             COALESCE(finished_at, {now}), ? FROM tables WHERE id = ?"
        ))
        .bind(index_to_sql($seat))
        .bind($user.map(to_sql))
        .bind($computer)
        .bind(index_to_sql($team))
        .bind($place.map(index_to_sql))
        .bind($won)
        .bind($score)
        .bind($forfeit)
        .bind($id)
        .execute(&mut *$tx)
        .await?;
    };
}

/// Why an update of seat `$seat` of table `$id` touched no row.
macro_rules! why_no_seat {
    ($dialect:ident, $executor:expr, $id:expr, $seat:expr) => {
        match why_not!($dialect, $executor, $id) {
            StoreError::WrongPhase { .. } => StoreError::NoSuchSeat {
                id: $id,
                seat: $seat,
            },
            other => other,
        }
    };
}

/// Marks table `$id` as changed.
macro_rules! touch {
    ($dialect:ident, $executor:expr, $id:expr) => {
        sqlx::query(sql!(
            $dialect,
            "UPDATE tables SET updated_at = {now} WHERE id = ?"
        ))
        .bind($id)
        .execute($executor)
        .await
    };
}

/// One guarded update of seat `$seat` of table `$id` in a transaction of its own: `$sql` sets
/// the seat's columns from the `$value`s and ends `WHERE table_id = ? AND seat = ?`; the table
/// is marked changed. [`StoreError::NoSuchSeat`] when the seat (or the table) is missing.
macro_rules! update_seat {
    ($store:expr, $id:expr, $seat:expr, $sql:literal, $($value:expr),+ $(,)?) => {
        on_db!($store, writer, |db, d| {
            let mut tx = db.begin().await?;
            let updated = sqlx::query(sql!(d, $sql))
                $(.bind($value))+
                .bind($id)
                .bind(index_to_sql($seat))
                .execute(&mut *tx)
                .await?;
            if updated.rows_affected() == 0 {
                return Err(why_no_seat!(d, &mut *tx, $id, $seat));
            }
            touch!(d, &mut *tx, $id)?;
            tx.commit().await?;
            Ok(())
        })
    };
}

/// The columns of a `tables` row as read by a load, in `TABLE_COLUMNS` order.
type TableTuple = (
    i64,
    i64,
    i64,
    String,
    String,
    i64,
    i64,
    i64,
    String,
    i64,
    bool,
    Option<i64>,
    bool,
    bool,
);

const TABLE_COLUMNS: &str = "t.id, t.guild_id, t.channel_id, t.game, t.options, t.seats, \
     t.seed, t.created_by, t.phase, t.move_number, t.paused, t.turn_timer, t.hints, \
     t.open_seats";

/// A seat row as read by a load: table id, seat, user, accepted, computer, stand-in, the level
/// a person took it over from and the move number they took it at.
type SeatTuple = (
    i64,
    i64,
    Option<i64>,
    bool,
    Option<String>,
    bool,
    Option<String>,
    Option<i64>,
);

/// A move as read by a load: table id, number, seat, action.
type MoveTuple = (i64, i64, i64, String);

impl Store {
    /// Inserts the table (phase Lobby, move_number 0) and its seat rows in one
    /// transaction. [`StoreError::ChannelBusy`] when a table in the lobby or playing already
    /// exists in that channel.
    pub async fn create_table(&self, table: &NewTable) -> Result<TableId, StoreError> {
        linked::create_table(self, table, None).await
    }

    /// As [`Store::create_table`], for table `idx` of `round` of a tournament: the table is
    /// linked to it in the same transaction, so a restart finds the round's table opened and
    /// linked, or neither. [`StoreError::AlreadyOpened`] when that table has its table already.
    pub async fn create_event_table(
        &self,
        table: &NewTable,
        event: crate::TournamentId,
        round: u32,
        idx: usize,
    ) -> Result<TableId, StoreError> {
        linked::create_table(self, table, Some((event, round, idx))).await
    }

    /// Sets one seat's user and accepted flag.
    pub async fn update_seat(
        &self,
        id: TableId,
        seat: usize,
        user_id: Option<u64>,
        accepted: bool,
    ) -> Result<(), StoreError> {
        update_seat!(
            self,
            id,
            seat,
            "UPDATE seats SET user_id = ?, accepted = ? WHERE table_id = ? AND seat = ?",
            user_id.map(to_sql),
            accepted,
        )
    }

    /// Puts a computer player at `level` on a seat (accepted), or takes it away (`None`).
    pub async fn set_computer(
        &self,
        id: TableId,
        seat: usize,
        level: Option<&str>,
    ) -> Result<(), StoreError> {
        update_seat!(
            self,
            id,
            seat,
            "UPDATE seats SET computer = ?, accepted = ? WHERE table_id = ? AND seat = ?",
            level,
            level.is_some(),
        )
    }

    /// Starts or ends the computer standing in for the seat's owner.
    pub async fn set_stand_in(&self, id: TableId, seat: usize, on: bool) -> Result<(), StoreError> {
        update_seat!(
            self,
            id,
            seat,
            "UPDATE seats SET stand_in = ? WHERE table_id = ? AND seat = ?",
            on,
        )
    }

    /// A person takes over the computer player's seat `seat` of a running game at move
    /// `number`: the seat becomes theirs (accepted), and remembers the level it was played at
    /// and the move. [`StoreError::NoSuchSeat`] unless the seat is a computer's (at `level`)
    /// and the table is playing.
    pub async fn take_over_seat(
        &self,
        id: TableId,
        seat: usize,
        user: u64,
        level: &str,
        number: u64,
    ) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            let mut tx = db.begin().await?;
            let updated = sqlx::query(sql!(
                d,
                "UPDATE seats SET user_id = ?, accepted = ?, computer = NULL, stand_in = ?, \
                 taken_from = ?, taken_at = ? \
                 WHERE table_id = ? AND seat = ? AND user_id IS NULL AND computer = ? \
                 AND EXISTS (SELECT 1 FROM tables WHERE id = ? AND phase = 'playing')"
            ))
            .bind(to_sql(user))
            .bind(true)
            .bind(false)
            .bind(level)
            .bind(to_sql(number))
            .bind(id)
            .bind(index_to_sql(seat))
            .bind(level)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            if updated.rows_affected() == 0 {
                return Err(why_no_seat!(d, &mut *tx, id, seat));
            }
            touch!(d, &mut *tx, id)?;
            tx.commit().await?;
            Ok(())
        })
    }

    /// Lobby → Playing (move_number stays 0). The game is its seed, options and seats: no state
    /// is stored, neither here nor by a move.
    /// [`StoreError::WrongPhase`] when the table is not in the lobby.
    pub async fn start_table(&self, id: TableId) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            let updated = sqlx::query(sql!(
                d,
                "UPDATE tables SET phase = 'playing', updated_at = {now} \
                 WHERE id = ? AND phase = 'lobby'"
            ))
            .bind(id)
            .execute(db)
            .await?;
            if updated.rows_affected() == 0 {
                return Err(why_not!(d, db, id));
            }
            Ok(())
        })
    }

    /// In one transaction: inserts the move, sets the table's move number, upserts the
    /// match totals (`(deal, score per seat)`) when given, and when `results` are given stores them
    /// and finishes the table (an unrated table's are empty: it finishes with no result and
    /// no rating). The move is durable (committed and flushed) when this returns Ok;
    /// on any error nothing changed.
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
        totals: Option<(u32, &[i64])>,
        results: Option<&[ResultRow]>,
    ) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            // The first statement writes, so the transaction takes the write lock (SQLite) or
            // the table's row lock (PostgreSQL) at once: two moves of one table never both
            // pass the phase check.
            let mut tx = db.begin().await?;
            let updated = sqlx::query(sql!(
                d,
                "UPDATE tables SET move_number = ?, updated_at = {now} \
                 WHERE id = ? AND phase = 'playing' AND NOT paused"
            ))
            .bind(to_sql(number))
            .bind(id)
            .execute(&mut *tx)
            .await?;
            if updated.rows_affected() == 0 {
                return Err(why_not!(d, &mut *tx, id));
            }

            let inserted = sqlx::query(sql!(
                d,
                "INSERT INTO moves (table_id, number, seat, action) VALUES (?, ?, ?, ?)"
            ))
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
                    sqlx::query(sql!(
                        d,
                        "INSERT INTO match_totals (table_id, seat, deal, score) \
                         VALUES (?, ?, ?, ?) \
                         ON CONFLICT (table_id, seat) DO UPDATE SET deal = excluded.deal, \
                         score = excluded.score, updated_at = {now}"
                    ))
                    .bind(id)
                    .bind(index_to_sql(seat))
                    .bind(i64::from(deal))
                    .bind(score)
                    .execute(&mut *tx)
                    .await?;
                }
                sqlx::query(sql!(
                    d,
                    "DELETE FROM match_totals WHERE table_id = ? AND seat >= ?"
                ))
                .bind(id)
                .bind(index_to_sql(scores.len()))
                .execute(&mut *tx)
                .await?;
            }

            if let Some(results) = results {
                sqlx::query(sql!(
                    d,
                    "UPDATE tables SET phase = 'finished', finished_at = {now} WHERE id = ?"
                ))
                .bind(id)
                .execute(&mut *tx)
                .await?;
                for row in results {
                    insert_result!(
                        d,
                        tx,
                        id,
                        [row.seat, row.user_id, row.computer.as_deref(), row.team],
                        Some(row.place),
                        row.won,
                        row.score,
                        false
                    );
                }
                // An unrated table finishes with no result rows, and nothing to rate.
                if !results.is_empty() {
                    rate_table!(d, tx, id);
                }
            }

            tx.commit().await?;
            Ok(())
        })
    }

    /// Lobby or Playing → Abandoned (no results, nothing counts on the leaderboard).
    /// [`StoreError::WrongPhase`] when the table is already finished or abandoned.
    pub async fn abandon_table(&self, id: TableId) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            abandon!(d, db, id, "phase IN ('lobby', 'playing')");
            Ok(())
        })
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
        on_db!(self, writer, |db, d| {
            let mut tx = db.begin().await?;
            abandon!(d, &mut *tx, id, "phase = 'playing'");
            // A forfeit is a loss in last place, the table's seat count.
            insert_result!(
                d,
                tx,
                id,
                [seat, Some(user), None::<&str>, seat],
                None::<usize>,
                false,
                None::<i64>,
                true
            );
            rate_table!(d, tx, id);
            tx.commit().await?;
            Ok(())
        })
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
        on_db!(self, writer, |db, d| {
            let updated = sqlx::query(sql!(
                d,
                "UPDATE tables SET paused = ?, updated_at = {now} \
                 WHERE id = ? AND phase = 'playing' AND paused = ?"
            ))
            .bind(paused)
            .bind(id)
            .bind(!paused)
            .execute(db)
            .await;
            match updated {
                Err(e) if is_unique_violation(&e) => Err(StoreError::ChannelBusy),
                Err(e) => Err(e.into()),
                Ok(done) if done.rows_affected() == 0 => Err(why_not!(d, db, id)),
                Ok(_) => Ok(()),
            }
        })
    }

    /// The paused matches of a channel, oldest first, with seats and move logs.
    pub async fn paused_tables(&self, channel_id: u64) -> Result<Vec<StoredTable>, StoreError> {
        self.timed(self.load(Which::Paused(channel_id))).await
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
        Ok(self.timed(self.load(Which::One(id))).await?.pop())
    }

    /// The deal and per-seat scores (ordered by seat) of the latest totals, or None.
    pub async fn match_totals(&self, id: TableId) -> Result<Option<(u32, Vec<i64>)>, StoreError> {
        let rows: Vec<(i64, i64)> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT deal, score FROM match_totals WHERE table_id = ? ORDER BY seat"
            ))
            .bind(id)
            .fetch_all(db)
            .await?
        });
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

    /// Loads tables with their seats and moves, from one consistent snapshot (with no deadline
    /// of its own: a restore loads every open table).
    async fn load(&self, which: Which) -> Result<Vec<StoredTable>, StoreError> {
        let condition = which.condition();
        let arguments = which.arguments();
        let table_sql =
            format!("SELECT {TABLE_COLUMNS} FROM tables AS t WHERE {condition} ORDER BY t.id");
        let seat_sql = format!(
            "SELECT s.table_id, s.seat, s.user_id, s.accepted, s.computer, s.stand_in, \
             s.taken_from, s.taken_at FROM seats AS s JOIN tables AS t ON t.id = s.table_id \
             WHERE {condition} ORDER BY s.table_id, s.seat"
        );
        let move_sql = format!(
            "SELECT m.table_id, m.number, m.seat, m.action \
             FROM moves AS m JOIN tables AS t ON t.id = m.table_id \
             WHERE {condition} ORDER BY m.table_id, m.number"
        );
        let (table_rows, seat_rows, move_rows) = on_db!(self, pool, untimed, |db, d| {
            // PostgreSQL's default READ COMMITTED would give each statement its own snapshot.
            let mut tx = db.begin().await?;
            if d == super::Dialect::Postgres {
                sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
                    .execute(&mut *tx)
                    .await?;
            }
            let (table_sql, seat_sql, move_sql) = (
                translate(d, &table_sql),
                translate(d, &seat_sql),
                translate(d, &move_sql),
            );
            let mut tables = sqlx::query_as::<_, TableTuple>(&table_sql);
            let mut seats = sqlx::query_as::<_, SeatTuple>(&seat_sql);
            let mut moves = sqlx::query_as::<_, MoveTuple>(&move_sql);
            for &value in &arguments {
                tables = tables.bind(value);
                seats = seats.bind(value);
                moves = moves.bind(value);
            }
            let table_rows = tables.fetch_all(&mut *tx).await?;
            let seat_rows = seats.fetch_all(&mut *tx).await?;
            let move_rows = moves.fetch_all(&mut *tx).await?;
            tx.commit().await?;
            (table_rows, seat_rows, move_rows)
        });

        let mut tables = table_rows
            .into_iter()
            .map(table_from_tuple)
            .collect::<Result<Vec<_>, _>>()?;
        let position: HashMap<TableId, usize> = tables
            .iter()
            .enumerate()
            .map(|(index, table)| (table.id, index))
            .collect();
        for (table_id, seat, user_id, accepted, computer, stand_in, taken_from, taken_at) in
            seat_rows
        {
            let seat = SeatRow {
                seat: index_from_sql(seat)?,
                user_id: user_id.map(from_sql),
                accepted,
                computer,
                stand_in,
                taken_from,
                taken_at: taken_at.map(from_sql),
            };
            if let Some(&index) = position.get(&table_id) {
                tables[index].setup.seat_rows.push(seat);
            }
        }
        for (table_id, number, seat, action) in move_rows {
            let stored = StoredMove {
                number: from_sql(number),
                seat: index_from_sql(seat)?,
                action: json_from_sql(&action)?,
            };
            if let Some(&index) = position.get(&table_id) {
                tables[index].moves.push(stored);
            }
        }
        Ok(tables)
    }
}

/// A `tables` row (without seats and moves yet).
fn table_from_tuple(row: TableTuple) -> Result<StoredTable, StoreError> {
    let (
        id,
        guild_id,
        channel_id,
        game,
        options,
        seats,
        seed,
        created_by,
        phase,
        move_number,
        paused,
        turn_timer,
        hints,
        open_seats,
    ) = row;
    Ok(StoredTable {
        id,
        setup: NewTable {
            guild_id: from_sql(guild_id),
            channel_id: from_sql(channel_id),
            game,
            options: json_from_sql(&options)?,
            seats: index_from_sql(seats)?,
            seed: from_sql(seed),
            created_by: from_sql(created_by),
            seat_rows: Vec::new(),
            turn_timer: turn_timer
                .map(|m| {
                    u32::try_from(m).map_err(|_| StoreError::Corrupt(format!("turn timer {m}")))
                })
                .transpose()?,
            learning: Learning { hints, open_seats },
        },
        phase: Phase::parse(&phase)?,
        move_number: from_sql(move_number),
        paused,
        moves: Vec::new(),
    })
}

/// The one insert of a table, its seats and (for a tournament's table) its link, in one
/// transaction; in a module of its own so its store operation keeps the name `create_table`
/// in the metrics, whichever of the two public calls made it.
mod linked {
    use super::*;

    pub(super) async fn create_table(
        store: &Store,
        table: &NewTable,
        event: Option<(crate::TournamentId, u32, usize)>,
    ) -> Result<TableId, StoreError> {
        on_db!(store, writer, |db, d| {
            let mut tx = db.begin().await?;
            let inserted: Result<i64, sqlx::Error> = sqlx::query_scalar(sql!(
                d,
                "INSERT INTO tables \
                     (guild_id, channel_id, game, options, seats, seed, created_by, turn_timer, \
                     hints, open_seats) \
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"
            ))
            .bind(to_sql(table.guild_id))
            .bind(to_sql(table.channel_id))
            .bind(&table.game)
            .bind(table.options.to_string())
            .bind(index_to_sql(table.seats))
            .bind(to_sql(table.seed))
            .bind(to_sql(table.created_by))
            .bind(table.turn_timer.map(i64::from))
            .bind(table.learning.hints)
            .bind(table.learning.open_seats)
            .fetch_one(&mut *tx)
            .await;
            let id = match inserted {
                Ok(id) => id,
                Err(error) if is_unique_violation(&error) => return Err(StoreError::ChannelBusy),
                Err(error) => return Err(error.into()),
            };
            for row in &table.seat_rows {
                sqlx::query(sql!(
                    d,
                    "INSERT INTO seats (table_id, seat, user_id, accepted, computer, stand_in) \
                         VALUES (?, ?, ?, ?, ?, ?)"
                ))
                .bind(id)
                .bind(index_to_sql(row.seat))
                .bind(row.user_id.map(to_sql))
                .bind(row.accepted)
                .bind(row.computer.as_deref())
                .bind(row.stand_in)
                .execute(&mut *tx)
                .await?;
            }
            if let Some((event, round, idx)) = event {
                let linked = sqlx::query(sql!(
                    d,
                    "UPDATE tournament_tables SET table_id = ? \
                         WHERE tournament_id = ? AND round = ? AND idx = ? \
                         AND table_id IS NULL AND result IS NULL"
                ))
                .bind(id)
                .bind(event)
                .bind(i64::from(round))
                .bind(index_to_sql(idx))
                .execute(&mut *tx)
                .await?
                .rows_affected();
                if linked != 1 {
                    return Err(StoreError::AlreadyOpened);
                }
            }
            tx.commit().await?;
            Ok(id)
        })
    }
}
