//! pakka's button ids as the tests build and read them: through the Discord edge's own
//! [`ComponentId`] (`pakka::discord::ids`; its `Display` writes a custom_id, its `FromStr`
//! reads one), so that no test spells a custom_id by hand and a change of the wire format
//! changes no test. A test names the button it means (`ComponentId::Hand(table)`), and asks
//! of an id it found which button that is (`matches!(parse(id), Some(ComponentId::Act { .. }))`).
//! The ids a test writes by hand on purpose (forged or malformed ones, or ids kept from an
//! older release) say why where they are written.

pub use pakka::discord::ids::{ComponentId, EventAct, HandStep, Nav};

/// The button a custom_id names; None for an id that is not one of pakka's.
pub fn parse(id: &str) -> Option<ComponentId> {
    id.parse().ok()
}

/// The table of a "Show my hand" button's id; None for any other id.
pub fn hand_table(id: &str) -> Option<i64> {
    match parse(id)? {
        ComponentId::Hand(table) => Some(table),
        _ => None,
    }
}

/// The kind of button a custom_id names, as `ComponentId::kind` names it ("hand", "act",
/// "hint", …); None for an id that is not one of pakka's.
pub fn kind(id: &str) -> Option<&'static str> {
    parse(id).map(|c| c.kind())
}
