//! The windows' sessions: a key handed to a window once its OAuth2 code was exchanged and its
//! person read from Discord, naming that person (id, display name, language) until it expires.
//! The key carries what it names and when it ends, signed (HMAC-SHA256) with a key derived from
//! the application's secret (`DISCORD_CLIENT_SECRET`), which every process of an instance has:
//! any process accepts a session another made, a restart keeps every session, and nothing about
//! sessions is stored. A key that is not one (`Malformed`), one whose signature does not match
//! what it says (`Forged`: made up, or altered), or one past its time (`Expired`) is refused by
//! every process alike.
//!
//! A window presents its key in a header (`Sec-WebSocket-Protocol` for its socket,
//! `Authorization: Bearer` for a picture), never in an address, which a proxy's or server's log
//! would keep. Which channels' tables a session opened a window on is this process's own
//! knowledge (`attach`), kept for a bounded number of sessions: the only tables whose pictures
//! it may fetch, from the process that holds them.

use std::sync::Mutex;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

/// How long a session lasts.
pub const SESSION_LASTS: Duration = Duration::from_secs(24 * 60 * 60);

/// The longest key taken for a session: one for a 32-character name in 4-byte characters is
/// well under it.
pub const MAX_KEY: usize = 1024;

/// Sessions whose windows' channels a process keeps (least recently attached first out).
const ATTACHED_KEPT: usize = 65_536;

/// What the derived key signs for, so that the application's secret signs nothing else alike.
const PURPOSE: &[u8] = b"pakka: a window's session, version 1";

/// The person a session names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Person {
    pub id: u64,
    pub name: String,
    /// Their Discord language (the catalog picks the nearest it has).
    pub locale: String,
}

/// What a session's key says: its person and when it ends (Unix seconds).
#[derive(Serialize, Deserialize)]
struct Claims {
    #[serde(flatten)]
    person: Person,
    until: u64,
}

/// Why a session's key is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("not a session's key")]
    Malformed,
    #[error("a session's key whose signature does not match what it says")]
    Forged,
    #[error("a session past its time")]
    Expired,
    #[error("a session with no window on that table in this process")]
    NoWindow,
}

impl Refusal {
    /// The reason as the metrics count it.
    pub fn label(self) -> &'static str {
        match self {
            Refusal::Malformed => "malformed",
            Refusal::Forged => "forged",
            Refusal::Expired => "expired",
            Refusal::NoWindow => "no_window",
        }
    }
}

/// The sessions of every process that shares the application's secret.
pub struct Sessions {
    /// The key sessions are signed with, derived from the application's secret.
    key: [u8; 32],
    /// Per session this process attached a window for: the channels of those windows.
    attached: Mutex<hashlink::LruCache<String, Vec<u64>>>,
}

type Signer = Hmac<Sha256>;

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Sessions {
    /// The sessions signed with a key derived from `secret` (the application's OAuth2 secret).
    pub fn new(secret: &str) -> Sessions {
        let mut derive =
            <Signer as Mac>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key");
        derive.update(PURPOSE);
        Sessions {
            key: derive.finalize().into_bytes().into(),
            attached: Mutex::new(hashlink::LruCache::new(ATTACHED_KEPT)),
        }
    }

    fn signer(&self) -> Signer {
        <Signer as Mac>::new_from_slice(&self.key).expect("HMAC takes any key")
    }

    /// A new session for `person`, lasting [`SESSION_LASTS`]; answers its key.
    pub fn open(&self, person: Person) -> String {
        self.open_until(person, now() + SESSION_LASTS.as_secs())
    }

    /// A session for `person` that ends at `until` (Unix seconds): [`Sessions::open`]'s, or one
    /// already past its time for a test.
    pub fn open_until(&self, person: Person, until: u64) -> String {
        let claims = serde_json::to_vec(&Claims { person, until }).unwrap_or_default();
        let mut signer = self.signer();
        signer.update(&claims);
        let signature = signer.finalize().into_bytes();
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(&claims),
            URL_SAFE_NO_PAD.encode(signature)
        )
    }

    /// The person of a live session.
    pub fn person(&self, key: &str) -> Result<Person, Refusal> {
        if key.len() > MAX_KEY {
            return Err(Refusal::Malformed);
        }
        let (claims, signature) = key.split_once('.').ok_or(Refusal::Malformed)?;
        let claims = URL_SAFE_NO_PAD
            .decode(claims)
            .map_err(|_| Refusal::Malformed)?;
        let signature = URL_SAFE_NO_PAD
            .decode(signature)
            .map_err(|_| Refusal::Malformed)?;
        let mut signer = self.signer();
        signer.update(&claims);
        // Compared in constant time.
        signer
            .verify_slice(&signature)
            .map_err(|_| Refusal::Forged)?;
        let claims: Claims = serde_json::from_slice(&claims).map_err(|_| Refusal::Malformed)?;
        if claims.until <= now() {
            return Err(Refusal::Expired);
        }
        Ok(claims.person)
    }

    /// The session opened a window on `channel`'s table here (Discord said its person is in an
    /// Activity there).
    pub fn attach(&self, key: &str, channel: u64) {
        if let Ok(mut attached) = self.attached.lock() {
            match attached.get_mut(key) {
                Some(channels) if channels.contains(&channel) => {}
                Some(channels) => channels.push(channel),
                None => {
                    attached.insert(key.to_string(), vec![channel]);
                }
            }
        }
    }

    /// The person of a live session that opened a window on `channel`'s table here.
    pub fn person_in(&self, key: &str, channel: u64) -> Result<Person, Refusal> {
        let person = self.person(key)?;
        let attached = self
            .attached
            .lock()
            .ok()
            .and_then(|mut a| a.get(key).map(|channels| channels.contains(&channel)));
        match attached {
            Some(true) => Ok(person),
            _ => Err(Refusal::NoWindow),
        }
    }
}

#[cfg(test)]
mod tests {
    //! Sessions: a session key names its person until it expires, in any process that shares
    //! the application's secret and in none other; an altered or made-up key is refused; and a
    //! key names its person in a channel only once a window is attached there.

    use super::*;

    fn alice() -> Person {
        Person {
            id: 7,
            name: "Alice Ääkkönen".into(),
            locale: "fi".into(),
        }
    }

    #[test]
    fn a_session_names_its_person_in_every_process_with_the_secret_until_it_expires() {
        let sessions = Sessions::new("s3cret");
        let key = sessions.open(alice());
        assert_eq!(sessions.person(&key), Ok(alice()));
        // Another process (or this one restarted) with the same secret.
        assert_eq!(Sessions::new("s3cret").person(&key), Ok(alice()));
        assert_eq!(
            Sessions::new("another").person(&key),
            Err(Refusal::Forged),
            "an application with another secret"
        );
        let past = sessions.open_until(alice(), now() - 1);
        assert_eq!(sessions.person(&past), Err(Refusal::Expired));
        assert!(!key.contains(|c: char| !c.is_ascii_alphanumeric() && !"-_.".contains(c)));
    }

    #[test]
    fn an_altered_or_made_up_key_is_refused() {
        let sessions = Sessions::new("s3cret");
        let key = sessions.open(alice());
        let (claims, signature) = key.split_once('.').unwrap();
        // Claims of someone else, with Alice's signature.
        let mut bob =
            serde_json::from_slice::<serde_json::Value>(&URL_SAFE_NO_PAD.decode(claims).unwrap())
                .unwrap();
        bob["id"] = 8.into();
        let forged = format!(
            "{}.{signature}",
            URL_SAFE_NO_PAD.encode(serde_json::to_vec(&bob).unwrap())
        );
        assert_eq!(sessions.person(&forged), Err(Refusal::Forged));
        // Longer in time, same signature.
        let mut later =
            serde_json::from_slice::<serde_json::Value>(&URL_SAFE_NO_PAD.decode(claims).unwrap())
                .unwrap();
        later["until"] = (now() + 10 * SESSION_LASTS.as_secs()).into();
        let forged = format!(
            "{}.{signature}",
            URL_SAFE_NO_PAD.encode(serde_json::to_vec(&later).unwrap())
        );
        assert_eq!(sessions.person(&forged), Err(Refusal::Forged));
        for made_up in [
            "",
            ".",
            "0123456789abcdef0123456789abcdef",
            "e30.AAAA",
            "not base64!.x",
            &format!("{claims}.{}", &signature[1..]),
            &"a".repeat(MAX_KEY + 1),
        ] {
            assert!(sessions.person(made_up).is_err(), "{made_up:?}");
        }
    }

    #[test]
    fn a_session_names_its_person_in_a_channel_only_once_a_window_is_attached_there() {
        let sessions = Sessions::new("s3cret");
        let key = sessions.open(alice());
        assert!(
            sessions.person_in(&key, 5).is_err(),
            "no window opened there"
        );
        sessions.attach(&key, 5);
        assert_eq!(sessions.person_in(&key, 5), Ok(alice()));
        assert!(sessions.person_in(&key, 6).is_err());
        let past = sessions.open_until(alice(), now() - 1);
        sessions.attach(&past, 5);
        assert_eq!(sessions.person_in(&past, 5), Err(Refusal::Expired));
    }
}
