//! What a message is, as a plain value: its content, its rows of buttons, whether only the
//! clicking user sees it, whom it notifies and its picture, within Discord's limits (content
//! ≤ 2,000 characters, ≤ 5 rows of ≤ 5 buttons, labels ≤ 80 characters). `render` words them
//! from the table service's views; `send` turns them into serenity's builders. Nothing here
//! knows a word of the catalog.

use serde::Serialize;

use super::ids::ComponentId;

pub const MAX_CONTENT: usize = 2000;
pub const MAX_LABEL: usize = 80;
/// The longest address a link button may open.
pub const MAX_URL: usize = 512;
pub const MAX_BUTTONS: usize = 25;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
    /// A link: Discord opens `Button::url` and tells the bot nothing.
    Link,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Button {
    /// The custom_id a click comes back with; empty for a link.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub id: String,
    pub label: String,
    pub style: Style,
    /// Shown greyed out and not clickable (a replay's ◀ at its first step).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub disabled: bool,
    /// A link's address (style `Link`); None for every other button.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

impl Button {
    pub(crate) fn new(id: ComponentId, label: &str, style: Style) -> Button {
        Button {
            id: id.to_string(),
            label: clip(label, MAX_LABEL),
            style,
            disabled: false,
            url: None,
        }
    }
}

/// A picture attached to a message and shown in its embed (`attachment://<file>`), drawn by
/// the `render` layer from the same view as the text beside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// The attachment's file name.
    pub file: &'static str,
    pub png: std::sync::Arc<Vec<u8>>,
}

/// Snapshots name the file only.
impl Serialize for Image {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.file)
    }
}

/// One message: its content, its buttons, whether only the clicking user sees it, the users
/// it should notify, and its picture.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Reply {
    pub content: String,
    pub rows: Vec<Vec<Button>>,
    pub ephemeral: bool,
    pub ping: Vec<u64>,
    /// `None`: no picture (an edit takes an earlier one away).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<Image>,
}

impl Reply {
    pub(crate) fn new(content: String) -> Reply {
        Reply {
            content: clip(&content, MAX_CONTENT),
            ..Reply::default()
        }
    }

    pub(crate) fn ephemeral(mut self) -> Reply {
        self.ephemeral = true;
        self
    }

    pub(crate) fn buttons(mut self, buttons: Vec<Button>) -> Reply {
        self.rows = buttons.chunks(5).map(<[Button]>::to_vec).collect();
        self
    }

    /// The reply with a picture.
    pub fn with_image(mut self, image: Option<Image>) -> Reply {
        self.image = image;
        self
    }

    pub fn button_count(&self) -> usize {
        self.rows.iter().map(Vec::len).sum()
    }
}

/// Cuts text to `max` characters, marking the cut: at the end of its last whole line when it
/// has lines (a long match's result), so no name or number is cut in two.
pub(crate) fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    if let Some(end) = cut.rfind('\n').filter(|&at| at > 0) {
        cut.truncate(end + 1);
    }
    cut.push('…');
    cut
}
