//! A server's seasons on the fake Discord: a manager turns monthly seasons on, a rated game is
//! played, the service's clock is moved past the month's end, and the season rolls over by
//! itself: its champions are announced in the channel the setting was made in, `/scores
//! season:1` shows its final standings, every rating starts the new season from where it was
//! with a wider σ and no games, and a recompute from the results agrees.

use std::time::Duration;

use serde_json::json;

use crate::support::fake_discord::permissions;
use crate::support::harness::*;
use crate::support::FakeDiscord;
use pakka::table::seasons::SeasonLength;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_season_rolls_over_by_the_clock_and_stays_browsable() {
    let h = Harness::start().await;
    let service = h.service.clone().unwrap();
    h.fake.set_permissions(h.carol.id, permissions::ALL);
    let not_allowed = h
        .fake
        .slash(
            &h.bob,
            CHANNEL,
            "settings",
            json!([{"name": "seasons", "value": 0}]),
        )
        .await
        .unwrap();
    assert!(
        not_allowed
            .content()
            .contains("Only members who may manage"),
        "{}",
        not_allowed.content()
    );
    let set = h
        .fake
        .slash(
            &h.carol,
            CHANNEL,
            "settings",
            json!([{"name": "seasons", "value": 0}]),
        )
        .await
        .unwrap();
    let november = SeasonLength::Monthly.name_at(service.now());
    assert!(
        set.content().contains("monthly seasons") && set.content().contains(&november),
        "{}",
        set.content()
    );

    // One rated game in the first season.
    let (_, table) = h.start_game(3).await;
    let mut hands = h.open_hands_of_alice_and_bob(table.id).await;
    play_until_over(&h, table.id, &mut hands, 2_000, true).await;
    let store = h.store().await;
    let before = store
        .board(FakeDiscord::GUILD_ID, "pisha-pasha", None, 0, 10)
        .await
        .unwrap();
    assert_eq!(before.rows.len(), 2, "{before:?}");
    let winner = match before.rows[0].player {
        pakka::ratings::Player::Person(user) => user,
        ref other => panic!("{other:?}"),
    };

    // Forty days later the month is over: the season ends by itself.
    service.advance_clock(Duration::from_secs(40 * 86_400));
    let next = SeasonLength::Monthly.name_at(service.now());
    let fake = h.fake.clone();
    let wanted = format!("Season {november} is over");
    let probe = wanted.clone();
    let announced = h
        .fake
        .wait_until(WAIT, move |_| {
            fake.channel_messages(CHANNEL)
                .iter()
                .any(|m| m.content.contains(&probe))
        })
        .await;
    assert!(announced.is_ok(), "no season's end was announced");
    let message = h
        .fake
        .channel_messages(CHANNEL)
        .into_iter()
        .find(|m| m.content.contains(&wanted))
        .unwrap();
    println!("{}", message.content);
    assert!(message.content.contains(&next), "{}", message.content);
    assert!(
        message
            .content
            .lines()
            .any(|l| l.starts_with("Pishe Pasha:") && l.contains(&format!("<@{winner}>"))),
        "the game's champion is its best rated player: {}",
        message.content
    );

    // The season's final standings stay browsable; the new season starts from where each
    // rating was, with more room to move and no games yet.
    let seasons = store.seasons(FakeDiscord::GUILD_ID).await.unwrap();
    assert_eq!(seasons.len(), 2);
    assert_eq!(seasons[1].name, next);
    let past = h
        .fake
        .slash(
            &h.alice,
            CHANNEL,
            "scores",
            json!([{"name": "game", "value": "pisha-pasha"}, {"name": "season", "value": 1}]),
        )
        .await
        .unwrap();
    assert!(
        past.content().contains(&format!("season {november}"))
            && past.content().contains(&h.alice.mention())
            && past.content().contains(&h.bob.mention()),
        "{}",
        past.content()
    );
    let kept = store
        .season_board(FakeDiscord::GUILD_ID, 1, "pisha-pasha", 0, 10)
        .await
        .unwrap();
    assert_eq!(kept, before);
    let current = store
        .board(FakeDiscord::GUILD_ID, "pisha-pasha", None, 0, 10)
        .await
        .unwrap();
    assert!(current.rows.is_empty(), "nobody has played this season yet");
    let none = h
        .fake
        .slash(
            &h.alice,
            CHANNEL,
            "scores",
            json!([{"name": "season", "value": 9}]),
        )
        .await
        .unwrap();
    assert!(none.content().contains("no season 9"), "{}", none.content());
    assert_eq!(store.recompute_ratings(false).await.unwrap().differing, 0);
}
