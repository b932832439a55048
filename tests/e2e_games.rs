//! End-to-end games of every kind through the fake Discord: seeded tables played to their end
//! (or to the end of a deal) through slash commands and buttons — two-step choices, confirm
//! questions and pages included — with Discord's limits checked on every message.

mod support;

use support::harness::*;

/// Prefers the first choice that keeps the player in; otherwise the first.
fn first(labels: &[String]) -> usize {
    labels
        .iter()
        .position(|l| !l.contains("not winning"))
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn red7_three_players_play_an_advanced_match_to_its_end() {
    let h = Harness::start().await;
    let players = [&h.alice, &h.bob, &h.carol];
    let extra = [serde_json::json!({"name": "options", "value": "advanced=true"})];
    let (table, _) = h.open_table("red7", &players, 21, &extra).await;
    let clicks = h
        .play(table, &players, first, |t| t.contains("Game over"), 20_000)
        .await;
    assert!(clicks > 10);
    let end = h.table_message(table).unwrap();
    assert!(end.content.contains("Game over"), "{}", end.content);
    // A match of several rounds: each round posts a fresh table message.
    let rounds = h
        .fake
        .channel_messages(CHANNEL)
        .iter()
        .map(|m| deal_of(&m.content))
        .max()
        .unwrap_or(1);
    assert!(rounds >= 2, "the match lasted {rounds} round(s)");
    let store = h.store().await;
    assert_eq!(
        store.table(table).await.unwrap().unwrap().phase,
        pakka::store::Phase::Finished
    );
    let results = store.results(table).await.unwrap();
    let best = results
        .iter()
        .filter(|r| r.won)
        .map(|r| r.score.unwrap())
        .max()
        .unwrap();
    let (_, totals) = store
        .match_totals(table)
        .await
        .unwrap()
        .expect("points are kept");
    assert_eq!(
        best,
        *totals.iter().max().unwrap(),
        "the winner has the most points"
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}
