//! Following the table service as an edge: a subscription to its bus of events
//! (`TableService::subscribe`) that hears each event published, in order, or, when the edge fell
//! so far behind that the bus dropped events for it, that it must resynchronise: the tables to
//! show again from their current views (an edge never replays what it missed). Both edges
//! follow the service so: the Discord edge shows each event in its channel, the web edge wakes
//! the windows of its channel.

use std::sync::Arc;

use tokio::sync::broadcast::{self, error::RecvError};

use pakka_table::{Published, TableId, TableService};

/// What an edge hears next.
#[derive(Debug)]
pub enum Heard {
    /// An event, as the service published it.
    Event(Published),
    /// The edge fell behind: every table is shown again as it stands.
    Behind(Behind),
}

/// What to resynchronise after falling behind.
#[derive(Debug)]
pub struct Behind {
    /// How many events the edge missed.
    pub missed: u64,
    /// The number of the last event published when the edge caught up: every event up to it
    /// is shown by showing the tables again.
    pub through: u64,
    /// The tables the service holds now, to show again from their current views.
    pub tables: Vec<TableId>,
}

/// An edge's subscription to the table service's events.
pub struct Follow {
    events: broadcast::Receiver<Published>,
    service: Arc<TableService>,
    /// The edge, for the log.
    edge: &'static str,
}

impl Follow {
    /// Follows `service`'s events from now on, for the edge named `edge`.
    pub fn new(service: Arc<TableService>, edge: &'static str) -> Follow {
        Follow::from(service.subscribe(), service, edge)
    }

    /// Follows `service`'s events from a subscription taken before (no event published since
    /// it was taken is missed).
    pub fn from(
        events: broadcast::Receiver<Published>,
        service: Arc<TableService>,
        edge: &'static str,
    ) -> Follow {
        Follow {
            events,
            service,
            edge,
        }
    }

    /// The next event, or what to show again after falling behind; None once the service is
    /// gone.
    pub async fn next(&mut self) -> Option<Heard> {
        match next(&mut self.events).await? {
            Ok(published) => Some(Heard::Event(published)),
            Err(missed) => {
                tracing::warn!(
                    edge = self.edge,
                    missed,
                    "an edge fell behind the table service; every table is shown again"
                );
                Some(Heard::Behind(Behind {
                    missed,
                    through: self.service.last_event(),
                    tables: self.service.table_ids(),
                }))
            }
        }
    }
}

/// The next message of a bus: `Err` with how many were missed when the receiver lagged, None
/// once the bus is closed.
async fn next<T: Clone>(events: &mut broadcast::Receiver<T>) -> Option<Result<T, u64>> {
    match events.recv().await {
        Ok(message) => Some(Ok(message)),
        Err(RecvError::Lagged(missed)) => Some(Err(missed)),
        Err(RecvError::Closed) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_follower_that_falls_behind_is_told_once_then_hears_the_rest_in_order() {
        let (bus, mut events) = broadcast::channel(4);
        for n in 0..10u64 {
            bus.send(n).unwrap();
        }
        // Six were dropped for it: it is told so once, then hears the four kept, in order.
        assert_eq!(next(&mut events).await, Some(Err(6)));
        for n in 6..10 {
            assert_eq!(next(&mut events).await, Some(Ok(n)));
        }
        bus.send(10).unwrap();
        assert_eq!(next(&mut events).await, Some(Ok(10)));
        drop(bus);
        assert_eq!(next(&mut events).await, None);
    }
}
