//! The story of a table: the recent lines of what happened at it, public (`STORY_PUBLIC` of
//! them on the table's message) and each seat's own (`STORY_HAND` on its hand, with the cards
//! that came into it). Told once per applied move, kept in memory only, and rebuilt from the
//! move log when a table is restored.

use std::collections::VecDeque;

use crate::Seat;
use pakka_rules::{AnyGame, Told};
use pakka_text::{msg, Msg};

/// How many public events the table message tells.
pub const STORY_PUBLIC: usize = 5;
/// How many entries (public, and the seat's own private ones) a hand tells.
pub const STORY_HAND: usize = 4;
// `Story::forget_unread` counts a seat without private entries by the public ones alone.
const _: () = assert!(STORY_HAND <= STORY_PUBLIC);

/// What happened lately at a table, oldest first: the sentence of every public event, and for
/// each seat the cards that came into its own hand ("New in your hand: 7♥"), told only to it.
/// Kept in memory and rebuilt by replaying the move log on restore. Only what a view can still
/// read is kept: the last [`STORY_PUBLIC`] public entries and, for each seat, the last
/// [`STORY_HAND`] it may read (a busy server holds every table's story at once).
#[derive(Clone, Debug, Default)]
pub(crate) struct Story {
    /// `None`: public; `Some(seat)`: only that seat's.
    pub(crate) entries: VecDeque<(Option<Seat>, Msg)>,
}

impl Story {
    /// Tells one applied move: its public events, then what came into each seat's own hand
    /// (not at a new deal, whose cards every hand shows in full).
    pub(crate) fn tell(&mut self, before: &dyn AnyGame, after: &dyn AnyGame, told: &[Told]) {
        for t in told {
            self.push(None, t.text.clone());
        }
        if before.status().deal != after.status().deal {
            return;
        }
        for seat in 0..after.seats() {
            let had = before.own_cards(seat);
            let new: Vec<pakka_cards::Card> = after
                .own_cards(seat)
                .into_iter()
                .filter(|c| !had.contains(c))
                .collect();
            if !new.is_empty() {
                let n = new.len();
                self.push(Some(seat), msg!("table-new-in-hand", cards = new, n = n));
            }
        }
    }

    pub(crate) fn push(&mut self, to: Option<Seat>, text: Msg) {
        self.entries.push_back((to, text));
        self.forget_unread();
    }

    /// Drops the entries no view reads any more: a public one older than the last
    /// [`STORY_PUBLIC`] public ones and older than the last [`STORY_HAND`] entries of every
    /// seat, a private one older than its seat's last [`STORY_HAND`].
    fn forget_unread(&mut self) {
        let mut public = 0;
        // Entries seen from the newest, per seat that has private ones (a seat without any
        // reads the public ones alone, which `public` counts), and in all the public ones.
        let mut own: Vec<(Seat, usize)> = Vec::new();
        let mut keep = vec![false; self.entries.len()];
        for (i, (to, _)) in self.entries.iter().enumerate().rev() {
            keep[i] = match *to {
                None => {
                    public += 1;
                    let seats_read = own.iter_mut().fold(false, |read, (_, n)| {
                        *n += 1;
                        read || *n <= STORY_HAND
                    });
                    public <= STORY_PUBLIC || seats_read
                }
                Some(seat) => {
                    let n = match own.iter_mut().find(|(s, _)| *s == seat) {
                        Some((_, n)) => {
                            *n += 1;
                            *n
                        }
                        None => {
                            // This seat has read every public entry newer than this one.
                            own.push((seat, public + 1));
                            public + 1
                        }
                    };
                    n <= STORY_HAND
                }
            };
        }
        let mut keep = keep.into_iter();
        self.entries.retain(|_| keep.next().unwrap_or(true));
    }

    /// The last `n` public events, oldest first.
    pub(crate) fn public(&self, n: usize) -> Vec<Msg> {
        let mut out: Vec<Msg> = self
            .entries
            .iter()
            .rev()
            .filter(|(to, _)| to.is_none())
            .take(n)
            .map(|(_, m)| m.clone())
            .collect();
        out.reverse();
        out
    }

    /// The last `n` entries the seat may read (public, and its own), oldest first.
    pub(crate) fn for_seat(&self, seat: Seat, n: usize) -> Vec<Msg> {
        let mut out: Vec<Msg> = self
            .entries
            .iter()
            .rev()
            .filter(|(to, _)| to.is_none_or(|s| s == seat))
            .take(n)
            .map(|(_, m)| m.clone())
            .collect();
        out.reverse();
        out
    }
}
