//! The fake's messages: payloads checked against Discord's limits, messages created and edited
//! as Discord keeps them (mentions, pings, attachments, threads), interaction callbacks,
//! follow-ups and webhook edits, and channel messages with their nonces.

use super::*;

impl Inner {
    pub(super) fn check_payload(st: &mut State, what: &str, data: &Value) -> Result<(), RestError> {
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
    pub(super) fn check_not_empty(
        st: &mut State,
        what: &str,
        data: &Value,
    ) -> Result<(), RestError> {
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

    pub(super) fn interaction_metadata(st: &State, id: u64, user: u64, followup: bool) -> Value {
        let rec = st.interactions.get(&id);
        let owners = rec.map_or_else(
            || json!({"0": FakeDiscord::GUILD_ID.to_string()}),
            |r| r.owners.clone(),
        );
        let mut v = json!({
            "id": id.to_string(),
            "type": rec.map_or(2, |r| r.kind),
            "user": st.user(user).json(),
            "authorizing_integration_owners": owners,
        });
        if let Some(m) = rec.and_then(|r| r.component_message) {
            v["interacted_message_id"] = json!(m.to_string());
        }
        if let Some(m) = rec.and_then(|r| r.original).filter(|_| followup) {
            v["original_response_message_id"] = json!(m.to_string());
        }
        v
    }

    pub(super) fn new_message(
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
        let audience = st.place_of(channel_id).audience();
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
            audience,
            origin,
            interaction_id: interaction.map(|(i, _)| i),
            interaction_metadata: interaction.map_or(Value::Null, |(i, user)| {
                Self::interaction_metadata(st, i, user, origin_is_followup)
            }),
            loading: flags & FLAG_LOADING != 0,
            deleted: false,
            history: Default::default(),
            shown_at: Instant::now(),
            made_by: interaction.map(|(i, _)| i),
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
        if !msg.ephemeral {
            st.public_by_channel
                .entry(msg.channel_id)
                .or_default()
                .push(id);
        }
        st.messages.insert(id, msg);
        id
    }

    /// The users `content` notifies under `allowed` (never the bot itself).
    pub(super) fn mentions_of(content: &str, allowed: &Value) -> Vec<u64> {
        checks::notified_users(content, allowed)
            .into_iter()
            .filter(|u| *u != FakeDiscord::BOT_USER_ID)
            .collect()
    }

    /// Whether a message with these flags notifies the users it mentions when it is posted:
    /// not an ephemeral, a deferred placeholder or a silent message.
    pub(super) fn notifies(flags: u64) -> bool {
        flags & (FLAG_EPHEMERAL | FLAG_LOADING | FLAG_SUPPRESS_NOTIFICATIONS) == 0
    }

    /// A message's attachments after a create or an edit: `attachments` names each file to
    /// keep (an id of the message's) or to add (the index of an uploaded part); without it, the
    /// uploaded files are added to those kept. An embed showing `attachment://<file>` must name
    /// one of them.
    pub(super) fn attachments_of(
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

    /// Edits message `id` with `data`; `by`: the interaction whose answer or token made the
    /// edit (None: a channel route).
    pub(super) fn apply_edit(st: &mut State, id: u64, data: &Value, by: Option<u64>) {
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
        Arc::make_mut(&mut m.history).push(old);
        m.shown_at = Instant::now();
        m.made_by = by;
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
        // LAUNCH_ACTIVITY (12) answers a command or a button (Discord: not a modal submit).
        let allowed = matches!(
            (ikind, kind),
            (2, 4 | 5 | 9 | 12) | (3, 4..=7 | 9 | 12) | (4, 8)
        );
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
            12 => st.launched.push(id),
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
                    Self::apply_edit(&mut st, m, &data, Some(id));
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

    pub(super) fn interaction_by_token(
        &self,
        st: &mut State,
        what: &str,
        token: &str,
    ) -> Result<u64, RestError> {
        let Some(id) = st.tokens.get(token).copied() else {
            st.violation(format!("{what}: unknown interaction token"));
            return Err(RestError::unknown_webhook());
        };
        let age = st.token_age(&st.interactions[&id]);
        if age > TOKEN_LIFETIME {
            // Discord's answer to a token past its 15 minutes.
            st.expired.push(what.to_string());
            st.violation(format!(
                "{what}: the token of {} is {age:?} old on the fake's clock (it works for \
                 {TOKEN_LIFETIME:?}); Discord answers 401 Invalid Webhook Token",
                st.interactions[&id].label
            ));
            return Err(RestError::new(401, 50027, "Invalid Webhook Token"));
        }
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
        let user_installed = rec.owners.get("0").is_none();
        if user_installed && rec.followup_posts >= places::USER_INSTALL_FOLLOWUPS {
            st.violation(format!(
                "{what}: a user-installed app may create {} follow-ups per interaction",
                places::USER_INSTALL_FOLLOWUPS
            ));
            return Err(RestError::new(
                400,
                40094,
                "This interaction has hit the maximum number of follow up messages",
            ));
        }
        let rec = &st.interactions[&iid];
        let (user_id, channel_id, original) = (rec.user_id, rec.channel_id, rec.original);
        let deferred = rec.callback.as_ref().is_some_and(|c| c.kind == 5);
        let loading_original =
            original.filter(|m| deferred && st.messages[m].loading && !st.messages[m].deleted);
        let id = if let Some(m) = loading_original {
            // Discord turns the first followup after a defer into the deferred response (unless
            // that was deleted: then the followup is a message of its own).
            Self::apply_edit(&mut st, m, data, Some(iid));
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
            rec.followup_posts += 1;
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
                Self::apply_edit(&mut st, id, data, Some(iid));
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

    /// Discord's check of the bot's own permission to send in `channel` (Send Messages, or
    /// Send Messages in Threads in a thread) before a channel route posts or edits: 403 with
    /// 50013 Missing Permissions. The interaction routes need none.
    fn bot_may_send(st: &State, channel: u64) -> Result<(), RestError> {
        let wanted = if st.thread(channel).is_some() {
            permissions::SEND_MESSAGES_IN_THREADS
        } else {
            permissions::SEND_MESSAGES
        };
        if permissions::has(st.permissions_of(FakeDiscord::BOT_USER_ID), wanted) {
            Ok(())
        } else {
            Err(RestError::new(403, 50013, "Missing Permissions"))
        }
    }

    pub(crate) fn create_channel_message(&self, channel: u64, data: &Value) -> RestResult {
        let what = format!("POST /channels/{channel}/messages");
        let mut st = self.lock();
        Self::live_thread(&mut st, &what, channel)?;
        Self::bot_may_send(&st, channel)?;
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
                Self::bot_may_send(&st, channel)?;
                Self::check_payload(&mut st, &what, data)?;
                Self::apply_edit(&mut st, id, data, None);
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
