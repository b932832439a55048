//! The fake's gateway: connections, IDENTIFY and RESUME per shard, READY and GUILD_CREATE for
//! the servers of a shard, heartbeats, and the events and interactions each server's shard
//! carries.

use super::*;

impl Inner {
    pub(crate) fn gateway_connected(&self, tx: mpsc::UnboundedSender<Outgoing>) -> u64 {
        let interval = self.lock().heartbeat_ms;
        let hello = json!({"op": 10, "d": {"heartbeat_interval": interval}, "s": null, "t": null});
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
}
