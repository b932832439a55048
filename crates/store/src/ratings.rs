//! The stored ratings: applying a finished (or forfeited) table's result to the `ratings` and
//! `rating_history` tables inside the transaction that records it (`rate_table!`), and
//! recomputing every rating from the `results` table in the order the results were rated
//! (`rating_seq`), through the same code and with the same seasons' soft resets
//! (`seasons.rs`), so the two always agree. The rating arithmetic is
//! `pakka_ratings`; this module only reads and writes rows.
//!
//! Each result is rated on two tracks: its game's, and the server's rating over every game
//! (`game` '*', [`ALL_GAMES`]). A forfeit rates only the player who gave up, as last against
//! everyone else seated; the others keep their ratings and their records, as they keep them
//! on the leaderboard.

use std::collections::BTreeMap;

use super::{execute, from_sql, on_db, sql, to_sql, Store, StoreError};
use pakka_ratings::{rate, Entrant, Player, Rating};

/// The `game` of the server's rating over every game.
pub const ALL_GAMES: &str = "*";

/// A seat of a rated table as the rating reads it: from `seats` joined with `results` (a
/// forfeited table has a result row for the player who gave up only). Read with
/// [`RATED_SEAT_COLUMNS`].
pub(super) struct RatedSeat {
    pub seat: i64,
    pub user_id: Option<i64>,
    /// The computer level of a computer seat.
    pub computer: Option<String>,
    pub team: Option<i64>,
    pub place: Option<i64>,
    pub won: Option<bool>,
    pub score: Option<i64>,
    /// The seat has a result row.
    pub has_result: bool,
}

/// The columns of a [`RatedSeat`], from `seats AS s LEFT JOIN results AS r` on the table and
/// the seat.
pub(super) const RATED_SEAT_COLUMNS: &str = "s.seat AS seat, \
     COALESCE(r.user_id, s.user_id) AS user_id, COALESCE(r.computer, s.computer) AS computer, \
     COALESCE(r.team, s.seat) AS team, r.place AS place, r.won AS won, r.score AS score, \
     r.seat IS NOT NULL AS has_result";

/// A player's key in the rating tables: (user id, level); a computer level has user 0.
pub(super) fn key(player: &Player) -> (i64, &str) {
    match player {
        Player::Person(user) => (to_sql(*user), ""),
        Player::Computer(level) => (0, level.as_str()),
    }
}

pub(super) fn player_of(user: i64, level: &str) -> Player {
    if level.is_empty() {
        Player::Person(from_sql(user))
    } else {
        Player::Computer(level.to_string())
    }
}

/// A stored rating with its counters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Standing {
    pub rating: Rating,
    pub games: i64,
    pub wins: i64,
    pub points: Option<i64>,
}

/// What one rated table changes: per player, its new standing (only players with a result
/// row of this table are changed). Each player counts one game per table, however many seats
/// it held (a computer level), won when any of them won, with the best of their scores.
pub(super) fn rated_update(
    seats: &[RatedSeat],
    current: &BTreeMap<Player, Standing>,
) -> BTreeMap<Player, Standing> {
    let mut entrants = Vec::new();
    let mut counted: BTreeMap<Player, (i64, i64, Option<i64>)> = BTreeMap::new();
    for s in seats {
        let Some(player) = Player::of_seat(s.user_id.map(from_sql), s.computer.as_deref()) else {
            continue;
        };
        entrants.push(Entrant {
            player: player.clone(),
            team: usize::try_from(s.team.unwrap_or(s.seat)).unwrap_or_default(),
            place: usize::try_from(s.place.unwrap_or(1)).unwrap_or(1),
        });
        // One game per player and table: a computer level seated several times plays one
        // game, won when any of its seats won, scoring its best seat's points.
        if s.has_result {
            let c = counted.entry(player).or_insert((1, 0, None));
            c.1 = c.1.max(i64::from(s.won.unwrap_or(false)));
            if let Some(score) = s.score {
                c.2 = Some(c.2.map_or(score, |best: i64| best.max(score)));
            }
        }
    }
    let before: BTreeMap<Player, Rating> =
        current.iter().map(|(p, s)| (p.clone(), s.rating)).collect();
    let after = rate(&entrants, &before);
    counted
        .into_iter()
        .map(|(player, (games, wins, points))| {
            let old = current.get(&player).copied();
            let rating = after
                .get(&player)
                .copied()
                .or(old.map(|s| s.rating))
                .unwrap_or_default();
            let old_points = old.and_then(|s| s.points);
            let standing = Standing {
                rating,
                games: old.map_or(0, |s| s.games) + games,
                wins: old.map_or(0, |s| s.wins) + wins,
                points: match (old_points, points) {
                    (None, None) => None,
                    (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
                },
            };
            (player, standing)
        })
        .collect()
}

/// Rates table `$id` (just finished or forfeited, its result rows written) inside the open
/// transaction `$tx`: gives its rows the server's next `rating_seq` and updates the ratings of
/// its players on the game's track and on '*'. On PostgreSQL a transaction-scoped advisory lock
/// on the server orders the ratings of processes and connections that finish tables of one
/// server at once (SQLite has one writer).
macro_rules! rate_table {
    ($dialect:ident, $tx:expr, $id:expr) => {{
        let (guild, game): (i64, String) = sqlx::query_as(sql!(
            $dialect,
            "SELECT guild_id, game FROM tables WHERE id = ?"
        ))
        .bind($id)
        .fetch_one(&mut *$tx)
        .await?;
        if $dialect == $crate::Dialect::Postgres {
            sqlx::query(sql!($dialect, "SELECT pg_advisory_xact_lock(?)"))
                .bind(guild)
                .execute(&mut *$tx)
                .await?;
        }
        sqlx::query(sql!(
            $dialect,
            "UPDATE results SET rating_seq = \
             (SELECT COALESCE(MAX(rating_seq), 0) + 1 FROM results WHERE guild_id = ?) \
             WHERE table_id = ?"
        ))
        .bind(guild)
        .bind($id)
        .execute(&mut *$tx)
        .await?;
        let seq: i64 = sqlx::query_scalar(sql!(
            $dialect,
            "SELECT rating_seq FROM results WHERE table_id = ? LIMIT 1"
        ))
        .bind($id)
        .fetch_one(&mut *$tx)
        .await?;
        let seats: Vec<$crate::ratings::RatedSeat> = sqlx::query_as(sql!(
            $dialect,
            &format!(
                "SELECT {} FROM seats AS s LEFT JOIN results AS r \
                 ON r.table_id = s.table_id AND r.seat = s.seat \
                 WHERE s.table_id = ? ORDER BY s.seat",
                $crate::ratings::RATED_SEAT_COLUMNS
            )
        ))
        .bind($id)
        .fetch_all(&mut *$tx)
        .await?;
        for track in [game.as_str(), $crate::ratings::ALL_GAMES] {
            let mut current = std::collections::BTreeMap::new();
            for seat in &seats {
                let Some(player) = ::pakka_ratings::Player::of_seat(
                    seat.user_id.map($crate::from_sql),
                    seat.computer.as_deref(),
                ) else {
                    continue;
                };
                let (user, level) = $crate::ratings::key(&player);
                let row: Option<(f64, f64, i64, i64, Option<i64>)> = sqlx::query_as(sql!(
                    $dialect,
                    "SELECT mu, sigma, games, wins, points FROM ratings \
                     WHERE guild_id = ? AND game = ? AND user_id = ? AND level = ?"
                ))
                .bind(guild)
                .bind(track)
                .bind(user)
                .bind(level)
                .fetch_optional(&mut *$tx)
                .await?;
                if let Some((mu, sigma, games, wins, points)) = row {
                    current.insert(
                        player,
                        $crate::ratings::Standing {
                            rating: ::pakka_ratings::Rating { mu, sigma },
                            games,
                            wins,
                            points,
                        },
                    );
                }
            }
            let updated = $crate::ratings::rated_update(&seats, &current);
            for (player, s) in &updated {
                let (user, level) = $crate::ratings::key(player);
                $crate::execute!(
                    $dialect,
                    &mut *$tx,
                    "INSERT INTO ratings \
                     (guild_id, game, user_id, level, mu, sigma, games, wins, points, updated_at) \
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, {now}) \
                     ON CONFLICT (guild_id, game, user_id, level) DO UPDATE SET \
                     mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, \
                     wins = excluded.wins, points = excluded.points, updated_at = {now}",
                    guild,
                    track,
                    user,
                    level,
                    s.rating.mu,
                    s.rating.sigma,
                    s.games,
                    s.wins,
                    s.points,
                )?;
                $crate::execute!(
                    $dialect,
                    &mut *$tx,
                    "INSERT INTO rating_history \
                     (table_id, game, user_id, level, guild_id, seq, mu, sigma) \
                     VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    $id,
                    track,
                    user,
                    level,
                    guild,
                    seq,
                    s.rating.mu,
                    s.rating.sigma,
                )?;
            }
        }
    }};
}
pub(crate) use rate_table;

/// What a recompute found: how many rated tables it replayed, how many ratings it holds, and
/// how many of them (and of the history rows) differ from what was stored before.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recomputed {
    pub tables: usize,
    pub ratings: usize,
    pub history: usize,
    /// Ratings and history rows that were missing, extra or different before the recompute.
    pub differing: usize,
}

/// A seat of a rated table in a recompute: the table id, then a [`RatedSeat`].
struct TableSeat {
    table_id: i64,
    seat: RatedSeat,
}

/// Reads a row into a value by column name, on either backend (as sqlx's `FromRow` derive
/// would, without the derive's procedural macro and the second copy of sqlx it builds).
macro_rules! from_row {
    ($type:ident { $($field:ident),+ $(; $nested:ident: $inner:ident)? }) => {
        impl<'r, R: sqlx::Row> sqlx::FromRow<'r, R> for $type
        where
            &'r str: sqlx::ColumnIndex<R>,
            i64: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
            bool: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
            String: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
        {
            fn from_row(row: &'r R) -> Result<Self, sqlx::Error> {
                Ok($type {
                    $($field: row.try_get(stringify!($field))?,)+
                    $($nested: <$inner as sqlx::FromRow<'r, R>>::from_row(row)?,)?
                })
            }
        }
    };
}

from_row!(RatedSeat {
    seat,
    user_id,
    computer,
    team,
    place,
    won,
    score,
    has_result
});
from_row!(TableSeat { table_id; seat: RatedSeat });

/// Every rating row: ((guild, game, user, level), standing).
type RatingRows = BTreeMap<(i64, String, i64, String), (f64, f64, i64, i64, Option<i64>)>;
/// Every season's final rating: ((guild, season, game, user, level), standing).
type SeasonRows = BTreeMap<(i64, i64, String, i64, String), (f64, f64, i64, i64, Option<i64>)>;
/// Every history row: ((table, game, user, level), (guild, seq, mu, sigma)).
type HistoryRows = BTreeMap<(i64, String, i64, String), (i64, i64, f64, f64)>;

/// Writes every row of `$rows` (a [`RatingRows`] or a [`SeasonRows`]) through transaction
/// `$tx` with the insert `$text`: the row's key columns, named `$key`, then its standing (mu,
/// sigma, games, wins, points), in that order.
macro_rules! insert_standings {
    ($dialect:ident, $tx:ident, $text:literal, $rows:expr, ($($key:ident),+)) => {
        for (($($key),+), (mu, sigma, games, wins, points)) in $rows {
            $crate::execute!($dialect, &mut *$tx, $text, $($key,)+ mu, sigma, games, wins, points)?;
        }
    };
}

impl Store {
    /// Recomputes every rating from the `results` table, server by server in `rating_seq`
    /// order, through the same update as the incremental path, and (with `write`) replaces the
    /// stored ratings and history with the result in one transaction. Answers how many stored
    /// rows differed: 0 when the incremental ratings were exact.
    pub async fn recompute_ratings(&self, write: bool) -> Result<Recomputed, StoreError> {
        on_db!(self, writer, untimed, |db, d| {
            let mut tx = db.begin().await?;
            if d == super::Dialect::Postgres {
                // One recompute at a time, and no result recorded while it runs: a game that
                // ends meanwhile waits, then is rated on top of the recomputed ratings (SQLite
                // has one writer, which orders the same way).
                sqlx::query(sql!(
                    d,
                    "LOCK TABLE results, ratings, rating_history IN SHARE ROW EXCLUSIVE MODE"
                ))
                .execute(&mut *tx)
                .await?;
            }
            let tables: Vec<(i64, i64, String, i64)> = sqlx::query_as(sql!(
                d,
                "SELECT DISTINCT r.table_id, r.guild_id, r.game, r.rating_seq FROM results AS r \
                 WHERE r.rating_seq IS NOT NULL ORDER BY r.guild_id, r.rating_seq, r.table_id"
            ))
            .fetch_all(&mut *tx)
            .await?;
            let seats: Vec<TableSeat> = sqlx::query_as(sql!(
                d,
                &format!(
                    "SELECT s.table_id AS table_id, {RATED_SEAT_COLUMNS} \
                     FROM seats AS s LEFT JOIN results AS r \
                     ON r.table_id = s.table_id AND r.seat = s.seat \
                     WHERE s.table_id IN (SELECT table_id FROM results WHERE rating_seq IS NOT NULL) \
                     ORDER BY s.table_id, s.seat"
                )
            ))
                .fetch_all(&mut *tx)
                .await?;
            let mut by_table: BTreeMap<i64, Vec<RatedSeat>> = BTreeMap::new();
            for TableSeat { table_id, seat } in seats {
                by_table.entry(table_id).or_default().push(seat);
            }

            // The seasons' ends: before the first result of each later season, every rating of
            // its server is kept as the season's final standing and started afresh, as
            // `Store::roll_season` does.
            let boundaries: Vec<(i64, i64, i64)> = sqlx::query_as(sql!(
                d,
                "SELECT guild_id, number, first_seq FROM seasons WHERE number > 1 \
                 ORDER BY guild_id, number"
            ))
            .fetch_all(&mut *tx)
            .await?;
            let mut pending: BTreeMap<i64, std::collections::VecDeque<(i64, i64)>> =
                BTreeMap::new();
            for (guild, number, first) in boundaries {
                pending.entry(guild).or_default().push_back((number, first));
            }
            let mut ratings: BTreeMap<(i64, String), BTreeMap<Player, Standing>> = BTreeMap::new();
            let mut seasons: SeasonRows = BTreeMap::new();
            let roll = |ratings: &mut BTreeMap<(i64, String), BTreeMap<Player, Standing>>,
                        seasons: &mut SeasonRows,
                        guild: i64,
                        ended: i64| {
                for ((g, game), players) in ratings.iter_mut() {
                    if *g != guild {
                        continue;
                    }
                    for (player, s) in players.iter_mut() {
                        let (user, level) = key(player);
                        seasons.insert(
                            (guild, ended, game.clone(), user, level.to_string()),
                            (s.rating.mu, s.rating.sigma, s.games, s.wins, s.points),
                        );
                        *s = Standing {
                            rating: s.rating.next_season(),
                            games: 0,
                            wins: 0,
                            points: None,
                        };
                    }
                }
            };
            let mut history: HistoryRows = BTreeMap::new();
            for (table, guild, game, seq) in &tables {
                while let Some(&(number, first)) = pending.get(guild).and_then(|q| q.front()) {
                    if *seq < first {
                        break;
                    }
                    roll(&mut ratings, &mut seasons, *guild, number - 1);
                    pending.get_mut(guild).map(|q| q.pop_front());
                }
                let seats = by_table.get(table).map(Vec::as_slice).unwrap_or_default();
                for track in [game.as_str(), ALL_GAMES] {
                    let current = ratings.entry((*guild, track.to_string())).or_default();
                    let updated = rated_update(seats, current);
                    for (player, standing) in updated {
                        let (user, level) = key(&player);
                        history.insert(
                            (*table, track.to_string(), user, level.to_string()),
                            (*guild, *seq, standing.rating.mu, standing.rating.sigma),
                        );
                        current.insert(player, standing);
                    }
                }
            }
            // Seasons that ended after their server's last result.
            for (guild, left) in &pending {
                for &(number, _) in left {
                    roll(&mut ratings, &mut seasons, *guild, number - 1);
                }
            }
            let computed: RatingRows = ratings
                .iter()
                .flat_map(|((guild, game), players)| {
                    players.iter().map(move |(player, s)| {
                        let (user, level) = key(player);
                        (
                            (*guild, game.clone(), user, level.to_string()),
                            (s.rating.mu, s.rating.sigma, s.games, s.wins, s.points),
                        )
                    })
                })
                .collect();

            let stored_ratings: RatingRows = sqlx::query_as::<
                _,
                (i64, String, i64, String, f64, f64, i64, i64, Option<i64>),
            >(sql!(
                d,
                "SELECT guild_id, game, user_id, level, mu, sigma, games, wins, points FROM ratings"
            ))
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .map(|(g, game, u, l, mu, sigma, games, wins, points)| {
                ((g, game, u, l), (mu, sigma, games, wins, points))
            })
            .collect();
            let stored_history: HistoryRows = sqlx::query_as::<_, (i64, String, i64, String, i64, i64, f64, f64)>(sql!(
                d,
                "SELECT table_id, game, user_id, level, guild_id, seq, mu, sigma FROM rating_history"
            ))
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .map(|(t, game, u, l, g, seq, mu, sigma)| ((t, game, u, l), (g, seq, mu, sigma)))
            .collect();
            let stored_seasons: SeasonRows = sqlx::query_as::<
                _,
                (
                    i64,
                    i64,
                    String,
                    i64,
                    String,
                    f64,
                    f64,
                    i64,
                    i64,
                    Option<i64>,
                ),
            >(sql!(
                d,
                "SELECT guild_id, season, game, user_id, level, mu, sigma, games, wins, points \
                 FROM season_ratings"
            ))
            .fetch_all(&mut *tx)
            .await?
            .into_iter()
            .map(|(g, season, game, u, l, mu, sigma, games, wins, points)| {
                ((g, season, game, u, l), (mu, sigma, games, wins, points))
            })
            .collect();
            let differing = differences(&computed, &stored_ratings)
                + differences(&history, &stored_history)
                + differences(&seasons, &stored_seasons);

            if write && differing > 0 {
                execute!(d, &mut *tx, "DELETE FROM rating_history")?;
                execute!(d, &mut *tx, "DELETE FROM ratings")?;
                execute!(d, &mut *tx, "DELETE FROM season_ratings")?;
                insert_standings!(
                    d,
                    tx,
                    "INSERT INTO season_ratings (guild_id, season, game, user_id, level, mu, \
                     sigma, games, wins, points) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    &seasons,
                    (guild, season, game, user, level)
                );
                insert_standings!(
                    d,
                    tx,
                    "INSERT INTO ratings (guild_id, game, user_id, level, mu, sigma, games, \
                     wins, points, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, {now})",
                    &computed,
                    (guild, game, user, level)
                );
                for ((table, game, user, level), (guild, seq, mu, sigma)) in &history {
                    execute!(
                        d,
                        &mut *tx,
                        "INSERT INTO rating_history (table_id, game, user_id, level, guild_id, \
                         seq, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        table,
                        game,
                        user,
                        level,
                        guild,
                        seq,
                        mu,
                        sigma,
                    )?;
                }
            }
            tx.commit().await?;
            Ok(Recomputed {
                tables: tables.len(),
                ratings: computed.len(),
                history: history.len(),
                differing,
            })
        })
    }

    /// Rates results stored before ratings existed (a database from before migration 0006):
    /// when some rated result has no history row yet, recomputes everything. Run at start.
    pub(super) async fn rate_unrated(&self) -> Result<(), StoreError> {
        let unrated: Option<i64> = on_db!(self, pool, untimed, |db, d| {
            sqlx::query_scalar(sql!(
                d,
                "SELECT r.table_id FROM results AS r WHERE r.rating_seq IS NOT NULL \
                 AND NOT EXISTS (SELECT 1 FROM rating_history AS h WHERE h.table_id = r.table_id) \
                 LIMIT 1"
            ))
            .fetch_optional(db)
            .await?
        });
        if unrated.is_some() {
            let done = self.recompute_ratings(true).await?;
            tracing::info!(
                tables = done.tables,
                ratings = done.ratings,
                "rated the stored results"
            );
        }
        Ok(())
    }
}

/// How many keys are missing from one side or hold a different value.
fn differences<K: Ord, V: PartialEq>(a: &BTreeMap<K, V>, b: &BTreeMap<K, V>) -> usize {
    let changed = a.iter().filter(|(k, v)| b.get(k) != Some(v)).count();
    changed + b.keys().filter(|k| !a.contains_key(k)).count()
}
