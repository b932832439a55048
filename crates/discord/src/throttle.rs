//! How fast one person may click buttons and open tables: a token bucket per user, refilled at a
//! steady rate up to its burst. A click (or a `/play`) takes a token; with none left the person
//! is told how long to wait, and nothing else happens. A `/play` takes its token as a [`Taken`],
//! given back when the request is refused (a wrong seat count, an unknown game): only a table
//! opened costs one. The buckets are generous on purpose: a
//! player clicking quickly through a game never meets them, a script does.
//!
//! Memory stays bounded by the people active lately: a bucket that has filled up again is the
//! same as no bucket, so full ones are forgotten every so often. Hand-written rather than
//! `governor`, whose keyed limiter needs the same pruning by hand and answers in its own clock
//! type; twenty lines of arithmetic with an explicit `now` are easier to test. A person's two
//! throttles, as the operator set them, are [`Throttles`].

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use pakka_config::Config;

/// Prune the forgotten buckets after this many checks.
const PRUNE_EVERY: u32 = 512;

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    last: Instant,
}

/// One kind of request's bucket per user.
#[derive(Debug)]
pub struct Throttle {
    /// Tokens when full; 0 turns the throttle off.
    burst: f64,
    /// Tokens added per second.
    rate: f64,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    users: HashMap<u64, Bucket>,
    checks: u32,
}

impl Throttle {
    /// A bucket of `burst` tokens refilled at `per_second` (0: never throttles when `burst` is
    /// 0; a rate of 0 is taken as one token a minute).
    pub fn new(burst: u32, per_second: f64) -> Throttle {
        Throttle {
            burst: f64::from(burst),
            rate: if per_second > 0.0 {
                per_second
            } else {
                1.0 / 60.0
            },
            state: Mutex::default(),
        }
    }

    /// A throttle that never refuses.
    pub fn off() -> Throttle {
        Throttle::new(0, 0.0)
    }

    /// Takes a token of `user`'s bucket: `None` when there was one, else how long until there is.
    pub fn check(&self, user: u64, now: Instant) -> Option<Duration> {
        if self.burst <= 0.0 {
            return None;
        }
        let mut state = self.state.lock().ok()?;
        state.checks = state.checks.wrapping_add(1);
        if state.checks % PRUNE_EVERY == 0 {
            self.prune(&mut state, now);
        }
        let bucket = state.users.entry(user).or_insert(Bucket {
            tokens: self.burst,
            last: now,
        });
        let elapsed = now.saturating_duration_since(bucket.last).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * self.rate).min(self.burst);
        bucket.last = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            None
        } else {
            Some(Duration::from_secs_f64((1.0 - bucket.tokens) / self.rate))
        }
    }

    /// Takes a token like [`check`](Self::check), to be given back unless the request is
    /// [kept](Taken::keep): `Err` with the wait when there was none.
    pub fn take(&self, user: u64, now: Instant) -> Result<Taken<'_>, Duration> {
        match self.check(user, now) {
            Some(wait) => Err(wait),
            None => Ok(Taken {
                throttle: self,
                user,
                kept: false,
            }),
        }
    }

    /// Puts a token back into `user`'s bucket (never above its burst).
    fn give_back(&self, user: u64) {
        if let Ok(mut state) = self.state.lock() {
            if let Some(bucket) = state.users.get_mut(&user) {
                bucket.tokens = (bucket.tokens + 1.0).min(self.burst);
            }
        }
    }

    /// Forgets every bucket that has filled up again.
    fn prune(&self, state: &mut State, now: Instant) {
        let (burst, rate) = (self.burst, self.rate);
        state.users.retain(|_, b| {
            b.tokens + now.saturating_duration_since(b.last).as_secs_f64() * rate < burst
        });
    }

    /// How many users' buckets are kept now.
    #[cfg(test)]
    fn kept(&self) -> usize {
        self.state.lock().map(|s| s.users.len()).unwrap_or(0)
    }
}

/// A token taken for a request that may still be refused: given back when dropped, unless the
/// request went through ([`keep`](Taken::keep)).
#[derive(Debug)]
#[must_use = "a token not kept is given back at once"]
pub struct Taken<'a> {
    throttle: &'a Throttle,
    user: u64,
    kept: bool,
}

impl Taken<'_> {
    /// The request went through: the token stays spent.
    pub fn keep(mut self) {
        self.kept = true;
    }
}

impl Drop for Taken<'_> {
    fn drop(&mut self) {
        if !self.kept {
            self.throttle.give_back(self.user);
        }
    }
}

/// A wait in whole seconds for people (at least one).
pub fn seconds(wait: Duration) -> u64 {
    wait.as_secs_f64().ceil().max(1.0) as u64
}

/// The throttles of one person's requests.
#[derive(Debug)]
pub struct Throttles {
    /// Every button click (and any other component).
    pub clicks: Throttle,
    /// `/play`.
    pub plays: Throttle,
}

impl Throttles {
    /// The operator's settings (a burst of 0 turns a throttle off).
    pub fn from_config(config: &Config) -> Throttles {
        Throttles {
            clicks: Throttle::new(config.click_burst, f64::from(config.clicks_per_second)),
            plays: Throttle::new(config.play_burst, f64::from(config.plays_per_minute) / 60.0),
        }
    }
}

#[cfg(test)]
mod tests {
    //! The click and `/play` throttles: a quick player is never slowed down, a script is slowed
    //! down and told how long to wait (`/play` in whole seconds), a refused play gives its token
    //! back, off never refuses, and idle users are forgotten.

    use super::*;

    fn at(start: Instant, ms: u64) -> Instant {
        start + Duration::from_millis(ms)
    }

    #[test]
    fn a_quick_player_is_never_slowed_down() {
        // Four clicks a second for a minute, and bursts of ten clicks in a second now and then.
        let t = Throttle::new(20, 5.0);
        let start = Instant::now();
        for i in 0..240 {
            assert_eq!(t.check(1, at(start, i * 250)), None, "click {i}");
        }
        for burst in 0..5u64 {
            for i in 0..10 {
                let ms = 60_000 + burst * 5_000 + i * 100;
                assert_eq!(t.check(1, at(start, ms)), None, "burst {burst} click {i}");
            }
        }
    }

    #[test]
    fn a_script_is_slowed_down_and_told_how_long_to_wait() {
        let t = Throttle::new(20, 5.0);
        let start = Instant::now();
        for _ in 0..20 {
            assert_eq!(t.check(1, start), None);
        }
        let wait = t
            .check(1, start)
            .expect("the 21st click at once is throttled");
        assert!(wait > Duration::from_millis(150) && wait <= Duration::from_millis(200));
        assert_eq!(seconds(wait), 1);
        // Someone else is not affected.
        assert_eq!(t.check(2, start), None);
        // A refused click takes no token: after 200 ms there is one again.
        assert_eq!(t.check(1, at(start, 200)), None);
        assert!(t.check(1, at(start, 200)).is_some());
    }

    #[test]
    fn play_waits_are_told_in_whole_seconds() {
        let t = Throttle::new(3, 6.0 / 60.0);
        let start = Instant::now();
        for _ in 0..3 {
            assert_eq!(t.check(1, start), None);
        }
        assert_eq!(t.check(1, start).map(seconds), Some(10));
        assert_eq!(t.check(1, at(start, 2_500)).map(seconds), Some(8));
        assert_eq!(t.check(1, at(start, 10_000)), None);
    }

    #[test]
    fn a_refused_play_gives_its_token_back() {
        let t = Throttle::new(3, 6.0 / 60.0);
        let start = Instant::now();
        // Three refused requests (a wrong seat count, say) cost nothing…
        for _ in 0..3 {
            drop(t.take(1, start).expect("a token"));
        }
        // …so three tables can still be opened, and only then is the person slowed down.
        for _ in 0..3 {
            t.take(1, start).expect("a token").keep();
        }
        assert_eq!(t.take(1, start).err().map(seconds), Some(10));
    }

    #[test]
    fn off_never_refuses() {
        let t = Throttle::off();
        let now = Instant::now();
        assert!((0..10_000).all(|_| t.check(1, now).is_none()));
        assert_eq!(t.kept(), 0);
    }

    #[test]
    fn idle_users_are_forgotten() {
        let t = Throttle::new(20, 5.0);
        let start = Instant::now();
        for user in 0..10_000 {
            t.check(user, start);
        }
        assert!(t.kept() <= 10_000);
        // Four seconds later every bucket is full again; the next prune forgets them all but
        // the ones used since.
        let later = at(start, 5_000);
        for i in 0..u64::from(PRUNE_EVERY) {
            t.check(1_000_000 + i % 3, later);
        }
        assert!(t.kept() <= 3, "{} buckets kept", t.kept());
    }
}
