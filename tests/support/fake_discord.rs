//! A fake Discord for end-to-end tests: an in-process server on 127.0.0.1 that speaks enough of
//! Discord's REST API (under `/api/v10/...`) and gateway websocket for a real serenity/poise
//! client, plus a test-facing API to act as users (slash commands, button clicks, autocomplete)
//! and to inspect what the bot answered.
//!
//! Connect a bot to it with
//! `serenity::http::HttpBuilder::new(token).proxy(fake.base_url()).ratelimiter_disabled(true)`
//! and `ClientBuilder::new_with_http`.
//!
//! Every payload the bot sends is checked against Discord's limits (content length, action rows,
//! buttons, custom ids, labels, select options, command definitions) and every interaction must be
//! acknowledged exactly once within 3 seconds. Breaches are refused the way Discord refuses them
//! and recorded: assert `fake.violations()` is empty at the end of a test.
//!
//! Threads: the bot can start threads (`POST /channels/{id}/threads`, or from a message with
//! `POST /channels/{id}/messages/{m}/threads`), post, edit, delete and list messages in them, and
//! edit, archive or delete them; tests act in a thread by passing its id as the channel, and list
//! them with [`FakeDiscord::threads`]. Starting a public thread without a message also posts
//! Discord's "started a thread" system message (type 18) in the parent channel.
//!
//! Permissions: each user has permission bits ([`FakeDiscord::set_permissions`]; by default a
//! plain member, [`permissions::PLAIN_MEMBER`]), sent as `member.permissions` in interactions;
//! the bot keeps its own ([`permissions::BOT`], `app_permissions` in its servers; elsewhere the
//! limited sets Discord gives an app that is not there, `permissions::APP_IN_*`).
//!
//! What is left alive in a channel: [`FakeDiscord::live_buttons`],
//! [`FakeDiscord::public_messages_created`], [`FakeDiscord::alive_public_messages`],
//! [`FakeDiscord::pings`].
//!
//! Faults: [`FakeDiscord::inject`] queues a fault (5xx, 429, a hang, a 404 of a gone token or
//! message) for the next calls of a route, [`FakeDiscord::faults_served`] lists those served;
//! [`FakeDiscord::close_gateway`] and [`FakeDiscord::invalidate_session`] drop the gateway
//! session. Channel messages honour `nonce` with `enforce_nonce` as Discord does: a second
//! create with the same nonce answers the first message.
//!
//! Servers and shards: the fake serves [`FakeDiscord::GUILD_ID`] and any server added with
//! [`FakeDiscord::add_guild`]. Every channel belongs to one server (its own, as added, a
//! thread its parent's; any other channel id, but a DM's or group DM's, to `GUILD_ID`), so
//! `slash`, `click` and the rest act in the server of the channel they name. The gateway works as Discord's does with
//! shards: `GET /gateway/bot` answers the shard count a test sets
//! ([`FakeDiscord::set_gateway_shards`], default 1); a connection identifies as
//! `shard: [id, total]` (none means `[0, 1]`); its READY and GUILD_CREATEs carry only the
//! servers of that shard (`(guild_id >> 22) % total == id`), and each server's events,
//! interactions included, go out on its shard's connection only
//! ([`FakeDiscord::connections`], [`InteractionOutcome::shard`]). A violation is recorded when
//! two ready connections would both carry a server (the same shard twice, or shard counts that
//! overlap), when a shard id is not below its total (the connection is closed with 4010, as
//! Discord closes it), and when an interaction's server has no connected shard while other
//! shards are connected (with no connection at all, the bot is simply down: an error, no
//! violation).
//!
//! Places beyond the bot's servers (`places`): the DM between a person and the bot
//! ([`FakeDiscord::open_dm`]), a group DM ([`FakeDiscord::open_group_dm`]) and a server the bot
//! is not in ([`FakeDiscord::add_guild_without_bot`]), reached by people who installed the app
//! to their account ([`FakeDiscord::install_for_user`]). Interactions carry each place's
//! `context`, `authorizing_integration_owners` and `app_permissions`; a command is usable only
//! where its `integration_types` and `contexts` allow; a DM or group DM goes out on shard 0.
//! Where the bot is not a member its channel and server routes answer 403 Missing Access
//! ([`FakeDiscord::refused_channel_calls`]). An interaction token works on the webhook routes
//! for 15 minutes of the fake's clock ([`FakeDiscord::advance_clock`]), then answers 401
//! Invalid Webhook Token.
//!
//! Every REST request is recorded with its `Authorization` header
//! ([`FakeDiscord::requests_with_auth`]), so the fake can stand in for a REST proxy shared by
//! several bot processes.
//!
//! Set `FAKE_DISCORD_LOG=1` to print every request and gateway frame to stderr.

mod activities;
mod checks;
mod faults;
mod fixtures;
mod gateway;
mod inspect;
mod limits;
mod messages;
mod openapi;
mod places;
mod rest;
mod server;
mod users;

pub use faults::{Fault, Served};
pub use inspect::{exempt, route_of};
pub use limits::{Limited, Limits};
pub use places::{Place, TOKEN_LIFETIME};

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail};
use serde_json::{json, Value};
use tokio::sync::{mpsc, Notify};

/// Discord's deadline for acknowledging an interaction.
pub const ACK_DEADLINE: Duration = Duration::from_secs(3);
/// How long `slash`/`click`/`autocomplete` wait for the bot's answer (including, after a defer,
/// the followup or edit).
pub const RESPONSE_WAIT: Duration = Duration::from_secs(5);

const FLAG_EPHEMERAL: u64 = 1 << 6;
const FLAG_LOADING: u64 = 1 << 7;
const FLAG_SUPPRESS_EMBEDS: u64 = 1 << 2;
const FLAG_SUPPRESS_NOTIFICATIONS: u64 = 1 << 12;
/// Message flag: a thread was started from this message.
const FLAG_HAS_THREAD: u64 = 1 << 5;

/// Discord's permission bits (the ones the tests use) and the fake's presets.
pub mod permissions {
    pub const CREATE_INSTANT_INVITE: u64 = 1 << 0;
    pub const ADMINISTRATOR: u64 = 1 << 3;
    pub const ADD_REACTIONS: u64 = 1 << 6;
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const MANAGE_MESSAGES: u64 = 1 << 13;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const MENTION_EVERYONE: u64 = 1 << 17;
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    pub const MANAGE_THREADS: u64 = 1 << 34;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
    pub const USE_EXTERNAL_APPS: u64 = 1 << 50;

    /// What a member without any role has in a text channel of a default server (the default
    /// for every fake user): see, read, write, use commands, threads, reactions, links, files.
    pub const PLAIN_MEMBER: u64 = CREATE_INSTANT_INVITE
        | ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_EXTERNAL_EMOJIS
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | CREATE_PRIVATE_THREADS
        | SEND_MESSAGES_IN_THREADS;
    /// A plain member who may also manage messages and threads.
    pub const MODERATOR: u64 = PLAIN_MEMBER | MANAGE_MESSAGES | MANAGE_THREADS;
    /// The bot's permissions (its role's, and `app_permissions` in interactions): the text,
    /// voice and thread permissions of a default server, without Administrator or Manage
    /// Messages (bits 0, 6, 9-11, 14-18, 20, 21, 25, 26, 31, 32, 35-39, 42-50).
    pub const BOT: u64 = 2_248_473_465_835_073;
    /// `app_permissions` in a group DM, or a DM with someone other than the bot: "for (G)DMs
    /// with other users, it will include the `ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE`"
    /// (Discord's change log, "User-Installable Apps Preview", and the interaction structure's
    /// note on `app_permissions`).
    pub const APP_IN_PRIVATE_CHANNEL: u64 = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE;
    /// `app_permissions` in the DM between a person and the bot: those of a group DM, and
    /// "for DMs with the app's bot user it will also contain `USE_EXTERNAL_EMOJIS`".
    pub const APP_IN_BOT_DM: u64 = APP_IN_PRIVATE_CHANNEL | USE_EXTERNAL_EMOJIS;
    /// `app_permissions` in a server the bot is not in, with the fake's @everyone
    /// ([`PLAIN_MEMBER`]): "the same as the permissions for `@everyone`, but limited to the
    /// permissions that can be used in interaction responses (currently `ATTACH_FILES`,
    /// `EMBED_LINKS`, `MENTION_EVERYONE`, and `USE_EXTERNAL_EMOJIS`)" (change log, calculated
    /// permissions in interaction payloads), with Attach Files and Embed Links always there
    /// (discord-api-docs issue 5316).
    pub const APP_IN_GUILD_WITHOUT_BOT: u64 =
        ATTACH_FILES | EMBED_LINKS | (PLAIN_MEMBER & (MENTION_EVERYONE | USE_EXTERNAL_EMOJIS));
    /// Every permission bit Discord defines (what an administrator, or the server owner, has).
    pub const ALL: u64 = (1 << 51) - 1;

    /// Whether `bits` include `wanted` (Administrator includes everything).
    pub fn has(bits: u64, wanted: u64) -> bool {
        bits & ADMINISTRATOR != 0 || bits & wanted == wanted
    }
}

/// The bot's own user.
fn the_bot() -> FakeUser {
    FakeUser {
        id: FakeDiscord::BOT_USER_ID,
        name: "pakka".into(),
        bot: true,
    }
}

/// A user of the fake guild (a person, or another bot when `bot` is set).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeUser {
    pub id: u64,
    pub name: String,
    pub bot: bool,
}

impl FakeUser {
    /// `<@id>`, as Discord renders a mention.
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }

    /// The user object as Discord sends it.
    pub fn json(&self) -> Value {
        fixtures::user(self)
    }
}

/// How a message came to exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MessageOrigin {
    /// The response to an interaction (callback type 4, or the placeholder of a type 5 defer).
    InteractionResponse,
    /// A followup (`POST /webhooks/{app}/{token}`).
    Followup,
    /// `POST /channels/{id}/messages`.
    Channel,
    /// A message Discord posts itself (the "started a thread" message, type 18).
    System,
}

/// A thread channel started by the bot.
#[derive(Clone, Debug)]
pub struct FakeThread {
    /// The thread's channel id (for a thread started from a message, the message's id).
    pub id: u64,
    /// The channel it was started in.
    pub parent_id: u64,
    pub name: String,
    /// 11 public, 12 private.
    pub kind: u8,
    /// The message it was started from, if any.
    pub starter_message: Option<u64>,
    /// Minutes: 60, 1440, 4320 or 10080.
    pub auto_archive_duration: u64,
    pub invitable: bool,
    pub archived: bool,
    pub locked: bool,
    /// Deleted (`DELETE /channels/{id}`): its messages are gone too.
    pub deleted: bool,
    /// Who is in the thread: the bot, and users added with `PUT .../thread-members/{user}` or
    /// [`FakeDiscord::join_thread`]. Only they (and members who may manage threads) can see a
    /// private thread.
    pub members: BTreeSet<u64>,
    pub created_at: String,
    pub archive_timestamp: String,
}

/// A file attached to a message (uploaded as a multipart part and named in `attachments`).
#[derive(Clone, Debug)]
pub struct FakeAttachment {
    pub id: u64,
    pub filename: String,
    pub bytes: Arc<Vec<u8>>,
}

/// An earlier state of a message, kept when it is edited.
#[derive(Clone, Debug)]
pub struct MessageVersion {
    pub content: String,
    pub components: Value,
    pub embeds: Value,
    pub flags: u64,
    /// The file names of its attachments.
    pub attachments: Vec<String>,
    /// When this version appeared (the message posted, or the edit that made it).
    pub shown_at: Instant,
    /// The interaction whose answer, followup or token's edit made this version (None: the
    /// bot's own post or edit through a channel route).
    pub made_by: Option<u64>,
}

/// A message as the fake stores it (always authored by the bot).
#[derive(Clone, Debug)]
pub struct FakeMessage {
    pub id: u64,
    pub channel_id: u64,
    pub content: String,
    /// The action rows, as the bot sent them.
    pub components: Value,
    pub embeds: Value,
    /// Its files, as Discord keeps them: an edit that names `attachments` replaces the list.
    pub attachments: Vec<FakeAttachment>,
    pub flags: u64,
    pub ephemeral: bool,
    /// For an ephemeral message, the one user who can see it.
    pub visible_to: Option<u64>,
    /// Who can see a public message of a DM or group DM: the people there (None in a server's
    /// channel, which every member sees).
    pub audience: Option<Vec<u64>>,
    pub origin: MessageOrigin,
    /// The interaction this message answers (response or followup).
    pub interaction_id: Option<u64>,
    /// The message's `interaction_metadata` as Discord sends it (who triggered the interaction,
    /// and for a component the message clicked), or null.
    pub interaction_metadata: Value,
    /// A deferred ("is thinking...") response not yet filled in.
    pub loading: bool,
    pub deleted: bool,
    /// Earlier versions, oldest first (shared: a message copied out for a look copies no
    /// version).
    pub history: Arc<Vec<MessageVersion>>,
    /// When the current version appeared.
    pub shown_at: Instant,
    /// The interaction that made the current version (see [`MessageVersion::made_by`]).
    pub made_by: Option<u64>,
    /// Discord's message type (0 default, 18 thread created, 20 reply to a slash command).
    pub kind: u8,
    /// The `allowed_mentions` last sent with it (null: never given, Discord's default of
    /// notifying every mention).
    pub allowed_mentions: Value,
    /// The users it mentions in a way that notifies them, as it is now (its `mentions`).
    pub mentions: Vec<u64>,
    /// The users Discord notified when it was posted (or, for a deferred response, when it was
    /// filled in): the mentions its `allowed_mentions` let through, none for an ephemeral or a
    /// silent (`SUPPRESS_NOTIFICATIONS`) message. Editing a message never notifies anyone.
    pub pinged: Vec<u64>,
    /// The thread started from this message.
    pub thread: Option<u64>,
    /// `message_reference` (the thread of a type 18 message), or null.
    pub reference: Value,
    /// Who deleted it, when a user did ([`FakeDiscord::delete_message_as`]) rather than the bot.
    pub deleted_by: Option<u64>,
    pub created_at: String,
    pub edited_at: Option<String>,
}

impl FakeMessage {
    fn components_iter(&self) -> impl Iterator<Item = &Value> {
        self.components
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|row| row.get("components").and_then(Value::as_array))
            .flatten()
    }

    /// The interactive buttons, in order: `(custom_id, label, disabled)` — the third field is
    /// the button's `disabled` flag (absent means enabled). Link buttons (which have no custom id
    /// and never reach the bot) are left out.
    pub fn buttons(&self) -> Vec<(String, String, bool)> {
        self.components_iter()
            .filter(|c| c.get("type").and_then(Value::as_u64) == Some(2))
            .filter_map(|c| {
                let id = c.get("custom_id")?.as_str()?.to_string();
                let label = c.get("label").and_then(Value::as_str).unwrap_or_default();
                let disabled = c.get("disabled").and_then(Value::as_bool).unwrap_or(false);
                Some((id, label.to_string(), disabled))
            })
            .collect()
    }

    /// The link buttons (style 5, which open an address and never reach the bot), in order:
    /// `(label, url)`.
    pub fn links(&self) -> Vec<(String, String)> {
        self.components_iter()
            .filter(|c| c.get("type").and_then(Value::as_u64) == Some(2))
            .filter(|c| c.get("style").and_then(Value::as_u64) == Some(5))
            .map(|c| {
                let text = |key: &str| c.get(key).and_then(Value::as_str).unwrap_or_default();
                (text("label").to_string(), text("url").to_string())
            })
            .collect()
    }

    /// The labels of the buttons, in order.
    pub fn button_labels(&self) -> Vec<String> {
        self.buttons().into_iter().map(|(_, l, _)| l).collect()
    }

    /// The raw component (button or select menu) with this custom id.
    pub fn component(&self, custom_id: &str) -> Option<Value> {
        self.components_iter()
            .find(|c| c.get("custom_id").and_then(Value::as_str) == Some(custom_id))
            .cloned()
    }

    /// The string select menus: `(custom_id, [(value, label)])`.
    pub fn select_menus(&self) -> Vec<(String, Vec<(String, String)>)> {
        self.components_iter()
            .filter(|c| c.get("type").and_then(Value::as_u64) == Some(3))
            .filter_map(|c| {
                let id = c.get("custom_id")?.as_str()?.to_string();
                let options = c
                    .get("options")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .map(|o| {
                        let s =
                            |k: &str| o.get(k).and_then(Value::as_str).unwrap_or("").to_string();
                        (s("value"), s("label"))
                    })
                    .collect();
                Some((id, options))
            })
            .collect()
    }

    /// Whether `user` can see this message: an ephemeral one addressed to them, or a public
    /// one of a server's channel, or of a DM or group DM they are in.
    pub fn is_visible_to(&self, user: u64) -> bool {
        !self.deleted
            && if self.ephemeral {
                self.visible_to == Some(user)
            } else {
                self.audience.as_ref().is_none_or(|a| a.contains(&user))
            }
    }

    fn version(&self) -> MessageVersion {
        MessageVersion {
            content: self.content.clone(),
            components: self.components.clone(),
            embeds: self.embeds.clone(),
            flags: self.flags,
            attachments: self
                .attachments
                .iter()
                .map(|a| a.filename.clone())
                .collect(),
            shown_at: self.shown_at,
            made_by: self.made_by,
        }
    }

    /// Every version, oldest first, the current one last.
    pub fn versions(&self) -> Vec<MessageVersion> {
        self.history
            .iter()
            .cloned()
            .chain(std::iter::once(self.version()))
            .collect()
    }

    /// The picture its embed shows (`image.url` = `attachment://<file>`), if any.
    pub fn image(&self) -> Option<&FakeAttachment> {
        let url = self
            .embeds
            .as_array()?
            .iter()
            .find_map(|e| e.pointer("/image/url").and_then(Value::as_str))?;
        let file = url.strip_prefix("attachment://")?;
        self.attachments.iter().find(|a| a.filename == file)
    }
}

/// What the bot did with one interaction.
#[derive(Clone, Debug)]
pub struct InteractionOutcome {
    pub interaction_id: u64,
    pub token: String,
    /// 4 message, 5 deferred message, 6 deferred update, 7 update message, 8 autocomplete, 9 modal.
    pub callback_type: u8,
    /// The whole callback body (`{"type": .., "data": ..}`).
    pub body: Value,
    /// Time from sending the dispatch to receiving the callback.
    pub latency: Duration,
    /// The message the interaction created or updated, in its state when the call returned: the
    /// new message for type 4, the filled-in response for type 5, the clicked message for 6 and
    /// 7.
    pub message: Option<FakeMessage>,
    /// Whether a deferred update (6) was followed by an edit of its message (true for every
    /// other answer).
    pub edited: bool,
    /// Followup messages sent so far (a followup that fills in a deferred response is `message`,
    /// not listed here).
    pub followups: Vec<FakeMessage>,
    /// The server it came from (0 for a DM or group DM).
    pub guild: u64,
    /// The gateway shard `[id, total]` whose connection delivered it.
    pub shard: [u32; 2],
    /// Its `context`: 0 a server, 1 the DM with the bot, 2 a group DM.
    pub context: u8,
    /// Its `authorizing_integration_owners`, as sent (`{"0": guild}`, `{"1": user}`, ...).
    pub owners: Value,
    /// Its `app_permissions`.
    pub app_permissions: u64,
}

impl InteractionOutcome {
    /// The callback's `data`.
    pub fn data(&self) -> &Value {
        &self.body["data"]
    }

    /// The content of `message` ("" if none).
    pub fn content(&self) -> &str {
        self.message.as_ref().map_or("", |m| m.content.as_str())
    }

    /// Whether the click changed the clicked message in place: an update (7), or a deferred
    /// update (6) that an edit of the message followed, as a move is answered (the bot
    /// acknowledges at once and its subscriber edits the hand, like every other hand).
    pub fn in_place(&self) -> bool {
        matches!(self.callback_type, 6 | 7)
    }

    /// Whether `message` is ephemeral.
    pub fn is_ephemeral(&self) -> bool {
        self.message.as_ref().is_some_and(|m| m.ephemeral)
    }

    /// `message`, or an error saying there was none.
    pub fn message(&self) -> anyhow::Result<&FakeMessage> {
        self.message.as_ref().ok_or_else(|| {
            anyhow!(
                "interaction answered with type {} and no message",
                self.callback_type
            )
        })
    }
}

#[derive(Clone, Debug)]
struct Callback {
    kind: u8,
    body: Value,
    latency: Duration,
    refused: Option<String>,
}

#[derive(Debug)]
struct InteractionRecord {
    token: String,
    /// 2 application command, 3 message component, 4 autocomplete.
    kind: u8,
    user_id: u64,
    channel_id: u64,
    guild: u64,
    shard: [u32; 2],
    label: String,
    component_message: Option<u64>,
    dispatched_at: Instant,
    callback: Option<Callback>,
    original: Option<u64>,
    followups: Vec<u64>,
    /// Followups, edits and deletions through the token after the callback.
    updates: u32,
    /// How many earlier versions the original message had right after the callback (an edit
    /// by any route after that completes a deferred update).
    original_versions: usize,
    /// Its `context`, `authorizing_integration_owners` and `app_permissions`.
    context: u8,
    owners: Value,
    app_permissions: u64,
    /// The fake's clock offset when it was dispatched (its token's age counts advances made
    /// after that).
    clock_at_dispatch: Duration,
    /// Follow-ups created through its token (`POST /webhooks/{app}/{token}`).
    followup_posts: u32,
}

pub(crate) enum Outgoing {
    Text(String),
    Close(u16, String),
}

struct Conn {
    tx: mpsc::UnboundedSender<Outgoing>,
    seq: u64,
    ready: bool,
    /// The shard `[id, total]` it identified (or resumed) as.
    shard: Option<[u32; 2]>,
    /// The servers its READY announced.
    guilds: Vec<u64>,
}

/// One gateway connection as a test sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardConnection {
    /// The fake's number for the connection (increasing).
    pub conn: u64,
    /// The shard `[id, total]` it identified as (None before IDENTIFY).
    pub shard: Option<[u32; 2]>,
    /// Identified or resumed, and not closed or invalidated since.
    pub ready: bool,
    /// The servers its READY announced.
    pub guilds: Vec<u64>,
}

/// The shard of server `guild` when the gateway has `total` shards: `(guild >> 22) % total`.
pub fn shard_of(guild: u64, total: u32) -> u32 {
    ((guild >> 22) % u64::from(total.max(1))) as u32
}

/// Whether two shards carry a server in common: `a` and `b` both hold some `x` when
/// `x % n == a` and `x % m == b`, that is when `a ≡ b (mod gcd(n, m))`.
fn shards_overlap([a, n]: [u32; 2], [b, m]: [u32; 2]) -> bool {
    fn gcd(x: u32, y: u32) -> u32 {
        if y == 0 {
            x
        } else {
            gcd(y, x % y)
        }
    }
    let g = gcd(n.max(1), m.max(1));
    a % g == b % g
}

/// A server of the fake: its text channels (announced in its GUILD_CREATE).
#[derive(Clone, Debug, Default)]
struct FakeGuild {
    channels: Vec<u64>,
}

struct State {
    next_id: u64,
    users: HashMap<u64, FakeUser>,
    /// Permission bits set with `set_permissions` (others: the defaults of `permissions_of`).
    permissions: HashMap<u64, u64>,
    threads: BTreeMap<u64, FakeThread>,
    messages: BTreeMap<u64, FakeMessage>,
    /// The ids of each channel's messages, oldest first.
    by_channel: HashMap<u64, Vec<u64>>,
    /// The ids of each channel's public messages not yet known deleted, oldest first (pruned
    /// as they are read: a long run's lookups stay as quick as its first).
    public_by_channel: HashMap<u64, Vec<u64>>,
    interactions: BTreeMap<u64, InteractionRecord>,
    tokens: HashMap<String, u64>,
    global_commands: Vec<Value>,
    guild_commands: BTreeMap<u64, Vec<Value>>,
    command_ids: HashMap<(Option<u64>, u64, String), u64>,
    registrations: u32,
    violations: Vec<String>,
    latencies: Vec<Duration>,
    conns: HashMap<u64, Conn>,
    next_conn: u64,
    /// Session ids handed out in READY, with their shard (a RESUME names one).
    sessions: HashMap<String, [u32; 2]>,
    /// The servers the bot is in, and which server each added channel belongs to (those of
    /// servers without the bot too).
    guilds: BTreeMap<u64, FakeGuild>,
    channel_guilds: HashMap<u64, u64>,
    /// Servers the bot is not in, each with its channels and the person who added the app to
    /// their account there ([`FakeDiscord::add_guild_without_bot`]).
    guilds_without_bot: BTreeMap<u64, places::GuildWithoutBot>,
    /// DMs between a person and the bot: channel → the person.
    dms: HashMap<u64, u64>,
    /// Group DMs: channel → its people (the bot is never one of them).
    group_dms: HashMap<u64, Vec<u64>>,
    /// The people who installed the app to their account.
    installed: HashSet<u64>,
    /// How far the fake's clock is ahead of real time ([`FakeDiscord::advance_clock`]).
    clock_offset: Duration,
    /// REST calls refused because the bot is not in the channel or server they name.
    refused: Vec<String>,
    /// Webhook calls refused because the interaction's token had expired.
    expired: Vec<String>,
    /// `integration_types` given to a global command registered without any.
    default_integration_types: Vec<u8>,
    /// The shard count `GET /gateway/bot` recommends.
    gateway_shards: u32,
    identifies: u32,
    resumes: u32,
    last_identify: Option<Value>,
    requests: Vec<String>,
    /// The `Authorization` header of each request and when it came, in the order of
    /// `requests`.
    request_meta: Vec<(Option<String>, Instant)>,
    /// Users' Discord languages (`locale` of their interactions; en-US when not set).
    locales: HashMap<u64, String>,
    /// The server's preferred language (`guild_locale`).
    guild_locale: String,
    /// Files of multipart requests, by upload key (named in the request's `__uploads`).
    uploads: HashMap<u64, (String, Arc<Vec<u8>>)>,
    /// Faults waiting for their calls, and those served.
    faults: Vec<faults::Injected>,
    served: Vec<Served>,
    /// Interactions whose callback was done but answered with a fault: a second callback is
    /// the caller's fair retry (Discord answers 40060), not a violation.
    faulted_callbacks: HashSet<u64>,
    /// Enforced nonces of created channel messages.
    nonces: HashMap<String, u64>,
    /// Discord's rate limits, when enforced, and what they refused.
    buckets: limits::Buckets,
    /// The heartbeat interval a new gateway connection's HELLO asks for.
    heartbeat_ms: u64,
    /// How long every REST call takes to be answered (none: at once).
    rest_latency: Duration,
    /// The most a call through an interaction's token waits, drawn at random for each (none:
    /// no jitter).
    webhook_jitter: Duration,
    /// REST calls that came over HTTP/2, and over HTTP/1.x.
    http_versions: (u64, u64),
    /// Channels whose live public messages are counted at every change ([`FakeDiscord::watch_live`]).
    watched: HashMap<u64, inspect::LiveWatch>,
    /// OAuth2 codes not yet exchanged, and access tokens, by person.
    oauth_codes: HashMap<String, u64>,
    access_tokens: HashMap<String, u64>,
    /// Open Activity instances.
    instances: HashMap<String, activities::FakeInstance>,
    /// Interactions answered with LAUNCH_ACTIVITY.
    launched: Vec<u64>,
    /// How long a click answered with a deferred update waits for its message's edit before
    /// it returns without one ([`FakeDiscord::wait_for_deferred_edits`]; `RESPONSE_WAIT`).
    deferred_wait: Duration,
}

impl State {
    fn next_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn violation(&mut self, msg: String) {
        eprintln!("[fake-discord] VIOLATION: {msg}");
        self.violations.push(msg);
    }

    fn user(&self, id: u64) -> FakeUser {
        self.users.get(&id).cloned().unwrap_or_else(|| FakeUser {
            id,
            name: format!("user{id}"),
            bot: false,
        })
    }

    /// A user's permission bits in the guild's channels.
    fn permissions_of(&self, user: u64) -> u64 {
        if let Some(p) = self.permissions.get(&user) {
            return *p;
        }
        match user {
            FakeDiscord::BOT_USER_ID => permissions::BOT,
            FakeDiscord::OWNER_ID => permissions::ALL,
            _ => permissions::PLAIN_MEMBER,
        }
    }

    /// A thread the bot started (deleted ones included).
    fn thread(&self, channel: u64) -> Option<&FakeThread> {
        self.threads.get(&channel)
    }

    fn thread_counts(&self, thread: u64) -> fixtures::ThreadCounts {
        let msgs = self
            .messages
            .values()
            .filter(|m| m.channel_id == thread && !m.ephemeral);
        let mut counts = fixtures::ThreadCounts {
            last_message_id: None,
            message_count: 0,
            total_message_sent: 0,
        };
        for m in msgs {
            counts.total_message_sent += 1;
            if !m.deleted {
                counts.message_count += 1;
                counts.last_message_id = Some(m.id);
            }
        }
        counts
    }

    /// The server a channel (or a thread, by its parent) belongs to: as added, 0 for a DM or
    /// group DM, else `GUILD_ID`.
    fn guild_of(&self, channel: u64) -> u64 {
        let channel = self.threads.get(&channel).map_or(channel, |t| t.parent_id);
        if self.dms.contains_key(&channel) || self.group_dms.contains_key(&channel) {
            return 0;
        }
        self.channel_guilds
            .get(&channel)
            .copied()
            .unwrap_or(FakeDiscord::GUILD_ID)
    }

    fn thread_json(&self, t: &FakeThread) -> Value {
        let v = fixtures::thread_channel(
            t,
            self.guild_of(t.parent_id),
            FakeDiscord::BOT_USER_ID,
            &self.thread_counts(t.id),
        );
        fixtures::validate::<serenity::all::GuildChannel>("thread", &v);
        v
    }

    /// Sends a gateway dispatch about server `guild` on its shard's connection (dropped when
    /// none is connected).
    fn dispatch(&mut self, log: bool, guild: u64, t: &str, d: Value) {
        let Some(conn) = self.conn_for(guild) else {
            return;
        };
        let Some(c) = self.conns.get_mut(&conn) else {
            return;
        };
        c.seq += 1;
        let payload = json!({"op": 0, "t": t, "s": c.seq, "d": d});
        fixtures::validate_dispatch(&payload);
        if log {
            eprintln!("[fake-discord] gateway {conn} -> {payload}");
        }
        let _ = c.tx.send(Outgoing::Text(payload.to_string()));
    }

    /// Whether any connection is ready.
    fn any_ready(&self) -> bool {
        self.conns.values().any(|c| c.ready)
    }

    /// The ready connection whose shard carries server `guild` (the newest, if a violation
    /// left two).
    fn conn_for(&self, guild: u64) -> Option<u64> {
        self.conns
            .iter()
            .filter(|(_, c)| c.ready)
            .filter(|(_, c)| {
                c.shard
                    .is_some_and(|[id, total]| shard_of(guild, total) == id)
            })
            .map(|(id, _)| *id)
            .max()
    }

    /// The servers of shard `[id, total]`.
    fn guilds_of_shard(&self, [id, total]: [u32; 2]) -> Vec<u64> {
        self.guilds
            .keys()
            .copied()
            .filter(|&g| shard_of(g, total) == id)
            .collect()
    }

    /// Marks `conn` ready as `shard`, recording a violation when another ready connection
    /// carries a server of it too.
    fn take_shard(&mut self, conn: u64, shard: [u32; 2]) {
        let clashes: Vec<[u32; 2]> = self
            .conns
            .iter()
            .filter(|(id, c)| **id != conn && c.ready)
            .filter_map(|(_, c)| c.shard)
            .filter(|other| shards_overlap(*other, shard))
            .collect();
        for other in clashes {
            if other == shard {
                self.violation(format!(
                    "two gateway connections identify as the same shard {shard:?}"
                ));
            } else {
                self.violation(format!(
                    "gateway shards {other:?} and {shard:?} of two connections carry the same servers"
                ));
            }
        }
        if let Some(c) = self.conns.get_mut(&conn) {
            c.ready = true;
            c.shard = Some(shard);
        }
    }
}

pub(crate) struct Inner {
    addr: SocketAddr,
    state: Mutex<State>,
    changed: Notify,
    log: bool,
}

/// A REST error in Discord's format.
#[derive(Debug)]
pub(crate) struct RestError {
    pub status: u16,
    pub code: u64,
    pub message: String,
}

impl RestError {
    fn new(status: u16, code: u64, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
        }
    }

    fn unknown_channel() -> Self {
        Self::new(404, 10003, "Unknown Channel")
    }

    fn unknown_message() -> Self {
        Self::new(404, 10008, "Unknown Message")
    }

    fn unknown_webhook() -> Self {
        Self::new(404, 10015, "Unknown Webhook")
    }

    fn unknown_interaction() -> Self {
        Self::new(404, 10062, "Unknown interaction")
    }

    fn invalid_form_body() -> Self {
        Self::new(400, 50035, "Invalid Form Body")
    }

    pub fn body(&self) -> Value {
        json!({"message": self.message, "code": self.code})
    }
}

pub(crate) enum Reply {
    Json(Value),
    NoContent,
}

type RestResult = Result<Reply, RestError>;

impl Inner {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn touch(&self) {
        self.lock().note_live();
        self.changed.notify_waiters();
    }

    fn bot(&self) -> FakeUser {
        the_bot()
    }

    fn owner(&self) -> FakeUser {
        FakeUser {
            id: FakeDiscord::OWNER_ID,
            name: "owner".into(),
            bot: false,
        }
    }

    fn ws_url(&self) -> String {
        format!("ws://{}/gateway", self.addr)
    }

    fn message_json(&self, st: &State, m: &FakeMessage) -> Value {
        let mentions = m.mentions.iter().map(|u| st.user(*u).json()).collect();
        let thread = m
            .thread
            .and_then(|t| st.thread(t))
            .map(|t| st.thread_json(t));
        let v = fixtures::message(m, &self.bot(), FakeDiscord::APP_ID, mentions, thread);
        fixtures::validate::<serenity::all::Message>("message", &v);
        v
    }
}

/// Handle on a running fake Discord. Cheap to clone.
#[derive(Clone)]
pub struct FakeDiscord {
    inner: Arc<Inner>,
}

impl FakeDiscord {
    pub const APP_ID: u64 = 900_000_000_000_000_001;
    pub const BOT_USER_ID: u64 = 900_000_000_000_000_002;
    pub const OWNER_ID: u64 = 900_000_000_000_000_003;
    pub const GUILD_ID: u64 = 900_000_000_000_000_100;
    /// A text channel of the guild, announced in GUILD_CREATE. Any other channel id works too.
    pub const CHANNEL_ID: u64 = 900_000_000_000_000_200;
    /// A voice channel of the guild (type 2), announced in GUILD_CREATE: its text chat takes
    /// messages and commands as a text channel does, but no thread is started in it.
    pub const VOICE_CHANNEL_ID: u64 = 900_000_000_000_000_300;
    /// The token a bot should use (the fake accepts any).
    pub const TOKEN: &'static str = "fake-token";

    /// Starts the fake on 127.0.0.1 with a free port.
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind 127.0.0.1:0 for the fake Discord");
        let addr = listener
            .local_addr()
            .expect("local address of the fake Discord");
        let inner = Arc::new(Inner {
            addr,
            state: Mutex::new(State {
                next_id: 1_000_000_000_000_000_000,
                deferred_wait: RESPONSE_WAIT,
                users: HashMap::new(),
                permissions: HashMap::new(),
                threads: BTreeMap::new(),
                messages: BTreeMap::new(),
                by_channel: HashMap::new(),
                public_by_channel: HashMap::new(),
                oauth_codes: HashMap::new(),
                access_tokens: HashMap::new(),
                instances: HashMap::new(),
                launched: Vec::new(),
                interactions: BTreeMap::new(),
                tokens: HashMap::new(),
                global_commands: Vec::new(),
                guild_commands: BTreeMap::new(),
                command_ids: HashMap::new(),
                registrations: 0,
                violations: Vec::new(),
                latencies: Vec::new(),
                conns: HashMap::new(),
                next_conn: 0,
                sessions: HashMap::new(),
                guilds: BTreeMap::from([(
                    FakeDiscord::GUILD_ID,
                    FakeGuild {
                        channels: vec![FakeDiscord::CHANNEL_ID, FakeDiscord::VOICE_CHANNEL_ID],
                    },
                )]),
                channel_guilds: HashMap::from([(FakeDiscord::CHANNEL_ID, FakeDiscord::GUILD_ID)]),
                guilds_without_bot: BTreeMap::new(),
                dms: HashMap::new(),
                group_dms: HashMap::new(),
                installed: HashSet::new(),
                clock_offset: Duration::ZERO,
                refused: Vec::new(),
                expired: Vec::new(),
                default_integration_types: vec![0],
                gateway_shards: 1,
                identifies: 0,
                resumes: 0,
                last_identify: None,
                requests: Vec::new(),
                request_meta: Vec::new(),
                uploads: HashMap::new(),
                faults: Vec::new(),
                served: Vec::new(),
                faulted_callbacks: HashSet::new(),
                heartbeat_ms: 41_250,
                rest_latency: Duration::ZERO,
                webhook_jitter: Duration::ZERO,
                http_versions: (0, 0),
                watched: HashMap::new(),
                nonces: HashMap::new(),
                buckets: limits::Buckets::default(),
                locales: HashMap::new(),
                guild_locale: "en-US".to_string(),
            }),
            changed: Notify::new(),
            log: std::env::var_os("FAKE_DISCORD_LOG").is_some_and(|v| !v.is_empty() && v != "0"),
        });
        let app = server::router(inner.clone());
        // Answers and gateway frames go out at once, as Discord's do: with Nagle's algorithm a
        // small write waits for the bot's delayed ACK (about 40 ms on Linux).
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
        tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                eprintln!("[fake-discord] server stopped: {e}");
            }
        });
        FakeDiscord { inner }
    }

    /// `http://127.0.0.1:PORT`: what the bot passes to `HttpBuilder::proxy`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.inner.addr)
    }

    /// `ws://127.0.0.1:PORT/gateway`.
    pub fn gateway_url(&self) -> String {
        self.inner.ws_url()
    }

    /// The bot's own user.
    pub fn bot(&self) -> FakeUser {
        self.inner.bot()
    }

    // ----- servers and shards --------------------------------------------------------------------

    /// Adds a server with its text channels (announced in its GUILD_CREATE, on its shard's
    /// connection only; a bot already connected hears of it when it next identifies). Slash
    /// commands and clicks in these channels come from this server, on its shard.
    pub fn add_guild(&self, guild: u64, channels: &[u64]) {
        let mut st = self.inner.lock();
        for &c in channels {
            st.channel_guilds.insert(c, guild);
        }
        st.guilds
            .entry(guild)
            .or_default()
            .channels
            .extend(channels);
    }

    /// The server a channel (or thread) belongs to (0 for a DM or group DM; see
    /// [`Self::place_of`]).
    pub fn guild_of(&self, channel: u64) -> u64 {
        self.inner.lock().guild_of(channel)
    }

    /// Sets the shard count `GET /gateway/bot` recommends (what an autosharded bot runs).
    pub fn set_gateway_shards(&self, shards: u32) {
        self.inner.lock().gateway_shards = shards;
    }

    /// Every open gateway connection, oldest first: its shard and the servers of its READY.
    pub fn connections(&self) -> Vec<ShardConnection> {
        let st = self.inner.lock();
        let mut conns: Vec<ShardConnection> = st
            .conns
            .iter()
            .map(|(&conn, c)| ShardConnection {
                conn,
                shard: c.shard,
                ready: c.ready,
                guilds: c.guilds.clone(),
            })
            .collect();
        conns.sort_by_key(|c| c.conn);
        conns
    }

    /// The shards `[id, total]` of the ready connections, sorted.
    pub fn ready_shards(&self) -> Vec<[u32; 2]> {
        let mut shards: Vec<[u32; 2]> = self
            .connections()
            .into_iter()
            .filter(|c| c.ready)
            .filter_map(|c| c.shard)
            .collect();
        shards.sort();
        shards
    }

    /// Waits until these shards (and maybe others) are connected and ready.
    pub async fn wait_for_shards(
        &self,
        shards: &[[u32; 2]],
        timeout: Duration,
    ) -> anyhow::Result<()> {
        let wanted = shards.to_vec();
        self.wait_until(timeout, move |f| {
            let ready = f.ready_shards();
            wanted.iter().all(|s| ready.contains(s))
        })
        .await
        .map_err(|_| {
            anyhow!(
                "shards {shards:?} were not all ready within {timeout:?} (ready: {:?})",
                self.ready_shards()
            )
        })
    }

    /// Whether server `guild`'s shard has a ready connection.
    pub fn guild_connected(&self, guild: u64) -> bool {
        self.inner.lock().conn_for(guild).is_some()
    }

    /// A person in the test guild (registered so that USER options resolve to it).
    pub fn user(&self, id: u64, name: &str) -> FakeUser {
        self.add_user(id, name, false)
    }

    /// Sets the Discord language of a user's client (`fi`, `en-US`): their interactions carry it.
    pub fn set_locale(&self, user: u64, locale: &str) {
        self.inner.lock().locales.insert(user, locale.to_string());
    }

    /// Sets the server's preferred language (`guild_locale` of every interaction).
    pub fn set_guild_locale(&self, locale: &str) {
        self.inner.lock().guild_locale = locale.to_string();
    }

    /// Another bot account in the test guild.
    pub fn bot_user(&self, id: u64, name: &str) -> FakeUser {
        self.add_user(id, name, true)
    }

    fn add_user(&self, id: u64, name: &str, bot: bool) -> FakeUser {
        let u = FakeUser {
            id,
            name: name.to_string(),
            bot,
        };
        self.inner.lock().users.insert(id, u.clone());
        u
    }

    /// Polls `predicate` (on every change in the fake, and at least every 50 ms) until it holds.
    pub async fn wait_until(
        &self,
        timeout: Duration,
        predicate: impl Fn(&FakeDiscord) -> bool,
    ) -> anyhow::Result<()> {
        let deadline = Instant::now() + timeout;
        loop {
            let notified = self.inner.changed.notified();
            if predicate(self) {
                return Ok(());
            }
            let now = Instant::now();
            if now >= deadline {
                bail!("condition not met within {timeout:?}");
            }
            let step = (deadline - now).min(Duration::from_millis(50));
            let _ = tokio::time::timeout(step, notified).await;
        }
    }

    /// Waits until a bot is connected to the gateway and has received READY.
    pub async fn wait_for_identify(&self, timeout: Duration) -> anyhow::Result<()> {
        self.wait_until(timeout, |f| f.inner.lock().any_ready())
            .await
            .map_err(|_| anyhow!("no bot identified on the fake gateway within {timeout:?}"))
    }

    /// How many IDENTIFYs (fresh sessions) the gateway has answered.
    pub fn identify_count(&self) -> u32 {
        self.inner.lock().identifies
    }

    /// How many RESUMEs the gateway has answered.
    pub fn resume_count(&self) -> u32 {
        self.inner.lock().resumes
    }

    /// The `d` of the last IDENTIFY (token, intents, properties, ...).
    pub fn last_identify(&self) -> Option<Value> {
        self.inner.lock().last_identify.clone()
    }

    /// Whether a bot is connected and ready (on any shard).
    pub fn bot_connected(&self) -> bool {
        self.inner.lock().any_ready()
    }

    /// Waits until the bot has registered commands (one PUT or POST), and returns every
    /// registered command (guild ones first, then global) as Discord would return them.
    pub async fn wait_for_commands(&self, timeout: Duration) -> anyhow::Result<Vec<Value>> {
        self.wait_until(timeout, |f| f.inner.lock().registrations > 0)
            .await
            .map_err(|_| anyhow!("the bot registered no commands within {timeout:?}"))?;
        Ok(self.commands())
    }

    /// Every registered command (guild ones first, then global).
    pub fn commands(&self) -> Vec<Value> {
        let st = self.inner.lock();
        st.guild_commands
            .values()
            .flatten()
            .chain(&st.global_commands)
            .cloned()
            .collect()
    }

    /// How many times commands were registered (PUT or POST).
    pub fn command_registrations(&self) -> u32 {
        self.inner.lock().registrations
    }

    // ----- faults --------------------------------------------------------------------------------

    /// Serves `fault` to the next `times` REST calls matching `route`: a method and a path
    /// after `/api/v10` where `*` stands for one segment, e.g. `"PATCH /channels/*/messages/*"`,
    /// `"POST /interactions/*/*/callback"`, `"PATCH /webhooks/*/*/messages/*"`.
    pub fn inject(&self, route: &str, fault: Fault, times: u32) {
        let injected = faults::Injected::new(route, fault, times);
        self.inner.lock().faults.push(injected);
    }

    /// How long a click answered with a deferred update (type 6) waits for its message's edit
    /// before it returns without one: a test where the bot can edit no message through a
    /// webhook waits less.
    pub fn wait_for_deferred_edits(&self, wait: Duration) {
        self.inner.lock().deferred_wait = wait;
    }

    /// Enforces Discord's rate limits from now on (see `limits`).
    pub fn enforce_limits(&self, limits: Limits) {
        self.inner.lock().buckets.limits = Some(limits);
    }

    /// The requests the rate limits refused so far.
    pub fn limited(&self) -> Vec<Limited> {
        self.inner.lock().buckets.limited.clone()
    }

    /// The 401, 403 and 429 answers served so far (Discord bans an IP after 10,000 in 10
    /// minutes).
    pub fn invalid_requests(&self) -> usize {
        self.inner.lock().buckets.invalid
    }

    /// Every version of every public message of a channel (deleted ones too), each with when
    /// it appeared: what the channel showed, and since when.
    pub fn channel_versions(&self, channel: u64) -> Vec<MessageVersion> {
        let st = self.inner.lock();
        st.messages
            .values()
            .filter(|m| m.channel_id == channel && !m.ephemeral)
            .flat_map(|m| {
                m.history
                    .iter()
                    .cloned()
                    .chain(std::iter::once(m.version()))
            })
            .collect()
    }

    /// Every fault served so far, in order.
    pub fn faults_served(&self) -> Vec<Served> {
        self.inner.lock().served.clone()
    }

    /// How many injected faults still wait for their calls.
    pub fn faults_pending(&self) -> u32 {
        self.inner.lock().faults.iter().map(|f| f.left).sum()
    }

    /// Closes the bot's gateway connection with `code` (4000 and most others: the bot may
    /// RESUME; 4009 session timed out: it must IDENTIFY afresh) and waits for the socket to go.
    pub async fn close_gateway(&self, code: u16) {
        let conns: Vec<u64> = {
            let mut st = self.inner.lock();
            for c in st.conns.values_mut() {
                c.ready = false;
                let _ =
                    c.tx.send(Outgoing::Close(code, "fake Discord: fault".into()));
            }
            st.conns.keys().copied().collect()
        };
        self.inner.touch();
        let _ = self
            .wait_until(Duration::from_secs(2), |f| {
                let st = f.inner.lock();
                conns.iter().all(|c| !st.conns.contains_key(c))
            })
            .await;
    }

    /// Sends Invalid Session (op 9, not resumable) on every ready connection: the bot must
    /// IDENTIFY afresh on a new session.
    pub fn invalidate_session(&self) {
        let mut st = self.inner.lock();
        for c in st.conns.values_mut().filter(|c| c.ready) {
            let _ =
                c.tx.send(Outgoing::Text(json!({"op": 9, "d": false}).to_string()));
            c.ready = false;
        }
        drop(st);
        self.inner.touch();
    }

    /// Closes every gateway connection (the bot sees the socket drop, close code 4000) and waits
    /// for the sockets to go. A client that is still running will reconnect and RESUME; a new
    /// client can connect and IDENTIFY. Any number of sequential connections is supported.
    pub async fn disconnect_bot(&self) {
        self.close_gateway(4000).await;
    }

    /// The heartbeat interval of the next gateway connections' HELLO (Discord's is about 41 s;
    /// a test that reads the bot's gateway latency asks for a short one).
    pub fn set_heartbeat_interval(&self, interval: Duration) {
        self.inner.lock().heartbeat_ms = interval.as_millis() as u64;
    }

    /// From now on every REST call is answered after `latency`, as Discord's are some tens to
    /// hundreds of milliseconds after they were sent (a load run measures what the bot does
    /// while its calls are on the way).
    pub fn set_rest_latency(&self, latency: Duration) {
        self.inner.lock().rest_latency = latency;
    }

    /// From now on every call through an interaction's token (`/webhooks/…`: the edits of a
    /// hand, followups) waits a random time up to `most` before it is applied, as Discord's
    /// calls take their own time each: two edits of one message sent at once by two tasks may
    /// be applied in either order, as they can be on Discord.
    pub fn set_webhook_jitter(&self, most: Duration) {
        self.inner.lock().webhook_jitter = most;
    }

    /// How many REST calls came over HTTP/2, and how many over HTTP/1.x.
    pub fn http_versions(&self) -> (u64, u64) {
        self.inner.lock().http_versions
    }
}
