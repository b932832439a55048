//! A clean stop on the fake Discord, in process: once the bot drains (the first half of its
//! stop on SIGTERM), a click or a command is answered privately "pakka is restarting" and
//! changes nothing; the stop then ends with nothing cut off, and after a restart the same
//! button plays the move. (`load::stop_short` sends the real SIGTERM to the real binary in the
//! middle of a busy run.)

use serde_json::json;

use crate::support::harness::{play_until_over, Harness, WAIT};
use crate::support::FakeDiscord;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_bot_answers_restarting_and_changes_nothing() {
    let mut h = Harness::start().await;
    let (table, message) = h.start_game(5).await;
    let mut hands = vec![];
    for user in [&h.alice, &h.bob] {
        let hand = h.open_hand(user, message.id).await;
        hands.push((user.clone(), hand.id));
    }
    assert_eq!(
        play_until_over(&h, message.id, &mut hands, 2, false).await,
        2
    );
    let fake = h.fake.clone();
    let ids: Vec<u64> = hands.iter().map(|(_, id)| *id).collect();
    h.fake
        .wait_until(WAIT, move |_| {
            ids.iter()
                .any(|id| fake.message(*id).is_some_and(|m| !m.buttons().is_empty()))
        })
        .await
        .expect("a hand is alive");
    let (user, hand) = hands
        .iter()
        .find(|(_, id)| !h.fake.message(*id).unwrap().buttons().is_empty())
        .cloned()
        .unwrap();
    let buttons = h.fake.message(hand).unwrap().buttons();
    let store = h.store().await;
    let before = store.table(table).await.unwrap().unwrap();

    let bot = h.bot.take().unwrap();
    assert_eq!(bot.drain().await, 0, "nothing was under way");
    let clicked = h.fake.click(&user, hand, &buttons[0].0).await.unwrap();
    assert!(clicked.is_ephemeral(), "{}", clicked.content());
    assert_eq!(
        clicked.content(),
        "pakka is restarting; nothing was changed. Try again in a moment."
    );
    assert_eq!(h.fake.message(hand).unwrap().buttons(), buttons);
    let play = h
        .fake
        .slash(
            &h.carol,
            FakeDiscord::CHANNEL_ID + 1,
            "play",
            json!([{"name": "game", "value": "red7"}]),
        )
        .await
        .unwrap();
    assert!(play.is_ephemeral(), "{}", play.content());
    assert!(play.content().contains("restarting"), "{}", play.content());
    assert_eq!(store.table(table).await.unwrap().unwrap(), before);
    assert_eq!(bot.stop().await, 0);

    h.fake.disconnect_bot().await;
    h.boot().await;
    let clicked = h.fake.click(&user, hand, &buttons[0].0).await.unwrap();
    assert_eq!(clicked.callback_type, 7, "{}", clicked.content());
    assert_eq!(
        store.table(table).await.unwrap().unwrap().move_number,
        before.move_number + 1
    );
    store.close().await;
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.take().unwrap().shutdown().await;
}
