//! The `results` table: the final ranking of each finished table, and the per-server leaderboard
//! read from it.

use sqlx::{Row, SqliteConnection};

use super::{
    from_sql, index_from_sql, index_to_sql, to_sql, LeaderRow, ResultRow, Store, StoreError,
    TableId,
};

/// Inserts the result rows of table `id`, copying its guild, game and `finished_at` (so set the
/// table's `finished_at` first). Runs inside the caller's transaction.
pub(super) async fn insert_results(
    conn: &mut SqliteConnection,
    id: TableId,
    results: &[ResultRow],
) -> Result<(), StoreError> {
    for row in results {
        sqlx::query(
            "INSERT INTO results \
             (table_id, seat, guild_id, game, user_id, place, won, score, finished_at) \
             SELECT id, ?, guild_id, game, ?, ?, ?, ?, \
             COALESCE(finished_at, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) \
             FROM tables WHERE id = ?",
        )
        .bind(index_to_sql(row.seat))
        .bind(row.user_id.map(to_sql))
        .bind(index_to_sql(row.place))
        .bind(row.won)
        .bind(row.score)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

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
        let rows = sqlx::query(
            "SELECT r.user_id, COUNT(*) AS games, \
             SUM(CASE WHEN r.won THEN 1 ELSE 0 END) AS wins, SUM(r.score) AS points \
             FROM results AS r JOIN tables AS t ON t.id = r.table_id \
             WHERE r.guild_id = ? AND (? IS NULL OR r.game = ?) \
             AND r.user_id IS NOT NULL AND (t.phase = 'finished' OR r.forfeit = 1) \
             GROUP BY r.user_id \
             ORDER BY wins DESC, points DESC NULLS LAST, games DESC, r.user_id \
             LIMIT ?",
        )
        .bind(to_sql(guild_id))
        .bind(game)
        .bind(game)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(LeaderRow {
                    user_id: from_sql(row.try_get("user_id")?),
                    games: row.try_get("games")?,
                    wins: row.try_get("wins")?,
                    points: row.try_get("points")?,
                })
            })
            .collect()
    }

    /// Wins and games per user over the finished tables (and forfeits) of one game in one channel: the running
    /// record shown at the end of a game (Mätäpesä's count of losses, for one). Ordered by user.
    pub async fn channel_record(
        &self,
        channel_id: u64,
        game: &str,
    ) -> Result<Vec<(u64, i64, i64)>, StoreError> {
        let rows: Vec<(i64, i64, i64)> = sqlx::query_as(
            "SELECT r.user_id, SUM(CASE WHEN r.won THEN 1 ELSE 0 END), COUNT(*) \
             FROM results AS r JOIN tables AS t ON t.id = r.table_id \
             WHERE t.channel_id = ? AND r.game = ? AND r.user_id IS NOT NULL \
             AND (t.phase = 'finished' OR r.forfeit = 1) GROUP BY r.user_id ORDER BY r.user_id",
        )
        .bind(to_sql(channel_id))
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(user, wins, games)| (from_sql(user), wins, games))
            .collect())
    }

    /// The results of one table ordered by seat (empty unless it finished).
    pub async fn results(&self, id: TableId) -> Result<Vec<ResultRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, user_id, place, won, score FROM results \
             WHERE table_id = ? ORDER BY seat",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(ResultRow {
                    seat: index_from_sql(row.try_get("seat")?)?,
                    user_id: row.try_get::<Option<i64>, _>("user_id")?.map(from_sql),
                    place: index_from_sql(row.try_get("place")?)?,
                    won: row.try_get("won")?,
                    score: row.try_get("score")?,
                })
            })
            .collect()
    }
}
