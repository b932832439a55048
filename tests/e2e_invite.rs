//! `pakka invite` against the fake Discord, run as an operator runs it: the binary with the
//! token in its environment (and `DISCORD_HTTP_PROXY` pointing at the fake) prints the OAuth2
//! links of the token's own application: the server one with the two scopes and the
//! permissions pakka needs, and the one that adds pakka to a person's account.

use std::process::Command;

use crate::support::fake_discord::FakeDiscord;

fn invite(fake: &FakeDiscord, token: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_pakka"))
        .arg("invite")
        .env("DISCORD_TOKEN", token)
        .env("DISCORD_HTTP_PROXY", fake.base_url())
        .env("NO_COLOR", "1")
        .env_remove("DEV_GUILD_ID")
        .env_remove("SHARDS")
        .output()
        .expect("the pakka binary runs")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invite_prints_the_link_of_the_tokens_application() {
    let fake = FakeDiscord::start().await;
    let out = tokio::task::spawn_blocking({
        let fake = fake.clone();
        move || invite(&fake, FakeDiscord::TOKEN)
    })
    .await
    .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    let link = format!(
        "https://discord.com/oauth2/authorize?client_id={}&integration_type=0\
         &scope=bot+applications.commands&permissions=309237763072",
        FakeDiscord::APP_ID
    );
    let user_link = format!(
        "https://discord.com/oauth2/authorize?client_id={}&integration_type=1\
         &scope=applications.commands",
        FakeDiscord::APP_ID
    );
    for link in [link, user_link] {
        assert!(
            stdout.lines().any(|l| l.trim() == link),
            "no line is {link}:\n{stdout}"
        );
    }
    assert!(stdout.contains("Attach Files"), "{stdout}");
    // The application was read from Discord with the token.
    assert!(fake
        .requests()
        .iter()
        .any(|r| r.contains("oauth2/applications/@me") || r.contains("applications/@me")));
}
