//! The fake's REST API (`/api/v10/...`) beside messages: every request recorded, the faults a
//! test injected served, the gateway and application info, users, members, channels, threads
//! and commands (each definition checked against Discord's limits).

use super::*;

impl Inner {
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
        if let Place::BotDm(person) = st.place_of(channel) {
            let v = fixtures::dm_channel(channel, &st.user(person));
            fixtures::validate::<serenity::all::Channel>("DM channel", &v);
            return Ok(Reply::Json(v));
        }
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
    pub(super) fn live_thread(
        st: &mut State,
        what: &str,
        channel: u64,
    ) -> Result<Option<u64>, RestError> {
        match st.thread(channel).map(|t| t.deleted) {
            None => Ok(None),
            Some(false) => Ok(Some(channel)),
            Some(true) => {
                st.violation(format!("{what}: the thread {channel} was deleted"));
                Err(RestError::unknown_channel())
            }
        }
    }

    pub(super) fn check_thread_payload(
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
    pub(super) fn add_thread(&self, st: &mut State, thread: FakeThread) -> Value {
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

    pub(super) fn new_thread(id: u64, parent: u64, kind: u8, body: &Value) -> FakeThread {
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

    /// The parent of a new thread must be a server's text channel, not a thread, a voice
    /// channel or a DM.
    pub(super) fn check_parent(st: &mut State, what: &str, parent: u64) -> Result<(), RestError> {
        if st.thread(parent).is_some() || st.place_of(parent).guild().is_none() {
            st.violation(format!(
                "{what}: a thread cannot be started in a thread or a DM"
            ));
            return Err(RestError::new(
                400,
                50024,
                "Cannot execute action on this channel type",
            ));
        }
        if fixtures::channel_type(parent) == 2 {
            st.violation(format!(
                "{what}: a thread cannot be started in a voice channel"
            ));
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

    pub(super) fn check_app(&self, app: u64, what: &str) -> Result<(), RestError> {
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

    pub(super) fn commands_of(st: &State, guild: Option<u64>) -> Vec<Value> {
        match guild {
            None => st.global_commands.clone(),
            Some(g) => st.guild_commands.get(&g).cloned().unwrap_or_default(),
        }
    }

    pub(super) fn register(st: &mut State, guild: Option<u64>, def: &Value) -> Value {
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
        fixtures::registered_command(
            def,
            id,
            FakeDiscord::APP_ID,
            guild,
            &st.default_integration_types,
        )
    }

    pub(super) fn check_commands(
        st: &mut State,
        what: &str,
        guild: Option<u64>,
        defs: &[Value],
    ) -> Result<(), RestError> {
        let mut problems: Vec<String> = defs.iter().flat_map(checks::command_definition).collect();
        // "the `PRIVATE_CHANNEL` interaction context can only be included in `contexts` if
        // `USER_INSTALL` is included in `integration_types` for the command" (the tutorial
        // "Developing a User-Installable App"), counting the types Discord fills in.
        for d in defs.iter().filter(|_| guild.is_none()) {
            let types = match d.get("integration_types").and_then(Value::as_array) {
                Some(t) => t.iter().filter_map(Value::as_u64).collect(),
                None => st
                    .default_integration_types
                    .iter()
                    .map(|t| u64::from(*t))
                    .collect::<Vec<_>>(),
            };
            let private = d
                .get("contexts")
                .and_then(Value::as_array)
                .is_some_and(|c| c.iter().any(|c| c.as_u64() == Some(2)));
            if private && !types.contains(&1) {
                problems.push(format!(
                    "command {}: context 2 (PRIVATE_CHANNEL) without integration type 1 \
                     (USER_INSTALL) among {types:?}",
                    d["name"]
                ));
            }
        }
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
        Self::check_commands(&mut st, &what, guild, defs)?;
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
        Self::check_commands(&mut st, &what, guild, std::slice::from_ref(def))?;
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
}
