//! The pace of a person's input, held by token buckets: a bucket holds up to its burst of
//! tokens, refilled at a steady rate; each input takes one, and with none left the input is
//! refused and the person told how long to wait. Both edges pace their people with it: the
//! Discord edge one [`Throttle`] per kind of request (a token bucket per user: its clicks, its
//! `/play`s, where a request may still be refused and give its token back as a [`Taken`]), the
//! web edge a [`FramePace`] per window (its frames, and a flood that closes it). The buckets are
//! generous on purpose: a person clicking quickly through a game never meets them, a script
//! does.
//!
//! Memory stays bounded by the people active lately: a bucket that has filled up again is the
//! same as no bucket, so a throttle forgets full ones every so often. Hand-written rather than
//! `governor`, whose keyed limiter needs the same pruning by hand and answers in its own clock
//! type; twenty lines of arithmetic with an explicit `now` are easier to test.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Prune the forgotten buckets after this many checks.
const PRUNE_EVERY: u32 = 512;

/// How full a bucket may be and how fast it fills.
#[derive(Clone, Copy, Debug)]
struct Rate {
    /// Tokens when full; 0 turns the bucket off.
    burst: f64,
    /// Tokens added per second.
    per_second: f64,
}

impl Rate {
    /// A bucket of `burst` tokens refilled at `per_second` (a rate of 0 is taken as one token
    /// a minute).
    fn new(burst: u32, per_second: f64) -> Rate {
        Rate {
            burst: f64::from(burst),
            per_second: if per_second > 0.0 {
                per_second
            } else {
                1.0 / 60.0
            },
        }
    }

    /// A bucket full at `now`.
    fn full(&self, now: Instant) -> Bucket {
        Bucket {
            tokens: self.burst,
            last: now,
        }
    }
}

/// One bucket: its tokens as of `last`.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    last: Instant,
}

impl Bucket {
    /// Takes a token at `now`: `None` when there was one, else how long until there is.
    fn take(&mut self, rate: Rate, now: Instant) -> Option<Duration> {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + elapsed * rate.per_second).min(rate.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            None
        } else {
            Some(Duration::from_secs_f64(
                (1.0 - self.tokens) / rate.per_second,
            ))
        }
    }

    /// Whether the bucket is full again at `now` (the same as no bucket).
    fn refilled(&self, rate: Rate, now: Instant) -> bool {
        self.tokens + now.saturating_duration_since(self.last).as_secs_f64() * rate.per_second
            >= rate.burst
    }
}

/// One kind of request's bucket per user.
#[derive(Debug)]
pub struct Throttle {
    rate: Rate,
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
            rate: Rate::new(burst, per_second),
            state: Mutex::default(),
        }
    }

    /// A throttle that never refuses.
    pub fn off() -> Throttle {
        Throttle::new(0, 0.0)
    }

    /// Takes a token of `user`'s bucket: `None` when there was one, else how long until there is.
    pub fn check(&self, user: u64, now: Instant) -> Option<Duration> {
        if self.rate.burst <= 0.0 {
            return None;
        }
        let mut state = self.state.lock().ok()?;
        state.checks = state.checks.wrapping_add(1);
        if state.checks % PRUNE_EVERY == 0 {
            let rate = self.rate;
            state.users.retain(|_, b| !b.refilled(rate, now));
        }
        state
            .users
            .entry(user)
            .or_insert_with(|| self.rate.full(now))
            .take(self.rate, now)
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
                bucket.tokens = (bucket.tokens + 1.0).min(self.rate.burst);
            }
        }
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

/// How a window's frame stands against its pace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paced {
    Ok,
    /// More than the pace allows: refused, nothing else happens.
    TooFast,
    /// More than twice the pace: a flood, which closes the window.
    Flood,
}

/// The pace of one window's frames: `frames` in `per` (a bucket of `frames` refilled at that
/// rate), more are refused; and every frame, refused or not, counts against a bucket twice as
/// large and as fast, whose emptying is a flood. A burst of frames at once is taken as a
/// window looking back over `per` would take it: the first `frames` go through, the next as
/// many are refused, the one after is a flood.
#[derive(Debug)]
pub struct FramePace {
    pace: (Rate, Bucket),
    flood: (Rate, Bucket),
}

impl FramePace {
    /// A window's pace from `now`: `frames` in `per`.
    pub fn new(frames: u32, per: Duration, now: Instant) -> FramePace {
        let per = per.as_secs_f64().max(f64::MIN_POSITIVE);
        let pace = Rate::new(frames, f64::from(frames) / per);
        let flood = Rate::new(2 * frames, f64::from(2 * frames) / per);
        FramePace {
            pace: (pace, pace.full(now)),
            flood: (flood, flood.full(now)),
        }
    }

    /// A frame at `now`.
    pub fn check(&mut self, now: Instant) -> Paced {
        let (flood, bucket) = &mut self.flood;
        if bucket.take(*flood, now).is_some() {
            return Paced::Flood;
        }
        let (pace, bucket) = &mut self.pace;
        match bucket.take(*pace, now) {
            Some(_) => Paced::TooFast,
            None => Paced::Ok,
        }
    }
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn a_window_too_fast_is_refused_and_a_flood_is_told_apart() {
        let start = Instant::now();
        let mut pace = FramePace::new(10, Duration::from_secs(1), start);
        // Ten frames at once go through, the next ten are refused, the 21st is a flood.
        let burst: Vec<Paced> = (0..21).map(|_| pace.check(start)).collect();
        assert!(burst[..10].iter().all(|p| *p == Paced::Ok), "{burst:?}");
        assert!(
            burst[10..20].iter().all(|p| *p == Paced::TooFast),
            "{burst:?}"
        );
        assert_eq!(burst[20], Paced::Flood);
        // A window at its pace, ten frames a second, is never refused.
        let mut pace = FramePace::new(10, Duration::from_secs(1), start);
        for i in 0..600 {
            assert_eq!(pace.check(at(start, i * 100)), Paced::Ok, "frame {i}");
        }
        // One a little too fast is refused now and then, and never taken for a flood.
        let mut pace = FramePace::new(10, Duration::from_secs(1), start);
        let paced: Vec<Paced> = (0..600).map(|i| pace.check(at(start, i * 70))).collect();
        assert!(paced.contains(&Paced::TooFast));
        assert!(!paced.contains(&Paced::Flood));
        // A second after a burst, the window may send again.
        let mut pace = FramePace::new(10, Duration::from_secs(1), start);
        for _ in 0..15 {
            pace.check(start);
        }
        assert_eq!(pace.check(at(start, 1_000)), Paced::Ok);
    }
}
