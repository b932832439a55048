//! Paston, exactly as `docs/rules/paston.md` §4.2: three players, the 32-card deck, a whole
//! match to 121 points as one state. No options (`{}`).
//!
//! The deal: two cards each from the dealer's left, two to the prikup, then four more rounds of
//! two. A shuffled deck whose bottom card is `7S` is reshuffled (explicit decks never are); a
//! ten-card hand holding `7S`…`QS` without `KS` or `AS` makes the same dealer redeal at once from
//! the next deck with the same deal number. Deal 1's first bidder holds `JS` (else `7S`, else
//! the dealer's left); deal 2 is dealt by that first bidder, and from deal 2 on the first bidder
//! is the dealer's left and the deal passes to the next seat. The one-step auction, the prikup,
//! two discards, a trump of at least the bid level (Grkha only when bid) or a surrender, whist
//! or pass by each opponent in turn from the declarer's left (public), then ten tricks in which
//! a passer sits out (two-card tricks with one whister). Scoring per §4.2 with the multipliers
//! applied to declarer and whisters, a score at or below −121 reset to 0 after each hand, and
//! the match over when a score reaches 121 (ties for the top share the win).
//!
//! Literal readings and [C] choices of the rules file, as implemented: the all-pass declarer is
//! the `JS` holder, else the `7S` holder, else the first bidder, at level Paston (any trump but
//! Grkha, or surrender); the redeal check looks at the three hands only, not the prikup;
//! discards never count as tricks; surrender is −10 / +2 with no multiplier; Grkha success is
//! +10 and Grkha failure −40. Who bids first and why (`JS`, `7S`, or the dealer's left) and why
//! an all-pass declarer was chosen are public, as at a real table; a determinization keeps those
//! cards where they are and respects the suits a player has shown to be void in.
//!
//! This folder: `mod.rs` the rules (state, actions, views), `present.rs` what people are told,
//! `heuristic.rs` the rule of thumb, `tests.rs` the rules file's acceptance cases.

mod heuristic;
pub use heuristic::PastonWhy;
#[cfg(test)]
pub(crate) use heuristic::STYLE;
mod present;

use rand::RngCore;
use serde::{Deserialize, Serialize};

use super::tricks::{
    constrained_deal, follow_or_trump, next_seat, suit_bit, trick_zones, Blank, FixedTrick,
    LastTrick, Stack, TrickLog, TrickPlay,
};
use super::{
    rank_by_score, DeckSource, Events, Game, Observer, Seat, Seen, Setup, SetupError, Status, Zone,
};
use pakka_cards::{Card, CardSet, Rank, Suit};

/// Paston has no options.
pub type Options = crate::NoOptions;

/// The score a match is played to.
pub const TARGET: i64 = 121;
/// A score at or below this is reset to 0.
pub const RESET_AT: i64 = -121;

const SEATS: usize = 3;
const JS: Card = Card::new(Rank::Jack, Suit::Spades);
const SEVEN_S: Card = Card::new(Rank::Seven, Suit::Spades);

/// Paston's 32 cards (7…A of each suit) in their new-deck order: the standard deck's, from
/// the seven up.
pub fn deck() -> Vec<Card> {
    DECK.to_vec()
}

/// [`deck`] as a constant, for dealing in place.
const DECK: [Card; 32] = {
    let mut deck = [JS; 32];
    let (mut i, mut n) = (0, 0);
    while i < 52 {
        // The standard deck's order (`Card::from_index`): suit by suit, 2 to A; 7 is rank 5.
        if i % 13 >= 5 {
            deck[n] = Card::new(Rank::ALL[i % 13], Suit::ALL[i / 13]);
            n += 1;
        }
        i += 1;
    }
    deck
};

/// The bidding levels, low to high; Paston and Grkha both make spades trump.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Paston,
    Glitch,
    Dineri,
    Gupa,
    Grkha,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Paston,
        Level::Glitch,
        Level::Dineri,
        Level::Gupa,
        Level::Grkha,
    ];

    /// The level one step higher.
    pub fn next(self) -> Option<Level> {
        Level::ALL.get(self as usize + 1).copied()
    }

    pub fn trump(self) -> Suit {
        match self {
            Level::Paston | Level::Grkha => Suit::Spades,
            Level::Glitch => Suit::Clubs,
            Level::Dineri => Suit::Diamonds,
            Level::Gupa => Suit::Hearts,
        }
    }

    /// The score multiplier `m` of a declared level.
    pub fn multiplier(self) -> i64 {
        match self {
            Level::Paston => 1,
            Level::Glitch => 2,
            Level::Dineri => 3,
            Level::Gupa | Level::Grkha => 4,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// In the auction (final) or in the whist phase (sit out).
    Pass,
    /// Bid the next level.
    Bid(Level),
    /// The declarer's two discards, listed in card order; both orders are accepted.
    Discard([Card; 2]),
    /// Name the trump level.
    Trump(Level),
    /// Give up the hand instead of naming trumps.
    Surrender,
    Whist,
    Play(Card),
}

/// Why a seat bids first, or was made declarer when everybody passed: public at the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Why {
    /// Holds the jack of spades.
    JackOfSpades,
    /// Holds the seven of spades, the jack being in the prikup.
    SevenOfSpades,
    /// The dealer's left (from deal 2 on; in deal 1 when both spades are in the prikup) or, for
    /// an all-pass declarer, the first bidder.
    Seat,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Auction,
    /// The declarer has taken the prikup and discards two cards.
    Discard,
    /// The declarer names trumps or surrenders.
    Trump,
    Whist,
    Play,
    Over,
}

/// One call of the auction: a bid, or a pass (`bid: null`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Call {
    pub seat: Seat,
    pub bid: Option<Level>,
}

impl Blank for Call {
    const BLANK: Call = Call { seat: 0, bid: None };
}

/// The most calls an auction holds: each level bid once, and each seat's one pass.
const MAX_CALLS: usize = Level::ALL.len() + SEATS;

/// How a hand ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandEnd {
    Surrendered,
    /// Both opponents passed: no play.
    NoWhist,
    Played,
}

/// The result of a finished hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandResult {
    pub deal: u32,
    pub declarer: Seat,
    pub bid: Level,
    pub trump: Option<Level>,
    pub end: HandEnd,
    pub whist: [Option<bool>; SEATS],
    pub tricks: [u32; SEATS],
    /// What the hand gave each seat.
    pub points: [i64; SEATS],
    /// Seats whose score fell to −121 or below and was reset to 0.
    pub reset: Stack<Seat, SEATS>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A hand held the spades seven to queen without king or ace: the same dealer redeals.
    Redeal {
        seat: Seat,
    },
    Dealt {
        deal: u32,
        dealer: Seat,
        first_bidder: Seat,
        why: Why,
    },
    Bid {
        seat: Seat,
        level: Level,
    },
    Passed {
        seat: Seat,
    },
    /// The auction is over; the declarer takes the prikup.
    Declarer {
        seat: Seat,
        bid: Level,
        /// Set when everybody passed.
        forced: Option<Why>,
    },
    Discarded {
        seat: Seat,
    },
    Trump {
        seat: Seat,
        level: Level,
    },
    Surrendered {
        seat: Seat,
    },
    Whist {
        seat: Seat,
    },
    SitsOut {
        seat: Seat,
    },
    Played {
        seat: Seat,
        card: Card,
    },
    TrickWon {
        seat: Seat,
        plays: Vec<(Seat, Card)>,
    },
    HandScored {
        result: HandResult,
        scores: Vec<i64>,
    },
    GameOver {
        ranking: Vec<Vec<Seat>>,
        scores: Vec<i64>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paston {
    options: Options,
    source: DeckSource,
    deal: u32,
    dealer: Seat,
    first_bidder: Seat,
    first_why: Why,
    scores: Vec<i64>,
    hands: [CardSet; SEATS],
    prikup: CardSet,
    discards: CardSet,
    phase: Phase,
    /// The seat to act (unused once over).
    turn: Seat,
    calls: Stack<Call, MAX_CALLS>,
    passed: [bool; SEATS],
    /// The current highest bid.
    high: Option<(Seat, Level)>,
    declarer: Option<Seat>,
    /// The declarer's bid level (Paston for an all-pass declarer).
    bid: Option<Level>,
    forced: Option<Why>,
    trump: Option<Level>,
    whist: [Option<bool>; SEATS],
    trick: FixedTrick,
    won: TrickLog,
    /// Cards whose holder the table knows (who bids first and why): kept in place by
    /// determinization.
    pinned: CardSet,
    /// Redeals of the spades rule in the current deal.
    redeals: u32,
    last_hand: Option<HandResult>,
    ranking: Option<Vec<Vec<Seat>>>,
}

/// What a whister scores before the multiplier, from their own tricks.
pub fn whist_points(both_whist: bool, tricks: u32) -> i64 {
    let t = i64::from(tricks);
    if both_whist {
        match t {
            0 => -10,
            1 => -9,
            2 => 0,
            3 => 10,
            _ => 20 + 10 * (t - 4),
        }
    } else {
        match t {
            0 => -10,
            1 => -9,
            2 => -8,
            3 => -7,
            4 => 0,
            5 => 10,
            _ => 20 + 10 * (t - 6),
        }
    }
}

/// What a finished hand gives each seat (§4.2 "Scoring"). `level` is the declared trump level
/// (for a surrender, whatever was bid: it is not used).
pub fn hand_points(
    declarer: Seat,
    level: Level,
    end: HandEnd,
    whist: &[Option<bool>],
    tricks: &[u32],
) -> [i64; SEATS] {
    let m = level.multiplier();
    let mut points = [0; SEATS];
    match end {
        HandEnd::Surrendered => {
            for (s, p) in points.iter_mut().enumerate() {
                *p = if s == declarer { -10 } else { 2 };
            }
        }
        HandEnd::NoWhist => {
            points[declarer] = if level == Level::Grkha { 10 } else { 10 * m };
        }
        HandEnd::Played => {
            let made = tricks[declarer] >= 6;
            points[declarer] = match (made, level) {
                (true, Level::Grkha) => 10,
                (true, _) => 10 * m,
                (false, _) => -10 * m,
            };
            let whisters = whist.iter().filter(|w| **w == Some(true)).count();
            for (s, w) in whist.iter().enumerate() {
                if *w == Some(true) {
                    points[s] = whist_points(whisters == 2, tricks[s]) * m;
                }
            }
        }
    }
    points
}

/// The next deck of a deal: an explicit one as given; a shuffle is repeated while its bottom
/// card is the seven of spades.
fn draw_deck(source: &mut DeckSource) -> [Card; 32] {
    let explicit = source.has_explicit();
    let mut deck = source.next_deck_in_place(&DECK);
    if !explicit {
        while deck.last() == Some(&SEVEN_S) {
            deck = source.next_deck_in_place(&DECK);
        }
    }
    deck
}

/// Whether a ten-card hand forces a redeal: spades 7 to Q without K or A.
fn needs_redeal(hand: CardSet) -> bool {
    let run: CardSet = Rank::ALL
        .into_iter()
        .filter(|r| (Rank::Seven..=Rank::Queen).contains(r))
        .map(|r| Card::new(r, Suit::Spades))
        .collect();
    let tops = [Rank::King, Rank::Ace].map(|r| Card::new(r, Suit::Spades));
    run.is_subset(hand) && !tops.iter().any(|&c| hand.contains(c))
}

/// Why an action is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A bid below the next level: the bid stands at `high` (nothing yet: `None`).
    BidTooLow { high: Option<Level>, next: Level },
    /// A bid above the next level: bids go up one level at a time.
    OneStep { next: Level },
    /// Grkha has been bid: nothing is higher.
    GrkhaIsHighest,
    /// A bid once the auction is over.
    AuctionOver,
    /// A discard naming the same card twice.
    SameCardTwice,
    /// A card the seat does not hold (to discard or to play).
    NotHeld(Card),
    /// A discard by anyone but the declarer, or at another time.
    NotDiscardTime,
    /// Anything but a discard while the declarer discards.
    DiscardFirst,
    /// Grkha named as trumps without having been bid.
    GrkhaNotBid,
    /// Trumps below the bid level.
    BelowBid { bid: Level },
    /// Anything but trumps or a surrender while the declarer names trumps.
    NameTrumps,
    /// Trumps or a surrender by anyone but the declarer, or at another time.
    NotTrumpTime,
    /// Anything but whist or pass while an opponent answers.
    AnswerWhist,
    /// Whist by anyone but an opponent, or at another time.
    NotWhistTime,
    /// A card off the led suit while holding it.
    MustFollow { suit: Suit },
    /// A card that neither follows nor trumps while holding a trump.
    MustTrump { trump: Suit },
    /// Anything but a card in the play.
    PlayACard,
    /// A card played before the contract is settled.
    NotPlayTime,
    /// A pass outside the auction and the whist answers.
    NothingToPass,
}

/// A hidden zone, for determinization.
#[derive(Copy, Clone)]
enum Hidden {
    Hand(Seat),
    Prikup,
    Discards,
}

impl Paston {
    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn declarer(&self) -> Option<Seat> {
        self.declarer
    }

    pub fn first_bidder(&self) -> Seat {
        self.first_bidder
    }

    pub fn scores(&self) -> &[i64] {
        &self.scores
    }

    fn holder(&self, card: Card) -> Option<Seat> {
        (0..SEATS).find(|&s| self.hands[s].contains(card))
    }

    /// Whether a seat plays the current hand's tricks.
    fn plays(&self, seat: Seat) -> bool {
        self.declarer == Some(seat) || self.whist[seat] == Some(true)
    }

    fn trump_suit(&self) -> Option<Suit> {
        self.trump.map(Level::trump)
    }

    /// The level a bid must name now.
    fn next_level(&self) -> Option<Level> {
        match self.high {
            None => Some(Level::Paston),
            Some((_, l)) => l.next(),
        }
    }

    /// The trump levels the declarer may name.
    fn trump_levels(&self) -> impl Iterator<Item = Level> {
        let bid = self.bid.unwrap_or(Level::Paston);
        Level::ALL
            .into_iter()
            .filter(move |&l| l >= bid && (l != Level::Grkha || bid == Level::Grkha))
    }

    fn legal_plays(&self, seat: Seat) -> CardSet {
        follow_or_trump(self.hands[seat], self.trick.led(), self.trump_suit())
    }

    // ---- dealing ----------------------------------------------------------------------------

    /// Deals the current deal (number and dealer already set), redealing under the spades rule.
    fn deal_cards(&mut self, events: &mut Events<'_, Event>) {
        self.redeals = 0;
        loop {
            let deck = draw_deck(&mut self.source);
            let order: [Seat; SEATS] = std::array::from_fn(|i| (self.dealer + 1 + i) % SEATS);
            let mut cards = deck.into_iter();
            let mut hands = [CardSet::new(); SEATS];
            let deal_to = |set: &mut CardSet, cards: &mut std::array::IntoIter<Card, 32>| {
                for c in cards.by_ref().take(2) {
                    set.insert(c);
                }
            };
            for &s in &order {
                deal_to(&mut hands[s], &mut cards);
            }
            let mut prikup = CardSet::new();
            deal_to(&mut prikup, &mut cards);
            for _ in 0..4 {
                for &s in &order {
                    deal_to(&mut hands[s], &mut cards);
                }
            }
            self.hands = hands;
            self.prikup = prikup;
            match (0..SEATS).find(|&s| needs_redeal(self.hands[s])) {
                Some(seat) => {
                    self.redeals += 1;
                    events.tell(|| Event::Redeal { seat });
                }
                None => break,
            }
        }
        self.discards = CardSet::new();
        self.calls.clear();
        self.passed = [false; SEATS];
        self.high = None;
        self.declarer = None;
        self.bid = None;
        self.forced = None;
        self.trump = None;
        self.whist = [None; SEATS];
        self.won = TrickLog::new(SEATS);
        self.pinned = CardSet::new();
        let left = (self.dealer + 1) % SEATS;
        let (first, why) = if self.deal == 1 {
            let (seat, why) = self.spades_holder(left);
            self.pin(why);
            (seat, why)
        } else {
            (left, Why::Seat)
        };
        self.first_bidder = first;
        self.first_why = why;
        self.phase = Phase::Auction;
        self.turn = first;
        self.trick = FixedTrick::new(first);
        events.tell(|| Event::Dealt {
            deal: self.deal,
            dealer: self.dealer,
            first_bidder: first,
            why,
        });
    }

    /// The `JS` holder, else the `7S` holder, else `fallback`.
    fn spades_holder(&self, fallback: Seat) -> (Seat, Why) {
        if let Some(s) = self.holder(JS) {
            (s, Why::JackOfSpades)
        } else if let Some(s) = self.holder(SEVEN_S) {
            (s, Why::SevenOfSpades)
        } else {
            (fallback, Why::Seat)
        }
    }

    /// Records what the table learns from a "holds the jack / seven of spades" announcement.
    fn pin(&mut self, why: Why) {
        self.pinned.insert(JS);
        if why != Why::JackOfSpades {
            self.pinned.insert(SEVEN_S);
        }
    }

    fn next_deal(&mut self, events: &mut Events<'_, Event>) {
        self.dealer = if self.deal == 1 {
            self.first_bidder
        } else {
            (self.dealer + 1) % SEATS
        };
        self.deal += 1;
        self.deal_cards(events);
    }

    // ---- the auction ------------------------------------------------------------------------

    /// The seats still in the auction: how many, and the first of them.
    fn active(&self) -> (usize, Option<Seat>) {
        let mut still = (0..SEATS).filter(|&s| !self.passed[s]);
        let first = still.next();
        (usize::from(first.is_some()) + still.count(), first)
    }

    fn bid(&mut self, seat: Seat, level: Level, events: &mut Events<'_, Event>) {
        self.calls.push(Call {
            seat,
            bid: Some(level),
        });
        self.high = Some((seat, level));
        events.tell(|| Event::Bid { seat, level });
        if level == Level::Grkha || self.active() == (1, Some(seat)) {
            self.declare(seat, level, None, events);
        } else {
            self.turn = next_seat(seat, SEATS, |s| !self.passed[s]).unwrap_or(seat);
        }
    }

    fn auction_pass(&mut self, seat: Seat, events: &mut Events<'_, Event>) {
        self.calls.push(Call { seat, bid: None });
        self.passed[seat] = true;
        events.tell(|| Event::Passed { seat });
        match (self.active(), self.high) {
            ((0, _), _) => {
                let (declarer, why) = self.spades_holder(self.first_bidder);
                self.pin(why);
                self.declare(declarer, Level::Paston, Some(why), events);
            }
            ((1, Some(last)), Some((holder, level))) if last == holder => {
                self.declare(holder, level, None, events)
            }
            _ => self.turn = next_seat(seat, SEATS, |s| !self.passed[s]).unwrap_or(seat),
        }
    }

    fn declare(
        &mut self,
        seat: Seat,
        bid: Level,
        forced: Option<Why>,
        events: &mut Events<'_, Event>,
    ) {
        self.declarer = Some(seat);
        self.bid = Some(bid);
        self.forced = forced;
        events.tell(|| Event::Declarer { seat, bid, forced });
        let prikup = std::mem::take(&mut self.prikup);
        self.hands[seat] = self.hands[seat].union(prikup);
        self.phase = Phase::Discard;
        self.turn = seat;
    }

    // ---- contract, whist and play -------------------------------------------------------------

    fn discard(&mut self, seat: Seat, cards: [Card; 2], events: &mut Events<'_, Event>) {
        for c in cards {
            self.hands[seat].remove(c);
            self.discards.insert(c);
        }
        events.tell(|| Event::Discarded { seat });
        self.phase = Phase::Trump;
    }

    fn name_trump(&mut self, seat: Seat, level: Level, events: &mut Events<'_, Event>) {
        self.trump = Some(level);
        events.tell(|| Event::Trump { seat, level });
        self.phase = Phase::Whist;
        self.turn = (seat + 1) % SEATS;
    }

    fn answer_whist(&mut self, seat: Seat, whist: bool, events: &mut Events<'_, Event>) {
        self.whist[seat] = Some(whist);
        events.tell(|| {
            if whist {
                Event::Whist { seat }
            } else {
                Event::SitsOut { seat }
            }
        });
        let declarer = self.declarer.unwrap_or(seat);
        if seat == (declarer + 1) % SEATS {
            self.turn = (declarer + 2) % SEATS;
        } else if self.whist.contains(&Some(true)) {
            self.phase = Phase::Play;
            self.turn = declarer;
            self.trick = FixedTrick::new(declarer);
        } else {
            self.end_hand(HandEnd::NoWhist, events);
        }
    }

    fn play(&mut self, seat: Seat, card: Card, events: &mut Events<'_, Event>) {
        self.hands[seat].remove(card);
        events.tell(|| Event::Played { seat, card });
        // The trick among the declarer and the seats that whisted.
        let playing: [bool; SEATS] = std::array::from_fn(|s| self.plays(s));
        let trick = TrickPlay {
            trick: &mut self.trick,
            won: &mut self.won,
            turn: &mut self.turn,
            playing: &playing,
            trump: self.trump.map(Level::trump),
        };
        let Some((winner, done)) = trick.play(seat, card) else {
            return;
        };
        events.tell(|| Event::TrickWon {
            seat: winner,
            plays: done.plays.to_vec(),
        });
        if self.won.len() == 10 {
            self.end_hand(HandEnd::Played, events);
        }
    }

    /// Scores the hand, resets low scores, ends the match or deals the next hand.
    fn end_hand(&mut self, end: HandEnd, events: &mut Events<'_, Event>) {
        let declarer = self.declarer.unwrap_or(0);
        let bid = self.bid.unwrap_or(Level::Paston);
        let points = hand_points(
            declarer,
            self.trump.unwrap_or(bid),
            end,
            &self.whist,
            &self.won.counts,
        );
        let mut reset = Stack::new();
        for (s, (score, p)) in self.scores.iter_mut().zip(&points).enumerate() {
            *score += p;
            if *score <= RESET_AT {
                *score = 0;
                reset.push(s);
            }
        }
        let result = HandResult {
            deal: self.deal,
            declarer,
            bid,
            trump: self.trump,
            end,
            whist: self.whist,
            tricks: std::array::from_fn(|s| self.won.counts[s]),
            points,
            reset,
        };
        events.tell(|| Event::HandScored {
            result: result.clone(),
            scores: self.scores.clone(),
        });
        self.last_hand = Some(result);
        if self.scores.iter().any(|&s| s >= TARGET) {
            let ranking = rank_by_score(&self.scores);
            events.tell(|| Event::GameOver {
                ranking: ranking.clone(),
                scores: self.scores.clone(),
            });
            self.ranking = Some(ranking);
            self.phase = Phase::Over;
        } else {
            self.next_deal(events);
        }
    }

    // ---- determinization -----------------------------------------------------------------------

    /// Per seat, the suits (bits by suit index) the seat has shown to be void in this hand:
    /// not following the led suit, and then not trumping either.
    fn voids(&self) -> [u8; SEATS] {
        let mut voids = [0u8; SEATS];
        let trump = self.trump_suit();
        let current = (self.trick.leader, &self.trick.plays[..]);
        for (_, plays) in self.won.iter().chain(std::iter::once(current)) {
            let Some(&(_, led)) = plays.first() else {
                continue;
            };
            for &(s, c) in &plays[1..] {
                if c.suit() != led.suit() {
                    voids[s] |= suit_bit(led.suit());
                    if let Some(t) = trump.filter(|&t| t != c.suit()) {
                        voids[s] |= suit_bit(t);
                    }
                }
            }
        }
        voids
    }

    fn hidden_cards(&self, zone: Hidden) -> CardSet {
        match zone {
            Hidden::Hand(s) => self.hands[s],
            Hidden::Prikup => self.prikup,
            Hidden::Discards => self.discards,
        }
    }

    fn hidden_cards_mut(&mut self, zone: Hidden) -> &mut CardSet {
        match zone {
            Hidden::Hand(s) => &mut self.hands[s],
            Hidden::Prikup => &mut self.prikup,
            Hidden::Discards => &mut self.discards,
        }
    }
}

/// What an observer sees of a Paston table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// The observer's own hand (empty for the public).
    pub hand: Vec<Card>,
    pub observer: Observer,
    pub deal: u32,
    pub dealer: Seat,
    pub first_bidder: Seat,
    pub first_why: Why,
    /// Match scores per seat.
    pub scores: Vec<i64>,
    pub phase: Phase,
    pub to_act: Option<Seat>,
    /// Spades-rule redeals before this deal.
    pub redeals: u32,
    pub calls: Vec<Call>,
    pub high: Option<(Seat, Level)>,
    pub declarer: Option<Seat>,
    pub bid: Option<Level>,
    pub forced: Option<Why>,
    pub trump: Option<Level>,
    pub whist: Vec<Option<bool>>,
    /// Cards in the prikup (2 until the declarer takes it).
    pub prikup: usize,
    /// The declarer's discards: in the declarer's own view only.
    pub discards: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    /// The current trick in play order.
    pub trick: Vec<(Seat, Card)>,
    pub trick_number: usize,
    pub last_trick: Option<LastTrick>,
    pub tricks: Vec<u32>,
    pub last_hand: Option<HandResult>,
    pub ranking: Option<Vec<Vec<Seat>>>,
}

impl Game for Paston {
    crate::game_head! {
        id: "paston", aliases: [], seats: (3, 3), seed: 5;
        arena_seats: 3, replay_seats: 3, people: 3, computers: 0, load_people: 3;
        picture seats: 3, options: "", moves: 9, hand: 2
    }
    const DUPLICATE: bool = true;

    fn new(options: Options, _seats: usize, setup: Setup) -> Result<Self, SetupError> {
        let (source, dealer) = DeckSource::new(setup, &deck(), SEATS)?;
        let mut game = Paston {
            options,
            source,
            deal: 1,
            dealer,
            first_bidder: (dealer + 1) % SEATS,
            first_why: Why::Seat,
            scores: vec![0; SEATS],
            hands: [CardSet::new(); SEATS],
            prikup: CardSet::new(),
            discards: CardSet::new(),
            phase: Phase::Auction,
            turn: 0,
            calls: Stack::new(),
            passed: [false; SEATS],
            high: None,
            declarer: None,
            bid: None,
            forced: None,
            trump: None,
            whist: [None; SEATS],
            trick: FixedTrick::new(0),
            won: TrickLog::new(SEATS),
            pinned: CardSet::new(),
            redeals: 0,
            last_hand: None,
            ranking: None,
        };
        game.deal_cards(&mut Events::quiet());
        Ok(game)
    }

    crate::game_accessors!(
        seats: |_| SEATS, over: |g| g.phase == Phase::Over,
        deal: |g| g.deal, turn: turn
    );

    fn legal_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.is_over() || seat != self.turn {
            return;
        }
        match self.phase {
            Phase::Auction => {
                out.push(Action::Pass);
                out.extend(self.next_level().map(Action::Bid));
            }
            Phase::Discard => {
                let hand = self.hands[seat];
                for (i, a) in hand.iter().enumerate() {
                    out.extend(hand.iter().skip(i + 1).map(|b| Action::Discard([a, b])));
                }
            }
            Phase::Trump => {
                out.extend(self.trump_levels().map(Action::Trump));
                out.push(Action::Surrender);
            }
            Phase::Whist => out.extend([Action::Whist, Action::Pass]),
            Phase::Play => out.extend(self.legal_plays(seat).iter().map(Action::Play)),
            Phase::Over => {}
        }
    }

    fn normalize(&self, _seat: Seat, action: &Action) -> Action {
        match *action {
            Action::Discard([a, b]) if b < a => Action::Discard([b, a]),
            _ => action.clone(),
        }
    }

    fn card_play(card: Card) -> Option<Action> {
        Some(Action::Play(card))
    }

    fn refusal(&self, seat: Seat, action: &Action) -> Refusal {
        let hand = self.hands[seat];
        match (self.phase, action) {
            (Phase::Auction, Action::Bid(level)) => match self.next_level() {
                Some(next) if *level < next => Refusal::BidTooLow {
                    high: self.high.map(|(_, l)| l),
                    next,
                },
                Some(next) => Refusal::OneStep { next },
                // Grkha ends the auction at once, so this is never reached.
                None => Refusal::GrkhaIsHighest,
            },
            (_, Action::Bid(_)) => Refusal::AuctionOver,
            (Phase::Discard, Action::Discard([a, b])) => {
                if a == b {
                    Refusal::SameCardTwice
                } else {
                    Refusal::NotHeld(if hand.contains(*a) { *b } else { *a })
                }
            }
            (_, Action::Discard(_)) => Refusal::NotDiscardTime,
            (Phase::Discard, _) => Refusal::DiscardFirst,
            (Phase::Trump, Action::Trump(Level::Grkha)) => Refusal::GrkhaNotBid,
            (Phase::Trump, Action::Trump(_)) => Refusal::BelowBid {
                bid: self.bid.unwrap_or(Level::Paston),
            },
            (Phase::Trump, _) => Refusal::NameTrumps,
            (_, Action::Trump(_) | Action::Surrender) => Refusal::NotTrumpTime,
            (Phase::Whist, _) => Refusal::AnswerWhist,
            (_, Action::Whist) => Refusal::NotWhistTime,
            (Phase::Play, Action::Play(card)) => {
                if !hand.contains(*card) {
                    return Refusal::NotHeld(*card);
                }
                match (self.trick.led().map(Card::suit), self.trump_suit()) {
                    (Some(suit), _) if hand.iter().any(|c| c.suit() == suit) => {
                        Refusal::MustFollow { suit }
                    }
                    (_, Some(trump)) => Refusal::MustTrump { trump },
                    // Trumps are always named before the play: never reached.
                    (_, None) => Refusal::PlayACard,
                }
            }
            (Phase::Play, _) => Refusal::PlayACard,
            (_, Action::Play(_)) => Refusal::NotPlayTime,
            (_, Action::Pass) => Refusal::NothingToPass,
        }
    }

    fn advance(&mut self, seat: Seat, action: &Action, events: &mut Events<'_, Event>) {
        match *action {
            Action::Pass if self.phase == Phase::Auction => self.auction_pass(seat, events),
            Action::Pass => self.answer_whist(seat, false, events),
            Action::Whist => self.answer_whist(seat, true, events),
            Action::Bid(level) => self.bid(seat, level, events),
            Action::Discard(cards) => self.discard(seat, cards, events),
            Action::Trump(level) => self.name_trump(seat, level, events),
            Action::Surrender => {
                events.tell(|| Event::Surrendered { seat });
                self.end_hand(HandEnd::Surrendered, events);
            }
            Action::Play(card) => self.play(seat, card, events),
        }
    }

    fn view(&self, observer: Observer) -> View {
        let own = match observer {
            Observer::Seat(s) if s < SEATS => Some(s),
            _ => None,
        };
        let declarer_sees = own.is_some() && own == self.declarer;
        View {
            hand: own.map(|s| self.hands[s].to_vec()).unwrap_or_default(),
            observer,
            deal: self.deal,
            dealer: self.dealer,
            first_bidder: self.first_bidder,
            first_why: self.first_why,
            scores: self.scores.clone(),
            phase: self.phase,
            to_act: (!self.is_over()).then_some(self.turn),
            redeals: self.redeals,
            calls: self.calls.to_vec(),
            high: self.high,
            declarer: self.declarer,
            bid: self.bid,
            forced: self.forced,
            trump: self.trump,
            whist: self.whist.to_vec(),
            prikup: self.prikup.len(),
            discards: if declarer_sees {
                self.discards.to_vec()
            } else {
                Vec::new()
            },
            hand_sizes: self.hands.iter().map(|h| h.len()).collect(),
            trick: self.trick.plays.to_vec(),
            trick_number: self.won.len() + 1,
            last_trick: self.won.last_trick(),
            tricks: self.won.counts.to_vec(),
            last_hand: self.last_hand.clone(),
            ranking: self.ranking.clone(),
        }
    }

    fn status(&self) -> Status {
        Status::of(self, Some(self.scores.clone()), self.ranking.clone())
    }

    fn zones(&self) -> Vec<Zone> {
        let mut zones: Vec<Zone> = (0..SEATS)
            .map(|s| Zone::new(format!("hand {s}"), self.hands[s], Seen::Only(s)))
            .collect();
        zones.push(Zone::new("prikup", self.prikup, Seen::Nobody));
        let discards_seen = self.declarer.map_or(Seen::Nobody, Seen::Only);
        zones.push(Zone::new("discards", self.discards, discards_seen));
        zones.extend(trick_zones(&self.trick.to_trick(), &self.won.into()));
        zones
    }

    fn hands(&self) -> Vec<Vec<Card>> {
        self.hands.iter().map(|h| h.to_vec()).collect()
    }

    fn action_space(&self) -> Vec<Action> {
        let deck = deck();
        let mut all = vec![Action::Pass, Action::Surrender, Action::Whist];
        all.extend(Level::ALL.map(Action::Bid));
        all.extend(Level::ALL.map(Action::Trump));
        all.extend(deck.iter().map(|&c| Action::Play(c)));
        // A sample of discards: neighbours in card order (both spellings), same-rank pairs, and
        // the same card twice.
        for (i, &c) in deck.iter().enumerate() {
            let next = deck[(i + 1) % deck.len()];
            let other_suit = deck[(i + 8) % deck.len()];
            all.push(Action::Discard([c, next]));
            all.push(Action::Discard([next, c]));
            all.push(Action::Discard([c, other_suit]));
        }
        all.push(Action::Discard([deck[0], deck[0]]));
        all
    }

    fn determinize(&self, seat: Seat, rng: &mut dyn RngCore) -> Self {
        let mut game = self.clone();
        game.source.reseed(rng);
        let mut zones: Vec<Hidden> = (0..SEATS)
            .filter(|&s| s != seat)
            .map(Hidden::Hand)
            .collect();
        if !self.prikup.is_empty() {
            zones.push(Hidden::Prikup);
        }
        if self.declarer.is_some_and(|d| d != seat) && !self.discards.is_empty() {
            zones.push(Hidden::Discards);
        }
        // An announced spade stays where it is, except that one the declarer holds is only
        // known to be in the declarer's hand or discards once they discarded.
        let secret_discards = zones.iter().any(|z| matches!(z, Hidden::Discards));
        let declarers = |z: Hidden| match z {
            Hidden::Hand(s) => secret_discards && self.declarer == Some(s),
            Hidden::Discards => true,
            Hidden::Prikup => false,
        };
        let fixed: Vec<CardSet> = zones
            .iter()
            .map(|&z| {
                if declarers(z) {
                    CardSet::new()
                } else {
                    self.hidden_cards(z).intersection(self.pinned)
                }
            })
            .collect();
        let free: Vec<CardSet> = zones
            .iter()
            .zip(&fixed)
            .map(|(&z, fixed)| self.hidden_cards(z).difference(*fixed))
            .collect();
        let pool: Vec<Card> = free.iter().flat_map(|set| set.iter()).collect();
        let sizes: Vec<usize> = free.iter().map(|set| set.len()).collect();
        let voids = self.voids();
        let allowed = |c: Card, z: usize| {
            (!self.pinned.contains(c) || declarers(zones[z]))
                && match zones[z] {
                    Hidden::Hand(s) => voids[s] & suit_bit(c.suit()) == 0,
                    _ => true,
                }
        };
        // Should the known voids admit no deal in 40 tries, deal without them rather than keep
        // the real cards (which would let the choice depend on them).
        let deal = constrained_deal(&pool, &sizes, allowed, |_| true, rng).or_else(|| {
            constrained_deal(
                &pool,
                &sizes,
                |c, z| !self.pinned.contains(c) || declarers(zones[z]),
                |_| true,
                rng,
            )
        });
        if let Some(piles) = deal {
            for ((&zone, pile), fixed) in zones.iter().zip(piles).zip(fixed) {
                *game.hidden_cards_mut(zone) = fixed.union(pile.into_iter().collect());
            }
        }
        game
    }
}

#[cfg(test)]
mod tests;
