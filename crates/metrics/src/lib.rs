//! The bot's metrics: one process-wide registry of Prometheus families (`pakka_` prefix,
//! `_total` counters, `_seconds` histograms), recorded at the edges — the Discord front end, the
//! table service and the store call the functions below; the rules, the computer players and
//! the cards know nothing of metrics (their manifests do not list this crate). Recording is off
//! until [`enable`] (the binary turns it on when `METRICS_ADDR` is set), so an instance without
//! metrics pays one relaxed atomic load per event. Every label value is a `&'static str` from a
//! fixed list (a route, a kind of interaction, a game id, a store method) or a small number (a
//! gateway shard), never an id of a person, a server or a table, so the label sets stay bounded.
//!
//! What is counted as it happens lives here; what is a level (open tables by game, live hands,
//! shards connected and their latency) is set by the edge that serves a scrape, just before it
//! calls [`encode`], from what it holds then. The process's resident memory is read from
//! `/proc/self/status` at each scrape. Serving the text over HTTP is the Discord edge's
//! (`pakka_discord::health`), beside `/healthz` and `/readyz`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use prometheus_client::encoding::{text, EncodeLabelSet};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::{Registry, Unit};

/// The content type of [`encode`]'s text (OpenMetrics, which Prometheus scrapes natively).
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

static ON: AtomicBool = AtomicBool::new(false);
static METRICS: OnceLock<Metrics> = OnceLock::new();

/// Turns recording on for the rest of the process.
pub fn enable() {
    metrics();
    ON.store(true, Ordering::Relaxed);
}

/// Whether recording is on.
pub fn enabled() -> bool {
    ON.load(Ordering::Relaxed)
}

fn metrics() -> &'static Metrics {
    METRICS.get_or_init(Metrics::new)
}

/// The families when recording is on.
fn on() -> Option<&'static Metrics> {
    enabled().then(metrics)
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct InteractionLabels {
    kind: &'static str,
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct InteractionLabel {
    interaction: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabel {
    kind: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct GameLabel {
    game: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RestLabels {
    route: &'static str,
    status: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RetryLabels {
    route: &'static str,
    reason: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabel {
    route: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ShardLabel {
    shard: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct OperationLabel {
    operation: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ReasonLabel {
    reason: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct LevelLabel {
    level: &'static str,
}

/// Seconds from 1 ms to about 16 s: an interaction's answer (Discord allows 3 s).
fn answer_buckets() -> Histogram {
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

/// Seconds from 0.1 ms to about 3 s: a store operation, a picture, a computer's decision.
fn work_buckets() -> Histogram {
    Histogram::new(exponential_buckets(0.0001, 2.5, 12))
}

type Histograms<L> = Family<L, Histogram, fn() -> Histogram>;

/// Every family, registered once in `registry`.
struct Metrics {
    registry: Registry,
    interactions: Family<InteractionLabels, Counter>,
    answer_seconds: Histograms<InteractionLabel>,
    moves_stored: Family<GameLabel, Counter>,
    open_tables: Family<GameLabel, Gauge>,
    live_hands: Gauge,
    click_places: Gauge,
    clicks_waiting: Gauge,
    rest_requests: Family<RestLabels, Counter>,
    rest_retries: Family<RetryLabels, Counter>,
    rest_rate_limited: Family<RouteLabel, Counter>,
    shards: Gauge,
    shards_connected: Gauge,
    shard_latency: Family<ShardLabel, Gauge<f64, std::sync::atomic::AtomicU64>>,
    store_seconds: Histograms<OperationLabel>,
    pictures_drawn: Family<KindLabel, Counter>,
    pictures_shed: Family<KindLabel, Counter>,
    picture_seconds: Histograms<KindLabel>,
    decisions: Family<LevelLabel, Counter>,
    decision_seconds: Histograms<LevelLabel>,
    resident_memory: Gauge,
    windows_open: Gauge,
    window_frames: Family<KindLabel, Counter>,
    window_sign_ins: Counter,
    window_refusals: Family<ReasonLabel, Counter>,
}

/// Registers each family of `$m` in registry `$r`: `"name": "help" => field [Unit]`.
macro_rules! families {
    ($r:ident, $m:ident; $($name:literal: $help:literal => $field:ident $([$unit:ident])?),* $(,)?) => {
        $( families!(@one $r, $name, $help, $m.$field.clone() $(, $unit)?); )*
    };
    (@one $r:ident, $name:literal, $help:literal, $metric:expr) => {
        $r.register($name, $help, $metric)
    };
    (@one $r:ident, $name:literal, $help:literal, $metric:expr, $unit:ident) => {
        $r.register_with_unit($name, $help, Unit::$unit, $metric)
    };
}

impl Metrics {
    fn new() -> Metrics {
        let mut registry = Registry::with_prefix("pakka");
        let m = Metrics {
            registry: Registry::default(),
            interactions: Family::default(),
            answer_seconds: Family::new_with_constructor(answer_buckets),
            moves_stored: Family::default(),
            open_tables: Family::default(),
            live_hands: Gauge::default(),
            click_places: Gauge::default(),
            clicks_waiting: Gauge::default(),
            rest_requests: Family::default(),
            rest_retries: Family::default(),
            rest_rate_limited: Family::default(),
            shards: Gauge::default(),
            shards_connected: Gauge::default(),
            shard_latency: Family::default(),
            store_seconds: Family::new_with_constructor(work_buckets),
            pictures_drawn: Family::default(),
            pictures_shed: Family::default(),
            picture_seconds: Family::new_with_constructor(work_buckets),
            decisions: Family::default(),
            decision_seconds: Family::new_with_constructor(work_buckets),
            resident_memory: Gauge::default(),
            windows_open: Gauge::default(),
            window_frames: Family::default(),
            window_sign_ins: Counter::default(),
            window_refusals: Family::default(),
        };
        let r = &mut registry;
        // Every family: its name (after `pakka_`), its help, the field that holds it, and its
        // unit if it has one.
        families!(r, m;
            "interactions": "Interactions handled (slash commands and button clicks), by kind and outcome" => interactions,
            "interaction_answer": "Time from an interaction's arrival to its answer acknowledged by Discord, button or command" => answer_seconds [Seconds],
            "moves_stored": "Moves stored (a person's or a computer player's), by game" => moves_stored,
            "open_tables": "Tables held open (lobbies and games in play), by game" => open_tables,
            "live_hands": "Players' private hands the bot keeps alive to update on their turn" => live_hands,
            "click_places": "Button clicks handled at once at most: fewer while the cores are behind, never under 8 per core" => click_places,
            "clicks_waiting": "Button clicks waiting for a place among those handled at once" => clicks_waiting,
            "discord_requests": "REST calls to Discord by route and status (2xx, the HTTP status, or timeout/no_answer)" => rest_requests,
            "discord_retries": "REST calls to Discord tried again, by route and why (rate_limited or unavailable)" => rest_retries,
            "discord_rate_limited": "429 answers from Discord (or the REST proxy), by route" => rest_rate_limited,
            "gateway_shards": "Gateway shards this process runs" => shards,
            "gateway_shards_connected": "Gateway shards with a live session" => shards_connected,
            "gateway_latency": "Each shard's last heartbeat round trip" => shard_latency [Seconds],
            "store_operation": "Time of each store operation (one method of the store), by operation" => store_seconds [Seconds],
            "pictures_drawn": "Pictures drawn, table or hand" => pictures_drawn,
            "pictures_shed": "Pictures left off a message: the drawing queue was full or the drawing too late" => pictures_shed,
            "picture_draw": "Time to draw a picture, table or hand" => picture_seconds [Seconds],
            "computer_decisions": "Computer players' decisions, by level" => decisions,
            "computer_decision": "Time of a computer player's decision, by level" => decision_seconds [Seconds],
            "process_resident_memory": "The process's resident set size" => resident_memory [Bytes],
            "windows_open": "Activity windows open on this process" => windows_open,
            "window_frames": "Frames sent to Activity windows, by kind (table, hand, rules, hint, refused, notice)" => window_frames,
            "window_sign_ins": "Sessions given to Activity windows (a sign-in's code exchanged)" => window_sign_ins,
            "window_refusals": "Activity sign-ins and windows refused, by reason (malformed, forged, expired, no_window, code_refused, not_in_instance, other_shard)" => window_refusals,
        );
        // Counters of rare events start at zero, so their series exist before the first one.
        for kind in ["table", "hand"] {
            drop(m.pictures_shed.get_or_create(&KindLabel { kind }));
        }
        for reason in WINDOW_REFUSALS {
            drop(m.window_refusals.get_or_create(&ReasonLabel { reason }));
        }
        Metrics { registry, ..m }
    }
}

/// An interaction handled to its end. `kind` names the command (`play`) or the button (`act`,
/// `hand`, …); `outcome` is `ok`, `refused` (answered with a refusal or a notice), `throttled`
/// or `unanswered` (its answer never reached Discord), or `failed` (a bug, answered
/// generically).
pub fn interaction(kind: &'static str, outcome: &'static str) {
    if let Some(m) = on() {
        m.interactions
            .get_or_create(&InteractionLabels { kind, outcome })
            .inc();
    }
}

/// An interaction's answer acknowledged by Discord, `took` after it arrived; `interaction` is
/// `button` or `command`.
pub fn answered(interaction: &'static str, took: Duration) {
    if let Some(m) = on() {
        m.answer_seconds
            .get_or_create(&InteractionLabel { interaction })
            .observe(took.as_secs_f64());
    }
}

/// A move stored at a table of `game`.
pub fn move_stored(game: &'static str) {
    if let Some(m) = on() {
        m.moves_stored.get_or_create(&GameLabel { game }).inc();
    }
}

/// The statuses counted by their own label; others by their class (`4xx`).
const HTTP: &[(u16, &str)] = &[
    (400, "400"),
    (401, "401"),
    (403, "403"),
    (404, "404"),
    (405, "405"),
    (413, "413"),
    (429, "429"),
    (500, "500"),
    (502, "502"),
    (503, "503"),
    (504, "504"),
];

/// How one REST call to Discord ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Any success.
    Success,
    /// An HTTP status Discord (or the proxy) answered.
    Http(u16),
    /// No answer within the attempt's time.
    Timeout,
    /// No answer at all (the connection failed).
    NoAnswer,
}

impl Status {
    fn label(self) -> &'static str {
        match self {
            Status::Success => "2xx",
            Status::Timeout => "timeout",
            Status::NoAnswer => "no_answer",
            Status::Http(code) => match HTTP.iter().find(|(c, _)| *c == code) {
                Some((_, label)) => label,
                None => match code {
                    200..=299 => "2xx",
                    400..=499 => "4xx",
                    500..=599 => "5xx",
                    _ => "other",
                },
            },
        }
    }
}

/// One attempt of a REST call to Discord on `route` (a fixed name such as
/// `channel_message_edit`).
pub fn rest(route: &'static str, status: Status) {
    if let Some(m) = on() {
        let label = status.label();
        m.rest_requests
            .get_or_create(&RestLabels {
                route,
                status: label,
            })
            .inc();
        if label == "429" {
            m.rest_rate_limited
                .get_or_create(&RouteLabel { route })
                .inc();
        }
    }
}

/// A REST call to Discord tried again after a 429 (`rate_limited`) or a 5xx or a hang
/// (`unavailable`).
pub fn rest_retry(route: &'static str, reason: &'static str) {
    if let Some(m) = on() {
        m.rest_retries
            .get_or_create(&RetryLabels { route, reason })
            .inc();
    }
}

/// Measures a store operation from its creation to its drop (so an early return or an error
/// is measured too). Nothing is measured while recording is off.
pub struct StoreTimer(Option<(&'static str, Instant)>);

impl StoreTimer {
    pub fn start(operation: &'static str) -> StoreTimer {
        StoreTimer(enabled().then(|| (operation, Instant::now())))
    }
}

impl Drop for StoreTimer {
    fn drop(&mut self) {
        if let (Some((operation, since)), Some(m)) = (self.0, on()) {
            m.store_seconds
                .get_or_create(&OperationLabel { operation })
                .observe(since.elapsed().as_secs_f64());
        }
    }
}

/// A picture (`table` or `hand`) drawn in `took`.
pub fn picture_drawn(kind: &'static str, took: Duration) {
    if let Some(m) = on() {
        m.pictures_drawn.get_or_create(&KindLabel { kind }).inc();
        m.picture_seconds
            .get_or_create(&KindLabel { kind })
            .observe(took.as_secs_f64());
    }
}

/// A picture (`table` or `hand`) left off its message: the drawing queue was full, or it was
/// not drawn in time.
pub fn picture_shed(kind: &'static str) {
    if let Some(m) = on() {
        m.pictures_shed.get_or_create(&KindLabel { kind }).inc();
    }
}

/// Why a window's sign-in or socket may be refused, each counted from zero.
pub const WINDOW_REFUSALS: [&str; 7] = [
    "malformed",
    "forged",
    "expired",
    "no_window",
    "code_refused",
    "not_in_instance",
    "other_shard",
];

/// `open` Activity windows are open on this process now.
pub fn windows_open(open: usize) {
    if let Some(m) = on() {
        m.windows_open.set(i64::try_from(open).unwrap_or(i64::MAX));
    }
}

/// A frame of `kind` sent to a window.
pub fn window_frame(kind: &'static str) {
    if let Some(m) = on() {
        m.window_frames.get_or_create(&KindLabel { kind }).inc();
    }
}

/// A session given to a window.
pub fn window_signed_in() {
    if let Some(m) = on() {
        m.window_sign_ins.inc();
    }
}

/// A window's sign-in or socket refused, for `reason` (one of [`WINDOW_REFUSALS`]).
pub fn window_refused(reason: &'static str) {
    if let Some(m) = on() {
        m.window_refusals
            .get_or_create(&ReasonLabel { reason })
            .inc();
    }
}

/// A computer player's decision at `level`, made in `took`.
pub fn decision(level: &'static str, took: Duration) {
    if let Some(m) = on() {
        m.decisions.get_or_create(&LevelLabel { level }).inc();
        m.decision_seconds
            .get_or_create(&LevelLabel { level })
            .observe(took.as_secs_f64());
    }
}

/// The levels a scrape reports, set by the edge that serves it just before [`encode`].
#[derive(Clone, Debug, Default)]
pub struct Levels {
    /// Open tables per game id (every game, zeros included, so a series never vanishes).
    pub open_tables: Vec<(&'static str, usize)>,
    pub live_hands: usize,
    /// Shards this process runs.
    pub shards: usize,
    /// Each connected shard and its last heartbeat's round trip, if known.
    pub connected: Vec<(u32, Option<Duration>)>,
    /// Button clicks handled at once at most, now (fewer while the cores are behind).
    pub click_places: usize,
    /// Button clicks waiting for one of those places.
    pub clicks_waiting: usize,
}

/// The metrics as OpenMetrics text, with `levels` set first and the resident memory read.
pub fn encode(levels: &Levels) -> String {
    let m = metrics();
    for &(game, n) in &levels.open_tables {
        m.open_tables
            .get_or_create(&GameLabel { game })
            .set(i64::try_from(n).unwrap_or(i64::MAX));
    }
    m.live_hands
        .set(i64::try_from(levels.live_hands).unwrap_or(i64::MAX));
    m.click_places
        .set(i64::try_from(levels.click_places).unwrap_or(i64::MAX));
    m.clicks_waiting
        .set(i64::try_from(levels.clicks_waiting).unwrap_or(i64::MAX));
    m.shards
        .set(i64::try_from(levels.shards).unwrap_or(i64::MAX));
    m.shards_connected
        .set(i64::try_from(levels.connected.len()).unwrap_or(i64::MAX));
    m.shard_latency.clear();
    for &(shard, latency) in &levels.connected {
        if let Some(latency) = latency {
            m.shard_latency
                .get_or_create(&ShardLabel {
                    shard: shard.to_string(),
                })
                .set(latency.as_secs_f64());
        }
    }
    if let Some(bytes) = resident_memory() {
        m.resident_memory
            .set(i64::try_from(bytes).unwrap_or(i64::MAX));
    }
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = text::encode(&mut out, &m.registry);
    out
}

/// The process's resident set size in bytes (`VmRSS` of `/proc/self/status`; None off Linux).
pub fn resident_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

#[cfg(test)]
mod tests {
    //! The metrics' families follow Prometheus' naming (prefix, `_total`, `_seconds`), and
    //! statuses have few labels.

    use super::*;

    #[test]
    fn the_families_follow_prometheus_naming() {
        enable();
        interaction("act", "ok");
        answered("button", Duration::from_millis(20));
        move_stored("kop");
        rest("interaction_callback", Status::Success);
        rest("channel_message_edit", Status::Http(429));
        rest_retry("channel_message_edit", "rate_limited");
        drop(StoreTimer::start("record_move"));
        picture_drawn("table", Duration::from_millis(3));
        picture_shed("hand");
        decision("hard", Duration::from_millis(40));
        let text = encode(&Levels {
            open_tables: vec![("kop", 2)],
            live_hands: 3,
            shards: 1,
            connected: vec![(0, Some(Duration::from_millis(12)))],
            click_places: 16,
            clicks_waiting: 2,
        });
        for line in [
            "pakka_interactions_total{kind=\"act\",outcome=\"ok\"} 1",
            "pakka_interaction_answer_seconds_count{interaction=\"button\"} 1",
            "pakka_moves_stored_total{game=\"kop\"} 1",
            "pakka_open_tables{game=\"kop\"} 2",
            "pakka_live_hands 3",
            "pakka_click_places 16",
            "pakka_clicks_waiting 2",
            "pakka_discord_requests_total{route=\"interaction_callback\",status=\"2xx\"} 1",
            "pakka_discord_requests_total{route=\"channel_message_edit\",status=\"429\"} 1",
            "pakka_discord_rate_limited_total{route=\"channel_message_edit\"} 1",
            "pakka_discord_retries_total{route=\"channel_message_edit\",reason=\"rate_limited\"} 1",
            "pakka_gateway_shards 1",
            "pakka_gateway_shards_connected 1",
            "pakka_gateway_latency_seconds{shard=\"0\"} 0.012",
            "pakka_store_operation_seconds_count{operation=\"record_move\"} 1",
            "pakka_pictures_drawn_total{kind=\"table\"} 1",
            "pakka_pictures_shed_total{kind=\"hand\"} 1",
            "pakka_picture_draw_seconds_count{kind=\"table\"} 1",
            "pakka_computer_decisions_total{level=\"hard\"} 1",
            "pakka_computer_decision_seconds_count{level=\"hard\"} 1",
        ] {
            assert!(text.contains(line), "{line} in\n{text}");
        }
        assert!(text.contains("pakka_process_resident_memory_bytes "));
        assert!(text.ends_with("# EOF\n"));
    }

    #[test]
    fn statuses_have_few_labels() {
        assert_eq!(Status::Http(418).label(), "4xx");
        assert_eq!(Status::Http(204).label(), "2xx");
        assert_eq!(Status::Http(599).label(), "5xx");
        assert_eq!(Status::Http(50).label(), "other");
    }
}
