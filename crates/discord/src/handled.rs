//! Clicks counted as handled to their end. A click has answered; it counts (in the metrics, in
//! `clicks_handled`, and for a stop, which waits for its pass) once every event the table
//! service published before its end has been shown in the channels, or after `SHOWN_WITHIN`
//! at most. A busy server has hundreds of clicks waiting so at once (every table's channel a
//! little behind), so each waits as a small entry in one queue, seen to by one task, not as a
//! task of its own with a timer.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;

use super::gate::Pass;
use super::progress::Progress;

/// How long a click waits at most for the channels before it counts as handled anyway.
const SHOWN_WITHIN: Duration = Duration::from_secs(10);

/// The clicks waiting for the channels, oldest first, and how many have been handled.
pub(crate) struct Handled {
    waiting: Mutex<Waiting>,
    /// How long a click waits at most (`SHOWN_WITHIN`).
    within: Duration,
    /// A click joined the queue (wakes the task that sees to it).
    joined: Notify,
    /// Clicks handled to their end.
    count: AtomicU64,
}

#[derive(Default)]
struct Waiting {
    queue: VecDeque<Click>,
    /// The task that sees to the queue is running.
    seen_to: bool,
}

/// One click waiting: the last event published at its end, until when it waits, its metric's
/// labels, and the stop's pass it holds.
struct Click {
    seq: u64,
    until: Instant,
    kind: &'static str,
    outcome: &'static str,
    _pass: Pass,
}

impl Default for Handled {
    fn default() -> Self {
        Handled::waiting_at_most(SHOWN_WITHIN)
    }
}

impl Handled {
    /// Clicks that wait for the channels `within` at most.
    fn waiting_at_most(within: Duration) -> Handled {
        Handled {
            waiting: Mutex::default(),
            within,
            joined: Notify::new(),
            count: AtomicU64::new(0),
        }
    }

    /// How many clicks have been handled to their end.
    pub(crate) fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }

    /// A click has answered: it counts as handled once every event up to the service's last
    /// (`last_event`, read in order with the other clicks') has been shown, holding `pass`
    /// until then.
    pub(crate) fn after_shown(
        self: &Arc<Self>,
        progress: &Arc<Progress>,
        last_event: impl FnOnce() -> u64,
        kind: &'static str,
        outcome: &'static str,
        pass: Pass,
    ) {
        let mut waiting = self.waiting();
        waiting.queue.push_back(Click {
            seq: last_event(),
            until: Instant::now() + self.within,
            kind,
            outcome,
            _pass: pass,
        });
        if !waiting.seen_to {
            waiting.seen_to = true;
            let (handled, progress) = (self.clone(), progress.clone());
            tokio::spawn(async move { handled.see_to(&progress).await });
        }
        drop(waiting);
        self.joined.notify_one();
    }

    /// The queue (a panic elsewhere while it was held left it whole: every change to it is
    /// one call).
    fn waiting(&self) -> std::sync::MutexGuard<'_, Waiting> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Counts the clicks in order as the channels catch up (or their time is up); runs for
    /// the life of the process.
    async fn see_to(&self, progress: &Progress) {
        loop {
            let first = self
                .waiting()
                .queue
                .front()
                .map(|first| (first.seq, first.until));
            let Some((seq, until)) = first else {
                self.joined.notified().await;
                continue;
            };
            let within = until.saturating_duration_since(Instant::now());
            if !progress.shown_through(seq, within).await {
                tracing::debug!(
                    last = seq,
                    "the table messages are still being brought up to date"
                );
            }
            let (through, now) = (progress.through(), Instant::now());
            let done: Vec<Click> = {
                let mut w = self.waiting();
                let n = w
                    .queue
                    .iter()
                    .take_while(|c| c.seq <= through || c.until <= now)
                    .count();
                let done = w.queue.drain(..n).collect();
                // A burst's room is given back once it has passed.
                let room = w.queue.capacity();
                if room > 64 && w.queue.len() < room / 4 {
                    w.queue.shrink_to(room / 2);
                }
                done
            };
            for click in done {
                pakka_metrics::interaction(click.kind, click.outcome);
                self.count.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! Clicks counted as handled: a click counts once every event published before its end is
    //! shown in its channel; a click whose channel never catches up counts after its time
    //! (`SHOWN_WITHIN`).

    use super::*;
    use crate::gate::Gate;

    /// Lets the task that sees to the queue run until `done` holds (a second at most).
    async fn until(done: impl Fn() -> bool) {
        for _ in 0..1000 {
            if done() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        panic!("not done within a second");
    }

    #[tokio::test]
    async fn a_click_counts_once_every_event_before_its_end_is_shown() {
        let gate: Arc<Gate> = Arc::default();
        let progress = Arc::new(Progress::new(0));
        let handled: Arc<Handled> = Arc::default();
        for seq in 1..=3 {
            progress.received(seq);
        }
        for last in [1, 3] {
            let pass = gate.enter().unwrap();
            handled.after_shown(&progress, || last, "act", "ok", pass);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(handled.count(), 0, "nothing shown yet");
        progress.shown(1);
        until(|| handled.count() == 1).await;
        // Event 3 is shown before event 2: the second click waits for both.
        progress.shown(3);
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(handled.count(), 1);
        assert_eq!(
            gate.close(Duration::from_millis(10)).await,
            1,
            "the waiting click holds its pass"
        );
        progress.shown(2);
        until(|| handled.count() == 2).await;
        assert_eq!(
            gate.close(Duration::from_secs(1)).await,
            0,
            "every pass given back"
        );
    }

    #[tokio::test]
    async fn a_click_whose_channel_never_catches_up_counts_after_its_time() {
        let gate: Arc<Gate> = Arc::default();
        let progress = Arc::new(Progress::new(0));
        let handled = Arc::new(Handled::waiting_at_most(Duration::from_millis(300)));
        progress.received(1);
        handled.after_shown(&progress, || 1, "act", "ok", gate.enter().unwrap());
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(handled.count(), 0);
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert_eq!(handled.count(), 1, "counted once its time was up");
        assert_eq!(gate.close(Duration::ZERO).await, 0);
    }
}
