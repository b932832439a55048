//! The fake's side of Discord Activities: the OAuth2 code a window's SDK gets from
//! `authorize` ([`FakeDiscord::authorize`]), its exchange for an access token
//! (`POST /oauth2/token`, form-encoded, with the application's id and secret; a code works
//! once), the person a token belongs to (`GET /users/@me` with `Bearer`), and the Activity
//! instances a test opens in a channel ([`FakeDiscord::open_activity`]), as the bot reads them
//! (`GET /applications/{app}/activity-instances/{instance}`, with the bot's token): in a
//! server's channel a location of kind `"gc"` with its `guild_id`, in a DM or group DM one of
//! kind `"pc"` (a private channel) without (resources/application, "Activity Location
//! Object").

use serde_json::{json, Value};

use super::{FakeDiscord, FakeUser, Inner, Reply, RestError, RestResult};

/// An instance's location: `(id, kind, guild)`, as Discord names them (`gc-{guild}-{channel}`
/// for a server's channel, `pc-{channel}` for a DM or group DM).
fn location(channel: u64, guild: Option<u64>) -> (String, &'static str, Option<u64>) {
    match guild {
        Some(g) => (format!("gc-{g}-{channel}"), "gc", Some(g)),
        None => (format!("pc-{channel}"), "pc", None),
    }
}

/// An Activity instance: its channel and the people in it.
#[derive(Clone, Debug)]
pub(crate) struct FakeInstance {
    channel: u64,
    users: Vec<u64>,
}

impl FakeDiscord {
    /// The application's OAuth2 secret, as the developer portal shows it.
    pub const CLIENT_SECRET: &'static str = "fake-client-secret";

    /// The code the SDK's `authorize` gives `user`'s window (once).
    pub fn authorize(&self, user: &FakeUser) -> String {
        let mut st = self.inner.lock();
        let code = format!("code-{}-{}", user.id, st.next_id());
        st.oauth_codes.insert(code.clone(), user.id);
        code
    }

    /// Opens an Activity in `channel` (a server's channel, a DM or a group DM) with `users` in
    /// it; answers its instance id (`i-{launch}-{location}`).
    pub fn open_activity(&self, channel: u64, users: &[&FakeUser]) -> String {
        let mut st = self.inner.lock();
        let (at, _, _) = location(channel, st.place_of(channel).guild());
        let instance = format!("i-{}-{at}", st.next_id());
        st.instances.insert(
            instance.clone(),
            FakeInstance {
                channel,
                users: users.iter().map(|u| u.id).collect(),
            },
        );
        instance
    }

    /// `user` joins an open Activity instance.
    pub fn join_activity(&self, instance: &str, user: &FakeUser) {
        if let Some(i) = self.inner.lock().instances.get_mut(instance) {
            i.users.push(user.id);
        }
    }

    /// `user` presses the app's Entry Point command (`launch`, command type 4) in `channel`; it
    /// must be registered and usable there (its `integration_types` and `contexts`, as for
    /// [`FakeDiscord::slash`]).
    pub async fn launch(
        &self,
        user: &FakeUser,
        channel: u64,
    ) -> anyhow::Result<super::InteractionOutcome> {
        let data = {
            let st = self.inner.lock();
            let command = FakeDiscord::available_command(&st, user.id, channel, "launch", 4)
                .map_err(|e| anyhow::anyhow!("the Entry Point command: {e}"))?;
            let mut data = json!({"id": command["id"], "name": "launch", "type": 4});
            if let Some(guild) = st.place_of(channel).guild() {
                data["guild_id"] = json!(guild.to_string());
            }
            data
        };
        let label = format!("the Entry Point command by {}", user.name);
        let id = self.dispatch_interaction(2, user, channel, data, None, label)?;
        self.wait_outcome(id).await
    }

    /// The interactions answered with `LAUNCH_ACTIVITY` (callback type 12), in order.
    pub fn activities_launched(&self) -> Vec<u64> {
        self.inner.lock().launched.clone()
    }
}

impl Inner {
    /// `POST /oauth2/token`: a code for an access token.
    pub(crate) fn oauth_token(&self, form: &Value) -> RestResult {
        let field = |k: &str| form.get(k).and_then(Value::as_str).unwrap_or_default();
        let mut st = self.lock();
        if field("client_id") != FakeDiscord::APP_ID.to_string()
            || field("client_secret") != FakeDiscord::CLIENT_SECRET
        {
            return Err(RestError::new(401, 0, "invalid_client"));
        }
        if field("grant_type") != "authorization_code" {
            return Err(RestError::new(400, 0, "unsupported_grant_type"));
        }
        let Some(user) = st.oauth_codes.remove(field("code")) else {
            return Err(RestError::new(400, 0, "invalid_grant"));
        };
        let token = format!("access-{}-{}", user, st.next_id());
        st.access_tokens.insert(token.clone(), user);
        Ok(Reply::Json(json!({
            "access_token": token,
            "token_type": "Bearer",
            "expires_in": 604800,
            "refresh_token": format!("refresh-{token}"),
            "scope": "identify",
        })))
    }

    /// `GET /users/@me` with a person's access token.
    pub(crate) fn token_user(&self, token: &str) -> RestResult {
        let st = self.lock();
        let Some(&user) = st.access_tokens.get(token) else {
            return Err(RestError::new(401, 0, "401: Unauthorized"));
        };
        let mut v = st.user(user).json();
        v["locale"] = json!(st
            .locales
            .get(&user)
            .cloned()
            .unwrap_or_else(|| "en-US".into()));
        Ok(Reply::Json(v))
    }

    /// `GET /applications/{app}/activity-instances/{instance}`.
    pub(crate) fn activity_instance(&self, app: u64, instance: &str) -> RestResult {
        let st = self.lock();
        match st.instances.get(instance) {
            Some(i) if app == FakeDiscord::APP_ID => {
                let (id, kind, guild) = location(i.channel, st.place_of(i.channel).guild());
                let mut location = json!({
                    "id": id,
                    "kind": kind,
                    "channel_id": i.channel.to_string(),
                });
                if let Some(g) = guild {
                    location["guild_id"] = json!(g.to_string());
                }
                Ok(Reply::Json(json!({
                    "application_id": app.to_string(),
                    "instance_id": instance,
                    "launch_id": "1",
                    "location": location,
                    "users": i.users.iter().map(u64::to_string).collect::<Vec<_>>(),
                })))
            }
            _ => Err(RestError::new(404, 10_001, "Unknown Activity Instance")),
        }
    }
}
