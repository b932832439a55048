//! What the edge remembers of the people it hears from: their display names, for the labels
//! and pictures of their tables' hands, and (in `languages`) their Discord language. Both grow
//! with every person who ever clicks, so both are bounded: the `PEOPLE_KEPT` people heard from
//! most recently are kept, and the least recently heard from is forgotten first. A person
//! forgotten is named by mention (or "Player N" on a picture) and reads the server's language
//! until their next interaction brings them back.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use hashlink::LruCache;
use poise::serenity_prelude as serenity;

/// How many people's names (and languages) the edge keeps.
pub(super) const PEOPLE_KEPT: usize = 20_000;

/// The display names of the people heard from most recently.
#[derive(Clone)]
pub(super) struct Names(Arc<Mutex<LruCache<u64, String>>>);

impl Default for Names {
    fn default() -> Names {
        Names::bounded(PEOPLE_KEPT)
    }
}

impl Names {
    /// A map that keeps at most `cap` people's names.
    pub(super) fn bounded(cap: usize) -> Names {
        Names(Arc::new(Mutex::new(LruCache::new(cap))))
    }

    /// Remembers the display name an interaction carried for its user.
    pub(super) fn heard(&self, user: &serenity::User) {
        let name = user
            .global_name
            .clone()
            .unwrap_or_else(|| user.name.clone());
        if let Ok(mut names) = self.0.lock() {
            names.insert(user.id.get(), name);
        }
    }

    /// The known names of these people (a table's seated people): never the whole map.
    pub(super) fn of(&self, people: impl IntoIterator<Item = u64>) -> HashMap<u64, String> {
        let Ok(mut names) = self.0.lock() else {
            return HashMap::new();
        };
        people
            .into_iter()
            .filter_map(|user| Some((user, names.get(&user)?.clone())))
            .collect()
    }

    /// How many names are kept.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.0.lock().map(|n| n.len()).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    //! The names of people the edge has heard: bounded in number, the least recently heard
    //! forgotten first.

    use super::*;

    #[test]
    fn names_are_bounded_and_the_least_recently_heard_go_first() {
        let names = Names::bounded(3);
        let insert = |id: u64, name: &str| {
            if let Ok(mut n) = names.0.lock() {
                n.insert(id, name.to_string());
            }
        };
        insert(1, "Alice");
        insert(2, "Bob");
        insert(3, "Carol");
        // Alice's name is used again: Bob is now the least recently used.
        assert_eq!(names.of([1]).get(&1).map(String::as_str), Some("Alice"));
        insert(4, "Dave");
        assert_eq!(names.len(), 3);
        let known = names.of([1, 2, 3, 4]);
        assert!(!known.contains_key(&2), "Bob was forgotten: {known:?}");
        assert_eq!(known.len(), 3);
    }
}
