//! Kop's rule of thumb for the `normal` computer player and a search's playouts. Before the
//! first lead: with both black queens a solo if it also holds AH or 10H, else a wedding. In play
//! it works out, from what the seat can know (its own queens, the queens and jacks already
//! played, announcements), who is a friend, counts the cards still unseen and which suits each
//! seat has shown it lacks, and then: leads a trump nobody can beat, else its cheapest trump;
//! smears points on a trick a friend is sure to take; takes a trick with the richest card that
//! nobody after it can beat; otherwise gives away as little as it can. It reads an [`Obs`],
//! what one seat may see, borrowed from the state without allocating, and works on 16-bit sets
//! of places in [`ORDER`](super::ORDER).

use rand::RngCore;

use super::{
    beaters, bit, bits, class_of, partner_jack, places, position, winning_place, Action,
    Announcement, Declaration, Kop, QUEEN_CLUBS, QUEEN_SPADES, SEATS, TRUMP_BITS as TRUMPS,
};
use crate::{Heuristic, Seat, Why};
use pakka_cards::{Card, CardSet};

/// What one seat may see of a Kop table, as the rule of thumb reads it: its hand, the public
/// announcement, whether it is the wedding partner, and every card played this round.
#[derive(Clone, Copy, Debug)]
pub(super) struct Obs<'a> {
    pub me: Seat,
    pub hand: CardSet,
    pub announcement: Option<Announcement>,
    /// Set when the seat is the wedding partner: the caller (the seat is told privately).
    pub partner_of: Option<Seat>,
    /// The plays of the completed tricks of this round, in order.
    pub done: &'a [(Seat, Card)],
    /// The trick in play.
    pub trick: &'a [(Seat, Card)],
}

impl Obs<'_> {
    pub(super) fn of(game: &Kop, me: Seat) -> Obs<'_> {
        Obs {
            me,
            hand: game.hands[me],
            announcement: game.announcement(),
            partner_of: game
                .wedding()
                .and_then(|(caller, partner)| (partner == me).then_some(caller)),
            done: game.won.plays(),
            trick: &game.trick.plays,
        }
    }

    /// Every card played this round and who played it, in order.
    fn played(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.done.iter().chain(self.trick).copied()
    }
}

impl Heuristic for Kop {
    /// See [`choose`].
    fn rule_of_thumb(&self, seat: Seat, legal: &[Action], _rng: &mut dyn RngCore) -> usize {
        choose(&Obs::of(self, seat), legal)
    }

    /// The branch of [`decide`] that chose `legal[chosen]`.
    fn why(&self, seat: Seat, legal: &[Action], chosen: usize) -> Why {
        match decide(&Obs::of(self, seat), legal) {
            (i, why) if i == chosen => why,
            _ => Why::Weighed,
        }
    }
}

/// Card points by place in ORDER.
const POINTS: [u32; 16] = [11, 10, 3, 3, 3, 3, 2, 2, 2, 2, 11, 10, 11, 10, 11, 10];

/// The highest card of a set (its lowest place).
fn highest(set: u16) -> usize {
    set.trailing_zeros() as usize
}

/// The card of `set` with the most points, the lowest ranked among equals (the strong ones
/// are kept).
fn richest(set: u16) -> usize {
    places(set)
        .max_by_key(|&p| (POINTS[p], p))
        .unwrap_or_else(|| highest(set))
}

/// The card of `set` with the fewest points, the lowest ranked among equals.
fn cheapest(set: u16) -> usize {
    places(set)
        .min_by_key(|&p| (POINTS[p], std::cmp::Reverse(p)))
        .unwrap_or_else(|| highest(set))
}

/// Whether `other` plays on the seat's side this round, as far as the seat can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    Friend,
    Foe,
    Unknown,
}

/// The side of every seat as seen by the observing seat (its own seat is a friend).
pub(super) fn sides(obs: &Obs) -> [Side; SEATS] {
    let me = obs.me;
    let mut sides = [Side::Unknown; SEATS];
    let mut mine = obs.hand;
    for (s, c) in obs.played() {
        if s == me {
            mine.insert(c);
        }
    }
    let shown = |card: Card| obs.played().find(|&(_, c)| c == card).map(|(s, _)| s);
    let set_rest = |sides: &mut [Side; SEATS], side: Side| {
        for x in sides.iter_mut() {
            if *x == Side::Unknown {
                *x = side;
            }
        }
    };
    sides[me] = Side::Friend;
    match obs.announcement {
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
            } else if obs.partner_of == Some(caller) {
                sides[caller] = Side::Friend;
                set_rest(&mut sides, Side::Foe);
            } else {
                sides[caller] = Side::Foe;
                // The partner holds the highest jack the caller did not: jacks the caller
                // played are passed over; the first jack another seat played names it.
                for jack in super::JACKS {
                    match shown(jack) {
                        Some(s) if s == caller => continue,
                        Some(s) => {
                            sides[s] = Side::Foe;
                            set_rest(&mut sides, Side::Friend);
                        }
                        None => {}
                    }
                    break;
                }
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
                    let holders = queens.map(shown);
                    for h in holders.into_iter().flatten() {
                        sides[h] = Side::Foe;
                    }
                    // Both queens shown: by two seats (the queens' team) or by one (a silent
                    // player alone): every other seat is on ours.
                    if let [Some(_), Some(_)] = holders {
                        set_rest(&mut sides, Side::Friend);
                    }
                }
            }
        }
    }
    sides
}

/// The classes each seat has shown it lacks this round: a seat that did not follow the led
/// class holds none of it, and one that then played a side card holds no trump either.
fn voids(obs: &Obs) -> [u16; SEATS] {
    let mut void = [0u16; SEATS];
    let mut note = |plays: &[(Seat, Card)]| {
        let Some(&(_, led)) = plays.first() else {
            return;
        };
        let class = class_of(position(led));
        for &(s, c) in &plays[1..] {
            let b = bit(c);
            if b & class == 0 {
                void[s] |= class;
                if b & TRUMPS == 0 {
                    void[s] |= TRUMPS;
                }
            }
        }
    };
    for trick in obs.done.chunks(SEATS) {
        note(trick);
    }
    note(obs.trick);
    void
}

/// Declarations: with both black queens a solo when the hand also holds AH or 10H, else a
/// wedding (the partner is found by the rules).
/// Leading: the highest trump when nobody can beat it, else the cheapest trump, else the
/// cheapest side card.
/// Following: when a friend's card will take the trick (nobody after who may be a foe can beat
/// it), add as many points as the rules allow; else take the trick with the richest card no
/// foe after can beat; else, against a foe, try the strongest winning card when the trick is
/// worth 10 or more; otherwise give away as little as possible.
pub(super) fn choose(obs: &Obs, legal: &[Action]) -> usize {
    decide(obs, legal).0
}

/// [`choose`] and why, decided together so that a hint's reason is always the branch that
/// chose the move.
pub(super) fn decide(obs: &Obs, legal: &[Action]) -> (usize, Why) {
    // Every legal action is a card in play, a declaration before it. `index[p]`: the action
    // playing the card at place p.
    let mut index = [usize::MAX; 16];
    let mut cards = 0u16;
    for (i, a) in legal.iter().enumerate() {
        if let Action::Play(c) = *a {
            let b = bit(c);
            if b != 0 {
                cards |= b;
                index[position(c)] = i;
            }
        }
    }
    if cards == 0 {
        // With both black queens and AH or 10H, a solo: against players who do not know
        // the partnerships it wins more than a wedding (measured against `easy`).
        let solo = bits(obs.hand) & 0b11 != 0;
        let rank = |a: &Action| match a {
            Action::Solo if solo => 0,
            Action::Wedding => 1,
            Action::Silent => 2,
            _ => 3,
        };
        let i = (0..legal.len())
            .min_by_key(|&i| rank(&legal[i]))
            .unwrap_or(0);
        let why = match legal.get(i) {
            Some(Action::Solo) => Why::KopSolo,
            Some(Action::Wedding) => Why::KopWedding,
            _ if legal.len() <= 1 => Why::Only,
            _ => Why::Weighed,
        };
        return (i, why);
    }
    let pick = |p: usize, why: Why| (index[p].min(legal.len() - 1), why);
    let me = obs.me;
    let played = obs.played().fold(0u16, |m, (_, c)| m | bit(c));
    let unseen = !(played | bits(obs.hand));
    if obs.trick.is_empty() {
        let trumps = cards & TRUMPS;
        if trumps != 0 {
            let top = highest(trumps);
            if unseen & beaters(top) == 0 {
                return pick(top, Why::KopLeadTopTrump);
            }
            return pick(cheapest(trumps), Why::KopLeadCheapTrump);
        }
        return pick(cheapest(cards), Why::KopLeadCheap);
    }
    let sides = sides(obs);
    let void = voids(obs);
    let Some((winner_seat, winner)) = winning_place(obs.trick) else {
        return (0, Why::Weighed);
    };
    // Whether a card at `place`, winning the trick now, stays winning: no seat after this one
    // that may be a foe can hold a card that beats it.
    let holds = |place: usize| {
        let threat = beaters(place) & unseen;
        (1..SEATS - obs.trick.len())
            .map(|k| (me + k) % SEATS)
            .filter(|&s| sides[s] != Side::Friend)
            .all(|s| threat & !void[s] == 0)
    };
    let at_stake: u32 = obs.trick.iter().map(|&(_, c)| POINTS[position(c)]).sum();
    let friend = sides[winner_seat] == Side::Friend;
    if friend && holds(winner) {
        return pick(richest(cards), Why::KopSmear);
    }
    let winning = cards & beaters(winner);
    let sure = places(winning)
        .filter(|&p| holds(p))
        .fold(0u16, |m, p| m | 1 << p);
    if sure != 0 {
        return pick(richest(sure), Why::KopTakeSure);
    }
    if !friend && winning != 0 && at_stake >= 10 {
        return pick(highest(winning), Why::KopTryHigh);
    }
    pick(cheapest(cards), Why::KopGiveLittle)
}
