//! A clean stop. On SIGTERM (`docker stop`, systemd, a deploy) or Ctrl-C the bot closes its
//! gate: a click or command that arrives from then on is answered privately "pakka is
//! restarting" and changes nothing, the table service halts its computer players and clocks,
//! and every click, command and computer player's move already under way runs to its end
//! (stored, answered, and its table message shown: the edge works through every event published
//! so far). When none is left, or the drain's time is up, the gateway is closed; the binary then
//! closes the store.
//! Nothing acknowledged can be lost even when the time runs out: a move is stored before it is
//! acknowledged, and the restart replays the move log.
//!
//! The gate (`gate`) counts what it let in, held for a click's or a command's whole handling;
//! closing it waits for the count to reach zero. The signals themselves are heard by [`Stop`],
//! made at the first step of the binary's start, so a signal before the bot is up (the
//! database opening, the tables restored, Discord reached) ends the start as cleanly.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::ComponentInteraction;

use super::data::{Context, Error};
use super::gate::Stopping;
use super::words::{lang_of, Plain, DEFAULT};
use super::{render, retry, send};
use pakka_text::msg;

/// How long a stop waits for the work let in to end. With the gateway's close and the store's
/// after it, the process exits within `STOP_WITHIN` (10 s), under the grace period of
/// `docker stop` (10 s by default; the README suggests `-t 20`).
pub const DRAIN: Duration = Duration::from_secs(6);
/// How long the gateway's close may take.
pub const GATEWAY_CLOSE: Duration = Duration::from_secs(2);
/// The bound on a whole stop, from the signal to the exit.
pub const STOP_WITHIN: Duration = Duration::from_secs(10);

/// SIGTERM and Ctrl-C (SIGINT), listened for from the moment it is made: made first thing at
/// start-up, so a signal while the database opens, the tables are restored or Discord is
/// reached stops the process cleanly (exit 0) instead of killing it, and a signal sent between
/// two of those steps waits here for the next to look.
pub struct Stop {
    #[cfg(unix)]
    term: Option<tokio::signal::unix::Signal>,
    #[cfg(unix)]
    int: Option<tokio::signal::unix::Signal>,
}

/// SIGTERM and SIGINT held back: blocked in the thread that made it and in every thread it
/// starts from then on, so a signal in the first moments of a start (before the runtime that
/// listens exists) waits for [`Stop::listen_releasing`] instead of killing the process.
pub struct HeldSignals {
    #[cfg(unix)]
    signals: libc::sigset_t,
}

impl HeldSignals {
    /// Holds SIGTERM and SIGINT back from now until this is dropped (call first thing, before
    /// any thread starts).
    pub fn now() -> HeldSignals {
        #[cfg(unix)]
        {
            // SAFETY: a signal set made empty before use, and the calling thread's mask.
            unsafe {
                let mut signals: libc::sigset_t = std::mem::zeroed();
                libc::sigemptyset(&mut signals);
                libc::sigaddset(&mut signals, libc::SIGTERM);
                libc::sigaddset(&mut signals, libc::SIGINT);
                libc::pthread_sigmask(libc::SIG_BLOCK, &signals, std::ptr::null_mut());
                HeldSignals { signals }
            }
        }
        #[cfg(not(unix))]
        {
            HeldSignals {}
        }
    }
}

impl Drop for HeldSignals {
    /// Lets the signals through to this thread again (one held meanwhile arrives now: for a
    /// command that does not listen for them, the default stop).
    fn drop(&mut self) {
        #[cfg(unix)]
        // SAFETY: the set made in `now`, and the calling thread's mask.
        unsafe {
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &self.signals, std::ptr::null_mut());
        }
    }
}

impl Stop {
    /// Starts listening (within a Tokio runtime), then lets the signals `held` back through
    /// (on this thread: the runtime's threads, started while they were held, keep them blocked,
    /// and this one receives them).
    pub fn listen_releasing(held: HeldSignals) -> Stop {
        let stop = Stop::listen();
        drop(held);
        stop
    }

    /// Starts listening (within a Tokio runtime).
    pub fn listen() -> Stop {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            let listen = |kind: SignalKind, name: &str| match signal(kind) {
                Ok(s) => Some(s),
                Err(e) => {
                    tracing::warn!(error = %e, "cannot listen for {name}; it will not stop cleanly");
                    None
                }
            };
            Stop {
                term: listen(SignalKind::terminate(), "SIGTERM"),
                int: listen(SignalKind::interrupt(), "SIGINT"),
            }
        }
        #[cfg(not(unix))]
        {
            Stop {}
        }
    }

    /// Waits for SIGTERM or Ctrl-C (SIGINT); answers the signal's name.
    pub async fn signalled(&mut self) -> &'static str {
        #[cfg(unix)]
        {
            async fn next(signal: &mut Option<tokio::signal::unix::Signal>) {
                match signal {
                    Some(s) => {
                        s.recv().await;
                    }
                    None => std::future::pending().await,
                }
            }
            tokio::select! {
                () = next(&mut self.term) => "SIGTERM",
                () = next(&mut self.int) => "SIGINT",
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
            "Ctrl-C"
        }
    }
}

/// A click that came while the bot stops: answered privately, nothing else done.
pub(crate) async fn refuse_click(ctx: &serenity::Context, click: &ComponentInteraction) {
    let deadline = tokio::time::Instant::now() + retry::ANSWER_BUDGET;
    let reply = render::notice(&msg!("discord-restarting"), &Plain(lang_of(&click.locale)));
    super::reply::answer(ctx, click, deadline, send::respond(&reply)).await;
}

/// Every command's first check: lets the command in (its pass held until the command's
/// handling ends, poise's invocation data being dropped then), or refuses it while the bot
/// stops (`Stopping`, answered by [`refuse_command`]).
pub(crate) async fn let_in(ctx: Context<'_>) -> Result<(), Error> {
    match ctx.data().gate.enter() {
        Some(pass) => {
            ctx.set_invocation_data(pass).await;
            Ok(())
        }
        None => Err(Stopping.into()),
    }
}

/// A command that came while the bot stops: answered privately.
pub(crate) async fn refuse_command(ctx: Context<'_>) {
    let reply = match ctx {
        poise::Context::Application(app) => render::notice(
            &msg!("discord-restarting"),
            &Plain(lang_of(&app.interaction.locale)),
        ),
        poise::Context::Prefix(_) => render::notice(&msg!("discord-restarting"), &DEFAULT),
    };
    let _ = super::reply::say(ctx, send::poise_reply(&reply)).await;
}
