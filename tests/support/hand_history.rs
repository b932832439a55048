//! Every private hand message, version by version, checked as its player saw it: a hand never
//! goes back to an older position than one it already showed, never comes alive again at the
//! position it left (a move made, the game over), and a hand retired ("This hand moved to a
//! newer message.") or closed never gets a live button again. A version's position is the move
//! number its buttons carry (`pk:a:{table}:{move}:…`); a version without buttons shows none.

use super::fake_discord::{FakeDiscord, MessageVersion};
use super::ids::{self, ComponentId};

/// What the en-US catalog says on a hand message replaced by a newer one.
const MOVED: &str = "This hand moved to a newer message.";

/// The position a version's live hand buttons carry, if it has any.
fn position(version: &MessageVersion) -> Option<u64> {
    version
        .components
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|row| row.get("components").and_then(|c| c.as_array()))
        .flatten()
        .filter(|c| !c.get("disabled").and_then(|d| d.as_bool()).unwrap_or(false))
        .filter_map(|c| c.get("custom_id").and_then(|id| id.as_str()))
        .filter_map(move_of)
        .max()
}

/// The move number a hand's button was offered at (a move, a page, a group, a question, a
/// hint); None for any other button.
pub fn move_of(id: &str) -> Option<u64> {
    match ids::parse(id)? {
        ComponentId::Act { mv, .. }
        | ComponentId::Step { mv, .. }
        | ComponentId::Hint { mv, .. } => Some(mv),
        _ => None,
    }
}

/// Whether a version is a hand retired or closed for good.
fn ended(version: &MessageVersion) -> bool {
    version.content == MOVED
        || (version.content.starts_with("The table of") && version.content.ends_with("is closed."))
}

/// Every way a hand message went back, one line each (empty: none did).
pub fn hands_gone_back(fake: &FakeDiscord) -> Vec<String> {
    let mut wrong = Vec::new();
    for message in fake.all_messages().into_iter().filter(|m| m.ephemeral) {
        let versions = message.versions();
        if !versions.iter().any(|v| position(v).is_some()) {
            continue;
        }
        let mut latest: Option<u64> = None;
        // A version without live buttons came after the latest position.
        let mut dark = false;
        let mut retired = false;
        for (n, v) in versions.iter().enumerate() {
            match position(v) {
                Some(_) if retired => wrong.push(format!(
                    "hand message {} came alive again after it was retired or closed (version \
                     {n}: {:?})",
                    message.id, v.content
                )),
                Some(p) if latest.is_some_and(|l| p < l) => wrong.push(format!(
                    "hand message {} went back from move {} to move {p} (version {n})",
                    message.id,
                    latest.unwrap_or_default()
                )),
                Some(p) if latest == Some(p) && dark => wrong.push(format!(
                    "hand message {} came alive again at move {p}, which it had left (version \
                     {n}: {:?})",
                    message.id, v.content
                )),
                Some(p) => {
                    dark = false;
                    latest = Some(p);
                }
                None => dark = true,
            }
            retired |= ended(v);
        }
    }
    wrong
}
