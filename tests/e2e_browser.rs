//! The Activity's window in a real browser: headless Chromium (Debian's package) driven by
//! `web/test/table.mjs` (playwright-core from npm; `support::windows::Browser`), running the
//! built client (`web/dist`) and the real Embedded App SDK inside `web/test/frame.html`, a page
//! of the same origin that stands in for Discord's client (the SDK accepts its messages). The
//! person signs in with the code the fake Discord gave them, sees their hand, and plays a move
//! by clicking it; the move is stored and the table's message in the channel shows it. Skipped,
//! saying why, where Chromium, Node.js, the client's packages or its build are missing (`.ci/run`
//! installs and builds them).
//!
//! The full games (`full_game`) run four windows at once through the same driver: a
//! Paskahousu game to its end, with the bot restarted in the middle, a Teka match's first deal
//! (calls and tricks), and a Red7 game opened in the windows' lobby in a voice channel and
//! played again from a window. Two people play in windows (tapping their cards, choosing
//! several, answering a question), one through buttons, two watch; after every move every
//! window and the channel's table message agree, and every frame received is checked for cards
//! its reader may not see.

use serde_json::json;
use std::path::PathBuf;

use crate::support::harness::{move_of, Harness, CHANNEL};
use crate::support::ids::{self, ComponentId, HandStep};
use crate::support::windows::{self, client_with_frame};
use crate::support::FakeDiscord;

/// The web edge beside the harness's bot, serving the built client and the stand-in frame.
async fn web_edge(h: &Harness) -> pakka::web::Running {
    h.web_edge(client_with_frame(), ([127, 0, 0, 1], 0).into())
        .await
}

/// Looks at window 0 until `shown` says it shows what it should (15 s at most); answers what it
/// showed then, with every error the page logged meanwhile.
async fn shown(
    browser: &mut windows::Browser,
    until: impl Fn(&serde_json::Value) -> bool,
) -> (serde_json::Value, Vec<serde_json::Value>) {
    let mut errors = Vec::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    loop {
        let look = browser.look().await.swap_remove(0);
        errors.extend(look["errors"].as_array().cloned().unwrap_or_default());
        if until(&look) {
            return (look, errors);
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the window never showed what it should: {look}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_in_chromium_signs_in_shows_the_hand_and_plays_a_move() {
    if let Some(why) = windows::browser_missing() {
        println!("skipped: e2e_browser needs {why}");
        return;
    }
    let h = Harness::start().await;
    let (table, message) = h.start_game(5).await;
    let service = h.service.clone().unwrap();
    // Bob moves (through the service) until Alice is to act.
    for _ in 0..20 {
        let hand = service.hand(table, h.alice.id).await.unwrap();
        if !hand.actions.is_empty() {
            break;
        }
        let view = service.view(table).await.unwrap();
        service
            .act(
                table,
                h.bob.id,
                view.move_number,
                0,
                pakka::table::Edge::Chat,
            )
            .await
            .unwrap();
    }
    let before = service.view(table).await.unwrap().move_number;
    let web = web_edge(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob]);
    let code = h.fake.authorize(&h.alice);
    let url = format!(
        "http://{}/test/frame.html?code={code}&instance={instance}&user_id={}&username={}\
         &channel_id={CHANNEL}&guild_id={}",
        web.addr,
        h.alice.id,
        h.alice.name,
        FakeDiscord::GUILD_ID
    );
    let shots = std::env::var("WINDOW_SHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| tempfile::tempdir().unwrap().keep().join("window"));
    let mut browser = windows::Browser::open(&[(url, "en-US")]).await;
    let (look, errors) = shown(&mut browser, |w| w["hand"].is_u64()).await;
    assert!(errors.is_empty(), "the page logged errors: {errors:?}");
    let text = look["text"].as_str().unwrap();
    assert!(text.contains("Pishe Pasha"), "{text}");
    assert!(text.contains(&h.alice.name), "{text}");
    browser.shot(0, &shots).await;
    let first = look["actions"]
        .as_array()
        .and_then(|a| a.first())
        .unwrap_or_else(|| panic!("Alice has a move to make: {look}"));
    browser.click(0, first["index"].as_u64().unwrap()).await;
    let (_, errors) = shown(&mut browser, |w| w["move"].as_u64() > Some(before)).await;
    assert!(errors.is_empty(), "the page logged errors: {errors:?}");
    browser.quit().await;
    // The click was a move: stored, and the table message in the channel shows it.
    let after = service.view(table).await.unwrap().move_number;
    assert!(
        after > before,
        "the window's click moved the game: {before} -> {after}"
    );
    let fake = h.fake.clone();
    h.fake
        .wait_until(std::time::Duration::from_secs(5), move |_| {
            fake.message(message.id).is_some_and(|m| {
                m.history
                    .iter()
                    .any(|v| v.content.contains(&format!("move {after}")))
                    || m.content != message.content
            })
        })
        .await
        .expect("the table message follows the window's move");
    web.stop().await;
}

/// Someone in the activity without a seat, whose Discord speaks Finnish: the public table, its
/// picture and its words in Finnish, and no move to make.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watchers_window_in_finnish_shows_the_public_table() {
    if let Some(why) = windows::browser_missing() {
        println!("skipped: e2e_browser needs {why}");
        return;
    }
    let h = Harness::start().await;
    let (_table, _message) = h.start_game(5).await;
    h.fake.set_locale(h.carol.id, "fi");
    let web = web_edge(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob, &h.carol]);
    let code = h.fake.authorize(&h.carol);
    let url = format!(
        "http://{}/test/frame.html?code={code}&instance={instance}&user_id={}&username={}",
        web.addr, h.carol.id, h.carol.name
    );
    let shots = std::env::var("WINDOW_SHOTS")
        .map(|p| PathBuf::from(format!("{p}-watcher-fi")))
        .unwrap_or_else(|_| tempfile::tempdir().unwrap().keep().join("watcher"));
    let mut browser = windows::Browser::open(&[(url, "fi-FI")]).await;
    let (look, errors) = shown(&mut browser, |w| w["public"] == true).await;
    assert!(errors.is_empty(), "the page logged errors: {errors:?}");
    let text = look["text"].as_str().unwrap();
    assert!(text.contains("Vuoro"), "Finnish: {text}");
    assert_eq!(
        look["hand"],
        serde_json::Value::Null,
        "a watcher has no hand: {look}"
    );
    assert_eq!(
        look["actions"],
        serde_json::json!([]),
        "a watcher has no move: {look}"
    );
    browser.shot(0, &shots).await;
    browser.quit().await;
    web.stop().await;
}

/// How a full game in windows is played and when it ends.
struct FullGame {
    game: &'static str,
    seed: u64,
    extra: Vec<serde_json::Value>,
    /// Played until this says so of the table.
    done: fn(&pakka::table::TableView) -> bool,
    /// The bot (and its web edge) restarts once the table reaches this move.
    restart_at: Option<u64>,
    /// The move from which screenshots are taken (when Alice is to act), and their names'
    /// start: `WINDOW_SHOTS=docs/pictures/window` keeps them there.
    shots_at: u64,
    /// Opened in the windows' lobby in a voice channel, not with `/play` (see [`Lobby`]).
    lobby: Option<Lobby>,
}

/// A table opened in the window, in a voice channel with no table: Alice opens it in her window
/// (`seats` seats, the game's default options), Bob takes a seat in his, Carol through the
/// lobby message's Join button in the chat, and Alice adds `bots` computer players in her
/// window; the game starts once every seat is taken. After the game, Alice presses Play again in
/// her window: Bob accepts in his and Carol with the chat's button, and the next game starts.
struct Lobby {
    seats: usize,
    bots: usize,
}

/// What a full game did.
struct Played {
    moves: u64,
    checks: usize,
    frames: usize,
}

/// The most moves a full game may take.
const GAME_LIMIT: u64 = 1_500;

/// A game played to its end (or its first deal's) by Alice and Bob in windows (Bob's Discord
/// and browser speak Finnish) and Carol through her hand's buttons, with Dave watching in an
/// English window and Erin in a Finnish one. Each player picks a seeded random move of those
/// offered, red ones last. Before every move every window and the channel's table message
/// agree (see [`agree`]); `restart_at` restarts the bot mid-game, and the windows must come
/// back by themselves. At the end every frame the windows received is checked: none names a
/// card its reader may not see.
async fn full_game(spec: FullGame) -> Option<Played> {
    use rand::{Rng, SeedableRng};
    if let Some(why) = windows::browser_missing() {
        println!("skipped: e2e_browser needs {why}");
        return None;
    }
    let mut h = Harness::start().await;
    let dave = h.fake.user(1_000_000_000_000_004, "dave");
    let erin = h.fake.user(1_000_000_000_000_005, "erin");
    let (alice, bob, carol) = (h.alice.clone(), h.bob.clone(), h.carol.clone());
    for fi in [&bob, &erin] {
        h.fake.set_locale(fi.id, "fi");
    }
    let channel = if spec.lobby.is_some() {
        FakeDiscord::VOICE_CHANNEL_ID
    } else {
        CHANNEL
    };
    let opened = match spec.lobby {
        Some(_) => None,
        None => Some(
            h.open_table(spec.game, &[&alice, &bob, &carol], spec.seed, &spec.extra)
                .await
                .0,
        ),
    };
    let client = client_with_frame();
    let mut web = h.web_edge(client.clone(), ([127, 0, 0, 1], 0).into()).await;
    let addr = web.addr;
    let instance = h
        .fake
        .open_activity(channel, &[&alice, &bob, &carol, &dave, &erin]);
    // The windows, in the browser's order: two players, two watchers.
    let in_windows = [
        (&alice, "en-US"),
        (&bob, "fi-FI"),
        (&dave, "en-US"),
        (&erin, "fi-FI"),
    ];
    let pages: Vec<(String, &str)> = in_windows
        .iter()
        .map(|(p, locale)| {
            // A fresh code for every sign-in, as Discord gives (a restart signs in again).
            let codes: Vec<String> = (0..12).map(|_| h.fake.authorize(p)).collect();
            let url = format!(
                "http://{addr}/test/frame.html?code={}&instance={instance}&user_id={}\
                 &username={}&channel_id={channel}&guild_id={}",
                codes.join(","),
                p.id,
                p.name,
                FakeDiscord::GUILD_ID
            );
            (url, *locale)
        })
        .collect();
    let english: Vec<bool> = in_windows
        .iter()
        .map(|(_, l)| l.starts_with("en"))
        .collect();
    let mut browser = windows::Browser::open(&pages).await;
    let table = match (opened, &spec.lobby) {
        (Some(table), _) => table,
        (None, Some(lobby)) => open_in_the_lobby(&h, &mut browser, channel, spec.game, lobby).await,
        (None, None) => unreachable!("a table is opened one way or the other"),
    };
    let people: Vec<(u64, String)> = [&alice, &bob, &carol, &dave, &erin]
        .iter()
        .map(|p| (p.id, p.name.clone()))
        .collect();
    let mut recorded: Vec<(u64, Vec<serde_json::Value>)> =
        in_windows.iter().map(|(p, _)| (p.id, Vec::new())).collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(spec.seed);
    let mut carols_hand: Option<u64> = None;
    let mut restarted = spec.restart_at.is_none();
    let mut just_restarted = false;
    let mut shot = false;
    let mut checks = 0;
    loop {
        let seated: Vec<bool> = in_windows
            .iter()
            .map(|(p, _)| p.id != dave.id && p.id != erin.id)
            .collect();
        let view = agree(
            &h,
            channel,
            table,
            spec.done,
            &mut browser,
            &mut recorded,
            &seated,
            &english,
            &people,
            std::mem::take(&mut just_restarted),
        )
        .await;
        checks += 1;
        let Some(view) = view else {
            // The game ended, and every window shows its end.
            break;
        };
        let number = view.move_number;
        assert!(
            number < GAME_LIMIT,
            "{} went on past {GAME_LIMIT} moves",
            spec.game
        );
        let over = (spec.done)(&view) || view.phase != pakka::table::Phase::Playing;
        if over {
            break;
        }
        if !restarted && spec.restart_at.is_some_and(|at| number >= at) {
            restarted = true;
            just_restarted = true;
            web.stop().await;
            h.restart().await;
            web = h.web_edge(client.clone(), addr).await;
            carols_hand = None;
            continue;
        }
        let actor = view.to_act[0];
        if !shot && number >= spec.shots_at && actor == alice.id {
            shot = true;
            let dir = std::env::var("WINDOW_SHOTS")
                .map(PathBuf::from)
                .unwrap_or_else(|_| tempfile::tempdir().unwrap().keep());
            std::fs::create_dir_all(&dir).unwrap();
            // Every window has drawn its table's cards (their faces from `/api/cards`).
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
            loop {
                let look = browser.look().await;
                if look.iter().all(|l| l["cards"].as_u64() >= Some(1)) {
                    break;
                }
                assert!(
                    std::time::Instant::now() < deadline,
                    "a window shows no card: {look:#?}"
                );
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            for (w, what) in ["hand-en", "hand-fi", "table-en", "table-fi"]
                .iter()
                .enumerate()
            {
                let prefix = dir.join(format!("{}-{what}", spec.game));
                browser.shot(w, &prefix).await;
            }
        }
        if let Some(w) = in_windows.iter().position(|(p, _)| p.id == actor) {
            let look = browser.look().await;
            let actions = look[w]["actions"].as_array().unwrap().clone();
            assert!(!actions.is_empty(), "{} is to act: {look:?}", people[w].1);
            let calm: Vec<&serde_json::Value> =
                actions.iter().filter(|a| a["danger"] != true).collect();
            let pick = if calm.is_empty() {
                &actions[rng.random_range(0..actions.len())]
            } else {
                calm[rng.random_range(0..calm.len())]
            };
            browser.click(w, pick["index"].as_u64().unwrap()).await;
        } else {
            assert_eq!(actor, carol.id, "only Carol plays through buttons");
            if !carol_moves(&h, channel, table, &carol, &mut carols_hand, &mut rng).await {
                // She opened a group of cards or a question: her hand shows its moves next.
                continue;
            }
        }
        // The move is made when the table moves on (a non-move button only changes the hand).
        let service = h.service.clone().unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while service
            .view(table)
            .await
            .is_ok_and(|v| v.move_number == number)
            && std::time::Instant::now() < deadline
        {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }
    // Every frame of the game, of every window, shows only what its reader may see.
    let last = browser.frames().await;
    for (w, frames) in last.into_iter().enumerate() {
        recorded[w].1.extend(frames);
    }
    if spec.lobby.is_some() {
        wait_for(&mut browser, 0, "the result", |l| {
            l["text"]
                .as_str()
                .unwrap_or_default()
                .contains("Play again")
        })
        .await;
        shots(&mut browser, &format!("{}-result", spec.game)).await;
        play_again_from_the_window(&h, &mut browser, channel, table).await;
    }
    browser.quit().await;
    web.stop().await;
    assert!(
        restarted,
        "the game ended before the restart it was to have"
    );
    let stored = h.store().await.table(table).await.unwrap().unwrap();
    let frames = windows::check_frames_show_only_what_their_readers_see(&stored, &recorded);
    for (user, frames) in &recorded[2..] {
        assert!(
            frames.iter().all(|f| f["type"] != "hand"),
            "a watcher ({user}) got a hand"
        );
    }
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    Some(Played {
        moves: stored.move_number,
        checks,
        frames,
    })
}

/// Carol's turn through buttons: her hand message's move buttons (opened from the table
/// message when she has none alive), a seeded random one, red ones last. Answers whether it
/// was a move (not a group of cards or a question opened).
async fn carol_moves(
    h: &Harness,
    channel: u64,
    table: i64,
    carol: &crate::support::FakeUser,
    hand: &mut Option<u64>,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> bool {
    use rand::Rng;
    // Her enabled move buttons (a move, a group of cards, a question, a page), with their style.
    let moves = |id: u64| -> Vec<(String, u64)> {
        h.fake
            .enabled_buttons(id)
            .unwrap_or_default()
            .into_iter()
            .filter(|(id, _)| {
                matches!(
                    ids::parse(id),
                    Some(ComponentId::Act { .. } | ComponentId::Step { .. })
                )
            })
            .collect()
    };
    // Her hand comes alive on her turn by itself; else she opens it again.
    if let Some(id) = *hand {
        let fake = h.fake.clone();
        let _ = h
            .fake
            .wait_until(std::time::Duration::from_secs(2), move |_| {
                fake.message(id).is_some_and(|m| {
                    m.buttons().iter().any(|(b, _, _)| {
                        matches!(
                            ids::parse(b),
                            Some(
                                ComponentId::Act { .. }
                                    | ComponentId::Step {
                                        step: HandStep::Group(_),
                                        ..
                                    }
                            )
                        )
                    })
                })
            })
            .await;
    }
    if hand.is_none_or(|id| moves(id).is_empty()) {
        let current = h.current_table_in(channel, table).await;
        let show = current
            .buttons()
            .into_iter()
            .find(|(id, _, _)| ids::hand_table(id).is_some())
            .expect("Show my hand");
        let opened = h.fake.click(carol, current.id, &show.0).await.unwrap();
        *hand = Some(opened.message().unwrap().id);
    }
    let id = hand.unwrap();
    let buttons = moves(id);
    assert!(
        !buttons.is_empty(),
        "Carol is to act and has no move button"
    );
    // Discord's style 4 is a red (dangerous) button.
    let calm: Vec<&(String, u64)> = buttons.iter().filter(|b| b.1 != 4).collect();
    // A question asked (its one move and the way back): she confirms, or a game whose every
    // move asks first would go back and forth for ever.
    let acts: Vec<&(String, u64)> = buttons
        .iter()
        .filter(|b| matches!(ids::parse(&b.0), Some(ComponentId::Act { .. })))
        .collect();
    let asked = acts.len() == 1
        && buttons.iter().any(|b| {
            matches!(
                ids::parse(&b.0),
                Some(ComponentId::Step {
                    step: HandStep::Page(_),
                    ..
                })
            )
        });
    let pick = if asked {
        acts[0]
    } else if calm.is_empty() {
        &buttons[rng.random_range(0..buttons.len())]
    } else {
        calm[rng.random_range(0..calm.len())]
    };
    match h.fake.click(carol, id, &pick.0).await {
        Ok(outcome) => assert!(outcome.is_ephemeral(), "a hand stays private"),
        // The bot edited the hand between the look and the click: nothing was played.
        Err(e) if e.to_string().contains("has no button") => return false,
        Err(e) => panic!("{e:#}"),
    }
    matches!(ids::parse(&pick.0), Some(ComponentId::Act { .. }))
}

/// Waits until every window shows move `view.move_number` (a player's hand too, a watcher the
/// public table and no hand) and the channel's table message shows it; then each window's
/// latest table frame must say what the table message says (its lines, with the message's
/// mentions read as names).
#[allow(clippy::too_many_arguments)]
async fn agree(
    h: &Harness,
    channel: u64,
    table: i64,
    done: fn(&pakka::table::TableView) -> bool,
    browser: &mut windows::Browser,
    recorded: &mut [(u64, Vec<serde_json::Value>)],
    seated: &[bool],
    english: &[bool],
    people: &[(u64, String)],
    restarting: bool,
) -> Option<pakka::table::TableView> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let view = loop {
        // The table at rest: a person to act (a computer player moves by itself), or over
        // (the service no longer holds a finished table: the store says where it ended).
        let (view, number) = match h.service.clone().unwrap().view(table).await {
            Ok(view) => {
                let number = view.move_number;
                (Some(view), number)
            }
            Err(_) => {
                let stored = h.store().await.table(table).await.unwrap().unwrap();
                assert_eq!(stored.phase, pakka::store::Phase::Finished);
                (None, stored.move_number)
            }
        };
        let over = view
            .as_ref()
            .is_none_or(|v| done(v) || v.phase != pakka::table::Phase::Playing);
        if view.as_ref().is_some_and(|v| v.to_act.is_empty()) && !over {
            assert!(
                std::time::Instant::now() < deadline,
                "the computer player never moved"
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            continue;
        }
        let look = browser.look().await;
        for (w, l) in look.iter().enumerate() {
            // A restarted bot: its windows' connections fail until it is back, and the old
            // session is refused (the client signs in again), which the browser logs.
            let errors: Vec<&serde_json::Value> = l["errors"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| {
                    let e = e.as_str().unwrap_or_default();
                    !(restarting
                        && (e.contains("WebSocket connection to")
                            || e.contains("Failed to load resource")
                            || e.contains("Failed to fetch")))
                })
                .collect();
            assert!(errors.is_empty(), "window {w} logged errors: {errors:?}");
        }
        let shown = look.iter().enumerate().all(|(w, l)| {
            l["move"] == number
                && l["live"] == true
                && if seated[w] {
                    l["hand"] == number
                } else {
                    l["hand"].is_null() && l["public"] == true
                }
        });
        if shown {
            break (view, number);
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the windows do not all show move {number}: {look:#?}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(30)).await;
    };
    let (view, number) = view;
    // The table message of the move (or the game's end).
    let fake = h.fake.clone();
    let shows = move |f: &FakeDiscord| {
        f.channel_messages(channel)
            .into_iter()
            .rev()
            .find(|m| !m.deleted && move_of(&m.content) == Some(number))
    };
    let probe = shows;
    fake.wait_until(std::time::Duration::from_secs(10), move |f| {
        probe(f).is_some()
    })
    .await
    .unwrap_or_else(|_| {
        panic!(
            "no table message shows move {number}: {:#?}",
            h.fake
                .channel_messages(channel)
                .iter()
                .rev()
                .take(3)
                .map(|m| m.content.clone())
                .collect::<Vec<_>>()
        )
    });
    let message = shows(&h.fake).unwrap();
    let mut content = message.content.replace("**", "");
    for (id, name) in people {
        content = content.replace(&format!("<@{id}>"), name);
    }
    // (A seat's name the window did not know yet comes a moment later, in a frame of its own.)
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        let frames = browser.frames().await;
        let mut disagree = None;
        for (w, frames) in frames.into_iter().enumerate() {
            recorded[w].1.extend(frames);
            let table = recorded[w]
                .1
                .iter()
                .rev()
                .find(|f| f["type"] == "table")
                .unwrap_or_else(|| panic!("window {w} has no table frame"));
            assert_eq!(table["move_number"], number, "window {w}: {table}");
            if view.is_none() {
                assert_eq!(table["phase"], "finished", "window {w}: {table}");
            }
            if !english[w] {
                // In another language than the channel's.
                continue;
            }
            for line in table["lines"].as_array().unwrap() {
                let line = line.as_str().unwrap();
                if !content.contains(line) {
                    disagree = Some(format!(
                        "window {w} at move {number} shows {line:?}, the table message says:\n{content}"
                    ));
                }
            }
        }
        match disagree {
            None => break,
            Some(why) => assert!(std::time::Instant::now() < deadline, "{why}"),
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    view
}

/// A whole Paskahousu game, with the bot restarted in the middle: two windows play, two watch,
/// one person plays through buttons (see [`full_game`]).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paskahousu_game_in_windows_and_buttons_with_a_restart() {
    let Some(played) = full_game(FullGame {
        game: "paskahousu",
        seed: 11,
        extra: Vec::new(),
        done: |v| v.phase == pakka::table::Phase::Finished,
        restart_at: Some(12),
        shots_at: 8,
        lobby: None,
    })
    .await
    else {
        return;
    };
    println!(
        "paskahousu: {} moves, {} checks of every window against the table message, {} frames checked",
        played.moves, played.checks, played.frames
    );
}

/// The first deal of a Teka match (its calls and its tricks) with a computer player in the
/// fourth seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_teka_deal_in_windows_and_buttons() {
    let Some(played) = full_game(FullGame {
        game: "teka",
        // (A seed whose random calls leave a deal of several tricks: a high call against the
        // cards ends a Teka deal after a trick or two.)
        seed: 7,
        extra: vec![serde_json::json!({"name": "bots", "value": 1})],
        done: |v| !v.deals.is_empty(),
        restart_at: None,
        shots_at: 6,
        lobby: None,
    })
    .await
    else {
        return;
    };
    // The calls, and at least two tricks.
    assert!(played.moves >= 12, "{} moves", played.moves);
    println!(
        "teka: {} moves, {} checks of every window against the table message, {} frames checked",
        played.moves, played.checks, played.frames
    );
}

/// Waits until `look` of window `w` says so, looking every 50 ms for 20 s at most.
async fn wait_for(
    browser: &mut windows::Browser,
    w: usize,
    what: &str,
    says: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let look = browser.look().await;
        if says(&look[w]) {
            return look[w].clone();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "window {w} never showed {what}: {:#?}",
            look[w]
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Alice (window 0) opens a table of `game` with `seats` seats in the form her window shows in
/// `channel`, where no table is open; answers the table, once the service has it.
async fn open_from_the_form(
    h: &Harness,
    browser: &mut windows::Browser,
    channel: u64,
    game: &str,
    seats: usize,
) -> i64 {
    let service = h.service.clone().unwrap();
    wait_for(browser, 0, "the form to open a table", |l| {
        l["text"]
            .as_str()
            .unwrap_or_default()
            .contains("Start a table")
    })
    .await;
    browser
        .ask(
            json!({"cmd": "open_table", "window": 0, "game": game, "seats": seats,
                     "bots": 0, "level": "normal"}),
        )
        .await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        if let Some(table) = service.table_in(channel) {
            return table;
        }
        assert!(std::time::Instant::now() < deadline, "no table opened");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// The lobby of [`Lobby`]: answers the table, started.
async fn open_in_the_lobby(
    h: &Harness,
    browser: &mut windows::Browser,
    channel: u64,
    game: &str,
    lobby: &Lobby,
) -> i64 {
    let service = h.service.clone().unwrap();
    assert_eq!(service.table_in(channel), None, "no table in the call yet");
    let table = open_from_the_form(h, browser, channel, game, lobby.seats).await;
    // Bob (whose window speaks Finnish) takes a seat in his window.
    wait_for(browser, 1, "the lobby", |l| {
        l["text"]
            .as_str()
            .unwrap_or_default()
            .contains("Ota paikka")
    })
    .await;
    shots(browser, &format!("{game}-lobby")).await;
    browser
        .ask(json!({"cmd": "act", "window": 1, "action": "join"}))
        .await;
    let seated = |who: u64| {
        let service = service.clone();
        async move {
            service
                .view(table)
                .await
                .is_ok_and(|v| v.seat_of(who).is_some() || v.phase != pakka::table::Phase::Lobby)
        }
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !seated(h.bob.id).await {
        assert!(std::time::Instant::now() < deadline, "Bob has no seat");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // Carol with the lobby message's Join button, in the call's chat.
    let fake = h.fake.clone();
    let join = ComponentId::Join(table).to_string();
    let lobby_message = move |f: &FakeDiscord| {
        f.channel_messages(channel)
            .into_iter()
            .find(|m| !m.deleted && m.buttons().iter().any(|(id, _, _)| *id == join))
    };
    let probe = lobby_message.clone();
    fake.wait_until(std::time::Duration::from_secs(10), move |f| {
        probe(f).is_some()
    })
    .await
    .expect("the lobby's message in the call's chat");
    let message = lobby_message(&h.fake).unwrap();
    h.fake
        .click(&h.carol, message.id, &ComponentId::Join(table).to_string())
        .await
        .unwrap();
    // Alice fills the other seats with computer players, from her window.
    for _ in 0..lobby.bots {
        let before = service
            .view(table)
            .await
            .unwrap()
            .seats
            .iter()
            .filter(|s| s.computer.is_some())
            .count();
        browser
            .ask(json!({"cmd": "act", "window": 0, "action": "add_computer", "choice": "normal"}))
            .await;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let now = service
                .view(table)
                .await
                .map(|v| v.seats.iter().filter(|s| s.computer.is_some()).count());
            if now.is_ok_and(|n| n > before) {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "no computer player added"
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
    let view = service.view(table).await.unwrap();
    assert_eq!(
        view.phase,
        pakka::table::Phase::Playing,
        "every seat taken: started"
    );
    let seats: Vec<Option<u64>> = view.seats.iter().map(|s| s.user).collect();
    assert_eq!(
        &seats[..3],
        &[Some(h.alice.id), Some(h.bob.id), Some(h.carol.id)]
    );
    // At the level chosen in the window (kept while the lobby was drawn again).
    assert!(
        view.seats[3..]
            .iter()
            .all(|s| s.computer == Some(pakka::table::Level::Normal)),
        "{:?}",
        view.seats
    );
    table
}

/// Play again, from Alice's window once the game is over: a new table on the same seats, Bob
/// accepts in his window and Carol in the chat, and the next game starts in the call.
async fn play_again_from_the_window(
    h: &Harness,
    browser: &mut windows::Browser,
    channel: u64,
    table: i64,
) {
    let service = h.service.clone().unwrap();
    browser
        .ask(json!({"cmd": "act", "window": 0, "action": "rematch"}))
        .await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let again = loop {
        if let Some(again) = service.table_in(channel).filter(|&t| t != table) {
            break again;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "Play again opened nothing"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    browser
        .ask(json!({"cmd": "act", "window": 1, "action": "accept"}))
        .await;
    let accept = ComponentId::Accept(again).to_string();
    let fake = h.fake.clone();
    let lobby_message = move |f: &FakeDiscord| {
        f.channel_messages(channel)
            .into_iter()
            .find(|m| !m.deleted && m.buttons().iter().any(|(id, _, _)| *id == accept))
    };
    let probe = lobby_message.clone();
    fake.wait_until(std::time::Duration::from_secs(10), move |f| {
        probe(f).is_some()
    })
    .await
    .expect("the new lobby's message in the call's chat");
    let message = lobby_message(&h.fake).unwrap();
    h.fake
        .click(
            &h.carol,
            message.id,
            &ComponentId::Accept(again).to_string(),
        )
        .await
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let started = service
            .view(again)
            .await
            .is_ok_and(|v| v.phase == pakka::table::Phase::Playing);
        if started {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the next game never started"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // Alice's window shows the next game: her hand at it.
    wait_for(browser, 0, "the next game's hand", |l| {
        l["hand"].is_u64() && l["cards"].as_u64() > Some(0)
    })
    .await;
    let current = h.current_table_in(channel, again).await;
    assert!(current.content.contains(" · move "), "{}", current.content);
}

/// A whole Red7 game opened in the windows' lobby in a voice channel with no table (two people
/// take seats in the window, one in the chat, a computer player added from the window), played
/// by tapping cards in the windows and with the buttons, then played again from the window.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_red7_game_opened_in_the_windows_lobby_in_a_voice_channel() {
    let Some(played) = full_game(FullGame {
        game: "red7",
        seed: 3,
        extra: Vec::new(),
        done: |v| v.phase == pakka::table::Phase::Finished,
        restart_at: None,
        shots_at: 4,
        lobby: Some(Lobby { seats: 4, bots: 1 }),
    })
    .await
    else {
        return;
    };
    println!(
        "red7: {} moves, {} checks of every window against the table message, {} frames checked",
        played.moves, played.checks, played.frames
    );
}

/// With `WINDOW_SHOTS` set, screenshots of Alice's window (English) and Bob's (Finnish) there,
/// named `{name}-en` and `{name}-fi`, at 1280 and 400 px.
async fn shots(browser: &mut windows::Browser, name: &str) {
    let Ok(dir) = std::env::var("WINDOW_SHOTS") else {
        return;
    };
    std::fs::create_dir_all(&dir).unwrap();
    for (w, lang) in [(0, "en"), (1, "fi")] {
        browser
            .shot(w, &PathBuf::from(&dir).join(format!("{name}-{lang}")))
            .await;
    }
}

/// A whole Paskahousu game played with the keyboard alone (issue 64): Alice, against a computer
/// player, moves only with Tab, Space and Enter (the driver reads where the focus is, as a
/// sighted keyboard user does, and never clicks); after every move the story's live region reads
/// the table's latest line, as a screen reader would say it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_played_with_the_keyboard_alone() {
    use rand::{Rng, SeedableRng};
    if let Some(why) = windows::browser_missing() {
        println!("skipped: e2e_browser needs {why}");
        return;
    }
    let h = Harness::start().await;
    let (table, _) = h
        .open_table(
            "paskahousu",
            &[&h.alice],
            5,
            &[json!({"name": "bots", "value": 1})],
        )
        .await;
    let service = h.service.clone().unwrap();
    let web = web_edge(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice]);
    let code = h.fake.authorize(&h.alice);
    let url = format!(
        "http://{}/test/frame.html?code={code}&instance={instance}&user_id={}&username={}\
         &channel_id={CHANNEL}&guild_id={}",
        web.addr,
        h.alice.id,
        h.alice.name,
        FakeDiscord::GUILD_ID
    );
    let mut browser = windows::Browser::open(&[(url, "en-US")]).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let (mut moves, mut presses) = (0, 0);
    let mut received: Vec<serde_json::Value> = Vec::new();
    loop {
        // The table at rest: Alice to act, or over.
        let view = loop {
            match service.view(table).await {
                Ok(view) if view.to_act.is_empty() => {
                    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                }
                Ok(view) => break Some(view),
                Err(_) => break None,
            }
        };
        let Some(view) = view else { break };
        let number = view.move_number;
        let look = wait_for(&mut browser, 0, "Alice's hand at the move", |l| {
            l["hand"] == number && l["live"] == true
        })
        .await;
        // The live region reads what her hand's story says last, as a screen reader says it.
        received.extend(browser.frames().await.remove(0));
        let hand = received
            .iter()
            .rev()
            .find(|f| f["type"] == "hand" && f["move_number"] == number)
            .expect("the hand's frame");
        // (Nothing has happened yet before the first move.)
        let latest = hand["story"]
            .as_array()
            .unwrap()
            .last()
            .map(|l| l.as_str().unwrap().to_string())
            .unwrap_or_default();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while !latest.is_empty() {
            let live = browser.ask(json!({"cmd": "live", "window": 0})).await;
            if live["live"].as_str().unwrap_or_default().contains(&latest) {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the live region does not read {latest:?}: {live}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let actions = look["actions"].as_array().unwrap().clone();
        let calm: Vec<&serde_json::Value> =
            actions.iter().filter(|a| a["danger"] != true).collect();
        let pick = if calm.is_empty() {
            &actions[rng.random_range(0..actions.len())]
        } else {
            calm[rng.random_range(0..calm.len())]
        };
        let played = browser
            .ask(json!({"cmd": "keyplay", "window": 0, "index": pick["index"]}))
            .await;
        presses += played["presses"].as_u64().unwrap();
        moves += 1;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while service
            .view(table)
            .await
            .is_ok_and(|v| v.move_number == number)
        {
            assert!(
                std::time::Instant::now() < deadline,
                "the keys played nothing: {pick}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }
    let stored = h.store().await.table(table).await.unwrap().unwrap();
    assert_eq!(stored.phase, pakka::store::Phase::Finished);
    // The game's end is read out too: the last line of the finished table's story.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        received.extend(browser.frames().await.remove(0));
        let last = received
            .iter()
            .rev()
            .find(|f| f["type"] == "table" && f["phase"] == "finished")
            .and_then(|f| f["story"].as_array()?.last()?.as_str().map(String::from));
        let live = browser.ask(json!({"cmd": "live", "window": 0})).await;
        if last
            .as_ref()
            .is_some_and(|l| live["live"].as_str().unwrap().contains(l.as_str()))
        {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the live region does not read the end ({last:?}): {live}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    println!("paskahousu with the keyboard: {moves} moves of Alice's, {presses} key presses");
    browser.quit().await;
    web.stop().await;
}

/// Pishe Pasha between two people in a group DM (issue 65), opened and played in the Activity's
/// windows alone: Alice opens the table in her window, Bob takes the second seat in his, and
/// they play to the end by tapping. pakka is on Alice's account only, so the bot cannot post in
/// the group DM and no interaction gave it a token: it sends nothing there and calls no channel
/// route; the windows show every move, and the result is kept under the group DM.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pishe_pasha_game_in_a_group_dm_opened_and_played_in_the_windows() {
    use rand::{Rng, SeedableRng};
    if let Some(why) = windows::browser_missing() {
        println!("skipped: e2e_browser needs {why}");
        return;
    }
    let h = Harness::start().await;
    let (alice, bob, carol) = (h.alice.clone(), h.bob.clone(), h.carol.clone());
    let group = h.fake.open_group_dm(&[&alice, &bob, &carol]);
    let web = web_edge(&h).await;
    let instance = h.fake.open_activity(group, &[&alice, &bob]);
    let pages: Vec<(String, &str)> = [&alice, &bob]
        .iter()
        .map(|p| {
            let url = format!(
                "http://{}/test/frame.html?code={}&instance={instance}&user_id={}\
                 &username={}&channel_id={group}",
                web.addr,
                h.fake.authorize(p),
                p.id,
                p.name
            );
            (url, "en-US")
        })
        .collect();
    let mut browser = windows::Browser::open(&pages).await;
    let service = h.service.clone().unwrap();
    let table = open_from_the_form(&h, &mut browser, group, "pisha-pasha", 2).await;
    wait_for(&mut browser, 1, "the lobby", |l| {
        l["text"]
            .as_str()
            .unwrap_or_default()
            .contains("Take a seat")
    })
    .await;
    browser
        .ask(json!({"cmd": "act", "window": 1, "action": "join"}))
        .await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while !service
        .view(table)
        .await
        .is_ok_and(|v| v.phase == pakka::table::Phase::Playing)
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the game never started"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }

    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let windows_of = [alice.id, bob.id];
    let mut moves = 0;
    loop {
        let Ok(view) = service.view(table).await else {
            break; // finished: the service no longer holds it
        };
        if view.phase != pakka::table::Phase::Playing {
            break;
        }
        assert!(
            moves < GAME_LIMIT,
            "the game went on past {GAME_LIMIT} moves"
        );
        let number = view.move_number;
        let actor = view.to_act[0];
        let w = windows_of.iter().position(|&p| p == actor).unwrap();
        // The actor's window shows this move's hand, with its moves.
        let look = wait_for(&mut browser, w, "the move to make", |l| {
            l["move"].as_u64() == Some(number)
                && l["actions"].as_array().is_some_and(|a| !a.is_empty())
        })
        .await;
        let actions = look["actions"].as_array().unwrap();
        let pick = &actions[rng.random_range(0..actions.len())];
        browser.click(w, pick["index"].as_u64().unwrap()).await;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while service
            .view(table)
            .await
            .is_ok_and(|v| v.move_number == number)
        {
            assert!(std::time::Instant::now() < deadline, "the tap made no move");
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        moves += 1;
    }
    // Both windows show the end.
    for w in 0..2 {
        wait_for(&mut browser, w, "the result", |l| {
            l["text"]
                .as_str()
                .unwrap_or_default()
                .contains("Play again")
        })
        .await;
    }
    let recorded: Vec<(u64, Vec<serde_json::Value>)> = windows_of
        .iter()
        .copied()
        .zip(browser.frames().await)
        .collect();
    browser.quit().await;
    web.stop().await;

    let store = h.store().await;
    let stored = store.table(table).await.unwrap().unwrap();
    assert_eq!(stored.phase, pakka::store::Phase::Finished);
    assert_eq!(stored.setup.guild_id, group, "kept under the group DM");
    let results = store.results(table).await.unwrap();
    assert_eq!(results.iter().filter(|r| r.won).count(), 1, "{results:?}");
    windows::check_frames_show_only_what_their_readers_see(&stored, &recorded);
    assert!(moves > 10, "{moves} moves");
    // The bot sent nothing to the group DM: no interaction gave it a token there.
    assert_eq!(h.fake.refused_channel_calls(), Vec::<String>::new());
    assert_eq!(h.fake.channel_calls_in(group), Vec::<String>::new());
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    println!("a group DM's Pishe Pasha in the windows: {moves} moves");
}
