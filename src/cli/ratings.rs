//! `pakka ratings <database>`: recomputes every rating from the results table, in the order the
//! results were rated, and replaces the stored ratings when they differ (`--check` only
//! compares). The incremental ratings the bot writes as games end must come out identical;
//! the report says how many stored rows differed. Words from `cli.ftl`.

use anyhow::Context as _;

use crate::msg;
use crate::store::Recomputed;
use crate::text::{verbatim, Msg};

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
    super::text(&report_msg(done, write))
}

/// The report of a recompute as a message: the catalog words each outcome (a selector on
/// `outcome`).
fn report_msg(done: &Recomputed, write: bool) -> Msg {
    let outcome = match (done.differing, write) {
        (0, _) => "identical",
        (_, true) => "replaced",
        (_, false) => "differ",
    };
    msg!(
        "cli-ratings-report",
        tables = done.tables,
        ratings = done.ratings,
        history = done.history,
        differing = done.differing,
        outcome = verbatim(outcome)
    )
}

#[cfg(test)]
mod tests {
    //! `pakka ratings`: the report words each outcome.

    use super::*;
    use crate::catalog::{catalog, NoNames};

    #[test]
    fn the_report_words_each_outcome() {
        let done = |differing| Recomputed {
            tables: 1,
            ratings: 2,
            history: 3,
            differing,
        };
        let en = |d, write| catalog().text("en-US", &report_msg(&done(d), write), &NoNames);
        assert_eq!(
            en(0, true),
            "1 rated game: 2 ratings and 3 rating changes, identical to the stored ones."
        );
        assert_eq!(
            en(4, true),
            "1 rated game: 2 ratings and 3 rating changes; 4 stored rows differed and were \
             replaced."
        );
        assert_eq!(
            en(4, false),
            "1 rated game: 2 ratings and 3 rating changes; 4 stored rows differ (nothing \
             changed: --check)."
        );
        let fi = catalog().text("fi", &report_msg(&done(0), false), &NoNames);
        assert!(fi.ends_with("samat kuin tallennetut."), "{fi}");
    }
}
