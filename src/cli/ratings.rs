//! `pakka ratings <database>`: recomputes every rating from the results table, in the order the
//! results were rated, and replaces the stored ratings when they differ (`--check` only
//! compares). The incremental ratings the bot writes as games end must come out identical;
//! the report says how many stored rows differed. Words from `cli.ftl`.

use anyhow::Context as _;

use crate::msg;
use crate::store::Recomputed;

/// Recomputes (and with `write`, replaces) every rating of the database at `arg`.
pub fn run(arg: &str, write: bool) -> anyhow::Result<Recomputed> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async {
        // The same reading of `<database>` as `pakka replay`: a SQLite file must exist.
        let store = super::replay::open(arg)
            .await
            .map_err(|e| anyhow::anyhow!(super::text(&e.msg())))?;
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
