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
