//! End-to-end lobbies and endings on the fake Discord: nothing from an older phase changes a
//! table (a stale lobby button after the start), a decline frees a seat, "Play again" reseats
//! the same players, who may end a running game, and the hand a player sees at the first
//! decision of every game that starts with one.

use serde_json::json;

use crate::support::harness::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stale_decline_after_the_start_changes_nothing() {
    let h = Harness::start().await;
    let lobby = h
        .fake
        .slash(
            &h.alice,
            CHANNEL,
            "play",
            json!([
                {"name": "game", "value": "paston"},
                {"name": "player", "value": h.bob.id.to_string()},
                {"name": "player2", "value": h.carol.id.to_string()},
                {"name": "seed", "value": 5},
            ]),
        )
        .await
        .unwrap();
    // The lobby as Discord clients still show it, with its buttons.
    let old = lobby.message().unwrap().clone();
    let accept = button(&old, "Accept");
    let decline = button(&old, "Decline / cancel");
    let table: i64 = accept.rsplit(':').next().unwrap().parse().unwrap();
    h.fake.click(&h.bob, old.id, &accept).await.unwrap();
    h.fake.click(&h.carol, old.id, &accept).await.unwrap();
    let store = h.store().await;
    let before = store.table(table).await.unwrap().unwrap();
    assert_eq!(before.phase, pakka::store::Phase::Playing);
    for user in [&h.carol, &h.alice, &h.bob] {
        let stale = h
            .fake
            .click_unchecked(user, old.id, &decline)
            .await
            .unwrap();
        assert!(stale.is_ephemeral(), "{}", stale.content());
        assert!(
            stale.content().contains("already started"),
            "{}",
            stale.content()
        );
    }
    let after = store.table(table).await.unwrap().unwrap();
    assert_eq!(after.phase, pakka::store::Phase::Playing);
    assert_eq!(after.move_number, before.move_number);
    assert!(
        h.table_message(table)
            .unwrap()
            .button_labels()
            .contains(&"Show my hand".to_string()),
        "the game goes on"
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

/// Opens `game` for Alice, Bob and Carol (and `bots` computer players) and checks that every
/// person's hand, opened before anyone moved, lists every card only that seat sees, whether or
/// not it is to act: the first bid of Whist 22, the first declaration of Kop, Mätäpesä off turn.
async fn first_hands_show_every_card(game: &str, seed: u64, bots: usize) {
    let h = Harness::start().await;
    let people = [&h.alice, &h.bob, &h.carol];
    let players = &people[..3 - bots.min(1)];
    let extra: Vec<serde_json::Value> = if bots > 0 {
        vec![json!({"name": "bots", "value": bots})]
    } else {
        Vec::new()
    };
    let (table, message) = h.open_table(game, players, seed, &extra).await;
    let stored = h.store().await.table(table).await.unwrap().unwrap();
    let info = pakka::rules::registry::find(&stored.game).unwrap();
    let fresh = info
        .create(
            stored.options.clone(),
            stored.seats,
            pakka::rules::Setup::seeded(stored.seed),
        )
        .unwrap();
    assert!(stored.moves.is_empty(), "nobody moved yet");
    let catalog = pakka::catalog::catalog();
    let mut to_act = 0;
    for user in players {
        let seat = stored
            .seat_rows
            .iter()
            .position(|r| r.user_id == Some(user.id))
            .unwrap();
        let hand = h.open_hand(user, message.id).await;
        let own = fresh.own_cards(seat);
        assert!(!own.is_empty(), "{game}: seat {seat} holds cards");
        assert!(hand.content.contains("Your hand:"), "{}", hand.content);
        for card in own {
            let shown = catalog.card("en-US", card);
            assert!(
                hand.content.contains(&shown),
                "{game}: seat {seat}'s hand does not show {shown}: {}",
                hand.content
            );
        }
        if !hand.buttons().is_empty() {
            to_act += 1;
        }
    }
    assert!(to_act > 0, "{game}: someone is to act");
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whist22_bids_see_the_hand() {
    first_hands_show_every_card("whist22", 6, 0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kop_declarations_see_the_hand() {
    first_hands_show_every_card("kop", 3, 2).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn matapesa_off_turn_sees_the_hand() {
    first_hands_show_every_card("matapesa", 2, 0).await;
}
