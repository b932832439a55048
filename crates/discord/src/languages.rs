//! Which language each message is worded in. Discord tells the bot every interaction's user
//! language (`locale`) and, in a server, the server's preferred language (`guild_locale`); both
//! are remembered here. A private message (a hand, a refusal, an ephemeral answer) is worded in
//! its reader's language when pakka ships it, a public message in the server's language: the
//! one a server manager chose with `/settings language`, else the server's preferred locale when
//! shipped, else English. A user not heard from since a restart reads the server's language.
//! The users' languages grow with every person who clicks, so they are bounded as their names
//! are (`people::PEOPLE_KEPT`, the least recently heard from forgotten first); the servers'
//! grow only with the servers the bot is in.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use hashlink::LruCache;

use super::people::PEOPLE_KEPT;
use super::words::{lang_of, Lang};
use super::Data;
use pakka_catalog::DEFAULT_LANG;
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
        if let Ok(mut chosen) = self.chosen.lock() {
            chosen.insert(guild, Some(lang));
        }
    }
}

impl Data {
    /// The language of a user's private messages: theirs when heard and shipped, else the
    /// server's.
    pub(super) async fn user_lang(&self, user: u64, guild: GuildId) -> Lang {
        let known = self
            .languages
            .users
            .lock()
            .ok()
            .and_then(|mut u| u.get(&user).copied());
        match known {
            Some(lang) => lang,
            None => self.guild_lang(guild).await,
        }
    }

    /// The language of a server's public messages.
    pub(super) async fn guild_lang(&self, guild: GuildId) -> Lang {
        let cached = self
            .languages
            .chosen
            .lock()
            .ok()
            .and_then(|c| c.get(&guild).copied());
        let chosen = match cached {
            Some(chosen) => chosen,
            None => {
                let read = self
                    .service
                    .language_default(guild)
                    .await
                    .map(|l| lang_of(&l));
                if let Ok(mut c) = self.languages.chosen.lock() {
                    c.insert(guild, read);
                }
                read
            }
        };
        chosen
            .or_else(|| {
                self.languages
                    .preferred
                    .lock()
                    .ok()
                    .and_then(|p| p.get(&guild).copied())
            })
            .unwrap_or(DEFAULT_LANG)
    }
}
