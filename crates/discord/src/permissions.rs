//! The channel permissions a table needs, checked before `/play` opens one: Discord tells every
//! interaction what the bot may do in its channel (`app_permissions`), so a table that could
//! not post or edit its messages there is not opened, and the person who asked is told which
//! permissions the bot lacks, by their names in Discord's settings (the catalog's
//! `permission-*`), and where a server manager grants them. What a table needs: to see the
//! channel, send messages and read its history (to check whether a message was made after a
//! failure); embed links and attach files when the server has pictures on; and in a thread of
//! its own, to create public threads and send messages in them.

use poise::serenity_prelude as serenity;
use serenity::Permissions;

use pakka_text::{key, list, msg, Msg};

/// Each permission a table may need, with its name in the catalog.
const NEEDED: &[(Permissions, &str)] = &[
    (Permissions::VIEW_CHANNEL, key!("permission-view-channel")),
    (Permissions::SEND_MESSAGES, key!("permission-send-messages")),
    (
        Permissions::READ_MESSAGE_HISTORY,
        key!("permission-read-message-history"),
    ),
    (Permissions::EMBED_LINKS, key!("permission-embed-links")),
    (Permissions::ATTACH_FILES, key!("permission-attach-files")),
    (
        Permissions::CREATE_PUBLIC_THREADS,
        key!("permission-create-public-threads"),
    ),
    (
        Permissions::SEND_MESSAGES_IN_THREADS,
        key!("permission-send-messages-in-threads"),
    ),
];

/// The permissions a table needs: always the first three; pictures add links and files; a
/// thread of its own adds the thread permissions.
fn needed(pictures: bool, thread: bool) -> Permissions {
    let mut needed =
        Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES | Permissions::READ_MESSAGE_HISTORY;
    if pictures {
        needed |= Permissions::EMBED_LINKS | Permissions::ATTACH_FILES;
    }
    if thread {
        needed |= Permissions::CREATE_PUBLIC_THREADS | Permissions::SEND_MESSAGES_IN_THREADS;
    }
    needed
}

/// Everything any table may need: what `pakka invite` asks for, each permission's name from
/// the catalog.
pub(crate) fn all() -> (Permissions, Vec<Msg>) {
    let names = NEEDED
        .iter()
        .map(|(_, name)| Msg::new(name, Vec::new()))
        .collect();
    (needed(true, true), names)
}

/// What the bot lacks of what a table needs (`have`: the interaction's `app_permissions`), as
/// the sentence for the person who asked; None when it lacks nothing. Administrator has all.
pub(crate) fn lacking(have: Permissions, pictures: bool, thread: bool) -> Option<Msg> {
    let (count, names) = missing(have, needed(pictures, thread))?;
    Some(msg!(
        "discord-missing-permissions",
        count = count,
        permissions = names
    ))
}

/// What the bot lacks to go on showing a table in play in the channel of a click (`have`: its
/// `app_permissions`; `in_thread`: the channel is a thread), as the sentence for the player:
/// the table waits until they are given back. None when it lacks nothing.
pub(crate) fn lacking_in_play(have: Permissions, pictures: bool, in_thread: bool) -> Option<Msg> {
    let mut needed = Permissions::VIEW_CHANNEL | Permissions::READ_MESSAGE_HISTORY;
    needed |= if in_thread {
        Permissions::SEND_MESSAGES_IN_THREADS
    } else {
        Permissions::SEND_MESSAGES
    };
    if pictures {
        needed |= Permissions::EMBED_LINKS | Permissions::ATTACH_FILES;
    }
    let (count, names) = missing(have, needed)?;
    Some(msg!(
        "discord-table-waits",
        count = count,
        permissions = names
    ))
}

/// How many of `needed` the bot lacks with `have`, and their names; None when it lacks none.
/// Administrator has all.
fn missing(have: Permissions, needed: Permissions) -> Option<(usize, pakka_text::Arg)> {
    if have.contains(Permissions::ADMINISTRATOR) {
        return None;
    }
    let missing = needed - have;
    if missing.is_empty() {
        return None;
    }
    let names: Vec<Msg> = NEEDED
        .iter()
        .filter(|(p, _)| missing.contains(*p))
        .map(|(_, name)| Msg::new(name, Vec::new()))
        .collect();
    Some((names.len(), list(names, key!("sep-comma"))))
}

#[cfg(test)]
mod tests {
    //! The permissions a table needs: what it uses (files for pictures, threads for a thread),
    //! each lacking one named in the refusal, and what a table in play lacks named in its notice.

    use super::*;

    #[test]
    fn a_table_needs_what_it_uses() {
        let plain = Permissions::VIEW_CHANNEL
            | Permissions::SEND_MESSAGES
            | Permissions::READ_MESSAGE_HISTORY;
        assert!(lacking(plain, false, false).is_none());
        assert!(lacking(plain, true, false).is_some(), "pictures need files");
        assert!(lacking(Permissions::ADMINISTRATOR, true, true).is_none());
        let text = pakka_catalog::en(&lacking(plain, true, true).unwrap());
        let lost = Permissions::VIEW_CHANNEL | Permissions::READ_MESSAGE_HISTORY;
        let waits = pakka_catalog::en(&lacking_in_play(lost, false, false).unwrap());
        assert!(
            waits.contains("this permission here: Send Messages"),
            "{waits}"
        );
        assert!(lacking_in_play(plain, false, false).is_none());
        let in_thread = lacking_in_play(plain, false, true).unwrap();
        assert!(pakka_catalog::en(&in_thread).contains("Send Messages in Threads"));
        for name in [
            "Embed Links",
            "Attach Files",
            "Create Public Threads",
            "Send Messages in Threads",
        ] {
            assert!(text.contains(name), "{text}");
        }
    }
}
