//! End-to-end: the real bot (library client: serenity + poise) against the fake Discord on
//! 127.0.0.1. Two fake users play full seeded games of Pishe Pasha through slash commands and
//! button clicks; people's mistakes get clear ephemeral answers and change nothing; a restart in
//! the middle of a game goes on from the same position with the same buttons.
//!
//! Also measures dispatch → callback latency over a full game (printed; run with
//! `cargo test --release --test tests -- --nocapture e2e::full_game`).

use std::time::Duration;

use serde_json::{json, Value};

use crate::support::fake_discord::FakeUser;
use crate::support::harness::*;
use crate::support::ids::{self, ComponentId};
use pakka::rules::{registry, Setup};
use pakka::store::Store;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_game_through_buttons_then_scores() {
    let h = Harness::start().await;
    let commands: Vec<String> = h
        .fake
        .commands()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    for name in ["play", "scores", "rules", "abandon"] {
        assert!(
            commands.contains(&name.to_string()),
            "{name} registered: {commands:?}"
        );
    }
    let choices = h
        .fake
        .autocomplete(
            &h.alice,
            CHANNEL,
            "play",
            json!([{"name": "game", "value": "pish", "focused": true}]),
        )
        .await
        .unwrap();
    assert!(
        choices.iter().any(|c| c["value"] == "pisha-pasha"),
        "{choices:?}"
    );

    let (table, message) = h.start_game(7).await;
    let mut hands = h.open_hands_of_alice_and_bob(message.id).await;
    let moves = play_until_over(&h, message.id, &mut hands, 2_000, false).await;
    assert!(moves > 10);
    let end = h.fake.message(message.id).unwrap();
    assert!(end.content.contains("Game over"), "{}", end.content);
    assert!(
        end.buttons().is_empty(),
        "no button left on the table message"
    );
    // The end is a new message: the result, the record, and "Play again".
    let result = h.result_message(table).await.expect("a result message");
    assert_eq!(result.button_labels(), vec!["Play again"]);
    assert!(
        result.content.contains("In this channel so far"),
        "{}",
        result.content
    );

    // The first player to act was mentioned in the channel (both hands were open after that,
    // and an open hand comes alive by itself); no ping is left alive at the end.
    let pings: Vec<_> = h
        .fake
        .all_messages()
        .into_iter()
        .filter(|m| m.channel_id == CHANNEL && m.content.contains("your move"))
        .collect();
    assert!(!pings.is_empty(), "the first turn was announced");
    assert!(
        pings.iter().all(|m| m.deleted),
        "no turn ping outlives its turn"
    );
    let results = h.store().await.results(table).await.unwrap();
    let winner = results.iter().find(|r| r.won).unwrap();
    let winner_id = winner.user_id.unwrap();
    let scores = h
        .fake
        .slash(&h.bob, CHANNEL, "scores", json!([]))
        .await
        .unwrap();
    let text = scores.content();
    // The winner leads on rating, provisional ("?") after one game.
    assert!(text.contains(&format!("1. <@{winner_id}> — **")), "{text}");
    assert!(text.contains(" (new)** · 1 win in 1 game"), "{text}");
    assert!(
        text.contains(&format!("{} points", winner.score.unwrap())),
        "{text}"
    );

    assert_public_messages_hide_hidden_cards(&h, table).await;
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    let mut latencies = h.fake.latencies();
    assert!(latencies.iter().all(|l| *l < Duration::from_secs(3)));
    latencies.sort();
    eprintln!(
        "dispatch → callback over {} interactions of a full game: median {:?}, p99 {:?}, max {:?}",
        latencies.len(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        latencies.last().unwrap()
    );
    // "Play again" opens a new lobby with the same players, the clicker first.
    h.fake
        .click(&h.bob, result.id, &button(&result, "Play again"))
        .await
        .unwrap();
    assert!(
        h.fake.message(result.id).unwrap().buttons().is_empty(),
        "Play again is used up"
    );
    let fake = h.fake.clone();
    h.fake
        .wait_until(WAIT, move |_| {
            fake.last_channel_message(CHANNEL)
                .is_some_and(|m| m.content.contains("opened a table"))
        })
        .await
        .expect("the new lobby is posted");
    let lobby = &h.fake.last_channel_message(CHANNEL).unwrap();
    assert!(!lobby.ephemeral);
    assert!(
        lobby
            .content
            .contains(&format!("{} opened a table", h.bob.mention())),
        "{}",
        lobby.content
    );
    assert!(lobby.content.contains(&h.alice.mention()));
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mistakes_get_clear_ephemeral_answers_and_change_nothing() {
    let h = Harness::start().await;
    let slash = |user: &FakeUser, name: &str, options: Value| {
        let (fake, user, name) = (h.fake.clone(), user.clone(), name.to_string());
        async move { fake.slash(&user, CHANNEL, &name, options).await.unwrap() }
    };
    let expect = |o: &crate::support::fake_discord::InteractionOutcome, words: &str| {
        assert!(o.is_ephemeral(), "ephemeral: {}", o.content());
        assert!(
            o.content().contains(words),
            "{:?} should say {words:?}",
            o.content()
        );
    };
    expect(
        &slash(
            &h.alice,
            "play",
            json!([{"name": "game", "value": "poker"}]),
        )
        .await,
        "no game called",
    );
    expect(
        &slash(&h.alice, "play", json!([{"name": "game", "value": "pisha-pasha"}, {"name": "player", "value": h.alice.id.to_string()}])).await,
        "already at this table",
    );
    let robot = h.fake.bot_user(1_000_000_000_000_099, "robot");
    expect(
        &slash(&h.alice, "play", json!([{"name": "game", "value": "pisha-pasha"}, {"name": "player", "value": robot.id.to_string()}])).await,
        "is a bot",
    );
    expect(
        &slash(&h.alice, "play", json!([{"name": "game", "value": "pisha-pasha"}, {"name": "player", "value": h.bob.id.to_string()}, {"name": "options", "value": "speed=fast"}])).await,
        "no option",
    );
    expect(
        &slash(&h.alice, "abandon", json!([])).await,
        "no open table",
    );
    let rules = slash(
        &h.alice,
        "rules",
        json!([{"name": "game", "value": "pishe-pasha"}]),
    )
    .await;
    expect(&rules, "Pishe Pasha");
    assert_eq!(
        rules.message().unwrap().links(),
        vec![(
            "📖 Full rules".to_string(),
            "https://github.com/pakka-cards/pakka/blob/main/docs/rules/pisha-pasha.md".to_string()
        )],
        "/rules links the game's page by its id, whatever name it was asked by"
    );

    let (table, message) = h.start_game(11).await;
    expect(
        &slash(&h.carol, "play", json!([{"name": "game", "value": "pisha-pasha"}, {"name": "player", "value": h.bob.id.to_string()}])).await,
        "already open in this channel",
    );
    let store = h.store().await;
    let moves = |s: Store| async move { s.table(table).await.unwrap().unwrap().move_number };

    // Someone not seated.
    let hand = h
        .fake
        .click(&h.carol, message.id, &ComponentId::Hand(table).to_string())
        .await
        .unwrap();
    expect(&hand, "not seated");
    let act = ComponentId::Act {
        table,
        mv: 0,
        index: 0,
    };
    let forged = h
        .fake
        .click_unchecked(&h.carol, message.id, &act.to_string())
        .await
        .unwrap();
    expect(&forged, "not seated");
    expect(
        &slash(&h.carol, "abandon", json!([])).await,
        "Only a player at this table",
    );
    // Forged and malformed ids, written by hand: none is an id pakka could build.
    for id in ["hello", "pk:zz:1", "pk:a:1:x:0", &"pk:".repeat(40)] {
        let o = h
            .fake
            .click_unchecked(&h.alice, message.id, id)
            .await
            .unwrap();
        expect(&o, "not one pakka knows");
    }
    let no_table = ComponentId::Act {
        table: 999_999,
        mv: 0,
        index: 0,
    };
    let o = h
        .fake
        .click_unchecked(&h.alice, message.id, &no_table.to_string())
        .await
        .unwrap();
    expect(&o, "closed");
    assert_eq!(moves(store.clone()).await, 0);

    // An outdated hand: the player to act moves, then clicks the old button again.
    let view = store.table(table).await.unwrap().unwrap();
    let first = view.setup.seat_rows[0].user_id.unwrap();
    let info = registry::find("pisha-pasha").unwrap();
    let game = info
        .create(view.setup.options.clone(), 2, Setup::seeded(11))
        .unwrap();
    let actor_seat = game.to_act()[0];
    let actor = if view.setup.seat_rows[actor_seat].user_id == Some(first) {
        &h.alice
    } else {
        &h.bob
    };
    let other = if actor.id == h.alice.id {
        &h.bob
    } else {
        &h.alice
    };
    let hand = h.open_hand(actor, message.id).await;
    let old_button = hand.buttons()[0].0.clone();
    // The other player clicking the actor's button id is refused too (not their turn).
    let other_hand = h.open_hand(other, message.id).await;
    let wrong = h
        .fake
        .click_unchecked(other, other_hand.id, &old_button)
        .await
        .unwrap();
    assert!(wrong.content().contains("turn"), "{}", wrong.content());
    assert_eq!(moves(store.clone()).await, 0);
    h.fake.click(actor, hand.id, &old_button).await.unwrap();
    assert_eq!(moves(store.clone()).await, 1);
    let stale = h
        .fake
        .click_unchecked(actor, hand.id, &old_button)
        .await
        .unwrap();
    assert!(stale.in_place(), "a stale click gets a fresh hand in place");
    assert!(
        stale.content().contains("older position"),
        "{}",
        stale.content()
    );
    assert_eq!(
        moves(store.clone()).await,
        1,
        "a repeated click applies once"
    );

    // Abandon: asks to confirm; "keep playing" changes nothing; confirming ends the table.
    let confirm = slash(&h.bob, "abandon", json!([])).await;
    assert!(confirm.is_ephemeral());
    let keep = button(confirm.message().unwrap(), "Keep playing");
    h.fake
        .click(&h.bob, confirm.message().unwrap().id, &keep)
        .await
        .unwrap();
    assert!(store.table(table).await.unwrap().unwrap().phase == pakka::store::Phase::Playing);
    let confirm = slash(&h.bob, "abandon", json!([])).await;
    let yes = button(confirm.message().unwrap(), "Give up (a loss for me)");
    h.fake
        .click(&h.bob, confirm.message().unwrap().id, &yes)
        .await
        .unwrap();
    assert!(store.table(table).await.unwrap().unwrap().phase == pakka::store::Phase::Abandoned);
    // A forfeit: a loss for Bob alone, said in public; the table keeps no button.
    let results = store.results(table).await.unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(
        (results[0].user_id, results[0].won),
        (Some(h.bob.id), false)
    );
    let fake = h.fake.clone();
    h.fake
        .wait_until(WAIT, move |_| {
            fake.last_channel_message(CHANNEL)
                .is_some_and(|m| m.content.contains("gave up"))
        })
        .await
        .expect("the forfeit is announced");
    assert!(h
        .fake
        .channel_messages(CHANNEL)
        .iter()
        .all(|m| m.buttons().is_empty()));
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_game_keeps_the_position_and_the_buttons() {
    restart_mid_game(Harness::start().await).await;
}

/// The same game on PostgreSQL: the position survives the restart, the game ends, and
/// `/scores` reads the result back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_a_restart_mid_game_keeps_the_position_and_the_buttons() {
    let Some(h) = Harness::start_on_postgres("e2e::on_postgres_a_restart_mid_game").await else {
        return;
    };
    assert_eq!(h.store().await.backend_name(), "postgres");
    restart_mid_game(h).await;
}

async fn restart_mid_game(mut h: Harness) {
    let (table, message) = h.start_game(5).await;
    let mut hands = h.open_hands_of_alice_and_bob(message.id).await;
    let before = play_until_over(&h, message.id, &mut hands, 6, false).await;
    assert_eq!(before, 6);
    // Let the bot finish bringing the next player's hand alive before it stops.
    let fake = h.fake.clone();
    let ids: Vec<u64> = hands.iter().map(|(_, id)| *id).collect();
    h.fake
        .wait_until(WAIT, move |_| {
            ids.iter()
                .any(|id| fake.message(*id).is_some_and(|m| !m.buttons().is_empty()))
        })
        .await
        .expect("a hand is alive");
    let store = h.store().await;
    let position = store.table(table).await.unwrap().unwrap();
    let table_before = h.fake.message(message.id).unwrap().content;

    h.restart().await;
    assert!(h.fake.identify_count() >= 2, "a new client connected");
    let after = store.table(table).await.unwrap().unwrap();
    assert_eq!(after.move_number, position.move_number);
    assert_eq!(after.moves, position.moves);
    // The hand opened before the restart still works: same buttons, same move number.
    let live = hands
        .iter()
        .find(|(_, id)| !h.fake.message(*id).unwrap().buttons().is_empty())
        .cloned()
        .expect("the player to act has a live hand");
    let button = h.fake.message(live.1).unwrap().buttons()[0].0.clone();
    let clicked = h.fake.click(&live.0, live.1, &button).await.unwrap();
    assert!(
        !clicked.content().contains("older position"),
        "{}",
        clicked.content()
    );
    assert_eq!(
        store.table(table).await.unwrap().unwrap().move_number,
        position.move_number + 1
    );
    let moves = play_until_over(&h, message.id, &mut hands, 5_000, true).await;
    assert!(moves > 0, "the game went on");
    let end = h.fake.message(message.id).unwrap();
    assert!(end.content.contains("Game over"), "{}", end.content);
    assert_ne!(end.content, table_before);
    // The ping from before the restart was remembered by the table and deleted in time.
    let pings: Vec<_> = h
        .fake
        .channel_messages(CHANNEL)
        .into_iter()
        .filter(|m| m.content.contains("your move"))
        .collect();
    assert!(
        pings.is_empty(),
        "{:?}",
        pings.iter().map(|m| &m.content).collect::<Vec<_>>()
    );
    // The result was stored and counts on the server's leaderboard.
    let results = store.results(table).await.unwrap();
    let winner = results.iter().find(|r| r.won).unwrap().user_id.unwrap();
    let scores = h
        .fake
        .slash(&h.alice, CHANNEL, "scores", json!([]))
        .await
        .unwrap();
    let text = scores.content();
    assert!(text.contains(&format!("1. <@{winner}> — **")), "{text}");
    assert!(text.contains("1 win in 1 game"), "{text}");
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_match_frees_the_channel_and_resumes_where_it_stopped() {
    let h = Harness::start().await;
    let (table, message) = h.start_game(9).await;
    let mut hands = h.open_hands_of_alice_and_bob(message.id).await;
    assert_eq!(
        play_until_over(&h, message.id, &mut hands, 4, false).await,
        4
    );
    let store = h.store().await;
    let before = store.table(table).await.unwrap().unwrap();

    let carol_pause = h
        .fake
        .slash(&h.carol, CHANNEL, "pause", json!([]))
        .await
        .unwrap();
    assert!(
        carol_pause.is_ephemeral() && carol_pause.content().contains("not seated"),
        "{}",
        carol_pause.content()
    );
    let paused = h
        .fake
        .slash(&h.bob, CHANNEL, "pause", json!([]))
        .await
        .unwrap();
    assert!(!paused.is_ephemeral());
    assert!(paused.content().contains("/resume"), "{}", paused.content());
    let fake = h.fake.clone();
    h.fake
        .wait_until(WAIT, move |_| {
            fake.message(message.id)
                .is_some_and(|m| m.buttons().is_empty())
        })
        .await
        .expect("the old table message loses its hand button");

    // The channel is free meanwhile.
    let other = h
        .fake
        .slash(&h.carol, CHANNEL, "play", json!([{"name": "game", "value": "pisha-pasha"}, {"name": "player", "value": h.alice.id.to_string()}]))
        .await
        .unwrap();
    let other = other.message().unwrap().clone();
    let busy = h
        .fake
        .slash(&h.alice, CHANNEL, "resume", json!([]))
        .await
        .unwrap();
    assert!(
        busy.is_ephemeral() && busy.content().contains("already open"),
        "{}",
        busy.content()
    );
    h.fake
        .click(&h.carol, other.id, &button(&other, "Decline / cancel"))
        .await
        .unwrap();

    let nothing = h
        .fake
        .slash(&h.carol, CHANNEL, "resume", json!([]))
        .await
        .unwrap();
    assert!(
        nothing.is_ephemeral() && nothing.content().contains("no paused match"),
        "{}",
        nothing.content()
    );
    let resumed = h
        .fake
        .slash(&h.alice, CHANNEL, "resume", json!([]))
        .await
        .unwrap();
    let fresh = resumed.message().unwrap().clone();
    assert!(!fresh.ephemeral);
    assert_eq!(
        fresh.button_labels(),
        vec!["Show my hand", "📖 Rules", "❔ Game words"]
    );
    assert_eq!(move_of(&fresh.content), Some(before.move_number));
    let after = store.table(table).await.unwrap().unwrap();
    assert_eq!(
        (after.move_number, &after.moves),
        (before.move_number, &before.moves)
    );

    let mut hands = h.open_hands_of_alice_and_bob(fresh.id).await;
    assert!(play_until_over(&h, fresh.id, &mut hands, 5_000, true).await > 0);
    assert!(h
        .fake
        .message(fresh.id)
        .unwrap()
        .content
        .contains("Game over"));
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_players_fill_empty_seats() {
    let h = Harness::start().await;
    // /play with bots: every seat taken, so the table starts at once.
    let started = h
        .fake
        .slash(&h.alice, CHANNEL, "play", json!([{"name": "game", "value": "pisha-pasha"}, {"name": "bots", "value": 1}, {"name": "level", "value": 2}, {"name": "seed", "value": 3}]))
        .await
        .unwrap();
    let message = started.message().unwrap().clone();
    assert_eq!(
        message.button_labels(),
        vec!["Show my hand", "📖 Rules", "❔ Game words"],
        "{}",
        message.content
    );
    assert!(
        message.content.contains("Computer 2"),
        "{}",
        message.content
    );
    let hand = h.open_hand(&h.alice, message.id).await;
    let mut hands = vec![(h.alice.clone(), hand.id)];
    assert!(play_until_over(&h, message.id, &mut hands, 5_000, false).await > 0);
    let end = h.fake.message(message.id).unwrap();
    assert!(end.content.contains("Game over"), "{}", end.content);
    let table: i64 = message
        .buttons()
        .iter()
        .find_map(|(id, _, _)| ids::hand_table(id))
        .unwrap();
    assert!(h.result_message(table).await.is_some(), "a result message");
    let moves = h.store().await.table(table).await.unwrap().unwrap().moves;
    assert!(
        moves.iter().any(|m| m.seat == 1),
        "the computer player moved"
    );

    // The lobby's "Add computer player" fills an open seat.
    let lobby = h
        .fake
        .slash(&h.alice, CHANNEL, "play", json!([{"name": "game", "value": "pisha-pasha"}, {"name": "player", "value": h.bob.id.to_string()}, {"name": "seats", "value": 3}]))
        .await
        .unwrap();
    let lobby = lobby.message().unwrap().clone();
    h.fake
        .click(&h.bob, lobby.id, &button(&lobby, "Accept"))
        .await
        .unwrap();
    let lobby = h.fake.message(lobby.id).unwrap();
    let carol = h
        .fake
        .click(&h.carol, lobby.id, &button(&lobby, "Add computer player"))
        .await
        .unwrap();
    assert!(
        carol.is_ephemeral() && carol.content().contains("not seated"),
        "{}",
        carol.content()
    );
    let bob = h
        .fake
        .click(&h.bob, lobby.id, &button(&lobby, "Add computer player"))
        .await
        .unwrap();
    assert!(
        bob.is_ephemeral() && bob.content().contains("Only the player who opened"),
        "only the creator fills a seat with a computer: {}",
        bob.content()
    );
    let filled = h
        .fake
        .click(&h.alice, lobby.id, &button(&lobby, "Add computer player"))
        .await
        .unwrap();
    let table_message = filled.message().unwrap();
    assert_eq!(
        table_message.button_labels(),
        vec!["Show my hand", "📖 Rules", "❔ Game words"]
    );
    assert!(
        table_message.content.contains("Computer 3"),
        "{}",
        table_message.content
    );
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_timer_hands_a_late_seat_to_a_computer_and_back() {
    let mut h = Harness::start().await;
    h.restart_with_timer_minute(Duration::from_millis(400))
        .await;
    let lobby = h
        .fake
        .slash(&h.alice, CHANNEL, "play", json!([{"name": "game", "value": "pisha-pasha"}, {"name": "player", "value": h.bob.id.to_string()}, {"name": "turn_timer", "value": 1}, {"name": "seed", "value": 2}]))
        .await
        .unwrap();
    let lobby = lobby.message().unwrap().clone();
    let started = h
        .fake
        .click(&h.bob, lobby.id, &button(&lobby, "Accept"))
        .await
        .unwrap();
    let table_message = started.message().unwrap().id;
    // Nobody moves: the player to act runs out of time.
    let fake = h.fake.clone();
    h.fake
        .wait_until(WAIT, move |_| {
            fake.channel_messages(CHANNEL)
                .iter()
                .any(|m| m.content.contains("ran out of time"))
        })
        .await
        .expect("the turn timer runs out");
    let notice = h
        .fake
        .channel_messages(CHANNEL)
        .into_iter()
        .find(|m| m.content.contains("ran out of time"))
        .unwrap();
    let late = if notice.content.contains(&h.alice.mention()) {
        h.alice.clone()
    } else {
        h.bob.clone()
    };
    // The stand-in plays the late player's turn.
    let store = h.store().await;
    let table: i64 = button(&notice, "I'm back")
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let s2 = store.clone();
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let t = s2.table(table).await.unwrap().unwrap();
        if t.moves
            .iter()
            .any(|m| t.setup.seat_rows[m.seat].user_id == Some(late.id))
        {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the computer never moved for the late player"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // The late player's own clicks are refused while the computer plays for them…
    let seat = store
        .table(table)
        .await
        .unwrap()
        .unwrap()
        .setup
        .seat_rows
        .iter()
        .position(|r| r.user_id == Some(late.id))
        .unwrap();
    assert!(store.table(table).await.unwrap().unwrap().setup.seat_rows[seat].stand_in);
    let hand = h
        .fake
        .click(&late, table_message, &ComponentId::Hand(table).to_string())
        .await
        .unwrap();
    if let Some((id, _, _)) = hand.message().unwrap().buttons().into_iter().next() {
        let refused = h
            .fake
            .click(&late, hand.message().unwrap().id, &id)
            .await
            .unwrap();
        assert!(
            refused.content().contains("I'm back"),
            "{}",
            refused.content()
        );
    }
    // …until they press "I'm back".
    let back = h
        .fake
        .click(&late, notice.id, &button(&notice, "I'm back"))
        .await
        .unwrap();
    // The away notice says so in public and keeps no button.
    assert!(
        back.callback_type == 7 && back.content().contains("is back"),
        "{}",
        back.content()
    );
    assert!(h.fake.message(notice.id).unwrap().buttons().is_empty());
    assert!(!store.table(table).await.unwrap().unwrap().setup.seat_rows[seat].stand_in);
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

/// A table whose stored move log the rules no longer accept (as after a rules fix that refuses
/// an old move): at the next start it is closed with no result, its channel is told with its
/// players named, its old table message loses its buttons, and the channel takes a new `/play`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_log_no_longer_replays_is_closed_and_its_channel_told() {
    let mut h = Harness::start().await;
    let (table, message) = h.start_game(5).await;
    let mut hands = h.open_hands_of_alice_and_bob(message.id).await;
    assert_eq!(
        play_until_over(&h, message.id, &mut hands, 3, false).await,
        3
    );
    if let Some(bot) = h.bot.take() {
        bot.shutdown().await;
    }
    h.fake.disconnect_bot().await;
    // The last stored move becomes one these rules refuse.
    {
        use sqlx::Connection;
        let mut db = sqlx::SqliteConnection::connect(&h.url).await.unwrap();
        sqlx::query("UPDATE moves SET action = '{\"no-such\":\"action\"}' WHERE table_id = ? AND number = 3")
            .bind(table)
            .execute(&mut db)
            .await
            .unwrap();
    }
    h.boot().await;
    let fake = h.fake.clone();
    h.fake
        .wait_until(WAIT, move |_| {
            fake.channel_messages(CHANNEL)
                .iter()
                .any(|m| m.content.contains("could not be taken up again"))
        })
        .await
        .expect("the channel is told");
    let told = h
        .fake
        .channel_messages(CHANNEL)
        .into_iter()
        .find(|m| m.content.contains("could not be taken up again"))
        .unwrap();
    assert!(told.content.contains("Pishe Pasha"), "{}", told.content);
    assert!(
        told.content.contains(&format!("game number {table}")),
        "{}",
        told.content
    );
    assert!(
        told.content.contains(&h.alice.mention()),
        "{}",
        told.content
    );
    assert!(told.content.contains(&h.bob.mention()), "{}", told.content);
    assert!(told.buttons().is_empty());
    let fake = h.fake.clone();
    let id = message.id;
    h.fake
        .wait_until(WAIT, move |_| {
            fake.message(id).is_some_and(|m| m.buttons().is_empty())
        })
        .await
        .expect("the old table message loses its buttons");
    let stored = h.store().await.table(table).await.unwrap().unwrap();
    assert_eq!(stored.phase, pakka::store::Phase::Abandoned);
    // The channel is free again.
    let (again, _) = h.start_game(6).await;
    assert_ne!(again, table);
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.take().unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_subscriber_sees_every_event_the_discord_edge_shows() {
    let h = Harness::start().await;
    let service = h.service.clone().expect("the harness's table service");
    let mut second = service.subscribe();
    let from = service.last_event();
    let started = h
        .fake
        .slash(&h.alice, CHANNEL, "play", json!([{"name": "game", "value": "pisha-pasha"}, {"name": "bots", "value": 1}, {"name": "seed", "value": 5}]))
        .await
        .unwrap();
    let message = started.message().unwrap().clone();
    let hand = h.open_hand(&h.alice, message.id).await;
    let mut hands = vec![(h.alice.clone(), hand.id)];
    assert!(play_until_over(&h, message.id, &mut hands, 5_000, false).await > 0);
    let last = service.last_event();
    let bot = h.bot.as_ref().unwrap();
    let deadline = std::time::Instant::now() + WAIT;
    while bot.events_shown() < last && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(
        bot.events_shown(),
        last,
        "the Discord edge showed every event"
    );

    // The second subscriber, which no edge knows of, got the same events in the same order:
    // numbered one after another, the game's start first, its moves in order, its end last.
    let mut seen = Vec::new();
    while seen.len() < (last - from) as usize {
        seen.push(second.recv().await.expect("no event missed"));
    }
    let numbers: Vec<u64> = seen.iter().map(|p| p.seq).collect();
    assert_eq!(numbers, (from + 1..=last).collect::<Vec<_>>());
    assert!(matches!(
        &*seen[0].event,
        pakka::table::TableEvent::Started(_)
    ));
    let moves: Vec<u64> = seen
        .iter()
        .filter_map(|p| match &*p.event {
            pakka::table::TableEvent::Moved { acted, .. } => Some(acted.table.move_number),
            _ => None,
        })
        .collect();
    assert_eq!(moves, (1..=moves.len() as u64).collect::<Vec<_>>());
    assert!(matches!(
        &*seen.last().unwrap().event,
        pakka::table::TableEvent::Moved { acted, .. } if acted.finished
    ));
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}
