//! The tournament tables (issue 46): an event's settings and where it stands
//! (`tournaments`), who signed up (`tournament_players`), each round's pairing as planned
//! (`tournament_rounds`) and each of its tables with the pakka table that plays it and the
//! result once it ended (`tournament_tables`). The store knows no pairing: a plan and a result
//! are JSON values the table service writes and reads back. A round's plan, its tables and the
//! event's new state are written in one transaction, so a restart finds a round whole or not at
//! all.

use serde_json::Value;

use super::{
    execute, from_sql, index_from_sql, index_to_sql, json_from_sql, on_db, sql,
    tables::is_unique_violation, to_sql, Store, StoreError, TableId,
};

/// The id of a stored tournament (its `tournaments.id`).
pub type TournamentId = i64;

/// Where an event is in its life. Stored as TEXT.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventPhase {
    /// Sign-up is open; no round has been paired.
    Signup,
    /// The check-in before round `round` is open until the deadline.
    Checkin,
    /// Round `round` is being played until its tables end (or its deadline).
    Playing,
    /// Every round was played.
    Finished,
    /// The organiser cancelled it.
    Cancelled,
}

impl EventPhase {
    /// The phase as stored in `tournaments.phase`.
    pub fn as_str(self) -> &'static str {
        match self {
            EventPhase::Signup => "signup",
            EventPhase::Checkin => "checkin",
            EventPhase::Playing => "playing",
            EventPhase::Finished => "finished",
            EventPhase::Cancelled => "cancelled",
        }
    }

    fn parse(text: &str) -> Result<EventPhase, StoreError> {
        Ok(match text {
            "signup" => EventPhase::Signup,
            "checkin" => EventPhase::Checkin,
            "playing" => EventPhase::Playing,
            "finished" => EventPhase::Finished,
            "cancelled" => EventPhase::Cancelled,
            other => {
                return Err(StoreError::Corrupt(format!(
                    "unknown event phase {other:?}"
                )))
            }
        })
    }

    /// Whether the event is over (finished or cancelled).
    pub fn is_over(self) -> bool {
        matches!(self, EventPhase::Finished | EventPhase::Cancelled)
    }
}

/// An event to create.
#[derive(Clone, Debug, PartialEq)]
pub struct NewTournament {
    pub guild_id: u64,
    pub channel_id: u64,
    pub organiser: u64,
    pub game: String,
    pub options: Value,
    /// `swiss`, `round-robin`, `knockout` or `duplicate`.
    pub format: String,
    pub seats: usize,
    /// The rounds to play; 0 leaves them to the format, for the players at the start.
    pub rounds: u32,
    /// The most players who may sign up.
    pub max_players: usize,
    pub round_minutes: u32,
    pub checkin_minutes: u32,
    /// The level of the computer players that fill seats (`easy`, `normal`, `hard`).
    pub level: String,
    pub seed: u64,
}

/// The event's state, written whole at each step of its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventState {
    pub phase: EventPhase,
    pub paused: bool,
    /// The current round (0 before the first check-in).
    pub round: u32,
    /// When the check-in or the round ends (Unix milliseconds), if it is timed now.
    pub deadline_ms: Option<i64>,
}

/// A stored event.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTournament {
    pub id: TournamentId,
    pub new: NewTournament,
    pub message_id: Option<u64>,
    pub state: EventState,
}

/// How a player left an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Withdrawn {
    /// Still in.
    No,
    /// They withdrew themselves.
    Themselves,
    /// They missed two rounds in a row.
    Absent,
}

impl Withdrawn {
    fn to_sql(self) -> i64 {
        match self {
            Withdrawn::No => 0,
            Withdrawn::Themselves => 1,
            Withdrawn::Absent => 2,
        }
    }

    fn from_sql(value: i64) -> Result<Withdrawn, StoreError> {
        Ok(match value {
            0 => Withdrawn::No,
            1 => Withdrawn::Themselves,
            2 => Withdrawn::Absent,
            other => return Err(StoreError::Corrupt(format!("unknown withdrawal {other}"))),
        })
    }
}

/// One person signed up to an event.
#[derive(Clone, Debug, PartialEq)]
pub struct EventPlayer {
    pub user_id: u64,
    /// Sign-up order, from 1.
    pub joined: u32,
    /// Their conservative rating in the event's game when they signed up.
    pub rating: f64,
    /// The round they last checked in for (0: none).
    pub checked_in: u32,
    /// Rounds missed in a row.
    pub missed: u32,
    pub withdrawn: Withdrawn,
}

impl EventPlayer {
    /// Whether the player is still in the event (signed up, not withdrawn).
    pub fn is_in(&self) -> bool {
        self.withdrawn == Withdrawn::No
    }
}

/// One table of a stored round.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundTable {
    pub idx: usize,
    /// The pakka table playing it, once opened.
    pub table_id: Option<TableId>,
    /// Its result, once it ended (or at once, for a table decided without a game).
    pub result: Option<Value>,
}

/// One stored round: its plan and its tables in order.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredRound {
    pub round: u32,
    pub plan: Value,
    pub tables: Vec<RoundTable>,
}

/// A player's new count of missed rounds, and whether that withdrew them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Missed {
    pub user_id: u64,
    pub missed: u32,
    pub withdrawn: Withdrawn,
}

type TournamentTuple = (
    i64,
    i64,
    i64,
    Option<i64>,
    i64,
    String,
    String,
    String,
    i64,
    i64,
    i64,
    i64,
    String,
    i64,
    String,
    bool,
    i64,
    Option<i64>,
    i64,
);

/// One row of `tournaments` as [`TournamentTuple`], column by column (a tuple of more than
/// sixteen cannot be read whole); written inside `on_db!`, so once per backend.
macro_rules! tournament_tuple {
    ($row:expr) => {{
        use sqlx::Row;
        let r = $row;
        Ok::<TournamentTuple, sqlx::Error>((
            r.try_get(0)?,
            r.try_get(1)?,
            r.try_get(2)?,
            r.try_get(3)?,
            r.try_get(4)?,
            r.try_get(5)?,
            r.try_get(6)?,
            r.try_get(7)?,
            r.try_get(8)?,
            r.try_get(9)?,
            r.try_get(10)?,
            r.try_get(11)?,
            r.try_get(12)?,
            r.try_get(13)?,
            r.try_get(14)?,
            r.try_get(15)?,
            r.try_get(16)?,
            r.try_get(17)?,
            r.try_get(18)?,
        ))
    }};
}

/// One row of `tournament_tables`: round, index, table id, result.
type RoundTableTuple = (i64, i64, Option<i64>, Option<String>);

const TOURNAMENT_COLUMNS: &str = "id, guild_id, channel_id, message_id, organiser, game, options, \
     format, seats, rounds, round_minutes, checkin_minutes, level, seed, phase, paused, round, \
     deadline_ms, max_players";

fn tournament_from(row: TournamentTuple) -> Result<StoredTournament, StoreError> {
    let (
        id,
        guild_id,
        channel_id,
        message_id,
        organiser,
        game,
        options,
        format,
        seats,
        rounds,
        round_minutes,
        checkin_minutes,
        level,
        seed,
        phase,
        paused,
        round,
        deadline_ms,
        max_players,
    ) = row;
    let count = |v: i64| u32::try_from(v).map_err(|_| StoreError::Corrupt(format!("count {v}")));
    Ok(StoredTournament {
        id,
        new: NewTournament {
            guild_id: from_sql(guild_id),
            channel_id: from_sql(channel_id),
            organiser: from_sql(organiser),
            game,
            options: json_from_sql(&options)?,
            format,
            seats: index_from_sql(seats)?,
            rounds: count(rounds)?,
            max_players: index_from_sql(max_players)?,
            round_minutes: count(round_minutes)?,
            checkin_minutes: count(checkin_minutes)?,
            level,
            seed: from_sql(seed),
        },
        message_id: message_id.map(from_sql),
        state: EventState {
            phase: EventPhase::parse(&phase)?,
            paused,
            round: count(round)?,
            deadline_ms,
        },
    })
}

/// Writes event `$id`'s [`EventState`] `$state` through `$executor` (every step of its life,
/// and a round begun in its transaction).
macro_rules! write_state {
    ($dialect:ident, $executor:expr, $id:expr, $state:expr) => {
        execute!(
            $dialect,
            $executor,
            "UPDATE tournaments SET phase = ?, paused = ?, round = ?, deadline_ms = ?, \
             updated_at = {now} WHERE id = ?",
            $state.phase.as_str(),
            $state.paused,
            i64::from($state.round),
            $state.deadline_ms,
            $id,
        )
    };
}

/// Whether an insert wrote its row: false when the row was there already (a UNIQUE or
/// PRIMARY KEY violation, the insert changed nothing); any other error as it is.
fn inserted<T>(result: Result<T, sqlx::Error>) -> Result<bool, StoreError> {
    match result {
        Ok(_) => Ok(true),
        Err(error) if is_unique_violation(&error) => Ok(false),
        Err(error) => Err(error.into()),
    }
}

impl Store {
    /// Stores a new event in sign-up; answers its id.
    pub async fn create_tournament(&self, new: &NewTournament) -> Result<TournamentId, StoreError> {
        let id: i64 = on_db!(self, writer, |db, d| {
            sqlx::query_scalar(sql!(
                d,
                "INSERT INTO tournaments (guild_id, channel_id, organiser, game, options, format, \
                 seats, rounds, max_players, round_minutes, checkin_minutes, level, seed) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"
            ))
            .bind(to_sql(new.guild_id))
            .bind(to_sql(new.channel_id))
            .bind(to_sql(new.organiser))
            .bind(&new.game)
            .bind(new.options.to_string())
            .bind(&new.format)
            .bind(index_to_sql(new.seats))
            .bind(i64::from(new.rounds))
            .bind(index_to_sql(new.max_players))
            .bind(i64::from(new.round_minutes))
            .bind(i64::from(new.checkin_minutes))
            .bind(&new.level)
            .bind(to_sql(new.seed))
            .fetch_one(db)
            .await?
        });
        Ok(id)
    }

    /// The event message's id, once posted.
    pub async fn set_tournament_message(
        &self,
        id: TournamentId,
        message_id: u64,
    ) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            execute!(
                d,
                db,
                "UPDATE tournaments SET message_id = ?, updated_at = {now} WHERE id = ?",
                to_sql(message_id),
                id,
            )?;
        });
        Ok(())
    }

    /// One event, if it exists.
    pub async fn tournament(
        &self,
        id: TournamentId,
    ) -> Result<Option<StoredTournament>, StoreError> {
        let row: Option<TournamentTuple> = on_db!(self, pool, |db, d| {
            let row = sqlx::query(sql!(
                d,
                &format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?")
            ))
            .bind(id)
            .fetch_optional(db)
            .await?;
            match row {
                Some(row) => Some(tournament_tuple!(&row)?),
                None => None,
            }
        });
        row.map(tournament_from).transpose()
    }

    /// Every event not yet finished or cancelled, oldest first.
    pub async fn running_tournaments(&self) -> Result<Vec<StoredTournament>, StoreError> {
        let rows: Vec<TournamentTuple> = on_db!(self, pool, |db, d| {
            let rows = sqlx::query(sql!(
                d,
                &format!(
                    "SELECT {TOURNAMENT_COLUMNS} FROM tournaments \
                     WHERE phase NOT IN ('finished', 'cancelled') ORDER BY id"
                )
            ))
            .fetch_all(db)
            .await?;
            rows.iter()
                .map(|row| tournament_tuple!(row))
                .collect::<Result<Vec<_>, _>>()?
        });
        rows.into_iter().map(tournament_from).collect()
    }

    /// Writes the event's state.
    pub async fn set_tournament_state(
        &self,
        id: TournamentId,
        state: EventState,
    ) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            write_state!(d, db, id, state)?;
        });
        Ok(())
    }

    /// The rounds to play, set at the start when the organiser left them to the format.
    pub async fn set_tournament_rounds(
        &self,
        id: TournamentId,
        rounds: u32,
    ) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            execute!(
                d,
                db,
                "UPDATE tournaments SET rounds = ?, updated_at = {now} WHERE id = ?",
                i64::from(rounds),
                id,
            )?;
        });
        Ok(())
    }

    /// Everyone who signed up to the event, in sign-up order.
    pub async fn tournament_players(
        &self,
        id: TournamentId,
    ) -> Result<Vec<EventPlayer>, StoreError> {
        let rows: Vec<(i64, i64, f64, i64, i64, i64)> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT user_id, joined, rating, checked_in, missed, withdrawn \
                 FROM tournament_players WHERE tournament_id = ? ORDER BY joined"
            ))
            .bind(id)
            .fetch_all(db)
            .await?
        });
        let count =
            |v: i64| u32::try_from(v).map_err(|_| StoreError::Corrupt(format!("count {v}")));
        rows.into_iter()
            .map(|(user, joined, rating, checked_in, missed, withdrawn)| {
                Ok(EventPlayer {
                    user_id: from_sql(user),
                    joined: count(joined)?,
                    rating,
                    checked_in: count(checked_in)?,
                    missed: count(missed)?,
                    withdrawn: Withdrawn::from_sql(withdrawn)?,
                })
            })
            .collect()
    }

    /// Signs a person up, last in order; answers false if they were already signed up (a
    /// person who had withdrawn is signed up again, keeping their place).
    pub async fn sign_up_tournament(
        &self,
        id: TournamentId,
        user_id: u64,
        rating: f64,
    ) -> Result<bool, StoreError> {
        let stored = on_db!(self, writer, |db, d| {
            let mut tx = db.begin().await?;
            let back = execute!(
                d,
                &mut *tx,
                "UPDATE tournament_players SET withdrawn = 0, missed = 0 \
                 WHERE tournament_id = ? AND user_id = ? AND withdrawn <> 0",
                id,
                to_sql(user_id),
            )?
            .rows_affected();
            if back == 0 {
                let joined = execute!(
                    d,
                    &mut *tx,
                    "INSERT INTO tournament_players (tournament_id, user_id, joined, rating) \
                     SELECT ?, ?, COALESCE(MAX(joined), 0) + 1, ? FROM tournament_players \
                     WHERE tournament_id = ?",
                    id,
                    to_sql(user_id),
                    rating,
                    id,
                );
                if !inserted(joined)? {
                    return Ok(false);
                }
            }
            tx.commit().await?;
            true
        });
        Ok(stored)
    }

    /// Marks a player withdrawn (or back in, with `Withdrawn::No`).
    pub async fn set_tournament_withdrawn(
        &self,
        id: TournamentId,
        user_id: u64,
        withdrawn: Withdrawn,
    ) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            execute!(
                d,
                db,
                "UPDATE tournament_players SET withdrawn = ? WHERE tournament_id = ? AND user_id = ?",
                withdrawn.to_sql(),
                id,
                to_sql(user_id),
            )?;
        });
        Ok(())
    }

    /// A player checked in for `round`.
    pub async fn check_in_tournament(
        &self,
        id: TournamentId,
        user_id: u64,
        round: u32,
    ) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            execute!(
                d,
                db,
                "UPDATE tournament_players SET checked_in = ? WHERE tournament_id = ? AND user_id = ?",
                i64::from(round),
                id,
                to_sql(user_id),
            )?;
        });
        Ok(())
    }

    /// Stores a paired round in one transaction: its plan, its tables (with the results of
    /// those decided without a game), the players' counts of missed rounds, and the event's
    /// new state. Answers false, changing nothing, if the round was stored already.
    pub async fn begin_tournament_round(
        &self,
        id: TournamentId,
        round: u32,
        plan: &Value,
        results: &[Option<Value>],
        missed: &[Missed],
        state: EventState,
    ) -> Result<bool, StoreError> {
        let stored = on_db!(self, writer, |db, d| {
            let mut tx = db.begin().await?;
            let planned = execute!(
                d,
                &mut *tx,
                "INSERT INTO tournament_rounds (tournament_id, round, plan) VALUES (?, ?, ?)",
                id,
                i64::from(round),
                plan.to_string(),
            );
            if !inserted(planned)? {
                return Ok(false);
            }
            for (idx, result) in results.iter().enumerate() {
                execute!(
                    d,
                    &mut *tx,
                    "INSERT INTO tournament_tables (tournament_id, round, idx, result) \
                     VALUES (?, ?, ?, ?)",
                    id,
                    i64::from(round),
                    index_to_sql(idx),
                    result.as_ref().map(Value::to_string),
                )?;
            }
            for m in missed {
                execute!(
                    d,
                    &mut *tx,
                    "UPDATE tournament_players SET missed = ?, withdrawn = ? \
                     WHERE tournament_id = ? AND user_id = ?",
                    i64::from(m.missed),
                    m.withdrawn.to_sql(),
                    id,
                    to_sql(m.user_id),
                )?;
            }
            write_state!(d, &mut *tx, id, state)?;
            tx.commit().await?;
            true
        });
        Ok(stored)
    }

    /// The pakka table that plays one table of a round.
    pub async fn link_tournament_table(
        &self,
        id: TournamentId,
        round: u32,
        idx: usize,
        table_id: TableId,
    ) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            execute!(
                d,
                db,
                "UPDATE tournament_tables SET table_id = ? \
                 WHERE tournament_id = ? AND round = ? AND idx = ?",
                table_id,
                id,
                i64::from(round),
                index_to_sql(idx),
            )?;
        });
        Ok(())
    }

    /// One table's result. Answers false, changing nothing, if it had one already.
    pub async fn set_tournament_result(
        &self,
        id: TournamentId,
        round: u32,
        idx: usize,
        result: &Value,
    ) -> Result<bool, StoreError> {
        let changed = on_db!(self, writer, |db, d| {
            execute!(
                d,
                db,
                "UPDATE tournament_tables SET result = ? \
                 WHERE tournament_id = ? AND round = ? AND idx = ? AND result IS NULL",
                result.to_string(),
                id,
                i64::from(round),
                index_to_sql(idx),
            )?
            .rows_affected()
        });
        Ok(changed == 1)
    }

    /// Every round of the event so far, with its tables, in order.
    pub async fn tournament_rounds(
        &self,
        id: TournamentId,
    ) -> Result<Vec<StoredRound>, StoreError> {
        let (rounds, tables): (Vec<(i64, String)>, Vec<RoundTableTuple>) =
            on_db!(self, pool, |db, d| {
                let rounds = sqlx::query_as(sql!(
                d,
                "SELECT round, plan FROM tournament_rounds WHERE tournament_id = ? ORDER BY round"
            ))
                .bind(id)
                .fetch_all(db)
                .await?;
                let tables = sqlx::query_as(sql!(
                    d,
                    "SELECT round, idx, table_id, result FROM tournament_tables \
                     WHERE tournament_id = ? ORDER BY round, idx"
                ))
                .bind(id)
                .fetch_all(db)
                .await?;
                (rounds, tables)
            });
        let mut out = Vec::with_capacity(rounds.len());
        for (round, plan) in rounds {
            out.push(StoredRound {
                round: u32::try_from(round)
                    .map_err(|_| StoreError::Corrupt(format!("round {round}")))?,
                plan: json_from_sql(&plan)?,
                tables: Vec::new(),
            });
        }
        for (round, idx, table_id, result) in tables {
            let Some(r) = out.iter_mut().find(|r| i64::from(r.round) == round) else {
                return Err(StoreError::Corrupt(format!("a table of no round {round}")));
            };
            r.tables.push(RoundTable {
                idx: index_from_sql(idx)?,
                table_id,
                result: result.as_deref().map(json_from_sql).transpose()?,
            });
        }
        Ok(out)
    }

    /// The event, round and index a pakka table plays, if it is a tournament's.
    pub async fn tournament_of_table(
        &self,
        table_id: TableId,
    ) -> Result<Option<(TournamentId, u32, usize)>, StoreError> {
        let row: Option<(i64, i64, i64)> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT tournament_id, round, idx FROM tournament_tables WHERE table_id = ?"
            ))
            .bind(table_id)
            .fetch_optional(db)
            .await?
        });
        row.map(|(id, round, idx)| {
            Ok((
                id,
                u32::try_from(round).map_err(|_| StoreError::Corrupt(format!("round {round}")))?,
                index_from_sql(idx)?,
            ))
        })
        .transpose()
    }
}
