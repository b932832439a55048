//! `pakka ratings <database>`: recomputes every rating from the results table, in the order the
//! results were rated, and replaces the stored ratings when they differ (`--check` only
//! compares). The incremental ratings the bot writes as games end must come out identical;
//! the report says how many stored rows differed. Words from `cli.ftl`.

use anyhow::Context as _;

use crate::msg;
use crate::store::{Recomputed, Store};
use crate::text::verbatim;

/// The database named on a command line: a URL as `DATABASE_URL` takes it, or the path of an
/// existing SQLite file (never created here: a mistyped path would rate an empty database).
pub fn database_url(arg: &str) -> anyhow::Result<String> {
    if arg.contains("://") || arg.starts_with("sqlite:") {
        return Ok(arg.to_string());
    }
    let path = std::path::Path::new(arg);
    if !path.is_file() {
        anyhow::bail!(super::text(&msg!(
            "cli-no-database",
            path = verbatim(arg.to_string())
        )));
    }
    Ok(format!("sqlite://{}", path.display()))
}

/// Recomputes (and with `write`, replaces) every rating of the database at `arg`.
pub fn run(arg: &str, write: bool) -> anyhow::Result<Recomputed> {
    let url = database_url(arg)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async {
        let store = Store::open(&url)
            .await
            .with_context(|| crate::store::redacted(&url))?;
        let done = store.recompute_ratings(write).await?;
        store.close().await;
        Ok(done)
    })
}

/// The report of a recompute, for people.
pub fn report(done: &Recomputed, write: bool) -> String {
    let key = match (done.differing, write) {
        (0, _) => msg!(
            "cli-ratings-identical",
            tables = done.tables,
            ratings = done.ratings,
            history = done.history
        ),
        (n, true) => msg!(
            "cli-ratings-replaced",
            tables = done.tables,
            ratings = done.ratings,
            history = done.history,
            differing = n
        ),
        (n, false) => msg!(
            "cli-ratings-differ",
            tables = done.tables,
            ratings = done.ratings,
            history = done.history,
            differing = n
        ),
    };
    super::text(&key)
}
