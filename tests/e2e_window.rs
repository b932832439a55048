//! The Activity's web edge on the fake Discord, through its API as a window's client uses it
//! (the page and its browser tests are not built yet): a person signs in with the code the
//! SDK's `authorize` gives (exchanged at the fake's OAuth2 endpoint), opens a WebSocket for
//! the Activity instance of the table's channel, sees their hand and plays from it; a move
//! through the table's buttons reaches the window too; someone in the instance without a seat
//! sees the public table only. Refused, each with its sentence and nothing changed: a forged
//! session, a code used twice, an instance the person is not in, another seat's move, a stale
//! move, a malformed frame, a flood.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::support::harness::{Harness, CHANNEL, WAIT};
use crate::support::http;
use crate::support::windows;
use crate::support::{FakeDiscord, FakeUser};

use crate::support::windows::Socket;

/// How long a frame may take to come.
const FRAME_WITHIN: Duration = Duration::from_secs(5);

/// The web edge beside the harness's bot, serving the client in `client` (these tests use only
/// its API: any `index.html` does).
async fn web_with(h: &Harness, client: std::path::PathBuf) -> pakka::web::Running {
    web_at(h, client, ([127, 0, 0, 1], 0).into()).await
}

async fn web_at(
    h: &Harness,
    client: std::path::PathBuf,
    addr: std::net::SocketAddr,
) -> pakka::web::Running {
    h.web_edge(client, addr).await
}

async fn web(h: &Harness) -> pakka::web::Running {
    let dir = tempfile::tempdir().unwrap().keep();
    std::fs::write(dir.join("index.html"), "<!doctype html>").unwrap();
    web_with(h, dir).await
}

/// Signs `user` in as a window does: answers the session key.
async fn sign_in(h: &Harness, web: &pakka::web::Running, user: &FakeUser) -> String {
    windows::sign_in(&h.fake, web.addr, user).await
}

/// Opens a window: the socket, or the HTTP status and refusal of its upgrade.
async fn open(
    web: &pakka::web::Running,
    session: &str,
    instance: &str,
) -> Result<Socket, (u16, String)> {
    match windows::connect(web.addr, session, instance).await {
        Ok(socket) => Ok(socket),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            let body = response
                .body()
                .as_ref()
                .map(|b| String::from_utf8_lossy(b).into_owned())
                .unwrap_or_default();
            Err((response.status().as_u16(), body))
        }
        Err(e) => panic!("the window's socket: {e}"),
    }
}

/// The next frame, or None when the window closed.
async fn next(socket: &mut Socket) -> Option<Value> {
    loop {
        let frame = tokio::time::timeout(FRAME_WITHIN, socket.next())
            .await
            .expect("a frame in time")?;
        match frame {
            Ok(Message::Text(text)) => return Some(serde_json::from_str(text.as_str()).unwrap()),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(_) => {}
        }
    }
}

/// Frames until one of `kind` (skipping others); panics when the window closes first.
async fn until(socket: &mut Socket, kind: &str) -> Value {
    loop {
        let frame = next(socket).await.expect("the window stays open");
        if frame["type"] == kind {
            return frame;
        }
    }
}

/// Frames until a table frame at `move_number` or later, and the hand after it (when seated).
async fn table_at(socket: &mut Socket, move_number: u64) -> Value {
    loop {
        let frame = until(socket, "table").await;
        if frame["move_number"].as_u64().unwrap() >= move_number {
            return frame;
        }
    }
}

async fn send(socket: &mut Socket, frame: Value) {
    socket
        .send(Message::Text(frame.to_string().into()))
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_plays_its_hand_and_sees_every_move() {
    let h = Harness::start().await;
    let (table, message) = h.start_game(5).await;
    let web = web(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob]);
    let session = sign_in(&h, &web, &h.alice).await;
    let mut alice = open(&web, &session, &instance).await.unwrap();

    let first = until(&mut alice, "table").await;
    assert_eq!(first["table"], table);
    assert_eq!(first["phase"], "playing");
    let seats = first["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[0]["you"], true, "{first}");
    assert_eq!(seats[0]["name"], h.alice.name.as_str(), "{first}");
    let hand = until(&mut alice, "hand").await;
    assert_eq!(hand["seat"], 0);
    assert!(!hand["lines"].as_array().unwrap().is_empty(), "{hand}");

    // Whoever is to act moves, Alice in her window and Bob with the table's buttons, and
    // Alice's window follows every move.
    let mut bob_hand = h.open_hand(&h.bob, message.id).await;
    let mut shown = hand;
    for _ in 0..6 {
        let number = shown["move_number"].as_u64().unwrap();
        let actions = shown["actions"].as_array().unwrap().clone();
        if !actions.is_empty() {
            let index = actions[0]["index"].as_u64().unwrap();
            send(
                &mut alice,
                json!({"type": "move", "table": table, "move_number": number, "index": index}),
            )
            .await;
        } else {
            let fake = h.fake.clone();
            let id = bob_hand.id;
            h.fake
                .wait_until(FRAME_WITHIN, move |_| {
                    fake.message(id).is_some_and(|m| {
                        m.buttons().iter().any(|b| b.0.starts_with("pk:a:") && !b.2)
                    })
                })
                .await
                .expect("Bob's hand comes alive");
            let buttons = h.fake.message(bob_hand.id).unwrap().buttons();
            let play = buttons.iter().find(|b| b.0.starts_with("pk:a:")).unwrap();
            let answer = h.fake.click(&h.bob, bob_hand.id, &play.0).await.unwrap();
            bob_hand = answer.message().cloned().unwrap_or(bob_hand);
        }
        let after = table_at(&mut alice, number + 1).await;
        assert_eq!(after["move_number"], number + 1, "{after}");
        shown = until(&mut alice, "hand").await;
        assert_eq!(shown["move_number"], number + 1);
        // The store has the move the window saw.
        let stored = h.store().await.table(table).await.unwrap().unwrap();
        assert_eq!(stored.move_number, number + 1);
    }

    // Someone in the activity without a seat sees the public table and no hand.
    h.fake.join_activity(&instance, &h.carol);
    let session = sign_in(&h, &web, &h.carol).await;
    let mut carol = open(&web, &session, &instance).await.unwrap();
    let public = until(&mut carol, "table").await;
    assert!(public["seats"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["you"] == false));
    let quiet = tokio::time::timeout(Duration::from_millis(500), next(&mut carol)).await;
    assert!(quiet.is_err(), "a watcher gets no hand: {quiet:?}");
    web.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_windows_bad_requests_are_refused_and_change_nothing() {
    let h = Harness::start().await;
    let (table, _message) = h.start_game(5).await;
    let web = web(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob]);

    // A code works once; a session the server never gave is refused.
    let code = h.fake.authorize(&h.alice);
    let (status, _) = http::post_json(web.addr, "/api/token", &json!({ "code": code }))
        .await
        .unwrap();
    assert_eq!(status, 200);
    let (status, body) = http::post_json(web.addr, "/api/token", &json!({ "code": code }))
        .await
        .unwrap();
    assert_eq!(status, 401, "{body}");
    assert!(body.contains("sign-in is not valid"), "{body}");
    let (status, body) = http::post_json(web.addr, "/api/token", &json!({ "nope": 1 }))
        .await
        .unwrap();
    assert_eq!(status, 400, "{body}");
    let forged = "0123456789abcdef0123456789abcdef";
    let (status, body) = open(&web, forged, &instance).await.unwrap_err();
    assert_eq!(status, 401, "{body}");
    assert!(body.contains("sign-in is not valid"), "{body}");

    // An instance the person is not in, and one that does not exist.
    let carol = sign_in(&h, &web, &h.carol).await;
    let (status, body) = open(&web, &carol, &instance).await.unwrap_err();
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("does not belong"), "{body}");
    let (status, _) = open(&web, &carol, "i-0-gc-0").await.unwrap_err();
    assert_eq!(status, 403);

    // In a window: the other seat's move, a stale move, another table, a malformed frame.
    let session = sign_in(&h, &web, &h.alice).await;
    let mut alice = open(&web, &session, &instance).await.unwrap();
    until(&mut alice, "table").await;
    let hand = until(&mut alice, "hand").await;
    let number = hand["move_number"].as_u64().unwrap();
    let before = h.store().await.table(table).await.unwrap().unwrap().moves;
    let alices_turn = !hand["actions"].as_array().unwrap().is_empty();
    let refused = |frame: &Value, says: &str| {
        assert_eq!(frame["type"], "refused", "{frame}");
        assert!(
            frame["text"].as_str().unwrap().contains(says),
            "{frame} should say {says:?}"
        );
    };
    assert!(!alices_turn, "seed 5: Bob moves first");
    send(
        &mut alice,
        json!({"type": "move", "table": table, "move_number": number, "index": 0}),
    )
    .await;
    refused(&until(&mut alice, "refused").await, "'s turn, not");
    send(
        &mut alice,
        json!({"type": "move", "table": table, "move_number": number + 5, "index": 0}),
    )
    .await;
    refused(&until(&mut alice, "refused").await, "older position");
    send(
        &mut alice,
        json!({"type": "move", "table": table + 1, "move_number": number, "index": 0}),
    )
    .await;
    refused(&until(&mut alice, "refused").await, "another table");
    send(&mut alice, json!({"type": "move", "table": table})).await;
    refused(&until(&mut alice, "refused").await, "does not understand");
    alice
        .send(Message::Text("{not json".to_string().into()))
        .await
        .unwrap();
    refused(&until(&mut alice, "refused").await, "does not understand");
    assert_eq!(
        h.store().await.table(table).await.unwrap().unwrap().moves,
        before,
        "nothing changed"
    );

    // A flood: refused, then closed.
    for _ in 0..400 {
        if alice
            .send(Message::Text("{}".to_string().into()))
            .await
            .is_err()
        {
            break;
        }
    }
    let mut said = Vec::new();
    while let Some(frame) = next(&mut alice).await {
        said.push(frame["text"].as_str().unwrap_or_default().to_string());
    }
    assert!(
        said.iter().any(|t| t.contains("too many moves at once")),
        "{said:?}"
    );
    assert!(
        said.last().is_some_and(|t| t.contains("it was closed")),
        "{said:?}"
    );
    web.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_bot_tells_its_windows_and_a_window_in_finnish_reads_finnish() {
    let h = Harness::start().await;
    h.fake.set_locale(h.alice.id, "fi");
    let web = web(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice]);
    let session = sign_in(&h, &web, &h.alice).await;
    let mut alice = open(&web, &session, &instance).await.unwrap();
    // No table in the channel yet: said so, in her language, with the form to open one.
    let setup = until(&mut alice, "setup").await;
    assert!(
        setup["text"]
            .as_str()
            .unwrap()
            .contains("ei ole vielä pöytää"),
        "{setup}"
    );
    assert_eq!(setup["labels"]["open"], "Avaa pöytä");
    // A table started in the channel appears at once.
    let (table, _) = h.start_game(5).await;
    let shown = until(&mut alice, "table").await;
    assert_eq!(shown["table"], table);
    web.web.stop();
    notice_says(&mut alice, "käynnistyy uudelleen").await;
    assert!(next(&mut alice).await.is_none(), "the window is closed");
    // A window that comes while the bot stops is told at once, and closed.
    let mut again = open(&web, &session, &instance).await.unwrap();
    notice_says(&mut again, "käynnistyy uudelleen").await;
    assert!(next(&mut again).await.is_none(), "closed");
}

/// With the window served, the table message offers "Open the table", and pressing it opens
/// the Activity (LAUNCH_ACTIVITY, callback type 12); so does the app's Entry Point command,
/// registered with the others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_the_table_launches_the_activity() {
    let h = Harness::start_tweaked(|c| {
        c.activity_addr = Some(([127, 0, 0, 1], 0).into());
        c.client_secret = Some(FakeDiscord::CLIENT_SECRET.into());
    })
    .await;
    let (_table, message) = h.start_game(5).await;
    let table_message = h.fake.message(message.id).unwrap();
    let (id, label, _) = table_message
        .buttons()
        .into_iter()
        .find(|b| b.0.starts_with("pk:win:"))
        .expect("Open the table");
    assert_eq!(label, "Open the table");
    let before = h.fake.activities_launched().len();
    let answer = h.fake.click(&h.carol, message.id, &id).await.unwrap();
    assert_eq!(answer.callback_type, 12, "{:?}", answer.body);
    assert_eq!(h.fake.activities_launched().len(), before + 1);
    // The app's Entry Point command too, in the table's channel, and in a channel with no
    // table (the window opens on the form that starts one).
    let answer = h.fake.launch(&h.alice, CHANNEL).await.unwrap();
    assert_eq!(answer.callback_type, 12, "{:?}", answer.body);
    let elsewhere = h.fake.launch(&h.alice, CHANNEL + 1).await.unwrap();
    assert_eq!(elsewhere.callback_type, 12, "{:?}", elsewhere.body);
    assert_eq!(h.fake.activities_launched().len(), before + 3);
}

/// Moves for whoever is not `user` (through the service) until `user` is to act.
async fn until_to_act(h: &Harness, table: i64, user: &FakeUser) {
    let service = h.service.clone().unwrap();
    for _ in 0..40 {
        let view = service.view(table).await.unwrap();
        if view.to_act.contains(&user.id) {
            return;
        }
        let other = view.to_act[0];
        service
            .act(table, other, view.move_number, 0, pakka::table::Edge::Chat)
            .await
            .unwrap();
    }
    panic!("{} never came to act", user.name);
}

/// The web edge beside a game of Alice and Bob, their Activity in its channel, and Alice's
/// window open on it, her hand shown.
async fn alices_window(h: &Harness) -> (pakka::web::Running, String, Socket) {
    let web = web(h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob]);
    let session = sign_in(h, &web, &h.alice).await;
    let mut alice = open(&web, &session, &instance).await.unwrap();
    until(&mut alice, "hand").await;
    (web, instance, alice)
}

/// Plays the first move `hand` offers from its window, and waits for the table to show it.
async fn plays_first_move(window: &mut Socket, hand: &Value) {
    let number = hand["move_number"].as_u64().unwrap();
    let index = hand["actions"][0]["index"]
        .as_u64()
        .expect("a move to make");
    send(
        window,
        json!({"type": "move", "table": hand["table"], "move_number": number, "index": index}),
    )
    .await;
    let after = table_at(window, number + 1).await;
    assert_eq!(after["move_number"], number + 1);
}

/// The window's next notice says `words`.
async fn notice_says(window: &mut Socket, words: &str) {
    let notice = until(window, "notice").await;
    let text = notice["text"].as_str().unwrap_or_default();
    assert!(text.contains(words), "{notice} should say {words:?}");
}

/// The table's move number now.
async fn move_number(h: &Harness, table: i64) -> u64 {
    h.service
        .clone()
        .unwrap()
        .view(table)
        .await
        .unwrap()
        .move_number
}

/// Bob moves, then Alice's turn comes (again): its move number.
async fn alices_turn_again(h: &Harness, table: i64) -> u64 {
    until_to_act(h, table, &h.bob).await;
    until_to_act(h, table, &h.alice).await;
    move_number(h, table).await
}

/// Whether a message still in the channel notified `user`, once the channel shows move `number`.
async fn pinged_at(h: &Harness, table: i64, number: u64, user: &FakeUser) -> bool {
    let service = h.service.clone().unwrap();
    let shown = service.view(table).await.unwrap().move_number;
    assert_eq!(shown, number);
    // The edge brings the channel up to date in order: the table message, then the ping.
    tokio::time::sleep(Duration::from_millis(300)).await;
    h.fake
        .channel_messages(CHANNEL)
        .iter()
        .any(|m| m.pinged.contains(&user.id))
}

/// While a person has the window open on the table, no turn ping calls them to it; once it is
/// closed, their next turn pings them again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nobody_is_pinged_while_their_window_is_open() {
    let h = Harness::start().await;
    let (table, _message) = h.start_game(5).await;
    let (web, _instance, mut alice) = alices_window(&h).await;
    let number = alices_turn_again(&h, table).await;
    assert!(
        !pinged_at(&h, table, number, &h.alice).await,
        "her window is open: no ping"
    );
    alice.close(None).await.unwrap();
    while next(&mut alice).await.is_some() {}
    tokio::time::sleep(Duration::from_millis(100)).await;
    let number = alices_turn_again(&h, table).await;
    assert!(
        pinged_at(&h, table, number, &h.alice).await,
        "her window is closed: pinged"
    );
    web.stop().await;
}

/// A bot restarted mid-game: its windows are told; their sessions outlive the process (signed,
/// not kept in its memory), so a window connects again without signing in again, sees the table
/// as it stands and plays on. A session of another application (another secret), an altered
/// one and one past its time are refused, by the restarted process as by any.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_a_window_comes_back_with_its_session_and_plays_on() {
    let mut h = Harness::start().await;
    let (table, _message) = h.start_game(5).await;
    let client = tempfile::tempdir().unwrap().keep();
    std::fs::write(client.join("index.html"), "<!doctype html>").unwrap();
    let web = web_with(&h, client.clone()).await;
    let addr = web.addr;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob]);
    let session = sign_in(&h, &web, &h.alice).await;
    let mut alice = open(&web, &session, &instance).await.unwrap();
    until(&mut alice, "hand").await;
    until_to_act(&h, table, &h.alice).await;
    let number = move_number(&h, table).await;

    web.stop().await;
    let notice = until(&mut alice, "notice").await;
    assert!(
        notice["text"].as_str().unwrap().contains("restarting"),
        "{notice}"
    );
    assert!(next(&mut alice).await.is_none(), "the window closed");
    h.restart().await;
    let web = web_at(&h, client, addr).await;
    // What the client asks before it connects again: the session still names Alice.
    let (status, body) = http::get_bearing(addr, "/api/session", &session)
        .await
        .unwrap();
    assert_eq!(status, 200, "{body}");
    assert!(body.contains(&h.alice.id.to_string()), "{body}");
    let mut alice = open(&web, &session, &instance).await.unwrap();
    let shown = until(&mut alice, "table").await;
    assert_eq!(shown["move_number"], number, "the table as it stands");
    let hand = until(&mut alice, "hand").await;
    plays_first_move(&mut alice, &hand).await;

    let person = pakka::web::Person {
        id: h.alice.id,
        name: h.alice.name.clone(),
        locale: "en-US".into(),
    };
    let elsewhere = pakka::web::Sessions::new("another application's secret").open(person.clone());
    let ours = pakka::web::Sessions::new(FakeDiscord::CLIENT_SECRET);
    let past = ours.open_until(person, 1);
    let (claims, signature) = session.split_once('.').unwrap();
    let altered = format!("{claims}x.{signature}");
    for key in [&elsewhere, &past, &altered] {
        let (status, body) = open(&web, key, &instance).await.unwrap_err();
        assert_eq!(status, 401, "{key}: {body}");
        assert!(body.contains("not valid any more"), "{body}");
        let (status, _) = http::get_bearing(addr, "/api/session", key).await.unwrap();
        assert_eq!(status, 401, "{key}");
    }
    web.stop().await;
}

/// One window's game: it records every frame, and a player's window plays the first move each
/// of its hands offers, until the table is over or shows move `moves`.
async fn record_game(mut socket: Socket, plays: bool, moves: u64) -> Vec<Value> {
    let mut frames = Vec::new();
    let mut last_move: Option<Value> = None;
    loop {
        let frame = match tokio::time::timeout(Duration::from_secs(10), socket.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => {
                serde_json::from_str::<Value>(text.as_str()).unwrap()
            }
            Ok(Some(Ok(_))) => continue,
            other => {
                let last: Vec<String> = frames
                    .iter()
                    .rev()
                    .take(3)
                    .map(|f: &Value| {
                        let mut f = f.clone();
                        if let Some(o) = f.as_object_mut() {
                            o.remove("picture");
                        }
                        f.to_string()
                    })
                    .collect();
                panic!("the window went quiet before the end ({other:?}): {last:#?}");
            }
        };
        frames.push(frame.clone());
        if frame["type"] == "table"
            && (frame["phase"] == "finished" || frame["move_number"].as_u64() >= Some(moves))
        {
            return frames;
        }
        if plays && frame["type"] == "hand" {
            last_move = frame["actions"]
                .as_array()
                .and_then(|a| a.first())
                .map(|action| {
                    json!({"type": "move", "table": frame["table"],
                           "move_number": frame["move_number"], "index": action["index"]})
                });
            if let Some(m) = &last_move {
                // At a person's pace: the window refuses more than 10 frames a second.
                tokio::time::sleep(Duration::from_millis(110)).await;
                send(&mut socket, m.clone()).await;
            }
        }
        // "Slow down": the same move again a moment later (a stale one is answered with the
        // hand as it is, which the loop plays from).
        if plays && frame["type"] == "refused" {
            if let Some(m) = &last_move {
                tokio::time::sleep(Duration::from_millis(500)).await;
                send(&mut socket, m.clone()).await;
            }
        }
    }
}

/// Sixty moves of a game played in two windows and watched in a third. Every frame is
/// recorded, and none names a card its receiver may not see then. What they may see is the
/// conformance suite's truth of the stored game: the cards public up to that move, and a seat's
/// own cards up to then. (Pishe Pasha played by its first offered move runs for hundreds of
/// moves: the test stops at sixty.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_frame_names_a_card_its_receiver_may_not_see() {
    let h = Harness::start().await;
    let (table, _message) = h.start_game(5).await;
    let web = web(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob, &h.carol]);
    let mut windows = Vec::new();
    for (user, plays) in [(&h.alice, true), (&h.bob, true), (&h.carol, false)] {
        let session = sign_in(&h, &web, user).await;
        let socket = open(&web, &session, &instance).await.unwrap();
        windows.push((user.id, tokio::spawn(record_game(socket, plays, 60))));
    }
    let mut recorded = Vec::new();
    for (user, window) in windows {
        recorded.push((user, window.await.unwrap()));
    }
    let stored = h.store().await.table(table).await.unwrap().unwrap();
    let checked = windows::check_frames_show_only_what_their_readers_see(&stored, &recorded);
    assert!(stored.moves.len() >= 60, "{} moves", stored.moves.len());
    assert!(checked > 3 * 60, "{checked} frames checked");
    println!(
        "{checked} frames over {} moves checked, none names a card its receiver may not see",
        stored.moves.len()
    );
    web.stop().await;
}

/// Every interaction token of the channel's messages past its 15 minutes (Discord answers
/// every webhook edit 10015 Unknown Webhook): the Discord hands can no longer be brought up to
/// date, and the window, which needs no token, plays on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_plays_on_when_every_interaction_token_has_expired() {
    let h = Harness::start().await;
    let (table, _message) = h.start_game(5).await;
    let (web, _instance, mut alice) = alices_window(&h).await;
    for route in [
        "PATCH /webhooks/*/*/messages/*",
        "GET /webhooks/*/*/messages/*",
        "DELETE /webhooks/*/*/messages/*",
        "POST /webhooks/*/*",
    ] {
        h.fake.inject(
            route,
            crate::support::fake_discord::Fault::Gone(10015),
            1_000,
        );
    }
    for _ in 0..3 {
        until_to_act(&h, table, &h.alice).await;
        let number = move_number(&h, table).await;
        let hand = loop {
            let hand = until(&mut alice, "hand").await;
            if hand["move_number"] == number {
                break hand;
            }
        };
        plays_first_move(&mut alice, &hand).await;
    }
    web.stop().await;
}

/// What an open window costs the bot: the real binary with the window served, one table, and
/// `WINDOWS` (default 1,000) windows opened on it by people in its Activity; its resident
/// memory before and after, per window, and the time from a move to its frame in every window.
/// A measurement for BENCHMARKS.md, run by name:
/// `cargo test --test tests e2e_window::memory_per_window -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn memory_per_window() {
    use crate::support::bot_process::BotCommand;
    use crate::support::harness::open_table_in;
    let windows: usize = std::env::var("WINDOWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html>").unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr: std::net::SocketAddr = ([127, 0, 0, 1], port).into();
    let url = format!("sqlite://{}", dir.path().join("pakka.db").display());
    let bot = BotCommand::new(&fake, &url, dir.path(), &dir.path().join("bot.log"))
        .env("ACTIVITY_ADDR", &addr.to_string())
        .env("DISCORD_CLIENT_SECRET", FakeDiscord::CLIENT_SECRET)
        .env("ACTIVITY_CLIENT_DIR", dir.path().to_str().unwrap())
        .start(&fake)
        .await;
    let alice = fake.user(7_000_001, "alice");
    let bob = fake.user(7_000_002, "bob");
    let (table, _, _) = open_table_in(&fake, CHANNEL, "pisha-pasha", &[&alice, &bob], 5, &[]).await;
    let people: Vec<FakeUser> = (0..windows)
        .map(|k| fake.user(7_100_000 + k as u64, &format!("w{k}")))
        .collect();
    let mut everyone: Vec<&FakeUser> = people.iter().collect();
    everyone.push(&alice);
    everyone.push(&bob);
    let instance = fake.open_activity(CHANNEL, &everyone);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let before = bot.resident_kib();
    let mut sockets = Vec::new();
    for person in &people {
        let code = fake.authorize(person);
        let (status, body) = http::post_json(addr, "/api/token", &json!({ "code": code }))
            .await
            .unwrap();
        assert_eq!(status, 200, "{body}");
        let body: Value = serde_json::from_str(&body).unwrap();
        let session = body["session"].as_str().unwrap().to_string();
        let mut socket = windows::connect(addr, &session, &instance).await.unwrap();
        until(&mut socket, "table").await;
        sockets.push(socket);
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = bot.resident_kib();
    // A move from the window of whoever is to act (Alice or Bob): the time until every one of
    // the watchers' windows has its frame.
    let mut movers = Vec::new();
    for person in [&alice, &bob] {
        let code = fake.authorize(person);
        let (_, body) = http::post_json(addr, "/api/token", &json!({ "code": code }))
            .await
            .unwrap();
        let body: Value = serde_json::from_str(&body).unwrap();
        let session = body["session"].as_str().unwrap().to_string();
        let mut socket = windows::connect(addr, &session, &instance).await.unwrap();
        let hand = until(&mut socket, "hand").await;
        movers.push((socket, hand));
    }
    let (mover, hand) = movers
        .iter_mut()
        .find(|(_, hand)| hand["actions"].as_array().is_some_and(|a| !a.is_empty()))
        .expect("someone is to act");
    let number = hand["move_number"].as_u64().unwrap();
    let mut latencies = Vec::new();
    let sent = std::time::Instant::now();
    send(
        mover,
        json!({"type": "move", "table": table, "move_number": number,
               "index": hand["actions"][0]["index"]}),
    )
    .await;
    for socket in &mut sockets {
        table_at(socket, number + 1).await;
        latencies.push(sent.elapsed());
    }
    latencies.sort();
    let p = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    println!(
        "{windows} windows: bot RSS {before} KiB before, {after} KiB after: {:.1} KiB per \
         window; a move reached every window: median {:?}, p99 {:?}, last {:?}",
        (after as f64 - before as f64) / windows as f64,
        p(0.5),
        p(0.99),
        latencies.last().unwrap()
    );
}

/// The window draws the table itself: a seat's hand frame carries its own scene (the table and
/// its hand, each card by its number, the cards it may play marked, its moves naming their
/// cards), a watcher's table frame the public scene (other hands as counts of backs), and
/// `/api/cards` every card's face and its spoken name, in the window's language. No picture is
/// drawn for a window any more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_gets_scenes_to_draw_and_the_cards_once() {
    let h = Harness::start().await;
    let (_table, _message) = h
        .open_table("paskahousu", &[&h.alice, &h.bob], 5, &[])
        .await;
    let web = web(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob, &h.carol]);
    let alice = sign_in(&h, &web, &h.alice).await;
    let carol = sign_in(&h, &web, &h.carol).await;
    let mut alices = open(&web, &alice, &instance).await.unwrap();
    let mut carols = open(&web, &carol, &instance).await.unwrap();
    let hand = until(&mut alices, "hand").await;
    let watched = until(&mut carols, "table").await;
    assert!(hand.get("picture").is_none() && watched.get("picture").is_none());
    let own = &hand["scene"];
    assert_eq!(own["viewer"], hand["seat"], "{own}");
    let held: Vec<u64> = own["hand"]["groups"]
        .as_array()
        .expect("the seat's hand")
        .iter()
        .flat_map(|g| g.as_array().unwrap().iter())
        .map(|c| c["card"].as_u64().unwrap())
        .collect();
    assert!(
        !held.is_empty() && held.iter().all(|&c| c < 123),
        "{held:?}"
    );
    // Every card a move uses is in the hand, and every card the hand marks is some move's.
    let used: Vec<u64> = hand["actions"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|a| a["cards"].as_array().unwrap().iter())
        .map(|c| c.as_u64().unwrap())
        .collect();
    assert!(
        used.iter().all(|c| held.contains(c)),
        "{used:?} of {held:?}"
    );
    for card in own["hand"]["groups"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g.as_array().unwrap())
    {
        let legal = card["legal"].as_bool().unwrap();
        assert_eq!(
            legal,
            used.contains(&card["card"].as_u64().unwrap()),
            "{card}"
        );
    }
    let spoken: Vec<&str> = hand["actions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a["spoken"].as_str())
        .collect();
    assert!(
        spoken
            .iter()
            .all(|s| s.starts_with("Play ") && s.contains(" of ")),
        "{spoken:?}"
    );
    // The watcher's scene: no hand of its own, the seats' hands as counts, named.
    let public = &watched["scene"];
    assert!(
        public["viewer"].is_null() && public["hand"].is_null(),
        "{public}"
    );
    let seats = public["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    for seat in seats {
        assert!(seat["hand"].as_u64().is_some(), "{seat}");
        assert!(
            seat["hand_text"].as_str().unwrap().ends_with("cards"),
            "{seat}"
        );
    }
    // The cards: every face a symbol, every card a spoken name, in the window's language.
    for (locale, ace) in [("en-US", "Ace of spades"), ("fi", "pataässä")] {
        let (status, body) = http::get(web.addr, &format!("/api/cards?locale={locale}"))
            .await
            .unwrap();
        assert_eq!(status, 200);
        let cards: Value = serde_json::from_str(&body).unwrap();
        let names = cards["names"].as_array().unwrap();
        assert_eq!(names.len(), 123);
        assert!(names.iter().any(|n| n == ace), "{locale}: {names:?}");
        let svg = cards["svg"].as_str().unwrap();
        assert!(svg.contains(r#"<symbol id="c0" viewBox="0 0 100 140">"#));
        assert!(svg.contains(r#"<symbol id="c122""#) && svg.contains(r#"<symbol id="back""#));
    }
    // No picture is drawn for a window any more.
    let (status, _) = http::get_bearing(web.addr, "/api/picture?table=1&move=0", &alice)
        .await
        .unwrap();
    assert_ne!(status, 200);
    web.stop().await;
}

/// The game's rules in brief come once per table a window shows (its summary, and the game's
/// own words), worded in the window's language, as the table message's "Rules" and "❔" give them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_gets_the_games_rules_in_brief_once() {
    let h = Harness::start().await;
    let (table, _message) = h.start_game(5).await;
    let web = web(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob]);
    let session = sign_in(&h, &web, &h.alice).await;
    let mut alice = open(&web, &session, &instance).await.unwrap();
    let rules = next(&mut alice).await.expect("a frame");
    assert_eq!(rules["type"], "rules", "the rules come first: {rules}");
    assert_eq!(rules["table"], table);
    assert_eq!(rules["label"], "📖 Rules");
    let game = pakka::table::games::find("pisha-pasha").unwrap();
    let expected =
        pakka::catalog::catalog().text("en-US", &game.summary(), &pakka::catalog::NoNames);
    assert_eq!(rules["summary"], expected.as_str());
    assert_eq!(
        rules["words"].as_array().unwrap().len(),
        game.glossary().len(),
        "{rules}"
    );
    // A move later: the table and the hand again, not the rules.
    let hand = until(&mut alice, "hand").await;
    let mut number = hand["move_number"].as_u64().unwrap();
    if hand["actions"].as_array().is_some_and(|a| a.is_empty()) {
        number = alices_turn_again(&h, table).await;
    } else {
        plays_first_move(&mut alice, &hand).await;
        number += 1;
    }
    loop {
        let frame = next(&mut alice).await.expect("a frame");
        assert_ne!(frame["type"], "rules", "the rules once: {frame}");
        if frame["type"] == "hand" && frame["move_number"].as_u64() >= Some(number) {
            break;
        }
    }
    web.stop().await;
}

/// At a table with open seats and hints: a watcher's window offers to take over the computer
/// player's seat, and taking it seats them (their hand comes); their hand offers 💡 while they
/// have a move, and the hint names the normal computer player's move, only to them. A hint for
/// an old move shows the hand as it is; a seat already taken is refused with its sentence.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_takes_over_a_computer_seat_and_asks_for_a_hint() {
    let h = Harness::start().await;
    let (table, _message) = h
        .open_table(
            "paskahousu",
            &[&h.alice],
            5,
            &[
                json!({"name": "bots", "value": 2}),
                json!({"name": "open_seats", "value": true}),
                json!({"name": "hints", "value": true}),
            ],
        )
        .await;
    let web = web(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob, &h.carol]);
    let bob = sign_in(&h, &web, &h.bob).await;
    let mut window = open(&web, &bob, &instance).await.unwrap();
    let shown = until(&mut window, "table").await;
    let take = shown["take"].clone();
    assert_eq!(take["seat"], 1, "{shown}");
    assert_eq!(take["label"], "🪑 Take over Computer 2 (normal)");
    send(
        &mut window,
        json!({"type": "take", "table": table, "seat": take["seat"]}),
    )
    .await;
    // Seated now: the table without the offer, then Bob's hand.
    let mut hand = until(&mut window, "hand").await;
    assert_eq!(hand["seat"], 1, "{hand}");
    let view = h.service.clone().unwrap().view(table).await.unwrap();
    assert_eq!(view.seats[1].user, Some(h.bob.id));
    // Carol, watching, is refused the seat Bob took.
    let carol = sign_in(&h, &web, &h.carol).await;
    let mut carols = open(&web, &carol, &instance).await.unwrap();
    let seen = until(&mut carols, "table").await;
    assert_eq!(seen["take"]["seat"], 2, "the other computer's seat: {seen}");
    send(
        &mut carols,
        json!({"type": "take", "table": table, "seat": 1}),
    )
    .await;
    let no = until(&mut carols, "refused").await;
    let not_a_computer = pakka::catalog::catalog().text(
        "en-US",
        &pakka::msg!("table-not-a-computer-seat"),
        &pakka::catalog::NoNames,
    );
    assert_eq!(no["text"], not_a_computer.as_str(), "{no}");
    // Bob's turn comes: 💡 in his hand, and the hint is his alone.
    while hand["actions"].as_array().is_some_and(|a| a.is_empty()) {
        let view = h.service.clone().unwrap().view(table).await.unwrap();
        if view.to_act.contains(&h.alice.id) {
            h.service
                .clone()
                .unwrap()
                .act(
                    table,
                    h.alice.id,
                    view.move_number,
                    0,
                    pakka::table::Edge::Chat,
                )
                .await
                .unwrap();
        }
        hand = until(&mut window, "hand").await;
    }
    assert_eq!(hand["hint"], "💡 Hint", "{hand}");
    send(
        &mut window,
        json!({"type": "hint", "table": table, "move_number": hand["move_number"]}),
    )
    .await;
    let hint = until(&mut window, "hint").await;
    let text = hint["text"].as_str().unwrap();
    assert!(
        text.starts_with("💡 The normal computer player would choose "),
        "{text}"
    );
    // An old move's hint: the hand as it is, not a hint.
    let number = hand["move_number"].as_u64().unwrap();
    send(
        &mut window,
        json!({"type": "hint", "table": table, "move_number": number - 1}),
    )
    .await;
    let again = next(&mut window).await.unwrap();
    assert_ne!(again["type"], "hint", "{again}");
    web.stop().await;
}

/// The move numbers a hand message's buttons were offered at (its moves, pages, groups,
/// questions and hint).
fn offered_at(hand: &crate::support::FakeMessage) -> Vec<u64> {
    hand.buttons()
        .iter()
        .filter_map(|(id, _, _)| crate::support::hand_history::move_of(id))
        .collect()
}

/// Frames until a hand at `move_number` or later (a refusal fails the test with its words).
async fn hand_at(socket: &mut Socket, move_number: u64) -> Value {
    loop {
        let frame = next(socket).await.expect("the window stays open");
        assert_ne!(frame["type"], "refused", "{frame}");
        if frame["type"] == "hand" && frame["move_number"].as_u64().unwrap() >= move_number {
            return frame;
        }
    }
}

/// One road to every edge: a move made in the window brings the same person's hand open in
/// Discord up to date within a second, whether or not the move leaves her to act again (a
/// Paskahousu draw does), exactly as after a click or a computer player's move. (The table's
/// event says who moved and through which edge, and nothing of what an edge has shown: the
/// Discord edge used to take a window's move for a click whose answer had shown the hand.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_move_updates_the_movers_open_discord_hand() {
    let h = Harness::start().await;
    let (table, message) = h
        .open_table("paskahousu", &[&h.alice, &h.bob], 3, &[])
        .await;
    let alice_hand = h.open_hand(&h.alice, message.id).await;
    let mut bob_hand = h.open_hand(&h.bob, message.id).await;

    let web = web(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob]);
    let session = sign_in(&h, &web, &h.alice).await;
    let mut alice = open(&web, &session, &instance).await.unwrap();
    until(&mut alice, "table").await;
    let mut shown = until(&mut alice, "hand").await;

    let (mut window_moves, mut still_to_act) = (0, 0);
    for _ in 0..60 {
        if window_moves >= 3 && still_to_act >= 1 {
            break;
        }
        let number = shown["move_number"].as_u64().unwrap();
        let actions = shown["actions"].as_array().unwrap().clone();
        if actions.is_empty() {
            // Bob's turn, with the table's buttons.
            let fake = h.fake.clone();
            let id = bob_hand.id;
            h.fake
                .wait_until(FRAME_WITHIN, move |_| {
                    fake.message(id)
                        .is_some_and(|m| offered_at(&m).contains(&number))
                })
                .await
                .expect("Bob's hand comes alive");
            let buttons = h.fake.message(bob_hand.id).unwrap().buttons();
            let play = buttons
                .iter()
                .find(|b| {
                    matches!(
                        crate::support::ids::parse(&b.0),
                        Some(crate::support::ids::ComponentId::Act { .. })
                    )
                })
                .unwrap();
            let answer = h.fake.click(&h.bob, bob_hand.id, &play.0).await.unwrap();
            bob_hand = answer.message().cloned().unwrap_or(bob_hand);
            shown = hand_at(&mut alice, number + 1).await;
            continue;
        }
        // Alice's turn, played in her window (at a person's pace: the window refuses more
        // than ten frames a second).
        tokio::time::sleep(Duration::from_millis(150)).await;
        let index = actions[0]["index"].as_u64().unwrap();
        send(
            &mut alice,
            json!({"type": "move", "table": table, "move_number": number, "index": index}),
        )
        .await;
        shown = hand_at(&mut alice, number + 1).await;
        let after = shown["move_number"].as_u64().unwrap();
        let her_turn = !shown["actions"].as_array().unwrap().is_empty();
        window_moves += 1;
        still_to_act += usize::from(her_turn);
        // Her Discord hand shows the position after the move within a second: no button of the
        // older position, and her moves when it is still her turn.
        let fake = h.fake.clone();
        let id = alice_hand.id;
        let updated = h
            .fake
            .wait_until(Duration::from_secs(1), move |_| {
                fake.message(id).is_some_and(|m| {
                    let offered = offered_at(&m);
                    offered.iter().all(|&mv| mv >= after) && (!her_turn || !offered.is_empty())
                })
            })
            .await;
        let hand = h.fake.message(alice_hand.id).unwrap();
        assert!(
            updated.is_ok(),
            "window move {window_moves} (move {number}, her turn after it: {her_turn}): her \
             Discord hand still offers moves at {:?}:\n{}",
            offered_at(&hand),
            hand.content
        );
    }
    assert!(
        window_moves >= 3 && still_to_act >= 1,
        "the seeded game gives Alice three window moves, one leaving her to act \
         ({window_moves}, {still_to_act})"
    );
    web.stop().await;
}

/// Sends a frame to `socket` and answers the next `refused` frame's text.
async fn refused_for(socket: &mut Socket, frame: Value) -> String {
    send(socket, frame).await;
    until(socket, "refused").await["text"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The lobby in the window (issue 64): launched in a channel with no table, a window is offered
/// the games and their options; Alice opens a Paskahousu table of three seats there, and its
/// lobby message appears in the channel as `/play`'s would; Bob takes a seat from his window;
/// Alice adds a computer player, and the game starts: the channel's lobby message becomes the
/// table message and both windows get their hands. Alice pauses the match from her window and
/// resumes it there; Bob gives it up from his (the control asks first). What is not allowed is
/// refused with its
/// sentence and changes nothing: a second table in the channel, someone else's control, a game
/// nobody knows, an option a game does not take, a control the table does not offer now.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_opened_and_started_in_the_window_is_a_table_of_the_channel() {
    let h = Harness::start().await;
    let web = web(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob, &h.carol]);
    let alice = sign_in(&h, &web, &h.alice).await;
    let bob = sign_in(&h, &web, &h.bob).await;
    let carol = sign_in(&h, &web, &h.carol).await;
    let mut alices = open(&web, &alice, &instance).await.unwrap();
    let setup = until(&mut alices, "setup").await;
    let games = setup["games"].as_array().unwrap();
    assert_eq!(games.len(), 9, "{setup}");
    let pasha = games.iter().find(|g| g["id"] == "paskahousu").unwrap();
    assert_eq!(pasha["name"], "Paskahousu");
    assert!(pasha["seats"]["min"].as_u64().unwrap() >= 2);
    assert_eq!(setup["labels"]["open"], "Open the table");
    // Refused, and nothing opened.
    let why = refused_for(
        &mut alices,
        json!({"type": "open", "game": "snap", "seats": 2}),
    )
    .await;
    assert!(why.contains("snap"), "{why}");
    let why = refused_for(
        &mut alices,
        json!({"type": "open", "game": "paskahousu", "seats": 3, "options": {"colour": "mauve"}}),
    )
    .await;
    assert!(!why.is_empty(), "{why}");
    assert!(h.fake.channel_messages(CHANNEL).is_empty());

    send(
        &mut alices,
        json!({"type": "open", "game": "paskahousu", "seats": 3, "bots": 0}),
    )
    .await;
    let lobby = until(&mut alices, "table").await;
    assert_eq!(lobby["phase"], "lobby", "{lobby}");
    let table = lobby["table"].as_i64().unwrap();
    let states: Vec<&str> = lobby["lobby"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["state"].as_str().unwrap())
        .collect();
    assert_eq!(states, ["you", "open", "open"]);
    let controls = |frame: &Value| -> Vec<String> {
        frame["controls"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["action"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(controls(&lobby), ["add_computer", "leave", "leaderboard"]);
    // The channel has the lobby's message, as `/play` would have posted it.
    let posted = h
        .fake
        .wait_until(WAIT, |f| {
            f.channel_messages(CHANNEL).iter().any(|m| {
                m.content
                    .contains("opened a table of **Paskahousu** for 3 players")
            })
        })
        .await;
    assert!(posted.is_ok(), "{:#?}", h.fake.channel_messages(CHANNEL));

    // A second table in the channel is refused.
    let why = refused_for(
        &mut alices,
        json!({"type": "open", "game": "kop", "seats": 4}),
    )
    .await;
    assert!(why.contains("already open in this channel"), "{why}");

    // Bob takes a seat in his window; Carol, not the creator, may not add a computer player.
    let mut bobs = open(&web, &bob, &instance).await.unwrap();
    let seen = until(&mut bobs, "table").await;
    assert_eq!(controls(&seen), ["join", "leaderboard"]);
    send(
        &mut bobs,
        json!({"type": "act", "table": table, "action": "join"}),
    )
    .await;
    let mut carols = open(&web, &carol, &instance).await.unwrap();
    let why = refused_for(
        &mut carols,
        json!({"type": "act", "table": table, "action": "add_computer", "choice": "easy"}),
    )
    .await;
    assert!(!why.is_empty(), "{why}");
    let why = refused_for(
        &mut carols,
        json!({"type": "act", "table": table, "action": "shuffle"}),
    )
    .await;
    assert!(why.contains("does not understand"), "{why}");
    // The lobby's message in the channel names Bob's seat once it is his.
    let bob_seated = h
        .fake
        .wait_until(WAIT, |f| {
            f.channel_messages(CHANNEL).iter().any(|m| {
                m.content.contains("opened a table of **Paskahousu**")
                    && m.content.matches("open — anyone may join").count() == 1
            })
        })
        .await;
    assert!(
        bob_seated.is_ok(),
        "{:#?}",
        h.fake.channel_messages(CHANNEL)
    );

    // Alice adds a computer player: every seat is taken, and the game starts.
    send(
        &mut alices,
        json!({"type": "act", "table": table, "action": "add_computer", "choice": "easy"}),
    )
    .await;
    let hand = until(&mut alices, "hand").await;
    assert_eq!(hand["table"].as_i64(), Some(table));
    let bobs_hand = until(&mut bobs, "hand").await;
    assert_eq!(bobs_hand["seat"], 1);
    let message = h.current_table(table).await;
    assert!(
        message.content.contains("Paskahousu"),
        "{}",
        message.content
    );
    let store = h.store().await;
    let stored = store.table(table).await.unwrap().unwrap();
    assert_eq!(stored.setup.seat_rows[1].user_id, Some(h.bob.id));
    assert_eq!(stored.setup.seat_rows[2].computer.as_deref(), Some("easy"));

    // Alice pauses the match from her window: it stays in view, to be resumed there.
    send(
        &mut alices,
        json!({"type": "act", "table": table, "action": "pause"}),
    )
    .await;
    let paused = loop {
        let frame = until(&mut alices, "table").await;
        if controls(&frame).contains(&"resume".to_string()) {
            break frame;
        }
    };
    assert_eq!(controls(&paused), ["resume", "leaderboard"]);
    assert_eq!(h.service.clone().unwrap().table_in(CHANNEL), None);
    send(
        &mut alices,
        json!({"type": "act", "table": table, "action": "resume"}),
    )
    .await;
    let hand = until(&mut alices, "hand").await;
    let resumed = hand["table"].as_i64().unwrap();
    assert_eq!(h.service.clone().unwrap().table_in(CHANNEL), Some(resumed));
    // Bob gives up from his: asked first in the window, then the game ends for everyone.
    // (His window may show the pause first: its frames come in order.)
    let mut bobs_table = until(&mut bobs, "table").await;
    while bobs_table["table"].as_i64() != Some(resumed)
        || !controls(&bobs_table).contains(&"forfeit".to_string())
    {
        bobs_table = until(&mut bobs, "table").await;
    }
    let forfeit = bobs_table["controls"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["action"] == "forfeit")
        .expect("Give up")
        .clone();
    assert!(forfeit["confirm"]
        .as_str()
        .unwrap()
        .contains("Give up this game?"));
    send(
        &mut bobs,
        json!({"type": "act", "table": resumed, "action": "forfeit"}),
    )
    .await;
    let deadline = std::time::Instant::now() + WAIT;
    while h.service.clone().unwrap().table_in(CHANNEL).is_some() {
        assert!(std::time::Instant::now() < deadline, "the game did not end");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    web.stop().await;
}

/// A voice channel's text chat (issue 64): `/play … thread:true` there plays in the chat beside
/// the call (Discord starts no thread in a voice channel, and the bot does not ask it to), its
/// game is played there with the buttons as in a text channel, and the Activity launched in
/// that voice channel shows that table; with none there, it offers to open one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_in_a_voice_channels_chat_is_the_activitys_there() {
    use crate::support::harness::open_table_in;
    let h = Harness::start().await;
    let voice = FakeDiscord::VOICE_CHANNEL_ID;
    let web = web(&h).await;
    // Launched in the call with no table there yet: the form to open one.
    let instance = h.fake.open_activity(voice, &[&h.alice, &h.bob]);
    let alice = sign_in(&h, &web, &h.alice).await;
    let mut alices = open(&web, &alice, &instance).await.unwrap();
    until(&mut alices, "setup").await;
    let (table, message, _) = open_table_in(
        &h.fake,
        voice,
        "paskahousu",
        &[&h.alice, &h.bob],
        5,
        &[json!({"name": "thread", "value": true})],
    )
    .await;
    assert_eq!(message.channel_id, voice);
    assert!(h.fake.threads().is_empty(), "no thread in a voice channel");
    // The window in the call shows that table, and Alice's hand at it.
    let hand = until(&mut alices, "hand").await;
    assert_eq!(hand["table"].as_i64(), Some(table));
    // The game is played in the voice channel's chat with the buttons.
    let played = h
        .play_in(
            voice,
            table,
            &[&h.alice, &h.bob],
            |_, _| 0,
            |content| content.contains("Game over"),
            6,
        )
        .await;
    assert_eq!(played, 6, "moves made with the buttons");
    let shown = h.current_table_in(voice, table).await;
    assert!(shown.content.contains("Paskahousu"), "{}", shown.content);
    assert!(h.fake.violations().is_empty(), "{:#?}", h.fake.violations());
    web.stop().await;
}

/// Bytes per frame per move, and the server's CPU per 1,000 window updates, before and after the
/// window drew the table itself (issue 64), over every move of one seeded game of each game
/// (`EVERY_GAME`: Alice and computer players): a watcher's table frame and the mover's hand
/// frame at each move. Before, a frame carried words and a picture's address, and each window
/// then fetched the picture, drawn as SVG for it at that move; the "before" figures rebuild that
/// from the same views (today's frame without its scene, lobby and controls, plus the address,
/// and the SVG the picture route drew). After, the frame carries the scene and nothing is drawn.
/// `cargo test --release --test tests e2e_window::frame_bytes_per_move -- --ignored --nocapture`
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn frame_bytes_per_move() {
    use pakka::table::replay_fixtures::{every_move, EVERY_GAME};
    use pakka::table::AtTable;
    use pakka::web::frames::{self, Reader, ServerFrame};
    const WATCHER: u64 = 99;
    let names: Vec<Option<String>> = (0..8).map(|i| Some(format!("player {i}"))).collect();
    let reader = Reader {
        lang: "en-US",
        names: &names,
    };
    let words = pakka::render::CatalogWords {
        lang: "en-US",
        names: &reader,
    };
    let mut after: Vec<usize> = Vec::new();
    let mut before: Vec<usize> = Vec::new();
    let mut before_frames: Vec<usize> = Vec::new();
    let (mut cpu_after, mut cpu_before) = (Duration::ZERO, Duration::ZERO);
    let mut updates = 0usize;
    for &(game, seats, seed) in EVERY_GAME {
        for (acted, _) in every_move(game, seats, seed).await {
            let view = &acted.table;
            let at = AtTable {
                view,
                event: false,
                resumable: false,
            };
            // After: the frames as sent.
            let started = std::time::Instant::now();
            let table =
                serde_json::to_string(&ServerFrame::Table(frames::table(at, WATCHER, &reader)))
                    .unwrap();
            let hand =
                serde_json::to_string(&ServerFrame::Hand(frames::hand(&acted.hand, &reader)))
                    .unwrap();
            cpu_after += started.elapsed();
            // Before: the same frames without the scenes they carry now, with the picture's
            // address, and each picture drawn as SVG (the time counted is all of that).
            let address = format!(
                "picture?table={}&move={}&named=3",
                view.id, view.move_number
            );
            let started = std::time::Instant::now();
            let mut bare = view.clone();
            bare.picture = None;
            let bare_at = AtTable {
                view: &bare,
                event: false,
                resumable: false,
            };
            let old_table = serde_json::to_string(&ServerFrame::Table(frames::table(
                bare_at, WATCHER, &reader,
            )))
            .unwrap()
            .len();
            let table_svg = view.picture.as_ref().map_or(0, |s| {
                pakka::render::table_svg(s, &view.game_name(), &words)
                    .0
                    .len()
            });
            let mut bare_hand = (*acted.hand).clone();
            bare_hand.picture = None;
            let old_hand =
                serde_json::to_string(&ServerFrame::Hand(frames::hand(&bare_hand, &reader)))
                    .unwrap()
                    .len();
            let hand_svg = acted
                .hand
                .picture
                .as_ref()
                .map_or(0, |s| pakka::render::hand_svg(s, &words).0.len());
            cpu_before += started.elapsed();
            for (old, svg) in [(old_table, table_svg), (old_hand, hand_svg)] {
                let old = old + address.len() + r#","picture":"""#.len();
                before_frames.push(old);
                before.push(old + svg);
            }
            after.push(table.len());
            after.push(hand.len());
            updates += 2;
        }
    }
    let pct = |v: &mut Vec<usize>, q: f64| {
        v.sort_unstable();
        v[((v.len() - 1) as f64 * q) as usize]
    };
    println!(
        "{updates} window updates over {} games: bytes per update, median / p99: \
         before {} / {} (the frame {} / {}, then its picture), after {} / {}; \
         the server's time per 1,000 updates: before {:?} (frames, and pictures drawn as SVG), \
         after {:?}",
        EVERY_GAME.len(),
        pct(&mut before, 0.5),
        pct(&mut before, 0.99),
        pct(&mut before_frames, 0.5),
        pct(&mut before_frames, 0.99),
        pct(&mut after, 0.5),
        pct(&mut after, 0.99),
        cpu_before * 1000 / updates as u32,
        cpu_after * 1000 / updates as u32,
    );
}
