//! Kop's rule of thumb for the `normal` computer player and a search's playouts: announce a
//! wedding with both black queens; in play, work out from what the seat can know (its own
//! queens, queens and the called jack already played, announcements) who is a friend, then
//! lead side aces early, feed points to a friend's trick and take rich tricks cheaply.

use rand::RngCore;

use super::{
    beats, is_trump, partner_jack, points, Action, Announcement, Declaration, Kop, View,
    QUEEN_CLUBS, QUEEN_SPADES, SEATS,
};
use crate::cards::{Card, CardSet, Rank, Suit};
use crate::rules::{Heuristic, Observer, Seat};

impl Heuristic for Kop {
    /// Announce a wedding with both black queens. In play, from what the seat can know of the
    /// partnerships: see [`choose`].
    fn heuristic(view: &View, legal: &[Action], _rng: &mut dyn RngCore) -> usize {
        choose(view, legal)
    }
}

/// Whether `other` plays on the seat's side this round, as far as the seat can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    Friend,
    Foe,
    Unknown,
}

/// The side of every seat as seen by `me` (its own seat is a friend).
pub(super) fn sides(view: &View, me: Seat) -> [Side; SEATS] {
    let mut sides = [Side::Unknown; SEATS];
    let hand: CardSet = view.hand.iter().copied().collect();
    let mine: CardSet = hand.union(
        view.played
            .iter()
            .filter(|&&(s, _)| s == me)
            .map(|&(_, c)| c)
            .collect(),
    );
    let shown = |card: Card| {
        view.played
            .iter()
            .find(|&&(_, c)| c == card)
            .map(|&(s, _)| s)
    };
    let set_rest = |sides: &mut [Side; SEATS], side: Side| {
        for x in sides.iter_mut() {
            if *x == Side::Unknown {
                *x = side;
            }
        }
    };
    sides[me] = Side::Friend;
    match view.announcement {
        Some(Announcement {
            seat,
            declaration: Declaration::Solo,
        }) => {
            if seat == me {
                set_rest(&mut sides, Side::Foe);
            } else {
                sides[seat] = Side::Foe;
                set_rest(&mut sides, Side::Friend);
            }
        }
        Some(Announcement { seat: caller, .. }) => {
            if caller == me {
                if let Some(p) = shown(partner_jack(mine)) {
                    sides[p] = Side::Friend;
                    set_rest(&mut sides, Side::Foe);
                }
            } else if view.partner_of == Some(caller) {
                sides[caller] = Side::Friend;
                set_rest(&mut sides, Side::Foe);
            } else {
                sides[caller] = Side::Foe;
            }
        }
        None => {
            let queens = [QUEEN_CLUBS, QUEEN_SPADES];
            let held = queens.iter().filter(|&&q| mine.contains(q)).count();
            match held {
                // Silent, alone against three.
                2 => set_rest(&mut sides, Side::Foe),
                1 => {
                    let other = queens.into_iter().find(|&q| !mine.contains(q));
                    if let Some(p) = other.and_then(shown) {
                        if p != me {
                            sides[p] = Side::Friend;
                            set_rest(&mut sides, Side::Foe);
                        }
                    }
                }
                _ => {
                    let holders: Vec<Seat> = queens.into_iter().filter_map(shown).collect();
                    for &h in &holders {
                        sides[h] = Side::Foe;
                    }
                    if holders.len() == 2 && holders[0] != holders[1] {
                        set_rest(&mut sides, Side::Friend);
                    }
                }
            }
        }
    }
    sides
}

/// Declarations: a wedding with both black queens (the partner is found by the rules).
/// Leading: a side-suit ace while nobody can be void in it yet, else the strongest card.
/// Following: when the trick goes to a friend (or the seat is last and takes it), add as
/// many card points as the rules allow; when it goes to a foe or nobody knows, take a
/// trick worth 10 or more with the cheapest card that does, else give away as little as
/// possible.
fn choose(view: &View, legal: &[Action]) -> usize {
    let cards: Vec<(usize, Card)> = legal
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match *a {
            Action::Play(c) => Some((i, c)),
            _ => None,
        })
        .collect();
    if cards.is_empty() {
        let rank = |a: &Action| match a {
            Action::Wedding => 0,
            Action::Silent => 1,
            _ => 2,
        };
        return (0..legal.len())
            .min_by_key(|&i| rank(&legal[i]))
            .unwrap_or(0);
    }
    let Observer::Seat(me) = view.observer else {
        return cards[0].0;
    };
    let sides = sides(view, me);
    let cheap = |&(i, c): &(usize, Card)| (points(c), u32::from(c.rank().number()), i);
    let rich = |&(i, c): &(usize, Card)| (points(c), std::cmp::Reverse(c.rank().number()), i);
    let Some(&(_, led)) = view.trick.first() else {
        // A side ace wins unless someone is void; early in the round that is unlikely.
        let side_led = |suit: Suit| {
            view.played
                .iter()
                .filter(|&&(_, c)| !is_trump(c) && c.suit() == suit)
                .count()
        };
        if let Some(&(i, _)) = cards
            .iter()
            .find(|&&(_, c)| !is_trump(c) && c.rank() == Rank::Ace && side_led(c.suit()) == 0)
        {
            return i;
        }
        let strongest =
            cards
                .iter()
                .copied()
                .reduce(|best, x| if beats(x.1, best.1, x.1) { x } else { best });
        return strongest.map_or(0, |(i, _)| i);
    };
    let (winner_seat, winner) =
        view.trick
            .iter()
            .skip(1)
            .fold(view.trick[0], |(ws, w), &(s, c)| {
                if beats(c, w, led) {
                    (s, c)
                } else {
                    (ws, w)
                }
            });
    let last = view.trick.len() == SEATS - 1;
    let at_stake: u32 = view.trick.iter().map(|&(_, c)| points(c)).sum();
    let winning: Vec<(usize, Card)> = cards
        .iter()
        .copied()
        .filter(|&(_, c)| beats(c, winner, led))
        .collect();
    // The seats still to play after this one.
    let after: Vec<Seat> = (1..SEATS - view.trick.len())
        .map(|k| (me + k) % SEATS)
        .collect();
    let foes_after = after.iter().any(|&s| sides[s] != Side::Friend);
    let pick = if sides[winner_seat] == Side::Friend && (last || !foes_after) {
        // The trick is ours whatever we add.
        cards.iter().max_by_key(|x| rich(x))
    } else if !winning.is_empty() && (last || !foes_after) {
        // Taking it is safe: take it with the richest winning card.
        winning.iter().max_by_key(|x| rich(x))
    } else if sides[winner_seat] == Side::Friend && winning.is_empty() {
        // A friend leads the trick and foes follow: add a little only.
        cards.iter().min_by_key(|x| cheap(x))
    } else if at_stake >= 10 && !winning.is_empty() {
        winning.iter().min_by_key(|x| cheap(x))
    } else {
        cards.iter().min_by_key(|x| cheap(x))
    };
    pick.map_or(0, |&(i, _)| i)
}
