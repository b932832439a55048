//! What a test reads back: messages, ephemerals, violations, latencies and requests,
//! permissions, threads, and what is left alive in a channel (live buttons, pings).

use super::*;

impl FakeDiscord {
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

    /// How many of a channel's latest live public messages [`FakeDiscord::latest_button`]
    /// looks through. The button sought is always on a recent one. Looking through every message
    /// ever posted made each look as slow as the channel was old, under the fake's one lock: in
    /// a two-hour soak every answer's tail grew with the games played.
    const RECENT: usize = 64;

    /// The newest live public message of `channel` carrying an enabled button whose custom id
    /// `wanted` accepts: `(message id, custom id)`. Searches from the newest message back.
    pub fn latest_button(
        &self,
        channel: u64,
        wanted: impl Fn(&str) -> bool,
    ) -> Option<(u64, String)> {
        let mut st = self.inner.lock();
        let st = st.live_public(channel);
        st.public_by_channel
            .get(&channel)?
            .iter()
            .rev()
            .take(Self::RECENT)
            .filter_map(|id| st.messages.get(id))
            .find_map(|m| {
                m.components_iter()
                    .filter(|c| !c.get("disabled").and_then(Value::as_bool).unwrap_or(false))
                    .find_map(|c| c.get("custom_id")?.as_str().filter(|id| wanted(id)))
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

    /// The REST requests so far that count against Discord's global limit of 50 per second:
    /// every one but the interaction callbacks and the interaction webhooks ([`exempt`]).
    pub fn counted_requests(&self) -> Vec<String> {
        self.requests().into_iter().filter(|r| !exempt(r)).collect()
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

    /// Every public message ever created in `channel`, oldest first, as it was first posted
    /// (its first version's content), deleted or not: what a test compares and prints.
    pub fn public_posts(&self, channel: u64) -> Vec<String> {
        let st = self.inner.lock();
        st.messages
            .values()
            .filter(|m| m.channel_id == channel && !m.ephemeral)
            .map(|m| {
                let first = m.history.first().map_or(&m.content, |v| &v.content);
                let deleted = if m.deleted { " (deleted)" } else { "" };
                format!("{first}{deleted}")
            })
            .collect()
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

    /// From now on, counts the public messages alive in `channel` after every change the bot
    /// makes (a message posted, edited or deleted), keeping the most seen at once: see
    /// [`Self::live_peak`]. Messages already there are not counted.
    pub fn watch_live(&self, channel: u64) {
        let mut st = self.inner.lock();
        let after = st.next_id;
        st.watched.insert(
            channel,
            LiveWatch {
                after,
                most: 0,
                at_most: Vec::new(),
            },
        );
    }

    /// The most public messages alive at once in a watched `channel` since
    /// [`Self::watch_live`], with the first line of each of them at that moment.
    pub fn live_peak(&self, channel: u64) -> (usize, Vec<String>) {
        let mut st = self.inner.lock();
        st.note_live();
        st.watched
            .get(&channel)
            .map(|w| (w.most, w.at_most.clone()))
            .unwrap_or_default()
    }
}

/// Whether Discord's global limit (50 requests per second per bot, `topics/rate-limits`)
/// spares a request line: the interaction callback (`POST /interactions/{id}/{token}/callback`)
/// and the interaction webhooks (`/webhooks/{application}/{token}/…`: the original response and
/// follow-ups) are exempt; every other route counts.
pub fn exempt(line: &str) -> bool {
    let path = line.split_once(' ').map_or("", |(_, p)| p);
    let path = path.split('?').next().unwrap_or_default();
    let segments: Vec<&str> = path
        .trim_start_matches("/api/v10/")
        .split('/')
        .filter(|s| !s.is_empty())
        .collect();
    matches!(segments.as_slice(), ["interactions", _, _, "callback"])
        || matches!(segments.as_slice(), ["webhooks", _, _, ..])
        // The OAuth2 code exchange is the application's (its client secret), not the bot's.
        || matches!(segments.as_slice(), ["oauth2", "token"])
}

/// A request line's route without its ids: `"PATCH /api/v10/channels/1/messages/2"` is
/// `"PATCH channels/messages"` (an Activity instance's id, `i-…`, is an id too).
pub fn route_of(line: &str) -> String {
    let (method, path) = line.split_once(' ').unwrap_or((line, ""));
    let path = path.split('?').next().unwrap_or_default();
    let words: Vec<&str> = path
        .split('/')
        .filter(|w| !w.is_empty() && !w.starts_with(|c: char| c.is_ascii_digit()))
        .filter(|w| !["api", "v10"].contains(w) && !w.starts_with("fake-"))
        .filter(|w| !w.starts_with("i-"))
        .collect();
    format!("{method} {}", words.join("/"))
}

/// A channel whose live public messages are counted ([`FakeDiscord::watch_live`]).
#[derive(Debug)]
pub(crate) struct LiveWatch {
    /// Messages up to this id were there before; they are not counted.
    after: u64,
    /// The most alive at once so far, and their first lines then.
    most: usize,
    at_most: Vec<String>,
}

impl State {
    /// Counts the live public messages of every watched channel.
    /// Forgets the channel's deleted messages among its public ones; answers the state.
    pub(crate) fn live_public(&mut self, channel: u64) -> &mut State {
        let messages = &self.messages;
        if let Some(ids) = self.public_by_channel.get_mut(&channel) {
            ids.retain(|id| messages.get(id).is_some_and(|m| !m.deleted));
        }
        self
    }

    pub(crate) fn note_live(&mut self) {
        let channels: Vec<u64> = self.watched.keys().copied().collect();
        for channel in channels {
            self.live_public(channel);
        }
        for (channel, watch) in &mut self.watched {
            let live: Vec<&FakeMessage> = self
                .public_by_channel
                .get(channel)
                .into_iter()
                .flatten()
                .filter(|&&id| id > watch.after)
                .filter_map(|id| self.messages.get(id))
                .collect();
            if live.len() > watch.most {
                watch.most = live.len();
                watch.at_most = live
                    .iter()
                    .map(|m| format!("{} {}", m.id, m.content.lines().next().unwrap_or_default()))
                    .collect();
            }
        }
    }
}
