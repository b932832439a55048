//! The pictures on the bot's messages: the public table message carries a picture of the
//! table, each private hand a picture of that hand, drawn by the `render` layer from the
//! views the table service hands out (`TableView::picture` is the public view's scene,
//! `HandView::picture` the seat's own), never from a game state. A server can turn pictures
//! off (`/settings images:false`); the text is always there beside them (screen readers,
//! search, narrow clients). Drawing runs on drawing threads of a lower priority, off the async
//! workers, one per core, from a short queue (a full queue means no picture this time), and an
//! answer never waits for it more than `DRAW_WAIT`; a picture that fails to draw is logged and
//! the message goes out without it. The drawing threads' CPU time is counted apart
//! (`admission::background`): it gives way to the clicks, so it does not make the cores
//! look behind.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::data::Data;
use super::render::{Image, Reply};
use super::words::Lang;
use pakka_render::CatalogWords;
use pakka_table::{HandView, TableView};

/// The attachment names: one picture per message.
pub const TABLE_FILE: &str = "table.png";
pub const HAND_FILE: &str = "hand.png";

/// The picture of a table for its public message (in the server's language), when the game has
/// begun and the server has pictures on.
pub(super) async fn table(data: &Data, view: &TableView) -> Option<Image> {
    let lang = data.guild_lang(view.guild_id).await;
    table_in(data, view, lang).await
}

/// The picture of a table in `lang` (a private replay's is in its reader's language), when the
/// game has begun and the server has pictures on.
pub(super) async fn table_in(data: &Data, view: &TableView, lang: Lang) -> Option<Image> {
    let scene = view.picture.clone()?;
    if !data.images_on(view.guild_id).await {
        return None;
    }
    let names = data.picture_names(&view.seats, lang);
    let game = view.game_name();
    draw(TABLE_FILE, move || {
        pakka_render::table(
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

/// The picture of a seat's hand for its private message, in its reader's language (the
/// hand's roster names the seats and the server whose setting counts).
pub(super) async fn hand(data: &Data, hand: &HandView, lang: Lang) -> Option<Image> {
    let scene = hand.picture.clone()?;
    if !data.images_on(hand.roster.guild_id).await {
        return None;
    }
    let names = data.picture_names(&hand.roster.seats, lang);
    draw(HAND_FILE, move || {
        pakka_render::hand(
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

/// Pictures waiting to be drawn, per drawing thread: beyond this a picture is not drawn at all.
const QUEUE_PER_DRAWER: usize = 4;

type Job = Box<dyn FnOnce() + Send>;

/// The drawing threads: one per core, fed from one bounded queue, each at a lower scheduling
/// priority than the bot's async workers. Drawing is all computation; at the same priority a
/// busy drawer takes its share of a core from the answers to clicks, and a bot far behind
/// would answer late. Lowered, drawing gets what the answers leave, the queue fills, and a
/// bot far behind sheds pictures, not answers (the next update brings a picture again).
fn drawers() -> Option<&'static std::sync::mpsc::SyncSender<Job>> {
    static DRAWERS: std::sync::OnceLock<Option<std::sync::mpsc::SyncSender<Job>>> =
        std::sync::OnceLock::new();
    DRAWERS
        .get_or_init(|| {
            let cores = std::thread::available_parallelism().map_or(1, usize::from);
            let (jobs, queue) = std::sync::mpsc::sync_channel::<Job>(QUEUE_PER_DRAWER * cores);
            let queue = Arc::new(Mutex::new(queue));
            let mut started = 0;
            for i in 0..cores {
                let queue = queue.clone();
                let spawned = std::thread::Builder::new()
                    .name(format!("pakka-draw-{i}"))
                    .spawn(move || {
                        lower_priority();
                        loop {
                            let job = match queue.lock() {
                                Ok(queue) => queue.recv(),
                                Err(_) => return,
                            };
                            match job {
                                Ok(job) => {
                                    let before = super::admission::thread_cpu();
                                    job();
                                    let cpu = super::admission::thread_cpu().saturating_sub(before);
                                    super::admission::background(cpu);
                                }
                                Err(_) => return,
                            }
                        }
                    });
                match spawned {
                    Ok(_) => started += 1,
                    Err(e) => tracing::error!(error = %e, "could not start a drawing thread"),
                }
            }
            (started > 0).then_some(jobs)
        })
        .as_ref()
}

/// Lowers the calling thread's scheduling priority (nice 10; Linux keeps one per thread).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority with `who` 0 changes only the calling thread's nice value; it reads
    // and writes no memory of ours.
    let lowered = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, 10) } == 0;
    #[cfg(not(target_os = "linux"))]
    let lowered = true;
    if !lowered {
        tracing::warn!("could not lower a drawing thread's priority");
    }
}

async fn draw(
    file: &'static str,
    work: impl FnOnce() -> Result<pakka_render::Png, pakka_render::RenderError> + Send + 'static,
) -> Option<Image> {
    let kind = if file == TABLE_FILE { "table" } else { "hand" };
    let (done, drawn) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let began = std::time::Instant::now();
        // A panic is the drawing's failure, not the thread's end.
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
        if matches!(result, Ok(Ok(_))) {
            pakka_metrics::picture_drawn(kind, began.elapsed());
        }
        let _ = done.send(result);
    });
    match drawers()?.try_send(job) {
        Ok(()) => {}
        Err(std::sync::mpsc::TrySendError::Full(_)) => {
            tracing::debug!(file, "the drawing queue is full; sent the text alone");
            pakka_metrics::picture_shed(kind);
            return None;
        }
        Err(std::sync::mpsc::TrySendError::Disconnected(_)) => {
            tracing::error!(file, "the drawing threads are gone");
            return None;
        }
    }
    let drawn = tokio::time::timeout(DRAW_WAIT, drawn).await;
    let Ok(drawn) = drawn else {
        tracing::warn!(file, "a picture took too long to draw; sent the text alone");
        pakka_metrics::picture_shed(kind);
        return None;
    };
    match drawn {
        Ok(Ok(Ok(png))) => Some(Image {
            file,
            png: Arc::new(png.bytes),
        }),
        Ok(Ok(Err(e))) => {
            tracing::error!(error = %e, file, "could not draw a picture");
            None
        }
        Ok(Err(_)) | Err(_) => {
            tracing::error!(file, "drawing a picture failed");
            None
        }
    }
}

/// A hand's reply with the picture of that hand.
pub(super) async fn with_hand(
    data: &Data,
    hand_view: &HandView,
    reply: Reply,
    lang: Lang,
) -> Reply {
    let image = hand(data, hand_view, lang).await;
    reply.with_image(image)
}

/// A table message with the picture of the table.
pub(super) async fn with_table(data: &Data, view: &TableView, reply: Reply) -> Reply {
    let image = table(data, view).await;
    reply.with_image(image)
}
