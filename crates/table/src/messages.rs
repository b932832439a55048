//! The front end's own storage of its messages per table (for Discord: the public table
//! message of the current deal, the live turn ping and a match's latest result), kept by the store in a table of its
//! own beside the tables. The table service holds no message id and never reads these: it
//! only hands the front end this handle, so that the front end, which depends on the table
//! service alone, reaches its own rows and nothing else of the store.

use pakka_store::{MessageIds, Store};

use super::{TableError, TableId, TableService};

/// A handle on the front end's messages per table. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Messages {
    store: Store,
}

impl Messages {
    /// The messages kept for a table (none when nothing was kept).
    pub async fn get(&self, table: TableId) -> Result<MessageIds, TableError> {
        Ok(self.store.message_ids(table).await?)
    }

    /// Remembers the public table message of the current deal.
    pub async fn set_message(&self, table: TableId, message: u64) -> Result<(), TableError> {
        Ok(self.store.set_message(table, message).await?)
    }

    /// Remembers (or forgets) the table's live turn ping.
    pub async fn set_ping(&self, table: TableId, ping: Option<u64>) -> Result<(), TableError> {
        Ok(self.store.set_ping(table, ping).await?)
    }

    /// Remembers (or forgets) the latest result of the table's match still in the channel.
    pub async fn set_result(&self, table: TableId, result: Option<u64>) -> Result<(), TableError> {
        Ok(self.store.set_result(table, result).await?)
    }
}

impl TableService {
    /// The front end's own storage of its messages per table.
    pub fn messages(&self) -> Messages {
        Messages {
            store: self.store.clone(),
        }
    }
}
