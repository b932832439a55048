//! What a handler's own answer put in the chat, kept where the subscriber finds it: a player's
//! open hand (the private message a click answered, remembered with its freshest token so the
//! subscriber keeps it up to date; an older hand message of the same player retired), and the
//! table message a command or click posted when a game started. Handlers write here and the
//! subscriber (`listen`, `upkeep`) reads; neither calls the other, and neither waits for the
//! other's work, only for a player's hand lane.
//!
//! Every change of a player's hand messages at a table is made holding their hand lane
//! ([`Lane`]), one at a time, and says the move whose position it shows: an edit older than the
//! position the open hand already shows is not sent, a message retired (replaced by a newer
//! one) or closed is never edited again, and a hand answered at a position a later move has
//! already passed (a page, a step, "Show my hand", a refusal) is brought up to date under the
//! same lane (`Lane::catch_up`). Without the lane, edits read and sent by different tasks (the
//! subscriber's, a click's answer, the retiring of an older message, the game's end) landed in
//! any order, and a hand went back to an older position or came alive after it was retired.

use poise::serenity_prelude as serenity;
use serenity::builder::Builder as _;

use super::data::Data;
use super::pictures;
use super::public::Posted;
use super::render::{self, HandStep};
use super::retry::{self, Failure};
use super::tables::Remembered;
use pakka_table::{TableId, TableView, UserId};

/// A player's hand lane, held: while it is, no other task changes their hand messages at the
/// table. Dropped, it is released (and forgotten once nobody waits for it).
pub(super) struct Lane<'a> {
    data: &'a Data,
    table: TableId,
    user: UserId,
    held: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Drop for Lane<'_> {
    fn drop(&mut self) {
        self.held.take();
        self.data.tables.release_lane(self.table, self.user);
    }
}

/// Takes `user`'s hand lane at `table`, waiting for whoever holds it.
pub(super) async fn lane(data: &Data, table: TableId, user: UserId) -> Lane<'_> {
    let held = match data.tables.lane(table, user) {
        Some(lane) => Some(lane.lock_owned().await),
        None => None,
    };
    Lane {
        data,
        table,
        user,
        held,
    }
}

impl Lane<'_> {
    /// Remembers the hand message a click answered (`message`, edited through `token`, showing
    /// the position after move `position`) as the player's open hand (of server `guild`); an
    /// older hand message of theirs loses its buttons. A message older than the open one (an
    /// answer that landed after a newer "Show my hand") loses its own buttons instead: a hand
    /// replaced never comes back. A hand answered with its game's end (`over`) owes nothing
    /// more and is not kept.
    pub(super) async fn remember(
        &self,
        ctx: &serenity::Context,
        guild: u64,
        (token, message): (&str, u64),
        position: u64,
        over: bool,
    ) {
        let (data, table, user) = (self.data, self.table, self.user);
        let remembered = data
            .tables
            .remember_hand(table, user, token, message, position);
        // The click was answered: its token may post the table's public messages for a while.
        data.tables.heard_voice(table, token);
        let retire = match remembered {
            Remembered::Open { retire } => retire,
            Remembered::Superseded => Some(token.to_string()),
        };
        // The game's end may have forgotten the table's hands already: remembered now, this
        // one would be kept for good.
        if over {
            data.tables.forget_hand(table, user, token);
        }
        if let Some(old) = retire {
            let lang = data.user_lang(user, guild).await;
            edit_hand(ctx, &old, &render::hand_moved(lang)).await;
        }
    }

    /// Whether a newer hand message than `message` is the player's open hand.
    pub(super) fn superseded(&self, message: u64) -> bool {
        self.data.tables.superseded(self.table, self.user, message)
    }

    /// Edits the open hand to `reply`, the position after move `position`, unless it already
    /// shows a later one (or is no longer open). Answers whether it was edited.
    pub(super) async fn show(
        &self,
        ctx: &serenity::Context,
        reply: &render::Reply,
        position: u64,
    ) -> bool {
        let (tables, table, user) = (&self.data.tables, self.table, self.user);
        let Some(slot) = tables.hand_slot(table, user) else {
            return false;
        };
        if position < slot.shown {
            tracing::debug!(table, user, position, slot.shown, "a hand older than shown");
            return false;
        }
        match edit_hand(ctx, &slot.token, reply).await {
            Some(Failure::Gone | Failure::Expired) => {
                // The player's next "Show my hand" opens a new one; until then the ping names
                // them.
                tables.forget_hand(table, user, &slot.token);
                false
            }
            Some(kind) => {
                if kind.transient() && tables.fell_behind(table, user, slot.message) {
                    again_later(ctx, self.data, table, user, slot.shown);
                }
                false
            }
            None => {
                tables.showed(table, user, slot.message, position);
                true
            }
        }
    }

    /// Edits the clicked hand message `message` through the click's own `token` to `reply`,
    /// the position after move `position`: while it is the open hand and shows no later
    /// position. A message that is no longer the open hand (retired meanwhile) keeps no button:
    /// it gets `elsewhere` instead, when given.
    pub(super) async fn show_clicked(
        &self,
        ctx: &serenity::Context,
        (token, message): (&str, u64),
        reply: &render::Reply,
        position: u64,
        elsewhere: Option<&render::Reply>,
    ) {
        let (tables, table, user) = (&self.data.tables, self.table, self.user);
        match tables.hand_slot(table, user) {
            Some(slot) if slot.message == message => {
                if position >= slot.shown && edit_hand(ctx, token, reply).await.is_none() {
                    tables.showed(table, user, message, position);
                }
            }
            _ => {
                if let Some(elsewhere) = elsewhere {
                    edit_hand(ctx, token, elsewhere).await;
                }
            }
        }
    }

    /// A hand answered at move `shown`: while the table has heard of a later move, the open
    /// hand is read again and edited to it, as the subscriber edits every hand.
    pub(super) async fn catch_up(&self, ctx: &serenity::Context, mut shown: u64) {
        let (data, table, user) = (self.data, self.table, self.user);
        // A few rounds at the most: each is a move made while the last edit was under way.
        for _ in 0..4 {
            if data.tables.latest_move(table) <= shown
                || data.tables.open_hand(table, user).is_none()
            {
                return;
            }
            let Ok(hand) = data.service.hand(table, user).await else {
                return;
            };
            shown = hand.move_number;
            let lang = data.user_lang(user, hand.roster.guild_id).await;
            let names = data.seat_names(&hand.roster.seats, lang);
            let reply = render::hand(&hand, HandStep::Page(0), &names)
                .with_image(pictures::hand(data, &hand, lang).await);
            if !self.show(ctx, &reply, shown).await {
                return;
            }
        }
    }

    /// The table ended: the open hand is forgotten and edited one last time, to `reply` (its
    /// final position, or the table closed).
    pub(super) async fn close(&self, ctx: &serenity::Context, reply: &render::Reply) {
        if let Some(slot) = self.data.tables.take_hand(self.table, self.user) {
            edit_hand(ctx, &slot.token, reply).await;
        }
    }
}

/// How long after Discord was unavailable for a hand's edit (every attempt of it) the hand is
/// read again and edited: a connection gone silent is replaced within about 10 s
/// (`rest::PING_EVERY` and `PING_WAIT`), an outage may last longer and is tried again as long as
/// the hand stays open.
const AGAIN_AFTER: std::time::Duration = std::time::Duration::from_secs(3);

/// A hand that missed an edit (Discord unavailable) would otherwise stay at an older position,
/// its buttons stale, until the next event at the table, which may be this player's own move,
/// which they then cannot make from it: a while later, under the lane, it is brought up to
/// date from `shown`, the position it last showed.
fn again_later(ctx: &serenity::Context, data: &Data, table: TableId, user: UserId, shown: u64) {
    let (ctx, data) = (ctx.clone(), data.clone());
    tokio::spawn(async move {
        tokio::time::sleep(AGAIN_AFTER).await;
        let lane = lane(&data, table, user).await;
        data.tables.catching_up(table, user);
        lane.catch_up(&ctx, shown).await;
    });
}

/// Edits a hand message through an interaction token; answers why it failed, if it did (a
/// token expired is `Expired`, a hand message gone `Gone`, logged once here).
async fn edit_hand(ctx: &serenity::Context, token: &str, reply: &render::Reply) -> Option<Failure> {
    let edit = super::send::edit_response(reply);
    let edited = retry::again(retry::Route::OriginalEdit, "edit an open hand", || {
        edit.clone().execute(&ctx.http, token)
    })
    .await;
    let e = edited.err()?;
    retry::report(&e, "an open hand", "the hand is forgotten");
    Some(e.kind)
}

/// A table message was posted by a handler's answer (a lobby: `/play`, a rematch) or filled in
/// by the subscriber (a game's start): remembered here and in the edge's stored messages,
/// where the subscriber finds it.
pub(super) async fn table_message_posted(data: &Data, view: &TableView, message: Posted) {
    let order = data.tables.order(view.id);
    let mut shown = order.shown.lock().await;
    let id = message.id;
    shown.message = Some(message);
    shown.move_number = Some(view.move_number);
    drop(shown);
    if let Err(e) = data.messages.set_message(view.id, id).await {
        tracing::warn!(error = %e, "could not remember the table message");
    }
}

/// `message` is the lobby's message of `table` (a lobby button was pressed on it): kept as the
/// table's message unless it is already, so that the game's start edits it. Where the bot
/// reaches the channel by interactions alone the click's token comes with it (a component's
/// `@original` is the message it is on), and a known message takes that fresher token.
pub(super) async fn lobby_message(data: &Data, table: TableId, message: Posted) {
    let order = data.tables.order(table);
    let mut shown = order.shown.lock().await;
    let known = shown.message.as_ref().is_some_and(|m| m.id == message.id);
    if known && message.voice().is_none() {
        return;
    }
    let id = message.id;
    shown.message = Some(message);
    drop(shown);
    if known {
        return;
    }
    if let Err(e) = data.messages.set_message(table, id).await {
        tracing::warn!(error = %e, "could not remember the lobby's message");
    }
}
