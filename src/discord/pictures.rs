//! The pictures on the bot's messages: the public table message carries a picture of the
//! table, each private hand a picture of that hand, drawn by the `render` layer from the
//! views the table service hands out (`TableView::picture` is the public view's scene,
//! `HandView::picture` the seat's own), never from a game state. A server can turn pictures
//! off (`/settings images:false`); the text is always there beside them (screen readers,
//! search, narrow clients). Drawing runs on a blocking thread, off the async workers, one
//! picture per core at a time, and an answer never waits for it more than `DRAW_WAIT`; a picture that fails to draw is logged and
//! the message goes out without it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::render::{Image, Reply};
use super::words::{Lang, SeatNames};
use super::Data;
use crate::render::{self, CatalogWords};
use crate::table::{GuildId, HandView, TableView};

/// The attachment names: one picture per message.
pub const TABLE_FILE: &str = "table.png";
pub const HAND_FILE: &str = "hand.png";

/// Each server's pictures setting as last read or set (the store has the truth).
#[derive(Clone, Default)]
pub struct ImagesSetting(Arc<Mutex<HashMap<GuildId, bool>>>);

impl ImagesSetting {
    fn get(&self, guild: GuildId) -> Option<bool> {
        self.0.lock().ok()?.get(&guild).copied()
    }

    pub fn set(&self, guild: GuildId, on: bool) {
        if let Ok(mut map) = self.0.lock() {
            map.insert(guild, on);
        }
    }
}

impl Data {
    /// Whether this server's messages carry pictures.
    pub(super) async fn images_on(&self, guild: GuildId) -> bool {
        if let Some(on) = self.images.get(guild) {
            return on;
        }
        let on = self.service.images_default(guild).await;
        self.images.set(guild, on);
        on
    }

    fn picture_names(&self, view: &TableView, lang: Lang) -> SeatNames {
        let names = self.names.lock().map(|n| n.clone()).unwrap_or_default();
        SeatNames::picture(view, &names, lang)
    }
}

/// The picture of a table for its public message (in the server's language), when the game has
/// begun and the server has pictures on.
pub(super) async fn table(data: &Data, view: &TableView) -> Option<Image> {
    let scene = view.picture.clone()?;
    if !data.images_on(view.guild_id).await {
        return None;
    }
    let lang = data.guild_lang(view.guild_id).await;
    let names = data.picture_names(view, lang);
    let game = view.game_name();
    draw(TABLE_FILE, move || {
        render::table(
            &scene,
            &game,
            &CatalogWords {
                lang,
                names: &names,
            },
        )
    })
    .await
}

/// The picture of a seat's hand for its private message (`view`: its table), in its reader's
/// language.
pub(super) async fn hand(
    data: &Data,
    view: &TableView,
    hand: &HandView,
    lang: Lang,
) -> Option<Image> {
    let scene = hand.picture.clone()?;
    if !data.images_on(view.guild_id).await {
        return None;
    }
    let names = data.picture_names(view, lang);
    draw(HAND_FILE, move || {
        render::hand(
            &scene,
            &CatalogWords {
                lang,
                names: &names,
            },
        )
    })
    .await
}

/// How long an answer waits for its picture: an interaction must be answered within 3 s, so a
/// picture later than this (a machine far behind) is left out and the text goes alone; the
/// next update brings a picture again.
const DRAW_WAIT: Duration = Duration::from_millis(1200);

/// Pictures drawn at once: one per core. Drawing is all computation, so more at once would
/// only slow every answer down (the async workers share the cores); a picture that cannot start
/// within `DRAW_WAIT` is not drawn at all, so a bot far behind sheds pictures, not answers.
fn drawers() -> Arc<tokio::sync::Semaphore> {
    static DRAWERS: std::sync::OnceLock<Arc<tokio::sync::Semaphore>> = std::sync::OnceLock::new();
    DRAWERS
        .get_or_init(|| {
            let cores = std::thread::available_parallelism().map_or(1, usize::from);
            Arc::new(tokio::sync::Semaphore::new(cores))
        })
        .clone()
}

async fn draw(
    file: &'static str,
    work: impl FnOnce() -> Result<render::Png, render::RenderError> + Send + 'static,
) -> Option<Image> {
    let drawing = async {
        let permit = drawers().acquire_owned().await;
        tokio::task::spawn_blocking(move || {
            // Held while drawing, even when the answer stopped waiting.
            let _permit = permit;
            work()
        })
        .await
    };
    let drawn = tokio::time::timeout(DRAW_WAIT, drawing).await;
    let Ok(drawn) = drawn else {
        tracing::warn!(file, "a picture took too long to draw; sent the text alone");
        return None;
    };
    match drawn {
        Ok(Ok(png)) => Some(Image {
            file,
            png: Arc::new(png.bytes),
        }),
        Ok(Err(e)) => {
            tracing::error!(error = %e, file, "could not draw a picture");
            None
        }
        Err(e) => {
            tracing::error!(error = %e, file, "the picture's drawing thread failed");
            None
        }
    }
}

/// A hand's reply with the picture of that hand (its table read for the server's setting and
/// the seats' names).
pub(super) async fn with_hand(
    data: &Data,
    hand_view: &HandView,
    reply: Reply,
    lang: Lang,
) -> Reply {
    let image = match data.service.view(hand_view.table).await {
        Ok(view) => hand(data, &view, hand_view, lang).await,
        Err(_) => None,
    };
    reply.with_image(image)
}

/// A table message with the picture of the table.
pub(super) async fn with_table(data: &Data, view: &TableView, reply: Reply) -> Reply {
    let image = table(data, view).await;
    reply.with_image(image)
}
