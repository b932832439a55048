//! The one queue of the process's Discord calls that count against the bot's limits: the
//! channel routes (a message created, edited or deleted in a channel, a channel read). Discord
//! allows a bot token about 50 such requests a second over all its processes, and a channel
//! about 5 messages created or edited per 5 seconds; the interaction callback and the
//! interaction webhook (where a table's messages go while a player's click lends its token,
//! `public`) are exempt and never wait here. Every counted call asks the [`Pacer`] first and is
//! let through when the process's share of the global limit and the channel's window both have
//! room, so the bot paces itself below the limits instead of meeting 429s. What a person is
//! waiting for (a turn ping, a deal's result, a notice) goes first; the public table message,
//! which the next update brings up to date anyway, waits behind it. A 429 that comes anyway
//! (another process on the same token, a limit Discord lowered) holds its lane for the pause
//! Discord asked for (`retry`) before the call is tried again.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

/// Discord's global limit per bot token, requests per second.
pub const GLOBAL_PER_SECOND: u32 = 50;
/// The share of the global limit the bot plans to use (the rest is headroom for calls that
/// are not paced: registering commands at start, a gateway's own REST calls).
const HEADROOM: f64 = 0.8;
/// Messages created or edited in one channel per [`CHANNEL_WINDOW`], as Discord's bucket allows.
pub const CHANNEL_WRITES: usize = 5;
pub const CHANNEL_WINDOW: Duration = Duration::from_secs(5);
const SECOND: Duration = Duration::from_secs(1);
/// What the pacer adds to each window: a request reaches Discord a moment after it was let
/// go, and two requests let go exactly a window apart may arrive less than a window apart.
const SLACK: Duration = Duration::from_millis(150);
/// How often a call kept back by a more urgent one looks again.
const YIELD: Duration = Duration::from_millis(10);

/// Who waits for a call: a person (first) or nobody in particular (the table message).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Priority {
    /// A turn ping, a deal's or game's result, a notice: someone is waiting to read it.
    Person,
    /// The public table message: the next update shows the latest position anyway.
    Table,
}

/// Which of Discord's limits a call counts against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// A message created or edited in this channel: the global limit and the channel's bucket.
    Write(u64),
    /// Any other counted call (a delete, a read): the global limit only.
    Other,
}

/// The process-wide pacer of counted Discord calls (cheap to clone; every clone is the same
/// queue).
#[derive(Clone, Debug)]
pub struct Pacer(Arc<Mutex<State>>);

#[derive(Debug)]
struct State {
    /// Counted calls per second this process may make.
    per_second: usize,
    /// When the counted calls of the last second went out.
    global: VecDeque<Instant>,
    /// The channel's window: [`CHANNEL_WINDOW`], but for a test against a fake Discord.
    window: Duration,
    /// Per channel, when its messages of the last window were created or edited.
    channels: HashMap<u64, VecDeque<Instant>>,
    /// After a 429: no counted call before this.
    global_held: Option<Instant>,
    /// After a 429 on a channel's write: no write there before this.
    channel_held: HashMap<u64, Instant>,
    /// Calls for a person waiting for their turn: table messages wait behind them.
    persons_waiting: usize,
}

/// Whether a call may go now, or the earliest time to look again.
type Grant = Result<(), Instant>;

impl Pacer {
    /// A pacer for a process that runs `share` of the bot's shards (1.0: every shard), so that
    /// the processes of one bot token stay below the global limit together.
    pub fn new(share: f64) -> Pacer {
        Pacer::with_window(share, CHANNEL_WINDOW)
    }

    /// The same with a channel window of `window` instead of Discord's (a test's fake Discord
    /// that enforces no limits need not wait for it).
    pub fn with_window(share: f64, window: Duration) -> Pacer {
        let per_second = (f64::from(GLOBAL_PER_SECOND) * HEADROOM * share.clamp(0.0, 1.0))
            .floor()
            .max(1.0) as usize;
        Pacer(Arc::new(Mutex::new(State {
            per_second,
            window,
            global: VecDeque::new(),
            channels: HashMap::new(),
            global_held: None,
            channel_held: HashMap::new(),
            persons_waiting: 0,
        })))
    }

    /// The counted calls per second this process allows itself.
    pub fn per_second(&self) -> usize {
        self.0.lock().map(|s| s.per_second).unwrap_or(1)
    }

    /// Waits until a call on `lane` for `priority` may go, and counts it as gone.
    pub async fn wait(&self, lane: Lane, priority: Priority) {
        let mut in_line = None;
        loop {
            let grant = match self.0.lock() {
                Ok(mut state) => state.grant(lane, priority, Instant::now()),
                // A poisoned lock: a bug elsewhere; let the call go rather than stall the bot.
                Err(_) => Ok(()),
            };
            match grant {
                Ok(()) => return,
                Err(at) => {
                    if priority == Priority::Person && in_line.is_none() {
                        in_line = Some(InLine::join(self));
                    }
                    tokio::time::sleep_until(at).await;
                }
            }
        }
    }

    /// Holds `lane` for `pause` after Discord answered 429 on it (`Lane::Other`: every counted
    /// call, as after a 429 of the global limit).
    pub fn hold(&self, lane: Lane, pause: Duration) {
        if let Ok(mut state) = self.0.lock() {
            let until = Instant::now() + pause;
            let held = match lane {
                Lane::Write(channel) => state.channel_held.entry(channel).or_insert(until),
                Lane::Other => state.global_held.get_or_insert(until),
            };
            *held = (*held).max(until);
        }
    }
}

/// A person's call waiting its turn: table messages wait while it does (and no longer once it
/// went, or was given up: dropped).
struct InLine<'a>(&'a Pacer);

impl<'a> InLine<'a> {
    fn join(pacer: &'a Pacer) -> InLine<'a> {
        if let Ok(mut state) = pacer.0.lock() {
            state.persons_waiting += 1;
        }
        InLine(pacer)
    }
}

impl Drop for InLine<'_> {
    fn drop(&mut self) {
        if let Ok(mut state) = self.0 .0.lock() {
            state.persons_waiting = state.persons_waiting.saturating_sub(1);
        }
    }
}

impl State {
    /// Lets a call on `lane` go at `now` and counts it, or answers when to look again.
    fn grant(&mut self, lane: Lane, priority: Priority, now: Instant) -> Grant {
        self.forget(now);
        if priority == Priority::Table && self.persons_waiting > 0 {
            return Err(now + YIELD);
        }
        let mut ready = now;
        if let Some(held) = self.global_held {
            ready = ready.max(held);
        }
        if self.global.len() >= self.per_second {
            ready = ready.max(self.global[self.global.len() - self.per_second] + SECOND + SLACK);
        }
        if let Lane::Write(channel) = lane {
            if let Some(&held) = self.channel_held.get(&channel) {
                ready = ready.max(held);
            }
            if let Some(writes) = self.channels.get(&channel) {
                if writes.len() >= CHANNEL_WRITES {
                    ready = ready.max(writes[writes.len() - CHANNEL_WRITES] + self.window + SLACK);
                }
            }
        }
        if ready > now {
            return Err(ready);
        }
        self.global.push_back(now);
        if let Lane::Write(channel) = lane {
            self.channels.entry(channel).or_default().push_back(now);
        }
        Ok(())
    }

    /// Drops what no window looks at any more.
    fn forget(&mut self, now: Instant) {
        while self
            .global
            .front()
            .is_some_and(|&t| t + SECOND + SLACK <= now)
        {
            self.global.pop_front();
        }
        self.channels.retain(|_, writes| {
            while writes
                .front()
                .is_some_and(|&t| t + self.window + SLACK <= now)
            {
                writes.pop_front();
            }
            !writes.is_empty()
        });
        self.channel_held.retain(|_, &mut until| until > now);
        if self.global_held.is_some_and(|until| until <= now) {
            self.global_held = None;
        }
    }
}

#[cfg(test)]
mod tests {
    //! The pacer against Discord's limits: a channel gets five writes in any five seconds; the
    //! global share spreads over channels and other calls; a table message waits behind what a
    //! person waits for and behind a 429's hold; what it remembers is forgotten after its windows;
    //! a process with part of the shards takes its share; and waiting callers are let through in
    //! turn.

    use super::*;

    fn state(per_second: usize) -> State {
        let Pacer(inner) = Pacer::new(1.0);
        let mut state = Arc::try_unwrap(inner).unwrap().into_inner().unwrap();
        state.per_second = per_second;
        state
    }

    /// Grants every call as soon as the state allows, and answers when each went.
    fn run(state: &mut State, calls: &[(Lane, Priority)], start: Instant) -> Vec<Duration> {
        let mut now = start;
        let mut gone = Vec::new();
        for &(lane, priority) in calls {
            loop {
                match state.grant(lane, priority, now) {
                    Ok(()) => break,
                    Err(at) => {
                        assert!(at > now, "a refusal names a later time");
                        now = at;
                    }
                }
            }
            gone.push(now - start);
        }
        gone
    }

    #[test]
    fn a_channel_gets_five_writes_in_any_five_seconds() {
        let mut s = state(40);
        let start = Instant::now();
        let gone = run(&mut s, &[(Lane::Write(7), Priority::Table); 12], start);
        for (i, &t) in gone.iter().enumerate().skip(CHANNEL_WRITES) {
            assert!(
                t >= gone[i - CHANNEL_WRITES] + CHANNEL_WINDOW,
                "write {i} at {t:?}: {gone:?}"
            );
        }
        // Five at once, then as fast as the window allows.
        assert_eq!(gone[4], Duration::ZERO);
        assert_eq!(gone[5], CHANNEL_WINDOW + SLACK);
        assert_eq!(gone[10], 2 * (CHANNEL_WINDOW + SLACK));
    }

    #[test]
    fn the_global_share_spreads_over_channels_and_other_calls() {
        let mut s = state(40);
        let start = Instant::now();
        let calls: Vec<(Lane, Priority)> = (0..120u64)
            .map(|i| {
                let lane = if i % 3 == 0 {
                    Lane::Other
                } else {
                    Lane::Write(i)
                };
                (lane, Priority::Person)
            })
            .collect();
        let gone = run(&mut s, &calls, start);
        for (i, &t) in gone.iter().enumerate().skip(40) {
            assert!(t >= gone[i - 40] + SECOND, "call {i} at {t:?}");
        }
        assert_eq!(gone[119], 2 * (SECOND + SLACK), "{gone:?}");
    }

    #[test]
    fn a_table_message_waits_behind_a_person_and_a_hold() {
        let mut s = state(40);
        let now = Instant::now();
        s.persons_waiting = 1;
        assert_eq!(
            s.grant(Lane::Write(1), Priority::Table, now),
            Err(now + YIELD)
        );
        assert_eq!(s.grant(Lane::Write(1), Priority::Person, now), Ok(()));
        s.persons_waiting = 0;
        assert_eq!(s.grant(Lane::Write(1), Priority::Table, now), Ok(()));
        // After a 429 on a channel, its writes wait out the pause; other channels do not.
        s.channel_held.insert(1, now + SECOND);
        assert_eq!(
            s.grant(Lane::Write(1), Priority::Person, now),
            Err(now + SECOND)
        );
        assert_eq!(s.grant(Lane::Write(2), Priority::Person, now), Ok(()));
        s.global_held = Some(now + 2 * SECOND);
        assert_eq!(
            s.grant(Lane::Other, Priority::Person, now),
            Err(now + 2 * SECOND)
        );
    }

    #[test]
    fn what_it_remembers_is_forgotten_after_the_windows() {
        let mut s = state(40);
        let start = Instant::now();
        run(
            &mut s,
            &(0..30u64)
                .map(|c| (Lane::Write(c), Priority::Table))
                .collect::<Vec<_>>(),
            start,
        );
        assert_eq!(s.channels.len(), 30);
        s.forget(start + CHANNEL_WINDOW + SLACK + SECOND);
        assert!(s.channels.is_empty() && s.global.is_empty());
    }

    #[test]
    fn a_process_with_a_share_of_the_shards_takes_its_share() {
        assert_eq!(Pacer::new(1.0).per_second(), 40);
        assert_eq!(Pacer::new(0.25).per_second(), 10);
        assert_eq!(Pacer::new(0.0).per_second(), 1);
    }

    #[tokio::test]
    async fn waiting_lets_calls_through_in_turn() {
        let pacer = Pacer::new(1.0);
        for _ in 0..CHANNEL_WRITES {
            pacer.wait(Lane::Write(3), Priority::Person).await;
        }
        // A sixth write would wait about five seconds; another channel's goes at once.
        let other = tokio::time::timeout(
            Duration::from_millis(500),
            pacer.wait(Lane::Write(4), Priority::Table),
        );
        assert!(other.await.is_ok());
        let sixth = tokio::time::timeout(
            Duration::from_millis(200),
            pacer.wait(Lane::Write(3), Priority::Person),
        );
        assert!(sixth.await.is_err());
        // The person's call given up leaves no one in line: a table message is not kept back.
        assert_eq!(pacer.0.lock().unwrap().persons_waiting, 0);
        let table = tokio::time::timeout(
            Duration::from_millis(500),
            pacer.wait(Lane::Other, Priority::Table),
        );
        assert!(table.await.is_ok());
    }
}
