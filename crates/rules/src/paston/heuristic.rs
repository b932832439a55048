//! Paston's rule of thumb for the `normal` computer player and a search's playouts, computed from
//! the seat's view alone, with no search and no memory beyond what the view shows.
//!
//! A hand is valued in expected tricks for a given trump suit (`trick_play::Style::tricks`, with
//! Paston's weights: the fourth trump counts 0.7 and later trumps in full). The chance `p` of six
//! tricks is a logistic curve around an estimate of 6 (measured in self-play). From that:
//! - auction: bid the next level when the best trump that level still allows promises an
//!   expected score `10·m·(2p−1)` above −5 (the unseen prikup counted as a trick: two cards in,
//!   the two worst out; passing is not worth 0 either, since another player then declares);
//!   Grkha (+10 / −40) only when it promises more than 0 (`p` above 0.8);
//! - discard: the pair whose removal leaves the best contract (low cards, voiding a short side
//!   suit when that adds ruffs);
//! - trumps: the allowed level of best expected score; surrender only when even that is worse
//!   than the surrender's −10;
//! - whist: by defensive tricks (side aces and guarded kings, trump honours and length): 2 to
//!   whist first, 2.5 beside a whister (each needs 2), 4 to whist alone (the scoring table);
//! - play: the card play shared with Teka (`rules::trick_play`); the two whisters are partners,
//!   and the declarer's own discards count as cards in sight.
//!
//! It reads an [`Obs`]: what one seat's view shows and the rule uses, borrowed from the state
//! without allocating (a search's playouts call it for every action).

use std::sync::LazyLock;

use super::{Action, Level, Paston, Phase, SEATS};
use crate::trick_play::{index_of, pick, playable, Style, SuitValues, Table, TrickWhy};
use crate::tricks::rank_bits as ranks;
use crate::{Heuristic, Seat};
use pakka_cards::{Card, CardSet, Suit};
use pakka_text::msg;

/// A hint's reason in Paston: one shared by several games, or Paston's own ([`PastonWhy`]).
pub(super) type Why = crate::Why<PastonWhy>;

crate::reasons! {
    /// The reasons only Paston's rule of thumb gives (`Why::Game`), one per branch that chooses,
    /// worded by the catalog (`why-*`).
    pub enum PastonWhy {
        /// The next level promises enough (the prikup counted).
        Bid => msg!("why-paston-bid"),
        /// The next level does not: pass.
        Pass => msg!("why-paston-pass"),
        /// The pair whose discard leaves the best contract.
        Discard => msg!("why-paston-discard"),
        /// The trump level of the best expected score.
        Trump => msg!("why-paston-trump"),
        /// Every level is expected to cost more than surrendering.
        Surrender => msg!("why-paston-surrender"),
        /// Enough defensive tricks to whist.
        Whist => msg!("why-paston-whist"),
        /// Too few defensive tricks: pass and sit out.
        SitOut => msg!("why-paston-sit-out"),
        /// The card play Paston shares with Teka, worded there.
        Play(why: TrickWhy) => why.into(),
    }
}

/// Paston's weights for the shared card play: the piquet deck (7 to A).
pub(crate) const STYLE: Style = Style {
    deck_ranks: 0x7F80,
    trump_length: [0.0, 0.0, 0.0, 0.7, 1.0, 1.0],
    side_fade: [1.0, 0.85, 0.5, 0.25],
    trump_leads_until: 0,
    touching_trump_lead: false,
};
/// [`STYLE`]'s suit values, looked up rather than counted for every contract weighed (the
/// discard weighs 66 pairs).
static VALUES: LazyLock<SuitValues> = LazyLock::new(|| SuitValues::new(&STYLE));
/// Tricks the unseen prikup adds to a bidder's hand (two cards in, the two worst out).
const PRIKUP: f32 = 1.0;
/// The expected score a contract must promise before the auction bids for it.
const BID_EV: f32 = -5.0;
/// Defensive tricks needed to whist: first to answer, beside a whister, alone.
const WHIST_FIRST: f32 = 2.0;
const WHIST_BESIDE: f32 = 2.5;
const WHIST_ALONE: f32 = 4.0;

/// What one seat's view shows of a Paston table, as the rule of thumb reads it.
#[derive(Clone, Copy, Debug)]
struct Obs<'a> {
    me: Seat,
    phase: Phase,
    hand: CardSet,
    /// The declarer's bid level.
    bid: Option<Level>,
    trump: Option<Level>,
    declarer: Option<Seat>,
    /// Per seat: whether it whists (`None` before it answers).
    whist: [Option<bool>; SEATS],
    /// The declarer's own discards, in the declarer's view only.
    discards: CardSet,
    /// The trick in play.
    trick: &'a [(Seat, Card)],
    /// The last completed trick's plays (empty before the first).
    last: &'a [(Seat, Card)],
    /// The current trick's number, from 1.
    trick_number: usize,
}

impl Obs<'_> {
    fn of(game: &Paston, me: Seat) -> Obs<'_> {
        Obs {
            me,
            phase: game.phase,
            hand: game.hands[me],
            bid: game.bid,
            trump: game.trump,
            declarer: game.declarer,
            whist: game.whist,
            discards: if game.declarer == Some(me) {
                game.discards
            } else {
                CardSet::new()
            },
            trick: &game.trick.plays,
            last: game.won.last().map_or(&[], |(_, plays)| plays),
            trick_number: game.won.len() + 1,
        }
    }
}

impl Heuristic for Paston {
    type Reason = PastonWhy;

    /// Counted tricks for the auction, the discard, trumps and whist; the shared card play;
    /// read from what the seat's view shows ([`Obs`]), with the branch that chose ([`decide`]).
    fn decide(&self, seat: Seat, legal: &[Action]) -> Option<(usize, Why)> {
        Some(decide(&Obs::of(self, seat), legal))
    }
}

/// The rule of thumb on what the seat sees: the index of its choice in `legal` and why, decided
/// together so that a hint's reason is always the branch that chose the move.
fn decide(view: &Obs, legal: &[Action]) -> (usize, Why) {
    let choice = match view.phase {
        Phase::Auction => auction(view, legal),
        Phase::Discard => discard(view, legal).map(|i| (i, Why::Game(PastonWhy::Discard))),
        Phase::Trump => trumps(view, legal),
        Phase::Whist => whist(view, legal),
        Phase::Play => play(view, legal),
        Phase::Over => None,
    };
    match choice {
        Some((i, why)) => (pick(Some(i), legal.len()), why),
        None => (pick(None, legal.len()), Why::Weighed),
    }
}

/// Expected tricks of a defender against a declarer with `trump` as trumps.
fn defence(hand: CardSet, trump: Suit) -> f32 {
    let mut total = 0.0;
    for suit in Suit::ALL {
        let held = ranks(hand, suit);
        total += if suit == trump {
            VALUES.get(held, true)
        } else {
            0.85 * VALUES.get(held, false)
        };
    }
    total
}

/// The chance that a declarer's hand valued at `tricks` takes six (centred on 6: the estimate
/// runs a little high against whisting defenders).
fn make_chance(tricks: f32) -> f32 {
    1.0 / (1.0 + (-(tricks - 6.0) / 0.7).exp())
}

/// The declarer's expected score for a contract at `level` from a hand worth `tricks`.
fn contract_ev(tricks: f32, level: Level) -> f32 {
    let p = make_chance(tricks);
    match level {
        Level::Grkha => 10.0 * p - 40.0 * (1.0 - p),
        _ => 10.0 * level.multiplier() as f32 * (2.0 * p - 1.0),
    }
}

/// The best contract a declarer at `bid` may name with `hand`: its expected score and the
/// tricks estimated for it.
fn best_contract(hand: CardSet, bid: Level, bonus: f32) -> (f32, f32) {
    let mut best = (f32::MIN, 0.0);
    for level in Level::ALL {
        if level < bid || (level == Level::Grkha && bid != Level::Grkha) {
            continue;
        }
        let t = VALUES.tricks(&STYLE, hand, level.trump()) + bonus;
        let ev = contract_ev(t, level);
        if ev > best.0 {
            best = (ev, t);
        }
    }
    best
}

fn auction(view: &Obs, legal: &[Action]) -> Option<(usize, Why)> {
    let pass = index_of(legal, &Action::Pass).map(|i| (i, Why::Game(PastonWhy::Pass)));
    let Some(level) = legal.iter().find_map(|a| match a {
        Action::Bid(l) => Some(*l),
        _ => None,
    }) else {
        return pass;
    };
    let (ev, _) = best_contract(view.hand, level, PRIKUP);
    // Grkha pays +10 and costs −40: only with a hand that makes it four times in five.
    let floor = if level == Level::Grkha { 0.0 } else { BID_EV };
    if ev > floor {
        index_of(legal, &Action::Bid(level)).map(|i| (i, Why::Game(PastonWhy::Bid)))
    } else {
        pass
    }
}

fn discard(view: &Obs, legal: &[Action]) -> Option<usize> {
    let hand = view.hand;
    let bid = view.bid.unwrap_or(Level::Paston);
    let mut best: Option<(f32, usize)> = None;
    for (i, action) in legal.iter().enumerate() {
        let Action::Discard([a, b]) = *action else {
            continue;
        };
        let mut rest = hand;
        rest.remove(a);
        rest.remove(b);
        let (ev, t) = best_contract(rest, bid, 0.0);
        // Ties: void a side suit (ruffs later), shed the lowest cards.
        let voids = Suit::ALL
            .into_iter()
            .filter(|&s| ranks(rest, s) == 0 && ranks(hand, s) != 0)
            .count() as f32;
        let shed = f32::from(a.rank().number() + b.rank().number());
        let key = ev + 0.05 * t + 0.01 * voids - 0.001 * shed;
        if best.is_none_or(|(k, _)| key > k) {
            best = Some((key, i));
        }
    }
    best.map(|(_, i)| i)
}

fn trumps(view: &Obs, legal: &[Action]) -> Option<(usize, Why)> {
    let hand = view.hand;
    let mut best: Option<(f32, usize, Why)> = None;
    for (i, action) in legal.iter().enumerate() {
        let (value, why) = match *action {
            Action::Trump(level) => (
                contract_ev(VALUES.tricks(&STYLE, hand, level.trump()), level),
                Why::Game(PastonWhy::Trump),
            ),
            // −10, and each opponent +2.
            Action::Surrender => (-12.0, Why::Game(PastonWhy::Surrender)),
            _ => continue,
        };
        if best.is_none_or(|(v, _, _)| value > v) {
            best = Some((value, i, why));
        }
    }
    best.map(|(_, i, why)| (i, why))
}

fn whist(view: &Obs, legal: &[Action]) -> Option<(usize, Why)> {
    let pass = index_of(legal, &Action::Pass).map(|i| (i, Why::Game(PastonWhy::SitOut)));
    let (me, Some(level)) = (view.me, view.trump) else {
        return pass;
    };
    let other = (0..view.whist.len()).find(|&s| s != me && view.declarer != Some(s));
    let need = match other.and_then(|s| view.whist[s]) {
        None => WHIST_FIRST,
        Some(true) => WHIST_BESIDE,
        Some(false) => WHIST_ALONE,
    };
    if defence(view.hand, level.trump()) >= need {
        index_of(legal, &Action::Whist).map(|i| (i, Why::Game(PastonWhy::Whist)))
    } else {
        pass
    }
}

fn play(view: &Obs, legal: &[Action]) -> Option<(usize, Why)> {
    let me = view.me;
    let cards = playable(legal, |a| match a {
        Action::Play(c) => Some(*c),
        _ => None,
    });
    let plays = |s: Seat| view.declarer == Some(s) || view.whist.get(s) == Some(&Some(true));
    let declarer = view.declarer == Some(me);
    let partner = if declarer {
        None
    } else {
        (0..view.whist.len()).find(|&s| s != me && plays(s) && view.declarer != Some(s))
    };
    let in_trick = |s: Seat| view.trick.iter().any(|&(p, _)| p == s);
    let opponents_after = (0..view.whist.len())
        .filter(|&s| s != me && plays(s) && !in_trick(s) && Some(s) != partner)
        .count();
    // In sight: the hand, the trick in play, the last trick and the declarer's discards.
    let mut known = view.hand.union(view.discards);
    for &(_, c) in view.trick.iter().chain(view.last) {
        known.insert(c);
    }
    let table = Table {
        style: &STYLE,
        hand: view.hand,
        trump: view.trump.map(Level::trump),
        known,
        partner,
        opponents_after,
        partner_after: partner.is_some_and(|p| !in_trick(p)),
        declarer,
        opponents_out: false,
        trick_number: view.trick_number,
    };
    let (card, why) = table.card(cards, view.trick)?;
    index_of(legal, &Action::Play(card)).map(|i| (i, Why::Game(PastonWhy::Play(why))))
}
