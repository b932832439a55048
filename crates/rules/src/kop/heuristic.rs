//! Kop's rule of thumb for the `normal` computer player and a search's playouts: announce a
//! wedding with both black queens; in play, work out from what the seat can know (its own
//! queens, queens and the called jack already played, announcements) who is a friend, then
//! lead side aces early, feed points to a friend's trick and take rich tricks cheaply. It reads
//! an [`Obs`], what one seat may see, borrowed from the state without allocating.

use rand::RngCore;

use super::{
    beats, is_trump, partner_jack, points, winning, Action, Announcement, Declaration, Kop,
    QUEEN_CLUBS, QUEEN_SPADES, SEATS,
};
use crate::{Heuristic, Seat};
use pakka_cards::{Card, CardSet, Rank, Suit};

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
    /// Announce a wedding with both black queens. In play, from what the seat can know of the
    /// partnerships: see [`choose`].
    fn rule_of_thumb(&self, seat: Seat, legal: &[Action], _rng: &mut dyn RngCore) -> usize {
        choose(&Obs::of(self, seat), legal)
    }
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
                    if let [Some(a), Some(b)] = holders {
                        if a != b {
                            set_rest(&mut sides, Side::Friend);
                        }
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
pub(super) fn choose(obs: &Obs, legal: &[Action]) -> usize {
    // Every legal action is a card in play, a declaration before it.
    let cards = || {
        legal.iter().enumerate().filter_map(|(i, a)| match *a {
            Action::Play(c) => Some((i, c)),
            _ => None,
        })
    };
    if cards().next().is_none() {
        let rank = |a: &Action| match a {
            Action::Wedding => 0,
            Action::Silent => 1,
            _ => 2,
        };
        return (0..legal.len())
            .min_by_key(|&i| rank(&legal[i]))
            .unwrap_or(0);
    }
    let me = obs.me;
    let sides = sides(obs);
    let cheap = |&(i, c): &(usize, Card)| (points(c), u32::from(c.rank().number()), i);
    let rich = |&(i, c): &(usize, Card)| (points(c), std::cmp::Reverse(c.rank().number()), i);
    let Some(&(_, led)) = obs.trick.first() else {
        // A side ace wins unless someone is void; early in the round that is unlikely.
        let side_led = |suit: Suit| obs.played().any(|(_, c)| !is_trump(c) && c.suit() == suit);
        if let Some((i, _)) =
            cards().find(|&(_, c)| !is_trump(c) && c.rank() == Rank::Ace && !side_led(c.suit()))
        {
            return i;
        }
        let strongest = cards().reduce(|best, x| if beats(x.1, best.1, x.1) { x } else { best });
        return strongest.map_or(0, |(i, _)| i);
    };
    let Some((winner_seat, winner)) = winning(obs.trick) else {
        return 0;
    };
    let last = obs.trick.len() == SEATS - 1;
    let at_stake: u32 = obs.trick.iter().map(|&(_, c)| points(c)).sum();
    let winning = || cards().filter(|&(_, c)| beats(c, winner, led));
    let can_win = winning().next().is_some();
    // The seats still to play after this one.
    let foes_after = (1..SEATS - obs.trick.len()).any(|k| sides[(me + k) % SEATS] != Side::Friend);
    let pick = if sides[winner_seat] == Side::Friend && (last || !foes_after) {
        // The trick is ours whatever we add.
        cards().max_by_key(rich)
    } else if can_win && (last || !foes_after) {
        // Taking it is safe: take it with the richest winning card.
        winning().max_by_key(rich)
    } else if sides[winner_seat] == Side::Friend && !can_win {
        // A friend leads the trick and foes follow: add a little only.
        cards().min_by_key(cheap)
    } else if at_stake >= 10 && can_win {
        winning().min_by_key(cheap)
    } else {
        cards().min_by_key(cheap)
    };
    pick.map_or(0, |(i, _)| i)
}
