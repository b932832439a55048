//! What the operator's monitoring reads, on `METRICS_ADDR` (off when unset): `/metrics` (the
//! families of `pakka_metrics`, with the levels only this edge knows set at each scrape: open
//! tables by game, live hands, gateway shards connected and their latency), `/healthz` (the
//! process answers) and `/readyz` (the store answers a cheap query and every gateway shard of
//! this process has a live session; 503 and the reason otherwise). Also the bookkeeping of the
//! interactions' metrics that belongs to the Discord edge: how a click ended ([`Outcome`]), and
//! a slash command's arrival, answer and end (poise's hooks). The bodies of these answers are
//! for machines and the operator's terminal, like log lines; nothing here is shown to players.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use poise::serenity_prelude as serenity;
use tokio::time::Instant;

use super::data::{Context, Data, Error};

/// How a click ended, for `pakka_interactions_total`: the worst of what happened to it.
#[derive(Debug, Default)]
pub(crate) struct Outcome(AtomicU8);

impl Outcome {
    pub const OK: u8 = 0;
    /// Answered with a refusal or a notice.
    pub const REFUSED: u8 = 1;
    /// Answered: slow down.
    pub const THROTTLED: u8 = 2;
    /// Its answer never reached Discord.
    pub const UNANSWERED: u8 = 3;
    /// A bug, logged.
    pub const FAILED: u8 = 4;

    /// Notes `what` happened; a worse outcome noted before stays.
    pub fn set(&self, what: u8) {
        self.0.fetch_max(what, Ordering::Relaxed);
    }

    pub fn name(&self) -> &'static str {
        match self.0.load(Ordering::Relaxed) {
            Outcome::OK => "ok",
            Outcome::REFUSED => "refused",
            Outcome::THROTTLED => "throttled",
            Outcome::UNANSWERED => "unanswered",
            _ => "failed",
        }
    }
}

/// When a slash command arrived, and whether its answer was counted.
struct Arrived {
    at: Instant,
    answered: AtomicBool,
}

/// The command's English name as a metrics label (a fixed list).
fn command_kind(ctx: Context<'_>) -> &'static str {
    super::command_names::static_name(&ctx.command().name)
}

/// poise's `pre_command`: notes the command's arrival.
pub(crate) fn pre_command(ctx: Context<'_>) -> poise::BoxFuture<'_, ()> {
    Box::pin(async move {
        if pakka_metrics::enabled() {
            ctx.set_invocation_data(Arrived {
                at: Instant::now(),
                answered: AtomicBool::new(false),
            })
            .await;
        }
    })
}

/// poise's `post_command`: the command ended well (it answered, a refusal included).
pub(crate) fn post_command(ctx: Context<'_>) -> poise::BoxFuture<'_, ()> {
    Box::pin(async move {
        pakka_metrics::interaction(command_kind(ctx), "ok");
    })
}

/// A command's first answer reached Discord.
pub(crate) async fn command_answered(ctx: Context<'_>) {
    if !pakka_metrics::enabled() {
        return;
    }
    if let Some(arrived) = ctx.invocation_data::<Arrived>().await {
        if !arrived.answered.swap(true, Ordering::Relaxed) {
            pakka_metrics::answered("command", arrived.at.elapsed());
        }
    }
}

/// A command that went to poise's error handler: a bug (`failed`) or an interaction refused
/// before or instead of the command (`refused`).
pub(crate) fn command_error(error: &poise::FrameworkError<'_, Data, Error>) {
    if !pakka_metrics::enabled() {
        return;
    }
    let outcome = match error {
        poise::FrameworkError::Command { .. } => "failed",
        _ => "refused",
    };
    let kind = error.ctx().map_or("unknown", command_kind);
    pakka_metrics::interaction(kind, outcome);
}

/// What the endpoints read.
#[derive(Clone)]
struct Probe {
    data: Data,
    shard_manager: Arc<serenity::ShardManager>,
}

impl Probe {
    /// Each connected shard and its last heartbeat's round trip.
    async fn connected(&self) -> Vec<(u32, Option<Duration>)> {
        let runners = self.shard_manager.runners.lock().await;
        let mut connected: Vec<(u32, Option<Duration>)> = runners
            .iter()
            .filter(|(_, r)| r.stage == serenity::ConnectionStage::Connected)
            .map(|(id, r)| (id.0, r.latency))
            .collect();
        connected.sort_by_key(|(id, _)| *id);
        connected
    }

    /// Why the bot is not ready, or None when it is.
    async fn unready(&self) -> Option<String> {
        let mut why = Vec::new();
        match tokio::time::timeout(STORE_WAIT, self.data.service.store_ready()).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => why.push(format!("store: {e}")),
            Err(_) => why.push(format!("store: no answer within {STORE_WAIT:?}")),
        }
        let expected = self.data.gateway.expected();
        let connected = self.connected().await.len();
        if expected == 0 || connected < expected as usize {
            why.push(format!(
                "gateway: {connected} of {expected} shards connected"
            ));
        }
        (!why.is_empty()).then(|| why.join("\n"))
    }
}

/// How long `/readyz` waits for the store's answer.
const STORE_WAIT: Duration = Duration::from_secs(2);

async fn metrics(State(probe): State<Probe>) -> impl IntoResponse {
    let (click_places, clicks_waiting) = probe.data.admission.now();
    let levels = pakka_metrics::Levels {
        open_tables: probe.data.service.open_tables_by_game(),
        live_hands: probe.data.tables.counted().hands,
        shards: probe.data.gateway.expected() as usize,
        connected: probe.connected().await,
        click_places,
        clicks_waiting,
    };
    (
        [(header::CONTENT_TYPE, pakka_metrics::CONTENT_TYPE)],
        pakka_metrics::encode(&levels),
    )
}

async fn healthz() -> &'static str {
    "ok\n"
}

async fn readyz(State(probe): State<Probe>) -> (StatusCode, String) {
    match probe.unready().await {
        None => (StatusCode::OK, "ready\n".into()),
        Some(why) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("not ready\n{why}\n"),
        ),
    }
}

/// The metrics and health endpoints, served until the handle is aborted (`Bot::shutdown`).
pub(crate) struct Serving {
    pub addr: SocketAddr,
    pub task: tokio::task::JoinHandle<()>,
}

/// Turns the metrics on and serves them with `/healthz` and `/readyz` on `addr` (port 0: any
/// free port, which `Serving::addr` tells).
pub(crate) async fn serve(
    addr: SocketAddr,
    data: Data,
    shard_manager: Arc<serenity::ShardManager>,
) -> anyhow::Result<Serving> {
    pakka_metrics::enable();
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot serve metrics on METRICS_ADDR={addr}: {e}"))?;
    let addr = listener.local_addr()?;
    let app = Router::new()
        .route("/metrics", get(metrics))
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .with_state(Probe {
            data,
            shard_manager,
        });
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the metrics endpoint stopped");
        }
    });
    tracing::info!(%addr, "serving /metrics, /healthz and /readyz");
    Ok(Serving { addr, task })
}

#[cfg(test)]
mod tests {
    //! How a click ended ([`Outcome`]), as the interactions' metrics count it: the worst outcome
    //! set stays.

    use super::*;

    #[test]
    fn the_worst_outcome_stays() {
        let o = Outcome::default();
        assert_eq!(o.name(), "ok");
        o.set(Outcome::UNANSWERED);
        o.set(Outcome::REFUSED);
        assert_eq!(o.name(), "unanswered");
        o.set(Outcome::FAILED);
        assert_eq!(o.name(), "failed");
    }
}
