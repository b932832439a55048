//! A clean stop on the fake Discord, in process: once the bot drains (the first half of its
//! stop on SIGTERM), a click or a command is answered privately "pakka is restarting" and
//! changes nothing; the stop then ends with nothing cut off, and after a restart the same
//! button plays the move. (`load::stop_short` sends the real SIGTERM to the real binary in the
//! middle of a busy run.) And the real binary stopped by SIGTERM before it is up: while its
//! database opens, while Discord is reached, and at many moments of a start over unfinished
//! tables (while they are restored among them).

use serde_json::json;

use crate::support::bot_process::{BotCommand, BotProcess};
use crate::support::fake_discord::Fault;
use crate::support::harness::{play_until_over, Harness, WAIT};
use crate::support::FakeDiscord;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_bot_answers_restarting_and_changes_nothing() {
    let mut h = Harness::start().await;
    let (table, message) = h.start_game(5).await;
    let mut hands = h.open_hands_of_alice_and_bob(message.id).await;
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
    assert!(clicked.in_place(), "{}", clicked.content());
    assert_eq!(
        store.table(table).await.unwrap().unwrap().move_number,
        before.move_number + 1
    );
    store.close().await;
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.take().unwrap().shutdown().await;
}

/// Waits (up to 20 s) until the bot's log holds `line`; panics with the log otherwise.
async fn logged(bot: &BotProcess, line: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while !bot.log().contains(line) {
        assert!(
            std::time::Instant::now() < deadline,
            "the bot never logged {line:?}; its log:\n{}",
            bot.log()
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// SIGTERM while the database is still being opened (another process holds it locked, so the
/// migrations wait for it): the real binary exits with status 0 within the stop's bound,
/// having changed nothing, and the next start migrates the database and serves as usual.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_while_the_database_opens_exits_0_and_the_next_start_migrates() {
    use sqlx::Connection;
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pakka.db");
    let url = format!("sqlite://{}", path.display());
    // Another process's exclusive lock: the bot's connection waits for it (its busy timeout).
    let mut holder = sqlx::SqliteConnection::connect(&format!("{url}?mode=rwc"))
        .await
        .unwrap();
    sqlx::query("BEGIN EXCLUSIVE")
        .execute(&mut holder)
        .await
        .unwrap();
    let log = dir.path().join("bot.log");
    let mut bot = BotCommand::new(&fake, &url, dir.path(), &log)
        .env("RUST_LOG", "warn,pakka=info")
        .spawn();
    logged(&bot, "starting: opening the database").await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let (status, took) = bot
        .terminate(pakka::discord::STOP_WITHIN)
        .expect("the bot exits within the stop's bound");
    assert!(status.success(), "{status:?}; its log:\n{}", bot.log());
    assert!(took < pakka::discord::STOP_WITHIN, "{took:?}");
    assert!(
        bot.log().contains("stopped while opening the database"),
        "{}",
        bot.log()
    );
    assert_eq!(fake.command_registrations(), 0, "Discord was not reached");
    sqlx::query("ROLLBACK").execute(&mut holder).await.unwrap();
    holder.close().await.unwrap();

    let mut again = BotCommand::new(&fake, &url, dir.path(), &log)
        .env("RUST_LOG", "warn,pakka=info")
        .start(&fake)
        .await;
    let store = pakka::store::Store::open(&url).await.unwrap();
    store.ping().await.unwrap();
    let (status, _) = again
        .terminate(pakka::discord::STOP_WITHIN)
        .expect("the bot stops within the stop's bound");
    assert!(status.success(), "{status:?}; its log:\n{}", again.log());
}

/// SIGTERM while the gateway is still being reached (Discord's answer to `GET /gateway/bot`
/// is slow on its way): the real binary exits with status 0 within the stop's bound.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_while_discord_is_reached_exits_0() {
    let fake = FakeDiscord::start().await;
    fake.inject(
        "GET /gateway/bot",
        Fault::Late(std::time::Duration::from_secs(8)),
        1,
    );
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("pakka.db").display());
    let log = dir.path().join("bot.log");
    let mut bot = BotCommand::new(&fake, &url, dir.path(), &log)
        .env("RUST_LOG", "warn,pakka=info")
        .spawn();
    let probe = fake.clone();
    fake.wait_until(std::time::Duration::from_secs(20), move |_| {
        probe.requests().iter().any(|r| r.contains("/gateway/bot"))
    })
    .await
    .unwrap_or_else(|_| {
        panic!(
            "the bot never asked for the gateway; its log:\n{}",
            bot.log()
        )
    });
    let (status, took) = bot
        .terminate(pakka::discord::STOP_WITHIN)
        .expect("the bot exits within the stop's bound");
    assert!(status.success(), "{status:?}; its log:\n{}", bot.log());
    assert!(took < pakka::discord::STOP_WITHIN, "{took:?}");
    assert_eq!(fake.command_registrations(), 0, "no command was registered");
}

/// SIGTERM at many moments of the real binary's start, over a database of unfinished tables:
/// right away (2 ms after the program began to run), while the database opens, around the moment
/// the tables are restored, while Discord is reached, and once it serves. Every stop exits with
/// status 0 within the stop's bound and leaves the database as it was, and the next start
/// restores every table. (A signal in the first millisecond, while the system still loads the
/// program, meets no program yet: the default stop.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_at_any_moment_of_the_start_exits_0_and_the_next_start_restores_every_table() {
    use pakka::table::{CreateTable, Level, Person, TableService};
    const TABLES: u64 = 60;
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("pakka.db").display());
    // Unfinished tables, each some moves in: Alice against a computer player.
    {
        let store = pakka::store::Store::open(&url).await.unwrap();
        let service = TableService::new(store.clone());
        for k in 0..TABLES {
            let view = service
                .create(CreateTable {
                    guild_id: FakeDiscord::GUILD_ID,
                    channel_id: 50_000 + k,
                    creator: Person {
                        id: 1_000_000_000_000_001,
                        bot: false,
                    },
                    invited: vec![],
                    game: "paskahousu".into(),
                    seats: Some(3),
                    seed: Some(k),
                    options: serde_json::Value::Null,
                    bots: 2,
                    bot_level: Level::Easy,
                    turn_timer: None,
                    learning: Default::default(),
                })
                .await
                .unwrap();
            while let Some(acted) = service.computer_move(view.id).await.unwrap() {
                assert!(!acted.finished);
            }
        }
        store.close().await;
    }
    let stored = || async {
        let store = pakka::store::Store::open(&url).await.unwrap();
        let tables = store.open_tables().await.unwrap();
        let moves: Vec<(i64, u64)> = tables.iter().map(|t| (t.id, t.move_number)).collect();
        store.close().await;
        moves
    };
    let before = stored().await;
    assert_eq!(before.len() as u64, TABLES);

    let log = dir.path().join("bot.log");
    // When a start has restored the tables, from the process's start: the stops below land
    // before, during and after it.
    let restored = {
        let mut bot = BotCommand::new(&fake, &url, dir.path(), &log)
            .env("RUST_LOG", "warn,pakka=info")
            .spawn();
        let spawned = std::time::Instant::now();
        logged(&bot, &format!("restored={TABLES}")).await;
        let restored = spawned.elapsed().as_millis() as u64;
        let (status, _) = bot
            .terminate(pakka::discord::STOP_WITHIN)
            .expect("the bot stops within the stop's bound");
        assert!(status.success(), "{status:?}; its log:\n{}", bot.log());
        restored
    };
    let mut delays: Vec<u64> = vec![2, 5, 10, 25];
    delays.extend((0..8).map(|k| restored.saturating_sub(2 + 2 * k)));
    delays.extend([restored + 50, restored + 300, 1000, 1500]);
    let mut phases = std::collections::BTreeMap::<&str, usize>::new();
    for delay_ms in delays {
        std::fs::write(&log, "").unwrap();
        let mut bot = BotCommand::new(&fake, &url, dir.path(), &log)
            .env("RUST_LOG", "warn,pakka=info")
            .spawn();
        // From the moment the program runs (its first constructor holds SIGTERM back; before
        // it, the system is still loading the program, which a loaded machine makes last a
        // few milliseconds, and no program can catch a signal then).
        // (SIGTERM blocked, or caught once the runtime listens: either way not the default.)
        let held = || {
            let status =
                std::fs::read_to_string(format!("/proc/{}/status", bot.pid())).unwrap_or_default();
            ["SigBlk:", "SigCgt:"].iter().any(|field| {
                status
                    .lines()
                    .find_map(|l| l.strip_prefix(field))
                    .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
                    .is_some_and(|m| m & (1 << 14) != 0)
            })
        };
        let loading = std::time::Instant::now();
        while !held() && loading.elapsed() < std::time::Duration::from_secs(5) {
            tokio::time::sleep(std::time::Duration::from_micros(200)).await;
        }
        tokio::time::sleep(std::time::Duration::from_millis(delay_ms)).await;
        let (status, took) = bot
            .terminate(pakka::discord::STOP_WITHIN)
            .expect("the bot exits within the stop's bound");
        let text = bot.log();
        assert!(
            status.success(),
            "after {delay_ms} ms: {status:?}; its log:\n{text}"
        );
        assert!(
            took < pakka::discord::STOP_WITHIN,
            "after {delay_ms} ms: {took:?}"
        );
        let phase = [
            ("stopped while opening the database", "opening the database"),
            ("stopped while restoring the tables", "restoring the tables"),
            ("stopped cleanly", "reaching Discord or serving"),
        ]
        .into_iter()
        .find(|(line, _)| text.contains(line))
        .map_or("before the log began", |(_, phase)| phase);
        *phases.entry(phase).or_default() += 1;
        assert_eq!(
            stored().await,
            before,
            "after {delay_ms} ms ({phase}): nothing changed"
        );
    }
    println!(
        "SIGTERM during the start ({restored} ms to restore the tables), by where it landed: \
         {phases:?}"
    );
    assert!(
        phases.len() >= 2,
        "the stops landed at more than one step: {phases:?}"
    );

    std::fs::write(&log, "").unwrap();
    let mut bot = BotCommand::new(&fake, &url, dir.path(), &log)
        .env("RUST_LOG", "warn,pakka=info")
        .start(&fake)
        .await;
    logged(&bot, &format!("restored={TABLES}")).await;
    let (status, _) = bot
        .terminate(pakka::discord::STOP_WITHIN)
        .expect("the bot stops within the stop's bound");
    assert!(status.success(), "{status:?}; its log:\n{}", bot.log());
}
