//! The database going away in the middle of a game, on the fake Discord: PostgreSQL's server
//! stopped and started again (a cluster of the test's own, so the other PostgreSQL tests do not
//! see the outage), PostgreSQL behind a proxy of the test's own that goes silent (it forwards
//! nothing and closes nothing, as a network dropping every packet), SQLite refusing every
//! write (the writing connection made read-only, which answers SQLITE_READONLY as a file made
//! read-only does), and SQLite on a small filesystem the test mounts (as root; skipped with the
//! reason elsewhere) and fills to the last byte, and SQLite meeting an I/O error at every write
//! and sync (a VFS of the test's own, `faulty_vfs`, as a dying disk). A click during the outage is answered within
//! Discord's 3 seconds with a private "could not be saved", `/readyz` says not ready and why,
//! the table stays as it was (its stored log, its hands, its buttons), nothing acknowledged is
//! lost, and the same button works once the database is back, without a restart; the game then
//! plays to its end. And the bot's one HTTP/2 connection to Discord going silent for good:
//! dropped at its unanswered ping, and the next clicks answered over a new one.

use std::time::Duration;

use serde_json::json;

use crate::support::fake_discord::ACK_DEADLINE;
use crate::support::faulty_vfs;
use crate::support::harness::{move_of, play_until_over, Harness, CHANNEL, WAIT};
use crate::support::ids;
use crate::support::postgres::{self, Cluster};
use crate::support::proxy::{self, SilentProxy};
use crate::support::small_disk::SmallDisk;

/// How the test makes the database go away and come back.
enum Outage {
    /// SQLite's writing connection refuses writes (`Store::refuse_writes`).
    ReadOnly,
    /// The PostgreSQL server of a cluster of the test's own is stopped, then started again.
    Stopped(Cluster),
    /// The proxy between the bot and PostgreSQL stops forwarding, then forwards again.
    Silent(SilentProxy),
    /// The filesystem of the SQLite file is filled, then the filler removed.
    FullDisk(SmallDisk),
    /// Every write, sync and truncation of the SQLite files fails with an I/O error (the
    /// tests' own VFS), then succeeds again.
    IoError,
}

impl Outage {
    async fn begin(&self, h: &Harness) {
        match self {
            Outage::ReadOnly => service(h).store().refuse_writes(true).await.unwrap(),
            Outage::Stopped(cluster) => cluster.halt(),
            Outage::Silent(proxy) => proxy.silence(true),
            Outage::FullDisk(disk) => disk.fill().await,
            Outage::IoError => faulty_vfs::fail(true),
        }
    }

    async fn end(&self, h: &Harness) {
        match self {
            Outage::ReadOnly => service(h).store().refuse_writes(false).await.unwrap(),
            Outage::Stopped(cluster) => cluster.resume(),
            Outage::Silent(proxy) => proxy.silence(false),
            Outage::FullDisk(disk) => disk.free(),
            Outage::IoError => faulty_vfs::fail(false),
        }
    }

    /// Whether reads fail too (the database is away), rather than only writes.
    fn reads_fail(&self) -> bool {
        matches!(self, Outage::Stopped(_) | Outage::Silent(_))
    }
}

/// Serves `/metrics`, `/healthz` and `/readyz` on a free port.
fn with_metrics(c: &mut pakka::config::Config) {
    c.metrics_addr = Some(([127, 0, 0, 1], 0).into());
}

fn service(h: &Harness) -> &pakka::table::TableService {
    h.service.as_deref().expect("the bot runs")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_refusing_writes_mid_game_changes_nothing_and_play_resumes() {
    let h = Harness::start_tweaked(with_metrics).await;
    outage_mid_game(h, Outage::ReadOnly).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_on_a_full_disk_mid_game_changes_nothing_and_play_resumes() {
    let Some(disk) = SmallDisk::mount("e2e_outage::sqlite_on_a_full_disk") else {
        return;
    };
    let h = Harness::start_on_file_tweaked(&disk.database(), with_metrics).await;
    outage_mid_game(h, Outage::FullDisk(disk)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_meeting_io_errors_mid_game_changes_nothing_and_play_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let url = faulty_vfs::url(&dir.path().join("pakka.db"));
    let h = Harness::start_on_sqlite_url_tweaked(url, with_metrics).await;
    outage_mid_game(h, Outage::IoError).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_gone_silent_mid_game_changes_nothing_and_play_resumes() {
    let test = "e2e_outage::postgres_gone_silent_mid_game";
    let Some(mut db) = postgres::fresh(test).await else {
        return;
    };
    let proxy = SilentProxy::start(proxy::server_of(&db.url)).await;
    db.url = proxy::through(&db.url, proxy.addr);
    let h = Harness::start_on_db_tweaked(db, with_metrics).await;
    assert_eq!(h.store().await.backend_name(), "postgres");
    outage_mid_game(h, Outage::Silent(proxy)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_stopped_mid_game_changes_nothing_and_play_resumes() {
    let test = "e2e_outage::postgres_stopped_mid_game";
    let Some(cluster) = Cluster::start(test) else {
        return;
    };
    let db = postgres::fresh_on(&cluster.admin, test).await;
    // With metrics served: `/readyz` follows the database.
    let h = Harness::start_on_db_tweaked(db, with_metrics).await;
    assert_eq!(h.store().await.backend_name(), "postgres");
    outage_mid_game(h, Outage::Stopped(cluster)).await;
}

async fn outage_mid_game(mut h: Harness, outage: Outage) {
    let (table, message) = h.start_game(5).await;
    let mut hands = h.open_hands_of_alice_and_bob(message.id).await;
    assert_eq!(
        play_until_over(&h, message.id, &mut hands, 4, false).await,
        4
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
    let (user, mut hand) = hands
        .iter()
        .find(|(_, id)| !h.fake.message(*id).unwrap().buttons().is_empty())
        .cloned()
        .unwrap();
    let buttons = h.fake.message(hand).unwrap().buttons();
    let button = buttons[0].0.clone();
    let acknowledged = h.store().await.table(table).await.unwrap().unwrap();
    assert_eq!(acknowledged.move_number, 4);
    // The table message as it stands before the outage: showing the last move (the hands are
    // brought up to date first, the table message next).
    let fake = h.fake.clone();
    let shown_at = message.id;
    h.fake
        .wait_until(WAIT, move |_| {
            fake.message(shown_at)
                .is_some_and(|m| move_of(&m.content) == Some(4))
        })
        .await
        .expect("the table message shows the last move");
    let table_before = h.fake.message(message.id).unwrap().content;

    let readyz = h.bot.as_ref().and_then(|b| b.metrics_addr());
    if let Some(addr) = readyz {
        assert_eq!(readyz_becomes(addr, 200).await, "ready\n");
    }
    outage.begin(&h).await;
    // A move during the outage, pressed twice at once before anything has noticed it (the
    // second click waits for the table the first holds): each answered in time, privately,
    // and nothing changes.
    let (first, second) = tokio::join!(
        h.fake.click(&user, hand, &button),
        h.fake.click(&user, hand, &button)
    );
    let (refused, twin) = (first.unwrap(), second.unwrap());
    for answer in [&refused, &twin] {
        assert!(answer.latency < ACK_DEADLINE, "{:?}", answer.latency);
        assert!(answer.is_ephemeral(), "{}", answer.content());
        assert!(
            answer.content().contains("could not be saved"),
            "{}",
            answer.content()
        );
    }
    println!(
        "outage: two clicks at once answered in {:.0} and {:.0} ms",
        refused.latency.as_secs_f64() * 1e3,
        twin.latency.as_secs_f64() * 1e3
    );
    if let Some(addr) = readyz {
        // Unready while the database is away or refuses writes, saying why.
        let why = readyz_becomes(addr, 503).await;
        let said = if outage.reads_fail() {
            "store: unreachable"
        } else {
            "store: refuses writes"
        };
        assert!(why.contains(said), "{why}");
        println!("outage: /readyz said {why:?}");
    }
    assert_eq!(
        h.fake.message(hand).unwrap().buttons(),
        buttons,
        "the hand keeps its buttons"
    );
    assert_eq!(h.fake.message(message.id).unwrap().content, table_before);
    // The table in memory is where it was: the hand shows the same move.
    let shown = h.open_hand(&user, message.id).await;
    assert_eq!(
        shown.buttons(),
        buttons,
        "the same position, the same buttons"
    );
    // (The hand shown last is the one kept alive.)
    hand = shown.id;
    for (u, id) in hands.iter_mut() {
        if u.id == user.id {
            *id = hand;
        }
    }
    // The leaderboard: a database that is away says so; one that only refuses writes reads.
    let scores = h
        .fake
        .slash(&h.alice, CHANNEL, "scores", json!([]))
        .await
        .unwrap();
    if outage.reads_fail() {
        assert!(scores.is_ephemeral(), "{}", scores.content());
        assert!(
            scores.content().contains("database is not answering"),
            "{}",
            scores.content()
        );
    } else {
        assert!(
            scores.content().contains("Leaderboard"),
            "{}",
            scores.content()
        );
    }
    // A longer outage on request (`OUTAGE_SECONDS=60`, by hand: CI keeps it short): a click
    // every few seconds, each refused in time.
    let hold = std::env::var("OUTAGE_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .map_or(Duration::ZERO, Duration::from_secs);
    let since = std::time::Instant::now();
    let mut slowest = refused.latency;
    while since.elapsed() < hold {
        tokio::time::sleep(Duration::from_secs(5)).await;
        let again = h.fake.click(&user, hand, &button).await.unwrap();
        assert!(
            again.content().contains("could not be saved"),
            "{}",
            again.content()
        );
        slowest = slowest.max(again.latency);
    }
    assert!(slowest < ACK_DEADLINE, "{slowest:?}");
    if !hold.is_zero() {
        println!(
            "outage: {:.0} s down; the slowest refused click answered in {:.0} ms",
            since.elapsed().as_secs_f64(),
            slowest.as_secs_f64() * 1e3
        );
    }
    outage.end(&h).await;
    if let Some(addr) = readyz {
        // Ready again by itself once the database is back.
        assert_eq!(readyz_becomes(addr, 200).await, "ready\n");
    }

    // The store is as it was, and the same button works, without a restart (the pools
    // reconnect by themselves; a moment may pass before they do).
    let store = h.store().await;
    let unchanged = store.table(table).await.unwrap().unwrap();
    assert_eq!(
        unchanged.moves, acknowledged.moves,
        "nothing acknowledged was lost"
    );
    let mut tries = 0;
    loop {
        let clicked = h.fake.click(&user, hand, &button).await.unwrap();
        if clicked.in_place() {
            assert!(
                !clicked.content().contains("older position"),
                "{}",
                clicked.content()
            );
            break;
        }
        tries += 1;
        assert!(
            tries < 20,
            "the bot did not recover: {}\n{}",
            clicked.content(),
            h.fake.violations().join("\n")
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    println!(
        "outage: the click during it answered in {:.0} ms; {tries} clicks refused after the \
         database came back",
        refused.latency.as_secs_f64() * 1e3
    );
    let after = store.table(table).await.unwrap().unwrap();
    assert_eq!(after.move_number, 5);
    assert_eq!(after.moves[..4], acknowledged.moves[..]);
    // The game plays on to its end, and its result is stored.
    play_until_over(&h, message.id, &mut hands, 5_000, true).await;
    let end = h.fake.message(message.id).unwrap();
    assert!(end.content.contains("Game over"), "{}", end.content);
    assert!(store.results(table).await.unwrap().iter().any(|r| r.won));
    store.close().await;
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.take().unwrap().shutdown().await;
    drop(h);
    drop(outage);
}

/// A SQLite file the bot can only read (here a read-only reopen, `?mode=ro`, since the tests
/// run as root, for whom a file's mode bits change nothing): the bot starts and restores its
/// tables, a move is refused with "could not be saved" (SQLite's own SQLITE_READONLY), nothing
/// changes, and once the file is writable again (a restart on it) the same button plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_file_read_only_refuses_moves_and_changes_nothing() {
    let mut h = Harness::start().await;
    let (table, message) = h.start_game(5).await;
    let mut hands = h.open_hands_of_alice_and_bob(message.id).await;
    assert_eq!(
        play_until_over(&h, message.id, &mut hands, 3, false).await,
        3
    );
    let writable = h.url.clone();
    let before = h.store().await.table(table).await.unwrap().unwrap();
    h.url = format!("{writable}?mode=ro");
    h.restart().await;
    let table_message = h.current_table(table).await;
    let (user, hand) = live_hand(&h, &hands, table_message.id).await;
    let button = hand.buttons()[0].0.clone();
    let refused = h.fake.click(&user, hand.id, &button).await.unwrap();
    assert!(refused.latency < ACK_DEADLINE, "{:?}", refused.latency);
    assert!(
        refused.is_ephemeral() && refused.content().contains("could not be saved"),
        "{}",
        refused.content()
    );
    h.url = writable;
    h.restart().await;
    let store = h.store().await;
    assert_eq!(store.table(table).await.unwrap().unwrap(), before);
    let clicked = h.fake.click(&user, hand.id, &button).await.unwrap();
    assert!(clicked.in_place(), "{}", clicked.content());
    assert_eq!(
        store.table(table).await.unwrap().unwrap().move_number,
        before.move_number + 1
    );
    store.close().await;
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    h.bot.take().unwrap().shutdown().await;
}

/// The hand of the player to act, opened afresh from the table message.
async fn live_hand(
    h: &Harness,
    hands: &[(crate::support::FakeUser, u64)],
    table_message: u64,
) -> (crate::support::FakeUser, crate::support::FakeMessage) {
    for (user, _) in hands {
        let hand = h.open_hand(user, table_message).await;
        if !hand.buttons().is_empty() {
            return (user.clone(), hand);
        }
    }
    panic!("nobody has a move to make");
}

/// A computer player whose move the database refuses waits (with growing pauses) instead of
/// giving up, and moves by itself once the database is back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computer_player_waits_for_the_database_and_moves_when_it_is_back() {
    let h = Harness::start_tweaked(|c| c.computer_pause = Duration::from_millis(800)).await;
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
    let table: i64 = message
        .buttons()
        .iter()
        .find_map(|(id, _, _)| ids::hand_table(id))
        .unwrap();
    let s = service(&h);
    let store = h.store().await;
    // Alice moves until the computer player is next; then the database goes away.
    let waiting_at = loop {
        let hand = h.open_hand(&h.alice, message.id).await;
        let Some((button, _, _)) = hand.buttons().into_iter().next() else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let clicked = h.fake.click(&h.alice, hand.id, &button).await.unwrap();
        assert!(clicked.in_place(), "{}", clicked.content());
        if s.computer_to_act(table).await.unwrap().is_some() {
            s.store().refuse_writes(true).await.unwrap();
            break store.table(table).await.unwrap().unwrap().move_number;
        }
    };
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        store.table(table).await.unwrap().unwrap().move_number,
        waiting_at,
        "no move while the database refuses writes"
    );
    assert!(s.computer_to_act(table).await.unwrap().is_some());
    s.store().refuse_writes(false).await.unwrap();
    let deadline = std::time::Instant::now() + WAIT;
    while store.table(table).await.unwrap().unwrap().move_number == waiting_at {
        assert!(
            std::time::Instant::now() < deadline,
            "the computer player did not move once the database was back"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(store.table(table).await.unwrap().unwrap().move_number > waiting_at);
    store.close().await;
    h.bot.unwrap().shutdown().await;
}

/// Polls `/readyz` on `addr` (for up to 20 s) until it answers `want`; its body then.
async fn readyz_becomes(addr: std::net::SocketAddr, want: u16) -> String {
    let mut last = (0, String::new());
    for _ in 0..200 {
        if let Ok(answer) = crate::support::http::get(addr, "/readyz").await {
            if answer.0 == want {
                return answer.1;
            }
            last = answer;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("/readyz never answered {want}: {} {}", last.0, last.1);
}

/// Over HTTP/2 every call to Discord goes over one connection. When that connection goes
/// silent for good (its peer or a NAT's mapping gone without a word: no reset, no FIN), the
/// bot's pings find it within 10 s (`rest::PING_EVERY` and `PING_WAIT`), it opens a new one, and
/// the next clicks are answered in time, with no restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_http2_a_connection_gone_silent_for_good_is_replaced() {
    let mut h = Harness::start_tweaked(|c| c.http_proxy_http2 = true).await;
    let fake = proxy::server_of(&h.fake.base_url());
    let between = SilentProxy::start(fake).await;
    h.http_proxy = Some(format!("http://{}", between.addr));
    h.restart().await;
    let (_, message) = h.start_game(5).await;
    let mut hands = h.open_hands_of_alice_and_bob(message.id).await;
    assert_eq!(
        play_until_over(&h, message.id, &mut hands, 2, false).await,
        2
    );
    between.strand();
    // Longer than a ping's round (5 s) and its wait (5 s).
    tokio::time::sleep(Duration::from_secs(12)).await;
    // Every click answered in place within Discord's 3 s, over a new connection.
    assert_eq!(
        play_until_over(&h, message.id, &mut hands, 4, false).await,
        4
    );
    let (http2, http1) = h.fake.http_versions();
    assert!(
        http2 > 0 && http1 == 0,
        "{http2} calls over HTTP/2, {http1} over HTTP/1.1"
    );
    h.bot.take().unwrap().shutdown().await;
}
