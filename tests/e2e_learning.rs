//! Learning at the table on the fake Discord (issue 30): a table opened with `hints` offers a 💡
//! in every hand that answers, to the asker only, with the move the `normal` computer player
//! would make for their seat and one line why, and is unrated (its lobby and table say so; it
//! finishes with no result and no rating); a table opened with `open_seats` lets a person who
//! is not seated take over a computer player's seat in a running game, gets them that seat's
//! hand, goes on, tells it in the story and the replay, and is unrated from then on. Every
//! refusal (a person's seat, a table whose seats are not open, a finished table, a hint at a
//! table without hints) is answered privately with its reason and changes nothing.

use std::time::Duration;

use serde_json::json;

use pakka::ai::{self, Level, Observation};
use pakka::catalog::{catalog, NoNames};
use pakka::text::Msg;

use crate::support::fake_discord::{permissions, FakeMessage};
use crate::support::harness::*;
use crate::support::ids::{self, ComponentId};

/// A message's words in English, with no seat named.
fn english(msg: &Msg) -> String {
    catalog().text("en-US", msg, &NoNames)
}

/// The custom id of the message's first button of the kind `kind` (as `ComponentId::kind`
/// names it: "hint", "take", "act"), if the message has one.
fn by_kind(message: &FakeMessage, kind: &str) -> Option<String> {
    message
        .buttons()
        .into_iter()
        .find(|(id, _, _)| ids::kind(id) == Some(kind))
        .map(|(id, _, _)| id)
}

/// Waits until the hand message `id` offers a button of the kind `kind`.
async fn hand_offering(h: &Harness, id: u64, kind: &'static str) -> FakeMessage {
    let fake = h.fake.clone();
    h.fake
        .wait_until(WAIT, move |_| {
            fake.message(id)
                .is_some_and(|m| by_kind(&m, kind).is_some())
        })
        .await
        .unwrap_or_else(|_| panic!("hand {id} never offered a {kind} button"));
    h.fake.message(id).unwrap()
}

/// Plays `user`'s first offered move (never the 💡) until the table's game is over.
async fn play_out(h: &Harness, table: i64, players: &[&crate::support::fake_discord::FakeUser]) {
    let clicks = h
        .play(
            table,
            players,
            |_, labels| {
                labels
                    .iter()
                    .position(|l| !l.starts_with('💡'))
                    .unwrap_or(0)
            },
            |content| content.contains("Game over"),
            2_000,
        )
        .await;
    assert!(clicks < 2_000, "the game does not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_names_the_normal_players_move_and_why_only_to_the_asker_and_the_table_is_unrated() {
    let h = Harness::start().await;
    let (table, message) = h
        .open_table(
            "paskahousu",
            &[&h.alice],
            11,
            &[
                json!({"name": "bots", "value": 1}),
                json!({"name": "hints", "value": true}),
            ],
        )
        .await;
    let hints_on = english(&pakka::msg!("discord-hints-on"));
    assert!(
        message.content.contains(&hints_on),
        "the table says hints are on and the game is unrated: {}",
        message.content
    );
    assert!(hints_on.contains("unrated"));

    // Alice's hand, once it is her turn, offers 💡 beside her moves.
    let hand = h.open_hand(&h.alice, message.id).await;
    let hand = hand_offering(&h, hand.id, "hint").await;
    let hint_id = by_kind(&hand, "hint").unwrap();
    assert_eq!(
        hand.buttons().last().map(|(_, l, _)| l.clone()).as_deref(),
        Some("💡 Hint")
    );
    let before = h.store().await.table(table).await.unwrap().unwrap();

    let answer = h.fake.click(&h.alice, hand.id, &hint_id).await.unwrap();
    let hint = answer.message().unwrap().clone();
    assert!(
        hint.ephemeral && hint.visible_to == Some(h.alice.id),
        "only Alice sees her hint"
    );
    assert_ne!(hint.id, hand.id, "the hand stays as it was");
    assert_eq!(h.fake.message(hand.id).unwrap().content, hand.content);

    // Exactly the move the normal computer player would make from Alice's seat, and its reason.
    let game = replayed(&before);
    let seat = 0;
    let seed = before.setup.seed ^ before.move_number.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let choice = ai::choose(&Observation::new(game.as_ref(), seat), Level::Normal, seed);
    let label = english(&game.choices(seat)[choice.index].label);
    let why = english(&game.why(seat, choice.index).msg());
    assert_eq!(
        hint.content,
        format!("💡 The normal computer player would choose **{label}**. {why}")
    );
    // Nothing public about it, and nothing moved.
    assert!(h
        .fake
        .channel_messages(CHANNEL)
        .iter()
        .all(|m| !m.content.contains("would choose")));
    let after = h.store().await.table(table).await.unwrap().unwrap();
    assert_eq!(after.move_number, before.move_number);

    // Someone not seated is refused, privately.
    let bob = h
        .fake
        .click_unchecked(&h.bob, message.id, &hint_id)
        .await
        .unwrap();
    assert!(bob.is_ephemeral(), "{}", bob.content());
    assert!(!bob.content().contains("would choose"), "{}", bob.content());

    // Played to its end, the game counts nowhere: no result, no rating, no /scores line.
    play_out(&h, table, &[&h.alice]).await;
    let store = h.store().await;
    let fake = h.fake.clone();
    let _ = h
        .fake
        .wait_until(WAIT, move |_| {
            fake.channel_messages(CHANNEL)
                .iter()
                .any(|m| m.content.contains(" is over."))
        })
        .await;
    let stored = store.table(table).await.unwrap().unwrap();
    assert_eq!(stored.phase, pakka::store::Phase::Finished);
    assert!(stored.setup.learning.hints);
    assert_eq!(store.results(table).await.unwrap(), Vec::new());
    let board = store
        .board(stored.setup.guild_id, "*", None, 0, 10)
        .await
        .unwrap();
    assert!(board.rows.is_empty(), "{board:?}");
    let scores = h
        .fake
        .slash(&h.alice, CHANNEL, "scores", json!([]))
        .await
        .unwrap();
    assert!(
        !scores.content().contains(&h.alice.mention()),
        "{}",
        scores.content()
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_latecomer_takes_over_a_computer_seat_gets_its_hand_and_the_game_goes_on() {
    let h = Harness::start().await;
    let (table, message) = h
        .open_table(
            "paskahousu",
            &[&h.alice],
            5,
            &[
                json!({"name": "bots", "value": 2}),
                json!({"name": "open_seats", "value": true}),
            ],
        )
        .await;
    assert!(
        message
            .content
            .contains(&english(&pakka::msg!("discord-open-seats-on"))),
        "{}",
        message.content
    );
    let take = by_kind(&message, "take").expect("a take-over button");
    assert_eq!(take, ComponentId::Take { table, seat: 1 }.to_string());
    assert!(message
        .button_labels()
        .contains(&"🪑 Take over Computer 2 (normal)".to_string()));

    // Once it is Alice's turn nothing moves until she plays.
    let alice_hand = h.open_hand(&h.alice, message.id).await;
    hand_offering(&h, alice_hand.id, "act").await;

    // Alice is seated already: refused, nothing changes.
    let refused = h.fake.click(&h.alice, message.id, &take).await.unwrap();
    assert!(refused.is_ephemeral());
    assert!(
        refused.content().contains("already have a seat"),
        "{}",
        refused.content()
    );

    // Bob, watching, takes over Computer 2: he gets seat 2's hand, privately.
    let took = h.fake.click(&h.bob, message.id, &take).await.unwrap();
    let hand = took.message().unwrap().clone();
    assert!(hand.ephemeral && hand.visible_to == Some(h.bob.id));
    assert!(hand.content.contains("Your hand"), "{}", hand.content);
    let store = h.store().await;
    let stored = store.table(table).await.unwrap().unwrap();
    let seat = &stored.setup.seat_rows[1];
    assert_eq!(seat.user_id, Some(h.bob.id));
    assert_eq!(seat.computer, None);
    assert_eq!(seat.taken_from.as_deref(), Some("normal"));
    assert_eq!(seat.taken_at, Some(stored.move_number));
    let game = replayed(&stored);
    let own = game.own_cards(1);
    assert!(!own.is_empty());
    let shown = cards_in(&hand.content);
    assert!(
        own.iter().all(|&c| shown.contains(c)),
        "the hand is seat 2's: {own:?} in {}",
        hand.content
    );

    // The table names Bob in the seat, tells it, and is no longer rated.
    let fake = h.fake.clone();
    let id = message.id;
    let bob = h.bob.mention();
    let told = "took over seat 2 from the computer player (normal)";
    h.fake
        .wait_until(WAIT, move |_| {
            fake.message(id)
                .is_some_and(|m| m.content.contains(told) && m.content.contains(&bob))
        })
        .await
        .expect("the table message tells the take-over");
    let current = h.fake.message(message.id).unwrap();
    assert!(current
        .content
        .contains(&english(&pakka::msg!("discord-unrated-taken-over"))));
    // The next computer seat is offered now; Bob's seat is a person's: Carol is refused it.
    assert_eq!(
        by_kind(&current, "take").as_deref(),
        Some(ComponentId::Take { table, seat: 2 }.to_string().as_str())
    );
    let carol = h
        .fake
        .click_unchecked(&h.carol, message.id, &take)
        .await
        .unwrap();
    assert!(
        carol.is_ephemeral() && carol.content().contains("not a computer player's"),
        "{}",
        carol.content()
    );
    let unchanged = store.table(table).await.unwrap().unwrap();
    assert_eq!(unchanged.setup.seat_rows, stored.setup.seat_rows);

    // The game goes on with Bob in seat 2, to its end; it counts nowhere.
    play_out(&h, table, &[&h.alice, &h.bob]).await;
    let fake = h.fake.clone();
    let _ = h
        .fake
        .wait_until(WAIT, move |_| {
            fake.channel_messages(CHANNEL)
                .iter()
                .any(|m| m.content.contains(" is over."))
        })
        .await;
    let finished = store.table(table).await.unwrap().unwrap();
    assert_eq!(finished.phase, pakka::store::Phase::Finished);
    assert!(
        finished
            .moves
            .iter()
            .any(|m| m.seat == 1 && m.number > seat.taken_at.unwrap()),
        "Bob played seat 2"
    );
    assert_eq!(store.results(table).await.unwrap(), Vec::new());

    // The replay tells who took over, at the move they did.
    let replay = pakka::table::load_replay(&store, table, None)
        .await
        .unwrap();
    let steps = replay.steps().unwrap();
    let at = seat.taken_at.unwrap() as usize;
    let sentence = |step: &pakka::table::ReplayStep| {
        step.view.story.iter().any(|m| m.key == "table-took-over")
    };
    let told: Vec<usize> = steps
        .iter()
        .filter(|s| sentence(s))
        .map(|s| s.step)
        .collect();
    assert_eq!(told, vec![at]);
    if at > 0 {
        assert_eq!(steps[at - 1].view.seats[1].computer, Some(Level::Normal));
    }
    assert_eq!(steps[at].view.seats[1].user, Some(h.bob.id));

    // A finished table's seat can no longer be taken.
    let late = h
        .fake
        .click_unchecked(
            &h.carol,
            message.id,
            &ComponentId::Take { table, seat: 2 }.to_string(),
        )
        .await
        .unwrap();
    assert!(
        late.is_ephemeral() && late.content().contains("closed"),
        "{}",
        late.content()
    );
    assert_eq!(
        store.table(table).await.unwrap().unwrap().setup.seat_rows,
        finished.setup.seat_rows
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_open_seats_or_hints_a_forged_button_is_refused_and_changes_nothing() {
    let h = Harness::start().await;
    let (table, message) = h
        .open_table(
            "pisha-pasha",
            &[&h.alice],
            5,
            &[json!({"name": "bots", "value": 2})],
        )
        .await;
    assert_eq!(by_kind(&message, "take"), None, "no seat is offered");
    // Once it is Alice's turn nothing moves until she plays.
    let hand = h.open_hand(&h.alice, message.id).await;
    let hand = hand_offering(&h, hand.id, "act").await;
    let before = h.store().await.table(table).await.unwrap().unwrap();
    let take = h
        .fake
        .click_unchecked(
            &h.bob,
            message.id,
            &ComponentId::Take { table, seat: 1 }.to_string(),
        )
        .await
        .unwrap();
    assert!(
        take.is_ephemeral() && take.content().contains("seats are not open"),
        "{}",
        take.content()
    );
    // No hint at a table without hints, and none in the hand.
    assert_eq!(by_kind(&hand, "hint"), None);
    let hint = h
        .fake
        .click_unchecked(
            &h.alice,
            hand.id,
            &ComponentId::Hint { table, mv: 0 }.to_string(),
        )
        .await
        .unwrap();
    assert!(
        hint.is_ephemeral() && hint.content().contains("without hints"),
        "{}",
        hint.content()
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    let after = h.store().await.table(table).await.unwrap().unwrap();
    assert_eq!(after.setup.seat_rows, before.setup.seat_rows);
    assert_eq!(after.move_number, before.move_number);
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finnish_messages_name_commands_by_mention() {
    let h = Harness::start().await;
    h.fake.set_locale(h.bob.id, "fi");
    h.open_table(
        "pisha-pasha",
        &[&h.alice],
        5,
        &[json!({"name": "bots", "value": 1})],
    )
    .await;
    // The channel is busy: the refusal names /abandon, which a Finnish client shows as
    // /lopeta when it is a mention.
    let again = json!([{"name": "game", "value": "red7"}]);
    let bob = h
        .fake
        .slash(&h.bob, CHANNEL, "play", again.clone())
        .await
        .unwrap();
    assert!(
        bob.content().contains("</abandon:") && !bob.content().contains("`/abandon`"),
        "{}",
        bob.content()
    );
    // English names it as an English client does.
    let carol = h
        .fake
        .slash(&h.carol, CHANNEL, "play", again)
        .await
        .unwrap();
    assert!(
        carol.content().contains("`/abandon`"),
        "{}",
        carol.content()
    );
    // A command written with an option: a mention cannot carry options, so the sentence names
    // the command by mention and then the option as a Finnish client shows it ("ketju" for
    // "thread"), not in written English.
    h.fake.set_permissions(h.bob.id, permissions::ALL);
    let set = h
        .fake
        .slash(
            &h.bob,
            CHANNEL,
            "settings",
            json!([{"name": "threads", "value": false}]),
        )
        .await
        .unwrap();
    assert!(
        set.content().contains("</play:")
            && set.content().contains("> `ketju:true`")
            && !set.content().contains("thread:true"),
        "{}",
        set.content()
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}
