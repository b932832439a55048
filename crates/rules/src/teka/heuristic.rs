//! Teka's rule of thumb for the `normal` computer player and a search's playouts, computed from
//! the seat's view alone, with no search and no memory beyond what the view shows; and the
//! actions a search may not try at random (raises).
//!
//! A hand is valued in expected tricks for a given trump suit (`trick_play::Style::tricks`, with
//! Teka's weights: trumps count for length from the fourth on). From that:
//! - redeal: always asked for when offered (a hand without an ace or a court card);
//! - calls: the team's tricks are the hand's (with its best trump) plus the partner's share of
//!   the rest — a third of it by default, a quarter after the partner passed, what the
//!   partner's own number promises after a bid, less when an opponent has bid. Call the lowest
//!   legal number the team makes with a quarter trick to spare (a failure gives away twice the
//!   contract), never over the partner's own number; double thirteen only when every card is a
//!   sure trick;
//! - trumps: the suit worth the most tricks (the longer one on a tie);
//! - raise: only to what is certain — the declaring side's tricks plus the declarer's master
//!   trumps, which win whenever they are played;
//! - play: the card play shared with Paston (`rules::trick_play`); the declarer leads trumps
//!   from four or more in the first three tricks, and stops drawing trumps once the last trick
//!   shows the opponents out of them. The view keeps no older tricks, so masters, trumps played
//!   and voids are counted conservatively.
//!
//! It reads an [`Obs`]: what one seat's view shows and the rule uses, borrowed from the state
//! without allocating.

use std::sync::LazyLock;

use super::{Action, Bid, Call, CallKind, Phase, Teka, TrumpSuit};
use crate::trick_play::{index_of, pick, playable, Style, SuitValues, Table, TrickWhy};
use crate::tricks::{partner, rank_bits as ranks};
use crate::{Heuristic, Seat};
use pakka_cards::{Card, CardSet, Suit};
use pakka_text::msg;

/// A hint's reason in Teka: one shared by several games, or Teka's own ([`TekaWhy`]).
pub(super) type Why = crate::Why<TekaWhy>;

crate::reasons! {
    /// The reasons only Teka's rule of thumb gives (`Why::Game`), one per branch that chooses,
    /// worded by the catalog (`why-*`).
    pub enum TekaWhy {
        /// A hand without an ace or a court card asks for a new deal.
        Redeal => msg!("why-teka-redeal"),
        /// Every card is a sure trick: Double thirteen.
        Double13 => msg!("why-teka-double13"),
        /// The partner's number is the highest call: pass.
        PartnerHighest => msg!("why-teka-partner-highest"),
        /// The lowest number the team's counted tricks make, with a margin.
        Call => msg!("why-teka-call"),
        /// No number the seat may call is made by the counted tricks: pass.
        Pass => msg!("why-teka-pass"),
        /// The suit worth the most tricks.
        Trump => msg!("why-teka-trump"),
        /// A raise as far as is certain.
        Raise => msg!("why-teka-raise"),
        /// The card play Teka shares with Paston, worded there.
        Play(why: TrickWhy) => why.into(),
    }
}

/// Teka's weights for the shared card play: the whole deck (2 to A).
pub(crate) const STYLE: Style = Style {
    deck_ranks: 0x7FFC,
    trump_length: [0.0, 0.0, 0.0, 0.6, 0.85, 1.0],
    side_fade: [1.0, 0.9, 0.6, 0.3],
    trump_leads_until: 3,
    touching_trump_lead: true,
};
/// [`STYLE`]'s suit values, looked up rather than counted in every call and trump choice.
static VALUES: LazyLock<SuitValues> = LazyLock::new(|| SuitValues::new(&STYLE));
/// Tricks to spare before calling a number.
pub(super) const MARGIN: f32 = 0.25;

/// What one seat's view shows of a Teka table, as the rule of thumb reads it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Obs<'a> {
    pub me: Seat,
    pub phase: Phase,
    pub hand: CardSet,
    pub calls: &'a [Call],
    pub declarer: Option<Seat>,
    pub contract: Option<Bid>,
    pub trump: Option<TrumpSuit>,
    /// The declarer's partner while sitting out a double thirteen.
    pub sits_out: Option<Seat>,
    /// The trick in play.
    pub trick: &'a [(Seat, Card)],
    /// The last completed trick's plays (empty before the first).
    pub last: &'a [(Seat, Card)],
    /// The current trick's number, from 1.
    pub trick_number: usize,
    /// Tricks the seat's team has taken this hand.
    pub team_tricks: u32,
}

impl Obs<'_> {
    pub(super) fn of(game: &Teka, me: Seat) -> Obs<'_> {
        Obs {
            me,
            phase: game.phase,
            hand: game.hand_set(me),
            calls: &game.calls,
            declarer: game.declarer,
            contract: game.contract,
            trump: game.trump,
            sits_out: game.sitting_out(),
            trick: &game.trick.plays,
            last: game.won.last().map_or(&[], |(_, plays)| plays),
            trick_number: game.won.len() + 1,
            team_tricks: game.won.side(&[me % 2, me % 2 + 2]),
        }
    }

    /// Cards whose place the seat knows: its hand, the trick in play and the last trick.
    fn in_sight(&self, with_trick: bool) -> CardSet {
        let mut known = self.hand;
        let trick = if with_trick { self.trick } else { &[] };
        for &(_, c) in trick.iter().chain(self.last) {
            known.insert(c);
        }
        known
    }
}

impl Heuristic for Teka {
    type Reason = TekaWhy;

    /// Counted tricks for the calls, trumps and raises; the shared card play; with the branch
    /// that chose ([`decide`]).
    fn decide(&self, seat: Seat, legal: &[Action]) -> Option<(usize, Why)> {
        Some(decide(&Obs::of(self, seat), legal))
    }

    /// A random raise in a search's playout sinks the contract it is meant to measure.
    fn explore(action: &Action) -> bool {
        !matches!(action, Action::Raise(_))
    }
}

/// The rule of thumb on what the seat sees: the index of its choice in `legal` and why, decided
/// together so that a hint's reason is always the branch that chose the move.
pub(super) fn decide(obs: &Obs, legal: &[Action]) -> (usize, Why) {
    let choice = match obs.phase {
        Phase::Redeal => index_of(legal, &Action::Redeal).map(|i| (i, Why::Game(TekaWhy::Redeal))),
        Phase::Bidding => call(obs, legal),
        Phase::Trump => trumps(obs, legal).map(|i| (i, Why::Game(TekaWhy::Trump))),
        Phase::Play => raise(obs, legal)
            .map(|i| (i, Why::Game(TekaWhy::Raise)))
            .or_else(|| play(obs, legal)),
        Phase::Over => None,
    };
    match choice {
        Some((i, why)) => (pick(Some(i), legal.len()), why),
        None => (pick(None, legal.len()), Why::Weighed),
    }
}

/// How many top cards of a suit (from the ace down) `held` holds without a gap.
fn top_run(held: u16) -> u32 {
    (held << 1).leading_ones()
}

/// The trump suit worth the most tricks: the suit and its tricks.
pub(super) fn best_trump(hand: CardSet) -> (Suit, f32) {
    let mut best = (Suit::Spades, f32::MIN, 0);
    for suit in Suit::ALL {
        let t = VALUES.tricks(&STYLE, hand, suit);
        let len = ranks(hand, suit).count_ones();
        if t > best.1 || (t == best.1 && len > best.2) {
            best = (suit, t, len);
        }
    }
    (best.0, best.1)
}

/// Whether every card of the hand is a sure trick alone against two hands with `trump`: the
/// unbroken top trumps are at least as many as the missing trumps, and every side suit is held
/// from the ace down either whole or at least as long as its missing cards.
pub(super) fn all_sure(hand: CardSet, trump: Suit) -> bool {
    ranks(hand, trump) != 0
        && Suit::ALL.into_iter().all(|suit| {
            let held = ranks(hand, suit);
            let (n, run) = (held.count_ones(), top_run(held));
            run >= 13 - n || (suit != trump && run == n)
        })
}

/// What a number call promises of the caller's own hand.
pub(super) fn promised(n: u8) -> f32 {
    (3.0 * f32::from(n) - 13.0) / 2.0
}

fn call(obs: &Obs, legal: &[Action]) -> Option<(usize, Why)> {
    let me = obs.me;
    let pass = index_of(legal, &Action::Pass);
    let hand = obs.hand;
    let (suit, mine) = best_trump(hand);
    if all_sure(hand, suit) {
        if let Some(i) = index_of(legal, &Action::Bid(Bid::Double13)) {
            return Some((i, Why::Game(TekaWhy::Double13)));
        }
    }
    let numbers = |seats: &dyn Fn(Seat) -> bool| {
        obs.calls
            .iter()
            .filter(|c| seats(c.seat))
            .filter_map(|c| match c.call {
                CallKind::Bid(Bid::Tricks(n)) => Some(n),
                _ => None,
            })
            .max()
    };
    let highest = numbers(&|_| true);
    let partners = numbers(&|s| s == partner(me));
    if partners.is_some() && partners == highest {
        return pass.map(|i| (i, Why::Game(TekaWhy::PartnerHighest)));
    }
    let rest = f32::max(13.0 - mine, 0.0);
    let partner_call = obs.calls.iter().find(|c| c.seat == partner(me));
    let mut share = match partner_call.map(|c| c.call) {
        None => rest / 3.0,
        Some(CallKind::Bid(Bid::Tricks(n))) => f32::min(promised(n), rest),
        Some(CallKind::Bid(Bid::Double13)) => 0.0,
        Some(CallKind::Pass | CallKind::Ter) => rest / 4.0,
    };
    if let Some(n) = numbers(&|s| s % 2 != me % 2) {
        share = f32::min(share, f32::max(rest - promised(n), 0.0) / 2.0);
    }
    let team = mine + share;
    match legal
        .iter()
        .position(|a| matches!(a, Action::Bid(Bid::Tricks(n)) if team >= f32::from(*n) + MARGIN))
    {
        Some(i) => Some((i, Why::Game(TekaWhy::Call))),
        None => pass.map(|i| (i, Why::Game(TekaWhy::Pass))),
    }
}

fn trumps(obs: &Obs, legal: &[Action]) -> Option<usize> {
    let (suit, _) = best_trump(obs.hand);
    let t = TrumpSuit::ALL.into_iter().find(|t| t.suit() == suit)?;
    index_of(legal, &Action::Trump(t))
}

/// Raises the contract as far as is certain.
fn raise(obs: &Obs, legal: &[Action]) -> Option<usize> {
    let (Some(Bid::Tricks(contract)), Some(trump)) = (obs.contract, obs.trump) else {
        return None;
    };
    // Raises are listed last, and only at the declarer's turns: most plays offer none.
    if !matches!(legal.last(), Some(Action::Raise(_))) {
        return None;
    }
    // A trump above every unseen one wins whenever it is played, though not in the current
    // trick if a higher trump is already in it: count against the unseen cards and the current
    // trick alike.
    let known = obs.in_sight(false);
    let suit = trump.suit();
    let masters = obs
        .hand
        .iter()
        .filter(|&c| c.suit() == suit && STYLE.master(known, c))
        .count() as u32;
    let sure = obs.team_tricks + masters;
    legal
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match *a {
            Action::Raise(n) if n > contract && u32::from(n) <= sure => Some((n, i)),
            _ => None,
        })
        .max()
        .map(|(_, i)| i)
}

fn play(obs: &Obs, legal: &[Action]) -> Option<(usize, Why)> {
    let me = obs.me;
    let cards = playable(legal, |a| match a {
        Action::Play(c) => Some(*c),
        _ => None,
    });
    let plays = |s: Seat| obs.sits_out != Some(s);
    let mate = Some(partner(me)).filter(|&p| plays(p));
    let in_trick = |s: Seat| obs.trick.iter().any(|&(p, _)| p == s);
    let opponents_after = (0..super::SEATS)
        .filter(|&s| s != me && s % 2 != me % 2 && plays(s) && !in_trick(s))
        .count();
    let trump = obs.trump.map(TrumpSuit::suit);
    let opponents_out = match trump {
        Some(t) if !obs.last.is_empty() => {
            obs.last.first().is_some_and(|&(_, c)| c.suit() == t)
                && obs
                    .last
                    .iter()
                    .all(|&(s, c)| s % 2 == me % 2 || c.suit() != t)
        }
        _ => false,
    };
    let table = Table {
        style: &STYLE,
        hand: obs.hand,
        trump,
        known: obs.in_sight(true),
        partner: mate,
        opponents_after,
        partner_after: mate.is_some_and(|p| !in_trick(p)),
        declarer: obs.declarer == Some(me),
        opponents_out,
        trick_number: obs.trick_number,
    };
    let (card, why) = table.card(cards, obs.trick)?;
    play_index(legal, cards, card).map(|i| (i, Why::Game(TekaWhy::Play(why))))
}

/// Where playing `card` stands in `legal`: the plays come first in card order (`legal_into`),
/// so it is the number of playable cards below it; searched for should the list differ.
fn play_index(legal: &[Action], cards: CardSet, card: Card) -> Option<usize> {
    let below = cards.iter().take_while(|&c| c < card).count();
    match legal.get(below) {
        Some(Action::Play(c)) if *c == card => Some(below),
        _ => index_of(legal, &Action::Play(card)),
    }
}
