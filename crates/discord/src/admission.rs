//! How many clicks the edge handles at once: a number of places that follows how busy the
//! process's cores are. A click takes a place before its handler runs and gives it back when
//! the handler ends; clicks wait for a place in the order they came (tokio's semaphore is
//! fair), and a click's 3 seconds count from its arrival, so its wait is part of them.
//!
//! Every `TICK` the places are set from the share of the cores the process's own work took
//! since the last tick: every thread but the drawing threads, which run at a lower priority
//! and give way to the clicks (their time is counted apart with [`background`]).
//! - At or over `SATURATED` the cores are the bottleneck: a click let in now would only wait
//!   for a core half done, holding its views, its answer and its request, and what is under way
//!   at once is the bot's peak memory (BENCHMARKS.md, issue 44). The places shrink by a quarter,
//!   to no fewer than `LEAST_PER_CORE` per core: enough to keep a core busy.
//! - Under `SPARE` while clicks wait for a place, the clicks are waiting on Discord, not on the
//!   cores (a click holds its place while its answer is on its way): the places double, so the
//!   clicks a second are never capped by Discord's answer time.
//! - In between they stay as they are.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::Duration;

use tokio::sync::{Semaphore, SemaphorePermit};
use tokio::time::Instant;

/// How often the places are set.
const TICK: Duration = Duration::from_millis(50);
/// A share of the cores at or over this, taken by the process's own work, is cores behind:
/// the places shrink. (Unpaced on the fake Discord, one core saturated, the share was 70–82%;
/// at Discord's pace, 100 tables with pictures, 28%: BENCHMARKS.md.)
const SATURATED: f64 = 0.7;
/// Under this share, with clicks waiting, there is time to spare: the places grow.
const SPARE: f64 = 0.5;
/// The fewest places, per core: on the fake Discord, which answers at once, 8 clicks at once
/// keep a core as busy as no bound (BENCHMARKS.md).
const LEAST_PER_CORE: usize = 8;
/// The most places there can be.
const MOST: usize = 1 << 16;

/// The places for clicks.
#[derive(Debug)]
pub(crate) struct Admission {
    inner: Arc<Inner>,
    /// How busy the process was: its own work's CPU time so far.
    busy: fn() -> Duration,
    /// The task that sets the places, started with the first click (inside the runtime).
    tuner: OnceLock<()>,
}

#[derive(Debug)]
struct Inner {
    places: Semaphore,
    least: usize,
    cores: usize,
    /// The number of places, and how many places taken are to be forgotten when given back
    /// (a shrink below the places taken).
    limit: Mutex<Limit>,
    waiting: AtomicUsize,
    taken: AtomicUsize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Limit {
    places: usize,
    owed: usize,
}

impl Default for Admission {
    fn default() -> Admission {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Admission::new(cores, own_cpu)
    }
}

/// A click's place, given back when dropped.
pub(crate) struct Place<'a> {
    permit: Option<SemaphorePermit<'a>>,
    inner: &'a Inner,
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        self.inner.taken.fetch_sub(1, Ordering::SeqCst);
        let Some(permit) = self.permit.take() else {
            return;
        };
        let mut limit = self.inner.limit.lock().unwrap_or_else(|e| e.into_inner());
        if limit.owed > 0 {
            limit.owed -= 1;
            permit.forget();
        }
    }
}

impl Admission {
    /// Places for a process on `cores` cores, whose own work's CPU time so far `busy` reads.
    fn new(cores: usize, busy: fn() -> Duration) -> Admission {
        let least = LEAST_PER_CORE * cores;
        Admission {
            inner: Arc::new(Inner {
                places: Semaphore::new(least),
                least,
                cores,
                limit: Mutex::new(Limit {
                    places: least,
                    owed: 0,
                }),
                waiting: AtomicUsize::new(0),
                taken: AtomicUsize::new(0),
            }),
            busy,
            tuner: OnceLock::new(),
        }
    }

    /// A click's place: its handler runs while the place is held.
    pub(crate) async fn click(&self) -> Place<'_> {
        self.tuner.get_or_init(|| {
            tokio::spawn(tune(Arc::downgrade(&self.inner), self.busy));
        });
        self.inner.waiting.fetch_add(1, Ordering::SeqCst);
        // The semaphore is never closed; were it, the click would go on without a place.
        let permit = self.inner.places.acquire().await.ok();
        self.inner.waiting.fetch_sub(1, Ordering::SeqCst);
        self.inner.taken.fetch_add(1, Ordering::SeqCst);
        Place {
            permit,
            inner: &self.inner,
        }
    }

    /// The places now, and the clicks waiting for one (the metrics).
    pub(crate) fn now(&self) -> (usize, usize) {
        let places = self
            .inner
            .limit
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .places;
        (places, self.inner.waiting.load(Ordering::SeqCst))
    }
}

#[cfg(unix)]
const CLOCK_PROCESS: libc::clockid_t = libc::CLOCK_PROCESS_CPUTIME_ID;
#[cfg(unix)]
const CLOCK_THREAD: libc::clockid_t = libc::CLOCK_THREAD_CPUTIME_ID;
#[cfg(not(unix))]
const CLOCK_PROCESS: i32 = 0;
#[cfg(not(unix))]
const CLOCK_THREAD: i32 = 0;

/// CPU time spent by work that gives way to the clicks (the drawing threads, at a lower
/// priority): not counted as the cores' being busy.
static BACKGROUND_NANOS: AtomicU64 = AtomicU64::new(0);

/// Counts `cpu` of work that gives way to the clicks.
pub(crate) fn background(cpu: Duration) {
    BACKGROUND_NANOS.fetch_add(
        u64::try_from(cpu.as_nanos()).unwrap_or(u64::MAX),
        Ordering::Relaxed,
    );
}

/// The CPU time of the process's own work so far: every thread's, but the background's.
fn own_cpu() -> Duration {
    cpu_clock(CLOCK_PROCESS).saturating_sub(Duration::from_nanos(
        BACKGROUND_NANOS.load(Ordering::Relaxed),
    ))
}

/// The CPU time of the calling thread so far.
pub(crate) fn thread_cpu() -> Duration {
    cpu_clock(CLOCK_THREAD)
}

#[cfg(unix)]
fn cpu_clock(clock: libc::clockid_t) -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes one timespec, to the one we pass; it reads nothing else.
    if unsafe { libc::clock_gettime(clock, &mut now) } != 0 {
        return Duration::ZERO;
    }
    Duration::new(
        u64::try_from(now.tv_sec).unwrap_or(0),
        u32::try_from(now.tv_nsec).unwrap_or(0),
    )
}

/// Where the CPU clocks are not read, the cores never seem busy: the places only grow, and
/// the clicks are not bounded.
#[cfg(not(unix))]
fn cpu_clock(_clock: i32) -> Duration {
    Duration::ZERO
}

/// Sets the places every `TICK` from the process's own CPU time, until the edge is gone.
async fn tune(inner: Weak<Inner>, busy: fn() -> Duration) {
    let mut last = (Instant::now(), busy());
    loop {
        tokio::time::sleep(TICK).await;
        let Some(inner) = inner.upgrade() else {
            return;
        };
        let now = (Instant::now(), busy());
        let wall = now.0.duration_since(last.0).as_secs_f64() * inner.cores as f64;
        let share = now.1.saturating_sub(last.1).as_secs_f64() / wall.max(1e-9);
        last = now;
        let mut limit = inner.limit.lock().unwrap_or_else(|e| e.into_inner());
        let before = limit.places;
        let places = next(
            before,
            share,
            inner.taken.load(Ordering::SeqCst),
            inner.waiting.load(Ordering::SeqCst),
            inner.least,
        );
        if places < before {
            let cut = before - places;
            let forgotten = inner.places.forget_permits(cut);
            limit.owed += cut - forgotten;
        } else if places > before {
            let mut more = places - before;
            let paid = more.min(limit.owed);
            limit.owed -= paid;
            more -= paid;
            inner.places.add_permits(more);
        }
        limit.places = places;
    }
}

/// The places after a tick: `places` now, the process's own work busy for `share` of the
/// cores, `taken` places taken and `waiting` clicks waiting for one.
fn next(places: usize, share: f64, taken: usize, waiting: usize, least: usize) -> usize {
    if share >= SATURATED {
        // A quarter fewer than are in use (places not in use save nothing).
        (places.min(taken.max(least)) * 3 / 4).max(least)
    } else if share < SPARE && waiting > 0 {
        places.saturating_mul(2).min(MOST)
    } else {
        places
    }
}

#[cfg(test)]
mod tests {
    //! The places for clicks at once: cores behind shrink them by a quarter, down to the least;
    //! time to spare with clicks waiting doubles them; and, with a fake CPU clock, places grow
    //! while clicks wait on Discord and shrink when the cores are behind.

    use super::*;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn cores_behind_shrink_the_places_in_use_by_a_quarter_to_the_least() {
        assert_eq!(next(64, 0.95, 64, 10, 8), 48);
        // Places not in use go first.
        assert_eq!(next(64, 0.95, 20, 0, 8), 15);
        assert_eq!(next(9, 0.7, 9, 3, 8), 8);
        assert_eq!(next(8, 1.0, 8, 300, 8), 8);
    }

    #[test]
    fn time_to_spare_with_clicks_waiting_doubles_the_places() {
        assert_eq!(next(8, 0.2, 8, 1, 8), 16);
        assert_eq!(next(MOST, 0.0, MOST, 5, 8), MOST);
        // Nothing waiting: nothing to grow for.
        assert_eq!(next(8, 0.2, 3, 0, 8), 8);
        // Between the two, the places stay.
        assert_eq!(next(32, 0.6, 32, 50, 8), 32);
    }

    static SATURATE: AtomicBool = AtomicBool::new(false);
    static CPU_NANOS: AtomicU64 = AtomicU64::new(0);

    /// A process that is busy every moment while `SATURATE` is set, and idle otherwise.
    fn fake_cpu() -> Duration {
        Duration::from_nanos(CPU_NANOS.load(Ordering::SeqCst))
    }

    /// Lets `by` go by, the process busy all of it (counted twice over, so that a slow test
    /// machine's late timers still read as cores behind) or none.
    async fn pass(by: Duration) {
        let step = Duration::from_millis(5);
        let mut gone = Duration::ZERO;
        while gone < by {
            if SATURATE.load(Ordering::SeqCst) {
                CPU_NANOS.fetch_add(2 * step.as_nanos() as u64, Ordering::SeqCst);
            }
            tokio::time::sleep(step).await;
            gone += step;
        }
    }

    #[tokio::test]
    async fn places_grow_while_clicks_wait_on_discord_and_shrink_when_the_cores_are_behind() {
        let admission = Arc::new(Admission::new(1, fake_cpu));
        let (release, released) = tokio::sync::watch::channel(false);
        // 100 clicks at once, each holding its place until released (an answer on its way),
        // the cores idle: every one gets in, though 8 places are where the places begin.
        let mut clicks = Vec::new();
        let inside = Arc::new(AtomicUsize::new(0));
        for _ in 0..100 {
            let (admission, mut released, inside) =
                (admission.clone(), released.clone(), inside.clone());
            clicks.push(tokio::spawn(async move {
                let _place = admission.click().await;
                inside.fetch_add(1, Ordering::SeqCst);
                let _ = released.wait_for(|r| *r).await;
            }));
        }
        pass(Duration::from_millis(400)).await;
        assert_eq!(inside.load(Ordering::SeqCst), 100);
        assert!(admission.now().0 >= 100, "{}", admission.now().0);
        let _ = release.send(true);
        for click in clicks {
            click.await.unwrap();
        }
        // Now the cores are behind, with clicks in flight: the places fall to the least.
        SATURATE.store(true, Ordering::SeqCst);
        let (hold, held) = tokio::sync::watch::channel(false);
        let mut clicks = Vec::new();
        for _ in 0..20 {
            let (admission, mut held) = (admission.clone(), held.clone());
            clicks.push(tokio::spawn(async move {
                let _place = admission.click().await;
                let _ = held.wait_for(|r| *r).await;
            }));
        }
        pass(Duration::from_secs(1)).await;
        assert_eq!(admission.now().0, 8);
        assert_eq!(admission.inner.taken.load(Ordering::SeqCst), 20);
        // The places taken past the least are forgotten as they are given back: then 8 get in
        // at once, and no more.
        let _ = hold.send(true);
        for click in clicks {
            click.await.unwrap();
        }
        assert_eq!(admission.inner.places.available_permits(), 8);
    }
}
