//! Where a table's public messages go. Discord's global limit of 50 requests per second per
//! bot spares two routes: the interaction callback and the interaction webhook
//! (`/webhooks/{application}/{token}/…`), on which an acknowledged interaction's token may post
//! follow-ups in its channel and, for 15 minutes, edit and delete what it posted itself ("a
//! previously-sent webhook message from the same token", Discord's `Edit Webhook Message`); a
//! click answered by updating its message (`UPDATE_MESSAGE`) may edit that message as its
//! `@original`. So a table's table message, its turn ping and its deal results are posted
//! through the freshest token a player's click left in the table's channel (`Tables::voice`),
//! remembered with the token that posted them ([`Posted`]), and edited and deleted through that
//! token while it lives. With no token at hand (a restart, a table of computer players only,
//! a token too old) the channel's own routes do it, as they did before: they count against
//! the global limit and the channel's bucket, so they are the fallback, not the way.
//!
//! A webhook call Discord refuses (the token expired early, the message is not one the token
//! may reach) falls back to the channel's route once; a message gone (a person deleted it) is
//! gone on every route. A follow-up is posted in one attempt (it has no nonce, so a repeat
//! could post it twice); when that attempt meets no answer or a 5xx, the channel's last few
//! messages are read to see whether Discord made it anyway, and only a follow-up not made is
//! posted through the channel (with a nonce).
//!
//! A channel whose route Discord refuses for want of a permission (403: Missing Permissions or
//! Missing Access, a permission taken from the bot's role mid-game) is marked
//! ([`Channels::forbidden`]) until a click there shows the permissions back or a try succeeds:
//! its table waits meanwhile (`upkeep`).
//!
//! A channel the bot reaches by interactions alone (a DM, a group DM, a server without the bot:
//! `place::Reach::Interactions`, noted with [`Channels::reach`]) has no channel route at all:
//! what would fall back to one is refused here, before any call, as Discord would refuse it
//! (`Failure::Forbidden`), and the channel is marked like a forbidden one: its chat fell
//! behind, and the next click there (a live token) has the table shown again. Such a table
//! never waits for its chat (`upkeep`).

use poise::serenity_prelude as serenity;
use serenity::builder::Builder as _;

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::message::Reply;
use super::pace::{Lane, Pacer, Priority};
use super::place::Reach;
use super::rest::Rest;
use super::retry::{self, Failed, Failure, Route};
use super::send;

/// The process's way to the channels' own routes: the one queue of its calls that count
/// against Discord's limits, and the client of those calls, which reads a refusal whole
/// (`retry_after`). Clones share them.
#[derive(Clone)]
pub(crate) struct Channels {
    pub(crate) pacer: Pacer,
    pub(crate) rest: Rest,
    /// The channels where Discord refused the bot for want of a permission, since.
    forbidden: Arc<Mutex<HashSet<u64>>>,
    /// The channels the bot reaches by interactions alone (see `place`).
    by_interactions: Arc<Mutex<HashSet<u64>>>,
}

impl Channels {
    /// Channels paced at `share` of Discord's global limit (the processes of one bot token
    /// share it by their share of the shards).
    pub(crate) fn new(share: f64) -> Channels {
        Channels {
            pacer: Pacer::new(share),
            rest: Rest::default(),
            forbidden: Arc::default(),
            by_interactions: Arc::default(),
        }
    }

    /// The same with a channel window of `window` instead of Discord's (see
    /// `Pacer::with_window`).
    pub(crate) fn paced(share: f64, window: Duration, rest: Rest) -> Channels {
        Channels {
            pacer: Pacer::with_window(share, window),
            rest,
            forbidden: Arc::default(),
            by_interactions: Arc::default(),
        }
    }

    /// Whether Discord refused the bot in `channel` for want of a permission, and nothing
    /// since showed it back.
    pub(crate) fn forbidden(&self, channel: u64) -> bool {
        self.forbidden
            .lock()
            .is_ok_and(|forbidden| forbidden.contains(&channel))
    }

    /// Marks `channel` refused for want of a permission (`true`), or no longer.
    pub(crate) fn forbid(&self, channel: u64, forbidden: bool) {
        if let Ok(mut channels) = self.forbidden.lock() {
            if forbidden {
                channels.insert(channel);
            } else {
                channels.remove(&channel);
            }
        }
    }

    /// Notes how the bot reaches `channel`, as an interaction there (or its table's place)
    /// says.
    pub(crate) fn reach(&self, channel: u64, reach: Reach) {
        if let Ok(mut channels) = self.by_interactions.lock() {
            if reach == Reach::Interactions {
                channels.insert(channel);
            } else {
                channels.remove(&channel);
            }
        }
    }

    /// Whether the bot reaches `channel` by interactions alone: no channel route is called
    /// there.
    pub(crate) fn by_interactions(&self, channel: u64) -> bool {
        self.by_interactions
            .lock()
            .is_ok_and(|channels| channels.contains(&channel))
    }

    /// The refusal of a channel route in a channel reached by interactions alone, made here
    /// instead of by Discord; the channel is marked as a forbidden one is.
    fn unreachable(&self, channel: u64) -> Option<Failed> {
        if !self.by_interactions(channel) {
            return None;
        }
        self.forbid(channel, true);
        Some(Failed {
            kind: Failure::Forbidden,
            detail: "the bot reaches this channel by interactions alone, and none is live".into(),
        })
    }

    /// Notes a failed call on `channel`'s routes: a refusal for want of a permission marks it.
    fn failed(&self, channel: u64, e: &Failed) {
        if e.kind == Failure::Forbidden {
            self.forbid(channel, true);
        }
    }
}

/// An interaction token may edit its message for 15 minutes; stay clear of the edge.
const TOKEN_LIFETIME: Duration = Duration::from_secs(14 * 60);

/// An acknowledged interaction of a table's channel: its token may post follow-ups there, and
/// edit and delete what it posted, for 15 minutes, through Discord's interaction webhook,
/// which the global rate limit spares (see `public`).
#[derive(Clone, Debug)]
pub(super) struct Voice {
    pub(super) token: Arc<str>,
    since: Instant,
}

impl Voice {
    pub(super) fn new(token: &str) -> Voice {
        Voice {
            token: token.into(),
            since: Instant::now(),
        }
    }

    /// Whether the token may still edit and delete what it posted.
    pub(super) fn live(&self) -> bool {
        self.since.elapsed() < TOKEN_LIFETIME
    }

    /// Whether the token is young enough to post a message that stays editable through it
    /// for a while (a table message is edited for minutes after it is posted).
    pub(super) fn fresh(&self) -> bool {
        self.since.elapsed() < FRESH_VOICE
    }
}

/// A token younger than this posts a table's public messages (they stay editable through it
/// for at least ten more minutes); an older one only edits what it posted.
const FRESH_VOICE: Duration = Duration::from_secs(4 * 60);

/// How a public message was posted, so it is edited and deleted the same way.
#[derive(Clone, Debug)]
pub(super) enum Via {
    /// Through the channel's own routes (or not known: a message id read back after a restart).
    Channel,
    /// As the `@original` of a click answered by updating the message it was on.
    Original(Voice),
    /// As a follow-up of this interaction.
    Followup(Voice),
}

/// A table's public message: its id and how it was posted.
#[derive(Clone, Debug)]
pub(super) struct Posted {
    pub id: u64,
    pub via: Via,
}

impl Posted {
    /// A message posted through the channel, or known only by its id.
    pub(super) fn channel(id: u64) -> Posted {
        Posted {
            id,
            via: Via::Channel,
        }
    }

    /// The message a click was on, which the click's answer updated.
    pub(super) fn original(id: u64, token: &str) -> Posted {
        Posted {
            id,
            via: Via::Original(Voice::new(token)),
        }
    }

    /// The token that may still reach the message through the interaction webhook.
    pub(super) fn voice(&self) -> Option<&Voice> {
        match &self.via {
            Via::Original(v) | Via::Followup(v) => Some(v).filter(|v| v.live()),
            Via::Channel => None,
        }
    }
}

/// Posts a public message of a table in its channel: as a follow-up of the table's freshest
/// interaction (`voice`) when there is one, else through the channel (with a nonce, so a repeat after a
/// failure posts it once). None when it could not be posted (logged).
pub(super) async fn post(
    ctx: &serenity::Context,
    data: &Channels,
    voice: Option<Voice>,
    channel: u64,
    reply: &Reply,
    priority: Priority,
) -> Option<Posted> {
    if let Some(voice) = voice {
        let followup = send::followup(reply);
        let posted = retry::once(Route::FollowupCreate, "post a follow-up", || {
            followup.clone().execute(&ctx.http, (None, &voice.token))
        })
        .await;
        let made = match posted {
            Ok(message) => Some(message.id.get()),
            // No answer or a 5xx: Discord may have made it all the same.
            Err(e) if e.kind == Failure::Unavailable => {
                made_anyway(ctx, data, channel, reply).await
            }
            Err(e) => {
                retry::report(&e, "a follow-up", "posting it in the channel");
                None
            }
        };
        if let Some(id) = made {
            // Shown again: a channel reached by interactions alone is no longer waiting.
            if data.by_interactions(channel) {
                data.forbid(channel, false);
            }
            return Some(Posted {
                id,
                via: Via::Followup(voice),
            });
        }
    }
    let id = post_in_channel(ctx, data, channel, reply, priority).await?;
    Some(Posted::channel(id))
}

/// After a follow-up met no answer or a 5xx: the message among the channel's last few that an
/// interaction posted with the reply's words, if Discord made it (one read of the channel,
/// only after a failure; the words of a table's messages name its move or deal, so an older
/// one does not match).
async fn made_anyway(
    ctx: &serenity::Context,
    data: &Channels,
    channel: u64,
    reply: &Reply,
) -> Option<u64> {
    if data.by_interactions(channel) {
        return None;
    }
    let channel = serenity::ChannelId::new(channel);
    let recent = retry::paced(
        Route::ChannelMessagesGet,
        &data.pacer,
        Lane::Other,
        Priority::Person,
        "look for a follow-up",
        || data.rest.messages(&ctx.http, channel, 5),
    )
    .await
    .ok()?;
    recent
        .iter()
        .find(|m| m.webhook_id.is_some() && m.content == reply.content)
        .map(|m| m.id.get())
}

/// Edits a public message the way it was posted while its token lives, else (or when the
/// webhook refuses: the token expired early) through the channel, from then on.
pub(super) async fn edit(
    ctx: &serenity::Context,
    data: &Channels,
    channel: u64,
    message: &mut Posted,
    reply: &Reply,
) -> Result<(), Failed> {
    if let Some(voice) = message.voice().cloned() {
        let edited = match &message.via {
            Via::Original(_) => {
                let edit = send::edit_response(reply);
                retry::again(
                    Route::OriginalEdit,
                    "edit a message through its click",
                    || edit.clone().execute(&ctx.http, &voice.token),
                )
                .await
                .map(drop)
            }
            _ => match ctx.http.application_id() {
                Some(app) => {
                    let edit = send::edit_webhook(reply);
                    let id = serenity::MessageId::new(message.id);
                    retry::again(Route::FollowupEdit, "edit a follow-up", || {
                        edit.clone()
                            .execute(&ctx.http, (app.get().into(), &voice.token, id))
                    })
                    .await
                    .map(drop)
                }
                None => Err(Failed {
                    kind: Failure::Refused,
                    detail: "no application id yet".into(),
                }),
            },
        };
        match edited {
            Ok(()) => {
                if data.by_interactions(channel) {
                    data.forbid(channel, false);
                }
                return Ok(());
            }
            // Unwell (the next update edits it), or gone for every route (deleted by a person).
            Err(e) if e.kind.transient() || e.kind == Failure::Gone => return Err(e),
            Err(e) => {
                retry::report(&e, "a webhook message", "editing it in the channel");
                message.via = Via::Channel;
            }
        }
    }
    let what = "edit a channel message";
    edit_in_channel(
        &ctx.http,
        data,
        channel,
        message.id,
        reply,
        Priority::Table,
        what,
    )
    .await
}

/// Edits a message through the channel's route, in its turn for `priority` (`what` names the
/// call in the log).
pub(super) async fn edit_in_channel(
    http: &serenity::Http,
    data: &Channels,
    channel: u64,
    message: u64,
    reply: &Reply,
    priority: Priority,
    what: &str,
) -> Result<(), Failed> {
    if let Some(refused) = data.unreachable(channel) {
        return Err(refused);
    }
    let lane = Lane::Write(channel);
    let id = channel;
    let channel = serenity::ChannelId::new(channel);
    let message = serenity::MessageId::new(message);
    let edit = send::edit_message(reply);
    let edited = retry::paced(
        Route::ChannelMessageEdit,
        &data.pacer,
        lane,
        priority,
        what,
        || {
            data.rest
                .edit_message(http, channel, message, &edit, send::file(reply))
        },
    )
    .await
    .map(drop);
    if let Err(e) = &edited {
        data.failed(id, e);
    }
    edited
}

/// Deletes a public message the way it was posted while its token lives, else (or when the
/// webhook refuses) through the channel. A message already gone is fine.
pub(super) async fn delete(
    ctx: &serenity::Context,
    data: &Channels,
    channel: u64,
    message: &Posted,
) {
    let id = serenity::MessageId::new(message.id);
    if let Some(voice) = message.voice() {
        let deleted = match &message.via {
            Via::Original(_) => {
                retry::again(
                    Route::OriginalDelete,
                    "delete a message through its click",
                    || ctx.http.delete_original_interaction_response(&voice.token),
                )
                .await
            }
            _ => {
                retry::again(Route::FollowupDelete, "delete a follow-up", || {
                    ctx.http.delete_followup_message(&voice.token, id)
                })
                .await
            }
        };
        match deleted {
            Ok(()) => return,
            Err(e) if e.kind == Failure::Gone => return,
            Err(e) => retry::report(&e, "a webhook message", "deleting it in the channel"),
        }
    }
    if data.by_interactions(channel) {
        tracing::debug!("a message out of its token's reach is left where it is");
        return;
    }
    let in_channel = channel;
    let channel = serenity::ChannelId::new(channel);
    let deleted = retry::paced(
        Route::ChannelMessageDelete,
        &data.pacer,
        Lane::Other,
        Priority::Table,
        "delete a message",
        || data.rest.delete_message(&ctx.http, channel, id),
    )
    .await;
    if let Err(e) = deleted {
        data.failed(in_channel, &e);
        retry::report(&e, "a message", "nothing to delete");
    }
}

/// Posts a new message through the channel's route, in its turn for `priority`; answers its id.
pub(super) async fn post_in_channel(
    ctx: &serenity::Context,
    data: &Channels,
    channel: u64,
    reply: &Reply,
    priority: Priority,
) -> Option<u64> {
    if data.unreachable(channel).is_some() {
        tracing::debug!("a message with no live token to post it is not posted");
        return None;
    }
    let lane = Lane::Write(channel);
    let id = channel;
    let channel = serenity::ChannelId::new(channel);
    // One nonce for every attempt: Discord answers a repeat with the message already made.
    let message = send::channel_message(reply)
        .nonce(retry::nonce())
        .enforce_nonce(true);
    let posted = retry::paced(
        retry::Route::ChannelMessageCreate,
        &data.pacer,
        lane,
        priority,
        "post a message",
        || {
            data.rest
                .send_message(&ctx.http, channel, &message, send::file(reply))
        },
    )
    .await;
    match posted {
        Ok(message) => Some(message.id.get()),
        Err(e) => {
            data.failed(id, &e);
            retry::report(&e, "a new message", "it is not posted");
            None
        }
    }
}
