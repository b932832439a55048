//! A server's seasons (issue 46): the `seasons` rows (each season's number, name and the first
//! rated result in it), the rollover (the ending season's ratings kept in `season_ratings`,
//! every rating of the server started afresh with `Rating::next_season`, the next season
//! opened, in one transaction), a past season's leaderboard and its champions per game. The
//! recompute of `ratings.rs` applies the same rollovers at the same places.

use pakka_ratings::{Rating, PROVISIONAL_GAMES};

use super::ratings::player_of;
use super::records::{Board, BoardRow};
use super::{from_sql, on_db, sql, to_sql, Store, StoreError};

/// One season of a server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Season {
    /// From 1.
    pub number: u32,
    /// Its month or quarter: `2026-11`, `2026-Q4`.
    pub name: String,
    pub started_at: String,
    /// None for the current season.
    pub ended_at: Option<String>,
}

/// A season's best player of one game (or '*').
#[derive(Clone, Debug, PartialEq)]
pub struct Champion {
    pub game: String,
    pub user_id: u64,
    pub rating: Rating,
    pub games: i64,
}

/// The soft reset of every rating of one server, in SQL: σ widened as
/// `Rating::next_season` widens it, the season's counters from zero. Kept beside the Rust
/// function's test, which checks both agree.
const SOFT_RESET: &str = "UPDATE ratings SET sigma = ?, games = 0, wins = 0, points = NULL, \
     updated_at = {now} WHERE guild_id = ? AND game = ? AND user_id = ? AND level = ?";

impl Store {
    /// The server's seasons, oldest first.
    pub async fn seasons(&self, guild_id: u64) -> Result<Vec<Season>, StoreError> {
        let rows: Vec<(i64, String, String, Option<String>)> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT number, name, started_at, ended_at FROM seasons \
                 WHERE guild_id = ? ORDER BY number"
            ))
            .bind(to_sql(guild_id))
            .fetch_all(db)
            .await?
        });
        rows.into_iter()
            .map(|(number, name, started_at, ended_at)| {
                Ok(Season {
                    number: u32::try_from(number)
                        .map_err(|_| StoreError::Corrupt(format!("season {number}")))?,
                    name,
                    started_at,
                    ended_at,
                })
            })
            .collect()
    }

    /// Opens the server's first season (or its next, after seasons were turned off and on),
    /// named `name`, unless one is open already; answers the open season.
    pub async fn open_season(&self, guild_id: u64, name: &str) -> Result<Season, StoreError> {
        on_db!(self, writer, |db, d| {
            let mut tx = db.begin().await?;
            let open: Option<i64> = sqlx::query_scalar(sql!(
                d,
                "SELECT number FROM seasons WHERE guild_id = ? AND ended_at IS NULL"
            ))
            .bind(to_sql(guild_id))
            .fetch_optional(&mut *tx)
            .await?;
            if open.is_none() {
                sqlx::query(sql!(
                    d,
                    "INSERT INTO seasons (guild_id, number, name, first_seq, started_at) \
                     SELECT ?, COALESCE((SELECT MAX(number) FROM seasons WHERE guild_id = ?), 0) + 1, \
                     ?, COALESCE((SELECT MAX(rating_seq) FROM results WHERE guild_id = ?), 0) + 1, \
                     {now}"
                ))
                .bind(to_sql(guild_id))
                .bind(to_sql(guild_id))
                .bind(name)
                .bind(to_sql(guild_id))
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
        });
        self.seasons(guild_id)
            .await?
            .into_iter()
            .find(|s| s.ended_at.is_none())
            .ok_or_else(|| StoreError::Corrupt("no open season after opening one".into()))
    }

    /// Ends the server's open season and opens the next, named `next`, in one transaction: the
    /// ending season's ratings are kept as its final standings, and every rating of the server
    /// starts the next season from where it was, its σ widened (`Rating::next_season`) and its
    /// season's games, wins and points at zero. Answers the season that ended (None when none
    /// was open, or the open one is already called `next`).
    pub async fn roll_season(
        &self,
        guild_id: u64,
        next: &str,
    ) -> Result<Option<Season>, StoreError> {
        let ended: Option<i64> = on_db!(self, writer, |db, d| {
            let mut tx = db.begin().await?;
            if d == super::Dialect::Postgres {
                // Ordered with the ratings of games that end meanwhile (see `rate_table!`).
                sqlx::query(sql!(d, "SELECT pg_advisory_xact_lock(?)"))
                    .bind(to_sql(guild_id))
                    .execute(&mut *tx)
                    .await?;
            }
            let open: Option<(i64, String)> = sqlx::query_as(sql!(
                d,
                "SELECT number, name FROM seasons WHERE guild_id = ? AND ended_at IS NULL"
            ))
            .bind(to_sql(guild_id))
            .fetch_optional(&mut *tx)
            .await?;
            let Some((number, name)) = open else {
                return Ok(None);
            };
            if name == next {
                return Ok(None);
            }
            sqlx::query(sql!(
                d,
                "INSERT INTO season_ratings (guild_id, season, game, user_id, level, mu, sigma, \
                 games, wins, points) SELECT guild_id, ?, game, user_id, level, mu, sigma, games, \
                 wins, points FROM ratings WHERE guild_id = ?"
            ))
            .bind(number)
            .bind(to_sql(guild_id))
            .execute(&mut *tx)
            .await?;
            let rows: Vec<(String, i64, String, f64, f64)> = sqlx::query_as(sql!(
                d,
                "SELECT game, user_id, level, mu, sigma FROM ratings WHERE guild_id = ?"
            ))
            .bind(to_sql(guild_id))
            .fetch_all(&mut *tx)
            .await?;
            for (game, user, level, mu, sigma) in rows {
                let next = Rating { mu, sigma }.next_season();
                sqlx::query(sql!(d, SOFT_RESET))
                    .bind(next.sigma)
                    .bind(to_sql(guild_id))
                    .bind(&game)
                    .bind(user)
                    .bind(&level)
                    .execute(&mut *tx)
                    .await?;
            }
            sqlx::query(sql!(
                d,
                "UPDATE seasons SET ended_at = {now} WHERE guild_id = ? AND number = ?"
            ))
            .bind(to_sql(guild_id))
            .bind(number)
            .execute(&mut *tx)
            .await?;
            sqlx::query(sql!(
                d,
                "INSERT INTO seasons (guild_id, number, name, first_seq, started_at) \
                 VALUES (?, ?, ?, COALESCE((SELECT MAX(rating_seq) FROM results \
                 WHERE guild_id = ?), 0) + 1, {now})"
            ))
            .bind(to_sql(guild_id))
            .bind(number + 1)
            .bind(next)
            .bind(to_sql(guild_id))
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Some(number)
        });
        let Some(number) = ended else {
            return Ok(None);
        };
        Ok(self
            .seasons(guild_id)
            .await?
            .into_iter()
            .find(|s| i64::from(s.number) == number))
    }

    /// A page of a past season's final leaderboard for `game` ('*' for every game), in the
    /// order of [`Store::board`].
    pub async fn season_board(
        &self,
        guild_id: u64,
        season: u32,
        game: &str,
        offset: usize,
        limit: usize,
    ) -> Result<Board, StoreError> {
        type Row = (i64, String, f64, f64, i64, i64, Option<i64>, i64);
        let rows: Vec<Row> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT g.user_id, g.level, g.mu, g.sigma, g.games, g.wins, g.points, \
                 COUNT(*) OVER () FROM season_ratings AS g \
                 WHERE g.guild_id = ? AND g.season = ? AND g.game = ? \
                 ORDER BY CASE WHEN g.games < ? THEN 1 ELSE 0 END, g.mu - 3 * g.sigma DESC, \
                 g.games DESC, g.user_id, g.level LIMIT ? OFFSET ?"
            ))
            .bind(to_sql(guild_id))
            .bind(i64::from(season))
            .bind(game)
            .bind(PROVISIONAL_GAMES)
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .bind(i64::try_from(offset).unwrap_or(i64::MAX))
            .fetch_all(db)
            .await?
        });
        let total = rows
            .first()
            .map_or(0, |r| usize::try_from(r.7).unwrap_or_default());
        Ok(Board {
            rows: rows
                .into_iter()
                .map(
                    |(user, level, mu, sigma, games, wins, points, _)| BoardRow {
                        player: player_of(user, &level),
                        rating: Rating { mu, sigma },
                        rated_games: games,
                        games,
                        wins,
                        points,
                    },
                )
                .collect(),
            total,
        })
    }

    /// A past season's champion of each game it was played at (and over every game, '*'): the
    /// person with the best rating shown (μ − 3σ) among those who finished the season with an
    /// established rating, or, when nobody did, among everyone who played it. Computer players
    /// are never champions.
    pub async fn season_champions(
        &self,
        guild_id: u64,
        season: u32,
    ) -> Result<Vec<Champion>, StoreError> {
        let rows: Vec<(String, i64, f64, f64, i64)> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT game, user_id, mu, sigma, games FROM season_ratings \
                 WHERE guild_id = ? AND season = ? AND level = '' AND games > 0 \
                 ORDER BY game, CASE WHEN games < ? THEN 1 ELSE 0 END, mu - 3 * sigma DESC, \
                 games DESC, user_id"
            ))
            .bind(to_sql(guild_id))
            .bind(i64::from(season))
            .bind(PROVISIONAL_GAMES)
            .fetch_all(db)
            .await?
        });
        let mut champions: Vec<Champion> = Vec::new();
        for (game, user, mu, sigma, games) in rows {
            if champions.last().is_some_and(|c| c.game == game) {
                continue;
            }
            champions.push(Champion {
                game,
                user_id: from_sql(user),
                rating: Rating { mu, sigma },
                games,
            });
        }
        Ok(champions)
    }

    /// Every server that runs seasons: (server, 'monthly' or 'quarterly', the channel its
    /// seasons are announced in).
    pub async fn season_servers(&self) -> Result<Vec<(u64, String, Option<u64>)>, StoreError> {
        let rows: Vec<(i64, String, Option<i64>)> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT guild_id, seasons, seasons_channel FROM guild_settings \
                 WHERE seasons IS NOT NULL ORDER BY guild_id"
            ))
            .fetch_all(db)
            .await?
        });
        Ok(rows
            .into_iter()
            .map(|(g, s, c)| (from_sql(g), s, c.map(from_sql)))
            .collect())
    }
}
