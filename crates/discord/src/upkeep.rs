//! The upkeep of a table's messages after something changed it: the public table message
//! (edited in place; a fresh one per deal, the old deal's removed), the one live turn ping
//! (deleted when the turn passes), the end of a deal and of a game as new messages (a match
//! keeps only its latest result: each removes the one before), the open hands of the players
//! (brought alive on their turn, taken off their buttons when superseded or closed), each from
//! an event of the table service (`show`, called by `listen` in the order of a table's events),
//! and at start the channels of tables that could not be restored. After a plain move the
//! hands are edited first, every hand the move changed (the mover's too, whichever edge or
//! computer made it), and the table message and ping are handed to the table's updater, one task
//! per table that shows the latest of the moves waiting for it; any other change waits for the
//! updater (`flush`) so the channel keeps the table's order. Nothing here answers an
//! interaction, moves a table or runs a clock: `components` and `commands` answer, the table
//! service runs its tables, and this shows what it published.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::builder::Builder as _;

use super::data::Data;
use super::pace::{Lane, Priority};
use super::pictures;
use super::place;
use super::public::{self, Posted};
use super::render::{self, HandStep};
use super::retry::{self, Failure};
use super::shown;
use super::tables::{self, Folded, Ping, Shown, Update};
use super::words::{mention, Plain, SeatNames};
use pakka_table::{
    Acted, Closing, HandView, Phase, TableEvent, TableId, TableView, Unrestorable, UserId,
};
use pakka_text::{key, list_of, msg, verbatim};

/// The moves one update shows: one, or several folded into one (`tables::Work::fold`).
pub(super) struct Moves<'a> {
    /// The people who made them (a person's move, from any edge; none for a computer's).
    movers: &'a [UserId],
    /// The people whose hands the moves before the latest changed.
    earlier: &'a [UserId],
}

/// Brings the chat up to date after an applied move (`moves`: the moves it covers), in the
/// order of the table's events (one worker per table, see `listen`): every hand the moves
/// changed, the movers' own included, whichever edge or computer made them; then the table
/// message and the turn ping. A `passing` move (a computer player's, with another computer
/// player about to move at once) leaves the table message to the move after it: quick computer
/// moves cost one edit, not one each; a deal's end and the game's end are always shown.
pub(super) async fn after_move(
    ctx: &serenity::Context,
    data: &Data,
    acted: &Arc<Acted>,
    moves: Moves<'_>,
    passing: bool,
) {
    let view = &acted.table;
    let order = data.tables.order(view.id);
    if acted.finished {
        flush(ctx, data, view.id).await;
        let mut shown = order.shown.lock().await;
        game_over(ctx, data, &mut shown, acted).await;
        return;
    }
    let mut refresh: Vec<u64> = acted.newly_to_act.clone();
    refresh.extend(&acted.done_acting);
    refresh.extend(moves.earlier);
    refresh.extend(moves.movers);
    if acted.new_deal {
        refresh.extend(view.seats.iter().filter_map(|s| s.user));
    }
    refresh.sort_unstable();
    refresh.dedup();
    // The hands first: the mover waits for theirs, the others for the table message.
    let mut hands = acted.hands.clone();
    if let Some(&mover) = moves.movers.last() {
        if !hands.iter().any(|(u, _)| *u == mover) && view.seat_of(mover).is_some() {
            hands.push((mover, acted.hand.clone()));
        }
    }
    refresh_hands(ctx, data, view, &refresh, &hands).await;
    if !acted.new_deal {
        // The table message and the ping follow in the table's updater, so that the hands of
        // the moves after this one are not held up by the channel's pace; a quick computer
        // move with another to follow leaves them to it.
        if !passing {
            send_update(ctx, data, &order, view.id, Update::Show(acted.clone()));
        }
        return;
    }
    flush(ctx, data, view.id).await;
    let public = data.guild_lang(view.guild_id).await;
    let mut shown = order.shown.lock().await;
    {
        // A match keeps one result and one table message in its channel: the deal's result
        // (the earlier deals one line each) takes the place of the last one, and the new
        // deal's table message that of the old deal's. Each old message goes before its
        // successor is posted, so the channel never holds more than the table message, the
        // latest result and the ping.
        let deal = acted.ended_deal.unwrap_or(1);
        let over = render::deal_over(view, deal, &acted.events, public);
        drop_result(ctx, data, &mut shown, view).await;
        let posted = post_in_table_channel(ctx, data, view, &over, Priority::Person).await;
        remember_result(data, &mut shown, view.id, posted).await;
        if let Some(old) = data.table_message(&shown, view.id).await {
            public::delete(ctx, &data.channels, view.channel_id, &old).await;
            shown.message = None;
        }
        post_table(ctx, data, &mut shown, view).await;
    }
    drop(shown);
    ping(ctx, data, view).await;
}

/// Hands the table's updater an update, starting one when none runs.
fn send_update(
    ctx: &serenity::Context,
    data: &Data,
    order: &tables::Order,
    table: TableId,
    update: Update,
) {
    let mut slot = order.updates.lock().unwrap_or_else(|e| e.into_inner());
    let update = match slot.as_ref() {
        Some(tx) => match tx.send(update) {
            Ok(()) => return,
            // The updater ended (a panic): a new one takes the update.
            Err(gone) => gone.0,
        },
        None => update,
    };
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let _ = tx.send(update);
    *slot = Some(tx);
    tokio::spawn(updater(ctx.clone(), data.clone(), table, rx));
}

/// Waits until the table's updater has shown every plain move handed to it (any other change
/// of the table's messages comes after them).
pub(super) async fn flush(ctx: &serenity::Context, data: &Data, table: TableId) {
    let Some(order) = data.tables.kept_order(table) else {
        return;
    };
    let running = order
        .updates
        .lock()
        .map(|slot| slot.is_some())
        .unwrap_or(false);
    if !running {
        return;
    }
    let (done, flushed) = tokio::sync::oneshot::channel();
    send_update(ctx, data, &order, table, Update::Flushed(done));
    let _ = flushed.await;
}

/// A table's updater: the table message and ping of each plain move handed to it, in order (of
/// those waiting together, only the latest); it ends with the table's order.
async fn updater(
    ctx: serenity::Context,
    data: Data,
    table: TableId,
    mut updates: tokio::sync::mpsc::UnboundedReceiver<Update>,
) {
    let mut held: Option<Update> = None;
    loop {
        let next = match held.take() {
            Some(update) => update,
            None => match updates.recv().await {
                Some(update) => update,
                None => return,
            },
        };
        let mut acted = match next {
            Update::Flushed(done) => {
                let _ = done.send(());
                continue;
            }
            Update::Show(acted) => acted,
        };
        while let Ok(later) = updates.try_recv() {
            match later {
                Update::Show(newer) => acted = newer,
                other => {
                    held = Some(other);
                    break;
                }
            }
        }
        let Some(order) = data.tables.kept_order(table) else {
            continue;
        };
        let view = &acted.table;
        let mut shown = order.shown.lock().await;
        if shown.move_number.is_some_and(|m| m > view.move_number) {
            continue;
        }
        edit_table(&ctx, &data, &mut shown, view).await;
        drop(shown);
        ping(&ctx, &data, view).await;
    }
}

/// Removes the latest result of a match from the channel (this process's, or the one the
/// edge stored before a restart), and forgets it.
async fn drop_result(ctx: &serenity::Context, data: &Data, shown: &mut Shown, view: &TableView) {
    let old = match shown.result.take() {
        Some(old) => Some(old),
        None => data
            .stored_messages(view.id)
            .await
            .result
            .map(Posted::channel),
    };
    if let Some(old) = old {
        public::delete(ctx, &data.channels, view.channel_id, &old).await;
        remember_result(data, shown, view.id, None).await;
    }
}

/// The latest result of a match, remembered here and across restarts (so the next one, or
/// the game's end, removes it).
async fn remember_result(data: &Data, shown: &mut Shown, table: TableId, posted: Option<Posted>) {
    let id = posted.as_ref().map(|p| p.id);
    shown.result = posted;
    if let Err(e) = data.messages.set_result(table, id).await {
        tracing::warn!(error = %e, "could not remember the latest result");
    }
}

/// The end of a game: the table message in its final state with no button, the ping gone, a
/// new message with the result and "Play again", and every open hand in its final state.
async fn game_over(ctx: &serenity::Context, data: &Data, shown: &mut Shown, acted: &Acted) {
    let view = &acted.table;
    edit_table(ctx, data, shown, view).await;
    clear_ping(ctx, data, view).await;
    let record = match data
        .service
        .channel_record(view.channel_id, view.game_id)
        .await
    {
        Ok(record) => record,
        Err(e) => {
            tracing::warn!(error = %e, "could not read the channel's record");
            Vec::new()
        }
    };
    let public = data.guild_lang(view.guild_id).await;
    // A match's last deal joins the lines of the others, and its latest result gives way to
    // the game's, which tells the whole match.
    let mut deals: Vec<pakka_text::Msg> = view.deals.iter().map(render::deal_line).collect();
    if !deals.is_empty() {
        let last = view.status.as_ref().map_or(1, |s| s.deal);
        deals.extend(render::last_deal_line(view, last));
    }
    drop_result(ctx, data, shown, view).await;
    // A tournament's game is followed by the event's next round, not a rematch.
    let over = render::game_over(view, &acted.events, &deals, &record, acted.rematch, public);
    post_in_table_channel(ctx, data, view, &over, Priority::Person).await;
    table_gone(ctx, data, view, &acted.hands).await;
}

/// What the edge keeps of a table that ended, let go: every open hand edited one last time (to
/// its final position in `finals`, else "closed"), the "I'm back" notices' buttons, the order.
async fn table_gone(
    ctx: &serenity::Context,
    data: &Data,
    view: &TableView,
    finals: &[(UserId, Arc<HandView>)],
) {
    for user in data.tables.hand_users(view.id) {
        let lang = data.user_lang(user, view.guild_id).await;
        let reply = match finals.iter().find(|(u, _)| *u == user) {
            Some((_, hand)) => {
                let names = data.seat_names(&hand.roster.seats, lang);
                let reply = render::hand(hand, HandStep::Page(0), &names);
                reply.with_image(pictures::hand(data, hand, lang).await)
            }
            None => render::hand_closed(view, lang),
        };
        shown::lane(data, view.id, user)
            .await
            .close(ctx, &reply)
            .await;
    }
    strip_away_notices(ctx, data, view).await;
    data.tables.forget_order(view.id);
}

/// The "I'm back" notices of a table that ended lose their button.
async fn strip_away_notices(ctx: &serenity::Context, data: &Data, view: &TableView) {
    for message in data.tables.take_away(view.id) {
        strip_buttons(ctx, data, view.channel_id, message, "an away notice").await;
    }
}

/// Takes every button off a channel message (`what` names it in the log if that fails).
async fn strip_buttons(
    ctx: &serenity::Context,
    data: &Data,
    channel: u64,
    message: u64,
    what: &str,
) {
    let lane = Lane::Write(channel);
    let channel = serenity::ChannelId::new(channel);
    let edit = serenity::EditMessage::new().components(Vec::new());
    let edited = retry::paced(
        retry::Route::ChannelMessageEdit,
        &data.channels.pacer,
        lane,
        Priority::Table,
        "take the buttons off a message",
        || {
            let message = serenity::MessageId::new(message);
            data.channels
                .rest
                .edit_message(&ctx.http, channel, message, &edit, None)
        },
    )
    .await;
    if let Err(e) = edited {
        retry::report(&e, what, "its buttons stay");
    }
}

/// A table closed before its end (a forfeit, a moderator, a cancelled lobby): the table
/// message without buttons, the ping gone, every open hand closed. The caller announces it.
pub(super) async fn closed(ctx: &serenity::Context, data: &Data, view: &TableView) {
    // A cancelled lobby's message was answered by the click; a game's table message is edited.
    if view.status.is_some() {
        update_table_message(ctx, data, view).await;
    }
    clear_ping(ctx, data, view).await;
    table_gone(ctx, data, view, &[]).await;
}

/// Edits the open hands of these users to their hand after the move `view` shows: the hand
/// the move answered (`hands`) while no later move was heard of, else the hand as it stands
/// now (read again: a later move's answer may already show a newer one). Each edit is made in
/// the player's hand lane, and not at all when their hand already shows a later position.
async fn refresh_hands(
    ctx: &serenity::Context,
    data: &Data,
    view: &TableView,
    users: &[UserId],
    hands: &[(UserId, Arc<HandView>)],
) {
    let current = data.tables.latest_move(view.id) <= view.move_number;
    for &user in users {
        if data.tables.open_hand(view.id, user).is_none() {
            tracing::debug!(table = view.id, user, "no open hand to refresh");
            continue;
        }
        let answered = hands
            .iter()
            .find(|(u, _)| *u == user && current)
            .map(|(_, hand)| hand);
        let read;
        let hand = match answered {
            Some(hand) => &**hand,
            None => match data.service.hand(view.id, user).await {
                Ok(hand) => {
                    read = hand;
                    &read
                }
                Err(_) => continue,
            },
        };
        let lang = data.user_lang(user, view.guild_id).await;
        let names = data.seat_names(&hand.roster.seats, lang);
        let reply = render::hand(hand, HandStep::Page(0), &names)
            .with_image(pictures::hand(data, hand, lang).await);
        let lane = shown::lane(data, view.id, user).await;
        lane.show(ctx, &reply, hand.move_number).await;
    }
}

/// Keeps at most one live turn ping per table: when the people to act change, the old ping
/// goes and those of them whose hand is not open (their open hand comes alive by itself) are
/// notified by a new one carrying "Show my hand"; when they stay the same, nothing is sent.
pub(super) async fn ping(ctx: &serenity::Context, data: &Data, view: &TableView) {
    let mut turn = if view.phase == Phase::Playing && !view.paused {
        view.to_act.clone()
    } else {
        Vec::new()
    };
    turn.sort_unstable();
    // After a restart, the ping stored for the table (its turn unknown, so it is replaced).
    let current = match data.tables.ping(view.id) {
        Some(ping) => ping,
        None => Ping {
            turn: Vec::new(),
            channel: view.channel_id,
            message: data
                .stored_messages(view.id)
                .await
                .ping
                .map(Posted::channel),
        },
    };
    if current.turn == turn && (!turn.is_empty() || current.message.is_none()) {
        return;
    }
    if let Some(old) = &current.message {
        public::delete(ctx, &data.channels, current.channel, old).await;
    }
    if turn.is_empty() {
        // Known to be gone (an absent entry means "ask the table", after a restart).
        data.tables.set_ping(
            view.id,
            Some(Ping {
                turn,
                channel: view.channel_id,
                message: None,
            }),
        );
        if current.message.is_some() {
            remember_ping(data, view.id, None).await;
        }
        return;
    }
    let wanted: Vec<u64> = view
        .to_act
        .iter()
        .copied()
        .filter(|&u| data.tables.open_hand(view.id, u).is_none())
        // (Nor does someone with the table open in the Activity's window.)
        .filter(|&u| !data.service.is_watching(view.id, u))
        .collect();
    let message = if wanted.is_empty() {
        None
    } else {
        let public = data.guild_lang(view.guild_id).await;
        let ping = render::your_turn(view, &wanted, public);
        post_in_table_channel(ctx, data, view, &ping, Priority::Person).await
    };
    let id = message.as_ref().map(|m| m.id);
    let before = current.message.as_ref().map(|m| m.id);
    data.tables.set_ping(
        view.id,
        Some(Ping {
            turn,
            channel: view.channel_id,
            message,
        }),
    );
    // The ping is stored across restarts; a ping that stays none is not written again.
    if id != before {
        remember_ping(data, view.id, id).await;
    }
}

/// The live ping is stored across restarts.
async fn remember_ping(data: &Data, table: TableId, message: Option<u64>) {
    if let Err(e) = data.messages.set_ping(table, message).await {
        tracing::warn!(error = %e, "could not remember the turn ping");
    }
}

/// Deletes the table's ping, if one is live.
pub(super) async fn clear_ping(ctx: &serenity::Context, data: &Data, view: &TableView) {
    let (channel, message) = match data.tables.ping(view.id) {
        Some(p) => (p.channel, p.message),
        None => {
            let stored = data.stored_messages(view.id).await.ping;
            (view.channel_id, stored.map(Posted::channel))
        }
    };
    if let Some(message) = &message {
        public::delete(ctx, &data.channels, channel, message).await;
    }
    data.tables.set_ping(view.id, None);
}

/// Edits the table message of the current deal (or posts one if there is none) outside a
/// move: a pause, a stand-in, someone back, a closed table. A table message already showing
/// a later move is left as it is.
pub(super) async fn update_table_message(ctx: &serenity::Context, data: &Data, view: &TableView) {
    let order = data.tables.order(view.id);
    let mut shown = order.shown.lock().await;
    if shown.move_number.is_some_and(|m| m > view.move_number) {
        return;
    }
    edit_table(ctx, data, &mut shown, view).await;
}

/// Edits the table message to the view, or posts a fresh one when it is gone.
async fn edit_table(ctx: &serenity::Context, data: &Data, shown: &mut Shown, view: &TableView) {
    let public = data.guild_lang(view.guild_id).await;
    let reply = table_message(data, view, public).await;
    let message = data.table_message(shown, view.id).await;
    if let Some(mut message) = message {
        let edited = public::edit(ctx, &data.channels, view.channel_id, &mut message, &reply).await;
        match edited {
            Ok(_) => {
                shown.message = Some(message);
                shown.move_number = Some(view.move_number);
                return;
            }
            // In a channel reached by interactions alone, a message whose token has died is
            // left as it stands, and a fresh one is posted through a click's live token when
            // there is one (else it stays behind until the next click: `Data::catch_up`).
            Err(e)
                if e.kind == Failure::Forbidden
                    && data.channels.by_interactions(view.channel_id)
                    && data.tables.voice_for(view.id, true).is_some() =>
            {
                tracing::debug!(
                    table = view.id,
                    "the table message's token died; a fresh one"
                );
            }
            // Discord is unwell: the message is still there, and the next update edits it.
            // Or the bot may no longer edit in the channel: the message is still there too,
            // and the table waits until it can be shown (see `show`).
            Err(e) if e.kind.transient() || e.kind == Failure::Forbidden => {
                shown.message = Some(message);
                shown.move_number = Some(view.move_number);
                return;
            }
            // Deleted by a person, or too old to edit (30046): a fresh one takes its place.
            Err(e) => retry::report(&e, "the table message", "posting a fresh one"),
        }
    }
    post_table(ctx, data, shown, view).await;
}

/// The table message as `view` stands, with its picture; where the bot reaches the channel by
/// interactions alone, a game's says how to bring it up to date.
async fn table_message(data: &Data, view: &TableView, public: super::words::Lang) -> render::Reply {
    let reply = pictures::with_table(data, view, table_or_lobby(view, public, data.window)).await;
    if view.phase == Phase::Playing && data.channels.by_interactions(view.channel_id) {
        render::by_interactions(reply, public)
    } else {
        reply
    }
}

/// The table message as `view` stands: its lobby (opened or changed in the Activity's window)
/// or the table.
fn table_or_lobby(view: &TableView, public: super::words::Lang, window: bool) -> render::Reply {
    if view.phase == Phase::Lobby {
        render::lobby(view, public)
    } else {
        render::table(view, public, window)
    }
}

/// Posts a fresh table message (a new deal, or the old one is gone) and remembers it.
async fn post_table(ctx: &serenity::Context, data: &Data, shown: &mut Shown, view: &TableView) {
    let public = data.guild_lang(view.guild_id).await;
    let reply = table_message(data, view, public).await;
    // Shown or not, this move's update is done (the next one must not wait for it).
    shown.move_number = Some(view.move_number);
    if let Some(message) = post_in_table_channel(ctx, data, view, &reply, Priority::Table).await {
        let id = message.id;
        shown.message = Some(message);
        // (A lobby's message too: its game's start edits it into the table message.)
        if matches!(view.phase, Phase::Playing | Phase::Lobby) {
            if let Err(e) = data.messages.set_message(view.id, id).await {
                tracing::warn!(error = %e, "could not remember the table message");
            }
        }
    }
}

/// Posts in the table's channel, through the table's freshest voice when one was heard.
async fn post_in_table_channel(
    ctx: &serenity::Context,
    data: &Data,
    view: &TableView,
    reply: &render::Reply,
    priority: Priority,
) -> Option<Posted> {
    let by_interactions = data.channels.by_interactions(view.channel_id);
    public::post(
        ctx,
        &data.channels,
        data.tables.voice_for(view.id, by_interactions),
        view.channel_id,
        reply,
        priority,
    )
    .await
}

/// Posts a notice of the table in its channel (someone away, a game given up): through the
/// channel's route, or where the bot reaches the channel by interactions alone, as a follow-up
/// of the table's freshest token (none: not posted). Answers the message's id.
async fn post_notice(
    ctx: &serenity::Context,
    data: &Data,
    view: &TableView,
    notice: &render::Reply,
) -> Option<u64> {
    if data.channels.by_interactions(view.channel_id) {
        return post_in_table_channel(ctx, data, view, notice, Priority::Person)
            .await
            .map(|posted| posted.id);
    }
    public::post_in_channel(
        ctx,
        &data.channels,
        view.channel_id,
        notice,
        Priority::Person,
    )
    .await
}

/// Shows one event of the table service in its channel. When Discord refused the bot in the
/// table's channel for want of a permission, the table waits (its clocks and computer players
/// stopped) until it can be shown again.
pub(super) async fn show(ctx: &serenity::Context, data: &Data, event: &TableEvent) {
    learn_reach(ctx, data, event.table());
    if !matches!(event, TableEvent::Moved { .. }) {
        flush(ctx, data, event.table_id()).await;
    }
    show_event(ctx, data, event).await;
    wait_if_forbidden(data, event.table(), event.ends_table()).await;
}

/// Shows plain moves folded into one update (see `tables::Work::fold`).
pub(super) async fn show_moves(ctx: &serenity::Context, data: &Data, folded: &Folded) {
    let acted = &folded.acted;
    learn_reach(ctx, data, &acted.table);
    let moves = Moves {
        movers: &folded.movers,
        earlier: &folded.earlier,
    };
    after_move(ctx, data, acted, moves, folded.passing).await;
    wait_if_forbidden(data, &acted.table, false).await;
}

/// A table's channel no interaction has named yet (after a restart, or opened in the
/// Activity's window): a DM's or a group DM's (its place is its own channel), or one of a server
/// the gateway never named (pakka is only on a person's account there), is reached by
/// interactions alone (`place`).
pub(super) fn learn_reach(ctx: &serenity::Context, data: &Data, view: &TableView) {
    if data.channels.by_interactions(view.channel_id) {
        return;
    }
    let guild = serenity::GuildId::new(view.guild_id.max(1));
    let unknown_server =
        ctx.cache.guild(guild).is_none() && ctx.cache.unavailable_guilds().get(&guild).is_none();
    if place::is_private(view.guild_id, view.channel_id) || unknown_server {
        data.channels
            .reach(view.channel_id, place::Reach::Interactions);
    }
}

/// A table still playing whose channel the bot may no longer post in waits (see
/// `TableService::wait_for_edge`).
async fn wait_if_forbidden(data: &Data, table: &TableView, ends_table: bool) {
    // Where the bot reaches by interactions alone, a table never waits for the chat: a change
    // nobody clicked for (a computer player, a window's move, a turn timer) is shown through a
    // live token when there is one, and otherwise the next click or window brings the table
    // message up to date (its note says how).
    if data.channels.by_interactions(table.channel_id) {
        return;
    }
    if table.phase == Phase::Playing && !ends_table && data.channels.forbidden(table.channel_id) {
        tracing::warn!(
            table = table.id,
            "the bot may no longer post in a table's channel; the table waits"
        );
        if let Err(e) = data.service.wait_for_edge(table.id, true).await {
            tracing::debug!(error = %e, "a table gone before it could wait");
        }
    }
}

async fn show_event(ctx: &serenity::Context, data: &Data, event: &TableEvent) {
    match event {
        // The click or command that changed a lobby answered with it; a change made in the
        // Activity's window (a table opened there, a seat taken) is shown here.
        TableEvent::Lobby {
            by: pakka_table::Edge::Chat,
            ..
        } => {}
        TableEvent::Lobby { table, .. } => update_table_message(ctx, data, table).await,
        TableEvent::Started(view) => started(ctx, data, view).await,
        TableEvent::Moved { acted, by, passing } => {
            let movers: Vec<UserId> = by.person().into_iter().collect();
            let moves = Moves {
                movers: &movers,
                earlier: &[],
            };
            after_move(ctx, data, acted, moves, *passing).await;
        }
        TableEvent::StoodIn { table, away } => {
            let public = data.guild_lang(table.guild_id).await;
            let notice = render::away(table, away, public);
            if let Some(message) = post_notice(ctx, data, table, &notice).await {
                data.tables.remember_away(table.id, message);
            }
            update_table_message(ctx, data, table).await;
            ping(ctx, data, table).await;
        }
        // Shown again after a wait: the table message catches up, and the ping follows.
        TableEvent::Waiting {
            table,
            waiting: false,
        } => {
            update_table_message(ctx, data, table).await;
            ping(ctx, data, table).await;
        }
        TableEvent::Waiting { waiting: true, .. } => {}
        TableEvent::StillWaiting(table) => show_again(ctx, data, table).await,
        // The clicker was answered; the table message names the seat's player, and the turn
        // ping follows (nobody is to act while paused).
        TableEvent::Back { table, .. }
        | TableEvent::TookOver { table, .. }
        | TableEvent::Paused { table, .. } => {
            update_table_message(ctx, data, table).await;
            ping(ctx, data, table).await;
        }
        TableEvent::Closed { table, how } => match *how {
            Closing::Expired => lobby_expired(ctx, data, table).await,
            Closing::Cancelled { .. } => closed(ctx, data, table).await,
            Closing::Forfeit { by } | Closing::Moderator { by } => {
                closed(ctx, data, table).await;
                let who = match table.seat_of(by) {
                    Some(s) => pakka_text::seat(s),
                    None => verbatim(mention(by)),
                };
                let text = if matches!(how, Closing::Forfeit { .. }) {
                    msg!("discord-forfeited", who = who, game = table.game_name())
                } else {
                    msg!("discord-closed", who = who, game = table.game_name())
                };
                let public = data.guild_lang(table.guild_id).await;
                let notice = render::announce(&text, &SeatNames::public(table, public));
                post_notice(ctx, data, table, &notice).await;
            }
        },
    }
}

/// A game that just started (from a lobby, a rematch, `/play` with computer players, or
/// `/resume`): its table message, then the first ping. The table message is the answer of the
/// command that started the game, deferred by it and filled in here; else the lobby's message,
/// edited into the table message; else a new one. Nothing here waits for a handler: a command
/// that starts a game leaves its token before it asks the service (`Tables::await_start`).
async fn started(ctx: &serenity::Context, data: &Data, view: &TableView) {
    match data.tables.take_start(view.channel_id, None) {
        Some(token) => fill_start_answer(ctx, data, view, &token).await,
        None => update_table_message(ctx, data, view).await,
    }
    ping(ctx, data, view).await;
}

/// Fills the deferred answer of the command that started the game in with its table message;
/// a new one is posted when that fails.
async fn fill_start_answer(ctx: &serenity::Context, data: &Data, view: &TableView, token: &str) {
    let public = data.guild_lang(view.guild_id).await;
    let reply = table_message(data, view, public).await;
    let edit = super::send::edit_response(&reply);
    let filled = retry::again(
        retry::Route::OriginalEdit,
        "fill a start's answer in",
        || edit.clone().execute(&ctx.http, token),
    )
    .await;
    match filled {
        Ok(message) => {
            data.tables.heard_voice(view.id, token);
            let posted = Posted::original(message.id.get(), token);
            shown::table_message_posted(data, view, posted).await;
        }
        Err(e) => {
            retry::report(&e, "a start's answer", "a new table message is posted");
            update_table_message(ctx, data, view).await;
        }
    }
}

/// A lobby nobody started, closed by the table's clock: its message says so.
async fn lobby_expired(ctx: &serenity::Context, data: &Data, view: &TableView) {
    data.tables.forget_order(view.id);
    let Some(message) = data.stored_messages(view.id).await.message else {
        return;
    };
    let public = data.guild_lang(view.guild_id).await;
    let reply = render::announce(
        &msg!("discord-lobby-expired", game = view.game_name()),
        &Plain(public),
    );
    let edited = edit_through_channel(ctx, data, view, message, &reply, "close a lobby").await;
    if let Err(e) = edited {
        retry::report(&e, "an expired lobby's message", "it is left as it was");
    }
}

/// Edits a message of the table's channel through the channel's route, in the table
/// message's turn (`what` names the call in the log).
async fn edit_through_channel(
    ctx: &serenity::Context,
    data: &Data,
    view: &TableView,
    message: u64,
    reply: &render::Reply,
    what: &str,
) -> Result<(), retry::Failed> {
    public::edit_in_channel(
        &ctx.http,
        &data.channels,
        view.channel_id,
        message,
        reply,
        Priority::Table,
        what,
    )
    .await
}

/// The bot's background work at start: the channels of the tables the restore closed because
/// their move log no longer replays are told, their players named, and the old table message
/// loses its buttons.
pub(super) fn start_background(ctx: &serenity::Context, data: &Data) {
    let (ctx, data) = (ctx.clone(), data.clone());
    tokio::spawn(async move {
        for table in data.service.take_unrestorable() {
            unrestorable(&ctx, &data, &table).await;
        }
    });
}

/// A table still waiting for a permission in its channel (reminded by the table service, less
/// and less often): its table message brought up to date through the channel's route. Where
/// Discord takes it, the channel is no longer marked and the table carries on by itself (its
/// clocks and computer players go on); where it refuses, the channel stays marked.
async fn show_again(ctx: &serenity::Context, data: &Data, view: &TableView) {
    // Reached by interactions alone: only a click there (a live token) shows it again.
    if data.channels.by_interactions(view.channel_id) {
        return;
    }
    data.channels.forbid(view.channel_id, false);
    let Some(message) = data.stored_messages(view.id).await.message else {
        data.channels.forbid(view.channel_id, true);
        return;
    };
    let public = data.guild_lang(view.guild_id).await;
    let reply = pictures::with_table(data, view, render::table(view, public, data.window)).await;
    let edited = edit_through_channel(ctx, data, view, message, &reply, "show a table again").await;
    match edited {
        Ok(()) => {
            tracing::info!(table = view.id, "a waiting table can be shown again");
            if let Err(e) = data.service.wait_for_edge(view.id, false).await {
                tracing::debug!(error = %e, "a table gone before it could go on");
            }
        }
        // Refused for a permission: marked again by the call. Anything else: tried again at
        // the next reminder.
        Err(e) if e.kind == Failure::Forbidden => {}
        Err(_) => data.channels.forbid(view.channel_id, true),
    }
}

/// A table closed at start because its move log no longer replays: the channel is told, in the
/// server's language, and the table message's buttons (which lead nowhere now) are taken off.
async fn unrestorable(ctx: &serenity::Context, data: &Data, table: &Unrestorable) {
    let public = data.guild_lang(table.guild_id).await;
    let text = msg!(
        "discord-unrestorable",
        game = table.game.clone(),
        id = verbatim(table.id.to_string()),
        count = table.players.len(),
        players = list_of(
            table.players.iter().map(|&u| verbatim(mention(u))),
            key!("sep-comma")
        )
    );
    public::post_in_channel(
        ctx,
        &data.channels,
        table.channel_id,
        &render::announce(&text, &Plain(public)),
        Priority::Person,
    )
    .await;
    if let Some(message) = data.stored_messages(table.id).await.message {
        strip_buttons(
            ctx,
            data,
            table.channel_id,
            message,
            "a closed table's message",
        )
        .await;
    }
}
