//! Reading players' records: the rating leaderboard of a server (`/scores`), one player's
//! record per game (`/stats`) and the last finished games (`/history`). All reads; the rows
//! are written by `tables` (results) and `ratings` (ratings and their history).

use super::ratings::{key, player_of};
use super::{from_sql, index_from_sql, on_db, sql, to_sql, Store, StoreError, TableId};
use crate::ratings::{Player, Rating, PROVISIONAL_GAMES};

/// One line of a rating leaderboard. `games`, `wins` and `points` are over the period asked
/// for; `rated_games` counts every rated game (it decides whether the rating is provisional).
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRow {
    pub player: Player,
    pub rating: Rating,
    pub rated_games: i64,
    pub games: i64,
    pub wins: i64,
    pub points: Option<i64>,
}

/// A page of a leaderboard and how many lines it has in all.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub rows: Vec<BoardRow>,
    pub total: usize,
}

/// One player's record at one game (or '*', every game).
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub game: String,
    pub games: i64,
    pub wins: i64,
    /// How many times the player finished in each place: (place, count), best first.
    pub places: Vec<(usize, i64)>,
    /// The sum of the scores and how many games counted one.
    pub points: (i64, i64),
    pub rating: Option<(Rating, i64)>,
    /// The rating after each of the last rated games, oldest first (at most `TREND` + 1, so the
    /// first is the rating before the trend's games).
    pub trend: Vec<Rating>,
    pub best: Option<Finish>,
    pub worst: Option<Finish>,
}

/// One finished game of a player: where, how and when.
#[derive(Clone, Debug, PartialEq)]
pub struct Finish {
    pub table: TableId,
    pub place: usize,
    pub seats: usize,
    pub score: Option<i64>,
    pub finished_at: String,
}

/// A finished game as `/history` lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct PastGame {
    pub table: TableId,
    pub game: String,
    pub channel_id: u64,
    pub finished_at: String,
    /// Ended by a forfeit: only the player who gave up has a result.
    pub forfeit: bool,
    /// Every seat, in seat order.
    pub seats: Vec<PastSeat>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PastSeat {
    pub seat: usize,
    pub user_id: Option<u64>,
    pub computer: Option<String>,
    /// None for the players who stayed at a forfeited table (only the forfeit counts).
    pub place: Option<usize>,
    pub score: Option<i64>,
}

/// How many rated games the trend of `/stats` covers.
pub const TREND: i64 = 10;

/// The order of a leaderboard: established ratings before provisional ones, then by the
/// conservative rating, more games, and the player.
const BOARD_ORDER: &str = "ORDER BY CASE WHEN g.games < ? THEN 1 ELSE 0 END, \
     g.mu - 3 * g.sigma DESC, g.games DESC, g.user_id, g.level";

impl Store {
    /// A page of the server's rating leaderboard for `game` ('*' for every game): with
    /// `since`, only players who finished a game since then, with that period's games, wins
    /// and points; otherwise everything.
    pub async fn board(
        &self,
        guild_id: u64,
        game: &str,
        since: Option<&str>,
        offset: usize,
        limit: usize,
    ) -> Result<Board, StoreError> {
        type Row = (i64, String, f64, f64, i64, i64, i64, Option<i64>, i64);
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let offset = i64::try_from(offset).unwrap_or(i64::MAX);
        let rows: Vec<Row> = on_db!(self, pool, |db, d| match since {
            None => {
                sqlx::query_as(sql!(
                    d,
                    &format!(
                        "SELECT g.user_id, g.level, g.mu, g.sigma, g.games, g.games, g.wins, \
                         g.points, COUNT(*) OVER () FROM ratings AS g \
                         WHERE g.guild_id = ? AND g.game = ? {BOARD_ORDER} LIMIT ? OFFSET ?"
                    )
                ))
                .bind(to_sql(guild_id))
                .bind(game)
                .bind(PROVISIONAL_GAMES)
                .bind(limit)
                .bind(offset)
                .fetch_all(db)
                .await?
            }
            Some(since) => {
                let one_game = (game != super::ALL_GAMES).then_some(game);
                sqlx::query_as(sql!(
                    d,
                    &format!(
                        "SELECT g.user_id, g.level, g.mu, g.sigma, g.games, p.games, p.wins, \
                         p.points, COUNT(*) OVER () FROM ratings AS g JOIN ( \
                         SELECT COALESCE(user_id, 0) AS user_id, COALESCE(computer, '') AS level, \
                         COUNT(*) AS games, \
                         CAST(SUM(CASE WHEN won THEN 1 ELSE 0 END) AS BIGINT) AS wins, \
                         CAST(SUM(score) AS BIGINT) AS points FROM results \
                         WHERE guild_id = ? AND (CAST(? AS TEXT) IS NULL OR game = ?) \
                         AND finished_at >= ? \
                         GROUP BY COALESCE(user_id, 0), COALESCE(computer, '')) AS p \
                         ON p.user_id = g.user_id AND p.level = g.level \
                         WHERE g.guild_id = ? AND g.game = ? {BOARD_ORDER} LIMIT ? OFFSET ?"
                    )
                ))
                .bind(to_sql(guild_id))
                .bind(one_game)
                .bind(one_game)
                .bind(since)
                .bind(to_sql(guild_id))
                .bind(game)
                .bind(PROVISIONAL_GAMES)
                .bind(limit)
                .bind(offset)
                .fetch_all(db)
                .await?
            }
        });
        let total = rows.first().map_or(0, |r| r.8);
        let total = if rows.is_empty() && offset > 0 {
            // Past the last page: count again from the start.
            return Box::pin(self.board(guild_id, game, since, 0, 1))
                .await
                .map(|b| Board {
                    rows: Vec::new(),
                    total: b.total,
                });
        } else {
            usize::try_from(total).unwrap_or_default()
        };
        Ok(Board {
            rows: rows
                .into_iter()
                .map(
                    |(user, level, mu, sigma, rated_games, games, wins, points, _)| BoardRow {
                        player: player_of(user, &level),
                        rating: Rating { mu, sigma },
                        rated_games,
                        games,
                        wins,
                        points,
                    },
                )
                .collect(),
            total,
        })
    }

    /// One player's record per game in a server (and over every game, '*'), for the games
    /// they finished; only `game` when given. Ordered by games played, most first.
    pub async fn player_records(
        &self,
        guild_id: u64,
        player: &Player,
        game: Option<&str>,
    ) -> Result<Vec<GameRecord>, StoreError> {
        let (user, level) = key(player);
        let user_id = user;
        let guild = to_sql(guild_id);
        // (game, place, count, wins, score sum, scored games)
        type PlaceRow = (String, i64, i64, i64, Option<i64>, i64);
        let places: Vec<PlaceRow> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT game, place, COUNT(*), \
                 CAST(SUM(CASE WHEN won THEN 1 ELSE 0 END) AS BIGINT), \
                 CAST(SUM(score) AS BIGINT), COUNT(score) FROM results \
                 WHERE guild_id = ? AND COALESCE(user_id, 0) = ? AND COALESCE(computer, '') = ? \
                 AND (CAST(? AS TEXT) IS NULL OR game = ?) \
                 GROUP BY game, place ORDER BY game, place"
            ))
            .bind(guild)
            .bind(user_id)
            .bind(level)
            .bind(game)
            .bind(game)
            .fetch_all(db)
            .await?
        });
        let mut records: Vec<GameRecord> = Vec::new();
        for (g, place, count, wins, sum, scored) in places {
            if records.last().is_none_or(|r| r.game != g) {
                records.push(GameRecord {
                    game: g.clone(),
                    games: 0,
                    wins: 0,
                    places: Vec::new(),
                    points: (0, 0),
                    rating: None,
                    trend: Vec::new(),
                    best: None,
                    worst: None,
                });
            }
            let r = records.last_mut().expect("pushed above");
            r.games += count;
            r.wins += wins;
            r.places.push((index_from_sql(place)?, count));
            r.points.0 += sum.unwrap_or(0);
            r.points.1 += scored;
        }
        if game.is_none() && records.len() > 1 {
            let mut all = GameRecord {
                game: super::ALL_GAMES.to_string(),
                games: records.iter().map(|r| r.games).sum(),
                wins: records.iter().map(|r| r.wins).sum(),
                places: Vec::new(),
                points: (
                    records.iter().map(|r| r.points.0).sum(),
                    records.iter().map(|r| r.points.1).sum(),
                ),
                rating: None,
                trend: Vec::new(),
                best: None,
                worst: None,
            };
            for r in &records {
                for &(place, count) in &r.places {
                    match all.places.iter_mut().find(|(p, _)| *p == place) {
                        Some(entry) => entry.1 += count,
                        None => all.places.push((place, count)),
                    }
                }
            }
            all.places.sort_unstable();
            records.insert(0, all);
        }
        for r in &mut records {
            let track = r.game.as_str();
            let one_game = (track != super::ALL_GAMES).then_some(track);
            let (rating, trend, best, worst) = on_db!(self, pool, |db, d| {
                let rating: Option<(f64, f64, i64)> = sqlx::query_as(sql!(
                    d,
                    "SELECT mu, sigma, games FROM ratings \
                     WHERE guild_id = ? AND game = ? AND user_id = ? AND level = ?"
                ))
                .bind(guild)
                .bind(track)
                .bind(user)
                .bind(level)
                .fetch_optional(db)
                .await?;
                let trend: Vec<(f64, f64)> = sqlx::query_as(sql!(
                    d,
                    "SELECT mu, sigma FROM rating_history \
                     WHERE guild_id = ? AND game = ? AND user_id = ? AND level = ? \
                     ORDER BY seq DESC LIMIT ?"
                ))
                .bind(guild)
                .bind(track)
                .bind(user)
                .bind(level)
                .bind(TREND + 1)
                .fetch_all(db)
                .await?;
                type FinishRow = (i64, i64, i64, Option<i64>, String);
                let best: Option<FinishRow> = sqlx::query_as(sql!(
                    d,
                    "SELECT r.table_id, r.place, t.seats, r.score, r.finished_at \
                     FROM results AS r JOIN tables AS t ON t.id = r.table_id \
                     WHERE r.guild_id = ? AND COALESCE(r.user_id, 0) = ? \
                     AND COALESCE(r.computer, '') = ? AND (CAST(? AS TEXT) IS NULL OR r.game = ?) \
                     ORDER BY r.place, r.score DESC NULLS LAST, r.finished_at DESC LIMIT 1"
                ))
                .bind(guild)
                .bind(user_id)
                .bind(level)
                .bind(one_game)
                .bind(one_game)
                .fetch_optional(db)
                .await?;
                let worst: Option<FinishRow> = sqlx::query_as(sql!(
                    d,
                    "SELECT r.table_id, r.place, t.seats, r.score, r.finished_at \
                     FROM results AS r JOIN tables AS t ON t.id = r.table_id \
                     WHERE r.guild_id = ? AND COALESCE(r.user_id, 0) = ? \
                     AND COALESCE(r.computer, '') = ? AND (CAST(? AS TEXT) IS NULL OR r.game = ?) \
                     ORDER BY CASE WHEN r.won THEN 1 ELSE 0 END, r.place - t.seats DESC, \
                     r.score NULLS FIRST, r.finished_at DESC LIMIT 1"
                ))
                .bind(guild)
                .bind(user_id)
                .bind(level)
                .bind(one_game)
                .bind(one_game)
                .fetch_optional(db)
                .await?;
                (rating, trend, best, worst)
            });
            r.rating = rating.map(|(mu, sigma, games)| (Rating { mu, sigma }, games));
            r.trend = trend
                .into_iter()
                .rev()
                .map(|(mu, sigma)| Rating { mu, sigma })
                .collect();
            let finish = |row: Option<(i64, i64, i64, Option<i64>, String)>| {
                row.map(|(table, place, seats, score, finished_at)| {
                    Ok::<_, StoreError>(Finish {
                        table,
                        place: index_from_sql(place)?,
                        seats: index_from_sql(seats)?,
                        score,
                        finished_at,
                    })
                })
                .transpose()
            };
            r.best = finish(best)?;
            r.worst = finish(worst)?;
        }
        let all = records
            .first()
            .filter(|r| r.game == super::ALL_GAMES)
            .is_some() as usize;
        records[all..].sort_by(|a, b| b.games.cmp(&a.games).then(a.game.cmp(&b.game)));
        Ok(records)
    }

    /// The last `limit` finished games (and forfeits) of a server, or of one channel of it,
    /// newest first, with each seat's result.
    pub async fn history(
        &self,
        guild_id: u64,
        channel_id: Option<u64>,
        limit: usize,
    ) -> Result<Vec<PastGame>, StoreError> {
        type GameRow = (i64, String, i64, String);
        type SeatRow = (
            i64,
            i64,
            Option<i64>,
            Option<String>,
            Option<i64>,
            Option<i64>,
            bool,
        );
        let (games, seats): (Vec<GameRow>, Vec<SeatRow>) = on_db!(self, pool, |db, d| {
            let games: Vec<GameRow> = sqlx::query_as(sql!(
                d,
                "SELECT t.id, t.game, t.channel_id, MAX(r.finished_at) FROM results AS r \
                 JOIN tables AS t ON t.id = r.table_id \
                 WHERE r.guild_id = ? AND (CAST(? AS BIGINT) IS NULL OR t.channel_id = ?) \
                 GROUP BY t.id, t.game, t.channel_id \
                 ORDER BY MAX(r.finished_at) DESC, t.id DESC LIMIT ?"
            ))
            .bind(to_sql(guild_id))
            .bind(channel_id.map(to_sql))
            .bind(channel_id.map(to_sql))
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .fetch_all(db)
            .await?;
            let mut seats = Vec::new();
            for (table, ..) in &games {
                let rows: Vec<SeatRow> = sqlx::query_as(sql!(
                    d,
                    "SELECT s.table_id, s.seat, s.user_id, s.computer, r.place, r.score, \
                     COALESCE(r.forfeit, FALSE) \
                     FROM seats AS s LEFT JOIN results AS r \
                     ON r.table_id = s.table_id AND r.seat = s.seat \
                     WHERE s.table_id = ? ORDER BY s.seat"
                ))
                .bind(table)
                .fetch_all(db)
                .await?;
                seats.extend(rows);
            }
            (games, seats)
        });
        games
            .into_iter()
            .map(|(table, game, channel, finished_at)| {
                let mine: Vec<&SeatRow> = seats.iter().filter(|s| s.0 == table).collect();
                Ok(PastGame {
                    table,
                    game,
                    channel_id: from_sql(channel),
                    finished_at,
                    forfeit: mine.iter().any(|s| s.6),
                    seats: mine
                        .into_iter()
                        .map(|&(_, seat, user, ref computer, place, score, _)| {
                            Ok(PastSeat {
                                seat: index_from_sql(seat)?,
                                user_id: user.map(from_sql),
                                computer: computer.clone().filter(|_| user.is_none()),
                                place: place.map(index_from_sql).transpose()?,
                                score,
                            })
                        })
                        .collect::<Result<_, StoreError>>()?,
                })
            })
            .collect()
    }
}
