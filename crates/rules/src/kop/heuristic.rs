//! Kop's rule of thumb for the `normal` computer player and a search's playouts. Before the
//! first lead: with both black queens a solo on a strong hand (AH, or two more good trumps),
//! else a wedding. In play it works out, from what the seat can know (its own queens, the
//! queens and jacks already played, announcements, and what the duties to follow, trump and
//! beat show each seat cannot hold), who is a friend, counts the cards still unseen, and then:
//! leads its side cards first, richest first, then AD or 10D, then its cheapest trump, keeping
//! the high trumps to take tricks as a follower; smears points on a trick a friend is sure to
//! take; takes a trick with the richest card that nobody after it can beat; otherwise gives
//! away as little as it can. It reads an [`Obs`], what one seat may see, borrowed from the
//! state without allocating, and works on 16-bit sets of places in [`ORDER`](super::ORDER).
//! Its choices are a [`Style`], measured one against another by `duel.rs` against the arena's
//! `easy` (BENCHMARKS.md, issue 31).

use super::{
    beaters, beats_place, bit, bits, class_of, partner_jack, places, position, winning_place,
    Action, Announcement, Declaration, Kop, QUEEN_CLUBS, QUEEN_SPADES, SEATS, TRUMP_BITS as TRUMPS,
};
use crate::{Events, Game, Heuristic, Search, Seat};
use pakka_cards::{Card, CardSet};
use pakka_text::msg;

/// A hint's reason in Kop: one shared by several games, or Kop's own ([`KopWhy`]).
pub(super) type Why = crate::Why<KopWhy>;

crate::reasons! {
    /// The reasons only Kop's rule of thumb gives (`Why::Game`), one per branch that chooses,
    /// worded by the catalog (`why-*`).
    pub enum KopWhy {
        /// Both black queens and a strong hand (AH, or only trumps with 10H or without AD and
        /// 10D): a solo.
        Solo => msg!("why-kop-solo"),
        /// Both black queens: a wedding.
        Wedding => msg!("why-kop-wedding"),
        /// A lead of a trump no unseen card beats.
        LeadTopTrump => msg!("why-kop-lead-top-trump"),
        /// A lead of the cheapest trump.
        LeadCheapTrump => msg!("why-kop-lead-cheap-trump"),
        /// No trump: a lead of the cheapest card.
        LeadCheap => msg!("why-kop-lead-cheap"),
        /// A lead of the richest side card (an ace or ten of clubs or spades).
        LeadRichSide => msg!("why-kop-lead-rich-side"),
        /// No side card: a lead of AD or 10D, the lowest trumps.
        LeadWeakTrump => msg!("why-kop-lead-weak-trump"),
        /// The own side surely takes the trick: the richest card.
        Smear => msg!("why-kop-smear"),
        /// The richest card that no possible opponent after can beat.
        TakeSure => msg!("why-kop-take-sure"),
        /// A trick of 20 points or more: the strongest card that wins it for now.
        TryHigh => msg!("why-kop-try-high"),
        /// No sure winner: as few points as possible.
        GiveLittle => msg!("why-kop-give-little"),
    }
}

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
    type Reason = KopWhy;

    /// [`decide`] on what the seat sees ([`Obs`]).
    fn decide(&self, seat: Seat, legal: &[Action]) -> Option<(usize, Why)> {
        Some(decide(&Obs::of(self, seat), legal))
    }

    /// The plan, which looks ahead at the seat's own later decisions by what it will know:
    /// a Kop deal is four tricks of at most four cards (0.35 VC a deal against 0.31 for the
    /// flat search, BENCHMARKS.md issue 31); a longer deal would have too many lines of the
    /// seat's own to follow.
    fn search() -> Search {
        Search::Plan
    }

    /// Replays the round from the hands as dealt ([`fit`]).
    fn rule_of_thumb_fit(&self, observer: Seat, noise: f64) -> Option<f64> {
        Some(fit(self, observer, noise))
    }
}

/// The probability of the other seats' declarations and plays this round if each took its
/// rule of thumb's choice with probability `1 − noise` and else any legal action alike: the
/// round replayed from the hands as dealt, each decision weighed as it was taken.
fn fit(game: &Kop, observer: Seat, noise: f64) -> f64 {
    let mut replay = game.clone();
    replay.restart_round();
    let mut legal = Vec::new();
    let mut p = 1.0;
    let mut weigh = |replay: &Kop, seat: Seat, action: &Action| {
        if seat == observer {
            return;
        }
        replay.legal_into(seat, &mut legal);
        let n = legal.len();
        if n > 1 {
            let alike = noise / n as f64;
            p *= if legal.get(choose(&Obs::of(replay, seat), &legal)) == Some(action) {
                1.0 - noise + alike
            } else {
                alike
            };
        }
    };
    let first = game.first();
    for seat in (0..SEATS).map(|i| (first + i) % SEATS) {
        if let Some(declaration) = game.declarations[seat] {
            let action = match declaration {
                Declaration::Wedding => Action::Wedding,
                Declaration::Silent => Action::Silent,
                Declaration::Solo => Action::Solo,
            };
            weigh(&replay, seat, &action);
            replay.declare(seat, declaration, &mut Events::quiet());
        }
    }
    for &(seat, card) in game.won.plays().iter().chain(game.trick.plays.iter()) {
        weigh(&replay, seat, &Action::Play(card));
        replay.play(seat, card, &mut Events::quiet());
    }
    p
}

/// The rule of thumb's choices that the harness (`duel.rs`) measures one against another;
/// `normal` plays [`NORMAL`], and the other values are the harness's alternatives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Style {
    /// Reads what each seat cannot hold from the duties to follow, trump and beat
    /// ([`excluded_by`]), and from that who holds a black queen; else only the classes a seat has
    /// shown it lacks, and the queens played.
    pub deduce: bool,
    /// When to announce a solo with both black queens (else a wedding).
    pub solo: Solo,
    /// What to lead.
    pub lead: Lead,
    /// What to lead when playing alone against three (a solo, a silent game).
    pub alone: Lead,
    /// Following, against a seat not known to be a friend: the card points in the trick from
    /// which to try the highest card that takes it, though someone after may beat it.
    pub contest: u32,
}

/// When the holder of both black queens announces a solo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(test), allow(dead_code))]
pub(super) enum Solo {
    /// With AH or 10H.
    RedTop,
    /// With AH; or with two more trumps, one of them 10H or neither of them AD or 10D.
    Strong,
}

/// What to lead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(test), allow(dead_code))]
pub(super) enum Lead {
    /// The highest trump when nobody can beat it, else the cheapest trump, else the cheapest
    /// side card.
    SafeOrCheapTrump,
    /// The highest card.
    Highest,
    /// The card with the most points.
    Richest,
    /// The card with the fewest points.
    Cheapest,
    /// The richest side card, else as `SafeOrCheapTrump`.
    RichestSide,
    /// The richest trump, else the richest side card.
    RichestTrump,
    /// The richest card other than AH and 10H, else the richest.
    RichestLow,
    /// The highest trump when nobody can beat it, else the richest card.
    SafeOrRichest,
    /// The richest side card, else the richest of AD and 10D, else the cheapest trump.
    SideThenWeak,
    /// The richest side card, else the cheapest trump.
    SideThenCheap,
    /// The cheapest side card, else the richest of AD and 10D, else the cheapest trump.
    CheapSideThenWeak,
}

/// The rule of thumb `normal` plays: each choice is the best the harness found against the
/// arena's `easy` (100,000 deals × 4 rotations, BENCHMARKS.md). Leading side cards first beat
/// every trump lead: an ace or ten of a side suit is taken by a trump whenever it is led, so
/// it goes early, while the high trumps wait to take tricks worth having.
pub(super) const NORMAL: Style = Style {
    deduce: true,
    solo: Solo::Strong,
    lead: Lead::SideThenWeak,
    alone: Lead::SideThenWeak,
    contest: 20,
};

/// AD and 10D: the lowest trumps, worth 21 points.
const WEAK: u16 = 0b1100_0000_0000;

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
#[cfg(test)]
pub(super) fn sides(obs: &Obs) -> [Side; SEATS] {
    sides_with(obs, &excluded(obs))
}

/// The side of every seat, given what each seat is known not to hold ([`excluded_by`]): a
/// black queen nobody has played is held by the one seat not shown to lack it, when only one
/// is left.
fn sides_with(obs: &Obs, excluded: &[u16; SEATS]) -> [Side; SEATS] {
    let me = obs.me;
    let mut sides = [Side::Unknown; SEATS];
    let mut mine = obs.hand;
    for (s, c) in obs.played() {
        if s == me {
            mine.insert(c);
        }
    }
    let shown = |card: Card| obs.played().find(|&(_, c)| c == card).map(|(s, _)| s);
    // Who holds `card`, as far as the seat can tell: who played it, else the only other
    // seat the plays do not show to lack it.
    let holder = |card: Card| {
        shown(card).or_else(|| {
            if mine.contains(card) {
                return Some(me);
            }
            let mut may = (0..SEATS).filter(|&s| s != me && excluded[s] & bit(card) == 0);
            match (may.next(), may.next()) {
                (Some(s), None) => Some(s),
                _ => None,
            }
        })
    };
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
                    if let Some(p) = other.and_then(holder) {
                        if p != me {
                            sides[p] = Side::Friend;
                            set_rest(&mut sides, Side::Foe);
                        }
                    }
                    // A seat shown to lack the other queen is not the partner.
                    for (s, side) in sides.iter_mut().enumerate() {
                        if *side == Side::Unknown
                            && other
                                .is_some_and(|q| excluded[s] & bit(q) != 0 && shown(q) != Some(s))
                        {
                            *side = Side::Foe;
                        }
                    }
                }
                _ => {
                    let holders = queens.map(holder);
                    for h in holders.into_iter().flatten() {
                        sides[h] = Side::Foe;
                    }
                    // Both queens placed: with two seats (the queens' team) or with one (a
                    // silent player alone): every other seat is on ours.
                    if let [Some(_), Some(_)] = holders {
                        set_rest(&mut sides, Side::Friend);
                    }
                    // A seat that was dealt neither queen (it played neither and the plays
                    // show it lacks those still out) is on ours either way.
                    for s in 0..SEATS {
                        let without = |q: Card| match shown(q) {
                            Some(h) => h != s,
                            None => excluded[s] & bit(q) != 0,
                        };
                        if sides[s] == Side::Unknown && queens.into_iter().all(without) {
                            sides[s] = Side::Friend;
                        }
                    }
                }
            }
        }
    }
    sides
}

/// [`excluded_by`] with every duty read (what the tests check).
#[cfg(test)]
pub(super) fn excluded(obs: &Obs) -> [u16; SEATS] {
    excluded_by(obs, true)
}

/// The cards each seat has shown it lacks this round, by the duties of §7.2: a seat that did
/// not follow the led class holds none of it, and one that then played a side card holds no
/// trump either; with `beating`, also: a seat that played a card of the class it had to play
/// without beating the winning card holds none of that class that would have beaten it (it had
/// to beat when able). Cards played since are gone anyway.
fn excluded_by(obs: &Obs, beating: bool) -> [u16; SEATS] {
    let mut out = [0u16; SEATS];
    let mut note = |plays: &[(Seat, Card)]| {
        let Some(&(_, led)) = plays.first() else {
            return;
        };
        let led = position(led);
        let class = class_of(led);
        let mut winner = led;
        for &(s, c) in &plays[1..] {
            let p = position(c);
            let b = bit(c);
            // The class the seat had to play from, if it had to play one.
            let pool = if b & class != 0 {
                class
            } else {
                out[s] |= class;
                if b & TRUMPS == 0 {
                    out[s] |= TRUMPS;
                    0
                } else {
                    TRUMPS
                }
            };
            if beats_place(p, winner, led) {
                winner = p;
            } else if beating {
                out[s] |= pool & beaters(winner);
            }
        }
    };
    for trick in obs.done.chunks(SEATS) {
        note(trick);
    }
    note(obs.trick);
    out
}

/// Declarations: with both black queens a solo on a strong hand ([`Solo::Strong`]), else a
/// wedding (the partner is found by the rules).
/// Leading: the richest side card, else the richer of AD and 10D, else the cheapest trump.
/// Following: when a friend's card will take the trick (nobody after who may be a foe can beat
/// it), add as many points as the rules allow; else take the trick with the richest card no
/// foe after can beat; else, against a foe, try the strongest winning card when the trick is
/// worth 20 or more; otherwise give away as little as possible.
pub(super) fn choose(obs: &Obs, legal: &[Action]) -> usize {
    decide(obs, legal).0
}

/// [`choose`] and why, decided together so that a hint's reason is always the branch that
/// chose the move.
pub(super) fn decide(obs: &Obs, legal: &[Action]) -> (usize, Why) {
    decide_in(NORMAL, obs, legal)
}

/// [`choose`] in a given [`Style`] (the harness's alternatives).
#[cfg_attr(not(test), allow(dead_code))]
pub(super) fn choose_in(style: Style, obs: &Obs, legal: &[Action]) -> usize {
    decide_in(style, obs, legal).0
}

/// [`decide`] in a given [`Style`].
fn decide_in(style: Style, obs: &Obs, legal: &[Action]) -> (usize, Why) {
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
        let hand = bits(obs.hand);
        let solo = match style.solo {
            Solo::RedTop => hand & 0b11 != 0,
            Solo::Strong => {
                hand & 1 != 0 || (hand & !TRUMPS == 0 && (hand & 0b10 != 0 || hand & WEAK == 0))
            }
        };
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
            Some(Action::Solo) => Why::Game(KopWhy::Solo),
            Some(Action::Wedding) => Why::Game(KopWhy::Wedding),
            _ if legal.len() <= 1 => Why::Only,
            _ => Why::Weighed,
        };
        return (i, why);
    }
    let pick = |p: usize, why: Why| (index[p].min(legal.len() - 1), why);
    let me = obs.me;
    let played = obs.played().fold(0u16, |m, (_, c)| m | bit(c));
    let unseen = !(played | bits(obs.hand));
    let void = excluded_by(obs, style.deduce);
    let sides = if style.deduce {
        sides_with(obs, &void)
    } else {
        sides_with(obs, &[0; SEATS])
    };
    if obs.trick.is_empty() {
        let trumps = cards & TRUMPS;
        let alone = (0..SEATS).all(|s| s == me || sides[s] == Side::Foe);
        let lead = if alone { style.alone } else { style.lead };
        let safe_or_cheap = || {
            let top = highest(trumps);
            if unseen & beaters(top) == 0 {
                (top, Why::Game(KopWhy::LeadTopTrump))
            } else {
                (cheapest(trumps), Why::Game(KopWhy::LeadCheapTrump))
            }
        };
        // Only trumps left: the cheapest card is the cheapest trump.
        let cheapest_card = || {
            let why = if cards & !TRUMPS == 0 {
                Why::Game(KopWhy::LeadCheapTrump)
            } else if trumps == 0 {
                Why::Game(KopWhy::LeadCheap)
            } else {
                Why::Weighed
            };
            (cheapest(cards), why)
        };
        let (card, why) = match lead {
            Lead::SafeOrCheapTrump if trumps != 0 => safe_or_cheap(),
            Lead::SafeOrCheapTrump | Lead::Cheapest => cheapest_card(),
            Lead::Highest => (highest(cards), Why::Weighed),
            Lead::Richest => (richest(cards), Why::Weighed),
            Lead::RichestSide if cards & !TRUMPS != 0 => {
                (richest(cards & !TRUMPS), Why::Game(KopWhy::LeadRichSide))
            }
            Lead::RichestSide => safe_or_cheap(),
            Lead::RichestTrump if trumps != 0 => (richest(trumps), Why::Weighed),
            Lead::RichestTrump => (richest(cards), Why::Weighed),
            Lead::SideThenWeak | Lead::SideThenCheap if cards & !TRUMPS != 0 => {
                (richest(cards & !TRUMPS), Why::Game(KopWhy::LeadRichSide))
            }
            Lead::CheapSideThenWeak if cards & !TRUMPS != 0 => {
                (cheapest(cards & !TRUMPS), Why::Weighed)
            }
            Lead::SideThenWeak | Lead::CheapSideThenWeak if cards & WEAK != 0 => {
                (richest(cards & WEAK), Why::Game(KopWhy::LeadWeakTrump))
            }
            Lead::SideThenWeak | Lead::SideThenCheap | Lead::CheapSideThenWeak => cheapest_card(),
            Lead::RichestLow if cards & !0b11 != 0 => (richest(cards & !0b11), Why::Weighed),
            Lead::RichestLow => (richest(cards), Why::Weighed),
            Lead::SafeOrRichest => {
                let top = highest(cards);
                if trumps != 0 && unseen & beaters(top) == 0 {
                    (top, Why::Game(KopWhy::LeadTopTrump))
                } else {
                    (richest(cards), Why::Weighed)
                }
            }
        };
        return pick(card, why);
    }
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
        return pick(richest(cards), Why::Game(KopWhy::Smear));
    }
    let winning = cards & beaters(winner);
    let sure = places(winning)
        .filter(|&p| holds(p))
        .fold(0u16, |m, p| m | 1 << p);
    if sure != 0 {
        return pick(richest(sure), Why::Game(KopWhy::TakeSure));
    }
    if !friend && winning != 0 && at_stake >= style.contest {
        return pick(highest(winning), Why::Game(KopWhy::TryHigh));
    }
    pick(cheapest(cards), Why::Game(KopWhy::GiveLittle))
}
