//! Ratings against the real migrations, on both backends: a fixed sequence of results (a
//! free-for-all with a tie, Teka's partnerships, a computer level seated twice, a forfeit)
//! gives the ratings the `skillratings` crate computes for it; recomputing from the results
//! table gives exactly the ratings stored one game at a time, also for a database whose
//! ratings are missing (one from before ratings existed); the leaderboard's order, pages and
//! periods; one player's record; the history of a channel and a server.

use std::collections::BTreeMap;

use pakka::ratings::{Player, Rating};
use pakka::store::{NewTable, ResultRow, SeatRow, Store, TableId, ALL_GAMES};
use rand::{Rng, SeedableRng};
use serde_json::json;
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

use crate::support::backends::{on_both_backends, Db};

/// The fake Discord's server, so that e2e tests can share these helpers.
const GUILD: u64 = crate::support::FakeDiscord::GUILD_ID;
const CHANNEL: u64 = 77;
const ANNA: u64 = 1_000_000_000_000_000_001;
const BERT: u64 = 1_000_000_000_000_000_002;
const CLEO: u64 = 1_000_000_000_000_000_003;
const DAN: u64 = 1_000_000_000_000_000_004;

/// Who sits at a seat: a person or a computer level.
#[derive(Clone, Copy)]
pub enum Who {
    P(u64),
    C(&'static str),
}

/// Creates and starts a table in `channel` with these seats and finishes it with these places
/// (teams are the seats, or Teka's partnerships).
pub async fn finish(store: &Store, channel: u64, game: &str, seats: &[(Who, usize)]) -> TableId {
    let id = open(store, channel, game, seats).await;
    let team = |seat: usize| if game == "teka" { seat % 2 } else { seat };
    let results: Vec<ResultRow> = seats
        .iter()
        .enumerate()
        .map(|(seat, &(who, place))| ResultRow {
            seat,
            user_id: match who {
                Who::P(u) => Some(u),
                Who::C(_) => None,
            },
            place,
            won: place == 1,
            score: Some(10 - 3 * i64::try_from(place).unwrap()),
            computer: match who {
                Who::P(_) => None,
                Who::C(level) => Some(level.to_string()),
            },
            team: team(seat),
        })
        .collect();
    store
        .record_move(id, 1, 0, &json!("x"), None, Some(&results))
        .await
        .unwrap();
    id
}

async fn open(store: &Store, channel: u64, game: &str, seats: &[(Who, usize)]) -> TableId {
    let seat_rows = seats
        .iter()
        .enumerate()
        .map(|(seat, &(who, _))| SeatRow {
            seat,
            user_id: match who {
                Who::P(u) => Some(u),
                Who::C(_) => None,
            },
            accepted: true,
            computer: match who {
                Who::P(_) => None,
                Who::C(level) => Some(level.to_string()),
            },
            stand_in: false,
            ..SeatRow::default()
        })
        .collect();
    let id = store
        .create_table(&NewTable {
            guild_id: GUILD,
            channel_id: channel,
            game: game.to_string(),
            options: json!({}),
            seats: seats.len(),
            seed: 1,
            created_by: ANNA,
            seat_rows,
            turn_timer: None,
            learning: Default::default(),
        })
        .await
        .unwrap();
    store.start_table(id).await.unwrap();
    id
}

/// Every rating of a track, by player.
async fn ratings(store: &Store, game: &str) -> BTreeMap<Player, (Rating, i64)> {
    let board = store.board(GUILD, game, None, 0, 1000).await.unwrap();
    board
        .rows
        .into_iter()
        .map(|r| (r.player, (r.rating, r.rated_games)))
        .collect()
}

fn wl(r: Rating) -> WengLinRating {
    WengLinRating {
        rating: r.mu,
        uncertainty: r.sigma,
    }
}

fn back(r: &WengLinRating) -> Rating {
    Rating {
        mu: r.rating,
        sigma: r.uncertainty,
    }
}

/// The crate's own answer for teams of ratings with places.
fn crate_rate(teams: &[(Vec<Rating>, usize)]) -> Vec<Vec<Rating>> {
    let ratings: Vec<Vec<WengLinRating>> = teams
        .iter()
        .map(|(t, _)| t.iter().copied().map(wl).collect())
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = ratings
        .iter()
        .zip(teams)
        .map(|(r, (_, place))| (r.as_slice(), MultiTeamOutcome::new(*place)))
        .collect();
    weng_lin_multi_team(&input, &WengLinConfig::new())
        .iter()
        .map(|t| t.iter().map(back).collect())
        .collect()
}

fn close(a: Rating, b: Rating) {
    assert!(
        (a.mu - b.mu).abs() < 1e-9 && (a.sigma - b.sigma).abs() < 1e-9,
        "{a:?} != {b:?}"
    );
}

async fn a_fixed_sequence_gives_the_crates_ratings(db: &Db) {
    let store = db.open().await;
    let new = Rating::new();
    let (anna, bert, cleo, dan) = (
        Player::Person(ANNA),
        Player::Person(BERT),
        Player::Person(CLEO),
        Player::Person(DAN),
    );

    // 1. Mätäpesä, one loser: Anna, Bert and Cleo share first place, Dan is last.
    finish(
        &store,
        CHANNEL,
        "matapesa",
        &[
            (Who::P(ANNA), 1),
            (Who::P(BERT), 1),
            (Who::P(CLEO), 1),
            (Who::P(DAN), 4),
        ],
    )
    .await;
    let want = crate_rate(&[
        (vec![new], 1),
        (vec![new], 1),
        (vec![new], 1),
        (vec![new], 4),
    ]);
    let got = ratings(&store, "matapesa").await;
    close(got[&anna].0, want[0][0]);
    close(got[&cleo].0, want[2][0]);
    close(got[&dan].0, want[3][0]);
    assert!(got[&dan].0.mu < 25.0 && got[&anna].0.mu > 25.0);

    // 2. Teka: Bert and Dan (seats 1 and 3) beat Anna and Cleo, as teams.
    finish(
        &store,
        CHANNEL,
        "teka",
        &[
            (Who::P(ANNA), 3),
            (Who::P(BERT), 1),
            (Who::P(CLEO), 3),
            (Who::P(DAN), 1),
        ],
    )
    .await;
    let want = crate_rate(&[(vec![new, new], 3), (vec![new, new], 1)]);
    let got = ratings(&store, "teka").await;
    close(got[&anna].0, want[0][0]);
    close(got[&cleo].0, want[0][1]);
    close(got[&bert].0, want[1][0]);
    close(got[&dan].0, want[1][1]);

    // The server's rating over every game took both games in order.
    let all = ratings(&store, ALL_GAMES).await;
    let first = crate_rate(&[
        (vec![new], 1),
        (vec![new], 1),
        (vec![new], 1),
        (vec![new], 4),
    ]);
    let second = crate_rate(&[
        (vec![first[0][0], first[2][0]], 3),
        (vec![first[1][0], first[3][0]], 1),
    ]);
    close(all[&anna].0, second[0][0]);
    close(all[&dan].0, second[1][1]);
    assert_eq!(all[&anna].1, 2);

    // 3. Red7 with the "normal" computer level in two seats: it moves by the mean of both.
    finish(
        &store,
        CHANNEL,
        "red7",
        &[
            (Who::P(ANNA), 2),
            (Who::C("normal"), 1),
            (Who::C("normal"), 3),
        ],
    )
    .await;
    let want = crate_rate(&[(vec![new], 2), (vec![new], 1), (vec![new], 3)]);
    let got = ratings(&store, "red7").await;
    close(got[&anna].0, want[0][0]);
    let normal = Player::Computer("normal".into());
    close(
        got[&normal].0,
        Rating {
            mu: (want[1][0].mu + want[2][0].mu) / 2.0,
            sigma: (want[1][0].sigma + want[2][0].sigma) / 2.0,
        },
    );
    assert_eq!(got[&normal].1, 1, "two seats at one table are one game");
    // On the leaderboard, over all time and over a period: one game, won (its seats came
    // first and third).
    let board = store.board(GUILD, "red7", None, 0, 10).await.unwrap();
    let row = board.rows.iter().find(|r| r.player == normal).unwrap();
    assert_eq!((row.games, row.wins), (1, 1));
    let period = store
        .board(GUILD, "red7", Some("2000-01-01"), 0, 10)
        .await
        .unwrap();
    let row = period.rows.iter().find(|r| r.player == normal).unwrap();
    assert_eq!((row.games, row.wins), (1, 1));

    // 4. A forfeit in Mätäpesä: Dan gives up; only Dan's rating moves, as last against the
    // others' current ratings; the others keep theirs.
    let before = ratings(&store, "matapesa").await;
    let id = open(
        &store,
        CHANNEL,
        "matapesa",
        &[(Who::P(ANNA), 0), (Who::P(BERT), 0), (Who::P(DAN), 0)],
    )
    .await;
    store.forfeit_table(id, 2, DAN).await.unwrap();
    let after = ratings(&store, "matapesa").await;
    let want = crate_rate(&[
        (vec![before[&anna].0], 1),
        (vec![before[&bert].0], 1),
        (vec![before[&dan].0], 2),
    ]);
    close(after[&dan].0, want[2][0]);
    assert_eq!(after[&dan].1, 2);
    assert_eq!(after[&anna], before[&anna]);
    assert_eq!(after[&bert], before[&bert]);

    // Recomputing changes nothing.
    let again = store.recompute_ratings(true).await.unwrap();
    assert_eq!(again.differing, 0, "{again:?}");
    assert_eq!(again.tables, 4);
}

async fn recompute_equals_incremental(db: &Db) {
    let store = db.open().await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    let people = [ANNA, BERT, CLEO, DAN];
    let games = ["pishe-pasha", "teka", "red7", "matapesa", "kop"];
    for n in 0..60u64 {
        let game = games[rng.random_range(0..games.len())];
        let seats = if game == "teka" || game == "kop" {
            4
        } else if game == "pishe-pasha" {
            2
        } else {
            rng.random_range(2..=4)
        };
        let mut who: Vec<Who> = Vec::new();
        for seat in 0..seats {
            who.push(if seat > 0 && rng.random_bool(0.3) {
                Who::C(["easy", "normal", "hard"][rng.random_range(0..3)])
            } else {
                Who::P(people[(n as usize + seat) % 4])
            });
        }
        let places: Vec<usize> = if game == "teka" {
            let w = rng.random_range(0..2);
            (0..4).map(|s| if s % 2 == w { 1 } else { 3 }).collect()
        } else {
            (0..seats).map(|_| rng.random_range(1..=seats)).collect()
        };
        let seated: Vec<(Who, usize)> = who.into_iter().zip(places).collect();
        if rng.random_bool(0.1) {
            let id = open(&store, CHANNEL + n, game, &seated).await;
            if let Who::P(user) = seated[0].0 {
                store.forfeit_table(id, 0, user).await.unwrap();
            }
        } else {
            finish(&store, CHANNEL + n % 3, game, &seated).await;
        }
    }
    let before = ratings(&store, ALL_GAMES).await;
    let check = store.recompute_ratings(false).await.unwrap();
    assert_eq!(check.differing, 0, "{check:?}");
    assert!(check.history > 100, "{check:?}");

    // A database whose ratings are missing (as one from before ratings existed) is rated again
    // when opened, to the same values.
    drop(store);
    wipe_ratings(db).await;
    let store = db.open().await;
    assert_eq!(ratings(&store, ALL_GAMES).await, before);
    assert_eq!(store.recompute_ratings(false).await.unwrap().differing, 0);
}

/// Deletes every stored rating and its history, behind the store's back.
async fn wipe_ratings(db: &Db) {
    match db {
        Db::Sqlite(_) => {
            use sqlx::Connection;
            let mut conn = sqlx::SqliteConnection::connect(&db.url()).await.unwrap();
            sqlx::query("DELETE FROM ratings; DELETE FROM rating_history")
                .execute(&mut conn)
                .await
                .unwrap();
        }
        Db::Postgres(_) => {
            use sqlx::Connection;
            let mut conn = sqlx::PgConnection::connect(&db.url()).await.unwrap();
            sqlx::raw_sql("DELETE FROM ratings; DELETE FROM rating_history")
                .execute(&mut conn)
                .await
                .unwrap();
        }
    }
}

async fn the_board_pages_and_periods(db: &Db) {
    let store = db.open().await;
    // Anna wins five games against Bert: she is established; Cleo plays one game: provisional.
    for _ in 0..5 {
        finish(
            &store,
            CHANNEL,
            "red7",
            &[(Who::P(ANNA), 1), (Who::P(BERT), 2)],
        )
        .await;
    }
    finish(
        &store,
        CHANNEL,
        "red7",
        &[(Who::P(CLEO), 1), (Who::P(BERT), 2)],
    )
    .await;
    let board = store.board(GUILD, "red7", None, 0, 10).await.unwrap();
    assert_eq!(board.total, 3);
    let order: Vec<&Player> = board.rows.iter().map(|r| &r.player).collect();
    // Bert (6 games) is established though lowest; Cleo, with one game, comes after him.
    assert_eq!(
        order,
        [
            &Player::Person(ANNA),
            &Player::Person(BERT),
            &Player::Person(CLEO)
        ]
    );
    assert_eq!((board.rows[0].wins, board.rows[0].games), (5, 5));
    assert_eq!(board.rows[0].points, Some(35));

    let page = store.board(GUILD, "red7", None, 2, 2).await.unwrap();
    assert_eq!(page.total, 3);
    assert_eq!(page.rows.len(), 1);
    let past = store.board(GUILD, "red7", None, 10, 2).await.unwrap();
    assert_eq!((past.rows.len(), past.total), (0, 3));

    // A period in the future holds nobody; one in the past holds everyone, with its counts.
    let none = store
        .board(GUILD, "red7", Some("2999-01-01T00:00:00.000Z"), 0, 10)
        .await
        .unwrap();
    assert_eq!(none.total, 0);
    let all = store
        .board(GUILD, ALL_GAMES, Some("2000-01-01T00:00:00.000Z"), 0, 10)
        .await
        .unwrap();
    assert_eq!(all.total, 3);
    assert_eq!(all.rows[1].games, 6);
    assert_eq!(all.rows[1].wins, 0);
}

async fn a_players_record_and_the_history(db: &Db) {
    let store = db.open().await;
    finish(
        &store,
        CHANNEL,
        "red7",
        &[(Who::P(ANNA), 1), (Who::C("hard"), 2)],
    )
    .await;
    finish(
        &store,
        CHANNEL,
        "red7",
        &[(Who::P(ANNA), 2), (Who::C("hard"), 1)],
    )
    .await;
    let teka = finish(
        &store,
        CHANNEL + 1,
        "teka",
        &[
            (Who::P(ANNA), 1),
            (Who::P(BERT), 3),
            (Who::P(CLEO), 1),
            (Who::P(DAN), 3),
        ],
    )
    .await;
    let records = store.player_records(GUILD, ANNA, None).await.unwrap();
    let names: Vec<&str> = records.iter().map(|r| r.game.as_str()).collect();
    assert_eq!(
        names,
        [ALL_GAMES, "red7", "teka"],
        "every game first, then most played"
    );
    assert_eq!((records[0].games, records[0].wins), (3, 2));
    assert_eq!(records[0].places, [(1, 2), (2, 1)]);
    assert_eq!(records[1].trend.len(), 2);
    assert_eq!(records[0].trend.len(), 3);
    assert_eq!(records[2].best.as_ref().unwrap().table, teka);
    assert_eq!(records[1].worst.as_ref().unwrap().place, 2);
    assert_eq!(records[1].rating.unwrap().1, 2);
    let board = store.board(GUILD, "red7", None, 0, 10).await.unwrap();
    let hard = board
        .rows
        .iter()
        .find(|r| r.player == Player::Computer("hard".into()))
        .unwrap();
    assert_eq!((hard.games, hard.wins), (2, 1));

    let server = store.history(GUILD, None, 10).await.unwrap();
    assert_eq!(server.len(), 3);
    assert_eq!(server[0].table, teka, "newest first");
    assert_eq!(server[0].seats.len(), 4);
    let channel = store.history(GUILD, Some(CHANNEL), 10).await.unwrap();
    assert_eq!(channel.len(), 2);
    assert_eq!(
        channel[0].seats[1].player,
        Some(pakka::ratings::Player::Computer("hard".into()))
    );
    assert_eq!(channel[0].seats[1].place, Some(1));
}

on_both_backends!(
    a_fixed_sequence_gives_the_crates_ratings,
    recompute_equals_incremental,
    the_board_pages_and_periods,
    a_players_record_and_the_history,
);

/// `pakka ratings <file>`: identical ratings pass `--check`; ratings changed behind the
/// store's back fail it and are put right by a recompute; a missing file is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ratings_command_checks_and_recomputes() {
    let db = Db::sqlite();
    let store = db.open().await;
    for _ in 0..3 {
        finish(
            &store,
            CHANNEL,
            "red7",
            &[(Who::P(ANNA), 1), (Who::C("hard"), 2)],
        )
        .await;
    }
    store.close().await;
    let Db::Sqlite(dir) = &db else { unreachable!() };
    let file = dir.path().join("pakka.db");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_pakka"))
            .args(["--lang", "en-US", "ratings"])
            .args(args)
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let path = file.to_str().unwrap();
    let (ok, out, err) = run(&[path, "--check"]);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(
            "3 rated games: 4 ratings and 12 rating changes, identical to the stored ones."
        ),
        "{out}"
    );

    {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(&db.url()).await.unwrap();
        sqlx::query("UPDATE ratings SET mu = mu + 1 WHERE level = 'hard'")
            .execute(&mut conn)
            .await
            .unwrap();
    }
    let (ok, out, _) = run(&[path, "--check"]);
    assert!(!ok, "a difference fails --check: {out}");
    assert!(
        out.contains("2 stored rows differ (nothing changed: --check)"),
        "{out}"
    );
    let (ok, out, _) = run(&[path]);
    assert!(ok, "{out}");
    assert!(
        out.contains("2 stored rows differed and were replaced"),
        "{out}"
    );
    let (ok, out, _) = run(&[&db.url(), "--check"]);
    assert!(ok && out.contains("identical"), "{out}");

    let (ok, _, err) = run(&["/nowhere/pakka.db"]);
    assert!(!ok);
    assert!(
        err.contains("there is no database at /nowhere/pakka.db"),
        "{err}"
    );
}
