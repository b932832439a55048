//! Where an interaction happens, and what Discord lets the bot do there. Beside the servers the
//! bot is in (`GUILD_ID` and those of `add_guild`) a test opens the places a person reaches
//! with the app installed to their account: the DM between that person and the bot
//! ([`FakeDiscord::open_dm`]), a group DM of some people ([`FakeDiscord::open_group_dm`]) and
//! a server the bot is not in ([`FakeDiscord::add_guild_without_bot`]). Each place gives its
//! interactions their `context`, `authorizing_integration_owners` and `app_permissions` as
//! Discord's docs describe them (interactions/receiving-and-responding, "Interaction
//! Structure" and "Authorizing Integration Owners Object"), decides which registered commands
//! can be used there (their `integration_types` and `contexts`), and which shard carries them
//! (a DM or group DM shard 0).
//!
//! Where the bot is not a member (a group DM, a server without the bot) only the interaction
//! reaches the channel: its callback, and its token's webhook. Every other route naming such a
//! channel or server is refused with 403 Missing Access (50001), as Discord refuses a bot
//! that is not there, recorded ([`FakeDiscord::refused_channel_calls`]) and a violation.
//!
//! The fake keeps a clock of its own for interaction tokens: real time plus
//! [`FakeDiscord::advance_clock`]. A token works on the webhook routes for
//! [`TOKEN_LIFETIME`] of that clock; after that they answer 401 Invalid Webhook Token (50027).

use super::*;

/// How long an interaction token works on the webhook routes: "Interaction tokens are valid for
/// 15 minutes" (interactions/receiving-and-responding).
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// How many follow-ups an interaction of a user-installed app (no `"0"` owner) may create:
/// "User-installed apps are now limited to creating a maximum of 5 follow-ups when responding
/// to interactions" (change log, "User-Installed Apps General Availability").
pub(crate) const USER_INSTALL_FOLLOWUPS: u32 = 5;

/// Where a channel is, as an interaction from it sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A channel of a server the bot is in (`GUILD_ID`, or one added with `add_guild`).
    Guild(u64),
    /// A channel of a server the bot is not in (`add_guild_without_bot`).
    GuildWithoutBot(u64),
    /// The DM between this person and the bot.
    BotDm(u64),
    /// A group DM of these people (the bot is not one of them).
    GroupDm(Vec<u64>),
}

impl Place {
    /// The interaction `context`: 0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL.
    pub fn context(&self) -> u8 {
        match self {
            Place::Guild(_) | Place::GuildWithoutBot(_) => 0,
            Place::BotDm(_) => 1,
            Place::GroupDm(_) => 2,
        }
    }

    /// The server, for a server's channel.
    pub fn guild(&self) -> Option<u64> {
        match self {
            Place::Guild(g) | Place::GuildWithoutBot(g) => Some(*g),
            Place::BotDm(_) | Place::GroupDm(_) => None,
        }
    }

    /// Whether the bot is there (it can use the channel's own routes).
    pub fn has_bot(&self) -> bool {
        matches!(self, Place::Guild(_) | Place::BotDm(_))
    }

    /// Who sees a public message there (None: every member of the server).
    pub(crate) fn audience(&self) -> Option<Vec<u64>> {
        match self {
            Place::Guild(_) | Place::GuildWithoutBot(_) => None,
            Place::BotDm(person) => Some(vec![*person]),
            Place::GroupDm(people) => Some(people.clone()),
        }
    }

    /// The id Discord's shard formula takes: the server's, 0 for a DM or group DM (which
    /// shard 0 carries).
    pub(crate) fn shard_key(&self) -> u64 {
        self.guild().unwrap_or(0)
    }

    pub(crate) fn describe(&self) -> String {
        match self {
            Place::Guild(g) => format!("server {g}"),
            Place::GuildWithoutBot(g) => format!("server {g} (without the bot)"),
            Place::BotDm(p) => format!("the DM of {p} with the bot"),
            Place::GroupDm(people) => format!("the group DM of {people:?}"),
        }
    }
}

/// A server the bot is not in.
#[derive(Clone, Debug)]
pub(crate) struct GuildWithoutBot {
    pub(crate) channels: Vec<u64>,
    /// The person who added the app to their account there.
    pub(crate) installer: u64,
}

/// The numbers of a JSON array (`integration_types`, `contexts`), or None when it is not one.
fn numbers(v: &Value) -> Option<Vec<u64>> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_u64).collect())
}

/// A registered command's `integration_types` (Discord fills them in when it registers a
/// command: `[0]` when they are missing here too).
pub(crate) fn integration_types(cmd: &Value) -> Vec<u64> {
    numbers(&cmd["integration_types"]).unwrap_or_else(|| vec![0])
}

/// A registered command's `contexts`: null means all three, except that the deprecated
/// `dm_permission: false` keeps a command out of the DM with the bot.
pub(crate) fn contexts(cmd: &Value) -> Vec<u64> {
    numbers(&cmd["contexts"]).unwrap_or_else(|| {
        if cmd["dm_permission"] == false {
            vec![0, 2]
        } else {
            vec![0, 1, 2]
        }
    })
}

impl State {
    /// The place of a channel (or of a thread, by its parent).
    pub(crate) fn place_of(&self, channel: u64) -> Place {
        let channel = self.threads.get(&channel).map_or(channel, |t| t.parent_id);
        if let Some(&person) = self.dms.get(&channel) {
            return Place::BotDm(person);
        }
        if let Some(people) = self.group_dms.get(&channel) {
            return Place::GroupDm(people.clone());
        }
        let guild = self.guild_of(channel);
        if self.guilds_without_bot.contains_key(&guild) {
            Place::GuildWithoutBot(guild)
        } else {
            Place::Guild(guild)
        }
    }

    pub(crate) fn has_installed(&self, user: u64) -> bool {
        self.installed.contains(&user)
    }

    /// The `authorizing_integration_owners` of command `cmd` used by `user` in `place`, empty
    /// when the command cannot be used there. A key is present when the app is installed for
    /// it, the command supports that installation (`integration_types`) and the place's
    /// context (`contexts`): `"0"` (a guild install) with the server's id in a server the bot
    /// is in and `"0"` in the DM with the bot; `"1"` (a user install) with the user's id when
    /// they installed the app to their account.
    pub(crate) fn command_owners(
        &self,
        cmd: &Value,
        place: &Place,
        user: u64,
    ) -> serde_json::Map<String, Value> {
        let mut owners = serde_json::Map::new();
        if !contexts(cmd).contains(&u64::from(place.context())) {
            return owners;
        }
        let types = integration_types(cmd);
        if types.contains(&0) {
            match place {
                Place::Guild(g) => {
                    owners.insert("0".into(), json!(g.to_string()));
                }
                Place::BotDm(_) => {
                    owners.insert("0".into(), json!("0"));
                }
                Place::GuildWithoutBot(_) | Place::GroupDm(_) => {}
            }
        }
        // A guild command is for its server's guild install only.
        if types.contains(&1) && cmd.get("guild_id").is_none() && self.has_installed(user) {
            owners.insert("1".into(), json!(user.to_string()));
        }
        owners
    }

    /// The owners of an interaction that names no command the fake can check (a forged one):
    /// the place's installation.
    fn place_owners(&self, place: &Place, user: u64) -> Value {
        let person = |fallback: u64| {
            let who = if self.has_installed(user) {
                user
            } else {
                fallback
            };
            json!({"1": who.to_string()})
        };
        match place {
            Place::Guild(g) => json!({"0": g.to_string()}),
            Place::GuildWithoutBot(g) => {
                person(self.guilds_without_bot.get(g).map_or(user, |g| g.installer))
            }
            Place::BotDm(p) if self.has_installed(*p) => json!({"1": p.to_string()}),
            Place::BotDm(_) => json!({"0": "0"}),
            Place::GroupDm(people) => person(
                people
                    .iter()
                    .copied()
                    .find(|p| self.has_installed(*p))
                    .unwrap_or(user),
            ),
        }
    }

    /// The `authorizing_integration_owners` of an interaction: a component's are those of the
    /// interaction whose answer carried it (whoever clicks: "it can be used to tell the
    /// difference between the authorizing user and the user that triggered an interaction");
    /// a command's as [`Self::command_owners`].
    pub(crate) fn owners_for(
        &self,
        kind: u8,
        user: u64,
        place: &Place,
        data: &Value,
        component_message: Option<u64>,
    ) -> Value {
        if let Some(m) = component_message {
            let origin = self
                .messages
                .get(&m)
                .and_then(|m| m.interaction_id)
                .and_then(|i| self.interactions.get(&i));
            return match origin {
                Some(rec) => rec.owners.clone(),
                None => self.place_owners(place, user),
            };
        }
        if matches!(kind, 2 | 4) {
            let name = data["name"].as_str().unwrap_or_default();
            let command_kind = data["type"].as_u64().unwrap_or(1);
            let cmd = FakeDiscord::find_command(self, place.shard_key(), name, command_kind);
            if let Some(cmd) = cmd {
                let owners = self.command_owners(&cmd, place, user);
                if !owners.is_empty() {
                    return Value::Object(owners);
                }
            }
        }
        self.place_owners(place, user)
    }

    /// The bot's `app_permissions` in a place.
    pub(crate) fn app_permissions_in(&self, place: &Place) -> u64 {
        match place {
            Place::Guild(_) => self.permissions_of(FakeDiscord::BOT_USER_ID),
            Place::GuildWithoutBot(_) => permissions::APP_IN_GUILD_WITHOUT_BOT,
            Place::BotDm(_) => permissions::APP_IN_BOT_DM,
            Place::GroupDm(_) => permissions::APP_IN_PRIVATE_CHANNEL,
        }
    }

    /// How old an interaction's token is on the fake's clock.
    pub(crate) fn token_age(&self, rec: &InteractionRecord) -> Duration {
        rec.dispatched_at.elapsed() + self.clock_offset.saturating_sub(rec.clock_at_dispatch)
    }
}

impl FakeDiscord {
    /// The registered command `name` of `kind` (1 slash, 4 Entry Point) that `user` can use in
    /// `channel`, or why not: it is not registered, or its `integration_types` and `contexts`
    /// keep it out of that place (in a server with the bot it needs a guild install, 0, or the
    /// user's own, 1, and context 0; in a server without the bot the user's install and context
    /// 0; in the DM with the bot either install and context 1; in a group DM the user's install
    /// and context 2).
    pub(super) fn available_command(
        st: &State,
        user: u64,
        channel: u64,
        name: &str,
        kind: u64,
    ) -> anyhow::Result<Value> {
        let place = st.place_of(channel);
        let Some(cmd) = Self::find_command(st, place.shard_key(), name, kind) else {
            let known: Vec<String> = st
                .guild_commands
                .values()
                .flatten()
                .chain(&st.global_commands)
                .map(|c| c["name"].as_str().unwrap_or("?").to_string())
                .collect();
            bail!(
                "/{name} is not a registered command in {} (registered: {known:?})",
                place.describe()
            );
        };
        if st.command_owners(&cmd, &place, user).is_empty() {
            bail!(
                "/{name} cannot be used in {} by user {user} (integration_types {:?}, contexts \
                 {}, {} installed the app to their account)",
                place.describe(),
                integration_types(&cmd),
                cmd["contexts"],
                if st.has_installed(user) {
                    "who"
                } else {
                    "who has not"
                },
            );
        }
        Ok(cmd)
    }

    // ----- places ---------------------------------------------------------------------------

    /// Opens the DM between `user` and the bot (a channel of type 1) and marks `user` as having
    /// installed the app to their account; answers the channel's id. Interactions there have
    /// `context` 1, no `guild_id` or `member` but a top-level `user`, a DM as `channel`,
    /// [`permissions::APP_IN_BOT_DM`] as `app_permissions`, and go out on shard 0. The bot is
    /// in this channel: its channel routes work there too (see [`Self::channel_calls_in`]).
    pub fn open_dm(&self, user: &FakeUser) -> u64 {
        let mut st = self.inner.lock();
        let channel = st.next_id();
        st.dms.insert(channel, user.id);
        st.installed.insert(user.id);
        st.users.entry(user.id).or_insert_with(|| user.clone());
        channel
    }

    /// Opens a group DM (a channel of type 3) of `users`; the bot is not one of them. The first
    /// of them installed the app to their account (mark others with
    /// [`Self::install_for_user`]). Only those who installed it can use its commands there;
    /// anyone there can click a component of a message the app posted, and sees its public
    /// messages. Interactions there have `context` 2, no guild, a top-level `user`,
    /// [`permissions::APP_IN_PRIVATE_CHANNEL`], and go out on shard 0; the channel's own
    /// routes are refused (403 Missing Access).
    pub fn open_group_dm(&self, users: &[&FakeUser]) -> u64 {
        let mut st = self.inner.lock();
        let channel = st.next_id();
        st.group_dms
            .insert(channel, users.iter().map(|u| u.id).collect());
        if let Some(first) = users.first() {
            st.installed.insert(first.id);
        }
        for u in users {
            st.users.entry(u.id).or_insert_with(|| (*u).clone());
        }
        channel
    }

    /// Adds a server the bot is not in, with its text channels, where `installer` has added the
    /// app to their account (marked as having installed it). No GUILD_CREATE announces it; its
    /// interactions go out on its shard by Discord's formula, with `context` 0, `guild_id` and
    /// `member`, `{"1": <user>}` as owners (no `"0"`: the server has not installed the app) and
    /// [`permissions::APP_IN_GUILD_WITHOUT_BOT`]. The bot's routes naming its channels or the
    /// server itself are refused (403 Missing Access).
    pub fn add_guild_without_bot(&self, guild: u64, channels: &[u64], installer: &FakeUser) {
        let mut st = self.inner.lock();
        for &c in channels {
            st.channel_guilds.insert(c, guild);
        }
        st.guilds_without_bot
            .entry(guild)
            .or_insert_with(|| GuildWithoutBot {
                channels: Vec::new(),
                installer: installer.id,
            })
            .channels
            .extend(channels);
        st.installed.insert(installer.id);
        st.users
            .entry(installer.id)
            .or_insert_with(|| installer.clone());
    }

    /// Marks `user` as having installed the app to their account: they can use its
    /// user-install commands (`integration_types` with 1) in group DMs, in servers without the
    /// bot, and anywhere else, with `{"1": <their id>}` among the owners.
    pub fn install_for_user(&self, user: &FakeUser) {
        let mut st = self.inner.lock();
        st.installed.insert(user.id);
        st.users.entry(user.id).or_insert_with(|| user.clone());
    }

    /// Where `channel` is (a thread: where its parent is).
    pub fn place_of(&self, channel: u64) -> Place {
        self.inner.lock().place_of(channel)
    }

    /// The `integration_types` the fake gives a global command registered without any (by
    /// default `[0]`, a guild install). Discord gives a command "the same as the app's
    /// supported installation context(s) at the time of command creation" (change log,
    /// "User-Installable Apps Preview"): `[0]` is that of an app made, or whose commands were
    /// first created, before User Install was enabled; `[0, 1]` that of one made since. Guild
    /// commands always default to `[0]`. Applies to commands registered after the call.
    pub fn set_default_integration_types(&self, types: &[u8]) {
        self.inner.lock().default_integration_types = types.to_vec();
    }

    /// The registered command `name` (guild ones first, then global), as Discord returns it:
    /// with its `integration_types` filled in, and `contexts` (null: every context).
    pub fn command_named(&self, name: &str) -> Option<Value> {
        self.commands().into_iter().find(|c| c["name"] == name)
    }

    /// Every REST call refused because the bot is not in the group DM, or the server (or a
    /// channel of the server) it names, as `"METHOD /path"`: a test asserts none happened.
    pub fn refused_channel_calls(&self) -> Vec<String> {
        self.inner.lock().refused.clone()
    }

    /// Every REST call naming `channel` in its path (`/channels/{channel}…`: posts, edits,
    /// reads, typing, threads), as `"METHOD /path?query"`, refused or not: in the DM with the
    /// bot, where Discord allows them, a test asserts the bot used only the interaction's
    /// routes.
    pub fn channel_calls_in(&self, channel: u64) -> Vec<String> {
        let prefix = format!("/api/v10/channels/{channel}");
        self.inner
            .lock()
            .requests
            .iter()
            .filter(|line| {
                let path = line.split_once(' ').map_or("", |(_, p)| p);
                path.strip_prefix(&prefix)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '?']))
            })
            .cloned()
            .collect()
    }

    // ----- the clock ------------------------------------------------------------------------

    /// Moves the fake's clock forward by `by`: an interaction token's age is the real time
    /// since its interaction was dispatched plus the advances made since. The 3-second deadline
    /// of a callback stays real time.
    pub fn advance_clock(&self, by: Duration) {
        self.inner.lock().clock_offset += by;
        self.inner.touch();
    }

    /// Webhook calls refused because the interaction's token was older than
    /// [`TOKEN_LIFETIME`], as `"METHOD <what>"`.
    pub fn expired_token_calls(&self) -> Vec<String> {
        self.inner.lock().expired.clone()
    }
}

impl Inner {
    /// Refuses a call that names a channel or server the bot is not in (a group DM, a server
    /// without the bot, or one of its channels): 403 Missing Access (50001), as Discord answers a
    /// bot that is not there (a send to a group DM the bot is not in: discord-api-docs issue
    /// 605; a server the bot is not in). Recorded, and a violation. None for every other call.
    pub(crate) fn out_of_reach(&self, segments: &[&str], line: &str) -> Option<RestError> {
        let id = |s: &str| s.parse::<u64>().ok();
        let mut st = self.lock();
        let unreachable = match segments {
            ["channels", c, ..] => id(c)
                .map(|c| st.place_of(c))
                .filter(|p| !p.has_bot())
                .map(|p| p.describe()),
            ["guilds", g, ..] | ["applications", _, "guilds", g, ..] => id(g)
                .filter(|g| st.guilds_without_bot.contains_key(g))
                .map(|g| Place::GuildWithoutBot(g).describe()),
            _ => None,
        }?;
        let path = line.split('?').next().unwrap_or(line).to_string();
        st.refused.push(path);
        st.violation(format!(
            "{line}: the bot is not in {unreachable}; Discord answers 403 Missing Access (only \
             the interaction's callback and its token's webhook reach it)"
        ));
        drop(st);
        self.touch();
        Some(RestError::new(403, 50001, "Missing Access"))
    }
}
