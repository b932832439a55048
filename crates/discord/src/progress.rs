//! How far the edge has come through the table service's events: each event is received,
//! then shown (its table's messages brought up to date); every event up to `through` has been
//! shown (or was never the edge's to show). A click is counted as handled, and a stop drains,
//! once every event published before it has been shown (`shown_through`).

use std::collections::BTreeSet;
use std::sync::Mutex as StdMutex;
use std::time::Duration;

use tokio::sync::watch;

/// How far the edge has come through the service's events.
#[derive(Debug)]
pub(super) struct Progress {
    inner: StdMutex<Counted>,
    /// Every event up to this number has been shown (or was never the edge's to show).
    done: watch::Sender<u64>,
}

#[derive(Debug, Default)]
struct Counted {
    /// The last event received.
    received: u64,
    /// Events received and not yet shown.
    open: BTreeSet<u64>,
}

impl Progress {
    /// Progress from the service's last event (`from`): the events before it were not the
    /// edge's.
    pub(super) fn new(from: u64) -> Progress {
        Progress {
            inner: StdMutex::new(Counted {
                received: from,
                open: BTreeSet::new(),
            }),
            done: watch::Sender::new(from),
        }
    }

    fn update(&self, f: impl FnOnce(&mut Counted)) {
        let Ok(mut counted) = self.inner.lock() else {
            return;
        };
        f(&mut counted);
        let through = match counted.open.first() {
            Some(&first) => first - 1,
            None => counted.received,
        };
        self.done.send_if_modified(|done| {
            let moved = through > *done;
            if moved {
                *done = through;
            }
            moved
        });
    }

    pub(super) fn received(&self, seq: u64) {
        self.update(|c| {
            c.received = c.received.max(seq);
            c.open.insert(seq);
        });
    }

    pub(super) fn shown(&self, seq: u64) {
        self.update(|c| {
            c.open.remove(&seq);
        });
    }

    /// Events missed (the edge lagged): everything up to `seq` counts as received.
    pub(super) fn skipped_to(&self, seq: u64) {
        self.update(|c| c.received = c.received.max(seq));
    }

    /// Every event up to this number has been shown.
    pub(super) fn through(&self) -> u64 {
        *self.done.borrow()
    }

    /// Waits (at most `within`) until every event up to `seq` has been shown; answers whether
    /// it was.
    pub(super) async fn shown_through(&self, seq: u64, within: Duration) -> bool {
        let mut done = self.done.subscribe();
        tokio::time::timeout(within, done.wait_for(|&d| d >= seq))
            .await
            .is_ok_and(|r| r.is_ok())
    }
}
