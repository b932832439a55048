//! Reads of the `results` table (written with a game's last move, by `tables`): a table's final
//! ranking, the running record of one game in one channel (shown at a game's end), and a
//! server's leaderboard by wins (`/scores`' board by rating is `records`').

use super::{
    from_sql, index_from_sql, on_db, sql, to_sql, LeaderRow, ResultRow, Store, StoreError, TableId,
};

/// A result row as read: seat, user, place, won, score, computer level, team.
type ResultTuple = (
    i64,
    Option<i64>,
    i64,
    bool,
    Option<i64>,
    Option<String>,
    i64,
);

impl Store {
    /// The guild's leaderboard over finished tables (and forfeits), optionally for one game: per user (results
    /// with a user id) games played, wins and points (the sum of non-null scores). Ordered by wins
    /// descending, points descending (none last), games descending, then user id; at most `limit`
    /// rows.
    pub async fn leaderboard(
        &self,
        guild_id: u64,
        game: Option<&str>,
        limit: usize,
    ) -> Result<Vec<LeaderRow>, StoreError> {
        // PostgreSQL sums BIGINT into NUMERIC: the casts keep both backends' sums BIGINT.
        let rows: Vec<(i64, i64, i64, Option<i64>)> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT r.user_id, COUNT(*) AS games, \
                 CAST(SUM(CASE WHEN r.won THEN 1 ELSE 0 END) AS BIGINT) AS wins, \
                 CAST(SUM(r.score) AS BIGINT) AS points \
                 FROM results AS r JOIN tables AS t ON t.id = r.table_id \
                 WHERE r.guild_id = ? AND (CAST(? AS TEXT) IS NULL OR r.game = ?) \
                 AND r.user_id IS NOT NULL AND (t.phase = 'finished' OR r.forfeit) \
                 GROUP BY r.user_id \
                 ORDER BY wins DESC, points DESC NULLS LAST, games DESC, r.user_id \
                 LIMIT ?"
            ))
            .bind(to_sql(guild_id))
            .bind(game)
            .bind(game)
            .bind(i64::try_from(limit).unwrap_or(i64::MAX))
            .fetch_all(db)
            .await?
        });
        Ok(rows
            .into_iter()
            .map(|(user_id, games, wins, points)| LeaderRow {
                user_id: from_sql(user_id),
                games,
                wins,
                points,
            })
            .collect())
    }

    /// Wins and games per user over the finished tables (and forfeits) of one game in one channel: the running
    /// record shown at the end of a game (Mätäpesä's count of losses, for one). Ordered by user.
    pub async fn channel_record(
        &self,
        channel_id: u64,
        game: &str,
    ) -> Result<Vec<(u64, i64, i64)>, StoreError> {
        let rows: Vec<(i64, i64, i64)> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT r.user_id, CAST(SUM(CASE WHEN r.won THEN 1 ELSE 0 END) AS BIGINT), \
                 COUNT(*) \
                 FROM results AS r JOIN tables AS t ON t.id = r.table_id \
                 WHERE t.channel_id = ? AND r.game = ? AND r.user_id IS NOT NULL \
                 AND (t.phase = 'finished' OR r.forfeit) GROUP BY r.user_id ORDER BY r.user_id"
            ))
            .bind(to_sql(channel_id))
            .bind(game)
            .fetch_all(db)
            .await?
        });
        Ok(rows
            .into_iter()
            .map(|(user, wins, games)| (from_sql(user), wins, games))
            .collect())
    }

    /// The results of one table ordered by seat (empty unless it finished).
    pub async fn results(&self, id: TableId) -> Result<Vec<ResultRow>, StoreError> {
        let rows: Vec<ResultTuple> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT seat, user_id, place, won, score, computer, COALESCE(team, seat) FROM results \
                     WHERE table_id = ? ORDER BY seat"
            ))
            .bind(id)
            .fetch_all(db)
            .await?
        });
        rows.into_iter()
            .map(|(seat, user_id, place, won, score, computer, team)| {
                Ok(ResultRow {
                    seat: index_from_sql(seat)?,
                    user_id: user_id.map(from_sql),
                    place: index_from_sql(place)?,
                    won,
                    score,
                    computer,
                    team: index_from_sql(team)?,
                })
            })
            .collect()
    }
}
