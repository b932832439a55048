//! Paston, exactly as `shared/rules/paston.md` §4.2: three players, the 32-card deck, a whole
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

use rand::seq::SliceRandom;
use rand::{Rng, RngCore};
use serde::{Deserialize, Serialize};

use super::tricks::{ace_high, follow_or_trump, next_seat, suit_beats, Trick, TricksWon};
use super::{seats_from, DeckSource, Game, Observer, Seat, Seen, Setup, SetupError, Status, Zone};
use crate::cards::{piquet32, Card, CardSet, Rank, Suit};

/// Paston has no options; the table's options object is `{}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {}

/// The score a match is played to.
pub const TARGET: i64 = 121;
/// A score at or below this is reset to 0.
pub const RESET_AT: i64 = -121;

const SEATS: usize = 3;
const JS: Card = Card::new(Rank::Jack, Suit::Spades);
const SEVEN_S: Card = Card::new(Rank::Seven, Suit::Spades);

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

    pub fn name(self) -> &'static str {
        match self {
            Level::Paston => "Paston",
            Level::Glitch => "Glitch",
            Level::Dineri => "Dineri",
            Level::Gupa => "Gupa",
            Level::Grkha => "Grkha",
        }
    }

    /// The name with its trump suit, e.g. "Dineri ♦".
    pub fn pretty(self) -> String {
        format!("{} {}", self.name(), self.trump().symbol())
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
    pub whist: Vec<Option<bool>>,
    pub tricks: Vec<u32>,
    /// What the hand gave each seat.
    pub points: Vec<i64>,
    /// Seats whose score fell to −121 or below and was reset to 0.
    pub reset: Vec<Seat>,
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
    hands: Vec<CardSet>,
    prikup: CardSet,
    discards: CardSet,
    phase: Phase,
    /// The seat to act (unused once over).
    turn: Seat,
    calls: Vec<Call>,
    passed: Vec<bool>,
    /// The current highest bid.
    high: Option<(Seat, Level)>,
    declarer: Option<Seat>,
    /// The declarer's bid level (Paston for an all-pass declarer).
    bid: Option<Level>,
    forced: Option<Why>,
    trump: Option<Level>,
    whist: Vec<Option<bool>>,
    trick: Trick,
    won: TricksWon,
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
) -> Vec<i64> {
    let m = level.multiplier();
    let mut points = vec![0; whist.len()];
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
fn draw_deck(source: &mut DeckSource) -> Vec<Card> {
    let full = piquet32();
    let explicit = source.has_explicit();
    let mut deck = source.next_deck(&full);
    if !explicit {
        while deck.last() == Some(&SEVEN_S) {
            deck = source.next_deck(&full);
        }
    }
    deck
}

/// Whether a ten-card hand forces a redeal: spades 7 to Q without K or A.
fn needs_redeal(hand: CardSet) -> bool {
    let run: CardSet = [
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
    ]
    .into_iter()
    .map(|r| Card::new(r, Suit::Spades))
    .collect();
    let tops = [Rank::King, Rank::Ace].map(|r| Card::new(r, Suit::Spades));
    run.is_subset(hand) && !tops.iter().any(|&c| hand.contains(c))
}

fn suit_bit(suit: Suit) -> u8 {
    1 << suit.index()
}

/// Deals `pool` at random into piles of the given sizes, each card only into a pile that
/// `allowed(card, pile)` accepts; `None` when a few random tries find no such deal. Most
/// constrained cards go first. (A private helper: the trick toolkit has no constrained redeal.)
fn constrained_deal(
    pool: &[Card],
    sizes: &[usize],
    allowed: impl Fn(Card, usize) -> bool,
    rng: &mut dyn RngCore,
) -> Option<Vec<Vec<Card>>> {
    const TRIES: usize = 40;
    // Sorted first: the result must depend only on which cards are hidden, never on where
    // they really are (a computer player must not peek).
    let mut order = pool.to_vec();
    order.sort_unstable();
    for _ in 0..TRIES {
        order.shuffle(rng);
        order.sort_by_key(|&c| (0..sizes.len()).filter(|&z| allowed(c, z)).count());
        let mut piles: Vec<Vec<Card>> = sizes.iter().map(|&n| Vec::with_capacity(n)).collect();
        let mut ok = true;
        for &c in &order {
            let room = |z: usize, piles: &[Vec<Card>]| {
                if allowed(c, z) {
                    sizes[z] - piles[z].len()
                } else {
                    0
                }
            };
            let total: usize = (0..sizes.len()).map(|z| room(z, &piles)).sum();
            if total == 0 {
                ok = false;
                break;
            }
            let mut pick = rng.random_range(0..total);
            for z in 0..sizes.len() {
                let r = room(z, &piles);
                if pick < r {
                    piles[z].push(c);
                    break;
                }
                pick -= r;
            }
        }
        if ok {
            return Some(piles);
        }
    }
    None
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
    fn trump_levels(&self) -> Vec<Level> {
        let bid = self.bid.unwrap_or(Level::Paston);
        Level::ALL
            .into_iter()
            .filter(|&l| l >= bid && (l != Level::Grkha || bid == Level::Grkha))
            .collect()
    }

    fn legal_plays(&self, seat: Seat) -> CardSet {
        follow_or_trump(self.hands[seat], self.trick.led(), self.trump_suit())
    }

    // ---- dealing ----------------------------------------------------------------------------

    /// Deals the current deal (number and dealer already set), redealing under the spades rule.
    fn deal_cards(&mut self, events: &mut Vec<Event>) {
        self.redeals = 0;
        loop {
            let deck = draw_deck(&mut self.source);
            let order = seats_from((self.dealer + 1) % SEATS, SEATS);
            let mut cards = deck.into_iter();
            let mut hands = vec![CardSet::new(); SEATS];
            let deal_to = |set: &mut CardSet, cards: &mut std::vec::IntoIter<Card>| {
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
                    events.push(Event::Redeal { seat });
                }
                None => break,
            }
        }
        self.discards = CardSet::new();
        self.calls.clear();
        self.passed = vec![false; SEATS];
        self.high = None;
        self.declarer = None;
        self.bid = None;
        self.forced = None;
        self.trump = None;
        self.whist = vec![None; SEATS];
        self.won = TricksWon::new(SEATS);
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
        self.trick = Trick::new(first);
        events.push(Event::Dealt {
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

    fn next_deal(&mut self, events: &mut Vec<Event>) {
        self.dealer = if self.deal == 1 {
            self.first_bidder
        } else {
            (self.dealer + 1) % SEATS
        };
        self.deal += 1;
        self.deal_cards(events);
    }

    // ---- the auction ------------------------------------------------------------------------

    fn active(&self) -> Vec<Seat> {
        (0..SEATS).filter(|&s| !self.passed[s]).collect()
    }

    fn bid(&mut self, seat: Seat, level: Level, events: &mut Vec<Event>) {
        self.calls.push(Call {
            seat,
            bid: Some(level),
        });
        self.high = Some((seat, level));
        events.push(Event::Bid { seat, level });
        if level == Level::Grkha || self.active() == [seat] {
            self.declare(seat, level, None, events);
        } else {
            self.turn = next_seat(seat, SEATS, |s| !self.passed[s]).unwrap_or(seat);
        }
    }

    fn auction_pass(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.calls.push(Call { seat, bid: None });
        self.passed[seat] = true;
        events.push(Event::Passed { seat });
        let active = self.active();
        match (active.as_slice(), self.high) {
            ([], _) => {
                let (declarer, why) = self.spades_holder(self.first_bidder);
                self.pin(why);
                self.declare(declarer, Level::Paston, Some(why), events);
            }
            ([last], Some((holder, level))) if *last == holder => {
                self.declare(holder, level, None, events)
            }
            _ => self.turn = next_seat(seat, SEATS, |s| !self.passed[s]).unwrap_or(seat),
        }
    }

    fn declare(&mut self, seat: Seat, bid: Level, forced: Option<Why>, events: &mut Vec<Event>) {
        self.declarer = Some(seat);
        self.bid = Some(bid);
        self.forced = forced;
        events.push(Event::Declarer { seat, bid, forced });
        let prikup = std::mem::take(&mut self.prikup);
        self.hands[seat] = self.hands[seat].union(prikup);
        self.phase = Phase::Discard;
        self.turn = seat;
    }

    // ---- contract, whist and play -------------------------------------------------------------

    fn discard(&mut self, seat: Seat, cards: [Card; 2], events: &mut Vec<Event>) {
        for c in cards {
            self.hands[seat].remove(c);
            self.discards.insert(c);
        }
        events.push(Event::Discarded { seat });
        self.phase = Phase::Trump;
    }

    fn name_trump(&mut self, seat: Seat, level: Level, events: &mut Vec<Event>) {
        self.trump = Some(level);
        events.push(Event::Trump { seat, level });
        self.phase = Phase::Whist;
        self.turn = (seat + 1) % SEATS;
    }

    fn answer_whist(&mut self, seat: Seat, whist: bool, events: &mut Vec<Event>) {
        self.whist[seat] = Some(whist);
        events.push(if whist {
            Event::Whist { seat }
        } else {
            Event::SitsOut { seat }
        });
        let declarer = self.declarer.unwrap_or(seat);
        if seat == (declarer + 1) % SEATS {
            self.turn = (declarer + 2) % SEATS;
        } else if self.whist.contains(&Some(true)) {
            self.phase = Phase::Play;
            self.turn = declarer;
            self.trick = Trick::new(declarer);
        } else {
            self.end_hand(HandEnd::NoWhist, events);
        }
    }

    fn play(&mut self, seat: Seat, card: Card, events: &mut Vec<Event>) {
        self.hands[seat].remove(card);
        self.trick.play(seat, card);
        events.push(Event::Played { seat, card });
        let players = (0..SEATS).filter(|&s| self.plays(s)).count();
        if self.trick.len() < players {
            self.turn = next_seat(seat, SEATS, |s| self.plays(s)).unwrap_or(seat);
            return;
        }
        let trump = self.trump_suit();
        let (winner, _) = self
            .trick
            .winning(|c, w, led| suit_beats(c, w, led, trump, ace_high))
            .unwrap_or((seat, card));
        self.won.record(winner, &self.trick);
        events.push(Event::TrickWon {
            seat: winner,
            plays: self.trick.plays.clone(),
        });
        self.trick = Trick::new(winner);
        self.turn = winner;
        if self.won.history.len() == 10 {
            self.end_hand(HandEnd::Played, events);
        }
    }

    /// Scores the hand, resets low scores, ends the match or deals the next hand.
    fn end_hand(&mut self, end: HandEnd, events: &mut Vec<Event>) {
        let declarer = self.declarer.unwrap_or(0);
        let bid = self.bid.unwrap_or(Level::Paston);
        let points = hand_points(
            declarer,
            self.trump.unwrap_or(bid),
            end,
            &self.whist,
            &self.won.counts,
        );
        let mut reset = Vec::new();
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
            whist: self.whist.clone(),
            tricks: self.won.counts.clone(),
            points,
            reset,
        };
        events.push(Event::HandScored {
            result: result.clone(),
            scores: self.scores.clone(),
        });
        self.last_hand = Some(result);
        if self.scores.iter().any(|&s| s >= TARGET) {
            let ranking = rank_by_score(&self.scores);
            events.push(Event::GameOver {
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
    fn voids(&self) -> Vec<u8> {
        let mut voids = vec![0u8; SEATS];
        let trump = self.trump_suit();
        let current = (self.trick.leader, self.trick.plays.clone());
        for (_, plays) in self.won.history.iter().chain(std::iter::once(&current)) {
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

/// Seats from the highest score to the lowest, equal scores sharing a place.
fn rank_by_score(scores: &[i64]) -> Vec<Vec<Seat>> {
    let mut seats: Vec<Seat> = (0..scores.len()).collect();
    seats.sort_by_key(|&s| std::cmp::Reverse(scores[s]));
    let mut ranking: Vec<Vec<Seat>> = Vec::new();
    for s in seats {
        match ranking.last_mut() {
            Some(group) if scores[group[0]] == scores[s] => group.push(s),
            _ => ranking.push(vec![s]),
        }
    }
    ranking
}

/// The last completed trick, shown until the next one is complete.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastTrick {
    pub winner: Seat,
    pub plays: Vec<(Seat, Card)>,
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

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("Seat {seat}"))
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else if n < 0 {
        format!("−{}", -n)
    } else {
        "0".into()
    }
}

fn plays_text(plays: &[(Seat, Card)], names: &[String]) -> String {
    plays
        .iter()
        .map(|&(s, c)| format!("{} {}", name(names, s), c.pretty()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn hand_result_text(r: &HandResult, names: &[String]) -> String {
    let who = name(names, r.declarer);
    let what = match r.end {
        HandEnd::Surrendered => format!("{who} surrendered (bid {})", r.bid.name()),
        HandEnd::NoWhist => format!(
            "{who} declared {}; both opponents passed",
            r.trump.unwrap_or(r.bid).pretty()
        ),
        HandEnd::Played => format!(
            "{who} declared {} and took {} tricks",
            r.trump.unwrap_or(r.bid).pretty(),
            r.tricks[r.declarer]
        ),
    };
    let points: Vec<String> = r
        .points
        .iter()
        .enumerate()
        .map(|(s, &p)| format!("{} {}", name(names, s), signed(p)))
        .collect();
    let mut text = format!(
        "Last hand (deal {}): {what} — {}",
        r.deal,
        points.join(", ")
    );
    for &s in &r.reset {
        text.push_str(&format!(
            "; {} fell to −121 or below: reset to 0",
            name(names, s)
        ));
    }
    text
}

fn describe(view: &View, names: &[String]) -> String {
    let seats = view.scores.len();
    let mut lines = Vec::new();
    let scores: Vec<String> = (0..seats)
        .map(|s| format!("{} {}", name(names, s), view.scores[s]))
        .collect();
    lines.push(format!(
        "Paston · deal {} · dealer {} · match score (first to {TARGET}): {}",
        view.deal,
        name(names, view.dealer),
        scores.join(" · ")
    ));
    if let Some(ranking) = &view.ranking {
        let winners: Vec<String> = ranking[0].iter().map(|&s| name(names, s)).collect();
        lines.push(format!("Game over: {} won.", winners.join(" and ")));
        if let Some(r) = &view.last_hand {
            lines.push(hand_result_text(r, names));
        }
        return lines.join("\n");
    }
    if view.redeals > 0 {
        lines.push(format!(
            "Redealt {}× (a hand held the spades 7 to Q without K or A).",
            view.redeals
        ));
    }
    let why = match view.first_why {
        Why::JackOfSpades => " (holds J♠)",
        Why::SevenOfSpades => " (holds 7♠; J♠ is in the prikup)",
        Why::Seat => "",
    };
    let turn = view.to_act.map(|s| name(names, s)).unwrap_or_default();
    if view.phase == Phase::Auction {
        lines.push(format!(
            "{} bids first{why}.",
            name(names, view.first_bidder)
        ));
        let calls: Vec<String> = view
            .calls
            .iter()
            .map(|c| {
                let call = c.bid.map_or("pass".to_string(), |l| l.pretty());
                format!("{} {call}", name(names, c.seat))
            })
            .collect();
        let next = match view.high {
            None => Level::Paston,
            Some((_, l)) => l.next().unwrap_or(Level::Grkha),
        };
        lines.push(format!(
            "Auction: {} — {turn} to speak: pass or bid {}.",
            if calls.is_empty() {
                "no calls yet".to_string()
            } else {
                calls.join(", ")
            },
            next.pretty()
        ));
    }
    if let (Some(d), Some(bid)) = (view.declarer, view.bid) {
        let who = name(names, d);
        let how = match view.forced {
            Some(Why::JackOfSpades) => " (everybody passed; holds J♠)".to_string(),
            Some(Why::SevenOfSpades) => " (everybody passed; holds 7♠)".to_string(),
            Some(Why::Seat) => " (everybody passed; first bidder)".to_string(),
            None => format!(", bid {}", bid.pretty()),
        };
        match (view.phase, view.trump) {
            (Phase::Discard, _) => lines.push(format!(
                "{who} is declarer{how}, has taken the prikup and discards two cards."
            )),
            (Phase::Trump, _) => lines.push(format!(
                "{who} is declarer{how} and names trumps ({} or higher) or surrenders.",
                bid.name()
            )),
            (_, Some(level)) => {
                let mut text = format!(
                    "Contract: {who} declares {} (×{}), needs 6 tricks.",
                    level.pretty(),
                    level.multiplier()
                );
                let answers: Vec<String> = (0..seats)
                    .filter_map(|s| {
                        view.whist[s].map(|w| {
                            format!("{} {}", name(names, s), if w { "whist" } else { "passes" })
                        })
                    })
                    .collect();
                if !answers.is_empty() {
                    text.push_str(&format!(" {}.", answers.join(", ")));
                }
                lines.push(text);
                if view.phase == Phase::Whist {
                    lines.push(format!("{turn} to answer: whist or pass."));
                }
            }
            _ => {}
        }
    }
    if view.phase == Phase::Play {
        let tricks: Vec<String> = (0..seats)
            .filter(|&s| view.declarer == Some(s) || view.whist[s] == Some(true))
            .map(|s| format!("{} {}", name(names, s), view.tricks[s]))
            .collect();
        lines.push(format!("Tricks: {}", tricks.join(" · ")));
        if let Some(last) = &view.last_trick {
            lines.push(format!(
                "Last trick: {} — won by {}",
                plays_text(&last.plays, names),
                name(names, last.winner)
            ));
        }
        let now = if view.trick.is_empty() {
            format!("{turn} to lead.")
        } else {
            format!("{} — {turn} to play.", plays_text(&view.trick, names))
        };
        lines.push(format!("Trick {}: {now}", view.trick_number));
    }
    if !view.hand.is_empty() {
        let hand: Vec<String> = view.hand.iter().map(|c| c.pretty()).collect();
        lines.push(format!("Your hand: {}", hand.join(" ")));
    }
    if !view.discards.is_empty() {
        let d: Vec<String> = view.discards.iter().map(|c| c.pretty()).collect();
        lines.push(format!("Your discards: {}", d.join(" ")));
    }
    if let Some(r) = &view.last_hand {
        lines.push(hand_result_text(r, names));
    }
    lines.join("\n")
}

impl Game for Paston {
    type Options = Options;
    type Action = Action;
    type Event = Event;
    type View = View;

    const ID: &'static str = "paston";
    const ALIASES: &'static [&'static str] = &[];
    const NAME: &'static str = "Paston";
    const SEATS: (usize, usize) = (3, 3);
    const SUMMARY: &'static str = "An Armenian relative of Preference for three, with 32 cards. \
        Bid up one step at a time — Paston ♠, Glitch ♣, Dineri ♦, Gupa ♥, Grkha (best ♠) — or \
        pass for good. The declarer takes the two-card prikup, discards two, names trumps at the \
        bid level or higher (or surrenders) and must win 6 of 10 tricks. Each opponent whists \
        (plays against the declarer for tricks of their own) or sits out. Higher suits multiply \
        the scores; first to 121 wins, and a score that falls to −121 starts again from 0.";

    fn configurations() -> Vec<(Options, usize)> {
        vec![(Options::default(), SEATS)]
    }

    fn new(options: Options, seats: usize, setup: Setup) -> Result<Self, SetupError> {
        if seats != SEATS {
            return Err(SetupError::Seats {
                game: Self::NAME,
                got: seats,
                allowed: "3".into(),
            });
        }
        let (source, dealer) = DeckSource::new(setup, &piquet32(), SEATS)?;
        let mut game = Paston {
            options,
            source,
            deal: 1,
            dealer,
            first_bidder: (dealer + 1) % SEATS,
            first_why: Why::Seat,
            scores: vec![0; SEATS],
            hands: vec![CardSet::new(); SEATS],
            prikup: CardSet::new(),
            discards: CardSet::new(),
            phase: Phase::Auction,
            turn: 0,
            calls: Vec::new(),
            passed: vec![false; SEATS],
            high: None,
            declarer: None,
            bid: None,
            forced: None,
            trump: None,
            whist: vec![None; SEATS],
            trick: Trick::new(0),
            won: TricksWon::new(SEATS),
            pinned: CardSet::new(),
            redeals: 0,
            last_hand: None,
            ranking: None,
        };
        game.deal_cards(&mut Vec::new());
        Ok(game)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn seats(&self) -> usize {
        SEATS
    }

    fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    fn to_act(&self) -> Vec<Seat> {
        if self.is_over() {
            Vec::new()
        } else {
            vec![self.turn]
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.is_over() || seat != self.turn {
            return Vec::new();
        }
        match self.phase {
            Phase::Auction => {
                let mut actions = vec![Action::Pass];
                actions.extend(self.next_level().map(Action::Bid));
                actions
            }
            Phase::Discard => {
                let cards = self.hands[seat].to_vec();
                let mut actions = Vec::with_capacity(66);
                for (i, &a) in cards.iter().enumerate() {
                    for &b in &cards[i + 1..] {
                        actions.push(Action::Discard([a, b]));
                    }
                }
                actions
            }
            Phase::Trump => {
                let mut actions: Vec<Action> =
                    self.trump_levels().into_iter().map(Action::Trump).collect();
                actions.push(Action::Surrender);
                actions
            }
            Phase::Whist => vec![Action::Whist, Action::Pass],
            Phase::Play => self.legal_plays(seat).iter().map(Action::Play).collect(),
            Phase::Over => Vec::new(),
        }
    }

    fn normalize(&self, _seat: Seat, action: &Action) -> Action {
        match *action {
            Action::Discard([a, b]) if b < a => Action::Discard([b, a]),
            _ => action.clone(),
        }
    }

    fn illegal_reason(&self, seat: Seat, action: &Action) -> String {
        let hand = self.hands[seat];
        match (self.phase, action) {
            (Phase::Auction, Action::Bid(level)) => match self.next_level() {
                Some(next) if *level < next => format!(
                    "The bid stands at {}: bid {} or pass.",
                    self.high.map_or("nothing", |(_, l)| l.name()),
                    next.name()
                ),
                Some(next) => format!(
                    "Bids go up one level at a time: the next bid is {}.",
                    next.name()
                ),
                None => "Grkha is the highest bid.".into(),
            },
            (_, Action::Bid(_)) => "The auction is over.".into(),
            (Phase::Discard, Action::Discard([a, b])) => {
                if a == b {
                    "Choose two different cards to discard.".into()
                } else {
                    let missing = if hand.contains(*a) { b } else { a };
                    format!("You do not hold {}.", missing.pretty())
                }
            }
            (_, Action::Discard(_)) => {
                "Only the declarer discards, right after taking the prikup.".into()
            }
            (Phase::Discard, _) => {
                "Discard two cards first (the prikup is now in your hand).".into()
            }
            (Phase::Trump, Action::Trump(Level::Grkha)) => {
                "You may name Grkha only if you bid it.".into()
            }
            (Phase::Trump, Action::Trump(_)) => {
                let bid = self.bid.unwrap_or(Level::Paston);
                format!(
                    "You bid {}: name {} or a higher suit.",
                    bid.name(),
                    bid.name()
                )
            }
            (Phase::Trump, _) => "Name trumps or surrender.".into(),
            (_, Action::Trump(_) | Action::Surrender) => {
                "Only the declarer names trumps or surrenders, after discarding.".into()
            }
            (Phase::Whist, _) => "Answer whist or pass.".into(),
            (_, Action::Whist) => {
                "Whist is answered by the declarer's opponents once trumps are named.".into()
            }
            (Phase::Play, Action::Play(card)) => {
                if !hand.contains(*card) {
                    return format!("You do not hold {}.", card.pretty());
                }
                let led = self.trick.led().map(Card::suit);
                let trump = self.trump_suit();
                match led {
                    Some(l) if hand.iter().any(|c| c.suit() == l) => {
                        format!("You must follow suit: play a {}.", l.symbol())
                    }
                    _ => format!(
                        "You cannot follow suit, so you must trump: play a {}.",
                        trump.map_or(' ', Suit::symbol)
                    ),
                }
            }
            (Phase::Play, _) => "Play a card.".into(),
            (_, Action::Play(_)) => "Cards are played once the contract is settled.".into(),
            (_, Action::Pass) => "There is nothing to pass on now.".into(),
        }
    }

    fn apply_checked(&mut self, seat: Seat, action: &Action) -> Vec<Event> {
        let mut events = Vec::new();
        match *action {
            Action::Pass if self.phase == Phase::Auction => self.auction_pass(seat, &mut events),
            Action::Pass => self.answer_whist(seat, false, &mut events),
            Action::Whist => self.answer_whist(seat, true, &mut events),
            Action::Bid(level) => self.bid(seat, level, &mut events),
            Action::Discard(cards) => self.discard(seat, cards, &mut events),
            Action::Trump(level) => self.name_trump(seat, level, &mut events),
            Action::Surrender => {
                events.push(Event::Surrendered { seat });
                self.end_hand(HandEnd::Surrendered, &mut events);
            }
            Action::Play(card) => self.play(seat, card, &mut events),
        }
        events
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
            calls: self.calls.clone(),
            high: self.high,
            declarer: self.declarer,
            bid: self.bid,
            forced: self.forced,
            trump: self.trump,
            whist: self.whist.clone(),
            prikup: self.prikup.len(),
            discards: if declarer_sees {
                self.discards.to_vec()
            } else {
                Vec::new()
            },
            hand_sizes: self.hands.iter().map(|h| h.len()).collect(),
            trick: self.trick.plays.clone(),
            trick_number: self.won.history.len() + 1,
            last_trick: self.won.last().map(|(w, plays)| LastTrick {
                winner: *w,
                plays: plays.clone(),
            }),
            tricks: self.won.counts.clone(),
            last_hand: self.last_hand.clone(),
            ranking: self.ranking.clone(),
        }
    }

    fn status(&self) -> Status {
        Status {
            to_act: self.to_act(),
            over: self.is_over(),
            deal: self.deal,
            scores: Some(self.scores.clone()),
            ranking: self.ranking.clone(),
        }
    }

    fn describe(view: &View, names: &[String]) -> String {
        describe(view, names)
    }

    fn label(view: &View, action: &Action, _names: &[String]) -> String {
        match action {
            Action::Pass if view.phase == Phase::Whist => "Pass (sit out)".into(),
            Action::Pass => "Pass".into(),
            Action::Bid(level) => format!("Bid {}", level.pretty()),
            Action::Discard([a, b]) => format!("Discard {} and {}", a.pretty(), b.pretty()),
            Action::Trump(Level::Grkha) => "Trumps: Grkha ♠ (best spades, ×4)".into(),
            Action::Trump(level) => {
                format!("Trumps: {} (×{})", level.pretty(), level.multiplier())
            }
            Action::Surrender => "Surrender (−10, opponents +2)".into(),
            Action::Whist => "Whist".into(),
            Action::Play(card) => card.pretty(),
        }
    }

    fn group(_view: &View, action: &Action) -> Option<String> {
        match action {
            Action::Discard([a, _]) => Some(format!("Discard {} and…", a.pretty())),
            _ => None,
        }
    }

    /// The `normal` computer player: counted tricks for the auction, the discard, trumps and
    /// whist, the usual rules of thumb in play (see the `heuristic` module below).
    fn heuristic(view: &View, legal: &[Action], _rng: &mut dyn RngCore) -> usize {
        heuristic::choose(view, legal)
    }

    fn confirm(_view: &View, action: &Action) -> Option<String> {
        match action {
            Action::Surrender => {
                Some("Surrender? You lose 10 points and each opponent gets 2.".into())
            }
            _ => None,
        }
    }

    fn zones(&self) -> Vec<Zone> {
        let mut zones: Vec<Zone> = (0..SEATS)
            .map(|s| Zone::new(format!("hand {s}"), self.hands[s], Seen::Only(s)))
            .collect();
        zones.push(Zone::new("prikup", self.prikup, Seen::Nobody));
        let discards_seen = self.declarer.map_or(Seen::Nobody, Seen::Only);
        zones.push(Zone::new("discards", self.discards, discards_seen));
        zones.push(Zone::new("trick", self.trick.cards(), Seen::All));
        zones.push(Zone::new(
            "tricks won",
            self.won
                .history
                .iter()
                .flat_map(|(_, plays)| plays.iter().map(|&(_, c)| c)),
            Seen::All,
        ));
        zones
    }

    fn hands(&self) -> Vec<Vec<Card>> {
        self.hands.iter().map(|h| h.to_vec()).collect()
    }

    fn action_space(&self) -> Vec<Action> {
        let deck = piquet32();
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
        let deal = constrained_deal(&pool, &sizes, allowed, rng).or_else(|| {
            constrained_deal(
                &pool,
                &sizes,
                |c, z| !self.pinned.contains(c) || declarers(zones[z]),
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

/// The `normal` computer player (`Game::heuristic`): a rule of thumb computed from the seat's
/// view alone, with no search and no memory beyond what the view shows.
///
/// A hand is valued in expected tricks for a given trump suit. Within a suit a card is a winner
/// when the missing higher cards are no more than the holder's own cards above it (A; K Q;
/// Q J 10 once A and K are gone), half a winner when guarded once more (K x); side suits fade
/// from the second round on (ruffs), the fourth trump counts 0.7 and later trumps in full, and
/// short side suits add ruffs for the trumps not already counted as winners. The chance `p` of
/// six tricks is a logistic curve around an estimate of 6 (measured in self-play). From that:
/// - auction: bid the next level when the best trump that level still allows promises an
///   expected score `10·m·(2p−1)` above −5 (the unseen prikup counted as a trick: two cards in,
///   the two worst out; passing is not worth 0 either, since another player then declares);
///   Grkha (+10 / −40) only when it promises more than 0 (`p` above 0.8);
/// - discard: the pair whose removal leaves the best contract (low cards, voiding a short side
///   suit when that adds ruffs);
/// - trumps: the allowed level of best expected score; surrender only when even that is worse
///   than the surrender's −10;
/// - whist: by defensive tricks (side aces and guarded kings, trump honours and length): 2 to
///   whist first, 2.5 beside a whister (each needs 2), 4 to whist alone (the scoring table);
/// - play: the declarer draws trumps while holding the top trump; lead masters, then from the
///   longest side suit (the top of two touching honours, else low). Follow with the cheapest
///   card that wins when no opponent plays after; with an opponent still to play, the lowest
///   card equal to the highest winner (the lowest winning trump when ruffing), but second hand
///   low when the partner also plays after and no master wins; when the partner (the other
///   whister) holds the trick, duck with the cheapest card (low, from a short side suit, never a
///   trump or a master) unless the partner's card is at risk and a master or an honour can go
///   over it; duck as well when nothing wins. A card is a master when every higher card of its
///   suit is in sight (own hand, the trick, the last trick, own discards): the view keeps no
///   older tricks, so masters are counted conservatively.
mod heuristic {
    use super::{Action, Level, Phase, View};
    use crate::cards::{Card, CardSet, Rank, Suit};
    use crate::rules::tricks::{self, ace_high, rank_bits as ranks, suit_beats};
    use crate::rules::{Observer, Seat};

    /// The ranks of the piquet deck (7 to A) as bits by rank number.
    const DECK_RANKS: u16 = 0x7F80;
    /// Tricks the unseen prikup adds to a bidder's hand (two cards in, the two worst out).
    const PRIKUP: f32 = 1.0;
    /// The expected score a contract must promise before the auction bids for it.
    const BID_EV: f32 = -5.0;
    /// Defensive tricks needed to whist: first to answer, beside a whister, alone.
    const WHIST_FIRST: f32 = 2.0;
    const WHIST_BESIDE: f32 = 2.5;
    const WHIST_ALONE: f32 = 4.0;

    pub(super) fn choose(view: &View, legal: &[Action]) -> usize {
        let pick = match view.phase {
            Phase::Auction => auction(view, legal),
            Phase::Discard => discard(view, legal),
            Phase::Trump => trumps(view, legal),
            Phase::Whist => whist(view, legal),
            Phase::Play => play(view, legal),
            Phase::Over => None,
        };
        pick.unwrap_or(0).min(legal.len().saturating_sub(1))
    }

    fn index_of(legal: &[Action], action: &Action) -> Option<usize> {
        legal.iter().position(|a| a == action)
    }

    fn seat(view: &View) -> Option<Seat> {
        match view.observer {
            Observer::Seat(s) => Some(s),
            Observer::Public => None,
        }
    }

    fn hand_of(view: &View) -> CardSet {
        view.hand.iter().copied().collect()
    }

    /// Expected tricks from one suit held as `held` (rank bits).
    fn suit_tricks(held: u16, trump: bool) -> f32 {
        let n = held.count_ones() as usize;
        let (mut i, mut missing, mut total) = (0usize, 0usize, 0.0f32);
        for r in (7..=14).rev() {
            if held & (1 << r) == 0 {
                missing += 1;
                continue;
            }
            let mut w = if missing <= i {
                1.0
            } else if missing == i + 1 && n > missing {
                0.5
            } else {
                0.0
            };
            if trump {
                if i == 3 {
                    w = f32::max(w, 0.7);
                } else if i >= 4 {
                    w = 1.0;
                }
            } else {
                w *= [1.0, 0.85, 0.5, 0.25][i.min(3)];
            }
            total += w;
            i += 1;
        }
        total
    }

    /// Expected tricks of a declarer's hand with `trump` as trumps.
    fn tricks(hand: CardSet, trump: Suit) -> f32 {
        let mut total = 0.0;
        let mut short = 0.0;
        let mut trump_tricks = 0.0;
        let mut trumps = 0.0;
        for suit in Suit::ALL {
            let held = ranks(hand, suit);
            if suit == trump {
                trump_tricks = suit_tricks(held, true);
                trumps = held.count_ones() as f32;
            } else {
                total += suit_tricks(held, false);
                short += match held.count_ones() {
                    0 => 2.0,
                    1 => 1.0,
                    _ => 0.0,
                };
            }
        }
        let spare = f32::max(trumps - trump_tricks, 0.0);
        total + trump_tricks + 0.8 * f32::min(short, spare)
    }

    /// Expected tricks of a defender against a declarer with `trump` as trumps.
    fn defence(hand: CardSet, trump: Suit) -> f32 {
        let mut total = 0.0;
        for suit in Suit::ALL {
            let held = ranks(hand, suit);
            total += if suit == trump {
                suit_tricks(held, true)
            } else {
                0.85 * suit_tricks(held, false)
            };
        }
        total
    }

    /// The chance that a declarer's hand valued at `tricks` takes six (centred on 6: the
    /// estimate runs a little high against whisting defenders).
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
            let t = tricks(hand, level.trump()) + bonus;
            let ev = contract_ev(t, level);
            if ev > best.0 {
                best = (ev, t);
            }
        }
        best
    }

    fn auction(view: &View, legal: &[Action]) -> Option<usize> {
        let pass = index_of(legal, &Action::Pass);
        let Some(level) = legal.iter().find_map(|a| match a {
            Action::Bid(l) => Some(*l),
            _ => None,
        }) else {
            return pass;
        };
        let (ev, _) = best_contract(hand_of(view), level, PRIKUP);
        // Grkha pays +10 and costs −40: only with a hand that makes it four times in five.
        let floor = if level == Level::Grkha { 0.0 } else { BID_EV };
        if ev > floor {
            index_of(legal, &Action::Bid(level))
        } else {
            pass
        }
    }

    fn discard(view: &View, legal: &[Action]) -> Option<usize> {
        let hand = hand_of(view);
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

    fn trumps(view: &View, legal: &[Action]) -> Option<usize> {
        let hand = hand_of(view);
        let mut best: Option<(f32, usize)> = None;
        for (i, action) in legal.iter().enumerate() {
            let value = match *action {
                Action::Trump(level) => contract_ev(tricks(hand, level.trump()), level),
                // −10, and each opponent +2.
                Action::Surrender => -12.0,
                _ => continue,
            };
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, i));
            }
        }
        best.map(|(_, i)| i)
    }

    fn whist(view: &View, legal: &[Action]) -> Option<usize> {
        let pass = index_of(legal, &Action::Pass);
        let (Some(me), Some(level)) = (seat(view), view.trump) else {
            return pass;
        };
        let other = (0..view.whist.len()).find(|&s| s != me && view.declarer != Some(s));
        let need = match other.and_then(|s| view.whist[s]) {
            None => WHIST_FIRST,
            Some(true) => WHIST_BESIDE,
            Some(false) => WHIST_ALONE,
        };
        if defence(hand_of(view), level.trump()) >= need {
            index_of(legal, &Action::Whist)
        } else {
            pass
        }
    }

    /// What the card play looks at.
    struct Table {
        hand: CardSet,
        trump: Option<Suit>,
        /// Cards whose place the seat knows: its hand, the trick, the last trick, its discards.
        known: CardSet,
        partner: Option<Seat>,
        /// Opponents still to play to the current trick after this seat.
        opponents_after: usize,
        /// The partner is still to play to the current trick after this seat.
        partner_after: bool,
        declarer: bool,
    }

    impl Table {
        fn is_trump(&self, c: Card) -> bool {
            Some(c.suit()) == self.trump
        }

        /// Every higher card of the suit is in sight.
        fn master(&self, c: Card) -> bool {
            tricks::is_master(DECK_RANKS, self.known, c)
        }

        /// The lowest card of the hand worth as much as `c` (`tricks::equal_low`).
        fn equal_low(&self, c: Card, keep: impl Fn(Card) -> bool) -> Card {
            tricks::equal_low(DECK_RANKS, self.hand, self.known, c, keep)
        }

        /// The card to throw away: low, not a trump, not a master, from a short suit.
        fn cheapest(&self, cards: CardSet) -> Option<Card> {
            cards.iter().min_by_key(|&c| {
                let len = ranks(self.hand, c.suit()).count_ones();
                u32::from(c.rank().number()) * 10
                    + len
                    + if self.is_trump(c) { 400 } else { 0 }
                    + if self.master(c) { 200 } else { 0 }
            })
        }

        fn lead(&self, cards: CardSet) -> Option<Card> {
            let high = |set: CardSet| set.iter().max_by_key(|c| c.rank());
            let low = |set: CardSet| set.iter().min_by_key(|c| c.rank());
            let trumps: CardSet = cards.iter().filter(|&c| self.is_trump(c)).collect();
            if self.declarer {
                if let Some(top) = high(trumps).filter(|&c| self.master(c)) {
                    return Some(self.equal_low(top, |_| true));
                }
            }
            let side = cards.difference(trumps);
            if let Some(m) = side
                .iter()
                .filter(|&c| self.master(c))
                .min_by_key(|c| c.rank())
            {
                return Some(m);
            }
            let suit_len = |s: Suit| ranks(side, s).count_ones();
            if let Some(suit) = Suit::ALL
                .into_iter()
                .filter(|&s| suit_len(s) > 0)
                .max_by_key(|&s| (suit_len(s), std::cmp::Reverse(s)))
            {
                let of: CardSet = side.iter().filter(|c| c.suit() == suit).collect();
                let top = high(of)?;
                let held = ranks(self.hand, suit);
                let second = top.rank().number() - 1;
                let touching = top.rank() >= Rank::Jack && second >= 7 && held & (1 << second) != 0;
                return if touching { Some(top) } else { low(of) };
            }
            // Only trumps left.
            let top = high(trumps)?;
            if self.master(top) {
                Some(self.equal_low(top, |_| true))
            } else {
                low(trumps)
            }
        }

        fn follow(&self, cards: CardSet, trick: &[(Seat, Card)]) -> Option<Card> {
            let led = trick.first()?.1;
            let beats = |a: Card, b: Card| suit_beats(a, b, led, self.trump, ace_high);
            let (wseat, wcard) =
                trick[1..]
                    .iter()
                    .fold(trick[0], |w, &p| if beats(p.1, w.1) { p } else { w });
            let winners: CardSet = cards.iter().filter(|&c| beats(c, wcard)).collect();
            let cost = |c: Card| (self.is_trump(c), c.rank());
            if Some(wseat) == self.partner {
                // The partner holds the trick: duck, unless an opponent still to play is likely
                // to beat a card that is not a master while this seat can go over it.
                let safe = self.opponents_after == 0 || self.master(wcard);
                let top = winners
                    .iter()
                    .filter(|c| c.suit() == led.suit())
                    .max_by_key(|c| c.rank());
                return match top {
                    Some(top) if !safe && (self.master(top) || top.rank() >= Rank::Jack) => {
                        Some(self.equal_low(top, |c| beats(c, wcard)))
                    }
                    _ => self.cheapest(cards),
                };
            }
            if winners.is_empty() {
                return self.cheapest(cards);
            }
            if self.opponents_after == 0 {
                return winners.iter().min_by_key(|&c| cost(c));
            }
            let top = winners.iter().max_by_key(|&c| cost(c))?;
            if self.is_trump(top) && led.suit() != top.suit() {
                // Ruffing: the lowest trump that wins.
                return winners.iter().min_by_key(|&c| cost(c));
            }
            if self.partner_after && !self.master(top) {
                return self.cheapest(cards);
            }
            Some(self.equal_low(top, |c| beats(c, wcard)))
        }
    }

    fn play(view: &View, legal: &[Action]) -> Option<usize> {
        let me = seat(view)?;
        let cards: CardSet = legal
            .iter()
            .filter_map(|a| match a {
                Action::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
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
        let mut known = hand_of(view);
        known = known.union(view.trick.iter().map(|&(_, c)| c).collect());
        if let Some(last) = &view.last_trick {
            known = known.union(last.plays.iter().map(|&(_, c)| c).collect());
        }
        known = known.union(view.discards.iter().copied().collect());
        let table = Table {
            hand: hand_of(view),
            trump: view.trump.map(Level::trump),
            known,
            partner,
            opponents_after,
            partner_after: partner.is_some_and(|p| !in_trick(p)),
            declarer,
        };
        let card = if view.trick.is_empty() {
            table.lead(cards)
        } else {
            table.follow(cards, &view.trick)
        }?;
        index_of(legal, &Action::Play(card))
    }
}

#[cfg(test)]
mod tests;
