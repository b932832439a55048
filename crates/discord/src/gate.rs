//! The gate a bot lets its work in by: every click, command and computer player's move takes a
//! [`Pass`] while the bot runs, and the gate counts the passes out until they are dropped. A
//! stop (`stopping`) closes it: nothing new comes in, and closing waits for the count to reach
//! zero.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;

/// Lets work in while the bot runs and counts it; closed by a stop.
#[derive(Debug, Default)]
pub(crate) struct Gate {
    closed: AtomicBool,
    busy: AtomicUsize,
    idle: Notify,
}

/// One piece of work let in; the gate counts it until it is dropped.
#[derive(Debug)]
pub(crate) struct Pass(Arc<Gate>);

impl Drop for Pass {
    fn drop(&mut self) {
        if self.0.busy.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

/// A click or command refused because the bot is stopping (answered by `on_error`).
#[derive(Debug, thiserror::Error)]
#[error("pakka is stopping")]
pub(crate) struct Stopping;

impl Gate {
    /// A pass for one piece of work, or None once the gate is closed.
    pub(crate) fn enter(self: &Arc<Gate>) -> Option<Pass> {
        // Counted first, then checked: a stop that closes the gate in between waits for it.
        self.busy.fetch_add(1, Ordering::SeqCst);
        let pass = Pass(self.clone());
        (!self.closed.load(Ordering::SeqCst)).then_some(pass)
    }

    #[cfg(test)]
    pub(crate) fn is_closed(&self) -> bool {
        self.closed.load(Ordering::SeqCst)
    }

    /// Closes the gate and waits (at most `within`) until the work let in has ended. Answers
    /// how many pieces of work were still running when the time ran out (0: all ended).
    pub(crate) async fn close(&self, within: Duration) -> usize {
        self.closed.store(true, Ordering::SeqCst);
        let drained = tokio::time::timeout(within, async {
            loop {
                let idle = self.idle.notified();
                if self.busy.load(Ordering::SeqCst) == 0 {
                    return;
                }
                idle.await;
            }
        })
        .await;
        match drained {
            Ok(()) => 0,
            Err(_) => self.busy.load(Ordering::SeqCst),
        }
    }
}

#[cfg(test)]
mod tests {
    //! The gate: once closed it lets nothing in and waits for the passes it let in; a stop gives
    //! up waiting when its time runs out.

    use super::*;

    #[tokio::test]
    async fn a_closed_gate_lets_nothing_in_and_waits_for_what_it_let_in() {
        let gate: Arc<Gate> = Arc::default();
        let pass = gate.enter().expect("an open gate lets work in");
        let waiting = {
            let gate = gate.clone();
            tokio::spawn(async move { gate.close(Duration::from_secs(10)).await })
        };
        while !gate.is_closed() {
            tokio::task::yield_now().await;
        }
        assert!(gate.enter().is_none(), "nothing new once closed");
        assert!(!waiting.is_finished());
        drop(pass);
        assert_eq!(waiting.await.unwrap(), 0, "every piece of work ended");
    }

    #[tokio::test]
    async fn a_stop_gives_up_waiting_when_its_time_runs_out() {
        let gate: Arc<Gate> = Arc::default();
        let _stuck = gate.enter().unwrap();
        assert_eq!(gate.close(Duration::from_millis(20)).await, 1);
    }
}
