//! Backups of a SQLite database while a bot plays on it, and putting one back. A backup is
//! SQLite's `VACUUM INTO` run in one read transaction on a connection of its own: a consistent
//! copy of every committed move at one instant, written to a new file, which in WAL mode never
//! blocks the bot's writes. A restore puts a backup in the place of a database no process has
//! open (it checks by asking for SQLite's exclusive lock, which any open connection of a
//! running bot refuses), keeping the database it replaces beside it. PostgreSQL's backups are
//! `pg_dump` and `pg_restore`, outside pakka (the README says how).

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteLockingMode};
use sqlx::{ConnectOptions, Connection, SqliteConnection};

/// Why a backup or a restore was refused or failed. The first variants are the operator's to
/// fix (worded by the cli); `Sqlx` and `Io` carry what the system said.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The database is PostgreSQL: its backups are `pg_dump` and `pg_restore`.
    #[error("the database is PostgreSQL: use pg_dump and pg_restore")]
    Postgres,
    #[error("no database file at {0}")]
    NoDatabase(PathBuf),
    /// A backup is never written over an existing file.
    #[error("{0} exists already")]
    TargetExists(PathBuf),
    /// A process (a running bot) has the database open: a restore would pull it from under it.
    #[error("{0} is open in another process (a running bot?)")]
    InUse(PathBuf),
    /// The file to restore is not a whole pakka database.
    #[error("{path} is not a pakka database: {why}")]
    NotPakka { path: PathBuf, why: String },
    #[error("database error: {0}")]
    Sqlx(#[from] sqlx::Error),
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// A restore done: where the database it replaced was kept, if there was one.
#[derive(Debug)]
pub struct Restored {
    pub kept: Option<PathBuf>,
}

/// The SQLite file a URL (`sqlite://…`, `sqlite:…`) or a bare path names; PostgreSQL refused.
pub fn sqlite_file(url: &str) -> Result<PathBuf, BackupError> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        return Err(BackupError::Postgres);
    }
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url);
    Ok(PathBuf::from(path.split('?').next().unwrap_or(path)))
}

/// One connection to an existing SQLite file (never created here).
async fn connect(file: &Path, exclusive: bool) -> Result<SqliteConnection, BackupError> {
    if !file.is_file() {
        return Err(BackupError::NoDatabase(file.to_path_buf()));
    }
    let mut options = SqliteConnectOptions::from_str("sqlite://")?
        .filename(file)
        .create_if_missing(false);
    options = if exclusive {
        // No waiting: a lock held by a running bot is the answer.
        options
            .locking_mode(SqliteLockingMode::Exclusive)
            .busy_timeout(Duration::ZERO)
    } else {
        options.busy_timeout(Duration::from_secs(5))
    };
    Ok(options.connect().await?)
}

/// Writes a consistent copy of the SQLite database at `url` to `target` while a bot may be
/// playing on it. `target` must not exist. Answers the copy's size in bytes.
pub async fn backup(url: &str, target: &Path) -> Result<u64, BackupError> {
    let file = sqlite_file(url)?;
    if target.exists() {
        return Err(BackupError::TargetExists(target.to_path_buf()));
    }
    let mut conn = connect(&file, false).await?;
    let copied = sqlx::query("VACUUM INTO ?")
        .bind(target.to_string_lossy().into_owned())
        .execute(&mut conn)
        .await;
    conn.close().await.ok();
    copied?;
    Ok(std::fs::metadata(target)?.len())
}

/// Checks that `file` is a whole pakka database: SQLite's integrity check passes and the
/// migrations' record and the tables are there.
async fn check_backup(file: &Path) -> Result<(), BackupError> {
    let not_pakka = |why: String| BackupError::NotPakka {
        path: file.to_path_buf(),
        why,
    };
    let options = SqliteConnectOptions::from_str("sqlite://")?
        .filename(file)
        .read_only(true)
        .create_if_missing(false);
    let mut conn = options
        .connect()
        .await
        .map_err(|e| not_pakka(e.to_string()))?;
    let checked: Result<(String, i64), sqlx::Error> = async {
        let integrity: String = sqlx::query_scalar("PRAGMA integrity_check")
            .fetch_one(&mut conn)
            .await?;
        let migrations: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations")
            .fetch_one(&mut conn)
            .await?;
        sqlx::query("SELECT COUNT(*) FROM tables")
            .fetch_one(&mut conn)
            .await?;
        Ok((integrity, migrations))
    }
    .await;
    conn.close().await.ok();
    match checked {
        Ok((integrity, _)) if integrity != "ok" => Err(not_pakka(integrity)),
        Ok((_, 0)) => Err(not_pakka("no migration was run".into())),
        Ok(_) => Ok(()),
        Err(e) => Err(not_pakka(e.to_string())),
    }
}

/// Puts the backup `from` in the place of the SQLite database at `url`. Refused while any
/// process has that database open; the database replaced (its write-ahead log folded in) is
/// kept beside it as `<file>.before-restore`.
pub async fn restore(from: &Path, url: &str) -> Result<Restored, BackupError> {
    let file = sqlite_file(url)?;
    if !from.is_file() {
        return Err(BackupError::NoDatabase(from.to_path_buf()));
    }
    check_backup(from).await?;
    let kept = if file.exists() {
        // The exclusive lock, which a running bot's open connections refuse; with it, the
        // write-ahead log is folded into the file, so the file alone is the whole database.
        let mut conn = connect(&file, true).await?;
        let locked = async {
            sqlx::query("PRAGMA journal_mode = DELETE")
                .execute(&mut conn)
                .await?;
            sqlx::query("BEGIN EXCLUSIVE").execute(&mut conn).await?;
            sqlx::query("COMMIT").execute(&mut conn).await
        }
        .await;
        conn.close().await.ok();
        match locked {
            Ok(_) => {}
            Err(sqlx::Error::Database(e))
                if e.code().is_some_and(|c| c == "5" || c == "6" || c == "517") =>
            {
                return Err(BackupError::InUse(file));
            }
            Err(e) => return Err(e.into()),
        }
        let kept = with_suffix(&file, ".before-restore");
        std::fs::rename(&file, &kept)?;
        // A write-ahead log left beside the old file must never be read as the new one's: it
        // goes with the file it belongs to.
        for side in ["-wal", "-shm"] {
            let left = with_suffix(&file, side);
            if left.exists() {
                std::fs::rename(&left, with_suffix(&kept, side))?;
            }
        }
        Some(kept)
    } else {
        None
    };
    // Copied beside the database, then renamed into place: never half a database.
    let partial = with_suffix(&file, ".restoring");
    std::fs::copy(from, &partial)?;
    std::fs::File::open(&partial)?.sync_all()?;
    std::fs::rename(&partial, &file)?;
    // Back in WAL mode, as the bot opens it.
    let mut conn = connect(&file, false).await?;
    sqlx::query("PRAGMA journal_mode = WAL")
        .execute(&mut conn)
        .await?;
    conn.close().await.ok();
    Ok(Restored { kept })
}

/// `path` with `suffix` added to its file name (`pakka.db` → `pakka.db-wal`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    //! A backup is a whole database, and a restore checks what it puts back.

    use super::*;

    #[tokio::test]
    async fn a_backup_is_a_whole_database_and_a_restore_checks_what_it_puts_back() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("pakka.db");
        let url = format!("sqlite://{}", db.display());
        let store = crate::Store::open(&url).await.unwrap();
        let copy = dir.path().join("copy.db");
        assert!(backup(&url, &copy).await.unwrap() > 0);
        // Never over an existing file.
        assert!(matches!(
            backup(&url, &copy).await,
            Err(BackupError::TargetExists(_))
        ));
        // Not while the database is open (the store above holds it).
        assert!(matches!(
            restore(&copy, &url).await,
            Err(BackupError::InUse(_))
        ));
        store.close().await;
        // A file that is not a pakka database is refused, and nothing changes.
        let junk = dir.path().join("junk.db");
        std::fs::write(&junk, b"not a database").unwrap();
        assert!(matches!(
            restore(&junk, &url).await,
            Err(BackupError::NotPakka { .. })
        ));
        assert!(!dir.path().join("pakka.db.before-restore").exists());
        // The bot stopped: the copy goes back, the database it replaced is kept.
        let done = restore(&copy, &url).await.unwrap();
        assert!(done.kept.is_some_and(|k| k.exists()));
        let reopened = crate::Store::open(&url).await.unwrap();
        assert!(reopened.open_tables().await.unwrap().is_empty());
        reopened.close().await;
        assert!(matches!(
            backup("postgres://db/pakka", &copy).await,
            Err(BackupError::Postgres)
        ));
    }
}
