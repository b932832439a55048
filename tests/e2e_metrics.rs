//! The operator's view of a running bot on the fake Discord: `/metrics` scraped in the middle
//! of a game with computer players and pictures finds every family with values the game made
//! (interactions by kind and outcome and their answer time, moves stored, open tables, live
//! hands, REST calls by route and status with a 429 and its retry, shards connected, store
//! operations, pictures, computer decisions, memory); `/healthz` answers; `/readyz` answers
//! ready, and 503 once the store no longer answers. No timing is asserted.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::Duration;

use crate::support::fake_discord::Fault;
use crate::support::harness::*;
use crate::support::http;
use crate::support::windows;
use futures_util::StreamExt;
use serde_json::json;

/// `GET path` on the metrics address: the status and the body.
async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    http::get(addr, path).await.unwrap()
}

/// The samples of a scrape: `name{labels}` → value.
fn samples(text: &str) -> HashMap<String, f64> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| {
            let (series, value) = l.rsplit_once(' ')?;
            Some((series.to_string(), value.parse().ok()?))
        })
        .collect()
}

/// The sum of every sample of `name` whose labels contain each of `labels` (`kind="act"`).
fn sum(samples: &HashMap<String, f64>, name: &str, labels: &[&str]) -> f64 {
    samples
        .iter()
        .filter(|(series, _)| {
            let (n, rest) = series.split_once('{').unwrap_or((series.as_str(), ""));
            n == name && labels.iter().all(|l| rest.contains(l))
        })
        .map(|(_, v)| v)
        .sum()
}

/// Waits until `/readyz` answers `want` (the gateway connects a moment after the start).
async fn ready(addr: SocketAddr, want: u16) -> String {
    let mut last = (0, String::new());
    for _ in 0..100 {
        last = get(addr, "/readyz").await;
        if last.0 == want {
            return last.1;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("/readyz never answered {want}: {} {}", last.0, last.1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scrape_during_a_game_finds_every_family_and_readyz_follows_the_store() {
    let mut h = Harness::start_tweaked(|c| c.metrics_addr = Some(([127, 0, 0, 1], 0).into())).await;
    let addr = h
        .bot
        .as_ref()
        .unwrap()
        .metrics_addr()
        .expect("metrics are served");
    assert_eq!(get(addr, "/healthz").await, (200, "ok\n".to_string()));
    assert_eq!(ready(addr, 200).await, "ready\n");

    // Teka: two people and two computer players, pictures on (the default).
    let players = [&h.alice, &h.bob];
    let (table, _) = h
        .open_table("teka", &players, 9, &[json!({"name": "bots", "value": 2})])
        .await;
    // One 429 on an edit through an interaction webhook: waited out and tried again.
    h.fake.inject(
        "PATCH /webhooks/*/*/messages/*",
        Fault::RateLimited {
            retry_after: 0.05,
            global: false,
        },
        1,
    );
    let clicks = h
        .play(table, &players, |_, _| 0, |t| t.contains("Game over"), 12)
        .await;
    assert!(clicks > 0);
    // The bot brings the other messages up to date after each answer; let it finish.
    tokio::time::sleep(Duration::from_millis(500)).await;

    let (status, text) = get(addr, "/metrics").await;
    assert_eq!(status, 200);
    let s = samples(&text);
    let positive = |name: &str, labels: &[&str]| {
        let v = sum(&s, name, labels);
        assert!(v > 0.0, "{name}{labels:?} = {v} in\n{text}");
        v
    };
    positive(
        "pakka_interactions_total",
        &["kind=\"play\"", "outcome=\"ok\""],
    );
    positive("pakka_interactions_total", &["kind=\"accept\""]);
    positive(
        "pakka_interactions_total",
        &["kind=\"act\"", "outcome=\"ok\""],
    );
    positive(
        "pakka_interaction_answer_seconds_count",
        &["interaction=\"button\""],
    );
    positive(
        "pakka_interaction_answer_seconds_count",
        &["interaction=\"command\""],
    );
    positive("pakka_interaction_answer_seconds_bucket", &["le=\"+Inf\""]);
    positive("pakka_moves_stored_total", &["game=\"teka\""]);
    assert_eq!(
        sum(&s, "pakka_open_tables", &["game=\"teka\""]),
        1.0,
        "{text}"
    );
    assert!(
        s.contains_key("pakka_open_tables{game=\"kop\"}"),
        "every game is listed"
    );
    positive("pakka_live_hands", &[]);
    assert!(positive("pakka_click_places", &[]) >= 8.0, "{text}");
    assert!(s.contains_key("pakka_clicks_waiting"), "{text}");
    positive(
        "pakka_discord_requests_total",
        &["route=\"interaction_callback\"", "status=\"2xx\""],
    );
    positive("pakka_discord_requests_total", &["status=\"429\""]);
    positive("pakka_discord_rate_limited_total", &[]);
    positive("pakka_discord_retries_total", &["reason=\"rate_limited\""]);
    let shards = positive("pakka_gateway_shards", &[]);
    assert_eq!(sum(&s, "pakka_gateway_shards_connected", &[]), shards);
    positive(
        "pakka_store_operation_seconds_count",
        &["operation=\"record_move\""],
    );
    positive(
        "pakka_store_operation_seconds_count",
        &["operation=\"create_table\""],
    );
    positive("pakka_pictures_drawn_total", &["kind=\"table\""]);
    positive("pakka_pictures_drawn_total", &["kind=\"hand\""]);
    positive("pakka_picture_draw_seconds_count", &["kind=\"hand\""]);
    assert!(s.contains_key("pakka_pictures_shed_total{kind=\"hand\"}"));
    positive("pakka_computer_decisions_total", &[]);
    positive("pakka_computer_decision_seconds_count", &[]);
    let memory = positive("pakka_process_resident_memory_bytes", &[]);
    assert!(memory > 1e6, "{memory} bytes resident");
    // No label holds an id: every value but a bucket's bound is a word or a small number.
    for series in s.keys() {
        let parts: Vec<&str> = series.split('"').collect();
        for pair in parts.chunks(2).filter(|p| p.len() == 2) {
            let (key, value) = (pair[0], pair[1]);
            let digits = value.bytes().filter(u8::is_ascii_digit).count();
            assert!(key.ends_with("le=") || digits < 6, "{series}");
        }
    }
    assert!(text.ends_with("# EOF\n"));

    // The Activity's windows on this process: one open, the frames it was sent, the session
    // given, and a made-up session refused, counted by why.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), "<!doctype html>").unwrap();
    let web = h
        .web_edge(dir.path().to_path_buf(), ([127, 0, 0, 1], 0).into())
        .await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice]);
    let session = windows::sign_in(&h.fake, web.addr, &h.alice).await;
    let mut window = windows::connect(web.addr, &session, &instance)
        .await
        .unwrap();
    let first = tokio::time::timeout(Duration::from_secs(5), window.next()).await;
    assert!(matches!(first, Ok(Some(Ok(_)))), "a first frame: {first:?}");
    assert!(windows::connect(web.addr, "not-a-session", &instance)
        .await
        .is_err());
    let (_, text) = get(addr, "/metrics").await;
    let s = samples(&text);
    let positive = |name: &str, labels: &[&str]| {
        let v = sum(&s, name, labels);
        assert!(v > 0.0, "{name}{labels:?} = {v} in\n{text}");
        v
    };
    positive("pakka_windows_open", &[]);
    positive("pakka_window_frames_total", &[]);
    positive("pakka_window_sign_ins_total", &[]);
    positive("pakka_window_refusals_total", &["reason=\"malformed\""]);
    for reason in pakka::metrics::WINDOW_REFUSALS {
        let series = format!("pakka_window_refusals_total{{reason=\"{reason}\"}}");
        assert!(s.contains_key(&series), "{series} in\n{text}");
    }
    drop(window);
    web.stop().await;

    // A restart on a gateway that asks for frequent heartbeats (Discord's come every 41 s): the
    // shard's latency is reported once its first heartbeat is acknowledged.
    h.fake.set_heartbeat_interval(Duration::from_millis(200));
    h.restart().await;
    let addr = h
        .bot
        .as_ref()
        .unwrap()
        .metrics_addr()
        .expect("metrics are served");
    assert_eq!(ready(addr, 200).await, "ready\n");
    let mut latency = None;
    for _ in 0..100 {
        let (_, text) = get(addr, "/metrics").await;
        latency = samples(&text)
            .get("pakka_gateway_latency_seconds{shard=\"0\"}")
            .copied();
        if latency.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let latency = latency.expect("the shard's heartbeat latency is reported");
    assert!((0.0..5.0).contains(&latency), "{latency}");

    // The store stops answering: not ready, and why.
    let bot = h.bot.as_ref().unwrap();
    bot.table_service().store().close().await;
    let why = ready(addr, 503).await;
    assert!(why.contains("store"), "{why}");
    assert_eq!(
        get(addr, "/healthz").await.0,
        200,
        "the process is still up"
    );
}
