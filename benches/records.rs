//! Players' records with many results stored: how long the reads behind `/scores` (all time
//! and one month, every game and one game), `/stats` and `/history` take on a SQLite file
//! holding 100,000 result rows of one server, how long a finished game's rating update adds to
//! its last move, and how long `pakka ratings` takes to recompute everything. Prints a Markdown
//! table (the figures of BENCHMARKS.md). `cargo bench --bench records`; under `cargo test` it
//! runs the same steps on 600 results once.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

use pakka::rules::registry::GAMES;
use pakka::store::{NewTable, ResultRow, SeatRow, Store, ALL_GAMES};

const GUILD: u64 = 900_000_000_000_000_100;
const PEOPLE: u64 = 60;

/// Plays finished tables into the store until it holds `target` result rows; answers the time
/// each finishing move took (its results and rating update included).
async fn fill(store: &Store, target: usize) -> Vec<Duration> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut results = 0;
    let mut finishing = Vec::new();
    let mut n = 0u64;
    while results < target {
        n += 1;
        let info = &GAMES[rng.random_range(0..GAMES.len())];
        let seats = rng.random_range(info.seats.0..=info.seats.1);
        let mut seat_rows = Vec::new();
        for seat in 0..seats {
            let computer = seat > 0 && rng.random_bool(0.25);
            seat_rows.push(SeatRow {
                seat,
                user_id: (!computer).then(|| 1_000 + (n * 7 + seat as u64 * 13) % PEOPLE),
                accepted: true,
                computer: computer.then(|| ["easy", "normal", "hard"][seat % 3].to_string()),
                stand_in: false,
                ..SeatRow::default()
            });
        }
        let id = store
            .create_table(&NewTable {
                guild_id: GUILD,
                channel_id: 10 + n % 5,
                game: info.id.to_string(),
                options: json!({}),
                seats,
                seed: n,
                created_by: 1_000,
                seat_rows: seat_rows.clone(),
                turn_timer: None,
                learning: Default::default(),
            })
            .await
            .unwrap();
        store.start_table(id).await.unwrap();
        let rows: Vec<ResultRow> = seat_rows
            .iter()
            .map(|s| {
                let place = rng.random_range(1..=seats);
                ResultRow {
                    seat: s.seat,
                    user_id: s.user_id,
                    place,
                    won: place == 1,
                    score: Some(rng.random_range(-20..60)),
                    computer: s.computer.clone(),
                    team: (info.team_of)(s.seat),
                }
            })
            .collect();
        let t0 = Instant::now();
        store
            .record_move(id, 1, 0, &json!("x"), None, Some(&rows))
            .await
            .unwrap();
        finishing.push(t0.elapsed());
        results += rows.len();
    }
    finishing
}

fn stats(mut times: Vec<Duration>) -> String {
    times.sort();
    let at = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    format!(
        "{:.2} / {:.2} / {:.2}",
        ms(at(0.5)),
        ms(at(0.99)),
        ms(*times.last().unwrap())
    )
}

async fn time<F, Fut>(runs: usize, mut f: F) -> String
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    f().await; // warm the page cache and the statements
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t0 = Instant::now();
        f().await;
        times.push(t0.elapsed());
    }
    stats(times)
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (target, runs) = if full { (100_000, 200) } else { (600, 3) };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("pakka.db").display());
        let store = Store::open(&url).await.unwrap();
        let t0 = Instant::now();
        let finishing = fill(&store, target).await;
        let filled = t0.elapsed();
        let month = "2000-01-01T00:00:00.000Z";

        println!("{target} result rows in {} finished tables, {PEOPLE} people and 3 computer levels in one server; SQLite file (WAL, synchronous=FULL); filled in {:.0} s", finishing.len(), filled.as_secs_f64());
        println!();
        println!("| Read ({runs} runs) | p50 / p99 / max ms |");
        println!("|---|---|");
        // Each line is printed as soon as it is measured.
        macro_rules! row {
            ($what:expr, $read:expr) => {
                let figures = time(runs, || async { $read.await.unwrap(); }).await;
                println!("| {} | {figures} |", $what);
            };
        }
        row!("`/scores` page 1, every game, all time", store.board(GUILD, ALL_GAMES, None, 0, 10));
        row!("`/scores` page 1, one game, all time", store.board(GUILD, "red7", None, 0, 10));
        row!("`/scores` last page, every game, all time", store.board(GUILD, ALL_GAMES, None, 60, 10));
        row!("`/scores` page 1, every game, a period (all rows in it)", store.board(GUILD, ALL_GAMES, Some(month), 0, 10));
        row!("`/scores` page 1, one game, a period", store.board(GUILD, "red7", Some(month), 0, 10));
        row!("`/stats` of one person, every game", store.player_records(GUILD, 1_000, None));
        row!("`/history` of the server", store.history(GUILD, None, 10));
        row!("`/history` of one channel", store.history(GUILD, Some(10), 10));
        println!("| A game's last move with its results and rating update (over the fill) | {} |", stats(finishing));
        let t0 = Instant::now();
        let check = store.recompute_ratings(false).await.unwrap();
        assert_eq!(check.differing, 0, "{check:?}");
        println!(
            "| `pakka ratings --check`: recompute {} ratings and {} rating changes from the results | {:.0} ms once |",
            check.ratings,
            check.history,
            t0.elapsed().as_secs_f64() * 1000.0
        );
        store.close().await;
    });
}
