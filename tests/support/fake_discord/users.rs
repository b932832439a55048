//! Acting as users: slash commands, autocomplete, button clicks and select menus, sent from the
//! place of the channel they name (a server's channel, a DM, a group DM: see `places`) on the
//! gateway connection of that place's shard, and the outcome (the bot's answer) awaited.

use super::*;

impl FakeDiscord {
    pub(super) fn find_command(st: &State, guild: u64, name: &str, kind: u64) -> Option<Value> {
        st.guild_commands
            .get(&guild)
            .into_iter()
            .flatten()
            .chain(&st.global_commands)
            .find(|c| c["name"] == name && c["type"].as_u64().unwrap_or(1) == kind)
            .cloned()
    }

    /// Builds `data` for a slash command or autocomplete by `user`, checking that the command
    /// can be used where `channel` is (see [`Self::available_command`]) and the options against
    /// its definition, and filling in their `type` if the test left it out.
    pub(super) fn command_data(
        st: &State,
        user: u64,
        channel: u64,
        name: &str,
        options: &Value,
    ) -> anyhow::Result<Value> {
        let place = st.place_of(channel);
        let cmd = Self::available_command(st, user, channel, name, 1)?;
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
        });
        if let Some(guild) = place.guild() {
            data["guild_id"] = json!(guild.to_string());
        }
        if !resolved_users.is_empty() {
            data["resolved"] = json!({"users": resolved_users});
            // Members only in a server.
            if place.guild().is_some() {
                data["resolved"]["members"] = Value::Object(resolved_members);
            }
        }
        Ok(data)
    }

    pub(super) fn normalize_options(
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

    /// Sends an interaction over the gateway and records it. Returns its id. Where the channel
    /// is decides its `context`, `authorizing_integration_owners`, `app_permissions`, whether it
    /// carries `guild_id` and `member` (a server) or a top-level `user` (a DM or group DM), and
    /// which shard carries it.
    pub(super) fn dispatch_interaction(
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
        let place = st.place_of(channel);
        let guild = place.shard_key();
        let Some(conn) = st.conn_for(guild) else {
            if !st.any_ready() {
                bail!("no bot is connected to the fake gateway");
            }
            let why = format!(
                "{label}: {} has no connected gateway shard (ready: {:?})",
                place.describe(),
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
        let channel_json = match &place {
            Place::BotDm(person) if *person != user.id => {
                bail!("{} is not in the DM {channel} (of {person})", user.name)
            }
            Place::BotDm(person) => fixtures::dm_channel(channel, &st.user(*person)),
            Place::GroupDm(people) if !people.contains(&user.id) => {
                bail!("{} is not in the group DM {channel}", user.name)
            }
            Place::GroupDm(people) => {
                let users: Vec<FakeUser> = people.iter().map(|p| st.user(*p)).collect();
                fixtures::group_dm_channel(channel, &users)
            }
            Place::Guild(_) | Place::GuildWithoutBot(_) => match st.thread(channel) {
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
            },
        };
        let owners = st.owners_for(kind, user.id, &place, &data, component_message);
        let app_permissions = st.app_permissions_in(&place);
        let context = place.context();
        let id = st.next_id();
        let token = format!("fake-interaction-token-{id}");
        let mut d = json!({
            "id": id.to_string(),
            "application_id": Self::APP_ID.to_string(),
            "type": kind,
            "data": data,
            "channel": channel_json,
            "channel_id": channel.to_string(),
            "token": token,
            "version": 1,
            "app_permissions": app_permissions.to_string(),
            "locale": st.locales.get(&user.id).cloned().unwrap_or_else(|| "en-US".to_string()),
            "entitlements": [],
            "authorizing_integration_owners": owners,
            "context": context,
            "attachment_size_limit": fixtures::ATTACHMENT_SIZE_LIMIT,
        });
        if let Some(guild) = place.guild() {
            d["guild_id"] = json!(guild.to_string());
            d["member"] = fixtures::member(user, perms);
            d["guild_locale"] = json!(st.guild_locale.clone());
        } else {
            // "`member` is sent when the interaction is invoked in a guild, and `user` is sent
            // when invoked in a DM".
            d["user"] = user.json();
        }
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
        let clock_at_dispatch = st.clock_offset;
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
                context,
                owners: d["authorizing_integration_owners"].clone(),
                app_permissions,
                clock_at_dispatch,
                followup_posts: 0,
            },
        );
        Ok(id)
    }

    /// The outcome if it is complete (or the deadline has passed).
    pub(super) fn outcome(
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
        let edited = match cb.kind {
            6 => {
                rec.updates > 0 || original.is_some_and(|m| m.history.len() > rec.original_versions)
            }
            _ => true,
        };
        let done = match cb.kind {
            5 => original.is_some_and(|m| !m.loading),
            6 => edited || (rec.dispatched_at + cb.latency).elapsed() >= st.deferred_wait,
            _ => true,
        };
        // FAKE_SAY_UNEDITED=1: each click whose deferred update no edit followed is named (a
        // suite that slows down by RESPONSE_WAIT a click shows why).
        if cb.kind == 6 && !edited && done && std::env::var_os("FAKE_SAY_UNEDITED").is_some() {
            eprintln!("unedited deferred update: {}", rec.label);
        }
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
            edited,
            followups: rec
                .followups
                .iter()
                .filter_map(|m| st.messages.get(m))
                .cloned()
                .collect(),
            guild: rec.guild,
            shard: rec.shard,
            context: rec.context,
            owners: rec.owners.clone(),
            app_permissions: rec.app_permissions,
        }))
    }

    pub(super) async fn wait_outcome(&self, id: u64) -> anyhow::Result<InteractionOutcome> {
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
        let data = Self::command_data(&self.inner.lock(), user.id, channel, name, &options)?;
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
        let data = Self::command_data(&self.inner.lock(), user.id, channel, name, &options)?;
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
        drop(msg);
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
        // Only the channel is kept: a copy of the message held while the bot answers would
        // share its history, and the bot's edit would then copy every version before it (a
        // hand kept through a long match has thousands).
        let channel_id = self.visible_message(user, message_id)?.channel_id;
        let data = json!({"custom_id": custom_id, "component_type": 2});
        let label = format!("click {custom_id:?} by {}", user.name);
        let id = self.dispatch_interaction(3, user, channel_id, data, Some(message_id), label)?;
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

    pub(super) fn visible_message(
        &self,
        user: &FakeUser,
        message_id: u64,
    ) -> anyhow::Result<FakeMessage> {
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
}
