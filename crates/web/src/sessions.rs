//! The windows' sessions: a random key handed to a window once its OAuth2 code was exchanged
//! and its person read from Discord, naming that person (id, display name, language) until it
//! expires. A window presents it when it connects; a key the server never gave, or one past its
//! time, is refused. Kept in memory: after a restart a window signs in again (the SDK's
//! `authorize` answers at once for a person who already allowed the app).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::Rng;

/// How long a session lasts.
pub const SESSION_LASTS: Duration = Duration::from_secs(24 * 60 * 60);

/// The person a session names.
#[derive(Clone, Debug)]
pub struct Person {
    pub id: u64,
    pub name: String,
    /// Their Discord language (the catalog picks the nearest it has).
    pub locale: String,
}

struct Session {
    person: Person,
    until: Instant,
    /// The channels whose table this session has opened a window on (checked with Discord):
    /// the only tables whose pictures it may fetch.
    channels: Vec<u64>,
}

/// Every live session.
#[derive(Default)]
pub struct Sessions(Mutex<HashMap<String, Session>>);

impl Sessions {
    /// A new session for `person`; answers its key.
    pub fn open(&self, person: Person) -> String {
        let key: String = {
            let mut rng = rand::rng();
            (0..32)
                .map(|_| format!("{:x}", rng.random_range(0..16u8)))
                .collect()
        };
        if let Ok(mut sessions) = self.0.lock() {
            let now = Instant::now();
            sessions.retain(|_, s| s.until > now);
            sessions.insert(
                key.clone(),
                Session {
                    person,
                    until: now + SESSION_LASTS,
                    channels: Vec::new(),
                },
            );
        }
        key
    }

    /// The person of a live session.
    pub fn person(&self, key: &str) -> Option<Person> {
        let sessions = self.0.lock().ok()?;
        let s = sessions.get(key)?;
        (s.until > Instant::now()).then(|| s.person.clone())
    }

    /// The session opened a window on `channel`'s table (Discord said its person is in an
    /// Activity there).
    pub fn attach(&self, key: &str, channel: u64) {
        if let Ok(mut sessions) = self.0.lock() {
            if let Some(s) = sessions.get_mut(key) {
                if !s.channels.contains(&channel) {
                    s.channels.push(channel);
                }
            }
        }
    }

    /// The person of a live session that opened a window on `channel`'s table.
    pub fn person_in(&self, key: &str, channel: u64) -> Option<Person> {
        let sessions = self.0.lock().ok()?;
        let s = sessions.get(key)?;
        (s.until > Instant::now() && s.channels.contains(&channel)).then(|| s.person.clone())
    }

    /// Ends a session before its time (for tests of an expired one).
    pub fn expire(&self, key: &str) {
        if let Ok(mut sessions) = self.0.lock() {
            if let Some(s) = sessions.get_mut(key) {
                s.until = Instant::now();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! Sessions: a session key names its person until it expires and no other key does, and it
    //! names them in a channel only once a window is attached there.

    use super::*;

    #[test]
    fn a_session_names_its_person_until_it_expires_and_no_other_key_does() {
        let sessions = Sessions::default();
        let person = Person {
            id: 7,
            name: "Alice".into(),
            locale: "fi".into(),
        };
        let key = sessions.open(person);
        assert_eq!(key.len(), 32);
        assert_eq!(sessions.person(&key).map(|p| p.id), Some(7));
        assert!(sessions
            .person("0123456789abcdef0123456789abcdef")
            .is_none());
        assert_ne!(sessions.open(sessions.person(&key).unwrap()), key);
        assert!(
            sessions.person_in(&key, 5).is_none(),
            "no window opened there"
        );
        sessions.attach(&key, 5);
        assert_eq!(sessions.person_in(&key, 5).map(|p| p.id), Some(7));
        assert!(sessions.person_in(&key, 6).is_none());
        sessions.expire(&key);
        assert!(sessions.person(&key).is_none());
        assert!(sessions.person_in(&key, 5).is_none());
    }
}
