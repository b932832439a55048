//! JSON fixtures in Discord's wire format, each checked against serenity's own model types.

use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use serenity::model::event::{Event, GatewayEvent};

use super::{FakeMessage, FakeThread, FakeUser};

/// The bot's role (given to the bot's member in GUILD_CREATE, with `permissions::BOT`).
pub const BOT_ROLE_ID: u64 = 900_000_000_000_000_101;
pub const JOINED_AT: &str = "2024-01-01T00:00:00.000000+00:00";
pub const ATTACHMENT_SIZE_LIMIT: u64 = 26_214_400;

pub fn now() -> String {
    serenity::model::Timestamp::now().to_string()
}

/// Panics with a readable message if `value` does not deserialize as `T`: serenity would drop
/// (or fail on) such a payload silently, and the test would only see a timeout.
pub fn validate<T: DeserializeOwned>(what: &str, value: &Value) {
    if let Err(e) = serde_json::from_value::<T>(value.clone()) {
        panic!(
            "fake Discord built an invalid {what} ({}): {e}\n{}",
            std::any::type_name::<T>(),
            serde_json::to_string_pretty(value).unwrap_or_default()
        );
    }
}

/// Checks a whole gateway dispatch the way serenity's shard reads it, and that it does not end
/// up as `Event::Unknown`.
pub fn validate_dispatch(payload: &Value) {
    // The typed payloads first, for a precise error message.
    let d = &payload["d"];
    match payload["t"].as_str() {
        Some("READY") => validate::<serenity::all::Ready>("READY", d),
        Some("GUILD_CREATE") => validate::<serenity::all::Guild>("GUILD_CREATE", d),
        Some("INTERACTION_CREATE") => validate::<serenity::all::Interaction>("interaction", d),
        Some("THREAD_CREATE" | "THREAD_UPDATE") => {
            validate::<serenity::all::GuildChannel>("thread", d)
        }
        _ => {}
    }
    match serde_json::from_value::<GatewayEvent>(payload.clone()) {
        Ok(GatewayEvent::Dispatch(_, Event::Unknown(u))) => panic!(
            "fake Discord built a dispatch serenity does not recognise (t = {}): {}",
            u.kind,
            serde_json::to_string_pretty(payload).unwrap_or_default()
        ),
        Ok(GatewayEvent::Dispatch(..)) => {}
        Ok(other) => panic!("fake Discord built a non-dispatch gateway event: {other:?}"),
        Err(e) => panic!(
            "fake Discord built a gateway payload serenity cannot read: {e}\n{}",
            serde_json::to_string_pretty(payload).unwrap_or_default()
        ),
    }
}

pub fn user(u: &FakeUser) -> Value {
    json!({
        "id": u.id.to_string(),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.name,
        "avatar": null,
        "bot": u.bot,
        "system": false,
        "public_flags": 0,
        "flags": 0,
    })
}

/// A guild member as interactions carry it: `permissions` are the member's resolved permissions
/// in the channel of the interaction.
pub fn member(u: &FakeUser, permissions: u64) -> Value {
    json!({
        "user": user(u),
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": JOINED_AT,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": permissions.to_string(),
        "communication_disabled_until": null,
    })
}

/// A member as it appears in `resolved.members` (no `user`).
pub fn partial_member(permissions: u64) -> Value {
    json!({
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": JOINED_AT,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": permissions.to_string(),
        "communication_disabled_until": null,
    })
}

pub fn channel_name(channel: u64) -> String {
    format!("table-{}", channel % 100_000)
}

/// A channel's type: 2 for the guild's voice channel (its text chat takes messages as a text
/// channel's does), 0 for every other channel.
pub fn channel_type(channel: u64) -> u8 {
    if channel == super::FakeDiscord::VOICE_CHANNEL_ID {
        2
    } else {
        0
    }
}

/// A voice channel's own fields, added to its channel object.
fn voice_fields(channel: u64, v: &mut Value) {
    if channel_type(channel) == 2 {
        v["type"] = json!(2);
        v["bitrate"] = json!(64000);
        v["user_limit"] = json!(0);
        v["rtc_region"] = Value::Null;
    }
}

/// The partial channel included in interactions (`permissions`: the invoking member's there).
pub fn partial_channel(channel: u64, guild: u64, permissions: u64) -> Value {
    let mut v = json!({
        "id": channel.to_string(),
        "name": channel_name(channel),
        "type": 0,
        "guild_id": guild.to_string(),
        "permissions": permissions.to_string(),
        "nsfw": false,
        "parent_id": null,
        "position": 0,
        "flags": 0,
        "topic": null,
        "rate_limit_per_user": 0,
        "last_message_id": null,
    });
    voice_fields(channel, &mut v);
    v
}

/// The DM between `person` and the bot (type 1), as an interaction's `channel` and
/// `GET /channels/{id}` show it: its recipient is the person.
pub fn dm_channel(channel: u64, person: &FakeUser) -> Value {
    json!({
        "id": channel.to_string(),
        "type": 1,
        "last_message_id": null,
        "flags": 0,
        "recipients": [user(person)],
    })
}

/// A group DM (type 3) of `people` as an interaction's `channel` shows it: no name, the first
/// of them its owner, all of them its recipients (the bot is not one).
pub fn group_dm_channel(channel: u64, people: &[FakeUser]) -> Value {
    json!({
        "id": channel.to_string(),
        "type": 3,
        "name": null,
        "icon": null,
        "owner_id": people.first().map(|p| p.id.to_string()),
        "last_message_id": null,
        "flags": 0,
        "recipients": people.iter().map(user).collect::<Vec<_>>(),
    })
}

/// A full guild text channel, as `GET /channels/{id}` returns it.
pub fn guild_channel(channel: u64, guild: u64) -> Value {
    let mut v = json!({
        "id": channel.to_string(),
        "type": 0,
        "guild_id": guild.to_string(),
        "name": channel_name(channel),
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "topic": null,
        "parent_id": null,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "flags": 0,
    });
    voice_fields(channel, &mut v);
    v
}

/// What a thread's channel object needs beyond the thread itself (counted from its messages).
pub struct ThreadCounts {
    pub last_message_id: Option<u64>,
    /// Messages there now (not deleted).
    pub message_count: usize,
    /// Messages ever sent there.
    pub total_message_sent: usize,
}

fn thread_metadata(t: &FakeThread) -> Value {
    let mut meta = json!({
        "archived": t.archived,
        "auto_archive_duration": t.auto_archive_duration,
        "archive_timestamp": t.archive_timestamp,
        "locked": t.locked,
        "create_timestamp": t.created_at,
    });
    if t.kind == 12 {
        meta["invitable"] = json!(t.invitable);
    }
    meta
}

/// A thread channel as `POST .../threads` and `GET /channels/{thread}` answer it (and as
/// THREAD_CREATE carries it).
pub fn thread_channel(t: &FakeThread, guild: u64, owner: u64, counts: &ThreadCounts) -> Value {
    json!({
        "id": t.id.to_string(),
        "type": t.kind,
        "guild_id": guild.to_string(),
        "parent_id": t.parent_id.to_string(),
        "owner_id": owner.to_string(),
        "name": t.name,
        "last_message_id": counts.last_message_id.map(|m| m.to_string()),
        "message_count": counts.message_count,
        "member_count": t.members.len().min(50),
        "total_message_sent": counts.total_message_sent,
        "rate_limit_per_user": 0,
        "flags": 0,
        "thread_metadata": thread_metadata(t),
    })
}

/// The partial channel of an interaction sent in a thread.
pub fn partial_thread(t: &FakeThread, guild: u64, permissions: u64) -> Value {
    json!({
        "id": t.id.to_string(),
        "type": t.kind,
        "guild_id": guild.to_string(),
        "parent_id": t.parent_id.to_string(),
        "name": t.name,
        "permissions": permissions.to_string(),
        "flags": 0,
        "rate_limit_per_user": 0,
        "last_message_id": null,
        "thread_metadata": thread_metadata(t),
    })
}

/// `mentions`: the users the message mentions (as user objects); `thread`: the thread started
/// from it, if any (a thread channel object).
pub fn message(
    m: &FakeMessage,
    bot: &FakeUser,
    app_id: u64,
    mentions: Vec<Value>,
    thread: Option<Value>,
) -> Value {
    let mut v = json!({
        "id": m.id.to_string(),
        "channel_id": m.channel_id.to_string(),
        "author": user(bot),
        "content": m.content,
        "timestamp": m.created_at,
        "edited_timestamp": m.edited_at,
        "tts": false,
        "mention_everyone": false,
        "mentions": mentions,
        "mention_roles": [],
        "attachments": m.attachments.iter().map(|a| json!({
            "id": a.id.to_string(),
            "filename": a.filename,
            "size": a.bytes.len(),
            "url": format!("https://cdn.discordapp.com/attachments/{}/{}/{}", m.channel_id, a.id, a.filename),
            "proxy_url": format!("https://media.discordapp.net/attachments/{}/{}/{}", m.channel_id, a.id, a.filename),
            "content_type": "image/png",
        })).collect::<Vec<_>>(),
        "embeds": if m.embeds.is_array() { m.embeds.clone() } else { json!([]) },
        "pinned": false,
        "type": m.kind,
        "flags": m.flags,
        "components": if m.components.is_array() { m.components.clone() } else { json!([]) },
    });
    if m.interaction_id.is_some() {
        v["application_id"] = json!(app_id.to_string());
        v["webhook_id"] = json!(app_id.to_string());
        v["interaction_metadata"] = m.interaction_metadata.clone();
    }
    if !m.reference.is_null() {
        v["message_reference"] = m.reference.clone();
    }
    if let Some(t) = thread {
        v["thread"] = t;
    }
    v
}

pub fn app_info(app_id: u64, owner: &FakeUser) -> Value {
    json!({
        "id": app_id.to_string(),
        "name": "pakka-test",
        "icon": null,
        "description": "fake application",
        "rpc_origins": [],
        "bot_public": true,
        "bot_require_code_grant": false,
        "owner": user(owner),
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "team": null,
        "flags": 0,
        "tags": [],
        // Both installation contexts, as a user-installable app's settings have them.
        "integration_types_config": {
            "0": {"oauth2_install_params": {"scopes": ["applications.commands", "bot"], "permissions": super::permissions::BOT.to_string()}},
            "1": {"oauth2_install_params": {"scopes": ["applications.commands"], "permissions": "0"}},
        },
        "redirect_uris": [],
        "interactions_endpoint_url": null,
        "role_connections_verification_url": null,
        "approximate_guild_count": 1,
    })
}

/// READY for a connection of shard `[id, total]`, announcing that shard's servers.
pub fn ready(
    bot: &FakeUser,
    app_id: u64,
    guilds: &[u64],
    shard: [u32; 2],
    session: &str,
    ws_url: &str,
) -> Value {
    let guilds: Vec<Value> = guilds
        .iter()
        .map(|g| json!({"id": g.to_string(), "unavailable": true}))
        .collect();
    let mut me = user(bot);
    me["verified"] = json!(true);
    me["mfa_enabled"] = json!(false);
    me["email"] = json!(null);
    json!({
        "op": 0,
        "t": "READY",
        "s": 1,
        "d": {
            "v": 10,
            "user": me,
            "guilds": guilds,
            "session_id": session,
            "resume_gateway_url": ws_url,
            "shard": shard,
            "application": {"id": app_id.to_string(), "flags": 0},
        }
    })
}

/// The GUILD_CREATE Discord sends after READY for each guild (GUILDS intent).
/// `threads`: the active threads, as [`thread_channel`] builds them. The @everyone role has
/// `everyone` permissions; the bot's member has the bot's role, with `permissions::BOT`.
pub fn guild_create(
    seq: u64,
    guild: u64,
    bot: &FakeUser,
    owner: u64,
    channels: &[u64],
    threads: Vec<Value>,
    everyone: u64,
) -> Value {
    let channels: Vec<Value> = channels.iter().map(|c| guild_channel(*c, guild)).collect();
    let mut bot_member = member(bot, super::permissions::BOT);
    bot_member["roles"] = json!([BOT_ROLE_ID.to_string()]);
    // Built in two halves: one json! literal this size exceeds the macro recursion limit.
    let mut d = json!({
        "id": guild.to_string(),
        "name": "Fake Card Club",
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": owner.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "widget_channel_id": null,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [{
            "id": guild.to_string(),
            "name": "@everyone",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false,
            "icon": null,
            "unicode_emoji": null,
            "position": 0,
            "permissions": everyone.to_string(),
            "managed": false,
            "mentionable": false,
            "flags": 0,
        }, {
            "id": BOT_ROLE_ID.to_string(),
            "name": "pakka",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false,
            "icon": null,
            "unicode_emoji": null,
            "position": 1,
            "permissions": super::permissions::BOT.to_string(),
            "managed": true,
            "mentionable": false,
            "flags": 0,
            "tags": {"bot_id": bot.id.to_string()},
        }],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
    });
    let rest = json!({
        "max_presences": null,
        "max_members": 500000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "max_video_channel_users": 25,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
        "joined_at": JOINED_AT,
        "large": false,
        "unavailable": false,
        "member_count": 1,
        "voice_states": [],
        "members": [bot_member],
        "channels": channels,
        "threads": threads,
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    });
    if let (Some(d), Value::Object(rest)) = (d.as_object_mut(), rest) {
        d.extend(rest);
    }
    json!({"op": 0, "t": "GUILD_CREATE", "s": seq, "d": d})
}

/// Fills in what Discord adds to a command definition when it is registered: for a command
/// without `integration_types`, `default_types` (a global command's; a guild command's are
/// `[0]`), and `contexts` null (every context) when not given.
pub fn registered_command(
    def: &Value,
    id: u64,
    app_id: u64,
    guild: Option<u64>,
    default_types: &[u8],
) -> Value {
    let mut cmd = def.as_object().cloned().unwrap_or_default();
    cmd.insert("id".into(), json!(id.to_string()));
    cmd.insert("application_id".into(), json!(app_id.to_string()));
    cmd.insert("version".into(), json!(id.to_string()));
    cmd.entry("type").or_insert(json!(1));
    cmd.entry("description").or_insert(json!(""));
    cmd.entry("options").or_insert(json!([]));
    cmd.entry("default_member_permissions")
        .or_insert(json!(null));
    cmd.entry("nsfw").or_insert(json!(false));
    let default = if guild.is_some() {
        &[0][..]
    } else {
        default_types
    };
    let given = cmd
        .get("integration_types")
        .filter(|t| t.is_array())
        .cloned();
    cmd.insert(
        "integration_types".into(),
        given.unwrap_or_else(|| json!(default)),
    );
    cmd.entry("contexts").or_insert(json!(null));
    if let Some(g) = guild {
        cmd.insert("guild_id".into(), json!(g.to_string()));
    }
    Value::Object(cmd)
}
