//! End-to-end games of Kop, Whist 22 and Mätäpesä through the fake Discord: whole matches and
//! games played through buttons, with computer players filling Mätäpesä's seats.

use crate::support::fake_discord::FakeUser;
use crate::support::harness::*;

/// The first offered choice.
fn first_choice(_: &FakeUser, _: &[String]) -> usize {
    0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kop_four_players_play_until_the_match_ends() {
    let h = Harness::start().await;
    let dave = h.fake.user(1_000_000_000_000_004, "dave");
    let players = [&h.alice, &h.bob, &h.carol, &dave];
    let (table, _) = h.open_table("kop", &players, 3, &[]).await;
    let clicks = h
        .play(
            table,
            &players,
            first_choice,
            |t| t.contains("Game over"),
            5_000,
        )
        .await;
    assert!(clicks > 10);
    let end = h.table_message(table).unwrap();
    assert!(end.content.contains("Game over"), "{}", end.content);
    let store = h.store().await;
    let (deals, cards) = store
        .match_totals(table)
        .await
        .unwrap()
        .expect("victory cards are kept");
    assert!(
        cards.iter().any(|&vc| vc <= 0),
        "the match ends when someone has no victory card: {cards:?}"
    );
    assert!(deals >= 1);
    // The leaderboard shows the result.
    let scores = h
        .fake
        .slash(
            &h.bob,
            CHANNEL,
            "scores",
            serde_json::json!([{"name": "game", "value": "kop"}]),
        )
        .await
        .unwrap();
    assert!(scores.content().contains("Kop"), "{}", scores.content());
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whist22_three_players_play_until_the_match_ends() {
    let h = Harness::start().await;
    let players = [&h.alice, &h.bob, &h.carol];
    let (table, _) = h.open_table("whist22", &players, 6, &[]).await;
    let clicks = h
        .play(
            table,
            &players,
            first_choice,
            |t| t.contains("Game over"),
            5_000,
        )
        .await;
    assert!(clicks > 10);
    let end = h.table_message(table).unwrap();
    assert!(end.content.contains("Game over"), "{}", end.content);
    let (_, points) = h
        .store()
        .await
        .match_totals(table)
        .await
        .unwrap()
        .expect("points are kept");
    assert!(points.iter().any(|&p| p <= 0), "{points:?}");
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matapesa_eight_seats_three_people_and_five_computer_players() {
    let h = Harness::start().await;
    let players = [&h.alice, &h.bob, &h.carol];
    let extra = [serde_json::json!({"name": "bots", "value": 5})];
    let (table, first) = h.open_table("matapesa", &players, 2, &extra).await;
    assert!(first.content.contains("Computer 8"), "{}", first.content);
    let clicks = h
        .play(
            table,
            &players,
            first_choice,
            |t| t.contains("Game over"),
            5_000,
        )
        .await;
    assert!(clicks > 3);
    let end = h.table_message(table).unwrap();
    assert!(end.content.contains("Game over"), "{}", end.content);
    let result = h.result_message(table).await.expect("a result message");
    assert!(
        result.content.contains(" won ") && result.content.contains(" of "),
        "the running record: {}",
        result.content
    );
    let results = h.store().await.results(table).await.unwrap();
    assert_eq!(results.iter().filter(|r| !r.won).count(), 1, "one loser");
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}
