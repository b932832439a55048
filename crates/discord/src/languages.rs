//! Which language each message is worded in. Discord tells the bot every interaction's user
//! language (`locale`) and, in a server, the server's preferred language (`guild_locale`); both
//! are remembered here. A private message (a hand, a refusal, an ephemeral answer) is worded in
//! its reader's language when pakka ships it, a public message in the server's language: the
//! one a server manager chose with `/settings language`, else the server's preferred locale when
//! shipped, else English. A user not heard from since a restart reads the server's language.
//! The users' languages grow with every person who clicks, so they are bounded as their names
//! are (`pakka_edge::PEOPLE_KEPT`, the least recently heard from forgotten first); the servers'
//! grow only with the servers the bot is in.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use hashlink::LruCache;

use super::words::{lang_of, Lang};
use pakka_edge::PEOPLE_KEPT;
use pakka_table::GuildId;

/// What the bot knows of languages: each user's, each server's preferred locale, and each
/// server's chosen language (`None` inside: read, none chosen).
#[derive(Clone)]
pub struct Languages {
    users: Arc<Mutex<LruCache<u64, Lang>>>,
    preferred: Arc<Mutex<HashMap<GuildId, Lang>>>,
    chosen: Arc<Mutex<HashMap<GuildId, Option<Lang>>>>,
}

impl Default for Languages {
    fn default() -> Languages {
        Languages {
            users: Arc::new(Mutex::new(LruCache::new(PEOPLE_KEPT))),
            preferred: Arc::default(),
            chosen: Arc::default(),
        }
    }
}

impl Languages {
    /// Remembers what an interaction said of its user's and its server's language.
    pub fn heard(
        &self,
        user: u64,
        locale: &str,
        guild: Option<GuildId>,
        guild_locale: Option<&str>,
    ) {
        if !locale.is_empty() {
            if let Ok(mut users) = self.users.lock() {
                users.insert(user, lang_of(locale));
            }
        }
        if let (Some(guild), Some(locale)) = (guild, guild_locale) {
            if let Ok(mut preferred) = self.preferred.lock() {
                preferred.insert(guild, lang_of(locale));
            }
        }
    }

    /// A server's chosen language changed.
    pub fn chose(&self, guild: GuildId, lang: Lang) {
        self.read(guild, Some(lang));
    }

    /// A user's language, if heard and shipped (they are forgotten least recently heard
    /// first).
    pub fn user(&self, user: u64) -> Option<Lang> {
        self.users.lock().ok()?.get(&user).copied()
    }

    /// A server's chosen language as last read or set: `Some(None)` when read and none was
    /// chosen, `None` when not read yet.
    pub fn chosen(&self, guild: GuildId) -> Option<Option<Lang>> {
        self.chosen.lock().ok()?.get(&guild).copied()
    }

    /// Remembers a server's chosen language as read from the store (`None`: none chosen).
    pub fn read(&self, guild: GuildId, lang: Option<Lang>) {
        if let Ok(mut chosen) = self.chosen.lock() {
            chosen.insert(guild, lang);
        }
    }

    /// A server's preferred locale's language, if an interaction told it.
    pub fn preferred(&self, guild: GuildId) -> Option<Lang> {
        self.preferred.lock().ok()?.get(&guild).copied()
    }
}
