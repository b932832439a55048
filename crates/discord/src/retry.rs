//! Discord calls that may fail for a moment, tried again in one place. Discord answers 5xx when
//! it is unwell and 429 when the bot goes too fast; a call can also hang. Every call that is
//! safe to repeat is tried again a bounded number of times, each attempt with a time limit: after
//! a 429 with the pause Discord asked for (its `retry_after`), otherwise with a growing pause
//! (the first is about a route's usual `retry_after`). serenity reads only `{code, message}` of
//! an error's body, and behind a REST proxy (`DISCORD_HTTP_PROXY`) its rate limiter is off, so
//! the calls that count against Discord's limits (the channel routes) are sent by the edge's own
//! client (`rest`), which reads a 429 whole; the exempt calls (the interaction callback and
//! webhook) stay serenity's, retried after the growing pause. A call that is not safe to repeat
//! is not given to this module. Safe to repeat: edits and deletes (the same edit twice shows the
//! same thing), reads, channel messages created with an enforced nonce (Discord answers the
//! first message to a repeated nonce), and the interaction callback within Discord's 3 seconds
//! (a callback Discord took but answered badly is refused as already acknowledged, 40060, which
//! counts as done). Every failed attempt is logged as one line saying what happens next; a 404
//! of something gone (a message deleted by a person, an expired interaction token) is not
//! retried and is left to the caller, which knows what to do instead. A call that counts against
//! Discord's limits goes through [`paced`]: each attempt waits its turn in the process's pacer
//! (`pace`), and a 429 holds the pacer for Discord's pause (every counted call for a global 429,
//! the channel's writes for a channel's). Every attempt is counted in the metrics by its
//! [`Route`] and status, and every retry by its reason (`pakka_discord_requests_total`,
//! `pakka_discord_retries_total`).

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::time::Instant;

use super::pace::{Lane, Pacer, Priority};
use super::rest::RestError;

/// The Discord route a call goes to: the `route` label of its metrics (a fixed list, so the
/// label stays bounded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Route {
    /// `POST /interactions/{id}/{token}/callback` (a click's or a command's answer).
    InteractionCallback,
    /// `GET /webhooks/{app}/{token}/messages/@original`.
    OriginalGet,
    /// `PATCH /webhooks/{app}/{token}/messages/@original` (an open hand, a table message
    /// answered on).
    OriginalEdit,
    /// `DELETE /webhooks/{app}/{token}/messages/@original` (an old deal's table message).
    OriginalDelete,
    /// `POST /webhooks/{app}/{token}` (a follow-up).
    FollowupCreate,
    /// `PATCH /webhooks/{app}/{token}/messages/{id}`.
    FollowupEdit,
    /// `DELETE /webhooks/{app}/{token}/messages/{id}`.
    FollowupDelete,
    /// `GET /channels/{id}/messages`.
    ChannelMessagesGet,
    /// `POST /channels/{id}/messages`.
    ChannelMessageCreate,
    /// `PATCH /channels/{id}/messages/{id}`.
    ChannelMessageEdit,
    /// `DELETE /channels/{id}/messages/{id}`.
    ChannelMessageDelete,
}

impl Route {
    pub(super) fn name(self) -> &'static str {
        match self {
            Route::InteractionCallback => "interaction_callback",
            Route::OriginalGet => "webhook_original_get",
            Route::OriginalEdit => "webhook_original_edit",
            Route::OriginalDelete => "webhook_original_delete",
            Route::FollowupCreate => "webhook_followup_create",
            Route::FollowupEdit => "webhook_followup_edit",
            Route::FollowupDelete => "webhook_followup_delete",
            Route::ChannelMessagesGet => "channel_messages_get",
            Route::ChannelMessageCreate => "channel_message_create",
            Route::ChannelMessageEdit => "channel_message_edit",
            Route::ChannelMessageDelete => "channel_message_delete",
        }
    }
}

/// How a call is tried again.
#[derive(Clone, Copy, Debug)]
struct Policy {
    /// How long one attempt may take before it is given up and tried again.
    attempt_timeout: Duration,
    /// The pause before the first retry; each later one doubles.
    first_pause: Duration,
    /// At most this many attempts.
    attempts: u32,
    /// Whether a failure that may have done the call (a 5xx, a hang) is tried again; a 429
    /// (Discord did nothing) always is.
    repeatable: bool,
}

/// Four attempts with pauses of 0.25, 0.5 and 1 s (about a route's `retry_after`), 2.5 s each.
const POLICY: Policy = Policy {
    attempt_timeout: Duration::from_millis(2500),
    first_pause: Duration::from_millis(250),
    attempts: 4,
    repeatable: true,
};

/// An interaction's answer: short attempts and pauses, so a second one still lands within
/// Discord's 3 seconds.
const ANSWER: Policy = Policy {
    attempt_timeout: Duration::from_millis(1200),
    first_pause: Duration::from_millis(100),
    attempts: 4,
    repeatable: true,
};

/// Why a call failed, as far as the bot cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Failure {
    /// A 5xx, a dropped connection or no answer in time: it may or may not have been done.
    Unavailable,
    /// 429: not done; try later.
    RateLimited,
    /// 404 of a message or channel that no longer exists (a person deleted it).
    Gone,
    /// 404 of an interaction's webhook or the interaction itself, or 401 50027 Invalid Webhook
    /// Token: its token expired, so what it posted can only be reached through the channel
    /// now (or, where the bot reaches by interactions alone, through the next click's token).
    Expired,
    /// 40060: the interaction was acknowledged already.
    Acknowledged,
    /// 403 with 50013 Missing Permissions or 50001 Missing Access: the bot may no longer do
    /// this in that channel (a permission taken from its role); not done.
    Forbidden,
    /// Anything else Discord refused (a bug, or a limit such as 30046 on old messages or 40094,
    /// the five follow-ups of a user-installed app's interaction).
    Refused,
}

impl Failure {
    /// A 5xx, a hang or a 429: it may work a moment later.
    pub(super) fn transient(self) -> bool {
        matches!(self, Failure::Unavailable | Failure::RateLimited)
    }
}

/// A failed call: its kind, and the words of its last error for the caller's log line.
#[derive(Debug, thiserror::Error)]
#[error("{detail}")]
pub(super) struct Failed {
    pub kind: Failure,
    pub detail: String,
}

/// What a failed call's error says, as far as trying again goes.
#[derive(Debug)]
pub(super) struct Verdict {
    kind: Failure,
    /// In words, what Discord answered (for the log line).
    detail: String,
    /// The status for the metrics.
    status: pakka_metrics::Status,
    /// The pause Discord asked for (a 429 read whole, by `rest`).
    retry_after: Option<Duration>,
    /// Whether a 429 was for the bot's global limit.
    global: bool,
}

impl Verdict {
    fn of(kind: Failure, detail: String, status: pakka_metrics::Status) -> Verdict {
        Verdict {
            kind,
            detail,
            status,
            retry_after: None,
            global: false,
        }
    }

    /// An error status Discord answered, with its code and message (`code` 0 or less: the body
    /// named none, as a 429's, a 5xx's and an edge's 502 page do not).
    fn answered(status: u16, code: i64, message: &str) -> Verdict {
        let kind = match (status, code) {
            (429, _) => Failure::RateLimited,
            (500..=599, _) => Failure::Unavailable,
            // Unknown Channel, Message; Unknown Webhook, Interaction.
            (404, 10003 | 10008) => Failure::Gone,
            (404, 10015 | 10062) => Failure::Expired,
            // Invalid Webhook Token: an interaction's token past its 15 minutes.
            (401, 50027) => Failure::Expired,
            (_, 40060) => Failure::Acknowledged,
            (403, 50001 | 50013) => Failure::Forbidden,
            _ => Failure::Refused,
        };
        let reason = serenity::StatusCode::from_u16(status)
            .ok()
            .and_then(|s| s.canonical_reason())
            .unwrap_or_default();
        let detail = if code <= 0 {
            format!("Discord answered {status} {reason}")
        } else {
            format!("Discord answered {status} {reason}, code {code}: {message}")
        };
        Verdict::of(kind, detail, pakka_metrics::Status::Http(status))
    }
}

/// An error a Discord call can fail with.
pub(super) trait Problem {
    fn verdict(&self) -> Verdict;
}

impl Problem for serenity::Error {
    fn verdict(&self) -> Verdict {
        let serenity::Error::Http(http) = self else {
            return Verdict::of(
                Failure::Refused,
                self.to_string(),
                pakka_metrics::Status::NoAnswer,
            );
        };
        match http {
            // serenity reads `{code, message}`; a body without them comes back as code -1,
            // and a 500's code is 0 with the status as message.
            serenity::HttpError::UnsuccessfulRequest(response) => Verdict::answered(
                response.status_code.as_u16(),
                response.error.code as i64,
                &response.error.message,
            ),
            serenity::HttpError::Request(e) => Verdict::of(
                Failure::Unavailable,
                format!("no answer: {e}"),
                pakka_metrics::Status::NoAnswer,
            ),
            other => Verdict::of(
                Failure::Refused,
                other.to_string(),
                pakka_metrics::Status::NoAnswer,
            ),
        }
    }
}

impl Problem for RestError {
    fn verdict(&self) -> Verdict {
        match self {
            RestError::Answered(answer) => Verdict {
                retry_after: answer.retry_after,
                global: answer.global,
                ..Verdict::answered(answer.status, answer.code, &answer.message)
            },
            RestError::NoAnswer(e) => Verdict::of(
                Failure::Unavailable,
                format!("no answer: {e}"),
                pakka_metrics::Status::NoAnswer,
            ),
            RestError::Request(_) | RestError::Unreadable(_) => Verdict::of(
                Failure::Refused,
                self.to_string(),
                pakka_metrics::Status::NoAnswer,
            ),
        }
    }
}

/// The longest pause Discord may ask for that a call waits out before its next attempt;
/// beyond it the call is given up (its lane stays held for the whole pause).
const LONGEST_WAIT: Duration = Duration::from_secs(30);

/// Runs a call that is safe to repeat, trying it again after a 5xx, a 429, a dropped
/// connection or a hang, a bounded number of times. `what` names the call in the log ("edit
/// the table message").
pub(super) async fn again<T, F, Fut>(route: Route, what: &str, call: F) -> Result<T, Failed>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    again_with(POLICY, route, what, None, None, call).await
}

/// Runs a call that counts against Discord's limits (a channel's route, sent by `rest`) like
/// `again`, each attempt after its turn in the process's pacer; a 429 holds the pacer for
/// Discord's `retry_after` (every counted call for a global 429, the channel's writes for the
/// channel's), and the next attempt comes after it.
pub(super) async fn paced<T, F, Fut>(
    route: Route,
    pacer: &Pacer,
    lane: Lane,
    priority: Priority,
    what: &str,
    call: F,
) -> Result<T, Failed>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, RestError>>,
{
    let turn = Turn {
        pacer,
        lane,
        priority,
    };
    again_with(POLICY, route, what, None, Some(turn), call).await
}

/// A counted call's place in the process's pacer.
#[derive(Clone, Copy)]
struct Turn<'a> {
    pacer: &'a Pacer,
    lane: Lane,
    priority: Priority,
}

/// Runs a call that is not safe to repeat (a follow-up: it has no nonce): tried again after a
/// 429 only (Discord did nothing); after a 5xx or a hang it may have been made, so it is left
/// to the caller, which can look.
pub(super) async fn once<T, F, Fut>(route: Route, what: &str, call: F) -> Result<T, Failed>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let policy = Policy {
        repeatable: false,
        ..POLICY
    };
    again_with(policy, route, what, None, None, call).await
}

/// How long after an interaction arrives its answer may still be tried: Discord allows 3
/// seconds from the click or command, and it took a moment to reach the bot.
pub(super) const ANSWER_BUDGET: Duration = Duration::from_millis(2500);

/// Runs an interaction's answer like `again`, never past `deadline`; an answer Discord took
/// already (40060) counts as done.
pub(super) async fn answer<F, Fut>(what: &str, deadline: Instant, call: F) -> Result<(), Failed>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<()>>,
{
    match answer_with(what, deadline, call).await {
        Err(f) if f.kind == Failure::Acknowledged => Ok(()),
        other => other,
    }
}

/// Runs an interaction's answer that gives something back (poise's reply handle) like
/// `answer`; 40060 is left to the caller.
pub(super) async fn answer_with<T, F, Fut>(
    what: &str,
    deadline: Instant,
    call: F,
) -> Result<T, Failed>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    again_with(
        ANSWER,
        Route::InteractionCallback,
        what,
        Some(deadline),
        None,
        call,
    )
    .await
}

async fn again_with<T, E, F, Fut>(
    policy: Policy,
    route: Route,
    what: &str,
    deadline: Option<Instant>,
    turn: Option<Turn<'_>>,
    mut call: F,
) -> Result<T, Failed>
where
    E: Problem,
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, E>>,
{
    let mut pause = policy.first_pause;
    let mut attempt = 1;
    loop {
        let limit = match deadline {
            Some(d) => policy
                .attempt_timeout
                .min(d.saturating_duration_since(Instant::now())),
            None => policy.attempt_timeout,
        };
        if let Some(t) = turn {
            t.pacer.wait(t.lane, t.priority).await;
        }
        let verdict = match tokio::time::timeout(limit, call()).await {
            Ok(Ok(value)) => {
                pakka_metrics::rest(route.name(), pakka_metrics::Status::Success);
                return Ok(value);
            }
            Ok(Err(e)) => e.verdict(),
            Err(_) => Verdict::of(
                Failure::Unavailable,
                format!("Discord gave no answer within {limit:?}"),
                pakka_metrics::Status::Timeout,
            ),
        };
        let Verdict {
            kind,
            detail,
            status,
            retry_after,
            global,
        } = verdict;
        pakka_metrics::rest(route.name(), status);
        // After a 429, Discord's own pause when it said one; otherwise the policy's.
        let wait = match (kind, retry_after) {
            (Failure::RateLimited, Some(asked)) => asked,
            _ => pause,
        };
        let next = Instant::now() + wait;
        if !kind.transient() {
            return Err(Failed { kind, detail });
        }
        if !policy.repeatable && kind != Failure::RateLimited {
            tracing::warn!(
                attempt,
                "{what}: {detail}; it may have been made, so it is not tried again"
            );
            return Err(Failed { kind, detail });
        }
        let retry = attempt < policy.attempts
            && wait <= LONGEST_WAIT
            && deadline.is_none_or(|d| next + Duration::from_millis(50) < d);
        if let (Some(t), Failure::RateLimited) = (turn, kind) {
            // A global 429 holds every counted call; a route's, the channel's writes (a read's
            // or a delete's own bucket is not the pacer's to hold).
            match (global, t.lane) {
                (true, _) => t.pacer.hold(Lane::Other, wait),
                (false, Lane::Write(_)) => t.pacer.hold(t.lane, wait),
                (false, Lane::Other) => {}
            }
        }
        if retry {
            let reason = match kind {
                Failure::RateLimited => "rate_limited",
                _ => "unavailable",
            };
            pakka_metrics::rest_retry(route.name(), reason);
            tracing::warn!(attempt, "{what}: {detail}; trying again in {wait:?}");
            tokio::time::sleep_until(next).await;
            pause *= 2;
            attempt += 1;
        } else {
            tracing::warn!(attempt, "{what}: {detail}; giving up");
            return Err(Failed { kind, detail });
        }
    }
}

/// The one log line of a call that failed for good: a message or token that is gone (a person
/// deleted it, or a token expired) and what the bot does instead, or a refusal. A transient
/// failure was logged by `again` when it gave up.
pub(super) fn report(e: &Failed, what: &str, instead: &str) {
    match e.kind {
        Failure::Gone | Failure::Expired => {
            tracing::warn!("{what} is gone ({e}); {instead}")
        }
        Failure::Unavailable | Failure::RateLimited => {}
        Failure::Acknowledged | Failure::Refused | Failure::Forbidden => {
            tracing::warn!("a call on {what} was refused ({e}); {instead}")
        }
    }
}

/// A fresh nonce for a channel message, so that creating it again after a failure answers
/// the first one instead of posting it twice (Discord keeps enforced nonces a few minutes).
pub(super) fn nonce() -> serenity::Nonce {
    // Discord takes nonces of at most 25 characters; a u64 has at most 20 digits.
    serenity::Nonce::String(rand::random::<u64>().to_string())
}

#[cfg(test)]
mod tests {
    //! Retries: a call that keeps hanging is tried a bounded number of times, one not safe to
    //! repeat is not tried again after a hang, a refusal is not tried again, and a deadline bounds
    //! the retries.

    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    const QUICK: Policy = Policy {
        attempt_timeout: Duration::from_millis(20),
        first_pause: Duration::from_millis(5),
        attempts: 3,
        repeatable: true,
    };

    #[test]
    fn discords_answers_are_read_as_the_bot_cares() {
        let kind = |status, code| Verdict::answered(status, code, "").kind;
        assert_eq!(kind(404, 10008), Failure::Gone);
        assert_eq!(kind(404, 10015), Failure::Expired);
        // A token past its 15 minutes (Invalid Webhook Token).
        assert_eq!(kind(401, 50027), Failure::Expired);
        assert_eq!(kind(403, 50001), Failure::Forbidden);
        // The sixth follow-up of a user-installed app's interaction: refused, not retried.
        assert_eq!(kind(400, 40094), Failure::Refused);
        assert!(!kind(400, 40094).transient());
        assert_eq!(kind(503, 0), Failure::Unavailable);
    }

    #[tokio::test]
    async fn a_call_that_keeps_hanging_is_tried_a_bounded_number_of_times() {
        let calls = AtomicU32::new(0);
        let result: Result<(), Failed> =
            again_with(QUICK, Route::ChannelMessageEdit, "test", None, None, || {
                calls.fetch_add(1, Ordering::SeqCst);
                std::future::pending::<serenity::Result<()>>()
            })
            .await;
        assert_eq!(result.unwrap_err().kind, Failure::Unavailable);
        assert_eq!(calls.load(Ordering::SeqCst), QUICK.attempts);
    }

    #[tokio::test]
    async fn a_call_not_safe_to_repeat_is_not_tried_again_after_a_hang() {
        let calls = AtomicU32::new(0);
        let once = Policy {
            repeatable: false,
            ..QUICK
        };
        let result: Result<(), Failed> =
            again_with(once, Route::ChannelMessageEdit, "test", None, None, || {
                calls.fetch_add(1, Ordering::SeqCst);
                std::future::pending::<serenity::Result<()>>()
            })
            .await;
        assert_eq!(result.unwrap_err().kind, Failure::Unavailable);
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_refusal_is_not_tried_again() {
        let calls = AtomicU32::new(0);
        let result: Result<(), Failed> =
            again_with(QUICK, Route::ChannelMessageEdit, "test", None, None, || {
                calls.fetch_add(1, Ordering::SeqCst);
                async { Err(serenity::Error::Http(serenity::HttpError::InvalidWebhook)) }
            })
            .await;
        assert_eq!(result.unwrap_err().kind, Failure::Refused);
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn a_deadline_bounds_the_retries() {
        let calls = AtomicU32::new(0);
        let deadline = Instant::now() + Duration::from_millis(30);
        let result: Result<(), Failed> = again_with(
            QUICK,
            Route::ChannelMessageEdit,
            "test",
            Some(deadline),
            None,
            || {
                calls.fetch_add(1, Ordering::SeqCst);
                std::future::pending::<serenity::Result<()>>()
            },
        )
        .await;
        assert!(result.is_err());
        assert!(Instant::now() <= deadline + Duration::from_millis(10));
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }
}
