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
//! the bot keeps its own ([`permissions::BOT`], `app_permissions`).
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
//! thread its parent's; any other channel id to `GUILD_ID`), so `slash`, `click` and the rest
//! act in the server of the channel they name. The gateway works as Discord's does with
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
//! Every REST request is recorded with its `Authorization` header
//! ([`FakeDiscord::requests_with_auth`]), so the fake can stand in for a REST proxy shared by
//! several bot processes.
//!
//! Set `FAKE_DISCORD_LOG=1` to print every request and gateway frame to stderr.

mod checks;
mod faults;
mod fixtures;
mod server;

pub use faults::{Fault, Served};

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
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    pub const MANAGE_THREADS: u64 = 1 << 34;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

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
    pub origin: MessageOrigin,
    /// The interaction this message answers (response or followup).
    pub interaction_id: Option<u64>,
    /// The message's `interaction_metadata` as Discord sends it (who triggered the interaction,
    /// and for a component the message clicked), or null.
    pub interaction_metadata: Value,
    /// A deferred ("is thinking...") response not yet filled in.
    pub loading: bool,
    pub deleted: bool,
    /// Earlier versions, oldest first.
    pub history: Vec<MessageVersion>,
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

    /// Whether `user` can see this message (public, or an ephemeral addressed to them).
    pub fn is_visible_to(&self, user: u64) -> bool {
        !self.deleted && (!self.ephemeral || self.visible_to == Some(user))
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
        }
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
    /// Followup messages sent so far (a followup that fills in a deferred response is `message`,
    /// not listed here).
    pub followups: Vec<FakeMessage>,
    /// The server it came from.
    pub guild: u64,
    /// The gateway shard `[id, total]` whose connection delivered it.
    pub shard: [u32; 2],
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
    /// The servers, and which server each added channel belongs to.
    guilds: BTreeMap<u64, FakeGuild>,
    channel_guilds: HashMap<u64, u64>,
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

    /// The server a channel (or a thread, by its parent) belongs to: as added, else `GUILD_ID`.
    fn guild_of(&self, channel: u64) -> u64 {
        let channel = self.threads.get(&channel).map_or(channel, |t| t.parent_id);
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

    // ----- gateway -----------------------------------------------------------------------------

    pub(crate) fn gateway_connected(&self, tx: mpsc::UnboundedSender<Outgoing>) -> u64 {
        let hello = json!({"op": 10, "d": {"heartbeat_interval": 41250}, "s": null, "t": null});
        let _ = tx.send(Outgoing::Text(hello.to_string()));
        let mut st = self.lock();
        st.next_conn += 1;
        let id = st.next_conn;
        st.conns.insert(
            id,
            Conn {
                tx,
                seq: 0,
                ready: false,
                shard: None,
                guilds: Vec::new(),
            },
        );
        drop(st);
        self.touch();
        id
    }

    pub(crate) fn gateway_closed(&self, conn: u64) {
        let mut st = self.lock();
        st.conns.remove(&conn);
        drop(st);
        self.touch();
    }

    pub(crate) fn gateway_text(&self, conn: u64, text: &str) {
        if self.log {
            eprintln!("[fake-discord] gateway {conn} <- {text}");
        }
        let frame: Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => {
                self.lock()
                    .violation(format!("gateway frame is not JSON ({e}): {text}"));
                return;
            }
        };
        let op = frame.get("op").and_then(Value::as_u64);
        let mut st = self.lock();
        let Some(c) = st.conns.get(&conn) else { return };
        let tx = c.tx.clone();
        match op {
            Some(1) => {
                let _ = tx.send(Outgoing::Text(json!({"op": 11}).to_string()));
            }
            Some(2) => {
                // Discord's shard is `[id, total]`; without one the connection is shard 0 of 1.
                let shard = frame["d"]["shard"]
                    .as_array()
                    .and_then(|a| Some([a.first()?.as_u64()?, a.get(1)?.as_u64()?]))
                    .map(|[id, total]| [id as u32, total as u32])
                    .unwrap_or([0, 1]);
                let [id, total] = shard;
                if total == 0 || id >= total {
                    st.violation(format!(
                        "IDENTIFY with shard {shard:?}: a shard id must be below the total"
                    ));
                    let _ = tx.send(Outgoing::Close(4010, "Invalid shard".into()));
                    drop(st);
                    self.touch();
                    return;
                }
                let bot = self.bot();
                let session = format!("fake-session-{conn}");
                let guilds = st.guilds_of_shard(shard);
                let ready = fixtures::ready(
                    &bot,
                    FakeDiscord::APP_ID,
                    &guilds,
                    shard,
                    &session,
                    &self.ws_url(),
                );
                fixtures::validate_dispatch(&ready);
                let _ = tx.send(Outgoing::Text(ready.to_string()));
                let mut seq = 1;
                for &g in &guilds {
                    let threads = st
                        .threads
                        .values()
                        .filter(|t| !t.deleted && !t.archived && st.guild_of(t.parent_id) == g)
                        .map(|t| st.thread_json(t))
                        .collect();
                    seq += 1;
                    let guild = fixtures::guild_create(
                        seq,
                        g,
                        &bot,
                        FakeDiscord::OWNER_ID,
                        &st.guilds[&g].channels,
                        threads,
                        permissions::PLAIN_MEMBER,
                    );
                    fixtures::validate_dispatch(&guild);
                    let _ = tx.send(Outgoing::Text(guild.to_string()));
                }
                if let Some(c) = st.conns.get_mut(&conn) {
                    c.seq = seq;
                    c.guilds = guilds;
                }
                st.take_shard(conn, shard);
                st.sessions.insert(session, shard);
                st.identifies += 1;
                st.last_identify = frame.get("d").cloned();
            }
            Some(6) => {
                let seq = frame["d"]["seq"].as_u64().unwrap_or(0) + 1;
                let session = frame["d"]["session_id"].as_str().unwrap_or_default();
                let Some(shard) = st.sessions.get(session).copied() else {
                    st.violation(format!("RESUME of an unknown session {session:?}"));
                    let _ = tx.send(Outgoing::Text(json!({"op": 9, "d": false}).to_string()));
                    drop(st);
                    self.touch();
                    return;
                };
                let resumed = json!({"op": 0, "t": "RESUMED", "s": seq, "d": {}});
                fixtures::validate_dispatch(&resumed);
                let _ = tx.send(Outgoing::Text(resumed.to_string()));
                let guilds = st.guilds_of_shard(shard);
                if let Some(c) = st.conns.get_mut(&conn) {
                    c.seq = seq;
                    c.guilds = guilds;
                }
                st.take_shard(conn, shard);
                st.resumes += 1;
            }
            // Presence updates, member requests, voice: nothing to do.
            _ => {}
        }
        drop(st);
        self.touch();
    }

    // ----- REST --------------------------------------------------------------------------------

    pub(crate) fn record_request(&self, line: String, body: &Value, authorization: Option<String>) {
        if self.log {
            if body.is_null() {
                eprintln!("[fake-discord] {line}");
            } else {
                eprintln!("[fake-discord] {line} {body}");
            }
        }
        let mut st = self.lock();
        st.requests.push(line);
        st.request_meta.push((authorization, Instant::now()));
    }

    /// The fault injected for this call, if any (taken from its queue and recorded).
    pub(crate) fn take_fault(&self, method: &str, path: &str, line: &str) -> Option<Fault> {
        let segs = faults::segments(path);
        let mut st = self.lock();
        let injected = st.faults.iter_mut().find(|f| f.matches(method, &segs))?;
        injected.left -= 1;
        let fault = injected.fault.clone();
        st.faults.retain(|f| f.left > 0);
        if fault.applies() && segs.len() == 4 && segs[0] == "interactions" {
            if let Ok(id) = segs[1].parse() {
                st.faulted_callbacks.insert(id);
            }
        }
        eprintln!("[fake-discord] FAULT {fault:?} served to {line}");
        st.served.push(Served {
            request: line.to_string(),
            fault: fault.clone(),
            at: Instant::now(),
        });
        drop(st);
        self.touch();
        Some(fault)
    }

    pub(crate) fn unknown_route(&self, line: &str) -> RestError {
        self.lock()
            .violation(format!("unhandled route (the fake answered 404): {line}"));
        RestError::new(404, 0, "404: Not Found")
    }

    pub(crate) fn gateway_info(&self, bot: bool) -> RestResult {
        let mut v = json!({"url": self.ws_url()});
        if bot {
            v["shards"] = json!(self.lock().gateway_shards);
            v["session_start_limit"] =
                json!({"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1});
        }
        Ok(Reply::Json(v))
    }

    pub(crate) fn app_info(&self) -> RestResult {
        let v = fixtures::app_info(FakeDiscord::APP_ID, &self.owner());
        fixtures::validate::<serenity::all::CurrentApplicationInfo>("application info", &v);
        Ok(Reply::Json(v))
    }

    pub(crate) fn current_user(&self) -> RestResult {
        let mut v = self.bot().json();
        v["verified"] = json!(true);
        v["mfa_enabled"] = json!(false);
        Ok(Reply::Json(v))
    }

    pub(crate) fn get_user(&self, id: u64) -> RestResult {
        if id == FakeDiscord::BOT_USER_ID {
            return self.current_user();
        }
        let st = self.lock();
        match st.users.get(&id) {
            Some(u) => Ok(Reply::Json(u.json())),
            None => Err(RestError::new(404, 10013, "Unknown User")),
        }
    }

    pub(crate) fn get_member(&self, guild: u64, id: u64) -> RestResult {
        let st = self.lock();
        if !st.guilds.contains_key(&guild) {
            return Err(RestError::new(404, 10004, "Unknown Guild"));
        }
        let user = if id == FakeDiscord::BOT_USER_ID {
            self.bot()
        } else {
            st.user(id)
        };
        Ok(Reply::Json(fixtures::member(&user, st.permissions_of(id))))
    }

    pub(crate) fn get_channel(&self, channel: u64) -> RestResult {
        let st = self.lock();
        if let Some(t) = st.thread(channel) {
            if t.deleted {
                return Err(RestError::unknown_channel());
            }
            return Ok(Reply::Json(st.thread_json(t)));
        }
        let v = fixtures::guild_channel(channel, st.guild_of(channel));
        fixtures::validate::<serenity::all::Channel>("channel", &v);
        Ok(Reply::Json(v))
    }

    /// A thread that is not deleted, or 404 Unknown Channel (and a violation) for a deleted one.
    /// `Ok(None)` for a channel that is not a thread.
    fn live_thread(st: &mut State, what: &str, channel: u64) -> Result<Option<u64>, RestError> {
        match st.thread(channel).map(|t| t.deleted) {
            None => Ok(None),
            Some(false) => Ok(Some(channel)),
            Some(true) => {
                st.violation(format!("{what}: the thread {channel} was deleted"));
                Err(RestError::unknown_channel())
            }
        }
    }

    fn check_thread_payload(
        st: &mut State,
        what: &str,
        body: &Value,
        creating: bool,
    ) -> Result<(), RestError> {
        let problems = checks::thread_payload(body, creating);
        if problems.is_empty() {
            return Ok(());
        }
        for p in problems {
            st.violation(format!("{what}: {p}"));
        }
        Err(RestError::invalid_form_body())
    }

    /// Creates the thread and tells the bot (THREAD_CREATE); returns its channel object.
    fn add_thread(&self, st: &mut State, thread: FakeThread) -> Value {
        let id = thread.id;
        st.threads.insert(id, thread);
        let v = st.thread_json(&st.threads[&id]);
        let mut d = v.clone();
        d["newly_created"] = json!(true);
        d["member"] = json!({
            "id": id.to_string(),
            "user_id": FakeDiscord::BOT_USER_ID.to_string(),
            "join_timestamp": fixtures::now(),
            "flags": 1,
        });
        let guild = st.guild_of(id);
        st.dispatch(self.log, guild, "THREAD_CREATE", d);
        v
    }

    fn new_thread(id: u64, parent: u64, kind: u8, body: &Value) -> FakeThread {
        let now = fixtures::now();
        FakeThread {
            id,
            parent_id: parent,
            name: body["name"].as_str().unwrap_or_default().to_string(),
            kind,
            starter_message: None,
            auto_archive_duration: body["auto_archive_duration"].as_u64().unwrap_or(1440),
            invitable: kind == 12 && body["invitable"].as_bool().unwrap_or(true),
            archived: false,
            locked: false,
            deleted: false,
            members: BTreeSet::from([FakeDiscord::BOT_USER_ID]),
            created_at: now.clone(),
            archive_timestamp: now,
        }
    }

    /// The parent of a new thread must be a channel, not a thread.
    fn check_parent(st: &mut State, what: &str, parent: u64) -> Result<(), RestError> {
        if st.thread(parent).is_some() {
            st.violation(format!("{what}: a thread cannot be started in a thread"));
            return Err(RestError::new(
                400,
                50024,
                "Cannot execute action on this channel type",
            ));
        }
        Ok(())
    }

    /// `POST /channels/{id}/threads`: a thread without a message (type 11 public, 12 private;
    /// Discord's default is private). A public one also gets Discord's "started a thread"
    /// message (type 18) in the parent channel.
    pub(crate) fn create_thread(&self, parent: u64, body: &Value) -> RestResult {
        let what = format!("POST /channels/{parent}/threads");
        let mut st = self.lock();
        Self::check_parent(&mut st, &what, parent)?;
        Self::check_thread_payload(&mut st, &what, body, true)?;
        let kind = match body.get("type").filter(|t| !t.is_null()) {
            None => 12,
            Some(t) => match t.as_u64() {
                Some(k @ (11 | 12)) => k as u8,
                _ => {
                    st.violation(format!(
                        "{what}: thread type {t} (a text channel takes 11 or 12)"
                    ));
                    return Err(RestError::invalid_form_body());
                }
            },
        };
        let id = st.next_id();
        let thread = Self::new_thread(id, parent, kind, body);
        let name = thread.name.clone();
        let v = self.add_thread(&mut st, thread);
        if kind == 11 {
            let data = json!({"content": name});
            let m = Self::new_message(&mut st, parent, &data, MessageOrigin::System, None, 18);
            let guild = st.guild_of(parent);
            if let Some(m) = st.messages.get_mut(&m) {
                m.reference = json!({
                    "channel_id": id.to_string(),
                    "guild_id": guild.to_string(),
                });
            }
        }
        drop(st);
        self.touch();
        Ok(Reply::Json(v))
    }

    /// `POST /channels/{id}/messages/{m}/threads`: a public thread whose id is the message's.
    pub(crate) fn create_thread_from_message(
        &self,
        parent: u64,
        message: u64,
        body: &Value,
    ) -> RestResult {
        let what = format!("POST /channels/{parent}/messages/{message}/threads");
        let mut st = self.lock();
        Self::check_parent(&mut st, &what, parent)?;
        let found = st
            .messages
            .get(&message)
            .filter(|m| m.channel_id == parent && !m.deleted && !m.ephemeral)
            .map(|m| m.thread);
        let Some(existing) = found else {
            st.violation(format!("{what}: no such message in that channel"));
            return Err(RestError::unknown_message());
        };
        if existing.is_some() {
            st.violation(format!("{what}: the message already has a thread"));
            return Err(RestError::new(
                400,
                160004,
                "A thread has already been created for this message",
            ));
        }
        Self::check_thread_payload(&mut st, &what, body, true)?;
        let mut thread = Self::new_thread(message, parent, 11, body);
        thread.starter_message = Some(message);
        if let Some(m) = st.messages.get_mut(&message) {
            m.thread = Some(message);
            m.flags |= FLAG_HAS_THREAD;
        }
        let v = self.add_thread(&mut st, thread);
        drop(st);
        self.touch();
        Ok(Reply::Json(v))
    }

    /// `PATCH /channels/{thread}`: rename, archive, lock, change the auto-archive duration.
    pub(crate) fn edit_thread(&self, channel: u64, body: &Value) -> RestResult {
        let what = format!("PATCH /channels/{channel}");
        let mut st = self.lock();
        if Self::live_thread(&mut st, &what, channel)?.is_none() {
            drop(st);
            return Err(self.unknown_route(&what));
        }
        Self::check_thread_payload(&mut st, &what, body, false)?;
        if let Some(t) = st.threads.get_mut(&channel) {
            if let Some(n) = body["name"].as_str() {
                t.name = n.to_string();
            }
            if let Some(d) = body["auto_archive_duration"].as_u64() {
                t.auto_archive_duration = d;
            }
            if let Some(i) = body["invitable"].as_bool() {
                t.invitable = t.kind == 12 && i;
            }
            if let Some(l) = body["locked"].as_bool() {
                t.locked = l;
            }
            if let Some(a) = body["archived"].as_bool() {
                if a != t.archived {
                    t.archived = a;
                    t.archive_timestamp = fixtures::now();
                }
            }
        }
        let v = st.thread_json(&st.threads[&channel]);
        let guild = st.guild_of(channel);
        st.dispatch(self.log, guild, "THREAD_UPDATE", v.clone());
        drop(st);
        self.touch();
        Ok(Reply::Json(v))
    }

    /// `DELETE /channels/{thread}`: the thread and its messages go.
    pub(crate) fn delete_thread(&self, channel: u64) -> RestResult {
        let what = format!("DELETE /channels/{channel}");
        let mut st = self.lock();
        if Self::live_thread(&mut st, &what, channel)?.is_none() {
            st.violation(format!("{what}: the fake only deletes threads"));
            return Err(RestError::new(403, 50013, "Missing Permissions"));
        }
        let v = st.thread_json(&st.threads[&channel]);
        let (parent, kind) = {
            let t = st.threads.get_mut(&channel).expect("live thread");
            t.deleted = true;
            (t.parent_id, t.kind)
        };
        for m in st.messages.values_mut().filter(|m| m.channel_id == channel) {
            m.deleted = true;
        }
        let guild = st.guild_of(parent);
        let d = json!({
            "id": channel.to_string(),
            "guild_id": guild.to_string(),
            "parent_id": parent.to_string(),
            "type": kind,
        });
        st.dispatch(self.log, guild, "THREAD_DELETE", d);
        drop(st);
        self.touch();
        Ok(Reply::Json(v))
    }

    /// `PUT` or `DELETE /channels/{thread}/thread-members/{user}`.
    pub(crate) fn thread_member(&self, method: &str, channel: u64, user: u64) -> RestResult {
        let what = format!("{method} /channels/{channel}/thread-members/{user}");
        let mut st = self.lock();
        if Self::live_thread(&mut st, &what, channel)?.is_none() {
            st.violation(format!("{what}: not a thread"));
            return Err(RestError::unknown_channel());
        }
        if let Some(t) = st.threads.get_mut(&channel) {
            if method == "PUT" {
                t.members.insert(user);
            } else {
                t.members.remove(&user);
            }
        }
        drop(st);
        self.touch();
        Ok(Reply::NoContent)
    }

    fn check_app(&self, app: u64, what: &str) -> Result<(), RestError> {
        if app == FakeDiscord::APP_ID {
            Ok(())
        } else {
            self.lock().violation(format!(
                "{what}: application id {app} in the path is not the application's ({})",
                FakeDiscord::APP_ID
            ));
            Err(RestError::new(404, 10002, "Unknown Application"))
        }
    }

    fn commands_of(st: &State, guild: Option<u64>) -> Vec<Value> {
        match guild {
            None => st.global_commands.clone(),
            Some(g) => st.guild_commands.get(&g).cloned().unwrap_or_default(),
        }
    }

    fn register(st: &mut State, guild: Option<u64>, def: &Value) -> Value {
        let name = def
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let kind = def.get("type").and_then(Value::as_u64).unwrap_or(1);
        let key = (guild, kind, name);
        let id = match st.command_ids.get(&key) {
            Some(id) => *id,
            None => {
                let id = st.next_id();
                st.command_ids.insert(key, id);
                id
            }
        };
        fixtures::registered_command(def, id, FakeDiscord::APP_ID, guild)
    }

    fn check_commands(st: &mut State, what: &str, defs: &[Value]) -> Result<(), RestError> {
        let mut problems: Vec<String> = defs.iter().flat_map(checks::command_definition).collect();
        let mut names = std::collections::HashSet::new();
        for d in defs {
            let key = (
                d.get("type").and_then(Value::as_u64).unwrap_or(1),
                d.get("name").cloned(),
            );
            if !names.insert(key) {
                problems.push(format!(
                    "command {} registered twice in one request",
                    d["name"]
                ));
            }
        }
        if problems.is_empty() {
            return Ok(());
        }
        for p in problems {
            st.violation(format!("{what}: {p}"));
        }
        Err(RestError::invalid_form_body())
    }

    pub(crate) fn put_commands(&self, app: u64, guild: Option<u64>, body: &Value) -> RestResult {
        let what = format!("PUT commands (guild {guild:?})");
        self.check_app(app, &what)?;
        let Some(defs) = body.as_array() else {
            self.lock()
                .violation(format!("{what}: body is not an array"));
            return Err(RestError::invalid_form_body());
        };
        let mut st = self.lock();
        Self::check_commands(&mut st, &what, defs)?;
        let registered: Vec<Value> = defs
            .iter()
            .map(|d| Self::register(&mut st, guild, d))
            .collect();
        let out = Value::Array(registered.clone());
        if let Err(e) = serde_json::from_value::<Vec<serenity::all::Command>>(out.clone()) {
            st.violation(format!(
                "fake bug: registered commands do not deserialize: {e}"
            ));
        }
        match guild {
            None => st.global_commands = registered,
            Some(g) => {
                st.guild_commands.insert(g, registered);
            }
        }
        st.registrations += 1;
        drop(st);
        self.touch();
        Ok(Reply::Json(out))
    }

    pub(crate) fn post_command(&self, app: u64, guild: Option<u64>, def: &Value) -> RestResult {
        let what = format!("POST command (guild {guild:?})");
        self.check_app(app, &what)?;
        let mut st = self.lock();
        Self::check_commands(&mut st, &what, std::slice::from_ref(def))?;
        let cmd = Self::register(&mut st, guild, def);
        let list = match guild {
            None => &mut st.global_commands,
            Some(g) => st.guild_commands.entry(g).or_default(),
        };
        list.retain(|c| c["id"] != cmd["id"]);
        list.push(cmd.clone());
        st.registrations += 1;
        drop(st);
        self.touch();
        Ok(Reply::Json(cmd))
    }

    pub(crate) fn get_commands(&self, app: u64, guild: Option<u64>) -> RestResult {
        self.check_app(app, "GET commands")?;
        Ok(Reply::Json(Value::Array(Self::commands_of(
            &self.lock(),
            guild,
        ))))
    }

    pub(crate) fn delete_command(&self, app: u64, guild: Option<u64>, id: u64) -> RestResult {
        self.check_app(app, "DELETE command")?;
        let mut st = self.lock();
        let id = json!(id.to_string());
        let list = match guild {
            None => &mut st.global_commands,
            Some(g) => st.guild_commands.entry(g).or_default(),
        };
        let before = list.len();
        list.retain(|c| c["id"] != id);
        if list.len() == before {
            return Err(RestError::new(404, 10063, "Unknown application command"));
        }
        Ok(Reply::NoContent)
    }

    fn check_payload(st: &mut State, what: &str, data: &Value) -> Result<(), RestError> {
        let problems = checks::message_payload(data);
        if problems.is_empty() {
            return Ok(());
        }
        for p in problems {
            st.violation(format!("{what}: {p}"));
        }
        Err(RestError::invalid_form_body())
    }

    /// Discord refuses to create a message with nothing in it (error 50006).
    fn check_not_empty(st: &mut State, what: &str, data: &Value) -> Result<(), RestError> {
        let filled = |k: &str| match data.get(k) {
            Some(Value::String(s)) => !s.is_empty(),
            Some(Value::Array(a)) => !a.is_empty(),
            Some(Value::Object(_)) => true,
            _ => false,
        };
        if [
            "content",
            "embeds",
            "components",
            "attachments",
            "poll",
            "sticker_ids",
        ]
        .into_iter()
        .any(filled)
        {
            return Ok(());
        }
        st.violation(format!(
            "{what}: empty message (no content, embeds or components)"
        ));
        Err(RestError::new(400, 50006, "Cannot send an empty message"))
    }

    fn interaction_metadata(st: &State, id: u64, user: u64, followup: bool) -> Value {
        let rec = st.interactions.get(&id);
        let guild = rec.map_or(FakeDiscord::GUILD_ID, |r| r.guild);
        let mut v = json!({
            "id": id.to_string(),
            "type": rec.map_or(2, |r| r.kind),
            "user": st.user(user).json(),
            "authorizing_integration_owners": {"0": guild.to_string()},
        });
        if let Some(m) = rec.and_then(|r| r.component_message) {
            v["interacted_message_id"] = json!(m.to_string());
        }
        if let Some(m) = rec.and_then(|r| r.original).filter(|_| followup) {
            v["original_response_message_id"] = json!(m.to_string());
        }
        v
    }

    fn new_message(
        st: &mut State,
        channel_id: u64,
        data: &Value,
        origin: MessageOrigin,
        interaction: Option<(u64, u64)>,
        kind: u8,
    ) -> u64 {
        let id = st.next_id();
        let flags = data.get("flags").and_then(Value::as_u64).unwrap_or(0)
            & (FLAG_EPHEMERAL | FLAG_SUPPRESS_EMBEDS | FLAG_SUPPRESS_NOTIFICATIONS | FLAG_LOADING);
        let ephemeral = flags & FLAG_EPHEMERAL != 0;
        let origin_is_followup = origin == MessageOrigin::Followup;
        let content = data
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let allowed_mentions = data.get("allowed_mentions").cloned().unwrap_or(Value::Null);
        let mentions = Self::mentions_of(&content, &allowed_mentions);
        let pinged = if Self::notifies(flags) {
            mentions.clone()
        } else {
            Vec::new()
        };
        if let Some(t) = st.threads.get_mut(&channel_id) {
            // A message (Discord's own or the bot's) brings an archived thread back.
            t.archived = false;
        }
        let attachments = Self::attachments_of(st, &[], data, "new message");
        let msg = FakeMessage {
            id,
            channel_id,
            content,
            attachments,
            components: data
                .get("components")
                .filter(|c| c.is_array())
                .cloned()
                .unwrap_or(json!([])),
            embeds: data
                .get("embeds")
                .filter(|c| c.is_array())
                .cloned()
                .unwrap_or(json!([])),
            flags,
            ephemeral,
            visible_to: if ephemeral {
                interaction.map(|(_, user)| user)
            } else {
                None
            },
            origin,
            interaction_id: interaction.map(|(i, _)| i),
            interaction_metadata: interaction.map_or(Value::Null, |(i, user)| {
                Self::interaction_metadata(st, i, user, origin_is_followup)
            }),
            loading: flags & FLAG_LOADING != 0,
            deleted: false,
            history: Vec::new(),
            kind,
            created_at: fixtures::now(),
            edited_at: None,
            allowed_mentions,
            mentions,
            pinged,
            thread: None,
            reference: Value::Null,
            deleted_by: None,
        };
        st.by_channel.entry(msg.channel_id).or_default().push(id);
        st.messages.insert(id, msg);
        id
    }

    /// The users `content` notifies under `allowed` (never the bot itself).
    fn mentions_of(content: &str, allowed: &Value) -> Vec<u64> {
        checks::notified_users(content, allowed)
            .into_iter()
            .filter(|u| *u != FakeDiscord::BOT_USER_ID)
            .collect()
    }

    /// Whether a message with these flags notifies the users it mentions when it is posted:
    /// not an ephemeral, a deferred placeholder or a silent message.
    fn notifies(flags: u64) -> bool {
        flags & (FLAG_EPHEMERAL | FLAG_LOADING | FLAG_SUPPRESS_NOTIFICATIONS) == 0
    }

    /// A message's attachments after a create or an edit: `attachments` names each file to
    /// keep (an id of the message's) or to add (the index of an uploaded part); without it, the
    /// uploaded files are added to those kept. An embed showing `attachment://<file>` must name
    /// one of them.
    fn attachments_of(
        st: &mut State,
        existing: &[FakeAttachment],
        data: &Value,
        what: &str,
    ) -> Vec<FakeAttachment> {
        let uploads: Vec<(u64, u64)> = data
            .get("__uploads")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|u| Some((u.get("index")?.as_u64()?, u.get("key")?.as_u64()?)))
            .collect();
        let as_id = |v: &Value| {
            v.as_u64()
                .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
        };
        let mut out = Vec::new();
        let add = |st: &mut State, out: &mut Vec<FakeAttachment>, key: u64, name: Option<&str>| {
            if let Some((filename, bytes)) = st.uploads.remove(&key) {
                let id = st.next_id();
                out.push(FakeAttachment {
                    id,
                    filename: name.map_or(filename, str::to_string),
                    bytes,
                });
            }
        };
        match data.get("attachments").and_then(Value::as_array) {
            Some(list) => {
                for entry in list {
                    let Some(id) = entry.get("id").and_then(as_id) else {
                        st.violation(format!("{what}: an attachment without an id: {entry}"));
                        continue;
                    };
                    if let Some(&(_, key)) = uploads.iter().find(|(i, _)| *i == id) {
                        add(
                            st,
                            &mut out,
                            key,
                            entry.get("filename").and_then(Value::as_str),
                        );
                    } else if let Some(a) = existing.iter().find(|a| a.id == id) {
                        out.push(a.clone());
                    } else {
                        st.violation(format!(
                            "{what}: attachment {id} is neither an uploaded file nor one of the message's"
                        ));
                    }
                }
            }
            None => {
                out.extend(existing.iter().cloned());
                for &(_, key) in &uploads {
                    add(st, &mut out, key, None);
                }
            }
        }
        // Files uploaded but never named are dropped by Discord; the bot wasted them.
        for (index, key) in uploads {
            if st.uploads.remove(&key).is_some() {
                st.violation(format!(
                    "{what}: uploaded file {index} is not among the attachments"
                ));
            }
        }
        let shown = data
            .get("embeds")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(|e| e.pointer("/image/url").and_then(Value::as_str));
        for url in shown {
            if let Some(file) = url.strip_prefix("attachment://") {
                if !out.iter().any(|a| a.filename == file) {
                    st.violation(format!(
                        "{what}: the embed shows {url}, which is not attached"
                    ));
                }
            }
        }
        out
    }

    /// Keeps an uploaded file until the message it belongs to takes it; answers its key.
    pub(crate) fn upload(&self, filename: String, bytes: Vec<u8>) -> u64 {
        let mut st = self.lock();
        let key = st.next_id();
        st.uploads.insert(key, (filename, Arc::new(bytes)));
        key
    }

    fn apply_edit(st: &mut State, id: u64, data: &Value) {
        let Some(m) = st.messages.get_mut(&id) else {
            return;
        };
        let old = m.version();
        if let Some(c) = data.get("content") {
            m.content = c.as_str().unwrap_or_default().to_string();
        }
        if let Some(c) = data.get("components") {
            m.components = if c.is_array() { c.clone() } else { json!([]) };
        }
        if let Some(e) = data.get("embeds") {
            m.embeds = if e.is_array() { e.clone() } else { json!([]) };
        }
        let existing = std::mem::take(&mut m.attachments);
        let attachments = Self::attachments_of(st, &existing, data, "edit");
        let Some(m) = st.messages.get_mut(&id) else {
            return;
        };
        m.attachments = attachments;
        if let Some(f) = data.get("flags").and_then(Value::as_u64) {
            m.flags = (m.flags & !FLAG_SUPPRESS_EMBEDS) | (f & FLAG_SUPPRESS_EMBEDS);
        }
        if let Some(a) = data.get("allowed_mentions") {
            m.allowed_mentions = a.clone();
        }
        m.mentions = Self::mentions_of(&m.content, &m.allowed_mentions);
        if m.loading {
            m.loading = false;
            m.flags &= !FLAG_LOADING;
            // Filling in a deferred response is when its mentions notify.
            if Self::notifies(m.flags) {
                m.pinged = m.mentions.clone();
            }
        } else {
            m.edited_at = Some(fixtures::now());
        }
        m.history.push(old);
    }

    pub(crate) fn interaction_callback(&self, id: u64, token: &str, body: &Value) -> RestResult {
        let now = Instant::now();
        let mut st = self.lock();
        let Some(rec) = st.interactions.get(&id) else {
            st.violation(format!("callback for unknown interaction {id}"));
            return Err(RestError::unknown_interaction());
        };
        if rec.token != token {
            st.violation(format!(
                "callback for interaction {id} with the wrong token"
            ));
            return Err(RestError::unknown_interaction());
        }
        let latency = now - rec.dispatched_at;
        let kind = body.get("type").and_then(Value::as_u64).unwrap_or(0) as u8;
        let data = body.get("data").cloned().unwrap_or(Value::Null);
        let (ikind, label, user_id, channel_id) =
            (rec.kind, rec.label.clone(), rec.user_id, rec.channel_id);
        let component_message = rec.component_message;
        let what = format!("callback type {kind} to {label}");
        if let Some(first) = &rec.callback {
            let first = first.kind;
            if st.faulted_callbacks.contains(&id) {
                return Err(RestError::new(
                    400,
                    40060,
                    "Interaction has already been acknowledged.",
                ));
            }
            st.violation(format!(
                "{label} acknowledged twice (first type {first}, then type {kind})"
            ));
            return Err(RestError::new(
                400,
                40060,
                "Interaction has already been acknowledged.",
            ));
        }
        if latency > ACK_DEADLINE {
            st.violation(format!(
                "{what} arrived after {latency:?} (Discord allows {ACK_DEADLINE:?}); refused"
            ));
            st.latencies.push(latency);
            if let Some(rec) = st.interactions.get_mut(&id) {
                rec.callback = Some(Callback {
                    kind,
                    body: body.clone(),
                    latency,
                    refused: Some(format!("callback after {latency:?}")),
                });
            }
            drop(st);
            self.touch();
            return Err(RestError::unknown_interaction());
        }
        let allowed = matches!((ikind, kind), (2, 4 | 5 | 9) | (3, 4..=7 | 9) | (4, 8));
        if !allowed {
            st.violation(format!(
                "{what}: type {kind} is not a valid answer to interaction type {ikind}"
            ));
            return Err(RestError::new(
                400,
                50035,
                "Invalid interaction response type",
            ));
        }
        match kind {
            4 => {
                Self::check_payload(&mut st, &what, &data)?;
                Self::check_not_empty(&mut st, &what, &data)?;
            }
            7 => Self::check_payload(&mut st, &what, &data)?,
            8 => {
                let problems = checks::autocomplete_payload(&data);
                if !problems.is_empty() {
                    for p in problems {
                        st.violation(format!("{what}: {p}"));
                    }
                    return Err(RestError::invalid_form_body());
                }
            }
            _ => {}
        }
        let reply_kind = if ikind == 2 { 20 } else { 0 };
        let original = match kind {
            4 => Some(Self::new_message(
                &mut st,
                channel_id,
                &data,
                MessageOrigin::InteractionResponse,
                Some((id, user_id)),
                reply_kind,
            )),
            5 => {
                let flags = data.get("flags").and_then(Value::as_u64).unwrap_or(0);
                let placeholder =
                    json!({"content": "", "flags": (flags & FLAG_EPHEMERAL) | FLAG_LOADING});
                Some(Self::new_message(
                    &mut st,
                    channel_id,
                    &placeholder,
                    MessageOrigin::InteractionResponse,
                    Some((id, user_id)),
                    reply_kind,
                ))
            }
            6 => component_message,
            7 => {
                if let Some(m) = component_message {
                    Self::apply_edit(&mut st, m, &data);
                }
                component_message
            }
            _ => None,
        };
        st.latencies.push(latency);
        if let Some(rec) = st.interactions.get_mut(&id) {
            rec.callback = Some(Callback {
                kind,
                body: body.clone(),
                latency,
                refused: None,
            });
            rec.original = original;
        }
        let versions = original
            .and_then(|m| st.messages.get(&m))
            .map_or(0, |m| m.history.len());
        if let Some(rec) = st.interactions.get_mut(&id) {
            rec.original_versions = versions;
        }
        drop(st);
        self.touch();
        Ok(Reply::NoContent)
    }

    fn interaction_by_token(
        &self,
        st: &mut State,
        what: &str,
        token: &str,
    ) -> Result<u64, RestError> {
        let Some(id) = st.tokens.get(token).copied() else {
            st.violation(format!("{what}: unknown interaction token"));
            return Err(RestError::unknown_webhook());
        };
        let acked = st.interactions[&id]
            .callback
            .as_ref()
            .is_some_and(|c| c.refused.is_none());
        if !acked {
            st.violation(format!(
                "{what}: used the token of {} before the interaction was acknowledged",
                st.interactions[&id].label
            ));
            return Err(RestError::unknown_webhook());
        }
        Ok(id)
    }

    pub(crate) fn followup(&self, app: u64, token: &str, data: &Value) -> RestResult {
        let what = "POST followup".to_string();
        self.check_app(app, &what)?;
        let mut st = self.lock();
        let iid = self.interaction_by_token(&mut st, &what, token)?;
        let what = format!("followup to {}", st.interactions[&iid].label);
        Self::check_payload(&mut st, &what, data)?;
        Self::check_not_empty(&mut st, &what, data)?;
        let rec = &st.interactions[&iid];
        let (user_id, channel_id, original) = (rec.user_id, rec.channel_id, rec.original);
        let deferred = rec.callback.as_ref().is_some_and(|c| c.kind == 5);
        let loading_original = original.filter(|m| deferred && st.messages[m].loading);
        let id = if let Some(m) = loading_original {
            // Discord turns the first followup after a defer into the deferred response.
            Self::apply_edit(&mut st, m, data);
            m
        } else {
            let m = Self::new_message(
                &mut st,
                channel_id,
                data,
                MessageOrigin::Followup,
                Some((iid, user_id)),
                0,
            );
            if let Some(rec) = st.interactions.get_mut(&iid) {
                rec.followups.push(m);
            }
            m
        };
        if let Some(rec) = st.interactions.get_mut(&iid) {
            rec.updates += 1;
        }
        let v = self.message_json(&st, &st.messages[&id]);
        drop(st);
        self.touch();
        Ok(Reply::Json(v))
    }

    /// GET, PATCH or DELETE of `/webhooks/{app}/{token}/messages/{@original | id}`.
    pub(crate) fn webhook_message(
        &self,
        method: &str,
        app: u64,
        token: &str,
        target: &str,
        data: &Value,
    ) -> RestResult {
        let what = format!("{method} webhook message {target}");
        self.check_app(app, &what)?;
        let mut st = self.lock();
        let iid = self.interaction_by_token(&mut st, &what, token)?;
        let rec = &st.interactions[&iid];
        let what = format!("{method} {target} of {}", rec.label);
        let id = if target == "@original" {
            rec.original
        } else {
            target
                .parse::<u64>()
                .ok()
                .filter(|id| rec.followups.contains(id) || rec.original == Some(*id))
        };
        let by_user =
            id.is_some_and(|id| st.messages.get(&id).is_some_and(|m| m.deleted_by.is_some()));
        let Some(id) = id.filter(|id| st.messages.get(id).is_some_and(|m| !m.deleted)) else {
            if method != "GET" && !by_user {
                st.violation(format!("{what}: no such message for this interaction"));
            }
            return Err(RestError::unknown_message());
        };
        let reply = match method {
            "GET" => Reply::Json(self.message_json(&st, &st.messages[&id])),
            "PATCH" => {
                Self::check_payload(&mut st, &what, data)?;
                Self::apply_edit(&mut st, id, data);
                Reply::Json(self.message_json(&st, &st.messages[&id]))
            }
            _ => {
                if let Some(m) = st.messages.get_mut(&id) {
                    m.deleted = true;
                }
                Reply::NoContent
            }
        };
        if method != "GET" {
            if let Some(rec) = st.interactions.get_mut(&iid) {
                rec.updates += 1;
            }
        }
        drop(st);
        self.touch();
        Ok(reply)
    }

    pub(crate) fn create_channel_message(&self, channel: u64, data: &Value) -> RestResult {
        let what = format!("POST /channels/{channel}/messages");
        let mut st = self.lock();
        Self::live_thread(&mut st, &what, channel)?;
        Self::check_payload(&mut st, &what, data)?;
        Self::check_not_empty(&mut st, &what, data)?;
        let mut data = data.clone();
        let flags = data.get("flags").and_then(Value::as_u64).unwrap_or(0);
        if flags & FLAG_EPHEMERAL != 0 {
            st.violation(format!(
                "{what}: ephemeral flag on a channel message (only interaction responses can be ephemeral; Discord posts it publicly)"
            ));
            data["flags"] = json!(flags & !FLAG_EPHEMERAL);
        }
        let nonce = data
            .get("nonce")
            .filter(|_| data["enforce_nonce"].as_bool() == Some(true))
            .map(|n| n.as_str().map_or_else(|| n.to_string(), str::to_string));
        if let Some(&id) = nonce.as_ref().and_then(|n| st.nonces.get(n)) {
            // Discord's de-duplication: the message created with this nonce, not a second one.
            let v = self.message_json(&st, &st.messages[&id]);
            return Ok(Reply::Json(v));
        }
        let id = Self::new_message(&mut st, channel, &data, MessageOrigin::Channel, None, 0);
        if let Some(n) = nonce {
            st.nonces.insert(n, id);
        }
        let v = self.message_json(&st, &st.messages[&id]);
        drop(st);
        self.touch();
        Ok(Reply::Json(v))
    }

    pub(crate) fn channel_message(
        &self,
        method: &str,
        channel: u64,
        id: u64,
        data: &Value,
    ) -> RestResult {
        let what = format!("{method} /channels/{channel}/messages/{id}");
        let mut st = self.lock();
        Self::live_thread(&mut st, &what, channel)?;
        let found = st.messages.get(&id).filter(|m| m.channel_id == channel);
        let by_user = found.is_some_and(|m| m.deleted_by.is_some());
        let Some(m) = found.filter(|m| !m.deleted) else {
            // A message a user deleted is a race the bot cannot avoid, not a mistake.
            if method != "GET" && !by_user {
                st.violation(format!("{what}: no such message"));
            }
            return Err(RestError::unknown_message());
        };
        if m.ephemeral {
            st.violation(format!(
                "{what}: ephemeral messages can only be reached through the interaction token"
            ));
            return Err(RestError::unknown_message());
        }
        let reply = match method {
            "GET" => Reply::Json(self.message_json(&st, m)),
            "PATCH" => {
                Self::check_payload(&mut st, &what, data)?;
                Self::apply_edit(&mut st, id, data);
                Reply::Json(self.message_json(&st, &st.messages[&id]))
            }
            _ => {
                if let Some(m) = st.messages.get_mut(&id) {
                    m.deleted = true;
                }
                Reply::NoContent
            }
        };
        drop(st);
        self.touch();
        Ok(reply)
    }

    pub(crate) fn list_channel_messages(&self, channel: u64, limit: usize) -> RestResult {
        let mut st = self.lock();
        Self::live_thread(
            &mut st,
            &format!("GET /channels/{channel}/messages"),
            channel,
        )?;
        let list: Vec<Value> = st
            .messages
            .values()
            .rev()
            .filter(|m| m.channel_id == channel && !m.deleted && !m.ephemeral)
            .take(limit)
            .map(|m| self.message_json(&st, m))
            .collect();
        Ok(Reply::Json(Value::Array(list)))
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
                users: HashMap::new(),
                permissions: HashMap::new(),
                threads: BTreeMap::new(),
                messages: BTreeMap::new(),
                by_channel: HashMap::new(),
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
                        channels: vec![FakeDiscord::CHANNEL_ID],
                    },
                )]),
                channel_guilds: HashMap::from([(FakeDiscord::CHANNEL_ID, FakeDiscord::GUILD_ID)]),
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
                nonces: HashMap::new(),
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

    /// The server a channel (or thread) belongs to.
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

    fn find_command(st: &State, guild: u64, name: &str, kind: u64) -> Option<Value> {
        st.guild_commands
            .get(&guild)
            .into_iter()
            .flatten()
            .chain(&st.global_commands)
            .find(|c| c["name"] == name && c["type"].as_u64().unwrap_or(1) == kind)
            .cloned()
    }

    /// Builds `data` for a slash command or autocomplete, checking the options against the
    /// registered definition and filling in their `type` if the test left it out.
    fn command_data(
        st: &State,
        channel: u64,
        name: &str,
        options: &Value,
    ) -> anyhow::Result<Value> {
        let guild = st.guild_of(channel);
        let Some(cmd) = Self::find_command(st, guild, name, 1) else {
            let known: Vec<String> = st
                .guild_commands
                .values()
                .flatten()
                .chain(&st.global_commands)
                .map(|c| c["name"].as_str().unwrap_or("?").to_string())
                .collect();
            bail!("/{name} is not a registered command (registered: {known:?})");
        };
        let options = match options {
            Value::Null => json!([]),
            Value::Array(_) => options.clone(),
            other => bail!("options must be a JSON array (as Discord sends them), got {other}"),
        };
        let mut resolved_users = serde_json::Map::new();
        let mut resolved_members = serde_json::Map::new();
        let options = Self::normalize_options(
            st,
            &format!("/{name}"),
            &options,
            cmd.get("options")
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or_default(),
            &mut resolved_users,
            &mut resolved_members,
        )?;
        let mut data = json!({
            "id": cmd["id"],
            "name": name,
            "type": 1,
            "options": options,
            "guild_id": guild.to_string(),
        });
        if !resolved_users.is_empty() {
            data["resolved"] = json!({"users": resolved_users, "members": resolved_members});
        }
        Ok(data)
    }

    fn normalize_options(
        st: &State,
        at: &str,
        given: &Value,
        defs: &[Value],
        users: &mut serde_json::Map<String, Value>,
        members: &mut serde_json::Map<String, Value>,
    ) -> anyhow::Result<Value> {
        let mut out = Vec::new();
        for o in given.as_array().into_iter().flatten() {
            let name = o.get("name").and_then(Value::as_str).unwrap_or_default();
            let Some(def) = defs.iter().find(|d| d["name"] == name) else {
                let known: Vec<&str> = defs.iter().filter_map(|d| d["name"].as_str()).collect();
                bail!("{at} has no option {name:?} (it has {known:?})");
            };
            let kind = def["type"].as_u64().unwrap_or(3);
            let mut o = o.as_object().cloned().unwrap_or_default();
            o.insert("type".into(), json!(kind));
            match kind {
                1 | 2 => {
                    let sub = o.get("options").cloned().unwrap_or(json!([]));
                    let sub_defs = def
                        .get("options")
                        .and_then(Value::as_array)
                        .map(Vec::as_slice)
                        .unwrap_or_default();
                    let sub = Self::normalize_options(
                        st,
                        &format!("{at} {name}"),
                        &sub,
                        sub_defs,
                        users,
                        members,
                    )?;
                    o.insert("options".into(), sub);
                }
                6 | 9 => {
                    let focused = o.get("focused").and_then(Value::as_bool).unwrap_or(false);
                    let value = o.get("value").cloned().unwrap_or(Value::Null);
                    let id = match &value {
                        Value::Number(n) => n.as_u64(),
                        Value::String(s) => s.parse().ok(),
                        _ => None,
                    };
                    match id {
                        Some(id) => {
                            o.insert("value".into(), json!(id.to_string()));
                            let user = if id == Self::BOT_USER_ID {
                                the_bot()
                            } else {
                                st.user(id)
                            };
                            users.insert(id.to_string(), user.json());
                            let perms = st.permissions_of(id);
                            members.insert(id.to_string(), fixtures::partial_member(perms));
                        }
                        None if focused => {}
                        None => bail!("{at} {name}: a user option needs a user id, got {value}"),
                    }
                }
                _ => {}
            }
            out.push(Value::Object(o));
        }
        for d in defs {
            if d["required"].as_bool() == Some(true) && !out.iter().any(|o| o["name"] == d["name"])
            {
                bail!("{at}: required option {} missing", d["name"]);
            }
        }
        Ok(Value::Array(out))
    }

    /// Sends an interaction over the gateway and records it. Returns its id.
    fn dispatch_interaction(
        &self,
        kind: u8,
        user: &FakeUser,
        channel: u64,
        data: Value,
        component_message: Option<u64>,
        label: String,
    ) -> anyhow::Result<u64> {
        let inner = &self.inner;
        let mut st = inner.lock();
        let guild = st.guild_of(channel);
        let Some(conn) = st.conn_for(guild) else {
            if !st.any_ready() {
                bail!("no bot is connected to the fake gateway");
            }
            let why = format!(
                "{label}: server {guild} has no connected gateway shard (ready: {:?})",
                st.conns
                    .values()
                    .filter(|c| c.ready)
                    .filter_map(|c| c.shard)
                    .collect::<Vec<_>>()
            );
            st.violation(why.clone());
            bail!(why);
        };
        let shard = st.conns[&conn].shard.unwrap_or([0, 1]);
        st.users.entry(user.id).or_insert_with(|| user.clone());
        let perms = st.permissions_of(user.id);
        let channel_json = match st.thread(channel) {
            None => fixtures::partial_channel(channel, guild, perms),
            Some(t) if t.deleted => bail!("thread {channel} was deleted"),
            Some(t)
                if t.kind == 12
                    && !t.members.contains(&user.id)
                    && !permissions::has(perms, permissions::MANAGE_THREADS) =>
            {
                bail!("{} is not in the private thread {channel}", user.name)
            }
            Some(t) => fixtures::partial_thread(t, guild, perms),
        };
        let id = st.next_id();
        let token = format!("fake-interaction-token-{id}");
        let mut d = json!({
            "id": id.to_string(),
            "application_id": Self::APP_ID.to_string(),
            "type": kind,
            "data": data,
            "guild_id": guild.to_string(),
            "channel": channel_json,
            "channel_id": channel.to_string(),
            "member": fixtures::member(user, perms),
            "token": token,
            "version": 1,
            "app_permissions": permissions::BOT.to_string(),
            "locale": st.locales.get(&user.id).cloned().unwrap_or_else(|| "en-US".to_string()),
            "guild_locale": st.guild_locale.clone(),
            "entitlements": [],
            "authorizing_integration_owners": {"0": guild.to_string()},
            "context": 0,
            "attachment_size_limit": fixtures::ATTACHMENT_SIZE_LIMIT,
        });
        if let Some(m) = component_message {
            d["message"] = inner.message_json(&st, &st.messages[&m]);
        }
        fixtures::validate::<serenity::all::Interaction>("interaction", &d);
        let c = st.conns.get_mut(&conn).expect("ready connection exists");
        c.seq += 1;
        let payload = json!({"op": 0, "t": "INTERACTION_CREATE", "s": c.seq, "d": d});
        fixtures::validate_dispatch(&payload);
        if inner.log {
            eprintln!("[fake-discord] gateway {conn} -> {payload}");
        }
        c.tx.send(Outgoing::Text(payload.to_string()))
            .map_err(|_| anyhow!("the gateway connection closed"))?;
        st.tokens.insert(token.clone(), id);
        st.interactions.insert(
            id,
            InteractionRecord {
                token,
                kind,
                user_id: user.id,
                channel_id: channel,
                guild,
                shard,
                label,
                component_message,
                dispatched_at: Instant::now(),
                callback: None,
                original: None,
                followups: Vec::new(),
                updates: 0,
                original_versions: 0,
            },
        );
        Ok(id)
    }

    /// The outcome if it is complete (or the deadline has passed).
    fn outcome(
        &self,
        id: u64,
        deadline_passed: bool,
    ) -> Option<anyhow::Result<InteractionOutcome>> {
        let st = self.inner.lock();
        let rec = &st.interactions[&id];
        let Some(cb) = &rec.callback else {
            return deadline_passed.then(|| {
                Err(anyhow!(
                    "{} got no callback within {RESPONSE_WAIT:?} (violations: {:?})",
                    rec.label,
                    st.violations
                ))
            });
        };
        if let Some(why) = &cb.refused {
            return Some(Err(anyhow!(
                "{}: the fake refused the callback: {why}",
                rec.label
            )));
        }
        let original = rec.original.and_then(|m| st.messages.get(&m));
        let done = match cb.kind {
            5 => original.is_some_and(|m| !m.loading),
            6 => {
                rec.updates > 0 || original.is_some_and(|m| m.history.len() > rec.original_versions)
            }
            _ => true,
        };
        if !done && !deadline_passed {
            return None;
        }
        if !done && cb.kind == 5 {
            return Some(Err(anyhow!(
                "{} was deferred but never followed up within {RESPONSE_WAIT:?}",
                rec.label
            )));
        }
        Some(Ok(InteractionOutcome {
            interaction_id: id,
            token: rec.token.clone(),
            callback_type: cb.kind,
            body: cb.body.clone(),
            latency: cb.latency,
            message: original.cloned(),
            followups: rec
                .followups
                .iter()
                .filter_map(|m| st.messages.get(m))
                .cloned()
                .collect(),
            guild: rec.guild,
            shard: rec.shard,
        }))
    }

    async fn wait_outcome(&self, id: u64) -> anyhow::Result<InteractionOutcome> {
        let deadline = Instant::now() + RESPONSE_WAIT;
        loop {
            let notified = self.inner.changed.notified();
            let now = Instant::now();
            if let Some(result) = self.outcome(id, now >= deadline) {
                return result;
            }
            let step = deadline
                .saturating_duration_since(now)
                .min(Duration::from_millis(50));
            let _ = tokio::time::timeout(step, notified).await;
        }
    }

    /// Sends a slash command as `user` in `channel` and waits (up to 5 s) for the bot's callback
    /// and, if it deferred, for the response to be filled in. `options` is the options array as
    /// Discord sends it (`[{"name": "game", "value": "kop"}, ...]`); each option's `type` is
    /// taken from the registered command if left out, and USER options are resolved.
    pub async fn slash(
        &self,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: Value,
    ) -> anyhow::Result<InteractionOutcome> {
        let data = Self::command_data(&self.inner.lock(), channel, name, &options)?;
        let label = format!("/{name} by {}", user.name);
        let id = self.dispatch_interaction(2, user, channel, data, None, label)?;
        self.wait_outcome(id).await
    }

    /// Asks for autocomplete choices: `options` as for [`Self::slash`], with the option being
    /// typed marked `"focused": true`. Returns the choices the bot offered.
    pub async fn autocomplete(
        &self,
        user: &FakeUser,
        channel: u64,
        name: &str,
        options: Value,
    ) -> anyhow::Result<Vec<Value>> {
        let data = Self::command_data(&self.inner.lock(), channel, name, &options)?;
        let label = format!("autocomplete of /{name} by {}", user.name);
        let id = self.dispatch_interaction(4, user, channel, data, None, label)?;
        let outcome = self.wait_outcome(id).await?;
        Ok(outcome.data()["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default())
    }

    /// Clicks the button `custom_id` on message `message_id` as `user`, who must be able to see
    /// the message; the button must be there and enabled. Waits for the answer like `slash`
    /// (a deferred update, type 6, waits for an edit or followup, or returns after 5 s).
    pub async fn click(
        &self,
        user: &FakeUser,
        message_id: u64,
        custom_id: &str,
    ) -> anyhow::Result<InteractionOutcome> {
        let msg = self.visible_message(user, message_id)?;
        match msg.component(custom_id) {
            None => bail!(
                "message {message_id} has no button {custom_id:?} (buttons: {:?})",
                msg.buttons()
            ),
            Some(c) if c["type"].as_u64() != Some(2) => {
                bail!("{custom_id:?} on message {message_id} is not a button")
            }
            Some(c) if c["disabled"].as_bool() == Some(true) => {
                bail!("button {custom_id:?} on message {message_id} is disabled")
            }
            Some(_) => {}
        }
        self.click_unchecked(user, message_id, custom_id).await
    }

    /// Sends a button click with any `custom_id` on a message the user can see, whether or not
    /// the button is (still) on it: a stale or forged click.
    pub async fn click_unchecked(
        &self,
        user: &FakeUser,
        message_id: u64,
        custom_id: &str,
    ) -> anyhow::Result<InteractionOutcome> {
        let msg = self.visible_message(user, message_id)?;
        let data = json!({"custom_id": custom_id, "component_type": 2});
        let label = format!("click {custom_id:?} by {}", user.name);
        let id =
            self.dispatch_interaction(3, user, msg.channel_id, data, Some(message_id), label)?;
        self.wait_outcome(id).await
    }

    /// Sends an interaction of any `kind` (2 command, 3 component, 4 autocomplete) with any
    /// `data`, as `user` in `channel`, on `message_id` for a component, with no check of the
    /// user, the command or the message: a forged or malformed payload. It must still
    /// deserialize as serenity's `Interaction` (checked; the bot would never hear it otherwise).
    pub async fn raw_interaction(
        &self,
        user: &FakeUser,
        channel: u64,
        kind: u8,
        data: Value,
        message_id: Option<u64>,
    ) -> anyhow::Result<InteractionOutcome> {
        let label = format!("raw interaction {kind} {data} by {}", user.name);
        let id = self.dispatch_interaction(kind, user, channel, data, message_id, label)?;
        self.wait_outcome(id).await
    }

    /// Chooses `values` in the string select menu `custom_id` on a message the user can see.
    pub async fn select(
        &self,
        user: &FakeUser,
        message_id: u64,
        custom_id: &str,
        values: &[&str],
    ) -> anyhow::Result<InteractionOutcome> {
        let msg = self.visible_message(user, message_id)?;
        let Some((_, options)) = msg
            .select_menus()
            .into_iter()
            .find(|(id, _)| id == custom_id)
        else {
            bail!("message {message_id} has no select menu {custom_id:?}");
        };
        for v in values {
            if !options.iter().any(|(value, _)| value == v) {
                bail!("select menu {custom_id:?} has no option {v:?} (options: {options:?})");
            }
        }
        let data = json!({"custom_id": custom_id, "component_type": 3, "values": values});
        let label = format!("select {custom_id:?} = {values:?} by {}", user.name);
        let id =
            self.dispatch_interaction(3, user, msg.channel_id, data, Some(message_id), label)?;
        self.wait_outcome(id).await
    }

    fn visible_message(&self, user: &FakeUser, message_id: u64) -> anyhow::Result<FakeMessage> {
        let Some(msg) = self.message(message_id) else {
            bail!("no message {message_id}");
        };
        if msg.deleted {
            bail!("message {message_id} was deleted");
        }
        if !msg.is_visible_to(user.id) {
            bail!("{} cannot see ephemeral message {message_id}", user.name);
        }
        if msg.loading {
            bail!("message {message_id} is still a deferred placeholder");
        }
        Ok(msg)
    }

    /// A message by id (including deleted ones, which have `deleted` set).
    pub fn message(&self, id: u64) -> Option<FakeMessage> {
        self.inner.lock().messages.get(&id).cloned()
    }

    /// The enabled buttons of a message as `(custom_id, style)`, without copying the message
    /// (None when it is missing or deleted): what a load generator polls.
    pub fn enabled_buttons(&self, id: u64) -> Option<Vec<(String, u64)>> {
        let st = self.inner.lock();
        let m = st.messages.get(&id).filter(|m| !m.deleted)?;
        Some(
            m.components_iter()
                .filter(|c| c.get("type").and_then(Value::as_u64) == Some(2))
                .filter(|c| !c.get("disabled").and_then(Value::as_bool).unwrap_or(false))
                .filter_map(|c| {
                    let id = c.get("custom_id")?.as_str()?.to_string();
                    Some((id, c.get("style").and_then(Value::as_u64).unwrap_or(1)))
                })
                .collect(),
        )
    }

    /// The newest live public message of `channel` carrying an enabled button whose custom id
    /// starts with `prefix`: `(message id, custom id)`. Searches from the newest message back.
    pub fn latest_button(&self, channel: u64, prefix: &str) -> Option<(u64, String)> {
        let st = self.inner.lock();
        st.by_channel
            .get(&channel)?
            .iter()
            .rev()
            .filter_map(|id| st.messages.get(id))
            .filter(|m| !m.ephemeral && !m.deleted)
            .find_map(|m| {
                m.components_iter()
                    .filter(|c| !c.get("disabled").and_then(Value::as_bool).unwrap_or(false))
                    .find_map(|c| {
                        c.get("custom_id")?
                            .as_str()
                            .filter(|id| id.starts_with(prefix))
                    })
                    .map(|id| (m.id, id.to_string()))
            })
    }

    /// Every message, in creation order (including ephemeral and deleted ones).
    pub fn all_messages(&self) -> Vec<FakeMessage> {
        self.inner.lock().messages.values().cloned().collect()
    }

    /// The public, non-deleted messages of a channel, oldest first, as they are now.
    pub fn channel_messages(&self, channel: u64) -> Vec<FakeMessage> {
        let st = self.inner.lock();
        st.messages
            .values()
            .filter(|m| m.channel_id == channel && !m.ephemeral && !m.deleted)
            .cloned()
            .collect()
    }

    /// The newest public message of a channel.
    pub fn last_channel_message(&self, channel: u64) -> Option<FakeMessage> {
        self.channel_messages(channel).pop()
    }

    /// The non-deleted ephemeral messages `user` was sent, oldest first.
    pub fn ephemerals_for(&self, user: u64) -> Vec<FakeMessage> {
        let st = self.inner.lock();
        st.messages
            .values()
            .filter(|m| m.ephemeral && m.visible_to == Some(user) && !m.deleted)
            .cloned()
            .collect()
    }

    /// Everything that broke Discord's rules so far, plus every interaction that has gone
    /// unanswered for more than 3 s.
    pub fn violations(&self) -> Vec<String> {
        let st = self.inner.lock();
        let mut out = st.violations.clone();
        for (id, rec) in &st.interactions {
            if rec.callback.is_none() && rec.dispatched_at.elapsed() > ACK_DEADLINE {
                out.push(format!(
                    "{} (interaction {id}) was never acknowledged",
                    rec.label
                ));
            }
        }
        out
    }

    /// Dispatch-to-callback latency of every callback received, in arrival order.
    pub fn latencies(&self) -> Vec<Duration> {
        self.inner.lock().latencies.clone()
    }

    /// Every REST request so far, as `"METHOD /path?query"`.
    pub fn requests(&self) -> Vec<String> {
        self.inner.lock().requests.clone()
    }

    /// Every REST request so far with its `Authorization` header (`"Bot <token>"`), in order:
    /// who sent what, when the fake stands in for a REST proxy several processes share.
    pub fn requests_with_auth(&self) -> Vec<(String, Option<String>)> {
        let st = self.inner.lock();
        st.requests
            .iter()
            .cloned()
            .zip(st.request_meta.iter().map(|(auth, _)| auth.clone()))
            .collect()
    }

    /// Every REST request so far with when it arrived and its `Authorization` header.
    pub fn request_times(&self) -> Vec<(String, Instant, Option<String>)> {
        let st = self.inner.lock();
        st.requests
            .iter()
            .zip(&st.request_meta)
            .map(|(line, (auth, at))| (line.clone(), *at, auth.clone()))
            .collect()
    }

    /// The number of interactions sent so far.
    pub fn interaction_count(&self) -> usize {
        self.inner.lock().interactions.len()
    }

    // ----- permissions ---------------------------------------------------------------------------

    /// Gives `user` these permission bits in every channel (see [`permissions`]); interactions
    /// carry them as `member.permissions`. Without this a user is a plain member
    /// ([`permissions::PLAIN_MEMBER`]: no Administrator, no Manage Messages), the server owner
    /// ([`Self::OWNER_ID`]) has [`permissions::ALL`], and the bot [`permissions::BOT`].
    pub fn set_permissions(&self, user: u64, bits: u64) {
        self.inner.lock().permissions.insert(user, bits);
    }

    /// A user's permission bits, as interactions carry them.
    pub fn permissions_of(&self, user: u64) -> u64 {
        self.inner.lock().permissions_of(user)
    }

    // ----- threads -------------------------------------------------------------------------------

    /// Every thread the bot started, oldest first (deleted ones too: see `deleted`).
    pub fn threads(&self) -> Vec<FakeThread> {
        self.inner.lock().threads.values().cloned().collect()
    }

    /// One thread by id.
    pub fn thread(&self, id: u64) -> Option<FakeThread> {
        self.inner.lock().threads.get(&id).cloned()
    }

    /// Adds `user` to a thread (as a user joining it, or being added by someone else), so they
    /// can act in it if it is private.
    pub fn join_thread(&self, user: &FakeUser, thread: u64) -> anyhow::Result<()> {
        let mut st = self.inner.lock();
        let Some(t) = st.threads.get_mut(&thread).filter(|t| !t.deleted) else {
            bail!("no thread {thread}");
        };
        t.members.insert(user.id);
        st.users.entry(user.id).or_insert_with(|| user.clone());
        drop(st);
        self.inner.touch();
        Ok(())
    }

    // ----- what is left alive --------------------------------------------------------------------

    /// Deletes a message as `user` would in Discord's client: their own messages never (the fake
    /// holds only the bot's), the bot's with Manage Messages. The bot is not told (it has no
    /// message intents); its later edits get 404 Unknown Message, without a violation.
    pub fn delete_message_as(&self, user: &FakeUser, message_id: u64) -> anyhow::Result<()> {
        let mut st = self.inner.lock();
        let perms = st.permissions_of(user.id);
        if !permissions::has(perms, permissions::MANAGE_MESSAGES) {
            bail!("{} may not delete the bot's messages", user.name);
        }
        let Some(m) = st.messages.get_mut(&message_id) else {
            bail!("no message {message_id}");
        };
        if m.deleted || m.ephemeral {
            bail!("message {message_id} is deleted or ephemeral");
        }
        m.deleted = true;
        m.deleted_by = Some(user.id);
        drop(st);
        self.inner.touch();
        Ok(())
    }

    /// The buttons someone can still click in `channel` (a channel or thread id):
    /// `(message_id, custom_id, label)` of every enabled button (`disabled` not set) on every
    /// message there that is not deleted, ephemeral ones included (each visible to its one
    /// user), in message order. A button that can only refuse is still counted: that is the
    /// point.
    pub fn live_buttons(&self, channel: u64) -> Vec<(u64, String, String)> {
        let st = self.inner.lock();
        st.messages
            .values()
            .filter(|m| m.channel_id == channel && !m.deleted && !m.loading)
            .flat_map(|m| {
                m.buttons()
                    .into_iter()
                    .filter(|(_, _, disabled)| !disabled)
                    .map(|(id, label, _)| (m.id, id, label))
            })
            .collect()
    }

    /// How many public (non-ephemeral) messages were ever created in `channel`, deleted or not:
    /// the bot's messages, responses and followups, and Discord's own "started a thread"
    /// messages. What the channel's readers saw arrive.
    pub fn public_messages_created(&self, channel: u64) -> usize {
        let st = self.inner.lock();
        st.messages
            .values()
            .filter(|m| m.channel_id == channel && !m.ephemeral)
            .count()
    }

    /// The public messages of `channel` that are still there (not deleted), oldest first: what
    /// is left in the channel. The same as [`Self::channel_messages`].
    pub fn alive_public_messages(&self, channel: u64) -> Vec<FakeMessage> {
        self.channel_messages(channel)
    }

    /// The messages of `channel` that notified someone when they were posted, oldest first:
    /// `(message_id, users notified, deleted)`. A user is notified when the content mentions
    /// them (`<@id>`) and the message's `allowed_mentions` lets it through (Discord's default,
    /// when none is given, lets every mention through), unless the message is ephemeral or
    /// silent (`SUPPRESS_NOTIFICATIONS`). Edits never notify (Discord does not notify on edits),
    /// except the filling in of a deferred response. A live ping is one with `deleted` false.
    pub fn pings(&self, channel: u64) -> Vec<(u64, Vec<u64>, bool)> {
        let st = self.inner.lock();
        st.messages
            .values()
            .filter(|m| m.channel_id == channel && !m.pinged.is_empty())
            .map(|m| (m.id, m.pinged.clone(), m.deleted))
            .collect()
    }
}
