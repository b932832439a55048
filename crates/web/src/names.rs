//! People's display names as the windows show them: what Discord said of each person lately,
//! kept for a while and bounded in number, so that a public instance's web edge does not keep
//! every name it ever met. A name older than [`NAME_KEPT`] is still shown while Discord is asked
//! again (a person may rename themselves); past [`NAMES_KEPT`] people the oldest are forgotten
//! first (asked again when a window shows them).

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// How long a name Discord gave is taken as it is.
pub const NAME_KEPT: Duration = Duration::from_secs(60 * 60);
/// How long a question to Discord may stay unanswered before it is asked again (the asking
/// task always answers, even with nothing; this is for a task that never ran to its end).
const ASKING_WITHIN: Duration = Duration::from_secs(60);
/// At most this many people's names are kept.
pub const NAMES_KEPT: usize = 10_000;

/// What is known of one person's name.
struct Entry {
    /// As Discord gave it (None: it did not say), or the last one while asking again.
    name: Option<String>,
    /// When Discord gave it (or, while asking, when it was asked).
    at: Instant,
    asking: bool,
}

/// The names, by person.
#[derive(Default)]
pub(crate) struct Names {
    people: HashMap<u64, Entry>,
}

impl Names {
    /// The name to show for `user` at `now` (None: not known yet), and whether Discord should be
    /// asked for it now (the caller asks, then tells [`Names::learn`]).
    pub fn look(&mut self, user: u64, now: Instant) -> (Option<String>, bool) {
        match self.people.get_mut(&user) {
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
                self.make_room(now);
                self.people.insert(
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

    /// What Discord said of `user`'s name at `now` (None: it said nothing, or could not be
    /// asked; a name known before is kept then).
    pub fn learn(&mut self, user: u64, name: Option<String>, now: Instant) {
        if !self.people.contains_key(&user) {
            self.make_room(now);
        }
        let entry = self.people.entry(user).or_insert(Entry {
            name: None,
            at: now,
            asking: false,
        });
        if name.is_some() {
            entry.name = name;
        }
        entry.at = now;
        entry.asking = false;
    }

    /// Room for one more: names older than [`NAME_KEPT`] go first, then the oldest, down to
    /// three quarters of [`NAMES_KEPT`] (so that this runs once in a while, not at every new
    /// person).
    fn make_room(&mut self, now: Instant) {
        if self.people.len() < NAMES_KEPT {
            return;
        }
        self.people
            .retain(|_, e| now.duration_since(e.at) < NAME_KEPT);
        if self.people.len() >= NAMES_KEPT {
            let mut ages: Vec<Instant> = self.people.values().map(|e| e.at).collect();
            let keep = NAMES_KEPT * 3 / 4;
            let (_, cut, _) =
                ages.select_nth_unstable_by(self.people.len() - keep, |a, b| a.cmp(b));
            let cut = *cut;
            self.people.retain(|_, e| e.at >= cut);
        }
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.people.len()
    }
}

#[cfg(test)]
mod tests {
    //! The names the windows show: a name is asked once, then known, then asked again after an
    //! hour; a question never answered is asked again; the names kept are bounded and the newest
    //! stay.

    use super::*;

    #[test]
    fn a_name_is_asked_once_then_known_then_asked_again_after_an_hour() {
        let mut names = Names::default();
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
        let mut names = Names::default();
        let t = Instant::now();
        assert_eq!(names.look(7, t), (None, true));
        assert_eq!(names.look(7, t + ASKING_WITHIN), (None, true));
    }

    #[test]
    fn the_names_kept_are_bounded_and_the_newest_stay() {
        let mut names = Names::default();
        let t = Instant::now();
        for user in 0..(NAMES_KEPT as u64 * 3) {
            let at = t + Duration::from_millis(user);
            names.learn(user, Some(format!("p{user}")), at);
            assert!(names.len() <= NAMES_KEPT, "{} names", names.len());
        }
        let last = NAMES_KEPT as u64 * 3 - 1;
        let now = t + Duration::from_millis(last);
        assert_eq!(names.look(last, now), (Some(format!("p{last}")), false));
        // The first ones were forgotten: asked again.
        assert_eq!(names.look(0, now), (None, true));
    }
}
