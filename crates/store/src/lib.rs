//! All SQL: tables, seats, the move log, match totals, results, ratings, records and per-server
//! settings, in SQLite or PostgreSQL via sqlx, with the migrations of `migrations/sqlite` and
//! `migrations/postgres` (at the workspace's root) embedded (`migrations.rs`) and run at start. No game state is
//! stored: a table is its seed, options, seats and move log.
//!
//! One [`Store`] (a cloneable handle on the pools) carries every query; its methods are split by
//! table group: `tables.rs` (tables, seats, moves, match totals, forfeits), `results.rs` (results
//! and the leaderboard), `ratings.rs` (the rating update in a result's transaction and the
//! recompute), `records.rs` (the reads of `/scores`, `/stats` and `/history`) and `settings.rs`
//! (per-server settings), `seasons.rs` (a server's seasons, their rollover and final standings), `tournaments.rs` (events, their players, rounds and tables), `messages.rs` (the Discord edge's own message ids per table). `outage.rs` tells a database that is away from a refusal or a bug
//! and bounds how long a statement waits for a connection; `backup.rs` copies a SQLite
//! database while it is in use and puts a copy back. Every statement is written once with `?` placeholders and `{now}`,
//! translated per dialect; queries are checked at run time (no `DATABASE_URL` at build time).
//! Discord snowflakes and seeds are `u64` in Rust and bit-cast to `i64` in SQL; JSON values are
//! stored as TEXT.

mod backup;
mod messages;
mod migrations;
mod outage;
mod ratings;
mod records;
mod results;

pub use backup::{backup, restore, sqlite_file, BackupError, Restored};
pub use messages::MessageIds;
#[cfg(any(test, feature = "testing"))]
pub use outage::WriterHeld;
/// The range of gateway shards whose servers' tables `Store::open_tables_in` loads.
pub use pakka_shards::ShardRange;
pub use ratings::{Recomputed, ALL_GAMES};
pub use records::{Board, BoardRow, Finish, GameRecord, PastGame, PastSeat, TREND};
mod seasons;
mod settings;
pub use seasons::{Champion, Season};
pub use settings::{GuildSetting, GuildSettings};
mod tables;
mod tournaments;
pub use tournaments::{
    EventPhase, EventPlayer, EventState, Missed, NewTournament, RoundTable, StoredRound,
    StoredTournament, TournamentId, Withdrawn,
};

use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, SqlitePool};

/// The id of a stored table (its `tables.id`).
pub type TableId = i64;

/// Where a table is in its life. Stored as TEXT: `lobby`, `playing`, `finished`, `abandoned`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Lobby,
    Playing,
    Finished,
    Abandoned,
}

impl Phase {
    /// The phase as stored in `tables.phase`.
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Lobby => "lobby",
            Phase::Playing => "playing",
            Phase::Finished => "finished",
            Phase::Abandoned => "abandoned",
        }
    }

    fn parse(text: &str) -> Result<Phase, StoreError> {
        match text {
            "lobby" => Ok(Phase::Lobby),
            "playing" => Ok(Phase::Playing),
            "finished" => Ok(Phase::Finished),
            "abandoned" => Ok(Phase::Abandoned),
            other => Err(StoreError::Corrupt(format!("unknown phase {other:?}"))),
        }
    }
}

/// One seat of a table. `user_id` None is an open seat (or a computer player).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: usize,
    pub user_id: Option<u64>,
    pub accepted: bool,
    /// A computer player's level when the computer plays this seat.
    pub computer: Option<String>,
    /// The computer stands in for the seat's owner, who is away.
    pub stand_in: bool,
    /// A person took this seat over from a computer player: the level it was played at.
    pub taken_from: Option<String>,
    /// The move number at which the person took it over.
    pub taken_at: Option<u64>,
}

/// A table to create (it starts in the lobby, at move 0, with no state).
#[derive(Clone, Debug, PartialEq)]
pub struct NewTable {
    pub guild_id: u64,
    pub channel_id: u64,
    pub game: String,
    pub options: serde_json::Value,
    pub seats: usize,
    pub seed: u64,
    pub created_by: u64,
    pub seat_rows: Vec<SeatRow>,
    /// The turn timer in minutes, if the table has one.
    pub turn_timer: Option<u32>,
    /// The table's learning options (`/play hints:`, `open_seats:`).
    pub learning: Learning,
}

/// A table's learning options, set when it is opened: hints in every hand (the table is then
/// unrated), and computer seats open to a person who is not seated while the game runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Learning {
    pub hints: bool,
    pub open_seats: bool,
}

/// One entry of a table's move log.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredMove {
    pub number: u64,
    pub seat: usize,
    pub action: serde_json::Value,
}

/// A table as stored, with its seats and its whole move log (ordered by number). No game state
/// is stored: the seed, the options and the move log are the truth, and the table service
/// replays them (so a deploy that changes a state's shape strands no table).
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTable {
    pub id: TableId,
    /// Where it is, its game and options, seed and creator, its seats as they are now, its turn
    /// timer and learning options.
    pub setup: NewTable,
    pub phase: Phase,
    pub move_number: u64,
    /// A paused match: still `Playing`, but it no longer holds its channel.
    pub paused: bool,
    pub moves: Vec<StoredMove>,
}

/// One seat's final result. `place` 1 is best; ties share a place.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    pub seat: usize,
    pub user_id: Option<u64>,
    pub place: usize,
    pub won: bool,
    pub score: Option<i64>,
    /// The computer level that played the seat, when no person did.
    pub computer: Option<String>,
    /// The seat's team for ratings: the seat itself, or its partnership (Teka).
    pub team: usize,
}

/// One line of a leaderboard. `points` is the sum of the non-null scores, None if all were null.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderRow {
    pub user_id: u64,
    pub games: i64,
    pub wins: i64,
    pub points: Option<i64>,
}

/// What can go wrong in the store. The first variants are sentences for the player.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("A table is already open in this channel.")]
    ChannelBusy,
    #[error("That table does not exist.")]
    NoSuchTable(TableId),
    #[error("That table has no seat {seat}.")]
    NoSuchSeat { id: TableId, seat: usize },
    #[error("That table is {} and cannot do that.", .phase.as_str())]
    WrongPhase { id: TableId, phase: Phase },
    #[error("Move {number} of table {id} is already stored.")]
    DuplicateMove { id: TableId, number: u64 },
    /// A tournament's table was opened (or decided) already.
    #[error("that tournament table is opened already")]
    AlreadyOpened,
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    #[error("database error: {0}")]
    Sqlx(#[from] sqlx::Error),
    #[error("migration error: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The database gave no answer within the call's deadline (an outage).
    #[error("the database gave no answer within {0:?}")]
    Deadline(Duration),
}

/// Which database a [`Store`] talks to, for the SQL text that differs between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dialect {
    Sqlite,
    Postgres,
}

/// The database's clock as ISO 8601 UTC text with milliseconds (`2026-11-24T22:05:01.123Z`):
/// timestamps are this text on both backends, so they compare, sort and read the same.
const NOW_SQLITE: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
const NOW_POSTGRES: &str =
    "to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')";

/// Turns one statement, written once with `?` placeholders and the token `{now}`, into the
/// dialect's text: numbered `$1, $2, …` for PostgreSQL, and the dialect's clock for `{now}`.
/// The statements hold no `?` inside string literals.
pub(crate) fn translate(dialect: Dialect, text: &str) -> String {
    match dialect {
        Dialect::Sqlite => text.replace("{now}", NOW_SQLITE),
        Dialect::Postgres => {
            let mut out = String::with_capacity(text.len() + 16);
            let mut n = 0;
            for c in text.chars() {
                if c == '?' {
                    n += 1;
                    out.push('$');
                    out.push_str(&n.to_string());
                } else {
                    out.push(c);
                }
            }
            out.replace("{now}", NOW_POSTGRES)
        }
    }
}

/// One statement's text in the current arm's dialect, translated once per call site and kept.
macro_rules! sql {
    ($dialect:ident, $text:expr) => {{
        static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        TEXT.get_or_init(|| $crate::translate($dialect, $text))
            .as_str()
    }};
}
pub(crate) use sql;

/// Runs one statement through `$executor`: `$text` in the arm's dialect ([`sql!`]), its `?`s
/// bound to the `$value`s in order. Answers the statement's result (`rows_affected`), not yet
/// `?`-ed. The shape every plain write spells alike, written once.
macro_rules! execute {
    ($dialect:ident, $executor:expr, $text:expr $(, $value:expr)* $(,)?) => {
        sqlx::query($crate::sql!($dialect, $text))
            $(.bind($value))*
            .execute($executor)
            .await
    };
}
pub(crate) use execute;

/// Runs `$body` on the store's backend: `$db` is the pool to use (`writer` or `pool` of
/// SQLite; PostgreSQL has one pool for both) and `$dialect` names the dialect for [`sql!`].
/// The body is written once and type-checked for each backend.
/// Every use of the writing role counts as one write (`Store::writes`).
macro_rules! on_db {
    // Within the call's deadline, noting the outcome in the store's health.
    (@timed $store:expr, $role:ident, |$db:ident, $dialect:ident| $body:expr) => {{
        $store
            .timed(async {
                Ok::<_, $crate::StoreError>($crate::on_db!(@run $store, $role, |$db, $dialect| $body))
            })
            .await?
    }};
    (@run $store:expr, $role:ident, |$db:ident, $dialect:ident| $body:expr) => {{
        // Each use is timed under the name of the method it is in (`pakka_metrics`).
        fn here() {}
        static OPERATION: std::sync::OnceLock<&'static str> = std::sync::OnceLock::new();
        let _timer = pakka_metrics::StoreTimer::start(OPERATION.get_or_init(|| {
            $crate::operation_name(std::any::type_name_of_val(&here))
        }));
        match &$store.backend {
            $crate::Backend::Sqlite(sqlite) => {
                let $db = &sqlite.$role;
                #[allow(non_upper_case_globals)]
                const $dialect: $crate::Dialect = $crate::Dialect::Sqlite;
                $body
            }
            $crate::Backend::Postgres(postgres) => {
                let $db = &postgres.pool;
                #[allow(non_upper_case_globals)]
                const $dialect: $crate::Dialect = $crate::Dialect::Postgres;
                $body
            }
        }
    }};
    // A long call of its own (a recompute, a restore's load): no deadline.
    ($store:expr, $role:ident, untimed, |$db:ident, $dialect:ident| $body:expr) => {
        $crate::on_db!(@run $store, $role, |$db, $dialect| $body)
    };
    ($store:expr, writer, |$db:ident, $dialect:ident| $body:expr) => {{
        $store.count_write();
        $crate::on_db!(@timed $store, writer, |$db, $dialect| $body)
    }};
    ($store:expr, $role:ident, |$db:ident, $dialect:ident| $body:expr) => {
        $crate::on_db!(@timed $store, $role, |$db, $dialect| $body)
    };
}
pub(crate) use on_db;

/// The store method a path names (`pakka_store::tables::<impl …>::record_move::{{closure}}::here`
/// → `record_move`): the operation label of its timings, one per method.
pub(crate) fn operation_name(path: &'static str) -> &'static str {
    path.rsplit("::")
        .find(|part| !part.starts_with('{') && *part != "here")
        .unwrap_or("other")
}

impl Store {
    /// Whether the database answers a cheap query now (`/readyz`).
    pub async fn ping(&self) -> Result<(), StoreError> {
        on_db!(self, pool, |db, d| {
            sqlx::query(sql!(d, "SELECT 1"))
                .execute(db)
                .await
                .map(drop)?
        });
        Ok(())
    }

    /// Whether the database takes writes now (`/readyz`): one row of `write_probe` written
    /// and committed. A full disk, a read-only file or server, or no answer says why not. Not
    /// counted among [`Store::writes`]: no person's action made it.
    pub async fn writable(&self) -> Result<(), StoreError> {
        on_db!(@timed self, writer, |db, d| {
            sqlx::query(sql!(
                d,
                "INSERT INTO write_probe (id, probed_at) VALUES (1, {now}) \
                 ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at"
            ))
            .execute(db)
            .await
            .map(drop)?
        });
        Ok(())
    }
}

/// The handle on the database. Cheap to clone (the pools are shared).
///
/// Two backends stand behind the one API, chosen by the URL: SQLite (`sqlite://…`, the
/// default) and PostgreSQL (`postgres://…`). Every statement is written once (see
/// [`translate`]) and every method's body is type-checked for both (see `on_db!`); the schema
/// is kept in step in `migrations/sqlite` and `migrations/postgres`, version for version. The
/// guarantees are the same on both: a move is committed (and flushed: SQLite's
/// `synchronous=FULL`, PostgreSQL's `synchronous_commit` left on) before the store answers;
/// a partial unique index holds one open table per channel; the move log's primary key stores
/// a move number at most once.
#[derive(Clone, Debug)]
pub struct Store {
    backend: Backend,
    /// Writes made through this handle and its clones (each method that writes counts once,
    /// however many statements its transaction holds): what a click costs, for the tests.
    writes: Arc<AtomicU64>,
    /// Whether the database is away or refuses writes, as the calls found it.
    health: Arc<outage::Health>,
}

#[derive(Clone, Debug)]
pub(crate) enum Backend {
    Sqlite(Sqlite),
    Postgres(Postgres),
}

/// SQLite: writes go through one connection of their own (`writer`), so they queue in order
/// in the pool instead of contending for SQLite's write lock, whose busy handler sleeps for up
/// to 100 ms at a time before trying again; reads (leaderboards, restores, settings) use the
/// others and never wait for a write in WAL mode. The write-ahead log is folded back into the
/// database by a background task every `CHECKPOINT_EVERY` (a passive checkpoint, which never
/// blocks a write), not by the write that happens to cross SQLite's threshold: that write, and
/// every move queued behind it, would wait for the copy and its fsync.
#[derive(Clone, Debug)]
pub(crate) struct Sqlite {
    pub(crate) pool: SqlitePool,
    pub(crate) writer: SqlitePool,
    _checkpoints: Option<Arc<Background>>,
}

/// PostgreSQL: one pool for reads and writes, shared by every task of the process; the
/// server orders concurrent writes by row locks. Several processes may share the database.
#[derive(Clone, Debug)]
pub(crate) struct Postgres {
    pub(crate) pool: PgPool,
}

/// Connections one process keeps to PostgreSQL. Every statement of a move is short and a
/// table's moves come one at a time, so a handful serves thousands of tables; a server's
/// default `max_connections` (100) leaves room for a dozen processes.
const POSTGRES_CONNECTIONS: u32 = 8;

/// How often the write-ahead log is checkpointed.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(500);

/// A background task that stops when the last handle on the store goes.
#[derive(Debug)]
struct Background(tokio::task::JoinHandle<()>);

impl Drop for Background {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Checkpoints the write-ahead log through a reading connection, off the write path.
fn checkpoints(pool: SqlitePool) -> Background {
    Background(tokio::spawn(async move {
        let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            tick.tick().await;
            if pool.is_closed() {
                break;
            }
            if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                .execute(&pool)
                .await
            {
                if pool.is_closed() {
                    break;
                }
                tracing::warn!(error = %e, "could not checkpoint the database's write-ahead log");
            }
        }
    }))
}

impl Store {
    /// Opens the database at `url` and runs its migrations: PostgreSQL for `postgres://` or
    /// `postgresql://` URLs (the database must exist), else SQLite (e.g. `sqlite://pakka.db`,
    /// created if missing, in WAL mode with foreign keys on).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Store::open_postgres(url).await
        } else {
            Store::open_sqlite(url).await
        }
    }

    async fn open_sqlite(url: &str) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // FULL: a committed move survives a power cut, not only a crash of the process.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(outage::BUSY_TIMEOUT);
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .acquire_timeout(outage::ACQUIRE_TIMEOUT)
            .after_release(|conn, _| Box::pin(outage::outside_transaction(conn)))
            // The checkpoints are the background task's.
            .connect_with(options.clone().pragma("wal_autocheckpoint", "0"))
            .await?;
        migrations::SQLITE.migrator().await?.run(&writer).await?;
        // The readers' page caches stay small (SQLite's default is 2 MiB each): what they read
        // is a few rows at a time, the file's pages are in the system's cache anyway, and a
        // long-running bot's memory should not grow with its database.
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .acquire_timeout(outage::ACQUIRE_TIMEOUT)
            .connect_with(options.pragma("cache_size", "-512"))
            .await?;
        let background = checkpoints(pool.clone());
        let store = Store {
            backend: Backend::Sqlite(Sqlite {
                pool,
                writer,
                _checkpoints: Some(Arc::new(background)),
            }),
            writes: Arc::default(),
            health: Arc::default(),
        };
        store.rate_unrated().await?;
        Ok(store)
    }

    async fn open_postgres(url: &str) -> Result<Store, StoreError> {
        let options = PgConnectOptions::from_str(url)?;
        let pool = PgPoolOptions::new()
            .max_connections(POSTGRES_CONNECTIONS)
            .acquire_timeout(outage::ACQUIRE_TIMEOUT)
            .connect_with(options)
            .await?;
        // Several processes may start at once: sqlx takes an advisory lock around the
        // migrations, so only one applies them.
        migrations::POSTGRES.migrator().await?.run(&pool).await?;
        let store = Store {
            backend: Backend::Postgres(Postgres { pool }),
            writes: Arc::default(),
            health: Arc::default(),
        };
        store.rate_unrated().await?;
        Ok(store)
    }

    /// A fresh private in-memory SQLite database with the migrations run (for tests). One
    /// connection that is never closed, so the database lives as long as the store.
    pub async fn open_in_memory() -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite::memory:")?.foreign_keys(true);
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(options)
            .await?;
        migrations::SQLITE.migrator().await?.run(&pool).await?;
        Ok(Store {
            backend: Backend::Sqlite(Sqlite {
                writer: pool.clone(),
                pool,
                _checkpoints: None,
            }),
            writes: Arc::default(),
            health: Arc::default(),
        })
    }

    /// How many writes this store (and its clones) made since it was opened: each method that
    /// writes counts once.
    pub fn writes(&self) -> u64 {
        self.writes.load(Ordering::Relaxed)
    }

    fn count_write(&self) {
        self.writes.fetch_add(1, Ordering::Relaxed);
    }

    /// One call of the store within its deadline (see `outage`), its outcome noted in the
    /// store's health: what `on_db!` does for each method's statements.
    pub(crate) async fn timed<T>(
        &self,
        call: impl std::future::Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        let result = outage::within(self.health.deadline(), call).await;
        self.health.saw(&result);
        result
    }

    /// Which backend this store talks to: `"sqlite"` or `"postgres"` (for logs and reports).
    pub fn backend_name(&self) -> &'static str {
        match self.backend {
            Backend::Sqlite(_) => "sqlite",
            Backend::Postgres(_) => "postgres",
        }
    }

    /// Closes every connection, waiting for them; SQLite's last one folds the write-ahead log
    /// back into the database file.
    pub async fn close(&self) {
        match &self.backend {
            Backend::Sqlite(sqlite) => {
                sqlite.writer.close().await;
                sqlite.pool.close().await;
            }
            Backend::Postgres(postgres) => postgres.pool.close().await,
        }
    }
}

/// A database URL fit for a log or an error message: a password in it is replaced by `***`
/// (`postgres://pakka:secret@db/pakka` → `postgres://pakka:***@db/pakka`).
pub fn redacted(url: &str) -> String {
    let Some(scheme_end) = url.find("://").map(|i| i + 3) else {
        return url.to_string();
    };
    let rest = &url[scheme_end..];
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let Some(at) = rest[..authority_end].rfind('@') else {
        return url.to_string();
    };
    match rest[..at].find(':') {
        Some(colon) => format!(
            "{}{}:***{}",
            &url[..scheme_end],
            &rest[..colon],
            &rest[at..]
        ),
        None => url.to_string(),
    }
}

/// u64 (snowflake, seed) to its SQL form.
fn to_sql(value: u64) -> i64 {
    value as i64
}

/// The SQL form back to u64.
fn from_sql(value: i64) -> u64 {
    value as u64
}

/// A seat, place or count to its SQL form.
fn index_to_sql(value: usize) -> i64 {
    value as i64
}

/// A stored seat, place or count back to usize.
fn index_from_sql(value: i64) -> Result<usize, StoreError> {
    usize::try_from(value).map_err(|_| StoreError::Corrupt(format!("negative index {value}")))
}

/// A stored JSON text back to a value.
fn json_from_sql(text: &str) -> Result<serde_json::Value, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("bad JSON: {e}")))
}

#[cfg(test)]
mod unit {
    //! The store's own pieces: a phase round-trips through its text, passwords are kept out of
    //! printed URLs, statements are translated per dialect, snowflakes and seeds round-trip,
    //! operations are timed under their method names, and an in-memory store runs the migrations.
    //! The store against both backends is `tests/store.rs`.

    use super::*;

    #[test]
    fn phase_round_trips_through_text() {
        for phase in [
            Phase::Lobby,
            Phase::Playing,
            Phase::Finished,
            Phase::Abandoned,
        ] {
            assert_eq!(Phase::parse(phase.as_str()).unwrap(), phase);
        }
        assert!(Phase::parse("paused").is_err());
    }

    #[test]
    fn passwords_are_kept_out_of_printed_urls() {
        assert_eq!(
            redacted("postgres://pakka:s3cr:et@db.example:5432/pakka?sslmode=require"),
            "postgres://pakka:***@db.example:5432/pakka?sslmode=require"
        );
        assert_eq!(
            redacted("postgres://pakka@127.0.0.1/pakka"),
            "postgres://pakka@127.0.0.1/pakka"
        );
        assert_eq!(redacted("sqlite://pakka.db"), "sqlite://pakka.db");
        assert_eq!(redacted("sqlite::memory:"), "sqlite::memory:");
    }

    #[test]
    fn statements_are_translated_per_dialect() {
        let text = "UPDATE t SET a = ?, at = {now} WHERE id = ? AND b IN (?, ?)";
        assert_eq!(
            translate(Dialect::Postgres, text),
            format!("UPDATE t SET a = $1, at = {NOW_POSTGRES} WHERE id = $2 AND b IN ($3, $4)")
        );
        assert_eq!(
            translate(Dialect::Sqlite, text),
            format!("UPDATE t SET a = ?, at = {NOW_SQLITE} WHERE id = ? AND b IN (?, ?)")
        );
    }

    #[test]
    fn snowflakes_and_seeds_round_trip() {
        for value in [0, 1, 1_234_567_890_123_456_789, i64::MAX as u64, u64::MAX] {
            assert_eq!(from_sql(to_sql(value)), value);
        }
        assert!(index_from_sql(-1).is_err());
        assert_eq!(index_from_sql(index_to_sql(7)).unwrap(), 7);
    }

    #[tokio::test]
    async fn operations_are_timed_under_their_method_names() {
        fn here() {}
        assert_eq!(
            operation_name(std::any::type_name_of_val(&here)),
            "operations_are_timed_under_their_method_names"
        );
        assert_eq!(
            operation_name(
                "pakka_store::tables::<impl pakka_store::Store>::record_move::{{closure}}::here"
            ),
            "record_move"
        );
        let store = Store::open_in_memory().await.unwrap();
        store.ping().await.unwrap();
        store.close().await;
        assert!(
            store.ping().await.is_err(),
            "a closed store does not answer"
        );
    }

    #[tokio::test]
    async fn in_memory_store_runs_the_migrations() {
        let store = Store::open_in_memory().await.unwrap();
        let count: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name IN \
             ('tables', 'seats', 'moves', 'match_totals', 'results')",
        )
        .fetch_one(match &store.backend {
            Backend::Sqlite(sqlite) => &sqlite.pool,
            Backend::Postgres(_) => unreachable!("an in-memory store is SQLite"),
        })
        .await
        .unwrap();
        assert_eq!(count, 5);
        assert!(store.open_tables().await.unwrap().is_empty());
    }
}
