//! Kop's declaration step on the fake Discord: every seat may pass it from the turn ping
//! ("No announcement", offered to all alike, so it tells nobody who holds both black queens)
//! without opening a hand, and only a seat that wants to announce opens its hand to do it.

use std::time::Duration;

use serde_json::{json, Value};

use pakka::rules::registry;
use pakka::rules::Setup;

use crate::support::fake_discord::FakeUser;
use crate::support::harness::*;
use crate::support::ids::{self, ComponentId};

/// Whether a custom id is the turn ping's "No announcement".
fn is_open(id: &str) -> bool {
    matches!(ids::parse(id), Some(ComponentId::Open { .. }))
}

/// The turn ping's "No announcement": `(message id, custom id)`, waited for.
async fn open_button(h: &Harness, except: Option<u64>) -> (u64, String) {
    let fake = h.fake.clone();
    let _ = h
        .fake
        .wait_until(WAIT, move |_| {
            fake.latest_button(CHANNEL, is_open)
                .is_some_and(|(id, _)| Some(id) != except)
        })
        .await;
    h.fake
        .latest_button(CHANNEL, is_open)
        .filter(|(id, _)| Some(*id) != except)
        .expect("a turn ping offering No announcement")
}

/// The actions stored so far, as `(seat, action)`.
async fn moves(h: &Harness, table: i64) -> Vec<(usize, Value)> {
    h.store()
        .await
        .table(table)
        .await
        .unwrap()
        .unwrap()
        .moves
        .into_iter()
        .map(|m| (m.seat, m.action))
        .collect()
}

/// Waits until `seat` has made `action`.
async fn wait_for_move(h: &Harness, table: i64, seat: usize, action: &str) {
    let deadline = std::time::Instant::now() + WAIT;
    while !moves(h, table)
        .await
        .iter()
        .any(|(s, a)| *s == seat && *a == json!(action))
    {
        assert!(
            std::time::Instant::now() < deadline,
            "seat {seat} never made {action}: {:?}",
            moves(h, table).await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A hand message (ephemeral, with buttons) a player was ever sent.
fn opened_hands(h: &Harness, user: &FakeUser) -> usize {
    h.fake
        .all_messages()
        .into_iter()
        .filter(|m| m.ephemeral && m.visible_to == Some(user.id) && !m.buttons().is_empty())
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_seat_passes_kops_declaration_from_the_ping_without_opening_a_hand() {
    let h = Harness::start().await;
    let players = [&h.alice, &h.bob];
    let extra = [json!({"name": "bots", "value": 2})];
    let (table, _) = h.open_table("kop", &players, 3, &extra).await;

    // Someone at no seat is refused, privately and kindly; nothing moves.
    let (ping, button) = open_button(&h, None).await;
    let before = moves(&h, table).await;
    let refused = h.fake.click(&h.carol, ping, &button).await.unwrap();
    assert!(refused.is_ephemeral());
    assert!(
        refused.content().contains("not seated"),
        "{}",
        refused.content()
    );
    assert_eq!(moves(&h, table).await.len(), before.len());

    // Alice passes from the ping, then Bob from the ping that names him alone.
    let done = h.fake.click(&h.alice, ping, &button).await.unwrap();
    assert!(done.is_ephemeral());
    assert!(
        done.content().contains("No announcement — done"),
        "{}",
        done.content()
    );
    wait_for_move(&h, table, 0, "silent").await;
    let (ping, button) = open_button(&h, Some(ping)).await;
    let done = h.fake.click(&h.bob, ping, &button).await.unwrap();
    assert!(done.is_ephemeral(), "{}", done.content());
    wait_for_move(&h, table, 1, "silent").await;

    // Every seat declared (the computer players on their own), and nobody opened a hand.
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let mut seats: Vec<usize> = moves(&h, table)
            .await
            .into_iter()
            .filter(|(_, a)| ["silent", "wedding", "solo"].iter().any(|d| *a == json!(d)))
            .map(|(s, _)| s)
            .collect();
        seats.sort_unstable();
        seats.dedup();
        if seats == [0, 1, 2, 3] {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "declared: {seats:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(opened_hands(&h, &h.alice), 0);
    assert_eq!(opened_hands(&h, &h.bob), 0);
    // A second press after one's own declaration changes nothing. (The ping may be replaced by
    // the next one between finding its button and pressing it: then the newer one is pressed.)
    for _ in 0..5 {
        let Some((ping, button)) = h.fake.latest_button(CHANNEL, is_open) else {
            break;
        };
        let count = moves(&h, table).await.len();
        match h.fake.click(&h.alice, ping, &button).await {
            Ok(again) => {
                assert!(again.is_ephemeral());
                assert_eq!(moves(&h, table).await.len(), count);
                break;
            }
            Err(e) if e.to_string().contains("was deleted") => continue,
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

/// A seed whose first deal gives seat 0 both black queens.
fn seed_with_both_queens_for_seat_0() -> u64 {
    let kop = registry::find("kop").unwrap();
    (1..10_000)
        .find(|&seed| {
            let game = kop.create(json!({}), 4, Setup::seeded(seed)).unwrap();
            game.legal_json(0).contains(&json!("wedding"))
        })
        .expect("a seed")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_holder_of_both_queens_announces_from_the_hand() {
    let h = Harness::start().await;
    let players = [&h.alice, &h.bob];
    let extra = [json!({"name": "bots", "value": 2})];
    let seed = seed_with_both_queens_for_seat_0();
    let (table, first) = h.open_table("kop", &players, seed, &extra).await;

    // Bob passes from the ping; it looks the same as for a deal where nobody holds both.
    let (ping, button) = open_button(&h, None).await;
    let ping_text = h.fake.message(ping).unwrap().content;
    assert!(!ping_text.contains("queen"), "{ping_text}");
    h.fake.click(&h.bob, ping, &button).await.unwrap();
    wait_for_move(&h, table, 1, "silent").await;
    // The computer players declare too (only "no announcement" is theirs): once they have,
    // the hand Alice opens is not overtaken by a move before her click.
    wait_for_move(&h, table, 2, "silent").await;
    wait_for_move(&h, table, 3, "silent").await;

    // Alice opens her hand and announces a wedding.
    let show = first
        .buttons()
        .into_iter()
        .find(|(id, _, _)| ids::hand_table(id).is_some())
        .unwrap()
        .0;
    let table_message = h.current_table(table).await;
    let hand = h
        .fake
        .click(&h.alice, table_message.id, &show)
        .await
        .unwrap();
    let hand = hand.message().unwrap().clone();
    let wedding = hand
        .buttons()
        .into_iter()
        .find(|(_, label, _)| label.starts_with("Wedding"))
        .unwrap_or_else(|| panic!("no Wedding in {:?}", hand.button_labels()));
    h.fake.click(&h.alice, hand.id, &wedding.0).await.unwrap();
    wait_for_move(&h, table, 0, "wedding").await;
    let fake = h.fake.clone();
    let told = h
        .fake
        .wait_until(WAIT, move |_| {
            fake.channel_messages(CHANNEL)
                .iter()
                .any(|m| m.content.contains("announced a wedding"))
        })
        .await;
    assert!(told.is_ok(), "the wedding is announced to the table");
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}
