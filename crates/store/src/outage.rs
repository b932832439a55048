//! When the database goes away: which errors mean the database could not be reached or refused
//! to write for reasons of its own (a PostgreSQL server restarting, unreachable or silent, a
//! pool that waited too long for a connection, SQLite's disk full, an I/O error or its file
//! read-only), as opposed to a refusal of the data or a bug. The table service answers the
//! first kind with "nothing changed — try again" and keeps its tables as they were; sqlx's pools
//! reconnect by themselves when the database returns (each connection is tested before it is
//! handed out), so no restart is needed.
//!
//! Every call of the store has a deadline ([`CALL_DEADLINE`], shorter while the database is
//! known to be away: [`AWAY_DEADLINE`]), whatever the network does, so a click is answered
//! inside Discord's 3 seconds even when two clicks of one table queue behind each other during
//! an outage. [`Health`] remembers whether the last call found the database away.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::StoreError;

/// How long a statement waits for a pooled connection (and, while the database is down, for
/// the pool's attempts to open one) before the store answers that the database is
/// unavailable. Under [`CALL_DEADLINE`].
pub(crate) const ACQUIRE_TIMEOUT: Duration = Duration::from_millis(1000);

/// How long SQLite waits for another process's lock (a backup, a second process on the same
/// file) before it answers BUSY. Under [`CALL_DEADLINE`].
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_millis(1000);

/// The longest any one call of the store may take (a connection, every statement, the
/// commit), then it answers that the database is unavailable. A click makes one call that
/// writes; two clicks of one table during an outage queue one behind the other (the second
/// waits for the table the first holds, then gets [`AWAY_DEADLINE`]), and both are answered
/// inside Discord's 3 s with time to spare.
pub const CALL_DEADLINE: Duration = Duration::from_millis(1300);

/// The deadline while the last call found the database away: a healthy database answers in
/// milliseconds, so this is enough to notice it is back, and a click during an outage is
/// answered at once.
pub const AWAY_DEADLINE: Duration = Duration::from_millis(500);

/// What the store has seen of its database lately: shared by every clone of a store.
#[derive(Debug, Default)]
pub(crate) struct Health {
    /// The last call met an outage (cleared by the next call that gets an answer).
    away: AtomicBool,
}

impl Health {
    /// The deadline of the next call.
    pub(crate) fn deadline(&self) -> Duration {
        if self.away.load(Ordering::Relaxed) {
            AWAY_DEADLINE
        } else {
            CALL_DEADLINE
        }
    }

    /// Notes how a call ended: an outage, or an answer (a refusal of the data is an answer).
    pub(crate) fn saw<T>(&self, result: &Result<T, StoreError>) {
        let outage = result.as_ref().is_err_and(StoreError::is_outage);
        self.away.store(outage, Ordering::Relaxed);
    }
}

/// Whether SQLite's writing connection, given back to its pool, is outside any transaction,
/// as it must be; else it is closed (and a fresh one opened for the next write).
///
/// sqlx counts the transactions it opened itself, and the count goes wrong when SQLite refuses
/// a COMMIT (a full disk, an I/O error): SQLite has rolled back, sqlx's ROLLBACK then fails and
/// its count stays at one, so the next transaction is a SAVEPOINT, and when that one's COMMIT
/// is refused too its rollback (ROLLBACK TO) leaves SQLite inside a transaction that nothing
/// will ever commit. Every later write on that connection would answer success and be lost.
/// SQLite's own word is taken instead: `BEGIN` fails inside a transaction.
pub(crate) async fn outside_transaction(
    conn: &mut sqlx::SqliteConnection,
) -> Result<bool, sqlx::Error> {
    if let Err(e) = sqlx::query("BEGIN").execute(&mut *conn).await {
        tracing::warn!(
            error = %e,
            "the database's writing connection was left inside a transaction; closed it"
        );
        return Ok(false);
    }
    sqlx::query("ROLLBACK").execute(&mut *conn).await?;
    Ok(true)
}

/// Runs one call of the store within `deadline`: past it, the call is dropped (its
/// transaction rolled back, its connection not reused) and the store answers
/// [`StoreError::Deadline`], an outage.
pub(crate) async fn within<T>(
    deadline: Duration,
    call: impl std::future::Future<Output = Result<T, StoreError>>,
) -> Result<T, StoreError> {
    match tokio::time::timeout(deadline, call).await {
        Ok(result) => result,
        Err(_) => Err(StoreError::Deadline(deadline)),
    }
}

/// SQLite's primary result codes that say the database cannot be written now, whatever was
/// asked: BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN.
const SQLITE_OUTAGE: &[i64] = &[5, 6, 8, 10, 13, 14];

impl StoreError {
    /// Whether the database was unreachable or refused to write for reasons of its own (an
    /// outage: try again later), rather than refusing this request or meeting a bug.
    pub fn is_outage(&self) -> bool {
        match self {
            StoreError::Sqlx(e) => is_outage(e),
            StoreError::Deadline(_) => true,
            _ => false,
        }
    }
}

/// Whether a sqlx error is an outage (see [`StoreError::is_outage`]).
pub(crate) fn is_outage(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => {
            let Some(code) = db.code() else {
                return false;
            };
            match code.parse::<i64>() {
                // SQLite: an (extended) result code as a number.
                Ok(n) if db.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() => {
                    SQLITE_OUTAGE.contains(&(n & 0xff))
                }
                // PostgreSQL: an SQLSTATE.
                _ => postgres_outage(&code),
            }
        }
        _ => false,
    }
}

/// PostgreSQL's SQLSTATEs of an outage: connection exceptions (08), insufficient resources
/// (53), the server shutting down or starting (57P01–57P03), a system or I/O error (58), and a
/// server in read-only mode (25006, a standby or `default_transaction_read_only`).
fn postgres_outage(code: &str) -> bool {
    code.starts_with("08")
        || code.starts_with("53")
        || code.starts_with("58")
        || matches!(code, "57P01" | "57P02" | "57P03" | "25006")
}

#[cfg(any(test, feature = "testing"))]
impl super::Store {
    /// For the outage tests: SQLite's writing connection refuses every write from now on
    /// (`PRAGMA query_only`, which answers SQLITE_READONLY as a read-only file does), or
    /// writes again. PostgreSQL's outages are tested by stopping the server.
    pub async fn refuse_writes(&self, refuse: bool) -> Result<(), StoreError> {
        match &self.backend {
            super::Backend::Sqlite(sqlite) => {
                let pragma = if refuse {
                    "PRAGMA query_only = ON"
                } else {
                    "PRAGMA query_only = OFF"
                };
                sqlx::query(pragma).execute(&sqlite.writer).await?;
                Ok(())
            }
            super::Backend::Postgres(_) => Ok(()),
        }
    }

    /// For the tests: SQLite's one writing connection, taken and held until the answer is
    /// dropped, so that every write waits as it would behind a slow one (at most the pool's
    /// `ACQUIRE_TIMEOUT`, then an outage). None on PostgreSQL.
    pub async fn hold_writer(&self) -> Option<WriterHeld> {
        match &self.backend {
            super::Backend::Sqlite(sqlite) => sqlite.writer.acquire().await.ok().map(WriterHeld),
            super::Backend::Postgres(_) => None,
        }
    }
}

/// SQLite's writing connection held by a test (see `Store::hold_writer`).
#[cfg(any(test, feature = "testing"))]
pub struct WriterHeld(#[allow(dead_code)] sqlx::pool::PoolConnection<sqlx::Sqlite>);

#[cfg(test)]
mod tests {
    //! Which errors are an outage: PostgreSQL's states of one, and a pool that waited too long is
    //! an outage while a refusal of the data is not.

    use super::*;

    #[test]
    fn postgres_states_of_an_outage() {
        for code in [
            "08006", "08001", "57P01", "57P03", "53300", "25006", "58030",
        ] {
            assert!(postgres_outage(code), "{code}");
        }
        for code in ["23505", "40001", "42P01", "22P02"] {
            assert!(!postgres_outage(code), "{code}");
        }
    }

    #[test]
    fn a_pool_that_waited_too_long_is_an_outage_and_a_refusal_is_not() {
        assert!(StoreError::Sqlx(sqlx::Error::PoolTimedOut).is_outage());
        assert!(StoreError::Sqlx(sqlx::Error::PoolClosed).is_outage());
        assert!(!StoreError::ChannelBusy.is_outage());
        assert!(!StoreError::Sqlx(sqlx::Error::RowNotFound).is_outage());
    }
}
