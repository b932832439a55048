//! What the operator is told when the bot cannot start on Discord: before the gateway starts,
//! one REST call (the application, which poise reads at start anyway) tells a Discord (or REST
//! proxy) that cannot be reached from a token Discord rejects, each a [`StartError`] worded by
//! the catalog (`cli.ftl`) with what to do about it. Any other answer is left to serenity and
//! poise, which start as before.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use pakka_text::{msg, verbatim, Msg};

/// Why the bot could not start on Discord. `Display` is for logs; `msg` for the operator.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// No answer from Discord or the proxy: the network, DNS, a firewall or the proxy's address.
    #[error("could not reach Discord at {url}: {detail}")]
    Unreachable { url: String, detail: String },
    /// Discord answered 401: the token is wrong or was reset.
    #[error("Discord rejected the token (401 Unauthorized)")]
    TokenRejected,
}

impl StartError {
    /// The problem and what to do, for the operator starting the bot.
    pub fn msg(&self) -> Msg {
        match self {
            StartError::Unreachable { url, detail } => msg!(
                "startup-unreachable",
                url = verbatim(url.clone()),
                detail = verbatim(detail.clone())
            ),
            StartError::TokenRejected => msg!("startup-token-rejected"),
        }
    }
}

/// How long the first call may take before Discord counts as unreachable.
const WAIT: Duration = Duration::from_secs(10);

/// Checks that Discord (or the proxy at `proxy`) answers and accepts the token.
pub(crate) async fn check(http: &serenity::Http, proxy: Option<&str>) -> Result<(), StartError> {
    let url = proxy.unwrap_or("https://discord.com").to_string();
    let answered = tokio::time::timeout(WAIT, http.get_current_application_info()).await;
    match answered {
        Err(_) => Err(StartError::Unreachable {
            url,
            detail: format!("no answer within {WAIT:?}"),
        }),
        Ok(Ok(_)) => Ok(()),
        Ok(Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))))
            if r.status_code.as_u16() == 401 =>
        {
            Err(StartError::TokenRejected)
        }
        Ok(Err(serenity::Error::Http(serenity::HttpError::Request(e)))) => {
            Err(StartError::Unreachable {
                url,
                detail: e.to_string(),
            })
        }
        // Anything else (a 5xx, a proxy's odd answer) is serenity's to handle as before.
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "Discord answered the first call with an error");
            Ok(())
        }
    }
}
