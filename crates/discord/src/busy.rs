//! How many clicks the edge handles at once: at most `PER_CORE` for every core. A bot far
//! behind (more clicks coming in than its cores answer) keeps each further click waiting as its
//! small task, with the click as kept, instead of having all of them half done at once, each
//! holding a move's views, its answer, a request and that request's connection: what is under
//! way at once is the bot's peak memory (BENCHMARKS.md, issue 44). Clicks wait their turn in
//! the order they came (tokio's semaphore is fair), and a click's 3 seconds count from its
//! arrival, so its wait is part of them.
//!
//! Channel updates are not bounded here: one can wait in the pacer for its channel's window
//! (`pace`), and a bound on them would hold up every other table's updates behind it.

use tokio::sync::{Semaphore, SemaphorePermit};

/// Clicks in their handlers at once, for each core: enough to keep a core busy while the
/// others wait for Discord's answers (a move's handler waits for two or three calls). On one
/// core, 8 at once answer as many clicks a second as no bound (BENCHMARKS.md).
const PER_CORE: usize = 8;

/// The bound on clicks handled at once.
#[derive(Debug)]
pub(crate) struct Busy {
    clicks: Semaphore,
}

impl Default for Busy {
    fn default() -> Busy {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Busy::new(PER_CORE * cores)
    }
}

impl Busy {
    /// At most `at_once` clicks.
    pub(crate) fn new(at_once: usize) -> Busy {
        Busy {
            clicks: Semaphore::new(at_once),
        }
    }

    /// A click's place: its handler runs while the place is held.
    pub(crate) async fn click(&self) -> Option<SemaphorePermit<'_>> {
        // The semaphore is never closed; were it, the click would go on without a place.
        self.clicks.acquire().await.ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    /// Runs `n` clicks that each take a place and sleep a little; answers the most that ran at
    /// once, and the order in which they got their places.
    async fn run(busy: Arc<Busy>, n: usize) -> (usize, Vec<usize>) {
        let now = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let order = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for i in 0..n {
            let (busy, now, most, order) = (busy.clone(), now.clone(), most.clone(), order.clone());
            tasks.push(tokio::spawn(async move {
                let _place = busy.click().await;
                order.lock().expect("not poisoned").push(i);
                let running = now.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(running, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(5)).await;
                now.fetch_sub(1, Ordering::SeqCst);
            }));
            // Each click arrives after the one before it has asked for its place.
            tokio::task::yield_now().await;
        }
        for task in tasks {
            task.await.expect("the click ends");
        }
        let order = order.lock().expect("not poisoned").clone();
        (most.load(Ordering::SeqCst), order)
    }

    #[tokio::test]
    async fn no_more_clicks_run_at_once_than_the_bound() {
        let (most, _) = run(Arc::new(Busy::new(3)), 40).await;
        assert_eq!(most, 3);
    }

    #[tokio::test]
    async fn clicks_get_their_places_in_the_order_they_came() {
        let (_, order) = run(Arc::new(Busy::new(2)), 20).await;
        assert_eq!(order, (0..20).collect::<Vec<_>>());
    }

    #[tokio::test]
    async fn the_default_bound_grows_with_the_cores() {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let busy = Busy::default();
        assert_eq!(busy.clicks.available_permits(), PER_CORE * cores);
    }
}
