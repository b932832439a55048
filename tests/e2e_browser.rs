//! The Activity's window in a real browser: headless Chromium (Debian's package) driven by
//! `web/test/window.mjs` (playwright-core from npm), running the built client (`web/dist`) and
//! the real Embedded App SDK inside `web/test/frame.html`, a page of the same origin that stands
//! in for Discord's client (the SDK accepts its messages). The person signs in with the code the
//! fake Discord gave them, sees their hand, and plays a move by clicking it; the move is stored
//! and the table's message in the channel shows it. Skipped, saying why, where Chromium, Node.js,
//! the client's packages or its build are missing (`.ci/run` installs and builds them).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::harness::{Harness, CHANNEL};
use crate::support::FakeDiscord;

/// The workspace's `web/` folder.
fn web_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("web")
}

/// Why the browser tests cannot run here, if they cannot.
fn missing() -> Option<String> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        return Some(format!(
            "no Chromium at {chromium} (apt-get install chromium)"
        ));
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("no Node.js (node) on the PATH".into());
    }
    if !web_dir().join("node_modules/playwright-core").is_dir() {
        return Some("the client's packages are not installed (npm ci in web/)".into());
    }
    if !web_dir().join("dist/index.html").is_file() {
        return Some("the client is not built (npm run build in web/)".into());
    }
    None
}

/// The built client with the stand-in frame page beside it, in a folder of the test's own.
fn client_with_frame() -> PathBuf {
    let dir = tempfile::tempdir().unwrap().keep();
    for entry in std::fs::read_dir(web_dir().join("dist")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
    std::fs::create_dir(dir.join("test")).unwrap();
    for file in ["frame.html", "frame.js"] {
        std::fs::copy(
            web_dir().join("test").join(file),
            dir.join("test").join(file),
        )
        .unwrap();
    }
    dir
}

/// The web edge beside the harness's bot, serving the built client and the stand-in frame.
async fn web_edge(h: &Harness) -> pakka::web::Running {
    h.web_edge(client_with_frame(), ([127, 0, 0, 1], 0).into())
        .await
}

/// Runs the window driver (`how`: "play" or "watch", `locale`: the browser's language);
/// answers its JSON lines.
fn drive(url: &str, shots: &Path, how: &str, locale: &str) -> Vec<serde_json::Value> {
    let mut command = Command::new("node");
    command
        .arg(web_dir().join("test/window.mjs"))
        .arg(url)
        .arg(shots)
        .arg(how)
        .env("LOCALE", locale);
    let out = command.output().expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "the window driver failed: {}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_window_in_chromium_signs_in_shows_the_hand_and_plays_a_move() {
    if let Some(why) = missing() {
        println!("skipped: e2e_browser needs {why}");
        return;
    }
    let h = Harness::start().await;
    let (table, message) = h.start_game(5).await;
    let service = h.service.clone().unwrap();
    // Bob moves (through the service) until Alice is to act.
    for _ in 0..20 {
        let hand = service.hand(table, h.alice.id).await.unwrap();
        if !hand.actions.is_empty() {
            break;
        }
        let view = service.view(table).await.unwrap();
        service
            .act(table, h.bob.id, view.move_number, 0)
            .await
            .unwrap();
    }
    let before = service.view(table).await.unwrap().move_number;
    let web = web_edge(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob]);
    let code = h.fake.authorize(&h.alice);
    let url = format!(
        "http://{}/test/frame.html?code={code}&instance={instance}&user_id={}&username={}\
         &channel_id={CHANNEL}&guild_id={}",
        web.addr,
        h.alice.id,
        h.alice.name,
        FakeDiscord::GUILD_ID
    );
    let shots = std::env::var("WINDOW_SHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| tempfile::tempdir().unwrap().keep().join("window"));
    let steps = tokio::task::spawn_blocking(move || drive(&url, &shots, "play", "en-US"))
        .await
        .unwrap();
    let step = |name: &str| {
        steps
            .iter()
            .find(|s| s["step"] == name)
            .unwrap_or_else(|| panic!("no step {name}: {steps:?}"))
            .clone()
    };
    let errors: Vec<_> = steps.iter().filter(|s| s["step"] == "console").collect();
    assert!(errors.is_empty(), "the page logged errors: {errors:?}");
    let shown = step("shown")["text"].as_str().unwrap().to_string();
    assert!(shown.contains("Pishe Pasha"), "{shown}");
    assert!(shown.contains(&h.alice.name), "{shown}");
    assert!(step("moves")["count"].as_u64().unwrap() > 0, "{steps:?}");
    step("played");
    // The click was a move: stored, and the table message in the channel shows it.
    let after = service.view(table).await.unwrap().move_number;
    assert!(
        after > before,
        "the window's click moved the game: {before} -> {after}"
    );
    let fake = h.fake.clone();
    h.fake
        .wait_until(std::time::Duration::from_secs(5), move |_| {
            fake.message(message.id).is_some_and(|m| {
                m.history
                    .iter()
                    .any(|v| v.content.contains(&format!("move {after}")))
                    || m.content != message.content
            })
        })
        .await
        .expect("the table message follows the window's move");
    web.stop().await;
}

/// Someone in the activity without a seat, whose Discord speaks Finnish: the public table, its
/// picture and its words in Finnish, and no move to make.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_watchers_window_in_finnish_shows_the_public_table() {
    if let Some(why) = missing() {
        println!("skipped: e2e_browser needs {why}");
        return;
    }
    let h = Harness::start().await;
    let (_table, _message) = h.start_game(5).await;
    h.fake.set_locale(h.carol.id, "fi");
    let web = web_edge(&h).await;
    let instance = h.fake.open_activity(CHANNEL, &[&h.alice, &h.bob, &h.carol]);
    let code = h.fake.authorize(&h.carol);
    let url = format!(
        "http://{}/test/frame.html?code={code}&instance={instance}&user_id={}&username={}",
        web.addr, h.carol.id, h.carol.name
    );
    let shots = std::env::var("WINDOW_SHOTS")
        .map(|p| PathBuf::from(format!("{p}-watcher-fi")))
        .unwrap_or_else(|_| tempfile::tempdir().unwrap().keep().join("watcher"));
    let steps = tokio::task::spawn_blocking(move || drive(&url, &shots, "watch", "fi-FI"))
        .await
        .unwrap();
    let errors: Vec<_> = steps.iter().filter(|s| s["step"] == "console").collect();
    assert!(errors.is_empty(), "the page logged errors: {errors:?}");
    let shown = steps.iter().find(|s| s["step"] == "shown").expect("shown");
    let text = shown["text"].as_str().unwrap();
    assert!(text.contains("Vuoro"), "Finnish: {text}");
    let moves = steps.iter().find(|s| s["step"] == "moves").expect("moves");
    assert_eq!(moves["count"], 0, "a watcher has no move: {steps:?}");
    web.stop().await;
}
