//! What a handler's own answer put in the chat, kept where the subscriber finds it: a player's
//! open hand (the private message a click answered, remembered with its freshest token so the
//! subscriber keeps it up to date; an older hand message of the same player retired), and the
//! table message a command or click posted when a game started. Handlers write here and the
//! subscriber (`listen`, `upkeep`) reads; neither calls the other, and neither waits for the
//! other. A hand a handler answered (a page, a step, "Show my hand") at a position a later move
//! has already passed is brought up to date here, by the same edit the subscriber makes
//! (`catch_up`), so an answer that lands late never leaves an older position standing.

use poise::serenity_prelude as serenity;
use serenity::builder::Builder as _;

use super::data::Data;
use super::pictures;
use super::public::Posted;
use super::render::{self, HandStep};
use super::retry::{self, Failure};
use super::words::Lang;
use pakka_table::{Phase, TableId, TableView, UserId};

/// Remembers the hand message a click answered (`message`, edited through `token`) as the
/// player's open hand at `table` (of server `guild`); an older hand message of theirs loses its buttons. A hand
/// answered with its game's end (`over`) owes nothing more and is not kept.
pub(super) async fn remember(
    ctx: &serenity::Context,
    data: &Data,
    (table, guild): (TableId, u64),
    user: UserId,
    token: &str,
    message: u64,
    over: bool,
) {
    let old = data.tables.remember_hand(table, user, token, message);
    // The click was answered: its token may post the table's public messages for a while.
    data.tables.heard_voice(table, token);
    // The game's end may have forgotten the table's hands already: remembered now, this one
    // would be kept for good.
    if over {
        data.tables.forget_hand(table, user, token);
    }
    if old.is_some() {
        let lang = data.user_lang(user, guild).await;
        retire_hand(ctx, old, lang).await;
    }
}

/// A hand a handler answered at move `shown`: while the table has heard of a later move, the
/// open hand is read again and edited to it, as the subscriber edits every hand. (The
/// subscriber edits it too when it shows that move; whichever edit lands last shows the
/// latest position, since each reads the hand after the move it follows.)
pub(super) async fn catch_up(
    ctx: &serenity::Context,
    data: &Data,
    table: TableId,
    user: UserId,
    mut shown: u64,
) {
    // A few rounds at the most: each is a move made while the last edit was under way.
    for _ in 0..4 {
        if data.tables.latest_move(table) <= shown {
            return;
        }
        let Some(token) = data.tables.open_hand(table, user) else {
            return;
        };
        let Ok(hand) = data.service.hand(table, user).await else {
            return;
        };
        shown = hand.move_number;
        let lang = data.user_lang(user, hand.roster.guild_id).await;
        let names = data.seat_names(&hand.roster.seats, lang);
        let reply = render::hand(&hand, HandStep::Page(0), &names)
            .with_image(pictures::hand(data, &hand, lang).await);
        if matches!(
            edit_hand(ctx, &token, &reply).await,
            Some(Failure::Gone | Failure::Expired)
        ) {
            data.tables.forget_hand(table, user, &token);
            return;
        }
    }
}

/// Edits an open hand through its interaction token; answers why it failed, if it did (a
/// token expired is `Expired`, a hand message gone `Gone`, logged once here).
pub(super) async fn edit_hand(
    ctx: &serenity::Context,
    token: &str,
    reply: &render::Reply,
) -> Option<Failure> {
    let edit = super::send::edit_response(reply);
    let edited = retry::again(retry::Route::OriginalEdit, "edit an open hand", || {
        edit.clone().execute(&ctx.http, token)
    })
    .await;
    let e = edited.err()?;
    retry::report(&e, "an open hand", "the hand is forgotten");
    Some(e.kind)
}

/// Takes the buttons off an older hand message of the same player (a new one replaced it).
pub(super) async fn retire_hand(ctx: &serenity::Context, token: Option<String>, lang: Lang) {
    if let Some(token) = token {
        edit_hand(ctx, &token, &render::hand_moved(lang)).await;
    }
}

/// A table message was posted by a handler's answer (a game started from a lobby, `/play`, a
/// rematch, `/resume`): remembered here and in the edge's stored messages, where the
/// subscriber finds it.
pub(super) async fn table_message_posted(data: &Data, view: &TableView, message: Posted) {
    let order = data.tables.order(view.id);
    let mut shown = order.shown.lock().await;
    let id = message.id;
    shown.message = Some(message);
    shown.move_number = Some(view.move_number);
    if view.phase == Phase::Playing {
        shown.start_posted = true;
    }
    drop(shown);
    order.next.notify_waiters();
    if let Err(e) = data.messages.set_message(view.id, id).await {
        tracing::warn!(error = %e, "could not remember the table message");
    }
}
