//! When the database goes away: which errors mean the database could not be reached or refused
//! to write for reasons of its own (a PostgreSQL server restarting or unreachable, a pool that
//! waited too long for a connection, SQLite's disk full or its file read-only), as opposed to
//! a refusal of the data or a bug. The table service answers the first kind with "nothing
//! changed — try again" and keeps its tables as they were; sqlx's pools reconnect by themselves
//! when the database returns (each connection is tested before it is handed out), so no restart
//! is needed. How long a write may wait for a connection is bounded here ([`ACQUIRE_TIMEOUT`]),
//! so a click during an outage is still answered within Discord's 3 seconds.

use std::time::Duration;

use super::StoreError;

/// How long a statement waits for a pooled connection (and, while the database is down, for
/// the pool's attempts to open one) before the store answers that the database is
/// unavailable. Under Discord's 3 seconds, with room left to answer the click.
pub(crate) const ACQUIRE_TIMEOUT: Duration = Duration::from_millis(1500);

/// SQLite's primary result codes that say the database cannot be written now, whatever was
/// asked: BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN.
const SQLITE_OUTAGE: &[i64] = &[5, 6, 8, 10, 13, 14];

impl StoreError {
    /// Whether the database was unreachable or refused to write for reasons of its own (an
    /// outage: try again later), rather than refusing this request or meeting a bug.
    pub fn is_outage(&self) -> bool {
        match self {
            StoreError::Sqlx(e) => is_outage(e),
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
}

#[cfg(test)]
mod tests {
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
