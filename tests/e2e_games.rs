//! End-to-end games of every kind through the fake Discord: seeded tables played to their end
//! (or to the end of a deal) through slash commands and buttons — two-step choices, confirm
//! questions and pages included — with Discord's limits checked on every message, and every
//! hand message's versions read back (`support::hand_history`): none went back.

use crate::support::fake_discord::FakeUser;
use crate::support::hand_history;
use crate::support::harness::*;

/// Prefers the first choice that keeps the player in; otherwise the first.
fn first(_: &FakeUser, labels: &[String]) -> usize {
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
    clean(&h);
    h.bot.unwrap().shutdown().await;
}

/// Plays until the table's current message shows `deal` (or the game is over).
fn reached_deal(deal: u32) -> impl Fn(&str) -> bool {
    move |t: &str| deal_of(t) >= deal || t.contains("Game over")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn paston_a_full_deal_through_buttons_with_players_seated_as_named() {
    let h = Harness::start().await;
    let players = [&h.alice, &h.bob, &h.carol];
    let (table, first) = h.open_table("paston", &players, 5, &[]).await;
    let store = h.store().await;
    let seats: Vec<u64> = store
        .table(table)
        .await
        .unwrap()
        .unwrap()
        .setup
        .seat_rows
        .iter()
        .map(|s| s.user_id.unwrap())
        .collect();
    assert_eq!(
        seats,
        vec![h.alice.id, h.bob.id, h.carol.id],
        "seated in the order given"
    );
    assert!(first.content.contains("Paston"));
    let clicks = h
        .play(table, &players, first_choice, reached_deal(2), 3_000)
        .await;
    assert!(clicks > 5);
    let now = h.table_message(table).unwrap();
    assert!(
        deal_of(&now.content) >= 2 || now.content.contains("Game over"),
        "{}",
        now.content
    );
    assert_ne!(now.id, first.id, "a fresh table message for the new deal");
    let (deal, totals) = store
        .match_totals(table)
        .await
        .unwrap()
        .expect("match totals are stored");
    assert!(deal >= 2 && totals.len() == 3, "{deal} {totals:?}");
    clean(&h);
    h.bot.unwrap().shutdown().await;
}

/// The first offered choice.
fn first_choice(_: &FakeUser, _: &[String]) -> usize {
    0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn teka_a_full_deal_through_buttons() {
    let h = Harness::start().await;
    let dave = h.fake.user(1_000_000_000_000_004, "dave");
    let players = [&h.alice, &h.bob, &h.carol, &dave];
    let (table, first) = h.open_table("teka", &players, 9, &[]).await;
    for p in players {
        assert!(
            first.content.contains(&p.mention()),
            "everyone is named: {}",
            first.content
        );
    }
    let clicks = h
        .play(table, &players, first_choice, reached_deal(2), 3_000)
        .await;
    assert!(clicks > 4);
    let store = h.store().await;
    let (deal, totals) = store
        .match_totals(table)
        .await
        .unwrap()
        .expect("team totals are stored");
    assert!(deal >= 2, "{deal}");
    assert_eq!(
        (totals[0], totals[1]),
        (totals[2], totals[3]),
        "partners share their team's points"
    );
    clean(&h);
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_between_two_deals_keeps_the_match_totals() {
    let mut h = Harness::start().await;
    let (alice, bob, carol) = (h.alice.clone(), h.bob.clone(), h.carol.clone());
    let players = [&alice, &bob, &carol];
    let (table, _) = h.open_table("paston", &players, 8, &[]).await;
    h.play(table, &players, first_choice, reached_deal(2), 3_000)
        .await;
    let store = h.store().await;
    let before = store
        .match_totals(table)
        .await
        .unwrap()
        .expect("totals after deal 1");
    let position = store.table(table).await.unwrap().unwrap();
    assert!(before.0 >= 2);

    h.restart().await;
    let after = store.table(table).await.unwrap().unwrap();
    assert_eq!(
        (after.move_number, &after.moves),
        (position.move_number, &position.moves)
    );
    assert_eq!(
        store.match_totals(table).await.unwrap(),
        Some(before.clone())
    );
    // The match goes on: the next deal's moves apply, the earlier totals stay.
    let clicks = h
        .play(
            table,
            &players,
            first_choice,
            reached_deal(before.0 + 1),
            3_000,
        )
        .await;
    assert!(clicks > 0);
    let later = store.table(table).await.unwrap().unwrap();
    assert!(later.move_number > position.move_number);
    clean(&h);
    h.bot.unwrap().shutdown().await;
}

/// A Teka match restarted in its second deal: the second deal's result lists the first deal's
/// line (the table rebuilds its deals from the move log), word for word as the same match
/// played through without a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_match_keeps_the_earlier_deals_in_the_next_result() {
    let (restarted, straight) = tokio::join!(teka_second_result(true), teka_second_result(false));
    assert!(
        restarted.contains("Earlier deals") && restarted.contains("Deal 1:"),
        "{restarted}"
    );
    assert_eq!(restarted, straight);
}

/// The result of deal 2 of a Teka match of four people who each press their first button, with
/// a restart a few moves into deal 2 or without.
async fn teka_second_result(restart: bool) -> String {
    let mut h = Harness::start().await;
    let dave = h.fake.user(1_000_000_000_000_004, "dave");
    let (alice, bob, carol) = (h.alice.clone(), h.bob.clone(), h.carol.clone());
    let players = [&alice, &bob, &carol, &dave];
    let (table, _) = h.open_table("teka", &players, 9, &[]).await;
    h.play(table, &players, first_choice, reached_deal(2), 3_000)
        .await;
    h.play(table, &players, first_choice, |_| false, 6).await;
    if restart {
        h.restart().await;
    }
    h.play(table, &players, first_choice, reached_deal(3), 3_000)
        .await;
    // The match keeps its latest result in the channel: deal 2's, posted as deal 3 begins.
    let fake = h.fake.clone();
    let result = move || {
        fake.channel_messages(CHANNEL)
            .into_iter()
            .find(|m| m.content.contains("deal 2 is over."))
    };
    let probe = result.clone();
    let _ = h.fake.wait_until(WAIT, move |_| probe().is_some()).await;
    let result = result().expect("deal 2's result in the channel");
    clean(&h);
    h.bot.take().unwrap().shutdown().await;
    result.content
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn paskahousu_three_players_to_the_end_with_a_hand_past_25_cards() {
    let h = Harness::start().await;
    let players = [&h.alice, &h.bob, &h.carol];
    let (table, _) = h.open_table("paskahousu", &players, 4, &[]).await;
    // Alice takes whatever she can (the pile, or a draw that fails into her hand) until she
    // holds well over 25 cards; everyone else, and then Alice too, plays the first offer.
    let alice = h.alice.id;
    let greedy = std::cell::Cell::new(true);
    let store = h.store().await;
    let policy = |user: &FakeUser, labels: &[String]| {
        let take = labels.iter().position(|l| l == "Take the pile");
        match take {
            Some(i) if user.id == alice && greedy.get() => i,
            _ => 0,
        }
    };
    // Phase 1: until Alice holds more than 25 cards.
    let big_hand = |_: &str| false;
    let mut clicks = 0;
    for _ in 0..60 {
        clicks += h.play(table, &players, policy, big_hand, 25).await;
        let state = store.table(table).await.unwrap().unwrap();
        let game = replayed(&state);
        if game.hands()[0].len() > 25 {
            break;
        }
    }
    let state = store.table(table).await.unwrap().unwrap();
    let game = replayed(&state);
    assert!(
        game.hands()[0].len() > 25,
        "Alice holds {} cards",
        game.hands()[0].len()
    );
    // Alice's own hand message with that many cards stays within Discord's limits (the fake
    // refuses anything else), and she can still play from it.
    greedy.set(false);
    let before = state.move_number;
    clicks += h
        .play(table, &players, policy, |t| t.contains("Game over"), 20_000)
        .await;
    assert!(clicks > 20);
    let end = h.table_message(table).unwrap();
    assert!(end.content.contains("Game over"), "{}", end.content);
    let stored = store.table(table).await.unwrap().unwrap();
    assert!(
        stored
            .moves
            .iter()
            .any(|m| m.seat == 0 && m.number > before),
        "Alice played on"
    );
    assert_eq!(store.results(table).await.unwrap().len(), 3);
    clean(&h);
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn teka_one_person_and_three_computer_players_to_the_end_of_a_deal() {
    let h = Harness::start().await;
    let extra = [
        serde_json::json!({"name": "bots", "value": 3}),
        serde_json::json!({"name": "level", "value": 1}),
    ];
    let (table, first) = h.open_table("teka", &[&h.alice], 12, &extra).await;
    for seat in 2..=4 {
        assert!(
            first.content.contains(&format!("Computer {seat}")),
            "{}",
            first.content
        );
    }
    let clicks = h
        .play(table, &[&h.alice], first_choice, reached_deal(2), 3_000)
        .await;
    let store = h.store().await;
    let stored = store.table(table).await.unwrap().unwrap();
    let (deal, totals) = store
        .match_totals(table)
        .await
        .unwrap()
        .expect("team totals");
    assert!(deal >= 2, "the deal ended (deal {deal}, {clicks} clicks)");
    assert!(
        stored.moves.iter().any(|m| m.seat != 0),
        "the computer players moved"
    );
    assert_eq!((totals[0], totals[1]), (totals[2], totals[3]));
    clean(&h);
    h.bot.unwrap().shutdown().await;
}

/// What every game here ends with: no request the fake Discord found wrong, and no hand message
/// that ever went back to an older position or came alive again once retired or ended.
fn clean(h: &Harness) {
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    let gone_back = hand_history::hands_gone_back(&h.fake);
    assert!(gone_back.is_empty(), "{}", gone_back.join("\n"));
}
