//! Where an interaction comes from, as far as the bot's reach goes. pakka is installed to a
//! server (its bot is a member, and posts in the server's channels through the channel routes)
//! or to a person's account ("Add to My Apps": its commands then work in that person's DMs,
//! group DMs and in any server, with or without the bot). Discord says which with every
//! interaction: its `context` (a server, a DM with the bot, another private channel) and who
//! authorised it (`authorizing_integration_owners`: a server install names its server, a user
//! install its person). Where the bot is not a member (a group DM, a server without it) and in
//! a DM with it, a table lives on its interactions alone: [`Reach::Interactions`], and the
//! transport floor never calls a channel route there (`public::Channels`).
//!
//! A place is also where records are kept: a server's id, or, in a DM or a group DM (which
//! belong to no server), the channel's own id ([`place_id`]). Discord's ids are unique across
//! kinds, so a channel's id never names a server; a table whose server id is its channel id
//! is a private channel's ([`is_private`]).

use poise::serenity_prelude as serenity;
use serenity::{AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, InteractionContext};

/// How the bot reaches an interaction's channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// A channel of a server that installed the bot: its channel routes work.
    Channel,
    /// A DM, a group DM or a server without the bot: the interactions' own routes only (a
    /// command's or a click's answer, its follow-ups, and edits through a live token).
    Interactions,
}

/// The reach of an interaction with this `context`, these owners, in server `guild` (none in
/// a DM or group DM). An interaction that names no context (Discord sent none before user
/// installs existed) is a server's, as before.
pub(crate) fn reach_of(
    context: Option<InteractionContext>,
    owners: &AuthorizingIntegrationOwners,
    guild: Option<serenity::GuildId>,
) -> Reach {
    match context {
        None => Reach::Channel,
        Some(InteractionContext::Guild) => {
            let installed_here = owners.0.iter().any(|owner| {
                matches!(owner, AuthorizingIntegrationOwner::GuildInstall(Some(g)) if Some(*g) == guild)
            });
            if installed_here {
                Reach::Channel
            } else {
                Reach::Interactions
            }
        }
        Some(_) => Reach::Interactions,
    }
}

/// The place whose records an interaction's table keeps: its server, or in a DM or a group DM
/// the channel itself.
pub(crate) fn place_id(guild: Option<serenity::GuildId>, channel: serenity::ChannelId) -> u64 {
    guild.map_or(channel.get(), |g| g.get())
}

/// The locale a place's public messages take from an interaction: its server's, or in a DM or a
/// group DM (no server) that of whoever spoke there last (`locale`, when Discord gave one).
pub(crate) fn locale_of<'a>(
    guild: Option<serenity::GuildId>,
    locale: &'a str,
    guild_locale: Option<&'a str>,
) -> Option<&'a str> {
    match guild {
        Some(_) => guild_locale,
        None => Some(locale).filter(|l| !l.is_empty()),
    }
}

/// Whether a table's place (`guild`, as stored) is a DM or a group DM (`channel`'s own).
pub(crate) fn is_private(guild: u64, channel: u64) -> bool {
    guild == channel
}

#[cfg(test)]
mod tests {
    //! An interaction's reach from its context and owners, and its place.

    use super::*;

    fn owners(list: Vec<AuthorizingIntegrationOwner>) -> AuthorizingIntegrationOwners {
        AuthorizingIntegrationOwners(list)
    }

    #[test]
    fn only_a_server_that_installed_the_bot_is_reached_through_its_channels() {
        let guild = serenity::GuildId::new(7);
        let person = serenity::UserId::new(9);
        let server = owners(vec![AuthorizingIntegrationOwner::GuildInstall(Some(guild))]);
        let user = owners(vec![AuthorizingIntegrationOwner::UserInstall(person)]);
        let guild_ctx = Some(InteractionContext::Guild);
        assert_eq!(reach_of(guild_ctx, &server, Some(guild)), Reach::Channel);
        assert_eq!(reach_of(guild_ctx, &user, Some(guild)), Reach::Interactions);
        // Installed to another server: not this one.
        let other = owners(vec![AuthorizingIntegrationOwner::GuildInstall(Some(
            serenity::GuildId::new(8),
        ))]);
        assert_eq!(
            reach_of(guild_ctx, &other, Some(guild)),
            Reach::Interactions
        );
        for private in [
            InteractionContext::BotDm,
            InteractionContext::PrivateChannel,
        ] {
            assert_eq!(reach_of(Some(private), &user, None), Reach::Interactions);
        }
        // No context named: a server's interaction, as before user installs.
        assert_eq!(reach_of(None, &owners(vec![]), Some(guild)), Reach::Channel);
    }

    #[test]
    fn a_dm_keeps_its_records_under_its_own_channel() {
        let channel = serenity::ChannelId::new(42);
        assert_eq!(place_id(None, channel), 42);
        assert_eq!(place_id(Some(serenity::GuildId::new(7)), channel), 7);
        assert!(is_private(42, 42) && !is_private(7, 42));
    }

    #[test]
    fn a_dm_speaks_the_language_of_whoever_spoke_there_last() {
        let guild = Some(serenity::GuildId::new(7));
        assert_eq!(locale_of(guild, "fi", Some("en-US")), Some("en-US"));
        assert_eq!(locale_of(guild, "fi", None), None);
        assert_eq!(locale_of(None, "fi", None), Some("fi"));
        assert_eq!(locale_of(None, "", None), None);
    }
}
