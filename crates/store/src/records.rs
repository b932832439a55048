//! Reading players' records: the rating leaderboard of a server (`/scores`), one player's
//! record per game (`/stats`) and the last finished games (`/history`). All reads; the rows
//! are written by `tables` (results) and `ratings` (ratings and their history).

use std::collections::BTreeMap;

use super::ratings::player_of;
use super::{from_sql, index_from_sql, on_db, sql, to_sql, Store, StoreError, TableId};
use pakka_ratings::{Player, Rating, PROVISIONAL_GAMES};

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

/// A seat of a finished game: who played it and how they finished.
#[derive(Clone, Debug, PartialEq)]
pub struct PastSeat {
    pub seat: usize,
    /// A person or a computer level (none for a seat nobody played).
    pub player: Option<Player>,
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
    /// and points; otherwise everyone with a game in the server's current season (every
    /// rated player when it runs no seasons).
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
        let rows: Vec<Row> = on_db!(self, pool, |db, d| {
            // Both end with the same rating filter, order and page.
            let query = match since {
                None => sqlx::query_as(sql!(
                    d,
                    &format!(
                        "SELECT g.user_id, g.level, g.mu, g.sigma, g.games, g.games, g.wins, \
                         g.points, COUNT(*) OVER () FROM ratings AS g \
                         WHERE g.guild_id = ? AND g.game = ? AND g.games > 0 \
                         {BOARD_ORDER} LIMIT ? OFFSET ?"
                    )
                )),
                Some(since) => {
                    let one_game = (game != super::ALL_GAMES).then_some(game);
                    sqlx::query_as(sql!(
                        d,
                        &format!(
                            "SELECT g.user_id, g.level, g.mu, g.sigma, g.games, p.games, \
                             p.wins, p.points, COUNT(*) OVER () FROM ratings AS g JOIN ( \
                             SELECT user_id, level, COUNT(*) AS games, \
                             CAST(SUM(won) AS BIGINT) AS wins, \
                             CAST(SUM(score) AS BIGINT) AS points FROM ( \
                             SELECT table_id, COALESCE(user_id, 0) AS user_id, \
                             COALESCE(computer, '') AS level, \
                             MAX(CASE WHEN won THEN 1 ELSE 0 END) AS won, \
                             MAX(score) AS score FROM results \
                             WHERE guild_id = ? AND (CAST(? AS TEXT) IS NULL OR game = ?) \
                             AND finished_at >= ? \
                             GROUP BY table_id, COALESCE(user_id, 0), COALESCE(computer, '') \
                             ) AS per_game GROUP BY user_id, level) AS p \
                             ON p.user_id = g.user_id AND p.level = g.level \
                             WHERE g.guild_id = ? AND g.game = ? {BOARD_ORDER} LIMIT ? OFFSET ?"
                        )
                    ))
                    .bind(to_sql(guild_id))
                    .bind(one_game)
                    .bind(one_game)
                    .bind(since)
                }
            };
            query
                .bind(to_sql(guild_id))
                .bind(game)
                .bind(PROVISIONAL_GAMES)
                .bind(limit)
                .bind(offset)
                .fetch_all(db)
                .await?
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

    /// One person's record per game in a server (and over every game, '*'), for the games
    /// they finished; only `game` when given. Ordered by games played, most first. Reads the
    /// person's result rows once, through the (guild, user) index, and their ratings and
    /// rating history by key.
    pub async fn player_records(
        &self,
        guild_id: u64,
        user_id: u64,
        game: Option<&str>,
    ) -> Result<Vec<GameRecord>, StoreError> {
        // A person's rows in `ratings` and `rating_history` have level ''.
        let (guild, user, level) = (to_sql(guild_id), to_sql(user_id), "");
        // (game, place, seats, score, won, table, finished at)
        type Row = (String, i64, i64, Option<i64>, bool, i64, String);
        let rows: Vec<Row> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT r.game, r.place, t.seats, r.score, r.won, r.table_id, r.finished_at \
                 FROM results AS r JOIN tables AS t ON t.id = r.table_id \
                 WHERE r.guild_id = ? AND r.user_id = ?"
            ))
            .bind(guild)
            .bind(user)
            .fetch_all(db)
            .await?
        });
        let rows: Vec<Row> = rows
            .into_iter()
            .filter(|r| game.is_none_or(|g| r.0 == g))
            .collect();
        let mut games: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
        games.sort();
        games.dedup();
        if game.is_none() && games.len() > 1 {
            games.insert(0, super::ALL_GAMES.to_string());
        }
        let mut records = Vec::new();
        for track in games {
            let mine: Vec<&Row> = rows
                .iter()
                .filter(|r| track == super::ALL_GAMES || r.0 == track)
                .collect();
            let mut places: BTreeMap<usize, i64> = BTreeMap::new();
            for r in &mine {
                *places.entry(index_from_sql(r.1)?).or_default() += 1;
            }
            let scored: Vec<i64> = mine.iter().filter_map(|r| r.3).collect();
            let finish = |r: &&Row| -> Result<Finish, StoreError> {
                Ok(Finish {
                    table: r.5,
                    place: index_from_sql(r.1)?,
                    seats: index_from_sql(r.2)?,
                    score: r.3,
                    finished_at: r.6.clone(),
                })
            };
            // Best: the best place, then the highest score, then the latest. Worst: a loss
            // before a win, the place nearest last, the lowest score, the latest.
            let best = mine
                .iter()
                .min_by(|a, b| {
                    (
                        a.1,
                        std::cmp::Reverse(a.3.map_or(i64::MIN, |s| s)),
                        std::cmp::Reverse(&a.6),
                    )
                        .cmp(&(
                            b.1,
                            std::cmp::Reverse(b.3.map_or(i64::MIN, |s| s)),
                            std::cmp::Reverse(&b.6),
                        ))
                })
                .map(finish)
                .transpose()?;
            let worst = mine
                .iter()
                .min_by(|a, b| {
                    (
                        a.4,
                        a.2 - a.1,
                        a.3.map_or(i64::MIN, |s| s),
                        std::cmp::Reverse(&a.6),
                    )
                        .cmp(&(
                            b.4,
                            b.2 - b.1,
                            b.3.map_or(i64::MIN, |s| s),
                            std::cmp::Reverse(&b.6),
                        ))
                })
                .map(finish)
                .transpose()?;
            let (rating, trend) = on_db!(self, pool, |db, d| {
                let rating: Option<(f64, f64, i64)> = sqlx::query_as(sql!(
                    d,
                    "SELECT mu, sigma, games FROM ratings \
                     WHERE guild_id = ? AND game = ? AND user_id = ? AND level = ?"
                ))
                .bind(guild)
                .bind(&track)
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
                .bind(&track)
                .bind(user)
                .bind(level)
                .bind(TREND + 1)
                .fetch_all(db)
                .await?;
                (rating, trend)
            });
            records.push(GameRecord {
                game: track,
                games: i64::try_from(mine.len()).unwrap_or(i64::MAX),
                wins: i64::try_from(mine.iter().filter(|r| r.4).count()).unwrap_or(i64::MAX),
                places: places.into_iter().collect(),
                points: (
                    scored.iter().sum(),
                    i64::try_from(scored.len()).unwrap_or(i64::MAX),
                ),
                rating: rating.map(|(mu, sigma, games)| (Rating { mu, sigma }, games)),
                trend: trend
                    .into_iter()
                    .rev()
                    .map(|(mu, sigma)| Rating { mu, sigma })
                    .collect(),
                best,
                worst,
            });
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
            // Newest first down the (guild, finished_at) index, stopping at `limit` tables
            // with a result: closed tables (no result) are passed over.
            let games: Vec<GameRow> = sqlx::query_as(sql!(
                d,
                "SELECT t.id, t.game, t.channel_id, t.finished_at FROM tables AS t \
                 WHERE t.guild_id = ? AND t.finished_at IS NOT NULL \
                 AND (CAST(? AS BIGINT) IS NULL OR t.channel_id = ?) \
                 AND EXISTS (SELECT 1 FROM results AS r WHERE r.table_id = t.id) \
                 ORDER BY t.finished_at DESC, t.id DESC LIMIT ?"
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
                                player: Player::of_seat(user.map(from_sql), computer.as_deref()),
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
