//! `pakka invite`: the two OAuth2 links of the app. One adds the bot to a server with exactly
//! what it needs (a server install, `integration_type=0`); the other adds pakka to a person's
//! own account ("Add to My Apps", a user install, `integration_type=1`, with the
//! `applications.commands` scope alone), so that its commands and its Activity work in their
//! DMs, group DMs and servers without the bot. The server link's scopes are `bot` (a member
//! that reads and writes in the channels) and `applications.commands` (the slash commands);
//! the permissions are the ones its calls need and no more: see the channels and read back its
//! own recent messages (a follow-up Discord may have made after a failure), send messages with
//! a picture (an attachment shown by an embed), and open a table in a thread of its own
//! (`/play thread:true`) and write there. No privileged gateway intent is asked for. The
//! application id is read from Discord with the bot's token (through `DISCORD_HTTP_PROXY` when
//! set), so the link is the token's own bot.

use poise::serenity_prelude as serenity;

use pakka_config::Config;
use pakka_text::{key, list, msg, verbatim, Msg};

/// The OAuth2 scopes the invite asks for.
pub const SCOPES: &[&str] = &["bot", "applications.commands"];

/// The permissions pakka needs in a server's channels: everything a table may need
/// (`permissions`, which `/play` checks against a channel).
pub fn permissions() -> serenity::Permissions {
    super::permissions::all().0
}

/// The OAuth2 scope a user install asks for: the commands alone (no bot joins anything).
pub const USER_SCOPES: &[&str] = &["applications.commands"];

/// The link that adds application `app`'s bot to a server.
pub fn url(app: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={app}&integration_type=0&scope={}\
         &permissions={}",
        SCOPES.join("+"),
        permissions().bits()
    )
}

/// The link that adds application `app` to a person's account (a user install; the developer
/// portal must have User Install turned on, see the README's owner guide).
pub fn user_url(app: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={app}&integration_type=1&scope={}",
        USER_SCOPES.join("+")
    )
}

/// What `pakka invite` says: the two links of application `app`, the server one with the
/// scopes and the names of the permissions it asks for.
pub fn message(app: u64) -> Msg {
    msg!(
        "cli-invite",
        url = verbatim(url(app)),
        user_url = verbatim(user_url(app)),
        scopes = verbatim(SCOPES.join(", ")),
        permissions = list(super::permissions::all().1, key!("sep-comma"))
    )
}

/// The application id of the bot whose token `config` holds, as Discord answers it.
pub async fn application_id(config: &Config) -> Result<u64, serenity::Error> {
    let client = super::rest::Rest::client(config.proxy_speaks_http2())?;
    let mut http = serenity::HttpBuilder::new(&config.token).client(client);
    if let Some(proxy) = &config.http_proxy {
        http = http.proxy(proxy.as_str()).ratelimiter_disabled(true);
    }
    let info = http.build().get_current_application_info().await?;
    Ok(info.id.get())
}

#[cfg(test)]
mod tests {
    //! `pakka invite`'s links: the server one asks for the two scopes and the seven permissions
    //! pakka needs; the account one for the commands alone.

    use super::*;

    #[test]
    fn the_link_asks_for_the_two_scopes_and_the_seven_permissions() {
        // View Channel 1<<10, Send Messages 1<<11, Embed Links 1<<14, Attach Files 1<<15,
        // Read Message History 1<<16, Create Public Threads 1<<35, Send Messages in Threads
        // 1<<38, summed by hand.
        assert_eq!(permissions().bits(), 309_237_763_072);
        assert_eq!(
            url(42),
            "https://discord.com/oauth2/authorize?client_id=42&integration_type=0\
             &scope=bot+applications.commands&permissions=309237763072"
        );
        assert_eq!(
            user_url(42),
            "https://discord.com/oauth2/authorize?client_id=42&integration_type=1\
             &scope=applications.commands"
        );
    }
}
