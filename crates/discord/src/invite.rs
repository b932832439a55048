//! `pakka invite`: the OAuth2 link that adds the bot to a server with exactly what it needs.
//! The scopes are `bot` (a member that reads and writes in the channels) and
//! `applications.commands` (the slash commands); the permissions are the ones its calls need
//! and no more: see the channels and read back its own recent messages (a follow-up Discord
//! may have made after a failure), send messages with a picture (an attachment shown by an
//! embed), and open a table in a thread of its own (`/play thread:true`) and write there. No
//! privileged gateway intent is asked for. The application id is read from Discord with the
//! bot's token (through `DISCORD_HTTP_PROXY` when set), so the link is the token's own bot.

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

/// The invite link of application `app`.
pub fn url(app: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={app}&scope={}&permissions={}",
        SCOPES.join("+"),
        permissions().bits()
    )
}

/// What `pakka invite` says: the link of application `app`, with the scopes and the names of
/// the permissions it asks for.
pub fn message(app: u64) -> Msg {
    msg!(
        "cli-invite",
        url = verbatim(url(app)),
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
    //! `pakka invite`'s link: it asks for the two scopes and the seven permissions pakka needs.

    use super::*;

    #[test]
    fn the_link_asks_for_the_two_scopes_and_the_seven_permissions() {
        // View Channel 1<<10, Send Messages 1<<11, Embed Links 1<<14, Attach Files 1<<15,
        // Read Message History 1<<16, Create Public Threads 1<<35, Send Messages in Threads
        // 1<<38, summed by hand.
        assert_eq!(permissions().bits(), 309_237_763_072);
        assert_eq!(
            url(42),
            "https://discord.com/oauth2/authorize?client_id=42\
             &scope=bot+applications.commands&permissions=309237763072"
        );
    }
}
