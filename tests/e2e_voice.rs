//! One voice for every game, end to end on the fake Discord (issue 30): Teka's raise asks
//! "Raise to N?" privately before it applies — Cancel and the question itself change nothing,
//! Confirm raises — its raises sit in their own row after the cards, and the table's "❔"
//! answers privately with the game's own words, in the presser's language.

use crate::support::fake_discord::FakeUser;
use crate::support::harness::*;

/// Four people call Teka: the first to call bids 8, everyone after passes; the declarer
/// names the first suit offered; anything else is the first button.
fn call_eight(_: &FakeUser, labels: &[String]) -> usize {
    let at = |want: &str| labels.iter().position(|l| l == want);
    at("Keep my hand")
        .or_else(|| at("Bid 8"))
        .or_else(|| at("Pass"))
        .unwrap_or(0)
}

/// The hand message of `user`, opened from the table message.
async fn hand_of(h: &Harness, user: &FakeUser, table: i64) -> FakeMessageRef {
    let current = h.current_table(table).await;
    let hand = h.open_hand(user, current.id).await;
    FakeMessageRef {
        id: hand.id,
        labels: hand.button_labels(),
    }
}

/// The first button of a hand: the card a seat to move plays to move the game on.
fn hand_of_labels(labels: &[String]) -> String {
    labels[0].clone()
}

/// The table message once it has stopped changing (edits are paced, so it can lag a move).
async fn settle(h: &Harness, table: i64) -> crate::support::fake_discord::FakeMessage {
    let mut last = h.current_table(table).await;
    for _ in 0..20 {
        tokio::time::sleep(std::time::Duration::from_millis(600)).await;
        let now = h.current_table(table).await;
        if now.content == last.content {
            return now;
        }
        last = now;
    }
    last
}

struct FakeMessageRef {
    id: u64,
    labels: Vec<String>,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_raise_asks_first_and_cancel_changes_nothing() {
    let h = Harness::start().await;
    let dave = h.fake.user(1_000_000_000_000_004, "dave");
    let players = [&h.alice, &h.bob, &h.carol, &dave];
    let (table, _) = h.open_table("teka", &players, 11, &[]).await;
    // Through the calls and the trump call, up to the declarer's first lead.
    h.play(
        table,
        &players,
        call_eight,
        |t| t.contains("names trumps: "),
        200,
    )
    .await;
    // The declarer may raise at each of their own turns to play. The table message can lag
    // a move behind the stop above, so play on (each seat to move plays its first card) until
    // the declarer's hand offers raises: within one round of the table at most.
    let mut declarer = None;
    let mut seen = Vec::new();
    'turns: for _ in 0..8 {
        seen.clear();
        for p in players {
            let hand = hand_of(&h, p, table).await;
            seen.push(hand.labels.clone());
            if hand.labels.iter().any(|l| l.starts_with("Raise to ")) {
                declarer = Some((p, hand));
                break 'turns;
            }
        }
        let Some((p, hand)) = seen
            .iter()
            .position(|labels| !labels.is_empty())
            .map(|i| (players[i], hand_of_labels(&seen[i])))
        else {
            break;
        };
        let opened = hand_of(&h, p, table).await;
        let message = h.fake.message(opened.id).unwrap();
        let card = button(&message, &hand);
        h.fake.click(p, opened.id, &card).await.unwrap();
        settle(&h, table).await;
    }
    let before = settle(&h, table).await;
    let (user, hand) = declarer.unwrap_or_else(|| {
        panic!(
            "the declarer's hand offers raises: {seen:?}\n{}",
            before.content
        )
    });
    // The highest raise offered (13 while the opponents have no trick).
    let raise_label = hand
        .labels
        .iter()
        .rfind(|l| l.starts_with("Raise to "))
        .unwrap()
        .clone();
    let to = raise_label.trim_start_matches("Raise to ").to_string();
    // The raises come after the cards, in their own row.
    let message = h.fake.message(hand.id).unwrap();
    let rows: Vec<Vec<String>> = message
        .components
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row["components"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b["label"].as_str().unwrap_or_default().to_string())
                .collect()
        })
        .collect();
    assert!(
        rows.last()
            .unwrap()
            .iter()
            .all(|l| l.starts_with("Raise to ")),
        "{rows:?}"
    );
    assert!(
        rows[..rows.len() - 1]
            .iter()
            .flatten()
            .all(|l| !l.starts_with("Raise")),
        "{rows:?}"
    );
    let stored_moves = |store: pakka::store::Store| async move {
        store.table(table).await.unwrap().unwrap().moves.len()
    };
    let moves = stored_moves(h.store().await).await;
    // The raise asks first: nothing is applied, nothing is stored.
    let raise = button(&message, &raise_label);
    let asked = h.fake.click(user, hand.id, &raise).await.unwrap();
    assert!(asked.is_ephemeral());
    let question = h.fake.message(hand.id).unwrap();
    assert!(
        question.content.contains(&format!(
            "❓ Raise to {to}? Your side must then win {to} tricks"
        )),
        "{}",
        question.content
    );
    assert_eq!(question.button_labels(), vec!["✔ Confirm", "✖ Cancel"]);
    assert_eq!(stored_moves(h.store().await).await, moves);
    assert_eq!(h.current_table(table).await.content, before.content);
    // Cancel: the hand again, as it was; still nothing applied.
    let cancel = button(&question, "✖ Cancel");
    h.fake.click(user, hand.id, &cancel).await.unwrap();
    let again = h.fake.message(hand.id).unwrap();
    assert_eq!(again.button_labels(), hand.labels);
    assert_eq!(stored_moves(h.store().await).await, moves);
    assert_eq!(h.current_table(table).await.content, before.content);
    assert!(!h.current_table(table).await.content.contains("raises"));
    // Ask again and confirm: the raise applies, and the table says so.
    let raise = button(&again, &raise_label);
    h.fake.click(user, hand.id, &raise).await.unwrap();
    let question = h.fake.message(hand.id).unwrap();
    let confirm = button(&question, "✔ Confirm");
    h.fake.click(user, hand.id, &confirm).await.unwrap();
    assert_eq!(stored_moves(h.store().await).await, moves + 1);
    h.fake
        .wait_until(std::time::Duration::from_secs(5), |fake| {
            fake.channel_messages(CHANNEL)
                .iter()
                .any(|m| m.content.contains(&format!("raises the contract to {to}")))
        })
        .await
        .expect("the table tells the raise");
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

/// The table's "❔" answers whoever presses it privately with the game's words, in their
/// language; the table is unchanged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_words_button_explains_the_games_words_privately() {
    let h = Harness::start().await;
    let players = [&h.alice, &h.bob, &h.carol];
    let (table, _) = h.open_table("paston", &players, 3, &[]).await;
    let message = h.current_table(table).await;
    h.fake.set_locale(h.carol.id, "fi");
    let words = button(&message, "❔ Game words");
    for (user, line) in [
        (&h.alice, "• Prikup: the two cards dealt face down"),
        (&h.carol, "• Prikup: kaksi kuvapuoli alaspäin"),
    ] {
        let answer = h.fake.click(user, message.id, &words).await.unwrap();
        assert!(answer.is_ephemeral(), "{}", answer.content());
        assert!(answer.content().contains(line), "{}", answer.content());
        assert!(
            answer.content().contains("Dineri ♦"),
            "{}",
            answer.content()
        );
    }
    assert_eq!(
        move_of(&h.fake.message(message.id).unwrap().content),
        move_of(&message.content)
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}
