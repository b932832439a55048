//! End-to-end lobbies and endings on the fake Discord: nothing from an older phase changes a
//! table (a stale lobby button after the start), a decline frees a seat, "Play again" reseats
//! the same players, who may end a running game, and the hand a player sees at the first
//! decision of every game that starts with one.

use serde_json::json;

use crate::support::harness::*;
use crate::support::ids::ComponentId;

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
    let info = pakka::rules::registry::find(&stored.setup.game).unwrap();
    let fresh = info
        .create(
            stored.setup.options.clone(),
            stored.setup.seats,
            pakka::rules::Setup::seeded(stored.setup.seed),
        )
        .unwrap();
    assert!(stored.moves.is_empty(), "nobody moved yet");
    let catalog = pakka::catalog::catalog();
    let mut to_act = 0;
    for user in players {
        let seat = stored
            .setup
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_decline_frees_the_seat_and_the_creator_invites_someone_else() {
    let h = Harness::start().await;
    let dave = h.fake.user(1_000_000_000_000_004, "dave");
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
    let lobby = lobby.message().unwrap().clone();
    let declined = h
        .fake
        .click(&h.bob, lobby.id, &button(&lobby, "Decline / cancel"))
        .await
        .unwrap();
    assert_eq!(declined.callback_type, 7, "the lobby is updated in place");
    let lobby = h.fake.message(lobby.id).unwrap();
    assert!(
        lobby.content.contains("Seat 2: open — anyone may join"),
        "{}",
        lobby.content
    );
    assert!(
        !lobby.content.contains(&h.bob.mention()),
        "{}",
        lobby.content
    );
    // Only the creator invites; Dave is invited (and notified), accepts, and the game starts.
    let refused = h
        .fake
        .slash(
            &h.carol,
            CHANNEL,
            "invite",
            json!([{"name": "player", "value": dave.id.to_string()}]),
        )
        .await
        .unwrap();
    assert!(refused.is_ephemeral() && refused.content().contains("Only the player who opened"));
    let invited = h
        .fake
        .slash(
            &h.alice,
            CHANNEL,
            "invite",
            json!([{"name": "player", "value": dave.id.to_string()}]),
        )
        .await
        .unwrap();
    assert!(!invited.is_ephemeral(), "{}", invited.content());
    assert!(invited.content().contains(&dave.mention()));
    let pinged = h.fake.pings(CHANNEL);
    assert!(
        pinged.iter().any(|(_, users, _)| users.contains(&dave.id)),
        "Dave is notified: {pinged:?}"
    );
    let lobby = h.fake.message(lobby.id).unwrap();
    assert!(lobby.content.contains(&dave.mention()), "{}", lobby.content);
    h.fake
        .click(&h.carol, lobby.id, &button(&lobby, "Accept"))
        .await
        .unwrap();
    let lobby = h.fake.message(lobby.id).unwrap();
    let started = h
        .fake
        .click(&dave, lobby.id, &button(&lobby, "Accept"))
        .await
        .unwrap();
    assert_eq!(
        started.message().unwrap().button_labels(),
        vec!["Show my hand", "📖 Rules", "❔ Game words"],
        "{}",
        started.content()
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_again_with_a_computer_player_starts_at_once() {
    let h = Harness::start().await;
    let started = h
        .fake
        .slash(
            &h.alice,
            CHANNEL,
            "play",
            json!([{"name": "game", "value": "pisha-pasha"}, {"name": "bots", "value": 1}, {"name": "seed", "value": 3}]),
        )
        .await
        .unwrap();
    let message = started.message().unwrap().clone();
    let table: i64 = button(&message, "Show my hand")
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let hand = h.open_hand(&h.alice, message.id).await;
    let mut hands = vec![(h.alice.clone(), hand.id)];
    assert!(play_until_over(&h, message.id, &mut hands, 5_000, false).await > 0);
    let result = h.result_message(table).await.expect("a result message");
    assert!(
        result.content.contains("Computer 2 (normal)"),
        "one name for the computer player: {}",
        result.content
    );
    h.fake
        .click(&h.alice, result.id, &button(&result, "Play again"))
        .await
        .unwrap();
    let fake = h.fake.clone();
    let again = ComponentId::Hand(table + 1).to_string();
    h.fake
        .wait_until(WAIT, move |_| {
            fake.channel_messages(CHANNEL)
                .iter()
                .any(|m| m.buttons().iter().any(|(id, _, _)| *id == again))
        })
        .await
        .expect("the new game starts at once, with Show my hand");
    let store = h.store().await;
    let new = store.table(table + 1).await.unwrap().unwrap();
    assert_eq!(new.phase, pakka::store::Phase::Playing);
    assert_eq!(new.setup.seat_rows[1].computer.as_deref(), Some("normal"));
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_moderator_closes_a_table_and_others_are_refused() {
    use crate::support::fake_discord::permissions;
    let h = Harness::start().await;
    let (table, _) = h.start_game(5).await;
    let refused = h
        .fake
        .slash(&h.carol, CHANNEL, "abandon", json!([]))
        .await
        .unwrap();
    assert!(
        refused.is_ephemeral() && refused.content().contains("manage messages"),
        "{}",
        refused.content()
    );
    h.fake.set_permissions(h.carol.id, permissions::MODERATOR);
    let confirm = h
        .fake
        .slash(&h.carol, CHANNEL, "abandon", json!([]))
        .await
        .unwrap();
    let confirm = confirm.message().unwrap().clone();
    assert_eq!(
        confirm.button_labels(),
        vec!["Close with no result", "Keep playing"]
    );
    // The permission is read again from the click: without it, the button refuses.
    h.fake
        .set_permissions(h.carol.id, permissions::PLAIN_MEMBER);
    let close = button(&confirm, "Close with no result");
    let no = h.fake.click(&h.carol, confirm.id, &close).await.unwrap();
    assert!(
        no.content().contains("You are not seated"),
        "{}",
        no.content()
    );
    let store = h.store().await;
    assert_eq!(
        store.table(table).await.unwrap().unwrap().phase,
        pakka::store::Phase::Playing
    );
    h.fake.set_permissions(h.carol.id, permissions::MODERATOR);
    let confirm = h
        .fake
        .slash(&h.carol, CHANNEL, "abandon", json!([]))
        .await
        .unwrap();
    let confirm = confirm.message().unwrap().clone();
    h.fake
        .click(
            &h.carol,
            confirm.id,
            &button(&confirm, "Close with no result"),
        )
        .await
        .unwrap();
    assert_eq!(
        store.table(table).await.unwrap().unwrap().phase,
        pakka::store::Phase::Abandoned
    );
    assert!(
        store.results(table).await.unwrap().is_empty(),
        "nothing counts"
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_in_its_own_thread_leaves_one_line_in_the_channel() {
    use crate::support::fake_discord::permissions;
    let h = Harness::start().await;
    let line = h
        .fake
        .slash(
            &h.alice,
            CHANNEL,
            "play",
            json!([
                {"name": "game", "value": "pisha-pasha"},
                {"name": "player", "value": h.bob.id.to_string()},
                {"name": "seed", "value": 7},
                {"name": "thread", "value": true},
            ]),
        )
        .await
        .unwrap();
    assert!(!line.is_ephemeral());
    assert!(line.content().contains("🧵"), "{}", line.content());
    // The thread and its lobby come right after the answer.
    let fake = h.fake.clone();
    h.fake
        .wait_until(WAIT, move |_| {
            fake.threads()
                .first()
                .is_some_and(|t| fake.last_channel_message(t.id).is_some())
        })
        .await
        .expect("a thread with the lobby");
    let threads = h.fake.threads();
    assert_eq!(threads.len(), 1);
    let thread = threads[0].id;
    assert_eq!(threads[0].parent_id, CHANNEL);
    assert_eq!(threads[0].starter_message, Some(line.message().unwrap().id));
    // The lobby lives in the thread and notifies Bob there.
    let lobby = h
        .fake
        .last_channel_message(thread)
        .expect("a lobby in the thread");
    assert!(
        h.fake
            .pings(thread)
            .iter()
            .any(|(id, users, _)| *id == lobby.id && users.contains(&h.bob.id)),
        "Bob is notified in the thread"
    );
    let started = h
        .fake
        .click(&h.bob, lobby.id, &button(&lobby, "Accept"))
        .await
        .unwrap();
    assert_eq!(
        started.message().unwrap().button_labels(),
        vec!["Show my hand", "📖 Rules", "❔ Game words"]
    );
    let fake = h.fake.clone();
    let _ = h
        .fake
        .wait_until(WAIT, move |_| !fake.pings(thread).is_empty())
        .await;
    assert_eq!(
        h.fake.channel_messages(CHANNEL).len(),
        1,
        "the channel keeps one line: {:?}",
        h.fake
            .channel_messages(CHANNEL)
            .iter()
            .map(|m| &m.content)
            .collect::<Vec<_>>()
    );

    // The server's default: only a member who may manage the server changes it.
    let refused = h
        .fake
        .slash(
            &h.alice,
            CHANNEL,
            "settings",
            json!([{"name": "threads", "value": true}]),
        )
        .await
        .unwrap();
    assert!(
        refused.content().contains("Only members who may manage"),
        "{}",
        refused.content()
    );
    h.fake.set_permissions(h.alice.id, permissions::ALL);
    let set = h
        .fake
        .slash(
            &h.alice,
            CHANNEL,
            "settings",
            json!([{"name": "threads", "value": true}]),
        )
        .await
        .unwrap();
    assert!(
        set.content().contains("threads of their own"),
        "{}",
        set.content()
    );
    h.fake
        .slash(
            &h.carol,
            CHANNEL,
            "play",
            json!([{"name": "game", "value": "red7"}, {"name": "bots", "value": 1}]),
        )
        .await
        .unwrap();
    let fake = h.fake.clone();
    h.fake
        .wait_until(WAIT, move |_| fake.threads().len() == 2)
        .await
        .expect("the default opens a thread");
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}
