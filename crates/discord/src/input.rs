//! The checks every input from Discord passes before it reaches the table service, beside the
//! ones the service makes itself (the game, its options and seat counts, inviting oneself, a
//! bot, or someone twice; the limits of open tables). Discord's client keeps options within
//! their declared ranges, but an interaction can say anything, so every range is checked again
//! here; people named by `/play` and `/invite` must be members who can see the channel and not
//! pakka itself. Each refusal is a typed `BadInput` with its own catalog sentence, and nothing
//! is changed by it. Text a person typed is echoed back clipped.

use poise::serenity_prelude as serenity;

use pakka_table::Seat;
use pakka_text::msg;
use pakka_text::{seat, Msg};

/// The largest seed a slash command can carry faithfully (a JSON number is a double); random
/// seeds stay below it too.
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// A turn timer's range in minutes, as `/play` declares it.
pub const TURN_TIMER: (u32, u32) = (1, 1440);
/// The longest options text read (the longest real one is far shorter).
pub const MAX_OPTIONS: usize = 200;
/// How much of a person's text a refusal echoes.
pub const ECHO: usize = 40;

/// An input refused before anything is done with it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadInput {
    #[error("seed {0} is beyond {MAX_SEED}")]
    Seed(u64),
    #[error("turn timer of {0} minutes is out of range")]
    TurnTimer(u32),
    #[error("options text of {0} characters")]
    OptionsTooLong(usize),
    /// pakka itself was named at `seat`.
    #[error("pakka itself named at seat {0}")]
    InviteMe(Seat),
    /// The person named at `seat` is not a member of the server.
    #[error("the person at seat {0} is not a member of the server")]
    NotMember(Seat),
    /// The person named at `seat` cannot see the channel.
    #[error("the person at seat {0} cannot see the channel")]
    CannotSee(Seat),
    /// A person was named at `seat` in the DM with pakka, where nobody else can join.
    #[error("the person at seat {0} was named in the DM with pakka")]
    InDmWithMe(Seat),
}

impl BadInput {
    /// The refusal for the person who sent it; seats name the people of their request.
    pub fn msg(&self) -> Msg {
        match self {
            BadInput::Seed(_) => msg!("discord-seed-range", max = MAX_SEED),
            BadInput::TurnTimer(_) => msg!(
                "discord-turn-timer-range",
                min = TURN_TIMER.0,
                max = TURN_TIMER.1
            ),
            BadInput::OptionsTooLong(_) => msg!("discord-options-too-long", max = MAX_OPTIONS),
            BadInput::InviteMe(_) => msg!("discord-invite-me"),
            BadInput::NotMember(s) => msg!("discord-invite-not-member", who = seat(*s)),
            BadInput::CannotSee(s) => msg!("discord-invite-cannot-see", who = seat(*s)),
            BadInput::InDmWithMe(s) => msg!("discord-invite-in-dm", who = seat(*s)),
        }
    }
}

/// A seed that a slash command can replay.
pub fn check_seed(seed: Option<u64>) -> Result<(), BadInput> {
    match seed {
        Some(s) if s > MAX_SEED => Err(BadInput::Seed(s)),
        _ => Ok(()),
    }
}

/// A turn timer within `/play`'s declared range.
pub fn check_turn_timer(minutes: Option<u32>) -> Result<(), BadInput> {
    match minutes {
        Some(m) if !(TURN_TIMER.0..=TURN_TIMER.1).contains(&m) => Err(BadInput::TurnTimer(m)),
        _ => Ok(()),
    }
}

/// An options text short enough to read.
pub fn check_options(text: &str) -> Result<(), BadInput> {
    let n = text.chars().count();
    if n > MAX_OPTIONS {
        return Err(BadInput::OptionsTooLong(n));
    }
    Ok(())
}

/// What an interaction tells of a person it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Not a member of the server (Discord resolved no member for them).
    Absent,
    /// A member; whether they can see the channel, when Discord said.
    Member { sees: Option<bool> },
    /// Named in the DM with pakka, which nobody else can see.
    InDmWithMe,
}

/// The people named, in seat order from seat 1, with their ids and what Discord said of them:
/// neither pakka (`me`) nor anyone who is not a member or cannot see the channel. The table
/// service checks the rest (oneself, bots, the same person twice).
pub fn check_invited(me: u64, named: &[(u64, Presence)]) -> Result<(), BadInput> {
    for (i, &(id, presence)) in named.iter().enumerate() {
        let at = i + 1;
        if id == me {
            return Err(BadInput::InviteMe(at));
        }
        match presence {
            Presence::Absent => return Err(BadInput::NotMember(at)),
            Presence::Member { sees: Some(false) } => return Err(BadInput::CannotSee(at)),
            Presence::InDmWithMe => return Err(BadInput::InDmWithMe(at)),
            Presence::Member { .. } => {}
        }
    }
    Ok(())
}

/// What a command interaction says of a user it names (a user option): a member when it
/// resolved one, with their permissions in the channel. Outside a server there are no members:
/// in a group DM a person Discord resolved is taken as one of the group (the picker offers
/// them; whoever is not there cannot see the lobby to accept), and in the DM with pakka
/// nobody else can join.
pub fn presence(interaction: &serenity::CommandInteraction, user: serenity::UserId) -> Presence {
    if interaction.guild_id.is_none() {
        if interaction.context == Some(serenity::InteractionContext::BotDm) {
            return Presence::InDmWithMe;
        }
        return if interaction.data.resolved.users.contains_key(&user) {
            Presence::Member { sees: None }
        } else {
            Presence::Absent
        };
    }
    match interaction.data.resolved.members.get(&user) {
        None => Presence::Absent,
        Some(member) => Presence::Member {
            sees: member.permissions.map(|p| p.view_channel()),
        },
    }
}

/// A person's text as a refusal echoes it: the first `ECHO` characters, on one line.
pub fn echo(text: &str) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let one_line = one_line.trim();
    if one_line.chars().count() <= ECHO {
        return one_line.to_string();
    }
    let mut cut: String = one_line.chars().take(ECHO - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    //! The checks on input from Discord: option ranges are checked again, people named must be
    //! members who see the channel and not pakka itself, and text echoed back is short and on one
    //! line.

    use super::*;
    use pakka_catalog::en;

    #[test]
    fn ranges_are_checked_again() {
        assert_eq!(check_seed(None), Ok(()));
        assert_eq!(check_seed(Some(MAX_SEED)), Ok(()));
        assert_eq!(check_seed(Some(u64::MAX)), Err(BadInput::Seed(u64::MAX)));
        assert_eq!(check_turn_timer(Some(1)), Ok(()));
        assert_eq!(check_turn_timer(Some(1440)), Ok(()));
        assert_eq!(check_turn_timer(Some(0)), Err(BadInput::TurnTimer(0)));
        assert_eq!(check_turn_timer(Some(1441)), Err(BadInput::TurnTimer(1441)));
        assert_eq!(check_options(&"x".repeat(200)), Ok(()));
        assert_eq!(
            check_options(&"é".repeat(201)),
            Err(BadInput::OptionsTooLong(201))
        );
        assert_eq!(
            en(&BadInput::Seed(u64::MAX).msg()),
            "The seed must be a whole number from 0 to 9007199254740991."
        );
        assert_eq!(
            en(&BadInput::TurnTimer(0).msg()),
            "The turn timer must be from 1 to 1440 minutes."
        );
    }

    #[test]
    fn people_named_are_members_who_see_the_channel_and_not_pakka() {
        let member = Presence::Member { sees: Some(true) };
        let unknown = Presence::Member { sees: None };
        assert_eq!(check_invited(9, &[(1, member), (2, unknown)]), Ok(()));
        assert_eq!(
            check_invited(9, &[(1, member), (9, member)]),
            Err(BadInput::InviteMe(2))
        );
        assert_eq!(
            check_invited(9, &[(1, Presence::Absent)]),
            Err(BadInput::NotMember(1))
        );
        assert_eq!(
            check_invited(
                9,
                &[(1, member), (3, Presence::Member { sees: Some(false) })]
            ),
            Err(BadInput::CannotSee(2))
        );
    }

    #[test]
    fn echoes_are_short_and_on_one_line() {
        assert_eq!(echo("  kop "), "kop");
        assert_eq!(echo("a\nb\u{0}c"), "a b c");
        let long = echo(&"ä".repeat(6000));
        assert_eq!(long.chars().count(), ECHO);
        assert!(long.ends_with('…'));
    }
}
