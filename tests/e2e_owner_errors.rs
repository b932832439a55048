//! The errors a server owner or an operator can act on, each told by its own sentence from the
//! catalog: a `/play` in a channel where the bot lacks a permission a table needs is refused
//! privately, naming the permissions (and nothing is opened); the `pakka` binary that cannot
//! reach Discord (or its proxy) says where it looked and what to check; a token Discord
//! rejects (401) is told as such. Each in English and in Finnish.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::support::fake_discord::{permissions, FakeDiscord, Fault};
use crate::support::harness::*;

/// `/play pisha-pasha @bob` by Alice (in `extra`'s options too); the answer.
async fn play(
    h: &Harness,
    extra: &[serde_json::Value],
) -> crate::support::fake_discord::InteractionOutcome {
    let mut options = vec![
        json!({"name": "game", "value": "pisha-pasha"}),
        json!({"name": "player", "value": h.bob.id.to_string()}),
    ];
    options.extend(extra.iter().cloned());
    h.fake
        .slash(&h.alice, CHANNEL, "play", serde_json::Value::Array(options))
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_is_not_opened_where_the_bot_lacks_a_permission_and_the_asker_is_told_which() {
    let h = Harness::start().await;
    // The bot's role may not attach files (pictures are on by default) nor read the history.
    let without =
        permissions::BOT & !permissions::ATTACH_FILES & !permissions::READ_MESSAGE_HISTORY;
    h.fake.set_permissions(FakeDiscord::BOT_USER_ID, without);
    let refused = play(&h, &[]).await;
    assert!(
        refused.is_ephemeral(),
        "told privately: {}",
        refused.content()
    );
    insta::assert_snapshot!("missing_permissions_en", refused.content());
    assert!(
        h.store().await.open_tables().await.unwrap().is_empty(),
        "nothing opened"
    );

    // In Finnish for a Finnish client; a thread of its own needs the thread permissions too.
    h.fake.set_locale(h.alice.id, "fi");
    let without = permissions::BOT & !permissions::CREATE_PUBLIC_THREADS;
    h.fake.set_permissions(FakeDiscord::BOT_USER_ID, without);
    let refused = play(&h, &[json!({"name": "thread", "value": true})]).await;
    assert!(refused.is_ephemeral());
    insta::assert_snapshot!("missing_permissions_thread_fi", refused.content());
    assert!(h.fake.threads().is_empty(), "no thread opened");

    // With every permission back, the same request opens its table.
    h.fake.set_locale(h.alice.id, "en-US");
    h.fake
        .set_permissions(FakeDiscord::BOT_USER_ID, permissions::BOT);
    let opened = play(&h, &[]).await;
    assert!(!opened.is_ephemeral(), "{}", opened.content());
}

/// Runs `pakka` (serve) with `vars` until it exits (at most 60 s): its exit status and stderr.
fn serve(dir: &Path, vars: &[(&str, String)]) -> (bool, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pakka"));
    command
        .current_dir(dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env_remove("DEV_GUILD_ID")
        .env_remove("SHARDS")
        .env_remove("METRICS_ADDR")
        .env("RUST_LOG", "off")
        .env(
            "DATABASE_URL",
            format!("sqlite://{}", dir.join("pakka.db").display()),
        )
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    for (name, value) in vars {
        command.env(name, value);
    }
    let mut child = command.spawn().unwrap();
    let began = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
            return (status.success(), err);
        }
        if began.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("pakka did not stop by itself");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn an_unreachable_discord_is_told_with_where_it_was_looked_for() {
    let dir = tempfile::tempdir().unwrap();
    // A port nobody listens on: bound, then closed.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let proxy = format!("http://127.0.0.1:{port}");
    for (lang, words) in [
        ("en_US.UTF-8", "Could not reach Discord at"),
        ("fi_FI.UTF-8", "Discordiin ei saatu yhteyttä osoitteessa"),
    ] {
        let (ok, err) = serve(
            dir.path(),
            &[
                ("LANG", lang.to_string()),
                ("DISCORD_TOKEN", "a-token".into()),
                ("DISCORD_HTTP_PROXY", proxy.clone()),
            ],
        );
        assert!(!ok, "pakka fails: {err}");
        assert!(err.contains(&format!("{words} {proxy}")), "{err}");
        assert!(err.contains("DISCORD_HTTP_PROXY"), "{err}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rejected_token_is_told_as_such() {
    let fake = FakeDiscord::start().await;
    fake.inject(
        "GET /oauth2/applications/@me",
        Fault::Refused {
            status: 401,
            code: 0,
        },
        2,
    );
    let dir = tempfile::tempdir().unwrap();
    let base = fake.base_url();
    let (ok, err) = tokio::task::spawn_blocking(move || {
        serve(
            dir.path(),
            &[
                ("LANG", "en_US.UTF-8".into()),
                ("DISCORD_TOKEN", "a-reset-token".into()),
                ("DISCORD_HTTP_PROXY", base),
            ],
        )
    })
    .await
    .unwrap();
    assert!(!ok, "pakka fails: {err}");
    insta::assert_snapshot!("token_rejected_en", err.trim());
    assert_eq!(
        fake.faults_served().len(),
        1,
        "one call, refused, and no other try"
    );
}
