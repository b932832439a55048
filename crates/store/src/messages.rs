//! The `discord_messages` table: the Discord edge's own record of its messages per table (the
//! public table message of the current deal, the live turn ping and the latest result), written and read by the
//! edge alone through the table service's pass-through handle, so the tables and the table
//! service hold no Discord concept.

use super::{from_sql, on_db, sql, to_sql, Store, StoreError, TableId};

/// The messages a front end keeps for one table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MessageIds {
    /// The public table message of the current deal (or the lobby's).
    pub message: Option<u64>,
    /// The live turn ping, if one is.
    pub ping: Option<u64>,
    /// The latest result of a match (a deal's), if one is still in the channel.
    pub result: Option<u64>,
}

impl Store {
    /// The messages kept for a table (none when nothing was kept).
    pub async fn message_ids(&self, id: TableId) -> Result<MessageIds, StoreError> {
        let row: Option<(Option<i64>, Option<i64>, Option<i64>)> = on_db!(self, pool, |db, d| {
            sqlx::query_as(sql!(
                d,
                "SELECT message_id, ping_id, result_id FROM discord_messages WHERE table_id = ?"
            ))
            .bind(id)
            .fetch_optional(db)
            .await?
        });
        let (message, ping, result) = row.unwrap_or_default();
        Ok(MessageIds {
            message: message.map(from_sql),
            ping: ping.map(from_sql),
            result: result.map(from_sql),
        })
    }

    /// Remembers the current public table message. [`StoreError::NoSuchTable`] when the table
    /// is not stored.
    pub async fn set_message(&self, id: TableId, message_id: u64) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            let written = sqlx::query(sql!(
                d,
                "INSERT INTO discord_messages (table_id, message_id) \
                 SELECT id, ? FROM tables WHERE id = ? \
                 ON CONFLICT (table_id) DO UPDATE SET message_id = excluded.message_id"
            ))
            .bind(to_sql(message_id))
            .bind(id)
            .execute(db)
            .await?;
            if written.rows_affected() == 0 {
                return Err(StoreError::NoSuchTable(id));
            }
            Ok(())
        })
    }

    /// Remembers (or forgets) the table's live turn ping (nothing for a table not stored).
    pub async fn set_ping(&self, id: TableId, ping_id: Option<u64>) -> Result<(), StoreError> {
        self.set_column(id, "ping_id", ping_id).await
    }

    /// Remembers (or forgets) the latest result of the table's match still in the channel
    /// (nothing for a table not stored).
    pub async fn set_result(&self, id: TableId, result_id: Option<u64>) -> Result<(), StoreError> {
        self.set_column(id, "result_id", result_id).await
    }

    /// Writes one message id column of the table's row (`column` is one of the two above,
    /// never a caller's words).
    async fn set_column(
        &self,
        id: TableId,
        column: &'static str,
        value: Option<u64>,
    ) -> Result<(), StoreError> {
        on_db!(self, writer, |db, d| {
            sqlx::query(sql!(
                d,
                &format!(
                    "INSERT INTO discord_messages (table_id, {column}) \
                     SELECT id, ? FROM tables WHERE id = ? \
                     ON CONFLICT (table_id) DO UPDATE SET {column} = excluded.{column}"
                )
            ))
            .bind(value.map(to_sql))
            .bind(id)
            .execute(db)
            .await?;
            Ok(())
        })
    }
}
