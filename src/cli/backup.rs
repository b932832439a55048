//! `pakka backup <file>` and `pakka restore <file>`: a consistent copy of a running bot's
//! SQLite database taken without stopping play, and a copy put back in the place of a database
//! no bot has open (see `store::backup`). Every sentence comes from the catalog (`cli.ftl`);
//! PostgreSQL is answered with the names of its own tools, `pg_dump` and `pg_restore`.

use std::path::Path;

use anyhow::Context as _;

use crate::msg;
use crate::store::{self, BackupError};
use crate::text::{verbatim, Msg};

/// Backs up the database `database` (a `DATABASE_URL` or a SQLite file) into `file`: the
/// sentence that says it was done, or why not.
pub fn backup(database: &str, file: &Path) -> Result<Msg, Msg> {
    let size = block_on(store::backup(database, file))?.map_err(|e| refusal(database, &e))?;
    Ok(msg!(
        "cli-backup-done",
        database = verbatim(store::redacted(database)),
        file = verbatim(file.display().to_string()),
        bytes = size
    ))
}

/// Puts the backup `file` in the place of the database `database`: the sentence that says it
/// was done (and where the replaced database was kept), or why not.
pub fn restore(database: &str, file: &Path) -> Result<Msg, Msg> {
    let restored = block_on(store::restore(file, database))?.map_err(|e| refusal(database, &e))?;
    let target = verbatim(store::redacted(database));
    Ok(match restored.kept {
        Some(kept) => msg!(
            "cli-restore-done-kept",
            database = target,
            file = verbatim(file.display().to_string()),
            kept = verbatim(kept.display().to_string())
        ),
        None => msg!(
            "cli-restore-done",
            database = target,
            file = verbatim(file.display().to_string())
        ),
    })
}

/// Runs `work` on a runtime of its own.
fn block_on<T>(work: impl std::future::Future<Output = T>) -> Result<T, Msg> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")
        .map_err(|e| msg!("cli-no-runtime", detail = verbatim(format!("{e:#}"))))?;
    Ok(runtime.block_on(work))
}

/// A refused or failed backup or restore, for the person at the terminal.
fn refusal(database: &str, e: &BackupError) -> Msg {
    let path = |p: &Path| verbatim(p.display().to_string());
    match e {
        BackupError::Postgres => msg!(
            "cli-backup-postgres",
            database = verbatim(store::redacted(database))
        ),
        BackupError::NoDatabase(p) => msg!("cli-backup-no-database", path = path(p)),
        BackupError::TargetExists(p) => msg!("cli-backup-exists", path = path(p)),
        BackupError::InUse(p) => msg!("cli-restore-in-use", path = path(p)),
        BackupError::NotPakka { path: p, why } => msg!(
            "cli-restore-not-pakka",
            path = path(p),
            why = verbatim(why.clone())
        ),
        BackupError::Sqlx(_) | BackupError::Io(_) => {
            msg!("cli-error", detail = verbatim(e.to_string()))
        }
    }
}
