//! What the edges remember of people: their display names, for the seats of the tables they
//! sit at (a hand's labels, a picture, a window). One bounded map of names both edges fill and
//! read: the Discord edge with the name each interaction carries (`heard`), the web edge with
//! what it asked Discord (`look` says when to ask, `learn` what was answered). It grows with
//! every person an edge ever meets, so it is bounded: the [`PEOPLE_KEPT`] people met most
//! recently are kept, and the least recently met is forgotten first (named by the edge's
//! fallback, or asked again, until they come back). A name older than [`NAME_KEPT`] is still
//! shown while Discord is asked again (a person may rename themselves).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hashlink::LruCache;

/// How many people's names are kept.
pub const PEOPLE_KEPT: usize = 20_000;
/// How long a name is taken as it is before Discord is asked again.
pub const NAME_KEPT: Duration = Duration::from_secs(60 * 60);
/// How long a question to Discord may stay unanswered before it is asked again (the asking
/// task always answers, even with nothing; this is for a task that never ran to its end).
const ASKING_WITHIN: Duration = Duration::from_secs(60);

/// What is known of one person's name.
struct Entry {
    /// As last heard or given (None: not known), kept while asking again.
    name: Option<String>,
    /// When it was heard or given (or, while asking, when it was asked).
    at: Instant,
    asking: bool,
}

/// The display names of the people met most recently; clones share them.
#[derive(Clone)]
pub struct People(Arc<Mutex<LruCache<u64, Entry>>>);

impl Default for People {
    fn default() -> People {
        People::bounded(PEOPLE_KEPT)
    }
}

impl std::fmt::Debug for People {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("People").field("kept", &self.len()).finish()
    }
}

impl People {
    /// A map that keeps at most `cap` people's names.
    pub fn bounded(cap: usize) -> People {
        People(Arc::new(Mutex::new(LruCache::new(cap))))
    }

    /// Remembers the display name an interaction carried for `user`.
    pub fn heard(&self, user: u64, name: String) {
        self.learn(user, Some(name), Instant::now());
    }

    /// What Discord said of `user`'s name at `now` (None: it said nothing, or could not be
    /// asked; a name known before is kept then).
    pub fn learn(&self, user: u64, name: Option<String>, now: Instant) {
        let Ok(mut people) = self.0.lock() else {
            return;
        };
        match people.get_mut(&user) {
            Some(entry) => {
                if name.is_some() {
                    entry.name = name;
                }
                entry.at = now;
                entry.asking = false;
            }
            None => {
                people.insert(
                    user,
                    Entry {
                        name,
                        at: now,
                        asking: false,
                    },
                );
            }
        }
    }

    /// The name to show for `user` at `now` (None: not known yet), and whether Discord should
    /// be asked for it now (the caller asks, then tells [`People::learn`]): a person not known,
    /// or whose name is older than [`NAME_KEPT`], is asked once at a time.
    pub fn look(&self, user: u64, now: Instant) -> (Option<String>, bool) {
        let Ok(mut people) = self.0.lock() else {
            return (None, false);
        };
        match people.get_mut(&user) {
            Some(e) => {
                let kept = if e.asking { ASKING_WITHIN } else { NAME_KEPT };
                let ask = now.duration_since(e.at) >= kept;
                if ask {
                    e.asking = true;
                    e.at = now;
                }
                (e.name.clone(), ask)
            }
            None => {
                people.insert(
                    user,
                    Entry {
                        name: None,
                        at: now,
                        asking: true,
                    },
                );
                (None, true)
            }
        }
    }

    /// The known names of these people (a table's seated people): never the whole map.
    pub fn of(&self, people: impl IntoIterator<Item = u64>) -> HashMap<u64, String> {
        let Ok(mut names) = self.0.lock() else {
            return HashMap::new();
        };
        people
            .into_iter()
            .filter_map(|user| Some((user, names.get(&user)?.name.clone()?)))
            .collect()
    }

    /// How many people are kept.
    pub fn len(&self) -> usize {
        self.0.lock().map(|n| n.len()).unwrap_or(0)
    }

    /// Whether no one is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_bounded_and_the_least_recently_heard_go_first() {
        let names = People::bounded(3);
        names.heard(1, "Alice".into());
        names.heard(2, "Bob".into());
        names.heard(3, "Carol".into());
        // Alice's name is used again: Bob is now the least recently used.
        assert_eq!(names.of([1]).get(&1).map(String::as_str), Some("Alice"));
        names.heard(4, "Dave".into());
        assert_eq!(names.len(), 3);
        let known = names.of([1, 2, 3, 4]);
        assert!(!known.contains_key(&2), "Bob was forgotten: {known:?}");
        assert_eq!(known.len(), 3);
    }

    #[test]
    fn a_name_is_asked_once_then_known_then_asked_again_after_an_hour() {
        let names = People::default();
        let t = Instant::now();
        assert_eq!(names.look(1, t), (None, true));
        // Asked, not answered yet: not asked twice.
        assert_eq!(names.look(1, t + Duration::from_secs(1)), (None, false));
        names.learn(1, Some("Alice".into()), t + Duration::from_secs(2));
        assert_eq!(
            names.look(1, t + Duration::from_secs(3)),
            (Some("Alice".into()), false)
        );
        // An hour on: still shown, and asked again once.
        let later = t + NAME_KEPT + Duration::from_secs(3);
        assert_eq!(names.look(1, later), (Some("Alice".into()), true));
        assert_eq!(names.look(1, later), (Some("Alice".into()), false));
        // Discord could not say: the name known stays.
        names.learn(1, None, later);
        assert_eq!(names.look(1, later), (Some("Alice".into()), false));
        names.learn(1, Some("Alicia".into()), later);
        assert_eq!(names.look(1, later), (Some("Alicia".into()), false));
    }

    #[test]
    fn a_question_never_answered_is_asked_again() {
        let names = People::default();
        let t = Instant::now();
        assert_eq!(names.look(7, t), (None, true));
        assert_eq!(names.look(7, t + ASKING_WITHIN), (None, true));
    }

    #[test]
    fn the_names_kept_are_bounded_and_the_newest_stay() {
        let names = People::bounded(1_000);
        let t = Instant::now();
        for user in 0..3_000 {
            let at = t + Duration::from_millis(user);
            names.learn(user, Some(format!("p{user}")), at);
            assert!(names.len() <= 1_000, "{} names", names.len());
        }
        let last = 2_999;
        let now = t + Duration::from_millis(last);
        assert_eq!(names.look(last, now), (Some(format!("p{last}")), false));
        // The first ones were forgotten: asked again.
        assert_eq!(names.look(0, now), (None, true));
    }

    #[test]
    fn a_name_heard_from_one_edge_is_read_by_the_other_without_asking() {
        let people = People::default();
        let web = people.clone();
        people.heard(5, "Eve".into());
        assert_eq!(web.look(5, Instant::now()), (Some("Eve".into()), false));
        // And a name the web asked for names the seat for the Discord edge.
        web.learn(6, Some("Frank".into()), Instant::now());
        assert_eq!(people.of([5, 6, 7]).len(), 2);
    }
}
