//! Pictures on the fake Discord: in every game the table message carries one picture of the
//! table and every hand one picture of that hand (a PNG that decodes, shown by the message's
//! embed), replaced on each update and never piling up; the text stays beside it; a server
//! manager can turn pictures off (`/settings images:false`), and then messages are text only.
//! The fake checks on every request that an embed shows only an attached file and that no
//! uploaded file is left unnamed.

use serde_json::json;

use crate::support::fake_discord::{permissions, FakeMessage, FakeUser};
use crate::support::harness::*;

/// The picture a message shows, decoded: its file name and size in pixels.
fn picture(message: &FakeMessage) -> Option<(String, u32, u32)> {
    let image = message.image()?;
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&image.bytes)
        .unwrap_or_else(|e| panic!("{} is not a PNG: {e}", image.filename));
    Some((image.filename.clone(), pixmap.width(), pixmap.height()))
}

/// Plays the first offer that neither surrenders nor knocks the player out.
fn steady(labels: &[String]) -> usize {
    labels
        .iter()
        .position(|l| !l.contains("not winning") && !l.starts_with("Surrender"))
        .unwrap_or(0)
}

/// Opens `game` for the people named, opens every hand, and plays `clicks` moves, checking the
/// pictures after each.
async fn pictures_of(game: &'static str, people: usize, bots: usize, seed: u64, clicks: usize) {
    pictures_on(Harness::start().await, game, people, bots, seed, clicks).await;
}

/// As [`pictures_of`], on the harness `h`.
async fn pictures_on(
    h: Harness,
    game: &'static str,
    people: usize,
    bots: usize,
    seed: u64,
    clicks: usize,
) {
    let all = [&h.alice, &h.bob, &h.carol];
    let players: Vec<&FakeUser> = all[..people].to_vec();
    let extra: Vec<serde_json::Value> = if bots > 0 {
        vec![json!({"name": "bots", "value": bots})]
    } else {
        Vec::new()
    };
    let (table, _) = h.open_table(game, &players, seed, &extra).await;
    let mut played = 0;
    while played < clicks {
        let current = h.current_table(table).await;
        if current.content.contains("Game over") {
            break;
        }
        let (file, w, h_px) =
            picture(&current).unwrap_or_else(|| panic!("{game}: the table message has no picture"));
        assert_eq!(file, "table.png");
        // Narrow enough to read at the ~400 px a phone shows it, never a strip.
        assert!(
            (400..=760).contains(&w) && h_px >= 300,
            "{game}: a {w}×{h_px} table"
        );
        assert_eq!(current.attachments.len(), 1, "{game}: pictures pile up");
        assert!(
            current.content.contains(" · move "),
            "{game}: the text stays beside the picture: {}",
            current.content
        );
        // Every player opens their hand: each shows its own picture.
        let show = button(&current, "Show my hand");
        let mut acted = false;
        for user in &players {
            let outcome = h.fake.click(user, current.id, &show).await.unwrap();
            let hand = outcome.message().unwrap().clone();
            let (file, _, _) = picture(&hand)
                .unwrap_or_else(|| panic!("{game}: {}'s hand has no picture", user.name));
            assert_eq!(file, "hand.png");
            let buttons = hand.buttons();
            if acted || buttons.is_empty() {
                continue;
            }
            let labels: Vec<String> = buttons.iter().map(|(_, l, _)| l.clone()).collect();
            let answer = h
                .fake
                .click(user, hand.id, &buttons[steady(&labels)].0)
                .await
                .unwrap();
            assert!(answer.in_place(), "{}", answer.callback_type);
            let after = h.fake.message(hand.id).unwrap();
            assert!(
                picture(&after).is_some(),
                "{game}: the hand answered to a move lost its picture"
            );
            assert_eq!(after.attachments.len(), 1);
            acted = true;
            played += 1;
        }
        if !acted {
            // A computer player's turn: wait for the table to move on.
            let fake = h.fake.clone();
            let (id, content) = (current.id, current.content.clone());
            let _ = h
                .fake
                .wait_until(WAIT, move |_| {
                    fake.message(id).is_none_or(|m| m.content != content)
                })
                .await;
        }
    }
    assert!(played > 0, "{game}: nobody could move");
    // Every version of the table message carried at most one file.
    let table_message = h.current_table(table).await;
    assert!(table_message
        .history
        .iter()
        .all(|v| v.attachments.len() <= 1));
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_shows_a_picture_of_the_table_and_of_each_hand() {
    let games = EVERY_GAME;
    for &(game, people, bots, seed) in games {
        pictures_of(game, people, bots, seed, 4).await;
    }
}

/// With `DISCORD_HTTP_PROXY_HTTP2` the bot speaks HTTP/2 to the proxy from its first call, as
/// it does to Discord: every call (the pictures' uploads among them) goes over one connection,
/// and the game shows the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_http2_every_call_and_picture_goes_through_one_connection() {
    let &(game, people, bots, seed) = EVERY_GAME
        .iter()
        .find(|g| g.0 == "paskahousu")
        .expect("Paskahousu's showcase");
    let h = Harness::start_tweaked(|c| c.http_proxy_http2 = true).await;
    let fake = h.fake.clone();
    pictures_on(h, game, people, bots, seed, 4).await;
    let (http2, http1) = fake.http_versions();
    assert!(http2 > 10, "{http2} calls over HTTP/2");
    assert_eq!(http1, 0, "calls over HTTP/1.1 beside HTTP/2");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_manager_turns_pictures_off_and_messages_are_text_only() {
    let h = Harness::start().await;
    let set = |user: &FakeUser, on: bool| {
        let user = user.clone();
        let fake = h.fake.clone();
        async move {
            fake.slash(
                &user,
                CHANNEL,
                "settings",
                json!([{"name": "images", "value": on}]),
            )
            .await
            .unwrap()
        }
    };
    let refused = set(&h.alice, false).await;
    assert!(
        refused.content().contains("Only members who may manage"),
        "{}",
        refused.content()
    );
    h.fake.set_permissions(h.alice.id, permissions::ALL);
    let off = set(&h.alice, false).await;
    assert!(off.content().contains("text only"), "{}", off.content());
    let shown = h
        .fake
        .slash(&h.bob, CHANNEL, "settings", json!([]))
        .await
        .unwrap();
    assert!(
        shown
            .content()
            .contains("Pictures of the cards on table and hand messages: off"),
        "{}",
        shown.content()
    );

    let (table, first) = h
        .open_table("matapesa", &[&h.alice, &h.bob, &h.carol], 2, &[])
        .await;
    assert!(first.attachments.is_empty() && picture(&first).is_none());
    let hand = h.open_hand(&h.alice, first.id).await;
    assert!(hand.attachments.is_empty(), "a hand with pictures off");
    assert!(hand.content.contains("Your hand"), "{}", hand.content);

    // Turned on again: the next update of the table message brings its picture.
    let on = set(&h.alice, true).await;
    assert!(on.content().contains("show a picture"), "{}", on.content());
    let current = h.current_table(table).await;
    let show = button(&current, "Show my hand");
    for user in [&h.alice, &h.bob, &h.carol] {
        let outcome = h.fake.click(user, current.id, &show).await.unwrap();
        let hand = outcome.message().unwrap().clone();
        assert!(
            picture(&hand).is_some(),
            "pictures on again: the hand shows one"
        );
        if let Some((id, _, _)) = hand.buttons().first() {
            h.fake.click(user, hand.id, id).await.unwrap();
            break;
        }
    }
    let fake = h.fake.clone();
    let id = current.id;
    h.fake
        .wait_until(WAIT, move |_| {
            fake.message(id).is_some_and(|m| m.image().is_some())
        })
        .await
        .expect("the table message shows a picture again");
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.unwrap().shutdown().await;
}
