//! Within Discord's rate limits, on a fake Discord that enforces them (`fake_discord::limits`):
//! one person at a table of three computer players who move without pause makes the table
//! change many times a second, and none of it may exceed the channel's bucket of message
//! creates and edits (5 per 5 s) or the global limit. The table message, the turn ping and the
//! deal's results go through the person's clicks' interaction webhook, which the limits spare;
//! the channel's own routes are the fallback.

use serde_json::json;

use crate::support::fake_discord::{exempt, route_of, FakeUser, Fault, Limits};
use crate::support::harness::*;

fn first_choice(_: &FakeUser, _: &[String]) -> usize {
    0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_and_three_quick_computer_players_stay_within_the_channel_bucket() {
    let h = Harness::start().await;
    h.fake.enforce_limits(Limits::default());
    let before = h.fake.requests().len();
    let players = [&h.alice];
    let extra = [json!({"name": "bots", "value": 3})];
    let (table, _) = h.open_table("paskahousu", &players, 4, &extra).await;
    let clicks = h
        .play(
            table,
            &players,
            first_choice,
            |t| t.contains("Game over"),
            5_000,
        )
        .await;
    assert!(clicks > 3, "{clicks} clicks");
    let end = h.table_message(table).unwrap();
    assert!(end.content.contains("Game over"), "{}", end.content);
    assert!(
        h.fake.limited().is_empty(),
        "refused by the limits: {:?}",
        h.fake.limited()
    );
    assert_eq!(h.fake.invalid_requests(), 0);
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    let requests = h.fake.requests();
    let counted: Vec<String> = requests[before..]
        .iter()
        .filter(|r| !exempt(r))
        .map(|r| route_of(r))
        .collect();
    let interactions = h.fake.latencies().len();
    eprintln!(
        "{clicks} clicks, {interactions} interactions, {} requests counted against the global \
         limit: {counted:?}",
        counted.len()
    );
    h.bot.unwrap().shutdown().await;
}

/// The same table with no interaction webhook to lend (every follow-up and webhook edit
/// refused as an expired token, 10015): the table message and the pings go through the channel's routes, which
/// count, and the bot's pacer keeps them within the channel's bucket and the global limit
/// however fast the computer players move. (With the pacer let through, this table meets
/// the channel's 429s.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_only_the_channels_routes_the_pacer_keeps_the_bucket() {
    let h = Harness::start().await;
    h.fake.enforce_limits(Limits::default());
    for route in ["POST /webhooks/*/*", "PATCH /webhooks/*/*/messages/*"] {
        h.fake.inject(route, Fault::Gone(10015), 100_000);
    }
    let before = h.fake.requests().len();
    let players = [&h.alice];
    let extra = [json!({"name": "bots", "value": 3})];
    let (table, _) = h.open_table("paskahousu", &players, 4, &extra).await;
    let clicks = h
        .play(
            table,
            &players,
            first_choice,
            |t| t.contains("Game over"),
            5_000,
        )
        .await;
    assert!(clicks > 3, "{clicks} clicks");
    let end = h.table_message(table).unwrap();
    assert!(end.content.contains("Game over"), "{}", end.content);
    let requests = h.fake.requests();
    let counted: Vec<String> = requests[before..]
        .iter()
        .filter(|r| !exempt(r))
        .map(|r| route_of(r))
        .collect();
    let channel_writes = counted
        .iter()
        .filter(|r| r.starts_with("POST channels") || r.starts_with("PATCH channels"))
        .count();
    eprintln!(
        "{clicks} clicks, {} counted requests, {channel_writes} channel creates and edits",
        counted.len()
    );
    // The channel's routes did carry the table (else this test proves nothing)…
    assert!(channel_writes > 10, "{counted:?}");
    // …and never beyond the bucket.
    assert!(
        h.fake.limited().is_empty(),
        "refused by the limits: {:?}",
        h.fake.limited()
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}
