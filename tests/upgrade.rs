//! The upgrade test kept forever (issue 28): a small SQLite database written by the release of
//! 2026-11 (`tests/fixtures/upgrade-2026-11.sqlite`, with what the old bot showed beside it in
//! `upgrade-2026-11.json`), and a test that starts the current code on a copy of it: every open
//! table of the nine games comes back with its buttons and plays on to its end, the paused match
//! resumes, the lobby can be accepted, `/scores` reads as it did and the stored ratings are what a
//! recompute gives. A later release adds its own fixture and test beside these; it never edits
//! an old fixture (tests/fixtures/README.md).
//!
//! `write_fixture_2026_11` (ignored) wrote the fixture on that release:
//! `cargo test --test tests upgrade::write -- --ignored`. `bytes_written_per_move` (ignored)
//! measures what the store writes per move:
//! `cargo test --test tests upgrade::bytes -- --ignored --nocapture`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use pakka::rules::registry;
use pakka::store::{MessageIds, Phase, Store, StoredTable};

use crate::support::fake_discord::{permissions, FakeDiscord, FakeMessage, FakeUser};
use crate::support::harness::*;
use crate::support::ids::{self, ComponentId};

/// The fixture's name: tests/fixtures/<name>.sqlite and .json.
const FIXTURE: &str = "upgrade-2026-11";

/// The open tables of the fixture, one per game in the registry's order, each in the channel
/// `CHANNEL + 1 + its index`: the game, the people at it (0 Alice, 1 Bob, 2 Carol, seated in that
/// order), the computer players after them, the seed, and the clicks played before the bot
/// stopped (Whist 22 plays its first deal to its end first, so one table is in its second deal).
const OPEN: [(&str, &[usize], usize, u64, usize); 9] = [
    ("pisha-pasha", &[0, 1], 0, 7, 4),
    ("paskahousu", &[0, 1, 2], 0, 4, 4),
    ("poytapaska", &[1, 2], 0, 3, 4),
    ("paston", &[0], 2, 5, 3),
    ("teka", &[1, 2], 2, 9, 3),
    ("red7", &[0, 1, 2], 0, 21, 2),
    ("matapesa", &[0, 1], 1, 2, 3),
    ("kop", &[0, 1], 2, 3, 3),
    ("whist22", &[0, 1, 2], 0, 6, 2),
];

/// The paused match: Kop for Bob and Carol with two computer players, paused in its second deal.
const PAUSED: (&str, &[usize], usize, u64) = ("kop", &[1, 2], 2, 11);
const PAUSED_CHANNEL: u64 = CHANNEL + 10;

/// The lobby: Carol invites Alice to Red7; Alice has not answered yet.
const LOBBY: (&str, &[usize], u64) = ("red7", &[2, 0], 13);
const LOBBY_CHANNEL: u64 = CHANNEL + 11;

/// The finished games, all in `CHANNEL`: the game, the people, the computer players and their
/// level (0 easy, 1 normal, 2 hard), the seed.
const FINISHED: [(&str, &[usize], usize, u64, u64); 4] = [
    ("red7", &[0, 1, 2], 0, 0, 31),
    ("matapesa", &[0, 1], 1, 1, 2),
    ("matapesa", &[1, 2], 1, 2, 5),
    ("red7", &[1], 1, 0, 8),
];

/// The fake Discord's first id (of a message or an interaction); it counts up from there.
const FIRST_ID: u64 = 1_000_000_000_000_000_000;

/// The game whose own leaderboard (`/scores game:…`) the fixture keeps too.
const SCORES_GAME: &str = "red7";

fn fixture(ext: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{FIXTURE}.{ext}"))
}

fn open_channel(index: usize) -> u64 {
    CHANNEL + 1 + index as u64
}

fn people(h: &Harness) -> [FakeUser; 3] {
    [h.alice.clone(), h.bob.clone(), h.carol.clone()]
}

/// Plays the first offer that neither surrenders nor knocks the player out (as e2e_quiet).
fn steady(_: &FakeUser, labels: &[String]) -> usize {
    labels
        .iter()
        .position(|l| !l.contains("not winning") && !l.starts_with("Surrender"))
        .unwrap_or(0)
}

fn over(content: &str) -> bool {
    content.contains("Game over")
}

/// `/play` options for computer players (none: no option).
fn bots(n: usize, level: Option<u64>) -> Vec<Value> {
    let mut extra = Vec::new();
    if n > 0 {
        extra.push(json!({"name": "bots", "value": n}));
        if let Some(level) = level {
            extra.push(json!({"name": "level", "value": level}));
        }
    }
    extra
}

/// The stored table once no computer player is to act and its move number has stood still for
/// a moment: what a person sees waiting for them.
async fn settle(store: &Store, table: i64) -> StoredTable {
    let deadline = Instant::now() + WAIT;
    let mut last = None;
    loop {
        let t = store.table(table).await.unwrap().unwrap();
        let game = replayed(&t);
        let computer_first = game
            .to_act()
            .first()
            .is_some_and(|&s| t.setup.seat_rows[s].computer.is_some());
        assert!(!game.status().over, "table {table} is over");
        if !computer_first && last == Some(t.move_number) {
            return t;
        }
        last = Some(t.move_number);
        assert!(
            Instant::now() < deadline,
            "table {table} ({}) does not settle at move {}",
            t.setup.game,
            t.move_number
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

/// A stored table as the fixture's JSON describes it.
fn describe(t: &StoredTable, ids: &MessageIds, deal: u32, to_act: Vec<u64>) -> Value {
    json!({
        "game": t.setup.game,
        "table": t.id,
        "channel": t.setup.channel_id,
        "phase": t.phase.as_str(),
        "paused": t.paused,
        "move_number": t.move_number,
        "deal": deal,
        "seed": t.setup.seed,
        "seats": t.setup.seat_rows.iter().map(|s| match (s.user_id, &s.computer) {
            (Some(user), _) => json!({"user": user}),
            (None, Some(level)) => json!({"computer": level}),
            (None, None) => json!({"open": true}),
        }).collect::<Vec<_>>(),
        "to_act": to_act,
        "message_id": ids.message,
        "ping_id": ids.ping,
    })
}

/// The deal a stored table is in, and the people its game waits for.
fn position(t: &StoredTable) -> (u32, Vec<u64>) {
    let game = replayed(t);
    let to_act = game
        .to_act()
        .into_iter()
        .filter_map(|s| t.setup.seat_rows[s].user_id)
        .collect();
    (game.status().deal, to_act)
}

async fn scores(h: &Harness, game: Option<&str>) -> String {
    let options = match game {
        Some(g) => json!([{"name": "game", "value": g}]),
        None => json!([]),
    };
    let reply = h
        .fake
        .slash(&h.alice, CHANNEL, "scores", options)
        .await
        .unwrap();
    assert!(!reply.is_ephemeral(), "{}", reply.content());
    reply.content().to_string()
}

/// The release's database and what its bot showed, written once by the release itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes tests/fixtures/upgrade-2026-11.*: run once, on the release of 2026-11"]
async fn write_fixture_2026_11() {
    // An old release's fixture is never written again (tests/fixtures/README.md): this code is
    // the next release's, not 2026-11's. A new release copies the generator under a new name.
    if fixture("sqlite").exists() {
        eprintln!(
            "{} exists: a fixture is written once, by its own release",
            fixture("sqlite").display()
        );
        return;
    }
    let mut h = Harness::start().await;
    let store = h.store().await;
    let all = people(&h);
    let seat = |ix: &[usize]| -> Vec<&FakeUser> { ix.iter().map(|&i| &all[i]).collect() };

    // Text only, as a server manager sets it: the upgrade test then draws no picture (and the
    // server's setting is part of what a release must carry over).
    h.fake.set_permissions(h.alice.id, permissions::ALL);
    let set = h
        .fake
        .slash(
            &h.alice,
            CHANNEL,
            "settings",
            json!([{"name": "images", "value": false}]),
        )
        .await
        .unwrap();
    assert!(!set.content().is_empty());
    assert!(
        !store
            .guild_settings(FakeDiscord::GUILD_ID)
            .await
            .unwrap()
            .images
    );

    // Finished games first: results and ratings for /scores.
    let mut finished = Vec::new();
    for (game, at, computers, level, seed) in FINISHED {
        let players = seat(at);
        let extra = bots(computers, Some(level));
        let (table, _) = h.open_table(game, &players, seed, &extra).await;
        h.play(table, &players, steady, over, 5_000).await;
        assert!(h.result_message(table).await.is_some(), "{game}: a result");
        assert_eq!(
            store.table(table).await.unwrap().unwrap().phase,
            Phase::Finished
        );
        finished.push(table);
    }

    // The fake gives ids to messages and interactions from one count, and the upgrade test's
    // fake counts again from the same base: the ids the open tables keep (table messages, turn
    // pings) start well above those the upgrade test reaches before it has replaced them all.
    while highest_id(&h.fake) < FIRST_ID + 2_000 {
        scores(&h, None).await;
    }

    // One open table of each game, in its own channel, a few clicks into a deal.
    let mut open = Vec::new();
    for (i, (game, at, computers, seed, clicks)) in OPEN.into_iter().enumerate() {
        let channel = open_channel(i);
        let players = seat(at);
        let extra = bots(computers, None);
        let (table, _, _) = open_table_in(&h.fake, channel, game, &players, seed, &extra).await;
        if game == "whist22" {
            h.play_in(channel, table, &players, steady, |t| deal_of(t) >= 2, 2_000)
                .await;
        }
        let played = h
            .play_in(channel, table, &players, steady, |_| false, clicks)
            .await;
        assert_eq!(played, clicks, "{game}");
        open.push(table);
    }

    // The paused match: into its second deal, one more click, then /pause.
    let (game, at, computers, seed) = PAUSED;
    let players = seat(at);
    let (paused, _, _) = open_table_in(
        &h.fake,
        PAUSED_CHANNEL,
        game,
        &players,
        seed,
        &bots(computers, None),
    )
    .await;
    h.play_in(
        PAUSED_CHANNEL,
        paused,
        &players,
        steady,
        |t| deal_of(t) >= 2,
        2_000,
    )
    .await;
    h.play_in(PAUSED_CHANNEL, paused, &players, steady, |_| false, 1)
        .await;
    settle(&store, paused).await;
    let reply = h
        .fake
        .slash(players[0], PAUSED_CHANNEL, "pause", json!([]))
        .await
        .unwrap();
    assert!(
        !reply.is_ephemeral() && reply.content().contains("/resume"),
        "{}",
        reply.content()
    );

    // The lobby: an invitation not yet answered.
    let (game, at, seed) = LOBBY;
    let (creator, invited) = (&all[at[0]], &all[at[1]]);
    let reply = h
        .fake
        .slash(
            creator,
            LOBBY_CHANNEL,
            "play",
            json!([
                {"name": "game", "value": game},
                {"name": "player", "value": invited.id.to_string()},
                {"name": "seed", "value": seed},
            ]),
        )
        .await
        .unwrap();
    let lobby_message = reply.message().unwrap().clone();
    let accept = lobby_message
        .buttons()
        .into_iter()
        .find(|(id, _, _)| matches!(ids::parse(id), Some(ComponentId::Accept(_))))
        .unwrap_or_else(|| panic!("no Accept on {:?}", lobby_message.buttons()))
        .0;
    let Some(ComponentId::Accept(lobby)) = ids::parse(&accept) else {
        unreachable!("found as an Accept button");
    };

    // Everything at rest: people to act everywhere.
    let mut tables = Vec::new();
    for (i, &table) in open.iter().enumerate() {
        let t = settle(&store, table).await;
        assert_eq!(t.phase, Phase::Playing);
        assert_eq!(t.setup.channel_id, open_channel(i));
        let (deal, to_act) = position(&t);
        assert!(!to_act.is_empty(), "{}: a person is to act", t.setup.game);
        tables.push((t, deal, to_act));
    }
    let all_scores = scores(&h, None).await;
    let game_scores = scores(&h, Some(SCORES_GAME)).await;
    assert!(all_scores.contains("1. "), "{all_scores}");
    assert_eq!(store.recompute_ratings(false).await.unwrap().differing, 0);
    assert_eq!(h.fake.violations(), Vec::<String>::new());
    // The last edits and pings of the bot's upkeep, then the bot stops.
    tokio::time::sleep(Duration::from_millis(500)).await;
    h.bot.take().unwrap().shutdown().await;

    let paused_row = store.table(paused).await.unwrap().unwrap();
    assert!(paused_row.paused && paused_row.phase == Phase::Playing);
    let lobby_row = store.table(lobby).await.unwrap().unwrap();
    assert_eq!(lobby_row.phase, Phase::Lobby);
    // The message ids the store keeps for the tables still to come (the fake of the upgrade test
    // starts counting again from the same base: it must not reach them before they are gone).
    let mut ids = std::collections::HashMap::new();
    for t in tables
        .iter()
        .map(|(t, _, _)| t)
        .chain([&paused_row, &lobby_row])
    {
        ids.insert(t.id, store.message_ids(t.id).await.unwrap());
    }
    let kept: Vec<u64> = ids
        .values()
        .flat_map(|i| [i.message, i.ping])
        .flatten()
        .collect();
    let lowest = *kept.iter().min().unwrap();
    assert!(
        lowest > FIRST_ID + 1_000,
        "the kept message ids start too low: {lowest}"
    );

    let (paused_deal, paused_to_act) = position(&paused_row);
    let description = json!({
        "release": "2026-11",
        "written_by": "upgrade::write_fixture_2026_11",
        "guild": FakeDiscord::GUILD_ID,
        "users": {"alice": h.alice.id, "bob": h.bob.id, "carol": h.carol.id},
        "open_tables": tables
            .iter()
            .map(|(t, deal, to_act)| describe(t, &ids[&t.id], *deal, to_act.clone()))
            .collect::<Vec<_>>(),
        "paused": describe(&paused_row, &ids[&paused_row.id], paused_deal, paused_to_act),
        "lobby": {
            "game": lobby_row.setup.game,
            "table": lobby,
            "channel": LOBBY_CHANNEL,
            "phase": lobby_row.phase.as_str(),
            "creator": creator.id,
            "invited": invited.id,
            "accept": accept,
            "message_id": ids[&lobby_row.id].message,
        },
        "finished_tables": finished,
        "lowest_kept_message_id": lowest,
        "scores": all_scores,
        "scores_game": {"game": SCORES_GAME, "text": game_scores},
    });
    store.close().await;
    drop(store);

    // One consistent file: the write-ahead log folded in, then a compact copy with no log.
    use sqlx::{Connection, Executor};
    let target = fixture("sqlite");
    std::fs::create_dir_all(target.parent().unwrap()).unwrap();
    for stale in ["sqlite", "sqlite-wal", "sqlite-shm"] {
        let _ = std::fs::remove_file(fixture(stale));
    }
    let mut source = sqlx::SqliteConnection::connect(&h.url).await.unwrap();
    source
        .execute("PRAGMA wal_checkpoint(TRUNCATE)")
        .await
        .unwrap();
    sqlx::query("VACUUM INTO ?")
        .bind(target.to_str().unwrap())
        .execute(&mut source)
        .await
        .unwrap();
    source.close().await.unwrap();
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&target)
        .journal_mode(sqlx::sqlite::SqliteJournalMode::Delete);
    let mut copy = sqlx::SqliteConnection::connect_with(&options)
        .await
        .unwrap();
    let mode: (String,) = sqlx::query_as("PRAGMA journal_mode")
        .fetch_one(&mut copy)
        .await
        .unwrap();
    assert_eq!(mode.0, "delete");
    let check: (String,) = sqlx::query_as("PRAGMA integrity_check")
        .fetch_one(&mut copy)
        .await
        .unwrap();
    assert_eq!(check.0, "ok");
    copy.close().await.unwrap();
    for stale in ["sqlite-wal", "sqlite-shm", "sqlite-journal"] {
        assert!(!fixture(stale).exists(), "{stale} left beside the fixture");
    }
    let size = std::fs::metadata(&target).unwrap().len();
    assert!(size < 1_000_000, "the fixture is {size} bytes");
    std::fs::write(
        fixture("json"),
        serde_json::to_string_pretty(&description).unwrap() + "\n",
    )
    .unwrap();
    eprintln!("wrote {} ({size} bytes) and its .json", target.display());
}

/// Waits for the table message of `channel` that shows `move_number` with its "Show my hand".
async fn restored_message(h: &Harness, channel: u64, table: i64, move_number: u64) -> FakeMessage {
    let fake = h.fake.clone();
    let shown = move |fake: &FakeDiscord| {
        fake.channel_messages(channel).into_iter().rev().find(|m| {
            m.content
                .lines()
                .next()
                .is_some_and(|l| l.contains(" · move "))
                && move_of(&m.content) == Some(move_number)
                && m.buttons()
                    .iter()
                    .any(|(id, _, disabled)| ids::hand_table(id) == Some(table) && !disabled)
        })
    };
    let probe = fake.clone();
    let waited = h
        .fake
        .wait_until(WAIT, move |_| shown(&probe).is_some())
        .await;
    assert!(
        waited.is_ok(),
        "table {table}: no table message at move {move_number} with its hand button in {:#?}",
        fake.channel_messages(channel)
            .iter()
            .map(|m| (m.content.clone(), m.button_labels()))
            .collect::<Vec<_>>()
    );
    shown(&fake).unwrap()
}

/// The highest id the fake has given out so far (messages and interactions share one count).
fn highest_id(fake: &FakeDiscord) -> u64 {
    fake.all_messages()
        .iter()
        .flat_map(|m| [Some(m.id), m.interaction_id])
        .flatten()
        .max()
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_table_of_the_2026_11_release_restores_and_plays_on() {
    let started = Instant::now();
    let fixture_json: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("json")).unwrap()).unwrap();
    // A copy: the committed file is never written.
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("pakka.db");
    std::fs::copy(fixture("sqlite"), &copy).unwrap();
    let mut h = Harness::start_on_file(&copy).await;
    let all = people(&h);
    for (name, user) in ["alice", "bob", "carol"].iter().zip(&all) {
        assert_eq!(fixture_json["users"][name], json!(user.id), "{name}");
    }
    let by_id = |id: &Value| -> FakeUser {
        all.iter()
            .find(|u| json!(u.id) == *id)
            .unwrap_or_else(|| panic!("no fake user {id}"))
            .clone()
    };
    let seated = |table: &Value| -> Vec<FakeUser> {
        table["seats"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| !s["user"].is_null())
            .map(|s| by_id(&s["user"]))
            .collect()
    };
    let store = h.store().await;

    // The leaderboards read as the old release showed them, before anything else finishes
    // (in today's words: the fixture keeps the old release's, `reworded` maps them).
    assert_eq!(
        scores(&h, None).await,
        reworded(fixture_json["scores"].as_str().unwrap())
    );
    let game = fixture_json["scores_game"]["game"].as_str().unwrap();
    assert_eq!(
        scores(&h, Some(game)).await,
        reworded(fixture_json["scores_game"]["text"].as_str().unwrap())
    );
    // The stored ratings are what a recompute from the results gives (`pakka ratings --check`).
    let check = store.recompute_ratings(false).await.unwrap();
    assert!(check.ratings > 0 && check.tables > 0, "{check:?}");
    assert_eq!(check.differing, 0, "{check:?}");
    for t in fixture_json["finished_tables"].as_array().unwrap() {
        let row = store.table(t.as_i64().unwrap()).await.unwrap().unwrap();
        assert_eq!(row.phase, Phase::Finished, "table {t}");
        assert!(
            !store.results(row.id).await.unwrap().is_empty(),
            "table {t}"
        );
    }

    // Every open table is back: its table message at the same move with its hand button; every
    // person at it can open their hand, and the people it waits for find their moves there.
    // Then one click at each table by a person it waits for.
    let open = fixture_json["open_tables"].as_array().unwrap().clone();
    let games: Vec<&str> = open.iter().map(|t| t["game"].as_str().unwrap()).collect();
    let ids: Vec<&str> = registry::GAMES.iter().map(|g| g.id).collect();
    assert_eq!(games, ids, "a table of every game, in the registry's order");
    for t in &open {
        let (table, channel) = (t["table"].as_i64().unwrap(), t["channel"].as_u64().unwrap());
        let move_number = t["move_number"].as_u64().unwrap();
        let row = store.table(table).await.unwrap().unwrap();
        assert_eq!(
            (row.phase, row.paused, row.move_number, row.setup.channel_id),
            (Phase::Playing, false, move_number, channel),
            "table {table}"
        );
        let message = restored_message(&h, channel, table, move_number).await;
        let to_act: Vec<Value> = t["to_act"].as_array().unwrap().clone();
        let mut acting = None;
        for user in seated(t) {
            let hand = h.open_hand(&user, message.id).await;
            assert!(!hand.content.is_empty());
            let waited_for = to_act.contains(&json!(user.id));
            let live = hand.buttons().iter().any(|(_, _, disabled)| !disabled);
            assert_eq!(
                live,
                waited_for,
                "{} table {table}: {}'s hand: {:?}\n{}",
                t["game"],
                user.name,
                hand.buttons(),
                hand.content
            );
            if waited_for && acting.is_none() {
                acting = Some((user, hand));
            }
        }
        let (user, hand) = acting.expect("a person is to act");
        let buttons = hand.buttons();
        let labels: Vec<String> = buttons.iter().map(|(_, l, _)| l.clone()).collect();
        let outcome = h
            .fake
            .click(&user, hand.id, &buttons[steady(&user, &labels)].0)
            .await
            .unwrap();
        assert!(outcome.is_ephemeral(), "a hand stays ephemeral");
    }

    // The paused match resumes where it stopped.
    let paused = &fixture_json["paused"];
    let (paused_table, paused_channel) = (
        paused["table"].as_i64().unwrap(),
        paused["channel"].as_u64().unwrap(),
    );
    let paused_players = seated(paused);
    let row = store.table(paused_table).await.unwrap().unwrap();
    assert!(row.paused && row.phase == Phase::Playing, "{row:?}");
    let resumed = h
        .fake
        .slash(&paused_players[0], paused_channel, "resume", json!([]))
        .await
        .unwrap();
    let fresh = resumed.message().unwrap().clone();
    assert!(!fresh.ephemeral, "{}", fresh.content);
    assert_eq!(
        fresh.button_labels(),
        vec!["Show my hand", "📖 Rules", "❔ Game words"],
        "{}",
        fresh.content
    );
    assert_eq!(
        move_of(&fresh.content),
        paused["move_number"].as_u64(),
        "{}",
        fresh.content
    );
    assert_eq!(
        deal_of(&fresh.content),
        paused["deal"].as_u64().unwrap() as u32
    );

    // The lobby's invitation is answered. Discord keeps the lobby message across an upgrade;
    // this fake Discord starts empty, so the invited person clicks the Accept button (its custom
    // id as the old bot wrote it) on a public message of the lobby's channel standing in for it.
    let lobby = &fixture_json["lobby"];
    let (lobby_table, lobby_channel) = (
        lobby["table"].as_i64().unwrap(),
        lobby["channel"].as_u64().unwrap(),
    );
    assert_eq!(
        store.table(lobby_table).await.unwrap().unwrap().phase,
        Phase::Lobby
    );
    let invited = by_id(&lobby["invited"]);
    let creator = by_id(&lobby["creator"]);
    let stand_in = h
        .fake
        .slash(&creator, lobby_channel, "scores", json!([]))
        .await
        .unwrap()
        .message()
        .unwrap()
        .clone();
    // The Accept button's custom_id as the release of 2026-11 wrote it, read from the fixture
    // and not built: a button posted before the upgrade must still be understood.
    let accepted = h
        .fake
        .click_unchecked(&invited, stand_in.id, lobby["accept"].as_str().unwrap())
        .await
        .unwrap();
    assert!(accepted.in_place(), "{}", accepted.content());
    assert_eq!(
        accepted.message().unwrap().button_labels(),
        vec!["Show my hand", "📖 Rules", "❔ Game words"],
        "{}",
        accepted.content()
    );
    assert_eq!(
        store.table(lobby_table).await.unwrap().unwrap().phase,
        Phase::Playing
    );

    // By now every message id the old tables kept is replaced (a table message edited in vain
    // and posted afresh, a turn ping deleted at the first move): the fake's own ids, counted
    // from the same base, have not reached them.
    let kept = fixture_json["lowest_kept_message_id"].as_u64().unwrap();
    assert!(
        highest_id(&h.fake) < kept,
        "the fake's ids reached the fixture's ({} ≥ {kept})",
        highest_id(&h.fake)
    );

    // Everything plays on to its end, the eleven tables at once.
    let mut tables: Vec<(u64, i64, Vec<FakeUser>)> = open
        .iter()
        .map(|t| {
            (
                t["channel"].as_u64().unwrap(),
                t["table"].as_i64().unwrap(),
                seated(t),
            )
        })
        .collect();
    tables.push((paused_channel, paused_table, paused_players));
    tables.push((lobby_channel, lobby_table, vec![creator, invited]));
    let seats: Vec<Vec<&FakeUser>> = tables.iter().map(|(_, _, p)| p.iter().collect()).collect();
    let plays = tables
        .iter()
        .zip(&seats)
        .map(|((channel, table, _), players)| {
            h.play_in(*channel, *table, players, steady, over, 20_000)
        });
    let clicks = futures_util::future::join_all(plays).await;
    for ((channel, table, players), clicks) in tables.iter().zip(&clicks) {
        let row = store.table(*table).await.unwrap().unwrap();
        assert_eq!(row.phase, Phase::Finished, "table {table}");
        let results = store.results(*table).await.unwrap();
        assert_eq!(results.len(), row.setup.seats, "table {table}");
        assert!(
            h.result_message_in(*channel, *table).await.is_some(),
            "table {table} ({}): no result message after {clicks} clicks",
            row.setup.game
        );
        assert!(!players.is_empty());
    }
    let check = store.recompute_ratings(false).await.unwrap();
    assert_eq!(check.differing, 0, "{check:?}");
    // Discord's only complaints: a message the old bot posted is not in this fake (the bot
    // edits it in vain, then posts a fresh one).
    let kept: Vec<u64> = open
        .iter()
        .chain([paused, lobby])
        .flat_map(|t| [t["message_id"].as_u64(), t["ping_id"].as_u64()])
        .flatten()
        .collect();
    let unexpected: Vec<String> = h
        .fake
        .violations()
        .into_iter()
        .filter(|v| {
            !kept
                .iter()
                .any(|id| v.ends_with(&format!("/messages/{id}: no such message")))
        })
        .collect();
    assert_eq!(unexpected, Vec::<String>::new());
    h.bot.take().unwrap().shutdown().await;
    eprintln!(
        "upgrade 2026-11: {} tables played to their end ({} clicks) in {:.1?}",
        tables.len(),
        clicks.iter().sum::<usize>(),
        started.elapsed()
    );
}

/// What the store writes per move, measured: a seeded game of each of the nine played through
/// the table service on SQLite (the seats of `harness::EVERY_GAME`, seat 0 a person playing the
/// `normal` rule of thumb, the others `normal` computer players), then its stored move log
/// replayed from the seed. A move inserts its action JSON into `moves` and sets the table's move
/// number, and in a match upserts one `match_totals` row per seat. Until the 2026-11 release it
/// also rewrote the whole state JSON (`tables.state`): the state column shows what that cost.
/// Prints, per game, the state bytes a move used to rewrite (mean and maximum over every move of
/// `BYTES_SEEDS` games, default 3), the action bytes written now and the totals rows:
/// `cargo test --test tests upgrade::bytes -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement; run by hand"]
async fn bytes_written_per_move() {
    use pakka::ai::{self, Level, Observation};
    use pakka::table::{CreateTable, Person, TableService};
    let seeds: u64 = std::env::var("BYTES_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("bytes.db").display());
    let store = Store::open(&url).await.unwrap();
    let service = TableService::new(store.clone());
    let person = 1_000_000_000_000_001;
    println!("| Game | Seats | Games | Moves | State JSON a move used to rewrite: mean / max | Action JSON written now: mean / max | Before (state + action): mean / max | Totals rows per move |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let (mut all_state, mut all_moves, mut all_action) = (0usize, 0usize, 0usize);
    for (g, info) in registry::GAMES.iter().enumerate() {
        let seats = EVERY_GAME
            .iter()
            .find(|e| e.0 == info.id)
            .map(|e| e.1 + e.2)
            .unwrap();
        let (mut state_sum, mut state_max, mut action_sum, mut action_max) = (0, 0, 0, 0);
        let (mut both_max, mut moves, mut totals_rows) = (0, 0, 0);
        for seed in 1..=seeds {
            let view = service
                .create(CreateTable {
                    guild_id: FakeDiscord::GUILD_ID,
                    channel_id: 10_000 + (g as u64) * 1_000 + seed,
                    creator: Person {
                        id: person,
                        bot: false,
                    },
                    invited: vec![],
                    game: info.id.to_string(),
                    seats: Some(seats),
                    seed: Some(seed),
                    options: Value::Null,
                    bots: seats - 1,
                    bot_level: Level::Normal,
                    turn_timer: None,
                    learning: Default::default(),
                })
                .await
                .unwrap();
            let id = view.id;
            loop {
                if let Some(acted) = service.computer_move(id).await.unwrap() {
                    if acted.finished {
                        break;
                    }
                    continue;
                }
                let t = store.table(id).await.unwrap().unwrap();
                let game = replayed(&t);
                assert!(!game.status().over);
                assert!(game.to_act().contains(&0), "{}: nobody moves", info.id);
                let choice = ai::choose(
                    &Observation::new(game.as_ref(), 0),
                    Level::Normal,
                    seed ^ t.move_number,
                );
                let acted = service
                    .act(
                        id,
                        person,
                        t.move_number,
                        choice.index,
                        pakka::table::Edge::Chat,
                    )
                    .await
                    .unwrap();
                if acted.finished {
                    break;
                }
            }
            let stored = store.table(id).await.unwrap().unwrap();
            assert_eq!(stored.phase, Phase::Finished);
            let mut game = dealt(&stored);
            for m in &stored.moves {
                game.act_json(m.seat, &m.action).unwrap();
                let state = game.state_json().to_string().len();
                let action = m.action.to_string().len();
                state_sum += state;
                state_max = state_max.max(state);
                action_sum += action;
                action_max = action_max.max(action);
                both_max = both_max.max(state + action);
                if game.status().scores.is_some() {
                    totals_rows += seats;
                }
                moves += 1;
            }
        }
        all_state += state_sum;
        all_moves += moves;
        all_action += action_sum;
        println!(
            "| {} | {seats} | {seeds} | {moves} | {} / {state_max} B | {} / {action_max} B | {} / {both_max} B | {:.1} |",
            info.id,
            state_sum / moves,
            action_sum / moves,
            (state_sum + action_sum) / moves,
            totals_rows as f64 / moves as f64,
        );
    }
    println!(
        "all: {all_moves} moves, {} B of state JSON per move on average (no longer written), {} B of action JSON written",
        all_state / all_moves,
        all_action / all_moves
    );
    store.close().await;
}

/// The wording changes made on purpose since a fixture's release, old → new, so that "reads
/// the same" compares the same rows and figures in today's words. A fixture is never edited;
/// a deliberate rewording of what it recorded is listed here, with its reason.
const REWORDED: &[(&str, &str)] = &[
    // Issue 30: one naming of computer players everywhere, "Computer 2 (normal)".
    ("🤖 computer (", "🤖 Computer ("),
    // Issue 30: a rating reads as a player reads it: "(new)" for "?", and the formula's footer
    // in plain words.
    ("?**", " (new)**"),
    (
        " · rating = μ − 3σ (Weng-Lin)",
        " · A rating is a cautious estimate of skill: everyone starts at 0; it rises when you \
         finish ahead of others and falls when you finish behind them. (new): fewer than 5 \
         rated games.",
    ),
];

fn reworded(old: &str) -> String {
    REWORDED
        .iter()
        .fold(old.to_string(), |text, (from, to)| text.replace(from, to))
}
