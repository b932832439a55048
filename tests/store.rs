//! The store against the real migrations, on both backends: the one-open-table-per-channel rule,
//! seats, the move log, match totals, finishing, forfeits, the leaderboard, server settings, the
//! live turn ping, the round trip of u64 snowflakes and seeds, writers at once and two processes
//! on one database. Each scenario runs as `store::sqlite::<name>` on a fresh SQLite file and as
//! `store::postgres::<name>` on a fresh PostgreSQL database (skipped, saying why, without
//! `PAKKA_TEST_POSTGRES`; see `tests/support/postgres.rs`). SQLite's own (the file, WAL mode,
//! checkpoints) are SQLite-only.

use std::str::FromStr;

use pakka::store::{
    GuildSetting, GuildSettings, LeaderRow, NewTable, Phase, ResultRow, SeatRow, ShardRange, Store,
    StoreError, StoredMove, TableId,
};
use serde_json::json;

use crate::support::backends::{on_both_backends, url, Db};
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{ConnectOptions, Connection};

const GUILD: u64 = 1_234_567_890_123_456_789;
const OTHER_GUILD: u64 = 42;
const ALICE: u64 = 1_000_000_000_000_000_001;
const BOB: u64 = 1_000_000_000_000_000_002;
const CAROL: u64 = 1_000_000_000_000_000_003;

fn new_table(guild_id: u64, channel_id: u64, game: &str, users: &[Option<u64>]) -> NewTable {
    NewTable {
        guild_id,
        channel_id,
        game: game.to_string(),
        options: json!({ "deals": 3, "variant": "book" }),
        seats: users.len(),
        seed: 7,
        created_by: users.iter().flatten().copied().next().unwrap_or(1),
        seat_rows: users
            .iter()
            .enumerate()
            .map(|(seat, &user_id)| SeatRow {
                seat,
                user_id,
                accepted: seat == 0,
                ..SeatRow::default()
            })
            .collect(),
        turn_timer: None,
        learning: Default::default(),
    }
}

fn result(seat: usize, user_id: Option<u64>, place: usize, score: Option<i64>) -> ResultRow {
    ResultRow {
        seat,
        user_id,
        place,
        won: place == 1,
        score,
        computer: None,
        team: seat,
    }
}

/// Creates, starts and finishes a table with the given results.
async fn finished_table(
    store: &Store,
    guild_id: u64,
    channel_id: u64,
    game: &str,
    results: &[ResultRow],
) -> TableId {
    let users: Vec<Option<u64>> = results.iter().map(|r| r.user_id).collect();
    let id = store
        .create_table(&new_table(guild_id, channel_id, game, &users))
        .await
        .unwrap();
    store.start_table(id).await.unwrap();
    store
        .record_move(id, 1, 0, &json!("stop"), None, Some(results))
        .await
        .unwrap();
    id
}

#[tokio::test]
async fn open_creates_the_file_and_reopening_keeps_the_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("pakka.db");
    assert!(!path.exists());

    let store = Store::open(&url(&dir)).await.unwrap();
    assert!(path.exists());
    let id = store
        .create_table(&new_table(GUILD, 10, "paston", &[Some(ALICE), None]))
        .await
        .unwrap();
    store.start_table(id).await.unwrap();
    store
        .record_move(id, 1, 0, &json!({ "play": "AS" }), None, None)
        .await
        .unwrap();
    drop(store);

    // Reopening runs the (already applied) migrations again and finds everything.
    let store = Store::open(&url(&dir)).await.unwrap();
    let open = store.open_tables().await.unwrap();
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].id, id);
    assert_eq!(open[0].phase, Phase::Playing);
    assert_eq!(open[0].move_number, 1);
    assert_eq!(open[0].moves.len(), 1);

    // A third open, while the second store is still alive, works too.
    let again = Store::open(&url(&dir)).await.unwrap();
    assert_eq!(again.table(id).await.unwrap(), Some(open[0].clone()));
}

/// SQLite on a disk that fills up: each move refused (SQLite refuses the COMMIT), and once the
/// disk has room again every move the store answers as stored is in the file, read by a
/// connection of its own. (sqlx's count of open transactions went wrong after two refused
/// COMMITs, leaving the writing connection inside a transaction: every later move answered
/// success and was never written.)
#[tokio::test]
async fn after_a_full_disk_every_move_acknowledged_is_in_the_file() {
    use crate::support::small_disk::SmallDisk;
    let Some(disk) = SmallDisk::mount("store::after_a_full_disk") else {
        return;
    };
    let url = format!("sqlite://{}", disk.database().display());
    let store = Store::open(&url).await.unwrap();
    let id = store
        .create_table(&new_table(GUILD, 10, "paston", &[Some(ALICE), None]))
        .await
        .unwrap();
    store.start_table(id).await.unwrap();
    store
        .record_move(id, 1, 0, &json!({ "play": 1 }), None, None)
        .await
        .unwrap();
    disk.fill().await;
    for _ in 0..3 {
        let refused = store
            .record_move(id, 2, 1, &json!({ "play": 2 }), None, None)
            .await
            .unwrap_err();
        assert!(refused.is_outage(), "{refused}");
    }
    assert!(
        store.writable().await.is_err(),
        "a full disk takes no write"
    );
    disk.free();
    store.writable().await.unwrap();
    for number in 2..=4 {
        store
            .record_move(id, number, 0, &json!({ "play": number }), None, None)
            .await
            .unwrap();
    }
    let mut conn = SqliteConnectOptions::from_str(&url)
        .unwrap()
        .connect()
        .await
        .unwrap();
    let stored: Vec<i64> = sqlx::query_scalar("SELECT number FROM moves ORDER BY number")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    assert_eq!(
        stored,
        [1, 2, 3, 4],
        "every move acknowledged is in the file"
    );
    conn.close().await.unwrap();
    store.close().await;
}

#[tokio::test]
async fn a_file_database_is_in_wal_mode() {
    let dir = tempfile::tempdir().unwrap();
    let _store = Store::open(&url(&dir)).await.unwrap();
    // WAL is a property of the file: a plain connection that does not ask for it sees it.
    let mut conn = SqliteConnectOptions::from_str(&url(&dir))
        .unwrap()
        .connect()
        .await
        .unwrap();
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(mode.to_lowercase(), "wal");
    let versions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations WHERE success")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert!(versions >= 1);
    conn.close().await.unwrap();
}

async fn one_open_table_per_channel(db: &Db) {
    let store = db.open().await;
    let first = store
        .create_table(&new_table(GUILD, 10, "kop", &[Some(ALICE), None]))
        .await
        .unwrap();

    // A second lobby in the same channel is refused, with the player's sentence.
    let busy = store
        .create_table(&new_table(GUILD, 10, "kop", &[Some(BOB), None]))
        .await
        .unwrap_err();
    assert!(matches!(busy, StoreError::ChannelBusy), "{busy:?}");
    assert_eq!(busy.to_string(), "A table is already open in this channel.");
    // ... and the failed attempt left nothing behind.
    assert_eq!(store.open_tables().await.unwrap().len(), 1);

    // Still refused while playing.
    store.start_table(first).await.unwrap();
    assert!(matches!(
        store
            .create_table(&new_table(GUILD, 10, "kop", &[Some(BOB), None]))
            .await,
        Err(StoreError::ChannelBusy)
    ));

    // Another channel is fine.
    let elsewhere = store
        .create_table(&new_table(GUILD, 11, "kop", &[Some(BOB), None]))
        .await
        .unwrap();

    // After abandoning, the channel is free again.
    store.abandon_table(first).await.unwrap();
    let second = store
        .create_table(&new_table(GUILD, 10, "kop", &[Some(BOB), None]))
        .await
        .unwrap();

    // After finishing, too.
    store.start_table(second).await.unwrap();
    store
        .record_move(
            second,
            1,
            0,
            &json!("x"),
            None,
            Some(&[result(0, Some(BOB), 1, None), result(1, None, 2, None)]),
        )
        .await
        .unwrap();
    let third = store
        .create_table(&new_table(GUILD, 10, "kop", &[Some(CAROL), None]))
        .await
        .unwrap();

    let open: Vec<TableId> = store
        .open_tables()
        .await
        .unwrap()
        .iter()
        .map(|t| t.id)
        .collect();
    assert_eq!(open, vec![elsewhere, third]);
}

async fn tables_and_seats_round_trip(db: &Db) {
    let store = db.open().await;
    let new = NewTable {
        guild_id: GUILD,
        channel_id: 1_234_567_890_123_456_780,
        game: "whist22".to_string(),
        options: json!({ "target": 21, "teams": [[0, 2], [1, 3]] }),
        seats: 4,
        seed: u64::MAX,
        created_by: ALICE,
        seat_rows: vec![
            SeatRow {
                seat: 0,
                user_id: Some(ALICE),
                accepted: true,
                ..SeatRow::default()
            },
            SeatRow {
                seat: 1,
                user_id: Some(BOB),
                accepted: false,
                ..SeatRow::default()
            },
            SeatRow {
                seat: 2,
                user_id: None,
                accepted: false,
                ..SeatRow::default()
            },
            SeatRow {
                seat: 3,
                user_id: None,
                accepted: true,
                ..SeatRow::default()
            },
        ],
        turn_timer: Some(5),
        learning: pakka::store::Learning {
            hints: true,
            open_seats: false,
        },
    };
    let id = store.create_table(&new).await.unwrap();
    let table = store.table(id).await.unwrap().unwrap();
    assert_eq!(table.id, id);
    assert_eq!(table.setup.guild_id, GUILD);
    assert_eq!(table.setup.channel_id, 1_234_567_890_123_456_780);
    assert_eq!(table.setup.game, "whist22");
    assert_eq!(table.setup.options, new.options);
    assert_eq!(table.setup.seats, 4);
    assert_eq!(table.setup.seed, u64::MAX);
    assert_eq!(table.setup.created_by, ALICE);
    assert_eq!(table.phase, Phase::Lobby);
    assert_eq!(table.move_number, 0);
    assert_eq!(table.setup.learning, new.learning);
    assert_eq!(store.message_ids(id).await.unwrap().message, None);
    assert_eq!(table.setup.seat_rows, new.seat_rows);
    assert!(table.moves.is_empty());

    store.update_seat(id, 1, Some(BOB), true).await.unwrap();
    store.update_seat(id, 2, Some(CAROL), true).await.unwrap();
    store.update_seat(id, 0, None, false).await.unwrap();
    store.set_message(id, u64::MAX - 1).await.unwrap();
    let table = store.table(id).await.unwrap().unwrap();
    assert_eq!(
        table.setup.seat_rows,
        vec![
            SeatRow {
                seat: 0,
                user_id: None,
                accepted: false,
                ..SeatRow::default()
            },
            SeatRow {
                seat: 1,
                user_id: Some(BOB),
                accepted: true,
                ..SeatRow::default()
            },
            SeatRow {
                seat: 2,
                user_id: Some(CAROL),
                accepted: true,
                ..SeatRow::default()
            },
            SeatRow {
                seat: 3,
                user_id: None,
                accepted: true,
                ..SeatRow::default()
            },
        ]
    );
    assert_eq!(
        store.message_ids(id).await.unwrap().message,
        Some(u64::MAX - 1)
    );

    // Missing tables and seats say so.
    assert!(store.table(id + 100).await.unwrap().is_none());
    assert!(matches!(
        store.update_seat(id, 9, Some(BOB), true).await,
        Err(StoreError::NoSuchSeat { seat: 9, .. })
    ));
    assert!(matches!(
        store.update_seat(id + 100, 0, Some(BOB), true).await,
        Err(StoreError::NoSuchTable(_))
    ));
    assert!(matches!(
        store.set_message(id + 100, 5).await,
        Err(StoreError::NoSuchTable(_))
    ));
}

async fn start_moves_from_lobby_to_playing_once(db: &Db) {
    let store = db.open().await;
    let id = store
        .create_table(&new_table(GUILD, 10, "teka", &[Some(ALICE), Some(BOB)]))
        .await
        .unwrap();
    // No moves in the lobby.
    assert!(matches!(
        store.record_move(id, 1, 0, &json!("x"), None, None).await,
        Err(StoreError::WrongPhase {
            phase: Phase::Lobby,
            ..
        })
    ));
    store.start_table(id).await.unwrap();
    let table = store.table(id).await.unwrap().unwrap();
    assert_eq!(table.phase, Phase::Playing);
    assert_eq!(table.move_number, 0);
    assert!(matches!(
        store.start_table(id).await,
        Err(StoreError::WrongPhase {
            phase: Phase::Playing,
            ..
        })
    ));
    assert!(matches!(
        store.start_table(id + 1).await,
        Err(StoreError::NoSuchTable(_))
    ));
}

async fn moves_are_stored_in_order_and_a_duplicate_changes_nothing(db: &Db) {
    let store = db.open().await;
    let id = store
        .create_table(&new_table(
            GUILD,
            10,
            "paskahousu",
            &[Some(ALICE), Some(BOB)],
        ))
        .await
        .unwrap();
    store.start_table(id).await.unwrap();
    for number in 1..=12u64 {
        let seat = (number % 2) as usize;
        store
            .record_move(id, number, seat, &json!({ "play": number }), None, None)
            .await
            .unwrap();
    }

    let duplicate = store
        .record_move(
            id,
            7,
            1,
            &json!({ "play": "again" }),
            Some((1, &[5, 5])),
            Some(&[result(0, Some(ALICE), 1, None)]),
        )
        .await
        .unwrap_err();
    assert!(
        matches!(duplicate, StoreError::DuplicateMove { number: 7, .. }),
        "{duplicate:?}"
    );

    let table = store.table(id).await.unwrap().unwrap();
    assert_eq!(table.phase, Phase::Playing);
    assert_eq!(table.move_number, 12);
    let expected: Vec<StoredMove> = (1..=12u64)
        .map(|number| StoredMove {
            number,
            seat: (number % 2) as usize,
            action: json!({ "play": number }),
        })
        .collect();
    assert_eq!(table.moves, expected);
    assert_eq!(store.match_totals(id).await.unwrap(), None);
    assert!(store.results(id).await.unwrap().is_empty());
    assert_eq!(store.open_tables().await.unwrap(), vec![table]);
}

async fn match_totals_are_upserted(db: &Db) {
    let store = db.open().await;
    let id = store
        .create_table(&new_table(
            GUILD,
            10,
            "paston",
            &[Some(ALICE), Some(BOB), None],
        ))
        .await
        .unwrap();
    store.start_table(id).await.unwrap();
    assert_eq!(store.match_totals(id).await.unwrap(), None);

    store
        .record_move(id, 1, 0, &json!("a"), Some((1, &[3, -2, 0])), None)
        .await
        .unwrap();
    assert_eq!(
        store.match_totals(id).await.unwrap(),
        Some((1, vec![3, -2, 0]))
    );

    // A move without totals leaves them alone.
    store
        .record_move(id, 2, 1, &json!("b"), None, None)
        .await
        .unwrap();
    assert_eq!(
        store.match_totals(id).await.unwrap(),
        Some((1, vec![3, -2, 0]))
    );

    store
        .record_move(id, 3, 2, &json!("c"), Some((2, &[10, 4, -7])), None)
        .await
        .unwrap();
    assert_eq!(
        store.match_totals(id).await.unwrap(),
        Some((2, vec![10, 4, -7]))
    );
}

async fn concurrent_writers_all_succeed(db: &Db) {
    let store = db.open().await;
    let mut ids = Vec::new();
    for channel in 0..4 {
        let id = store
            .create_table(&new_table(
                GUILD,
                channel,
                "paston",
                &[Some(ALICE), Some(BOB)],
            ))
            .await
            .unwrap();
        store.start_table(id).await.unwrap();
        ids.push(id);
    }
    let tasks: Vec<_> = ids
        .iter()
        .map(|&id| {
            let store = store.clone();
            tokio::spawn(async move {
                for number in 1..=25u64 {
                    store
                        .record_move(
                            id,
                            number,
                            0,
                            &json!(number),
                            Some((1, &[number as i64, 0])),
                            None,
                        )
                        .await
                        .unwrap();
                }
            })
        })
        .collect();
    for task in tasks {
        task.await.unwrap();
    }
    for table in store.open_tables().await.unwrap() {
        assert_eq!(table.move_number, 25);
        assert_eq!(table.moves.len(), 25);
        assert_eq!(
            store.match_totals(table.id).await.unwrap(),
            Some((1, vec![25, 0]))
        );
    }
}

async fn finishing_stores_results_and_closes_the_table(db: &Db) {
    let store = db.open().await;
    let id = store
        .create_table(&new_table(
            GUILD,
            10,
            "red7",
            &[Some(ALICE), None, Some(BOB)],
        ))
        .await
        .unwrap();
    store.start_table(id).await.unwrap();
    store
        .record_move(id, 1, 0, &json!("a"), None, None)
        .await
        .unwrap();
    let results = vec![
        result(0, Some(ALICE), 2, Some(4)),
        result(1, None, 1, Some(9)),
        result(2, Some(BOB), 2, None),
    ];
    store
        .record_move(
            id,
            2,
            2,
            &json!("last"),
            Some((3, &[4, 9, 4])),
            Some(&results),
        )
        .await
        .unwrap();

    assert!(store.open_tables().await.unwrap().is_empty());
    let table = store.table(id).await.unwrap().unwrap();
    assert_eq!(table.phase, Phase::Finished);
    assert_eq!(table.move_number, 2);
    assert_eq!(table.moves.len(), 2);
    assert_eq!(store.results(id).await.unwrap(), results);
    assert_eq!(
        store.match_totals(id).await.unwrap(),
        Some((3, vec![4, 9, 4]))
    );

    // Nothing happens to a finished table any more.
    assert!(matches!(
        store
            .record_move(id, 3, 0, &json!("late"), None, None)
            .await,
        Err(StoreError::WrongPhase {
            phase: Phase::Finished,
            ..
        })
    ));
    assert!(matches!(
        store.abandon_table(id).await,
        Err(StoreError::WrongPhase {
            phase: Phase::Finished,
            ..
        })
    ));
    assert_eq!(store.table(id).await.unwrap().unwrap(), table);
}

async fn abandoned_tables_leave_the_open_list(db: &Db) {
    let store = db.open().await;
    let lobby = store
        .create_table(&new_table(GUILD, 10, "kop", &[Some(ALICE), None]))
        .await
        .unwrap();
    let playing = store
        .create_table(&new_table(GUILD, 11, "kop", &[Some(ALICE), None]))
        .await
        .unwrap();
    store.start_table(playing).await.unwrap();
    assert_eq!(store.open_tables().await.unwrap().len(), 2);

    store.abandon_table(lobby).await.unwrap();
    store.abandon_table(playing).await.unwrap();
    assert!(store.open_tables().await.unwrap().is_empty());
    assert_eq!(
        store.table(lobby).await.unwrap().unwrap().phase,
        Phase::Abandoned
    );
    assert_eq!(
        store.table(playing).await.unwrap().unwrap().phase,
        Phase::Abandoned
    );
    assert!(store.results(playing).await.unwrap().is_empty());
    assert!(matches!(
        store.abandon_table(playing).await,
        Err(StoreError::WrongPhase {
            phase: Phase::Abandoned,
            ..
        })
    ));
    assert!(matches!(
        store.abandon_table(playing + 100).await,
        Err(StoreError::NoSuchTable(_))
    ));
}

async fn leaderboard_counts_per_guild_and_game(db: &Db) {
    let store = db.open().await;

    // Guild, paston: Alice wins twice, Bob once; Carol never.
    finished_table(
        &store,
        GUILD,
        1,
        "paston",
        &[
            result(0, Some(ALICE), 1, Some(30)),
            result(1, Some(BOB), 2, Some(10)),
            result(2, None, 3, Some(-5)),
        ],
    )
    .await;
    finished_table(
        &store,
        GUILD,
        1,
        "paston",
        &[
            result(0, Some(ALICE), 1, Some(20)),
            result(1, Some(CAROL), 2, Some(25)),
        ],
    )
    .await;
    // Guild, kop (no scores): Bob wins, Carol loses; a computer player wins too.
    finished_table(
        &store,
        GUILD,
        2,
        "kop",
        &[
            result(0, Some(BOB), 1, None),
            result(1, None, 1, None),
            result(2, Some(CAROL), 3, None),
        ],
    )
    .await;
    // Another guild: Carol wins a lot there; it must not count here.
    for channel in 100..103 {
        finished_table(
            &store,
            OTHER_GUILD,
            channel,
            "paston",
            &[
                result(0, Some(CAROL), 1, Some(100)),
                result(1, Some(ALICE), 2, Some(0)),
            ],
        )
        .await;
    }
    // An abandoned table in this guild counts for nothing.
    let abandoned = store
        .create_table(&new_table(GUILD, 3, "paston", &[Some(CAROL), Some(BOB)]))
        .await
        .unwrap();
    store.start_table(abandoned).await.unwrap();
    store
        .record_move(abandoned, 1, 0, &json!("a"), Some((1, &[50, 0])), None)
        .await
        .unwrap();
    store.abandon_table(abandoned).await.unwrap();
    // An unfinished table neither.
    let playing = store
        .create_table(&new_table(GUILD, 4, "paston", &[Some(CAROL), Some(BOB)]))
        .await
        .unwrap();
    store.start_table(playing).await.unwrap();

    let row = |user_id, games, wins, points| LeaderRow {
        user_id,
        games,
        wins,
        points,
    };

    // All games: Alice 2 wins; Bob 1 win (10 points) ahead of ... Carol 0 wins.
    assert_eq!(
        store.leaderboard(GUILD, None, 10).await.unwrap(),
        vec![
            row(ALICE, 2, 2, Some(50)),
            row(BOB, 2, 1, Some(10)),
            row(CAROL, 2, 0, Some(25)),
        ]
    );
    // One game.
    assert_eq!(
        store.leaderboard(GUILD, Some("paston"), 10).await.unwrap(),
        vec![
            row(ALICE, 2, 2, Some(50)),
            row(CAROL, 1, 0, Some(25)),
            row(BOB, 1, 0, Some(10)),
        ]
    );
    // Games without scores: points are None; Bob's win first, Carol after.
    assert_eq!(
        store.leaderboard(GUILD, Some("kop"), 10).await.unwrap(),
        vec![row(BOB, 1, 1, None), row(CAROL, 1, 0, None)]
    );
    // The limit.
    assert_eq!(
        store.leaderboard(GUILD, None, 1).await.unwrap(),
        vec![row(ALICE, 2, 2, Some(50))]
    );
    // The other guild sees only its own tables.
    assert_eq!(
        store.leaderboard(OTHER_GUILD, None, 10).await.unwrap(),
        vec![row(CAROL, 3, 3, Some(300)), row(ALICE, 3, 0, Some(0))]
    );
    // Unknown guild or game: empty.
    assert!(store.leaderboard(7, None, 10).await.unwrap().is_empty());
    assert!(store
        .leaderboard(GUILD, Some("teka"), 10)
        .await
        .unwrap()
        .is_empty());
}

async fn leaderboard_orders_ties_by_points_then_games_then_user(db: &Db) {
    let store = db.open().await;
    // Everyone one win. Points: A 5, B None, C 5 (over two games), D 8.
    let (a, b, c, d) = (11u64, 12u64, 13u64, 14u64);
    finished_table(&store, GUILD, 1, "g", &[result(0, Some(a), 1, Some(5))]).await;
    finished_table(&store, GUILD, 1, "g", &[result(0, Some(b), 1, None)]).await;
    finished_table(&store, GUILD, 1, "g", &[result(0, Some(c), 1, Some(5))]).await;
    finished_table(&store, GUILD, 1, "g", &[result(0, Some(c), 2, None)]).await;
    finished_table(&store, GUILD, 1, "g", &[result(0, Some(d), 1, Some(8))]).await;
    let order: Vec<u64> = store
        .leaderboard(GUILD, None, 10)
        .await
        .unwrap()
        .iter()
        .map(|r| r.user_id)
        .collect();
    // D (8 points), then C and A on 5 points (C has more games), then B (no points last).
    assert_eq!(order, vec![d, c, a, b]);
    // Equal in everything: by user id.
    finished_table(&store, OTHER_GUILD, 1, "g", &[result(0, Some(d), 1, None)]).await;
    finished_table(&store, OTHER_GUILD, 1, "g", &[result(0, Some(a), 1, None)]).await;
    let order: Vec<u64> = store
        .leaderboard(OTHER_GUILD, None, 10)
        .await
        .unwrap()
        .iter()
        .map(|r| r.user_id)
        .collect();
    assert_eq!(order, vec![a, d]);
}

async fn seeds_and_snowflakes_round_trip(db: &Db) {
    let store = db.open().await;
    let big = 1_234_567_890_123_456_789u64;
    for (channel, seed) in [(1u64, u64::MAX), (2, 0), (3, i64::MAX as u64 + 1), (4, big)] {
        let mut new = new_table(big, big + channel, "kop", &[Some(big), Some(u64::MAX)]);
        new.seed = seed;
        new.created_by = big;
        let id = store.create_table(&new).await.unwrap();
        store.set_message(id, big + 99).await.unwrap();
        let table = store.table(id).await.unwrap().unwrap();
        assert_eq!(table.setup.seed, seed);
        assert_eq!(table.setup.guild_id, big);
        assert_eq!(table.setup.channel_id, big + channel);
        assert_eq!(table.setup.created_by, big);
        assert_eq!(store.message_ids(id).await.unwrap().message, Some(big + 99));
        assert_eq!(table.setup.seat_rows[0].user_id, Some(big));
        assert_eq!(table.setup.seat_rows[1].user_id, Some(u64::MAX));
    }
    let id = finished_table(
        &store,
        big,
        9,
        "kop",
        &[
            result(0, Some(big), 1, Some(i64::MIN)),
            result(1, Some(big + 1), 2, Some(i64::MAX)),
        ],
    )
    .await;
    assert_eq!(store.results(id).await.unwrap()[0].user_id, Some(big));
    let board = store.leaderboard(big, None, 5).await.unwrap();
    assert_eq!(board[0].user_id, big);
    assert_eq!(board[1].user_id, big + 1);
}

async fn a_paused_match_frees_its_channel_until_resumed(db: &Db) {
    let store = db.open().await;
    let id = store
        .create_table(&new_table(
            GUILD,
            7,
            "paston",
            &[Some(ALICE), Some(BOB), Some(CAROL)],
        ))
        .await
        .unwrap();
    // Only a match in play can be paused.
    assert!(matches!(
        store.pause_table(id).await,
        Err(StoreError::WrongPhase {
            phase: Phase::Lobby,
            ..
        })
    ));
    store.start_table(id).await.unwrap();
    store
        .record_move(id, 1, 0, &json!("pass"), None, None)
        .await
        .unwrap();
    store.pause_table(id).await.unwrap();
    assert!(matches!(
        store.pause_table(id).await,
        Err(StoreError::WrongPhase { .. })
    ));
    assert!(
        store.open_tables().await.unwrap().is_empty(),
        "a paused table is not restored at start"
    );
    // No move is recorded while paused.
    assert!(store
        .record_move(id, 2, 1, &json!("pass"), None, None)
        .await
        .is_err());
    let paused = store.paused_tables(7).await.unwrap();
    assert_eq!(paused.len(), 1);
    assert!(paused[0].paused);
    assert_eq!(paused[0].moves.len(), 1);
    assert!(store.paused_tables(8).await.unwrap().is_empty());

    // The channel is free meanwhile; while another table holds it, resuming is refused.
    let other = store
        .create_table(&new_table(GUILD, 7, "kop", &[Some(BOB), None, None, None]))
        .await
        .unwrap();
    assert!(matches!(
        store.resume_table(id).await,
        Err(StoreError::ChannelBusy)
    ));
    store.abandon_table(other).await.unwrap();
    store.resume_table(id).await.unwrap();
    let open = store.open_tables().await.unwrap();
    assert_eq!(open.len(), 1);
    assert!(!open[0].paused);
    assert_eq!(open[0].move_number, 1);
    store
        .record_move(id, 2, 1, &json!("pass"), None, None)
        .await
        .unwrap();
}

async fn the_channel_record_counts_wins_and_games_per_user(db: &Db) {
    let store = db.open().await;
    let players = [Some(ALICE), Some(BOB), Some(CAROL)];
    for loser in [2, 2, 1] {
        let results: Vec<ResultRow> = (0..3)
            .map(|s| result(s, players[s], if s == loser { 2 } else { 1 }, None))
            .collect();
        finished_table(&store, GUILD, 9, "matapesa", &results).await;
    }
    // Another channel and another game do not count.
    let results = vec![
        result(0, Some(ALICE), 2, None),
        result(1, Some(BOB), 1, None),
        result(2, Some(CAROL), 1, None),
    ];
    finished_table(&store, GUILD, 10, "matapesa", &results).await;
    finished_table(&store, GUILD, 9, "kop", &results).await;
    let record = store.channel_record(9, "matapesa").await.unwrap();
    assert_eq!(record, vec![(ALICE, 3, 3), (BOB, 2, 3), (CAROL, 1, 3)]);
}

async fn computer_seats_and_stand_ins_round_trip(db: &Db) {
    let store = db.open().await;
    let mut table = new_table(GUILD, 11, "teka", &[Some(ALICE), None, None, Some(BOB)]);
    table.seat_rows[1].computer = Some("hard".into());
    table.seat_rows[1].accepted = true;
    table.turn_timer = Some(3);
    let id = store.create_table(&table).await.unwrap();
    store.set_computer(id, 2, Some("easy")).await.unwrap();
    store.set_stand_in(id, 3, true).await.unwrap();
    let stored = store.table(id).await.unwrap().unwrap();
    assert_eq!(stored.setup.turn_timer, Some(3));
    let levels: Vec<Option<&str>> = stored
        .setup
        .seat_rows
        .iter()
        .map(|s| s.computer.as_deref())
        .collect();
    assert_eq!(levels, vec![None, Some("hard"), Some("easy"), None]);
    assert!(
        stored.setup.seat_rows[2].accepted,
        "a computer player needs no invitation"
    );
    assert!(stored.setup.seat_rows[3].stand_in);
    store.set_stand_in(id, 3, false).await.unwrap();
    store.set_computer(id, 2, None).await.unwrap();
    let stored = store.table(id).await.unwrap().unwrap();
    assert!(!stored.setup.seat_rows[3].stand_in);
    assert_eq!(stored.setup.seat_rows[2].computer, None);
    assert!(!stored.setup.seat_rows[2].accepted);
    assert!(matches!(
        store.set_computer(id, 9, Some("easy")).await,
        Err(StoreError::NoSuchSeat { .. })
    ));
    assert!(matches!(
        store.set_computer(id + 1, 0, Some("easy")).await,
        Err(StoreError::NoSuchTable(_))
    ));
    // The level is one of the three.
    assert!(store.set_computer(id, 2, Some("genius")).await.is_err());
}

async fn a_person_takes_over_a_computer_seat_of_a_running_game(db: &Db) {
    let store = db.open().await;
    let mut table = new_table(GUILD, 12, "teka", &[Some(ALICE), None, None, None]);
    for seat in 1..4 {
        table.seat_rows[seat].computer = Some("normal".into());
        table.seat_rows[seat].accepted = true;
    }
    table.learning.open_seats = true;
    let id = store.create_table(&table).await.unwrap();
    // Not while the table is a lobby.
    assert!(matches!(
        store.take_over_seat(id, 1, BOB, "normal", 0).await,
        Err(StoreError::NoSuchSeat { .. })
    ));
    store.start_table(id).await.unwrap();
    // Not a person's seat, nor a level the seat was not played at.
    assert!(store.take_over_seat(id, 0, BOB, "normal", 3).await.is_err());
    assert!(store.take_over_seat(id, 2, BOB, "hard", 3).await.is_err());
    store.take_over_seat(id, 2, BOB, "normal", 3).await.unwrap();
    let stored = store.table(id).await.unwrap().unwrap();
    assert!(stored.setup.learning.open_seats && !stored.setup.learning.hints);
    let taken = &stored.setup.seat_rows[2];
    assert_eq!(
        (taken.user_id, taken.accepted, taken.computer.as_deref()),
        (Some(BOB), true, None)
    );
    assert_eq!(
        (taken.taken_from.as_deref(), taken.taken_at),
        (Some("normal"), Some(3))
    );
    // Taken once: a second person finds no computer there.
    assert!(store
        .take_over_seat(id, 2, CAROL, "normal", 4)
        .await
        .is_err());
    assert_eq!(stored.setup.seat_rows[1].taken_from, None);
}

async fn a_forfeit_is_one_loss_and_charges_nobody_else(db: &Db) {
    let store = db.open().await;
    let lobby = store
        .create_table(&new_table(GUILD, 10, "kop", &[Some(ALICE), Some(BOB)]))
        .await
        .unwrap();
    assert!(
        matches!(
            store.forfeit_table(lobby, 1, BOB).await,
            Err(StoreError::WrongPhase {
                phase: Phase::Lobby,
                ..
            })
        ),
        "a lobby is not forfeited"
    );
    let id = store
        .create_table(&new_table(GUILD, 11, "kop", &[Some(ALICE), Some(BOB)]))
        .await
        .unwrap();
    store.start_table(id).await.unwrap();
    store.forfeit_table(id, 1, BOB).await.unwrap();
    let table = store.table(id).await.unwrap().unwrap();
    assert_eq!(table.phase, Phase::Abandoned);
    assert!(store
        .open_tables()
        .await
        .unwrap()
        .iter()
        .all(|t| t.id != id));
    assert_eq!(
        store.results(id).await.unwrap(),
        vec![ResultRow {
            seat: 1,
            user_id: Some(BOB),
            place: 2,
            won: false,
            score: None,
            computer: None,
            team: 1,
        }]
    );
    assert_eq!(
        store.leaderboard(GUILD, None, 10).await.unwrap(),
        vec![LeaderRow {
            user_id: BOB,
            games: 1,
            wins: 0,
            points: None,
        }]
    );
    assert_eq!(
        store.channel_record(11, "kop").await.unwrap(),
        vec![(BOB, 0, 1)]
    );
    assert!(matches!(
        store.forfeit_table(id, 0, ALICE).await,
        Err(StoreError::WrongPhase {
            phase: Phase::Abandoned,
            ..
        })
    ));
    // An abandoned table without a forfeit still counts for nobody.
    let closed = store
        .create_table(&new_table(GUILD, 12, "kop", &[Some(ALICE), Some(CAROL)]))
        .await
        .unwrap();
    store.start_table(closed).await.unwrap();
    store.abandon_table(closed).await.unwrap();
    assert_eq!(store.leaderboard(GUILD, None, 10).await.unwrap().len(), 1);
}

async fn server_settings_and_the_live_ping_round_trip(db: &Db) {
    let store = db.open().await;
    let threads = |on| GuildSetting::Threads(on);
    assert_eq!(
        store.guild_settings(GUILD).await.unwrap(),
        GuildSettings::default(),
        "threads off, pictures on, no language by default"
    );
    store
        .set_guild_setting(GUILD, &threads(true))
        .await
        .unwrap();
    assert!(store.guild_settings(GUILD).await.unwrap().threads);
    assert!(!store.guild_settings(OTHER_GUILD).await.unwrap().threads);
    store
        .set_guild_setting(GUILD, &threads(false))
        .await
        .unwrap();
    store
        .set_guild_setting(OTHER_GUILD, &threads(true))
        .await
        .unwrap();
    // One setting leaves the others as they were.
    store
        .set_guild_setting(OTHER_GUILD, &GuildSetting::Images(false))
        .await
        .unwrap();
    store
        .set_guild_setting(OTHER_GUILD, &GuildSetting::Language("fi".into()))
        .await
        .unwrap();
    let id = store
        .create_table(&new_table(GUILD, 10, "kop", &[Some(ALICE), Some(BOB)]))
        .await
        .unwrap();
    store.set_ping(id, Some(u64::MAX - 1)).await.unwrap();
    store.close().await;
    // Reopened: the settings and the ping (a snowflake above i64::MAX) are as they were.
    let store = db.open().await;
    assert!(!store.guild_settings(GUILD).await.unwrap().threads);
    assert_eq!(
        store.guild_settings(OTHER_GUILD).await.unwrap(),
        GuildSettings {
            threads: true,
            images: false,
            language: Some("fi".into()),
            ..GuildSettings::default()
        }
    );
    assert_eq!(
        store.message_ids(id).await.unwrap().ping,
        Some(u64::MAX - 1)
    );
    store.set_ping(id, None).await.unwrap();
    assert_eq!(store.message_ids(id).await.unwrap().ping, None);
}

/// Moves are folded from the write-ahead log into the database file by the store's background
/// checkpoints (the writing connection never checkpoints, so without them the file would not
/// grow).
#[tokio::test]
async fn the_write_ahead_log_is_checkpointed_in_the_background() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&url(&dir)).await.unwrap();
    let file = dir.path().join("pakka.db");
    // The first checkpoint runs at once: the migrations are in the file.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let before = std::fs::metadata(&file).unwrap().len();
    let id = store
        .create_table(&new_table(GUILD, 1, "paston", &[Some(ALICE), Some(BOB)]))
        .await
        .unwrap();
    store.start_table(id).await.unwrap();
    // Moves of 20 kB each (no state is stored beside them) fill the write-ahead log.
    for number in 1..=20u64 {
        let big = json!({ "n": number, "filler": "x".repeat(20_000) });
        store
            .record_move(id, number, 0, &big, None, None)
            .await
            .unwrap();
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while std::fs::metadata(&file).unwrap().len() <= before + 16_384 {
        assert!(
            std::time::Instant::now() < deadline,
            "the database file stayed at {before} bytes: nothing was checkpointed"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// Two stores on one database (two bot processes): one open table per channel and one stored
/// copy of a move number hold between them, whichever writes first.
async fn two_processes_share_one_database(db: &Db) {
    let first = db.open().await;
    let second = db.open().await;
    let id = first
        .create_table(&new_table(GUILD, 10, "kop", &[Some(ALICE), Some(BOB)]))
        .await
        .unwrap();
    assert!(matches!(
        second
            .create_table(&new_table(GUILD, 10, "kop", &[Some(BOB), None]))
            .await,
        Err(StoreError::ChannelBusy)
    ));
    first.start_table(id).await.unwrap();
    // Both try to store move 1 at the same moment: exactly one succeeds.
    let (action_a, action_b) = (json!("a"), json!("b"));
    let (a, b) = tokio::join!(
        first.record_move(id, 1, 0, &action_a, None, None),
        second.record_move(id, 1, 1, &action_b, None, None),
    );
    assert_eq!(
        [&a, &b].iter().filter(|r| r.is_ok()).count(),
        1,
        "{a:?} {b:?}"
    );
    let refused = if a.is_ok() { b } else { a };
    assert!(
        matches!(refused, Err(StoreError::DuplicateMove { number: 1, .. })),
        "{refused:?}"
    );
    let stored = second.table(id).await.unwrap().unwrap();
    assert_eq!(stored.moves.len(), 1);
    assert_eq!(stored.move_number, 1);
    // The move is the winner's.
    let winner = if stored.moves[0].seat == 0 {
        &action_a
    } else {
        &action_b
    };
    assert_eq!(&stored.moves[0].action, winner);
    // A finished game written by one is on the other's leaderboard at once.
    finished_table(
        &first,
        GUILD,
        11,
        "red7",
        &[result(0, Some(CAROL), 1, Some(3))],
    )
    .await;
    assert_eq!(
        second.leaderboard(GUILD, Some("red7"), 10).await.unwrap(),
        vec![LeaderRow {
            user_id: CAROL,
            games: 1,
            wins: 1,
            points: Some(3)
        }]
    );
}

/// A process on shards `first..=last` of `total` restores the open tables of exactly the
/// servers on those shards.
async fn open_tables_in_picks_the_servers_of_a_shard_range(db: &Db) {
    let store = db.open().await;
    let all = ShardRange {
        first: 0,
        last: 3,
        total: 4,
    };
    // Servers 0..8 << 22 sit on shards 0, 1, 2, 3, 0, 1, 2, 3; a real snowflake too.
    let guilds: Vec<u64> = (0..8u64).map(|n| n << 22).chain([GUILD]).collect();
    let mut ids = Vec::new();
    for (channel, &guild) in guilds.iter().enumerate() {
        ids.push(
            store
                .create_table(&new_table(guild, channel as u64, "kop", &[Some(ALICE)]))
                .await
                .unwrap(),
        );
    }
    // A finished table is not restored.
    finished_table(
        &store,
        1 << 22,
        99,
        "kop",
        &[result(0, Some(ALICE), 1, None)],
    )
    .await;
    for (first, last) in [(0, 0), (1, 2), (3, 3), (0, 3)] {
        let range = ShardRange { first, last, ..all };
        let got: Vec<u64> = store
            .open_tables_in(range)
            .await
            .unwrap()
            .iter()
            .map(|t| t.setup.guild_id)
            .collect();
        let want: Vec<u64> = guilds.iter().copied().filter(|&g| range.holds(g)).collect();
        assert_eq!(got, want, "shards {first}-{last}/4");
    }
    assert_eq!(all.shard_of(GUILD), ((GUILD >> 22) % 4) as u32);
    assert_eq!(
        store.open_tables_in(ShardRange::ALL).await.unwrap(),
        store.open_tables().await.unwrap()
    );
}

/// An event's life in the store: created in sign-up, players signed up in order (twice is
/// refused, a withdrawn player comes back in their place), a round stored whole with its
/// tables, a table linked and its result set once, the missed rounds counted, and the state
/// and every snowflake read back.
async fn an_event_its_players_and_rounds_round_trip(db: &Db) {
    use pakka::store::{EventPhase, EventState, Missed, NewTournament, Withdrawn};
    let store = db.open().await;
    let new = NewTournament {
        guild_id: GUILD,
        channel_id: 77,
        organiser: ALICE,
        game: "paskahousu".into(),
        options: json!({}),
        format: "swiss".into(),
        seats: 2,
        rounds: 3,
        max_players: 16,
        round_minutes: 30,
        checkin_minutes: 5,
        level: "normal".into(),
        seed: u64::MAX - 5,
    };
    let id = store.create_tournament(&new).await.unwrap();
    let stored = store.tournament(id).await.unwrap().unwrap();
    assert_eq!(stored.new, new);
    assert_eq!(stored.state.phase, EventPhase::Signup);
    assert_eq!(stored.message_id, None);
    store
        .set_tournament_message(id, u64::MAX - 1)
        .await
        .unwrap();
    assert_eq!(
        store.tournament(id).await.unwrap().unwrap().message_id,
        Some(u64::MAX - 1)
    );

    assert!(store.sign_up_tournament(id, ALICE, 1.5).await.unwrap());
    assert!(store.sign_up_tournament(id, BOB, -2.0).await.unwrap());
    assert!(
        !store.sign_up_tournament(id, ALICE, 9.0).await.unwrap(),
        "twice"
    );
    store
        .set_tournament_withdrawn(id, ALICE, Withdrawn::Themselves)
        .await
        .unwrap();
    assert!(store.sign_up_tournament(id, CAROL, 0.0).await.unwrap());
    assert!(
        store.sign_up_tournament(id, ALICE, 9.0).await.unwrap(),
        "back in"
    );
    let players = store.tournament_players(id).await.unwrap();
    let order: Vec<(u64, u32, Withdrawn)> = players
        .iter()
        .map(|p| (p.user_id, p.joined, p.withdrawn))
        .collect();
    assert_eq!(
        order,
        [
            (ALICE, 1, Withdrawn::No),
            (BOB, 2, Withdrawn::No),
            (CAROL, 3, Withdrawn::No)
        ]
    );
    assert_eq!(players[0].rating, 1.5, "the rating they came with");
    store.check_in_tournament(id, BOB, 1).await.unwrap();

    let state = EventState {
        phase: EventPhase::Playing,
        paused: false,
        round: 1,
        deadline_ms: Some(1_800_000_000_000),
    };
    let plan = json!({ "tables": [[1, 2], [3]] });
    let missed = [Missed {
        user_id: CAROL,
        missed: 1,
        withdrawn: Withdrawn::No,
    }];
    let results = [None, Some(json!({ "bye": true }))];
    assert!(store
        .begin_tournament_round(id, 1, &plan, &results, &missed, state)
        .await
        .unwrap());
    assert!(
        !store
            .begin_tournament_round(id, 1, &plan, &results, &missed, state)
            .await
            .unwrap(),
        "a round is stored once"
    );
    assert_eq!(store.tournament(id).await.unwrap().unwrap().state, state);
    let players = store.tournament_players(id).await.unwrap();
    assert_eq!(players[1].checked_in, 1);
    assert_eq!(players[2].missed, 1);

    let table = store
        .create_table(&new_table(
            GUILD,
            78,
            "paskahousu",
            &[Some(ALICE), Some(BOB)],
        ))
        .await
        .unwrap();
    store.link_tournament_table(id, 1, 0, table).await.unwrap();
    assert_eq!(
        store.tournament_of_table(table).await.unwrap(),
        Some((id, 1, 0))
    );
    assert_eq!(store.tournament_of_table(table + 1).await.unwrap(), None);
    assert!(store
        .set_tournament_result(id, 1, 0, &json!({ "ranking": [[0], [1]] }))
        .await
        .unwrap());
    assert!(
        !store
            .set_tournament_result(id, 1, 0, &json!({ "ranking": [[1], [0]] }))
            .await
            .unwrap(),
        "a result is set once"
    );
    let rounds = store.tournament_rounds(id).await.unwrap();
    assert_eq!(rounds.len(), 1);
    assert_eq!(rounds[0].plan, plan);
    assert_eq!(rounds[0].tables.len(), 2);
    assert_eq!(rounds[0].tables[0].table_id, Some(table));
    assert_eq!(
        rounds[0].tables[0].result,
        Some(json!({ "ranking": [[0], [1]] }))
    );
    assert_eq!(rounds[0].tables[1].result, Some(json!({ "bye": true })));

    assert_eq!(store.running_tournaments().await.unwrap().len(), 1);
    store
        .set_tournament_state(
            id,
            EventState {
                phase: EventPhase::Finished,
                paused: false,
                round: 3,
                deadline_ms: None,
            },
        )
        .await
        .unwrap();
    assert!(store.running_tournaments().await.unwrap().is_empty());
}

/// A season's end: its ratings kept as its final standings (its board and champions read
/// them), every rating of the server (and no other) started afresh with a wider σ and no
/// games, the next season opened; games rated after it count in the next season only; and a
/// recompute from the results agrees with all of it.
async fn a_season_ends_keeps_its_standings_and_starts_every_rating_afresh(db: &Db) {
    use pakka::ratings::Rating;
    use pakka::store::{GuildSetting, ALL_GAMES};
    let store = db.open().await;
    store
        .set_guild_setting(
            GUILD,
            &GuildSetting::Seasons {
                length: Some("monthly".into()),
                channel: 77,
            },
        )
        .await
        .unwrap();
    assert_eq!(
        store.season_servers().await.unwrap(),
        vec![(GUILD, "monthly".to_string(), Some(77))]
    );
    let first = store.open_season(GUILD, "2026-11").await.unwrap();
    assert_eq!((first.number, first.name.as_str()), (1, "2026-11"));
    assert_eq!(
        store.open_season(GUILD, "2026-12").await.unwrap(),
        first,
        "a season open already stays"
    );
    for channel in [200, 201] {
        finished_table(
            &store,
            GUILD,
            channel,
            "paskahousu",
            &[
                result(0, Some(ALICE), 1, None),
                result(1, Some(BOB), 2, None),
            ],
        )
        .await;
    }
    finished_table(
        &store,
        OTHER_GUILD,
        202,
        "paskahousu",
        &[
            result(0, Some(ALICE), 1, None),
            result(1, Some(BOB), 2, None),
        ],
    )
    .await;
    let before = store.board(GUILD, "paskahousu", None, 0, 10).await.unwrap();
    let other_before = store
        .board(OTHER_GUILD, "paskahousu", None, 0, 10)
        .await
        .unwrap();
    assert_eq!(before.rows[0].games, 2);

    assert_eq!(
        store.roll_season(GUILD, "2026-11").await.unwrap(),
        None,
        "still November"
    );
    let ended = store.roll_season(GUILD, "2026-12").await.unwrap().unwrap();
    assert_eq!((ended.number, ended.name.as_str()), (1, "2026-11"));
    assert!(ended.ended_at.is_some());
    let seasons = store.seasons(GUILD).await.unwrap();
    assert_eq!(seasons.len(), 2);
    assert_eq!(
        (seasons[1].number, seasons[1].name.as_str()),
        (2, "2026-12")
    );
    assert_eq!(seasons[1].ended_at, None);

    // The season's final standings are what the board showed before its end.
    let kept = store
        .season_board(GUILD, 1, "paskahousu", 0, 10)
        .await
        .unwrap();
    assert_eq!(kept, before);
    let champions = store.season_champions(GUILD, 1).await.unwrap();
    let games: Vec<&str> = champions.iter().map(|c| c.game.as_str()).collect();
    assert_eq!(games, [ALL_GAMES, "paskahousu"]);
    assert!(champions.iter().all(|c| c.user_id == ALICE));

    // Every rating of the server starts afresh: the same μ, σ widened as
    // `Rating::next_season` widens it, no games this season; the players who have not played
    // this season are not on its board.
    let fresh = store.board(GUILD, "paskahousu", None, 0, 10).await.unwrap();
    assert!(fresh.rows.is_empty(), "{fresh:?}");
    for row in &before.rows {
        let pakka::ratings::Player::Person(user) = row.player else {
            continue;
        };
        let record = store
            .player_records(GUILD, user, Some("paskahousu"))
            .await
            .unwrap()
            .into_iter()
            .find(|r| r.game == "paskahousu")
            .unwrap();
        let (rating, games) = record.rating.unwrap();
        assert_eq!(rating, row.rating.next_season(), "the soft reset");
        assert_eq!(games, 0);
    }
    finished_table(
        &store,
        GUILD,
        203,
        "paskahousu",
        &[
            result(0, Some(BOB), 1, None),
            result(1, Some(ALICE), 2, None),
        ],
    )
    .await;
    let now = store.board(GUILD, "paskahousu", None, 0, 10).await.unwrap();
    assert_eq!(now.rows.len(), 2);
    assert!(now.rows.iter().all(|r| r.games == 1));
    let alice_before = before
        .rows
        .iter()
        .find(|r| r.player == pakka::ratings::Player::Person(ALICE))
        .unwrap()
        .rating;
    let widened: Rating = alice_before.next_season();
    assert!(widened.sigma > alice_before.sigma && widened.sigma <= Rating::new().sigma);
    assert_eq!(widened.mu, alice_before.mu);
    // The other server's ratings are untouched.
    assert_eq!(
        store
            .board(OTHER_GUILD, "paskahousu", None, 0, 10)
            .await
            .unwrap(),
        other_before
    );
    // The recompute applies the season's end at the same place.
    assert_eq!(store.recompute_ratings(false).await.unwrap().differing, 0);
}

on_both_backends!(
    one_open_table_per_channel,
    tables_and_seats_round_trip,
    start_moves_from_lobby_to_playing_once,
    moves_are_stored_in_order_and_a_duplicate_changes_nothing,
    match_totals_are_upserted,
    finishing_stores_results_and_closes_the_table,
    abandoned_tables_leave_the_open_list,
    leaderboard_counts_per_guild_and_game,
    leaderboard_orders_ties_by_points_then_games_then_user,
    seeds_and_snowflakes_round_trip,
    a_paused_match_frees_its_channel_until_resumed,
    the_channel_record_counts_wins_and_games_per_user,
    computer_seats_and_stand_ins_round_trip,
    a_person_takes_over_a_computer_seat_of_a_running_game,
    a_forfeit_is_one_loss_and_charges_nobody_else,
    server_settings_and_the_live_ping_round_trip,
    concurrent_writers_all_succeed,
    two_processes_share_one_database,
    open_tables_in_picks_the_servers_of_a_shard_range,
    an_event_its_players_and_rounds_round_trip,
    a_season_ends_keeps_its_standings_and_starts_every_rating_afresh,
);
